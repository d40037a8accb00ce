"""Exact answers for the rules as data (rules.md §3–9, §12): the readers of each field
(``_rulevalues``), the validation (``_rulecheck``) and the ``Rules`` value (presets,
derived values, TOML, overrides, text), every refusal compared whole."""

from __future__ import annotations

import io
from collections import OrderedDict
from dataclasses import fields as fields_of
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from pokerroom._rulecheck import _trimmed, half_low_limit, low_limit, player_limits, players_problem
from pokerroom._rulevalues import (
    MAX_CHIPS,
    coerce_field,
    coerce_wild,
    int_or_none,
    not_whole,
    shown,
    too_large,
    wild_text,
)
from pokerroom.cards import Rank, parse_cards
from pokerroom.conventions import AnteRule, OddChip, ShowdownMode, ShowRule, Structure, TieSplit
from pokerroom.evaluator.wildcards import JokerMode, WildCards
from pokerroom.rules import _DEFAULT, PRESETS, Rules, RulesError, _presets

TOO_LARGE = "more than 1,000,000,000,000, the most any amount or count may be"


def problems(call: Any, *args: Any, **kwargs: Any) -> tuple[str, ...]:
    """The sentences of the :class:`ValueError` ``call(*args, **kwargs)`` raises."""
    with pytest.raises(ValueError) as caught:
        call(*args, **kwargs)
    return tuple(str(a) for a in caught.value.args)


# ---------------------------------------------------------------- values in messages


def test_a_value_in_a_message_is_its_repr_cut_at_60_characters() -> None:
    assert shown(5) == "5" and shown("5") == "'5'" and shown(True) == "True"
    assert shown("x" * 58) == "'" + "x" * 58 + "'"  # 60 characters: whole
    assert shown("x" * 59) == "'" + "x" * 56 + "..."  # 61: cut to 57 and "..."
    assert shown([1] * 30) == repr([1] * 30)[:57] + "..."


def test_a_huge_number_in_a_message_is_its_first_12_digits_and_its_length() -> None:
    assert shown(10**30 - 1) == "9" * 30
    assert shown(10**30) == "100000000000... (31 digits)"
    assert shown(-(10**30)) == "-10000000000... (31 digits)"
    assert shown(123456789012345678901234567890123) == "123456789012... (33 digits)"
    assert shown(300) == "300" and shown(10**12) == "1000000000000"


class Xtra:
    """A value of a type whose name begins with X."""


def test_why_a_value_is_not_a_whole_number_names_what_it_is() -> None:
    assert not_whole(0) is None and not_whole(-7) is None and not_whole(10**40) is None
    assert not_whole(True) == "a truth value (true or false), not a number"
    assert not_whole(float("nan")) == "not a number"
    assert not_whole(float("-inf")) == "not a finite number"
    assert not_whole(4.0) == "not a whole number (an int): write 4"
    assert not_whole(4.5) == "not a whole number"
    assert not_whole("4") == "text, not a whole number (an int)"
    assert not_whole(None) == "missing: a whole number (an int) is needed"
    assert not_whole(Fraction(8, 2)) == "a Fraction, not an int: write 4"
    assert not_whole(Fraction(9, 2)) == "a Fraction, not a whole number (an int)"
    assert not_whole(Decimal("4")) == "a Decimal, not an int: write 4"
    assert not_whole(np.int64(4)) == "an int64, not an int: write 4"
    assert not_whole(object()) == "an object, not a whole number (an int)"
    assert not_whole(OrderedDict()) == "an OrderedDict, not a whole number (an int)"
    assert not_whole(Xtra()) == "a Xtra, not a whole number (an int)"  # X is no vowel
    assert not_whole([4]) == "a list, not a whole number (an int)"
    assert not_whole(np.array([4, 4])) == "a ndarray, not a whole number (an int)"


def test_too_large_is_above_the_most_not_at_it() -> None:
    assert too_large(MAX_CHIPS) is None and too_large(0) is None
    assert too_large(MAX_CHIPS + 1) == TOO_LARGE
    assert too_large(4, 4) is None
    assert too_large(5, 4) == "more than 4, the most any amount or count may be"
    assert too_large(1_000_001, 10**6) == (
        "more than 1,000,000, the most any amount or count may be"
    )


# ---------------------------------------------------------------- the wild cards


def test_wild_text_is_the_ranks_then_the_cards_each_in_order() -> None:
    wild = WildCards(ranks={Rank.JACK, Rank.TWO}, cards=parse_cards("Jd 3c"))
    assert wild_text(wild) == "2 J 3c Jd"
    assert wild_text(WildCards(ranks={Rank.TEN})) == "T"
    assert wild_text(WildCards(cards=parse_cards("As"))) == "As"
    assert wild_text(WildCards(joker=JokerMode.BUG)) == ""


def test_rule1_wild_cards_and_the_joker_are_read_from_text_or_values() -> None:
    deuces = WildCards(ranks={Rank.TWO})
    bug = WildCards(joker=JokerMode.BUG)
    assert coerce_wild(None, None) is None
    assert coerce_wild("", None) is None
    assert coerce_wild("2", None) == deuces
    assert coerce_wild(2, None) == deuces  # deuces wild written as a number
    assert coerce_wild("2 Jd", "Wild") == WildCards(
        ranks={Rank.TWO}, cards=parse_cards("Jd"), joker=JokerMode.WILD
    )
    assert coerce_wild(None, "bug") == bug
    assert coerce_wild("", " BUG ") == bug
    assert coerce_wild(None, JokerMode.BUG) == bug
    for no in ("", "none", " None ", "NO", "no"):
        assert coerce_wild("2", no) == deuces
    assert coerce_wild(deuces, None) == deuces
    assert coerce_wild(bug, None) == bug  # the WildCards' own joker kept
    assert coerce_wild(deuces, "bug") == WildCards(ranks={Rank.TWO}, joker=JokerMode.BUG)
    assert coerce_wild(WildCards(cards=parse_cards("Jd")), JokerMode.WILD) == WildCards(
        cards=parse_cards("Jd"), joker=JokerMode.WILD
    )
    assert coerce_wild(WildCards(), None) is None


def test_rule1_bad_wild_cards_and_a_bad_joker_are_each_named() -> None:
    assert problems(coerce_wild, None, "x") == ("joker is 'x': 'bug', 'wild' or 'none'",)
    assert problems(coerce_wild, None, 5) == ("joker is 5: 'bug', 'wild' or 'none'",)
    assert problems(coerce_wild, True, None) == (
        "wild is True: wild cards are text like '2' or 'Jd' (or a WildCards)",
    )
    assert problems(coerce_wild, 2.5, None) == (
        "wild is 2.5: wild cards are text like '2' or 'Jd' (or a WildCards)",
    )
    card_help = (
        "(a card is a rank 2-9, T or 10, J, Q, K, A and a suit c, d, h, s or \u2663, "
        "\u2666, \u2665, \u2660, like 'As', 'Td' or 'A\u2660'; the joker is 'Jk')"
    )
    assert problems(coerce_wild, "Zz", "x") == (
        "joker is 'x': 'bug', 'wild' or 'none'",
        f"wild is 'Zz': not a card: 'Zz' in 'Zz' {card_help}",
    )


