"""Cash tables in the room: the settings, sitting with a buy-in, standing up, topping
up, sitting out and in (queued mid-hand), the waiting list, and the chips kept whole in
the SQLite file across random moves and a restart."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pokerroom.room.app import RoomLimits, make_app
from pokerroom.room.people import digest
from pokerroom.room.room import Room, RoomError
from pokerroom.room.sitgo import SettingsError, TableSettings
from pokerroom.room.store import MemoryStore
from pokerroom.storage.room import RoomDB
from room_helpers import expire_until

CASH = {"name": "ring", "kind": "cash", "preset": "no-limit", "seats": 3,
        "min_buy_in": 200, "max_buy_in": 1000, "bots": {"2": "random"}}  # fmt: skip


@pytest.fixture
def room() -> Room:
    return Room(MemoryStore(), operator=digest("op"), bot_delay=0.0)


@pytest.fixture
def client(room: Room) -> Iterator[TestClient]:
    with TestClient(make_app(room, RoomLimits(join_timeout=5.0))) as c:
        yield c


def test_cash_settings_are_checked() -> None:
    s = TableSettings.from_json(CASH)
    assert (s.kind, s.min_buy_in, s.max_buy_in, s.new_players) == ("cash", 200, 1000, "wait")
    assert TableSettings.from_json(s.to_json()) == s
    with pytest.raises(SettingsError) as caught:
        TableSettings.from_json({**CASH, "min_buy_in": 2000, "new_players": "soon"})
    assert "max_buy_in 1000 is below min_buy_in 2000" in str(caught.value)
    assert "'new_players' is 'soon'" in str(caught.value)
    with pytest.raises(SettingsError, match="are for cash tables"):
        TableSettings.from_json({"kind": "sitgo", "max_buy_in": 10})


def test_sit_leave_top_up_and_the_lobby(room: Room, client: TestClient) -> None:
    client.post("/api/enter", json={"name": "ann"})
    assert client.post("/api/tables", json=CASH).json()["id"] == "t1"
    info = client.get("/api/tables").json()["tables"][0]
    assert (info["kind"], info["min_buy_in"], info["max_buy_in"], info["state"]) == \
        ("cash", 200, 1000, "waiting")  # one bot only: no hand yet
    total = room.chip_total()
    r = client.post("/api/tables/t1/sit", json={"buy_in": 1001})
    assert r.status_code == 400 and "chips from 200 to 1000" in r.json()["error"]
    r = client.post("/api/tables/t1/sit", json={"seat": 0, "buy_in": 500})
    assert r.status_code == 200 and r.json()["seat"] == 0
    assert client.get("/api/me").json()["balance"] == 9500 and room.chip_total() == total
    table = room.tables["t1"]
    assert table.table.in_hand and table.table.hand_number == 1  # two can play: dealt
    assert client.get("/api/tables").json()["tables"][0]["state"] == "playing"
    # mid-hand a top-up and a leave are queued, then made when the hand ends
    assert client.post("/api/tables/t1/top_up", json={"chips": 100}).json() == \
        {"done": False, "queued": True}
    assert client.get("/api/me").json()["balance"] == 9400 and room.chip_total() == total
    assert client.post("/api/tables/t1/leave").json() == {"refund": None, "queued": True}
    assert table.seat_of("ann") == 0
    r = client.post("/api/tables/t1/dance", json={})
    assert r.status_code == 404 and "top_up, sit_out, sit_in" in r.json()["error"]
    expire_until(table, lambda: table.seat_of("ann") is None)  # her time runs out: folds
    me = client.get("/api/me").json()
    assert me["seats"] == [] and 9400 < me["balance"] <= 10600 and room.chip_total() == total
    assert not table.table.in_hand and table.dealer.idle  # the bot alone: no hand
    # the hand ann left at its end is stored under her name, not her seat's number
    phh = client.get("/api/tables/t1/hands.phh").text
    assert 'players = ["random 2", "ann"]' in phh.splitlines()


class Recorder:
    """A table link that keeps what it is given, in order."""

    peer, name = "test", "ann"

    def __init__(self) -> None:
        self.got: list[str] = []

    def push(self, frame: str) -> None:
        self.got.append(json.loads(frame)["type"])

    def close(self, code: int, reason: str) -> None:
        self.got.append(f"close {code}")


def test_a_stand_up_queued_mid_hand_still_gets_that_hands_end(room: Room,
                                                               client: TestClient) -> None:
    """The seat's connection closes only after the hand's end has gone out to it."""
    client.post("/api/enter", json={"name": "ann"})
    client.post("/api/tables", json=CASH)
    token = client.post("/api/tables/t1/sit", json={"seat": 0, "buy_in": 500}).json()["token"]
    table = room.tables["t1"]
    link = Recorder()
    conn = table.open(link)
    table.receive(conn, json.dumps({"type": "join", "token": token}).encode())
    assert "welcome" in link.got and table.table.in_hand
    assert client.post("/api/tables/t1/leave").json() == {"refund": None, "queued": True}
    expire_until(table, lambda: table.seat_of("ann") is None)
    assert link.got[-1] == "close 1000"
    assert "hand_end" in link.got and link.got.index("hand_end") < link.got.index("close 1000")


def test_sit_out_and_in_between_hands(room: Room, client: TestClient) -> None:
    client.post("/api/enter", json={"name": "ann"})
    client.post("/api/tables", json={**CASH, "bots": {}})
    assert client.post("/api/tables/t1/sit", json={"buy_in": 200}).json()["seat"] == 0
    table = room.tables["t1"]
    assert table.dealer.idle  # alone: nothing dealt, so changes are made at once
    assert client.post("/api/tables/t1/sit_out").json() == {"done": True, "queued": False}
    assert table.table.sitting_out[0]
    r = client.post("/api/tables/t1/sit_out")
    assert r.status_code == 409 and "sitting out already" in r.json()["error"]
    assert client.post("/api/tables/t1/sit_in").json()["done"] and not table.table.sitting_out[0]
    r = client.post("/api/tables/t1/top_up", json={"chips": 900})
    assert r.status_code == 409 and "top up by 1 to 800" in r.json()["error"]
    assert client.get("/api/me").json()["balance"] == 9800  # refused: nothing taken
    assert client.post("/api/tables/t1/top_up", json={"chips": 800}).json()["done"]
    assert table.table.stacks[0] == 1000 and client.get("/api/me").json()["balance"] == 9000
    assert client.post("/api/tables/t1/leave").json() == {"refund": 1000}
    assert client.get("/api/me").json()["balance"] == 10000 and room.chip_total() == 10000


def test_a_full_table_has_a_waiting_list(room: Room) -> None:
    async def run() -> None:
        people = [room.enter(n, None, None)[0] for n in ("ann", "bob", "cy")]
        t = room.create(people[0], {**CASH, "new_players": "post"}).id
        assert room.sit(people[0], t, 0, None, 300)["seat"] == 0
        assert room.sit(people[1], t, None, None, 300)["queued"]  # seat 1, at the hand's end
        assert room.sit(people[2], t, None, None, 300) == \
            {"seat": None, "token": None, "waiting": 1}
        assert people[2].balance == 10000 and room.tables[t].info()["waiting"] == 1
        assert room.me(people[2])["waiting"] == [{"table": t, "place": 1, "offered": False}]
        table = room.tables[t]
        assert not table.table.taken[1]  # bob sits down when the hand in play ends
        expire_until(table, lambda: table.table.taken[1])
        assert table.table.in_hand and 1 in table.table.seats_in_hand  # posted: dealt in
        assert room.leave(people[1], t) is None  # mid-hand: at the hand's end
        expire_until(table, lambda: table.seat_of("bob") is None)
        assert room.me(people[2])["waiting"] == [{"table": t, "place": 1, "offered": True}]
        di = room.enter("di", None, None)[0]  # the seat is cy's: di waits behind
        assert room.sit(di, t, 1, None, 300) == {"seat": None, "token": None, "waiting": 2}
        assert room.sit(people[2], t, None, None, 300)["seat"] == 1
        assert table.waitlist == ["di"] and table.info()["waiting_list"] == ["di"]

    asyncio.run(run())


def test_the_chips_stay_whole_in_sqlite_across_random_moves_and_a_restart(
    tmp_path: Path,
) -> None:
    path = tmp_path / "room.db"
    rng = random.Random(34)

    async def run() -> tuple[int, dict[str, int], dict[str, int]]:
        room = Room(RoomDB(path), operator=digest("op"), bot_delay=0.0)
        people = [room.enter(n, None, None)[0] for n in ("ann", "bob", "cy", "di")]
        t = room.create(people[0], {**CASH, "new_players": "post"}).id
        table = room.tables[t]
        total = room.chip_total()
        assert total == 40000
        done = 0
        for _ in range(300):
            who = rng.choice(people)
            move = rng.choice(["sit", "leave", "top_up", "sit_out", "sit_in", "play", "play"])
            try:
                if move == "sit":
                    room.sit(who, t, None, None, rng.randrange(150, 1100))
                elif move == "leave":
                    room.leave(who, t)
                elif move == "play":
                    if table.dealer.pending is not None:
                        table._expire()
                else:
                    room.change(who, t, move, rng.randrange(1, 600))
                done += 1
            except RoomError:
                pass
            assert room.chip_total() == total
            assert all(p.balance >= 0 for p in people)
        assert done > 100 and table.table.hand_number > 10
        return room.chip_total(), wealth(room), table.table.hand_number

    total, before, hands = asyncio.run(run())

    async def again() -> None:
        # (the bot waits: a bot acting at once could play the hand dealt again to its end
        # during the load, a fold moving the blinds, more likely with seats sat out after
        # a time-out: the chips are then whole, but not each as dealt)
        room = Room(RoomDB(path), operator=digest("op"), bot_delay=5.0)
        room.load()  # the hand in play void; changes queued for its end made
        assert room.chip_total() == total and wealth(room) == before
        assert room.tables["t1"].table.hand_number >= hands - 1  # (a void hand)

    asyncio.run(again())


def wealth(room: Room) -> dict[str, int]:
    """Each person's chips: balance, stack at the table (a hand in play as dealt), chips
    waiting for the hand's end."""
    out = {p.name: p.balance for p in room.people.values()}
    for table in room.tables.values():
        t = table.table
        dealt = set(t.seats_in_hand) if t.in_hand else set()
        start = t.hand_start.stacks if dealt else t.stacks
        for i, seat in enumerate(table.seats):
            if seat.name in out and t.taken[i]:
                out[seat.name] += start[i] if i in dealt else t.stacks[i]
        for _, name, _, chips in table.queue:
            out[name] += chips
    return out


def test_the_operator_closes_a_cash_table_mid_hand(room: Room) -> None:
    async def run() -> None:
        ann, bob = (room.enter(n, None, None)[0] for n in ("ann", "bob"))
        t = room.create(ann, CASH).id
        room.sit(ann, t, 0, None, 400)
        room.sit(bob, t, 1, None, 600)  # queued: a hand of ann and the bot is in play
        room.change(ann, t, "top_up", 100)  # queued too
        total = room.chip_total()
        table = room.tables[t]
        assert table.table.in_hand and table.pool == 700
        refunds = room.close_table(t)
        assert refunds == {"ann": 500, "bob": 600}  # the hand void: all back
        assert ann.balance == bob.balance == 10000 and room.chip_total() == total == 20000

    asyncio.run(run())
