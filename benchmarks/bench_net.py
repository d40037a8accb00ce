"""Hands per second over loopback: the network dealers with two ``random`` clients.

Run: ``python benchmarks/bench_net.py`` (a minute or two; ``--quick`` for a short run;
``--repeat N`` plays every row N times in turn and keeps each row's fastest run, for a
machine whose load comes and goes).
Heads-up limit hold'em (the ACPC game ``holdem.limit.2p.reverse_blinds.game``; the
JSON-lines dealer plays ``casino-limit`` with stacks reset every hand).  Every client
is its own process, as a real bot is (``pokerroom bot acpc`` / ``pokerroom bot json``
with ``--player random``); pokerroom's dealers run in this process.

A rate is hands played over the wall-clock time of the match, from the moment every
seat is connected (start-ups excluded).  Beside it, the CPU time (user + system) of
every process of the row over the same stretch, per hand: the dealer's and each
client's.  On a machine shared with other work the rates fall with the load but the
CPU times hardly move, so compare those: on two cores, a row whose processes together
need C ms of CPU per hand plays at most about 2000/C hands a second (less: the dealer
and the player to act take turns).  The start-up of each process is left out when the
system says what a running process has used (``/proc``), else included.

Players differ in how long their hands are (the C ``example_player`` raises and calls
more often than pokerroom's ``random``), so every row also gives the betting actions
per hand, counted from the match's log (the ``STATE`` lines of the ACPC log; the
JSON-lines table's actions; the engine loop's), and its CPU per action: compare rows
with different players by that.

Rows:

* the engine alone: the same game played by the engine loop of ``bench_engine.py``
  (a hand per deal, ``random_action`` for both players), no dealer and no network: what
  a hand costs before any protocol; every row's CPU per hand is also given as a multiple
  of this;
* pokerroom ACPC dealer + 2 pokerroom ACPC clients;
* pokerroom ACPC dealer + clients in the dealer's own process (one event loop: no
  process switches, one core);
* pokerroom JSON-lines dealer + 2 pokerroom JSON-lines clients (``pokerroom bot json``,
  each joining with its seat's token; as many hands as the ACPC matches);
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
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench_engine import _pokerroom as engine_loop
from pokerroom.engine import Action, ActionKind, PlayerView, random_action
from pokerroom.engine.hand import Hand
from pokerroom.history.acpc import LIMIT_HEADS_UP, GameDef
from pokerroom.history.acpclog import parse_betting
from pokerroom.history.acpcreplay import rules_from_gamedef
from pokerroom.jsonproto.dealer import JSONDealer
from pokerroom.net.acpc.client import play_acpc
from pokerroom.net.acpc.dealer import ACPCDealer
from pokerroom.net.acpc.server import ACPCServer
from pokerroom.net.jsonl.server import JSONServer
from pokerroom.rules import Rules
from pokerroom.table import Table

HOST = "127.0.0.1"
ENGINE = "the engine alone (no dealer, no network)"
ACPC_OURS = "pokerroom ACPC dealer + 2 pokerroom ACPC clients (3 processes)"
JSON_OURS = "pokerroom JSON-lines dealer + 2 pokerroom JSON-lines clients"
GAME = GameDef.parse(LIMIT_HEADS_UP)
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


# ------------------------------------------------------------------ processes


class Child:
    """A client or dealer process: started with ``posix_spawn``, its CPU time read from
    ``/proc`` while it runs and from ``wait4`` when it ends."""

    def __init__(self, label: str, argv: list[str], *, stdout: int | None = None) -> None:
        self.label = label
        null = os.open(os.devnull, os.O_RDWR)
        actions = [(os.POSIX_SPAWN_DUP2, null, 0), (os.POSIX_SPAWN_DUP2, null, 2)]
        actions.append((os.POSIX_SPAWN_DUP2, null if stdout is None else stdout, 1))
        self.pid = os.posix_spawn(argv[0], argv, dict(os.environ), file_actions=actions)
        os.close(null)
        self.at_start: float | None = None  # CPU seconds used when play began
        self.total = 0.0

    def used(self) -> float | None:
        """CPU seconds used so far (None where ``/proc`` does not say)."""
        try:
            with open(f"/proc/{self.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / TICK

    async def wait(self) -> None:
        _, status, usage = await asyncio.to_thread(os.wait4, self.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(f"{self.label} exited with status {status}")
        self.total = usage.ru_utime + usage.ru_stime

    @property
    def during_play(self) -> float:
        return self.total - (self.at_start or 0.0)


def _self_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Run:
    """One match: hands, wall-clock seconds of play, CPU seconds per process."""

    hands: int
    seconds: float
    cpu: dict[str, float] = field(default_factory=dict)
    startup_included: bool = False
    actions: int = 0  # betting actions over the match (the log's)

    @property
    def rate(self) -> float:
        return self.hands / self.seconds

    def per_hand(self) -> float:
        """CPU milliseconds per hand, every process together."""
        return sum(self.cpu.values()) / self.hands * 1000

    @property
    def actions_per_hand(self) -> float:
        return self.actions / self.hands

    def per_action(self) -> float:
        """CPU microseconds per betting action, every process together."""
        return sum(self.cpu.values()) / self.actions * 1e6


def log_actions(lines: list[str]) -> tuple[int, int]:
    """Hands and betting actions in an ACPC log: its ``STATE:`` lines' betting."""
    hands = actions = 0
    for line in lines:
        if line.startswith("STATE:"):
            hands += 1
            actions += sum(len(r) for r in parse_betting(line.split(":")[2]))
    return hands, actions


