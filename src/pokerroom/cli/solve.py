"""``pokerroom solve``: solve heads-up hold'em, fixed or no limit (or Kuhn, or Leduc) with CFR.

    pokerroom solve --rules casino-limit --buckets 8,8,8,8 --iterations 2000 --out s.npz
    pokerroom solve --game leduc --iterations 1000
    pokerroom solve --game holdem-nl --depth 100 --iterations 2000 --out nl100.npz \
        --checkpoint nl100.ckpt.npz
    pokerroom solve --game holdem-nl --method sampled --seed 1 --iterations 100000 ...
    pokerroom solve --game holdem-nl --method dealt --seed 1 --iterations 1000 ...

This adapter owns the clock, the files, the progress bar and the plot; the work is
:mod:`pokerroom.solver`.  The progress bar shows the exploitability of the average
strategy in the abstract game (an exact best response), measured every ``--every``
iterations; with ``--method dealt``, whose iterations are real deals and not the abstract
game, it shows the solver's regret per deal instead
(:meth:`~pokerroom.solver.deals.DealtSolver.regret`).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pokerroom.cli.arguments import Count, OutputFile, RulesArgument, Seed
from pokerroom.cli.errors import UsageError
from pokerroom.cli.lbr import add_lbr
from pokerroom.numerals import number as read_number

if TYPE_CHECKING:
    from rich.console import Console

    from pokerroom.solver.abstraction import CardAbstraction
    from pokerroom.solver.cfr import Solver
    from pokerroom.solver.game import Game

__all__ = ["register"]


ITERATIONS = Count(1, 1_000_000, "iterations")


def _sizes(text: str) -> tuple[int, int, int, int]:
    """``--buckets``: four bucket counts, pre-flop to river, each in the abstraction's
    bounds (checked here, before minutes of card features are built)."""
    from pokerroom.solver.abstraction import MAX_BUCKETS, PREFLOP_BUCKETS

    accepts = (f"four numbers like 8,8,8,8, one per round: 1 to {PREFLOP_BUCKETS} pre-flop, "
               f"1 to {MAX_BUCKETS} in later rounds")  # fmt: skip
    parts = text.split(",")
    read = [read_number(p.strip(), digits=5) for p in parts]
    if len(parts) != 4 or None in read:
        raise argparse.ArgumentTypeError(f"{accepts}, not {text!r}")
    sizes = tuple(n for n in read if n is not None)
    bounds = (PREFLOP_BUCKETS, MAX_BUCKETS, MAX_BUCKETS, MAX_BUCKETS)
    if not all(1 <= n <= high for n, high in zip(sizes, bounds, strict=True)):
        raise argparse.ArgumentTypeError(f"{accepts}, not {text!r}")
    return (sizes[0], sizes[1], sizes[2], sizes[3])


def _tremble(text: str) -> float:
    """``--tremble``: a probability from 0 to 0.5."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0.0 <= value <= 0.5:
        raise argparse.ArgumentTypeError(f"a probability from 0 to 0.5, not {text!r}")
    return value


BetSizes = tuple[tuple[float, ...], tuple[tuple[int, ...], ...]]


def _bet_sizes(text: str) -> BetSizes:
    """``--bet-sizes``: pot fractions, one list for every round or four separated by
    ``/`` (pre-flop to river); as the tree's fractions (each once, in order of first
    appearance) and each round's indices into them, ascending (empty when every round has all)."""
    accepts = ("pot fractions above 0 and at most 10 like 0.5,1 (every round) or four lists "
               "like 0.5,1/0.5,1/0.5,1,1.5/0.5,1,1.5 (pre-flop to river)")
    rounds: list[list[float]] = []
    for part in text.split("/"):
        try:
            values = [float(v) for v in part.split(",")]
        except ValueError:
            values = []
        if not values or not all(0 < v <= 10 for v in values) or len(set(values)) != len(values):
            raise argparse.ArgumentTypeError(f"{accepts}, not {text!r}")
        rounds.append(values)
    if len(rounds) not in (1, 4):
        raise argparse.ArgumentTypeError(f"{accepts}, not {text!r}")
    fractions = tuple(dict.fromkeys(v for r in rounds for v in r))
    if len(rounds) == 1:
        return fractions, ()
    return fractions, tuple(tuple(sorted(fractions.index(v) for v in r)) for r in rounds)


