"""Tournaments and leagues: the games a run plays, duplicate dealing, standings, and the same
results wherever the games are played."""

from __future__ import annotations

import math
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from pokerroom.rules import Rules
from pokerroom.tournament.executor import (
    ExecutorError,
    PoolExecutor,
    RayExecutor,
    SerialExecutor,
    _hold_interrupts,
    _release_interrupts,
    make_executor,
)
from pokerroom.tournament.freezeout import Tournament, TournamentError, standings
from pokerroom.tournament.games import GameTask, play
from pokerroom.tournament.league import League
from pokerroom.tournament.records import GameRecord, SeatRecord

SHORT_NL = Rules.preset("no-limit", buy_in=120)
SHORT_FL = Rules.preset("computer-tournament", buy_in=150)
CHEAP = ("random", "calling-station", "random", "calling-station")
NAMES = ("random", "calling-station", "random #2", "calling-station #2")


def _tournament(games: int = 12, rules: Rules = SHORT_NL, seed: int = 3) -> Tournament:
    return Tournament(rules, CHEAP, NAMES, games=games, seed=seed)


def _play_all(tasks: list[GameTask]) -> list[GameRecord]:
    with SerialExecutor() as ex:
        done = dict(ex.run(play, tasks))
    return [done[i] for i in range(len(tasks))]


@pytest.mark.parametrize("rules", [SHORT_NL, SHORT_FL], ids=["no-limit", "computer-tournament"])
def test_every_freeze_out_ends_with_one_winner_and_no_chip_created(rules: Rules) -> None:
    t = _tournament(games=16, rules=rules)
    records = _play_all(t.tasks())
    assert len(records) == 16
    for r in records:
        places = sorted(s.place for s in r.seats if s.place is not None)
        assert places[0] == 1 and places.count(1) == 1 and len(places) == 4
        # Players out in the same hand with the same chips share a place (1, 2, 3, 3).
        assert all(p == 1 + sum(q < p for q in places) for p in places)
        assert sum(s.won for s in r.seats) == 0
        for s in r.seats:
            assert len(s.nets) == r.hands
            stacks = s.stacks(rules.buy_in)
            assert min(stacks) >= 0
            assert (stacks[-1] > 0) == (s.place == 1)
            assert stacks[-1] in (0, 4 * rules.buy_in)
            if s.place != 1:  # out for good: no chips after the hand it busted in
                out = stacks.index(0)
                assert all(x == 0 for x in stacks[out:]) and s.hands == out
    rows = t.standings(records)
    assert sum(r.wins for r in rows) == 16 and {r.games for r in rows} == {16}
    total = sum(s.place or 0 for r in records for s in r.seats)
    assert sum(r.finish.value for r in rows) == pytest.approx(total / 16)


def test_seats_are_drawn_for_each_game_from_the_seed() -> None:
    t = _tournament(games=24)
    orders = {tuple(t.seating(g)) for g in range(24)}
    assert len(orders) > 6  # not one fixed order
    assert [t.seating(g) for g in range(5)] == [_tournament().seating(g) for g in range(5)]
    tasks = t.tasks()
    assert len({task.seed for task in tasks}) == 24
    for task in tasks:
        assert sorted(task.entrants) == [0, 1, 2, 3]
        assert task.names == tuple(NAMES[e] for e in task.entrants)


def test_a_tournament_refuses_impossible_settings() -> None:
    with pytest.raises(TournamentError, match="seats 2 to 14"):
        Tournament(SHORT_NL, ("random",) * 15, ("x",) * 15, games=1, seed=1)
    with pytest.raises(TournamentError, match="games: 1 or more"):
        Tournament(SHORT_NL, CHEAP, NAMES, games=0, seed=1)


def _freeze_out(index: int, hands: int, winner: int, busts: dict[int, int]) -> GameRecord:
    """A game of buy-in 100 won by ``winner``; ``busts``: the hand each other entrant lost
    its 100 chips in (to the winner), so it was dealt in that many hands."""
    order = sorted(busts, key=lambda e: -busts[e])  # the last out is second
    seats = [SeatRecord(0, winner, f"p{winner}", 1, hands, 0,
                        tuple(100 * list(busts.values()).count(h) for h in range(1, hands + 1)))]
    for e, hand in busts.items():
        nets = tuple(-100 if h == hand else 0 for h in range(1, hands + 1))
        seats.append(SeatRecord(len(seats), e, f"p{e}", 2 + order.index(e), hand, 0, nets))
    assert sum(s.won for s in seats) == 0
    return GameRecord(index, f"game {index + 1}", 0, hands, tuple(seats))