# ---------------------------------------------------------------- one field from plain data


def test_an_enum_field_reads_its_value_in_any_case_with_spaces_or_underscores() -> None:
    for text in ("pot-limit", "POT-LIMIT", " pot limit ", "pot_limit", "Pot_Limit"):
        assert coerce_field("structure", text, Structure) is Structure.POT_LIMIT
    assert coerce_field("structure", Structure.NO_LIMIT, Structure) is Structure.NO_LIMIT
    assert coerce_field("odd_chip", "best suit", OddChip) is OddChip.BEST_SUIT
    assert problems(coerce_field, "structure", "limit", Structure) == (
        "structure is 'limit': one of fixed-limit, no-limit, pot-limit",
    )
    assert problems(coerce_field, "odd_chip", 3, OddChip) == (
        "odd_chip is 3: one of left-of-button, best-suit, first-left-of-button",
    )


def test_a_yes_or_no_field_reads_true_false_yes_no_on_off_1_0() -> None:
    for text in ("true", "TRUE", " yes ", "Yes", "on", "ON", "1"):
        assert coerce_field("check_raise", text, None) is True
    for text in ("false", "FALSE", " no ", "No", "off", "OFF", "0"):
        assert coerce_field("check_raise", text, None) is False
    assert coerce_field("burn_cards", True, None) is True
    assert coerce_field("burn_cards", False, None) is False
    assert problems(coerce_field, "check_raise", "maybe", None) == (
        "check_raise is 'maybe': true or false",
    )
    assert problems(coerce_field, "freeze_out", 1, None) == ("freeze_out is 1: true or false",)


def test_a_number_field_reads_digits_and_none() -> None:
    assert coerce_field("small_bet", "10", None) == 10
    assert coerce_field("players", 6, None) == 6
    assert coerce_field("min_bet", "none", None) is None
    assert problems(coerce_field, "buy_in", "ten", None) == (
        "buy_in is 'ten': not a whole number (write digits, like 10)",
    )


@pytest.mark.parametrize("key", ["blinds", "antes", "max_raises", "first_to_act"])
def test_a_list_field_reads_a_list_a_number_or_none(key: str) -> None:
    assert coerce_field(key, [1, "2", None], None) == (1, 2, None)
    assert coerce_field(key, (3, 4), None) == (3, 4)
    assert coerce_field(key, "5", None) == 5
    assert coerce_field(key, 5, None) == 5
    for text in ("none", " NONE ", "no-cap", "No-Cap"):
        assert coerce_field(key, text, None) is None
    assert problems(coerce_field, key, 1.5, None) == (f"{key} is 1.5: not a whole number",)
    assert problems(coerce_field, key, [1, 1.5], None) == (f"{key} is 1.5: not a whole number",)


def test_derived_reads_names_split_by_commas_or_spaces() -> None:
    assert coerce_field("derived", "blinds,straddle", None) == ("blinds", "straddle")
    assert coerce_field("derived", " blinds  straddle ", None) == ("blinds", "straddle")
    assert coerce_field("derived", ["straddle"], None) == ("straddle",)
    assert coerce_field("derived", (), None) == ()
    for raw in (5, ["blinds", 3], None):
        assert problems(coerce_field, "derived", raw, None) == (
            f"derived is {raw!r}: a list of field names (blinds, straddle)",
        )


def test_other_fields_are_passed_on_as_they_are() -> None:
    marker = object()
    assert coerce_field("wild", marker, None) is marker


def test_a_whole_number_is_read_from_signed_ascii_digits_of_at_most_100() -> None:
    assert int_or_none("small_bet", None) is None
    assert int_or_none("small_bet", " None ") is None
    assert int_or_none("small_bet", "NONE") is None
    assert int_or_none("small_bet", 7) == 7
    assert int_or_none("small_bet", " 12 ") == 12
    assert int_or_none("small_bet", "+5") == 5
    assert int_or_none("small_bet", "-5") == -5
    assert int_or_none("small_bet", "1" * 100) == int("1" * 100)
    assert int_or_none("small_bet", "-" + "1" * 100) == -int("1" * 100)
    digits = "1" * 101
    assert problems(int_or_none, "small_bet", digits) == (
        f"small_bet is {shown(digits)}: {TOO_LARGE}",
    )
    assert shown(digits) == "'" + "1" * 56 + "..."
    for text in ("1_000", "++5", "+", "", "\u0663", "5.0", "none5", "X5"):
        assert problems(int_or_none, "antes", text) == (
            f"antes is {text!r}: not a whole number (write digits, like 10)",
        )
    assert problems(int_or_none, "antes", True) == (
        "antes is True: a truth value (true or false), not a number",
    )
    assert problems(int_or_none, "antes", 4.0) == (
        "antes is 4.0: not a whole number (an int): write 4",
    )


# ---------------------------------------------------------------- the validation

RULE = (
    "a round's bet is at least the bet of the round before (small_bet <= flop_bet <= "
    "big_bet <= river_bet)"
)
FIXED = Structure.FIXED_LIMIT


def refused(**fields: Any) -> tuple[str, ...]:
    """Every problem :class:`Rules` names for ``fields``, in order."""
    with pytest.raises(RulesError) as caught:
        Rules(**fields)
    assert str(caught.value) == "invalid rules: " + "; ".join(caught.value.problems)
    return caught.value.problems


def odd(**fields: Any) -> Any:
    """A stand-in for rules that could not be built, read by the helpers that take any
    object with the fields of :class:`Rules`."""
    return SimpleNamespace(**{**{f.name: getattr(_DEFAULT, f.name) for f in fields_of(Rules)},
                              **fields})  # fmt: skip


def test_rule3_two_to_fourteen_players_each_end_of_the_range_included() -> None:
    assert Rules(players=2).player_counts == range(2, 3)
    assert Rules(players=14).player_counts == range(14, 15)
    for bad in (1, 15, 0, 10**13):
        assert refused(players=bad) == (f"players is {bad}: 2 to 14 players",)
    assert refused(players=True) == (
        "players is True: a truth value (true or false), not a number (2 to 14 players)",
    )
    assert refused(players=2.0) == (
        "players is 2.0: not a whole number (an int): write 2 (2 to 14 players)",
    )


def test_the_fewest_hole_cards_played_are_0_1_or_2() -> None:
    for n in (0, 1, 2):
        assert Rules(min_hole_cards=n).min_hole_cards == n
    assert refused(min_hole_cards=3) == ("min_hole_cards is 3: 0, 1 or 2",)
    assert refused(min_hole_cards=-1) == ("min_hole_cards is -1: 0, 1 or 2",)
    assert refused(min_hole_cards=1.5) == ("min_hole_cards is 1.5: not a whole number (0, 1 or 2)",)


def test_an_amount_is_refused_above_max_chips_with_its_own_phrase() -> None:
    assert Rules(structure=FIXED, small_bet=MAX_CHIPS, big_bet=MAX_CHIPS).small_bet == MAX_CHIPS
    assert refused(structure=FIXED, small_bet=MAX_CHIPS + 1) == (
        f"small_bet is {MAX_CHIPS + 1}: {TOO_LARGE}",
    )
    assert refused(buy_in=MAX_CHIPS + 1) == (f"buy_in is {MAX_CHIPS + 1}: {TOO_LARGE}",)


