"""Rules as data: presets (rules.md §12), validation, TOML, overrides, notation."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerroom.engine import OddChip, TieSplit
from pokerroom.evaluator import JokerMode, WildCards
from pokerroom.rules import (
    PRESETS,
    AnteRule,
    Rules,
    RulesError,
    ShowdownMode,
    ShowRule,  # noqa: F401 - the repr of the 001 preset names it
    Structure,
)


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
        "buy_in is 1000: a player must be able to post the forced bets (1000) and still play",
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
        ({"ante_rule": AnteRule.HALF_LOW_LIMIT}, "ante_rule half-low-limit needs the fixed-limit"),
        ({"players": 2, "blinds": (1, 2, 4)}, "3 blinds and straddles need more than 2 players"),
        ({"players": 3, "antes": (1, 1)}, "antes has 2 entries for 3 players"),
        ({"buy_in": 0}, "buy_in is 0"),
    ],
)
def test_impossible_rules_are_refused(fields: dict[str, object], problem: str) -> None:
    with pytest.raises(RulesError, match=problem.replace("(", r"\(").replace(")", r"\)")):
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
    assert rules.blinds == (1, 2)  # from the preset


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
    with pytest.raises(RulesError, match="small_bet is 'lots': a whole number"):
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
