"""Table seats and hand seats, and the views players get.

A hand deals in only the seats that still have chips, numbered 0 to k-1 by the engine;
players, logs and the network see *table* seats.  :class:`Seating` turns what a hand
says (views, events, legal actions, results) into table seats: a seat out of the game
shows 0 chips and is folded, with no cards.

:class:`TurnView` is the view a player gets for a decision: a :class:`PlayerView` whose
fields are worked out the first time they are read, so a bot that looks only at the legal
actions costs nothing more.  It must be read before the table moves on (it raises
:class:`~pokerroom.table.info.StaleViewError` after that); ``copy.copy``, pickles and
``dataclasses.replace`` give complete views to keep.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from pokerroom.engine import Event, EventKind, HandResult, LegalActions, PlayerView, Pot
from pokerroom.engine.actions import make_legal
from pokerroom.engine.view import make_view

__all__ = ["Seating", "TurnView", "hide"]

T = TypeVar("T")
_HIDDEN = (EventKind.DEAL, EventKind.BURN)


def hide(event: Event) -> Event:
    """The event as a spectator sees it: no hole cards dealt, no burn cards."""
    if event.kind in _HIDDEN and event.cards:
        return event._replace(cards=())
    return event


def legal_for(legal: LegalActions, seat: int) -> LegalActions:
    """``legal`` for table seat ``seat`` (immutable: itself when the seat is the same)."""
    if seat == legal.seat:
        return legal
    return make_legal(seat, legal.street, legal.kinds, legal.to_call, legal.call,
                      legal.min_to, legal.max_to, legal.values, why=legal.why)  # fmt: skip


class Seating:
    """Which table seat each of a hand's seats is (``seats[hand_seat]``)."""

    __slots__ = ("identity", "index", "n", "seats")

    def __init__(self, seats: Sequence[int], n: int) -> None:
        self.seats = tuple(seats)
        self.n = n
        self.index = [-1] * n
        for h, t in enumerate(self.seats):
            self.index[t] = h
        self.identity = len(self.seats) == n

    def expand(self, values: Sequence[T], fill: T) -> tuple[T, ...]:
        """Per-hand-seat values as per-table-seat values (``fill`` for seats not dealt in)."""
        if self.identity:
            return tuple(values)
        out = [fill] * self.n
        for h, t in enumerate(self.seats):
            out[t] = values[h]
        return tuple(out)

    def event(self, e: Event) -> Event:
        if self.identity or e.seat < 0:
            return e
        return e._replace(seat=self.seats[e.seat])

    def legal(self, legal: LegalActions) -> LegalActions:
        return legal_for(legal, self.seats[legal.seat])

    def pot(self, pot: Pot) -> Pot:
        s = self.seats
        return Pot(pot.amount, tuple(s[i] for i in pot.eligible),
                   tuple(s[i] for i in pot.winners), pot.shares)  # fmt: skip

    def result(self, r: HandResult) -> HandResult:
        if self.identity:
            return r
        return HandResult(
            starting=self.expand(r.starting, 0),
            stacks=self.expand(r.stacks, 0),
            won=self.expand(r.won, 0),
            pots=tuple(self.pot(p) for p in r.pots),
            shown=self.expand(r.shown, None),
        )

    def view(self, v: PlayerView, seat: int, button: int) -> PlayerView:
        """A hand's view (of hand seat ``v.seat``) in table seats, for table seat ``seat``."""
        if self.identity and seat == v.seat and button == v.button:
            return v  # every table seat is dealt in: the hand's seats are the table's
        s = self.seats
        return make_view(
            rules=v.rules,
            seat=seat,
            button=button,
            street=v.street,
            hole=v.hole,
            board=v.board,
            stacks=self.expand(v.stacks, 0),
            bets=self.expand(v.bets, 0),
            committed=self.expand(v.committed, 0),
            folded=self.expand(v.folded, True),
            all_in=self.expand(v.all_in, False),
            shown=self.expand(v.shown, None),
            to_act=None if v.to_act is None else s[v.to_act],
            legal=None if v.legal is None else self.legal(v.legal),
            events=tuple(self.event(e) for e in v.events),
            result=None if v.result is None else self.result(v.result),
            to_match=v.to_match,
        )


_NAMES = tuple(f.name for f in dataclasses.fields(PlayerView))
_CHEAP = ("seat", "legal")
_SLOTS: dict[str, Any] = {name: PlayerView.__dict__[name] for name in _NAMES}
_SEAT = _SLOTS["seat"].__set__
_LEGAL = _SLOTS["legal"].__set__


class ViewSource(Protocol):
    """What a :class:`TurnView` completes itself from (the table)."""

    def full_view_for(self, view: TurnView) -> PlayerView:
        """The complete view of the decision ``view`` was handed out for, if that decision
        is still pending (else :class:`~pokerroom.table.info.StaleViewError`)."""
        ...


class TurnView(PlayerView):
    """A :class:`PlayerView` for one decision, its fields worked out when first read.

    Built with :meth:`make`; completes itself from ``source.full_view_for(self)``, which
    knows whether the decision it was handed out for is still pending.  Equality and
    hashing are those of the complete view.  Each decision gets a new one.
    """

    __slots__ = ("_source",)

    _source: ViewSource | None  # where to complete it from (None once complete)

    @classmethod
    def make(cls, seat: int, legal: LegalActions, source: ViewSource) -> TurnView:
        """The view of ``seat`` to act with ``legal``; the rest comes from ``source``."""
        view = _new(cls)
        _SEAT(view, seat)
        _LEGAL(view, legal)
        _SOURCE(view, source)
        return view

    def _complete(self) -> None:
        source = getattr(self, "_source", None)
        if source is None:
            return
        full = source.full_view_for(self)
        for name in _NAMES:
            if name not in _CHEAP:
                _SLOTS[name].__set__(self, getattr(full, name))
        _SOURCE(self, None)

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in _NAMES)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return self._fields() == tuple(getattr(other, name) for name in _NAMES)

    def __hash__(self) -> int:
        return hash(self._fields())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_plain, (self._fields(),))

    def __repr__(self) -> str:
        return repr(_plain(self._fields()))


def _plain(values: tuple[Any, ...]) -> PlayerView:
    return PlayerView(**dict(zip(_NAMES, values, strict=True)))


def _deferred(name: str) -> property:
    slot = _SLOTS[name]

    def get(self: TurnView) -> Any:
        try:
            return slot.__get__(self, PlayerView)
        except AttributeError:
            self._complete()
            return slot.__get__(self, PlayerView)

    def set_(self: TurnView, value: Any) -> None:  # PlayerView.__init__ (dataclasses.replace)
        slot.__set__(self, value)

    return property(get, set_, doc=f"The view's ``{name}``, worked out when first read.")


for _name in _NAMES:
    if _name not in _CHEAP:
        setattr(TurnView, _name, _deferred(_name))
_SOURCE = TurnView.__dict__["_source"].__set__
_new = object.__new__
