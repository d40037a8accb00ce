"""The socket plumbing both dealers share (pokerroom.net.links), driven in-process: the
line buffer against a model of the stream at every cut, a :class:`Wire` given a transport
that records what it is asked (peer names, lines and their times, writes up to exactly
the backlog and one byte over, a graceful close and its grace timer, an abort's linger),
and a :class:`Listener` given scripted accepts and connections over ``socketpair`` (every
refusal's text, the limits at exactly their value, the back-off when descriptors run out
and its log lines with the time given).  One test listens on loopback, to see
:meth:`Listener.start` bind and accept for real."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import io
import logging
import os
import socket
import struct
from collections.abc import Callable, Iterator
from functools import partial
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.net import links
from pokerroom.net.links import (
    CLOSE_GRACE,
    MAX_BACKLOG,
    READ_SIZE,
    SEND_BUFFER,
    LineBuffer,
    Listener,
    Wire,
    print_ports,
)

# ------------------------------------------------------------------ the line buffer


def model(stream: bytes, limit: int) -> list[bytes | None]:
    """What a buffer of ``limit`` has handed out once ``stream`` is fed, however cut: each
    finished line shorter than ``limit`` (its ``\\r`` at the end taken off), ``None`` for
    each longer one, and ``None`` for an unfinished line that reached ``limit`` bytes."""
    *lines, rest = stream.split(b"\n")
    out: list[bytes | None] = [line.rstrip(b"\r") if len(line) < limit else None
                               for line in lines]  # fmt: skip
    if len(rest) >= limit:
        out.append(None)
    return out


def held(stream: bytes, limit: int) -> int:
    rest = stream.split(b"\n")[-1]
    return len(rest) if len(rest) < limit else 0


@given(st.binary(max_size=40).map(lambda b: bytes(b"ab\r\n\r\n X\t"[x % 9] for x in b)),
       st.lists(st.integers(0, 12), max_size=12), st.integers(1, 6))  # fmt: skip
def test_a_line_buffer_hands_out_at_every_cut_what_the_stream_so_far_holds(
    stream: bytes, cuts: list[int], limit: int
) -> None:
    buffer = LineBuffer(limit)
    assert buffer.max_line == limit
    got: list[bytes | None] = []
    pos = 0
    for cut in [*cuts, len(stream)]:
        got += buffer.feed(stream[pos : pos + cut])
        pos = min(len(stream), pos + cut)
        assert got == model(stream[:pos], limit), (stream[:pos], cuts)
        assert buffer.pending == held(stream[:pos], limit)


@pytest.mark.parametrize(
    ("chunks", "lines", "pending"),
    [
        ([b"abc\n"], [b"abc"], 0),  # 4 bytes with the newline: the most a line may be
        ([b"abcd\n"], [None], 0),  # one over
        ([b"abc"], [], 3),
        ([b"abcd"], [None], 0),  # unfinished, at the limit: dropped at once
        ([b"abcd", b"ef\nok\n"], [None, b"ok"], 0),
        ([b"ab", b"c\n"], [b"abc"], 0),
        ([b"ab", b"cd\n"], [None], 0),
        ([b"ab", b"cd"], [None], 0),
        ([b"ab", b"c"], [], 3),
        ([b"a\r\r\nb\r\n"], [b"a", b"b"], 0),
        ([b"a\r\nb"], [b"a"], 1),
        ([b"\n\n"], [b"", b""], 0),
        ([b"abc\nabcd"], [b"abc", None], 0),
        ([b"abcd\nab"], [None], 2),
        ([b"x", b"abc\nab\r\n"], [None, b"ab"], 0),
        ([b"", b"ab\n"], [b"ab"], 0),
        ([b"a X\n", b" \t\r\n"], [b"a X", b" \t"], 0),  # only a \r taken off
        ([b"X\rX\n", b"X", b" \r\n"], [b"X\rX", b"X "], 0),
        ([b"a", b"bX\n"], [b"abX"], 0),  # the same, a line read in two chunks
        ([b"a", b" \t\n"], [b"a \t"], 0),
    ],
)
def test_a_line_buffer_of_four_bytes_at_its_limits(chunks: list[bytes], lines: list[bytes | None],
                                                   pending: int) -> None:  # fmt: skip
    buffer = LineBuffer(4)
    got: list[bytes | None] = []
    for chunk in chunks:
        got += buffer.feed(chunk)
    assert got == lines
    assert buffer.pending == pending


def test_the_limits_are_as_documented() -> None:
    assert (MAX_BACKLOG, CLOSE_GRACE, SEND_BUFFER, READ_SIZE) == (262144, 5.0, 65536, 65536)
    assert links.STARVED_LOG == 60.0
    assert {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM} == links._OUT_OF_DESCRIPTORS
    assert links.log.name == "pokerroom.net"


# ------------------------------------------------------------------ a wire


class Transport(asyncio.WriteTransport):
    """A transport that records what it is asked; its write buffer grows by what is
    written (a peer that never reads) until the test empties it."""

    def __init__(self, peername: object = None, sock: object = None, *, can_eof: bool = True,
                 eof_fails: bool = False) -> None:  # fmt: skip
        super().__init__()
        self.extra = {"peername": peername, "socket": sock}
        self.written: list[bytes] = []
        self.size = 0
        self.closing = False
        self.can_eof = can_eof
        self.eof_fails = eof_fails
        self.calls: list[str] = []

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self.extra.get(name, default)

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written.append(bytes(data))
        self.size += len(data)

    def get_write_buffer_size(self) -> int:
        return self.size

    def is_closing(self) -> bool:
        return self.closing

    def can_write_eof(self) -> bool:
        return self.can_eof

    def write_eof(self) -> None:
        if self.eof_fails:
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")
        self.calls.append("write_eof")

    def close(self) -> None:
        self.calls.append("close")
        self.closing = True

    def abort(self) -> None:
        self.calls.append("abort")
        self.closing = True


class Sock:
    """A socket's options, recorded (``fails``: every change refused)."""

    def __init__(self, fails: bool = False) -> None:
        self.options: list[tuple[int, int, bytes | int]] = []
        self.fails = fails

    def setsockopt(self, level: int, name: int, value: bytes | int) -> None:
        if self.fails:
            raise OSError(errno.EBADF, "Bad file descriptor")
        self.options.append((level, name, value))


