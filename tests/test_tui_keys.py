"""Keys in bursts at every screen of the game: a key acts only on the screen (and the
decision) that was showing when it was pressed.

Each burst is queued whole before the app handles its first key, as a terminal delivers
keys read in one go (``tmux send-keys Enter Enter``, a held key, a fast typist).  After
each: nothing raised, the screen stack is one a person can reach, no screen acted on a
key meant for the one before it, no hand was dealt while one was in play, and not a chip
was made or lost.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest
from textual import events

from pokerroom.engine import ActionKind, EventKind, Street
from pokerroom.table import Table
from pokerroom.tui.app import PokerApp
from pokerroom.tui.base import Menu
from pokerroom.tui.game import Game
from pokerroom.tui.screens.dialogs import HandOverScreen
from pokerroom.tui.screens.gameover import GameOverScreen
from pokerroom.tui.screens.menu import MenuScreen
from pokerroom.tui.screens.table import TableScreen
from pokerroom.tui.widgets.table import ActionBar, AmountInput
from tui_helpers import (
    burst,
    check_stack,
    chips_in_play,
    key_event,
    make_app,
    make_game,
    screen_name,
    settle,
    sit,
    stack_names,
    until,
    your_turn,
)

SIZES = (2, 3, 6, 10)
"""Burst lengths: two keys, three (a blank screen once), six (a crash once), ten."""
FEW = (2, 10)
"""The shortest and the longest, where a screen is tried with many keys."""


def _mine(game: Game) -> list[EventKind]:
    """Your actions in the hand in play."""
    hand = game.table.hand
    assert hand is not None
    skip = {EventKind.DEAL, EventKind.ANTE, EventKind.BLIND}
    return [e.kind for e in hand.events if e.seat == 0 and e.kind not in skip]


def _check(app: PokerApp, game: Game | None = None, total: int | None = None) -> None:
    assert app.is_running and app._exception is None
    check_stack(app)
    if game is not None and total is not None:
        assert chips_in_play(game) == total
        if isinstance(app.screen, HandOverScreen):
            assert not game.table.in_hand  # nothing dealt under the summary


async def _to_summary(pilot, screen: TableScreen) -> None:
    """Fold (or check) until the hand's summary shows."""
    app = pilot.app
    while not isinstance(app.screen, HandOverScreen):
        await until(pilot, lambda: your_turn(screen) or isinstance(app.screen, HandOverScreen))
        if isinstance(app.screen, HandOverScreen):
            break
        view = screen.game.view(0)
        key = "enter" if view.street is Street.SHOWDOWN else (
            "f" if view.legal and ActionKind.FOLD in view.legal.kinds else "c")
        await pilot.press(key)
        await pilot.pause()


BURSTS = [["enter"] * n for n in SIZES] + [["space", "c", "f", "x"], ["f", "f", "enter"]]
"""Bursts at the hand's summary: Enter held, and keys that mean something at the table."""


def test_a_burst_on_the_hand_summary_goes_on_to_one_next_hand(tmp_path: Path) -> None:
    """Issue 29, item 1: two keys on the summary went back to the main menu mid-game, three
    gave a blank screen, six crashed.  Now the first deals the next hand and the others,
    pressed for the summary, act on nothing."""

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(("calling-station",) * 3, seed=4)
            total = chips_in_play(game)
            screen = await sit(pilot, game)
            for keys in BURSTS:
                await _to_summary(pilot, screen)
                number = game.number
                burst(app, keys)
                await settle(pilot)
                _check(app, game, total)
                assert stack_names(app) == ["MenuScreen", "TableScreen"], keys
                assert game.number == number + 1 and your_turn(screen), keys
                assert _mine(game) == [], keys  # the keys after the first: not the new hand's

    asyncio.run(scenario())

@pytest.mark.parametrize("by", ["keys", "clicks"])
def test_presses_made_for_the_summary_never_reach_the_next_hand(tmp_path: Path,
                                                                by: str) -> None:  # fmt: skip
    """A terminal read late (a busy machine): presses made while the summary showed reach
    the app only once the next hand waits for you, over the very button they would
    press.  They were meant for the summary: they press nothing.  (Clicks are presses
    too: a double click's second.)"""

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(("calling-station",) * 3, seed=4)
            screen = await sit(pilot, game)
            call = screen.query_one("#act-1").region  # the check or call button
            x, y = call.x + 2, call.y
            for _ in range(3):
                await _to_summary(pilot, screen)
                number = game.number
                if by == "keys":
                    first = [key_event("enter")]
                    late = [key_event(k) for k in ("c", "enter", "f", "a")]
                else:
                    first, late = [
                        [press(None, x, y, 0, 0, 1, False, False, False, x, y)
                         for press in (events.MouseDown, events.MouseUp)]
                        for _ in range(2)
                    ]  # fmt: skip
                for event in first:
                    app.post_message(event)
                await until(pilot, lambda n=number: your_turn(screen) and game.number == n + 1)
                for event in late:  # made before, read now
                    app.post_message(event)
                await settle(pilot)
                _check(app)
                assert stack_names(app) == ["MenuScreen", "TableScreen"]
                assert your_turn(screen) and _mine(game) == []

    asyncio.run(scenario())


