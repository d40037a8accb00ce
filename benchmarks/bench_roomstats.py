"""The room's opponent statistics (``GET /api/tables/{id}/stats``) over a store of many
hands: reading every stored hand once, then what one new hand and one answer cost.

Run: ``python benchmarks/bench_roomstats.py [--hands 3000]``.  It fills a room database
(SQLite, in a temporary folder) with random six-handed no-limit hands among 30 people at
10 tables (each with one bot seat), written as the room writes them (public PHH: hole
cards only where shown), then times :meth:`SeenStats.catch_up_now` over all of them (what
the server does once, in a worker thread, when it starts) and, a hand at a time, the
reading of one new hand plus the answer for one person at one table (what each request
after a hand does).  Measurements, not assertions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from pokerroom.engine import Hand
from pokerroom.engine.actions import ActionKind
from pokerroom.history.phh import dumps
from pokerroom.history.record import PlayedHand, to_phh
from pokerroom.room.seen import SeenStats
from pokerroom.room.store import HandRow
from pokerroom.rules import Rules
from pokerroom.storage.room import RoomDB

PEOPLE = [f"person {k}" for k in range(30)]
BOT = "calling-station 5"


def random_hand(rng: random.Random, number: int) -> HandRow:
    """One six-handed hand of random legal actions at one of 10 tables (seat 5: a bot)."""
    names = [*rng.sample(PEOPLE, 5), BOT]
    hand = Hand(Rules.preset("no-limit"), [rng.randrange(200, 2000) for _ in names],
                button=number % 6, rng=random.Random(number))  # fmt: skip
    while not hand.is_over:
        legal = hand.legal_actions()
        kinds = list(legal.kinds)
        if ActionKind.FOLD in kinds and len(kinds) > 1 and rng.random() > 0.3:
            kinds.remove(ActionKind.FOLD)
        kind = rng.choice(kinds)
        if kind in (ActionKind.BET, ActionKind.RAISE):
            hand.act(kind, rng.choice([legal.min_to, legal.max_to]))
        elif kind in (ActionKind.SHOW, ActionKind.MUCK):
            hand.settle()
        else:
            hand.act(kind)
    shown = hand.view(0).shown
    hidden = frozenset(i for i, cards in enumerate(shown) if cards is None)
    played = PlayedHand.from_hand(hand, names=names, label=number, hidden=hidden)
    return HandRow(f"t{number % 10}", number, dumps(to_phh(played)), "{}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--after", type=int, default=200, help="new hands timed one by one")
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        db = RoomDB(Path(folder) / "room.db")
        db.commit(hands=[random_hand(rng, k) for k in range(1, args.hands + 1)])
        seen = SeenStats(db, lambda table: frozenset({BOT}))
        start = time.perf_counter()
        seen.catch_up_now()
        cold = time.perf_counter() - start
        pairs = sum(len(v) for v in seen.seen.values())
        players = [{"seat": s, "name": n, "bot": n == BOT}
                   for s, n in enumerate([*PEOPLE[:5], BOT])]  # fmt: skip
        times = []
        for k in range(args.hands + 1, args.hands + args.after + 1):
            db.commit(hands=[random_hand(rng, k)])
            start = time.perf_counter()
            seen.catch_up_now()
            seen.answer(PEOPLE[0], f"t{k % 10}", players)
            times.append(time.perf_counter() - start)
        db.close()
    times.sort()
    print("| stored hands | read once (all) | per hand | person-opponent counts | "
          "one new hand + an answer, median | 99th percentile |")  # fmt: skip
    print("|---:|---:|---:|---:|---:|---:|")
    print(f"| {args.hands} | {cold:.2f} s | {1000 * cold / args.hands:.2f} ms | {pairs} | "
          f"{1000 * statistics.median(times):.2f} ms | "
          f"{1000 * times[int(0.99 * (len(times) - 1))]:.2f} ms |")  # fmt: skip


if __name__ == "__main__":
    main()
