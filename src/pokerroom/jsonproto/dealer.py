"""A JSON-lines match as a pure state machine: seats with tokens, spectators, numbered
decisions, and the table (:class:`~pokerroom.table.Table`) played through the runner
(:class:`~pokerroom.players.Runner`) with every seat played from outside.

The server (:mod:`pokerroom.net.jsonl.server`) passes in the lines each connection sends
and the time, and sends the lines it gets back (an :class:`Outbox`, which also names
the connections to close and notes for the operator's log).  Nothing here waits: a
decision is *pending* (:attr:`JSONDealer.pending`) until its seat answers or the server
says its time ran out (:meth:`JSONDealer.expire`).

What each connection is sent (types of ``schema/server.json``): ``hello`` on connecting;
``welcome`` when it joins a seat or watches; ``hand`` when a hand is dealt (a seat's own
hole cards included); ``event`` for each public event; ``act`` when its seat must decide
(with its view and the seconds it has: its decision clock, and its time bank when the
match has one); ``clock`` to everyone when a decision's own clock runs out and its seat's
time bank starts, at a match with one (:mod:`~pokerroom.jsonproto.timebank`), and to a
connection joining while such a decision runs; ``accepted`` or ``default`` when the decision
is taken; ``hand_end`` with its view of the finished hand; ``match_end``; ``error`` for
anything refused; ``pong``; ``bye`` before the server closes the connection (at the end
of the match every connection gets one).  A spectator gets what a spectator at a real
table sees: the public events and views with no hole cards until shown.

A connection the dealer closes is done: a line it sent after its ``bye`` (in the same
write, say) is not read.  Each line goes out encoded once, whoever it is sent to.
"""

from __future__ import annotations

import hmac
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, TypeAlias

from pokerroom.engine.actions import IllegalAction
from pokerroom.jsonproto.codec import JSONObject, JSONText, action_to_json
from pokerroom.jsonproto.messages import (
    PROTOCOL,
    VERSION,
    Answer,
    Chat,
    Connection,
    ErrorCode,
    Join,
    Limits,
    Ping,
    Problem,
    Role,
    Watch,
    Watching,
    encode,
    error,
)
from pokerroom.jsonproto.timebank import TimeBank
from pokerroom.players.base import Player
from pokerroom.players.runner import FaultKind, Runner
from pokerroom.table import GameStart, HandStart, Table

__all__ = ["BAD_TOKENS", "JSONDealer", "Note", "Outbox", "Pending", "game_to_json",
           "hand_to_json"]  # fmt: skip

BAD_TOKENS = 3
"""Wrong tokens a connection may send before it is closed."""

Note: TypeAlias = tuple[Connection | None, int, str]
"""Something for the operator's log: the connection it is about (or None), its level
(``logging.INFO``...) and one line of text."""


class Pending(NamedTuple):
    """The decision the match waits for: seat, hand, its sequence number, and the time
    (the server's clock) when it runs out.  A ``local`` seat's (a player in this process)
    is taken at its deadline: :meth:`JSONDealer.expire` asks the player then."""

    seat: int
    hand: int
    seq: int
    deadline: float
    local: bool = False
    clock_end: float | None = None
    """With a time bank: when the decision's own clock runs out and the bank starts
    (``deadline`` is then that plus the seat's bank)."""


class Outbox:
    """Lines to send (each a message, UTF-8, ending ``\\n``; an item may hold several,
    whole), in order: ``messages`` to one connection each, ``watch`` to every spectator
    (the same lines for all, before the messages for spectators in this outbox);
    connections to close after sending them; notes for the operator."""

    __slots__ = ("close", "messages", "notes", "watch")

    def __init__(self) -> None:  # (one or more for every line a client sends)
        self.messages: list[tuple[Connection, bytes]] = []
        self.close: list[Connection] = []
        self.notes: list[Note] = []
        self.watch: list[bytes] = []

    def __repr__(self) -> str:
        return (f"Outbox(messages={self.messages!r}, close={self.close!r}, "
                f"notes={self.notes!r}, watch={self.watch!r})")  # fmt: skip

    def extend(self, other: Outbox) -> None:
        self.messages += other.messages
        self.close += other.close
        self.notes += other.notes
        self.watch += other.watch

    def send(self, conn: Connection, message: JSONObject) -> None:
        self.messages.append((conn, encode(message)))

    def note(self, conn: Connection | None, level: int, text: str) -> None:
        self.notes.append((conn, level, text))

    def decoded(self) -> list[tuple[Connection | None, JSONObject]]:
        """The messages as JSON values (to look at them: tests, tools); those to every
        spectator first, with ``None`` for the connection."""
        return [(None, json.loads(line)) for lines in self.watch
                for line in lines.splitlines()] + [
            (conn, json.loads(line)) for conn, lines in self.messages
            for line in lines.splitlines()
        ]  # fmt: skip


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


