"""The table at its edges (rules.md §3, §10): a seat with a single chip, a game that resets
the stacks after a seat lost them all, the end of a game by its hand limit and its log,
every refusal's whole text, and a restored game's clock and random source."""

from __future__ import annotations

import copy
import json
import random

import pytest

from pokerroom.cards import Deck
from pokerroom.engine import Action, IllegalAction, Street
from pokerroom.rules import Rules
from pokerroom.table import Levels, StaleViewError, Standing, Table, TableError
from table_helpers import deck_for
from test_table import all_in_hand

NL = Rules.preset("no-limit")  # blinds 2/4, buy-in 1000


def test_a_seat_left_with_a_single_chip_gets_the_button() -> None:
    table = Table(NL, [300, 1, 300], rng=random.Random(1))
    # Seat 1 posts its one chip as the small blind; the board plays and splits the pot.
    table.start_hand(deck_for(table, ["2c 3d", "4c 5d", "6c 7d"], "Ah Kh Qh Jh Th"),
                     auto_showdown=True)  # fmt: skip
    while table.in_hand:
        legal = table.legal_actions()
        table.apply(Action.check() if "check" in str(legal) else Action.fold())
    assert table.stacks == (300, 1, 300) and table.out == (False, False, False)
    assert table.next_button == 1
    table.start_hand()
    assert table.button == 1 and table.seats_in_hand == (0, 1, 2)


def test_with_stacks_reset_a_seat_that_lost_everything_still_gets_the_button() -> None:
    table = Table(NL, [300, 300, 300], rng=random.Random(1), reset_stacks=True)
    all_in_hand(table, ["Ah As", "Kh Kd", "7c 2d"], "Ac Ad 9h 8c 3d", {0, 1})
    assert table.totals == (304, -300, -4) and table.out == (False, False, False)
    assert table.next_button == 1
    table.start_hand()
    assert table.button == 1 and table.stacks[1] > 0


def test_the_hand_limit_places_the_seats_by_their_chips_not_their_winnings() -> None:
    table = Table(NL, [100, 300, 200], rng=random.Random(1), max_hands=1)
    table.start_hand()
    while table.in_hand:
        table.apply(Action.fold())
    # Seat 1 (small blind) folds to seat 2 (big blind): seat 1 has won least, but has
    # the most chips.
    assert table.stacks == (100, 298, 202) and table.totals == (0, -2, 2)
    assert table.is_over and table.standings == (
        Standing(1, 1, 1, 298), Standing(2, 2, 1, 202), Standing(0, 3, 1, 100))
    assert str(table.log[-1]) == "game over: 1 hands played (the limit)"
    with pytest.raises(TableError) as caught:
        table.start_hand()
    assert str(caught.value) == "the game is over: no more hands"
    with pytest.raises(IllegalAction) as refused:
        table.turn_view()
    assert str(refused.value) == "nobody is to act: the game is over"


def test_a_freeze_out_ends_in_the_log_naming_the_winner() -> None:
    table = Table(NL, [300, 100], rng=random.Random(1))
    all_in_hand(table, ["Ah As", "7c 2d"], "Kd Qs 9h 8c 3d", {0, 1})
    assert table.is_over
    assert str(table.log[-1]) == "game over: seat 0 has every chip after 1 hands"


def test_refusals_between_and_during_hands_name_the_problem() -> None:
    table = Table(NL, 3, rng=random.Random(1))
    with pytest.raises(IllegalAction) as caught:
        table.turn_view()
    assert str(caught.value) == "nobody is to act: no hand is in play (start the next)"
    assert not table.is_legal(Action.fold())
    table.start_hand()
    assert table.to_act == 0
    with pytest.raises(IllegalAction) as caught:
        table.apply("fold")  # type: ignore[arg-type]
    assert str(caught.value) == (
        "seat 0 sent 'fold', which is not an action (legal: fold, call 4, raise to 8 to 1000)")
    assert table.is_legal(Action.fold()) and table.is_legal(Action.fold(), seat=0)
    assert not table.is_legal("fold") and not table.is_legal(Action.fold(), seat=1)
    assert not table.is_legal(Action.check())
    view = table.turn_view()
    table.apply(Action.call())
    with pytest.raises(StaleViewError) as stale:
        table.full_view_for(view)  # type: ignore[arg-type]
    assert str(stale.value) == (
        "this view was handed out for a decision the table has moved past: read a view while "
        "deciding (keep copy.copy(view) to look at it later)")


def test_a_restored_game_keeps_its_playing_time_and_takes_the_random_source_given() -> None:
    table = Table(NL, 3)  # the system's random source: not saved
    table.start_hand()
    table._set_elapsed(125.5)
    data = json.loads(json.dumps(table.save()))
    assert data["elapsed"] == 125.5 and data["rng"] is None
    first, second = (Table.restore(data, rng=random.Random(7)) for _ in range(2))
    assert first.elapsed == second.elapsed == 125.5  # no clock: the time stands still
    for again in (first, second):
        while again.in_hand:
            again.apply(Action.fold())
        again.start_hand()
    # The same random source given, the same next deal.
    assert str(first.hand) == str(second.hand)
    finished = Table.restore(json.loads(json.dumps(first.save())))
    assert finished.to_act == first.to_act


