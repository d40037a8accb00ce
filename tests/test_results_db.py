"""The results database: its schema as documented, versioned, and each game written whole
or not at all."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from pokerroom.storage import results
from pokerroom.storage.results import SCHEMA_VERSION, ResultsDB, ResultsError, differences
from pokerroom.tournament.records import GameRecord, SeatRecord


def _game(index: int, nets: tuple[int, ...] = (10, -10)) -> GameRecord:
    seats = (SeatRecord(0, 1, "rule-based", 1, 2, 0, nets),
             SeatRecord(1, 0, "random", 2, 2, 1, tuple(-n for n in nets)))  # fmt: skip
    return GameRecord(index, f"game {index + 1}", 1000 + index, len(nets), seats,
                      ("hand 2, seat 1 (random) act: exception: boom",),
                      phh=("variant = 'FT'\n", "variant = 'FT'\n"))  # fmt: skip


def test_schema_is_the_documented_one(tmp_path: Path) -> None:
    doc = results.__doc__ or ""
    documented: dict[str, list[str]] = {}
    table = ""
    for line in doc.split("::", 1)[1].splitlines():
        m = re.match(r"    (\w+)\s{2,}", line)
        if m and not line.startswith("      "):
            table = m.group(1)
            documented[table] = []
            continue
        m = re.match(r"      ([\w, ]+?)\s{2,}[A-Z]+", line)
        if m and table:
            documented[table] += [c.strip() for c in m.group(1).split(",")]
    path = tmp_path / "r.db"
    ResultsDB(path).close()
    db = sqlite3.connect(path)
    actual = {
        name: [row[1] for row in db.execute(f"PRAGMA table_info({name})")]
        for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")
    }
    assert actual == documented
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    assert len(actual) == 6


def test_a_game_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "r.db"
    with ResultsDB(path) as db:
        run = db.start_run("league", {"hands": 4, "players": ["random", "rule-based"]},
                           games=3)  # fmt: skip
        db.add_game(run, _game(1), hands=True)
        db.add_game(run, _game(0, (5, 5, -20)))
    with ResultsDB(path) as db:
        games = db.games(run)
        assert [g.index for g in games] == [0, 1]
        assert games[1] == _game(1).without_histories()
        assert games[0].seats[0].nets == (5, 5, -20) and games[0].seats[0].won == -10
        assert db.hands(run, 1) == list(_game(1).phh) and db.hands(run, 0) == []
        info = db.runs("league")[0]
        assert (info.games, info.done, info.finished) == (3, 2, None)
        db.finish_run(run)
        assert db.runs()[0].finished is not None


def test_a_game_that_fails_to_write_leaves_nothing(tmp_path: Path) -> None:
    with ResultsDB(tmp_path / "r.db") as db:
        run = db.start_run("tournament", {"seed": 1}, games=2)
        db.add_game(run, _game(0))
        bad = _game(1)
        seats = (bad.seats[0], bad.seats[0])  # the same seat twice: the second insert fails
        with pytest.raises(sqlite3.IntegrityError):
            db.add_game(run, GameRecord(1, "game 2", 1, 2, seats))
        assert db.done(run) == {0}
        assert len(db.games(run)) == 1
        with pytest.raises(sqlite3.IntegrityError):  # a game written twice is refused
            db.add_game(run, _game(0))
        assert [len(g.seats) for g in db.games(run)] == [2]


def test_runs_are_found_by_their_settings(tmp_path: Path) -> None:
    with ResultsDB(tmp_path / "r.db") as db:
        a = db.start_run("tournament", {"seed": 1, "games": 10}, games=10)
        b = db.start_run("tournament", {"seed": 2, "games": 10}, games=10)
        c = db.start_run("tournament", {"games": 10, "seed": 1}, games=10)
        found = db.find_run("tournament", {"games": 10, "seed": 1})
        assert found is not None and found.id == c and a != b
        assert db.find_run("league", {"games": 10, "seed": 1}) is None
    assert list(differences({"seed": 1, "games": 10}, {"seed": 2, "games": 10})) == [
        "seed: 1 -> 2"
    ]


def test_other_files_are_refused_unchanged(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all, just some words " * 20)
    before = text.read_bytes()
    with pytest.raises(ResultsError, match="not a results database"):
        ResultsDB(text)
    assert text.read_bytes() == before
    other = tmp_path / "other.db"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE things (x)")
    db.commit()
    db.close()
    with pytest.raises(ResultsError, match="schema version 0"):
        ResultsDB(other)
    future = tmp_path / "future.db"
    ResultsDB(future).close()
    db = sqlite3.connect(future)
    db.execute("PRAGMA user_version = 7")
    db.commit()
    db.close()
    with pytest.raises(ResultsError, match="version 7, this pokerroom reads version 2"):
        ResultsDB(future)


def test_a_version_1_file_gains_the_tables_of_served_matches_and_keeps_its_runs(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v1.db"
    db = sqlite3.connect(path)
    db.executescript(f"{results._SCHEMA}PRAGMA user_version = 1;")
    db.execute("INSERT INTO runs (kind, settings, games, started, version) VALUES"
               " ('league', '{}', 1, 'then', '0.1')")  # fmt: skip
    db.commit()
    db.close()
    with ResultsDB(path) as results_db:
        assert [r.id for r in results_db.runs()] == [1]
        assert results_db.served(1) is None
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"runs", "games", "seats", "hands", "served", "served_hands"}


def test_a_served_match_is_kept_hand_by_hand_and_written_whole_at_its_end(
    tmp_path: Path,
) -> None:
    path = tmp_path / "r.db"
    with ResultsDB(path) as db:
        run = db.start_run("tournament", {"served": "json"}, games=1)
        db.save_served(run, {"hands": 1}, 1, [(1, "variant = 'FT'\n")])
        db.save_served(run, {"hands": 2}, 2, [(2, "variant = 'NT'\n")])
        db.save_served(run, {"hands": 2, "mid": True}, 2)  # the hand in play, no new PHH
    with ResultsDB(path) as db:
        assert db.served(run) == ({"hands": 2, "mid": True},
                                  ["variant = 'FT'\n", "variant = 'NT'\n"])  # fmt: skip
        (info,) = db.runs()
        assert (info.done, info.finished) == (0, None)
        db.finish_served(run, _game(0))
        assert db.served(run) is None
        (info,) = db.runs()
        assert info.done == 1 and info.finished is not None
        assert db.hands(run, 0) == list(_game(0).phh)


def test_finishing_a_served_match_is_one_transaction(tmp_path: Path) -> None:
    """A game that cannot be written (its index taken) leaves the match in progress as
    it was: nothing half-written, nothing removed."""
    path = tmp_path / "r.db"
    with ResultsDB(path) as db:
        run = db.start_run("tournament", {"served": "json"}, games=1)
        db.add_game(run, _game(0))
        db.save_served(run, {"hands": 2}, 2, [(1, "a"), (2, "b")])
        with pytest.raises(sqlite3.IntegrityError):
            db.finish_served(run, _game(0))
        assert db.served(run) == ({"hands": 2}, ["a", "b"])
        assert db.runs()[0].finished is None
