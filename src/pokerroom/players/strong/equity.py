"""The ``strong`` bot's equity after the flop: its hand against each opponent's range.

:class:`RangeEquity` answers "what share of the pot do I win at the showdown against
these weighted ranges?", and the same against any reweighting of them (the hands that
would call a bet, say) without dealing again:

* on the river, exactly: every combination's value on the board against the bot's, one
  share per combination (1, 1/2 or 0), averaged under each range (opponents multiply);
* on the flop and turn, from ``samples`` deals: each opponent's hand drawn from its range
  by weight (clashing draws redrawn), the rest of the board uniform among the cards left
  (deals where it takes an opponent's card are dropped);
  with four or more opponents the hands are dealt uniformly and weighted by their ranges.
  Every deal keeps the opponents' combinations, so a reweighting is one dot product.

:class:`DealtEquity` plays the games the ranges cannot describe (wild cards, hands that
must use hole cards): opponents' hands dealt at random from the cards left, the joker
included, each deal valued by the rules' evaluator.

Ace-king of hearts on a flop with two hearts, against any hand (0.727 exactly), then
against the better half of the hands (the reweighting, checked by dealing from that half):

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.players.strong.cards import board_strength
>>> from pokerroom.players.strong.ranges import Continuing, Ranking
>>> hole = [int(c) for c in parse_cards("Ah Kh")]
>>> board = [int(c) for c in parse_cards("Qh 7h 2c")]
>>> e = RangeEquity(hole, board, [np.ones(1326)], np.random.default_rng(1), samples=2000)
>>> ranking = Ranking(board_strength(board).strength)
>>> top = Continuing(ranking, np.ones(1326), fold=0.5, belief=1.0)
>>> dealt = RangeEquity(hole, board, [top.at()], np.random.default_rng(2), samples=4000)
>>> round(e.value(), 2), round(e.value([top]), 2), round(dealt.value(), 2)
(0.75, 0.57, 0.54)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.equity.keys import boards_of, hole_keys, values
from pokerroom.equity.montecarlo import deal
from pokerroom.evaluator import rank, rank_batch, rank_wild_batch
from pokerroom.evaluator.wildcards import WildCards
from pokerroom.players.strong.cards import CARD_A, CARD_B, COMBO_BITS, board_values, conflicts
from pokerroom.players.strong.ranges import Continuing

__all__ = ["DealtEquity", "RangeEquity", "shares"]

F64s = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]

_REDRAWS: Final = 6
_WEIGHTED_DRAWS_UP_TO: Final = 3  # opponents; more are dealt uniformly and weighted


def shares(hero: npt.NDArray[np.integer], others: Sequence[npt.NDArray[np.integer]]) -> F64s:
    """The bot's share of the pot in each deal: 1 when its value beats every other,
    1/k when it ties k - 1 others for the best, else 0."""
    best = others[0].copy()
    for v in others[1:]:
        np.maximum(best, v, out=best)
    ties = np.zeros(len(hero), dtype=np.float64)
    for v in others:
        ties += v == hero
    out: F64s = np.where(hero > best, 1.0, np.where(hero == best, 1.0 / (1.0 + ties), 0.0))
    return out


def _draw(rng: np.random.Generator, cum: F64s, size: int) -> Ints:
    """``size`` combinations drawn by weight (``cum``: the running total of the weights)."""
    picks: Ints = np.searchsorted(cum, rng.random(size) * cum[-1], side="right")
    return np.minimum(picks, len(cum) - 1)


def _runout(rng: np.random.Generator, n: int, count: int, size: int) -> Ints:
    """(count, size) positions in a deck of ``n``: ``size`` runouts of ``count`` (1 or 2)
    distinct cards, each runout uniform."""
    first: Ints = rng.integers(0, n, size=size)
    if count == 1:
        return first[None, :]
    second: Ints = rng.integers(0, n - 1, size=size)
    second += second >= first
    return np.stack([first, second])


class RangeEquity:
    """The bot's hand ``hole`` on ``board`` (3 to 5 cards) against one range per opponent
    (weights per combination).  A range with no weight left counts as every hand."""

    def __init__(
        self,
        hole: Sequence[int],
        board: Sequence[int],
        ranges: Sequence[F64s],
        rng: np.random.Generator,
        samples: int = 400,
    ) -> None:
        dead = [*hole, *board]
        free = ~conflicts(dead)
        self.ranges = []
        for w in ranges:
            r = w * free
            self.ranges.append(r if r.sum() > 0 else free.astype(np.float64))
        self.river = len(board) == 5
        if self.river:
            theirs = board_values(list(board))
            mine = rank([*hole, *board])
            self.share: F64s = np.where(mine > theirs, 1.0, np.where(mine == theirs, 0.5, 0.0))
            return
        live = np.array([c for c in range(52) if c not in dead], dtype=np.intp)
        k = len(self.ranges)
        if k <= _WEIGHTED_DRAWS_UP_TO:
            # hands by weight, the board uniform, deals where they clash dropped: each
            # hand clashes with as many runouts, so the hands keep their weights
            combos, ok = self._weighted(rng, samples)
            runout = _runout(rng, len(live), 5 - len(board), samples)
            cards = live[runout]
            bits = np.bitwise_or.reduce(np.uint64(1) << cards.astype(np.uint64), axis=0)
            for row in combos:
                ok &= (COMBO_BITS[row] & bits) == 0
            keep = np.flatnonzero(ok)
            combos, runout = combos[:, keep], runout[:, keep]
            weight = np.ones(len(keep))
        else:
            dealt = deal(rng, len(live), 2 * k + 5 - len(board), samples)
            codes = live.take(dealt[: 2 * k])
            hi, lo = np.maximum(codes[0::2], codes[1::2]), np.minimum(codes[0::2], codes[1::2])
            combos = hi * (hi - 1) // 2 + lo
            runout = dealt[2 * k :].astype(np.intp)
            weight = np.ones(samples)
            for i, row in enumerate(combos):
                weight *= self.ranges[i][row]
        boards = boards_of(runout, list(board), live)
        mine_v = values(boards, hole_keys(hole[0], hole[1]))
        theirs_v = [values(boards, hole_keys(CARD_A[row], CARD_B[row])) for row in combos]
        self.combos = combos
        self.weight = weight
        self.share = shares(mine_v, theirs_v)

    def _weighted(self, rng: np.random.Generator, size: int) -> tuple[Ints, npt.NDArray[np.bool_]]:
        """Each opponent's combination drawn by weight; deals where two clash are redrawn
        a few times, then dropped (``ok`` False)."""
        cums = [np.cumsum(w) for w in self.ranges]
        rows = np.stack([_draw(rng, cum, size) for cum in cums])
        ok = np.ones(size, dtype=np.bool_)
        if len(rows) == 1:
            return rows, ok
        for _ in range(_REDRAWS):
            used = COMBO_BITS[rows[0]]
            clash = np.zeros(size, dtype=np.bool_)
            for row in rows[1:]:
                bits = COMBO_BITS[row]
                clash |= (used & bits) != 0
                used |= bits
            redo = np.flatnonzero(clash)
            if not redo.size:
                break
            for i, cum in enumerate(cums):
                rows[i, redo] = _draw(rng, cum, redo.size)
        else:
            ok = ~clash
        return rows, ok

    def value(self, gains: Sequence[Continuing | None] | None = None) -> float:
        """The bot's equity, each opponent's range reweighted by ``gains[i]`` (None
        leaves it)."""
        gains = gains if gains is not None else [None] * len(self.ranges)
        if self.river:
            out = 1.0
            for w, g in zip(self.ranges, gains, strict=True):
                r = w if g is None else w * g.at()
                total = float(r.sum())
                out *= float(r @ self.share) / total if total > 0 else 0.5
            return out
        weight = self.weight
        if not len(weight):
            return 0.5
        for row, g in zip(self.combos, gains, strict=True):
            if g is not None:
                weight = weight * g.at(row)
        total = float(weight.sum())
        if total <= 0.0:
            return float(self.share.mean())
        return float(weight @ self.share) / total


class DealtEquity:
    """Equity against ``opponents`` random hands under any rules (wild cards, the joker,
    hands that must use ``min_hole_cards`` hole cards): ``samples`` deals from the cards
    not seen, each valued by the rules' evaluator."""

    def __init__(  # noqa: PLR0917 - the rules' two card settings beside the deal
        self,
        hole: Sequence[int],
        board: Sequence[int],
        opponents: int,
        rng: np.random.Generator,
        wild: WildCards | None,
        min_hole_cards: int,
        samples: int = 300,
    ) -> None:
        deck = 53 if wild is not None and wild.joker is not None else 52
        live = np.array([c for c in range(deck) if c not in hole and c not in board],
                        dtype=np.intp)  # fmt: skip
        to_come = 5 - len(board)
        k = min(opponents, (len(live) - to_come) // 2)
        dealt = live.take(deal(rng, len(live), 2 * k + to_come, samples))
        full = np.empty((samples, 5), dtype=np.uint8)
        full[:, : len(board)] = board
        full[:, len(board) :] = dealt[2 * k :].T
        mine = np.empty((samples, 2), dtype=np.uint8)
        mine[:] = hole
        hero_v = _best(mine, full, wild, min_hole_cards)
        others = []
        for i in range(k):
            theirs = dealt[2 * i : 2 * i + 2].T.astype(np.uint8)
            others.append(_best(theirs, full, wild, min_hole_cards))
        self.share = shares(hero_v, others) if others else np.ones(samples)

    def value(self) -> float:
        return float(self.share.mean())


def _best(
    hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], wild: WildCards | None,
    min_hole_cards: int,
) -> npt.NDArray[np.uint16]:
    """Each row's best hand from its two hole cards and five board cards, using at least
    ``min_hole_cards`` hole cards."""
    joker = wild is not None and wild.any
    if min_hole_cards == 0:
        seven = np.ascontiguousarray(np.hstack([hole, board]))
        return rank_wild_batch(seven, wild) if joker else rank_batch(seven)
    best: npt.NDArray[np.uint16] | None = None
    for used in range(min_hole_cards, 3):
        for h in combinations(range(2), used):
            for b in combinations(range(5), 5 - used):
                five = np.ascontiguousarray(np.hstack([hole[:, list(h)], board[:, list(b)]]))
                v = rank_wild_batch(five, wild) if joker else rank_batch(five)
                best = v if best is None else np.maximum(best, v)
    assert best is not None
    return best