def test_the_low_limit_is_the_small_bet_the_minimum_bet_or_the_largest_blind() -> None:
    assert low_limit(Rules(structure=FIXED, small_bet=10)) == 10
    assert low_limit(Rules(min_bet=3, blinds=(2, 4))) == 3
    assert low_limit(Rules(blinds=(2, 4))) == 4
    assert low_limit(Rules(blinds=(4, 2))) == 4
    assert low_limit(Rules(blinds=())) == 1
    assert low_limit(Rules(blinds=(0, 0), buy_in=10)) == 1
    assert low_limit(odd(blinds=(3, "x"))) == 3
    assert low_limit(odd(blinds="x")) == 1 and low_limit(odd(blinds=5)) == 1
    assert low_limit(odd(structure=FIXED, small_bet=1)) == 1
    assert low_limit(odd(structure=FIXED, small_bet=MAX_CHIPS)) == MAX_CHIPS
    for bad in (0, MAX_CHIPS + 1, True, None, 2.5):
        assert low_limit(odd(structure=FIXED, small_bet=bad)) is None


def test_rule6_half_the_low_limit_is_rounded_down_and_at_least_1() -> None:
    assert [half_low_limit(low) for low in (1, 2, 3, 4, 5, 10, 11)] == [1, 1, 1, 2, 2, 5, 5]
    assert type(half_low_limit(5)) is int


def test_blinds_are_counted_up_to_the_last_one_posted() -> None:
    assert _trimmed((1, 0, 2, 0, 0)) == (1, 0, 2)
    assert _trimmed((0, 0)) == () and _trimmed(()) == ()
    assert _trimmed((1, 2, 0)) == (1, 2) and _trimmed((0, 0, 1)) == (0, 0, 1)


def test_what_limits_the_players_is_listed_rule_by_rule() -> None:
    hand = (2, 14, "a hand has 2 to 14 players")
    assert player_limits(Rules()) == [hand]
    assert player_limits(Rules(blinds=(1, 2, 0))) == [hand]
    assert player_limits(Rules(blinds=(2,), straddle=4)) == [hand]
    assert player_limits(Rules(blinds=(0, 1, 2))) == [
        hand,
        (3, 14, "blinds [0, 1, 2] need 3 players or more"),
    ]
    assert player_limits(Rules(blinds=(1, 2), straddle=4)) == [
        hand,
        (3, 14, "blinds [1, 2] and a straddle of 4 need 3 players or more"),
    ]
    assert player_limits(Rules(blinds=(1, 2, 4, 0), straddle=8)) == [
        hand,
        (4, 14, "blinds [1, 2, 4] and a straddle of 8 need 4 players or more"),
    ]
    assert player_limits(Rules(antes=(1, 1))) == [
        hand,
        (2, 2, "antes has 2 entries, one per player"),
    ]
    assert player_limits(Rules(antes=(1,) * 14))[1] == (
        14,
        14,
        "antes has 14 entries, one per player",
    )
    assert player_limits(Rules(first_to_act=(1, 0, 0, 0))) == [hand]
    assert player_limits(Rules(first_to_act=(0, 2, 1, 0))) == [
        hand,
        (3, 14, "first_to_act [0, 2, 1, 0] names position 2, so 3 players or more"),
    ]
    assert player_limits(Rules(players=2)) == [hand, (2, 2, "players is 2")]
    assert player_limits(Rules(players=14)) == [hand, (14, 14, "players is 14")]
    # fields not well formed are left out
    assert player_limits(odd(blinds=(1, 2, "x"), first_to_act=(3, -1, 0, 0), antes=(1,),
                             players=15)) == [hand]  # fmt: skip
    assert player_limits(odd(blinds=(1, 2, -4), first_to_act=(), straddle=True)) == [hand]
    assert player_limits(odd(blinds=(1, 2), straddle=True)) == [hand]
    assert player_limits(odd(antes=(1,) * 15)) == [hand]


def test_why_valid_rules_cannot_be_played_by_so_many_players() -> None:
    three = Rules(blinds=(1, 2, 4))
    assert players_problem(three, 2) == "blinds [1, 2, 4] need 3 players or more"
    assert players_problem(three, 3) is None and players_problem(three, 14) is None
    assert players_problem(three, 15) == "a hand has 2 to 14 players"
    assert players_problem(Rules(players=6), 6) is None
    assert players_problem(Rules(players=6), 7) == "players is 6"


def test_player_counts_that_leave_no_game_name_both_sides() -> None:
    assert refused(players=2, blinds=(1, 2, 4)) == (
        "players is 2, but blinds [1, 2, 4] need 3 players or more",
    )
    assert refused(players=4, antes=(1, 1, 1)) == (
        "players is 4, but antes has 3 entries, one per player",
    )
    assert refused(antes=(1, 1), blinds=(1, 2, 4)) == (
        "antes has 2 entries, one per player, but blinds [1, 2, 4] need 3 players or more",
    )
    assert refused(antes=(1, 1, 1, 1), first_to_act=(5, 0, 0, 0)) == (
        "antes has 4 entries, one per player, but first_to_act [5, 0, 0, 0] names "
        "position 5, so 6 players or more",
    )
    # of two rules that need as many players, the first listed is named
    assert refused(players=2, blinds=(1, 2, 4), first_to_act=(2, 0, 0, 0)) == (
        "players is 2, but blinds [1, 2, 4] need 3 players or more",
    )
    # players given but not the tightest bound on either side: the two rules that clash
    assert refused(players=2, antes=(1, 1), blinds=(1, 2, 4)) == (
        "antes has 2 entries, one per player, but blinds [1, 2, 4] need 3 players or more",
    )
    assert Rules(players=3, blinds=(1, 2, 4)).player_counts == range(3, 4)
    assert Rules(antes=(1, 1, 1), blinds=(1, 2, 4)).player_counts == range(3, 4)


def test_rule5_bet_sizes_belong_to_fixed_limit() -> None:
    assert refused(small_bet=10, big_bet=20) == (
        "small_bet is 10: a small bet needs the fixed-limit structure",
        "big_bet is 20: a big bet needs the fixed-limit structure",
    )
    assert refused(flop_bet=1, river_bet=2) == (
        "flop_bet is 1: a flop bet needs the fixed-limit structure",
        "river_bet is 2: a river bet needs the fixed-limit structure",
    )
    assert refused(structure=FIXED) == ("fixed limit needs small_bet (the bet of rounds 1 and 2)",)
    assert Rules(structure=FIXED, small_bet=1, blinds=(1,)).units == (1, 1, 2, 2)
    assert refused(structure=FIXED, small_bet=0, big_bet=0) == (
        "small_bet is 0: a bet size is 1 chip or more",
        "big_bet is 0: a bet size is 1 chip or more",
    )
    assert refused(structure=FIXED, small_bet=10, min_bet=5) == (
        "min_bet is 5: fixed limit bets exactly small_bet / big_bet",
    )
    assert Rules(min_bet=1).units == (1, 1, 1, 1)
    assert refused(min_bet=0) == ("min_bet is 0: 1 chip or more",)
    assert refused(min_bet=2.5) == ("min_bet is 2.5: not a whole number",)


