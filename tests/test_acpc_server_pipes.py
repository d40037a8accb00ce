"""The ACPC server (``net/acpc/server.py``) in process: each seat's port is a stand-in
listener whose connections are socket pairs (no network), the clock is the test's, and
the timer's alarm is rung by hand once the clock has passed the deadline.  Expected
lines are worked out from the protocol's text (``protocols.md`` §1) and the game:
heads-up limit hold'em with reverse blinds (position 0 posts 10, position 1, the
button, posts 5 and acts first before the flop), the deal of seed 42 (the dealer's
module's doctest: hand 0 gives seat 0 ``7d3d``, seat 1 ``2hAc``; hand 1 seat 0 ``3d3h``,
seat 1 ``9h6s``), the seats rotating every hand."""

from __future__ import annotations

import asyncio
import io
import logging
import re
import socket
from collections.abc import Callable, Coroutine
from typing import Any, ClassVar, TypeVar

import pytest

from pokerroom.history.acpc import LIMIT_HEADS_UP, GameDef
from pokerroom.net.acpc import server as server_module
from pokerroom.net.acpc.dealer import ACPCDealer, Step, TimeLimits
from pokerroom.net.acpc.server import ACPCServer
from pokerroom.net.links import Wire

LIMIT = GameDef.parse(LIMIT_HEADS_UP)
T = TypeVar("T")
NOW = re.compile(r"at \d+\.\d{6}")


class Clock:
    """The server's clock: moved by the test alone."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Pipes:
    """Stands in for :class:`~pokerroom.net.links.Listener`: keeps what it was made with,
    and connects a socket pair to a wire its server makes (:meth:`connect`)."""

    made: ClassVar[list[Pipes]] = []  # (each test its own: the fixture)
    fail: ClassVar[set[int]] = set()

    def __init__(self, make: Callable[[], Wire], host: str, port: int, *,
                 max_connections: int | None = None) -> None:  # fmt: skip
        self.make = make
        self.host = host
        self.port = port
        self.max_connections = max_connections
        self.listening = False
        self.closes = 0
        self.made.append(self)

    async def start(self) -> int:
        if self.port in self.fail:
            raise OSError(98, "Address already in use")
        self.listening = True
        return self.port or 50000 + len(self.made)

    def close(self) -> None:
        self.listening = False
        self.closes += 1

    async def connect(self) -> Peer:
        ours, theirs = socket.socketpair()
        wire = self.make()
        await asyncio.get_running_loop().connect_accepted_socket(lambda: wire, ours)
        reader, writer = await asyncio.open_unix_connection(sock=theirs)
        return Peer(reader, writer, wire)


class Peer:
    """A player's end of a seat's connection."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 wire: Wire) -> None:  # fmt: skip
        self.reader = reader
        self.writer = writer
        self.wire = wire

    async def send(self, text: str) -> None:
        self.writer.write(f"{text}\r\n".encode())
        await self.writer.drain()
        await _settle()

    async def line(self) -> str:
        async with asyncio.timeout(1):
            return (await self.reader.readline()).decode()

    async def rest(self) -> bytes:
        """Everything until the server closes its side; then this side is closed too (as
        any client does: the server waits for it)."""
        async with asyncio.timeout(1):
            data = await self.reader.read()
        self.writer.close()
        return data

    def close(self) -> None:
        self.writer.close()


async def _settle() -> None:
    """Let the event loop deliver what was written (a few turns of it)."""
    for _ in range(5):
        await asyncio.sleep(0)


@pytest.fixture
def pipes(monkeypatch: pytest.MonkeyPatch) -> list[Pipes]:
    made: list[Pipes] = []
    monkeypatch.setattr(Pipes, "made", made)
    monkeypatch.setattr(Pipes, "fail", set())
    monkeypatch.setattr(server_module, "Listener", Pipes)
    return made


def run(coro: Coroutine[Any, Any, T], seconds: float = 5) -> T:
    async def bounded() -> T:
        async with asyncio.timeout(seconds):
            return await coro

    return asyncio.run(bounded())


