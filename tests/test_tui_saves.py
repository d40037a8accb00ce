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
from pokerroom.tui.screens.dialogs import HandOverScreen
from pokerroom.tui.screens.gameover import GameOverScreen
from pokerroom.tui.screens.menu import MenuScreen
from pokerroom.tui.screens.table import TableScreen
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


async def play_to_the_end(pilot: Pilot[None], screen: TableScreen) -> None:
    """Check or call at every decision (Enter at a showdown) until the game is over."""
    app = pilot.app
    while not isinstance(app.screen, GameOverScreen):
        await decide(pilot, screen, 1)


def test_continue_after_busting_takes_no_decision_back_nor_rewrites_the_history(
    tmp_path: Path,
) -> None:
    """Issue 29, item 5: you call all-in and lose; Continue shows the end of the game
    (it used to give back your turn before the call, and replay that hand into the
    history in place of the one played)."""

    async def first() -> tuple[int, tuple[int, ...], list[tuple[int, str]]]:
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            game = make_game(("random",), stacks=[40, 1960], seed=2)
            history = app.store.new_game("busting")
            screen = await sit(pilot, game, history)
            await play_to_the_end(pilot, screen)
            assert game.table.out[0] and game.number == 3
            hands = [(h.number, h.phh) for h in app.store.hands(history)]
            return game.number, game.table.stacks, hands

    async def second() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await pilot.press("down", "enter")  # Continue

            def settled() -> bool:
                screen = app.screen
                return isinstance(screen, GameOverScreen) or (
                    isinstance(screen, TableScreen) and your_turn(screen)
                )

            await until(pilot, settled)
            assert isinstance(app.screen, GameOverScreen), "a decision was taken back"
            game = app.screen.game
            assert (game.number, game.table.stacks) == (number, stacks)
        assert [(h.number, h.phh) for h in app.store.hands(1)] == hands

    number, stacks, hands = asyncio.run(first())
    assert [n for n, _ in hands] == [1, 2, 3]
    asyncio.run(second())


def test_a_game_that_goes_another_way_from_a_save_gets_a_history_of_its_own(
    tmp_path: Path,
) -> None:
    async def first() -> list[tuple[int, str]]:
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            game = make_game(("calling-station",), seed=6)
            screen = await sit(pilot, game, app.store.new_game("Hero against 1"))
            await save_as(pilot, screen, "early")
            while not isinstance(app.screen, HandOverScreen):  # hand 1 called down: kept
                showdown = game.view(0).street is Street.SHOWDOWN
                await move(pilot, screen, "enter" if showdown else "c")
            return [(h.number, h.phh) for h in app.store.hands(1)]

    async def second() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            screen = await load(pilot, "early")
            await until(pilot, lambda: your_turn(screen))
            await pilot.press("f")  # hand 1 goes another way: you fold
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
            assert [(h.number, h.phh) for h in app.store.hands(1)] == kept  # untouched
            games = app.store.games()
            assert [g[2] for g in games] == ["Hero against 1 (again from hand 1)",
                                             "Hero against 1"]  # fmt: skip
            (again,) = app.store.hands(games[0][0])
            assert again.number == 1 and '"p2 f"' in again.phh  # (Hero is p2, the button)
            assert '"p2 f"' not in kept[0][1]

    kept = asyncio.run(first())
    assert kept and kept[0][0] == 1
    asyncio.run(second())


GARBAGE = b"this is not a database, it was damaged " * 200


def test_a_damaged_save_file_at_start_is_moved_aside_kept_and_saving_works_again(
    tmp_path: Path,
) -> None:
    """Issue 29, item 8: a damaged save file used to make every save fail until it was
    deleted by hand; now the game offers to move it aside, keeps it, starts afresh."""
    path = tmp_path / "pokerroom.db"
    path.write_bytes(GARBAGE)

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: screen_name(pilot) == "DamagedSavesDialog")
            text = str(app.screen.query_one("#damaged-text").render())
            assert "pokerroom.db" in text and "damaged" in text and "kept" in text
            await pilot.press("enter")  # "Move it aside, start afresh" has the focus
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            (kept,) = tmp_path.glob("pokerroom.db.damaged-*")
            assert kept.name == "pokerroom.db.damaged-2026-01-01-12-00"
            assert kept.read_bytes() == GARBAGE  # kept as it was
            game = make_game(seed=4)
            await sit(pilot, game)  # your turn: autosaved in the fresh file
            assert app.store.load("autosave").data["game"]["seed"] == 4

    asyncio.run(scenario())


def test_a_save_file_damaged_during_a_game_is_offered_to_be_moved_aside(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            game = make_game(("calling-station",), seed=4)
            screen = await sit(pilot, game, app.store.new_game("first"))
            (tmp_path / "pokerroom.db").write_bytes(GARBAGE)
            await pilot.press("c")  # the autosave after your call fails: you are asked
            await until(pilot, lambda: screen_name(pilot) == "DamagedSavesDialog")
            await pilot.press("escape")  # leave it
            await until(pilot, lambda: your_turn(screen))
            await move(pilot, screen, "c")  # failing again: a notice, not the question
            assert screen_name(pilot) in ("TableScreen", "HandOverScreen")
            assert (tmp_path / "pokerroom.db").read_bytes() == GARBAGE
            while not your_turn(screen):
                await pilot.press("space")
                await until(pilot, lambda: your_turn(screen) or screen_name(pilot) != "TableScreen")
            await pilot.press("s")  # saving by hand asks again
            await until(pilot, lambda: screen_name(pilot) == "SaveDialog")
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(pilot) == "DamagedSavesDialog")
            await pilot.press("enter")  # move it aside: the game is saved, and autosaved
            await until(pilot, lambda: screen.is_current and len(app.store.slots()) == 2)
            assert app.store.load(f"hand {game.number}").data["game"]["chips"] == game.chips
            (kept,) = tmp_path.glob("pokerroom.db.damaged-*")
            assert kept.read_bytes() == GARBAGE
            again = app.store.load("autosave").data["game"]
            assert again["chips"] == game.chips and your_turn(screen)
            assert [g[2] for g in app.store.games()] == [] and screen.history is not None

    asyncio.run(scenario())


def test_continue_at_a_hand_s_summary_shows_it_again_and_keeps_the_hand_once(
    tmp_path: Path,
) -> None:
    async def first() -> list[tuple[int, str]]:
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            game = make_game(("calling-station",), seed=6)
            screen = await sit(pilot, game, app.store.new_game("Hero against 1"))
            while not isinstance(app.screen, HandOverScreen):
                showdown = game.view(0).street is Street.SHOWDOWN
                await move(pilot, screen, "enter" if showdown else "c")
            return [(h.number, h.phh) for h in app.store.hands(1)]  # quit at the summary

    async def second() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await pilot.press("down", "enter")  # Continue
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
            assert [(g[0], g[3]) for g in app.store.games()] == [(1, 1)]
            assert [(h.number, h.phh) for h in app.store.hands(1)] == kept
            await pilot.press("space")
            await until(pilot, lambda: isinstance(app.screen, TableScreen)
                        and your_turn(app.screen) and app.screen.game.number == 2)  # fmt: skip

    kept = asyncio.run(first())
    assert [n for n, _ in kept] == [1]
    asyncio.run(second())
