"""Exact equity: every possible holding against every board that can still come.

Two ways, the same integers (:meth:`Enumeration.run`):

* **rank patterns** (the default, :mod:`~pokerroom.equity.patterns`): the boards to come are
  counted by their ranks, with the flushes corrected apart; pre-flop the holdings are first
  folded into suit-symmetry orbits (:func:`~pokerroom.equity.deals.orbits`).  Hand against
  hand pre-flop is 6,175 rank patterns and some 35,000 flush classes.
* **plain**, listing every board, kept as the check on the other, and taken on the river
  and where flushes are a large share of the work:

  - preflop (five to come): for each orbit every board from the remaining deck is built at
    once as key sums (:func:`~pokerroom.equity.keys.boards_from`); each player's hole pair
    is then a constant added to all of them.  Hand against hand is one orbit: 1,712,304
    boards, two lookups each.
  - flop, turn, river (two, one or no cards to come): the few hundred boards are built
    once from every live card, every combination any player may hold is valued on all of
    them, and the holdings are scored in chunks against those tables, each ignoring the
    boards that use one of its cards.

:meth:`Enumeration.work` estimates the cost of the way :meth:`Enumeration.run` takes, in
hand evaluations of the plain way: pre-flop, the rank patterns and each orbit's flush
classes (or its boards, where it lists them); after the flop, the plain way's count (an
upper bound for the patterns, taken only where cheaper).  The caller compares it with its
budget before choosing exact over Monte Carlo.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import comb
from typing import Literal

import numpy as np
import numpy.typing as npt

from pokerroom.equity.deals import Holdings, Spot, orbits, symmetries
from pokerroom.equity.keys import Boards, boards_from, hole_keys, values
from pokerroom.equity.patterns import (
    Plan,
    deck_of,
    flush_boards,
    flush_class_count,
    flush_classes,
    flush_plan,
    plan_cells,
    possible_patterns,
    rank_signatures,
    rank_tallies,
)
from pokerroom.equity.showdown import tally, tally_weighted

__all__ = ["Enumeration", "Tally"]

_CHUNK_CELLS = 1 << 20  # holdings x boards scored per step (values are uint16)
# work units (about one hand evaluation each): building a board's keys, handling a holding
_BUILD_COST = 4
_HOLDING_COST = 50
# pre-flop by rank patterns, in the same units (measured against the plain way): setting up
# the rank tallies, a (group of holdings, rank pattern) cell per player, a flush class per
# player and player + 1 (both tallies), and an orbit's flush classes set up
_RANK_SETUP = 200_000
_RANK_CELL = 10
_CLASS_COST = 2
_ORBIT_COST = 20_000
# after a flop or turn, rank patterns when the plain way would score at least this many
# (holding, board) cells and the flush corrections at most a sixth of them
_SMALL_CELLS = 500_000
_FLUSH_SHARE = 6
Progress = Callable[[int, int], None]
How = Literal["auto", "patterns", "plain"]


@dataclass(frozen=True, slots=True)
class Tally:
    """Counts (see :mod:`~pokerroom.equity.showdown`) over ``total`` weighted deals;
    ``squares`` holds ``sum(counts[:, k] / k**2)`` for the variance (Monte Carlo);
    ``deals`` is how many deals the counts stand for."""

    counts: npt.NDArray[np.float64]
    total: float
    deals: int
    squares: npt.NDArray[np.float64] | None = None


class Enumeration:
    """The exact computation for one spot and its holdings; :attr:`work` first, then
    :meth:`run`."""

    def __init__(self, spot: Spot, held: Holdings) -> None:
        self.spot, self.held = spot, held
        n = len(spot.seats)
        self.boards_each = comb(len(spot.live) - 2 * n, spot.to_come)
        self.preflop = spot.to_come >= 3
        self._perms = symmetries(spot.board, spot.dead) if self.preflop else []
        self._folded: tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]] | None = None
        self._classes: list[int] | None = None

    def _fold(self) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
        """The orbits' representatives and weights, folded once for work() and run()."""
        if self._folded is None:
            self._folded = orbits(self.spot.seats, self.held, self._perms)
        return self._folded

    def work(self, limit: int | None = None) -> int:
        """The cost of the enumeration in work units (about one hand evaluation of the
        plain way each).  Pre-flop, the cost of the rank patterns and of each orbit's
        flush classes, or of listing the orbit's boards where :meth:`run` does that;
        after the flop, the plain way's hand evaluations, plus the cost of building
        boards and of handling each holding (an upper bound for the rank patterns, which
        :meth:`run` takes only where they are cheaper).  Folding orbits costs time too,
        so with a ``limit`` it is skipped (and a lower bound returned) when even the best
        fold cannot bring the work under it."""
        n = len(self.spot.seats)
        if self.preflop:
            plain = self.boards_each * (2 * n + _BUILD_COST)  # one orbit, board by board
            # an orbit holds at most len(perms) holdings, and costs at least its set-up
            lower = -(-len(self.held) // len(self._perms)) * min(plain, _ORBIT_COST)
            if limit is not None and lower > limit:
                return lower
            return self._patterns_work()
        m = comb(len(self.spot.live), self.spot.to_come)
        distinct = sum(len(np.unique(picks)) for picks in self.held.picks)
        return distinct * m + len(self.held) * (n * m + _HOLDING_COST)

    def _patterns_work(self) -> int:
        """The pre-flop work of :meth:`run`: the rank patterns of every group of
        holdings with the same ranks, then per orbit its flush classes (an upper bound on
        them, :func:`~pokerroom.equity.patterns.flush_class_count`) or, where those
        outnumber its boards by half, its boards listed."""
        spot = self.spot
        n = len(spot.seats)
        reps, _ = self._fold()
        deck = deck_of(spot.board, spot.live)
        signatures, _ = rank_signatures(reps.astype(np.int64) >> 2)
        work = _RANK_SETUP + len(signatures) * possible_patterns(deck, spot.to_come) * (
            _RANK_CELL * n
        )
        plain = self.boards_each * (2 * n + _BUILD_COST)
        for classes in self._class_counts():
            if 2 * classes > self.boards_each:
                work += plain
            else:
                work += classes * _CLASS_COST * n * (n + 1) + _ORBIT_COST
        return work

    def _class_counts(self) -> list[int]:
        """Each orbit's flush class count, counted once for work() and run()."""
        if self._classes is None:
            deck = deck_of(self.spot.board, self.spot.live)
            self._classes = [flush_class_count(deck, self.spot.to_come, hole)
                             for hole in self._fold()[0]]  # fmt: skip
        return self._classes

    def run(self, progress: Progress | None = None, *, how: How = "auto") -> Tally:
        """The tally of every deal, ``how``: by rank patterns
        (:mod:`~pokerroom.equity.patterns`), or ``"plain"``, listing every board (the
        slower way, kept to check the other); ``"auto"`` takes the patterns except on the
        river and after a flop or turn where flushes are a large share of the work."""
        if how not in ("auto", "patterns", "plain"):
            raise ValueError(f"how is 'auto', 'patterns' or 'plain', not {how!r}")
        if self.preflop:
            if how == "plain":
                return self._run_preflop(progress)
            return self._run_preflop_patterns(progress, choose=how == "auto")
        if how == "plain" or (how == "auto" and self.spot.to_come == 0):
            return self._run_shared(progress)  # one board: nothing to share
        boards = boards_from(self.spot.live, self.spot.to_come, self.spot.board)
        cells = len(self.held) * len(boards)
        if how == "auto" and cells < _SMALL_CELLS:
            return self._run_shared(progress, boards)
        plan = flush_plan(self.spot.seats, self.held, boards)
        # a flush correction costs about twice a cell of the plain way, and more to set up
        if how == "auto" and plan_cells(plan) * _FLUSH_SHARE > cells:
            return self._run_shared(progress, boards)
        return self._run_shared_patterns(boards, plan, progress)

    def _run_preflop_patterns(self, progress: Progress | None, choose: bool) -> Tally:
        """Each orbit by rank patterns, or (``choose``) the plain way when its flush
        classes, each scored twice, would outnumber its boards: many players, suited."""
        spot = self.spot
        reps, weights = self._fold()
        deck = deck_of(spot.board, spot.live)
        signatures, group = rank_signatures(reps.astype(np.int64) >> 2)
        ranked = rank_tallies(deck, spot.to_come, signatures)
        n = len(spot.seats)
        m = self.boards_each
        counts = np.zeros((n, n + 1), dtype=np.float64)
        classes = self._class_counts() if choose else []
        for o, hole in enumerate(reps):
            if choose and 2 * classes[o] > m:
                counts += weights[o] * self._plain_orbit(hole)
            else:
                counts += weights[o] * (ranked[group[o]]
                                        + flush_classes(deck, spot.to_come, hole))
            if progress:
                progress(o + 1, len(reps))
        return Tally(counts, float(weights.sum()) * m, len(self.held) * m)

    def _plain_orbit(self, hole: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
        """The tally of one holding over every board to come, listing the boards."""
        spot = self.spot
        live = spot.live[~np.isin(spot.live, hole)]
        boards = boards_from(live, spot.to_come, spot.board)
        vals = np.empty((len(hole), len(boards)), dtype=np.uint16)
        scratch = np.empty(len(boards), dtype=np.int64)
        for i, (a, b) in enumerate(hole):
            vals[i] = values(boards, hole_keys(a, b), scratch)
        return tally(vals)

    def _run_shared_patterns(self, boards: Boards, plan: Plan,
                             progress: Progress | None) -> Tally:
        spot, held = self.spot, self.held
        n = len(spot.seats)
        deck = deck_of(spot.board, spot.live)
        ranks = np.stack([(s.cards.astype(np.int64) >> 2)[held.picks[i]]
                          for i, s in enumerate(spot.seats)], axis=1)  # (H, N, 2)
        signatures, group = rank_signatures(ranks)
        per_holding = rank_tallies(deck, spot.to_come, signatures)[group]
        per_holding += flush_boards(spot.seats, held, boards, plan)
        flat = per_holding.reshape(len(held), -1)
        w = held.weights
        if w.min() == w.max():
            counts = float(w[0]) * flat.sum(axis=0).astype(np.float64)
        else:
            counts = w @ flat.astype(np.float64)
        if progress:
            progress(len(held), len(held))
        return Tally(counts.reshape(n, n + 1), float(w.sum()) * self.boards_each,
                     len(held) * self.boards_each)

    def _run_preflop(self, progress: Progress | None) -> Tally:
        spot = self.spot
        reps, weights = self._fold()
        n = len(spot.seats)
        m = self.boards_each
        counts = np.zeros((n, n + 1), dtype=np.float64)
        scratch = np.empty(m, dtype=np.int64)
        vals = np.empty((n, m), dtype=np.uint16)
        for o, hole in enumerate(reps):
            live = spot.live[~np.isin(spot.live, hole)]
            boards = boards_from(live, spot.to_come, spot.board)
            for i, (a, b) in enumerate(hole):
                vals[i] = values(boards, hole_keys(a, b), scratch)
            counts += weights[o] * tally(vals)
            if progress:
                progress(o + 1, len(reps))
        return Tally(counts, float(weights.sum()) * m, len(self.held) * m)

    def _run_shared(self, progress: Progress | None, boards: Boards | None = None) -> Tally:
        spot, held = self.spot, self.held
        n = len(spot.seats)
        if boards is None:
            boards = boards_from(spot.live, spot.to_come, spot.board)
        m = len(boards)
        scratch = np.empty(m, dtype=np.int64)
        tables = []
        for i, seat in enumerate(spot.seats):
            used = np.zeros(len(seat), dtype=np.bool_)
            used[held.picks[i]] = True
            table = np.zeros((len(seat), m), dtype=np.uint16)
            for k in np.flatnonzero(used):
                table[k] = values(boards, seat.keys(k), scratch)
            tables.append(table)
        counts = np.zeros((n, n + 1), dtype=np.float64)
        step = max(1, _CHUNK_CELLS // m)
        assert boards.mask is not None
        for start in range(0, len(held), step):
            stop = min(start + step, len(held))
            picks = held.picks[:, start:stop]
            vals = np.stack([t.take(picks[i], axis=0) for i, t in enumerate(tables)])
            valid = (boards.mask[None, :] & held.masks[start:stop, None]) == 0
            counts += tally_weighted(vals, valid, held.weights[start:stop], self.boards_each)
            if progress:
                progress(stop, len(held))
        return Tally(counts, float(held.weights.sum()) * self.boards_each,
                     len(held) * self.boards_each)
