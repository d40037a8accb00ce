"""The room under load: N tables of 6 bot clients over real WebSockets against one
``pokerroom serve room`` process, for a bounded time.

Run: ``python benchmarks/bench_room.py [--tables 100] [--seconds 30]``.  The server is
started in a subprocess on loopback (a fresh database in a temporary folder, bots'
delay 0); this process enters ``6 * N`` people over HTTP, opens N six-seat sit-and-go
tables, sits everyone down and plays every seat from one asyncio event loop: each
decision is answered at once (check or call mostly, some folds, a few minimum raises,
always among the legal actions the ``act`` message lists).  A table that finishes is
replaced by a new one.

The seats' client is a lean one (:class:`Seat`: WebSocket frames read and written by
hand, only the ``act`` messages decoded, the answers written as pokerroom's client writes
them), so that 600 seats take a fraction of a core; ``--client websockets`` plays them
with the ``websockets`` library instead, every message decoded, to see what a general
client costs.

It prints the hands played per second (all tables, counted from the ``hand_end``
messages of one seat per table), the round trip of an action (from sending it to its
``accepted``) at the median and the 99th percentile, the server's resident memory (RSS)
at the end, and the CPU time of the server and of the clients over the measured time,
as a share of a core and per hand (per hand is what to compare on a busy machine).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import functools
import hashlib
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Stats:
    def __init__(self) -> None:
        self.hands = 0
        self.trips: list[float] = []
        self.counting = False
        self.server_cpu = 0.0
        self.client_cpu = 0.0
        self.errors = 0
        self.refused = 0
        self.playing = 0  # tables that have dealt their first hand


_ACT = re.compile(rb'\{"type":"act","hand":(\d+),"seq":(\d+),')
_LEGAL = re.compile(rb'"legal":(\{[^{}]*\})')
_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def answer(hand: int, seq: int, legal: dict[str, Any], rng: random.Random) -> bytes:
    """The reply to the decision ``seq`` of ``hand`` (``legal``: the view's legal
    actions), written as pokerroom's client writes an action (compact, fields in order)."""
    kinds = legal["kinds"]
    r = rng.random()
    more = ""
    if "show" in kinds:
        kind = "show"
    elif "raise" in kinds and r < 0.05:
        kind, more = "raise", f',"amount":{legal["min_to"]}'
    elif "bet" in kinds and r < 0.05:
        kind, more = "bet", f',"amount":{legal["min_to"]}'
    elif "check" in kinds:
        kind = "check"
    elif "fold" in kinds and r < 0.3:
        kind = "fold"
    else:
        kind = "call"
    return f'{{"type":"action","hand":{hand},"seq":{seq},"action":"{kind}"{more}}}'.encode()


