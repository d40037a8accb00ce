"""What every screen of the game shares: the minimum terminal size, and menus driven
by the arrow keys and Enter with every key listed in the footer."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import OptionList, Static

if TYPE_CHECKING:
    from pokerroom.tui.app import PokerApp

__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "Menu", "RoomScreen", "TooSmall"]

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmall(Static):
    """Shown instead of a screen's controls when the terminal is too small for them."""

    def show_size(self, width: int, height: int) -> None:
        self.update(
            f"The terminal is {width}×{height}: pokerroom needs at least "
            f"{MIN_WIDTH}×{MIN_HEIGHT}.\nMake the window larger (nothing is lost meanwhile)."
        )


class RoomScreen(Screen[None]):
    """A screen that says so, instead of cutting its controls off, when the terminal
    is smaller than 80×24; its keys do nothing meanwhile."""

    @property
    def poker(self) -> PokerApp:
        """The game's app: the saves, your settings, the seed."""
        from pokerroom.tui.app import PokerApp

        assert isinstance(self.app, PokerApp)
        return self.app

    def compose_too_small(self) -> ComposeResult:
        yield TooSmall(id="too-small")

    @property
    def too_small(self) -> bool:
        size = self.app.size
        return size.width < MIN_WIDTH or size.height < MIN_HEIGHT

    def on_mount(self) -> None:
        self._fit()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def on_screen_resume(self) -> None:
        self._fit()

    def _fit(self) -> None:
        small = self.too_small
        self.set_class(small, "-too-small")
        if small:
            self.query_one(TooSmall).show_size(self.app.size.width, self.app.size.height)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (self.too_small and action != "quit")


class Menu(OptionList):
    """A list of choices: arrow keys to move, Enter to choose (mouse clicks too)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", "Move", key_display="↑↓"),
        Binding("down", "cursor_down", "Move", show=False),
        Binding("enter", "select", "Choose", key_display="⏎"),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
    ]
