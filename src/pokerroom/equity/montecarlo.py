"""Monte Carlo equity: deals drawn from the exact joint distribution, in batches.

A deal is drawn in two steps, both exact:

* the holding: fixed when every player holds one hand; drawn from the listed possible
  holdings by weight when they are few or all of one weight; otherwise each player's hand
  is drawn from their range by weight and the whole holding is redrawn whenever two
  players' cards clash (rejection: accepted holdings follow the product of the weights
  restricted to those without a clash, which is the joint distribution);
* the board: each missing card uniform among the live cards no one holds and no earlier
  board card took (16 random bits per draw, redrawing the few that clash).

Random numbers come only from the ``numpy.random.Generator`` passed in.  Each batch's
equity shares give a mean and a standard error per player; the caller's :class:`StopRule`
ends the run after a number of deals, at a target standard error, or when its own clock
says the time budget is spent (the clock is the caller's: this module never reads one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.equity.deals import EquityError, Holdings, Seat, Spot
from pokerroom.equity.exact import Tally
from pokerroom.equity.keys import boards_of, hole_keys, live_positions, values
from pokerroom.equity.showdown import tally

__all__ = ["BATCH", "StopRule", "deal", "simulate", "standard_errors"]

BATCH: Final = 1 << 15  # deals per batch
_SHUFFLE_FROM: Final = 8  # deal more values than this by shuffling
_SEARCH_HOLDINGS: Final = 1 << 16  # draw by weight from at most this many listed holdings
_REJECTION_FLOOR: Final = 1e-4  # give up when fewer holdings than this are accepted...
_REJECTION_TRIES: Final = 1 << 20  # ...after this many tries

U8s = npt.NDArray[np.uint8]
F64s = npt.NDArray[np.float64]
Progress = Callable[[int, int | None], None]


@dataclass(frozen=True, slots=True)
class StopRule:
    """When a Monte Carlo run ends: after ``samples`` deals, once every player's standard
    error is at most ``target_error``, or when ``clock() - start >= time_budget``; the
    first that holds.  At least one must be set."""

    samples: int | None = None
    target_error: float | None = None
    time_budget: float | None = None
    clock: Callable[[], float] | None = None


def _uniform(rng: np.random.Generator, n: int, size: int) -> tuple[U8s, npt.NDArray[np.bool_]]:
    """``size`` values uniform in ``range(n)`` (n <= 256) by Lemire's multiply-shift on 16
    random bits, and which of them must be redrawn (the rare rejections that keep every
    value exactly equally likely).  The bits are the generator's raw 64-bit output."""
    raw = rng.bit_generator.random_raw(-(-size // 4)).view(np.uint16)[:size]
    return lemire(raw, n)


def lemire(raw: npt.NDArray[np.uint16], n: int) -> tuple[U8s, npt.NDArray[np.bool_]]:
    """Map 16-bit values to ``range(n)``: ``raw * n >> 16``, rejecting the ``2**16 % n``
    low products per value that would make some values likelier than others."""
    product = raw.astype(np.uint32) * np.uint32(n)
    halves = product.view(np.uint16)  # little-endian: low, high
    return halves[1::2].astype(np.uint8), halves[0::2] < (1 << 16) % n


def _uniform_exact(rng: np.random.Generator, n: int, size: int) -> U8s:
    out, rejected = _uniform(rng, n, size)
    redo = np.flatnonzero(rejected)
    while redo.size:
        v, again = _uniform(rng, n, redo.size)
        out[redo[~again]] = v[~again]
        redo = redo[again]
    return out


def _shuffled(rng: np.random.Generator, n: int, count: int, size: int) -> U8s:
    """The first ``count`` positions of ``size`` independent partial shuffles of
    ``range(n)``, as a (count, size) array."""
    decks = np.repeat(np.arange(n, dtype=np.uint8)[:, None], size, axis=1)
    flat = decks.reshape(-1)
    cols = np.arange(size)
    for j in range(count):
        swap = (j + _uniform_exact(rng, n - j, size)).astype(np.intp) * size + cols
        picked = flat.take(swap)
        flat[swap] = decks[j]
        decks[j] = picked
    return decks[:count]


def deal(
    rng: np.random.Generator, n: int, count: int, size: int, taken: list[U8s] | tuple[()] = ()
) -> U8s:
    """A (count, size) array: ``size`` deals of ``count`` distinct values from
    ``range(n)`` (n <= 256), none equal to a ``taken`` row's value at its position.

    Row j is drawn uniformly and then each clash with the rows before it (or a rare
    rejection of the uniform draw) is redrawn until none is left: each row is uniform
    among the values still free, which makes every deal equally likely.  Many values and
    nothing taken: a partial Fisher-Yates shuffle of every deck at once instead, which
    never clashes."""
    if not taken and count > _SHUFFLE_FROM:
        return _shuffled(rng, n, count, size)
    out, rejected = _uniform(rng, n, count * size)
    out = out.reshape(count, size)
    rejected = rejected.reshape(count, size)
    before: list[U8s] = list(taken)
    for j in range(count):
        row = out[j]
        bad = rejected[j]
        for t in before:
            bad |= row == t
        redo = np.flatnonzero(bad)
        while redo.size:
            v, again = _uniform(rng, n, redo.size)
            ok = ~again
            for t in before:
                ok &= v != t[redo]
            row[redo[ok]] = v[ok]
            redo = redo[~ok]
        before.append(row)
    return out


def _running_total(weights: F64s) -> F64s | None:
    """What :func:`_draw` takes: the running total of ``weights``, None when all are equal."""
    return None if np.all(weights == weights[0]) else np.cumsum(weights)


def _draw(rng: np.random.Generator, n: int, cum: F64s | None, size: int) -> npt.NDArray[np.intp]:
    """``size`` indices into ``range(n)`` drawn by weight (``cum`` the running total of the
    weights; None when all weigh the same)."""
    if cum is None:
        return rng.integers(0, n, size=size)
    # random() < 1, and a product x * u with u < 1 rounds below x: every index is below n
    picks: npt.NDArray[np.intp] = np.searchsorted(cum, rng.random(size) * cum[-1], side="right")
    return picks


def _draw_rejecting(
    rng: np.random.Generator, seats: list[Seat], size: int
) -> npt.NDArray[np.intp]:
    """(N, size) seat indices: independent draws by weight, clashing holdings redrawn."""
    rows = np.empty((len(seats), size), dtype=np.intp)
    todo = np.arange(size)
    tries = accepted = 0
    by_seat = [(len(s), _running_total(s.weights)) for s in seats]
    while todo.size:
        picks = np.stack([_draw(rng, k, cum, todo.size) for k, cum in by_seat])
        used = seats[0].masks[picks[0]]
        clash = np.zeros(todo.size, dtype=np.bool_)
        for i in range(1, len(seats)):
            m = seats[i].masks[picks[i]]
            clash |= (used & m) != 0
            used |= m
        rows[:, todo[~clash]] = picks[:, ~clash]
        tries += todo.size
        accepted += int(np.count_nonzero(~clash))
        if tries >= _REJECTION_TRIES and accepted < _REJECTION_FLOOR * tries:
            raise EquityError(
                f"the ranges almost never fit together: {accepted} of {tries} drawn holdings "
                "had no card twice"
            )
        todo = todo[clash]
    return rows


def standard_errors(counts: npt.NDArray[np.float64], squares: npt.NDArray[np.float64],
                    deals: int) -> npt.NDArray[np.float64]:
    """Per player, the standard error of the mean equity share over ``deals`` deals."""
    k = np.arange(1, counts.shape[1], dtype=np.float64)  # pots shared by k players
    mean = (counts[:, 1:] / k).sum(axis=1) / deals
    second = squares / deals
    var = np.maximum(second - mean * mean, 0.0) * deals / max(deals - 1, 1)
    out: npt.NDArray[np.float64] = np.sqrt(var / deals)
    return out


def simulate(
    spot: Spot,
    held: Holdings | None,
    rng: np.random.Generator,
    rule: StopRule,
    progress: Progress | None = None,
) -> Tally:
    """Draw deals in batches until the rule says stop; ``held`` are the enumerated
    holdings, or None when there were too many to list."""
    n = len(spot.seats)
    start = rule.clock() if rule.clock and rule.time_budget is not None else 0.0
    counts = np.zeros((n, n + 1), dtype=np.float64)
    inv_sq = 1.0 / np.maximum(np.arange(n + 1, dtype=np.float64), 1.0) ** 2
    squares = np.zeros(n, dtype=np.float64)
    fixed = held is not None and len(held) == 1
    cum: npt.NDArray[np.float64] | None = None
    if held is not None and not fixed:
        even = bool(np.all(held.weights == held.weights[0]))
        if even or len(held) <= _SEARCH_HOLDINGS:
            cum = None if even else np.cumsum(held.weights)
        else:
            held = None  # drawing seat by seat and rejecting clashes is cheaper
    by_holding = held is not None and not fixed
    if fixed:
        assert held is not None
        hole = np.stack([s.cards[held.picks[i, 0]] for i, s in enumerate(spot.seats)])
        deck = spot.live[~np.isin(spot.live, hole)]
        keys = [hole_keys(a, b) for a, b in hole]
    else:
        deck = spot.live
        where = live_positions(spot.live)
    done = 0
    while True:
        size = BATCH if rule.samples is None else min(BATCH, rule.samples - done)
        vals = np.empty((n, size), dtype=np.uint16)
        if fixed:
            taken: list[U8s] = []
        else:
            if by_holding:
                assert held is not None
                rows = held.picks.take(_draw(rng, len(held), cum, size), axis=1)
            else:
                rows = _draw_rejecting(rng, spot.seats, size)
            taken = []
            for i, seat in enumerate(spot.seats):
                cards = seat.cards[rows[i]]
                taken += [where[cards[:, 0]].astype(np.uint8), where[cards[:, 1]].astype(np.uint8)]
        boards = boards_of(deal(rng, len(deck), spot.to_come, size, taken), spot.board, deck)
        for i, seat in enumerate(spot.seats):
            vals[i] = values(boards, keys[i] if fixed else seat.keys(rows[i]))
        batch = tally(vals)
        counts += batch
        squares += batch @ inv_sq
        done += size
        if progress:
            progress(done, rule.samples)
        if _stops(rule, counts, squares, done, start):
            break
    return Tally(counts, float(done), done, squares)


def _stops(rule: StopRule, counts: npt.NDArray[np.float64], squares: npt.NDArray[np.float64],
           done: int, start: float) -> bool:  # fmt: skip
    """Whether ``rule`` stops after ``done`` deals (judged after whole batches: never on
    fewer than BATCH deals unless that is all it asks for); ``start``: its clock at the
    start."""
    if rule.samples is not None and done >= rule.samples:
        return True
    if (
        rule.target_error is not None
        and float(standard_errors(counts, squares, done).max()) <= rule.target_error
    ):
        return True
    return bool(
        rule.clock and rule.time_budget is not None and rule.clock() - start >= rule.time_budget
    )
