"""Exact checks of the sampled solver (external-sampling MCCFR): its walks against one
worked out node by node with the random numbers fixed, and the draw by hand (the
mutation part ``solverdeals``)."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest

from pokerroom.solver.cfr import Discounting, Solver
from pokerroom.solver.game import Game
from pokerroom.solver.sampling import (
    EXPLORATION,
    SAMPLED,
    SOLVERS,
    SampledSolver,
    draw,
    make_solver,
)
from pokerroom.solver.toys import kuhn, leduc, leduc_no_limit
from pokerroom.solver.tree import CHANCE, TERMINAL, TreeBuilder, TreeError
from solver_games import (
    F64s,
    Numbers,
    chance_first,
    crossed,
    holdem_3,
    resumed_checks,
    two_ways,
)

GAMES = {"kuhn": kuhn, "leduc": leduc, "leduc-nl": lambda: leduc_no_limit(6), "holdem-3": holdem_3,
         "crossed": crossed, "chance-first": chance_first,
         "two-ways": two_ways}


class SampledWalk:
    """One player's sampled walk worked out recursively (see the module of the solver)."""

    def __init__(self, solver: SampledSolver, u: float) -> None:
        self.solver, self.u = solver, u
        self.game: Game = solver.game
        self.tree = solver.game.tree
        self.visited: dict[int, list[int]] = {}

    def run(self, player: int, t: int, regrets: list[F64s], weights: list[F64s],
            sigma: list[F64s]) -> None:  # fmt: skip
        self.player, self.t, self.regrets, self.weights, self.sigma = (
            player, t, regrets, weights, sigma)
        self.visited = {}
        priors = self.game.priors
        self.value(0, priors[1 - player], priors[player])

    def value(self, node: int, opp: F64s, own: F64s) -> F64s:
        tree, game, u, e = self.tree, self.game, self.u, self.solver.exploration
        kind, kids = int(tree.kind[node]), list(tree.children(node))
        sign = 1.0 if self.player == 0 else -1.0
        if kind == TERMINAL:
            m = game.matrices[int(tree.matrix[node])]
            return sign * float(tree.stake[node]) * (m @ opp if self.player == 0 else opp @ m)
        if kind == CHANCE:
            c = len(kids)
            child = kids[min(int(u * c), c - 1)]
            move = int(tree.transition[child])
            if move < 0:
                return self.value(child, opp * c, own * c)
            t = game.transitions[move]
            return t @ self.value(child, (opp * c) @ t, (own * c) @ t)
        s = int(tree.segment[node])
        d = int(self.solver.sweeps.decision_rows[node])
        sigma = self.sigma[s][d][: len(kids)]  # (actions, states)
        if kind != self.player:
            public = sigma @ opp
            share = public / public.sum() if public.sum() > 0 else np.full(len(kids), 1 / len(kids))
            q = (1.0 - e) * share + e / len(kids)
            cumulative = np.cumsum(q)
            a = min(int((cumulative < u * cumulative[-1]).sum()), len(kids) - 1)
            return self.value(kids[a], opp * sigma[a] / q[a], own / q[a])
        values = [self.value(c, opp, own * sigma[a]) for a, c in enumerate(kids)]
        here = sum(sigma[a] * v for a, v in enumerate(values))
        for a, v in enumerate(values):
            self.regrets[s][d, a] += self.t * (v - here)
            self.weights[s][d, a] += self.t * own * sigma[a]
        self.visited.setdefault(s, []).append(d)
        return here


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(("u", "exploration"), [(0.0, 0.1), (0.37, 0.1), (0.999, 0.1),
                                                (0.61, 0.5), (0.2, 1.0)])  # fmt: skip
