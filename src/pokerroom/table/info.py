"""What the table tells the players and its log: the game's and each hand's start, the
finishing order, and the table's own events (the first button, levels, eliminations).

Everything here is public: a player at a real table could see all of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from pokerroom.cards import Card, format_cards
from pokerroom.rules import Rules

__all__ = [
    "FirstButton",
    "GameStart",
    "HandStart",
    "StaleViewError",
    "Standing",
    "TableError",
    "TableEvent",
    "TableEventKind",
]


class TableError(RuntimeError):
    """An operation the table cannot do now (no hand in play, the game is over...), or a
    table that cannot be set up; the message says why and what is possible."""


class StaleViewError(TableError):
    """A view handed to a player for one decision was read after the table moved on."""


class FirstButton(Enum):
    """How the first button is chosen (``rules.md`` §3), when it is not a given seat."""

    RANDOM = "random"
    """A seat drawn from the table's random source."""
    FIRST_JACK = "first-jack"
    """000's procedure: cards dealt face up one at a time from the left of seat 0 until a
    jack appears; that seat gets the button (the cards are in the table's log)."""


@dataclass(frozen=True, slots=True)
class GameStart:
    """What a player is told before the game (001): the number of players, its own seat
    and the button, with the rules, the names and the starting stacks.  ``seat`` is -1
    for a spectator.  ``hand`` is the number of hands dealt so far (0 for a new game; more
    when a saved game is resumed, the hand in play included)."""

    rules: Rules
    players: int
    seat: int
    button: int
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    reset_stacks: bool
    hand: int = 0


class HandStart(NamedTuple):
    """What every player is told before a hand: its number (from 1), the button, every
    seat's stack (0: out of the game), the seats dealt in, the level and its rules.
    (A named tuple: one is made for every hand.)"""

    number: int
    button: int
    stacks: tuple[int, ...]
    seats: tuple[int, ...]
    level: int
    rules: Rules


@dataclass(frozen=True, slots=True)
class Standing:
    """A seat's place in the finishing order (1 is the winner).

    ``hand`` is the hand in which it went out (for the winner, the last hand), ``stack``
    its chips at the start of that hand.  Seats out in the same hand are placed by those
    chips, more chips finishing higher; equal chips share the place (the tournament
    convention, TDA)."""

    seat: int
    place: int
    hand: int
    stack: int


class TableEventKind(Enum):
    BUTTON = "button"  # the first button (with the cards dealt by 000's procedure)
    LEVEL = "level"  # a new blind level starts
    OUT = "out"  # a seat has no chips left
    OVER = "over"  # the game is over


@dataclass(frozen=True, slots=True)
class TableEvent:
    """One line of the table's log.  ``cards`` are the cards dealt face up for the first
    button, the first to seat ``(0 + 1) % players`` and so on clockwise."""

    kind: TableEventKind
    hand: int
    seat: int = -1
    detail: str = ""
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.kind is TableEventKind.BUTTON and self.cards:
            return (f"cards dealt face up from the left of seat 0: {format_cards(self.cards)}; "
                    f"the first jack gives seat {self.seat} the button")  # fmt: skip
        if self.kind is TableEventKind.BUTTON:
            return f"seat {self.seat} has the first button ({self.detail})"
        if self.kind is TableEventKind.OUT:
            return f"seat {self.seat} is out in hand {self.hand} ({self.detail})"
        return f"{self.detail}"
