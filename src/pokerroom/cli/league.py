"""``pokerroom league``: every pair heads-up and the whole field at one table, in
duplicate, then results in milli-big-blinds per hand with 95% intervals and a ranking
(:mod:`pokerroom.tournament.league` says how they are computed)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pokerroom.cli.arguments import Count
from pokerroom.cli.errors import UsageError
from pokerroom.cli.runs import (
    Run,
    add_options,
    pick_seed,
    player_specs,
    rules_from,
    say,
    wants_histories,
)

if TYPE_CHECKING:
    from rich.console import Console

    from pokerroom.tournament.league import League, LeagueResults
    from pokerroom.tournament.stats import Estimate

__all__ = ["register"]

MAX_SESSIONS = 100_000  # a run's tasks, as tournament --games: each is kept until the end

NOTE = (
    "mbb/hand: milli-big-blinds won per hand (big blind {big_blind}). ± is the 95% interval "
    "of Student's t over duplicate sets: a set is one deal played once in every seat "
    "arrangement, and its total is one observation, so the correlated hands of a set are "
    "never counted as independent. Ranking: the average of the heads-up results."
)


def _cmd_league(args: argparse.Namespace) -> int:
    from pokerroom.cli.console import plain_console
    from pokerroom.tournament.freezeout import TournamentError
    from pokerroom.tournament.league import League

    rules = rules_from(args)
    specs, names = player_specs(args)

    def plan(seed: int) -> League:
        try:
            return League(rules, specs, names, hands=args.hands, seed=seed,
                          session=args.session, field=not args.no_field,
                          budget=args.budget, aivat=args.aivat)  # fmt: skip
        except TournamentError as exc:
            raise UsageError(str(exc)) from None

    if args.aivat and args.resume:
        raise UsageError("--aivat cannot --resume: the database keeps no corrected results")
    seed = pick_seed(args, "league", lambda s: plan(s).settings())
    league = plan(seed)
    sessions = sum(-(-m.deals // args.session) * len(m.entrants) for m in league.matches())
    if sessions > MAX_SESSIONS:
        raise UsageError(
            f"--hands {args.hands:,} in sessions of --session {args.session:,} deals make "
            f"{sessions:,} sessions: at most {MAX_SESSIONS:,} (give a larger --session)"
        )
    histories = wants_histories(args)
    run = Run("league", league.tasks(histories=histories, log=args.log is not None),
              league.settings(), args, noun="sessions")  # fmt: skip
    results = league.results(run.play())
    console = plain_console()
    matches = league.matches()
    plural = "es" if len(matches) != 1 else ""
    say(console, f"league of {len(specs)} players, {args.rules} rules ({rules}), seed {seed}: "
                 f"{len(matches)} match{plural} of {args.hands:,} hands in duplicate "
                 f"({matches[0].deals:,} deals heads-up, each dealt twice)")  # fmt: skip
    say(console, run.summary())
    _print_heads_up(console, league, results)
    _print_ranking(console, league, results)
    console.print(NOTE.format(big_blind=league.big_blind), highlight=False)
    if args.aivat:
        console.print(AIVAT_NOTE, highlight=False)
    run.print_db(console)
    return 0


AIVAT_NOTE = (
    "--aivat: heads-up results corrected for the luck of the cards (and of the actions of "
    "bots whose strategy is known: random, calling-station, cfr where its strategy plays) "
    "by an equity value function; the same expectation, and in brackets the plain "
    "duplicate interval it replaces."
)


def _mbb(e: Estimate, plain: Estimate | None = None, sep: str = " ") -> str:
    text = f"{e.value:+,.0f} ± {e.half_width:,.0f}" if e.known else f"{e.value:+,.0f}"
    if plain is not None and plain.known:
        text += f"{sep}(plain ± {plain.half_width:,.0f})"
    return text


def _print_heads_up(console: Console, league: League, results: LeagueResults) -> None:
    from rich import box
    from rich.table import Table

    names = league.names
    n = len(names)
    table = Table(title="heads-up: the row player's mbb/hand", title_justify="left",
                  box=box.SIMPLE_HEAD)  # fmt: skip
    table.add_column("")
    for name in names:
        table.add_column(name, justify="right")
    for a in range(n):
        row = [names[a]]
        for b in range(n):
            row.append("" if a == b else _mbb(results.heads_up(a, b),
                                              results.plain_heads_up(a, b), "\n"))
        table.add_row(*row)
    console.print(table)


def _print_ranking(console: Console, league: League, results: LeagueResults) -> None:
    from rich import box
    from rich.table import Table

    field = [m for m in results.matches if len(m.match.entrants) > 2]
    faults = any(r.faults for r in results.ranking)
    table = Table(title="ranking", title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("", justify="right")
    table.add_column("player")
    table.add_column("heads-up mbb/hand", justify="right")
    if field:
        table.add_column(f"full table ({len(league.players)}) mbb/hand", justify="right")
    if faults:
        table.add_column("faults", justify="right")
    for place, r in enumerate(results.ranking, 1):
        cells = [str(place), r.name, _mbb(r.heads_up, r.plain)]
        if field:
            cells.append(_mbb(r.field) if r.field is not None else "")
        if faults:
            cells.append(f"{r.faults:,}")
        table.add_row(*cells)
    console.print(table)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "league",
        help="every pair heads-up and the whole field, in duplicate: mbb/hand and a ranking",
        description=(
            "A bot league: every pair of players heads-up and the whole field at one "
            "table, in duplicate (the same cards dealt again with the seats moved round, "
            "so luck cancels), stacks reset every hand. Results in milli-big-blinds per "
            "hand with 95% intervals over duplicate sets, and a ranking by the average "
            "heads-up result."
        ),
    )
    p.add_argument("--hands", type=Count(1, 1_000_000, "hands"), default=10000, metavar="N",
                   help="hands in each match, 1 to 1,000,000 (every hand's result is kept "
                        "until the end), rounded up to whole duplicate sets "
                        "(default: 10000)")  # fmt: skip
    p.add_argument("--session", type=Count(1, 1_000_000, "deals"), default=500,
                   metavar="DEALS",
                   help="deals a session plays with the same bots before they are made "
                        "afresh; each session is one task (default: 500)")  # fmt: skip
    p.add_argument("--no-field", action="store_true",
                   help="heads-up matches only, no full-table match")
    p.add_argument("--aivat", action="store_true",
                   help="correct heads-up results for luck (AIVAT: the cards, and the "
                        "actions of bots with a known strategy), shown beside the plain "
                        "duplicate interval")  # fmt: skip
    add_options(p, what="sessions")
    p.set_defaults(func=_cmd_league)
