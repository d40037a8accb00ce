"""Cards, ranks, suits, the deck and the one text notation.

Inside pokerroom a card is an int: ``rank * 4 + suit`` for the 52 standard cards
(rank 0 is the deuce, 12 the ace; suits clubs, diamonds, hearts, spades) and 52 for
the joker.  :class:`Card` is an ``int`` subclass, so it can be used anywhere a code
can, and it prints and parses the notation of ``rules.md`` §1:

>>> Card.parse("As")
Card.parse('As')
>>> str(Card.parse("10h")), int(Card.parse("2c")), str(Card(52))
('Th', 0, 'Jk')
>>> format_cards(parse_cards("as td 2C jk"))
'As Td 2c Jk'

Suits may be written as symbols too (``A♠``, ``10♥``, ``Q♢``); the joker as ``🃏``.  What
pokerroom writes is always the letters:

>>> format_cards(parse_cards("A♠ 10♥ Q♢ 🃏"))
'As Th Qd Jk'
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Iterable, Iterator, Sequence
from enum import IntEnum
from typing import Final

__all__ = [
    "CARD_CHARS",
    "JOKER",
    "SUIT_SYMBOLS",
    "Card",
    "CardError",
    "Deck",
    "DeckError",
    "Rank",
    "Suit",
    "format_cards",
    "full_deck",
    "parse_card",
    "parse_cards",
]

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"
JOKER: Final = 52
CARD_CHARS: Final = (*(r + s for r in RANK_CHARS for s in SUIT_CHARS), "Jk")
SUIT_SYMBOLS: Final = {  # read, never written: black and white symbols of each suit
    "\u2663": "c", "\u2667": "c", "\u2666": "d", "\u2662": "d",
    "\u2665": "h", "\u2661": "h", "\u2660": "s", "\u2664": "s",
}  # fmt: skip
_JOKER_SYMBOL: Final = "\U0001f0cf"
_EMOJI_STYLE: Final = "\ufe0f"  # the variation selector phones put after a suit symbol
_CARD_HELP: Final = (
    "a card is a rank 2-9, T or 10, J, Q, K, A and a suit c, d, h, s or \u2663, \u2666, "
    "\u2665, \u2660, like 'As', 'Td' or 'A\u2660'; the joker is 'Jk'"
)


class CardError(ValueError):
    """Text that is not a card (or not a valid set of cards)."""


class DeckError(RuntimeError):
    """An impossible operation on a deck, such as dealing from an empty one."""


class Rank(IntEnum):
    """Card ranks, deuce (0) to ace (12)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        return RANK_CHARS[self]

    @property
    def word(self) -> str:
        """The rank's name in hand names: ``deuce``, ``seven``, ``ace``."""
        return RANK_WORDS[self]

    @property
    def plural(self) -> str:
        """``deuces``, ``sixes``, ``aces``."""
        return RANK_PLURALS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        t = text.strip().upper()
        if t == "10":
            t = "T"
        if len(t) != 1 or t not in RANK_CHARS:
            raise CardError(f"not a rank: {text!r} (ranks are {' '.join(RANK_CHARS)})")
        return cls(RANK_CHARS.index(t))


RANK_WORDS: Final = (
    "deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)
RANK_PLURALS: Final = tuple("sixes" if w == "six" else w + "s" for w in RANK_WORDS)


class Suit(IntEnum):
    """Suits; they never rank (``rules.md`` §1)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        t = text.strip().replace(_EMOJI_STYLE, "").lower()
        t = SUIT_SYMBOLS.get(t, t)
        if len(t) != 1 or t not in SUIT_CHARS:
            raise CardError(f"not a suit: {text!r} (suits are c d h s, or the symbols)")
        return cls(SUIT_CHARS.index(t))


class Card(int):
    """One card: an int code 0–51 (``rank * 4 + suit``) or 52 for the joker."""

    __slots__ = ()

    def __new__(cls, code: int | Card) -> Card:
        code = int(code)
        if not 0 <= code <= JOKER:
            raise CardError(f"not a card code: {code} (codes are 0-51, 52 for the joker)")
        return _CARDS[code]

    @classmethod
    def _make(cls, code: int) -> Card:
        return super().__new__(cls, code)

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        if not (0 <= rank <= 12 and 0 <= suit <= 3):
            raise CardError(f"no card of rank {rank} and suit {suit}")
        return _CARDS[int(rank) * 4 + int(suit)]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card (``As``, ``td``, ``10H``, ``A♠``, ``Jk``)."""
        code = _CODES.get(_plain(text))
        if code is None:
            raise CardError(f"not a card: {text!r} ({_CARD_HELP})")
        return _CARDS[code]

    @property
    def is_joker(self) -> bool:
        return int(self) == JOKER

    @property
    def rank(self) -> Rank:
        if int(self) == JOKER:
            raise CardError("the joker has no rank")
        return Rank(int(self) >> 2)

    @property
    def suit(self) -> Suit:
        if int(self) == JOKER:
            raise CardError("the joker has no suit")
        return Suit(int(self) & 3)

    @property
    def pretty(self) -> str:
        """With a suit symbol: ``A♠``, ``T♦``; the joker is ``🃏``."""
        if int(self) == JOKER:
            return "🃏"
        return RANK_CHARS[int(self) >> 2] + "♣♦♥♠"[int(self) & 3]

    def __str__(self) -> str:
        return CARD_CHARS[int(self)]

    def __repr__(self) -> str:
        return f"Card.parse({CARD_CHARS[int(self)]!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_CARDS: list[Card] = []
_CARDS.extend(Card._make(c) for c in range(JOKER + 1))
_CODES: dict[str, int] = {}
for _code, _text in enumerate(CARD_CHARS[:JOKER]):
    _CODES[_text.lower()] = _code
    if _text[0] == "T":
        _CODES["10" + _text[1]] = _code
_CODES["jk"] = JOKER


def _plain(text: str) -> str:
    """A card's text in lower-case letters: suit symbols read as their letters."""
    t = text.strip().replace(_EMOJI_STYLE, "").lower()
    if t == _JOKER_SYMBOL:
        return "jk"
    return t[:-1] + SUIT_SYMBOLS.get(t[-1:], t[-1:])


def parse_card(text: str) -> Card:
    """Parse one card; see :meth:`Card.parse`."""
    return Card.parse(text)


_SUITS = "cdhs" + "".join(SUIT_SYMBOLS)
_TOKEN = re.compile(
    rf"(?:10|[2-9tjqka])[{_SUITS}]{_EMOJI_STYLE}?|jk|{_JOKER_SYMBOL}", re.IGNORECASE
)


def parse_cards(text: str, *, allow_empty: bool = False) -> list[Card]:
    """Parse cards written with or without separators: ``"As Td"``, ``"AsTd"``, ``"As,10d"``.

    Duplicates, unknown text and (unless ``allow_empty``) an empty string raise
    :class:`CardError`, quoting the offending text.
    """
    cards: list[Card] = []
    pos = 0
    n = len(text)
    while pos < n:
        ch = text[pos]
        if ch.isspace() or ch in ",;[]()":
            pos += 1
            continue
        m = _TOKEN.match(text, pos)
        if m is None:
            end = pos
            while end < n and not (text[end].isspace() or text[end] in ",;"):
                end += 1
            bad = text[pos:end] or text[pos]
            raise CardError(f"not a card: {bad!r} in {text!r} ({_CARD_HELP})")
        cards.append(Card.parse(m.group()))
        pos = m.end()
    if not cards and not allow_empty:
        raise CardError(f"no cards in {text!r}")
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"duplicate card {str(card)!r} in {text!r}")
        seen.add(card)
    return cards


