"""What the game asks of its save store.

``pokerroom play`` makes the store (:class:`pokerroom.storage.saves.Store`, one SQLite
file) and gives it to the app; the game never opens one itself.  Every method may raise
:class:`~pokerroom.savefile.SaveError` (:class:`~pokerroom.savefile.DamagedStoreError`
when the file itself is damaged), which the game catches and says.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from pokerroom.savefile import SavedGame, SaveSlot, StoredHand

__all__ = ["SaveStore"]


class SaveStore(Protocol):
    """Named saves of a game's data, and the games' hand histories."""

    def check(self) -> None:
        """Raise :class:`~pokerroom.savefile.DamagedStoreError` if the file is damaged."""

    def move_aside(self) -> Path:
        """Keep the (damaged) file under a new name, which it returns; start afresh."""

    def save(self, slot: str, data: dict[str, Any], *, summary: str = "") -> None: ...

    def slots(self) -> list[SaveSlot]:
        """Every save, the most recent first."""

    def latest(self) -> SaveSlot | None: ...

    def load(self, slot: str) -> SavedGame: ...

    def delete(self, slot: str) -> None: ...

    def new_game(self, title: str, *, hero: str | None = None) -> int:
        """Start a game's hand history (``hero``: the name of the player at the terminal,
        kept as given); returns its id."""

    def add_hand(self, game: int, number: int, summary: str, phh: str) -> None:
        """Keep hand ``number`` of ``game``; another hand under a number already kept is
        refused (:class:`~pokerroom.savefile.HistoryError`)."""

    def branch(self, game: int, number: int) -> int:
        """A new history holding ``game``'s hands before ``number``; returns its id."""

    def games(self) -> list[tuple[int, str, str, int, str | None]]:
        """Every game with a history: id, start, title, number of hands and hero (``None``
        for a game kept before heroes were), newest first."""

    def hands(self, game: int) -> list[StoredHand]: ...