def _counted(hands: int, actions: int, expected: int) -> int:
    if hands != expected:
        raise RuntimeError(f"the log has {hands} hands, the match {expected}")
    return actions


def _python_bot(*args: str) -> list[str]:
    """``pokerroom bot ARGS...`` in a new process."""
    main = "import sys; from pokerroom.cli import main; sys.exit(main())"
    return [sys.executable, "-c", main, "bot", *args]


Players = Callable[[list[int]], list[Child]]
"""Starts the client processes for the given ports."""


def _our_players(game_path: Path) -> Players:
    def start(ports: list[int]) -> list[Child]:
        return [
            Child(f"client {i + 1}", _python_bot("acpc", HOST, str(p), "--game", str(game_path),
                                                 "--player", "random", "--seed", str(i)))
            for i, p in enumerate(ports)
        ]  # fmt: skip

    return start


def _c_players(ref: Path, game_path: Path) -> Players:
    def start(ports: list[int]) -> list[Child]:
        return [
            Child(f"client {i + 1}", [str(ref / "example_player"), str(game_path), HOST, str(p)])
            for i, p in enumerate(ports)
        ]

    return start


def _mark_start(children: list[Child]) -> bool:
    """Note each child's CPU time now; False if it cannot be read."""
    known = True
    for child in children:
        child.at_start = child.used()
        known = known and child.at_start is not None
    return known


# ------------------------------------------------------------------ the rows


async def engine_alone(hands: int) -> Run:
    """The game on the engine alone, in this process: no dealer, no network."""
    rules, stack = rules_from_gamedef(GAME), GAME.stack[0]
    play = engine_loop(rules, stack)
    mine, start = _self_cpu(), time.perf_counter()
    play(GAME.num_players, hands, random.Random(1))
    run = Run(hands, time.perf_counter() - start, {"engine": _self_cpu() - mine})
    run.actions = _engine_actions(rules, stack, hands, random.Random(1))
    return run


def _engine_actions(rules: Rules, stack: int, hands: int, rng: random.Random) -> int:
    """The actions the engine loop took: the same loop (the same seed plays the same
    hands), counting, after the timed one."""
    players = GAME.num_players
    stacks, actions = [stack] * players, 0
    for i in range(hands):
        hand = Hand(rules, stacks, button=i % players, rng=rng, auto_showdown=True)
        while not hand.is_over:
            hand.act(*random_action(hand.legal_actions(), rng))
            actions += 1
    return actions


async def _watch(server: ACPCServer | JSONServer, children: list[Child], hands: int) -> Run:
    """Run a pokerroom dealer's match (this process) with its client processes: the CPU
    time of each from the moment every seat is connected."""
    match = asyncio.create_task(server.run())
    while not server.started_at and not match.done():
        await asyncio.sleep(0.001)
    mine = _self_cpu()
    known = _mark_start(children)
    await match
    mine = _self_cpu() - mine
    for child in children:
        await child.wait()
    cpu = {"dealer": mine} | {c.label: c.during_play for c in children}
    return Run(hands, server.finished_at - server.started_at, cpu, not known)


