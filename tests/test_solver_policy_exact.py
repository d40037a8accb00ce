"""The fixed-limit policy's exact answers: every refusal in full with its kind, a decision
as a mapping and its draws, the description, a strategy's table normalised bucket by
bucket (uniform where a bucket has no weight), worked out by hand from the rules and the
strategies' shapes; written from the mutation part ``solverpolicy``'s survivors."""

from __future__ import annotations

import dataclasses
import random
import warnings

import numpy as np
import pytest

from pokerroom.engine import Action, Event, Hand, PlayerView, Street
from pokerroom.engine.actions import ActionKind, LegalActions
from pokerroom.engine.events import EventKind
from pokerroom.rules import Rules
from pokerroom.solver.policy import (
    Decision,
    OutsideStrategy,
    Policy,
    betting_differences,
    heads_up,
    outside,
)
from pokerroom.solver.strategy import decision_rows
from pokerroom.table import Table
from policy_refusals import refusal as _refusal
from table_helpers import play_passively

LIMIT = Rules.preset("casino-limit")


@pytest.fixture(scope="module")
def policy() -> Policy:
    return Policy.shipped("casino-limit")


def _first(stacks: list[int] | None = None, rules: Rules = LIMIT) -> PlayerView:
    """The first decision of a heads-up hand, the button (seat 0, the small blind) to act."""
    hand = Hand(rules, stacks or [100, 100], button=0, rng=random.Random(3))
    assert hand.to_act == 0
    return hand.view(0)


def test_the_policy_refuses_what_it_does_not_cover_in_full(policy: Policy) -> None:
    """Each refusal's whole message and kind.  Casino limit's tree: 2 and 4 chips a bet,
    three raises a round, so a player puts in at most 4 x 2 + 4 x 2 + 4 x 4 + 4 x 4 = 48."""
    three = Hand(LIMIT, [100] * 3, button=0, rng=random.Random(3))
    assert _refusal(policy, three.view(three.to_act)) == (  # type: ignore[arg-type]
        "3 players: the strategy is for heads-up play", "players")
    # three seats dealt in, one of them with as many chips behind as it has put in
    view = three.view(three.to_act)  # type: ignore[arg-type]
    even = dataclasses.replace(view, stacks=(*view.stacks[:2], view.committed[2]))
    assert even.committed[2] > 0
    assert _refusal(policy, even) == ("3 players: the strategy is for heads-up play", "players")
    dearer = Rules.preset("casino-limit", small_bet=4, big_bet=8, blinds=(2, 4))
    assert _refusal(policy, _first(rules=dearer)) == (
        "other rules than the strategy's (fixed limit 2/4, blinds 1/2, raise cap 3): "
        "units is (4, 4, 8, 8) here, (2, 2, 4, 4) in the strategy; "
        "blinds is (2, 4) here, (1, 2) in the strategy", "rules")
    view = _first()
    assert _refusal(policy, dataclasses.replace(view, seat=1, hole=())) == (
        "seat 1 is not to act", "turn")
    assert _refusal(policy, dataclasses.replace(view, legal=None)) == (
        "seat 0 is not to act", "turn")
    assert _refusal(policy, dataclasses.replace(view, hole=view.hole[:1])) == (
        "seat 0 holds 1 cards, not 2", "cards")
    assert _refusal(policy, _first([30, 100])) == (
        "seat 0 has 30 chips in all; the strategy's tree needs 48 from here "
        "(a player could be all-in)", "stacks")
    assert _refusal(policy, _first([100, 47])) == (
        "seat 1 has 47 chips in all; the strategy's tree needs 48 from here "
        "(a player could be all-in)", "stacks")
    assert policy.locate(_first([48, 48])) == 0  # exactly enough
    # the big blind's call: an event the tree does not have at the start
    call = Event(EventKind.CALL, view.street, seat=1, amount=0)
    assert _refusal(policy, dataclasses.replace(view, events=(*view.events, call))) == (
        "the tree lacks the other player's call after the deal (there: the button's fold, "
        "the button's call, the button's raise)", "betting")
    # legal actions that are not the tree's (a view the engine would not make)
    forged = dataclasses.replace(view, legal=LegalActions(
        0, view.street, (ActionKind.FOLD, ActionKind.CALL), to_call=1, call=1))
    assert _refusal(policy, forged) == (
        "the legal actions (fold, call 1) are not the tree's (fold, call, raise to 4)",
        "actions")
    with pytest.raises(OutsideStrategy) as caught:
        Policy.shipped("no-limit")
    assert str(caught.value) == (
        "no strategy ships for 'no-limit' (strategies: casino-limit, computer-tournament)")
    assert caught.value.kind == "preset"
    assert OutsideStrategy("why").kind == "rules"


