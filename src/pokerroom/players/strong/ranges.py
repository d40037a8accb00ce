"""Each player's likely hands, narrowed by what it does (``strong`` bot).

A range is a weight per two-card combination, all ones when the cards are dealt.  Every
decision a player makes narrows it: the player's :class:`~pokerroom.players.strong.stats.Profile`
says how often it folds or checks, calls, or bets and raises in that situation; a player
who plays its best hands first bets with the top of its range, calls with the band below
and checks or folds the rest.  So a bet keeps the combinations above the weighted
quantile of the range at the player's betting frequency (a smooth step, with some bluffs
kept: the fewer, the more the player's bets have matched its cards), a call the band
under that (the very best hands only partly: some are slow-played), a check the range
with its top thinned.  Hands are ranked by pre-flop
strength (:func:`~pokerroom.players.strong.tables.combo_strength`) before the flop and by
:func:`~pokerroom.players.strong.cards.board_strength` after it.  How much a player's
actions are believed is its :meth:`~pokerroom.players.strong.stats.Profile.honesty` h: the
weight of a hand is multiplied by h times the step plus 1 - h times the action's frequency
(a player who acts at random takes it with any hand that often).

>>> from pokerroom.engine import ActionKind as K
>>> from pokerroom.players.strong.stats import Profile
>>> from pokerroom.players.strong.tracker import Move
>>> from pokerroom.players.strong.cards import index_of
>>> from pokerroom.players.strong.tables import combo_strength
>>> w = np.ones(1326)
>>> ranking = Ranking(combo_strength())
>>> narrow(w, Move(0, 0, K.RAISE, False, 4, 6, 12, 0), ranking, Profile(players=6))
>>> share = lambda t: round(float(w[index_of(t)] / w.max()), 2)
>>> share("AsAh"), share("KsQs"), share("9c8c"), share("7d2c")
(1.0, 1.0, 0.06, 0.06)
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.engine import ActionKind
from pokerroom.players.strong.stats import AGGRESSIVE, CALL, WEAK, Profile, situation_of
from pokerroom.players.strong.tracker import Move

__all__ = ["Continuing", "Ranking", "band_of", "narrow", "weighted_quantile"]

F64s = npt.NDArray[np.float64]

_WIDTH: Final = (0.05, 0.07)  # the steps' softness pre-flop, after the flop
_BLUFFS: Final = (0.04, 0.12)  # weight a bet or raise keeps for the weakest hands, at
# honesty 1/2 (none at honesty 1, more for players whose actions say less)
_SLOW_PLAYED: Final = 0.3  # weight a call keeps above its band (hands slow-played)
_TRAPS: Final = 0.25  # weight a check keeps on the top of the range


class Ranking:
    """Scores of the 1,326 combinations (0 to 1, higher is better) and their order."""

    __slots__ = ("order", "scores")

    def __init__(self, scores: F64s) -> None:
        self.scores = scores
        self.order = np.argsort(scores, kind="stable")


def weighted_quantile(
    ranking: Ranking, weights: F64s, q: float, cum: F64s | None = None
) -> float:
    """The score below which ``q`` of the weight lies (``cum``: the running total of the
    weights in the ranking's order, if already known)."""
    scores, order = ranking.scores, ranking.order
    if cum is None:
        cum = np.cumsum(weights[order])
    total = float(cum[-1]) if len(cum) else 0.0
    if total <= 0.0:
        return 0.5
    k = int(np.searchsorted(cum, q * total, side="left"))
    return float(scores[order[min(k, len(order) - 1)]])


def _step(scores: F64s, at: float, width: float) -> F64s:
    """A step from 0 (below ``at``) to 1 (above), a ramp ``4 * width`` wide (as steep in
    its middle as the logistic curve of that width, and cheaper)."""
    out: F64s = (scores - at) * (0.25 / width)
    out += 0.5
    np.minimum(out, 1.0, out=out)
    np.maximum(out, 0.0, out=out)
    return out


class Continuing:
    """A player's chance to go on with each hand when it folds ``fold`` of its range:
    ``belief`` times a step at ``edge`` of ``ranking``'s scores (it folds its weakest
    hands), plus ``1 - belief`` times ``1 - fold`` (it folds at random)."""

    __slots__ = ("belief", "edge", "fold", "scores")

    def __init__(
        self, ranking: Ranking, weights: F64s, fold: float, belief: float,
        cum: F64s | None = None,
    ) -> None:
        self.scores = ranking.scores
        self.edge = weighted_quantile(ranking, weights, fold, cum)
        self.fold = fold
        self.belief = belief

    def at(self, rows: npt.NDArray[np.intp] | None = None) -> F64s:
        """The chance for the combinations ``rows`` (all 1,326 when None)."""
        scores = self.scores if rows is None else self.scores[rows]
        step = _step(scores, self.edge, _WIDTH[1])
        out: F64s = self.belief * step + (1.0 - self.belief) * (1.0 - self.fold)
        return out


def band_of(move: Move, profile: Profile) -> tuple[float, float]:
    """The band of its range (as shares from the top: start, end) a player who plays its
    best hands first takes ``move`` with."""
    freq = profile.frequencies(situation_of(move))
    kind = move.kind
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        return 0.0, float(freq[AGGRESSIVE])
    if kind is ActionKind.CALL:
        top = float(freq[AGGRESSIVE])
        return top, min(1.0, top + float(freq[CALL]))
    return 1.0 - float(freq[WEAK]), 1.0


def narrow(weights: F64s, move: Move, ranking: Ranking, profile: Profile) -> None:
    """Narrow ``weights`` (in place) by ``move``, hands ranked by ``ranking``."""
    kind = move.kind
    scores = ranking.scores
    if kind is ActionKind.FOLD:
        return
    post = int(move.street > 0)
    width = _WIDTH[post]
    start, end = band_of(move, profile)
    cum = np.cumsum(weights[ranking.order])
    belief = profile.honesty(preflop=not post)
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        top = weighted_quantile(ranking, weights, 1.0 - end, cum)
        floor = _BLUFFS[post] * 2.0 * (1.0 - belief) + 0.01
        like = floor + (1.0 - floor) * _step(scores, top, width)
    elif kind is ActionKind.CALL:
        low = weighted_quantile(ranking, weights, 1.0 - end, cum)
        like = _step(scores, low, width)
        if start > 0.0:
            high = weighted_quantile(ranking, weights, 1.0 - start, cum)
            like *= 1.0 - (1.0 - _SLOW_PLAYED) * _step(scores, high, width)
    else:  # a check: the top of the range would mostly have bet
        high = weighted_quantile(ranking, weights, 1.0 - start, cum) if start > 0.0 else 1.0
        like = 1.0 - (1.0 - _TRAPS) * _step(scores, high, width)
    weights *= (1.0 - belief) * (end - start) + belief * like
