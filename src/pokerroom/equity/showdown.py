"""Who wins each deal: counting wins and split pots from hand values.

A tally is an (N, N + 1) array: ``counts[i, k]`` is how many deals (or how much weight of
deals) player i ends with a best hand shared by k players; ``k = 1`` is an outright win.
Player i's equity is then ``sum(counts[i, k] / k) / total``: a pot split three ways gives
each a third.  The squares ``sum(counts[i, k] / k**2)`` give the variance for Monte Carlo.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["tally", "tally_rows", "tally_weighted"]


def tally(values: npt.NDArray[np.uint16]) -> npt.NDArray[np.int64]:
    """Counts for an (N, M) array of hand values: N players on M deals."""
    n, m = values.shape
    out = np.zeros((n, n + 1), dtype=np.int64)
    if n == 2:
        a, b = values
        wins = np.count_nonzero(a > b)
        ties = np.count_nonzero(a == b)
        out[0, 1], out[1, 1] = wins, m - wins - ties
        out[0, 2] = out[1, 2] = ties
        return out
    best = values.max(axis=0)
    is_best = values == best
    k = is_best.sum(axis=0, dtype=np.intp)
    for i in range(n):
        out[i] = np.bincount(k[is_best[i]], minlength=n + 1)
    return out


def tally_weighted(
    values: npt.NDArray[np.uint16],
    valid: npt.NDArray[np.bool_],
    weights: npt.NDArray[np.float64],
    boards_each: int,
) -> npt.NDArray[np.float64]:
    """Counts for (N, A, M) values: A holdings of the given ``weights``, each on the boards
    of its row of the (A, M) ``valid`` mask (the boards that clash with none of its cards;
    ``boards_each`` of them in every row)."""
    n = values.shape[0]
    out = np.zeros((n, n + 1), dtype=np.float64)
    even = bool(weights.min() == weights.max())

    def weighted(hits: npt.NDArray[np.bool_]) -> float:
        """The weight of the true cells, each counting its holding's weight."""
        if even:
            return float(weights[0]) * np.count_nonzero(hits)
        per_row = hits.sum(axis=1, dtype=np.int64).astype(np.float64)
        return float(weights @ per_row)

    total = float(weights.sum()) * boards_each
    if n == 2:
        a, b = values
        wins = weighted((a > b) & valid)
        ties = weighted((a == b) & valid)
        out[0, 1], out[1, 1] = wins, total - wins - ties
        out[0, 2] = out[1, 2] = ties
        return out
    best = values.max(axis=0)
    is_best = (values == best) & valid
    k = is_best.sum(axis=0, dtype=np.int8)
    for i in range(n):
        for j in range(1, n + 1):
            out[i, j] = weighted(is_best[i] & (k == j))
    return out


def tally_rows(
    values: npt.NDArray[np.uint16], weights: npt.NDArray[np.int64] | npt.NDArray[np.bool_]
) -> npt.NDArray[np.int64]:
    """Counts for (N, R, C) values, one tally per row: row r's deals are its C columns,
    each counting ``weights[r, c]`` deals (an integer, or a bool: one deal or none).  The
    result is (R, N, N + 1), in integers, so exact whatever the order of summing."""
    n = values.shape[0]
    rows = values.shape[1]
    flags = weights.dtype == np.bool_

    def weighted(hits: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        if flags:
            counted: npt.NDArray[np.int64] = (hits & weights).sum(axis=-1, dtype=np.int64)
            return counted
        out: npt.NDArray[np.int64] = (hits * weights).sum(axis=-1, dtype=np.int64)
        return out

    out = np.zeros((rows, n, n + 1), dtype=np.int64)
    total = weighted(np.ones(values.shape[1:], dtype=np.bool_))
    if n == 2:
        a, b = values
        wins, ties = weighted(a > b), weighted(a == b)
        out[:, 0, 1], out[:, 1, 1] = wins, total - wins - ties
        out[:, 0, 2] = out[:, 1, 2] = ties
        return out
    best = values.max(axis=0)
    is_best = values == best
    # each cell's row and how many share its best hand, as one index into (R, N + 1)
    slot = is_best.sum(axis=0, dtype=np.int64) + (n + 1) * np.arange(rows)[:, None]
    if flags:
        is_best &= weights
    for i in range(n):
        hits = is_best[i]
        # float sums of integers below 2**53: exact
        found = np.bincount(slot[hits], None if flags else weights[hits], rows * (n + 1))
        out[:, i, :] = found.reshape(rows, n + 1).astype(np.int64)
    return out
