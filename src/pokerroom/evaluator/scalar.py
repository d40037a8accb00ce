"""The scalar evaluator: one hand of 5, 6 or 7 card codes to its value, in pure Python.

These functions are the hot path of bots and the engine: they take plain int codes
(0–51, no joker; see :mod:`pokerroom.evaluator.wild` for wild cards), do not check their
input, and return the hand value (higher is better; see
:mod:`pokerroom.evaluator.classes`).  :func:`rank` checks its input.

>>> from pokerroom.cards import parse_cards
>>> rank7(parse_cards("As Ks Qs Js Ts 2c 3d")) == 7461
True
>>> rank(parse_cards("2c 3d 4h 5s 7c")) == 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from pokerroom.cards import JOKER, CardError
from pokerroom.evaluator.tables import flush_list, tables

__all__ = ["RANK_BY_SIZE", "rank", "rank5", "rank6", "rank7"]

_T5, _T6, _T7 = tables(5), tables(6), tables(7)
_FLUSH = flush_list()


_BITS = [1 << (13 * (c & 3) + (c >> 2)) for c in range(52)]


def _flush(cards: Sequence[int], suit: int) -> int:
    """Value of the flush in ``cards``, which hold five or more of ``suit`` + 1."""
    m = 0
    for c in cards:
        m |= _BITS[c]
    return _FLUSH[(m >> 13 * (suit - 1)) & 0x1FFF]


def rank7(
    cards: Sequence[int],
    _k: list[int] = _T7.keys,
    _f: list[int] = _T7.suit_flush,
    _r: tuple[int, ...] = _T7.rank_value,
) -> int:
    """Value of the best five of seven card codes (unchecked)."""
    a, b, c, d, e, f, g = cards
    k = _k[a] + _k[b] + _k[c] + _k[d] + _k[e] + _k[f] + _k[g]
    if _f[k & 255]:
        return _flush(cards, _f[k & 255])
    return _r[k >> 8]


def rank6(
    cards: Sequence[int],
    _k: list[int] = _T6.keys,
    _f: list[int] = _T6.suit_flush,
    _r: tuple[int, ...] = _T6.rank_value,
) -> int:
    """Value of the best five of six card codes (unchecked)."""
    a, b, c, d, e, f = cards
    k = _k[a] + _k[b] + _k[c] + _k[d] + _k[e] + _k[f]
    if _f[k & 255]:
        return _flush(cards, _f[k & 255])
    return _r[k >> 8]


def rank5(
    cards: Sequence[int],
    _k: list[int] = _T5.keys,
    _f: list[int] = _T5.suit_flush,
    _r: tuple[int, ...] = _T5.rank_value,
) -> int:
    """Value of five card codes (unchecked)."""
    a, b, c, d, e = cards
    k = _k[a] + _k[b] + _k[c] + _k[d] + _k[e]
    if _f[k & 255]:
        return _flush(cards, _f[k & 255])
    return _r[k >> 8]


RANK_BY_SIZE: Final[dict[int, Callable[[Sequence[int]], int]]] = {5: rank5, 6: rank6, 7: rank7}
"""The unchecked evaluator of each hand size."""


def rank(cards: Sequence[int]) -> int:
    """Value of the best five of 5, 6 or 7 distinct standard cards, checked.

    Raises :class:`~pokerroom.cards.CardError` for the wrong number of cards, duplicates,
    codes out of range or the joker (wild hands go through ``evaluate(..., wild=...)``).
    """
    fn = RANK_BY_SIZE.get(len(cards))
    if fn is None:
        raise CardError(f"a hand has 5, 6 or 7 cards, not {len(cards)}")
    codes = [int(c) for c in cards]
    for c in codes:
        if not 0 <= c < JOKER:
            if c == JOKER:
                raise CardError("a hand with the joker needs a wild-card rule: use evaluate()")
            raise CardError(f"not a card code: {c} (codes are 0-51)")
    if len(set(codes)) != len(codes):
        raise CardError(f"duplicate cards in {codes}")
    return fn(codes)
