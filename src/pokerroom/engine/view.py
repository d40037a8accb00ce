"""What one seat may know (:class:`PlayerView`), and the result of a finished hand.

A view carries the seat's own hole cards, the board, the chips of every seat, the
action so far and the cards shown at the showdown — never another seat's hole cards
before they are shown, never a burn card, never the deck.  Bots, the terminal game and
the network dealer only ever get views.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.cards import Card
from pokerroom.engine.actions import LegalActions, Street
from pokerroom.engine.events import Event
from pokerroom.engine.pots import Pot
from pokerroom.rules import Rules

__all__ = ["HandResult", "PlayerView", "make_view"]


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: stacks before and after, chips won, the pots they came from.

    ``won[i]`` is what seat ``i`` took from the pot (0 for losers); ``net[i]`` its gain or
    loss over the hand.  ``pots`` are those of :func:`pokerroom.engine.pots.award`: main
    pot first, then side pots (or the steps of 001's proportional split).
    """

    starting: tuple[int, ...]
    stacks: tuple[int, ...]
    won: tuple[int, ...]
    pots: tuple[Pot, ...]
    shown: tuple[tuple[Card, ...] | None, ...]

    @property
    def net(self) -> tuple[int, ...]:
        pairs = zip(self.starting, self.stacks, strict=True)
        return tuple([after - before for before, after in pairs])

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that took chips from the pot."""
        return tuple(seat for seat, chips in enumerate(self.won) if chips)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The hand as seat ``seat`` sees it.

    Per-seat tuples are indexed by seat.  ``bets`` are the chips in front of each seat in
    this betting round, ``committed`` everything each seat put in this hand; ``shown``
    holds the cards a seat showed (``None`` while unseen).  ``legal`` is set only when
    this seat is to act.  ``result`` is set once the hand is over.  ``to_match`` is the bet
    every seat must match this round (a blind posted short still counts in full, so it
    can exceed every seat's bet).
    """

    rules: Rules
    seat: int
    button: int
    street: Street
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    committed: tuple[int, ...]
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    shown: tuple[tuple[Card, ...] | None, ...]
    to_act: int | None
    legal: LegalActions | None
    events: tuple[Event, ...]
    result: HandResult | None
    to_match: int = 0

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def pot(self) -> int:
        """Every chip put in this hand so far (this round's bets included)."""
        return sum(self.committed)

    @property
    def to_call(self) -> int:
        """What this seat owes to stay in."""
        return max(self.to_match, *self.bets) - self.bets[self.seat]

    @property
    def is_my_turn(self) -> bool:
        return self.to_act == self.seat


class _Made:
    """A :class:`PlayerView` being made: its slots, in its order, writable, until it
    becomes one (a frozen dataclass's own ``__init__`` sets each of its 17 fields through
    ``object.__setattr__``, five times the work; a view is made for every decision)."""

    __slots__ = PlayerView.__slots__

    rules: Rules
    seat: int
    button: int
    street: Street
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    committed: tuple[int, ...]
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    shown: tuple[tuple[Card, ...] | None, ...]
    to_act: int | None
    legal: LegalActions | None
    events: tuple[Event, ...]
    result: HandResult | None
    to_match: int


_new = object.__new__


def make_view(  # noqa: PLR0917 - the fields in their order, as the engine makes them
    rules: Rules,
    seat: int,
    button: int,
    street: Street,
    hole: tuple[Card, ...],
    board: tuple[Card, ...],
    stacks: tuple[int, ...],
    bets: tuple[int, ...],
    committed: tuple[int, ...],
    folded: tuple[bool, ...],
    all_in: tuple[bool, ...],
    shown: tuple[tuple[Card, ...] | None, ...],
    to_act: int | None,
    legal: LegalActions | None,
    events: tuple[Event, ...],
    result: HandResult | None,
    to_match: int = 0,
) -> PlayerView:
    """``PlayerView(...)`` with the same arguments, made faster.

    >>> from pokerroom.engine import Hand
    >>> from pokerroom.rules import Rules
    >>> import random
    >>> v = Hand(Rules.preset("casino-limit"), [100, 100], rng=random.Random(1)).view(0)
    >>> fields = [getattr(v, name) for name in PlayerView.__slots__]
    >>> made = make_view(*fields)
    >>> type(made) is PlayerView and made == PlayerView(*fields)
    True
    """
    view = _new(_Made)
    view.rules = rules
    view.seat = seat
    view.button = button
    view.street = street
    view.hole = hole
    view.board = board
    view.stacks = stacks
    view.bets = bets
    view.committed = committed
    view.folded = folded
    view.all_in = all_in
    view.shown = shown
    view.to_act = to_act
    view.legal = legal
    view.events = events
    view.result = result
    view.to_match = to_match
    view.__class__ = PlayerView  # type: ignore[assignment]  # (the same slots: it is one now)
    return view  # type: ignore[return-value]
