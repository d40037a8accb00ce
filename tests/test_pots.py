"""Awarding the pot (``rules.md`` §9): side pots, 001's proportional tie split, odd chips.

Worked examples first, then the decisions where the rules are silent, the refusals, and
hypothesis properties checked against the reference splitter.
"""

from __future__ import annotations

import doctest
from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass
from datetime import timedelta
from itertools import product
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import parse_cards
from pokerroom.engine import pots
from pokerroom.engine.pots import Award, OddChip, Pot, PotError, TieSplit, award, suit_key
from pokerroom.engine.refpots import reference_award
from pokerroom.evaluator import best_hand, hand_value

T = TypeVar("T")
SIDE = TieSplit.SIDE_POTS
PROP = TieSplit.PROPORTIONAL


def expectation(
    contributions: list[int], strengths: list[int | None], seat: int, dead: int = 0
) -> int:
    """E_i = Σ_j min(c_j, c_i) (rules.md §9), plus the folded chips above every contesting
    seat's contribution for the seats that put in the most of them, plus the dead money
    (dead antes, in the main pot) for every seat (pots.py decisions)."""
    mine = contributions[seat]
    e = dead + sum(min(c, mine) for c in contributions)
    highest_live = max(c for c, s in zip(contributions, strengths, strict=True) if s is not None)
    if mine == highest_live:
        e += sum(max(0, c - mine) for c in contributions)
    return e


# ---------------------------------------------------------------- 001's proportional rule


def test_seed001_tie_split_proportional() -> None:
    # 001's example: pot 300; A all-in with E_A = 150, B covering with E_B = 300; they tie.
    # A put in 50, B 125, C 125 and folded: E_A = 50 + 50 + 50 = 150, E_B = 300.
    c = [50, 125, 125]
    s = [7, 7, None]
    all_in = [True, False, False]
    assert expectation(c, s, 0) == 150
    assert expectation(c, s, 1) == 300
    result = award(c, s, all_in=all_in, button=2, tie_split=PROP)
    # A gets 300 × 150/450 = 100, B gets 300 × 300/450 = 200
    assert result.won == (100, 200, 0)
    assert result.pots == (Pot(300, (0, 1), (0, 1), (100, 200)),)
    # standard side pots: main 150 split 75/75, side pot 150 to B
    assert award(c, s, all_in=all_in, button=2, tie_split=SIDE).won == (75, 225, 0)


def test_seed001_three_way_tied_all_in_and_side_pot() -> None:
    # A all-in for 10, B all-in for 50, C covers with 100, D put in 100 and folded.
    # A and B tie with the best hand, C has the second best.
    c = [10, 50, 100, 100]
    s = [9, 9, 5, None]
    all_in = [True, True, False, False]
    # E_A = 10·4 = 40;  E_B = 10 + 50·3 = 160;  E_C = 10 + 50 + 100 + 100 = 260 (the pot)
    assert [expectation(c, s, i) for i in range(3)] == [40, 160, 260]
    # group {A, B}: D = 0, A = max(40, 160) − 0 = 160; A is all-in, so in proportion to
    #   E_i − D: A 160 × 40/200 = 32, B 160 × 160/200 = 128; then D = 160.
    # group {C}: A = 260 − 160 = 100, all to C; D = 260, the pot is gone.
    result = award(c, s, all_in=all_in, button=3, tie_split=PROP)
    assert result.won == (32, 128, 100, 0)
    assert result.pots == (
        Pot(160, (0, 1, 2), (0, 1), (32, 128)),
        Pot(100, (2,), (2,), (100,)),
    )
    # side pots instead: main 40 split 20/20, side pot 120 to B, side pot 100 to C
    side = award(c, s, all_in=all_in, button=3, tie_split=SIDE)
    assert side.won == (20, 140, 100, 0)
    assert side.pots == (
        Pot(40, (0, 1, 2), (0, 1), (20, 20)),
        Pot(120, (1, 2), (1,), (120,)),
        Pot(100, (2,), (2,), (100,)),
    )


