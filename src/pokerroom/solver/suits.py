"""Suit isomorphism: boards that differ only by a renaming of the suits are one board.

Every question the card abstraction asks (how strong is this hand on this board?) has
the same answer after the four suits are permuted, hole cards and board alike.  So
tables are kept for one *canonical* board per class: the board whose sorted card codes,
packed six bits a card, are smallest among its 24 suit permutations.  There are 1,755
canonical flops for 22,100 flops, 16,432 turn boards (four cards) for 270,725, and
134,459 river boards for 2,598,960.

>>> from pokerroom.cards import parse_cards, format_cards
>>> keys, perms = canonical(np.array([parse_cards("Ah Kh 2c"), parse_cards("As Ks 2d")]))
>>> bool(keys[0] == keys[1]), format_cards(unpack(int(keys[0]), 3))
(True, '2c Kd Ad')
"""

from __future__ import annotations

import functools
from itertools import combinations, permutations

import numpy as np
import numpy.typing as npt

from pokerroom.solver.strength import combos

__all__ = ["boards", "canonical", "card_maps", "combo_maps", "unpack"]

I64s = npt.NDArray[np.int64]
Ints = npt.NDArray[np.intp]


@functools.cache
def card_maps() -> Ints:
    """(24, 52): card code -> its image under each suit permutation (identity first)."""
    out = np.empty((24, 52), dtype=np.intp)
    codes = np.arange(52)
    for i, perm in enumerate(permutations(range(4))):
        out[i] = (codes & ~3) | np.array(perm)[codes & 3]
    out.setflags(write=False)
    return out


@functools.cache
def combo_maps() -> Ints:
    """(24, 1326): combination index -> its image under each suit permutation."""
    pairs, index = combos()
    maps = card_maps()
    out = index[maps[:, pairs[:, 0]], maps[:, pairs[:, 1]]]
    out.setflags(write=False)
    return out


def canonical(cards: npt.ArrayLike) -> tuple[I64s, Ints]:
    """For (N, k) boards: the packed canonical board of each, and the index of a suit
    permutation that maps the board onto it (apply it to the hole cards too)."""
    arr = np.asarray(cards, dtype=np.intp)
    k = arr.shape[1]
    mapped = np.sort(card_maps()[:, arr], axis=2)  # (24, N, k)
    weights = np.array([1 << (6 * (k - 1 - j)) for j in range(k)], dtype=np.int64)
    keys = mapped @ weights  # (24, N)
    best = np.argmin(keys, axis=0)
    return keys[best, np.arange(arr.shape[0])], best


def unpack(key: int, k: int) -> list[int]:
    """The card codes of a packed board, lowest first."""
    return [(key >> (6 * (k - 1 - j))) & 63 for j in range(k)]


@functools.cache
def boards(k: int) -> tuple[I64s, I64s]:
    """The canonical boards of k cards (3, 4 or 5), sorted, and how many boards each one
    stands for."""
    if k == 3:
        raw = np.array(list(combinations(range(52), 3)), dtype=np.intp)
    else:
        smaller, _ = boards(k - 1)
        cards = np.array([unpack(int(key), k - 1) for key in smaller], dtype=np.intp)
        extra = np.arange(52)
        raw = np.concatenate(
            [np.column_stack([np.repeat(cards[i : i + 1], 52, axis=0), extra])
             for i in range(len(cards))]
        )  # fmt: skip
        raw = raw[(raw[:, :-1] != raw[:, -1:]).all(axis=1)]
    keys = np.unique(_canonical_chunked(raw))
    counts = _orbit_sizes(keys, k)
    for a in (keys, counts):
        a.setflags(write=False)
    return keys, counts


def _canonical_chunked(raw: Ints, chunk: int = 200_000) -> I64s:
    return np.concatenate([canonical(raw[i : i + chunk])[0] for i in range(0, len(raw), chunk)])


def _orbit_sizes(keys: I64s, k: int) -> I64s:
    """How many distinct boards each canonical board's suit permutations give."""
    cards = np.array([unpack(int(key), k) for key in keys], dtype=np.intp)
    mapped = np.sort(card_maps()[:, cards], axis=2)  # (24, N, k)
    weights = np.array([1 << (6 * (k - 1 - j)) for j in range(k)], dtype=np.int64)
    images = np.sort(mapped @ weights, axis=0)
    distinct: I64s = (1 + (images[1:] != images[:-1]).sum(axis=0)).astype(np.int64)
    return distinct
