"""One hand of hold'em as a pure state machine (``rules.md`` §3–9, §12–13).

>>> from pokerroom.engine import Hand, Action
>>> from pokerroom.rules import Rules
>>> import random
>>> hand = Hand(Rules.preset("casino-limit"), [100] * 4, rng=random.Random(1))
>>> str(hand.legal_actions())
'fold, call 2, raise to 4'
"""

from __future__ import annotations

from pokerroom.conventions import OddChip, TieSplit
from pokerroom.engine.actions import (
    Action,
    ActionKind,
    IllegalAction,
    LegalActions,
    Street,
    default_action,
    random_action,
)
from pokerroom.engine.deal import deal_order, stacked_deck
from pokerroom.engine.events import Event, EventKind
from pokerroom.engine.hand import Hand, HandError
from pokerroom.engine.pots import Award, Pot, award
from pokerroom.engine.view import HandResult, PlayerView

__all__ = [
    "Action", "ActionKind", "Award", "Event", "EventKind", "Hand", "HandError", "HandResult",
    "IllegalAction", "LegalActions", "OddChip", "PlayerView", "Pot", "Street", "TieSplit",
    "award", "deal_order", "default_action", "random_action", "stacked_deck",
]  # fmt: skip
