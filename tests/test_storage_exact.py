"""Storage, exactly: every field a store gives back, every refusal's whole text, the
times it writes, the file's mode and what it refuses to follow, and each write whole or
not at all (the holes the mutation run of ``storage`` showed)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import stat
import threading
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from pokerroom import __version__
from pokerroom.room.store import HandRow
from pokerroom.storage import saves
from pokerroom.storage.results import ResultsDB, ResultsError, differences, settings_text
from pokerroom.storage.room import RoomDB, RoomDBError
from pokerroom.storage.saves import DamagedStoreError, HistoryError, SaveError, Store
from pokerroom.tournament.records import GameRecord, SeatRecord

# ----------------------------------------------------------------------------- saves


def test_a_save_is_stamped_with_the_local_time_to_the_minute(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")  # the default clock
    before = datetime.now().replace(second=0, microsecond=0)
    store.save("a", {})
    after = datetime.now()
    (slot,) = store.slots()
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", slot.saved_at), slot.saved_at
    assert before <= datetime.strptime(slot.saved_at, "%Y-%m-%d %H:%M") <= after
    assert store.load("a").saved_at == slot.saved_at


def test_a_store_waits_five_seconds_for_another_program(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    waits: list[float] = []
    connect = sqlite3.connect

    def spy(*args: Any, **kwargs: Any) -> Any:
        waits.append(kwargs["timeout"])
        return connect(*args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", spy)
    Store(tmp_path / "s.db").slots()
    Store(tmp_path / "s.db", timeout=0.25).slots()
    assert waits == [5.0, 0.25]


def test_every_field_of_a_save_read_back(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db", clock=lambda: "2026-02-03 04:05")
    store.save("  padded  ", {"b": 1, "a": [1, 2]})  # no summary
    (slot,) = store.slots()
    assert (slot.slot, slot.saved_at, slot.summary, slot.format, slot.version) == (
        "padded", "2026-02-03 04:05", "", saves.SAVE_FORMAT, __version__)  # fmt: skip
    game = store.load("padded")
    assert (game.slot, game.saved_at, game.data, game.format) == (
        "padded", "2026-02-03 04:05", {"a": [1, 2], "b": 1}, saves.SAVE_FORMAT)  # fmt: skip
    # the data is kept as canonical JSON (sorted keys, no spaces), checksummed as such: the
    # same data gives the same save whatever the order of its keys
    row = sqlite3.connect(store.path).execute("SELECT data, checksum FROM saves").fetchone()
    assert row == ('{"a":[1,2],"b":1}', hashlib.sha256(b'{"a":[1,2],"b":1}').hexdigest())
    with pytest.raises(SaveError) as caught:
        store.save("  ", {})
    assert str(caught.value) == "a save needs a name"


def test_a_save_whose_data_is_not_a_game_is_refused_with_its_whole_text(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    store.save("x", {})
    text = "[1,2]"
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE saves SET data = ?, checksum = ?", (text, saves.checksum(text)))
    with pytest.raises(SaveError) as caught:
        store.load("x")
    assert str(caught.value) == "save 'x' is damaged: its data is not a saved game"


def test_the_histories_read_back_exactly_and_their_refusals(tmp_path: Path) -> None:
    times = iter(["2026-01-01 10:00", "2026-01-01 11:00", "2026-01-01 12:00"])
    store = Store(tmp_path / "s.db", clock=lambda: next(times))
    game = store.new_game("Ann vs bots")
    for n in (1, 2, 3):
        store.add_hand(game, n, f"hand {n}", f"phh {n}")
    again = store.branch(game, 3)
    third = store.branch(again, 2)  # a branch of a branch: the title says the last one
    assert store.games() == [
        (third, "2026-01-01 12:00", "Ann vs bots (again from hand 2)", 1, None),
        (again, "2026-01-01 11:00", "Ann vs bots (again from hand 3)", 2, None),
        (game, "2026-01-01 10:00", "Ann vs bots", 3, None),
    ]
    assert [(h.game, h.number, h.summary, h.phh) for h in store.hands(again)] == [
        (again, 1, "hand 1", "phh 1"), (again, 2, "hand 2", "phh 2")]  # fmt: skip
    with pytest.raises(HistoryError) as caught:
        store.add_hand(game, 2, "other", "another phh")
    assert str(caught.value) == (
        f"game {game} already has a hand 2, another one: a game's history is never rewritten "
        "(start a new one from its first hands: Store.branch)")  # fmt: skip
    with pytest.raises(SaveError) as refused:
        store.branch(99, 1)
    assert str(refused.value) == "there is no game 99 in the hand histories"


def test_a_history_keeps_its_hero_as_given_and_a_branch_keeps_it_too(tmp_path: Path) -> None:
    """The hero is data beside the title, whatever the title says: a name saying
    " against ", with digits, a colon or a line break comes back as it went in."""
    name = "Al against 2 computer players: 7\nBo"
    store = Store(tmp_path / "s.db", clock=lambda: "2026-01-01 10:00")
    game = store.new_game("Cy against 1 computer player: no limit", hero=name)
    untitled = store.new_game("a game")  # no hero given: none kept
    for g in (game, untitled):
        store.add_hand(g, 1, "hand 1", "phh 1")
        store.add_hand(g, 2, "hand 2", "phh 2")
    again = store.branch(game, 2)
    other = store.branch(untitled, 2)
    assert [(g[0], g[4]) for g in Store(store.path).games()] == [
        (other, None), (again, name), (untitled, None), (game, name),
    ]  # fmt: skip


_SCHEMA_1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE saves (
    slot TEXT PRIMARY KEY, saved_at TEXT NOT NULL, format INTEGER NOT NULL,
    version TEXT NOT NULL, summary TEXT NOT NULL, data TEXT NOT NULL, checksum TEXT NOT NULL
);
CREATE TABLE games (id INTEGER PRIMARY KEY, started_at TEXT NOT NULL, title TEXT NOT NULL);
CREATE TABLE hands (
    game INTEGER NOT NULL REFERENCES games(id), number INTEGER NOT NULL,
    summary TEXT NOT NULL, phh TEXT NOT NULL, PRIMARY KEY (game, number)
);
INSERT INTO meta VALUES ('schema', '1');
INSERT INTO games VALUES (1, '2025-12-31 09:00', 'Ann against 2 computer players: no limit');
INSERT INTO hands VALUES (1, 1, 'Ann wins 40', 'phh 1');
INSERT INTO hands VALUES (1, 2, 'Bo wins 60', 'phh 2');
"""
"""A file as pokerroom wrote it before the hero was kept (schema 1), with one game."""


