"""Shared helpers of the terminal-game tests: an app on a temporary data directory with
instant bots, games set up with chosen stacks and seeds, and waiting for the hand loop."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual import events
from textual.app import App
from textual.keys import _character_to_key
from textual.pilot import Pilot
from textual.screen import Screen

from pokerroom.engine import Action, Street
from pokerroom.rules import Rules
from pokerroom.storage.saves import Store
from pokerroom.tui.app import SAVE_FILE, PokerApp
from pokerroom.tui.base import RoomApp
from pokerroom.tui.game import Game, Setup
from pokerroom.tui.screens.table import TableScreen

CLOCK = "2026-01-01 12:00"


def make_app(directory: Path, *, seed: int | None = None, speed: str = "instant") -> PokerApp:
    """The app on ``directory`` (its save store made here, as ``pokerroom play`` makes
    it), a fixed clock (no real timestamps) and instant bots."""
    store = Store(directory / SAVE_FILE, clock=lambda: CLOCK)
    app = PokerApp(store, directory=directory, seed=seed)
    app.prefs.speed = speed
    return app


def make_game(
    bots: Sequence[str] = ("calling-station", "calling-station"),
    *,
    preset: str = "no-limit",
    stacks: Sequence[int] | None = None,
    seed: int = 3,
    name: str = "Hero",
) -> Game:
    """A game against ``bots``; ``stacks`` (default: everyone the buy-in) at the start."""
    setup = Setup(name=name, bots=tuple(bots), rules=Rules.preset(preset), seed=seed)
    return Game.new(setup, None if stacks is None else list(stacks))


async def until(pilot: Pilot[None], ready: Callable[[], bool], timeout: float = 15.0) -> None:
    """Let the app run until ``ready()`` (the hand loop is a worker: it needs the loop)."""
    end = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting; the screen is {pilot.app.screen!r}")
        await pilot.pause(0.01)


async def sit(pilot: Pilot[None], game: Game, history: int | None = None) -> TableScreen:
    """Sit down at ``game``'s table and wait for your first turn."""
    screen = TableScreen(game, history)
    pilot.app.push_screen(screen)
    await until(pilot, lambda: your_turn(screen))
    return screen


async def move(pilot: Pilot[None], screen: TableScreen, key: str) -> None:
    """Press ``key`` on your turn and wait for your next turn or the end of the hand
    (not for the turn the key was pressed in, which lasts until the loop takes the key)."""
    turn = screen._choice
    assert turn is not None and not turn.done(), "not your turn"
    await pilot.press(key)
    await until(pilot, lambda: (your_turn(screen) and screen._choice is not turn)
                or pilot.app.screen is not screen)  # fmt: skip


def play_out(game: Game) -> None:
    """Play the hand in play to its end on the table: every seat checks or calls, and at
    the showdown does what the table would do for it (show a hand that can win)."""
    table = game.table
    while table.in_hand:
        legal = table.legal_actions()
        if legal.street is Street.SHOWDOWN:
            table.apply(table.default_action())
        else:
            table.apply(Action.call() if legal.to_call else Action.check())


def your_turn(screen: TableScreen) -> bool:
    return screen.is_current and screen._my_turn()


