"""The statistics beside each opponent at the room's table (``GET /api/tables/{id}/stats``,
:mod:`pokerroom.room.seen`): known answers on hands worked out by hand, over the hands
the asker was dealt into only, people the same at every table and bots their table's
own; the refusals."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerroom.engine import Hand
from pokerroom.history.phh import dumps, loads, loads_all
from pokerroom.history.record import PlayedHand, to_phh
from pokerroom.history.replay import replay_phh
from pokerroom.history.stats import player_stats
from pokerroom.room.app import RoomLimits, make_app
from pokerroom.room.people import digest
from pokerroom.room.room import Room
from pokerroom.room.seen import SeenStats
from pokerroom.room.store import HandRow, MemoryStore
from pokerroom.rules import Rules
from pokerroom.storage.room import RoomDB

ORIGIN = {"origin": "http://testserver"}
STATION = "calling-station 1"


@pytest.fixture
def room() -> Room:
    return Room(MemoryStore(), operator=digest("op"), bot_delay=0.0)


@pytest.fixture
def client(room: Room) -> Iterator[TestClient]:
    with TestClient(make_app(room, RoomLimits(join_timeout=5.0))) as c:
        yield c


# ------------------------------------------------------------ hands by hand


def _phh(hand: Hand, names: list[str], label: int) -> str:
    """The hand's public PHH as the room keeps it (hole cards only where shown)."""
    shown = hand.view(0).shown
    hidden = frozenset(i for i, cards in enumerate(shown) if cards is None)
    return dumps(to_phh(PlayedHand.from_hand(hand, names=names, label=label, hidden=hidden)))


def _limped_pot_raised_by_ann() -> Hand:
    """Ann (small blind), Bob (big blind), the bot (button, first to act): the bot limps,
    Ann raises to 12, Bob folds, the bot calls; on the flop Ann bets 8 and the bot
    calls; the turn and the river are checked; a showdown."""
    hand = Hand(Rules.preset("no-limit"), [400] * 3, button=2, rng=random.Random(7))
    hand.call()
    hand.raise_to(12)
    hand.fold()
    hand.call()
    hand.bet(8)
    hand.call()
    for _ in range(4):
        hand.check()
    while not hand.is_over:
        hand.settle()
    return hand


def _bob_steals() -> Hand:
    """Ann (button, first to act) folds, Bob (small blind) raises to 12, the bot (big
    blind) folds."""
    hand = Hand(Rules.preset("no-limit"), [400] * 3, button=0, rng=random.Random(8))
    hand.fold()
    hand.raise_to(12)
    hand.fold()
    assert hand.is_over
    return hand


@pytest.fixture
def two_tables() -> SeenStats:
    """Hand 1 at table t1, hand 2 at table t2; Ann, Bob and at each table its own bot,
    both named ``calling-station 2``."""
    store = MemoryStore()
    names = ["ann", "bob", "calling-station 2"]
    store.commit(hands=[HandRow("t1", 1, _phh(_limped_pot_raised_by_ann(), names, 1), "{}")])
    store.commit(hands=[HandRow("t2", 1, _phh(_bob_steals(), names, 1), "{}")])
    seen = SeenStats(store, lambda table: frozenset({"calling-station 2"}))
    seen.catch_up_now()
    return seen


def test_a_person_is_the_same_opponent_at_every_table(two_tables: SeenStats) -> None:
    """Bob as Ann saw him: in hand 1 he folded to Ann's open (a pre-flop decision, no
    VPIP; a 3-bet chance not taken), in hand 2 he opened (VPIP and PFR; no 3-bet
    chance: nobody had opened); he never saw a flop (AF and WTSD: no chance)."""
    bob = two_tables.counts("ann", "bob").stats("bob")
    assert bob.brief() == "2 hands  VPIP 50  PFR 50  3B 0  AF -  WTSD -"
    assert (bob.vpip.made, bob.vpip.chances, bob.three_bet.chances) == (1, 2, 1)


def test_ann_as_bob_saw_her(two_tables: SeenStats) -> None:
    """Hand 1: Ann raised the limp (VPIP, PFR; no open before her, so no 3-bet chance),
    bet the flop and checked the rest (one bet, no call: AF has no value), and went to
    the showdown from the flop; hand 2: she folded first (a decision, no VPIP)."""
    ann = two_tables.counts("bob", "ann").stats("ann")
    assert ann.brief() == "2 hands  VPIP 50  PFR 50  3B -  AF -  WTSD 100"
    assert (ann.aggressive, ann.calls, ann.wtsd.made, ann.wtsd.chances) == (1, 0, 1, 1)