async def our_acpc_dealer(hands: int, players: Players) -> Run:
    dealer = ACPCDealer(GAME, names=["a", "b"], hands=hands, seed=1)
    server = ACPCServer(dealer, host=HOST, start_timeout=60)
    children = players(await server.start())
    run = await _watch(server, children, hands)
    assert dealer.finished and not server.notes, server.notes
    run.actions = _counted(*log_actions(dealer.log), hands)
    return run


class _Random:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: PlayerView, budget: float) -> Action:
        assert view.legal is not None
        return Action(*random_action(view.legal, self.rng))


async def acpc_one_process(hands: int) -> Run:
    dealer = ACPCDealer(GAME, names=["a", "b"], hands=hands, seed=1)
    server = ACPCServer(dealer, host=HOST, start_timeout=60)
    ports = await server.start()
    match = asyncio.create_task(server.run())
    clients = [play_acpc(_Random(i), HOST, p, GAME) for i, p in enumerate(ports)]
    playing = asyncio.gather(*clients)
    while not server.started_at and not match.done():
        await asyncio.sleep(0.001)
    mine = _self_cpu()
    await match
    await playing
    run = Run(hands, server.finished_at - server.started_at, {"all": _self_cpu() - mine})
    run.actions = _counted(*log_actions(dealer.log), hands)
    return run


async def json_ours(hands: int) -> Run:
    table = Table(
        Rules.preset("casino-limit"), 2, rng=random.Random(1), max_hands=hands, reset_stacks=True
    )
    not_betting = (ActionKind.SHOW, ActionKind.MUCK)  # (a tuple: no Enum hashed a hand)
    counted = [0]

    def count() -> None:  # after each hand, the table still holding it (the dealer's time)
        counted[0] += sum([a.kind not in not_betting for _, a in table.actions])

    dealer = JSONDealer(table, ["t0", "t1"], budget=30, on_hand=count)
    server = JSONServer(dealer, host=HOST, start_timeout=60)
    port = await server.start()
    children = [
        Child(f"client {i + 1}", _python_bot("json", HOST, str(port), "--token", f"t{i}",
                                             "--player", "random", "--seed", str(i)))
        for i in range(2)
    ]  # fmt: skip
    run = await _watch(server, children, hands)
    assert table.hand_number == hands
    run.actions = counted[0]
    return run


async def reference_dealer(ref: Path, hands: int, game_path: Path, players: Players) -> Run:
    with tempfile.TemporaryDirectory() as tmp:
        read, write = os.pipe()
        name = str(Path(tmp) / "bench")
        argv = [str(ref / "dealer"), name, str(game_path), str(hands), "1", "a", "b", "-q"]
        dealer = Child("dealer", argv, stdout=write)
        os.close(write)
        with os.fdopen(read) as out:
            ports = [int(p) for p in (await asyncio.to_thread(out.readline)).split()]
        children = players(ports)
        log = Path(f"{name}.log")
        while "STATE:" not in (log.read_text() if log.exists() else ""):
            await asyncio.sleep(0.001)  # the first hand is logged: every seat is playing
        start = time.perf_counter()
        known = _mark_start([dealer, *children])
        await dealer.wait()
        elapsed = time.perf_counter() - start
        for child in children:
            await child.wait()
        actions = _counted(*log_actions(log.read_text().splitlines()), hands)
    cpu = {c.label: c.during_play for c in (dealer, *children)}
    return Run(hands, elapsed, cpu, not known, actions)


# -------------------------------------------------------------------- output