def test_chips_per_hand_divides_by_the_hands_each_player_was_dealt_in() -> None:
    """Issue 29: chips/hand was the chips won over the games' hands, so every player
    who never won showed the same figure (the buy-ins over the games' hands), whatever
    it did.  Worked by hand: A wins both games (8 and 12 hands); B is out in hands 2 and
    12, C in 5 and 3, D in 8 and 7 (D loses 200 chips over 8 + 7 = 15 hands).  The
    interval (delta method, two games, t = tan(0.475 pi) for one degree of freedom):
    r = sum y / sum x; residuals y - r x are +-e; half-width t * e / mean x."""
    records = [_freeze_out(0, 8, 0, {1: 2, 2: 5, 3: 8}),
               _freeze_out(1, 12, 0, {1: 12, 2: 3, 3: 7})]  # fmt: skip
    rows = standings(("A", "B", "C", "D"), records)
    t = math.tan(0.475 * math.pi)
    got = {r.name: (r.chips_per_hand.value, r.chips_per_hand.half_width, r.hands) for r in rows}
    assert got["A"] == pytest.approx((600 / 20, t * 60 / 10, 20))
    assert got["B"] == pytest.approx((-200 / 14, t * (500 / 7) / 7, 14))
    assert got["C"] == pytest.approx((-200 / 8, t * 25 / 4, 8))
    assert got["D"] == pytest.approx((-200 / 15, t * (20 / 3) / 7.5, 15))
    assert len({round(v[0], 9) for v in got.values()}) == 4  # every player told apart
    # wins, then the average finish: D (2, 3), B (4, 2), C (3, 4)
    assert [r.name for r in rows] == ["A", "D", "B", "C"]
    assert [r.finish.value for r in rows] == [1.0, 2.5, 3.0, 3.5]


def test_standings_of_played_freeze_outs_tell_the_losers_apart() -> None:
    """In real games too: players who never win have different chips/hand (before, all
    were -buy-in x games / hands), each its chips over its own hands."""
    t = Tournament(SHORT_NL, ("rule-based", "calling-station", "random"),
                   ("rule-based", "calling-station", "random"), games=6, seed=5)  # fmt: skip
    records = _play_all(t.tasks())
    rows = t.standings(records)
    for r in rows:
        own = [g.seat_of(r.entrant) for g in records]
        assert r.hands == sum(s.hands for s in own)
        assert r.chips_per_hand.value == pytest.approx(sum(s.won for s in own) / r.hands)
    assert len({round(r.chips_per_hand.value, 9) for r in rows}) == 3


def _holes(phh: str) -> list[str]:
    return re.findall(r'"d dh (p\d+) (\S+)"', phh)


def _boards(phh: str) -> list[str]:
    return re.findall(r'"d db (\S+)"', phh)


@pytest.mark.parametrize("rules", [SHORT_NL, SHORT_FL], ids=["no-limit", "computer-tournament"])
def test_duplicate_deals_the_same_cards_to_the_same_seats(rules: Rules) -> None:
    league = League(rules, ("random", "calling-station", "random"),
                    ("random", "calling-station", "random #2"), hands=30, seed=9,
                    session=7)  # fmt: skip
    tasks = league.tasks(histories=True)
    records = _play_all(tasks)
    checked = 0
    by_block: dict[tuple[str, int], list[GameRecord]] = {}
    for task, record in zip(tasks, records, strict=True):
        block = re.sub(r", seats moved \d+", "", task.label)
        by_block.setdefault((block, task.seed), []).append(record)
    for (_, _), group in by_block.items():
        k = len(group[0].seats)
        assert len(group) == k  # one session per seat arrangement
        entrants = [tuple(s.entrant for s in g.seats) for g in group]
        assert len(set(entrants)) == k  # each a different arrangement
        first = group[0]
        for other in group[1:]:
            assert other.hands == first.hands
            for a, b in zip(first.phh, other.phh, strict=True):
                assert _holes(a) == _holes(b) and len(_holes(a)) == k
                boards_a, boards_b = _boards(a), _boards(b)
                n = min(len(boards_a), len(boards_b))
                assert boards_a[:n] == boards_b[:n]
                checked += 1
    assert checked == sum(m.deals * (len(m.entrants) - 1) for m in league.matches())


def test_duplicate_cancels_the_luck_of_identical_players() -> None:
    """Two calling stations play exactly alike: whatever the cards give one seat they give
    the other in the next arrangement, so every duplicate set sums to zero."""
    league = League(SHORT_NL, ("calling-station", "calling-station"),
                    ("calling-station", "calling-station #2"), hands=200, seed=4,
                    session=40)  # fmt: skip
    records = _play_all(league.tasks())
    assert any(s.won != 0 for r in records for s in r.seats)  # the sessions were not dull
    results = league.results(records)
    (match,) = results.matches
    for est in match.results.values():
        assert est.value == 0 and est.low == 0 and est.high == 0
    assert match.sets == 100


