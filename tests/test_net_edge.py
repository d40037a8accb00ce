"""The network edge of issue 30, over real loopback sockets: no line, no connection and no
slow client takes the JSON-lines dealer down.  Each test plays a match while something
hostile happens, and checks the match went on to its end with every chip accounted for.

Item by item: every field of every line checked (1); bounded queues, caps on connections
and spectators, watching off or behind a token, a peer that falls behind aborted (2);
sockets closed when the peer closes (3); names checked at the door (4); nothing read
after a ``bye``, a half-closed connection told goodbye, one log line per event, and a
graceful close at the end of the match (7).  Files, resuming and running out of
descriptors are in ``test_net_edge_cli.py``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from jsonl_helpers import LinePeer
from pokerroom.jsonproto.dealer import JSONDealer
from pokerroom.jsonproto.messages import Limits, Watching
from pokerroom.net.jsonl.client import JSONClientError, JSONResult, play_json
from pokerroom.net.jsonl.server import JSONServer
from pokerroom.players import RandomBot
from pokerroom.rules import Rules
from pokerroom.table import Table

HOST = "127.0.0.1"
TOKENS = ["token-zero", "token-one"]
T = TypeVar("T")


def run(coro: Awaitable[T], seconds: float = 60) -> T:
    async def bounded() -> T:
        async with asyncio.timeout(seconds):
            return await coro

    return asyncio.run(bounded())


class Raw(LinePeer):
    """A hand-written client: lines out, messages in (a seat's acts met while waiting
    for something else answered with a check or call)."""

    async def connect(self, port: int, *, hello: bool = True) -> Raw:
        self.reader, self.writer = await asyncio.open_connection(HOST, port, limit=2**20)
        if hello:
            assert (await self.next())["type"] == "hello"
        return self

    def _passed(self, message: dict[str, Any]) -> None:
        if message["type"] == "act":
            self.send(answer(message))

    async def ping(self, ident: int | str) -> None:
        """The server answers a ping (the connection, and the server, are alive)."""
        self.send({"type": "ping", "id": ident})
        assert (await self.until("pong"))["id"] == ident

    async def closed(self) -> bytes:
        """What is left to read, up to the server's end of the connection (then this
        side is closed too)."""
        rest = await asyncio.wait_for(self.reader.read(), 10)
        self.close()
        return rest


def answer(act: dict[str, Any]) -> dict[str, Any]:
    kinds = act["view"]["legal"]["kinds"]
    kind = next(k for k in ("check", "call", "show", "fold") if k in kinds)
    return {"type": "action", "hand": act["hand"], "seq": act["seq"], "action": kind}


async def plays_on(raw: Raw) -> None:
    """Answer every act until the server says goodbye."""
    while (message := await raw.until("act", "bye"))["type"] == "act":
        raw.send(answer(message))


async def hold(port: int) -> Raw:
    """Seat 2, joined, holding the match up (it answers nothing until :func:`plays_on`:
    its first decision waits for it)."""
    holder = await Raw().connect(port)
    holder.send({"type": "join", "token": "seat-2-token"})
    await holder.until("welcome")
    return holder


Scene = Callable[[JSONServer, int], Awaitable[None]]


def match(
    scene: Scene,
    *,
    hands: int = 20,
    seats: int = 2,
    bots: int | None = None,
    budget: float = 10.0,
    dealer_options: dict[str, Any] | None = None,
    **server_options: Any,
) -> tuple[JSONServer, list[JSONResult]]:
    """A match of ``seats`` seats, the first ``bots`` (all by default) played by honest
    library bots, while ``scene`` plays out against the server; it must end with every
    hand played and every chip on the table."""
    rules = Rules.preset("casino-limit")
    tokens = [f"seat-{s}-token" for s in range(seats)]

    async def main() -> tuple[JSONServer, list[JSONResult]]:
        table = Table(rules, seats, rng=random.Random(7), max_hands=hands, reset_stacks=True)
        dealer = JSONDealer(table, tokens, budget=budget, **(dealer_options or {}))
        server = JSONServer(dealer, host=HOST, **server_options)
        port = await server.start()
        playing = asyncio.create_task(server.run())
        honest = tokens[:bots] if bots is not None else tokens
        players = [asyncio.create_task(play_json(RandomBot(seed=s), HOST, port, token))
                   for s, token in enumerate(honest)]  # fmt: skip
        await scene(server, port)
        results = await asyncio.gather(*players)
        await playing
        return server, list(results)

    server, results = run(main())
    table = server.dealer.table
    assert table.is_over and table.hand_number == hands
    assert sum(table.stacks) == seats * rules.buy_in
    assert all(r.end is not None and r.hands == hands for r in results)
    return server, results


# ----------------------------------------------------------------------- 1. lines

CRASHERS = [
    b'{"type":"ping","id":"\\ud800"}',  # a lone surrogate, sent back in the pong
    b'{"type":"join","token":"\\ud800"}',  # ... compared as UTF-8 with the tokens
    b'{"type":"ping","id":' + b"7" * 4301 + b"}",  # over Python's integer-string limit
    b'{"type":"action","hand":1,"seq":1,"action":[]}',  # not hashable
    b'{"type":[]}',
    b'{"type":{"a":1}}',
    b'{"type":"join","token":"t","name":"\\udfff"}',
    b'{"type":"watch","token":{"x":[1,2]}}',
    b'{"type":"action","hand":' + b"9" * 4000 + b',"seq":1,"action":"fold"}',
    b'{"type":"action","hand":1,"seq":1,"action":"raise","amount":1e400}',
    b'{"type":"action","hand":1,"seq":1,"action":"show","value":NaN}',
    b'{"type":"ping","id":"' + b"\\u0007" * 300 + b'"}',
    b'{"type":"ping","' + b"k" * 5000 + b'":1}',
    b"[" * 30000 + b"]" * 30000,
]


def test_no_line_from_any_connection_ends_the_match() -> None:
    """Each line that ended ``serve json`` at commit a116ddc (and more of their kind),
    from a connection that never joined and from a seat's own: each gets an error, the
    connection answers a ping, and the match plays to its end."""
    codes: list[str] = []

    async def scene(server: JSONServer, port: int) -> None:
        seat = await Raw().connect(port)
        seat.send({"type": "join", "token": "seat-2-token"})
        await seat.until("welcome")
        for k, line in enumerate(CRASHERS):
            stranger = await Raw().connect(port)
            for raw in (stranger, seat):
                raw.send(line + b"\n")
                error = await raw.until("error")
                codes.append(error["code"])
                json.dumps(error, ensure_ascii=False).encode()  # what it quotes is UTF-8
                assert len(error["message"]) < 400
                await raw.ping(k)
            stranger.close()
        await plays_on(seat)

    server, _ = match(scene, seats=3, bots=2, hands=25)
    assert len(codes) == 2 * len(CRASHERS)
    assert set(codes) <= {"bad-field", "not-json", "unknown-type"}, codes
    assert server.counts.failed == 0


# ------------------------------------------------------------------ 2. slow peers


def lazy_spectator(port: int) -> socket.socket:
    """A spectator that reads nothing (a plain socket: no event loop reads it behind
    the test's back), with a small receive buffer."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((HOST, port))
    sock.sendall(b'{"type":"watch"}\n')
    return sock


def test_a_spectator_that_stops_reading_is_aborted_not_flushed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Its queue is bounded: once it falls behind it is dropped at once, counted and
    logged, and what was queued for it is thrown away (the connection is reset, not
    flushed to its end as a close would: a dropped spectator got 7 MB later)."""
    outcome: dict[str, object] = {}

    def read_to_the_end(lazy: socket.socket) -> None:
        lazy.settimeout(10)
        try:
            while lazy.recv(65536):
                pass
            outcome["end"] = "closed cleanly"
        except ConnectionResetError:
            outcome["end"] = "reset"
        lazy.close()

    async def scene(server: JSONServer, port: int) -> None:
        lazy = lazy_spectator(port)
        while server.counts.dropped == 0:
            await asyncio.sleep(0.01)
        await asyncio.to_thread(read_to_the_end, lazy)  # (the server goes on meanwhile)

    with caplog.at_level(logging.WARNING, logger="pokerroom.net"):
        server, _ = match(scene, hands=300, max_backlog=16 * 1024)
    assert outcome["end"] == "reset"
    assert server.counts.dropped == 1
    dropped = [r.getMessage() for r in caplog.records if "dropped" in r.getMessage()]
    assert len(dropped) == 1 and "spectator dropped: over 16384 bytes" in dropped[0]


def test_spectators_over_the_cap_are_refused_and_watching_can_be_off_or_need_a_token() -> None:
    async def scene(server: JSONServer, port: int) -> None:
        holder = await hold(port)
        first, second, third = [await Raw().connect(port) for _ in range(3)]
        for raw in (first, second):
            raw.send({"type": "watch", "token": "watch-token"})
            assert (await raw.until("welcome"))["role"] == "spectator"
        third.send({"type": "watch", "token": "watch-token"})
        full = await third.until("error")
        assert full["code"] == "spectators-full" and "2 spectators" in full["message"]
        wrong = await Raw().connect(port)
        wrong.send({"type": "watch"})
        assert (await wrong.until("error"))["code"] == "bad-token"
        wrong.send({"type": "watch", "token": "watch-tokem"})
        assert (await wrong.until("error"))["code"] == "bad-token"
        first.close()  # a place is free again
        while server.dealer.spectators > 1:
            await asyncio.sleep(0.01)
        third.send({"type": "watch", "token": "watch-token"})
        assert (await third.until("welcome"))["role"] == "spectator"
        await plays_on(holder)
        await third.until("bye")
        await second.until("bye")

    server, _ = match(scene, seats=3, bots=2, dealer_options={"watching": Watching.TOKEN,
                                             "watch_token": "watch-token",
                                             "max_spectators": 2})  # fmt: skip
    hello = server.dealer.hello()["limits"]
    assert (hello["watching"], hello["max_spectators"]) == ("token", 2)

    async def nobody(server: JSONServer, port: int) -> None:
        raw = await Raw().connect(port)
        raw.send({"type": "watch"})
        error = await raw.until("error")
        assert error["code"] == "no-watching"
        await raw.ping(1)  # the connection stays: it may still join with a token
        raw.close()

    match(nobody, dealer_options={"watching": Watching.OFF})


def test_connections_over_the_caps_are_told_so_and_closed() -> None:
    """At most 5 connections (the two players among them), 4 from one address: the next
    one is sent a bye saying why, instead of a hello, and closed; a place freed is
    taken again."""

    async def scene(server: JSONServer, port: int) -> None:
        holder = await hold(port)
        while not all(server.dealer.seated(s) for s in range(3)):
            await asyncio.sleep(0.01)
        extra = [await Raw().connect(port)]  # 4 from 127.0.0.1
        over = await Raw().connect(port, hello=False)
        bye = await over.next()
        assert bye == {"type": "bye", "reason": "at most 4 connections from one address"}
        assert await over.closed() == b""
        extra[0].close()
        while server._listener.count > 3:
            await asyncio.sleep(0.01)
        again = await Raw().connect(port)  # the place was freed
        await again.ping("x")
        again.close()
        await plays_on(holder)

    server, _ = match(scene, seats=3, bots=2, max_connections=5, max_per_address=4)
    assert server.counts.refused == 1

    async def full(server: JSONServer, port: int) -> None:
        # seat 1 holds the match up (two bots alone may play all 20 hands and leave
        # before this scene looks: the server is then no longer full)
        holder = await Raw().connect(port)
        holder.send({"type": "join", "token": "seat-1-token"})
        await holder.until("welcome")
        while not all(server.dealer.seated(s) for s in range(2)):
            await asyncio.sleep(0.01)
        over = await Raw().connect(port, hello=False)
        assert (await over.next())["reason"] == "the server is full: at most 2 connections"
        with pytest.raises(JSONClientError, match="refused the connection: the server is full"):
            await play_json(RandomBot(), HOST, port, "seat-0-token")
        await plays_on(holder)

    match(full, bots=1, max_connections=2)


def test_spectators_share_one_stream_and_a_late_one_nothing_from_before_it() -> None:
    """What every spectator is sent goes out as the same lines to all (gathered for a
    moment, one write each): three that watch from the start get the same messages; one
    that comes in the middle gets the hand as it stands, then only what follows."""
    streams: list[list[dict[str, Any]]] = []
    played: list[dict[str, Any]] = []

    async def scene(server: JSONServer, port: int) -> None:
        holder = await hold(port)
        early = [await Raw().connect(port) for _ in range(3)]
        for raw in early:
            raw.send({"type": "watch"})
            await raw.until("welcome")
        late = await Raw().connect(port)
        await holder.ping(0)
        holder.send(answer(await holder.until("act")))  # the match moves on a little
        late.send({"type": "watch"})
        await late.until("welcome")
        await plays_on(holder)
        played.extend(holder.received)
        for raw in [*early, late]:
            await raw.until("bye")
            streams.append(raw.received)

    match(scene, seats=3, bots=2)
    first, *others, late = streams
    # a player's lines held while others act (one write at its turn) are all there, in
    # order: the same events as every spectator's, from the spectators' first on
    seen = [m for m in first if m["type"] == "event"]
    assert len(seen) > 100 and [m for m in played if m["type"] == "event"][-len(seen):] == seen
    assert all(stream == first for stream in others)
    assert [m["type"] for m in first[-2:]] == ["match_end", "bye"] and late[-2:] == first[-2:]
    after = late[late.index(next(m for m in late if m["type"] == "welcome")) + 1 :]
    hands = [m["hand"] for m in after if m["type"] in ("hand", "state", "event", "hand_end")]
    assert hands == sorted(hands) and hands[0] == after[0]["hand"] > 0
    assert after[0]["type"] in ("hand", "state")


# --------------------------------------------------------------- 3. closed peers


def _close_wait(port: int) -> int:
    """Sockets of ``port`` the server has left in CLOSE-WAIT (the peer closed, this side
    did not), from the kernel's table."""
    count = 0
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        path = Path(name)
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].split(":")[1], 16) == port and fields[3] == "08":
                count += 1
    return count


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's socket table")
def test_a_connection_whose_peer_closes_is_closed_at_once() -> None:
    """60 connections opened and closed while the dealer waits for its players: none is
    left in CLOSE-WAIT (at commit a116ddc every one was, and stayed)."""

    async def main() -> list[int]:
        table = Table(Rules.preset("casino-limit"), 2, rng=random.Random(1), max_hands=2)
        server = JSONServer(JSONDealer(table, TOKENS), host=HOST)
        port = await server.start()
        waiting = asyncio.create_task(server.run())
        raws = [await Raw().connect(port) for _ in range(60)]
        raws[0].send({"type": "watch"})
        raws[1].send({"type": "join", "token": TOKENS[0]})
        await raws[1].until("welcome")
        for raw in raws:
            raw.close()
        counts = []
        for _ in range(50):
            await asyncio.sleep(0.1)
            counts.append(_close_wait(port))
            if counts[-1] == 0:
                break
        server.stop("the test is over")
        await waiting
        return counts

    counts = run(main())
    assert counts[-1] == 0, counts