def test_a_file_of_schema_1_is_read_and_brought_to_schema_2(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with closing(sqlite3.connect(path)) as db:
        db.executescript(_SCHEMA_1)
    store = Store(path, clock=lambda: "2026-01-01 10:00")
    assert store.games() == [
        (1, "2025-12-31 09:00", "Ann against 2 computer players: no limit", 2, None)]
    assert [(h.game, h.number, h.summary, h.phh) for h in store.hands(1)] == [
        (1, 1, "Ann wins 40", "phh 1"), (1, 2, "Bo wins 60", "phh 2")]  # fmt: skip
    game = store.new_game("Zed against 1 computer player: no limit", hero="Zed")
    store.add_hand(game, 1, "Zed wins 10", "phh 3")
    assert store.branch(1, 2) == 3
    assert [(g[0], g[2], g[4]) for g in store.games()] == [
        (3, "Ann against 2 computer players: no limit (again from hand 2)", None),
        (2, "Zed against 1 computer player: no limit", "Zed"),
        (1, "Ann against 2 computer players: no limit", None),
    ]  # fmt: skip
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchall() == [("2",)]
        assert [r[1] for r in db.execute("PRAGMA table_info(games)")] == [
            "id", "started_at", "title", "hero"]  # fmt: skip


def test_a_new_file_is_of_schema_2_and_a_later_schema_is_left_as_it_is(tmp_path: Path) -> None:
    store = Store(tmp_path / "new.db")
    store.slots()
    with closing(sqlite3.connect(store.path)) as db:
        assert db.execute("SELECT * FROM meta").fetchall() == [("schema", "2")]
        db.execute("UPDATE meta SET value = '3'")
        db.commit()
    store.slots()
    with closing(sqlite3.connect(store.path)) as db:
        assert db.execute("SELECT * FROM meta").fetchall() == [("schema", "3")]


def test_a_damaged_file_found_by_the_check_is_named_with_sqlite_s_findings(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.db"
    Store(path).save("a", {"n": 1})
    raw = path.read_bytes()
    pages = len(raw) // 4096 + 5  # five pages no table uses
    path.write_bytes(raw[:28] + pages.to_bytes(4, "big") + raw[32:] + bytes(4096 * 5))
    found = [str(r[0]) for r in sqlite3.connect(path).execute("PRAGMA quick_check")]
    assert found != ["ok"]
    with pytest.raises(DamagedStoreError) as caught:
        Store(path).check()
    assert str(caught.value) == (
        f"the save file {path} is damaged ({'; '.join(found[:3])}); move it aside (it is "
        "kept) to start a fresh one")  # fmt: skip
    assert caught.value.path == path


def test_moving_aside_twice_in_a_minute_keeps_both_under_names_of_the_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.db"
    store = Store(path, clock=lambda: " Mon 2 Feb, 12:05 ")  # letters, spaces at the ends
    path.write_bytes(b"damaged")
    first = store.move_aside()
    assert first == tmp_path / "s.db.damaged-Mon-2-Feb-12-05"
    path.write_bytes(b"damaged again")
    second = store.move_aside()
    assert second == tmp_path / "s.db.damaged-Mon-2-Feb-12-05-2"
    assert (first.read_bytes(), second.read_bytes()) == (b"damaged", b"damaged again")

    def fail(self: Path, target: Any) -> Path:
        raise OSError(30, "Read-only file system")

    path.write_bytes(b"damaged")
    monkeypatch.setattr(Path, "rename", fail)
    with pytest.raises(SaveError) as caught:
        store.move_aside()
    assert str(caught.value) == (
        f"the save file {path} could not be moved aside ([Errno 30] Read-only file system)"
    )
    assert path.read_bytes() == b"damaged"


# --------------------------------------------------------------------------- results


def _seats() -> tuple[SeatRecord, ...]:
    return (SeatRecord(0, 0, "a", 1, 2, 0, (5, -5)), SeatRecord(1, 1, "b", 2, 2, 0, (-5, 5)))


def test_settings_text_and_differences_exactly() -> None:
    assert settings_text({"b": 1, "a": [1, "x"]}) == '{"a":[1,"x"],"b":1}'
    assert list(differences({"a": 1, "c": 3}, {"b": 2, "c": 3})) == [
        "a: 1 -> null", "b: null -> 2"]  # fmt: skip


def test_a_run_reads_back_every_field_with_utc_times(tmp_path: Path) -> None:
    with ResultsDB(tmp_path / "r.db") as db:
        before = datetime.now(UTC).replace(microsecond=0)
        run = db.start_run("league", {"seed": 4}, games=3)
        (info,) = db.runs()
        assert (info.id, info.kind, info.settings, info.games, info.done, info.finished,
                info.version) == (run, "league", {"seed": 4}, 3, 0, None, __version__)  # fmt: skip
        started = datetime.fromisoformat(info.started)
        assert started.utcoffset() == timedelta(0) and info.started.endswith("+00:00")
        assert before <= started <= datetime.now(UTC)
        db.finish_run(run)
        assert db.runs()[0].started == info.started and db.runs()[0].finished is not None


def test_the_latest_of_three_runs_with_the_same_settings_is_found(tmp_path: Path) -> None:
    with ResultsDB(tmp_path / "r.db") as db:
        ids = [db.start_run("tournament", {"seed": 1}, games=1) for _ in range(3)]
        db.start_run("tournament", {"seed": 2}, games=1)
        found = db.find_run("tournament", {"seed": 1})
        assert found is not None and found.id == ids[2]


def test_a_game_s_hands_are_numbered_from_one_and_a_game_without_seats_reads_back(
    tmp_path: Path,
) -> None:
    path = tmp_path / "r.db"
    with ResultsDB(path) as db:
        run = db.start_run("tournament", {}, games=2)
        db.add_game(run, GameRecord(0, "game 1", 7, 3, _seats(), phh=("h1", "h2", "h3")),
                    hands=True)  # fmt: skip
        db.add_game(run, GameRecord(1, "game 2", 8, 0, ()))
        assert [g.seats for g in db.games(run)][1] == ()
        assert db.hands(run, 0) == ["h1", "h2", "h3"]
    rows = sqlite3.connect(path).execute("SELECT number, phh FROM hands ORDER BY number")
    assert rows.fetchall() == [(1, "h1"), (2, "h2"), (3, "h3")]  # the documented numbers


def test_a_file_that_cannot_be_opened_or_lacks_tables_is_refused_with_its_whole_text(
    tmp_path: Path,
) -> None:
    with pytest.raises(ResultsError) as caught:
        ResultsDB(tmp_path)  # a folder
    assert str(caught.value) == (
        f"{tmp_path}: cannot open it as SQLite: unable to open database file"
    )
    path = tmp_path / "r.db"
    ResultsDB(path).close()
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE served_hands")
        db.execute("DROP TABLE served")
        db.execute("PRAGMA user_version = 2")
    with pytest.raises(ResultsError) as refused:
        ResultsDB(path)
    assert str(refused.value) == f"{path}: not a results database (no table served, served_hands)"


def test_keeping_a_served_match_puts_the_disk_level_back(tmp_path: Path) -> None:
    with ResultsDB(tmp_path / "r.db") as db:
        run = db.start_run("tournament", {}, games=1)
        for level in (1, 2, 3):  # NORMAL, FULL, EXTRA: each put back as it was
            db._db.execute(f"PRAGMA synchronous = {level}")
            db.save_served(run, {"n": 1}, 0)
            assert db._db.execute("PRAGMA synchronous").fetchone()[0] == level
        assert db.served(run) == ({"n": 1}, [])


def test_a_served_match_s_end_is_one_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game, the removal of what was kept and the run's end are written together: a
    failure at the last step leaves the match in progress and no game written."""
    with ResultsDB(tmp_path / "r.db") as db:
        run = db.start_run("tournament", {}, games=1)
        db.save_served(run, {"n": 2}, 2, [(1, "h1"), (2, "h2")])

        def fail(run: int) -> None:
            raise RuntimeError("the disk is full")

        monkeypatch.setattr(db, "finish_run", fail)
        with pytest.raises(RuntimeError, match="the disk is full"):
            db.finish_served(run, GameRecord(0, "match", 1, 2, _seats(), phh=("h1", "h2")))
        assert db.games(run) == [] and db.done(run) == set()
        assert db.served(run) == ({"n": 2}, ["h1", "h2"])
        monkeypatch.undo()
        db.finish_served(run, GameRecord(0, "match", 1, 2, _seats(), phh=("h1", "h2")))
        assert db.done(run) == {0} and db.served(run) is None


# ------------------------------------------------------------------------------ room


def test_a_room_file_is_its_owner_s_alone_and_written_where_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "room.db"
    db = RoomDB(path)
    db.commit(people=[{"name": "Ann", "balance": 1}])
    db.close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("room.db")) == []
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM people").fetchone() == (1,)


def test_a_room_in_memory_writes_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    db = RoomDB(":memory:")
    db.commit(people=[{"name": "Ann", "balance": 1}])
    assert db.load_people() == [{"name": "Ann", "balance": 1}]
    db.close()
    assert list(tmp_path.iterdir()) == []


def test_a_room_file_is_not_created_through_a_symbolic_link(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.db"
    link = tmp_path / "room.db"
    link.symlink_to(target)  # dangling: the file would be made where it points
    with pytest.raises(OSError):
        RoomDB(link)
    assert not target.exists()


def test_files_that_are_not_a_room_s_are_refused_with_their_whole_text(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE b (x)")
        db.execute("CREATE TABLE a (x)")
    with pytest.raises(RoomDBError) as caught:
        RoomDB(other)
    assert str(caught.value) == f"{other}: not a room database (its tables: a, b)"
    assert {n for (n,) in sqlite3.connect(other).execute(
        "SELECT name FROM sqlite_master")} == {"a", "b"}  # fmt: skip
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not sqlite at all" * 100)
    with pytest.raises(RoomDBError) as refused:
        RoomDB(junk)
    assert str(refused.value) == f"{junk}: not a room database: file is not a database"


def test_a_room_file_of_the_first_three_tables_is_taken_and_completed(tmp_path: Path) -> None:
    path = tmp_path / "room.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE people (key TEXT PRIMARY KEY, data TEXT NOT NULL)")
        db.execute("CREATE TABLE tables (id TEXT PRIMARY KEY, created INTEGER NOT NULL, "
                   "data TEXT NOT NULL)")  # fmt: skip
        db.execute("CREATE TABLE hands (id INTEGER PRIMARY KEY, table_id TEXT NOT NULL, number "
                   "INTEGER NOT NULL, phh TEXT NOT NULL, results TEXT NOT NULL)")  # fmt: skip
    room = RoomDB(path)
    room.put("motd", "hello")
    assert room.get("motd") == "hello"


def test_a_room_s_settings_tables_and_hands_read_back_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "room.db"
    db = RoomDB(path)
    for t in ("t1", "t2", "t3"):
        db.commit(tables=[{"id": t, "state": "new"}])
    db.commit(tables=[{"id": "t2", "state": "playing"}])  # an update keeps its place
    db.put("motd", "hello")
    db.put("gone", "x")
    db.put("gone", None)
    rows = [HandRow("t1", n, f"phh {n}", json.dumps({"n": n})) for n in range(1, 6)]
    db.commit(hands=[*rows[:3], HandRow("t2", 1, "other", "{}"), *rows[3:]])
    db.close()
    db = RoomDB(path)
    db.commit(tables=[{"id": "t4", "state": "new"}])
    assert [t["id"] for t in db.load_tables()] == ["t1", "t2", "t3", "t4"]
    assert db.load_tables()[1]["state"] == "playing"
    assert (db.get("motd"), db.get("gone"), db.get("never")) == ("hello", None, None)
    assert db.hands("t1", 3) == ["phh 3", "phh 4", "phh 5"]
    assert db.hands("t1", 10) == [f"phh {n}" for n in range(1, 6)]
    assert db.hands("t1", 0) == [] and db.hands("t1", -2) == []
    assert db.hands("t2", 5) == ["other"]
    assert db.results("t1") == [{"n": n} for n in range(1, 6)] and db.results("t9") == []


def test_a_room_commit_that_fails_writes_nothing_and_the_file_goes_on(tmp_path: Path) -> None:
    db = RoomDB(tmp_path / "room.db")
    with pytest.raises(KeyError):
        db.commit(people=[{"name": "Ann", "balance": 1}, {"balance": 2}])  # no name
    assert db.load_people() == []
    db.commit(people=[{"name": "Bob", "balance": 3}])
    assert db.load_people() == [{"name": "Bob", "balance": 3}]


def test_a_room_file_is_used_from_other_threads(tmp_path: Path) -> None:
    db = RoomDB(tmp_path / "room.db")
    db.commit(people=[{"name": "Ann", "balance": 1}])
    seen: list[object] = []
    worker = threading.Thread(target=lambda: seen.append(db.load_people()))
    worker.start()
    worker.join()
    assert seen == [[{"name": "Ann", "balance": 1}]]


def test_no_process_umask_widens_the_room_file(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        RoomDB(tmp_path / "room.db").close()
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "room.db").stat().st_mode) == 0o600
