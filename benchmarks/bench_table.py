"""Hands per second of the table and runner against the raw engine loop, and decisions per
second of each bot, in one run.

Run: ``python benchmarks/bench_table.py`` (about a minute; ``--quick`` for a short run).

* **engine**: the loop of ``bench_engine.py`` (imported from it): a new
  :class:`~pokerroom.engine.Hand` per hand, stacks of 100 big blinds every hand, the
  button moving, every action drawn by :func:`~pokerroom.engine.random_action`,
  showdowns decided by the hand itself.
* **table + runner**: a :class:`~pokerroom.table.Table` that resets the stacks every hand
  (the same deal as above) played by :class:`~pokerroom.players.Runner` with
  :class:`~pokerroom.players.RandomBot` players and a clock holding them to a budget:
  everything a bot league does per hand (the player protocol, the views, fault checks,
  the showdown asked of each seat, eliminations and the button bookkeeping).
* **freeze-out**: the same, but real freeze-outs (100 big blinds, to the last player),
  so the hands get shorter-handed as players go out.

Then decisions per second of each bot, each asked for its action on the same views
(taken from random play, every street, 2 to 9 players, complete views), and in play: a
bot that learns (``strong``) does part of its work between decisions (it follows each
hand event by event, narrows ranges as players act, rates each board once, counts each
hand when it ends), which views out of context charge to every decision.  So three real
games are recorded once from one seat (``strong`` playing there; every call the seat
received, in order, views copied whole): heads-up fixed limit (``casino-limit``) and no
limit against ``rule-based``, and a 6-handed no-limit table; each bot replays every
recording from a fresh start, everything it does counted.  ``--bots`` runs only this part.

Then the tournament runner (:mod:`pokerroom.tournament`), as a worker plays a league
session from its task (players built from their names, every decision timed, every
hand's result recorded for the statistics):

* **one worker**: hands per CPU second against the engine loop (target: 80% of it), the
  best of each, and the ratio measured again in many pairs of short runs one right after
  the other, whose median a machine with a drifting clock speed disturbs less;
* **two workers**: hands per second of wall-clock time of a pool of two processes against
  one worker (target: 1.7 times), eight sessions of 2,000 hands, the pool started before
  the clock.  On a machine other programs share, wall-clock time says little, so the
  CPU time per hand of all the work is printed too (the games in the workers, the
  parent's share, the pickling of tasks and records), and the speed-up it implies on two
  idle cores: 2 × the CPU per hand of one worker over that of two.

A timing is CPU time of this process, the best of several rounds interleaved.  The
output ends with markdown tables for the README.

Where the difference goes, per decision: the turn view (a new one each decision, only its
seat and legal actions written; the legal actions are immutable, so they are handed over as
they are), the bot's method call and its action object, the checks of the answer (a clock
read as it comes, its type), and the table's step (the action taken and kept for saving the
hand, whose turn it is, in table seats), all in the one loop over decisions
(``Runner._decisions``), which asks whose turn it is, calls the player and steps the table
with the answer through its public methods; per hand: the next hand dealt (``Table.deal``:
the button, the seats dealt in), and the stacks and totals after the hand, updated in place.
"""

from __future__ import annotations

import argparse
import copy
import os
import pickle
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench_engine import _pokerroom
from pokerroom.engine import Action, PlayerView, random_action
from pokerroom.players import BOTS, Player, RandomBot, Runner, make_player
from pokerroom.rules import Rules
from pokerroom.table import GameStart, HandStart, Table
from pokerroom.tournament import GameRecord, GameTask, make_executor, play_timed
from pokerroom.tournament.executor import PoolExecutor

Play = Callable[[int, int, random.Random], None]  # (players, hands, rng)


engine_loop = _pokerroom  # bench_engine.py's loop, the same in both benchmarks


def table_runner(rules: Rules, stack: int) -> Play:
    def play(players: int, hands: int, rng: random.Random) -> None:
        table = Table(rules, [stack] * players, rng=rng, reset_stacks=True, max_hands=hands)
        bots = [RandomBot(seed=rng.getrandbits(32)) for _ in range(players)]
        Runner(table, bots, clock=time.perf_counter, budget=1.0).play()

    return play


