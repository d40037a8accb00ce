"""A ranked five-card hand (:class:`HandValue`): the value, the five cards used, what
each stands for under wild cards.  :mod:`pokerroom.evaluator.hand` and the wild-card
evaluator (:mod:`pokerroom.evaluator.wild`) both make them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import total_ordering

from pokerroom.cards import Card, format_cards
from pokerroom.evaluator.classes import Category, category_of, describe, ranks_of

__all__ = ["HandValue"]


@total_ordering
@dataclass(frozen=True, slots=True, eq=False)
class HandValue:
    """A ranked five-card hand: comparable and hashable by its value alone.

    ``cards`` are the five cards used, in the order they count (``Q Q 8 8 A``);
    ``played_as`` says what each of them stands for when wild cards are in play (None
    for a hand evaluated without a wild-card rule).  ``repr`` is a constructor
    expression, ``str`` the name and the cards:

    >>> from pokerroom.cards import parse_cards
    >>> from pokerroom.evaluator.hand import evaluate
    >>> from pokerroom.evaluator.wildcards import JokerMode, WildCards
    >>> h = evaluate(parse_cards("Ks Kd Jk 7c 4h"), wild=WildCards(joker=JokerMode.BUG))
    >>> h
    HandValue(3874, parse_cards('Ks Kd Jk 7c 4h'), parse_cards('Ks Kd As 7c 4h'))
    >>> print(h)
    pair of kings, ace-seven-four kickers [Ks Kd Jk 7c 4h (as Ks Kd As 7c 4h)]
    >>> eval(repr(h)) == h
    True
    """

    value: int
    cards: tuple[Card, ...] = field(default=())
    played_as: tuple[Card, ...] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(Card(c) for c in self.cards))
        if self.played_as is not None:
            object.__setattr__(self, "played_as", tuple(Card(c) for c in self.played_as))

    @property
    def category(self) -> Category:
        return category_of(self.value)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks that count, in order (see :func:`~pokerroom.evaluator.classes.value_of`)."""
        return ranks_of(self.value)

    @property
    def name(self) -> str:
        return describe(self.value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self.value == other.value
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self.value < other.value
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)

    def __str__(self) -> str:
        shown = format_cards(self.cards)
        if self.played_as and any(a != b for a, b in zip(self.cards, self.played_as, strict=True)):
            shown += f" (as {format_cards(self.played_as)})"
        return f"{self.name} [{shown}]"

    def __repr__(self) -> str:
        played = f", parse_cards({format_cards(self.played_as)!r})" if self.played_as else ""
        return f"HandValue({self.value}, parse_cards({format_cards(self.cards)!r}){played})"
