"""Rules as data: presets (rules.md §12), validation, TOML, overrides, notation."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_helpers import play_random
from pokerroom._rulevalues import INT_FIELDS
from pokerroom.engine import EventKind, Hand, HandError, OddChip, TieSplit
from pokerroom.evaluator import JokerMode, WildCards
from pokerroom.rules import (
    MAX_CHIPS,
    PRESETS,
    AnteRule,
    Rules,
    RulesError,
    ShowdownMode,
    ShowRule,  # noqa: F401 - the repr of the 001 preset names it
    Structure,
)
from pokerroom.table import Table, TableError


def test_computer_tournament_preset_is_001() -> None:
    r = Rules.preset("computer-tournament")
    assert r.structure is Structure.FIXED_LIMIT
    assert r.units == (10, 10, 20, 20)
    assert r.max_raises == 3
    assert not r.straddle_counts
    assert r.antes == 2  # the table of defaults, not the half-limit rule
    assert (r.blinds, r.button_blind, r.straddle) == ((5,), True, 10)
    assert r.check_raise
    assert r.all_in_only_when_short
    assert r.showdown is ShowdownMode.ANNOUNCED
    assert r.tie_split is TieSplit.PROPORTIONAL
    assert (r.buy_in, r.freeze_out) == (1000, True)
    assert r.burn_cards  # burns change no probabilities; on by default (§4)
    assert r.min_hole_cards == 0


def test_casino_limit_preset_is_002() -> None:
    r = Rules.preset("casino-limit")
    assert r.units == (2, 2, 4, 4)
    assert r.max_raises == 3  # a bet and three raises
    assert r.blinds == (1, 2)
    assert r.showdown is ShowdownMode.CARDS_SPEAK
    assert r.tie_split is TieSplit.SIDE_POTS
    assert r.burn_cards


def test_no_limit_preset_is_002_003() -> None:
    r = Rules.preset("no-limit")
    assert r.structure is Structure.NO_LIMIT
    assert r.blinds == (2, 4)
    assert r.units == (4, 4, 4, 4)  # the minimum bet is the big blind
    assert r.buy_in == 1000


def test_wild_preset_is_000() -> None:
    r = Rules.preset("wild")
    assert r.wild == WildCards(joker=JokerMode.BUG)
    assert r.joker
    deuces = Rules.preset("wild", wild="2", joker="none")
    assert deuces.wild is not None
    assert not deuces.joker
    assert deuces.wild.is_wild(0)


def test_unknown_preset() -> None:
    with pytest.raises(RulesError, match="no preset 'poker' \\(presets: casino-limit, "):
        Rules.preset("poker")


def test_every_problem_is_listed_at_once() -> None:
    with pytest.raises(RulesError) as info:
        Rules(
            structure=Structure.NO_LIMIT,
            big_bet=20,
            max_raises=-1,
            players=15,
            blinds=(500, 1000),
            buy_in=1000,
            min_hole_cards=3,
        )
    problems = info.value.problems
    assert problems == (
        "big_bet is 20: a big bet needs the fixed-limit structure",
        "max_raises is -1: a raise cap is 0 or more",
        "min_hole_cards is 3: 0, 1 or 2",
        "players is 15: 2 to 14 players",
        "buy_in is 1000: a player must be able to post the forced bets (1000) and still play; "
        "give more than 1000",
    )
    assert str(info.value).startswith("invalid rules: big_bet is 20")


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"structure": Structure.FIXED_LIMIT}, "fixed limit needs small_bet"),
        ({"structure": Structure.FIXED_LIMIT, "small_bet": 0}, "small_bet is 0"),
        ({"structure": Structure.FIXED_LIMIT, "small_bet": 2, "min_bet": 2}, "min_bet is 2"),
        ({"min_bet": 0}, "min_bet is 0: 1 chip or more"),
        ({"max_raises": (1, 2)}, "one cap per round, four rounds"),
        ({"antes": -1}, "antes is -1"),
        ({"antes": (1,) * 15}, "antes has 15 entries"),
        ({"blinds": (1, -2)}, "blinds is (1, -2)"),
        ({"straddle": 3}, "straddle is 3: a straddle is larger than every blind (4)"),
        ({"straddle_counts": True}, "straddle_counts is set but there is no straddle"),
        ({"ante_rule": AnteRule.HALF_LOW_LIMIT, "antes": 1},
         "antes is 1 but ante_rule half-low-limit sets every ante to 2 (max(1, 4 // 2))"),
        ({"players": 2, "blinds": (1, 2, 4)}, "players is 2, but blinds [1, 2, 4] need 3 players"),
        ({"players": 3, "antes": (1, 1)}, "players is 3, but antes has 2 entries, one per player"),
        ({"buy_in": 0}, "buy_in is 0"),
    ],
)
def test_impossible_rules_are_refused(fields: dict[str, object], problem: str) -> None:
    with pytest.raises(RulesError, match=re.escape(problem)):
        Rules(**fields)  # type: ignore[arg-type]


def test_presets_are_valid_and_round_trip_through_toml() -> None:
    for name, rules in PRESETS.items():
        text = rules.to_toml()
        assert Rules.from_toml(text) == rules, name
        assert Rules.from_mapping(rules.to_mapping()) == rules


def test_repr_is_a_constructor_expression() -> None:
    from pokerroom.cards import Card, Rank  # noqa: F401 - names the repr may use

    odd = Rules(tie_split=TieSplit.PROPORTIONAL, wild=WildCards.parse("2"))
    for rules in (*PRESETS.values(), odd):
        assert eval(repr(rules)) == rules
    assert repr(Rules()) == "Rules()"


def test_str_describes_the_game() -> None:
    assert str(Rules.preset("casino-limit")) == "fixed limit 2/4, blinds 1/2, raise cap 3"
    assert str(Rules.preset("computer-tournament")) == (
        "fixed limit 10/20, ante 2, button blind 5, straddle 10, raise cap 3"
    )
    assert str(Rules.preset("no-limit")) == "no limit (minimum bet 4), blinds 2/4"


def test_toml_file_with_a_preset_and_overrides(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(
        '[rules]\npreset = "casino-limit"\nsmall_bet = 5\nbig_bet = 10\nriver_bet = 20\n'
        'check_raise = false\nwild = "2"\nodd_chip = "best-suit"\n',
        encoding="utf-8",
    )
    rules = Rules.load(path)
    assert rules.units == (5, 5, 10, 20)
    assert not rules.check_raise
    assert rules.odd_chip is OddChip.BEST_SUIT
    assert rules.wild is not None and rules.wild.is_wild(1)
    assert rules.blinds == (2, 5)  # derived by the preset (002): half a small bet and one


def test_toml_errors_list_every_problem() -> None:
    with pytest.raises(RulesError) as info:
        Rules.from_toml('structure = "limitless"\ncolour = "red"\ncheck_raise = "maybe"')
    problems = info.value.problems
    assert len(problems) == 3
    assert problems[0] == "structure is 'limitless': one of fixed-limit, no-limit, pot-limit"
    assert problems[1].startswith("unknown rule 'colour' (rules: all_in_only_when_short, ")
    assert problems[2] == "check_raise is 'maybe': true or false"
    with pytest.raises(RulesError, match="not TOML"):
        Rules.from_toml("structure = ")


def test_field_by_field_overrides() -> None:
    base = Rules.preset("casino-limit")
    rules = base.override([
        "small_bet=5", "big-bet=10", "structure=fixed-limit", "max_raises=[1, 2, 3, 4]",
        "showdown=announced", "wild=2", "joker=bug",
    ])  # fmt: skip
    assert rules.units == (5, 5, 10, 10)
    assert rules.raise_caps == (1, 2, 3, 4)
    assert rules.showdown is ShowdownMode.ANNOUNCED
    assert rules.wild == WildCards.parse("2", joker="bug")
    assert base.override(["max_raises=none"]).max_raises is None
    with pytest.raises(RulesError, match="not an assignment: 'small_bet'"):
        base.override(["small_bet"])
    with pytest.raises(RulesError, match="small_bet is 'lots': not a whole number"):
        base.override(["small_bet=lots"])


def test_replace_revalidates() -> None:
    rules = Rules.preset("no-limit")
    assert rules.replace(blinds=(5, 10)).units == (10, 10, 10, 10)
    with pytest.raises(RulesError, match="big_bet is 8"):
        rules.replace(big_bet=8)


def test_rules_are_frozen_and_hashable() -> None:
    rules = Rules.preset("no-limit")
    with pytest.raises(AttributeError):
        rules.blinds = (1, 2)  # type: ignore[misc]
    assert len({rules, Rules.preset("no-limit"), Rules.preset("casino-limit")}) == 2


def test_derived_values() -> None:
    ct = Rules.preset("computer-tournament")
    assert ct.ante_amounts(3) == (2, 2, 2)
    assert ct.replace(ante_rule="half-low-limit", antes=0).ante_amounts(2) == (5, 5)
    assert Rules(antes=(0, 3, 0)).ante_amounts(3) == (0, 3, 0)
    assert ct.big_blind == 10
    assert Rules(max_raises=(None, 1, 2, 3)).raise_caps == (None, 1, 2, 3)
    assert Rules.preset("casino-limit", river_bet=8).units == (2, 2, 4, 8)
    assert Rules(structure=Structure.FIXED_LIMIT, small_bet=3, blinds=(1, 3)).units == (3, 3, 6, 6)


# rules.md §6 (001): a button blind of floor(L/2) is no blind when L is 1 -------------------


def test_seed001_button_blind_of_half_a_one_chip_limit_is_no_blind() -> None:
    """L = 1: the button's blind floor(1/2) is 0 chips, so nobody posts one; the player
    left of the button straddles 1 (a bet, with nothing to raise) or folds."""
    rules = Rules.preset("computer-tournament", small_bet=1)
    assert (rules.blinds, rules.straddle, rules.units) == ((0,), 1, (1, 1, 2, 2))
    assert rules.player_counts == range(2, 15)
    hand = Hand(rules, [100] * 4, button=0, rng=random.Random(3))
    assert [e.kind for e in hand.events].count(EventKind.BLIND) == 0
    assert (hand.to_act, str(hand.legal_actions())) == (1, "fold, raise to 1")
    hand.raise_to(1)
    assert (hand.to_act, str(hand.legal_actions())) == (2, "fold, call 1, raise to 2")
    play_random(hand, random.Random(3))


def test_a_blind_of_zero_is_no_blind_under_the_button_blind_rule() -> None:
    """§6: a blind of 0 chips is posted by nobody: with the button blind rule and no other
    forced bet, the first seat left of the button opens and may check."""
    rules = Rules.from_mapping({"blinds": [0], "button_blind": True})
    assert rules.units == (1, 1, 1, 1)
    hand = Hand(rules, [100] * 3, button=2, rng=random.Random(1))
    assert (hand.to_act, str(hand.legal_actions())) == (0, "check, bet 1 to 100")
    play_random(hand, random.Random(1))
    spaced = Rules.from_mapping({"blinds": [0, 2], "button_blind": True})
    hand = Hand(spaced, [100] * 3, button=2, rng=random.Random(1))
    assert [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.BLIND] == [(0, 2)]
    assert hand.to_act == 1


# rules.md §6 (001): ante_rule="half-low-limit" on the preset it belongs to ---------------


def test_seed001_half_low_limit_ante_rule_works_on_its_preset() -> None:
    """max(1, floor(L/2)): 5 at L = 10, 10 at L = 20, 1 (never less) at L = 1; the rule
    replaces the preset's ante of 2 (from 001's table of defaults)."""
    rules = Rules.preset("computer-tournament", ante_rule="half-low-limit")
    assert (rules.antes, rules.ante_amounts(3)) == (5, (5, 5, 5))
    assert str(rules) == "fixed limit 10/20, ante 5, button blind 5, straddle 10, raise cap 3"
    assert Rules.preset("computer-tournament").override(["ante_rule=half-low-limit"]) == rules
    hand = Hand(rules, [100] * 3, button=0, rng=random.Random(1))
    assert [e.amount for e in hand.events if e.kind is EventKind.ANTE] == [5, 5, 5]
    assert rules.replace(small_bet=20).antes == 10  # follows the low limit
    assert rules.replace(small_bet=1).antes == 1
    assert Rules.from_toml(rules.to_toml()) == rules
    assert "antes" not in rules.to_mapping()
    assert eval(repr(rules)) == rules


def test_seed001_half_low_limit_ante_given_with_an_ante_is_refused() -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset("computer-tournament", ante_rule="half-low-limit", antes=3)
    assert info.value.problems == (
        "antes is 3 but ante_rule half-low-limit sets every ante to 5 (max(1, 10 // 2)): "
        "leave antes out, or give ante_rule=fixed",
    )
    # an ante given later replaces the rule; the ante the rule sets is accepted
    later = Rules.preset("computer-tournament", ante_rule="half-low-limit").replace(antes=3)
    assert (later.ante_rule, later.antes) == (AnteRule.FIXED, 3)
    same = Rules.preset("computer-tournament", ante_rule="half-low-limit", antes=5)
    assert same == Rules.preset("computer-tournament", ante_rule="half-low-limit")


def test_half_low_limit_ante_in_no_limit_is_half_the_minimum_bet() -> None:
    """The low limit of a no-limit game is its minimum bet (the unit of round 1)."""
    assert Rules.preset("no-limit", ante_rule="half-low-limit").antes == 2
    assert Rules.preset("no-limit", ante_rule="half-low-limit", min_bet=9).antes == 4


# rules.md §5-6: values derived from the low limit follow it --------------------------


def test_seed001_big_bet_blind_and_straddle_follow_the_low_limit() -> None:
    """001: H = 2L, button blind floor(L/2), straddle L, unless given."""
    rules = Rules.preset("computer-tournament", small_bet=30)
    assert (rules.units, rules.blinds, rules.straddle) == ((30, 30, 60, 60), (15,), 30)
    assert str(rules) == "fixed limit 30/60, ante 2, button blind 15, straddle 30, raise cap 3"
    assert Rules.preset("computer-tournament").override(["small_bet=30"]) == rules
    assert not {"big_bet", "blinds", "straddle"} & set(rules.to_mapping())
    assert Rules.preset("computer-tournament", small_bet=30, big_bet=90).units[2:] == (90, 90)


def test_casino_blinds_and_big_bet_follow_the_small_bet() -> None:
    """002: small blind half a small bet, big blind one small bet, big bet usually double."""
    rules = Rules.preset("casino-limit", small_bet=10)
    assert (rules.units, rules.blinds) == ((10, 10, 20, 20), (5, 10))
    assert Rules.preset("casino-limit", small_bet=10, blinds=[1, 2]).blinds == (1, 2)


@pytest.mark.parametrize(
    ("overrides", "problems"),
    [
        ({"small_bet": 30, "big_bet": 20}, (
         "big_bet is 20, less than small_bet 30: a round's bet is at least the bet of the round "
         "before (small_bet <= flop_bet <= big_bet <= river_bet); give big_bet 30 or more, or "
         "leave it out for twice the small bet, 60",)),
        ({"river_bet": 15}, (
         "river_bet is 15, less than big_bet 20: a round's bet is at least the bet of the round "
         "before (small_bet <= flop_bet <= big_bet <= river_bet); give river_bet 20 or more, or "
         "leave it out for the big bet, 20",)),
        ({"flop_bet": 5}, (
         "flop_bet is 5, less than small_bet 10: a round's bet is at least the bet of the round "
         "before (small_bet <= flop_bet <= big_bet <= river_bet); give flop_bet 10 or more, or "
         "leave it out for the small bet, 10",)),
        ({"flop_bet": 25}, (
         "flop_bet is 25, more than big_bet 20 (twice the small bet, 20): a round's bet is at "
         "least the bet of the round before (small_bet <= flop_bet <= big_bet <= river_bet); "
         "give big_bet 25 or more too, or flop_bet up to 20",)),
        ({"straddle": 12, "small_bet": 30}, (
         "straddle is 12: a straddle is larger than every blind (15); give more than 15, or 0 "
         "for none",
         "straddle is 12: a fixed-limit straddle is at least one small bet (30); give 30 or "
         "more, or 0 for none",)),
    ],
)  # fmt: skip
def test_seed001_inconsistent_bet_sizes_are_refused_naming_the_fields(
    overrides: dict[str, int], problems: tuple[str, ...]
) -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset("computer-tournament", **overrides)
    assert info.value.problems == problems


@pytest.mark.parametrize(
    ("preset", "structure", "fields"),
    [
        ("computer-tournament", "no-limit",
         {"min_bet": 10, "small_bet": None, "blinds": (5,), "straddle": 10}),
        ("computer-tournament", "pot-limit", {"min_bet": 10, "big_bet": None, "blinds": (5,)}),
        ("casino-limit", "no-limit", {"min_bet": 2, "blinds": (1, 2)}),
        ("no-limit", "fixed-limit", {"small_bet": 4, "min_bet": None, "units": (4, 4, 8, 8)}),
        ("no-limit", "pot-limit", {"min_bet": None, "blinds": (2, 4), "units": (4, 4, 4, 4)}),
    ],
)  # fmt: skip
def test_a_new_structure_keeps_the_low_limit(
    preset: str, structure: str, fields: dict[str, object]
) -> None:
    """§5: the low limit L (the small bet, or the no-limit minimum bet) carries over to the
    new structure; the bets of the other structure are dropped."""
    rules = Rules.preset(preset, structure=structure)
    assert {name: getattr(rules, name) for name in fields} == fields
    play_random(Hand(rules, [200] * 4, rng=random.Random(5)), random.Random(5))


# Chips are whole (rules.md §9) and every number is checked: a specific message each ----

_NOT_WHOLE = [
    (True, "a truth value (true or false), not a number"),
    (10.5, "not a whole number"),
    (10.0, "not a whole number (an int): write 10"),
    (float("nan"), "not a number"),
    (float("inf"), "not a finite number"),
    ("lots", "not a whole number (write digits, like 10)"),
    ([10], "a list, not a whole number (an int)"),
]
_NUMBERS = {  # field: (the rules it is set on, what a negative value is told)
    "small_bet": ("casino-limit", "a bet size is 1 chip or more"),
    "flop_bet": ("casino-limit", "a bet size is 1 chip or more"),
    "big_bet": ("casino-limit", "a bet size is 1 chip or more"),
    "river_bet": ("casino-limit", "a bet size is 1 chip or more"),
    "min_bet": ("no-limit", "1 chip or more"),
    "straddle": ("no-limit", "0 for none, or the chips of the straddle"),
    "buy_in": ("no-limit", "1 chip or more"),
    "antes": ("no-limit", "antes are 0 chips or more"),
    "max_raises": ("no-limit", "a raise cap is 0 or more"),
    "players": ("no-limit", "2 to 14 players"),
    "min_hole_cards": ("no-limit", "0, 1 or 2"),
}


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        (field, value, why)
        for field in _NUMBERS
        for value, why in _NOT_WHOLE
        if not (isinstance(value, list) and field in ("antes", "max_raises"))  # lists: per round
    ],
    ids=repr,
)
def test_every_number_of_the_rules_that_is_not_whole_is_refused_by_name(
    field: str, value: object, why: str
) -> None:
    preset, _ = _NUMBERS[field]
    with pytest.raises(RulesError) as info:
        Rules.preset(preset, **{field: value})
    assert [p for p in info.value.problems if p.startswith(f"{field} is ")] == [
        f"{field} is {value!r}: {why}"
    ], info.value.problems


@pytest.mark.parametrize("field", list(_NUMBERS))
def test_every_number_of_the_rules_out_of_range_is_refused_with_the_range(field: str) -> None:
    preset, words = _NUMBERS[field]
    for value in (-5, 10**13, 10**40):
        with pytest.raises(RulesError) as info:
            Rules.preset(preset, **{field: value})
        mine = [p for p in info.value.problems if p.startswith(f"{field} is ")]
        huge = "more than 1,000,000,000,000, the most any amount or count may be"
        expected = words if value < 0 or field in ("players", "min_hole_cards") else huge
        shown = "100000000000... (41 digits)" if value == 10**40 else str(value)
        assert mine == [f"{field} is {shown}: {expected}"], info.value.problems


def test_numbers_in_lists_of_the_rules_are_refused_by_name() -> None:
    assert Rules.preset("no-limit", blinds=["2", " 4 "]).blinds == (2, 4)  # text of digits
    with pytest.raises(RulesError) as info:
        Rules.preset("no-limit", blinds=[1, 2.5], first_to_act=[0, 0, True, 0])
    assert info.value.problems == (
        "blinds is 2.5: not a whole number",
        "first_to_act is True: a truth value (true or false), not a number",
    )
    with pytest.raises(RulesError) as info:
        Rules(blinds=(1, 2.5), first_to_act=(0, 0, True, 0))  # type: ignore[arg-type]
    assert info.value.problems == (
        "blinds is (1, 2.5): not a whole number",
        "first_to_act has True: a truth value (true or false), not a number (positions are 0 "
        "to 13)",
    )


def test_rules_built_directly_check_every_field_too() -> None:
    """``Rules(...)`` from Python is checked like data: a float bet, a bool player count,
    text for a yes/no field, each named."""
    with pytest.raises(RulesError) as info:
        Rules(structure=Structure.FIXED_LIMIT, small_bet=10.0, players=True,  # type: ignore[arg-type]
              check_raise="no", buy_in=float("nan"))  # type: ignore[arg-type]  # fmt: skip
    assert info.value.problems == (
        "small_bet is 10.0: not a whole number (an int): write 10",
        "check_raise is 'no': true or false",
        "players is True: a truth value (true or false), not a number (2 to 14 players)",
        "buy_in is nan: not a number",
    )


_HAND_STACKS = [
    (100.0, "seat 0 has 100.0 chips: not a whole number (an int): write 100"),
    (8.5, "seat 0 has 8.5 chips: not a whole number"),
    (True, "seat 0 has True chips: a truth value (true or false), not a number"),
    (float("nan"), "seat 0 has nan chips: not a number"),
    (float("-inf"), "seat 0 has -inf chips: not a finite number"),
    (10**12 + 1, "seat 0 has 1000000000001 chips: more than 1,000,000,000,000, the most any "
                 "amount or count may be"),
    (-5, "seat 0 has -5 chips: a player needs 1 or more"),
    ("100", "seat 0 has '100' chips: text, not a whole number (an int)"),
    (None, "seat 0 has None chips: missing: a whole number (an int) is needed"),
    (Decimal("100"), "seat 0 has Decimal('100') chips: a Decimal, not an int: write 100"),
    (Fraction(1, 2), "seat 0 has Fraction(1, 2) chips: a Fraction, not a whole number (an int)"),
]  # fmt: skip


@pytest.mark.parametrize(("chips", "message"), _HAND_STACKS, ids=repr)
def test_a_hand_refuses_a_stack_that_is_not_whole_chips_saying_why(
    chips: object, message: str
) -> None:
    """rules.md §9: chips are whole; ``Hand(rules, [100.0, 100])`` is not a whole number."""
    with pytest.raises(HandError) as info:
        Hand(Rules.preset("no-limit"), [chips, 100])  # type: ignore[list-item]
    assert str(info.value) == f"cannot start the hand: {message}"
    with pytest.raises(TableError) as table_info:
        Table(Rules.preset("no-limit"), [chips, 100])  # type: ignore[list-item]
    assert str(table_info.value) == (
        "starting stacks are whole chips, 1 or more: " + message.replace(" chips:", ":")
    )


@pytest.mark.parametrize(
    ("stacks", "button", "message"),
    [
        ([100, 100], True, "button is True: a truth value (true or false), not a number (a "
                           "seat, 0 to 1)"),
        ([100, 100], 1.0, "button is 1.0: not a whole number (an int): write 1 (a seat, 0 to 1)"),
        ([100, 100], "0", "button is '0': text, not a whole number (an int) (a seat, 0 to 1)"),
        (100, 0, "stacks is 100: a list of each seat's chips, like [100, 100]"),
        ("100", 0, "stacks is '100': a list of each seat's chips, like [100, 100]"),
    ],
)  # fmt: skip
def test_a_hand_refuses_a_button_or_stacks_of_the_wrong_kind(
    stacks: object, button: object, message: str
) -> None:
    with pytest.raises(HandError) as info:
        Hand(Rules.preset("no-limit"), stacks, button=button)  # type: ignore[arg-type]
    assert str(info.value) == f"cannot start the hand: {message}"


def test_a_stack_may_be_as_large_as_max_chips() -> None:
    hand = Hand(Rules.preset("no-limit"), [MAX_CHIPS, 100], button=0, rng=random.Random(1))
    assert hand.starting_stacks == (10**12, 100)
    assert Rules.preset("no-limit", buy_in=MAX_CHIPS).buy_in == MAX_CHIPS


def test_a_hand_takes_the_stacks_from_any_sequence_of_whole_chips() -> None:
    hand = Hand(Rules.preset("no-limit"), range(100, 103), button=0, rng=random.Random(1))
    assert hand.starting_stacks == (100, 101, 102)


def test_a_hand_refuses_rules_that_are_not_rules() -> None:
    with pytest.raises(HandError) as info:
        Hand("no-limit", [100, 100])  # type: ignore[arg-type]
    assert str(info.value) == (
        "cannot start the hand: rules is 'no-limit': a Rules (Rules.preset(name), "
        "Rules.from_toml(text)...)"
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seats": 2.0}, "seats is 2.0: not a whole number (an int): write 2 (a number of "
                         "seats, 2 to 14, or the starting stacks, like [100, 100])"),
        ({"seats": True}, "seats is True: a truth value (true or false), not a number (a "
                          "number of seats, 2 to 14, or the starting stacks, like [100, 100])"),
        ({"seats": 10**20}, "100000000000000000000 seats: a table has 2 to 14"),
        ({"seats": 2, "button": 1.0}, "button 1.0: not a whole number (an int): write 1; a seat "
                                      "number (0 to 1), 'random' or 'first-jack'"),
        ({"seats": 2, "max_hands": 1.5}, "max_hands is 1.5: not a whole number (a number of "
                                         "hands, 1 or more)"),
        ({"seats": 2, "max_hands": 0}, "max_hands is 0: a number of hands, 1 or more"),
    ],
)  # fmt: skip
def test_a_table_refuses_numbers_of_the_wrong_kind_saying_why(
    kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(TableError) as info:
        Table(Rules.preset("no-limit"), **kwargs)  # type: ignore[arg-type]
    assert str(info.value) == message


# The class behind the rules items: rules that pass validation are playable --------------

_JUNK: list[object] = [True, 2.5, float("nan"), "lots", 10**40, [1, "a"], {"a": 1}]
_JUNK_CHOICE: list[object] = [2.5, float("nan"), "maybe", 7, [1], None]  # yes/no, one of
_CHIPS = st.integers(0, 12) | st.sampled_from([None, 20, 50])
_COUNTS = st.integers(0, 5) | st.none()
_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "structure": st.sampled_from(["fixed-limit", "no-limit", "pot-limit"]),
    "small_bet": _CHIPS, "flop_bet": _CHIPS, "big_bet": _CHIPS, "river_bet": _CHIPS,
    "min_bet": _CHIPS,
    "max_raises": _COUNTS | st.lists(_COUNTS, min_size=4, max_size=4),
    "straddle_counts": st.booleans(),
    "cap_counts": st.sampled_from(["raises", "bets-and-raises"]),
    "antes": st.integers(0, 6) | st.lists(st.integers(0, 4), min_size=2, max_size=9),
    "ante_rule": st.sampled_from(["fixed", "half-low-limit"]),
    "dead_antes": st.booleans(),
    "blinds": st.lists(st.integers(0, 12), max_size=5),
    "button_blind": st.booleans(),
    "heads_up_reversed": st.booleans(),
    "straddle": st.integers(0, 30),
    "derived": st.lists(st.sampled_from(["blinds", "straddle"]), max_size=2),
    "check_raise": st.booleans(),
    "all_in_only_when_short": st.booleans(),
    "first_to_act": st.none() | st.lists(st.integers(0, 5), min_size=4, max_size=4),
    "antes_trimmed_first": st.booleans(),
    "short_blind_called_in_full": st.booleans(),
    "blind_sets_min_raise": st.booleans(),
    "fixed_limit_completes": st.booleans(),
    "reopening": st.sampled_from(["full-raise", "no-smaller", "always"]),
    "lone_player_acts": st.booleans(),
    "burn_cards": st.booleans(),
    "min_hole_cards": st.integers(0, 2),
    "wild": st.sampled_from(["", "2", "Jd", "2 Jd"]),
    "joker": st.sampled_from(["none", "bug", "wild"]),
    "showdown": st.sampled_from(["cards-speak", "announced"]),
    "show_rule": st.sampled_from(["show-or-muck", "better-or-concede", "all-show"]),
    "tie_split": st.sampled_from(["side-pots", "proportional"]),
    "odd_chip": st.sampled_from(["left-of-button", "best-suit", "first-left-of-button"]),
    "players": st.none() | st.integers(2, 14),
    "buy_in": st.integers(1, 3000),
    "freeze_out": st.booleans(),
}  # fmt: skip


@st.composite
def _rule_tables(draw: st.DrawFn) -> tuple[dict[str, Any], set[str]]:
    """A table of rules as a file or the command line gives one: maybe a preset, some
    fields (plausible values, and now and then junk); and the fields given junk."""
    data: dict[str, Any] = {}
    if draw(st.booleans()):
        data["preset"] = draw(st.sampled_from(sorted(PRESETS)))
    junk = set()
    for name in draw(st.lists(st.sampled_from(sorted(_FIELDS)), max_size=6, unique=True)):
        if draw(st.integers(0, 9)) == 0:
            numeric = name in INT_FIELDS or name in ("antes", "blinds", "max_raises",
                                                      "first_to_act")  # fmt: skip
            value = draw(st.sampled_from(_JUNK if numeric else _JUNK_CHOICE))
            none = value is None and name in ("players", "first_to_act", "wild", "joker")
            if not none and not (name == "wild" and value == 7):
                data[name] = value  # (None: no player count, no positions, no wild card;
                junk.add(name)  # 7 is sevens wild)
        else:
            data[name] = draw(_FIELDS[name])
    return data, junk


def _assert_playable(rules: Rules, rng: random.Random, counts: Iterable[int]) -> None:
    """Hands at every count of players the rules allow play to the end with the chips
    kept; at the others a hand is refused, naming the count."""
    for n in counts:
        if n not in rules.player_counts:
            with pytest.raises(HandError, match=f"cannot start the hand: {n} players"):
                Hand(rules, [100] * n, rng=rng)
            continue
        stacks = [rng.choice([1, 2, rng.randint(1, 40), rng.randint(40, 2000)]) for _ in range(n)]
        play_random(Hand(rules, stacks, button=rng.randrange(n), rng=rng, auto_showdown=True),
                    rng)  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=_rule_tables(), seed=st.integers(0, 2**32))
def test_rules_that_validate_are_playable_and_the_others_name_every_problem(
    table: tuple[dict[str, Any], set[str]], seed: int
) -> None:
    """rules.md §3-9: whatever ``Rules.from_mapping`` (TOML, JSON, ``--set``) accepts can
    play hands to the end at every player count it allows (``player_counts``, never
    empty), chips kept; whatever it refuses is a RulesError naming every junk field."""
    data, junk = table
    try:
        rules = Rules.from_mapping(data)
    except RulesError as exc:
        assert exc.problems
        for name in junk:
            assert any(name in p for p in exc.problems), (name, exc.problems)
        return
    assert not junk, f"junk accepted: {junk} in {data}"
    assert len(rules.player_counts) > 0
    assert Rules.from_toml(rules.to_toml()) == rules
    assert rules.replace() == rules
    _assert_playable(rules, random.Random(seed), range(2, 15))


_DOCUMENTED: list[tuple[str, object]] = [  # rules.md's options, and the conventions
    ("joker", "bug"), ("joker", "wild"), ("wild", "2"), ("wild", "Jd"),  # §1
    ("min_hole_cards", 1), ("min_hole_cards", 2),  # §2
    ("burn_cards", False),  # §4
    ("structure", "fixed-limit"), ("structure", "no-limit"), ("structure", "pot-limit"),  # §5
    ("max_raises", 3), ("max_raises", None), ("max_raises", [4, 3, 3, 3]),
    ("antes", 1), ("ante_rule", "half-low-limit"), ("dead_antes", True),  # §6
    ("blinds", [1, 2]), ("blinds", [0, 2, 0]), ("button_blind", True),
    ("heads_up_reversed", False), ("check_raise", False), ("all_in_only_when_short", True),
    ("showdown", "announced"), ("showdown", "cards-speak"),  # §8
    ("show_rule", "better-or-concede"), ("show_rule", "all-show"),
    ("tie_split", "proportional"), ("tie_split", "side-pots"),  # §9
    ("odd_chip", "best-suit"), ("odd_chip", "first-left-of-button"),
    ("freeze_out", True), ("buy_in", 500),  # §10
    ("antes_trimmed_first", False), ("short_blind_called_in_full", False),  # conventions
    ("blind_sets_min_raise", False), ("fixed_limit_completes", False),
    ("fixed_limit_completes", True), ("reopening", "no-smaller"), ("reopening", "always"),
    ("lone_player_acts", True), ("cap_counts", "bets-and-raises"),
    ("first_to_act", [0, 0, 0, 0]),
]  # fmt: skip
_FIXED_ONLY: list[tuple[str, object]] = [("small_bet", 5), ("big_bet", 30), ("river_bet", 40)]


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize(("field", "value"), _DOCUMENTED + _FIXED_ONLY, ids=repr)
def test_every_preset_plays_with_every_documented_override(
    preset: str, field: str, value: object
) -> None:
    """rules.md §12: each preset with each option of rules.md (and each convention) is
    valid and playable; a fixed-limit bet size on a no-limit preset is refused naming the
    structure it needs, and a straddle is what ``straddle_counts`` needs."""
    base = PRESETS[preset]
    if (field, value) in _FIXED_ONLY and base.structure is not Structure.FIXED_LIMIT:
        with pytest.raises(RulesError) as info:
            Rules.preset(preset, **{field: value})
        assert info.value.problems == (
            f"{field} is {value}: a {field.replace('_', ' ')} needs the fixed-limit structure",
        )
        return
    rules = Rules.preset(preset, **{field: value})
    assert Rules.preset(preset).override([f"{field}={_toml(value)}"]) == rules
    _assert_playable(rules, random.Random(f"{preset} {field}"), (2, 3, 6, 10))


def test_straddle_counts_needs_a_straddle_on_every_preset() -> None:
    for name, base in PRESETS.items():
        if base.straddle:
            assert Rules.preset(name, straddle_counts=True).straddle_counts
        else:
            with pytest.raises(RulesError, match="straddle_counts is set but there is no straddle"):
                Rules.preset(name, straddle_counts=True)
        with_straddle = Rules.preset(name, straddle=2 * base.big_blind + 4, straddle_counts=True)
        _assert_playable(with_straddle, random.Random(name), (3, 6))


def _toml(value: object) -> str:
    """A value as ``--set field=value`` writes it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


