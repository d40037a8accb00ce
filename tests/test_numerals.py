"""Numbers in digits read from what a file, a client or a command line gives: ``"²"`` is a
digit to ``str.isdigit`` and no number to ``int``, and ``int`` refuses over 4,300 digits.
Every reader that once checked ``isdigit`` and then called ``int`` refuses such a text as
it refuses a letter, or falls back as it does for a letter; none raises ``ValueError``."""

from __future__ import annotations

import argparse
import json
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import stars_samples
from pokerroom.cli.serve import UsageError, _programs
from pokerroom.cli.solve import _sizes
from pokerroom.cli.tournament import _button
from pokerroom.engine import Hand
from pokerroom.history.acpclog import parse_betting
from pokerroom.history.errors import ACPCError
from pokerroom.history.formats import export_hands
from pokerroom.history.ohh import ohh_hand, to_ohh
from pokerroom.history.pokerstars import to_pokerstars
from pokerroom.history.record import PlayedHand
from pokerroom.history.starsread import StarsError, parse_pokerstars
from pokerroom.net.acpc.protocol import ACPCProtocolError, MatchState, read_version
from pokerroom.numerals import number
from pokerroom.room.sitgo import SettingsError, TableSettings
from pokerroom.rules import Rules
from pokerroom.tournament.executor import ExecutorError, _reachable
from test_history_random import play_random

NOT_NUMBERS = ["²", "½", "①", "٣", "𝟚", "9" * 5000]
IDS = ["superscript", "fraction", "circled", "arabic-indic", "double-struck", "5000-digits"]
"""Digits to ``str.isdigit`` (and ``\\d``) that are no number to read here: a superscript, a
fraction, a circled digit, digits of other scripts, and more digits than ``int`` reads."""


@given(st.text(max_size=30))
def test_a_number_is_read_exactly_as_int_reads_ascii_digits_else_none(text: str) -> None:
    read = number(text)
    plain = 0 < len(text) <= 18 and all("0" <= c <= "9" for c in text)
    assert read == (int(text) if plain else None)


def test_a_number_s_digits_are_bounded() -> None:
    assert number("1" * 18) == int("1" * 18) and number("1" * 19) is None
    assert number("123", digits=3) == 123 and number("1234", digits=3) is None


@pytest.mark.parametrize("text", NOT_NUMBERS, ids=IDS)
def test_a_room_table_naming_a_seat_in_no_number_is_refused_naming_it(text: str) -> None:
    with pytest.raises(SettingsError) as refused:
        TableSettings.from_json({"seats": 6, "bots": {text: "random"}})
    assert f"'bots' names seat {text[:10]!r}: seats are 0 to 5" in str(refused.value)


def _played(label: str | int) -> PlayedHand:
    rng = random.Random(5)
    hand = Hand(Rules.preset("no-limit"), [300, 300, 300], button=2, rng=rng)
    play_random(hand, rng, random_showdown=False)
    return PlayedHand.from_hand(hand, names=["A", "B", "C"], label=label)


@pytest.mark.parametrize("label", NOT_NUMBERS, ids=IDS)
def test_a_hand_labelled_in_no_number_is_exported_as_one_labelled_with_a_letter(
    label: str,
) -> None:
    """A hand's label is its number in the exports when it is one, else the hand's place;
    a label of digits that are no number is no number."""
    as_letter, as_digits = _played("x"), _played(label)
    assert to_ohh(as_digits)["ohh"]["game_number"] == to_ohh(as_letter)["ohh"]["game_number"]
    assert to_pokerstars(as_digits).splitlines()[0] == to_pokerstars(as_letter).splitlines()[0]
    for fmt in ("pokerstars", "ohh"):
        assert export_hands([as_digits], fmt) == export_hands([as_letter], fmt)


@pytest.mark.parametrize("text", NOT_NUMBERS, ids=IDS)
def test_an_ohh_game_number_in_no_number_reads_as_none_given(text: str) -> None:
    data = to_ohh(_played(7))
    data["ohh"]["game_number"] = text
    read = ohh_hand(json.loads(json.dumps(data)))
    data["ohh"]["game_number"] = "x"
    assert read.number == ohh_hand(json.loads(json.dumps(data))).number == 0


@pytest.mark.parametrize("text", NOT_NUMBERS, ids=IDS)
def test_a_pokerstars_hand_or_level_number_in_no_number_is_no_hand_or_no_level(
    text: str,
) -> None:
    sample = stars_samples.TOURNAMENT
    (level_read,) = parse_pokerstars(sample.replace("Level IV", f"Level {text}"))
    (as_read,) = parse_pokerstars(sample)
    assert (as_read.level, level_read.level) == (4, None)
    with pytest.raises(StarsError, match="line 1: not PokerStars text: 'PokerStars Hand #"):
        parse_pokerstars(sample.replace("#208000000001", f"#{text}"))


@pytest.mark.parametrize("text", NOT_NUMBERS, ids=IDS)
def test_an_address_with_a_port_in_no_number_is_refused(text: str) -> None:
    with pytest.raises(ExecutorError, match="auto, host:port or ray://host:port"):
        _reachable(f"127.0.0.1:{text}")