@pytest.mark.parametrize("tie_split", [PROP, SIDE])
def test_seed001_single_all_in_winner_wins_its_expectation(tie_split: TieSplit) -> None:
    c = [10, 50, 100, 100]
    all_in = [True, True, False, False]
    # A (E_A = 40) best, B (E_B = 160) next: A wins 40, B 160 − 40, C the remaining 100
    assert award(c, [9, 7, 5, None], all_in=all_in, button=3, tie_split=tie_split).won == (
        40,
        120,
        100,
        0,
    )
    # A best, C next: the rest (260 − 40) goes to C; B, worst, wins nothing
    assert award(c, [9, 3, 5, None], all_in=all_in, button=3, tie_split=tie_split).won == (
        40,
        0,
        220,
        0,
    )


def test_seed001_tie_without_all_in_winner_splits_equally() -> None:
    # A all-in for 10 loses; B and C, neither all-in, tie: they split A = 310 equally
    c = [10, 100, 100, 100]
    result = award(c, [1, 8, 8, None], all_in=[True, False, False, False], button=0, tie_split=PROP)
    assert result.won == (0, 155, 155, 0)


def test_seed001_a_tie_after_a_better_hand_is_weighted_by_what_is_left_above_it() -> None:
    # A (all-in, E_A = 40) is best alone: A = 40, D = 40.  B (all-in, E_B = 160) and C
    # (covering, E_C = 260) tie next: A = 260 − 40 = 220, weighted by E − D = 120 and 220:
    # 220 × 120/340 = 77.6 and 220 × 220/340 = 142.4, floors 77 + 142, the odd chip to B
    # (left of the button, 3, among the tied).  Side pots: 40; 120 split 60/60; 100 to C.
    c = [10, 50, 100, 100]
    s = [9, 5, 5, None]
    all_in = [True, True, False, False]
    prop = award(c, s, all_in=all_in, button=3, tie_split=PROP)
    assert prop.won == (40, 78, 142, 0)
    assert prop.pots == (Pot(40, (0, 1, 2), (0,), (40,)), Pot(220, (1, 2), (1, 2), (78, 142)))
    assert award(c, s, all_in=all_in, button=3, tie_split=SIDE).won == (40, 60, 160, 0)


def test_seed001_a_claim_of_a_single_chip_is_paid() -> None:
    # A (all-in, E_A = 20) is best; B put in one chip more (E_B = 21: a chip nobody
    # matched, as award may be given): A = 21 − 20 = 1 goes to B, every chip paid.
    for tie_split in (PROP, SIDE):
        result = award([10, 11], [9, 5], all_in=[True, False], button=1, tie_split=tie_split)
        assert result.won == (20, 1)


def test_seed001_proportional_shares_rounded_down_odd_chip_left_of_button() -> None:
    # A (all-in, E_A = 40) ties with C (covering, E_C = 260); B (E_B = 160) loses.
    # A = 260; A gets 260 × 40/300 = 34.67, C 260 × 260/300 = 225.33: floors 34 + 225,
    # one chip left over, dealt by the odd-chip rule.
    c = [10, 50, 100, 100]
    s = [9, 5, 9, None]
    all_in = [True, True, False, False]
    # button 3: seat 0 (A) is left of the button and gets the chip
    assert award(c, s, all_in=all_in, button=3, tie_split=PROP).won == (35, 0, 225, 0)
    # button 0: the order is 1, 2, 3, 0, so C gets it
    assert award(c, s, all_in=all_in, button=0, tie_split=PROP).won == (34, 0, 226, 0)
    # best suit: the higher key gets it, wherever the button is
    keys = [1, 0, 2, 0]
    result = award(
        c, s, all_in=all_in, button=3, tie_split=PROP, odd_chip=OddChip.BEST_SUIT, suit_order=keys
    )
    assert result.won == (34, 0, 226, 0)


def test_seed001_tied_member_already_covered_wins_nothing() -> None:
    # B (all-in, E_B = 160) is best alone: D = 160. A (all-in, E_A = 40) and C (E_C = 260)
    # tie next: A = 260 − 160 = 100. Read literally, A's weight E_A − D = −120 would be
    # negative; A can win nothing more (its whole expectation is gone), so the weight is 0.
    c = [10, 50, 100, 100]
    result = award(c, [5, 9, 5, None], all_in=[True, True, False, False], button=3, tie_split=PROP)
    assert result.won == (0, 160, 100, 0)
    assert result.pots == (Pot(160, (0, 1, 2), (1,), (160,)), Pot(100, (2,), (2,), (100,)))