@pytest.mark.parametrize(
    ("overrides", "game"),
    [
        (["ante_rule=half-low-limit"],
         "fixed limit 10/20, ante 5, button blind 5, straddle 10, raise cap 3"),
        (["small_bet=30"], "fixed limit 30/60, ante 2, button blind 15, straddle 30, raise cap 3"),
        (["small_bet=1"], "fixed limit 1/2, ante 2, straddle 1, raise cap 3"),
    ],
)  # fmt: skip
def test_seed001_options_on_the_command_line_follow_the_rules_layer(
    overrides: list[str], game: str
) -> None:
    """``--rules computer-tournament --set ...`` (the command line reads the rules with
    ``Rules.override``): the documented options work, the derived values follow."""
    from pokerroom.cli import build_parser
    from pokerroom.cli.runs import rules_from

    sets = [a for o in overrides for a in ("--set", o)]
    args = build_parser().parse_args(["tournament", "--rules", "computer-tournament", *sets])
    rules = rules_from(args)
    assert str(rules) == game
    _assert_playable(rules, random.Random(game), (2, 6))


def test_a_bad_joker_and_bad_wild_cards_are_each_named() -> None:
    """rules.md §1: the joker mode and the wild cards are two fields, each refused under
    its own name (a bad joker was once reported as ``wild is None``)."""
    with pytest.raises(RulesError) as info:
        Rules.from_mapping({"joker": "maybe"})
    assert info.value.problems == ("joker is 'maybe': 'bug', 'wild' or 'none'",)
    with pytest.raises(RulesError) as info:
        Rules.from_mapping({"wild": 2.5, "joker": 7, "burn_cards": "often"})
    assert info.value.problems == (
        "burn_cards is 'often': true or false",
        "joker is 7: 'bug', 'wild' or 'none'",
        "wild is 2.5: wild cards are text like '2' or 'Jd' (or a WildCards)",
    )


