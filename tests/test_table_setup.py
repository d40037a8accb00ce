"""Setting a table up (rules.md §3): the first button dealt by 000's first jack clockwise
from the left of seat 0, the jokers in that pack, the table's sizes at their limits, and
the whole text of every refusal."""

from __future__ import annotations

import random

import pytest

from pokerroom.cards import Rank
from pokerroom.rules import Rules
from pokerroom.table import FirstButton, Levels, Table, TableError
from pokerroom.table.info import TableEventKind

NL = Rules.preset("no-limit")  # blinds 2/4


@pytest.mark.parametrize("n", [2, 3, 6, 10])
def test_the_first_jack_gives_the_button_dealing_clockwise_from_the_left_of_seat_0(n: int) -> None:
    seats = set()
    for seed in range(40):
        table = Table(NL, n, rng=random.Random(seed), button=FirstButton.FIRST_JACK)
        (event,) = table.log
        assert (event.kind, event.hand, event.detail) == (TableEventKind.BUTTON, 0, "first jack")
        cards = event.cards
        # One card a seat, the first to seat 1: the k-th card (from 0) goes to seat k + 1.
        assert [c.rank for c in cards].index(Rank.JACK) == len(cards) - 1
        assert event.seat == table.button == len(cards) % n
        seats.add(event.seat)
    assert len(seats) > 1


def test_the_first_jack_is_dealt_from_the_games_pack_jokers_included() -> None:
    wild = Rules.preset("wild", joker="wild")
    jokers = 0
    for seed in range(60):
        table = Table(wild, 4, rng=random.Random(seed), button="first-jack")
        (event,) = table.log
        jokers += sum(c.is_joker for c in event.cards)
        assert not event.cards[-1].is_joker and event.cards[-1].rank is Rank.JACK
    assert jokers > 0  # dealt a few times, never taken for a jack


def test_the_ways_the_first_button_was_chosen_are_logged() -> None:
    given = Table(NL, 3, button=2).log
    assert [(e.kind, e.hand, e.seat, e.detail) for e in given] == [
        (TableEventKind.BUTTON, 0, 2, "given")]
    drawn = Table(NL, 3, rng=random.Random(5), button="random")
    assert [(e.kind, e.hand, e.seat, e.detail) for e in drawn.log] == [
        (TableEventKind.BUTTON, 0, drawn.button, "drawn at random")]


def test_a_table_has_two_to_fourteen_seats() -> None:
    assert Table(NL, 14).size == 14 and Table(NL, [100] * 14).size == 14
    assert Table(NL, 2).size == 2 and Table(NL, [100, 100]).size == 2


@pytest.mark.parametrize(("seats", "options", "message"), [
    (15, {}, "15 seats: a table has 2 to 14"),
    ([100] * 15, {}, "15 seats: a table has 2 to 14"),
    ([100], {}, "1 seats: a table has 2 to 14"),
    ({1: 2, 3: 4}, {}, "seats is {1: 2, 3: 4}: a dict, not a whole number (an int) (a number "
     "of seats, 2 to 14, or the starting stacks, like [100, 100])"),
    (3, {"button": 3}, "button 3 is not a seat (0 to 2)"),
    (3, {"button": -1}, "button -1 is not a seat (0 to 2)"),
    (3, {"button": "high-card"},
     "button 'high-card': a seat number (0 to 2), 'random' or 'first-jack'"),
    (3, {"button": 1.5},
     "button 1.5: not a whole number; a seat number (0 to 2), 'random' or 'first-jack'"),
    (None, {}, "how many seats? pass seats= (or rules with players set)"),
    ([100, 0], {}, "starting stacks are whole chips, 1 or more: seat 1 has 0: a player needs 1 "
     "or more"),
    (3, {"names": ["a", "", "c"]}, "names: 3 non-empty strings, one per seat, not ['a', '', 'c']"),
    (3, {"levels": Levels([{"blinds": [1, 2, 4]}, {"blinds": [1, 2, 4]}], every=5)},
     "these rules cannot be played down to heads-up: level 0, 2 players: cannot start the "
     "hand: blinds [1, 2, 4] need 3 players or more; level 1, 2 players: cannot start the "
     "hand: blinds [1, 2, 4] need 3 players or more"),
    (3, {"levels": Levels([{}, {"blinds": [1, 2, 4]}], every=5)},
     "these rules cannot be played down to heads-up: level 1, 2 players: cannot start the "
     "hand: blinds [1, 2, 4] need 3 players or more"),
])  # fmt: skip
def test_bad_set_ups_are_refused_with_the_whole_reason(
    seats: object, options: dict[str, object], message: str
) -> None:
    with pytest.raises(TableError) as caught:
        Table(NL, seats, **options)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_rules_that_cannot_be_played_at_a_fixed_count_are_refused() -> None:
    four_blinds = Rules.preset("no-limit", blinds=(1, 2, 4, 8))
    with pytest.raises(TableError) as caught:
        Table(four_blinds, 3, reset_stacks=True)
    assert str(caught.value) == ("these rules cannot be played: 3 players: cannot start the "
                                 "hand: blinds [1, 2, 4, 8] need 4 players or more")  # fmt: skip
    assert Table(four_blinds, 4, reset_stacks=True).size == 4