# --------------------------------------------------------------------- 4. names


def test_a_name_that_is_not_printable_text_is_refused_at_the_door() -> None:
    """A seat's name is 1 to 64 printable characters: one that forges a standings line,
    moves the operator's cursor, or cannot be encoded is refused, and the seat joins
    only with a good one."""
    refused: list[str] = []

    async def scene(server: JSONServer, port: int) -> None:
        raw = await Raw().connect(port)
        for name in ["x\n  1. seat 0 (admin): 999999 chips\u001b[2J", "\udfff", "a\tb",
                     "\u202eevil", "", " padded", "n" * 65]:  # fmt: skip
            line = json.dumps({"type": "join", "token": "seat-2-token", "name": name})
            raw.send(line.encode() + b"\n")
            error = await raw.until("error", "welcome")
            assert error["type"] == "error", name
            refused.append(error["message"])
        raw.send({"type": "join", "token": "seat-2-token", "name": "Zoë 🂡"})
        assert (await raw.until("welcome"))["seat"] == 2
        await plays_on(raw)

    server, _ = match(scene, seats=3, bots=2)
    assert server.dealer.joined == [None, None, "Zoë 🂡"]
    assert len(refused) == 7 and all("'name'" in m for m in refused)


# --------------------------------------------------------------- 7. the end of a line


