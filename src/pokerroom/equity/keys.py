"""Seven-card values for many boards at once, from the evaluator's key tables.

A seven-card hand's key is the sum of its cards' keys (:mod:`pokerroom.evaluator.tables`):
a rank sum that indexes the rank table, and four suit counters that flag a flush.  Equity
asks for the same boards against several hole pairs, so the work splits in two:

* a :class:`Boards` holds, for every board, the key sum of its five cards, as the rank sum
  and the suit counters, and the way to its 52-bit card mask (bit ``13 * suit + rank``),
  needed only to finish the few flushes;
* :func:`values` adds the hole pairs' keys (:func:`hole_keys`: one pair for every board, or
  each board its own) and looks up, in a handful of NumPy passes over the boards, through
  the evaluator's :func:`~pokerroom.evaluator.keys.hole_values`.

:func:`boards_from` builds every board of k cards from a set of live cards in
colexicographic order without materialising the cards: the boards whose highest card is
the t-th live card are the (k-1)-card boards of the t lower live cards plus that card's
key.  :func:`boards_of` sums the keys of given (sampled) boards, one uint64 per card as in
the batch evaluator, and reads the rank sum and suit counters through views of the sum.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import comb

import numpy as np
import numpy.typing as npt

from pokerroom.evaluator.keys import HoleKeys, card_keys, hole_keys, hole_values
from pokerroom.evaluator.tables import SUIT_SHIFT, tables

__all__ = ["Boards", "HoleKeys", "boards_from", "boards_of", "card_keys", "hole_keys",
           "values"]

Int64s = npt.NDArray[np.int64]
U16s = npt.NDArray[np.uint16]
U64s = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.integer]


@dataclass(frozen=True, slots=True)
class Boards:
    """Key sums of many boards: ``rank`` sums and ``suit`` counters (arrays or views), and
    either every board's card ``mask`` or its ``cards`` (k, M) as indices into ``bits``
    (the card masks of a deck) beside the mask of the cards all boards share (``base``)."""

    rank: Ints
    suit: U16s
    mask: U64s | None = None
    cards: Ints | None = None
    bits: U64s | None = None
    base: int = 0

    def __len__(self) -> int:
        return len(self.rank)

    def masks(self, rows: npt.NDArray[np.intp]) -> U64s:
        """The card masks of the boards at ``rows``."""
        if self.mask is not None:
            return self.mask[rows]
        out = np.full(len(rows), self.base, dtype=np.uint64)
        if self.cards is not None and self.bits is not None:
            for row in self.cards:
                out |= self.bits.take(row[rows])
        return out


def _fixed(fixed: npt.ArrayLike) -> tuple[int, int, int]:
    rank, suit, bit = card_keys()
    codes = np.asarray(fixed, dtype=np.intp)
    return (int(rank[codes].sum()), int(suit[codes].sum()),
            int(np.bitwise_or.reduce(bit[codes], initial=np.uint64(0))))


def boards_from(live: npt.NDArray[np.intp], k: int, fixed: npt.ArrayLike = ()) -> Boards:
    """Every k-card subset of the ``live`` card codes (colexicographic order), each with
    the ``fixed`` cards added."""
    rank, suit, bit = card_keys()
    base_r, base_s, base_m = _fixed(fixed)
    r_cur = np.array([base_r], dtype=np.int64)
    s_cur = np.array([base_s], dtype=np.uint16)
    m_cur = np.array([base_m], dtype=np.uint64)
    lr, ls, lm = rank[live], suit[live], bit[live]
    n = len(live)
    for j in range(1, k + 1):
        total = comb(n, j)
        r_new = np.empty(total, dtype=np.int64)
        s_new = np.empty(total, dtype=np.uint16)
        m_new = np.empty(total, dtype=np.uint64)
        off = 0
        for top in range(j - 1, n):
            size = comb(top, j - 1)
            end = off + size
            np.add(r_cur[:size], lr[top], out=r_new[off:end])
            np.add(s_cur[:size], ls[top], out=s_new[off:end])
            np.bitwise_or(m_cur[:size], lm[top], out=m_new[off:end])
            off = end
        r_cur, s_cur, m_cur = r_new, s_new, m_new
    return Boards(r_cur, s_cur, mask=m_cur)


def boards_of(
    cards: Ints, fixed: npt.ArrayLike = (), deck: npt.NDArray[np.intp] | None = None
) -> Boards:
    """Key sums of given boards: ``cards`` is (k, M), row i holding the i-th card of every
    board, as card codes or (with ``deck``) as indices into ``deck``; every board also
    holds the ``fixed`` cards."""
    single = tables(7).single[:52]
    bits = card_keys()[2]
    if deck is not None:
        single, bits = single[deck], bits[deck]
    base_r, base_s, base_m = _fixed(fixed)
    total = np.full(cards.shape[1], base_r + (base_s << SUIT_SHIFT), dtype=np.uint64)
    for row in cards:
        total += single.take(row)
    halves = total.view(np.uint32)  # little-endian: rank sum, then the suit counters
    quarters = total.view(np.uint16)
    return Boards(halves[0::2], quarters[2::4], cards=cards, bits=bits, base=base_m)


def values(boards: Boards, holes: HoleKeys, scratch: Int64s | None = None) -> U16s:
    """Values of one hole pair on every board, or of each board with its own pair (``holes``
    as long as ``boards``); ``scratch`` (int64, as long as ``boards``) saves an allocation.
    (:func:`pokerroom.evaluator.keys.hole_values` over the boards' key sums.)"""
    masks = boards.mask if boards.mask is not None else _masks_of(boards)
    return hole_values(boards.rank, boards.suit, masks, holes, scratch=scratch)


def _masks_of(boards: Boards) -> Callable[[tuple[npt.NDArray[np.intp], ...]], U64s]:
    return lambda where: boards.masks(where[0])


def live_positions(live: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """Card code -> its index in ``live`` (-1 for cards not live)."""
    pos = np.full(52, -1, dtype=np.intp)
    pos[live] = np.arange(len(live))
    return pos
