"""The shipped strategies, and the policy that plays them from engine views."""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import Action, Hand, PlayerView, Street, stacked_deck
from pokerroom.ranges import combo_index
from pokerroom.rules import Rules
from pokerroom.solver.betting import betting_tree
from pokerroom.solver.files import SHIPPED, data_dir, shipped_strategy
from pokerroom.solver.policy import OutsideStrategy, Policy
from pokerroom.solver.strategy import Strategy, decision_rows
from pokerroom.solver.strength import combos
from table_helpers import heads_up_hands, play_passively

LIMIT_BUCKETS = (169, 128, 128, 128)


@pytest.fixture(scope="module", params=SHIPPED)
def policy(request: pytest.FixtureRequest) -> Policy:
    return Policy.shipped(request.param)


def test_shipped_strategies_are_small_and_solved_far() -> None:
    for preset in SHIPPED:
        path = shipped_strategy(preset)
        assert path.stat().st_size < 6_000_000
        strategy = Strategy.load(path)
        first, last = strategy.history[0], strategy.history[-1]
        if strategy.method == "dealt":
            # solved on real deals: the history is the regret per deal, which falls about
            # as one over the square root of the iterations (from 250 to 5,000: 8.9 times)
            assert last[0] >= 5000 and last[1] < first[1] / 8
        else:
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

    def choose(view: PlayerView) -> Action:
        decision = policy.decide(view)
        assert all(a in view.legal for a in decision.actions)  # type: ignore[operator]
        assert sum(decision.probabilities) == pytest.approx(1.0)
        assert all(p >= 0 for p in decision.probabilities)
        return decision.sample(rng)

    decisions, streets = heads_up_hands(rules, rng, 120, choose)
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


@pytest.mark.parametrize(
    ("preset", "digest", "iterations"),
    [("casino-limit", "b3bf28c73498bee9", 600), ("computer-tournament", "162c4c69e1d209cb", 5000)],
)
def test_the_shipped_strategies_read_back_as_the_solver_wrote_them(
    preset: str, digest: str, iterations: int
) -> None:
    """Issue 37's strategies: buckets ``169,128,128,128``, every probability as the solver
    wrote it (the SHA-256 of the stored float16 arrays, recorded when each shipped), a
    distribution over the node's actions at every decision and bucket, nothing on the
    actions a node lacks; and all the package's strategy data within 50 MB."""
    strategy = Strategy.load(shipped_strategy(preset))
    assert strategy.abstraction.sizes == LIMIT_BUCKETS
    assert strategy.iterations == iterations == strategy.history[-1][0]
    h = hashlib.sha256()
    for p in strategy.probabilities:
        h.update(np.ascontiguousarray(p.astype(np.float16)).tobytes())
    assert h.hexdigest()[:16] == digest
    rows, counts = decision_rows(strategy.tree)
    widths = np.zeros((len(rows), 3), dtype=np.bool_)
    for node, row in enumerate(rows):
        if row >= 0:
            widths[node, : len(strategy.tree.actions[node])] = True
    for r, p in enumerate(strategy.probabilities):
        assert p.shape == (counts[r], 3, LIMIT_BUCKETS[r])
        assert np.allclose(p.astype(np.float64).sum(axis=1), 1.0, atol=2e-3)
        nodes = [n for n, row in enumerate(rows) if row >= 0 and strategy.tree.street[n] == r]
        mask = widths[nodes]  # the tree's node order is the file's row order
        assert not np.any(p[~mask])
    assert sum(f.stat().st_size for f in data_dir().iterdir()) <= 50_000_000


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


def test_reasons_have_a_kind() -> None:
    policy = Policy.shipped("casino-limit")
    rng = random.Random(4)
    three = Hand(Rules.preset("casino-limit"), [100] * 3, rng=rng)
    short = Hand(Rules.preset("casino-limit"), [30, 100], rng=rng)
    nolimit = Hand(Rules.preset("no-limit"), [100] * 2, rng=rng)
    kinds = []
    for hand in (three, short, nolimit):
        with pytest.raises(OutsideStrategy) as caught:
            policy.decide(hand.view(hand.to_act))  # type: ignore[arg-type]
        kinds.append(caught.value.kind)
    assert kinds == ["players", "stacks", "rules"]


def test_probabilities_of_every_hand_are_those_of_decide(policy: Policy) -> None:
    """The vector over all 1,326 hands (what a best responder reads) against the policy's
    answer one view at a time, on every street of real hands."""
    rules = policy.rules.replace(players=None)
    rng = random.Random(9)
    pairs, _ = combos()

    def choose(view: PlayerView) -> Action:
        board = tuple(int(c) for c in view.board)
        table = policy.probabilities(policy.locate(view), board)
        assert table.shape == (len(view.legal.kinds), 1326)  # type: ignore[union-attr]
        hole = tuple(int(c) for c in view.hole)
        column = table[:, combo_index(*hole)]
        assert column == pytest.approx(policy.decide(view).probabilities, abs=1e-6)
        dead = set(board)
        clash = np.array([bool({int(a), int(b)} & dead) for a, b in pairs])
        assert np.all(table[:, clash] == 0)
        assert np.allclose(table[:, ~clash].sum(axis=0), 1.0)
        return policy.decide(view).sample(rng)

    checked, streets = heads_up_hands(rules, rng, 40, choose)
    assert checked > 80 and len(streets) == 4


def test_a_table_down_to_two_players_is_heads_up() -> None:
    """Seats out of the game are left out of the view the strategy reads; seats keep
    their table numbers in what the policy says."""
    from pokerroom.solver.policy import heads_up
    from pokerroom.table import Table

    policy = Policy.shipped("casino-limit")
    table = Table(Rules.preset("casino-limit"), [200, 1, 200], rng=random.Random(3))
    table.start_hand(auto_showdown=True)
    assert policy.covers(table.turn_view()) == "3 players: the strategy is for heads-up play"
    play_passively(table, lambda: not table.in_hand and table.out[1])
    table.start_hand()
    view = table.view(table.to_act)  # type: ignore[arg-type]
    small = heads_up(view)
    assert view.players == 3 and small.players == 2 and heads_up(small) is small
    assert small.hole == view.hole and small.board == view.board
    assert small.stacks == (view.stacks[0], view.stacks[2])
    assert small.seat == (0 if view.seat == 0 else 1)
    assert {e.seat for e in small.events} <= {-1, 0, 1}
    assert policy.decide(view).probabilities == policy.decide(small).probabilities
    # a short stack is named by its table seat
    short = Table(Rules.preset("casino-limit"), [200, 1, 30], rng=random.Random(5))
    play_passively(short, lambda: not short.in_hand and short.out[1])
    assert not short.out[2] and short.stacks[2] < 48
    short.start_hand()
    assert (policy.covers(short.turn_view()) or "").startswith(
        f"seat 2 has {short.stacks[2] + short.hand.committed[-1]} chips in all"  # type: ignore[union-attr]
    )
