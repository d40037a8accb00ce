"""The footer every screen shows: the keys that act there, made again only when the keys
themselves change.

Textual's footer builds its keys afresh (a widget for each, styled and laid out) every
time the screen says its keys may have changed: on each focus move, each screen
shown again, each refresh of the keys a screen asks for after a state change.  Most of
those leave the keys as they were, and in a game driven by keys the footer's rebuilding
was half of the app's work.  This one keeps what it last showed and does nothing when
that has not changed; when the same keys are listed in the same order and only their
words or whether they act have changed (the table's betting keys, turn by turn), it
updates its key widgets in place; only when keys come or go is it built again."""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["KeyFooter"]

_Shown = tuple[tuple[Binding, bool, str, str], ...]


class KeyFooter(Footer):
    """A compact :class:`~textual.widgets.Footer` rebuilt only when its keys change."""

    def __init__(self) -> None:
        super().__init__(compact=True)
        self._shown: Hashable = None

    def compose(self) -> ComposeResult:
        # Each key made compact from the start: Textual's key widget is given the class
        # once mounted, and styling it again then was a third of the footer's cost.
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            shown = self.keys_shown(screen)
            if self._bindings_ready and shown == self._shown:
                return  # (the keys, their state and their labels as they are shown)
            self._shown = shown
            if self._bindings_ready and self._update_in_place(shown):
                return
        super().bindings_changed(screen)

    @staticmethod
    def keys_shown(screen: Screen[object]) -> _Shown:
        """All that the footer's keys are made from: each key of the screen, in order,
        whether it acts now, its tooltip, and how the app writes it."""
        key = screen.app.get_key_display
        keys = screen.active_bindings.values()
        return tuple((binding, enabled, tip, key(binding)) for _, binding, enabled, tip in keys)

    def _update_in_place(self, shown: _Shown) -> bool:
        """Give the key widgets ``shown``'s words and states, if they are the keys that
        ``shown`` lists (the same keys for the same actions, in order; no groups, no
        command palette key): ``False`` (nothing touched) if the footer must be built
        again."""
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            return False
        wanted = list(_one_per_action(shown))
        if any(binding.group is not None for binding, *_ in wanted):
            return False
        widgets = list(self.children)
        if len(widgets) != len(wanted) or not all(
            isinstance(w, FooterKey) and (w.key, w.action) == (b.key, b.action)
            for w, (b, *_) in zip(widgets, wanted, strict=True)
        ):
            return False
        for widget, (binding, enabled, tip, display) in zip(widgets, wanted, strict=True):
            _set_key(widget, binding.description, display, enabled=enabled, tip=tip)
        return True


def _one_per_action(shown: _Shown) -> Iterator[tuple[Binding, bool, str, str]]:
    """The keys the footer lists, as Textual's footer picks them: those shown, the first
    key of each action, in the order the actions first come."""
    first: dict[str, tuple[Binding, bool, str, str]] = {}
    for key in shown:
        if key[0].show:
            first.setdefault(key[0].action, key)
    return iter(first.values())


def _set_key(widget: Widget, description: str, display: str, *, enabled: bool, tip: str) -> None:
    """One key widget as Textual's footer would make it now."""
    assert isinstance(widget, FooterKey)
    if (widget.description, widget.key_display) != (description, display):
        widget.description, widget.key_display = description, display
        widget.refresh(layout=True)
    widget._disabled = not enabled  # (what a click on it checks)
    widget.set_class(not enabled, "-disabled")
    if (tip or None) != widget.tooltip:
        widget.tooltip = tip or None
