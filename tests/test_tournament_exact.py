"""The tournament's pure code with answers worked out by hand: the seeds' hash spelled
out, the records' totals and summaries, a run's bookkeeping with an executor that hands
back records written here, the chip graph's lines and marks, a freeze-out's seating and
tasks and its standings over games written by hand."""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from matplotlib import font_manager, rc_context, rcParams

from pokerroom.rules import Rules
from pokerroom.table import TableError
from pokerroom.tournament.chipgraph import chip_graph, stacks
from pokerroom.tournament.freezeout import (
    Tournament,
    TournamentError,
    at_least_one,
    check_players,
    standings,
)
from pokerroom.tournament.games import GameTask, play_timed
from pokerroom.tournament.records import GameRecord, SeatRecord
from pokerroom.tournament.run import GameRun
from pokerroom.tournament.seeds import derive

NL = Rules.preset("no-limit", buy_in=100)
T2 = 4.302652729749464  # Student's t, 0.975 quantile, 2 degrees of freedom (printed tables)
T1 = 12.706204736174698  # and 1 degree of freedom


def blake(text: bytes) -> int:
    """The documented seed: BLAKE2b of the path's text, 8 bytes, pokerroom's person, the
    top 63 bits."""
    digest = hashlib.blake2b(text, digest_size=8, person=b"pokerroom-seed").digest()
    return int.from_bytes(digest, "big") // 2


# ------------------------------------------------------------------------------ seeds


def test_a_seed_is_the_hash_of_its_path_spelled_out() -> None:
    assert derive(1, "game", 0) == 5675443439702011428 == blake(b"1/sgame/i0")
    assert derive(7) == blake(b"7")
    assert derive(3, "bot", 2, 0) == blake(b"3/sbot/i2/i0")
    assert derive(-4, "x", True) == blake(b"-4/sx/bTrue")
    assert derive(1, "1") != derive(1, 1)  # a number and its text are other paths
    assert all(0 <= derive(s, "game", g) < 2**63 for s in range(5) for g in range(5))


# ---------------------------------------------------------------------------- records


def seat(s: int, entrant: int, nets: tuple[int, ...], *, place: int | None = None,
         hands: int | None = None, faults: int = 0) -> SeatRecord:  # fmt: skip
    return SeatRecord(s, entrant, f"p{entrant}", place,
                      len(nets) if hands is None else hands, faults, nets)  # fmt: skip


def test_a_seats_total_and_stacks() -> None:
    s = seat(0, 0, (5, -10, 20))
    assert s.won == 15
    assert s.stacks(100) == [100, 105, 95, 115]
    assert seat(0, 0, ()).stacks(7) == [7] and seat(0, 0, ()).won == 0


def test_a_records_seat_of_an_entrant_is_its_first_and_a_missing_one_is_named() -> None:
    a, b, c = seat(0, 2, (1,)), seat(1, 0, (2,)), seat(2, 2, (3,))
    game = GameRecord(4, "game 5", 9, 1, (a, b, c))
    assert game.seat_of(2) is a and game.seat_of(0) is b
    with pytest.raises(KeyError, match="entrant 1 has no seat in game 4"):
        game.seat_of(1)


def test_without_histories_and_summary_keep_everything_else() -> None:
    a = SeatRecord(0, 1, "x", 2, 3, 1, (5, -10, -95), (4.5, -9.0, -95.5))
    b = SeatRecord(1, 0, "y", 1, 3, 0, (-5, 10, 95))
    game = GameRecord(3, "game 4", 77, 3, (a, b), ("a fault",), ("phh 1",), "log")
    bare = game.without_histories()
    assert bare == GameRecord(3, "game 4", 77, 3, (a, b), ("a fault",))
    assert bare.phh == () and bare.log == ""
    short = game.summary()
    assert short == GameRecord(3, "game 4", 77, 3, (
        SeatRecord(0, 1, "x", 2, 3, 1, (-100,)), SeatRecord(1, 0, "y", 1, 3, 0, (100,))),
        ("a fault",))  # fmt: skip


