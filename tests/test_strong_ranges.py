"""The strong bot's ranges, exactly: the weighted quantile on small rankings worked by
hand, the soft step's ramp, a player's chance to go on, the band each action takes, and
the narrowing of a range by a bet, a raise, a call and a check, pre-flop and after the
flop, at full and partial belief, against the module's definition written out again."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.engine import ActionKind as K
from pokerroom.players.strong.ranges import Continuing, Ranking, band_of, narrow, weighted_quantile
from pokerroom.players.strong.stats import Profile
from pokerroom.players.strong.tracker import Move


def test_a_ranking_orders_its_scores_ties_in_place() -> None:
    r = Ranking(np.array([0.3, 0.1, 0.3, 0.2, 0.1]))
    assert r.order.tolist() == [1, 4, 3, 0, 2]
    # 1,326 scores of 13 values in a shuffled order: each value's hands in index order
    scores = np.random.default_rng(1).permutation(np.arange(1326) % 13) / 12
    order = Ranking(scores).order
    expected = [i for v in range(13) for i in range(1326) if scores[i] == v / 12]
    assert order.tolist() == expected


def test_the_weighted_quantile_by_hand() -> None:
    """Scores 0.3, 0.1, 0.2, 0.4 with weights 1, 2, 3, 4: in score order the weights are
    2, 3, 1, 4 (running total 2, 5, 6, 10); the quantile q is the score of the first hand
    whose running total reaches q times 10."""
    r = Ranking(np.array([0.3, 0.1, 0.2, 0.4]))
    w = np.array([1.0, 2.0, 3.0, 4.0])
    at = [weighted_quantile(r, w, q) for q in (0.0, 0.2, 0.21, 0.5, 0.55, 0.6, 0.61, 1.0, 1.5)]
    assert at == [0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4, 0.4]
    # the running total given is the one used
    assert weighted_quantile(r, w, 0.5, np.array([0.0, 0.0, 0.0, 4.0])) == 0.4
    # weights of a total below 1 are read the same way
    assert weighted_quantile(r, w / 10, 0.5) == weighted_quantile(r, w / 20, 0.5) == 0.2
    # no weight at all: the middle
    assert weighted_quantile(r, np.zeros(4), 0.3) == 0.5
    assert weighted_quantile(r, w, 0.3, np.zeros(0)) == 0.5


def _ramp(scores: np.ndarray, at: float, width: float) -> np.ndarray:
    return np.clip((scores - at) / (4 * width) + 0.5, 0.0, 1.0)


def test_a_player_goes_on_with_the_hands_above_its_folds() -> None:
    """Folding 40% of a range weighted 1 on scores 0, 0.1, ..., 0.9 (cut at 0.3), believed
    0.8: 0.8 times a ramp 0.28 wide around 0.3 plus 0.2 times 0.6."""
    scores = np.arange(10) / 10
    c = Continuing(Ranking(scores), np.ones(10), fold=0.4, belief=0.8)
    assert (c.edge, c.fold, c.belief) == (0.3, 0.4, 0.8)
    expected = 0.8 * np.array([0, 0, 0.5 - 0.1 / 0.28, 0.5, 0.5 + 0.1 / 0.28, 1, 1, 1, 1, 1])
    expected += 0.2 * 0.6
    assert c.at() == pytest.approx(expected, abs=1e-12)
    rows = np.array([3, 9, 0], dtype=np.intp)
    assert c.at(rows) == pytest.approx(expected[rows], abs=1e-12)
    assert c.at()[2] == pytest.approx(0.8 * _ramp(np.array([0.2]), 0.3, 0.07)[0] + 0.12)


def _move(kind: K, street: int = 0, raises: int = 0) -> Move:
    return Move(1, street, kind, raises > 0, 2, 6, 4, raises)


def test_the_band_of_each_action() -> None:
    """At four players a new player's open pre-flop is fold 0.6, limp 0.12, raise 0.28;
    facing a bet after the flop fold 0.42, call 0.45, raise 0.13."""
    p = Profile(players=4)
    assert band_of(_move(K.RAISE), p) == pytest.approx((0.0, 0.28))
    assert band_of(_move(K.BET, 1), p) == pytest.approx((0.0, 0.45))
    assert band_of(_move(K.CALL), p) == pytest.approx((0.28, 0.40))
    assert band_of(_move(K.CALL, 2, 1), p) == pytest.approx((0.13, 0.58))
    assert band_of(_move(K.CHECK, 1), p) == pytest.approx((0.45, 1.0))
    assert band_of(_move(K.FOLD, 0, 1), p) == pytest.approx((0.45, 1.0))
    # a player who always calls: the band under its (never) raises reaches the bottom
    p = Profile(players=4)
    p.counts[4] = [0.0, 1e9, 0.0]
    assert band_of(_move(K.CALL, 1, 1), p) == pytest.approx((0.0, 1.0), abs=1e-8)


# the module's constants, read from its documentation: the ramp 0.05 wide pre-flop and 0.07
# after; a bet keeps 0.04 (pre-flop) or 0.12 (after) times 2(1 - belief) plus 0.01 of its
# weakest hands; a call keeps 0.3 above its band; a check 0.25 of its top
WIDTH, BLUFFS, SLOW, TRAPS = (0.05, 0.07), (0.04, 0.12), 0.3, 0.25


def _quantile(scores: np.ndarray, weights: np.ndarray, q: float) -> float:
    """The lowest score whose weight at or below it reaches q of the total (brute force)."""
    total = weights.sum()
    for s in sorted(set(scores.tolist())):
        if weights[scores <= s].sum() >= q * total:
            return float(s)
    return float(scores.max())


def _narrowed(weights: np.ndarray, scores: np.ndarray, kind: K, street: int,
              band: tuple[float, float], belief: float) -> np.ndarray:  # fmt: skip
    post = int(street > 0)
    start, end = band
    if kind in (K.BET, K.RAISE):
        floor = BLUFFS[post] * 2 * (1 - belief) + 0.01
        top = _quantile(scores, weights, 1 - end)
        like = floor + (1 - floor) * _ramp(scores, top, WIDTH[post])
    elif kind is K.CALL:
        like = _ramp(scores, _quantile(scores, weights, 1 - end), WIDTH[post])
        if start > 0:
            high = _quantile(scores, weights, 1 - start)
            like = like * (1 - (1 - SLOW) * _ramp(scores, high, WIDTH[post]))
    else:
        high = _quantile(scores, weights, 1 - start) if start > 0 else 1.0
        like = 1 - (1 - TRAPS) * _ramp(scores, high, WIDTH[post])
    return weights * ((1 - belief) * (end - start) + belief * like)


def _profile(pre: float, post: float) -> Profile:
    """A profile believed ``pre`` before the flop and ``post`` after it."""
    p = Profile(players=4)
    p.honest = [pre - 0.85, 0.0, post - 0.85, 0.0]
    assert p.honesty(preflop=True) == pytest.approx(pre)
    assert p.honesty(preflop=False) == pytest.approx(post)
    return p


CASES = [(K.RAISE, 0, 0), (K.BET, 1, 0), (K.RAISE, 2, 1), (K.CALL, 0, 0), (K.CALL, 0, 1),
         (K.CALL, 3, 1), (K.CHECK, 1, 0), (K.FOLD, 0, 1), (K.CHECK, 0, 0)]  # fmt: skip


@pytest.mark.parametrize(("kind", "street", "raises"), CASES)
@pytest.mark.parametrize(("pre", "post"), [(1.0, 0.5), (0.5, 1.0), (0.7, 0.7)])
def test_a_range_is_narrowed_as_defined(
    kind: K, street: int, raises: int, pre: float, post: float
) -> None:
    """50 hands of scores 0, 0.02, ..., 0.98, weighted unevenly, narrowed by each action
    with the player's belief of its street; a fold leaves the range as it was."""
    scores = np.arange(50) / 50
    rng = np.random.default_rng(5)
    start = rng.uniform(0.2, 1.0, 50)
    weights = start.copy()
    profile = _profile(pre, post)
    belief = pre if street == 0 else post
    move = _move(kind, street, raises)
    narrow(weights, move, Ranking(scores), profile)
    if kind is K.FOLD:
        assert weights.tolist() == start.tolist()
        return
    expected = _narrowed(start, scores, kind, street, band_of(move, profile), belief)
    assert weights == pytest.approx(expected, rel=1e-12, abs=1e-15)


