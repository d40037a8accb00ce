"""The table's widgets.  Each renders what it is given (attributes down) and reports
what you choose as a message (messages up); none keeps any game state of its own.

* :class:`SeatsPanel`: every seat, its chips, bet, marks (button, blinds), status, cards;
* :class:`Felt`: the board, the pot and side pots, your cards, whose turn, hints;
* :class:`HandLog`: every action of every hand, scrolling;
* :class:`ActionBar`: your choices; it posts :class:`ActionBar.Chosen`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from pokerroom.engine.actions import Action, ActionKind, Street
from pokerroom.engine.view import PlayerView
from pokerroom.tui import cardface
from pokerroom.tui.amounts import chips
from pokerroom.tui.base import Menu, fresh_keys
from pokerroom.tui.choices import Button as Choice
from pokerroom.tui.choices import (
    buttons,
    declarations,
    needs_amount,
    odds_text,
    quick_sizes,
    read_amount,
    refusal,
    step_size,
)
from pokerroom.tui.felt import PotLine, SeatLine
from pokerroom.tui.widgets.fields import TypedInput

__all__ = ["ActionBar", "AmountInput", "Felt", "HandLog", "SeatsPanel"]

_CARD = re.compile(r"\b([2-9TJQKA][cdhs]|Jk)\b")
_AWAY = ("folded", "out", "sitting out")  # a seat's name dimmed: not in the hand
_QUIET = ("folded", "mucked", "sitting out")  # a status said dimmed


class SeatsPanel(Widget):
    """Every seat: marks, name, chips behind, bet in front, cards or status."""

    lines: reactive[tuple[SeatLine, ...]] = reactive((), layout=True)
    out: reactive[tuple[str, ...]] = reactive(())
    notes: reactive[tuple[str, ...]] = reactive((), layout=True)
    """A line under each seat, by seat (empty: none): the opponents' statistics."""

    def render(self) -> RenderableType:
        width = self.size.width
        name_w = min(max(9, width - 36), 18)
        rows: list[Text] = []
        for s in self.lines:
            row = Text()
            row.append("▶ " if s.status == "to act" else "  ", style="bold yellow")
            row.append(f"{s.marks:<5.5}", style="bold cyan")
            style = "bold reverse" if s.is_you else ("dim" if s.status in _AWAY else "")
            row.append(f"{s.name:<{name_w}.{name_w}}", style=style)
            row.append(f"{chips(s.stack):>7} ")
            row.append(f"{chips(s.bet) if s.bet else '':>6} ", style="bold")
            if s.cards:
                row.append_text(cardface.small(s.cards))
                row.append(" ")
            if s.won:
                row.append(f"+{chips(s.won)}", style="bold green")
            elif s.status and s.status != "to act":
                row.append(s.status, style="dim" if s.status in _QUIET else "bold")
            elif s.last:
                row.append(s.last, style="italic")
            rows.append(row)
            if s.seat < len(self.notes) and self.notes[s.seat]:
                rows.append(Text(f"  {'':5}{self.notes[s.seat]}", style="dim italic"))
        for name in self.out:
            row = Text("  " + " " * 5)
            row.append(f"{name:<{name_w}.{name_w}}", style="dim strike")
            row.append(f"{'out':>7}", style="dim")
            rows.append(row)
        head = Text(f"  {'':5}{'player':<{name_w}}{'chips':>7} {'bet':>6} cards", style="dim")
        for row in (head, *rows):
            row.no_wrap = True
            row.overflow = "crop"
        return Group(head, *rows)


