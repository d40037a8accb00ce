"""The 169 starting-hand classes of hold'em (``rules.md`` §2, 002).

The 1,326 two-card combinations fall into 13 pairs (``AA``, 6 combinations each),
78 suited hands (``AKs``, 4 each) and 78 offsuit hands (``AKo``, 12 each).

>>> c = HandClass.parse("AKs")
>>> str(c), c.combo_count, str(HandClass.of(*parse_cards("9h Qc")))
('AKs', 4, 'Q9o')
>>> len(ALL_CLASSES), sum(c.combo_count for c in ALL_CLASSES)
(169, 1326)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Final

from pokerroom.cards import Card, CardError, Rank, parse_cards

__all__ = ["ALL_CLASSES", "HandClass", "HandClassError", "grid"]


class HandClassError(CardError):
    """Text that is not a starting-hand class."""


@dataclass(frozen=True, slots=True, order=False)
class HandClass:
    """A starting-hand class: two ranks (high first) and, for non-pairs, suitedness."""

    high: Rank
    low: Rank
    suited: bool

    def __post_init__(self) -> None:
        if self.high < self.low:
            raise HandClassError(f"high rank {self.high.char} below low rank {self.low.char}")
        if self.high == self.low and self.suited:
            raise HandClassError(f"a pair cannot be suited: {self.high.char * 2}s")

    @property
    def is_pair(self) -> bool:
        return self.high == self.low

    @property
    def combo_count(self) -> int:
        return 6 if self.is_pair else 4 if self.suited else 12

    @classmethod
    def of(cls, a: int, b: int) -> HandClass:
        """The class of two cards."""
        ca, cb = Card(a), Card(b)
        if ca == cb:
            raise HandClassError(f"the same card twice: {ca}")
        hi, lo = (ca, cb) if ca.rank >= cb.rank else (cb, ca)
        return cls(hi.rank, lo.rank, hi.rank != lo.rank and hi.suit == lo.suit)

    @classmethod
    def parse(cls, text: str) -> HandClass:
        """``AA``, ``AKs``, ``Q9o`` (any case; ranks in either order)."""
        t = text.strip()
        if len(t) not in (2, 3):
            raise HandClassError(f"not a starting-hand class: {text!r} (like 'AA', 'AKs', 'Q9o')")
        try:
            r1, r2 = Rank.parse(t[0]), Rank.parse(t[1])
        except CardError:
            raise HandClassError(
                f"not a starting-hand class: {text!r} (like 'AA', 'AKs', 'Q9o')"
            ) from None
        hi, lo = max(r1, r2), min(r1, r2)
        if len(t) == 2:
            if hi == lo:
                return cls(hi, lo, False)
            raise HandClassError(
                f"{text!r} needs 's' (suited) or 'o' (offsuit): {hi.char}{lo.char}s or "
                f"{hi.char}{lo.char}o"
            )
        flag = t[2].lower()
        if flag not in "so" or hi == lo:
            raise HandClassError(f"not a starting-hand class: {text!r} (like 'AA', 'AKs', 'Q9o')")
        return cls(hi, lo, flag == "s")

    def combos(self) -> list[tuple[Card, Card]]:
        """Every two-card combination of the class, high card first."""
        hi, lo = int(self.high), int(self.low)
        if self.is_pair:
            return [(Card.of(hi, s), Card.of(hi, t)) for s, t in combinations(range(3, -1, -1), 2)]
        if self.suited:
            return [(Card.of(hi, s), Card.of(lo, s)) for s in range(3, -1, -1)]
        return [
            (Card.of(hi, s), Card.of(lo, t))
            for s in range(3, -1, -1)
            for t in range(3, -1, -1)
            if s != t
        ]

    def __str__(self) -> str:
        base = self.high.char + self.low.char
        return base if self.is_pair else base + ("s" if self.suited else "o")

    def __repr__(self) -> str:
        return f"HandClass.parse({str(self)!r})"

    def __contains__(self, cards: object) -> bool:
        if isinstance(cards, str):
            cards = parse_cards(cards)
        if not isinstance(cards, tuple | list) or len(cards) != 2:
            return False
        return HandClass.of(int(cards[0]), int(cards[1])) == self


def grid() -> list[list[HandClass]]:
    """The 13×13 chart: row i, column j (aces first); pairs on the diagonal,
    suited hands above it, offsuit below."""
    ranks = list(reversed(Rank))
    return [
        [
            HandClass(max(r, c), min(r, c), i < j) if i != j else HandClass(r, r, False)
            for j, c in enumerate(ranks)
        ]
        for i, r in enumerate(ranks)
    ]


ALL_CLASSES: Final[tuple[HandClass, ...]] = tuple(cell for row in grid() for cell in row)
