"""The table of a room (``pokerroom play --join URL``): the same table screen, played
elsewhere.

:class:`RemoteTableScreen` is the :class:`~pokerroom.tui.screens.table.TableScreen`
(its seats, log, felt, action bar, keys, hints and statistics) with the hand loop
replaced: the hands are dealt by a room's dealer, and the screen draws what a
:class:`~pokerroom.jsonproto.mirror.TableMirror` makes of the dealer's messages.  The
messages come through a :class:`TableLink`, which the command line makes (the room's
WebSocket client is :class:`pokerroom.net.roomlink.RoomLink`): the terminal game never
opens a connection itself.  A dropped connection is the link's to mend: when it is back
the dealer sends the hand in play and your pending decision again, and the screen
carries on from there.

What differs from a local game: nothing is saved (the room keeps the game; leaving keeps
your seat, and the dealer plays the default action for you while you are away), the
hand's summary never holds the table up (the next decision of yours closes it), your
decision clock is shown, and ``m`` says something in the table's chat.

With no seat the screen watches the table (the public hand only: a spectator is sent no
hole card before the showdown), and when the link is a room's
(:class:`~pokerroom.tui.screens.seating.SeatDesk`) ``j`` sits down: at once when a seat
is free, else on the cash table's waiting list, whose ``offer`` of a free seat is said
when it comes.  Seated at a cash table, ``u`` tops up, ``z`` sits out, ``i`` sits in and
``v`` stands up with your chips (back to watching); asked mid-hand, the room does each
when the hand ends, and the screen says so.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from pokerroom.engine.actions import Action
from pokerroom.jsonproto.codec import CodecError
from pokerroom.jsonproto.mirror import TableMirror
from pokerroom.tui.amounts import chips
from pokerroom.tui.base import RoomScreen
from pokerroom.tui.felt import (
    dealt_in,
    log_lines,
    outcome_lines,
    played_hand,
    pots,
    seats,
    turn_text,
)
from pokerroom.tui.screens.dialogs import (
    ConfirmDialog,
    HandOverScreen,
    LineDialog,
    MessageDialog,
)
from pokerroom.tui.screens.seating import AmountDialog, SeatDesk, top_up_range
from pokerroom.tui.screens.table import TableScreen
from pokerroom.tui.widgets.fields import TypedInput
from pokerroom.tui.widgets.footer import KeyFooter
from pokerroom.tui.widgets.table import ActionBar, Felt, HandLog, SeatsPanel

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from pokerroom.engine.view import PlayerView

__all__ = ["ChatDialog", "RemoteTableScreen", "TableLink", "clock_text"]

CHAT_MOST = 300
"""The longest line of chat sent (the room cuts what it shows to this)."""


_FORCED = ("ante", "blind", "straddle", "deal", "burn")
"""The events of a hand's start: the table is drawn when they are all in."""


def clock_text(left: float, bank: float) -> str:
    """The decision clock beside "Your turn": the seconds of its own clock (and the time
    bank that runs after them), then the bank's.

    >>> clock_text(12.4, 30), clock_text(7, 0), clock_text(0, 25.6)
    ('⏱ 12s (then 30s of time bank)', '⏱ 7s', '⏱ time bank 26s')
    """
    if left > 0:
        return f"⏱ {left:.0f}s" + (f" (then {bank:.0f}s of time bank)" if bank > 0 else "")
    return f"⏱ time bank {bank:.0f}s"


_DESK = ("sit", "top_up", "sit_out", "sit_in", "stand_up")
"""The seat keys' actions (a room's link only)."""


def _when(done: object) -> str:
    """A seat change's answer, in words."""
    return "done" if done else "queued until the hand ends"


def _forced(message: dict[str, Any]) -> bool:
    event = message.get("event") if message.get("type") == "event" else None
    return isinstance(event, dict) and event.get("kind") in _FORCED


