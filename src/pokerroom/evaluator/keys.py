"""Many hole pairs on many boards at once, from the evaluator's key tables.

An n-card hand's key is the sum of its cards' keys (:mod:`pokerroom.evaluator.tables`):
a rank sum that indexes the rank table, and four suit counters that flag a flush, which
the card mask (bit ``13 * suit + rank``) then finishes.  Scoring hole pairs on boards
splits the sum in two: the boards' part, summed once per board, and the pairs' part
(:func:`hole_keys`), summed once per pair; :func:`hole_values` adds them, with NumPy's
broadcasting, and looks the hands up.  So one call scores

* one pair on every board, or each board with its own pair (equity: 1-D arrays);
* every pair on one board (the ``strong`` bot: the board's sums as scalars);
* every pair on every board (the solver's hand strength: boards as a column, pairs as a
  row).

>>> import numpy as np
>>> from pokerroom.cards import parse_cards
>>> from pokerroom.evaluator import rank
>>> board = parse_cards("As Ks Qs 2d 7c")
>>> rank_, suit, bit = card_keys()
>>> pairs = hole_keys(np.array(parse_cards("Js Ah")), np.array(parse_cards("Ts Ad")))
>>> got = hole_values(rank_[board].sum(), suit[board].sum(dtype=np.uint16),
...                   np.bitwise_or.reduce(bit[board]), pairs)
>>> got.tolist() == [rank(board + parse_cards("Js Ts")), rank(board + parse_cards("Ah Ad"))]
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.evaluator.batch import flush_values
from pokerroom.evaluator.tables import FLUSH_BITS, FLUSH_OFFSET, LOW32, SUIT_SHIFT, tables

__all__ = ["HoleKeys", "card_keys", "hole_keys", "hole_values"]

Int64s = npt.NDArray[np.int64]
U16s = npt.NDArray[np.uint16]
U64s = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.integer]
Codes = int | np.integer | Ints  # one card code or an array of them
Where = tuple[npt.NDArray[np.intp], ...]  # the positions np.nonzero gives

_SUIT_OFFSET: Final = np.uint16(FLUSH_OFFSET >> SUIT_SHIFT)
_SUIT_FLUSH: Final = np.uint16(FLUSH_BITS >> SUIT_SHIFT)


@functools.cache
def card_keys(n: int = 7) -> tuple[Int64s, U16s, U64s]:
    """Per card code 0..51, in the n-card tables (5, 6 or 7): the rank key, the
    suit-counter key, and the card's bit ``1 << (13 * suit + rank)``."""
    single = tables(n).single[:52]
    rank = (single & np.uint64(LOW32)).astype(np.int64)
    suit = (single >> np.uint64(SUIT_SHIFT)).astype(np.uint16)
    codes = np.arange(52, dtype=np.uint64)
    bit = np.left_shift(
        np.uint64(1), np.uint64(13) * (codes & np.uint64(3)) + (codes >> np.uint64(2))
    )
    for a in (rank, suit, bit):
        a.setflags(write=False)
    return rank, suit, bit


@dataclass(frozen=True, slots=True)
class HoleKeys:
    """Key sums and card masks of hole pairs: arrays, or scalars of dimension 0 (one pair
    for every board)."""

    rank: Int64s
    suit: U16s
    mask: U64s


def hole_keys(a: Codes, b: Codes, n: int = 7) -> HoleKeys:
    """The keys of the hole pairs ``(a[i], b[i])``, or of the one pair ``(a, b)`` when the
    two are card codes, in the n-card tables."""
    rank, suit, bit = card_keys(n)
    return HoleKeys(rank[a] + rank[b], suit[a] + suit[b], bit[a] | bit[b])


def hole_values(
    rank: Ints | np.integer,
    suit: U16s | np.unsignedinteger,
    masks: U64s | np.unsignedinteger | Callable[[Where], U64s],
    holes: HoleKeys,
    *,
    n: int = 7,
    scratch: Int64s | None = None,
) -> U16s:
    """The values of the ``holes`` on boards given by their key sums (``rank``, ``suit``,
    from :func:`card_keys`; n - 2 cards each) and card masks: ``masks`` as an array or
    scalar, or a function giving the masks at given positions (for boards whose masks are
    worth building only for the few flushes).  The boards' and the pairs' arrays broadcast
    together, and so does the result.  A pair sharing a card with its board gets a
    meaningless value.  ``scratch`` (int64, of the result's shape) saves an allocation."""
    index = np.add(rank, holes.rank, out=scratch, dtype=np.int64)
    out: U16s = tables(n).rank_array.take(index, mode="clip")
    counters = suit + (holes.suit + _SUIT_OFFSET)  # offset the pairs, not the boards
    counters &= _SUIT_FLUSH
    # the flushes (about 3% of seven-card hands) are finished from the card masks
    flushed = counters != 0  # (NumPy finds the true entries of booleans fastest)
    where = (np.flatnonzero(flushed),) if flushed.ndim == 1 else np.nonzero(flushed)
    if where[0].size:
        board = masks(where) if callable(masks) else _at(masks, where, out.shape)
        out[where] = flush_values(board | _at(holes.mask, where, out.shape))
    return out


def _at(values: U64s | np.unsignedinteger, where: Where, shape: tuple[int, ...]) -> U64s:
    """``values`` broadcast to ``shape``, at ``where`` (a scalar stays one)."""
    if values.ndim == 0:
        return values  # type: ignore[return-value]
    if values.shape == shape:
        return values[where]  # type: ignore[index]
    picked: U64s = np.broadcast_to(values, shape)[where]
    return picked