def test_a_bot_is_its_own_tables(two_tables: SeenStats) -> None:
    """The bot of t1 limped and called Ann's raise (VPIP, a 3-bet chance not taken),
    called the flop bet (AF 0 bets per 1 call), went to showdown; the bot of t2, of the
    same name, folded its big blind to Bob's open: another opponent, counted apart."""
    one = two_tables.counts("ann", "calling-station 2", "t1").stats("x")
    two = two_tables.counts("ann", "calling-station 2", "t2").stats("x")
    assert one.brief() == "1 hand  VPIP 100  PFR 0  3B 0  AF 0.0  WTSD 100"
    assert two.brief() == "1 hand  VPIP 0  PFR 0  3B 0  AF -  WTSD -"
    assert two_tables.counts("ann", "calling-station 2").hands == 0  # not a person's name


def test_only_the_hands_one_was_dealt_into_and_bots_see_nothing(two_tables: SeenStats) -> None:
    assert two_tables.dealt == {"ann": 2, "bob": 2}
    assert set(two_tables.seen) == {"ann", "bob"}
    assert two_tables.counts("dan", "bob").hands == 0
    answer = two_tables.answer("dan", "t1", [{"seat": 1, "name": "bob", "bot": False}])
    assert answer["hands"] == 0 and answer["players"][0]["hands"] == 0
    assert answer["players"][0]["vpip"] == [0, 0]


def test_each_stored_hand_is_read_once_and_an_unreadable_one_is_counted() -> None:
    store = MemoryStore()
    names = ["ann", "bob", "cy"]
    store.commit(hands=[HandRow("t1", 1, _phh(_bob_steals(), names, 1), "{}"),
                        HandRow("t1", 2, "not = [PHH", "{}")])  # fmt: skip
    seen = SeenStats(store, lambda table: frozenset())
    seen.catch_up_now()
    assert (seen.upto, seen.unreadable, seen.dealt["ann"]) == (2, 1, 1)
    seen.catch_up_now()
    assert seen.dealt["ann"] == 1  # nothing read twice
    store.commit(hands=[HandRow("t1", 3, _phh(_bob_steals(), names, 3), "{}")])
    seen.catch_up_now()
    assert (seen.upto, seen.dealt["ann"], seen.counts("ann", "bob").pfr.made) == (3, 2, 2)


def test_the_sqlite_store_gives_the_hands_after_a_number(tmp_path: Path) -> None:
    db = RoomDB(tmp_path / "room.db")
    db.commit(hands=[HandRow(f"t{k % 2}", k, f"hand = {k}", "{}") for k in range(1, 6)])
    assert db.hands_after(0, 2) == [(1, "t1", "hand = 1"), (2, "t0", "hand = 2")]
    assert [r[0] for r in db.hands_after(2, 10)] == [3, 4, 5]
    assert db.hands_after(5, 10) == [] and db.hands_after(0, 0) == []
    memory = MemoryStore()
    memory.commit(hands=[HandRow(f"t{k % 2}", k, f"hand = {k}", "{}") for k in range(1, 6)])
    assert memory.hands_after(0, 2) == db.hands_after(0, 2)
    assert memory.hands_after(2, 10) == db.hands_after(2, 10)


# --------------------------------------------------------------- the endpoint


def _answer(message: dict[str, Any], raised: set[int]) -> dict[str, Any]:
    """Ann's play: the first time in a hand she may raise before the flop she raises the
    minimum, else calls; after the flop she bets the minimum when nobody has, else calls
    (checks when she may); she shows at the showdown."""
    legal = message["view"]["legal"]
    kinds = legal["kinds"]
    preflop = message["view"]["street"] == "preflop"
    answer: dict[str, Any]
    if "show" in kinds:
        answer = {"action": "show"}
    elif preflop and "raise" in kinds and message["hand"] not in raised:
        raised.add(message["hand"])
        answer = {"action": "raise", "amount": legal["min_to"]}
    elif not preflop and "bet" in kinds:
        answer = {"action": "bet", "amount": legal["min_to"]}
    else:
        answer = {"action": "call" if "call" in kinds else "check"}
    return {"type": "action", "hand": message["hand"], "seq": message["seq"], **answer}


def _play(ws: Any, hands: int) -> None:
    """Play ``hands`` hands, then stop at the next decision (the table waits on it)."""
    raised: set[int] = set()
    ended = 0
    while True:
        message = ws.receive_json()
        if message["type"] == "hand_end":
            ended += 1
        if message["type"] == "act":
            if ended == hands:
                return
            ws.send_json(_answer(message, raised))


