"""Settings: how fast the computer players act, and whether hints are shown."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Footer, Label, RadioButton, RadioSet, Static, Switch

from pokerroom.tui.base import RoomScreen
from pokerroom.tui.prefs import SPEEDS

__all__ = ["SettingsScreen"]

class SpeedChoice(RadioSet):
    """The speeds: ↑↓ to move, Enter to choose."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,right", "next_button", "Move", key_display="↑↓"),
        Binding("enter,space", "toggle_button", "Choose", key_display="⏎"),
        Binding("up,left", "previous_button", "Move", show=False),
    ]


class HintSwitch(Switch):
    """Hints on or off: Enter or space."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "toggle_switch", "Switch", key_display="⏎"),
    ]


_SPEED_WORDS = {
    "instant": "instant (no pause)",
    "fast": "fast",
    "normal": "normal",
    "slow": "slow (easy to follow)",
}


class SettingsScreen(RoomScreen):
    """Bot speed and hints; changes are kept at once."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("tab", "app.focus_next", "Next", key_display="tab"),
    ]

    def compose(self) -> ComposeResult:
        prefs = self.poker.prefs
        yield from self.compose_too_small()
        with Vertical(id="settings-page", classes="page"):
            yield Static("Settings", classes="page-title")
            yield Label("How fast the computer players act (↑↓, then Enter)")
            with SpeedChoice(id="speed"):
                for key in SPEEDS:
                    yield RadioButton(_SPEED_WORDS[key], value=key == prefs.speed, name=key)
            yield Label("Hints: your hand's name, your equity, the nuts (Tab, then Enter)")
            yield HintSwitch(value=prefs.hints, id="hints")
            yield Static(f"Saves and settings are kept in {self.poker.directory}", id="where")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(RadioSet).focus()

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        name = event.pressed.name
        if name in SPEEDS:
            self.poker.prefs.speed = name
            self.poker.prefs.save()

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self.poker.prefs.hints = event.value
        self.poker.prefs.save()

    def action_back(self) -> None:
        self.dismiss()
