"""What is wild: designated ranks or cards, and how the joker plays (``rules.md`` §1)."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from pokerroom.cards import JOKER, Card, CardError, Rank, parse_cards

__all__ = [
    "BUG", "NATURAL", "OUT", "WILD", "JokerMode", "WildCards", "card_kinds", "joker_out"
]

NATURAL, WILD, BUG, OUT = 0, 1, 2, 3  # what a card is under a rule (OUT: joker not in play)


class JokerMode(Enum):
    """How the 53rd card plays."""

    BUG = "bug"  # an ace, or any card that completes a straight, flush or straight flush
    WILD = "wild"  # any card its holder names

    @classmethod
    def parse(cls, text: str) -> JokerMode:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise CardError(f"not a joker mode: {text!r} (bug or wild)") from None


@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class WildCards:
    """The wild cards of a game.

    ``ranks``: every card of these ranks is fully wild (``{Rank.TWO}`` for deuces wild);
    ``cards``: these particular cards are fully wild; ``joker``: how the joker plays when
    it is in the pack (``None`` means there is no joker).

    >>> WildCards.parse("2")
    WildCards.parse('2')
    >>> WildCards(ranks={Rank.TEN}, cards=parse_cards("Jd"), joker=JokerMode.BUG)
    WildCards.parse('T Jd', joker='bug')
    >>> WildCards(joker=JokerMode.BUG).is_wild(52)
    True
    """

    ranks: frozenset[Rank] = field(default_factory=frozenset)
    cards: frozenset[Card] = field(default_factory=frozenset)
    joker: JokerMode | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranks", frozenset(Rank(r) for r in self.ranks))
        object.__setattr__(self, "cards", frozenset(Card(c) for c in self.cards))
        if any(c == JOKER for c in self.cards):
            raise CardError("the joker is made wild with joker=JokerMode.WILD, not cards=")

    def __repr__(self) -> str:
        if not self.any:
            return "WildCards()"
        ranks = " ".join(Rank(r).char for r in sorted(self.ranks))
        cards = " ".join(str(c) for c in sorted(self.cards))
        text = " ".join(t for t in (ranks, cards) if t)
        joker = f", joker={self.joker.value!r}" if self.joker else ""
        return f"WildCards.parse({text!r}{joker})"

    @property
    def any(self) -> bool:
        """Whether anything is wild (or the joker is in play at all)."""
        return bool(self.ranks or self.cards or self.joker)

    def is_wild(self, code: int) -> bool:
        """Whether this card is (fully or as the bug) not played at face value."""
        if code == JOKER:
            return self.joker is not None
        return (code >> 2) in self.ranks or code in self.cards

    def split(self, cards: Iterable[int]) -> tuple[list[int], int, bool]:
        """(natural cards, number of fully wild cards, whether the bug is among them)."""
        natural: list[int] = []
        wild = 0
        bug = False
        for card in cards:
            c = int(card)
            if c == JOKER:
                if self.joker is None:
                    raise CardError("the joker is not in play in this game")
                if self.joker is JokerMode.BUG:
                    bug = True
                else:
                    wild += 1
            elif (c >> 2) in self.ranks or c in self.cards:
                wild += 1
            else:
                natural.append(c)
        return natural, wild, bug

    @classmethod
    def parse(cls, text: str, *, joker: JokerMode | str | None = None) -> WildCards:
        """From text: ranks (``"2"``, ``"2 J"``) and/or cards (``"Jd"``), space or comma
        separated; ``joker`` is ``"bug"``, ``"wild"`` or None."""
        ranks: set[Rank] = set()
        cards: set[Card] = set()
        for token in text.replace(",", " ").split():
            if len(token) == 1 or token == "10":
                ranks.add(Rank.parse(token))
            else:
                cards.update(parse_cards(token))
        mode = JokerMode.parse(joker) if isinstance(joker, str) else joker
        return cls(ranks=frozenset(ranks), cards=frozenset(cards), joker=mode)


def joker_out(wild: WildCards | None) -> CardError:
    """The error for a joker in a hand whose game has none: no wild-card rule, or a rule
    without a joker mode."""
    why = "no wild-card rule given" if wild is None else "the rule has no joker mode"
    return CardError(f"the joker is not in play in this game ({why})")


@functools.lru_cache(maxsize=64)
def card_kinds(wild: WildCards) -> tuple[int, ...]:
    """What each card code 0–52 is under ``wild``, as the evaluators read it: ``NATURAL``,
    ``WILD``, ``BUG``, or ``OUT`` (the joker, in a game without one)."""
    joker = OUT if wild.joker is None else BUG if wild.joker is JokerMode.BUG else WILD
    return (*(WILD if wild.is_wild(c) else NATURAL for c in range(JOKER)), joker)
