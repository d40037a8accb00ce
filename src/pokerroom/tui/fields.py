"""A form field that steps through a list of values: ← → (or a click) to change it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

__all__ = ["Cycler"]


class Cycler(Widget, can_focus=True):
    """One choice among ``values`` (shown with ``labels``), changed with ← and →."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Change", key_display="←→"),
        Binding("right", "step(1)", "Change", show=False),
    ]

    index: reactive[int] = reactive(0)

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
