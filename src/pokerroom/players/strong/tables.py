"""The pre-flop equity tables the ``strong`` bot ships with, and what it derives from them.

``data/strong_preflop.npz`` holds, over the 169 starting-hand classes
(:data:`pokerroom.starting.ALL_CLASSES` order), the equity of each class against each
class heads-up (:func:`heads_up`) and against 1 to 13 random hands (:func:`multiway`),
built once by seeded Monte Carlo (``python -m pokerroom.players.strong.build``; about
0.003 standard error per entry) and read on first use.

From them: each class's pre-flop :func:`strength` (the share of all 1,326 combinations it
ranks above, by equity against one random hand, ties half: AA is near 1, 72o near 0),
the same per combination (:func:`combo_strength`), and :func:`equity_vs_range`, a hand's
equity against a weighted range in one dot product.

>>> from pokerroom.players.strong.cards import index_of
>>> import numpy as np
>>> aces = np.zeros(1326); aces[[index_of(t) for t in ("KsKh", "KsKd", "KhKd")]] = 1
>>> round(equity_vs_range(index_of("AsAd"), aces), 2)
0.82
>>> round(float(strength()[0]), 3), round(float(combo_strength()[index_of("7c2d")]), 3)
(0.998, 0.032)
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.players.strong.cards import CLASS_OF, COMBO_BITS
from pokerroom.starting import ALL_CLASSES

__all__ = [
    "MAX_OPPONENTS",
    "against",
    "combo_strength",
    "equity_vs_range",
    "heads_up",
    "multiway",
    "strength",
]

F64s = npt.NDArray[np.float64]

MAX_OPPONENTS: Final = 13
_FILE: Final = "strong_preflop.npz"


@functools.cache
def _tables() -> tuple[F64s, F64s]:
    source = resources.files("pokerroom.players.strong").joinpath("data", _FILE)
    with resources.as_file(source) as path, np.load(path) as data:
        names = [str(n) for n in data["classes"]]
        if names != [str(c) for c in ALL_CLASSES]:
            raise ValueError(f"{_FILE}: the classes are not in the order of ALL_CLASSES")
        hu = np.asarray(data["hu"], dtype=np.float64)
        multi = np.asarray(data["multi"], dtype=np.float64)
    if hu.shape != (169, 169) or multi.shape != (169, MAX_OPPONENTS):
        raise ValueError(f"{_FILE}: tables of shape {hu.shape} and {multi.shape}")
    hu.setflags(write=False)
    multi.setflags(write=False)
    return hu, multi


def heads_up() -> F64s:
    """``[h, k]``: the equity of class ``h`` against class ``k`` (169 × 169)."""
    return _tables()[0]


def multiway() -> F64s:
    """``[h, m - 1]``: the equity of class ``h`` against ``m`` random hands (169 × 13)."""
    return _tables()[1]


@functools.cache
def strength() -> F64s:
    """Each class's pre-flop strength in [0, 1]: the share of the 1,326 combinations that
    rank below it by equity against one random hand (its own combinations count half)."""
    equity = multiway()[:, 0]
    counts = np.array([c.combo_count for c in ALL_CLASSES], dtype=np.float64)
    order = np.argsort(equity, kind="stable")
    below = np.cumsum(counts[order]) - counts[order]
    out = np.empty(len(ALL_CLASSES))
    out[order] = (below + counts[order] / 2) / counts.sum()
    out.setflags(write=False)
    return out


@functools.cache
def combo_strength() -> F64s:
    """:func:`strength` of each combination's class."""
    out = strength()[CLASS_OF]
    out.setflags(write=False)
    return out


@functools.cache
def _row(cls: int) -> F64s:
    out: F64s = heads_up()[cls][CLASS_OF]
    out.setflags(write=False)
    return out


@functools.lru_cache(maxsize=64)
def against(combo: int) -> tuple[F64s, F64s]:
    """For combination ``combo``: which combinations share no card with it (1 or 0), and
    its equity against each of those (0 against the others)."""
    free = ((COMBO_BITS & COMBO_BITS[combo]) == 0).astype(np.float64)
    row = _row(int(CLASS_OF[combo])) * free
    free.setflags(write=False)
    row.setflags(write=False)
    return free, row


def equity_vs_range(combo: int, weights: F64s) -> float:
    """The pre-flop equity of combination ``combo`` against a range (a weight per
    combination); the range's combinations that hold one of its cards do not count."""
    free, row = against(combo)
    total = float(weights @ free)
    if total <= 0.0:
        return 0.5
    return float(weights @ row) / total
