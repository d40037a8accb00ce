"""What each person has seen of each opponent: the statistics beside the seats of the
room's table page (``GET /api/tables/{id}/stats``).

The numbers are those of :mod:`pokerroom.history.stats` (the brief line the terminal
game shows: hands, VPIP, PFR, 3-bet, AF, WTSD), counted for a person over the hands
*they were dealt into*, at every table of the room, from each hand's public record
(hole cards only where they were shown; no statistic here reads a card anyway).

* An opponent who is a person is the same person at every table (names are unique in
  the room); a bot is its own table's (the ``calling-station 1`` of another table is
  another opponent).
* Watching counts nothing: a spectator, or a person asking about a table they never
  played at, gets the numbers of the hands they were dealt into with those opponents
  elsewhere, or none.  (The public downloads already give anyone who may see a table
  its last hands, so nothing here tells more than they do.)

Each stored hand is read once: a request first reads the hands stored since the one
before (their PHH replayed in a worker thread, a batch at a time, so the server goes on
serving meanwhile), then answers from counts kept per person and opponent.

>>> import random
>>> from pokerroom.engine import Hand
>>> from pokerroom.history.phh import dumps
>>> from pokerroom.history.record import PlayedHand, to_phh
>>> from pokerroom.room.store import HandRow, MemoryStore
>>> from pokerroom.rules import Rules
>>> hand = Hand(Rules.preset("no-limit"), [400, 400, 400], button=2, rng=random.Random(2))
>>> hand.raise_to(12); hand.fold(); hand.fold()  # the button (cy) opens, the blinds fold
>>> phh = dumps(to_phh(PlayedHand.from_hand(hand, names=["ann", "bob", "cy"])))
>>> store = MemoryStore()
>>> store.commit(hands=[HandRow("t1", 1, phh, "{}")])
>>> seen = SeenStats(store, lambda table: frozenset())
>>> seen.catch_up_now()
>>> seen.counts("ann", "cy").stats("cy").brief()
'1 hand  VPIP 100  PFR 100  3B -  AF -  WTSD -'
>>> seen.counts("dan", "cy").hands  # dan was not dealt in: nothing
0
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.history.errors import HistoryError
from pokerroom.history.stats import Counts, PlayerStats, Ratio, SeatFacts, hand_facts
from pokerroom.room.store import RoomStore

__all__ = ["BATCH", "SeenStats", "read_facts"]

BATCH = 500
"""Stored hands read (and replayed in a worker thread) at a time."""
INLINE = 8
"""At most this many new hands are replayed on the event loop itself (no thread)."""

Opponent = tuple[str, str]
"""An opponent: ``("", name)`` for a person, ``(table, name)`` for a table's bot."""


def read_facts(rows: Sequence[tuple[int, str, str]]) -> list[tuple[str, list[SeatFacts]]]:
    """Each stored hand's table and its seats' facts (a hand that does not replay: no
    facts).  Pure: it runs in a worker thread."""
    from pokerroom.history.phh import loads
    from pokerroom.history.replay import replay_phh

    out: list[tuple[str, list[SeatFacts]]] = []
    for _, table, text in rows:
        try:
            facts = hand_facts(replay_phh(loads(text)).played, adjust=False)
        except HistoryError:
            facts = []
        out.append((table, facts))
    return out


class SeenStats:
    """The counts, per person and opponent, over the stored hands read so far.  ``store``
    holds the hands; ``bots(table)`` names the bots' seats of a table."""

    def __init__(self, store: RoomStore, bots: Callable[[str], frozenset[str]]) -> None:
        self.store = store
        self.bots = bots
        self.upto = 0  # the store's number of the last hand read
        self.unreadable = 0
        self.dealt: dict[str, int] = {}  # a person: the hands they were dealt into
        self.seen: dict[str, dict[Opponent, Counts]] = {}
        self._lock: asyncio.Lock | None = None

    # ----------------------------------------------------------------- reading

    async def catch_up(self) -> None:
        """Read every hand stored since the last read (one reader at a time; a batch
        of more than :data:`INLINE` hands is replayed in a worker thread)."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            while True:
                rows = self.store.hands_after(self.upto, BATCH)
                if not rows:
                    return
                if len(rows) > INLINE:
                    facts = await asyncio.to_thread(read_facts, rows)
                else:
                    facts = read_facts(rows)
                self.add(rows[-1][0], facts)
                if len(rows) < BATCH:
                    return

    def catch_up_now(self) -> None:
        """:meth:`catch_up` without an event loop (tests, tools)."""
        while rows := self.store.hands_after(self.upto, BATCH):
            self.add(rows[-1][0], read_facts(rows))

    def add(self, upto: int, hands: Sequence[tuple[str, list[SeatFacts]]]) -> None:
        """Count ``hands`` (a table and its seats' facts each), the store's hands up to
        number ``upto``."""
        for table, facts in hands:
            if not facts:
                self.unreadable += 1
                continue
            bots = self.bots(table)
            keys = [(table if f.name in bots else "", f.name) for f in facts]
            for v, viewer in enumerate(facts):
                if keys[v][0]:
                    continue  # a bot sees nothing
                self.dealt[viewer.name] = self.dealt.get(viewer.name, 0) + 1
                mine = self.seen.setdefault(viewer.name, {})
                for o, opponent in enumerate(facts):
                    if o != v:
                        mine.setdefault(keys[o], Counts()).add(opponent)
        self.upto = max(self.upto, upto)

    # --------------------------------------------------------------- answering

    def counts(self, viewer: str, name: str, table: str = "") -> Counts:
        """What ``viewer`` has seen of ``name`` (a bot: of ``table``)."""
        return self.seen.get(viewer, {}).get((table, name)) or Counts()

    def answer(self, viewer: str, table: str, players: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """The endpoint's answer: the hands ``viewer`` was dealt into, and the statistics
        of each player seated at ``table`` but ``viewer`` (``players``: the seats
        message's list)."""
        out = []
        for p in players:
            name = p.get("name")
            if not isinstance(name, str) or name == viewer:
                continue
            stats = self.counts(viewer, name, table if p.get("bot") else "").stats(name)
            out.append({"seat": p.get("seat"), "name": name, **_numbers(stats)})
        return {"hands": self.dealt.get(viewer, 0), "scope": "room", "players": out}


def _numbers(s: PlayerStats) -> dict[str, Any]:
    """A player's numbers as JSON: each ratio as ``[made, chances]``, ``af`` a number or
    ``null``, and ``brief``, the line the terminal game shows."""

    def ratio(r: Ratio) -> list[int]:
        return [r.made, r.chances]

    return {"hands": s.hands, "vpip": ratio(s.vpip), "pfr": ratio(s.pfr),
            "three_bet": ratio(s.three_bet), "af": s.af, "wtsd": ratio(s.wtsd),
            "brief": s.brief()}  # fmt: skip
