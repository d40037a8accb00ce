"""The card features (pokerroom.solver.features) against answers worked out by hand or
board by board without the canonical boards: the levels at their boundaries, every
hand's class, the stages' histograms cell by cell with weights other than one, their
progress reports, and ``build_features`` wired from the stages on a few flops."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.ranges import COMBO_COUNT
from pokerroom.solver import features
from pokerroom.solver.features import (
    DEAD,
    FLOP_DEN,
    LEVELS,
    TURN_DEN,
    build_features,
    class_of_combo,
    flop_level,
    flop_table,
    river_level,
    river_table,
    turn_level,
    turn_table,
)
from pokerroom.solver.strength import combos, river_strengths
from pokerroom.solver.suits import unpack
from pokerroom.starting import ALL_CLASSES, HandClass
from test_solver_features import _codes, _keys, _next


def _unpacked(keys: np.ndarray, k: int) -> np.ndarray:
    return np.array([unpack(int(key), k) for key in keys], dtype=np.intp).reshape(-1, k)


def _turn_totals(board: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Each hand's sum of squared strengths over the rivers of the turn ``board`` (-1 where
    it shares a card with it), each river scored as it is; and the strengths (48, 1326)."""
    s = river_strengths(_next(board)).astype(np.int64)
    total = np.where(s >= 0, s * s, 0).sum(axis=0)
    pairs, _ = combos()
    dead = np.isin(pairs, board).any(axis=1)
    return np.where(dead, -1, total), s


