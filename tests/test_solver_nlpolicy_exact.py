"""Exact answers of the no-limit policy (solver/nlpolicy.py) on a small strategy written in
the test: stacks of 10 big blinds (blinds 1 and 2, 20 chips), the half-pot and pot-sized
raises and all-in, two card buckets pre-flop (odd and even hand classes), and at every
decision weights chosen so that each node and bucket has its own known answer.  Real bets
are read into the tree by the pseudo-harmonic formula worked out here by hand; every
refusal is checked in full with its kind."""

from __future__ import annotations

import copy
import dataclasses
import math
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from pokerroom.engine import Hand
from pokerroom.engine.actions import Action, ActionKind
from pokerroom.engine.view import PlayerView
from pokerroom.ranges import COMBO_COUNT, combo_cards, combo_index
from pokerroom.rules import Rules
from pokerroom.solver.defence import most_to_fold
from pokerroom.solver.holdem import uniform
from pokerroom.solver.nlholdem import DEPTHS, betting, holdem_no_limit
from pokerroom.solver.nlpolicy import NoLimitPolicy, no_limit_problem, shipped_no_limit
from pokerroom.solver.nlstrategy import NoLimitStrategy
from pokerroom.solver.nolimit import pseudo_harmonic
from pokerroom.solver.policy import OutsideStrategy
from pokerroom.solver.sweeps import Sweeps
from policy_refusals import refusal

RULES = Rules.preset("no-limit", blinds=(1, 2), buy_in=20)
ZEROED = 2
"""The node (the big blind after the button limps) whose bucket 1 has no weight at all."""


def weight(node: int, action: int, width: int, bucket: int) -> int:
    """The weight of ``action`` (of ``width``) at ``node`` for ``bucket``: a permutation
    of 1 to ``width`` that moves with the node (bucket 0 rising, bucket 1 falling)."""
    k = (action + node) % width
    return 1 + k if bucket == 0 else width - k


def expected(node: int, width: int, bucket: int) -> list[float]:
    """The probabilities at ``node`` for ``bucket``, worked out from the weights: each
    over their sum width (width + 1) / 2, or uniform where the node has no weight."""
    if node == ZEROED and bucket == 1:
        return [1 / width] * width
    total = width * (width + 1) // 2
    return [weight(node, a, width, bucket) / total for a in range(width)]


SUMS = {5: [1 / 2, 1 / 8, 1 / 8, 1 / 8, 1 / 8], 4: [1 / 4] * 4, 3: [1 / 2, 1 / 4, 1 / 4],
        2: [1 / 2, 1 / 2]}
"""Probabilities that sum to exactly one in float16, by a decision's width (bucket 1 the
same reversed)."""


def folding(labels: tuple[str, ...], action: int, node: int, bucket: int) -> int:
    """The weights of a strategy that folds 8 times as often as it takes any other action,
    but for the button's first raise to the pot, 3 times as often in bucket 1."""
    if labels[action] == "f":
        return 8
    return 3 if (node, labels[action], bucket) == (0, "r1", 1) else 1


def small_strategy(depth: int = 10, *, folds: bool = False, sums: bool = False
                   ) -> NoLimitStrategy:  # fmt: skip
    """The strategy of the module, or with ``folds`` the weights of :func:`folding`; with
    ``sums`` probabilities that sum to one, as a solver writes them (:data:`SUMS`)."""
    cards = dataclasses.replace(uniform(2), preflop=(np.arange(169) % 2).astype(np.intp))
    game, tree = holdem_no_limit(betting(depth), cards)
    sweeps = Sweeps(game)
    probs = [np.zeros((n, sweeps.width, 2), dtype=np.float16) for n in sweeps.decision_counts]
    for node in range(len(tree)):
        if int(tree.public.kind[node]) > 1:
            continue
        labels = tree.labels[node]
        width = len(labels)
        row = probs[tree.street[node]][sweeps.decision_rows[node]]
        for bucket in (0, 1):
            if folds:
                row[:width, bucket] = [folding(labels, a, node, bucket) for a in range(width)]
                continue
            if node == ZEROED and bucket == 1:
                continue
            row[:width, bucket] = [weight(node, a, width, bucket) for a in range(width)]
        if sums:
            row[:width, 0] = SUMS[width]
            row[:width, 1] = SUMS[width][::-1]
    return NoLimitStrategy(depth, (0.5, 1.0), 3, cards, tuple(probs), 7, "CFR", ((7, 1.0, 2.0),))


@pytest.fixture(scope="module")
def strategy() -> NoLimitStrategy:
    return small_strategy()


@pytest.fixture
def policy(strategy: NoLimitStrategy) -> NoLimitPolicy:
    return NoLimitPolicy([strategy])


def hand_after(*moves: tuple[ActionKind, int | None], stacks: tuple[int, int] = (20, 20),
               deal: int = 1, rules: Rules = RULES) -> Hand:  # fmt: skip
    """A hand of ``rules`` (the button, seat 0, is the small blind) after ``moves``."""
    hand = Hand(rules, list(stacks), button=0, rng=random.Random(deal))
    for kind, to in moves:
        hand.act(kind, to)
    return hand


def view_of(hand: Hand) -> PlayerView:
    assert hand.to_act is not None
    return hand.view(hand.to_act)


def path_of(policy: NoLimitPolicy, view: PlayerView) -> tuple[str, ...]:
    played, node, _ = policy.locate(view)
    tree = played.tree
    out = []
    while node:
        parent = int(tree.public.parent[node])
        if int(tree.public.kind[parent]) < 2:
            out.append(tree.labels[parent][tree.children[parent].index(node)])
        node = parent
    return tuple(reversed(out))


def raise_to(to: int) -> tuple[ActionKind, int]:
    return ActionKind.RAISE, to


CALL = (ActionKind.CALL, None)
CHECK = (ActionKind.CHECK, None)


# ------------------------------------------------------------------ the small tree


def test_the_small_tree_is_the_one_worked_out_by_hand(strategy: NoLimitStrategy) -> None:
    tree = strategy.tree()[0]
    # pot 3 after the blinds; a raise of f goes to 2 + f × 4: the half pot to 4, the pot to 6
    assert tree.labels[0] == ("f", "c", "r0", "r1", "a") and tree.amounts[0] == (0, 2, 4, 6, 20)
    assert tree.children[0] == (1, 2, 3, 4, 5)
    assert tree.labels[3] == ("f", "c", "r0", "r1", "a") and tree.amounts[3] == (0, 4, 8, 12, 20)


# ------------------------------------------------------------------ decisions


