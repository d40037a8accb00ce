"""The tables behind fast wild-card evaluation, built on first use (a few milliseconds each).

A hand with wild cards is valued as the better of two independent parts
(``rules.md`` §1, with the decisions written in :mod:`pokerroom.evaluator.reference`):

* the **rank part** depends only on the multiset of the natural cards' ranks, the number
  ``w`` of fully wild cards and whether the bug ``b`` is present: the best hand that is
  not a flush (five of a kind down to high card).  It is defined by the substitutions
  themselves: a fully wild card is worth the best of the 13 ranks it may take (taking a
  fifth card of a rank makes five of a kind), and the bug the better of an ace and of the
  best straight it completes.  :func:`rank_part` applies that recursion once per multiset,
  level by level, with NumPy;
* the **flush part** depends only on one suit's 13-bit rank mask and the number ``j`` of
  wild cards (the bug included, since it completes flushes): the best straight flush, or
  else the best flush, where each wild card takes a rank the suit lacks (a flush has five
  different ranks).  :func:`flush_part` is one table of 8,192 entries per ``j``.

Why the better of the two parts is exact: a five-card hand that is a flush is counted by
the flush part; any other hand's value depends on its ranks alone and is counted by the
rank part; and neither part counts a value the cards cannot make (a hand counted as a
straight or high card that happens to be suited is only worth more).
"""

from __future__ import annotations

import functools
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.evaluator.classes import Category, value_of
from pokerroom.evaluator.tables import RANK_KEYS, STRAIGHTS, flush_table, rank_multisets, tables

__all__ = [
    "FIVE_OF_A_KIND",
    "POWERS",
    "dense_keys",
    "flush_part",
    "flush_part_list",
    "level",
    "rank_part",
    "rank_part_by_code",
    "rank_part_dense",
    "straight_part",
]

FIVE_OF_A_KIND: Final = tuple(value_of(Category.FIVE_OF_A_KIND, (r,)) for r in range(13))
# A multiset of ranks is identified by its rank counts read in base 5 (at most four natural
# cards of a rank): ``sum(POWERS[rank] for each card)``, below 5**13 < 2**31.
POWERS: Final = tuple(5**r for r in range(13))
_POWERS = np.array(POWERS, dtype=np.int64)
_MAX_CARDS: Final = 7


_BIT_COUNTS = np.array([v.bit_count() for v in range(1 << 13)], dtype=np.int64)


