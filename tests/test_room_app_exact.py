"""Exact answers of the room's web adapter (:mod:`pokerroom.room.app`), worked out from
the code: every field a client sends tried wrong, each refusal's status and words, the
bodies at their size limit, the cookie's flags, the security headers word for word, the
operator's actions, the WebSockets' guards at their caps, the frames a seat and a
spectator are sent, and the lobby's reader and a link's queue on a clock the test moves.
Written for the mutation part ``roomapp`` (docs/development/mutation.md)."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokerroom.engine import Hand
from pokerroom.history.phh import dumps
from pokerroom.history.record import PlayedHand, to_phh
from pokerroom.jsonproto.messages import Limits
from pokerroom.room.app import COOKIE, MAX_BODY, STATIC, RoomLimits, WSLink, make_app
from pokerroom.room.people import digest
from pokerroom.room.room import Room
from pokerroom.room.store import HandRow, MemoryStore
from pokerroom.rules import Rules
from room_helpers import FakeLink

ORIGIN = {"origin": "http://testserver"}
OPERATOR = "operator-secret-token"
AUTH = {"authorization": f"Bearer {OPERATOR}"}
HEADERS = {
    "content-security-policy": "default-src 'self'; frame-ancestors 'none'; base-uri 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}
CASH = {"name": "ring", "kind": "cash", "preset": "no-limit", "seats": 2,
        "min_buy_in": 200, "max_buy_in": 1000, "bots": {}}  # fmt: skip


@pytest.fixture
def room() -> Room:
    return Room(MemoryStore(), operator=digest(OPERATOR), bot_delay=0.0)


@pytest.fixture
def client(room: Room) -> Iterator[TestClient]:
    with TestClient(make_app(room, RoomLimits(join_timeout=5.0))) as c:
        yield c


def error(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["error"]


# ------------------------------------------------------------------ pages, headers


def test_every_http_answer_carries_the_security_headers_word_for_word(
    client: TestClient,
) -> None:
    answers = [client.get("/"), client.get("/table/t7"), client.get("/static/lobby.html"),
               client.get("/api/me"), client.get("/api/enter"), client.get("/nowhere"),
               client.post("/api/enter", json={"name": "ann"}), client.get("/api/tables")]
    assert [a.status_code for a in answers] == [200, 200, 200, 401, 405, 404, 200, 200]
    for answer in answers:
        for name, value in HEADERS.items():
            assert answer.headers[name] == value, (answer.url, name)


def test_the_pages_are_the_lobby_and_the_table_never_cached(client: TestClient) -> None:
    lobby = (STATIC / "lobby.html").read_bytes()
    table = (STATIC / "table.html").read_bytes()
    assert lobby != table
    for path, page in [("/", lobby), ("/table/t1", table), ("/table/anything", table)]:
        r = client.get(path)
        assert r.content == page and r.headers["cache-control"] == "no-store", path
    assert "cache-control" not in client.get("/static/lobby.html").headers


def test_the_limits_by_default() -> None:
    limits = RoomLimits()
    assert (limits.max_connections, limits.max_per_address, limits.join_timeout,
            limits.max_backlog) == (2000, 64, 60.0, 256 * 1024)  # fmt: skip


# ------------------------------------------------------------------- the bodies


def test_a_body_at_its_limit_and_past_it(client: TestClient) -> None:
    head = b'{"name": "ann"}'
    r = client.post("/api/enter", content=head + b" " * (MAX_BODY - len(head)))
    assert r.status_code == 200 and r.json() == {"name": "ann", "balance": 10000}
    r = client.post("/api/enter", content=head + b" " * (MAX_BODY + 1 - len(head)))
    assert error(r) == (413, "a request's body is at most 16384 bytes")
    assert MAX_BODY == 16384


def test_bodies_that_are_not_a_json_object_are_refused_by_name(client: TestClient) -> None:
    for body in [b"{", b"nope", b"\xff", b'{"name": "ann"', b"[" * 8000 + b"]" * 8000]:
        r = client.post("/api/enter", content=body)
        assert error(r) == (400, "the body is not JSON (send a JSON object)"), body[:20]
    for body in [b"[]", b'["ann"]', b'"ann"', b"7", b"null", b"true"]:
        r = client.post("/api/enter", content=body)
        assert error(r) == (400, "the body is a JSON object"), body
    # no body at all: an empty object, so the name is what is missing
    r = client.post("/api/enter")
    assert error(r) == (400, "a name is 1 to 20 letters, digits, spaces or _-. (not None)")
    assert client.get("/api/me").status_code == 401  # nothing changed


# ---------------------------------------------------------------- people, cookie


def test_the_session_cookie_and_its_flags(room: Room, client: TestClient) -> None:
    r = client.post("/api/enter", json={"name": "ann"})
    cookie = r.headers["set-cookie"]
    secret = client.cookies[COOKIE]
    assert cookie == (f"{COOKIE}={secret}; HttpOnly; Max-Age=31536000; Path=/; "
                      "SameSite=strict")  # fmt: skip
    assert room.people["ann"].session == digest(secret)
    # back with the cookie: the same person, no new cookie
    again = client.post("/api/enter", json={"name": "ann"})
    assert again.json() == {"name": "ann", "balance": 10000}
    assert "set-cookie" not in again.headers and client.cookies[COOKIE] == secret
    # over https: Secure too
    secure = TestClient(client.app, base_url="https://testserver")
    cookie = secure.post("/api/enter", json={"name": "bob"}).headers["set-cookie"]
    assert cookie.endswith("; HttpOnly; Max-Age=31536000; Path=/; SameSite=strict; Secure")
    # the invite sent is the one checked
    room.set_invite("sesame")
    other = TestClient(client.app)
    assert error(other.post("/api/enter", json={"name": "cy", "invite": "open"})) == \
        (403, "this room needs an invite code to enter: ask its host")
    assert other.post("/api/enter", json={"name": "cy", "invite": "sesame"}).status_code == 200


def test_who_asks_is_read_from_the_cookie_alone(room: Room, client: TestClient) -> None:
    assert error(client.get("/api/me")) == \
        (401, "enter the room first: POST /api/enter with a name")
    stranger = TestClient(client.app, cookies={COOKIE: "not-a-session"})
    assert stranger.get("/api/me").status_code == 401
    client.post("/api/enter", json={"name": "ann"})
    assert client.get("/api/me").json() == {"name": "ann", "balance": 10000, "seats": []}


# ------------------------------------------------------------------------ tables


def test_sitting_reads_the_seat_the_invite_and_the_buy_in(room: Room, client: TestClient) -> None:
    client.post("/api/enter", json={"name": "ann"})
    r = client.post("/api/tables", json={"seats": 3, "buy_in": 200})
    assert r.status_code == 201 and r.json() == {"id": "t1", "invite": None}
    r = client.post("/api/tables/t1/sit", json={"seat": 2})
    assert r.status_code == 200 and r.json()["seat"] == 2
    assert r.headers["cache-control"] == "no-store"
    assert client.post("/api/tables/t1/sit", json={"seat": 0}).json()["seat"] == 2  # held
    bob = TestClient(client.app)
    bob.post("/api/enter", json={"name": "bob"})
    assert error(bob.post("/api/tables/t1/sit", json={"seat": "two"})) == \
        (400, "'seat' is a seat number or null, not 'two'")
    # a private table: the invite in the body is the one checked
    client.post("/api/tables", json={"seats": 2, "private": True})
    invite = room.tables["t2"].invite
    assert error(bob.post("/api/tables/t2/sit", json={"invite": "wrong"})) == \
        (403, "this table is private: its invite code is needed")
    assert bob.post("/api/tables/t2/sit", json={"invite": invite, "seat": 1}).json()["seat"] == 1
    # a cash table: the buy-in in the body is the one taken
    client.post("/api/tables", json=CASH)
    assert error(bob.post("/api/tables/t3/sit", json={"buy_in": 1001})) == \
        (400, "'buy_in' is '1001': chips from 200 to 1000")
    assert bob.post("/api/tables/t3/sit", json={"buy_in": 300}).json()["seat"] == 0
    assert bob.get("/api/me").json()["balance"] == 10000 - 100 - 300


def test_a_full_cash_table_puts_you_on_its_waiting_list_202(client: TestClient) -> None:
    people = {}
    for name in ("ann", "bob", "cy"):
        people[name] = TestClient(client.app)
        people[name].post("/api/enter", json={"name": name})
    people["ann"].post("/api/tables", json=CASH)
    assert people["ann"].post("/api/tables/t1/sit", json={"buy_in": 500}).status_code == 200
    assert people["bob"].post("/api/tables/t1/sit", json={"buy_in": 500}).status_code == 200
    r = people["cy"].post("/api/tables/t1/sit", json={"buy_in": 500})
    assert r.status_code == 202 and r.json() == {"seat": None, "token": None, "waiting": 1}
    assert r.headers["cache-control"] == "no-store"
    assert people["cy"].get("/api/me").json()["balance"] == 10000


def test_changes_at_a_cash_table_read_the_chips(room: Room, client: TestClient) -> None:
    client.post("/api/enter", json={"name": "ann"})
    client.post("/api/tables", json=CASH)
    client.post("/api/tables/t1/sit", json={"buy_in": 200})
    assert client.post("/api/tables/t1/top_up", json={"chips": 300}).json() == \
        {"done": True, "queued": False}
    assert room.tables["t1"].table.stacks[0] == 500
    assert error(client.post("/api/tables/t1/top_up", json={"chips": "many"})) == \
        (400, "'chips' is 'many': the chips to add, 1 or more")
    assert error(client.post("/api/tables/t1/top_up", json={})) == \
        (400, "'chips' is 'None': the chips to add, 1 or more")
    assert error(client.post("/api/tables/t1/dance", json={})) == \
        (404, "no action 'dance' at a table: sit, leave, top_up, sit_out, sit_in")
    assert client.post("/api/tables/t1/leave").json() == {"refund": 500}
    assert client.get("/api/me").json()["balance"] == 10000
    assert error(client.post("/api/tables/t9/leave")) == \
        (404, "no table 't9' here (the lobby lists the tables)")


def _phh(seed: int) -> str:
    """A public PHH (no hole card shown) of a hand folded at once."""
    hand = Hand(Rules.preset("no-limit"), [400] * 2, button=0, rng=random.Random(seed))
    hand.fold()
    return dumps(to_phh(PlayedHand.from_hand(hand, names=["ann", "bob"], label=seed,
                                             hidden=frozenset({0, 1}))))  # fmt: skip


def test_hands_download_with_their_name_type_and_the_count_refused(room: Room,
                                                                   client: TestClient) -> None:
    client.post("/api/enter", json={"name": "ann"})
    client.post("/api/tables", json={"seats": 2, "private": True})
    # none yet: an empty download, nothing refused
    r = client.get("/api/tables/t1/hands.phh")
    assert r.status_code == 200 and r.text == "" and r.headers["x-hands-refused"] == "0"
    assert r.headers["content-type"] == "text/plain; charset=utf-8"
    assert r.headers["content-disposition"] == 'attachment; filename="t1.phhs"'
    # one readable hand and one not: the readable one written, one refused
    room.store.commit(hands=[HandRow("t1", 1, _phh(1), "{}"), HandRow("t1", 2, "junk = [", "{}")])
    for fmt, ending in [("phh", "phhs"), ("pokerstars", "txt"), ("ohh", "ohh")]:
        r = client.get(f"/api/tables/t1/hands/{fmt}")
        assert r.status_code == 200 and r.headers["x-hands-refused"] == "1", fmt
        assert r.headers["content-type"] == "text/plain; charset=utf-8"
        assert r.headers["content-disposition"] == f'attachment; filename="t1.{ending}"'
        assert r.text
    # the table is private: only who may see it may download it
    assert TestClient(client.app).get("/api/tables/t1/hands.phh").status_code == 404


def test_a_download_with_no_hand_it_can_hold_is_refused_naming_three(room: Room,
                                                                    client: TestClient) -> None:
    client.post("/api/enter", json={"name": "ann"})
    client.post("/api/tables", json={"seats": 2})
    room.store.commit(hands=[HandRow("t1", k, f"junk{k} = [", "{}") for k in range(1, 5)])
    why = "not valid TOML: Invalid value (at end of document)"
    for fmt in ("pokerstars", "ohh", "phh"):
        assert error(client.get(f"/api/tables/t1/hands/{fmt}")) == (422, (
            f"no hand of this table can be written as {fmt}: hand 1: {why}; hand 2: {why}; "
            f"hand 3: {why}"))  # the first three of the four named
    assert error(client.get("/api/tables/t1/hands.phh"))[0] == 422


# ------------------------------------------------------------------- the operator


def test_the_operators_token_is_a_bearer_header_alone(client: TestClient) -> None:
    needed = (401, "the operator's token is needed: Authorization: Bearer <token>")
    for header in [{}, {"authorization": OPERATOR}, {"authorization": "Basic  " + OPERATOR},
                   {"authorization": "Bearer:" + OPERATOR}, {"authorization": "Bearer wrong"},
                   {"authorization": "Bearer  " + OPERATOR}]:
        assert error(client.post("/api/operator/chips", json={}, headers=header)) == needed
    for word in ("bearer", "BEARER", "Bearer"):
        r = client.post("/api/operator/chips", headers={"authorization": f"{word} {OPERATOR}"})
        assert r.json() == {"total": 0, "granted": 0}
    # a refusal is checked after the token: an unknown action needs it too
    assert error(client.post("/api/operator/explode", json={})) == needed


def test_every_operator_action_and_each_refusal_word_for_word(room: Room,
                                                              client: TestClient) -> None:
    client.post("/api/enter", json={"name": "ann"})

    def op(action: str, body: Any) -> Any:
        return client.post(f"/api/operator/{action}", json=body, headers=AUTH)

    for action in ("remove", "mute", "unmute", "grant"):
        for body in ({}, {"name": 7, "amount": 5}, {"name": None, "amount": 5},
                     {"name": ["ann"], "amount": 5}):  # fmt: skip
            assert error(op(action, body)) == (400, f"{action}: 'name' is a person's name")
    assert error(op("remove", {"name": "zed"})) == (404, "nobody is called 'zed' here")
    grant = (400, "grant: 'amount' is a whole number of chips, 1 to 1000000000")
    for amount in (None, 0, -1, 10**9 + 1, True, False, 1.5, "5", [5]):
        assert error(op("grant", {"name": "ann", "amount": amount})) == grant, amount
    assert room.people["ann"].balance == 10000 and room.granted == 0
    assert op("grant", {"name": "ann", "amount": 1}).json() == {"balance": 10001}
    assert op("grant", {"name": "ann", "amount": 10**9}).json() == {"balance": 10**9 + 10001}
    assert op("chips", {}).json() == {"total": 10**9 + 10001, "granted": 10**9 + 1}
    assert op("mute", {"name": "ann"}).json() == {"muted": "ann"}
    assert room.people["ann"].muted
    assert op("unmute", {"name": "ann"}).json() == {"unmuted": "ann"}
    assert not room.people["ann"].muted
    for table in (None, 7, ["t1"]):
        assert error(op("close", {"table": table})) == (400, "close: 'table' is the table's id")
    assert error(op("close", {"table": "t9"})) == (404, "no table 't9'")
    invite = (400, "invite: 'invite' is a code of 1 to 64 characters, or null")
    for code in ("", "x" * 65, 7, ["x"], True):
        assert error(op("invite", {"invite": code})) == invite, code
    assert room.invite is None
    assert op("invite", {"invite": "x"}).json() == {"invite": True} and room.invite == "x"
    assert op("invite", {"invite": "y" * 64}).json() == {"invite": True}
    assert room.invite == "y" * 64
    assert op("invite", {"invite": None}).json() == {"invite": False} and room.invite is None
    watching = (400, "watching: 'on' is true (spectators welcome) or false")
    for on in (None, 1, 0, "true", "off"):
        assert error(op("watching", {"on": on})) == watching, on
    assert op("watching", {"on": False}).json() == {"watching": False}
    assert room.store.get("watching") == "off"
    assert op("watching", {"on": True}).json() == {"watching": True}
    assert room.store.get("watching") is None
    assert op("remove", {"name": "ann"}).json() == {"removed": "ann"}
    assert room.people["ann"].removed
    assert error(op("a" * 30, {})) == (404, f"no operator action {'a' * 20!r} (close, remove, "
                                       "mute, unmute, grant, invite, watching, chips)")  # fmt: skip
    known = "(close, remove, mute, unmute, grant, invite, watching, chips)"
    for action in ("REMOVE", "Mute", "GRANT", "closes"):  # the actions' names are exact
        assert error(op(action, {})) == (404, f"no operator action {action!r} {known}")
    assert error(op("x", [])) == (400, "the body is a JSON object")


def test_spectators_turned_off_and_on_again_through_the_operator(client: TestClient) -> None:
    client.post("/api/enter", json={"name": "ann"})
    client.post("/api/tables", json={"seats": 2})
    client.post("/api/operator/watching", json={"on": False}, headers=AUTH)
    client.post("/api/operator/watching", json={"on": True}, headers=AUTH)
    with client.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_json({"type": "watch"})
        assert ws.receive_json()["type"] == "welcome"


# ------------------------------------------------------------------ the websockets


def closed_with(client: TestClient, path: str, headers: dict[str, str]) -> tuple[int, str]:
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect(path, headers=headers) as ws:  # fmt: skip
        ws.receive_json()
    return closed.value.code, closed.value.reason


def test_the_origin_is_this_servers_own_or_none(client: TestClient,
                                                caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="pokerroom.room")
    for origin in ({}, ORIGIN, {"origin": "https://testserver"}):
        with client.websocket_connect("/ws/lobby", headers=origin) as ws:
            assert ws.receive_json()["type"] == "tables", origin
    refused = (1008, "cross-origin WebSocket refused")
    for bad in ("http://evil.example", "https://testserver:443", "http://TESTSERVER", "",
                "ws://testserver", "http://testserver/"):
        assert closed_with(client, "/ws/lobby", {"origin": bad}) == refused, bad
        assert closed_with(client, "/ws/table/t1", {"origin": bad}) == refused, bad
    assert "testclient:50000: refused: the origin 'http://evil.example' is not this server's" \
        in caplog.messages


def test_an_unknown_or_hidden_table_closes_its_socket(client: TestClient) -> None:
    assert closed_with(client, "/ws/table/t9", ORIGIN) == (1008, "no such table here")
    client.post("/api/enter", json={"name": "ann"})
    client.post("/api/tables", json={"seats": 2, "private": True})
    stranger = TestClient(client.app)
    assert closed_with(stranger, "/ws/table/t1", ORIGIN) == (1008, "no such table here")
    with client.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:  # the owner's
        assert ws.receive_json()["type"] == "hello"


def test_connections_are_capped_in_all_and_per_address(room: Room,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="pokerroom.room")
    app = make_app(room, RoomLimits(max_connections=3, max_per_address=2))
    full = (1013, "too many connections: try again later")
    with TestClient(app) as a:
        a.post("/api/enter", json={"name": "ann"})
        a.post("/api/tables", json={"seats": 2})
        b = TestClient(app, client=("10.0.0.2", 4000))
        c = TestClient(app, client=("10.0.0.3", 4000))
        with a.websocket_connect("/ws/lobby", headers=ORIGIN) as one, \
                a.websocket_connect("/ws/table/t1", headers=ORIGIN) as two:  # fmt: skip
            one.receive_json()
            two.receive_json()
            assert closed_with(a, "/ws/lobby", ORIGIN) == full  # two from this address
            with b.websocket_connect("/ws/table/t1", headers=ORIGIN) as three:
                assert three.receive_json()["type"] == "hello"
                assert closed_with(c, "/ws/lobby", ORIGIN) == full  # three in all
                assert closed_with(c, "/ws/table/t1", ORIGIN) == full
            with c.websocket_connect("/ws/lobby", headers=ORIGIN) as again:  # one gone
                assert again.receive_json()["type"] == "tables"
        for _ in range(4):  # every count back: three at once again
            with a.websocket_connect("/ws/lobby", headers=ORIGIN) as x, \
                    a.websocket_connect("/ws/table/t1", headers=ORIGIN) as y, \
                    b.websocket_connect("/ws/lobby", headers=ORIGIN) as z:  # fmt: skip
                for ws in (x, y, z):
                    ws.receive_json()
    assert "testclient:50000: refused: too many connections" in caplog.messages
    assert "10.0.0.3:4000: refused: too many connections" in caplog.messages
    assert not room.lobby


def test_one_connection_per_address_and_one_with_no_address(
    room: Room, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="pokerroom.room")
    app = make_app(room, RoomLimits(max_per_address=1))
    full = (1013, "too many connections: try again later")
    with TestClient(app) as a:
        with a.websocket_connect("/ws/lobby", headers=ORIGIN) as one:
            assert one.receive_json()["type"] == "tables"
            assert closed_with(a, "/ws/lobby", ORIGIN) == full
        nowhere = TestClient(app, client=None)  # type: ignore[arg-type]  (a socket with no address)
        with nowhere.websocket_connect("/ws/lobby", headers=ORIGIN) as one:
            assert one.receive_json()["type"] == "tables"
            assert closed_with(nowhere, "/ws/table/t1", ORIGIN) == full
        with nowhere.websocket_connect("/ws/lobby", headers=ORIGIN) as again:
            assert again.receive_json()["type"] == "tables"
    assert caplog.messages == ["testclient:50000: refused: too many connections",
                               "unknown: refused: too many connections"]


def test_a_person_at_a_table_socket_is_known_by_the_cookie(room: Room, client: TestClient,
                                                           caplog: pytest.LogCaptureFixture
                                                           ) -> None:  # fmt: skip
    """Chat takes the name of whose cookie opened the socket; a spectator with none may
    not chat; the table's log names the connection by its address."""
    caplog.set_level(logging.INFO, logger="pokerroom.room")
    client.post("/api/enter", json={"name": "ann"})
    client.post("/api/tables", json={"seats": 2})
    token = client.post("/api/tables/t1/sit", json={}).json()["token"]
    with client.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_json({"type": "join", "token": token})
        assert [ws.receive_json()["type"] for _ in range(2)] == ["welcome", "seats"]
        ws.send_json({"type": "chat", "text": "hi"})
        assert ws.receive_json() == {"type": "chat", "from": "ann", "text": "hi"}
    stranger = TestClient(client.app)
    with stranger.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_json({"type": "watch"})
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"type": "chat", "text": "hi"})
        while (message := ws.receive_json())["type"] != "error":
            pass
        assert message["message"] == "enter the room (pick a name) to chat"
    assert "table t1: testclient:50000: joined seat 0" in caplog.messages