# -------------------------------------------------------------------------------- run


def tasks(n: int, players: Sequence[tuple[str, ...]] | None = None) -> list[GameTask]:
    chosen = players or [("random", "random")] * n
    return [GameTask(index=i, label=f"game {i + 1}", rules=NL, players=chosen[i],
                     entrants=tuple(range(len(chosen[i]))), names=chosen[i], seed=i)
            for i in range(n)]  # fmt: skip


def record(task: GameTask, hands: int) -> GameRecord:
    """A record written here for ``task``: seat 0 wins ``hands`` chips a hand from seat 1."""
    seats = tuple(seat(s, e, (hands if s == 0 else -hands if s == 1 else 0,) * hands)
                  for s, e in enumerate(task.entrants))  # fmt: skip
    return GameRecord(task.index, task.label, task.seed, hands, seats, (), ("phh",), "log")


class Handing:
    """An executor that plays nothing: it hands back the records written here, in the
    order given (the order the games end), and notes what it was asked."""

    def __init__(self, order: Sequence[int], hands: Callable[[int], int]) -> None:
        self.order = order
        self.hands = hands
        self.asked: list[tuple[Any, list[int]]] = []

    def run(self, fn: Callable[[GameTask], GameRecord],
            given: Sequence[GameTask]) -> Iterator[tuple[int, GameRecord]]:  # fmt: skip
        self.asked.append((fn, [t.index for t in given]))
        for k in self.order:
            yield k, record(given[k], self.hands(given[k].index))


def test_a_run_plays_what_is_left_keeps_whole_records_or_summaries_and_counts_hands() -> None:
    run = GameRun(tasks(4), nets=frozenset({2}))
    run.keep(record(run.tasks[1], 5))  # read back: played already
    assert [t.index for t in run.todo()] == [0, 2, 3]
    executor = Handing([2, 0, 1], lambda i: i + 2)
    seen: list[GameRecord] = []
    run.play(executor, seen.append)  # type: ignore[arg-type]
    assert executor.asked == [(play_timed, [0, 2, 3])]
    assert [r.index for r in seen] == [3, 0, 2]  # in the order they end, whole
    assert all(r.phh == ("phh",) and r.log == "log" for r in seen)
    assert run.hands == 5 + 2 + 4  # the games this process played, not the one read back
    assert run.todo() == []
    results = run.results()
    assert [r.index for r in results] == [0, 1, 2, 3]
    assert results[2] == record(run.tasks[2], 4).without_histories()  # its nets kept
    for r, hands in ((results[0], 2), (results[1], 5), (results[3], 5)):
        assert r == record(run.tasks[r.index], hands).summary()


def test_a_run_without_nets_keeps_every_record_whole_and_plays_what_it_is_given() -> None:
    run = GameRun(tasks(3))
    executor = Handing([0], lambda i: 3)
    run.play(executor, todo=[run.tasks[1]])  # type: ignore[arg-type]
    assert executor.asked == [(play_timed, [1])]
    assert run.records == {1: record(run.tasks[1], 3).without_histories()} and run.hands == 3
    with pytest.raises(KeyError):
        run.results()


def test_a_run_checks_each_size_of_table_once() -> None:
    good = GameRun(tasks(3, [("random", "random"), ("random",) * 3, ("random", "random")]))
    good.check(good.todo())
    bad = tasks(3, [("random", "random"), ("random",) * 3, ("random", "random")])
    bad[2] = GameTask(index=2, label="game 3", rules=NL, players=("random", "random"),
                      entrants=(0, 1), names=("a", "b"), seed=2, button=7)  # fmt: skip
    run = GameRun(bad)
    with pytest.raises(TableError, match="button 7 is not a seat"):
        run.check(run.todo())  # the last task of its size is the one checked
    run.check(run.todo()[:2])


# -------------------------------------------------------------------------- chip graph


