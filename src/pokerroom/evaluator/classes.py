"""Hand categories, the numbering of hand values, and hand names.

A *hand value* is an int; a higher value is a better hand and equal values tie.
The 7,462 distinct five-card hands of a 52-card pack take the values 0 (seven-five
high) to 7,461 (royal flush); with wild cards, five of a kind takes 7,462 (five deuces)
to 7,474 (five aces).  ``rules.md`` §2: kickers always count, in every category.

>>> describe(7461), describe(0)
('royal flush', 'high card, seven-five-four-three-deuce')
>>> category_of(value_of(Category.FULL_HOUSE, (5, 0))).name
'FULL_HOUSE'
"""

from __future__ import annotations

from enum import IntEnum
from itertools import combinations
from typing import Final

from pokerroom.cards import RANK_PLURALS, RANK_WORDS

__all__ = [
    "CATEGORY_COUNTS",
    "CATEGORY_START",
    "CLASS_COUNT",
    "MAX_VALUE",
    "STANDARD_CLASS_COUNT",
    "Category",
    "category_of",
    "describe",
    "ranks_of",
    "value_of",
]


class Category(IntEnum):
    """Hand categories, low to high (``rules.md`` §2)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def label(self) -> str:
        return self.name.lower().replace("_", " ")


def _straight_highs() -> list[int]:
    """High ranks of the ten straights, lowest first: the wheel (five high) to ace high."""
    return list(range(3, 13))


def _is_straight(desc: tuple[int, ...]) -> bool:
    return desc == (12, 3, 2, 1, 0) or all(desc[i] - desc[i + 1] == 1 for i in range(4))


def _enumerate() -> list[tuple[Category, tuple[int, ...]]]:
    """Every hand class, weakest first, as (category, ranks in the order they count)."""
    ranks = range(13)
    no_pair = sorted(
        (d for d in (tuple(sorted(c, reverse=True)) for c in combinations(ranks, 5))
         if not _is_straight(d)),
    )
    out: list[tuple[Category, tuple[int, ...]]] = [(Category.HIGH_CARD, d) for d in no_pair]
    out += sorted(
        (Category.PAIR, (p, *k))
        for p in ranks
        for k in (tuple(sorted(c, reverse=True)) for c in combinations(
            [r for r in ranks if r != p], 3))
    )
    out += sorted(
        (Category.TWO_PAIR, (h, lo, k))
        for h in ranks for lo in ranks if lo < h
        for k in ranks if k not in (h, lo)
    )
    out += sorted(
        (Category.THREE_OF_A_KIND, (t, *k))
        for t in ranks
        for k in (tuple(sorted(c, reverse=True)) for c in combinations(
            [r for r in ranks if r != t], 2))
    )
    out += [(Category.STRAIGHT, (h,)) for h in _straight_highs()]
    out += [(Category.FLUSH, d) for d in no_pair]
    out += sorted((Category.FULL_HOUSE, (t, p)) for t in ranks for p in ranks if p != t)
    out += sorted((Category.FOUR_OF_A_KIND, (q, k)) for q in ranks for k in ranks if k != q)
    out += [(Category.STRAIGHT_FLUSH, (h,)) for h in _straight_highs()]
    out += [(Category.FIVE_OF_A_KIND, (r,)) for r in ranks]
    return out


_CLASSES: Final = _enumerate()
_INDEX: Final[dict[tuple[Category, tuple[int, ...]], int]] = {
    key: value for value, key in enumerate(_CLASSES)
}
CLASS_COUNT: Final = len(_CLASSES)  # 7,475 with five of a kind
STANDARD_CLASS_COUNT: Final = CLASS_COUNT - 13  # 7,462
MAX_VALUE: Final = CLASS_COUNT - 1
CATEGORY_COUNTS: Final[dict[Category, int]] = {
    cat: sum(1 for c, _ in _CLASSES if c == cat) for cat in Category
}
CATEGORY_START: Final[dict[Category, int]] = {}
_start = 0
for _cat in Category:
    CATEGORY_START[_cat] = _start
    _start += CATEGORY_COUNTS[_cat]
_CATEGORY_OF: Final = [c for c, _ in _CLASSES]


def value_of(category: Category, ranks: tuple[int, ...]) -> int:
    """The value of a class given its category and significant ranks.

    ``ranks`` is what the category counts, in order: all five for high card and flush;
    (pair, three kickers); (high pair, low pair, kicker); (trips, two kickers);
    the high card for straights (3 = five high); (trips, pair); (quads, kicker); (rank,).
    """
    try:
        return _INDEX[(Category(category), tuple(ranks))]
    except KeyError:
        raise ValueError(f"no {Category(category).label} with ranks {ranks}") from None


def category_of(value: int) -> Category:
    return _CATEGORY_OF[value]


def ranks_of(value: int) -> tuple[int, ...]:
    """The significant ranks of a value (see :func:`value_of`)."""
    return _CLASSES[value][1]


def five_ranks(value: int) -> tuple[int, ...]:
    """The five ranks of the hand in display order (``Q Q 8 8 A`` for two pair)."""
    cat, r = _CLASSES[value]
    if cat in (Category.HIGH_CARD, Category.FLUSH):
        return r
    if cat == Category.PAIR:
        return (r[0], r[0], r[1], r[2], r[3])
    if cat == Category.TWO_PAIR:
        return (r[0], r[0], r[1], r[1], r[2])
    if cat == Category.THREE_OF_A_KIND:
        return (r[0], r[0], r[0], r[1], r[2])
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        h = r[0]
        return (3, 2, 1, 0, 12) if h == 3 else tuple(range(h, h - 5, -1))
    if cat == Category.FULL_HOUSE:
        return (r[0], r[0], r[0], r[1], r[1])
    if cat == Category.FOUR_OF_A_KIND:
        return (r[0], r[0], r[0], r[0], r[1])
    return (r[0],) * 5


def _kickers(ranks: tuple[int, ...]) -> str:
    words = "-".join(RANK_WORDS[k] for k in ranks)
    return f"{words} kicker" if len(ranks) == 1 else f"{words} kickers"


def describe(value: int) -> str:
    """A name for people: ``'two pair, queens and eights, ace kicker'``."""
    cat, r = _CLASSES[value]
    if cat == Category.HIGH_CARD:
        return "high card, " + "-".join(RANK_WORDS[k] for k in r)
    if cat == Category.PAIR:
        return f"pair of {RANK_PLURALS[r[0]]}, {_kickers(r[1:])}"
    if cat == Category.TWO_PAIR:
        return f"two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]}, {_kickers(r[2:])}"
    if cat == Category.THREE_OF_A_KIND:
        return f"three {RANK_PLURALS[r[0]]}, {_kickers(r[1:])}"
    if cat == Category.STRAIGHT:
        return f"straight, {RANK_WORDS[r[0]]} high"
    if cat == Category.FLUSH:
        return f"flush, {RANK_WORDS[r[0]]} high"
    if cat == Category.FULL_HOUSE:
        return f"full house, {RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[1]]}"
    if cat == Category.FOUR_OF_A_KIND:
        return f"four {RANK_PLURALS[r[0]]}, {_kickers(r[1:])}"
    if cat == Category.STRAIGHT_FLUSH:
        return "royal flush" if r[0] == 12 else f"straight flush, {RANK_WORDS[r[0]]} high"
    return f"five of a kind, {RANK_PLURALS[r[0]]}"
