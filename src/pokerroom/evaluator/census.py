"""Exhaustive enumeration: every five- or seven-card hand, through the batch evaluator.

``census(7)`` ranks all 133,784,560 seven-card hands and counts them by category and by
distinct value; ``pokerroom eval --enumerate 7`` prints the table.  Hands are produced in
colexicographic order: the five-card combinations of the lowest m cards are the first
C(m, 5) rows of one precomputed array, so each block of hands sharing their two highest
cards is a slice of it plus two constant columns, evaluated in one batch call.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from math import comb

import numpy as np
import numpy.typing as npt

from pokerroom.evaluator.batch import rank_batch
from pokerroom.evaluator.classes import CATEGORY_START, CLASS_COUNT, Category

__all__ = ["Census", "census", "colex_combinations"]


def colex_combinations(m: int, k: int) -> npt.NDArray[np.uint8]:
    """All k-subsets of range(m) in colexicographic order, as a (C(m, k), k) array."""
    # the (j-1)-subsets of range(top) are the first C(top, j-1) rows of the previous level
    level = np.zeros((1, 0), dtype=np.uint8)
    for j in range(1, k + 1):
        blocks = [
            np.hstack([level[: comb(top, j - 1)], np.full((comb(top, j - 1), 1), top, np.uint8)])
            for top in range(j - 1, m)
        ]
        level = np.vstack(blocks) if blocks else np.zeros((0, j), dtype=np.uint8)
    return level


@dataclass(frozen=True)
class Census:
    """How many hands fall in each category, and how many distinct values each has."""

    cards: int
    hands: dict[Category, int]
    classes: dict[Category, int]
    seconds: float

    @property
    def total_hands(self) -> int:
        return sum(self.hands.values())

    @property
    def total_classes(self) -> int:
        return sum(self.classes.values())


def _tally(
    counts: npt.NDArray[np.int64], cards: int, seconds: float
) -> Census:
    hands: dict[Category, int] = {}
    classes: dict[Category, int] = {}
    bounds = [*CATEGORY_START.values(), CLASS_COUNT]
    for cat, lo, hi in zip(Category, bounds, bounds[1:], strict=False):
        if cat == Category.FIVE_OF_A_KIND:
            continue
        part = counts[lo:hi]
        hands[cat] = int(part.sum())
        classes[cat] = int(np.count_nonzero(part))
    return Census(cards, hands, classes, seconds)


def census(
    cards: int, progress: Callable[[int, int], None] | None = None, *, pack: int = 52
) -> Census:
    """Rank every hand of ``cards`` (5 or 7) cards from a 52-card pack (or from its lowest
    ``pack`` cards: the deuces first, then the treys...).

    ``progress(done, total)`` is called after each block of hands.
    """
    if cards not in (5, 7):
        raise ValueError(f"the census covers 5 or 7 cards, not {cards}")
    if not cards <= pack <= 52:
        raise ValueError(f"a census of {cards}-card hands draws from {cards} to 52 cards, "
                         f"not {pack}")
    start = time.perf_counter()
    fives = colex_combinations(pack, 5)
    if cards == 5:
        once = np.bincount(rank_batch(fives), minlength=CLASS_COUNT)
        if progress:
            progress(len(fives), len(fives))
        return _tally(once, 5, time.perf_counter() - start)
    counts = np.zeros(CLASS_COUNT, dtype=np.int64)
    total = comb(pack, 7)
    done = 0
    block = np.empty((len(fives), 7), dtype=np.uint8)
    for high in range(6, pack):
        for second in range(5, high):
            n = comb(second, 5)
            rows = block[:n]
            rows[:, :5] = fives[:n]
            rows[:, 5] = second
            rows[:, 6] = high
            counts += np.bincount(rank_batch(rows), minlength=CLASS_COUNT)
            done += n
        if progress:
            progress(done, total)
    return _tally(counts, 7, time.perf_counter() - start)
