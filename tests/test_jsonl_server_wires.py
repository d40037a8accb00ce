"""The asyncio JSON-lines server (:mod:`pokerroom.net.jsonl.server`) driven in this
process: connections over ``socket.socketpair()`` and an event loop on a virtual clock
(:mod:`jsonl_helpers`), so every write the server makes is seen with its exact time,
timeouts of a minute take no time, and no test opens a network socket (but the one that
checks the listener's caps, on loopback).

The expected transcripts are worked out from the module's promises: a line read is
answered at once, one write per connection; what goes to a player not to act waits until
its next write or :data:`~pokerroom.net.jsonl.server.PLAYER_DELAY` (0.05 s), what goes to
spectators :data:`~pokerroom.net.jsonl.server.SPECTATOR_DELAY` (0.05 s); a decision's
deadline is its budget after it is asked; a connection neither joined nor watching is
closed after ``join_timeout``; every connection is told ``bye`` at the end.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import string
from typing import Any

import pytest

from jsonl_helpers import START, Peer, in_process, match_dealer, run_virtual, settle
from pokerroom.jsonproto.dealer import JSONDealer, Outbox
from pokerroom.jsonproto.messages import Connection
from pokerroom.net.jsonl import server as server_module
from pokerroom.net.jsonl.server import (
    PLAYER_DELAY,
    SPECTATOR_DELAY,
    TOKEN_ALPHABET,
    TOKEN_LENGTH,
    JSONServer,
    ServerCounts,
    seat_tokens,
)
from pokerroom.net.links import CLOSE_GRACE, MAX_BACKLOG, Wire

LOG = "pokerroom.net"


def answer(act: dict[str, Any]) -> dict[str, Any]:
    """A check or call (or the showdown's first choice) for an ``act`` message."""
    kinds = act["view"]["legal"]["kinds"]
    kind = next(k for k in ("check", "call", "show", "fold") if k in kinds)
    return {"type": "action", "hand": act["hand"], "seq": act["seq"], "action": kind}


async def player(peer: Peer, token: str, delay: float) -> None:
    """Join with ``token`` and answer every ``act`` ``delay`` seconds after it came."""
    peer.send({"type": "join", "token": token})
    while True:
        try:
            message = await peer.until("act", "bye")
        except ConnectionError:
            return
        if message["type"] == "bye":
            return
        await asyncio.sleep(delay)
        peer.send(answer(message))


def at(peer: Peer) -> list[tuple[float, list[str]]]:
    """The peer's writes, their times from the start."""
    return [(round(when - START, 6), types) for when, types in peer.writes]


def server_of(dealer: JSONDealer, **options: Any) -> JSONServer:
    loop = asyncio.get_running_loop()
    return in_process(JSONServer(dealer, clock=loop.time, **options))


# ------------------------------------------------------------------- tokens


def test_seat_tokens_are_24_letters_or_digits_each_different() -> None:
    assert string.ascii_letters + string.digits == TOKEN_ALPHABET
    assert TOKEN_LENGTH == 24
    for count in (0, 1, 2, 5):
        tokens = seat_tokens(count)
        assert len(tokens) == count == len(set(tokens))
        assert all(len(t) == 24 and set(t) <= set(TOKEN_ALPHABET) for t in tokens)


def test_a_token_drawn_twice_is_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    letters = iter("a" * 24 + "a" * 24 + "b" * 24)
    seen: list[str] = []

    def choice(alphabet: str) -> str:
        seen.append(alphabet)
        return next(letters)

    monkeypatch.setattr(server_module.secrets, "choice", choice)
    assert seat_tokens(2) == ["a" * 24, "b" * 24]
    assert seen == [TOKEN_ALPHABET] * 72


def test_the_counts_start_at_zero() -> None:
    assert ServerCounts() == ServerCounts(0, 0, 0, 0, 0)
    counts = ServerCounts()
    assert (counts.accepted, counts.refused, counts.dropped, counts.idle, counts.failed) == (
        0, 0, 0, 0, 0)  # fmt: skip


def test_the_server_hands_its_address_and_caps_to_its_listener() -> None:
    dealer = match_dealer()
    server = JSONServer(dealer)
    listener = server._listener
    assert (server.host, server.port) == ("127.0.0.1", 0)
    assert (listener.host, listener.port) == ("127.0.0.1", 0)
    assert (listener.max_connections, listener.max_per_address) == (256, 64)
    assert listener.refusal is not None
    assert listener.refusal("why") == b'{"type":"bye","reason":"why"}\n'
    other = JSONServer(dealer, host="::1", port=7777, max_connections=3, max_per_address=None)
    listener = other._listener
    assert (other.host, other.port) == ("::1", 7777)
    assert (listener.host, listener.port) == ("::1", 7777)
    assert (listener.max_connections, listener.max_per_address) == (3, None)


# ------------------------------------------------------------------- a match


def test_each_moment_is_one_write_and_players_not_to_act_wait_at_most_005_s() -> None:
    """Heads-up, one hand: seat 0 answers 1 s after each ``act``, seat 1 after 2 s, a
    spectator watches.  Worked out from the rules (the button, seat 0, acts first before
    the flop and last after it) and the module's promises: the seat to act is written to
    at once; the other player's lines wait 0.05 s unless it is asked to act first; the
    spectator's lines wait 0.05 s, and at the end go out at once before its ``bye``."""

    async def main() -> tuple[JSONServer, list[Peer]]:
        dealer = match_dealer(hands=1)
        server = server_of(dealer)
        assert PLAYER_DELAY == SPECTATOR_DELAY == 0.05
        assert await server.start() == 4321
        match = asyncio.create_task(server.run())
        a, b, s = [await Peer.to(server, name) for name in "ABS"]
        s.send({"type": "watch"})
        watching = asyncio.create_task(s.rest())
        await asyncio.gather(player(a, "t0", 1.0), player(b, "t1", 2.0))
        await match
        await watching
        return server, [a, b, s]

    server, (a, b, s) = run_virtual(main())
    deal = ["hand", "event", "event", "event", "event"]
    assert at(a) == [
        (0.0, ["hello"]), (0.0, ["welcome"]), (0.0, [*deal, "act"]),
        (1.05, ["accepted", "event"]),  # A's call, held while B decides
        (3.05, ["event", "event", "event"]),  # B's check and the flop
        (5.0, ["event", "act"]),  # B checks: A's turn
        (6.05, ["accepted", "event", "event", "event"]),
        (8.0, ["event", "act"]),
        (9.05, ["accepted", "event", "event", "event"]),
        (11.0, ["event", "act"]),
        (12.05, ["accepted", "event"]),
        (14.0, ["event", "act"]),
        (15.0, ["accepted", "event", "event", "hand_end", "match_end", "bye"]),
    ]  # fmt: skip
    assert at(b) == [
        (0.0, ["hello"]), (0.0, ["welcome"]), (0.0, deal),
        (1.0, ["event", "act"]),
        (3.0, ["accepted", "event", "event", "event", "act"]),
        (5.05, ["accepted", "event"]),
        (6.0, ["event", "event", "event", "act"]),
        (8.05, ["accepted", "event"]),
        (9.0, ["event", "event", "event", "act"]),
        (11.05, ["accepted", "event"]),
        (12.0, ["event", "act"]),
        (14.05, ["accepted", "event"]),
        (15.0, ["event", "event", "hand_end", "match_end", "bye"]),
    ]  # fmt: skip
    assert at(s) == [
        (0.0, ["hello"]), (0.0, ["welcome"]), (0.05, deal),
        (1.05, ["event"]), (3.05, ["event"] * 3), (5.05, ["event"]), (6.05, ["event"] * 3),
        (8.05, ["event"]), (9.05, ["event"] * 3), (11.05, ["event"]), (12.05, ["event"]),
        (14.05, ["event"]),
        (15.0, ["event", "event", "hand_end", "match_end"]),
        (15.0, ["bye"]),
    ]  # fmt: skip
    # what each was written is what it read, the spectator told the match is over
    assert [t for _, types in a.writes for t in types] == a.types()
    assert [t for _, types in s.writes for t in types] == s.types()
    assert s.received[-1] == {"type": "bye", "reason": "the match is over"}
    assert (server.started_at, server.finished_at) == (START, START + 15.0)
    assert server.counts == ServerCounts(accepted=3, refused=7)


def test_the_wires_take_the_servers_limits_and_clock() -> None:
    async def main() -> None:
        dealer = match_dealer(hands=1)
        server = server_of(dealer, max_backlog=1234, grace=2.5)
        default = server_of(match_dealer(hands=1))
        await server.start()
        peer = await Peer.to(server, "A")
        other = await Peer.to(default, "B")
        wire = peer.wire
        assert wire is not None and other.wire is not None
        assert (wire.max_backlog, wire.grace, wire.clock) == (1234, 2.5, server.clock)
        assert (other.wire.max_backlog, other.wire.grace) == (MAX_BACKLOG, CLOSE_GRACE)
        assert wire._buffer.max_line == dealer.limits.max_line == 65536
        assert wire in server._live and other.wire not in server._live
        assert isinstance(wire.tag, Connection)
        assert server._wires == {wire.tag: wire}
        peer.writer.close()
        await wire.gone
        await settle()
        assert wire not in server._live and server._wires == {}

    run_virtual(main())


def test_a_match_waits_for_every_seat_then_starts_at_once() -> None:
    async def main() -> None:
        server = server_of(match_dealer(hands=1))
        await server.start()
        match = asyncio.create_task(server.run())
        a = await Peer.to(server, "A")
        a.send({"type": "join", "token": "t0"})
        await asyncio.sleep(500)
        assert not server.dealer.started
        b = await Peer.to(server, "B")
        b.send({"type": "join", "token": "t1"})
        await settle()
        assert server.dealer.started and server.started_at == START + 500
        server.stop("enough")
        await match
        assert (await a.rest())[-1] == {"type": "bye", "reason": "enough"}

    run_virtual(main())


def test_start_timeout_starts_without_the_seats_missing(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, LOG)

    async def main() -> JSONServer:
        server = server_of(match_dealer(hands=1, budget=1.0), start_timeout=2.5)
        await server.start()
        match = asyncio.create_task(server.run())
        b = await Peer.to(server, "B")
        b.send({"type": "join", "token": "t1"})
        await match
        return server

    server = run_virtual(main())
    assert server.started_at == START + 2.5
    assert "starting without seats [0]: none joined in 2.5 s" in caplog.messages
    assert "the match starts" in caplog.messages
    assert server.dealer.finished


def test_stopped_before_the_start_the_match_never_starts(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, LOG)

    async def main() -> tuple[JSONServer, list[dict[str, Any]]]:
        server = server_of(match_dealer(hands=1), start_timeout=100)
        await server.start()
        match = asyncio.create_task(server.run())
        a = await Peer.to(server, "A")
        a.send({"type": "join", "token": "t0"})
        await asyncio.sleep(3)
        server.stop("the room is closing")
        await match
        return server, await a.rest()

    server, received = run_virtual(main())
    assert not server.dealer.started and server.started_at == 0.0
    assert server.finished_at == START + 3
    assert [m["type"] for m in received] == ["hello", "welcome", "bye"]
    assert received[-1]["reason"] == "the room is closing"
    assert "stopping: the room is closing" in caplog.messages
    assert "the match starts" not in caplog.messages


def test_stopped_mid_match_every_connection_is_told_why() -> None:
    async def main() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        server = server_of(match_dealer(hands=3))
        await server.start()
        match = asyncio.create_task(server.run())
        a, b = await Peer.to(server, "A"), await Peer.to(server, "B")
        a.send({"type": "join", "token": "t0"})
        b.send({"type": "join", "token": "t1"})
        await asyncio.sleep(10)
        server.stop("stopped by the operator")
        await match
        assert server.finished_at == START + 10 and not server.dealer.finished
        return await a.rest(), await b.rest()

    for received in run_virtual(main()):
        assert received[-1] == {"type": "bye", "reason": "stopped by the operator"}
        assert "match_end" not in [m["type"] for m in received]


def test_stopped_before_it_listens_the_server_stops_quietly() -> None:
    server = JSONServer(match_dealer())
    server.stop("never mind")  # (no event loop, no futures yet: nothing to end)
    assert server._stopped == "never mind"
    server._moved()  # the match not started, nobody waiting to be told


def test_run_before_start_is_refused() -> None:
    async def main() -> None:
        server = server_of(match_dealer())
        with pytest.raises(AssertionError, match=r"^start\(\) first$"):
            await server.run()

    run_virtual(main())


# ------------------------------------------------------------------- decisions and time


def test_a_decision_unanswered_gets_the_default_at_exactly_its_budget() -> None:
    async def main() -> list[Peer]:
        server = server_of(match_dealer(hands=1, budget=7.5))
        await server.start()
        match = asyncio.create_task(server.run())
        a, b = await Peer.to(server, "A"), await Peer.to(server, "B")
        a.send({"type": "join", "token": "t0"})
        b.send({"type": "join", "token": "t1"})
        readers = [asyncio.create_task(p.rest()) for p in (a, b)]
        await match
        await asyncio.gather(*readers)
        return [a, b]

    a, b = run_virtual(main())
    defaults = [(round(t - START, 6), m["reason"]) for t, m in zip(a.times, a.received, strict=True)
                if m["type"] == "default"]  # fmt: skip
    assert defaults == [(7.5, "timeout")]  # A folds by default: the hand is over
    assert a.received[-1]["type"] == b.received[-1]["type"] == "bye"
    assert round(b.times[-1] - START, 6) == 7.5


def test_when_time_runs_out_the_seat_to_act_next_is_written_to_first() -> None:
    """Seat 0 never answers: at 7.5 s it folds by default, and the second hand is dealt
    with seat 1 (its button now) to act first: seat 1's lines go out before seat 0's."""

    async def main() -> tuple[list[tuple[str, float]], Peer]:
        order: list[tuple[str, float]] = []
        server = server_of(match_dealer(hands=2, budget=7.5))
        await server.start()
        match = asyncio.create_task(server.run())
        a, b = await Peer.to(server, "A", order), await Peer.to(server, "B", order)
        a.send({"type": "join", "token": "t0"})
        b.send({"type": "join", "token": "t1"})
        await b.until("act")  # (hand 2: B acts first)
        server.stop("done")
        await match
        return order, b

    order, b = run_virtual(main())
    at_expiry = [name for name, when in order if when == START + 7.5]
    assert at_expiry[:2] == ["B", "A"]
    assert at(b)[-2][0] == 7.5 and at(b)[-2][1][-1] == "act"


def test_alone_at_the_table_a_players_lines_wait_while_the_empty_seat_decides() -> None:
    """Seat 1 never comes (the match starts without it at 0.5 s).  Seat 0 calls at 1.5 s;
    the empty seat's decision is next, so what seat 0 is told waits 0.05 s, though it is
    the only connection written to."""

    async def main() -> list[tuple[float, list[str]]]:
        server = server_of(match_dealer(hands=1, budget=10.0), start_timeout=0.5)
        await server.start()
        match = asyncio.create_task(server.run())
        a = await Peer.to(server, "A")
        a.send({"type": "join", "token": "t0"})
        act = await a.until("act")
        await asyncio.sleep(1)
        a.send(answer(act))
        server_task = asyncio.create_task(a.until("bye"))
        await match
        await server_task
        return at(a)

    writes = run_virtual(main())
    assert writes[2][0] == 0.5 and writes[2][1][-1] == "act"
    assert writes[3] == (1.55, ["accepted", "event"])


def test_after_the_end_the_match_is_over_once() -> None:
    async def main() -> None:
        server = server_of(match_dealer(hands=1, budget=1.0), start_timeout=0.5)
        await server.start()
        await server.run()  # nobody came: every decision timed out
        server._moved()  # (a connection gone after the end): nothing set twice
        server._moved()
        assert server._done is not None and server._done.result() is None

    run_virtual(main())


def test_a_write_to_a_connection_closing_is_not_a_drop() -> None:
    async def main() -> JSONServer:
        server = server_of(match_dealer())
        await server.start()
        peer = await Peer.to(server, "A")
        assert peer.wire is not None and peer.wire.transport is not None
        conn = peer.wire.tag
        assert isinstance(conn, Connection)
        peer.wire.transport.close()  # closing: the loss is told later
        server._send(conn, b'{"type":"pong","id":1}\n')
        assert server._wires == {conn: peer.wire}
        return server

    assert run_virtual(main()).counts.dropped == 0


def late_line(offset: float) -> tuple[list[str], float]:
    """Seat 0's answer read when the server's clock says ``offset`` seconds past its
    decision's deadline (the loop's timer not fired yet): the types seat 0 is sent."""

    async def main() -> tuple[list[str], float]:
        loop = asyncio.get_running_loop()
        skew = [0.0]
        dealer = match_dealer(hands=1, budget=10.0)
        server = in_process(JSONServer(dealer, clock=lambda: loop.time() + skew[0]))
        await server.start()
        match = asyncio.create_task(server.run())
        a, b = await Peer.to(server, "A"), await Peer.to(server, "B")
        a.send({"type": "join", "token": "t0"})
        b.send({"type": "join", "token": "t1"})
        act = await a.until("act")
        pending = dealer.pending
        assert pending is not None and pending.deadline == START + 10
        skew[0] = 10.0 + offset
        start = len(a.received)
        a.send(answer(act))
        await a.until("accepted", "default")
        server.stop("done")
        await match
        return [m["type"] for m in a.received[start:]], server.dealer.table.hand_number

    return run_virtual(main())


def test_what_a_player_not_to_act_asks_is_answered_at_once() -> None:
    """While seat 0's decision waits, seat 1 pings and sends a line that is no JSON: the
    ``pong`` and the ``error`` go out at once (nothing moved on: nothing is held)."""

    async def main() -> list[tuple[float, list[str]]]:
        server = server_of(match_dealer(hands=1))
        await server.start()
        match = asyncio.create_task(server.run())
        a, b = await Peer.to(server, "A"), await Peer.to(server, "B")
        a.send({"type": "join", "token": "t0"})
        b.send({"type": "join", "token": "t1"})
        await a.until("act")
        await asyncio.sleep(1)
        start = len(b.writes)
        b.send({"type": "ping", "id": 1})
        await b.until("pong")
        b.send(b"no json\n")
        await b.until("error")
        server.stop("done")
        await match
        return b.writes[start:]

    writes = run_virtual(main())
    assert [(round(t - START, 6), types) for t, types in writes[:2]] == [
        (1.0, ["pong"]), (1.0, ["error"])]  # fmt: skip


def test_a_line_read_at_the_deadline_comes_after_the_default() -> None:
    types, _ = late_line(0.0)
    assert types[0] == "default"  # the time ran out first: the answer came too late
    types, _ = late_line(-0.001)
    assert types[0] == "accepted"


def test_a_line_read_past_the_deadline_is_refused_after_the_default() -> None:
    async def main() -> list[dict[str, Any]]:
        loop = asyncio.get_running_loop()
        skew = [0.0]
        dealer = match_dealer(hands=2, budget=10.0)
        server = in_process(JSONServer(dealer, clock=lambda: loop.time() + skew[0]))
        await server.start()
        match = asyncio.create_task(server.run())
        a, b = await Peer.to(server, "A"), await Peer.to(server, "B")
        a.send({"type": "join", "token": "t0"})
        b.send({"type": "join", "token": "t1"})
        act = await a.until("act")
        skew[0] = 30.0
        start = len(a.received)
        a.send(answer(act))
        await a.until("error")
        server.stop("done")
        await match
        return a.received[start:]

    received = run_virtual(main())
    assert received[0]["type"] == "default" and received[0]["reason"] == "timeout"
    error = next(m for m in received if m["type"] == "error")
    assert error["code"] == "stale"


def test_the_alarm_waits_for_the_servers_own_clock() -> None:
    """The loop's timer fires, but the server's clock (which runs 2 s behind the loop's
    here) has not reached the deadline: no default yet, the timer armed again."""

    async def main() -> list[float]:
        loop = asyncio.get_running_loop()
        skew = [0.0]
        dealer = match_dealer(hands=1, budget=10.0)
        server = in_process(JSONServer(dealer, clock=lambda: loop.time() + skew[0]))
        await server.start()
        match = asyncio.create_task(server.run())
        a, b = await Peer.to(server, "A"), await Peer.to(server, "B")
        a.send({"type": "join", "token": "t0"})
        b.send({"type": "join", "token": "t1"})
        await a.until("act")
        skew[0] = -2.0  # the timer was armed for the loop's START + 10
        await a.until("default")
        at_default = loop.time()
        server.stop("done")
        await match
        return [at_default - START]

    assert run_virtual(main()) == [12.0]


def test_a_dealer_that_cannot_expire_ends_the_run_with_its_error() -> None:
    class Broken(JSONDealer):
        def expire(self, now: float) -> Outbox:
            raise RuntimeError("the runner broke")

    async def main() -> list[dict[str, Any]]:
        base = match_dealer(hands=1)
        dealer = Broken(base.table, ["t0", "t1"], budget=5.0)
        server = server_of(dealer)
        await server.start()
        match = asyncio.create_task(server.run())
        a, b = await Peer.to(server, "A"), await Peer.to(server, "B")
        a.send({"type": "join", "token": "t0"})
        b.send({"type": "join", "token": "t1"})
        with pytest.raises(RuntimeError, match=r"^the runner broke$"):
            await match
        assert server.finished_at == 0.0  # (the run did not end normally)
        return await a.rest()

    received = run_virtual(main())
    assert received[-1] == {"type": "bye", "reason": "the server is closing"}


def test_a_failed_expiry_is_the_runs_error_once_and_none_before_the_start() -> None:
    class Broken(JSONDealer):
        def expire(self, now: float) -> Outbox:
            raise RuntimeError("the runner broke")

    async def main() -> None:
        base = match_dealer(hands=1)
        server = server_of(Broken(base.table, ["t0", "t1"]))
        server._expire()  # not started: no run to end, nothing raised
        await server.start()
        assert server._done is not None
        server._expire()
        server._expire()  # the run has its error already: kept, nothing raised
        with pytest.raises(RuntimeError, match=r"^the runner broke$"):
            server._done.result()

    run_virtual(main())


# ------------------------------------------------------------------- connections


def test_a_connection_that_neither_joins_nor_watches_is_closed_after_join_timeout(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, LOG)

    async def main() -> tuple[JSONServer, list[Peer]]:
        server = server_of(match_dealer(), join_timeout=2.5)
        await server.start()
        idle = await Peer.to(server, "idle")
        other = await Peer.to(server, "other")
        joined = await Peer.to(server, "joined")
        watching = await Peer.to(server, "watching")
        await asyncio.sleep(2.4)
        joined.send({"type": "join", "token": "t0"})
        watching.send({"type": "watch"})
        await idle.rest()
        await other.rest()
        await asyncio.sleep(10)
        assert joined.wire is not None and not joined.wire.closed
        assert watching.wire is not None and not watching.wire.closed
        return server, [idle]

    server, [idle] = run_virtual(main())
    assert idle.received[-1] == {"type": "bye", "reason": "join a seat or watch within 2.5 s"}
    assert at(idle) == [(0.0, ["hello"]), (2.5, ["bye"])]
    assert server.counts.idle == 2 and server.counts.accepted == 4
    assert "idle: neither joined nor watched in 2.5 s: closed" in caplog.messages
    assert "idle: connected" in caplog.messages


def test_the_default_join_timeout_is_a_minute_and_none_is_no_limit() -> None:
    async def main() -> list[float]:
        timed = server_of(match_dealer())
        untimed = server_of(match_dealer(), join_timeout=None)
        assert timed.join_timeout == 60.0
        await timed.start()
        await untimed.start()
        first = await Peer.to(timed, "first")
        second = await Peer.to(untimed, "second")
        await first.rest()
        await asyncio.sleep(1000)
        assert second.wire is not None and not second.wire.closed
        assert untimed.counts.idle == 0
        return [t - START for t in first.times]

    assert run_virtual(main()) == [0.0, 60.0]


def test_a_connection_closed_before_its_join_timeout_is_not_counted_idle() -> None:
    async def main() -> JSONServer:
        server = server_of(match_dealer(), join_timeout=5)
        await server.start()
        peer = await Peer.to(server, "gone")
        peer.send({"type": "bye"})
        await peer.rest()
        await asyncio.sleep(20)
        return server

    server = run_virtual(main())
    assert server.counts.idle == 0 and server.counts.accepted == 1


def test_a_line_the_dealer_cannot_take_closes_that_connection_only(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, LOG)

    class Fragile(JSONDealer):
        def receive(self, conn: Connection, line: bytes | None, now: float) -> Outbox:
            if line is not None and b"boom" in line:
                raise ValueError("boom")
            return super().receive(conn, line, now)

    async def main() -> tuple[JSONServer, list[dict[str, Any]], list[dict[str, Any]]]:
        base = match_dealer()
        server = server_of(Fragile(base.table, ["t0", "t1"]))
        await server.start()
        bad, good = await Peer.to(server, "bad"), await Peer.to(server, "good")
        worse = await Peer.to(server, "worse")
        bad.send({"type": "boom"})
        worse.send({"type": "boom"})
        good.send({"type": "ping", "id": 5})
        await good.until("pong")
        await worse.rest()
        return server, await bad.rest(), good.received

    server, bad, good = run_virtual(main())
    assert bad == [bad[0], {"type": "bye", "reason": "the server could not take your last line"}]
    assert good[-1] == {"type": "pong", "id": 5}
    assert server.counts.failed == 2
    record = next(r for r in caplog.records if "could not take" in r.getMessage())
    assert record.getMessage() == "bad: a line the dealer could not take: b'{\"type\": \"boom\"}'"
    assert record.levelno == logging.ERROR and record.exc_info is not None


def test_a_seat_whose_peer_closes_is_free_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, LOG)

    async def main() -> JSONServer:
        server = server_of(match_dealer())
        await server.start()
        a, s, n = [await Peer.to(server, name) for name in ("A", "S", "N")]
        a.send({"type": "join", "token": "t0"})
        s.send({"type": "watch"})
        await a.until("welcome")
        await s.until("welcome")
        assert server.dealer.holder(0) is not None and server.dealer.spectators == 1
        for peer in (a, s, n):
            await peer.reset()
        await settle(50)
        assert server.dealer.holder(0) is None and server.dealer.spectators == 0
        assert server._wires == {} and server._watching == {}
        assert server.dealer.connections == {}
        return server

    run_virtual(main())
    levels = {r.getMessage(): r.levelno for r in caplog.records}
    assert levels["A: seat 0's connection closed"] == logging.INFO
    assert levels["S: closed"] == logging.DEBUG
    assert levels["N: closed"] == logging.DEBUG


