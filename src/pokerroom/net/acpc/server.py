"""The asyncio ACPC dealer around :class:`~pokerroom.net.acpc.dealer.ACPCDealer`.

:class:`ACPCServer` serves an ACPC match: one port per seat (each a
:class:`~pokerroom.net.links.Listener`), the ``VERSION`` handshake, the log, and a
transcript in the reference's format.  Its connections, timers and the operator's log
are :mod:`pokerroom.net.links`'.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TextIO

from pokerroom.history.acpc import GameDef
from pokerroom.net.acpc.dealer import ACPCDealer, Step
from pokerroom.net.acpc.protocol import (
    MAX_LINE,
    ACPCProtocolError,
    read_version,
    version_warning,
)
from pokerroom.net.links import Listener, Wire, log

__all__ = ["ACPCServer"]


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
            # the timer rings in the loop's time, the deadline is in the server's clock's
            loop = asyncio.get_running_loop()
            when = loop.time() + max(deadline - self.clock(), 0.0)
            timer = self._timer
            if timer is None or timer.when() > when:
                if timer is not None:
                    timer.cancel()
                self._timer = loop.call_at(when, self._alarm)
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
