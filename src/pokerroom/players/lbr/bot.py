"""Local best response (Lisý and Bowling, 2017): at least how much a heads-up
fixed-limit or no-limit player can be beaten, measured in the real game.

A best response to a heads-up limit hold'em strategy needs the whole game (some 10¹⁴
information sets); local best response (LBR) needs only the opponent's strategy and
looks one action ahead.  At each of its decisions LBR

1. takes the opponent's *range*: how likely each of the 1,326 hands is, given all that
   the opponent did in the hand (Bayes' rule over its strategy, from a
   :class:`~pokerroom.players.lbr.models.RangeModel`; hands that share a card with LBR's
   or the board are out);
2. values each legal action as if both players only checked or called from the next
   decision on: a fold is worth 0; checking or calling ``c`` chips into a pot ``P`` is
   worth ``w·(P + c) − c``, where ``w`` is LBR's chance to win the showdown against the
   range, ties counting half, over every way the board can still come; a bet or raise
   putting in ``d`` chips (and ``d′`` for the opponent to call) is worth
   ``f·P + (1 − f)·(w′·(P + d + d′) − d)``, where ``f`` is the opponent's chance to fold
   to it over its range and ``w′`` LBR's chance against the hands that do not fold;
3. plays the action worth most (a bet or raise only when it is worth more than the
   passive choice).  Values count chips from now on: what is in the pot is sunk.

In fixed limit it weighs every legal action.  In no limit (and pot limit) it weighs
fold, check or call, a bet or raise of the pot, and all-in (:func:`lbr_actions`): the
"FCPA" action set of Lisý and Bowling's main variant, on every round; ``sizes`` adds
other fractions of the pot (their variants also bet half the pot, for example).  A bet
the opponent cannot call in full counts only what it can call.

Whatever LBR plays, its average winnings against a fixed opponent are at most a best
response's: they are a lower bound on the opponent's exploitability (the bound holds in
expectation; a match measures it with its interval).  LBR plays the real game, with its
real cards, whatever abstraction the opponent uses.

>>> import random
>>> from pokerroom.engine import Hand, stacked_deck
>>> from pokerroom.cards import parse_cards
>>> from pokerroom.rules import Rules
>>> from pokerroom.players.lbr.models import Uniform
>>> rules = Rules.preset("casino-limit")
>>> deck = stacked_deck([parse_cards("As Ad"), None], (), button=0, burn_cards=True)
>>> hand = Hand(rules, [200, 200], button=0, deck=deck)
>>> lbr = LocalBestResponse(Uniform(folds=0.0), seed=1)
>>> lbr.act(hand.view(0), 1.0)  # aces against any hand that never folds: raise
Action.raise_to(4)
>>> [(str(a), round(v, 2)) for a, v in lbr.last]  # aces win 85%: 0.85 × 4 − 1 and 0.85 × 8 − 3
[('fold', 0.0), ('call', 2.41), ('raise to 4', 3.82)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from pokerroom.engine.actions import Action, ActionKind
from pokerroom.equity.runouts import completions
from pokerroom.players.base import Player
from pokerroom.ranges import COMBO_COUNT, combo_index
from pokerroom.solver.betting import fixed_actions
from pokerroom.solver.policy import heads_up
from pokerroom.solver.strength import combos, pair_values

if TYPE_CHECKING:
    from pokerroom.engine import PlayerView
    from pokerroom.players.lbr.models import RangeModel
    from pokerroom.table import HandStart

__all__ = ["POT", "AlwaysFold", "LocalBestResponse", "Showdowns", "action_values", "lbr_actions"]

F64s = npt.NDArray[np.float64]
_K = ActionKind
EXACT_BOARDS = 1081
"""Boards enumerated exactly (the flop's turn and river); pre-flop a sample is drawn."""


class Showdowns:
    """The chance that ``hole`` wins a showdown against each opponent hand when the board
    (``board`` so far) is dealt out with no more betting: every way it can come after the
    flop, ``samples`` boards drawn with ``rng`` before it (1.7 million otherwise), ties
    counting half.  :attr:`win` has one entry per combination (combination index
    order); :attr:`possible` marks the hands the opponent can hold (no card of ``hole``
    or ``board``)."""

    def __init__(
        self,
        hole: Sequence[int],
        board: Sequence[int],
        rng: np.random.Generator,
        samples: int = 600,
    ) -> None:
        known = [int(c) for c in (*hole, *board)]
        if len(set(known)) != len(known) or len(hole) != 2 or len(board) not in (0, 3, 4, 5):
            raise ValueError(f"two hole cards and a board of 0, 3, 4 or 5 cards, apart: {known}")
        boards = completions(board, hole, rng, exact_most=EXACT_BOARDS, samples=samples)
        values = pair_values(boards)
        mine = values[:, combo_index(known[0], known[1])]
        pairs, _ = combos()
        dead = np.zeros((len(boards), 52), dtype=np.bool_)
        np.put_along_axis(dead, boards, True, axis=1)
        dead[:, known[:2]] = True
        live = ~(dead[:, pairs[:, 0]] | dead[:, pairs[:, 1]])
        share = (values < mine[:, None]) + 0.5 * (values == mine[:, None])
        won = np.where(live, share, 0.0).sum(axis=0)
        met = live.sum(axis=0)
        self.boards = len(boards)
        self.possible = met > 0
        self.win: F64s = np.where(self.possible, won / np.maximum(met, 1), 0.0)

    def against(self, weights: F64s) -> float:
        """The chance to win against hands weighted by ``weights`` (one per
        combination; 0.5 against no hand at all)."""
        w = np.where(self.possible, weights, 0.0)
        total = float(w.sum())
        return float(w @ self.win) / total if total > 0 else 0.5


POT = (1.0,)
"""LBR's bet sizes in no limit, as fractions of the pot (besides all-in): the pot, as in
Lisý and Bowling's main variant (fold, call, pot, all-in: "FCPA")."""


def lbr_actions(view: PlayerView, sizes: Sequence[float] = POT) -> tuple[Action, ...]:
    """The actions LBR weighs at heads-up ``view``: every legal fold, check and call;
    in fixed limit the one bet or raise; otherwise bets or raises of each fraction of
    ``sizes`` of the pot (a raise of a fraction of the pot after calling: to the
    largest bet plus that fraction of the pot with the call in it), kept within the
    legal amounts, and all-in.

    >>> from pokerroom.engine import Hand
    >>> from pokerroom.rules import Rules
    >>> hand = Hand(Rules.preset("no-limit", blinds=(50, 100)), [20_000, 20_000])
    >>> [str(a) for a in lbr_actions(hand.view(hand.to_act))]  # pot: 150 + 50 to call
    ['fold', 'call', 'raise to 300', 'raise to 20000']
    >>> [str(a) for a in lbr_actions(hand.view(hand.to_act), (0.5, 1.0))]
    ['fold', 'call', 'raise to 200', 'raise to 300', 'raise to 20000']
    """
    legal = view.legal
    assert legal is not None, "a view of the seat to act"
    if legal.min_to == legal.max_to:
        return fixed_actions(legal)
    out = [Action(k) for k in legal.kinds if k is not _K.BET and k is not _K.RAISE]
    kind = _K.BET if _K.BET in legal.kinds else _K.RAISE if _K.RAISE in legal.kinds else None
    if kind is not None:
        top = max(view.bets)
        after_call = view.pot + legal.to_call
        amounts = {min(legal.max_to, max(legal.min_to, top + round(f * after_call)))
                   for f in sizes}  # fmt: skip
        amounts.add(legal.max_to)
        out += [Action(kind, to) for to in sorted(amounts)]
    return tuple(out)


def action_values(
    view: PlayerView,
    weights: F64s,
    showdowns: Showdowns,
    folds: dict[Action, F64s],
    actions: Sequence[Action] | None = None,
) -> list[tuple[Action, float]]:
    """LBR's value (chips from now on) of each of ``actions`` (default: the legal
    actions of fixed limit) at heads-up ``view`` against the opponent's range
    ``weights``, ``folds[a]`` being the opponent's chance of folding to bet or raise
    ``a`` with each hand (see the module).  A bet larger than the opponent can call
    counts only what it can (the rest comes back)."""
    legal = view.legal
    assert legal is not None, "a view of the seat to act"
    me, opponent = view.seat, 1 - view.seat
    pot = view.pot
    w = showdowns.against(weights)
    live = np.where(showdowns.possible, weights, 0.0)
    total = float(live.sum())
    out: list[tuple[Action, float]] = []
    for action in fixed_actions(legal) if actions is None else actions:
        kind = action.kind
        if kind is _K.FOLD:
            value = 0.0
        elif kind is _K.CHECK:
            value = w * pot
        elif kind is _K.CALL:
            value = w * (pot + legal.call) - legal.call
        else:
            assert action.amount is not None
            to = min(action.amount, view.bets[opponent] + view.stacks[opponent])
            put = to - view.bets[me]
            answer = to - view.bets[opponent]
            fold = folds[action]
            gives_up = float(live @ fold) / total if total > 0 else 0.0
            stays = showdowns.against(live * (1.0 - fold))
            value = gives_up * pot + (1.0 - gives_up) * (stays * (pot + put + answer) - put)
        out.append((action, value))
    return out


class AlwaysFold(Player):
    """The fold-everything baseline: checks when it can, else folds.  Its best response
    raises every hand and wins what it posted (750 mbb/hand with blinds of ½ and 1 big
    blind): Lisý and Bowling's yardstick for a strategy's exploitability."""

    name = "always-fold"
    description = "checks when it can, else folds"

    def act(self, view: PlayerView, budget: float) -> Action:
        assert view.legal is not None
        return Action(_K.CHECK) if _K.CHECK in view.legal.kinds else Action(_K.FOLD)


class LocalBestResponse(Player):
    """LBR as a player (see the module): heads-up, against the opponent whose strategy
    ``model`` gives.  ``samples`` boards value a pre-flop showdown (drawn from a
    generator seeded with ``seed``).  After each decision :attr:`last` holds every
    action's value; :attr:`surprises` counts decisions where the model gave the
    opponent no hand at all (it played what its strategy never plays; LBR then takes
    every hand as equally likely)."""

    name = "lbr"
    description = "local best response: the best action against the range, checking after it"

    def __init__(
        self,
        model: RangeModel,
        *,
        seed: int | None = None,
        samples: int = 600,
        sizes: Sequence[float] = POT,
    ) -> None:
        self.model = model
        self.samples = samples
        self.sizes = tuple(sizes)
        self._rng = np.random.default_rng(seed)
        self._showdowns: tuple[tuple[int, ...], Showdowns] | None = None
        self.last: list[tuple[Action, float]] = []
        self.surprises = 0
        self.decisions = 0

    def start_hand(self, hand: HandStart) -> None:
        self.model.new_hand()
        self._showdowns = None

    def act(self, view: PlayerView, budget: float) -> Action:
        view = heads_up(view)
        if view.players != 2:
            raise ValueError(f"local best response is heads-up: {view.players} players here")
        legal = view.legal
        assert legal is not None, "a view of the seat to act"
        cards = tuple(int(c) for c in (*view.hole, *view.board))
        if self._showdowns is None or self._showdowns[0] != cards:
            found = Showdowns(cards[:2], cards[2:], self._rng, self.samples)
            self._showdowns = (cards, found)
        showdowns = self._showdowns[1]
        weights = self.model.range(view)
        if not float(np.where(showdowns.possible, weights, 0.0).sum()) > 0:
            self.surprises += 1
            weights = np.ones(COMBO_COUNT)
        actions = lbr_actions(view, self.sizes)
        folds = {a: self.model.folds(view, a) for a in actions
                 if a.kind is _K.BET or a.kind is _K.RAISE}  # fmt: skip
        self.last = action_values(view, weights, showdowns, folds, actions)
        self.decisions += 1
        best = max(range(len(self.last)), key=lambda i: self.last[i][1])
        return self.last[best][0]
