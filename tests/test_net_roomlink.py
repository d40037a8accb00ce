"""A person's link to a room's table (pokerroom.net.roomlink), driven in-process: its HTTP
calls answered by a recorded room (``urlopen`` replaced: every request's method, address,
headers and body checked, every refusal's whole text), and its WebSocket by a recorded
connection (``websockets``' ``connect`` replaced): the greeting, the dealer's messages,
each way a connection ends and the ``link`` message it gives, the waits between attempts
taken from an ``asyncio.sleep`` that records them (nothing sleeps), a rejoin, a close.
The room's own tests (``test_room_join.py``, ``test_room_watch.py``) play whole hands
through a real room; these pin each call's exact behaviour."""

from __future__ import annotations

import asyncio
import email.message
import io
import json
import stat
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets.asyncio.client
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.frames import Close
from websockets.http11 import Response

from pokerroom.jsonproto.messages import PROTOCOL, VERSION
from pokerroom.net import roomlink
from pokerroom.net.roomlink import (
    COOKIE,
    LINK,
    RoomLink,
    RoomLinkError,
    SessionFile,
    TableAddress,
    TableFullError,
    table_address,
)

FORMS = "http://HOST:PORT/table/ID (the table page's address, as the browser shows it)"
ORIGIN = "http://10.0.0.5:8080"


def test_the_constants_are_as_documented() -> None:
    assert (COOKIE, LINK) == ("pokerroom_session", "link")
    assert (roomlink.HTTP_TIMEOUT, roomlink.MAX_FRAME, roomlink.RETRY_MOST) == (10.0, 1 << 20, 5.0)
    assert roomlink.FORMS == FORMS


# ------------------------------------------------------------------ addresses


@pytest.mark.parametrize(
    ("url", "origin", "table", "websocket"),
    [
        ("http://127.0.0.1:8080/table/t3", "http://127.0.0.1:8080", "t3",
         "ws://127.0.0.1:8080/ws/table/t3"),
        ("https://cards.example/table/t1", "https://cards.example", "t1",
         "wss://cards.example/ws/table/t1"),
        ("http://[::1]:9/table/a%20b", "http://[::1]:9", "a%20b", "ws://[::1]:9/ws/table/a%2520b"),
        ("HTTP://Host.Example:80/table/x", "http://host.example:80", "x",
         "ws://host.example:80/ws/table/x"),
        (" \thttp://h//table//é/ \n", "http://h", "é", "ws://h/ws/table/%C3%A9"),
        ("http://h:0/table/0", "http://h:0", "0", "ws://h:0/ws/table/0"),
    ],
)  # fmt: skip
def test_a_table_address_gives_the_rooms_origin_and_its_websocket(
    url: str, origin: str, table: str, websocket: str
) -> None:
    address = table_address(url)
    assert address == TableAddress(origin, table)
    assert address.websocket == websocket


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("http://h:99999/table/t1", " (Port out of range 0-65535)"),
        ("http://h:x/table/t1", " (Port could not be cast to integer value as 'x')"),
        ("ftp://h/table/t1", ""),
        ("http:///table/t1", ""),
        ("http://h/table", ""),
        ("http://h/table/t1/more", ""),
        ("http://h/tables/t1", ""),
        ("http://h/table/a\x7fb", ""),
        ("h/table/t1", ""),
    ],
)
def test_anything_else_is_refused_whole_naming_the_form(url: str, why: str) -> None:
    with pytest.raises(RoomLinkError) as refused:
        table_address(url)
    assert str(refused.value) == f"{url!r} is not a table's address{why}: expected {FORMS}"


def test_a_long_address_is_quoted_cut_at_80_characters() -> None:
    url = "http://h/" + "x" * 100
    with pytest.raises(RoomLinkError) as refused:
        table_address(url)
    assert str(refused.value) == f"{url[:80]!r} is not a table's address: expected {FORMS}"
    port = "http://h:99999/" + "y" * 100
    with pytest.raises(RoomLinkError) as refused:
        table_address(port)
    assert str(refused.value) == (f"{port[:80]!r} is not a table's address "
                                  f"(Port out of range 0-65535): expected {FORMS}")  # fmt: skip


# ------------------------------------------------------------------ sessions


