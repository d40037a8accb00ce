"""The rules, chips and refusals of a replayed PHH hand, exactly (protocols.md §2; the
module doc of ``pokerroom.history.replay``): the whole :class:`Rules` a PHH hand is played
under, the chip scale of amounts written with decimals, the whole text of every refusal
(``_rules`` that are not a table or not playable, amounts that are not whole chips, forced
bets that disagree with ``_rules``, impossible cards and stacks), the checks PokerKit's
files leave out, and the comparison of a record that stops before the hand is over."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pokerroom.cards import parse_cards
from pokerroom.history.compare import Comparison
from pokerroom.history.errors import ReplayError
from pokerroom.history.phh import loads
from pokerroom.history.record import to_phh
from pokerroom.history.replay import (
    PHH_FIXED_LIMIT_CAPS,
    replay_phh,
    rules_from_phh,
    stacked_start,
)
from pokerroom.rules import POKERKIT_CONVENTIONS, Rules, Structure

DEALT = '"d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 2c7h"'
# three players: p1 the small blind, p2 the big blind, p3 the button; p3 and p1 fold
NO_LIMIT = f"""\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [{DEALT}, "p3 f", "p1 f"]
finishing_stacks = [199, 201, 200]
"""
FIXED_LIMIT = NO_LIMIT.replace('"NT"', '"FT"').replace("min_bet = 2", "small_bet = 2\nbig_bet = 6")


def refusal(text: str) -> str:
    with pytest.raises(ReplayError) as info:
        replay_phh(loads(text))
    return str(info.value)


# ------------------------------------------------------------ the rules of the fields


def test_no_limit_fields_are_pokerkits_no_limit_without_burns() -> None:
    """No antes at all is ``antes = 0``; no burn cards (PHH records none); the minimum
    bet as written; a buy-in (a table parameter) of twice the forced bets plus 2."""
    assert rules_from_phh(loads(NO_LIMIT)) == Rules(
        structure=Structure.NO_LIMIT,
        min_bet=2,
        antes=0,
        blinds=(1, 2, 0),
        dead_antes=True,
        burn_cards=False,
        buy_in=2 * 3 + 2,
        **POKERKIT_CONVENTIONS,
    )


def test_fixed_limit_fields_are_pokerkits_fixed_limit_with_its_cap() -> None:
    rules = rules_from_phh(loads(FIXED_LIMIT))
    assert rules == Rules(
        structure=Structure.FIXED_LIMIT,
        small_bet=2,
        big_bet=6,
        max_raises=PHH_FIXED_LIMIT_CAPS,
        antes=0,
        blinds=(1, 2, 0),
        dead_antes=True,
        burn_cards=False,
        buy_in=8,
        **POKERKIT_CONVENTIONS,
    )
    assert rules.units == (2, 2, 6, 6)


def test_the_minimum_bet_is_the_written_one_not_the_big_blind() -> None:
    rules = rules_from_phh(loads(NO_LIMIT.replace("min_bet = 2", "min_bet = 5")))
    assert rules.min_bet == 5 and rules.units == (5, 5, 5, 5)


def test_antes_per_position_and_the_buy_in_counts_every_forced_bet() -> None:
    rules = rules_from_phh(loads(NO_LIMIT.replace("antes = [0, 0, 0]", "antes = [1, 1, 1]")))
    assert rules.antes == (1, 1, 1)
    assert rules.buy_in == 2 * (3 + 3) + 2


def test_the_replayed_rules_are_the_ones_written_back() -> None:
    """What a caller writes after a replay (``to_phh``) carries these rules in ``_rules``."""
    played = replay_phh(loads(NO_LIMIT)).played
    written = to_phh(played).custom["_rules"]
    assert written["antes"] == 0
    assert written["burn_cards"] is False
    assert written["min_bet"] == 2
    assert written["buy_in"] == 8


def test_a_hand_without_forced_bets_replays() -> None:
    text = NO_LIMIT.replace("[1, 2, 0]", "[0, 0, 0]").replace(
        '"p3 f", "p1 f"', '"p1 cbr 2", "p2 f", "p3 f"'
    )
    text = text.replace("[199, 201, 200]", "[200, 200, 200]")
    replay = replay_phh(loads(text))
    assert replay.played.rules.buy_in == 2
    assert replay.check() == Comparison(True, "exact")


# ------------------------------------------------------------------ decimal amounts


@pytest.mark.parametrize(
    ("blinds", "min_bet", "finishing", "scale", "chips"),
    [
        ("[1.0, 2.0, 0]", "2", "[199, 201, 200]", 1, (1, 2, 0)),
        ("[10.0, 20.0, 0]", "20.0", "[190, 210, 200]", 1, (10, 20, 0)),
        ("[0.5, 1.0, 0]", "1", "[199.5, 200.5, 200]", 10, (5, 10, 0)),
        ("[0.25, 0.50, 0]", "0.5", "[199.75, 200.25, 200]", 100, (25, 50, 0)),
    ],
)
def test_amounts_are_replayed_in_units_of_their_smallest_decimal(
    blinds: str, min_bet: str, finishing: str, scale: int, chips: tuple[int, ...]
) -> None:
    """``2.0`` is a whole number: no decimals, no scale; ``0.25`` is in cents."""
    text = (
        NO_LIMIT.replace("[1, 2, 0]", blinds)
        .replace("min_bet = 2", f"min_bet = {min_bet}")
        .replace("[199, 201, 200]", finishing)
    )
    replay = replay_phh(loads(text))
    assert replay.played.scale == scale
    assert replay.played.rules.blinds == chips
    assert replay.check() == Comparison(True, "exact")
    assert to_phh(replay.played).custom.get("_chip_scale", 1) == scale


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("antes = [0, 0, 0]", "antes = [0.5, 0.5, 0.5]", "an ante 0.5"),
        ("[1, 2, 0]", "[0.5, 1, 0]", "a blind 0.5"),
        ("min_bet = 2", "min_bet = 2.5", "min_bet 2.5"),
    ],
)
def test_no_limit_amounts_that_are_not_whole_chips_are_refused(
    old: str, new: str, reason: str
) -> None:
    text = NO_LIMIT.replace(old, new) + "_chip_scale = 1\n"
    assert refusal(text) == f"{reason} is not a whole number of chips"


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("small_bet = 2", "small_bet = 1.5", "small_bet 1.5"),
        ("big_bet = 6", "big_bet = 4.5", "big_bet 4.5"),
    ],
)
def test_fixed_limit_bets_that_are_not_whole_chips_are_refused(
    old: str, new: str, reason: str
) -> None:
    hand = loads(FIXED_LIMIT.replace(old, new))
    with pytest.raises(ReplayError) as info:
        rules_from_phh(hand, 1)
    assert str(info.value) == f"{reason} is not a whole number of chips"


# ---------------------------------------------------------------------- rules refused


def test_fields_that_make_no_playable_rules_are_refused_with_every_problem() -> None:
    n = 15
    text = f"""\
