"""The room's SQLite file (``pokerroom serve room --db room.db``): people and their
balances, tables with their state, every finished hand (PHH and results), the
operator's grants and the room's settings.

It implements what :class:`pokerroom.room.store.RoomStore` declares (the room is given
one by the command line and never imports this).  Every :meth:`RoomDB.commit` is one
transaction: a hand, the table's state after it and the balances it moved are written
together or not at all.  The file is made readable by its owner only (it holds the
seats' tokens and the deck's state between hands); write-ahead logging keeps each commit
whole across a ``kill -9``.

>>> import tempfile, pathlib
>>> db = RoomDB(pathlib.Path(tempfile.mkdtemp()) / "room.db")
>>> db.commit(people=[{"name": "Ann", "balance": 900, "session": "ab"}],
...           tables=[{"id": "t1", "state": "waiting"}])
>>> db.load_people(), db.load_tables()
([{'name': 'Ann', 'balance': 900, 'session': 'ab'}], [{'id': 't1', 'state': 'waiting'}])
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["RoomDB", "RoomDBError"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS people (key TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, created INTEGER NOT NULL,
                                   data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS hands (id INTEGER PRIMARY KEY, table_id TEXT NOT NULL,
                                  number INTEGER NOT NULL, phh TEXT NOT NULL,
                                  results TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS hands_by_table ON hands (table_id, id);
CREATE TABLE IF NOT EXISTS grants (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
                                   amount INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


class RoomDBError(Exception):
    """The file is not a room's database (or cannot be one): what is wrong, naming it."""


class RoomDB:
    """The room's store in the SQLite file ``path`` (created if missing).  A file that is
    not a room's database (not SQLite, or another program's SQLite file) is refused with
    :class:`RoomDBError` and left as it was."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if str(path) != ":memory:" and not self.path.exists():
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
            os.close(fd)
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        try:
            names = {n for (n,) in self._db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}  # fmt: skip
            if names and not {"people", "tables", "hands"} <= names:
                raise RoomDBError(f"{path}: not a room database (its tables: "
                                  f"{', '.join(sorted(names))})")  # fmt: skip
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise RoomDBError(f"{path}: not a room database: {exc}") from None
        except RoomDBError:
            self._db.close()
            raise
        self._created = self._db.execute("SELECT COUNT(*) FROM tables").fetchone()[0]

    def close(self) -> None:
        self._db.close()

    def load_people(self) -> list[dict[str, Any]]:
        rows = self._db.execute("SELECT data FROM people ORDER BY rowid")
        return [json.loads(d) for (d,) in rows]

    def load_tables(self) -> list[dict[str, Any]]:
        rows = self._db.execute("SELECT data FROM tables ORDER BY created")
        return [json.loads(d) for (d,) in rows]

    def commit(
        self,
        *,
        people: Sequence[dict[str, Any]] = (),
        tables: Sequence[dict[str, Any]] = (),
        hands: Sequence[Any] = (),
        grants: Sequence[tuple[str, int]] = (),
    ) -> None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            for person in people:
                db.execute("INSERT INTO people (key, data) VALUES (?, ?) ON CONFLICT (key) "
                           "DO UPDATE SET data = excluded.data",
                           (person["name"].casefold(), json.dumps(person)))  # fmt: skip
            for table in tables:
                self._created += 1
                db.execute("INSERT INTO tables (id, created, data) VALUES (?, ?, ?) "
                           "ON CONFLICT (id) DO UPDATE SET data = excluded.data",
                           (table["id"], self._created, json.dumps(table)))  # fmt: skip
            db.executemany("INSERT INTO hands (table_id, number, phh, results) VALUES (?, ?, ?, ?)",
                           [(h.table, h.number, h.phh, h.results) for h in hands])  # fmt: skip
            db.executemany("INSERT INTO grants (name, amount) VALUES (?, ?)", list(grants))
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def hands(self, table: str, most: int) -> list[str]:
        rows = self._db.execute("SELECT phh FROM hands WHERE table_id = ? ORDER BY id DESC "
                                "LIMIT ?", (table, max(0, most))).fetchall()  # fmt: skip
        return [phh for (phh,) in reversed(rows)]

    def hands_after(self, after: int, most: int) -> list[tuple[int, str, str]]:
        rows = self._db.execute("SELECT id, table_id, phh FROM hands WHERE id > ? ORDER BY id "
                                "LIMIT ?", (after, max(0, most))).fetchall()  # fmt: skip
        return [(int(i), str(t), str(p)) for i, t, p in rows]

    def results(self, table: str) -> list[dict[str, Any]]:
        """Each stored hand's results at ``table``, in order."""
        rows = self._db.execute("SELECT results FROM hands WHERE table_id = ? ORDER BY id",
                                (table,))  # fmt: skip
        return [json.loads(r) for (r,) in rows]

    def get(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def put(self, key: str, value: str | None) -> None:
        if value is None:
            self._db.execute("DELETE FROM settings WHERE key = ?", (key,))
        else:
            self._db.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) "
                             "DO UPDATE SET value = excluded.value", (key, value))  # fmt: skip
