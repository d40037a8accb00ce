"""The room's web application through Starlette's TestClient: pages and headers,
people and sessions, tables, the operator, and the WebSockets' guards."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokerroom.room.app import RoomLimits, make_app
from pokerroom.room.people import digest
from pokerroom.room.room import Room
from pokerroom.room.store import MemoryStore

ORIGIN = {"origin": "http://testserver"}
OPERATOR = "operator-secret-token"


@pytest.fixture
def room() -> Room:
    return Room(MemoryStore(), operator=digest(OPERATOR), bot_delay=0.0)


@pytest.fixture
def client(room: Room) -> Iterator[TestClient]:
    with TestClient(make_app(room, RoomLimits(join_timeout=5.0))) as c:
        yield c


def test_pages_static_files_and_security_headers(client: TestClient) -> None:
    for path, words in [("/", "lobby"), ("/table/t1", "table")]:
        r = client.get(path)
        assert r.status_code == 200 and words in r.text
        assert r.headers["content-security-policy"].startswith("default-src 'self'")
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"
    r = client.get("/static/lobby.html")
    assert r.status_code == 200 and r.headers["x-content-type-options"] == "nosniff"
    assert client.get("/static/../app.py").status_code == 404


def test_names_sessions_and_balances(room: Room, client: TestClient) -> None:
    for bad in ["", " ann", "a" * 21, "<b>", "ann\n", 7, None, "ann\u202e"]:
        r = client.post("/api/enter", json={"name": bad})
        assert r.status_code == 400 and "a name" in r.json()["error"]
    assert client.get("/api/me").status_code == 401
    r = client.post("/api/enter", json={"name": "Ann B."})
    assert r.json() == {"name": "Ann B.", "balance": 10000}
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # plain http here
    assert client.get("/api/me").json() == {"name": "Ann B.", "balance": 10000, "seats": []}
    # the same name from another browser (no cookie): taken, whatever its case
    other = TestClient(client.app)
    r = other.post("/api/enter", json={"name": "ann b."})
    assert r.status_code == 409 and "taken" in r.json()["error"]
    # with the cookie: the same person back
    assert client.post("/api/enter", json={"name": "Ann B."}).status_code == 200
    secure = TestClient(client.app, base_url="https://testserver")
    assert "Secure" in secure.post("/api/enter", json={"name": "Cy"}).headers["set-cookie"]
    # the room keeps only the session's digest
    assert all(len(p.session) == 64 for p in room.people.values())
    assert client.cookies["pokerroom_session"] not in json.dumps(room.store.load_people())


def test_an_invite_code_to_enter(room: Room, client: TestClient) -> None:
    auth = {"authorization": f"Bearer {OPERATOR}"}
    assert client.post("/api/operator/invite", json={"invite": "sesame"}).status_code == 401
    assert client.post("/api/operator/invite", json={"invite": "sesame"},
                       headers={"authorization": "Bearer wrong"}).status_code == 401
    assert client.post("/api/operator/invite", json={"invite": "sesame"}, headers=auth).json() \
        == {"invite": True}
    r = client.post("/api/enter", json={"name": "ann"})
    assert r.status_code == 403 and "invite code" in r.json()["error"]
    assert client.post("/api/enter", json={"name": "ann", "invite": "nope"}).status_code == 403
    assert client.post("/api/enter", json={"name": "ann", "invite": "sesame"}).status_code == 200


def test_tables_sit_leave_and_the_chips(room: Room, client: TestClient) -> None:
    assert client.post("/api/tables", json={"seats": 3}).status_code == 401
    client.post("/api/enter", json={"name": "ann"})
    r = client.post("/api/tables", json={"name": "x", "seats": 12, "preset": "nope"})
    assert r.status_code == 400 and "'seats' is '12'" in r.json()["error"] \
        and "'preset' is 'nope'" in r.json()["error"]
    # a preset or a bot that is not a string is named too (it was a server error)
    r = client.post("/api/tables", json={"preset": ["no-limit"], "bots": {"1": {"a": 1}}})
    assert r.status_code == 400 and r.json()["error"] == (
        "'preset' is \"['no-limit']\": one of casino-limit, computer-tournament, no-limit, "
        "wild; 'bots' seat 1 is \"{'a': 1}\": one of calling-station, cfr, random, "
        "rule-based, strong")
    r = client.post("/api/tables", json={"name": "Friday", "kind": "sitgo", "preset": "no-limit",
                                         "seats": 3, "buy_in": 500, "bots": {"2": "random"},
                                         "private": False})
    assert r.status_code == 201 and r.json() == {"id": "t1", "invite": None}
    total = room.chip_total()
    r = client.post("/api/tables/t1/sit", json={"seat": None})
    assert r.status_code == 200 and r.json()["seat"] == 0
    token = r.json()["token"]
    assert client.post("/api/tables/t1/sit", json={}).json() == {"seat": 0, "token": token}
    assert client.get("/api/me").json() == {"name": "ann", "balance": 9500,
                                            "seats": [{"table": "t1", "seat": 0}]}
    assert room.chip_total() == total
    info = client.get("/api/tables").json()["tables"][0]
    assert info["taken"] == 2 and info["state"] == "waiting" and info["buy_in"] == 500
    assert info["players"] == [
        {"seat": 0, "name": "ann", "bot": False, "stack": 1000, "sitting_out": False},
        {"seat": 2, "name": "random 2", "bot": True, "stack": 1000, "sitting_out": False}]
    assert client.post("/api/tables/t1/leave").json() == {"refund": 500}
    assert client.get("/api/me").json()["balance"] == 10000 and room.chip_total() == total
    assert client.post("/api/tables/t9/sit", json={}).status_code == 404


def test_a_private_table_needs_its_invite(room: Room, client: TestClient) -> None:
    client.post("/api/enter", json={"name": "ann"})
    r = client.post("/api/tables", json={"seats": 2, "private": True})
    invite = r.json()["invite"]
    assert isinstance(invite, str) and len(invite) >= 8
    bob = TestClient(client.app)
    bob.post("/api/enter", json={"name": "bob"})
    assert bob.get("/api/tables").json() == {"tables": []}
    assert client.get("/api/tables").json()["tables"][0]["private"] is True
    assert bob.post("/api/tables/t1/sit", json={}).status_code == 403
    assert bob.get("/api/tables/t1/hands.phh").status_code == 404
    with pytest.raises(WebSocketDisconnect) as closed, \
            bob.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:
        ws.receive_json()
    assert closed.value.code == 1008
    assert bob.post("/api/tables/t1/sit", json={"invite": invite}).status_code == 200
    assert len(bob.get("/api/tables").json()["tables"]) == 1


def test_cross_origin_websockets_are_refused(client: TestClient) -> None:
    for path in ("/ws/lobby", "/ws/table/t1"):
        for origin in ("http://evil.example", "http://testserver.evil.example", "null"):
            with pytest.raises(WebSocketDisconnect) as closed, \
                    client.websocket_connect(path, headers={"origin": origin}) as ws:
                ws.receive_json()
            assert closed.value.code == 1008


def test_the_lobby_is_live(client: TestClient) -> None:
    client.post("/api/enter", json={"name": "ann"})
    with client.websocket_connect("/ws/lobby", headers=ORIGIN) as ws:
        assert ws.receive_json() == {"type": "tables", "tables": []}
        client.post("/api/tables", json={"name": "Live", "seats": 2})
        message = ws.receive_json()
        assert [t["name"] for t in message["tables"]] == ["Live"]
        client.post("/api/tables/t1/sit", json={})
        assert ws.receive_json()["tables"][0]["taken"] == 1


def play_to_the_end(ws: Any, seen: list[dict[str, Any]]) -> None:
    while True:
        message = ws.receive_json()
        seen.append(message)
        if message["type"] == "act":
            ws.send_json(all_in(message))
        if message["type"] == "bye":
            return


def all_in(message: dict[str, Any]) -> dict[str, Any]:
    """The answer to an act: all-in (the largest bet or raise), else call, else check;
    show at the showdown."""
    legal = message["view"]["legal"]
    kinds = legal["kinds"]
    if "show" in kinds:
        answer: dict[str, Any] = {"action": "show"}
    elif "raise" in kinds or "bet" in kinds:
        answer = {"action": "raise" if "raise" in kinds else "bet", "amount": legal["max_to"]}
    else:
        answer = {"action": "call" if "call" in kinds else "check"}
    return {"type": "action", "hand": message["hand"], "seq": message["seq"], **answer}


def test_a_person_plays_a_bot_to_the_end_of_a_sit_and_go(room: Room,
                                                           client: TestClient) -> None:
    client.post("/api/enter", json={"name": "ann"})
    client.post("/api/tables", json={"seats": 2, "buy_in": 1000, "bots": {"1": "calling-station"}})
    total = room.chip_total()
    token = client.post("/api/tables/t1/sit", json={"seat": 0}).json()["token"]
    assert room.chip_total() == total
    with client.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:
        assert ws.receive_json()["type"] == "hello"
        ws.send_json({"type": "join", "token": token, "name": "ann"})
        seen: list[dict[str, Any]] = []
        play_to_the_end(ws, seen)
    kinds = [m["type"] for m in seen]
    assert kinds[:2] == ["welcome", "seats"] and kinds[-2:] == ["match_end", "bye"]
    assert "hand_end" in kinds and "accepted" in kinds
    info = client.get("/api/tables").json()["tables"][0]
    assert info["state"] == "finished" and list(info["places"]) == ["ann"]
    # the only person at the table: the whole pool (their buy-in) back, whatever their place
    assert info["prizes"] == {"ann": 1000}
    assert client.get("/api/me").json() == {"name": "ann", "balance": 10000, "seats": []}
    assert room.chip_total() == total
    phh = client.get("/api/tables/t1/hands.phh")
    assert phh.status_code == 200 and "hand = 1" in phh.text and '"d dh p1 ' in phh.text
    assert "attachment" in phh.headers["content-disposition"]
    _the_hands_download_in_every_format_as_the_same_hands(client, phh.text)


def _the_hands_download_in_every_format_as_the_same_hands(client: TestClient,
                                                          phh: str) -> None:
    """PokerStars text and OHH of the table's hands read back (by pokerroom's own readers)
    into the hands of the PHH download; an unknown format is refused by name."""
    from pokerroom.history.ohh import parse_ohh, replay_ohh
    from pokerroom.history.phh import loads_all
    from pokerroom.history.replay import replay_phh
    from pokerroom.history.starsread import parse_pokerstars
    from pokerroom.history.starsreplay import replay_stars

    as_set = client.get("/api/tables/t1/hands/phh")
    assert as_set.status_code == 200 and 't1.phhs"' in as_set.headers["content-disposition"]
    played = [replay_phh(h).played for h in loads_all(as_set.text).values()]
    assert len(played) == phh.count("hand = ")
    stars = client.get("/api/tables/t1/hands/pokerstars")
    assert stars.status_code == 200 and 't1.txt"' in stars.headers["content-disposition"]
    assert stars.headers["x-hands-refused"] == "0"
    ohh = client.get("/api/tables/t1/hands/ohh")
    assert ohh.status_code == 200 and 't1.ohh"' in ohh.headers["content-disposition"]
    read_back = {"pokerstars": [replay_stars(h).played for h in parse_pokerstars(stars.text)],
                 "ohh": [replay_ohh(d).played for d in parse_ohh(ohh.text)
                         if isinstance(d, dict)]}  # fmt: skip
    for back in read_back.values():
        assert len(back) == len(played) > 0
        for mine, theirs in zip(played, back, strict=True):
            assert theirs.result is not None and mine.result is not None
            assert theirs.result.stacks == mine.result.stacks
            assert theirs.board == mine.board
            assert [e.kind for e in theirs.events if e.seat >= 0] == \
                [e.kind for e in mine.events if e.seat >= 0]
    for fmt in ("acpc", "x", "PHH"):
        r = client.get(f"/api/tables/t1/hands/{fmt}")
        assert r.status_code == 404 and "formats: phh, pokerstars, ohh" in r.json()["error"]
    assert client.get("/api/tables/t1/hands/..%2Fphh").status_code == 404


def test_the_operator_closes_removes_mutes_grants_and_stops_spectating(
    room: Room, client: TestClient
) -> None:
    auth = {"authorization": f"Bearer {OPERATOR}"}
    client.post("/api/enter", json={"name": "ann"})
    bob = TestClient(client.app)
    bob.post("/api/enter", json={"name": "bob"})
    client.post("/api/tables", json={"seats": 3, "buy_in": 300})
    client.post("/api/tables/t1/sit", json={})
    bob.post("/api/tables/t1/sit", json={})
    assert room.chip_total() == 20000
    r = client.post("/api/operator/close", json={"table": "t1"})
    assert r.status_code == 401  # no token, no operator
    r = client.post("/api/operator/close?token=" + OPERATOR, json={"table": "t1"})
    assert r.status_code == 401  # never in an address
    r = client.post("/api/operator/close", json={"table": "t1"}, headers=auth)
    assert r.json() == {"refunds": {"ann": 300, "bob": 300}}
    assert room.chip_total() == 20000 and client.get("/api/me").json()["balance"] == 10000
    assert client.post("/api/operator/grant", json={"name": "bob", "amount": 500},
                       headers=auth).json() == {"balance": 10500}
    assert client.post("/api/operator/chips", json={}, headers=auth).json() == \
        {"total": 20500, "granted": 500}
    assert client.post("/api/operator/mute", json={"name": "bob"}, headers=auth).status_code == 200
    assert room.people["bob"].muted
    # spectating off: a watch is refused
    client.post("/api/tables", json={"seats": 2})
    client.post("/api/operator/watching", json={"on": False}, headers=auth)
    with client.websocket_connect("/ws/table/t2", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_json({"type": "watch"})
        assert ws.receive_json()["code"] == "no-watching"
    # remove: the session ends, the name stays taken
    assert client.post("/api/operator/remove", json={"name": "bob"}, headers=auth).status_code \
        == 200
    assert bob.get("/api/me").status_code == 401
    r = bob.post("/api/enter", json={"name": "bob"})
    assert r.status_code == 403 and "removed" in r.json()["error"]
    r = client.post("/api/operator/explode", json={}, headers=auth)
    assert r.status_code == 404 and "close, remove" in r.json()["error"]


def test_one_person_opens_at_most_five_tables(client: TestClient) -> None:
    client.post("/api/enter", json={"name": "ann"})
    for _ in range(5):
        assert client.post("/api/tables", json={"seats": 2}).status_code == 201
    r = client.post("/api/tables", json={"seats": 2})
    assert r.status_code == 429 and "at most 5" in r.json()["error"]


def test_connections_from_one_address_are_capped(room: Room) -> None:
    with TestClient(make_app(room, RoomLimits(max_per_address=2))) as c:
        with c.websocket_connect("/ws/lobby", headers=ORIGIN) as one, \
                c.websocket_connect("/ws/lobby", headers=ORIGIN) as two:
            one.receive_json()
            two.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed, \
                    c.websocket_connect("/ws/lobby", headers=ORIGIN) as three:
                three.receive_json()
            assert closed.value.code == 1013
        for _ in range(3):  # the count goes down as they close
            with c.websocket_connect("/ws/lobby", headers=ORIGIN) as again:
                assert again.receive_json()["type"] == "tables"
