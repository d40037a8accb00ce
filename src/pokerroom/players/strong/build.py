"""Build the pre-flop equity tables the ``strong`` bot ships with.

Two tables over the 169 starting-hand classes (:data:`pokerroom.starting.ALL_CLASSES`
order), by seeded Monte Carlo on the project's batch evaluator:

* ``hu[h, k]``: the equity (wins plus half the ties) of a hand of class ``h`` against a
  hand of class ``k``, averaged over every pair of combinations that share no card and
  every board.  By suit symmetry one combination of ``h`` stands for all of them, and
  ``hu[k, h] = 1 - hu[h, k]``, so only ``h <= k`` is simulated (``h == k`` is 1/2).
* ``multi[h, m - 1]``: the equity of class ``h`` against ``m`` random hands, m = 1 to 13.

Run ``python -m pokerroom.players.strong.build [--samples N] [--seed S] [--out FILE]``
(a few minutes on one core); it writes ``data/strong_preflop.npz`` beside this module
(in a checkout, ``src/pokerroom/players/strong/data``), which
:mod:`~pokerroom.players.strong.tables` reads.  The standard error of each entry is about
0.45 / sqrt(N): 0.003 for the default N.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from pokerroom.equity.keys import boards_of, hole_keys, values
from pokerroom.equity.montecarlo import deal
from pokerroom.players.strong.tables import MAX_OPPONENTS
from pokerroom.starting import ALL_CLASSES

__all__ = ["heads_up", "main", "multiway"]

OUT = Path(__file__).resolve().parent / "data" / "strong_preflop.npz"


def _shares(hero: np.ndarray, others: list[np.ndarray]) -> float:
    best = np.maximum.reduce(others) if len(others) > 1 else others[0]
    level = sum((v == hero).astype(np.int64) for v in others)
    share = np.where(hero > best, 1.0, np.where(hero == best, 1.0 / (1 + level), 0.0))
    return float(share.mean())


def heads_up(rng: np.random.Generator, samples: int) -> np.ndarray:
    n = len(ALL_CLASSES)
    out = np.full((n, n), np.nan)
    combos = [[(int(a), int(b)) for a, b in cls.combos()] for cls in ALL_CLASSES]
    start = time.perf_counter()
    for h in range(n):
        a, b = combos[h][0]
        live = np.array([c for c in range(52) if c not in (a, b)], dtype=np.intp)
        where = np.full(52, -1, dtype=np.intp)
        where[live] = np.arange(50)
        hero_keys = hole_keys(a, b)
        for k in range(h, n):
            theirs = np.array([c for c in combos[k] if a not in c and b not in c], dtype=np.intp)
            picks = theirs[rng.integers(0, len(theirs), size=samples)]
            taken = [where[picks[:, 0]].astype(np.uint8), where[picks[:, 1]].astype(np.uint8)]
            boards = boards_of(deal(rng, 50, 5, samples, taken), (), live)
            mine = values(boards, hero_keys)
            other = values(boards, hole_keys(picks[:, 0], picks[:, 1]))
            out[h, k] = _shares(mine, [other])
            out[k, h] = 1.0 - out[h, k]
        out[h, h] = 0.5  # a class against itself, exactly
        print(f"heads-up: {h + 1}/{n} classes, {time.perf_counter() - start:.0f} s",
              file=sys.stderr)
    return out


def multiway(rng: np.random.Generator, samples: int) -> np.ndarray:
    n = len(ALL_CLASSES)
    out = np.zeros((n, MAX_OPPONENTS))
    start = time.perf_counter()
    for h, cls in enumerate(ALL_CLASSES):
        a, b = (int(c) for c in cls.combos()[0])
        live = np.array([c for c in range(52) if c not in (a, b)], dtype=np.intp)
        hero_keys = hole_keys(a, b)
        for m in range(1, MAX_OPPONENTS + 1):
            dealt = deal(rng, 50, 2 * m + 5, samples)
            boards = boards_of(dealt[2 * m :], (), live)
            codes = live.take(dealt[: 2 * m])
            mine = values(boards, hero_keys)
            others = [values(boards, hole_keys(codes[2 * i], codes[2 * i + 1])) for i in range(m)]
            out[h, m - 1] = _shares(mine, others)
        print(f"multi-way: {h + 1}/{n} classes, {time.perf_counter() - start:.0f} s",
              file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pokerroom.players.strong.build",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=24000, help="deals per table entry")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    hu = heads_up(rng, args.samples)
    multi = multiway(rng, args.samples)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        args.out,
        hu=hu.astype(np.float32),
        multi=multi.astype(np.float32),
        classes=np.array([str(c) for c in ALL_CLASSES]),
        samples=np.array(args.samples),
        seed=np.array(args.seed),
    )
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