def test_league_results_are_zero_sum_and_ranked() -> None:
    players = ("rule-based", "calling-station", "random")
    league = League(SHORT_FL, players, players, hands=60, seed=2, session=30)
    results = league.results(_play_all(league.tasks()))
    assert len(results.matches) == 4  # three pairs and the field
    for a in range(3):
        for b in range(3):
            if a != b:
                ab, ba = results.heads_up(a, b), results.heads_up(b, a)
                assert ab.value == pytest.approx(-ba.value)
                assert ab.half_width == pytest.approx(ba.half_width)
    field = results.matches[-1]
    assert sum(e.value for e in field.results.values()) == pytest.approx(0, abs=1e-9)
    assert field.sets == 20  # 60 hands at 3 seats: 20 deals, each played 3 times
    values = [r.heads_up.value for r in results.ranking]
    assert values == sorted(values, reverse=True)
    for r in results.ranking:
        pairs = [results.heads_up(r.entrant, b) for b in range(3) if b != r.entrant]
        assert r.heads_up.value == pytest.approx(sum(p.value for p in pairs) / 2)
        assert r.heads_up.low < r.heads_up.value < r.heads_up.high


def test_league_values_worked_out_by_hand() -> None:
    """A league of three scored from sessions written by hand (big blind 4: 1 chip a hand
    is 250 mbb/hand).  Each deal is played once in each seat arrangement; an entrant's
    result for a deal is its chips over the arrangements divided by the k hands of the
    set, averaged over the deals."""
    league = League(SHORT_NL, ("random", "calling-station", "rule-based"),
                    ("a", "b", "c"), hands=3, seed=1)  # fmt: skip
    # chips won by each seat, hand by hand, in each session (league.tasks() order)
    nets = [
        [(10, -4), (-10, 4)], [(6, 2), (-6, -2)],  # a vs b: seats (a, b), then (b, a)
        [(8, 8), (-8, -8)], [(-4, 0), (4, 0)],  # a vs c: (a, c), then (c, a)
        [(0, 2), (0, -2)], [(2, 0), (-2, 0)],  # b vs c: (b, c), then (c, b)
        [(12,), (-4,), (-8,)], [(6,), (0,), (-6,)], [(-3,), (9,), (-6,)],  # the field
    ]  # fmt: skip
    tasks = league.tasks()
    assert [t.entrants for t in tasks] == [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1),
                                           (0, 1, 2), (2, 0, 1), (1, 2, 0)]  # fmt: skip
    records = [
        GameRecord(t.index, t.label, t.seed, len(n[0]), tuple(
            SeatRecord(s, e, t.players[s], None, len(n[s]), 0, n[s])
            for s, e in enumerate(t.entrants)))
        for t, n in zip(tasks, nets, strict=True)
    ]  # fmt: skip
    results = league.results(records)
    # a vs b: a's deals 10 - 6 = 4 and -4 - 2 = -6 chips over 2 hands: 2 and -3 a hand,
    # mean -0.5 (-125 mbb/hand); s = sqrt(12.5), se = 2.5, t(0.975, 1) = tan(0.475 pi)
    t1 = math.tan(0.475 * math.pi)  # 12.7062...
    ab = results.heads_up(0, 1)
    assert (ab.value, ab.n) == (-125.0, 2)
    assert ab.low == pytest.approx(-125 - t1 * 2.5 * 250, rel=1e-9)
    assert ab.high == pytest.approx(-125 + t1 * 2.5 * 250, rel=1e-9)
    assert results.heads_up(1, 0).value == 125.0
    # a vs c: (8 + 4) / 2 = 6 and (8 + 0) / 2 = 4: 5 chips a hand, se 1
    ac = results.heads_up(0, 2)
    assert ac.value == 1250.0 and ac.half_width == pytest.approx(t1 * 250, rel=1e-9)
    # b vs c: (0 - 2) / 2 = -1 and (2 + 0) / 2 = 1: even
    assert results.heads_up(1, 2).value == 0.0 and results.heads_up(2, 1).value == 0.0
    # the field, one deal in three arrangements: a 12 + 0 - 6 = 6, b -4 - 6 - 3 = -13,
    # c -8 + 6 + 9 = 7 chips over 3 hands
    field = results.matches[-1]
    assert field.sets == 1
    assert [field.results[e].value for e in range(3)] == pytest.approx(
        [6 / 3 * 250, -13 / 3 * 250, 7 / 3 * 250], rel=1e-12)
    assert not any(est.known for est in field.results.values())  # one set: no interval
    # the ranking: the average of the heads-up results
    assert [(r.name, r.heads_up.value) for r in results.ranking] == [
        ("a", (-125 + 1250) / 2), ("b", (125 + 0) / 2), ("c", (-1250 + 0) / 2)]  # fmt: skip