def test_a_seat_taken_over_then_closed_is_not_logged_as_the_seats(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, LOG)

    async def main() -> list[str]:
        server = server_of(match_dealer())
        await server.start()
        old, new = await Peer.to(server, "old"), await Peer.to(server, "new")
        old.send({"type": "join", "token": "t0"})
        await old.until("welcome")
        new.send({"type": "join", "token": "t0"})
        await new.until("welcome")
        holder = server.dealer.holder(0)
        assert (await old.rest())[-1]["type"] == "bye"  # (the dealer closes it)
        assert old.wire is not None and old.wire.closed
        assert server.dealer.holder(0) is holder is not None
        return [w.peer for w in server._wires.values()]

    assert run_virtual(main()) == ["new"]
    assert not any("connection closed" in m for m in caplog.messages)


def test_a_spectator_that_says_goodbye_is_forgotten() -> None:
    async def main() -> JSONServer:
        server = server_of(match_dealer())
        await server.start()
        s = await Peer.to(server, "S")
        s.send({"type": "watch"})
        await s.until("welcome")
        assert list(server._watching) == [s.wire.tag if s.wire else None]
        s.send({"type": "bye"})
        assert (await s.rest())[-1] == {"type": "bye", "reason": "goodbye"}
        return server

    server = run_virtual(main())
    assert server._watching == {} and server._wires == {}


