"""A table of the room: its seats, its match (a :class:`~pokerroom.jsonproto.dealer.JSONDealer`)
and the connections that play or watch it.

The transport is the room's WebSocket endpoint (:mod:`pokerroom.room.app`): each
connection is a :class:`Link` (one JSON message per text frame, written by a task of
its own with a bounded backlog).  This module drives the dealer as the JSON-lines server
does: each frame is passed to the dealer at once and what it answers is queued on the
links; the pending decision's deadline is one timer (a person's time running out, or a
bot seat's turn coming: the bots play in this process, paced by ``bot_delay``).

A sit-and-go waits for every seat to be taken, then plays a freeze-out with the blinds
rising on a clock.  A cash table deals whenever two seats can play: people sit down with
a buy-in, top up, sit out and in, and stand up with their chips, between hands; asked
mid-hand, the change is queued and made when the hand ends (:meth:`RoomTable._hand_over`,
before the next is dealt).  The chips a queued sit-down or top-up takes from a balance
wait in :attr:`RoomTable.pool` until then.
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from pokerroom._deadline import DeadlineTimer
from pokerroom.jsonproto.dealer import JSONDealer, Outbox, Pending
from pokerroom.jsonproto.messages import Connection, ErrorCode, Limits, Role, Watching, error
from pokerroom.jsonproto.timebank import TimeBank
from pokerroom.players.registry import make_player
from pokerroom.room.chat import ChatRate, clean
from pokerroom.room.people import new_secret
from pokerroom.room.sitgo import TableSettings, check_rules
from pokerroom.room.store import HandRow
from pokerroom.table import CashError, Table

__all__ = ["Link", "OnWaitingListError", "RoomTable", "Seat", "TableError"]

log = logging.getLogger("pokerroom.room")


class TableError(ValueError):
    """A request a table refuses (the message says why and what would do)."""


class OnWaitingListError(TableError):
    """Every seat is taken (or others wait first): on the waiting list, at ``place``."""

    def __init__(self, place: int) -> None:
        super().__init__(f"every seat is taken: you are number {place} on the waiting list")
        self.place = place


class Link(Protocol):
    """A connection's way out: frames queued in order, and a close."""

    peer: str
    name: str | None
    """The person behind it (their session's name), if any."""

    def push(self, frame: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


@dataclass(slots=True)
class Seat:
    """A seat: who sits there (a person's name, or a bot's), and its secret token."""

    token: str
    name: str | None = None
    bot: str | None = None

    @property
    def taken(self) -> bool:
        return self.name is not None


class _PlayClock:
    """Seconds of play: still before the match starts (so the blind levels count play,
    not the wait for players)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.before = 0.0
        self.since: float | None = None

    def __call__(self) -> float:
        since = self.since
        return self.before if since is None else self.before + self.clock() - since

    def start(self) -> None:
        self.since = self.clock()


class RoomTable:
    """One table (see the module doc).  ``on_change()`` is called when what the lobby
    shows changed; ``on_hand(table, row)`` after each hand (and at the end); ``chat(link,
    text, now)`` says whether ``link`` may say ``text`` (and why not).  ``clock`` is the
    time in seconds (monotonic) that decisions, rates and blind levels are counted on."""

    def __init__(
        self,
        table_id: str,
        settings: TableSettings,
        *,
        owner: str | None,
        invite: str | None = None,
        bot_delay: float = 0.8,
        limits: Limits | None = None,
        on_change: Callable[[], None] = lambda: None,
        on_hand: Callable[[RoomTable, HandRow | None], None] = lambda t, r: None,
        may_chat: Callable[[Link], str | None] = lambda link: None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.id = table_id
        self.clock = clock
        self.settings = settings
        self.owner = owner
        self.invite = invite
        self.bot_delay = bot_delay
        self.limits = limits or Limits(max_line=8 * 1024, rate=50.0, burst=100, max_errors=100)
        self.on_change = on_change
        self.on_hand = on_hand
        self.may_chat = may_chat
        self.levels = check_rules(settings)
        self.state = "waiting"
        self.pool = 0
        self.seq = 0
        self.seats = [Seat(new_secret()) for _ in range(settings.seats)]
        for seat, bot in settings.bots.items():
            self.seats[seat].name = f"{bot} {seat}"
            self.seats[seat].bot = bot
        self.places: dict[str, int] = {}
        self.prizes: dict[str, int] = {}
        self.pots: deque[int] = deque(maxlen=100)
        self.hand_times: deque[float] = deque(maxlen=1000)
        self.links: dict[Connection, Link] = {}
        self.watching: dict[Connection, None] = {}
        self.chat_rate = ChatRate()
        self._clock = _PlayClock(clock)
        self._timer = DeadlineTimer(clock, self._alarm)
        self._saved: dict[str, Any] | None = None  # the match after its last finished hand
        self.queue: list[tuple[int, str, str, int]] = []  # cash: (seat, name, change, chips)
        self._later: list[Outbox] = []  # closes held until the frames before them are out
        self.payouts: dict[str, int] = {}  # cash: chips due to balances (the room pays them)
        # cash: the bots' buy-ins (the house's chips), from the maximum each sits with
        self.minted = settings.max_buy_in * len(settings.bots) if settings.cash else 0
        self.waitlist: list[str] = []  # cash: who waits for a seat, first come first
        self.offered: str | None = None  # cash: whom a free seat was last offered to
        bank = settings.bank_rules()
        self.bank = TimeBank(bank, settings.seats) if bank is not None else None
        self._bank_saved = self._banks()  # the banks after the last finished hand
        self.dealer = self._new_dealer(None)

    # ------------------------------------------------------------------ the match

    def _new_dealer(self, saved: dict[str, Any] | None) -> JSONDealer:
        settings = self.settings
        rng = secrets.SystemRandom()  # a voided hand is dealt again with new cards
        if saved is not None:
            table = Table.restore(saved, rng=rng, clock=self._clock)
        elif settings.cash:
            table = Table(settings.rules(), settings.seats, rng=rng, cash=settings.cash_game())
            for s, bot in settings.bots.items():  # bots sit with the maximum buy-in
                table.sit_down(s, settings.max_buy_in, name=f"{bot} {s}")
        else:
            table = Table(settings.rules(), settings.seats, names=self._names(), rng=rng,
                          levels=self.levels, clock=self._clock)  # fmt: skip
        players = {s: make_player(seat.bot) for s, seat in enumerate(self.seats)
                   if seat.bot is not None}  # fmt: skip
        return JSONDealer(table, [s.token for s in self.seats], budget=settings.budget,
                          limits=self.limits, name=settings.name, on_hand=self._hand_over,
                          players=players, local_delay=self.bot_delay, seq=self.seq,
                          on_chat=self._chat, bank=self.bank)  # fmt: skip

    def _names(self) -> list[str]:
        return [s.name if s.name is not None else f"seat {i}" for i, s in enumerate(self.seats)]

    @property
    def table(self) -> Table:
        return self.dealer.table

    @property
    def full(self) -> bool:
        return all(s.taken for s in self.seats)

    @property
    def ready(self) -> bool:
        """Waiting, yet it should deal: every seat taken at a sit-and-go, or any cash table
        (it deals whenever two can play)."""
        return self.state == "waiting" and (self.full or self.settings.cash)

    def start(self) -> None:
        """Deal (every seat taken, or a table restored in play)."""
        self.state = "playing"
        if not self.settings.cash:
            self.table.names = tuple(self._names())
        if not self.table.in_hand:
            self._saved = self.table.save()
            self._bank_saved = self._banks()
        self._clock.start()
        log.info("table %s: the match starts", self.id)
        self._deliver(self.dealer.start(self.clock()))
        self.broadcast_seats()
        self.on_change()

    def _hand_over(self) -> None:
        """After each hand (the dealer calls it while the table still holds the hand):
        the hand recorded, the stats, and at the end the places."""
        table = self.table
        self.seq = self.dealer.seq
        self.hand_times.append(time.time())
        view = table.view(-1)
        self.pots.append(sum(view.committed))
        row = self._hand_row()  # (before the queue: the hand's record keeps who played it)
        if self.settings.cash:
            self._apply_queue()
        self._saved = table.save()
        self._bank_saved = self._banks()  # (refilled by the dealer already)
        if table.is_over:
            self.state = "finished"
            self.places = {self.seats[s.seat].name or "": s.place for s in table.standings
                           if self.seats[s.seat].bot is None}  # fmt: skip
        try:
            self.on_hand(self, row)
        except Exception:  # the store failed (a full disk...): logged, the match goes on
            log.exception("table %s: hand %d could not be kept", self.id, table.hand_number)
        self.broadcast_seats()
        self.on_change()

    def _hand_row(self) -> HandRow:
        from pokerroom.history.phh import dumps
        from pokerroom.history.record import PlayedHand, to_phh

        table = self.table
        hand = table.hand
        assert hand is not None
        seats = table.seats_in_hand
        shown = hand.view(0).shown
        hidden = frozenset(i for i, cards in enumerate(shown) if cards is None)
        played = PlayedHand.from_hand(hand, names=[table.names[t] for t in seats],
                                      label=table.hand_number, hidden=hidden,
                                      info={"event": self.settings.name})  # fmt: skip
        results = {"names": [table.names[t] for t in seats],
                   "before": list(hand.starting_stacks), "after": [table.stacks[t] for t in seats]}
        return HandRow(self.id, table.hand_number, dumps(to_phh(played)), json.dumps(results))

    # ------------------------------------------------------------------- seating

    def sit(self, name: str, seat: int | None, chips: int = 0) -> tuple[int, str]:
        """``name`` takes ``seat`` (None: the first free one), or the seat they hold
        already; the seat and its token.  The caller moves the buy-in (``chips`` at a
        cash table)."""
        for i, s in enumerate(self.seats):
            if s.bot is None and s.name == name:
                return i, s.token
        if self.settings.cash:
            return self._cash_sit(name, seat, chips)
        if self.state != "waiting":
            raise TableError("this sit-and-go has started: watch it, or join another table")
        free = [i for i, s in enumerate(self.seats) if not s.taken]
        if seat is None:
            if not free:
                raise TableError("every seat is taken")
            seat = free[0]
        if not 0 <= seat < len(self.seats):
            raise TableError(f"no seat {seat}: seats 0 to {len(self.seats) - 1}")
        if seat not in free:
            raise TableError(f"seat {seat} is taken (free seats: {free})")
        self.seats[seat].name = name
        self.pool += self.settings.buy_in
        return seat, self.seats[seat].token

    # ------------------------------------------------------------------ cash tables

    def _cash_sit(self, name: str, seat: int | None, chips: int) -> tuple[int, str]:
        game = self.table.cash
        assert game is not None
        if not game.min_buy_in <= chips <= (game.max_buy_in or chips):
            raise TableError(f"a buy-in of {chips}: the buy-in here is {game.buy_in_range()}")
        free = [i for i, s in enumerate(self.seats) if not s.taken]
        waiting = self.waitlist  # (the room's own: a seat kept for a sit queued mid-hand
        if not free or (waiting and waiting[0] != name):  # is free to the table's list)
            if name not in waiting:
                waiting.append(name)
            raise OnWaitingListError(waiting.index(name) + 1)
        if seat is None:
            seat = free[0]
        if not 0 <= seat < len(self.seats):
            raise TableError(f"no seat {seat}: seats 0 to {len(self.seats) - 1}")
        if seat not in free:
            raise TableError(f"seat {seat} is taken (free seats: {free})")
        if waiting:
            waiting.remove(name)
        if self.table.in_hand:  # the seat is kept; sitting down waits for the hand's end
            self.queue.append((seat, name, "sit", chips))
            self.pool += chips
        else:
            self._cash_change(seat, name, "sit", chips)
        self.seats[seat].name = name
        return seat, self.seats[seat].token

    def _cash_leave(self, seat: int, name: str) -> int | None:
        queued = [q for q in self.queue if q[0] == seat and q[2] == "sit"]
        if self.table.in_hand and not queued:
            self.queue.append((seat, name, "leave", 0))
            return None
        if queued:  # never sat down: the buy-in back
            chips = sum(q[3] for q in self.queue if q[0] == seat)
            self.queue = [q for q in self.queue if q[0] != seat]
            self.pool -= chips
        else:
            chips = self.table.stand_up(seat)
        self.seats[seat].name = None
        self.revoke(seat)
        return chips

    def change(self, name: str, what: str, chips: int = 0) -> bool:
        """``name`` tops up (``what`` "top_up", by ``chips``), sits out or sits in: done
        now (True), or queued to the hand's end (False).  The caller takes the top-up
        from the balance first."""
        seat = self.seat_of(name)
        if seat is None or not self.settings.cash:
            raise TableError("you have no seat at this cash table")
        if self.table.in_hand or any(q[0] == seat for q in self.queue):
            self.queue.append((seat, name, what, chips))
            self.pool += chips
            return False
        self._cash_change(seat, name, what, chips)
        return True

    def _cash_change(self, seat: int, name: str, what: str, chips: int) -> None:
        table = self.table
        try:
            if what == "sit":
                table.sit_down(seat, chips, name=name)
                if self.bank is not None:  # a new player: a new bank
                    self.bank.reset(seat)
            elif what == "top_up":
                table.top_up(seat, chips)
            elif what == "sit_out":
                table.sit_out(seat)
            elif what == "sit_in":
                table.sit_in(seat)
        except CashError as exc:
            raise TableError(str(exc)) from None

    def _apply_queue(self) -> None:
        """The changes asked for during the hand, in order (a change the table refuses
        now gives its chips back; a leave pays the stack out)."""
        queue, self.queue = self.queue, []
        for seat, name, what, chips in queue:
            self.pool -= chips
            if self.seats[seat].name != name:  # (they left meanwhile)
                self.payouts[name] = self.payouts.get(name, 0) + chips
            elif what == "leave":
                self.payouts[name] = self.payouts.get(name, 0) + self.table.stand_up(seat)
                self.seats[seat].name = None
                self.revoke(seat, later=True)  # (after the hand's end reaches them)
            else:
                try:
                    self._cash_change(seat, name, what, chips)
                except TableError:
                    if what == "sit":
                        self.seats[seat].name = None
                    self.payouts[name] = self.payouts.get(name, 0) + chips
        for s, seat_ in enumerate(self.seats):  # a bot with no chips buys in again
            if seat_.bot is not None and self.table.stacks[s] == 0:
                self.table.top_up(s, self.settings.max_buy_in)
                self.minted += self.settings.max_buy_in

    def resume(self) -> None:
        """Deal, if the cash table was waiting for players and two can play now (the
        room calls it once the change that made it possible is stored)."""
        dealer = self.dealer
        if dealer.started and dealer.idle and self.table.can_deal:
            self._saved = self.table.save()  # (what a restart goes back to)
            self._bank_saved = self._banks()
            self._deliver(dealer.resume(self.clock()))
            self.on_change()
            with contextlib.suppress(RuntimeError):  # (no event loop: a test's table)
                self._arm()

    def cash_refunds(self) -> dict[str, int]:
        """The table closes: each person's chips (a hand in play void: as it was dealt),
        queued buy-ins and top-ups, and payouts due."""
        t = self.table
        dealt = set(t.seats_in_hand) if t.in_hand else set()
        start, now = (t.hand_start.stacks if dealt else t.stacks), t.stacks
        out = dict(self.payouts)
        for s, seat in enumerate(self.seats):
            if seat.bot is None and seat.name is not None and t.taken[s]:
                chips = start[s] if s in dealt else now[s]
                out[seat.name] = out.get(seat.name, 0) + chips
        for _, name, _, chips in self.queue:
            out[name] = out.get(name, 0) + chips
        self.queue, self.payouts, self.pool = [], {}, 0
        return out

    def chips(self) -> int:
        """The chips at a cash table (a hand in play counted as it was dealt) and those
        waiting in its pool."""
        t = self.table
        if not t.in_hand:
            return sum(t.stacks) + self.pool
        dealt, start, now = set(t.seats_in_hand), t.hand_start.stacks, t.stacks
        return sum(start[s] if s in dealt else now[s] for s in range(t.size)) + self.pool

    def seat_of(self, name: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.bot is None and s.name == name), None)

    def leave(self, name: str) -> int | None:
        """``name`` stands up (a sit-and-go: before the match starts): the chips to give
        back (None: mid-hand at a cash table, queued: :attr:`payouts` gets them)."""
        seat = self.seat_of(name)
        if seat is None and name in self.waitlist:
            self.waitlist.remove(name)
            return 0
        if seat is None:
            raise TableError("you have no seat at this table")
        if self.settings.cash:
            return self._cash_leave(seat, name)
        if self.state != "waiting":
            raise TableError("this sit-and-go has started: a seat stays to the end (its "
                             "chips play on: fold by default when no answer comes)")  # fmt: skip
        self.seats[seat].name = None
        self.pool -= self.settings.buy_in
        self.revoke(seat)
        return self.settings.buy_in

    def revoke(self, seat: int, *, later: bool = False) -> None:
        """A new token for ``seat``: whoever held it is closed and cannot come back.

        ``later``: closed only after the frames being made now are delivered (a
        stand-up queued mid-hand still gets that hand's end)."""
        token = new_secret()
        self.seats[seat].token = token
        out = self.dealer.replace_token(seat, token)
        if later:
            self._later.append(out)
        else:
            self._deliver(out)

    def set_watching(self, on: bool) -> None:
        """Spectators welcome, or not (those watching are told and closed)."""
        self.dealer.watching = Watching.OPEN if on else Watching.OFF
        if not on:
            for conn in list(self.watching):
                self.leave_link(conn, "the operator turned spectating off")

    def players(self) -> list[dict[str, Any]]:
        """Who sits where (the ``seats`` message, the lobby's list)."""
        stacks, out = self.table.stacks, self.table.sitting_out
        return [{"seat": i, "name": s.name, "bot": s.bot is not None, "stack": stacks[i],
                 "sitting_out": out[i]} for i, s in enumerate(self.seats) if s.taken]  # fmt: skip

    def broadcast_seats(self) -> None:
        frame = json.dumps({"type": "seats", "players": self.players()})
        for conn, link in self.links.items():
            if conn.role is not Role.NEW:
                link.push(frame)

    # --------------------------------------------------------------- connections

    def open(self, link: Link) -> Connection:
        """A new connection: its ``hello``."""
        conn, out = self.dealer.open()
        self.links[conn] = link
        self._deliver(out)
        return conn

    def receive(self, conn: Connection, data: bytes | None) -> None:
        """A frame from ``conn`` (``None``: one over the size limit)."""
        dealer = self.dealer
        now = self.clock()
        pending = dealer.pending
        if pending is not None and not dealer.finished:
            self._on_time(pending, now)
        before = conn.role
        try:
            out = dealer.receive(conn, data, now)
        except Exception:  # that connection's problem, not the match's
            log.exception("%s: a frame the dealer could not take",
                          self.links[conn].peer if conn in self.links else "?")  # fmt: skip
            self.leave_link(conn, "the server could not take your last message")
            return
        if before is Role.NEW and conn.role is not Role.NEW:  # welcomed: who sits where next
            at = next((i for i, (c, _) in enumerate(out.messages) if c is conn), None)
            if at is not None:
                seats = json.dumps({"type": "seats", "players": self.players()}) + "\n"
                out.messages.insert(at + 1, (conn, seats.encode()))
                link = self.links.get(conn)
                if link is not None and link.name is not None and self.offer() == link.name:
                    offer = self.offer_frame() + "\n"  # (a seat offered already)
                    out.messages.insert(at + 2, (conn, offer.encode()))
        self._deliver(out)
        self._arm()

    def closed(self, conn: Connection) -> None:
        """The connection is gone."""
        self.links.pop(conn, None)
        self.watching.pop(conn, None)
        self.dealer.closed(conn)

    def leave_link(self, conn: Connection, reason: str) -> None:
        """Say ``bye`` to ``conn`` and close it."""
        out = Outbox()
        out.send(conn, {"type": "bye", "reason": reason})
        out.close.append(conn)
        self._deliver(out)

    def close_all(self, reason: str) -> None:
        for conn in list(self.links):
            self.leave_link(conn, reason)
        self._timer.cancel()

    def _chat(self, conn: Connection, text: str, now: float) -> Outbox:
        out = Outbox()
        link = self.links.get(conn)
        shown = clean(text)
        why = "the text has nothing to show" if shown is None else None
        if link is not None and why is None:
            why = self.may_chat(link)
        if link is not None and why is None:
            assert link.name is not None
            if not self.chat_rate.allow(link.name, now):
                why = (f"at most {self.chat_rate.per} lines of chat in "
                       f"{self.chat_rate.seconds:g} s: wait a little")  # fmt: skip
        if why is not None or link is None:
            out.send(conn, error(ErrorCode.NO_CHAT, why or "closed"))
            return out
        message = {"type": "chat", "from": link.name, "text": shown}
        for other in self.links:
            if other.role is not Role.NEW:
                out.send(other, message)
        return out

    def _deliver(self, out: Outbox) -> None:
        """Queue the frames (in order), close what is to be closed, log the notes."""
        links = self.links
        for about, level, text in out.notes:
            if log.isEnabledFor(level):
                link = links.get(about) if about is not None else None
                log.log(level, "table %s: %s: %s", self.id,
                        link.peer if link is not None else "the match", text)  # fmt: skip
        if out.watch:
            frames = [line for lines in out.watch for line in lines.decode().splitlines()]
            for conn in self.watching:
                link = links.get(conn)
                if link is not None:
                    for frame in frames:
                        link.push(frame)
        for conn, data in out.messages:
            link = links.get(conn)
            if link is None:
                continue
            for frame in data.decode().splitlines():
                link.push(frame)
            if conn.role is Role.SPECTATOR and conn not in self.watching:
                self.watching[conn] = None
        for conn in out.close:
            link = links.pop(conn, None)
            self.watching.pop(conn, None)
            self.dealer.closed(conn)
            if link is not None:
                link.close(1000, "bye")
        while self._later:  # (a close held back for these frames: now it may go)
            self._deliver(self._later.pop(0))

    # ---------------------------------------------------------------- the timer

    def _arm(self) -> None:
        """Arm the timer for the pending decision's deadline (first, when it has a time
        bank, for the end of its own clock: everyone hears that the bank runs)."""
        dealer = self.dealer
        at = dealer.alarm_at()
        if at is not None and not dealer.finished and dealer.started:
            self._timer.arm(at)

    def _alarm(self) -> None:
        pending = self.dealer.pending
        if pending is not None and not self.dealer.finished:
            self._on_time(pending, self.clock())
        self._arm()

    def _on_time(self, pending: Pending, now: float) -> None:
        """What the time ``now`` does to the pending decision: its bank starts running
        (everyone is told), or its time is up (the default action)."""
        if pending.clock_end is not None and now >= pending.clock_end:
            self._deliver(self.dealer.bank_running(now))
        if now >= pending.deadline:
            self._expire()

    def _expire(self) -> None:
        pending = self.dealer.pending
        if pending is not None and not pending.local and self.settings.cash:
            self._timed_out(pending.seat)  # (queued first: the default may end the hand)
        try:
            self._deliver(self.dealer.expire(self.clock()))
        except Exception:
            log.exception("table %s: the match cannot go on", self.id)
            self.state = "finished"
            self.on_change()

    def _timed_out(self, seat: int) -> None:
        """A person's decision ran out of time (its clock and its bank) at a cash table:
        the seat sits out when the hand ends (it keeps its chips; Sit in brings it back),
        so that the table does not wait for it hand after hand."""
        name = self.seats[seat].name
        if (name is None or self.seats[seat].bot is not None or self.table.sitting_out[seat]
                or any(q[0] == seat and q[2] == "sit_out" for q in self.queue)):  # fmt: skip
            return
        self.queue.append((seat, name, "sit_out", 0))
        log.info("table %s: seat %d (%r) timed out: sitting out after this hand", self.id, seat,
                 name)  # fmt: skip

    def kick(self) -> None:
        """After a start or a restore: arm the timer."""
        self._arm()

    # --------------------------------------------------------------- the record

    def record(self) -> dict[str, Any]:
        """The table as the store keeps it: enough to bring it back after a restart (the
        match from its last finished hand)."""
        return {
            "id": self.id, "settings": self.settings.to_json(), "owner": self.owner,
            "invite": self.invite, "state": self.state, "pool": self.pool, "seq": self.seq,
            "seats": [{"token": s.token, "name": s.name, "bot": s.bot} for s in self.seats],
            "save": self._save(), "places": self.places, "minted": self.minted,
            "queue": [list(q) for q in self.queue], "waitlist": self.waitlist,
            "prizes": self.prizes, "played": self._clock(), "banks": self._bank_saved,
        }  # fmt: skip

    def _banks(self) -> list[float] | None:
        """Each seat's time bank now (None: the table has none)."""
        return self.bank.to_json() if self.bank is not None else None

    def _save(self) -> dict[str, Any] | None:
        if self.settings.cash and self.state != "finished":
            return self._saved if self.table.in_hand else self.table.save()
        return self._saved if self.state == "playing" else None

    @classmethod
    def from_record(cls, data: dict[str, Any], **kwargs: Any) -> RoomTable:
        """The table :meth:`record` kept (its match resumed from its last finished hand;
        the hand that was in play is void: every bet back, cards dealt anew)."""
        settings = TableSettings.from_json(data["settings"])
        self = cls(data["id"], settings, owner=data["owner"], invite=data["invite"], **kwargs)
        self.seats = [Seat(s["token"], s["name"], s["bot"]) for s in data["seats"]]
        self.pool = data["pool"]
        self.seq = data["seq"]
        self.places = data.get("places") or {}
        self.prizes = data.get("prizes") or {}
        self.state = data["state"]
        self.minted = data.get("minted", 0)
        self.waitlist = list(data.get("waitlist") or [])
        self.queue = [(q[0], q[1], q[2], q[3]) for q in data.get("queue") or []]
        self._clock.before = float(data.get("played") or 0.0)
        self._restore_banks(data.get("banks"))
        save = data.get("save")
        if self.state == "playing" and save is not None:
            self._saved = save
            self.dealer = self._new_dealer(save)
        else:
            self.dealer = self._new_dealer(None)
        return self

    def _restore_banks(self, banks: Any) -> None:
        """The time banks as the last finished hand left them (a table saved before it
        had banks, or with another number of seats: each seat's starting bank)."""
        bank = self.bank
        if bank is not None and isinstance(banks, list) and len(banks) == len(bank.left):
            bank.left = TimeBank.from_json(bank.rules, banks).left
            self._bank_saved = self._banks()

    def offer(self) -> str | None:
        """Who a free seat is offered to now: the first on a cash table's waiting list,
        while a seat is free (None: nobody)."""
        if not self.settings.cash or self.state == "finished" or not self.waitlist:
            return None
        return self.waitlist[0] if not self.full else None

    def offer_frame(self) -> str:
        """The ``offer`` message of a free seat here."""
        return json.dumps({"type": "offer", "table": self.id, "name": self.settings.name})

    def push_to(self, name: str, frame: str) -> None:
        """``frame`` to each connection of ``name`` that plays or watches here."""
        for conn, link in self.links.items():
            if link.name == name and conn.role is not Role.NEW:
                link.push(frame)

    # ------------------------------------------------------------------ the lobby

    def info(self, *, private_ok: bool = True) -> dict[str, Any]:
        """The lobby's TableInfo."""
        settings = self.settings
        rules = settings.rules()
        now = time.time()
        times = [t for t in self.hand_times if t > now - 3600]
        span = max(60.0, now - times[0]) if times else 3600.0
        return {
            "id": self.id, "name": settings.name, "kind": settings.kind,
            "rules": f"{settings.preset}: {rules.structure.value.replace('_', ' ')}, blinds "
                     f"{'/'.join(map(str, rules.blinds))}, " + (
                         f"cash: buy-in {settings.min_buy_in} to {settings.max_buy_in}"
                         if settings.cash else f"{rules.buy_in} chips each, blinds up every "
                         f"{settings.level_minutes:g} min"),
            "preset": settings.preset, "seats": settings.seats,
            "taken": sum(s.taken for s in self.seats), "players": self.players(),
            "state": "waiting" if self.settings.cash and self.dealer.idle else self.state,
            "buy_in": settings.max_buy_in if settings.cash else settings.buy_in,
            "min_buy_in": settings.min_buy_in if settings.cash else None,
            "max_buy_in": settings.max_buy_in if settings.cash else None,
            "waiting_list": list(self.waitlist),
            "avg_pot": round(sum(self.pots) / len(self.pots)) if self.pots else 0,
            "hands_per_hour": round(len(times) * 3600 / span),
            "waiting": len(self.waitlist),
            "private": settings.private, "hands": self.table.hand_number,
            "places": self.places, "prizes": self.prizes,
        }  # fmt: skip
