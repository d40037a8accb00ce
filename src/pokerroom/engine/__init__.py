"""One hand of hold'em as a pure state machine (``rules.md`` §3–9, §12–13).

>>> from pokerroom.engine import Hand, Action
>>> from pokerroom.rules import Rules
>>> import random
>>> hand = Hand(Rules.preset("casino-limit"), [100] * 4, rng=random.Random(1))
>>> str(hand.legal_actions())
'fold, call 2, raise to 4'

The names below are imported on first use, so that :mod:`pokerroom.rules` can import
:mod:`pokerroom.engine.pots` without pulling in the whole engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pokerroom.engine.actions import (
        Action,
        ActionKind,
        IllegalAction,
        LegalActions,
        Street,
        random_action,
    )
    from pokerroom.engine.deal import deal_order, stacked_deck
    from pokerroom.engine.events import Event, EventKind
    from pokerroom.engine.hand import Hand, HandError
    from pokerroom.engine.pots import Award, OddChip, Pot, TieSplit, award
    from pokerroom.engine.view import HandResult, PlayerView

_EXPORTS = {
    "Action": "actions", "ActionKind": "actions", "IllegalAction": "actions",
    "LegalActions": "actions", "Street": "actions", "random_action": "actions",
    "deal_order": "deal", "stacked_deck": "deal",
    "Event": "events", "EventKind": "events",
    "Hand": "hand", "HandError": "hand",
    "Award": "pots", "OddChip": "pots", "Pot": "pots", "TieSplit": "pots", "award": "pots",
    "HandResult": "view", "PlayerView": "view",
}  # fmt: skip

__all__ = [
    "Action", "ActionKind", "Award", "Event", "EventKind", "Hand", "HandError", "HandResult",
    "IllegalAction", "LegalActions", "OddChip", "PlayerView", "Pot", "Street", "TieSplit",
    "award", "deal_order", "random_action", "stacked_deck",
]  # fmt: skip


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'pokerroom.engine' has no attribute {name!r}")
    return getattr(importlib.import_module(f"pokerroom.engine.{module}"), name)
