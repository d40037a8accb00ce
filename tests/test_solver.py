"""CFR and exact best responses on games with known answers: Kuhn poker and Leduc hold'em."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerroom.solver.best_response import best_responses, exploitability, game_value
from pokerroom.solver.cfr import Solver
from pokerroom.solver.game import Game
from pokerroom.solver.sweeps import Sweeps
from pokerroom.solver.toys import kuhn, leduc
from pokerroom.solver.tree import TreeBuilder, TreeError


def test_uniform_profiles_match_openspiel_published_values() -> None:
    # OpenSpiel's exploitability tests: NashConv of the uniform policy is 11/12 in Kuhn
    # and 4.747222... in Leduc; the uniform Leduc profile is worth -0.078125 to player 0.
    k = Sweeps(kuhn())
    assert best_responses(k, k.uniform()) == pytest.approx((1 / 2, 5 / 12))
    assert exploitability(k, k.uniform()) == pytest.approx(11 / 24)
    le = Sweeps(leduc())
    assert 2 * exploitability(le, le.uniform()) == pytest.approx(4.747222222222222)
    assert game_value(le, le.uniform()) == pytest.approx(-0.078125)


def test_information_set_counts() -> None:
    # Kuhn: 12 information sets (4 decision nodes x 3 cards).  Leduc: 936 possible ones;
    # the tree also carries the impossible pairing of a private card with the same
    # public card (one per second-round node and public card).
    assert kuhn().decisions == 12
    game = leduc()
    second_round = int(np.count_nonzero((game.tree.kind < 2) & (game.tree.segment == 1)))
    assert game.decisions - second_round == 936


def _kuhn_equilibrium(alpha: float) -> list[np.ndarray]:
    """Kuhn's equilibrium family (Kuhn 1950), player 0 betting a jack with ``alpha``;
    probabilities per card J, Q, K."""
    sweeps = Sweeps(kuhn())
    strategy = sweeps.uniform()
    tree = kuhn().tree
    plans = {
        (): {"b": [alpha, 0.0, 3 * alpha]},  # player 0 opens
        ("k",): {"b": [1 / 3, 0.0, 1.0]},  # player 1 after a check
        ("b",): {"c": [0.0, 1 / 3, 1.0]},  # player 1 facing a bet
        ("k", "b"): {"c": [0.0, alpha + 1 / 3, 1.0]},  # player 0 facing a bet
    }
    for node in np.flatnonzero(tree.kind < 2).tolist():
        ((label, probs),) = plans[tree.history(node)].items()
        row = sweeps.decision_rows[node]
        kids = list(tree.children(node))
        a = [tree.labels[c] for c in kids].index(label)
        strategy[0][row, a] = probs
        strategy[0][row, 1 - a] = 1.0 - np.array(probs)
    return strategy


@pytest.mark.parametrize("alpha", [0.0, 0.1, 1 / 3])
def test_kuhn_equilibria_are_unexploitable_and_worth_minus_one_eighteenth(alpha: float) -> None:
    sweeps = Sweeps(kuhn())
    strategy = _kuhn_equilibrium(alpha)
    assert exploitability(sweeps, strategy) == pytest.approx(0.0, abs=1e-12)
    assert game_value(sweeps, strategy) == pytest.approx(-1 / 18)


def test_kuhn_off_equilibrium_is_exploitable() -> None:
    sweeps = Sweeps(kuhn())
    strategy = _kuhn_equilibrium(0.5)  # bets a jack too often
    assert exploitability(sweeps, strategy) > 0.01


@pytest.mark.parametrize("method", ["cfr+", "dcfr"])
def test_kuhn_cfr_reaches_the_game_value(method: str) -> None:
    solver = Solver(kuhn(), method)
    solver.run(1000)
    assert round(solver.value(), 3) == round(-1 / 18, 3)
    assert solver.exploitability() < 1e-3


@pytest.mark.parametrize("method", ["cfr+", "dcfr"])
def test_leduc_exploitability_falls_towards_zero(method: str) -> None:
    solver = Solver(leduc(), method)
    seen = []
    for _ in range(4):
        solver.run(100)
        seen.append(solver.exploitability())
    assert all(b < a for a, b in itertools.pairwise(seen)), seen
    assert seen[-1] < 2e-3
    # Leduc's value for player 0 is -0.0856 (Southey et al. 2005; OpenSpiel)
    assert solver.value() == pytest.approx(-0.0856, abs=2e-3)


def test_average_strategy_is_a_distribution_over_legal_actions() -> None:
    solver = Solver(leduc())
    solver.run(20)
    for s, probs in enumerate(solver.average()):
        mask = solver.sweeps.action_mask[s][:, :, None]
        assert np.allclose(probs.sum(axis=1), 1.0)
        assert np.all(probs[~np.broadcast_to(mask, probs.shape)] == 0.0)


def test_unknown_method_is_named() -> None:
    with pytest.raises(ValueError, match="no CFR method 'cfr-' \\(methods: cfr\\+, dcfr\\)"):
        Solver(kuhn(), "cfr-")


def test_malformed_trees_are_refused() -> None:
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    b.chance(root, "x", segment=0)
    with pytest.raises(TreeError, match="no children"):
        b.build()
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    b.terminal(root, "f", matrix=3, stake=1.0)
    prior = np.ones(2) / 2
    with pytest.raises(TreeError, match="no 2x2 matrix 3"):
        Game("bad", b.build(), (2,), (prior, prior), (np.eye(2),))