def test_nothing_is_read_after_the_bye() -> None:
    """Three wrong tokens and the right one in one write: the connection is closed after
    the third, and the fourth line never takes the seat from its holder."""

    async def scene(server: JSONServer, port: int) -> None:
        holder = await Raw().connect(port)
        holder.send({"type": "join", "token": "seat-2-token"})
        await holder.until("welcome")
        thief = await Raw().connect(port)
        wrong = [{"type": "join", "token": f"guess-{k}"} for k in range(3)]
        right = {"type": "join", "token": "seat-2-token"}
        lines = [json.dumps(m).encode() for m in [*wrong, right]]
        thief.send(b"\n".join(lines) + b"\n")
        for _ in range(3):
            assert (await thief.next())["code"] == "bad-token"
        assert await thief.next() == {"type": "bye", "reason": "wrong tokens"}
        assert await thief.closed() == b""
        await holder.ping("still mine")
        await plays_on(holder)
        assert holder.received[-1] == {"type": "bye", "reason": "the match is over"}

    server, _ = match(scene, seats=3, bots=2)
    assert server.dealer.runner.faults == []  # the holder answered every decision


def test_a_client_that_closes_its_side_is_told_goodbye_at_once() -> None:
    async def scene(server: JSONServer, port: int) -> None:
        for first in ({"type": "watch"}, {"type": "join", "token": "seat-2-token"}, None):
            raw = await Raw().connect(port)
            if first is not None:
                raw.send(first)
                await raw.until("welcome")
            raw.writer.write_eof()
            async with asyncio.timeout(5):  # (the match lasts longer)
                bye = await raw.until("bye")
                assert await raw.closed() == b""
            assert bye["reason"] == "you closed your side of the connection"
        seat = await Raw().connect(port)  # the seat is free for its token again
        seat.send({"type": "join", "token": "seat-2-token"})
        await seat.until("welcome")
        await plays_on(seat)

    match(scene, seats=3, bots=2, hands=40)


