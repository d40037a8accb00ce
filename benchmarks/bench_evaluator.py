"""Seven-card evaluation speed: pokerroom against every peer, on the same hands, in one run.

Run: ``python benchmarks/bench_evaluator.py`` (about two minutes; ``--quick`` for a short
run).  Every evaluator ranks the same random seven-card hands (the slow ones a prefix of
them), each in its own natural input form prepared beforehand (``Card`` objects for
eval7 and pkrbot, ints for phevaluator and treys, ...); a timing is the best of several
rounds, the rounds interleaved so that a busy machine slows every evaluator alike.
Before timing, each evaluator's results are checked to order the hands exactly as ours
do (so no one is timed doing the wrong thing).  Single calls are made with ``map`` (or
``starmap``), one call per hand.  The batch evaluator runs on one core (NumPy does not
thread these operations).

Then, each in a fresh Python process: ``pokerroom eval --enumerate 7`` (all 133,784,560
hands) and the cold cost of the tables (importing the evaluator builds them; the wild
tables are built on first use).

The output ends with a markdown table for the README.
"""

from __future__ import annotations

import argparse
import platform
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise, starmap
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerroom.cards import CARD_CHARS, format_cards
from pokerroom.evaluator import WildCards, rank7, rank_batch, rank_wild, rank_wild_batch


def text(code: int) -> str:
    return CARD_CHARS[code]


@dataclass
class Peer:
    name: str
    how: str
    hands: int  # how many of the hands it ranks (the slow ones: a prefix)
    prepare: Callable[[npt.NDArray[np.uint8]], Any]  # untimed: the peer's own input form
    run: Callable[[Any], Sequence[Any]]  # timed: rank every prepared hand
    higher_is_better: bool = True
    ours: bool = False
    best: float = float("inf")  # best time of a round, seconds


def rows(hands: npt.NDArray[np.uint8]) -> list[list[int]]:
    return [list(t) for t in zip(*(hands[:, i].tolist() for i in range(hands.shape[1])),
                                 strict=True)]


def peers(n: int) -> list[Peer]:
    out = [
        Peer("pokerroom scalar", "`rank7(codes)`, pure Python", n // 4, rows,
             lambda hs: list(map(rank7, hs)), ours=True),
        Peer("pokerroom batch", "`rank_batch(array)`, NumPy, one core", n,
             lambda h: h, rank_batch, ours=True),
    ]
    try:
        import pkrbot

        out.append(Peer("pkrbot", "`evaluate([Card, ...])`", n // 4,
                        lambda h: [[pkrbot.Card(text(c)) for c in r] for r in h.tolist()],
                        lambda hs: list(map(pkrbot.evaluate, hs))))
    except ImportError:
        pass
    try:
        from phevaluator import _pheval, evaluate_cards

        out.append(Peer("phevaluator (C call)", "`_pheval.evaluate_7cards(*codes)`", n // 4,
                        lambda h: [tuple(r) for r in rows(h)],
                        lambda hs: list(starmap(_pheval.evaluate_7cards, hs)),
                        higher_is_better=False))
        out.append(Peer("phevaluator (Python API)", "`evaluate_cards(*codes)`", n // 10,
                        lambda h: [tuple(r) for r in rows(h)],
                        lambda hs: list(starmap(evaluate_cards, hs)), higher_is_better=False))
    except ImportError:
        pass
    try:
        import eval7

        out.append(Peer("eval7", "`evaluate([Card, ...])`", n // 10,
                        lambda h: [[eval7.Card(text(c)) for c in r] for r in h.tolist()],
                        lambda hs: list(map(eval7.evaluate, hs))))
    except ImportError:
        pass
    try:
        from pokerfast import eval7 as pf_eval7

        out.append(Peer("pokerfast", "`eval7(('As', ...))`", n // 10,
                        lambda h: [tuple(text(c) for c in r) for r in h.tolist()],
                        lambda hs: list(map(pf_eval7, hs))))
    except ImportError:
        pass
    try:
        from treys import Card as TreysCard
        from treys import Evaluator

        treys = Evaluator()
        out.append(Peer("treys", "`Evaluator().evaluate(board, hole)`", n // 100,
                        lambda h: [([TreysCard.new(text(c)) for c in r[2:]],
                                    [TreysCard.new(text(c)) for c in r[:2]]) for r in h.tolist()],
                        lambda hs: list(starmap(treys.evaluate, hs)), higher_is_better=False))
    except ImportError:
        pass
    try:
        from pokerkit import Card as PkCard
        from pokerkit import StandardHighHand

        out.append(Peer("PokerKit", "`StandardHighHand.from_game(hole, board)`", n // 1000,
                        lambda h: [(list(PkCard.parse(format_cards(r[:2], ""))),
                                    list(PkCard.parse(format_cards(r[2:], ""))))
                                   for r in h.tolist()],
                        lambda hs: list(starmap(StandardHighHand.from_game, hs))))
    except ImportError:
        pass
    return out


