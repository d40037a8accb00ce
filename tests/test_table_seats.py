"""Table seats and turn views (pokerroom.table.seats) called directly, with values worked
out by hand: what a spectator sees of an event (``hide``), legal actions moved to another
seat, a seating of three table seats of which two are dealt in, and a turn view that
completes itself from its source once, is equal to and hashes as its complete view, and
copies, pickles and prints as a plain view."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import (
    ActionKind,
    Event,
    EventKind,
    HandResult,
    LegalActions,
    PlayerView,
    Pot,
    Street,
)
from pokerroom.rules import Rules
from pokerroom.table.info import StaleViewError
from pokerroom.table.seats import Seating, TurnView, _deferred, hide, legal_for

K = EventKind
AK = ActionKind
RULES = Rules.preset("no-limit")


def test_hide_drops_the_cards_of_deals_and_burns_and_nothing_else() -> None:
    cards = tuple(parse_cards("AsKd"))
    for kind in (K.DEAL, K.BURN):
        shown = Event(kind, Street.PREFLOP, 1, cards=cards)
        assert hide(shown) == Event(kind, Street.PREFLOP, 1)
        bare = Event(kind, Street.PREFLOP, 1)
        assert hide(bare) is bare
    for kind in (K.BOARD, K.SHOW):
        event = Event(kind, Street.FLOP, 1, cards=cards)
        assert hide(event) is event


def test_legal_actions_moved_to_another_seat_keep_every_other_field() -> None:
    legal = LegalActions(1, Street.TURN, (AK.FOLD, AK.CALL, AK.RAISE), to_call=30, call=20,
                         min_to=60, max_to=90, values=(7, 5), why="short")  # fmt: skip
    assert legal_for(legal, 1) is legal
    moved = legal_for(legal, 4)
    assert (moved.seat, moved.street, moved.kinds, moved.to_call, moved.call) == (
        4, Street.TURN, (AK.FOLD, AK.CALL, AK.RAISE), 30, 20)
    assert (moved.min_to, moved.max_to, moved.values, moved.why) == (60, 90, (7, 5), "short")


def _hand_view(result: HandResult | None = None) -> PlayerView:
    """Hand seat 1 (table seat 2) of a hand of two, table seats 0 and 2 dealt in."""
    legal = LegalActions(1, Street.FLOP, (AK.CHECK, AK.BET), min_to=2, max_to=80)
    return PlayerView(
        rules=RULES, seat=1, button=0, street=Street.FLOP, hole=tuple(parse_cards("AsKd")),
        board=tuple(parse_cards("2c3c4c")), stacks=(80, 90), bets=(0, 0), committed=(20, 10),
        folded=(False, True), all_in=(True, False), shown=(None, tuple(parse_cards("7h7d"))),
        to_act=1, legal=legal,
        events=(Event(K.BURN, Street.FLOP), Event(K.BET, Street.FLOP, 0, 5, 5),
                Event(K.CALL, Street.FLOP, 1, 5, 5)),
        result=result, to_match=7,
    )  # fmt: skip


def test_a_seating_of_two_of_three_table_seats_names_every_value_by_table_seat() -> None:
    seating = Seating([0, 2], 3)
    assert (seating.seats, seating.n, seating.index, seating.identity) == ((0, 2), 3,
                                                                           [0, -1, 1], False)
    assert seating.expand((5, 6), 9) == (5, 9, 6)
    assert seating.expand(["a", "b"], None) == ("a", None, "b")
    assert seating.event(Event(K.CALL, Street.FLOP, 1, 5)) == Event(K.CALL, Street.FLOP, 2, 5)
    burn = Event(K.BURN, Street.FLOP)
    assert seating.event(burn) is burn
    assert seating.pot(Pot(30, (0, 1), (1,), (30,))) == Pot(30, (0, 2), (2,), (30,))
    result = HandResult(starting=(100, 100), stacks=(80, 120), won=(0, 40),
                        pots=(Pot(40, (0, 1), (1,), (40,)),),
                        shown=(None, tuple(parse_cards("7h7d"))))  # fmt: skip
    assert seating.result(result) == HandResult(
        starting=(100, 0, 100), stacks=(80, 0, 120), won=(0, 0, 40),
        pots=(Pot(40, (0, 2), (2,), (40,)),), shown=(None, None, tuple(parse_cards("7h7d"))))
    view = seating.view(_hand_view(result), 2, 0)
    assert view == PlayerView(
        rules=RULES, seat=2, button=0, street=Street.FLOP, hole=tuple(parse_cards("AsKd")),
        board=tuple(parse_cards("2c3c4c")), stacks=(80, 0, 90), bets=(0, 0, 0),
        committed=(20, 0, 10), folded=(False, True, True), all_in=(True, False, False),
        shown=(None, None, tuple(parse_cards("7h7d"))), to_act=2,
        legal=LegalActions(2, Street.FLOP, (AK.CHECK, AK.BET), min_to=2, max_to=80),
        events=(Event(K.BURN, Street.FLOP), Event(K.BET, Street.FLOP, 0, 5, 5),
                Event(K.CALL, Street.FLOP, 2, 5, 5)),
        result=seating.result(result), to_match=7,
    )  # fmt: skip
    # nobody to act, no legal actions, no result: each stays None
    bare = seating.view(_replace(_hand_view(), to_act=None, legal=None), 0, 2)
    assert (bare.seat, bare.button, bare.to_act, bare.legal, bare.result) == (0, 2, None,
                                                                              None, None)


def _replace(view: PlayerView, **changes: Any) -> PlayerView:
    return dataclasses.replace(view, **changes)


def test_a_seating_of_every_table_seat_hands_back_what_it_is_given() -> None:
    seating = Seating([0, 1], 2)
    assert seating.identity and seating.index == [0, 1]
    view = _hand_view()
    assert seating.view(view, 1, 0) is view
    event = Event(K.CALL, Street.FLOP, 1, 5)
    assert seating.event(event) is event
    result = HandResult((1, 1), (2, 0), (2, 0), (), (None, None))
    assert seating.result(result) is result
    assert seating.expand((3, 4), 0) == (3, 4)
    # the same seats, but another seat or button asked for: a new view
    other = seating.view(view, 0, 0)
    assert (other.seat, other.stacks, other.to_act) == (0, (80, 90), 1)
    moved = seating.view(view, 1, 1)
    assert (moved.seat, moved.button) == (1, 1)


class Source:
    """A table's stand-in: the complete view, and how many times it was asked."""

    def __init__(self, full: PlayerView | None) -> None:
        self.full = full
        self.asked = 0

    def full_view_for(self, view: TurnView) -> PlayerView:
        self.asked += 1
        if self.full is None:
            raise StaleViewError("the table has moved on")
        return self.full