def asgi_websocket(path: str, client: tuple[str, int]) -> dict[str, Any]:
    return {"type": "websocket", "path": path, "raw_path": path.encode(), "root_path": "",
            "scheme": "ws", "query_string": b"", "headers": [(b"host", b"testserver")],
            "client": client, "server": ("testserver", 80), "subprotocols": [],
            "path_params": {"table_id": path.rsplit("/", 1)[-1]}}  # fmt: skip


def test_a_table_socket_whose_client_leaves_is_let_go(room: Room) -> None:
    """Called as the server calls it: once the client has gone, the handler returns (the
    writer stopped too), the connection gone from the table and its count released."""
    from pokerroom.room.app import _TableSocket

    async def run() -> tuple[list[dict[str, Any]], dict[str, int]]:
        ann = room.enter("ann", None, None)[0]
        room.create(ann, {"seats": 2})
        incoming = [{"type": "websocket.connect"},
                    {"type": "websocket.receive", "text": '{"type": "ping", "id": 1}'},
                    {"type": "websocket.disconnect", "code": 1001}]  # fmt: skip
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            await asyncio.sleep(0)
            return incoming.pop(0) if incoming else {"type": "websocket.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        counts: dict[str, int] = {}
        endpoint = _TableSocket(room, RoomLimits(), counts)
        await asyncio.wait_for(endpoint(asgi_websocket("/ws/table/t1", ("1.2.3.4", 5)),
                                        receive, send), 10)  # fmt: skip
        return sent, counts

    sent, counts = asyncio.run(run())
    assert counts == {} and not room.tables["t1"].links
    assert sent[0] == {"type": "websocket.accept", "subprotocol": None, "headers": []}
    texts = [json.loads(m["text"])["type"] for m in sent if m["type"] == "websocket.send"]
    assert texts[0] == "hello" and "pong" in texts


def test_a_table_socket_whose_frame_the_table_fails_on_is_closed_with_1011_and_logged(
    room: Room, caplog: pytest.LogCaptureFixture
) -> None:
    """A frame the table raises on: the handler says so in the room's log (with the
    traceback), closes the socket with 1011 and a reason that tells nothing of the
    server's inside, and lets the connection go and its count."""
    from pokerroom.room.app import _TableSocket

    caplog.set_level(logging.ERROR)
    ann = room.enter("ann", None, None)[0]
    room.create(ann, {"seats": 2})
    table = room.tables["t1"]

    def broken(conn: Any, data: bytes | None) -> None:
        raise ValueError("a secret inside the table")

    table.receive = broken  # type: ignore[method-assign]
    incoming = [{"type": "websocket.connect"},
                {"type": "websocket.receive", "text": '{"type": "ping", "id": 1}'}]
    sent: list[dict[str, Any]] = []

    async def run() -> None:
        async def receive() -> dict[str, Any]:
            await asyncio.sleep(0)
            if incoming:
                return incoming.pop(0)
            await asyncio.sleep(3600)  # the client stays: only the server may close
            raise AssertionError("not reached")

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        counts: dict[str, int] = {}
        await asyncio.wait_for(_TableSocket(room, RoomLimits(), counts)(
            asgi_websocket("/ws/table/t1", ("1.2.3.4", 5)), receive, send), 10)
        assert counts == {}

    asyncio.run(run())
    assert not table.links
    assert sent[-1] == {"type": "websocket.close", "code": 1011,
                        "reason": "the table failed on your message"}  # fmt: skip
    assert [r.getMessage() for r in caplog.records] == ["table t1: 1.2.3.4:5: a frame failed"]
    record = caplog.records[0]
    assert record.exc_info is not None and isinstance(record.exc_info[1], ValueError)
    assert "secret" not in json.dumps(sent)


def test_the_security_headers_join_an_answer_that_had_none() -> None:
    from pokerroom.room.app import _Headers

    async def bare(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 204})
        await send({"type": "http.response.body", "body": b""})

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    asyncio.run(_Headers(bare)({"type": "http"}, receive, send))
    assert sent[0]["headers"] == [(k.encode(), v.encode()) for k, v in HEADERS.items()]
    assert sent[1] == {"type": "http.response.body", "body": b""}