class Handle:
    def __init__(
        self, delay: float, callback: Callable[..., object], args: tuple[Any, ...]
    ) -> None:
        self.delay, self.callback, self.args = delay, callback, args
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class Heard:
    """What a wire's owner hears, in order."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []
        self.ticks = 0

    def clock(self) -> float:
        self.ticks += 1
        return float(self.ticks)

    def wire(self, *, on_eof: bool = False, **more: Any) -> Wire:
        return Wire(
            on_line=lambda w, line, at: self.events.append(("line", w, line, at)),
            on_close=lambda w: self.events.append(("close", w)),
            on_open=lambda w: self.events.append(("open", w, w.peer, w.host)),
            on_eof=(lambda w: self.events.append(("eof", w))) if on_eof else None,
            clock=self.clock,
            **more,
        )


def timers(monkeypatch: pytest.MonkeyPatch) -> list[Handle]:
    """The running loop's ``call_later`` recorded, never run."""
    made: list[Handle] = []

    def later(delay: float, callback: Callable[..., object], *args: Any, **_: Any) -> Handle:
        made.append(Handle(delay, callback, args))
        return made[-1]

    monkeypatch.setattr(asyncio.get_running_loop(), "call_later", later)
    return made


def run(test: Callable[[], Any]) -> Any:
    return asyncio.run(test())


def test_a_wire_starts_unconnected_with_the_documented_defaults() -> None:
    async def test() -> None:
        heard = Heard()
        wire = heard.wire(max_line=8)
        assert (wire.peer, wire.host, wire.tag, wire.listener, wire.transport) == (
            "?",
            "",
            None,
            None,
            None,
        )
        assert (wire.closed, wire.dropped, wire.lost) == (False, False, False)
        assert (wire.max_backlog, wire.grace) == (MAX_BACKLOG, CLOSE_GRACE)
        assert wire.reading() is True
        assert wire.backlog == 0
        assert not wire.gone.done()
        assert wire.write(b"x\n") is False  # nothing to write to yet
        tagged = heard.wire(max_line=8, tag=("seat", 3), max_backlog=7, grace=0.5)
        assert (tagged.tag, tagged.max_backlog, tagged.grace) == (("seat", 3), 7, 0.5)
        assert heard.events == []

    run(test)


@pytest.mark.parametrize(
    ("name", "peer", "host"),
    [
        (("10.1.2.3", 4567), "10.1.2.3:4567", "10.1.2.3"),
        (("::1", 80, 0, 0), "[::1]:80", "::1"),
        (("fe80::1%eth0", 9, 0, 2), "[fe80::1%eth0]:9", "fe80::1%eth0"),
        ("", "a pipe", ""),
        (None, "a pipe", ""),
        (("only",), "a pipe", ""),
        ("/tmp/sock", "a pipe", ""),
    ],
)
def test_a_wire_names_its_peer_when_connected(name: object, peer: str, host: str) -> None:
    async def test() -> None:
        heard = Heard()
        wire = heard.wire(max_line=8)
        wire.connection_made(Transport(name))
        assert (wire.peer, wire.host) == (peer, host)
        assert heard.events == [("open", wire, peer, host)]  # told once its peer is known

    run(test)


def test_a_wire_named_before_it_connects_keeps_its_name() -> None:
    async def test() -> None:
        heard = Heard()
        wire = heard.wire(max_line=8)
        wire.peer, wire.host = "seat 1", "h"
        transport = Transport(("10.0.0.1", 5))
        wire.connection_made(transport)
        assert (wire.peer, wire.host, wire.transport) == ("seat 1", "h", transport)
        plain = Wire(on_line=lambda *a: None, on_close=lambda w: None, max_line=8,
                     clock=heard.clock)  # fmt: skip
        plain.connection_made(Transport(("10.0.0.2", 6)))  # no on_open: nothing to tell
        assert plain.peer == "10.0.0.2:6"

    run(test)


def test_a_wire_hands_each_line_on_with_the_time_its_chunk_was_read() -> None:
    async def test() -> None:
        heard = Heard()
        wire = heard.wire(max_line=4)
        wire.connection_made(Transport(("10.0.0.1", 5)))
        heard.events.clear()
        wire.data_received(b"ab\ncd")
        wire.data_received(b"\nxxxxx\nok\n")
        assert heard.events == [("line", wire, b"ab", 1.0), ("line", wire, b"cd", 2.0),
                                ("line", wire, None, 2.0), ("line", wire, b"ok", 2.0)]  # fmt: skip
        assert heard.ticks == 2  # the clock read once a chunk

    run(test)


