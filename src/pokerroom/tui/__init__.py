"""The terminal game: hold'em against computer players, in Textual.

``pokerroom play`` (and ``make play``) runs :func:`run`.  One screen per mode: the menu
(:mod:`~pokerroom.tui.menu`), the new-game form (:mod:`~pokerroom.tui.newgame`), the
table (:mod:`~pokerroom.tui.table`), loading (:mod:`~pokerroom.tui.loadgame`), the hand
history (:mod:`~pokerroom.tui.archive`), settings and how to play.  What the table
shows is worked out from your :class:`~pokerroom.engine.PlayerView` alone
(:mod:`~pokerroom.tui.felt`, :mod:`~pokerroom.tui.choices`); the game itself is
:class:`~pokerroom.tui.game.Game`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from pokerroom.tui.store import SaveStore

__all__ = ["run"]


def run(store: SaveStore, *, directory: Path | None = None, seed: int | None = None) -> None:
    """Start the game at the terminal, on ``store`` (the saves and hand histories; the
    command makes it), with the settings kept in ``directory``."""
    from pokerroom.tui.app import PokerApp

    PokerApp(store, directory=directory, seed=seed).run()