def _dealer(hands: int = 2, **options: Any) -> ACPCDealer:
    return ACPCDealer(LIMIT, names=["Alice", "Bob"], hands=hands, seed=42, **options)


async def _seated(server: ACPCServer, made: list[Pipes]) -> tuple[asyncio.Task[list[str]],
                                                                list[Peer]]:  # fmt: skip
    """Start the server, seat both players, start the match: its task and the peers."""
    await server.start()
    peers = [await made[seat].connect() for seat in range(2)]
    match = asyncio.create_task(server.run())
    for peer in peers:
        await peer.send("VERSION:2.0.0")
    await _settle()
    return match, peers


async def _end(match: asyncio.Task[list[str]], *peers: Peer) -> tuple[list[str], list[bytes]]:
    """The match's end: its log, and what each peer was sent until then."""
    lines, *rests = await asyncio.gather(match, *(peer.rest() for peer in peers))
    return lines, rests


# ------------------------------------------------------------------- set-up


def test_ports_must_be_one_per_seat() -> None:
    with pytest.raises(ValueError, match=r"^3 ports for 2 seats$"):
        ACPCServer(_dealer(), ports=[1, 2, 3])
    with pytest.raises(ValueError, match=r"^1 ports for 2 seats$"):
        ACPCServer(_dealer(), ports=[1])


def test_a_new_server_has_played_nothing() -> None:
    server = ACPCServer(_dealer(), ports=[7, 8])
    assert server.ports == [7, 8] and server.host == "127.0.0.1"
    assert server.notes == [] and server.dropped == 0
    assert server.started_at == server.finished_at == 0.0
    assert server.game is server.dealer.game
    assert ACPCServer(_dealer()).ports == [0, 0]


def test_each_seat_listens_on_its_port_with_room_for_16_waiting(pipes: list[Pipes]) -> None:
    async def scenario() -> tuple[list[int], list[int]]:
        ports = [4001, 0]
        server = ACPCServer(_dealer(), host="::1", ports=ports)
        got = await server.start()
        ports[0] = 9  # the server keeps its own copy
        assert [p.listening for p in pipes] == [True, True]
        await server.close()
        assert [p.listening for p in pipes] == [False, False]
        await server.close()  # again: nothing more to close
        return got, server.ports

    got, kept = run(scenario())
    assert got == kept == [4001, 50002]  # the second any free port (the stand-in's)
    assert [(p.host, p.port, p.max_connections) for p in pipes] == [
        ("::1", 4001, 16), ("::1", 0, 16)]  # fmt: skip
    assert ACPCServer.MAX_WAITING == 16 and ACPCServer.VERSION_TIMEOUT == 30.0


def test_a_port_that_cannot_be_had_closes_those_opened(pipes: list[Pipes]) -> None:
    Pipes.fail.add(4002)

    async def scenario() -> None:
        server = ACPCServer(_dealer(), ports=[4001, 4002])
        with pytest.raises(OSError, match="Address already in use"):
            await server.start()

    run(scenario())
    assert [(p.listening, p.closes) for p in pipes] == [(False, 1), (False, 1)]


def test_run_before_start_is_refused() -> None:
    with pytest.raises(AssertionError, match=r"^start\(\) first$"):
        run(ACPCServer(_dealer()).run())


# ------------------------------------------------------------------- seating


def test_the_seats_not_taken_in_time_are_named(pipes: list[Pipes]) -> None:
    async def scenario() -> None:
        server = ACPCServer(_dealer(), start_timeout=0.01)
        await server.start()
        peer = await pipes[0].connect()
        await peer.send("VERSION:2.0.0")
        failed, rest = await asyncio.gather(server.run(), peer.rest(), return_exceptions=True)
        assert isinstance(failed, TimeoutError)
        assert str(failed) == "seats [2] did not connect in time"
        assert rest == b""  # closed, sent nothing

    run(scenario())