def test_a_wire_closed_while_a_chunk_is_read_reads_no_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def test() -> None:
        heard = Heard()
        lines: list[bytes | None] = []

        def on_line(w: Wire, line: bytes | None, at: float) -> None:
            lines.append(line)
            w.close()

        wire = Wire(on_line=on_line, on_close=lambda w: None, max_line=8, clock=heard.clock)
        transport = Transport(("10.0.0.1", 5))
        wire.connection_made(transport)
        timers_made = timers(monkeypatch)
        wire.data_received(b"a\nb\nc\n")
        assert lines == [b"a"]
        assert wire.reading() is False
        wire.data_received(b"d\n")
        assert lines == [b"a"]
        assert heard.ticks == 1  # the second chunk not even timed
        assert len(timers_made) == 1

    run(test)


def test_the_peer_going_away_is_told_once_and_releases_the_wire() -> None:
    async def test() -> None:
        heard = Heard()
        wire = heard.wire(max_line=8)
        released: list[Wire] = []
        wire.listener = SimpleNamespace(release=released.append)  # type: ignore[assignment]
        transport = Transport(("10.0.0.1", 5))
        wire.connection_made(transport)
        heard.events.clear()
        transport.size = 12
        assert wire.backlog == 12
        wire.connection_lost(None)
        assert heard.events == [("close", wire)]
        assert released == [wire]
        assert (wire.closed, wire.lost, wire.listener, wire.backlog) == (True, True, None, 0)
        assert wire.gone.done() and wire.gone.result() is None
        wire.data_received(b"late\n")
        wire.connection_lost(None)  # told twice: no second word, no error
        assert heard.events == [("close", wire)]
        assert released == [wire]
        assert wire.write(b"x") is False
        assert transport.written == []

    run(test)


def test_a_wire_this_side_closed_is_not_reported_gone_and_its_timer_stops(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def test() -> None:
        made = timers(monkeypatch)
        heard = Heard()
        wire = heard.wire(max_line=8, grace=2.5)
        transport = Transport(("10.0.0.1", 5))
        wire.connection_made(transport)
        wire.close()
        assert transport.calls == ["write_eof"]
        assert [(h.delay, h.callback, h.args) for h in made] == [(2.5, wire.abort, ())]
        wire.close()  # closing already: nothing more
        assert transport.calls == ["write_eof"] and len(made) == 1
        wire.connection_lost(None)
        assert made[0].cancelled
        assert [e[0] for e in heard.events] == ["open"]  # closed by this side: no on_close
        wire.close()
        assert transport.calls == ["write_eof"] and len(made) == 1

    run(test)


def test_a_wire_whose_grace_runs_out_is_aborted_with_no_linger(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def test() -> None:
        made = timers(monkeypatch)
        sock = Sock()
        wire = Heard().wire(max_line=8)
        transport = Transport(("10.0.0.1", 5), sock)
        wire.connection_made(transport)
        wire.close()
        assert made[0].delay == CLOSE_GRACE
        made[0].callback()
        assert transport.calls == ["write_eof", "abort"]
        assert sock.options == [(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))]
        assert wire.closed and not wire.dropped

    run(test)


@pytest.mark.parametrize(
    ("can_eof", "peer_eof", "calls"),
    [(True, False, ["write_eof"]), (False, False, ["close"]), (True, True, ["close"])],
)
def test_a_wire_shuts_its_side_or_closes_when_it_cannot_or_the_peer_has(
    monkeypatch: pytest.MonkeyPatch, can_eof: bool, peer_eof: bool, calls: list[str]
) -> None:
    async def test() -> None:
        made = timers(monkeypatch)
        heard = Heard()
        wire = heard.wire(max_line=8, on_eof=True)
        transport = Transport(("10.0.0.1", 5), can_eof=can_eof)
        wire.connection_made(transport)
        if peer_eof:
            assert wire.eof_received() is True
        wire.close()
        assert transport.calls == calls
        assert len(made) == 1 and made[0].callback == wire.abort

    run(test)


def test_a_wire_whose_shutdown_fails_is_aborted_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    async def test() -> None:
        made = timers(monkeypatch)
        wire = Heard().wire(max_line=8)
        transport = Transport(("10.0.0.1", 5), Sock(), eof_fails=True)
        wire.connection_made(transport)
        wire.close()
        assert transport.calls == ["abort"]
        assert made == []
        assert wire.closed

    run(test)


def test_a_wire_closing_already_or_never_connected_is_left_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def test() -> None:
        made = timers(monkeypatch)
        idle = Heard().wire(max_line=8)
        idle.close()
        assert idle.closed
        await idle.wait_closed()  # nothing to wait for
        idle.abort()
        assert idle.closed
        wire = Heard().wire(max_line=8)
        transport = Transport(("10.0.0.1", 5))
        wire.connection_made(transport)
        transport.closing = True
        wire.close()
        assert wire.closed and transport.calls == [] and made == []
        other = Heard().wire(max_line=8)
        other_transport = Transport(("10.0.0.1", 6))
        other.connection_made(other_transport)
        assert other.write(b"a") is True
        other_transport.closing = True
        assert other.write(b"b") is False  # the transport closing: the wire is too
        assert other.closed and other_transport.written == [b"a"]
        other.close()
        assert other_transport.calls == [] and made == []

    run(test)


def test_the_peer_shutting_its_side_is_told_to_the_owner_or_closes_the_wire() -> None:
    async def test() -> None:
        heard = Heard()
        told = heard.wire(max_line=8, on_eof=True)
        told.connection_made(Transport(("10.0.0.1", 5)))
        assert told.eof_received() is True
        assert heard.events[-1] == ("eof", told)
        heard.events.clear()
        told.closed = True
        assert told.eof_received() is False  # closing already: not told again
        assert heard.events == []
        plain = heard.wire(max_line=8)
        plain.connection_made(Transport(("10.0.0.1", 5)))
        heard.events.clear()
        assert plain.eof_received() is False
        assert heard.events == []

    run(test)


def test_a_wire_drops_a_peer_one_byte_past_its_backlog() -> None:
    async def test() -> None:
        heard = Heard()
        wire = heard.wire(max_line=8, max_backlog=10)
        sock = Sock()
        transport = Transport(("10.0.0.1", 5), sock)
        wire.connection_made(transport)
        assert wire.write(b"0123456789") is True  # exactly the backlog: kept
        assert (wire.backlog, wire.dropped, wire.closed) == (10, False, False)
        assert wire.write(b"x") is False  # one over: dropped
        assert (wire.dropped, wire.closed) == (True, True)
        assert transport.calls == ["abort"]
        assert sock.options == [(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))]
        assert transport.written == [b"0123456789", b"x"]
        assert wire.write(b"y") is False
        assert transport.written == [b"0123456789", b"x"]

    run(test)


