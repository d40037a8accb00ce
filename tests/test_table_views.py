"""The views a table hands out once seats are out of the game (the table's seats are no
longer the hand's): every seat, a seat out and a spectator see the same public state in
table seats, each only its own hole cards, and the result of the hand in table seats.
Exact values of one hand worked out by hand, then every decision of random games checked
field by field against the engine's own hand."""

from __future__ import annotations

import random

import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import Action, EventKind, PlayerView, Pot
from pokerroom.rules import Rules
from pokerroom.table import Table, TableError
from table_helpers import RULESETS, deck_for, small
from test_table import all_in_hand

NL = Rules.preset("no-limit")  # blinds 2/4


def cards(text: str) -> tuple[object, ...]:
    return tuple(parse_cards(text))

PUBLIC = ("rules", "button", "street", "board", "stacks", "bets", "committed", "folded",
          "all_in", "shown", "to_act", "result", "to_match")  # fmt: skip


def public(view: PlayerView) -> dict[str, object]:
    return {name: getattr(view, name) for name in PUBLIC}


def test_a_hand_after_an_elimination_in_table_seats_exact_values() -> None:
    table = Table(NL, [300, 100, 300, 300], rng=random.Random(1))
    all_in_hand(table, ["Ah As", "7c 2d", "4h 5h", "Kh Ks"], "Kd Qs 9h 8c 3d", {0, 1})
    assert table.stacks == (404, 0, 296, 300) and table.out == (False, True, False, False)
    holes = ["Qh Qd", None, "Jc Jd", "9s 8s"]
    table.start_hand(deck_for(table, holes, "2c 7h Tc 3s 4d"), auto_showdown=True)
    # Seats 0, 2, 3 are dealt in; the button is seat 2, seat 3 posts 2 and seat 0 posts 4.
    assert table.seats_in_hand == (0, 2, 3) and table.button == 2 and table.to_act == 2
    views = {s: table.view(s) for s in (-1, 0, 1, 2, 3)}
    for s, view in views.items():
        assert view.seat == s and view.button == 2 and view.players == 4
        assert view.stacks == (400, 0, 296, 298)
        assert view.bets == (4, 0, 0, 2) and view.committed == (4, 0, 0, 2)
        assert view.folded == (False, True, False, False)
        assert view.all_in == (False, False, False, False)
        assert view.shown == (None, None, None, None)
        assert view.to_act == 2 and view.to_match == 4 and view.board == ()
        assert view.rules == table.hand_rules and view.result is None
        expected = cards(holes[s] or "") if s in (0, 2, 3) else ()
        assert view.hole == expected, s
        assert (view.legal is not None) == (s == 2)
    legal = views[2].legal
    assert legal is not None and legal.seat == 2
    assert (legal.call, legal.min_to, legal.max_to) == (4, 8, 296)
    # Events name table seats: the blinds of seats 3 and 0, hole cards to 0, 2 and 3.
    blinds = [(e.seat, e.amount) for e in views[-1].events if e.kind is EventKind.BLIND]
    assert blinds == [(3, 2), (0, 4)]
    for s, view in views.items():
        dealt = {e.seat: e.cards for e in view.events if e.kind is EventKind.DEAL}
        assert set(dealt) == {0, 2, 3}
        assert all(got == (cards(holes[t] or "") if t == s else ()) for t, got in dealt.items())

    for action in (Action.raise_to(12), Action.call(), Action.call()):
        table.apply(action)
    flop = table.view(-1)
    assert flop.board == cards("2c 7h Tc") and flop.to_act == 3
    assert flop.stacks == (392, 0, 284, 288) and flop.committed == (12, 0, 12, 12)
    assert flop.bets == (0, 0, 0, 0)
    while table.in_hand:
        table.apply(Action.check())
    # Nobody bets after the flop: 9s 8s shows first, queens win, jacks are mucked.
    result = table.view(-1).result
    assert result is not None
    assert result.starting == (404, 0, 296, 300)
    assert result.stacks == (428, 0, 284, 288) == table.stacks
    assert result.won == (36, 0, 0, 0)
    assert result.pots == (Pot(36, (0, 3), (0,), (36,)),)
    assert result.shown == (cards("Qh Qd"), None, None, cards("9s 8s"))
    for s in (0, 1, 2, 3):
        after = table.view(s)
        assert public(after) == public(table.view(-1)) and after.result == result
        assert after.hole == (cards(holes[s]) if holes[s] else ())


