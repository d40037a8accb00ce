"""How strong each hand is in each round: the numbers the card buckets are cut from.

The feature of a hand is the expected *square* of its river hand strength (E[HS²],
Johanson's "expected hand strength squared"): the river strength against a random hand
(:mod:`~pokerroom.solver.strength`), squared and averaged over every way the board can
still come.  Squaring rewards the hands that may become very strong (draws) over those
that stay middling.

* river: HS itself (nothing is left to come);
* turn: E[HS²] over the 46 river cards;
* flop: E[HS²] over the 1,081 turn and river cards (as the mean over the turn of the
  turn's E[HS²]);
* pre-flop: E[HS²] over every board, one number for each of the 169 starting hands.

Every feature is an exact rational from whole-number counts, turned into one of
:data:`LEVELS` levels with integer arithmetic, so that a hand seen in play gets exactly
the level the tables were built with.

:func:`build_features` enumerates every board once up to suit isomorphism (134,459 river
boards: every strength of every hand on them, then the turn and flop averages by
looking canonical boards up) and keeps, besides the flop levels of every hand on every
canonical flop, the joint histograms of consecutive rounds' levels over all deals.  The
buckets of any size and the transitions between them are cut from those histograms
(:mod:`~pokerroom.solver.abstraction`).  The build takes a few minutes; its caller caches
the result on disk.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from pokerroom.ranges import COMBO_COUNT
from pokerroom.solver.strength import TOP, combos, river_strengths
from pokerroom.solver.suits import boards, canonical, combo_maps, unpack
from pokerroom.starting import ALL_CLASSES, HandClass

__all__ = ["LEVELS", "Features", "build_features", "class_of_combo", "river_level",
           "turn_level"]  # fmt: skip

LEVELS = 1000
TURN_DEN = 46 * TOP * TOP  # the 46 rivers of a hand on a turn board
FLOP_DEN = 47 * TURN_DEN  # and the 47 turns on a flop
DEAD = 65535  # the level of a hand that shares a card with the board

T = TypeVar("T", bound=np.generic)
F64s = npt.NDArray[np.float64]
I64s = npt.NDArray[np.int64]
U16s = npt.NDArray[np.uint16]
Progress = Callable[[str, int, int], None]


def river_level(strength: npt.NDArray[np.integer] | int) -> npt.NDArray[np.int64]:
    """The level of a river strength (0 .. 1,980)."""
    return np.asarray(strength, dtype=np.int64) * LEVELS // (TOP + 1)


def turn_level(total: npt.NDArray[np.integer] | int) -> npt.NDArray[np.int64]:
    """The level of a turn E[HS²], from the sum of the squared strengths of its 46 rivers."""
    return np.asarray(total, dtype=np.int64) * LEVELS // (TURN_DEN + 1)


def flop_level(total: npt.NDArray[np.integer] | int) -> npt.NDArray[np.int64]:
    """The level of a flop E[HS²], from the sum over its 47 turns of their sums."""
    return np.asarray(total, dtype=np.int64) * LEVELS // (FLOP_DEN + 1)


def class_of_combo() -> npt.NDArray[np.intp]:
    """The index in :data:`~pokerroom.starting.ALL_CLASSES` of every combination."""
    pairs, _ = combos()
    order = {c: i for i, c in enumerate(ALL_CLASSES)}
    return np.array([order[HandClass.of(int(a), int(b))] for a, b in pairs], dtype=np.intp)


@dataclass(frozen=True, slots=True, eq=False)
class Features:
    """The result of :func:`build_features`.

    ``preflop``: E[HS²] of each of the 169 classes (``ALL_CLASSES`` order).
    ``flop_keys``: the canonical flops (packed, sorted); ``flop_levels``: the level of every
    combination on each (:data:`DEAD` where it shares a card with the flop).
    Histograms over all deals (weights: deals): ``preflop_flop`` (169 × levels),
    ``flop_turn`` and ``turn_river`` (levels × levels).
    """

    preflop: F64s
    flop_keys: I64s
    flop_levels: U16s
    preflop_flop: F64s
    flop_turn: F64s
    turn_river: F64s


def _live_cards(cards: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """(N, k) boards -> (N, 52 - k) the codes not on each, ascending."""
    taken = np.zeros((len(cards), 52), dtype=np.bool_)
    np.put_along_axis(taken, cards, True, axis=1)
    return np.nonzero(~taken)[1].reshape(len(cards), 52 - cards.shape[1])


def _next_card(cards: npt.NDArray[np.intp], keys: I64s, table: npt.NDArray[T]) -> npt.NDArray[T]:
    """For (m, k) boards: the rows of ``table`` (one per canonical board of k + 1 cards in
    ``keys``, a column per combination) of each board with each card not on it added,
    the combinations renamed back from the canonical board's suits: (m, 52 - k, 1326)."""
    extra = _live_cards(cards)
    m, n = extra.shape
    full = np.concatenate([np.repeat(cards, n, axis=0), extra.reshape(-1, 1)], axis=1)
    rows, perm = _lookup(keys, full)
    out: npt.NDArray[T] = table[rows[:, None], combo_maps()[perm]].reshape(m, n, COMBO_COUNT)
    return out