# ---------------------------------------------------------------- standard side pots


def test_side_pots_layered_by_contribution() -> None:
    # seat 0 all-in 20, seat 1 all-in 50, seats 2 and 3 put in 100, seat 4 folded after 30
    c = [20, 50, 100, 100, 30]
    s = [9, 7, 5, 3, None]
    result = award(c, s, all_in=[True, True, False, False, False], button=4)
    # main pot 20 × 5 = 100; side pot 30 × 3 + 10 (seat 4) = 100; side pot 50 × 2 = 100
    assert result.pots == (
        Pot(100, (0, 1, 2, 3), (0,), (100,)),
        Pot(100, (1, 2, 3), (1,), (100,)),
        Pot(100, (2, 3), (2,), (100,)),
    )
    assert result.won == (100, 100, 100, 0, 0)


def test_side_pots_tie_splits_the_layer() -> None:
    c = [20, 50, 50, 50]
    result = award(c, [9, 7, 9, 7], all_in=[True, False, False, False], button=3)
    # main 80: seats 0 and 2 tie, 40 each; side 90: seat 2 (best of 1, 2, 3)
    assert result.won == (40, 0, 130, 0)


@pytest.mark.parametrize("tie_split", [PROP, SIDE])
def test_section13_bob_wins_the_pot_of_26(tie_split: TieSplit) -> None:
    # rules.md §13: Alice (button) 2 + 4 then folds, Bob 2 + 4 + 4, Carol 2 + 4 + 4, Ted 0
    board = parse_cards("9c Kc 3h 5s 9d")
    bob = hand_value(parse_cards("Qs 9h"), board)  # three nines
    carol = hand_value(parse_cards("Ks Jh"), board)  # kings and nines
    c = [6, 10, 10, 0]
    result = award(c, [None, bob, carol, None], all_in=[False] * 4, button=0, tie_split=tie_split)
    assert result.won == (0, 26, 0, 0)
    assert [w - p for w, p in zip(result.won, c, strict=True)] == [-6, 16, -10, 0]
    assert result.pots == (Pot(26, (1, 2), (1,), (26,)),)


def test_last_player_standing_takes_everything_without_showdown() -> None:
    result = award([4, 30, 2, 30], [None, 0, None, None], all_in=[False] * 4, button=0)
    assert result.won == (0, 66, 0, 0)
    assert result.pots == (Pot(66, (1,), (1,), (66,)),)


def test_empty_pot_awards_nothing() -> None:
    assert award([0, 0, 0], [1, 1, None], all_in=[False] * 3, button=0) == Award((0, 0, 0), ())
    assert award([0, 0], [None, None], all_in=[False] * 2, button=1) == Award((0, 0), ())


@pytest.mark.parametrize("tie_split", [PROP, SIDE])
def test_dead_money_joins_nearest_contested_layer(tie_split: TieSplit) -> None:
    # seats 0 and 1 are all-in for 30 and 60; seat 2 put in 100 and folded: its 40 above
    # every live contribution joins the top layer, the one seat 1 alone can win
    c = [30, 60, 100]
    result = award(c, [9, 5, None], all_in=[True, True, False], button=2, tie_split=tie_split)
    assert result.won == (90, 100, 0)
    assert result.pots[-1].eligible == (1,)
    # the contesting seats put in nothing at all: the dead money is one pot for all of them
    result = award([0, 0, 9], [4, 4, None], all_in=[True, True, False], button=2)
    assert result.won == (5, 4, 0)
    assert result.pots == (Pot(9, (0, 1), (0, 1), (5, 4)),)


# ---------------------------------------------------------------- dead money (dead antes)


def test_dead_money_is_in_the_main_pot() -> None:
    # seat 0 all-in for 20, seats 1 and 2 put in 50, seat 3 folded after 10; dead antes 12
    c = [20, 50, 50, 10]
    result = award(c, [3, 9, 5, None], all_in=[True, False, False, False], button=3, dead=12)
    # main pot 20 × 3 + 10 + 12 = 82, every contesting seat's; side pot 30 × 2 = 60
    assert result.pots == (Pot(82, (0, 1, 2), (1,), (82,)), Pot(60, (1, 2), (1,), (60,)))
    # the all-in seat with the best hand wins the main pot, dead antes included
    result = award(c, [9, 3, 5, None], all_in=[True, False, False, False], button=3, dead=12)
    assert result.won == (82, 0, 60, 0)


