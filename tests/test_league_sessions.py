"""A league scored from sessions written by hand when a match is split into several
sessions of several deals each (each deal's chips go to that deal, whichever session
played it), with the faults counted and the full table's result in the ranking; the
settings that decide the results, and the whole text of every refusal."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest

from pokerroom.rules import Rules
from pokerroom.tournament.freezeout import TournamentError
from pokerroom.tournament.league import League, LeagueResults
from pokerroom.tournament.records import GameRecord, SeatRecord

NL = Rules.preset("no-limit", buy_in=120)  # big blind 4: 1 chip a hand is 250 mbb/hand
T3 = 3.182446305284263  # Student's t, 0.975 quantile, 3 degrees of freedom (printed tables)


def scored(league: League, nets: Sequence[Sequence[tuple[int, ...]]],
           faults: Sequence[Sequence[int]]) -> LeagueResults:  # fmt: skip
    tasks = league.tasks()
    records = [
        GameRecord(t.index, t.label, t.seed, len(n[0]), tuple(
            SeatRecord(s, e, t.players[s], None, len(n[s]), f[s], n[s])
            for s, e in enumerate(t.entrants)))
        for t, n, f in zip(tasks, nets, faults, strict=True)
    ]  # fmt: skip
    return league.results(records)


def test_a_match_in_sessions_of_two_deals_scores_each_deal_once() -> None:
    league = League(NL, ("random", "calling-station"), ("a", "b"), hands=8, seed=1, session=2)
    tasks = league.tasks()
    # 4 deals (8 hands over 2 arrangements) in 2 sessions of 2 deals, each played twice.
    assert [(t.label, t.entrants, t.max_hands) for t in tasks] == [
        ("a vs b, deals 1-2", (0, 1), 2), ("a vs b, deals 1-2, seats moved 1", (1, 0), 2),
        ("a vs b, deals 3-4", (0, 1), 2), ("a vs b, deals 3-4, seats moved 1", (1, 0), 2)]
    a = [(10, -4), (2, 6), (0, 8), (-2, 12)]  # a's chips in each session, hand by hand
    nets = [[a[0], tuple(-x for x in a[0])], [tuple(-x for x in a[1]), a[1]],
            [a[2], tuple(-x for x in a[2])], [tuple(-x for x in a[3]), a[3]]]  # fmt: skip
    faults = [[0, 1], [2, 0], [0, 0], [0, 4]]  # by seat
    results = scored(league, nets, faults)
    # a's deals: (10 + 2) / 2 = 6, (-4 + 6) / 2 = 1, (0 - 2) / 2 = -1, (8 + 12) / 2 = 10
    # chips a hand: mean 4 (1,000 mbb/hand), s² = (4 + 9 + 25 + 36) / 3, se = s / 2.
    ab = results.heads_up(0, 1)
    assert (ab.value, ab.n) == (1000.0, 4)
    assert ab.half_width == pytest.approx(250 * T3 * math.sqrt(74 / 3 / 4), rel=1e-9)
    assert results.heads_up(1, 0).value == -1000.0
    assert results.matches[0].sets == 4
    # Faults by entrant: a sat in seat 0, 1, 0, 1 (0 + 0 + 0 + 4); b in seat 1, 0, 1, 0
    # (1 + 2 + 0 + 0).
    assert {r.name: r.faults for r in results.ranking} == {"a": 4, "b": 3}
    assert [r.name for r in results.ranking] == ["a", "b"]
    assert all(r.field is None for r in results.ranking)  # two players: no full table
    with pytest.raises(KeyError) as caught:
        results.heads_up(0, 2)
    assert caught.value.args == ("no match between 0 and 2",)


def test_the_ranking_shows_each_players_result_at_the_full_table() -> None:
    league = League(NL, ("random", "calling-station", "rule-based"), ("a", "b", "c"),
                    hands=3, seed=1)  # fmt: skip
    nets = [
        [(10, -4), (-10, 4)], [(6, 2), (-6, -2)],
        [(8, 8), (-8, -8)], [(-4, 0), (4, 0)],
        [(0, 2), (0, -2)], [(2, 0), (-2, 0)],
        [(12,), (-4,), (-8,)], [(6,), (0,), (-6,)], [(-3,), (9,), (-6,)],
    ]  # fmt: skip
    results = scored(league, nets, [[0] * len(n) for n in nets])
    field = results.matches[-1]
    assert field.match.label == "the field (3 players)" and field.match.entrants == (0, 1, 2)
    for r in results.ranking:
        assert r.field is field.results[r.entrant]
        assert r.faults == 0
    assert [m.match.index for m in results.matches] == [0, 1, 2, 3]


def test_the_settings_that_decide_a_leagues_results() -> None:
    league = League(NL, ("random", "calling-station"), ("a", "b"), hands=8, seed=5,
                    session=2, field=False, budget=2.5)  # fmt: skip
    assert league.settings() == {
        "rules": NL.to_mapping(), "players": ["random", "calling-station"], "hands": 8,
        "seed": 5, "session": 2, "field": False, "budget": 2.5,
    }


@pytest.mark.parametrize(("players", "names", "options", "message"), [
    (("random",), ("a",), {}, "1 players: a league has 2 to 14"),
    (("random", "random"), ("a",), {}, "1 names for 2 players"),
    (("random", "random"), ("a", "b"), {"hands": 0}, "hands: 1 or more, not 0"),
    (("random", "random"), ("a", "b"), {"session": 0}, "session (deals): 1 or more, not 0"),
])  # fmt: skip
def test_bad_leagues_are_refused_with_the_whole_reason(
    players: tuple[str, ...], names: tuple[str, ...], options: dict[str, int], message: str
) -> None:
    settings = {"hands": 4, "seed": 1, **options}
    with pytest.raises(TournamentError) as caught:
        League(NL, players, names, **settings)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_each_session_is_dealt_from_the_run_the_match_and_the_block_alone() -> None:
    def seeds(seed: int) -> dict[tuple[str, int], set[int]]:
        league = League(NL, ("random", "calling-station", "rule-based"), ("a", "b", "c"),
                        hands=8, seed=seed, session=2)  # fmt: skip
        out: dict[tuple[str, int], set[int]] = {}
        for t in league.tasks():
            match, deals = t.label.split(", deals ")
            out.setdefault((match, int(deals.split("-")[0])), set()).add(t.seed)
        return out

    one, again, other = seeds(1), seeds(1), seeds(2)
    assert one == again  # the same run: the same cards
    # Every arrangement of a block plays the same cards (duplicate)...
    assert all(len(s) == 1 for s in one.values())
    # ...and no two blocks, of one match or of two, nor two runs, share them.
    firsts = [s for (s,) in one.values()]
    assert len(set(firsts)) == len(firsts) == 3 * 2 + 2
    assert not set(firsts) & {s for (s,) in other.values()}


def test_a_sessions_seats_names_bots_and_options() -> None:
    league = League(NL, ("random", "calling-station", "rule-based"), ("a", "b", "c"),
                    hands=3, seed=1, budget=2.5)  # fmt: skip
    tasks = league.tasks(histories=True, log=True)
    field = tasks[6:]
    assert [(t.players, t.names, t.bot_salt) for t in field] == [
        (("random", "calling-station", "rule-based"), ("a", "b", "c"), 0),
        (("rule-based", "random", "calling-station"), ("c", "a", "b"), 1),
        (("calling-station", "rule-based", "random"), ("b", "c", "a"), 2)]
    for t in tasks:
        assert t.reset_stacks and t.budget == 2.5 and t.histories and t.log
        assert t.max_hands == 1 if len(t.entrants) == 3 else t.max_hands == 2
    plain = league.tasks()
    assert not any(t.histories or t.log for t in plain)


def test_a_last_session_shorter_than_the_others_scores_its_deals_in_place() -> None:
    league = League(NL, ("random", "calling-station"), ("a", "b"), hands=6, seed=1, session=2)
    assert [t.label for t in league.tasks()] == [
        "a vs b, deals 1-2", "a vs b, deals 1-2, seats moved 1", "a vs b, deals 3-3",
        "a vs b, deals 3-3, seats moved 1"]
    a = [(10, -4), (2, 6), (8,), (-2,)]
    nets = [[a[0], tuple(-x for x in a[0])], [tuple(-x for x in a[1]), a[1]],
            [a[2], tuple(-x for x in a[2])], [tuple(-x for x in a[3]), a[3]]]  # fmt: skip
    results = scored(league, nets, [[0, 0]] * 4)
    # a's deals: (10 + 2) / 2 = 6, (-4 + 6) / 2 = 1, (8 - 2) / 2 = 3: mean 10/3 chips a
    # hand, s² = ((8/3)² + (7/3)² + (1/3)²) / 2 = 114 / 18, se = s / sqrt(3).
    t2 = 4.302652729911275  # Student's t, 0.975 quantile, 2 degrees of freedom
    ab = results.heads_up(0, 1)
    assert ab.value == pytest.approx(2500 / 3, rel=1e-12) and ab.n == 3
    assert ab.half_width == pytest.approx(250 * t2 * math.sqrt(114 / 18 / 3), rel=1e-9)
