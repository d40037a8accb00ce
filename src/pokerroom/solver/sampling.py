"""Monte Carlo CFR in the vector form: the opponent's public actions are sampled.

:class:`SampledSolver` is external-sampling MCCFR (Lanctot et al. 2009) over the
*public* tree, keeping the solver's vectors of private states.  Each iteration updates
player 0, then player 1 (alternating, like :class:`~pokerroom.solver.cfr.Solver`).  For
the updating player (the *traverser*) one walk of the tree:

* at the traverser's own decisions follows every action, for all its private states at
  once (its counterfactual values and regrets are vectors, as in full-width CFR);
* at the opponent's decisions follows **one** action, drawn with probability
  ``q(a) = (1 − ε) π(a) + ε / |A|``, where ``π(a)`` is the chance the opponent's range
  there takes ``a`` (its strategy weighted by its range) and ``ε`` the exploration
  (:data:`EXPLORATION`);
* at a chance node with several public outcomes (Leduc's board card) follows one,
  uniformly (hold'em's rounds have one public outcome: the buckets move by a matrix).

The opponent's range below a sampled action is divided by ``q(a)``, so every value and
regret is an unbiased estimate of its full-width counterpart (values are linear in the
opponent's range).  The average strategy is updated at the traverser's visited decisions
with its own reach divided by the chance of visiting them (unbiased too).  Only the
visited rows change, so regrets are not discounted every iteration (a multiplication of
the whole table, which would cost as much as a full-width iteration): iteration ``t``'s
regrets are added with weight ``t`` (linear CFR, Brown and Sandholm 2019) and its
average strategy with weight ``t`` too.

An iteration visits about the square root of the tree (the opponent's nodes do not
branch): many more, cheaper, noisier iterations.  Which converges faster for the same
CPU depends on the game (docs/guide/solver.md has the measurements).

The random generator is part of the state: :meth:`SampledSolver.checkpoint` keeps it, so
a resumed run makes the same draws as one that never stopped.

>>> from pokerroom.solver.toys import kuhn
>>> solver = SampledSolver(kuhn(), seed=1)
>>> solver.run(10_000)
>>> solver.exploitability() < 0.01
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerroom.solver.cfr import DCFR, METHODS, Discounting, Solver
from pokerroom.solver.game import Game
from pokerroom.solver.tree import CHANCE, TERMINAL, PublicTree, TreeError

__all__ = ["EXPLORATION", "SAMPLED", "SOLVERS", "SampledSolver", "draw", "make_solver"]

F64s = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
Bools = npt.NDArray[np.bool_]

EXPLORATION = 0.1
SAMPLED = Discounting("sampled", alpha=1.0, beta=1.0, gamma=1.0)
"""Iteration ``t`` weighs ``t^alpha`` in the regrets and ``t^gamma`` in the average."""
SOLVERS = (*METHODS, SAMPLED.name)
"""Every method :func:`make_solver` knows: the full-width ones, then ``sampled``."""


def make_solver(game: Game, method: str, seed: int = 0, *, tremble: float = 0.0) -> Solver:
    """A solver of ``game`` by ``method`` (one of :data:`SOLVERS`; ``seed`` is for the
    sampled one, ``tremble`` for the full-width ones: see
    :class:`~pokerroom.solver.cfr.Solver`); an unknown method, or trembles with the
    sampled one, is refused (ValueError naming the choices)."""
    if method == SAMPLED.name:
        if tremble:
            raise ValueError(f"tremble is for the full-width methods ({', '.join(METHODS)}), "
                             "not sampled")  # fmt: skip
        return SampledSolver(game, seed=seed)
    if method not in METHODS:
        raise ValueError(f"no CFR method {method!r} (methods: {', '.join(SOLVERS)})")
    return Solver(game, method, tremble=tremble)


@dataclass(frozen=True, slots=True)
class _Group:
    """The decision or chance nodes of one depth, one segment and one kind."""

    segment: int
    kind: int  # 0, 1: whose decision; CHANCE
    nodes: Ints  # tree indices
    rows: Ints  # rows in the segment
    decision: Ints  # decision rows (decisions only)
    children: Ints  # (n, width) tree indices of the children, padded with the last
    mask: Bools  # (n, width)
    counts: Ints  # children per node
    child_segment: int
    transition: int  # of a chance node's children, -1 for none


@dataclass(frozen=True, slots=True)
class _Terminals:
    segment: int
    matrix: int
    nodes: Ints
    rows: Ints
    stakes: F64s


@dataclass(frozen=True, slots=True)
class _Step:
    """One step of the walk back up: a group's visited nodes, and for the opponent's and
    chance nodes the one child each visited."""

    group: _Group
    index: Ints  # which of the group's nodes were visited
    child: Ints  # opponent, chance: the visited child's row


class SampledSolver(Solver):
    """Public-action external-sampling MCCFR (see the module): the interface of
    :class:`~pokerroom.solver.cfr.Solver` (its average, exploitability, value,
    checkpoints) with sampled iterations."""

    def __init__(self, game: Game, *, seed: int = 0, exploration: float = EXPLORATION
                 ) -> None:  # fmt: skip
        if not 0.0 < exploration <= 1.0:
            raise ValueError(f"exploration {exploration}: a probability in (0, 1]")
        super().__init__(game, DCFR)
        self.method = SAMPLED
        self.exploration = exploration
        self.rng = np.random.default_rng(seed)
        self._groups = _groups(game.tree, self.sweeps.rows, self.sweeps.decision_rows,
                               self.sweeps.width)  # fmt: skip
        self._terminal_groups = _terminals(game.tree, self.sweeps.rows)
        sizes, counts = game.sizes, self.sweeps.node_counts
        # scratch: only rows written during a walk are read in it, so never cleared
        self._opp = [np.zeros((c, sizes[s])) for s, c in enumerate(counts)]
        self._own = [np.zeros((c, sizes[s])) for s, c in enumerate(counts)]
        self._value = [np.zeros((c, sizes[s])) for s, c in enumerate(counts)]

    def iterate(self) -> None:
        """One iteration: a sampled walk for player 0, then one for player 1."""
        t = self.iterations + 1
        for p in (0, 1):
            self._walk(p, t)
        self.iterations = t

    # ------------------------------------------------------------------ the walk

    def _walk(self, player: int, t: int) -> None:
        game = self.game
        root = int(game.tree.segment[0])
        self._opp[root][0] = game.priors[1 - player]
        self._own[root][0] = game.priors[player]
        live = np.zeros(len(game.tree), dtype=np.bool_)
        live[0] = True
        steps: list[_Step] = []
        for group in self._groups:
            index = np.flatnonzero(live[group.nodes])
            if index.size:
                steps.append(self._down(group, index, player, live))
        self._terminal_values(player, live)
        touched: list[tuple[int, Ints]] = []
        for step in reversed(steps):
            if step.group.kind == player:
                touched.append(self._update(step, t))
            else:
                self._up(step)
        for s, drows in touched:
            self.current[s][drows] = self.sweeps.match(s, drows, self.regrets[s][drows])

    def _down(self, g: _Group, index: Ints, player: int, live: Bools) -> _Step:
        """The ranges of the visited children of a group's visited nodes."""
        s, cs = g.segment, g.child_segment
        rows = g.rows[index]
        opp, own = self._opp[s][rows], self._own[s][rows]
        if g.kind == player:
            sigma = self.current[s][g.decision[index]]
            n, a = np.nonzero(g.mask[index])
            child = g.children[index][n, a]
            crow = self.sweeps.rows[child]
            self._own[s][crow] = own[n] * sigma[n, a]
            self._opp[s][crow] = opp[n]
            live[child] = True
            return _Step(g, index, crow)
        n = np.arange(len(index))
        if g.kind == CHANCE:
            counts = g.counts[index]
            a = np.minimum((self.rng.random(len(index)) * counts).astype(np.intp), counts - 1)
            scale = counts.astype(np.float64)[:, None]
            moved_opp, moved_own = opp * scale, own * scale
            if g.transition >= 0:
                move = self.game.transitions[g.transition]
                moved_opp, moved_own = moved_opp @ move, moved_own @ move
        else:
            sigma = self.current[s][g.decision[index]]
            q = self._sampling(opp, sigma, g.mask[index], g.counts[index])
            a = draw(q, self.rng.random(len(index)), g.counts[index])
            qa = q[n, a][:, None]
            moved_opp, moved_own = opp * sigma[n, a] / qa, own / qa
        child = g.children[index][n, a]
        crow = self.sweeps.rows[child]
        self._opp[cs][crow] = moved_opp
        self._own[cs][crow] = moved_own
        live[child] = True
        return _Step(g, index, crow)

    def _sampling(self, opp: F64s, sigma: F64s, mask: Bools, counts: Ints) -> F64s:
        """``q``: each action's chance of being followed at the opponent's nodes."""
        public = np.einsum("nb,nab->na", opp, sigma) * mask
        total = public.sum(axis=1, keepdims=True)
        uniform = mask / counts[:, None]
        public = np.where(total > 0, public / np.where(total > 0, total, 1.0), uniform)
        out: F64s = (1.0 - self.exploration) * public + self.exploration * uniform
        return out

    def _terminal_values(self, player: int, live: Bools) -> None:
        sign = 1.0 if player == 0 else -1.0
        game = self.game
        for z in self._terminal_groups:
            index = np.flatnonzero(live[z.nodes])
            if not index.size:
                continue
            rows = z.rows[index]
            opp = self._opp[z.segment][rows]
            m = game.matrices[z.matrix]
            spread = opp @ m if player == 1 else opp @ m.T
            self._value[z.segment][rows] = (sign * z.stakes[index])[:, None] * spread

    def _up(self, step: _Step) -> None:
        """An opponent's or chance node is worth its visited child (the ranges below
        were divided by the chance of the visit)."""
        g = step.group
        v = self._value[g.child_segment][step.child]
        if g.kind == CHANCE and g.transition >= 0:
            v = v @ self.game.transitions[g.transition].T
        self._value[g.segment][g.rows[step.index]] = v

    def _update(self, step: _Step, t: int) -> tuple[int, Ints]:
        """The traverser's visited decisions: values, regrets and the average."""
        g = step.group
        s = g.segment
        index = step.index
        rows, drows, mask = g.rows[index], g.decision[index], g.mask[index]
        value = self._value[s]
        kids = value[self.sweeps.rows[g.children[index]]]  # (n, width, states)
        sigma = self.current[s][drows]
        here = np.einsum("nab,nab->nb", kids, sigma)
        value[rows] = here
        weight = float(t) ** self.method.alpha
        self.regrets[s][drows] += weight * np.where(mask[:, :, None], kids - here[:, None, :],
                                                    0.0)  # fmt: skip
        average = float(t) ** self.method.gamma
        self.weights[s][drows] += average * self._own[s][rows][:, None, :] * sigma
        return s, drows

    # ------------------------------------------------------------------ checkpoints

    def checkpoint(self) -> dict[str, np.ndarray]:
        """The solver's state (see :meth:`Solver.checkpoint`) and the random generator's."""
        out = super().checkpoint()
        out["rng"] = np.array(json.dumps(self.rng.bit_generator.state))
        out["exploration"] = np.array(self.exploration)
        return out

    def resume(self, state: dict[str, np.ndarray]) -> None:
        """Continue from a :meth:`checkpoint` (the generator too); another game's, another
        method's or one without the generator's state is refused, this solver unchanged."""
        method = str(state.get("method", ""))
        if method != self.method.name:
            raise ValueError(f"a checkpoint of {method or 'no method'}, not {self.method.name}")
        try:
            rng = json.loads(str(state["rng"]))
            probe = np.random.default_rng()
            probe.bit_generator.state = rng
        except (KeyError, ValueError, TypeError) as exc:
            raise ValueError(f"a checkpoint without the random generator's state ({exc})"
                             ) from None  # fmt: skip
        exploration = float(state.get("exploration", np.nan))
        if exploration != self.exploration:
            raise ValueError(f"a checkpoint of exploration {exploration}, not {self.exploration}")
        super().resume(state)
        self.rng = probe


