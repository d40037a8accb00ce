"""A game played from a task, with answers worked out independently: each seat's bot seeded
from the documented path, the table set up and refused as the task says, each decision
timed by the clock given, the record made from a table's totals written by hand, the
hand histories' seats and labels, and AIVAT's luck of two calling stations, which is the
pre-flop share alone (each hand at 2·e − 1 chips, e drawn from the documented seed)."""

from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.players.simple import CallingStation
from pokerroom.rules import Rules
from pokerroom.table import TableError
from pokerroom.tournament import games
from pokerroom.tournament.aivat import showdown_share
from pokerroom.tournament.games import GameRecorder, GameTask, build_players, check, play
from pokerroom.tournament.records import GameRecord, SeatRecord

NL = Rules.preset("no-limit")  # blinds 2/4, 1,000 chips


def blake(text: bytes) -> int:
    digest = hashlib.blake2b(text, digest_size=8, person=b"pokerroom-seed").digest()
    return int.from_bytes(digest, "big") // 2


def task(**given: Any) -> GameTask:
    settings: dict[str, Any] = {
        "index": 0, "label": "x", "rules": NL, "players": ("calling-station",) * 2,
        "entrants": (0, 1), "names": ("a", "b"), "seed": 4}  # fmt: skip
    settings.update(given)
    return GameTask(**settings)


def test_each_seats_bot_is_made_from_its_name_and_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str, int]] = []

    def make(spec: str, *, seed: int) -> CallingStation:
        made.append((spec, seed))
        return CallingStation()

    monkeypatch.setattr(games, "make_player", make)
    players = build_players(task(players=("random", "rule-based", "x.py:Bot"), seed=9,
                                 entrants=(2, 0, 1), names=("p", "q", "r"), bot_salt=5))
    assert len(players) == 3
    assert made == [("random", blake(b"9/sbot/i0/i5")), ("rule-based", blake(b"9/sbot/i1/i5")),
                    ("x.py:Bot", blake(b"9/sbot/i2/i5"))]  # fmt: skip


def test_check_sets_up_the_table_the_task_describes() -> None:
    check(task())
    check(task(button=1, reset_stacks=True, max_hands=3))
    with pytest.raises(TableError, match=r"^button 2 is not a seat \(0 to 1\)$"):
        check(task(button=2))
    with pytest.raises(TableError, match=r"^names: 2 non-empty strings, one per seat, not "):
        check(task(names=("a", "")))
    with pytest.raises(TableError, match=r"^max_hands is 0: "):
        check(task(max_hands=0))
    # three blinds deal no hand heads-up: a session of three is played, not a freeze-out
    blinds = Rules.preset("no-limit", blinds=(1, 2, 4))
    three = {"rules": blinds, "players": ("random",) * 3, "entrants": (0, 1, 2),
             "names": ("a", "b", "c")}  # fmt: skip
    check(task(**three, reset_stacks=True, max_hands=2))
    with pytest.raises(TableError, match=r"^these rules cannot be played down to heads-up: "):
        check(task(**three))


def test_a_game_is_timed_by_the_clock_given_and_held_to_the_tasks_budget() -> None:
    readings: list[float] = []

    def clock() -> float:
        readings.append(time.perf_counter())
        return readings[-1]

    record = play(task(reset_stacks=True, max_hands=2), clock=clock)
    assert record.hands == 2 and len(readings) >= 2 * 2 * 2  # each decision read twice
    with pytest.raises(TableError, match=r"^budget is 0: seconds, more than 0$"):
        play(task(reset_stacks=True, max_hands=1, budget=0))


def test_play_timed_reads_the_process_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    reads = []
    real = time.perf_counter

    def counted() -> float:
        reads.append(1)
        return real()

    monkeypatch.setattr(games.time, "perf_counter", counted)
    assert games.play_timed(task(reset_stacks=True, max_hands=1)).hands == 1
    assert reads


@dataclass
class Standing:
    seat: int
    place: int


