"""Local best response: its showdown chances against the equity module, its action values
against the engine's payouts, the blinds it wins from a player who always folds (the
known 750 mbb/hand), a solved strategy's ranges against the policy one view at a time,
and a black box's sampled ranges against the strategy they estimate."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest

from pokerroom.cards import Card
from pokerroom.engine import (
    Action,
    ActionKind,
    EventKind,
    Hand,
    PlayerView,
    Street,
    stacked_deck,
)
from pokerroom.evaluator import hand_value
from pokerroom.players import CFRBot, Player, Runner
from pokerroom.players.cfr import shipped_policy
from pokerroom.players.lbr import LocalBestResponse, Showdowns, action_values
from pokerroom.players.lbr.models import (
    SampledRange,
    StrategyRange,
    Uniform,
    Watched,
    replay_public,
)
from pokerroom.rules import Rules
from pokerroom.solver.betting import BETTING_EVENTS, fixed_actions
from pokerroom.solver.strength import combos
from pokerroom.table import Table

LIMIT = Rules.preset("casino-limit")
_K = ActionKind


def spot(rng: random.Random, street: Street, rules: Rules = LIMIT) -> Hand:
    """A heads-up hand played at random (never folding) until a decision on ``street``."""
    while True:
        hand = Hand(rules, [rules.buy_in] * 2, button=rng.randrange(2), rng=rng)
        while hand.to_act is not None and hand.street < street:
            kinds = [a for a in fixed_actions(hand.legal_actions()) if a.kind is not _K.FOLD]
            hand.apply(rng.choice(kinds))
        if hand.to_act is not None and hand.street == street:
            return hand


def random_weights(rng: random.Random, seen: set[int]) -> np.ndarray:
    pairs, _ = combos()
    w = np.array([0.0 if {int(a), int(b)} & seen else rng.random() for a, b in pairs])
    return w


@pytest.mark.parametrize("street", [Street.FLOP, Street.TURN, Street.RIVER])
def test_showdown_chances_are_the_evaluators(street: Street) -> None:
    """Against a weighted range, the chance to win over every runout, by the scalar
    evaluator one deal at a time (on the flop, against 25 of the hands)."""
    rng = random.Random(int(street))
    pairs, _ = combos()
    for _ in range(2):
        view = spot(rng, street).view(0)
        hole = [int(c) for c in view.hole]
        board = [int(c) for c in view.board]
        w = random_weights(rng, set(hole) | set(board))
        if street == Street.FLOP:
            keep = set(rng.sample(list(np.flatnonzero(w)), 25))
            w = np.array([x if i in keep else 0.0 for i, x in enumerate(w)])
        mine = Showdowns(hole, board, np.random.default_rng(1)).against(w)
        won = total = 0.0
        for i in np.flatnonzero(w):
            theirs = [int(c) for c in pairs[i]]
            rest = [c for c in range(52) if c not in {*hole, *board, *theirs}]
            for more in combinations(rest, 5 - len(board)):
                full = [*board, *more]
                a, b = hand_value(hole, full), hand_value(theirs, full)
                won += w[i] * ((a > b) + 0.5 * (a == b))
                total += w[i]
        assert mine == pytest.approx(won / total, abs=1e-9)


def test_pre_flop_showdown_chances_are_sampled_close_to_the_truth() -> None:
    aces = Showdowns([48, 49], [], np.random.default_rng(2), samples=2000)
    assert aces.against(np.ones(1326)) == pytest.approx(0.8520, abs=0.01)  # AA: 85.2%
    offsuit = Showdowns([20, 1], [], np.random.default_rng(3), samples=2000)  # 7c 2d
    assert offsuit.against(np.ones(1326)) == pytest.approx(0.3458, abs=0.015)


def _payout(view: PlayerView, opponent_hole: tuple[int, int], action: Action,
            rivers: list[int]) -> float:  # fmt: skip
    """What ``view``'s seat gets from now on by playing ``action``, the opponent holding
    ``opponent_hole`` and both checking or calling after it, averaged over ``rivers``
    (the board's last card when the view is on the turn), by the engine."""
    me, other = view.seat, 1 - view.seat
    total = 0.0
    for river in rivers:
        holes: list[list[int]] = [[], []]
        holes[me] = [int(c) for c in view.hole]
        holes[other] = list(opponent_hole)
        board = [int(c) for c in view.board] + ([river] if river >= 0 else [])
        hand = replay_public(replace(view, board=tuple(Card(c) for c in board)), holes)
        hand.apply(action, seat=me)
        while not hand.is_over and hand.street is not Street.SHOWDOWN:
            hand.apply(Action.call() if hand.legal_actions().call else Action.check())
        if not hand.is_over:
            hand.settle()
        assert hand.result is not None
        total += hand.result.stacks[me] - view.stacks[me]
    return total / len(rivers)


@pytest.mark.parametrize("street", [Street.TURN, Street.RIVER])
def test_action_values_are_the_engines_payouts(street: Street) -> None:
    """Against a range and a chance of folding per hand, each action's value is what the
    engine pays, hand by hand, when both check or call after it."""
    rng = random.Random(10 + int(street))
    pairs, _ = combos()
    checked = 0
    for _ in range(2):
        hand = spot(rng, street)
        view = hand.view(hand.to_act)  # type: ignore[arg-type]
        seen = {int(c) for c in (*view.hole, *view.board)}
        w = random_weights(rng, seen)
        keep = [i for i in np.flatnonzero(w) if rng.random() < (1.0 if street == Street.RIVER
                                                                 else 0.025)]  # fmt: skip
        w = np.where(np.isin(np.arange(1326), keep), w, 0.0)
        fold = np.array([rng.random() for _ in range(1326)])
        folds = {a: fold for a in fixed_actions(view.legal) if a.kind in (_K.BET, _K.RAISE)}  # type: ignore[arg-type]
        shown = Showdowns([int(c) for c in view.hole], [int(c) for c in view.board],
                          np.random.default_rng(0))  # fmt: skip
        values = action_values(view, w, shown, folds)
        for action, value in values:
            expected = 0.0
            for i in keep:
                hole = (int(pairs[i][0]), int(pairs[i][1]))
                rivers = (
                    [-1]
                    if street == Street.RIVER
                    else [c for c in range(52) if c not in seen and c not in hole]
                )
                paid = 0.0 if action.kind is _K.FOLD else _payout(view, hole, action, rivers)
                if action in folds:
                    paid = fold[i] * view.pot + (1 - fold[i]) * paid
                expected += w[i] * paid
            expected /= w[keep].sum()
            assert value == pytest.approx(expected, abs=1e-9), str(action)
            checked += 1
    assert checked >= 4


class AlwaysFold(Player):
    """Checks when it can, else folds (001's straddler folds instead of straddling)."""

    name = "always-fold"

    def act(self, view: PlayerView, budget: float) -> Action:
        assert view.legal is not None
        return Action.check() if _K.CHECK in view.legal.kinds else Action.fold()


@pytest.mark.parametrize(("preset", "mbb"), [("casino-limit", 750.0),
                                             ("computer-tournament", 450.0)])  # fmt: skip
@pytest.mark.parametrize("black_box", [False, True])
def test_lbr_wins_the_blinds_from_a_player_who_always_folds(
    preset: str, mbb: float, black_box: bool
) -> None:
    """The best response to always-fold raises every hand and wins what the other seat
    posted: 1.5 chips a hand under casino-limit (750 mbb/hand), 4.5 under 001's ante,
    button blind and straddle (450 mbb/hand)."""
    rules = Rules.preset(preset)
    folder: Player = AlwaysFold()
    if black_box:
        folder = watched = Watched(AlwaysFold())
        lbr = LocalBestResponse(SampledRange(watched, samples=8, seed=1), seed=1)
    else:
        lbr = LocalBestResponse(Uniform(folds=1.0), seed=1)
    table = Table(rules, 2, rng=random.Random(3), reset_stacks=True, max_hands=40)
    result = Runner(table, [lbr, folder]).play()
    assert result.faults == () and result.hands == 40
    assert 1000 * result.totals[0] / 40 / rules.big_blind == mbb


@pytest.mark.parametrize("preset", ["casino-limit", "computer-tournament"])
def test_a_strategys_range_is_the_product_of_the_policys_answers(preset: str) -> None:
    """The range over all hands at once (vectorised buckets) against the policy's answers
    one view at a time, replaying the hand with each opponent hand."""
    policy = shipped_policy(preset)
    model = StrategyRange(policy)
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    pairs, _ = combos()
    checked = 0
    for street in (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER):
        hand = spot(rng, street, rules)
        view = hand.view(hand.to_act)  # type: ignore[arg-type]
        model.new_hand()
        weights = model.range(view)
        me, other = view.seat, 1 - view.seat
        seen = {int(c) for c in (*view.hole, *view.board)}
        free = [i for i in range(1326) if not seen & {int(c) for c in pairs[i]}]
        for i in rng.sample(free, 12):
            holes: list[list[int]] = [[], []]
            holes[me] = [int(c) for c in view.hole]
            holes[other] = [int(c) for c in pairs[i]]
            # deal the hand again with those cards and ask the policy at each of the
            # opponent's turns the chance of what it did
            deck = stacked_deck(holes, [int(c) for c in view.board], button=view.button,
                                burn_cards=rules.burn_cards)  # fmt: skip
            stacks = [s + c for s, c in zip(view.stacks, view.committed, strict=True)]
            again = Hand(rules, stacks, button=view.button, deck=deck)
            product = 1.0
            for e in view.events:
                if e.kind not in BETTING_EVENTS:
                    continue
                taken = _taken(e.kind, e.total)
                if e.seat == other:
                    decision = policy.decide(again.view(other))
                    product *= decision.probabilities[decision.actions.index(taken)]
                again.apply(taken, seat=e.seat)
            assert weights[i] == pytest.approx(product, rel=1e-6, abs=1e-12)
            checked += 1
    assert checked == 48


def _taken(kind: EventKind, total: int) -> Action:
    if kind is EventKind.BET:
        return Action.bet(total)
    if kind in (EventKind.RAISE, EventKind.STRADDLE):
        return Action.raise_to(total)
    return Action(ActionKind(kind.value))


SAMPLES = 200


def test_a_black_box_range_estimates_the_strategy() -> None:
    """The cfr bot as a black box: the share of sampled hands its copies keep in the
    range, and of those that fold to a raise, against the strategy's own numbers."""
    policy = shipped_policy("casino-limit")
    exact = StrategyRange(policy)
    rng = random.Random(4)
    differences = []
    for _ in range(3):
        bot = CFRBot(seed=rng.randrange(1000))
        watched = Watched(bot)
        sampled = SampledRange(watched, samples=SAMPLES, seed=rng.randrange(1000))
        hand = Hand(LIMIT, [200, 200], button=0, rng=rng)
        hand.apply(watched.act(hand.view(0), 1.0))  # the bot (button) acts first
        if hand.to_act != 1:
            continue
        view = hand.view(1)
        seen = {int(c) for c in view.hole}
        pairs, _ = combos()
        free = np.array([not seen & {int(a), int(b)} for a, b in pairs])
        share_exact = float(exact.range(view)[free].mean())
        share_sampled = float((sampled.range(view) > 0).sum()) / SAMPLES
        assert abs(share_exact - share_sampled) < 4 * np.sqrt(0.25 / SAMPLES), (
            share_exact,
            share_sampled,
        )
        raise_ = [a for a in fixed_actions(view.legal) if a.kind is _K.RAISE]  # type: ignore[arg-type]
        if raise_:
            w = exact.range(view) * free
            f_exact = float(w @ exact.folds(view, raise_[0])) / float(w.sum())
            kept = sampled.range(view)
            f_sampled = float(kept @ sampled.folds(view, raise_[0])) / max(1.0, float(kept.sum()))
            differences.append(abs(f_exact - f_sampled))
            assert abs(f_exact - f_sampled) < 4 * np.sqrt(0.25 / max(1.0, float(kept.sum())))
    assert differences


def test_watched_keeps_no_hole_cards() -> None:
    watched = Watched(CFRBot(seed=1))
    hand = Hand(LIMIT, [200, 200], button=0, rng=random.Random(1))
    action = watched.act(hand.view(0), 1.0)
    ((seen, before, taken),) = watched.decisions
    assert seen.hole == () and taken == action and isinstance(before, CFRBot)
    assert before is not watched.player
