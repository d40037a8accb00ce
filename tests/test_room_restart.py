"""The room stopped between two writes and started again: a table whose record was written
as waiting, though it should deal (a sit-and-go whose last seat was taken, a table of bots
only, a cash table just made), deals after the restart as it would have; a table that was
rightly waiting goes on waiting. The stop is made by a store that keeps only the writes
before it, as a file would if the process died."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Sequence
from typing import Any

import pytest

from pokerroom.room.people import digest
from pokerroom.room.room import Room
from pokerroom.room.store import HandRow, MemoryStore

SITGO = {"name": "sng", "preset": "no-limit", "seats": 3, "buy_in": 100}
CASH = {"name": "ring", "kind": "cash", "preset": "no-limit", "seats": 3,
        "min_buy_in": 200, "max_buy_in": 1000}  # fmt: skip


class StoppingStore(MemoryStore):
    """A store that keeps ``writes`` commits, then none: the process stopped there."""

    def __init__(self, writes: int) -> None:
        super().__init__()
        self.writes = writes

    def commit(
        self,
        *,
        people: Sequence[dict[str, Any]] = (),
        tables: Sequence[dict[str, Any]] = (),
        hands: Sequence[HandRow] = (),
        grants: Sequence[tuple[str, int]] = (),
    ) -> None:
        if self.writes > 0:
            self.writes -= 1
            super().commit(people=people, tables=tables, hands=hands, grants=grants)


def _kept(store: StoppingStore) -> MemoryStore:
    """What the stopped process left behind, as a store a new process opens."""
    kept = MemoryStore()
    kept.people = copy.deepcopy(store.people)
    kept.tables = copy.deepcopy(store.tables)
    kept.settings = dict(store.settings)
    return kept


def _restart(store: MemoryStore) -> Room:
    room = Room(store, operator=digest("op"), bot_delay=5.0)  # (the bots wait: no hand ends)
    room.load()
    return room


@pytest.mark.parametrize(("settings", "dealt"), [
    ({**SITGO, "bots": {"0": "random", "1": "calling-station", "2": "random"}}, (0, 1, 2)),
    ({**CASH, "bots": {"0": "random", "2": "calling-station"}}, (0, 2)),
])  # fmt: skip
def test_a_table_made_ready_to_deal_deals_after_a_stop_before_it_started(
    settings: dict[str, Any], dealt: tuple[int, ...]
) -> None:
    async def run() -> None:
        store = StoppingStore(writes=2)  # the person entering, the table made: no more
        room = Room(store, operator=digest("op"), bot_delay=5.0)
        ann = room.enter("ann", None, None)[0]
        made = room.create(ann, settings)
        assert made.state == "playing" and made.table.in_hand  # (in this process)
        assert store.tables["t1"]["state"] == "waiting"  # the start never written
        again = _restart(_kept(store))
        table = again.tables["t1"]
        assert table.state == "playing"
        assert table.table.in_hand and table.table.hand_number == 1
        assert table.table.seats_in_hand == dealt
        assert again.store.load_tables()[0]["state"] == "playing"  # and now written
        assert again.chip_total() == room.chip_total()

    asyncio.run(run())


def test_a_sit_and_go_filled_by_a_person_deals_after_a_stop_before_it_started() -> None:
    async def run() -> None:
        store = StoppingStore(writes=3)  # ann entering, the table made, ann sitting
        room = Room(store, operator=digest("op"), bot_delay=5.0)
        ann = room.enter("ann", None, None)[0]
        room.create(ann, {**SITGO, "bots": {"1": "random", "2": "calling-station"}})
        assert room.sit(ann, "t1", 0, None)["seat"] == 0
        assert room.tables["t1"].state == "playing"
        assert store.tables["t1"]["state"] == "waiting"
        again = _restart(_kept(store))
        table = again.tables["t1"]
        assert (table.state, table.seat_of("ann"), table.table.hand_number) == ("playing", 0, 1)
        assert again.people["ann"].balance == ann.balance == again.start_balance - 100

    asyncio.run(run())


def test_a_sit_and_go_still_short_of_players_goes_on_waiting_after_a_restart() -> None:
    async def run() -> None:
        store = StoppingStore(writes=10)
        room = Room(store, operator=digest("op"), bot_delay=5.0)
        ann = room.enter("ann", None, None)[0]
        room.create(ann, {**SITGO, "bots": {"2": "calling-station"}})
        room.sit(ann, "t1", 0, None)
        again = _restart(_kept(store))
        table = again.tables["t1"]
        assert (table.state, table.ready, table.table.hand_number) == ("waiting", False, 0)
        assert again.store.load_tables()[0]["state"] == "waiting"

    asyncio.run(run())


@pytest.mark.parametrize("settings", [
    {**SITGO, "bots": {"0": "random", "1": "calling-station", "2": "random"}},
    {**CASH, "bots": {"0": "random", "2": "calling-station"}},
])  # fmt: skip
def test_a_table_closed_by_the_operator_stays_closed_after_a_restart(
    settings: dict[str, Any],
) -> None:
    async def run() -> None:
        store = StoppingStore(writes=10)
        room = Room(store, operator=digest("op"), bot_delay=5.0)
        ann = room.enter("ann", None, None)[0]
        room.create(ann, settings)
        room.close_table("t1")
        again = _restart(_kept(store))
        table = again.tables["t1"]
        assert (table.state, table.ready) == ("finished", False)
        assert not table.table.in_hand and table.table.hand_number == 0
        assert again.store.load_tables()[0]["state"] == "finished"

    asyncio.run(run())