class TableLink(Protocol):
    """Where a remote table's messages come from and its answers go: the dealer's
    messages, decoded (plus ``{"type": "link", "up", "fatal", "message"}`` when the
    connection drops, comes back or is lost for good)."""

    @property
    def title(self) -> str: ...

    def messages(self) -> AsyncIterator[dict[str, Any]]: ...

    async def send(self, message: dict[str, Any]) -> bool: ...

    async def close(self) -> None: ...


class ChatDialog(LineDialog):
    """A line to say at the table (Enter sends, Esc does not)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "ok", "Send", key_display="⏎"),
    ]

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="save", classes="dialog"):
            yield Static("Say at the table", classes="dialog-title")
            yield TypedInput("", id="chat", max_length=CHAT_MOST)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Send (Enter)", id="ok", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")
        yield KeyFooter()


class RemoteTableScreen(TableScreen):
    """A room's table, seen from your seat (or watched: no seat)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "chat", "Chat"),
        Binding("j", "sit", "Sit down"),
        Binding("u", "top_up", "Top up"),
        Binding("z", "sit_out", "Sit out"),
        Binding("i", "sit_in", "Sit in"),
        Binding("v", "stand_up", "Stand up"),
    ]

    def __init__(self, link: TableLink, note: str | None = None) -> None:
        RoomScreen.__init__(self)
        self.link = link
        self.desk = link if isinstance(link, SeatDesk) else None
        self.note = note
        self.mirror = TableMirror()
        self.history = None
        self.fresh_state()
        self.over = False
        self.info: dict[str, Any] = {}  # the table as the lobby lists it (a room's link)
        self._down = False  # the connection is lost (and being tried again)
        self._standing = False  # you stood up: the seat's connection closes, then watch
        self._asking = False  # a seat key's amount dialog is open or opening
        self._summary: HandOverScreen | None = None
        self._farewell: MessageDialog | None = None  # the table is gone, or the game over

    # ------------------------------------------------------------------ drawing

    @property
    def names(self) -> tuple[str, ...]:
        m = self.mirror
        n = m.view.players if m.view is not None else len(m.names)
        return tuple(m.names[s] if s < len(m.names) else f"seat {s}" for s in range(n))

    def show(self) -> None:
        """Draw the table as the dealer's messages show it."""
        m = self.mirror
        view = m.view
        if view is None:
            return
        if not self._my_turn() and view.legal is not None:
            view = dataclasses.replace(view, legal=None)  # answered: the bar waits
        self.view = view
        names = self.names
        line = Text.assemble(
            (f" Hand {m.hand}", "bold"), " · ",
            (str(view.street).upper() if view.street.value < 4 else "SHOWDOWN", "bold magenta"),
            f" · {view.rules} · {self.link.title}",
            " · watching" if m.seat is None else "",
        )  # fmt: skip
        self.query_one("#table-title", Static).update(line)
        dealt = m.dealt or tuple(range(view.players))
        panel = self.query_one(SeatsPanel)
        panel.lines = tuple(seats(view, names, out=[t not in dealt for t in range(len(names))]))
        panel.notes = self._notes(names) if self._seen is not None else ()
        felt = self.query_one(Felt)
        felt.names = names
        felt.board = tuple(view.board)
        felt.hole = tuple(view.hole) if view.seat >= 0 and not view.folded[view.seat] else ()
        felt.pots = tuple(pots(view))
        felt.turn = self._turn_text(view, names)
        mine = dealt_in(view, dealt)
        self.query_one(HandLog).show(m.hand, log_lines(mine, [names[t] for t in dealt], m.hand))
        self.query_one(ActionBar).view = view
        self.sync_keys()
        if not self.poker.prefs.hints or view.seat < 0 or view.folded[view.seat]:
            felt.hint = ""
        elif self._my_turn() and view.street.value < 4:
            self.update_hints(view)
        elif (m.hand, view.street) != self._hint_spot:
            felt.hint = ""
        self._hint_spot = (m.hand, view.street)

    def _turn_text(self, view: PlayerView, names: tuple[str, ...]) -> str:
        text = turn_text(view, names)
        pending = self.mirror.pending
        if self._my_turn() and pending is not None:
            text += f"  {clock_text(pending.left(), pending.bank_left())}"
        return text

    def _tick(self) -> None:
        """The decision clock, once a second."""
        if self._my_turn() and self.view is not None and self.is_attached:
            self.query_one(Felt).turn = self._turn_text(self.view, self.names)

    def _notes(self, names: tuple[str, ...]) -> tuple[str, ...]:
        from pokerroom.history.stats import player_stats

        me = self.mirror.seat
        others = [name for k, name in enumerate(names) if k != me]
        stats = player_stats(self._seen or (), players=others, adjust=False)
        return tuple("" if k == me or name not in stats else stats[name].brief()
                     for k, name in enumerate(names))  # fmt: skip

    # --------------------------------------------------------------- the loop

    @work(exclusive=True, group="hand-loop")
    async def play(self) -> None:
        """Draw the dealer's messages until the match ends or you leave (after standing
        up, the seat's connection closes: watch from a new one)."""
        self.query_one(Felt).turn = f"Connecting to {self.link.title}..."
        self.set_interval(1.0, self._tick)
        if self.note:
            self.notify(self.note, severity="warning", timeout=20, markup=False)
        if self.desk is not None:
            self._in_desk(self._learn_table)
        while True:
            try:
                async for message in self.link.messages():
                    if self._leaving:
                        return
                    self.take(message)
            except CodecError as exc:
                self._lost(f"The room sent something this client cannot read: {exc}")
                return
            if self._leaving or self.over:
                return
            if not (self._standing and self.desk is not None):
                self._lost("The room closed the connection.")
                return
            self._standing = False
            self.desk.seated_as(None, None)  # watch from now on

    def take(self, message: dict[str, Any]) -> None:
        """Act on one message of the link."""
        if message.get("type") == "link":
            self._link(message)
            return
        if message.get("type") == "offer":
            self._offer()
            return
        change = self.mirror.receive(message)
        if message.get("type") in ("welcome", "seats"):
            self.refresh_bindings()  # (seated or watching; sitting out)
        if change == "act":
            self._ask()
        elif self.mirror.pending is None:
            self._drop_choice()  # accepted, defaulted, or the hand moved on
        if message.get("type") in ("error", "default"):
            text = self.mirror.errors[-1][1]
            self.query_one(ActionBar).message = text
            self.notify(text, severity="warning", markup=False)
        if change == "view" and _forced(message):
            pass  # drawn with the first decision: the log names the blinds once all are in
        elif change in ("view", "seats", "accepted", "error"):
            self.show()
        elif change == "hand_end":
            self._hand_end()
        elif change == "match_end":
            self._match_end()
        elif change == "chat":
            who, text = self.mirror.chat[-1]
            self.query_one(HandLog).note(Text.assemble((f"{who}: ", "bold cyan"), text))

    def _link(self, message: dict[str, Any]) -> None:
        text = str(message.get("message", ""))
        if message.get("fatal"):
            self._lost(text)
        elif message.get("up"):
            self._down = False
            self.notify("Back at the table.", markup=False)
        else:
            self._drop_choice()
            self.query_one(Felt).turn = f"Connection lost: {text}"
            if not self._down:  # (said once, not at every try)
                self._down = True
                self.notify(f"Connection lost: {text}", severity="warning", markup=False)

    def _lost(self, text: str) -> None:
        self.over = True
        self._drop_choice()

        def closed(_: object = None) -> None:
            self.leave(quit_app=True)

        self._say_farewell(MessageDialog("The table is gone", text), closed)

    def _say_farewell(self, dialog: MessageDialog, closed: Callable[[Any], None]) -> None:
        """Show the table's last word, once: a second (a link lost twice, the game's end
        repeated, the end then the link) is not stacked on the first."""
        if self._farewell is not None:
            return
        self._farewell = dialog
        self.app.push_screen(dialog, closed)

    def _ask(self) -> None:
        """Your decision: the keys and the bar are live from now."""
        pending = self.mirror.pending
        if pending is None:
            return
        if self._summary is not None and self.app.screen is self._summary:
            self._summary.dismiss()
        self._summary = None
        self.poker.keys_from_now()
        old = self._choice
        choice: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        self._choice = choice
        if old is not None and not old.done():
            old.cancel()
        choice.add_done_callback(self._chose)
        self.show()
        if self.poker.prefs.bell:
            self.app.bell()

    def _chose(self, choice: asyncio.Future[Action]) -> None:
        if choice.cancelled() or choice is not self._choice:
            return
        message = self.mirror.answer(choice.result())
        if message is not None:
            self.run_worker(self._send(message), group="send")
        self.show()

    async def _send(self, message: dict[str, Any]) -> None:
        if not await self.link.send(message):
            self.notify("Not sent: the connection is down (it is being tried again)",
                        severity="warning")  # fmt: skip

    def _drop_choice(self) -> None:
        choice = self._choice
        if choice is not None and not choice.done():
            choice.cancel()

    def _hand_end(self) -> None:
        self._drop_choice()
        self.show()
        view = self.view
        if view is None or view.result is None:
            return
        names = self.names
        dealt = self.mirror.dealt or tuple(range(view.players))
        mine = dealt_in(view, dealt)
        in_hand = [names[t] for t in dealt]
        if self._seen is not None:
            self._seen.append(played_hand(mine, in_hand, self.mirror.hand))
        if view.seat < 0 or self.over or view.seat not in self.mirror.dealt:
            return  # watching, or not dealt in (sitting out): no summary
        text = Text()
        if view.board:
            from pokerroom.tui import cardface

            text.append("Board ")
            text.append_text(cardface.small(view.board))
            text.append("\n")
        for line in outcome_lines(mine, in_hand):
            text.append_text(HandLog.colour(line))
            text.append("\n")
        k = view.seat
        before, after = view.result.starting[k], view.result.stacks[k]
        sign = "+" if after >= before else "−"
        change = f"{sign}{chips(abs(after - before))}"
        text.append(f"\nYour chips: {chips(before)} → {chips(after)} ({change})", style="bold")
        title = f"Hand {self.mirror.hand} is over"
        shown = self._summary
        if shown is not None and shown in self.app.screen_stack:
            shown.renew(text, title)  # (the last summary still up, or under a dialog)
            return
        self._summary = HandOverScreen(text, title, leave=self.action_leave)
        self.app.push_screen(self._summary)

    def _match_end(self) -> None:
        self.over = True
        self.show()
        end = self.mirror.end or {}
        names = end.get("names") or self.names
        lines = []
        for s in sorted(end.get("standings", []), key=lambda s: s.get("place", 0)):
            seat = s.get("seat", -1)
            name = names[seat] if 0 <= seat < len(names) else f"seat {seat}"
            lines.append(f"{s.get('place')}. {name}")
        if self._summary is not None and self.app.screen is self._summary:
            self._summary.dismiss()

        def closed(_: object = None) -> None:
            self.leave(quit_app=True)

        self._say_farewell(MessageDialog("The game is over", "\n".join(lines) or "-"), closed)

    # --------------------------------------------------------------- keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save":
            return False  # the room keeps the game
        if action == "chat":
            return self.mirror.seat is not None or self.mirror.rules is not None
        if action in _DESK:
            return self._may(action)
        if action == "choose" and self.mirror.seat is None:
            return False  # watching: no betting keys
        return super().check_action(action, parameters)

    def _may(self, action: str) -> bool:
        """Whether a seat key acts now: ``j`` watching a table you may see, the cash
        keys seated at a cash table (stand up too at a sit-and-go not started)."""
        if self.desk is None or self.over:
            return False
        if action == "sit":
            return self.mirror.seat is None and self.mirror.rules is not None
        if self.mirror.seat is None or self._standing:
            return False
        cash = self.info.get("kind") == "cash"
        if action == "stand_up":
            return cash or self.info.get("state") == "waiting"
        return cash

    def _my_stack(self) -> int:
        """Your chips, as the last ``seats`` message (else the view) says."""
        me = self.mirror.seat
        for p in self.mirror.players:
            if p.get("seat") == me and isinstance(p.get("stack"), int):
                return int(p["stack"])
        view = self.mirror.view
        return view.stacks[me] if view is not None and me is not None and me < view.players else 0

    def _offer(self) -> None:
        """The room offers you a free seat (you are first on its waiting list)."""
        if self.mirror.seat is not None:
            return
        self.notify("A seat is free for you at this table: press j to take it",
                    timeout=30, markup=False)  # fmt: skip
        self.refresh_bindings()

    def _said(self, text: str, *, error: bool = False) -> None:
        """One line about a seat key: in the action bar and as a notice."""
        if not self.is_attached:
            return
        self.query_one(ActionBar).message = text if error else ""
        self.notify(text, severity="error" if error else "information", markup=False)

    async def _ask_room(self, call: Callable[..., Any], *args: Any) -> tuple[bool, Any]:
        """``call(*args)`` of the desk in a thread: (True, its answer), or (False, None)
        once its refusal is said."""
        try:
            return True, await asyncio.to_thread(call, *args)
        except RuntimeError as exc:  # (RoomLinkError: the room refused, or is away)
            self._said(str(exc), error=True)
            return False, None

    async def _learn_table(self) -> bool:
        """The table's kind and bounds, from the room's list (the keys follow)."""
        if self.desk is None:
            return False
        ok, info = await self._ask_room(self.desk.table_info)
        if ok and isinstance(info, dict):
            self.info = info
            self.refresh_bindings()
        return ok

    def _in_desk(self, job: Callable[[], Awaitable[object]]) -> None:
        """Run a seat key's ``job`` as a worker (its coroutine made when it starts: one
        cancelled before it starts leaves none behind)."""
        self.run_worker(job, group="desk")

    def _on_top(self) -> bool:
        """Whether the table is the screen on top (a dialog asked for while the room was
        asked is not opened over another screen: the key is dropped)."""
        return self.is_attached and self.app.screen is self

    async def _amount(self, dialog: AmountDialog) -> str | None:
        """The amount typed in ``dialog`` opened over the table, or None (cancelled, or
        not opened: the table is not on top, or another seat key's dialog is open or
        opening).  Opening waits a step after the table was seen on top, so two seat keys
        pressed at once (their jobs run side by side) both saw the table free and each
        opened its dialog, one over the other: the first to ask now holds the table."""
        if self._asking or not self._on_top():
            return None
        self._asking = True
        try:
            typed: str | None = await self.app.push_screen_wait(dialog)
            return typed
        finally:
            self._asking = False

    def action_sit(self) -> None:
        if self._may("sit"):
            self._in_desk(self._sit)

    async def _sit(self) -> None:
        desk = self.desk
        if desk is None:
            return
        problem = desk.sit_problem()
        if problem is not None:
            self._said(problem, error=True)
            return
        if not await self._learn_table() or not self._on_top():
            return
        buy_in = None
        if self.info.get("kind") == "cash":
            low, high = int(self.info["min_buy_in"]), int(self.info["max_buy_in"])
            typed = await self._amount(
                AmountDialog("Sit down: your buy-in", "A buy-in", low, high, high))
            if typed is None:
                return
            buy_in = int(typed)
        ok, seat = await self._ask_room(desk.sit, None, buy_in)  # (full: the waiting list)
        if not ok:
            return
        later = ": you play from the next hand" if desk.queued else ""
        self._said(f"You sit down in seat {seat + 1}{later}")
        await desk.rejoin()

    def action_top_up(self) -> None:
        if self._may("top_up"):
            self._in_desk(self._top_up)

    async def _top_up(self) -> None:
        desk = self.desk
        if desk is None or not await self._learn_table():
            return
        smallest, largest = int(self.info["min_buy_in"]), int(self.info["max_buy_in"])
        stack = self._my_stack()
        low, high = top_up_range(stack, smallest, largest)
        if not self._on_top():
            return
        if high < low:
            self._said(f"No top-up: your {chips(stack)} chips are the largest buy-in "
                       f"already (buy-ins here: {chips(smallest)} to {chips(largest)})",
                       error=True)  # fmt: skip
            return
        typed = await self._amount(
            AmountDialog("Top up: chips to add", "A top-up", low, high, high))
        if typed is None:
            return
        ok, done = await self._ask_room(desk.change, "top_up", int(typed))
        if ok:
            self._said(f"Top up by {chips(int(typed))}: {_when(done)}")

    def action_sit_out(self) -> None:
        if self._may("sit_out"):
            self._in_desk(partial(self._change, "sit_out", "Sit out"))

    def action_sit_in(self) -> None:
        if self._may("sit_in"):
            self._in_desk(partial(self._change, "sit_in", "Sit in"))

    async def _change(self, what: str, label: str) -> None:
        if self.desk is None:
            return
        ok, done = await self._ask_room(self.desk.change, what)
        if ok:
            self._said(f"{label}: {_when(done)}")

    def action_stand_up(self) -> None:
        if not self._may("stand_up") or isinstance(self.app.screen, ConfirmDialog):
            return
        text = ("Give up your seat: your chips go back to your balance (asked during a "
                "hand, when it ends), and you go on watching the table.")  # fmt: skip

        def answered(answer: str | None) -> None:
            if answer == "yes" and self._may("stand_up"):
                self._in_desk(self._stand_up)

        self.app.push_screen(ConfirmDialog("Stand up?", text, "Stand up"), answered)

    async def _stand_up(self) -> None:
        if self.desk is None:
            return
        ok, refund = await self._ask_room(self.desk.stand_up)
        if not ok:
            return
        self._standing = True  # the room closes the seat's connection: then watch
        self.refresh_bindings()
        if refund is None:
            self._said("Standing up: queued until the hand ends (your chips then go back "
                       "to your balance)")  # fmt: skip
        else:
            self._said(f"You stood up: {chips(refund)} chips back to your balance")

    def action_chat(self) -> None:
        def said(text: str | None) -> None:
            if text:
                self.run_worker(self._send({"type": "chat", "text": text[:CHAT_MOST]}),
                                group="send")  # fmt: skip

        self.app.push_screen(ChatDialog(), said)

    def autosave(self) -> None:
        """Nothing to save: the room keeps the game."""

    def ask_leave(self, *, quit_app: bool) -> None:
        """Ask before leaving: your seat stays yours (the dealer acts for you meanwhile)."""
        if isinstance(self.app.screen, ConfirmDialog):
            return
        text = ("Your seat stays yours: while you are away the room checks or folds for "
                "you when your time runs out. Run the same `pokerroom play --join` to "
                "come back.")  # fmt: skip
        if self.mirror.seat is None or self._standing:
            text = "You have no seat here: leaving stops watching."

        def answered(answer: str | None) -> None:
            if answer == "yes":
                self.leave(quit_app=True)

        self.app.push_screen(ConfirmDialog("Leave the table?", text, "Leave"), answered)

    def leave(self, *, quit_app: bool) -> None:
        self._leaving = True
        self._drop_choice()
        self.run_worker(self._close(), group="close")

    async def _close(self) -> None:
        self.workers.cancel_group(self, "hand-loop")
        await self.link.close()
        self.app.exit()
