"""The terminal game's application: its screens, your settings and the save file.

``PokerApp`` opens on the main menu.  Each mode is a screen of its own (menu, new game,
table, load, hand history, settings, how to play), registered here by name
(:attr:`PokerApp.SCREEN_MAKERS`): a screen opens another by its name, never by importing
its module.  The app holds only what they share: the store of saves and hand histories
(a :class:`~pokerroom.tui.store.SaveStore`, which ``pokerroom play`` makes and gives it:
the game never opens one itself), your :class:`~pokerroom.tui.prefs.Prefs`, and the
seed given on the command line.  A damaged
save file is found at start (and wherever it is used): the app offers to move it aside
(kept, renamed with the time) and start a fresh one (:meth:`PokerApp.offer_fresh_saves`).

The app is also where keys are let through or not.  A key acts only on what was on the
screen when it was pressed: whenever the screen on top changes (or the table offers a
new decision) the keys pressed before are dropped, so the second key of a burst never
acts on the screen that the first one opened.  While the terminal is smaller than the
game needs, no key but ``ctrl+q`` acts.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.screen import Screen

from pokerroom.savefile import DamagedStoreError, SaveError
from pokerroom.tui.base import Gated, RoomApp
from pokerroom.tui.prefs import Prefs
from pokerroom.tui.screens.archive import HistoryScreen
from pokerroom.tui.screens.damaged import DamagedSavesDialog
from pokerroom.tui.screens.dialogs import KeysDialog, MessageDialog
from pokerroom.tui.screens.howto import HowToScreen
from pokerroom.tui.screens.loadgame import LoadScreen
from pokerroom.tui.screens.menu import MenuScreen
from pokerroom.tui.screens.settings import SettingsScreen
from pokerroom.tui.store import SaveStore

if TYPE_CHECKING:
    from pokerroom.tui.game import Game, Setup
    from pokerroom.tui.screens.remote import TableLink

__all__ = ["DATA_ENV", "SAVE_FILE", "JoinApp", "PokerApp", "data_dir"]

_PRESSES = (events.MouseDown, events.MouseUp, events.Click)
"""Mouse buttons: like keys, they act only on the screen they were pressed for."""

DATA_ENV = "POKERROOM_DATA_DIR"
"""Set it to keep saves, hand histories and settings somewhere else (the tests do)."""
SAVE_FILE = "pokerroom.db"
"""The name of the save file (of saves and hand histories) in :func:`data_dir`."""


def data_dir() -> Path:
    """Where saves and settings live: ``$POKERROOM_DATA_DIR``, else the user's data
    directory (``platformdirs``)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("pokerroom", appauthor=False))


# The screens that import the engine (whose evaluator builds tables on import) are
# imported when first made, so that the menu shows at once.


def _new_game() -> Screen[Any]:
    from pokerroom.tui.screens.newgame import NewGameScreen

    return NewGameScreen()


def _table(game: Game, history: int | None = None) -> Screen[Any]:
    from pokerroom.tui.screens.table import TableScreen

    return TableScreen(game, history)


def _game_over(game: Game) -> Screen[Any]:
    from pokerroom.tui.screens.gameover import GameOverScreen

    return GameOverScreen(game)