@dataclass
class FakeTable:
    """What :class:`GameRecorder` reads of a table, written by hand."""

    size: int
    initial_stacks: tuple[int, ...]
    reset_stacks: bool
    totals: list[int]
    names: tuple[str, ...] = ("a", "b", "c")
    hand_number: int = 0
    standings: list[Standing] = field(default_factory=list)
    hand: None = None


def test_the_record_of_a_freeze_out_from_its_totals() -> None:
    """Stacks 100, 50, 10: seat 2 loses its 10 to seat 0 in hand 1, seat 1 its 50 in hand
    2. Seat 2 was dealt in once, the others twice; faults: two of seat 2, one of seat 0."""
    table = FakeTable(3, (100, 50, 10), False, [0, 0, 0])
    recorder = GameRecorder(table, "game 7")  # type: ignore[arg-type]
    table.totals, table.hand_number = [10, 0, -10], 1
    recorder.hand_over()
    recorder.hand_over()  # the same hand: no second row
    table.totals, table.hand_number = [60, -50, -10], 2
    recorder.hand_over()
    table.standings = [Standing(0, 1), Standing(1, 2), Standing(2, 3)]
    record = recorder.record(3, 77, (5, 6, 4), [(2, "x"), (0, "y"), (2, "z")])
    assert record == GameRecord(3, "game 7", 77, 2, (
        SeatRecord(0, 5, "a", 1, 2, 1, (10, 50)), SeatRecord(1, 6, "b", 2, 2, 0, (0, -50)),
        SeatRecord(2, 4, "c", 3, 1, 2, (-10, 0))), ("x", "y", "z"), (), "")  # fmt: skip
    assert list(recorder.totals) == [0, 0, 0, 10, 0, -10, 60, -50, -10]
    assert recorder.record(3, 77, (5, 6, 4), names=("p", "q", "r")).seats[2].player == "r"


def test_the_record_of_a_session_deals_every_seat_every_hand_and_places_none() -> None:
    table = FakeTable(2, (100, 100), True, [3, -3], names=("a", "b"))
    recorder = GameRecorder(table, "s")  # type: ignore[arg-type]
    for totals in ([-97, 97], [-100, 100]):
        table.totals = totals
        recorder.note()
    table.hand_number = 2
    table.standings = [Standing(1, 1)]
    record = recorder.record(0, 1, (1, 0))
    assert record.seats == (SeatRecord(0, 1, "a", None, 2, 0, (-100, -3)),
                            SeatRecord(1, 0, "b", None, 2, 0, (100, 3)))  # fmt: skip
    assert all(type(s.hands) is int for s in record.seats)  # a count, not 2.0
    assert record.phh == () and record.log == "" and record.faults == ()


def holes(phh: str) -> dict[str, list[int]]:
    """Each player's hole cards in a hand's PHH text, by name."""
    found = re.search(r"players = \[(.*)\]", phh)
    assert found is not None
    players = found.group(1).replace('"', "").split(", ")
    return {players[int(p) - 1]: [int(c) for c in parse_cards(f"{cards[:2]} {cards[2:]}")]
            for p, cards in re.findall(r'"d dh p(\d) (\S+)"', phh)}  # fmt: skip


def test_two_calling_stations_keep_only_the_preflop_share_of_their_luck() -> None:
    """Checked down, each hand's chips are 8·r − 4 for seat a (r its showdown share, 1, ½
    or 0), its luck (e − ½)·6 for the deal (the blinds' 6 chips in) plus (r − e)·8 for
    the board: 2·e − 1 is left, e the pre-flop share the recorder draws from
    ``derive(seed, "aivat", salt)``, 400 boards a hand."""
    record = play(task(reset_stacks=True, max_hands=6, aivat=True, histories=True,
                       bot_salt=3))  # fmt: skip
    rng = np.random.default_rng(blake(b"4/saivat/i3"))
    a, b = record.seats
    for h, text in enumerate(record.phh):
        cards = holes(text)
        e = showdown_share(cards["a"], cards["b"], [], rng, samples=400)
        assert a.adjusted[h] == pytest.approx(2 * e - 1, abs=1e-12)
        assert b.adjusted[h] == pytest.approx(1 - 2 * e, abs=1e-12)
        assert a.nets[h] in (-4, 0, 4)
    assert len(a.adjusted) == 6