def test_rule5_the_raise_cap_is_0_or_more_once_or_per_round() -> None:
    assert Rules(max_raises=0).raise_caps == (0, 0, 0, 0)
    assert Rules(max_raises=(0, None, 3, 4)).raise_caps == (0, None, 3, 4)
    assert refused(max_raises=-1) == ("max_raises is -1: a raise cap is 0 or more",)
    assert refused(max_raises=(1, 2, 3)) == (
        "max_raises is (1, 2, 3): one cap per round, four rounds",
    )
    assert refused(max_raises=(1, 2, 3, 4, 5)) == (
        "max_raises is (1, 2, 3, 4, 5): one cap per round, four rounds",
    )
    assert refused(max_raises=(1, -1, 2.5, None)) == (
        "max_raises has -1: a raise cap is 0 or more",
        "max_raises has 2.5: not a whole number",
    )
    assert refused(max_raises=(-1,)) == (
        "max_raises is (-1,): one cap per round, four rounds",
        "max_raises has -1: a raise cap is 0 or more",
    )


def test_rule5_a_rounds_bet_is_never_below_the_bet_before() -> None:
    def order(**fields: Any) -> tuple[str, ...]:
        return refused(structure=FIXED, blinds=(1,), **fields)

    assert order(small_bet=30, big_bet=20) == (
        f"big_bet is 20, less than small_bet 30: {RULE}; give big_bet 30 or more, or leave "
        "it out for twice the small bet, 60",
    )
    assert order(small_bet=10, flop_bet=5) == (
        f"flop_bet is 5, less than small_bet 10: {RULE}; give flop_bet 10 or more, or leave "
        "it out for the small bet, 10",
    )
    assert order(small_bet=10, river_bet=5) == (
        f"river_bet is 5, less than big_bet 20: {RULE}; give river_bet 20 or more, or leave "
        "it out for the big bet, 20",
    )
    assert order(small_bet=10, flop_bet=40) == (
        f"flop_bet is 40, more than big_bet 20 (twice the small bet, 20): {RULE}; give "
        "big_bet 40 or more too, or flop_bet up to 20",
    )
    assert order(small_bet=10, flop_bet=10, big_bet=5) == (
        f"big_bet is 5, less than small_bet 10: {RULE}; give big_bet 10 or more, or leave "
        "it out for twice the small bet, 20",
    )
    assert order(small_bet=10, flop_bet=15, big_bet=12, river_bet=11) == (
        f"big_bet is 12, less than flop_bet 15: {RULE}; give big_bet 15 or more, or leave "
        "it out for twice the small bet, 20",
        f"river_bet is 11, less than flop_bet 15: {RULE}; give river_bet 15 or more, or "
        "leave it out for the big bet, 12",
    )
    assert order(small_bet=2, flop_bet=1) == (  # bets of 1 chip and of MAX_CHIPS are ordered too
        f"flop_bet is 1, less than small_bet 2: {RULE}; give flop_bet 2 or more, or leave "
        "it out for the small bet, 2",
    )
    top = f"{MAX_CHIPS}"
    assert order(small_bet=MAX_CHIPS, flop_bet=5) == (
        f"small_bet is {top}: the big bet left out is twice it, {2 * MAX_CHIPS}, more than "
        f"{MAX_CHIPS:,}, the most any amount or count may be; give big_bet {top} or less, or "
        f"small_bet up to {MAX_CHIPS // 2}",
        f"flop_bet is 5, less than small_bet {top}: {RULE}; give flop_bet {top} or more, or "
        f"leave it out for the small bet, {top}",
    )
    half = MAX_CHIPS // 2  # whole chips: a derived big bet is at most MAX_CHIPS too
    units = Rules(structure=FIXED, small_bet=half, blinds=(1,)).units
    assert units == (half, half, MAX_CHIPS, MAX_CHIPS)
    assert order(small_bet=half + 1) == (
        f"small_bet is {half + 1}: the big bet left out is twice it, {MAX_CHIPS + 2}, more "
        f"than {MAX_CHIPS:,}, the most any amount or count may be; give big_bet {top} or "
        f"less, or small_bet up to {half}",
    )
    given = Rules(structure=FIXED, small_bet=MAX_CHIPS, big_bet=MAX_CHIPS, blinds=(1,))
    assert given.units[2] == MAX_CHIPS
    same = Rules(structure=FIXED, small_bet=10, flop_bet=10, big_bet=10, river_bet=10)
    assert same.units == (10, 10, 10, 10)
    assert order(small_bet=0, big_bet=5) == ("small_bet is 0: a bet size is 1 chip or more",)


def test_rule6_antes_are_0_chips_or_more_once_or_per_position() -> None:
    assert refused(antes=-1) == ("antes is -1: antes are 0 chips or more",)
    assert refused(antes=1.5) == ("antes is 1.5: not a whole number",)
    assert refused(antes=True) == ("antes is True: a truth value (true or false), not a number",)
    assert refused(antes=(1, -1, 2.5)) == (
        "antes is (1, -1, 2.5): antes are 0 chips or more (-1 among them)",
    )
    assert refused(antes=(1, 2.5, -1)) == (
        "antes is (1, 2.5, -1): not a whole number (2.5 among them)",
    )
    assert refused(antes=(1,)) == ("antes has 1 entries: one per position, 2 to 14",)
    assert refused(antes=(0,) * 15) == ("antes has 15 entries: one per position, 2 to 14",)
    assert Rules(antes=(0, 1)).ante_amounts(2) == (0, 1)


def test_rule6_the_half_low_limit_ante_refuses_another_ante() -> None:
    half = AnteRule.HALF_LOW_LIMIT
    assert Rules(structure=FIXED, small_bet=10, ante_rule=half).antes == 5
    assert Rules(structure=FIXED, small_bet=10, ante_rule=half, antes=5).antes == 5
    text = ("but ante_rule half-low-limit sets every ante to 5 (max(1, 10 // 2)): leave "
            "antes out, or give ante_rule=fixed")  # fmt: skip
    assert refused(structure=FIXED, small_bet=10, ante_rule=half, antes=3) == (
        f"antes is 3 {text}",
    )
    assert refused(structure=FIXED, small_bet=10, ante_rule=half, antes=(5, 5)) == (
        f"antes is (5, 5) {text}",
    )
    assert Rules(min_bet=3, ante_rule=half).antes == 1
    assert Rules(ante_rule=half, blinds=()).antes == 1


def test_rule6_blinds_are_a_list_of_0_chips_or_more_one_per_player_at_most() -> None:
    assert refused(blinds=5) == ("blinds is 5: a list of whole numbers of chips, 0 or more",)
    assert refused(blinds=5, straddle=3) == (  # the straddle is not judged against bad blinds
        "blinds is 5: a list of whole numbers of chips, 0 or more",
    )
    assert refused(blinds=(1, -2)) == ("blinds is (1, -2): blinds are 0 chips or more",)
    assert refused(blinds=(1, 2.5, -1)) == ("blinds is (1, 2.5, -1): not a whole number",)
    assert refused(blinds=(1,) * 15) == ("blinds has 15 entries: at most one per player (14)",)
    assert Rules(blinds=(1,) * 14).player_counts == range(14, 15)
    assert Rules(blinds=(0, 2)).blinds == (0, 2)