def _same(secret: str, given: str) -> bool:
    return hmac.compare_digest(secret.encode(), given.encode())


class JSONDealer:
    """One match at ``table`` (see the module doc).  ``tokens[seat]`` is the secret that
    seat joins with; ``budget`` the seconds each decision may take; ``on_hand`` is
    called after each hand, while the table still holds it (to record it).

    Who may watch: ``watching`` (anyone, a client with ``watch_token``, nobody), at most
    ``max_spectators`` at once (``None``: no limit).  ``seq`` is the number of the last
    decision asked for (a match resumed from a saved table goes on from its own).

    Local seats: ``players[seat]`` plays that seat in this process (a bot the server
    runs): nobody joins it (its token is refused), and when it must decide the dealer
    waits ``local_delay`` seconds (a pending decision with ``local`` set: the transport's
    timer calls :meth:`expire` at its deadline, which asks the player), so that people see
    the bots play; with 0 the players are asked at once.  ``on_chat(conn, text, now)``
    takes a ``chat`` line from a connection that plays or watches (None: chat is
    refused); what it returns is sent.

    Time bank: with ``bank`` (one entry per seat) a decision may run past its ``budget``
    into its seat's bank (what it uses is taken off; after each hand the seats dealt in
    get their refill), the ``act`` message carries the bank's seconds too, and a ``clock``
    message tells every player and spectator when a decision runs into its bank (the
    transport calls :meth:`bank_running` at the pending decision's ``clock_end``: a quick
    answer costs no message).  Without one, nothing of it is sent (the protocol as it
    was)."""

    def __init__(
        self,
        table: Table,
        tokens: Sequence[str],
        *,
        budget: float = 30.0,
        limits: Limits | None = None,
        name: str = "match",
        on_hand: Callable[[], None] | None = None,
        watching: Watching = Watching.OPEN,
        watch_token: str | None = None,
        max_spectators: int | None = None,
        seq: int = 0,
        players: Mapping[int, Player] | None = None,
        local_delay: float = 0.0,
        on_chat: Callable[[Connection, str, float], Outbox] | None = None,
        bank: TimeBank | None = None,
    ) -> None:
        if len(tokens) != table.size or len(set(tokens)) != len(tokens):
            raise ValueError(f"{table.size} different tokens are needed, one per seat")
        if not budget > 0:
            raise ValueError(f"the time for a decision must be more than 0 s, not {budget!r}")
        if (watching is Watching.TOKEN) != (watch_token is not None):
            raise ValueError("a spectators' token is needed exactly when watching needs one")
        if watch_token is not None and watch_token in tokens:
            raise ValueError("the spectators' token must differ from every seat's")
        if max_spectators is not None and max_spectators < 0:
            raise ValueError(f"at most {max_spectators} spectators: 0 or more")
        local = dict(players or {})
        if any(not 0 <= s < table.size for s in local):
            raise ValueError(f"local seats are seats 0 to {table.size - 1}, not {sorted(local)}")
        if not local_delay >= 0:
            raise ValueError(f"the local seats' delay is 0 s or more, not {local_delay!r}")
        if bank is not None and len(bank.left) != table.size:
            raise ValueError(f"a time bank of {len(bank.left)} seats at a table of {table.size}")
        self.table = table
        self.bank = bank
        """Each seat's time bank (None: decisions have their ``budget`` and no more)."""
        self._refilled = table.hand_number - table.in_hand  # (a restored table's banks
        # hold the refill of the hands it finished)
        self._bank_told = -1  # the decision whose bank running everyone was told of
        self.local = local
        """The seats played in this process, and their players."""
        self.local_delay = local_delay
        self.on_chat = on_chat
        self.runner = Runner(table, [local.get(s) for s in range(table.size)])
        self.tokens = tuple(tokens)
        self.budget = budget
        self.limits = limits or Limits()
        self.name = name
        self.on_hand = on_hand
        self.watching = watching
        self.watch_token = watch_token
        self.max_spectators = max_spectators
        self.seq = seq
        self.pending: Pending | None = None
        self.started = False
        self.idle = False
        """A cash table waiting for two seats that can be dealt in (:meth:`resume`)."""
        self.connections: dict[Connection, None] = {}
        """The open connections (an ordered set)."""
        self.spectators = 0
        self._holder: list[Connection | None] = [None] * table.size
        self._answered: list[tuple[int, int] | None] = [None] * table.size
        self._events_sent = 0
        self._text = JSONText()
        self._hand_head = ""  # the hand message up to its hole cards, this hand
        self._budget_text = repr(round(budget, 3))  # an act's seconds, as it is asked
        self._ended = False
        self._pause = False  # this hand waits for its first local decision (_new_hand)
        self.joined: list[str | None] = [None] * table.size
        """The name each seat's client gave when it joined (``None``: none given)."""

    @property
    def finished(self) -> bool:
        return self.table.is_over

    # ---------------------------------------------------------------- connections

    def hello(self) -> JSONObject:
        limits = self.limits.to_json()
        limits["watching"] = self.watching.value
        limits["max_spectators"] = self.max_spectators
        return {
            "type": "hello",
            "protocol": PROTOCOL,
            "version": VERSION,
            "match": self.name,
            "seats": self.table.size,
            "limits": limits,
        }

    def open(self) -> tuple[Connection, Outbox]:
        """A new connection, and its ``hello``."""
        conn = Connection(self.limits)
        self.connections[conn] = None
        out = Outbox()
        out.send(conn, self.hello())
        return conn, out

    def closed(self, conn: Connection) -> None:
        """The connection is gone (its seat stays; its token takes it back).  Nothing
        more it sends is read."""
        if conn in self.connections:
            del self.connections[conn]
            if conn.role is Role.SPECTATOR:
                self.spectators -= 1
        if conn.seat is not None and self._holder[conn.seat] is conn:
            self._holder[conn.seat] = None

    def _bye(self, out: Outbox, conn: Connection, reason: str) -> None:
        """``conn`` is told why and closed (after what it is sent now)."""
        out.send(conn, {"type": "bye", "reason": reason})
        out.close.append(conn)
        self.closed(conn)

    def seated(self, seat: int) -> bool:
        """Whether a connection holds ``seat``."""
        return self._holder[seat] is not None

    def holder(self, seat: int) -> Connection | None:
        """The connection that holds ``seat``, if any."""
        return self._holder[seat]

    def receive(self, conn: Connection, line: bytes | None, now: float) -> Outbox:
        """A line from ``conn`` (``None``: one dropped for its length) at ``now``; a line
        from a connection closed already is not read."""
        if conn not in self.connections:
            return Outbox()
        message = conn.receive(line, now)
        if type(message) is Answer:  # (most lines)
            out = self._answer(conn, message, now)
        elif isinstance(message, Problem):
            out = Outbox()
            if not message.quiet:
                out.send(conn, error(message.code, message.message))
            out.note(conn, logging.DEBUG, f"{message.code.value}: {message.message}")
        elif isinstance(message, Join):
            out = self._join(conn, message, now)
        elif isinstance(message, Watch):
            out = self._watch(conn, message, now)
        elif isinstance(message, Ping):
            out = Outbox()
            out.send(conn, {"type": "pong", "id": message.id})
        elif isinstance(message, Chat):
            out = self._chat(conn, message.text, now)
        else:  # a bye
            out = Outbox()
            self._bye(out, conn, "goodbye")
        if conn.errors and conn.closing and conn in self.connections:
            text = f"more than {self.limits.max_errors} errors: closing"
            out.send(conn, error(ErrorCode.TOO_MANY_ERRORS, text))
            self._bye(out, conn, "too many errors")
            out.note(conn, logging.WARNING, f"closed: {text}")
        return out

    def _chat(self, conn: Connection, text: str, now: float) -> Outbox:
        if self.on_chat is not None:
            return self.on_chat(conn, text, now)
        out = Outbox()
        out.send(conn, error(ErrorCode.NO_CHAT, "this match has no chat"))
        return out

    def _wrong_token(self, conn: Connection, out: Outbox, what: str) -> Outbox:
        conn.bad_tokens += 1
        out.send(
            conn,
            error(
                ErrorCode.BAD_TOKEN,
                f"no {what} has this token: this connection acts for no seat (join with "
                "your seat's token, or watch)",
            ),
        )
        closing = conn.bad_tokens >= BAD_TOKENS
        out.note(conn, logging.WARNING, f"a wrong {what} token ({conn.bad_tokens} of "
                 f"{BAD_TOKENS}{': closing' if closing else ''})")  # fmt: skip
        if closing:
            self._bye(out, conn, "wrong tokens")
        return out

    def _join(self, conn: Connection, join: Join, now: float) -> Outbox:
        seat = None
        for s, token in enumerate(self.tokens):  # every one compared: the time says nothing
            if _same(token, join.token):
                seat = s
        out = Outbox()
        if seat is None or seat in self.local:  # (a local seat's token is never handed out)
            return self._wrong_token(conn, out, "seat")
        if join.name is not None:
            self.joined[seat] = join.name
        out.note(conn, logging.INFO, f"joined seat {seat}" +
                 (f" as {join.name!r}" if join.name is not None else ""))  # fmt: skip
        out.extend(self._seat_connection(conn, seat, now))
        return out

    def replace_token(self, seat: int, token: str) -> Outbox:
        """``seat`` joins with ``token`` from now on (its player left, or was removed);
        the connection holding it is told and closed."""
        if token in self.tokens or token == self.watch_token:
            raise ValueError("a new token must differ from every token in use")
        tokens = list(self.tokens)
        tokens[seat] = token
        self.tokens = tuple(tokens)
        out = Outbox()
        old = self._holder[seat]
        if old is not None:
            self._bye(out, old, "you no longer hold this seat")
        return out

    def _seat_connection(self, conn: Connection, seat: int, now: float) -> Outbox:
        """``conn`` plays ``seat`` from now on (a token matched, or the server started
        the seat's program itself); a connection that held the seat is closed."""
        out = Outbox()
        old = self._holder[seat]
        if old is not None and old is not conn:
            self._bye(out, old, "your seat's token was used by another connection")
            out.note(old, logging.WARNING, f"lost seat {seat} to a new connection with "
                     "its token (seat taken over)")  # fmt: skip
        conn.role = Role.PLAYER
        conn.seat = seat
        self._holder[seat] = conn
        out.extend(self._welcome(conn, now))
        return out

    def _watch(self, conn: Connection, watch: Watch, now: float) -> Outbox:
        out = Outbox()
        if self.watching is Watching.OFF:
            out.send(conn, error(ErrorCode.NO_WATCHING, "this match has no spectators"))
            return out
        if self.watching is Watching.TOKEN:
            secret = self.watch_token
            assert secret is not None
            if watch.token is None or not _same(secret, watch.token):
                return self._wrong_token(conn, out, "spectators'")
        most = self.max_spectators
        if most is not None and self.spectators >= most:
            out.send(conn, error(ErrorCode.SPECTATORS_FULL,
                                 f"the match has its {most} spectators: try again later"))
            out.note(conn, logging.INFO, f"refused as a spectator: {most} watching already")
            return out  # fmt: skip
        conn.role = Role.SPECTATOR
        self.spectators += 1
        out.note(conn, logging.DEBUG, f"watching ({self.spectators} spectators)")
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
        out = Outbox()
        out.send(conn, welcome)
        if not self.started:
            return out
        if self._ended:
            out.send(conn, self._match_end())
            self._bye(out, conn, "the match is over")
            return out
        if table.in_hand:
            out.messages.append((conn, self._hand(seat)))
            view = self._text.view(table.view(seat if seat is not None else -1))
            line = f'{{"type":"state","hand":{table.hand_number},"view":{view}}}\n'
            out.messages.append((conn, line.encode()))
        pending = self.pending
        if pending is not None and pending.seat == seat:
            out.messages.append((conn, self._act(pending, now)))
        if pending is not None and pending.clock_end is not None:
            out.messages.append((conn, self._clock(pending, now)))
        return out

    # ------------------------------------------------------------------- playing

    def start(self, now: float) -> Outbox:
        """Deal the first hand (or go on with the hand in play of a table restored from a
        save) and wait for its first decision."""
        if self.started:
            raise RuntimeError("the match has already started")
        self.started = True
        out = Outbox()
        if self.table.in_hand:  # a resumed match: the hand in play, from its start
            self._new_hand(out, self.table.hand_start)
        return self._advance(now, out)

    def resume(self, now: float) -> Outbox:
        """Deal again at a cash table that was waiting for seats (:attr:`idle`), if two
        seats can now be dealt in; else nothing."""
        out = Outbox()
        table = self.table
        if not self.idle or not table.can_deal:
            return out
        self.idle = False
        self._new_hand(out, table.start_hand())
        return self._advance(now, out)

    def _answer(self, conn: Connection, answer: Answer, now: float) -> Outbox:
        seat = conn.seat
        assert seat is not None  # (the connection refuses an answer from anyone else)
        hand, seq, action = answer
        pending = self.pending
        if (pending is None or pending.seat != seat or hand != pending.hand
                or seq != pending.seq or self.table.is_over):  # fmt: skip
            return self._refuse(conn, answer, self._why_not(seat, answer))
        if self._answered[seat] == (hand, seq):  # (answered, and asked again: a duplicate)
            return self._refuse(conn, answer, self._why_not(seat, answer))
        try:
            if self.local:
                self.runner.apply(action)  # the local players hear of it
            else:
                self.table.apply(action)  # (the runner's apply, with no player of its own to tell)
        except IllegalAction as exc:
            left = max(0.0, pending.deadline - now)
            why = (ErrorCode.ILLEGAL_ACTION, f"{exc}; answer again within {left:.3g} s")
            return self._refuse(conn, answer, why)
        self._answered[seat] = (hand, seq)
        self.pending = None
        if self.bank is not None and pending.clock_end is not None:
            self.bank.spend(seat, now - pending.clock_end)
        conn.refund()
        out = Outbox()
        more = "" if action.amount is None else f',"amount":{action.amount}'
        if action.value is not None:
            more += f',"value":{action.value}'
        line = (f'{{"type":"accepted","hand":{hand},"seq":{seq},'
                f'"action":"{action.kind._value_}"{more}}}\n')  # fmt: skip
        out.messages.append((conn, line.encode()))
        return self._advance(now, out)

    def _why_not(self, seat: int, answer: Answer) -> tuple[ErrorCode, str]:
        """Why ``answer`` from ``seat`` is not the pending decision's."""
        hand, seq, _ = answer
        pending = self.pending
        if self.table.is_over:
            return ErrorCode.MATCH_OVER, "the match is over"
        if self._answered[seat] == (hand, seq):
            return ErrorCode.DUPLICATE, f"decision {seq} of hand {hand} was already answered"
        if pending is None or pending.seat != seat:
            if seq < self.seq:
                return (ErrorCode.STALE, f"decision {seq} is no longer waiting "
                        f"(the match is at decision {self.seq})")  # fmt: skip
            return ErrorCode.NOT_YOUR_TURN, "no decision of your seat is waiting"
        if hand != pending.hand:
            return (ErrorCode.WRONG_HAND, f"hand {hand} is not the hand in play: "
                    f"decision {pending.seq} is hand {pending.hand}'s")  # fmt: skip
        if seq < pending.seq:
            return (ErrorCode.STALE,
                    f"decision {seq} is no longer waiting (decision {pending.seq} is)")
        return (ErrorCode.UNKNOWN_SEQ,
                f"there is no decision {seq} yet (decision {pending.seq} is waiting)")  # fmt: skip

    @staticmethod
    def _refuse(conn: Connection, answer: Answer, why: tuple[ErrorCode, str]) -> Outbox:
        out = Outbox()
        out.send(conn, error(*why, hand=answer.hand, seq=answer.seq))
        return out

    def expire(self, now: float) -> Outbox:
        """The pending decision's time ran out: its seat takes the default action."""
        pending = self.pending
        if pending is None:
            raise RuntimeError("no decision is waiting")
        if pending.local:
            self.pending = None
            self.runner.decide()
            return self._advance(now, Outbox())
        holder = self._holder[pending.seat]
        reason = "timeout" if holder is not None else "disconnected"
        took = self.budget
        if self.bank is not None and pending.clock_end is not None:
            took += self.bank.left[pending.seat]
            self.bank.spend(pending.seat, now - pending.clock_end)  # (all of it)
        action = self.runner.fault(FaultKind.TIMEOUT, f"no answer in {took:g} s ({reason})")
        self.pending = None
        out = Outbox()
        out.note(holder, logging.INFO, f"seat {pending.seat}, hand {pending.hand}: no answer "
                 f"in {took:g} s ({reason}): {action}")  # fmt: skip
        if holder is not None:
            out.send(holder, {"type": "default", "hand": pending.hand, "seq": pending.seq,
                              "reason": reason, **action_to_json(action)})  # fmt: skip
        return self._advance(now, out)

    def _advance(self, now: float, out: Outbox) -> Outbox:
        """Tell everyone what happened (in ``out``), deal the next hand when one is over,
        and stop at the next decision (or the end of the match)."""
        table = self.table
        while True:
            if not table.in_hand:
                self._events(out)
                if table.hand_number:
                    self._hand_end(out)
                    if self.bank is not None and self._refilled < table.hand_number:
                        self._refilled = table.hand_number
                        self.bank.refill(table.seats_in_hand)
                    if self.on_hand is not None:
                        self.on_hand()
                if table.is_over:
                    self._end(out)
                    return out
                if not table.can_deal:  # a cash table short of players: wait for seats
                    self.idle = True
                    return out
                self._new_hand(out, table.start_hand())
                continue
            # every seat is played from outside: the seat to act is the one the runner
            # would stop at (it asks it only when nobody is, as the hand goes on)
            seat = table.to_act
            if seat is None:
                seat = self.runner.next_seat() if self.local else self.runner.advance()
            self._events(out)  # the action's, and what the dealer did after it
            if seat is None:
                continue
            if seat in self.local:
                if not self.local_delay and not self._pause:
                    self.runner.decide()
                    continue
                self._pause = False
                self.pending = Pending(seat, table.hand_number, self.seq, now + self.local_delay,
                                       True)  # fmt: skip
                return out
            self.seq += 1
            self.pending = pending = self._pending(seat, now)
            holder = self._holder[seat]
            if holder is not None:
                out.messages.append((holder, self._act(pending, None)))
            return out

    def _pending(self, seat: int, now: float) -> Pending:
        """The decision ``seat`` is asked for at ``now`` (number :attr:`seq`)."""
        end = now + self.budget
        bank = self.bank
        if bank is None:
            return Pending(seat, self.table.hand_number, self.seq, end)
        return Pending(seat, self.table.hand_number, self.seq, end + bank.left[seat], False, end)

    def alarm_at(self) -> float | None:
        """When the transport's timer is next due for the pending decision: the end of
        its own clock while its bank's start is not told yet (see :meth:`bank_running`),
        else its deadline (None: no decision waits)."""
        pending = self.pending
        if pending is None:
            return None
        end = pending.clock_end
        return end if end is not None and self._bank_told != pending.seq else pending.deadline

    def bank_running(self, now: float) -> Outbox:
        """The pending decision's own clock ran out at ``now`` (its ``clock_end``) and its
        seat's bank runs: every player and spectator hears it (once per decision; nothing
        before then, or with no bank)."""
        out = Outbox()
        pending = self.pending
        if (pending is None or pending.clock_end is None or now < pending.clock_end
                or self._bank_told == pending.seq):  # fmt: skip
            return out
        self._bank_told = pending.seq
        line = self._clock(pending, now)
        for conn in self._holder:
            if conn is not None:
                out.messages.append((conn, line))
        if self.spectators:
            out.watch.append(line)
        return out

    def _times(self, pending: Pending, now: float | None) -> tuple[float, float]:
        """The seconds left on ``pending``'s own clock and in its seat's bank, at ``now``
        (None: as it is asked)."""
        bank = self.bank.left[pending.seat] if self.bank is not None else 0.0
        end = pending.clock_end
        if now is None or end is None:
            return self.budget, bank
        return max(0.0, end - now), max(0.0, min(bank, pending.deadline - now))

    def _clock(self, pending: Pending, now: float) -> bytes:
        clock, bank = self._times(pending, now)
        return (f'{{"type":"clock","hand":{pending.hand},"seq":{pending.seq},'
                f'"seat":{pending.seat},"budget":{round(clock, 3)!r},'
                f'"bank":{round(bank, 3)!r}}}\n').encode()  # fmt: skip

    def _end(self, out: Outbox) -> None:
        """The match is over: the standings to everyone who plays or watches, and a bye
        to every connection."""
        self._ended = True
        message = encode(self._match_end())
        for conn in self._players():
            out.messages.append((conn, message))
        out.watch.append(message)
        for conn in list(self.connections):
            self._bye(out, conn, "the match is over")
        out.note(None, logging.INFO, f"over after {self.table.hand_number} hands")

    def _players(self) -> list[Connection]:
        """The connections that hold seats (spectators get the ``watch`` lines)."""
        return [c for c in self._holder if c is not None]

    def _new_hand(self, out: Outbox, start: HandStart) -> None:
        """A hand was dealt: everyone who plays or watches hears of it.  (A cash table
        deals on for ever: a hand of players in this process alone waits for its first
        decision's deadline even with no delay, so that whoever drives the dealer gets the
        hands one at a time, not all at once.)"""
        self._pause = self.table.cash is not None and all(s in self.local for s in start.seats)
        self._events_sent = 0
        text = self._text
        text.clear()
        ints = text.ints
        self._hand_head = (f'{{"type":"hand","hand":{int(start.number)},'
                           f'"button":{int(start.button)},"stacks":{ints(start.stacks)},'
                           f'"seats":{ints(start.seats)},"level":{int(start.level)},'
                           f'"rules":{text.rules(start.rules)},"hole":')  # fmt: skip
        for conn in self._players():
            out.messages.append((conn, self._hand(conn.seat)))
        if self.spectators:
            out.watch.append(self._hand(None))

    def _events(self, out: Outbox) -> None:
        new = self.table.public_events(self._events_sent)
        if not new:
            return
        self._events_sent += len(new)
        head = f'{{"type":"event","hand":{self.table.hand_number},"event":'
        lines = "".join([f"{head}{e}}}\n" for e in self._text.texts(new)]).encode()  # one item
        messages = out.messages
        for conn in self._holder:
            if conn is not None:
                messages.append((conn, lines))
        if self.spectators:
            out.watch.append(lines)

    def _hand(self, seat: int | None) -> bytes:
        """The ``hand`` message for ``seat`` (``None``: a spectator)."""
        table = self.table
        hole = "[]"
        hand = table.hand
        if seat is not None and hand is not None and seat in (dealt := table.seats_in_hand):
            hole = self._text.cards(hand.hole(dealt.index(seat)))
        return f"{self._hand_head}{hole}}}\n".encode()

    def _hand_end(self, out: Outbox) -> None:
        table = self.table
        number = table.hand_number
        text = self._text
        for seat in [*(c.seat for c in self._players()), *([-1] if self.spectators else [])]:
            assert seat is not None
            view = text.view(table.view(seat))
            line = f'{{"type":"hand_end","hand":{number},"view":{view}}}\n'.encode()
            holder = self._holder[seat] if seat >= 0 else None
            if holder is not None:
                out.messages.append((holder, line))
            else:
                out.watch.append(line)

    def _act(self, pending: Pending, now: float | None) -> bytes:
        """The ``act`` message of ``pending`` at ``now`` (``None``: as it is asked, with
        the whole budget)."""
        view = self._text.view(self.table.view(pending.seat))
        bank = ""
        if pending.clock_end is not None:  # a time bank: its seconds too (last: a client's
            clock, left_in_bank = self._times(pending, now)  # quick read stops at the view)
            left, bank = repr(round(clock, 3)), f',"bank":{round(left_in_bank, 3)!r}'
        elif now is None:
            left = self._budget_text
        else:
            left = repr(round(max(0.0, pending.deadline - now), 3))
        return (f'{{"type":"act","hand":{pending.hand},"seq":{pending.seq},'
                f'"budget":{left},"view":{view}{bank}}}\n').encode()  # fmt: skip

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
