"""Tournament and league results in SQLite: every run's settings, each game or match,
each seat's result, and optionally every hand as PHH.

A killed run loses at most the games in progress: each game is written in one
transaction (its row, its seats, its hands, or nothing), and a run that was stopped is
found again by its settings and continued (``--resume``) with the games it lacks.  A
match served over the network (``pokerroom serve --db``) is one game that may last
hours: it is kept hand by hand while it is played (``served`` and ``served_hands``,
each hand in one transaction) and written as its game when it ends, so a dealer that was
killed resumes it from its last finished hand (or from the hand in play, when it was
stopped on purpose).  While a match is in progress its row holds the seats' tokens and
the state of the table (the cards of the hand in play): it is removed when the match
ends.

The schema (version :data:`SCHEMA_VERSION`, kept in SQLite's ``PRAGMA user_version``;
a file of version 1 is brought to version 2 by adding the two tables of served matches;
a file of another version is refused, never altered)::

    runs    one row per run
      id        INTEGER PRIMARY KEY
      kind      TEXT     'tournament' or 'league'
      settings  TEXT     JSON object: everything that decides the results (rules,
                         players, games or hands, seed...), keys sorted
      games     INTEGER  how many games (matches) the run has
      started   TEXT     when it started (ISO 8601, UTC)
      finished  TEXT     when its last game was written; NULL while unfinished
      version   TEXT     the pokerroom version that started it
    games   one row per game (freeze-out) or league session, written whole or not at all
      run       INTEGER  runs.id
      idx       INTEGER  its index in the run, 0 to games - 1
      label     TEXT     what it was ("game 3", "rule-based vs random, seats rotated 1")
      seed      INTEGER  the seed its cards and bots were drawn from
      hands     INTEGER  hands played
      faults    TEXT     JSON array: one line for each fault of a player
      written   TEXT     when it was written (ISO 8601, UTC)
    seats   one row per seat of each game
      run, idx  INTEGER  the game
      seat      INTEGER  the table seat, 0 to players - 1
      entrant   INTEGER  index of its player in settings' "players"
      player    TEXT     the player's name
      place     INTEGER  finishing place (1 = winner); NULL in league sessions
      hands     INTEGER  hands it was dealt into
      faults    INTEGER  decisions the table took for it (default actions)
      won       INTEGER  chips won over the game (negative: lost)
      nets      TEXT     JSON array: chips won in each hand (0 once out)
    hands   every hand as PHH (only when asked for: --db-hands)
      run, idx  INTEGER  the game
      number    INTEGER  the hand's number in the game, from 1
      phh       TEXT     the hand as a PHH (TOML) document
    served  one row per served match in progress (removed when it ends)
      run       INTEGER  runs.id
      state     TEXT     JSON object: the match where it stands (the saved table, the
                         tokens, the names, each seat's chips after each hand...)
      hands     INTEGER  hands finished
      saved     TEXT     when it was written (ISO 8601, UTC)
    served_hands  each finished hand of a served match in progress, as PHH
      run       INTEGER  runs.id
      number    INTEGER  the hand's number, from 1
      phh       TEXT     the hand as a PHH (TOML) document

>>> import tempfile, pathlib
>>> from pokerroom.tournament.records import GameRecord, SeatRecord
>>> path = pathlib.Path(tempfile.mkdtemp()) / "results.db"
>>> with ResultsDB(path) as db:
...     run = db.start_run("tournament", {"seed": 1, "games": 2}, games=2)
...     seats = (SeatRecord(0, 0, "random", 2, 2, 0, (5, -1005)),
...              SeatRecord(1, 1, "rule-based", 1, 2, 0, (-5, 1005)))
...     db.add_game(run, GameRecord(0, "game 1", 7, 2, seats))
...     db.done(run)
{0}
>>> with ResultsDB(path) as db:
...     found = db.find_run("tournament", {"games": 2, "seed": 1})
...     found.id, found.done, found.finished, db.games(found.id)[0].seats[1].won
(1, 1, None, 1000)
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self

from pokerroom._closing import Closing
from pokerroom.tournament.records import GameRecord, SeatRecord

__all__ = ["SCHEMA_VERSION", "ResultsDB", "ResultsError", "RunInfo", "differences", "settings_text"]

SCHEMA_VERSION = 2

_SCHEMA = """
CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('tournament', 'league')),
    settings TEXT NOT NULL,
    games INTEGER NOT NULL CHECK (games >= 0),
    started TEXT NOT NULL,
    finished TEXT,
    version TEXT NOT NULL
);
CREATE TABLE games (
    run INTEGER NOT NULL REFERENCES runs (id),
    idx INTEGER NOT NULL CHECK (idx >= 0),
    label TEXT NOT NULL,
    seed INTEGER NOT NULL,
    hands INTEGER NOT NULL,
    faults TEXT NOT NULL,
    written TEXT NOT NULL,
    PRIMARY KEY (run, idx)
);
CREATE TABLE seats (
    run INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    entrant INTEGER NOT NULL,
    player TEXT NOT NULL,
    place INTEGER,
    hands INTEGER NOT NULL,
    faults INTEGER NOT NULL,
    won INTEGER NOT NULL,
    nets TEXT NOT NULL,
    PRIMARY KEY (run, idx, seat),
    FOREIGN KEY (run, idx) REFERENCES games (run, idx)
);
CREATE TABLE hands (
    run INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    number INTEGER NOT NULL,
    phh TEXT NOT NULL,
    PRIMARY KEY (run, idx, number),
    FOREIGN KEY (run, idx) REFERENCES games (run, idx)
);
"""
_SERVED = """
CREATE TABLE served (
    run INTEGER PRIMARY KEY REFERENCES runs (id),
    state TEXT NOT NULL,
    hands INTEGER NOT NULL CHECK (hands >= 0),
    saved TEXT NOT NULL
);
CREATE TABLE served_hands (
    run INTEGER NOT NULL REFERENCES runs (id),
    number INTEGER NOT NULL CHECK (number >= 1),
    phh TEXT NOT NULL,
    PRIMARY KEY (run, number)
);
"""
_TABLES = {"runs", "games", "seats", "hands", "served", "served_hands"}


class ResultsError(Exception):
    """A results database that cannot be used (not SQLite, another schema version, a
    run that cannot be resumed); the message names the file and the problem."""


@dataclass(frozen=True, slots=True)
class RunInfo:
    """A run in the database: its settings, how many games it has and has done."""

    id: int
    kind: str
    settings: dict[str, Any]
    games: int
    done: int
    started: str
    finished: str | None
    version: str


def settings_text(settings: Mapping[str, Any]) -> str:
    """Settings as stored and compared: JSON with sorted keys."""
    return json.dumps(settings, sort_keys=True, separators=(",", ":"))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class ResultsDB(Closing):
    """A results database file, created with the schema if new."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None)
        except sqlite3.Error as exc:
            raise ResultsError(f"{self.path}: cannot open it as SQLite: {exc}") from None
        try:
            self._db.execute("PRAGMA foreign_keys = ON")
            self._prepare()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise ResultsError(f"{self.path}: not a results database: {exc}") from None
        except ResultsError:
            self._db.close()
            raise

    def _prepare(self) -> None:
        db = self._db
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if version == 0 and not tables:
            db.executescript(f"BEGIN IMMEDIATE;{_SCHEMA}{_SERVED}"
                             f"PRAGMA user_version = {SCHEMA_VERSION};COMMIT;")  # fmt: skip
            return
        if version == 1 and tables >= _TABLES - {"served", "served_hands"}:
            db.executescript(f"BEGIN IMMEDIATE;{_SERVED}PRAGMA user_version = 2;COMMIT;")
            return
        if version != SCHEMA_VERSION:
            raise ResultsError(
                f"{self.path}: results schema version {version}, this pokerroom reads "
                f"version {SCHEMA_VERSION} (use another file)"
            )
        if not tables >= _TABLES:
            missing = ", ".join(sorted(_TABLES - tables))
            raise ResultsError(f"{self.path}: not a results database (no table {missing})")

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    # ------------------------------------------------------------------------ runs

    def start_run(self, kind: str, settings: Mapping[str, Any], *, games: int) -> int:
        """A new run; its id."""
        from pokerroom import __version__

        with self._transaction():
            cur = self._db.execute(
                "INSERT INTO runs (kind, settings, games, started, version) VALUES (?,?,?,?,?)",
                (kind, settings_text(settings), games, _now(), __version__),
            )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def runs(self, kind: str | None = None) -> list[RunInfo]:
        """Every run (of ``kind``), oldest first."""
        query = (
            "SELECT r.id, r.kind, r.settings, r.games, COUNT(g.idx), r.started, r.finished,"
            " r.version FROM runs r LEFT JOIN games g ON g.run = r.id"
        )
        args: tuple[Any, ...] = ()
        if kind is not None:
            query += " WHERE r.kind = ?"
            args = (kind,)
        rows = self._db.execute(query + " GROUP BY r.id ORDER BY r.id", args).fetchall()
        return [RunInfo(r[0], r[1], json.loads(r[2]), r[3], r[4], r[5], r[6], r[7])
                for r in rows]  # fmt: skip

    def find_run(self, kind: str, settings: Mapping[str, Any]) -> RunInfo | None:
        """The latest run of ``kind`` with exactly these settings, if any."""
        text = settings_text(settings)
        found = [r for r in self.runs(kind) if settings_text(r.settings) == text]
        return found[-1] if found else None

    def finish_run(self, run: int) -> None:
        """Mark ``run`` finished (once: a finished run keeps its time)."""
        with self._transaction():
            self._db.execute("UPDATE runs SET finished = ? WHERE id = ? AND finished IS NULL",
                             (_now(), run))  # fmt: skip

    def done(self, run: int) -> set[int]:
        """The indexes of the games of ``run`` already written."""
        return {r[0] for r in self._db.execute("SELECT idx FROM games WHERE run = ?", (run,))}

    # ----------------------------------------------------------------------- games

    def add_game(self, run: int, game: GameRecord, *, hands: bool = False) -> None:
        """Write a game, its seats and (with ``hands``) its hands' PHH, in one
        transaction."""
        db = self._db
        with self._transaction():
            db.execute(
                "INSERT INTO games (run, idx, label, seed, hands, faults, written)"
                " VALUES (?,?,?,?,?,?,?)",
                (run, game.index, game.label, game.seed, game.hands, json.dumps(game.faults),
                 _now()),
            )  # fmt: skip
            db.executemany(
                "INSERT INTO seats (run, idx, seat, entrant, player, place, hands, faults, won,"
                " nets) VALUES (?,?,?,?,?,?,?,?,?,?)",
                [(run, game.index, s.seat, s.entrant, s.player, s.place, s.hands, s.faults,
                  s.won, json.dumps(s.nets, separators=(",", ":"))) for s in game.seats],
            )  # fmt: skip
            if hands:
                db.executemany(
                    "INSERT INTO hands (run, idx, number, phh) VALUES (?,?,?,?)",
                    [(run, game.index, k, text) for k, text in enumerate(game.phh, 1)],
                )

    def games(self, run: int) -> list[GameRecord]:
        """The games of ``run`` written so far, by index (without hand histories)."""
        db = self._db
        seats: dict[int, list[SeatRecord]] = {}
        for r in db.execute(
            "SELECT idx, seat, entrant, player, place, hands, faults, nets FROM seats"
            " WHERE run = ? ORDER BY idx, seat",
            (run,),
        ):
            seats.setdefault(r[0], []).append(
                SeatRecord(r[1], r[2], r[3], r[4], r[5], r[6], tuple(json.loads(r[7])))
            )
        return [
            GameRecord(r[0], r[1], r[2], r[3], tuple(seats.get(r[0], ())),
                       tuple(json.loads(r[4])))
            for r in db.execute(
                "SELECT idx, label, seed, hands, faults FROM games WHERE run = ? ORDER BY idx",
                (run,),
            )
        ]

    def hands(self, run: int, index: int) -> list[str]:
        """The PHH texts of a game's hands (empty when they were not stored)."""
        rows = self._db.execute(
            "SELECT phh FROM hands WHERE run = ? AND idx = ? ORDER BY number", (run, index)
        )
        return [r[0] for r in rows]

    # --------------------------------------------------------------- served matches

    def save_served(
        self, run: int, state: Mapping[str, Any], hands: int, phh: Iterable[tuple[int, str]] = ()
    ) -> None:
        """Keep a served match in progress: its ``state`` after ``hands`` finished hands,
        and the PHH of hands just finished (``(number, text)``), in one transaction.

        Written without waiting for the disk (SQLite's ``synchronous = OFF``, for this
        transaction only): a hand a second or more, each safe from the dealer being
        killed (the system has it), only a crash of the system itself may lose the last
        ones.  The match's game, at its end, is written as every game is."""
        db = self._db
        level = int(db.execute("PRAGMA synchronous").fetchone()[0])
        db.execute("PRAGMA synchronous = OFF")
        try:
            self._keep_served(run, state, hands, phh)
        finally:
            db.execute(f"PRAGMA synchronous = {level}")

    def _keep_served(
        self, run: int, state: Mapping[str, Any], hands: int, phh: Iterable[tuple[int, str]]
    ) -> None:
        db = self._db
        with self._transaction():
            db.execute(
                "INSERT INTO served (run, state, hands, saved) VALUES (?,?,?,?) ON CONFLICT"
                " (run) DO UPDATE SET state = excluded.state, hands = excluded.hands,"
                " saved = excluded.saved",
                (run, json.dumps(state, separators=(",", ":")), hands, _now()),
            )
            db.executemany("INSERT OR REPLACE INTO served_hands (run, number, phh) VALUES"
                           " (?,?,?)", [(run, k, text) for k, text in phh])  # fmt: skip

    def served(self, run: int) -> tuple[dict[str, Any], list[str]] | None:
        """A served match in progress: its state and the PHH of its finished hands, in
        order (``None``: none is kept for ``run``)."""
        row = self._db.execute("SELECT state, hands FROM served WHERE run = ?", (run,)).fetchone()
        if row is None:
            return None
        texts = [r[0] for r in self._db.execute(
            "SELECT phh FROM served_hands WHERE run = ? AND number <= ? ORDER BY number",
            (run, row[1]))]  # fmt: skip
        return json.loads(row[0]), texts

    def finish_served(self, run: int, game: GameRecord, *, hands: bool = True) -> None:
        """A served match ended: written as the run's game (with its hands), the run
        finished, and what was kept of it in progress removed, in one transaction."""
        with self._transaction():
            self.add_game(run, game, hands=hands)
            self._db.execute("DELETE FROM served_hands WHERE run = ?", (run,))
            self._db.execute("DELETE FROM served WHERE run = ?", (run,))
            self.finish_run(run)

    # --------------------------------------------------------------------- closing

    def close(self) -> None:
        self._db.close()


class _Transaction(Closing):
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on an exception; inside another one, part
    of it (only the outermost commits or rolls back)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.outer = False

    def __enter__(self) -> Self:
        if not self.db.in_transaction:
            self.db.execute("BEGIN IMMEDIATE")
            self.outer = True
        return self

    def close(self) -> None:
        if self.outer and self.db.in_transaction:
            self.db.execute("COMMIT")

    def abort(self) -> None:
        if self.outer and self.db.in_transaction:
            self.db.execute("ROLLBACK")


def differences(stored: Mapping[str, Any], given: Mapping[str, Any]) -> Iterable[str]:
    """The settings that differ, as ``key: stored -> given`` lines."""
    for key in sorted(set(stored) | set(given)):
        a, b = stored.get(key), given.get(key)
        if a != b:
            yield f"{key}: {json.dumps(a)} -> {json.dumps(b)}"