def random_hands(n: int, deck: int, seed: int) -> npt.NDArray[np.uint8]:
    rng = np.random.default_rng(seed)
    parts = [np.argsort(rng.random((min(100_000, n - i), deck)), axis=1)[:, :7]
             for i in range(0, n, 100_000)]
    return np.vstack(parts).astype(np.uint8)


def check_order(peer: Peer, ours: Sequence[int], theirs: Sequence[Any]) -> None:
    """Theirs orders the hands exactly as ours: same ties, same order."""
    if isinstance(theirs, np.ndarray):
        theirs = theirs.tolist()
    order = sorted(range(len(ours)), key=ours.__getitem__)
    for i, j in pairwise(order):
        a, b = theirs[i], theirs[j]
        same = a == b
        better = (b > a) if peer.higher_is_better else (b < a)
        if (ours[i] == ours[j]) != same or (ours[i] < ours[j]) != better:
            raise SystemExit(f"{peer.name} disagrees with pokerroom on the order of two hands")


def time_rounds(all_peers: list[Peer], hands: npt.NDArray[np.uint8], rounds: int) -> None:
    prepared = [p.prepare(hands[: p.hands]) for p in all_peers]
    reference = rank_batch(hands).tolist()
    for p, inp in zip(all_peers, prepared, strict=True):
        check_order(p, reference[: min(p.hands, 20_000)], p.run(inp[:20_000]))
    for _ in range(rounds):
        for p, inp in zip(all_peers, prepared, strict=True):
            start = time.perf_counter()
            p.run(inp)
            p.best = min(p.best, time.perf_counter() - start)


def fresh(code: str) -> str:
    """Run Python code in a fresh process; its standard output."""
    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True).stdout


def rate(p: Peer) -> float:
    return p.hands / p.best


def fmt_rate(r: float) -> str:
    return f"{r / 1e6:.2f} M/s" if r >= 1e6 else f"{r / 1e3:.1f} k/s"


GROWTH_SIZES = [10**k for k in range(8)]


def _cpu_rate(run: Callable[[], object], size: int, seconds: float) -> float:
    """Hands per CPU second of ``run`` (``size`` hands a call), repeated for ``seconds``."""
    calls = 0
    start = time.process_time()
    while True:
        run()
        calls += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return calls * size / spent


