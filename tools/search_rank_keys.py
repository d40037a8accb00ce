"""Find the rank keys of the evaluator's tables (``pokerroom.evaluator.tables``).

For hands of n cards (5, 6, 7) we want 13 non-negative ints, one per rank, such that
every multiset of n ranks with at most four of each has a different sum: the sum of a
hand's rank keys then identifies its ranks, and a table indexed by that sum gives its
value.  Keys are chosen greedily, each the smallest that keeps all sums distinct.

A candidate key c collides when two multisets that hold it m1 < m2 times have equal
sums: a + m1*c = b + m2*c with a, b sums over the smaller keys.  So the forbidden
values of c are the differences (a - b) / (m2 - m1); the difference sets come from a
cross-correlation computed with an FFT.  Run: ``python tools/search_rank_keys.py 5 6 7``
(about half a minute); the output is what the tables module holds.
"""

from __future__ import annotations

import sys

import numpy as np


def layer_sums(keys: list[int], size: int) -> list[np.ndarray]:
    """layers[j]: the sums of all multisets of j keys (at most four of each)."""
    layers = [np.array([0], dtype=np.int64)] + [np.array([], dtype=np.int64)] * size
    for k in keys:
        new = []
        for s in range(size + 1):
            parts = [layers[s - m] + m * k for m in range(min(4, s) + 1) if layers[s - m].size]
            new.append(np.concatenate(parts) if parts else np.array([], dtype=np.int64))
        layers = new
    return layers


def next_key(keys: list[int], n: int) -> int:
    layers = layer_sums(keys, n)
    for layer in layers:
        assert len(np.unique(layer)) == len(layer)
    span = int(max(layer.max() for layer in layers if layer.size)) + 1
    size = 1 << int(np.ceil(np.log2(2 * span + 1)))
    forbidden: list[np.ndarray] = []
    for m1 in range(5):
        for m2 in range(m1 + 1, 5):
            if n - m2 < 0:
                continue
            a, b = layers[n - m1], layers[n - m2]
            ia = np.zeros(size)
            ia[a] = 1
            ib = np.zeros(size)
            ib[b] = 1
            corr = np.fft.irfft(np.fft.rfft(ia) * np.conj(np.fft.rfft(ib)), size)
            diff = np.flatnonzero(corr[:span] > 0.5)
            d = m2 - m1
            forbidden.append(diff[diff % d == 0] // d)
    taken = set(np.unique(np.concatenate(forbidden)).tolist())
    c = keys[-1] + 1
    while c in taken:
        c += 1
    return c


def main(sizes: list[int]) -> None:
    for n in sizes:
        keys = [0]
        while len(keys) < 13:
            keys.append(next_key(keys, n))
        top = layer_sums(keys, n)[n]
        assert len(np.unique(top)) == len(top)
        print(f"{n}: {tuple(keys)}  # max sum {int(top.max())}, {len(top)} rank multisets")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [5, 6, 7])