def test_an_abort_without_a_socket_or_with_one_refusing_options_still_aborts() -> None:
    async def test() -> None:
        for sock in (None, Sock(fails=True)):
            wire = Heard().wire(max_line=8)
            transport = Transport(("10.0.0.1", 5), sock)
            wire.connection_made(transport)
            wire.abort()
            assert transport.calls == ["abort"] and wire.closed and not wire.dropped
        gone = Heard().wire(max_line=8)
        transport = Transport(("10.0.0.1", 5), Sock())
        gone.connection_made(transport)
        gone.connection_lost(None)
        gone.abort()  # gone already: nothing to abort
        assert transport.calls == []

    run(test)


@pytest.mark.parametrize(("unsent", "calls"), [(0, ["close"]), (1, ["close", "abort"])])
def test_a_wire_closing_with_nothing_unsent_is_not_aborted_at_its_grace(
    monkeypatch: pytest.MonkeyPatch, unsent: int, calls: list[str]
) -> None:
    """A transport closing already has its end under way: its grace aborts it only to
    drop what is still unsent (one byte is enough)."""

    async def test() -> None:
        made = timers(monkeypatch)
        wire = Heard().wire(max_line=8)
        transport = Transport(("10.0.0.1", 5), Sock(), can_eof=False)
        wire.connection_made(transport)
        transport.size = unsent
        wire.close()
        made[0].callback()
        assert transport.calls == calls and wire.closed

    run(test)


def test_a_program_s_input_shut_at_the_close_is_left_alone_at_its_grace() -> None:
    """A seat's program is written through its standard input, a pipe: the close shuts
    it (end of file) and asyncio closes the pipe then, without telling the wire (the
    program may still write).  Aborting it at the grace made asyncio fail in its
    callback; nothing may go wrong in the loop."""

    async def test() -> list[dict[str, Any]]:
        loop = asyncio.get_running_loop()
        caught: list[dict[str, Any]] = []
        loop.set_exception_handler(lambda _, context: caught.append(context))
        read, write = os.pipe()
        wire = Heard().wire(max_line=8, grace=0.01)
        try:
            pipe, _ = await loop.connect_write_pipe(asyncio.BaseProtocol, os.fdopen(write, "wb"))
            wire.connection_made(pipe)  # as the server's program does: the pipe's end unheard
            assert wire.write(b"bye\n") is True
            wire.close()
            await asyncio.sleep(0.1)  # past the grace
            assert os.read(read, 100) == b"bye\n" and os.read(read, 100) == b""
        finally:
            os.close(read)
        return caught

    assert run(test) == []


def test_waiting_for_a_wire_to_close_survives_the_waiter_being_cancelled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def test() -> None:
        timers(monkeypatch)
        wire = Heard().wire(max_line=8)
        transport = Transport(("10.0.0.1", 5))
        wire.connection_made(transport)
        waiter = asyncio.ensure_future(wire.wait_closed())
        await asyncio.sleep(0)
        assert transport.calls == ["write_eof"] and not waiter.done()
        waiter.cancel()
        await asyncio.sleep(0)
        assert waiter.cancelled() and not wire.gone.done()
        second = asyncio.ensure_future(wire.wait_closed())
        await asyncio.sleep(0)
        wire.connection_lost(None)
        await asyncio.wait_for(second, 1.0)
        assert wire.gone.result() is None

    run(test)


