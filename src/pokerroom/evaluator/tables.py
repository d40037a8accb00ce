"""The lookup tables behind the fast evaluators, built once on first use.

A hand of n cards (n = 5, 6 or 7) is summarised by adding one key per card:

* the **rank part** adds a per-rank key chosen so that every multiset of n ranks (at most
  four of each) has its own sum (``tools/search_rank_keys.py`` finds the keys); a table
  indexed by that sum holds the value of the best hand those ranks make without a flush;
* the **suit part** tells whether five or more cards share a suit.  Only then (3% of
  seven-card hands) is the flush suit's 13-bit rank mask looked up in the flush table; a
  flush, when possible, always beats what the ranks alone make in at most seven cards.

Two layouts of the same idea serve the two evaluators:

* scalar (pure Python): ``key = (rank_key - centre) << 8 | suit_key`` keeps every sum a
  single-digit CPython int (|k| < 2**30), the fast path of CPython's int arithmetic;
  ``suit_flush[k & 255]`` says "flush" (and which suit); ``rank_value[k >> 8]`` is the
  value: a plain list, indexed by the centred rank sum, negative sums wrapping around
  (Python's own negative indexing), which beats a dict by a factor of three;
* batch (NumPy, ``uint64``): rank sum in the low 32 bits, one 4-bit counter per suit above;
  adding ``0x3333 << 32`` sets bit 3 of a counter exactly when it reached five.  Pairs of
  cards are looked up at once in a ``pair`` table indexed ``a | b << 8`` (two adjacent
  ``uint8`` card codes read as one little-endian ``uint16``).  The equity code and the
  wild-card evaluator add these keys;
* packed batch (``uint32``, what :func:`~pokerroom.evaluator.batch.rank_batch` adds): the
  rank sum in the low 24 bits, the scalar layout's suit sum in the top byte (every sum of
  n keys fits: ``_build`` checks it).  Half the bytes of the ``uint64`` layout for every
  lookup, sum and temporary; the top byte, read in place as a ``uint8`` view, indexes
  ``flush_flag`` (five or more of a suit) and ``flush_shift`` (13 × that suit), and a
  flush is finished from the hand's card mask (:func:`card_bits`).
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Final, TypeVar

import numpy as np
import numpy.typing as npt

from pokerroom.evaluator.classes import (
    STANDARD_CLASS_COUNT,
    Category,
    category_of,
    five_ranks,
    value_of,
)

__all__ = [
    "RANK_KEYS",
    "STRAIGHTS",
    "SUIT_KEYS",
    "SizeTables",
    "card_bits",
    "flush_table",
    "rank_multisets",
    "tables",
]

# Greedy rank keys, one set per hand size (see tools/search_rank_keys.py).
RANK_KEYS: Final[dict[int, tuple[int, ...]]] = {
    5: (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415),
    6: (0, 1, 5, 22, 98, 422, 1734, 5760, 14270, 37951, 90838, 206930, 436437),
    7: (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181),
}
# Suit keys whose n-card sums tell exactly whether, and in which suit, five or more cards
# share a suit (the smallest such sets, found by exhaustive search).
SUIT_KEYS: Final[dict[int, tuple[int, int, int, int]]] = {
    5: (0, 1, 6, 7),
    6: (0, 1, 15, 21),
    7: (0, 1, 25, 32),
}
SUIT_SHIFT: Final = 32  # batch layout: suit counters start at bit 32
FLUSH_OFFSET: Final = 0x3333 << SUIT_SHIFT
FLUSH_BITS: Final = 0x8888 << SUIT_SHIFT
LOW32: Final = 0xFFFFFFFF
_Key = TypeVar("_Key", np.uint32, np.uint64)
PACKED_SHIFT: Final = 24  # packed batch layout: the suit sum is the top byte
LOW24: Final = (1 << PACKED_SHIFT) - 1

# The ten straights as 13-bit rank masks, best first (ace high ... the wheel).
STRAIGHTS: Final = [(h, (0x1F << (h - 4)) if h >= 4 else 0x100F) for h in range(12, 2, -1)]


def _flush_value(mask: int) -> int:
    for high, window in STRAIGHTS:
        if mask & window == window:
            return value_of(Category.STRAIGHT_FLUSH, (high,))
    ranks = [r for r in range(12, -1, -1) if mask >> r & 1][:5]
    return value_of(Category.FLUSH, tuple(ranks))


@functools.cache
def flush_table() -> npt.NDArray[np.uint16]:
    """Value of the best flush or straight flush for each 13-bit mask of one suit's ranks
    (0 for masks of fewer than five ranks, which make no flush)."""
    table = np.zeros(1 << 13, dtype=np.uint16)
    for mask in range(1 << 13):
        if mask.bit_count() >= 5:
            table[mask] = _flush_value(mask)
    return table


@functools.cache
def flush_list() -> list[int]:
    return [int(v) for v in flush_table()]


def rank_multisets(n: int) -> npt.NDArray[np.int64]:
    """Every multiset of n ranks with at most four of each, as rows of 13 rank counts."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for _ in range(13):
        left = n - rows.sum(axis=1)
        rows = np.vstack([
            np.hstack([rows[left >= c], np.full((int((left >= c).sum()), 1), c)])
            for c in range(5)
        ])
    out: npt.NDArray[np.int64] = rows[rows.sum(axis=1) == n]
    return out


