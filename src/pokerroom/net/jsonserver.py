"""The asyncio JSON-lines dealer around :class:`~pokerroom.net.jsondealer.JSONDealer`.

One listening port; any number of connections (players with their seat's token,
spectators); a task reading each (:class:`~pokerroom.net.server.Link`) and one task
owning the match.  The owner waits for the pending decision until its deadline with
``asyncio.timeout``, never on a socket.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import string
import time
from collections.abc import Callable, Sequence

from pokerroom.net.jsondealer import JSONDealer, Outbox
from pokerroom.net.jsonlines import Connection, encode
from pokerroom.net.server import MAX_BACKLOG, Link, LinkEvent

__all__ = ["TOKEN_ALPHABET", "TOKEN_LENGTH", "JSONServer", "seat_tokens"]

TOKEN_ALPHABET = string.ascii_letters + string.digits
"""What a seat's token is made of: no ``-``, which a command line would read as the start
of an option (``--token -x...``), and nothing a shell or a URL quotes."""
TOKEN_LENGTH = 24
"""Characters in a token: 24 of 62 symbols, about 143 bits of secret."""


def seat_tokens(count: int) -> list[str]:
    """``count`` different secret tokens, one per seat, from the system's secure source."""
    tokens: list[str] = []
    while len(tokens) < count:
        token = "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))
        if token not in tokens:
            tokens.append(token)
    return tokens


class JSONServer:
    """Serves ``dealer``'s match on ``host``:``port`` (0: any free port).

    The match starts when every seat has joined, or when ``start_timeout`` seconds have
    passed (``None``: wait for every seat); a seat nobody holds gets the default action
    when its time runs out.  A connection that lets more than ``max_backlog`` bytes of
    what it is sent pile up unread is closed (a player's seat stays).
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
    ) -> None:
        self.dealer = dealer
        self.max_backlog = max_backlog
        self.host = host
        self.port = port
        self.start_timeout = start_timeout
        self.clock = clock
        self.started_at = self.finished_at = 0.0  # when play began and ended (clock)
        self._queue: asyncio.Queue[LinkEvent] = asyncio.Queue()
        self._server: asyncio.Server | None = None
        self._links: dict[int, tuple[Link, Connection]] = {}
        self._procs: list[asyncio.subprocess.Process] = []

    async def start(self) -> int:
        """Listen; the port."""
        limit = 2 * self.dealer.limits.max_line
        self._server = await asyncio.start_server(self._accept, self.host, self.port, limit=limit)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """A new connection: its reading task, and its ``hello``."""
        conn, out = self.dealer.open()
        link = Link(reader, writer, self._queue, max_line=self.dealer.limits.max_line,
                    clock=self.clock, tag=conn, max_backlog=self.max_backlog)  # fmt: skip
        self._links[id(conn)] = (link, conn)
        self._deliver(out)

    async def spawn(self, seat: int, argv: Sequence[str]) -> asyncio.subprocess.Process:
        """Start the program ``argv`` to play ``seat`` over its standard input and output
        (the same messages as over TCP).  It joins like any client, with the seat's token,
        which it finds in the environment variable ``POKERROOM_TOKEN``.  Its standard
        error is left to this process's."""
        env = {**os.environ, "POKERROOM_TOKEN": self.dealer.tokens[seat]}
        proc = await asyncio.create_subprocess_exec(
            *argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=env,
            limit=2 * self.dealer.limits.max_line,
        )
        assert proc.stdout is not None and proc.stdin is not None
        self._accept(proc.stdout, proc.stdin)
        self._procs.append(proc)
        return proc

    async def run(self) -> None:
        """Play the match to its end (after :meth:`start`), then close every connection."""
        try:
            await self._wait_for_players()
            self.started_at = self.clock()
            self._deliver(self.dealer.start(self.clock()))
            await self._play()
            self.finished_at = self.clock()
        finally:
            await self.close()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for link, _ in list(self._links.values()):
            await link.wait_closed()
        self._links.clear()
        for proc in self._procs:
            try:
                async with asyncio.timeout(30):
                    await proc.wait()
            except TimeoutError:
                proc.kill()
                await proc.wait()

    async def _wait_for_players(self) -> None:
        dealer = self.dealer
        deadline = None if self.start_timeout is None else self.clock() + self.start_timeout
        while not all(dealer.seated(s) for s in range(dealer.table.size)):
            left = None if deadline is None else deadline - self.clock()
            if left is not None and left <= 0:
                return
            try:
                async with asyncio.timeout(left):
                    event = await self._queue.get()
            except TimeoutError:
                return
            self._handle(event)

    async def _play(self) -> None:
        dealer = self.dealer
        while not dealer.finished:
            pending = dealer.pending
            assert pending is not None
            left = pending.deadline - self.clock()
            if left <= 0:
                self._deliver(dealer.expire(self.clock()))
                continue
            if not self._queue.empty():
                self._handle(self._queue.get_nowait())  # arrived in time: no timer needed
                continue
            try:
                async with asyncio.timeout(left):
                    event = await self._queue.get()
            except TimeoutError:
                self._deliver(dealer.expire(self.clock()))
                continue
            self._handle(event)

    def _handle(self, event: LinkEvent) -> None:
        conn = event.link.tag
        assert isinstance(conn, Connection)
        if event.closed:
            self.dealer.closed(conn)
            self._links.pop(id(conn), None)
            return
        self._deliver(self.dealer.receive(conn, event.line, event.at))

    def _deliver(self, out: Outbox) -> None:
        """Send the messages (one write per connection, in order), then close what is to
        be closed."""
        batches: dict[int, list[bytes]] = {}
        encoded: dict[int, bytes] = {}  # a message sent to many is encoded once
        for conn, message in out.messages:
            data = encoded.get(id(message))
            if data is None:
                data = encoded[id(message)] = encode(message)
            batches.setdefault(id(conn), []).append(data)
        for key, parts in batches.items():
            entry = self._links.get(key)
            if entry is not None and not entry[0].write(b"".join(parts)):
                self.dealer.closed(entry[1])
        for conn in out.close:
            entry = self._links.pop(id(conn), None)
            self.dealer.closed(conn)
            if entry is not None:
                entry[0].close()
