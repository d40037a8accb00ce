"""The room under load: N tables of 6 bot clients over real WebSockets against one
``pokerroom serve room`` process, for a bounded time.

Run: ``python benchmarks/bench_room.py [--tables 100] [--seconds 30]``.  The server is
started in a subprocess on loopback (a fresh database in a temporary folder, bots'
delay 0); this process enters ``6 * N`` people over HTTP, opens N six-seat sit-and-go
tables, sits everyone down and plays every seat from one asyncio event loop with the
``websockets`` client: each decision is answered at once (check or call mostly, some
folds, a few minimum raises).  A table that finishes is replaced by a new one.

It prints the hands played per second (all tables, counted from the ``hand_end``
messages of one seat per table), the round trip of an action (from sending it to its
``accepted``) at the median and the 99th percentile, and the server's resident memory
(RSS) at the end.  The clients share the machine with the server: on two cores they
take about half of it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
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


def answer(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    legal = message["view"]["legal"]
    kinds = legal["kinds"]
    r = rng.random()
    if "show" in kinds:
        act: dict[str, Any] = {"action": "show"}
    elif "raise" in kinds and r < 0.05:
        act = {"action": "raise", "amount": legal["min_to"]}
    elif "bet" in kinds and r < 0.05:
        act = {"action": "bet", "amount": legal["min_to"]}
    elif "check" in kinds:
        act = {"action": "check"}
    elif "fold" in kinds and r < 0.3:
        act = {"action": "fold"}
    else:
        act = {"action": "call"}
    return {"type": "action", "hand": message["hand"], "seq": message["seq"], **act}


class Stats:
    def __init__(self) -> None:
        self.hands = 0
        self.trips: list[float] = []
        self.counting = False
        self.server_cpu = 0.0
        self.client_cpu = 0.0
        self.errors = 0


async def seat(url: str, token: str, counter: bool, stats: Stats, stop: asyncio.Event,
               rng: random.Random) -> None:
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
                await ws.send(json.dumps(answer(message, rng)))
            elif kind == "accepted":
                if stats.counting:
                    stats.trips.append(time.perf_counter() - sent_at)
            elif kind == "hand_end" and counter:
                if stats.counting:
                    stats.hands += 1
            elif kind == "bye":
                return


async def table(base: str, clients: list[httpx.AsyncClient], stats: Stats, stop: asyncio.Event,
                rng: random.Random) -> None:
    """Open a table, sit the six, play; again when it finishes, until ``stop``."""
    while not stop.is_set():
        try:
            await _one_table(base, clients, stats, stop, rng)
        except (httpx.HTTPError, websockets.WebSocketException, OSError) as exc:
            stats.errors += 1
            print(f"a table failed: {type(exc).__name__}: {exc}", file=sys.stderr)
            await asyncio.sleep(1)


async def _one_table(base: str, clients: list[httpx.AsyncClient], stats: Stats,
                     stop: asyncio.Event, rng: random.Random) -> None:
    r = await clients[0].post("/api/tables", json={"seats": 6, "buy_in": 10,
                                                   "level_minutes": 2})
    table_id = r.json()["id"]
    tokens = []
    for c in clients:
        tokens.append((await c.post(f"/api/tables/{table_id}/sit", json={})).json()["token"])
    url = base.replace("http", "ws") + f"/ws/table/{table_id}"
    await asyncio.gather(*[seat(url, t, i == 0, stats, stop, rng)
                           for i, t in enumerate(tokens)])


async def run(base: str, tables: int, seconds: float, warmup: float, pid: int) -> Stats:
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
    tasks = [asyncio.ensure_future(table(base, g, stats, stop, rng)) for g in groups]
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
    parser.add_argument("--warmup", type=float, default=5.0)
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
            stats = asyncio.run(run(base, args.tables, args.seconds, args.warmup, server.pid))
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
    print(f"server RSS: {rss:.0f} MB; tables that failed: {stats.errors}")
    print(f"CPU over the measured time: server {stats.server_cpu / args.seconds:.0%} of a core, "
          f"clients {stats.client_cpu / args.seconds:.0%}")  # fmt: skip


if __name__ == "__main__":
    main()