def test_a_connection_left_twice_is_told_once() -> None:
    async def main() -> list[dict[str, Any]]:
        server = server_of(match_dealer())
        await server.start()
        peer = await Peer.to(server, "A")
        assert peer.wire is not None and isinstance(peer.wire.tag, Connection)
        server._leave(peer.wire.tag, "first")
        server._leave(peer.wire.tag, "second")  # gone already: nothing more
        return await peer.rest()

    assert [m["type"] for m in run_virtual(main())] == ["hello", "bye"]


def test_a_peer_that_shuts_its_side_is_told_goodbye_and_its_seat_stays(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, LOG)

    async def main() -> tuple[JSONServer, list[dict[str, Any]]]:
        server = server_of(match_dealer())
        await server.start()
        a = await Peer.to(server, "A")
        a.send({"type": "join", "token": "t0"})
        await a.until("welcome")
        a.writer.write_eof()
        received = await a.rest()
        assert server.dealer.holder(0) is None and server._wires == {}
        return server, received

    _, received = run_virtual(main())
    assert received[-1] == {"type": "bye", "reason": "you closed your side of the connection"}
    record = next(r for r in caplog.records if "its side" in r.getMessage())
    assert (record.getMessage(), record.levelno) == ("A: closed its side", logging.DEBUG)


