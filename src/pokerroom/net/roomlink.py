"""A person's link to a table of a pokerroom room (``pokerroom serve room``), from outside
a browser: what ``pokerroom play --join URL`` plays through.

:func:`table_address` reads the table page's address a friend pastes
(``http://host:port/table/<id>``).  :class:`RoomLink` speaks the room's HTTP API (enter
with a name, sit down: the seat's token) and its table WebSocket, which carries the JSON
protocol (``protocols.md`` §3) one message a frame: :meth:`RoomLink.messages` yields the
dealer's messages, decoded JSON objects, and reconnects by itself when the connection
drops (the same seat, the same token: the dealer sends the hand in play and the decision
pending again).  The session cookie is kept in a :class:`SessionFile` (mode 0600), so
the same person gets the same seat back after a restart; it is never printed.

Blocking HTTP (the standard library's) runs in a thread; the WebSocket is the
``websockets`` package's asyncio client, sending the room's own origin.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from pokerroom.jsonproto.messages import PROTOCOL, VERSION

__all__ = [
    "COOKIE",
    "LINK",
    "RoomLink",
    "RoomLinkError",
    "SessionFile",
    "TableAddress",
    "TableFullError",
    "table_address",
]

COOKIE = "pokerroom_session"
"""The room's session cookie."""
LINK = "link"
"""The type of the messages the link adds to the dealer's when the connection drops,
comes back, or cannot come back: ``up`` (bool), ``fatal`` (bool) and ``message`` (what
happened, in words)."""
HTTP_TIMEOUT = 10.0
MAX_FRAME = 1 << 20
RETRY_MOST = 5.0
"""The longest wait (seconds) between two attempts to reconnect."""
FORMS = "http://HOST:PORT/table/ID (the table page's address, as the browser shows it)"


class RoomLinkError(RuntimeError):
    """The room cannot be reached, or refused what was asked (the message says which and
    what to do)."""


class TableFullError(RoomLinkError):
    """No seat now: the table is full (or a sit-and-go under way): watch it instead.
    ``place`` is your place on a cash table's waiting list (``None``: none)."""

    def __init__(self, message: str, place: int | None = None) -> None:
        super().__init__(message)
        self.place = place


@dataclass(frozen=True, slots=True)
class TableAddress:
    """A table of a room: the room's origin (``http://host:port``) and the table's id."""

    origin: str
    table: str

    @property
    def websocket(self) -> str:
        scheme = "wss" if self.origin.startswith("https:") else "ws"
        return f"{scheme}{self.origin[self.origin.index(':'):]}/ws/table/{quote(self.table)}"


def table_address(url: str) -> TableAddress:
    """The table ``url`` names, or :class:`RoomLinkError` naming what is wrong and the
    form expected.

    >>> table_address("http://127.0.0.1:8080/table/t3")
    TableAddress(origin='http://127.0.0.1:8080', table='t3')
    >>> table_address("127.0.0.1:8080/lobby")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerroom.net.roomlink.RoomLinkError: '127.0.0.1:8080/lobby' is not a table's address: ...
    """
    text = url.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as exc:
        raise RoomLinkError(
            f"{url[:80]!r} is not a table's address ({exc}): expected {FORMS}"
        ) from None
    segments = [s for s in parts.path.split("/") if s]
    if (parts.scheme not in ("http", "https") or not parts.hostname or len(segments) != 2
            or segments[0] != "table" or not segments[1].isprintable()):  # fmt: skip
        raise RoomLinkError(f"{url[:80]!r} is not a table's address: expected {FORMS}")
    host = parts.hostname
    if ":" in host:
        host = f"[{host}]"
    origin = f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "")
    return TableAddress(origin, segments[1])


