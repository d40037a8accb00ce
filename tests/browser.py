"""The browser tests' harness: Debian's chromium driven by Playwright (no browser download:
``executable_path`` is the chromium on PATH), a static file server for the page modules'
unit checks, a room server started as ``pokerroom serve room`` on a free loopback port,
and a record of every WebSocket frame a page receives.

Without chromium (or Playwright) the tests that need it are skipped, saying why;
``make test`` installs Debian's ``chromium`` package when it is missing.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

STATIC = Path(__file__).resolve().parents[1] / "src" / "pokerroom" / "room" / "static"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def chromium_path() -> str | None:
    """The chromium on PATH (Debian's package), or None."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def need_chromium() -> str:
    """The chromium to drive; skips the test (saying why) when there is none."""
    path = chromium_path()
    if path is None:
        pytest.skip("chromium is not installed (make chromium installs Debian's package)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    return path


@contextlib.contextmanager
def launched_browser() -> Iterator[Any]:
    """Chromium, headless, through Playwright."""
    path = need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the class attribute http.server reads
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript", ".css": "text/css", ".html": "text/html",
    }  # fmt: skip

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def static_server() -> Iterator[str]:
    """The page files served as they are, at ``<url>/static/``: for the modules' checks."""
    handler = functools.partial(_Quiet, directory=str(STATIC.parent))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Room:
    """A room server started for a test: its address and its process."""

    url: str
    process: subprocess.Popen[str]
    output: list[str] = field(default_factory=list)


@contextlib.contextmanager
def room_server(db: Path, *extra: str, timeout: float = 30.0) -> Iterator[Room]:
    """``pokerroom serve room`` on a free loopback port with the database ``db``."""
    port = free_port()
    main = "import sys; from pokerroom.cli import main; sys.exit(main())"
    command = [sys.executable, "-c", main, "serve", "room", "--host", "127.0.0.1",
               "--port", str(port), "--db", str(db), *extra]  # fmt: skip
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env=env, cwd=db.parent)  # fmt: skip
    room = Room(f"http://127.0.0.1:{port}", process)
    reader = threading.Thread(target=_read_lines, args=(process, room.output), daemon=True)
    reader.start()
    try:
        _wait_for_port(port, process, room.output, timeout)
        yield room
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def _read_lines(process: subprocess.Popen[str], into: list[str]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        into.append(line.rstrip("\n"))


def _wait_for_port(port: int, process: subprocess.Popen[str], output: list[str],
                   timeout: float) -> None:  # fmt: skip
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if process.poll() is not None:
            raise AssertionError("the room server stopped:\n" + "\n".join(output[-30:]))
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.1)
    raise AssertionError(f"the room server did not listen on {port} in {timeout} s:\n"
                         + "\n".join(output[-30:]))  # fmt: skip


class Frames:
    """Every WebSocket frame a page receives (text frames as text), in order."""

    def __init__(self, page: Any | None) -> None:
        self.frames: list[str] = []
        if page is not None:
            page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: Any) -> None:
        data = payload if isinstance(payload, str | bytes) else payload.get("payload", "")
        self.frames.append(data.decode("utf-8", "replace") if isinstance(data, bytes) else data)

    def messages(self) -> list[dict[str, Any]]:
        out = []
        for frame in self.frames:
            with contextlib.suppress(ValueError):
                message = json.loads(frame)
                if isinstance(message, dict):
                    out.append(message)
        return out


CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def wait_until(page: Any, check: Callable[[], Any], timeout: float = 20.0, what: str = "") -> Any:
    """``check()``'s first true value, polling; fails naming ``what`` after ``timeout``.
    It waits in ``page`` (Playwright's own wait), so the pages' events go on arriving."""
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {what or check}")
        page.wait_for_timeout(50)


class Visitor:
    """One person's browser context (1280x800) on the room's lobby, the page's errors
    (with ``console``, its console errors too, but for the lobby's 401 before a name is
    entered) and every WebSocket frame it received; with a ``name``, entered in the room."""

    def __init__(self, browser: Any, url: str, name: str | None = None,
                 console: bool = True) -> None:  # fmt: skip
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        if console:
            self.page.on("console", self._console)
        self.frames = Frames(self.page)
        self.url = url
        self.page.goto(f"{url}/", wait_until="domcontentloaded")
        if name is not None:
            self.page.fill("#name", name)
            self.page.click("#enter-form button[type=submit]")
            self.page.wait_for_selector("#create:not([hidden])")

    def _console(self, message: Any) -> None:
        # a CSP violation or a missing file shows here
        if message.type == "error" and "401" not in message.text:
            self.errors.append(message.text)


def create_table(page: Any, name: str, seats: int, bots: dict[int, str] | None = None,
                 buy_in: int | None = None, budget: int | None = None) -> str:
    """Creates a sit-and-go by the lobby's form on ``page`` (``bots``: seat to bot name;
    a field not given keeps the form's default); the new table's id."""
    page.fill("#t-name", name)
    page.fill("#t-seats", str(seats))
    page.dispatch_event("#t-seats", "input")
    for seat, bot in (bots or {}).items():
        page.select_option(f"#bot-seats select[data-seat='{seat}']", bot)
    if buy_in is not None:
        page.fill("#t-buyin", str(buy_in))
    if budget is not None:
        page.fill("#t-budget", str(budget))
    page.click("#create-form button[type=submit]")
    href = page.wait_for_selector("#create-done a").get_attribute("href") or ""
    return str(href).rsplit("/", 1)[-1]


def sit_from_lobby(page: Any, table: str) -> None:
    """Takes a seat at ``table`` by its Sit button in the lobby, and waits to be seated."""
    page.locator(f"#table-rows tr[data-table='{table}'] button.sit").click()
    page.wait_for_url(f"**/table/{table}")
    page.wait_for_selector("#connection:text('seated')")


def boxes_overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two bounding boxes ({x, y, width, height}) overlap (touching is not)."""
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])  # fmt: skip


def inside(box: dict[str, float], width: float, height: float) -> bool:
    """Whether a bounding box lies wholly inside a viewport of ``width`` x ``height``."""
    return (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width + 0.5
            and box["y"] + box["height"] <= height + 0.5)  # fmt: skip


class Relay:
    """A page's WebSocket to ``pattern`` passed through the test (Playwright's
    ``route_web_socket``): every frame each way is kept, and :meth:`drop` cuts the
    connection as a failing network would (the page sees it close, the server sees it
    go)."""

    def __init__(self, page: Any, pattern: re.Pattern[str], frames: Frames,
                 sent: list[str]) -> None:  # fmt: skip
        self.frames = frames
        self.sent = sent
        self.routes: list[tuple[Any, Any]] = []
        page.route_web_socket(pattern, self._route)

    def _route(self, ws: Any) -> None:
        server = ws.connect_to_server()

        def up(message: str | bytes) -> None:
            self.sent.append(message if isinstance(message, str) else message.decode())
            server.send(message)

        def down(message: str | bytes) -> None:
            self.frames._frame(message)
            ws.send(message)

        ws.on_message(up)
        server.on_message(down)
        self.routes.append((ws, server))

    def drop(self) -> None:
        """Cuts the last connection."""
        ws, server = self.routes[-1]
        with contextlib.suppress(Exception):
            ws.close(code=4000, reason="the network failed")
        with contextlib.suppress(Exception):
            server.close(code=4000, reason="the network failed")
