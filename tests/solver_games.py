"""Small solver games for the exact tests of the sweeps and the dealt solving."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from pokerroom.solver.game import Game
from pokerroom.solver.holdem import uniform
from pokerroom.solver.nlholdem import betting, holdem_no_limit
from pokerroom.solver.tree import TreeBuilder

F64s = npt.NDArray[np.float64]


def _stochastic(rng: np.random.Generator, n: int, m: int) -> F64s:
    w = rng.random((n, m)) + 0.05
    return w / w.sum(axis=1, keepdims=True)


def holdem_3() -> Game:
    """Heads-up no-limit at 2 big blinds with three made-up buckets a round: an uneven
    prior, transitions that are not the identity, a showdown matrix that is not a sign."""
    rng = np.random.default_rng(7)
    cards = dataclasses.replace(
        uniform(3), prior=np.array([0.5, 0.3, 0.2]),
        transitions=(_stochastic(rng, 3, 3), _stochastic(rng, 3, 3), _stochastic(rng, 3, 3)),
        showdown=rng.random((3, 3)))
    game, _ = holdem_no_limit(betting(2, (1.0,), 1), cards)
    return game


class Numbers:
    """A stand-in generator that hands out given random numbers in turn (over and over)."""

    def __init__(self, numbers: list[float]) -> None:
        self.numbers = numbers
        self.at = 0

    def random(self, n: int) -> F64s:
        out = [self.numbers[(self.at + i) % len(self.numbers)] for i in range(n)]
        self.at += n
        return np.array(out)


def crossed() -> Game:
    """A small game whose rounds end at the same depth: a round of three private states
    between two of two, reached in one line by a chance node at depth 3 after round 0
    and in another by one at depth 3 after round 1 (both outcomes at depth 4, with
    decisions below); decisions of one, two and three actions; the two players' priors
    apart; transitions that change the number of states."""
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    b.terminal(root, "f", matrix=0, stake=-1.0)
    c1 = b.chance(root, "x", segment=0)
    d1 = b.decision(c1, "1", player=1, segment=1)
    b.link(d1, 0)
    b.terminal(d1, "f", matrix=1, stake=2.0)
    c2 = b.chance(d1, "k", segment=1)
    d2 = b.decision(c2, "2", player=0, segment=2)
    b.link(d2, 1)
    b.terminal(d2, "s", matrix=4, stake=3.0)
    b.terminal(d2, "f", matrix=2, stake=-2.0)
    d3 = b.decision(d2, "b", player=1, segment=2)
    b.terminal(d3, "c", matrix=4, stake=4.0)
    b.terminal(d3, "f", matrix=2, stake=3.0)
    y1 = b.decision(root, "y", player=1, segment=0)
    b.terminal(y1, "f", matrix=0, stake=1.0)
    y2 = b.decision(y1, "r", player=0, segment=0)
    b.terminal(y2, "f", matrix=0, stake=-2.0)
    c3 = b.chance(y2, "c", segment=0)
    d4 = b.decision(c3, "1", player=1, segment=1)
    b.link(d4, 0)
    only = b.decision(d4, "k", player=0, segment=1)
    b.terminal(only, "s", matrix=3, stake=2.0)
    b.terminal(d4, "f", matrix=1, stake=-3.0)
    rng = np.random.default_rng(13)
    matrices = (np.ones((2, 2)), np.ones((3, 3)), np.ones((2, 2)), rng.uniform(-1, 1, (3, 3)),
                rng.uniform(-1, 1, (2, 2)))  # fmt: skip
    return Game("crossed", b.build(), (2, 3, 2), (np.array([0.6, 0.4]), np.array([0.3, 0.7])),
                matrices, (_stochastic(rng, 2, 3), _stochastic(rng, 3, 2)))  # fmt: skip


def chance_first() -> Game:
    """A game that opens with a chance node: its one outcome moves the two private
    states of round 0 to the three of round 1, where the players bet once each."""
    b = TreeBuilder()
    root = b.chance(None, "", segment=0)
    d = b.decision(root, "1", player=0, segment=1)
    b.link(d, 0)
    b.terminal(d, "f", matrix=0, stake=-1.0)
    e = b.decision(d, "b", player=1, segment=1)
    b.terminal(e, "c", matrix=1, stake=2.0)
    b.terminal(e, "f", matrix=0, stake=1.0)
    rng = np.random.default_rng(17)
    priors = (np.array([0.6, 0.4]), np.array([0.3, 0.7]))
    matrices = (np.ones((3, 3)), rng.uniform(-1, 1, (3, 3)))
    return Game("chance first", b.build(), (2, 3), priors, matrices, (_stochastic(rng, 2, 3),))


def two_ways() -> Game:
    """A game whose two chance nodes at one depth move the same round's states into the
    same next round by different transitions (after a bet, the buckets move otherwise)."""
    b = TreeBuilder()
    root = b.decision(None, "", player=0, segment=0)
    for label, move in (("k", 0), ("b", 1)):
        c = b.chance(root, label, segment=0)
        d = b.decision(c, "1", player=1, segment=1)
        b.link(d, move)
        b.terminal(d, "f", matrix=0, stake=1.0 + move)
        b.terminal(d, "c", matrix=1, stake=2.0 + move)
    rng = np.random.default_rng(19)
    priors = (np.array([0.5, 0.5]), np.array([0.2, 0.8]))
    matrices = (np.ones((3, 3)), rng.uniform(-1, 1, (3, 3)))
    moves = (_stochastic(rng, 2, 3), _stochastic(rng, 2, 3))
    return Game("two ways", b.build(), (2, 3), priors, matrices, moves)


def resumed_checks(solver: Any, other: Any, state: dict[str, Any], method: str,
                   refusals: list[tuple[dict[str, Any], str]]) -> None:
    """``other`` (a fresh solver of ``solver``'s game) refuses each bad checkpoint with its
    message, unchanged (no iteration, no regret, its generator where it was); then the
    checkpoint ``state`` of ``solver`` resumes it exactly where ``solver`` is.  The refusals
    every randomised solver shares (its method, its generator's state) are added here."""
    refusals = [
        *refusals,
        ({k: v for k, v in state.items() if k != "method"},
         f"a checkpoint of no method, not {method}"),
        ({**state, "method": np.array("dcfr")}, f"a checkpoint of dcfr, not {method}"),
        ({k: v for k, v in state.items() if k != "rng"},
         "a checkpoint without the random generator's state ('rng')"),
        ({**state, "rng": np.array("{")}, "a checkpoint without the random generator's state "
         "(Expecting property name enclosed in double quotes: line 1 column 2 (char 1))"),
    ]  # fmt: skip
    draws = other.rng.bit_generator.state
    for bad, message in refusals:
        with pytest.raises(ValueError) as caught:
            other.resume(bad)
        assert str(caught.value) == message
        assert other.iterations == 0 and not np.any(other.regrets[0])
        assert other.rng.bit_generator.state == draws
    other.resume(state)
    assert other.iterations == solver.iterations
    assert other.rng.bit_generator.state == solver.rng.bit_generator.state
    assert np.array_equal(other.regrets[0], solver.regrets[0])