def test_the_lobby_lists_what_its_person_may_see_and_the_seat_offered(
    room: Room, client: TestClient
) -> None:
    people = {}
    for name in ("ann", "bob", "cy"):
        people[name] = TestClient(client.app)
        people[name].post("/api/enter", json={"name": name})
    people["ann"].post("/api/tables", json={"seats": 2, "private": True, "name": "Mine"})
    with people["ann"].websocket_connect("/ws/lobby", headers=ORIGIN) as ws:
        assert [t["name"] for t in ws.receive_json()["tables"]] == ["Mine"]
    with people["bob"].websocket_connect("/ws/lobby", headers=ORIGIN) as ws:
        assert ws.receive_json() == {"type": "tables", "tables": []}
    # a seat offered to cy, who is first on the waiting list: told on opening the lobby
    people["ann"].post("/api/tables", json=CASH)
    people["ann"].post("/api/tables/t2/sit", json={"buy_in": 500})
    people["bob"].post("/api/tables/t2/sit", json={"buy_in": 500})
    assert people["cy"].post("/api/tables/t2/sit", json={"buy_in": 500}).status_code == 202
    table = room.tables["t2"]
    assert people["bob"].post("/api/tables/t2/leave").json() == {"refund": None, "queued": True}
    while table.seat_of("bob") is not None:
        table._expire()
    assert table.offer() == "cy"
    with people["cy"].websocket_connect("/ws/lobby", headers=ORIGIN) as ws:
        assert [t["id"] for t in ws.receive_json()["tables"]] == ["t2"]
        assert ws.receive_json() == json.loads(table.offer_frame())
    with people["bob"].websocket_connect("/ws/lobby", headers=ORIGIN) as ws:
        assert [t["id"] for t in ws.receive_json()["tables"]] == ["t2"]
        ws.send_text("hello?")  # read and dropped
    assert not room.lobby  # each taken out as it closed


