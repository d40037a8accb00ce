"""What local best response (:mod:`~pokerroom.players.lbr.bot`) knows of its opponent: the
opponent's range at each decision, and its chance of folding to a bet or raise, per
hand.

* :class:`StrategyRange`: a solved strategy (the ``cfr`` bot's), exactly.  The range is
  the product, over the opponent's decisions so far, of the probability its strategy
  gave the action it took, for each of the 1,326 hands (each hand's bucket on that
  round's board); the chance of folding is the strategy's at the node after LBR's bet.
* :class:`SampledRange`: any bot, as a black box.  ``samples`` hands are drawn for the
  hand in play from the cards LBR cannot see; at each of the opponent's decisions a copy
  of the bot as it was just before (:class:`Watched` keeps them; random source
  included) is asked what it would have done holding each of those hands, and a hand
  stays in the range while the copy's answers match what the opponent did.  The chance
  of folding is the share of the hands left whose copy (of the bot as it is now) folds
  to LBR's bet, the hand replayed with those cards (:func:`replay_public`).  A bot whose
  play is a function of its seed, its history and the cards is modelled exactly as it
  plays in this hand, up to the sampling of hands.
* :class:`Uniform`: an opponent that may hold any hand and folds with a given chance
  (tests, and players that ignore their cards such as ``calling-station``).
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Protocol

import numpy as np
import numpy.typing as npt

from pokerroom.cards import Card
from pokerroom.engine.actions import Action, ActionKind
from pokerroom.engine.deal import stacked_deck
from pokerroom.engine.events import EventKind
from pokerroom.engine.hand import Hand
from pokerroom.players.base import Player, Relay
from pokerroom.ranges import COMBO_COUNT
from pokerroom.solver.betting import BETTING_EVENTS
from pokerroom.solver.policy import Policy
from pokerroom.solver.strength import combos
from pokerroom.solver.tree import CHANCE

if TYPE_CHECKING:
    from pokerroom.engine import PlayerView
    from pokerroom.table import HandStart

__all__ = [
    "RangeModel",
    "SampledRange",
    "StrategyRange",
    "Uniform",
    "Watched",
    "event_action",
    "replay_public",
    "replay_steps",
]

F64s = npt.NDArray[np.float64]
_BOARD = (0, 3, 4, 5)  # board cards in each betting round


class RangeModel(Protocol):
    """The opponent as LBR sees it (heads-up views of LBR's seat, LBR to act)."""

    def new_hand(self) -> None:
        """A new hand begins."""

    def range(self, view: PlayerView) -> F64s:
        """How likely each hand (combination index) is to be the opponent's, given its
        actions in ``view`` (any scale; 0 for impossible hands)."""
        ...

    def folds(self, view: PlayerView, action: Action) -> F64s:
        """The opponent's chance of folding, with each hand, if LBR plays ``action``."""
        ...


class Uniform:
    """Any hand as likely, folding to a bet or raise with chance ``folds``."""

    def __init__(self, folds: float = 0.0) -> None:
        self.fold = folds

    def new_hand(self) -> None:
        pass

    def range(self, view: PlayerView) -> F64s:
        return np.ones(COMBO_COUNT)

    def folds(self, view: PlayerView, action: Action) -> F64s:
        return np.full(COMBO_COUNT, self.fold)


class StrategyRange:
    """The opponent plays ``policy`` (see the module)."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.tree = policy.tree
        self._probabilities: dict[tuple[int, tuple[int, ...]], F64s] = {}

    def new_hand(self) -> None:
        self._probabilities.clear()

    def _at(self, node: int, board: tuple[int, ...]) -> F64s:
        board = board[: _BOARD[int(self.tree.street[node])]]
        key = (node, board)
        found = self._probabilities.get(key)
        if found is None:
            found = self._probabilities[key] = self.policy.probabilities(node, board)
        return found

    def range(self, view: PlayerView) -> F64s:
        tree = self.tree
        node = self.policy.locate(view)
        opponent = 1 - tree.kind[node]
        board = tuple(int(c) for c in view.board)
        weights = np.ones(COMBO_COUNT)
        child = node
        while child > 0:
            parent = tree.parent[child]
            if tree.kind[parent] == opponent:
                weights *= self._at(parent, board)[tree.children[parent].index(child)]
            child = parent
        return weights

    def folds(self, view: PlayerView, action: Action) -> F64s:
        tree = self.tree
        node = self.policy.locate(view)
        child = tree.children[node][tree.actions[node].index(action)]
        answers = tree.actions[child] if tree.kind[child] < CHANCE else ()
        kinds = [a.kind for a in answers]
        if ActionKind.FOLD not in kinds:
            return np.zeros(COMBO_COUNT)
        board = tuple(int(c) for c in view.board)
        out: F64s = self._at(child, board)[kinds.index(ActionKind.FOLD)]
        return out


class Watched(Relay):
    """``player`` playing as usual, its decisions in the hand in play kept with a copy of
    it as it was just before each: (its view without its hole cards, the copy, its
    action).  Every notification goes through to it."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.decisions: list[tuple[PlayerView, Player, Action]] = []
        self.relay_to(player)

    def act(self, view: PlayerView, budget: float) -> Action:
        before = copy.deepcopy(self.player)
        action = self.player.act(view, budget)
        seen = dataclasses.replace(copy.copy(view), hole=())
        self.decisions.append((seen, before, action))
        return action

    def announce(self, view: PlayerView, budget: float) -> Action:
        return self.player.announce(view, budget)

    def start_hand(self, hand: HandStart) -> None:
        self.decisions.clear()
        super().start_hand(hand)


def replay_public(view: PlayerView, holes: Sequence[Sequence[int]]) -> Hand:
    """The hand of ``view`` as it stands, had the seats held ``holes``: dealt again with
    those cards and the view's board, every betting action replayed (on a hand with the
    stacks the seats started with)."""
    *_, (hand, _, _, _) = replay_steps(view, holes)
    return hand


def replay_steps(
    view: PlayerView, holes: Sequence[Sequence[int]]
) -> Iterator[tuple[Hand, EventKind, int, int]]:
    """:func:`replay_public` step by step: the replayed hand yielded before each betting
    action with the action's kind, seat and total, then as it stands now with ``seat``
    -1 (and the kind a fold, standing for none)."""
    rules = view.rules
    stacks = [s + c for s, c in zip(view.stacks, view.committed, strict=True)]
    deck = stacked_deck(holes, [int(c) for c in view.board], button=view.button,
                        burn_cards=rules.burn_cards, joker=rules.joker)  # fmt: skip
    hand = Hand(rules, stacks, button=view.button, deck=deck)
    for e in view.events:
        if e.kind in BETTING_EVENTS:
            yield hand, e.kind, e.seat, e.total
            hand.apply(event_action(e.kind, e.total), seat=e.seat)
    yield hand, EventKind.FOLD, -1, 0


def event_action(kind: EventKind, total: int) -> Action:
    """The action a betting event of ``kind`` to ``total`` chips records."""
    if kind is EventKind.BET:
        return Action.bet(total)
    if kind is EventKind.RAISE or kind is EventKind.STRADDLE:
        return Action.raise_to(total)
    return Action(ActionKind(kind.value))


class SampledRange:
    """The opponent is ``watched.player``, a black box (see the module): ``samples`` hands
    a hand, drawn from a generator seeded with ``seed``; each copy answers within
    ``budget`` seconds as far as it is concerned (it is not timed)."""

    def __init__(
        self, watched: Watched, *, samples: int = 64, seed: int | None = None, budget: float = 10.0
    ) -> None:
        self.watched = watched
        self.samples = samples
        self.budget = budget
        self._rng = np.random.default_rng(seed)
        self._hands: npt.NDArray[np.intp] | None = None
        self._answers: dict[tuple[int, int], bool] = {}
        self.queries = 0

    def new_hand(self) -> None:
        self._hands = None
        self._answers.clear()

    def _candidates(self, view: PlayerView) -> list[int]:
        """The sampled hands not holding a card LBR can see."""
        pairs, _ = combos()
        if self._hands is None:
            mine = {int(c) for c in view.hole}
            free = [i for i in range(COMBO_COUNT) if not mine & {int(c) for c in pairs[i]}]
            take = min(self.samples, len(free))
            self._hands = self._rng.choice(np.array(free), size=take, replace=False)
        seen = {int(c) for c in (*view.hole, *view.board)}
        return [int(i) for i in self._hands if not seen & {int(c) for c in pairs[i]}]

    def _ask(self, player: Player, view: PlayerView, combo: int) -> Action | None:
        """What a copy of ``player`` does in ``view`` holding ``combo``."""
        pairs, _ = combos()
        hole = (Card(int(pairs[combo][0])), Card(int(pairs[combo][1])))
        self.queries += 1
        try:
            answer = copy.deepcopy(player).act(dataclasses.replace(view, hole=hole), self.budget)
        except Exception:  # a copy that fails answers nothing: the hand leaves the range
            return None
        return answer if isinstance(answer, Action) else None

    def _holds(self, combo: int) -> bool:
        """Whether the opponent, holding ``combo``, would have done what it did."""
        for t, (seen, before, action) in enumerate(self.watched.decisions):
            key = (t, combo)
            ok = self._answers.get(key)
            if ok is None:
                ok = self._answers[key] = self._ask(before, seen, combo) == action
            if not ok:
                return False
        return True

    def range(self, view: PlayerView) -> F64s:
        weights = np.zeros(COMBO_COUNT)
        for combo in self._candidates(view):
            if self._holds(combo):
                weights[combo] = 1.0
        return weights

    def folds(self, view: PlayerView, action: Action) -> F64s:
        out = np.zeros(COMBO_COUNT)
        pairs, _ = combos()
        me, opponent = view.seat, 1 - view.seat
        for combo in self._candidates(view):
            if not self._holds(combo):
                continue
            holes: list[Sequence[int]] = [(), ()]
            holes[me] = [int(c) for c in view.hole]
            holes[opponent] = [int(c) for c in pairs[combo]]
            hand = replay_public(view, holes)
            hand.apply(action, seat=me)
            if hand.to_act != opponent:
                continue
            answer = self._ask(self.watched.player, hand.view(opponent), combo)
            out[combo] = 1.0 if answer == Action.fold() else 0.0
        return out
