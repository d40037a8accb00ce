"""``pokerroom solve lbr``: how much a bot can at least be beaten heads-up, by local best
response (``pokerroom lbr`` is an alias of it).

    pokerroom solve lbr --rules casino-limit --target cfr --deals 800
    pokerroom solve lbr --rules casino-limit --target rule-based --deals 150 --abstract

LBR (:mod:`pokerroom.players.lbr`) plays a duplicate match against the bot, played and
scored as ``pokerroom league`` plays a heads-up match (:mod:`pokerroom.tournament.lbr`);
what it wins, in mbb/hand with its 95% interval, is a lower bound on the bot's
exploitability.  ``--abstract`` first measures the shipped strategy exactly in its own
abstract game.  This adapter owns the clock and the printing.
"""

from __future__ import annotations

import argparse
import time

from pokerroom.cli.arguments import SEED, Count, RulesArgument
from pokerroom.cli.errors import OK

__all__ = ["add_lbr", "register"]

# The built-in bots (pokerroom.players.BOTS), named here so that parsing needs no import
# of the players.
TARGETS = ("random", "calling-station", "rule-based", "strong", "cfr", "always-fold")
DEALS = Count(1, 1_000_000, "deals")
SAMPLES = Count(1, 10_000, "hands sampled")


def _cmd_lbr(args: argparse.Namespace) -> int:
    from pokerroom.players.cfr import strategy_for
    from pokerroom.tournament.lbr import lbr_match

    rules = args.rules.rules
    if args.abstract:
        preset = strategy_for(rules.replace(players=2))
        if preset is None:
            print(f"--abstract: no strategy ships for {args.rules} (nothing to measure)")
        else:
            _print_abstract(preset)
    start = time.process_time()
    match = lbr_match(rules, args.target, deals=args.deals, seed=args.seed,
                      samples=args.samples, aivat=args.aivat)  # fmt: skip
    seconds = time.process_time() - start
    r = match.result
    print(f"{args.rules}, heads-up duplicate, seed {args.seed}; CPU seconds")
    print("| match | mbb/hand | 95% interval | deals | CPU |\n|---|---:|---|---:|---:|")
    print(f"| LBR vs {match.target} | {r.value:+,.0f} ± {r.half_width:,.0f} | "
          f"[{r.low:+,.0f}, {r.high:+,.0f}] | {match.deals:,} deals ({2 * match.deals:,} hands)"
          f" | {seconds:,.0f} s |")  # fmt: skip
    if match.plain is not None:
        p = match.plain
        print(f"(AIVAT-corrected; the plain duplicate result: {p.value:+,.0f} ± "
              f"{p.half_width:,.0f} [{p.low:+,.0f}, {p.high:+,.0f}])")  # fmt: skip
    if match.read or match.outside:
        print(f"{match.target}'s strategies read exactly: {match.read:,} of its decisions; "
              f"{match.outside:,} decisions or answers to LBR's bets left to its "
              "fallback")  # fmt: skip
    return OK


def _print_abstract(preset: str) -> None:
    from pokerroom.tournament.lbr import abstract_game

    start = time.process_time()
    game = abstract_game(preset)

    def show(pair: tuple[float, float]) -> str:
        a, b = pair
        return f"{(a + b) / 2:+.3f} (button {a:+.3f}, big blind {b:+.3f})"

    print(f"abstract game ({game.iterations:,} iterations, buckets "
          f"{','.join(map(str, game.buckets))}): value for the button {game.value:+.3f} "
          f"mbb/hand\n"
          f"  best response        {show(game.best_response)} mbb/hand\n"
          f"  local best response  {show(game.local_best_response)} mbb/hand\n"
          f"  ({time.process_time() - start:.1f} s)", flush=True)  # fmt: skip


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``pokerroom lbr``: an alias of ``pokerroom solve lbr`` (:func:`add_lbr`)."""
    add_lbr(sub, help="the same as pokerroom solve lbr (an alias)")


def add_lbr(sub: argparse._SubParsersAction[argparse.ArgumentParser], *, help: str) -> None:
    """The ``lbr`` command and its options, under ``sub``."""
    p = sub.add_parser(
        "lbr",
        help=help,
        description=(
            "Local best response (Lisý and Bowling 2017) plays a heads-up fixed-limit or "
            "no-limit (fold, call, pot, all-in) duplicate match against a bot, as "
            "pokerroom league plays one; what it wins "
            "(mbb/hand, 95% interval) is a lower bound on the bot's exploitability. Against "
            "cfr it reads the shipped strategy exactly (in fixed limit, and in no limit with "
            "stacks of 100 to 200 big blinds); any other bot is a black box whose "
            "range is sampled by asking copies of it what they would do with other cards."
        ),
    )
    p.add_argument("--target", choices=TARGETS, default="cfr",
                   help="the bot measured (default: cfr)")  # fmt: skip
    p.add_argument(
        "--rules",
        default="casino-limit",
        type=RulesArgument(),
        help="heads-up fixed limit or no limit: a preset (casino-limit, computer-tournament, "
        "no-limit) or a rules TOML file",
    )
    p.add_argument("--deals", type=DEALS, default=1000,
                   help="deals, each played twice with the seats swapped, 1 to 1,000,000 "
                   "(default 1000)")  # fmt: skip
    p.add_argument("--samples", type=SAMPLES, default=64,
                   help="hands sampled a deal to model a black-box bot, 1 to 10,000 "
                   "(default 64)")  # fmt: skip
    p.add_argument("--seed", type=SEED, default=1, help="the match's seed (default 1)")
    p.add_argument("--abstract", action="store_true",
                   help="first measure the shipped strategy's best response and local best "
                   "response in its own abstract game (exact)")  # fmt: skip
    p.add_argument("--aivat", action="store_true",
                   help="correct each hand for the luck of the cards (and of the target's "
                   "draws where its strategy is known), as pokerroom league --aivat does: "
                   "the same expectation, a narrower interval")  # fmt: skip
    p.set_defaults(func=_cmd_lbr)
