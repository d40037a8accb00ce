"""Your seat at a room's table, from the terminal: what the room's HTTP side does for
the table screen (:mod:`~pokerroom.tui.screens.remote`), and the amounts it asks for.

A :class:`SeatDesk` is the room's side of a :class:`~pokerroom.tui.screens.remote.TableLink`
(:class:`pokerroom.net.roomlink.RoomLink` is one): sit down (watching, or offered a seat
from the waiting list), and at a cash table top up, sit out, sit in and stand up with
your chips.  The room queues each of them to the hand's end when asked mid-hand, as it
does for the browser.  Its calls block (HTTP): the screen runs them in a thread.

The amounts are checked here before anything is sent (:func:`bounded`), the bounds named
in the refusal; :func:`top_up_range` is the browser's rule: up to the largest buy-in, a
rebuy with no chips at least the smallest.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, runtime_checkable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from pokerroom.tui.amounts import chips, whole_chips
from pokerroom.tui.screens.dialogs import LineDialog
from pokerroom.tui.widgets.fields import TypedInput
from pokerroom.tui.widgets.footer import KeyFooter

__all__ = ["AmountDialog", "SeatDesk", "bounded", "top_up_range"]


@runtime_checkable
class SeatDesk(Protocol):
    """The room's HTTP side of a table link (see the module); each call raises
    :class:`~pokerroom.net.roomlink.RoomLinkError` (a ``RuntimeError``) naming what the
    room refused."""

    seat: int | None
    queued: bool

    def table_info(self) -> dict[str, Any]: ...

    def sit_problem(self) -> str | None: ...

    def sit(self, invite: str | None = None, buy_in: int | None = None) -> int: ...

    def stand_up(self) -> int | None: ...

    def change(self, what: str, chips: int | None = None) -> bool: ...

    def seated_as(self, token: str | None, seat: int | None) -> None: ...

    async def rejoin(self) -> None: ...


def top_up_range(stack: int, low: int, high: int) -> tuple[int, int]:
    """The chips a seat with ``stack`` may add at a table of buy-ins ``low`` to ``high``:
    up to the largest buy-in; with no chips left (a rebuy), at least the smallest.  The
    range is empty (first > last) at the largest buy-in already.

    >>> top_up_range(150, 100, 400), top_up_range(0, 100, 400), top_up_range(400, 100, 400)
    ((1, 250), (100, 400), (1, 0))
    """
    return (low if stack == 0 else 1), high - stack


def bounded(text: str, low: int, high: int, what: str) -> int:
    """The whole number of chips ``text`` says (:func:`~pokerroom.tui.amounts.whole_chips`:
    ``1500`` or ``1,500``), from ``low`` to ``high``; otherwise ``ValueError`` naming the
    problem and the bounds.

    >>> bounded(" 1,200 ", 100, 2000, "A buy-in")
    1200
    >>> bounded("5k", 100, 2000, "A buy-in")
    Traceback (most recent call last):
    ...
    ValueError: A buy-in of '5k' is not a whole number of chips: type one from 100 to 2,000
    >>> bounded("50", 100, 2000, "A top-up")
    Traceback (most recent call last):
    ...
    ValueError: A top-up of 50 is out of bounds: from 100 to 2,000 chips
    """
    amount = whole_chips(text)
    span = f"from {chips(low)} to {chips(high)}"
    if amount is None:
        raise ValueError(f"{what} of {text.strip()[:20]!r} is not a whole number of chips: "
                         f"type one {span}")  # fmt: skip
    if not low <= amount <= high:
        raise ValueError(f"{what} of {chips(amount)} is out of bounds: {span} chips")
    return amount


class AmountDialog(LineDialog):
    """An amount of chips from ``low`` to ``high`` (Enter gives it, Esc does not); one
    out of bounds is refused with the bounds, the dialog staying open."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "ok", "OK", key_display="⏎"),
    ]

    def __init__(self, title: str, what: str, low: int, high: int, default: int) -> None:
        super().__init__()
        self.title_text = title
        self.what = what
        self.low, self.high = low, high
        self.default = default

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="save", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(f"Chips, from {chips(self.low)} to {chips(self.high)}:")
            yield TypedInput(str(self.default), id="amount-chips", max_length=16)
            yield Static("", id="amount-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK (Enter)", id="ok", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")
        yield KeyFooter()

    def action_ok(self) -> None:
        try:
            amount = bounded(self.query_one(Input).value, self.low, self.high, self.what)
        except ValueError as exc:
            self.query_one("#amount-error", Static).update(Text(str(exc), style="bold red"))
            return
        self.dismiss(str(amount))
