"""Saves and hand histories in SQLite: versioned, checksummed, refused when damaged."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from pokerroom.storage.saves import (
    SAVE_FORMAT,
    DamagedStoreError,
    HistoryError,
    SaveError,
    Store,
    checksum,
)


def _store(tmp_path: Path) -> Store:
    times = iter(f"2026-01-0{k} 12:00" for k in range(1, 10))
    return Store(tmp_path / "sub" / "pokerroom.db", clock=lambda: next(times))


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    store = _store(tmp_path)
    data = {"stacks": [1, 2], "name": "Hé", "nested": {"a": [True, None]}}
    store.save("one", data, summary="hand 3")
    assert store.load("one").data == data
    assert [(s.slot, s.summary, s.format) for s in store.slots()] == [("one", "hand 3", 2)]
    assert store.load("one").format == SAVE_FORMAT == 2


def test_slots_newest_first_and_latest(tmp_path: Path) -> None:
    store = _store(tmp_path)
    assert store.latest() is None
    store.save("a", {})
    store.save("b", {})
    store.save("a", {"again": 1})  # replaces slot a, now the newest
    assert [s.slot for s in store.slots()] == ["a", "b"]
    latest = store.latest()
    assert latest is not None and latest.slot == "a"
    store.delete("a")
    assert [s.slot for s in store.slots()] == ["b"]


@pytest.mark.parametrize(
    "times",
    [
        ["2026-03-02 12:00"] * 5,  # the stored clock keeps minutes: all in one minute
        # summer time ends at 02:00: the hour from 01:00 comes round again
        ["2026-10-25 01:50", "2026-10-25 01:55", "2026-10-25 01:10", "2026-10-25 01:20",
         "2026-10-25 01:05"],
    ],
    ids=["same minute", "clock set back"],
)
def test_the_latest_save_is_the_last_written_whatever_the_clock_says(
    tmp_path: Path, times: list[str]
) -> None:
    """Continue loads the save written last, and the Load screen lists saves in the order
    they were written, newest first, whatever times the clock gave them."""
    clock = iter(times)
    store = Store(tmp_path / "pokerroom.db", clock=lambda: next(clock))
    store.save("a", {"n": 1})
    store.save("b", {"n": 2})
    latest = store.latest()
    assert latest is not None and latest.slot == "b"
    assert [s.slot for s in store.slots()] == ["b", "a"]
    store.save("c", {"n": 3})
    store.save("a", {"n": 4})  # slot a again: now the newest
    assert [(s.slot, s.saved_at) for s in store.slots()] == [
        ("a", times[3]), ("c", times[2]), ("b", times[1])]  # fmt: skip
    latest = store.latest()
    assert latest is not None and store.load(latest.slot).data == {"n": 4}
    store.delete("a")
    assert [s.slot for s in store.slots()] == ["c", "b"]
    store.save("d", {"n": 5})  # (a row deleted: the next one still comes last)
    assert [s.slot for s in Store(store.path).slots()] == ["d", "c", "b"]


def test_a_changed_save_fails_its_checksum(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.save("x", {"stacks": [1000, 1000]})
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE saves SET data = replace(data, '1000', '9000')")
    with pytest.raises(SaveError, match=r"save 'x' is damaged: its data does not match"):
        store.load("x")


def test_a_save_cut_short_is_refused(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.save("x", {"stacks": [1000, 1000]})
    with sqlite3.connect(store.path) as db:
        text = db.execute("SELECT data FROM saves").fetchone()[0][:-3]
        db.execute("UPDATE saves SET data = ?, checksum = ?", (text, checksum(text)))
    with pytest.raises(SaveError, match="its data is not readable"):
        store.load("x")


def test_another_format_is_refused_with_the_versions(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.save("x", {})
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE saves SET format = ?, version = '9.0'", (SAVE_FORMAT + 1,))
    with pytest.raises(SaveError) as info:
        store.load("x")
    assert str(info.value) == (
        f"save 'x' was written by pokerroom 9.0 in save format {SAVE_FORMAT + 1}; this "
        f"pokerroom (0.1.0) reads formats 1 to {SAVE_FORMAT} only, so it cannot load it"
    )


def test_a_save_of_the_first_format_still_loads_and_says_so(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.save("old", {"game": {"table": {}}})
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE saves SET format = 1")
    loaded = store.load("old")
    assert loaded.format == 1 and loaded.data == {"game": {"table": {}}}


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "pokerroom.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(DamagedStoreError, match="is damaged or unreadable") as info:
        Store(path).slots()
    assert info.value.path == path
    assert path.read_bytes() == b"this is not sqlite" * 100  # never overwritten


def damaged(path: Path) -> bytes:
    """A real save file with a page of its data overwritten: SQLite opens it, but reading
    the saves (or checking the file) finds the damage.  Returns the damaged bytes."""
    store = Store(path)
    for k in range(40):
        store.save(f"slot {k}", {"pad": "x" * 3000})
    raw = bytearray(path.read_bytes())
    raw[4096 * 3 : 4096 * 3 + 200] = b"\xff" * 200
    path.write_bytes(bytes(raw))
    return bytes(raw)


@pytest.mark.parametrize("how", ["not a database", "a damaged page"])
def test_a_damaged_save_file_is_moved_aside_kept_and_a_fresh_one_works(
    tmp_path: Path, how: str
) -> None:
    path = tmp_path / "pokerroom.db"
    if how == "not a database":
        path.write_bytes(b"this is not sqlite" * 100)
        before = path.read_bytes()
    else:
        before = damaged(path)
    store = Store(path, clock=lambda: "2026-01-01 12:00")
    with pytest.raises(DamagedStoreError):
        store.check()
    for use in (lambda: store.save("x", {}), store.slots, lambda: store.load("slot 3")):
        with pytest.raises(DamagedStoreError):  # every use fails while the file is there
            use()
    (tmp_path / "pokerroom.db-journal").write_bytes(b"a journal")  # SQLite's, if any
    kept = store.move_aside()
    assert kept == tmp_path / "pokerroom.db.damaged-2026-01-01-12-00"
    assert kept.read_bytes() == before  # kept as it was
    assert Path(f"{kept}-journal").read_bytes() == b"a journal"  # its journal goes with it
    assert not path.exists() and not (tmp_path / "pokerroom.db-journal").exists()
    store.check()  # a fresh file
    store.save("x", {"a": 1})
    assert store.load("x").data == {"a": 1}
    path.write_bytes(b"damaged again" * 100)
    assert store.move_aside() == tmp_path / "pokerroom.db.damaged-2026-01-01-12-00-2"
    with pytest.raises(SaveError, match=r"there is no save file .* to move aside"):
        store.move_aside()


def test_a_busy_file_is_not_called_damaged(tmp_path: Path) -> None:
    store = Store(tmp_path / "pokerroom.db", timeout=0.01)
    store.save("x", {})
    other = sqlite3.connect(store.path)
    try:
        other.execute("BEGIN EXCLUSIVE")  # another pokerroom writing
        with pytest.raises(SaveError, match=r"cannot be used .*locked") as info:
            store.slots()
    finally:
        other.close()
    assert not isinstance(info.value, DamagedStoreError)
    assert [s.slot for s in store.slots()] == ["x"]


def test_missing_slot_and_empty_name(tmp_path: Path) -> None:
    store = _store(tmp_path)
    with pytest.raises(SaveError, match="there is no save named 'nope'"):
        store.load("nope")
    with pytest.raises(SaveError, match="a save needs a name"):
        store.save("  ", {})


def test_hand_histories_per_game(tmp_path: Path) -> None:
    store = _store(tmp_path)
    first = store.new_game("first")
    second = store.new_game("second")
    store.add_hand(first, 1, "Ann wins", "phh 1")
    store.add_hand(first, 2, "Bo wins", "phh 2")
    store.add_hand(second, 1, "Cy wins", "phh 3")
    assert [(g[0], g[2], g[3]) for g in store.games()] == [(second, "second", 1),
                                                           (first, "first", 2)]  # fmt: skip
    assert [(h.number, h.summary, h.phh) for h in store.hands(first)] == [
        (1, "Ann wins", "phh 1"), (2, "Bo wins", "phh 2"),
    ]  # fmt: skip


def test_a_game_s_history_only_grows(tmp_path: Path) -> None:
    store = _store(tmp_path)
    game = store.new_game("Hero against 2 computer players")
    store.add_hand(game, 1, "Ann wins", "phh 1")
    store.add_hand(game, 1, "Ann wins", "phh 1")  # the same hand again: kept once
    with pytest.raises(HistoryError, match="already has a hand 1, another one"):
        store.add_hand(game, 1, "Bo wins", "phh 1b")
    store.add_hand(game, 2, "Bo wins", "phh 2")
    assert [(h.number, h.phh) for h in store.hands(game)] == [(1, "phh 1"), (2, "phh 2")]
    again = store.branch(game, 2)
    store.add_hand(again, 2, "Cy wins", "phh 2b")
    assert [(h.number, h.phh) for h in store.hands(again)] == [(1, "phh 1"), (2, "phh 2b")]
    assert [(h.number, h.phh) for h in store.hands(game)] == [(1, "phh 1"), (2, "phh 2")]
    titles = {g[0]: g[2] for g in store.games()}
    assert titles[again] == "Hero against 2 computer players (again from hand 2)"
    assert store.branch(again, 1) != again
    assert {g[2] for g in store.games()} >= {"Hero against 2 computer players (again from hand 2)"}