def test_a_view_of_the_last_seat_out_is_in_table_seats_too() -> None:
    # The last seat is out: the hand's seats 0, 1, 2 are the table's, but not all of them.
    table = Table(NL, [300, 300, 300, 100], rng=random.Random(1))
    all_in_hand(table, ["Ah As", "4h 5h", "Kh Ks", "7c 2d"], "Kd Qs 9h 8c 3d", {0, 3})
    assert table.out == (False, False, False, True)
    table.start_hand()
    assert table.seats_in_hand == (0, 1, 2)
    for s in (0, 1, 2):
        view = table.view(s)
        assert view.seat == s and view.button == table.button
        assert view.players == 4 and view.stacks == table.stacks and view.stacks[3] == 0
        assert view.folded[3] and not view.all_in[3] and view.committed[3] == 0


def test_a_view_of_no_seat_is_refused_naming_the_seats() -> None:
    table = Table(NL, 3, rng=random.Random(1))
    with pytest.raises(TableError, match=r"^no hand has been dealt yet$"):
        table.view(0)
    table.start_hand()
    for seat in (3, -2):
        with pytest.raises(TableError) as caught:
            table.view(seat)
        assert str(caught.value) == f"no seat {seat} (seats 0 to 2, -1 for a spectator)"


def check_views(table: Table, total: int) -> None:
    """Every seat's view, a spectator's included, against the engine's hand."""
    hand = table.hand
    assert hand is not None
    seats = table.seats_in_hand
    spectator = table.view(-1)
    assert spectator.hole == () and spectator.legal is None and spectator.seat == -1
    for s in range(-1, table.size):
        view = table.view(s)
        assert view.seat == s and public(view) == public(spectator), s
        assert view.button == table.button and view.to_act == table.to_act
        assert view.stacks == table.stacks and view.rules == table.hand_rules
        if s in seats:
            assert view.hole == hand.hole(seats.index(s))
        else:
            assert view.hole == ()
        if s >= 0 and s == table.to_act:
            assert view.legal == table.legal_actions() and view.legal.seat == s
        else:
            assert view.legal is None
        own = [e.cards for e in view.events if e.kind is EventKind.DEAL and e.seat == s]
        assert own == ([view.hole] if s in seats else [])
    engine = hand.view(0)
    assert spectator.street is engine.street and spectator.board == engine.board
    assert len(spectator.events) == len(engine.events)
    for mine, theirs in zip(spectator.events, engine.events, strict=True):
        assert mine.kind is theirs.kind and mine.amount == theirs.amount
        assert mine.seat == (seats[theirs.seat] if theirs.seat >= 0 else -1)
    if table.to_act is not None:
        turn = table.turn_view().legal
        assert turn is not None and turn.seat == table.to_act
        legal, own = table.legal_actions(), hand.legal_actions()
        assert legal.seat == seats[own.seat] == table.to_act
        assert (legal.street, legal.kinds, legal.to_call, legal.call) == (
            own.street, own.kinds, own.to_call, own.call)
        assert (legal.min_to, legal.max_to, legal.values) == (own.min_to, own.max_to, own.values)
    assert spectator.to_match == engine.to_match
    for h, t in enumerate(seats):
        assert spectator.stacks[t] == engine.stacks[h]
        assert spectator.bets[t] == engine.bets[h]
        assert spectator.committed[t] == engine.committed[h]
        assert spectator.folded[t] == engine.folded[h]
        assert spectator.all_in[t] == engine.all_in[h]
        assert spectator.shown[t] == engine.shown[h]
    for t in set(range(table.size)) - set(seats):
        assert (spectator.stacks[t], spectator.bets[t], spectator.committed[t]) == (0, 0, 0)
        assert spectator.folded[t] and not spectator.all_in[t] and spectator.shown[t] is None
    assert {e.seat for e in spectator.events} <= {-1, *seats}
    result = spectator.result
    if engine.result is None:
        assert result is None and sum(spectator.stacks) + spectator.pot == total
        return
    assert result is not None and result.stacks == table.stacks and sum(table.stacks) == total
    assert sum(result.starting) == total and sum(result.won) == spectator.pot
    for h, t in enumerate(seats):
        assert result.starting[t] == engine.result.starting[h]
        assert result.won[t] == engine.result.won[h]
        assert result.shown[t] == engine.result.shown[h]
    assert [p.amount for p in result.pots] == [p.amount for p in engine.result.pots]
    for mine, theirs in zip(result.pots, engine.result.pots, strict=True):
        assert mine.eligible == tuple(seats[h] for h in theirs.eligible)
        assert mine.winners == tuple(seats[h] for h in theirs.winners)
        assert mine.shares == theirs.shares


