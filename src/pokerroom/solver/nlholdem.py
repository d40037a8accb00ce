"""The abstract game of heads-up no-limit hold'em: a no-limit action abstraction
(:mod:`~pokerroom.solver.nolimit`) with the card buckets of
:mod:`~pokerroom.solver.abstraction` for private states.

Chips are counted in half big blinds: the small blind is 1, the big blind 2, a stack of
``d`` big blinds is ``2d``; the real game is played back at its own scale (bets are pot
fractions, which do not depend on the unit).  Player 0 is the button (the small blind),
who acts first before the flop and last after it.  Rounds, transitions and payoffs are
those of :func:`~pokerroom.solver.holdem.holdem_game`.

>>> from pokerroom.solver.holdem import uniform
>>> game, tree = holdem_no_limit(betting(100), uniform(2))
>>> game.sizes, tree.public.decisions > 1000
((2, 2, 2, 2), True)
"""

from __future__ import annotations

import numpy as np

from pokerroom.solver.abstraction import CardAbstraction
from pokerroom.solver.game import Game
from pokerroom.solver.nolimit import Abstraction, NoLimitTree

__all__ = ["BIG_BLIND", "DEPTHS", "betting", "holdem_no_limit"]

BIG_BLIND = 2
DEPTHS = (100, 200)
"""The stack depths (in big blinds) strategies are solved for."""
SHOWDOWN_MATRIX = 4


def betting(depth: int, fractions: tuple[float, ...] = (0.5, 1.0), max_raises: int = 3,
            per_round: tuple[tuple[int, ...], ...] = ()) -> Abstraction:  # fmt: skip
    """The action abstraction of heads-up no-limit hold'em with stacks of ``depth`` big
    blinds: blinds 1 and 2, bets and raises to ``fractions`` of the pot and all-in, at
    most ``max_raises`` bets and raises a round besides the all-in; ``per_round``: the
    indices into ``fractions`` each of the four rounds keeps (empty: all in every round)."""
    if depth < 2:
        raise ValueError(f"a stack of {depth} big blinds: at least 2")
    return Abstraction((1, 2), (0, 1, 1, 1), BIG_BLIND, depth * BIG_BLIND, fractions, max_raises,
                       per_round)  # fmt: skip


def holdem_no_limit(bets: Abstraction, cards: CardAbstraction) -> tuple[Game, NoLimitTree]:
    """The abstract game (see the module) and its betting tree."""
    sizes = cards.sizes
    tree = bets.tree(lambda r: [(str(r + 1), r, 0)], lambda r, c: r, lambda c: SHOWDOWN_MATRIX)
    matrices = (*(np.ones((n, n)) for n in sizes), 2.0 * cards.showdown - 1.0)
    depth = bets.stack // BIG_BLIND
    name = f"heads-up no-limit {depth}bb, buckets {','.join(map(str, sizes))}"
    prior = cards.prior
    game = Game(name, tree.public, sizes, (prior, prior), matrices, cards.transitions)
    return game, tree
