"""The three stages of the card features (solver/features.py) on one flop and what follows
it, against known answers: the nuts, the number of deals, and sums worked out board by
board without the canonical boards (suit isomorphism) the stages look up."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.solver.features import (
    DEAD,
    FLOP_DEN,
    LEVELS,
    TURN_DEN,
    class_of_combo,
    flop_level,
    flop_table,
    river_table,
    turn_level,
    turn_table,
)
from pokerroom.solver.strength import TOP, combos, river_strengths
from pokerroom.solver.suits import canonical, unpack
from pokerroom.starting import ALL_CLASSES, HandClass


def _codes(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def _next(board: list[int]) -> np.ndarray:
    """Every board of one card more (the cards not on it, ascending)."""
    return np.array([[*board, c] for c in range(52) if c not in board], dtype=np.intp)


def _keys(boards: np.ndarray) -> np.ndarray:
    """The sorted canonical keys of these boards."""
    key, _ = canonical(boards)
    return np.unique(key)


def _unpacked(keys: np.ndarray, k: int) -> np.ndarray:
    return np.array([unpack(int(key), k) for key in keys], dtype=np.intp)


class _Flop:
    """One flop and every canonical turn and river that can follow it, with the stages'
    tables over them."""

    def __init__(self, text: str) -> None:
        self.flop = _codes(text)
        self.turn_keys = _keys(_next(self.flop))
        turns = _unpacked(self.turn_keys, 4)
        self.river_keys = _keys(np.concatenate([_next(list(t)) for t in turns]))
        self.strengths = river_table(_unpacked(self.river_keys, 5), batch=300)
        self.turns = turn_table(turns, np.ones(len(turns), dtype=np.int64), self.river_keys,
                                self.strengths, step=7)  # fmt: skip

    def turn_totals(self, board: list[int]) -> np.ndarray:
        """Stage 2 on one turn board as it is (not canonical), weight 1."""
        one = turn_table(np.array([board], dtype=np.intp), np.ones(1, dtype=np.int64),
                         self.river_keys, self.strengths)  # fmt: skip
        return one.totals[0]


@pytest.fixture(scope="module")
def royal() -> _Flop:
    return _Flop("As Ks Qs")


def _combo(text: str) -> int:
    a, b = _codes(text)
    return int(combos()[1][a, b])


def test_river_table_is_the_strengths_with_dead_hands_marked() -> None:
    boards = np.array([_codes("As Ks Qs Js Ts"), _codes("2c 7d 9h Jd 3s")], dtype=np.intp)
    table = river_table(boards, batch=1)
    assert table.dtype == np.int16
    assert np.array_equal(table, river_strengths(boards))
    # on a royal flush board every live hand ties every other: strength 990 (= TOP / 2)
    live = table[0] >= 0
    assert live.sum() == 47 * 46 // 2
    assert set(table[0][live].tolist()) == {TOP // 2}
    assert table[1][_combo("2c 7d")] == -1  # shares the board's cards


def test_turn_totals_match_the_rivers_one_by_one(royal: _Flop) -> None:
    """A turn board that is not canonical: each hand's total is the sum over its 46
    rivers of the squared strength, each river board scored as it is."""
    board = _codes("As Ks Qs 7d")
    totals = royal.turn_totals(board)
    rivers = _next(board)
    strengths = river_strengths(rivers).astype(np.int64)  # (48, 1326)
    expected = np.where(strengths >= 0, strengths**2, 0).sum(axis=0)
    pairs, _ = combos()
    on_board = np.isin(pairs, board).any(axis=1)
    assert np.array_equal(totals[~on_board], expected[~on_board])
    assert (totals[on_board] == -1).all()
    assert (~on_board).sum() == 48 * 47 // 2


def test_the_nuts_on_every_river_are_the_top_level(royal: _Flop) -> None:
    totals = royal.turn_totals(_codes("As Ks Qs Js"))
    assert totals[_combo("Ts 2c")] == 46 * TOP * TOP == TURN_DEN  # a royal flush on every river
    assert turn_level(TURN_DEN) == LEVELS - 1
    # a hand that can only lose or tie never reaches it
    assert totals[_combo("2c 3d")] < TURN_DEN


def test_turn_histogram_counts_every_deal(royal: _Flop) -> None:
    """Weight 1 per canonical turn: each live hand (1,128 on a turn) with each of its 46
    rivers is one deal in the turn -> river histogram."""
    turns = len(royal.turn_keys)
    assert royal.turns.turn_river.sum() == turns * (48 * 47 // 2) * 46


def test_flop_table_on_the_royal_flop(royal: _Flop) -> None:
    flop = royal.flop
    out = flop_table(np.array([flop], dtype=np.intp), np.ones(1, dtype=np.int64),
                     royal.turn_keys, royal.turns.totals)  # fmt: skip
    levels = out.levels[0]
    pairs, _ = combos()
    on_board = np.isin(pairs, flop).any(axis=1)
    assert (levels[on_board] == DEAD).all()
    # the flop total of a hand: the sum of its turn totals over the 49 turns, each turn
    # board scored as it is
    by_turn = sum(np.maximum(royal.turn_totals([*flop, c]), 0) for c in range(52) if c not in flop)
    expected = flop_level(by_turn)
    assert np.array_equal(levels[~on_board], expected[~on_board].astype(np.uint16))
    # Js Ts: a royal flush whatever comes
    assert by_turn[_combo("Js Ts")] == FLOP_DEN
    assert levels[_combo("Js Ts")] == LEVELS - 1
    # every live hand (1,176) once in the pre-flop histogram, with its 47 turns in the
    # flop -> turn histogram
    live = 49 * 48 // 2
    assert out.class_weight.sum() == out.preflop_flop.sum() == live
    assert out.flop_turn.sum() == live * 47
    # the class sums are the hands' E[HS²]: Js Ts's class holds the royal flush's 1.0
    classes = class_of_combo()
    jt = ALL_CLASSES.index(HandClass.of(*_codes("Js Ts")))
    members = (classes == jt) & ~on_board
    assert out.class_weight[jt] == members.sum()
    assert out.class_sum[jt] == pytest.approx((by_turn[members] / FLOP_DEN).sum())
    assert (by_turn[members] <= FLOP_DEN).all()