def test_rule6_a_straddle_is_larger_than_every_blind_and_in_fixed_limit_a_small_bet() -> None:
    assert refused(straddle=-1) == ("straddle is -1: 0 for none, or the chips of the straddle",)
    assert refused(straddle=4) == (
        "straddle is 4: a straddle is larger than every blind (4); give more than 4, or 0 for none",
    )
    assert Rules(straddle=5).straddle == 5
    assert refused(blinds=(1, 1), straddle=1, players=2) == (  # a straddle of 1 still needs a seat
        "straddle is 1: a straddle is larger than every blind (1); give more than 1, or 0 for none",
        "players is 2, but blinds [1, 1] and a straddle of 1 need 3 players or more",
    )
    assert Rules(blinds=(), straddle=1).big_blind == 1
    assert refused(structure=FIXED, small_bet=10, blinds=(5,), straddle=8) == (
        "straddle is 8: a fixed-limit straddle is at least one small bet (10); give 10 or "
        "more, or 0 for none",
    )
    assert Rules(structure=FIXED, small_bet=10, blinds=(5,), straddle=10).straddle == 10
    assert refused(structure=FIXED, small_bet=10, blinds=(5, 10), straddle=8) == (
        "straddle is 8: a straddle is larger than every blind (10); give more than 10, or 0 "
        "for none",
        "straddle is 8: a fixed-limit straddle is at least one small bet (10); give 10 or "
        "more, or 0 for none",
    )
    assert Rules(structure=FIXED, small_bet=10, blinds=(5, 10)).straddle == 0
    assert refused(straddle_counts=True) == ("straddle_counts is set but there is no straddle",)
    assert Rules(straddle_counts=True, straddle=8).straddle_counts is True


def test_derived_names_blinds_or_straddle_and_needs_a_low_limit() -> None:
    assert refused(derived=("blinds", "x")) == (
        "derived is ('blinds', 'x'): it names fields of blinds, straddle",
    )
    assert refused(derived="blinds") == (
        "derived is 'blinds': it names fields of blinds, straddle",
    )
    assert refused(derived=("blinds",)) == (
        "derived names blinds, but there is no low limit to derive them from (min_bet)",
    )
    assert refused(structure=FIXED, derived=("blinds", "straddle")) == (
        "fixed limit needs small_bet (the bet of rounds 1 and 2)",
        "derived names blinds, straddle, but there is no low limit to derive them from (small_bet)",
    )
    assert Rules(min_bet=10, derived=("blinds",)).blinds == (5, 10)


def test_first_to_act_is_one_position_0_to_13_per_round() -> None:
    assert Rules(first_to_act=(13, 0, 0, 0)).player_counts == range(14, 15)
    assert refused(first_to_act=(0, 1)) == (
        "first_to_act is (0, 1): one position per round, four rounds",
    )
    assert refused(first_to_act=(0,) * 5) == (
        "first_to_act is (0, 0, 0, 0, 0): one position per round, four rounds",
    )
    assert refused(first_to_act=3) == ("first_to_act is 3: one position per round, four rounds",)
    assert refused(first_to_act=(0, 14, -1, 0)) == ("first_to_act has 14: positions are 0 to 13",)
    assert refused(first_to_act=(0, -1, 0, 0)) == ("first_to_act has -1: positions are 0 to 13",)
    assert refused(first_to_act=(0, 1.5, 0, 0)) == (
        "first_to_act has 1.5: not a whole number (positions are 0 to 13)",
    )


def test_the_yes_or_no_fields_and_the_enums_and_wild_are_checked_by_type() -> None:
    assert refused(check_raise=1, burn_cards="yes") == (
        "burn_cards is 'yes': true or false",
        "check_raise is 1: true or false",
    )
    assert refused(structure="no-limit", players=99) == ("structure is 'no-limit': a Structure",)
    assert refused(odd_chip="best-suit") == ("odd_chip is 'best-suit': a OddChip",)
    assert refused(wild="2") == ("wild is '2': a WildCards",)
    assert Rules(wild=WildCards(ranks={Rank.TWO})).joker is False


def test_rule10_the_buy_in_covers_the_forced_bets_with_chips_to_spare() -> None:
    assert refused(buy_in=0) == ("buy_in is 0: 1 chip or more",)
    assert refused(buy_in=4) == (
        "buy_in is 4: a player must be able to post the forced bets (4) and still play; "
        "give more than 4",
    )
    assert Rules(buy_in=5).buy_in == 5
    assert Rules(blinds=(), buy_in=1).buy_in == 1
    assert refused(antes=1, straddle=8, buy_in=9) == (
        "buy_in is 9: a player must be able to post the forced bets (9) and still play; "
        "give more than 9",
    )
    assert refused(antes=(1, 1, 3), straddle=8, buy_in=11) == (
        "buy_in is 11: a player must be able to post the forced bets (11) and still play; "
        "give more than 11",
    )
    assert Rules(antes=(1, 1, 3), straddle=8, buy_in=12).buy_in == 12
    assert refused(antes=(), buy_in=5) == ("antes has 0 entries: one per position, 2 to 14",)
    assert refused(blinds=(2, "x"), buy_in=3) == (
        "blinds is (2, 'x'): text, not a whole number (an int)",
    )


def test_a_list_of_too_many_blinds_or_a_position_past_13_is_named_once() -> None:
    """Only the field's own problem: a list of 15 blinds, or a first position of 14, is
    not also read as needing 15 players (it was: "a hand has 2 to 14 players, but ...")."""
    assert refused(blinds=(1,) * 15) == ("blinds has 15 entries: at most one per player (14)",)
    assert refused(first_to_act=(14, 0, 0, 0)) == ("first_to_act has 14: positions are 0 to 13",)
    hand = (2, 14, "a hand has 2 to 14 players")
    assert player_limits(odd(first_to_act=(0, 0, 0, 0, 5))) == [hand]
    assert player_limits(odd(first_to_act=(0, 0, 5))) == [hand]
    assert player_limits(odd(first_to_act=(13, 0, 0, 0)))[1][:2] == (14, 14)
    assert player_limits(odd(blinds=(1,) * 14))[1][:2] == (14, 14)


# ---------------------------------------------------------------- the Rules value


def test_rule12_the_presets_built_afresh_are_the_tables_values() -> None:
    """rules.md §12, field by field (``_presets`` runs once at import, so it is called
    again here: a change to it would otherwise never be seen)."""
    built = _presets()
    assert list(built) == ["computer-tournament", "casino-limit", "no-limit", "wild"]
    assert built == PRESETS
    computer = built["computer-tournament"]
    assert computer == Rules(
        structure=FIXED, small_bet=10, max_raises=3, antes=2, blinds=(5,), button_blind=True,
        straddle=10, derived=("blinds", "straddle"), all_in_only_when_short=True,
        fixed_limit_completes=False, showdown=ShowdownMode.ANNOUNCED,
        show_rule=ShowRule.BETTER_OR_CONCEDE, tie_split=TieSplit.PROPORTIONAL, buy_in=1000,
        freeze_out=True,
    )  # fmt: skip
    assert (computer.units, computer.straddle_counts, computer.check_raise) == (
        (10, 10, 20, 20), False, True,
    )  # fmt: skip
    casino = built["casino-limit"]
    assert casino == Rules(structure=FIXED, small_bet=2, max_raises=3, blinds=(1, 2),
                           derived=("blinds",))  # fmt: skip
    assert (casino.units, casino.burn_cards, casino.buy_in) == ((2, 2, 4, 4), True, 1000)
    assert built["no-limit"] == Rules(structure=Structure.NO_LIMIT, blinds=(2, 4), buy_in=1000)
    assert built["wild"] == Rules(blinds=(2, 4), wild=WildCards(joker=JokerMode.BUG))
    assert built["wild"].joker is True and built["no-limit"].joker is False


