"""Hand strength on complete boards, for every hole pair at once, exactly.

The strength of hole cards ``h`` on a five-card board is counted against every hand an
opponent can hold (the 990 pairs of the 45 cards neither on the board nor in ``h``):
``2 × wins + ties``, from 0 to 1,980.  Divided by 1,980 it is the probability of
beating a random hand, ties counting half (the "hand strength" of the abstraction
literature).

:func:`river_strengths` does many boards and all 1,326 hole pairs in a few NumPy passes:
the value of every pair on every board from the evaluator's key tables
(:func:`~pokerroom.evaluator.keys.hole_values`), then the hands
each one beats by counting, per board, the values below it (a histogram of the 7,462
values), less those of the pairs that share a card with it (per card, a sorted row of
the 51 pairs holding it).  No pair is compared with another one by one.

>>> import numpy as np
>>> from pokerroom.cards import parse_cards
>>> from pokerroom.ranges import combo_index
>>> s = river_strengths(np.array([parse_cards("As Ks Qs 2d 7c")]))
>>> int(s[0, combo_index(*parse_cards("Js Ts"))])  # the royal flush beats all 990 hands
1980
>>> int(s[0, combo_index(*parse_cards("Ah Ad"))]), int(s[0, combo_index(*parse_cards("As 3c"))])
(1860, -1)
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt

from pokerroom.evaluator.keys import HoleKeys, card_keys, hole_keys, hole_values
from pokerroom.ranges import COMBO_COUNT, combo_cards

__all__ = ["OPPONENTS", "TOP", "combos", "hand_strengths", "pair_values", "river_strengths"]

OPPONENTS = 990  # hands an opponent can hold on the river: C(45, 2)
TOP = 2 * OPPONENTS  # the strength of a hand that beats them all
_DEAD = 8191  # above every hand value (0 .. 7461)

I32s = npt.NDArray[np.int32]
Ints = npt.NDArray[np.integer]


@functools.cache
def combos() -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The two card codes of every combination index (higher first), as a (1326, 2)
    array, and the combination index of every ordered pair of codes as a (52, 52) array
    (-1 on the diagonal)."""
    cards = np.array([combo_cards(i) for i in range(COMBO_COUNT)], dtype=np.intp)
    index = np.full((52, 52), -1, dtype=np.intp)
    index[cards[:, 0], cards[:, 1]] = np.arange(COMBO_COUNT)
    index[cards[:, 1], cards[:, 0]] = np.arange(COMBO_COUNT)
    for a in (cards, index):
        a.setflags(write=False)
    return cards, index


def pair_values(boards: Ints) -> npt.NDArray[np.int32]:
    """(N, 1326) values of every hole pair (combination index order) on every five-card
    board of ``boards`` (N, 5) (pairs that share a card with the board get a meaningless
    value)."""
    rank, suit, bit = card_keys()
    values = hole_values(
        rank[boards].sum(axis=1)[:, None],
        suit[boards].sum(axis=1, dtype=np.uint16)[:, None],
        np.bitwise_or.reduce(bit[boards], axis=1)[:, None],
        _pair_keys(),
    )
    out: npt.NDArray[np.int32] = values.astype(np.int32)
    return out


@functools.cache
def _pair_keys() -> HoleKeys:
    """The keys of the 1,326 hole pairs, in combination index order."""
    pairs, _ = combos()
    return hole_keys(pairs[:, 0], pairs[:, 1])


def river_strengths(boards: Ints) -> I32s:
    """``2 × wins + ties`` against the 990 possible opponent hands, for each of the 1,326
    hole pairs (combination index order) on each board of ``boards`` (N, 5); -1 for the
    pairs that share a card with the board."""
    boards = np.asarray(boards, dtype=np.intp)
    nb = boards.shape[0]
    pairs, index = combos()
    values = pair_values(boards)
    dead = np.zeros((nb, 52), dtype=np.bool_)
    np.put_along_axis(dead, boards, True, axis=1)
    dead_pair = dead[:, pairs[:, 0]] | dead[:, pairs[:, 1]]
    values[dead_pair] = _DEAD
    # Hands below and equal, over all live pairs of a board, then among the pairs
    # holding one given card (the row of that card in a 52 x 52 table of pair values).
    less, equal = _counts_within_rows(values)
    table = values[:, index]  # (nb, 52, 52): the value of the pair (a, x)
    table[:, np.arange(52), np.arange(52)] = _DEAD
    lo, same = _counts_within_rows(table.reshape(nb * 52, 52))
    lo = lo.reshape(nb, 52, 52)
    same = same.reshape(nb, 52, 52)
    a, b = pairs[:, 0], pairs[:, 1]
    less_a, less_b = lo[:, a, b], lo[:, b, a]
    equal_a, equal_b = same[:, a, b], same[:, b, a]
    wins = less - less_a - less_b
    ties = equal - equal_a - equal_b + 1
    out = (2 * wins + ties).astype(np.int32)
    out[dead_pair] = -1
    return out


def _counts_within_rows(values: npt.NDArray[np.int32]) -> tuple[I32s, I32s]:
    """For each entry of each row of ``values`` (below 8192), how many entries of its row
    are smaller, and how many equal (itself included): one sort of packed keys."""
    rows, n = values.shape
    shift = int(n - 1).bit_length()
    keys = (
        (np.arange(rows, dtype=np.int64)[:, None] << (13 + shift))
        | (values.astype(np.int64) << shift)
        | np.arange(n, dtype=np.int64)[None, :]
    )
    ordered = np.sort(keys.ravel())
    group = ordered >> shift  # row and value
    size = ordered.size
    position = np.arange(size, dtype=np.int64)
    first = np.empty(size, dtype=np.bool_)
    first[0] = True
    np.not_equal(group[1:], group[:-1], out=first[1:])
    start = np.maximum.accumulate(np.where(first, position, 0))
    last = np.empty(size, dtype=np.bool_)
    last[-1] = True
    last[:-1] = first[1:]
    stop = np.minimum.accumulate(np.where(last, position + 1, size)[::-1])[::-1]
    row = ordered >> (13 + shift)
    col = ordered & ((1 << shift) - 1)
    flat = row * n + col
    less = np.empty(size, dtype=np.int32)
    equal = np.empty(size, dtype=np.int32)
    less[flat] = start - row * n
    equal[flat] = stop - start
    return less.reshape(rows, n), equal.reshape(rows, n)


def hand_strengths(combo: int, boards: Ints) -> npt.NDArray[np.int64]:
    """:func:`river_strengths` of one hole pair (a combination index) on each of
    ``boards`` (none may hold its cards): what a player asks in play, at a fraction of
    the cost of all 1,326 pairs."""
    boards = np.asarray(boards, dtype=np.intp)
    pairs, _ = combos()
    values = pair_values(boards)
    mine = values[:, combo]
    dead = np.zeros((len(boards), 52), dtype=np.bool_)
    np.put_along_axis(dead, boards, True, axis=1)
    dead[:, pairs[combo]] = True
    live = ~(dead[:, pairs[:, 0]] | dead[:, pairs[:, 1]])
    wins = ((values < mine[:, None]) & live).sum(axis=1)
    ties = ((values == mine[:, None]) & live).sum(axis=1)
    out: npt.NDArray[np.int64] = (2 * wins + ties).astype(np.int64)
    return out
