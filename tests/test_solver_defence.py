"""Minimum defence (pokerroom.solver.defence) and the no-limit policy that plays with it."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pokerroom.cards import parse_cards
from pokerroom.engine import Hand, stacked_deck
from pokerroom.engine.actions import Action, ActionKind
from pokerroom.engine.view import PlayerView
from pokerroom.ranges import COMBO_COUNT, combo_cards, combo_index
from pokerroom.rules import Rules
from pokerroom.solver.defence import floor, most_to_fold, own_decisions
from pokerroom.solver.nlholdem import DEPTHS
from pokerroom.solver.nlpolicy import NoLimitPolicy, shipped_no_limit
from pokerroom.solver.nlstrategy import NoLimitStrategy
from pokerroom.solver.policy import OutsideStrategy

FOLD_CALL = (Action.fold(), Action.call())


def test_kuhn_second_player_defends_exactly_enough_against_a_bet() -> None:
    # Kuhn poker, the second player facing a bet of 1 into a pot of 2: its equilibrium
    # folds the jack always, the queen 2/3 of the time, the king never, so its range (each
    # card 1/3) folds 5/9, more than the 1/3 a bluff needs (1 over the pot of 3).  The
    # floor moves the queen's folds to calls: 2/9 of the range, exactly the excess.
    probs = np.array([[1.0, 2 / 3, 0.0], [0.0, 1 / 3, 1.0]])  # rows fold, call; J Q K
    out = floor(FOLD_CALL, probs, np.ones(3), np.array([0, 1, 2]), 1 / 3)
    assert out.ravel().tolist() == pytest.approx([1.0, 0.0, 0.0, 0.0, 1.0, 1.0])
    # a bluff with the jack (never wins at showdown) now breaks even: +2 a third of the
    # time, -1 two thirds
    fold = float(np.ones(3) @ out[0]) / 3
    assert fold * 2 - (1 - fold) * 1 == pytest.approx(0.0)


def test_the_floor_moves_the_strongest_folds_first_and_splits_a_bucket() -> None:
    # four holdings, weights 1, 2, 1, 4; buckets 0, 1, 1, 2; each folds half
    probs = np.array([[0.5, 0.5, 0.5, 0.5], [0.5, 0.5, 0.5, 0.5]])
    weights = np.array([1.0, 2.0, 1.0, 4.0])
    # folds 4 of 8; at most 1/8 (1 of 8): bucket 2 gives its 2, bucket 1 1 of its 1.5
    out = floor(FOLD_CALL, probs, weights, np.array([0, 1, 1, 2]), 1 / 8)
    assert out[0].tolist() == pytest.approx([0.5, 0.5 / 3, 0.5 / 3, 0.0])
    assert float(weights @ out[0]) == pytest.approx(1.0)
    assert out.sum(axis=0).tolist() == pytest.approx([1.0] * 4)


def test_the_floor_changes_nothing_when_the_range_folds_little_enough() -> None:
    probs = np.array([[0.2, 0.4], [0.8, 0.6]])
    assert floor(FOLD_CALL, probs, np.ones(2), np.array([0, 1]), 0.5) is probs
    # no call to move to (a check is no answer to a bet): unchanged
    check = (Action.fold(), Action.check())
    assert floor(check, probs, np.ones(2), np.array([0, 1]), 0.0) is probs


@given(st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1), st.floats(0, 3),
                          st.integers(-1, 5)), min_size=1, max_size=30),
       st.floats(0, 1))  # fmt: skip
# a stronger holding whose weight times fold underflows to 0 (5e-324 × 0.5) folds nothing
@example(rows=[(1.0, 0.0, 1.0, 0), (0.5, 0.0, 5e-324, 1)], most=0.0)
def test_the_floor_folds_at_most_the_most_and_only_what_it_must(
    rows: list[tuple[float, float, float, int]], most: float
) -> None:
    fold = np.array([r[0] for r in rows])
    raise_ = np.array([r[1] for r in rows]) * (1 - fold)
    probs = np.array([fold, 1 - fold - raise_, raise_])
    weights = np.array([r[2] for r in rows])
    buckets = np.array([r[3] for r in rows])
    actions = (*FOLD_CALL, Action.raise_to(10))
    out = floor(actions, probs, weights, buckets, most)
    live = np.where(buckets >= 0, weights, 0.0)
    total = float(live.sum())
    before, after = float(live @ probs[0]), float(live @ out[0])
    assert np.allclose(out.sum(axis=0), probs.sum(axis=0))
    assert np.all(out[0] <= probs[0] + 1e-12) and np.all(out[2] == probs[2])
    if total > 0:
        assert after <= max(before, most * total) + 1e-9
        assert after >= min(before, most * total) - 1e-9  # no more than needed
    # a bucket keeps folds only when every stronger bucket whose folds weigh anything (its
    # weight times its fold above 0) kept none
    for b in set(buckets[buckets >= 0].tolist()):
        kept = (buckets == b) & (out[0] < probs[0] - 1e-12)
        if kept.any():
            stronger = (buckets > b) & (live * probs[0] > 0)
            assert np.all(out[0][stronger] <= 1e-12)


def _flop_bet(board: str, hole: str) -> Hand:
    """100 big blinds: the button raises the pot pre-flop (to 300), the big blind calls;
    on the flop the big blind checks and the button bets the pot (600)."""
    rules = Rules.preset("no-limit", blinds=(50, 100), buy_in=10_000)
    deck = stacked_deck([parse_cards("2c 3d"), parse_cards(hole)], parse_cards(board),
                        button=0, burn_cards=rules.burn_cards)  # fmt: skip
    hand = Hand(rules, [10_000, 10_000], button=0, deck=deck)
    hand.apply(Action.raise_to(300), seat=0)
    hand.apply(Action.call(), seat=1)
    hand.apply(Action.check(), seat=1)
    hand.apply(Action.bet(600), seat=0)
    return hand


def test_most_to_fold_and_own_decisions_read_the_betting() -> None:
    hand = _flop_bet("Ks 7h 2d", "Qh Jh")
    view = hand.view(1)
    assert most_to_fold(view) == pytest.approx(0.5)  # 600 into 600
    assert most_to_fold(hand.view(0)) is None  # the bettor faces nothing
    assert [str(a) for _, a in own_decisions(view)] == ["call", "check"]


@pytest.fixture(scope="module")
def policy() -> NoLimitPolicy:
    return NoLimitPolicy([NoLimitStrategy.load(shipped_no_limit(DEPTHS[0]))])


@pytest.mark.parametrize("board", ["Ks 7h 2d", "Ah Kh Qd", "9c 8c 7c", "Td Tc 4s"])
def test_the_policy_with_defence_folds_at_most_half_to_a_pot_bet(
    policy: NoLimitPolicy, board: str
) -> None:
    hand = _flop_bet(board, "Qh Jh" if "Qd" not in board else "5s 5h")
    view = hand.view(1)
    strategy100 = policy.played(DEPTHS[0]).strategy
    policy.defend = False
    actions, before = policy.every_holding(view)
    policy.defend = True
    same, after = policy.every_holding(view)
    assert same == actions
    weights = policy._own_range(view)
    buckets = strategy100.abstraction.buckets(tuple(int(c) for c in view.board))
    live = np.where(buckets >= 0, weights, 0.0)
    f = actions.index(Action.fold())
    folds_before = float(live @ before[f]) / live.sum()
    folds_after = float(live @ after[f]) / live.sum()
    assert folds_after == pytest.approx(min(folds_before, 0.5))
    # the bot's own decision is its holding's column
    decision = policy.decide(view)
    mine = after[:, combo_index(int(view.hole[0]), int(view.hole[1]))]
    assert dict(zip(decision.actions, decision.probabilities, strict=True)) == pytest.approx(
        dict(zip(actions, mine.tolist(), strict=True)))
    # and where it does not face a bet, nothing changes
    opener = Hand(Rules.preset("no-limit", blinds=(50, 100), buy_in=10_000), [10_000] * 2)
    first = opener.view(opener.to_act or 0)
    defended = policy.every_holding(first)[1]
    policy.defend = False
    assert np.array_equal(policy.every_holding(first)[1], defended)


def test_the_cfr_bot_plays_the_shipped_strategies_with_minimum_defence() -> None:
    """Minimum defence is the ``cfr`` bot's play (it cut LBR's win by 327 mbb/hand over
    9,000 deals at 100 big blinds); the strategy as solved is still one argument away."""
    from pokerroom.players.cfr import shipped_no_limit_policy

    assert shipped_no_limit_policy().defend is True
    assert NoLimitPolicy.shipped().defend is True
    assert NoLimitPolicy.shipped(defend=False).defend is False


def _one_by_one(policy: NoLimitPolicy, view: PlayerView) -> dict[int, list[int]]:
    """The holdings by the node their own reads lead to, each holding walked alone with
    every draw made afresh (no draw kept): what the grouped, cached walk must give."""
    played, node, hu = policy.locate(view)
    tree = played.tree
    board = {int(c) for c in hu.board}
    out: dict[int, list[int]] = {}
    for index in range(COMBO_COUNT):
        hole = tuple(int(c) for c in combo_cards(index))
        if board & set(hole):
            continue
        policy._draws.clear()
        try:
            where = policy._walk(played, hu, hole)[0]
        except OutsideStrategy:
            where = node
        if int(tree.public.kind[where]) != int(tree.public.kind[node]) or (
            tree.street[where] != tree.street[node]
        ):
            where = node
        out.setdefault(where, []).append(index)
    return out


def _off_tree_spots(seed: int, big_blinds: int, count: int) -> list[PlayerView]:
    """Views facing a bet after random betting of any size (mostly off the tree)."""
    rules = Rules.preset("no-limit", blinds=(50, 100), buy_in=100 * big_blinds)
    rng = random.Random(seed)
    spots: list[PlayerView] = []
    while len(spots) < count:
        hand = Hand(rules, [100 * big_blinds] * 2, button=0, rng=random.Random(rng.random()))
        while hand.to_act is not None and len(spots) < count:
            view = hand.view(hand.to_act)
            if most_to_fold(view) is not None and rng.random() < 0.5:
                spots.append(view)
            legal = hand.legal_actions()
            kinds = [k for k in legal.kinds if k is not ActionKind.FOLD]
            kind = rng.choice(kinds)
            if kind in (ActionKind.BET, ActionKind.RAISE):
                pot = sum(view.committed)  # bets of a tenth of the pot to about 1.5 pots
                to = view.bets[1 - view.seat] + round(pot * rng.uniform(0.1, 1.5))
                hand.apply(Action(kind, min(max(to, legal.min_to), legal.max_to)))
            else:
                hand.apply(Action(kind))
    return spots


@pytest.mark.parametrize(("seed", "big_blinds"), [(1, 100), (2, 200)])
def test_the_grouped_cached_walk_reads_every_holding_as_a_walk_of_its_own(
    policy: NoLimitPolicy, seed: int, big_blinds: int
) -> None:
    """After off-tree bets every holding's node (each draws its own translation) comes
    from one walk of the betting for all holdings, the draws kept for the hand; it must
    equal each holding walked alone with fresh draws, nodes in the same order (the order
    of the actions :meth:`every_holding` gives).  And the defended answers with the kept
    draws and answers equal those computed with nothing kept."""
    depth = min(DEPTHS, key=lambda d: abs(d - big_blinds))
    strategies = [policy.played(DEPTHS[0]).strategy]
    if depth != DEPTHS[0]:
        strategies.append(NoLimitStrategy.load(shipped_no_limit(depth)))
    both = NoLimitPolicy(strategies, defend=True)
    split = 0
    for view in _off_tree_spots(seed, big_blinds, 8):
        if both.covers(view) is not None:
            continue
        played, node, hu = both.locate(view)
        board = tuple(int(c) for c in hu.board)
        both._draws.clear()
        grouped = both._nodes(played, node, hu, board)
        again = both._nodes(played, node, hu, board)  # the draws kept
        alone = _one_by_one(both, view)
        assert list(grouped.items()) == list(alone.items())
        assert list(again.items()) == list(alone.items())
        split += len(grouped) > 1
        warm = both.every_holding(view)
        both._draws.clear()
        both._memo.clear()
        cold = both.every_holding(view)
        assert warm[0] == cold[0] and np.array_equal(warm[1], cold[1])
    assert split >= 2  # the draws split the holdings in several spots