def test_dead_money_alone_is_a_pot_for_every_contesting_seat() -> None:
    # seat 0 is all-in on its dead ante: only the dead money is left for it to win
    c = [0, 30, 30]
    result = award(c, [9, 5, 3], all_in=[True, False, False], button=2, dead=9)
    assert result.pots == (Pot(9, (0, 1, 2), (0,), (9,)), Pot(60, (1, 2), (1,), (60,)))
    # nobody contesting put anything else in: one pot of dead money
    result = award([0, 0, 0], [4, 4, None], all_in=[True, True, True], button=2, dead=5)
    assert result.pots == (Pot(5, (0, 1), (0, 1), (3, 2)),)
    # the last player standing takes it
    assert award([0, 6], [None, 0], all_in=[False] * 2, button=0, dead=4).pots == (
        Pot(10, (1,), (1,), (10,)),
    )


def test_dead_money_odd_chip_best_suit() -> None:
    # 30 chips put in and a dead ante of 1: 31 between seats 0 and 1, one odd chip, which
    # goes with the rest of the main pot to the best hand by suit (seat 1), not left of
    # the button (seat 0)
    c = [10, 10, 10]
    s = [5, 5, None]
    assert award(c, s, all_in=[False] * 3, button=2, dead=1).won == (16, 15, 0)
    result = award(
        c, s, all_in=[False] * 3, button=2, dead=1, odd_chip=OddChip.BEST_SUIT, suit_order=[1, 2, 0]
    )
    assert result.won == (15, 16, 0)
    assert result.pots == (Pot(31, (0, 1), (0, 1), (15, 16)),)


def test_seed001_tie_split_proportional_with_dead_money() -> None:
    # 001's example with 150 of dead antes: E_A = 150 + 50 × 3 = 300, E_B = the whole pot,
    # 450.  A and B tie: A gets 450 × 300/750 = 180, B 450 × 450/750 = 270.
    c = [50, 125, 125]
    s = [7, 7, None]
    all_in = [True, False, False]
    assert [expectation(c, s, seat, dead=150) for seat in (0, 1)] == [300, 450]
    result = award(c, s, all_in=all_in, button=2, tie_split=PROP, dead=150)
    assert result.won == (180, 270, 0)
    assert result.pots == (Pot(450, (0, 1), (0, 1), (180, 270)),)
    # side pots: the main pot (150 + 150) split 150/150, the side pot of 150 to B
    assert award(c, s, all_in=all_in, button=2, dead=150).won == (150, 300, 0)
    # a single all-in winner wins exactly its expectation, dead money included
    result = award(c, [7, 5, None], all_in=all_in, button=2, tie_split=PROP, dead=150)
    assert result.won == (300, 150, 0)


# ---------------------------------------------------------------- odd chips


def test_odd_chip_left_of_button() -> None:
    c = [21, 21, 21]  # 63: seats 0 and 1 tie, 31 each and one odd chip
    s = [5, 5, None]
    assert award(c, s, all_in=[False] * 3, button=0).won == (31, 32, 0)
    assert award(c, s, all_in=[False] * 3, button=1).won == (32, 31, 0)  # seat 2 folded
    assert award(c, s, all_in=[False] * 3, button=2).won == (32, 31, 0)


def test_odd_chip_one_at_a_time_round_the_table() -> None:
    # 50 among tied seats 0, 2 and 4: 16 each, 2 odd chips; button 2: order 3, 4, 0, 1, 2
    c = [10] * 5
    s = [3, None, 3, None, 3]
    assert award(c, s, all_in=[False] * 5, button=2).won == (17, 0, 16, 0, 17)


