"""A JSON-lines match as a pure state machine: seats with tokens, spectators, numbered
decisions, and the table (:class:`~pokerroom.table.Table`) played through the runner
(:class:`~pokerroom.players.Runner`) with every seat played from outside.

The server (:mod:`pokerroom.net.jsonserver`) passes in the lines each connection sends
and the time, and sends the messages it gets back (an :class:`Outbox`).  Nothing here
waits: a decision is *pending* (:attr:`JSONDealer.pending`) until its seat answers or
the server says its time ran out (:meth:`JSONDealer.expire`).

What each connection is sent (types of ``schema/server.json``): ``hello`` on connecting;
``welcome`` when it joins a seat or watches; ``hand`` when a hand is dealt (a seat's own
hole cards included); ``event`` for each public event; ``act`` when its seat must decide
(with its view and the seconds it has); ``accepted`` or ``default`` when the decision
is taken; ``hand_end`` with its view of the finished hand; ``match_end``; ``error`` for
anything refused; ``pong``; ``bye`` before the server closes the connection.  A
spectator gets what a spectator at a real table sees: the public events and views with
no hole cards until shown.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerroom.engine.actions import IllegalAction
from pokerroom.engine.view import PlayerView
from pokerroom.net.jsoncodec import JSONObject, action_to_json, event_to_json, view_to_json
from pokerroom.net.jsonlines import (
    PROTOCOL,
    VERSION,
    Answer,
    Bye,
    Connection,
    ErrorCode,
    Join,
    Limits,
    Ping,
    Problem,
    Role,
    Watch,
    error,
)
from pokerroom.players.runner import FaultKind, Runner
from pokerroom.table import GameStart, HandStart, Table

__all__ = ["JSONDealer", "Outbox", "Pending", "game_to_json", "hand_to_json"]

BAD_TOKENS = 3
"""Wrong tokens a connection may send before it is closed."""


@dataclass(frozen=True, slots=True)
class Pending:
    """The decision the match waits for: seat, hand, its sequence number, and the time
    (the server's clock) when it runs out."""

    seat: int
    hand: int
    seq: int
    deadline: float


@dataclass(slots=True)
class Outbox:
    """Messages to send, in order, and connections to close after sending them."""

    messages: list[tuple[Connection, JSONObject]] = field(default_factory=list)
    close: list[Connection] = field(default_factory=list)

    def extend(self, other: Outbox) -> None:
        self.messages += other.messages
        self.close += other.close


def game_to_json(game: GameStart) -> JSONObject:
    return {
        "rules": game.rules.to_mapping(),
        "players": game.players,
        "seat": game.seat if game.seat >= 0 else None,
        "button": game.button,
        "names": list(game.names),
        "stacks": list(game.stacks),
        "reset_stacks": game.reset_stacks,
        "hand": game.hand,
    }


def hand_to_json(start: HandStart) -> JSONObject:
    return {
        "hand": start.number,
        "button": start.button,
        "stacks": list(start.stacks),
        "seats": list(start.seats),
        "level": start.level,
        "rules": start.rules.to_mapping(),
    }


class JSONDealer:
    """One match at ``table`` (see the module doc).  ``tokens[seat]`` is the secret that
    seat joins with; ``budget`` the seconds each decision may take; ``on_hand`` is
    called after each hand, while the table still holds it (to record it)."""

    def __init__(
        self,
        table: Table,
        tokens: Sequence[str],
        *,
        budget: float = 30.0,
        limits: Limits | None = None,
        name: str = "match",
        on_hand: Callable[[], None] | None = None,
    ) -> None:
        if len(tokens) != table.size or len(set(tokens)) != len(tokens):
            raise ValueError(f"{table.size} different tokens are needed, one per seat")
        if not budget > 0:
            raise ValueError(f"the time for a decision must be more than 0 s, not {budget!r}")
        self.table = table
        self.runner = Runner(table, [None] * table.size)
        self.tokens = tuple(tokens)
        self.budget = budget
        self.limits = limits or Limits()
        self.name = name
        self.on_hand = on_hand
        self.seq = 0
        self.pending: Pending | None = None
        self.started = False
        self.connections: list[Connection] = []
        self._holder: list[Connection | None] = [None] * table.size
        self._answered: list[tuple[int, int] | None] = [None] * table.size
        self._events_sent = 0
        self._bad_tokens: dict[int, int] = {}
        self.joined: list[str | None] = [None] * table.size
        """The name each seat's client gave when it joined (``None``: none given)."""

    @property
    def finished(self) -> bool:
        return self.table.is_over

    # ---------------------------------------------------------------- connections

    def hello(self) -> JSONObject:
        return {
            "type": "hello",
            "protocol": PROTOCOL,
            "version": VERSION,
            "match": self.name,
            "seats": self.table.size,
            "limits": self.limits.to_json(),
        }

    def open(self) -> tuple[Connection, Outbox]:
        """A new connection, and its ``hello``."""
        conn = Connection(self.limits)
        self.connections.append(conn)
        return conn, Outbox([(conn, self.hello())])

    def closed(self, conn: Connection) -> None:
        """The connection is gone (its seat stays; its token takes it back)."""
        if conn in self.connections:
            self.connections.remove(conn)
        if conn.seat is not None and self._holder[conn.seat] is conn:
            self._holder[conn.seat] = None

    def seated(self, seat: int) -> bool:
        """Whether a connection holds ``seat``."""
        return self._holder[seat] is not None

    def receive(self, conn: Connection, line: bytes | None, now: float) -> Outbox:
        """A line from ``conn`` (``None``: one dropped for its length) at ``now``."""
        message = conn.receive(line, now)
        out = Outbox()
        if isinstance(message, Problem):
            if not message.quiet:
                out.messages.append((conn, error(message.code, message.message)))
        elif isinstance(message, Join):
            out = self._join(conn, message, now)
        elif isinstance(message, Watch):
            out = self._welcome(conn, now)
        elif isinstance(message, Ping):
            out.messages.append((conn, {"type": "pong", "id": message.id}))
        elif isinstance(message, Bye):
            out.messages.append((conn, {"type": "bye", "reason": "goodbye"}))
            out.close.append(conn)
        else:
            out = self._answer(conn, message, now)
        if conn.closing and conn not in out.close:
            out.messages.append(
                (
                    conn,
                    error(
                        ErrorCode.TOO_MANY_ERRORS,
                        f"more than {self.limits.max_errors} errors: closing",
                    ),
                )
            )
            out.messages.append((conn, {"type": "bye", "reason": "too many errors"}))
            out.close.append(conn)
        return out

    def _join(self, conn: Connection, join: Join, now: float) -> Outbox:
        seat = next(
            (
                s
                for s, t in enumerate(self.tokens)
                if hmac.compare_digest(t.encode(), join.token.encode())
            ),
            None,
        )
        out = Outbox()
        if seat is None:
            key = id(conn)
            self._bad_tokens[key] = self._bad_tokens.get(key, 0) + 1
            out.messages.append(
                (
                    conn,
                    error(
                        ErrorCode.BAD_TOKEN,
                        "no seat has this token: this connection acts for "
                        "no seat (join with your seat's token, or watch)",
                    ),
                )
            )
            if self._bad_tokens[key] >= BAD_TOKENS:
                out.messages.append((conn, {"type": "bye", "reason": "wrong tokens"}))
                out.close.append(conn)
            return out
        if join.name is not None:
            self.joined[seat] = join.name
        return self._seat_connection(conn, seat, now)

    def _seat_connection(self, conn: Connection, seat: int, now: float) -> Outbox:
        """``conn`` plays ``seat`` from now on (a token matched, or the server started
        the seat's program itself); a connection that held the seat is closed."""
        out = Outbox()
        old = self._holder[seat]
        if old is not None and old is not conn:
            out.messages.append(
                (old, {"type": "bye", "reason": "your seat's token was used by another connection"})
            )
            out.close.append(old)
            self.closed(old)
        conn.role = Role.PLAYER
        conn.seat = seat
        self._holder[seat] = conn
        out.extend(self._welcome(conn, now))
        return out

    def _welcome(self, conn: Connection, now: float) -> Outbox:
        """The welcome, and where the match is (for a connection joining late or coming
        back): the hand in play, the decision waiting for it."""
        table = self.table
        seat = conn.seat if conn.role is Role.PLAYER else None
        welcome = {
            "type": "welcome",
            "role": conn.role.value,
            "seat": seat,
            "name": table.names[seat] if seat is not None else None,
            "game": game_to_json(table.game_start(seat if seat is not None else -1)),
            "budget": self.budget,
            "max_hands": table.max_hands,
        }
        out = Outbox([(conn, welcome)])
        if not self.started:
            return out
        if table.is_over:
            out.messages.append((conn, self._match_end()))
            return out
        if table.in_hand:
            out.messages.append((conn, self._hand(seat)))
            view = table.view(seat if seat is not None else -1)
            out.messages.append(
                (conn, {"type": "state", "hand": table.hand_number, "view": view_to_json(view)})
            )
        pending = self.pending
        if pending is not None and pending.seat == seat:
            out.messages.append((conn, self._act(pending, now)))
        return out

    # ------------------------------------------------------------------- playing

    def start(self, now: float) -> Outbox:
        """Deal the first hand and wait for its first decision."""
        if self.started:
            raise RuntimeError("the match has already started")
        self.started = True
        return self._advance(now)

    def _answer(self, conn: Connection, answer: Answer, now: float) -> Outbox:
        seat = conn.seat
        assert seat is not None
        pending = self.pending
        out = Outbox()
        where = {"hand": answer.hand, "seq": answer.seq}

        def refuse(code: ErrorCode, message: str) -> Outbox:
            out.messages.append((conn, error(code, message, **where)))
            return out

        if self.table.is_over:
            return refuse(ErrorCode.MATCH_OVER, "the match is over")
        if self._answered[seat] == (answer.hand, answer.seq):
            return refuse(
                ErrorCode.DUPLICATE,
                f"decision {answer.seq} of hand {answer.hand} was already answered",
            )
        if pending is None or pending.seat != seat:
            if answer.seq < self.seq:
                return refuse(
                    ErrorCode.STALE,
                    f"decision {answer.seq} is no longer waiting "
                    f"(the match is at decision {self.seq})",
                )
            return refuse(ErrorCode.NOT_YOUR_TURN, "no decision of your seat is waiting")
        if answer.hand != pending.hand:
            return refuse(
                ErrorCode.WRONG_HAND,
                f"hand {answer.hand} is not the hand in play: "
                f"decision {pending.seq} is hand {pending.hand}'s",
            )
        if answer.seq < pending.seq:
            return refuse(
                ErrorCode.STALE,
                f"decision {answer.seq} is no longer waiting (decision {pending.seq} is)",
            )
        if answer.seq > pending.seq:
            return refuse(
                ErrorCode.UNKNOWN_SEQ,
                f"there is no decision {answer.seq} yet (decision {pending.seq} is waiting)",
            )
        try:
            self.runner.apply(answer.action)
        except IllegalAction as exc:
            left = max(0.0, pending.deadline - now)
            return refuse(ErrorCode.ILLEGAL_ACTION, f"{exc}; answer again within {left:.3g} s")
        self._answered[seat] = (answer.hand, answer.seq)
        self.pending = None
        out.messages.append((conn, {"type": "accepted", **where, **action_to_json(answer.action)}))
        out.extend(self._advance(now))
        return out

    def expire(self, now: float) -> Outbox:
        """The pending decision's time ran out: its seat takes the default action."""
        pending = self.pending
        if pending is None:
            raise RuntimeError("no decision is waiting")
        holder = self._holder[pending.seat]
        reason = "timeout" if holder is not None else "disconnected"
        action = self.runner.fault(FaultKind.TIMEOUT, f"no answer in {self.budget:g} s ({reason})")
        self.pending = None
        out = Outbox()
        if holder is not None:
            out.messages.append(
                (
                    holder,
                    {
                        "type": "default",
                        "hand": pending.hand,
                        "seq": pending.seq,
                        "reason": reason,
                        **action_to_json(action),
                    },
                )
            )
        out.extend(self._advance(now))
        return out

    def _advance(self, now: float) -> Outbox:
        """Tell everyone what happened, deal the next hand when one is over, and stop at
        the next decision (or the end of the match)."""
        table = self.table
        out = Outbox()
        while True:
            self._events(out)
            if not table.in_hand:
                if table.hand_number:
                    self._hand_end(out)
                    if self.on_hand is not None:
                        self.on_hand()
                if table.is_over:
                    message = self._match_end()
                    for conn in self._audience():
                        out.messages.append((conn, message))
                    return out
                table.start_hand()
                self._events_sent = 0
                for conn in self._audience():
                    out.messages.append(
                        (conn, self._hand(conn.seat if conn.role is Role.PLAYER else None))
                    )
                continue
            seat = self.runner.advance()
            if seat is None:
                continue
            self._events(out)
            self.seq += 1
            self.pending = Pending(seat, table.hand_number, self.seq, now + self.budget)
            holder = self._holder[seat]
            if holder is not None:
                out.messages.append((holder, self._act(self.pending, now)))
            return out

    def _audience(self) -> list[Connection]:
        return [c for c in self.connections if c.role is not Role.NEW]

    def _events(self, out: Outbox) -> None:
        new = self.table.public_events(self._events_sent)
        self._events_sent += len(new)
        hand = self.table.hand_number
        audience = self._audience()
        for event in new:
            message = {"type": "event", "hand": hand, "event": event_to_json(event)}
            for conn in audience:
                out.messages.append((conn, message))

    def _hand(self, seat: int | None) -> JSONObject:
        table = self.table
        message = {"type": "hand", **hand_to_json(table.hand_start), "hole": []}
        if seat is not None and seat in table.seats_in_hand:
            message["hole"] = [str(c) for c in table.view(seat).hole]
        return message

    def _hand_end(self, out: Outbox) -> None:
        table = self.table
        for conn in self._audience():
            seat = conn.seat if conn.role is Role.PLAYER else None
            view = table.view(seat if seat is not None else -1)
            out.messages.append(
                (conn, {"type": "hand_end", "hand": table.hand_number, "view": view_to_json(view)})
            )

    def _act(self, pending: Pending, now: float) -> JSONObject:
        view: PlayerView = self.table.view(pending.seat)
        return {
            "type": "act",
            "hand": pending.hand,
            "seq": pending.seq,
            "budget": round(max(0.0, pending.deadline - now), 3),
            "view": view_to_json(view),
        }

    def _match_end(self) -> JSONObject:
        table = self.table
        standings: list[dict[str, Any]] = [
            {"seat": s.seat, "place": s.place, "hand": s.hand, "stack": s.stack}
            for s in table.standings
        ]
        return {
            "type": "match_end",
            "hands": table.hand_number,
            "names": list(table.names),
            "standings": standings,
            "stacks": list(table.stacks),
            "totals": list(table.totals),
        }
