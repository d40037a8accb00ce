"""Form fields: one that steps through a list of values (← → or a click), and a text
field that takes keys in the order they were typed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input

__all__ = ["Cycler", "TypedInput"]


class Cycler(Widget, can_focus=True):
    """One choice among ``values`` (shown with ``labels``), changed with ← and →; its
    width follows the label shown (a longer one is never cut off), and where its place is
    narrower than that the label stays on its line, ending in "…" (set in CSS: Textual
    draws a widget's text wrapped as its styles say, whatever the text's own ``no_wrap``).
    """

    DEFAULT_CSS = """
    Cycler {
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Change", key_display="←→"),
        Binding("right", "step(1)", "Change", show=False),
    ]

    index: reactive[int] = reactive(0, layout=True)

    class Changed(Message):
        """The value changed."""

        def __init__(self, cycler: Cycler, value: str) -> None:
            super().__init__()
            self.cycler = cycler
            self.value = value

        @property
        def control(self) -> Cycler:
            return self.cycler

    def __init__(
        self,
        values: Sequence[str],
        value: str | None = None,
        *,
        labels: Sequence[str] | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.values = list(values)
        self.labels = list(labels) if labels is not None else list(values)
        self.set_reactive(Cycler.index, self.values.index(value) if value in self.values else 0)

    @property
    def value(self) -> str:
        return self.values[self.index]

    @value.setter
    def value(self, value: str) -> None:
        if value in self.values:
            self.index = self.values.index(value)

    def render(self) -> Text:
        text = Text("‹ ", style="bold")
        text.append(self.labels[self.index])
        text.append(" ›", style="bold")
        return text

    def action_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.values)

    def watch_index(self, old: int, new: int) -> None:
        if old != new:
            self.post_message(self.Changed(self, self.value))

    def on_click(self, event: events.Click) -> None:
        self.focus()
        self.action_step(-1 if event.x < 2 else 1)


class TypedInput(Input):
    """A text field whose editing keys (backspace, ← →, Enter...) keep their place among
    the letters typed with them.

    Textual's field inserts a letter as soon as it reads it, but runs a key bound to an
    action only once the key has bubbled up to the app, so keys that arrive in one read
    (a fast typist, a key macro, a driven terminal) can be applied out of order:
    ``5``, ``←``, ``1`` gives ``51``.  This field runs its own bindings where it reads
    the key.
    """

    async def _on_key(self, event: events.Key) -> None:
        if not event.is_printable:
            for binding in self._bindings.key_to_bindings.get(event.key, []):
                if not binding.priority:
                    event.stop()
                    event.prevent_default()
                    await self.run_action(binding.action)
                    return
        await super()._on_key(event)