def draw(q: F64s, u: F64s, counts: Ints | int) -> Ints:
    """For each row the index (an action, a state) whose share of the cumulative ``q``
    holds ``u``, below the row's ``counts``."""
    cumulative = np.cumsum(q, axis=1)
    picked = (cumulative < u[:, None] * cumulative[:, -1:]).sum(axis=1)
    out: Ints = np.minimum(picked, counts - 1).astype(np.intp)
    return out


def _groups(tree: PublicTree, rows: Ints, decision_rows: Ints, width: int) -> list[_Group]:
    """The decision and chance nodes by depth (top down), segment and kind."""
    kind, seg, depth = tree.kind, tree.segment, tree.depth
    out: list[_Group] = []
    inner = np.flatnonzero(kind != TERMINAL)
    for d in range(int(depth.max()) + 1):
        at = inner[depth[inner] == d]
        for key in sorted({(int(seg[i]), int(kind[i])) for i in at.tolist()}):
            nodes = at[(seg[at] == key[0]) & (kind[at] == key[1])]
            wide = width if key[1] < CHANCE else int(tree.count[nodes].max())
            out.extend(_split(tree, nodes, key, rows=rows, decision_rows=decision_rows,
                              width=wide))  # fmt: skip
    return out


def _split(tree: PublicTree, nodes: Ints, key: tuple[int, int], *, rows: Ints,
           decision_rows: Ints, width: int) -> list[_Group]:  # fmt: skip
    """Groups of nodes whose children share a segment and a transition."""
    s, k = key
    first, count = tree.first[nodes], tree.count[nodes]
    child_seg = tree.segment[first]
    transition = tree.transition[first]
    out = []
    for cs, t in sorted({(int(a), int(b)) for a, b in zip(child_seg, transition, strict=True)}):
        sel = (child_seg == cs) & (transition == t)
        f, c = first[sel], count[sel]
        offsets = np.minimum(np.arange(width)[None, :], c[:, None] - 1)
        children = (f[:, None] + offsets).astype(np.intp)
        if k == CHANCE and not (np.all(tree.segment[children] == cs)
                                and np.all(tree.transition[children] == t)):  # fmt: skip
            raise TreeError("a chance node's outcomes must share a segment and a transition")
        mask = np.arange(width)[None, :] < c[:, None]
        picked = nodes[sel]
        out.append(_Group(s, k, picked, rows[picked], decision_rows[picked], children, mask,
                          c.astype(np.intp), cs, t))  # fmt: skip
    return out


def _terminals(tree: PublicTree, rows: Ints) -> list[_Terminals]:
    zs = np.flatnonzero(tree.kind == TERMINAL)
    seg, matrix = tree.segment, tree.matrix
    out = []
    for s, m in sorted({(int(seg[z]), int(matrix[z])) for z in zs.tolist()}):
        sel = zs[(seg[zs] == s) & (matrix[zs] == m)]
        out.append(_Terminals(s, m, sel, rows[sel], tree.stake[sel].astype(np.float64)))
    return out