def test_a_bad_version_line_is_answered_noted_and_closed_and_the_seat_stays_free(
    pipes: list[Pipes],
) -> None:
    async def scenario() -> list[str]:
        transcript = io.StringIO()
        server = ACPCServer(_dealer(), transcript=transcript)
        await server.start()
        bad = await pipes[1].connect()
        await bad.send("HELLO")
        assert await bad.rest() == (b"# the first line must be the protocol version "
                                    b"(VERSION:2.0.0), not 'HELLO'\r\n")  # fmt: skip
        assert pipes[1].listening  # the seat's port is still open
        assert transcript.getvalue() == (
            "WARNING: seat 2: the first line must be the "
            "protocol version (VERSION:2.0.0), not 'HELLO'\n"
        )
        await server.close()
        return server.notes

    assert run(scenario()) == [
        "seat 2: the first line must be the protocol version (VERSION:2.0.0), not 'HELLO'"
    ]


def test_a_first_line_over_the_limit_is_no_version_line(pipes: list[Pipes]) -> None:
    async def scenario() -> list[str]:
        server = ACPCServer(_dealer())
        await server.start()
        long = await pipes[0].connect()
        await long.send("VERSION:2.0.0" + " " * 4083)  # 4,098 bytes with its line ending
        assert await long.rest() == (
            b"# the first line must be the protocol version (VERSION:2.0.0), not ''\r\n"
        )
        await server.close()
        return server.notes

    assert run(scenario()) == [
        "seat 1: the first line must be the protocol version (VERSION:2.0.0), not ''"
    ]


