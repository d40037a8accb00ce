"""pokerroom.evaluator.keys.hole_values: hole pairs on boards by key sums, in each of the
shapes its callers use, against the batch evaluator on the same seven (six, five) cards."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.evaluator import rank_batch
from pokerroom.evaluator.keys import card_keys, hole_keys, hole_values


def _deals(rng: np.random.Generator, count: int, size: int) -> np.ndarray:
    return np.array([rng.choice(52, size, replace=False) for _ in range(count)])


def _board_sums(boards: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rank, suit, bit = card_keys(n)
    return (rank[boards].sum(axis=1), suit[boards].sum(axis=1, dtype=np.uint16),
            np.bitwise_or.reduce(bit[boards], axis=1))  # fmt: skip


@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_every_pair_on_every_board_is_the_batch_value(board_size: int) -> None:
    n = board_size + 2
    rng = np.random.default_rng(board_size)
    # suited boards too, so that many hands are flushes
    boards = _deals(rng, 40, board_size)
    boards[:10] = np.array([rng.choice(13, board_size, replace=False) * 4 for _ in range(10)])
    pairs = _deals(rng, 60, 2)
    r, s, m = _board_sums(boards, n)
    got = hole_values(r[:, None], s[:, None], m[:, None], hole_keys(pairs[:, 0], pairs[:, 1], n),
                      n=n)  # fmt: skip
    assert got.shape == (40, 60)
    for i, board in enumerate(boards):
        clear = [j for j, p in enumerate(pairs) if not set(p) & set(board)]
        hands = np.array([np.concatenate([board, pairs[j]]) for j in clear])
        assert got[i, clear].tolist() == rank_batch(hands).tolist()
    assert (got[:10] >= 5863).any()  # flushes were met (5,863 is the lowest flush)


def test_one_pair_on_many_boards_and_each_board_its_own_pair() -> None:
    rng = np.random.default_rng(7)
    deals = _deals(rng, 500, 7)
    r, s, m = _board_sums(deals[:, :5], 7)
    own = hole_values(r, s, m, hole_keys(deals[:, 5], deals[:, 6]))
    assert own.tolist() == rank_batch(deals).tolist()
    boards = np.array([b for b in _deals(rng, 600, 5) if not {12, 25} & set(b)])
    r, s, m = _board_sums(boards, 7)
    lazy = hole_values(r, s, lambda where: m[where], hole_keys(12, 25))  # masks on demand
    hands = np.concatenate([boards, np.tile([12, 25], (len(boards), 1))], axis=1)
    assert lazy.tolist() == rank_batch(hands).tolist()


def test_every_pair_on_one_board() -> None:
    board = np.array([0, 4, 8, 44, 51])  # three deuces-to-fours of clubs, and more
    rng = np.random.default_rng(3)
    pairs = np.array([p for p in _deals(rng, 300, 2) if not set(p) & set(board)])
    r, s, m = _board_sums(board[None, :], 7)
    got = hole_values(r[0], s[0], m[0], hole_keys(pairs[:, 0], pairs[:, 1]))
    hands = np.concatenate([np.tile(board, (len(pairs), 1)), pairs], axis=1)
    assert got.tolist() == rank_batch(hands).tolist()
