"""What a store of saved games and hand histories gives back and raises, wherever it
keeps them.

The storage adapter keeps them in SQLite (:class:`pokerroom.storage.saves.Store`); the
terminal game uses a store that ``pokerroom play`` gives it
(:class:`pokerroom.tui.store.SaveStore` says what it asks of one).  Both import these
records and errors from here, so that neither adapter imports the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["DamagedStoreError", "HistoryError", "SaveError", "SaveSlot", "SavedGame", "StoredHand"]


class SaveError(Exception):
    """A save that cannot be loaded or written; the message says which and why."""


class DamagedStoreError(SaveError):
    """The save file itself is damaged (or is no database): nothing in it can be read or
    written until it is moved aside (``move_aside()``).  ``path`` is the file."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


class HistoryError(SaveError):
    """A hand that would rewrite a game's history (another hand under a number kept)."""


@dataclass(frozen=True, slots=True)
class SaveSlot:
    """A save as the Load screen lists it (its data not read)."""

    slot: str
    saved_at: str
    summary: str
    format: int
    version: str


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A save read back and checked (``format``: of its data, 1 to the store's
    :data:`~pokerroom.storage.saves.SAVE_FORMAT`)."""

    slot: str
    saved_at: str
    data: dict[str, Any]
    format: int


@dataclass(frozen=True, slots=True)
class StoredHand:
    """One hand of a game's history: its number, a one-line summary and its PHH text."""

    game: int
    number: int
    summary: str
    phh: str