def test_a_wire_over_a_socketpair_reads_lines_and_closes_gracefully() -> None:
    async def test() -> None:
        heard = Heard()
        wire = heard.wire(max_line=16)
        ours, theirs = socket.socketpair()
        theirs.settimeout(5)
        loop = asyncio.get_running_loop()
        await loop.connect_accepted_socket(lambda: wire, ours)
        assert wire.peer == "a pipe"
        theirs.sendall(b"hello\n")
        while len(heard.events) < 2:
            await asyncio.sleep(0.001)
        assert heard.events[1][:3] == ("line", wire, b"hello")
        assert wire.write(b"bye\n") is True
        wire.close()
        data = b""
        while not data.endswith(b"bye\n"):
            data += await loop.sock_recv(theirs, 100)
        assert await loop.sock_recv(theirs, 100) == b""  # shut for writing after the rest
        theirs.close()
        await asyncio.wait_for(wire.gone, 5)
        assert [e[0] for e in heard.events] == ["open", "line"]

    run(test)


# ------------------------------------------------------------------ the throttle


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float]]:
    """``links``' monotonic clock, set by the test (``now[0]``)."""
    now = [0.0]
    monkeypatch.setattr(links, "time", SimpleNamespace(monotonic=lambda: now[0]))
    yield now


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[tuple[str, str]]:
    found = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "pokerroom.net"]
    caplog.clear()
    return found


def test_a_repeated_warning_is_logged_once_every_ten_seconds_with_a_count(
    clock: list[float], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "pokerroom.net")
    throttle = links._Throttle()
    assert throttle.every == 10.0
    for at, key, text in [(0.0, "k", "a"), (5.0, "k", "b"), (9.999, "k", "c"), (9.999, "j", "d"),
                          (10.0, "k", "e"), (19.999, "k", "f"), (20.0, "k", "g"),
                          (31.0, "k", "h")]:  # fmt: skip
        clock[0] = at
        throttle.warn(key, text)
    assert warnings_of(caplog) == [
        ("WARNING", "a"),
        ("WARNING", "d"),
        ("WARNING", "e (2 more like it not logged)"),
        ("WARNING", "g (1 more like it not logged)"),
        ("WARNING", "h"),
    ]
    quick = links._Throttle(every=1.5)
    for at in (100.0, 101.0, 101.5):
        clock[0] = at
        quick.warn("k", "x")
    assert warnings_of(caplog) == [("WARNING", "x"), ("WARNING", "x (1 more like it not logged)")]


# ------------------------------------------------------------------ the listener


class Server:
    """A listening socket's accepts, scripted: each an exception raised or a connection."""

    def __init__(self, script: list[object], fd: int) -> None:
        self.script = list(script)
        self.fd = fd
        self.accepts = 0

    def fileno(self) -> int:
        return self.fd

    def accept(self) -> Any:
        self.accepts += 1
        step = self.script.pop(0) if self.script else BlockingIOError()
        if isinstance(step, BaseException):
            raise step
        return step

    def close(self) -> None:
        pass


