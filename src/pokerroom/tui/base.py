"""What every screen of the game shares: the minimum terminal size, input only for the
screen on top, and menus driven by the arrow keys and Enter with every key listed in the
footer.

A key (or click) acts only on the screen that was showing when it was pressed: keys that
arrive in a burst (a fast typist, a key held down, a driven terminal) never act on the
screen that the first of them opened, and a screen that is no longer on top acts on
nothing more (the app drops keys older than the screen on top, see
:meth:`RoomApp.keys_from_now`; :class:`Gated` drops the choices that reach a screen once
another one covers it).

The screens never import the app, nor each other's modules to open one another: the app
is a :class:`RoomApp`, which makes a screen by its name (:meth:`RoomApp.make_screen`,
from the table of :attr:`RoomApp.SCREEN_MAKERS` that
:class:`~pokerroom.tui.app.PokerApp` fills) and sits you down at a table
(:meth:`RoomApp.open_new`, :meth:`RoomApp.open_save`, :meth:`RoomApp.play_again`).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from textual import events
from textual._time import get_time
from textual._widget_navigation import find_next_enabled_no_wrap
from textual.app import App, ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Static

if TYPE_CHECKING:
    from pathlib import Path

    from pokerroom.savefile import DamagedStoreError
    from pokerroom.tui.game import Setup
    from pokerroom.tui.prefs import Prefs
    from pokerroom.tui.store import SaveStore

__all__ = [
    "MIN_HEIGHT",
    "MIN_WIDTH",
    "Dialog",
    "Gated",
    "Menu",
    "RoomApp",
    "RoomScreen",
    "TooSmall",
    "fresh_keys",
]

MIN_WIDTH = 80
MIN_HEIGHT = 24

ResultT = TypeVar("ResultT")

_CHOICES = (events.Key, events.Click, Button.Pressed, OptionList.OptionSelected, Input.Submitted)
"""What a person does to a screen: nothing of it reaches a screen that is not on top."""


class RoomApp(App[None]):
    """The game's app as its screens see it (:class:`~pokerroom.tui.app.PokerApp` is
    the one): the saves, your settings, the seed given on the command line, the time
    before which keys are dropped, and the other screens, made by name."""

    SCREEN_MAKERS: ClassVar[Mapping[str, Callable[..., Screen[Any]]]] = {}
    """Each screen a screen may open, by name: what makes it from its arguments."""

    directory: Path
    """Where the saves and your settings are kept."""
    store: SaveStore
    prefs: Prefs
    seed: int | None
    keys_from: float = 0.0
    """Keys pressed before this time (Textual's clock) are dropped."""

    def make_screen(self, name: str, *args: Any, **kwargs: Any) -> Screen[Any]:
        """The screen registered as ``name``, made from ``args`` and ``kwargs``."""
        return self.SCREEN_MAKERS[name](*args, **kwargs)

    def keys_from_now(self) -> None:
        """Drop the keys pressed until now: they were meant for what the screen showed
        before (another screen, an earlier decision)."""
        self.keys_from = get_time()

    @abstractmethod
    def offer_fresh_saves(
        self, error: DamagedStoreError, *, again: bool = False,
        then: Callable[[], object] | None = None,
    ) -> None:  # fmt: skip
        """The save file is damaged: offer to move it aside and start a fresh one."""

    @abstractmethod
    def open_new(self, setup: Setup) -> None:
        """Start a new game (from the new-game form, which this replaces)."""

    @abstractmethod
    def open_save(self, slot: str) -> bool:
        """Load save ``slot`` and sit down at its table; whether it could be loaded."""

    @abstractmethod
    def play_again(self, setup: Setup, *, replace: Screen[None]) -> None:
        """A new game with ``setup`` (new cards) in place of the screen ``replace``."""


def fresh_keys(app: App[object]) -> None:
    """What takes the keys changed (a field opened, a list replaced the buttons): the
    keys pressed before were not meant for it and are dropped."""
    if isinstance(app, RoomApp):
        app.keys_from_now()


class TooSmall(Static):
    """Shown instead of a screen's controls when the terminal is too small for them."""

    def show_size(self, width: int, height: int) -> None:
        self.update(
            f"The terminal is {width}×{height}: pokerroom needs at least "
            f"{MIN_WIDTH}×{MIN_HEIGHT}.\nMake the window larger (nothing is lost meanwhile; "
            "ctrl+q quits)."
        )


class Gated(Screen[ResultT]):
    """A screen that takes input only while it is on top, is dismissed at most once,
    and says so (taking no key but ``ctrl+q``) while the terminal is smaller than
    80×24; once it is large enough again, the focus is where it was (or where the
    screen put it meanwhile).  ``?`` lists every key of the screen.  Every screen and
    dialog of the game is one (``tests/test_tui_gated.py`` walks the package)."""

    def __init__(self, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:  # fmt: skip
        super().__init__(name=name, id=id, classes=classes)
        self._bindings.bind("question_mark", "app.keys", "Keys", key_display="?")  # listed last
        self._focus_kept: Widget | None = None
        """What had the focus when the terminal became too small (the controls hidden)."""

    @property
    def poker(self) -> RoomApp:
        """The game's app: the saves, your settings, the seed, the other screens."""
        assert isinstance(self.app, RoomApp)
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
        was_small = self.has_class("-too-small")
        if small and not was_small:
            self._focus_kept = self.focused  # hidden now: focus it again when shown
        self.set_class(small, "-too-small")
        if small:
            for note in self.query(TooSmall):
                note.show_size(self.app.size.width, self.app.size.height)
        elif was_small:
            self.call_after_refresh(self._refocus)
        self.refresh_bindings()

    def _refocus(self) -> None:
        """The window is large enough again: the focus goes back where it was (or where
        the screen put it while it was too small to show it)."""
        if self.too_small:
            return
        kept, self._focus_kept = self._focus_kept, None
        if kept is not None and kept.is_attached and kept.screen is self:
            self.set_focus(kept)

    def set_focus(self, widget: Widget | None, scroll_visible: bool = True,
                  from_app_focus: bool = False) -> None:  # fmt: skip
        """While the screen is too small its controls are hidden: a control it focuses
        then (on opening, say) is focused once they show."""
        if widget is not None and self.has_class("-too-small"):
            self._focus_kept = widget
            return
        super().set_focus(widget, scroll_visible, from_app_focus)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (self.too_small and action != "quit")

    async def _on_message(self, message: Message) -> None:
        if isinstance(message, _CHOICES) and not self.is_active:
            message.stop()  # meant for this screen, arriving once another covers it
            return
        if isinstance(message, _CHOICES) and self.too_small:
            message.stop()  # a click on the too-small note (ctrl+q acts before this)
            return
        await super()._on_message(message)

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        """Close this screen with ``result``, once: a second dismissal (a second key of a
        burst), or one while another screen covers this one, does nothing."""
        if not self.is_active:
            nothing: AwaitComplete = AwaitComplete.nothing()  # type: ignore[no-untyped-call]
            return nothing
        return super().dismiss(result)


class RoomScreen(Gated[None]):
    """A full screen of the game (menu, form, table, lists)."""


class Dialog(ModalScreen[ResultT], Gated[ResultT]):
    """A small screen over another one (a question, a message, the hand's summary)."""


class Menu(OptionList):
    """A list of choices: arrow keys to move, Enter to choose (mouse clicks too).  The
    cursor stops at either end (it never wraps round: a burst of ↑ never lands on the
    last choice)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", "Move", key_display="↑↓"),
        Binding("down", "cursor_down", "Move", show=False),
        Binding("enter", "select", "Choose", key_display="⏎"),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
    ]

    def _step(self, direction: Literal[-1, 1]) -> None:
        anchor = self.highlighted
        if anchor is None:
            self.action_first() if direction > 0 else self.action_last()
            return
        found = find_next_enabled_no_wrap(self.options, anchor=anchor, direction=direction)
        if found is not None:
            self.highlighted = found

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)