def _lookup(
    keys: I64s, cards: npt.NDArray[np.intp]
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Row of each board's canonical board in ``keys``, and the suit permutation there."""
    key, perm = canonical(cards)
    rows = np.searchsorted(keys, key)
    assert np.array_equal(keys[rows], key), "a board without a canonical board"
    return rows, perm


def build_features(progress: Progress | None = None, batch: int = 512) -> Features:
    """Enumerate every board and build the :class:`Features` (a few minutes of one core).
    ``progress(stage, done, total)`` is called as the work goes on."""
    report = progress or (lambda stage, done, total: None)
    river_keys, _ = boards(5)
    turn_keys, turn_weights = boards(4)
    flop_keys, flop_weights = boards(3)
    # 1. the strength of every hand on every canonical river board
    n5 = len(river_keys)
    strengths = np.empty((n5, COMBO_COUNT), dtype=np.int16)
    cards5 = np.array([unpack(int(k), 5) for k in river_keys], dtype=np.intp)
    for start in range(0, n5, batch):
        stop = min(start + batch, n5)
        strengths[start:stop] = river_strengths(cards5[start:stop])
        report("river strengths", stop, n5)
    # 2. turn boards: the sum of squared strengths over the rivers; turn -> river levels
    n4 = len(turn_keys)
    totals = np.full((n4, COMBO_COUNT), -1, dtype=np.int64)
    turn_river = np.zeros(LEVELS * LEVELS)
    cards4 = np.array([unpack(int(k), 4) for k in turn_keys], dtype=np.intp)
    step = max(1, batch // 48)
    for start in range(0, n4, step):
        stop = min(start + step, n4)
        s = _next_card(cards4[start:stop], river_keys, strengths).astype(np.int64)
        live = s >= 0
        total = np.where(live, s * s, 0).sum(axis=1)
        alive = live.any(axis=1)
        totals[start:stop] = np.where(alive, total, -1)
        level_t = np.broadcast_to(turn_level(total)[:, None, :], s.shape)
        cells = (level_t * LEVELS + river_level(np.maximum(s, 0)))[live]
        w = np.broadcast_to(turn_weights[start:stop, None, None], s.shape)[live]
        turn_river += np.bincount(cells, weights=w, minlength=LEVELS * LEVELS)
        report("turn boards", stop, n4)
    # 3. flops: the level table, flop -> turn levels, and pre-flop E[HS²] by class
    n3 = len(flop_keys)
    classes = class_of_combo()
    flop_levels = np.full((n3, COMBO_COUNT), DEAD, dtype=np.uint16)
    flop_turn = np.zeros(LEVELS * LEVELS)
    preflop_flop = np.zeros(len(ALL_CLASSES) * LEVELS)
    class_sum = np.zeros(len(ALL_CLASSES))
    class_weight = np.zeros(len(ALL_CLASSES))
    cards3 = np.array([unpack(int(k), 3) for k in flop_keys], dtype=np.intp)
    step = max(1, batch // 49)
    for start in range(0, n3, step):
        stop = min(start + step, n3)
        t = _next_card(cards3[start:stop], turn_keys, totals)
        live = t >= 0
        total = np.where(live, t, 0).sum(axis=1)  # (m, 1326)
        alive = live.any(axis=1)
        level_f = flop_level(total)
        flop_levels[start:stop] = np.where(alive, level_f, DEAD)
        cells = (np.broadcast_to(level_f[:, None, :], t.shape) * LEVELS
                 + turn_level(np.maximum(t, 0)))[live]  # fmt: skip
        w = np.broadcast_to(flop_weights[start:stop, None, None], t.shape)[live]
        flop_turn += np.bincount(cells, weights=w, minlength=LEVELS * LEVELS)
        wf = np.broadcast_to(flop_weights[start:stop, None], alive.shape)[alive].astype(np.float64)
        cls = np.broadcast_to(classes[None, :], alive.shape)[alive]
        preflop_flop += np.bincount(cls * LEVELS + level_f[alive], weights=wf,
                                    minlength=len(ALL_CLASSES) * LEVELS)  # fmt: skip
        class_sum += np.bincount(cls, weights=wf * total[alive] / FLOP_DEN,
                                 minlength=len(ALL_CLASSES))  # fmt: skip
        class_weight += np.bincount(cls, weights=wf, minlength=len(ALL_CLASSES))
        report("flops", stop, n3)
    return Features(
        preflop=class_sum / class_weight,
        flop_keys=np.asarray(flop_keys),
        flop_levels=flop_levels,
        preflop_flop=preflop_flop.reshape(len(ALL_CLASSES), LEVELS),
        flop_turn=flop_turn.reshape(LEVELS, LEVELS),
        turn_river=turn_river.reshape(LEVELS, LEVELS),
    )