def test_odd_chip_per_side_pot() -> None:
    # seat 0 all-in for 5; seats 0, 1 and 2 tie; seat 3 put in 8 and folded; button 3.
    # main pot 5 × 4 = 20: 6 each and 2 odd chips, to seats 0 and 1 (left of the button)
    # side pot 11 + 11 + 3 = 25 for seats 1 and 2: 12 each and 1 odd chip, to seat 1
    c = [5, 16, 16, 8]
    result = award(c, [6, 6, 6, None], all_in=[True, False, False, False], button=3)
    assert result.pots == (
        Pot(20, (0, 1, 2), (0, 1, 2), (7, 7, 6)),
        Pot(25, (1, 2), (1, 2), (13, 12)),
    )
    assert result.won == (7, 20, 18, 0)


def test_pokerkits_odd_chip_rule_never_pays_a_tied_player_more_than_it_can_win() -> None:
    # 001's proportional rule with PokerKit's odd-chip rule (the whole remainder to the
    # first winner left of the button).  Seats 2 and 5 are all-in for 1, seat 7 put in 28,
    # seat 1 folded 28; the three tie.  E_2 = E_5 = 4, E_7 = 58 = the pot; shares
    # 58 × 4/66 = 3.5, 3.5 and 58 × 58/66 = 50.97: 3, 3 and 50, two chips over.  Seat 2 is
    # first left of the button, but can win no more than its E_2 = 4: one chip to it, the
    # other to seat 5 (rules.md §9: E_i is what a player can win).
    c = [0, 28, 1, 0, 0, 1, 0, 28]
    s = [None, None, 2, None, None, 2, None, 2]
    all_in = [False, False, True, False, False, True, False, False]
    result = award(c, s, all_in=all_in, button=0, tie_split=TieSplit.PROPORTIONAL,
                   odd_chip=OddChip.FIRST_LEFT_OF_BUTTON)  # fmt: skip
    assert result.won == (0, 0, 4, 0, 0, 4, 0, 50)
    assert result.pots == (Pot(58, (2, 5, 7), (2, 5, 7), (4, 4, 50)),)
    # with room, the first winner takes every chip left over: 50 among three equal
    # all-in claims of 50 (16, 16, 16 and two over), both to seat 4, the first winner left
    # of the button 2 (seat 3 folded)
    c = [10] * 5
    result = award(c, [3, None, 3, None, 3], all_in=[True] * 5, button=2,
                   tie_split=TieSplit.PROPORTIONAL,
                   odd_chip=OddChip.FIRST_LEFT_OF_BUTTON)  # fmt: skip
    assert result.won == (16, 0, 16, 0, 18)


def test_odd_chip_best_suit() -> None:
    # both play A K Q J 9 (the ace, king and nine from the board); the odd chip goes to
    # the best hand by suit: the first card that differs is the queen, spades beat diamonds
    board = parse_cards("Ah Kd 9c 7s 4h")
    first = best_hand(parse_cards("Qd Jh"), board)
    second = best_hand(parse_cards("Qs Jc"), board)
    assert first.value == second.value
    keys = [suit_key(first.cards), suit_key(second.cards), 0]
    c = [11, 11, 11]
    s = [first.value, second.value, None]
    # left of the button would give the chip to seat 0 (button 2) ...
    assert award(c, s, all_in=[False] * 3, button=2).won == (17, 16, 0)
    # ... the best suit gives it to seat 1
    result = award(c, s, all_in=[False] * 3, button=2, odd_chip=OddChip.BEST_SUIT, suit_order=keys)
    assert result.won == (16, 17, 0)


def test_odd_chip_best_suit_equal_keys_fall_back_to_left_of_button() -> None:
    c = [10, 10, 10, 10, 10]  # 50 among three: 16 each and 2 odd chips
    s = [1, 1, None, 1, None]
    keys = [7, 7, 0, 9, 0]  # seat 3 first, then seats 0 and 1 tie by suit
    won = award(c, s, all_in=[False] * 5, button=0, odd_chip=OddChip.BEST_SUIT, suit_order=keys)
    assert won.won == (16, 17, 0, 17, 0)  # seat 1 is left of the button
    won = award(c, s, all_in=[False] * 5, button=4, odd_chip=OddChip.BEST_SUIT, suit_order=keys)
    assert won.won == (17, 16, 0, 17, 0)  # now seat 0 is


