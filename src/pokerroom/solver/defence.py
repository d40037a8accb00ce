"""Minimum defence: a solved no-limit strategy never folds more of its range to a bet than
a bluff of that bet needs to break even (issue 37).

A bet or raise that puts ``b`` more chips in, into a pot of ``P`` before it, wins ``P``
at once when the defender folds, and risks ``b``: a bluff with no chance of winning at
showdown breaks even when the defender folds ``b / (P + b)`` of its range (the *most to
fold*; a bet of the pot: one half).  An abstract strategy may fold more than that in the
real game: it reads its range on a real board through buckets that do not know the board,
and a player that sees the board (local best response) bets exactly where it does.

:func:`floor` caps the fold: given each holding's probabilities at a decision facing a
bet, the defender's range (how likely each holding is, by the strategy's own earlier
actions) and each holding's bucket, it moves the fold of the strongest folding buckets to
a call, strongest first, until the range folds no more than the most to fold.  Nothing
changes where the range already folds less.  :func:`most_to_fold` reads the most to fold
off a view, :func:`own_decisions` the views of the seat's earlier decisions (to build its
range with the same probabilities it played).

>>> import numpy as np
>>> from pokerroom.engine.actions import Action
>>> actions = (Action.fold(), Action.call())
>>> probs = np.array([[1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0]])  # folds half its range
>>> floor(actions, probs, np.ones(4), np.array([0, 1, 2, 3]), 0.25)[0].tolist()
[1.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from pokerroom.engine.actions import Action, ActionKind
from pokerroom.engine.deal import stacked_deck
from pokerroom.engine.events import EventKind
from pokerroom.engine.hand import Hand
from pokerroom.engine.view import PlayerView

__all__ = ["floor", "most_to_fold", "own_decisions"]

F64s = npt.NDArray[np.float64]
_BETS = (EventKind.BET, EventKind.RAISE)
_BETTING = frozenset({EventKind.FOLD, EventKind.CHECK, EventKind.CALL, *_BETS})
_TINY = 1e-12


def most_to_fold(view: PlayerView) -> float | None:
    """The most the seat to act in heads-up ``view`` may fold facing the opponent's bet or
    raise of this round: its chips over the pot with them in (None when not facing one;
    the big blind is not a bet).

    >>> from pokerroom.engine import Hand
    >>> from pokerroom.rules import Rules
    >>> hand = Hand(Rules.preset("no-limit", blinds=(50, 100)), [10_000, 10_000])
    >>> most_to_fold(hand.view(hand.to_act)) is None
    True
    >>> hand.apply(Action.raise_to(300), seat=hand.to_act)  # 250 more into 150
    >>> most_to_fold(hand.view(hand.to_act))
    0.625
    """
    me, opponent = view.seat, 1 - view.seat
    if view.bets[opponent] <= view.bets[me]:
        return None
    for e in reversed(view.events):
        if e.kind in _BETTING and e.seat == opponent:
            if e.kind in _BETS and e.street == view.street:
                return e.amount / view.pot
            return None
    return None


def own_decisions(view: PlayerView) -> list[tuple[PlayerView, Action]]:
    """The earlier decisions of the seat of heads-up ``view`` in its hand: the view it had
    (the opponent's cards any two nobody in ``view`` holds) and the action it took."""
    me = view.seat
    known = {int(c) for c in (*view.hole, *view.board)}
    holes: list[list[int]] = [[], []]
    holes[me] = [int(c) for c in view.hole]
    holes[1 - me] = [c for c in range(52) if c not in known][:2]
    rules = view.rules
    deck = stacked_deck(holes, [int(c) for c in view.board], button=view.button,
                        burn_cards=rules.burn_cards, joker=rules.joker)  # fmt: skip
    stacks = [s + c for s, c in zip(view.stacks, view.committed, strict=True)]
    hand = Hand(rules, stacks, button=view.button, deck=deck)
    out: list[tuple[PlayerView, Action]] = []
    for e in view.events:
        if e.kind in _BETTING:
            action = _action(e.kind, e.total)
            if e.seat == me:
                out.append((hand.view(me), action))
            hand.apply(action, seat=e.seat)
    return out


def _action(kind: EventKind, total: int) -> Action:
    if kind is EventKind.BET:
        return Action.bet(total)
    if kind is EventKind.RAISE:
        return Action.raise_to(total)
    return Action(ActionKind(kind.value))


def floor(actions: Sequence[Action], probs: F64s, weights: F64s,
          buckets: npt.NDArray[np.integer], most: float) -> F64s:  # fmt: skip
    """``probs`` (actions × holdings) with the fold of the strongest folding buckets
    (``buckets``: higher is stronger; -1 for no holding) moved to the call until the range
    ``weights`` folds at most ``most`` (see the module); ``probs`` itself when it does,
    or when there is no fold and call to move between."""
    fold, call = Action.fold(), Action.call()
    if fold not in actions or call not in actions:
        return probs
    f, c = actions.index(fold), actions.index(call)
    w = np.where(buckets >= 0, weights, 0.0)
    total = float(w.sum())
    if total <= 0:
        return probs
    excess = float(w @ probs[f]) - most * total
    if excess <= _TINY * total:
        return probs
    out = probs.copy()
    for b in np.unique(buckets[buckets >= 0])[::-1]:
        members = buckets == b
        mass = float(w[members] @ out[f, members])
        if mass <= 0:
            continue
        keep = max(0.0, 1.0 - excess / mass)
        moved = out[f, members] * (1.0 - keep)
        out[f, members] -= moved
        out[c, members] += moved
        excess -= mass * (1.0 - keep)
        if excess <= _TINY * total:
            break
    return out
