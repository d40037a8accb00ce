"""Small screens over the table: the summary between hands ("press any key"), leaving
(save first?), naming a save, confirming an all-in, what to do once you are out, every
key of a screen, and messages.

Each is a :class:`~pokerroom.tui.base.Dialog`: it takes only keys pressed while it
shows, and closes once however many keys arrive.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from pokerroom.tui.base import Dialog
from pokerroom.tui.widgets.fields import TypedInput
from pokerroom.tui.widgets.footer import KeyFooter

__all__ = [
    "RESERVED_SLOTS",
    "BustDialog",
    "ConfirmDialog",
    "HandOverScreen",
    "KeysDialog",
    "LeaveDialog",
    "MessageDialog",
    "SaveDialog",
    "key_lines",
    "slot_problem",
]

RESERVED_SLOTS = ("autosave",)
"""Save names the game writes by itself: a save of yours under one would be overwritten."""


def slot_problem(name: str) -> str:
    """Why ``name`` cannot name a save ("" if it can)."""
    name = name.strip()
    if not name:
        return "Type a name for the save (up to 40 letters, digits, spaces...)."
    if name.casefold() in RESERVED_SLOTS:
        return (f"{name!r} is the game's own automatic save (it is overwritten at every "
                "turn): choose another name.")  # fmt: skip
    return ""


class _Buttons(Dialog[str]):
    """A question answered by its buttons (leaving the table, a yes-or-no question, what
    next once you are out): ← → to move, Enter to choose, Esc for the answer that risks
    nothing (stay, no, the standings).

    Esc answers ``escape_answer``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "escape", "Back"),
        Binding("left", "app.focus_previous", "Choose", key_display="←→⏎"),
        Binding("right", "app.focus_next", "Choose", show=False),
    ]
    escape_answer = "stay"

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or self.escape_answer)

    def action_escape(self) -> None:
        self.dismiss(self.escape_answer)


class HandOverScreen(Dialog[None]):
    """The hand's summary; any key but the ones listed (or a click) goes on to the next
    hand.  ``s`` saves (between hands is a moment to save) and ``x`` leaves, both with the
    summary still there afterwards."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "go_on", "Next hand", key_display="any key"),
        Binding("s", "save", "Save"),
        Binding("x", "leave", "Exit"),
    ]

    def __init__(
        self,
        summary: Text,
        title: str,
        *,
        save: Callable[[], None] | None = None,
        leave: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.summary = summary
        self.title_text = title
        self._save = save
        self._leave = leave

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="hand-over", classes="dialog"):
            yield Static(self.title_text, id="summary-title", classes="dialog-title")
            yield Static(self.summary, id="summary")
            yield Static("Press any key to continue", classes="press-any-key")
        yield KeyFooter()

    def renew(self, summary: Text, title: str) -> None:
        """Show another hand's summary in this one's place (a table that deals on while
        the summary is up: one summary, the latest, never a second stacked on it)."""
        self.summary, self.title_text = summary, title
        for selector, text in (("#summary-title", title), ("#summary", summary)):
            for static in self.query(selector).results(Static):  # (none before composed)
                static.update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if (action, None) in (("save", self._save), ("leave", self._leave)):
            return False
        return super().check_action(action, parameters)

    def on_key(self, event: events.Key) -> None:
        if event.key in self._bindings.key_to_bindings or event.key in ("ctrl+q", "question_mark"):
            return  # a key of its own: its binding acts
        event.stop()
        event.prevent_default()
        self.dismiss()

    def on_click(self) -> None:
        self.dismiss()

    def action_go_on(self) -> None:
        self.dismiss()

    def action_save(self) -> None:
        if self._save is not None:
            self._save()

    def action_leave(self) -> None:
        if self._leave is not None:
            self._leave()


class LeaveDialog(_Buttons):
    """Leaving the table: save first, leave without saving, or stay."""

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
        yield from self.compose_too_small()
        with Vertical(id="leave", classes="dialog"):
            yield Static(f"{where}?", classes="dialog-title")
            yield Static(note)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"Save, then {verb}", id="save", disabled=not self.can_save)
                yield Button(f"{verb.capitalize()} without saving", id="leave")
                yield Button("Stay", id="stay", variant="primary")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#stay", Button).focus()


class ConfirmDialog(_Buttons):
    """A yes-or-no question (going all-in from a single key, deleting a save): Enter on
    the focused button, ``y`` yes, ``n`` or Esc no.  The answer is ``"yes"`` or
    ``"no"``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer('yes')", "Yes"),
        Binding("n", "answer('no')", "No"),
    ]
    escape_answer = "no"

    def __init__(self, title: str, text: str, yes: str, *, focus_yes: bool = True) -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.yes = yes
        self.focus_yes = focus_yes

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="confirm", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.text)
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.yes, id="yes", variant="warning")
                yield Button("Cancel", id="no", variant="primary")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#yes" if self.focus_yes else "#no", Button).focus()

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class BustDialog(_Buttons):
    """You are out and the others play on: watch the rest, play again with the same
    settings, or go back to the menu.  The answer is ``"watch"``, ``"again"`` or
    ``"menu"``."""

    escape_answer = "menu"

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="bust", classes="dialog"):
            yield Static("You are out", classes="dialog-title")
            yield Static(self.text)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Watch the rest", id="watch", variant="primary")
                yield Button("Play again", id="again")
                yield Button("Standings", id="menu")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#watch", Button).focus()


