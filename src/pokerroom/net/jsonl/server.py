"""The asyncio JSON-lines dealer around :class:`~pokerroom.jsonproto.dealer.JSONDealer`.

One listening port (a :class:`~pokerroom.net.links.Listener`); connections from players
with their seat's token and from spectators, each a :class:`~pokerroom.net.links.Wire`
driven by the event loop.  A line is passed to the dealer as soon as it is read and what
the dealer answers is written at once (one write per connection); the pending decision's
deadline is one timer, armed only while a decision waits.  Nothing waits on a socket.

What no client can do: crash the server (a line the dealer cannot take is logged and
closes that connection only), pin its memory (a connection's unread output is bounded; a
peer that falls behind is dropped), exhaust its descriptors (caps on connections in all
and from one address; a connection must join or watch within ``join_timeout``; a peer
that closes is closed), or be read after its ``bye``.  Every event goes to the
``pokerroom.net`` logger, one line each, naming the peer.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import string
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pokerroom._deadline import DeadlineTimer
from pokerroom.jsonproto.dealer import JSONDealer, Outbox
from pokerroom.jsonproto.messages import Connection, Role, encode
from pokerroom.net.links import CLOSE_GRACE, MAX_BACKLOG, Listener, Wire, log

__all__ = ["TOKEN_ALPHABET", "TOKEN_LENGTH", "JSONServer", "ServerCounts", "seat_tokens"]

TOKEN_ALPHABET = string.ascii_letters + string.digits
"""What a seat's token is made of: no ``-``, which a command line would read as the start
of an option (``--token -x...``), and nothing a shell or a URL quotes."""
TOKEN_LENGTH = 24
"""Characters in a token: 24 of 62 symbols, about 143 bits of secret."""


SPECTATOR_DELAY = 0.05
"""Seconds what spectators are sent may wait, to go out in one write for many actions
(players are written to at once, or soon: a spectator's few milliseconds cost nobody anything, a
write per spectator per action would cost the match its pace)."""
PLAYER_DELAY = 0.05
"""Seconds at most that what a player not to act is sent waits for its turn (while the
match moves on: :meth:`JSONServer._deliver`)."""


# (an Enum member read off its class is a slow lookup: these are read for every line)
_PLAYER, _SPECTATOR = Role.PLAYER, Role.SPECTATOR


def seat_tokens(count: int) -> list[str]:
    """``count`` different secret tokens, one per seat, from the system's secure source."""
    tokens: list[str] = []
    while len(tokens) < count:
        token = "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))
        if token not in tokens:
            tokens.append(token)
    return tokens


@dataclass(slots=True)
class ServerCounts:
    """What happened to connections: accepted, refused (over a cap), dropped (not
    reading), closed for not joining in time, and failed (a line the dealer could not
    take)."""

    accepted: int = 0
    refused: int = 0
    dropped: int = 0
    idle: int = 0
    failed: int = 0


class _Program(asyncio.SubprocessProtocol):
    """A seat's program, started by the server: its standard output read as a
    connection's lines, its standard input written as the connection."""

    def __init__(self, wire: Wire, label: str) -> None:
        self.wire = wire
        self.label = label
        self.exited = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.SubprocessTransport)
        stdin = transport.get_pipe_transport(0)
        assert isinstance(stdin, asyncio.WriteTransport)
        self.wire.peer = f"{self.label} (pid {transport.get_pid()})"
        self.wire.connection_made(stdin)

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        if fd == 1:
            self.wire.data_received(data)

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        if fd == 1 and not self.wire.lost:  # its output ended: the program is done
            self.wire.connection_lost(exc)

    def process_exited(self) -> None:
        if not self.exited.done():
            self.exited.set_result(None)