def test_league_needs_every_session() -> None:
    league = League(SHORT_NL, CHEAP[:2], NAMES[:2], hands=10, seed=1, session=3)
    records = _play_all(league.tasks())
    with pytest.raises(TournamentError, match="3 sessions of 4 played"):
        league.results(records[:3])


def test_same_seed_same_results_with_one_and_two_workers() -> None:
    tasks = _tournament(games=8).tasks()
    serial = _play_all(tasks)
    with make_executor(workers=2) as ex:
        assert isinstance(ex, PoolExecutor)
        pooled = dict(ex.run(play, tasks))
    assert [pooled[i] for i in range(8)] == serial
    assert [r.index for r in serial] == list(range(8))
    other = _play_all(_tournament(games=8, seed=4).tasks())
    assert other != serial


def test_same_seed_same_results_on_ray() -> None:
    """A local Ray instance (slow to start: one small run)."""
    league = League(SHORT_NL, CHEAP[:3], NAMES[:3], hands=20, seed=6, session=5)
    tasks = league.tasks()
    serial = _play_all(tasks)
    with RayExecutor(workers=2) as ex:
        assert ex.workers == 2
        done = dict(ex.run(play, tasks))
    assert [done[i] for i in range(len(tasks))] == serial
    assert len(serial) == 3 * 2 * 2 + 2 * 3  # pairs: 2 blocks x 2 seatings; field: 2 x 3


def test_executor_choices_are_checked() -> None:
    with pytest.raises(ExecutorError, match="1 or more"):
        make_executor(workers=0)
    with pytest.raises(ExecutorError, match="with --executor ray"):
        make_executor(workers=1, address="127.0.0.1:6379")
    with pytest.raises(ExecutorError, match="no executor 'spark'"):
        make_executor("spark")
    assert isinstance(make_executor(workers=1), SerialExecutor)


def test_the_pool_is_never_larger_than_the_work_or_the_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 29: ``--workers 8 --games 1`` started 8 processes, and ``--workers
    99999999999999999`` kept starting them."""
    from pokerroom.tournament import executor

    started: list[int] = []

    class Pool(SerialExecutor):
        def __init__(self, workers: int) -> None:
            started.append(workers)

    monkeypatch.setattr(executor, "PoolExecutor", Pool)
    assert isinstance(make_executor(workers=8, tasks=1, cores=8), SerialExecutor)
    assert isinstance(make_executor(workers=10**17, tasks=1, cores=8), SerialExecutor)
    assert isinstance(make_executor(tasks=100, cores=1), SerialExecutor)
    assert not started  # one game, or one core: played here, no pool
    make_executor(workers=8, tasks=3, cores=16)  # the work
    make_executor(workers=8, tasks=100, cores=2)  # the machine
    make_executor(workers=10**17, cores=4)  # the machine, work unknown
    make_executor(tasks=5, cores=64)  # by default one per core, but no more than the work
    make_executor(workers=3, tasks=0, cores=4)  # nothing to do: played here
    assert started == [3, 2, 4, 5]
    monkeypatch.setattr(executor, "default_workers", lambda: 6)
    make_executor(workers=100)
    assert started[-1] == 6


def test_a_ray_address_nobody_answers_is_refused_at_once() -> None:
    """Ray retries an unreachable cluster for minutes, printing warnings."""
    for address, why in (("127.0.0.1:1", "no Ray cluster answers there"),
                         ("ray://127.0.0.1:1", "no Ray cluster answers there"),
                         ("127.0.0.1", "auto, host:port or ray://host:port"),
                         ("127.0.0.1:99999", "auto, host:port or ray://host:port")):  # fmt: skip
        with pytest.raises(ExecutorError, match=f"--address '{re.escape(address)}': {why}"):
            make_executor("ray", address=address)


CTRL_C_WHILE_STARTING = """
import multiprocessing, os, signal, sys
from pokerroom.tournament.executor import PoolExecutor

# Ctrl-C as in a terminal, even when this test runs in the background (where the shell
# starts every process with it ignored)
signal.signal(signal.SIGINT, signal.default_int_handler)

made = []
real = multiprocessing.get_context