class LineDialog(Dialog[str | None]):
    """A line typed in its one field: Enter or the ``ok`` button gives it to
    :meth:`action_ok` (which closes with it), Esc or any other button closes with
    ``None``."""

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_ok()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self.action_ok()
        else:
            self.action_cancel()

    def action_ok(self) -> None:
        """The line as typed, without the spaces around it (``None`` when empty); a
        dialog that checks the line first gives its own."""
        text = self.query_one(Input).value.strip()
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SaveDialog(LineDialog):
    """Name the save slot (an existing name is replaced); a name that cannot be used
    is refused with the reason, the dialog staying open."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "ok", "Save", key_display="⏎"),
    ]

    def __init__(self, default: str, existing: list[str]) -> None:
        super().__init__()
        self.default = default
        self.existing = existing

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="save", classes="dialog"):
            yield Static("Save the game", classes="dialog-title")
            yield Static("Name of the save (an existing one with that name is replaced):")
            yield TypedInput(self.default, id="slot", max_length=40)
            if self.existing:
                shown = ", ".join(self.existing[:6])
                yield Static(Text(f"Saves: {shown}", style="dim"))
            yield Static("", id="save-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save (Enter)", id="ok", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")
        yield KeyFooter()

    def action_ok(self) -> None:
        name = self.query_one(Input).value.strip()
        problem = slot_problem(name)
        if problem:
            self.query_one("#save-error", Static).update(Text(problem, style="bold red"))
            return
        self.dismiss(name)


class MessageDialog(Dialog[None]):
    """A message with an OK button (Enter or Esc closes it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
    ]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="message", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.text, id="message-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(Button).focus()

    @on(Button.Pressed)
    def _pressed(self) -> None:
        self.dismiss()

    def action_close(self) -> None:
        self.dismiss()


def key_lines(screen: Screen[object]) -> list[tuple[str, str]]:
    """Every key that acts on ``screen`` now, with what it does, as its bindings say:
    the focused control's, the screen's and the app's, those the footer shows and the
    game's own that it does not (the list cannot drift from what the keys do).  One line
    per action: a binding shown as ``↑↓`` covers its hidden ``↓``."""
    app = screen.app
    lines: list[tuple[str, str]] = []
    done: set[tuple[int, str]] = set()
    keys: set[str] = set()
    chain = [*screen._modal_binding_chain]
    if not any(node is app for node, _ in chain):
        chain.append((app, app._bindings))
    for namespace, bindings in chain:
        for key, binding in bindings:
            what = binding.description
            if key in keys or not what or (id(namespace), what) in done:
                continue
            if not (binding.show or _ours(namespace, binding)):
                continue  # a toolkit default the game does not list (scrolling, copying)
            if app._check_action_state(binding.action, namespace) is False:
                continue
            keys.add(key)
            done.add((id(namespace), what))
            lines.append((binding.key_display or app.get_key_display(binding), what))
    if isinstance(screen, HandOverScreen):
        lines.append(("any other key", "next hand"))
    return lines


def _ours(namespace: object, binding: Binding) -> bool:
    """Whether ``binding`` is one of the game's own (declared by a pokerroom class)."""
    for cls in type(namespace).__mro__:
        if not cls.__module__.startswith("pokerroom."):
            continue
        for declared in cls.__dict__.get("BINDINGS", ()):
            if isinstance(declared, Binding) and declared.action == binding.action:
                return True
    return binding.action in ("app.keys", "keys")


class KeysDialog(Dialog[None]):
    """Every key of the screen under it (``?``); any key closes it."""

    def __init__(self, under: Screen[object]) -> None:
        super().__init__()
        self.lines = key_lines(under)

    def compose(self) -> ComposeResult:
        text = Text()
        width = max((len(k) for k, _ in self.lines), default=4) + 2
        for key, what in self.lines:
            text.append(f"{key:>{width}}  ", style="bold")
            text.append(f"{what}\n")
        yield from self.compose_too_small()
        with Vertical(id="keys", classes="dialog"):
            yield Static("Keys of this screen", classes="dialog-title")
            with VerticalScroll(id="keys-list"):
                yield Static(text)
            yield Static("Press any key to close", classes="press-any-key")

    def on_key(self, event: events.Key) -> None:
        if event.key == "ctrl+q":
            return
        event.stop()
        event.prevent_default()
        self.dismiss()

    def on_click(self) -> None:
        self.dismiss()

