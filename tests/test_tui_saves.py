"""Saving, loading and continuing in the terminal game (Textual's pilot), checked on the
engine: a loaded save plays on exactly as the game that never stopped (the computer
players' memory and random sources are in the save); Continue never takes a decision
back and the hand history is never rewritten; a damaged save file is moved aside (kept)
when you say so, and saving works again."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from pokerroom.engine import Street
from pokerroom.tui.dialogs import HandOverScreen
from pokerroom.tui.gameover import GameOverScreen
from pokerroom.tui.menu import MenuScreen
from pokerroom.tui.table import TableScreen
from tui_helpers import make_app, make_game, move, screen_name, sit, until, your_turn

SIZE = (80, 24)


async def decide(pilot: Pilot[None], screen: TableScreen, n: int) -> list[Any]:
    """Check or call at your next ``n`` decisions (Enter at a showdown: the table's
    choice), going on past the hand summaries; each turn, note the hand and its actions
    so far (the computer players' included), and at the end the stacks."""
    app = pilot.app
    game = screen.game
    seen: list[Any] = []

    def settled() -> bool:
        return your_turn(screen) or isinstance(app.screen, HandOverScreen | GameOverScreen)

    for _ in range(n):
        await until(pilot, settled)
        while isinstance(app.screen, HandOverScreen):
            await pilot.press("space")
            await until(pilot, lambda: your_turn(screen) or isinstance(app.screen, GameOverScreen))
        if not your_turn(screen):
            break
        seen.append((game.number, game.table.actions))
        await move(pilot, screen, "enter" if game.view(0).street is Street.SHOWDOWN else "c")
    await until(pilot, settled)
    seen.append((game.number, game.table.actions, game.table.stacks))
    return seen


async def save_as(pilot: Pilot[None], screen: TableScreen, name: str) -> None:
    await pilot.press("s")
    await until(pilot, lambda: screen_name(pilot) == "SaveDialog")
    await pilot.press(*["backspace"] * 8, *name, "enter")  # the name offered: "hand N"
    await until(pilot, lambda: screen.is_current)


async def load(pilot: Pilot[None], slot: str) -> TableScreen:
    """From the main menu, Load game, then ``slot``."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, MenuScreen))
    await pilot.press("down", "down", "enter")  # Load game
    await until(pilot, lambda: screen_name(pilot) == "LoadScreen")
    slots = [o.id for o in app.screen.query_one("#saves").options]
    await pilot.press(*["down"] * slots.index(slot), "enter")
    await until(pilot, lambda: isinstance(app.screen, TableScreen))
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


BOTS = ("random", "rule-based", "strong")


def test_a_loaded_save_plays_on_as_the_game_never_stopped(tmp_path: Path) -> None:
    """Issue 29, item 4: seed 7, saved on the flop, then three calls; loaded, the same
    three calls: the computer players act exactly as they did."""

    async def first() -> list[Any]:
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            game = make_game(BOTS, seed=7)
            screen = await sit(pilot, game)
            while game.table.hand.street is not Street.FLOP:
                await move(pilot, screen, "c")
            await save_as(pilot, screen, "flop")
            return await decide(pilot, screen, 6)

    async def second() -> list[Any]:
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await load(pilot, "flop")
            await until(pilot, lambda: your_turn(screen))
            assert screen.game.table.hand.street is Street.FLOP
            return await decide(pilot, screen, 6)

    never_stopped = asyncio.run(first())
    assert len(never_stopped) > 4 and len({hand for hand, *_ in never_stopped}) > 1
    assert asyncio.run(second()) == never_stopped
