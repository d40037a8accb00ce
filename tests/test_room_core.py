"""Exact answers of the room itself (:mod:`pokerroom.room.room`), worked out from the code:
people entering (the invite, a session back, a name taken or removed), the tables made (at
most 5 open each and 1000 in the room, a private table's invite), sitting and leaving with
the balances exact, a cash table's changes, the operator's powers (closing, removing,
muting, granting, spectating), the lobby, and what a restart brings back; every refusal's
status and text word for word.  Written for the mutation part ``roomcore``
(docs/development/mutation.md)."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from pokerroom.engine import Hand
from pokerroom.history.phh import dumps
from pokerroom.history.record import PlayedHand, to_phh
from pokerroom.jsonproto.messages import Watching
from pokerroom.room import room as room_module
from pokerroom.room.people import Person, digest
from pokerroom.room.room import Room, RoomError
from pokerroom.room.store import HandRow, MemoryStore
from pokerroom.rules import Rules
from room_helpers import FakeLink

SITGO = {"name": "sng", "preset": "no-limit", "seats": 3, "buy_in": 300}
CASH = {"name": "ring", "kind": "cash", "preset": "no-limit", "seats": 3,
        "min_buy_in": 200, "max_buy_in": 1000}  # fmt: skip


def _room(store: MemoryStore | None = None, **given: Any) -> Room:
    """A room whose bots wait 5 s a decision (no hand ends in a test unless made to)."""
    return Room(store if store is not None else MemoryStore(), operator=digest("op"),
                bot_delay=5.0, **given)  # fmt: skip


def _refused(call: Callable[..., Any], *args: Any) -> tuple[int, str]:
    with pytest.raises(RoomError) as caught:
        call(*args)
    assert str(caught.value) == caught.value.message
    return caught.value.status, caught.value.message


def _on_loop(body: Callable[[], None]) -> None:
    """``body`` run on an event loop (the room's tables arm their timers on it)."""

    async def run() -> None:
        body()

    asyncio.run(run())


def _people(room: Room, *names: str) -> list[Person]:
    return [room.enter(n, None, None)[0] for n in names]


def _kept(room: Room) -> MemoryStore:
    """What the room's store keeps."""
    assert isinstance(room.store, MemoryStore)
    return room.store


def _stored(room: Room, name: str) -> int:
    """A person's balance as the store keeps it."""
    balance = _kept(room).people[name.casefold()]["balance"]
    assert isinstance(balance, int)
    return balance


# -------------------------------------------------------------------- people


def test_a_room_by_default() -> None:
    room = Room(MemoryStore(), operator=digest("op"))
    assert (room.start_balance, room.bot_delay, room.limits) == (10_000, 0.8, None)
    assert room.clock is time.monotonic and room.invite is None and room.granted == 0
    assert room_module.LOBBY_DELAY == 0.25
    assert room.enter("ann", None, None)[0].balance == 10_000


def test_entering_a_name_taken_back_with_a_session_or_refused_word_for_word() -> None:
    room = _room(start_balance=777)
    ann, secret = room.enter("Ann", None, None)
    assert secret is not None and len(secret) == 32
    assert (ann.name, ann.balance, ann.session) == ("Ann", 777, digest(secret))
    assert _kept(room).people == {"ann": {"name": "Ann", "balance": 777,
                                         "session": digest(secret), "muted": False,
                                         "removed": False}}  # fmt: skip
    assert room.sessions == {digest(secret): "ann"}
    assert room.person(secret) is ann
    assert room.person(None) is None and room.person("") is None
    assert room.person(secret + "x") is None
    assert room.enter("ANN", None, secret) == (ann, None)  # her session: back, no new one
    taken = (409, "the name 'Ann' is taken: pick another")
    assert _refused(room.enter, "ann", None, None) == taken
    assert _refused(room.enter, "aNN", None, "another") == taken
    assert _refused(room.enter, " ann", None, None) == \
        (400, "a name must not start or end with a space")
    assert _refused(room.enter, 5, None, None) == \
        (400, "a name is 1 to 20 letters, digits, spaces or _-. (not 5)")
    assert list(room.people) == ["ann"] and ann.balance == 777
    bob, other = room.enter("bob", None, None)
    assert other is not None and other != secret and room.person(other) is bob


def test_an_invite_code_to_enter_the_room() -> None:
    room = _room(invite="sesame")
    assert room.invite == "sesame" and room.store.get("invite") == "sesame"
    for wrong in (None, "Sesame", "sesame ", 123, ["sesame"]):
        assert _refused(room.enter, "ann", wrong, None) == \
            (403, "this room needs an invite code to enter: ask its host")
    assert room.people == {} and _kept(room).people == {}
    ann, secret = room.enter("ann", "sesame", None)
    assert room.enter("ann", None, secret) == (ann, None)  # back: no code asked again
    assert _refused(room.enter, "ann", "sesame", None)[0] == 409  # the name before the code
    room.set_invite(None)
    assert room.invite is None and room.store.get("invite") is None
    assert room.enter("bob", None, None)[0].name == "bob"
    room.set_invite("new")
    assert room.invite == "new"
    again = _room(_kept(room))  # (a restart with no invite given keeps the one stored)
    assert again.invite == "new"


def test_who_i_am_my_seats_and_my_places_on_waiting_lists() -> None:
    def body() -> None:
        room = _room()
        ann, bob, cat, dan = _people(room, "ann", "bob", "cat", "dan")
        sng = room.create(ann, SITGO).id
        assert room.sit(ann, sng, 1, None)["seat"] == 1
        ring = room.create(ann, {**CASH, "seats": 2}).id
        assert room.sit(ann, ring, 0, None, 500)["seat"] == 0
        assert room.sit(bob, ring, None, None, 400)["seat"] == 1  # two: a hand is dealt
        assert room.sit(cat, ring, None, None) == {"seat": None, "token": None, "waiting": 1}
        assert room.sit(dan, ring, None, None) == {"seat": None, "token": None, "waiting": 2}
        assert room.sit(cat, ring, None, None) == {"seat": None, "token": None, "waiting": 1}
        assert room.me(ann) == {"name": "ann", "balance": 10000 - 300 - 500,
                                "seats": [{"table": sng, "seat": 1}, {"table": ring, "seat": 0}]}
        assert room.me(cat) == {"name": "cat", "balance": 10000, "seats": [],
                                "waiting": [{"table": ring, "place": 1, "offered": False}]}
        assert room.me(dan)["waiting"] == [{"table": ring, "place": 2, "offered": False}]
        assert room.offers_to("cat") == [] and room.offers_to(None) == []
        link = FakeLink("cat")
        room.lobby[link] = None
        table = room.tables[ring]
        assert room.leave(ann, ring) is None  # mid-hand: at its end
        total = room.chip_total()
        while table.table.in_hand:
            table._expire()  # each runs out of time: the default action
        assert ann.balance + bob.balance + table.table.stacks[1] == 20000 - 300
        assert _stored(room, "ann") == ann.balance and room.chip_total() == total
        assert table.payouts == {}
        offer = {"type": "offer", "table": ring, "name": "ring"}
        assert link.messages("offer") == [offer]  # told once, on the lobby
        assert room.me(cat)["waiting"] == [{"table": ring, "place": 1, "offered": True}]
        assert room.me(dan)["waiting"] == [{"table": ring, "place": 2, "offered": False}]
        assert [json.loads(f) for f in room.offers_to("cat")] == [offer]
        assert room.offers_to("dan") == []
        room.offers(table)  # again: nobody new, nothing said
        assert link.messages("offer") == [offer]
        room.close_table(sng)  # a finished table is nobody's seat
        room.close_table(ring)
        assert room.me(ann) == {"name": "ann", "balance": ann.balance, "seats": []}
        assert "waiting" not in room.me(cat)

    _on_loop(body)


# -------------------------------------------------------------------- tables


def test_at_most_5_tables_open_each_finished_ones_not_counted() -> None:
    room = _room()
    ann, bob = _people(room, "ann", "bob")
    made = [room.create(ann, {"seats": 2}).id for _ in range(5)]
    assert made == ["t1", "t2", "t3", "t4", "t5"]
    too_many = (429, "you have 5 tables open already (at most 5): play them out or leave "
                     "them first")  # fmt: skip
    assert _refused(room.create, ann, {"seats": 2}) == too_many
    assert list(room.tables) == made and list(_kept(room).tables) == made
    assert room.create(bob, {"seats": 2}).id == "t6"  # (no number used by the refusal)
    room.close_table("t3")
    assert room.create(ann, {"seats": 2}).id == "t7"
    assert _refused(room.create, ann, {"seats": 2}) == too_many
    assert _refused(room.create, ann, [2]) == (400, "a table's settings are a JSON object with "
                                                    "name, kind, preset, seats, buy_in, bots, "
                                                    "private")  # fmt: skip
    assert _refused(room.create, bob, {"seats": 1})[0] == 400


def test_at_most_1000_tables_open_in_the_room() -> None:
    room = _room()
    people = _people(room, *(f"p{i}" for i in range(201)))
    for i in range(1000):
        room.create(people[i // 5], {"seats": 2})
    assert len(room.tables) == 1000
    full = (429, "the room has 1000 tables open: try again later")
    assert _refused(room.create, people[200], {"seats": 2}) == full
    assert len(room.tables) == len(_kept(room).tables) == 1000
    room.close_table("t500")
    assert room.create(people[200], {"seats": 2}).id == "t1001"
    assert _refused(room.create, people[200], {"seats": 2}) == full


def test_a_table_made_is_stored_and_deals_only_when_it_should() -> None:
    def body() -> None:
        room = _room()
        (ann,) = _people(room, "ann")
        waiting = room.create(ann, {**SITGO, "bots": {"0": "random"}})
        assert (waiting.id, waiting.owner, waiting.invite, waiting.state) == \
            ("t1", "ann", None, "waiting")
        assert _kept(room).tables["t1"] == {**waiting.record(), "guests": []}
        assert room.guests == {"t1": set()}
        bots = room.create(ann, {**SITGO, "bots": {"0": "random", "1": "random", "2": "random"}})
        assert bots.state == "playing" and bots.table.in_hand
        assert _kept(room).tables["t2"]["state"] == "playing"
        assert room.chip_total() == 10000  # bots buy in with nobody's chips

    _on_loop(body)


def test_a_private_table_its_invite_and_who_may_see_it() -> None:
    room = _room()
    ann, bob, cat = _people(room, "ann", "bob", "cat")
    table = room.create(ann, {**SITGO, "private": True})
    public = room.create(bob, {"seats": 2})
    code = table.invite
    assert code is not None and len(code) == 12
    assert room.create(ann, {"seats": 2, "private": True}).invite not in (None, code)
    assert room.table("t1", ann) is table and room.table("t2", None) is public
    hidden = (404, "no table 't1' here (the lobby lists the tables)")
    assert _refused(room.table, "t1", bob) == hidden
    assert _refused(room.table, "t1", None) == hidden
    assert _refused(room.table, "t" + "9" * 30, ann) == \
        (404, f"no table {'t' + '9' * 19!r} here (the lobby lists the tables)")
    assert [t["id"] for t in room.visible(None)] == ["t2"]
    assert [t["id"] for t in room.visible(bob)] == ["t2"]
    assert [t["id"] for t in room.visible(ann)] == ["t1", "t2", "t3"]
    assert json.loads(room.lobby_frame("bob")) == {"type": "tables", "tables": room.visible(bob)}
    assert json.loads(room.lobby_frame(None)) == {"type": "tables", "tables": room.visible(None)}
    assert json.loads(room.lobby_frame("ANN"))["tables"] == room.visible(ann)
    private = (403, "this table is private: its invite code is needed")
    for wrong in (None, code.upper() if code != code.upper() else code.lower(), code[:-1],
                  7, [code]):  # fmt: skip
        assert _refused(room.sit, bob, "t1", None, wrong) == private
    assert room.guests["t1"] == set() and bob.balance == 10000
    assert room.sit(bob, "t1", 2, code)["seat"] == 2
    assert room.guests["t1"] == {"bob"} and room.table("t1", bob) is table
    assert _kept(room).tables["t1"]["guests"] == ["bob"]
    assert room.sit(cat, "t1", 0, code)["seat"] == 0
    assert _kept(room).tables["t1"]["guests"] == ["bob", "cat"]
    assert room.leave(bob, "t1") == 300 and room.table("t1", bob) is table  # still a guest
    room.guests["t1"].discard("cat")  # (seated, though no guest: still sees it)
    assert room.table("t1", cat) is table
    assert room.sit(ann, "t1", None, None)["seat"] == 1  # the owner needs no code
    assert _refused(room.sit, bob, "t404", None, code) == \
        (404, "no table 't404' here (the lobby lists the tables)")
    assert _refused(room.sit, bob, "t" + "4" * 30, None, code) == \
        (404, f"no table {'t' + '4' * 19!r} here (the lobby lists the tables)")


# ------------------------------------------------------------ sitting, leaving


def test_sitting_at_a_sit_and_go_costs_its_buy_in_exactly() -> None:
    def body() -> None:
        room = _room(start_balance=300)
        ann, bob, cat = _people(room, "ann", "bob", "cat")
        t = room.create(ann, SITGO).id
        for seat in (True, "1", 1.0, [1], "x" * 30):
            assert _refused(room.sit, ann, t, seat, None) == \
                (400, f"'seat' is a seat number or null, not {str(seat)[:20]!r}")
        assert _refused(room.sit, ann, t, 7, None) == (409, "no seat 7: seats 0 to 2")
        got = room.sit(ann, t, 1, None)
        table = room.tables[t]
        assert got == {"seat": 1, "token": table.seats[1].token}
        assert ann.balance == 0 and _stored(room, "ann") == 0  # exactly her balance
        assert _kept(room).tables[t]["pool"] == 300
        assert room.sit(ann, t, 2, None) == got  # seated already: the same seat, no cost
        assert ann.balance == 0 and table.pool == 300
        assert _refused(room.sit, bob, t, 1, None) == \
            (409, "seat 1 is taken (free seats: [0, 2])")
        bob.balance = 299
        assert _refused(room.sit, bob, t, 0, None) == \
            (409, "the buy-in is 300 chips and your balance is 299")
        assert bob.balance == 299 and table.seats[0].name is None
        assert room.leave(ann, t) == 300
        assert ann.balance == 300 and _stored(room, "ann") == 300 and table.pool == 0
        kept = _kept(room).tables[t]
        assert (kept["seats"][1]["name"], kept["pool"]) == (None, 0)
        assert _refused(room.leave, ann, t) == (409, "you have no seat at this table")
        room.sit(ann, t, 0, None)
        bob.balance = 300
        room.sit(bob, t, None, None)
        assert table.state == "waiting"
        assert room.sit(cat, t, None, None)["seat"] == 2  # the last seat: it deals
        assert table.state == "playing" and table.table.in_hand
        assert _kept(room).tables[t]["state"] == "playing"
        assert room.chip_total() == 900 and table.pool == 900
        dan = room.enter("dan", None, None)[0]
        assert _refused(room.sit, dan, t, None, None) == \
            (409, "this sit-and-go has started: watch it, or join another table")
        assert _refused(room.leave, cat, t) == \
            (409, "this sit-and-go has started: a seat stays to the end (its chips play "
                  "on: fold by default when no answer comes)")  # fmt: skip

    _on_loop(body)


def test_a_cash_tables_buy_in_from_its_minimum_to_its_maximum() -> None:
    def body() -> None:
        room = _room()
        ann, bob, cat = _people(room, "ann", "bob", "cat")
        t = room.create(ann, CASH).id
        for buy_in in (199, 1001, 0, True, "500", 500.0, "9" * 30):
            assert _refused(room.sit, ann, t, None, None, buy_in) == \
                (400, f"'buy_in' is {str(buy_in)[:20]!r}: chips from 200 to 1000")
        assert ann.balance == 10000
        assert room.sit(ann, t, 0, None, 200)["seat"] == 0
        assert ann.balance == 9800 and _stored(room, "ann") == 9800
        assert room.tables[t].table.stacks[0] == 200
        assert "queued" not in room.sit(bob, t, 1, None, 1000)  # two: the hand dealt now
        assert bob.balance == 9000
        cat.balance = 999
        assert _refused(room.sit, cat, t, None, None) == \
            (409, "the buy-in is 1000 chips and your balance is 999")  # the maximum by default
        got = room.sit(cat, t, None, None, 999)  # mid-hand: sits when it ends
        assert got == {"seat": 2, "token": room.tables[t].seats[2].token, "queued": True}
        assert cat.balance == 0 and room.chip_total() == 20000 + 999

    _on_loop(body)


def test_a_cash_tables_changes_word_for_word() -> None:
    def body() -> None:
        room = _room()
        ann, bob = _people(room, "ann", "bob")
        sng = room.create(ann, SITGO).id
        t = room.create(ann, CASH).id
        action = "no action 'dance' at a table: sit, leave, top_up, sit_out, sit_in"
        assert _refused(room.change, ann, "t404", "dance") == (404, action)
        assert _refused(room.change, ann, t, "d" * 30) == \
            (404, f"no action {'d' * 20!r} at a table: sit, leave, top_up, sit_out, sit_in")
        assert _refused(room.change, ann, "t404", "top_up", 5) == \
            (404, "no table 't404' here (the lobby lists the tables)")
        for what in ("top_up", "sit_out", "sit_in"):
            assert _refused(room.change, ann, sng, what, 5) == \
                (409, f"table t1 is a sit-and-go: {what} is for cash tables")
        assert _refused(room.change, ann, t, "top_up", 5) == \
            (409, "you have no seat at this cash table")
        room.sit(ann, t, 0, None, 200)  # alone: no hand
        for chips in (0, -1, True, "5", 1.0, None, "9" * 30):
            assert _refused(room.change, ann, t, "top_up", chips) == \
                (400, f"'chips' is {str(chips)[:20]!r}: the chips to add, 1 or more")
        assert _refused(room.change, ann, t, "top_up") == \
            (400, "'chips' is '0': the chips to add, 1 or more")  # none given
        table = room.tables[t]
        assert room.change(ann, t, "top_up", 1) is True
        assert ann.balance == 9799 and _stored(room, "ann") == 9799
        assert table.table.stacks[0] == 201
        assert _refused(room.change, ann, t, "top_up", 9800) == \
            (409, "a top-up of 9800 and your balance is 9799")
        assert room.change(ann, t, "sit_out", 500) is True  # (no chips move but a top-up's)
        assert ann.balance == 9799 and table.table.sitting_out[0]
        assert room.change(ann, t, "sit_in", 500) is True
        assert ann.balance == 9799 and not table.table.sitting_out[0]
        assert _refused(room.change, ann, t, "top_up", 800)[0] == 409  # past the maximum
        assert ann.balance == 9799
        room.sit(bob, t, 1, None, 500)  # a hand is dealt
        assert table.table.in_hand
        bob.balance = 300
        assert room.change(bob, t, "top_up", 300) is False  # queued to the hand's end
        assert bob.balance == 0 and _stored(room, "bob") == 0 and table.pool == 300
        kept = _kept(room).tables[t]
        assert (kept["queue"], kept["pool"]) == ([[1, "bob", "top_up", 300]], 300)
        assert room.chip_total() == 9799 + 201 + 500 + 300  # balances, stacks, the queued

    _on_loop(body)


# ------------------------------------------------------------------ operator


def test_the_operator_closes_a_table_every_persons_buy_in_back() -> None:
    def body() -> None:
        room = _room()
        ann, bob = _people(room, "ann", "bob")
        t = room.create(ann, {**SITGO, "bots": {"2": "random"}}).id
        room.sit(ann, t, 0, None)
        room.sit(bob, t, 1, None)  # full: it deals
        table = room.tables[t]
        link = FakeLink("ann")
        table.open(link)
        assert table.state == "playing" and room.chip_total() == 20000
        assert _refused(room.close_table, "t404") == (404, "no table 't404'")
        assert _refused(room.close_table, "t" + "4" * 30) == (404, f"no table {'t' + '4' * 19!r}")
        assert room.close_table(t) == {"ann": 300, "bob": 300}
        assert (ann.balance, bob.balance) == (10000, 10000)
        assert (_stored(room, "ann"), _stored(room, "bob")) == (10000, 10000)
        assert (table.state, table.pool) == ("finished", 0)
        assert _kept(room).tables[t]["state"] == "finished"
        assert _kept(room).tables[t]["pool"] == 0
        assert link.messages("bye") == [{"type": "bye", "reason": "the operator closed this table"}]
        assert link.closed is not None
        assert room.chip_total() == 20000
        assert _refused(room.close_table, t) == (409, "table t1 is finished already")

    _on_loop(body)


def test_the_operator_closes_a_cash_table_with_a_queued_payout() -> None:
    def body() -> None:
        room = _room()
        ann, bob, cat = _people(room, "ann", "bob", "cat")
        t = room.create(ann, {**CASH, "bots": {"2": "random"}}).id
        table = room.tables[t]
        room.sit(ann, t, 0, None, 500)  # with the bot: dealt
        room.sit(bob, t, 1, None, 400)  # queued to the hand's end
        table.payouts["cat"] = 70  # (due to cat, who stood up at the last hand's end)
        cat.balance -= 70
        assert room.chip_total() == 30000
        assert room.close_table(t) == {"ann": 500, "bob": 400, "cat": 70}
        assert (ann.balance, bob.balance, cat.balance) == (10000, 10000, 10000)
        assert _stored(room, "cat") == 10000 and room.chip_total() == 30000

    _on_loop(body)


def test_the_operator_removes_a_person_from_every_table_and_the_lobby() -> None:
    def body() -> None:
        room = _room()
        ann, bob = _people(room, "ann", "bob")
        secret = room.enter("cat", None, None)[1]
        assert secret is not None
        cat = room.people["cat"]
        room.create(ann, {"seats": 2})  # (cat is not at the first table)
        waiting = room.create(ann, SITGO).id
        room.sit(cat, waiting, 0, None)
        ring = room.create(ann, CASH).id
        room.sit(cat, ring, 0, None, 600)  # alone: no hand
        playing = room.create(ann, {**SITGO, "seats": 2, "buy_in": 100}).id
        room.sit(cat, playing, 0, None)
        room.sit(bob, playing, 1, None)  # full: it deals
        done = room.create(ann, {**SITGO, "seats": 2, "bots": {"1": "random"}}).id
        room.sit(cat, done, 0, None)  # dealt, then closed
        room.close_table(done)
        dealt = room.create(bob, CASH).id
        room.sit(cat, dealt, 0, None, 200)
        room.sit(bob, dealt, 1, None, 200)  # two: a hand in play
        tokens = {t: room.tables[t].seats[0].token for t in (playing, done)}
        assert cat.balance == 10000 - 300 - 600 - 100 - 200
        theirs, others = FakeLink("cat"), FakeLink("bob")
        room.lobby.update({theirs: None, others: None})
        assert _refused(room.remove, "x" * 30) == (404, f"nobody is called {'x' * 20!r} here")
        room.remove("CAT")
        assert cat.removed and room.person(secret) is None and digest(secret) not in room.sessions
        # the waiting table's buy-in and the cash stack back; the stack in play at its end
        assert cat.balance == 10000 - 100 - 200
        assert room.tables[waiting].seat_of("cat") is None
        assert room.tables[ring].seat_of("cat") is None
        assert room.tables[playing].seat_of("cat") == 0  # its chips play on...
        assert room.tables[playing].seats[0].token != tokens[playing]  # ...but not for cat
        assert room.tables[done].seat_of("cat") == 0  # a finished table left as it was
        assert room.tables[done].seats[0].token == tokens[done]
        assert _kept(room).people["cat"] == {**cat.to_json(), "balance": 9700,
                                            "removed": True}  # fmt: skip
        kept = _kept(room).tables
        assert kept[waiting]["seats"][0]["name"] is None and kept[ring]["seats"][0]["name"] is None
        assert kept[playing]["seats"][0]["token"] != tokens[playing]
        assert kept[dealt]["queue"] == [[0, "cat", "leave", 0]]
        assert theirs.closed == (1008, "removed by the operator") and others.closed is None
        assert _refused(room.enter, "cat", None, secret) == \
            (403, "'cat' was removed from this room by its operator")
        assert room.chip_total() == 30000  # (ann, bob and cat: nothing made or lost)
        table = room.tables[dealt]
        while table.table.in_hand:
            table._expire()
        assert table.seat_of("cat") is None and room.chip_total() == 30000
        paid = cat.balance - 9700  # cat's stack at the hand's end...
        assert paid > 0 and paid + table.table.stacks[1] == 400  # ...and bob's: both buy-ins
        assert _stored(room, "cat") == cat.balance
        room.remove("cat")  # again: nothing more
        assert cat.removed and room.chip_total() == 30000

    _on_loop(body)


def test_the_operator_mutes_and_grants() -> None:
    room = _room()
    (ann,) = _people(room, "ann")
    assert _refused(room.mute, "x" * 30, True) == (404, f"nobody is called {'x' * 20!r} here")
    assert _refused(room.grant, "bob", 5) == (404, "nobody is called 'bob' here")
    assert _refused(room.grant, "y" * 30, 5) == (404, f"nobody is called {'y' * 20!r} here")
    assert _refused(room.mute, "bob", True) == (404, "nobody is called 'bob' here")
    assert room._may_chat(FakeLink("ann")) is None
    room.mute("ANN", True)
    assert ann.muted and _kept(room).people["ann"]["muted"] is True
    assert room._may_chat(FakeLink("ann")) == "the operator has muted you"
    room.mute("ann", False)
    assert not ann.muted and _kept(room).people["ann"]["muted"] is False
    assert room._may_chat(FakeLink("ann")) is None
    for who in (None, "nobody"):
        assert room._may_chat(FakeLink(who)) == "enter the room (pick a name) to chat"
    assert room.grant("Ann", 250) == 10250 and room.grant("ann", 5) == 10255
    assert ann.balance == 10255 and _stored(room, "ann") == 10255
    assert room.granted == 255 and room.store.get("granted") == "255"
    assert _kept(room).grants == [("ann", 250), ("ann", 5)]
    assert room.chip_total() == 10255
    room.remove("ann")
    assert room._may_chat(FakeLink("ann")) == "enter the room (pick a name) to chat"


def test_spectating_turned_off_and_on_for_every_table() -> None:
    room = _room()
    (ann,) = _people(room, "ann")
    one = room.create(ann, {"seats": 2})
    room.set_watching(False)
    assert room.store.get("watching") == "off"
    two = room.create(ann, {"seats": 2})
    assert one.dealer.watching == two.dealer.watching == Watching.OFF
    room.set_watching(True)
    assert room.store.get("watching") is None
    three = room.create(ann, {"seats": 2})
    assert {t.dealer.watching for t in (one, two, three)} == {Watching.OPEN}


# -------------------------------------------------------------- after a hand


def test_a_sit_and_go_finished_pays_its_prizes_once_to_people_alone() -> None:
    def body() -> None:
        room = _room()
        ann, bob, cat = _people(room, "ann", "bob", "cat")
        table = room.create(ann, {**SITGO, "seats": 4, "bots": {"3": "random"}})
        for person in (ann, bob, cat):
            room.sit(person, table.id, None, None)
        assert table.pool == 900 and room.chip_total() == 30000
        table.state = "finished"  # (as the match's last hand leaves it)
        table.places = {"bob": 1, "ann": 2, "cat": 3, "eve": 4}  # (eve: nobody here)
        table.payouts = {"dan": 5}  # (nobody of that name: nothing paid)
        room.hand_over(table, None)
        assert table.prizes == {"bob": 585, "ann": 315, "cat": 0, "eve": 0}  # 65% and 35%
        assert (bob.balance, ann.balance, cat.balance) == (10285, 10015, 9700)
        assert (_stored(room, "bob"), _stored(room, "ann")) == (10285, 10015)
        assert table.pool == 0 and table.payouts == {}
        assert _kept(room).tables[table.id]["prizes"] == table.prizes
        assert _kept(room).played == []
        room.hand_over(table, None)  # told again: paid once
        assert (bob.balance, ann.balance, cat.balance) == (10285, 10015, 9700)
        assert room.chip_total() == 30000

    _on_loop(body)


def test_a_sit_and_go_finished_without_places_pays_nothing() -> None:
    room = _room()
    (ann,) = _people(room, "ann")
    table = room.create(ann, {**SITGO, "seats": 2, "bots": {"1": "random"}})
    table.state = "finished"
    table.pool = 40
    room.hand_over(table, None)
    assert table.prizes == {} and table.pool == 0 and ann.balance == 10000


def test_the_hands_of_a_table_in_each_format_and_no_other() -> None:
    room = _room()
    (ann,) = _people(room, "ann")
    table = room.create(ann, {"seats": 2})
    for fmt in ("acpc", "PHH", "x" * 30):
        assert _refused(room.hands_in, table, fmt) == \
            (404, f"no such format {fmt!r} (formats: phh, pokerstars, ohh)")
    assert room_module.EXPORTS == {"phh": ".phhs", "pokerstars": ".txt", "ohh": ".ohh"}


# -------------------------------------------------------------------- lobby


def test_the_lobby_hears_many_changes_in_one_message_after_a_quarter_second() -> None:
    async def run() -> None:
        room = _room()
        (ann,) = _people(room, "ann")
        room.changed()  # nobody in the lobby: no timer
        assert room._lobby_timer is None
        one, two = FakeLink("ann"), FakeLink(None)
        room.lobby.update({one: None, two: None})
        loop = asyncio.get_running_loop()
        before = loop.time()
        room.create(ann, {"seats": 2})
        after = loop.time()
        timer = room._lobby_timer
        assert timer is not None and before + 0.25 <= timer.when() <= after + 0.25
        room.create(ann, {"seats": 2, "private": True})
        assert room._lobby_timer is timer  # the same message
        assert one.frames == two.frames == []
        await asyncio.sleep(0.35)
        assert room._lobby_timer is None
        assert [json.loads(f) for f in one.frames] == [json.loads(room.lobby_frame("ann"))]
        assert [json.loads(f) for f in two.frames] == [json.loads(room.lobby_frame(None))]
        assert len(one.messages()[0]["tables"]) == 2 and len(two.messages()[0]["tables"]) == 1
        room.changed()
        assert room._lobby_timer is not None
        room.shutdown()
        assert room._lobby_timer.cancelled()
        assert one.closed == two.closed == (1001, "the server is closing")

    asyncio.run(run())
    room = _room()
    room.lobby[FakeLink("ann")] = None
    room.changed()  # (no event loop: nothing to schedule on)
    assert room._lobby_timer is None


def test_shutting_down_closes_every_table_and_lobby_connection_with_the_reason() -> None:
    room = _room()
    (ann,) = _people(room, "ann")
    table = room.create(ann, {"seats": 2})
    at_table, in_lobby = FakeLink("ann"), FakeLink("ann")
    table.open(at_table)
    room.lobby[in_lobby] = None
    room.shutdown("back soon")
    assert at_table.messages("bye") == [{"type": "bye", "reason": "back soon"}]
    assert in_lobby.closed == (1001, "back soon")


# ------------------------------------------------------------------ restart


def test_a_restart_brings_back_people_sessions_tables_guests_grants_and_settings() -> None:
    def body() -> None:
        store = MemoryStore()
        room = _room(store, invite="sesame")
        ann, secret = room.enter("Ann", "sesame", None)
        bob = room.enter("bob", "sesame", None)[0]
        gone_secret = room.enter("cat", "sesame", None)[1]
        assert gone_secret is not None
        private = room.create(ann, {**SITGO, "private": True})
        room.sit(bob, private.id, 1, private.invite)
        room.create(bob, {"seats": 2})
        bots = room.create(bob, {**SITGO, "bots": {"0": "random", "1": "random", "2": "random"}})
        assert bots.state == "playing"
        room.grant("bob", 40)
        room.grant("ann", 2)
        room.remove("cat")
        room.set_watching(False)
        store.tables["t9"] = {**store.tables["t2"], "id": "t9"}  # (a table made long ago)
        again = Room(store, operator=digest("op"), bot_delay=7.0, clock=time.perf_counter)
        again.load()
        assert again.invite == "sesame"
        assert again.people == room.people and again.people["ann"] is not ann
        assert again.person(secret) == ann and again.person(gone_secret) is None
        assert again.sessions == room.sessions | {digest(gone_secret): "cat"}
        assert list(again.tables) == ["t1", "t2", "t3", "t9"]
        assert again.guests == {"t1": {"bob"}, "t2": set(), "t3": set(), "t9": set()}
        back = again.tables["t3"]  # in play: dealt again from its last finished hand
        assert back.state == "playing" and back.table.in_hand and back.dealer.started
        for table in again.tables.values():  # the room's hooks, not a table's defaults
            assert (table.bot_delay, table.clock) == (7.0, time.perf_counter)
            assert (table.on_hand, table.on_change) == (again.hand_over, again.changed)
            assert table.may_chat == again._may_chat
        assert again.table("t1", bob).seat_of("bob") == 1
        assert again.granted == 42 and again.chip_total() == room.chip_total() == 30042
        assert {t.dealer.watching for t in again.tables.values()} == {Watching.OFF}
        assert again.create(bob, {"seats": 2}).id == "t10"
        assert again.create(ann, {"seats": 2}).dealer.watching == Watching.OFF

    _on_loop(body)


def test_a_restart_with_no_tables_grants_or_settings() -> None:
    room = _room()
    room.load()
    assert (room.people, room.tables, room.granted, room.invite) == ({}, {}, 0, None)
    (ann,) = _people(room, "ann")
    assert room.create(ann, {"seats": 2}).id == "t1"
    assert room.create(ann, {"seats": 2}).dealer.watching == Watching.OPEN
    store = MemoryStore()  # a table kept under an id with no number (not the room's own)
    store.tables["tx"] = {**_kept(room).tables["t1"], "id": "tx"}
    again = _room(store)
    again.load()
    assert list(again.tables) == ["tx"] and again.tables["tx"].state == "waiting"
    assert again.create(ann, {"seats": 2}).id == "t1"


def test_the_owner_of_a_private_cash_table_changes_there_and_others_are_told_no_table() -> None:
    def body() -> None:
        room = _room()
        ann, bob = _people(room, "ann", "bob")
        t = room.create(ann, {**CASH, "private": True}).id
        room.sit(ann, t, 0, None, 200)
        assert room.change(ann, t, "top_up", 50) is True and ann.balance == 9750
        assert _kept(room).tables[t]["seats"][0]["name"] == "ann"
        assert room.tables[t].table.stacks[0] == 250
        assert _refused(room.change, bob, t, "top_up", 50) == \
            (404, "no table 't1' here (the lobby lists the tables)")
        assert _refused(room.leave, bob, t) == \
            (404, "no table 't1' here (the lobby lists the tables)")
        assert room.leave(ann, t) == 250 and ann.balance == 10000

    _on_loop(body)


def test_a_hand_over_at_a_table_in_play_keeps_its_pool() -> None:
    def body() -> None:
        room = _room()
        ann, bob = _people(room, "ann", "bob")
        table = room.create(ann, {**SITGO, "seats": 2})
        room.sit(ann, table.id, 0, None)
        room.sit(bob, table.id, 1, None)  # full: in play
        assert table.state == "playing" and table.pool == 600
        room.hand_over(table, None)
        assert (table.pool, table.prizes) == (600, {}) and room.chip_total() == 20000
        assert _kept(room).tables[table.id]["pool"] == 600

    _on_loop(body)


def _hand(k: int) -> str:
    """A hand's PHH: the button raises to 12 + ``k``, both blinds fold."""
    hand = Hand(Rules.preset("no-limit"), [400, 400, 400], button=2, rng=random.Random(k))
    hand.raise_to(12 + k)
    hand.fold()
    hand.fold()
    return dumps(to_phh(PlayedHand.from_hand(hand, names=["a", "b", "c"], label=k)))


def test_the_hands_downloaded_are_the_last_50() -> None:
    room = _room()
    (ann,) = _people(room, "ann")
    table = room.create(ann, {"seats": 2})
    room.store.commit(hands=[HandRow(table.id, k, _hand(k), "{}") for k in range(1, 52)])
    out = room.hands_in(table, "phh")
    assert (out.written, out.refused) == (50, ())
    assert out.text.count("hand = ") == 50
    assert "hand = 2\n" in out.text and "hand = 1\n" not in out.text
    assert room.hands_in(table, "pokerstars", 3).written == 3


# -------------------------------------------------------------------- the log


def test_what_the_room_logs(caplog: pytest.LogCaptureFixture) -> None:
    def body() -> None:
        room = _room()
        ann, bob, cat = _people(room, "ann", "bob", "cat")
        t = room.create(ann, {**CASH, "seats": 2}).id
        room.sit(ann, t, 0, None)
        room.sit(bob, t, 1, None)  # dealt
        room.sit(cat, t, None, None)  # waiting
        room.remove("bob")  # mid-hand: bob's stand-up at the hand's end
        table = room.tables[t]
        while table.table.in_hand:
            table._expire()
        room.close_table(t)

    caplog.set_level(logging.INFO, logger="pokerroom.room")
    _on_loop(body)
    said = [r.getMessage() for r in caplog.records if r.module == "room"]  # (not the table's)
    assert said == ["'ann' entered the room", "'bob' entered the room", "'cat' entered the room",
                    "'ann' opened table t1 (no-limit, 2 seats)", "the operator removed 'bob'",
                    "table t1: a seat is offered to 'cat'",
                    "the operator closed table t1"]  # fmt: skip


def test_a_person_removed_leaves_every_waiting_list_and_the_next_is_offered_the_seat() -> None:
    def body() -> None:
        room = _room()
        ann, bob, cat, dan = _people(room, "ann", "bob", "cat", "dan")
        t = room.create(ann, {**CASH, "seats": 2}).id
        table = room.tables[t]
        room.sit(ann, t, 0, None, 500)
        room.sit(bob, t, 1, None, 500)  # a hand in play
        assert room.sit(cat, t, None, None)["waiting"] == 1
        assert room.sit(dan, t, None, None)["waiting"] == 2
        link = FakeLink("dan")
        room.lobby[link] = None
        room.remove("cat")
        assert table.waitlist == ["dan"] and cat.balance == 10000
        assert _kept(room).tables[t]["waitlist"] == ["dan"]
        assert room.me(dan)["waiting"] == [{"table": t, "place": 1, "offered": False}]
        room.leave(ann, t)  # at the hand's end: a seat free for dan
        while table.table.in_hand:
            table._expire()
        assert link.messages("offer") == [{"type": "offer", "table": t, "name": "ring"}]
        assert room.sit(dan, t, None, None, 300)["seat"] == 0
        assert table.waitlist == [] and room.chip_total() == 40000

    _on_loop(body)


def test_a_seat_freed_by_a_removal_is_offered_to_the_first_waiting_at_once() -> None:
    def body() -> None:
        room = _room()
        ann, bob, cat = _people(room, "ann", "bob", "cat")
        t = room.create(ann, {**CASH, "seats": 2}).id
        room.sit(ann, t, 0, None, 500)
        room.change(ann, t, "sit_out")  # (alone: done now)
        room.sit(bob, t, 1, None, 500)  # one playing: no hand
        assert room.sit(cat, t, None, None)["waiting"] == 1
        link = FakeLink("cat")
        room.lobby[link] = None
        room.remove("ann")
        assert ann.balance == 10000 and room.tables[t].seat_of("ann") is None
        assert link.messages("offer") == [{"type": "offer", "table": t, "name": "ring"}]
        assert room.me(cat)["waiting"] == [{"table": t, "place": 1, "offered": True}]

    _on_loop(body)