def _menu_keys(app: PokerApp, choice: str) -> list[str]:
    """The keys that move the main menu's cursor to ``choice``."""
    menu = app.screen.query_one(Menu)
    enabled = [o.id for o in menu.options if not o.disabled]
    return ["home", *["down"] * enabled.index(choice)]


async def _at(pilot, names: list[str]) -> None:
    await until(pilot, lambda: stack_names(pilot.app) == names)
    await pilot.pause()


async def _burst(pilot, keys: list[str], game: Game | None = None,
                 total: int | None = None) -> None:  # fmt: skip
    burst(pilot.app, keys)
    await settle(pilot)
    _check(pilot.app, game, total)


def test_bursts_on_the_menu_open_one_screen(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await _at(pilot, ["MenuScreen"])
            menu = app.screen.query_one(Menu)
            for n in SIZES:
                await _burst(pilot, ["enter"] * n)  # New game, once; the form untouched
                assert stack_names(app) == ["MenuScreen", "NewGameScreen"]
                await _burst(pilot, ["escape"] * n)  # back once: the menu's Esc (quit) not hit
                assert stack_names(app) == ["MenuScreen"] and app.is_running
                await _burst(pilot, ["up"] * n)  # at the top it stays: Quit is not above
                assert menu.highlighted == 0
            await _burst(pilot, ["down"] * 10)  # at the bottom it stays too
            assert menu.highlighted == menu.option_count - 1
            await _burst(pilot, ["home", "question_mark", "question_mark", "enter"])
            assert stack_names(app) == ["MenuScreen", "KeysDialog"]  # once; Enter closes?
            await _burst(pilot, ["z", "z", "enter"])  # any key closes the list, once
            assert stack_names(app) == ["MenuScreen"] and menu.highlighted == 0

    asyncio.run(scenario())


def test_bursts_on_the_new_game_form(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await _at(pilot, ["MenuScreen"])
            for n in SIZES:
                await _burst(pilot, ["enter"])
                assert stack_names(app) == ["MenuScreen", "NewGameScreen"]
                keys = ["ctrl+s"] * n if n % 2 else ["enter"] * n  # Start: the key, the button
                await _burst(pilot, keys)
                assert stack_names(app) == ["MenuScreen", "TableScreen"]  # one table
                table = app.screen
                assert isinstance(table, TableScreen) and table.game.number == 1
                assert your_turn(table) and _mine(table.game) == []  # the form's keys: not here
                await _burst(pilot, ["x"])
                await _burst(pilot, ["left", "enter"])  # leave without saving
                assert stack_names(app) == ["MenuScreen"]
            await _burst(pilot, ["enter"])
            await _burst(pilot, ["escape"] * 6)
            assert stack_names(app) == ["MenuScreen"] and app.is_running

    asyncio.run(scenario())


def test_bursts_at_the_table_act_once_on_the_decision_they_were_pressed_for(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(("calling-station",) * 2, seed=9, stacks=[5000, 5000, 5000])
            total = chips_in_play(game)
            screen = await sit(pilot, game)
            table = ["MenuScreen", "TableScreen"]
            for n in FEW:
                dialogs = (("x", "LeaveDialog"), ("s", "SaveDialog"), ("a", "ConfirmDialog"),
                           ("question_mark", "KeysDialog"))  # fmt: skip
                for key, dialog in dialogs:
                    await _burst(pilot, [key] * n, game, total)
                    assert stack_names(app) == [*table, dialog], key
                    await _burst(pilot, ["escape"] * n, game, total)  # back once: to the table
                    assert stack_names(app) == table and your_turn(screen)
                await _burst(pilot, ["x"])
                await _burst(pilot, ["enter"] * n, game, total)  # Stay (focused), once
                assert stack_names(app) == table and your_turn(screen)
                saves = len(app.store.slots())
                await _burst(pilot, ["s"])
                await _burst(pilot, ["backspace"] * 12 + list(f"b{n}") + ["enter"] * n, game, total)
                assert stack_names(app) == table and len(app.store.slots()) == saves + 1
                assert _mine(game) == [] and your_turn(screen)  # the extra Enters: not the table's
                # the amount field: keys typed before it opened are not for it
                await _burst(pilot, ["r", "a", "b", "c", "enter"], game, total)
                field = screen.query_one(AmountInput)
                assert field.has_focus and field.value == "8" and _mine(game) == []
                await _burst(pilot, ["escape"] * n, game, total)
                assert not field.has_focus and your_turn(screen) and _mine(game) == []
            await _burst(pilot, ["c"] * 3, game, total)  # the call, once: then the flop
            assert _mine(game) == [EventKind.CALL] and game.view(0).street is Street.FLOP
            await _burst(pilot, ["f"] * 3, game, total)  # checking is free: f says so
            assert "checking is free" in screen.query_one(ActionBar).message
            assert _mine(game) == [EventKind.CALL] and your_turn(screen)
            await _burst(pilot, ["c"] * 6, game, total)  # the check, once: then the turn
            assert _mine(game) == [EventKind.CALL, EventKind.CHECK]
            assert game.view(0).street is Street.TURN
            # the field takes what is typed while it is open, once; then the next decision
            await _burst(pilot, ["b"])
            await _burst(pilot, ["1", "2", "0", *["enter"] * 6], game, total)
            hand = game.table.hand
            bets = [e.total for e in hand.events if e.seat == 0 and e.kind is EventKind.BET]
            assert bets == [120] and game.view(0).street is Street.RIVER
            await _burst(pilot, ["a"])
            await _burst(pilot, ["enter"] * 6, game, total)  # all-in, once
            betting = [k for k in _mine(game) if k is not EventKind.SHOW]  # all-in: cards shown
            assert betting == [EventKind.CALL, EventKind.CHECK, EventKind.BET, EventKind.BET]
            assert isinstance(app.screen, HandOverScreen) or your_turn(screen)

    asyncio.run(scenario())


def test_bursts_at_001_s_straddle_and_showdown(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(("calling-station",) * 2, preset="computer-tournament", seed=3)
            game.table = Table(game.rules, [1000] * 3, names=game.names, button=2,
                               rng=random.Random(3))  # fmt: skip
            total = chips_in_play(game)
            screen = await sit(pilot, game)
            await _burst(pilot, ["c"] * 6, game, total)  # no call at the straddle: says why
            assert _mine(game) == [] and "straddle" in screen.query_one(ActionBar).message
            await until(pilot, lambda: app.focused is not None)
            await _burst(pilot, ["enter"] * 6, game, total)  # the straddle, once
            assert _mine(game) == [EventKind.STRADDLE] or _mine(game) == [EventKind.RAISE]
            while not isinstance(app.screen, HandOverScreen):
                await until(pilot, lambda: your_turn(screen)
                            or isinstance(app.screen, HandOverScreen))  # fmt: skip
                if isinstance(app.screen, HandOverScreen):
                    break
                assert screen.view is not None
                if screen.view.street is Street.SHOWDOWN:
                    await until(pilot, lambda: screen.query_one("#declare", Menu).has_focus)
                    shown = len(_mine(game))
                    await _burst(pilot, ["enter"] * 6, game, total)  # one declaration
                    assert len(_mine(game)) == shown + 1
                    break
                key = "c" if screen.check_action("choose", ("c",)) else "r"
                await _burst(pilot, [key], game, total)
            assert isinstance(app.screen, HandOverScreen) or your_turn(screen)

    asyncio.run(scenario())


def test_bursts_on_the_summary_save_leave_and_list_keys_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(seed=4)
            total = chips_in_play(game)
            screen = await sit(pilot, game)
            await _to_summary(pilot, screen)
            summary = ["MenuScreen", "TableScreen", "HandOverScreen"]
            for n in FEW:
                for key, dialog in (("s", "SaveDialog"), ("x", "LeaveDialog"),
                                    ("question_mark", "KeysDialog")):  # fmt: skip
                    await _burst(pilot, [key] * n, game, total)
                    assert stack_names(app) == [*summary, dialog]
                    await _burst(pilot, ["escape"] * n, game, total)
                    assert stack_names(app) == summary and game.number == 1
            await _burst(pilot, ["x"])
            await _burst(pilot, ["left", "enter", "enter", "enter"])  # leave, once
            assert stack_names(app) == ["MenuScreen"] and app.is_running

    asyncio.run(scenario())


def test_bursts_on_settings_how_to_play_and_history(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await sit(pilot, make_game(seed=12), history=app.store.new_game("a game"))
            await _to_summary(pilot, screen)
            await _burst(pilot, ["space"])
            await _burst(pilot, ["x"])
            await _burst(pilot, ["left", "enter"])
            await _at(pilot, ["MenuScreen"])
            for item, name in (("settings", "SettingsScreen"), ("howto", "HowToScreen"),
                               ("history", "HistoryScreen")):  # fmt: skip
                for n in FEW:
                    await _burst(pilot, [*_menu_keys(app, item), "enter", "enter", "enter"])
                    assert stack_names(app) == ["MenuScreen", name]
                    if name == "HistoryScreen":
                        await _burst(pilot, ["enter"] * n)  # the game: its hands' list, only
                        assert stack_names(app) == ["MenuScreen", name]
                        await _burst(pilot, ["enter"] * n)  # the hand's replay, once
                        assert stack_names(app) == ["MenuScreen", name, "ReplayScreen"]
                        await _burst(pilot, ["escape"] * n)  # back to the list, once
                        assert stack_names(app) == ["MenuScreen", name]
                    await _burst(pilot, ["escape"] * n)
                    assert stack_names(app) == ["MenuScreen"] and app.is_running

    asyncio.run(scenario())


def test_bursts_on_the_load_screen_and_a_message(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await sit(pilot, make_game(seed=4))  # your turn: autosaved
            await _burst(pilot, ["s"])
            await _burst(pilot, ["backspace"] * 12 + list("mine") + ["enter"])
            await _burst(pilot, ["x"])
            await _burst(pilot, ["left", "enter"])
            await _at(pilot, ["MenuScreen"])
            for n in FEW:
                await _burst(pilot, [*_menu_keys(app, "load"), "enter", "enter"])  # Load game
                assert stack_names(app) == ["MenuScreen", "LoadScreen"]
                await _burst(pilot, ["delete"] * n)  # asks once
                assert stack_names(app) == ["MenuScreen", "LoadScreen", "ConfirmDialog"]
                await _burst(pilot, ["enter"] * n)  # Cancel is focused: nothing deleted
                assert stack_names(app) == ["MenuScreen", "LoadScreen"]
                assert len(app.store.slots()) == 2
                await _burst(pilot, ["enter"] * n)  # one table, loaded; the others dropped
                assert stack_names(app) == ["MenuScreen", "TableScreen"]
                table = app.screen
                assert isinstance(table, TableScreen)
                await until(pilot, lambda: your_turn(app.screen))  # type: ignore[arg-type]
                assert _mine(table.game) == []
                await _burst(pilot, ["x"])
                await _burst(pilot, ["left", "enter"])
                assert stack_names(app) == ["MenuScreen"]
        with sqlite3.connect(tmp_path / "pokerroom.db") as db:
            db.execute("UPDATE saves SET data = replace(data, '1000', '9000')")
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await _at(pilot, ["MenuScreen"])
            await _burst(pilot, ["down", "enter", "enter", "enter"])  # Continue: damaged
            assert stack_names(app) == ["MenuScreen", "MessageDialog"]
            await _burst(pilot, ["enter"] * 6)  # OK, once: the menu, not New game
            assert stack_names(app) == ["MenuScreen"]

    asyncio.run(scenario())


def test_bursts_after_busting_and_at_the_end(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        app.prefs.confirm_all_in = False
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(("calling-station", "calling-station"), stacks=[10, 4, 1000],
                             seed=17)  # fmt: skip
            screen = await sit(pilot, game)
            await _burst(pilot, ["a"] * 6)
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
            await _burst(pilot, ["space"] * 6)  # the summary, then the question: asked once
            await until(pilot, lambda: screen_name(pilot) == "BustDialog")
            await _burst(pilot, ["enter"] * 6)  # watch, once
            # (the two calling stations play to the end: about a second)
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=20)
            assert screen.watching and game.table.is_over
            await _burst(pilot, ["enter"] * 6)  # the menu, once (not New game)
            assert stack_names(app) == ["MenuScreen"]
            assert isinstance(app.screen, MenuScreen)

    asyncio.run(scenario())


def test_your_turn_shows_only_when_its_keys_are_live(tmp_path: Path) -> None:
    """The table never shows your turn while its keys act on nothing: a hand in which you
    act first (heads-up, the button speaks first pre-flop; and a game loaded at your turn)
    was drawn before the decision took keys, and a key pressed for what showed was
    dropped (ctrl+q right after a loaded game showed, in a terminal)."""
    shown: list[tuple[int, bool]] = []
    draw = TableScreen.show

    def show(screen: TableScreen) -> None:
        draw(screen)
        view = screen.view
        if view is not None and view.is_my_turn:
            shown.append((screen.game.number, screen._my_turn()))

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(("calling-station",), seed=5)
            screen = await sit(pilot, game)
            for _ in range(4):
                await _to_summary(pilot, screen)
                await pilot.press("enter")
                await until(pilot, lambda: your_turn(screen))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TableScreen, "show", show)
        asyncio.run(scenario())
    assert {number for number, _ in shown} >= {1, 2, 3, 4, 5}
    assert all(live for _, live in shown), shown
