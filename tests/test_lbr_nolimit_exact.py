"""LBR against the no-limit ``cfr`` bot reading its strategies exactly
(:class:`~pokerroom.players.lbr.NoLimitRange`): the range it keeps is, for the cards the
bot really held, the product of the probabilities the bot gave each action it took as it
played them (its own views, off-tree bets translated as it translated them); for other
holdings, what the policy decides for that holding, one by one; and the chance of
folding to LBR's bet is the policy's, holding by holding."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from pokerroom.cards import Card
from pokerroom.engine import Action, ActionKind, Hand, PlayerView
from pokerroom.engine.deal import stacked_deck
from pokerroom.players import CFRBot, Runner
from pokerroom.players.cfr import shipped_no_limit_policy
from pokerroom.players.lbr import LocalBestResponse, NoLimitRange, lbr_actions
from pokerroom.players.lbr.models import event_action
from pokerroom.ranges import combo_index
from pokerroom.rules import Rules
from pokerroom.solver.betting import BETTING_EVENTS
from pokerroom.solver.policy import OutsideStrategy
from pokerroom.solver.strength import combos
from pokerroom.table import Table
from pokerroom.tournament.lbr import lbr_match

HUNL = Rules.preset("no-limit", blinds=(50, 100), buy_in=10_000)


class Recording(CFRBot):
    """The shipped no-limit ``cfr`` bot, keeping its hole cards and, for the hand in play,
    the product of the probabilities its strategy gave the actions it drew."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed=seed)
        self.hole: tuple[int, int] = (0, 0)
        self.product = 1.0
        self.decisions = 0

    def start_hand(self, hand: object) -> None:
        self.product = 1.0
        super().start_hand(hand)  # type: ignore[arg-type]

    def act(self, view: PlayerView, budget: float) -> Action:
        self.hole = (int(view.hole[0]), int(view.hole[1]))
        chances = _chances(view)
        action = super().act(view, budget)
        self.product *= 1.0 if chances is None else chances[action]
        self.decisions += 1
        return action


def _chances(view: PlayerView) -> dict[Action, float] | None:
    """The shipped policy's chance of each action at ``view``, or None where the hand has
    left its tree (a real bet read as its all-in, then more betting): there the bot plays
    another way and LBR's range is not narrowed."""
    try:
        return shipped_no_limit_policy().decide(view).as_dict()
    except OutsideStrategy:
        return None


def _brute_force(view: PlayerView, combo: int) -> tuple[float, dict[Action, float]]:
    """Had the opponent held ``combo``: the product of the probabilities the policy, asked
    for that holding alone at each of its decisions, gives the actions taken; and its
    chance of folding to each of LBR's bets and raises."""
    pairs, _ = combos()
    me, opponent = view.seat, 1 - view.seat
    holes: list[list[int]] = [[], []]
    holes[me] = [int(c) for c in view.hole]
    holes[opponent] = [int(c) for c in pairs[combo]]
    stacks = [s + c for s, c in zip(view.stacks, view.committed, strict=True)]
    deck = stacked_deck(holes, [int(c) for c in view.board], button=view.button,
                        burn_cards=view.rules.burn_cards)  # fmt: skip
    hand = Hand(view.rules, stacks, button=view.button, deck=deck)
    product = 1.0
    for e in view.events:
        if e.kind not in BETTING_EVENTS:
            continue
        action = event_action(e.kind, e.total)
        if e.seat == opponent:
            chances = _chances(hand.view(opponent))
            product *= 1.0 if chances is None else chances.get(action, 0.0)
        hand.apply(action, seat=e.seat)
    folds = {}
    for action in lbr_actions(view):
        if action.kind in (ActionKind.BET, ActionKind.RAISE):
            replayed = _replay(view, holes)
            replayed.apply(action, seat=me)
            if replayed.to_act == opponent:
                answer = _chances(replayed.view(opponent))
                folds[action] = 0.0 if answer is None else answer.get(Action.fold(), 0.0)
            else:
                folds[action] = 0.0
    return product, folds