def test_each_event_is_one_line_of_the_operators_log(caplog: pytest.LogCaptureFixture) -> None:
    """A wrong token, a seat taken over, a spectator dropped, a default action: one
    record each, on the ``pokerroom.net`` logger, naming the connection."""

    async def scene(server: JSONServer, port: int) -> None:
        guess = await Raw().connect(port)
        guess.send({"type": "join", "token": "nope"})
        await guess.until("error")
        first = await Raw().connect(port)
        first.send({"type": "join", "token": "seat-2-token"})
        await first.until("welcome")
        second = await Raw().connect(port)
        second.send({"type": "join", "token": "seat-2-token"})
        await second.until("welcome")
        assert (await first.until("bye"))["reason"].startswith("your seat's token was used")
        second.close()  # seat 2 gets the default action from now on
        lazy = lazy_spectator(port)
        while server.counts.dropped == 0:
            await asyncio.sleep(0.01)
        lazy.close()

    with caplog.at_level(logging.INFO, logger="pokerroom.net"):
        match(scene, seats=3, bots=2, hands=100, budget=0.02, max_backlog=8 * 1024)
    lines = [r.getMessage() for r in caplog.records if r.name == "pokerroom.net"]
    assert all("\n" not in line for line in lines)
    assert sum("a wrong seat token (1 of 3)" in line for line in lines) == 1
    assert sum("lost seat 2 to a new connection" in line for line in lines) == 1
    assert sum("spectator dropped" in line for line in lines) == 1
    defaults = [line for line in lines if "no answer in 0.02 s (disconnected)" in line]
    assert defaults and all(line.startswith("the match: seat 2, hand ") for line in defaults)
    assert all(line.startswith("127.0.0.1:") for line in lines if "joined seat" in line)


