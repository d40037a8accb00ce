"""Card abstraction: exact hand strength, suit isomorphism, buckets and their tables."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.evaluator import rank7
from pokerroom.ranges import combo_index
from pokerroom.solver.abstraction import cut
from pokerroom.solver.features import LEVELS, flop_level, river_level, turn_level
from pokerroom.solver.files import DEFAULT_BUCKETS, abstraction_for
from pokerroom.solver.strength import TOP, combos, hand_strengths, river_strengths
from pokerroom.solver.suits import boards, canonical, card_maps, combo_maps


def _slow_strength(hole: tuple[int, int], board: list[int]) -> int:
    """2 x wins + ties against every opponent hand, one evaluation at a time."""
    mine = rank7([*hole, *board])
    rest = [c for c in range(52) if c not in board and c not in hole]
    total = 0
    count = 0
    for o in itertools.combinations(rest, 2):
        theirs = rank7([*o, *board])
        total += 2 if mine > theirs else 1 if mine == theirs else 0
        count += 1
    assert count == 990
    return total


def test_river_strengths_match_one_by_one_counting() -> None:
    rng = np.random.default_rng(3)
    pairs, _ = combos()
    checked = 0
    boards_ = np.array([rng.choice(52, 5, replace=False) for _ in range(4)])
    boards_[0] = parse_cards("Ah Kh Qh Jh 2c")  # flushes and straights
    boards_[1] = parse_cards("7c 7d 7h 2s 2d")  # the board plays for many hands
    strengths = river_strengths(boards_)
    for b, board in enumerate(boards_.tolist()):
        for combo in rng.choice(1326, 25, replace=False).tolist():
            hole = (int(pairs[combo, 0]), int(pairs[combo, 1]))
            if set(hole) & set(board):
                assert strengths[b, combo] == -1
                continue
            assert strengths[b, combo] == _slow_strength(hole, board)
            checked += 1
    assert checked > 60


def test_one_hands_strengths_are_those_of_all_hands() -> None:
    rng = np.random.default_rng(9)
    pairs, _ = combos()
    for combo in rng.choice(1326, 10, replace=False).tolist():
        rest = np.array([c for c in range(52) if c not in pairs[combo]])
        boards_ = np.array([rng.choice(rest, 5, replace=False) for _ in range(20)])
        assert np.array_equal(hand_strengths(combo, boards_), river_strengths(boards_)[:, combo])


def test_the_nuts_beat_every_hand_and_the_board_ties_all() -> None:
    s = river_strengths(np.array([parse_cards("As Ks Qs Js Ts")]))
    live = s[0][s[0] >= 0]
    assert len(live) == 1081 and np.all(live == 990)  # the board plays: every hand ties
    s = river_strengths(np.array([parse_cards("2c 7d 9h 4s Kd")]))
    assert s[0, combo_index(*parse_cards("Kh Kc"))] == TOP  # top set: no straight or flush
    assert s[0, combo_index(*parse_cards("9s 9c"))] == TOP - 2 * 3  # only KK's 3 combos win


def test_canonical_boards_are_one_per_suit_class() -> None:
    for k, count, total in ((3, 1755, 22100), (4, 16432, 270725)):
        keys, weights = boards(k)
        assert len(keys) == count and int(weights.sum()) == total


def test_each_canonical_flop_stands_for_the_flops_counted_one_by_one() -> None:
    """Every flop mapped to its canonical board, and the boards mapped to
    each counted: the counts ``boards`` gives, key by key (a total alone does not tell
    which board stands for how many).  By hand: a monotone flop stands for 4 (one per
    suit), a rainbow flop of three ranks for 24 (4 x 3 x 2), a flop of two suits for 12,
    trips for 4 (the suit left out)."""
    raw = np.array(list(itertools.combinations(range(52), 3)), dtype=np.intp)
    seen, counted = np.unique(canonical(raw)[0], return_counts=True)
    keys, weights = boards(3)
    assert weights.dtype == np.int64 and keys.dtype == np.int64
    assert np.array_equal(keys, seen) and np.array_equal(weights, counted)
    where = {int(key): int(n) for key, n in zip(keys, weights, strict=True)}
    for flop, n in (("2c 7c Kc", 4), ("2c 7d Kh", 24), ("2c 7c Kd", 12), ("9c 9d 9h", 4)):
        assert where[int(canonical(np.array([parse_cards(flop)]))[0][0])] == n, flop


@pytest.mark.slow
def test_canonical_river_boards() -> None:
    keys, weights = boards(5)
    assert len(keys) == 134459 and int(weights.sum()) == 2598960


def test_suit_permutations_map_boards_and_hands_alike() -> None:
    rng = np.random.default_rng(5)
    pairs, index = combos()
    for _ in range(50):
        cards = rng.choice(52, 5, replace=False)
        p = int(rng.integers(24))
        image = card_maps()[p][cards]
        for k in (3, 4, 5):
            assert canonical(cards[None, :k])[0][0] == canonical(image[None, :k])[0][0]
        combo = int(rng.integers(1326))
        a, b = card_maps()[p][pairs[combo]]
        assert combo_maps()[p, combo] == index[a, b]


def test_cut_makes_buckets_of_equal_mass() -> None:
    assert cut(np.ones(8), 4).tolist() == [0, 0, 1, 1, 2, 2, 3, 3]
    assert cut(np.array([1.0, 0.0, 0.0, 3.0]), 2).tolist() == [0, 0, 0, 1]
    levels = cut(np.random.default_rng(1).random(1000), 8)
    assert np.all(np.diff(levels) >= 0) and set(levels.tolist()) == set(range(8))


def test_levels_use_whole_numbers_to_the_top() -> None:
    assert river_level(TOP) == LEVELS - 1 and river_level(0) == 0
    assert turn_level(46 * TOP * TOP) == LEVELS - 1
    assert flop_level(47 * 46 * TOP * TOP) == LEVELS - 1


# ---------------------------------------------------------------- the shipped buckets


@pytest.fixture(scope="module")
def buckets():  # type: ignore[no-untyped-def]
    return abstraction_for(DEFAULT_BUCKETS)


def test_abstract_chance_is_a_distribution(buckets) -> None:  # type: ignore[no-untyped-def]
    assert buckets.sizes == DEFAULT_BUCKETS
    assert buckets.prior.sum() == pytest.approx(1.0)
    for t in buckets.transitions:
        assert np.allclose(t.sum(axis=1), 1.0)
    w = buckets.showdown
    assert np.allclose(w + w.T, 1.0)  # a pair of hands splits the pot between them
    assert np.all(np.diff(w, axis=0) >= -1e-9)  # a stronger bucket never does worse
    assert w[-1, 0] > 0.95 and w[0, -1] < 0.05


def test_flop_table_is_the_feature_computed_from_scratch(buckets) -> None:  # type: ignore[no-untyped-def]
    """The table (looked up through the canonical flop) against E[HS²] over all 1,081
    run-outs, for hands on flops that need every kind of suit permutation."""
    cases = [("Ah Kh", "2h 7h Jc"), ("7c 7d", "7s Kd 2c"), ("5s 4s", "6s 7d Kh"),
             ("Qd Jc", "Ts 9s 2s")]  # fmt: skip
    for hole_text, flop_text in cases:
        hole = tuple(parse_cards(hole_text))
        flop = parse_cards(flop_text)
        rest = [c for c in range(52) if c not in hole and c not in flop]
        runouts = np.array([[*flop, t, r] for t, r in itertools.combinations(rest, 2)])
        s = river_strengths(runouts)[:, combo_index(*hole)].astype(np.int64)
        total = 2 * int((s * s).sum())  # each (turn, river) pair is two ordered run-outs
        expected = int(buckets.flop_cuts[flop_level(total)])
        assert buckets.bucket((int(hole[0]), int(hole[1])), tuple(map(int, flop))) == expected


def test_buckets_order_hands_by_strength(buckets) -> None:  # type: ignore[no-untyped-def]
    def bucket(hole: str, board: str) -> int:
        h = parse_cards(hole)
        cards = parse_cards(board) if board else []
        return buckets.bucket((int(h[0]), int(h[1])), tuple(int(c) for c in cards))

    top = DEFAULT_BUCKETS[0] - 1
    assert bucket("As Ah", "") == top and bucket("Ks Kh", "") == top - 1
    assert bucket("7c 2d", "") < 5 < bucket("7c 2c", "")  # suited is worth more
    assert bucket("Kh Kc", "2c 7d 9h 4s Kd") == DEFAULT_BUCKETS[3] - 1
    assert bucket("3h 2c", "As Kd 9h 7s Qc") < 4
    assert bucket("Ah Kh", "Qh Jh 2c 3d") > bucket("4c 5d", "Qh Jh 2c 3d")
    with pytest.raises(ValueError, match="cards used twice"):
        bucket("Ah Kh", "Ah 2c 3d")


def test_transitions_agree_with_dealt_hands(buckets) -> None:  # type: ignore[no-untyped-def]
    """The transition matrices (exact, from the feature histograms) against buckets of
    randomly dealt hands computed in play: the expected next bucket given this one, on
    average over the deals, matches what the deals show."""
    rng = np.random.default_rng(17)
    deals = 600
    seen = {0: [], 1: [], 2: []}  # round r -> (bucket in r, bucket in r + 1) pairs
    for _ in range(deals):
        cards = [int(c) for c in rng.choice(52, 7, replace=False)]
        hole, board = (cards[0], cards[1]), cards[2:]
        b = [buckets.bucket(hole, tuple(board[:n])) for n in (0, 3, 4, 5)]
        for r in range(3):
            seen[r].append((b[r], b[r + 1]))
    for r, pairs in seen.items():
        now = np.array([p[0] for p in pairs])
        nxt = np.array([p[1] for p in pairs], dtype=np.float64)
        t = buckets.transitions[r]
        predicted = t[now] @ np.arange(t.shape[1])
        spread = np.sqrt((t[now] @ np.arange(t.shape[1]) ** 2 - predicted**2).sum()) / deals
        assert abs(nxt.mean() - predicted.mean()) < 4 * spread + 1e-9, r
        # and bucket by bucket the next bucket is centred where the matrix says
        assert np.corrcoef(predicted, nxt)[0, 1] > 0.3
