"""Hostile clients against the room's table WebSocket (as tests/test_net_fuzz.py and
tests/test_net_edge.py do against the JSON-lines dealer): whatever a frame holds, the
client gets an error naming the problem, the match and the server go on, and nothing
secret leaks."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pokerroom.jsonproto.messages import Limits
from pokerroom.room.app import RoomLimits, make_app
from pokerroom.room.people import digest
from pokerroom.room.room import Room
from pokerroom.room.store import MemoryStore

ORIGIN = {"origin": "http://testserver"}


@pytest.fixture(scope="module")
def setup() -> Iterator[tuple[Room, TestClient, str]]:
    room = Room(MemoryStore(), operator=digest("op"), bot_delay=0.0,
                limits=Limits(max_line=4096, rate=50.0, burst=60, max_errors=10_000))
    with TestClient(make_app(room, RoomLimits(join_timeout=30.0))) as client:
        client.post("/api/enter", json={"name": "ann"})
        client.post("/api/tables", json={"seats": 2, "bots": {"1": "random"}})
        token = client.post("/api/tables/t1/sit", json={}).json()["token"]
        yield room, client, token


BAD = [
    ("{", "not-json", "not JSON"),
    ("[1, 2]", "not-object", "JSON object"),
    ('"text"', "not-object", "JSON object"),
    ('{"type": 7}', "unknown-type", "unknown message type"),
    ('{"kind": "join"}', "unknown-type", "no 'type'"),
    ('{"type": "join", "token": 5}', "bad-field", "'token'"),
    ('{"type": "join", "token": "\\ud800"}', "bad-field", "'token'"),
    ('{"type": "ping", "id": 99999999999999999999999}', "bad-field", "'id'"),
    ('{"type": "ping", "id": "\\udfff"}', "bad-field", "'id'"),
    ('{"type": "action", "hand": 1, "seq": 1, "action": "fold"}', "not-joined", "join"),
    ('{"type": "watch", "extra": 1}', "bad-field", "unexpected field"),
    ('{"type": "chat", "text": ""}', "bad-field", "'text'"),
    ('{"type": "chat", "text": ["x"]}', "bad-field", "'text'"),
    ("1" * 5000, "line-too-long", "at most 4096 bytes"),
    ('{"a":' * 800, "not-json", "JSON"),
]


def test_bad_frames_get_errors_that_name_them_and_the_connection_lives(
    setup: tuple[Room, TestClient, str],
) -> None:
    room, client, _ = setup
    with client.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:
        assert ws.receive_json()["type"] == "hello"
        for frame, code, words in BAD:
            ws.send_text(frame)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["code"] == code, (frame[:40], reply)
            assert words in reply["message"], (frame[:40], reply)
        ws.send_bytes(b"\xff\xfe")
        assert ws.receive_json()["code"] == "not-utf8"
        ws.send_text('{"type": "ping", "id": 1}')
        assert ws.receive_json() == {"type": "pong", "id": 1}
    assert room.tables["t1"].state == "playing" and room.tables["t1"].dealer.pending is not None


class StillClock:
    """A clock that moves only when the test says: the rate cap's refill cannot depend on
    how fast the machine sends the burst."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_flood_is_told_once_and_dropped() -> None:
    clock = StillClock()
    room = Room(MemoryStore(), operator=digest("op"), bot_delay=0.0, clock=clock,
                limits=Limits(max_line=4096, rate=50.0, burst=60, max_errors=10_000))
    with TestClient(make_app(room, RoomLimits(join_timeout=30.0))) as client:
        client.post("/api/enter", json={"name": "ann"})
        client.post("/api/tables", json={"seats": 2, "bots": {"1": "random"}})
        with client.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:
            ws.receive_json()
            for i in range(200):
                ws.send_text(json.dumps({"type": "ping", "id": i}))
            replies = []
            while True:
                replies.append(ws.receive_json())
                if replies[-1].get("code") == "flood":
                    break
            clock.now += 60.0  # the bucket full again
            ws.send_text('{"type": "ping", "id": "last"}')
            floods = pongs = 0
            while True:
                message = ws.receive_json()
                if message.get("id") == "last":
                    break
                floods += message.get("code") == "flood"
                pongs += message["type"] == "pong"
    answered = [m["id"] for m in replies if m["type"] == "pong"]
    assert answered == list(range(60))  # the burst answered, in order, and no more
    assert floods == 0 and pongs == 0  # told once; the rest of the burst dropped


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(
    st.text(max_size=200),
    st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                 lambda inner: st.lists(inner, max_size=3)
                 | st.dictionaries(st.sampled_from(["type", "token", "hand", "seq", "action",
                                                    "amount", "text", "id", "name"]),
                                   inner, max_size=4), max_leaves=8).map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from(["join", "watch", "action", "ping",
                                                    "chat", "bye"])},
                          optional={"token": st.text(max_size=5), "hand": st.integers(),
                                    "seq": st.integers(), "text": st.text(max_size=5),
                                    "action": st.text(max_size=6)}).map(json.dumps),
))
def test_any_frame_gets_an_answer_and_the_server_goes_on(
    setup: tuple[Room, TestClient, str], frame: str
) -> None:
    _, client, _ = setup
    with client.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_text(frame)
        ws.send_text('{"type": "ping", "id": "alive"}')
        for _ in range(6):  # (a watch: welcome, seats, hand, state, clock, then the pong)
            message = ws.receive_json()
            assert message["type"] in ("error", "pong", "welcome", "seats", "bye", "state",
                                       "hand", "act", "clock"), message
            if message == {"type": "pong", "id": "alive"} or message["type"] == "bye":
                break
        else:
            raise AssertionError("no answer to the ping")