class Readers:
    """The running loop's ``add_reader`` and ``remove_reader``, recorded."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[Any, ...]] = []
        loop = asyncio.get_running_loop()
        monkeypatch.setattr(
            loop, "add_reader", lambda fd, cb, *a: self.calls.append(("add", fd, cb))
        )
        monkeypatch.setattr(loop, "remove_reader", lambda fd: self.calls.append(("remove", fd)))


def listener_with(script: list[object], **options: Any) -> tuple[Listener, Server, list[Wire]]:
    heard = Heard()
    made: list[Wire] = []

    def make() -> Wire:
        made.append(heard.wire(max_line=64))
        made[-1].peer = f"connection {len(made)}"  # (a socketpair's peer has no address)
        return made[-1]

    listener = Listener(make, "127.0.0.1", 0, **options)
    server = Server(script, 99)
    listener._sock = server  # type: ignore[assignment]
    return listener, server, made


def test_a_listener_starts_with_nothing_counted() -> None:
    def make() -> Wire:
        raise AssertionError

    listener = Listener(make, "::1", 7000)
    assert (listener.host, listener.port, listener.backlog) == ("::1", 7000, 128)
    assert (listener.max_connections, listener.max_per_address, listener.refusal) == (None,) * 3
    assert (listener.count, listener.accepted, listener.refused, listener.starved) == (0,) * 4
    assert listener.listening is False
    listener._ready()  # not listening: nothing to accept
    listener.close()  # nor to close
    assert listener.listening is False


@pytest.mark.parametrize(
    ("script", "accepts"),
    [
        ([BlockingIOError()], 1),
        ([InterruptedError()], 1),
        ([ConnectionAbortedError(), ConnectionAbortedError(), BlockingIOError()], 3),
    ],
)
def test_accepting_stops_when_none_is_waiting_and_skips_an_aborted_one(
    script: list[object], accepts: int, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "pokerroom.net")
    listener, server, made = listener_with(script)
    listener._ready()
    assert server.accepts == accepts
    assert made == [] and listener.count == 0
    assert warnings_of(caplog) == []


def test_accepting_takes_at_most_the_backlog_at_once() -> None:
    listener, server, _ = listener_with([ConnectionAbortedError()] * 10, backlog=3)
    listener._ready()
    assert server.accepts == 3


def test_an_accept_that_fails_otherwise_is_logged_and_waits_for_the_next_call(
    clock: list[float], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "pokerroom.net")
    listener, server, _ = listener_with(
        [OSError(errno.EPROTO, "Protocol error"), OSError(errno.EPROTO, "Protocol error")]
    )
    listener._ready()
    assert server.accepts == 1
    assert warnings_of(caplog) == [
        ("WARNING", "accepting a connection failed: [Errno 71] Protocol error")
    ]
    listener._ready()  # the same warning within ten seconds: counted, not logged
    assert warnings_of(caplog) == []
    assert listener.starved == 0


def pair() -> tuple[socket.socket, socket.socket]:
    ours, theirs = socket.socketpair()
    theirs.settimeout(5)
    return ours, theirs


def test_running_out_of_descriptors_backs_off_logs_once_and_says_when_it_works_again(
    monkeypatch: pytest.MonkeyPatch, clock: list[float], caplog: pytest.LogCaptureFixture
) -> None:
    async def test() -> None:
        caplog.set_level(logging.INFO, "pokerroom.net")
        made = timers(monkeypatch)
        readers = Readers(monkeypatch)
        ours, theirs = pair()
        full = [OSError(errno.EMFILE, "Too many open files"), OSError(errno.ENFILE, "x"),
                OSError(errno.ENOBUFS, "y"), OSError(errno.ENOMEM, "z"),
                OSError(errno.EMFILE, "a"), OSError(errno.EMFILE, "b"),
                OSError(errno.EMFILE, "c")]  # fmt: skip
        listener, server, wires = listener_with([*full, (ours, ("10.0.0.9", 1))])
        delays = []
        for k in range(7):
            listener._ready()
            assert server.accepts == k + 1 and listener.starved == k + 1
            delays.append(made[-1].delay)
            assert made[-1].callback == listener._resume
            if k == 0:
                assert warnings_of(caplog) == [
                    (
                        "ERROR",
                        "cannot accept connections: Too many open files (0 open here); "
                        "trying again in a moment, and again until it works (logged once a minute)",
                    )
                ]
            assert readers.calls == [("remove", 99)]
            readers.calls.clear()
            made[-1].callback()
            assert readers.calls == [("add", 99, listener._ready)]
            readers.calls.clear()
            assert listener._retry is None
        assert delays == [0.05, 0.1, 0.2, 0.4, 0.8, 1.0, 1.0]
        assert warnings_of(caplog) == []
        listener._ready()  # a connection again
        assert warnings_of(caplog) == [
            ("WARNING", "accepting connections again (7 tries failed for want of file descriptors)")
        ]
        assert listener.count == 1 and len(wires) == 1
        listener._sock = Server([OSError(errno.EMFILE, "Too many open files")], 99)  # type: ignore[assignment]
        listener._ready()
        assert made[-1].delay == 0.05  # the back-off starts again
        for handle in asyncio.all_tasks() - {asyncio.current_task()}:
            await handle
        theirs.close()

    run(test)


def test_the_shortage_is_logged_once_a_minute_at_most(
    monkeypatch: pytest.MonkeyPatch, clock: list[float], caplog: pytest.LogCaptureFixture
) -> None:
    async def test() -> None:
        caplog.set_level(logging.INFO, "pokerroom.net")
        timers(monkeypatch)
        Readers(monkeypatch)
        conns = [pair() for _ in range(3)]
        listener, server, _ = listener_with([])
        logged = []
        for k, at in enumerate([0.0, 59.999, 119.999, 120.0]):
            clock[0] = at
            server.script[:] = [OSError(errno.ENFILE, "Too many open files in system")]
            listener._ready()  # starving from `at`
            errors = [m for level, m in warnings_of(caplog) if level == "ERROR"]
            if k < 3:
                server.script[:] = [(conns[k][0], ("10.0.0.1", k))]
                listener._ready()  # and working again
            again = [m for level, m in warnings_of(caplog) if level == "WARNING"]
            logged.append((len(errors), len(again)))
        assert logged == [(1, 1), (0, 0), (1, 1), (0, 0)]
        for handle in asyncio.all_tasks() - {asyncio.current_task()}:
            await handle
        for _, theirs in conns:
            theirs.close()

    run(test)


def test_a_shortage_without_a_reason_given_is_logged_with_its_number(
    monkeypatch: pytest.MonkeyPatch, clock: list[float], caplog: pytest.LogCaptureFixture
) -> None:
    async def test() -> None:
        caplog.set_level(logging.INFO, "pokerroom.net")
        timers(monkeypatch)
        Readers(monkeypatch)
        listener, _, _ = listener_with([OSError(errno.EMFILE, "")])
        listener.count = 3
        listener._ready()
        assert warnings_of(caplog) == [
            (
                "ERROR",
                "cannot accept connections: [Errno 24]  (3 open here); trying again in a moment, "
                "and again until it works (logged once a minute)",
            )
        ]

    run(test)


def test_closing_a_listener_stops_its_retry_and_a_retry_after_closing_listens_no_more(
    monkeypatch: pytest.MonkeyPatch, clock: list[float]
) -> None:
    async def test() -> None:
        made = timers(monkeypatch)
        readers = Readers(monkeypatch)
        listener, _, _ = listener_with([OSError(errno.EMFILE, "no")])
        listener._ready()
        listener.close()
        assert made[0].cancelled and listener._retry is None
        assert readers.calls == [("remove", 99), ("remove", 99)]
        assert listener.listening is False
        readers.calls.clear()
        made[0].callback()
        assert readers.calls == []

    run(test)


async def settle() -> None:
    for task in asyncio.all_tasks() - {asyncio.current_task()}:
        await task
    await asyncio.sleep(0)  # their done callbacks


def test_a_connection_taken_is_counted_by_address_and_released_when_it_goes() -> None:
    async def test() -> None:
        (a, ta), (b, tb), (c, tc) = pair(), pair(), pair()
        listener, _, wires = listener_with([(a, ("10.0.0.1", 1)), (b, ("10.0.0.1", 2)),
                                            (c, "/run/x")])  # fmt: skip
        listener._ready()
        assert (listener.count, listener.accepted, listener._per) == (3, 3, {"10.0.0.1": 2, "": 1})
        assert [w.host for w in wires] == ["10.0.0.1", "10.0.0.1", ""]
        assert all(w.listener is listener for w in wires)
        await settle()
        assert listener._tasks == set()
        assert [w.peer for w in wires] == ["connection 1", "connection 2", "connection 3"]
        assert all(w.transport is not None for w in wires)
        assert a.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF) == 2 * SEND_BUFFER
        assert a.getblocking() is False
        wires[0].connection_lost(None)
        assert (listener.count, listener.accepted, listener._per) == (2, 3, {"10.0.0.1": 1, "": 1})
        assert wires[0].listener is None
        wires[1].transport.abort()  # type: ignore[union-attr]
        wires[2].transport.abort()  # type: ignore[union-attr]
        await asyncio.sleep(0)
        assert (listener.count, listener._per) == (0, {})
        for t in (ta, tb, tc):
            t.close()

    run(test)


def test_a_release_of_a_wire_of_another_listener_changes_nothing() -> None:
    listener, _, _ = listener_with([])
    other, _, _ = listener_with([])
    listener.count, listener._per = 2, {"h": 2}
    wire = SimpleNamespace(listener=other, host="h")
    listener.release(wire)  # type: ignore[arg-type]
    assert (listener.count, listener._per, wire.listener) == (2, {"h": 2}, other)
    mine = SimpleNamespace(listener=listener, host="h")
    listener.release(mine)  # type: ignore[arg-type]
    assert (listener.count, listener._per, mine.listener) == (1, {"h": 1}, None)
    loose = SimpleNamespace(listener=None, host="k")  # taken, not yet connected
    listener.release(loose)  # type: ignore[arg-type]
    assert (listener.count, listener._per) == (0, {"h": 1})


@pytest.mark.parametrize(
    ("options", "addresses", "refused", "why"),
    [
        ({"max_connections": 2}, ["a", "b", "c"], [2], "the server is full: at most 2 connections"),
        (
            {"max_per_address": 2},
            ["a", "a", "b", "a"],
            [3],
            "at most 2 connections from one address",
        ),
        ({"max_connections": 3, "max_per_address": 1}, ["a", "a", "b", "c", "d"], [1, 4], None),
    ],
)
def test_a_connection_over_a_limit_is_told_why_closed_and_counted(
    options: dict[str, int],
    addresses: list[str],
    refused: list[int],
    why: str | None,
    clock: list[float],
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def test() -> None:
        caplog.set_level(logging.INFO, "pokerroom.net")
        pairs = [pair() for _ in addresses]
        listener, _, wires = listener_with(
            [
                (ours, (host, k))
                for k, ((ours, _), host) in enumerate(zip(pairs, addresses, strict=True))
            ],
            refusal=lambda why: f"no: {why}\n".encode(),
            **options,
        )
        listener._ready()
        await settle()
        assert listener.refused == len(refused)
        assert listener.count == listener.accepted == len(addresses) - len(refused)
        assert len(wires) == listener.count
        texts = {
            1: "at most 1 connections from one address",
            4: "the server is full: at most 3 connections",
        }
        for k, (_, theirs) in enumerate(pairs):
            if k in refused:
                expected = why or texts[k]
                assert theirs.recv(200) == f"no: {expected}\n".encode()
                assert theirs.recv(200) == b""  # and closed
        logged = [m for _, m in warnings_of(caplog)]
        assert logged == [f"{addresses[k]}: connection refused: {why or texts[k]}"
                          for k in refused]  # fmt: skip
        for w in wires:
            w.abort()
        await asyncio.sleep(0)
        for _, theirs in pairs:
            theirs.close()

    run(test)


def test_a_refused_connection_without_a_refusal_is_just_closed_even_if_sending_fails(
    clock: list[float], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "pokerroom.net")

    class Conn:
        def __init__(self) -> None:
            self.calls: list[str] = []

        def setblocking(self, flag: bool) -> None:
            self.calls.append(f"setblocking {flag}")

        def send(self, data: bytes) -> int:
            self.calls.append(f"send {data!r}")
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")

        def close(self) -> None:
            self.calls.append("close")

    quiet, failing = Conn(), Conn()
    listener, _, _ = listener_with([(quiet, ("h", 1))], max_connections=0,
                                   refusal=None)  # fmt: skip
    listener._ready()
    assert quiet.calls == ["close"]
    listener.refusal = lambda why: why.encode()
    listener._take(failing, ("h", 2))  # type: ignore[arg-type]
    assert failing.calls == [
        "setblocking False",
        "send b'the server is full: at most 0 connections'",
        "close",
    ]
    assert listener.refused == 3 - 1  # the second within ten seconds: counted, not logged
    assert [m for _, m in warnings_of(caplog)] == [
        "h: connection refused: the server is full: at most 0 connections"
    ]


def test_a_connection_the_loop_cannot_take_is_released_and_closed() -> None:
    async def test() -> None:
        listener, _, _ = listener_with([])
        heard = Heard()

        async def fails() -> None:
            raise OSError("no")

        async def works() -> None:
            pass

        for make, released in ((fails, True), (works, False), (None, True)):
            wire = heard.wire(max_line=8)
            wire.listener, wire.host = listener, "h"
            listener.count, listener._per = 1, {"h": 1}
            task = asyncio.ensure_future(make() if make else asyncio.sleep(10))
            if make is None:
                task.cancel()
            with contextlib.suppress(OSError, asyncio.CancelledError):
                await task
            listener._tasks.add(task)
            shut: list[bool] = []
            conn = SimpleNamespace(close=partial(shut.append, True))
            listener._made(task, wire, conn)  # type: ignore[arg-type]
            assert listener._tasks == set()
            assert (listener.count, listener._per, shut) == (
                (0, {}, [True]) if released else (1, {"h": 1}, [])
            )

    run(test)


@pytest.mark.network
def test_a_listener_on_loopback_accepts_and_a_second_on_its_port_is_refused() -> None:
    async def test() -> None:
        heard = Heard()
        wires: list[Wire] = []

        def make() -> Wire:
            wires.append(heard.wire(max_line=64))
            return wires[-1]

        listener = Listener(make, "127.0.0.1", 0, backlog=4)
        port = await listener.start()
        assert port == listener.port > 0 and listener.listening
        _, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 5)
        writer.write(b"hi\n")
        await writer.drain()
        while not any(e[0] == "line" for e in heard.events):
            await asyncio.sleep(0.001)
        assert [e[2] for e in heard.events if e[0] == "line"] == [b"hi"]
        assert wires[0].host == "127.0.0.1" and wires[0].peer.startswith("127.0.0.1:")
        second = Listener(make, "127.0.0.1", port)
        with pytest.raises(OSError) as failed:
            await second.start()
        assert failed.value.errno == errno.EADDRINUSE and not second.listening
        listener.close()
        assert not listener.listening
        wires[0].abort()
        writer.close()
        await asyncio.sleep(0)

    run(test)


class Flushed(io.StringIO):
    """A stream that notes what it held each time it was flushed."""

    def __init__(self) -> None:
        super().__init__()
        self.flushed: list[str] = []

    def flush(self) -> None:
        self.flushed.append(self.getvalue())


def test_the_ports_are_printed_on_one_line_in_seat_order_and_flushed() -> None:
    out = Flushed()
    print_ports([9001, 17, 65535], out)
    assert out.getvalue() == "9001 17 65535\n"
    assert out.flushed == ["9001 17 65535\n"]  # at once: a script reads them from a pipe


class Picky(socket.socket):
    """A socket that refuses a send buffer of the listener's size."""

    def setsockopt(self, level: int, name: int, value: Any, *more: Any) -> None:  # type: ignore[override]
        if name == socket.SO_SNDBUF:
            raise OSError(errno.ENOPROTOOPT, "Protocol not available")
        super().setsockopt(level, name, value, *more)


