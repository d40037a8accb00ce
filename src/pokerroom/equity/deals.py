"""Who may hold what: seats, the joint holdings of all players, and suit symmetry.

Each player's range becomes a :class:`Seat`: arrays of the combinations left once the board
and dead cards are removed.  A *holding* gives every player one combination; it is possible
when no card is used twice, and its weight is the product of the players' weights.  That is
the joint distribution equity is taken over: a combination that clashes with another
player's is excluded jointly, never filtered player by player.

Permuting suits changes no hand's value, so two holdings that a suit permutation maps onto
each other (keeping the board and the dead cards in place) have the same equity:
:func:`orbits` folds them together, summing their weights.  Preflop, AA against KK is 36
holdings but 3 orbits (the hands share no suit, one or two).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import permutations
from math import prod
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.equity.keys import HoleKeys, hole_keys
from pokerroom.ranges import COMBO_COUNT, Range, combo_cards, combo_index

__all__ = [
    "EquityError",
    "Holdings",
    "Seat",
    "Spot",
    "holdings",
    "orbits",
    "seat_of",
    "symmetries",
]

Int64s = npt.NDArray[np.int64]
U64s = npt.NDArray[np.uint64]
F64s = npt.NDArray[np.float64]
U8s = npt.NDArray[np.uint8]

class EquityError(ValueError):
    """An equity question that has no answer as asked: too few or too many players, a
    card used twice, a range with no hand left, more cards needed than the deck holds."""


# keys of holdings pack one combination index per player in base 1326 into an int64
_MAX_PACKED_PLAYERS: Final = 6


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's possible hands: ``cards`` (K, 2) codes, ``index`` their combination
    indices, ``weights``, card ``masks`` (bit ``13 * suit + rank``) and key sums."""

    cards: U8s
    index: Int64s
    weights: F64s
    masks: U64s
    rank: Int64s
    suit: npt.NDArray[np.uint16]

    def __len__(self) -> int:
        return len(self.index)

    def keys(self, picks: int | np.integer | npt.NDArray[np.intp]) -> HoleKeys:
        """The keys of the hands at ``picks`` (one index, or an array of them)."""
        return HoleKeys(self.rank[picks], self.suit[picks], self.masks[picks])


@functools.cache
def _combo_table() -> U8s:
    """The two cards of every combination index (higher code first), a (1326, 2) array."""
    table = np.array([combo_cards(i) for i in range(COMBO_COUNT)], dtype=np.uint8)
    table.setflags(write=False)
    return table


def seat_of(r: Range) -> Seat:
    items = r.indexed()
    index = np.array([i for i, _ in items], dtype=np.int64)
    weights = np.array([w for _, w in items], dtype=np.float64)
    cards = _combo_table()[index]
    keys = hole_keys(cards[:, 0], cards[:, 1])
    return Seat(cards, index, weights, keys.mask, keys.rank, keys.suit)


@dataclass(frozen=True, slots=True)
class Holdings:
    """Possible holdings: ``picks`` (N, A), row i the index into seat i of each holding's
    hand, the holdings' ``weights`` and the ``masks`` of all their cards."""

    picks: npt.NDArray[np.intp]
    weights: F64s
    masks: U64s

    def __len__(self) -> int:
        return len(self.weights)


def holdings(seats: list[Seat], limit: int) -> Holdings | None:
    """Every possible holding, or None when the product of the range sizes exceeds
    ``limit`` (the caller then samples instead)."""
    if prod(len(s) for s in seats) > limit:
        return None
    cols: list[npt.NDArray[np.intp]] = []
    weights = np.ones(1, dtype=np.float64)
    masks = np.zeros(1, dtype=np.uint64)
    for seat in seats:
        ok = (masks[:, None] & seat.masks[None, :]) == 0
        flat = np.flatnonzero(ok)
        held, pick = np.divmod(flat, len(seat))
        cols = [c.take(held) for c in cols] + [pick]
        weights = weights.take(held) * seat.weights.take(pick)
        masks = masks.take(held) | seat.masks.take(pick)
    return Holdings(np.array(cols, dtype=np.intp).reshape(len(seats), -1), weights, masks)


@functools.cache
def _suit_maps() -> tuple[tuple[tuple[int, ...], npt.NDArray[np.intp]], ...]:
    """Every permutation of the four suits as a card map (code -> code)."""
    out = []
    for perm in permutations(range(4)):
        out.append((perm, np.array([(c & ~3) | perm[c & 3] for c in range(52)], dtype=np.intp)))
    return tuple(out)


def symmetries(board: tuple[int, ...], dead: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The suit permutations (``perm[suit]`` is the new suit) that keep the board and the
    dead cards in place as sets; the identity first."""
    out = []
    for perm, cmap in _suit_maps():
        if {int(cmap[c]) for c in board} == set(board) and {int(cmap[c]) for c in dead} == set(
            dead
        ):
            out.append(perm)
    return out


@functools.cache
def _combo_map(perm: tuple[int, ...]) -> Int64s:
    """Combination index -> the index of its image under a suit permutation."""
    out = np.empty(COMBO_COUNT, dtype=np.int64)
    for i in range(COMBO_COUNT):
        a, b = combo_cards(i)
        out[i] = combo_index((a & ~3) | perm[a & 3], (b & ~3) | perm[b & 3])
    return out


def orbits(
    seats: list[Seat], held: Holdings, perms: list[tuple[int, ...]]
) -> tuple[U8s, F64s]:
    """One representative per orbit of the holdings under the suit permutations ``perms``,
    as an (O, N, 2) array of hole cards, with each orbit's total weight.

    With only the identity, or more players than fit a packed key, every holding is its
    own orbit."""
    n = len(seats)
    glob = np.stack([s.index[held.picks[i]] for i, s in enumerate(seats)], axis=1)
    if len(perms) <= 1 or n > _MAX_PACKED_PLAYERS:
        cards = np.stack([s.cards[held.picks[i]] for i, s in enumerate(seats)], axis=1)
        return cards, held.weights
    scale = np.array([COMBO_COUNT**i for i in range(n)], dtype=np.int64)
    best: Int64s | None = None
    for perm in perms:
        key = _combo_map(perm)[glob] @ scale
        best = key if best is None else np.minimum(best, key)
    assert best is not None
    keys, inverse = np.unique(best, return_inverse=True)
    weights = np.bincount(inverse.ravel(), weights=held.weights, minlength=len(keys)).astype(
        np.float64
    )
    digits = (keys[:, None] // scale[None, :]) % COMBO_COUNT
    reps: U8s = _combo_table()[digits]
    return reps, weights


@dataclass(frozen=True, slots=True)
class Spot:
    """An equity question in arrays: the seats, the known board and dead cards, the live
    cards (neither on the board nor dead; they include the hole cards) and how many board
    cards are still to come."""

    seats: list[Seat]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    live: npt.NDArray[np.intp]
    to_come: int