def test_the_buttons_first_decision_is_the_nodes_weights(policy: NoLimitPolicy) -> None:
    for deal in range(6):
        view = view_of(hand_after(deal=deal))
        decision = policy.decide(view)
        bucket = policy.played(10).strategy.abstraction.bucket(
            (int(view.hole[0]), int(view.hole[1])), ())
        assert decision.bucket == bucket
        assert decision.actions == (Action.fold(), Action.call(), Action.raise_to(4),
                                    Action.raise_to(6), Action.raise_to(20))  # fmt: skip
        assert decision.probabilities == pytest.approx(expected(0, 5, bucket), abs=1e-12)
        assert decision.betting == ""


def test_both_buckets_are_seen_and_a_node_without_weight_is_uniform(
    policy: NoLimitPolicy,
) -> None:
    buckets = set()
    for deal in range(30):
        view = view_of(hand_after(CALL, deal=deal))  # the button limps: the big blind
        decision = policy.decide(view)
        buckets.add(decision.bucket)
        assert decision.actions == (Action.check(), Action.raise_to(4), Action.raise_to(6),
                                    Action.raise_to(20))  # fmt: skip
        assert decision.probabilities == pytest.approx(expected(ZEROED, 4, decision.bucket),
                                                       abs=1e-12)  # fmt: skip
        assert decision.betting == "c"
    assert buckets == {0, 1}


def test_a_decision_facing_a_raise_sizes_its_own_raises_on_the_real_pot(
    policy: NoLimitPolicy,
) -> None:
    # the button raises to 6, the pot-sized raise (node 4): the big blind's half-pot
    # reraise goes to 6 + 0.5 × 12 = 12, the pot-sized to 18, all-in 20
    view = view_of(hand_after(raise_to(6)))
    decision = policy.decide(view)
    assert decision.actions == (Action.fold(), Action.call(), Action.raise_to(12),
                                Action.raise_to(18), Action.raise_to(20))  # fmt: skip
    assert decision.probabilities == pytest.approx(expected(4, 5, decision.bucket), abs=1e-12)
    assert decision.betting == "r1"
    # a raise to 5, read as the half-pot raise or the pot-sized one: the big blind's own
    # raises go to 5 + 0.5 × 10 = 10 and 5 + 10 = 15, whichever node it was read as
    view = view_of(hand_after(raise_to(5)))
    decision = policy.decide(view)
    node = policy.locate(view)[1]
    assert node in (3, 4)
    assert decision.actions == (Action.fold(), Action.call(), Action.raise_to(10),
                                Action.raise_to(15), Action.raise_to(20))  # fmt: skip
    assert decision.probabilities == pytest.approx(expected(node, 5, decision.bucket),
                                                   abs=1e-12)  # fmt: skip
    assert decision.betting == ("r0" if node == 3 else "r1")


def test_a_raise_the_legal_limits_clip_is_played_at_the_limit(policy: NoLimitPolicy) -> None:
    # the button raises to 9 (read as the pot-sized raise: the all-in is no candidate
    # before half the stack): the big blind's half-pot reraise, 9 + 9 = 18, and its
    # pot-sized one, 9 + 18 = 27, beyond its 20 chips: played as the all-in, 20
    view = view_of(hand_after(raise_to(9)))
    assert path_of(policy, view) == ("r1",)
    decision = policy.decide(view)
    assert decision.actions == (Action.fold(), Action.call(), Action.raise_to(18),
                                Action.raise_to(20))  # fmt: skip
    probs = expected(4, 5, decision.bucket)
    assert decision.probabilities == pytest.approx(
        [probs[0], probs[1], probs[2], probs[3] + probs[4]], abs=1e-12)


def test_facing_the_all_in_only_fold_and_call_remain(policy: NoLimitPolicy) -> None:
    view = view_of(hand_after((ActionKind.RAISE, 20)))
    decision = policy.decide(view)
    assert decision.actions == (Action.fold(), Action.call())
    assert decision.probabilities == pytest.approx(expected(5, 2, decision.bucket), abs=1e-12)
    assert decision.betting == "a"


def test_a_tree_raise_the_seat_cannot_make_is_a_call(policy: NoLimitPolicy) -> None:
    # stacks 20 and 40: the big blind (20) shoves over the button's raise to 6; the button,
    # with more chips, can only call or fold, and the tree at the all-in has fold and call
    view = view_of(hand_after(raise_to(6), (ActionKind.RAISE, 20), stacks=(40, 20)))
    decision = policy.decide(view)
    assert decision.actions == (Action.fold(), Action.call())
    assert decision.betting == "r1a"


def test_every_holding_is_each_holdings_decision(policy: NoLimitPolicy,
                                                 strategy: NoLimitStrategy) -> None:  # fmt: skip
    view = view_of(hand_after())
    actions, probs = policy.every_holding(view)
    assert actions == (Action.fold(), Action.call(), Action.raise_to(4), Action.raise_to(6),
                       Action.raise_to(20))  # fmt: skip
    assert probs.shape == (5, COMBO_COUNT)
    buckets = strategy.abstraction.buckets(())
    for combo in range(COMBO_COUNT):
        assert probs[:, combo].tolist() == pytest.approx(expected(0, 5, int(buckets[combo])),
                                                         abs=1e-12)  # fmt: skip


def test_every_holding_after_an_off_tree_raise_reads_it_holding_by_holding(
    policy: NoLimitPolicy, strategy: NoLimitStrategy,
) -> None:
    # a raise to 5 is 0.75 pots: read as the half-pot raise (node 3) with probability
    # (1 - 0.75)(1 + 0.5) / ((1 - 0.5)(1 + 0.75)) = 3/7, else as the pot-sized (node 4);
    # each holding of the big blind draws its own reading, as a hand with those cards would
    hand = hand_after(raise_to(5))
    view = view_of(hand)
    actions, probs = policy.every_holding(view)
    assert actions == (Action.fold(), Action.call(), Action.raise_to(10), Action.raise_to(15),
                       Action.raise_to(20))  # fmt: skip
    buckets = strategy.abstraction.buckets(())
    at_three = 0
    for combo in range(COMBO_COUNT):
        bucket = int(buckets[combo])
        column = probs[:, combo].tolist()
        if column == pytest.approx(expected(3, 5, bucket), abs=1e-12):
            at_three += 1
        else:
            assert column == pytest.approx(expected(4, 5, bucket), abs=1e-12)
    p = 3 / 7
    spread = (COMBO_COUNT * p * (1 - p)) ** 0.5  # 18 holdings
    assert abs(at_three - COMBO_COUNT * p) < 4 * spread
    # and the holding a hand deals reads it as that hand's decision does
    for combo in (0, 77, 500, 1325):
        a, b = combo_cards(combo)
        seen = dataclasses.replace(view, hole=(a, b))
        decision = policy.decide(seen)
        assert decision.actions == actions
        assert list(decision.probabilities) == pytest.approx(probs[:, combo].tolist(),
                                                             abs=1e-12)  # fmt: skip