class JSONServer:
    """Serves ``dealer``'s match on ``host``:``port`` (0: any free port).

    The match starts when every seat has joined, or when ``start_timeout`` seconds have
    passed (``None``: wait for every seat); a seat nobody holds gets the default action
    when its time runs out.

    Limits on connections: at most ``max_connections`` at once and ``max_per_address``
    from one address (``None``: no limit); a connection that has neither joined nor
    started watching after ``join_timeout`` seconds is closed; one that lets more than
    ``max_backlog`` bytes of what it is sent pile up unread is dropped (a player's seat
    stays: its token takes it back).  A connection the server closes has ``grace``
    seconds to read the rest and close its side.  :attr:`counts` counts what happened.
    """

    def __init__(
        self,
        dealer: JSONDealer,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        start_timeout: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        max_backlog: int = MAX_BACKLOG,
        max_connections: int | None = 256,
        max_per_address: int | None = 64,
        join_timeout: float | None = 60.0,
        grace: float = CLOSE_GRACE,
    ) -> None:
        self.dealer = dealer
        self.max_backlog = max_backlog
        self.host = host
        self.port = port
        self.start_timeout = start_timeout
        self.clock = clock
        self.join_timeout = join_timeout
        self.grace = grace
        self.started_at = self.finished_at = 0.0  # when play began and ended (clock)
        self.counts = ServerCounts()
        self._listener = Listener(self._make, host, port, max_connections=max_connections,
                                  max_per_address=max_per_address,
                                  refusal=self._refusal)  # fmt: skip
        self._wires: dict[Connection, Wire] = {}  # the connections open to the match
        self._watching: dict[Connection, None] = {}  # spectators sent the shared lines
        self._shared: list[bytes] = []  # lines for every spectator, to write soon
        self._flush: asyncio.TimerHandle | None = None
        # lines for players not to act, held while the match moves on (see _deliver)
        self._later: dict[Connection, list[bytes]] = {}
        self._later_flush: asyncio.TimerHandle | None = None
        self._live: set[Wire] = set()  # every connection not gone yet (closing included)
        self._programs: list[_Program] = []
        self._procs: list[asyncio.SubprocessTransport] = []
        self._timer = DeadlineTimer(self.clock, self._alarm)
        self._seated: asyncio.Future[None] | None = None
        self._done: asyncio.Future[None] | None = None
        self._stopped: str | None = None  # why the server stopped before the match ended

    async def start(self) -> int:
        """Listen; the port."""
        loop = asyncio.get_running_loop()
        self._seated = loop.create_future()
        self._done = loop.create_future()
        self.port = await self._listener.start()
        return self.port

    # ---------------------------------------------------------------- connections

    @staticmethod
    def _refusal(why: str) -> bytes:
        return encode({"type": "bye", "reason": why})

    def _make(self) -> Wire:
        wire = Wire(on_line=self._line, on_close=self._gone, on_open=self._opened,
                    on_eof=self._eof, max_line=self.dealer.limits.max_line, clock=self.clock,
                    max_backlog=self.max_backlog, grace=self.grace)  # fmt: skip
        live = self._live
        live.add(wire)
        wire.gone.add_done_callback(lambda _: live.discard(wire))
        return wire

    def _opened(self, wire: Wire) -> None:
        """A new connection: its ``hello``."""
        conn, out = self.dealer.open()
        wire.tag = conn
        self._wires[conn] = wire
        self.counts.accepted += 1
        log.debug("%s: connected", wire.peer)
        self._deliver(out)
        if self.join_timeout is not None:
            asyncio.get_running_loop().call_later(self.join_timeout, self._idle, wire, conn)

    def _idle(self, wire: Wire, conn: Connection) -> None:
        """``join_timeout`` after a connection opened: closed if it has not joined or
        started watching."""
        if conn.role is Role.NEW and self._wires.get(conn) is wire:
            self.counts.idle += 1
            log.info("%s: neither joined nor watched in %g s: closed", wire.peer,
                     self.join_timeout)  # fmt: skip
            self._leave(conn, f"join a seat or watch within {self.join_timeout:g} s")

    async def spawn(self, seat: int, argv: Sequence[str]) -> None:
        """Start the program ``argv`` to play ``seat`` over its standard input and output
        (the same messages as over TCP).  It joins like any client, with the seat's token,
        which it finds in the environment variable ``POKERROOM_TOKEN``.  Its standard
        error is left to this process's."""
        env = {**os.environ, "POKERROOM_TOKEN": self.dealer.tokens[seat]}
        loop = asyncio.get_running_loop()
        program = _Program(self._make(), f"seat {seat}'s program")
        transport, _ = await loop.subprocess_exec(
            lambda: program, *argv, stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=None, env=env,
        )  # fmt: skip
        self._programs.append(program)
        self._procs.append(transport)

    def _line(self, wire: Wire, line: bytes | None, at: float) -> None:
        conn = wire.tag
        assert isinstance(conn, Connection)
        dealer = self.dealer
        pending = dealer.pending
        if pending is not None and at >= pending.deadline and not dealer.finished:
            self._expire()  # read after the deadline: out of time first
        pending = dealer.pending
        try:
            out = dealer.receive(conn, line, at)
        except Exception:  # that connection's problem, not the match's
            self.counts.failed += 1
            log.exception("%s: a line the dealer could not take: %.80r", wire.peer, line)
            self._leave(conn, "the server could not take your last line")
            return
        moved = dealer.pending is not pending and dealer.pending is not None
        self._deliver(out, hold=moved)
        self._moved()

    def _gone(self, wire: Wire) -> None:
        """The peer closed the connection (or it failed)."""
        conn = wire.tag
        if not isinstance(conn, Connection):
            return
        self._wires.pop(conn, None)
        self._watching.pop(conn, None)
        self._later.pop(conn, None)
        if conn.seat is not None and self.dealer.holder(conn.seat) is conn:
            log.info("%s: seat %d's connection closed", wire.peer, conn.seat)
        else:
            log.debug("%s: closed", wire.peer)
        self.dealer.closed(conn)
        self._moved()

    def _eof(self, wire: Wire) -> None:
        """The peer shut its side for writing: it is done (a seat stays)."""
        conn = wire.tag
        if isinstance(conn, Connection):
            log.debug("%s: closed its side", wire.peer)
            self._leave(conn, "you closed your side of the connection")
        else:
            wire.close()

    def _leave(self, conn: Connection, reason: str) -> None:
        """Say ``bye`` to ``conn`` and close it."""
        out = Outbox()
        out.send(conn, {"type": "bye", "reason": reason})
        out.close.append(conn)
        self.dealer.closed(conn)
        self._deliver(out)

    def _deliver(self, out: Outbox, *, hold: bool = False) -> None:
        """Send the lines (one write per connection, in order), close what is to be
        closed, and log the notes.

        With ``hold`` (the match moved on to a new decision), what goes to a player
        other than the one to act waits until that player is next written to (its turn,
        most often) or :data:`PLAYER_DELAY`, whichever comes first: one write, and one
        wake-up of its program, instead of one after every action."""
        wires = self._wires
        for about, level, text in out.notes:  # first: the connections are still known
            if log.isEnabledFor(level):
                wire = wires.get(about) if about is not None else None
                peer = wire.peer if wire is not None else "the match"
                log.log(level, "%s: %s", peer, text)
        if out.watch:
            self._shared += out.watch
            if self._flush is None:
                loop = asyncio.get_running_loop()
                self._flush = loop.call_later(SPECTATOR_DELAY, self._write_spectators)
        messages = out.messages
        if len(messages) == 1 and not hold:
            conn, data = messages[0]
            self._write(conn, data)
        elif messages:
            batches: dict[Connection, list[bytes]] = {}
            pending = self.dealer.pending
            actor = None
            if pending is not None and (actor := self.dealer.holder(pending.seat)) is not None:
                batches[actor] = []  # the seat to act first: its answer is what the match awaits
            for conn, line in messages:
                batch = batches.get(conn)
                if batch is None:
                    batches[conn] = [line]
                else:
                    batch.append(line)
            closing = out.close
            for conn, lines in batches.items():
                if not lines:
                    continue
                if (hold and conn is not actor and conn.role is _PLAYER
                        and conn not in closing):  # fmt: skip
                    self._hold(conn, lines)
                else:
                    self._write(conn, lines[0] if len(lines) == 1 else b"".join(lines))
        for conn in out.close:
            self._watching.pop(conn, None)
            wire = wires.pop(conn, None)
            self.dealer.closed(conn)
            if wire is not None:
                wire.close()

    def _hold(self, conn: Connection, lines: list[bytes]) -> None:
        held = self._later.get(conn)
        if held is None:
            self._later[conn] = lines
        else:
            held += lines
        if self._later_flush is None:
            loop = asyncio.get_running_loop()
            self._later_flush = loop.call_later(PLAYER_DELAY, self._write_later)

    def _write_later(self) -> None:
        """What waits for players (:meth:`_deliver`), written now."""
        if self._later_flush is not None:
            self._later_flush.cancel()
            self._later_flush = None
        later, self._later = self._later, {}
        for conn, lines in later.items():
            self._send(conn, b"".join(lines))

    def _write(self, conn: Connection, data: bytes) -> None:
        held = self._later.pop(conn, None) if self._later else None
        if held is not None:
            data = b"".join([*held, data])
        if conn.role is _SPECTATOR and conn not in self._watching:
            # a spectator's first lines (its welcome): the shared lines queued before it
            # came are not its, and go out now; those that follow are
            self._write_spectators()
            self._watching[conn] = None
        elif self._shared and conn in self._watching:
            self._write_spectators()  # its lines, in order
        self._send(conn, data)

    def _write_spectators(self) -> None:
        """The lines for every spectator, one write each (they wait at most
        :data:`SPECTATOR_DELAY`, gathering what many actions bring)."""
        if self._flush is not None:
            self._flush.cancel()
            self._flush = None
        if not self._shared:
            return
        data = b"".join(self._shared)
        self._shared = []
        for conn in list(self._watching):
            self._send(conn, data)

    def _send(self, conn: Connection, data: bytes) -> None:
        wire = self._wires.get(conn)
        if wire is None or wire.write(data) or not wire.dropped:
            return
        self.counts.dropped += 1
        what = f"seat {conn.seat}" if conn.role is Role.PLAYER else conn.role.value
        log.warning("%s: %s dropped: over %d bytes sent and not read", wire.peer, what,
                    self.max_backlog)  # fmt: skip
        del self._wires[conn]
        self._watching.pop(conn, None)
        self._later.pop(conn, None)
        self.dealer.closed(conn)

    # ------------------------------------------------------------------- the match

    async def run(self) -> None:
        """Play the match to its end (after :meth:`start`), then close every connection
        (each told ``bye``, and given time to read it)."""
        assert self._seated is not None and self._done is not None, "start() first"
        try:
            self._moved()
            if not self._seated.done():
                try:
                    async with asyncio.timeout(self.start_timeout):
                        await self._seated
                except TimeoutError:
                    missing = [s for s in range(self.dealer.table.size)
                               if not self.dealer.seated(s)]  # fmt: skip
                    log.info("starting without seats %s: none joined in %g s", missing,
                             self.start_timeout)  # fmt: skip
            if self._stopped is None:
                self.started_at = self.clock()
                log.info("the match starts")
                self._deliver(self.dealer.start(self.started_at))
                self._moved()
                await self._done
            self.finished_at = self.clock()
        finally:
            await self.close()

    def stop(self, reason: str) -> None:
        """End :meth:`run` now, the match unfinished: every connection is told
        ``reason`` and closed."""
        self._stopped = reason
        log.info("stopping: %s", reason)
        for future in (self._seated, self._done):
            if future is not None and not future.done():
                future.set_result(None)

    def _moved(self) -> None:
        """After anything happened: start the match when every seat is taken, arm the
        timer of the decision waiting, or end :meth:`run` when the match is over."""
        dealer = self.dealer
        if not dealer.started:
            seated = self._seated
            if (seated is not None and not seated.done()
                    and all(dealer.seated(s) for s in range(dealer.table.size))):  # fmt: skip
                seated.set_result(None)
            return
        if dealer.finished:
            self._timer.cancel()
            if self._done is not None and not self._done.done():
                self._done.set_result(None)
            return
        pending = dealer.pending
        if pending is not None:
            self._timer.arm(pending.deadline)

    def _alarm(self) -> None:
        """The timer: the decision waiting ran out of time, unless it was answered."""
        pending = self.dealer.pending
        if (pending is not None and not self.dealer.finished
                and self.clock() >= pending.deadline):  # fmt: skip
            self._expire()
        self._moved()

    def _expire(self) -> None:
        try:
            self._deliver(self.dealer.expire(self.clock()))
        except Exception as exc:  # the match cannot go on: run() ends with it
            if self._done is not None and not self._done.done():
                self._done.set_exception(exc)

    async def close(self) -> None:
        """Stop listening and close every connection (a ``bye`` first for those the match
        did not close), each given :attr:`grace` seconds; then wait for the programs."""
        self._listener.close()
        self._write_spectators()
        self._write_later()
        self._timer.cancel()
        for conn in list(self._wires):
            self._leave(conn, self._stopped or "the server is closing")
        programs = {p.wire for p in self._programs}
        closing = [w for w in self._live if w not in programs]
        if closing:
            await asyncio.wait([asyncio.ensure_future(w.wait_closed()) for w in closing],
                               timeout=self.grace + 1)  # fmt: skip
        for program, transport in zip(self._programs, self._procs, strict=True):
            program.wire.close()
            try:
                async with asyncio.timeout(30):
                    await asyncio.shield(program.exited)
            except TimeoutError:
                transport.kill()
                await program.exited
            transport.close()
        self._programs.clear()
        self._procs.clear()
        self.counts.refused = self._listener.refused
