"""Equity speed: pokerroom against its peers on the same questions, in one run.

Run: ``python benchmarks/bench_equity.py`` (about a minute; ``--quick`` runs the slow
peers on a slice of the work and scales their time, saying so).

* **Exact, heads-up preflop**: AhKh against QsQc, all 1,712,304 boards.  pokerroom
  ``equity()``; eval7 (its C routine ``py_hand_vs_range_exact`` takes complete boards
  only, so a Python loop calls it once per board); pkrbot (a Python loop over the boards,
  two ``evaluate`` calls each); pokerfast (OMPEval, C++, through ctypes).  PokerKit has no
  exact calculation.
* **Exact, other spots** (pokerroom and OMPEval, the only other exact range engine):
  AA against KK preflop; QQ+,AKs against a random hand on Ks 7d 2c; three players.
  Every exact spot is also timed with pokerroom's plain enumeration (every board listed,
  the way before rank patterns), which checks the default way in the same run.
* **Monte Carlo, 100,000 boards heads-up**: pokerroom ``equity(samples=100_000)``; eval7
  ``py_hand_vs_range_monte_carlo``; OMPEval (it stops at a target error, so the target is
  set for about 100,000 deals and the time scaled to exactly that many from the count it
  reports); PokerKit ``calculate_equities`` with 1,000 samples, scaled by 100 (it needs
  minutes for 100,000).
* **The bots' call**: equity against one random hand on a flop, 1,000 deals, per call:
  pokerroom ``equity_vs_random``; eval7 Monte Carlo against every hand; OMPEval's exact
  ``equity_vs_random``.

Every timing is the best of several rounds (one for the slow peers; ``--median`` takes
the median instead, steadier on a shared machine); each result is checked against the
exact answer before it is shown; ``--cpu`` times by the process's processor time (every
engine here runs on one thread in this process), steadier than the wall clock on a busy
machine.  ``--exact-only`` runs the exact rows of pokerroom and
OMPEval alone.  The output ends with a markdown table for the README.
"""

from __future__ import annotations

import argparse
import ctypes
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partialmethod
from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from pokerroom.cards import CARD_CHARS
from pokerroom.equity import equity, equity_vs_random
from pokerroom.equity.exact import Enumeration

DECK = CARD_CHARS[:52]
EVERY_HAND = "22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32+"


@dataclass
class Row:
    task: str
    who: str
    how: str
    seconds: float
    answer: float
    ours: bool = False
    note: str = ""
    tolerance: float = 1e-6  # how far from the exact answer the result may lie


@dataclass
class Options:
    exact_only: bool = False  # --exact-only: the exact rows of pokerroom and OMPEval only
    median: bool = False  # --median: the median of the rounds instead of the best
    cpu: bool = False  # --cpu: processor time of this process instead of wall time


OPTIONS = Options()


def best_of(rounds: int, fn: Callable[[], float]) -> tuple[float, float]:
    """(best time in seconds, or the median with --median; the answer) over ``rounds``
    calls."""
    times, answer = [], float("nan")
    clock = time.process_time if OPTIONS.cpu else time.perf_counter
    for _ in range(rounds):
        start = clock()
        answer = fn()
        times.append(clock() - start)
    return (statistics.median(times) if OPTIONS.median else min(times)), answer


@contextmanager
def plain_enumeration() -> Iterator[None]:
    """Exact equity the plain way (every board listed), as before rank patterns."""
    run = Enumeration.run
    Enumeration.run = partialmethod(run, how="plain")  # type: ignore[method-assign]
    try:
        yield
    finally:
        Enumeration.run = run  # type: ignore[method-assign]


def plain_row(task: str, hands: list[str], board: str, rounds: int) -> Row:
    with plain_enumeration():
        seconds, answer = best_of(rounds, lambda: equity(hands, board, exact=True)
                                  .players[0].equity)
    return Row(task, "pokerroom, plain enumeration", "`Enumeration.run(how='plain')`",
               seconds, answer)


def boards_without(used: list[str]) -> list[tuple[str, ...]]:
    return list(combinations([c for c in DECK if c not in used], 5))