def format_cards(cards: Iterable[int], sep: str = " ") -> str:
    """The canonical text of some cards: ``'As Td 2c'``."""
    return sep.join(CARD_CHARS[int(c)] for c in cards)


def full_deck(*, joker: bool = False) -> list[Card]:
    """The 52 cards (53 with the joker) in code order."""
    return list(_CARDS[: JOKER + 1 if joker else JOKER])


class Deck:
    """A deck that deals, burns and can be stacked.

    The shuffle draws from an injected random source: a seeded :class:`random.Random`
    for reproducible play and tests, :class:`secrets.SystemRandom` (the default) for
    real play.  A *stacked* deck deals the given cards in order, for tests and replays.

    >>> d = Deck(rng=random.Random(7))
    >>> len(d), len(d.deal(2)), len(d)
    (52, 2, 50)
    >>> d = Deck.stacked(parse_cards("As Kd Qh"))
    >>> format_cards(d.deal(2)), d.burn(), d.burned, d.remaining
    ('As Kd', Card.parse('Qh'), [Card.parse('Qh')], 0)
    """

    __slots__ = ("_burned", "_cards", "_dealt", "joker")

    def __init__(
        self,
        *,
        joker: bool = False,
        rng: random.Random | None = None,
        shuffle: bool = True,
    ) -> None:
        self.joker = joker
        self._cards: list[Card] = full_deck(joker=joker)
        if shuffle:
            (rng if rng is not None else secrets.SystemRandom()).shuffle(self._cards)
        self._dealt = 0
        self._burned: list[Card] = []

    @classmethod
    def stacked(cls, cards: Sequence[int | str], *, joker: bool | None = None) -> Deck:
        """A deck that deals exactly ``cards`` in this order (no shuffle).

        Cards may be codes, :class:`Card` or text.  Duplicates are refused.
        """
        parsed = [Card.parse(c) if isinstance(c, str) else Card(c) for c in cards]
        if len(set(parsed)) != len(parsed):
            dup = next(c for c in parsed if parsed.count(c) > 1)
            raise DeckError(f"a stacked deck holds {dup} twice")
        has_joker = any(c == JOKER for c in parsed)
        deck = cls(joker=has_joker if joker is None else joker, shuffle=False)
        if has_joker and not deck.joker:
            raise DeckError("a stacked deck without the joker cannot hold Jk")
        deck._cards = parsed
        return deck

    @property
    def remaining(self) -> int:
        return len(self._cards) - self._dealt

    def __len__(self) -> int:
        return self.remaining

    def __iter__(self) -> Iterator[Card]:
        """The cards still to be dealt, in order (for tests; never shown to players)."""
        return iter(self._cards[self._dealt :])

    @property
    def burned(self) -> list[Card]:
        return list(self._burned)

    def deal(self, n: int = 1) -> list[Card]:
        if n < 0:
            raise DeckError(f"cannot deal {n} cards")
        if n > self.remaining:
            raise DeckError(f"cannot deal {n} cards: {self.remaining} left in the deck")
        out = self._cards[self._dealt : self._dealt + n]
        self._dealt += n
        return out

    def deal_one(self) -> Card:
        return self.deal(1)[0]

    def burn(self) -> Card:
        """Take the top card out of play face down."""
        card = self.deal_one()
        self._burned.append(card)
        return card
