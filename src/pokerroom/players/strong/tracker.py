"""A hand's public events read as decisions: who did what, facing what (``strong`` bot).

:class:`Tracker` reads a hand's :class:`~pokerroom.engine.Event` list in order and turns
each voluntary action into a :class:`Move`: the seat, the street, the kind, whether it
answered a bet (pre-flop: a raise over the forced bets), what it owed, the pot before it,
the chips it added, and how many bets and raises came before it in the round.  Forced
bets (antes, blinds, 001's straddle and the straddler's choice to fold instead) are not
decisions (tell the tracker when the rules have a straddle).  The opponent model counts
moves; the ranges are narrowed by them.

>>> import random
>>> from pokerroom.engine import Hand
>>> from pokerroom.rules import Rules
>>> hand = Hand(Rules.preset("no-limit"), [400, 400, 400], button=0, rng=random.Random(3))
>>> hand.raise_to(12); hand.call(); hand.fold()
>>> tracker = Tracker()
>>> for move in tracker.read(hand.events):
...     print(move.seat, move.kind.value, move.facing, move.to_call, move.pot, move.added)
0 raise False 4 6 12
1 call True 10 18 10
2 fold True 8 28 0
>>> tracker.street, tracker.pot, tracker.voluntary
(1, 28, [True, True, False])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from pokerroom.engine import ActionKind, Event, EventKind
from pokerroom.players.state import StateError, flag, items, need, whole, wholes

__all__ = ["Move", "Tracker"]

_E = EventKind
_ACTIONS = {
    _E.FOLD: ActionKind.FOLD, _E.CHECK: ActionKind.CHECK, _E.CALL: ActionKind.CALL,
    _E.BET: ActionKind.BET, _E.RAISE: ActionKind.RAISE,
}  # fmt: skip


class Move(NamedTuple):
    """One voluntary decision.  ``facing``: a bet to answer (pre-flop: a raise over the
    forced bets); ``raises``: the voluntary bets and raises earlier in the round."""

    seat: int
    street: int
    kind: ActionKind
    facing: bool
    to_call: int
    pot: int
    added: int
    raises: int

    @property
    def aggressive(self) -> bool:
        return self.kind is ActionKind.BET or self.kind is ActionKind.RAISE

    def state(self) -> list[Any]:
        """The move as JSON data (:meth:`from_state` reads it back)."""
        return [self.seat, self.street, self.kind.value, self.facing, self.to_call, self.pot,
                self.added, self.raises]  # fmt: skip

    @classmethod
    def from_state(cls, data: Any, what: str) -> Move:
        seat, street, kind, facing, to_call, pot, added, raises = items(data, what, 8)
        action = _KINDS.get(kind) if isinstance(kind, str) else None
        if action is None:
            raise StateError(f"{what}: {kind!r} is not a decision ({', '.join(_KINDS)})")
        return cls(whole(seat, f"{what} seat", 0, _SEATS), whole(street, f"{what} street", 0, 3),
                   action, flag(facing, f"{what} facing"), whole(to_call, f"{what} to call"),
                   whole(pot, f"{what} pot"), whole(added, f"{what} added"),
                   whole(raises, f"{what} raises", 0))  # fmt: skip


_KINDS = {kind.value: kind for kind in _ACTIONS.values()}
_SEATS = 13  # the highest seat of a table
_CARDS = 52  # the highest card (the joker)


class Tracker:
    """The state of one hand as the public events tell it, read event by event."""

    def __init__(self, *, straddle: bool = False) -> None:
        self.street = 0
        self.pot = 0
        self.bets: dict[int, int] = {}
        self.forced = 0  # the level the forced bets set pre-flop
        self.raises = 0  # voluntary bets and raises this round
        self.board: list[int] = []
        self.shown: dict[int, tuple[int, ...]] = {}
        self.folded: set[int] = set()
        self.voluntary: list[bool] = []
        self.raised: list[bool] = []
        self.acted: set[int] = set()  # seats that have decided this round
        self.last_aggressor = -1
        self.events = 0
        self._straddle_pending = straddle  # 001: the straddler straddles or folds first

    def state(self) -> dict[str, Any]:
        """Where the reading stands, as JSON data (:meth:`from_state` reads it back)."""
        return {
            "street": self.street, "pot": self.pot, "bets": [[s, b] for s, b in self.bets.items()],
            "forced": self.forced, "raises": self.raises, "board": list(self.board),
            "shown": [[s, list(c)] for s, c in self.shown.items()], "folded": sorted(self.folded),
            "voluntary": list(self.voluntary), "raised": list(self.raised),
            "acted": sorted(self.acted), "last_aggressor": self.last_aggressor,
            "events": self.events, "straddle_pending": self._straddle_pending,
        }  # fmt: skip

    @classmethod
    def from_state(cls, data: Any, what: str = "tracker") -> Tracker:
        """The tracker :meth:`state` described (:class:`StateError` if it cannot be)."""

        def get(key: str) -> Any:
            return need(data, key, what)

        def seat(value: Any, where: str) -> int:
            return whole(value, f"{what}.{where}", 0, _SEATS)

        out = cls(straddle=flag(get("straddle_pending"), f"{what}.straddle_pending"))
        out.street = whole(get("street"), f"{what}.street", 0, 4)
        out.pot = whole(get("pot"), f"{what}.pot")
        for pair in items(get("bets"), f"{what}.bets"):
            s, b = items(pair, f"{what}.bets entry", 2)
            out.bets[seat(s, "bets seat")] = whole(b, f"{what}.bets amount")
        out.forced = whole(get("forced"), f"{what}.forced")
        out.raises = whole(get("raises"), f"{what}.raises", 0)
        out.board = wholes(get("board"), f"{what}.board", 0, _CARDS)
        for pair in items(get("shown"), f"{what}.shown"):
            s, cards = items(pair, f"{what}.shown entry", 2)
            out.shown[seat(s, "shown seat")] = tuple(wholes(cards, f"{what}.shown", 0, _CARDS))
        out.folded = {seat(s, "folded") for s in items(get("folded"), f"{what}.folded")}
        out.voluntary = [flag(v, f"{what}.voluntary") for v in items(get("voluntary"), what)]
        out.raised = [flag(v, f"{what}.raised") for v in items(get("raised"), what)]
        if len(out.raised) != len(out.voluntary) or len(out.voluntary) > _SEATS + 1:
            raise StateError(f"{what}: one voluntary and one raised entry per seat")
        out.acted = {seat(s, "acted") for s in items(get("acted"), f"{what}.acted")}
        out.last_aggressor = whole(get("last_aggressor"), f"{what}.last_aggressor", -1, _SEATS)
        out.events = whole(get("events"), f"{what}.events", 0)
        return out

    def _grow(self, seat: int) -> None:
        while len(self.voluntary) <= seat:
            self.voluntary.append(False)
            self.raised.append(False)

    def read(self, events: Iterable[Event]) -> Iterator[Move]:
        """The moves among ``events`` (those after the ones already read)."""
        for k, event in enumerate(events):
            if k < self.events:
                continue
            self.events = k + 1
            move = self.feed(event)
            if move is not None:
                yield move

    def feed(self, event: Event) -> Move | None:
        """Read one event; the :class:`Move` it was, if a voluntary decision."""
        seat = event.seat
        if seat >= 0:
            self._grow(seat)
        action = _ACTIONS.get(event.kind)
        if action is None:
            self._note(event)
            return None
        if self._straddle_pending:  # the straddler folded instead of straddling
            self._straddle_pending = False
            if action is ActionKind.FOLD:
                self.folded.add(seat)
                return None
        if event.street != self.street:  # a round opened with no board event (all-in run)
            self._new_round()
            self.street = int(event.street)
        return self._move(event, action)

    def _note(self, event: Event) -> None:
        """Read an event that is no player's decision: chips put in or given back, cards."""
        kind, seat = event.kind, event.seat
        if kind is _E.ANTE:
            self.pot += event.amount
        elif kind is _E.BLIND or kind is _E.STRADDLE:
            self.pot += event.amount
            self.bets[seat] = self.bets.get(seat, 0) + event.amount
            self.forced = max(self.forced, self.bets[seat])
            if kind is _E.STRADDLE:
                self._straddle_pending = False
        elif kind is _E.BOARD:
            if event.street != self.street:
                self._new_round()
            self.street = int(event.street)
            self.board.extend(int(c) for c in event.cards)
        elif kind is _E.RETURN:
            self.pot -= event.amount
            self.bets[seat] = self.bets.get(seat, 0) - event.amount
        elif kind is _E.SHOW and event.cards:
            self.shown[seat] = tuple(int(c) for c in event.cards)

    def _new_round(self) -> None:
        """A betting round begins: no bets, raises or actions in it yet."""
        self.bets.clear()
        self.raises = 0
        self.acted.clear()

    def _move(self, event: Event, action: ActionKind) -> Move:
        """Read a player's decision: the :class:`Move` it was."""
        seat = event.seat
        level = max(self.bets.values(), default=0)
        mine = self.bets.get(seat, 0)
        to_call = max(level - mine, 0)
        facing = level > (self.forced if self.street == 0 else 0)
        move = Move(seat, self.street, action, facing, to_call, self.pot, event.amount,
                    self.raises)  # fmt: skip
        self.pot += event.amount
        self.acted.add(seat)
        if action is ActionKind.FOLD:
            self.folded.add(seat)
        elif action is ActionKind.CALL:
            self.bets[seat] = mine + event.amount
        elif action is ActionKind.BET or action is ActionKind.RAISE:
            self.bets[seat] = event.total
            self.raises += 1
            self.last_aggressor = seat
        if self.street == 0 and action is not ActionKind.FOLD and action is not ActionKind.CHECK:
            self.voluntary[seat] = True
            if move.aggressive:
                self.raised[seat] = True
        return move
