"""The ways a board can be completed: every way, or a sample of them.

>>> import numpy as np
>>> boards = completions((0, 1, 2, 3), (4, 5), np.random.default_rng(0), exact_most=100)
>>> boards.shape, sorted(set(boards[:, 4].tolist())) == list(range(6, 52))
((46, 5), True)
>>> completions((0, 1, 2), (), np.random.default_rng(0), exact_most=10, samples=7).shape
(7, 5)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["completions"]


def completions(
    board: Sequence[int],
    dead: Sequence[int],
    rng: np.random.Generator,
    *,
    exact_most: int,
    samples: int = 400,
    dtype: type[np.integer] = np.intp,
) -> npt.NDArray[np.integer]:
    """Five-card boards that complete ``board`` from the cards neither in it nor ``dead``,
    one a row: every way when there are at most ``exact_most`` (in the order of
    :func:`itertools.combinations`), else ``samples`` ways drawn with ``rng``, each
    uniformly (so a mean over them is unbiased)."""
    known = {*board, *dead}
    rest = np.array([c for c in range(52) if c not in known], dtype=dtype)
    k = 5 - len(board)
    ways = math.comb(len(rest), k)
    if ways <= exact_most:
        runouts = np.array(list(itertools.combinations(rest, k)), dtype=dtype).reshape(ways, k)
    else:
        order = np.argsort(rng.random((samples, len(rest))), axis=1)[:, :k]
        runouts = rest[order]
    fixed = np.broadcast_to(np.array(board, dtype=dtype), (len(runouts), len(board)))
    return np.concatenate([fixed, runouts], axis=1)
