"""The terminal game: hold'em against computer players, in Textual.

``pokerroom play`` (and ``make play``) runs :func:`run`, giving it the save store.  The
app (:mod:`~pokerroom.tui.app`) makes each screen by its name; the screens are in
:mod:`~pokerroom.tui.screens` (one per mode: the menu, the new-game form, the table,
loading, the hand history, settings and how to play, and the dialogs over them), their
parts in :mod:`~pokerroom.tui.widgets`.  What the table shows is worked out from your
:class:`~pokerroom.engine.PlayerView` alone (:mod:`~pokerroom.tui.felt`,
:mod:`~pokerroom.tui.choices`); the game itself is :class:`~pokerroom.tui.game.Game`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from pokerroom.tui.screens.remote import TableLink
    from pokerroom.tui.store import SaveStore

__all__ = ["run", "run_join"]


def run(store: SaveStore, *, directory: Path | None = None, seed: int | None = None) -> None:
    """Start the game at the terminal, on ``store`` (the saves and hand histories; the
    command makes it), with the settings kept in ``directory``."""
    from pokerroom.tui.app import PokerApp

    PokerApp(store, directory=directory, seed=seed).run()


def run_join(
    store: SaveStore, link: TableLink, *, directory: Path | None = None, note: str | None = None
) -> None:
    """Play at a room's table through ``link`` (``pokerroom play --join``), with the
    settings kept in ``directory``; ``note`` is said when the table shows."""
    from pokerroom.tui.app import JoinApp

    JoinApp(store, link, directory=directory, note=note).run()
