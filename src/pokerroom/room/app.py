"""The room's web application (Starlette): the pages, their static files, the JSON API
and the two WebSocket endpoints (``/ws/lobby`` and ``/ws/table/{id}``).

A WebSocket speaks the JSON protocol of ``protocols.md`` §3, one message per text
frame, with the guards of the JSON-lines server: the Origin must be this server's (else
closed with 1008; a client that sends no Origin, not a browser, is let in), frames over
the protocol's line limit are refused, the message rate is capped by the protocol core,
connections are capped per address and in all, a connection that neither joins nor
watches in time is closed, and one that lets more than ``max_backlog`` bytes pile up
unread is dropped (its seat stays: its token takes it back).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokerroom.room.people import Person
from pokerroom.room.room import EXPORTS, Room, RoomError
from pokerroom.room.seen import SeenStats
from pokerroom.room.tables import RoomTable

__all__ = ["COOKIE", "STATIC", "RoomLimits", "make_app"]

log = logging.getLogger("pokerroom.room")

COOKIE = "pokerroom_session"
STATIC = Path(__file__).parent / "static"
MAX_BODY = 16 * 1024
HEADERS = [
    (b"content-security-policy", b"default-src 'self'; frame-ancestors 'none'; base-uri 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


class RoomLimits:
    """The caps on connections (see the module doc)."""

    def __init__(
        self,
        *,
        max_connections: int = 2000,
        max_per_address: int = 64,
        join_timeout: float = 60.0,
        max_backlog: int = 256 * 1024,
    ) -> None:
        self.max_connections = max_connections
        self.max_per_address = max_per_address
        self.join_timeout = join_timeout
        self.max_backlog = max_backlog


class _Headers:
    """Security headers on every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, sending)


class WSLink:
    """A WebSocket as a table's or the lobby's :class:`~pokerroom.room.tables.Link`:
    frames queued and written in order by :meth:`writer`; over ``max_backlog`` bytes
    waiting, the connection is dropped.  ``send`` is the ASGI send the frames go out by
    (a table's: the server's own, under none of Starlette's checks, since a table
    sends hundreds of frames a hand; default ``ws.send``)."""

    def __init__(self, ws: WebSocket, peer: str, name: str | None, max_backlog: int,
                 send: Send | None = None) -> None:  # fmt: skip
        self.ws = ws
        self.send = send or ws.send
        self.peer = peer
        self.name = name
        self.max_backlog = max_backlog
        self.queue: deque[str] = deque()
        self.backlog = 0
        self.closing: tuple[int, str] | None = None
        self.dropped = False
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def push(self, frame: str) -> None:
        if self.closing is not None:
            return
        self.queue.append(frame)
        self.backlog += len(frame)
        if self.backlog > self.max_backlog:
            self.dropped = True
            self.queue.clear()
            self.closing = (1008, "too slow: over the backlog of messages not read")
            log.warning("%s: dropped: over %d bytes sent and not read", self.peer,
                        self.max_backlog)  # fmt: skip
            if self.task is not None:
                self.task.cancel()
        self.wake.set()

    def close(self, code: int, reason: str) -> None:
        if self.closing is None:
            self.closing = (code, reason)
        self.wake.set()

    async def writer(self) -> None:
        send = self.send
        while True:
            await self.wake.wait()
            self.wake.clear()
            queue = self.queue
            while queue:
                frame = queue.popleft()
                await send({"type": "websocket.send", "text": frame})
                self.backlog -= len(frame)
            if self.closing is not None:
                with contextlib.suppress(Exception):
                    await self.ws.close(self.closing[0], self.closing[1][:120])
                return


def _peer(ws: WebSocket | Request) -> str:
    client = ws.client
    return f"{client.host}:{client.port}" if client is not None else "unknown"