class _Given(argparse.Action):
    """Store the value and note the option as given (``args.given``): an option given
    where it does not apply is refused, never silently ignored."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:  # fmt: skip
        setattr(namespace, self.dest, values)
        namespace.given = {*getattr(namespace, "given", ()), self.dest}


def _refuse_misplaced(args: argparse.Namespace) -> None:
    """Refuse an option given for a game it does not shape."""
    given: set[str] = getattr(args, "given", set())
    game = args.game
    for option in ("--depth", "--bet-sizes"):
        if option[2:].replace("-", "_") in given and game != "holdem-nl":
            raise UsageError(f"{option} is for --game holdem-nl, not --game {game}")
    if "rules" in given and game != "holdem":
        why = " (its stacks are --depth's)" if game == "holdem-nl" else ""
        raise UsageError(f"--rules is for --game holdem, not --game {game}{why}")
    if "buckets" in given and game not in ("holdem", "holdem-nl"):
        raise UsageError(f"--buckets is for hold'em (holdem, holdem-nl), not --game {game}")


def _cmd_solve(args: argparse.Namespace) -> int:
    from pokerroom.cli.console import plain_console

    console = plain_console()
    _refuse_misplaced(args)
    if args.seed is not None and args.method not in ("sampled", "dealt"):
        raise UsageError(f"--seed is for --method sampled or dealt, not --method {args.method}")
    if args.tremble and args.method in ("sampled", "dealt"):
        raise UsageError("--tremble is for the full-width methods (dcfr, cfr+), not --method "
                         f"{args.method}")
    if args.deals is not None and args.method != "dealt":
        raise UsageError(f"--deals is for --method dealt, not --method {args.method}")
    if args.method == "dealt" and args.game not in ("holdem", "holdem-nl"):
        raise UsageError(f"--method dealt deals hold'em (--game holdem or holdem-nl), not --game "
                         f"{args.game}")
    if args.game == "holdem-nl":
        if args.out is None:
            raise UsageError("give --out FILE.npz for the strategy")
        return _holdem_nl(console, args)
    if args.checkpoint and args.game != "holdem":
        raise UsageError(f"--checkpoint is for hold'em (holdem, holdem-nl), not --game {args.game}")
    if args.game != "holdem":
        if args.out or args.plot:
            raise UsageError(f"--out and --plot are for hold'em, not --game {args.game}")
        return _toy(console, args)
    if args.out is None:
        raise UsageError("give --out FILE.npz for the strategy")
    return _holdem(console, args)


def _solver(game: Game, args: argparse.Namespace) -> Solver:
    """The solver of ``--method`` for ``game`` (a sampled one seeded by ``--seed``, 0 by
    default)."""
    from pokerroom.solver.sampling import make_solver

    try:
        return make_solver(game, args.method, args.seed or 0, tremble=args.tremble)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _dealt(game: Game, abstraction: CardAbstraction, args: argparse.Namespace) -> Solver:
    """The dealt solver of a hold'em ``game`` (fixed or no limit) on real deals bucketed
    by ``abstraction``: ``--deals`` a batch, seeded by ``--seed`` (0 by default)."""
    from pokerroom.solver.deals import DEALS, DealtSolver, HoldemDealer

    return DealtSolver(game, HoldemDealer(abstraction), seed=args.seed or 0,
                       deals=args.deals or DEALS)


def _toy(console: Console, args: argparse.Namespace) -> int:
    from pokerroom.solver.toys import kuhn, leduc, leduc_no_limit

    game = {"kuhn": kuhn, "leduc": leduc, "leduc-nl": leduc_no_limit}[args.game]()
    solver = _solver(game, args)
    rows = _solve(console, solver, args, lambda chips: chips, "chips/game")
    name = {"kuhn": "Kuhn poker", "leduc": "Leduc hold'em",
            "leduc-nl": "Leduc hold'em with bet sizes"}[args.game]  # fmt: skip
    _table(console, f"{name}, {args.method}", rows, "chips/game")
    console.print(f"game value for player 0: {solver.value():.4f}")
    return 0


def _holdem(console: Console, args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from pokerroom.rules import Rules
    from pokerroom.solver.betting import betting_tree
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
    solver = _dealt(game, abstraction, args) if args.method == "dealt" else _solver(game, args)
    before, save = _checkpointed(console, solver, args)
    rows = before + _solve(console, solver, args, lambda chips: mbb(chips, tree), "mbb/h",
                           after=save, before=before)  # fmt: skip
    _table(console, f"{rules} heads-up, buckets {_text(sizes)}, {args.method}", rows, "mbb/h",
           solver.progress_name)  # fmt: skip
    strategy = Strategy.from_solver(rules, tree, abstraction, solver, tuple(rows))
    strategy.save(args.out)
    size = Path(args.out).stat().st_size
    console.print(f"wrote {args.out} ({size / 1e6:.2f} MB)", soft_wrap=True)
    if args.plot:
        _plot(rows, args.plot, f"{args.rules} heads-up, buckets {_text(sizes)}, {args.method}",
              solver.progress_name)  # fmt: skip
        console.print(f"wrote {args.plot}", soft_wrap=True)
    return 0


def _holdem_nl(console: Console, args: argparse.Namespace) -> int:
    """Heads-up no-limit: the action abstraction at ``--depth``, the card buckets, CFR
    with checkpoints (resumed when the checkpoint file exists)."""
    from pokerroom.solver.files import abstraction_for
    from pokerroom.solver.nlholdem import betting, holdem_no_limit
    from pokerroom.solver.nlstrategy import NoLimitStrategy

    sizes = args.buckets
    abstraction = abstraction_for(sizes)
    (fractions, per_round), max_raises = args.bet_sizes, 3
    game, tree = holdem_no_limit(betting(args.depth, fractions, max_raises, per_round),
                                 abstraction)  # fmt: skip
    console.print(
        f"{game.name}: {tree.public.decisions:,} betting decisions, "
        f"{game.decisions:,} information sets (both players)",
        soft_wrap=True,
    )
    solver = _dealt(game, abstraction, args) if args.method == "dealt" else _solver(game, args)
    rows, save = _checkpointed(console, solver, args)

    def unit(chips: float) -> float:
        return 1000.0 * chips / 2  # chips are half big blinds

    rows += _solve(console, solver, args, unit, "mbb/h", after=save, before=rows)
    _table(console, game.name + f", {args.method}", rows, "mbb/h", solver.progress_name)
    strategy = NoLimitStrategy.from_solver(args.depth, fractions, max_raises,
                                           abstraction=abstraction, solver=solver,
                                           history=tuple(rows), per_round=per_round)  # fmt: skip
    strategy.save(args.out)
    size = Path(args.out).stat().st_size
    console.print(f"wrote {args.out} ({size / 1e6:.2f} MB)", soft_wrap=True)
    if args.plot:
        _plot(rows, args.plot, f"{game.name}, {args.method}", solver.progress_name)
        console.print(f"wrote {args.plot}", soft_wrap=True)
    return 0


Rows = list[tuple[int, float, float]]


def _checkpointed(console: Console, solver: Solver, args: argparse.Namespace
                  ) -> tuple[Rows, Callable[[Rows], None]]:  # fmt: skip
    """``--checkpoint``: resume ``solver`` from the file when it exists (the measured
    points so far), and what saves its state there after each measurement (atomically:
    a checkpoint is whole or the previous one); without it, no points and no saving."""
    import zipfile

    import numpy as np

    rows: Rows = []
    ckpt = Path(args.checkpoint) if args.checkpoint else None
    if ckpt is not None and ckpt.is_file():
        try:
            with np.load(ckpt, allow_pickle=False) as data:
                state = {k: data[k] for k in data.files}
        except (EOFError, ValueError, zipfile.BadZipFile):  # empty, text, a broken zip
            raise UsageError(f"{ckpt}: not a checkpoint (not an .npz file of arrays)") from None
        try:
            solver.resume(state)
        except ValueError as exc:
            raise UsageError(f"{ckpt}: {exc}") from None
        rows = [(int(i), float(e), float(t)) for i, e, t in state["history"]]
        console.print(f"resumed from {ckpt} at {solver.iterations:,} iterations", soft_wrap=True)

    def save(rows: Rows) -> None:
        if ckpt is None:
            return
        arrays = solver.checkpoint()
        arrays["history"] = np.array(rows, dtype=np.float64).reshape(-1, 3)
        tmp = ckpt.with_name(ckpt.name + ".tmp")
        with tmp.open("wb") as f:
            np.savez(f, **arrays)  # type: ignore[arg-type]
        tmp.replace(ckpt)

    return rows, save


def _solve(
    console: Console,
    solver: Solver,
    args: argparse.Namespace,
    unit: Callable[[float], float],
    label: str,
    *,
    after: Callable[[list[tuple[int, float, float]]], None] | None = None,
    before: list[tuple[int, float, float]] | None = None,
) -> list[tuple[int, float, float]]:
    """Iterate with a progress bar showing the solver's progress (its
    :meth:`~pokerroom.solver.cfr.Solver.progress`: the exploitability, or the dealt
    solver's regret per deal); the measured points."""
    from rich import progress as rp

    every: int = args.every or max(1, args.iterations // 20)
    rows: list[tuple[int, float, float]] = []
    started = time.perf_counter()
    offset = before[-1][2] if before else 0.0
    columns = (
        rp.TextColumn(solver.method.name),
        rp.BarColumn(),
        rp.MofNCompleteColumn(),
        rp.TextColumn(solver.progress_name + " {task.fields[exploit]}"),
        rp.TimeElapsedColumn(),
        rp.TimeRemainingColumn(),
    )
    with rp.Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("cfr", total=args.iterations, exploit="…",
                            completed=solver.iterations)  # fmt: skip
        while solver.iterations < args.iterations:
            solver.run(min(every, args.iterations - solver.iterations))
            value = unit(solver.progress())
            rows.append((solver.iterations, value, time.perf_counter() - started + offset))
            if after is not None:
                after([*(before or []), *rows])
            bar.update(task, completed=solver.iterations, exploit=f"{value:.4g} {label}")
    return rows


def _text(sizes: tuple[int, ...]) -> str:
    return ",".join(map(str, sizes))


def _table(console: Console, title: str, rows: list[tuple[int, float, float]], label: str,
           name: str = "exploitability") -> None:  # fmt: skip
    from rich.table import Table

    table = Table(title=title)
    table.add_column("iterations", justify="right")
    table.add_column(f"{name} ({label})", justify="right")
    table.add_column("seconds", justify="right")
    for i, e, s in rows:
        table.add_row(f"{i:,}", f"{e:.4g}", f"{s:.1f} s")
    console.print(table)


def _plot(rows: list[tuple[int, float, float]], path: str, title: str,
          name: str = "exploitability") -> None:  # fmt: skip
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    ax.loglog([r[0] for r in rows], [r[1] for r in rows], marker="o")
    ax.set_xlabel("iterations")
    ax.set_ylabel("exploitability in the abstract game (mbb/hand)" if name == "exploitability"
                  else f"{name} (mbb/hand)")  # fmt: skip
    ax.set_title(title, fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "solve",
        help="solve heads-up hold'em, fixed or no limit (or Kuhn, Leduc) with CFR",
        description=(
            "Counterfactual regret minimisation on an abstraction of heads-up hold'em: in "
            "fixed limit the engine's betting tree under the rules, in no limit (--game "
            "holdem-nl) a few bet sizes and all-in; card buckets per round (built once and "
            "cached). Kuhn and Leduc poker are solved whole, without abstraction. The "
            "progress bar shows the exploitability of the average strategy in the abstract "
            "game (with --method dealt, which plays real deals, its regret per deal)."
        ),
    )
    p.add_argument("--game", choices=("holdem", "holdem-nl", "kuhn", "leduc", "leduc-nl"),
                   default="holdem",
                   help="the game (default: hold'em, fixed limit; holdem-nl: heads-up no "
                   "limit; leduc-nl: Leduc with bet sizes)")  # fmt: skip
    p.add_argument("--tremble", type=_tremble, default=0.0, metavar="EPS",
                   help="train in the perturbed game where every decision trembles: played "
                   "as (1 - EPS) times the strategy plus EPS spread over the legal actions, "
                   "so lines the strategy never takes are met with a range behind them; the "
                   "strategy kept is the untrembled one (0 to 0.5, default 0: none)")
    p.add_argument("--bet-sizes", type=_bet_sizes, default=((0.5, 1.0), ()), action=_Given,
                   metavar="SIZES",
                   help="holdem-nl: the bets and raises the tree keeps besides all-in, as pot "
                   "fractions: one list for every round (default 0.5,1) or four separated by "
                   "/, pre-flop to river (0.5,1/0.5,1/0.5,1,1.5/0.5,1,1.5)")
    p.add_argument("--depth", type=Count(2, 1000, "big blinds"), default=100, action=_Given,
                   help="holdem-nl: each stack in big blinds, 2 to 1000 (default 100)")
    p.add_argument("--checkpoint", metavar="FILE.npz",
                   type=OutputFile("a file for the checkpoint: name.npz", (".npz",)),
                   help="holdem and holdem-nl: save the solver's state here every --every "
                   "iterations, and resume from it when it exists")
    p.add_argument(
        "--rules",
        default="casino-limit",
        type=RulesArgument(),
        action=_Given,
        help="--game holdem: a preset (casino-limit, computer-tournament) or a rules TOML "
        "file",
    )
    p.add_argument(
        "--buckets",
        default="169,32,32,32",
        type=_sizes,
        action=_Given,
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
        choices=("dcfr", "cfr+", "sampled", "dealt"),
        default="dcfr",
        help="discounted CFR (default), CFR+ (both full width: every iteration sweeps the "
        "whole tree), sampled (Monte Carlo CFR: one opponent action per node, many cheap "
        "iterations) or dealt (--game holdem or holdem-nl: each iteration --deals real "
        "deals, the buckets on their real boards and the real showdown; its progress shows "
        "the regret per deal, not an exploitability)",
    )
    p.add_argument(
        "--seed",
        type=Seed(),
        help="--method sampled or dealt: the random generator's seed (default 0); a checkpoint "
        "keeps the generator's state",
    )
    p.add_argument(
        "--deals",
        type=Count(1, 100_000, "deals"),
        help="--method dealt: the deals of each iteration, 1 to 100,000 (default 1,000)",
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
