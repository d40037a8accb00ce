"""The opponents' statistics on the room's table page, in real Chromium: the toggle (its
key and its button) shows the numbers under the opponent's seat, never under one's own,
follows each hand, and is the same after a reload; no console or CSP error."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser import (
    Room,
    Visitor,
    boxes_overlap,
    create_table,
    inside,
    launched_browser,
    need_chromium,
    room_server,
    sit_from_lobby,
    wait_until,
)

pytestmark = pytest.mark.xdist_group("browser")

STATION = "calling-station 1"


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    need_chromium()
    db = tmp_path_factory.mktemp("room") / "room.db"
    with room_server(db, "--bot-delay", "0.05") as served:
        yield served


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_browser() as b:
        yield b


class Person(Visitor):
    """One browser context in the room, its page's errors and frames."""

    def __init__(self, browser: Any, name: str, url: str) -> None:
        super().__init__(browser, url, name)

    def hands_ended(self) -> int:
        return len([m for m in self.frames.messages() if m.get("type") == "hand_end"])

    def stats_text(self) -> list[str]:
        found: list[str] = self.page.evaluate(
            "() => [...document.querySelectorAll('.seat-stats')].map((n) => n.textContent)")
        return found

    def station_text(self) -> str:
        box = self.page.locator(f".seat:has(.seat-name:text-is('{STATION}')) .seat-stats")
        return str(box.text_content()) if box.count() else ""


def _play(person: Person, hands: int, timeout: float = 30.0) -> None:
    """Checks or calls (shows at the showdown) until ``hands`` hands have ended."""
    page = person.page
    end = time.monotonic() + timeout
    while person.hands_ended() < hands:
        assert time.monotonic() < end, f"{hands} hands did not end in {timeout} s"
        if page.is_visible("#actions"):
            page.keyboard.press("s" if page.is_visible("#show") else "c")
        page.wait_for_timeout(40)


def test_the_stats_toggle_shows_an_opponents_numbers_and_survives_a_reload(
    browser: Any, room: Room, tmp_path: Path
) -> None:
    gina = Person(browser, "gina", room.url)
    page = gina.page
    table = create_table(page, "Stats test", 2, {1: "calling-station"}, 1000, 60)
    sit_from_lobby(page, table)
    toggle = page.locator("#stats-toggle")
    assert toggle.get_attribute("aria-pressed") == "false" and gina.stats_text() == []
    # the key o turns them on: the station's line, none under gina's own seat
    page.locator("body").focus()
    page.keyboard.press("o")
    assert toggle.get_attribute("aria-pressed") == "true"
    wait_until(page, lambda: gina.station_text() == "no hands seen yet", 10, "the first line")
    assert page.locator(".seat.mine .seat-stats").count() == 0
    # two hands checked down against the calling station: it limped in one of them (its
    # small blind), checked its big blind in the other, never raised, saw both showdowns
    _play(gina, 2)
    known = "2 hands  VPIP 50  PFR 0  3B -  AF -  WTSD 100"
    wait_until(page, lambda: gina.station_text() == known, 10, "the numbers after two hands")
    answer = page.evaluate(
        "async (t) => (await fetch(`/api/tables/${t}/stats`)).json()", table)
    assert [p["brief"] for p in answer["players"]] == [known] and answer["hands"] == 2
    page.screenshot(path=str(tmp_path / "stats-on.png"))
    # a reload: still on (localStorage), the same numbers under the same seat
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("#connection:text('seated')")
    assert page.locator("#stats-toggle").get_attribute("aria-pressed") == "true"
    wait_until(page, lambda: gina.station_text() == known, 10, "the numbers after the reload")
    # the button turns them off, and off they stay after a reload
    page.click("#stats-toggle")
    assert gina.stats_text() == [] and page.evaluate(
        "() => localStorage.getItem('pokerroom.stats')") == "0"
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("#connection:text('seated')")
    page.wait_for_timeout(300)
    assert page.locator("#stats-toggle").get_attribute("aria-pressed") == "false"
    assert gina.stats_text() == []
    assert gina.errors == []


SEAT_PARTS = (".seat-name", ".seat-cards", ".seat-stack", ".seat-last")
ACTION_CONTROLS = ("#fold", "#call", "#raise", "#allin", "#amount", "#slider", "#preset-min",
                   "#preset-half", "#preset-pot", "#preset-max")  # fmt: skip
VIEWS = ((1280, 800), (375, 812), (900, 700), (360, 740))


def _full_table(person: Person, seats: int) -> None:
    """A table of ``seats`` seats, a calling station in each but the person's (seat 0);
    the person sits down and waits for their first decision (the blinds are in)."""
    page = person.page
    bots = dict.fromkeys(range(1, seats), "calling-station")
    table = create_table(page, f"Seats {seats}", seats, bots, 1000, 60)
    sit_from_lobby(page, table)
    page.wait_for_selector("#actions:not([hidden])", timeout=20_000)


