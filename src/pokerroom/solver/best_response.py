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

from pokerroom.solver.sweeps import Strategy, Sweeps

__all__ = ["best_response_value", "best_responses", "exploitability", "game_value"]


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
