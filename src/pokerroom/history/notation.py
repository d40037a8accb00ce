"""PHH action notation: ``d dh p1 AcKs``, ``d db Jc3d5c``, ``p2 cbr 300``, ``p1 sm -``.

One value, one notation, both ways (``PHHAction.parse`` / ``str``):

>>> a = PHHAction.parse("p3 cbr 7000  # Dwan opens")
>>> a.verb, a.player, a.amount, a.comment
(<Verb.BET: 'cbr'>, 2, 7000, 'Dwan opens')
>>> str(a)
'p3 cbr 7000 # Dwan opens'
>>> str(PHHAction.parse("d dh p2 ????"))
'd dh p2 ????'
>>> PHHAction.parse("p1 sm").is_muck
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from pokerroom.cards import CARD_CHARS, Card, CardError
from pokerroom.history.errors import PHHError

__all__ = [
    "Amount",
    "PHHAction",
    "Verb",
    "format_amount",
    "format_phh_cards",
    "parse_amount",
    "parse_phh_cards",
]

Amount = int | Decimal
"""A chip amount as a PHH file writes it: an int, or a Decimal for fractions (``10162.5``)."""

UNKNOWN = "??"


class Verb(StrEnum):
    """What an action does (the second word of the notation)."""

    DEAL_HOLE = "dh"
    DEAL_BOARD = "db"
    BRING_IN = "pb"
    BET = "cbr"  # complete, bet or raise to an amount on this street
    CALL = "cc"  # check or call
    FOLD = "f"
    DISCARD = "sd"  # stand pat or discard (draw games)
    SHOW = "sm"  # show or muck
    NOOP = ""  # an empty action or a standalone comment


_PLAYER = re.compile(r"p([1-9][0-9]*)")
_AMOUNT = re.compile(r"[0-9]+(\.[0-9]*)?|\.[0-9]+")


def parse_amount(text: str) -> Amount:
    """A non-negative amount: ``'300'`` is an int, ``'10162.5'`` a Decimal.

    >>> parse_amount("300"), parse_amount("0.25")
    (300, Decimal('0.25'))
    """
    if not _AMOUNT.fullmatch(text):
        raise PHHError(f"not an amount: {text!r} (write a number like 300 or 2.5)")
    return int(text) if "." not in text else Decimal(text)  # the pattern admits decimals only


def format_amount(amount: Amount) -> str:
    """The notation of an amount (an int stays an int; a Decimal keeps its digits)."""
    return str(amount)


def parse_phh_cards(text: str) -> tuple[Card | None, ...]:
    """Cards written together (``AcKs``), ``??`` for an unknown card (``None``).

    >>> parse_phh_cards("Jc3d??")
    (Card.parse('Jc'), Card.parse('3d'), None)
    """
    if not text or len(text) % 2:
        raise PHHError(
            f"not cards: {text!r} (write each card as two characters, like 'AcKs'; "
            f"'??' is an unknown card)"
        )
    out: list[Card | None] = []
    for i in range(0, len(text), 2):
        chunk = text[i : i + 2]
        if chunk == UNKNOWN:
            out.append(None)
            continue
        try:
            out.append(Card.parse(chunk))
        except CardError:
            raise PHHError(
                f"not a card: {chunk!r} in {text!r} (a card is a rank 2-9, T, J, Q, K, A and "
                f"a suit c, d, h, s, like 'As'; '??' is an unknown card)"
            ) from None
    known = [c for c in out if c is not None]
    if len(set(known)) != len(known):
        dup = next(c for c in known if known.count(c) > 1)
        raise PHHError(f"the card {dup} appears twice in {text!r}")
    return tuple(out)


def format_phh_cards(cards: Sequence[Card | int | None]) -> str:
    """The PHH text of some cards (no separators, ``??`` for unknown)."""
    return "".join(UNKNOWN if c is None else CARD_CHARS[int(c)] for c in cards)


@dataclass(frozen=True, slots=True)
class PHHAction:
    """One entry of a PHH ``actions`` array.

    ``player`` is 0-based (``p1`` is 0): the actor for player actions, the player dealt
    to for ``dh``, ``None`` for ``db`` and no-ops.  ``cards`` holds ``None`` for each
    unknown card; it is ``None`` itself when the action has no cards (``sm`` = muck).
    ``show_dealt`` is ``sm -`` (show the cards dealt earlier).
    """

    verb: Verb
    player: int | None = None
    cards: tuple[Card | None, ...] | None = None
    amount: Amount | None = None
    show_dealt: bool = False
    comment: str | None = None

    @classmethod
    def parse(cls, text: str) -> PHHAction:
        """Parse one action; :class:`PHHError` (without a place; callers add it) if bad."""
        body, _, comment = text.partition("#")
        note = comment.strip() if _ else None
        words = body.split()
        if not words:
            return cls(Verb.NOOP, comment=note)
        actor, *rest = words
        if actor == "d":
            return cls._parse_dealer(rest, note)
        m = _PLAYER.fullmatch(actor)
        if m is None:
            raise PHHError(
                f"unknown actor {actor!r} (the actor is 'd' for the dealer or 'p1', 'p2', ...)"
            )
        player = int(m.group(1)) - 1
        if not rest:
            raise PHHError(f"no action after {actor!r} (actions: cbr, cc, f, sm, pb, sd)")
        verb_text, *args = rest
        try:
            verb = Verb(verb_text)
        except ValueError:
            verb = Verb.NOOP
        if verb in (Verb.DEAL_HOLE, Verb.DEAL_BOARD, Verb.NOOP):
            raise PHHError(
                f"unknown player action {verb_text!r} (player actions: cbr AMOUNT, cc, f, "
                f"sm [CARDS], pb, sd [CARDS])"
            )
        if verb is Verb.BET:
            if len(args) != 1:
                raise PHHError("'cbr' takes one amount, the total to bet or raise to")
            amount = parse_amount(args[0])
            if not amount > 0:
                raise PHHError(f"'cbr' needs a positive amount, not {args[0]!r}")
            return cls(verb, player, amount=amount, comment=note)
        if verb in (Verb.CALL, Verb.FOLD, Verb.BRING_IN):
            if args:
                raise PHHError(f"{verb.value!r} takes no argument, got {' '.join(args)!r}")
            return cls(verb, player, comment=note)
        if len(args) > 1:
            raise PHHError(f"{verb.value!r} takes at most one argument (the cards, together)")
        if not args:
            return cls(verb, player, comment=note)
        if verb is Verb.SHOW and args[0] == "-":
            return cls(verb, player, show_dealt=True, comment=note)
        return cls(verb, player, cards=parse_phh_cards(args[0]), comment=note)

    @classmethod
    def _parse_dealer(cls, rest: list[str], note: str | None) -> PHHAction:
        if not rest:
            raise PHHError("no action after 'd' (dealer actions: 'dh pN CARDS', 'db CARDS')")
        verb_text, *args = rest
        if verb_text == "db":
            if len(args) != 1:
                raise PHHError("'d db' takes the board cards, written together ('d db Jc3d5c')")
            return cls(Verb.DEAL_BOARD, cards=parse_phh_cards(args[0]), comment=note)
        if verb_text == "dh":
            if len(args) != 2 or _PLAYER.fullmatch(args[0]) is None:
                raise PHHError("'d dh' takes a player and cards ('d dh p1 AcKs')")
            player = int(args[0][1:]) - 1
            return cls(Verb.DEAL_HOLE, player, cards=parse_phh_cards(args[1]), comment=note)
        raise PHHError(f"unknown dealer action {verb_text!r} (dealer actions: dh, db)")

    @property
    def is_muck(self) -> bool:
        return self.verb is Verb.SHOW and self.cards is None and not self.show_dealt

    @property
    def known_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards or () if c is not None)

    def __str__(self) -> str:
        words: list[str] = []
        if self.verb is Verb.DEAL_BOARD:
            words = ["d", "db", format_phh_cards(self.cards or ())]
        elif self.verb is Verb.DEAL_HOLE:
            words = ["d", "dh", f"p{(self.player or 0) + 1}", format_phh_cards(self.cards or ())]
        elif self.verb is not Verb.NOOP:
            words = [f"p{(self.player or 0) + 1}", self.verb.value]
            if self.amount is not None:
                words.append(format_amount(self.amount))
            if self.show_dealt:
                words.append("-")
            elif self.cards is not None:
                words.append(format_phh_cards(self.cards))
        if self.comment is not None:
            words.append(f"# {self.comment}" if self.comment else "#")
        return " ".join(words)
