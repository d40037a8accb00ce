"""Every screen and dialog of the terminal game, at a terminal too small for it (issue 29,
terminal item 11): it says so, takes no key but ``ctrl+q`` (which still quits, or asks
first at a table), and once the window is large enough again it works as before, with
the focus where it was.

The screens are found by walking the modules of :mod:`pokerroom.tui`, so a screen added
later is checked too: the test fails until it has a case here.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import pkgutil
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.screen import ModalScreen, Screen
from textual.widget import Widget

import pokerroom.tui
from conftest import DATA
from pokerroom.engine import EventKind
from pokerroom.storage.saves import DamagedStoreError, StoredHand
from pokerroom.tui.app import PokerApp
from pokerroom.tui.base import MIN_HEIGHT, MIN_WIDTH, Dialog, Gated, RoomScreen
from pokerroom.tui.screens.dialogs import LineDialog
from pokerroom.tui.screens.table import TableScreen
from tui_helpers import make_app, make_game, screen_text, sit, stack_names, until, your_turn

SMALL = (MIN_WIDTH - 10, MIN_HEIGHT - 4)
GOOD = (MIN_WIDTH, MIN_HEIGHT)

BURST = ("enter", "a", "c", "f", "r", "s", "x", "y", "n", "b", "e", "p", "o", "5", "0",
         "escape", "tab", "space", "down", "right", "delete", "ctrl+s", "question_mark",
         "enter")  # fmt: skip
"""Keys that act on one screen or another (choose, letters, digits, back, next field)."""

BASES = {Gated, RoomScreen, Dialog, LineDialog}
"""What screens are made of, not screens the app shows."""


def screen_classes() -> set[type[Screen[object]]]:
    """Every screen class defined in the modules of :mod:`pokerroom.tui`."""
    found: set[type[Screen[object]]] = set()
    for module in pkgutil.walk_packages(pokerroom.tui.__path__, "pokerroom.tui."):
        loaded = importlib.import_module(module.name)
        for _, cls in inspect.getmembers(loaded, inspect.isclass):
            if issubclass(cls, Screen) and cls.__module__ == loaded.__name__:
                found.add(cls)
    return {cls for cls in found if cls not in BASES and not cls.__name__.startswith("_")}


def _replayed_hand() -> StoredHand:
    phh = (DATA / "phh" / "pluribus" / "31" / "20.phh").read_text(encoding="utf-8")
    return StoredHand(game=1, number=1, summary="a hand", phh=phh)


@dataclass
class Shown:
    """A screen on top and what it answered (for a dialog)."""

    screen: Screen[object]
    answers: list[object]


async def _push(pilot: Pilot[None], screen: Screen[object]) -> Shown:
    answers: list[object] = []
    pilot.app.push_screen(screen, answers.append)
    await until(pilot, lambda: pilot.app.screen is screen and screen.is_mounted)
    await pilot.pause()
    return Shown(screen, answers)


Show = Callable[[Pilot[None]], Awaitable["Shown"]]


def _dialog(make: Callable[[PokerApp], Screen[object]]) -> Show:
    async def show(pilot: Pilot[None]) -> Shown:
        assert isinstance(pilot.app, PokerApp)
        return await _push(pilot, make(pilot.app))

    return show


async def _table(pilot: Pilot[None]) -> Shown:
    screen = await sit(pilot, make_game(seed=4))
    await pilot.pause()
    return Shown(screen, [])


async def _menu(pilot: Pilot[None]) -> Shown:
    from pokerroom.tui.screens.menu import MenuScreen

    await until(pilot, lambda: isinstance(pilot.app.screen, MenuScreen))
    await pilot.pause()
    return Shown(pilot.app.screen, [])


def _gone(shown: Shown, pilot: Pilot[None]) -> bool:
    return shown.screen not in pilot.app.screen_stack


def _answered(answer: object) -> Callable[[Shown, Pilot[None]], bool]:
    return lambda shown, pilot: shown.answers == [answer] and _gone(shown, pilot)


async def _remote(pilot: Pilot[None]) -> Shown:
    from pokerroom.tui.screens.remote import RemoteTableScreen
    from test_room_join import FakeLink, your_turn_messages

    screen = RemoteTableScreen(FakeLink(your_turn_messages()))
    pilot.app.push_screen(screen)
    await until(pilot, lambda: screen.is_mounted and screen._my_turn())
    await pilot.pause()
    return Shown(screen, [])


def _remote_sent(shown: Shown, pilot: Pilot[None]) -> bool:
    link = getattr(shown.screen, "link", None)
    return bool(link is not None and link.sent and link.sent[-1]["action"] == "call")


def _table_moved(shown: Shown, pilot: Pilot[None]) -> bool:
    screen = shown.screen
    assert isinstance(screen, TableScreen)
    hand = screen.game.table.hand
    return any(e.seat == 0 and e.kind is EventKind.CALL for e in hand.events) and (
        your_turn(screen) or not screen.is_current
    )


@dataclass
class Case:
    show: Callable[[Pilot[None]], Awaitable[Shown]]
    key: str
    """A key that acts on the screen at a good size ..."""
    acted: Callable[[Shown, Pilot[None]], bool]
    """... and what it did."""


def _cases() -> dict[str, Case]:
    from pokerroom.tui.screens.archive import HistoryScreen, ReplayScreen
    from pokerroom.tui.screens.damaged import DamagedSavesDialog
    from pokerroom.tui.screens.dialogs import (
        BustDialog,
        ConfirmDialog,
        HandOverScreen,
        KeysDialog,
        LeaveDialog,
        MessageDialog,
        SaveDialog,
    )
    from pokerroom.tui.screens.gameover import GameOverScreen
    from pokerroom.tui.screens.howto import HowToScreen
    from pokerroom.tui.screens.loadgame import LoadScreen
    from pokerroom.tui.screens.newgame import NewGameScreen
    from pokerroom.tui.screens.remote import ChatDialog
    from pokerroom.tui.screens.seating import AmountDialog
    from pokerroom.tui.screens.settings import SettingsScreen

    def back(shown: Shown, pilot: Pilot[None]) -> bool:
        return _gone(shown, pilot)

    def opened(name: str) -> Callable[[Shown, Pilot[None]], bool]:
        return lambda shown, pilot: stack_names(pilot.app)[-1] == name

    damaged = DamagedStoreError("the save file is damaged: not a database", Path("x.db"))
    return {
        "MenuScreen": Case(_menu, "enter", opened("NewGameScreen")),
        "NewGameScreen": Case(_dialog(lambda app: NewGameScreen()), "escape", back),
        "TableScreen": Case(_table, "c", _table_moved),
        "RemoteTableScreen": Case(_remote, "c", _remote_sent),
        "ChatDialog": Case(_dialog(lambda app: ChatDialog()), "escape", _answered(None)),
        "AmountDialog": Case(
            _dialog(lambda app: AmountDialog("Top up", "A top-up", 1, 400, 40)),
            "enter",
            _answered("40"),
        ),
        "LoadScreen": Case(_dialog(lambda app: LoadScreen()), "escape", back),
        "HistoryScreen": Case(_dialog(lambda app: HistoryScreen()), "escape", back),
        "ReplayScreen": Case(_dialog(lambda app: ReplayScreen(_replayed_hand())), "escape", back),
        "SettingsScreen": Case(_dialog(lambda app: SettingsScreen()), "escape", back),
        "HowToScreen": Case(_dialog(lambda app: HowToScreen()), "escape", back),
        "GameOverScreen": Case(_dialog(lambda app: GameOverScreen(make_game())), "enter", back),
        "HandOverScreen": Case(
            _dialog(lambda app: HandOverScreen(Text("Hero wins 4"), "Hand 1")),
            "enter",
            _answered(None),
        ),
        "LeaveDialog": Case(
            _dialog(lambda app: LeaveDialog(can_save=True, quit_app=False)),
            "escape",
            _answered("stay"),
        ),
        "ConfirmDialog": Case(
            _dialog(lambda app: ConfirmDialog("Go?", "Really?", "Yes")), "y", _answered("yes")
        ),
        "BustDialog": Case(
            _dialog(lambda app: BustDialog("You are out.")), "escape", _answered("menu")
        ),
        "SaveDialog": Case(
            _dialog(lambda app: SaveDialog("my game", [])), "enter", _answered("my game")
        ),
        "MessageDialog": Case(
            _dialog(lambda app: MessageDialog("Note", "Something.")), "enter", _answered(None)
        ),
        "KeysDialog": Case(_dialog(lambda app: KeysDialog(app.screen)), "x", _answered(None)),
        "DamagedSavesDialog": Case(
            _dialog(lambda app: DamagedSavesDialog(damaged)), "escape", _answered(False)
        ),
    }


CASES = _cases()


def test_every_screen_of_the_game_has_a_case_and_is_gated() -> None:
    found = {cls.__name__: cls for cls in screen_classes()}
    assert len(found) >= 17  # the walk found the screens (not an empty package path)
    assert set(found) == set(CASES)  # a new screen needs a case below
    for name, cls in found.items():
        assert issubclass(cls, Gated), f"{name} takes keys while the terminal is too small"
        if issubclass(cls, ModalScreen):
            assert issubclass(cls, Dialog), f"{name} is a dialog not made as a Dialog"


def _focus(app: PokerApp) -> Widget | None:
    return app.focused


def _describe(widget: Widget | None) -> str:
    return "nothing" if widget is None else f"{type(widget).__name__}#{widget.id}"


async def _small(pilot: Pilot[None], screen: Screen[object]) -> None:
    await pilot.resize_terminal(*SMALL)
    await until(pilot, lambda: screen.has_class("-too-small"))
    await pilot.pause()
    note = screen.query_one("#too-small")
    assert note.display and note.region.width > 0
    assert f"needs at least {MIN_WIDTH}×{MIN_HEIGHT}" in screen_text(pilot.app)  # type: ignore[arg-type]


async def _good(pilot: Pilot[None], screen: Screen[object]) -> None:
    await pilot.resize_terminal(*GOOD)
    await until(pilot, lambda: not screen.has_class("-too-small"))
    await pilot.pause()


def _state(shown: Shown, pilot: Pilot[None]) -> tuple[object, ...]:
    screen = shown.screen
    events = None
    link = getattr(screen, "link", None)
    if link is not None:  # a room's table: what it sent
        events = list(link.sent)
    elif isinstance(screen, TableScreen):
        hand = screen.game.table.hand
        events = None if hand is None else list(hand.events)
    return (list(pilot.app.screen_stack), list(shown.answers), events)


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_too_small_screen_takes_no_key_but_quit(name: str, tmp_path: Path) -> None:
    case = CASES[name]

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=GOOD) as pilot:
            shown = await case.show(pilot)
            screen = shown.screen
            focused = _focus(app)
            assert focused is not None or name in ("GameOverScreen", "HandOverScreen")
            before = _state(shown, pilot)
            await _small(pilot, screen)
            await pilot.press(*BURST)
            await pilot.pause()
            assert _state(shown, pilot) == before, f"{name} took a key while too small"
            for offset in ((1, 1), (SMALL[0] // 2, SMALL[1] // 2), (1, SMALL[1] - 1)):
                await pilot.click(offset=offset)  # a click is input too
            await pilot.pause()
            assert _state(shown, pilot) == before, f"{name} took a click while too small"
            assert app.is_running
            await _good(pilot, screen)
            assert _focus(app) is focused, (_describe(_focus(app)), _describe(focused))
            await pilot.press(case.key)
            await until(pilot, lambda: case.acted(shown, pilot))
            # shown at a too-small size from the start: the same once the window grows
            if _gone(shown, pilot):
                await pilot.resize_terminal(*SMALL)
                await pilot.pause()
                again = await case.show(pilot)
                screen = again.screen
                await until(pilot, lambda: screen.has_class("-too-small"))
                await pilot.press(*BURST)
                await pilot.pause()
                assert app.screen is screen and again.answers == []
                await _good(pilot, screen)
                assert _describe(_focus(app)) == _describe(focused)
            await _small(pilot, screen)
            await pilot.press("ctrl+q")
            if isinstance(screen, TableScreen):  # a game in play: quitting asks first
                ask = "ConfirmDialog" if hasattr(screen, "link") else "LeaveDialog"
                await until(pilot, lambda: stack_names(app)[-1] == ask)
            else:
                await until(pilot, lambda: not app.is_running)

    asyncio.run(scenario())