def test_a_wire_the_match_does_not_know_is_closed_on_eof_and_forgotten_when_gone() -> None:
    async def main() -> None:
        server = server_of(match_dealer())
        wire = Wire(on_line=lambda *_: None, on_close=lambda _: None, max_line=10,
                    clock=server.clock)  # fmt: skip
        server._eof(wire)
        assert wire.closed
        server._gone(wire)  # nothing to forget, nothing raised
        assert server._wires == {}

    run_virtual(main())


def test_a_peer_that_does_not_read_is_dropped_and_its_seat_freed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, LOG)

    async def main() -> JSONServer:
        server = server_of(match_dealer(hands=200), max_backlog=2000)
        await server.start()
        match = asyncio.create_task(server.run())
        a, b, s = [await Peer.to(server, name) for name in "ABS"]
        for peer in (a, b, s):
            assert peer.wire is not None and peer.wire.transport is not None
            sock = peer.wire.transport.get_extra_info("socket")
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            peer.writer.transport.pause_reading()  # type: ignore[attr-defined]
        a.send({"type": "join", "token": "t0"})
        b.send({"type": "join", "token": "t1"})
        s.send({"type": "watch"})
        await settle(50)
        # nobody reads: every decision runs out, and the lines pile up
        while server.counts.dropped < 3:
            await asyncio.sleep(30)
        assert server.dealer.holder(0) is server.dealer.holder(1) is None
        assert server.dealer.spectators == 0
        assert server._wires == {} and server._watching == {} and server._later == {}
        server.stop("done")
        await match
        return server

    server = run_virtual(main())
    assert server.counts.dropped == 3
    dropped = sorted(m for m in caplog.messages if "dropped" in m)
    assert dropped == [
        "A: seat 0 dropped: over 2000 bytes sent and not read",
        "B: seat 1 dropped: over 2000 bytes sent and not read",
        "S: spectator dropped: over 2000 bytes sent and not read",
    ]


