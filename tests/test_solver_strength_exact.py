"""Hand strength on river boards (pokerroom.solver.strength) against brute force: every hole
pair on a few boards, each scored by the evaluator and compared with every opponent
holding that does not share a card with it."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.evaluator import rank7
from pokerroom.ranges import COMBO_COUNT, combo_cards, combo_index
from pokerroom.solver.strength import (
    OPPONENTS,
    TOP,
    combos,
    hand_strengths,
    pair_values,
    river_strengths,
)

# a flush and straight board, a full house on the board, a dry board, four to a straight
BOARDS = ["Ah Kh Qh Jh 2c", "7c 7d 7h 2s 2d", "2c 7d 9h 4s Kd", "5s 6d 7c 8h Ac"]


def _codes(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def _brute(board: list[int]) -> np.ndarray:
    """2 x wins + ties of every hole pair (combination order; -1 if it shares a card with
    the board): every live pair valued by the evaluator, then compared with each live
    pair that shares no card with it."""
    values = np.full(COMBO_COUNT, -1, dtype=np.int64)
    cards = [combo_cards(i) for i in range(COMBO_COUNT)]
    live = [i for i in range(COMBO_COUNT) if not set(cards[i]) & set(board)]
    for i in live:
        values[i] = rank7([*cards[i], *board])
    out = np.full(COMBO_COUNT, -1, dtype=np.int64)
    v = values[live]
    held = np.array([cards[i] for i in live])
    clash = (held[:, None, 0] == held[None, :, 0]) | (held[:, None, 0] == held[None, :, 1])
    clash |= (held[:, None, 1] == held[None, :, 0]) | (held[:, None, 1] == held[None, :, 1])
    score = 2 * (v[:, None] > v[None, :]) + (v[:, None] == v[None, :])
    out[live] = np.where(clash, 0, score).sum(axis=1)
    return out


@pytest.fixture(scope="module")
def brute() -> dict[str, np.ndarray]:
    return {b: _brute(_codes(b)) for b in BOARDS}


def test_every_pair_on_every_board_at_once_is_the_brute_force(brute) -> None:  # type: ignore[no-untyped-def]
    boards = np.array([_codes(b) for b in BOARDS])
    got = river_strengths(boards)
    assert got.dtype == np.int32 and got.shape == (len(BOARDS), COMBO_COUNT)
    for row, b in enumerate(BOARDS):
        assert np.array_equal(got[row], brute[b]), b
    # one board alone is the same row (no board's counts reach another's)
    assert np.array_equal(river_strengths(boards[2:3])[0], brute[BOARDS[2]])


def test_the_strengths_count_every_opponent_holding(brute) -> None:  # type: ignore[no-untyped-def]
    for b in BOARDS:
        live = brute[b] >= 0
        assert live.sum() == 47 * 46 // 2
        assert brute[b].max() <= TOP == 2 * OPPONENTS == 1980
    # on the dry board top set beats all 990 holdings; bottom set loses to the 3 sets of
    # kings, of nines, of sevens and of fours each, and ties no holding it shares no
    # card with
    dry = brute["2c 7d 9h 4s Kd"]
    assert dry[combo_index(*parse_cards("Kh Kc"))] == TOP
    assert dry[combo_index(*parse_cards("2d 2h"))] == TOP - 2 * 4 * 3


def test_one_pairs_strength_is_its_column_for_every_pair(brute) -> None:  # type: ignore[no-untyped-def]
    boards = np.array([_codes(b) for b in BOARDS])
    for combo in range(0, COMBO_COUNT, 7):
        a, b = combo_cards(combo)
        keep = [i for i, board in enumerate(boards.tolist()) if a not in board and b not in board]
        got = hand_strengths(combo, boards[keep])
        assert got.dtype == np.int64
        assert got.tolist() == [int(brute[BOARDS[i]][combo]) for i in keep], combo


def test_pair_values_are_the_evaluators() -> None:
    board = _codes("Ah Kh Qh Jh 2c")
    values = pair_values(np.array([board, _codes("7c 7d 7h 2s 2d")]))
    assert values.dtype == np.int32 and values.shape == (2, COMBO_COUNT)
    for combo in range(0, COMBO_COUNT, 5):
        cards = combo_cards(combo)
        if set(cards) & set(board):
            continue
        assert values[0, combo] == rank7([*cards, *board]), combo


def test_combos_are_the_combination_order_both_ways() -> None:
    pairs, index = combos()
    assert pairs.shape == (COMBO_COUNT, 2) and index.shape == (52, 52)
    assert pairs.dtype == np.intp and index.dtype == np.intp
    for combo in range(COMBO_COUNT):
        a, b = combo_cards(combo)
        assert (int(pairs[combo, 0]), int(pairs[combo, 1])) == (a, b)
        assert a > b and index[a, b] == index[b, a] == combo
    assert np.diagonal(index).tolist() == [-1] * 52
    assert not pairs.flags.writeable and not index.flags.writeable
    # every ordered pair of two cards is some combination, each reached twice
    off = ~np.eye(52, dtype=bool)
    assert np.array_equal(np.sort(index[off]), np.repeat(np.arange(COMBO_COUNT), 2))


def test_many_boards_and_ties_count_alike() -> None:
    """Twelve boards at once (more rows than one packed key's low bits hold) against the
    brute force on the first, middle and last, where one board is the nuts for all."""
    rng = np.random.default_rng(31)
    boards = np.array([rng.choice(52, 5, replace=False) for _ in range(12)])
    boards[5] = _codes("As Ks Qs Js Ts")
    got = river_strengths(boards)
    for row in (0, 5, 11):
        assert np.array_equal(got[row], _brute(boards[row].tolist())), row
    assert set(got[5][got[5] >= 0].tolist()) == {OPPONENTS}
    for row, combo in itertools.product(range(12), (0, 700, 1325)):
        if set(combo_cards(combo)) & set(boards[row].tolist()):
            assert got[row, combo] == -1


def test_counts_within_rows_of_every_width_against_counting_one_by_one() -> None:
    """The packed sort behind the strengths, for rows of 1 to 9 entries (the strengths use
    rows of 52 and 1,326): each entry's count of smaller and of equal entries in its row."""
    from pokerroom.solver.strength import _counts_within_rows

    rng = np.random.default_rng(8)
    for n in range(1, 10):
        values = rng.integers(0, 4, size=(6, n)).astype(np.int32)
        values[0] = 8191  # the largest value a row holds
        less, equal = _counts_within_rows(values)
        assert less.shape == equal.shape == (6, n)
        for r, row in enumerate(values.tolist()):
            assert less[r].tolist() == [sum(x < v for x in row) for v in row], (n, r)
            assert equal[r].tolist() == [sum(x == v for x in row) for v in row], (n, r)
