"""The asyncio dealers: sockets, tasks and timeouts around the pure protocol cores.

Two shapes.  :class:`Link` (the JSON-lines server): one task reads each connection and
puts its lines on the match's queue; one task owns the match and is the only one to
touch it, waiting for the player to act with ``asyncio.timeout``.  :class:`Wire` (the
ACPC server): the event loop hands each line to the match as it is read, and one timer
runs only for the seat to act.  Either way nothing waits on a socket: lines are written
without waiting for the peer to read them, and a peer that lets more than
:data:`MAX_BACKLOG` bytes pile up unread is disconnected.  So a slow or hostile client
costs the others nothing but its own turn's time.

:class:`ACPCServer` serves an ACPC match (:mod:`pokerroom.net.acpcdealer`): one port per
seat, the ``VERSION`` handshake, the log, and a transcript in the reference's format.
The JSON-lines server is :mod:`pokerroom.net.jsonserver`.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, TextIO

from pokerroom.history.acpc import GameDef
from pokerroom.net.acpc import (
    MAX_LINE,
    ACPCProtocolError,
    read_version,
    version_warning,
)
from pokerroom.net.acpcdealer import ACPCDealer, Step
from pokerroom.net.jsonlines import LineBuffer

__all__ = ["MAX_BACKLOG", "ACPCServer", "Link", "LinkEvent", "Wire"]

MAX_BACKLOG: Final = 4 * 1024 * 1024
"""Bytes written to a peer and not yet read by it, past which the peer is dropped."""
READ_SIZE: Final = 64 * 1024


@dataclass(frozen=True, slots=True)
class LinkEvent:
    """Something a connection did: a ``line`` (``None``: one too long, dropped), or
    ``closed``.  ``at`` is when, by the server's clock."""

    link: Link
    line: bytes | None
    at: float
    closed: bool = False