def _non_flush_values(n: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(rank counts, best non-flush value) of every multiset of n ranks.

    Five ranks: each non-flush hand class (high card, pairs, trips, straight, full house,
    quads) is exactly one multiset of five ranks, so the classes themselves are the table.
    n > 5 ranks are worth the best of their (n - 1)-rank sub-multisets, because the best
    five of n cards leave one out.
    """
    if n == 5:
        flushy = (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.FIVE_OF_A_KIND)
        values = [v for v in range(STANDARD_CLASS_COUNT) if category_of(v) not in flushy]
        counts = np.zeros((len(values), 13), dtype=np.int64)
        for row, v in enumerate(values):
            for r in five_ranks(v):
                counts[row, r] += 1
        return counts, np.array(values, dtype=np.int64)
    counts = rank_multisets(n)
    smaller = tables(n - 1)
    keys = np.array(RANK_KEYS[n - 1], dtype=np.int64)
    sums = counts @ keys
    best = np.zeros(len(counts), dtype=np.int64)
    for r in range(13):
        has = counts[:, r] > 0
        np.maximum(best, np.where(has, smaller.rank_array[np.where(has, sums - keys[r], 0)], 0),
                   out=best)
    return counts, best


@dataclass(frozen=True, slots=True)
class SizeTables:
    """Every table for hands of one size."""

    n: int
    # scalar layout
    keys: list[int]  # per card code 0..51
    suit_flush: list[int]  # by the low 8 bits of a key sum: 0, or 1 + the flush suit
    rank_value: tuple[int, ...]  # by the key sum >> 8 (the centred rank sum; negatives wrap)
    # batch layout
    rank_array: npt.NDArray[np.uint16]  # by the uncentred rank sum
    pair: npt.NDArray[np.uint64]  # by a | b << 8
    single: npt.NDArray[np.uint64]  # by a
    # packed batch layout
    pair_packed: npt.NDArray[np.uint32]  # by a | b << 8
    single_packed: npt.NDArray[np.uint32]  # by a
    flush_flag: npt.NDArray[np.bool_]  # by the suit sum (the top byte): a flush?
    flush_shift: npt.NDArray[np.uint64]  # by the suit sum: 13 * the flush suit


def _build(n: int) -> SizeTables:
    rk, sk = RANK_KEYS[n], SUIT_KEYS[n]
    max_sum = sum(sorted(itertools.chain.from_iterable([k] * 4 for k in rk), reverse=True)[:n])
    centre = max_sum // (2 * n)
    rank_array = np.zeros(max_sum + 1, dtype=np.uint16)
    counts, best = _non_flush_values(n)
    sums = counts @ np.array(rk, dtype=np.int64)
    vals = best.astype(np.uint16)
    if len(np.unique(sums)) != len(sums):
        raise AssertionError(f"rank keys for {n} cards collide")
    rank_array[sums] = vals
    shared = list(range(int(vals.max()) + 1))  # one int object per value, not per slot
    rank_value = [0] * (max_sum + 1)
    for pos, v in zip(((sums - n * centre) % (max_sum + 1)).tolist(), vals.tolist(), strict=True):
        rank_value[pos] = shared[v]
    flush_by_sum: dict[int, int] = {}
    for counts4 in itertools.product(range(n + 1), repeat=4):
        if sum(counts4) == n:
            s = sum(c * k for c, k in zip(counts4, sk, strict=True))
            suit = 1 + counts4.index(max(counts4)) if max(counts4) >= 5 else 0
            if flush_by_sum.setdefault(s, suit) != suit:
                raise AssertionError(f"suit keys for {n} cards do not separate flushes")
    suit_flush = [flush_by_sum.get(s, 0) for s in range(256)]
    keys = [((rk[c >> 2] - centre) << 8) + sk[c & 3] for c in range(52)]
    single = np.zeros(53, dtype=np.uint64)
    for c in range(52):
        single[c] = rk[c >> 2] + (1 << (SUIT_SHIFT + 4 * (c & 3)))
    pair = _pairs(single)
    single_packed, flush_flag, flush_shift = _packed(n, suit_flush)
    pair_packed = _pairs(single_packed)
    for arr in (rank_array, pair, single, pair_packed, single_packed, flush_flag, flush_shift):
        arr.setflags(write=False)
    # a tuple of ints, which the garbage collector stops tracking (a list of millions it
    # would walk through at every full collection of every process: about 60 ms)
    return SizeTables(n, keys, suit_flush, tuple(rank_value), rank_array, pair, single,
                      pair_packed, single_packed, flush_flag, flush_shift)


def _pairs(single: npt.NDArray[_Key]) -> npt.NDArray[_Key]:
    """The sum of two cards' keys for every ``a | b << 8`` (a, b card codes or the joker,
    which adds nothing)."""
    pair = np.zeros(53 | 52 << 8, dtype=single.dtype)
    idx = np.arange(53)
    pair[(idx[:, None] | idx[None, :] << 8).ravel()] = (single[:, None] + single[None, :]).ravel()
    return pair


def _packed(
    n: int, suit_flush: list[int]
) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.bool_], npt.NDArray[np.uint64]]:
    """The packed layout's card keys and its two tables by the suit sum."""
    rk, sk = RANK_KEYS[n], SUIT_KEYS[n]
    # n cards, even repeated ones (unchecked rows), never carry out of their field
    if n * max(rk) > LOW24 or n * max(sk) > 255:
        raise AssertionError(f"the keys of {n} cards do not fit the packed layout")
    single = np.zeros(53, dtype=np.uint32)
    for c in range(52):
        single[c] = rk[c >> 2] | sk[c & 3] << PACKED_SHIFT
    suit = np.array(suit_flush, dtype=np.uint64)
    flag = suit != 0
    shift = np.where(flag, np.uint64(13) * (suit - np.uint64(1)), np.uint64(0)).astype(np.uint64)
    return single, flag, shift


@functools.cache
def card_bits() -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
    """Each card's bit ``1 << (13 * suit + rank)`` by its code (the joker: none), and the
    two bits of every pair of cards by ``a | b << 8`` (distinct cards: their sum)."""
    single = np.zeros(53, dtype=np.uint64)
    for c in range(52):
        single[c] = 1 << (13 * (c & 3) + (c >> 2))
    pair = _pairs(single)
    for arr in (single, pair):
        arr.setflags(write=False)
    return single, pair


@functools.cache
def tables(n: int) -> SizeTables:
    """The tables for n-card hands (5, 6 or 7), built on first use (well under a second)."""
    if n not in RANK_KEYS:
        raise ValueError(f"no tables for {n}-card hands (5, 6 or 7)")
    return _build(n)