def test_a_restored_hand_that_is_over_has_nobody_to_act() -> None:
    table = Table(NL, 3, rng=random.Random(1))
    table.start_hand()
    while table.in_hand:
        table.apply(Action.fold())
    again = Table.restore(json.loads(json.dumps(table.save())))
    assert again.to_act is None and not again.in_hand and again.pending_view() is None


def test_a_new_table_has_played_nothing() -> None:
    table = Table(NL, 3, rng=random.Random(1))
    assert table.elapsed == 0.0 and table.in_hand is False and table.is_over is False
    assert table.actions == () and table.to_act is None and table.hand_number == 0


def test_with_stacks_reset_the_button_goes_round_every_seat() -> None:
    table = Table(NL, 3, rng=random.Random(1), reset_stacks=True)
    buttons = []
    for _ in range(5):
        table.start_hand()
        buttons.append(table.button)
        while table.in_hand:
            table.apply(Action.fold())
    assert buttons == [0, 1, 2, 0, 1]


@pytest.mark.parametrize(("options", "message"), [
    ({"max_hands": 0}, "max_hands is 0: a number of hands, 1 or more"),
    ({"max_hands": 1.5}, "max_hands is 1.5: not a whole number (a number of hands, 1 or more)"),
    ({"levels": Levels([{}], every=5, unit="seconds")},
     "levels that rise by time need a clock (seconds, e.g. time.monotonic)"),
])  # fmt: skip
def test_bad_options_are_refused_with_the_whole_reason(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(TableError) as caught:
        Table(NL, 3, **options)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_a_deck_too_short_for_the_hand_is_refused_and_nothing_is_dealt() -> None:
    table = Table(NL, 3, rng=random.Random(1))
    with pytest.raises(TableError) as caught:
        table.start_hand(Deck.stacked([0, 1]))
    assert str(caught.value) == "cannot start the hand: the deck has 2 cards, 3 players need 14"
    assert table.hand_number == 0 and not table.in_hand


def test_stepping_something_that_is_not_an_action_is_refused() -> None:
    table = Table(NL, 3, rng=random.Random(1))
    table.start_hand()
    with pytest.raises(IllegalAction) as caught:
        table.step("fold")  # type: ignore[arg-type]
    assert str(caught.value) == (
        "seat 0 sent 'fold', which is not an action (legal: fold, call 4, raise to 8 to 1000)")


def test_the_log_marks_each_level_and_the_end_for_no_seat() -> None:
    levels = Levels([{}, {"blinds": [5, 10]}], every=1)
    table = Table(NL, 3, rng=random.Random(1), levels=levels, max_hands=2)
    while not table.is_over:
        table.start_hand()
        while table.in_hand:
            table.apply(Action.fold())
    assert [(e.kind.value, e.hand, e.seat, str(e)) for e in table.log] == [
        ("button", 0, 0, "seat 0 has the first button (given)"),
        ("level", 1, -1, "level 0: no limit (minimum bet 4), blinds 2/4"),
        ("level", 2, -1, "level 1: no limit (minimum bet 10), blinds 5/10"),
        ("over", 2, -1, "game over: 2 hands played (the limit)"),
    ]


def test_applying_no_action_is_refused_naming_the_choices() -> None:
    table = Table(NL, 3, rng=random.Random(1))
    table.start_hand()
    with pytest.raises(IllegalAction) as caught:
        table.apply(None)  # type: ignore[arg-type]
    assert str(caught.value) == (
        "seat 0 sent None, which is not an action (legal: fold, call 4, raise to 8 to 1000)")
    assert table.to_act == 0 and table.actions == ()


def test_a_hand_announced_at_the_table_is_the_one_shown() -> None:
    # 001's announced hands: seat 1 holds 9s 5c on Qs Kh As 8s 7c and may announce any
    # hand its cards make, from ace-king-queen-nine-eight down to queen-nine-eight-seven-five.
    table = Table(Rules.preset("computer-tournament"), 3, rng=random.Random(4))
    table.start_hand()
    while table.in_hand and table.legal_actions().street is not Street.SHOWDOWN:
        legal = table.legal_actions()
        table.apply(Action.call() if "call" in str(legal) else
                    Action.check() if "check" in str(legal) else Action.raise_to(legal.min_to))
    assert table.to_act == 1
    values = table.legal_actions().values
    shown = []
    for value in (values[0], values[-1]):
        copy_ = copy.deepcopy(table)
        copy_.apply(Action.show(value))
        assert copy_.hand is not None
        shown.append(str(copy_.hand.events[-1]))
    assert shown == ["seat 1 shows 9s 5c (high card, ace-king-queen-nine-eight)",
                     "seat 1 shows 9s 5c (high card, queen-nine-eight-seven-five)"]