def masked(payload: bytes, opcode: int = 0x1) -> bytes:
    """A client's WebSocket frame (FIN set, masked as RFC 6455 requires of clients)."""
    n = len(payload)
    mask = os.urandom(4)
    key = (mask * (n // 4 + 1))[:n]
    body = (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(n, "big")
    if n < 126:
        head = bytes((0x80 | opcode, 0x80 | n))
    elif n < 65536:
        head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
    else:
        head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
    return head + mask + body


class Seat(asyncio.Protocol):
    """One seat's WebSocket, kept lean so that 600 of them fit in one core beside the
    server: the frames are read by hand, and of the messages only those the seat needs
    are decoded (an ``act``: its hand, number and legal actions); the rest are told
    apart by their first bytes.  Every decision is answered (legally: from the legal
    actions) and timed from the answer's sending to its ``accepted``."""

    def __init__(self, host: str, path: str, token: str, counter: bool, stats: Stats,
                 rng: random.Random) -> None:
        self.request, self.key = _upgrade(host, path)
        self.token = token
        self.counter = counter
        self.stats = stats
        self.rng = rng
        self.buf = bytearray()
        self.open = False
        self.dealt = False
        self.sent_at = 0.0
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(self.request)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_exception(ConnectionError(f"the connection closed: {exc}"))

    def close(self) -> None:
        if not self.done.done():
            self.done.set_result(None)
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(masked((1000).to_bytes(2, "big"), 0x8))
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        if not self.open and not self._handshake():
            return
        pos, n = 0, len(buf)
        while n - pos >= 2:
            length, head = buf[pos + 1] & 0x7F, 2
            if length == 126:
                length, head = int.from_bytes(buf[pos + 2:pos + 4], "big"), 4
            elif length == 127:
                length, head = int.from_bytes(buf[pos + 2:pos + 10], "big"), 10
            if n - pos < head + length:
                break
            opcode = buf[pos] & 0x0F
            payload = bytes(buf[pos + head:pos + head + length])
            pos += head + length
            if opcode == 0x1:
                self._message(payload)
            elif opcode == 0x9 and self.transport is not None:  # a ping: its pong
                self.transport.write(masked(payload, 0xA))
            elif opcode == 0x8:
                self.close()
        del buf[:pos]

    def _handshake(self) -> bool:
        end = self.buf.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = bytes(self.buf[:end])
        del self.buf[:end + 4]
        if not head.startswith(b"HTTP/1.1 101") or self.key not in head:
            self.done.set_exception(ConnectionError(f"no WebSocket: {head[:80]!r}"))
            if self.transport is not None:
                self.transport.close()
            return False
        self.open = True
        self._send(json.dumps({"type": "join", "token": self.token}).encode())
        return True

    def _send(self, payload: bytes) -> None:
        assert self.transport is not None
        self.transport.write(masked(payload))

    def _message(self, m: bytes) -> None:
        if m.startswith(b'{"type":"act"'):
            head = _ACT.match(m)
            legal = _LEGAL.search(m)
            if head is None or legal is None:  # (not as the server writes it: read it all)
                message = json.loads(m)
                hand, seq, choices = message["hand"], message["seq"], message["view"]["legal"]
            else:
                hand, seq, choices = int(head[1]), int(head[2]), json.loads(legal[1])
            self.sent_at = time.perf_counter()
            self._send(answer(hand, seq, choices, self.rng))
        elif m.startswith(b'{"type":"accepted"'):
            if self.stats.counting:
                self.stats.trips.append(time.perf_counter() - self.sent_at)
        elif m.startswith(b'{"type":"hand_end"'):
            if self.counter and self.stats.counting:
                self.stats.hands += 1
        elif m.startswith(b'{"type":"hand"') and self.counter and not self.dealt:
            self.dealt = True
            self.stats.playing += 1
        elif m.startswith((b'{"type":"error"', b'{"type":"default"')):
            self.stats.refused += 1
            print(f"refused: {m[:200]!r}", file=sys.stderr)
        elif m.startswith(b'{"type":"bye"') and not self.done.done():
            self.done.set_result(None)


def _same(seat: Seat) -> Seat:
    return seat


def _upgrade(host: str, path: str) -> tuple[bytes, bytes]:
    """The HTTP request that opens a WebSocket, and the accept value the server must
    answer it with."""
    key = base64.b64encode(os.urandom(16)).decode()
    accept = base64.b64encode(hashlib.sha1((key + _GUID).encode()).digest())
    request = (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n")  # fmt: skip
    return request.encode(), accept


async def table(base: str, clients: list[httpx.AsyncClient], stats: Stats, stop: asyncio.Event,
                rng: random.Random, lean: bool) -> None:
    """Open a table, sit the six, play; again when it finishes, until ``stop``."""
    while not stop.is_set():
        try:
            await _one_table(base, clients, stats, stop, rng, lean)
        except (httpx.HTTPError, websockets.WebSocketException, OSError) as exc:
            stats.errors += 1
            print(f"a table failed: {type(exc).__name__}: {exc}", file=sys.stderr)
            await asyncio.sleep(1)


async def _one_table(base: str, clients: list[httpx.AsyncClient], stats: Stats,
                     stop: asyncio.Event, rng: random.Random, lean: bool) -> None:
    r = await clients[0].post("/api/tables", json={"seats": 6, "buy_in": 10,
                                                   "level_minutes": 2})
    table_id = r.json()["id"]
    tokens = []
    for c in clients:
        tokens.append((await c.post(f"/api/tables/{table_id}/sit", json={})).json()["token"])
    if not lean:
        url = base.replace("http", "ws") + f"/ws/table/{table_id}"
        await asyncio.gather(*[seat(url, t, i == 0, stats, stop, rng)
                               for i, t in enumerate(tokens)])  # fmt: skip
        return
    host, port = base.removeprefix("http://").rsplit(":", 1)
    loop = asyncio.get_running_loop()
    seats: list[Seat] = []
    try:
        for i, t in enumerate(tokens):
            seat_i = Seat(f"{host}:{port}", f"/ws/table/{table_id}", t, i == 0, stats, rng)
            await loop.create_connection(functools.partial(_same, seat_i), host, int(port))
            seats.append(seat_i)
        stopping: asyncio.Future[Any] = asyncio.ensure_future(stop.wait())
        playing: set[asyncio.Future[Any]] = {s.done for s in seats}
        try:
            while playing and not stopping.done():
                done, _ = await asyncio.wait({*playing, stopping},
                                             return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
                for f in done - {stopping}:
                    playing.discard(f)
                    f.result()  # (a connection lost: the table failed)
        finally:
            stopping.cancel()
    finally:
        for s in seats:
            s.close()


async def seat(url: str, token: str, counter: bool, stats: Stats, stop: asyncio.Event,
               rng: random.Random) -> None:
    """A seat played with the ``websockets`` client, every message decoded (``--client
    websockets``: what a general client costs)."""
    async with websockets.connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "join", "token": token}))
        sent_at = 0.0
        while not stop.is_set():
            try:
                frame = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            message = json.loads(frame)
            kind = message["type"]
            if kind == "act":
                sent_at = time.perf_counter()
                await ws.send(answer(message["hand"], message["seq"],
                                     message["view"]["legal"], rng).decode())  # fmt: skip
            elif kind == "accepted":
                if stats.counting:
                    stats.trips.append(time.perf_counter() - sent_at)
            elif kind == "hand_end" and counter:
                if stats.counting:
                    stats.hands += 1
            elif kind == "hand" and counter and message["hand"] == 1:
                stats.playing += 1
            elif kind == "bye":
                return


async def run(base: str, tables: int, seconds: float, warmup: float, pid: int,
              lean: bool = True) -> Stats:
    stats = Stats()
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=20)
    groups = []
    for t in range(tables):
        group = []
        for s in range(6):
            c = httpx.AsyncClient(base_url=base, limits=limits, timeout=60)
            r = await c.post("/api/enter", json={"name": f"b{t}x{s}"})
            assert r.status_code == 200, r.text
            group.append(c)
        groups.append(group)
    rng = random.Random(1)
    tasks = [asyncio.ensure_future(table(base, g, stats, stop, rng, lean)) for g in groups]
    deadline = time.monotonic() + 120
    while stats.playing < tables and time.monotonic() < deadline:  # every table dealing
        await asyncio.sleep(0.1)
    await asyncio.sleep(warmup)
    stats.counting = True
    server0, client0 = cpu_seconds(pid), time.process_time()
    await asyncio.sleep(seconds)
    stats.counting = False
    stats.server_cpu = cpu_seconds(pid) - server0
    stats.client_cpu = time.process_time() - client0
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    for g in groups:
        for c in g:
            await c.aclose()
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds played before the measuring starts, once every table "
                             "deals (default 5)")  # fmt: skip
    parser.add_argument("--client", choices=["lean", "websockets"], default="lean",
                        help="the seats' client: the lean one (default), or the websockets "
                             "library's, every message decoded")  # fmt: skip
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-c", "import sys; from pokerroom.cli import main; sys.exit(main())",
             "serve", "room", "--port", str(port), "--db", str(Path(tmp) / "room.db"),
             "--bot-delay", "0", "--log-level", "warning",
             "--max-per-address", str(6 * args.tables + 10)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        try:
            for _ in range(100):
                try:
                    httpx.get(base + "/api/tables", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            stats = asyncio.run(run(base, args.tables, args.seconds, args.warmup, server.pid,
                                   args.client == "lean"))  # fmt: skip
            rss = rss_mb(server.pid)
        finally:
            server.terminate()
            server.wait(10)
    trips = sorted(stats.trips)

    def pct(p: float) -> float:
        return trips[min(len(trips) - 1, int(p * len(trips)))] * 1000 if trips else float("nan")

    print(f"{args.tables} tables x 6 WebSocket clients, {args.seconds:g} s measured")
    print(f"hands/s: {stats.hands / args.seconds:.1f} ({stats.hands} hands)")
    print(f"action round trip: p50 {pct(0.5):.1f} ms, p99 {pct(0.99):.1f} ms "
          f"({len(trips)} actions)")  # fmt: skip
    print(f"server RSS: {rss:.0f} MB; tables that failed: {stats.errors}; answers refused or "
          f"timed out: {stats.refused}")  # fmt: skip
    print(f"CPU over the measured time: server {stats.server_cpu / args.seconds:.0%} of a core, "
          f"clients ({args.client}) {stats.client_cpu / args.seconds:.0%}")  # fmt: skip
    hands = max(1, stats.hands)
    print(f"CPU per hand: server {1000 * stats.server_cpu / hands:.2f} ms, "
          f"clients {1000 * stats.client_cpu / hands:.2f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
