"""Exact answers for the rules as data (rules.md §3–9, §12): the readers of each field
(``_rulevalues``), the validation (``_rulecheck``) and the ``Rules`` value (presets,
derived values, TOML, overrides, text), every refusal compared whole."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import fields as fields_of
from decimal import Decimal
from fractions import Fraction
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
from pokerroom.conventions import AnteRule, OddChip, Structure
from pokerroom.evaluator.wildcards import JokerMode, WildCards
from pokerroom.rules import _DEFAULT, Rules, RulesError

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
    for text in ("1_000", "++5", "+", "", "\u0663", "5.0", "none5"):
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
    assert Rules(structure=FIXED, small_bet=MAX_CHIPS).small_bet == MAX_CHIPS
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
    assert low_limit(odd(blinds="x")) == 1
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
