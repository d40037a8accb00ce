"""A record's date is local to its zone, and each format writes its own: PokerStars in
Eastern time (``ET``), OHH in UTC (``start_date_utc``), PHH says the zone
(``time_zone``, ``time_zone_abbreviation``).  A date read in one is converted, not
relabelled, when written in another; a zone that cannot be converted is named as it is.
The expected times are worked out by hand from each zone's offset on that day."""

from __future__ import annotations

import dataclasses
import datetime

import pytest

from pokerroom.history.ohh import dumps_ohh, ohh_hand, parse_ohh, to_ohh
from pokerroom.history.pokerstars import played_date, stars_zone, to_pokerstars
from pokerroom.history.record import PlayedHand, to_phh
from pokerroom.history.replay import replay_phh
from pokerroom.history.starsread import parse_pokerstars
from pokerroom.history.starsreplay import replay_stars
from pokerroom.history.zones import EASTERN, moved, record_zone, zone_named
from stars_samples import CASH_NL

HEADER = CASH_NL.splitlines()[0]
DATED = "2021/09/19 10:12:37 CET [2021/09/19 4:12:37 ET]"


def stars(dated: str) -> PlayedHand:
    """The sample cash hand, its header dated ``dated``."""
    text = CASH_NL.replace(HEADER, HEADER.replace(DATED, dated), 1)
    (hand,) = parse_pokerstars(text)
    return replay_stars(hand).played


def first_line(played: PlayedHand) -> str:
    return to_pokerstars(played).splitlines()[0]


def dated(played: PlayedHand) -> str:
    return first_line(played).rsplit(" - ", 1)[1]


@pytest.mark.parametrize(("header", "written"), [
    # Central European time: summer (UTC+2) against New York's summer (UTC-4), 6 hours
    ("2021/09/19 10:12:37 CET", "2021/09/19 04:12:37 ET"),
    # winter (UTC+1) against winter (UTC-5): 6 hours again; and across midnight
    ("2024/01/15 03:00:00 CET", "2024/01/14 21:00:00 ET"),
    # New York has moved its clocks (03/10), Europe not yet (03/31): UTC+1 against UTC-4
    ("2024/03/20 12:00:00 CET", "2024/03/20 07:00:00 ET"),
    ("2024/05/01 20:15:00 UTC", "2024/05/01 16:15:00 ET"),
    ("2024/01/15 20:15:00 GMT", "2024/01/15 15:15:00 ET"),
    ("2024/07/01 12:00:00 MSK", "2024/07/01 05:00:00 ET"),  # UTC+3 against UTC-4
    ("2024/07/01 12:00:00 ET", "2024/07/01 12:00:00 ET"),
    ("2021/09/19 10:12:37 CET [2021/09/19 4:12:37 ET]", "2021/09/19 04:12:37 ET"),
    # a zone whose meaning is in doubt is not converted: named as it was
    ("2024/07/01 12:00:00 IST", "2024/07/01 12:00:00 IST"),
    ("2024/07/01 12:00:00 AEST", "2024/07/01 12:00:00 AEST"),
])  # fmt: skip
def test_a_pokerstars_date_in_any_zone_is_written_back_in_eastern_time(header: str,
                                                                        written: str) -> None:
    assert dated(stars(header)) == written


def test_the_zone_read_is_kept_in_the_phh_record() -> None:
    phh = to_phh(stars("2021/09/19 10:12:37 CET"))
    assert (phh.year, phh.month, phh.day, phh.time) == (2021, 9, 19, datetime.time(10, 12, 37))
    assert (phh.time_zone, phh.time_zone_abbreviation) == ("Europe/Paris", "CET")
    phh = to_phh(stars(DATED))  # Eastern time in brackets: that is the time kept
    assert (phh.time, phh.time_zone, phh.time_zone_abbreviation) == (
        datetime.time(4, 12, 37), EASTERN, "ET")
    phh = to_phh(stars("2024/07/01 12:00:00 IST"))
    assert (phh.time_zone, phh.time_zone_abbreviation) == (None, "IST")
    phh = to_phh(stars("2024/07/01 12:00:00"))  # no zone said: none recorded
    assert (phh.time, phh.time_zone, phh.time_zone_abbreviation) == (
        datetime.time(12), None, None)


def test_a_hand_read_back_from_its_phh_record_is_written_in_eastern_time_again() -> None:
    played = stars("2024/01/15 03:00:00 CET")
    again = replay_phh(to_phh(played)).played
    assert dated(again) == "2024/01/14 21:00:00 ET"


@pytest.mark.parametrize(("header", "utc"), [
    ("2024/05/01 16:15:00 ET", "2024-05-01T20:15:00Z"),  # summer: UTC-4
    ("2024/01/15 15:15:00 ET", "2024-01-15T20:15:00Z"),  # winter: UTC-5
    ("2024/11/03 01:30:00 ET", "2024-11-03T05:30:00Z"),  # 1:30 twice: the first, summer
    ("2021/09/19 10:12:37 CET", "2021-09-19T08:12:37Z"),
    ("2024/05/01 20:15:00 UTC", "2024-05-01T20:15:00Z"),
])  # fmt: skip
def test_ohh_is_dated_in_utc_whatever_zone_the_hand_was_read_in(header: str,
                                                                 utc: str) -> None:
    assert to_ohh(stars(header))["ohh"]["start_date_utc"] == utc


