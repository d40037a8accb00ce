"""The small poker games with known answers the solver is proven on.

Both are built here from their rules, independently of pokerroom's hold'em engine:

* **Kuhn poker** (Kuhn 1950): a deck of J, Q, K; each player antes 1 and gets one card;
  one betting round with a bet of 1 and no raise; player 0 acts first.  Player 0's
  value at equilibrium is -1/18.
* **Leduc hold'em** (Southey et al. 2005): a deck of two jacks, two queens and two kings;
  each player antes 1 and gets one card; a betting round with bets of 2, a public card,
  a betting round with bets of 4; at most two bets (a bet and a raise) a round; player 0
  acts first in both rounds.  At the showdown a pair with the public card wins, else the
  higher card; equal cards split.

>>> kuhn().tree.decisions, leduc().tree.decisions
(4, 186)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerroom.solver.game import Game
from pokerroom.solver.tree import TreeBuilder

__all__ = ["LimitGame", "kuhn", "leduc", "leduc_no_limit"]

F64s = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class LimitGame:
    """A limit poker game with one private card each: antes, bet sizes per round, the most
    bets a round allows, and the terminal matrices (fold and showdown) of each round and
    public card."""

    ante: int
    bets: tuple[int, ...]
    max_bets: int
    public_cards: tuple[str, ...]  # the outcomes of the chance node between rounds
    fold: Callable[[int, int], int]  # (round, public card) -> matrix index
    showdown: Callable[[int], int]  # public card -> matrix index (last round)

    def tree(self, builder: TreeBuilder) -> None:
        root = builder.decision(None, "", player=0, segment=0)
        self._round(builder, root, rnd=0, card=-1, committed=(self.ante, self.ante), bets=0,
                    player=0, checked=False)  # fmt: skip

    def _round(
        self,
        b: TreeBuilder,
        node: int,
        *,
        rnd: int,
        card: int,
        committed: tuple[int, int],
        bets: int,
        player: int,
        checked: bool,
    ) -> None:
        """Add the actions of ``player`` at decision ``node``."""
        other = 1 - player
        facing = committed[other] > committed[player]
        size = self.bets[rnd]

        def after(label: str, paid: tuple[int, int], nbets: int, *, closes: bool) -> None:
            if closes:
                self._close(b, node, label, rnd=rnd, card=card, paid=paid)
            else:
                nxt = b.decision(node, label, player=other, segment=rnd)
                self._round(b, nxt, rnd=rnd, card=card, committed=paid, bets=nbets,
                            player=other, checked=label == "k")  # fmt: skip

        if facing:
            stake = -committed[0] if player == 0 else committed[1]
            b.terminal(node, "f", matrix=self.fold(rnd, card), stake=float(stake))
            after("c", (committed[other],) * 2, bets, closes=True)
            if bets < self.max_bets:
                raised = list(committed)
                raised[player] = committed[other] + size
                after("r", (raised[0], raised[1]), bets + 1, closes=False)
        else:
            after("k", committed, bets, closes=checked)
            if bets < self.max_bets:
                raised = list(committed)
                raised[player] += size
                after("b", (raised[0], raised[1]), bets + 1, closes=False)

    def _close(
        self,
        b: TreeBuilder,
        node: int,
        label: str,
        *,
        rnd: int,
        card: int,
        paid: tuple[int, int],
    ) -> None:
        """The round ends after ``label``: the showdown, or the public card."""
        if rnd + 1 == len(self.bets):
            b.terminal(node, label, matrix=self.showdown(card), stake=float(paid[0]))
            return
        chance = b.chance(node, label, segment=rnd)
        for c, name in enumerate(self.public_cards):
            nxt = b.decision(chance, name, player=0, segment=rnd + 1)
            self._round(b, nxt, rnd=rnd + 1, card=c, committed=paid, bets=0, player=0,
                        checked=False)  # fmt: skip


def _compare(strength: F64s) -> F64s:
    """+1 where the row's strength beats the column's, -1 where it loses, 0 for a tie."""
    return np.sign(strength[:, None] - strength[None, :])


@functools.cache
def kuhn() -> Game:
    """Kuhn poker (see the module)."""
    # P(h, o) = 1/6 for h != o, P(h) P(o) = 1/9: each possible pair weighs 3/2.
    possible = 1.5 * (1.0 - np.eye(3))
    fold = possible
    showdown = possible * _compare(np.arange(3.0))
    rules = LimitGame(1, (1,), 1, (), lambda r, c: 0, lambda c: 1)
    builder = TreeBuilder()
    rules.tree(builder)
    prior = np.full(3, 1 / 3)
    return Game("kuhn", builder.build(), (3,), (prior, prior), (fold, showdown))


LEDUC_CARDS = ("Js", "Jh", "Qs", "Qh", "Ks", "Kh")


def _leduc_matrices() -> tuple[list[F64s], dict[int, int], dict[int, int]]:
    """Leduc's payoff matrices: the first round's, then each public card's fold and
    showdown matrices (their indices)."""
    rank = np.arange(6) // 2
    distinct = 1.0 - np.eye(6)
    # Round 1: P(h, o) = 1/30, P(h) P(o) = 1/36.  Round 2 with public card c:
    # P(h, o, c) = 1/120 when all three differ.
    matrices = [distinct * 36 / 30]
    fold_at, show_at = {}, {}
    for c in range(6):
        live = distinct * np.outer(np.arange(6) != c, np.arange(6) != c) * 36 / 120
        strength = np.where(rank == rank[c], 10 + rank, rank).astype(np.float64)
        fold_at[c] = len(matrices)
        matrices.append(live)
        show_at[c] = len(matrices)
        matrices.append(live * _compare(strength))
    return matrices, fold_at, show_at


@functools.cache
def leduc() -> Game:
    """Leduc hold'em (see the module)."""
    matrices, fold_at, show_at = _leduc_matrices()
    rules = LimitGame(
        1, (2, 4), 2, LEDUC_CARDS,
        lambda r, c: 0 if r == 0 else fold_at[c], lambda c: show_at[c],
    )  # fmt: skip
    builder = TreeBuilder()
    rules.tree(builder)
    prior = np.full(6, 1 / 6)
    return Game("leduc", builder.build(), (6, 6), (prior, prior), tuple(matrices))


@functools.cache
def leduc_no_limit(stack: int = 12, fractions: tuple[float, ...] = (0.5, 1.0),
                   max_raises: int = 2) -> Game:  # fmt: skip
    """Leduc with bet sizes: Leduc's cards and antes, no-limit betting with ``stack``
    chips each (the ante included), bets and raises to the pot ``fractions`` and all-in
    (:class:`~pokerroom.solver.nolimit.Abstraction`)."""
    from pokerroom.solver.nolimit import Abstraction

    matrices, fold_at, show_at = _leduc_matrices()
    betting = Abstraction((1, 1), (0, 0), 2, stack, fractions, max_raises)
    tree = betting.tree(
        lambda r: [(card, -1, c) for c, card in enumerate(LEDUC_CARDS)],
        lambda r, c: 0 if r == 0 else fold_at[c],
        lambda c: show_at[c],
    )
    prior = np.full(6, 1 / 6)
    name = f"leduc-no-limit-{stack}"
    return Game(name, tree.public, (6, 6), (prior, prior), tuple(matrices))
