"""What local best response (:mod:`~pokerroom.players.lbr.bot`) knows of the ``cfr`` bot
in heads-up no limit: its strategies (:class:`~pokerroom.solver.nlpolicy.NoLimitPolicy`),
read exactly.

:class:`NoLimitRange` replays the hand's betting so far and, at each of the opponent's
decisions, asks the policy what it gives every holding there
(:meth:`~pokerroom.solver.nlpolicy.NoLimitPolicy.every_holding`): the range is the
product of the probabilities of the actions the opponent took, for each of the 1,326
holdings (Bayes' rule, as :class:`~pokerroom.players.lbr.models.StrategyRange` does in
fixed limit).  A bet off the strategy's tree is read by the policy's own seeded
translation, whose draw depends on the betting and the holding's own cards, so each
holding reads it as the bot would have holding it.
The chance of folding to LBR's bet is the policy's, for every holding, at the view the
opponent would face after it.

Where the policy does not apply (betting after the tree's all-in, say) the bot lets its
fallback decide, whose play is not read here: such a decision leaves the range as it
was (every holding as likely to have taken it), a bet the fallback answers is taken as
never folded to, and :attr:`NoLimitRange.outside` counts them.  LBR's winnings remain a
lower bound whatever its model: only how much it finds depends on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from pokerroom.engine.actions import Action
from pokerroom.engine.events import EventKind
from pokerroom.engine.hand import Hand
from pokerroom.players.lbr.models import event_action, replay_steps
from pokerroom.ranges import COMBO_COUNT
from pokerroom.solver.policy import OutsideStrategy

if TYPE_CHECKING:
    from pokerroom.engine import PlayerView
    from pokerroom.solver.nlpolicy import NoLimitPolicy

__all__ = ["NoLimitRange", "opponent_decisions", "replay_hidden"]

F64s = npt.NDArray[np.float64]


def replay_hidden(view: PlayerView) -> Iterator[tuple[Hand, EventKind, int, int]]:
    """The hand of ``view`` dealt again, LBR's hole cards as they are and the opponent's
    two cards nobody in ``view`` holds (they do not matter to the betting), yielded
    before each betting action with the action's kind, seat and total; after the last
    the hand as it stands now is yielded with ``seat`` -1."""
    me, opponent = view.seat, 1 - view.seat
    known = {int(c) for c in (*view.hole, *view.board)}
    holes: list[list[int]] = [[], []]
    holes[me] = [int(c) for c in view.hole]
    holes[opponent] = [c for c in range(52) if c not in known][:2]
    return replay_steps(view, holes)


def opponent_decisions(view: PlayerView) -> list[tuple[PlayerView, Action]]:
    """The opponent's decisions in the hand of ``view`` so far: the view it had (hole
    cards other than its own) and the action it took."""
    opponent = 1 - view.seat
    return [(hand.view(opponent), event_action(kind, total))
            for hand, kind, seat, total in replay_hidden(view) if seat == opponent]  # fmt: skip


class NoLimitRange:
    """The opponent plays ``policy`` (see the module).  :attr:`outside` counts the
    opponent's decisions, and LBR's bets, where it does not apply; :attr:`read` the
    decisions it read."""

    def __init__(self, policy: NoLimitPolicy) -> None:
        self.policy = policy
        self._likelihoods: list[F64s] = []
        self.outside = 0
        self.read = 0

    def new_hand(self) -> None:
        self._likelihoods.clear()

    def likelihood(self, seen: PlayerView, action: Action) -> F64s | None:
        """For every holding, the policy's probability of ``action`` at ``seen`` (None
        where the policy does not apply or never plays ``action`` there)."""
        try:
            actions, probabilities = self.policy.every_holding(seen)
        except OutsideStrategy:
            return None
        if action not in actions:
            return None
        out: F64s = probabilities[actions.index(action)]
        return out

    def range(self, view: PlayerView) -> F64s:
        decisions = opponent_decisions(view)
        for seen, action in decisions[len(self._likelihoods) :]:
            found = self.likelihood(seen, action)
            if found is None:
                self.outside += 1
                found = np.ones(COMBO_COUNT)
            else:
                self.read += 1
            self._likelihoods.append(found)
        weights = np.ones(COMBO_COUNT)
        for found in self._likelihoods[: len(decisions)]:
            weights = weights * found
        return weights

    def folds(self, view: PlayerView, action: Action) -> F64s:
        *_, (hand, _, _, _) = replay_hidden(view)
        hand.apply(action, seat=view.seat)
        opponent = 1 - view.seat
        if hand.to_act != opponent:
            return np.zeros(COMBO_COUNT)
        try:
            actions, probabilities = self.policy.every_holding(hand.view(opponent))
        except OutsideStrategy:
            self.outside += 1
            return np.zeros(COMBO_COUNT)
        if Action.fold() not in actions:
            return np.zeros(COMBO_COUNT)
        out: F64s = probabilities[actions.index(Action.fold())]
        return out
