"""Exact checks of the hold'em abstract games, limit and no-limit: built node by node from
the trees, their payoffs and the stand-in abstraction (the mutation part
``solverdeals``)."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.rules import Rules
from pokerroom.solver.betting import betting_tree
from pokerroom.solver.holdem import holdem_game, mbb, uniform
from pokerroom.solver.nlholdem import BIG_BLIND, DEPTHS, betting, holdem_no_limit
from pokerroom.solver.nolimit import Abstraction
from pokerroom.solver.tree import CHANCE, TERMINAL


def test_the_no_limit_betting_is_blinds_1_and_2_and_the_sizes_asked() -> None:
    assert (BIG_BLIND, DEPTHS) == (2, (100, 200))
    assert betting(100) == Abstraction((1, 2), (0, 1, 1, 1), 2, 200, (0.5, 1.0), 3, ())
    assert betting(2) == Abstraction((1, 2), (0, 1, 1, 1), 2, 4, (0.5, 1.0), 3, ())
    kept = ((0,), (1,), (0, 1), (1,))
    assert betting(7, (1.0, 0.5, 2.0), 2, kept) == Abstraction(
        (1, 2), (0, 1, 1, 1), 2, 14, (1.0, 0.5, 2.0), 2, kept)


@pytest.mark.parametrize("depth", [1, 0, -3])
def test_a_stack_below_2_big_blinds_is_refused(depth: int) -> None:
    with pytest.raises(ValueError) as caught:
        betting(depth)
    assert str(caught.value) == f"a stack of {depth} big blinds: at least 2"


def test_the_no_limit_game_is_its_trees_with_the_cards_payoffs() -> None:
    """At stacks of 2 big blinds (4 chips): every round's outcome, fold and showdown
    matrix, the priors, matrices and transitions of the cards."""
    cards = uniform(3)
    bets = betting(2, (1.0,), 1)
    game, tree = holdem_no_limit(bets, cards)
    assert tree.abstraction == bets
    assert game.name == "heads-up no-limit 2bb, buckets 3,3,3,3"
    assert game.sizes == (3, 3, 3, 3)
    assert game.tree is tree.public
    assert all(p is cards.prior for p in game.priors)
    assert game.transitions is cards.transitions
    assert len(game.matrices) == 5
    for m in game.matrices[:4]:
        assert np.array_equal(m, np.ones((3, 3)))
    assert np.array_equal(game.matrices[4], 2.0 * cards.showdown - 1.0)
    public = tree.public
    assert len(public) == 55
    chances = 0
    for node in range(len(public)):
        kind = int(public.kind[node])
        if kind == CHANCE:
            chances += 1
            (child,) = public.children(node)
            r = int(public.segment[node])
            if r < 3:  # the next round's one outcome, its buckets moved by transition r
                assert (public.labels[child], public.transition[child]) == (str(r + 1), r)
                assert public.segment[child] == r + 1
            else:  # after the river only the showdown is left
                assert public.kind[child] == TERMINAL and public.matrix[child] == 4
        elif kind == TERMINAL:
            folded = public.labels[node] == "f"
            want = int(public.segment[node]) if folded else 4
            assert public.matrix[node] == want, public.history(node)
    assert chances == 21
    # the button folds its small blind, calls, or goes all-in
    assert [public.labels[c] for c in public.children(0)] == ["f", "c", "a"]
    assert (public.matrix[1], public.stake[1]) == (0, -1.0)
    # checked down: a showdown of the big blind each; an all-in called: 4 chips each
    checked = ("c", "k", "1", "k", "k", "2", "k", "k", "3", "k", "k")
    called = ("a", "c", "1", "2", "3", "s")
    ends = {public.history(z): z for z in np.flatnonzero(public.kind == TERMINAL).tolist()}
    assert (public.matrix[ends[checked]], public.stake[ends[checked]]) == (4, 2.0)
    assert (public.matrix[ends[called]], public.stake[ends[called]]) == (4, 4.0)
    folded = ("c", "k", "1", "k", "k", "2", "a", "f")
    assert (public.matrix[ends[folded]], public.stake[ends[folded]]) == (2, -2.0)


def test_the_limit_game_is_the_engines_tree_with_the_cards_payoffs() -> None:
    tree = betting_tree(Rules.preset("casino-limit", players=2))
    cards = uniform(2)
    game = holdem_game(tree, cards)
    assert game.name == f"{tree.rules} heads-up, buckets 2,2,2,2"
    assert game.sizes == (2, 2, 2, 2)
    assert all(p is cards.prior for p in game.priors)
    assert game.transitions is cards.transitions
    assert len(game.matrices) == 5
    for m in game.matrices[:4]:
        assert np.array_equal(m, np.ones((2, 2)))
    assert np.array_equal(game.matrices[4], [[0.0, -1.0], [1.0, 0.0]])
    public = game.tree
    for z in np.flatnonzero(public.kind == TERMINAL).tolist():
        street = int(tree.street[z])
        if tree.ending[z] == "fold":
            assert (public.matrix[z], public.segment[z]) == (street, street), public.history(z)
        else:  # a showdown comes after the river
            assert (public.matrix[z], public.segment[z]) == (4, 3), public.history(z)
    for c in np.flatnonzero(public.kind == CHANCE).tolist():
        (child,) = public.children(c)
        assert public.transition[child] == int(tree.street[child]) - 1


def test_mbb_is_thousandths_of_the_big_blind() -> None:
    tree = betting_tree(Rules.preset("casino-limit", players=2))
    assert mbb(tree.big_blind * 0.25, tree) == 250.0
    assert mbb(-3.0 * tree.big_blind, tree) == -3000.0


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_uniform_stand_in_abstraction(n: int) -> None:
    a = uniform(n)
    assert a.sizes == (n, n, n, n)
    assert np.array_equal(a.preflop, np.zeros(169)) and a.preflop.dtype == np.intp
    assert a.flop_keys.shape == (0,) and a.flop_keys.dtype == np.int64
    assert a.flop_buckets.shape == (0, 1326) and a.flop_buckets.dtype == np.uint8
    for cuts in (a.flop_cuts, a.turn_cuts, a.river_cuts):
        assert cuts.shape == (1000,) and cuts.dtype == np.intp and not cuts.any()
    assert np.array_equal(a.prior, np.full(n, 1.0 / n))
    flat, turn, river = a.transitions
    assert np.array_equal(flat, np.full((n, n), 1.0 / n))
    assert np.array_equal(turn, np.eye(n)) and np.array_equal(river, np.eye(n))
    higher = np.arange(n)[:, None] > np.arange(n)[None, :]
    lower = np.arange(n)[:, None] < np.arange(n)[None, :]
    want = np.where(higher, 1.0, np.where(lower, 0.0, 0.5))
    assert np.array_equal(a.showdown, want)
