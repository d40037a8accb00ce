"""The socket plumbing both protocols share: connections, listeners, line buffers, the
operator's log.

Every connection is a :class:`Wire`, driven by the event loop: each line goes to the
server as soon as it is read (a :class:`LineBuffer` splits the bytes into lines, and drops
a line over the protocol's limit as it arrives).  Nothing waits on a socket: lines are
written without waiting for the peer to read them, and each connection's queue of what it
has not read yet is bounded (:data:`MAX_BACKLOG`, and the kernel's buffer
:data:`SEND_BUFFER`): a peer that falls further behind is dropped at once (aborted, never
flushed), counted and logged.
So a slow, silent or hostile client costs the others nothing but its own turn's time.

A :class:`Listener` accepts the connections: at most so many in all and from one address
(more are told so and closed), and when the process runs out of file descriptors it stops
accepting for a moment, tries again, and logs that once, not once a try.  A connection
whose peer closes is closed at once (none is left half-open); one the server closes is
told so, shut for writing, and given a few seconds (:data:`CLOSE_GRACE`) to read the
rest and close its own side, so a client that reads to the end never sees a reset.

The servers around them are :class:`pokerroom.net.acpc.server.ACPCServer` and
:class:`pokerroom.net.jsonl.server.JSONServer`; both log to the ``logging`` module's
``pokerroom.net`` logger (:data:`log`), one line per event.
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

__all__ = [
    "CLOSE_GRACE",
    "MAX_BACKLOG",
    "READ_SIZE",
    "SEND_BUFFER",
    "LineBuffer",
    "Listener",
    "Wire",
    "log",
    "print_ports",
]

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
READ_SIZE: Final = 64 * 1024
"""Bytes a client asks of its socket at once."""
_OUT_OF_DESCRIPTORS: Final = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS,
                                        errno.ENOMEM})  # fmt: skip


class LineBuffer:
    """Splits received bytes into lines of at most ``max_line`` bytes (``\\n``
    included).  A longer line is dropped as it arrives (never held in memory) and
    reported once, as ``None``.

    >>> buf = LineBuffer(8)
    >>> buf.feed(b'{"a":1}\\n{"b"')
    [b'{"a":1}']
    >>> buf.feed(b':2}\\n' + b'x' * 20)
    [b'{"b":2}', None]
    >>> buf.feed(b'xx\\nok\\n')
    [b'ok']
    """

    __slots__ = ("_dropping", "_partial", "max_line")

    def __init__(self, max_line: int) -> None:
        self.max_line = max_line
        self._partial = b""
        self._dropping = False

    @property
    def pending(self) -> int:
        """Bytes of an unfinished line held."""
        return len(self._partial)

    def feed(self, data: bytes) -> list[bytes | None]:
        if not self._partial and not self._dropping:  # (most reads: whole lines, short)
            most = self.max_line
            lines = data.split(b"\n")
            rest = lines.pop()
            if len(data) < most or (len(rest) < most and max(map(len, lines)) < most):
                self._partial = rest
                if b"\r" in data:
                    return [line.rstrip(b"\r") for line in lines]
                return lines  # type: ignore[return-value]  # (a list of lines, none dropped)
        out: list[bytes | None] = []
        start = 0
        while True:
            end = data.find(b"\n", start)
            if end < 0:
                break
            if self._dropping:
                self._dropping = False
            elif len(self._partial) + end - start + 1 > self.max_line:
                out.append(None)
            else:
                out.append((self._partial + data[start:end]).rstrip(b"\r"))
            self._partial = b""
            start = end + 1
        rest = data[start:]
        if self._dropping:
            return out
        if len(self._partial) + len(rest) >= self.max_line:
            out.append(None)
            self._partial = b""
            self._dropping = True
        else:
            self._partial += rest
        return out


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
        if transport.is_closing() and not transport.get_write_buffer_size():
            return  # nothing left to drop, and its end is under way (a pipe's is not ours
            # to hear: aborting a pipe closed already makes asyncio fail in its callback)
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


def print_ports(ports: list[int], out: TextIO = sys.stdout) -> None:
    """The ports on one line, in seat order (what the reference dealer prints first)."""
    print(" ".join(map(str, ports)), file=out, flush=True)