def test_a_table_socket_not_joined_in_time_is_told_and_closed(room: Room) -> None:
    with TestClient(make_app(room, RoomLimits(join_timeout=0.01))) as client:
        client.post("/api/enter", json={"name": "ann"})
        client.post("/api/tables", json={"seats": 2})
        with pytest.raises(WebSocketDisconnect) as closed, \
                client.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:  # fmt: skip
            assert ws.receive_json()["type"] == "hello"
            assert ws.receive_json() == {"type": "bye",
                                         "reason": "join a seat or watch within 0.01 s"}
            ws.receive_json()
        assert closed.value.code == 1000


def test_the_idle_check_closes_only_a_connection_still_new(room: Room) -> None:
    from pokerroom.room.app import _idle

    async def run() -> None:
        ann = room.enter("ann", None, None)[0]
        t = room.create(ann, {"seats": 2, "bots": {"1": "random"}}).id
        token = room.sit(ann, t, 0, None)["token"]
        table = room.tables[t]
        new, joined, watcher = FakeLink(), FakeLink("ann"), FakeLink()
        conns = [table.open(link) for link in (new, joined, watcher)]
        table.receive(conns[1], json.dumps({"type": "join", "token": token}).encode())
        table.receive(conns[2], b'{"type": "watch"}')
        for link in (new, joined, watcher):
            link.frames.clear()
        for conn in conns:
            _idle(table, conn, 60.0)
        assert new.messages() == [{"type": "bye", "reason": "join a seat or watch within 60 s"}]
        assert new.closed is not None
        assert joined.messages("bye") == watcher.messages("bye") == []
        assert joined.closed is None and watcher.closed is None
        table.closed(conns[0])
        new.frames.clear()
        _idle(table, conns[0], 2.5)  # gone already: nothing
        assert new.frames == []

    asyncio.run(run())


CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def cards_in(value: Any) -> set[str]:
    """Every card named anywhere in a message."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def test_a_seats_and_a_spectators_frames_hold_no_card_they_may_not_see(client: TestClient) -> None:
    """Ann folds the first three hands she can before the flop (checking or calling the
    others), then goes all in until the match ends; a spectator watches.  In a hand Ann
    folded, her frames name her own two cards and no other, and the spectator's none; the
    cards shown at a showdown are everyone's."""
    client.post("/api/enter", json={"name": "ann"})
    client.post("/api/tables", json={"seats": 2, "buy_in": 1000,
                                     "bots": {"1": "calling-station"}})  # fmt: skip
    token = client.post("/api/tables/t1/sit", json={"seat": 0}).json()["token"]
    mine: list[dict[str, Any]] = []
    seen: list[dict[str, Any]] = []
    folded: set[int] = set()
    with client.websocket_connect("/ws/table/t1", headers=ORIGIN) as spectator:
        assert spectator.receive_json()["type"] == "hello"
        spectator.send_json({"type": "watch"})
        with client.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:
            ws.receive_json()
            ws.send_json({"type": "join", "token": token})
            while True:
                message = ws.receive_json()
                mine.append(message)
                if message["type"] == "act":
                    legal = message["view"]["legal"]
                    answer: dict[str, Any] = {"action": "call"}
                    preflop = message["view"]["street"] == "preflop"
                    if "fold" in legal["kinds"] and preflop and len(folded) < 3:
                        answer = {"action": "fold"}
                        folded.add(message["hand"])
                    elif "show" in legal["kinds"]:
                        answer = {"action": "show"}
                    elif len(folded) < 3:  # check or call until three are folded
                        answer = {"action": "call" if "call" in legal["kinds"] else "check"}
                    elif "show" in legal["kinds"]:
                        answer = {"action": "show"}
                    elif "raise" in legal["kinds"] or "bet" in legal["kinds"]:
                        kind = "raise" if "raise" in legal["kinds"] else "bet"
                        answer = {"action": kind, "amount": legal["max_to"]}
                    elif "call" not in legal["kinds"]:
                        answer = {"action": "check"}
                    ws.send_json({"type": "action", "hand": message["hand"],
                                  "seq": message["seq"], **answer})  # fmt: skip
                if message["type"] == "bye":
                    break
        while True:
            message = spectator.receive_json()
            seen.append(message)
            if message["type"] in ("match_end", "bye"):
                break
    assert len(folded) == 3 and any(m["type"] == "match_end" for m in mine)
    holes = {m["hand"]: m["view"]["hole"] for m in mine if "view" in m}
    assert set(folded) <= set(holes) and all(len(h) == 2 for h in holes.values())
    by_hand: dict[int, tuple[set[str], set[str]]] = {}
    for box, messages in enumerate((mine, seen)):
        for m in messages:
            if "hand" in m and isinstance(m["hand"], int):
                by_hand.setdefault(m["hand"], (set(), set()))[box].update(cards_in(m))
    for hand in folded:
        assert by_hand[hand][0] == set(holes[hand]), hand
        assert by_hand[hand][1] == set(), hand
    spectated = [m for m in seen if m["type"] in ("state", "hand_end")]
    assert spectated and all(m["view"]["hole"] in (None, []) for m in spectated)
    shown_to_all = {c for m in seen if m["type"] == "event" and m["event"]["kind"] == "show"
                    for c in m["event"]["cards"]}  # fmt: skip
    assert shown_to_all  # the all-in hands were shown down to the spectator too