def test_an_ohh_hand_is_written_as_pokerstars_in_eastern_time_and_back_in_utc() -> None:
    data = to_ohh(stars("2024/01/15 15:15:00 ET"))
    data["ohh"]["start_date_utc"] = "2024-07-04T23:30:00Z"
    (read,) = parse_ohh(dumps_ohh([data]))
    assert isinstance(read, dict)
    played = replay_stars(ohh_hand(read)).played
    assert dated(played) == "2024/07/04 19:30:00 ET"  # summer: UTC-4
    assert to_ohh(played)["ohh"]["start_date_utc"] == "2024-07-04T23:30:00Z"
    phh = to_phh(played)
    assert (phh.time_zone, phh.time_zone_abbreviation) == ("UTC", "UTC")
    again = replay_stars(parse_pokerstars(to_pokerstars(played))[0]).played
    assert to_ohh(again)["ohh"]["start_date_utc"] == "2024-07-04T23:30:00Z"


def test_a_phh_record_in_an_iana_zone_is_converted_and_a_day_alone_is_not() -> None:
    played = stars("2024/07/01 12:00:00 ET")
    tokyo = dict(played.info, time_zone="Asia/Tokyo", time_zone_abbreviation="JST")
    at_tokyo = dataclasses.replace(played, info=tokyo)
    assert dated(at_tokyo) == "2024/06/30 23:00:00 ET"  # UTC+9 against UTC-4: 13 hours
    assert to_ohh(at_tokyo)["ohh"]["start_date_utc"] == "2024-07-01T03:00:00Z"
    no_time = {k: v for k, v in tokyo.items() if k != "time"}
    day_only = dataclasses.replace(played, info=no_time)  # no time of day: nothing to move
    assert played_date(day_only) == "2024/07/01 00:00:00"
    assert dated(day_only) == "2024/07/01 00:00:00 ET"


def test_a_zone_nobody_can_convert_is_written_as_named_never_as_eastern_time() -> None:
    played = stars("2024/07/01 12:00:00 ET")
    for info, zone in [
        ({"time_zone_abbreviation": "AEST"}, "AEST"),
        ({"time_zone": "Not/AZone", "time_zone_abbreviation": "XYZ"}, "XYZ"),
        ({"time_zone_abbreviation": "two words"}, "ET"),  # not a word a reader takes
        ({"time_zone_abbreviation": "CET"}, "ET"),  # converted: see above
        ({}, "ET"),
    ]:
        plain = {k: v for k, v in played.info.items() if not k.startswith("time_zone")}
        assert stars_zone(dataclasses.replace(played, info={**plain, **info})) == zone


def test_zone_names() -> None:
    assert [zone_named(n) for n in ("ET", "EST", "EDT", "UTC", "GMT", "CEST", "WET",
                                    "EEST", "MSK", "Asia/Tokyo", "UTC")] == [
        EASTERN, EASTERN, EASTERN, "UTC", "UTC", "Europe/Paris", "Europe/Lisbon",
        "Europe/Helsinki", "Europe/Moscow", "Asia/Tokyo", "UTC"]  # fmt: skip
    for unknown in ("", None, "IST", "BST", "CET5", "Mars/Base", "../etc", "EST5EDT"):
        assert zone_named(unknown) is None, unknown
    assert record_zone({"time_zone": "Mars/Base", "time_zone_abbreviation": "CET"}) \
        == "Europe/Paris"  # fmt: skip
    assert record_zone({"time_zone": "Asia/Tokyo", "time_zone_abbreviation": "CET"}) \
        == "Asia/Tokyo"  # fmt: skip
    assert record_zone({"time_zone": 9}) is None


@pytest.mark.parametrize(("moment", "source", "target", "expected"), [
    ((1, 1, 1, 0, 0, 0), "UTC", EASTERN, (1, 1, 1, 0, 0, 0)),  # none earlier written
    ((9999, 12, 31, 23, 0, 0), EASTERN, "UTC", (9999, 12, 31, 23, 59, 59)),  # none later
    ((9999, 12, 31, 18, 59, 59), EASTERN, "UTC", (9999, 12, 31, 23, 59, 59)),
    ((2024, 3, 10, 6, 59, 59), "UTC", EASTERN, (2024, 3, 10, 1, 59, 59)),
    ((2024, 3, 10, 7, 0, 0), "UTC", EASTERN, (2024, 3, 10, 3, 0, 0)),
])  # fmt: skip
def test_moments_are_moved_between_zones_to_the_edges_of_the_calendar(
    moment: tuple[int, int, int, int, int, int], source: str, target: str,
    expected: tuple[int, int, int, int, int, int],
) -> None:
    assert moved(moment, source, target) == expected
