"""The room: people, their sessions and balances, the tables, the lobby, the operator.

Everything here runs on the server's event loop, between awaits: a request or a frame
is handled whole before the next.  Each change of chips is written to the store in one
transaction with what caused it (:meth:`Room.hand_over`: a hand, the table's state and
any prizes together).

The chips: a person's balance, plus the buy-ins held in the prize pools of tables not
finished, plus the chips at cash tables (less the bots' buy-ins there: the house's),
add up to what the room has given out (starting balances and the operator's grants);
:meth:`Room.chip_total` is that sum.

After a restart (:meth:`Room.load`): every person and table is back; a table in play
goes on from its last finished hand (the hand that was cut off is void: every bet in it
goes back to its seat, and the next hand is dealt with new cards).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from pokerroom.history.formats import Export, export_phh
from pokerroom.jsonproto.messages import Limits
from pokerroom.numerals import number as read_number
from pokerroom.room.people import Person, digest, key, name_problem, new_secret, same
from pokerroom.room.sitgo import SettingsError, TableSettings, payouts
from pokerroom.room.store import HandRow, RoomStore
from pokerroom.room.tables import Link, OnWaitingListError, RoomTable, TableError

__all__ = ["Room", "RoomError"]

log = logging.getLogger("pokerroom.room")

START_BALANCE = 10_000
MAX_TABLES_EACH = 5
"""Tables not finished that one person may have opened."""
MAX_TABLES = 1000
"""Tables not finished in the room."""
LOBBY_DELAY = 0.25
"""Seconds the lobby's update waits, to carry many changes in one message."""