def _row(name: str, run: Run) -> str:
    parts = ", ".join(f"{label} {cpu / run.hands * 1000:.3f}" for label, cpu in run.cpu.items())
    note = " (start-ups included)" if run.startup_included else ""
    return (
        f"{name:64} {run.rate:7.0f} hands/s  {run.actions_per_hand:4.2f} actions/hand  "
        f"{run.per_hand():6.3f} ms CPU/hand ({parts})  {run.per_action():5.1f} µs CPU/action"
        f"{note}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--hands", type=int, help="hands per match (default 3000)")
    parser.add_argument(
        "--acpc-dir",
        default=os.environ.get("POKERROOM_ACPC_DIR"),
        help="the folder of the built reference dealer and example_player",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="play every row this many times, in turn, and keep each row's fastest run "
        "(on a shared machine the load comes and goes)",
    )
    args = parser.parse_args()
    hands = args.hands or (500 if args.quick else 3000)
    ref = Path(args.acpc_dir) if args.acpc_dir else None
    if ref is not None and not ((ref / "dealer").exists() and (ref / "example_player").exists()):
        print(f"no dealer and example_player in {ref}: the reference rows are skipped")
        ref = None
    print(
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
        f"load {os.getloadavg()[0]:.1f}; {hands} hands per match; CPU ms per hand "
        f"of each process in brackets\n"
    )
    rows: list[tuple[str, Run | None]] = []
    with tempfile.TemporaryDirectory() as tmp:
        game_path = Path(tmp) / "holdem.limit.2p.reverse_blinds.game"
        game_path.write_text(LIMIT_HEADS_UP)
        runs: list[tuple[str, Callable[[], Coroutine[Any, Any, Run]] | None]] = [
            (ENGINE, lambda: engine_alone(hands)),
            (
                ACPC_OURS,
                lambda: our_acpc_dealer(hands, _our_players(game_path)),
            ),
            ("pokerroom ACPC dealer + 2 clients in one process", lambda: acpc_one_process(hands)),
            (JSON_OURS, lambda: json_ours(hands)),
        ]
        if ref is not None:
            r = ref
            runs += [
                (
                    "reference C dealer + 2 C example players",
                    lambda: reference_dealer(r, hands, game_path, _c_players(r, game_path)),
                ),
                (
                    "reference C dealer + 2 pokerroom ACPC clients",
                    lambda: reference_dealer(r, hands, game_path, _our_players(game_path)),
                ),
                (
                    "pokerroom ACPC dealer + 2 C example players",
                    lambda: our_acpc_dealer(hands, _c_players(r, game_path)),
                ),
            ]
        else:
            runs.append(("reference C dealer + 2 C example players", None))
        best: dict[str, Run | None] = {}
        rates: dict[str, list[float]] = {}
        for round_ in range(args.repeat):
            if args.repeat > 1:
                print(f"round {round_ + 1} of {args.repeat}, load {os.getloadavg()[0]:.1f}")
            for name, make in runs:
                if make is None:
                    if round_ == 0:
                        print(f"{name:64} skipped (no --acpc-dir)", flush=True)
                    best[name] = None
                    continue
                run = asyncio.run(make())
                rates.setdefault(name, []).append(run.rate)
                kept = best.get(name)
                if kept is None or run.rate > kept.rate:
                    best[name] = run
                print(_row(name, run), flush=True)
        rows = list(best.items())
    base = next((r for n, r in rows if n.startswith("reference C dealer + 2 C") and r), None)
    engine = next(r for n, r in rows if n == ENGINE and r)
    print(
        "\n| dealer and clients (loopback, heads-up limit, random players) | hands/s |"
        " actions per hand | CPU per hand, all processes (dealer; clients) | CPU per action |"
        " CPU per action vs engine |" + (" vs C |" if base else "")
    )
    print("|---|---:|---:|---:|---:|---:|" + ("---:|" if base else ""))
    for name, done in rows:
        if done is None:
            print(f"| {name} | skipped | | | | |" + (" |" if base else ""))
            continue
        split = "; ".join(f"{v / done.hands * 1000:.2f}" for v in done.cpu.values())
        cell = f"{done.per_hand():.2f} ms ({split})"
        action = f" {done.per_action():.0f} µs |"
        versus = f" {done.per_action() / engine.per_action():.1f}x |"
        ratio = f" {done.per_action() / base.per_action():.1f}x |" if base else ""
        print(
            f"| {name} | {done.rate:,.0f} | {done.actions_per_hand:.2f} | {cell} |{action}"
            f"{versus}{ratio}"
        )
    _ratios(rows, rates)


def _ratios(rows: list[tuple[str, Run | None]], rates: dict[str, list[float]]) -> None:
    """The JSON-lines dealer against pokerroom's ACPC dealer, both with two clients of
    their own in processes of their own, in the same run."""
    acpc = dict(rows).get(ACPC_OURS)
    json_lines = dict(rows).get(JSON_OURS)
    if acpc is None or json_lines is None:
        return
    def runs(name: str) -> str:
        return ", ".join(f"{r:,.0f}" for r in rates.get(name, []))

    print(
        f"\nthe JSON-lines dealer: {json_lines.rate:,.0f} hands/s at best (runs: "
        f"{runs(JSON_OURS)}), {json_lines.rate / acpc.rate:.0%} of pokerroom's ACPC dealer "
        f"in the same run ({acpc.rate:,.0f} hands/s at best; runs: {runs(ACPC_OURS)}); "
        "the goal: 1,000 hands/s"
    )


if __name__ == "__main__":
    main()