# --- exact heads-up preflop ------------------------------------------------------------
def exact_rows(quick: bool) -> list[Row]:
    rows = [Row("exact AhKh vs QsQc preflop", "pokerroom", "`equity(['AhKh', 'QsQc'])`",
                *best_of(7, lambda: equity(["AhKh", "QsQc"]).players[0].equity), ours=True),
            plain_row("exact AhKh vs QsQc preflop", ["AhKh", "QsQc"], "", 7)]
    if OPTIONS.exact_only:
        omp = ompeval()
        if omp is not None:
            rows.append(Row("exact AhKh vs QsQc preflop", "pokerfast (OMPEval, C++)",
                            "`equity.equity(['AhKh', 'QsQc'])`",
                            *best_of(7, lambda: omp.equity(["AhKh", "QsQc"])[0])))
        return rows
    boards = boards_without(["Ah", "Kh", "Qs", "Qc"])
    share = 20 if quick else 1
    part = boards[::share]
    scale = len(boards) / len(part)
    note = f"{len(part):,} of the boards, time x{scale:.0f}" if share > 1 else ""
    tolerance = 0.02 if share > 1 else 1e-6
    try:
        import eval7

        hero = (eval7.Card("Ah"), eval7.Card("Kh"))
        villain = eval7.HandRange("QsQc")
        prepared = [tuple(eval7.Card(c) for c in b) for b in part]

        def e7() -> float:
            f = eval7.py_hand_vs_range_exact
            return sum(f(hero, villain, b) for b in prepared) / len(prepared)

        seconds, answer = best_of(1, e7)
        rows.append(Row("exact AhKh vs QsQc preflop", "eval7",
                        "Python loop: `py_hand_vs_range_exact` (C) per board",
                        seconds * scale, answer, note=note, tolerance=tolerance))
    except ImportError:
        pass
    try:
        import pkrbot

        h1 = [pkrbot.Card("Ah"), pkrbot.Card("Kh")]
        h2 = [pkrbot.Card("Qs"), pkrbot.Card("Qc")]
        prepared_pk = [[pkrbot.Card(c) for c in b] for b in part]

        def pk() -> float:
            ev = pkrbot.evaluate
            won = 0.0
            for b in prepared_pk:
                a, q = ev(h1 + b), ev(h2 + b)
                won += 1.0 if a > q else 0.5 if a == q else 0.0
            return won / len(prepared_pk)

        seconds, answer = best_of(1, pk)
        rows.append(Row("exact AhKh vs QsQc preflop", "pkrbot",
                        "Python loop: two `evaluate` calls per board", seconds * scale, answer,
                        note=note, tolerance=tolerance))
    except ImportError:
        pass
    omp = ompeval()
    if omp is not None:
        rows.append(Row("exact AhKh vs QsQc preflop", "pokerfast (OMPEval, C++)",
                        "`equity.equity(['AhKh', 'QsQc'])`",
                        *best_of(7, lambda: omp.equity(["AhKh", "QsQc"])[0])))
    return rows


def ompeval() -> Any:
    try:
        from pokerfast import equity as omp

        return omp if omp.available() else None
    except ImportError:
        return None


def other_exact_rows() -> list[Row]:
    spots = [
        ("exact AA vs KK preflop", ["AA", "KK"], ""),
        ("exact QQ+,AKs vs random on Ks7d2c", ["QQ+,AKs", "random"], "Ks7d2c"),
        ("exact AhKh vs QsQc vs JdTd preflop", ["AhKh", "QsQc", "JdTd"], ""),
    ]
    omp = ompeval()
    rows = []
    for task, hands, board in spots:
        rows.append(Row(task, "pokerroom", "`equity(..., exact=True)`",
                        *best_of(5, lambda h=hands, b=board:
                                 equity(h, b, exact=True).players[0].equity), ours=True))
        rows.append(plain_row(task, hands, board, 5))
        if omp is not None:
            rows.append(Row(task, "pokerfast (OMPEval, C++)", "`equity.equity(...)`",
                            *best_of(5, lambda h=hands, b=board: omp.equity(h, board=b)[0])))
    return rows