def test_suit_key_ranks_the_highest_card_first() -> None:
    # the ace of spades in one hand beats the ace of hearts, whatever the rest
    assert suit_key(parse_cards("As 2c 3c 4c 6d")) > suit_key(parse_cards("Ah Ks Qs Js 9s"))
    # same cards, same key; order of the cards given does not matter
    assert suit_key(parse_cards("Kh 9c As 2d 2c")) == suit_key(parse_cards("As Kh 9c 2d 2c"))


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("contributions", "strengths", "all_in", "button", "message"),
    [
        ([10, -5], [1, 2], [False, True], 0,
         "seat 1 put in -5: contributions are whole chips, never negative "
         "(contributions [10, -5])"),
        # nothing (0) is a whole number of chips: the first bad entry is named
        ([0, -5], [1, 2], [True, False], 0,
         "seat 1 put in -5: contributions are whole chips, never negative "
         "(contributions [0, -5])"),
        ([10, 2.5], [1, 2], [False, True], 0,
         "seat 1 put in 2.5: contributions are whole chips, never negative "
         "(contributions [10, 2.5])"),
        ([10, "5"], [1, 2], [False, True], 0,
         "seat 1 put in '5': contributions are whole chips, never negative "
         "(contributions [10, '5'])"),
        ([10, 10], [1], [False, False], 0,
         "one entry per seat needed: 2 contributions, 1 strengths, 2 all-in flags"),
        ([10, 10], [1, 2], [False], 0,
         "one entry per seat needed: 2 contributions, 2 strengths, 1 all-in flags"),
        ([10, 10], [None, None], [False, False], 0,
         "20 chips in the pot and no seat contests it (every strength is None)"),
        ([10, 10], [1, 2], [False, False], 2, "button 2 is not a seat (seats 0 to 1)"),
        ([10, 10], [1, 2], [False, False], -1, "button -1 is not a seat (seats 0 to 1)"),
        ([], [], [], 0, "button 0 is not a seat (seats 0 to -1)"),
        ([50, 100, 100], [1, 2, None], [False] * 3, 0,
         "seat 0 contests the pot with 50 in, less than the 100 another seat put in, and is "
         "not all-in: return uncalled bets first, or mark it all-in (contributions "
         "[50, 100, 100], all-in [False, False, False])"),
    ],
)  # fmt: skip
def test_impossible_input_refused(
    contributions: list[int],
    strengths: list[int | None],
    all_in: list[bool],
    button: int,
    message: str,
) -> None:
    with pytest.raises(PotError) as info:
        award(contributions, strengths, all_in=all_in, button=button)
    assert str(info.value) == message


class _OddInt(int):
    """An int whose sum is not an int (a float)."""

    def __radd__(self, other: int) -> float:  # type: ignore[override,misc]
        return float(int(self) + other)


def test_contributions_adding_up_to_no_whole_chip_count_are_refused() -> None:
    """The last check of the chips: each entry a whole chip count, but not their sum."""
    with pytest.raises(PotError) as info:
        award([_OddInt(5), _OddInt(5)], [1, 2], all_in=[False, False], button=0)
    assert str(info.value) == "contributions are not whole chip counts: [5, 5]"


@pytest.mark.parametrize(
    ("dead", "strengths", "message"),
    [
        (-1, [1, 2], "dead money -1: whole chips, never negative"),
        (2.5, [1, 2], "dead money 2.5: whole chips, never negative"),
        (True, [1, 2], "dead money True: whole chips, never negative"),
        (3, [None, None], "3 chips in the pot and no seat contests it (every strength is None)"),
    ],
)
def test_impossible_dead_money_refused(
    dead: object, strengths: list[int | None], message: str
) -> None:
    with pytest.raises(PotError) as info:
        award([0, 0], strengths, all_in=[True, True], button=0, dead=dead)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_best_suit_needs_suit_order() -> None:
    with pytest.raises(PotError) as info:
        award([5, 5], [1, 1], all_in=[False, False], button=0, odd_chip=OddChip.BEST_SUIT)
    assert str(info.value) == "the best-suit odd-chip rule needs suit_order (see suit_key)"
    with pytest.raises(PotError) as info:
        award(
            [5, 5], [1, 1], all_in=[False] * 2, button=0, odd_chip=OddChip.BEST_SUIT, suit_order=[1]
        )
    assert str(info.value) == "one suit_order entry per seat needed: 1 for 2"
    # no showdown, no key needed
    result = award([5, 5], [1, None], all_in=[False] * 2, button=0, odd_chip=OddChip.BEST_SUIT)
    assert result.won == (10, 0)


