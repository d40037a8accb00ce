"""The two sweeps every algorithm here is made of, vectorised level by level.

* :meth:`Sweeps.ranges`: top down, one player's range (the probability of each of its
  private states and of the actions it took to get there) at every node, given its
  strategy;
* :meth:`Sweeps.values`: bottom up, one player's expected payoff at every node for each
  of its private states, given the opponent's ranges and a rule for its own decisions:
  follow a strategy (CFR, the game's value) or take the best action (best response).

A level of the tree is processed in a few NumPy operations per (segment, player) group,
never node by node: the tree's breadth-first numbering makes each level's nodes and each
node's children contiguous, and the groups are worked out once in :class:`Sweeps`.

Strategies are lists, one array per segment, of shape (decision nodes of the segment,
actions, private states), holding both players' nodes; ``action_mask`` has the actions
each node really has (the arrays are padded to the widest node) and ``owner`` whose
decision each row is.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerroom.solver.game import Game
from pokerroom.solver.tree import CHANCE, TERMINAL, PublicTree

__all__ = ["Decisions", "Edges", "Outcomes", "Sweeps", "Terminals"]

F64s = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
Strategy = list[F64s]


@dataclass(frozen=True, slots=True)
class Edges:
    """Actions of one player's decision nodes at one depth, in one segment."""

    segment: int
    player: int
    child: Ints  # rows of the children
    parent: Ints  # rows of the parents
    decision: Ints  # decision rows of the parents
    action: Ints  # index of the action among the parent's


@dataclass(frozen=True, slots=True)
class Outcomes:
    """Outcomes of chance nodes at one depth with one transition."""

    segment: int
    child_segment: int
    child: Ints
    parent: Ints
    transition: int


@dataclass(frozen=True, slots=True)
class Decisions:
    """One player's decision nodes at one depth, in one segment."""

    segment: int
    player: int
    rows: Ints
    decision: Ints
    children: Ints  # (n, A) rows of the children, padded with the first
    mask: npt.NDArray[np.bool_]  # (n, A)


@dataclass(frozen=True, slots=True)
class Terminals:
    """The terminals of one segment with one payoff matrix, and their stakes."""

    segment: int
    matrix: int
    rows: Ints
    stakes: F64s