def test_each_note_of_the_dealer_is_a_line_of_the_log_naming_the_peer(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, LOG)

    async def main() -> None:
        server = server_of(match_dealer(hands=1, budget=3.0))
        await server.start()
        match = asyncio.create_task(server.run())
        a, b = await Peer.to(server, "A"), await Peer.to(server, "B")
        a.send({"type": "join", "token": "t0"})
        b.send({"type": "join", "token": "t1"})
        a.send(b"not json\n")
        await match

    run_virtual(main())
    messages = caplog.messages
    assert any(m.startswith("A: seat 0, hand 1: no answer in 3 s (timeout): ") for m in messages)
    assert any(m.startswith("A: not-json: ") for m in messages)
    assert not any(m.startswith("the match: ") and "seat 0" in m for m in messages)


def test_notes_are_not_formatted_when_the_log_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    logged: list[tuple[Any, ...]] = []
    monkeypatch.setattr(server_module.log, "log", lambda *a: logged.append(a))
    monkeypatch.setattr(server_module.log, "isEnabledFor", lambda level: level >= logging.INFO)

    async def main() -> None:
        server = server_of(match_dealer())
        await server.start()
        out = Outbox()
        out.note(None, logging.DEBUG, "quiet")
        out.note(None, logging.INFO, "loud")
        server._deliver(out)

    run_virtual(main())
    assert logged == [(logging.INFO, "%s: %s", "the match", "loud")]