variant = "NT"
antes = {[1] * n}
blinds_or_straddles = {[1, 2] + [0] * (n - 2)}
min_bet = 2
starting_stacks = {[200] * n}
actions = []
"""
    assert refusal(text) == (
        "antes has 15 entries: one per position, 2 to 14; "
        "blinds has 15 entries: at most one per player (14)"
    )


def test_rules_that_are_not_a_table_are_refused() -> None:
    assert refusal(NO_LIMIT + "_rules = 5\n") == "_rules must be a table of rules"


def test_rules_that_cannot_be_played_are_refused_with_every_problem() -> None:
    text = NO_LIMIT + '[_rules]\nbuy_in = "x"\nplayers = "y"\n'
    assert refusal(text) == (
        "_rules: buy_in is 'x': not a whole number (write digits, like 10); players is 'y': "
        "not a whole number (write digits, like 10)"
    )


@pytest.mark.parametrize(
    ("rules", "reason"),
    [
        (
            "blinds = [1, 2]\nantes = 1",
            "antes [0, 0, 0] disagrees with _rules, which post [1, 1, 1]",
        ),
        (
            "blinds = [1, 3]",
            "blinds_or_straddles [1, 2, 0] disagrees with _rules, which post [1, 3, 0]",
        ),
    ],
)
def test_forced_bets_that_disagree_with_the_rules_are_refused(rules: str, reason: str) -> None:
    text = NO_LIMIT + f"[_rules]\n{rules}\n"
    assert refusal(text) == f"{reason} (in position order, heads-up reversed)"


def test_forced_bets_checked_against_the_rules_must_be_whole_chips() -> None:
    text = NO_LIMIT.replace("antes = [0, 0, 0]", "antes = [0.5, 0.5, 0.5]")
    text += "_chip_scale = 1\n[_rules]\nblinds = [1, 2]\n"
    assert refusal(text) == "antes 0.5 is not a whole number of chips"


# ------------------------------------------------------------------ the stacked start


@pytest.mark.parametrize(
    ("stacks", "holes", "board", "reason"),
    [
        (
            [100, 100],
            ["AcKd", "AcQs"],
            "",
            "impossible cards: Ac is named twice in the cards to stack",
        ),
        (
            [100, 100],
            [None, None],
            "2c3c4c5c6c7c",
            "impossible cards: a board has at most five cards, not 6: 2c 3c 4c 5c 6c 7c",
        ),
        (
            [100, 0],
            [None, None],
            "",
            "cannot start the hand: seat 1 has 0 chips: a player needs 1 or more",
        ),
    ],
)
def test_a_start_the_engine_cannot_deal_is_refused(
    stacks: list[int], holes: list[str | None], board: str, reason: str
) -> None:
    cards = [None if h is None else parse_cards(h) for h in holes]
    with pytest.raises(ReplayError) as info:
        stacked_start(Rules(), stacks, cards, parse_cards(board, allow_empty=True))
    assert str(info.value) == reason


# ------------------------------------------------------------------ playing the record


@pytest.mark.parametrize("recorded_check", [False, True])
def test_the_check_pokerkit_leaves_out_is_played(recorded_check: bool) -> None:
    """p1 (the small blind, 2 chips) calls all-in; the big blind may only check, and
    PokerKit's files skip that turn: the replay plays it either way."""
    check = ', "p2 cc"' if recorded_check else ""
    text = f"""\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [2, 200, 200]
actions = [{DEALT}, "p3 f", "p1 cc"{check}, "d db 2d7s9s", "d db Jd", "d db 3c",
           "p1 sm AcAd", "p2 sm KcKd"]
finishing_stacks = [4, 198, 200]
"""
    replay = replay_phh(loads(text))
    assert [str(e) for e in replay.played.events[5:8]] == [
        "seat 2 folds",
        "seat 0 calls 1 (all-in)",
        "seat 1 checks",
    ]
    assert replay.check() == Comparison(True, "exact")


