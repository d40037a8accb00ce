"""The asyncio dealers: sockets, timers and the operator's log around the pure protocol
cores.

Every connection is a :class:`Wire`, driven by the event loop: each line goes to the
server as soon as it is read, and one timer runs only for the seat to act.  Nothing waits
on a socket: lines are written without waiting for the peer to read them, and each
connection's queue of what it has not read yet is bounded (:data:`MAX_BACKLOG`, and the
kernel's buffer :data:`SEND_BUFFER`): a peer that falls further behind is dropped at once
(aborted, never flushed), counted and logged.
So a slow, silent or hostile client costs the others nothing but its own turn's time.

A :class:`Listener` accepts the connections: at most so many in all and from one address
(more are told so and closed), and when the process runs out of file descriptors it stops
accepting for a moment, tries again, and logs that once, not once a try.  A connection
whose peer closes is closed at once (none is left half-open); one the server closes is
told so, shut for writing, and given a few seconds (:data:`CLOSE_GRACE`) to read the
rest and close its own side, so a client that reads to the end never sees a reset.

:class:`ACPCServer` serves an ACPC match (:mod:`pokerroom.net.acpcdealer`): one port per
seat, the ``VERSION`` handshake, the log, and a transcript in the reference's format.
The JSON-lines server is :mod:`pokerroom.net.jsonserver`.  Both log to the ``logging``
module's ``pokerroom.net`` logger, one line per event.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import socket
import struct
import sys
import time
from collections.abc import Callable
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

__all__ = ["CLOSE_GRACE", "MAX_BACKLOG", "SEND_BUFFER", "ACPCServer", "Listener", "Wire", "log"]

log = logging.getLogger("pokerroom.net")
"""The dealers' log: one line per event (connections, seats, tokens, drops, defaults)."""

MAX_BACKLOG: Final = 256 * 1024
"""Bytes written to a peer and not yet read by it, past which the peer is dropped."""
CLOSE_GRACE: Final = 5.0
"""Seconds a connection the server closes has to read what it was sent and close."""
SEND_BUFFER: Final = 64 * 1024
"""The kernel's send buffer of each connection (bytes; the system doubles it): left to
itself it grows to megabytes for a peer that does not read."""
STARVED_LOG: Final = 60.0
"""Seconds between two log lines saying that connections cannot be accepted."""
_OUT_OF_DESCRIPTORS: Final = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS,
                                        errno.ENOMEM})  # fmt: skip


def _peer(transport: asyncio.BaseTransport) -> tuple[str, str]:
    """The peer's address as text, and its host (``""`` for a pipe)."""
    name = transport.get_extra_info("peername")
    if isinstance(name, tuple) and len(name) >= 2:
        host = str(name[0])
        return (f"[{host}]:{name[1]}" if ":" in host else f"{host}:{name[1]}"), host
    return "a pipe", ""