def test_three_players_answering_at_once_lose_no_line_held_for_them() -> None:
    """Every answer at once: what a player not to act is sent is held (0.05 s) and more
    comes for it before that; each player still reads every public event, as the
    spectator does, and the deal of its own cards."""

    async def main() -> list[Peer]:
        server = server_of(match_dealer(hands=3, seats=3))
        await server.start()
        match = asyncio.create_task(server.run())
        peers = [await Peer.to(server, name) for name in ("A", "B", "C", "S")]
        peers[3].send({"type": "watch"})
        watching = asyncio.create_task(peers[3].rest())
        await asyncio.gather(*(player(p, f"t{k}", 0.0) for k, p in enumerate(peers[:3])))
        await match
        await watching
        return peers

    peers = run_virtual(main())

    def public(peer: Peer) -> list[str]:
        return [m["event"]["kind"] for m in peer.received if m["type"] == "event"]

    assert len(public(peers[3])) > 30
    assert public(peers[0]) == public(peers[1]) == public(peers[2]) == public(peers[3])
    for peer in peers:
        assert peer.types().count("hand") == peer.types().count("hand_end") == 3


def test_a_spectator_joining_gets_only_the_lines_after_its_welcome() -> None:
    async def main() -> tuple[Peer, Peer]:
        server = server_of(match_dealer(hands=1))
        await server.start()
        match = asyncio.create_task(server.run())
        a, b, s1 = [await Peer.to(server, name) for name in ("A", "B", "S1")]
        s1.send({"type": "watch"})
        play = asyncio.gather(player(a, "t0", 1.0), player(b, "t1", 1.0))
        await asyncio.sleep(1.02)  # A answered at 1.0: its lines wait for the spectators
        s2 = await Peer.to(server, "S2")
        s2.send({"type": "watch"})
        readers = [asyncio.create_task(p.rest()) for p in (s1, s2)]
        await play
        await match
        await asyncio.gather(*readers)
        return s1, s2

    s1, s2 = run_virtual(main())
    # S2 is told the hand so far in its welcome, then what the others are told with it
    assert at(s2)[:4] == [(1.02, ["hello"]), (1.02, ["welcome", "hand", "state"]),
                          (2.05, ["event"] * 3), (3.05, ["event"])]  # fmt: skip
    # A's call (at 1.0) went to S1 alone, at once, before S2's welcome
    assert at(s1)[:6] == [(0.0, ["hello"]), (0.0, ["welcome"]), (0.05, ["hand"] + ["event"] * 4),
                          (1.02, ["event"]), (2.05, ["event"] * 3), (3.05, ["event"])]  # fmt: skip
    assert at(s1)[-3:] == at(s2)[-3:]


