"""Exit statuses, and which exceptions are the user's to fix (one line, exit status 2).

Every command exits with one of :data:`EXIT_CODES` (the table ``pokerroom --help`` and
the README print).  The statuses follow ``diff`` and ``cmp``: 1 means the command ran
and found something (``--check``: a hand differs), 2 means it could not do what it was
asked (a bad option, card, file), and 2 wins when both happen.
"""

from __future__ import annotations

import importlib
import textwrap
from typing import Final

__all__ = [
    "CLOSED",
    "EXIT_CODES",
    "FOUND",
    "INTERRUPTED",
    "OK",
    "USAGE",
    "Interrupted",
    "UsageError",
    "exit_code_table",
    "user_errors",
]

OK: Final = 0
FOUND: Final = 1
USAGE: Final = 2
INTERRUPTED: Final = 130  # 128 + SIGINT, as a shell reports Ctrl-C
CLOSED: Final = 141  # 128 + SIGPIPE, as a shell reports a reader that stopped (| head)

EXIT_CODES: Final = (
    (OK, "done (with --check: every hand replays to its recorded result)"),
    (
        FOUND,
        "done, and found a problem in the data: a recorded hand the rules refuse, or "
        "(--check) one whose result differs from the record",
    ),
    (
        USAGE,
        "an error you can fix: a bad option, card, range, or a file that cannot be read; "
        "one line on standard error names it (2 wins over 1)",
    ),
    (INTERRUPTED, "interrupted (Ctrl-C)"),
    (CLOSED, "the reader closed the output early (like | head): the command stopped quietly"),
)
"""(status, meaning) for every status a command can exit with."""


def exit_code_table() -> str:
    """The statuses as ``pokerroom --help`` prints them."""
    lines = ["exit status:"]
    for code, text in EXIT_CODES:
        lines += textwrap.wrap(
            text, 79, initial_indent=f"  {code:<5}", subsequent_indent=" " * 7
        )
    return "\n".join(lines)


class UsageError(Exception):
    """A problem with what the user typed."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, with what the command kept (``str()``: one line, like ``3 of 60 games are
    in r.db; --resume plays the rest``)."""


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
    ("pokerroom.players", "PlayerLoadError"),
    ("pokerroom.table", "TableError"),
    ("pokerroom.tournament.freezeout", "TournamentError"),
    ("pokerroom.tournament.executor", "ExecutorError"),
    ("pokerroom.storage.results", "ResultsError"),
    ("pokerroom.storage.room", "RoomDBError"),
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