def test_a_raise_keeps_the_top_and_a_few_bluffs_by_hand() -> None:
    """Believed fully, a pre-flop open raise (28% at four players) on 101 hands weighted
    1 and scored 0, 0.01, ..., 1 keeps the top: the cut at the first hand with 72.72 hands
    at or below it (hand 72), a ramp 0.2 wide around it; the weakest keep 0.01 and the
    band's width is not used."""
    scores = np.arange(101) / 100
    w = np.ones(101)
    narrow(w, _move(K.RAISE), Ranking(scores), _profile(1.0, 1.0))
    assert w[:63].tolist() == pytest.approx([0.01] * 63)
    assert w[72] == pytest.approx(0.01 + 0.99 * 0.5)
    assert w[67] == pytest.approx(0.01 + 0.99 * 0.25)
    assert w[82:].tolist() == pytest.approx([1.0] * 19)
    # believed half after the flop: a bet (45%) cut at hand 55, a ramp 0.28 wide, keeps
    # 0.12 + 0.01 of the weakest, and half of the band's width everywhere
    w = np.ones(101)
    narrow(w, _move(K.BET, 1), Ranking(scores), _profile(1.0, 0.5))
    assert w[0] == pytest.approx(0.5 * 0.45 + 0.5 * 0.13)
    assert w[100] == pytest.approx(0.5 * 0.45 + 0.5 * 1.0)
    assert w[55] == pytest.approx(0.5 * 0.45 + 0.5 * (0.13 + 0.87 * 0.5))
    assert w[48] == pytest.approx(0.5 * 0.45 + 0.5 * (0.13 + 0.87 * 0.25))
