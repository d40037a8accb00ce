"""A table as one seat's messages show it, without I/O: what a person's client draws.

:class:`ClientSession <pokerroom.jsonproto.client.ClientSession>` serves a bot, which
answers at once.  A person takes their time and wants to see the table move between
their decisions, so :class:`TableMirror` keeps the table's state instead: it reads the
dealer's messages (decoded by :func:`~pokerroom.jsonproto.notices.read_notice` and the
codec, the same as every client) and keeps a :class:`~pokerroom.engine.PlayerView` of
the hand in play: the dealer's own view whenever a message carries one (``act``,
``state`` after a reconnection, ``hand_end``), and in between the view moved on by each
``event`` (:func:`moved`).  The seat's decision waits in :attr:`TableMirror.pending`
until :meth:`TableMirror.answer` turns the person's action into the message to send.

>>> from pokerroom.rules import Rules
>>> from pokerroom.engine.actions import Street
>>> from pokerroom.engine.events import Event, EventKind
>>> view = fresh_view(Rules.preset("no-limit"), 0, 1, (100, 100), (0, 1))
>>> view = moved(view, Event(EventKind.BLIND, Street.PREFLOP, 1, 1, 1))
>>> view = moved(view, Event(EventKind.BLIND, Street.PREFLOP, 0, 2, 2))
>>> view.stacks, view.bets, view.pot, view.to_act
((98, 99), (2, 1), 3, 1)
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerroom.cards import Card
from pokerroom.engine.actions import Action, Street
from pokerroom.engine.events import Event, EventKind
from pokerroom.engine.view import PlayerView
from pokerroom.jsonproto.codec import CodecError, JSONObject, action_to_json, view_from_json
from pokerroom.jsonproto.notices import (
    Decide,
    Defaulted,
    Goodbye,
    HandDealt,
    HandOver,
    Happened,
    MatchOver,
    Refusal,
    Welcome,
    read_notice,
)
from pokerroom.rules import Rules

__all__ = ["Pending", "TableMirror", "fresh_view", "moved"]

_K = EventKind
_IN = (_K.ANTE, _K.BLIND, _K.STRADDLE, _K.CALL)
_ACTS = (_K.ANTE, _K.BLIND, _K.STRADDLE, _K.CALL, _K.BET, _K.RAISE, _K.CHECK, _K.FOLD)


def fresh_view(
    rules: Rules, seat: int, button: int, stacks: Sequence[int], dealt: Sequence[int],
    *, hole: tuple[Card, ...] = (),
) -> PlayerView:
    """A hand about to be dealt, as ``seat`` sees it, holding ``hole``: nobody has put in
    a chip; the seats not ``dealt`` in are folded."""
    n = len(stacks)
    return PlayerView(
        rules=rules, seat=seat, button=button, street=Street.PREFLOP, hole=hole, board=(),
        stacks=tuple(stacks), bets=(0,) * n, committed=(0,) * n,
        folded=tuple(s not in dealt for s in range(n)), all_in=(False,) * n,
        shown=(None,) * n, to_act=None, legal=None, events=(), result=None,
    )  # fmt: skip


def _next_seat(view: PlayerView, after: int) -> int | None:
    """The next seat after ``after`` still to decide (a guess: the dealer's next
    ``act`` or ``event`` says for sure)."""
    n = view.players
    for k in range(1, n + 1):
        s = (after + k) % n
        if not view.folded[s] and not view.all_in[s]:
            return s
    return None


def moved(view: PlayerView, event: Event) -> PlayerView:
    """``view`` after ``event``: chips moved, cards dealt or shown, the next seat to act
    guessed, no legal actions (the dealer's ``act`` brings them)."""
    stacks, bets, committed = list(view.stacks), list(view.bets), list(view.committed)
    folded, all_in, shown = list(view.folded), list(view.all_in), list(view.shown)
    street, board, hole, to_act = view.street, view.board, view.hole, view.to_act
    kind, s = event.kind, event.seat
    if kind not in (_K.WIN, _K.SHOW, _K.MUCK, _K.RETURN) and event.street > street:
        street, bets = event.street, [0] * len(bets)  # a new betting round
    if kind in _IN or kind in (_K.BET, _K.RAISE):
        stacks[s] -= event.amount
        committed[s] += event.amount
        if kind is not _K.ANTE:  # (an ante is in the pot, not in front of the seat)
            bets[s] = event.total if kind in (_K.BET, _K.RAISE) else bets[s] + event.amount
    elif kind is _K.RETURN:
        stacks[s] += event.amount
        bets[s] = max(0, bets[s] - event.amount)
        committed[s] -= event.amount
        all_in[s] = all_in[s] and stacks[s] == 0
    elif kind is _K.FOLD:
        folded[s] = True
    elif kind is _K.DEAL and s == view.seat and event.cards:
        hole = event.cards
    elif kind is _K.BOARD:
        board = (*board, *event.cards)
    elif kind is _K.SHOW:
        shown[s] = event.cards
    elif kind is _K.WIN:
        stacks[s] += event.amount
        all_in[s] = all_in[s] and stacks[s] == 0
    if event.all_in and s >= 0:
        all_in[s] = True
    view = dataclasses.replace(
        view, street=street, board=board, hole=hole, stacks=tuple(stacks), bets=tuple(bets),
        committed=tuple(committed), folded=tuple(folded), all_in=tuple(all_in),
        shown=tuple(shown), legal=None, events=(*view.events, event),
        to_match=max(view.to_match if street is view.street else 0, *bets),
    )  # fmt: skip
    if kind in _ACTS:
        to_act = _next_seat(view, s)
    elif kind is _K.BOARD:
        to_act = _next_seat(view, view.button)
    elif kind in (_K.SHOW, _K.MUCK, _K.WIN):
        to_act = None
    return dataclasses.replace(view, to_act=to_act)


@dataclass(frozen=True, slots=True)
class Pending:
    """The seat's decision: its hand and number, the view with the legal actions, the
    seconds it had when asked, when (``time.monotonic``) it was asked, and the seconds
    of time bank that run after them (a room's tables have one)."""

    hand: int
    seq: int
    view: PlayerView
    budget: float
    asked: float
    bank: float = 0.0

    def left(self, now: float | None = None) -> float:
        """Seconds left on the decision's own clock (0 once it is spent)."""
        now = time.monotonic() if now is None else now
        return max(0.0, self.budget - (now - self.asked))

    def bank_left(self, now: float | None = None) -> float:
        """Seconds left of the time bank: all of it until the decision's own clock is
        spent, then less by each second past it (0 once both are spent)."""
        now = time.monotonic() if now is None else now
        return max(0.0, self.bank - max(0.0, (now - self.asked) - self.budget))


@dataclass
class TableMirror:
    """The table as one seat's connection shows it (seat ``None``: watching).

    :meth:`receive` takes each message the dealer sends (a decoded JSON object) and
    says what changed: ``"view"`` (draw the table), ``"act"`` (your decision:
    :attr:`pending`), ``"hand_end"`` (:attr:`view` has the result), ``"clock"``
    (your decision ran into its time bank: :attr:`pending`'s clock), ``"match_end"``
    (:attr:`end`), ``"seats"`` (:attr:`names` and :attr:`players`), ``"chat"``
    (:attr:`chat`'s last line), ``"error"`` (:attr:`errors`' last), ``"bye"``, or
    ``""`` (nothing to draw)."""

    seat: int | None = None
    rules: Rules | None = None
    names: tuple[str, ...] = ()
    hand: int = 0
    dealt: tuple[int, ...] = ()
    view: PlayerView | None = None
    pending: Pending | None = None
    players: list[JSONObject] = field(default_factory=list)
    chat: list[tuple[str, str]] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)
    end: JSONObject | None = None
    clock: Callable[[], float] = time.monotonic

    def receive(self, message: JSONObject) -> str:
        """Take one message of the dealer; what changed (see the class)."""
        kind = message.get("type")
        try:
            if kind == "state":
                return self._state(message)
            if kind == "seats":
                return self._seats(message)
            if kind == "accepted":
                return self._accepted(message)
            if kind == "clock":
                return self._clock(message)
            if kind == "chat":
                self.chat.append((str(message.get("from", "")), str(message.get("text", ""))))
                return "chat"
            notice = read_notice(message, self.rules)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise CodecError(f"a {kind!r} message this client cannot read: {exc}") from None
        step = _STEPS.get(type(notice))
        return "" if step is None else step(self, notice)

    def _state(self, message: JSONObject) -> str:
        if self.rules is None:
            return ""
        self.hand = int(message["hand"])
        self.view = view_from_json(message["view"], self.rules)
        return "view"

    def _accepted(self, message: JSONObject) -> str:
        pending = self.pending
        if pending is not None and (message.get("hand"), message.get("seq")) == (
            pending.hand, pending.seq
        ):
            self.pending = None
        return "accepted"

    def _seats(self, message: JSONObject) -> str:
        players = message.get("players")
        if not isinstance(players, list):
            return ""
        self.players = [p for p in players if isinstance(p, dict)]
        names = list(self.names)
        for p in self.players:
            seat = p.get("seat")
            if isinstance(seat, int) and 0 <= seat < len(names):
                names[seat] = str(p.get("name", names[seat]))
        self.names = tuple(names)
        return "seats"

    def _welcome(self, notice: Welcome) -> str:
        start = notice.start
        self.seat, self.rules, self.names = notice.seat, start.rules, start.names
        return "view"

    def _dealt(self, notice: HandDealt) -> str:
        start = notice.start
        self.rules, self.hand, self.dealt = start.rules, start.number, start.seats
        me = -1 if self.seat is None else self.seat
        # the seat's own cards come with the hand (its deal event is face down, as every
        # seat's is): without them the view had none until the seat's first decision
        self.view = fresh_view(start.rules, me, start.button, start.stacks, start.seats,
                               hole=notice.hole)  # fmt: skip
        self.pending = None
        return "view"

    def _happened(self, notice: Happened) -> str:
        if self.view is None:
            return ""
        self.view = moved(self.view, notice.event)
        return "view"

    def _decide(self, notice: Decide) -> str:
        assert self.rules is not None
        view = view_from_json(notice.view, self.rules)
        self.view = view
        self.pending = Pending(notice.hand, notice.seq, view, notice.budget, self.clock(),
                               notice.bank)  # fmt: skip
        return "act"

    def _clock(self, message: JSONObject) -> str:
        """``clock``: a decision ran into its time bank; for this seat's own decision
        the clock starts again from what the dealer says is left."""
        pending = self.pending
        if pending is None or (message["hand"], message["seq"], message["seat"]) != (
            pending.hand, pending.seq, self.seat
        ):
            return ""
        budget, bank = float(message["budget"]), float(message["bank"])
        self.pending = dataclasses.replace(pending, budget=budget, bank=bank, asked=self.clock())
        return "clock"

    def _over(self, notice: HandOver) -> str:
        self.view, self.pending = notice.view, None
        return "hand_end"

    def _defaulted(self, notice: Defaulted) -> str:
        self.pending = None
        self.errors.append(("default", "your time ran out: the default action was taken"))
        return "error"

    def _refusal(self, notice: Refusal) -> str:
        self.errors.append((str(notice.code), str(notice.message)))
        pending = self.pending
        if pending is not None and (notice.hand, notice.seq) == (pending.hand, pending.seq):
            if notice.code == "illegal-action":
                return "act"  # the seat may answer again while its time lasts
            self.pending = None  # stale, or otherwise over
        return "error"

    def _match_over(self, notice: MatchOver) -> str:
        self.end, self.pending = notice.data, None
        return "match_end"

    def _goodbye(self, notice: Goodbye) -> str:
        self.pending = None
        return "bye"

    def answer(self, action: Action) -> JSONObject | None:
        """The message that sends ``action`` as the pending decision (``None``: none is
        pending); the decision stays pending until the dealer accepts it."""
        pending = self.pending
        if pending is None:
            return None
        return {"type": "action", "hand": pending.hand, "seq": pending.seq,
                **action_to_json(action)}  # fmt: skip


_STEPS: dict[type, Callable[[TableMirror, Any], str]] = {
    Welcome: TableMirror._welcome,
    HandDealt: TableMirror._dealt,
    Happened: TableMirror._happened,
    Decide: TableMirror._decide,
    HandOver: TableMirror._over,
    Defaulted: TableMirror._defaulted,
    Refusal: TableMirror._refusal,
    MatchOver: TableMirror._match_over,
    Goodbye: TableMirror._goodbye,
}
