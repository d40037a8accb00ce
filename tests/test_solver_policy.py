"""The shipped strategies, and the policy that plays them from engine views."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import Action, Hand, Street, stacked_deck
from pokerroom.rules import Rules
from pokerroom.solver.betting import betting_tree
from pokerroom.solver.files import SHIPPED, shipped_strategy
from pokerroom.solver.policy import OutsideStrategy, Policy
from pokerroom.solver.strategy import Strategy


@pytest.fixture(scope="module", params=SHIPPED)
def policy(request: pytest.FixtureRequest) -> Policy:
    return Policy.shipped(request.param)


def test_shipped_strategies_are_small_and_solved_far() -> None:
    for preset in SHIPPED:
        path = shipped_strategy(preset)
        assert path.stat().st_size < 4_000_000
        strategy = Strategy.load(path)
        first, last = strategy.history[0], strategy.history[-1]
        assert last[1] < first[1] / 10  # exploitability fell by more than ten times
        assert last[1] < 5.0  # under 5 mbb/h from an equilibrium of the abstract game


def test_shipped_trees_are_the_engines(policy: Policy) -> None:
    """The betting tree stored with a strategy is the one the engine gives today."""
    fresh = betting_tree(policy.rules)
    stored = policy.tree
    assert stored.kind == fresh.kind and stored.parent == fresh.parent
    assert stored.event == fresh.event and stored.committed == fresh.committed
    assert [list(map(str, a)) for a in stored.actions] == [list(map(str, a)) for a in fresh.actions]
    assert stored.payoff == fresh.payoff and stored.most == fresh.most


def test_policy_plays_only_legal_actions_on_real_hands(policy: Policy) -> None:
    rules = Rules.preset("casino-limit" if policy.rules.blinds == (1, 2) else "computer-tournament")
    rng = random.Random(21)
    decisions = 0
    streets = set()
    for i in range(120):
        hand = Hand(rules, [rules.buy_in] * 2, button=i % 2, rng=rng)
        while hand.to_act is not None and hand.street is not Street.SHOWDOWN:
            view = hand.view(hand.to_act)
            decision = policy.decide(view)
            assert all(a in view.legal for a in decision.actions)  # type: ignore[operator]
            assert sum(decision.probabilities) == pytest.approx(1.0)
            assert all(p >= 0 for p in decision.probabilities)
            hand.apply(decision.sample(rng))
            decisions += 1
            streets.add(view.street)
    assert decisions > 200
    assert streets == {Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER}


def test_strong_hands_raise_more_than_weak_ones() -> None:
    policy = Policy.shipped("casino-limit")
    rules = Rules.preset("casino-limit")

    def raise_probability(hole: str) -> float:
        deck = stacked_deck([parse_cards(hole), None], (), button=0, burn_cards=True)
        hand = Hand(rules, [100, 100], button=0, deck=deck)
        decision = policy.decide(hand.view(0))
        assert decision.actions[-1] == Action.raise_to(4)
        return decision.probabilities[-1]

    assert raise_probability("As Ad") > 0.5
    assert raise_probability("As Ad") > raise_probability("7c 2d")


def test_views_outside_the_strategy_are_named() -> None:
    policy = Policy.shipped("casino-limit")
    rng = random.Random(2)
    three = Hand(Rules.preset("casino-limit"), [100] * 3, rng=rng)
    assert policy.covers(three.view(three.to_act)) == "3 players: the strategy is for heads-up play"  # type: ignore[arg-type]
    other = Hand(Rules.preset("casino-limit", small_bet=4, big_bet=8, blinds=(2, 4)), [100] * 2,
                 rng=rng)  # fmt: skip
    reason = policy.covers(other.view(other.to_act))  # type: ignore[arg-type]
    assert reason is not None and "units is (4, 4, 8, 8) here, (2, 2, 4, 4)" in reason
    nolimit = Hand(Rules.preset("no-limit"), [100] * 2, rng=rng)
    assert "structure" in (policy.covers(nolimit.view(nolimit.to_act)) or "")  # type: ignore[arg-type]
    short = Hand(Rules.preset("casino-limit"), [30, 100], rng=rng)
    assert "has 30 chips in all" in (policy.covers(short.view(short.to_act)) or "")  # type: ignore[arg-type]
    hand = Hand(Rules.preset("casino-limit"), [100] * 2, rng=rng)
    waiting = 1 - hand.to_act  # type: ignore[operator]
    assert policy.covers(hand.view(waiting)) == f"seat {waiting} is not to act"
    with pytest.raises(OutsideStrategy, match="3 players"):
        policy.decide(three.view(three.to_act))  # type: ignore[arg-type]
    with pytest.raises(OutsideStrategy, match="no strategy ships for 'no-limit'"):
        Policy.shipped("no-limit")


def test_strategy_round_trips_through_a_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    strategy = Strategy.load(shipped_strategy("casino-limit"))
    path = tmp_path / "s.npz"
    strategy.save(path)
    again = Strategy.load(path)
    assert again.rules == strategy.rules and again.iterations == strategy.iterations
    for a, b in zip(again.probabilities, strategy.probabilities, strict=True):
        assert np.array_equal(a, b)
    assert again.tree.event == strategy.tree.event
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a strategy")
    from pokerroom.solver.strategy import StrategyError

    with pytest.raises(StrategyError, match="not a strategy file"):
        Strategy.load(bad)