def test_a_preset_by_name_with_overrides_and_an_unknown_name_in_full() -> None:
    assert Rules.preset("no-limit") is PRESETS["no-limit"]
    assert Rules.preset("no-limit", buy_in=500) == Rules(blinds=(2, 4), buy_in=500)
    names = "casino-limit, computer-tournament, no-limit, wild"
    with pytest.raises(RulesError) as caught:
        Rules.preset("poker")
    assert caught.value.problems == (f"no preset 'poker' (presets: {names})",)
    with pytest.raises(RulesError) as caught:
        Rules.preset(5)  # type: ignore[arg-type]
    assert caught.value.problems == (f"no preset 5 (presets: {names})",)
    long = "x" * 50
    with pytest.raises(RulesError) as caught:
        Rules.from_mapping({"preset": long})
    assert caught.value.problems == (f"no preset '{'x' * 36}... (presets: {names})",)
    with pytest.raises(RulesError) as caught:
        Rules.from_mapping({"preset": "x" * 38})  # a repr of exactly 40 characters: whole
    assert caught.value.problems == (f"no preset '{'x' * 38}' (presets: {names})",)
    with pytest.raises(RulesError) as caught:
        Rules.from_mapping({"preset": "x" * 39})  # 41: cut
    assert caught.value.problems == (f"no preset '{'x' * 36}... (presets: {names})",)


def test_rules_error_lists_its_problems_and_joins_them() -> None:
    error = RulesError(iter(["a", "b"]))
    assert error.problems == ("a", "b") and str(error) == "invalid rules: a; b"
    assert isinstance(error, ValueError)


def test_lists_become_tuples_and_derived_is_sorted_once_each() -> None:
    lists: dict[str, Any] = {"blinds": [1, 2], "antes": [0, 1], "max_raises": [1, 2, 3, 4],
                             "first_to_act": [0, 1, 1, 1]}  # fmt: skip
    r = Rules(**lists)
    assert (r.blinds, r.antes, r.max_raises, r.first_to_act) == (
        (1, 2), (0, 1), (1, 2, 3, 4), (0, 1, 1, 1),
    )  # fmt: skip
    assert hash(r) == hash(Rules(**{k: tuple(v) for k, v in lists.items()}))
    named: Any = ["straddle", "blinds", "straddle"]
    d = Rules(min_bet=8, button_blind=True, derived=named)
    assert (d.derived, d.blinds, d.straddle) == (("blinds", "straddle"), (4,), 8)


def test_rule6_derived_blinds_and_straddle_are_half_the_low_limit_and_the_low_limit() -> None:
    assert Rules(min_bet=9, derived=("blinds",)).blinds == (4, 9)
    assert Rules(min_bet=9, derived=("straddle",), blinds=(2, 4)).straddle == 9
    assert Rules(min_bet=9, derived=("blinds",), button_blind=True).blinds == (4,)
    fixed = Rules(structure=FIXED, small_bet=7, derived=("blinds", "straddle"), button_blind=True)
    assert (fixed.blinds, fixed.straddle) == ((3,), 7)
    assert Rules(min_bet=9, blinds=(1, 2)).blinds == (1, 2)  # nothing derived: as given
    assert Rules(min_bet=1, derived=("blinds",), button_blind=True).blinds == (0,)
    top = f"{MAX_CHIPS}"  # derived at the largest low limit too: then no buy-in covers them
    assert refused(min_bet=MAX_CHIPS, derived=("blinds",)) == (
        f"buy_in is 1000: a player must be able to post the forced bets ({top}) and still "
        f"play; give more than {top}",
    )
    assert type(Rules(min_bet=9, derived=("blinds",)).blinds[0]) is int


def test_rule6_the_half_low_limit_ante_is_set_when_none_is_given() -> None:
    half = AnteRule.HALF_LOW_LIMIT
    assert Rules(structure=FIXED, small_bet=9, ante_rule=half).antes == 4
    assert Rules(structure=FIXED, small_bet=1, ante_rule=half, blinds=(1,)).antes == 1
    assert Rules(min_bet=9, ante_rule=half).antes == 4
    assert Rules(structure=FIXED, small_bet=9, antes=1).antes == 1
    assert refused(structure=FIXED, ante_rule=half) == (
        "fixed limit needs small_bet (the bet of rounds 1 and 2)",
    )


def test_units_raise_caps_antes_and_the_big_blind() -> None:
    assert Rules(structure=FIXED, small_bet=3).units == (3, 3, 6, 6)
    assert Rules(structure=FIXED, small_bet=3, flop_bet=4).units == (3, 4, 6, 6)
    assert Rules(structure=FIXED, small_bet=3, big_bet=5, river_bet=7).units == (3, 3, 5, 7)
    assert Rules(blinds=(2, 5)).units == (5, 5, 5, 5)
    assert Rules(blinds=()).units == (1, 1, 1, 1)
    assert Rules(max_raises=None).raise_caps == (None, None, None, None)
    assert Rules(antes=3).ante_amounts(4) == (3, 3, 3, 3)
    assert Rules(antes=(1, 2, 3)).ante_amounts(3) == (1, 2, 3)
    assert Rules(blinds=(2, 4), straddle=9).big_blind == 9
    assert Rules(blinds=(6, 4)).big_blind == 6 and Rules(blinds=()).big_blind == 0


