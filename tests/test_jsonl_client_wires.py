"""The JSON-lines client (:mod:`pokerroom.net.jsonl.client`) in this process: the framing
(:class:`~pokerroom.net.jsonl.client.JSONClient`), and each driver (asyncio, a blocking
socket, standard input and output) against the real server over a socket pair, or
against a dealer written by hand.  The asyncio driver runs on a virtual clock
(:mod:`jsonl_helpers`), so its waits of 5 and 30 s take no time; the blocking and
standard-I/O drivers run in a thread beside a server on a real event loop.

Expected values come from the protocol (a player joins with its token and name, answers
each ``act``, says ``bye`` after ``match_end``, then reads to the dealer's end) and the
module's documents (a line over the protocol's 64 KiB is an error; a dealer that never
closes is waited for 5 s; a connection that never opens, ``connect_timeout``).
"""

from __future__ import annotations

import asyncio
import errno
import json
import os
import socket
import sys
from collections.abc import Callable
from typing import Any

import pytest

from jsonl_helpers import START, Peer, in_process, match_dealer, run_virtual, settle
from pokerroom.jsonproto.messages import Limits
from pokerroom.net.jsonl import client as client_module
from pokerroom.net.jsonl.client import (
    CLOSE_WAIT,
    JSONClient,
    JSONClientError,
    JSONResult,
    play_json,
    play_json_blocking,
    play_json_stdio,
)
from pokerroom.net.jsonl.server import JSONServer
from pokerroom.net.links import READ_SIZE
from pokerroom.players import CallingStation

LIMIT = Limits().max_line


