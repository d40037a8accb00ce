"""No-limit betting for the solver: an action abstraction, its public tree, and the
translation of bets that are not in it.

**Action abstraction.**  :class:`Abstraction` allows, at each decision: fold (when facing
a bet), check or call, a bet or raise to a few fractions of the pot, and all-in.  A raise
of fraction ``f`` goes *to* the opponent's chips plus ``f`` times the pot after calling
(pot-sized: ``f = 1``).  Sizes below the minimum raise are left out, sizes at or beyond a
player's stack become the all-in, equal amounts are one action; after ``max_raises``
bets and raises in a round only fold, call and all-in remain.  Both players have the
same stack (the smaller of the two: the *effective* stack).

:meth:`Abstraction.tree` grows the tree for any number of rounds with the game's own
chance steps between them (``deal``): heads-up hold'em (four rounds, card buckets) and
"Leduc with bet sizes" (two rounds, the public card) are both built here.  When a call
puts a player all-in before the last round, the remaining rounds are dealt out with no
betting (a chain of chance nodes to the showdown).

**Translation.**  A real bet between two of the abstraction's sizes ``A < B`` (as pot
fractions) is read as ``A`` with probability

    f(x) = (B − x)(1 + A) / ((B − A)(1 + x))

and as ``B`` otherwise: the pseudo-harmonic mapping of Ganzfried and Sandholm (2013),
:func:`pseudo_harmonic`.  Below the smallest size it is the smallest, above the largest
the largest (the all-in counts as a size).

>>> pseudo_harmonic(0.5, 0.5, 1.0), pseudo_harmonic(1.0, 0.5, 1.0)
(1.0, 0.0)
>>> round(pseudo_harmonic(0.75, 0.5, 1.0), 4)
0.4286
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pokerroom.solver.tree import PublicTree, TreeBuilder

__all__ = ["Abstraction", "NoLimitTree", "pseudo_harmonic", "translate", "translation_odds"]

FOLD, CHECK, CALL, ALL_IN = "f", "k", "c", "a"
Outcome = tuple[str, int, int]
"""A chance outcome between rounds: (label, transition index or -1, context)."""


def pseudo_harmonic(x: float, a: float, b: float) -> float:
    """The probability of reading a bet of pot fraction ``x`` as the smaller size ``a``
    (not ``b``), for ``a <= x <= b`` (see the module); 1 below ``a``, 0 above ``b``."""
    if not 0 <= a < b:
        raise ValueError(f"sizes must be 0 <= A < B, not A={a}, B={b}")
    if x <= a:
        return 1.0
    if x >= b:
        return 0.0
    return (b - x) * (1 + a) / ((b - a) * (1 + x))


def translation_odds(x: float, sizes: Sequence[float]) -> tuple[int, int, float]:
    """How a bet of fraction ``x`` is read among ``sizes`` (increasing pot fractions):
    ``(lower, upper, p)``, the index ``lower`` with probability ``p`` (by
    :func:`pseudo_harmonic`), else ``upper`` (the same index when nothing is drawn).

    >>> lower, upper, p = translation_odds(0.75, [0.5, 1.0])
    >>> lower, upper, round(p, 4)
    (0, 1, 0.4286)
    >>> translation_odds(1.0, [0.5, 1.0]), translation_odds(3.0, [0.5, 1.0])
    ((0, 1, 0.0), (1, 1, 1.0))
    """
    if not sizes:
        raise ValueError("no sizes to translate to")
    if x <= sizes[0]:
        return 0, 0, 1.0
    for i in range(1, len(sizes)):
        if x <= sizes[i]:
            return i - 1, i, pseudo_harmonic(x, sizes[i - 1], sizes[i])
    return len(sizes) - 1, len(sizes) - 1, 1.0


def translate(x: float, sizes: Sequence[float], rng: random.Random) -> int:
    """The index of the size in ``sizes`` (increasing pot fractions) a bet of fraction
    ``x`` is read as, randomised by :func:`pseudo_harmonic` between neighbours."""
    lower, upper, p = translation_odds(x, sizes)
    if lower == upper:
        return lower
    return lower if rng.random() < p else upper


@dataclass(slots=True)
class _Node:
    """One node of a growing no-limit tree."""

    kind: int  # 0, 1: whose decision; 2 chance; 3 terminal
    street: int
    committed: tuple[int, int]
    labels: list[str] = field(default_factory=list)
    amounts: list[int] = field(default_factory=list)  # the "to" amount of each action
    children: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True, eq=False)
class NoLimitTree:
    """A no-limit betting tree: the public tree for the solver, and per node what the
    players committed and each action's label and amount (for playing it back)."""

    abstraction: Abstraction
    public: PublicTree
    committed: tuple[tuple[int, int], ...]
    street: tuple[int, ...]
    labels: tuple[tuple[str, ...], ...]
    amounts: tuple[tuple[int, ...], ...]
    children: tuple[tuple[int, ...], ...]

    def __len__(self) -> int:
        return len(self.street)