class SessionFile:
    """The room sessions of this person, by room origin, in a JSON file of mode 0600:
    ``{origin: {"cookie": secret, "name": name}}``."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _all(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, origin: str) -> tuple[str, str] | None:
        """The cookie and name kept for ``origin`` (``None``: none)."""
        entry = self._all().get(origin)
        if not isinstance(entry, dict):
            return None
        cookie, name = entry.get("cookie"), entry.get("name")
        if isinstance(cookie, str) and isinstance(name, str):
            return cookie, name
        return None

    def put(self, origin: str, cookie: str, name: str) -> None:
        """Keep ``cookie`` (and ``name``) for ``origin``; the file is written whole,
        created with mode 0600 (and kept at it)."""
        data = self._all()
        data[origin] = {"cookie": cookie, "name": name}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temp = self.path.with_name(self.path.name + ".tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out)
        os.chmod(temp, 0o600)
        os.replace(temp, self.path)


class RoomLink:
    """One person at one table of a room (see the module)."""

    def __init__(self, address: TableAddress, sessions: SessionFile | None = None,
                 invite: str | None = None) -> None:  # fmt: skip
        self.address = address
        self.sessions = sessions
        self.invite = invite
        self.cookie: str | None = None
        self.name: str | None = None
        self.token: str | None = None
        self.seat: int | None = None
        self.queued = False
        self._ws: Any = None
        self._closed = False
        self._rejoin = False

    @property
    def title(self) -> str:
        return f"table {self.address.table} at {self.address.origin}"

    # -------------------------------------------------------------------- HTTP

    def _request(self, method: str, path: str, body: Any = None) -> tuple[int, Any, str | None]:
        """``method path`` with the JSON ``body``: the status, the JSON answer and the
        session cookie set (if any)."""
        origin = self.address.origin
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(origin + path, data=data, method=method)
        request.add_header("content-type", "application/json")
        request.add_header("origin", origin)
        if self.cookie is not None:
            request.add_header("cookie", f"{COOKIE}={self.cookie}")
        try:
            with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT) as response:
                status, text, headers = response.status, response.read(), response.headers
        except urllib.error.HTTPError as exc:
            status, text, headers = exc.code, exc.read(), exc.headers
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise RoomLinkError(
                f"the room at {origin} does not answer ({reason}): check the address, and "
                "that `pokerroom serve room` runs there"
            ) from None
        try:
            answer = json.loads(text) if text else {}
        except ValueError:
            raise RoomLinkError(
                f"{origin} answered {path} with something that is not a pokerroom room's "
                "answer: is it a room's address?"
            ) from None
        return status, answer, _session_cookie(headers.get_all("set-cookie") or [])

    def _error(self, answer: Any) -> str:
        return str(answer.get("error", answer)) if isinstance(answer, dict) else str(answer)

    def check_table(self, invite: str | None = None) -> None:
        """That the room answers and has the table (a private one is taken on trust
        when an invite code is given: sitting down says)."""
        status, answer, _ = self._request("GET", "/api/tables")
        tables = answer.get("tables") if isinstance(answer, dict) else None
        if status != 200 or not isinstance(tables, list):
            raise RoomLinkError(f"{self.address.origin} is not a pokerroom room "
                                f"(GET /api/tables: HTTP {status})")  # fmt: skip
        ids = [str(t.get("id")) for t in tables if isinstance(t, dict)]
        if self.address.table in ids or invite is not None:
            return
        listed = ", ".join(ids[:10]) + (", ..." if len(ids) > 10 else "") if ids else "none"
        raise RoomLinkError(
            f"no table {self.address.table[:20]!r} in the room at {self.address.origin} "
            f"(its tables: {listed}); a private table needs --invite CODE"
        )

    def resume(self) -> str | None:
        """The name of the session kept for this room, if the room still knows it (the
        cookie is then in use); ``None`` otherwise."""
        kept = self.sessions.get(self.address.origin) if self.sessions else None
        if kept is None:
            return None
        self.cookie = kept[0]
        status, answer, _ = self._request("GET", "/api/me")
        if status == 200 and isinstance(answer, dict) and isinstance(answer.get("name"), str):
            self.name = answer["name"]
            return self.name
        self.cookie = None
        return None

    def enter(self, name: str, invite: str | None = None) -> None:
        """Enter the room as ``name`` (a session is made and kept)."""
        status, answer, cookie = self._request("POST", "/api/enter",
                                               {"name": name, "invite": invite})  # fmt: skip
        if status != 200:
            raise RoomLinkError(f"the room refused the name {name!r}: {self._error(answer)}")
        if cookie is not None:
            self.cookie = cookie
        if self.cookie is None:
            raise RoomLinkError("the room gave no session: is it a pokerroom room?")
        self.name = str(answer.get("name", name))
        if self.sessions is not None:
            self.sessions.put(self.address.origin, self.cookie, self.name)

    def sit(self, invite: str | None = None, buy_in: int | None = None) -> int:
        """Take a seat at the table (the one this session has, if it has one), at a cash
        table with ``buy_in`` chips (default: the largest buy-in): its number; the seat's
        token is kept for the WebSocket.  :class:`TableFullError` when no seat is free (at a
        cash table you are then on its waiting list)."""
        table = self.address.table
        problem = self.sit_problem()
        if problem is not None:
            raise RoomLinkError(problem)
        body: dict[str, Any] = {"seat": None, "invite": invite or self.invite}
        if buy_in is not None:
            body["buy_in"] = buy_in
        status, answer, _ = self._request("POST", f"/api/tables/{quote(table)}/sit", body)
        if status == 202 and isinstance(answer, dict):
            place = answer.get("waiting")
            raise TableFullError(
                f"table {table!r} is full: you are number {place} on its waiting list; "
                f"watch it until a seat is offered, or pick another table in the lobby "
                f"({self.address.origin}/)", place if isinstance(place, int) else None)
        if status != 200 or not isinstance(answer, dict) or "token" not in answer:
            problem = f"no seat at table {table!r}: {self._error(answer)}"
            if status == 409 and self._full():
                raise TableFullError(problem)
            raise RoomLinkError(problem)
        self.token, self.seat = str(answer["token"]), int(answer["seat"])
        self.queued = bool(answer.get("queued"))
        return self.seat

    def sit_problem(self) -> str | None:
        """Why this person cannot sit down (``None``: nothing stops it here)."""
        if self.cookie is None:
            return ("to sit down you need a name in the room: run "
                    "`pokerroom play --join URL --name NAME`")  # fmt: skip
        return None

    def _full(self) -> bool:
        """Whether the table has no seat to give now (every seat taken, or a sit-and-go
        under way)."""
        try:
            info = self.table_info()
        except RoomLinkError:
            return False
        if info.get("kind") != "cash" and info.get("state") != "waiting":
            return True
        return bool(info.get("taken", 0) >= info.get("seats", 0))

    def table_info(self) -> dict[str, Any]:
        """The table as the lobby lists it (its kind, seats, buy-in bounds...)."""
        status, answer, _ = self._request("GET", "/api/tables")
        tables = answer.get("tables") if isinstance(answer, dict) else None
        for info in tables if status == 200 and isinstance(tables, list) else []:
            if isinstance(info, dict) and str(info.get("id")) == self.address.table:
                return info
        raise RoomLinkError(f"the room no longer lists table {self.address.table!r}")

    def stand_up(self) -> int | None:
        """Give up the seat: the chips back to your balance (their number), or ``None``
        mid-hand at a cash table (done when the hand ends)."""
        status, answer, _ = self._post(f"/api/tables/{quote(self.address.table)}/leave")
        if status != 200:
            raise RoomLinkError(f"cannot stand up: {self._error(answer)}")
        refund = answer.get("refund")
        return refund if isinstance(refund, int) else None

    def change(self, what: str, chips: int | None = None) -> bool:
        """``top_up`` (by ``chips``), ``sit_out`` or ``sit_in`` at a cash table: done now
        (True) or queued to the hand's end (False)."""
        body = {} if chips is None else {"chips": chips}
        status, answer, _ = self._post(f"/api/tables/{quote(self.address.table)}/{what}", body)
        if status != 200:
            raise RoomLinkError(f"{what.replace('_', ' ')}: {self._error(answer)}")
        return bool(answer.get("done"))

    def _post(self, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any, str | None]:
        status, answer, cookie = self._request("POST", path, body or {})
        return status, answer if isinstance(answer, dict) else {"error": answer}, cookie

    def seated_as(self, token: str | None, seat: int | None) -> None:
        """Play ``seat`` with ``token`` from the next connection (``None``: watch)."""
        self.token, self.seat = token, seat

    # --------------------------------------------------------------- WebSocket

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._closed

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        """The dealer's messages, decoded, until the match ends, the dealer says goodbye
        or :meth:`close`; a dropped connection is tried again (a ``link`` message says
        so) until it comes back or is refused for good."""
        tries = 0
        while not self._closed:
            reason = "the connection closed"
            try:
                async for message in self._connection(tries > 0):
                    tries = 0
                    yield message
                    if message.get("type") in ("bye", "match_end"):
                        return
            except RoomLinkError as exc:
                yield {"type": LINK, "up": False, "fatal": True, "message": str(exc)}
                return
            except (TimeoutError, OSError, ValueError) as exc:
                reason = f"the connection failed ({str(exc) or type(exc).__name__})"
            if self.closed:
                return
            if self._rejoin:  # closed on purpose: a seat taken, or given up
                self._rejoin = False
                continue
            tries += 1
            yield {"type": LINK, "up": False, "fatal": False,
                   "message": f"{reason}: reconnecting..."}  # fmt: skip
            await asyncio.sleep(min(RETRY_MOST, 0.25 * 2**tries))

    async def _connection(self, again: bool) -> AsyncIterator[dict[str, Any]]:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidStatus

        headers = {"cookie": f"{COOKIE}={self.cookie}"} if self.cookie else {}
        try:
            async with connect(self.address.websocket, origin=self.address.origin,  # type: ignore[arg-type]
                               additional_headers=headers, max_size=MAX_FRAME,
                               open_timeout=HTTP_TIMEOUT) as ws:  # fmt: skip
                self._ws = ws
                await self._greet(ws)
                if again:
                    yield {"type": LINK, "up": True, "fatal": False, "message": "reconnected"}
                async for frame in ws:
                    message = json.loads(frame)
                    if isinstance(message, dict):
                        yield message
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd is not None else None
            if code == 1008:
                raise RoomLinkError(f"the room closed the table's connection: "
                                    f"{exc.rcvd.reason if exc.rcvd else ''}") from None  # fmt: skip
            raise OSError(f"closed, code {code}") from None
        except InvalidStatus as exc:
            raise OSError(f"refused with HTTP {exc.response.status_code}") from None
        finally:
            self._ws = None

    async def _greet(self, ws: Any) -> None:
        hello = json.loads(await asyncio.wait_for(ws.recv(), HTTP_TIMEOUT))
        if not isinstance(hello, dict) or hello.get("type") != "hello" or \
                hello.get("protocol") != PROTOCOL:  # fmt: skip
            raise RoomLinkError(f"{self.address.origin} does not speak pokerroom's protocol")
        if str(hello.get("version", "")).split(".")[0] != VERSION.split(".")[0]:
            raise RoomLinkError(f"the room speaks version {hello.get('version')} of the "
                                f"protocol, this client {VERSION}: update one of them")  # fmt: skip
        join = {"type": "join", "token": self.token} if self.token else {"type": "watch"}
        await ws.send(json.dumps(join))

    async def send(self, message: dict[str, Any]) -> bool:
        """Send ``message`` to the dealer; False if the connection is down."""
        ws = self._ws
        if ws is None:
            return False
        try:
            await ws.send(json.dumps(message, separators=(",", ":")))
        except Exception:
            return False
        return True

    async def rejoin(self) -> None:
        """Connect again at once (no ``link`` message): to play the seat just taken, or
        to watch after standing up."""
        ws = self._ws
        if ws is None:
            return
        self._rejoin = True
        with contextlib.suppress(Exception):
            await ws.close()

    async def close(self) -> None:
        """Say goodbye and close the connection (the seat stays yours)."""
        self._closed = True
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.send(json.dumps({"type": "bye"}))
            with contextlib.suppress(Exception):
                await ws.close()


def _session_cookie(headers: list[str]) -> str | None:
    for header in headers:
        cookie: SimpleCookie = SimpleCookie()
        try:
            cookie.load(header)
        except Exception:
            continue
        if COOKIE in cookie:
            return cookie[COOKIE].value
    return None