def test_sampled_iterations_are_the_walk_with_the_draws_fixed(
    name: str, u: float, exploration: float
) -> None:
    """Three iterations, each a walk for player 0 then player 1 (who plays player 0's
    strategy as matched after its walk): regrets, the average's weights and the
    strategy, the visited decisions only."""
    game = GAMES[name]()
    solver = SampledSolver(game, exploration=exploration)
    solver.rng = Numbers([u])  # type: ignore[assignment]
    regrets, weights = solver.sweeps.zeros(), solver.sweeps.zeros()
    sigma = [c.copy() for c in solver.current]
    walk = SampledWalk(solver, u)
    for t in (1, 2, 3):
        for p in (0, 1):
            walk.run(p, t, regrets, weights, sigma)
            for s, rows in walk.visited.items():
                d = np.array(sorted(set(rows)))
                sigma[s][d] = solver.sweeps.match(s, d, regrets[s][d])
        solver.iterate()
        assert solver.iterations == t
        for s in range(len(regrets)):
            np.testing.assert_allclose(solver.regrets[s], regrets[s], rtol=1e-9, atol=1e-9)
            np.testing.assert_allclose(solver.weights[s], weights[s], rtol=1e-9, atol=1e-9)
            np.testing.assert_allclose(solver.current[s], sigma[s], rtol=1e-9, atol=1e-9)


def test_draw_picks_the_share_that_holds_each_number() -> None:
    q = np.array([[0.2, 0.3, 0.5]] * 6)
    u = np.array([0.0, 0.1999, 0.2001, 0.5001, 0.9999, 1.0])
    assert draw(q, u, 3).tolist() == [0, 0, 1, 2, 2, 2]
    # weights that do not sum to one are shares of their total
    assert draw(np.array([[2.0, 6.0], [2.0, 6.0]]), np.array([0.24, 0.26]), 2).tolist() == [0, 1]
    # per-row counts: the padding past them is never picked
    padded = np.array([[0.5, 0.5, 0.0], [0.0, 0.0, 0.0]])
    assert draw(padded, np.array([1.0, 0.5]), np.array([2, 1])).tolist() == [1, 0]
    got = draw(q, u, 3)
    assert got.dtype == np.intp
    # a number exactly at a share's top is in that share (strictly below the next)
    assert draw(np.array([[0.25, 0.75], [0.5, 0.5]]), np.array([0.25, 0.5]), 2).tolist() == [0, 0]


@pytest.mark.parametrize("exploration", [0.0, -0.1, 1.0000001, 2.0])
def test_an_exploration_outside_0_to_1_is_refused(exploration: float) -> None:
    with pytest.raises(ValueError) as caught:
        SampledSolver(kuhn(), exploration=exploration)
    assert str(caught.value) == f"exploration {exploration}: a probability in (0, 1]"


def test_an_exploration_of_1_is_taken_and_the_defaults() -> None:
    assert SampledSolver(kuhn(), exploration=1.0).exploration == 1.0
    solver = SampledSolver(kuhn())
    assert solver.exploration == 0.1 and solver.method == SAMPLED
    assert solver.rng.bit_generator.state == np.random.default_rng(0).bit_generator.state


def test_make_solver_gives_each_method_its_solver_seed_and_trembles() -> None:
    game = kuhn()
    assert (EXPLORATION, SOLVERS) == (0.1, ("cfr+", "dcfr", "sampled"))
    assert Discounting("sampled", alpha=1.0, beta=1.0, gamma=1.0, floor=False) == SAMPLED
    sampled = make_solver(game, "sampled", 7)
    assert isinstance(sampled, SampledSolver)
    assert sampled.method == SAMPLED
    assert sampled.exploration == 0.1
    assert sampled.rng.bit_generator.state == np.random.default_rng(7).bit_generator.state
    unseeded = make_solver(game, "sampled")
    assert isinstance(unseeded, SampledSolver)
    assert unseeded.rng.bit_generator.state == np.random.default_rng(0).bit_generator.state
    for name in ("cfr+", "dcfr"):
        full = make_solver(game, name, tremble=0.25)
        assert type(full) is Solver and full.method.name == name and full.tremble == 0.25
        assert make_solver(game, name).tremble == 0.0
    with pytest.raises(ValueError) as caught:
        make_solver(game, "sampled", tremble=0.25)
    assert str(caught.value) == "tremble is for the full-width methods (cfr+, dcfr), not sampled"
    with pytest.raises(ValueError) as caught:
        make_solver(game, "mccfr")
    assert str(caught.value) == "no CFR method 'mccfr' (methods: cfr+, dcfr, sampled)"