# --- how exact equity grows --------------------------------------------------------------
GROWTH_HANDS = ["AhKh", "QsQc", "JdTd", "9s9h", "8c7c", "6d5d", "4s4c", "3h2h"]
GROWTH_RANGES = ["AA", "QQ+", "QQ+, AKs", "TT+, AQs+, AKo", "88+, ATs+, KQs, AJo+",
                 "55+, A8s+, KTs+, QJs, ATo+, KQo", "22+, A2s+, K9s+, QTs+, JTs, A9o+, KJo+"]


@dataclass
class Growth:
    """One line of a growth table: its label and size, and the three times (seconds;
    OMPEval's None where it cannot answer)."""

    label: str
    size: int
    ours: float
    plain: float
    omp: float | None

    def row(self) -> str:
        theirs = fmt_time(self.omp) if self.omp is not None else "n/a"
        return (f"| {self.label} | {self.size:,} | {fmt_time(self.ours)} "
                f"| {fmt_time(self.plain)} | {theirs} |")


def growth_tables(plot_dir: str | None = None) -> list[str]:
    """Markdown tables: exact equity's time by number of players (pre-flop, one hand
    each) and by range size (a range against a random hand on Ks 7d 2c), pokerroom's
    default and plain ways beside OMPEval (median of 9 rounds, 3 for the plain way);
    with ``plot_dir``, a plot of each there too."""
    omp = ompeval()
    players = [_growth(f"{n}", GROWTH_HANDS[:n], "", omp)
               for n in range(2, len(GROWTH_HANDS) + 1)]
    ranges = [_growth(text, [text, "random"], "Ks7d2c", omp) for text in GROWTH_RANGES]
    if plot_dir is not None:
        _plot(players, "players (one hand each, pre-flop)", f"{plot_dir}/equity-players.png")
        _plot(ranges, "holdings (a range against a random hand on Ks 7d 2c)",
              f"{plot_dir}/equity-ranges.png", log=True)
    return ["| players | boards | pokerroom | plain enumeration | OMPEval |",
            "|---:|---:|---:|---:|---:|", *(g.row() for g in players), "",
            "| range against random on Ks7d2c | holdings | pokerroom | plain enumeration "
            "| OMPEval |", "|---|---:|---:|---:|---:|", *(g.row() for g in ranges)]


def _growth(label: str, hands: list[str], board: str, omp: Any) -> Growth:
    ours, answer = best_of(9, lambda: equity(hands, board, exact=True).players[0].equity)
    with plain_enumeration():
        plain, _ = best_of(3, lambda: equity(hands, board, exact=True).players[0].equity)
    theirs = None
    if omp is not None:
        try:
            theirs, their_answer = best_of(9, lambda: omp.equity(hands, board=board)[0])
        except (OSError, ValueError, RuntimeError):
            theirs = None
        else:
            if abs(their_answer - answer) > 1e-6:
                raise SystemExit(f"OMPEval answered {their_answer} for {hands}, not {answer}")
    r = equity(hands, board, exact=True)
    size = r.deals if not board else r.deals // comb(45, 2)  # holdings: 990 boards each
    return Growth(label, size, ours, plain, theirs)


def _plot(lines: list[Growth], what: str, path: str, log: bool = False) -> None:
    import matplotlib
    import matplotlib.ticker

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    x = [g.size if log else int(g.label) for g in lines]
    ax.plot(x, [g.ours * 1e3 for g in lines], "o-", label="pokerroom")
    ax.plot(x, [g.plain * 1e3 for g in lines], "s--", label="pokerroom, plain enumeration")
    known = [(xi, g.omp) for xi, g in zip(x, lines, strict=True) if g.omp is not None]
    ax.plot([k[0] for k in known], [k[1] * 1e3 for k in known], "^:",
            label="OMPEval (C++, through pokerfast)")
    ax.set_xlabel(what)
    clock = "processor time" if OPTIONS.cpu else "wall time"
    ax.set_ylabel(f"exact equity, ms (median, {clock})")
    ax.set_yscale("log")
    ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:g}"))
    ax.yaxis.set_minor_formatter(matplotlib.ticker.FuncFormatter(
        lambda v, _: f"{v:g}" if f"{v:g}"[0] in "25" else ""))
    if log:
        ax.set_xscale("log")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