def _layout(page: Any) -> dict[str, Any]:
    """The boxes of the seats, the bet chips and the centre (board and pot), and whether
    each seat's name, cards, stack and last action lie inside its box."""
    found: dict[str, Any] = page.evaluate(
        """(parts) => {
            const box = (n) => { const r = n.getBoundingClientRect();
                return {x: r.x, y: r.y, width: r.width, height: r.height}; };
            const seats = [...document.querySelectorAll('.seat')];
            return {
                seats: seats.map(box),
                bets: [...document.querySelectorAll('.bet')].map(box),
                centre: box(document.querySelector('.centre')),
                mine: box(document.querySelector('.seat.mine')),
                bar: box(document.querySelector('.bar')),
                actions: box(document.getElementById('actions')),
                clipped: seats.flatMap((s, i) => parts.flatMap((sel) => {
                    const outer = s.getBoundingClientRect();
                    return [...s.querySelectorAll(sel + ', ' + sel + ' .card')].filter((n) => {
                        const r = n.getBoundingClientRect();
                        return r.width === 0 || r.left < outer.left - 0.5
                            || r.right > outer.right + 0.5 || r.top < outer.top - 0.5
                            || r.bottom > outer.bottom + 0.5;
                    }).map(() => `seat ${i} ${sel}`);
                })),
                scroll: document.documentElement.scrollWidth,
            };
        }""",
        list(SEAT_PARTS),
    )
    return found


def _check_layout(page: Any, seats: int, width: int, height: int) -> None:
    view = f"{seats} seats at {width}x{height}"
    found = _layout(page)
    assert len(found["seats"]) == seats, view
    assert found["scroll"] <= width, f"{view}: the page scrolls sideways ({found['scroll']})"
    assert found["clipped"] == [], f"{view}: outside their seat: {found['clipped']}"
    named = [(f"seat {i}", b) for i, b in enumerate(found["seats"])]
    named += [(f"bet {i}", b) for i, b in enumerate(found["bets"])] + [("centre", found["centre"])]
    assert len(found["bets"]) >= 2, f"{view}: the blinds' chips are not shown"
    for i, (name, a) in enumerate(named):
        if name.startswith("seat"):
            assert a["x"] >= 0 and a["x"] + a["width"] <= width + 0.5, f"{view}: {name} {a}"
            assert not boxes_overlap(a, found["bar"]), f"{view}: {name} is under the title bar"
        for other, b in named[:i]:
            assert not boxes_overlap(a, b), f"{view}: {name} {a} overlaps {other} {b}"
    # one's own seat (one's cards) is not under the action panel
    assert not boxes_overlap(found["mine"], found["actions"]), f"{view}: the panel hides one's seat"
    # the action controls: all there, in the view, none over another
    controls = {sel: page.locator(sel).bounding_box() for sel in ACTION_CONTROLS}
    for sel, box in controls.items():
        assert box is not None and box["width"] > 0, f"{view}: {sel} is not shown"
        assert inside(box, width, height), f"{view}: {sel} is outside the view: {box}"
    names = list(controls)
    for i, a in enumerate(names):
        for b in names[:i]:
            assert not boxes_overlap(controls[a], controls[b]), f"{view}: {a} overlaps {b}"


@pytest.mark.parametrize("seats", [2, 3, 4, 6, 8, 9, 10])
def test_every_table_size_fits_both_screens_with_stats_on_and_off(
    browser: Any, room: Room, tmp_path: Path, seats: int
) -> None:
    """For a table of ``seats`` seats, at 1280x800, 375x812, 900x700 and 360x740, with
    the opponents' statistics off and on (a line under each of the seats-1 opponents): no seat's box
    overlaps another's, a bet chip's or the centre's (board and pot), nor leaves the page
    sideways; no bet chip overlaps another or the centre; each seat's name, cards, stack
    and last action lie inside its box; the action controls are all in the view and none
    overlaps another."""
    person = Person(browser, f"fit{seats}", room.url)
    page = person.page
    _full_table(person, seats)
    for stats in (False, True):
        if stats:
            page.locator("body").focus()
            page.keyboard.press("o")
            wait_until(page, lambda: len(person.stats_text()) == seats - 1, 10,
                       "a line under each opponent")  # fmt: skip
        for width, height in VIEWS:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)
            assert page.is_visible("#actions"), "the decision is still there"
            page.screenshot(path=str(tmp_path / f"seats{seats}-{width}-stats{int(stats)}.png"))
            _check_layout(page, seats, width, height)
    assert person.errors == []
