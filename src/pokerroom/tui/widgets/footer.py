"""The footer every screen shows: the keys that act there, made again only when they
change.

Textual's footer builds its keys afresh (a widget for each, styled and laid out) every
time the screen says its keys may have changed: on each focus move, each screen
shown again, each refresh of the keys a screen asks for after a state change.  Most of
those leave the keys as they were, and in a game driven by keys the footer's rebuilding
was half of the app's work.  This one keeps what it last showed, and builds again only
when what it would show differs."""

from __future__ import annotations

from collections.abc import Hashable

from textual.screen import Screen
from textual.widgets import Footer

__all__ = ["KeyFooter"]


class KeyFooter(Footer):
    """A compact :class:`~textual.widgets.Footer` rebuilt only when its keys change."""

    def __init__(self) -> None:
        super().__init__(compact=True)
        self._shown: Hashable = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            shown = self.keys_shown(screen)
            if self._bindings_ready and shown == self._shown:
                return  # (the keys, their state and their labels as they are shown)
            self._shown = shown
        super().bindings_changed(screen)

    @staticmethod
    def keys_shown(screen: Screen[object]) -> Hashable:
        """All that the footer's keys are made from: each key of the screen, in order,
        whether it acts now, its tooltip, and how the app writes it."""
        key = screen.app.get_key_display
        keys = screen.active_bindings.values()
        return tuple((binding, enabled, tip, key(binding)) for _, binding, enabled, tip in keys)
