"""The footer every screen shows: the keys that act there, made again only when the keys
themselves change.

Textual's footer builds its keys afresh (a widget for each, styled and laid out) every
time the screen says its keys may have changed: on each focus move, each screen
shown again, each refresh of the keys a screen asks for after a state change.  Most of
those leave the keys as they were, and in a game driven by keys the footer's rebuilding
was half of the app's work.  This one keeps what it last showed and does nothing when
that has not changed, and otherwise updates its key widgets in place: a key that stays
keeps its widget (given its words and whether it acts now), a key gone is taken away and
a new one added where it belongs (the table's betting keys change so, turn by turn).
Only keys in groups, or kept keys in a new order, build it again."""

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
        self._rebuilding = False  # a rebuild is asked for and not done: no update in place

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
            if self._bindings_ready and not self._rebuilding and self._update_in_place(shown):
                return
            self._rebuilding = True
        super().bindings_changed(screen)

    async def recompose(self) -> None:
        await super().recompose()
        self._rebuilding = False

    @staticmethod
    def keys_shown(screen: Screen[object]) -> _Shown:
        """All that the footer's keys are made from: each key of the screen, in order,
        whether it acts now, its tooltip, and how the app writes it."""
        key = screen.app.get_key_display
        keys = screen.active_bindings.values()
        return tuple((binding, enabled, tip, key(binding)) for _, binding, enabled, tip in keys)

    def _update_in_place(self, shown: _Shown) -> bool:
        """Make the key widgets those ``shown`` lists, keeping each key that stays (given
        its words and state now), taking away those gone and adding those new where they
        belong; ``False`` (nothing touched) if the footer must be built again instead
        (groups of keys, the command palette's key, the keys that stay in a new order)."""
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            return False
        wanted = list(_one_per_action(shown))
        if any(binding.group is not None for binding, *_ in wanted):
            return False
        live = [w for w in self.children if not (w._pruning or w._closing)]
        if not all(isinstance(w, FooterKey) and not w.has_class("-grouped") for w in live):
            return False
        have = {(w.key, w.action): w for w in live if isinstance(w, FooterKey)}
        names = [(binding.key, binding.action) for binding, *_ in wanted]
        stay = [name for name in names if name in have]
        if len(have) != len(live) or stay != [n for n in have if n in set(names)]:
            return False
        for name, widget in have.items():
            if name not in names:
                widget.remove()
        anchor: Widget | None = None  # the key after this one (None: the last)
        for (binding, enabled, tip, display), name in zip(
            reversed(wanted), reversed(names), strict=True
        ):
            kept = have.get(name)
            if kept is not None:
                _set_key(kept, binding.description, display, enabled=enabled, tip=tip)
                anchor = kept
                continue
            added = FooterKey(binding.key, display, binding.description, binding.action,
                              disabled=not enabled, tooltip=tip)  # fmt: skip
            # (compact as the footer is now, not bound to it: this footer never changes it)
            added.set_reactive(FooterKey.compact, self.compact)
            added.set_class(self.compact, "-compact", update=False)
            self.mount(added) if anchor is None else self.mount(added, before=anchor)
            anchor = added
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
