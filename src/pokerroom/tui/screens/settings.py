"""Settings: how fast the computer players act, hints, whether going all-in from one key
asks first, and a bell on your turn.  Every list opens with its cursor on the current
choice."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, RadioButton, RadioSet, Static, Switch

from pokerroom.tui.base import RoomScreen
from pokerroom.tui.prefs import SPEEDS
from pokerroom.tui.widgets.footer import KeyFooter

__all__ = ["SettingsScreen"]


class SpeedChoice(RadioSet):
    """The speeds: ↑↓ to move (stopping at either end), Enter to choose; the cursor
    starts on the speed chosen now."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,right", "next_button", "Move", key_display="↑↓"),
        Binding("enter,space", "toggle_button", "Choose", key_display="⏎"),
        Binding("up,left", "previous_button", "Move", show=False),
    ]

    def on_mount(self) -> None:
        self.call_after_refresh(self._on_current)

    def _on_current(self) -> None:
        """The cursor on the speed chosen now (Textual's list starts on the first)."""
        if self.pressed_index >= 0:
            self._selected = self.pressed_index

    def action_next_button(self) -> None:
        if self._selected is None or self._selected < len(self._nodes) - 1:
            super().action_next_button()

    def action_previous_button(self) -> None:
        if self._selected is None or self._selected > 0:
            super().action_previous_button()


class SettingSwitch(Switch):
    """A setting on or off: Enter or space."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "toggle_switch", "Switch", key_display="⏎"),
    ]


_SPEED_WORDS = {
    "instant": "instant (no pause)",
    "fast": "fast",
    "normal": "normal",
    "slow": "slow (easy to follow)",
}
_SWITCHES = {
    "hints": "Hints: your hand's name, your equity, draws and outs, the nuts",
    "confirm_all_in": "Ask before going all-in from one key (a, or the All-in button)",
    "bell": "Ring the terminal's bell when it is your turn",
}


class SettingsScreen(RoomScreen):
    """Bot speed, hints, the all-in question and the bell; changes are kept at once."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("tab", "app.focus_next", "Next", key_display="tab"),
        Binding("shift+tab", "app.focus_previous", "Previous", show=False),
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
            yield Label("Tab to a switch, then Enter", classes="dim-title")
            for name, words in _SWITCHES.items():
                with Horizontal(classes="setting"):
                    yield SettingSwitch(value=bool(getattr(prefs, name)),
                                        id=name.replace("_", "-"))  # fmt: skip
                    yield Label(words)
            yield Static(f"Saves and settings are kept in {self.poker.directory}", id="where")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(RadioSet).focus()

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        name = event.pressed.name
        if name in SPEEDS:
            self.poker.prefs.speed = name
            self.poker.prefs.save()

    def on_switch_changed(self, event: Switch.Changed) -> None:
        name = (event.switch.id or "").replace("-", "_")
        if name in _SWITCHES:
            setattr(self.poker.prefs, name, event.value)
            self.poker.prefs.save()

    def action_back(self) -> None:
        self.dismiss()