def test_every_holding_adds_the_labels_of_one_action_and_is_uniform_without_weight(
    policy: NoLimitPolicy, strategy: NoLimitStrategy,
) -> None:
    buckets = strategy.abstraction.buckets(())
    # after the button's raise to 9 (the pot-sized raise, node 4, every time), the big
    # blind's pot-sized reraise to 27 is played as its all-in, 20: one row, the two
    # labels' probabilities added
    actions, probs = policy.every_holding(view_of(hand_after(raise_to(9))))
    assert actions == (Action.fold(), Action.call(), Action.raise_to(18), Action.raise_to(20))
    for combo in range(0, COMBO_COUNT, 7):
        p = expected(4, 5, int(buckets[combo]))
        assert probs[:, combo].tolist() == pytest.approx([p[0], p[1], p[2], p[3] + p[4]],
                                                         abs=1e-12)  # fmt: skip
    # the big blind after a limp (node 2): bucket 1 has no weight there, a uniform quarter
    actions, probs = policy.every_holding(view_of(hand_after(CALL)))
    assert actions == (Action.check(), Action.raise_to(4), Action.raise_to(6),
                       Action.raise_to(20))  # fmt: skip
    for combo in range(0, COMBO_COUNT, 7):
        assert probs[:, combo].tolist() == pytest.approx(
            expected(ZEROED, 4, int(buckets[combo])), abs=1e-12)


def test_weights_that_sum_below_one_are_shared_out(strategy: NoLimitStrategy) -> None:
    # the module's weights over 32 (1/32 to 5/32 at the root, a sum of 15/32, exact in
    # float16): every holding's probabilities, and the decision's, are the weights' shares
    scaled = dataclasses.replace(strategy, probabilities=tuple(
        (p / 32).astype(np.float16) for p in strategy.probabilities))  # fmt: skip
    assert float(scaled.probabilities[0][0, :5, 0].sum()) == 15 / 32
    policy = NoLimitPolicy([scaled])
    view = view_of(hand_after())
    _, probs = policy.every_holding(view)
    buckets = strategy.abstraction.buckets(())
    for combo in range(0, COMBO_COUNT, 7):
        assert probs[:, combo].tolist() == pytest.approx(expected(0, 5, int(buckets[combo])),
                                                         abs=1e-12)  # fmt: skip
    decision = policy.decide(view)
    assert decision.probabilities == pytest.approx(expected(0, 5, decision.bucket), abs=1e-12)


def test_on_the_flop_the_first_to_act_bets(strategy: NoLimitStrategy) -> None:
    # the button limps, the big blind checks: on the flop the big blind acts first and
    # faces no bet, so the tree's raises are bets: the half pot of 4 to 2, the pot to 4,
    # the all-in to 18 (every flop here in bucket 0: the module's abstraction has none)
    cards = dataclasses.replace(strategy.abstraction,
                                flop_keys=np.array([np.iinfo(np.int64).max]),
                                flop_buckets=np.zeros((1, COMBO_COUNT), dtype=np.uint8))
    policy = NoLimitPolicy([dataclasses.replace(strategy, abstraction=cards)])
    view = view_of(hand_after(CALL, CHECK))
    decision = policy.decide(view)
    node = policy.locate(view)[1]
    assert decision.actions == (Action.check(), Action.bet(2), Action.bet(4), Action.bet(18))
    assert decision.probabilities == pytest.approx(expected(node, 4, 0), abs=1e-12)
    assert policy.every_holding(view)[0] == decision.actions


# ------------------------------------------------------------------ reading real bets


@pytest.mark.parametrize(("to", "reads"), [
    (4, {("r0",)}),  # exactly the half-pot raise
    (6, {("r1",)}),  # exactly the pot-sized raise: the formula gives the half pot 0
    (9, {("r1",)}),  # 1.75 pots, 18 of 20 put in below half the stack: not the all-in
    (20, {("a",)}),  # the all-in is the all-in
])  # fmt: skip
def test_a_raise_at_or_beyond_a_size_is_read_as_it_every_time(
    policy: NoLimitPolicy, to: int, reads: set[tuple[str, ...]]
) -> None:
    found = set()
    for salt in range(20):
        policy.salt = str(salt)
        found.add(path_of(policy, view_of(hand_after(raise_to(to)))))
    assert found == reads


def _share(policy: NoLimitPolicy, to: int, label: str, deals: int = 300) -> float:
    reads = [path_of(policy, view_of(hand_after(raise_to(to), deal=d))) for d in range(deals)]
    return reads.count((label,)) / deals


def test_a_raise_between_sizes_is_read_with_the_formulas_odds(policy: NoLimitPolicy) -> None:
    # to 5: 0.75 pots between 0.5 and 1: the half pot with 3/7 (by hand, as above)
    p = Fraction(1 * 3, 2 * 7) / Fraction(1, 2)
    assert p == Fraction(3, 7)
    share = _share(policy, 5, "r0")
    assert abs(share - 3 / 7) < 4 * (3 / 7 * 4 / 7 / 300) ** 0.5
    # to 10, half the stack put in: the all-in (4.5 pots: (20 - 2) / 4) is a candidate;
    # 2 pots between 1 and 4.5: the pot-sized raise with (4.5 - 2)(1 + 1) / ((4.5 - 1)(1 + 2))
    # = 5 / 10.5 = 10/21
    share = _share(policy, 10, "r1")
    assert abs(share - 10 / 21) < 4 * (10 / 21 * 11 / 21 / 300) ** 0.5
    assert _share(policy, 10, "r1") + _share(policy, 10, "a") == 1.0