def _replay(view: PlayerView, holes: list[list[int]]) -> Hand:
    stacks = [s + c for s, c in zip(view.stacks, view.committed, strict=True)]
    deck = stacked_deck(holes, [int(c) for c in view.board], button=view.button,
                        burn_cards=view.rules.burn_cards)  # fmt: skip
    hand = Hand(view.rules, stacks, button=view.button, deck=deck)
    for e in view.events:
        if e.kind in BETTING_EVENTS:
            hand.apply(event_action(e.kind, e.total), seat=e.seat)
    return hand


class Checking(LocalBestResponse):
    """LBR that, at each of its decisions, checks its model against the bot's own
    record and, for ``per_spot`` random holdings, against :func:`_brute_force`."""

    def __init__(self, bot: Recording, per_spot: int, seed: int) -> None:
        self.exact = NoLimitRange(shipped_no_limit_policy())
        super().__init__(self.exact, seed=seed, samples=50)
        self.bot = bot
        self.per_spot = per_spot
        self.pick = random.Random(seed)
        self.checked = 0
        self.with_history = 0

    def act(self, view: PlayerView, budget: float) -> Action:
        weights = self.exact.range(view)
        truth = combo_index(*self.bot.hole)
        product = self.bot.product if self.bot.decisions else 1.0
        assert weights[truth] == pytest.approx(product, rel=1e-9, abs=1e-12)
        self.with_history += any(e.kind in BETTING_EVENTS and e.seat != view.seat
                                 for e in view.events)  # fmt: skip
        dead = {int(c) for c in (*view.hole, *view.board)}
        pairs, _ = combos()
        live = [i for i in range(1326) if not dead & {int(pairs[i][0]), int(pairs[i][1])}]
        for combo in self.pick.sample(live, self.per_spot):
            product, folds = _brute_force(view, combo)
            assert weights[combo] == pytest.approx(product, rel=1e-9, abs=1e-12)
            for action, fold in folds.items():
                assert self.exact.folds(view, action)[combo] == pytest.approx(fold, abs=1e-12)
            self.checked += 1
        return super().act(view, budget)


@pytest.mark.slow
def test_the_range_is_the_bots_own_probabilities_for_every_holding() -> None:
    """Sixty hands of LBR against the shipped 100 big blind strategy, both seats: at each
    of LBR's decisions the weight of the bot's real cards is the product of the
    probabilities the bot's strategy gave its actions when it drew them, and for six
    random holdings the weight and the chance of folding to each of LBR's bets are what
    the policy decides holding them."""
    bot = Recording(seed=3)
    lbr = Checking(bot, per_spot=6, seed=4)
    table = Table(HUNL, 2, rng=random.Random(5), reset_stacks=True, max_hands=60)
    runner = Runner(table, [lbr, bot])
    runner.play()
    assert runner.faults == []
    assert lbr.checked > 300 and lbr.with_history > 30
    assert lbr.exact.outside == 0 or bot.deferred


def test_translated_bets_are_read_as_the_bot_reads_them() -> None:
    """A bet between the tree's sizes (0.7 of the pot, between half and the pot) is read
    by the policy's seeded translation; the range after the bot answers it gives the
    bot's real cards the probability the bot drew its answer with."""
    answered = 0
    for seed in range(30):
        rng = random.Random(seed)
        deck = list(range(52))
        rng.shuffle(deck)
        holes = [deck[:2], deck[2:4]]
        dealt = stacked_deck(holes, deck[4:9], button=0, burn_cards=True)
        table_hand = Hand(HUNL, [10_000, 10_000], button=0, deck=dealt)
        table_hand.apply(Action.raise_to(50 + 50 + round(0.7 * 200)), seat=0)
        bot_view = table_hand.view(1)
        decision = shipped_no_limit_policy().decide(bot_view)
        answer = decision.sample(rng)
        table_hand.apply(answer, seat=1)
        if table_hand.to_act != 0:
            continue
        model = NoLimitRange(shipped_no_limit_policy())
        weights = model.range(table_hand.view(0))
        assert weights[combo_index(*holes[1])] == pytest.approx(decision.as_dict()[answer])
        assert model.read == 1 and model.outside == 0
        answered += 1
    assert answered >= 5