def test_a_frame_at_the_line_limit_and_past_it_bytes_and_text(room: Room) -> None:
    small = Room(MemoryStore(), operator=digest("op"), bot_delay=0.0,
                 limits=Limits(max_line=200, rate=50.0, burst=60, max_errors=10_000))
    with TestClient(make_app(small)) as client:
        client.post("/api/enter", json={"name": "ann"})
        client.post("/api/tables", json={"seats": 2})
        with client.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:
            assert ws.receive_json()["limits"]["max_line"] == 200
            ws.send_text("1" * 199)  # a line of 200 bytes with its newline: read
            assert ws.receive_json()["code"] == "not-object"
            ws.send_text("1" * 200)
            assert ws.receive_json() == {"type": "error", "code": "line-too-long",
                                         "message": "a line is at most 200 bytes; "
                                                    "this one is dropped"}  # fmt: skip
            ws.send_bytes(b'{"type": "ping", "id": 3}')
            assert ws.receive_json() == {"type": "pong", "id": 3}
            ws.send_text('{"type": "ping", "id": "\ud800"}')  # a lone surrogate, as sent
            assert ws.receive_json()["code"] == "not-utf8"
            ws.send_text('{"type": "ping", "id": "é"}')
            assert ws.receive_json() == {"type": "pong", "id": "é"}