def test_a_new_structure_takes_the_low_limit_along() -> None:
    nl = Rules.preset("no-limit")
    fixed = nl.replace(structure="fixed-limit")
    assert (fixed.small_bet, fixed.min_bet, fixed.units) == (4, None, (4, 4, 8, 8))
    assert nl.replace(structure="fixed-limit", min_bet=None).small_bet == 4
    assert Rules(min_bet=6).replace(structure="fixed-limit").small_bet == 6
    assert Rules(blinds=(2, 3)).replace(structure="fixed-limit", blinds=(1, 5)).small_bet == 5
    assert Rules(blinds=()).replace(structure="fixed-limit").small_bet == 1
    # no blind given: the low limit the base had (its largest blind)
    assert Rules(blinds=(2, 4)).replace(structure="fixed-limit", blinds=()).units == (4, 4, 8, 8)
    with pytest.raises(RulesError) as caught:  # blinds that are no list: refused, not a crash
        Rules().replace(structure="fixed-limit", blinds=5)
    assert caught.value.problems == ("blinds is 5: a list of whole numbers of chips, 0 or more",)
    with pytest.raises(RulesError) as caught:  # and the small bet is still the base's 4
        Rules().replace(structure="fixed-limit", blinds=5, straddle=3)
    assert caught.value.problems[1] == (
        "straddle is 3: a fixed-limit straddle is at least one small bet (4); give 4 or more, "
        "or 0 for none"
    )
    assert Rules(blinds=(0, 0), buy_in=9).replace(structure="fixed-limit").small_bet == 1
    assert Rules(blinds=(2, 3)).replace(structure="fixed-limit", small_bet=8).small_bet == 8
    with pytest.raises(RulesError) as caught:
        Rules(blinds=(2, 3)).replace(structure="fixed-limit", blinds="x")
    assert caught.value.problems == ("blinds is 'x': not a whole number (write digits, like 10)",)
    with pytest.raises(RulesError) as caught:
        Rules(blinds=(2, 3)).replace(structure="fixed-limit", min_bet="x")
    assert caught.value.problems == ("min_bet is 'x': not a whole number (write digits, like 10)",)
    casino = Rules.preset("casino-limit")
    nolimit = casino.replace(structure="no-limit")
    assert (nolimit.min_bet, nolimit.small_bet, nolimit.big_bet) == (2, None, None)
    assert (nolimit.flop_bet, nolimit.river_bet) == (None, None)
    assert casino.replace(structure="no-limit", small_bet=None).min_bet == 2
    flop = Rules(structure=FIXED, small_bet=3, flop_bet=4, blinds=(1,))
    assert flop.replace(structure="no-limit", small_bet=None).min_bet == 3  # L, not the flop's
    with pytest.raises(RulesError) as caught:  # a small bet given with the change sets L
        casino.replace(structure="no-limit", small_bet=6, straddle=4)
    assert caught.value.problems == (
        "small_bet is 6: a small bet needs the fixed-limit structure",
        "straddle is 4: a straddle is larger than every blind (6); give more than 6, or 0 for none",
    )
    with pytest.raises(RulesError) as caught:  # a minimum bet given into fixed limit is kept
        nl.replace(structure="fixed-limit", min_bet=5)
    assert caught.value.problems == ("min_bet is 5: fixed limit bets exactly small_bet / big_bet",)
    big = Rules(structure=FIXED, small_bet=3, flop_bet=4, big_bet=8, river_bet=9, blinds=(1,))
    assert big.replace(structure="pot-limit").units == (3, 3, 3, 3)
    assert big.replace(structure="pot-limit", min_bet=5).min_bet == 5
    with pytest.raises(RulesError) as caught:
        big.replace(structure="pot-limit", small_bet="x")
    assert (
        caught.value.problems[0] == "small_bet is 'x': not a whole number (write digits, like 10)"
    )
    assert casino.replace(structure="fixed-limit") == casino  # the same structure: kept
    button = Rules(structure=FIXED, small_bet=10, blinds=(5,))  # a blind that is not L
    assert button.replace(structure="fixed-limit") == button
    assert casino.replace(small_bet=4).units == (4, 4, 8, 8)


def test_rule6_the_half_low_limit_rule_and_a_given_ante_replace_each_other() -> None:
    computer = Rules.preset("computer-tournament")
    half = computer.replace(ante_rule="half-low-limit")
    assert (half.ante_rule, half.antes) == (AnteRule.HALF_LOW_LIMIT, 5)
    given = half.replace(antes=3)
    assert (given.ante_rule, given.antes) == (AnteRule.FIXED, 3)
    assert half.replace(small_bet=30).antes == 15
    assert computer.replace(antes=7).ante_rule is AnteRule.FIXED


def test_a_change_is_coerced_and_every_unknown_or_bad_field_is_listed_first() -> None:
    names = ", ".join(sorted(f.name for f in fields_of(Rules)))
    with pytest.raises(RulesError) as caught:
        Rules().replace(smal_bet=3, check_raise="maybe", blinds=[1, 2])
    assert caught.value.problems == (
        f"unknown rule 'smal_bet' (rules: {names})",
        "check_raise is 'maybe': true or false",
    )
    with pytest.raises(RulesError) as caught:
        Rules().replace(**{"x" * 50: 1})
    assert caught.value.problems == (f"unknown rule '{'x' * 36}... (rules: {names})",)
    assert Rules().replace(check_raise="no", blinds=[1, 2]) == Rules(check_raise=False,
                                                                     blinds=(1, 2))  # fmt: skip
    assert Rules().replace() == Rules()


def test_a_refusal_adds_the_problems_of_the_rest_as_if_the_bad_fields_were_not_given() -> None:
    with pytest.raises(RulesError) as caught:
        Rules().replace(check_raise="maybe", straddle=3)
    assert caught.value.problems == (
        "check_raise is 'maybe': true or false",
        "straddle is 3: a straddle is larger than every blind (4); give more than 4, or 0 for none",
    )
    with pytest.raises(RulesError) as caught:
        Rules().replace(zz=1, straddle=3)
    assert caught.value.problems == (
        f"unknown rule 'zz' (rules: {', '.join(sorted(f.name for f in fields_of(Rules)))})",
        "straddle is 3: a straddle is larger than every blind (4); give more than 4, or 0 for none",
    )
    with pytest.raises(RulesError) as caught:
        Rules().replace(wild="Zz", straddle=3, joker="bug")
    assert caught.value.problems[1:] == (
        "straddle is 3: a straddle is larger than every blind (4); give more than 4, or 0 for none",
    )
    with pytest.raises(RulesError) as caught:
        Rules().replace(check_raise="maybe", wild="2", players=15)
    assert caught.value.problems == (
        "check_raise is 'maybe': true or false",
        "players is 15: 2 to 14 players",
    )
    with pytest.raises(RulesError) as caught:
        Rules().replace(players=15, check_raise="maybe", blinds=[-1])
    assert caught.value.problems == (
        "check_raise is 'maybe': true or false",
        "blinds is (-1,): blinds are 0 chips or more",
        "players is 15: 2 to 14 players",
    )


def test_wild_cards_and_the_joker_are_kept_unless_changed() -> None:
    wild = Rules.preset("wild")
    assert wild.replace(buy_in=50).wild == WildCards(joker=JokerMode.BUG)
    assert wild.replace(joker="wild").wild == WildCards(joker=JokerMode.WILD)
    assert wild.replace(wild="2").wild == WildCards(ranks={Rank.TWO}, joker=JokerMode.BUG)
    assert wild.replace(joker="none").wild is None
    assert Rules().replace(wild="2").wild == WildCards(ranks={Rank.TWO})
    with pytest.raises(RulesError) as caught:
        wild.replace(joker="x", buy_in=0)
    assert caught.value.problems == (
        "joker is 'x': 'bug', 'wild' or 'none'",
        "buy_in is 0: 1 chip or more",
    )