def test_a_turn_view_reads_its_seat_and_legal_actions_without_its_source() -> None:
    full = _hand_view()
    source = Source(full)
    view = TurnView.make(1, full.legal, source)  # type: ignore[arg-type]
    assert (view.seat, view.legal) == (1, full.legal)
    assert source.asked == 0
    assert view.stacks == (80, 90) and source.asked == 1
    assert (view.board, view.to_match, view.events, view.hole) == (full.board, 7, full.events,
                                                                   full.hole)
    assert view.pot == 30 and source.asked == 1  # completed once, then plain fields


def test_a_turn_view_completes_itself_with_its_own_seat_and_legal_actions() -> None:
    full = _hand_view()
    legal = LegalActions(1, Street.FLOP, (AK.CHECK,))
    view = TurnView.make(0, legal, Source(full))
    view.stacks  # noqa: B018 - completes it
    assert (view.seat, view.legal) == (0, legal)


def test_a_stale_turn_view_raises_on_each_read_of_a_field_it_lacks() -> None:
    full = _hand_view()
    view = TurnView.make(1, full.legal, Source(None))  # type: ignore[arg-type]
    for _ in range(2):
        with pytest.raises(StaleViewError, match="the table has moved on"):
            view.board  # noqa: B018
    assert view.seat == 1


def test_a_turn_view_is_equal_to_and_hashes_as_its_complete_view() -> None:
    full = _hand_view()
    view = TurnView.make(1, full.legal, Source(full))  # type: ignore[arg-type]
    assert view == full and full == view and hash(view) == hash(full)
    other = TurnView.make(1, full.legal, Source(_replace(full, stacks=(81, 90))))  # type: ignore[arg-type]
    assert view != other and hash(view) != hash(other)
    assert view != "a view" and (view == "a view") is False
    assert view.__eq__("a view") is NotImplemented


def test_a_turn_view_copies_pickles_and_prints_as_a_plain_view() -> None:
    full = _hand_view()
    for made in (
        copy.copy(TurnView.make(1, full.legal, Source(full))),  # type: ignore[arg-type]
        pickle.loads(pickle.dumps(TurnView.make(1, full.legal, Source(full)))),  # type: ignore[arg-type]
    ):
        assert type(made) is PlayerView and made == full
    view = TurnView.make(1, full.legal, Source(full))  # type: ignore[arg-type]
    assert repr(view) == repr(full)
    replaced = _replace(TurnView.make(1, full.legal, Source(full)), to_match=9)  # type: ignore[arg-type]
    assert replaced.to_match == 9 and replaced.stacks == (80, 90)


def test_the_turn_views_fields_built_again_read_write_and_describe_themselves() -> None:
    """The properties of :class:`TurnView` are built once at import; building them again
    here lets a change of their builder fail a test (the mutation runs fork every test
    from a process that imported the module already)."""
    full = _hand_view()
    names = [f.name for f in dataclasses.fields(PlayerView) if f.name not in ("seat", "legal")]
    assert len(names) == 15
    for name in names:
        built = _deferred(name)
        assert built.__doc__ == f"The view's ``{name}``, worked out when first read."
        source = Source(full)
        view = TurnView.make(1, full.legal, source)  # type: ignore[arg-type]
        assert built.fget is not None and built.fset is not None
        assert built.fget(view) == getattr(full, name) and source.asked == 1
        assert built.fget(view) == getattr(full, name) and source.asked == 1
        fresh = TurnView.make(1, full.legal, Source(None))  # type: ignore[arg-type]
        built.fset(fresh, "set")
        assert built.fget(fresh) == "set"