def test_pot_error_is_value_error_and_results_are_immutable() -> None:
    assert issubclass(PotError, ValueError)
    result = award([3, 3], [1, 1], all_in=[False, False], button=1)
    with pytest.raises(FrozenInstanceError):
        result.won = (6, 0)  # type: ignore[misc]
    assert hash(result) == hash(award([3, 3], [1, 1], all_in=[False, False], button=1))
    assert eval(repr(result)) == result  # repr is a constructor expression


def test_doctests() -> None:
    failures, tried = doctest.testmod(pots)
    assert tried > 0 and failures == 0


# ---------------------------------------------------------------- properties


@dataclass
class Case:
    contributions: list[int]
    strengths: list[int | None]
    all_in: list[bool]
    button: int
    suit_order: list[int]
    dead: int = 0

    def award(
        self,
        tie_split: TieSplit,
        odd_chip: OddChip = OddChip.LEFT_OF_BUTTON,
        splitter: Callable[..., Award] = pots.award,
    ) -> Award:
        return splitter(
            self.contributions,
            self.strengths,
            all_in=self.all_in,
            button=self.button,
            tie_split=tie_split,
            odd_chip=odd_chip,
            suit_order=self.suit_order,
            dead=self.dead,
        )

    def reference(self, tie_split: TieSplit, odd_chip: OddChip) -> Award:
        return self.award(tie_split, odd_chip, reference_award)


SOME_DEAD_MONEY = st.integers(1, 60)
DEAD_MONEY_OR_NONE = st.just(0) | SOME_DEAD_MONEY


@st.composite
def cases(
    draw: st.DrawFn,
    min_seats: int = 2,
    max_seats: int = 9,
    dead: st.SearchStrategy[int] = DEAD_MONEY_OR_NONE,
) -> Case:
    """Any pot a hand can leave: a contesting seat that is not all-in has put in as much
    as anyone (uncalled bets returned); all-in and folded seats anything; dead money
    (dead antes) or none."""
    n = draw(st.integers(min_seats, max_seats))
    chips = st.one_of(st.integers(0, 40), st.sampled_from((0, 1, 7, 50, 100, 1001)))
    contributions = draw(st.lists(chips, min_size=n, max_size=n))
    strengths = draw(st.lists(st.none() | st.integers(0, 3), min_size=n, max_size=n))
    if all(s is None for s in strengths):
        strengths[draw(st.integers(0, n - 1))] = draw(st.integers(0, 3))
    all_in = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    top = max(contributions)
    for seat in range(n):
        if strengths[seat] is not None and not all_in[seat]:
            contributions[seat] = top
    button = draw(st.integers(0, n - 1))
    suit_order = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    return Case(contributions, strengths, all_in, button, suit_order, draw(dead))


RULES = st.sampled_from(TieSplit)
ODD = st.sampled_from(OddChip)
# Each example splits the pots of at most eight seats, in well under a millisecond; the
# default 200 ms deadline could still trip on a loaded machine, two seconds only on a
# real slowdown.
PROPERTY = settings(deadline=timedelta(seconds=2))


@PROPERTY
@given(cases(), RULES, ODD)
def test_award_matches_reference_splitter(case: Case, tie_split: TieSplit, odd: OddChip) -> None:
    assert case.award(tie_split, odd) == case.reference(tie_split, odd)


@PROPERTY
@given(cases(dead=SOME_DEAD_MONEY), RULES, ODD)
def test_award_with_dead_money_matches_reference_splitter(
    case: Case, tie_split: TieSplit, odd: OddChip
) -> None:
    assert case.dead > 0
    assert case.award(tie_split, odd) == case.reference(tie_split, odd)


@PROPERTY
@given(cases(), RULES, ODD)
def test_chips_are_conserved(case: Case, tie_split: TieSplit, odd: OddChip) -> None:
    result = case.award(tie_split, odd)
    total = sum(case.contributions) + case.dead
    assert sum(result.won) == total
    assert all(w >= 0 for w in result.won)
    assert sum(pot.amount for pot in result.pots) == total
    from_pots = [0] * len(result.won)
    for pot in result.pots:
        assert pot.amount > 0
        assert sum(pot.shares) == pot.amount
        assert all(share >= 0 for share in pot.shares)
        assert set(pot.winners) <= set(pot.eligible)
        assert list(pot.eligible) == sorted(pot.eligible)
        assert list(pot.winners) == sorted(pot.winners)
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            from_pots[seat] += share
    assert tuple(from_pots) == result.won


