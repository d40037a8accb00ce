"""Which exceptions are the user's to fix (printed as one line, exit status 2)."""

from __future__ import annotations

import importlib

__all__ = ["UsageError", "user_errors"]


class UsageError(Exception):
    """A problem with what the user typed."""


# (module, exception class name): each part adds its own input errors here.
_USER_ERRORS = (
    ("pokerroom.cards", "CardError"),
    ("pokerroom.cards", "DeckError"),
    ("pokerroom.rules", "RulesError"),
    ("pokerroom.engine.actions", "IllegalAction"),
    ("pokerroom.engine.hand", "HandError"),
    ("pokerroom.history.errors", "HistoryError"),
    ("pokerroom.ranges", "RangeError"),
    ("pokerroom.equity", "EquityError"),
    ("pokerroom.solver.abstraction", "AbstractionError"),
    ("pokerroom.solver.betting", "BettingError"),
    ("pokerroom.solver.strategy", "StrategyError"),
)


def user_errors() -> tuple[type[BaseException], ...]:
    found: list[type[BaseException]] = [UsageError, OSError]
    for module, name in _USER_ERRORS:
        try:
            found.append(getattr(importlib.import_module(module), name))
        except (ImportError, AttributeError):  # pragma: no cover - part not installed
            continue
    return tuple(found)