def test_closing_waits_the_grace_for_a_peer_that_never_closes() -> None:
    async def main() -> tuple[JSONServer, float]:
        server = server_of(match_dealer(), grace=4.0)
        await server.start()
        match = asyncio.create_task(server.run())
        peer = await Peer.to(server, "A")  # (kept: it never closes its side)
        await asyncio.sleep(1)
        server.stop("done")
        await match
        assert server._listener.closed  # type: ignore[attr-defined]
        assert peer.wire is not None and peer.wire.lost
        return server, asyncio.get_running_loop().time() - START

    server, took = run_virtual(main())
    assert took == 5.0  # stopped at 1 s, the peer aborted 4 s later
    assert server.counts.refused == 7  # the listener's count, taken at the end


@pytest.mark.network
def test_connections_over_the_caps_are_told_why_in_a_bye() -> None:
    """On loopback: the listener's caps, and the server's refusal line."""

    async def main() -> list[bytes]:
        server = JSONServer(match_dealer(), max_connections=2, max_per_address=1, grace=0.1)
        port = await server.start()
        assert server.host == "127.0.0.1" and server.port == port > 0
        first = await asyncio.open_connection("127.0.0.1", port)
        await first[0].readline()
        second = await asyncio.open_connection("127.0.0.1", port)
        refused = await second[0].read()
        server.stop("done")
        await server.run()
        third = JSONServer(match_dealer(), max_connections=1, max_per_address=None, grace=0.1)
        port = await third.start()
        held = await asyncio.open_connection("127.0.0.1", port)
        await held[0].readline()
        fourth = await asyncio.open_connection("127.0.0.1", port)
        full = await fourth[0].read()
        third.stop("done")
        await third.run()
        assert (server.counts.refused, third.counts.refused) == (1, 1)
        for _, writer in (first, second, held, fourth):
            writer.close()
        return [refused, full]

    async def bounded() -> list[bytes]:
        async with asyncio.timeout(20):
            return await main()

    assert asyncio.run(bounded()) == [
        b'{"type":"bye","reason":"at most 1 connections from one address"}\n',
        b'{"type":"bye","reason":"the server is full: at most 1 connections"}\n',
    ]


# ------------------------------------------------------------------- programs

