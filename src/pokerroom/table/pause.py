"""Why the table's loop over decisions handed control back to its driver.

:class:`~pokerroom.table.Table` asks the deciders it is given (a player's ``act``, for
instance) for every pending decision of the hand in play and takes their answers, until
the hand is over or something needs its driver: a seat with no decider, a decider that
raised, answered late or answered something the table cannot take.  The runner
(:mod:`pokerroom.players.runner`) drives the table this way and turns each
:class:`Pause` into its policy: a fault and the default action, a seat played from
outside, the players told of what happened.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import NamedTuple

from pokerroom.engine import PlayerView

__all__ = ["Decide", "Deciders", "Hands", "Pause", "PauseKind"]

Decide = Callable[[PlayerView, float], object]
"""A decider: the view of a decision and the seconds it may take, in; an answer out."""


class PauseKind(Enum):
    NO_DECIDER = "no decider"  # the seat to act has none (detail: None)
    RAISED = "raised"  # the decider raised (detail: the exception)
    LATE = "late"  # it answered after its budget (detail: the seconds it took)
    NOT_AN_ACTION = "not an action"  # detail: what it answered
    ILLEGAL = "illegal"  # an action the rules refuse now (detail: the IllegalAction)
    ACTED = "acted"  # an action was taken, and the driver asked to hear of each one


class Pause(NamedTuple):
    """The table stopped at ``seat``'s decision (for :attr:`PauseKind.ACTED`, after it)
    for ``kind``; ``detail`` says more (see :class:`PauseKind`).  Whatever the kind, the
    hand is as it was before the answer that paused it (only ``ACTED`` took one)."""

    kind: PauseKind
    seat: int
    detail: object


class Deciders(NamedTuple):
    """Who the table's loop asks for each decision, and how it times them: ``acts[seat]``
    for the bets, ``announce[seat]`` for the showdown decisions of a hand dealt without
    ``auto_showdown`` (None: the seat has no decider); ``read`` the clock in seconds
    (``float``: no time passes), ``budget`` the seconds an answer may take; ``each``: hand
    control back after every action taken (:attr:`PauseKind.ACTED`)."""

    acts: Sequence[Decide | None]
    announce: Sequence[Decide | None]
    read: Callable[[], float]
    budget: float
    each: bool


class Hands(NamedTuple):
    """How the table's loop goes on from one hand to the next, to the end of the game:
    ``after()`` when a hand is over, then the next hand dealt (with ``auto_showdown``:
    the showdown played the default way, nobody asked) and ``before()`` called, if
    given, before its first decision."""

    auto_showdown: bool
    before: Callable[[], object] | None
    after: Callable[[], object]
