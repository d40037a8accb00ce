"""Monte Carlo equity: within its stated error of the exact answer, seeded, stoppable; and
the dealing underneath it exactly uniform."""

from __future__ import annotations

import re
from collections import Counter
from itertools import count

import numpy as np
import pytest

import pokerroom.equity.calculator as calculator
import pokerroom.equity.montecarlo as montecarlo
from pokerroom.equity import EquityResult, equity
from pokerroom.equity.montecarlo import (
    BATCH,
    _uniform,
    _uniform_exact,
    deal,
    lemire,
    standard_errors,
)

SPOTS = [
    (["AhKh", "QsQc"], "", ""),
    (["QQ+, AKs", "random"], "Ks7d2c", ""),
    (["AKs:0.5, QQ", "JJ+, AQ:0.3", "77"], "2h7h9c", "Ac"),
    (["AA, KK", "AK", "QQ+, 72o"], "2h7h9c", ""),
]


def _runs_agree_with_exact(
    players: list[str], board: str, dead: str, exact: EquityResult
) -> None:
    """20 seeded runs: at least 85% of the estimates within two stated standard errors of
    the exact equity (95% expected), none beyond four, and the spread of the estimates
    matching the stated error."""
    z: list[float] = []
    firsts, errors = [], []
    for seed in range(20):
        r = equity(players, board, dead, samples=20_000, seed=seed)
        assert not r.exact and r.deals == 20_000
        for got, want in zip(r.players, exact.players, strict=True):
            assert got.std_error > 0
            z.append((got.equity - want.equity) / got.std_error)
        firsts.append(r.players[0].equity)
        errors.append(r.players[0].std_error)
    zs = np.abs(np.array(z))
    assert np.mean(zs <= 2) >= 0.85, zs
    assert zs.max() <= 4
    assert 0.5 <= np.std(firsts, ddof=1) / np.mean(errors) <= 1.6


@pytest.mark.parametrize(("players", "board", "dead"), SPOTS)
def test_monte_carlo_lies_within_its_stated_error(
    players: list[str], board: str, dead: str
) -> None:
    _runs_agree_with_exact(players, board, dead, equity(players, board, dead, exact=True))