def choose(table: Table, rng: random.Random) -> Action:
    """A random legal action: a fold one time in ten, a bet or raise one time in five,
    else a check, call or showdown choice (so hands reach showdowns and seats go out)."""
    actions = list(table.legal_actions())  # type: ignore[call-overload]
    folds = [a for a in actions if a.kind.value == "fold"]
    raises = [a for a in actions if a.kind.value in ("bet", "raise")]
    rest = [a for a in actions if a not in folds and a not in raises]
    r = rng.random()
    pick = folds if r < 0.1 else raises if r < 0.3 else rest
    return rng.choice(pick or actions)  # type: ignore[no-any-return]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", ["no-limit", "announced-no-limit", "casino-limit"])
def test_every_view_of_random_games_matches_the_hand_in_table_seats(name: str, seed: int) -> None:
    rng = random.Random(seed)
    table = Table(small(RULESETS[name], 10), 5, rng=random.Random(seed))
    total = sum(table.stacks)
    while not table.is_over and table.hand_number < 25:
        table.start_hand(auto_showdown=rng.random() < 0.5)
        while table.in_hand:
            check_views(table, total)
            table.apply(choose(table, rng))
        check_views(table, total)
        # Each seat's winnings over the hands so far are its chips gained or lost.
        assert table.totals == tuple(s - i for s, i in zip(table.stacks, table.initial_stacks,
                                                            strict=True))
    assert table.is_over or table.hand_number == 25
    assert any(table.out)


def test_the_random_games_reach_an_announced_showdown_after_an_elimination() -> None:
    # What the test above must see for the announced values to be checked in table seats.
    seen = False
    for seed in range(6):
        rng = random.Random(seed)
        table = Table(small(RULESETS["announced-no-limit"], 10), 5, rng=random.Random(seed))
        while not table.is_over and table.hand_number < 25:
            table.start_hand(auto_showdown=rng.random() < 0.5)
            while table.in_hand:
                legal = table.legal_actions()
                seen |= bool(legal.values) and table.seats_in_hand != tuple(range(5))
                table.apply(choose(table, rng))
    assert seen


def test_what_a_seat_is_told_before_the_game_and_the_tables_text() -> None:
    table = Table(NL, [300, 100, 300, 300], rng=random.Random(1), names=["a", "b", "c", "d"])
    assert repr(table) == "<Table 4 seats, button 0, between hands (0 played)>"
    told = table.game_start(-1)
    assert (told.rules, told.players, told.seat, told.button) == (NL, 4, -1, 0)
    assert told.names == ("a", "b", "c", "d") and told.stacks == (300, 100, 300, 300)
    assert told.reset_stacks is False and told.hand == 0
    all_in_hand(table, ["Ah As", "7c 2d", "4h 5h", "Kh Ks"], "Kd Qs 9h 8c 3d", {0, 1})
    # A game resumed after a hand: the stacks and the hands dealt are those of now.
    told = table.game_start(2)
    assert (told.seat, told.stacks, told.hand) == (2, (404, 0, 296, 300), 1)
    assert repr(table) == "<Table 4 seats, button 0, between hands (1 played)>"
    table.start_hand()
    assert repr(table) == "<Table 4 seats, button 2, hand 2, seat 2 to act>"
    heads_up = Table(NL, 2, rng=random.Random(1), reset_stacks=True, max_hands=1)
    assert heads_up.game_start(1).reset_stacks is True
    heads_up.start_hand()
    while heads_up.in_hand:
        heads_up.apply(Action.fold())
    assert heads_up.is_over and repr(heads_up) == "<Table 2 seats, button 0, over>"
