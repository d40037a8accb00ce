"""``pokerroom equity``: how often hands or ranges win, tie, and their share of the pot.

    pokerroom equity AhKh QsQc
    pokerroom equity "QQ+,AKs" random --board Ks7d2c
    pokerroom equity AA KK QQ --samples 500000 --seed 7
    pokerroom equity "22+,A2s+" random --target-error 0.001 --time 5

This adapter owns the clock (``--time``), the progress bar and the output; the
computation is :func:`pokerroom.equity.equity`.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import TYPE_CHECKING

from pokerroom.cards import format_cards
from pokerroom.cli.arguments import SEED, Count, Positive, Seconds
from pokerroom.cli.errors import UsageError

if TYPE_CHECKING:
    from rich.console import Console

    from pokerroom.equity import EquityResult
    from pokerroom.ranges import Range

__all__ = ["register"]

ROUGH_BELOW = 1000  # deals: fewer give rough standard errors (a footnote says so)


SAMPLES = Count(1, 10**12, "deals")  # a trillion: hours to days; beyond, no run ends


def _cmd_equity(args: argparse.Namespace) -> int:
    from rich.console import Console

    from pokerroom.cli.progress import LazyBar
    from pokerroom.equity import equity
    from pokerroom.equity.calculator import read_range

    if len(args.players) < 2:
        raise UsageError(
            "give at least two hands or ranges, like: pokerroom equity AhKh QsQc"
        )
    if args.exact and any(x is not None for x in (args.samples, args.target_error, args.time)):
        raise UsageError("--exact takes no --samples, --target-error or --time")
    ranges = [read_range(p) for p in args.players]  # once: the table and the grid alike
    started = time.perf_counter()
    with LazyBar("exact enumeration" if args.exact else "dealing") as bar:
        result = equity(
            ranges,
            args.board or "",
            args.dead or "",
            exact=True if args.exact else None,
            samples=args.samples,
            target_error=args.target_error,
            time_budget=args.time,
            clock=time.perf_counter if args.time is not None else None,
            seed=args.seed,
            progress=bar,
        )
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps(_as_json(result, seconds), indent=2))
        return 0
    console = Console()
    _print_table(console, result, seconds)
    if args.grid:
        for i, r in enumerate(ranges, 1):
            if not r.is_hand:
                _print_grid(console, f"player {i}: {r}", r)
    return 0


def _std_error(result: EquityResult, std_error: float) -> float | None:
    """A Monte Carlo standard error, or None where one deal cannot estimate it."""
    return std_error if result.deals >= 2 else None


def _as_json(result: EquityResult, seconds: float) -> dict[str, object]:
    return {
        "method": "exact" if result.exact else "monte carlo",
        "deals": result.deals,
        "board": format_cards(result.board),
        "dead": format_cards(result.dead),
        "seconds": round(seconds, 6),
        "players": [
            {"hand": p.hand, "win": p.win, "tie": p.tie, "equity": p.equity,
             "std_error": _std_error(result, p.std_error)}
            for p in result.players
        ],
    }


def _print_table(console: Console, result: EquityResult, seconds: float) -> None:
    from rich.table import Table

    how = "exact" if result.exact else "Monte Carlo"
    title = f"{how}: {result.deals:,} deal{'s' if result.deals != 1 else ''} in {seconds:.2f} s"
    table = Table(title=title)
    table.add_column("player", justify="right")
    table.add_column("hand / range")
    table.add_column("win %", justify="right")
    table.add_column("tie %", justify="right")
    table.add_column("equity %", justify="right", style="bold")
    if not result.exact:
        table.add_column("± std error", justify="right")
    for i, p in enumerate(result.players, 1):
        row = [str(i), p.hand, f"{100 * p.win:.2f}", f"{100 * p.tie:.2f}",
               f"{100 * p.equity:.2f}"]
        if not result.exact:
            error = _std_error(result, p.std_error)
            row.append("n/a" if error is None else f"{100 * error:.2f}")
        table.add_row(*row)
    console.print(table)
    if not result.exact and result.deals < 2:
        console.print("one deal cannot estimate a standard error: deal more (--samples)")
    elif not result.exact and result.deals < ROUGH_BELOW:
        console.print(f"fewer than {ROUGH_BELOW:,} deals: the standard errors are rough")
    if result.board:
        console.print(f"board: {format_cards(result.board)}")
    if result.dead:
        console.print(f"dead:  {format_cards(result.dead)}")


def _print_grid(console: Console, title: str, r: Range) -> None:
    """The range on the 13×13 chart: its classes marked in colour on a terminal, and in
    the text itself (a class in the range by its name, one partly in it with ``*``, the
    others as ``.``) wherever colour is not shown."""
    from rich.table import Table

    from pokerroom.starting import grid

    plain = console.no_color or console.color_system is None
    shares = r.grid()
    table = Table(title=title, show_header=False, box=None, padding=(0, 1))
    for _ in range(13):
        table.add_column(justify="left", min_width=4)
    for row, cells in zip(grid(), shares, strict=True):
        out = []
        for cls, share in zip(row, cells, strict=True):
            text = str(cls)
            if share >= 1.0:
                out.append(text if plain else f"[bold black on green]{text}[/]")
            elif share > 0.0:
                out.append(f"{text}*" if plain else f"[black on yellow]{text}*[/]")
            else:
                out.append("." if plain else f"[dim]{text}[/]")
        table.add_row(*out)
    console.print(table)
    console.print(f"{r.combo_count:,} combinations, {100 * r.fraction:.1f}% of hands")
    if plain:
        console.print("AKs: in the range   AKs*: partly (weighted, or some suits)   .: not")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "equity",
        help="how often hands or ranges win and tie, exact or Monte Carlo",
        description=(
            "Equity of 2 to 10 hands or ranges: exact enumeration when it is small enough, "
            "otherwise Monte Carlo with a standard error. Ranges: AhKh, AKs, AKo, AK, QQ, "
            "QQ+, ATs+, A5s-A2s, 99-66, T9s-54s, random; comma- or space-separated inside "
            "one quoted argument; weights like AKs:0.5."
        ),
    )
    p.add_argument("players", nargs="+", metavar="HAND",
                   help="one hand or range per player (quote ranges with spaces)")
    p.add_argument("--board", help="0, 3, 4 or 5 board cards, like Ks7d2c")
    p.add_argument("--dead", help="cards out of play, like '2h 3h'")
    p.add_argument("--exact", action="store_true", help="enumerate every deal, however long")
    p.add_argument("--samples", type=SAMPLES, metavar="N",
                   help="Monte Carlo: deal N times (1 to 10^12)")  # fmt: skip
    p.add_argument("--target-error", type=Positive(1.0, below=True), metavar="E",
                   help="Monte Carlo: stop once every standard error is at most E (0.001 = "
                        "0.1%%; above 0, below 1)")  # fmt: skip
    p.add_argument("--time", type=Seconds(), metavar="SECONDS",
                   help="Monte Carlo: stop after this many seconds (above 0, at most a "
                        "day)")  # fmt: skip
    p.add_argument("--seed", type=SEED,
                   help="seed the random deals (repeatable results)")  # fmt: skip
    p.add_argument("--grid", action="store_true", help="also draw each range on the 13x13 grid")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=_cmd_equity)