# --- Monte Carlo --------------------------------------------------------------------------
def monte_carlo_rows(quick: bool) -> list[Row]:
    task = "Monte Carlo, 100,000 boards, AhKh vs QsQc"
    n = 100_000
    rows = [Row(task, "pokerroom", "`equity(['AhKh', 'QsQc'], samples=100_000, seed=s)`",
                *best_of(7, lambda: equity(["AhKh", "QsQc"], samples=n, seed=7)
                         .players[0].equity), ours=True, tolerance=0.01)]
    try:
        import eval7

        hero = (eval7.Card("Ah"), eval7.Card("Kh"))
        villain = eval7.HandRange("QsQc")
        rows.append(Row(task, "eval7", "`py_hand_vs_range_monte_carlo(..., 100_000)` (C)",
                        *best_of(7, lambda: eval7.py_hand_vs_range_monte_carlo(
                            hero, villain, (), n)), tolerance=0.01))
    except ImportError:
        pass
    omp = ompeval()
    if omp is not None:
        rows.append(ompeval_monte_carlo(task, n))
    try:
        import pokerkit

        samples = 200 if quick else 1000
        hands = (pokerkit.parse_range("AhKh"), pokerkit.parse_range("QsQc"))

        def pk() -> float:
            return float(pokerkit.calculate_equities(
                hands, (), 2, 5, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,),
                sample_count=samples)[0])

        seconds, answer = best_of(1, pk)
        rows.append(Row(task, "PokerKit", "`calculate_equities(..., sample_count=...)`",
                        seconds * n / samples, answer,
                        note=f"{samples:,} samples, time x{n // samples}", tolerance=0.15))
    except ImportError:
        pass
    return rows


def ompeval_monte_carlo(task: str, n: int) -> Row:
    """OMPEval stops at a target standard error; ask for about n deals and scale the time
    to exactly n from the number it reports."""
    from pokerfast import equity as omp

    lib = omp._load()
    ranges = (ctypes.c_char_p * 2)(b"AhKh", b"QsQc")
    out = (ctypes.c_double * 2)()
    hands = ctypes.c_uint64()
    stdev = 0.4985 / np.sqrt(n)  # the standard error of about n deals of this matchup

    def run() -> float:
        lib.pf_equity(ranges, 2, b"", b"", 0, stdev, 1, 0.0, out, ctypes.byref(hands))
        return float(out[0])

    best, answer, dealt = float("inf"), float("nan"), 0
    for _ in range(7):
        start = time.perf_counter()
        answer = run()
        seconds = time.perf_counter() - start
        if seconds / max(hands.value, 1) * n < best:
            best, dealt = seconds / max(hands.value, 1) * n, hands.value
    return Row(task, "pokerfast (OMPEval, C++)", "`equity(..., exact=False, stdev=...)`",
               best, answer, note=f"{dealt:,} deals, time scaled to {n:,}", tolerance=0.01)


# --- the bots' call -----------------------------------------------------------------------
def bot_rows() -> list[Row]:
    task = "bot call: AhKd vs 1 random on Qh7c2d, 1,000 deals"
    calls = 200
    rng = np.random.default_rng(3)

    def ours() -> float:
        return sum(equity_vs_random("AhKd", "Qh7c2d", 1, 1000, rng).equity
                   for _ in range(calls)) / calls

    seconds, answer = best_of(5, ours)
    rows = [Row(task, "pokerroom", "`equity_vs_random(hole, board, 1, 1000, rng)`",
                seconds / calls, answer, ours=True, note="per call; equity: mean of the calls",
                tolerance=0.01)]
    try:
        import eval7

        hero = (eval7.Card("Ah"), eval7.Card("Kd"))
        board = tuple(eval7.Card(c) for c in ("Qh", "7c", "2d"))
        every = eval7.HandRange(EVERY_HAND)

        def e7() -> float:
            f = eval7.py_hand_vs_range_monte_carlo
            return sum(f(hero, every, board, 1000) for _ in range(calls)) / calls

        seconds, answer = best_of(5, e7)
        rows.append(Row(task, "eval7", "`py_hand_vs_range_monte_carlo(..., 1000)` (C)",
                        seconds / calls, answer, note="per call; equity: mean of the calls",
                        tolerance=0.01))
    except ImportError:
        pass
    omp = ompeval()
    if omp is not None:

        def exact_omp() -> float:
            return sum(omp.equity_vs_random("AhKd", "Qh7c2d") for _ in range(calls)) / calls

        seconds, answer = best_of(5, exact_omp)
        rows.append(Row(task, "pokerfast (OMPEval, C++)", "`equity_vs_random(hole, board)`",
                        seconds / calls, answer, note="per call; exact, all 1,081 hands"))
    return rows


