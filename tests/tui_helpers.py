"""Shared helpers of the terminal-game tests: an app on a temporary data directory with
instant bots, games set up with chosen stacks and seeds, and waiting for the hand loop."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from textual.pilot import Pilot

from pokerroom.engine import Action, Street
from pokerroom.rules import Rules
from pokerroom.tui.app import PokerApp
from pokerroom.tui.game import Game, Setup
from pokerroom.tui.table import TableScreen

CLOCK = "2026-01-01 12:00"


def make_app(directory: Path, *, seed: int | None = None, speed: str = "instant") -> PokerApp:
    """The app on ``directory``, a fixed clock (no real timestamps) and instant bots."""
    app = PokerApp(directory=directory, seed=seed, clock=lambda: CLOCK)
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


async def until(pilot: Pilot[None], ready: Callable[[], bool], timeout: float = 60.0) -> None:
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
