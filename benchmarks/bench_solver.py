"""The solver's speed: CFR iterations per second on Leduc and on the hold'em abstraction,
exact best responses, and decisions per second of the policy the ``cfr`` bot plays, of
the bot itself beside the ``rule-based`` bot, and of local best response.

Run: ``python benchmarks/bench_solver.py`` (about a minute; ``--quick`` for a short run).
Timings are CPU time of this process (other work on the machine disturbs them less), the
best of a few rounds.  Discounted CFR and CFR+ run side by side on the same games, with
the exploitability each reaches, so the ratio says what one buys over the other.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections import Counter

from pokerroom.engine import Hand, PlayerView
from pokerroom.players import CFRBot, make_player
from pokerroom.players.lbr import LocalBestResponse
from pokerroom.players.lbr.models import StrategyRange
from pokerroom.rules import Rules
from pokerroom.solver.best_response import exploitability
from pokerroom.solver.betting import betting_tree
from pokerroom.solver.cfr import Solver
from pokerroom.solver.files import DEFAULT_BUCKETS, abstraction_for
from pokerroom.solver.holdem import holdem_game
from pokerroom.solver.policy import Policy
from pokerroom.solver.toys import leduc


def _best(rounds: int, work: object) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        work()  # type: ignore[operator]
        best = min(best, time.process_time() - start)
    return best


def bench_cfr(quick: bool) -> list[tuple[str, str, float, str]]:
    rows = []
    games = [("Leduc hold'em", leduc(), 100 if quick else 400, "chips/game", 1.0)]
    for preset in ("casino-limit", "computer-tournament"):
        tree = betting_tree(Rules.preset(preset, players=2))
        game = holdem_game(tree, abstraction_for(DEFAULT_BUCKETS))
        sizes = ",".join(map(str, DEFAULT_BUCKETS))
        games.append((f"{preset} heads-up, buckets {sizes}", game, 20 if quick else 100,
                      "mbb/h", 1000.0 / tree.big_blind))  # fmt: skip
    for name, game, iterations, unit, scale in games:
        for method in ("dcfr", "cfr+"):
            solver = Solver(game, method)
            seconds = _best(1, lambda s=solver, n=iterations: s.run(n))
            rate = iterations / seconds
            reached = solver.exploitability() * scale
            rows.append((name, method, rate, f"{reached:.4g} {unit} after {iterations}"))
        br = _best(3, lambda s=solver: exploitability(s.sweeps, s.average()))
        rows.append((name, "exact best response (both seats)", 1.0 / br, f"{1000 * br:.1f} ms"))
    return rows


def bench_players(views: list[PlayerView], quick: bool) -> list[tuple[str, float]]:
    """Decisions per second of the ``cfr`` bot (the policy and its draw), of the
    ``rule-based`` bot it defers to, and of local best response against the ``cfr``
    bot's strategy, on the same views (LBR on the first 60, once: each new deal of cards
    costs it a showdown table over the runouts), each player warmed up by one decision."""
    bot = CFRBot(seed=1)
    rule_based = make_player("rule-based", seed=1)
    lbr = LocalBestResponse(StrategyRange(Policy.shipped("casino-limit")), seed=1)
    some = views[: 30 if quick else 60]
    for player in (bot, rule_based, lbr):  # load what each loads on its first decision
        player.act(views[0], 1.0)
    return [
        ("cfr bot", len(views) / _best(3, lambda: [bot.act(v, 1.0) for v in views])),
        ("rule-based bot",
         len(views) / _best(3, lambda: [rule_based.act(v, 1.0) for v in views])),
        ("local best response (against cfr)",
         len(some) / _best(1, lambda: [lbr.act(v, 1.0) for v in some])),
    ]  # fmt: skip


def bench_policy(quick: bool) -> tuple[float, Counter[str], int, list[PlayerView]]:
    """Decisions per second of the shipped casino-limit policy on real engine hands (the
    policy's seat plays its sampled action, the other seat a random legal one)."""
    policy = Policy.shipped("casino-limit")
    rules = Rules.preset("casino-limit")
    rng = random.Random(7)
    views = []
    for i in range(100 if quick else 400):
        hand = Hand(rules, [1000, 1000], button=i % 2, rng=rng)
        while hand.to_act is not None and not hand.is_over and hand.street.value < 4:
            view = hand.view(hand.to_act)
            if hand.to_act == 0:
                views.append(view)
                action = policy.decide(view).sample(rng)
            else:
                action = rng.choice(list(hand.legal_actions()))  # type: ignore[call-overload]
            hand.apply(action)
    streets = Counter(str(v.street) for v in views)
    seconds = _best(3, lambda: [policy.decide(v) for v in views])
    return len(views) / seconds, streets, len(views), views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} on {platform.machine()}; CPU time, one core")
    rows = bench_cfr(args.quick)
    print("\n| game | algorithm | per second (iterations, or best responses) | reached |")
    print("|---|---|---:|---|")
    for name, method, rate, reached in rows:
        print(f"| {name} | {method} | {rate:,.1f} | {reached} |")
    for i in range(0, len(rows), 3):
        d, c = rows[i][2], rows[i + 1][2]
        print(f"{rows[i][0]}: discounted CFR runs {d / c:.2f}x the iterations/s of CFR+")
    rate, streets, n, views = bench_policy(args.quick)
    mix = ", ".join(f"{k} {v}" for k, v in streets.items())
    print(f"\npolicy: {rate:,.0f} decisions/s over {n} decisions ({mix})")
    players = bench_players(views, args.quick)
    print("\n| player (heads-up casino-limit) | decisions/s | against the cfr bot |")
    print("|---|---:|---:|")
    for name, speed in players:
        print(f"| {name} | {speed:,.1f} | {speed / players[0][1]:.3f}x |")


if __name__ == "__main__":
    main()
