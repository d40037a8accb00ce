"""Saved games and hand histories in one SQLite file.

A save is a named slot holding plain data (JSON) with the save format, the pokerroom
version that wrote it and a SHA-256 checksum of the data.  Loading refuses a save of
another format and a damaged one (bad checksum, unreadable data) with a
:class:`SaveError` that says which and why; nothing is ever half-loaded.  Every write
is one transaction, so a crash leaves the previous save whole.

A file SQLite finds damaged (or that is no database) raises
:class:`DamagedStoreError`, on which a program can act: :meth:`Store.move_aside` keeps
the file under a new name (with the time) and the next use starts a fresh one.  The
errors and the records a store gives back are :mod:`pokerroom.savefile`'s (named here
too), shared with the terminal game, which is given a store and never imports this.

A game's hand history only grows: :meth:`Store.add_hand` keeps a hand once, takes the
same hand again as a no-op, and refuses a different hand under a number already kept
(:class:`HistoryError`); :meth:`Store.branch` starts a new history from a game's first
hands, for a game that went another way from a saved point.  A history keeps its hero,
the name of the player at the terminal, beside its title (a file of schema 1, which kept
only the title, gains the column on first use, its games without a hero: ``None``).

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
import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from pokerroom import __version__
from pokerroom.savefile import (
    DamagedStoreError,
    HistoryError,
    SavedGame,
    SaveError,
    SaveSlot,
    StoredHand,
)

__all__ = [
    "SAVE_FORMAT",
    "DamagedStoreError",
    "HistoryError",
    "SaveError",
    "SaveSlot",
    "SavedGame",
    "Store",
    "StoredHand",
    "checksum",
]

SAVE_FORMAT = 2
"""The format of the data in the saves this version writes (2: the terminal game's save
holds its players' states); it reads formats 1 to this one, and refuses any other."""
_SCHEMA = 2
"""The tables' layout (2: a game's history keeps its hero); a file of schema 1 is brought
to 2 on first use, its games without a hero."""
_CORRUPT, _NOT_A_DATABASE = 11, 26  # SQLite's primary result codes (sqlite3.h)
_COMPANIONS = ("-journal", "-wal", "-shm")  # SQLite's files beside a database

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
    title TEXT NOT NULL,
    hero TEXT
);
CREATE TABLE IF NOT EXISTS hands (
    game INTEGER NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    summary TEXT NOT NULL,
    phh TEXT NOT NULL,
    PRIMARY KEY (game, number)
);
"""


def checksum(text: str) -> str:
    """The SHA-256 of the save's data, as hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _now() -> str:
    return datetime.now().strftime("%Y-%m-%d %H:%M")


def _migrate(db: sqlite3.Connection) -> None:
    """Bring a file of an earlier schema to this one: schema 1's games gain the column
    ``hero`` (empty, ``NULL``, for the games it kept)."""
    if "hero" not in {str(row[1]) for row in db.execute("PRAGMA table_info(games)")}:
        db.execute("ALTER TABLE games ADD COLUMN hero TEXT")
    db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(_SCHEMA),))
    db.execute(
        "UPDATE meta SET value = ? WHERE key = 'schema' AND CAST(value AS INTEGER) < ?",
        (str(_SCHEMA), _SCHEMA),
    )


