"""A two-player zero-sum game for the solver: a public tree and the numbers on it.

:class:`Game` is plain data.  The :class:`~pokerroom.solver.tree.PublicTree` says who
acts where; ``sizes`` how many private states each player has in each segment (round);
``priors`` the chance probabilities of each player's first private state; ``transitions``
the row-stochastic matrices that take private states from one round to the next at a
chance node (the card buckets of hold'em; for Leduc's board card there is none: the card
a player holds does not change); ``matrices`` the payoff matrices of the terminals.

Payoffs.  At a terminal with stake ``s`` and matrix ``M``, player 0 holding state ``h``
against player 1's range ``r`` gets ``s × (M @ r)[h]``; player 1 gets the negative (the
game is zero-sum).  Chance probabilities that tie the two players together (cards one of
them holds cannot be the other's, nor the board's) live in ``M``, as
``P(h, o, board) / (P(h) P(o))``, so that every value the algorithms compute is an
expectation given the player's own state, and ``priors @ values`` at the root is the
game's value.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerroom.solver.tree import CHANCE, TERMINAL, PublicTree, TreeError

__all__ = ["Game"]

F64s = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True, eq=False)
class Game:
    """A game the solver can play (see the module): checked on construction."""

    name: str
    tree: PublicTree
    sizes: tuple[int, ...]
    priors: tuple[F64s, F64s]
    matrices: tuple[F64s, ...]
    transitions: tuple[F64s, ...] = ()

    def __post_init__(self) -> None:
        tree, sizes = self.tree, self.sizes
        problems: list[str] = []
        segs = set(tree.segment.tolist())
        if min(segs) < 0 or max(segs) >= len(sizes):  # nothing more can be checked
            raise TreeError(f"{self.name}: segments {sorted(segs)} but sizes for {len(sizes)}")
        for p, prior in enumerate(self.priors):
            if prior.shape != (sizes[tree.segment[0]],) or not np.isclose(prior.sum(), 1.0):
                problems.append(f"player {p}'s prior is not a distribution over segment 0")
        terminals = np.flatnonzero(tree.kind == TERMINAL)
        for z in terminals.tolist():
            m = int(tree.matrix[z])
            s = sizes[tree.segment[z]]
            if not 0 <= m < len(self.matrices) or self.matrices[m].shape != (s, s):
                problems.append(f"terminal {z} ({tree.history(z)}) has no {s}x{s} matrix {m}")
                break
        for c in np.flatnonzero(tree.kind == CHANCE).tolist():
            for child in tree.children(c):
                t = int(tree.transition[child])
                shape = (sizes[tree.segment[c]], sizes[tree.segment[child]])
                if t < 0:
                    if shape[0] != shape[1]:
                        problems.append(f"chance outcome {child} changes size with no transition")
                elif not 0 <= t < len(self.transitions) or self.transitions[t].shape != shape:
                    problems.append(f"chance outcome {child} needs a {shape} transition")
                elif not np.allclose(self.transitions[t].sum(axis=1), 1.0):
                    problems.append(f"transition {t} is not row-stochastic")
        for d in np.flatnonzero(tree.kind < CHANCE).tolist():
            for child in tree.children(d):
                if tree.segment[child] != tree.segment[d]:
                    problems.append(f"action {tree.labels[child]!r} of node {d} changes segment")
                    break
        if problems:
            raise TreeError(f"{self.name}: " + "; ".join(problems[:5]))

    @property
    def decisions(self) -> int:
        """Information sets per player summed: decision nodes × private states."""
        tree = self.tree
        nodes = np.flatnonzero(tree.kind < CHANCE)
        return int(sum(self.sizes[s] for s in tree.segment[nodes].tolist()))