def game_for_graph() -> GameRecord:
    a = SeatRecord(0, 0, "a", 1, 3, 0, (30, 70, 0))
    b = SeatRecord(1, 1, "b", 2, 2, 0, (-30, -70, 0))
    c = SeatRecord(2, 2, "c", None, 3, 0, (0, 0, 0))
    return GameRecord(0, "game 1", 1, 3, (a, b, c))


def test_the_stacks_by_name() -> None:
    assert stacks(game_for_graph(), 100) == {
        "a": [100, 130, 200, 200], "b": [100, 70, 0, 0], "c": [100, 100, 100, 100]}


def test_the_chip_graph_draws_a_line_per_player_and_where_each_went_out() -> None:
    with rc_context({"figure.dpi": 72}):  # the graph's own size and resolution, whatever is set
        figure = chip_graph(game_for_graph(), 100)
    assert tuple(figure.get_size_inches()) == (9.0, 5.0) and figure.dpi == 100
    assert figure.get_layout_engine().__class__.__name__ == "ConstrainedLayoutEngine"
    (ax,) = figure.axes
    lines = ax.get_lines()
    # a, b, b's cross where it went out (after hand 2), c
    assert [list(line.get_xdata()) for line in lines] == [[0, 1, 2, 3]] * 2 + [[2], [0, 1, 2, 3]]
    assert [list(line.get_ydata()) for line in lines] == [
        [100, 130, 200, 200], [100, 70, 0, 0], [0], [100, 100, 100, 100]]
    assert [line.get_label() for line in lines] == [
        "a (place 1)", "b (place 2)", "_child2", "c"]
    assert [line.get_linewidth() for line in (lines[0], lines[1], lines[3])] == [1.4] * 3
    assert lines[2].get_marker() == "x" and lines[2].get_color() == lines[1].get_color()
    assert [line.get_marker() for line in (lines[0], lines[1], lines[3])] == ["None"] * 3
    assert ax.get_xlabel() == "hand" and ax.get_ylabel() == "chips"
    assert ax.get_xlim() == (0.0, 3.0) and ax.get_ylim()[0] == 0.0
    assert ax.get_title() == "game 1: stacks over 3 hands"
    legend = ax.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == ["a (place 1)", "b (place 2)", "c"]
    assert legend._loc == 2  # upper left
    assert legend.get_texts()[0].get_fontsize() == pytest.approx(
        font_manager.font_scalings["small"] * rcParams["font.size"])
    gridlines = ax.xaxis.get_gridlines()
    assert gridlines[0].get_visible() and gridlines[0].get_alpha() == 0.3
    assert ax.yaxis.get_gridlines()[0].get_visible()


def test_the_chip_graph_of_a_game_of_no_hands_and_its_title() -> None:
    a = SeatRecord(0, 0, "a", None, 0, 0, ())
    figure = chip_graph(GameRecord(0, "game 9", 1, 0, (a,)), 50, title="mine")
    (ax,) = figure.axes
    assert ax.get_title() == "mine" and ax.get_xlim() == (0.0, 1.0)
    assert [list(line.get_ydata()) for line in ax.get_lines()] == [[50]]


# ------------------------------------------------------------------------- freeze-outs


def test_the_players_and_counts_refused_by_name() -> None:
    check_players(["a"] * 2, ["x"] * 2, "w")
    check_players(["a"] * 14, ["x"] * 14, "w")
    for n in (1, 15):
        with pytest.raises(TournamentError, match=rf"^{n} players: a table seats 2 to 14$"):
            check_players(["a"] * n, ["x"] * n, "a table seats")
    with pytest.raises(TournamentError, match=r"^3 names for 2 players$"):
        check_players(["a"] * 2, ["x"] * 3, "w")
    at_least_one("games", 1)
    with pytest.raises(TournamentError, match=r"^games: 1 or more, not 0$"):
        at_least_one("games", 0)
    with pytest.raises(TournamentError, match=r"^max hands: 1 or more, not 0$"):
        Tournament(NL, ("random",) * 2, ("a", "b"), games=1, seed=1, max_hands=0)
    with pytest.raises(TournamentError, match=r"^games: 1 or more, not 0$"):
        Tournament(NL, ("random",) * 2, ("a", "b"), games=0, seed=1)
    with pytest.raises(TournamentError, match=r"^1 players: a freeze-out seats 2 to 14$"):
        Tournament(NL, ("random",), ("a",), games=1, seed=1)
    Tournament(NL, ("random",) * 2, ("a", "b"), games=1, seed=1, max_hands=1)


