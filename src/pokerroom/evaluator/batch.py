"""The batch evaluator: an ``(N, 5|6|7)`` array of card codes to N hand values in one call.

Values order exactly like the scalar ones (they are the same numbers).  The work is done
in cache-sized chunks with a handful of NumPy calls each:

* two adjacent ``uint8`` card codes are read, without copying, as one ``uint16`` through
  a strided view, and looked up in the pair table (53 × 53 entries, in L2): three lookups
  and a single one sum the keys of seven cards;
* the low 32 bits of the sum index the rank table; the suit counters above flag flushes,
  which (about 3% of seven-card hands) are finished from the flush table.

>>> import numpy as np
>>> from pokerroom.cards import parse_cards
>>> hands = np.array([parse_cards("As Ks Qs Js Ts 2c 3d"), parse_cards("2c 3d 4h 5s 7c 9d Jh")])
>>> rank_batch(hands).tolist()
[7461, 171]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerroom.cards import JOKER, CardError, format_cards
from pokerroom.evaluator.tables import FLUSH_BITS, FLUSH_OFFSET, flush_table, tables

__all__ = [
    "card_array",
    "check_distinct",
    "flush_values",
    "pair_view",
    "rank_batch",
    "rank_rows",
]

CHUNK = 1 << 14  # hands per chunk: the temporaries stay in the L2 cache
_HIGH_OFFSET = np.uint32(FLUSH_OFFSET >> 32)
_HIGH_BITS = np.uint32(FLUSH_BITS >> 32)


def _expected(sizes: tuple[int, ...], what: str) -> str:
    return f"expected an (N, {'|'.join(map(str, sizes))}) array of {what}"


def card_array(
    cards: npt.ArrayLike, sizes: tuple[int, ...] = (5, 6, 7), what: str = "card codes"
) -> tuple[npt.NDArray[np.uint8], int]:
    """``cards`` as a C-contiguous ``uint8`` array of shape (N, n), n one of ``sizes``,
    checked, and the highest code in it (-1 when it is empty).

    Raises :class:`~pokerroom.cards.CardError` for a wrong shape, codes that are not
    integers, or a code out of range (0-51, and 52 for the joker).
    """
    try:
        arr = np.asarray(cards)
    except ValueError:  # ragged rows
        raise CardError(f"{_expected(sizes, what)}; rows differ") from None
    if arr.ndim != 2 or arr.shape[1] not in sizes:
        raise CardError(f"{_expected(sizes, what)}, got shape {arr.shape}")
    if arr.size == 0:
        return np.zeros(arr.shape, dtype=np.uint8), -1
    if not np.issubdtype(arr.dtype, np.integer):
        raise CardError(f"card codes must be integers, not {arr.dtype}")
    lo, hi = (0, int(arr.max())) if arr.dtype == np.uint8 else (int(arr.min()), int(arr.max()))
    if lo < 0 or hi > JOKER:
        bad = lo if lo < 0 else hi
        raise CardError(f"not a card code: {bad} (codes are 0-51, 52 for the joker)")
    return np.ascontiguousarray(arr, dtype=np.uint8), hi


def pair_view(arr: npt.NDArray[np.uint8], col: int) -> npt.NDArray[np.uint16]:
    """Columns ``col`` and ``col + 1`` read as one little-endian uint16 per row (no copy)."""
    return np.ndarray(
        shape=(arr.shape[0],),
        dtype="<u2",
        buffer=arr,
        offset=col,
        strides=(arr.strides[0],),
    )


def check_distinct(arr: npt.NDArray[np.uint8]) -> None:
    """Raise :class:`~pokerroom.cards.CardError` naming the first row that repeats a card."""
    ordered = np.sort(arr, axis=1)
    bad = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
    if bad.size:
        row = int(bad[0])
        raise CardError(f"duplicate cards in row {row}: {format_cards(arr[row].tolist())!r}")


def rank_batch(cards: npt.ArrayLike, *, check: bool = False) -> npt.NDArray[np.uint16]:
    """Values of N hands of 5, 6 or 7 distinct standard cards each.

    ``cards`` is an (N, n) integer array of card codes (``uint8`` is fastest).  The shape
    and the codes are always checked; repeated cards within a row only with ``check=True``
    (otherwise they are not looked for, and such a row gets a meaningless value).  The joker
    raises: wild hands go through :func:`pokerroom.evaluator.wild.rank_wild_batch`.
    """
    arr, highest = card_array(cards)
    if highest >= JOKER:
        raise CardError("a hand with the joker needs a wild-card rule: use rank_wild_batch()")
    if check:
        check_distinct(arr)
    return rank_rows(arr)


def rank_rows(arr: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]:
    """:func:`rank_batch` of a C-contiguous ``uint8`` array, unchecked (a joker counts as
    nothing: rows holding one get a meaningless value)."""
    n_hands, n = arr.shape
    out = np.empty(n_hands, dtype=np.uint16)
    if n_hands == 0:
        return out
    t = tables(n)
    pair, single, rank_array = t.pair, t.single, t.rank_array
    views = [pair_view(arr, c) for c in range(0, n - 1, 2)]
    last = arr[:, n - 1] if n % 2 else None
    acc = np.empty(min(CHUNK, n_hands), dtype=np.uint64)
    tmp = np.empty_like(acc)
    high = np.empty(acc.shape, dtype=np.uint32)
    flushed = np.empty(n_hands, dtype=np.bool_)
    for start in range(0, n_hands, CHUNK):
        stop = min(start + CHUNK, n_hands)
        size = stop - start
        a, b, h = acc[:size], tmp[:size], high[:size]
        pair.take(views[0][start:stop], out=a, mode="clip")
        for v in views[1:]:
            pair.take(v[start:stop], out=b, mode="clip")
            a += b
        if last is not None:
            single.take(last[start:stop], out=b, mode="clip")
            a += b
        halves = a.view(np.uint32)  # little-endian: [low, high, low, high, ...]
        rank_array.take(halves[0::2], out=out[start:stop], mode="clip")
        np.add(halves[1::2], _HIGH_OFFSET, out=h)
        h &= _HIGH_BITS
        np.not_equal(h, 0, out=flushed[start:stop])
    flush_rows = np.flatnonzero(flushed)
    # a chunk of the flushes at a time, so that their temporaries (eight bytes a card,
    # several of them) stay in the cache however large the batch
    for first in range(0, flush_rows.size, CHUNK):
        rows = flush_rows[first : first + CHUNK]
        # one 52-bit mask per hand: bit 13 * suit + rank
        flushes = arr[rows]
        pos = (flushes & 3).astype(np.uint64) * np.uint64(13) + (flushes >> 2)
        out[rows] = flush_values(np.bitwise_or.reduce(np.left_shift(np.uint64(1), pos), axis=1))
    return out


_SUIT_MASK = np.uint64(0x1FFF)


def flush_values(masks: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint16]:
    """The best flush of each 52-bit card mask (bit ``13 * suit + rank``) known to hold five
    or more cards of one suit."""
    flush = flush_table()
    best: npt.NDArray[np.uint16] = flush.take((masks & _SUIT_MASK).astype(np.intp))
    for s in range(1, 4):
        suit = (masks >> np.uint64(13 * s)) & _SUIT_MASK
        np.maximum(best, flush.take(suit.astype(np.intp)), out=best)
    return best
