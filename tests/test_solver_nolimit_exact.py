"""Exact answers of the no-limit betting tree and translation (solver/nolimit.py): two small
games' trees written out node by node from the rules of the module (labels, amounts, chips
committed, rounds, payoff matrices and stakes, chance outcomes and their transitions), the
raises of a decision at the minimum raise and the stack exactly, and the pseudo-harmonic
mapping at its boundaries, with every refusal in full."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pokerroom.solver.nolimit import (
    Abstraction,
    NoLimitTree,
    pseudo_harmonic,
    translate,
    translation_odds,
)
from pokerroom.solver.tree import CHANCE, TERMINAL

# ------------------------------------------------------------------ translation


def test_pseudo_harmonic_at_and_between_its_sizes() -> None:
    assert pseudo_harmonic(0.5, 0.5, 1.0) == 1.0  # x = A
    assert pseudo_harmonic(0.4, 0.5, 1.0) == 1.0  # below A
    assert pseudo_harmonic(1.0, 0.5, 1.0) == 0.0  # x = B
    assert pseudo_harmonic(1.5, 0.5, 1.0) == 0.0  # above B
    # from A = 0: (1 - 0.5)(1 + 0) / ((1 - 0)(1 + 0.5)) = 1/3
    assert pseudo_harmonic(0.5, 0.0, 1.0) == pytest.approx(1 / 3, abs=1e-15)
    # (4 - 3)(1 + 2) / ((4 - 2)(1 + 3)) = 3/8
    assert pseudo_harmonic(3.0, 2.0, 4.0) == pytest.approx(3 / 8, abs=1e-15)


@pytest.mark.parametrize(("a", "b"), [(1.0, 0.5), (0.5, 0.5), (-0.5, 1.0)])
def test_pseudo_harmonic_refuses_sizes_out_of_order(a: float, b: float) -> None:
    with pytest.raises(ValueError) as caught:
        pseudo_harmonic(0.75, a, b)
    assert str(caught.value) == f"sizes must be 0 <= A < B, not A={a}, B={b}"


def test_translation_odds_at_every_boundary() -> None:
    sizes = [0.5, 1.0, 3.0]
    assert translation_odds(0.25, sizes) == (0, 0, 1.0)
    assert translation_odds(0.5, sizes) == (0, 0, 1.0)
    assert translation_odds(1.0, sizes) == (0, 1, 0.0)
    assert translation_odds(3.0, sizes) == (1, 2, 0.0)
    assert translation_odds(3.5, sizes) == (2, 2, 1.0)
    lower, upper, p = translation_odds(2.0, sizes)
    # (3 - 2)(1 + 1) / ((3 - 1)(1 + 2)) = 1/3
    assert (lower, upper) == (1, 2) and p == pytest.approx(1 / 3, abs=1e-15)
    assert translation_odds(7.0, [1.0]) == (0, 0, 1.0)
    assert translation_odds(0.5, [1.0]) == (0, 0, 1.0)
    with pytest.raises(ValueError) as caught:
        translation_odds(0.5, [])
    assert str(caught.value) == "no sizes to translate to"


class _Draws:
    """A stand-in generator giving the draws listed, counting them."""

    def __init__(self, *draws: float) -> None:
        self.draws = list(draws)
        self.made = 0

    def random(self) -> float:
        self.made += 1
        return self.draws.pop(0)


def test_translate_draws_only_between_two_sizes_and_compares_strictly() -> None:
    p = float(Fraction(3, 7))  # 0.75 between 0.5 and 1
    assert pseudo_harmonic(0.75, 0.5, 1.0) == pytest.approx(p, abs=1e-15)
    rng = _Draws(0.0, p - 1e-9, p + 1e-9, 0.999)
    assert [translate(0.75, [0.5, 1.0], rng) for _ in range(4)] == [0, 0, 1, 1]  # type: ignore[arg-type]
    assert rng.made == 4
    none = _Draws()
    assert translate(0.5, [0.5, 1.0], none) == 0  # type: ignore[arg-type]
    assert translate(2.0, [0.5, 1.0], none) == 1  # type: ignore[arg-type]
    assert none.made == 0  # nothing to draw: no draw taken
    # (2 - 1.5)(1 + 1) / ((2 - 1)(1 + 1.5)) = 0.4: a draw of exactly 0.4 is not below
    # it and reads the larger size, one just below it the smaller
    assert pseudo_harmonic(1.5, 1.0, 2.0) == 0.4
    exact = _Draws(0.4, 0.39999999999999997)
    assert translate(1.5, [1.0, 2.0], exact) == 1  # type: ignore[arg-type]
    assert translate(1.5, [1.0, 2.0], exact) == 0  # type: ignore[arg-type]


# ------------------------------------------------------------------ sizes and raises


def test_sizes_are_ordered_by_fraction_then_index() -> None:
    assert Abstraction((1, 2), (0,), 2, 100, (1.0, 0.5)).sizes(0) == [1, 0]
    assert Abstraction((1, 2), (0,), 2, 100, (0.5, 0.5, 0.25)).sizes(0) == [2, 0, 1]
    kept = Abstraction((1, 2), (0, 1), 2, 100, (0.5, 1.0, 1.5), per_round=((2, 0), (1,)))
    assert kept.sizes(0) == [0, 2] and kept.sizes(1) == [1]
    assert kept.rounds == 2


@pytest.mark.parametrize(("last", "raises"), [
    (2, [("r0", 10), ("r1", 18), ("a", 100)]),  # least 6 + 2 = 8: 10 is above it
    (4, [("r0", 10), ("r1", 18), ("a", 100)]),  # least 6 + 4 = 10: 10 is the minimum itself
    (5, [("r1", 18), ("a", 100)]),  # least 11: a third of the pot, to 10, is too small
    (1, [("r0", 10), ("r1", 18), ("a", 100)]),  # the big blind, 2, is the least increment
])  # fmt: skip
def test_raises_keep_sizes_from_the_minimum_raise(
    last: int, raises: list[tuple[str, int]]
) -> None:
    # facing 6 with 2 in: the pot after calling is 12; a third of it goes to 6 + 4 = 10,
    # the pot to 6 + 12 = 18
    bets = Abstraction((1, 2), (0,), 2, 100, (1 / 3, 1.0))
    assert bets.raises((2, 6), 0, last) == raises
    assert bets.raises((6, 2), 1, last) == raises


def test_raises_at_the_stack_are_the_all_in_and_equal_amounts_one() -> None:
    # facing 6 with 2 in, stack 18: the pot-sized raise to 18 is the all-in itself
    assert Abstraction((1, 2), (0,), 2, 18, (1 / 3, 1.0)).raises((6, 2), 1, 4) == [
        ("r0", 10), ("a", 18)]
    # stack 19: it stays, below the all-in
    assert Abstraction((1, 2), (0,), 2, 19, (1 / 3, 1.0)).raises((6, 2), 1, 4) == [
        ("r0", 10), ("r1", 18), ("a", 19)]
    # 0.5 and 0.52 of 12 round to 6 both: one raise, the smaller size's
    assert Abstraction((1, 2), (0,), 2, 100, (0.52, 0.5)).raises((6, 2), 1, 4) == [
        ("r1", 12), ("a", 100)]
    # facing the all-in: no raise at all
    assert Abstraction((1, 2), (0,), 2, 18, (1.0,)).raises((18, 2), 1, 16) == []
    assert Abstraction((1, 2), (0,), 2, 18, (1.0,)).raises((2, 19), 0, 17) == []


def test_sizes_kept_per_round_are_checked_in_full() -> None:
    cases = [
        (((0,),), "sizes for 1 rounds, the game has 2"),
        (((0,), (0, 1), (1,)), "sizes for 3 rounds, the game has 2"),
        (((0,), (0, 2)), "round 2 keeps sizes [0, 2]: indices 0 to 1 of [0.5, 1.0], each once"),
        (((-1,), (0,)), "round 1 keeps sizes [-1]: indices 0 to 1 of [0.5, 1.0], each once"),
        (((1, 1), (0,)), "round 1 keeps sizes [1, 1]: indices 0 to 1 of [0.5, 1.0], each once"),
    ]
    for kept, text in cases:
        with pytest.raises(ValueError) as caught:
            Abstraction((1, 1), (0, 0), 2, 12, (0.5, 1.0), 2, per_round=kept)
        assert str(caught.value) == text
    # the highest index and the lowest are kept
    assert Abstraction((1, 1), (0, 0), 2, 12, (0.5, 1.0), 2, per_round=((1,), (0,))).sizes(1) == [0]


# ------------------------------------------------------------------ two trees by hand


def fold(r: int, ctx: int) -> int:
    return 100 + 10 * r + ctx


def show(ctx: int) -> int:
    return 200 + ctx


Row = tuple[int, int, tuple[int, int], tuple[str, ...], tuple[int, ...]]
"""A node worked out by hand: kind, round, chips committed, labels, amounts."""


def table(tree: NoLimitTree) -> dict[tuple[str, ...], Row]:
    return {tree.public.history(n): (int(tree.public.kind[n]), tree.street[n],
                                     tree.committed[n], tree.labels[n], tree.amounts[n])
            for n in range(len(tree))}  # fmt: skip


def ends(tree: NoLimitTree) -> dict[tuple[str, ...], tuple[int, float, int]]:
    """Every terminal by its path: its payoff matrix, stake and segment."""
    pub = tree.public
    return {pub.history(n): (int(pub.matrix[n]), float(pub.stake[n]), int(pub.segment[n]))
            for n in range(len(tree)) if int(pub.kind[n]) == TERMINAL}  # fmt: skip


def two_rounds() -> NoLimitTree:
    """Antes of 1, stacks of 3, the pot-sized bet (to 3: the all-in) and one raise a round,
    two rounds with two outcomes between them (x: transition 0, context 5; y: none, 6);
    player 0 acts first in the first round, player 1 in the second."""
    bets = Abstraction((1, 1), (0, 1), 1, 3, (1.0,), max_raises=1)
    return bets.tree(lambda r: [("x", 0, 5), ("y", -1, 6)], fold, show)


K, A, F, C = "k", "a", "f", "c"


_FIRST_ROUND: dict[tuple[str, ...], Row] = {
        (): (0, 0, (1, 1), (K, A), (1, 3)),
        (K,): (1, 0, (1, 1), (K, A), (1, 3)),
        (A,): (1, 0, (3, 1), (F, C), (0, 3)),
        (A, F): (TERMINAL, 0, (3, 1), (), ()),
        (A, C): (CHANCE, 0, (3, 3), ("x", "y"), ()),
        (K, A): (0, 0, (1, 3), (F, C), (0, 3)),
        (K, A, F): (TERMINAL, 0, (1, 3), (), ()),
        (K, A, C): (CHANCE, 0, (3, 3), ("x", "y"), ()),
        (K, K): (CHANCE, 0, (1, 1), ("x", "y"), ()),
}
"""The first round of the two- and three-round trees (antes of 1, stacks of 3): a bet of
the pot (1 + 2 × 1 = 3) is the all-in, so only it remains."""


def test_a_two_round_tree_node_by_node() -> None:
    tree = two_rounds()
    assert len(tree) == len(tree.street) == len(tree.public)
    want = dict(_FIRST_ROUND)
    for card in ("x", "y"):
        for allin in ((A, C), (K, A, C)):  # dealt out after the all-in: no betting
            want[(*allin, card)] = (CHANCE, 1, (3, 3), ("s",), ())
            want[(*allin, card, "s")] = (TERMINAL, 1, (3, 3), (), ())
        # the second round: player 1 first
        at = (K, K, card)
        want[at] = (1, 1, (1, 1), (K, A), (1, 3))
        want[(*at, K)] = (0, 1, (1, 1), (K, A), (1, 3))
        want[(*at, K, K)] = (TERMINAL, 1, (1, 1), (), ())
        want[(*at, K, A)] = (1, 1, (3, 1), (F, C), (0, 3))
        want[(*at, K, A, F)] = (TERMINAL, 1, (3, 1), (), ())
        want[(*at, K, A, C)] = (TERMINAL, 1, (3, 3), (), ())
        want[(*at, A)] = (0, 1, (1, 3), (F, C), (0, 3))
        want[(*at, A, F)] = (TERMINAL, 1, (1, 3), (), ())
        want[(*at, A, C)] = (TERMINAL, 1, (3, 3), (), ())
    assert table(tree) == want


def test_a_two_round_trees_payoffs_and_chance_outcomes() -> None:
    tree = two_rounds()
    # a fold pays the folder's chips (player 0 wins a positive stake), a showdown the
    # chips each put in; the matrices of the round and of the last outcome's context
    want = {
        (A, F): (fold(0, 0), 1.0, 0), (K, A, F): (fold(0, 0), -1.0, 0),
    }
    for card, ctx in (("x", 5), ("y", 6)):
        for allin in ((A, C), (K, A, C)):
            want[(*allin, card, "s")] = (show(ctx), 3.0, 1)
        at = (K, K, card)
        want[(*at, K, K)] = (show(ctx), 1.0, 1)
        want[(*at, K, A, F)] = (fold(1, ctx), 1.0, 1)
        want[(*at, K, A, C)] = (show(ctx), 3.0, 1)
        want[(*at, A, F)] = (fold(1, ctx), -1.0, 1)
        want[(*at, A, C)] = (show(ctx), 3.0, 1)
    assert ends(tree) == want
    pub = tree.public
    for n in range(len(tree)):
        path = pub.history(n)
        if path and path[-1] in ("x", "y"):
            assert int(pub.transition[n]) == (0 if path[-1] == "x" else -1)
            assert int(pub.segment[n]) == 1
        if int(pub.kind[n]) < CHANCE:
            assert int(pub.segment[n]) == tree.street[n]
        if int(pub.kind[n]) == CHANCE and not (path and path[-1] in ("x", "y")):
            assert int(pub.segment[n]) == 0  # the chance node closing the first round
    # the tree's own children are the public tree's, in the same order
    for n in range(len(tree)):
        assert tree.children[n] == tuple(pub.children(n))
        assert tuple(pub.labels[c] for c in tree.children[n]) == tree.labels[n]


def one_round_blinds() -> NoLimitTree:
    """Blinds 1 and 2, stacks of 10, half the pot and the pot, one raise a round, one
    round."""
    return Abstraction((1, 2), (0,), 2, 10, (0.5, 1.0), max_raises=1).tree(
        lambda r: [], fold, show)


def test_the_limp_lets_the_blind_act_and_a_raise_leaves_the_all_in() -> None:
    tree = one_round_blinds()
    F2, R0, R1 = "f", "r0", "r1"
    want: dict[tuple[str, ...], Row] = {
        # facing the big blind: the half pot goes to 2 + 0.5 × 4 = 4, the pot to 6
        (): (0, 0, (1, 2), (F2, C, R0, R1, A), (0, 2, 4, 6, 10)),
        (F2,): (TERMINAL, 0, (1, 2), (), ()),
        # the limp: the big blind checks (the round ends) or raises
        (C,): (1, 0, (2, 2), (K, R0, R1, A), (2, 4, 6, 10)),
        (C, K): (TERMINAL, 0, (2, 2), (), ()),
        (C, A): (0, 0, (2, 10), (F2, C), (0, 10)),
        (C, A, F2): (TERMINAL, 0, (2, 10), (), ()),
        (C, A, C): (TERMINAL, 0, (10, 10), (), ()),
        (A,): (1, 0, (10, 2), (F2, C), (0, 10)),
        (A, F2): (TERMINAL, 0, (10, 2), (), ()),
        (A, C): (TERMINAL, 0, (10, 10), (), ()),
    }
    for raised, to, first in ((R0, 4, ()), (R1, 6, ()), (R0, 4, (C,)), (R1, 6, (C,))):
        at = (*first, raised)
        mine = (to, 2) if not first else (2, to)
        who = 1 if not first else 0
        want[at] = (who, 0, mine, (F2, C, A), (0, to, 10))  # one raise made: only the all-in
        want[(*at, F2)] = (TERMINAL, 0, mine, (), ())
        want[(*at, C)] = (TERMINAL, 0, (to, to), (), ())
        shove = (10, to) if who == 0 else (to, 10)
        want[(*at, A)] = (1 - who, 0, shove, (F2, C), (0, 10))
        want[(*at, A, F2)] = (TERMINAL, 0, shove, (), ())
        want[(*at, A, C)] = (TERMINAL, 0, (10, 10), (), ())
    assert table(tree) == want
    stakes = {path: stake for path, (_, stake, _) in ends(tree).items()}
    assert stakes[(F2,)] == -1.0 and stakes[(C, K)] == 2.0
    assert stakes[(C, A, F2)] == -2.0 and stakes[(A, F2)] == 2.0
    assert stakes[(R0, F2)] == 2.0 and stakes[(R0, A, F2)] == -4.0
    assert stakes[(C, R1, F2)] == -2.0 and stakes[(C, R1, A, F2)] == 6.0
    assert stakes[(R1, C)] == 6.0 and stakes[(A, C)] == 10.0
    assert {m for m, _, _ in ends(tree).values()} == {fold(0, 0), show(0)}


def test_raises_are_those_of_the_round_asked_the_first_by_default() -> None:
    # the pot-sized bet alone in the first round, both sizes in the second: facing
    # nothing with 2 each in, the half pot goes to 2 + 2 = 4, the pot to 2 + 4 = 6
    bets = Abstraction((1, 2), (0, 1), 2, 100, (0.5, 1.0), per_round=((1,), (0, 1)))
    assert bets.raises((2, 2), 0, 0) == [("r1", 6), ("a", 100)]
    assert bets.raises((2, 2), 0, 0, 0) == [("r1", 6), ("a", 100)]
    assert bets.raises((2, 2), 1, 0, 1) == [("r0", 4), ("r1", 6), ("a", 100)]


def test_the_tree_keeps_its_abstraction() -> None:
    tree = two_rounds()
    assert tree.abstraction == Abstraction((1, 1), (0, 1), 1, 3, (1.0,), max_raises=1)


def test_the_first_raise_is_at_least_the_blinds_difference() -> None:
    # blinds 1 and 5, raises of at least 2: the big blind's 4 over the small one is the
    # last increment, so the first raise goes to at least 5 + 4 = 9; a quarter of the pot
    # (to 5 + round(2.5) = 7) is too small, the pot (to 5 + 10 = 15) is kept
    tree = Abstraction((1, 5), (0,), 2, 100, (0.25, 1.0)).tree(lambda r: [], fold, show)
    assert tree.labels[0] == ("f", "c", "r1", "a") and tree.amounts[0] == (0, 5, 15, 100)


def test_a_reraise_is_at_least_the_last_raises_increment() -> None:
    # blinds 1 and 2: the pot-sized raise goes to 6, 4 more than the big blind; a reraise
    # must then go to 6 + 4 = 10 at least, so a quarter of the pot (to 6 + 3 = 9) is out
    # and the pot (to 6 + 12 = 18) stays
    tree = Abstraction((1, 2), (0,), 2, 100, (0.25, 1.0)).tree(lambda r: [], fold, show)
    assert tree.labels[0] == ("f", "c", "r1", "a") and tree.amounts[0] == (0, 2, 6, 100)
    raised = tree.children[0][2]
    assert tree.labels[raised] == ("f", "c", "r1", "a")
    assert tree.amounts[raised] == (0, 6, 18, 100)


def three_rounds() -> NoLimitTree:
    """The two-round game with a third round: antes of 1, stacks of 3, the pot-sized bet
    (the all-in) and one raise a round; after the first round x (transition 0, context 5)
    or y (none, 6), after the second z alone (transition 1, context 7); player 0 acts
    first in the first round, player 1 in the second and the third."""
    outcomes = {0: [("x", 0, 5), ("y", -1, 6)], 1: [("z", 1, 7)]}
    bets = Abstraction((1, 1), (0, 1, 1), 1, 3, (1.0,), max_raises=1)
    return bets.tree(lambda r: outcomes[r], fold, show)


def test_a_three_round_tree_deals_an_all_in_out_round_by_round() -> None:
    tree = three_rounds()
    want = dict(_FIRST_ROUND)
    ended = {(A, F): (fold(0, 0), 1.0, 0), (K, A, F): (fold(0, 0), -1.0, 0)}
    for card, ctx in (("x", 5), ("y", 6)):
        # all-in in the first round: x or y, then z, then the showdown, no betting
        for allin in ((A, C), (K, A, C)):
            want[(*allin, card)] = (CHANCE, 1, (3, 3), ("z",), ())
            want[(*allin, card, "z")] = (CHANCE, 2, (3, 3), ("s",), ())
            want[(*allin, card, "z", "s")] = (TERMINAL, 2, (3, 3), (), ())
            ended[(*allin, card, "z", "s")] = (show(7), 3.0, 2)
        # the second round: player 1 first
        at = (K, K, card)
        want[at] = (1, 1, (1, 1), (K, A), (1, 3))
        want[(*at, K)] = (0, 1, (1, 1), (K, A), (1, 3))
        want[(*at, K, K)] = (CHANCE, 1, (1, 1), ("z",), ())
        want[(*at, K, A)] = (1, 1, (3, 1), (F, C), (0, 3))
        want[(*at, K, A, F)] = (TERMINAL, 1, (3, 1), (), ())
        want[(*at, A)] = (0, 1, (1, 3), (F, C), (0, 3))
        want[(*at, A, F)] = (TERMINAL, 1, (1, 3), (), ())
        ended[(*at, K, A, F)] = (fold(1, ctx), 1.0, 1)
        ended[(*at, A, F)] = (fold(1, ctx), -1.0, 1)
        # all-in in the second round: z, then the showdown
        for allin in ((*at, K, A, C), (*at, A, C)):
            want[allin] = (CHANCE, 1, (3, 3), ("z",), ())
            want[(*allin, "z")] = (CHANCE, 2, (3, 3), ("s",), ())
            want[(*allin, "z", "s")] = (TERMINAL, 2, (3, 3), (), ())
            ended[(*allin, "z", "s")] = (show(7), 3.0, 2)
        # the third round: player 1 first again
        bt = (*at, K, K, "z")
        want[bt] = (1, 2, (1, 1), (K, A), (1, 3))
        want[(*bt, K)] = (0, 2, (1, 1), (K, A), (1, 3))
        want[(*bt, K, K)] = (TERMINAL, 2, (1, 1), (), ())
        want[(*bt, K, A)] = (1, 2, (3, 1), (F, C), (0, 3))
        want[(*bt, K, A, F)] = (TERMINAL, 2, (3, 1), (), ())
        want[(*bt, K, A, C)] = (TERMINAL, 2, (3, 3), (), ())
        want[(*bt, A)] = (0, 2, (1, 3), (F, C), (0, 3))
        want[(*bt, A, F)] = (TERMINAL, 2, (1, 3), (), ())
        want[(*bt, A, C)] = (TERMINAL, 2, (3, 3), (), ())
        ended[(*bt, K, K)] = (show(7), 1.0, 2)
        ended[(*bt, K, A, F)] = (fold(2, 7), 1.0, 2)
        ended[(*bt, K, A, C)] = (show(7), 3.0, 2)
        ended[(*bt, A, F)] = (fold(2, 7), -1.0, 2)
        ended[(*bt, A, C)] = (show(7), 3.0, 2)
    assert table(tree) == want
    assert ends(tree) == ended
    pub = tree.public
    moves = {"x": 0, "y": -1, "z": 1}
    for n in range(len(tree)):
        path = pub.history(n)
        if path and path[-1] in moves:
            assert int(pub.transition[n]) == moves[path[-1]]
        assert int(pub.segment[n]) == tree.street[n]
        assert tree.children[n] == tuple(pub.children(n))
        assert tuple(pub.labels[c] for c in tree.children[n]) == tree.labels[n]


def test_each_round_starts_with_no_raise_made() -> None:
    # antes of 1, stacks of 10, the pot-sized bet and one raise a round: a round opens
    # with the pot-sized bet (to 1 + 2 = 3) and the all-in, and after the bet only the
    # all-in is left; the second round opens the same way after a check each
    tree = Abstraction((1, 1), (0, 1), 1, 10, (1.0,), max_raises=1).tree(
        lambda r: [("x", -1, 0)], fold, show)
    rows = table(tree)
    for opened in ((), (K, K, "x")):
        assert rows[opened][3:] == ((K, "r0", A), (1, 3, 10))
        assert rows[(*opened, "r0")][3:] == ((F, C, A), (0, 3, 10))