class Sweeps:
    """The level-by-level schedule of a game's tree, and the sweeps over it.

    The schedule is public for solvers that walk the tree their own way (the dealt
    solver of :mod:`~pokerroom.solver.deals`): ``forward``, the groups of each depth top
    down (:class:`Edges` and :class:`Outcomes`), ``backward``, those of each depth bottom
    up (:class:`Decisions` and :class:`Outcomes`), and ``terminals`` (:class:`Terminals`).
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        tree = game.tree
        nseg = len(game.sizes)
        self._number(tree, nseg)
        self._mask(tree)
        self.forward, self.backward = self._schedule(tree, nseg)
        self.terminals = self._terminal_groups(tree)
        self._matrices_t = tuple(np.ascontiguousarray(m.T) for m in game.matrices)
        self._ones = tuple(bool(np.all(m == 1.0)) for m in game.matrices)
        self._transitions_t = tuple(np.ascontiguousarray(t.T) for t in game.transitions)

    def _number(self, tree: PublicTree, nseg: int) -> None:
        """Number each node within its segment (``rows``) and each decision within its
        segment (``decision_rows``): player 0's nodes of a segment, then player 1's, so
        that each player's rows are one slice (``player_rows``)."""
        n = len(tree)
        kind = tree.kind
        seg = tree.segment
        row = np.zeros(n, dtype=np.intp)
        counts = [0] * nseg
        drow = np.full(n, -1, dtype=np.intp)
        dcounts = [0] * nseg
        for i in range(n):
            s = int(seg[i])
            row[i] = counts[s]
            counts[s] += 1
        self.player_rows: list[tuple[slice, slice]] = []
        for s in range(nseg):
            bounds = []
            for p in (0, 1):
                start = dcounts[s]
                mine = np.flatnonzero((kind == p) & (seg == s))
                drow[mine] = np.arange(start, start + len(mine))
                dcounts[s] += len(mine)
                bounds.append(slice(start, dcounts[s]))
            self.player_rows.append((bounds[0], bounds[1]))
        self.rows = row
        self.decision_rows = drow
        self.node_counts = tuple(counts)
        self.decision_counts = tuple(dcounts)

    def _mask(self, tree: PublicTree) -> None:
        """The widest decision (``width``), each decision's legal actions
        (``action_mask``) and whose it is (``owner``), segment by segment."""
        kind = tree.kind
        seg = tree.segment
        drow = self.decision_rows
        dcounts = self.decision_counts
        width = int(tree.count[kind < CHANCE].max()) if np.any(kind < CHANCE) else 1
        self.width = width
        masks = [np.zeros((c, width), dtype=np.bool_) for c in dcounts]
        for i in np.flatnonzero(kind < CHANCE).tolist():
            masks[seg[i]][drow[i], : tree.count[i]] = True
        self.action_mask = masks
        owner = [np.zeros(c, dtype=np.int8) for c in dcounts]
        for i in np.flatnonzero(kind < CHANCE).tolist():
            owner[seg[i]][drow[i]] = kind[i]
        self.owner = owner

    def _schedule(self, tree: PublicTree, nseg: int) -> tuple[
        list[list[Edges | Outcomes]], list[list[Decisions | Outcomes]]
    ]:  # fmt: skip
        """The groups of each depth: the forward sweep's edges and chance outcomes (by
        the depth of the child), the backward sweep's decisions and chance outcomes (by
        the depth of the parent)."""
        kind = tree.kind
        seg = tree.segment
        row, drow, width = self.rows, self.decision_rows, self.width
        depth = tree.depth
        top = int(depth.max())
        forward: list[list[Edges | Outcomes]] = [[] for _ in range(top + 1)]
        backward: list[list[Decisions | Outcomes]] = [[] for _ in range(top + 1)]
        parent = tree.parent
        children = np.arange(1, len(tree))
        par = parent[children]
        pkind = kind[par]
        for d in range(1, top + 1):
            at = children[depth[children] == d]
            pk = pkind[at - 1]
            for s in range(nseg):
                for p in (0, 1):
                    sel = at[(pk == p) & (seg[at] == s)]
                    if sel.size:
                        ps = parent[sel]
                        action = (sel - tree.first[ps]).astype(np.intp)
                        forward[d].append(Edges(s, p, row[sel], row[ps], drow[ps], action))
            chance_kids = at[pk == CHANCE]
            keys = {(int(seg[parent[c]]), int(seg[c]), int(tree.transition[c]))
                    for c in chance_kids.tolist()}  # fmt: skip
            for s, cs, t in sorted(keys):
                sel = chance_kids[(seg[parent[chance_kids]] == s) & (seg[chance_kids] == cs)
                                  & (tree.transition[chance_kids] == t)]  # fmt: skip
                group = Outcomes(s, cs, row[sel], row[parent[sel]], t)
                forward[d].append(group)
                backward[d - 1].append(group)
        for d in range(top + 1):
            at = np.flatnonzero(depth == d)
            for s in range(nseg):
                for p in (0, 1):
                    sel = at[(kind[at] == p) & (seg[at] == s)]
                    if not sel.size:
                        continue
                    offsets = np.minimum(np.arange(width)[None, :], tree.count[sel][:, None] - 1)
                    kids = tree.first[sel][:, None] + offsets
                    mask = np.arange(width)[None, :] < tree.count[sel][:, None]
                    backward[d].append(Decisions(s, p, row[sel], drow[sel], row[kids], mask))
        return forward, backward

    def _terminal_groups(self, tree: PublicTree) -> list[Terminals]:
        """The terminal nodes grouped by segment and payoff matrix."""
        seg = tree.segment
        terminals: list[Terminals] = []
        zs = np.flatnonzero(tree.kind == TERMINAL)
        for s, m in sorted({(int(seg[z]), int(tree.matrix[z])) for z in zs.tolist()}):
            sel = zs[(seg[zs] == s) & (tree.matrix[zs] == m)]
            terminals.append(Terminals(s, m, self.rows[sel], tree.stake[sel].astype(np.float64)))
        return terminals

    # ------------------------------------------------------------------ strategies

    def zeros(self) -> Strategy:
        """One zero array per segment, shaped like a strategy."""
        sizes = self.game.sizes
        return [np.zeros((c, self.width, sizes[s])) for s, c in enumerate(self.decision_counts)]

    def uniform(self) -> Strategy:
        """Every legal action equally likely."""
        out = []
        for s, mask in enumerate(self.action_mask):
            m = mask.astype(np.float64)
            m /= np.maximum(m.sum(axis=1, keepdims=True), 1.0)
            out.append(np.repeat(m[:, :, None], self.game.sizes[s], axis=2))
        return out

    def normalise(self, weights: Strategy) -> Strategy:
        """Weights per action turned into probabilities (uniform where all are zero)."""
        return [self.match(s, slice(None), w) for s, w in enumerate(weights)]

    def match(self, segment: int, rows: slice | Ints, weights: F64s) -> F64s:
        """Regret matching on some decision rows of a segment: the positive part of
        ``weights``, normalised (every legal action alike where none is positive)."""
        mask = self.action_mask[segment][rows][:, :, None]
        w = np.where(mask, np.maximum(weights, 0.0), 0.0)
        total = w.sum(axis=1, keepdims=True)
        legal = mask.sum(axis=1, keepdims=True)
        safe = np.where(total > 0, total, 1.0)
        return np.where(total > 0, w / safe, mask / np.maximum(legal, 1))

    # ------------------------------------------------------------------ sweeps

    def ranges(self, player: int, strategy: Strategy) -> list[F64s]:
        """``player``'s range at every node (rows per segment), playing ``strategy``."""
        game = self.game
        out = [np.zeros((c, game.sizes[s])) for s, c in enumerate(self.node_counts)]
        out[int(game.tree.segment[0])][0] = game.priors[player]
        for level in self.forward:
            for g in level:
                if isinstance(g, Edges):
                    r = out[g.segment]
                    if g.player == player:
                        r[g.child] = r[g.parent] * strategy[g.segment][g.decision, g.action]
                    else:
                        r[g.child] = r[g.parent]
                else:
                    src = out[g.segment][g.parent]
                    out[g.child_segment][g.child] = (
                        src if g.transition < 0 else _times(src, game.transitions[g.transition])
                    )
        return out

    def values(
        self,
        player: int,
        opponent: list[F64s],
        strategy: Strategy | None,
        regrets: Strategy | None = None,
        tremble: float = 0.0,
    ) -> list[F64s]:
        """``player``'s expected payoff at every node per private state, against the
        opponent's ``ranges``.  At its own decisions it follows ``strategy``, or takes the
        best action when ``strategy`` is None (a best response).  With ``regrets``, each
        action's value less the node's is added to them (CFR's instantaneous regrets).
        With ``tremble`` ε, the strategy is played as ``(1 − ε) σ + ε u`` (``u`` uniform
        over the legal actions): the node's value backed up is that one's, the regrets
        are still measured against ``σ``'s value (those of the choice ``σ``, scaled by
        ``1 − ε``)."""
        game = self.game
        sign = 1.0 if player == 0 else -1.0
        out = [np.zeros((c, game.sizes[s])) for s, c in enumerate(self.node_counts)]
        for t in self.terminals:
            opp = opponent[t.segment][t.rows]
            m = game.matrices[t.matrix] if player == 1 else self._matrices_t[t.matrix]
            # a fold pays the same whatever the states: no product needed
            fold = self._ones[t.matrix]
            spread = opp.sum(axis=1, keepdims=True) if fold else _times(opp, m)
            out[t.segment][t.rows] = (sign * t.stakes)[:, None] * spread
        for level in reversed(self.backward):
            for g in level:
                if isinstance(g, Outcomes):
                    v = out[g.child_segment][g.child]
                    if g.transition >= 0:
                        v = _times(v, self._transitions_t[g.transition])
                    np.add.at(out[g.segment], g.parent, v)
                    continue
                v = out[g.segment]
                kids = v[g.children]  # (n, A, B)
                if g.player != player:
                    v[g.rows] = np.einsum("nab,na->nb", kids, g.mask)
                elif strategy is None:
                    v[g.rows] = np.where(g.mask[:, :, None], kids, -np.inf).max(axis=1)
                else:
                    sigma = strategy[g.segment][g.decision]
                    here = np.einsum("nab,nab->nb", kids, sigma)
                    v[g.rows] = here
                    if tremble:
                        mean = np.einsum("nab,na->nb", kids, g.mask) / g.mask.sum(axis=1)[:, None]
                        v[g.rows] = (1.0 - tremble) * here + tremble * mean
                    if regrets is not None:
                        regrets[g.segment][g.decision] += np.where(
                            g.mask[:, :, None], kids - here[:, None, :], 0.0
                        )
        return out

    def root_value(self, player: int, values: list[F64s]) -> float:
        """The expected payoff of ``player`` from per-state root ``values``."""
        root = values[int(self.game.tree.segment[0])][0]
        return float(self.game.priors[player] @ root)

    def decision_ranges(self, player: int, ranges: list[F64s]) -> list[F64s]:
        """``ranges`` at ``player``'s decision nodes, in decision rows per segment (zero
        rows for the opponent's nodes)."""
        tree = self.game.tree
        out = [np.zeros((c, self.game.sizes[s])) for s, c in enumerate(self.decision_counts)]
        mine = np.flatnonzero(tree.kind == player)
        for s in range(len(out)):
            sel = mine[tree.segment[mine] == s]
            out[s][self.decision_rows[sel]] = ranges[s][self.rows[sel]]
        return out


def _times(rows: F64s, matrix: F64s) -> F64s:
    """``rows @ matrix`` without BLAS: its threads only spin on these small products."""
    out: F64s = np.einsum("nb,bc->nc", rows, matrix)
    return out
