"""``pokerroom solve``: solve heads-up fixed-limit hold'em (or Kuhn, or Leduc) with CFR.

    pokerroom solve --rules casino-limit --buckets 8,8,8,8 --iterations 2000 --out s.npz
    pokerroom solve --game leduc --iterations 1000

This adapter owns the clock, the files, the progress bar and the plot; the work is
:mod:`pokerroom.solver`.  The progress bar shows the exploitability of the average
strategy in the abstract game (an exact best response), measured every ``--every``
iterations.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pokerroom.cli.arguments import Count, OutputFile, RulesArgument
from pokerroom.cli.errors import UsageError
from pokerroom.cli.lbr import add_lbr

if TYPE_CHECKING:
    from rich.console import Console

    from pokerroom.solver.cfr import Solver

__all__ = ["register"]


ITERATIONS = Count(1, 1_000_000, "iterations")


def _sizes(text: str) -> tuple[int, int, int, int]:
    """``--buckets``: four bucket counts, pre-flop to river, each in the abstraction's
    bounds (checked here, before minutes of card features are built)."""
    from pokerroom.solver.abstraction import MAX_BUCKETS, PREFLOP_BUCKETS

    accepts = (f"four numbers like 8,8,8,8, one per round: 1 to {PREFLOP_BUCKETS} pre-flop, "
               f"1 to {MAX_BUCKETS} in later rounds")  # fmt: skip
    parts = text.split(",")
    if len(parts) != 4 or not all(p.strip().isdigit() and len(p.strip()) < 6 for p in parts):
        raise argparse.ArgumentTypeError(f"{accepts}, not {text!r}")
    sizes = tuple(int(p) for p in parts)
    bounds = (PREFLOP_BUCKETS, MAX_BUCKETS, MAX_BUCKETS, MAX_BUCKETS)
    if not all(1 <= n <= high for n, high in zip(sizes, bounds, strict=True)):
        raise argparse.ArgumentTypeError(f"{accepts}, not {text!r}")
    return (sizes[0], sizes[1], sizes[2], sizes[3])


def _cmd_solve(args: argparse.Namespace) -> int:
    from rich.console import Console

    console = Console()
    if args.game != "holdem":
        if args.out or args.plot:
            raise UsageError(f"--out and --plot are for hold'em, not --game {args.game}")
        return _toy(console, args)
    if args.out is None:
        raise UsageError("give --out FILE.npz for the strategy")
    return _holdem(console, args)


def _toy(console: Console, args: argparse.Namespace) -> int:
    from pokerroom.solver.cfr import Solver
    from pokerroom.solver.toys import kuhn, leduc

    game = kuhn() if args.game == "kuhn" else leduc()
    solver = Solver(game, args.method)
    rows = _solve(console, solver, args, lambda chips: chips, "chips/game")
    name = "Kuhn poker" if args.game == "kuhn" else "Leduc hold'em"
    _table(console, f"{name}, {args.method}", rows, "chips/game")
    console.print(f"game value for player 0: {solver.value():.4f}")
    return 0


def _holdem(console: Console, args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from pokerroom.rules import Rules
    from pokerroom.solver.betting import betting_tree
    from pokerroom.solver.cfr import Solver
    from pokerroom.solver.files import abstraction_for
    from pokerroom.solver.holdem import holdem_game, mbb
    from pokerroom.solver.strategy import Strategy

    rules: Rules = args.rules.rules.replace(players=2)
    sizes = args.buckets
    tree = betting_tree(rules)  # rules it cannot solve are refused before any work
    started = time.perf_counter()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  console=console, transient=True) as bar:  # fmt: skip
        tasks: dict[str, object] = {}

        def progress(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(f"card features: {stage}", total=total)
            bar.update(tasks[stage], completed=done)  # type: ignore[arg-type]

        abstraction = abstraction_for(sizes, progress)
    seconds = time.perf_counter() - started
    console.print(f"card buckets {_text(sizes)} ready in {seconds:.1f} s", soft_wrap=True)
    game = holdem_game(tree, abstraction)
    console.print(
        f"{game.name}: {tree.decisions:,} betting decisions, "
        f"{game.decisions:,} information sets (both players)",
        soft_wrap=True,
    )
    solver = Solver(game, args.method)
    rows = _solve(console, solver, args, lambda chips: mbb(chips, tree), "mbb/h")
    _table(console, f"{rules} heads-up, buckets {_text(sizes)}, {args.method}", rows, "mbb/h")
    strategy = Strategy.from_solver(rules, tree, abstraction, solver, tuple(rows))
    strategy.save(args.out)
    size = Path(args.out).stat().st_size
    console.print(f"wrote {args.out} ({size / 1e6:.2f} MB)", soft_wrap=True)
    if args.plot:
        _plot(rows, args.plot, f"{args.rules} heads-up, buckets {_text(sizes)}, {args.method}")
        console.print(f"wrote {args.plot}", soft_wrap=True)
    return 0


def _solve(
    console: Console,
    solver: Solver,
    args: argparse.Namespace,
    unit: Callable[[float], float],
    label: str,
) -> list[tuple[int, float, float]]:
    """Iterate with a progress bar showing the exploitability; the measured points."""
    from rich import progress as rp

    every: int = args.every or max(1, args.iterations // 20)
    rows: list[tuple[int, float, float]] = []
    started = time.perf_counter()
    columns = (
        rp.TextColumn("CFR"),
        rp.BarColumn(),
        rp.MofNCompleteColumn(),
        rp.TextColumn("exploitability {task.fields[exploit]}"),
        rp.TimeElapsedColumn(),
        rp.TimeRemainingColumn(),
    )
    with rp.Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("cfr", total=args.iterations, exploit="…")
        while solver.iterations < args.iterations:
            solver.run(min(every, args.iterations - solver.iterations))
            value = unit(solver.exploitability())
            rows.append((solver.iterations, value, time.perf_counter() - started))
            bar.update(task, completed=solver.iterations, exploit=f"{value:.4g} {label}")
    return rows


def _text(sizes: tuple[int, ...]) -> str:
    return ",".join(map(str, sizes))


def _table(console: Console, title: str, rows: list[tuple[int, float, float]], label: str) -> None:
    from rich.table import Table

    table = Table(title=title)
    table.add_column("iterations", justify="right")
    table.add_column(f"exploitability ({label})", justify="right")
    table.add_column("seconds", justify="right")
    for i, e, s in rows:
        table.add_row(f"{i:,}", f"{e:.4g}", f"{s:.1f} s")
    console.print(table)


def _plot(rows: list[tuple[int, float, float]], path: str, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    ax.loglog([r[0] for r in rows], [r[1] for r in rows], marker="o")
    ax.set_xlabel("iterations")
    ax.set_ylabel("exploitability in the abstract game (mbb/hand)")
    ax.set_title(title, fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "solve",
        help="solve heads-up fixed-limit hold'em (or Kuhn, Leduc) with CFR",
        description=(
            "Counterfactual regret minimisation on an abstraction of heads-up fixed-limit "
            "hold'em: the engine's betting tree under the rules, and card buckets per round "
            "(built once and cached). The progress bar shows the exploitability of the "
            "average strategy in the abstract game."
        ),
    )
    p.add_argument("--game", choices=("holdem", "kuhn", "leduc"), default="holdem",
                   help="the game (default: hold'em)")  # fmt: skip
    p.add_argument(
        "--rules",
        default="casino-limit",
        type=RulesArgument(),
        help="a preset (casino-limit, computer-tournament) or a rules TOML file",
    )
    p.add_argument(
        "--buckets",
        default="169,32,32,32",
        type=_sizes,
        help="card buckets per round, pre-flop to river: 1 to 169 pre-flop, 1 to 250 after "
        "(default 169,32,32,32)",
    )
    p.add_argument(
        "--iterations",
        type=ITERATIONS,
        default=1000,
        help="CFR iterations, 1 to 1,000,000 (default 1000)",
    )
    p.add_argument(
        "--method",
        choices=("dcfr", "cfr+"),
        default="dcfr",
        help="discounted CFR (default) or CFR+",
    )
    p.add_argument(
        "--every",
        type=ITERATIONS,
        metavar="N",
        help="measure the exploitability every N iterations, 1 to 1,000,000 (default: 20 "
        "times)",
    )
    p.add_argument(
        "--out",
        metavar="FILE.npz",
        type=OutputFile("a file for the strategy: name.npz", (".npz",)),
        help="where to write the strategy",
    )
    p.add_argument(
        "--plot",
        metavar="FILE.png",
        type=OutputFile("a PNG file: name.png", (".png",)),
        help="also plot exploitability to a PNG",
    )
    p.set_defaults(func=_cmd_solve)
    _add_commands(p)


def _add_commands(p: argparse.ArgumentParser) -> None:
    """The commands under ``solve``: ``solve lbr``."""
    more = p.add_subparsers(dest="solve_command", metavar="COMMAND", title="commands",
                            description="without one, solve runs CFR")  # fmt: skip
    add_lbr(more, help="local best response against a bot: at least how much it can be beaten")
