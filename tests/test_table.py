"""The table (rules.md §3, §6, §10): the moving button and the blinds through
eliminations, heads-up, the first button, levels, stacks reset, the finishing order,
refused actions, and the views it hands out."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from pokerroom.cards import Rank
from pokerroom.engine import Action, EventKind, IllegalAction, PlayerView, Street
from pokerroom.rules import Rules
from pokerroom.table import (
    FirstButton,
    Levels,
    StaleViewError,
    Standing,
    Table,
    TableError,
    TableEventKind,
)
from table_helpers import RULESETS, FakeClock, cards_in, deck_for, first_legal

NL = Rules.preset("no-limit")  # blinds 2/4
FL = Rules.preset("casino-limit")  # blinds 1/2, bets 2/4
CT = Rules.preset("computer-tournament")  # ante 2, button blind 5, straddle 10


def blinds(table: Table) -> list[tuple[int, int]]:
    """(seat, chips) of the forced bets of the hand in play, in table seats."""
    kinds = (EventKind.BLIND, EventKind.STRADDLE)
    return [(e.seat, e.amount) for e in table.public_events() if e.kind in kinds]


def fold_to_the_blind(table: Table) -> None:
    while table.in_hand:
        legal = table.legal_actions()
        table.apply(Action.check() if "check" in str(legal) else Action.fold())


def all_in_hand(table: Table, holes: list[str | None], board: str, movers: set[int]) -> None:
    """Deal a hand from these cards: the ``movers`` bet or raise all they can and call,
    the others fold (or check)."""
    table.start_hand(deck_for(table, holes, board), auto_showdown=True)
    while table.in_hand:
        legal = table.legal_actions()
        if table.to_act not in movers:
            table.apply(Action.check() if "check" in str(legal) else Action.fold())
        elif legal.can_raise:
            table.apply(Action(legal.kinds[-1], legal.max_to))
        else:
            table.apply(first_legal(table))


# ---------------------------------------------------------------- the moving button


def test_button_moves_one_seat_clockwise_each_hand() -> None:
    table = Table(NL, 4, rng=random.Random(1))
    buttons = []
    for _ in range(6):
        buttons.append(table.start_hand().button)
        fold_to_the_blind(table)
    assert buttons == [0, 1, 2, 3, 0, 1]


def test_blinds_follow_the_button() -> None:
    table = Table(NL, 4, rng=random.Random(1), button=2)
    table.start_hand()
    assert blinds(table) == [(3, 2), (0, 4)]
    assert table.to_act == 1  # left of the big blind
    fold_to_the_blind(table)
    table.start_hand()
    assert blinds(table) == [(0, 2), (1, 4)]


def test_button_skips_seats_that_are_out() -> None:
    table = Table(NL, [100, 100, 100, 100], rng=random.Random(1))
    # hand 1, button 0: seat 1 (the small blind) moves all in and loses to seat 2
    all_in_hand(table, ["2c 3d", "7c 2d", "Ah As", "4h 5h"], "Kd Qs 9h 8c Jd", {1, 2})
    assert table.out == (False, True, False, False)
    assert table.next_button == 2  # seat 1 would have had it: out, skipped
    start = table.start_hand()
    assert start.button == 2
    assert start.seats == (0, 2, 3) and start.stacks[1] == 0


def test_button_player_busts() -> None:
    table = Table(NL, [100, 300, 300, 300], rng=random.Random(1))
    # seat 0 has the button and loses everything
    all_in_hand(table, ["7c 2d", "Ah As", "Kh Ks", "4h 5h"], "Kd Qs 9h 8c 3d", {0, 1})
    assert table.out[0]
    start = table.start_hand()
    assert start.button == 1
    assert blinds(table) == [(2, 2), (3, 4)]
    fold_to_the_blind(table)
    assert table.start_hand().button == 2
    fold_to_the_blind(table)
    assert table.start_hand().button == 3
    fold_to_the_blind(table)
    assert table.start_hand().button == 1  # seat 0 is skipped for good


def test_big_blind_busts() -> None:
    table = Table(NL, [300, 300, 100, 300], rng=random.Random(1))
    # button 0, blinds 1 and 2; seat 2 (big blind) loses its stack
    all_in_hand(table, ["Ah As", "4h 5h", "7c 2d", "Kh Ks"], "Kd Qs 9h 8c 3d", {0, 2})
    assert table.out == (False, False, True, False)
    table.start_hand()
    assert table.button == 1
    assert blinds(table) == [(3, 2), (0, 4)]  # seat 2 skipped
    assert table.to_act == 1


def test_small_blind_busts() -> None:
    table = Table(NL, [300, 100, 300, 300], rng=random.Random(1))
    all_in_hand(table, ["Ah As", "7c 2d", "4h 5h", "Kh Ks"], "Kd Qs 9h 8c 3d", {0, 1})
    assert table.out == (False, True, False, False)
    table.start_hand()
    assert table.button == 2  # one seat on from 0, skipping seat 1
    assert blinds(table) == [(3, 2), (0, 4)]


def test_heads_up_blinds_reverse() -> None:
    table = Table(FL, [20, 200, 200], rng=random.Random(1))
    all_in_hand(table, ["7c 2d", "Ah As", "Kh Ks"], "Kd Qs 9h 8c 3d", {0, 1})
    assert table.out == (True, False, False)
    table.start_hand(deck_for(table, [None, "9c 9d", "8c 8d"], "2h 3h 4s Jc Qd"))
    button = table.button
    assert button == 1
    # heads-up the button posts the small blind and acts first before the flop...
    assert blinds(table) == [(1, 1), (2, 2)]
    assert table.to_act == 1
    table.apply(Action.call())
    table.apply(Action.check())
    assert table.view(2).street is Street.FLOP
    # ...and last after it
    assert table.to_act == 2


def test_computer_tournament_heads_up_button_blind_and_straddle() -> None:
    table = Table(CT, [100, 1000, 1000], rng=random.Random(1))
    all_in_hand(table, ["7c 2d", "Ah As", "Kh Ks"], "Kd Qs 9h 8c 3d", {0, 1})
    assert table.out == (True, False, False)
    table.start_hand(deck_for(table, [None, "9c 9d", "8c 8d"], "2h 3h 4s Jc Qd"))
    assert table.button == 1
    events = table.public_events()
    assert [(e.seat, e.amount) for e in events if e.kind is EventKind.ANTE] == [(2, 2), (1, 2)]
    assert blinds(table) == [(1, 5)]  # 001: the button posts the blind...
    assert table.to_act == 2  # ...the other player straddles or folds...
    assert str(table.legal_actions()) == "fold, raise to 10"
    table.apply(Action.raise_to(10))
    assert blinds(table) == [(1, 5), (2, 10)]
    assert table.to_act == 1  # ...and the button acts first
    assert str(table.legal_actions()) == "fold, call 5, raise to 20"
    table.apply(Action.call())
    assert table.to_act == 2  # the straddle is live
    table.apply(Action.check())
    assert table.view(1).street is Street.FLOP and table.to_act == 2


def test_first_button_by_the_first_jack() -> None:
    rng = random.Random(12)
    table = Table(NL, 6, button=FirstButton.FIRST_JACK, rng=rng)
    event = table.log[0]
    assert event.kind is TableEventKind.BUTTON
    cards = event.cards
    # dealt face up one at a time from the left of seat 0 until the first jack
    assert cards[-1].rank is Rank.JACK
    assert all(c.is_joker or c.rank is not Rank.JACK for c in cards[:-1])
    assert table.button == len(cards) % 6 == event.seat
    assert len(set(cards)) == len(cards)
    assert "the first jack gives seat" in str(event)
    assert table.start_hand().button == table.button


def test_first_button_by_the_first_jack_covers_every_seat() -> None:
    seats = {Table(NL, 3, button="first-jack", rng=random.Random(i)).button for i in range(60)}
    assert seats == {0, 1, 2}


def test_first_button_at_random_or_given() -> None:
    drawn = [Table(NL, 5, button="random", rng=random.Random(i)).button for i in range(200)]
    assert set(drawn) == set(range(5))
    assert drawn == [Table(NL, 5, button="random", rng=random.Random(i)).button
                     for i in range(200)]  # fmt: skip
    assert Table(NL, 5, button=3).start_hand().button == 3


def test_button_stays_with_fixed_seats() -> None:
    table = Table(NL, 3, rng=random.Random(2), button=2, button_moves=False)
    for _ in range(3):
        assert table.start_hand().button == 2
        fold_to_the_blind(table)


@pytest.mark.parametrize(
    ("stacks", "holes", "movers", "button"),
    [
        # the button (seat 2) loses all it has to seat 3: the button passes to seat 3
        ([200, 200, 100, 300], [None, None, "7c 2d", "Kh Ks"], {2, 3}, 3),
        # seats 2 and 3 both go out to seat 0: the next seat with chips is seat 0
        ([500, 200, 100, 100], ["Ah As", None, "7c 2d", "8c 3d"], {0, 2, 3}, 0),
    ],
    ids=["next seat", "next seat with chips"],
)
def test_fixed_button_whose_seat_goes_out_passes_to_the_next_seat_in(
    stacks: list[int], holes: list[str | None], movers: set[int], button: int
) -> None:
    """rules.md §3 (the button skips seats out of the game), with fixed seats: the button
    stays on its seat while that seat has chips; once it is out, the button goes to the
    next seat clockwise that has chips, and stays there."""
    table = Table(NL, stacks, rng=random.Random(2), button=2, button_moves=False)
    all_in_hand(table, holes, "Kd Qs 9h 8h 4d", movers)
    assert table.out[2] and table.next_button == button
    for _ in range(3):
        start = table.start_hand()
        assert start.button == button and button in start.seats and 2 not in start.seats
        fold_to_the_blind(table)
        assert sum(table.stacks) == sum(stacks)


# ------------------------------------------------------------------- finishing order


def test_players_out_in_the_same_hand_are_placed_by_their_stacks() -> None:
    table = Table(NL, [500, 100, 60, 200], rng=random.Random(3))
    # seats 1 and 2 both lose to seat 0; seat 1 started with more: it finishes higher
    all_in_hand(table, ["Ah As", "7c 2d", "8c 3d", "Kh Ks"], "Kd Qs 9h 8h 4d", {0, 1, 2})
    assert table.out == (False, True, True, False)
    assert {s.seat: s.place for s in table.standings} == {1: 3, 2: 4}


def test_players_out_with_equal_stacks_share_the_place() -> None:
    table = Table(NL, [500, 100, 100, 200], rng=random.Random(3))
    all_in_hand(table, ["Ah As", "7c 2d", "8c 3d", "Kh Ks"], "Kd Qs 9h 8h 4d", {0, 1, 2})
    assert {s.seat: s.place for s in table.standings} == {1: 3, 2: 3}


def test_freeze_out_ends_with_every_chip_in_one_stack() -> None:
    table = Table(NL, [100, 100], rng=random.Random(3))
    all_in_hand(table, ["Ah As", "7c 2d"], "Kd Qs 9h 8h 4d", {0, 1})
    assert table.is_over and table.stacks == (200, 0)
    assert table.standings == (Standing(0, 1, 1, 200), Standing(1, 2, 1, 100))
    assert table.log[-1].kind is TableEventKind.OVER
    with pytest.raises(TableError, match="the game is over"):
        table.start_hand()
    with pytest.raises(IllegalAction, match="the game is over"):
        table.apply(Action.fold())


def test_max_hands_places_the_seats_still_in_by_their_chips() -> None:
    table = Table(NL, 3, rng=random.Random(3), max_hands=2)
    for _ in range(2):
        table.start_hand()
        fold_to_the_blind(table)
    assert table.is_over
    stacks = table.stacks
    places = {s.seat: s.place for s in table.standings}
    assert sorted(places) == [0, 1, 2]
    for a in range(3):
        for b in range(3):
            if stacks[a] > stacks[b]:
                assert places[a] < places[b]


def test_reset_stacks_every_hand_keeps_the_score_in_totals() -> None:
    table = Table(NL, [100, 100], rng=random.Random(3), reset_stacks=True, max_hands=3)
    all_in_hand(table, ["Ah As", "7c 2d"], "Kd Qs 9h 8h 4d", {0, 1})
    assert not table.is_over and table.out == (False, False)
    assert table.totals == (100, -100)
    assert table.start_hand().stacks == (100, 100)
    fold_to_the_blind(table)
    table.start_hand()
    fold_to_the_blind(table)
    assert table.is_over and sum(table.totals) == 0
    assert table.standings[0].seat == (0 if table.totals[0] > 0 else 1)


# -------------------------------------------------------------------------- levels


def test_levels_rise_by_hands() -> None:
    levels = Levels([{}, {"blinds": [5, 10]}, {"blinds": [25, 50], "antes": 5}], every=2)
    table = Table(NL, 3, rng=random.Random(1), levels=levels)
    seen = []
    for _ in range(6):
        table.start_hand()
        seen.append((table.level, table.hand_rules.blinds, blinds(table)[-1][1]))
        fold_to_the_blind(table)
    assert seen == [(0, (2, 4), 4), (0, (2, 4), 4), (1, (5, 10), 10), (1, (5, 10), 10),
                    (2, (25, 50), 50), (2, (25, 50), 50)]  # fmt: skip
    assert [e.hand for e in table.log if e.kind is TableEventKind.LEVEL] == [1, 3, 5]


def test_levels_rise_by_time_from_the_injected_clock() -> None:
    clock = FakeClock()
    levels = Levels([{}, {"blinds": [10, 20]}], every=600, unit="seconds")
    table = Table(NL, 3, rng=random.Random(1), levels=levels, clock=clock)
    table.start_hand()
    fold_to_the_blind(table)
    clock.advance(599)
    assert table.start_hand().level == 0
    fold_to_the_blind(table)
    clock.advance(1)
    assert table.start_hand().level == 1 and table.elapsed == 600
    with pytest.raises(TableError, match="need a clock"):
        Table(NL, 3, levels=levels)


def test_levels_past_the_buy_in_are_played_all_in() -> None:
    levels = Levels([{}, {"blinds": [600, 1200]}], every=1)
    table = Table(NL, 2, rng=random.Random(1), levels=levels)
    table.start_hand()
    fold_to_the_blind(table)
    table.start_hand()  # blinds above the buy-in: the big blind posts what it has
    assert table.hand_rules.blinds == (600, 1200)
    fold_to_the_blind(table)


# ------------------------------------------------------------------ set-up refused


@pytest.mark.parametrize(
    ("seats", "options", "message"),
    [
        (1, {}, "1 seats: a table has 2 to 14"),
        (15, {}, "15 seats"),
        ([100, 0, 100], {}, "seat 1 has 0"),
        ([100, "x"], {}, "seat 1 has 'x'"),
        (3, {"names": ["a", "b"]}, "names: 3"),
        (3, {"button": 3}, "button 3 is not a seat"),
        (3, {"button": "high-card"}, "'random' or 'first-jack'"),
        (3, {"max_hands": 0}, "max_hands is 0"),
    ],
)
def test_bad_set_ups_are_refused(seats: object, options: dict[str, object], message: str) -> None:
    with pytest.raises(TableError, match=message):
        Table(NL, seats, **options)  # type: ignore[arg-type]


def test_rules_that_cannot_go_down_to_heads_up_are_refused() -> None:
    three_blinds = Rules.preset("no-limit", blinds=(1, 2, 4))
    with pytest.raises(TableError, match="down to heads-up: 2 players") as refused:
        Table(three_blinds, 5)
    Table(three_blinds, 5, reset_stacks=True)  # never fewer than five: fine
    message = str(refused.value)
    assert message.count("2 players") == 1, message  # was "2 players: ... 2 players: ..."
    assert message == ("these rules cannot be played down to heads-up: 2 players: cannot "
                       "start the hand: blinds [1, 2, 4] need 3 players or more")  # fmt: skip
    with pytest.raises(TableError) as refused:
        Table(Rules.preset("no-limit", blinds=(1, 2, 4, 8)), 3, reset_stacks=True)
    assert str(refused.value).count("3 players") == 1, str(refused.value)


def test_rules_for_a_number_of_players() -> None:
    rules = Rules.preset("no-limit", players=3)
    assert Table(rules).size == 3
    with pytest.raises(TableError, match="the rules are for 3 players"):
        Table(rules, 4)


# ------------------------------------------------------------------- refusals


def test_an_illegal_action_changes_nothing() -> None:
    table = Table(NL, 3, rng=random.Random(5))
    table.start_hand()
    before = table.save()
    with pytest.raises(IllegalAction, match=r"seat 0 cannot raise to 5 pre-flop: the minimum is 8"):
        table.apply(Action.raise_to(5))
    with pytest.raises(IllegalAction, match=r"seat 2 cannot call pre-flop: it is seat 0's turn"):
        table.apply(Action.call(), seat=2)
    with pytest.raises(IllegalAction, match="not an action"):
        table.apply("call")  # type: ignore[arg-type]
    assert table.save() == before
    assert not table.is_legal(Action.raise_to(5)) and table.is_legal(Action.call(), seat=0)


def test_refusals_name_table_seats_after_eliminations() -> None:
    table = Table(NL, [300, 100, 300, 300], rng=random.Random(1))
    all_in_hand(table, ["Ah As", "7c 2d", "4h 5h", "Kh Ks"], "Kd Qs 9h 8c 3d", {0, 1})
    table.start_hand()  # seats 0, 2, 3 dealt in; the engine numbers them 0, 1, 2
    assert table.to_act == 2
    with pytest.raises(IllegalAction) as info:
        table.apply(Action.raise_to(5))
    assert str(info.value).startswith("seat 2 cannot raise to 5 pre-flop")
    with pytest.raises(IllegalAction, match="it is seat 2's turn"):
        table.apply(Action.fold(), seat=3)


def test_between_hands_nobody_acts() -> None:
    table = Table(NL, 3)
    assert table.to_act is None
    with pytest.raises(IllegalAction, match="no hand is in play"):
        table.apply(Action.fold())
    with pytest.raises(TableError, match="no hand has been dealt"):
        table.view(0)
    table.start_hand()
    with pytest.raises(TableError, match="still being played"):
        table.start_hand()


# ------------------------------------------------------------------------ views


def test_views_are_in_table_seats_with_seats_out_folded() -> None:
    table = Table(NL, [300, 100, 300, 300], rng=random.Random(1))
    all_in_hand(table, ["Ah As", "7c 2d", "4h 5h", "Kh Ks"], "Kd Qs 9h 8c 3d", {0, 1})
    table.start_hand()
    hand = table.hand
    assert hand is not None and table.seats_in_hand == (0, 2, 3)
    view = table.view(3)
    assert view.seat == 3 and view.button == 2 and view.players == 4
    assert view.hole == hand.hole(2)
    assert view.stacks[1] == 0 and view.folded[1] and view.shown[1] is None
    assert view.folded.count(False) == 3
    assert {e.seat for e in view.events if e.seat >= 0} == {0, 2, 3}
    mine = [e for e in view.events if e.kind is EventKind.DEAL and e.seat == 3]
    assert mine[0].cards == hand.hole(2)
    acting = table.view(2)
    assert acting.legal is not None and acting.legal.seat == 2 and acting.to_act == 2


def test_spectators_and_seats_out_see_no_hole_cards() -> None:
    table = Table(NL, [300, 100, 300, 300], rng=random.Random(1))
    all_in_hand(table, ["Ah As", "7c 2d", "4h 5h", "Kh Ks"], "Kd Qs 9h 8c 3d", {0, 1})
    table.start_hand()
    for seat in (-1, 1):
        view = table.view(seat)
        assert view.hole == () and view.legal is None
        assert list(cards_in(view)) == []


def test_turn_view_is_worked_out_on_demand_and_only_while_current() -> None:
    table = Table(NL, 3, rng=random.Random(4))
    table.start_hand()
    lazy = table.turn_view()
    assert isinstance(lazy, PlayerView)
    assert lazy == table.view(0) or repr(lazy) == repr(table.view(0))
    kept = copy.copy(lazy)
    assert type(kept) is PlayerView and kept.hole == table.view(0).hole
    assert type(pickle.loads(pickle.dumps(lazy))) is PlayerView
    assert dataclasses.replace(lazy, seat=0).hole == kept.hole
    unread = table.turn_view()
    table.apply(Action.call())
    assert lazy.pot == kept.pot  # read before: kept
    assert unread.seat == 0 and unread.legal is not None  # set when it was made
    with pytest.raises(StaleViewError, match="moved past"):
        _ = unread.hole


def test_changing_the_legal_actions_a_player_got_changes_nothing() -> None:
    table = Table(NL, [100, 100], rng=random.Random(4))
    table.start_hand()
    for legal in (table.legal_actions(), table.turn_view().legal, table.view(0).legal):
        assert legal is not None
        with pytest.raises(AttributeError, match="immutable"):
            legal.max_to = 10**6
        assert legal.max_to == 100
    with pytest.raises(IllegalAction, match="the maximum is 100"):
        table.apply(Action.raise_to(10**6))
    assert table.stacks == (98, 96)


def test_public_events_hide_hole_cards_until_shown() -> None:
    table = Table(NL, [100, 100], rng=random.Random(4))
    table.start_hand()
    table.apply(Action.raise_to(100))
    table.apply(Action.call())
    events = table.public_events()
    deals = [e for e in events if e.kind is EventKind.DEAL]
    shows = [e for e in events if e.kind is EventKind.SHOW]
    assert len(deals) == 2 and all(e.cards == () for e in deals)
    assert all(e.cards == () for e in events if e.kind is EventKind.BURN)
    hand = table.hand
    assert hand is not None
    assert {e.seat: e.cards for e in shows} == {0: hand.hole(0), 1: hand.hole(1)}
    assert table.public_events(len(events) - 2) == events[-2:]


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_ruleset_deals_and_finishes_a_hand(name: str) -> None:
    table = Table(RULESETS[name], 6, rng=random.Random(2))
    table.start_hand()
    while table.in_hand:
        table.apply(first_legal(table))
    assert table.last_result is not None and sum(table.stacks) == 6 * RULESETS[name].buy_in


def test_a_hand_after_eliminations_makes_a_hand_history() -> None:
    from pokerroom.history.phh import dumps, loads
    from pokerroom.history.record import PlayedHand, to_phh

    table = Table(NL, [300, 100, 300, 300], names=["Ann", "Bob", "Cy", "Di"],
                  rng=random.Random(1))  # fmt: skip
    all_in_hand(table, ["Ah As", "7c 2d", "4h 5h", "Kh Ks"], "Kd Qs 9h 8c 3d", {0, 1})
    table.start_hand()
    while table.in_hand:
        table.apply(first_legal(table))
    assert table.hand is not None
    names = [table.names[t] for t in table.seats_in_hand]
    played = PlayedHand.from_hand(table.hand, names=names, label=table.hand_number)
    phh = loads(dumps(to_phh(played)))
    assert phh.players == ("Di", "Ann", "Cy")  # position order: the button (Cy) last
    assert sum(phh.finishing_stacks) == 1000


def test_pending_view_is_the_turn_view_or_none_between_hands() -> None:
    table = Table(NL, [100, 100, 100], rng=random.Random(6))
    assert table.pending_view() is None  # nothing dealt yet
    table.start_hand()
    decisions = 0
    while table.to_act is not None:
        view = table.pending_view()
        assert view is not None and view.seat == table.to_act
        assert view.legal == table.legal_actions() and view == table.view(view.seat)
        table.apply(table.default_action())
        decisions += 1
    assert decisions >= 2 and table.pending_view() is None


def test_public_events_are_built_as_the_hand_goes_and_hide_the_same_cards() -> None:
    """Read after every action (each read builds only the new entries), the public events
    are the history with every hole-card deal and burn emptied, a seat's view adds its
    own hole cards only, and reading changes nothing."""
    rng = random.Random(11)
    checked = 0
    for n in (2, 3, 6):
        table = Table(NL, n, rng=rng, reset_stacks=True)
        table.start_hand()
        hand = table.hand
        assert hand is not None
        while True:
            events = hand.events
            public = table.public_events()
            assert public == [
                e._replace(cards=()) if e.kind in (EventKind.DEAL, EventKind.BURN) else e
                for e in events
            ]
            assert table.public_events(len(public) - 1) == public[-1:]
            for seat in range(n):
                own = [e for e in table.view(seat).events if e.cards and e.kind is EventKind.DEAL]
                assert [e.seat for e in own] == [seat]
                assert own[0].cards == hand.hole(seat)
            assert hand.events == events  # reading built nothing twice
            checked += 1
            if table.to_act is None:
                break
            table.apply(Action.call() if Action.call() in table.legal_actions()
                        else table.default_action())  # fmt: skip
    assert checked >= 12


def test_a_table_keeps_at_most_29_attributes_whatever_it_has_played() -> None:
    # CPython 3.11 keeps up to 29 attributes of an instance in the layout its fast
    # attribute reads and method calls need (a 30th makes every self.x of the table a
    # dictionary lookup, and the runner's hands measurably slower): the table derives
    # what it can instead of keeping it.  Played here: levels by time, a freeze-out with
    # eliminations, a hand saved mid-way and restored.
    from pokerroom.players import RandomBot, Runner
    from pokerroom.table import Levels, LevelUnit
    from table_helpers import FakeClock

    clock = FakeClock()
    rules = Rules.preset("casino-limit", buy_in=100)
    levels = Levels([{}, {"blinds": [2, 4], "small_bet": 4, "big_bet": 8}], every=30,
                    unit=LevelUnit.SECONDS)  # fmt: skip
    table = Table(rules, 4, rng=random.Random(4), levels=levels, clock=clock)
    Runner(table, [RandomBot(seed=s) for s in range(4)]).play(hands=2)
    clock.advance(40)
    assert not table.is_over
    table.start_hand()
    assert table.level == 1
    table.apply(table.default_action())
    restored = Table.restore(table.save(), clock=clock)
    for t in (table, restored):
        Runner(t, [RandomBot(seed=s) for s in range(4)]).play()
        assert t.is_over
        assert len(vars(t)) <= 29, sorted(vars(t))