@pytest.mark.parametrize("text", NOT_NUMBERS, ids=IDS)
def test_solver_bucket_sizes_in_no_number_are_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="four numbers like 8,8,8,8"):
        _sizes(f"{text},8,8,8")


@pytest.mark.parametrize("text", NOT_NUMBERS, ids=IDS)
def test_a_program_for_a_seat_in_no_number_is_refused(text: str) -> None:
    with pytest.raises(UsageError, match="SEAT=COMMAND"):
        _programs([f"{text}=pokerroom bot json --stdio"], 2)


@pytest.mark.parametrize("text", NOT_NUMBERS, ids=IDS)
def test_a_first_button_in_digits_of_no_number_is_refused(text: str) -> None:
    """``int`` read ``٣`` as seat 3 (and ``𝟚`` as seat 2)."""
    with pytest.raises(argparse.ArgumentTypeError, match="a seat number, 'random' or"):
        _button(text)


@pytest.mark.parametrize("text", ["²", "٣", "①"])
def test_an_acpc_state_or_version_in_digits_of_no_number_is_refused(text: str) -> None:
    """C reads ASCII digits alone: the reference dealer reads none of these as a number."""
    with pytest.raises(ACPCProtocolError, match="whole numbers"):
        MatchState.parse(f"MATCHSTATE:{text}:0::Ah2c|\r\n")
    with pytest.raises(ACPCProtocolError, match="whole numbers"):
        MatchState.parse(f"MATCHSTATE:0:{text}::Ah2c|\r\n")
    with pytest.raises(ACPCProtocolError, match="the first line must be the protocol version"):
        read_version(f"VERSION:{text}.0.0\r\n")


def test_acpc_numbers_longer_than_int_reads_are_clamped_or_refused() -> None:
    """The dealer reads a player's raise as C does (clamped to 32 bits); a log's or a
    state's betting with a raise of more digits than any stack is refused, naming it."""
    huge = "9" * 5000
    assert read_version(f"VERSION:{huge}.0.0\r\n")[0] == 10**18
    assert read_version(f"VERSION:{'9' * 18}.+1.0\r\n")[:2] == (int("9" * 18), 1)
    assert read_version(f"VERSION:{'1' * 19}.0.0\r\n")[0] == 10**18
    with pytest.raises(ACPCError, match="a raise of more than 18 digits"):
        parse_betting(f"cc/r{huge}")
    assert parse_betting(f"r{'9' * 18}c")[0][0].size == int("9" * 18)
    with pytest.raises(ACPCProtocolError, match="a raise of more than 18 digits"):
        MatchState.parse(f"MATCHSTATE:0:0:r{huge}:Ah2c|\r\n")


def test_the_form_reads_a_buy_in_of_up_to_100_digits_for_the_rules_to_bound() -> None:
    """The new-game form reads up to 100 digits, so that the rules, not the form, name the
    most chips a buy-in may be; past that it is no number to read."""
    from pokerroom.tui.form import FormChoices, FormError, make_rules, read_buy_in

    assert read_buy_in("9" * 30) == int("9" * 30) and read_buy_in("1" * 100) == int("1" * 100)
    with pytest.raises(FormError, match=r"^buy-in is 999999999999999999999999999999: more than"):
        make_rules(FormChoices(buy_in=read_buy_in("9" * 30)))
    with pytest.raises(FormError, match=r"a whole number of chips, 1 or more$"):
        read_buy_in("1" * 101)


LABELS: list[str | int] = [0, "17", "x", True, 5, -3, "0"]


def test_a_hand_is_numbered_by_its_label_when_that_is_a_number_in_every_export() -> None:
    """A label of 0 or more, or its digits, is the hand's number; anything else (a word,
    ``True``, a negative) numbers it by its place in the file, or 1 for a hand alone."""
    hands = [_played(label) for label in LABELS]
    assert [h.label_number() for h in hands] == [0, 17, None, None, 5, None, 0]
    places = ["0", "17", "3", "4", "5", "6", "0"]
    stars = export_hands(hands, "pokerstars").text
    assert re.findall(r"^PokerStars Hand #(\d+):", stars, re.M) == places
    ohh = export_hands(hands, "ohh").text
    assert re.findall(r'"game_number": "(\d+)"', ohh) == places
    assert [to_ohh(h)["ohh"]["game_number"] for h in hands] == ["0", "17", "1", "1", "5", "1", "0"]
    assert [to_pokerstars(h).split(":")[0] for h in hands] == [
        f"PokerStars Hand #{n}" for n in (0, 17, 1, 1, 5, 1, 0)]
    assert to_ohh(hands[1], number=42)["ohh"]["game_number"] == "42"
    assert to_pokerstars(hands[1], number=42).startswith("PokerStars Hand #42:")


def test_an_acpc_raise_of_19_digits_is_refused_naming_the_betting_cut_to_80() -> None:
    betting = "c" * 100 + "/r" + "1" * 19
    with pytest.raises(ACPCError) as refused:
        parse_betting(betting)
    assert str(refused.value) == (
        f"bad betting {betting[:80]!r}: a raise of more than 18 digits, more than any stack")