def test_a_tournaments_settings_seating_and_tasks() -> None:
    t = Tournament(NL, ("random", "calling-station", "rule-based"), ("r", "c", "b"), games=3,
                   seed=5, button="first-jack", max_hands=40, budget=2.5)  # fmt: skip
    assert t.settings() == {"rules": NL.to_mapping(), "players": ["random", "calling-station",
                            "rule-based"], "games": 3, "seed": 5, "button": "first-jack",
                            "max_hands": 40, "budget": 2.5}  # fmt: skip
    orders = []
    for g in range(3):
        order = [0, 1, 2]
        random.Random(blake(f"5/sseating/i{g}".encode())).shuffle(order)
        orders.append(order)
        assert t.seating(g) == order
    assert len({tuple(o) for o in orders}) > 1
    made = t.tasks(histories=True, log=True)
    assert made == [GameTask(
        index=g, label=f"game {g + 1}", rules=NL,
        players=tuple(("random", "calling-station", "rule-based")[e] for e in orders[g]),
        entrants=tuple(orders[g]), names=tuple("rcb"[e] for e in orders[g]),
        seed=blake(f"5/sgame/i{g}".encode()), button="first-jack", max_hands=40,
        budget=2.5, histories=True, log=True) for g in range(3)]  # fmt: skip
    plain = t.tasks()
    assert not any(p.histories or p.log for p in plain)
    assert Tournament(NL, ("random",) * 2, ("a", "b"), games=1, seed=1).tasks()[0].button == (
        "random")  # fmt: skip


def test_standings_over_games_written_by_hand() -> None:
    """Three entrants, three games (entrant 2 sits out game 3; an unplaced seat finishes
    last; a seat dealt no hand counts as one):

    * entrant 0: places 1, 2, 1; won 30, -10, 40 over 10, 5, 8 hands; 1 fault;
    * entrant 1: places 2, 1, 2; won -30, 60, -40 over 10, 6, 8 hands;
    * entrant 2: places 3, None (3), -; won 0, -50 over 0 (1), 6 hands; 2 faults;
    * entrant 3: in no game (left out).
    """
    g1 = GameRecord(0, "game 1", 1, 10, (seat(0, 1, (-30,), place=2, hands=10),
                                         seat(1, 0, (30,), place=1, hands=10, faults=1),
                                         seat(2, 2, (0,), place=3, hands=0, faults=2)))
    g2 = GameRecord(1, "game 2", 2, 6, (seat(0, 2, (-50,), place=None, hands=6),
                                        seat(1, 1, (60,), place=1, hands=6),
                                        seat(2, 0, (-10,), place=2, hands=5)))
    g3 = GameRecord(2, "game 3", 3, 8, (seat(0, 0, (40,), place=1, hands=8),
                                        seat(1, 1, (-40,), place=2, hands=8)))
    out = standings(("A", "B", "C", "D"), [g1, g2, g3])
    assert [(s.entrant, s.name, s.games, s.wins, s.hands, s.faults) for s in out] == [
        (0, "A", 3, 2, 23, 1), (1, "B", 3, 1, 24, 0), (2, "C", 2, 0, 6, 2)]
    a, b, c = out
    # wins: Wilson's interval at 95% of 2 of 3
    z = 1.959963984540054
    centre = (2 / 3 + z * z / 6) / (1 + z * z / 3)
    half = z / (1 + z * z / 3) * math.sqrt(2 / 3 * 1 / 3 / 3 + z * z / 36)
    assert a.win_share.value == pytest.approx(2 / 3)
    assert (a.win_share.low, a.win_share.high) == pytest.approx((centre - half, centre + half))
    # finish: mean of 1, 2, 1 with Student's t over 2 degrees of freedom
    sd = math.sqrt(((1 - 4 / 3) ** 2 * 2 + (2 - 4 / 3) ** 2) / 2)
    assert a.finish.value == pytest.approx(4 / 3)
    assert a.finish.high - a.finish.value == pytest.approx(T2 * sd / math.sqrt(3))
    assert c.finish.value == 3.0 and c.finish.high - c.finish.value == pytest.approx(0.0)
    # chips per hand: total won over total hands (a seat of no hands counts one)
    assert a.chips_per_hand.value == pytest.approx(60 / 23)
    residuals = [y - 60 / 23 * x for y, x in ((30, 10), (-10, 5), (40, 8))]
    spread = math.sqrt(sum(e * e for e in residuals) / 2 / 3) / (23 / 3)
    assert a.chips_per_hand.high - a.chips_per_hand.value == pytest.approx(T2 * spread)
    assert b.chips_per_hand.value == pytest.approx(-10 / 24)
    assert c.chips_per_hand.value == pytest.approx(-50 / 7)
    assert c.win_share.value == 0.0 and c.games == 2
    with pytest.raises(TournamentError, match=r"^no games played yet$"):
        standings(("A",), [])