def screen_text(app: PokerApp) -> str:
    """The current screen as the terminal shows it, as text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def screen_name(pilot: Pilot[None]) -> str:
    return type(pilot.app.screen).__name__


# ---------------------------------------------------------------- keys in bursts

_NAMED = {"enter": "\r", "escape": "\x1b", "space": " ", "tab": "\t", "backspace": "\x7f",
          "ctrl+s": "\x13", "ctrl+q": "\x11"}  # fmt: skip


def key_event(key: str) -> events.Key:
    """The key event a terminal gives for ``key`` (a character, or a key's name)."""
    if len(key) == 1:
        return events.Key(key if key.isalnum() else _character_to_key(key), key)
    return events.Key(key, _NAMED.get(key))


def burst(app: App[None], keys: Sequence[str]) -> None:
    """``keys`` arriving at once, as a terminal delivers keys read in one go (a fast
    typist, a held key, ``tmux send-keys Enter Enter``): all are queued before the app
    handles the first."""
    for key in keys:
        app.post_message(key_event(key))


def steady(app: PokerApp) -> bool:
    """Whether the app waits for a person: not at a table whose loop is still playing
    the computer players' decisions."""
    screen = app.screen
    if isinstance(screen, TableScreen):
        return your_turn(screen) or not hand_loop_running(screen) or screen.watching
    return True


def hand_loop_running(screen: TableScreen) -> bool:
    """Whether the table's hand loop (a worker) is still going."""
    return any(w.node is screen and w.group == "hand-loop" and w.is_running
               for w in screen.app.workers)  # fmt: skip


async def settle(pilot: Pilot[None], timeout: float = 15.0) -> None:
    """Let a burst be handled: the app waits for a person again, and nothing more is
    queued."""
    app = pilot.app
    assert isinstance(app, PokerApp)
    for _ in range(3):  # a key goes app -> focused widget -> (bubbling) screen -> app
        await pilot.pause()
        await until(pilot, lambda: steady(app) or not app.is_running, timeout)


def stack_names(app: App[None]) -> list[str]:
    """The screens of the stack by their classes' names, the first (Textual's own) left
    out."""
    return [type(s).__name__ for s in app.screen_stack[1:]]


FULL_SCREENS = {"NewGameScreen", "TableScreen", "LoadScreen", "HistoryScreen",
                "SettingsScreen", "HowToScreen", "GameOverScreen"}  # fmt: skip


def check_stack(app: App[None]) -> None:
    """The screen stack is one a person can reach: the menu at the bottom, at most one
    full screen over it (the history's replay over the history), dialogs on top, never
    two of a kind."""
    names = stack_names(app)
    assert names and names[0] == "MenuScreen", names
    assert len(set(names)) == len(names), names
    full = [n for n in names[1:] if not n.endswith(("Dialog", "HandOverScreen"))]
    assert len([n for n in full if n in FULL_SCREENS]) <= 1, names
    assert all(n in FULL_SCREENS or n == "ReplayScreen" for n in full), names
    if "ReplayScreen" in full:
        assert full == ["HistoryScreen", "ReplayScreen"], names
    dialogs = [k for k, n in enumerate(names) if n.endswith(("Dialog", "HandOverScreen"))]
    assert dialogs == list(range(len(names) - len(dialogs), len(names))), names


def chips_in_play(game: Game) -> int:
    """Every chip at the table: the stacks and, mid-hand, the pot."""
    table = game.table
    hand = table.hand
    pot = hand.pot if hand is not None and table.in_hand else 0
    return sum(table.stacks) + pot


class BareRoom(RoomApp):
    """A room app with nothing behind it: no screens to make, no saves, no games."""

    SCREEN_MAKERS: ClassVar[dict[str, Callable[..., Screen[Any]]]] = {}

    def offer_fresh_saves(self, error: Any, *, again: bool = False,
                          then: Callable[[], object] | None = None) -> None:  # fmt: skip
        raise NotImplementedError

    def open_new(self, setup: Any) -> None:
        raise NotImplementedError

    def open_save(self, slot: str) -> bool:
        raise NotImplementedError

    def play_again(self, setup: Any, *, replace: Screen[None]) -> None:
        raise NotImplementedError


SCREEN_SIZE = (100, 30)


def on_screen(
    tmp_path: Path,
    make: Callable[[PokerApp], Screen[Any]],
    play: Callable[[Pilot[None], Screen[Any], list[object]], Awaitable[None]],
) -> None:
    """``make``'s screen pushed over the menu, its answers noted, then ``play`` run on it."""

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=SCREEN_SIZE) as pilot:
            await until(pilot, lambda: screen_name(pilot) == "MenuScreen")
            screen = make(app)
            answers: list[object] = []
            app.push_screen(screen, answers.append)
            await until(pilot, lambda: app.screen is screen and screen.is_mounted)
            await pilot.pause()
            await play(pilot, screen, answers)

    asyncio.run(scenario())


def widget_texts(screen: Screen[Any], selector: str) -> list[str]:
    """What each widget ``selector`` finds on ``screen`` draws, as text."""
    return [str(w.render()) for w in screen.query(selector)]
