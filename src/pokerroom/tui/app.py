"""The terminal game's application: its screens, your settings and the save file.

``PokerApp`` opens on the main menu.  Each mode is a screen of its own (menu, new game,
table, load, hand history, settings, how to play); the app holds only what they share:
the :class:`~pokerroom.storage.saves.Store` of saves and hand histories, your
:class:`~pokerroom.tui.prefs.Prefs`, and the seed given on the command line.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from pokerroom.storage.saves import Store
from pokerroom.tui.prefs import Prefs

__all__ = ["DATA_ENV", "PokerApp", "data_dir"]

DATA_ENV = "POKERROOM_DATA_DIR"
"""Set it to keep saves, hand histories and settings somewhere else (the tests do)."""


def data_dir() -> Path:
    """Where saves and settings live: ``$POKERROOM_DATA_DIR``, else the user's data
    directory (``platformdirs``)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("pokerroom", appauthor=False))


class PokerApp(App[None]):
    """pokerroom at the terminal: hold'em against computer players."""

    CSS_PATH = "app.tcss"
    TITLE = "pokerroom"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", key_display="^q", priority=True),
    ]

    def __init__(
        self,
        *,
        directory: Path | None = None,
        seed: int | None = None,
        clock: Callable[[], str] | None = None,
    ) -> None:
        super().__init__()
        self.directory = directory if directory is not None else data_dir()
        kwargs = {"clock": clock} if clock is not None else {}
        self.store = Store(self.directory / "pokerroom.db", **kwargs)
        self.prefs = Prefs.load(self.directory / "settings.toml")
        self.seed = seed

    def on_mount(self) -> None:
        from pokerroom.tui.menu import MenuScreen

        self.push_screen(MenuScreen())
        self.run_worker(_warm_up, thread=True, group="warm-up")
        if self.prefs.note:
            self.notify(self.prefs.note, severity="warning")

    async def action_quit(self) -> None:
        """Quit; from a table with a game in play, ask first (save, leave, or stay)."""
        from pokerroom.tui.table import TableScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                screen.ask_leave(quit_app=True)
                return
        self.exit()


def _warm_up() -> None:
    """Import the engine (its evaluator builds tables on import) while you read the menu."""
    import pokerroom.engine.hand
    import pokerroom.tui.table  # noqa: F401