def test_standings_break_ties_by_finish_then_chips_then_entrant() -> None:
    def game(i: int, nets: Sequence[int], places: Sequence[int]) -> GameRecord:
        pairs = enumerate(zip(nets, places, strict=True))
        return GameRecord(i, f"game {i + 1}", i, 4,
                          tuple(seat(s, s, (n,), place=p, hands=4) for s, (n, p) in pairs))

    def order(nets: Sequence[Sequence[int]], places: Sequence[Sequence[int]]) -> list[int]:
        games = [game(i, n, p) for i, (n, p) in enumerate(zip(nets, places, strict=True))]
        return [s.entrant for s in standings(("a", "b", "c"), games)]

    # 0 and 1 each win once, 2 never; the better average finish first, whatever the chips
    # (0: places 1, 2 and 0 chips; 1: places 3, 1 and 10 chips)
    assert order([[10, -5, -5], [-10, 15, -5]], [[1, 3, 2], [2, 1, 3]]) == [0, 1, 2]
    # (0: places 1, 3 and 15 chips; 1: places 2, 1 and -10 chips)
    assert order([[20, -10, -10], [-5, 0, 5]], [[1, 2, 3], [3, 1, 2]]) == [1, 0, 2]
    # the same wins and finish (1, 2 and 2, 1): more chips a hand first
    assert order([[10, -5, -5], [-10, 15, -5]], [[1, 2, 3], [2, 1, 3]]) == [1, 0, 2]
    assert order([[10, -5, -5], [5, 0, -5]], [[1, 2, 3], [2, 1, 3]]) == [0, 1, 2]
    # all equal between 0 and 1: the entrants' order
    assert order([[5, 5, -10], [5, 5, -10]], [[1, 2, 3], [2, 1, 3]]) == [0, 1, 2]
    games = [game(0, [5, 5, -10], [1, 2, 3]), game(1, [5, 5, -10], [2, 1, 3])]
    t = Tournament(NL, ("random",) * 3, ("a", "b", "c"), games=2, seed=1)
    assert t.standings(games) == standings(("a", "b", "c"), games)


def test_an_entrant_in_no_game_is_left_out_and_the_next_one_kept() -> None:
    game = GameRecord(0, "game 1", 1, 3, (seat(0, 0, (5,), place=1, hands=3),
                                          seat(1, 2, (-5,), place=2, hands=3)))
    assert [s.entrant for s in standings(("a", "b", "c"), [game])] == [0, 2]
