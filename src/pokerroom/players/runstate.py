"""What a :class:`~pokerroom.players.runner.Runner` keeps of a game besides the table:
the players' faults, and what the players have been told.  Plain values, which the
runner makes and :mod:`pokerroom.players.saved` writes and reads back.

>>> from pokerroom.engine import Action
>>> print(Fault(3, 1, "bot", FaultKind.TIMEOUT, "act", "2.1 s over 2 s", Action.fold()))
hand 3, seat 1 (bot) act: timeout: 2.1 s over 2 s; played fold instead
>>> Told(started=True, hand=3, closed=False, events=5, finished=False)._asdict()["events"]
5
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from pokerroom.engine import Action

__all__ = ["Fault", "FaultKind", "Told"]


class FaultKind(Enum):
    EXCEPTION = "exception"  # the player raised
    GARBAGE = "garbage"  # it returned something that is not an Action
    ILLEGAL = "illegal"  # an Action the rules do not allow now
    TIMEOUT = "timeout"  # it answered after its budget


@dataclass(frozen=True, slots=True)
class Fault:
    """Something a player did wrong.  ``where`` is the method (``act``, ``announce``,
    ``observe``...); ``action`` the default action played for it (None when it was a
    notification)."""

    hand: int
    seat: int
    player: str
    kind: FaultKind
    where: str
    detail: str
    action: Action | None = None

    def __str__(self) -> str:
        did = f"; played {self.action} instead" if self.action is not None else ""
        return (f"hand {self.hand}, seat {self.seat} ({self.player}) {self.where}: "
                f"{self.kind.value}: {self.detail}{did}")  # fmt: skip



class Told(NamedTuple):
    """What a runner's players have been told: whether the game was announced
    (``started``), the last hand announced (``hand``) and whether its end was
    (``closed``), how many of its public events were sent (``events``), and whether the
    end of the game was (``finished``)."""

    started: bool
    hand: int
    closed: bool
    events: int
    finished: bool