def make_app(room: Room, limits: RoomLimits | None = None, *, static: Path = STATIC) -> Starlette:
    """The room's application (it loads the room when it starts)."""
    caps = limits or RoomLimits()
    counts: dict[str, int] = {}
    seen = _seen(room)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        room.load()
        warm = asyncio.ensure_future(seen.catch_up())  # the stored hands, read once
        yield
        warm.cancel()
        room.shutdown()

    def who(request: Request | WebSocket) -> Person | None:
        return room.person(request.cookies.get(COOKIE))

    def need(request: Request) -> Person:
        person = who(request)
        if person is None:
            raise RoomError(401, "enter the room first: POST /api/enter with a name")
        return person

    async def page(request: Request) -> Response:
        name = "table.html" if "table_id" in request.path_params else "lobby.html"
        return FileResponse(static / name, headers={"cache-control": "no-store"})

    async def enter(request: Request) -> Response:
        body = await _body(request)
        person, secret = room.enter(body.get("name"), body.get("invite"),
                                    request.cookies.get(COOKIE))  # fmt: skip
        response = JSONResponse({"name": person.name, "balance": person.balance})
        if secret is not None:
            response.set_cookie(COOKIE, secret, httponly=True, samesite="strict", path="/",
                                secure=request.url.scheme == "https",
                                max_age=365 * 24 * 3600)  # fmt: skip
        return response

    async def me(request: Request) -> Response:
        return JSONResponse(room.me(need(request)))

    async def tables(request: Request) -> Response:
        if request.method == "POST":
            table = room.create(need(request), await _body(request))
            return JSONResponse({"id": table.id, "invite": table.invite}, status_code=201)
        return JSONResponse({"tables": room.visible(who(request))})

    async def sit(request: Request) -> Response:
        body = await _body(request)
        sat = room.sit(need(request), request.path_params["table_id"], body.get("seat"),
                       body.get("invite"), body.get("buy_in"))  # fmt: skip
        return JSONResponse(sat, status_code=200 if sat["seat"] is not None else 202,
                            headers={"cache-control": "no-store"})  # fmt: skip

    async def leave(request: Request) -> Response:
        back = room.leave(need(request), request.path_params["table_id"])
        queued = {"queued": True} if back is None else {}
        return JSONResponse({"refund": back, **queued})

    async def change(request: Request) -> Response:
        body = await _body(request)
        what = request.path_params["what"]
        done = room.change(need(request), request.path_params["table_id"], what,
                           body.get("chips"))  # fmt: skip
        return JSONResponse({"done": done, "queued": not done})

    async def export(request: Request) -> Response:
        table = room.table(request.path_params["table_id"], who(request))
        return _exported(room, table, request.path_params.get("fmt", "phh"))

    async def stats(request: Request) -> Response:
        return JSONResponse(await _stats(room, seen, need(request), request),
                            headers={"cache-control": "no-store"})  # fmt: skip

    async def operator(request: Request) -> Response:
        auth = request.headers.get("authorization", "")
        token = auth[7:] if auth.lower().startswith("bearer ") else None
        if not room.is_operator(token):
            raise RoomError(401, "the operator's token is needed: Authorization: Bearer <token>")
        body = await _body(request)
        action = request.path_params["action"]
        return JSONResponse(_operate(room, action, body))

    routes = [
        Route("/", page),
        Route("/table/{table_id}", page),
        Route("/api/enter", _guard(enter), methods=["POST"]),
        Route("/api/me", _guard(me)),
        Route("/api/tables", _guard(tables), methods=["GET", "POST"]),
        Route("/api/tables/{table_id}/sit", _guard(sit), methods=["POST"]),
        Route("/api/tables/{table_id}/leave", _guard(leave), methods=["POST"]),
        Route("/api/tables/{table_id}/stats", _guard(stats)),
        Route("/api/tables/{table_id}/{what:str}", _guard(change), methods=["POST"]),
        Route("/api/tables/{table_id}/hands.phh", _guard(export)),  # a PHH set (.phhs)
        Route("/api/tables/{table_id}/hands/{fmt}", _guard(export)),
        Route("/api/operator/{action}", _guard(operator), methods=["POST"]),
        WebSocketRoute("/ws/lobby", lambda ws: _lobby(room, caps, counts, ws)),
        WebSocketRoute("/ws/table/{table_id}", _TableSocket(room, caps, counts)),
        Mount("/static", StaticFiles(directory=static), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(_Headers)
    app.state.room = room
    app.state.seen = seen
    return app


def _seen(room: Room) -> SeenStats:
    """The statistics each person has seen of each opponent, over the room's hands."""

    def bots(table_id: str) -> frozenset[str]:
        table = room.tables.get(table_id)
        if table is None:
            return frozenset()
        return frozenset(s.name for s in table.seats if s.bot is not None and s.name)

    return SeenStats(room.store, bots)


async def _stats(room: Room, seen: SeenStats, person: Person, request: Request) -> dict[str, Any]:
    """``GET /api/tables/{id}/stats``: the numbers of each opponent seated at the table,
    over the hands ``person`` was dealt into (:mod:`pokerroom.room.seen`)."""
    table = room.table(request.path_params["table_id"], person)
    await seen.catch_up()
    return seen.answer(person.name, table.id, table.players())


def _guard(handler: Callable[[Request], Awaitable[Response]]
           ) -> Callable[[Request], Awaitable[Response]]:  # fmt: skip
    """A refusal as ``{"error": ...}`` with its status."""

    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except RoomError as exc:
            return JSONResponse({"error": exc.message}, status_code=exc.status)

    return guarded


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object (at most :data:`MAX_BODY` bytes)."""
    if request.method != "POST":
        return {}
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise RoomError(413, f"a request's body is at most {MAX_BODY} bytes")
    if not data:
        return {}
    try:
        body = json.loads(data)
    except (ValueError, RecursionError):
        raise RoomError(400, "the body is not JSON (send a JSON object)") from None
    if not isinstance(body, dict):
        raise RoomError(400, "the body is a JSON object")
    return body


def _exported(room: Room, table: RoomTable, fmt: str) -> Response:
    """The table's hands as a download in ``fmt``; refused (422) when the format can hold
    none of them, the reasons named; the count of hands left out in a header."""
    out = room.hands_in(table, fmt)
    if out.written == 0 and out.refused:
        reasons = "; ".join(f"{label}: {why}" for label, why in out.refused[:3])
        raise RoomError(422, f"no hand of this table can be written as {fmt}: {reasons}")
    return PlainTextResponse(out.text, media_type="text/plain", headers={
        "content-disposition": f'attachment; filename="{table.id}{EXPORTS[fmt]}"',
        "x-hands-refused": str(len(out.refused))})  # fmt: skip


def _operate(room: Room, action: str, body: dict[str, Any]) -> dict[str, Any]:
    name = body.get("name")
    if action == "close":
        table = body.get("table")
        if not isinstance(table, str):
            raise RoomError(400, "close: 'table' is the table's id")
        return {"refunds": room.close_table(table)}
    if action in ("remove", "mute", "unmute", "grant") and not isinstance(name, str):
        raise RoomError(400, f"{action}: 'name' is a person's name")
    if action == "remove":
        room.remove(str(name))
        return {"removed": name}
    if action in ("mute", "unmute"):
        room.mute(str(name), action == "mute")
        return {action + "d": name}
    if action == "grant":
        amount = body.get("amount")
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= 10**9:
            raise RoomError(400, "grant: 'amount' is a whole number of chips, 1 to 1000000000")
        return {"balance": room.grant(str(name), amount)}
    if action == "invite":
        code = body.get("invite")
        if code is not None and (not isinstance(code, str) or not 0 < len(code) <= 64):
            raise RoomError(400, "invite: 'invite' is a code of 1 to 64 characters, or null")
        room.set_invite(code)
        return {"invite": code is not None}
    if action == "watching":
        on = body.get("on")
        if not isinstance(on, bool):
            raise RoomError(400, "watching: 'on' is true (spectators welcome) or false")
        room.set_watching(on)
        return {"watching": on}
    if action == "chips":
        return {"total": room.chip_total(), "granted": room.granted}
    raise RoomError(404, f"no operator action {action[:20]!r} (close, remove, mute, unmute, "
                  "grant, invite, watching, chips)")  # fmt: skip


def _origin_ok(ws: WebSocket) -> bool:
    """Whether the Origin (if any) is this server's own host and port."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser: nothing of a person's is at stake
    host = ws.headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")


async def _accepted(caps: RoomLimits, counts: dict[str, int], ws: WebSocket) -> str | None:
    """Accept ``ws`` (its peer), or refuse it (None): a foreign origin (1008), over a
    cap (1013)."""
    await ws.accept()
    peer = _peer(ws)
    if not _origin_ok(ws):
        log.warning("%s: refused: the origin %.80r is not this server's", peer,
                    ws.headers.get("origin"))  # fmt: skip
        await ws.close(1008, "cross-origin WebSocket refused")
        return None
    address = ws.client.host if ws.client is not None else "?"
    if sum(counts.values()) >= caps.max_connections or \
            counts.get(address, 0) >= caps.max_per_address:  # fmt: skip
        log.warning("%s: refused: too many connections", peer)
        await ws.close(1013, "too many connections: try again later")
        return None
    counts[address] = counts.get(address, 0) + 1
    return address


def _release(counts: dict[str, int], address: str) -> None:
    counts[address] -= 1
    if not counts[address]:
        del counts[address]


async def _lobby(room: Room, caps: RoomLimits, counts: dict[str, int], ws: WebSocket) -> None:
    address = await _accepted(caps, counts, ws)
    if address is None:
        return
    person = room.person(ws.cookies.get(COOKIE))
    link = WSLink(ws, _peer(ws), person.name if person is not None else None, caps.max_backlog)
    room.lobby[link] = None
    link.task = writer = asyncio.ensure_future(link.writer())
    link.push(room.lobby_frame(link.name))
    for frame in room.offers_to(link.name):  # a seat offered already
        link.push(frame)
    try:
        reader = asyncio.ensure_future(_drain(ws))
        await asyncio.wait([reader, writer], return_when=asyncio.FIRST_COMPLETED)
        for task in (reader, writer):
            task.cancel()
    finally:
        room.lobby.pop(link, None)
        _release(counts, address)


async def _drain(ws: WebSocket) -> None:
    """Read (and drop) what a lobby client sends, until it closes; more than a few
    frames a second closes it."""
    loop = asyncio.get_running_loop()
    times: deque[float] = deque(maxlen=20)
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        times.append(loop.time())
        if len(times) == times.maxlen and times[-1] - times[0] < 1.0:
            await ws.close(1008, "the lobby takes no messages")
            return


class _TableSocket:
    """The ``/ws/table/{id}`` endpoint, as an ASGI app: Starlette's WebSocket opens and
    closes it, the frames in and out go by the server's own receive and send."""

    def __init__(self, room: Room, caps: RoomLimits, counts: dict[str, int]) -> None:
        self.room = room
        self.caps = caps
        self.counts = counts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        ws = WebSocket(scope, receive=receive, send=send)
        caps, counts, room = self.caps, self.counts, self.room
        address = await _accepted(caps, counts, ws)
        if address is None:
            return
        try:
            person = room.person(ws.cookies.get(COOKIE))
            table = room.tables.get(ws.path_params["table_id"])
            if table is None or not room.may_see(table, person):
                await ws.close(1008, "no such table here")
                return
            link = WSLink(ws, _peer(ws), person.name if person is not None else None,
                          caps.max_backlog, send)  # fmt: skip
            link.task = writer = asyncio.ensure_future(link.writer())
            conn = table.open(link)
            loop = asyncio.get_running_loop()
            idle = loop.call_later(caps.join_timeout, _idle, table, conn, caps.join_timeout)
            reader = asyncio.ensure_future(_read(table, conn, receive))
            try:
                await asyncio.wait([reader, writer], return_when=asyncio.FIRST_COMPLETED)
            finally:
                idle.cancel()
                for task in (reader, writer):
                    task.cancel()
                table.closed(conn)
            failure = _failure(reader)
            if failure is not None:  # the table failed on a frame: said here, and closed
                log.error("table %s: %s: a frame failed", table.id, link.peer,
                          exc_info=failure)  # fmt: skip
                with contextlib.suppress(Exception):
                    await ws.close(1011, "the table failed on your message")
        finally:
            _release(counts, address)


def _failure(task: asyncio.Future[None]) -> BaseException | None:
    """What a finished task raised (not its cancelling), else None."""
    if not task.done() or task.cancelled():
        return None
    return task.exception()


def _idle(table: Any, conn: Any, seconds: float) -> None:
    from pokerroom.jsonproto.messages import Role

    if conn.role is Role.NEW and conn in table.links:
        table.leave_link(conn, f"join a seat or watch within {seconds:g} s")


async def _read(table: Any, conn: Any, receive: Receive) -> None:
    """Pass each frame to the table until the client closes (or is closed)."""
    most = table.limits.max_line
    while True:  # (after the table closed it, what it sends is not read: the writer ends)
        try:
            message = await receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        data = text.encode("utf-8", "surrogatepass") if text is not None else message.get("bytes")
        if data is None:
            continue
        table.receive(conn, data if len(data) < most else None)