def test_aivat_only_where_it_can_be_made() -> None:
    three = play(task(players=("calling-station",) * 3, entrants=(0, 1, 2),
                      names=("a", "b", "c"), reset_stacks=True, max_hands=2, aivat=True))
    assert [s.adjusted for s in three.seats] == [(), (), ()]
    plain = play(task(reset_stacks=True, max_hands=2))
    assert [s.adjusted for s in plain.seats] == [(), ()]
    wild = play(task(rules=Rules.preset("no-limit", wild="2"), reset_stacks=True, max_hands=2,
                     aivat=True))  # fmt: skip
    assert [s.adjusted for s in wild.seats] == [(), ()]


def test_the_hand_histories_name_the_tables_seats_by_position_and_the_log_each_hand() -> None:
    """A freeze-out of three on short stacks: once a seat is out, the hand's seats are no
    longer the table's, and each history still names the table's seat of each player."""
    game = task(rules=Rules.preset("no-limit", buy_in=20), players=("random",) * 3,
                entrants=(0, 1, 2), names=("a", "b", "c"), seed=2, histories=True,
                log=True)  # fmt: skip
    record = play(game)
    assert len(record.phh) == record.hands > 1
    assert any(text.count('"d dh') == 2 for text in record.phh)  # a seat out
    for h, text in enumerate(record.phh, start=1):
        found = re.search(r"players = \[(.*)\]", text)
        seats = re.search(r"seats = \[(.*)\]", text)
        assert found is not None and seats is not None
        names = found.group(1).replace('"', "").split(", ")
        assert [int(s) for s in seats.group(1).split(", ")] == [
            "abc".index(n) + 1 for n in names]
        assert f"\nhand = {h}\n" in text and '\nevent = "x"\n' in text
        assert "\nseat_count = 3\n" in text
    logs = record.log.split("\n\n# ")
    assert len(logs) == record.hands
    assert record.log.startswith("# x, hand 1\n")
    assert all(part.startswith(f"x, hand {h}\n") for h, part in enumerate(logs[1:], start=2))
    only = play(GameTask(**{**_fields(game), "log": False}))
    assert only.log == "" and only.phh == record.phh
    logged = play(GameTask(**{**_fields(game), "histories": False}))
    assert logged.phh == () and logged.log == record.log


def _fields(t: GameTask) -> dict[str, Any]:
    return {name: getattr(t, name) for name in GameTask.__dataclass_fields__}


def test_a_freeze_out_records_where_each_seat_finished() -> None:
    record = play(task(rules=Rules.preset("no-limit", buy_in=20), players=("random",) * 3,
                       entrants=(2, 0, 1), names=("a", "b", "c"), seed=2))  # fmt: skip
    assert sorted(s.place for s in record.seats if s.place is not None) == [1, 2, 3]
    assert [s.entrant for s in record.seats] == [2, 0, 1]
    assert sum(s.won for s in record.seats) == 0
    winner = next(s for s in record.seats if s.place == 1)
    assert winner.won == 40 and winner.hands == record.hands
    assert all(s.stacks(20)[-1] == (60 if s.place == 1 else 0) for s in record.seats)


class Garbage(CallingStation):
    """Answers every decision with text, not an action: a fault each time."""

    def act(self, view: Any, budget: float) -> Any:
        return "check, please"


def test_a_game_keeps_its_faults_its_seed_and_its_first_button() -> None:
    record = play(task(reset_stacks=True, max_hands=2),
                  build=lambda t: [Garbage(), CallingStation()])  # fmt: skip
    assert record.seed == 4 and record.index == 0 and record.label == "x"
    assert len(record.faults) == record.seats[0].faults >= 2 and record.seats[1].faults == 0
    assert record.faults[0].startswith("hand 1, seat 0 (a) act: garbage: ")
    assert all(", seat 0 (a) act: garbage: " in f for f in record.faults)
    for button, seats in ((0, "[2, 1]"), (1, "[1, 2]")):  # the button's seat last
        first = play(task(button=button, reset_stacks=True, max_hands=1, histories=True))
        assert f"\nseats = {seats}\n" in first.phh[0]