PROGRAM = """
import json, os, sys
print("a program's own standard error", file=sys.stderr, flush=True)
token = os.environ["POKERROOM_TOKEN"]
while True:
    raw = sys.stdin.readline()
    if not raw:
        break
    message = json.loads(raw)
    if message["type"] == "hello":
        reply = {"type": "join", "token": token}
    elif message["type"] == "act":
        kinds = message["view"]["legal"]["kinds"]
        kind = next(k for k in ("check", "call", "show", "fold") if k in kinds)
        reply = {"type": "action", "hand": message["hand"], "seq": message["seq"],
                 "action": kind}
    else:
        continue
    sys.stdout.write(json.dumps(reply) + "\\n")
    sys.stdout.flush()
"""


@pytest.mark.subprocess
def test_a_program_plays_its_seat_over_its_standard_input_and_output(
    capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    """The program is started with seat 1's token in ``POKERROOM_TOKEN``, joins like any
    client and answers every decision; its standard error is this process's."""
    import re
    import sys

    caplog.set_level(logging.DEBUG, LOG)

    async def main() -> tuple[JSONServer, int | None]:
        server = in_process(JSONServer(match_dealer(hands=2)))
        await server.start()
        await server.spawn(1, [sys.executable, "-c", PROGRAM])
        procs = list(server._procs)
        async with asyncio.timeout(10):  # (a program that fails to join fails the test now)
            while not server.dealer.seated(1):
                await asyncio.sleep(0.01)
        match = asyncio.create_task(server.run())
        near, far = socket.socketpair()
        await asyncio.get_running_loop().connect_accepted_socket(server._make, near)
        reader, writer = await asyncio.open_connection(sock=far)
        peer = Peer(reader, writer)
        await peer.until("hello")
        peer.send({"type": "join", "token": "t0"})
        while (message := await peer.until("act", "bye"))["type"] == "act":
            peer.send(answer(message))
        writer.close()
        await match
        return server, procs[0].get_returncode()

    async def bounded() -> tuple[JSONServer, int | None]:
        async with asyncio.timeout(60):
            return await main()

    server, code = asyncio.run(bounded())
    assert code == 0 and server._procs == [] and server._programs == []
    assert server.dealer.runner.faults == [] and server.dealer.table.is_over
    assert "a program's own standard error" in capfd.readouterr().err
    assert any(re.fullmatch(r"seat 1's program \(pid \d+\): joined seat 1", m)
               for m in caplog.messages), caplog.messages


@pytest.mark.subprocess
def test_a_program_that_never_exits_is_killed_30_s_after_the_end() -> None:
    async def main() -> tuple[float, int | None]:
        import sys

        server = server_of(match_dealer(), grace=2.0)
        await server.start()
        await server.spawn(0, [sys.executable, "-c", "import time; time.sleep(120)"])
        procs = list(server._procs)
        server.stop("done")
        await server.run()
        return asyncio.get_running_loop().time() - START, procs[0].get_returncode()

    took, code = run_virtual(main(), patience=0.5)
    assert code == -9  # killed
    assert 30.0 <= took < 30.5


@pytest.mark.subprocess
def test_waiting_for_a_program_past_the_grace_raises_nothing_in_the_loop() -> None:
    """A program still running ``grace`` seconds after the match is killed at 30 s; at the
    grace, the wire's timer used to abort its standard input's transport, closed already by
    the end of file it was sent, and asyncio reported ``AttributeError`` from the callback
    (fixed in :mod:`pokerroom.net.links`: a wire closing with nothing unsent is not
    aborted)."""
    caught: list[dict[str, Any]] = []

    async def main() -> None:
        import sys

        asyncio.get_running_loop().set_exception_handler(lambda _, context: caught.append(context))
        server = server_of(match_dealer(), grace=2.0)
        await server.start()
        await server.spawn(0, [sys.executable, "-c", "import time; time.sleep(120)"])
        server.stop("done")
        await server.run()

    run_virtual(main(), patience=0.5)
    assert caught == []


class _Process(asyncio.SubprocessTransport):
    """Stands in for a program's process: its pid, and its standard input."""

    def __init__(self) -> None:
        super().__init__()
        self.stdin = asyncio.WriteTransport()

    def get_pipe_transport(self, fd: int) -> asyncio.BaseTransport | None:
        return self.stdin if fd == 0 else None

    def get_pid(self) -> int:
        return 4242


def test_a_programs_output_is_its_connections_lines_and_its_end_the_connections() -> None:
    async def main() -> None:
        lines: list[bytes | None] = []
        closed: list[Wire] = []
        wire = Wire(on_line=lambda w, line, at: lines.append(line), on_close=closed.append,
                    max_line=100, clock=lambda: 0.0)  # fmt: skip
        program = server_module._Program(wire, "seat 3's program")
        process = _Process()
        program.connection_made(process)
        assert wire.peer == "seat 3's program (pid 4242)" and wire.transport is process.stdin
        program.pipe_data_received(2, b'{"on":"stderr"}\n')
        program.pipe_data_received(1, b'{"on":"stdout"}\n')
        assert lines == [b'{"on":"stdout"}']
        program.pipe_connection_lost(0, None)
        program.pipe_connection_lost(2, None)
        assert closed == [] and not wire.lost
        program.pipe_connection_lost(1, None)
        assert closed == [wire] and wire.lost
        program.pipe_connection_lost(1, None)  # told once
        assert closed == [wire]
        assert not program.exited.done()
        program.process_exited()
        program.process_exited()  # (a second call is harmless)
        assert program.exited.done() and program.exited.result() is None

    run_virtual(main())