class Felt(Widget):
    """The middle of the table: board, pots, your cards, whose turn, hints."""

    board: reactive[tuple[int, ...]] = reactive(())
    pots: reactive[tuple[PotLine, ...]] = reactive((), layout=True)
    hole: reactive[tuple[int, ...]] = reactive(())
    names: reactive[tuple[str, ...]] = reactive(())
    turn: reactive[str] = reactive("")
    hint: reactive[str] = reactive("", layout=True)
    roomy: reactive[bool] = reactive(False, layout=True)

    def render(self) -> RenderableType:
        parts: list[RenderableType] = []
        if self.roomy:
            board = cardface.large(self.board, slots=5)
            mine = cardface.large(self.hole) if self.hole else [Text(), Text(), Text()]
            for b, m in zip(board, mine, strict=True):
                line = Text("  ")
                line.append_text(b)
                line.append("      ")
                line.append_text(m)
                parts.append(line)
            labels = Text("  board" + " " * 25 + "      your cards", style="dim")
            parts.append(labels)
        else:
            line = Text()  # (the words dim, not the cards: no style for the whole line)
            line.append("Board ", style="dim")
            line.append_text(cardface.small([*self.board]) if self.board else Text("-"))
            line.append("   You ", style="dim")
            line.append_text(cardface.small(self.hole) if self.hole else Text("-"))
            parts.append(line)
        parts.append(self._pot_text())
        parts.append(Text(self.turn, style="bold yellow"))
        if self.hint:
            parts.append(Text(self.hint, style="italic cyan"))
        return Group(*parts)

    def _pot_text(self) -> Text:
        text = Text()
        text.append("Pot ", style="dim")
        if not self.pots:
            text.append("0")
            return text
        if len(self.pots) == 1:
            text.append(chips(self.pots[0].amount), style="bold")
        else:
            total = sum(p.amount for p in self.pots)
            text.append(chips(total), style="bold")
            for p in self.pots:
                who = ", ".join(self.names[s] for s in p.eligible) if self.names else ""
                text.append(f"  {p.name} {chips(p.amount)}", style="bold")
                text.append(f" ({who})", style="dim")
        winners = [p for p in self.pots if p.winners]
        for p in winners:
            if len(p.winners) == 1:
                got = self.names[p.winners[0]]
            else:
                shares = zip(p.winners, p.shares, strict=True)
                got = ", ".join(f"{self.names[w]} {chips(c)}" for w, c in shares)
            text.append(f"\n{p.name.capitalize()} {chips(p.amount)} → {got}", style="green")
        return text


class HandLog(RichLog, can_focus=False):
    """The log of every action, hand after hand; cards in their suits' colours.  It
    keeps what it was given, so a new width wraps every line again.  It never takes the
    focus (the keys are the action bar's; the mouse wheel scrolls it)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(
            wrap=True, markup=False, highlight=False, max_lines=2000, min_width=20, **kwargs  # type: ignore[arg-type]
        )
        self._key: object = None
        self._written: list[str] = []
        self._texts: list[Text] = []
        self._width = 0
        self._height = 0

    def show(self, key: object, lines: Sequence[str]) -> None:
        """Show hand ``key``'s lines: what is new is appended.  A hand's lines only grow
        at their end as it is played; should an earlier one ever change (a connection
        that came back with the hand told again), only the lines not yet written are
        added: the hand is never written twice."""
        if key != self._key:
            self._key = key
            self._written = []
            if self._texts:
                self._add(Text(""))
        written = self._written
        if lines[: len(written)] == written:
            new = lines[len(written) :]
        else:
            new, at = [], 0
            for line in lines:
                if at < len(written) and line == written[at]:
                    at += 1
                else:
                    new.append(line)
        for line in new:
            self._add(self.colour(line))
        self._written = list(lines)

    def note(self, text: Text) -> None:
        """Add a line that is not the hand's (a line of chat): shown as it is, never
        read as markup or cards."""
        self._add(text)

    def _add(self, text: Text) -> None:
        self._texts.append(text)
        if len(self._texts) > 2000:
            del self._texts[: len(self._texts) - 2000]
        self.write(text)
        self._to_end()

    def _to_end(self) -> None:
        """Show the last line now: the toolkit's own scroll waits for the next refresh,
        which a screen pushed over the table (the hand's summary) may hold back, leaving
        the log behind it at its top."""
        if self._size_known:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        height = self._view_height()
        if width != self._width:
            self._width = width
            self._height = height
            self.call_after_refresh(self._rewrap)
        elif height != self._height:
            # a log that showed its end shows it still, however much of its height the
            # widgets beside it took (the bar growing under the hand's summary left the
            # last lines hidden); one scrolled back by hand stays where it was put
            was_at_end = self.scroll_y >= self.virtual_size.height - self._height
            self._height = height
            if was_at_end:
                self._to_end()

    def _view_height(self) -> int:
        return self.container_size.height - self.scrollbar_size_horizontal

    def _rewrap(self) -> None:
        """Write every line again at the width the log has now."""
        self.clear()
        for text in self._texts:
            self.write(text)
        self._to_end()

    @staticmethod
    def colour(line: str) -> Text:
        text = Text(line, style="bold" if line.startswith("***") else "")
        for m in _CARD.finditer(line):
            card = m.group(0)
            from pokerroom.cards import Card

            code = int(Card.parse(card))
            style = cardface.face(code).style
            text.stylize(style, m.start(), m.end())
        return text


class AmountInput(TypedInput):
    """The amount of a bet or raise.  Everything typed is text (a letter is never a
    shortcut here); ↑ and ↓ step through the quick sizes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "step(1)", "Bigger", key_display="↑↓"),
        Binding("down", "step(-1)", "Smaller", show=False),
        Binding("enter", "submit", "Confirm", key_display="⏎"),
        Binding("escape", "cancel", "Back"),
    ]

    class Step(Message):
        def __init__(self, direction: int) -> None:
            super().__init__()
            self.direction = direction

    class Cancel(Message):
        pass

    def action_step(self, direction: int) -> None:
        self.post_message(self.Step(direction))

    def action_cancel(self) -> None:
        self.post_message(self.Cancel())


