"""Load game: every save, the most recent first; Enter sits you back down at its table,
exactly where you left it.  A save that cannot be loaded says why; deleting one asks
first."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static
from textual.widgets.option_list import Option

from pokerroom.savefile import DamagedStoreError, SaveError
from pokerroom.tui.base import Menu, RoomScreen
from pokerroom.tui.screens.dialogs import ConfirmDialog
from pokerroom.tui.widgets.footer import KeyFooter

__all__ = ["LoadScreen"]


class LoadScreen(RoomScreen):
    """Pick a save to continue."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("delete", "delete", "Delete save", key_display="del"),
    ]

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(classes="page"):
            yield Static("Load a saved game", classes="page-title")
            yield Menu(id="saves")
            yield Static("", id="load-note")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self._fill()

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        self._fill()  # (a save file moved aside, a save that could not be loaded)

    def _fill(self) -> None:
        menu = self.query_one(Menu)
        menu.clear_options()
        note = self.query_one("#load-note", Static)
        try:
            slots = self.poker.store.slots()
        except SaveError as exc:
            note.update(Text(str(exc), style="bold red"))
            if isinstance(exc, DamagedStoreError):
                self.poker.offer_fresh_saves(exc)
            return
        if not slots:
            note.update("No saves yet. Press s on your turn at the table to save a game.")
            return
        for s in slots:
            label = Text.assemble((f"{s.slot:<24.24}", "bold"), f" {s.saved_at:<17} {s.summary}")
            menu.add_option(Option(label, id=s.slot))
        menu.highlighted = 0
        menu.focus()
        note.update("Enter loads the highlighted save.")

    def on_option_list_option_selected(self, event: Menu.OptionSelected) -> None:
        slot = event.option.id
        if slot is None:
            return
        self.app.pop_screen()
        self.poker.open_save(slot)

    def action_delete(self) -> None:
        """Delete the highlighted save, once you say yes."""
        menu = self.query_one(Menu)
        if menu.highlighted is None:
            return
        slot = menu.get_option_at_index(menu.highlighted).id
        if slot is None:
            return

        def answered(answer: str | None) -> None:
            if answer != "yes":
                return
            try:
                self.poker.store.delete(slot)
            except SaveError as exc:
                self.notify(str(exc), severity="error")
            self._fill()

        question = ConfirmDialog("Delete this save?", f"{slot!r} will be gone for good.",
                                 f"Delete {slot!r}", focus_yes=False)  # fmt: skip
        self.app.push_screen(question, answered)

    def action_back(self) -> None:
        self.dismiss()
