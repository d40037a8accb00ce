"""Local best response (LBR) against a bot in the real game, and the shipped strategy's
best response in its own abstract game, in milli-big-blinds per hand with 95% intervals.

LBR's matches are played as a ``pokerroom league`` plays a heads-up match: in duplicate
(every deal played twice, the seats swapped, the same cards), stacks reset every hand, in
sessions of fresh players, scored over duplicate sets with Student's t interval; only the
players are built here, since LBR needs a model of its target (its strategy, or samples
of what the target would do with other cards), which no bot name describes.

    python tools/lbr.py lbr --rules casino-limit --target cfr --deals 800
    python tools/lbr.py lbr --rules casino-limit --target rule-based --deals 150
    python tools/lbr.py report --rules casino-limit --deals 300

``report`` measures the shipped strategy's best response and local best response in its
own abstract game (exact, in seconds), then LBR in the real game against ``cfr`` (from
its strategy) and against ``rule-based`` (a black box).  How ``cfr`` does against the
other bots is ``pokerroom league --players cfr,strong,rule-based,... --no-field``.

Times are CPU seconds of this process (the machine may be shared).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

from pokerroom.players import CFRBot, Player, make_player
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
from pokerroom.tournament import League, play
from pokerroom.tournament.games import GameTask
from pokerroom.tournament.seeds import derive

Pair = Callable[[int], tuple[Player, Player]]
"""Fresh players for a session from its seed: the measured one first."""


def duplicate(rules: Rules, pair: Pair, deals: int, seed: int, *, name: str) -> str:
    """A heads-up duplicate match of ``deals`` deals between the players ``pair`` makes,
    played and scored by :class:`~pokerroom.tournament.League`; its row of the table."""
    start = time.process_time()
    league = League(rules, ("measured", "other"), (name, "other"), hands=2 * deals,
                    seed=seed, field=False)  # fmt: skip

    def build(task: GameTask) -> list[Player]:
        made = pair(derive(task.seed, "bot", task.bot_salt))
        return [made[entrant] for entrant in task.entrants]

    records = [play(task, build=build) for task in league.tasks()]
    result = league.results(records).heads_up(0, 1)
    seconds = time.process_time() - start
    return (f"| {name} | {result.value:+,.0f} ± {result.half_width:,.0f} | "
            f"[{result.low:+,.0f}, {result.high:+,.0f}] | {deals:,} deals ({2 * deals:,} hands)"
            f" | {seconds:,.0f} s |")  # fmt: skip


def cfr(seed: int, policy: Policy | None) -> Player:
    return CFRBot(seed=seed, policy=policy) if policy is not None else make_player("cfr", seed=seed)


def lbr_against(rules: Rules, target: str, samples: int, policy: Policy | None) -> Pair:
    """LBR against ``target``: from its strategy when it is ``cfr`` on rules a strategy
    plays, else as a black box."""

    def pair(seed: int) -> tuple[Player, Player]:
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
    lbr = sub.add_parser("lbr", help="local best response against a bot")
    lbr.add_argument("--target", default="cfr")
    report = sub.add_parser("report", help="abstract game, then LBR against cfr and rule-based")
    for p in (lbr, report):
        p.add_argument("--samples", type=int, default=64,
                       help="hands sampled per hand to model a black-box bot")
        p.add_argument("--strategy", help="a strategy file for cfr instead of the shipped one")
        p.add_argument("--rules", default="casino-limit")
        p.add_argument("--deals", type=int, default=1000 if p is lbr else 300)
        p.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Rules.preset(args.rules)
    policy = Policy.load(args.strategy) if args.strategy else None
    targets = [args.target] if args.what == "lbr" else ["cfr", "rule-based"]
    if args.what == "report" and policy is None:
        preset = strategy_for(rules)
        if preset is not None:
            print(abstract(preset), flush=True)
    print(f"{args.rules}, heads-up duplicate, seed {args.seed}; CPU seconds", flush=True)
    print("| match | mbb/hand | 95% interval | deals | CPU |\n|---|---:|---|---:|---:|")
    for target in targets:
        pair = lbr_against(rules, target, args.samples, policy)
        print(duplicate(rules, pair, args.deals, args.seed, name=f"LBR vs {target}"), flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
