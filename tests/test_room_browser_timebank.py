"""The time bank, sitting out and the waiting list's offer on the table page, in real
Chromium (Debian's package, driven by Playwright; see tests/browser.py).

A person's decision runs out at a cash table with a short clock and a short bank: their
page and a spectator's count the clock down, then the bank (marked as the bank), the
default action is taken, and the seat shows as sitting out.  A person on a full table's
waiting list gets the seat offered by a message on the table's socket, with /api/me
blocked (so no polling could have found it).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser import (
    Room,
    Visitor,
    boxes_overlap,
    inside,
    launched_browser,
    need_chromium,
    room_server,
    wait_until,
)

pytestmark = pytest.mark.xdist_group("browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_browser() as b:
        yield b


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    need_chromium()
    db = tmp_path_factory.mktemp("room") / "room.db"
    with room_server(db, "--bot-delay", "0.05") as served:
        yield served


class Page(Visitor):
    """One person's browser context and page, with every WebSocket frame it received."""

    def __init__(self, browser: Any, url: str, name: str | None) -> None:
        super().__init__(browser, url, name, console=False)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        return self.page.evaluate(
            """async ([path, body]) => {
                 const r = await fetch(path, {method: "POST", body: JSON.stringify(body),
                                              headers: {"content-type": "application/json"}});
                 return {status: r.status, body: await r.json()};
               }""", [path, body])  # fmt: skip

    def kinds(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.frames.messages() if m.get("type") == kind]


CASH = {"name": "Bank test", "kind": "cash", "seats": 2, "min_buy_in": 40, "max_buy_in": 1000,
        "bots": {"1": "calling-station"}, "budget": 6, "bank": 3, "bank_refill": 0,
        "bank_cap": 3}  # fmt: skip


def test_the_countdown_runs_the_clock_then_the_bank_then_the_seat_sits_out(
    browser: Any, room: Room, tmp_path: Path
) -> None:
    shots = tmp_path
    carol = Page(browser, room.url, "carol")
    made = carol.post("/api/tables", CASH)
    assert made["status"] == 201, made
    table = made["body"]["id"]
    bad = carol.post("/api/tables", {**CASH, "bank": 700})
    assert bad["status"] == 400
    assert bad["body"]["error"] == "'bank' is '700': a number from 0 to 600"
    spectator = Page(browser, room.url, None)
    spectator.page.goto(f"{room.url}/table/{table}", wait_until="domcontentloaded")
    spectator.page.wait_for_selector("#connection:text('watching')")
    sat = carol.post(f"/api/tables/{table}/sit", {"seat": 0, "buy_in": 500})
    assert sat["status"] == 200 and sat["body"]["seat"] == 0
    page = carol.page
    page.goto(f"{room.url}/table/{table}", wait_until="domcontentloaded")
    page.wait_for_selector("#connection:text('seated')")
    wait_until(page, lambda: page.is_visible("#actions"), 15, "carol's turn")
    act = carol.kinds("act")[-1]
    assert act["budget"] <= 6.0 and act["bank"] == 3.0
    # her panel: the clock, the bank named after it; every page: the clock on her seat
    assert re.fullmatch(r"[1-6] s \(then 3 s of time bank\)", page.inner_text("#my-clock"))
    mine = "#seats .seat[data-seat='0'] .seat-clock"
    assert re.fullmatch(r"[1-6] s", page.inner_text(mine))
    wait_until(spectator.page, lambda: spectator.page.is_visible(mine), 5, "the spectator's clock")
    assert not [m for m in spectator.kinds("clock") if m["seq"] == act["seq"]]
    # the clock runs out: the bank runs, marked, on both pages (the spectator's told by a
    # clock message as it starts)
    for p in (page, spectator.page):
        wait_until(p, lambda p=p: p.is_visible(f"{mine}.in-bank"), 8, "the bank counting")
        assert re.fullmatch(r"bank [1-3] s", p.inner_text(mine))
    # at phone width the bank's countdown stays inside the seat, over no other seat
    spectator.page.set_viewport_size({"width": 375, "height": 812})
    spectator.page.wait_for_timeout(100)
    if spectator.page.is_visible(mine):
        spectator.page.screenshot(path=str(shots / "bank-375.png"))
        clock_box = spectator.page.locator(mine).bounding_box()
        seat_box = spectator.page.locator("#seats .seat[data-seat='0']").bounding_box()
        other = spectator.page.locator("#seats .seat[data-seat='1']").bounding_box()
        assert clock_box and seat_box and other
        assert seat_box["x"] <= clock_box["x"] and \
            clock_box["x"] + clock_box["width"] <= seat_box["x"] + seat_box["width"] + 0.5
        assert not boxes_overlap(clock_box, other) and inside(clock_box, 375, 812)
    spectator.page.set_viewport_size({"width": 1280, "height": 800})
    clock = [m for m in spectator.kinds("clock") if m["seq"] == act["seq"]]
    assert len(clock) == 1 and clock[0]["seat"] == 0 and clock[0]["budget"] == 0.0
    assert 2.5 < clock[0]["bank"] <= 3.0
    assert re.fullmatch(r"\(time bank: [1-3] s\)", page.inner_text("#my-clock"))
    page.screenshot(path=str(shots / "bank-1280.png"))
    # the bank runs out too: the default action, and she sits out when the hand ends
    wait_until(page, lambda: "Out of time" in page.inner_text("#status"), 8, "the default")
    assert "You sit out when this hand ends" in page.inner_text("#status")
    out = "#seats .seat[data-seat='0'].sitting-out .badge.out"
    for p in (page, spectator.page):
        wait_until(p, lambda p=p: p.is_visible(out), 40, "the seat sitting out")
    assert "sitting out" in (page.get_attribute("#seats .seat[data-seat='0']", "aria-label") or "")
    seats = carol.kinds("seats")[-1]["players"]
    assert [p["sitting_out"] for p in seats] == [True, False]
    # sitting in again: shown at once (no hand in play: she is dealt in)
    page.click("#sit-in")
    wait_until(page, lambda: not page.is_visible(out), 10, "back in")
    assert carol.errors == spectator.errors == []