class Wire(asyncio.Protocol):
    """One connection, driven by the event loop.

    ``on_open`` hears that it is connected (its :attr:`peer` known); each line goes to
    ``on_line`` as soon as it arrives (``None`` for one over ``max_line`` bytes,
    dropped) with the time it was read; ``on_close`` hears that the peer went away (not
    when this side closed it).  ``on_eof``, when given, hears that the peer shut its
    side for writing (it may still read: say goodbye and :meth:`close`); without it the
    connection is closed at once.  Writes never wait; a peer that lets more than
    ``max_backlog`` bytes pile up unread is dropped (:attr:`dropped`).  Once closed or
    closing, nothing more the peer sends is read.  ``tag`` says whose it is.
    """

    def __init__(
        self,
        *,
        on_line: Callable[[Wire, bytes | None, float], None],
        on_close: Callable[[Wire], None],
        max_line: int,
        clock: Callable[[], float],
        tag: object = None,
        max_backlog: int = MAX_BACKLOG,
        on_open: Callable[[Wire], None] | None = None,
        on_eof: Callable[[Wire], None] | None = None,
        grace: float = CLOSE_GRACE,
    ) -> None:
        self.on_line = on_line
        self.on_close = on_close
        self.on_open = on_open
        self.on_eof = on_eof
        self.clock = clock
        self.tag = tag
        self.max_backlog = max_backlog
        self.grace = grace
        self.peer = "?"
        self.host = ""
        self.closed = False  # closing or closed: nothing more is read or written
        self.dropped = False  # aborted for not reading what it was sent
        self.lost = False  # the connection is gone
        self.listener: Listener | None = None
        self.transport: asyncio.WriteTransport | None = None
        self._buffer = LineBuffer(max_line)
        self._lost = asyncio.get_running_loop().create_future()
        self._timer: asyncio.TimerHandle | None = None
        self._eof = False  # the peer closed its side

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.WriteTransport)
        self.transport = transport
        if self.peer == "?":
            self.peer, self.host = _peer(transport)
        if self.on_open is not None:
            self.on_open(self)

    def reading(self) -> bool:
        """Whether what the peer sends is read (not once the connection is closing)."""
        return not self.closed

    def data_received(self, data: bytes) -> None:
        if not self.reading():
            return  # closing: what the peer still sends is not read
        at = self.clock()
        for line in self._buffer.feed(data):
            if not self.reading():
                return
            self.on_line(self, line, at)

    def eof_received(self) -> bool:
        self._eof = True
        if self.closed or self.on_eof is None:
            return False  # the peer is done: close
        self.on_eof(self)
        return True  # the owner writes its goodbye and closes

    def connection_lost(self, exc: Exception | None) -> None:
        was_closed, self.closed, self.lost = self.closed, True, True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if not self._lost.done():
            self._lost.set_result(None)
        if self.listener is not None:
            self.listener.release(self)
            self.listener = None
        if not was_closed:
            self.on_close(self)

    def write(self, data: bytes) -> bool:
        """Send ``data`` without waiting; ``False`` if the connection is closed, or the
        peer has let too much pile up unread (it is then dropped: :attr:`dropped`)."""
        transport = self.transport
        if self.closed or transport is None:
            return False
        if transport.is_closing():
            self.closed = True
            return False
        transport.write(data)
        if transport.get_write_buffer_size() > self.max_backlog:
            self.abort()
            self.dropped = True
            return False
        return True

    @property
    def gone(self) -> asyncio.Future[None]:
        """Done when the connection is gone."""
        return self._lost

    @property
    def backlog(self) -> int:
        """Bytes written and not yet taken by the peer's side of the connection."""
        transport = self.transport
        return 0 if transport is None or self.lost else transport.get_write_buffer_size()

    def close(self) -> None:
        """Close gracefully: send what is written, shut this side for writing, and close
        when the peer closes its side, or after :attr:`grace` seconds (then abort)."""
        transport = self.transport
        if self.closed and (self.lost or self._timer is not None or transport is None):
            return  # closing already
        self.closed = True
        if transport is None or transport.is_closing():
            return
        try:
            if transport.can_write_eof() and not self._eof:
                transport.write_eof()  # once what is written has gone
            else:
                transport.close()  # once what is written has gone
        except OSError:  # the peer is gone already
            self.abort()
            return
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(self.grace, self.abort)

    def abort(self) -> None:
        """Close at once, dropping whatever is not sent (the kernel's buffer too: the peer
        sees the connection reset)."""
        self.closed = True
        transport = self.transport
        if transport is None or self.lost:
            return
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        transport.abort()

    async def wait_closed(self) -> None:
        """Close (gracefully, unless closing already) and wait until the connection is
        gone (at most :attr:`grace` seconds)."""
        self.close()
        if self.transport is None:
            return
        await asyncio.shield(self._lost)


class _Throttle:
    """Logs a repeated warning at most once every ``every`` seconds, with a count of those
    not logged."""

    def __init__(self, every: float = 10.0) -> None:
        self.every = every
        self._last: dict[str, float] = {}
        self._quiet: dict[str, int] = {}

    def warn(self, key: str, text: str) -> None:
        now = time.monotonic()
        if now - self._last.get(key, -self.every) < self.every:
            self._quiet[key] = self._quiet.get(key, 0) + 1
            return
        quiet = self._quiet.pop(key, 0)
        self._last[key] = now
        log.warning("%s%s", text, f" ({quiet} more like it not logged)" if quiet else "")