class PokerApp(RoomApp):
    """pokerroom at the terminal: hold'em against computer players."""

    SCREEN_MAKERS: ClassVar[dict[str, Callable[..., Screen[Any]]]] = {
        "new-game": _new_game,
        "table": _table,
        "game-over": _game_over,
        "load": LoadScreen,
        "history": HistoryScreen,
        "settings": SettingsScreen,
        "how-to": HowToScreen,
    }

    CSS_PATH = "app.tcss"
    TITLE = "pokerroom"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", key_display="^q", priority=True),
    ]

    def __init__(
        self, store: SaveStore, *, directory: Path | None = None, seed: int | None = None
    ) -> None:
        """The game on ``store`` (saves and hand histories), with the settings kept in
        ``directory`` (default: :func:`data_dir`)."""
        super().__init__()
        self.directory = directory if directory is not None else data_dir()
        self.store = store
        self.prefs = Prefs.load(self.directory / "settings.toml")
        self.seed = seed
        self._damage_kept = False  # you chose to leave the damaged save file as it is

    def offer_fresh_saves(
        self, error: DamagedStoreError, *, again: bool = False,
        then: Callable[[], object] | None = None,
    ) -> None:  # fmt: skip
        """The save file is damaged: offer to move it aside and start a fresh one (once:
        after you chose to leave it, only ``again`` asks again, else a notice says it),
        then call ``then()`` if it was moved."""
        if any(isinstance(s, DamagedSavesDialog) for s in self.screen_stack):
            return
        if self._damage_kept and not again:
            self.notify(str(error), severity="warning")
            return

        def answered(move: bool | None) -> None:
            if not move:
                self._damage_kept = True
                return
            try:
                kept = self.store.move_aside()
            except SaveError as exc:
                self.push_screen(MessageDialog("The save file was not moved", str(exc)))
                return
            self._damage_kept = False
            self.notify(f"The damaged save file is kept as {kept.name}; a fresh one is in use.")
            if then is not None:
                then()

        self.push_screen(DamagedSavesDialog(error), answered)

    def open_new(self, setup: Setup) -> None:
        from pokerroom.tui.screens.table import open_new

        open_new(self, setup)

    def open_save(self, slot: str) -> bool:
        from pokerroom.tui.screens.table import open_save

        return open_save(self, slot)

    def play_again(self, setup: Setup, *, replace: Screen[None]) -> None:
        from pokerroom.tui.screens.table import play_again

        play_again(self, setup, replace=replace)

    def _screen_changed(self, screen: Screen[object]) -> None:
        self.keys_from_now()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not self._takes(event):
            event.stop()
            return
        if isinstance(event, _PRESSES) and event.time < self.keys_from:
            event.stop()  # a click meant for the screen before (a double click's second)
            self._mouse_down_widget = None  # nor does its button's release make a click
            return
        await super().on_event(event)

    def _takes(self, key: events.Key) -> bool:
        """Whether ``key`` may act: pressed for the screen on top, and (but ``ctrl+q``)
        not while that screen is too small to show its controls."""
        if key.time < self.keys_from:
            return False
        screen = self.screen
        return key.key == "ctrl+q" or not (isinstance(screen, Gated) and screen.too_small)

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)
        self.push_screen(self.first_screen())
        self.run_worker(_warm_up, thread=True, group="warm-up")
        if self.prefs.note:
            self.notify(self.prefs.note, severity="warning")
        try:
            self.store.check()
        except DamagedStoreError as exc:
            self.offer_fresh_saves(exc, again=True)
        except SaveError:
            pass  # (busy or unreadable: said where the file is used)

    def first_screen(self) -> Screen[Any]:
        """The screen the app opens on: the main menu."""
        return MenuScreen()

    async def action_quit(self) -> None:
        """Quit; from a table with a game in play, ask first (save, leave, or stay)."""
        from pokerroom.tui.screens.table import TableScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                screen.ask_leave(quit_app=True)
                return
        self.exit()

    def action_keys(self) -> None:
        """Every key of the screen on top, in a list over it."""
        if not isinstance(self.screen, KeysDialog):
            self.push_screen(KeysDialog(self.screen))


class JoinApp(PokerApp):
    """pokerroom at a room's table (``pokerroom play --join``): the table alone, played
    through ``link``; leaving the table quits."""

    def __init__(self, store: SaveStore, link: TableLink, *, directory: Path | None = None,
                 note: str | None = None) -> None:  # fmt: skip
        super().__init__(store, directory=directory)
        self.link = link
        self.note = note

    def first_screen(self) -> Screen[Any]:
        from pokerroom.tui.screens.remote import RemoteTableScreen

        return RemoteTableScreen(self.link, self.note)


def _warm_up() -> None:
    """Import the engine (its evaluator builds tables on import) while you read the menu."""
    import pokerroom.engine.hand
    import pokerroom.tui.screens.table  # noqa: F401
