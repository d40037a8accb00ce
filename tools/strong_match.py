"""Measure a bot against others: duplicate heads-up matches and freeze-outs.

Heads-up, in duplicate: each match is played twice from the same table seed (so the same
cards are dealt, hand by hand), the second time with the seats swapped, each half with
fresh bots; stacks reset every hand (cash mode, as ACPC matches are played).  The result
is the first bot's winnings in milli-big-blinds per hand (the big blind: the rules'
largest blind or straddle) with a 95% confidence interval from the per-hand duplicate
sums.  Freeze-outs: the bots at one table until one has every chip, seats rotated from
game to game; the first bot's share of wins with a 95% interval.

    python tools/strong_match.py duel strong calling-station --rules casino-limit --hands 2000
    python tools/strong_match.py freezeout strong,rule-based,rule-based,calling-station,\\
        calling-station,random --rules computer-tournament --games 100

Decisions per second of each bot are reported too (the processor time of its own
``act``, which a busy machine disturbs less than the wall clock; this script is an
adapter, not the core).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerroom.engine import Action, PlayerView
from pokerroom.players import make_player, seat_names
from pokerroom.players.base import Player
from pokerroom.players.runner import Runner
from pokerroom.rules import Rules
from pokerroom.table import Table


@dataclass
class Timing:
    decisions: int = 0
    seconds: float = 0.0


@dataclass
class Timed:
    """A player whose ``act`` is timed; every other hook passes through."""

    inner: Player
    timing: Timing = field(default_factory=Timing)

    def __post_init__(self) -> None:
        self.name = getattr(self.inner, "name", "player")
        for hook in ("start_game", "start_hand", "observe", "end_hand", "end_game", "announce"):
            method = getattr(type(self.inner), hook, None)
            if method is not None and method is not getattr(Player, hook):
                setattr(self, hook, getattr(self.inner, hook))

    def act(self, view: PlayerView, budget: float) -> Action:
        start = time.process_time()
        action = self.inner.act(view, budget)
        self.timing.seconds += time.process_time() - start
        self.timing.decisions += 1
        return action


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and 95% half-width (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    return mean, 1.96 * math.sqrt(var / n)


def duel(  # noqa: PLR0917 - the match's settings
    rules: Rules, a: str, b: str, hands: int, seed: int, timings: dict[str, Timing]
) -> tuple[float, float, int]:
    """Duplicate heads-up: ``a``'s winnings in mbb/hand, the 95% half-width, faults."""
    sums = [0.0] * hands
    faults = 0
    for half in (0, 1):
        names = [a, b] if half == 0 else [b, a]
        players = [Timed(make_player(name, seed=seed * 7919 + 2 * k + half))
                   for k, name in enumerate(names)]  # fmt: skip
        for p in players:
            p.timing = timings.setdefault(p.name, Timing())
        table = Table(rules, 2, names=seat_names(players), rng=random.Random(seed),
                      reset_stacks=True, max_hands=hands)  # fmt: skip
        runner = Runner(table, players)
        mine = 0 if half == 0 else 1
        before = 0
        for k in range(hands):
            runner.play_hand()
            total = table.totals[mine]
            sums[k] += total - before
            before = total
        faults += len(runner.faults)
    blind = rules.big_blind or rules.units[0]
    mean, half_width = interval([1000.0 * s / 2 / blind for s in sums])
    return mean, half_width, faults


def freezeout(
    rules: Rules, names: list[str], games: int, seed: int, timings: dict[str, Timing]
) -> tuple[list[int], float, int, int]:
    """Freeze-outs with the seats rotated: wins per bot (in ``names`` order), the first
    bot's average finishing place, hands, faults."""
    wins = [0] * len(names)
    places = 0.0
    hands = faults = 0
    n = len(names)
    for g in range(games):
        shift = g % n
        order = [(k + shift) % n for k in range(n)]  # seat -> index into names
        players = [Timed(make_player(names[i], seed=seed * 104729 + g * 31 + i)) for i in order]
        for p in players:
            p.timing = timings.setdefault(p.name, Timing())
        table = Table(rules, n, names=seat_names(players), rng=random.Random(seed * 1000 + g),
                      max_hands=5000)  # fmt: skip
        result = Runner(table, players).play()
        hands += result.hands
        faults += len(result.faults)
        for standing in result.standings:
            if standing.place == 1:
                wins[order[standing.seat]] += 1
            if order[standing.seat] == 0:
                places += standing.place
    return wins, places / games, hands, faults


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    d = sub.add_parser("duel")
    d.add_argument("bots", nargs="+", help="the bot measured, then its opponents")
    d.add_argument("--hands", type=int, default=2000)
    f = sub.add_parser("freezeout")
    f.add_argument("field", help="comma-separated bots, the one measured first")
    f.add_argument("--games", type=int, default=100)
    for p in (d, f):
        p.add_argument("--rules", default="casino-limit")
        p.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = Rules.preset(args.rules)
    timings: dict[str, Timing] = {}
    start = time.perf_counter()
    if args.what == "duel":
        me, *others = args.bots
        for other in others:
            mean, hw, faults = duel(rules, me, other, args.hands, args.seed, timings)
            print(f"{args.rules:20} {me} vs {other:16} {mean:+8.0f} ± {hw:5.0f} mbb/hand "
                  f"({args.hands} hands x 2, faults {faults})")  # fmt: skip
    else:
        names = args.field.split(",")
        wins, place, hands, faults = freezeout(rules, names, args.games, args.seed, timings)
        share = wins[0] / args.games
        hw = 1.96 * math.sqrt(share * (1 - share) / args.games)
        print(f"{args.rules}: {args.games} freeze-outs of {len(names)} ({hands} hands, faults "
              f"{faults}): {names[0]} won {wins[0]} ({share:.0%} ± {hw:.0%}; fair share "
              f"{1 / len(names):.0%}), average place {place:.2f}; wins by bot {wins}")  # fmt: skip
    for name, t in sorted(timings.items()):
        if t.decisions:
            print(f"  {name:16} {t.decisions:8} decisions {t.decisions / t.seconds:9.0f}/s "
                  f"({1000 * t.seconds / t.decisions:.3f} ms each)")  # fmt: skip
    print(f"  elapsed {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
