"""Saves and hand histories in SQLite: versioned, checksummed, refused when damaged."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from pokerroom.storage.saves import SAVE_FORMAT, SaveError, Store, checksum


def _store(tmp_path: Path) -> Store:
    times = iter(f"2026-01-0{k} 12:00" for k in range(1, 10))
    return Store(tmp_path / "sub" / "pokerroom.db", clock=lambda: next(times))


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    store = _store(tmp_path)
    data = {"stacks": [1, 2], "name": "Hé", "nested": {"a": [True, None]}}
    store.save("one", data, summary="hand 3")
    assert store.load("one").data == data
    assert [(s.slot, s.summary, s.format) for s in store.slots()] == [("one", "hand 3", 1)]


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
        f"pokerroom (0.1.0) reads format {SAVE_FORMAT} only, so it cannot load it"
    )


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "pokerroom.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(SaveError, match="is damaged or unreadable"):
        Store(path).slots()
    assert path.read_bytes() == b"this is not sqlite" * 100  # never overwritten


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