def test_a_seat_offered_from_the_waiting_list_comes_by_push(browser: Any, room: Room) -> None:
    dave, erin = Page(browser, room.url, "dave"), Page(browser, room.url, "erin")
    made = dave.post("/api/tables", {**CASH, "name": "Offer test", "budget": 30, "bank": 0,
                                     "bank_cap": 0})  # fmt: skip
    table = made["body"]["id"]
    assert dave.post(f"/api/tables/{table}/sit", {"buy_in": 500})["body"]["seat"] == 0
    dave.page.goto(f"{room.url}/table/{table}", wait_until="domcontentloaded")
    dave.page.wait_for_selector("#connection:text('seated')")
    # erin, on the table's page, asks for a seat: the table is full, she is on the list
    page = erin.page
    page.clock.install()  # (the page's timers: run on below, not waited out)
    page.goto(f"{room.url}/table/{table}", wait_until="domcontentloaded")
    page.wait_for_selector("#connection:text('watching')")
    page.click("#sit")
    page.fill("#sit-amount", "500")
    page.press("#sit-amount", "Enter")
    wait_until(page, lambda: re.search(r"number 1 on (its|the) waiting list",
                                       page.inner_text("#waiting-place")), 5, "the place")
    assert page.is_hidden("#offer")
    # from now on /api/me answers nothing: whatever the page learns comes by the socket
    asked: list[str] = []

    def refuse(route: Any) -> None:
        asked.append(route.request.url)
        route.abort()

    seats_before = len(erin.kinds("seats"))
    page.route(re.compile(r"/api/me$"), refuse)
    dave.page.click("#leave")  # (when the hand in play ends, if one is)
    end = time.monotonic() + 20
    while not page.is_visible("#offer"):
        assert time.monotonic() < end, "the seat was not offered"
        if dave.page.is_visible("#actions"):
            dave.page.keyboard.press("s" if dave.page.is_visible("#show") else "c")
        page.wait_for_timeout(100)
    assert erin.kinds("offer") == [{"type": "offer", "table": table, "name": "Offer test"}]
    assert "Your seat is free" in page.inner_text("#offer")
    page.clock.run_for(60_000)  # a minute of the page's timers (the old page asked every 3 s)
    # /api/me asked once per seating change (a `seats` message) at most, never on a timer
    assert len(asked) <= len(erin.kinds("seats")) - seats_before, asked
    page.unroute(re.compile(r"/api/me$"))
    page.click("#take-seat")
    page.fill("#sit-amount", "500")
    page.press("#sit-amount", "Enter")
    page.wait_for_selector("#connection:text('seated')")
    assert page.is_hidden("#offer")
    assert dave.errors == erin.errors == []
