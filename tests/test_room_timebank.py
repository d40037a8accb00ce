"""The time bank at the room's tables, on a held clock (nothing here waits on real time):
a decision's own clock, then the seat's bank, refilled after each hand up to its cap; the
default action when both run out (check if free, else fold), and at a cash table the
seat sat out after it; the banks across a restart; the settings' bounds; the ``act`` and
``clock`` messages against the protocol's schema; sitting out shown in ``seats``; a seat
offered from the waiting list pushed on the table's and the lobby's sockets."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pokerroom.jsonproto.timebank import BankRules, TimeBank
from pokerroom.room.people import digest
from pokerroom.room.room import Room, RoomError
from pokerroom.room.sitgo import SettingsError, TableSettings
from pokerroom.room.store import MemoryStore
from pokerroom.room.tables import RoomTable
from room_helpers import FakeLink, expire_until

SCHEMA = json.loads((Path(__file__).resolve().parents[1]
                     / "src/pokerroom/net/schema/server.json").read_text())  # fmt: skip
SERVER = jsonschema.Draft202012Validator(SCHEMA)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


BANKED = {"name": "t", "seats": 2, "buy_in": 100, "budget": 10, "bank": 20, "bank_refill": 5,
          "bank_cap": 30}  # fmt: skip


def _heads_up(clock: Clock, **more: Any) -> tuple[RoomTable, dict[str, FakeLink], FakeLink]:
    """ann (seat 0) and bob (seat 1) at a sit-and-go, joined; a spectator."""
    table = RoomTable("t1", TableSettings.from_json({**BANKED, **more}), owner="ann",
                      bot_delay=0.0, clock=clock)  # fmt: skip
    links = {}
    for name in ("ann", "bob"):
        _, token = table.sit(name, None)
        links[name] = link = FakeLink(name)
        table.receive(table.open(link), json.dumps({"type": "join", "token": token}).encode())
    spectator = FakeLink()
    table.receive(table.open(spectator), b'{"type":"watch"}')
    table.start()
    return table, links, spectator


def _last_act(table: RoomTable, links: dict[str, FakeLink]) -> tuple[str, dict[str, Any]]:
    """Whose decision is waiting, and its act message."""
    pending = table.dealer.pending
    assert pending is not None
    name = table.seats[pending.seat].name
    assert name is not None
    act = links[name].messages("act")[-1]
    assert act["seq"] == pending.seq
    return name, act


def _send(table: RoomTable, link: FakeLink, act: dict[str, Any], action: str) -> None:
    conn = next(c for c, lk in table.links.items() if lk is link)
    table.receive(conn, json.dumps({"type": "action", "hand": act["hand"], "seq": act["seq"],
                                    "action": action}).encode())  # fmt: skip


def _ping(table: RoomTable, link: FakeLink) -> None:
    conn = next(c for c, lk in table.links.items() if lk is link)
    table.receive(conn, b'{"type":"ping","id":1}')


def test_the_bank_is_used_past_the_clock_and_refilled_to_its_cap() -> None:
    async def run() -> None:
        clock = Clock()
        table, links, spectator = _heads_up(clock)
        # hand 1: the small blind acts first (heads-up), with 10 s and a 20 s bank
        first, act = _last_act(table, links)
        other = "bob" if first == "ann" else "ann"
        assert (act["hand"], act["budget"], act["bank"]) == (1, 10.0, 20.0)
        assert table.dealer.alarm_at() == 10.0  # the timer: first when the bank starts
        assert not spectator.messages("clock")  # (a quick answer costs no message)
        clock.now = 13.5  # 3.5 s into the bank: everyone hears that it runs (the timer's
        _send(table, links[first], act, "fold")  # alarm, or here the next frame, says)
        clocks = spectator.messages("clock")
        assert clocks == [{"type": "clock", "hand": 1, "seq": act["seq"],
                           "seat": table.seat_of(first), "budget": 0.0, "bank": 16.5}]
        assert links[other].messages("clock") == links[first].messages("clock") == clocks
        assert table.bank is not None
        # the hand is over: 20 - 3.5 + 5 for one, 20 + 5 for the other
        assert table.bank.left[table.seat_of(first) or 0] == 21.5
        assert table.bank.left[table.seat_of(other) or 0] == 25.0
        name, act = _last_act(table, links)
        assert name == other and (act["hand"], act["budget"], act["bank"]) == (2, 10.0, 25.0)
        clock.now = 15.5  # within the clock: no bank used; refilled to the cap, 30
        _send(table, links[other], act, "fold")
        assert len(spectator.messages("clock")) == 1  # answered within its clock: nothing
        name, act = _last_act(table, links)
        assert name == first and (act["budget"], act["bank"]) == (10.0, 26.5)
        # someone watching (or the seat itself) coming back mid-decision: the time left
        clock.now = 27.5  # 12 s in: the clock gone, 2 s of the bank used
        late = FakeLink()
        table.receive(table.open(late), b'{"type":"watch"}')
        assert late.messages("clock")[-1]["budget"] == 0.0
        assert late.messages("clock")[-1]["bank"] == 24.5
        # the clock and the bank run out: the default (the small blind cannot check: fold)
        clock.now = 15.5 + 10 + 26.5 - 0.001
        _ping(table, links[other])
        assert table.dealer.pending is not None and table.dealer.pending.seq == act["seq"]
        told = [(m["budget"], m["bank"]) for m in spectator.messages("clock")]
        assert told == [(0.0, 16.5), (0.0, 24.5)]  # (hand 3's told at the frame at 27.5, once)
        assert table.dealer.alarm_at() == 15.5 + 10 + 26.5  # then: the deadline
        clock.now = 15.5 + 10 + 26.5
        _ping(table, links[other])
        default = links[first].messages("default")[-1]
        assert (default["seq"], default["action"], default["reason"]) == (act["seq"], "fold",
                                                                          "timeout")  # fmt: skip
        assert table.bank.left == ([5.0, 30.0] if first == "ann" else [30.0, 5.0])
        name, act = _last_act(table, links)
        assert name == other and act["bank"] == 30.0  # at the cap
        for link in (*links.values(), spectator, late):
            for message in link.messages():
                SERVER.validate(message)

    asyncio.run(run())


def test_the_default_checks_when_checking_is_free() -> None:
    async def run() -> None:
        clock = Clock()
        table, links, _ = _heads_up(clock, bank=0, bank_refill=0)
        first, act = _last_act(table, links)
        _send(table, links[first], act, "call")  # the small blind calls
        name, act = _last_act(table, links)  # the big blind may check
        assert name != first and "check" in act["view"]["legal"]["kinds"]
        assert (act["budget"], act["bank"]) == (10.0, 0.0)
        clock.now = 10.0
        _ping(table, links[first])
        assert links[name].messages("default")[-1]["action"] == "check"
        assert table.table.in_hand  # the flop: the hand goes on

    asyncio.run(run())


def test_a_bank_of_0_with_a_cap_of_0_is_no_bank_and_the_protocol_as_before() -> None:
    async def run() -> None:
        clock = Clock()
        table, links, spectator = _heads_up(clock, bank=0, bank_cap=0)
        assert table.bank is None and table.dealer.bank is None
        _, act = _last_act(table, links)
        assert "bank" not in act and act["budget"] == 10.0
        pending = table.dealer.pending
        assert pending is not None and pending.clock_end is None
        assert table.dealer.alarm_at() == pending.deadline == 10.0
        clock.now = 9.0
        _ping(table, links["ann"])
        assert not spectator.messages("clock")

    asyncio.run(run())


def test_the_banks_come_back_after_a_restart_as_the_last_hand_left_them() -> None:
    async def run() -> None:
        clock = Clock()
        table, links, _ = _heads_up(clock)
        first, act = _last_act(table, links)
        clock.now = 14.0
        _send(table, links[first], act, "fold")  # 4 s of bank: 16 + 5
        assert table.bank is not None
        after_hand_1 = list(table.bank.left)
        assert sorted(after_hand_1) == [21.0, 25.0]
        name, act = _last_act(table, links)
        clock.now = 14.0 + 10 + 7  # 7 s into the bank in hand 2 (cut off by the restart)
        _send(table, links[name], act, "call")
        assert table.bank.left != after_hand_1
        record = json.loads(json.dumps(table.record()))  # (as the store keeps it)
        assert record["banks"] == after_hand_1
        back = RoomTable.from_record(record, bot_delay=0.0, clock=clock)
        assert back.bank is not None and back.bank.left == after_hand_1
        assert back.dealer.bank is back.bank
        back.start()  # the hand cut off is dealt again; its bank spent, back too
        pending = back.dealer.pending
        assert pending is not None and pending.clock_end is not None
        assert pending.deadline - pending.clock_end == after_hand_1[pending.seat]

    asyncio.run(run())


def test_a_new_player_in_a_seat_gets_a_new_bank() -> None:
    bank = TimeBank(BankRules(20, 5, 30), 3)
    bank.spend(1, 12.25)
    bank.refill([0, 1])
    assert bank.left == [25.0, 12.75, 20.0]
    bank.reset(1)
    assert bank.left == [25.0, 20.0, 20.0]
    with pytest.raises(ValueError, match="starts with 40 s, over its cap 30 s"):
        BankRules(40, 5, 30)


@pytest.mark.parametrize(("given", "problem"), [
    ({"bank": 601}, "'bank' is '601': a number from 0 to 600"),
    ({"bank": -1}, "'bank' is '-1': a number from 0 to 600"),
    ({"bank_refill": 61}, "'bank_refill' is '61': a number from 0 to 60"),
    ({"bank_cap": 3601}, "'bank_cap' is '3601': a number from 0 to 3600"),
    ({"bank_cap": "a lot"}, "'bank_cap' is 'a lot': a number from 0 to 3600"),
    ({"bank": True}, "'bank' is 'True': a number from 0 to 600"),
    ({"bank": 50, "bank_cap": 40}, "'bank' is 50 s, over 'bank_cap' 40 s: a bank starts with "
                                   "no more than its cap (a cap of 0: no time bank)"),
])  # fmt: skip
def test_bad_bank_settings_are_refused_naming_the_bounds(given: dict[str, Any],
                                                         problem: str) -> None:
    with pytest.raises(SettingsError) as caught:
        TableSettings.from_json({"name": "t", **given})
    assert str(caught.value) == problem
    room = Room(MemoryStore(), operator=digest("op"), bot_delay=0.0)
    ann = room.enter("ann", None, None)[0]
    with pytest.raises(RoomError) as refused:
        room.create(ann, {"name": "t", **given})
    assert refused.value.status == 400 and refused.value.message == problem
    assert not room.tables  # nothing made


def test_settings_keep_the_bank_and_its_defaults() -> None:
    s = TableSettings.from_json({"name": "t"})
    assert (s.bank, s.bank_refill, s.bank_cap) == (30.0, 5.0, 60.0)
    s = TableSettings.from_json({"name": "t", "bank": 12.5, "bank_refill": 2, "bank_cap": 40})
    assert TableSettings.from_json(s.to_json()) == s
    assert s.bank_rules() == BankRules(12.5, 2.0, 40.0)
    assert TableSettings.from_json({"name": "t", "bank_cap": 20}).bank == 20.0  # cut to it
    assert TableSettings.from_json({"name": "t", "bank_cap": 0}).bank_rules() is None


CASH = {"name": "ring", "kind": "cash", "preset": "no-limit", "seats": 2, "min_buy_in": 200,
        "max_buy_in": 1000, "budget": 10, "bank": 5, "bank_refill": 1, "bank_cap": 5}  # fmt: skip


def test_a_cash_seat_that_times_out_sits_out_after_the_hand_and_it_shows() -> None:
    async def run() -> None:
        clock = Clock()
        room = Room(MemoryStore(), operator=digest("op"), bot_delay=0.0, clock=clock)
        ann, bob = (room.enter(n, None, None)[0] for n in ("ann", "bob"))
        t = room.create(ann, CASH).id
        table = room.tables[t]
        links = {}
        for person in (ann, bob):
            token = room.sit(person, t, None, None, 500)["token"]
            links[person.name] = link = FakeLink(person.name)
            table.receive(table.open(link), json.dumps({"type": "join", "token": token}).encode())
        name, act = _last_act(table, links)
        assert (act["budget"], act["bank"]) == (10.0, 5.0)
        seat = table.seat_of(name)
        clock.now = 15.0  # both gone: the default (fold: the small blind faces the big)
        _ping(table, links["bob" if name == "ann" else "ann"])
        assert links[name].messages("default")[-1]["action"] == "fold"
        seats = links[name].messages("seats")[-1]["players"]
        assert [p["sitting_out"] for p in seats if p["seat"] == seat] == [True]
        assert [p["sitting_out"] for p in seats if p["seat"] != seat] == [False]
        info = room.visible(ann)[0]["players"]
        assert [p["sitting_out"] for p in info if p["seat"] == seat] == [True]
        assert table.dealer.idle and table.dealer.pending is None  # one player left: waiting
        person = ann if name == "ann" else bob
        assert room.change(person, t, "sit_in") is True  # back in: dealt again
        assert not table.table.sitting_out[seat] and table.table.in_hand

    asyncio.run(run())


def test_an_offered_seat_is_pushed_to_the_table_and_the_lobby() -> None:
    async def run() -> None:
        room = Room(MemoryStore(), operator=digest("op"), bot_delay=0.0)
        ann, bob, cy = (room.enter(n, None, None)[0] for n in ("ann", "bob", "cy"))
        t = room.create(ann, CASH).id
        table = room.tables[t]
        room.sit(ann, t, None, None, 500)
        room.sit(bob, t, None, None, 500)
        assert room.sit(cy, t, None, None, 500)["waiting"] == 1
        watching, lobby, other = FakeLink("cy"), FakeLink("cy"), FakeLink("bob")
        table.receive(table.open(watching), b'{"type":"watch"}')
        room.lobby[lobby] = None
        room.lobby[other] = None
        assert not watching.messages("offer") and not lobby.messages("offer")
        assert room.leave(bob, t) is None  # mid-hand: bob stands up when it ends
        expire_until(table, lambda: table.seat_of("bob") is None)
        offer = {"type": "offer", "table": t, "name": "ring"}
        assert watching.messages("offer") == [offer]  # at once, once
        assert lobby.messages("offer") == [offer] and not other.messages("offer")
        SERVER.validate(offer)
        assert room.offers_to("cy") == [json.dumps(offer)] and room.offers_to("bob") == []
        assert table.dealer.idle  # (ann alone: no hand)
        room.offers(table)  # asked again (any change asks): not told again
        assert len(watching.messages("offer")) == 1
        again = FakeLink("cy")  # a connection of hers opening now: told at its welcome
        table.receive(table.open(again), b'{"type":"watch"}')
        assert [m["type"] for m in again.messages()][:4] == ["hello", "welcome", "seats", "offer"]
        assert room.sit(cy, t, None, None, 500)["seat"] is not None
        assert room.offers_to("cy") == []

    asyncio.run(run())