class RoomError(Exception):
    """A request the room refuses: the HTTP status and the reason (naming what would do)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


EXPORTS = {"phh": ".phhs", "pokerstars": ".txt", "ohh": ".ohh"}
"""The formats a table's hands download in, and their files' endings (an ACPC log needs
a game definition beside it, so it is left to ``pokerroom convert``)."""


class Room:
    """The room (see the module doc).  ``store`` keeps it; ``operator`` is the digest of
    the operator's token; ``invite``, when set, is the code a new person needs to enter.
    """

    def __init__(
        self,
        store: RoomStore,
        *,
        operator: str,
        invite: str | None = None,
        start_balance: int = START_BALANCE,
        bot_delay: float = 0.8,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.clock = clock
        self.operator = operator
        self.start_balance = start_balance
        self.bot_delay = bot_delay
        self.limits = limits
        self.people: dict[str, Person] = {}
        self.sessions: dict[str, str] = {}  # a session's digest: the person's key
        self.tables: dict[str, RoomTable] = {}
        self.lobby: dict[Link, None] = {}
        self.guests: dict[str, set[str]] = {}  # a private table: who may see it
        self.granted = 0
        self._lobby_timer: asyncio.TimerHandle | None = None
        self._next_id = 1
        if invite is not None:
            store.put("invite", invite)

    # ------------------------------------------------------------------ restart

    def load(self) -> None:
        """Everything the store keeps: people, tables (those in play dealt again from
        their last finished hand).  Call it on the event loop."""
        for data in self.store.load_people():
            person = Person.from_json(data)
            self.people[key(person.name)] = person
            if person.session:
                self.sessions[person.session] = key(person.name)
        for data in self.store.load_tables():
            table = RoomTable.from_record(data, **self._table_hooks())
            self.tables[table.id] = table
            self.guests[table.id] = set(data.get("guests") or [])
            self._next_id = max(self._next_id, (read_number(table.id[1:]) or 0) + 1)
            if table.state == "playing":
                table.start()
                table.kick()
            elif table.ready:  # stopped after the table was made or filled, before it dealt
                self._start(table)
        if self.store.get("watching") == "off":
            self.set_watching(False)
        self.granted = int(self.store.get("granted") or 0)

    def _table_hooks(self) -> dict[str, Any]:
        return {"bot_delay": self.bot_delay, "limits": self.limits, "on_change": self.changed,
                "on_hand": self.hand_over, "may_chat": self._may_chat,
                "clock": self.clock}  # fmt: skip

    # ------------------------------------------------------------------- people

    @property
    def invite(self) -> str | None:
        return self.store.get("invite")

    def enter(
        self, name: object, invite: object, session: str | None
    ) -> tuple[Person, str | None]:
        """``name`` enters the room (``session``: the cookie the browser sent); the
        person and a new session secret to set (None: the cookie stands)."""
        problem = name_problem(name)
        if problem is not None:
            raise RoomError(400, problem)
        assert isinstance(name, str)
        person = self.people.get(key(name))
        if person is not None:
            if person.removed:
                raise RoomError(403, f"{person.name!r} was removed from this room by its operator")
            if session is not None and same(person.session, digest(session)):
                return person, None
            raise RoomError(409, f"the name {person.name!r} is taken: pick another")
        code = self.invite
        if code is not None and not (isinstance(invite, str) and same(code, invite)):
            raise RoomError(403, "this room needs an invite code to enter: ask its host")
        secret = new_secret()
        person = Person(name, self.start_balance, digest(secret))
        self.people[key(name)] = person
        self.sessions[person.session] = key(name)
        self.store.commit(people=[person.to_json()])
        log.info("%r entered the room", name)
        return person, secret

    def person(self, session: str | None) -> Person | None:
        """Who holds the session ``session`` (None: nobody)."""
        if not session:
            return None
        found = self.sessions.get(digest(session))
        person = self.people.get(found) if found is not None else None
        return person if person is not None and not person.removed else None

    def me(self, person: Person) -> dict[str, Any]:
        seats = []
        waiting = []
        for t in self.tables.values():
            seat = t.seat_of(person.name)
            if seat is not None and t.state != "finished":
                seats.append({"table": t.id, "seat": seat})
            if person.name in t.waitlist and t.state != "finished":
                place = t.waitlist.index(person.name) + 1
                offered = t.offer() == person.name
                waiting.append({"table": t.id, "place": place, "offered": offered})
        return {"name": person.name, "balance": person.balance, "seats": seats,
                **({"waiting": waiting} if waiting else {})}  # fmt: skip

    # ------------------------------------------------------------------- tables

    def table(self, table_id: str, person: Person | None) -> RoomTable:
        """The table ``table_id`` if ``person`` may see it."""
        table = self.tables.get(table_id)
        if table is None or not self.may_see(table, person):
            raise RoomError(404, f"no table {table_id[:20]!r} here (the lobby lists the tables)")
        return table

    def may_see(self, table: RoomTable, person: Person | None) -> bool:
        if not table.settings.private:
            return True
        return person is not None and (person.name == table.owner
                                       or person.name in self.guests.get(table.id, ())
                                       or table.seat_of(person.name) is not None)  # fmt: skip

    def create(self, person: Person, body: Any) -> RoomTable:
        try:
            settings = TableSettings.from_json(body)
        except SettingsError as exc:
            raise RoomError(400, str(exc)) from None
        mine = sum(1 for t in self.tables.values()
                   if t.owner == person.name and t.state != "finished")  # fmt: skip
        if mine >= MAX_TABLES_EACH:
            raise RoomError(429, f"you have {mine} tables open already (at most "
                            f"{MAX_TABLES_EACH}): play them out or leave them first")  # fmt: skip
        if sum(1 for t in self.tables.values() if t.state != "finished") >= MAX_TABLES:
            raise RoomError(429, f"the room has {MAX_TABLES} tables open: try again later")
        table_id = f"t{self._next_id}"
        self._next_id += 1
        invite = new_secret()[:12] if settings.private else None
        table = RoomTable(table_id, settings, owner=person.name, invite=invite,
                          **self._table_hooks())  # fmt: skip
        self.tables[table_id] = table
        self.guests[table_id] = set()
        if self.store.get("watching") == "off":
            table.set_watching(False)
        self.store.commit(tables=[self._record(table)])
        log.info("%r opened table %s (%s, %d seats)", person.name, table_id, settings.preset,
                 settings.seats)  # fmt: skip
        if table.ready:  # every seat a bot; a cash table deals when it can
            self._start(table)
        self.changed()
        return table

    def _record(self, table: RoomTable) -> dict[str, Any]:
        return {**table.record(), "guests": sorted(self.guests.get(table.id, ()))}

    def sit(
        self, person: Person, table_id: str, seat: object, invite: object, buy_in: object = None
    ) -> dict[str, Any]:
        """``person`` sits at the table: {"seat", "token"}; or, at a full cash table, goes
        on its waiting list: {"seat": None, "token": None, "waiting": place}."""
        table = self.tables.get(table_id)
        if table is None:
            raise RoomError(404, f"no table {table_id[:20]!r} here (the lobby lists the tables)")
        if not self.may_see(table, person):
            code = table.invite
            if code is None or not isinstance(invite, str) or not same(code, invite):
                raise RoomError(403, "this table is private: its invite code is needed")
            self.guests[table.id].add(person.name)
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise RoomError(400, f"'seat' is a seat number or null, not {str(seat)[:20]!r}")
        held = table.seat_of(person.name)
        if held is not None:
            return {"seat": held, "token": table.seats[held].token}
        cost = self._buy_in(table, person, buy_in)
        try:
            where, token = table.sit(person.name, seat, cost)
        except OnWaitingListError as exc:
            self.store.commit(tables=[self._record(table)])
            self.offers(table)
            self.changed()
            return {"seat": None, "token": None, "waiting": exc.place}
        except TableError as exc:
            raise RoomError(409, str(exc)) from None
        person.balance -= cost
        self.store.commit(people=[person.to_json()], tables=[self._record(table)])
        table.broadcast_seats()
        self.offers(table)
        if table.settings.cash:
            table.resume()
        elif table.ready:
            self._start(table)
        self.changed()
        if any(q[0] == where and q[2] == "sit" for q in table.queue):
            return {"seat": where, "token": token, "queued": True}  # (mid-hand)
        return {"seat": where, "token": token}

    @staticmethod
    def _buy_in(table: RoomTable, person: Person, buy_in: object) -> int:
        """What sitting at ``table`` costs ``person`` (at a cash table, ``buy_in``:
        default the maximum), checked against the balance."""
        settings = table.settings
        cost = settings.buy_in
        if settings.cash:
            cost = settings.max_buy_in if buy_in is None else buy_in  # type: ignore[assignment]
            if isinstance(cost, bool) or not isinstance(cost, int) \
                    or not settings.min_buy_in <= cost <= settings.max_buy_in:  # fmt: skip
                raise RoomError(400, f"'buy_in' is {str(buy_in)[:20]!r}: chips from "
                                f"{settings.min_buy_in} to {settings.max_buy_in}")  # fmt: skip
        if person.balance < cost:
            raise RoomError(409, f"the buy-in is {cost} chips and your balance "
                                 f"is {person.balance}")  # fmt: skip
        return cost

    def change(self, person: Person, table_id: str, what: str, chips: object = 0) -> bool:
        """Top up (by ``chips``), sit out or sit in at a cash table: done now (True) or
        when the hand in play ends (False)."""
        if what not in ("top_up", "sit_out", "sit_in"):
            raise RoomError(404, f"no action {what[:20]!r} at a table: sit, leave, top_up, "
                            "sit_out, sit_in")  # fmt: skip
        table = self.table(table_id, person)
        if not table.settings.cash:
            raise RoomError(409, f"table {table.id} is a sit-and-go: {what} is for cash tables")
        if what == "top_up":
            if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
                raise RoomError(400, f"'chips' is {str(chips)[:20]!r}: the chips to add, 1 or more")
            if person.balance < chips:
                raise RoomError(409, f"a top-up of {chips} and your balance is {person.balance}")
        else:
            chips = 0
        try:
            now = table.change(person.name, what, chips)
        except TableError as exc:
            raise RoomError(409, str(exc)) from None
        person.balance -= chips
        self.store.commit(people=[person.to_json()], tables=[self._record(table)])
        table.resume()
        table.broadcast_seats()
        self.changed()
        return now

    def _start(self, table: RoomTable) -> None:
        table.start()
        if table.state == "playing":
            self.store.commit(tables=[self._record(table)])
        table.kick()

    def leave(self, person: Person, table_id: str) -> int | None:
        """``person`` stands up: the chips back to the balance (None: mid-hand at a cash
        table, where it is done when the hand ends)."""
        table = self.table(table_id, person)
        try:
            back = table.leave(person.name)
        except TableError as exc:
            raise RoomError(409, str(exc)) from None
        person.balance += back or 0
        self.store.commit(people=[person.to_json()], tables=[self._record(table)])
        table.broadcast_seats()
        self.offers(table)
        self.changed()
        return back

    def hand_over(self, table: RoomTable, row: HandRow | None) -> None:
        """After a hand at ``table``: the hand, the table's state and (at the end) the
        prizes, in one transaction."""
        people = []
        for name, chips in table.payouts.items():  # cash: stood up or refused at the hand's end
            person = self.people.get(key(name))
            if person is not None:
                person.balance += chips
                people.append(person.to_json())
        table.payouts = {}
        if table.state == "finished" and not table.prizes:
            prizes = payouts(table.pool, table.places) if table.places else {}
            table.prizes = prizes
            for name, prize in prizes.items():
                person = self.people.get(key(name))
                if person is not None and prize:
                    person.balance += prize
                    people.append(person.to_json())
            table.pool = 0
        self.store.commit(people=people, tables=[self._record(table)],
                          hands=[row] if row is not None else [])  # fmt: skip
        self.offers(table)

    # ------------------------------------------------------------------- offers

    def offers(self, table: RoomTable) -> None:
        """A seat free at ``table`` for the first on its waiting list, newly: they hear of
        it at once (an ``offer`` message) on the table's WebSockets and the lobby's they
        have open.  Told once per offer; the page asks ``/api/me`` when it loads."""
        name = table.offer()
        if name == table.offered:
            return
        table.offered = name
        if name is None:
            return
        frame = table.offer_frame()
        table.push_to(name, frame)
        for link in list(self.lobby):
            if link.name == name:
                link.push(frame)
        log.info("table %s: a seat is offered to %r", table.id, name)

    def offers_to(self, name: str | None) -> list[str]:
        """The ``offer`` messages standing for ``name`` (a lobby connection opening)."""
        if name is None:
            return []
        return [t.offer_frame() for t in self.tables.values() if t.offer() == name]

    def hands_in(self, table: RoomTable, fmt: str, most: int = 50) -> Export:
        """The table's last ``most`` hands in ``fmt`` (one of :data:`EXPORTS`), written from
        their public record (no hole card that was not shown), the hands the format cannot
        hold listed apart with the reason."""
        if fmt not in EXPORTS:
            raise RoomError(404, f"no such format {fmt!r} (formats: {', '.join(EXPORTS)})")
        return export_phh(self.store.hands(table.id, most), fmt, name=table.id)

    def visible(self, person: Person | None) -> list[dict[str, Any]]:
        return [t.info() for t in self.tables.values() if self.may_see(t, person)]

    def _may_chat(self, link: Link) -> str | None:
        person = self.people.get(key(link.name)) if link.name is not None else None
        if person is None or person.removed:
            return "enter the room (pick a name) to chat"
        if person.muted:
            return "the operator has muted you"
        return None

    # -------------------------------------------------------------------- lobby

    def changed(self) -> None:
        """What the lobby shows changed: every lobby connection hears soon."""
        if self._lobby_timer is not None or not self.lobby:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._lobby_timer = loop.call_later(LOBBY_DELAY, self._tell_lobby)

    def _tell_lobby(self) -> None:
        self._lobby_timer = None
        for link in list(self.lobby):
            link.push(self.lobby_frame(link.name))

    def lobby_frame(self, name: str | None) -> str:
        person = self.people.get(key(name)) if name is not None else None
        return json.dumps({"type": "tables", "tables": self.visible(person)})

    # ----------------------------------------------------------------- operator

    def is_operator(self, token: str | None) -> bool:
        return token is not None and same(self.operator, digest(token))

    def close_table(self, table_id: str) -> dict[str, int]:
        """The operator closes a table: the match stops (a hand in play is void), every
        person's buy-in goes back; the refunds."""
        table = self.tables.get(table_id)
        if table is None:
            raise RoomError(404, f"no table {table_id[:20]!r}")
        if table.state == "finished":
            raise RoomError(409, f"table {table_id} is finished already")
        refunds: dict[str, int] = {}
        people = []
        back = table.cash_refunds() if table.settings.cash else {}
        for seat in table.seats:
            if seat.bot is None and seat.name is not None:
                person = self.people.get(key(seat.name))
                if person is not None:
                    chips = back.pop(person.name, 0) if back else table.settings.buy_in
                    person.balance += chips
                    refunds[person.name] = chips
                    people.append(person.to_json())
        for name, chips in back.items():  # (queued refunds of people no longer seated)
            person = self.people.get(key(name))
            if person is not None:
                person.balance += chips
                refunds[name] = refunds.get(name, 0) + chips
                people.append(person.to_json())
        table.pool = 0
        table.state = "finished"
        table.close_all("the operator closed this table")
        self.store.commit(people=people, tables=[self._record(table)])
        log.info("the operator closed table %s", table_id)
        self.changed()
        return refunds

    def remove(self, name: str) -> None:
        """The operator removes a person: their session ends, they cannot enter again
        under that name; a seat at a table not started is given up (the buy-in back),
        a seat in play is closed to them (it plays on by default); they leave every
        waiting list (a seat free is offered to the next)."""
        person = self.people.get(key(name))
        if person is None:
            raise RoomError(404, f"nobody is called {name[:20]!r} here")
        person.removed = True
        self.sessions.pop(person.session, None)
        for table in self.tables.values():
            seat = table.seat_of(person.name)
            if table.state == "finished" or (seat is None and person.name not in table.waitlist):
                continue
            if seat is None or table.state == "waiting" or table.settings.cash:
                person.balance += table.leave(person.name) or 0
            else:
                table.revoke(seat)
            self.store.commit(tables=[self._record(table)])
            self.offers(table)
        for link in list(self.lobby):
            if link.name == person.name:
                link.close(1008, "removed by the operator")
        self.store.commit(people=[person.to_json()])
        log.info("the operator removed %r", person.name)
        self.changed()

    def mute(self, name: str, muted: bool) -> None:
        person = self.people.get(key(name))
        if person is None:
            raise RoomError(404, f"nobody is called {name[:20]!r} here")
        person.muted = muted
        self.store.commit(people=[person.to_json()])

    def grant(self, name: str, amount: int) -> int:
        """The operator gives ``amount`` chips to ``name`` (the only way chips come into
        the room after people enter); their balance."""
        person = self.people.get(key(name))
        if person is None:
            raise RoomError(404, f"nobody is called {name[:20]!r} here")
        person.balance += amount
        self.granted += amount
        self.store.put("granted", str(self.granted))
        self.store.commit(people=[person.to_json()], grants=[(person.name, amount)])
        return person.balance

    def set_watching(self, on: bool) -> None:
        """Spectators welcome at every table (or at none: those watching are closed)."""
        self.store.put("watching", None if on else "off")
        for table in self.tables.values():
            table.set_watching(on)

    def set_invite(self, code: str | None) -> None:
        self.store.put("invite", code)

    def chip_total(self) -> int:
        """Balances plus the chips held in the pools of the tables not finished."""
        return sum(p.balance for p in self.people.values()) + sum(
            (t.chips() - t.minted if t.settings.cash else t.pool) + sum(t.payouts.values())
            for t in self.tables.values() if t.state != "finished")  # fmt: skip

    def shutdown(self, reason: str = "the server is closing") -> None:
        for table in self.tables.values():
            table.close_all(reason)
        for link in list(self.lobby):
            link.close(1001, reason)
        if self._lobby_timer is not None:
            self._lobby_timer.cancel()