def test_a_session_file_keeps_each_rooms_cookie_and_name_at_mode_0600(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "sessions.json"
    sessions = SessionFile(path)
    assert sessions.path == path
    assert sessions.get("http://a:1") is None  # no file yet
    sessions.put("http://a:1", "c1", "Ann")
    sessions.put("http://b:2", "c2", "Bo")
    sessions.put("http://a:1", "c3", "Ann B")
    assert json.loads(path.read_text(encoding="utf-8")) == {
        "http://a:1": {"cookie": "c3", "name": "Ann B"},
        "http://b:2": {"cookie": "c2", "name": "Bo"},
    }
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert sorted(p.name for p in path.parent.iterdir()) == ["sessions.json"]  # no temporary left
    assert (sessions.get("http://a:1"), sessions.get("http://b:2")) == (
        ("c3", "Ann B"),
        ("c2", "Bo"),
    )
    assert sessions.get("http://c:3") is None


def test_a_session_file_kept_wider_is_made_0600_again(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    temp = tmp_path / "s.json.tmp"
    temp.write_text("left over")
    temp.chmod(0o644)  # a temporary left by a crash, readable by all: written at 0600 again
    SessionFile(path).put("http://a:1", "secret", "Ann")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert not temp.exists()


@pytest.mark.parametrize(
    "text",
    ["not json", "[1, 2]", '"x"', '{"http://a:1": "c"}',
     '{"http://a:1": {"cookie": 1, "name": "A"}}', '{"http://a:1": {"cookie": "c", "name": null}}',
     '{"http://a:1": {"name": "A"}}', ""],
)  # fmt: skip
def test_a_damaged_session_file_gives_no_session_and_is_written_over(tmp_path: Path,
                                                                    text: str) -> None:  # fmt: skip
    path = tmp_path / "s.json"
    path.write_text(text, encoding="utf-8")
    sessions = SessionFile(path)
    assert sessions.get("http://a:1") is None
    sessions.put("http://b:2", "c", "B")
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept["http://b:2"] == {"cookie": "c", "name": "B"}
    assert sessions.get("http://b:2") == ("c", "B")


def test_a_session_file_that_is_a_folder_gives_no_session(tmp_path: Path) -> None:
    assert SessionFile(tmp_path).get("http://a:1") is None


# ------------------------------------------------------------------ HTTP


class Answer:
    """What ``urlopen`` gives back (``status`` 2xx) or raises as an ``HTTPError``."""

    def __init__(self, status: int, body: Any = None, cookies: tuple[str, ...] = (),
                 raw: bytes | None = None) -> None:  # fmt: skip
        self.status = status
        self.text = raw if raw is not None else b"" if body is None else json.dumps(body).encode()
        self.headers = email.message.Message()
        for cookie in cookies:
            self.headers["Set-Cookie"] = cookie

    def __enter__(self) -> Answer:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def read(self) -> bytes:
        return self.text


class Room:
    """A room's HTTP API, recorded: each request's method, address, headers, body and
    timeout; the answers given in order (an exception is raised)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self._answers: list[Answer | BaseException] = []
        self.requests: list[tuple[str, str, dict[str, str], Any, float]] = []
        monkeypatch.setattr(urllib.request, "urlopen", self.urlopen)

    @property
    def answers(self) -> list[Answer | BaseException]:
        return self._answers

    @answers.setter
    def answers(self, answers: list[Answer | BaseException]) -> None:
        self._answers = list(answers)  # (a test's parameters are used again by a second run)

    def urlopen(self, request: urllib.request.Request, timeout: float) -> Answer:
        data = request.data  # no body: None (a GET sends none, not even ``null``)
        body = None if data is None else json.loads(data)  # type: ignore[arg-type]
        if data == b"null":
            body = "a body of null"
        self.requests.append((request.get_method(), request.full_url,
                              dict(request.header_items()), body, timeout))  # fmt: skip
        answer = self._answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        if answer.status >= 400:
            raise urllib.error.HTTPError(request.full_url, answer.status, "no", answer.headers,  # type: ignore[arg-type]
                                         io.BytesIO(answer.text))  # fmt: skip
        return answer


def headers(cookie: str | None = None) -> dict[str, str]:
    found = {"Content-type": "application/json", "Origin": ORIGIN}
    if cookie is not None:
        found["Cookie"] = f"pokerroom_session={cookie}"
    return found


@pytest.fixture
def room(monkeypatch: pytest.MonkeyPatch) -> Room:
    return Room(monkeypatch)


def link(table: str = "t1", sessions: SessionFile | None = None, invite: str | None = None,
         cookie: str | None = None) -> RoomLink:  # fmt: skip
    found = RoomLink(TableAddress(ORIGIN, table), sessions, invite)
    found.cookie = cookie
    return found


def test_a_new_link_knows_nothing_yet() -> None:
    fresh = RoomLink(TableAddress(ORIGIN, "t9"))
    assert (fresh.address, fresh.sessions, fresh.invite) == (TableAddress(ORIGIN, "t9"), None, None)
    assert (fresh.cookie, fresh.name, fresh.token, fresh.seat, fresh.queued) == (
        None,
        None,
        None,
        None,
        False,
    )
    assert fresh.closed is False
    assert fresh.title == f"table t9 at {ORIGIN}"
    assert fresh.sit_problem() == ("to sit down you need a name in the room: run "
                                   "`pokerroom play --join URL --name NAME`")  # fmt: skip
    fresh.seated_as("tok", 3)
    assert (fresh.token, fresh.seat) == ("tok", 3)
    fresh.seated_as(None, None)
    assert (fresh.token, fresh.seat) == (None, None)


def test_the_table_is_checked_in_the_rooms_list(room: Room) -> None:
    tables = {"tables": [{"id": "t0"}, {"id": "t1"}, "junk", {"id": 7}]}
    room.answers = [Answer(200, tables), Answer(200, {"tables": [{"id": 7}]})]
    link("t1", cookie="c").check_table()
    link("7").check_table()
    assert room.requests == [
        ("GET", f"{ORIGIN}/api/tables", headers("c"), None, 10.0),
        ("GET", f"{ORIGIN}/api/tables", headers(), None, 10.0),
    ]


@pytest.mark.parametrize(
    ("ids", "listed"),
    [
        ([], "none"),
        (["a"], "a"),
        ([f"t{k}" for k in range(10)], ", ".join(f"t{k}" for k in range(10))),
        ([f"t{k}" for k in range(11)], ", ".join(f"t{k}" for k in range(10)) + ", ..."),
    ],
)
def test_a_table_the_room_does_not_list_is_refused_with_its_tables(
    room: Room, ids: list[str], listed: str
) -> None:
    room.answers = [Answer(200, {"tables": [{"id": i} for i in ids]})] * 2
    name = "x" * 30
    with pytest.raises(RoomLinkError) as refused:
        link(name).check_table()
    assert str(refused.value) == (
        f"no table {'x' * 20!r} in the room at {ORIGIN} (its tables: {listed}); "
        "a private table needs --invite CODE"
    )
    link(name).check_table(invite="code")  # a private table: taken on trust


@pytest.mark.parametrize(
    "answer",
    [Answer(200, {"tables": {"a": 1}}), Answer(200, [1]), Answer(200, None),
     Answer(404, {"tables": []}), Answer(201, {"tables": []})],
)  # fmt: skip
def test_something_that_lists_no_tables_is_no_room(room: Room, answer: Answer) -> None:
    room.answers = [answer]
    with pytest.raises(RoomLinkError) as refused:
        link().check_table()
    assert str(refused.value) == (f"{ORIGIN} is not a pokerroom room "
                                  f"(GET /api/tables: HTTP {answer.status})")  # fmt: skip


@pytest.mark.parametrize(
    ("failure", "reason"),
    [
        (urllib.error.URLError("Connection refused"), "Connection refused"),
        (
            urllib.error.URLError(OSError(111, "Connection refused")),
            "[Errno 111] Connection refused",
        ),
        (TimeoutError("timed out"), "timed out"),
        (ConnectionResetError(104, "reset"), "[Errno 104] reset"),
    ],
)
def test_a_room_that_does_not_answer_is_named_with_the_reason(room: Room, failure: BaseException,
                                                              reason: str) -> None:  # fmt: skip
    room.answers = [failure]
    with pytest.raises(RoomLinkError) as refused:
        link().check_table()
    assert str(refused.value) == (
        f"the room at {ORIGIN} does not answer ({reason}): check the address, and that "
        "`pokerroom serve room` runs there"
    )
    assert refused.value.__suppress_context__


@pytest.mark.parametrize("status", [200, 500])
def test_an_answer_that_is_not_json_is_not_a_rooms(room: Room, status: int) -> None:
    room.answers = [Answer(status, raw=b"<html>")]
    with pytest.raises(RoomLinkError) as refused:
        link().check_table()
    assert str(refused.value) == (f"{ORIGIN} answered /api/tables with something that is not a "
                                  "pokerroom room's answer: is it a room's address?")  # fmt: skip


def test_a_kept_session_the_room_still_knows_is_resumed(room: Room, tmp_path: Path) -> None:
    sessions = SessionFile(tmp_path / "s.json")
    assert link(sessions=sessions).resume() is None  # none kept: nothing asked
    assert link().resume() is None  # no session file
    assert room.requests == []
    sessions.put(ORIGIN, "kept", "Ann")
    sessions.put("http://other:1", "other", "Bo")
    room.answers = [Answer(200, {"name": "Ann2"})]
    resumed = link(sessions=sessions)
    assert resumed.resume() == "Ann2"
    assert (resumed.cookie, resumed.name) == ("kept", "Ann2")
    assert room.requests == [("GET", f"{ORIGIN}/api/me", headers("kept"), None, 10.0)]


@pytest.mark.parametrize(
    "answer",
    [Answer(401, {"error": "who?"}), Answer(200, {"name": 3}), Answer(200, ["Ann"]),
     Answer(200, {}), Answer(201, {"name": "Ann"})],
)  # fmt: skip
def test_a_kept_session_the_room_forgot_is_dropped(room: Room, tmp_path: Path,
                                                   answer: Answer) -> None:  # fmt: skip
    sessions = SessionFile(tmp_path / "s.json")
    sessions.put(ORIGIN, "kept", "Ann")
    room.answers = [answer]
    forgot = link(sessions=sessions)
    assert forgot.resume() is None
    assert (forgot.cookie, forgot.name) == (None, None)


def test_entering_keeps_the_session_the_room_sets(room: Room, tmp_path: Path) -> None:
    sessions = SessionFile(tmp_path / "s.json")
    room.answers = [
        Answer(
            200,
            {"name": "Ann"},
            cookies=(
                "other=1; Path=/",
                "bad=1; $Foo=2",  # a header the cookie parser refuses: the next is read
                f"{COOKIE}=s3cr3t; HttpOnly; Path=/; SameSite=Strict",
            ),
        )
    ]
    entered = link(sessions=sessions)
    entered.enter("ann ", invite="inv")
    assert (entered.cookie, entered.name) == ("s3cr3t", "Ann")
    assert sessions.get(ORIGIN) == ("s3cr3t", "Ann")
    assert room.requests == [
        ("POST", f"{ORIGIN}/api/enter", headers(), {"name": "ann ", "invite": "inv"}, 10.0)
    ]


def test_entering_again_keeps_the_session_in_use_and_the_name_asked(room: Room) -> None:
    room.answers = [Answer(200, {}), Answer(200, {}, cookies=("other=1",))]
    again = link(cookie="old")
    again.enter("Bo")
    assert (again.cookie, again.name) == ("old", "Bo")
    again.enter("Cy")
    assert (again.cookie, again.name) == ("old", "Cy")
    assert [r[2] for r in room.requests] == [headers("old")] * 2
    assert [r[3] for r in room.requests] == [{"name": "Bo", "invite": None},
                                             {"name": "Cy", "invite": None}]  # fmt: skip


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        (Answer(409, {"error": "the name 'Ann' is taken: pick another"}),
         "the room refused the name 'Ann': the name 'Ann' is taken: pick another"),
        (Answer(400, {"detail": "x"}), "the room refused the name 'Ann': {'detail': 'x'}"),
        (Answer(403, ["no"]), "the room refused the name 'Ann': ['no']"),
        (Answer(201, {"name": "Ann"}, cookies=(f"{COOKIE}=x",)),
         "the room refused the name 'Ann': {'name': 'Ann'}"),
        (Answer(200, {"name": "Ann"}), "the room gave no session: is it a pokerroom room?"),
        (Answer(200, {"name": "Ann"}, cookies=("other=1", "a b c")),
         "the room gave no session: is it a pokerroom room?"),
    ],
)  # fmt: skip
def test_entering_refused_says_why(room: Room, tmp_path: Path, answer: Answer, why: str) -> None:
    sessions = SessionFile(tmp_path / "s.json")
    room.answers = [answer]
    refused = link(sessions=sessions)
    with pytest.raises(RoomLinkError) as failed:
        refused.enter("Ann")
    assert str(failed.value) == why
    assert (refused.cookie, refused.name, sessions.get(ORIGIN)) == (None, None, None)


def test_sitting_down_asks_for_any_seat_and_keeps_the_token(room: Room) -> None:
    room.answers = [Answer(200, {"token": "tok", "seat": 2, "queued": 1}),
                    Answer(200, {"token": 55, "seat": "0"})]  # fmt: skip
    sitter = link("t 1", cookie="c", invite="inv")
    assert sitter.sit() == 2
    assert (sitter.token, sitter.seat, sitter.queued) == ("tok", 2, True)
    assert sitter.sit(invite="mine", buy_in=150) == 0
    assert (sitter.token, sitter.seat, sitter.queued) == ("55", 0, False)
    assert room.requests == [
        (
            "POST",
            f"{ORIGIN}/api/tables/t%201/sit",
            headers("c"),
            {"seat": None, "invite": "inv"},
            10.0,
        ),
        (
            "POST",
            f"{ORIGIN}/api/tables/t%201/sit",
            headers("c"),
            {"seat": None, "invite": "mine", "buy_in": 150},
            10.0,
        ),
    ]
    room.answers = [Answer(200, {"token": "t", "seat": 1})]
    plain = link(cookie="c")
    plain.sit(buy_in=0)
    assert room.requests[-1][3] == {"seat": None, "invite": None, "buy_in": 0}


def test_sitting_down_without_a_session_is_refused_before_asking(room: Room) -> None:
    with pytest.raises(RoomLinkError) as refused:
        link().sit()
    assert str(refused.value) == ("to sit down you need a name in the room: run "
                                  "`pokerroom play --join URL --name NAME`")  # fmt: skip
    assert room.requests == []


@pytest.mark.parametrize(("waiting", "place"), [(3, 3), (None, None), ("3", None), (0, 0)])
def test_a_full_cash_table_puts_you_on_its_waiting_list(room: Room, waiting: object,
                                                        place: int | None) -> None:  # fmt: skip
    room.answers = [Answer(202, {"waiting": waiting})]
    sitter = link("t1", cookie="c")
    with pytest.raises(TableFullError) as full:
        sitter.sit()
    assert str(full.value) == (
        f"table 't1' is full: you are number {waiting} on its waiting list; watch it until a "
        f"seat is offered, or pick another table in the lobby ({ORIGIN}/)"
    )
    assert full.value.place == place
    assert sitter.token is None
    assert TableFullError("x").place is None


def test_a_202_that_is_no_object_is_a_refusal(room: Room) -> None:
    room.answers = [Answer(202, ["x"])]
    with pytest.raises(RoomLinkError) as refused:
        link(cookie="c").sit()
    assert type(refused.value) is RoomLinkError
    assert str(refused.value) == "no seat at table 't1': ['x']"


@pytest.mark.parametrize(
    ("info", "full"),
    [
        ({"id": "t1", "kind": "sng", "state": "running", "taken": 1, "seats": 6}, True),
        ({"id": "t1", "kind": "sng", "state": "waiting", "taken": 6, "seats": 6}, True),
        ({"id": "t1", "kind": "sng", "state": "waiting", "taken": 5, "seats": 6}, False),
        ({"id": "t1", "kind": "cash", "state": "running", "taken": 6, "seats": 6}, True),
        ({"id": "t1", "kind": "cash", "state": "running", "taken": 7, "seats": 6}, True),
        ({"id": "t1", "kind": "cash", "taken": 5, "seats": 6}, False),
        ({"id": "t1", "kind": "cash"}, True),
        ({"id": "t1", "kind": "cash", "seats": 2}, False),
        ({"id": "t1", "kind": "cash", "seats": 1}, False),  # none taken of one
        ({"id": "t1", "kind": "cash", "taken": 1}, True),
        ({"id": "t1", "state": "waiting"}, True),
    ],
)
def test_a_seat_refused_at_a_full_table_is_told_as_full(room: Room, info: dict[str, Any],
                                                        full: bool) -> None:  # fmt: skip
    room.answers = [Answer(409, {"error": "no seat free"}),
                    Answer(200, {"tables": [{"id": "t0"}, "x", info]})]  # fmt: skip
    with pytest.raises(RoomLinkError) as refused:
        link("t1", cookie="c").sit()
    assert str(refused.value) == "no seat at table 't1': no seat free"
    assert (type(refused.value) is TableFullError) is full
    assert room.requests[1][:2] == ("GET", f"{ORIGIN}/api/tables")


@pytest.mark.parametrize(
    "answers",
    [
        [Answer(409, {"error": "no seat free"}), Answer(200, {"tables": [{"id": "t2"}]})],
        [Answer(409, {"error": "no seat free"}), Answer(500, {"tables": [{"id": "t1"}]})],
        [Answer(409, {"error": "no seat free"}), Answer(200, {"tables": "t1"})],
        [Answer(409, {"error": "no seat free"}), urllib.error.URLError("down")],
    ],
)
def test_a_409_from_a_table_the_room_no_longer_lists_is_a_plain_refusal(
    room: Room, answers: list[Any]
) -> None:
    room.answers = answers
    with pytest.raises(RoomLinkError) as refused:
        link("t1", cookie="c").sit()
    assert type(refused.value) is RoomLinkError
    assert str(refused.value) == "no seat at table 't1': no seat free"


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        (Answer(400, {"error": "'buy_in' is '999': chips from 100 to 400"}),
         "no seat at table 't1': 'buy_in' is '999': chips from 100 to 400"),
        (Answer(200, {"seat": 1}), "no seat at table 't1': {'seat': 1}"),
        (Answer(200, ["token"]), "no seat at table 't1': ['token']"),
        (Answer(409, "taken"), "no seat at table 't1': taken"),
    ],
)  # fmt: skip
def test_a_seat_refused_otherwise_says_why(room: Room, answer: Answer, why: str) -> None:
    room.answers = [
        answer,
        Answer(200, {"tables": [{"id": "t1", "kind": "cash", "taken": 1, "seats": 6}]}),
    ]
    with pytest.raises(RoomLinkError) as refused:
        link("t1", cookie="c").sit()
    assert type(refused.value) is RoomLinkError
    assert str(refused.value) == why


def test_the_tables_info_is_the_lobbys_entry(room: Room) -> None:
    entry = {"id": "t 1", "kind": "cash", "seats": 6, "min_buy_in": 100}
    room.answers = [Answer(200, {"tables": [{"id": "t0"}, entry]}), Answer(200, {"tables": []}),
                    Answer(500, {"tables": [entry]}), Answer(200, ["t 1"])]  # fmt: skip
    assert link("t 1").table_info() == entry
    for _ in range(3):
        with pytest.raises(RoomLinkError) as gone:
            link("t 1").table_info()
        assert str(gone.value) == "the room no longer lists table 't 1'"


@pytest.mark.parametrize(
    ("answer", "refund"),
    [(Answer(200, {"refund": 180}), 180), (Answer(200, {"refund": None}), None),
     (Answer(200, {}), None), (Answer(200, {"refund": "180"}), None), (Answer(200, [1]), None),
     (Answer(200, {"refund": 0}), 0)],
)  # fmt: skip
def test_standing_up_gives_the_chips_back(room: Room, answer: Answer, refund: int | None) -> None:
    room.answers = [answer]
    assert link("t/1", cookie="c").stand_up() == refund
    assert room.requests == [("POST", f"{ORIGIN}/api/tables/t/1/leave", headers("c"), {}, 10.0)]


@pytest.mark.parametrize(
    ("answer", "why"),
    [(Answer(409, {"error": "not seated"}), "cannot stand up: not seated"),
     (Answer(500, ["boom"]), "cannot stand up: ['boom']"),
     (Answer(201, {"refund": 1}), "cannot stand up: {'refund': 1}")],
)  # fmt: skip
def test_standing_up_refused_says_why(room: Room, answer: Answer, why: str) -> None:
    room.answers = [answer]
    with pytest.raises(RoomLinkError) as refused:
        link(cookie="c").stand_up()
    assert str(refused.value) == why


def test_a_change_at_a_cash_table_is_done_now_or_at_the_hands_end(room: Room) -> None:
    room.answers = [Answer(200, {"done": True}), Answer(200, {"done": False}), Answer(200, {}),
                    Answer(200, ["x"]), Answer(200, {"done": 1})]  # fmt: skip
    sitter = link("t1", cookie="c")
    assert sitter.change("top_up", 50) is True
    assert sitter.change("sit_out") is False
    assert sitter.change("sit_in", 0) is False
    assert sitter.change("sit_in") is False
    assert sitter.change("sit_in") is True
    assert [(r[0], r[1], r[3]) for r in room.requests] == [
        ("POST", f"{ORIGIN}/api/tables/t1/top_up", {"chips": 50}),
        ("POST", f"{ORIGIN}/api/tables/t1/sit_out", {}),
        ("POST", f"{ORIGIN}/api/tables/t1/sit_in", {"chips": 0}),
        ("POST", f"{ORIGIN}/api/tables/t1/sit_in", {}),
        ("POST", f"{ORIGIN}/api/tables/t1/sit_in", {}),
    ]


@pytest.mark.parametrize(
    ("what", "answer", "why"),
    [("top_up", Answer(400, {"error": "at most 400 chips"}), "top up: at most 400 chips"),
     ("sit_out", Answer(409, "no"), "sit out: no"),
     ("sit_in", Answer(204), "sit in: {}")],
)  # fmt: skip
def test_a_change_refused_says_which_and_why(room: Room, what: str, answer: Answer,
                                             why: str) -> None:  # fmt: skip
    room.answers = [answer]
    with pytest.raises(RoomLinkError) as refused:
        link(cookie="c").change(what, 10)
    assert str(refused.value) == why


# ------------------------------------------------------------------ the WebSocket


HELLO = json.dumps({"type": "hello", "protocol": PROTOCOL, "version": VERSION})


class Socket:
    """One WebSocket connection, scripted: the greeting, then the frames (a callable is
    called when reached), then ``end`` raised (``None``: closed normally)."""

    def __init__(self, frames: list[Any], hello: str = HELLO, end: BaseException | None = None,
                 send_fails: bool = False) -> None:  # fmt: skip
        self.hello = hello
        self.frames = frames
        self.end = end
        self.send_fails = send_fails
        self.sent: list[str] = []
        self.closed = False
        self.exits = 0

    async def recv(self) -> str:
        return self.hello

    async def send(self, text: str) -> None:
        if self.send_fails:
            raise ConnectionClosed(None, None)
        self.sent.append(text)

    async def close(self) -> None:
        self.closed = True

    def __aiter__(self) -> AsyncIterator[str]:
        return self._frames()

    async def _frames(self) -> AsyncIterator[str]:
        for frame in self.frames:
            if self.closed:
                return
            yield frame
        if not self.closed and self.end is not None:
            raise self.end


class Connect:
    """``websockets``' ``connect``, recorded: each attempt's address and options, the
    sockets (or the exception of a failed attempt) handed out in order."""

    def __init__(
        self, monkeypatch: pytest.MonkeyPatch, script: list[Socket | BaseException]
    ) -> None:
        self.script = script
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.sleeps: list[float] = []
        self.waits: list[float | None] = []
        monkeypatch.setattr(websockets.asyncio.client, "connect", self)
        real_wait_for = asyncio.wait_for

        async def sleep(delay: float) -> None:
            self.sleeps.append(delay)

        async def wait_for(awaitable: Any, timeout: float | None) -> Any:
            self.waits.append(timeout)
            return await real_wait_for(awaitable, None)

        monkeypatch.setattr(roomlink.asyncio, "sleep", sleep)
        monkeypatch.setattr(roomlink.asyncio, "wait_for", wait_for)

    def __call__(self, uri: str, **options: Any) -> Connect:
        self.calls.append((uri, options))
        return self

    async def __aenter__(self) -> Socket:
        step = self.script.pop(0)
        if isinstance(step, BaseException):
            raise step
        self.current = step
        return step

    async def __aexit__(self, *exc: object) -> None:
        self.current.exits += 1


def closed(code: int | None, reason: str = "") -> ConnectionClosed:
    return ConnectionClosed(None if code is None else Close(code, reason), None)


def refused(status: int) -> InvalidStatus:
    return InvalidStatus(Response(status, "no", Headers()))


def collect(link: RoomLink, then: Callable[[RoomLink, dict[str, Any]], Any] | None = None,
            most: int = 50) -> list[dict[str, Any]]:  # fmt: skip
    """Every message ``link`` yields (``then`` called after each, awaited when async)."""

    async def run() -> list[dict[str, Any]]:
        got: list[dict[str, Any]] = []
        async for message in link.messages():
            got.append(message)
            assert len(got) <= most, got
            if then is not None:
                done = then(link, message)
                if asyncio.iscoroutine(done):
                    await done
        return got

    return asyncio.run(run())


def up(message: str) -> dict[str, Any]:
    return {"type": "link", "up": True, "fatal": False, "message": message}


def down(message: str, fatal: bool = False) -> dict[str, Any]:
    return {"type": "link", "up": False, "fatal": fatal, "message": message}


@pytest.fixture
def script(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Connect]]:
    yield lambda *steps: Connect(monkeypatch, list(steps))


def test_a_seat_joins_with_its_token_and_hears_the_match_to_its_end(
    script: Callable[..., Connect],
) -> None:
    ws = Socket(['{"type":"welcome","seat":1}', "[1,2]", '"text"', '{"type":"act","seq":3}',
                 '{"type":"match_end"}', '{"type":"never"}'])  # fmt: skip
    connect = script(ws)
    seat = link("t 1", cookie="sec")
    seat.seated_as("tok", 1)
    assert collect(seat) == [{"type": "welcome", "seat": 1}, {"type": "act", "seq": 3},
                             {"type": "match_end"}]  # fmt: skip
    assert ws.sent == ['{"type": "join", "token": "tok"}']
    assert connect.calls == [
        (
            "ws://10.0.0.5:8080/ws/table/t%201",
            {
                "origin": ORIGIN,
                "additional_headers": {"cookie": "pokerroom_session=sec"},
                "max_size": 1 << 20,
                "open_timeout": 10.0,
            },
        )
    ]
    assert connect.waits == [10.0]
    assert connect.sleeps == []
    assert ws.exits == 1


def test_a_spectator_watches_until_the_dealer_says_goodbye(script: Callable[..., Connect]) -> None:
    ws = Socket(['{"type":"welcome","seat":null}', '{"type":"bye"}', '{"type":"x"}'])
    connect = script(ws)
    assert collect(link()) == [{"type": "welcome", "seat": None}, {"type": "bye"}]
    assert ws.sent == ['{"type": "watch"}']
    assert connect.calls[0][1]["additional_headers"] == {}


def test_a_dropped_connection_is_tried_again_waiting_longer_each_time(
    script: Callable[..., Connect],
) -> None:
    connect = script(
        Socket(['{"type":"a"}'], end=closed(1006)),
        OSError("Connect call failed"),
        refused(503),
        TimeoutError(),
        Socket([], hello="not json"),
        Socket(["{broken"]),
        Socket([], end=closed(None)),
        Socket([]),
        Socket(['{"type":"b"}'], end=closed(1001, "going away")),
        Socket(['{"type":"c"}', '{"type":"bye"}']),
    )
    seat = link(cookie="c")
    seat.seated_as("tok", 0)
    got = collect(seat)
    assert got == [
        {"type": "a"},
        down("the connection failed (closed, code 1006): reconnecting..."),
        down("the connection failed (Connect call failed): reconnecting..."),
        down("the connection failed (refused with HTTP 503): reconnecting..."),
        down("the connection failed (TimeoutError): reconnecting..."),
        down("the connection failed (Expecting value: line 1 column 1 (char 0)): reconnecting..."),
        up("reconnected"),
        down(
            "the connection failed (Expecting property name enclosed in double quotes: line 1 "
            "column 2 (char 1)): reconnecting..."
        ),
        up("reconnected"),
        down("the connection failed (closed, code None): reconnecting..."),
        up("reconnected"),
        down("the connection closed: reconnecting..."),
        up("reconnected"),
        {"type": "b"},
        down("the connection failed (closed, code 1001): reconnecting..."),
        up("reconnected"),
        {"type": "c"},
        {"type": "bye"},
    ]
    assert connect.sleeps == [0.5, 1.0, 2.0, 4.0, 5.0, 0.5, 0.5, 0.5, 0.5]
    assert all(c == connect.calls[0] for c in connect.calls)


def test_the_waits_between_attempts_double_up_to_five_seconds(
    script: Callable[..., Connect],
) -> None:
    connect = script(*[OSError("down")] * 7, Socket(['{"type":"match_end"}']))
    got = collect(link())
    assert got[:7] == [down("the connection failed (down): reconnecting...")] * 7
    assert got[7:] == [up("reconnected"), {"type": "match_end"}]
    assert connect.sleeps == [0.5, 1.0, 2.0, 4.0, 5.0, 5.0, 5.0]


@pytest.mark.parametrize(
    ("hello", "end", "why"),
    [
        (HELLO, (1008, "the table is closed"),
         "the room closed the table's connection: the table is closed"),
        ('{"type":"welcome","protocol":"pokerroom-jsonlines","version":"1.1"}', None,
         "http://10.0.0.5:8080 does not speak pokerroom's protocol"),
        ('{"type":"hello","protocol":"other","version":"1.1"}', None,
         "http://10.0.0.5:8080 does not speak pokerroom's protocol"),
        ('{"type":"hello","version":"1.1"}', None,
         "http://10.0.0.5:8080 does not speak pokerroom's protocol"),
        ('["hello"]', None, "http://10.0.0.5:8080 does not speak pokerroom's protocol"),
        ('{"type":"hello","protocol":"pokerroom-jsonlines","version":"2.1"}', None,
         "the room speaks version 2.1 of the protocol, this client 1.1: update one of them"),
        ('{"type":"hello","protocol":"pokerroom-jsonlines","version":"11.1"}', None,
         "the room speaks version 11.1 of the protocol, this client 1.1: update one of them"),
        ('{"type":"hello","protocol":"pokerroom-jsonlines"}', None,
         "the room speaks version None of the protocol, this client 1.1: update one of them"),
    ],
)  # fmt: skip
def test_a_connection_refused_for_good_ends_the_link_saying_why(
    script: Callable[..., Connect], hello: str, end: tuple[int, str] | None, why: str
) -> None:
    socket = Socket([], hello=hello, end=None if end is None else closed(*end))
    connect = script(socket)
    assert collect(link()) == [down(why, fatal=True)]
    assert connect.sleeps == []
    assert socket.sent == ([] if socket.end is None else ['{"type": "watch"}'])


def test_a_room_of_the_same_major_version_is_spoken_to(script: Callable[..., Connect]) -> None:
    ws = Socket(
        ['{"type":"bye"}'],
        hello='{"type":"hello","protocol":"pokerroom-jsonlines","version":"1.9.3"}',
    )
    script(ws)
    assert collect(link()) == [{"type": "bye"}]
    assert ws.sent == ['{"type": "watch"}']


def test_a_1008_without_a_frame_received_is_a_plain_drop(script: Callable[..., Connect]) -> None:
    sent_only = ConnectionClosed(None, Close(1008, "mine"))
    connect = script(Socket([], end=sent_only), Socket(['{"type":"bye"}']))
    assert collect(link()) == [down("the connection failed (closed, code None): reconnecting..."),
                               up("reconnected"), {"type": "bye"}]  # fmt: skip
    assert connect.sleeps == [0.5]


def test_messages_are_sent_compact_while_connected_and_refused_otherwise(
    script: Callable[..., Connect],
) -> None:
    ws = Socket(['{"type":"act"}', '{"type":"bye"}'])
    script(ws)
    seat = link()
    results: list[bool] = []

    async def answer(link: RoomLink, message: dict[str, Any]) -> None:
        if message["type"] == "act":
            results.append(await link.send({"type": "action", "seq": 1, "kind": "call"}))

    assert asyncio.run(seat.send({"type": "x"})) is False  # not connected
    collect(seat, answer)
    assert results == [True]
    assert ws.sent[1:] == ['{"type":"action","seq":1,"kind":"call"}']
    assert asyncio.run(seat.send({"type": "x"})) is False  # gone again


def test_a_send_that_fails_is_reported_not_raised(script: Callable[..., Connect]) -> None:
    ws = Socket(['{"type":"act"}', '{"type":"bye"}'])
    script(ws)
    results: list[bool] = []

    async def answer(link: RoomLink, message: dict[str, Any]) -> None:
        if message["type"] == "act":
            ws.send_fails = True
            results.append(await link.send({"type": "action"}))

    collect(link(), answer)
    assert results == [False]


def test_a_rejoin_connects_again_at_once_without_a_word(script: Callable[..., Connect]) -> None:
    first = Socket(['{"type":"welcome","seat":null}', '{"type":"ignored"}'], end=closed(1000))
    second = Socket(['{"type":"welcome","seat":2}', '{"type":"bye"}'])
    connect = script(first, second)
    watcher = link(cookie="c")

    async def sat_down(link: RoomLink, message: dict[str, Any]) -> None:
        if message == {"type": "welcome", "seat": None}:
            link.seated_as("tok", 2)
            await link.rejoin()

    got = collect(watcher, sat_down)
    assert got == [{"type": "welcome", "seat": None}, {"type": "welcome", "seat": 2},
                   {"type": "bye"}]  # fmt: skip
    assert (first.closed, first.sent) == (True, ['{"type": "watch"}'])
    assert second.sent == ['{"type": "join", "token": "tok"}']
    assert connect.sleeps == [] and len(connect.calls) == 2
    asyncio.run(watcher.rejoin())  # not connected: nothing to do
    assert watcher._rejoin is False


def test_a_rejoin_then_a_drop_reconnects_with_a_word(script: Callable[..., Connect]) -> None:
    first = Socket(['{"type":"welcome"}', '{"type":"x"}'])
    second = Socket(['{"type":"a"}'], end=closed(1006))
    third = Socket(['{"type":"bye"}'])
    connect = script(first, second, third)

    async def rejoin(link: RoomLink, message: dict[str, Any]) -> None:
        if message["type"] == "welcome":
            await link.rejoin()

    got = collect(link(), rejoin)
    assert got == [{"type": "welcome"}, {"type": "a"},
                   down("the connection failed (closed, code 1006): reconnecting..."),
                   up("reconnected"), {"type": "bye"}]  # fmt: skip
    assert connect.sleeps == [0.5]


def test_closing_says_goodbye_and_ends_the_messages(script: Callable[..., Connect]) -> None:
    ws = Socket(['{"type":"welcome"}', '{"type":"act"}', '{"type":"never"}'], end=closed(1006))
    connect = script(ws)
    viewer = link()

    async def leave(link: RoomLink, message: dict[str, Any]) -> None:
        if message["type"] == "act":
            await link.close()

    assert collect(viewer, leave) == [{"type": "welcome"}, {"type": "act"}]
    assert viewer.closed is True
    assert ws.sent == ['{"type": "watch"}', '{"type": "bye"}'] and ws.closed
    assert connect.sleeps == []
    assert collect(viewer) == []  # closed: no connection tried again
    assert len(connect.calls) == 1
    asyncio.run(viewer.close())  # not connected: nothing to say


def test_closing_while_the_goodbye_cannot_be_sent_still_closes(
    script: Callable[..., Connect],
) -> None:
    ws = Socket(['{"type":"welcome"}', '{"type":"never"}'])
    script(ws)

    async def leave(link: RoomLink, message: dict[str, Any]) -> None:
        ws.send_fails = True
        await link.close()

    assert collect(link(), leave) == [{"type": "welcome"}]
    assert ws.closed and ws.sent == ['{"type": "watch"}']


def test_closing_during_a_failed_attempt_stops_trying(script: Callable[..., Connect]) -> None:
    connect = script(OSError("down"), OSError("down"))
    viewer = link()

    def stop(link: RoomLink, message: dict[str, Any]) -> None:
        link._closed = True

    assert collect(viewer, stop) == [down("the connection failed (down): reconnecting...")]
    assert connect.sleeps == [0.5] and len(connect.calls) == 1


def test_a_close_while_connecting_ends_without_a_word(script: Callable[..., Connect]) -> None:
    ws = Socket(['{"type":"welcome"}'], end=closed(1006))
    connect = script(ws)
    viewer = link()
    original = ws._frames

    async def frames() -> AsyncIterator[str]:
        try:
            async for frame in original():
                yield frame
        finally:
            viewer._closed = True  # closed by the user while the connection failed

    ws._frames = frames  # type: ignore[method-assign]
    assert collect(viewer) == [{"type": "welcome"}]
    assert connect.sleeps == []


def test_a_session_file_is_created_at_mode_0600_not_made_so_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(roomlink.os, "chmod", lambda *args: None)
    path = tmp_path / "s.json"
    SessionFile(path).put("http://a:1", "secret", "Ann")  # never readable by others, even briefly
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_the_major_version_alone_is_compared(
    script: Callable[..., Connect], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(roomlink, "VERSION", "3.7")
    spoken = Socket(['{"type":"bye"}'], hello=json.dumps(
        {"type": "hello", "protocol": PROTOCOL, "version": "3.0"}))  # fmt: skip
    other = Socket([], hello=json.dumps({"type": "hello", "protocol": PROTOCOL, "version": "7.3"}))
    script(spoken, other)
    assert collect(link()) == [{"type": "bye"}]
    assert collect(link()) == [
        down(
            "the room speaks version 7.3 of the protocol, this client 3.7: update one of them", True
        )
    ]


def test_a_rejoin_before_any_connection_changes_nothing(script: Callable[..., Connect]) -> None:
    connect = script(Socket(['{"type":"a"}']), Socket(['{"type":"bye"}']))
    early = link()
    asyncio.run(early.rejoin())  # nothing to connect again
    assert collect(early) == [{"type": "a"}, down("the connection closed: reconnecting..."),
                              up("reconnected"), {"type": "bye"}]  # fmt: skip
    assert connect.sleeps == [0.5]


class Stubborn(Socket):
    """A connection whose closing fails."""

    async def close(self) -> None:
        self.closed = True
        raise ConnectionClosed(None, None)


def test_a_rejoin_or_close_whose_closing_fails_goes_on(script: Callable[..., Connect]) -> None:
    first = Stubborn(['{"type":"welcome"}', '{"type":"never"}'])
    second = Stubborn(['{"type":"welcome"}', '{"type":"never"}'])
    connect = script(first, second)
    seen: list[str] = []

    async def act(link: RoomLink, message: dict[str, Any]) -> None:
        seen.append(message["type"])
        await (link.rejoin() if len(seen) == 1 else link.close())

    assert collect(link(), act) == [{"type": "welcome"}, {"type": "welcome"}]
    assert first.closed and second.closed
    assert second.sent == ['{"type": "watch"}', '{"type": "bye"}']
    assert connect.sleeps == []