def test_the_match_ends_with_a_goodbye_and_a_clean_close() -> None:
    """Players and spectators that read the standings and answer ``bye`` see the
    server's end of the connection, never a reset (a Node.js client saw ECONNRESET on
    5 connections of 6)."""
    ends: list[bytes] = []

    async def scene(server: JSONServer, port: int) -> None:
        async def watcher(raw: Raw) -> None:
            raw.send({"type": "watch"})
            await raw.until("match_end")
            raw.send({"type": "bye"})
            ends.append(await raw.closed())

        async def player(raw: Raw) -> None:
            raw.send({"type": "join", "token": "seat-2-token"})
            while (message := await raw.until("act", "match_end"))["type"] == "act":
                raw.send(answer(message))
            raw.send({"type": "bye"})
            ends.append(await raw.closed())

        raws = [await Raw().connect(port) for _ in range(6)]
        await asyncio.gather(player(raws[0]), *(watcher(raw) for raw in raws[1:]))

    match(scene, seats=3, bots=2)
    assert len(ends) == 6
    for rest in ends:  # the bye, and the end (no ConnectionResetError)
        assert rest == b'{"type":"bye","reason":"the match is over"}\n'


def test_the_flood_and_error_limits_still_close_the_connection_only() -> None:
    async def scene(server: JSONServer, port: int) -> None:
        raw = await Raw().connect(port)
        raw.send(b"junk\n" * 20)
        codes = [(await raw.until("error"))["code"] for _ in range(12)]
        assert codes == ["not-json"] * 11 + ["too-many-errors"]
        assert (await raw.until("bye"))["reason"] == "too many errors"
        assert await raw.closed() == b""

    match(scene, dealer_options={"limits": Limits(max_errors=10)})