def test_from_mapping_reads_a_preset_and_fields_given() -> None:
    assert Rules.from_mapping({}) == Rules()
    assert Rules.from_mapping({"preset": "no-limit"}) == PRESETS["no-limit"]
    assert Rules.from_mapping({"preset": "casino-limit", "small_bet": 5}).units == (5, 5, 10, 10)
    derived = Rules.from_mapping({"preset": "computer-tournament", "straddle": 30,
                                  "derived": ["blinds", "straddle"]})  # fmt: skip
    assert (derived.straddle, derived.derived, derived.blinds) == (30, ("blinds",), (5,))
    with pytest.raises(RulesError) as caught:
        Rules.from_mapping([("small_bet", 1)])  # type: ignore[arg-type]
    assert caught.value.problems == ("rules are a table of field = value, not list",)
    with pytest.raises(RulesError) as caught:
        Rules.from_mapping({"preset": "nope", "players": 99})
    assert caught.value.problems == (
        "no preset 'nope' (presets: casino-limit, computer-tournament, no-limit, wild)",
        "players is 99: 2 to 14 players",
    )
    data = {"preset": "no-limit", "buy_in": 10}
    Rules.from_mapping(data)
    assert data == {"preset": "no-limit", "buy_in": 10}  # the caller's table is left alone


def test_toml_text_a_rules_table_and_a_file() -> None:
    assert Rules.from_toml('[rules]\npreset = "no-limit"\nbuy_in = 50').buy_in == 50
    assert Rules.from_toml('preset = "no-limit"\nbuy_in = 60').buy_in == 60
    assert Rules.from_toml("") == Rules()
    with pytest.raises(RulesError) as caught:
        Rules.from_toml("rules = 5")
    assert caught.value.problems == ("[rules] must be a table",)
    with pytest.raises(RulesError) as caught:
        Rules.from_toml("x = ")
    assert caught.value.problems == ("not TOML: Invalid value (at end of document)",)


def test_a_rules_file_is_read_as_utf8(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "rules.toml"
    path.write_bytes('# ♠ pokerroom\npreset = "casino-limit"\nsmall_bet = 3\n'.encode())
    assert Rules.load(path).units == (3, 3, 6, 6)
    assert Rules.load(str(path)).units == (3, 3, 6, 6)
    # and where the locale's encoding, the default for text files, is ASCII
    monkeypatch.setattr(io, "text_encoding", lambda encoding, *_: encoding or "ascii")
    with pytest.raises(UnicodeDecodeError):
        path.read_text()
    assert Rules.load(path).units == (3, 3, 6, 6)


def test_overrides_are_toml_values_or_bare_words_and_bad_ones_are_all_named() -> None:
    casino = Rules.preset("casino-limit")
    got = casino.override(["min-bet = 5", " check_raise=false", "structure=pot-limit",
                           "blinds=[1, 3]", "show_rule = all-show"])  # fmt: skip
    assert (got.min_bet, got.check_raise, got.structure, got.blinds) == (
        5, False, Structure.POT_LIMIT, (1, 3),
    )  # fmt: skip
    assert got.show_rule is ShowRule.ALL_SHOW
    assert casino.override([]) == casino
    with pytest.raises(RulesError) as caught:
        casino.override(["small_bet", "=5", "check_raise=no", " = "])
    assert caught.value.problems == (
        "not an assignment: 'small_bet' (write field=value)",
        "not an assignment: '=5' (write field=value)",
        "not an assignment: ' = ' (write field=value)",
    )
    with pytest.raises(RulesError) as caught:
        casino.override(["wild=a=b"])
    assert caught.value.problems[0].startswith("wild is 'a=b': ")


def test_to_mapping_writes_what_was_given_and_names_the_derived() -> None:
    computer = Rules.preset("computer-tournament")
    assert computer.to_mapping() == {
        "structure": "fixed-limit", "small_bet": 10, "max_raises": 3, "straddle_counts": False,
        "cap_counts": "raises", "antes": 2, "ante_rule": "fixed", "dead_antes": False,
        "button_blind": True, "heads_up_reversed": True, "derived": ["blinds", "straddle"],
        "check_raise": True, "all_in_only_when_short": True, "antes_trimmed_first": True,
        "short_blind_called_in_full": True, "blind_sets_min_raise": True,
        "fixed_limit_completes": False, "reopening": "full-raise", "lone_player_acts": False,
        "burn_cards": True, "min_hole_cards": 0, "showdown": "announced",
        "show_rule": "better-or-concede", "tie_split": "proportional",
        "odd_chip": "left-of-button", "buy_in": 1000, "freeze_out": True,
    }  # fmt: skip
    plain = Rules(max_raises=(1, None, 2, None), wild=WildCards(ranks={Rank.TWO},
                  joker=JokerMode.WILD), first_to_act=(1, 0, 0, 0))  # fmt: skip
    out = plain.to_mapping()
    assert (out["max_raises"], out["wild"], out["joker"], out["first_to_act"]) == (
        [1, "none", 2, "none"], "2", "wild", [1, 0, 0, 0],
    )  # fmt: skip
    assert out["blinds"] == [2, 4] and "derived" not in out and "min_bet" not in out
    assert "joker" not in Rules(wild=WildCards(ranks={Rank.TWO})).to_mapping()
    half = computer.replace(ante_rule="half-low-limit")
    assert "antes" not in half.to_mapping() and half.to_mapping()["ante_rule"] == "half-low-limit"
    for rules in (computer, plain, half, *PRESETS.values()):
        assert Rules.from_toml(rules.to_toml()) == rules
        assert Rules.from_mapping(rules.to_mapping()) == rules


def test_repr_names_the_fields_that_differ_from_the_defaults_and_not_the_derived() -> None:
    assert repr(Rules()) == "Rules()"
    assert repr(Rules.preset("casino-limit")) == (
        "Rules(structure=Structure.FIXED_LIMIT, small_bet=2, max_raises=3, derived=('blinds',))"
    )
    assert repr(Rules(odd_chip=OddChip.BEST_SUIT, buy_in=50, check_raise=False)) == (
        "Rules(check_raise=False, odd_chip=OddChip.BEST_SUIT, buy_in=50)"
    )


def test_str_tells_the_structure_the_forced_bets_and_the_cap() -> None:
    assert str(Rules()) == "no limit (minimum bet 4), blinds 2/4"
    assert str(Rules.preset("casino-limit")) == "fixed limit 2/4, blinds 1/2, raise cap 3"
    assert str(Rules.preset("computer-tournament")) == (
        "fixed limit 10/20, ante 2, button blind 5, straddle 10, raise cap 3"
    )
    assert str(Rules(structure=FIXED, small_bet=1000, big_bet=2000, river_bet=3000,
                     blinds=(500, 1000), buy_in=10_000)) == (
        "fixed limit 1,000/2,000 (river 3,000), blinds 500/1,000"
    )  # fmt: skip
    assert str(Rules(structure=Structure.POT_LIMIT, min_bet=2000, blinds=(), buy_in=5000)) == (
        "pot limit (minimum bet 2,000)"
    )
    assert str(Rules(min_bet=3, blinds=(0, 0), antes=(0, 1500, 0), buy_in=9000)) == (
        "no limit (minimum bet 3), ante 1,500"
    )
    assert str(Rules(antes=(0, 0, 7), players=3, max_raises=(1, 2, 3, 4))) == (
        "no limit (minimum bet 4), ante 7, blinds 2/4, raise cap (1, 2, 3, 4)"
    )
    assert str(Rules(antes=5, players=3)) == "no limit (minimum bet 4), ante 5, blinds 2/4"
    # the small bet and the big bet, not the flop's
    assert str(Rules(structure=FIXED, small_bet=3, flop_bet=4)) == "fixed limit 3/6, blinds 2/4"
