"""What a save of a game with its players costs: the checked, checksummed JSON save
(:meth:`Runner.save <pokerroom.players.Runner.save>` and ``Runner.restore``) beside a
plain :mod:`pickle` of the same table and bots (the unsafe shortcut it replaces: a pickle
runs code when loaded, so no save is ever read that way).

Run: ``python benchmarks/bench_saves.py`` (about half a minute; ``--quick`` for a short
run).  A game of you against nine ``strong`` bots (the most a bot remembers: a profile of
every player, each seat's range over 1,326 hands) and one against three ``random`` bots;
you check or call.  At each of your turns the game is saved as the terminal game's
autosave is (:meth:`Game.to_data <pokerroom.tui.game.Game.to_data>`, then JSON text, as
the save file holds it) and restored from that text; the pickle is taken and read at the
same moments.  Timings are CPU time of this process per save; sizes are of the text (or
the pickle's bytes).  Writing to the SQLite file adds its own time (a commit), the same
for both, and is left out.
"""

from __future__ import annotations

import argparse
import json
import pickle
import platform
import statistics
import time
from typing import Any

from pokerroom.engine import Action, Street
from pokerroom.rules import Rules
from pokerroom.tui.game import Game, Setup


def _moments(bots: tuple[str, ...], turns: int) -> list[Game]:
    """Copies of a game at ``turns`` of your turns (restored from its own saves)."""
    game = Game.new(Setup(name="Hero", bots=bots, rules=Rules.preset("no-limit"), seed=7))
    table, runner = game.table, game.runner
    out: list[Game] = []
    while len(out) < turns and not table.is_over:
        if not table.in_hand:
            table.start_hand()
        while runner.advance() is not None and len(out) < turns:
            out.append(Game.from_data(json.loads(json.dumps(game.to_data()))))
            legal = table.legal_actions()
            runner.apply(table.default_action() if legal.street is Street.SHOWDOWN
                         else Action.call() if legal.to_call else Action.check())  # fmt: skip
    return out


def _time(games: list[Game], rounds: int) -> dict[str, Any]:
    best: dict[str, float] = {}
    sizes = {"json": 0, "pickle": 0}
    for _ in range(rounds):
        times = {"json save": 0.0, "json load": 0.0, "pickle save": 0.0, "pickle load": 0.0}
        for game in games:
            start = time.process_time()
            text = json.dumps(game.to_data(), sort_keys=True, separators=(",", ":"))
            saved = time.process_time()
            Game.from_data(json.loads(text))
            loaded = time.process_time()
            blob = pickle.dumps((game.table, game.bots, game.chips))
            pickled = time.process_time()
            pickle.loads(blob)
            unpickled = time.process_time()
            times["json save"] += saved - start
            times["json load"] += loaded - saved
            times["pickle save"] += pickled - loaded
            times["pickle load"] += unpickled - pickled
            sizes["json"] = max(sizes["json"], len(text))
            sizes["pickle"] = max(sizes["pickle"], len(blob))
        for key, value in times.items():
            best[key] = min(best.get(key, value), value / len(games))
    return {"times": best, "sizes": sizes}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args(argv)
    turns, rounds = (8, 2) if args.quick else (30, 5)
    print(f"Python {platform.python_version()}, {platform.machine()}; CPU ms per save, "
          f"best of {rounds} rounds over {turns} of your turns")  # fmt: skip
    print("| game | JSON save | JSON load | pickle save | pickle load | JSON / pickle | "
          "JSON size | pickle size |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for label, bots in (("9 strong bots", ("strong",) * 9), ("3 random bots", ("random",) * 3)):
        found = _time(_moments(bots, turns), rounds)
        t, s = found["times"], found["sizes"]
        ms = [f"{1000 * t[k]:.2f}" for k in ("json save", "json load", "pickle save",
                                              "pickle load")]  # fmt: skip
        ratio = statistics.fmean([t["json save"] / t["pickle save"],
                                  t["json load"] / t["pickle load"]])  # fmt: skip
        print(f"| {label} | {' | '.join(ms)} | {ratio:.1f}x | {s['json'] / 1000:.0f} kB | "
              f"{s['pickle'] / 1000:.0f} kB |")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