def test_a_view_whose_betting_is_the_other_players_turn_is_refused(policy: Policy) -> None:
    """The button called; the big blind's view without that call is at the tree's root,
    where the button acts."""
    hand = Hand(LIMIT, [100, 100], button=0, rng=random.Random(3))
    hand.apply(Action.call())
    view = hand.view(1)
    before = dataclasses.replace(view, events=view.events[:-1])
    assert _refusal(policy, before) == (
        "the betting so far () is not seat 1's turn in the tree", "betting")
    assert policy.tree.path(policy.locate(view)) == "c"


def test_outside_is_the_reason_or_none() -> None:
    def refuse(view: PlayerView) -> object:
        raise OutsideStrategy("no reason at all", "turn")

    assert outside(refuse, _first()) == "no reason at all"
    assert outside(lambda view: 7, _first()) is None


def test_the_rules_that_change_the_game_are_named() -> None:
    """Trailing zero blinds are no blind; an ante is."""
    assert betting_differences(LIMIT, LIMIT) == []
    assert betting_differences(LIMIT, LIMIT.replace(blinds=(1, 2, 0))) == []
    assert betting_differences(LIMIT, LIMIT.replace(antes=1)) == [
        "antes is (1, 1) here, (0, 0) in the strategy"]


def test_a_decision_maps_and_draws_with_its_probabilities() -> None:
    actions = (Action.fold(), Action.call(), Action.raise_to(4))
    decision = Decision(actions, (0.25, 0.75, 0.0), 5, "c")
    assert decision.as_dict() == {Action.fold(): 0.25, Action.call(): 0.75,
                                  Action.raise_to(4): 0.0}  # fmt: skip
    rng = random.Random(1)
    draws = [decision.sample(rng) for _ in range(400)]
    assert Action.raise_to(4) not in draws
    # random.Random(1)'s draws: 400 uniforms, a fold where one is below 1/4
    rng = random.Random(1)
    folds = sum(rng.random() < 0.25 for _ in range(400))
    assert draws.count(Action.fold()) == folds
    only = Decision(actions, (0.0, 0.0, 1.0), 5, "c")
    assert {only.sample(rng) for _ in range(50)} == {Action.raise_to(4)}
    # a decision whose probabilities do not match its actions is not silently cut short
    with pytest.raises(ValueError, match="zip"):
        Decision(actions, (0.25, 0.75), 5, "c").as_dict()


def test_the_description_names_the_buckets_iterations_and_distance(policy: Policy) -> None:
    s = policy.strategy
    solved = Policy(dataclasses.replace(s, iterations=1234, method="cfr+",
                                        history=((2, 9.96, 1.0), (4, 12.34, 2.0))))  # fmt: skip
    assert solved.description == (
        "CFR strategy for heads-up fixed limit 2/4, blinds 1/2, raise cap 3: buckets "
        "169,128,128,128, 1,234 iterations of cfr+, 12.3 mbb/h from equilibrium in the "
        "abstract game")
    bare = Policy(dataclasses.replace(s, iterations=4, method="dcfr", history=()))
    assert bare.description == (
        "CFR strategy for heads-up fixed limit 2/4, blinds 1/2, raise cap 3: buckets "
        "169,128,128,128, 4 iterations of dcfr in the abstract game")


def test_a_table_is_normalised_bucket_by_bucket(policy: Policy) -> None:
    """At the root (fold, call, raise), bucket 0 given weights 1, 3, 0 reads 1/4, 3/4, 0;
    bucket 1 given none reads 1/3 each (without dividing by zero); bucket 2 given 0, 0, 2
    reads 0, 0, 1 and bucket 3 given 1/4, 1/4, 0 reads 1/2, 1/2, 0."""
    s = policy.strategy
    rows, _ = decision_rows(s.tree)
    preflop = s.probabilities[0].copy()
    preflop[rows[0], :, 0] = (1.0, 3.0, 0.0)
    preflop[rows[0], :, 1] = 0.0
    preflop[rows[0], :, 2] = (0.0, 0.0, 2.0)
    preflop[rows[0], :, 3] = (0.25, 0.25, 0.0)  # weights under 1 are scaled up too
    changed = Policy(dataclasses.replace(s, probabilities=(preflop, *s.probabilities[1:])))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no division by zero for the bucket without weight
        table = changed.table(0)
    assert table.dtype == np.float64 and table.shape == (3, 169)
    assert table[:, 0].tolist() == [0.25, 0.75, 0.0]
    assert table[:, 1].tolist() == [1 / 3, 1 / 3, 1 / 3]
    assert table[:, 2].tolist() == [0.0, 0.0, 1.0]
    assert table[:, 3].tolist() == [0.5, 0.5, 0.0]
    # a decision of two actions (check or bet: the big blind after the button's call)
    node = policy.tree.follow([(0, EventKind.CALL)])
    assert len(policy.tree.actions[node]) == 2
    preflop[rows[node], :, 0] = (0.0, 0.0, 5.0)  # the padding is not read
    changed = Policy(dataclasses.replace(s, probabilities=(preflop, *s.probabilities[1:])))
    assert changed.table(node)[:, 0].tolist() == [0.5, 0.5]