@pytest.mark.parametrize(
    ("data", "junk"),
    [
        ({"preset": "casino-limit", "all_in_only_when_short": 2.5, "big_bet": True,
          "min_bet": 10**40}, {"all_in_only_when_short", "big_bet", "min_bet"}),
        ({"first_to_act": True, "straddle": True, "fixed_limit_completes": 2.5,
          "derived": "maybe"}, {"first_to_act", "straddle", "fixed_limit_completes", "derived"}),
    ],
)  # fmt: skip
def test_a_refusal_names_every_bad_field_even_one_whose_problem_mentions_another(
    data: dict[str, Any], junk: set[str]
) -> None:
    """rules.md §3: the rules refused name every problem, also a field whose problem
    mentions one that could not be read (``min_bet ... small_bet / big_bet`` beside a junk
    ``big_bet``; ``derived`` naming ``straddle`` beside a junk straddle), found by the
    property above."""
    with pytest.raises(RulesError) as info:
        Rules.from_mapping(data)
    for name in junk:
        assert any(p.startswith(name) for p in info.value.problems), (name, info.value.problems)


def test_a_field_that_cannot_be_read_blames_no_other_field() -> None:
    """rules.md §3: with big_bet unreadable, the small bet given is judged against the
    big bet it would derive, not against the preset's: one problem, big_bet's."""
    with pytest.raises(RulesError) as info:
        Rules.from_mapping({"preset": "casino-limit", "small_bet": 30, "big_bet": "x"})
    assert [p.split()[0] for p in info.value.problems] == ["big_bet"], info.value.problems
