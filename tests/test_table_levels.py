"""Blind levels on their own (rules.md §10): the level in force at the edges of each step,
the buy-in a level above the stacks is given, the whole text of every refusal, the plain
data they are saved as; and the text of the table's log."""

from __future__ import annotations

import random

import pytest

from pokerroom.cards import parse_cards
from pokerroom.rules import Rules, RulesError
from pokerroom.table import FirstButton, Levels, Table
from pokerroom.table.info import TableEvent, TableEventKind
from test_table import all_in_hand

NL = Rules.preset("no-limit")  # blinds 2/4, buy-in 1000


def test_the_level_in_force_at_the_edges_of_each_step() -> None:
    by_hands = Levels([{}, {"blinds": [4, 8]}, {"blinds": [10, 20]}], every=3)
    assert by_hands.index() == 0  # before any hand: the first level
    assert Levels([{}, {}], every=1).index() == 0
    assert [by_hands.index(hands=h) for h in range(10)] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 2]
    by_time = Levels([{}, {"blinds": [4, 8]}], every=1, unit="seconds")
    assert by_time.index() == 0
    assert [by_time.index(seconds=s) for s in (0.0, 0.999, 1.0, 7.5)] == [0, 0, 1, 1]
    assert by_time.index(hands=50) == 0  # by time, the hands played do not count


def test_a_level_above_the_chips_in_play_gets_the_buy_in_doubled_as_needed() -> None:
    levels = Levels([{}, {"blinds": [600, 1200]}], every=1)
    # The buy-in 1000 does not cover a big blind of 1200: doubled once.
    assert [r.buy_in for r in levels.rules(NL, 400)] == [1000, 2000]
    assert [r.blinds for r in levels.rules(NL, 400)] == [(2, 4), (600, 1200)]
    # 1,300 chips in play cover it as they are.
    assert [r.buy_in for r in levels.rules(NL, 1300)] == [1000, 1300]


def test_a_level_no_buy_in_can_make_valid_is_refused_naming_the_level() -> None:
    levels = Levels([{}, {"antes": -1}], every=1)
    with pytest.raises(RulesError) as caught:
        levels.rules(NL, 400)
    assert caught.value.problems == ("level 1: antes is -1: antes are 0 chips or more",)


@pytest.mark.parametrize(("steps", "options", "message"), [
    ([], {"every": 1}, "levels need at least one step (rule overrides; {} for none)"),
    ([{}], {"every": 0}, "a level lasts a positive number of hands or seconds, not 0"),
    ([{}], {"every": -2}, "a level lasts a positive number of hands or seconds, not -2"),
    ([{}], {"every": True}, "a level lasts a positive number of hands or seconds, not True"),
    ([{}], {"every": "5"}, "a level lasts a positive number of hands or seconds, not '5'"),
    ([{}], {"every": 1, "unit": "days"}, "levels rise by 'hands' or 'seconds', not 'days'"),
    ([{}, 3], {"every": 1}, "level 1 is 3: a mapping of rule overrides"),
    ([{"preset": "wild"}], {"every": 1},
     "level 0 sets 'preset': a level sets stakes, not the game"),
    ([{}, {"players": 3}], {"every": 1},
     "level 1 sets 'players': a level sets stakes, not the game"),
    ([{"blinds": {1: 2}}], {"every": 1},
     "a level override must be a number, text or list, not {1: 2}"),
    ([{"blinds": [1, {2}]}], {"every": 1}, "a level override must be plain data, not [1, {2}]"),
])  # fmt: skip
def test_bad_levels_are_refused_with_the_whole_reason(
    steps: list[object], options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError) as caught:
        Levels(steps, **options)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_levels_are_saved_as_plain_data_and_read_back() -> None:
    levels = Levels([{}, {"blinds": [5, 10], "antes": 1}], every=2)
    data = levels.to_mapping()
    assert data == {"steps": [{}, {"antes": 1, "blinds": [5, 10]}], "every": 2, "unit": "hands"}
    assert type(data["steps"][1]["blinds"]) is list  # JSON's arrays, not tuples
    assert Levels.from_mapping(data) == levels
    # The unit may be left out: levels rise by hands.
    assert Levels.from_mapping({"steps": [{}], "every": 5}).unit.value == "hands"
    timed = Levels.from_mapping({"steps": [{}], "every": 5, "unit": "seconds"})
    assert timed.unit.value == "seconds"


@pytest.mark.parametrize(("data", "message"), [
    ({"steps": [{}], "every": 1, "x": 1, "a": 2}, "unknown level fields: a, x"),
    ({"steps": [{}]}, "levels need 'every'"),
    ({"every": 1}, "levels need 'steps'"),
])  # fmt: skip
def test_bad_saved_levels_are_refused_naming_the_field(
    data: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError) as caught:
        Levels.from_mapping(data)
    assert str(caught.value) == message


def test_the_log_reads_as_text() -> None:
    given = Table(NL, 3, button=2)
    assert [str(e) for e in given.log] == ["seat 2 has the first button (given)"]
    table = Table(NL, [300, 100, 300, 300], rng=random.Random(1), button=FirstButton.RANDOM)
    all_in_hand(table, ["Ah As", "7c 2d", "4h 5h", "Kh Ks"], "Kd Qs 9h 8c 3d", {0, 1})
    assert [str(e) for e in table.log] == [
        "seat 1 has the first button (drawn at random)",
        "seat 1 is out in hand 1 (place 4)",
    ]
    jack = TableEvent(TableEventKind.BUTTON, 0, 2, "first jack", tuple(parse_cards("4c Jd")))
    assert str(jack) == ("cards dealt face up from the left of seat 0: 4c Jd; "
                         "the first jack gives seat 2 the button")  # fmt: skip
    other = TableEvent(TableEventKind.OUT, 3, 1, "place 2", tuple(parse_cards("4c")))
    assert str(other) == "seat 1 is out in hand 3 (place 2)"