def test_sampled_checkpoints_keep_the_generator_and_refuse_with_the_reason() -> None:
    game = kuhn()
    solver = SampledSolver(game, seed=3, exploration=0.25)
    solver.run(2)
    state = solver.checkpoint()
    assert str(state["method"]) == "sampled" and float(state["exploration"]) == 0.25
    assert json.loads(str(state["rng"])) == solver.rng.bit_generator.state
    other = SampledSolver(game, seed=4, exploration=0.25)
    refusals = [
        ({**state, "exploration": np.array(0.1)}, "a checkpoint of exploration 0.1, not 0.25"),
        ({k: v for k, v in state.items() if k != "exploration"},
         "a checkpoint of exploration nan, not 0.25"),
    ]  # fmt: skip
    resumed_checks(solver, other, state, "sampled", refusals)
    assert other.iterations == 2


def test_a_chance_node_whose_outcomes_move_apart_is_refused() -> None:
    """Outcomes of one chance node in the same round by two transitions: the sampled
    walk moves a node's outcomes together, so it refuses them."""
    b = TreeBuilder()
    root = b.chance(None, "", segment=0)
    for move in (0, 1):
        d = b.decision(root, str(move), player=0, segment=1)
        b.link(d, move)
        b.terminal(d, "f", matrix=0, stake=1.0)
        b.terminal(d, "c", matrix=0, stake=2.0)
    flat = np.full((2, 2), 0.5)
    game = Game("apart", b.build(), (2, 2), (flat[0], flat[0]), (np.ones((2, 2)),),
                (flat, np.eye(2)))  # fmt: skip
    with pytest.raises(TreeError) as caught:
        SampledSolver(game)
    assert str(caught.value) == "a chance node's outcomes must share a segment and a transition"


def test_an_opponent_that_cannot_be_there_is_followed_uniformly_without_a_warning() -> None:
    """Leduc, player 0's walk: player 1 never bets after a check (its strategy), but
    the exploration follows the bet (every number 0.99); after player 0's raise player
    1's range is then zero, and its action is drawn uniformly (with the exploration's
    share), with no division by zero."""
    game = leduc()
    solver = SampledSolver(game, exploration=0.5)
    solver.rng = Numbers([0.99])  # type: ignore[assignment]
    tree, sweeps = game.tree, solver.sweeps
    checked = 1
    assert tree.history(checked) == ("k",) and tree.kind[checked] == 1
    d = sweeps.decision_rows[checked]
    solver.current[0][d] = 0.0
    solver.current[0][d, 0] = 1.0  # always check back
    regrets, weights = solver.sweeps.zeros(), solver.sweeps.zeros()
    sigma = [c.copy() for c in solver.current]
    walk = SampledWalk(solver, 0.99)
    for p in (0, 1):
        walk.run(p, 1, regrets, weights, sigma)
        for s, rows in walk.visited.items():
            drows = np.array(sorted(set(rows)))
            sigma[s][drows] = solver.sweeps.match(s, drows, regrets[s][drows])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        solver.iterate()
    for s in range(len(regrets)):
        np.testing.assert_allclose(solver.regrets[s], regrets[s], rtol=1e-9, atol=1e-9)
        np.testing.assert_allclose(solver.weights[s], weights[s], rtol=1e-9, atol=1e-9)
    assert np.abs(solver.regrets[0]).max() > 0