class Link:
    """One connection: a task reading it into ``queue`` line by line (at most
    ``max_line`` bytes each), and writes that never wait."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        queue: asyncio.Queue[LinkEvent],
        *,
        max_line: int,
        clock: Callable[[], float],
        tag: object = None,
        max_backlog: int = MAX_BACKLOG,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.queue = queue
        self.clock = clock
        self.tag = tag
        self.closed = False
        self.dropped = False  # closed for not reading what it was sent
        self.max_backlog = max_backlog
        self._buffer = LineBuffer(max_line)
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            while True:
                data = await self.reader.read(READ_SIZE)
                if not data:
                    break
                now = self.clock()
                for line in self._buffer.feed(data):
                    self.queue.put_nowait(LinkEvent(self, line, now))
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed = True
            self.queue.put_nowait(LinkEvent(self, None, self.clock(), closed=True))

    def write(self, data: bytes) -> bool:
        """Send ``data`` without waiting; ``False`` (and the link is closed) if the peer
        is gone or has let too much pile up unread."""
        if self.closed:
            return False
        transport = self.writer.transport
        if transport.is_closing():
            self.close()
            return False
        self.writer.write(data)
        if transport.get_write_buffer_size() > self.max_backlog:
            self.dropped = True
            self.close()
            return False
        return True

    def close(self) -> None:
        self.closed = True
        self.writer.close()
        self.task.cancel()

    async def wait_closed(self) -> None:
        self.close()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await self.task
        with contextlib.suppress(Exception):
            await self.writer.wait_closed()


class Wire(asyncio.Protocol):
    """One connection, driven by the event loop: each line goes to ``on_line`` as soon as
    it arrives (``None`` for one over ``max_line`` bytes, dropped), ``on_close`` hears
    that the connection ended, and writes never wait (a peer that lets more than
    ``max_backlog`` bytes pile up unread is dropped).  ``tag`` says whose it is."""

    def __init__(
        self,
        *,
        on_line: Callable[[Wire, bytes | None, float], None],
        on_close: Callable[[Wire], None],
        max_line: int,
        clock: Callable[[], float],
        tag: object = None,
        max_backlog: int = MAX_BACKLOG,
    ) -> None:
        self.on_line = on_line
        self.on_close = on_close
        self.clock = clock
        self.tag = tag
        self.max_backlog = max_backlog
        self.closed = False
        self.dropped = False  # closed for not reading what it was sent
        self.transport: asyncio.WriteTransport | None = None
        self._buffer = LineBuffer(max_line)
        self._lost = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.WriteTransport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        at = self.clock()
        for line in self._buffer.feed(data):
            if self.closed:
                return
            self.on_line(self, line, at)

    def eof_received(self) -> bool:
        return False  # the peer is done: close

    def connection_lost(self, exc: Exception | None) -> None:
        was_closed, self.closed = self.closed, True
        if not self._lost.done():
            self._lost.set_result(None)
        if not was_closed:
            self.on_close(self)

    def write(self, data: bytes) -> bool:
        """Send ``data`` without waiting; ``False`` (and the wire is closed) if the peer
        is gone or has let too much pile up unread."""
        transport = self.transport
        if self.closed or transport is None:
            return False
        if transport.is_closing():
            self.close()
            return False
        transport.write(data)
        if transport.get_write_buffer_size() > self.max_backlog:
            self.dropped = True
            self.closed = True
            transport.abort()  # what it has not read is not worth waiting for
            return False
        return True

    def close(self) -> None:
        """Close after sending what is written (:meth:`wait_closed` bounds the wait)."""
        self.closed = True
        if self.transport is not None:
            self.transport.close()

    async def wait_closed(self, grace: float = 5.0) -> None:
        """Close, and wait at most ``grace`` seconds for what is written to go out."""
        self.close()
        if self.transport is None:
            return
        try:
            async with asyncio.timeout(grace):
                await asyncio.shield(self._lost)
        except TimeoutError:
            self.transport.abort()


class ACPCServer:
    """Serves one ACPC match on ``host``: a port per seat (``ports``; 0 or none: any free
    port), as the reference dealer does.

    ``log`` receives the log (header, a ``STATE:`` line per hand, ``SCORE:``) as it
    grows; ``transcript`` every line sent and received (``TO 1 at <time> ...``) and the
    notes (invalid actions, timeouts).  ``start_timeout`` bounds the wait for the
    players (seconds; ``None``: wait for ever).

    The match is driven by the connections' events, in the event loop: a line from the
    seat to act is passed to the dealer as soon as it is read and the states it brings
    are written at once (one write per seat, the seat to act first); the seat's time is
    a deadline, checked when its answer arrives and by one timer that fires only if it
    runs out.  While the seat thinks, the dealer deals the next hand ahead.
    """

    def __init__(
        self,
        dealer: ACPCDealer,
        *,
        host: str = "127.0.0.1",
        ports: list[int] | None = None,
        log: TextIO | None = None,
        transcript: TextIO | None = None,
        start_timeout: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        n = dealer.game.num_players
        if ports is not None and len(ports) != n:
            raise ValueError(f"{len(ports)} ports for {n} seats")
        self.dealer = dealer
        self.host = host
        self.ports = list(ports) if ports is not None else [0] * n
        self.log = log
        self.transcript = transcript
        self.start_timeout = start_timeout
        self.clock = clock
        self.notes: list[str] = []
        self.started_at = self.finished_at = 0.0  # when play began and ended (clock)
        self._servers: list[asyncio.Server | None] = [None] * n
        self._wires: list[Wire | None] = [None] * n
        self._pending: list[Wire] = []
        self._logged = 0
        self._playing = False
        self._sent = 0.0  # when the state the dealer waits on was sent
        self._deadline = 0.0  # when the seat to act runs out of time
        self._timer: asyncio.TimerHandle | None = None
        self._seated: asyncio.Future[None] | None = None
        self._done: asyncio.Future[None] | None = None

    @property
    def game(self) -> GameDef:
        return self.dealer.game

    async def start(self) -> list[int]:
        """Listen on a port per seat; the ports, in seat order."""
        loop = asyncio.get_running_loop()
        self._seated = loop.create_future()
        self._done = loop.create_future()
        for seat in range(self.game.num_players):
            server = await loop.create_server(self._wire(seat), self.host, self.ports[seat])
            self._servers[seat] = server
            self.ports[seat] = server.sockets[0].getsockname()[1]
        return list(self.ports)

    def _wire(self, seat: int) -> Callable[[], Wire]:
        def make() -> Wire:
            wire = Wire(on_line=self._line, on_close=self._closed, max_line=MAX_LINE,
                        clock=self.clock, tag=seat)  # fmt: skip
            self._pending.append(wire)
            return wire

        return make

    async def run(self) -> list[str]:
        """Play the match to its end (after :meth:`start`); the log's lines."""
        assert self._seated is not None and self._done is not None, "start() first"
        try:
            try:
                async with asyncio.timeout(self.start_timeout):
                    await self._seated
            except TimeoutError:
                missing = [s + 1 for s, wire in enumerate(self._wires) if wire is None]
                raise TimeoutError(f"seats {missing} did not connect in time") from None
            for wire in self._pending:
                if wire not in self._wires:
                    wire.close()
            self._pending = []
            if self.transcript is not None:
                self.transcript.write(f"STARTED at {time.time():.6f}\n")
            self._note_log()
            self.started_at = self.clock()
            self._playing = True
            self._guarded(self._begin)
            await self._done
            self.finished_at = self.clock()
            self._note_log()
            return list(self.dealer.log)
        finally:
            await self.close()

    async def close(self) -> None:
        self._playing = False
        if self._timer is not None:
            self._timer.cancel()
        for server in self._servers:
            if server is not None:
                server.close()
        wires = [w for w in [*self._wires, *self._pending] if w is not None]
        await asyncio.gather(*(wire.wait_closed() for wire in wires))

    def _guarded(self, work: Callable[[], None]) -> None:
        """Run ``work`` (called from the event loop): a failure ends :meth:`run` with it
        instead of leaving the match waiting for ever."""
        try:
            work()
        except Exception as exc:
            self._fail(exc)

    def _fail(self, exc: Exception) -> None:
        if self._done is not None and not self._done.done():
            self._done.set_exception(exc)

    # ---------------------------------------------------------------- seating

    def _seat(self, wire: Wire, line: bytes | None) -> None:
        """A line from a connection before the match: the version line seats it."""
        seat = wire.tag
        assert isinstance(seat, int)
        text = (line or b"").decode("latin-1")
        try:
            version = read_version(text)
        except ACPCProtocolError as exc:
            wire.write(f"# {exc.reason}\r\n".encode("latin-1", "replace"))
            self._note(f"seat {seat + 1}: {exc.reason}")
            wire.close()
            return
        warning = version_warning(version)
        if warning:
            self._note(f"seat {seat + 1}: {warning}")
        self._wires[seat] = wire
        server = self._servers[seat]
        if server is not None:
            server.close()  # one player per seat, as the reference
        if None not in self._wires and self._seated is not None and not self._seated.done():
            self._seated.set_result(None)

    # ------------------------------------------------------------------- play

    def _line(self, wire: Wire, line: bytes | None, at: float) -> None:
        seat = wire.tag
        assert isinstance(seat, int)
        if self._wires[seat] is not wire:
            if self._wires[seat] is None and not self._playing:
                self._guarded(lambda: self._seat(wire, line))
            else:
                wire.close()  # a second player for a seat already taken
            return
        if line is None:
            self._note(f"seat {seat + 1}: a line over {MAX_LINE} bytes, ignored")
            return
        if not self._playing:
            return  # before the first hand: nothing to answer
        try:  # as _guarded does
            self._take(seat, line.decode("latin-1"), at)
        except Exception as exc:
            self._fail(exc)

    def _take(self, seat: int, line: str, at: float) -> None:
        dealer = self.dealer
        if self.transcript is not None:
            self.transcript.write(f"FROM {seat + 1} at {time.time():.6f} {line}\r\n")
        if dealer.finished:
            return
        actor = dealer.actor
        if seat == actor and at >= self._deadline:
            self._send(dealer.expire(seat, at - self._sent))  # too late: out of time
            self._next()
        elapsed = at - self._sent if seat == dealer.actor else 0.0
        step = dealer.receive(seat, line, elapsed)
        if step.acted:
            self._send(step)
            self._next()
        else:
            for note in step.notes:
                self._note(note)

    def _closed(self, wire: Wire) -> None:
        seat = wire.tag
        assert isinstance(seat, int)
        if self._wires[seat] is not wire:
            return
        if self._playing:
            self._note(f"seat {seat + 1} disconnected")
            self._guarded(self._next)

    def _begin(self) -> None:
        self._send(self.dealer.start())
        self._next()

    def _next(self) -> None:
        """After the dealer moved on: the seat to act gets its deadline, a disconnected
        one the default action, and the end of the match ends :meth:`run`."""
        dealer = self.dealer
        while not dealer.finished:
            actor = dealer.actor
            assert actor is not None
            wire = self._wires[actor]
            if wire is None or wire.closed:
                self._send(dealer.expire(actor, 0.0, why="is disconnected"))
                continue
            self._deadline = deadline = self._sent + dealer.budget(actor)
            timer = self._timer
            if timer is None or timer.when() > deadline:
                if timer is not None:
                    timer.cancel()
                loop = asyncio.get_running_loop()
                self._timer = loop.call_at(
                    loop.time() + max(deadline - self.clock(), 0.0), self._alarm
                )
            dealer.deal_ahead()  # while the player thinks
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._done is not None and not self._done.done():
            self._done.set_result(None)

    def _alarm(self) -> None:
        """The timer: the seat to act ran out of time, unless its deadline moved on."""
        self._timer = None
        if not self._playing or self.dealer.finished:
            return
        now = self.clock()
        if now < self._deadline:
            self._next()  # answered in time, and a later deadline is running: re-arm
            return
        actor = self.dealer.actor
        assert actor is not None

        def expire() -> None:
            self._send(self.dealer.expire(actor, now - self._sent))
            self._next()

        self._guarded(expire)

    def _send(self, step: Step) -> None:
        """Send a step's lines (one write per seat), write its notes and the log, and
        note when they were sent."""
        for note in step.notes:
            self._note(note)
        wires = self._wires
        out = [""] * len(wires)
        transcript = self.transcript
        for seat, text in step.messages:
            out[seat] += f"{text}\r\n"
            if transcript is not None:
                transcript.write(f"TO {seat + 1} at {time.time():.6f} {text}\r\n")
        # the seat to act first: its answer is what the match waits for (each seat's
        # lines keep their order; the order between seats is nobody's to see)
        dealer = self.dealer
        actor = dealer.actor
        if actor is not None:
            self._write(actor, out[actor])
        for seat, data in enumerate(out):
            if seat != actor:
                self._write(seat, data)
        if self._logged < len(dealer.log):
            self._note_log()
        self._sent = self.clock()

    def _write(self, seat: int, data: str) -> None:
        wire = self._wires[seat]
        if data and wire is not None and not wire.write(data.encode("latin-1")) and wire.dropped:
            self._note(f"seat {seat + 1} does not read what it is sent: disconnected")

    def _note(self, text: str) -> None:
        self.notes.append(text)
        if self.transcript is not None:
            self.transcript.write(f"WARNING: {text}\n")

    def _note_log(self) -> None:
        lines = self.dealer.log
        if self.log is not None and self._logged < len(lines):
            self.log.write("".join(f"{line}\n" for line in lines[self._logged :]))
            self.log.flush()
        self._logged = len(lines)


def print_ports(ports: list[int], out: TextIO = sys.stdout) -> None:
    """The ports on one line, in seat order (what the reference dealer prints first)."""
    print(" ".join(map(str, ports)), file=out, flush=True)
