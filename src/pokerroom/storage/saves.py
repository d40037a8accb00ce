"""Saved games and hand histories in one SQLite file.

A save is a named slot holding plain data (JSON) with the save format, the pokerroom
version that wrote it and a SHA-256 checksum of the data.  Loading refuses a save of
another format and a damaged one (bad checksum, unreadable data) with a
:class:`SaveError` that says which and why; nothing is ever half-loaded.  Every write
is one transaction, so a crash leaves the previous save whole.

>>> import tempfile, pathlib
>>> where = pathlib.Path(tempfile.mkdtemp()) / "pokerroom.db"
>>> store = Store(where, clock=lambda: "2026-01-01 12:00")
>>> store.save("before the river", {"stacks": [990, 1010]}, summary="hand 3")
>>> store.load("before the river").data
{'stacks': [990, 1010]}
>>> [(s.slot, s.summary, s.saved_at) for s in store.slots()]
[('before the river', 'hand 3', '2026-01-01 12:00')]
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from pokerroom import __version__

__all__ = ["SAVE_FORMAT", "SaveError", "SaveSlot", "SavedGame", "Store", "StoredHand", "checksum"]

SAVE_FORMAT = 1
"""The format of the data in a save; a save of another format is refused."""
_SCHEMA = 1

_TABLES = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS saves (
    slot TEXT PRIMARY KEY,
    saved_at TEXT NOT NULL,
    format INTEGER NOT NULL,
    version TEXT NOT NULL,
    summary TEXT NOT NULL,
    data TEXT NOT NULL,
    checksum TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    started_at TEXT NOT NULL,
    title TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS hands (
    game INTEGER NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    summary TEXT NOT NULL,
    phh TEXT NOT NULL,
    PRIMARY KEY (game, number)
);
"""


class SaveError(Exception):
    """A save that cannot be loaded or written; the message says which and why."""


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
    """A save read back and checked."""

    slot: str
    saved_at: str
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class StoredHand:
    """One hand of a game's history: its number, a one-line summary and its PHH text."""

    game: int
    number: int
    summary: str
    phh: str


def checksum(text: str) -> str:
    """The SHA-256 of the save's data, as hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _now() -> str:
    return datetime.now().strftime("%Y-%m-%d %H:%M")


class Store:
    """The SQLite file of saves and hand histories (created on first use)."""

    def __init__(self, path: str | Path, *, clock: Callable[[], str] = _now) -> None:
        self.path = Path(path)
        self._clock = clock

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with closing(sqlite3.connect(self.path)) as db:
                with db:
                    db.executescript(_TABLES)
                    db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(_SCHEMA),))
                with db:
                    yield db
        except sqlite3.DatabaseError as exc:
            raise SaveError(f"the save file {self.path} is damaged or unreadable ({exc})") from None
        except OSError as exc:
            raise SaveError(f"the save file {self.path} cannot be opened ({exc})") from None

    # ------------------------------------------------------------------- saves

    def save(self, slot: str, data: dict[str, Any], *, summary: str = "") -> None:
        """Write ``data`` to ``slot`` (replacing what it held) in one transaction."""
        slot = slot.strip()
        if not slot:
            raise SaveError("a save needs a name")
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        with self._db() as db:
            db.execute(
                "INSERT OR REPLACE INTO saves VALUES (?, ?, ?, ?, ?, ?, ?)",
                (slot, self._clock(), SAVE_FORMAT, __version__, summary, text, checksum(text)),
            )

    def slots(self) -> list[SaveSlot]:
        """Every save, the most recent first."""
        with self._db() as db:
            rows = db.execute(
                "SELECT slot, saved_at, summary, format, version FROM saves "
                "ORDER BY saved_at DESC, rowid DESC"
            ).fetchall()
        return [SaveSlot(str(a), str(b), str(c), int(d), str(e)) for a, b, c, d, e in rows]

    def latest(self) -> SaveSlot | None:
        """The most recent save (what Continue loads)."""
        slots = self.slots()
        return slots[0] if slots else None

    def load(self, slot: str) -> SavedGame:
        """Read and check a save: refused if it is of another format or damaged."""
        with self._db() as db:
            row = db.execute(
                "SELECT saved_at, format, version, data, checksum FROM saves WHERE slot = ?",
                (slot,),
            ).fetchone()
        if row is None:
            raise SaveError(f"there is no save named {slot!r}")
        saved_at, fmt, version, text, digest = row
        if fmt != SAVE_FORMAT:
            raise SaveError(
                f"save {slot!r} was written by pokerroom {version} in save format {fmt}; "
                f"this pokerroom ({__version__}) reads format {SAVE_FORMAT} only, "
                f"so it cannot load it"
            )
        if not isinstance(text, str) or checksum(text) != digest:
            raise SaveError(
                f"save {slot!r} is damaged: its data does not match its checksum "
                f"(it was changed or cut short after it was written), so it cannot be loaded"
            )
        try:
            data = json.loads(text)
        except ValueError:
            raise SaveError(f"save {slot!r} is damaged: its data is not readable") from None
        if not isinstance(data, dict):
            raise SaveError(f"save {slot!r} is damaged: its data is not a saved game")
        return SavedGame(slot, str(saved_at), data)

    def delete(self, slot: str) -> None:
        with self._db() as db:
            db.execute("DELETE FROM saves WHERE slot = ?", (slot,))

    # ----------------------------------------------------------- hand histories

    def new_game(self, title: str) -> int:
        """Start a game's history; returns its id."""
        with self._db() as db:
            cursor = db.execute(
                "INSERT INTO games (started_at, title) VALUES (?, ?)", (self._clock(), title)
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def add_hand(self, game: int, number: int, summary: str, phh: str) -> None:
        with self._db() as db:
            db.execute(
                "INSERT OR REPLACE INTO hands VALUES (?, ?, ?, ?)", (game, number, summary, phh)
            )

    def games(self) -> list[tuple[int, str, str, int]]:
        """Every game with a history: id, start, title and number of hands, newest first."""
        with self._db() as db:
            rows = db.execute(
                "SELECT g.id, g.started_at, g.title, COUNT(h.number) FROM games g "
                "JOIN hands h ON h.game = g.id GROUP BY g.id ORDER BY g.id DESC"
            ).fetchall()
        return [(int(a), str(b), str(c), int(d)) for a, b, c, d in rows]

    def hands(self, game: int) -> list[StoredHand]:
        with self._db() as db:
            rows = db.execute(
                "SELECT number, summary, phh FROM hands WHERE game = ? ORDER BY number",
                (game,),
            ).fetchall()
        return [StoredHand(game, int(a), str(b), str(c)) for a, b, c in rows]