class Listener:
    """Accepts connections on ``host``:``port`` (0: any free port) and gives each to the
    :class:`Wire` that ``make()`` returns.

    At most ``max_connections`` at once, and ``max_per_address`` from one address
    (``None``: no limit); a connection over either is sent ``refusal(why)`` (when given)
    and closed, and counted in :attr:`refused`.  When the process runs out of file
    descriptors, accepting stops for a moment (longer each time, up to a second) and the
    pending connections wait in the kernel's queue; that is logged once until accepting
    works again.
    """

    def __init__(
        self,
        make: Callable[[], Wire],
        host: str,
        port: int,
        *,
        max_connections: int | None = None,
        max_per_address: int | None = None,
        refusal: Callable[[str], bytes] | None = None,
        backlog: int = 128,
    ) -> None:
        self.make = make
        self.host = host
        self.port = port
        self.max_connections = max_connections
        self.max_per_address = max_per_address
        self.refusal = refusal
        self.backlog = backlog
        self.count = 0
        self.accepted = 0
        self.refused = 0
        self.starved = 0  # accepts that failed for want of descriptors
        self._per: dict[str, int] = {}
        self._sock: socket.socket | None = None
        self._delay = 0.0
        self._retry: asyncio.TimerHandle | None = None
        self._starving = False
        self._told = False  # the shortage was logged
        self._logged = -STARVED_LOG  # when it last was
        self._tasks: set[asyncio.Task[object]] = set()
        self._throttle = _Throttle()

    async def start(self) -> int:
        """Listen; the port."""
        loop = asyncio.get_running_loop()
        infos = await loop.getaddrinfo(self.host, self.port, type=socket.SOCK_STREAM,
                                       flags=socket.AI_PASSIVE)  # fmt: skip
        family, kind, proto, _, address = infos[0]
        sock = socket.socket(family, kind, proto)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(address)
            sock.listen(self.backlog)
            sock.setblocking(False)
        except OSError:
            sock.close()
            raise
        self._sock = sock
        self.port = sock.getsockname()[1]
        loop.add_reader(sock.fileno(), self._ready)
        return self.port

    def close(self) -> None:
        """Stop listening (the connections accepted stay)."""
        sock, self._sock = self._sock, None
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        if sock is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(sock.fileno())
            sock.close()

    @property
    def listening(self) -> bool:
        return self._sock is not None

    def _ready(self) -> None:
        sock = self._sock
        for _ in range(self.backlog):
            if sock is None:
                return
            try:
                conn, address = sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except ConnectionAbortedError:
                continue
            except OSError as exc:
                if exc.errno in _OUT_OF_DESCRIPTORS:
                    self._starve(exc)
                else:
                    self._throttle.warn("accept", f"accepting a connection failed: {exc}")
                return
            if self._starving:
                self._starving = False
                if self._told:
                    log.warning("accepting connections again (%d tries failed for want of "
                                "file descriptors)", self.starved)  # fmt: skip
            self._delay = 0.0
            self._take(conn, address)

    def _starve(self, exc: OSError) -> None:
        """No descriptor for a new connection: stop accepting for a moment."""
        self.starved += 1
        loop = asyncio.get_running_loop()
        sock = self._sock
        assert sock is not None
        loop.remove_reader(sock.fileno())
        self._delay = min(1.0, max(0.05, self._delay * 2))
        if not self._starving:
            self._starving = True
            now = time.monotonic()
            self._told = now - self._logged >= STARVED_LOG
            if self._told:
                self._logged = now
                log.error("cannot accept connections: %s (%d open here); trying again in "
                          "a moment, and again until it works (logged once a minute)",
                          exc.strerror or exc, self.count)  # fmt: skip
        self._retry = loop.call_later(self._delay, self._resume)

    def _resume(self) -> None:
        self._retry = None
        if self._sock is not None:
            asyncio.get_running_loop().add_reader(self._sock.fileno(), self._ready)

    def _take(self, conn: socket.socket, address: object) -> None:
        host = str(address[0]) if isinstance(address, tuple) else ""
        why = None
        if self.max_connections is not None and self.count >= self.max_connections:
            why = f"the server is full: at most {self.max_connections} connections"
        elif self.max_per_address is not None and self._per.get(host, 0) >= self.max_per_address:
            why = f"at most {self.max_per_address} connections from one address"
        if why is not None:
            self.refused += 1
            self._throttle.warn(f"refused {host}", f"{host}: connection refused: {why}")
            if self.refusal is not None:
                with contextlib.suppress(OSError):
                    conn.setblocking(False)
                    conn.send(self.refusal(why))
            conn.close()
            return
        conn.setblocking(False)
        with contextlib.suppress(OSError):
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        wire = self.make()
        wire.listener = self
        self.count += 1
        self.accepted += 1
        self._per[host] = self._per.get(host, 0) + 1
        wire.host = host
        loop = asyncio.get_running_loop()
        task = loop.create_task(loop.connect_accepted_socket(lambda: wire, conn))
        self._tasks.add(task)
        task.add_done_callback(lambda t: self._made(t, wire, conn))

    def _made(self, task: asyncio.Task[object], wire: Wire, conn: socket.socket) -> None:
        self._tasks.discard(task)
        if task.cancelled() or task.exception() is not None:
            self.release(wire)
            conn.close()

    def release(self, wire: Wire) -> None:
        """``wire`` is gone: it no longer counts."""
        if wire.listener is not self and wire.listener is not None:
            return
        wire.listener = None
        self.count -= 1
        left = self._per.get(wire.host, 1) - 1
        if left:
            self._per[wire.host] = left
        else:
            self._per.pop(wire.host, None)


