"""Heads-up duplicate matches: the ``cfr`` bot against a field of bots, or local best
response (LBR) against a bot, in milli-big-blinds per hand with 95% intervals.

Duplicate: every deal is played twice, the second time with the players' seats
swapped, so each player holds each hand in each position once; the luck of the cards
cancels out of the sum.  A deal's result is the measured player's average over its two
plays, and the interval is over deals (mean ± 1.96 standard errors).  Stacks are reset
every hand (the ACPC's convention), deep enough for every fixed-limit hand.

    python tools/duplicate.py league --rules casino-limit --deals 2000
    python tools/duplicate.py lbr --rules casino-limit --target cfr --deals 1000
    python tools/duplicate.py report --rules casino-limit --deals 400 --lbr-deals 300

``report`` measures everything for one rule set: the shipped strategy's best response
and local best response in its own abstract game (exact, in seconds), then the league
(``cfr`` against rule-based, calling-station and random), then LBR in the real game
against ``cfr`` (from its strategy) and against ``rule-based`` (a black box), the
baseline side by side.  With the defaults it takes about 2 CPU minutes a rule set.

Times are CPU seconds of this process (the machine may be shared).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pokerroom.players import CFRBot, Player, Runner, make_player
from pokerroom.players.cfr import shipped_policy, strategy_for
from pokerroom.rules import Rules
from pokerroom.solver.best_response import (
    best_responses,
    game_value,
    local_best_response_value,
)
from pokerroom.solver.holdem import holdem_game, mbb
from pokerroom.solver.lbr import LocalBestResponse
from pokerroom.solver.lbrmodels import RangeModel, SampledRange, StrategyRange, Watched
from pokerroom.solver.policy import Policy
from pokerroom.solver.sweeps import Sweeps
from pokerroom.table import Table

Pair = Callable[[], tuple[Player, Player]]


@dataclass
class Outcome:
    """A match: the measured player's result per deal, in chips (average of the two
    seatings)."""

    name: str
    rules: Rules
    deals: list[float]
    seconds: float

    @property
    def mbb(self) -> tuple[float, float]:
        """The mean in mbb/hand and the half-width of its 95% interval."""
        n = len(self.deals)
        scale = 1000.0 / self.rules.big_blind
        mean = sum(self.deals) / n
        var = sum((x - mean) ** 2 for x in self.deals) / (n - 1) if n > 1 else 0.0
        return mean * scale, 1.96 * math.sqrt(var / n) * scale

    def row(self) -> str:
        mean, half = self.mbb
        n = len(self.deals)
        return (f"| {self.name} | {mean:+,.0f} ± {half:,.0f} | [{mean - half:+,.0f}, "
                f"{mean + half:+,.0f}] | {n:,} deals ({2 * n:,} hands) | {self.seconds:,.0f} s |")


def duplicate(rules: Rules, pair: Pair, deals: int, seed: int, *, name: str,
              report: Callable[[int], None] | None = None) -> Outcome:  # fmt: skip
    """``deals`` deals, each played with the measured player (the first of ``pair()``)
    in seat 0, then in seat 1 with the same cards; each seating its own table (the same
    shuffles) and its own players."""
    start = time.process_time()
    tables, runners, seats = [], [], []
    for seat in (0, 1):
        measured, other = pair()
        players = [measured, other] if seat == 0 else [other, measured]
        table = Table(rules, 2, names=["measured", "other"][:: 1 if seat == 0 else -1],
                      rng=random.Random(seed), reset_stacks=True, max_hands=deals)  # fmt: skip
        tables.append(table)
        runners.append(Runner(table, players))
        seats.append(seat)
    out = []
    for i in range(deals):
        nets = []
        for table, runner, seat in zip(tables, runners, seats, strict=True):
            runner.play_hand()
            result = table.last_result
            assert result is not None
            nets.append(result.net[seat])
        out.append(sum(nets) / 2)
        if report is not None:
            report(i + 1)
    return Outcome(name, rules, out, time.process_time() - start)


def cfr(seed: int, policy: Policy | None) -> Player:
    return CFRBot(seed=seed, policy=policy) if policy is not None else make_player("cfr", seed=seed)


def cfr_against(opponent: str, seed: int, policy: Policy | None) -> Pair:
    def pair() -> tuple[Player, Player]:
        return cfr(seed, policy), make_player(opponent, seed=seed + 1)

    return pair


def lbr_against(rules: Rules, target: str, seed: int, samples: int,
                policy: Policy | None) -> Pair:  # fmt: skip
    """LBR against ``target``: from its strategy when it is ``cfr`` on rules a strategy
    plays, else as a black box."""

    def pair() -> tuple[Player, Player]:
        bot = cfr(seed + 1, policy) if target == "cfr" else make_player(target, seed=seed + 1)
        preset = strategy_for(rules)
        model: RangeModel
        if target == "cfr" and (policy is not None or preset is not None):
            played = policy if policy is not None else shipped_policy(str(preset))
            model = StrategyRange(played)
            return LocalBestResponse(model, seed=seed), bot
        watched = Watched(bot)
        model = SampledRange(watched, samples=samples, seed=seed)
        return LocalBestResponse(model, seed=seed), watched

    return pair


def abstract(preset: str) -> str:
    """The shipped strategy in its own abstract game: each seat's best response and
    local best response, and their mean over the seats, in mbb/hand."""
    strategy = shipped_policy(preset).strategy
    start = time.process_time()
    sweeps = Sweeps(holdem_game(strategy.tree, strategy.abstraction))
    probabilities = strategy.for_solver(sweeps)
    br = best_responses(sweeps, probabilities)
    lbr = [local_best_response_value(sweeps, probabilities, p) for p in (0, 1)]
    value = game_value(sweeps, probabilities)

    def show(pair: Sequence[float]) -> str:
        a, b = (mbb(x, strategy.tree) for x in pair)
        return f"{(a + b) / 2:+.3f} (button {a:+.3f}, big blind {b:+.3f})"

    return (f"abstract game ({strategy.iterations:,} iterations, buckets "
            f"{','.join(map(str, strategy.abstraction.sizes))}): value for the button "
            f"{mbb(value, strategy.tree):+.3f} mbb/hand\n"
            f"  best response        {show(br)} mbb/hand\n"
            f"  local best response  {show(lbr)} mbb/hand\n"
            f"  ({time.process_time() - start:.1f} s)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    league = sub.add_parser("league", help="cfr against each bot of a field")
    league.add_argument("--opponents", default="strong,rule-based,calling-station,random")
    lbr = sub.add_parser("lbr", help="local best response against a bot")
    lbr.add_argument("--target", default="cfr")
    lbr.add_argument("--samples", type=int, default=64,
                     help="hands sampled per hand to model a black-box bot")
    report = sub.add_parser("report", help="abstract game, league and LBR for one rule set")
    report.add_argument("--lbr-deals", type=int, default=300)
    report.add_argument("--samples", type=int, default=64)
    for p in (league, lbr, report):
        p.add_argument("--strategy", help="a strategy file for cfr instead of the shipped one")
        p.add_argument("--rules", default="casino-limit")
        p.add_argument("--deals", type=int, default=1000 if p is not report else 400)
        p.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Rules.preset(args.rules)
    policy = Policy.load(args.strategy) if args.strategy else None
    if args.what == "report" and policy is None:
        preset = strategy_for(rules)
        if preset is not None:
            print(abstract(preset), flush=True)
    print(f"{args.rules}, heads-up duplicate, seed {args.seed}; CPU seconds", flush=True)
    print("| match | mbb/hand | 95% interval | deals | CPU |\n|---|---:|---|---:|---:|")
    if args.what == "league":
        for opponent in args.opponents.split(","):
            pair = cfr_against(opponent, args.seed, policy)
            outcome = duplicate(rules, pair, args.deals, args.seed, name=f"cfr vs {opponent}")
            print(outcome.row(), flush=True)
    elif args.what == "report":
        for opponent in ("rule-based", "calling-station", "random"):
            pair = cfr_against(opponent, args.seed, policy)
            outcome = duplicate(rules, pair, args.deals, args.seed, name=f"cfr vs {opponent}")
            print(outcome.row(), flush=True)
        for target in ("cfr", "rule-based"):
            pair = lbr_against(rules, target, args.seed, args.samples, policy)
            outcome = duplicate(rules, pair, args.lbr_deals, args.seed, name=f"LBR vs {target}")
            print(outcome.row(), flush=True)
    else:
        pair = lbr_against(rules, args.target, args.seed, args.samples, policy)
        outcome = duplicate(rules, pair, args.deals, args.seed, name=f"LBR vs {args.target}")
        print(outcome.row(), flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