def test_a_draw_exactly_at_the_odds_reads_the_larger_size(
    policy: NoLimitPolicy, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a raise to 5: 0.75 pots, the half-pot raise with the formula's 3/7 (as a float),
    # read only by a draw strictly below it; a raise at the smallest size, to 4, draws
    # nothing
    # (every holding of the big blind reads it by the same draw here)
    p = pseudo_harmonic(0.75, 0.5, 1.0)
    assert p == pytest.approx(3 / 7, abs=1e-15)
    buckets = policy.played(10).strategy.abstraction.buckets(())
    asked: list[str] = []
    for draw, node in ((p, 4), (math.nextafter(p, 0.0), 3)):
        monkeypatch.setattr(policy, "_draw", lambda seen, u=draw: asked.append(seen) or u)
        view = view_of(hand_after(raise_to(5)))
        assert path_of(policy, view) == (("r0",) if node == 3 else ("r1",))
        _, probs = policy.every_holding(view)
        for combo in range(0, COMBO_COUNT, 13):
            assert probs[:, combo].tolist() == pytest.approx(
                expected(node, 5, int(buckets[combo])), abs=1e-12)
    asked.clear()
    assert path_of(policy, view_of(hand_after(raise_to(4)))) == ("r0",)
    assert policy.every_holding(view_of(hand_after(raise_to(4))))[1].shape == (5, COMBO_COUNT)
    assert asked == []


def test_half_the_stack_is_half_the_effective_stack() -> None:
    # a raise to 10 is 2 pots; with 20 chips for the button and 40 for the big blind the
    # effective stack is 20, so 10 is half of it and the all-in (4.5 pots) is a candidate:
    # the pot-sized raise with 10/21 (as with 20 each), the all-in otherwise; with 40
    # each, 10 is a quarter of it and beyond the pot-sized raise: that raise every time
    policy = NoLimitPolicy([small_strategy(), small_strategy(20)])
    for stacks, reads in (((20, 40), {("r1",), ("a",)}), ((40, 20), {("r1",), ("a",)}),
                          ((40, 40), {("r1",)})):  # fmt: skip
        found = {path_of(policy, view_of(hand_after(raise_to(10), stacks=stacks, deal=d)))
                 for d in range(40)}  # fmt: skip
        assert found == reads


def test_a_real_check_is_the_trees_check_and_a_call_its_call(policy: NoLimitPolicy) -> None:
    # the button limps (a call), the big blind checks: on the flop the big blind acts
    # first, at the tree's node after the call and the check
    view = view_of(hand_after(CALL, CHECK))
    assert (view.seat, int(view.street)) == (1, 1)
    assert path_of(policy, view) == ("c", "k")


def test_the_draw_is_kept_for_the_hand_and_made_afresh_in_others(
    policy: NoLimitPolicy,
) -> None:
    first = path_of(policy, view_of(hand_after(raise_to(5))))
    assert all(path_of(policy, view_of(hand_after(raise_to(5)))) == first for _ in range(3))
    # the same hand read again by a new policy of the same salt: the same reading
    again = NoLimitPolicy([policy.played(10).strategy])
    assert path_of(again, view_of(hand_after(raise_to(5)))) == first
    # the same deal's draw on the big blind's later decision, after a call and the flop
    hand = hand_after(raise_to(5), CALL)
    assert path_of(policy, view_of(hand)) == (*first, "c")


def test_the_reads_of_the_big_blind_after_the_buttons_raise(policy: NoLimitPolicy) -> None:
    # the button raises to 6 (node 4), the big blind reraises to 15: against 6, pot 12,
    # 0.75 pots between the half-pot reraise (to 12) and the pot-sized one (to 18); 15 of
    # 20 is past half the stack, so the all-in (to 20, 14/12 pots) is a candidate above
    # them; the formula between 0.5 and 1 reads the half pot 3/7 of the time
    reads = [path_of(policy, view_of(hand_after(raise_to(6), raise_to(15), deal=d)))
             for d in range(200)]  # fmt: skip
    assert set(reads) == {("r1", "r0"), ("r1", "r1")}
    share = reads.count(("r1", "r0")) / len(reads)
    assert abs(share - 3 / 7) < 4 * (3 / 7 * 4 / 7 / 200) ** 0.5
    # to 19: 13/12 pots, between the pot-sized reraise (1) and the all-in (7/6):
    # (7/6 - 13/12)(1 + 1) / ((7/6 - 1)(1 + 13/12)) = (1/6) / (25/72) = 12/25 the pot
    reads = [path_of(policy, view_of(hand_after(raise_to(6), raise_to(19), deal=d)))
             for d in range(200)]  # fmt: skip
    assert set(reads) == {("r1", "r1"), ("r1", "a")}
    share = reads.count(("r1", "r1")) / len(reads)
    assert abs(share - 12 / 25) < 4 * (12 / 25 * 13 / 25 / 200) ** 0.5


def test_after_three_raises_a_raise_is_read_as_the_all_in(policy: NoLimitPolicy) -> None:
    # to 4, 6 and 8, each below or at the half-pot raise: three raises (r0 to 4, 8, 16 in
    # the tree); the fourth, to 9 (not all-in, 9 of 20 below half the stack), is read as
    # the all-in all the same: the tree has no other raise left
    hand = hand_after(*LINE)
    assert path_of(policy, view_of(hand)) == ("r0", "r0", "r0", "a")
    decision = policy.decide(view_of(hand))
    assert decision.actions == (Action.fold(), Action.call())
    assert decision.probabilities == pytest.approx(expected(path_node(policy, hand), 2,
                                                            decision.bucket), abs=1e-12)
    assert decision.betting == "r0r0r0a"
    # at 20 big blinds (40 chips) the same line's 10 is a quarter of the stack: the all-in
    # is no candidate there but for being the only raise left
    deeper = NoLimitPolicy([small_strategy(20)])
    hand = hand_after(*LINE, stacks=(40, 40))
    assert path_of(deeper, view_of(hand)) == ("r0", "r0", "r0", "a")


LINE = (raise_to(4), raise_to(6), raise_to(8), raise_to(10))


def path_node(policy: NoLimitPolicy, hand: Hand) -> int:
    return policy.locate(view_of(hand))[1]


# ------------------------------------------------------------------ refusals


def test_betting_after_the_trees_all_in_is_refused(policy: NoLimitPolicy) -> None:
    # the fourth raise, to 10, is read as the all-in; called, the tree deals out to the
    # showdown, while the real hand has 10 chips each behind on the flop
    hand = hand_after(*LINE, CALL)
    assert refusal(policy, view_of(hand)) == ("betting after the strategy's all-in",
                                              "betting")  # fmt: skip
    # a raise over it: the tree has no raise left after its all-in
    hand = hand_after(*LINE, raise_to(14))
    assert refusal(policy, view_of(hand)) == (
        "a raise where the strategy's tree has none left", "betting")


def test_a_view_that_is_not_the_seats_turn_is_refused(policy: NoLimitPolicy) -> None:
    hand = hand_after()
    assert refusal(policy, hand.view(1)) == ("seat 1 is not to act", "turn")
    assert policy.covers(hand.view(0)) is None
    # either half alone refuses: no legal actions for the seat to act, or legal actions
    # for a seat that is not to act
    view = hand.view(0)
    assert refusal(policy, dataclasses.replace(view, legal=None)) == (
        "seat 0 is not to act", "turn")
    assert refusal(policy, dataclasses.replace(view, to_act=1)) == (
        "seat 0 is not to act", "turn")


def test_three_players_are_refused(policy: NoLimitPolicy) -> None:
    hand = Hand(RULES, [20, 20, 20], button=0, rng=random.Random(1))
    assert refusal(policy, view_of(hand)) == (
        "3 players: the strategy is for heads-up play", "players")


def test_a_view_without_two_hole_cards_is_refused(policy: NoLimitPolicy) -> None:
    view = view_of(hand_after())
    for hole in (view.hole[:1], (*view.hole, 51)):
        assert refusal(policy, dataclasses.replace(view, hole=hole)) == (
            f"seat 0 holds {len(hole)} cards, not 2", "cards")


@pytest.mark.parametrize("blinds", [(), (0, 0)])
def test_a_game_without_a_big_blind_is_refused(policy: NoLimitPolicy,
                                               blinds: tuple[int, ...]) -> None:  # fmt: skip
    hand = hand_after(rules=RULES.replace(blinds=blinds))
    assert refusal(policy, view_of(hand)) == (
        "no big blind: the strategies are for two blinds", "rules")


def test_blinds_the_wrong_way_round_leave_the_tree() -> None:
    # blinds of 2 and 1: the big blind, 1, acts first facing the button's 2, while the
    # tree's root is the button's decision (on the same street)
    policy = NoLimitPolicy([small_strategy()])
    hand = hand_after(rules=RULES.replace(blinds=(2, 1)))
    assert hand.to_act == 1
    assert refusal(policy, view_of(hand)) == ("the betting has left the strategy's tree",
                                              "betting")  # fmt: skip
    # once the seat of 1 has called, its call is walked at the button's node
    hand = hand_after(CALL, rules=RULES.replace(blinds=(2, 1)))
    assert hand.to_act == 0
    assert refusal(policy, view_of(hand)) == ("the betting has left the strategy's tree",
                                              "betting")  # fmt: skip


def test_a_big_blind_of_one_chip_is_played() -> None:
    # blinds of 1 and 1, stacks of 10: 10 big blinds, the root's raises sized on a pot of
    # 2 (the half pot to 1 + 1 = 2, the pot to 1 + 2 = 3), the all-in to 10; the button
    # faces no bet, so the tree's fold and call are both the check
    policy = NoLimitPolicy([small_strategy()])
    view = view_of(hand_after(stacks=(10, 10), rules=RULES.replace(blinds=(1, 1))))
    assert policy.covers(view) is None
    assert policy.decide(view).actions == (Action.check(), Action.raise_to(2),
                                           Action.raise_to(3), Action.raise_to(10))  # fmt: skip
    # the button's raise to 3 is 2 chips over 1, a pot of 2: the pot-sized raise exactly,
    # every time
    one = RULES.replace(blinds=(1, 1))
    assert {path_of(policy, view_of(hand_after(raise_to(3), stacks=(10, 10), rules=one,
                                               deal=d))) for d in range(10)} == {("r1",)}


@pytest.mark.parametrize(("rules", "text"), [
    (Rules.preset("casino-limit"), "the betting is fixed-limit: the strategies are for no limit"),
    (RULES.replace(structure="pot-limit"),
     "the betting is pot-limit: the strategies are for no limit"),
    (RULES.replace(wild="2"),
     "wild cards or a minimum of hole cards: the strategies are for plain hold'em"),
    (RULES.replace(min_hole_cards=1),
     "wild cards or a minimum of hole cards: the strategies are for plain hold'em"),
    (RULES.replace(antes=1), "antes or a straddle: the strategies are for two blinds"),
])  # fmt: skip
def test_other_rules_are_refused_naming_the_difference(policy: NoLimitPolicy, rules: Rules,
                                                       text: str) -> None:  # fmt: skip
    assert no_limit_problem(rules) == text
    hand = Hand(rules, [20, 20], button=0, rng=random.Random(1))
    assert refusal(policy, view_of(hand)) == (text, "rules")


def test_plain_no_limit_has_no_problem_and_a_straddle_one() -> None:
    text = "antes or a straddle: the strategies are for two blinds"
    assert no_limit_problem(RULES.replace(straddle=4)) == text  # (three players or more)
    assert no_limit_problem(RULES) is None
    assert no_limit_problem(Rules.preset("no-limit")) is None


@pytest.mark.parametrize(("stacks", "covered"), [
    ((20, 20), True), ((20, 50), True), ((50, 20), True),  # 10 big blinds effective
    ((18, 20), False), ((22, 22), False), ((19, 40), False),
])  # fmt: skip
def test_stacks_outside_the_solved_depths_are_refused(policy: NoLimitPolicy,
                                                      stacks: tuple[int, int],
                                                      covered: bool) -> None:  # fmt: skip
    view = view_of(hand_after(stacks=stacks))
    if covered:
        assert policy.covers(view) is None
    else:
        assert refusal(policy, view) == (
            "an effective stack outside 10 to 10 big blinds (the solved depths)", "stacks")


def test_the_nearest_depth_ties_to_the_smaller(strategy: NoLimitStrategy) -> None:
    both = NoLimitPolicy([strategy, small_strategy(20)])
    assert both.depths == (10, 20)
    assert [both.nearest(x) for x in (9.99, 10, 12, 14.9, 15, 15.1, 20, 20.01)] == [
        None, 10, 10, 10, 10, 20, 20, None]
    # a hand of 15 big blinds is played from the 10-big-blind tree: its all-in, to 20,
    # is read off the real stack, 30
    view = view_of(hand_after(stacks=(30, 30)))
    played, node, _ = both.locate(view)
    assert played.strategy.depth == 10 and node == 0
    assert both.decide(view).actions[-1] == Action.raise_to(30)
    view = view_of(hand_after(stacks=(31, 30)))
    assert both.locate(view)[0].strategy.depth == 10
    view = view_of(hand_after(stacks=(32, 32)))
    assert both.locate(view)[0].strategy.depth == 20


def test_a_real_all_in_is_the_trees_all_in_even_short_of_it() -> None:
    # 16 big blinds (32 chips) are played from the 20-big-blind tree, whose all-in is 40:
    # a shove to 32 is 7.5 pots, between the pot-sized raise and the tree's all-in (9.5
    # pots), but as an all-in it is the tree's all-in every time
    both = NoLimitPolicy([small_strategy(), small_strategy(20)])
    reads = {path_of(both, view_of(hand_after((ActionKind.RAISE, 32), stacks=(32, 32),
                                              deal=d))) for d in range(200)}  # fmt: skip
    assert reads == {("a",)}



def test_every_holding_reads_a_real_all_in_short_of_the_trees_as_its_all_in() -> None:
    # from the 20-big-blind tree at 16 big blinds: the button's raise to 5 is read by each
    # holding's own draw (the half pot or the pot), the big blind's shove to 32 is the
    # tree's all-in after either: every holding of the button has fold and call, each as
    # the decision a hand with those cards gets
    both = NoLimitPolicy([small_strategy(), small_strategy(20)])
    view = view_of(hand_after(raise_to(5), (ActionKind.RAISE, 32), stacks=(32, 32)))
    actions, probs = both.every_holding(view)
    assert actions == (Action.fold(), Action.call())
    for combo in range(0, COMBO_COUNT, 13):
        decision = both.decide(dataclasses.replace(view, hole=combo_cards(combo)))
        assert decision.betting in ("r0a", "r1a")
        assert list(decision.probabilities) == pytest.approx(probs[:, combo].tolist(),
                                                             abs=1e-12)  # fmt: skip


def one_flop_bucket(strategy: NoLimitStrategy) -> NoLimitStrategy:
    """``strategy`` with every flop in one bucket (the module's abstraction has none)."""
    cards = dataclasses.replace(strategy.abstraction,
                                flop_keys=np.array([np.iinfo(np.int64).max]),
                                flop_buckets=np.zeros((1, COMBO_COUNT), dtype=np.uint8))
    return dataclasses.replace(strategy, abstraction=cards)


def test_every_holding_walks_a_call_and_a_check_after_a_drawn_raise(
    strategy: NoLimitStrategy,
) -> None:
    # the button raises to 5 (each holding's own draw: the half pot or the pot), the big
    # blind calls, checks on the flop: every holding of the button walks the call and the
    # check after its own reading, and its column is the decision a hand with those cards
    # gets (every flop here in bucket 0: the module's abstraction has none)
    policy = NoLimitPolicy([one_flop_bucket(strategy)])
    view = view_of(hand_after(raise_to(5), CALL, CHECK))
    assert (view.seat, int(view.street)) == (0, 1)
    actions, probs = policy.every_holding(view)
    assert actions == (Action.check(), Action.bet(5), Action.bet(10), Action.bet(15))
    board = {int(c) for c in view.board}
    paths = set()
    for combo in range(0, COMBO_COUNT, 13):
        hole = combo_cards(combo)
        if board & set(hole):
            continue
        decision = policy.decide(dataclasses.replace(view, hole=hole))
        paths.add(decision.betting)
        assert list(decision.probabilities) == pytest.approx(probs[:, combo].tolist(),
                                                             abs=1e-12)  # fmt: skip
    assert paths == {"r0ck", "r1ck"}


def _columns_are_decisions(policy: NoLimitPolicy, view: PlayerView,
                           actions: tuple[Action, ...], probs: np.ndarray) -> set[str]:  # fmt: skip
    """Check each holding's column (every 13th) against the decision a hand with those
    cards gets; the bettings the decisions read."""
    paths = set()
    for combo in range(0, COMBO_COUNT, 13):
        decision = policy.decide(dataclasses.replace(view, hole=combo_cards(combo)))
        paths.add(decision.betting)
        column = {a: float(p) for a, p in zip(actions, probs[:, combo], strict=True) if p}
        assert column == pytest.approx(dict(zip(decision.actions, decision.probabilities,
                                                strict=True)), abs=1e-12)  # fmt: skip
    return paths


def test_every_holding_reads_half_the_effective_stack_too() -> None:
    # the button, 20 chips against 40, raises to 10: half the effective stack, so the
    # all-in is a candidate (the pot-sized raise with 10/21, as above), read by each
    # holding's own draw; each holding's column is the decision a hand with those cards
    # gets, its actions (fold and call at the all-in, the big blind's raises too at the pot)
    policy = NoLimitPolicy([small_strategy()])
    view = view_of(hand_after(raise_to(10), stacks=(20, 40)))
    actions, probs = policy.every_holding(view)
    assert actions == (Action.fold(), Action.call(), Action.raise_to(20), Action.raise_to(30),
                       Action.raise_to(40))  # fmt: skip
    paths = _columns_are_decisions(policy, view, actions, probs)
    assert paths == {"r1", "a"}


def test_every_holding_reads_the_stack_the_hand_began_with() -> None:
    # 20 big blinds, 40 chips each: the button raises to 5 (read by each holding's draw),
    # the big blind reraises to 19, below half the stack (38 of 40), so the all-in is no
    # candidate for it although 21 chips are left behind; each holding's column is the
    # decision a hand with those cards gets
    policy = NoLimitPolicy([small_strategy(20)])
    view = view_of(hand_after(raise_to(5), raise_to(19), stacks=(40, 40)))
    actions, probs = policy.every_holding(view)
    paths = _columns_are_decisions(policy, view, actions, probs)
    assert paths == {"r0r1", "r1r1"}


def test_every_holding_reads_a_raise_at_a_larger_size_exactly_after_a_drawn_one(
    policy: NoLimitPolicy,
) -> None:
    # the button raises to 5 (each holding's own draw: the half pot or the pot), the big
    # blind reraises to 15, 10 chips over 5 into a pot of 10: the pot-sized reraise
    # exactly after either reading (sizes of 0.5 and 1 pot, odds 0 at the larger), so
    # every holding reads it as the pot, drawing nothing; each holding's column is the
    # decision a hand with those cards gets
    view = view_of(hand_after(raise_to(5), raise_to(15)))
    actions, probs = policy.every_holding(view)
    paths = _columns_are_decisions(policy, view, actions, probs)
    assert paths == {"r0r1", "r1r1"}


def test_every_holding_that_called_the_trees_all_in_is_read_at_the_views_node(
    strategy: NoLimitStrategy,
) -> None:
    # the button, 20 chips against 40, raises to 10: each holding of the big blind reads it
    # as the pot-sized raise or as the all-in (10/21 and 11/21), and the big blind calls.
    # On the flop the holdings that read the all-in have called it: their tree deals the
    # cards out, and with no decision left they are read at the view's own node (its cards
    # read the pot-sized raise), the others as their decision
    policy = NoLimitPolicy([one_flop_bucket(strategy)])
    view = view_of(hand_after(raise_to(10), CALL, stacks=(20, 40), deal=0))
    assert (view.seat, int(view.street)) == (1, 1)
    assert path_of(policy, view) == ("r1", "c")
    node = policy.locate(view)[1]
    actions, probs = policy.every_holding(view)
    assert actions == (Action.check(), Action.bet(10), Action.bet(20), Action.bet(30))
    board = {int(c) for c in view.board}
    called = 0
    for combo in range(0, COMBO_COUNT, 13):
        hole = combo_cards(combo)
        if board & set(hole):
            continue
        try:
            want = list(policy.decide(dataclasses.replace(view, hole=hole)).probabilities)
        except OutsideStrategy as error:
            assert str(error) == "betting after the strategy's all-in"
            called += 1
            want = expected(node, 4, 0)  # every flop in bucket 0
        assert probs[:, combo].tolist() == pytest.approx(want, abs=1e-12)
    assert 0 < called < len(range(0, COMBO_COUNT, 13))


def test_holdings_that_share_a_card_with_the_board_add_no_action(
    strategy: NoLimitStrategy,
) -> None:
    # blinds of 50 and 100, 1,000 chips: a limp and a check to the flop, where the big
    # blind bets 899 into 200, 4.495 pots, between the pot (1) and its all-in (4.5): read
    # as the pot with the odds (4.5 - 4.495)(1 + 1) / ((4.5 - 1)(1 + 4.495)), about 1/1923,
    # else as the all-in.  Under the salt "392" every holding off the board reads the
    # all-in (fold and call left), but the holding of cards 23 and 19, which shares the 23
    # with the board, would read the pot (raises left): it is not a holding, so the
    # button's actions are fold and call alone, each column the decision
    rules = Rules.preset("no-limit", blinds=(50, 100), buy_in=1000)
    policy = NoLimitPolicy([one_flop_bucket(strategy)], salt="392")
    view = view_of(hand_after(CALL, CHECK, (ActionKind.BET, 899), stacks=(1000, 1000),
                              rules=rules))  # fmt: skip
    assert (view.seat, sorted(int(c) for c in view.board)) == (0, [1, 23, 30])
    board = {int(c) for c in view.board}
    clash = combo_cards(272)
    assert (int(clash[0]), int(clash[1])) == (23, 19)
    assert path_of(policy, dataclasses.replace(view, hole=clash)) == ("c", "k", "r1")
    actions, probs = policy.every_holding(view)
    assert actions == (Action.fold(), Action.call())
    paths = set()
    for combo in range(COMBO_COUNT):
        hole = combo_cards(combo)
        if board & set(hole):
            assert probs[:, combo].tolist() == [0.0, 0.0]
            continue
        if combo % 13:
            continue
        decision = policy.decide(dataclasses.replace(view, hole=hole))
        paths.add(decision.betting)
        assert list(decision.probabilities) == pytest.approx(probs[:, combo].tolist(),
                                                             abs=1e-12)  # fmt: skip
    assert paths == {"cka"}


def test_every_holding_whose_betting_leaves_the_tree_is_read_at_the_views_node(
    strategy: NoLimitStrategy,
) -> None:
    # the button, 20 chips against 40, raises to 10: each holding reads it as the pot-sized
    # raise or as the all-in (10/21 and 11/21); the big blind reraises to 20, which the
    # tree has no raise for after the all-in: those holdings leave the tree and are read
    # at the view's own node (its cards read the pot-sized raise), the others as their
    # decision; every column is a whole decision (the view's node has fold, call and the
    # all-in, which the button, 20 chips against 40, plays as the call)
    policy = NoLimitPolicy([strategy])
    view = view_of(hand_after(raise_to(10), raise_to(20), stacks=(20, 40), deal=0))
    node = policy.locate(view)[1]
    actions, probs = policy.every_holding(view)
    assert actions == (Action.fold(), Action.call())
    assert probs.sum(axis=0).tolist() == pytest.approx([1.0] * COMBO_COUNT, abs=1e-12)
    buckets = strategy.abstraction.buckets(())
    lost = 0
    for combo in range(0, COMBO_COUNT, 13):
        try:
            want = list(policy.decide(dataclasses.replace(view, hole=combo_cards(combo)))
                        .probabilities)  # fmt: skip
        except OutsideStrategy:
            lost += 1
            p = expected(node, 3, int(buckets[combo]))  # the all-in, to 40, is a call
            want = [p[0], p[1] + p[2]]
        assert probs[:, combo].tolist() == pytest.approx(want, abs=1e-12)
    assert 0 < lost < len(range(0, COMBO_COUNT, 13))

# ------------------------------------------------------------------ loading and naming


def test_a_policy_loads_a_file_once_when_a_stack_needs_it(
    tmp_path: Path, strategy: NoLimitStrategy
) -> None:
    path = tmp_path / "nl-10.npz"
    strategy.save(path)
    policy = NoLimitPolicy(files={10: path})
    assert policy.depths == (10,) and policy.defend is False and policy.salt == ""
    played = policy.played(10)
    assert policy.played(10) is played  # once
    assert played.strategy.depth == 10 and len(played.tree) == len(strategy.tree()[0])
    assert played.width == 5
    assert policy.description == ("CFR strategies for heads-up no limit: "
                                  "10bb (7 iterations of CFR)")  # fmt: skip
    assert policy.decide(view_of(hand_after())).betting == ""


def test_no_strategy_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^no strategies$"):
        NoLimitPolicy()


def test_the_shipped_policy_defends_unless_told_and_loads_nothing_first() -> None:
    shipped = NoLimitPolicy.shipped()
    assert shipped.defend is True and shipped.depths == DEPTHS
    assert shipped._files == {d: shipped_no_limit(d) for d in DEPTHS}
    assert shipped._played == {}
    assert NoLimitPolicy.shipped(defend=False).defend is False
    assert shipped_no_limit(100).name == "holdem-nl-100.npz"
    assert shipped_no_limit(100).parent == shipped_no_limit(200).parent


# ------------------------------------------------------------------ minimum defence


def test_minimum_defence_moves_the_strongest_buckets_fold_to_the_call() -> None:
    strategy = small_strategy(folds=True)
    policy = NoLimitPolicy([strategy], defend=True)
    plain = NoLimitPolicy([strategy])
    # the button raises to 6, 5 chips into a pot of 3: the big blind may fold at most
    # 5 / (3 + 5) = 5/8 of its range, which has no earlier decision (every holding alike);
    # it folds 8/12 = 2/3 of every holding: 1/24 of its 1,326 holdings too many, 55.25
    view = view_of(hand_after(raise_to(6)))
    buckets = strategy.abstraction.buckets(())
    strong = int(np.count_nonzero(buckets == 1))
    assert 0 < strong < COMBO_COUNT
    actions, probs = policy.every_holding(view)
    assert actions == (Action.fold(), Action.call(), Action.raise_to(12), Action.raise_to(18),
                       Action.raise_to(20))  # fmt: skip
    moved = (COMBO_COUNT / 24) / strong  # from each holding of the stronger bucket, 1
    for combo in (int(np.flatnonzero(buckets == 1)[0]), int(np.flatnonzero(buckets == 0)[0])):
        column = probs[:, combo].tolist()
        if buckets[combo] == 1:
            assert column == pytest.approx([2 / 3 - moved, 1 / 12 + moved, 1 / 12, 1 / 12,
                                            1 / 12], abs=1e-12)  # fmt: skip
        else:
            assert column == pytest.approx([2 / 3, 1 / 12, 1 / 12, 1 / 12, 1 / 12], abs=1e-12)
    assert float(probs[0].sum()) == pytest.approx(COMBO_COUNT * 5 / 8, abs=1e-9)
    # the seat's own decision is its holding's column; without defence, the strategy's
    decision = policy.decide(view)
    combo = combo_index(int(view.hole[0]), int(view.hole[1]))
    assert list(decision.probabilities) == pytest.approx(probs[:, combo].tolist(), abs=1e-12)
    assert decision.actions == actions and decision.betting == "r1"
    assert decision.bucket == int(buckets[combo])
    assert plain.decide(view).probabilities == pytest.approx([2 / 3] + [1 / 12] * 4, abs=1e-12)
    assert policy.every_holding(view) is policy.every_holding(view)  # kept
    # not facing a bet (the big blind after a limp), nothing changes
    limp = view_of(hand_after(CALL))
    assert policy.decide(limp).probabilities == pytest.approx([1 / 4] * 4, abs=1e-12)


def test_minimum_defence_reads_an_off_tree_raise_holding_by_holding(
    strategy: NoLimitStrategy,
) -> None:
    # the button raises to 5, 4 chips into a pot of 7: the big blind may fold 4/7 of its
    # range; each holding reads the raise by its own draw as the half pot (node 3, folding
    # 4/15 or 2/15 by bucket) or the pot (node 4, 5/15 or 1/15), never over 1/3, so the
    # floor moves nothing: the defended answer is the plain one, holding by holding
    view = view_of(hand_after(raise_to(5)))
    assert most_to_fold(view) == pytest.approx(4 / 7, abs=1e-12)
    actions, probs = NoLimitPolicy([strategy], defend=True).every_holding(view)
    plain_actions, plain = NoLimitPolicy([strategy]).every_holding(view)
    assert actions == plain_actions
    assert probs.shape == plain.shape and float(np.abs(probs - plain).max()) <= 1e-12
    folds = {round(float(p) * 15) for p in probs[0]}
    assert folds == {4, 2, 5, 1}  # both nodes, both buckets


def test_minimum_defence_weighs_the_range_by_the_seats_own_decisions() -> None:
    # the button raised to 6: 1/12 of the holdings of bucket 0 do (8, 1, 1, 1, 1), 3/14 of
    # those of bucket 1 (8, 1, 1, 3, 1); the big blind reraised to 18, 16 chips into a pot
    # of 8: the button may fold 16 / 24 = 2/3 of that range, and folds 8/10 of every holding
    # (fold, call, all-in: 8, 1, 1); the excess is taken from the stronger bucket
    strategy = small_strategy(folds=True)
    policy = NoLimitPolicy([strategy], defend=True)
    view = view_of(hand_after(raise_to(6), raise_to(18)))
    actions, probs = policy.every_holding(view)
    assert actions == (Action.fold(), Action.call(), Action.raise_to(20))
    buckets = strategy.abstraction.buckets(())
    strong = int(np.count_nonzero(buckets == 1))
    assert strong == 672
    weight = (COMBO_COUNT - strong) / 12 + strong * 3 / 14  # 54.5 + 144
    excess = weight * (8 / 10 - 2 / 3)
    mass = strong * 3 / 14 * 8 / 10  # what the stronger bucket folds, more than the excess
    assert mass > excess
    moved = 8 / 10 * excess / mass  # 0.1838..., where an even range would move 0.2631...
    for combo in range(0, COMBO_COUNT, 97):
        if buckets[combo] == 1:
            want = [8 / 10 - moved, 1 / 10 + moved, 1 / 10]
        else:
            want = [8 / 10, 1 / 10, 1 / 10]
        assert probs[:, combo].tolist() == pytest.approx(want, abs=1e-12)


def test_a_policy_is_shared_not_copied_and_names_every_depth(strategy: NoLimitStrategy) -> None:
    both = NoLimitPolicy([small_strategy(20), strategy], salt="s")
    assert copy.deepcopy(both) is both  # read-only: a deep copy of a bot keeps it
    assert both.salt == "s" and both.depths == (10, 20)
    assert both.description == (
        "CFR strategies for heads-up no limit: "
        "10bb (7 iterations of CFR), 20bb (7 iterations of CFR)"
    )


def test_probabilities_that_sum_to_one_are_played_as_they_are() -> None:
    # 1/2 and four times 1/8 at the root, in bucket 1 the other way round: played as
    # written (a sum of exactly one, not a weight to share out)
    strategy = small_strategy(sums=True)
    policy = NoLimitPolicy([strategy])
    for deal in (1, 2, 3, 4):
        view = view_of(hand_after(deal=deal))
        decision = policy.decide(view)
        want = SUMS[5] if decision.bucket == 0 else SUMS[5][::-1]
        assert decision.probabilities == tuple(want)
        _, every = policy.every_holding(view)
        combo = combo_index(int(view.hole[0]), int(view.hole[1]))
        assert every[:, combo].tolist() == want


def test_defences_kept_answers_are_told_apart_by_the_betting_and_the_stacks() -> None:
    # raises to 6 and to 7 both lead to the pot-sized raise's node (7 is 1.25 pots, and
    # the all-in is no candidate below half the stack), as do stacks of 20 and of 20 and
    # 25; each view gets its own real raises, never another's kept answer
    policy = NoLimitPolicy([small_strategy(folds=True)], defend=True)
    views = [view_of(hand_after(raise_to(6))), view_of(hand_after(raise_to(7))),
             view_of(hand_after(raise_to(6), stacks=(20, 25)))]  # fmt: skip
    assert {policy.locate(v)[1] for v in views} == {4}
    want = [
        (Action.fold(), Action.call(), Action.raise_to(12), Action.raise_to(18),
         Action.raise_to(20)),
        (Action.fold(), Action.call(), Action.raise_to(14), Action.raise_to(20)),
        (Action.fold(), Action.call(), Action.raise_to(12), Action.raise_to(18),
         Action.raise_to(25)),
    ]  # fmt: skip
    for _ in range(2):
        assert [policy.every_holding(v)[0] for v in views] == want
        assert [policy.decide(v).actions for v in views] == want
