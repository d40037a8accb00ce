"""The abstract game of heads-up fixed-limit hold'em: the engine's betting tree with card
buckets for private states.

Each round is one segment of private states: the ``Bᵣ`` buckets of that round.  Between
rounds each player's bucket moves by the abstraction's transition matrix; a fold pays
what the engine's hand paid; at a showdown player 0 in bucket ``b`` against bucket ``c``
gets ``(2 W[b, c] - 1) × stake``, ``W`` the buckets' expected share of the pot and the
stake what each player put in.  Players are numbered by position: 0 is the button.

Exploitability is given in milli-big-blinds per hand (mbb/h), the unit of the Annual
Computer Poker Competition: chips per hand × 1000 / the big blind (001's straddle).

>>> from pokerroom.rules import Rules
>>> from pokerroom.solver.betting import betting_tree
>>> game = holdem_game(betting_tree(Rules.preset("casino-limit", players=2)), uniform(2))
>>> game.sizes, game.tree.decisions
((2, 2, 2, 2), 6378)
"""

from __future__ import annotations

import numpy as np

from pokerroom.solver.abstraction import CardAbstraction
from pokerroom.solver.betting import BettingTree
from pokerroom.solver.game import Game

__all__ = ["holdem_game", "mbb", "uniform"]

SHOWDOWN_MATRIX = 4


def holdem_game(tree: BettingTree, abstraction: CardAbstraction) -> Game:
    """The abstract game (see the module)."""
    sizes = abstraction.sizes
    matrices = (*(np.ones((n, n)) for n in sizes), 2.0 * abstraction.showdown - 1.0)
    public = tree.public_tree(
        fold=lambda street: street, showdown=SHOWDOWN_MATRIX, transition=lambda s: s - 1
    )
    name = f"{tree.rules} heads-up, buckets {','.join(map(str, sizes))}"
    prior = abstraction.prior
    return Game(name, public, sizes, (prior, prior), matrices, abstraction.transitions)


def mbb(chips: float, tree: BettingTree) -> float:
    """Chips per hand in milli-big-blinds per hand."""
    return 1000.0 * chips / tree.big_blind


def uniform(buckets: int) -> CardAbstraction:
    """A stand-in abstraction for tests and examples: ``buckets`` equally likely buckets
    each round, a bucket keeping its rank, the higher bucket winning."""
    n = buckets
    flat = np.full((n, n), 1.0 / n)
    show = 0.5 + 0.5 * np.sign(np.arange(n)[:, None] - np.arange(n)[None, :])
    return CardAbstraction(
        sizes=(n, n, n, n),
        preflop=np.zeros(169, dtype=np.intp),
        flop_keys=np.zeros(0, dtype=np.int64),
        flop_buckets=np.zeros((0, 1326), dtype=np.uint8),
        flop_cuts=np.zeros(1000, dtype=np.intp),
        turn_cuts=np.zeros(1000, dtype=np.intp),
        river_cuts=np.zeros(1000, dtype=np.intp),
        prior=np.full(n, 1.0 / n),
        transitions=(flat, np.eye(n), np.eye(n)),
        showdown=show,
    )
