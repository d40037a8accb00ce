"""Decisions per second of each bot in play: the same recorded games replayed to each.

Run: ``python benchmarks/bench_bots.py`` (a minute or two; ``--quick`` for a short run).

A bot that learns (``strong``) does part of its work between decisions: it follows the
hand event by event, narrows ranges as players act, rates each new board once, and
counts the hand when it ends.  Asking it about views taken out of context (as
``bench_table.py`` does) charges all of that to every decision.  Here each setting is a
real game recorded once from one seat (``strong`` playing there), every call the seat
received kept in order (the game's start, each decision with its complete view, each
hand's end); each bot then replays the whole recording from a fresh start, and its
decisions per CPU second count everything it did.

Settings: heads-up fixed limit (``casino-limit``) and no limit against ``rule-based``, and
a 6-handed no-limit table (``rule-based``, ``calling-station``, ``random``).  A timing is
CPU time of this process, the best of several rounds interleaved; the ratio is to
``rule-based``.  The output ends with a markdown table for the README.
"""

from __future__ import annotations

import argparse
import copy
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from pokerroom.engine import Action, PlayerView
from pokerroom.players import BOTS, Runner, make_player
from pokerroom.players.base import Player
from pokerroom.rules import Rules
from pokerroom.table import Table

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

    def start_game(self, game: Any) -> None:
        self.calls.append(("start_game", game))
        self.inner.start_game(game)

    def start_hand(self, hand: Any) -> None:
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


def replay(name: str, calls: list[Call]) -> tuple[int, float]:
    """Decisions and CPU seconds of a fresh ``name`` bot given the recorded calls."""
    bot = BOTS[name](seed=1)
    methods: dict[str, Callable[..., Any]] = {
        "start_game": bot.start_game, "start_hand": bot.start_hand, "end_hand": bot.end_hand,
    }  # fmt: skip
    decisions = 0
    start = time.process_time()
    for what, arg in calls:
        if what == "act":
            bot.act(arg, 1.0)
            decisions += 1
        else:
            methods[what](arg)
    return decisions, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args(argv)
    hands, rounds = (60, 1) if args.quick else (400, 3)
    settings = [
        ("heads-up fixed limit", Rules.preset("casino-limit"), ["rule-based"]),
        ("heads-up no limit", Rules.preset("no-limit"), ["rule-based"]),
        ("6-handed no limit", Rules.preset("no-limit"),
         ["rule-based", "calling-station", "random", "rule-based", "calling-station"]),
    ]  # fmt: skip
    recorded = {label: record(rules, field, hands, 7) for label, rules, field in settings}
    best: dict[tuple[str, str], float] = {}
    counts: dict[str, int] = {}
    for _ in range(rounds):
        for label, calls in recorded.items():
            for name in BOTS:
                done, spent = replay(name, calls)
                counts[label] = done
                rate = done / max(spent, 1e-9)
                best[(label, name)] = max(best.get((label, name), 0.0), rate)
    print(f"Python {platform.python_version()} on {platform.machine()}, one core, "
          f"decisions per CPU second (best of {rounds}) replaying recorded games:\n")  # fmt: skip
    labels = list(recorded)
    print("| bot | " + " | ".join(f"{lb} ({counts[lb]} decisions)" for lb in labels) + " |")
    print("|---|" + "---:|" * len(labels))
    for name in BOTS:
        cells = []
        for lb in labels:
            r = best[(lb, name)]
            cells.append(f"{r:,.0f} ({1000 / r:.2f} ms, {r / best[(lb, 'rule-based')]:.2f}x)")
        print(f"| {name} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
