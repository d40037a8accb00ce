"""Thousands of freeze-outs (rules.md §3, §10) under every rule set, 2 to 14 players, with
the random and simple bots: not a chip created or lost, every game ends with one
winner, the button and the finishing order right after every hand."""

from __future__ import annotations

import random

import pytest

from pokerroom.players import CallingStation, Player, RandomBot, Runner
from pokerroom.rules import PRESETS, Rules
from pokerroom.table import FirstButton, Levels, Table
from table_helpers import RULESETS, small

GAMES = {name: 1000 if name in PRESETS else 300 for name in RULESETS}  # 5,800 in all
CHUNKS = 4


def stakes(rules_name: str, rng: random.Random) -> tuple[Rules, Levels | None]:
    """Small stacks, and stakes that double every few hands (a game between calling
    stations at fixed stakes is a long random walk), or a tenth of the time fixed, with
    shorter stacks."""
    if rng.random() < 0.1:
        return small(RULESETS[rules_name], 3), None
    rules = small(RULESETS[rules_name], rng.choice([4, 8, 16]))
    steps: list[dict[str, object]] = [{}]
    for k in range(1, 10):
        step: dict[str, object] = {"blinds": [b << k for b in rules.blinds]}
        if rules.small_bet is not None:
            step |= {"small_bet": rules.small_bet << k, "big_bet": rules.units[2] << k}
        if rules.straddle:
            step["straddle"] = rules.straddle << k
        steps.append(step)
    return rules, Levels(steps, every=rng.choice([3, 6, 10]))


def seat(rng: random.Random) -> Player:
    return RandomBot(seed=rng.getrandbits(32)) if rng.random() < 0.6 else CallingStation()


def check_freeze_out(table: Table, runner: Runner) -> int:
    """Play the game hand by hand, checking everything after each; returns the hands."""
    n = table.size
    total = sum(table.initial_stacks)
    out_at: dict[int, int] = {}
    start_stacks: dict[int, tuple[int, ...]] = {}
    previous = None
    while not table.is_over:
        runner.play_hand()
        start = table.hand_start
        start_stacks[start.number] = start.stacks
        stacks = table.stacks
        # not a chip created or lost; nobody below zero
        assert sum(stacks) == total and min(stacks) >= 0
        # only seats with chips are dealt in; the button is on one of them and moved on
        assert start.seats == tuple(t for t in range(n) if start.stacks[t] > 0)
        assert start.button in start.seats
        if previous is not None:
            alive = [(previous + k) % n for k in range(1, n + 1)]
            assert start.button == next(t for t in alive if start.stacks[t] > 0)
        previous = start.button
        for t in start.seats:
            if stacks[t] == 0:
                out_at[t] = start.number
        assert table.out == tuple(stacks[t] == 0 for t in range(n))
    # one winner with every chip
    winner = table.out.index(False)
    assert table.stacks[winner] == total and table.out.count(False) == 1
    standings = {s.seat: s for s in table.standings}
    assert sorted(standings) == list(range(n))
    assert standings[winner].place == 1 and [s.place for s in table.standings].count(1) == 1
    # the game ends with the hand its last opponent goes out in, not a hand sooner or later
    assert max(s.hand for t, s in standings.items() if t != winner) == table.hand_number
    # the finishing order: out later is placed higher; out in the same hand, by chips
    for a, sa in standings.items():
        for b, sb in standings.items():
            if a == winner or b == winner:
                continue
            assert sa.hand == out_at[a]
            if out_at[a] > out_at[b]:
                assert sa.place < sb.place
            elif out_at[a] == out_at[b]:
                chips_a = start_stacks[out_at[a]][a]
                chips_b = start_stacks[out_at[b]][b]
                assert (sa.place < sb.place) == (chips_a > chips_b)
                assert (sa.place == sb.place) == (chips_a == chips_b)
    # places are those left when the seat went out
    for t, s in standings.items():
        if t != winner:
            left = sum(1 for u in range(n) if out_at.get(u, 10**9) > out_at[t])
            better = sum(1 for u in range(n) if out_at.get(u) == out_at[t]
                         and start_stacks[out_at[t]][u] > start_stacks[out_at[t]][t])  # fmt: skip
            assert s.place == left + 1 + better
    return table.hand_number


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_freeze_outs_conserve_chips_and_end_with_one_winner(name: str, chunk: int) -> None:
    rng = random.Random(f"{name}/{chunk}")
    games = GAMES[name] // CHUNKS
    hands = 0
    sizes = set()
    for _ in range(games):
        n = rng.randint(2, 14) if rng.random() < 0.3 else rng.randint(2, 6)
        sizes.add(n)
        rules, levels = stakes(name, rng)
        button = rng.choice([0, FirstButton.RANDOM, FirstButton.FIRST_JACK])
        table = Table(rules, n, rng=random.Random(rng.getrandbits(64)), button=button,
                      levels=levels)  # fmt: skip
        players = [seat(rng) for _ in range(n)]
        faults: list[object] = []
        runner = Runner(table, players, on_fault=faults.append)
        hands += check_freeze_out(table, runner)
        assert faults == []
    assert hands > games
    assert 2 in sizes and max(sizes) >= 10


def test_a_short_freeze_out_checks_out() -> None:
    rng = random.Random(1)
    rules, _ = stakes("computer-tournament", rng)
    table = Table(rules, 5, rng=random.Random(2), button=FirstButton.FIRST_JACK)
    assert check_freeze_out(table, Runner(table, [RandomBot(i) for i in range(5)])) > 1
