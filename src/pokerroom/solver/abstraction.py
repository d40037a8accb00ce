"""Card buckets: hands grouped by strength in each round, and how buckets follow one
another.

A :class:`CardAbstraction` of sizes ``(B₁, B₂, B₃, B₄)`` puts each hand of a round into
one of ``Bᵣ`` buckets of equal probability by its E[HS²] (:mod:`~pokerroom.solver.features`):
percentile buckets, cut from the exact distribution of the feature over all deals.
Pre-flop the 169 starting hands are bucketed whole (``B₁ = 169`` keeps them all apart).

The abstraction has *imperfect recall*: in each round a player knows only its bucket
of that round (and all the betting), not the buckets it had before.  It also carries the
numbers of the abstract game played on it (:mod:`~pokerroom.solver.holdem`):

* ``prior``: the chance of each pre-flop bucket;
* ``transitions[r]``: the chance of each bucket in round ``r + 1`` given the bucket in
  round ``r`` (exact, from the joint histograms of the features);
* ``showdown``: the expected share of the pot of a river bucket against another, over
  pairs of hands on random river boards (every pair of each board, cards that clash
  excluded).

The abstract game treats the two players' buckets as independent chains: the board
they share ties them together in the real game, which the abstraction leaves out (each
round's strength is measured against a random hand *on this board*, so a bucket already
means much the same thing on every board).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerroom.ranges import COMBO_COUNT
from pokerroom.solver.features import (
    DEAD,
    LEVELS,
    Features,
    class_of_combo,
    river_level,
    turn_level,
)
from pokerroom.solver.strength import combos, hand_strengths, pair_values, river_strengths
from pokerroom.solver.suits import canonical, combo_maps
from pokerroom.starting import ALL_CLASSES

__all__ = [
    "MAX_BUCKETS",
    "PREFLOP_BUCKETS",
    "AbstractionError",
    "CardAbstraction",
    "cut",
    "from_features",
]

PREFLOP_BUCKETS = 169  # at most: the starting hands, each alone
MAX_BUCKETS = 250  # at most after the flop (a flop bucket is a byte; 255 marks a dead flop)

F64s = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]


class AbstractionError(ValueError):
    """Bucket sizes that cannot be built (too few, too many)."""


def cut(mass: F64s, buckets: int) -> Ints:
    """The bucket of each level (or class, in increasing strength) such that buckets hold
    about equal shares of ``mass``: a level goes to the bucket its middle falls in.

    >>> cut(np.array([1.0, 1.0, 1.0, 1.0]), 2).tolist()
    [0, 0, 1, 1]
    """
    total = float(mass.sum())
    middle = (np.cumsum(mass) - mass / 2) / total
    return np.minimum((middle * buckets).astype(np.intp), buckets - 1)


@dataclass(frozen=True, slots=True, eq=False)
class CardAbstraction:
    """Buckets per round and the chance numbers of the abstract game (see the module).

    ``preflop``: the bucket of each of the 169 classes (``ALL_CLASSES`` order);
    ``flop_keys`` / ``flop_buckets``: the bucket of every combination on each canonical
    flop (255 where it shares a card with the flop); ``flop_cuts``, ``turn_cuts``,
    ``river_cuts``: the bucket of each feature level.
    """

    sizes: tuple[int, int, int, int]
    preflop: Ints
    flop_keys: npt.NDArray[np.int64]
    flop_buckets: npt.NDArray[np.uint8]
    flop_cuts: Ints
    turn_cuts: Ints
    river_cuts: Ints
    prior: F64s
    transitions: tuple[F64s, F64s, F64s]
    showdown: F64s

    def bucket(self, hole: tuple[int, int], board: tuple[int, ...]) -> int:
        """The bucket of ``hole`` (two card codes) on ``board`` (0, 3, 4 or 5 codes)."""
        _, index = combos()
        combo = int(index[hole[0], hole[1]])
        if combo < 0 or len(set(hole) | set(board)) != 2 + len(board):
            raise ValueError(f"cards used twice: hole {hole}, board {board}")
        if not board:
            return int(self.preflop[_classes()[combo]])
        if len(board) == 3:
            key, perm = canonical(np.array([board]))
            row = int(np.searchsorted(self.flop_keys, key[0]))
            return int(self.flop_buckets[row, combo_maps()[perm[0], combo]])
        if len(board) == 4:
            rivers = np.array([c for c in range(52) if c not in board and c not in hole])
            full = np.column_stack([np.repeat([board], len(rivers), axis=0), rivers])
            s = hand_strengths(combo, full)
            return int(self.turn_cuts[turn_level(int((s * s).sum()))])
        if len(board) == 5:
            strength = int(hand_strengths(combo, np.array([board]))[0])
            return int(self.river_cuts[river_level(strength)])
        raise ValueError(f"a board has 0, 3, 4 or 5 cards, not {len(board)}")

    def buckets(self, board: tuple[int, ...]) -> Ints:
        """The bucket of every combination (combination index order) on ``board``, as
        :meth:`bucket` gives it one by one; -1 for those that share a card with the board.
        (The turn costs the strengths of all hands on the 48 rivers, a few milliseconds.)"""
        pairs, _ = combos()
        dead = np.zeros(52, dtype=np.bool_)
        dead[list(board)] = True
        clash = dead[pairs[:, 0]] | dead[pairs[:, 1]]
        if len(set(board)) != len(board):
            raise ValueError(f"cards used twice on the board {board}")
        if not board:
            out = self.preflop[_classes()]
        elif len(board) == 3:
            key, perm = canonical(np.array([board]))
            row = int(np.searchsorted(self.flop_keys, key[0]))
            out = self.flop_buckets[row, combo_maps()[perm[0]]].astype(np.intp)
        elif len(board) == 4:
            rivers = np.flatnonzero(~dead)
            full = np.column_stack([np.repeat([board], len(rivers), axis=0), rivers])
            s = river_strengths(full).astype(np.int64)  # -1 where a river is a hole card
            total = np.where(s >= 0, s * s, 0).sum(axis=0)
            out = self.turn_cuts[turn_level(total)]
        elif len(board) == 5:
            s = river_strengths(np.array([board]))[0]
            out = self.river_cuts[river_level(np.maximum(s, 0))]
        else:
            raise ValueError(f"a board has 0, 3, 4 or 5 cards, not {len(board)}")
        result: Ints = np.where(clash, -1, out).astype(np.intp)
        return result


@functools.cache
def _classes() -> Ints:
    return class_of_combo()


def _joint(hist: F64s, rows: Ints, cols: Ints, shape: tuple[int, int]) -> F64s:
    """A histogram over (level, level) summed into (bucket, bucket), rows normalised."""
    out = np.zeros(shape)
    np.add.at(out, (rows[:, None], cols[None, :]), hist)
    sums = out.sum(axis=1, keepdims=True)
    return np.where(sums > 0, out / np.where(sums > 0, sums, 1.0), 1.0 / shape[1])


def from_features(
    features: Features,
    sizes: tuple[int, int, int, int],
    rng: np.random.Generator,
    showdown_boards: int = 600,
) -> CardAbstraction:
    """Cut buckets of ``sizes`` from the features, and estimate the showdown matrix from
    ``showdown_boards`` random river boards drawn with ``rng``."""
    b1, b2, b3, b4 = sizes
    problems = [f"{n} buckets in round {r + 1}" for r, n in enumerate(sizes)
                if not 1 <= n <= (PREFLOP_BUCKETS if r == 0 else MAX_BUCKETS)]  # fmt: skip
    if problems:
        raise AbstractionError(
            "bucket sizes: "
            + ", ".join(problems)
            + f" (1 to {PREFLOP_BUCKETS} pre-flop, 1 to {MAX_BUCKETS} in later rounds)"
        )
    combo_counts = np.array([c.combo_count for c in ALL_CLASSES], dtype=np.float64)
    order = np.argsort(features.preflop, kind="stable")
    preflop = np.empty(len(ALL_CLASSES), dtype=np.intp)
    preflop[order] = cut(combo_counts[order], b1)
    prior = np.bincount(preflop, weights=combo_counts, minlength=b1) / COMBO_COUNT
    flop_cuts = cut(features.preflop_flop.sum(axis=0), b2)
    turn_cuts = cut(features.flop_turn.sum(axis=0), b3)
    river_cuts = cut(features.turn_river.sum(axis=0), b4)
    levels = features.flop_levels
    flop_buckets = np.where(levels == DEAD, 255, flop_cuts[np.minimum(levels, LEVELS - 1)])
    t2 = _joint(features.preflop_flop, preflop, flop_cuts, (b1, b2))
    t3 = _joint(features.flop_turn, flop_cuts, turn_cuts, (b2, b3))
    t4 = _joint(features.turn_river, turn_cuts, river_cuts, (b3, b4))
    return CardAbstraction(
        sizes=(b1, b2, b3, b4),
        preflop=preflop,
        flop_keys=features.flop_keys,
        flop_buckets=flop_buckets.astype(np.uint8),
        flop_cuts=flop_cuts,
        turn_cuts=turn_cuts,
        river_cuts=river_cuts,
        prior=prior,
        transitions=(t2, t3, t4),
        showdown=showdown_equity(river_cuts, b4, rng, showdown_boards),
    )


def showdown_equity(river_cuts: Ints, buckets: int, rng: np.random.Generator,
                    boards: int) -> F64s:  # fmt: skip
    """The expected share of the pot of a river bucket (row) against another (column),
    over every pair of hands that do not clash on ``boards`` random river boards."""
    pairs, _ = combos()
    clash = (pairs[:, None, 0] == pairs[None, :, 0]) | (pairs[:, None, 0] == pairs[None, :, 1])
    clash |= (pairs[:, None, 1] == pairs[None, :, 0]) | (pairs[:, None, 1] == pairs[None, :, 1])
    won = np.zeros((buckets, buckets))
    met = np.zeros((buckets, buckets))
    onehot = np.zeros((COMBO_COUNT, buckets), dtype=np.float32)
    for _ in range(boards):
        board = rng.choice(52, 5, replace=False)
        s = river_strengths(board[None, :])[0]
        live = np.flatnonzero(s >= 0)
        v = pair_values(board[None, :])[0, live]
        ok = ~clash[np.ix_(live, live)]
        share = ((v[:, None] > v[None, :]) + 0.5 * (v[:, None] == v[None, :])) * ok
        onehot[:] = 0
        hot = onehot[: len(live)]
        hot[np.arange(len(live)), river_cuts[river_level(s[live])]] = 1.0
        won += hot.T @ share.astype(np.float32) @ hot
        met += hot.T @ ok.astype(np.float32) @ hot
    return np.where(met > 0, won / np.where(met > 0, met, 1.0), 0.5)