def growth(rounds: int, seconds: float, plot_dir: str | None) -> list[str]:
    """Seven-card hands per CPU second by batch size, 1 to 10 million: ``rank_batch`` on
    one array, the scalar ``rank7`` and phevaluator's C call on the same hands, one call
    per hand; the median of ``rounds``.  The hands are a million random ones, repeated to
    make ten million (each row read from memory all the same)."""
    base = random_hands(10**6, 52, seed=3)
    try:
        from phevaluator import _pheval

        c_call: Any = _pheval.evaluate_7cards
    except ImportError:
        c_call = None
    table: dict[str, dict[int, list[float]]] = {"batch": {}, "scalar": {}, "phevaluator": {}}
    for _ in range(rounds):
        for size in GROWTH_SIZES:
            hands = np.ascontiguousarray(np.tile(base, (max(1, size // len(base)), 1))[:size])
            table["batch"].setdefault(size, []).append(
                _cpu_rate(lambda h=hands: rank_batch(h), size, seconds))
            if size <= 10**5:  # one call per hand: the rate no longer depends on the size
                listed = rows(hands)
                tupled = [tuple(r) for r in listed]
                table["scalar"].setdefault(size, []).append(
                    _cpu_rate(lambda h=listed: list(map(rank7, h)), size, seconds))
                if c_call is not None:
                    table["phevaluator"].setdefault(size, []).append(
                        _cpu_rate(lambda h=tupled: list(starmap(c_call, h)), size, seconds))
    med = {k: {n: statistics.median(v) for n, v in by.items()} for k, by in table.items()}
    lines = ["| batch size | `rank_batch` | `rank7` per hand | phevaluator C call per hand "
             "| batch / phevaluator |", "|---:|---:|---:|---:|---:|"]  # fmt: skip
    # one call a hand: beyond 10⁵ hands, phevaluator's rate is its rate at 10⁵
    at_most = med["phevaluator"].get(max(med["phevaluator"], default=0))
    for size in GROWTH_SIZES:
        b, sc, ph = (med[k].get(size) for k in ("batch", "scalar", "phevaluator"))
        peer = ph if ph else at_most
        ratio = f"{b / peer:.3g}×" if b and peer else "—"
        lines.append(f"| {size:,} | {fmt_rate(b or 0)} | {fmt_rate(sc) if sc else '—'} "
                     f"| {fmt_rate(ph) if ph else '—'} | {ratio} |")  # fmt: skip
    if plot_dir is not None:
        _plot(med, f"{plot_dir}/evaluator-batch.png")
    return lines


def _plot(med: dict[str, dict[int, float]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = {"batch": "pokerroom `rank_batch` (NumPy), one array",
              "scalar": "pokerroom `rank7`, one call per hand",
              "phevaluator": "phevaluator's C call, one call per hand"}  # fmt: skip
    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    for (key, by), style in zip(med.items(), ("o-", "s--", "^:"), strict=True):
        xs = sorted(by)
        if xs:
            ax.plot(xs, [by[x] for x in xs], style, label=labels[key].replace("`", ""))
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("hands in the batch")
    ax.set_ylabel("seven-card hands per CPU second (median)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="200,000 hands, 3 rounds")
    parser.add_argument("--no-enumerate", action="store_true")
    parser.add_argument("--growth", action="store_true",
                        help="hands/s by batch size, 1 to 10 million (median of three)")
    parser.add_argument("--plot", metavar="DIR",
                        help="with --growth: also draw evaluator-batch.png in DIR")
    args = parser.parse_args()
    if args.growth:
        print("\n".join(growth(1 if args.quick else 3, 0.1 if args.quick else 0.4, args.plot)))
        return
    n, rounds = (200_000, 3) if args.quick else (args.hands, args.rounds)
    print(f"Python {platform.python_version()}, NumPy {np.__version__}, "
          f"{platform.machine()}, {n:,} random seven-card hands, best of {rounds} rounds")

    hands = random_hands(n, 52, seed=1)
    all_peers = peers(n)
    time_rounds(all_peers, hands, rounds)

    wild = WildCards.parse("2", joker="bug")
    wild_hands = random_hands(n, 53, seed=2)
    wild_peers = [
        Peer("pokerroom scalar, deuces and the bug wild", "`rank_wild(codes, rule)`", n // 10,
             rows, lambda hs: [rank_wild(h, wild) for h in hs], ours=True),
        Peer("pokerroom batch, deuces and the bug wild", "`rank_wild_batch(array, rule)`", n,
             lambda h: h, lambda h: rank_wild_batch(h, wild), ours=True),
    ]
    wild_reference = rank_wild_batch(wild_hands, wild).tolist()
    sample = rows(wild_hands[:20_000])
    check_order(wild_peers[0], wild_reference[:20_000], wild_peers[0].run(sample))
    for _ in range(rounds):
        for p in wild_peers:
            inp = p.prepare(wild_hands[: p.hands])
            start = time.perf_counter()
            p.run(inp)
            p.best = min(p.best, time.perf_counter() - start)

    fastest = max((p for p in all_peers if not p.ours), key=rate, default=None)
    lines = [
        "| evaluator | called as | hands timed | seven-card hands/s | vs fastest peer |",
        "|---|---|---:|---:|---:|",
    ]
    for p in sorted([*all_peers, *wild_peers], key=rate, reverse=True):
        ratio = f"{rate(p) / rate(fastest):.2f}×" if fastest else "–"
        lines.append(f"| {p.name} | {p.how} | {p.hands:,} | {fmt_rate(rate(p))} | {ratio} |")

    if not args.no_enumerate:
        best_enum, best_wall = float("inf"), float("inf")
        for _ in range(2 if args.quick else 3):
            start = time.perf_counter()
            out = fresh("import sys; from pokerroom.cli import main; "
                        "sys.exit(main(['eval', '--enumerate', '7']))")
            wall = time.perf_counter() - start
            m = re.search(r"([\d.]+) s \(", out)
            if not m or "133,784,560" not in out or "4,824" not in out:
                raise SystemExit(f"unexpected output of pokerroom eval --enumerate 7:\n{out}")
            best_enum, best_wall = min(best_enum, float(m.group(1))), min(best_wall, wall)
        lines.append(f"| `pokerroom eval --enumerate 7` | all 133,784,560 hands, fresh process | "
                     f"133,784,560 | {fmt_rate(133_784_560 / best_enum)} | "
                     f"{best_enum:.1f} s ({best_wall:.1f} s with start-up) |")

    cold = [fresh(
        "import time; t0 = time.perf_counter(); import numpy; t1 = time.perf_counter(); "
        "import pokerroom.evaluator as e; t2 = time.perf_counter(); "
        "e.rank_wild_batch(numpy.array([[0, 4, 8, 12, 16, 20, 52]]), "
        "e.WildCards.parse('2', joker='bug')); t3 = time.perf_counter(); "
        "print(t1 - t0, t2 - t1, t3 - t2)").split() for _ in range(3)]
    numpy_s, tables_s, wild_s = (min(float(c[i]) for c in cold) for i in range(3))
    lines.append("")
    lines.append(f"Cold start, fresh process (best of 3): `import pokerroom.evaluator` builds "
                 f"every natural table in {tables_s:.2f} s (after NumPy's own import, "
                 f"{numpy_s:.2f} s); the deuces-and-bug wild tables take {wild_s:.2f} s "
                 f"on first use.")
    print()
    print("\n".join(lines))


if __name__ == "__main__":
    main()
