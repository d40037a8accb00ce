"""The main menu: New game, Continue, Load game, Hand history, Settings, How to play,
Quit.  Arrow keys and Enter, or the mouse."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Footer, Static
from textual.widgets.option_list import Option

from pokerroom.storage.saves import SaveError
from pokerroom.tui.base import Menu, RoomScreen

__all__ = ["MenuScreen"]

TITLE = r"""
 ___  ___  _  _____ ___ ___ ___  ___  ___  __  __
| _ \/ _ \| |/ / __| _ \ _ \ _ \/ _ \/ _ \|  \/  |
|  _/ (_) | ' <| _||   /   /   / (_) | (_) | |\/| |
|_|  \___/|_|\_\___|_|_\_|_\_|_\\___/ \___/|_|  |_|
"""

ITEMS = (
    ("new", "New game"),
    ("continue", "Continue"),
    ("load", "Load game"),
    ("history", "Hand history"),
    ("settings", "Settings"),
    ("howto", "How to play"),
    ("quit", "Quit"),
)


class MenuScreen(RoomScreen):
    """The first screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.quit", "Quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="menu-page"):
            yield Static(TITLE, id="logo")
            yield Static("Texas hold'em against the computer", id="tagline")
            with Center():
                yield Menu(*self._options(), id="main-menu")
            yield Static("", id="menu-note")
        yield Footer(compact=True)

    def _options(self) -> list[Option]:
        latest = None
        try:
            latest = self.poker.store.latest()
        except SaveError:
            latest = None
        out = []
        for key, label in ITEMS:
            disabled = key == "continue" and latest is None
            text = label
            if key == "continue" and latest is not None:
                text = f"Continue ({latest.slot})"
            out.append(Option(text, id=key, disabled=disabled))
        return out

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        menu = self.query_one(Menu)
        highlighted = menu.highlighted
        menu.clear_options()
        menu.add_options(self._options())
        menu.highlighted = highlighted if highlighted is not None else 0
        menu.focus()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(Menu).focus()

    def on_option_list_option_selected(self, event: Menu.OptionSelected) -> None:
        choice = event.option.id
        if choice == "new":
            from pokerroom.tui.newgame import NewGameScreen

            self.app.push_screen(NewGameScreen())
        elif choice == "continue":
            latest = self.poker.store.latest()
            if latest is not None:
                from pokerroom.tui.table import open_save

                open_save(self.poker, latest.slot)
        elif choice == "load":
            from pokerroom.tui.loadgame import LoadScreen

            self.app.push_screen(LoadScreen())
        elif choice == "history":
            from pokerroom.tui.archive import HistoryScreen

            self.app.push_screen(HistoryScreen())
        elif choice == "settings":
            from pokerroom.tui.settings import SettingsScreen

            self.app.push_screen(SettingsScreen())
        elif choice == "howto":
            from pokerroom.tui.howto import HowToScreen

            self.app.push_screen(HowToScreen())
        elif choice == "quit":
            self.app.exit()