def test_the_numbers_of_a_calling_station_as_ann_saw_them(room: Room,
                                                          client: TestClient) -> None:  # fmt: skip
    """Heads-up against the calling station, Ann raises every hand before the flop and
    bets every street after it.  The station (on the button it limps first, then calls
    her raise; in the big blind it calls it) put money in every hand and never raised
    (VPIP 100, PFR 0), had a 3-bet chance every hand and never took it (3B 0), called
    three bets a hand after the flop and never bet (AF 0.0), and saw every showdown."""
    client.post("/api/enter", json={"name": "ann"})
    client.post("/api/tables", json={"seats": 2, "buy_in": 1000, "bots": {"1": "calling-station"}})
    token = client.post("/api/tables/t1/sit", json={"seat": 0}).json()["token"]
    assert client.get("/api/tables/t1/stats").json() == {
        "hands": 0, "scope": "room", "players": [{
            "seat": 1, "name": STATION, "hands": 0, "vpip": [0, 0], "pfr": [0, 0],
            "three_bet": [0, 0], "af": None, "wtsd": [0, 0],
            "brief": "0 hands  VPIP -  PFR -  3B -  AF -  WTSD -"}]}  # fmt: skip
    with client.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:
        assert ws.receive_json()["type"] == "hello"
        ws.send_json({"type": "join", "token": token, "name": "ann"})
        _play(ws, 4)
        r = client.get("/api/tables/t1/stats")
        assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
        answer = r.json()
        assert answer["hands"] == 4 and [p["name"] for p in answer["players"]] == [STATION]
        station = answer["players"][0]
        assert station["brief"] == "4 hands  VPIP 100  PFR 0  3B 0  AF 0.0  WTSD 100"
        assert (station["vpip"], station["pfr"], station["three_bet"], station["af"],
                station["wtsd"]) == ([4, 4], [0, 4], [0, 4], 0.0, [4, 4])  # fmt: skip
        # the same as the statistics of the table's public download
        download = client.get("/api/tables/t1/hands.phh").text
        played = [replay_phh(h).played for h in loads_all(download).values()]
        assert len(played) == 4
        assert player_stats(played, players=[STATION])[STATION].brief() == station["brief"]
        # someone who only watches: nothing of these hands
        bob = TestClient(client.app)
        bob.post("/api/enter", json={"name": "bob"})
        watched = bob.get("/api/tables/t1/stats").json()
        assert watched["hands"] == 0
        assert [(p["name"], p["hands"]) for p in watched["players"]] == [("ann", 0), (STATION, 0)]


def test_the_refusals(room: Room, client: TestClient) -> None:
    r = client.get("/api/tables/t1/stats")
    assert r.status_code == 401 and r.json() == {
        "error": "enter the room first: POST /api/enter with a name"}
    client.post("/api/enter", json={"name": "ann"})
    r = client.get("/api/tables/t9/stats")
    assert r.status_code == 404 and r.json() == {
        "error": "no table 't9' here (the lobby lists the tables)"}
    client.post("/api/tables", json={"seats": 2, "private": True})
    bob = TestClient(client.app)
    bob.post("/api/enter", json={"name": "bob"})
    r = bob.get("/api/tables/t1/stats")  # a private table bob was not asked to
    assert r.status_code == 404 and "no table 't1' here" in r.json()["error"]
    assert client.get("/api/tables/t1/stats").status_code == 200
    assert client.post("/api/tables/t1/stats").status_code == 404  # not an action


def test_the_numbers_come_back_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The counts are not stored: a room started again on its database reads its hands
    again (here in the worker thread, as it does for many) and answers the same."""
    import pokerroom.room.seen as seen_module

    monkeypatch.setattr(seen_module, "INLINE", 0)
    db = RoomDB(tmp_path / "room.db")
    first = Room(db, operator=digest("op"), bot_delay=0.0)
    with TestClient(make_app(first, RoomLimits(join_timeout=5.0))) as client:
        client.post("/api/enter", json={"name": "ann"})
        client.post("/api/tables", json={"seats": 2, "buy_in": 1000,
                                         "bots": {"1": "calling-station"}})  # fmt: skip
        token = client.post("/api/tables/t1/sit", json={"seat": 0}).json()["token"]
        with client.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:
            assert ws.receive_json()["type"] == "hello"
            ws.send_json({"type": "join", "token": token, "name": "ann"})
            _play(ws, 3)
            before = client.get("/api/tables/t1/stats").json()
        cookies = dict(client.cookies)
    db.close()
    assert before["hands"] == 3 and before["players"][0]["hands"] == 3
    # (the table deals on, ann's seat played by default when she is away: the answer
    # counts the hands stored when it was asked)
    again = Room(RoomDB(tmp_path / "room.db"), operator=digest("op"), bot_delay=0.0)
    app = make_app(again, RoomLimits(join_timeout=5.0))
    with TestClient(app, cookies=cookies) as client:
        after = client.get("/api/tables/t1/stats").json()
        upto = app.state.seen.upto
        played = [replay_phh(loads(text)).played
                  for _, _, text in again.store.hands_after(0, upto)]  # fmt: skip
    assert after["hands"] == len(played) == upto >= 3
    assert after["players"][0]["brief"] == player_stats(played, players=[STATION])[STATION].brief()
    if upto == 3:
        assert after == before
