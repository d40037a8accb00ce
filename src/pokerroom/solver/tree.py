"""A two-player game as a *public tree* with private states at every node.

The solver never walks one history at a time.  A node of the public tree is what both
players see (the betting so far, the public cards or the round); each player's private
information there (a card, a hand, a bucket) is one of ``sizes[segment]`` *private
states*, and every quantity CFR needs (a player's range, counterfactual values, regrets,
strategies) is a NumPy vector over those states.  This is the vector form of CFR that
DeepStack and the public-chance-sampling solvers use, exact here because every game it
plays deals private states that the public tree does not branch on.

Four kinds of node:

* a decision of player 0 or 1: its children are the actions, contiguous in the arrays;
* a chance node: its children are public outcomes (Leduc's board card) or the start of a
  new round whose private states come from the old ones by a transition matrix (the
  card buckets of hold'em), see :class:`~pokerroom.solver.game.Game`;
* a terminal: its payoff to player 0 is ``stake × M @ range₁``, where ``M`` (one of the
  game's matrices) says how each pair of private states splits the stake.

:class:`TreeBuilder` takes nodes in any order and numbers them breadth first, so a level
of the tree is a contiguous run of nodes and each node's children are adjacent.

>>> b = TreeBuilder()
>>> root = b.decision(None, "", player=0, segment=0)
>>> _ = b.terminal(root, "f", matrix=0, stake=-1.0)
>>> _ = b.terminal(root, "c", matrix=1, stake=2.0)
>>> tree = b.build()
>>> len(tree), tree.children(0), tree.history(2)
(3, range(1, 3), ('c',))
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

__all__ = ["CHANCE", "TERMINAL", "PublicTree", "TreeBuilder", "TreeError"]

CHANCE = 2
TERMINAL = 3

I32s = npt.NDArray[np.int32]
F64s = npt.NDArray[np.float64]


class TreeError(ValueError):
    """A tree that cannot be solved: a decision without actions, a chance node without
    outcomes, a child of a terminal."""


@dataclass(slots=True)
class _Node:
    kind: int
    parent: int
    label: str
    segment: int
    matrix: int = -1
    stake: float = 0.0
    transition: int = -1
    children: list[int] = field(default_factory=list)


class TreeBuilder:
    """Collects nodes (parents before children) and builds a :class:`PublicTree`."""

    def __init__(self) -> None:
        self._nodes: list[_Node] = []

    def _add(self, parent: int | None, node: _Node) -> int:
        index = len(self._nodes)
        if parent is not None:
            owner = self._nodes[parent]
            if owner.kind == TERMINAL:
                raise TreeError(f"node {parent} is terminal: it has no children ({node.label!r})")
            owner.children.append(index)
        elif self._nodes:
            raise TreeError("a tree has one root")
        self._nodes.append(node)
        return index

    def decision(self, parent: int | None, label: str, *, player: int, segment: int) -> int:
        """A decision of ``player`` (0 or 1), reached by the action ``label``."""
        if player not in (0, 1):
            raise TreeError(f"player {player}: two players, 0 and 1")
        return self._add(parent, _Node(player, -1 if parent is None else parent, label, segment))

    def chance(self, parent: int | None, label: str, *, segment: int) -> int:
        """A chance node whose outcomes are added as its children."""
        return self._add(parent, _Node(CHANCE, -1 if parent is None else parent, label, segment))

    def link(self, child: int, transition: int) -> None:
        """Give the child of a chance node the transition matrix its private states take
        (-1: the same states, unchanged)."""
        node = self._nodes[child]
        if node.parent < 0 or self._nodes[node.parent].kind != CHANCE:
            raise TreeError(f"node {child} is not the outcome of a chance node")
        node.transition = transition

    def terminal(self, parent: int, label: str, *, matrix: int, stake: float) -> int:
        """An end of the game: player 0 wins ``stake × matrices[matrix] @ range₁``."""
        node = _Node(TERMINAL, parent, label, self._nodes[parent].segment, matrix, stake)
        return self._add(parent, node)

    def build(self) -> PublicTree:
        """The tree, numbered breadth first."""
        nodes = self._nodes
        if not nodes:
            raise TreeError("an empty tree")
        for i, node in enumerate(nodes):
            if node.kind != TERMINAL and not node.children:
                raise TreeError(f"node {i} ({node.label!r}) has no children and is not terminal")
        order = [0]
        for i in order:
            order.extend(nodes[i].children)
        new = {old: k for k, old in enumerate(order)}
        n = len(order)
        kind = np.empty(n, dtype=np.int8)
        parent = np.full(n, -1, dtype=np.int32)
        first = np.zeros(n, dtype=np.int32)
        count = np.zeros(n, dtype=np.int32)
        depth = np.zeros(n, dtype=np.int32)
        segment = np.zeros(n, dtype=np.int32)
        matrix = np.full(n, -1, dtype=np.int32)
        stake = np.zeros(n, dtype=np.float64)
        transition = np.full(n, -1, dtype=np.int32)
        labels: list[str] = []
        for k, old in enumerate(order):
            node = nodes[old]
            kind[k] = node.kind
            if node.parent >= 0:
                parent[k] = new[node.parent]
                depth[k] = depth[parent[k]] + 1
            if node.children:
                first[k] = new[node.children[0]]
                count[k] = len(node.children)
            segment[k] = node.segment
            matrix[k] = node.matrix
            stake[k] = node.stake
            transition[k] = node.transition
            labels.append(node.label)
        return PublicTree(kind, parent, first, count, depth, segment, matrix, stake, transition,
                          tuple(labels))  # fmt: skip


@dataclass(frozen=True, slots=True, eq=False)
class PublicTree:
    """The public tree in arrays, breadth first (node 0 is the root).

    ``kind`` is 0 or 1 (whose decision), :data:`CHANCE` or :data:`TERMINAL`; a node's
    children are ``first[i] .. first[i] + count[i] - 1``; ``segment`` is the private-state
    space the node is in (a round); terminals have a payoff ``matrix`` and ``stake``;
    outcomes of chance nodes a ``transition`` (-1: none); ``labels`` the action or
    outcome that leads to each node.
    """

    kind: npt.NDArray[np.int8]
    parent: I32s
    first: I32s
    count: I32s
    depth: I32s
    segment: I32s
    matrix: I32s
    stake: F64s
    transition: I32s
    labels: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.kind)

    def children(self, node: int) -> range:
        start = int(self.first[node])
        return range(start, start + int(self.count[node]))

    def history(self, node: int) -> tuple[str, ...]:
        """The labels on the path from the root to ``node``."""
        out: list[str] = []
        while node > 0:
            out.append(self.labels[node])
            node = int(self.parent[node])
        return tuple(reversed(out))

    def child(self, node: int, label: str) -> int:
        """The child of ``node`` reached by ``label``."""
        for c in self.children(node):
            if self.labels[c] == label:
                return c
        options = ", ".join(self.labels[c] for c in self.children(node))
        raise KeyError(f"no action {label!r} at node {node} (there: {options or 'none'})")

    @property
    def decisions(self) -> int:
        """How many decision nodes the tree has."""
        return int(np.count_nonzero(self.kind < CHANCE))
