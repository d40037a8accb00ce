"""The heads-up fixed-limit betting tree of a :class:`~pokerroom.rules.Rules`, derived
from the engine.

Nothing here is hand-written poker: :func:`betting_tree` plays every sequence of legal
actions through :class:`~pokerroom.engine.Hand` (with any cards: fixed-limit betting never
depends on them) and records what the engine allows and what it puts in the pot.
Whatever the rules say about forced bets, raise caps, check-raise or 001's straddle (the
straddler straddles or folds), the tree is the engine's.

Stacks.  The tree is built with stacks deeper than any fixed-limit hand can use, so it
ignores them; each node records the most each player can have put in by the end of the
hand from there (:attr:`BettingTree.most`), and a hand plays exactly this tree from a
node as long as both players can still pay that much.  Under ``computer-tournament`` a
heads-up hand costs at most 242 chips (ante 2, then 40, 40, 80 and 80 a round), well
inside the buy-in of 1,000; under ``casino-limit`` at most 48.  (Shorter stacks change
the tree: under 001, a raise a player cannot pay in full is not offered.)

Players are numbered by position: player 0 is the button (heads-up: the small blind, or
001's button blind), player 1 the other seat (the big blind, or the straddler).  Nodes
are numbered breadth first, as in :class:`~pokerroom.solver.tree.PublicTree`.

>>> from pokerroom.rules import Rules
>>> tree = betting_tree(Rules.preset("casino-limit", players=2))
>>> len(tree), tree.decisions, tree.most[0]
(17221, 6378, (48, 48))
>>> [str(a) for a in tree.actions[0]]
['fold', 'call', 'raise to 4']
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pokerroom.engine.actions import Action, ActionKind, LegalActions, Street
from pokerroom.engine.events import EventKind
from pokerroom.engine.hand import Hand
from pokerroom.rules import Rules, Structure
from pokerroom.solver.tree import CHANCE, TERMINAL, PublicTree, TreeBuilder

__all__ = ["BETTING_EVENTS", "BettingError", "BettingTree", "betting_tree", "fixed_actions"]

BETTING_EVENTS = frozenset(
    {EventKind.STRADDLE, EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET,
     EventKind.RAISE}
)  # fmt: skip
"""The events a player's action logs (001's straddle included); forced bets are not."""

_EVENT_OF = {k: EventKind(k.value) for k in ActionKind if k.value in {e.value for e in EventKind}}
_LABELS = {"fold": "f", "check": "k", "call": "c", "bet": "b", "raise": "r"}
FOLD, SHOWDOWN = "fold", "showdown"


class BettingError(ValueError):
    """Rules whose betting is not a heads-up fixed-limit tree (or not one the stacks keep
    free of all-ins)."""


@dataclass(frozen=True, slots=True, eq=False)
class BettingTree:
    """Every betting sequence of one heads-up fixed-limit game, breadth first.

    Per node: ``kind`` (player 0 or 1 to act, or :data:`~pokerroom.solver.tree.CHANCE`
    where a new round begins, or :data:`~pokerroom.solver.tree.TERMINAL`), its
    ``parent``, ``street``, the ``committed`` chips of players 0 and 1, ``children``; at
    decisions the legal ``actions`` (one per child, in the engine's order), and for every
    node but the root and the first of a round the ``event`` that led to it (the player
    and the kind of event the engine logs: 001's straddle is a raise that logs a
    straddle).
    Terminals are ``ending`` "fold" (player 0 wins ``payoff``) or "showdown".
    """

    rules: Rules
    kind: tuple[int, ...]
    parent: tuple[int, ...]
    street: tuple[Street, ...]
    committed: tuple[tuple[int, int], ...]
    children: tuple[tuple[int, ...], ...]
    actions: tuple[tuple[Action, ...], ...]
    event: tuple[tuple[int, EventKind] | None, ...]
    ending: tuple[str | None, ...]
    payoff: tuple[int, ...]
    most: tuple[tuple[int, int], ...]

    def __len__(self) -> int:
        return len(self.kind)

    @property
    def decisions(self) -> int:
        return sum(1 for k in self.kind if k < CHANCE)

    @property
    def big_blind(self) -> int:
        """The unit of mbb/hand: the largest blind (or 001's straddle)."""
        return self.rules.big_blind

    def follow(self, events: Sequence[tuple[int, EventKind]], node: int = 0) -> int:
        """The node reached from ``node`` by these betting events (player, event kind),
        passing through the chance nodes between rounds.  Raises KeyError naming
        the first event the tree does not have there."""
        for event in events:
            while self.kind[node] == CHANCE:
                node = self.children[node][0]
            for child in self.children[node]:
                if self.event[child] == event:
                    node = child
                    break
            else:
                there = ", ".join(_describe(self.event[c]) for c in self.children[node])
                raise KeyError(
                    f"the tree lacks {_describe(event)} after {self.path(node) or 'the deal'}"
                    f" (there: {there or 'nothing: the betting is over'})"
                )
        while self.kind[node] == CHANCE:
            node = self.children[node][0]
        return node

    def path(self, node: int) -> str:
        """The betting to ``node`` in short letters, rounds separated by ``/``: ``rc/kb``."""
        out: list[str] = []
        while node > 0:
            parent = self.parent[node]
            if self.kind[parent] == CHANCE:
                out.append("/")
            else:
                index = self.children[parent].index(node)
                out.append(_LABELS[self.actions[parent][index].kind.value])
            node = parent
        return "".join(reversed(out))

    def public_tree(
        self, fold: Callable[[int], int], showdown: int, transition: Callable[[int], int]
    ) -> PublicTree:
        """This tree as a :class:`PublicTree` with the same node numbers: segment = street;
        fold terminals of a street use matrix ``fold(street)`` (stake: player 0's payoff),
        showdowns matrix ``showdown`` (stake: what each player put in); the first node of
        a street takes the private-state ``transition(street)``."""
        b = TreeBuilder()
        for i, kind in enumerate(self.kind):
            parent = self.parent[i] if i else None
            label = self._label(i)
            street = int(self.street[i])
            if kind == TERMINAL:
                assert parent is not None
                if self.ending[i] == FOLD:
                    b.terminal(parent, label, matrix=fold(street), stake=float(self.payoff[i]))
                else:
                    stake = float(self.committed[i][0])
                    b.terminal(parent, label, matrix=showdown, stake=stake)
            elif kind == CHANCE:
                b.chance(parent, label, segment=street - 1)
            else:
                b.decision(parent, label, player=kind, segment=street)
                if parent is not None and self.kind[parent] == CHANCE:
                    b.link(i, transition(street))
        tree = b.build()
        assert tree.parent.tolist() == [-1, *self.parent[1:]], "numbering changed"
        return tree

    def _label(self, node: int) -> str:
        if node == 0:
            return ""
        parent = self.parent[node]
        if self.kind[parent] == CHANCE:
            return str(self.street[node])
        index = self.children[parent].index(node)
        return _LABELS[self.actions[parent][index].kind.value]


def fixed_actions(legal: LegalActions) -> tuple[Action, ...]:
    """The legal choices of a fixed-limit turn as actions (a bet or raise has one amount)."""
    return tuple(
        Action(k, legal.min_to) if k is ActionKind.BET or k is ActionKind.RAISE else Action(k)
        for k in legal.kinds
    )


def _describe(event: tuple[int, EventKind] | None) -> str:
    if event is None:
        return "the deal"
    player, kind = event
    who = "the button" if player == 0 else "the other player"
    return f"{who}'s {kind.value}"


def _check_rules(rules: Rules) -> None:
    problems = []
    if rules.structure is not Structure.FIXED_LIMIT:
        problems.append(f"the betting is {rules.structure.value}, not fixed-limit")
    if rules.players not in (None, 2):
        problems.append(f"the rules are for {rules.players} players, not heads-up")
    if problems:
        raise BettingError("no heads-up fixed-limit betting tree: " + "; ".join(problems))


DEEP = 10**9
"""The stacks the tree is built with unless told: deeper than any fixed-limit hand."""


class _Growth:
    """A heads-up betting tree as it grows, node by node, breadth first: one list per
    column of :class:`BettingTree`, and the hands still to expand."""

    def __init__(self, rules: Rules, stack: int) -> None:
        self.rules = rules
        self.stack = stack
        self.kinds: list[int] = []
        self.parents: list[int] = []
        self.streets: list[Street] = []
        self.committed: list[tuple[int, int]] = []
        self.children: list[list[int]] = []
        self.actions: list[tuple[Action, ...]] = []
        self.events: list[tuple[int, EventKind] | None] = []
        self.endings: list[str | None] = []
        self.payoffs: list[int] = []
        self.paths: list[tuple[Action, ...]] = []
        self.hands: dict[int, Hand] = {}

    def replay(self, path: Sequence[Action]) -> Hand:
        """The hand after ``path`` (any cards will do: fixed-limit betting does not depend
        on them)."""
        hand = Hand(self.rules, [self.stack, self.stack], button=0, rng=random.Random(0))
        for action in path:
            hand.act(action.kind, action.amount)
        return hand

    def add(self, kind: int, parent: int, hand: Hand, path: tuple[Action, ...],
            event: tuple[int, EventKind] | None) -> int:  # fmt: skip
        """A new node below ``parent``; its index."""
        c = hand.committed
        if any(hand.all_in):
            raise BettingError(
                f"stacks of {self.stack} run out in the betting tree "
                f"(a player is all-in after {', '.join(map(str, path))})"
            )
        index = len(self.kinds)
        self.kinds.append(kind)
        self.parents.append(parent)
        self.streets.append(hand.street)
        self.committed.append((c[0], c[1]))
        self.children.append([])
        self.actions.append(())
        self.events.append(event)
        self.endings.append(None)
        self.payoffs.append(0)
        self.paths.append(path)
        if parent >= 0:
            self.children[parent].append(index)
        if kind < CHANCE:
            self.hands[index] = hand
        return index

    def expand(self, node: int) -> None:
        """Add the children of ``node``: the next round's first decision after a chance
        node, each legal action's node after a decision."""
        if self.kinds[node] == TERMINAL:
            return
        if self.kinds[node] == CHANCE:  # the next round's first decision
            hand = self.replay(self.paths[node])
            assert hand.to_act is not None
            self.add(hand.to_act, node, hand, self.paths[node], None)
            return
        hand = self.hands.pop(node)
        seat = hand.to_act
        assert seat is not None
        legal = fixed_actions(hand.legal_actions())
        self.actions[node] = legal
        for action in legal:
            path = (*self.paths[node], action)
            after = self.replay(path)
            kind = _EVENT_OF[action.kind]
            if not self.paths[node]:  # the first action of a hand may be 001's straddle
                kind = next(e.kind for e in after.events if e.kind in BETTING_EVENTS)
            self._child(node, after, path, (seat, kind))

    def _child(self, node: int, after: Hand, path: tuple[Action, ...],
               event: tuple[int, EventKind]) -> None:  # fmt: skip
        """Add the node reached from ``node`` by the last action of ``path``."""
        if after.is_over:
            child = self.add(TERMINAL, node, after, path, event)
            self.endings[child] = FOLD
            result = after.result
            assert result is not None
            self.payoffs[child] = result.net[0]
            self.committed[child] = self.committed[node]  # before the uncalled bet went back
        elif after.street is Street.SHOWDOWN:
            child = self.add(TERMINAL, node, after, path, event)
            self.endings[child] = SHOWDOWN
            c = after.committed
            if c[0] != c[1]:
                raise BettingError(f"unequal pots at a showdown: {c} after {path}")
        elif after.street != self.streets[node]:
            self.add(CHANCE, node, after, path, event)
        else:
            assert after.to_act is not None
            self.add(after.to_act, node, after, path, event)

    def tree(self) -> BettingTree:
        """The grown tree, with what each player can have committed at most below each
        node."""
        kinds, committed = self.kinds, self.committed
        most = [(0, 0)] * len(kinds)
        for i in reversed(range(len(kinds))):
            if kinds[i] == TERMINAL:
                most[i] = committed[i]
            else:
                kids = [most[c] for c in self.children[i]]
                most[i] = (max(k[0] for k in kids), max(k[1] for k in kids))
        return BettingTree(
            self.rules, tuple(kinds), tuple(self.parents), tuple(self.streets),
            tuple(committed), tuple(tuple(c) for c in self.children), tuple(self.actions),
            tuple(self.events), tuple(self.endings), tuple(self.payoffs), tuple(most),
        )  # fmt: skip


@functools.lru_cache(maxsize=8)
def betting_tree(rules: Rules, stack: int = DEEP) -> BettingTree:
    """The heads-up betting tree of ``rules`` (fixed limit), by playing the engine with
    ``stack`` chips for each player.  Refused if a player could be all-in in it."""
    _check_rules(rules)
    growth = _Growth(rules, stack)
    root = growth.replay(())
    if root.to_act is None:
        raise BettingError("the hand is over before anyone acts")
    growth.add(root.to_act, -1, root, (), None)
    queue = 0
    while queue < len(growth.kinds):
        growth.expand(queue)
        queue += 1
    return growth.tree()
