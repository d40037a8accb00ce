"""What the room keeps, and the store it keeps it in.

The room declares here what it needs of a store (:class:`RoomStore`); the command line
hands it one: SQLite (:class:`pokerroom.storage.room.RoomDB`) or, for tests and a room
that forgets, :class:`MemoryStore`.  Every change goes in one :meth:`RoomStore.commit`:
the people whose balances moved, the tables whose state moved, the hands just played,
and the grants, together or not at all.

>>> store = MemoryStore()
>>> store.commit(people=[{"name": "ann", "balance": 5, "session": "x"}],
...              tables=[{"id": "t1", "state": "waiting"}],
...              hands=[HandRow("t1", 1, "hand = 1", "{}")])
>>> [p["balance"] for p in store.load_people()], store.hands("t1", 10)
([5], ['hand = 1'])
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

__all__ = ["HandRow", "MemoryStore", "RoomStore"]


class HandRow(NamedTuple):
    """A finished hand: the table, its number, its PHH as the public may see it (hole
    cards only where shown), and its results (JSON: names, stacks before and after)."""

    table: str
    number: int
    phh: str
    results: str


class RoomStore(Protocol):
    """What the room needs of a store."""

    def load_people(self) -> list[dict[str, Any]]:
        """Every person as :meth:`~pokerroom.room.people.Person.to_json` wrote them."""
        ...

    def load_tables(self) -> list[dict[str, Any]]:
        """Every table's record (``id`` among its fields), in the order created."""
        ...

    def commit(
        self,
        *,
        people: Sequence[dict[str, Any]] = (),
        tables: Sequence[dict[str, Any]] = (),
        hands: Sequence[HandRow] = (),
        grants: Sequence[tuple[str, int]] = (),
    ) -> None:
        """Write these people and tables (replacing those of the same name or id), add
        these hands and grants: all in one transaction."""
        ...

    def hands(self, table: str, most: int) -> list[str]:
        """The PHH of the table's last ``most`` hands, oldest first."""
        ...

    def hands_after(self, after: int, most: int) -> list[tuple[int, str, str]]:
        """At most ``most`` hands of every table stored after the hand numbered
        ``after`` in the store (0: from the first), oldest first: (that number, the
        table, the PHH)."""
        ...

    def get(self, key: str) -> str | None:
        """A room setting (``None``: not set)."""
        ...

    def put(self, key: str, value: str | None) -> None:
        """Set (or, with ``None``, clear) a room setting."""
        ...


class MemoryStore:
    """A :class:`RoomStore` in memory (gone with the process)."""

    def __init__(self) -> None:
        self.people: dict[str, dict[str, Any]] = {}
        self.tables: dict[str, dict[str, Any]] = {}
        self.played: list[HandRow] = []
        self.grants: list[tuple[str, int]] = []
        self.settings: dict[str, str] = {}

    def load_people(self) -> list[dict[str, Any]]:
        return copy.deepcopy(list(self.people.values()))

    def load_tables(self) -> list[dict[str, Any]]:
        return copy.deepcopy(list(self.tables.values()))

    def commit(
        self,
        *,
        people: Sequence[dict[str, Any]] = (),
        tables: Sequence[dict[str, Any]] = (),
        hands: Sequence[HandRow] = (),
        grants: Sequence[tuple[str, int]] = (),
    ) -> None:
        for person in people:
            self.people[person["name"].casefold()] = copy.deepcopy(person)
        for table in tables:
            self.tables[table["id"]] = copy.deepcopy(table)
        self.played += hands
        self.grants += grants

    def hands(self, table: str, most: int) -> list[str]:
        return [h.phh for h in self.played if h.table == table][-most:] if most > 0 else []

    def hands_after(self, after: int, most: int) -> list[tuple[int, str, str]]:
        start = max(0, after)
        rows = self.played[start:start + max(0, most)]
        return [(start + k + 1, h.table, h.phh) for k, h in enumerate(rows)]

    def get(self, key: str) -> str | None:
        return self.settings.get(key)

    def put(self, key: str, value: str | None) -> None:
        if value is None:
            self.settings.pop(key, None)
        else:
            self.settings[key] = value
