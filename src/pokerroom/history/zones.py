"""The time zones of hand records: a record's date and time is local to its zone (PHH's
``time_zone``, an IANA name such as ``America/New_York``, or ``time_zone_abbreviation``,
such as ``ET``); each format writes its own zone (PokerStars: Eastern time; OHH: UTC), so
a date read in one zone is converted, not relabelled, when written in another.

>>> zone_named("CET"), zone_named("ET"), zone_named("XYZ")
('Europe/Paris', 'America/New_York', None)
>>> moved((2021, 9, 19, 10, 12, 37), "Europe/Paris", EASTERN)
(2021, 9, 19, 4, 12, 37)
>>> moved((2024, 1, 15, 20, 15, 0), "UTC", EASTERN)
(2024, 1, 15, 15, 15, 0)
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from typing import Any, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

__all__ = [
    "ABBREVIATIONS", "EASTERN", "UTC", "ZONE_WORD", "Moment", "moved", "record_zone",
    "zone_named",
]  # fmt: skip

Moment = tuple[int, int, int, int, int, int]
"""A date and time as records hold it: year, month, day, hour, minute, second."""

EASTERN: Final = "America/New_York"
"""US Eastern time, as New York keeps it (PokerStars' ``ET``)."""

UTC: Final = "UTC"

ZONE_WORD: Final = re.compile(r"[A-Z]{2,5}")
"""An abbreviation a PokerStars header names its zone by after the date (``ET``,
``CET``): what the reader takes as one and the only kind the writer names."""

ABBREVIATIONS: Final[Mapping[str, str]] = {
    "ET": EASTERN, "EST": EASTERN, "EDT": EASTERN,
    "UTC": UTC, "GMT": UTC,
    "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon",
    "CET": "Europe/Paris", "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki", "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
}  # fmt: skip
"""The zones PokerStars' headers name, by the abbreviation they write (each the local
time of its region, summer time included: PokerStars writes ``CET`` all year), whose
meaning is not in doubt; others (``IST``, ``BST``, ``AST``...) name several zones."""


def zone_named(name: str | None) -> str | None:
    """The IANA zone ``name`` stands for (an IANA name itself, or an abbreviation of
    :data:`ABBREVIATIONS`), or ``None`` when it names none for certain."""
    if not name:
        return None
    if name in ABBREVIATIONS:
        return ABBREVIATIONS[name]
    if "/" not in name and name != UTC:  # ("EST", "CET"... are IANA names of fixed zones)
        return None
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None
    return name


def record_zone(info: Mapping[str, Any]) -> str | None:
    """The IANA zone a record's date and time is in (its ``time_zone``, else its
    ``time_zone_abbreviation``), or ``None`` when it says none that is known."""
    for key in ("time_zone", "time_zone_abbreviation"):
        value = info.get(key)
        zone = zone_named(value) if isinstance(value, str) else None
        if zone is not None:
            return zone
    return None


def moved(moment: Moment, source: str, target: str) -> Moment:
    """``moment``, local to the zone ``source``, as the zone ``target`` writes it (a
    moment ``target`` cannot write, before the year 1 or after 9999, as its nearest)."""
    local = datetime.datetime(*moment, tzinfo=ZoneInfo(source))
    try:
        there = local.astimezone(ZoneInfo(target))
    except OverflowError:
        there = datetime.datetime.min if moment[0] < 5000 else datetime.datetime.max
    return (there.year, there.month, there.day, there.hour, there.minute, there.second)