class ChoiceButton(Button):
    """A button of the action bar (Enter presses it; ← → move between them)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "press", "Select", show=False),
        Binding("left", "app.focus_previous", "Choose", key_display="←→⏎"),
        Binding("right", "app.focus_next", "Choose", show=False),
    ]


_IDLE = ("Fold", "Check", "Bet", "All-in")
"""The buttons' words while it is not your turn."""


class ActionBar(Widget):
    """Your choices when it is your turn; posts :class:`Chosen` with the action.

    Everything it offers comes from :mod:`~pokerroom.tui.choices`: the buttons (every
    legal action; the focus on a legal one, never on Fold while anything else is
    possible), the pot odds of a call, the showdown's choices.  A choice is sent once:
    the bar takes nothing more until it is given the next decision.
    """

    view: reactive[PlayerView | None] = reactive(None, always_update=True)
    message: reactive[str] = reactive("")

    class Chosen(Message):
        """You chose ``action``; ``all_in`` when a single key or button put every chip
        in (the table asks first, if the settings say so)."""

        def __init__(self, action: Action, *, all_in: bool = False) -> None:
            super().__init__()
            self.action = action
            self.all_in = all_in

    def __init__(self, **kwargs: str) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._sent = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="buttons"):
            for k in range(4):
                yield ChoiceButton(_IDLE[k], id=f"act-{k}", compact=True, disabled=True)
            yield Static("", id="odds")
        with Horizontal(id="amount-row"):
            yield Static("", id="amount-label")
            yield AmountInput(id="amount", compact=True, max_length=16)
            yield Static("", id="amount-help")
        yield Menu(id="declare")
        yield Static("", id="bar-message")

    def _mine(self) -> PlayerView | None:
        v = self.view
        if self._sent or v is None or not v.is_my_turn or v.legal is None:
            return None
        return v

    def slots(self) -> list[tuple[str, str, bool]]:
        """The four buttons as (key, label, enabled): what the footer lists."""
        v = self._mine()
        if v is None or v.street is Street.SHOWDOWN:
            return [(k, label, False) for k, label in zip("fcba", _IDLE, strict=True)]
        return [(b.key, b.label, b.enabled) for b in buttons(v)]

    def watch_view(self) -> None:
        self._sent = False
        self._update_controls()

    def watch_message(self, text: str) -> None:
        self.query_one("#bar-message", Static).update(Text(text, style="bold red"))

    def _update_controls(self) -> None:
        v = self._mine()
        row = self.query_one("#amount-row")
        declare = self.query_one("#declare", OptionList)
        btns = list(self.query(ChoiceButton))
        odds = self.query_one("#odds", Static)
        # A marker no style reads: restyling the whole bar for it at each turn's start and
        # end was a tenth of a key-driven game's work.
        self.set_class(v is not None, "-my-turn", update=False)
        row.display = False
        self.query_one("#buttons").display = True
        odds.update("")
        if v is None or v.street is Street.SHOWDOWN:
            for b in btns:
                b.disabled = True
                b.display = v is None
            declare.display = v is not None
            if v is not None:
                fresh_keys(self.app)  # the list takes the keys from now
                declare.clear_options()
                options: list[Option | None] = []
                for k, d in enumerate(declarations(v)):
                    if k and d.action.kind is ActionKind.MUCK:
                        options.append(None)  # conceding: apart from the hands to announce
                    options.append(Option(d.label, id=str(k)))
                declare.add_options(options)
                declare.highlighted = 0
                declare.focus()
            else:
                for b, label in zip(btns, _IDLE, strict=True):
                    b.label = label
                    b.refresh(layout=True)
            return
        declare.display = False
        choices = buttons(v)
        for b, choice in zip(btns, choices, strict=True):
            b.display = True
            b.label = f"{choice.label} ({choice.key})"
            b.disabled = not choice.enabled
            b.refresh(layout=True)
        odds.update(Text(odds_text(v), style="dim"))
        btns[_focus(choices)].focus()

    # ------------------------------------------------------------------ choosing

    def choose(self, key: str) -> None:
        """Take the button of key ``key`` (``f``, ``c``, ``b`` or ``r``, ``a``) if it is
        legal, else say why not: a bet or raise that needs an amount opens the amount
        field."""
        v = self._mine()
        if v is None or v.street is Street.SHOWDOWN:
            return
        slot = {"f": 0, "c": 1, "b": 2, "r": 2, "a": 3}[key]
        choice = buttons(v)[slot]
        if not choice.enabled:
            self.message = refusal(v, choice.name)
            return
        if choice.action is not None:
            self._send(choice.action, all_in=choice.all_in)
        else:
            self.open_amount()

    def open_amount(self) -> None:
        v = self._mine()
        if v is None or not needs_amount(v):
            return
        legal = v.legal
        assert legal is not None
        word = "Bet" if ActionKind.BET in legal.kinds else "Raise to"
        self.query_one("#amount-label", Static).update(f"{word} ")
        sizes = " · ".join(f"{q.label} {chips(q.amount)}" for q in quick_sizes(v))
        self.query_one("#amount-help", Static).update(
            f" {chips(legal.min_to)} to {chips(legal.max_to)} · ↑↓ {sizes}"
        )
        field = self.query_one(AmountInput)
        field.value = chips(legal.min_to)
        self.query_one("#amount-row").display = True
        self.query_one("#buttons").display = False
        field.focus()
        fresh_keys(self.app)  # keys typed before the field opened were not for it
        self.message = ""

    def close_amount(self) -> None:
        fresh_keys(self.app)
        self.query_one("#amount-row").display = False
        self.query_one("#buttons").display = True
        self._update_controls()

    @on(AmountInput.Step)
    def _step(self, event: AmountInput.Step) -> None:
        v = self._mine()
        if v is None:
            return
        field = self.query_one(AmountInput)
        field.value = chips(step_size(v, field.value, event.direction))
        field.cursor_position = len(field.value)

    @on(AmountInput.Cancel)
    def _cancel(self) -> None:
        self.message = ""
        self.close_amount()

    @on(Input.Submitted, "#amount")
    def _submit(self, event: Input.Submitted) -> None:
        event.stop()
        v = self._mine()
        if v is None:
            return
        check = read_amount(event.value, v)
        if check.amount is None:
            self.message = check.message
            return
        legal = v.legal
        assert legal is not None
        kind = ActionKind.BET if ActionKind.BET in legal.kinds else ActionKind.RAISE
        self.query_one("#amount-row").display = False
        self.query_one("#buttons").display = True
        self._send(Action(kind, check.amount))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        slot = int((event.button.id or "act-0").removeprefix("act-"))
        self.choose("fcra"[slot])

    @on(OptionList.OptionSelected, "#declare")
    def _declared(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        v = self._mine()
        if v is None or v.street is not Street.SHOWDOWN:
            return
        options = declarations(v)
        self._send(options[int(event.option.id or 0)].action)

    def _send(self, action: Action, *, all_in: bool = False) -> None:
        self.message = ""
        self._sent = True  # nothing more until the next decision (or the all-in is refused)
        self.post_message(self.Chosen(action, all_in=all_in))


def _focus(choices: Sequence[Choice]) -> int:
    """The button to focus: check or call, else bet, raise or straddle, else the first
    legal one (Fold only when nothing else is possible)."""
    for slot in (1, 2, 3, 0):
        if choices[slot].enabled:
            return slot
    return 0
