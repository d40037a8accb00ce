"""Local best response's values action by action, worked out by hand on small games
written here: a chance node with an outcome that moves the private states (a transition)
and one that does not, payoff matrices that are not antisymmetric (so that player 0's
``s × M @ r`` and player 1's ``-s × r @ M`` differ), a bet answered by a decision with no
fold, and a decision with no check or call, which LBR cannot follow passively.

``_action_value`` is LBR's rule itself (the module's :func:`local_best_response` takes
the largest of these per private state), so its values are checked directly, then the
choices and what they win.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from pokerroom.solver.best_response import (
    _action_value,
    local_best_response,
    local_best_response_value,
)
from pokerroom.solver.game import Game
from pokerroom.solver.sweeps import Sweeps
from pokerroom.solver.tree import TreeBuilder

FOLD = np.ones((2, 2))
SHOW = np.array([[1.0, -1.0], [2.0, 0.0]])  # round 0's showdown (matrix 1)
LATE = np.array([[0.0, 2.0], [-1.0, 1.0]])  # round 1's (matrix 2)
MOVE = np.array([[0.5, 0.5], [0.0, 1.0]])  # the private states' move into round 1
PRIORS = (np.array([0.5, 0.5]), np.array([0.25, 0.75]))


def _deal(b: TreeBuilder, parent: int, label: str, stake: float, order: str) -> None:
    """A chance node after ``label`` with outcomes ``x`` (into round 1, the states moved
    by ``MOVE``) and ``y`` (round 0 goes on, the states kept), in ``order``; after each
    player 1 only checks to a showdown of ``stake``."""
    chance = b.chance(parent, label, segment=0)
    for outcome in order:
        late = outcome == "x"
        node = b.decision(chance, outcome, player=1, segment=1 if late else 0)
        if late:
            b.link(node, 0)
        b.terminal(node, "k", matrix=2 if late else 1, stake=stake)


def _game() -> Game:
    """Player 0 checks (a deal, then the showdown for 1) or bets; player 1 folds to the
    bet (player 0 wins 1) or calls (a deal, then the showdown for 2).  The check's deal
    lists the outcome with the transition second, the call's first: an outcome's value
    put in place of the sum, not added to it, shows either way."""
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    _deal(b, root, "k", 1.0, "yx")
    bet = b.decision(root, "b", player=1, segment=0)
    b.terminal(bet, "f", matrix=0, stake=1.0)
    _deal(b, bet, "c", 2.0, "xy")
    return Game("lbr-by-hand", b.build(), (2, 2), PRIORS, (FOLD, SHOW, LATE), (MOVE,))


def _values(sweeps: Sweeps, strategy: list[np.ndarray], player: int, node: int,
            r: np.ndarray) -> dict[str, list[Fraction]]:  # fmt: skip
    tree = sweeps.game.tree
    return {tree.labels[c]: [Fraction(float(v)).limit_denominator(1000)
                             for v in _action_value(sweeps, strategy, player, c, r)]
            for c in tree.children(node)}  # fmt: skip


def test_player_0s_lbr_values_through_both_kinds_of_chance_outcome() -> None:
    """Player 1's range at the root r = (1/4, 3/4); it folds to the bet with 1/2 holding
    state 0 and 1/3 holding state 1.

    Check: outcome y, the showdown for 1, SHOW @ r = (1/4 - 3/4, 2/4) = (-1/2, 1/2);
    outcome x, r moved: r @ MOVE = (1/8, 7/8), LATE @ (1/8, 7/8) = (7/4, 3/4), moved back
    MOVE @ (7/4, 3/4) = (5/4, 3/4); together (3/4, 5/4).

    Bet: folds r x (1/2, 1/3) = (1/8, 1/4), worth FOLD @ (1/8, 1/4) = (3/8, 3/8); calls
    (1/8, 1/2): outcome x, (1/8, 1/2) @ MOVE = (1/16, 9/16), 2 x LATE @ that = (9/4, 1),
    MOVE @ (9/4, 1) = (13/8, 1); outcome y, 2 x SHOW @ (1/8, 1/2) = (-3/4, 1/2);
    together (7/8, 3/2), and with the folds (5/4, 15/8).  LBR bets with both states: it
    wins (5/4 + 15/8) / 2 = 25/16."""
    game = _game()
    sweeps = Sweeps(game)
    strategy = sweeps.uniform()
    bet = game.tree.child(0, "b")
    fold = [game.tree.labels[c] for c in game.tree.children(bet)].index("f")
    strategy[0][sweeps.decision_rows[bet], fold] = [0.5, 1 / 3]
    strategy[0][sweeps.decision_rows[bet], 1 - fold] = [0.5, 2 / 3]
    F = Fraction
    assert _values(sweeps, strategy, 0, 0, PRIORS[1]) == {
        "k": [F(3, 4), F(5, 4)], "b": [F(5, 4), F(15, 8)]}
    lbr = local_best_response(sweeps, strategy, 0)
    assert lbr[0][sweeps.decision_rows[0], :, :].tolist() == [[0.0, 0.0], [1.0, 1.0]]
    assert local_best_response_value(sweeps, strategy, 0) == pytest.approx(25 / 16)


def test_player_1s_lbr_values_are_minus_its_range_times_the_matrices() -> None:
    """Player 0 checks or bets at even odds: its range where player 1 faces the bet is
    (1/4, 1/4).  Folding pays player 1 -1 x (1/4, 1/4) @ FOLD = (-1/2, -1/2).  Calling:
    outcome x, (1/4, 1/4) @ MOVE = (1/8, 3/8), -2 x (1/8, 3/8) @ LATE = -2 x (-3/8, 5/8)
    = (3/4, -5/4), moved back MOVE @ that = (-1/4, -5/4); outcome y, -2 x (1/4, 1/4) @
    SHOW = -2 x (3/4, -1/4) = (-3/2, 1/2); together (-7/4, -3/4): LBR folds both."""
    game = _game()
    sweeps = Sweeps(game)
    strategy = sweeps.uniform()
    bet = game.tree.child(0, "b")
    r = sweeps.ranges(0, strategy)[0][sweeps.rows[bet]]
    assert r.tolist() == [0.25, 0.25]
    F = Fraction
    assert _values(sweeps, strategy, 1, bet, r) == {
        "f": [F(-1, 2), F(-1, 2)], "c": [F(-7, 4), F(-3, 4)]}
    lbr = local_best_response(sweeps, strategy, 1)
    row = lbr[0][sweeps.decision_rows[bet]]
    assert [game.tree.labels[c] for c in game.tree.children(bet)] == ["f", "c"]
    assert row.tolist() == [[1.0, 1.0], [0.0, 0.0]]


def test_a_bet_answered_without_a_fold_is_valued_as_the_check_or_call_after_it() -> None:
    """Player 0 checks (showdown for 1) or bets, and player 1 can only call (showdown for
    2) or raise: no fold to weigh, so the bet is worth its call, 2 x SHOW @ (1/4, 3/4) =
    (-1, 1), against the check's (-1/2, 1/2): LBR checks state 0 and bets state 1."""
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    b.terminal(root, "k", matrix=1, stake=1.0)
    bet = b.decision(root, "b", player=1, segment=0)
    b.terminal(bet, "c", matrix=1, stake=2.0)
    raised = b.decision(bet, "r", player=0, segment=0)
    b.terminal(raised, "f", matrix=0, stake=-2.0)
    b.terminal(raised, "c", matrix=1, stake=3.0)
    game = Game("no-fold", b.build(), (2,), PRIORS, (FOLD, SHOW))
    sweeps = Sweeps(game)
    strategy = sweeps.uniform()
    F = Fraction
    assert _values(sweeps, strategy, 0, 0, PRIORS[1]) == {
        "k": [F(-1, 2), F(1, 2)], "b": [F(-1), F(1)]}
    lbr = local_best_response(sweeps, strategy, 0)
    assert lbr[0][sweeps.decision_rows[0]].tolist() == [[1.0, 0.0], [0.0, 1.0]]


def test_a_decision_with_no_check_or_call_is_refused_by_name() -> None:
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    b.terminal(root, "k", matrix=1, stake=1.0)
    bet = b.decision(root, "b", player=1, segment=0)
    b.terminal(bet, "r", matrix=1, stake=3.0)
    game = Game("no-call", b.build(), (2,), PRIORS, (FOLD, SHOW))
    sweeps = Sweeps(game)
    with pytest.raises(ValueError) as caught:
        local_best_response(sweeps, sweeps.uniform(), 0)
    assert str(caught.value) == "node 2 (('b',)) has no check or call"
