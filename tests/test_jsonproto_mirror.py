"""The table mirror (pokerroom.jsonproto.mirror) called directly, in-process: a fresh
hand's view; a hand moved event by event with every field worked out by hand (antes,
blinds, a raise, a call, a fold, a burn starting a round, the board, an all-in bet, a
returned bet, a show, a win, a muck); the clocks of a pending decision at their edges;
every message a mirror takes, with what it says changed; and whole matches of a real
dealer (JSONDealer, no socket) whose every ``act`` view the mirror, moved by the events
alone, already held."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import Action, Event, EventKind, PlayerView, Street
from pokerroom.jsonproto.codec import CodecError, event_to_json, view_to_json
from pokerroom.jsonproto.dealer import game_to_json, hand_to_json
from pokerroom.jsonproto.mirror import Pending, TableMirror, fresh_view, moved
from pokerroom.rules import Rules
from pokerroom.table import GameStart, HandStart
from test_jsonproto_session import Caller, match

K = EventKind
S = Street
RULES = Rules.preset("no-limit")


def cards(text: str) -> tuple[Any, ...]:
    return tuple(parse_cards(text))


def test_a_fresh_view_has_no_chip_in_and_the_seats_not_dealt_in_folded() -> None:
    view = fresh_view(RULES, 1, 2, [100, 50, 80], [0, 1])
    assert view == PlayerView(
        rules=RULES, seat=1, button=2, street=S.PREFLOP, hole=(), board=(),
        stacks=(100, 50, 80), bets=(0, 0, 0), committed=(0, 0, 0),
        folded=(False, False, True), all_in=(False, False, False), shown=(None, None, None),
        to_act=None, legal=None, events=(), result=None, to_match=0,
    )  # fmt: skip


def _fields(view: PlayerView) -> tuple[Any, ...]:
    return (view.street, view.stacks, view.bets, view.committed, view.folded, view.all_in,
            view.to_act, view.to_match)  # fmt: skip


def test_a_hand_moved_event_by_event_matches_the_values_worked_out_by_hand() -> None:
    view = fresh_view(RULES, 1, 0, (100, 100, 100), (0, 1, 2))
    legal_view = dataclasses.replace(view, legal=object())  # type: ignore[arg-type]
    F, T = False, True
    steps: list[tuple[Event, tuple[Any, ...]]] = [
        # an ante is in the pot, not in front of the seat
        (Event(K.ANTE, S.PREFLOP, 0, 1, 1),
         (S.PREFLOP, (99, 100, 100), (0, 0, 0), (1, 0, 0), (F, F, F), (F, F, F), 1, 0)),
        (Event(K.BLIND, S.PREFLOP, 1, 1, 1),
         (S.PREFLOP, (99, 99, 100), (0, 1, 0), (1, 1, 0), (F, F, F), (F, F, F), 2, 1)),
        (Event(K.STRADDLE, S.PREFLOP, 2, 2, 2),
         (S.PREFLOP, (99, 99, 98), (0, 1, 2), (1, 1, 2), (F, F, F), (F, F, F), 0, 2)),
        # another seat's deal, and this seat's with its cards: the guess of who acts stays
        (Event(K.DEAL, S.PREFLOP, 0, cards=cards("2d2h")),
         (S.PREFLOP, (99, 99, 98), (0, 1, 2), (1, 1, 2), (F, F, F), (F, F, F), 0, 2)),
        (Event(K.DEAL, S.PREFLOP, 1, cards=cards("AsKd")),
         (S.PREFLOP, (99, 99, 98), (0, 1, 2), (1, 1, 2), (F, F, F), (F, F, F), 0, 2)),
        (Event(K.RAISE, S.PREFLOP, 0, 6, 6),
         (S.PREFLOP, (93, 99, 98), (6, 1, 2), (7, 1, 2), (F, F, F), (F, F, F), 1, 6)),
        (Event(K.CALL, S.PREFLOP, 1, 5, 6),
         (S.PREFLOP, (93, 94, 98), (6, 6, 2), (7, 6, 2), (F, F, F), (F, F, F), 2, 6)),
        (Event(K.FOLD, S.PREFLOP, 2),
         (S.PREFLOP, (93, 94, 98), (6, 6, 2), (7, 6, 2), (F, F, T), (F, F, F), 0, 6)),
        # a burn of the next round clears the bets; who acts is not guessed from it
        (Event(K.BURN, S.FLOP),
         (S.FLOP, (93, 94, 98), (0, 0, 0), (7, 6, 2), (F, F, T), (F, F, F), 0, 0)),
        (Event(K.BOARD, S.FLOP, cards=cards("2c3c4c")),
         (S.FLOP, (93, 94, 98), (0, 0, 0), (7, 6, 2), (F, F, T), (F, F, F), 1, 0)),
        (Event(K.CHECK, S.FLOP, 1),
         (S.FLOP, (93, 94, 98), (0, 0, 0), (7, 6, 2), (F, F, T), (F, F, F), 0, 0)),
        (Event(K.BET, S.FLOP, 0, 93, 93, all_in=True),
         (S.FLOP, (0, 94, 98), (93, 0, 0), (100, 6, 2), (F, F, T), (T, F, F), 1, 93)),
        (Event(K.CALL, S.FLOP, 1, 93, 93),
         (S.FLOP, (0, 1, 98), (93, 93, 0), (100, 99, 2), (F, F, T), (T, F, F), 1, 93)),
        # a seat's bet given back: the bet in front of it cut, never below 0
        (Event(K.RETURN, S.FLOP, 1, 100),
         (S.FLOP, (0, 101, 98), (93, 0, 0), (100, -1, 2), (F, F, T), (T, F, F), 1, 93)),
        # showing and winning never start a round, even when their street is later
        (Event(K.SHOW, S.RIVER, 0, cards=cards("QsQd")),
         (S.FLOP, (0, 101, 98), (93, 0, 0), (100, -1, 2), (F, F, T), (T, F, F), None, 93)),
        (Event(K.WIN, S.RIVER, 0, 150),
         (S.FLOP, (150, 101, 98), (93, 0, 0), (100, -1, 2), (F, F, T), (F, F, F), None, 93)),
        (Event(K.MUCK, S.RIVER, 1),
         (S.FLOP, (150, 101, 98), (93, 0, 0), (100, -1, 2), (F, F, T), (F, F, F), None, 93)),
    ]  # fmt: skip
    for k, (event, expected) in enumerate(steps):
        view = moved(legal_view if k == 0 else view, event)
        assert _fields(view) == expected, (k, event)
        assert view.legal is None and view.events == tuple(e for e, _ in steps[: k + 1])
    assert view.hole == cards("AsKd") and view.board == cards("2c3c4c")
    assert view.shown == (cards("QsQd"), None, None)
    # (the values the engine would never give, but worked out the same way)


def test_a_move_keeps_a_short_blinds_amount_to_match_within_its_round() -> None:
    view = dataclasses.replace(fresh_view(RULES, 0, 0, (100, 1), (0, 1)), to_match=2)
    view = moved(view, Event(K.CALL, S.PREFLOP, 0, 1, 1))
    assert view.to_match == 2 and view.bets == (1, 0)
    view = moved(view, Event(K.BOARD, S.FLOP, cards=cards("2c3c4c")))
    assert view.to_match == 0 and view.to_act == 1  # after the button, seat 0


def test_a_win_or_return_keeps_an_all_in_seat_all_in_only_while_it_has_no_chip() -> None:
    view = fresh_view(RULES, 0, 0, (0, 0), (0, 1))
    view = dataclasses.replace(view, all_in=(True, True), bets=(0, 5), committed=(10, 5))
    after = moved(dataclasses.replace(view, to_act=1), Event(K.RETURN, S.FLOP, 1, 0))
    assert after.all_in == (True, True) and after.bets == (0, 5) and after.to_act == 1
    after = moved(view, Event(K.WIN, S.FLOP, 0, 0))
    assert after.all_in == (True, True) and after.to_act is None
    after = moved(view, Event(K.RETURN, S.FLOP, 1, 3))
    assert (after.all_in, after.stacks, after.bets, after.committed) == (
        (True, False), (0, 3), (0, 2), (10, 2))
    # nobody left to act: the guess is None
    folded = dataclasses.replace(view, folded=(False, True))
    assert moved(folded, Event(K.CHECK, S.FLOP, 0)).to_act is None
    # a burn on the same street keeps the round's bets
    assert moved(view, Event(K.BURN, S.PREFLOP)).bets == (0, 5)


def test_a_pending_decisions_clocks_at_their_edges() -> None:
    pending = Pending(3, 7, fresh_view(RULES, 0, 0, (1, 1), (0, 1)), 10.0, 100.0, 5.0)
    assert (pending.left(100.0), pending.bank_left(100.0)) == (10.0, 5.0)
    assert (pending.left(110.0), pending.bank_left(110.0)) == (0.0, 5.0)
    assert (pending.left(112.0), pending.bank_left(112.0)) == (0.0, 3.0)
    assert (pending.left(115.0), pending.bank_left(115.0)) == (0.0, 0.0)
    assert (pending.left(130.0), pending.bank_left(130.0)) == (0.0, 0.0)
    assert pending.bank_left(90.0) == 5.0  # (a clock read before the ask: the bank whole)
    assert Pending(1, 1, pending.view, 10.0, 100.0).bank == 0.0
    assert 0.0 <= pending.left() <= 10.0 and pending.bank_left() in (0.0, 5.0)


def _pending(mirror: TableMirror) -> Pending | None:
    return mirror.pending


def _view(mirror: TableMirror) -> PlayerView | None:
    return mirror.view


def _welcomed(seat: int | None = 1) -> TableMirror:
    mirror = TableMirror(clock=lambda: 50.0)
    start = GameStart(RULES, 3, -1 if seat is None else seat, 0, ("Ann", "Bo", "Cy"),
                      (100, 100, 100), False, 0)  # fmt: skip
    assert mirror.receive({"type": "welcome", "seat": seat, "game": game_to_json(start)}) == (
        "view")
    return mirror


def _act(hand: int = 1, seq: int = 4, budget: float = 10.0, **more: Any) -> dict[str, Any]:
    view = fresh_view(RULES, 1, 0, (100, 100, 100), (0, 1, 2))
    return {"type": "act", "hand": hand, "seq": seq, "budget": budget, "view": view_to_json(
        view), **more}  # fmt: skip


def test_the_welcome_and_a_new_hand_set_the_seat_the_rules_and_a_fresh_view() -> None:
    mirror = _welcomed(1)
    assert (mirror.seat, mirror.rules, mirror.names, mirror.hand) == (1, RULES,
                                                                      ("Ann", "Bo", "Cy"), 0)
    assert _view(mirror) is None
    fold = event_to_json(Event(K.FOLD, S.PREFLOP, 0))
    assert mirror.receive({"type": "event", "hand": 1, "event": fold}) == ""  # no hand yet
    mirror.receive(_act())
    assert _pending(mirror) is not None
    other = Rules.preset("casino-limit")
    deal = HandStart(4, 2, (90, 0, 120), (0, 2), 1, other)
    assert mirror.receive({"type": "hand", **hand_to_json(deal)}) == "view"
    assert (mirror.rules, mirror.hand, mirror.dealt, _pending(mirror)) == (other, 4, (0, 2), None)
    assert mirror.view == fresh_view(other, 1, 2, (90, 0, 120), (0, 2))
    blind = Event(K.BLIND, S.PREFLOP, 2, 1, 1)
    assert mirror.receive({"type": "event", "hand": 4, "event": event_to_json(blind)}) == "view"
    assert mirror.view == moved(fresh_view(other, 1, 2, (90, 0, 120), (0, 2)), blind)
    watcher = _welcomed(None)
    assert watcher.seat is None
    watcher.receive({"type": "hand", **hand_to_json(deal)})
    assert watcher.view is not None and watcher.view.seat == -1


def test_a_state_message_sets_the_hand_and_view_once_the_rules_are_known() -> None:
    view = fresh_view(RULES, 1, 0, (100, 100, 100), (0, 1, 2))
    state = {"type": "state", "hand": 6, "view": view_to_json(view)}
    early = TableMirror()
    assert early.receive(state) == "" and early.view is None and early.hand == 0
    mirror = _welcomed()
    assert mirror.receive(state) == "view" and (mirror.hand, mirror.view) == (6, view)
    with pytest.raises(CodecError) as refused:
        mirror.receive({"type": "state", "view": {}})
    assert str(refused.value) == "a 'state' message this client cannot read: 'hand'"


def test_a_decision_waits_until_accepted_and_its_answer_names_it() -> None:
    mirror = _welcomed()
    assert mirror.receive(_act(2, 9, 12.5, bank=4)) == "act"
    assert _pending(mirror) == Pending(2, 9, mirror.view, 12.5, 50.0, 4.0)  # type: ignore[arg-type]
    assert mirror.answer(Action.bet(20)) == {"type": "action", "hand": 2, "seq": 9,
                                             "action": "bet", "amount": 20}  # fmt: skip
    for other in ({"hand": 2, "seq": 8}, {"hand": 1, "seq": 9}, {"seq": 9}):
        assert mirror.receive({"type": "accepted", **other}) == "accepted"
        assert _pending(mirror) is not None
    assert mirror.receive({"type": "accepted", "hand": 2, "seq": 9}) == "accepted"
    assert _pending(mirror) is None and mirror.answer(Action.fold()) is None
    assert TableMirror().receive({"type": "accepted", "hand": 2, "seq": 9}) == "accepted"


def test_refusals_defaults_and_the_ends_each_leave_the_decision_as_they_should() -> None:
    mirror = _welcomed()
    mirror.receive(_act(2, 9))
    illegal = {"type": "error", "code": "illegal-action", "message": "no", "hand": 2, "seq": 9}
    assert mirror.receive(illegal) == "act" and _pending(mirror) is not None
    assert mirror.receive({**illegal, "seq": 8}) == "error" and _pending(mirror) is not None
    assert mirror.receive({**illegal, "hand": 1}) == "error" and _pending(mirror) is not None
    assert mirror.receive({**illegal, "code": "stale"}) == "error" and _pending(mirror) is None
    assert mirror.receive({"type": "error", "code": "flood", "message": "slow down"}) == "error"
    assert mirror.errors == [("illegal-action", "no")] * 3 + [("stale", "no"),
                                                              ("flood", "slow down")]
    mirror.receive(_act(2, 10))
    assert mirror.receive({"type": "default", "hand": 2, "seq": 10}) == "error"
    assert _pending(mirror) is None
    assert mirror.errors[-1] == ("default", "your time ran out: the default action was taken")
    mirror.receive(_act(2, 11))
    end = {"type": "match_end", "names": ["Ann", "Bo", "Cy"], "standings": [], "stacks": [],
           "totals": [], "hands": 2}  # fmt: skip
    assert mirror.receive(end) == "match_end" and _pending(mirror) is None and mirror.end == end
    mirror.receive(_act(2, 12))
    assert mirror.receive({"type": "bye", "reason": "done"}) == "bye" and _pending(mirror) is None
    mirror.receive(_act(2, 13))
    over = {"type": "hand_end", "hand": 2, "view": view_to_json(fresh_view(
        RULES, 1, 0, (100, 100, 100), (0, 1, 2)))}  # fmt: skip
    assert mirror.receive(over) == "hand_end" and _pending(mirror) is None
    assert mirror.view == fresh_view(RULES, 1, 0, (100, 100, 100), (0, 1, 2))


def test_the_seats_message_names_the_seats_it_can_and_passes_over_the_rest() -> None:
    mirror = _welcomed()
    assert mirror.receive({"type": "seats", "players": "none"}) == ""
    assert mirror.players == [] and mirror.names == ("Ann", "Bo", "Cy")
    players = [{"seat": 0, "name": "Al"}, "junk", {"seat": 2}, {"seat": 3, "name": "Di"},
               {"seat": -1, "name": "Ed"}, {"seat": "1", "name": "Fi"}, {"seat": 1, "name": 7}]
    assert mirror.receive({"type": "seats", "players": players}) == "seats"
    assert mirror.players == [p for p in players if isinstance(p, dict)]
    assert mirror.names == ("Al", "7", "Cy")
    assert mirror.receive({"type": "chat"}) == "chat" and mirror.chat == [("", "")]
    assert mirror.receive({"type": "chat", "from": "Ann", "text": "<b>hi</b>"}) == "chat"
    assert mirror.chat == [("", ""), ("Ann", "<b>hi</b>")]
    assert mirror.receive({"type": "pong", "id": 1}) == ""
    assert mirror.receive({"type": "accepted"}) == "accepted"


def test_a_clock_message_for_another_decision_or_seat_is_passed_over() -> None:
    now = [50.0]
    mirror = _welcomed()
    mirror.clock = lambda: now[0]
    assert mirror.receive({"type": "clock", "hand": 2, "seq": 9, "seat": 1}) == ""
    mirror.receive(_act(2, 9, 10.0, bank=30))
    for other in ({"hand": 1}, {"seq": 8}, {"seat": 0}):
        message = {"type": "clock", "hand": 2, "seq": 9, "seat": 1, "budget": 0, "bank": 1,
                   **other}  # fmt: skip
        assert mirror.receive(message) == ""
    now[0] = 61.0
    assert mirror.receive({"type": "clock", "hand": 2, "seq": 9, "seat": 1, "budget": 2,
                           "bank": 20}) == "clock"  # fmt: skip
    pending = _pending(mirror)
    assert pending is not None
    assert (pending.budget, pending.bank, pending.asked) == (2.0, 20.0, 61.0)


def _mirrored(preset: str | Rules, players: int, hands: int, seed: int) -> int:
    """A match of callers on a real dealer, read by a mirror of seat 0: at each of its
    decisions the view moved by the events is the act's (at a showdown's decision but for
    its street and the seat to act, which no event announces), but for the legal actions
    and the events (the act's view brings them).  The seat's own cards are there from the
    hand's first line on: the dealer's events deal them face down to every connection,
    the ``hand`` message brings them (the mirror read it not, and the terminal at a room
    showed no cards of yours until your first decision)."""
    sessions, got, _ = match([Caller() for _ in range(players)], preset, hands, seed)
    mirror = TableMirror(clock=lambda: 0.0)
    checked = showdowns = 0
    for line in got[0]:
        message = json.loads(line)
        before = mirror.view
        mirror.receive(message)
        if message["type"] == "act" and before is not None:
            after = mirror.view
            assert after is not None
            if after.street is S.SHOWDOWN:  # no event says the betting is over: a guess
                before = dataclasses.replace(before, street=S.SHOWDOWN, to_act=after.to_act)
                showdowns += 1
            assert dataclasses.replace(after, legal=None, events=before.events) == before
            assert len(before.hole) == 2
            checked += 1
        if message["type"] == "hand" and mirror.view is not None:
            assert mirror.view.hole == tuple(parse_cards("".join(message["hole"])))
            assert len(mirror.view.hole) == (2 if 0 in message["seats"] else 0)
        if message["type"] == "hand_end":
            assert before is not None and mirror.view is not None
            for name in ("stacks", "committed", "board", "folded", "all_in", "shown"):
                assert getattr(before, name) == getattr(mirror.view, name), name
    assert mirror.end is not None and sessions[0].done
    assert showdowns < checked
    return checked


@pytest.mark.parametrize(("preset", "players", "seed"), [
    ("no-limit", 2, 1), ("no-limit", 4, 2), ("casino-limit", 3, 3), ("computer-tournament", 3, 4),
])  # fmt: skip
def test_a_mirror_moved_by_a_dealers_events_holds_every_act_view_before_it_comes(
    preset: str, players: int, seed: int
) -> None:
    assert _mirrored(preset, players, 6, seed) > 0
