"""Small solver games for the exact tests of the sweeps and the dealt solving."""

from __future__ import annotations

import dataclasses

import numpy as np
import numpy.typing as npt

from pokerroom.solver.game import Game
from pokerroom.solver.holdem import uniform
from pokerroom.solver.nlholdem import betting, holdem_no_limit

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
