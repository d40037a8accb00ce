"""The terminal and the browser at one table: ``pokerroom play --join URL`` in a real
terminal (tmux where the machine has it, else pexpect and pyte) and a person in real
Chromium (Debian's package, driven by Playwright) play each other at a room's table,
each by keys or clicks, and both see the same hand end."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from browser import create_table, launched_browser, need_chromium, room_server, sit_from_lobby
from terminal_helpers import START, Terminal, drivers, open_terminal

pytestmark = pytest.mark.xdist_group("browser")

NAME = "Termy"
WEB = "webby"
HANDS = 2  # complete hands to play
CHAT = "<b>gg</b> [i]x[/i]"


def _browser_table(page: Any, url: str) -> str:
    """The browser person enters, opens a two-seat sit-and-go and sits at it: its id."""
    page.goto(f"{url}/", wait_until="domcontentloaded")
    page.fill("#name", WEB)
    page.click("#enter-form button[type=submit]")
    page.wait_for_selector("#create:not([hidden])")
    table = create_table(page, "Terminal vs browser", 2, buy_in=500, budget=120)
    sit_from_lobby(page, table)
    return table


def _hand_ends(frames: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {m["hand"]: m for m in frames if m.get("type") == "hand_end"}


def _terminal_turn(term: Terminal, acted: list[str]) -> None:
    """The terminal's decision, if it has one: check or call (show at the showdown)."""
    screen = term.screen()
    if "Your turn" not in screen:
        return
    assert "⏱" in screen  # the decision clock
    if "show your hand" in screen:
        term.send("Enter")
        acted.append("show")
    else:
        term.send("c")
        acted.append("c")
    time.sleep(0.3)  # (a key out of turn does nothing; the screen catches up)


def _browser_turn(page: Any, acted: list[str]) -> None:
    """The browser's decision, if it has one: a click on Check/Call (Show at the
    showdown)."""
    if not page.is_visible("#actions"):
        return
    if page.is_visible("#show"):
        page.click("#show")
        acted.append("show")
    elif page.is_enabled("#call"):
        page.click("#call")
        acted.append("call")
    page.wait_for_timeout(200)


@pytest.mark.parametrize("driver", drivers())
def test_the_terminal_and_a_browser_play_each_other_at_one_table(
    driver: str, tmp_path: Path
) -> None:
    need_chromium()
    (tmp_path / "settings.toml").write_text('[settings]\nspeed = "instant"\nbell = false\n')
    with room_server(tmp_path / "room.db", "--bot-delay", "0") as room, \
            launched_browser() as browser:  # fmt: skip
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        frames: list[dict[str, Any]] = []
        page.on("websocket", lambda ws: ws.on("framereceived", lambda p: _keep(frames, p)))
        table = _browser_table(page, room.url)
        command = Path(sys.executable).parent / "pokerroom"
        argv = [str(command), "play", "--join", f"{room.url}/table/{table}"]
        env = {"POKERROOM_DATA_DIR": str(tmp_path), "TERM": "xterm-256color",
               "LANG": "C.UTF-8"}  # fmt: skip
        term = open_terminal(driver, argv, env, width=120, height=40)
        try:
            term.wait_for("Your name at the table", timeout=START)  # no --name: asked
            term.type(*"<b>", "Enter")
            term.wait_for("a name is 1 to 20 letters")  # refused, asked again
            term.type(*NAME, "Enter")
            term.wait_for("Hand 1", timeout=START)
            page.fill("#chat-text", CHAT)  # the browser's chat, on the terminal as text
            page.press("#chat-text", "Enter")
            term.wait_for(f"{WEB}: {CHAT}")
            page.evaluate("document.activeElement.blur()")
            term.send("m")  # and the terminal's, in the browser
            term.wait_for("Say at the table")
            term.type(*"gl hf", "Enter")
            page.wait_for_function("document.getElementById('chat-list').innerText"
                                   ".includes('gl hf')", timeout=15000)  # fmt: skip
            web_acts: list[str] = []
            term_acts: list[str] = []
            end = time.monotonic() + 120
            seen: dict[int, str] = {}  # the terminal's screen once each hand ended
            while len(seen) < HANDS:
                assert time.monotonic() < end, term.screen()
                ended = _hand_ends(frames)
                if ended and max(ended) not in seen:  # read the terminal before acting on
                    number = max(ended)
                    seen[number] = _terminal_result(term, _winners(frames, number))
                    continue
                _browser_turn(page, web_acts)
                _terminal_turn(term, term_acts)
                page.wait_for_timeout(100)
            assert web_acts and term_acts  # both decided, the one by clicks, the other by keys
            _same_result(frames, page, term, seen)
            assert not _terminal_hole_leaked(frames)
            term.send("x")
            term.wait_for("Leave the table?")
            term.send("Enter")
            stop = time.monotonic() + 20
            while term.alive() and time.monotonic() < stop:
                time.sleep(0.1)
            assert not term.alive()
            term.close()
            # the same command again: the kept session, the same seat, no name asked
            term = open_terminal(driver, argv, env, width=120, height=40)
            screen = term.wait_for(f"table {table} at", timeout=START)
            assert "Your name" not in screen
            screen = term.wait_for("Termy")
            term.send("C-q")
            term.wait_for("Leave the table?")
            term.send("Enter")
        finally:
            term.close()
            context.close()