class Pressing:
    def Pool(self, *args, **kwargs):
        pool = real("spawn").Pool(*args, **kwargs)
        made.append(pool)
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C while the workers start
        return pool

multiprocessing.get_context = lambda method: Pressing()
try:
    PoolExecutor(2)
except KeyboardInterrupt:
    workers = made[0]._pool
    print("interrupted", [w.is_alive() for w in workers], [w.exitcode for w in workers])
else:
    print("not interrupted")
"""


def test_ctrl_c_while_the_pool_starts_is_held_back_then_stops_it() -> None:
    """A Ctrl-C pressed while the workers start is not lost: it is delivered once the
    pool is made, which is then stopped (no worker left running)."""
    # (NumPy's OpenBLAS starts native threads at import, with Ctrl-C not blocked: the
    # kernel may hand the process's SIGINT to one of them; the hold notes it then too)
    proc = subprocess.run([sys.executable, "-c", CTRL_C_WHILE_STARTING], check=False,
                          capture_output=True, text=True, timeout=45)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("interrupted [False, False]"), proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr


RELEASE_AFTER_ANOTHER_THREAD_TOOK_IT = """
import os, signal
from pokerroom.tournament.executor import _hold_interrupts, _release_interrupts

signal.signal(signal.SIGINT, signal.default_int_handler)
# The pending set said Ctrl-C was there, then another thread took it: a check of the set
# followed by a wait would wait for ever.
signal.sigpending = lambda: {signal.SIGINT}
_release_interrupts(_hold_interrupts())
print("released, nothing pressed")
hold = _hold_interrupts()
os.kill(os.getpid(), signal.SIGINT)  # no other thread here: it stays pending, held back
try:
    _release_interrupts(hold)
except KeyboardInterrupt:
    print("a press held back is raised at the release")
"""


def test_ctrl_c_taken_by_another_thread_before_the_release_does_not_hang_it() -> None:
    """Releasing Ctrl-C takes a pending press without waiting for one: a press pending
    for the whole process can be taken by another thread between a look at the pending
    set and a wait, which then never returned (a CI run's pool start hung so)."""
    proc = subprocess.run([sys.executable, "-c", RELEASE_AFTER_ANOTHER_THREAD_TOOK_IT],
                          check=False, capture_output=True, text=True, timeout=30)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "released, nothing pressed", "a press held back is raised at the release"
    ], proc.stderr


def test_ctrl_c_taken_by_another_thread_while_held_is_raised_only_at_release() -> None:
    """The pool's start holds Ctrl-C back in the main thread; a thread that does not
    block it (as a BLAS library's) takes the process's SIGINT instead, and Python runs
    the handler in the main thread: held, it is noted, not raised, until released (then
    raised once), and the handler before is back."""
    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # (as in a terminal)
    done = threading.Event()
    other = threading.Thread(target=done.wait, daemon=True)  # Ctrl-C not blocked there
    other.start()
    try:
        hold = _hold_interrupts()
        assert hold is not None
        try:
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(40):
                time.sleep(0.005)  # Python runs a pending handler between these
        except KeyboardInterrupt:
            pytest.fail("Ctrl-C raised while held back")
        with pytest.raises(KeyboardInterrupt):
            _release_interrupts(hold)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())
        _release_interrupts(_hold_interrupts())  # nothing pressed: nothing raised
    finally:
        done.set()
        signal.signal(signal.SIGINT, before)


def test_a_league_session_is_labelled_with_its_deals_counted_from_one() -> None:
    """Five hands a match in sessions of two deals: a pair's three deals are sessions
    ``1-2`` and ``3-3``, each in both seat arrangements; the field's two deals (ceil(5/3))
    one session, in three arrangements.  Each session plays as many hands as its deals."""
    league = League(SHORT_NL, CHEAP[:3], NAMES[:3], hands=5, seed=6, session=2)
    tasks = league.tasks()
    a, b = NAMES[0], NAMES[1]
    first = [(t.label, t.max_hands) for t in tasks[:4]]
    assert first == [
        (f"{a} vs {b}, deals 1-2", 2),
        (f"{a} vs {b}, deals 1-2, seats moved 1", 2),
        (f"{a} vs {b}, deals 3-3", 1),
        (f"{a} vs {b}, deals 3-3, seats moved 1", 1),
    ]
    field = [(t.label, t.max_hands) for t in tasks if t.label.startswith("the field")]
    assert field == [("the field (3 players), deals 1-2", 2),
                     ("the field (3 players), deals 1-2, seats moved 1", 2),
                     ("the field (3 players), deals 1-2, seats moved 2", 2)]  # fmt: skip
    assert len(tasks) == 3 * 4 + 3
