"""Batch evaluation of wild-card hands: an ``(N, 5|6|7)`` array under a wild-card rule.

The same two parts as the scalar :func:`~pokerroom.evaluator.wild.rank_wild` (see
:mod:`pokerroom.evaluator.wildtables`), computed for every row at once, with no grouping:

* one ``uint64`` per card packs the rank keys of the natural cards for both key sets the
  rank-part tables use (bits 0–21 and 22–40) and a wild-card count (bits 41–44: two per
  fully wild card, one for the bug); summing them over a row (a pair of cards per lookup,
  as in :mod:`pokerroom.evaluator.batch`) gives the row's group (how many wild cards of
  each kind) and the key of its natural ranks;
* every group's rank-part table lives in one flat array at its own offset, so the rank
  part is one lookup; a second ``uint64`` per card sums to the 52-bit mask of natural
  cards, whose four 13-bit suits index the flush-part table of the row's wild count.

Rows without wild cards get the natural value.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.evaluator.wildcards import WildCards
>>> rank_wild_batch([parse_cards("As Ad Ah Ac 2d 7s 8s")], WildCards.parse("2")).tolist()
[7474]
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerroom.cards import JOKER
from pokerroom.evaluator.batch import CHUNK, card_array, check_distinct, pair_view, rank_rows
from pokerroom.evaluator.tables import RANK_KEYS
from pokerroom.evaluator.wildcards import BUG, NATURAL, WILD, WildCards, card_kinds, joker_out
from pokerroom.evaluator.wildtables import flush_part, rank_part_dense

__all__ = ["rank_wild_batch"]

_K5_SHIFT = 22  # bits 0-21: sum of 6-card rank keys (< 2**22 for up to 7 cards)
_GROUP_SHIFT = 41  # bits 22-40: sum of 5-card rank keys (< 2**19 for up to 7 cards)
_LOW22 = np.uint64((1 << 22) - 1)
_LOW19 = np.uint64((1 << 19) - 1)
_SUIT = np.uint64(0x1FFF)
_GROUPS = 16  # group = 2 * fully wild cards + bugs (at most 14 in 7 cards)


@dataclass(frozen=True, slots=True)
class _Layout:
    """The rank-part tables of every group of n-card hands, end to end."""

    flat: npt.NDArray[np.uint16]
    offset: npt.NDArray[np.int64]  # by group: where its table starts in ``flat``
    six: npt.NDArray[np.bool_]  # by group: keyed by the 6-card keys (else the 5-card ones)
    flush_base: npt.NDArray[np.int64]  # by group: where its flush-part table starts
    flush: npt.NDArray[np.uint16]  # the flush-part tables for 0..7 wild cards, end to end


@functools.cache
def _layout(n: int) -> _Layout:
    parts: list[npt.NDArray[np.uint16]] = [np.zeros(1, dtype=np.uint16)]  # group 0: unused
    offset = np.zeros(_GROUPS, dtype=np.int64)
    six = np.zeros(_GROUPS, dtype=np.bool_)
    flush_base = np.zeros(_GROUPS, dtype=np.int64)
    size = 1
    for g in range(1, _GROUPS):
        w, b = divmod(g, 2)
        m = n - w - b
        if m < 0:
            continue
        table = rank_part_dense(m, w, b)
        offset[g], six[g], flush_base[g] = size, m == 6, (w + b) << 13
        parts.append(table)
        size += len(table)
    flush = np.concatenate([flush_part(j) for j in range(8)])
    return _Layout(np.concatenate(parts), offset, six, flush_base, flush)


@dataclass(frozen=True, slots=True)
class _CardTables:
    """Per card code (and per pair of codes ``a | b << 8``) under one rule."""

    keys: npt.NDArray[np.uint64]
    keys2: npt.NDArray[np.uint64]
    bits: npt.NDArray[np.uint64]
    bits2: npt.NDArray[np.uint64]


@functools.lru_cache(maxsize=64)
def _card_tables(wild: WildCards) -> _CardTables:
    keys = np.zeros(JOKER + 1, dtype=np.uint64)
    bits = np.zeros(JOKER + 1, dtype=np.uint64)
    for c, kind in enumerate(card_kinds(wild)):
        if kind == WILD:
            keys[c] = 2 << _GROUP_SHIFT
        elif kind == BUG:
            keys[c] = 1 << _GROUP_SHIFT
        elif kind == NATURAL:
            r = c >> 2
            keys[c] = RANK_KEYS[6][r] | RANK_KEYS[5][r] << _K5_SHIFT
            bits[c] = 1 << (13 * (c & 3) + r)
    idx = np.arange(JOKER + 1)
    pairs = (idx[:, None] | idx[None, :] << 8).ravel()
    keys2 = np.zeros((JOKER | JOKER << 8) + 1, dtype=np.uint64)
    bits2 = np.zeros_like(keys2)
    keys2[pairs] = (keys[:, None] + keys[None, :]).ravel()
    bits2[pairs] = (bits[:, None] + bits[None, :]).ravel()
    return _CardTables(keys, keys2, bits, bits2)


def _sum(
    arr: npt.NDArray[np.uint8], single: npt.NDArray[np.uint64], pair: npt.NDArray[np.uint64],
    start: int, stop: int,
) -> npt.NDArray[np.uint64]:
    n = arr.shape[1]
    acc = pair.take(pair_view(arr, 0)[start:stop], mode="clip")
    for c in range(2, n - 1, 2):
        acc += pair.take(pair_view(arr, c)[start:stop], mode="clip")
    if n % 2:
        acc += single.take(arr[start:stop, n - 1], mode="clip")
    return acc


def rank_wild_batch(
    cards: npt.ArrayLike, wild: WildCards | None, *, check: bool = False
) -> npt.NDArray[np.uint16]:
    """Values of N hands of 5, 6 or 7 cards each under a wild-card rule.

    The shape and the codes are always checked, and the joker when the rule has no joker
    mode; repeated cards within a row only with ``check=True`` (see
    :func:`~pokerroom.evaluator.batch.rank_batch`).
    """
    arr, highest = card_array(cards)
    if highest >= JOKER and (wild is None or wild.joker is None):
        raise joker_out(wild)
    if check:
        check_distinct(arr)
    if wild is None or not wild.any:
        return rank_rows(arr)
    n_hands, n = arr.shape
    out = rank_rows(arr)
    layout = _layout(n)
    t = _card_tables(wild)
    for start in range(0, n_hands, CHUNK):
        stop = min(start + CHUNK, n_hands)
        acc = _sum(arr, t.keys, t.keys2, start, stop)
        group = (acc >> np.uint64(_GROUP_SHIFT)).astype(np.intp)
        if not group.any():
            continue
        key = np.where(layout.six.take(group), acc & _LOW22, (acc >> np.uint64(_K5_SHIFT)) & _LOW19)
        value = layout.flat.take(layout.offset.take(group) + key.astype(np.intp), mode="clip")
        masks = _sum(arr, t.bits, t.bits2, start, stop)
        base = layout.flush_base.take(group)
        for s in range(4):
            suit = ((masks >> np.uint64(13 * s)) & _SUIT).astype(np.intp)
            np.maximum(value, layout.flush.take(base + suit, mode="clip"), out=value)
        np.copyto(out[start:stop], value, where=group != 0)
    return out