# --- output ---------------------------------------------------------------------------
def fmt_time(seconds: float) -> str:
    if seconds >= 60:
        return f"{seconds / 60:.1f} min"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} µs"


def check(rows: list[Row], truth: dict[str, float]) -> None:
    """Every result must lie within its tolerance of the exact answer."""
    for r in rows:
        want = truth[r.task]
        if abs(r.answer - want) > r.tolerance:
            raise SystemExit(f"{r.who} answered {r.answer:.6f} for {r.task!r}, not {want:.6f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="slow peers on a slice of the work, times scaled")
    parser.add_argument("--exact-only", action="store_true",
                        help="only the exact rows of pokerroom and OMPEval")
    parser.add_argument("--growth", action="store_true",
                        help="only the tables of exact equity's time by players and range size")
    parser.add_argument("--plot", metavar="DIR",
                        help="with --growth: also draw equity-players.png and "
                             "equity-ranges.png in DIR")
    parser.add_argument("--cpu", action="store_true",
                        help="time by this process's processor time, not the wall clock "
                             "(steadier on a busy machine; every engine here runs on one "
                             "thread in this process)")
    parser.add_argument("--median", action="store_true",
                        help="report the median of the rounds, not the best")
    args = parser.parse_args()
    OPTIONS.exact_only, OPTIONS.median = args.exact_only, args.median or args.growth
    OPTIONS.cpu = args.cpu
    equity(["AhKh", "QsQc"], samples=10, seed=1)  # build the tables before timing
    equity(["2c3d", "4h5s"], exact=True)  # and the rank patterns
    if args.growth:
        print("\n".join(growth_tables(args.plot)))
        return
    stat = "median" if OPTIONS.median else "best"
    clock = "processor time" if OPTIONS.cpu else "wall time"
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"NumPy {np.__version__}; {stat} of several rounds, {clock}; one core", flush=True)
    rows = exact_rows(args.quick) + other_exact_rows()
    if not OPTIONS.exact_only:
        rows += monte_carlo_rows(args.quick) + bot_rows()
    truth = {
        "exact AhKh vs QsQc preflop": equity(["AhKh", "QsQc"]).players[0].equity,
        "Monte Carlo, 100,000 boards, AhKh vs QsQc": equity(["AhKh", "QsQc"]).players[0].equity,
        "bot call: AhKd vs 1 random on Qh7c2d, 1,000 deals":
            equity(["AhKd", "random"], "Qh7c2d").players[0].equity,
    }
    for r in rows:
        if r.task not in truth and r.ours:
            truth[r.task] = r.answer  # the other exact spots: OMPEval must agree
    check(rows, truth)
    ours = {r.task: r.seconds for r in rows if r.ours}
    lines = ["| task | engine | how | time | vs pokerroom | equity |",
             "|---|---|---|---:|---:|---:|"]
    width = max(len(r.who) for r in rows)
    current = ""
    for r in rows:
        if r.task != current:
            current = r.task
            print(f"\n{r.task}")
        ratio = r.seconds / ours[r.task]
        rel = "1.0x" if r.ours else f"{ratio:.1f}x" if ratio >= 1 else f"1/{1 / ratio:.1f}x"
        note = f"  ({r.note})" if r.note else ""
        print(f"  {r.who:<{width}}  {fmt_time(r.seconds):>9}  {rel:>8}  "
              f"equity {r.answer:.4f}{note}")
        lines.append(f"| {r.task} | {r.who} | {r.how}{' (' + r.note + ')' if r.note else ''} "
                     f"| {fmt_time(r.seconds)} | {rel} | {r.answer:.4f} |")
    print("\nratio: the engine's time over pokerroom's (above 1: pokerroom is faster)")
    print("\n" + "\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