def test_the_fold_probabilities_are_the_policys_for_every_holding() -> None:
    """The first decision: LBR on the button, its pot raise and all-in; the chance of
    folding for every holding is the policy's one holding at a time (all 1,326)."""
    hand = Hand(HUNL, [10_000, 10_000], button=0, rng=random.Random(7))
    view = hand.view(0)
    model = NoLimitRange(shipped_no_limit_policy())
    policy = shipped_no_limit_policy()
    pairs, _ = combos()
    mine = {int(c) for c in view.hole}
    for action in lbr_actions(view)[2:]:
        folds = model.folds(view, action)
        after = Hand(HUNL, [10_000, 10_000], button=0, rng=random.Random(7))
        after.apply(action, seat=0)
        seen = after.view(1)
        for combo in range(1326):
            cards = {int(pairs[combo][0]), int(pairs[combo][1])}
            if cards & mine:
                continue
            hole = tuple(Card(c) for c in sorted(cards))
            p = policy.decide(dataclasses.replace(seen, hole=hole)).as_dict()
            assert folds[combo] == pytest.approx(p.get(Action.fold(), 0.0), abs=1e-12)


def test_always_fold_still_gives_exactly_750() -> None:
    assert lbr_match(HUNL, "always-fold", deals=10, seed=2).result.value == 750


def test_lbr_against_cfr_in_no_limit_reads_its_strategy() -> None:
    match = lbr_match(HUNL, "cfr", deals=4, seed=1)
    assert match.read > 0 and np.isfinite(match.result.value)


def test_every_holding_is_decide_holding_by_holding_where_sizes_merge() -> None:
    """Random betting (small bets more often than large), at each decision the policy
    applies to: for 12 random holdings, :meth:`every_holding` gives what ``decide`` gives
    holding them, including spots where two of the tree's sizes become the same real
    bet (a pot raise beyond the stack is the all-in): their probabilities add up."""
    policy = shipped_no_limit_policy()
    pairs, _ = combos()
    rng = random.Random(11)
    merged = checked = 0
    for _ in range(40):
        hand = Hand(HUNL, [10_000, 10_000], button=0, rng=random.Random(rng.random()))
        while hand.to_act is not None:
            view = hand.view(hand.to_act)
            if policy.covers(view) is None:
                played, node, _ = policy.locate(view)
                actions, probs = policy.every_holding(view)
                merged += len(actions) < len(played.tree.labels[node])
                dead = {int(c) for c in view.board}
                for combo in rng.sample(range(1326), 12):
                    cards = (int(pairs[combo][0]), int(pairs[combo][1]))
                    if dead & set(cards):
                        assert not probs[:, combo].any()
                        continue
                    hole = (Card(cards[0]), Card(cards[1]))
                    try:
                        one = policy.decide(dataclasses.replace(view, hole=hole)).as_dict()
                    except OutsideStrategy:  # its own draws left the tree: the fallback's
                        continue
                    assert set(one) <= set(actions)
                    assert {a: probs[i, combo] for i, a in enumerate(actions)} == pytest.approx(
                        {a: one.get(a, 0.0) for a in actions})
                    checked += 1
            legal = hand.legal_actions()
            kind = rng.choice(legal.kinds)
            if kind in (ActionKind.BET, ActionKind.RAISE):
                to = legal.min_to + round(rng.random() ** 3 * (legal.max_to - legal.min_to))
                hand.apply(Action(kind, to))
            else:
                hand.apply(Action(kind))
    assert merged > 0 and checked > 500


def test_aivat_corrects_the_luck_without_changing_the_play() -> None:
    """With AIVAT the match plays the same hands (its plain result is the one without
    it, to the chip) and corrects each for the luck of the cards; against always-fold
    the plain result stays exactly +750 and the corrected one lies near it (the deal's
    correction is sampled before the flop: unbiased, not exact)."""
    plain = lbr_match(HUNL, "cfr", deals=6, seed=3)
    corrected = lbr_match(HUNL, "cfr", deals=6, seed=3, aivat=True)
    assert corrected.plain == plain.result and plain.plain is None
    assert corrected.result != plain.result
    assert (corrected.read, corrected.outside) == (plain.read, plain.outside)
    folds = lbr_match(HUNL, "always-fold", deals=20, seed=1, aivat=True)
    assert folds.plain is not None and folds.plain.value == 750
    assert folds.plain.half_width == 0
    assert abs(folds.result.value - 750) < 60
