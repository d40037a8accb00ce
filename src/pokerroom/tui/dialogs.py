"""Small screens over the table: the summary between hands ("press any key"), leaving
(save first?), naming a save, and messages."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Static

from pokerroom.tui.fields import TypedInput

__all__ = ["HandOverScreen", "LeaveDialog", "MessageDialog", "SaveDialog"]


class HandOverScreen(ModalScreen[None]):
    """The hand's summary; any key (or a click) goes on to the next hand."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "go_on", "Next hand", key_display="any key"),
    ]

    def __init__(self, summary: Text, title: str) -> None:
        super().__init__()
        self.summary = summary
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(id="hand-over", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.summary, id="summary")
            yield Static("Press any key to continue", classes="press-any-key")
        yield Footer(compact=True)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.dismiss()

    def on_click(self) -> None:
        self.dismiss()

    def action_go_on(self) -> None:
        self.dismiss()


class LeaveDialog(ModalScreen[str]):
    """Leaving the table: save first, leave without saving, or stay."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "stay", "Stay"),
        Binding("left", "app.focus_previous", "Choose", key_display="←→"),
        Binding("right", "app.focus_next", "Choose", show=False),
    ]

    def __init__(self, *, can_save: bool, quit_app: bool) -> None:
        super().__init__()
        self.can_save = can_save
        self.quit_app = quit_app

    def compose(self) -> ComposeResult:
        where = "Quit pokerroom" if self.quit_app else "Leave the table"
        verb = "quit" if self.quit_app else "leave"
        note = (
            "Save the game first? (Saving is possible on your turn or between hands; "
            "the autosave of your last turn is kept either way.)"
        )
        with Vertical(id="leave", classes="dialog"):
            yield Static(f"{where}?", classes="dialog-title")
            yield Static(note)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"Save, then {verb}", id="save", disabled=not self.can_save)
                yield Button(f"{verb.capitalize()} without saving", id="leave")
                yield Button("Stay", id="stay", variant="primary")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#stay", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "stay")

    def action_stay(self) -> None:
        self.dismiss("stay")


class SaveDialog(ModalScreen[str | None]):
    """Name the save slot (an existing name is replaced)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "ok", "Save", key_display="⏎", show=True),
    ]

    def __init__(self, default: str, existing: list[str]) -> None:
        super().__init__()
        self.default = default
        self.existing = existing

    def compose(self) -> ComposeResult:
        with Vertical(id="save", classes="dialog"):
            yield Static("Save the game", classes="dialog-title")
            yield Static("Name of the save (an existing one with that name is replaced):")
            yield TypedInput(self.default, id="slot", max_length=40)
            if self.existing:
                shown = ", ".join(self.existing[:6])
                yield Static(Text(f"Saves: {shown}", style="dim"))
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_ok()

    def action_ok(self) -> None:
        name = self.query_one(Input).value.strip()
        if name:
            self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)


class MessageDialog(ModalScreen[None]):
    """A message with an OK button (Enter or Esc closes it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
    ]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="message", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.text, id="message-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    @on(Button.Pressed)
    def _pressed(self) -> None:
        self.dismiss()

    def action_close(self) -> None:
        self.dismiss()