@pytest.mark.parametrize(("players", "board", "dead"), SPOTS[1:])
def test_rejection_sampling_of_ranges_lies_within_its_stated_error(
    players: list[str], board: str, dead: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the holdings not listed, each range is drawn on its own and clashing holdings
    are redrawn whole: the same joint distribution."""
    exact = equity(players, board, dead, exact=True)
    monkeypatch.setattr(calculator, "HOLDING_LIMIT", 1)
    _runs_agree_with_exact(players, board, dead, exact)


def test_drawing_from_many_weighted_holdings_lies_within_its_stated_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spot = (["AKs:0.5, QQ", "JJ+, AQ:0.3", "77"], "2h7h9c", "Ac")
    monkeypatch.setattr(montecarlo, "_SEARCH_HOLDINGS", 1)  # listed, but too many to search
    _runs_agree_with_exact(*spot, equity(*spot, exact=True))


@pytest.mark.parametrize("players", [3, 4, 10])
def test_monte_carlo_splits_a_pot_k_ways_as_k_shares(players: int) -> None:
    """On a board that plays (a royal flush) every deal is a split among all the players:
    each share is exactly 1/k, with no error at all."""
    hands = ["2c3d", "4c5d", "6c7d", "8c9d", "2h3h", "4h5h", "6h7h", "8h9h", "2d3c", "4d5c"]
    r = equity(hands[:players], "AsKsQsJsTs", samples=3000, seed=1)
    assert not r.exact and r.deals == 3000
    for p in r.players:
        assert (p.win, p.tie, p.equity, p.std_error) == (0.0, 1.0, pytest.approx(1 / players),
                                                         pytest.approx(0.0, abs=1e-12))


def test_monte_carlo_three_way_splits_preflop_share_the_pot_exactly() -> None:
    """Three suited ace-kings pre-flop split most pots two or three ways; every deal hands
    out exactly one pot, so the estimates add up to 1, and each lies near the third the
    suit symmetry gives it."""
    r = equity(["AhKh", "AdKd", "AcKc"], samples=20_000, seed=5)
    assert sum(p.equity for p in r.players) == pytest.approx(1.0, abs=1e-12)
    for p in r.players:
        assert abs(p.equity - 1 / 3) <= 4 * p.std_error


def test_two_possible_holdings_are_both_drawn() -> None:
    players = ["AsAh, 7s2h", "QdQc"]
    exact = equity(players, exact=True).players[0].equity
    r = equity(players, samples=20_000, seed=4).players[0]
    assert abs(r.equity - exact) <= 4 * r.std_error


def test_stated_error_is_the_spread_of_every_deal_over_all_batches() -> None:
    """AhKh against QsQc: a deal's share is 1, 1/2 or 0, with the exact chances of
    787,966 and 6,732 in 1,712,304; its standard deviation over sqrt(deals) is the error
    three batches must state."""
    win, tie = 787_966 / 1_712_304, 6_732 / 1_712_304
    mean = win + tie / 2
    sd = np.sqrt(win + tie / 4 - mean**2)
    deals = 3 * BATCH
    r = equity(["AhKh", "QsQc"], samples=deals, seed=8)
    for p in r.players:
        assert p.std_error == pytest.approx(sd / np.sqrt(deals), rel=0.02)


def test_standard_errors_of_known_shares() -> None:
    """Shares 1, 0, 1/2, 1/3 (won, lost, split two ways, three ways): the standard
    error is the sample standard deviation (n - 1) over sqrt(n)."""
    counts = np.array([[0.0, 1, 1, 1]])  # per player: pots won alone, split 2 and 3 ways
    shares = [1, 0, 1 / 2, 1 / 3]
    squares = np.array([sum(s * s for s in shares)])
    want = np.std(shares, ddof=1) / 2
    assert standard_errors(counts, squares, 4)[0] == pytest.approx(want, abs=1e-15)
    # two deals, one won and one lost: |1 - 0| / 2
    assert standard_errors(np.array([[0.0, 1, 0]]), np.array([1.0]), 2)[0] == pytest.approx(0.5)
    # one deal: no spread
    assert standard_errors(np.array([[0.0, 1, 0]]), np.array([1.0]), 1)[0] == 0.0


def test_progress_reports_every_batch() -> None:
    calls: list[tuple[int, int | None]] = []
    equity(["AA", "KK"], samples=2 * BATCH + 5, seed=1,
           progress=lambda done, total: calls.append((done, total)))
    assert calls == [(BATCH, 2 * BATCH + 5), (2 * BATCH, 2 * BATCH + 5),
                     (2 * BATCH + 5, 2 * BATCH + 5)]
    calls.clear()
    equity(["AA", "KK"], target_error=0.01, seed=1,
           progress=lambda done, total: calls.append((done, total)))
    assert calls == [(BATCH, None)]  # open-ended: no total


def test_same_seed_same_answer_and_the_generator_is_the_only_source() -> None:
    a = equity(["QQ+, AKs", "random"], "Ks7d2c", samples=5000, seed=42)
    b = equity(["QQ+, AKs", "random"], "Ks7d2c", samples=5000, seed=42)
    c = equity(["QQ+, AKs", "random"], "Ks7d2c", samples=5000, seed=43)
    assert a == b and a != c
    g1, g2 = np.random.default_rng(9), np.random.default_rng(9)
    assert equity(["AA", "KK"], samples=3000, rng=g1) == equity(["AA", "KK"], samples=3000, rng=g2)
    assert equity(["AA", "KK"], samples=3000, rng=g1) != equity(["AA", "KK"], samples=3000,
                                                               rng=np.random.default_rng(9))


def test_stops_at_the_sample_count() -> None:
    for n in (1, 999, BATCH, BATCH + 1, 3 * BATCH - 7):
        assert equity(["AhKh", "QsQc"], samples=n, seed=1).deals == n


def test_stops_once_the_target_error_is_reached() -> None:
    r = equity(["AhKh", "QsQc"], target_error=0.001, seed=3)
    assert max(p.std_error for p in r.players) <= 0.001
    assert r.deals % BATCH == 0
    one_batch_less = equity(["AhKh", "QsQc"], samples=r.deals - BATCH, seed=3)
    assert max(p.std_error for p in one_batch_less.players) > 0.001


def test_stops_when_the_callers_clock_says_the_time_is_spent() -> None:
    ticks = count()
    r = equity(["AA", "KK"], time_budget=1.5, clock=lambda: float(next(ticks)), seed=1)
    # the clock reads 0 at the start, 1 after the first batch, 2 after the second
    assert r.deals == 2 * BATCH


def test_the_time_budget_counts_from_the_clock_at_the_start() -> None:
    """A real clock does not start at 0; the run ends once exactly the budget is spent."""
    ticks = count(1000)
    r = equity(["AA", "KK"], time_budget=2.0, clock=lambda: float(next(ticks)), seed=1)
    # 1000 at the start, 1001 after the first batch, 1002 = the budget after the second
    assert r.deals == 2 * BATCH


def test_the_first_rule_to_hold_stops_the_run() -> None:
    r = equity(["AA", "KK"], samples=5000, target_error=1e-9, seed=1)
    assert r.deals == 5000


def test_lemire_maps_16_bits_to_exactly_uniform_values() -> None:
    every = np.arange(1 << 16, dtype=np.uint16)
    for n in range(1, 257):
        values, rejected = lemire(every, n)
        counts = np.bincount(values[~rejected], minlength=n)
        assert len(counts) == n and counts.min() == counts.max() == (1 << 16) // n


def test_values_lemire_rejects_are_drawn_again() -> None:
    """2**16 % 52 = 16 of the 65,536 raw values are rejected for 52 cards: those places get
    the values of the next bits, the others keep theirs."""
    rng, twin = np.random.default_rng(7), np.random.default_rng(7)
    out = _uniform_exact(rng, 52, 100_000)
    first, rejected = _uniform(twin, 52, 100_000)
    again, still = _uniform(twin, 52, int(rejected.sum()))
    assert 5 <= rejected.sum() <= 60 and not still.any()
    assert (out[~rejected] == first[~rejected]).all()
    assert (out[rejected] == again).all()


def test_deals_are_distinct_and_every_ordered_deal_equally_likely() -> None:
    rng = np.random.default_rng(2024)
    # many values with some taken: drawn row by row, not by the shuffle that knows no taken
    for n, k, taken_count in ((6, 3, 0), (6, 2, 1), (9, 9, 0), (10, 9, 0), (12, 9, 1)):
        size = 120_000
        taken = [np.full(size, 0, dtype=np.uint8)] if taken_count else []
        rows = deal(rng, n, k, size, taken)
        assert rows.shape == (k, size)
        cols = rows.T
        assert all(len(set(c)) == k for c in cols[:2000].tolist())
        if taken:
            assert not (rows == 0).any()
        # chi-square on the first two positions: every ordered pair of free values alike
        free = n - taken_count
        pairs = Counter(map(tuple, cols[:, :2].tolist()))
        assert len(pairs) == free * (free - 1)
        expected = size / len(pairs)
        chi2 = sum((c - expected) ** 2 / expected for c in pairs.values())
        dof = len(pairs) - 1
        assert chi2 < dof + 5 * np.sqrt(2 * dof)


def test_ranges_that_never_fit_together_are_refused_when_sampling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pokerroom.equity import EquityError

    monkeypatch.setattr(calculator, "HOLDING_LIMIT", 1)
    with pytest.raises(EquityError) as refused:
        equity(["AA", "AA", "AA"], samples=1024, seed=1)
    # given up at exactly 2**20 tries (1024 rounds of 1024), none accepted
    assert str(refused.value) == ("the ranges almost never fit together: 0 of 1048576 drawn "
                                  "holdings had no card twice")
    # two aces each, the third player kings at a weight of 1e-4 against aces: about 1 in
    # 60,000 draws fits, under the floor of 1 in 10,000
    with pytest.raises(EquityError) as rare:
        equity(["AA", "AA", "AA, KK:0.0001"], samples=1024, seed=1)
    fit = re.fullmatch(r"the ranges almost never fit together: (\d+) of (\d+) drawn "
                       r"holdings had no card twice", str(rare.value))
    assert fit, rare.value
    accepted, tries = int(fit[1]), int(fit[2])
    assert 1 << 20 <= tries < (1 << 20) + 1024 and 0 < accepted < 1e-4 * tries