def test_levels_at_their_boundaries() -> None:
    assert TURN_DEN == 46 * 1980 * 1980 == 180_338_400 and FLOP_DEN == 47 * TURN_DEN
    assert river_level(np.array([0, 1, 2, 990, 1979, 1980])).tolist() == [0, 0, 1, 499, 998, 999]
    assert turn_level(np.array([0, 180_338, 180_339, 90_169_200, TURN_DEN])).tolist() == [
        0, 0, 1, 499, 999]  # fmt: skip
    assert flop_level(np.array([8_475_904, 8_475_905, FLOP_DEN])).tolist() == [0, 1, 999]
    for level in (river_level(7), turn_level(7), flop_level(7)):
        assert level.dtype == np.int64 and level.shape == ()
    # large totals stay exact (int64): a flop total near the top is not rounded
    assert flop_level(FLOP_DEN - 1) == 999 and flop_level(FLOP_DEN // 2) == 499


def test_levels_of_narrow_integers_and_at_the_top_boundaries() -> None:
    """Strengths come as int16 and totals may come narrow: the level is worked out in int64
    all the same (1,980 x 1,000 overflows int16); and level 999 starts exactly at
    ceil(999 (den + 1) / 1000), which a denominator one larger would move up by one."""
    assert river_level(np.array([1980, 1979, 990], dtype=np.int16)).tolist() == [999, 998, 499]
    assert turn_level(np.array([TURN_DEN, 180_339], dtype=np.int32)).tolist() == [999, 1]
    assert flop_level(np.array([8_475_904, 8_475_905], dtype=np.int32)).tolist() == [0, 1]
    # 999 x 180,338,401 / 1000 = 180,158,062.599 and 999 x 8,475,904,801 / 1000 =
    # 8,467,428,896.199: the first totals of level 999
    assert turn_level(np.array([180_158_062, 180_158_063])).tolist() == [998, 999]
    assert flop_level(np.array([8_467_428_896, 8_467_428_897])).tolist() == [998, 999]


def test_every_combination_has_its_starting_hands_class() -> None:
    classes = class_of_combo()
    pairs, _ = combos()
    assert classes.shape == (COMBO_COUNT,) and classes.dtype == np.intp
    for combo in range(COMBO_COUNT):
        a, b = int(pairs[combo, 0]), int(pairs[combo, 1])
        assert ALL_CLASSES[classes[combo]] == HandClass.of(a, b)
    counts = np.bincount(classes, minlength=len(ALL_CLASSES))
    assert counts.tolist() == [c.combo_count for c in ALL_CLASSES]
    aces = int(combos()[1][_codes("As")[0], _codes("Ah")[0]])
    assert ALL_CLASSES[classes[aces]] == HandClass.parse("AA")


def test_river_table_reports_each_batch() -> None:
    rng = np.random.default_rng(2)
    boards = np.array([rng.choice(52, 5, replace=False) for _ in range(5)], dtype=np.intp)
    reports: list[tuple[str, int, int]] = []
    table = river_table(boards, batch=2, report=lambda *r: reports.append(r))
    assert reports == [("river strengths", 2, 5), ("river strengths", 4, 5),
                       ("river strengths", 5, 5)]  # fmt: skip
    assert np.array_equal(table, river_strengths(boards))


def _rivers_after(turns: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """The canonical rivers after ``turns`` and their strengths (stage 1)."""
    keys = _keys(np.concatenate([_next(t) for t in turns]))
    return keys, river_table(_unpacked(keys, 5))


def test_turn_table_weighs_each_deal_into_its_cell() -> None:
    """Two turn boards (neither canonical) of weights 3 and 5, one at a time: every live
    hand's total, and each (hand, river) deal counted once at (its turn level, its river
    level) with its board's weight."""
    turns = [_codes("Kd 7h 7c 2s"), _codes("9c 8c 2h Jd")]
    river_keys, strengths = _rivers_after(turns)
    reports: list[tuple[str, int, int]] = []
    got = turn_table(np.array(turns, dtype=np.intp), np.array([3, 5], dtype=np.int64),
                     river_keys, strengths, step=1,
                     report=lambda *r: reports.append(r))  # fmt: skip
    assert reports == [("turn boards", 1, 2), ("turn boards", 2, 2)]
    expected = np.zeros((LEVELS, LEVELS))
    for row, (board, weight) in enumerate(zip(turns, (3, 5), strict=True)):
        totals, s = _turn_totals(board)
        assert np.array_equal(got.totals[row], totals)
        for combo in np.flatnonzero(totals >= 0):
            live = s[:, combo] >= 0
            assert live.sum() == 46
            for strength in s[live, combo]:
                expected[turn_level(totals[combo]), river_level(strength)] += weight
    assert np.array_equal(got.turn_river, expected.ravel())
    assert got.turn_river.sum() == (3 + 5) * (48 * 47 // 2) * 46


def test_turn_table_counts_rivers_of_strength_0() -> None:
    """Quads on the turn: on the river 2c the three pairs of twos left share cards with each
    other and lose to everything else (strength 0), yet each such deal is live and counted."""
    board = _codes("7c 7d 7h 7s")
    river_keys, strengths = _rivers_after([board])
    got = turn_table(np.array([board], dtype=np.intp), np.ones(1, dtype=np.int64), river_keys,
                     strengths)  # fmt: skip
    totals, s = _turn_totals(board)
    assert (s == 0).sum() >= 3
    assert np.array_equal(got.totals[0], totals)
    expected = np.zeros((LEVELS, LEVELS))
    for combo in np.flatnonzero(totals >= 0):
        live = s[:, combo] >= 0
        assert live.sum() == 46
        for strength in s[live, combo]:
            expected[turn_level(totals[combo]), river_level(strength)] += 1
    assert np.array_equal(got.turn_river, expected.ravel())


def test_river_and_turn_tables_batch_by_default(two_flops) -> None:  # type: ignore[no-untyped-def]
    """By default river boards go 512 at a time and turn boards 10 at a time."""
    turns = _unpacked(two_flops["turn_keys"][:11], 4)
    rivers = np.concatenate([_next(list(t)) for t in turns])
    assert len(rivers) == 11 * 48
    reports: list[tuple[str, int, int]] = []
    river_table(rivers, report=lambda *r: reports.append(r))
    assert reports == [("river strengths", 512, 528), ("river strengths", 528, 528)]
    river_keys, strengths = _rivers_after([list(t) for t in turns])
    reports.clear()
    turn_table(turns, np.ones(11, dtype=np.int64), river_keys, strengths,
               report=lambda *r: reports.append(r))  # fmt: skip
    assert reports == [("turn boards", 10, 11), ("turn boards", 11, 11)]


@pytest.fixture(scope="module")
def two_flops() -> dict[str, object]:
    """Two flops (one not canonical), with the canonical turns after them and their stage-2
    totals from the canonical rivers."""
    flops = [_codes("7c 7d 2h"), _codes("Qs Js 4d")]
    turn_keys = _keys(np.concatenate([_next(f) for f in flops]))
    turns = _unpacked(turn_keys, 4)
    river_keys, strengths = _rivers_after([list(t) for t in turns])
    table = turn_table(turns, np.ones(len(turns), dtype=np.int64), river_keys, strengths)
    return {"flops": flops, "turn_keys": turn_keys, "totals": table.totals}


def test_flop_table_weighs_each_hand_and_turn_into_its_cells(two_flops) -> None:  # type: ignore[no-untyped-def]
    flops, turn_keys, totals = two_flops["flops"], two_flops["turn_keys"], two_flops["totals"]
    reports: list[tuple[str, int, int]] = []
    got = flop_table(np.array(flops, dtype=np.intp), np.array([2, 7], dtype=np.int64),
                     turn_keys, totals, step=1, report=lambda *r: reports.append(r))  # fmt: skip
    assert reports == [("flops", 1, 2), ("flops", 2, 2)]
    kinds = len(ALL_CLASSES)
    flop_turn = np.zeros((LEVELS, LEVELS))
    preflop_flop = np.zeros((kinds, LEVELS))
    class_sum = np.zeros(kinds)
    class_weight = np.zeros(kinds)
    classes = class_of_combo()
    pairs, _ = combos()
    for row, (flop, weight) in enumerate(zip(flops, (2, 7), strict=True)):
        by_turn = np.array([_turn_totals([*flop, c])[0] for c in range(52) if c not in flop])
        dead = np.isin(pairs, flop).any(axis=1)
        total = np.where(by_turn >= 0, by_turn, 0).sum(axis=0)
        assert np.array_equal(got.levels[row][dead], np.full(dead.sum(), DEAD))
        assert np.array_equal(got.levels[row][~dead], flop_level(total[~dead]))
        for combo in np.flatnonzero(~dead):
            level = int(flop_level(total[combo]))
            turns = by_turn[:, combo][by_turn[:, combo] >= 0]
            assert len(turns) == 47
            for t in turns:
                flop_turn[level, turn_level(t)] += weight
            preflop_flop[classes[combo], level] += weight
            class_sum[classes[combo]] += weight * total[combo] / FLOP_DEN
            class_weight[classes[combo]] += weight
    assert got.levels.dtype == np.uint16
    assert np.array_equal(got.flop_turn, flop_turn.ravel())
    assert np.array_equal(got.preflop_flop, preflop_flop.ravel())
    assert np.array_equal(got.class_weight, class_weight)
    assert got.class_sum == pytest.approx(class_sum, rel=1e-12)
    assert class_weight.sum() == (2 + 7) * (49 * 48 // 2)


def test_flop_table_on_a_flop_that_leaves_no_22() -> None:
    """Three twos on the flop leave no combination of 22, the last class: its weight and
    sum are 0 and every class's weight is its live combinations."""
    flop = _codes("2c 2d 2h")
    turn_keys = _keys(_next(flop))
    turns = _unpacked(turn_keys, 4)
    river_keys, strengths = _rivers_after([list(t) for t in turns])
    totals = turn_table(turns, np.ones(len(turns), dtype=np.int64), river_keys, strengths).totals
    got = flop_table(np.array([flop], dtype=np.intp), np.ones(1, dtype=np.int64), turn_keys,
                     totals)  # fmt: skip
    pairs, _ = combos()
    live = ~np.isin(pairs, flop).any(axis=1)
    assert ALL_CLASSES[-1] == HandClass.parse("22")
    counts = np.bincount(class_of_combo()[live], minlength=len(ALL_CLASSES))
    assert counts[-1] == 0 and counts.sum() == 49 * 48 // 2
    assert np.array_equal(got.class_weight, counts)
    assert got.class_sum[-1] == 0 and (got.class_sum[:-1] > 0).all()


def test_flop_table_goes_10_flops_at_a_time_by_default(two_flops) -> None:  # type: ignore[no-untyped-def]
    flops = np.array([two_flops["flops"][i % 2] for i in range(11)], dtype=np.intp)
    reports: list[tuple[str, int, int]] = []
    got = flop_table(flops, np.ones(11, dtype=np.int64), two_flops["turn_keys"],
                     two_flops["totals"], report=lambda *r: reports.append(r))  # fmt: skip
    assert reports == [("flops", 10, 11), ("flops", 11, 11)]
    assert np.array_equal(got.levels[10], got.levels[0])


def _boards_after_two_flops(two_flops, monkeypatch) -> dict[int, tuple[np.ndarray, np.ndarray]]:  # type: ignore[no-untyped-def]
    """The canonical boards ``build_features`` enumerates replaced by those after two flops
    (weights 2 and 7 for the flops, 1 to 4 for the turns, 1 for the rivers)."""
    flops, turn_keys = two_flops["flops"], two_flops["turn_keys"]
    flop_keys = _keys(np.array(flops, dtype=np.intp))
    river_keys = _keys(np.concatenate([_next(list(t)) for t in _unpacked(turn_keys, 4)]))
    turn_weights = np.arange(1, len(turn_keys) + 1, dtype=np.int64) % 4 + 1
    chosen = {3: (flop_keys, np.array([2, 7], dtype=np.int64)), 4: (turn_keys, turn_weights),
              5: (river_keys, np.ones(len(river_keys), dtype=np.int64))}  # fmt: skip
    monkeypatch.setattr(features, "boards", lambda k: chosen[k])
    return chosen


def test_build_features_joins_the_three_stages(two_flops, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """``build_features`` over a few boards (the canonical boards it enumerates replaced by
    those after two flops, weights 2 and 7, then 1 each): the stages' results reshaped,
    the pre-flop E[HS²] each class's sum over its weight, and every stage's progress."""
    chosen = _boards_after_two_flops(two_flops, monkeypatch)
    (flop_keys, flop_weights), (turn_keys, turn_weights) = chosen[3], chosen[4]
    river_keys = chosen[5][0]
    turns = _unpacked(turn_keys, 4)
    reports: list[tuple[str, int, int]] = []
    got = build_features(lambda *r: reports.append(r), batch=98)
    strengths = river_table(_unpacked(river_keys, 5))
    stage2 = turn_table(turns, turn_weights, river_keys, strengths)
    stage3 = flop_table(_unpacked(flop_keys, 3), flop_weights, turn_keys, stage2.totals)
    kinds = len(ALL_CLASSES)
    assert np.array_equal(got.flop_keys, flop_keys)
    assert np.array_equal(got.flop_levels, stage3.levels)
    assert np.array_equal(got.preflop, stage3.class_sum / stage3.class_weight)
    assert got.preflop.shape == (kinds,)
    assert np.array_equal(got.preflop_flop, stage3.preflop_flop.reshape(kinds, LEVELS))
    assert np.array_equal(got.flop_turn, stage3.flop_turn.reshape(LEVELS, LEVELS))
    assert np.array_equal(got.turn_river, stage2.turn_river.reshape(LEVELS, LEVELS))
    n5, n4 = len(river_keys), len(turn_keys)
    # batches of 98 river boards, of 98 // 48 = 2 turns and of 98 // 49 = 2 flops
    assert reports == (
        [("river strengths", min(s + 98, n5), n5) for s in range(0, n5, 98)]
        + [("turn boards", min(s + 2, n4), n4) for s in range(0, n4, 2)]
        + [("flops", 2, 2)]
    )
    reports.clear()
    build_features(lambda *r: reports.append(r), batch=96)  # 96 // 49: one flop at a time
    assert [r for r in reports if r[0] != "river strengths"] == (
        [("turn boards", min(s + 2, n4), n4) for s in range(0, n4, 2)]
        + [("flops", 1, 2), ("flops", 2, 2)]
    )


def test_build_features_batches_by_default_and_below_96(two_flops, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """By default river boards go 512 at a time, turns 512 // 48 = 10 and flops 512 // 49 =
    10 at a time; below a batch of 96 the turns and flops go one at a time (the step at
    least 1, not 2)."""
    chosen = _boards_after_two_flops(two_flops, monkeypatch)
    n5, n4 = len(chosen[5][0]), len(chosen[4][0])
    assert n5 > 1024 and n4 > 20
    reports: list[tuple[str, int, int]] = []
    build_features(lambda *r: reports.append(r))
    assert reports == (
        [("river strengths", min(s + 512, n5), n5) for s in range(0, n5, 512)]
        + [("turn boards", min(s + 10, n4), n4) for s in range(0, n4, 10)]
        + [("flops", 2, 2)]
    )
    reports.clear()
    build_features(lambda *r: reports.append(r), batch=95)
    assert [r for r in reports if r[0] != "river strengths"] == (
        [("turn boards", s, n4) for s in range(1, n4 + 1)] + [("flops", 1, 2), ("flops", 2, 2)]
    )