def line(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def _greeting() -> tuple[bytes, bytes]:
    """A real dealer's ``hello``, and its ``welcome`` to seat 1."""
    dealer = match_dealer()
    conn, out = dealer.open()
    welcome = dealer.receive(conn, b'{"type":"join","token":"t1"}', 0.0)
    return out.messages[0][1], welcome.messages[0][1]


HELLO, WELCOME = _greeting()
END = line(match_dealer()._match_end())  # a match of no hands: what its end says


# ------------------------------------------------------------------- the framing


def test_the_client_joins_with_its_token_and_name_after_the_hello() -> None:
    client = JSONClient(CallingStation(), "secret", name="bob")
    assert (client.token, client.name, client.done) == ("secret", "bob", False)
    assert client.result == JSONResult()
    assert client.feed(HELLO[:20]) == b""  # half a line: nothing yet
    assert client.feed(HELLO[20:]) == b'{"type":"join","token":"secret","name":"bob"}\n'
    assert JSONClient(CallingStation(), None).token is None
    assert JSONClient(CallingStation(), "t").name is None


def test_a_line_of_exactly_the_limit_is_read_and_one_byte_more_refused() -> None:
    client = JSONClient(CallingStation(), "t")
    client.feed(HELLO)
    pong = b'{"type":"pong","id":1}'
    padded = pong + b" " * (LIMIT - len(pong) - 1) + b"\n"
    assert len(padded) == LIMIT == 65536
    assert client.feed(padded) == b""
    assert not client.done
    with pytest.raises(JSONClientError) as caught:
        client.feed(pong + b" " * (LIMIT - len(pong)) + b"\n")
    assert str(caught.value) == "the dealer sent a line over the protocol's limit"


def test_after_the_match_ends_nothing_more_is_read() -> None:
    client = JSONClient(CallingStation(), "t")
    client.feed(HELLO + WELCOME)
    end = END
    # the goodbye, then a line over the limit and one that is no JSON: neither read
    out = client.feed(end + b"x" * (LIMIT + 10) + b"\n" + b"not json\n")
    assert out == b'{"type":"bye"}\n'
    assert client.done and client.result.end is not None and client.result.seat == 1


# ------------------------------------------------------------------- asyncio


class Dialer:
    """Stands in for ``asyncio.open_connection``: each call (its arguments kept) is a new
    connection to ``server`` over a socket pair, or to ``script`` (a dealer by hand)."""

    def __init__(self, server: JSONServer | None = None) -> None:
        self.server = server
        self.calls: list[tuple[Any, ...]] = []
        self.peers: list[Peer] = []
        self.open = asyncio.open_connection

    async def __call__(self, host: str, port: int, *, limit: int) -> Any:
        self.calls.append((host, port, limit))
        near, far = socket.socketpair()
        if self.server is not None:
            await asyncio.get_running_loop().connect_accepted_socket(self.server._make, near)
        else:
            reader, writer = await self.open(sock=near)
            self.peers.append(Peer(reader, writer))
        return await self.open(sock=far, limit=limit)


def test_play_json_plays_a_whole_match_at_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    async def main() -> tuple[list[JSONResult], Dialer, JSONServer]:
        loop = asyncio.get_running_loop()
        dealer = match_dealer(hands=3)
        server = in_process(JSONServer(dealer, clock=loop.time))
        await server.start()
        match = asyncio.create_task(server.run())
        dialer = Dialer(server)
        monkeypatch.setattr(asyncio, "open_connection", dialer)
        results = await asyncio.gather(
            play_json(CallingStation(), "dealer.example", 7000, "t0", name="ann"),
            play_json(CallingStation(), "dealer.example", 7001, "t1"),
        )
        await match
        return list(results), dialer, server

    results, dialer, server = run_virtual(main())
    assert dialer.calls == [("dealer.example", 7000, LIMIT), ("dealer.example", 7001, LIMIT)]
    assert server.dealer.joined == ["ann", None]
    assert [r.seat for r in results] == [0, 1]
    for result in results:
        assert result.hands == 3 and result.defaults == 0 and result.errors == []
        assert result.end is not None and result.end["type"] == "match_end"
        assert result.decisions > 0
    assert server.dealer.runner.faults == []
    assert server.finished_at == START  # every answer at once: no time passed


async def scripted(dealer_lines: bytes, *, close: bool) -> tuple[JSONResult, Peer, float]:
    """``play_json`` against a dealer that sends ``dealer_lines`` and then closes its side
    (``close``) or never does; the result, the dealer's side, and when it returned."""
    dialer = Dialer()
    asyncio.open_connection = dialer  # type: ignore[assignment]
    try:
        playing = asyncio.create_task(play_json(CallingStation(), "h", 1, "t1"))
        await settle()
        dealer = dialer.peers[0]
        dealer.writer.write(dealer_lines)
        if close:
            dealer.writer.write_eof()
        result = await playing
    finally:
        asyncio.open_connection = dialer.open  # type: ignore[assignment]
    return result, dealer, asyncio.get_running_loop().time() - START


def test_after_its_goodbye_the_client_reads_to_the_dealers_end() -> None:
    end = END

    async def main() -> tuple[JSONResult, bytes, float]:
        result, dealer, took = await scripted(HELLO + WELCOME + end, close=True)
        return result, await dealer.reader.read(), took

    result, sent, took = run_virtual(main())
    assert sent == b'{"type":"join","token":"t1"}\n{"type":"bye"}\n'  # then its end
    assert result.end is not None and result.seat == 1 and took == 0.0


def test_a_dealer_that_never_closes_is_waited_for_5_s() -> None:
    end = END

    async def main() -> tuple[JSONResult, float, bytes]:
        result, dealer, took = await scripted(HELLO + WELCOME + end, close=False)
        return result, took, await dealer.reader.read()

    result, took, sent = run_virtual(main())
    assert CLOSE_WAIT == 5.0 and took == 5.0
    assert result.end is not None
    assert sent == b'{"type":"join","token":"t1"}\n{"type":"bye"}\n'


def test_a_dealer_that_closes_before_the_end_ends_the_session_without_a_goodbye() -> None:
    async def main() -> tuple[JSONResult, float, bytes]:
        result, dealer, took = await scripted(HELLO + WELCOME, close=True)
        dealer.writer.close()
        return result, took, await dealer.reader.read()

    result, took, sent = run_virtual(main())
    assert took == 0.0 and result.end is None and result.seat == 1
    assert sent == b'{"type":"join","token":"t1"}\n'


def test_a_network_error_as_the_connection_closes_keeps_the_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``wait_closed`` fails with a network error that is not a ``ConnectionError``
    (here ``EHOSTUNREACH``): the match was played, its result is returned."""

    class Failing(Dialer):
        async def __call__(self, host: str, port: int, *, limit: int) -> Any:
            reader, writer = await super().__call__(host, port, limit=limit)
            real = writer.wait_closed

            async def wait_closed() -> None:
                await real()
                raise OSError(errno.EHOSTUNREACH, "No route to host")

            writer.wait_closed = wait_closed
            return reader, writer

    async def main() -> JSONResult:
        dialer = Failing()
        monkeypatch.setattr(asyncio, "open_connection", dialer)
        playing = asyncio.create_task(play_json(CallingStation(), "h", 1, "t1"))
        await settle()
        dealer = dialer.peers[0]
        dealer.writer.write(HELLO + WELCOME + END)
        dealer.writer.write_eof()
        return await playing

    result = run_virtual(main())
    assert result.end is not None and result.seat == 1


def test_a_connection_that_never_opens_times_out_after_connect_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def never(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(10**6)

    monkeypatch.setattr(asyncio, "open_connection", never)

    async def main(**options: float) -> float:
        with pytest.raises(TimeoutError):
            await play_json(CallingStation(), "h", 1, "t", **options)
        return asyncio.get_running_loop().time() - START

    assert run_virtual(main()) == 30.0
    assert run_virtual(main(connect_timeout=2.5)) == 2.5


# ------------------------------------------------------------------- a blocking socket


class Socket:
    """One end of a socket pair that answers a TCP socket's calls (and keeps them)."""

    def __init__(self, sock: socket.socket, *, shutdown_fails: bool = False) -> None:
        self.sock = sock
        self.calls: list[tuple[Any, ...]] = []
        self.shutdown_fails = shutdown_fails

    def __enter__(self) -> Socket:
        return self

    def __exit__(self, *exc: object) -> None:
        self.calls.append(("close",))
        self.sock.close()

    def settimeout(self, value: float | None) -> None:
        self.calls.append(("settimeout", value))
        self.sock.settimeout(value)

    def setsockopt(self, *args: int) -> None:
        self.calls.append(("setsockopt", *args))

    def recv(self, size: int) -> bytes:
        assert size == READ_SIZE
        return self.sock.recv(size)

    def sendall(self, data: bytes) -> None:
        self.sock.sendall(data)

    def shutdown(self, how: int) -> None:
        self.calls.append(("shutdown", how))
        if self.shutdown_fails:
            raise OSError("the peer is gone")
        self.sock.shutdown(how)


def threaded(
    monkeypatch: pytest.MonkeyPatch,
    play: Callable[[Socket], JSONResult],
    *,
    hands: int = 2,
    **options: Any,
) -> tuple[JSONResult, Socket, JSONServer]:
    """``play`` (a driver, in a thread) as seat 0 and a calling station as seat 1 at a
    server on a real event loop."""
    near, far = socket.socketpair()
    far_end = Socket(far, **options)

    async def main() -> tuple[JSONResult, JSONServer]:
        loop = asyncio.get_running_loop()
        server = in_process(JSONServer(match_dealer(hands=hands)))
        await server.start()
        match = asyncio.create_task(server.run())
        await loop.connect_accepted_socket(server._make, near)
        other = Dialer(server)
        monkeypatch.setattr(asyncio, "open_connection", other)
        station = asyncio.create_task(play_json(CallingStation(), "h", 1, "t1"))
        playing = asyncio.ensure_future(asyncio.to_thread(play, far_end))
        done, _ = await asyncio.wait([playing], timeout=10)
        if not done:  # a driver stuck reading: its socket shut, so that its thread ends
            far.shutdown(socket.SHUT_RDWR)
            await asyncio.wait([playing])
            pytest.fail("the driver did not end in 10 s")
        result = playing.result()
        await station
        await match
        return result, server

    async def bounded() -> tuple[JSONResult, JSONServer]:
        async with asyncio.timeout(30):
            return await main()

    result, server = asyncio.run(bounded())
    return result, far_end, server


def test_play_json_blocking_plays_a_match_over_a_plain_socket(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[Any, ...]] = []

    def play(sock: Socket) -> JSONResult:
        def connect(address: tuple[str, int], timeout: float) -> Socket:
            asked.append((address, timeout))
            return sock

        monkeypatch.setattr(client_module.socket, "create_connection", connect)
        return play_json_blocking(CallingStation(), "dealer.example", 7000, "t0", name="ann",
                                  connect_timeout=4.5)  # fmt: skip

    result, sock, server = threaded(monkeypatch, play)
    assert asked == [(("dealer.example", 7000), 4.5)]
    assert sock.calls == [
        ("settimeout", None),
        ("setsockopt", socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),
        ("shutdown", socket.SHUT_WR),
        ("settimeout", CLOSE_WAIT),
        ("close",),
    ]
    assert result.seat == 0 and result.hands == 2 and result.end is not None
    assert result.errors == [] and result.decisions > 0 and result.defaults == 0
    assert server.dealer.joined == ["ann", None] and server.dealer.runner.faults == []


def test_play_json_blocking_takes_30_s_to_connect_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[float] = []

    def play(sock: Socket) -> JSONResult:
        def connect(address: tuple[str, int], timeout: float) -> Socket:
            asked.append(timeout)
            return sock

        monkeypatch.setattr(client_module.socket, "create_connection", connect)
        return play_json_blocking(CallingStation(), "h", 1, "t0")

    result, sock, _ = threaded(monkeypatch, play, hands=1, shutdown_fails=True)
    assert asked == [30.0]
    # its shutdown failed (the peer gone): no wait for the end, and the result kept
    assert sock.calls == [
        ("settimeout", None),
        ("setsockopt", socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),
        ("shutdown", socket.SHUT_WR),
        ("close",),
    ]
    assert result.end is not None and result.hands == 1


# ------------------------------------------------------------------- standard I/O


class Stream:
    def __init__(self, fd: int) -> None:
        self.fd = fd

    def fileno(self) -> int:
        return self.fd


def test_play_json_stdio_plays_over_its_standard_input_and_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    writes: list[int] = []
    real_write = os.write

    def write(fd: int, data: bytes) -> int:  # at most 7 bytes at a time
        writes.append(fd)
        return real_write(fd, data[:7])

    def play(sock: Socket) -> JSONResult:
        fd = sock.sock.fileno()
        monkeypatch.setattr(sys, "stdin", Stream(fd))
        monkeypatch.setattr(sys, "stdout", Stream(fd))
        monkeypatch.setattr(client_module.os, "write", write)
        monkeypatch.setenv("POKERROOM_TOKEN", "t0")
        with sock:  # (closed when it returns, as a program's output is when it exits)
            return play_json_stdio(CallingStation())

    result, _, server = threaded(monkeypatch, play)
    assert result.seat == 0 and result.hands == 2 and result.end is not None
    assert result.errors == [] and result.decisions > 0 and result.defaults == 0
    assert server.dealer.runner.faults == []
    join = len(b'{"type":"join","token":"t0"}\n')
    assert len(writes) > join // 7 and set(writes) == {writes[0]}


def test_play_json_stdio_takes_a_token_given_over_the_environments(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def play(sock: Socket) -> JSONResult:
        fd = sock.sock.fileno()
        monkeypatch.setattr(sys, "stdin", Stream(fd))
        monkeypatch.setattr(sys, "stdout", Stream(fd))
        monkeypatch.setenv("POKERROOM_TOKEN", "t1")
        with sock:
            return play_json_stdio(CallingStation(), token="t0")

    result, _, _ = threaded(monkeypatch, play, hands=1)
    assert result.seat == 0 and result.errors == [] and result.decisions > 0


def test_play_json_stdio_without_a_token_says_where_it_comes_from(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("POKERROOM_TOKEN", raising=False)
    for token in (None, ""):
        with pytest.raises(JSONClientError) as caught:
            play_json_stdio(CallingStation(), token=token)
        assert str(caught.value) == (
            "no token: the dealer sets POKERROOM_TOKEN for the programs it starts"
        )
    monkeypatch.setenv("POKERROOM_TOKEN", "")
    with pytest.raises(JSONClientError):
        play_json_stdio(CallingStation())