def test_no_token_in_any_log_line_or_url(setup: tuple[Room, TestClient, str],
                                         caplog: pytest.LogCaptureFixture) -> None:
    _, client, token = setup
    caplog.set_level(logging.DEBUG)
    with client.websocket_connect("/ws/table/t1", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "join", "token": token}))
        assert ws.receive_json()["type"] == "welcome"
        for wrong in ("nope", token[:-1] + "x"):
            ws.send_text(json.dumps({"type": "join", "token": wrong}))
    text = caplog.text
    assert "joined seat 0" in text
    assert token not in text and token[:-1] not in text
    r = client.post("/api/tables/t1/sit", json={})
    assert token not in str(r.url) and r.headers["cache-control"] == "no-store"


def test_a_client_that_does_not_read_is_dropped_past_its_backlog() -> None:
    """The link's writer is stuck in a send (the peer reads nothing): frames pile up in
    its queue until they pass the backlog, then the connection is dropped (1008) and
    nothing more is queued; a reader that keeps up never is."""
    import asyncio

    from pokerroom.room.app import WSLink

    class Stuck:
        def __init__(self, block: bool) -> None:
            self.block = block
            self.sent: list[str] = []

        async def send(self, message: dict[str, str]) -> None:  # (an ASGI send)
            if self.block:
                await asyncio.Event().wait()
            assert message["type"] == "websocket.send"
            self.sent.append(message["text"])

        async def close(self, code: int, reason: str) -> None:
            self.sent.append(f"close {code}")

    async def run(block: bool) -> tuple[WSLink, Stuck]:
        ws = Stuck(block)
        link = WSLink(ws, "peer", None, max_backlog=10_000)  # type: ignore[arg-type]
        link.task = asyncio.ensure_future(link.writer())
        for _ in range(100):
            link.push("x" * 500)
            await asyncio.sleep(0)
        await asyncio.sleep(0.01)
        return link, ws

    link, ws = asyncio.run(run(block=True))
    assert link.dropped and link.closing is not None and link.closing[0] == 1008
    assert not link.queue and ws.sent == []
    assert link.task is not None and link.task.cancelled()
    link, ws = asyncio.run(run(block=False))
    assert not link.dropped and len(ws.sent) == 100
