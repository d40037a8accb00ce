"""The abstract hold'em game on the engine's betting tree."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.rules import Rules
from pokerroom.solver.best_response import best_responses
from pokerroom.solver.betting import betting_tree
from pokerroom.solver.cfr import Solver
from pokerroom.solver.holdem import holdem_game, mbb, uniform
from pokerroom.solver.tree import TERMINAL


@pytest.mark.parametrize("preset", ["casino-limit", "computer-tournament"])
def test_without_information_nobody_should_fold_and_the_game_is_even(preset: str) -> None:
    """One bucket a round: every showdown splits the pot, so folding only loses; at the
    equilibrium nobody folds and the game is worth nothing to either seat."""
    tree = betting_tree(Rules.preset(preset, players=2))
    solver = Solver(holdem_game(tree, uniform(1)))
    solver.run(300)
    assert mbb(solver.exploitability(), tree) < 1.0
    assert solver.value() == pytest.approx(0.0, abs=0.01)
    # how often a hand ends in a fold when both play the average strategy
    average = solver.average()
    sweeps = solver.sweeps
    reach = [sweeps.ranges(p, average) for p in (0, 1)]
    folded = sum(
        float(reach[0][int(tree.street[z])][sweeps.rows[z], 0])
        * float(reach[1][int(tree.street[z])][sweeps.rows[z], 0])
        for z in range(len(tree))
        if tree.ending[z] == "fold"
    )
    assert folded < 0.01


def test_payoffs_are_the_engines() -> None:
    tree = betting_tree(Rules.preset("computer-tournament", players=2))
    game = holdem_game(tree, uniform(2))
    public = game.tree
    terminals = np.flatnonzero(public.kind == TERMINAL)
    assert len(terminals) == sum(1 for e in tree.ending if e is not None)
    for z in terminals.tolist():
        if tree.ending[z] == "fold":
            assert public.stake[z] == tree.payoff[z]
        else:
            assert public.stake[z] == tree.committed[z][0] == tree.committed[z][1]


def test_uniform_play_is_exploitable_from_both_seats() -> None:
    """Two buckets, the higher always winning: the uniform strategy (folding a third of
    the time, whatever the cards) loses to a best response in either seat."""
    tree = betting_tree(Rules.preset("casino-limit", players=2))
    solver = Solver(holdem_game(tree, uniform(2)))
    calls = solver.sweeps.uniform()
    br0, br1 = best_responses(solver.sweeps, calls)
    assert br0 > 0 and br1 > 0
