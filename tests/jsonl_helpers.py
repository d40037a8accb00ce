"""Helpers for the JSON-lines server's and client's in-process tests
(``test_jsonl_server_wires.py``, ``test_jsonl_client_wires.py``): an event loop whose
clock moves only when nothing is ready (so a timer of 60 s fires at once, at exactly its
time, and no test sleeps), connections over ``socket.socketpair()`` (no network socket),
and a peer that reads and writes whole lines.
"""

from __future__ import annotations

import asyncio
import json
import random
import selectors
import socket
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

from pokerroom.jsonproto.dealer import JSONDealer
from pokerroom.net.jsonl.server import JSONServer
from pokerroom.net.links import Wire
from pokerroom.rules import Rules
from pokerroom.table import Table

T = TypeVar("T")

START = 1000.0
"""The virtual clock's first reading (seconds)."""


class _Selector(selectors.DefaultSelector):
    """Looks at the sockets without waiting; when none is ready, the loop's clock jumps
    to the next timer instead of sleeping."""

    def __init__(self) -> None:
        super().__init__()
        self.loop: VirtualLoop | None = None

    def select(self, timeout: float | None = None) -> list[Any]:
        loop = self.loop
        wait = 0.0 if loop is None or timeout == 0 else loop.patience
        ready = super().select(wait)
        if ready or loop is None:
            return ready
        if timeout is None:  # nothing scheduled: wait for the sockets (a process's answer)
            return super().select(5.0)
        loop.now += timeout
        return ready


class VirtualLoop(asyncio.SelectorEventLoop):
    """An event loop on a virtual clock (:attr:`now`, seconds, from :data:`START`).
    ``patience``: real seconds it waits for a socket or pipe before the clock jumps (0
    when every peer is in this process; a little for a program of its own)."""

    def __init__(self, patience: float = 0.0) -> None:
        selector = _Selector()
        super().__init__(selector)
        self.now = START
        self.patience = patience
        selector.loop = self

    def time(self) -> float:
        return self.now


def run_virtual(
    coro: Coroutine[Any, Any, T], seconds: float = 10_000.0, *, patience: float = 0.0
) -> T:
    """Run ``coro`` on a :class:`VirtualLoop`, bounded by ``seconds`` of its clock (a
    test that waits for ever fails at once, on the virtual clock)."""

    async def bounded() -> T:
        async with asyncio.timeout(seconds):
            return await coro

    loop = VirtualLoop(patience)
    try:
        return loop.run_until_complete(bounded())
    finally:
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()


def match_dealer(
    *, hands: int = 2, budget: float = 30.0, seats: int = 2, seed: int = 1, **options: Any
) -> JSONDealer:
    """A no-limit match of ``hands`` hands (stacks reset, the deck shuffled from ``seed``),
    tokens ``t0``, ``t1``..."""
    table = Table(Rules.preset("no-limit", buy_in=400), seats, max_hands=hands,
                  reset_stacks=True, rng=random.Random(seed))  # fmt: skip
    return JSONDealer(table, [f"t{s}" for s in range(seats)], budget=budget, **options)


class NoListener:
    """Stands in for the server's listening socket: connections come from
    :meth:`Peer.attach` instead."""

    refused = 7
    closed = False

    async def start(self) -> int:
        return 4321

    def close(self) -> None:
        self.closed = True


def in_process(server: JSONServer) -> JSONServer:
    """``server`` with no listening socket (its port is then 4321)."""
    server._listener = NoListener()  # type: ignore[assignment]
    return server


class LinePeer:
    """A test's end of a JSON-lines connection: messages written as lines, lines read as
    messages (each kept in :attr:`received`).  The peers of the tests differ only in what
    they do with a message as they read it (:meth:`_read`) and with one :meth:`until`
    passes over (:meth:`_passed`); how they connect is theirs."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter

    def __init__(self) -> None:
        self.received: list[dict[str, Any]] = []

    def send(self, data: bytes | dict[str, Any]) -> None:
        if isinstance(data, dict):
            data = json.dumps(data).encode() + b"\n"
        self.writer.write(data)

    async def next(self) -> dict[str, Any]:
        line = await self.reader.readline()
        if not line:
            raise ConnectionError("closed")
        message: dict[str, Any] = json.loads(line)
        self.received.append(message)
        self._read(message)
        return message

    def _read(self, message: dict[str, Any]) -> None:
        """What this peer does with each message it reads (nothing)."""

    async def until(self, *types: str) -> dict[str, Any]:
        while True:
            message = await self.next()
            if message["type"] in types:
                return message
            self._passed(message)

    def _passed(self, message: dict[str, Any]) -> None:
        """What this peer does with a message :meth:`until` passes over (nothing)."""

    def types(self) -> list[str]:
        return [m["type"] for m in self.received]

    def close(self) -> None:
        self.writer.close()


class Peer(LinePeer):
    """The far end of one connection to a server: whole lines written and read, each
    read line kept with the (virtual) time it was read."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        super().__init__()
        self.reader = reader
        self.writer = writer
        self.times: list[float] = []
        self.wire: Wire | None = None
        self.writes: list[tuple[float, list[str]]] = []
        """What the server wrote to this connection: each write's time and the types of
        its messages."""

    @classmethod
    async def to(
        cls, server: JSONServer, name: str, order: list[tuple[str, float]] | None = None
    ) -> Peer:
        """A new connection to ``server``, its peer called ``name`` in the log; every
        write the server makes to it is kept (:attr:`writes`), and its name and time in
        ``order`` (shared by the peers of a test: the order of writes across them)."""
        made: list[Wire] = []
        writes: list[tuple[float, list[str]]] = []

        def make() -> Wire:
            wire = server._make()
            wire.peer = name
            made.append(wire)
            write = wire.write

            def kept(data: bytes) -> bool:
                types = [json.loads(line)["type"] for line in data.splitlines()]
                now = asyncio.get_running_loop().time()
                writes.append((now, types))
                if order is not None:
                    order.append((name, now))
                return write(data)

            wire.write = kept  # type: ignore[method-assign]
            return wire

        peer = await cls.attach(make)
        peer.wire, peer.writes = made[0], writes
        return peer

    @classmethod
    async def attach(cls, make: Callable[[], Wire | asyncio.Protocol]) -> Peer:
        """A new connection, its server side the protocol ``make()`` returns."""
        loop = asyncio.get_running_loop()
        near, far = socket.socketpair()
        await loop.connect_accepted_socket(make, near)
        reader, writer = await asyncio.open_connection(sock=far, limit=2**22)
        return cls(reader, writer)

    def _read(self, message: dict[str, Any]) -> None:
        self.times.append(asyncio.get_running_loop().time())

    async def rest(self) -> list[dict[str, Any]]:
        """Every message up to the end of the connection."""
        try:
            while True:
                await self.next()
        except ConnectionError:
            return self.received

    async def reset(self) -> None:
        """Go away without a clean close: the server reads a reset, not an end of file
        (a ``ping``'s ``pong`` is left unread, and the socket closed)."""
        transport = self.writer.transport
        transport.pause_reading()  # type: ignore[attr-defined]
        self.send({"type": "ping", "id": 0})
        await settle()
        transport.abort()
        await settle()


async def settle(rounds: int = 20) -> None:
    """Let the loop run what is ready (no timer fires: the clock does not move while
    something is ready, and a zero sleep is always ready)."""
    for _ in range(rounds):
        await asyncio.sleep(0)


async def later(seconds: float, what: Awaitable[T]) -> T:
    await asyncio.sleep(seconds)
    return await what
