"""Exact equity by rank patterns: the boards to come counted by their ranks, flushes apart.

A seven-card hand is worth what its ranks make, unless five of its cards share a suit;
then it is a flush, which beats anything the ranks alone make in seven cards
(:mod:`pokerroom.evaluator.tables`).  So the boards still to come need not be listed:

* **ranks** (:func:`rank_tallies`): one multiset of the ranks to come (6,175 of them for five
  cards, 91 for two) stands for every board with those ranks, ``prod C(a_r, c_r)`` of them,
  ``a_r`` the live cards of rank r that no player holds and ``c_r`` the board's count of r;
  each hand's rank-only value on it is one lookup.  Holdings whose players hold the same
  ranks (AhAd-KcKs and AsAc-KhKd) have the same counts and values, so they share one tally.
* **flushes**: a player makes a flush only when at least three board cards share a suit,
  which one suit at most can do.  On those boards the tally is corrected from the rank-only
  values to the true ones.  Pre-flop, by *flush classes* (:func:`flush_classes`): the suit,
  the set of ranks the board holds in it, and the multiset of its other ranks, again
  counted rather than listed (AhKh against QsQc: 35,000 classes where the plain
  enumeration lists 1,712,304 boards).  On the flop and later, board by board
  (:func:`flush_boards`), but only the boards with three of a suit and only the holdings
  with a player who can reach five of it.

The sum of the two parts is exactly the plain enumeration's tally
(:mod:`pokerroom.equity.exact`), in integers; the tests check that on random spots.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from math import comb

import numpy as np
import numpy.typing as npt

from pokerroom.equity.deals import Holdings, Seat
from pokerroom.equity.keys import Boards
from pokerroom.equity.showdown import tally_rows
from pokerroom.evaluator.keys import HoleKeys, hole_values
from pokerroom.evaluator.tables import RANK_KEYS, flush_table, rank_multisets, tables

__all__ = ["Deck", "Patterns", "Plan", "deck_of", "flush_boards", "flush_class_count",
           "flush_classes", "flush_plan", "patterns", "plan_cells", "possible_patterns",
           "rank_signatures", "rank_tallies", "suit_sets"]

Int64s = npt.NDArray[np.int64]
U16s = npt.NDArray[np.uint16]
Tallies = npt.NDArray[np.int64]

_CELLS = 1 << 20  # cells (holdings or groups x boards or classes) scored per step
_KEYS = np.array(RANK_KEYS[7], dtype=np.int64)
_KEYS.setflags(write=False)
# _COMB[a, c]: the ways to pick c cards of a rank from the a still available
_COMB = np.array([[comb(a, c) for c in range(6)] for a in range(5)], dtype=np.int64)
_COMB.setflags(write=False)
_PACKED_PLAYERS = 8  # 169 ** 8 < 2 ** 63: a holding's ranks as one int64


@dataclass(frozen=True, slots=True)
class Patterns:
    """Every multiset of t ranks (at most four of each): its rank key sum (``keys``), and
    its distinct ranks with their counts (``ranks``, ``counts``: (C, max(t, 1)), padded
    with count 0)."""

    keys: Int64s
    ranks: Int64s
    counts: Int64s

    def weights(self, avail: Int64s) -> Int64s:
        """(G, C): for each row of ``avail`` (G, 13: the cards of each rank still to be
        had), how many boards have the ranks of each multiset."""
        out = np.ones((len(avail), len(self.keys)), dtype=np.int64)
        for j in range(self.ranks.shape[1]):
            out *= _COMB[avail[:, self.ranks[:, j]], self.counts[None, :, j]]
        return out


@functools.cache
def patterns(t: int) -> Patterns:
    """The rank patterns of t board cards (0 to 5), built once."""
    rows = rank_multisets(t)
    width = max(t, 1)
    ranks = np.zeros((len(rows), width), dtype=np.int64)
    counts = np.zeros((len(rows), width), dtype=np.int64)
    for c, row in enumerate(rows):
        present = np.flatnonzero(row)
        ranks[c, : len(present)] = present
        counts[c, : len(present)] = row[present]
    keys = rows @ _KEYS
    for a in (keys, ranks, counts):
        a.setflags(write=False)
    return Patterns(keys, ranks, counts)


@functools.cache
def suit_sets(k: int) -> tuple[Int64s, Int64s]:
    """Every set of k ranks as a 13-bit mask, and the rank key sum of each."""
    masks = np.arange(1 << 13, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(13)) & 1
    chosen = bits.sum(axis=1) == k
    out = masks[chosen], bits[chosen] @ _KEYS
    for a in out:
        a.setflags(write=False)
    return out


@dataclass(frozen=True, slots=True)
class Deck:
    """What a spot leaves: per suit the 13-bit rank mask of the ``live`` cards, and of the
    known board its rank key sum (``key``), per suit its card count and rank mask."""

    live: tuple[int, int, int, int]
    key: int
    suit_count: tuple[int, int, int, int]
    suit_mask: tuple[int, int, int, int]

    def live_counts(self) -> Int64s:
        """The live cards of each rank, (13,)."""
        counts: Int64s = _bits(np.array(self.live, dtype=np.int64)).sum(axis=0)
        return counts


def _bits(masks: Int64s) -> Int64s:
    """(…, 13): the bits of 13-bit masks."""
    return (masks[..., None] >> np.arange(13)) & 1


def _by_suit(codes: list[int]) -> tuple[int, int, int, int]:
    masks = [0, 0, 0, 0]
    for c in codes:
        masks[c & 3] |= 1 << (c >> 2)
    return masks[0], masks[1], masks[2], masks[3]


def deck_of(board: tuple[int, ...], live: npt.NDArray[np.intp]) -> Deck:
    on_board = _by_suit(list(board))
    counts = tuple(m.bit_count() for m in on_board)
    key = int(sum(_KEYS[c >> 2] for c in board))
    return Deck(_by_suit([int(c) for c in live]), key,
                (counts[0], counts[1], counts[2], counts[3]), on_board)


def rank_signatures(ranks: npt.NDArray[np.integer]) -> tuple[Int64s, npt.NDArray[np.intp]]:
    """Holdings grouped by the ranks their players hold: ``ranks`` is (H, N, 2); returns
    the distinct rows, (G, N, 2) with each pair high rank first, and each holding's row."""
    h, n = ranks.shape[:2]
    pairs = np.sort(ranks.astype(np.int64), axis=2)[:, :, ::-1]
    if n > _PACKED_PLAYERS:
        rows, inverse = np.unique(pairs.reshape(h, 2 * n), axis=0, return_inverse=True)
        return rows.reshape(-1, n, 2), inverse.reshape(-1)
    # one base-169 digit per player: far faster to sort than rows
    digits = pairs[:, :, 0] * 13 + pairs[:, :, 1]
    scale = 169 ** np.arange(n, dtype=np.int64)
    packed = digits @ scale
    if n <= 2:  # few enough keys to find without sorting
        present = np.zeros(169**n, dtype=np.bool_)
        present[packed] = True
        keys = np.flatnonzero(present)
        inverse = (np.cumsum(present) - 1)[packed]
    else:
        keys, inverse = np.unique(packed, return_inverse=True)
    digits = (keys[:, None] // scale[None, :]) % 169
    return np.stack([digits // 13, digits % 13], axis=2), inverse.reshape(-1)


def rank_tallies(deck: Deck, to_come: int, holes: Int64s) -> Tallies:
    """(G, N, N + 1) tallies of each row of ``holes`` (G, N, 2: every player's two ranks)
    over every board to come, every hand valued by its ranks alone."""
    g, n = holes.shape[:2]
    pat = patterns(to_come)
    live = deck.live_counts()
    used = np.zeros((g, 13), dtype=np.int64)
    rows = np.repeat(np.arange(g), 2 * n)
    np.add.at(used, (rows, holes.reshape(-1)), 1)
    avail = live[None, :] - used
    possible = _possible(live, pat)
    keys = pat.keys[possible] + deck.key
    sub = Patterns(keys, pat.ranks[possible], pat.counts[possible])
    hole = _KEYS[holes].sum(axis=2).T  # (N, G)
    rank_array = tables(7).rank_array
    out = np.empty((g, n, n + 1), dtype=np.int64)
    step = max(1, _CELLS // max(1, len(keys)))
    for start in range(0, g, step):
        part = slice(start, start + step)
        vals = rank_array.take(hole[:, part, None] + keys[None, None, :], mode="clip")
        out[part] = tally_rows(vals, sub.weights(avail[part]))
    return out


def _possible(live: Int64s, pat: Patterns) -> npt.NDArray[np.bool_]:
    """Which rank patterns the deck's ``live`` cards (per rank) can make."""
    possible: npt.NDArray[np.bool_] = np.all(_COMB[live[pat.ranks], pat.counts] > 0, axis=1)
    return possible


def possible_patterns(deck: Deck, to_come: int) -> int:
    """How many rank patterns of ``to_come`` cards the deck can make (what
    :func:`rank_tallies` scores per group)."""
    return int(_possible(deck.live_counts(), patterns(to_come)).sum())


def flush_classes(deck: Deck, to_come: int, holes: npt.NDArray[np.integer]) -> Tallies:
    """The correction, (N, N + 1), that turns the rank-only tally of one holding (``holes``
    (N, 2) card codes) over every board to come into the true one: the boards where a
    player makes a flush, counted in classes (suit, its ranks on the board, the others)."""
    holes = np.asarray(holes, dtype=np.int64)
    n = len(holes)
    held = _by_suit([int(c) for c in holes.ravel()])
    avail = np.array([deck.live[s] & ~held[s] for s in range(4)], dtype=np.int64)
    avail_bits = _bits(avail)  # (4, 13)
    hole_key = _KEYS[holes >> 2].sum(axis=1)
    out = np.zeros((n, n + 1), dtype=np.int64)
    for s in range(4):
        suit = _Suit(s, int(avail[s]), avail_bits.sum(axis=0) - avail_bits[s],
                     [_by_suit([int(c) for c in pair])[s] for pair in holes], hole_key)
        reach = max(m.bit_count() for m in suit.mine)
        for k in range(max(0, 5 - deck.suit_count[s] - reach), to_come + 1):
            out += _flush_class(deck, suit, k, to_come - k)
    return out


def flush_class_count(deck: Deck, to_come: int, holes: npt.NDArray[np.integer]) -> int:
    """How many flush classes :func:`flush_classes` scores for this holding (an upper
    bound: it counts the rank multisets of the other cards without their weights)."""
    held = _by_suit([int(c) for c in np.asarray(holes).ravel()])
    total = 0
    for s in range(4):
        reach = max(_by_suit([int(a), int(b)])[s].bit_count() for a, b in holes)
        avail = (deck.live[s] & ~held[s]).bit_count()
        for k in range(max(0, 5 - deck.suit_count[s] - reach), to_come + 1):
            total += comb(avail, k) * len(patterns(to_come - k).keys)
    return total


@dataclass(frozen=True, slots=True)
class _Suit:
    """One holding seen from one suit: the ranks of the suit still ``avail``able to the
    board, the cards of each other rank (``others``), each player's ranks in the suit
    (``mine``) and rank key sum (``hole_key``)."""

    suit: int
    avail: int
    others: Int64s
    mine: list[int]
    hole_key: Int64s


def _flush_class(deck: Deck, suit: _Suit, k: int, rest: int) -> Tallies:
    """The correction over the boards with exactly k cards to come in the suit (and
    ``rest`` in the others)."""
    n = len(suit.mine)
    masks, keys = suit_sets(k)
    fits = (masks & ~suit.avail) == 0
    masks, keys = masks[fits], keys[fits]
    pat = patterns(rest)
    weights = pat.weights(suit.others[None, :])[0]
    keep = weights > 0
    rest_keys, weights = pat.keys[keep], weights[keep]
    if not len(masks) or not len(weights):
        return np.zeros((n, n + 1), dtype=np.int64)
    index = (deck.key + keys)[:, None] + rest_keys[None, :]  # (A, B)
    plain = tables(7).rank_array.take(index[None] + suit.hole_key[:, None, None], mode="clip")
    true = plain.copy()
    suited = deck.suit_mask[suit.suit] | masks
    for i, m in enumerate(suit.mine):
        if deck.suit_count[suit.suit] + k + m.bit_count() >= 5:
            true[i] = flush_table()[suited | m][:, None]
    cells = np.broadcast_to(weights, index.shape).reshape(1, -1)
    shape = (n, 1, index.size)
    out: Tallies = (tally_rows(true.reshape(shape), cells)
                    - tally_rows(plain.reshape(shape), cells))[0]
    return out


Plan = list[tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]]


def flush_plan(seats: list[Seat], held: Holdings, boards: Boards) -> Plan:
    """Where :func:`flush_boards` must look: pairs of (boards, holdings), the boards with c
    cards of one suit (c = 3, 4, 5) and the holdings with a player who holds 5 - c of it."""
    counts = (boards.suit[None, :] >> (4 * np.arange(4, dtype=np.uint16))[:, None]) & 15
    top, suit_of = counts.max(axis=0), counts.argmax(axis=0)
    # per holding and suit: the most cards of the suit any player holds
    reach = np.zeros((len(held), 4), dtype=np.int8)
    for i, seat in enumerate(seats):
        suits = seat.cards & 3
        per_combo = (suits[:, :, None] == np.arange(4)).sum(axis=1, dtype=np.int8)  # (K, 4)
        np.maximum(reach, per_combo[held.picks[i]], out=reach)
    plan = []
    for s in range(4):
        for c in (3, 4, 5):
            on = np.flatnonzero((suit_of == s) & (top == c))
            who = np.flatnonzero(reach[:, s] >= 5 - c) if on.size else on
            if on.size and who.size:
                plan.append((on, who))
    return plan


def plan_cells(plan: Plan) -> int:
    """How many (holding, board) cells a plan scores."""
    return sum(on.size * who.size for on, who in plan)


def flush_boards(seats: list[Seat], held: Holdings, boards: Boards, plan: Plan) -> Tallies:
    """The corrections, (H, N, N + 1), that turn each holding's rank-only tally over the
    ``boards`` (every board to come, with card masks) into the true one, board by board
    where the ``plan`` (:func:`flush_plan`) says a player may make a flush."""
    n = len(seats)
    out = np.zeros((len(held), n, n + 1), dtype=np.int64)
    for on, who in plan:
        step = max(1, _CELLS // on.size)
        for start in range(0, who.size, step):
            part = who[start : start + step]
            out[part] += _board_correction(seats, held, boards, on, part)
    return out


def _board_correction(seats: list[Seat], held: Holdings, boards: Boards,
                      on: npt.NDArray[np.intp], who: npt.NDArray[np.intp]) -> Tallies:
    """The holdings ``who`` on the boards ``on``: true tallies less rank-only ones."""
    assert boards.mask is not None
    rank, suit, mask = boards.rank[on], boards.suit[on], boards.mask[on]
    rank_array = tables(7).rank_array
    true = np.empty((len(seats), len(who), len(on)), dtype=np.uint16)
    plain = np.empty_like(true)
    for i, seat in enumerate(seats):
        picks = held.picks[i, who]
        if len(seat) > len(on) * len(who):  # value only the combinations held
            combos, picks = np.unique(picks, return_inverse=True)
        else:
            combos = np.arange(len(seat))
        keys = seat.keys(combos)
        column = HoleKeys(keys.rank[:, None], keys.suit[:, None], keys.mask[:, None])
        values = hole_values(rank[None, :], suit[None, :], mask[None, :], column)
        true[i] = values.take(picks, axis=0)
        plain[i] = rank_array.take(keys.rank[:, None] + rank[None, :], mode="clip").take(
            picks, axis=0)
    valid = (held.masks[who, None] & mask[None, :]) == 0
    out: Tallies = tally_rows(true, valid) - tally_rows(plain, valid)
    return out