@dataclass(frozen=True, slots=True)
class Abstraction:
    """The betting of a heads-up no-limit game and the sizes the tree keeps (see the
    module).  ``posted``: each player's forced chips before the first round (blinds or
    antes); ``first``: who acts first in each round; ``big``: the smallest bet or raise
    increment; ``stack``: each player's chips, forced ones included."""

    posted: tuple[int, int]
    first: tuple[int, ...]
    big: int
    stack: int
    fractions: tuple[float, ...] = (0.5, 1.0)
    max_raises: int = 3
    per_round: tuple[tuple[int, ...], ...] = ()
    """The sizes each round keeps, as indices into ``fractions`` (a tuple per round);
    empty: every size in every round."""

    def __post_init__(self) -> None:
        if self.per_round and len(self.per_round) != self.rounds:
            raise ValueError(f"sizes for {len(self.per_round)} rounds, the game has {self.rounds}")
        for r, kept in enumerate(self.per_round):
            bad = [i for i in kept if not 0 <= i < len(self.fractions)]
            if bad or len(set(kept)) != len(kept):
                raise ValueError(f"round {r + 1} keeps sizes {list(kept)}: indices 0 to "
                                 f"{len(self.fractions) - 1} of {list(self.fractions)}, each once")

    @property
    def rounds(self) -> int:
        return len(self.first)

    def sizes(self, rnd: int) -> list[int]:
        """The indices into ``fractions`` of the sizes round ``rnd`` keeps, smallest
        fraction first (the order of the tree's raises).

        >>> bets = Abstraction((1, 2), (0, 1), 2, 200, (1.0, 1.5, 0.5), per_round=((0,), (1, 2)))
        >>> bets.sizes(0), bets.sizes(1)
        ([0], [2, 1])
        """
        kept = self.per_round[rnd] if self.per_round else range(len(self.fractions))
        return sorted(kept, key=lambda i: (self.fractions[i], i))

    def raises(self, committed: tuple[int, int], player: int, last: int, rnd: int = 0
               ) -> list[tuple[str, int]]:  # fmt: skip
        """The bets or raises of ``player`` in round ``rnd`` (label, to-amount), the
        round's fractions from the smallest, then all-in; ``last``: the increment of the
        last bet or raise this round."""
        mine, theirs = committed[player], committed[1 - player]
        if theirs >= self.stack:
            return []
        least = theirs + max(last, self.big)
        out: list[tuple[str, int]] = []
        seen: set[int] = set()
        for i in self.sizes(rnd):
            f = self.fractions[i]
            to = theirs + round(f * 2 * theirs)
            if to < least or to >= self.stack or to in seen:
                continue
            seen.add(to)
            out.append((f"r{i}", to))
        del mine
        out.append((ALL_IN, self.stack))
        return out

    def tree(
        self,
        deal: Callable[[int], Sequence[Outcome]],
        fold_matrix: Callable[[int, int], int],
        showdown_matrix: Callable[[int], int],
    ) -> NoLimitTree:
        """The tree: ``deal(r)`` the chance outcomes after round ``r``, ``fold_matrix(r,
        context)`` and ``showdown_matrix(context)`` the payoff matrices (the context is
        that of the last chance outcome, 0 before any)."""
        return _Growth(self, deal, fold_matrix, showdown_matrix).grow()


