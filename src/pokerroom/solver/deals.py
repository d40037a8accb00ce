"""Chance-sampled CFR on real deals: the card abstraction played on the cards as dealt.

The abstract game of :mod:`~pokerroom.solver.holdem` moves the two players' buckets as
independent chains and pays a showdown by an average bucket-against-bucket equity: the
shared board, card removal and the real showdown are left out.  :class:`DealtSolver`
keeps the same information sets (the same buckets, the same betting tree, the tables of
:class:`~pokerroom.solver.cfr.Solver`, so a strategy file is written as usual) but each
iteration plays a batch of **real deals** (chance-sampled CFR, Lanctot et al. 2009):

* a :class:`Dealer` draws ``N`` deals; for hold'em (:class:`HoldemDealer`) both players'
  hole cards and the five board cards, uniformly and without clashes, each player's
  bucket in every round being its bucket on that round's real board, and the showdown
  the comparison of the two real seven-card hands (a split pot pays nothing);
* the whole public tree is walked for every deal at once, level by level: arrays of
  (nodes, N).  Down: each player's reach (the chance of its own actions); up: the
  button's expected payoff under the current strategy, a fold paying the tree's stake and
  a showdown the stake times the deal's result;
* every decision's counterfactual regret (the opponent's reach times each action's
  value less the node's) is added to the (node, bucket) of the deal's bucket, for both
  players at once; the average strategy likewise with the player's own reach.

Iteration ``t`` weighs ``t`` in the regrets and in the average (linear CFR, Brown and
Sandholm 2019: the first iterations' poorer strategies count less).  Regrets and the
average are those of the abstract game's solver, so :meth:`Solver.exploitability` still
measures the average in the abstract game; what the real deals aim at is measured by
local best response (``pokerroom solve lbr``).  :meth:`DealtSolver.regret` is the
progress the command line shows.

The no-limit abstract game of :mod:`~pokerroom.solver.nlholdem` is solved the same way:
its chance nodes have one public outcome each (an all-in before the river is a chain of
them down to the showdown, which the deal's real board, dealt to the river, decides), a
fold pays the chips the folder committed and a showdown those each committed.

The random generator is part of the state: a resumed run deals what one that never
stopped deals, and its tables are the same bit for bit.

>>> from pokerroom.solver.toys import kuhn
>>> solver = DealtSolver(kuhn(), ChainDealer(kuhn()), seed=1, deals=100)
>>> solver.run(1000)
>>> round(solver.value(), 2), solver.exploitability() < 0.015
(-0.06, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from pokerroom.solver.abstraction import CardAbstraction
from pokerroom.solver.cfr import DCFR, Discounting, Solver
from pokerroom.solver.features import class_of_combo, river_level
from pokerroom.solver.game import Game
from pokerroom.solver.holdem import SHOWDOWN_MATRIX
from pokerroom.solver.sampling import draw
from pokerroom.solver.strength import combos, pair_values
from pokerroom.solver.suits import canonical, combo_maps, unpack
from pokerroom.solver.sweeps import Edges, Outcomes, Sweeps
from pokerroom.solver.tree import CHANCE, TERMINAL

__all__ = ["DEALS", "DEALT", "ChainDealer", "Dealer", "Deals", "DealtSolver", "HoldemDealer"]

F64s = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]

DEALT = Discounting("dealt", alpha=1.0, beta=1.0, gamma=1.0)
"""Iteration ``t`` weighs ``t`` in the regrets and in the average."""
DEALS = 1000
"""Deals per iteration by default."""


@dataclass(frozen=True, slots=True)
class Deals:
    """A batch of ``N`` deals: ``states`` (2, rounds, N), each player's private state
    (bucket) in each round; ``pays`` (the game's matrices, N), what a terminal of each
    payoff matrix pays the button per unit of its stake in each deal (a fold 1; a
    showdown +1 when it wins, -1 when it loses, 0 on a split; or an expectation)."""

    states: Ints
    pays: F64s


class Dealer(Protocol):
    """What deals the cards: ``deal(rng, n)`` gives :class:`Deals`."""

    def deal(self, rng: np.random.Generator, n: int) -> Deals: ...


class HoldemDealer:
    """Real hold'em deals bucketed by a :class:`CardAbstraction` (see the module).
    The turn's buckets are worked out once per canonical turn board and kept."""

    def __init__(self, abstraction: CardAbstraction) -> None:
        self.abstraction = abstraction
        self._classes = class_of_combo()
        # buckets (below 250) and -1 fit in int16: the 16,432 canonical turns kept take
        # 44 MB, not the 174 MB of machine integers
        self._turns: dict[int, npt.NDArray[np.int16]] = {}

    def cards(self, rng: np.random.Generator, n: int) -> Ints:
        """``n`` deals of nine distinct cards, uniformly: the button's two hole cards,
        the other player's two, the five board cards."""
        out: Ints = np.argsort(rng.random((n, 52)), axis=1)[:, :9].astype(np.intp)
        return out

    def deal(self, rng: np.random.Generator, n: int) -> Deals:
        return self.bucketed(self.cards(rng, n))

    def bucketed(self, cards: Ints) -> Deals:
        """The buckets and showdown of dealt ``cards`` (N, 9), laid out as :meth:`cards`."""
        a = self.abstraction
        _, index = combos()
        n = len(cards)
        hole = np.stack([index[cards[:, 0], cards[:, 1]], index[cards[:, 2], cards[:, 3]]])
        board = cards[:, 4:]
        states = np.empty((2, 4, n), dtype=np.intp)
        states[:, 0] = a.preflop[self._classes[hole]]
        key, perm = canonical(board[:, :3])
        row = np.searchsorted(a.flop_keys, key)
        maps = combo_maps()
        states[:, 1] = a.flop_buckets[row[None, :], maps[perm[None, :], hole]]
        key, perm = canonical(board[:, :4])
        turn = np.stack([self._turn(int(k)) for k in key.tolist()])  # (N, 1326)
        states[:, 2] = turn[np.arange(n)[None, :], maps[perm[None, :], hole]]
        values = pair_values(board)  # (N, 1326)
        pairs, _ = combos()
        for p in (0, 1):
            dead = np.zeros((n, 52), dtype=np.bool_)
            np.put_along_axis(dead, np.column_stack([board, cards[:, 2 * p:2 * p + 2]]), True,
                              axis=1)  # fmt: skip
            live = ~(dead[:, pairs[:, 0]] | dead[:, pairs[:, 1]])  # the opponent's 990 pairs
            mine = values[np.arange(n), hole[p]][:, None]
            strength = 2 * ((values < mine) & live).sum(axis=1) + ((values == mine) & live).sum(
                axis=1)
            states[p, 3] = a.river_cuts[river_level(strength)]
        mine, theirs = values[np.arange(n), hole[0]], values[np.arange(n), hole[1]]
        pays = np.ones((SHOWDOWN_MATRIX + 1, n))  # the folds of each round, the showdown
        pays[SHOWDOWN_MATRIX] = np.sign(mine - theirs)
        return Deals(states, pays)

    def _turn(self, key: int) -> npt.NDArray[np.int16]:
        found = self._turns.get(key)
        if found is None:
            found = self.abstraction.buckets(tuple(unpack(key, 4))).astype(np.int16)
            self._turns[key] = found
        return found


class ChainDealer:
    """Deals of an abstract game itself: each player's state drawn from the prior, then
    moved round by round by the transition matrices, independently of the other's; a
    terminal pays what its matrix gives the two states (an expectation over what the
    states leave open).  Its solver is a chance-sampled one of exactly the game
    :class:`Solver` solves full width (a game of rounds: a transition between each two,
    no public chance)."""

    def __init__(self, game: Game) -> None:
        tree = game.tree
        if len(game.transitions) != len(game.sizes) - 1:
            raise ValueError(f"{game.name}: not a game of rounds joined by transitions")
        self.game = game
        terminals = np.flatnonzero(tree.kind == TERMINAL)
        self.segments = {int(tree.matrix[z]): int(tree.segment[z]) for z in terminals.tolist()}

    def deal(self, rng: np.random.Generator, n: int) -> Deals:
        game = self.game
        rounds = len(game.sizes)
        states = np.empty((2, rounds, n), dtype=np.intp)
        for p in (0, 1):
            states[p, 0] = draw(game.priors[p][None, :], rng.random(n), len(game.priors[p]))
            for r, move in enumerate(game.transitions):
                states[p, r + 1] = draw(move[states[p, r]], rng.random(n), move.shape[1])
        pays = np.zeros((len(game.matrices), n))
        for m, s in self.segments.items():
            pays[m] = game.matrices[m][states[0, s], states[1, s]]
        return Deals(states, pays)


def _down(sweeps: Sweeps) -> list[Edges | Outcomes]:
    """The sweeps' forward groups, top down, without the edges into terminals (a reach
    there is never read)."""
    tree = sweeps.game.tree
    inner = np.flatnonzero(tree.kind != TERMINAL)
    out: list[Edges | Outcomes] = []
    for level in sweeps.forward:
        for g in level:
            if isinstance(g, Outcomes):
                out.append(g)
                continue
            rows = sweeps.rows[inner[tree.segment[inner] == g.segment]]
            keep = np.isin(g.child, rows)
            if keep.any():
                out.append(Edges(g.segment, g.player, g.child[keep], g.parent[keep],
                                  g.decision[keep], g.action[keep]))  # fmt: skip
    return out


def _onehot(states: Ints, size: int) -> npt.NDArray[np.float32]:
    """(N, size): row n is 1 at ``states[n]``."""
    out = np.zeros((len(states), size), dtype=np.float32)
    out[np.arange(len(states)), states] = 1.0
    return out


class DealtSolver(Solver):
    """Chance-sampled CFR on dealt cards (see the module): the interface of
    :class:`~pokerroom.solver.cfr.Solver` (its average, exploitability in the abstract
    game, checkpoints) with iterations of ``deals`` deals each."""

    def __init__(self, game: Game, dealer: Dealer, *, seed: int = 0, deals: int = DEALS
                 ) -> None:  # fmt: skip
        if not 1 <= deals <= 100_000:
            raise ValueError(f"{deals} deals per iteration: 1 to 100,000")
        super().__init__(game, DCFR)
        self.method = DEALT
        self.dealer = dealer
        self.deals = deals
        self.rng = np.random.default_rng(seed)
        tree = game.tree
        if np.any(tree.count[tree.kind == CHANCE] != 1):
            raise ValueError(f"{game.name}: a chance node with several public outcomes (the "
                             "dealt solver deals private states only)")
        self._down = _down(self.sweeps)

    def iterate(self) -> None:
        """One iteration: a batch of deals, both players' regrets and averages updated."""
        t = self.iterations + 1
        sweeps, game = self.sweeps, self.game
        batch = self.dealer.deal(self.rng, self.deals)
        states, n = batch.states, self.deals
        sigma = [c.astype(np.float32) for c in self.current]
        counts = sweeps.node_counts
        # the walk in single precision (half the memory traffic); each batch's sums are
        # added to the double precision tables
        reach = [[np.zeros((c, n), dtype=np.float32) for c in counts] for _ in (0, 1)]
        value = [np.zeros((c, n), dtype=np.float32) for c in counts]
        root = int(game.tree.segment[0])
        reach[0][root][0] = 1.0
        reach[1][root][0] = 1.0
        for g in self._down:
            if isinstance(g, Outcomes):
                for p in (0, 1):
                    reach[p][g.child_segment][g.child] = reach[p][g.segment][g.parent]
                continue
            s, q = g.segment, g.player
            r = reach[q][s]
            # each edge's probability in every bucket, then per deal (a take along the
            # buckets is several times faster than one fancy index over edges × deals)
            taken = np.take(sigma[s][g.decision, g.action], states[q, s], axis=1)
            r[g.child] = r[g.parent] * taken
            other = reach[1 - q][s]
            other[g.child] = other[g.parent]
        pays = batch.pays.astype(np.float32)
        for z in sweeps.terminals:
            value[z.segment][z.rows] = z.stakes.astype(np.float32)[:, None] * pays[z.matrix]
        sizes, width = game.sizes, sweeps.width
        hots = [[_onehot(states[p, s], sizes[s]) for s in range(len(sizes))] for p in (0, 1)]
        for level in reversed(sweeps.backward):
            for d in level:
                if isinstance(d, Outcomes):
                    value[d.segment][d.parent] = value[d.child_segment][d.child]
                    continue
                s, q = d.segment, d.player
                v = value[s]
                kids = v[d.children]  # (k, A, N), a copy
                played = sigma[s][d.decision]  # (k, A, B)
                mine = np.take(played, states[q, s], axis=2)  # (k, A, N)
                here = np.einsum("kan,kan->kn", kids, mine)
                v[d.rows] = here
                opp = reach[1 - q][s][d.rows] if q == 0 else -reach[1 - q][s][d.rows]
                gain = np.subtract(kids, here[:, None, :], out=kids)
                gain *= opp[:, None, :]
                hot = hots[q][s]  # (N, B): the deals by bucket
                k = len(d.rows)
                regret = (gain.reshape(k * width, n) @ hot).reshape(k, width, -1)
                regret *= d.mask[:, :, None]  # the padding's actions gain nothing
                self.regrets[s][d.decision] += t * regret.astype(np.float64)
                # a deal's strategy is its bucket's: the average's sum over the deals is
                # the strategy times the reach summed over each bucket's deals
                average = played * (reach[q][s][d.rows] @ hot)[:, None, :]
                self.weights[s][d.decision] += t * average.astype(np.float64)
        for s in range(len(self.regrets)):
            self.current[s] = sweeps.match(s, slice(None), self.regrets[s])
        self.iterations = t

    progress_name = "regret"

    def progress(self) -> float:
        """:meth:`regret`: the abstract game's exploitability would not measure a strategy
        solved on real deals."""
        return self.regret()

    def regret(self) -> float:
        """Each player's positive regret summed over its information sets, per deal
        (regrets weighted as the iterations are, divided by the weighted deals), the two
        players averaged: in the game's units per game, it falls as the strategy
        settles (CFR's bound on exploitability, here with sampling noise and imperfect
        recall: a progress measure, not an exploitability)."""
        t = self.iterations
        if not t:
            return float("nan")
        scale = self.deals * t * (t + 1) / 2
        total = sum(float(np.maximum(r, 0.0).max(axis=1).sum()) for r in self.regrets)
        return total / scale / 2

    def checkpoint(self) -> dict[str, np.ndarray]:
        """The solver's state (see :meth:`Solver.checkpoint`), the random generator's
        and the deals per iteration."""
        out = super().checkpoint()
        out["rng"] = np.array(json.dumps(self.rng.bit_generator.state))
        out["deals"] = np.array(self.deals)
        return out

    def resume(self, state: dict[str, np.ndarray]) -> None:
        """Continue from a :meth:`checkpoint` (the generator too); another game's, another
        method's, another batch size's or one without the generator's state is refused,
        this solver unchanged."""
        method = str(state.get("method", ""))
        if method != self.method.name:
            raise ValueError(f"a checkpoint of {method or 'no method'}, not {self.method.name}")
        deals = int(state.get("deals", -1))
        if deals != self.deals:
            raise ValueError(f"a checkpoint of {deals} deals per iteration, not {self.deals}")
        try:
            probe = np.random.default_rng()
            probe.bit_generator.state = json.loads(str(state["rng"]))
        except (KeyError, ValueError, TypeError) as exc:
            raise ValueError(f"a checkpoint without the random generator's state ({exc})"
                             ) from None  # fmt: skip
        super().resume(state)
        self.rng = probe
