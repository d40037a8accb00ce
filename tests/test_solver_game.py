"""A solver game's checks, each refusal's whole text, and the public tree's builder: a
small two-round game written by hand, broken one way at a time."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.solver.best_response import game_value
from pokerroom.solver.game import Game
from pokerroom.solver.sweeps import Sweeps
from pokerroom.solver.tree import PublicTree, TreeBuilder, TreeError

HALF = np.array([0.5, 0.5])
MOVE = np.array([[1.0, 0.0, 0.0], [0.0, 0.5, 0.5]])


def _tree(*, transition: int = 0, last_segment: int = 1, action_segment: int = 0) -> PublicTree:
    """Player 0 folds (``f``) or goes on (``c``) to a chance node whose one outcome ``x``
    starts round 1 (segment 1), where player 1 checks (``k``) to the end."""
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    b.terminal(root, "f", matrix=0, stake=-1.0)
    chance = b.chance(root, "c", segment=action_segment)
    x = b.decision(chance, "x", player=1, segment=last_segment)
    b.link(x, transition)
    b.terminal(x, "k", matrix=1, stake=1.0)
    return b.build()


def _game(tree: PublicTree | None = None, *, sizes: tuple[int, ...] = (2, 3),
          priors: tuple[np.ndarray, np.ndarray] = (HALF, HALF),
          transitions: tuple[np.ndarray, ...] = (MOVE,)) -> Game:  # fmt: skip
    matrices = (np.eye(sizes[0]), np.eye(sizes[-1]))
    return Game("g", tree or _tree(), sizes, priors, matrices, transitions)


def test_a_well_formed_two_round_game_is_taken_and_its_decisions_counted() -> None:
    game = _game()
    # two decision nodes: the root over 2 private states, x over 3
    assert game.decisions == 2 + 3
    assert game.tree.decisions == 2


def test_a_segment_without_a_size_is_refused_by_name() -> None:
    with pytest.raises(TreeError) as caught:
        _game(sizes=(2,))
    assert str(caught.value) == "g: segments [0, 1] but sizes for 1"


def test_priors_that_are_no_distribution_are_refused() -> None:
    with pytest.raises(TreeError) as caught:
        _game(priors=(np.array([0.5, 0.4]), np.array([0.5, 0.25, 0.25])))
    assert str(caught.value) == (
        "g: player 0's prior is not a distribution over segment 0; "
        "player 1's prior is not a distribution over segment 0"
    )


def test_a_terminal_without_its_matrix_is_refused() -> None:
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    b.terminal(root, "a", matrix=0, stake=1.0)
    b.terminal(root, "b", matrix=1, stake=1.0)
    b.terminal(root, "c", matrix=-1, stake=1.0)
    with pytest.raises(TreeError) as caught:
        Game("g", b.build(), (2,), (HALF, HALF), (np.eye(2),))
    # the first terminal without one is named, then the check stops
    assert str(caught.value) == "g: terminal 2 (('b',)) has no 2x2 matrix 1"


def test_transitions_are_checked_outcome_by_outcome() -> None:
    with pytest.raises(TreeError) as caught:
        _game(_tree(transition=-1))
    assert str(caught.value) == "g: chance outcome 3 changes size with no transition"
    with pytest.raises(TreeError) as caught:
        _game(_tree(transition=1))
    assert str(caught.value) == "g: chance outcome 3 needs a (2, 3) transition"
    with pytest.raises(TreeError) as caught:
        _game(transitions=(MOVE.T,))
    assert str(caught.value) == "g: chance outcome 3 needs a (2, 3) transition"
    with pytest.raises(TreeError) as caught:
        _game(transitions=(MOVE * 0.5,))
    assert str(caught.value) == "g: transition 0 is not row-stochastic"
    # the same size, no transition: the states carry over
    same = _game(_tree(transition=-1), sizes=(2, 2), transitions=())
    assert same.decisions == 4


def test_an_action_that_changes_the_segment_is_refused() -> None:
    with pytest.raises(TreeError) as caught:
        _game(_tree(transition=-1, action_segment=1), sizes=(2, 2), transitions=())
    assert str(caught.value) == "g: action 'c' of node 0 changes segment"


def test_at_most_five_problems_are_told() -> None:
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    for label in "abcdefg":  # seven outcomes that change size with no transition
        x = b.decision(b.chance(root, label, segment=0), "x", player=1, segment=1)
        b.terminal(x, "k", matrix=1, stake=1.0)
    with pytest.raises(TreeError) as caught:
        Game("g", b.build(), (2, 3), (HALF, HALF), (np.eye(2), np.eye(3)))
    assert str(caught.value) == "g: " + "; ".join(
        f"chance outcome {n} changes size with no transition" for n in range(8, 13))


def test_the_builder_refuses_a_second_root_a_child_of_a_terminal_and_a_third_player() -> None:
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    with pytest.raises(TreeError, match=r"^a tree has one root$"):
        b.chance(None, "again", segment=0)
    end = b.terminal(root, "f", matrix=0, stake=1.0)
    with pytest.raises(TreeError, match=r"^node 1 is terminal: it has no children \('x'\)$"):
        b.decision(end, "x", player=1, segment=0)
    with pytest.raises(TreeError, match=r"^player 2: two players, 0 and 1$"):
        b.decision(root, "y", player=2, segment=0)
    with pytest.raises(TreeError, match=r"^node 1 is not the outcome of a chance node$"):
        b.link(end, 0)
    with pytest.raises(TreeError, match=r"^node 0 is not the outcome of a chance node$"):
        b.link(root, 0)
    tree = b.build()
    assert len(tree) == 2 and tree.labels == ("", "f")
    with pytest.raises(TreeError, match=r"^an empty tree$"):
        TreeBuilder().build()
    with pytest.raises(KeyError, match=r"no action 'k' at node 0 \(there: f\)"):
        tree.child(0, "k")
    with pytest.raises(KeyError, match=r"no action 'k' at node 1 \(there: none\)"):
        tree.child(1, "k")


def test_the_tree_is_numbered_breadth_first_with_every_array() -> None:
    tree = _tree()
    assert tree.labels == ("", "f", "c", "x", "k")
    assert tree.kind.tolist() == [0, 3, 2, 1, 3]
    assert tree.parent.tolist() == [-1, 0, 0, 2, 3]
    assert tree.first.tolist() == [1, 0, 3, 4, 0]
    assert tree.count.tolist() == [2, 0, 1, 1, 0]
    assert tree.depth.tolist() == [0, 1, 1, 2, 3]
    assert tree.segment.tolist() == [0, 0, 0, 1, 1]
    assert tree.matrix.tolist() == [-1, 0, -1, -1, 1]
    assert tree.stake.tolist() == [0.0, -1.0, 0.0, 0.0, 1.0]
    assert tree.transition.tolist() == [-1, -1, -1, 0, -1]
    assert tree.history(4) == ("c", "x", "k") and tree.history(0) == ()
    assert tree.child(2, "x") == 3 and list(tree.children(0)) == [1, 2]
    with pytest.raises(KeyError) as caught:
        tree.child(0, "z")
    assert caught.value.args == ("no action 'z' at node 0 (there: f, c)",)


def test_the_trees_arrays_have_their_declared_types() -> None:
    # int8 kinds and int32 indices, as PublicTree declares them (one entry per node of
    # the tree: the default int64 or float64 would take four to eight times the memory)
    tree = _tree()
    assert tree.kind.dtype == np.int8 and tree.stake.dtype == np.float64
    for name in ("parent", "first", "count", "depth", "segment", "matrix", "transition"):
        assert getattr(tree, name).dtype == np.int32, name


def test_the_priors_are_over_the_roots_segment_when_a_chance_node_starts_the_game() -> None:
    # the root deals (a chance node) into round 1 of 3 states: the priors stay over the
    # root's 2 states, whatever segment its outcomes are in
    b = TreeBuilder()
    root = b.chance(None, "", segment=0)
    x = b.decision(root, "x", player=0, segment=1)
    b.link(x, 0)
    b.terminal(x, "k", matrix=1, stake=1.0)
    tree = b.build()
    assert tree.parent.tolist() == [-1, 0, 1] and tree.depth.tolist() == [0, 1, 2]
    game = _game(tree)
    assert game.decisions == 3
    with pytest.raises(TreeError, match="player 0's prior is not a distribution"):
        _game(b.build(), priors=(np.full(3, 1 / 3), HALF))


def test_a_games_value_weighs_each_players_states_by_its_own_prior() -> None:
    # player 0 always holds state 0, player 1 holds it half the time, and player 0 wins 1
    # only when both hold state 0: the game is worth 1/2 to player 0, whatever it plays
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    b.terminal(root, "a", matrix=0, stake=1.0)
    b.terminal(root, "b", matrix=0, stake=1.0)
    wins = np.array([[1.0, 0.0], [0.0, 0.0]])
    game = Game("g", b.build(), (2,), (np.array([1.0, 0.0]), HALF), (wins,))
    sweeps = Sweeps(game)
    assert game_value(sweeps, sweeps.uniform()) == pytest.approx(0.5)