def _popcount(x: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    return _BIT_COUNTS[x]


@functools.cache
def straight_part(j: int) -> npt.NDArray[np.int64]:
    """Value of the best straight made by the ranks of a 13-bit mask and ``j`` wild cards
    (each taking a missing rank of the straight), by mask; 0 where there is none."""
    masks = np.arange(1 << 13, dtype=np.int64)
    out = np.zeros(1 << 13, dtype=np.int64)
    for high, window in reversed(STRAIGHTS):  # low to high: the best one wins
        ok = _popcount(masks & window) + j >= 5
        out[ok] = value_of(Category.STRAIGHT, (high,))
    return out


@functools.cache
def flush_part(j: int) -> npt.NDArray[np.uint16]:
    """Value of the best straight flush or flush made by one suit's natural ranks (a 13-bit
    mask) and ``j`` wild cards, by mask; 0 where the suit cannot make one.

    >>> from pokerroom.evaluator.classes import describe
    >>> describe(int(flush_part(1)[0b1111000000000]))  # A K Q J of a suit + a wild card
    'royal flush'
    >>> describe(int(flush_part(2)[0b1000100100001]))  # A T 7 2 of a suit + two wild cards
    'flush, ace high'
    """
    if not 0 <= j <= _MAX_CARDS:
        raise ValueError(f"a hand has at most {_MAX_CARDS} wild cards, not {j}")
    masks = np.arange(1 << 13, dtype=np.int64)
    # the flush: walk down from the ace, keeping a rank the suit has or giving it a wild card
    chosen = np.zeros_like(masks)
    taken = np.zeros_like(masks)
    wilds = np.full_like(masks, j)
    for r in range(12, -1, -1):
        has = (masks >> r) & 1 == 1
        take = (taken < 5) & (has | (wilds > 0))
        wilds -= take & ~has
        taken += take
        chosen |= np.where(take, 1 << r, 0)
    table = flush_table().astype(np.int64)
    flush = np.where(taken == 5, table[chosen], 0)
    straight = straight_part(j)
    sf = np.where(straight > 0, straight - value_of(Category.STRAIGHT, (3,))
                  + value_of(Category.STRAIGHT_FLUSH, (3,)), 0)
    out = np.maximum(flush, sf).astype(np.uint16)
    out.setflags(write=False)
    return out


@functools.cache
def flush_part_list(j: int) -> list[int]:
    """:func:`flush_part` as a list, for the scalar evaluator."""
    return [int(v) for v in flush_part(j)]


@functools.cache
def level(m: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every multiset of m natural ranks: (rank counts, base-5 codes), sorted by code."""
    counts = rank_multisets(m)
    codes = counts @ _POWERS
    order = np.argsort(codes)
    return counts[order], codes[order]


def _child(m: int, r: int, values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """For each multiset of level m: the value, at level m + 1, of it with one more rank r
    (five of a kind when it already holds four)."""
    counts, codes = level(m)
    _, child_codes = level(m + 1)
    full = counts[:, r] == 4
    idx = np.searchsorted(child_codes, codes + POWERS[r])
    idx = np.minimum(idx, len(child_codes) - 1)
    out: npt.NDArray[np.int64] = np.where(full, FIVE_OF_A_KIND[r], values[idx])
    return out


@functools.cache
def rank_part(m: int, w: int, b: int) -> npt.NDArray[np.int64]:
    """Best value that is not a flush, for each multiset of ``level(m)`` with ``w`` fully
    wild cards and ``b`` (0 or 1) bugs: the best five of the m + w + b cards (5 to 7)."""
    n = m + w + b
    if not (5 <= n <= _MAX_CARDS and m >= 0 and w >= 0 and b in (0, 1)):
        raise ValueError(f"no rank part for {m} natural cards, {w} wild cards and {b} bugs")
    counts, _ = level(m)
    if w == 0 and b == 0:
        natural: npt.NDArray[np.int64] = tables(m).rank_array[counts @ np.array(RANK_KEYS[m])]
        return natural.astype(np.int64)
    if w > 0:  # a fully wild card: the best of the 13 ranks it can take
        child = rank_part(m + 1, w - 1, b)
        best = _child(m, 0, child)
        for r in range(1, 13):
            np.maximum(best, _child(m, r, child), out=best)
        return best
    # the bug: an ace, or any card completing a straight
    ace = _child(m, 12, rank_part(m + 1, 0, 0))
    presence = (counts > 0) @ (1 << np.arange(13, dtype=np.int64))
    return np.maximum(ace, straight_part(1)[presence])


def dense_keys(m: int) -> tuple[int, ...]:
    """Rank keys whose sums tell multisets of m <= 6 ranks apart (see
    :data:`~pokerroom.evaluator.tables.RANK_KEYS`)."""
    return RANK_KEYS[max(m, 5)]


@functools.cache
def rank_part_dense(m: int, w: int, b: int) -> npt.NDArray[np.uint16]:
    """:func:`rank_part` indexed by the sum of :func:`dense_keys` ``(m)`` (batch layout)."""
    counts, _ = level(m)
    keys = np.array(dense_keys(m), dtype=np.int64)
    sums = counts @ keys
    out = np.zeros(int(sums.max()) + 1, dtype=np.uint16)
    out[sums] = rank_part(m, w, b)
    out.setflags(write=False)
    return out


@functools.cache
def rank_part_by_code(w: int, b: int) -> dict[int, int]:
    """:func:`rank_part` for every hand size, keyed by the base-5 code of the natural ranks
    (scalar layout; the code also tells how many natural cards there are)."""
    out: dict[int, int] = {}
    for n in range(5, _MAX_CARDS + 1):
        m = n - w - b
        if m >= 0:
            _, codes = level(m)
            out.update(zip(codes.tolist(), rank_part(m, w, b).tolist(), strict=True))
    return out