def _keep(frames: list[dict[str, Any]], payload: Any) -> None:
    import json

    data = payload if isinstance(payload, str | bytes) else payload.get("payload", "")
    try:
        message = json.loads(data)
    except ValueError:
        return
    if isinstance(message, dict):
        frames.append(message)


def _names(frames: list[dict[str, Any]]) -> list[str]:
    welcome = next(m for m in frames if m.get("type") == "welcome")
    names = list(welcome["game"]["names"])
    for m in frames:
        if m.get("type") == "seats":
            for p in m["players"]:
                names[p["seat"]] = p["name"]
    return names


def _winners(frames: list[dict[str, Any]], number: int) -> list[tuple[str, int]]:
    names = _names(frames)
    result = _hand_ends(frames)[number]["view"]["result"]
    return [(names[s], won) for s, won in enumerate(result["won"]) if won > 0]


def _shows(screen: str, winners: list[tuple[str, int]]) -> bool:
    lines = [line for line in screen.splitlines() if " wins " in line]
    return bool(winners) and all(  # "NAME wins the pot (N)", or a split's "NAME N" share
        any(name in line and re.search(rf"\b{won:,}\b", line) for line in lines)
        or re.search(rf"\b{name} {won:,}\b", screen) is not None
        for name, won in winners
    )


def _terminal_result(term: Terminal, winners: list[tuple[str, int]]) -> str:
    """The terminal's screen once it shows each winner with the chips won."""
    end = time.monotonic() + 15
    while not _shows(screen := term.screen(), winners):
        assert time.monotonic() < end, (winners, screen)
        time.sleep(0.1)
    return screen


def _same_result(frames: list[dict[str, Any]], page: Any, term: Terminal,
                 seen: dict[int, str]) -> None:  # fmt: skip
    """Each finished hand: whoever won in the browser's messages won as much on the
    terminal's screen, and the browser's page says so too."""
    names = _names(frames)
    assert NAME in names and WEB in names
    web_log = page.inner_text("#log")
    ends = _hand_ends(frames)
    assert set(seen) <= set(ends) and len(seen) == HANDS
    for number, screen in seen.items():
        winners = _winners(frames, number)
        assert _shows(screen, winners), (winners, screen)
        if number == max(ends):
            for name, won in winners:
                assert f"{name} wins {won}" in web_log, web_log


def _terminal_hole_leaked(frames: list[dict[str, Any]]) -> bool:
    """Whether a frame to the browser held the terminal's hole cards before a showdown
    (the deal events to the browser hide them)."""
    names = _names(frames)
    seat = names.index(NAME)
    for m in frames:
        event = m.get("event") if m.get("type") == "event" else None
        if event and event["kind"] == "deal" and event["seat"] == seat and event["cards"]:
            return True
    return False
