"""Exact best responses, the value of a strategy profile, and exploitability.

A best response to a strategy is found in one sweep up the public tree: at every node
of the responder, for each of its private states, the action with the largest
counterfactual value (the opponent's range down the tree, as the strategy plays it,
weights every history).  It is exact on the whole tree: no sampling, no abstraction
beyond the game's own.

Exploitability follows OpenSpiel's convention: the mean of the two best responses'
values, ``(BR₀ + BR₁) / 2``: what a best responder wins per game, on average over the two
seats.  It is zero exactly at an equilibrium.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerroom.solver.sweeps import Strategy, Sweeps
from pokerroom.solver.tree import CHANCE, TERMINAL

__all__ = [
    "best_response_value",
    "best_responses",
    "exploitability",
    "game_value",
    "local_best_response",
    "local_best_response_value",
]

F64s = npt.NDArray[np.float64]


def best_response_value(sweeps: Sweeps, strategy: Strategy, player: int) -> float:
    """What ``player`` wins by the best response to the other player's ``strategy``."""
    opponent = sweeps.ranges(1 - player, strategy)
    return sweeps.root_value(player, sweeps.values(player, opponent, None))


def best_responses(sweeps: Sweeps, strategy: Strategy) -> tuple[float, float]:
    """The best-response values of player 0 and of player 1."""
    return best_response_value(sweeps, strategy, 0), best_response_value(sweeps, strategy, 1)


def exploitability(sweeps: Sweeps, strategy: Strategy) -> float:
    """``(BR₀ + BR₁) / 2`` of a profile (both players' strategies in one)."""
    br0, br1 = best_responses(sweeps, strategy)
    return (br0 + br1) / 2


def game_value(sweeps: Sweeps, strategy: Strategy) -> float:
    """Player 0's expected payoff when both players follow ``strategy``."""
    opponent = sweeps.ranges(1, strategy)
    return sweeps.root_value(0, sweeps.values(0, opponent, strategy))


# ---------------------------------------------------------------- local best response

_PASSIVE = ("k", "c")
_AGGRESSIVE = ("b", "r")


def local_best_response(sweeps: Sweeps, strategy: Strategy, player: int) -> Strategy:
    """Local best response (Lisý and Bowling 2017) on a game's tree: ``strategy`` with
    ``player``'s decisions replaced by LBR's, one action per private state.

    At each of its decision nodes LBR knows the opponent's range there (as ``strategy``
    plays it) and values each action as if, after it, both players only checked or called
    to the end: a fold is the fold's payoff; a check or call is the passive line's; a bet
    or raise is the opponent folding with its strategy's chance of folding, hand by hand,
    and calling with the rest, then the passive line.  It takes the action worth most
    (the first of equals, in the tree's order: fold, check or call, bet or raise).  This
    is the rule the real-game :class:`~pokerroom.players.lbr.bot.LocalBestResponse` plays
    with hold'em's 1,326 hands; here it is exact (no sampled boards), so on a game small
    enough for :func:`best_response_value` it shows how far below the best response LBR
    stays.  Actions are read from the labels both tree builders use (``f``, ``k``,
    ``c``, ``b``, ``r``)."""
    game = sweeps.game
    tree = game.tree
    opponent = sweeps.ranges(1 - player, strategy)
    out = [s.copy() for s in strategy]
    for node in np.flatnonzero(tree.kind == player).tolist():
        seg = int(tree.segment[node])
        r = opponent[seg][sweeps.rows[node]]
        values = [_action_value(sweeps, strategy, player, child, r)
                  for child in tree.children(node)]  # fmt: skip
        best = np.argmax(np.array(values), axis=0)
        row = out[seg][sweeps.decision_rows[node]]
        row[:] = 0.0
        row[best, np.arange(row.shape[1])] = 1.0
    return out


def local_best_response_value(sweeps: Sweeps, strategy: Strategy, player: int) -> float:
    """What ``player`` wins by local best response against the other player's
    ``strategy`` (see :func:`local_best_response`): at most :func:`best_response_value`."""
    lbr = local_best_response(sweeps, strategy, player)
    opponent = sweeps.ranges(1 - player, strategy)
    return sweeps.root_value(player, sweeps.values(player, opponent, lbr))


def _action_value(sweeps: Sweeps, strategy: Strategy, player: int, child: int,
                  r: F64s) -> F64s:  # fmt: skip
    """LBR's counterfactual value, per private state, of the action leading to ``child``
    against the opponent's range ``r``."""
    tree = sweeps.game.tree
    if tree.labels[child] not in _AGGRESSIVE:
        return _passive(sweeps, player, child, r)
    answers = {tree.labels[c]: c for c in tree.children(child)}
    if tree.kind[child] != 1 - player or "f" not in answers:
        return _passive(sweeps, player, child, r)
    fold_index = list(tree.children(child)).index(answers["f"])
    seg = int(tree.segment[child])
    folds = strategy[seg][sweeps.decision_rows[child], fold_index]
    called = next(c for label, c in answers.items() if label in _PASSIVE)
    return _passive(sweeps, player, answers["f"], r * folds) + _passive(
        sweeps, player, called, r * (1.0 - folds)
    )


def _passive(sweeps: Sweeps, player: int, node: int, r: F64s) -> F64s:
    """``player``'s counterfactual value per private state at ``node`` against the
    opponent's range ``r`` when both only check or call from there on."""
    game = sweeps.game
    tree = game.tree
    kind = int(tree.kind[node])
    if kind == TERMINAL:
        m = game.matrices[int(tree.matrix[node])]
        stake = float(tree.stake[node])
        return stake * (m @ r) if player == 0 else -stake * (r @ m)
    if kind == CHANCE:
        total: F64s = np.zeros(game.sizes[int(tree.segment[node])])
        for child in tree.children(node):
            t = int(tree.transition[child])
            if t < 0:
                total += _passive(sweeps, player, child, r)
            else:
                move = game.transitions[t]
                total += move @ _passive(sweeps, player, child, r @ move)
        return total
    passive = [c for c in tree.children(node) if tree.labels[c] in _PASSIVE]
    if not passive:
        raise ValueError(f"node {node} ({tree.history(node)}) has no check or call")
    return _passive(sweeps, player, passive[0], r)
