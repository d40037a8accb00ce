"""The hand's history: one event per thing that happened, in order.

Every change to a hand is an event: forced bets, deals, burns, every action, returned
uncalled bets, shows and mucks, and the chips each seat wins.  The list of events *is*
the hand history (PHH and the readable log are written from it); a seat's
:class:`~pokerroom.engine.view.PlayerView` gets the same events with what it may not
see (other hole cards, burns) left out.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from pokerroom.cards import Card, format_cards
from pokerroom.engine.actions import Street

__all__ = ["Event", "EventKind"]


class EventKind(Enum):
    """What happened."""

    ANTE = "ante"
    BLIND = "blind"
    STRADDLE = "straddle"
    DEAL = "deal"  # hole cards to a seat
    BURN = "burn"
    BOARD = "board"  # community cards
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    RETURN = "return"  # an uncalled bet goes back to its owner
    SHOW = "show"
    MUCK = "muck"
    WIN = "win"  # chips a seat takes from the pot


# The order of EventKind, for the compact tuples the hand records internally.
KINDS: tuple[EventKind, ...] = tuple(EventKind)
(
    ANTE, BLIND, STRADDLE, DEAL, BURN, BOARD, FOLD, CHECK, CALL, BET, RAISE, RETURN, SHOW, MUCK,
    WIN,
) = range(len(KINDS))  # fmt: skip


class Event(NamedTuple):
    """One event.

    ``seat`` is -1 for the dealer's events (burns, board); ``amount`` the chips moved
    (posted, called, added by a bet or raise, returned, won); ``total`` the seat's chips
    in front of it this betting round after a bet or raise (the *to* amount); ``cards``
    the cards dealt, burned or shown (empty when hidden from the viewer); ``all_in``, on
    an event that puts chips in (an ante, a blind, a straddle, a call, a bet or a raise),
    whether the seat has no chips left after it (False on every other event); ``value``
    the hand value shown or announced.
    """

    kind: EventKind
    street: Street
    seat: int = -1
    amount: int = 0
    total: int = 0
    cards: tuple[Card, ...] = ()
    all_in: bool = False
    value: int | None = None

    def __str__(self) -> str:
        who = f"seat {self.seat} " if self.seat >= 0 else ""
        k = self.kind
        if k in (EventKind.DEAL, EventKind.BOARD, EventKind.BURN, EventKind.SHOW):
            cards = format_cards(self.cards) if self.cards else "??"
            verb = {
                EventKind.DEAL: "is dealt", EventKind.BOARD: "board", EventKind.BURN: "burn",
                EventKind.SHOW: "shows",
            }[k]  # fmt: skip
            text = f"{who}{verb} {cards}"
            if k is EventKind.SHOW and self.value is not None:
                from pokerroom.evaluator import describe

                text += f" ({describe(self.value)})"
            return text
        if k in (EventKind.BET, EventKind.RAISE):
            text = f"{who}{'bets' if k is EventKind.BET else 'raises to'} {self.total}"
        elif k in (EventKind.FOLD, EventKind.CHECK, EventKind.MUCK):
            text = f"{who}{k.value}s" if k is not EventKind.MUCK else f"{who}mucks"
        elif k is EventKind.RETURN:
            text = f"{who}takes back {self.amount} uncalled"
        elif k is EventKind.WIN:
            text = f"{who}wins {self.amount}"
        elif k is EventKind.CALL:
            text = f"{who}calls {self.amount}"
        else:
            text = f"{who}posts {k.value} {self.amount}"
        return text + (" (all-in)" if self.all_in else "")
