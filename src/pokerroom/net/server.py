"""The asyncio dealers: sockets, tasks and timeouts around the pure protocol cores.

One task reads each connection and puts its lines on the match's queue; one task owns
the match and is the only one to touch it.  The owner waits for the player to act with
``asyncio.timeout`` (the seat's time budget) and never waits on a socket: lines are
written without waiting for the peer to read them, and a peer that lets more than
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

__all__ = ["MAX_BACKLOG", "ACPCServer", "Link", "LinkEvent"]

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


class ACPCServer:
    """Serves one ACPC match on ``host``: a port per seat (``ports``; 0 or none: any free
    port), as the reference dealer does.

    ``log`` receives the log (header, a ``STATE:`` line per hand, ``SCORE:``) as it
    grows; ``transcript`` every line sent and received (``TO 1 at <time> ...``) and the
    notes (invalid actions, timeouts).  ``start_timeout`` bounds the wait for the
    players (seconds; ``None``: wait for ever).
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
        self._queue: asyncio.Queue[LinkEvent] = asyncio.Queue()
        self._servers: list[asyncio.Server | None] = [None] * n
        self._links: list[Link | None] = [None] * n
        self._pending: list[Link] = []
        self._logged = 0

    @property
    def game(self) -> GameDef:
        return self.dealer.game

    async def start(self) -> list[int]:
        """Listen on a port per seat; the ports, in seat order."""
        for seat in range(self.game.num_players):
            server = await asyncio.start_server(
                self._connected(seat), self.host, self.ports[seat], limit=2 * MAX_LINE
            )
            self._servers[seat] = server
            self.ports[seat] = server.sockets[0].getsockname()[1]
        return list(self.ports)

    def _connected(
        self, seat: int
    ) -> Callable[[asyncio.StreamReader, asyncio.StreamWriter], None]:
        def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            link = Link(reader, writer, self._queue, max_line=MAX_LINE, clock=self.clock,
                        tag=seat)  # fmt: skip
            self._pending.append(link)

        return accept

    async def run(self) -> list[str]:
        """Play the match to its end (after :meth:`start`); the log's lines."""
        try:
            await self._seat_players()
            self._note_log()
            self.started_at = self.clock()
            sent = self._send(self.dealer.start())
            await self._play(sent)
            self.finished_at = self.clock()
            self._note_log()
            return list(self.dealer.log)
        finally:
            await self.close()

    async def close(self) -> None:
        for server in self._servers:
            if server is not None:
                server.close()
        for link in [*self._links, *self._pending]:
            if link is not None:
                await link.wait_closed()

    # ---------------------------------------------------------------- seating

    async def _seat_players(self) -> None:
        """Wait until every seat has a player that sent its version line."""
        deadline = None if self.start_timeout is None else self.clock() + self.start_timeout
        while None in self._links:
            left = None if deadline is None else max(0.0, deadline - self.clock())
            try:
                async with asyncio.timeout(left):
                    event = await self._queue.get()
            except TimeoutError:
                missing = [s + 1 for s, link in enumerate(self._links) if link is None]
                raise TimeoutError(f"seats {missing} did not connect in time") from None
            link, seat = event.link, event.link.tag
            assert isinstance(seat, int)
            if event.closed or self._links[seat] is not None:
                if self._links[seat] is not link:
                    await link.wait_closed()
                continue
            text = (event.line or b"").decode("latin-1")
            try:
                version = read_version(text)
            except ACPCProtocolError as exc:
                link.write(f"# {exc.reason}\r\n".encode("latin-1", "replace"))
                self._note(f"seat {seat + 1}: {exc.reason}")
                await link.wait_closed()
                continue
            warning = version_warning(version)
            if warning:
                self._note(f"seat {seat + 1}: {warning}")
            self._links[seat] = link
            server = self._servers[seat]
            if server is not None:
                server.close()  # one player per seat, as the reference
        for link in self._pending:
            if link not in self._links:
                await link.wait_closed()
        self._pending = []
        if self.transcript is not None:
            self.transcript.write(f"STARTED at {time.time():.6f}\n")

    # ------------------------------------------------------------------- play

    async def _play(self, sent: float) -> None:
        dealer = self.dealer
        while not dealer.finished:
            actor = dealer.actor
            assert actor is not None
            link = self._links[actor]
            if link is None or link.closed:
                sent = self._send(dealer.expire(actor, 0.0, why="is disconnected"))
                continue
            left = dealer.budget(actor) - (self.clock() - sent)
            if left > 0 and not self._queue.empty():
                event = self._queue.get_nowait()  # arrived in time: no timer needed
            else:
                try:
                    async with asyncio.timeout(max(left, 0.0)):
                        event = await self._queue.get()
                except TimeoutError:
                    sent = self._send(dealer.expire(actor, self.clock() - sent))
                    continue
            seat = event.link.tag
            assert isinstance(seat, int)
            if event.link is not self._links[seat]:
                continue
            if event.closed:
                self._note(f"seat {seat + 1} disconnected")
                continue
            if event.line is None:
                self._note(f"seat {seat + 1}: a line over {MAX_LINE} bytes, ignored")
                continue
            line = event.line.decode("latin-1")
            if self.transcript is not None:
                self.transcript.write(f"FROM {seat + 1} at {time.time():.6f} {line}\r\n")
            elapsed = event.at - sent if seat == actor else 0.0
            step = dealer.receive(seat, line, elapsed)
            if step.acted:
                sent = self._send(step)
            else:
                for note in step.notes:
                    self._note(note)

    def _send(self, step: Step) -> float:
        """Send a step's lines (one write per seat) and write its notes and the log; the
        time they were sent."""
        for note in step.notes:
            self._note(note)
        lines: dict[int, list[str]] = {}
        for message in step.messages:
            line = f"{message.text}\r\n"
            lines.setdefault(message.seat, []).append(line)
            if self.transcript is not None:
                self.transcript.write(f"TO {message.seat + 1} at {time.time():.6f} {line}")
        for seat, text in lines.items():
            link = self._links[seat]
            data = "".join(text).encode("latin-1")
            if link is not None and not link.write(data) and link.dropped:
                self._note(f"seat {seat + 1} does not read what it is sent: disconnected")
        self._note_log()
        return self.clock()

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