def test_a_connection_whose_send_buffer_cannot_be_set_is_taken_all_the_same() -> None:
    async def test() -> None:
        ours, theirs = pair()
        picky = Picky(fileno=ours.detach())
        listener, _, wires = listener_with([(picky, ("10.0.0.1", 1))])
        listener._ready()
        await settle()
        assert listener.count == 1 and wires[0].transport is not None
        wires[0].abort()
        await asyncio.sleep(0)
        theirs.close()

    run(test)


def test_a_connection_the_loop_refuses_is_released_and_its_socket_closed() -> None:
    async def test() -> None:
        ours, theirs = socket.socketpair(type=socket.SOCK_DGRAM)  # not a stream: refused
        listener, _, wires = listener_with([(ours, ("10.0.0.1", 1))])
        listener._ready()
        assert (listener.count, listener._per) == (1, {"10.0.0.1": 1})
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert (listener.count, listener.accepted, listener._per) == (0, 1, {})
        assert wires[0].listener is None and listener._tasks == set()
        assert ours.fileno() == -1  # closed
        theirs.close()

    run(test)


def test_a_listener_closed_outside_its_loop_still_closes_its_socket() -> None:
    ours, theirs = socket.socketpair()
    listener, _, _ = listener_with([])
    listener._sock = ours
    listener.close()  # no running loop to stop reading: the socket is closed all the same
    assert ours.fileno() == -1 and not listener.listening
    theirs.close()


def test_a_listener_asks_for_a_passive_stream_address_of_its_host(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def test() -> None:
        loop = asyncio.get_running_loop()
        asked: list[tuple[Any, ...]] = []

        async def getaddrinfo(host: Any, port: Any, **options: Any) -> Any:
            asked.append((host, port, options))
            raise OSError(errno.EADDRNOTAVAIL, "stop here")

        monkeypatch.setattr(loop, "getaddrinfo", getaddrinfo)
        listener = Listener(lambda: Heard().wire(max_line=8), "pokerroom.invalid", 4321)
        with pytest.raises(OSError, match="stop here"):
            await listener.start()
        assert asked == [("pokerroom.invalid", 4321,
                          {"type": socket.SOCK_STREAM, "flags": socket.AI_PASSIVE})]  # fmt: skip
        assert not listener.listening

    run(test)