def _down_to_two() -> Table:
    """A casino-limit table of three where seat 1 (one chip) is out, the next hand dealt:
    seat 2 is the button and small blind, seat 0 the big blind."""
    table = Table(LIMIT, [200, 1, 200], rng=random.Random(3))
    play_passively(table, lambda: not table.in_hand and table.out[1])
    table.start_hand()
    return table


def test_a_table_down_to_two_is_renumbered_field_by_field() -> None:
    """Seat 0 stays 0, seat 2 becomes 1, seat 1 (out) is left out; everything else as the
    table's view has it."""
    table = _down_to_two()
    assert table.to_act == 2 and table.stacks == (196, 0, 202)
    view = table.view(2)
    small = heads_up(view)
    assert small == PlayerView(
        rules=LIMIT, seat=1, button=1, street=Street.PREFLOP, hole=view.hole, board=(),
        stacks=(196, 202), bets=(2, 1), committed=(2, 1), folded=(False, False),
        all_in=(False, False), shown=(None, None), to_act=1,
        legal=LegalActions(1, Street.PREFLOP, (ActionKind.FOLD, ActionKind.CALL,
                                               ActionKind.RAISE),
                           to_call=1, call=1, min_to=4, max_to=4),
        events=small.events, result=None, to_match=2,
    )  # fmt: skip
    assert [e.seat for e in view.events] == [2, 0, 0, 2]
    assert [e.seat for e in small.events] == [1, 0, 0, 1]
    assert [e._replace(seat=0) for e in small.events] == [e._replace(seat=0) for e in view.events]
    table.apply(Action.raise_to(4))
    view = table.view(0)
    small = heads_up(view)
    assert (small.seat, small.button, small.to_act) == (0, 1, 0)
    assert small.legal == LegalActions(0, Street.PREFLOP, (ActionKind.FOLD, ActionKind.CALL,
                                                           ActionKind.RAISE),
                                       to_call=2, call=2, min_to=6, max_to=6)  # fmt: skip
    assert (small.stacks, small.bets, small.committed, small.to_match) == (
        (196, 199), (2, 4), (2, 4), 4)
    assert [(e.seat, e.kind) for e in small.events][-1] == (1, EventKind.RAISE)
    # the seat that is out sees the hand as no seat of it, and is not to act
    out = heads_up(table.view(1))
    assert (out.seat, out.to_act, out.legal) == (-1, 0, None)
    # the button re-raises to 8, the cap (4 bets): the big blind may not raise, and why
    table.apply(Action.raise_to(6))
    table.apply(Action.raise_to(8))
    capped = table.view(0)
    assert capped.legal is not None and capped.legal.why != ""
    small = heads_up(capped)
    assert small.legal is not None and small.legal.kinds == (ActionKind.FOLD, ActionKind.CALL)
    assert (small.legal.why, small.legal.values) == (capped.legal.why, ())
    # a seat with fewer chips behind than it has put in is still dealt in
    short = dataclasses.replace(capped, stacks=(1, 0, 192), committed=(6, 0, 8))
    assert heads_up(short).players == 2
    # once the hand is over no seat is to act, in either numbering
    table.apply(Action.fold())
    over = heads_up(table.view(0))
    assert (over.players, over.seat, over.to_act, over.legal) == (2, 0, None, None)


def test_a_table_of_three_dealt_in_is_not_renumbered() -> None:
    hand = Hand(LIMIT, [100, 100, 100], button=0, rng=random.Random(3))
    view = hand.view(hand.to_act)  # type: ignore[arg-type]
    assert heads_up(view) is view
    # one of them with a single chip in all (its stack and what it put in)
    table = Table(LIMIT, [200, 1, 200], rng=random.Random(3))
    table.start_hand()
    view = table.view(table.to_act)  # type: ignore[arg-type]
    assert sorted(s + c for s, c in zip(view.stacks, view.committed, strict=True))[0] == 1
    assert heads_up(view) is view
    two = _first()
    assert heads_up(two) is two


def test_a_decision_says_where_the_view_fell(policy: Policy) -> None:
    """The big blind after the button's call: betting ``c``, its hole cards' preflop
    bucket, the table's column of that bucket."""
    hand = Hand(LIMIT, [100, 100], button=0, rng=random.Random(3))
    hand.apply(Action.call())
    view = hand.view(1)
    decision = policy.decide(view)
    hole = (int(view.hole[0]), int(view.hole[1]))
    bucket = policy.strategy.abstraction.bucket(hole, ())
    assert (decision.betting, decision.bucket) == ("c", bucket)
    assert [str(a) for a in decision.actions] == ["check", "raise to 4"]
    node = policy.tree.follow([(0, EventKind.CALL)])
    assert decision.probabilities == tuple(policy.table(node)[:, bucket].tolist())