@PROPERTY
@given(cases(), RULES, ODD)
def test_no_seat_wins_more_than_its_expectation(
    case: Case, tie_split: TieSplit, odd: OddChip
) -> None:
    result = case.award(tie_split, odd)
    for seat, won in enumerate(result.won):
        if case.strengths[seat] is None:
            assert won == 0
        else:
            assert won <= expectation(case.contributions, case.strengths, seat, case.dead)


@PROPERTY
@given(cases(), RULES, st.data())
def test_equal_hands_and_contributions_win_equal_shares(
    case: Case, tie_split: TieSplit, data: st.DataObject
) -> None:
    live = [seat for seat, s in enumerate(case.strengths) if s is not None]
    a = data.draw(st.sampled_from(live))
    b = data.draw(st.sampled_from([seat for seat in range(len(case.strengths)) if seat != a]))
    case.contributions[b] = case.contributions[a]
    case.strengths[b] = case.strengths[a]
    case.all_in[b] = case.all_in[a]
    result = case.award(tie_split)
    for pot in result.pots:  # up to one odd chip per pot
        share = dict(zip(pot.winners, pot.shares, strict=True))
        assert (a in share) == (b in share)
        assert abs(share.get(a, 0) - share.get(b, 0)) <= 1
    assert abs(result.won[a] - result.won[b]) <= len(result.pots)


@PROPERTY
@given(cases(), ODD, st.data())
def test_seed001_rule_equals_side_pots_without_ties(
    case: Case, odd: OddChip, data: st.DataObject
) -> None:
    # a single winner at each step wins exactly its E_i − D: the side pots it is in
    live = [seat for seat, s in enumerate(case.strengths) if s is not None]
    ranking = data.draw(st.permutations(range(len(live))))
    for seat, value in zip(live, ranking, strict=True):
        case.strengths[seat] = value
    assert case.award(PROP, odd).won == case.award(SIDE, odd).won


@PROPERTY
@given(cases(), RULES, ODD, st.integers(1, 8))
def test_award_turns_with_the_table(case: Case, tie_split: TieSplit, odd: OddChip, k: int) -> None:
    # moving every seat (and the button) k places round the table moves the winnings too
    n = len(case.contributions)

    def turn(values: list[T]) -> list[T]:
        return [values[(seat - k) % n] for seat in range(n)]

    turned = Case(
        turn(case.contributions),
        turn(case.strengths),
        turn(case.all_in),
        (case.button + k) % n,
        turn(case.suit_order),
        case.dead,
    )
    assert list(turned.award(tie_split, odd).won) == turn(list(case.award(tie_split, odd).won))


def test_every_small_three_seat_pot_matches_reference() -> None:
    # exhaustive: every contribution in {0, 1, 2, 5} per seat, every strength in
    # {folded, 0, 1}, every all-in flag and button, both rules, both odd-chip rules,
    # no dead money and one dead chip
    levels = (0, 1, 2, 5)
    values: tuple[int | None, ...] = (None, 0, 1)
    checked = 0
    for c in product(levels, repeat=3):
        for s in product(values, repeat=3):
            if all(v is None for v in s) and max(c):
                continue
            for flags in product((False, True), repeat=3):
                if any(
                    v is not None and not f and x != max(c)
                    for x, v, f in zip(c, s, flags, strict=True)
                ):
                    continue  # a contesting seat that is not all-in covers everyone
                for button, tie_split, odd, dead in product(range(3), TieSplit, OddChip, (0, 1)):
                    if dead and all(v is None for v in s):
                        continue  # dead money nobody contests
                    keys = [button % 2, 1, 0]
                    case = Case(list(c), list(s), list(flags), button, keys, dead)
                    expected = case.reference(tie_split, odd)
                    assert case.award(tie_split, odd) == expected, (case, tie_split, odd)
                    checked += 1
    assert checked > 40_000