class Store:
    """The SQLite file of saves and hand histories (created on first use).  ``clock``
    gives the time written with each save (default: now, to the minute); ``timeout`` the
    seconds to wait for another program using the file."""

    def __init__(
        self, path: str | Path, *, clock: Callable[[], str] | None = None, timeout: float = 5.0
    ) -> None:
        self.path = Path(path)
        self._clock = clock if clock is not None else _now
        self._timeout = timeout

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with closing(sqlite3.connect(self.path, timeout=self._timeout)) as db:
                with db:
                    db.executescript(_TABLES)
                    _migrate(db)
                with db:
                    yield db
        except sqlite3.DatabaseError as exc:
            if (getattr(exc, "sqlite_errorcode", 0) & 0xFF) in (_CORRUPT, _NOT_A_DATABASE):
                raise DamagedStoreError(
                    f"the save file {self.path} is damaged or unreadable ({exc}); move it "
                    "aside (it is kept) to start a fresh one",
                    self.path,
                ) from None
            raise SaveError(f"the save file {self.path} cannot be used ({exc})") from None
        except OSError as exc:
            raise SaveError(f"the save file {self.path} cannot be opened ({exc})") from None

    def check(self) -> None:
        """Read the whole file (SQLite's quick check): :class:`DamagedStoreError` if any of
        it is damaged, though the saves in use might still read."""
        with self._db() as db:
            problems = [str(row[0]) for row in db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise DamagedStoreError(
                f"the save file {self.path} is damaged ({'; '.join(problems[:3])}); move it "
                "aside (it is kept) to start a fresh one",
                self.path,
            )

    def move_aside(self) -> Path:
        """Rename the save file (and SQLite's files beside it) to keep it, with the time
        in the name, so that the next use starts a fresh file; returns the new name."""
        if not self.path.exists():
            raise SaveError(f"there is no save file {self.path} to move aside")
        stamp = re.sub(r"[^0-9A-Za-z]+", "-", self._clock()).strip("-")
        base = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        k = 1
        while any(Path(f"{base}{suffix}").exists() for suffix in ("", *_COMPANIONS)):
            k += 1
            base = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{k}")
        try:
            for suffix in ("", *_COMPANIONS):  # the database last but one: its journal too
                old = Path(f"{self.path}{suffix}")
                if old.exists():
                    old.rename(f"{base}{suffix}")
        except OSError as exc:
            raise SaveError(f"the save file {self.path} could not be moved aside ({exc})") from None
        return base

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
        """Every save, the most recent first: in the order they were written, whatever
        times the clock gave them (it keeps minutes, repeats an hour when summer time
        ends, and may be set back).  SQLite gives each row written one more than the
        largest rowid in the table (a slot saved again is written anew), so the rowid
        counts the writes."""
        with self._db() as db:
            rows = db.execute(
                "SELECT slot, saved_at, summary, format, version FROM saves ORDER BY rowid DESC"
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
        if type(fmt) is not int or not 1 <= fmt <= SAVE_FORMAT:
            raise SaveError(
                f"save {slot!r} was written by pokerroom {version} in save format {fmt}; "
                f"this pokerroom ({__version__}) reads formats 1 to {SAVE_FORMAT} only, "
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
        return SavedGame(slot, str(saved_at), data, fmt)

    def delete(self, slot: str) -> None:
        with self._db() as db:
            db.execute("DELETE FROM saves WHERE slot = ?", (slot,))

    # ----------------------------------------------------------- hand histories

    def new_game(self, title: str, *, hero: str | None = None) -> int:
        """Start a game's history, ``hero`` the name of the player at the terminal (kept
        as given: the title is only shown); returns its id."""
        with self._db() as db:
            cursor = db.execute(
                "INSERT INTO games (started_at, title, hero) VALUES (?, ?, ?)",
                (self._clock(), title, hero),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def add_hand(self, game: int, number: int, summary: str, phh: str) -> None:
        """Keep hand ``number`` of ``game``.  The history only grows: the same hand again
        (a game continued from a save) changes nothing; another hand under a number
        already kept is refused (:class:`HistoryError`) and the history is unchanged."""
        with self._db() as db:
            row = db.execute(
                "SELECT phh FROM hands WHERE game = ? AND number = ?", (game, number)
            ).fetchone()
            if row is None:
                db.execute("INSERT INTO hands VALUES (?, ?, ?, ?)", (game, number, summary, phh))
                return
        if row[0] != phh:
            raise HistoryError(
                f"game {game} already has a hand {number}, another one: a game's history is "
                "never rewritten (start a new one from its first hands: Store.branch)"
            )

    def branch(self, game: int, number: int) -> int:
        """A new game's history holding ``game``'s hands before ``number`` (for a game that
        was loaded from a save and played hand ``number`` differently); returns its id.
        Its title is ``game``'s, saying so, and its hero ``game``'s."""
        with self._db() as db:
            row = db.execute("SELECT title, hero FROM games WHERE id = ?", (game,)).fetchone()
            if row is None:
                raise SaveError(f"there is no game {game} in the hand histories")
            title = re.sub(r" \(again from hand \d+\)$", "", str(row[0]))
            cursor = db.execute(
                "INSERT INTO games (started_at, title, hero) VALUES (?, ?, ?)",
                (self._clock(), f"{title} (again from hand {number})", row[1]),
            )
            new = cursor.lastrowid
            assert new is not None
            db.execute(
                "INSERT INTO hands SELECT ?, number, summary, phh FROM hands "
                "WHERE game = ? AND number < ?",
                (new, game, number),
            )
            return new

    def games(self) -> list[tuple[int, str, str, int, str | None]]:
        """Every game with a history: id, start, title, number of hands and hero (``None``
        for a game kept before the store kept heroes), newest first."""
        with self._db() as db:
            rows = db.execute(
                "SELECT g.id, g.started_at, g.title, COUNT(h.number), g.hero FROM games g "
                "JOIN hands h ON h.game = g.id GROUP BY g.id ORDER BY g.id DESC"
            ).fetchall()
        return [(int(a), str(b), str(c), int(d), None if e is None else str(e))
                for a, b, c, d, e in rows]  # fmt: skip

    def hands(self, game: int) -> list[StoredHand]:
        with self._db() as db:
            rows = db.execute(
                "SELECT number, summary, phh FROM hands WHERE game = ? ORDER BY number",
                (game,),
            ).fetchall()
        return [StoredHand(game, int(a), str(b), str(c)) for a, b, c in rows]
