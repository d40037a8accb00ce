"""Hands per second over loopback: the network dealers with two ``random`` clients.

Run: ``python benchmarks/bench_net.py`` (a minute or two; ``--quick`` for a short run).
Heads-up limit hold'em (the ACPC game ``holdem.limit.2p.reverse_blinds.game``; the
JSON-lines dealer plays ``casino-limit`` with stacks reset every hand).  Every client
is its own process, as a real bot is (``pokerroom bot acpc`` / ``pokerroom bot json``
with ``--player random``); the dealer runs in this process.  A rate is hands played
over the wall-clock time of the match, from the moment every seat is connected (start-up
of the client processes excluded); the CPU time is that of every process of the row (the
dealer's and its clients'), start-ups included, per hand: the rate a machine with a core
free for each process would reach is bounded by it, whatever else runs.

Rows:

* pokerroom ACPC dealer + 2 pokerroom ACPC clients;
* pokerroom ACPC dealer + clients in the dealer's own process (one event loop: no
  process switches, one core);
* pokerroom JSON-lines dealer + 2 pokerroom JSON-lines clients;
* the reference C dealer + its C example players, and the two crossings (the C dealer
  with pokerroom's clients, pokerroom's dealer with the C players), when the reference
  programs are built: ``--acpc-dir DIR`` (or ``$POKERROOM_ACPC_DIR``) names the folder
  with ``dealer`` and ``example_player``; without it those rows are skipped.

The output ends with a markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import resource
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

from pokerroom.engine import Action, PlayerView, random_action
from pokerroom.history.acpc import LIMIT_HEADS_UP, GameDef
from pokerroom.net.acpcdealer import ACPCDealer
from pokerroom.net.client import play_acpc
from pokerroom.net.jsondealer import JSONDealer
from pokerroom.net.jsonserver import JSONServer
from pokerroom.net.server import ACPCServer
from pokerroom.rules import Rules
from pokerroom.table import Table

HOST = "127.0.0.1"
GAME = GameDef.parse(LIMIT_HEADS_UP)


Starter = Callable[[list[int]], Awaitable[list[asyncio.subprocess.Process]]]
"""Starts the client processes for the given ports."""


def _client(*args: str) -> list[str]:
    """``pokerroom bot ARGS...`` in a new process."""
    main = "import sys; from pokerroom.cli import main; sys.exit(main())"
    return [sys.executable, "-c", main, "bot", *args]


async def _spawn(argv: list[str]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        *argv, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
    )


async def _our_acpc_dealer(hands: int, players: Starter) -> tuple[float, int]:
    dealer = ACPCDealer(GAME, names=["a", "b"], hands=hands, seed=1)
    server = ACPCServer(dealer, host=HOST, start_timeout=60)
    procs = await players(await server.start())
    await server.run()
    for proc in procs:
        await proc.wait()
    assert dealer.finished and not server.notes
    return hands / (server.finished_at - server.started_at), hands


class _Random:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: PlayerView, budget: float) -> Action:
        assert view.legal is not None
        return Action(*random_action(view.legal, self.rng))


async def acpc_one_process(hands: int, game_path: Path) -> tuple[float, int]:
    dealer = ACPCDealer(GAME, names=["a", "b"], hands=hands, seed=1)
    server = ACPCServer(dealer, host=HOST, start_timeout=60)
    ports = await server.start()
    match = asyncio.create_task(server.run())
    await asyncio.gather(*(play_acpc(_Random(i), HOST, p, GAME) for i, p in enumerate(ports)))
    await match
    return hands / (server.finished_at - server.started_at), hands


async def json_ours(hands: int, game_path: Path) -> tuple[float, int]:
    table = Table(
        Rules.preset("casino-limit"), 2, rng=random.Random(1), max_hands=hands, reset_stacks=True
    )
    dealer = JSONDealer(table, ["t0", "t1"], budget=30)
    server = JSONServer(dealer, host=HOST, start_timeout=60)
    port = await server.start()
    procs = [
        await _spawn(
            _client(
                "json", HOST, str(port), "--token", f"t{i}", "--player", "random", "--seed", str(i)
            )
        )
        for i in range(2)
    ]
    await server.run()
    for proc in procs:
        await proc.wait()
    assert table.hand_number == hands
    return hands / (server.finished_at - server.started_at), hands


async def _reference_dealer(
    ref: Path,
    hands: int,
    game_path: Path,
    players: Starter,
) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as tmp:
        dealer = await asyncio.create_subprocess_exec(
            str(ref / "dealer"),
            str(Path(tmp) / "bench"),
            str(game_path),
            str(hands),
            "1",
            "a",
            "b",
            "-q",
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
        )
        assert dealer.stdout is not None
        ports = [int(p) for p in (await dealer.stdout.readline()).split()]
        start = time.perf_counter()
        procs = await players(ports)
        await dealer.wait()
        elapsed = time.perf_counter() - start
        for proc in procs:
            await proc.wait()
    return hands / elapsed, hands


def _c_players(
    ref: Path, game_path: Path
) -> Callable[[list[int]], Awaitable[list[asyncio.subprocess.Process]]]:
    async def start(ports: list[int]) -> list[asyncio.subprocess.Process]:
        return [
            await _spawn([str(ref / "example_player"), str(game_path), HOST, str(p)]) for p in ports
        ]

    return start


def _our_players(
    game_path: Path,
) -> Callable[[list[int]], Awaitable[list[asyncio.subprocess.Process]]]:
    async def start(ports: list[int]) -> list[asyncio.subprocess.Process]:
        return [
            await _spawn(
                _client(
                    "acpc",
                    HOST,
                    str(p),
                    "--game",
                    str(game_path),
                    "--player",
                    "random",
                    "--seed",
                    str(i),
                )
            )
            for i, p in enumerate(ports)
        ]

    return start


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--hands", type=int, help="hands per ACPC match (default 3000)")
    parser.add_argument(
        "--acpc-dir",
        default=os.environ.get("POKERROOM_ACPC_DIR"),
        help="the folder of the built reference dealer and example_player",
    )
    args = parser.parse_args()
    hands = args.hands or (500 if args.quick else 3000)
    ref = Path(args.acpc_dir) if args.acpc_dir else None
    if ref is not None and not ((ref / "dealer").exists() and (ref / "example_player").exists()):
        print(f"no dealer and example_player in {ref}: the reference rows are skipped")
        ref = None
    print(
        f"Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} cores; {hands} hands per ACPC match\n"
    )
    rows: list[tuple[str, float | None, float | None]] = []
    with tempfile.TemporaryDirectory() as tmp:
        game_path = Path(tmp) / "holdem.limit.2p.reverse_blinds.game"
        game_path.write_text(LIMIT_HEADS_UP)
        runs: list[tuple[str, Callable[[], Coroutine[Any, Any, tuple[float, int]]] | None]] = [
            (
                "pokerroom ACPC dealer + 2 pokerroom ACPC clients (3 processes)",
                lambda: _our_acpc_dealer(hands, _our_players(game_path)),
            ),
            (
                "pokerroom ACPC dealer + 2 clients in one process",
                lambda: acpc_one_process(hands, game_path),
            ),
            (
                "pokerroom JSON-lines dealer + 2 pokerroom JSON-lines clients",
                lambda: json_ours(max(hands // 5, 100), game_path),
            ),
        ]
        if ref is not None:
            r = ref
            runs += [
                (
                    "reference C dealer + 2 C example players",
                    lambda: _reference_dealer(r, hands, game_path, _c_players(r, game_path)),
                ),
                (
                    "reference C dealer + 2 pokerroom ACPC clients",
                    lambda: _reference_dealer(r, hands, game_path, _our_players(game_path)),
                ),
                (
                    "pokerroom ACPC dealer + 2 C example players",
                    lambda: _our_acpc_dealer(hands, _c_players(r, game_path)),
                ),
            ]
        else:
            runs.append(("reference C dealer + 2 C example players", None))
        for name, run in runs:
            if run is None:
                rows.append((name, None, None))
                print(f"{name:66} skipped (no --acpc-dir)", flush=True)
                continue
            before = _cpu()
            speed, played = asyncio.run(run())
            per_hand = (_cpu() - before) / played * 1000
            rows.append((name, speed, per_hand))
            print(f"{name:66} {speed:8.0f} hands/s  {per_hand:6.2f} ms CPU/hand", flush=True)
    base = next((r for n, r, _ in rows if n.startswith("reference C dealer + 2 C")), None)
    print(
        "\n| dealer and clients (loopback, heads-up limit, random players) | hands/s |"
        " CPU per hand (all processes) |" + (" hands/s vs C |" if base else "")
    )
    print("|---|---:|---:|" + ("---:|" if base else ""))
    for name, rate, cpu in rows:
        if rate is None or cpu is None:
            print(f"| {name} | skipped | |" + (" |" if base else ""))
            continue
        ratio = f" {rate / base:.2f}x |" if base else ""
        print(f"| {name} | {rate:,.0f} | {cpu:.2f} ms |{ratio}")


if __name__ == "__main__":
    main()