def test_the_reader_passes_each_frame_and_stops_at_the_close() -> None:
    from pokerroom.room.app import _read

    class Table:
        limits = Limits(max_line=10)

        def __init__(self) -> None:
            self.got: list[bytes | None] = []

        def receive(self, conn: object, data: bytes | None) -> None:
            assert conn == "conn"
            self.got.append(data)

    def frames(*messages: dict[str, Any]) -> Any:
        left = list(messages)

        async def receive() -> dict[str, Any]:
            assert left, "read past the close"
            return left.pop(0)

        return receive

    table = Table()
    asyncio.run(_read(table, "conn", frames(
        {"type": "websocket.receive", "text": "123456789"},
        {"type": "websocket.receive", "text": "1234567890"},
        {"type": "websocket.receive", "bytes": b"ab"},
        {"type": "websocket.receive"},
        {"type": "websocket.receive", "text": "\ud800"},
        {"type": "websocket.disconnect", "code": 1000})))
    assert table.got == [b"123456789", None, b"ab", b"\xed\xa0\x80"]

    async def gone() -> dict[str, Any]:
        raise RuntimeError("disconnected")

    asyncio.run(_read(Table(), "conn", gone))


# ------------------------------------------------------------------ the lobby's reader


class FakeSocket:
    """The lobby's side of a WebSocket: the messages a client sends, each ``step``
    seconds after the last on the loop's clock, which the test sets."""

    def __init__(self, clock: list[float], times: list[float]) -> None:
        self.clock = clock
        self.times = list(times)
        self.closed: tuple[int, str] | None = None

    async def receive(self) -> dict[str, Any]:
        if not self.times:
            return {"type": "websocket.disconnect", "code": 1000}
        self.clock[0] = self.times.pop(0)
        return {"type": "websocket.receive", "text": "x"}

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def drained(times: list[float]) -> tuple[tuple[int, str] | None, int]:
    """What the lobby's reader does with frames at ``times``: the close, and how many
    frames were left unread."""
    from pokerroom.room.app import _drain

    clock = [0.0]
    ws = FakeSocket(clock, times)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        loop.time = lambda: clock[0]  # type: ignore[method-assign]
        await _drain(ws)  # type: ignore[arg-type]

    asyncio.run(run())
    return ws.closed, len(ws.times)


def test_the_lobby_closes_a_client_sending_twenty_frames_within_a_second() -> None:
    told = (1008, "the lobby takes no messages")
    assert drained([k / 100 for k in range(20)]) == (told, 0)
    assert drained([k / 100 for k in range(25)]) == (told, 5)  # at the twentieth
    assert drained([k / 100 for k in range(19)]) == (None, 0)
    assert drained([0.0] + [1.0] * 19) == (None, 0)  # exactly a second: not within
    assert drained([0.0] + [0.5] * 19) == (told, 0)
    assert drained([k / 100 for k in range(19)] + [5.0]) == (None, 0)
    assert drained([float(k) for k in range(40)]) == (None, 0)  # one a second: fine
    # a window of twenty that slides: the 2nd to the 21st within a second
    assert drained([0.0] + [1.5 + k / 100 for k in range(20)]) == (told, 0)
    assert drained([0.0] + [1.5 + k / 100 for k in range(19)]) == (None, 0)


class LobbySocket:
    """A lobby's WebSocket as the handler sees it, from 10.1.1.1:9: its client leaves at
    once; what it is sent is kept (or, ``stuck``, never read: a send waits for ever)."""

    class client:  # noqa: N801 (as Starlette's: an address)
        host, port = "10.1.1.1", 9

    def __init__(self, stuck: bool = False) -> None:
        self.headers: dict[str, str] = {}
        self.cookies: dict[str, str] = {}
        self.sent: list[str] = []
        self.stuck = stuck

    async def accept(self) -> None:
        pass

    async def receive(self) -> dict[str, Any]:
        await asyncio.sleep(0)
        if self.stuck:  # (until the handler lets go)
            await asyncio.Event().wait()
        return {"type": "websocket.disconnect", "code": 1001}

    async def send(self, message: dict[str, Any]) -> None:
        if self.stuck:
            await asyncio.Event().wait()
        self.sent.append(message["text"])

    async def close(self, code: int, reason: str) -> None:
        pass


