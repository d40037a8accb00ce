"""``pokerroom tournament``: freeze-outs of bots (and your own classes), then standings.

Each game seats every player at one table in an order drawn for that game, with the
buy-in, and is played until one player has every chip.  The standings give each
player's wins, average finish and chips won per hand it was dealt in, each with its 95%
interval (:mod:`pokerroom.tournament.freezeout` says how each is computed).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pokerroom.cli.arguments import Count, OutputFile
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
from pokerroom.numerals import number

if TYPE_CHECKING:
    from rich.console import Console

    from pokerroom.tournament.freezeout import Standing

__all__ = ["register"]

GAMES = Count(1, 100_000, "games")  # each game's result is kept until the standings
HANDS = Count(1, 1_000_000, "hands")

NOTE = (
    "wins: share of games won (Wilson 95% interval); finish: average place, 1 = first "
    "(t interval over games); chips/hand: chips won over all games divided by the hands "
    "the player was dealt in, so a loser who lasts longer loses the buy-in over more hands "
    "(delta-method interval, games as the units)"
)


def _cmd_tournament(args: argparse.Namespace) -> int:
    from pokerroom.cli.console import plain_console
    from pokerroom.tournament.freezeout import Tournament, TournamentError

    rules = rules_from(args)
    specs, names = player_specs(args)

    def plan(seed: int) -> Tournament:
        try:
            return Tournament(rules, specs, names, games=args.games, seed=seed,
                              button=args.button, max_hands=args.max_hands,
                              budget=args.budget)  # fmt: skip
        except TournamentError as exc:
            raise UsageError(str(exc)) from None

    seed = pick_seed(args, "tournament", lambda s: plan(s).settings())
    tournament = plan(seed)
    if args.chip_graph is not None and not 1 <= args.graph_game <= args.games:
        raise UsageError(f"--graph-game {args.graph_game}: a game from 1 to {args.games}")
    histories = wants_histories(args)
    graphed = frozenset({args.graph_game - 1} if args.chip_graph is not None else ())
    run = Run("tournament", tournament.tasks(histories=histories, log=args.log is not None),
              tournament.settings(), args, nets=graphed)  # fmt: skip
    records = run.play()
    console = plain_console()
    games = f"{args.games:,} freeze-out{'s' if args.games != 1 else ''}"
    say(console, f"{games} of {len(specs)} players, {args.rules} rules ({rules}), "
                 f"buy-in {rules.buy_in:,}, seed {seed}")  # fmt: skip
    say(console, run.summary())
    _print_standings(console, tournament.standings(records))
    if args.chip_graph is not None:
        from pokerroom.tournament.chipgraph import chip_graph

        game = records[args.graph_game - 1]
        chip_graph(game, rules.buy_in).savefig(args.chip_graph)
        say(console, f"chip graph of {game.label} ({game.hands} hands): {args.chip_graph}")
    run.print_db(console)
    return 0


def _print_standings(console: Console, rows: list[Standing]) -> None:
    from rich import box
    from rich.table import Table

    faults = any(r.faults for r in rows)
    table = Table(title="standings", title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("", justify="right")
    table.add_column("player", no_wrap=True)
    table.add_column("wins", justify="right")
    table.add_column("win % (95%)", justify="right", no_wrap=True)
    table.add_column("finish", justify="right", no_wrap=True)
    table.add_column("chips/hand", justify="right", no_wrap=True)
    if faults:
        table.add_column("faults", justify="right")
    for place, r in enumerate(rows, 1):
        w = r.win_share
        f, c = r.finish, r.chips_per_hand
        cells = [
            str(place), r.name, f"{r.wins}/{r.games}",
            f"{100 * w.value:.0f} ({100 * w.low:.0f}-{100 * w.high:.0f})",
            f"{f.value:.2f} ± {f.half_width:.2f}" if f.known else f"{f.value:.2f}",
            f"{c.value:+.2f} ± {c.half_width:.2f}" if c.known else f"{c.value:+.2f}",
        ]  # fmt: skip
        if faults:
            cells.append(f"{r.faults:,}")
        table.add_row(*cells)
    console.print(table)
    console.print(NOTE, highlight=False)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "tournament",
        help="freeze-outs of bots (and your own), then standings with 95%% intervals",
        description=(
            "Play freeze-outs: every player at one table with the buy-in, until one has "
            "every chip; a seat order drawn for each game. Then the standings: wins, "
            "average finish and chips won per hand the player was dealt in, each with its "
            "95% confidence interval. The games are spread over every core (--workers, or a "
            "Ray cluster with --executor ray); the same seed gives the same results wherever "
            "they are played."
        ),
    )
    p.add_argument("--games", type=GAMES, default=100, metavar="N",
                   help="freeze-outs to play, 1 to 100,000 (default: 100)")  # fmt: skip
    p.add_argument("--button", default="random", metavar="SEAT|random|first-jack",
                   type=_button,
                   help="each game's first button: a seat, drawn at random (default), or "
                        "dealt for: the first jack (rules.md section 3)")  # fmt: skip
    p.add_argument("--max-hands", type=HANDS, metavar="N",
                   help="stop a game after N hands (1 to 1,000,000) and place the players "
                        "left by their chips (default: play to the last player)")  # fmt: skip
    add_options(p, what="games")
    p.add_argument("--chip-graph", type=OutputFile("a PNG file: name.png", (".png",)),
                   metavar="OUT.png",
                   help="draw the stacks over one game as a PNG (matplotlib)")  # fmt: skip
    p.add_argument("--graph-game", type=GAMES, default=1, metavar="N",
                   help="the game --chip-graph draws (default: 1)")  # fmt: skip
    p.set_defaults(func=_cmd_tournament)


def _button(text: str) -> int | str:
    """``--button``: ``random``, ``first-jack`` or a seat in ASCII digits (``int`` would
    read ``1_0`` as seat 10, `` 1`` as seat 1 and the digits of other scripts)."""
    if text in ("random", "first-jack"):
        return text
    seat = number(text)
    if seat is None:
        raise argparse.ArgumentTypeError(f"{text!r}: a seat number, 'random' or 'first-jack'")
    return seat
