"""The save file is damaged: move it aside (kept, renamed with the time) and start a
fresh one, or leave it as it is."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from pokerroom.savefile import DamagedStoreError
from pokerroom.tui.base import Dialog
from pokerroom.tui.widgets.footer import KeyFooter

__all__ = ["DamagedSavesDialog"]


class DamagedSavesDialog(Dialog[bool]):
    """Asks whether to move the damaged save file aside; dismissed with True to move it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "keep", "Leave it"),
        Binding("left", "app.focus_previous", "Choose", key_display="←→"),
        Binding("right", "app.focus_next", "Choose", show=False),
    ]

    def __init__(self, error: DamagedStoreError) -> None:
        super().__init__()
        self.error = error

    def compose(self) -> ComposeResult:
        path = self.error.path
        text = (
            f"{self.error}\n\nUntil it is moved aside no game can be saved or loaded and no "
            f"hand is kept. Move it aside? It is kept, renamed {path.name}.damaged-<the time>, "
            f"beside it in {path.parent}, and a fresh save file is started. Your settings "
            "are in another file: they stay as they are."
        )
        yield from self.compose_too_small()
        with Vertical(id="damaged", classes="dialog"):
            yield Static("The save file is damaged", classes="dialog-title")
            yield Static(text, id="damaged-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Move it aside, start afresh", id="move", variant="primary")
                yield Button("Leave it", id="keep")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#move", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "move")

    def action_keep(self) -> None:
        self.dismiss(False)