def lobby_run(ws: LobbySocket, limits: RoomLimits) -> tuple[Room, dict[str, int]]:
    from pokerroom.room.app import _lobby

    room = Room(MemoryStore(), operator=digest("op"), bot_delay=0.0)
    counts: dict[str, int] = {}

    async def run() -> None:
        await asyncio.wait_for(_lobby(room, limits, counts, ws), 10)  # type: ignore[arg-type]

    asyncio.run(run())
    return room, counts


def test_a_lobby_whose_client_leaves_is_let_go() -> None:
    """The lobby's handler returns once its client has gone (the writer stopped too), the
    link taken out of the room's lobby and the address's count released."""
    ws = LobbySocket()
    room, counts = lobby_run(ws, RoomLimits())
    assert counts == {} and not room.lobby
    assert ws.sent == ['{"type": "tables", "tables": []}']


def test_a_lobby_whose_client_reads_nothing_is_dropped_by_its_address(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="pokerroom.room")
    ws = LobbySocket(stuck=True)
    room, counts = lobby_run(ws, RoomLimits(max_backlog=10))
    assert counts == {} and not room.lobby and ws.sent == []
    assert caplog.messages == ["10.1.1.1:9: dropped: over 10 bytes sent and not read"]


# -------------------------------------------------------------------- a link's queue


class Sink:
    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closes: list[tuple[int, str]] = []

    async def send(self, message: dict[str, str]) -> None:
        assert message["type"] == "websocket.send"
        self.sent.append(message["text"])

    async def close(self, code: int, reason: str) -> None:
        self.closes.append((code, reason))


def test_a_links_frames_go_out_in_order_then_its_close_cut_to_120() -> None:
    async def run() -> tuple[WSLink, Sink]:
        sink = Sink()
        link = WSLink(sink, "peer", "ann", max_backlog=100)  # type: ignore[arg-type]
        assert (link.peer, link.name, link.backlog, link.closing, link.dropped) == \
            ("peer", "ann", 0, None, False)
        link.task = asyncio.ensure_future(link.writer())
        link.push("a" * 60)
        link.push("b" * 40)  # exactly the backlog: kept
        assert link.backlog == 100 and not link.dropped
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert sink.sent == ["a" * 60, "b" * 40] and link.backlog == 0
        link.push("c" * 100)  # the backlog emptied as they went: kept
        link.close(4000, "r" * 200)
        link.close(1000, "second")  # the first close stands
        link.push("late")  # after the close: not sent
        await asyncio.wait_for(link.task, 5)
        return link, sink

    link, sink = asyncio.run(run())
    assert sink.sent == ["a" * 60, "b" * 40, "c" * 100]
    assert sink.closes == [(4000, "r" * 120)]
    assert link.closing == (4000, "r" * 200) and not link.dropped


def test_a_link_past_its_backlog_is_dropped_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="pokerroom.room")

    async def run() -> tuple[WSLink, Sink]:
        sink = Sink()
        link = WSLink(sink, "1.2.3.4:5", None, max_backlog=100)  # type: ignore[arg-type]
        link.push("a" * 100)
        link.push("b")  # one byte past, none sent yet (no writer)
        assert link.dropped and not link.queue
        link.push("c")  # dropped: nothing more queued
        assert not link.queue
        link.task = asyncio.ensure_future(link.writer())
        await asyncio.wait_for(link.task, 5)
        return link, sink

    link, sink = asyncio.run(run())
    assert link.closing == (1008, "too slow: over the backlog of messages not read")
    assert sink.sent == [] and sink.closes == [link.closing]
    assert caplog.messages == ["1.2.3.4:5: dropped: over 100 bytes sent and not read"]


def test_a_link_whose_close_fails_ends_quietly() -> None:
    """The client gone already: the close raises, the writer still ends."""

    class Gone(Sink):
        async def close(self, code: int, reason: str) -> None:
            raise RuntimeError("Unexpected ASGI message 'websocket.close'")

    async def run() -> WSLink:
        link = WSLink(Gone(), "peer", None, max_backlog=100)  # type: ignore[arg-type]
        link.task = asyncio.ensure_future(link.writer())
        link.close(1000, "bye")
        await asyncio.wait_for(link.task, 5)
        return link

    assert asyncio.run(run()).task.done()  # type: ignore[union-attr]


def test_a_link_sends_by_the_send_it_is_given() -> None:
    async def run() -> tuple[list[dict[str, Any]], Sink]:
        sink = Sink()
        raw: list[dict[str, Any]] = []

        async def send(message: Any) -> None:
            raw.append(message)

        link = WSLink(sink, "peer", None, max_backlog=100, send=send)  # type: ignore[arg-type]
        link.task = asyncio.ensure_future(link.writer())
        link.push("one")
        link.close(1000, "bye")
        await asyncio.wait_for(link.task, 5)
        return raw, sink

    raw, sink = asyncio.run(run())
    assert raw == [{"type": "websocket.send", "text": "one"}]
    assert sink.sent == [] and sink.closes == [(1000, "bye")]


def test_the_room_is_loaded_when_the_app_starts_and_shut_when_it_stops() -> None:
    store = MemoryStore()
    first = Room(store, operator=digest("op"), bot_delay=0.0)
    _, secret = first.enter("ann", None, None)
    room = Room(store, operator=digest("op"), bot_delay=0.0)
    link = FakeLink()
    with TestClient(make_app(room), cookies={COOKIE: str(secret)}) as client:
        assert client.get("/api/me").json() == {"name": "ann", "balance": 10000, "seats": []}
        client.post("/api/tables", json={"seats": 2})
        room.tables["t1"].open(link)
    assert link.messages("bye") == [{"type": "bye", "reason": "the server is closing"}]
    assert link.closed is not None