def freeze_outs(rules: Rules, stack: int) -> Callable[[int, int, random.Random], int]:
    def play(players: int, hands: int, rng: random.Random) -> int:
        done = 0
        while done < hands:
            table = Table(rules, [stack] * players, rng=rng, max_hands=hands - done)
            bots = [RandomBot(seed=rng.getrandbits(32)) for _ in range(players)]
            done += Runner(table, bots, clock=time.perf_counter, budget=1.0).play().hands
        return done

    return play


def tournament_runner(rules: Rules, stack: int) -> Play:
    """The tournament runner on one worker: a league session of random bots, played from
    its task as an executor's worker plays it."""

    def play(players: int, hands: int, rng: random.Random) -> None:
        play_timed(session(rules, stack, players, hands, rng.getrandbits(32), 0))

    return play


def session(rules: Rules, stack: int, players: int, hands: int, seed: int, index: int
            ) -> GameTask:  # fmt: skip
    return GameTask(index=index, label=f"session {index}", rules=rules.replace(buy_in=stack),
                    players=("random",) * players, entrants=tuple(range(players)),
                    names=tuple(f"random {i}" for i in range(players)), seed=seed,
                    reset_stacks=True, max_hands=hands)  # fmt: skip


def measured(task: GameTask) -> tuple[GameRecord, float]:
    """``play_timed`` in a worker, with the CPU seconds it took there."""
    cpu = time.process_time()
    record = play_timed(task)
    return record, time.process_time() - cpu


def on_workers(tasks: list[GameTask], workers: int) -> tuple[float, float]:
    """(hands per wall-clock second, CPU seconds per hand of every process) of ``tasks``
    on ``workers`` processes (1: this one), the pool started before the clock.  The CPU
    is the games' in the workers, the parent's, and the pickling of each task and record
    on the workers' side (measured here)."""
    if workers == 1:
        start, cpu = time.perf_counter(), time.process_time()
        with make_executor(workers=1) as serial:
            hands = sum(r.hands for _, r in serial.run(play_timed, tasks))
        return hands / (time.perf_counter() - start), (time.process_time() - cpu) / hands
    with PoolExecutor(workers) as pool:
        list(pool.run(play_timed, tasks[:workers]))  # start the workers
        start, cpu = time.perf_counter(), time.process_time()
        results = [r for _, r in pool.run(measured, tasks)]
        wall = time.perf_counter() - start
        parent = time.process_time() - cpu
    hands = sum(record.hands for record, _ in results)
    cpu = time.process_time()
    for task, (record, _) in zip(tasks, results, strict=True):
        pickle.loads(pickle.dumps(task))
        pickle.dumps((record, 0.0))
    pickling = time.process_time() - cpu
    return hands / wall, (parent + pickling + sum(c for _, c in results)) / hands


def rate(play: Play, players: int, seconds: float, rng: random.Random) -> float:
    """Hands per CPU second over about ``seconds``."""
    hands = 20
    while True:
        start = time.process_time()
        play(players, hands, rng)
        spent = time.process_time() - start
        if spent >= seconds or hands >= 10**6:
            return hands / spent
        hands = max(hands * 2, int(hands * seconds / max(spent, 1e-3) * 1.1))


def views(count: int, rng: random.Random) -> list[PlayerView]:
    """Complete views of decisions from random play: no and fixed limit, 2 to 9 players."""
    out: list[PlayerView] = []
    presets = [Rules.preset("no-limit"), Rules.preset("casino-limit")]
    while len(out) < count:
        rules = rng.choice(presets)
        n = rng.randint(2, 9)
        table = Table(rules, n, rng=rng, reset_stacks=True)
        table.start_hand()
        while table.in_hand:
            view = table.turn_view()
            if view.legal is not None and view.legal.street.value < 4:
                out.append(copy.copy(view))
            kind, amount = random_action(view.legal, rng)  # type: ignore[arg-type]
            table.apply(Action(kind, amount) if amount is not None else Action(kind))
    return out[:count]


def decisions(name: str, corpus: list[PlayerView], seconds: float) -> float:
    bot = BOTS[name](seed=1)
    done = 0
    start = time.process_time()
    while True:
        for view in corpus:
            bot.act(view, 1.0)
        done += len(corpus)
        spent = time.process_time() - start
        if spent >= seconds:
            return done / spent


Call = tuple[str, Any]


