"""Exact behaviour of writing a played hand as an ACPC ``STATE:`` line (``to_acpc``) and
of the odd-chip policy's verdicts (``compare``), protocols.md §1: whole lines, whole
refusals, whole comparisons."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from pokerroom.engine.pots import Pot
from pokerroom.history.acpc import GameDef
from pokerroom.history.acpclog import ACPCLog, exact_split
from pokerroom.history.acpcreplay import replay_acpc, to_acpc
from pokerroom.history.compare import Comparison, Difference, compare
from pokerroom.history.errors import ReplayError
from pokerroom.history.record import PlayedHand
from pokerroom.history.replay import stacked_start
from pokerroom.rules import Rules, Structure
from test_replay import _result  # a hand result of given stacks and pots

LIMIT = "holdem.limit.2p.reverse_blinds.game"
NO_LIMIT = "holdem.nolimit.2p.reverse_blinds.game"


def _game(data_dir: Path, name: str) -> GameDef:
    return GameDef.load(data_dir / "acpc" / name)


def _played(data_dir: Path, name: str, line: str) -> PlayedHand:
    hand = ACPCLog.parse(line + "\n").hands[0]
    replay = replay_acpc(hand, _game(data_dir, name))
    check = replay.check()
    assert check is not None and check.how == "exact", line
    return replay.played


# ------------------------------------------------------------------ to_acpc


@pytest.mark.parametrize(
    ("game_name", "line"),
    [
        # a fold pre-flop: one round, no empty rounds after it
        (NO_LIMIT, "STATE:3:f:Ad3s|8d5d:50|-50:Bob|Alice"),
        # limit raises are written as a bare r
        (LIMIT, "STATE:4:crrc/rf:Ad3s|8d5d/2c7h9s:30|-30:Bob|Alice"),
        (LIMIT, "STATE:5:rc/crc/rrc/cc:Ad3s|8d5d/2c7h9s/Js/2d:70|-70:Bob|Alice"),
        # no-limit raises are written as the total of the hand
        (NO_LIMIT, "STATE:9:r250c/cr600f:Ad3s|8d5d/2c7h9s:-250|250:Bob|Alice"),
        (NO_LIMIT, "STATE:10:r250c/cc/r900f:Ad3s|8d5d/2c7h9s/Js:250|-250:Bob|Alice"),
        (NO_LIMIT, "STATE:11:r250c/cc/r900c/cc:Ad3s|8d5d/2c7h9s/Js/2d:900|-900:Bob|Alice"),
    ],
)
def test_a_replayed_line_is_written_back_as_the_same_line(
    data_dir: Path, game_name: str, line: str
) -> None:
    played = _played(data_dir, game_name, line)
    assert str(to_acpc(played, _game(data_dir, game_name))) == line


@pytest.mark.parametrize(
    ("names", "label", "number", "written"),
    [
        (("Bob", "Alice"), 9, None, "STATE:9:r250c/cr600f:Ad3s|8d5d/2c7h9s:-250|250:Bob|Alice"),
        (None, 9, None, "STATE:9:r250c/cr600f:Ad3s|8d5d/2c7h9s:-250|250:p1|p2"),
        (None, "hand nine", None, "STATE:0:r250c/cr600f:Ad3s|8d5d/2c7h9s:-250|250:p1|p2"),
        (None, None, None, "STATE:0:r250c/cr600f:Ad3s|8d5d/2c7h9s:-250|250:p1|p2"),
        (("Bob", "Alice"), 9, 12, "STATE:12:r250c/cr600f:Ad3s|8d5d/2c7h9s:-250|250:Bob|Alice"),
        (None, "hand nine", 0, "STATE:0:r250c/cr600f:Ad3s|8d5d/2c7h9s:-250|250:p1|p2"),
    ],
)  # fmt: skip
def test_names_default_to_p1_p2_and_the_number_to_an_integer_label_or_zero(
    data_dir: Path,
    names: tuple[str, ...] | None,
    label: str | int | None,
    number: int | None,
    written: str,
) -> None:
    played = _played(data_dir, NO_LIMIT, "STATE:9:r250c/cr600f:Ad3s|8d5d/2c7h9s:-250|250:Bob|Alice")
    played = dataclasses.replace(played, names=names, label=label)
    assert str(to_acpc(played, _game(data_dir, NO_LIMIT), number=number)) == written


def _ante_rules() -> Rules:
    return Rules(
        structure=Structure.NO_LIMIT, min_bet=100, blinds=(50, 100), antes=10, burn_cards=False
    )


def test_an_unfinished_hand_is_refused_in_whole_words(data_dir: Path) -> None:
    hand = stacked_start(_ante_rules(), [20000, 20000], [None, None], [])
    hand.bet_or_raise(300)
    with pytest.raises(ReplayError) as info:
        to_acpc(PlayedHand.from_hand(hand), _game(data_dir, NO_LIMIT))
    assert str(info.value) == "the hand is not over: an ACPC log holds finished hands"


# ------------------------------------------------------------------ compare


# A pot of 7 split by seats 0 and 2: the engine gave 4 and 3.
SPLIT_OF_SEVEN = _result((104, 0, 103), (Pot(7, (0, 2), (0, 2), (4, 3)),))


@pytest.mark.parametrize(
    ("recorded", "verdict"),
    [
        ((104, 0, 103), Comparison(True, "exact")),
        ((Decimal("103.5"), 0, Decimal("103.5")), Comparison(True, "exact split")),
        ((103, 0, 104), Comparison(True, "odd chips placed differently")),
        ((None, 0, 104), Comparison(True, "odd chips placed differently")),
        ((105, 0, 102), Comparison(False, "mismatch", (
            Difference(0, Fraction(105), Fraction(104)),
            Difference(2, Fraction(102), Fraction(103)),
        ))),
        ((104, 1, 104), Comparison(False, "mismatch", (
            Difference(1, Fraction(1), Fraction(0)),
            Difference(2, Fraction(104), Fraction(103)),
        ))),
    ],
)  # fmt: skip
def test_the_whole_verdict_of_the_odd_chip_policy(
    recorded: tuple[int | Decimal | None, ...], verdict: Comparison
) -> None:
    assert compare(recorded, SPLIT_OF_SEVEN, SPLIT_OF_SEVEN.stacks) == verdict


def test_a_printed_value_half_a_unit_of_its_last_digit_away_matches() -> None:
    """246,913 chips split two ways: 123,456.5 each, which ``%g`` prints with six
    significant digits as 123456 (or 123457): exactly half a unit from the exact split,
    still within the printing's rounding."""
    result = _result((123457, 123456, 0), (Pot(246913, (0, 1), (0, 1), (123457, 123456)),))
    final = (123457, 123456, -246913)
    for printed in ("123456", "123457"):
        nets = (Decimal(printed), Decimal(printed), Decimal(-246913))
        assert compare(nets, result, final, printed=True) == Comparison(True, "exact split")
    assert not compare((Decimal(123456), Decimal(123456), Decimal(-246913)), result, final).matches


def test_final_values_for_another_number_of_seats_are_refused() -> None:
    """Per-seat values must be one per seat of the result: a fourth value is not cut off."""
    with pytest.raises(ValueError, match="zip"):
        exact_split(SPLIT_OF_SEVEN, (104, 0, 103, 5))
    with pytest.raises(ValueError, match="zip"):
        compare((103, 0, 104), SPLIT_OF_SEVEN, (104, 0, 103, 5))
