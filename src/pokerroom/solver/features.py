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

__all__ = ["LEVELS", "Features", "FlopTable", "TurnTable", "build_features", "class_of_combo",
           "flop_table", "river_level", "river_table", "turn_level", "turn_table"]  # fmt: skip

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
    strengths = river_table(_unpacked(river_keys, 5), batch, report)
    turns = turn_table(_unpacked(turn_keys, 4), turn_weights, river_keys, strengths,
                       step=max(1, batch // 48), report=report)  # fmt: skip
    flops = flop_table(_unpacked(flop_keys, 3), flop_weights, turn_keys, turns.totals,
                       step=max(1, batch // 49), report=report)  # fmt: skip
    classes = len(ALL_CLASSES)
    return Features(
        preflop=flops.class_sum / flops.class_weight,
        flop_keys=np.asarray(flop_keys),
        flop_levels=flops.levels,
        preflop_flop=flops.preflop_flop.reshape(classes, LEVELS),
        flop_turn=flops.flop_turn.reshape(LEVELS, LEVELS),
        turn_river=turns.turn_river.reshape(LEVELS, LEVELS),
    )


def _unpacked(keys: I64s, k: int) -> npt.NDArray[np.intp]:
    """Packed boards of ``k`` cards as an (N, k) array of card codes."""
    return np.array([unpack(int(key), k) for key in keys], dtype=np.intp).reshape(-1, k)


def _noop(stage: str, done: int, total: int) -> None:
    """A progress report that reports nothing."""


def river_table(cards: npt.NDArray[np.intp], batch: int = 512,
                report: Progress = _noop) -> npt.NDArray[np.int16]:  # fmt: skip
    """Stage 1: the strength of every hand on each river board of ``cards`` (N, 5): (N,
    1326), -1 for the hands that share a card with the board."""
    n = len(cards)
    strengths = np.empty((n, COMBO_COUNT), dtype=np.int16)
    for start in range(0, n, batch):
        stop = min(start + batch, n)
        strengths[start:stop] = river_strengths(cards[start:stop])
        report("river strengths", stop, n)
    return strengths


@dataclass(frozen=True, slots=True, eq=False)
class TurnTable:
    """What stage 2 (:func:`turn_table`) gives: ``totals`` (N, 1326), each hand's sum of
    squared strengths over the rivers of each turn board (-1 where it shares a card with
    the board), and ``turn_river``, the (levels²) histogram of turn level -> river level
    over all deals, weighted by the boards' weights."""

    totals: I64s
    turn_river: F64s


def turn_table(
    cards: npt.NDArray[np.intp],
    weights: I64s,
    river_keys: I64s,
    strengths: npt.NDArray[np.int16],
    *,
    step: int = 10,
    report: Progress = _noop,
) -> TurnTable:
    """Stage 2, over the turn boards ``cards`` (N, 4) with their ``weights``, from the
    ``strengths`` of the canonical rivers ``river_keys`` (sorted: every canonical river
    after these turns must be there)."""
    n = len(cards)
    totals = np.full((n, COMBO_COUNT), -1, dtype=np.int64)
    turn_river = np.zeros(LEVELS * LEVELS)
    for start in range(0, n, step):
        stop = min(start + step, n)
        s = _next_card(cards[start:stop], river_keys, strengths).astype(np.int64)
        live = s >= 0
        total = np.where(live, s * s, 0).sum(axis=1)
        alive = live.any(axis=1)
        totals[start:stop] = np.where(alive, total, -1)
        level_t = np.broadcast_to(turn_level(total)[:, None, :], s.shape)
        cells = (level_t * LEVELS + river_level(np.maximum(s, 0)))[live]
        w = np.broadcast_to(weights[start:stop, None, None], s.shape)[live]
        turn_river += np.bincount(cells, weights=w, minlength=LEVELS * LEVELS)
        report("turn boards", stop, n)
    return TurnTable(totals, turn_river)


@dataclass(frozen=True, slots=True, eq=False)
class FlopTable:
    """What stage 3 (:func:`flop_table`) gives: the ``levels`` of every hand on each flop
    (:data:`DEAD` where it shares a card with it); histograms over all deals, weighted by
    the flops' weights: ``flop_turn`` (levels²) and ``preflop_flop`` (169 × levels,
    flat); and by starting-hand class, the weight of its deals and their sum of E[HS²]
    (``class_sum / class_weight`` is the class's pre-flop E[HS²])."""

    levels: U16s
    flop_turn: F64s
    preflop_flop: F64s
    class_sum: F64s
    class_weight: F64s


def flop_table(
    cards: npt.NDArray[np.intp],
    weights: I64s,
    turn_keys: I64s,
    totals: I64s,
    *,
    step: int = 10,
    report: Progress = _noop,
) -> FlopTable:
    """Stage 3, over the flops ``cards`` (N, 3) with their ``weights``, from the turn
    ``totals`` of the canonical turns ``turn_keys`` (sorted: every canonical turn after
    these flops must be there)."""
    n = len(cards)
    classes = class_of_combo()
    kinds = len(ALL_CLASSES)
    out = FlopTable(
        np.full((n, COMBO_COUNT), DEAD, dtype=np.uint16), np.zeros(LEVELS * LEVELS),
        np.zeros(kinds * LEVELS), np.zeros(kinds), np.zeros(kinds),
    )  # fmt: skip
    for start in range(0, n, step):
        stop = min(start + step, n)
        t = _next_card(cards[start:stop], turn_keys, totals)
        live = t >= 0
        total = np.where(live, t, 0).sum(axis=1)  # (m, 1326)
        alive = live.any(axis=1)
        level_f = flop_level(total)
        out.levels[start:stop] = np.where(alive, level_f, DEAD)
        cells = (np.broadcast_to(level_f[:, None, :], t.shape) * LEVELS
                 + turn_level(np.maximum(t, 0)))[live]  # fmt: skip
        w = np.broadcast_to(weights[start:stop, None, None], t.shape)[live]
        out.flop_turn[:] += np.bincount(cells, weights=w, minlength=LEVELS * LEVELS)
        wf = np.broadcast_to(weights[start:stop, None], alive.shape)[alive].astype(np.float64)
        cls = np.broadcast_to(classes[None, :], alive.shape)[alive]
        out.preflop_flop[:] += np.bincount(cls * LEVELS + level_f[alive], weights=wf,
                                           minlength=kinds * LEVELS)  # fmt: skip
        out.class_sum[:] += np.bincount(cls, weights=wf * total[alive] / FLOP_DEN,
                                        minlength=kinds)  # fmt: skip
        out.class_weight[:] += np.bincount(cls, weights=wf, minlength=kinds)
        report("flops", stop, n)
    return out