class _Growth:
    def __init__(
        self,
        game: Abstraction,
        deal: Callable[[int], Sequence[Outcome]],
        fold_matrix: Callable[[int, int], int],
        showdown_matrix: Callable[[int], int],
    ) -> None:
        self.game = game
        self.deal = deal
        self.fold_matrix = fold_matrix
        self.showdown_matrix = showdown_matrix
        self.b = TreeBuilder()
        self.nodes: list[_Node] = []

    def _add(self, node: _Node, parent: int | None, label: str) -> None:
        self.nodes.append(node)
        if parent is not None:
            self.nodes[parent].children.append(len(self.nodes) - 1)
            self.nodes[parent].labels.append(label)

    def grow(self) -> NoLimitTree:
        g = self.game
        c = g.posted
        root = self.b.decision(None, "", player=g.first[0], segment=0)
        self._add(_Node(g.first[0], 0, c), None, "")
        self._decide(root, g.first[0], 0, 0, c, raises=0, last=abs(c[0] - c[1]), checked=False)
        public = self.b.build()
        # The builder numbers nodes breadth first; ours are numbered in creation order.
        order = [0]
        for i in order:
            order.extend(self.nodes[i].children)
        new = {old: k for k, old in enumerate(order)}
        nodes = [self.nodes[i] for i in order]
        return NoLimitTree(
            g, public,
            tuple(n.committed for n in nodes), tuple(n.street for n in nodes),
            tuple(tuple(n.labels) for n in nodes), tuple(tuple(n.amounts) for n in nodes),
            tuple(tuple(new[k] for k in n.children) for n in nodes),
        )  # fmt: skip

    def _decide(self, node: int, player: int, rnd: int, ctx: int, committed: tuple[int, int],
                *, raises: int, last: int, checked: bool) -> None:  # fmt: skip
        """Add the actions of ``player`` at decision ``node`` (our index = builder's)."""
        g = self.game
        me = self.nodes[node]
        other = 1 - player
        facing = committed[other] > committed[player]
        if facing:
            stake = -committed[0] if player == 0 else committed[1]
            self.b.terminal(node, FOLD, matrix=self.fold_matrix(rnd, ctx), stake=float(stake))
            self._add(_Node(3, rnd, committed), node, FOLD)
            me.amounts.append(0)
            paid = (committed[other], committed[other])
            me.amounts.append(committed[other])
            if rnd == 0 and raises == 0 and player == g.first[0]:  # a limp: the blind acts
                nxt = self.b.decision(node, CALL, player=other, segment=rnd)
                self._add(_Node(other, rnd, paid), node, CALL)
                self._decide(nxt, other, rnd, ctx, paid, raises=0, last=last, checked=True)
            else:
                self._close(node, CALL, rnd, ctx, paid)
        else:
            me.amounts.append(committed[player])
            if checked:
                self._close(node, CHECK, rnd, ctx, committed)
            else:
                nxt = self.b.decision(node, CHECK, player=other, segment=rnd)
                self._add(_Node(other, rnd, committed), node, CHECK)
                self._decide(nxt, other, rnd, ctx, committed, raises=raises, last=last,
                             checked=True)  # fmt: skip
        options = g.raises(committed, player, last, rnd)
        if raises >= g.max_raises:
            options = [o for o in options if o[0] == ALL_IN]
        if committed[player] >= g.stack:
            options = []
        for label, to in options:
            paid = (to, committed[1]) if player == 0 else (committed[0], to)
            me.amounts.append(to)
            nxt = self.b.decision(node, label, player=other, segment=rnd)
            self._add(_Node(other, rnd, paid), node, label)
            self._decide(nxt, other, rnd, ctx, paid, raises=raises + 1,
                         last=max(to - committed[other], last), checked=False)  # fmt: skip

    def _close(self, node: int, label: str, rnd: int, ctx: int, paid: tuple[int, int]) -> None:
        """The round ends after ``label``: the next round, or the showdown (dealt out
        to the last round when a player is all-in)."""
        g = self.game
        last_round = rnd + 1 == g.rounds
        if last_round:
            self.b.terminal(node, label, matrix=self.showdown_matrix(ctx), stake=float(paid[0]))
            self._add(_Node(3, rnd, paid), node, label)
            return
        chance = self.b.chance(node, label, segment=rnd)
        self._add(_Node(2, rnd, paid), node, label)
        all_in = paid[0] >= g.stack
        for name, transition, c2 in self.deal(rnd):
            if all_in:
                nxt = self.b.chance(chance, name, segment=rnd + 1)
                self._add(_Node(2, rnd + 1, paid), chance, name)
                self.b.link(nxt, transition)
                self._runout(nxt, rnd + 1, c2, paid)
                continue
            p = g.first[rnd + 1]
            nxt = self.b.decision(chance, name, player=p, segment=rnd + 1)
            self._add(_Node(p, rnd + 1, paid), chance, name)
            self.b.link(nxt, transition)
            self._decide(nxt, p, rnd + 1, c2, paid, raises=0, last=0, checked=False)

    def _runout(self, chance: int, rnd: int, ctx: int, paid: tuple[int, int]) -> None:
        """The rounds left after an all-in, from a chance node of round ``rnd``."""
        if rnd + 1 == self.game.rounds:
            self.b.terminal(chance, "s", matrix=self.showdown_matrix(ctx), stake=float(paid[0]))
            self._add(_Node(3, rnd, paid), chance, "s")
            return
        for name, transition, c2 in self.deal(rnd):
            nxt = self.b.chance(chance, name, segment=rnd + 1)
            self._add(_Node(2, rnd + 1, paid), chance, name)
            self.b.link(nxt, transition)
            self._runout(nxt, rnd + 1, c2, paid)
