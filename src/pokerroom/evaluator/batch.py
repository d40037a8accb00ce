"""The batch evaluator: an ``(N, 5|6|7)`` array of card codes to N hand values in one call.

Values order exactly like the scalar ones (they are the same numbers).  The work is done
in cache-sized chunks with a handful of NumPy calls each, on ``uint32`` keys (the packed
layout of :mod:`pokerroom.evaluator.tables`):

* two adjacent ``uint8`` card codes are read, without copying, as one ``uint16`` through
  a strided view, and looked up in the pair table (53 × 53 entries, in L1/L2): three
  lookups and a single one sum the keys of seven cards;
* the sum's top byte, read in place, flags the flushes (about 3% of seven-card hands):
  their cards are kept while the chunk is in the cache, and finished at the end from
  their card masks and the flush table; the low 24 bits index the rank table.

>>> import numpy as np
>>> from pokerroom.cards import parse_cards
>>> hands = np.array([parse_cards("As Ks Qs Js Ts 2c 3d"), parse_cards("2c 3d 4h 5s 7c 9d Jh")])
>>> rank_batch(hands).tolist()
[7461, 171]
"""

from __future__ import annotations

import sys
from typing import TypeGuard

import numpy as np
import numpy.typing as npt

from pokerroom.cards import JOKER, CardError, format_cards
from pokerroom.evaluator.tables import LOW24, PACKED_SHIFT, card_bits, flush_table, tables

__all__ = [
    "card_array",
    "check_distinct",
    "flush_values",
    "pair_view",
    "rank_batch",
    "rank_rows",
]

CHUNK = 1 << 14  # hands per chunk: the temporaries stay in the L2 cache
_LOW24 = np.uint32(LOW24)
# the packed key's top byte (the suit sum) within its four bytes
_TOP_BYTE = PACKED_SHIFT // 8 if sys.byteorder == "little" else 0


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
    if not check and _ready(cards):
        # the codes are checked a chunk at a time, as the chunk is valued: the input is
        # read once
        try:
            return rank_rows(cards, limit=JOKER - 1)
        except _CodeAboveError:
            pass  # card_array names the code
    arr, highest = card_array(cards)
    if highest >= JOKER:
        raise CardError("a hand with the joker needs a wild-card rule: use rank_wild_batch()")
    if check:
        check_distinct(arr)
    return rank_rows(arr)


class _CodeAboveError(Exception):
    """A card code above the limit given to :func:`rank_rows`."""


def _ready(cards: npt.ArrayLike) -> TypeGuard[npt.NDArray[np.uint8]]:
    """``cards`` is already what :func:`card_array` would make of it, but for its codes (a
    plain array: a subclass such as ``np.matrix`` slices its own way)."""
    return (type(cards) is np.ndarray and cards.dtype == np.uint8 and cards.ndim == 2
            and cards.shape[1] in (5, 6, 7) and cards.flags.c_contiguous)  # fmt: skip


def rank_rows(arr: npt.NDArray[np.uint8], limit: int | None = None) -> npt.NDArray[np.uint16]:
    """:func:`rank_batch` of a C-contiguous ``uint8`` array, unchecked (a joker counts as
    nothing: rows holding one get a meaningless value), or, given a ``limit``, raising
    ``_CodeAboveError`` at the first chunk holding a code above it."""
    n_hands, n = arr.shape
    out = np.empty(n_hands, dtype=np.uint16)
    if n_hands == 0:
        return out
    t = tables(n)
    views = [pair_view(arr, c) for c in range(0, n - 1, 2)]
    last = arr[:, n - 1] if n % 2 else None
    acc = np.empty(min(CHUNK, n_hands), dtype=np.uint32)
    tmp = np.empty_like(acc)
    flagged = np.empty(acc.shape, dtype=np.bool_)
    found = _Flushes()
    for start in range(0, n_hands, CHUNK):
        stop = min(start + CHUNK, n_hands)
        size = stop - start
        a, b, f = acc[:size], tmp[:size], flagged[:size]
        if limit is not None and arr[start:stop].max() > limit:
            raise _CodeAboveError
        t.pair_packed.take(views[0][start:stop], out=a, mode="clip")
        for v in views[1:]:
            t.pair_packed.take(v[start:stop], out=b, mode="clip")
            a += b
        if last is not None:
            t.single_packed.take(last[start:stop], out=b, mode="clip")
            a += b
        # the flushes first, while this chunk of the input is in the cache
        suits = a.view(np.uint8)[_TOP_BYTE::4]
        t.flush_flag.take(suits, out=f, mode="clip")
        hits = np.flatnonzero(f)
        if hits.size:
            found.add(arr[start:stop], suits, hits, start)
        np.bitwise_and(a, _LOW24, out=b)
        t.rank_array.take(b, out=out[start:stop], mode="clip")
    found.finish(t.flush_shift, out)
    return out


class _Flushes:
    """The hands a batch found to hold a flush (about 3% of seven-card hands), gathered a
    chunk at a time while that chunk of the input is in the cache, then valued together:
    the input is read once."""

    def __init__(self) -> None:
        self.rows: list[npt.NDArray[np.intp]] = []
        self.cards: list[npt.NDArray[np.uint8]] = []
        self.suits: list[npt.NDArray[np.uint8]] = []

    def add(
        self, chunk: npt.NDArray[np.uint8], suits: npt.NDArray[np.uint8],
        hits: npt.NDArray[np.intp], start: int,
    ) -> None:
        """Keep the rows ``hits`` of a chunk starting at row ``start``: their cards and
        their suit sums."""
        self.cards.append(chunk[hits])
        self.suits.append(suits[hits])
        hits += start
        self.rows.append(hits)

    def finish(self, flush_shift: npt.NDArray[np.uint64], out: npt.NDArray[np.uint16]) -> None:
        """Write the value of every flush kept into ``out``: a chunk of them at a time, so
        that their temporaries (eight bytes a hand) stay in the cache however many."""
        if not self.rows:
            return
        rows = np.concatenate(self.rows)
        cards = np.concatenate(self.cards)
        suits = np.concatenate(self.suits)
        single, pair = card_bits()
        flush = flush_table()
        n = cards.shape[1]
        for first in range(0, rows.size, CHUNK):
            part = cards[first : first + CHUNK]
            # the hand's 52-bit card mask, then the flush suit's 13 ranks
            masks = pair.take(pair_view(part, 0), mode="clip")
            for c in range(2, n - 1, 2):
                masks |= pair.take(pair_view(part, c), mode="clip")
            if n % 2:
                masks |= single.take(part[:, n - 1], mode="clip")
            masks >>= flush_shift.take(suits[first : first + CHUNK], mode="clip")
            masks &= _SUIT_MASK
            out[rows[first : first + CHUNK]] = flush.take(masks, mode="clip")


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