class Recorder(Player):
    """Plays as ``inner`` and keeps every call it receives, views copied whole."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.calls: list[Call] = []

    def act(self, view: PlayerView, budget: float) -> Action:
        self.calls.append(("act", copy.copy(view)))
        return self.inner.act(view, budget)

    def start_game(self, game: GameStart) -> None:
        self.calls.append(("start_game", game))
        self.inner.start_game(game)

    def start_hand(self, hand: HandStart) -> None:
        self.calls.append(("start_hand", hand))
        self.inner.start_hand(hand)

    def end_hand(self, view: PlayerView) -> None:
        self.calls.append(("end_hand", copy.copy(view)))
        self.inner.end_hand(view)


def record(rules: Rules, field: list[str], hands: int, seed: int) -> list[Call]:
    """The calls seat 0 (``strong``) receives over ``hands`` hands against ``field``."""
    recorder = Recorder(make_player("strong", seed=seed))
    players: list[Player] = [recorder] + [make_player(n, seed=seed + k + 1)
                                          for k, n in enumerate(field)]  # fmt: skip
    table = Table(rules, len(players), rng=random.Random(seed), reset_stacks=True,
                  max_hands=hands)  # fmt: skip
    Runner(table, players).play()
    return recorder.calls


def replay(name: str, calls: list[Call]) -> float:
    """Decisions per CPU second of a fresh ``name`` bot given the recorded calls."""
    bot = BOTS[name](seed=1)
    methods: dict[str, Callable[..., Any]] = {
        "start_game": bot.start_game, "start_hand": bot.start_hand, "end_hand": bot.end_hand,
    }  # fmt: skip
    decided = 0
    start = time.process_time()
    for what, arg in calls:
        if what == "act":
            bot.act(arg, 1.0)
            decided += 1
        else:
            methods[what](arg)
    return decided / max(time.process_time() - start, 1e-9)


def bot_tables(quick: bool, seconds: float, rounds: int) -> None:
    corpus = views(300 if quick else 2000, random.Random(7))
    hands = 60 if quick else 400
    games = {
        "heads-up fixed limit": record(Rules.preset("casino-limit"), ["rule-based"], hands, 7),
        "heads-up no limit": record(Rules.preset("no-limit"), ["rule-based"], hands, 7),
        "6-handed no limit": record(Rules.preset("no-limit"), ["rule-based", "calling-station",
                                    "random", "rule-based", "calling-station"], hands, 7),
    }  # fmt: skip
    best: dict[tuple[str, str], float] = {}
    for _ in range(rounds):
        for name in BOTS:
            key = (name, "views")
            best[key] = max(best.get(key, 0.0), decisions(name, corpus, seconds))
            for label, calls in games.items():
                best[(name, label)] = max(best.get((name, label), 0.0), replay(name, calls))
    counts = {label: sum(1 for what, _ in calls if what == "act") for label, calls in games.items()}
    print(f"\nDecisions per CPU second (best of {rounds}): each bot on the same complete views "
          f"from random play, and in play, replaying recorded games ({hands} hands each):\n")
    print("| bot | views from random play | "
          + " | ".join(f"{label} ({counts[label]} decisions)" for label in games) + " |")
    print("|---|---:|" + "---:|" * len(games))
    for name in BOTS:
        cells = [f"{best[(name, label)]:,.0f}" for label in ("views", *games)]
        print(f"| {name} | " + " | ".join(cells) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--bots", action="store_true", help="only the bots' decisions")
    args = parser.parse_args(argv)
    seconds, rounds = (0.4, 1) if args.quick else (1.5, 3)
    if args.bots:
        bot_tables(args.quick, seconds, rounds)
        return 0
    rng = random.Random(2024)
    setups = [("no limit", Rules.preset("no-limit"), 400),
              ("fixed limit", Rules.preset("casino-limit"), 200)]  # fmt: skip
    best: dict[tuple[str, str, int], float] = {}
    for _ in range(rounds):
        for label, rules, stack in setups:
            for players in (6, 2):
                for kind, play in (("engine", engine_loop(rules, stack)),
                                   ("table", table_runner(rules, stack)),
                                   ("freeze-out", freeze_outs(rules, stack))):  # fmt: skip
                    r = rate(play, players, seconds, rng)  # type: ignore[arg-type]
                    key = (label, kind, players)
                    best[key] = max(best.get(key, 0.0), r)
    print(f"Python {platform.python_version()} on {platform.machine()}, one core, "
          f"hands per CPU second (best of {rounds}), random players:\n")  # fmt: skip
    print("| structure | players | engine loop | table + runner | ratio | freeze-outs |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, _, _ in setups:
        for players in (6, 2):
            e = best[(label, "engine", players)]
            t = best[(label, "table", players)]
            f = best[(label, "freeze-out", players)]
            print(f"| {label} | {players} | {e:,.0f} | {t:,.0f} | {t / e:.0%} | {f:,.0f} |")
    bot_tables(args.quick, seconds, rounds)
    tournament(setups, seconds, rounds, quick=args.quick)
    return 0


def paired(rules: Rules, stack: int, players: int, pairs: int,
           rng: random.Random) -> list[float]:  # fmt: skip
    """The runner's rate over the engine loop's, measured ``pairs`` times in short runs one
    right after the other (which goes first alternates)."""
    engine, runner = engine_loop(rules, stack), tournament_runner(rules, stack)
    out = []
    for i in range(pairs):
        first, second = (engine, runner) if i % 2 == 0 else (runner, engine)
        a = rate(first, players, 0.2, rng)
        b = rate(second, players, 0.2, rng)
        e, r = (a, b) if i % 2 == 0 else (b, a)
        out.append(r / e)
    return out


def tournament(setups: list[tuple[str, Rules, int]], seconds: float, rounds: int, *,
               quick: bool) -> None:  # fmt: skip
    rng = random.Random(2025)
    best: dict[tuple[str, str, int], float] = {}
    for _ in range(rounds):
        for label, rules, stack in setups:
            for players in (6, 2):
                for kind, play in (("engine", engine_loop(rules, stack)),
                                   ("runner", tournament_runner(rules, stack))):  # fmt: skip
                    r = rate(play, players, seconds, rng)
                    best[(label, kind, players)] = max(best.get((label, kind, players), 0.0), r)
    pairs = 6 if quick else 24
    ratios = {(label, players): paired(rules, stack, players, pairs, rng)
              for label, rules, stack in setups for players in (6, 2)}  # fmt: skip
    print("\nThe tournament runner on one worker, hands per CPU second (best of "
          f"{rounds}); then the runner's rate over the engine loop's in {pairs} pairs of short "
          "runs one right after the other, their median and quartiles (a machine whose speed "
          "drifts moves both runs of a pair alike):\n")  # fmt: skip
    print("| structure | players | engine loop | tournament runner | vs engine (target 80%) "
          "| paired: median (quartiles) |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|")
    for label, _, _ in setups:
        for players in (6, 2):
            e, t = best[(label, "engine", players)], best[(label, "runner", players)]
            q1, mid, q3 = statistics.quantiles(ratios[(label, players)], n=4)
            print(f"| {label} | {players} | {e:,.0f} | {t:,.0f} | {t / e:.0%} "
                  f"| {mid:.0%} ({q1:.0%}–{q3:.0%}) |")  # fmt: skip
    sessions, hands = (4, 500) if quick else (8, 2000)
    load = os.getloadavg()[0]
    print(f"\nOne worker and two, {sessions} sessions of {hands:,} hands, 6 random players, "
          f"best of {rounds} (load average {load:.1f} on {os.cpu_count()} cores):\n")  # fmt: skip
    print("| structure | 1 worker hands/s | 2 workers hands/s | speed-up (target 1.7×) "
          "| CPU µs/hand, 1 / 2 workers | speed-up on two idle cores |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|")
    for label, rules, stack in setups:
        tasks = [session(rules, stack, 6, hands, 100 + i, i) for i in range(sessions)]
        one = two = 0.0
        cpu1 = cpu2 = float("inf")
        for _ in range(rounds):  # the best of each
            rate1, c1 = on_workers(tasks, 1)
            rate2, c2 = on_workers(tasks, 2)
            one, two, cpu1, cpu2 = max(one, rate1), max(two, rate2), min(cpu1, c1), min(cpu2, c2)
        print(f"| {label} | {one:,.0f} | {two:,.0f} | {two / one:.2f}× | "
              f"{cpu1 * 1e6:,.0f} / {cpu2 * 1e6:,.0f} | {2 * cpu1 / cpu2:.2f}× |")


if __name__ == "__main__":
    raise SystemExit(main())
