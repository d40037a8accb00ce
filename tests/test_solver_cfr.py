"""The CFR solver's checkpoints and refusals: a resumed solver goes on exactly as one that
never stopped, and every refused checkpoint or tremble is named in full, the solver
unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.solver.cfr import CFR_PLUS, DCFR, Solver
from pokerroom.solver.game import Game
from pokerroom.solver.toys import kuhn, leduc
from pokerroom.solver.tree import TreeBuilder


def _arrays(solver: Solver) -> list[np.ndarray]:
    return [a.copy() for a in (*solver.regrets, *solver.weights, *solver.current)]


def _same(a: list[np.ndarray], b: list[np.ndarray]) -> bool:
    return len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("method", ["cfr+", "dcfr"])
def test_a_resumed_solver_goes_on_as_one_that_never_stopped(method: str) -> None:
    whole = Solver(kuhn(), method)
    whole.run(7)
    state = whole.checkpoint()
    assert int(state["iterations"]) == 7 and str(state["method"]) == method
    assert float(state["tremble"]) == 0.0
    resumed = Solver(kuhn(), method)
    resumed.resume(state)
    assert resumed.iterations == 7 and _same(_arrays(resumed), _arrays(whole))
    whole.run(5)
    resumed.run(5)
    assert resumed.iterations == whole.iterations == 12
    assert _same(_arrays(resumed), _arrays(whole))


def test_a_checkpoint_of_another_method_tremble_or_game_is_refused_whole() -> None:
    solver = Solver(kuhn())
    solver.run(3)
    before = _arrays(solver)
    kept = solver.checkpoint()
    other_game = Solver(leduc()).checkpoint()
    partial = {k: v for k, v in kept.items() if not k.startswith("current")}
    for state, told in (
        ({}, "a checkpoint of no method, not dcfr"),
        (Solver(kuhn(), CFR_PLUS).checkpoint(), "a checkpoint of cfr+, not dcfr"),
        (Solver(kuhn(), tremble=0.25).checkpoint(), "a checkpoint of tremble 0.25, not 0.0"),
        (other_game, "a checkpoint of another game (regrets0 does not fit)"),
        (partial | {"weights0": np.zeros(3)},
         "a checkpoint of another game (weights0 does not fit)"),
        (partial, "a checkpoint of another game (current0 does not fit)"),
    ):  # fmt: skip
        with pytest.raises(ValueError) as caught:
            solver.resume(state)
        assert str(caught.value) == told
        assert solver.iterations == 3 and _same(_arrays(solver), before)
    # a checkpoint written without a tremble is one of no tremble
    solver.resume({k: v for k, v in kept.items() if k != "tremble"})
    assert solver.iterations == 3


@pytest.mark.parametrize("tremble", [-0.01, 1.0, 1.5])
def test_a_tremble_outside_zero_to_one_is_refused(tremble: float) -> None:
    with pytest.raises(ValueError) as caught:
        Solver(kuhn(), tremble=tremble)
    assert str(caught.value) == f"tremble {tremble}: a probability in [0, 1)"


def test_the_methods_named_and_their_weights() -> None:
    assert Solver(kuhn(), "cfr+").method is CFR_PLUS and Solver(kuhn()).method is DCFR
    assert (CFR_PLUS.gamma, CFR_PLUS.floor) == (1.0, True)
    assert (DCFR.alpha, DCFR.beta, DCFR.gamma, DCFR.floor) == (1.5, 0.0, 2.0, False)
    plain = Solver(kuhn())
    assert plain.played() is plain.current


def test_the_exploitability_is_the_mean_of_the_two_best_responses() -> None:
    # no iteration yet: the average is the uniform profile, whose NashConv in Kuhn is 11/12
    # (OpenSpiel), so 11/24 a seat
    assert Solver(kuhn()).exploitability() == pytest.approx(11 / 24)


def test_a_player_who_acts_only_in_the_second_round_learns_there() -> None:
    # player 0 decides in round 0 alone, player 1 in round 1 alone, where betting (b)
    # wins it 1 whatever the hands and checking (k) loses 1: its average must bet
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    b.terminal(root, "f", matrix=0, stake=-1.0)
    x = b.decision(b.chance(root, "c", segment=0), "x", player=1, segment=1)
    b.link(x, 0)
    b.terminal(x, "k", matrix=1, stake=1.0)
    b.terminal(x, "b", matrix=1, stake=-1.0)
    half, third = np.full(2, 0.5), np.full((3, 3), 1.0)
    move = np.full((2, 3), 1 / 3)
    game = Game("two-rounds", b.build(), (2, 3), (half, half), (np.ones((2, 2)), third), (move,))
    solver = Solver(game, "cfr+")
    solver.run(20)
    node = game.tree.child(game.tree.child(0, "c"), "x")
    row = solver.sweeps.decision_rows[node]
    betting = solver.average()[1][row, 1]
    assert np.all(betting > 0.9), betting


def test_a_tremble_at_a_node_of_one_action_keeps_that_action_certain() -> None:
    # the solver keeps its game; at a decision with one legal action the trembled
    # strategy still plays it with probability 1 (the uniform part is that action alone)
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    b.terminal(root, "f", matrix=0, stake=-1.0)
    only = b.decision(root, "c", player=1, segment=0)
    b.terminal(only, "k", matrix=0, stake=1.0)
    half = np.full(2, 0.5)
    game = Game("one-action", b.build(), (2,), (half, half), (np.eye(2),))
    solver = Solver(game, tremble=0.5)
    assert solver.game is game
    solver.run(3)
    played = solver.played()[0][solver.sweeps.decision_rows[game.tree.child(0, "c")]]
    assert played[0].tolist() == [1.0, 1.0]