def test_announced_entries_that_are_not_a_players_value_are_ignored() -> None:
    text = NO_LIMIT + "_announced = { px = { value = 5 }, p = { value = 1 }, p1 = 3 }\n"
    replay = replay_phh(loads(text))
    assert replay.check() == Comparison(True, "exact")
    # digits to str.isdigit that are no number to int (a superscript, over 4,300 digits)
    many = "9" * 5000
    text = NO_LIMIT + f'_announced = {{ "p²" = {{ value = 5 }}, "p{many}" = {{ value = 1 }} }}\n'
    assert replay_phh(loads(text)).check() == Comparison(True, "exact")


def test_a_record_that_stops_before_the_hand_is_over_does_not_match() -> None:
    text = NO_LIMIT.replace('"p3 f", "p1 f"', '"p3 f"')
    replay = replay_phh(loads(text))
    assert replay.played.result is None
    assert replay.check() == Comparison(False, "the record ends before the hand is over")
    assert replay_phh(loads(text.replace("finishing_stacks", "# "))).check() is None


def test_decimal_amounts_written_back_keep_their_value() -> None:
    text = NO_LIMIT.replace("[1, 2, 0]", "[0.5, 1.0, 0]").replace("min_bet = 2", "min_bet = 1")
    text = text.replace("[199, 201, 200]", "[199.5, 200.5, 200]")
    written = to_phh(replay_phh(loads(text)).played)
    assert written.blinds_or_straddles == (Decimal("0.5"), 1, 0)
    assert written.custom["_chip_scale"] == 10