class ACPCServer:
    """Serves one ACPC match on ``host``: a port per seat (``ports``; 0 or none: any free
    port), as the reference dealer does.

    ``log`` receives the log (header, a ``STATE:`` line per hand, ``SCORE:``) as it
    grows; ``transcript`` every line sent and received (``TO 1 at <time> ...``) and the
    notes (invalid actions, timeouts), which also go to the operator's log
    (:data:`log`).  ``start_timeout`` bounds the wait for the players (seconds; ``None``:
    wait for ever).  Before the match a seat's port takes at most
    :attr:`MAX_WAITING` connections at once, each seated by its version line or closed
    after :attr:`VERSION_TIMEOUT` seconds without one; once a seat is taken its port
    closes.  A line that the dealer cannot take is that connection's problem: it is
    noted, and the seat plays on (or, if its connection failed, gets default actions).

    The match is driven by the connections' events, in the event loop: a line from the
    seat to act is passed to the dealer as soon as it is read and the states it brings
    are written at once (one write per seat, the seat to act first); the seat's time is
    a deadline, checked when its answer arrives and by one timer that fires only if it
    runs out.  While the seat thinks, the dealer deals the next hand ahead.
    """

    MAX_WAITING = 16
    VERSION_TIMEOUT = 30.0

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
        self.dropped = 0  # connections dropped for not reading
        self.started_at = self.finished_at = 0.0  # when play began and ended (clock)
        self._servers: list[Listener | None] = [None] * n
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
        try:
            for seat in range(self.game.num_players):
                server = Listener(self._wire(seat), self.host, self.ports[seat],
                                  max_connections=self.MAX_WAITING)  # fmt: skip
                self._servers[seat] = server
                self.ports[seat] = await server.start()
        except OSError:
            for listener in self._servers:
                if listener is not None:
                    listener.close()
            raise
        return list(self.ports)

    def _wire(self, seat: int) -> Callable[[], Wire]:
        def make() -> Wire:
            wire = Wire(on_line=self._line, on_close=self._closed, max_line=MAX_LINE,
                        clock=self.clock, tag=seat, on_open=self._opened)  # fmt: skip
            self._pending = [w for w in self._pending if not w.closed]
            self._pending.append(wire)
            return wire

        return make

    def _opened(self, wire: Wire) -> None:
        log.debug("%s: connected to seat %d's port", wire.peer, wire.tag + 1)  # type: ignore[operator]

        def late() -> None:
            if not wire.closed and wire not in self._wires:
                self._note(f"seat {wire.tag + 1}: {wire.peer} sent no version line in "  # type: ignore[operator]
                           f"{self.VERSION_TIMEOUT:g} s: closed")  # fmt: skip
                wire.close()

        asyncio.get_running_loop().call_later(self.VERSION_TIMEOUT, late)

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
        self._pending = []

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
        log.info("seat %d: %s connected (version %s)", seat + 1, wire.peer,
                 ".".join(map(str, version)))  # fmt: skip
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
        try:
            self._take(seat, line.decode("latin-1"), at)
        except Exception as exc:  # the line's problem, not the match's
            log.exception("seat %d (%s): a line the dealer could not take: %.80r",
                          seat + 1, wire.peer, line)  # fmt: skip
            self._note(f"seat {seat + 1}: a line the dealer could not take ({exc!r:.80}): "
                       "disconnected")  # fmt: skip
            wire.abort()
            self._guarded(self._next)

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
            self._note(f"seat {seat + 1} disconnected ({wire.peer})")
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
            self.dropped += 1
            self._note(f"seat {seat + 1} does not read what it is sent ({wire.peer}, over "
                       f"{wire.max_backlog} bytes unread): dropped")  # fmt: skip

    def _note(self, text: str) -> None:
        self.notes.append(text)
        log.warning("%s", text)
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