def test_a_version_the_dealer_does_not_speak_is_noted_and_seated(
    pipes: list[Pipes], caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> list[str]:
        server = ACPCServer(_dealer(hands=1))
        await server.start()
        peers = [await pipes[seat].connect() for seat in range(2)]
        match = asyncio.create_task(server.run())
        await peers[0].send("VERSION:3.1.4")
        assert not pipes[0].listening and pipes[1].listening  # a seat taken: its port shut
        await peers[1].send("VERSION:2.0.0")
        assert await peers[0].line() == "MATCHSTATE:0:0::7d3d|\r\n"
        await peers[1].send("MATCHSTATE:1:0::|2hAc:f")
        await _end(match, *peers)
        return server.notes

    with caplog.at_level(logging.INFO, logger="pokerroom.net"):
        notes = run(scenario())
    assert notes == ["seat 1: the player speaks version 3.1.4; this dealer speaks 2.0.0"]
    assert "seat 1: a pipe connected (version 3.1.4)" in caplog.messages
    assert "seat 2: a pipe connected (version 2.0.0)" in caplog.messages


def test_connections_that_do_not_say_their_version_in_time_are_closed(
    pipes: list[Pipes],
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> list[str]:
        server = ACPCServer(_dealer(hands=1))
        server.VERSION_TIMEOUT = 0.05
        await server.start()
        silent = await pipes[0].connect()
        seated = await pipes[0].connect()
        await seated.send("VERSION:2.0.0")
        await asyncio.sleep(0.1)
        assert await silent.rest() == b""
        assert not seated.wire.closed  # seated in time: kept
        await asyncio.gather(server.close(), seated.rest())
        return server.notes

    with caplog.at_level(logging.DEBUG, logger="pokerroom.net"):
        notes = run(scenario())
    assert notes == ["seat 1: a pipe sent no version line in 0.05 s: closed"]
    assert "a pipe: connected to seat 1's port" in caplog.messages


def test_a_second_player_for_a_seat_taken_is_closed(pipes: list[Pipes]) -> None:
    async def scenario() -> None:
        server = ACPCServer(_dealer(hands=1))
        await server.start()
        first = await pipes[0].connect()
        second = await pipes[0].connect()  # waiting when the first is seated
        await first.send("VERSION:2.0.0")
        await second.send("VERSION:2.0.0")
        assert await second.rest() == b""
        assert server._wires[0] is first.wire
        await asyncio.gather(server.close(), first.rest())

    run(scenario())


def test_connections_left_waiting_are_closed_when_play_begins(pipes: list[Pipes]) -> None:
    async def scenario() -> None:
        server = ACPCServer(_dealer(hands=1))
        await server.start()
        waiting = await pipes[1].connect()
        match, peers = await _seated(server, pipes)
        assert await waiting.rest() == b""
        assert await peers[0].line() == "MATCHSTATE:0:0::7d3d|\r\n"
        await peers[1].send("MATCHSTATE:1:0::|2hAc:f")
        await _end(match, *peers)

    run(scenario())


# ------------------------------------------------------------------- play


def test_a_match_is_sent_logged_and_transcribed_line_by_line(pipes: list[Pipes]) -> None:
    clock = Clock(100.0)
    log, transcript = io.StringIO(), io.StringIO()

    async def scenario() -> list[str]:
        server = ACPCServer(_dealer(hands=2), log=log, transcript=transcript, clock=clock)
        match, (alice, bob) = await _seated(server, pipes)
        assert server.started_at == 100.0
        assert await alice.line() == "MATCHSTATE:0:0::7d3d|\r\n"
        assert await bob.line() == "MATCHSTATE:1:0::|2hAc\r\n"
        clock.now = 101.5
        await bob.send("MATCHSTATE:1:0::|2hAc:f")
        assert server.dealer.used_match == [0.0, 1.5]  # the seat's time: sent to read
        assert [await alice.line(), await alice.line()] == [
            "MATCHSTATE:0:0:f:7d3d|\r\n", "MATCHSTATE:1:1::|3d3h\r\n"]  # fmt: skip
        assert [await bob.line(), await bob.line()] == [
            "MATCHSTATE:1:0:f:|2hAc\r\n", "MATCHSTATE:0:1::9h6s|\r\n"]  # fmt: skip
        clock.now = 103.0
        await alice.send("MATCHSTATE:1:1::|3d3h:f")
        assert server.dealer.used_match == [1.5, 1.5]
        lines, rests = await _end(match, alice, bob)
        assert server.finished_at == 103.0
        assert rests == [b"MATCHSTATE:1:1:f:|3d3h\r\n", b"MATCHSTATE:0:1:f:9h6s|\r\n"]
        return lines

    lines = run(scenario())
    header = [
        "# name/game/hands/seed match game 2 42",
        "#--t_response 600000",
        "#--t_hand 600000",
        "#--t_per_hand 7000",
    ]
    played = ["STATE:0:f:7d3d|2hAc:5|-5:Alice|Bob", "STATE:1:f:9h6s|3d3h:5|-5:Bob|Alice",
              "SCORE:0|0:Alice|Bob"]  # fmt: skip
    assert lines == header + played
    assert log.getvalue() == "".join(f"{line}\n" for line in header + played)
    text = NOW.sub("at T", transcript.getvalue())
    assert text.split("\n") == [
        "STARTED at T",
        "TO 1 at T MATCHSTATE:0:0::7d3d|\r",
        "TO 2 at T MATCHSTATE:1:0::|2hAc\r",
        "FROM 2 at T MATCHSTATE:1:0::|2hAc:f\r",
        "TO 1 at T MATCHSTATE:0:0:f:7d3d|\r",
        "TO 2 at T MATCHSTATE:1:0:f:|2hAc\r",
        "TO 1 at T MATCHSTATE:1:1::|3d3h\r",
        "TO 2 at T MATCHSTATE:0:1::9h6s|\r",
        "FROM 1 at T MATCHSTATE:1:1::|3d3h:f\r",
        "TO 1 at T MATCHSTATE:1:1:f:|3d3h\r",
        "TO 2 at T MATCHSTATE:0:1:f:9h6s|\r",
        "",
    ]


class Written(io.StringIO):
    """A log file that keeps each write and counts the flushes."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[str] = []
        self.flushes = 0

    def write(self, text: str) -> int:
        self.writes.append(text)
        return super().write(text)

    def flush(self) -> None:
        self.flushes += 1
        super().flush()


def test_the_log_grows_hand_by_hand_as_the_match_goes(pipes: list[Pipes]) -> None:
    log = Written()

    async def scenario() -> None:
        server = ACPCServer(_dealer(hands=2), log=log)
        match, (alice, bob) = await _seated(server, pipes)
        assert log.getvalue().count("\n") == 4  # the header, before any hand
        await bob.send("MATCHSTATE:1:0::|2hAc:f")
        assert log.getvalue().endswith("#--t_per_hand 7000\nSTATE:0:f:7d3d|2hAc:5|-5:Alice|Bob\n")
        await alice.send("MATCHSTATE:1:1::|3d3h:f")
        await _end(match, alice, bob)

    run(scenario())
    assert log.getvalue().count("\n") == 7  # the header, two hands, the score
    # written and flushed once for the header, once a hand (the last with the score)
    assert [w.count("\n") for w in log.writes] == [4, 1, 2]
    assert log.flushes == 3


def test_lines_before_the_match_and_from_the_seat_not_to_act_are_not_taken(
    pipes: list[Pipes],
) -> None:
    async def scenario() -> ACPCServer:
        server = ACPCServer(_dealer(hands=1))
        await server.start()
        alice = await pipes[0].connect()
        bob = await pipes[1].connect()
        match = asyncio.create_task(server.run())
        await alice.send("VERSION:2.0.0")
        await alice.send("MATCHSTATE:0:0::7d3d|:c")  # before the match: nothing to answer
        assert server.notes == []
        await bob.send("VERSION:2.0.0")
        assert await bob.line() == "MATCHSTATE:1:0::|2hAc\r\n"
        await alice.send("MATCHSTATE:0:0::7d3d|:c")  # not to act
        await alice.send("# a comment")
        assert server.notes == ["seat 1: ignoring un-requested response (not to act)"]
        await bob.send("MATCHSTATE:1:0::|2hAc:f")
        await _end(match, alice, bob)
        return server

    server = run(scenario())
    assert server.dealer.log[-1] == "SCORE:5|-5:Alice|Bob"


def test_a_line_over_the_limit_is_noted_and_the_seat_plays_on(pipes: list[Pipes]) -> None:
    async def scenario() -> list[str]:
        server = ACPCServer(_dealer(hands=1))
        match, (alice, bob) = await _seated(server, pipes)
        await bob.send("x" * 4096)  # 4,098 bytes with its line ending
        await bob.send("MATCHSTATE:1:0::|2hAc:f")
        await _end(match, alice, bob)
        return server.notes

    assert run(scenario()) == ["seat 2: a line over 4096 bytes, ignored"]


def test_an_answer_after_the_deadline_is_too_late_and_the_seat_gets_the_default(
    pipes: list[Pipes],
) -> None:
    clock = Clock(10.0)
    limits = TimeLimits(response=2.0, hand=5.0, per_hand=4.0)

    async def scenario() -> ACPCServer:
        server = ACPCServer(_dealer(hands=1, limits=limits), clock=clock)
        match, (alice, bob) = await _seated(server, pipes)
        clock.now = 12.0  # exactly the deadline: too late
        await bob.send("MATCHSTATE:1:0::|2hAc:c")
        await _end(match, alice, bob)
        return server

    server = run(scenario())
    # the call came too late: bob folded by default; the late line is then not current
    assert server.notes == [
        "seat 2 ran out of time: fold",
        "seat 2: ignoring a line: no hand in play",
    ]
    assert server.dealer.used_match == [0.0, 2.0]
    assert server.dealer.log[-2] == "STATE:0:f:7d3d|2hAc:5|-5:Alice|Bob"


def test_an_answer_just_before_the_deadline_is_taken(pipes: list[Pipes]) -> None:
    clock = Clock(0.0)
    limits = TimeLimits(response=2.0, hand=5.0, per_hand=4.0)

    async def scenario() -> ACPCServer:
        server = ACPCServer(_dealer(hands=1, limits=limits), clock=clock)
        match, (alice, bob) = await _seated(server, pipes)
        clock.now = 1.999
        await bob.send("MATCHSTATE:1:0::|2hAc:f")
        await _end(match, alice, bob)
        return server

    server = run(scenario())
    assert server.notes == []
    assert server.dealer.used_match == [0.0, 1.999]


def test_the_alarm_defaults_the_seat_to_act_once_its_time_is_out(pipes: list[Pipes]) -> None:
    clock = Clock(10.0)
    limits = TimeLimits(response=2.0, hand=5.0, per_hand=4.0)

    async def scenario() -> ACPCServer:
        server = ACPCServer(_dealer(hands=1, limits=limits), clock=clock)
        loop = asyncio.get_running_loop()
        before = loop.time()
        match, (alice, bob) = await _seated(server, pipes)
        after = loop.time()
        timer = server._timer
        assert timer is not None  # armed 2 s (the clock's) from the states sent
        assert before + 2.0 <= timer.when() <= after + 2.0
        clock.now = 11.5
        before = loop.time()
        server._alarm()  # early: nothing, the timer armed again for what is left
        after = loop.time()
        assert server.notes == [] and server.dealer.actor == 1
        timer = server._timer
        assert timer is not None
        assert before + 0.5 <= timer.when() <= after + 0.5
        clock.now = 12.0
        server._alarm()
        assert server._timer is None
        await _end(match, alice, bob)
        return server

    server = run(scenario())
    assert server.notes == ["seat 2 ran out of time: fold"]
    assert server.dealer.used_match == [0.0, 2.0]


def test_the_alarm_after_the_match_does_nothing(pipes: list[Pipes]) -> None:
    async def scenario() -> None:
        server = ACPCServer(_dealer(hands=1))
        match, (alice, bob) = await _seated(server, pipes)
        await bob.send("MATCHSTATE:1:0::|2hAc:f")
        await _end(match, alice, bob)
        server._alarm()  # a timer's last ring, after the end
        assert server.notes == []

    run(scenario())


def test_the_alarm_before_the_match_does_nothing() -> None:
    async def scenario() -> ACPCServer:
        server = ACPCServer(_dealer(hands=1), clock=Clock(5.0))
        server._alarm()
        return server

    server = run(scenario())
    assert server.notes == [] and server.dealer.hand_number == -1


def test_only_the_first_failure_ends_the_match() -> None:
    async def scenario() -> None:
        server = ACPCServer(_dealer())
        server._fail(ValueError("before start"))  # no match to end: nothing
        server._done = asyncio.get_running_loop().create_future()
        server._guarded(lambda: server._fail(ValueError("first")))
        server._fail(ValueError("second"))
        assert str(server._done.exception()) == "first"

    run(scenario())


def test_the_timer_is_moved_earlier_only_when_the_deadline_is_earlier(
    pipes: list[Pipes],
) -> None:
    """The timer rings at the earliest deadline: a later one keeps it (the alarm then
    re-arms), an earlier one moves it.  The clock is the test's, not the loop's: the
    comparison must be made in the loop's time."""
    clock = Clock(0.0)
    limits = TimeLimits(response=3.0, hand=600.0, per_hand=1.0)  # 2 s a seat in 2 hands

    async def scenario() -> None:
        server = ACPCServer(_dealer(hands=2, limits=limits), clock=clock)
        loop = asyncio.get_running_loop()
        match, (alice, bob) = await _seated(server, pipes)
        first = server._timer
        assert first is not None and server._deadline == 2.0
        clock.now = 1.5
        await bob.send("MATCHSTATE:1:0::|2hAc:c")  # alice's deadline 1.5 + 2: later
        assert server._timer is first and server._deadline == 3.5
        await alice.send(f"{server.dealer.text(0)}:c")  # the flop: alice first, later still
        assert server._timer is first and server._deadline == 3.5
        before = loop.time()
        await alice.send(f"{server.dealer.text(0)}:c")  # bob: 0.5 s left, at 2.0: earlier
        after = loop.time()
        moved = server._timer
        assert moved is not first and moved is not None and first.cancelled()
        assert server._deadline == 2.0
        assert before + 0.5 <= moved.when() <= after + 0.5
        match.cancel()
        await asyncio.gather(match, alice.rest(), bob.rest(), return_exceptions=True)

    run(scenario())


def test_a_disconnected_player_folds_from_then_on(pipes: list[Pipes]) -> None:
    async def scenario() -> ACPCServer:
        server = ACPCServer(_dealer(hands=2), clock=Clock(0.0))
        match, (alice, bob) = await _seated(server, pipes)
        bob.close()  # gone before its first answer
        await _settle()
        assert server.notes == ["seat 2 disconnected (a pipe)", "seat 2 is disconnected: fold"]
        await alice.send("MATCHSTATE:1:1::|3d3h:f")  # hand 1: alice, the button, to act
        _, rests = await _end(match, alice)
        assert rests == [
            b"MATCHSTATE:0:0::7d3d|\r\nMATCHSTATE:0:0:f:7d3d|\r\n"
            b"MATCHSTATE:1:1::|3d3h\r\nMATCHSTATE:1:1:f:|3d3h\r\n"
        ]
        return server

    server = run(scenario())
    assert server.notes == ["seat 2 disconnected (a pipe)", "seat 2 is disconnected: fold"]
    assert server.dealer.used_match == [0.0, 0.0]  # no time charged for it
    assert server.dealer.faults == [(1, "hand 0: seat 2 is disconnected: fold")]
    assert server.dealer.log[-1] == "SCORE:0|0:Alice|Bob"


def test_a_line_the_dealer_cannot_take_disconnects_its_seat(
    pipes: list[Pipes],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def scenario() -> ACPCServer:
        server = ACPCServer(_dealer(hands=1))
        real = server.dealer.receive

        def receive(seat: int, line: str, elapsed: float = 0.0) -> Step:
            if "boom" in line:
                raise ValueError("boom")
            return real(seat, line, elapsed)

        monkeypatch.setattr(server.dealer, "receive", receive)
        match, (alice, bob) = await _seated(server, pipes)
        await bob.send("boom")
        _, rests = await _end(match, alice, bob)
        assert rests[1] == b"MATCHSTATE:1:0::|2hAc\r\n"  # reset: nothing after
        return server

    with caplog.at_level(logging.ERROR, logger="pokerroom.net"):
        server = run(scenario())
    assert caplog.messages == ["seat 2 (a pipe): a line the dealer could not take: b'boom'"]
    assert server.notes == [
        "seat 2: a line the dealer could not take (ValueError('boom')): disconnected",
        "seat 2 is disconnected: fold",
    ]


def test_a_failure_of_the_dealer_ends_the_match_with_it(
    pipes: list[Pipes],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def scenario() -> None:
        server = ACPCServer(_dealer(hands=1))

        def broken() -> Step:
            raise RuntimeError("no cards")

        monkeypatch.setattr(server.dealer, "start", broken)
        match, peers = await _seated(server, pipes)
        with pytest.raises(RuntimeError, match=r"^no cards$"):
            await _end(match, *peers)

    run(scenario())


class _Stub:
    """A seat's connection that takes no more: written to, it says it dropped the peer."""

    def __init__(self, seat: int, *, drops: bool) -> None:
        self.tag = seat
        self.peer = f"peer{seat}"
        self.max_backlog = 123
        self.closed = False
        self.dropped = False
        self.drops = drops
        self.data: list[bytes] = []

    def write(self, data: bytes) -> bool:
        self.data.append(data)
        if self.drops:
            self.dropped = True
            return False
        return True


def test_a_seat_that_does_not_read_is_dropped_counted_and_noted() -> None:
    async def scenario() -> ACPCServer:
        server = ACPCServer(_dealer(hands=1))
        server._wires = [_Stub(0, drops=False), _Stub(1, drops=True)]  # type: ignore[list-item]
        server._send(server.dealer.start())
        server._write(0, "")  # nothing to write: not written
        server._write(1, "# again\r\n")
        return server

    server = run(scenario())
    assert server.dropped == 2
    assert (
        server.notes
        == ["seat 2 does not read what it is sent (peer1, over 123 bytes unread): dropped"] * 2
    )
    assert server._wires[0].data == [b"MATCHSTATE:0:0::7d3d|\r\n"]  # type: ignore[union-attr]


def test_notes_go_to_the_operators_log(caplog: pytest.LogCaptureFixture) -> None:
    server = ACPCServer(_dealer())
    with caplog.at_level(logging.WARNING, logger="pokerroom.net"):
        server._note("seat 1: something")
    assert caplog.messages == ["seat 1: something"]
    assert server.notes == ["seat 1: something"]
