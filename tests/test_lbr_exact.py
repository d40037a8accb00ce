"""Local best response's exact answers, worked by hand: its values at a river spot with
two opponent hands (one beaten, one beating it, one tie), the showdowns' counts and
refusals, the player's bookkeeping (decisions, surprises, the boards reused within a
street), the black box's sampled hands, its copies and its counts, the watched player's
notifications, and the no-limit model's counts where the policy does not apply."""

from __future__ import annotations

import random
from typing import ClassVar

import numpy as np
import pytest

from pokerroom.cards import Card, parse_cards
from pokerroom.engine import Action, ActionKind, EventKind, Hand, PlayerView, stacked_deck
from pokerroom.players import Player, Runner
from pokerroom.players.cfr import shipped_no_limit_policy, shipped_policy
from pokerroom.players.lbr import (
    AlwaysFold,
    LocalBestResponse,
    NoLimitRange,
    SampledRange,
    Showdowns,
    StrategyRange,
    Uniform,
    Watched,
    action_values,
    lbr_actions,
)
from pokerroom.players.lbr.models import event_action, replay_public, replay_steps
from pokerroom.ranges import combo_index
from pokerroom.rules import Rules
from pokerroom.solver.betting import BETTING_EVENTS, fixed_actions
from pokerroom.solver.policy import OutsideStrategy
from pokerroom.solver.strength import combos
from pokerroom.table import Table

LIMIT = Rules.preset("casino-limit")
HUNL = Rules.preset("no-limit", blinds=(50, 100), buy_in=10_000)
_K = ActionKind


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def combo(text: str) -> int:
    a, b = cards(text)
    return combo_index(a, b)


def river_spot() -> PlayerView:
    """Casino limit (blinds 1 and 2, bets of 4 on the river), LBR on the button (seat 0)
    with As Ad on Kc Kd 7h 4s 2c: checked to the river, where the big blind bets 4, LBR
    raises to 8, the big blind raises to 12.  LBR to act: fold, call 4, or cap at 16;
    the pot holds 2 + 2 + 8 + 12 = 24 chips."""
    deck = stacked_deck([cards("As Ad"), cards("8c 9c")], cards("Kc Kd 7h 4s 2c"),
                        button=0, burn_cards=True)  # fmt: skip
    hand = Hand(LIMIT, [200, 200], button=0, deck=deck)
    for action in (Action.call(), Action.check(), Action.check(), Action.check(),
                   Action.check(), Action.check(), Action.bet(4), Action.raise_to(8),
                   Action.raise_to(12)):  # fmt: skip
        hand.apply(action)
    view = hand.view(0)
    assert view.pot == 24 and view.bets == (8, 12) and view.legal is not None
    assert fixed_actions(view.legal) == (Action.fold(), Action.call(), Action.raise_to(16))
    return view


QUEENS, KINGS_FULL, ACES = combo("Qh Qs"), combo("Kh 7c"), combo("Ah Ac")


def test_the_river_values_worked_by_hand() -> None:
    """Against Qh Qs (beaten by aces up) with weight 3/4 and Kh 7c (kings full) with 1/4,
    LBR wins 3/4 of the time.  Calling 4 into 24 is worth 3/4 × 28 − 4 = 17.  Capping at
    16 puts in 8 more for 4 more from the opponent; the queens fold half the time, kings
    full never: it folds 3/8 of the time, winning the 24, and the hands that stay are
    queens 3/8 against kings full 1/4, won 3/5 of the time: 3/8 × 24 + 5/8 × (3/5 × 36 −
    8) = 9 + 8.5 = 17.5.  Weights summing to exactly 1, so no scale is assumed."""
    view = river_spot()
    shown = Showdowns(cards("As Ad"), cards("Kc Kd 7h 4s 2c"), np.random.default_rng(0))
    weights = np.zeros(1326)
    weights[QUEENS], weights[KINGS_FULL] = 0.75, 0.25
    fold = np.zeros(1326)
    fold[QUEENS] = 0.5
    values = action_values(view, weights, shown, {Action.raise_to(16): fold})
    assert values == [(Action.fold(), 0.0), (Action.call(), pytest.approx(17.0, abs=1e-12)),
                      (Action.raise_to(16), pytest.approx(17.5, abs=1e-12))]  # fmt: skip
    assert shown.against(weights) == pytest.approx(0.75, abs=1e-12)


def test_no_range_at_all_is_an_even_chance_and_nobody_folds() -> None:
    """With every weight 0 the chance to win is taken as 1/2 and nothing folds: a call
    is worth 1/2 × 28 − 4 = 10, the cap 1/2 × 36 − 8 = 10 (no division by zero)."""
    view = river_spot()
    shown = Showdowns(cards("As Ad"), cards("Kc Kd 7h 4s 2c"), np.random.default_rng(0))
    zero = np.zeros(1326)
    assert shown.against(zero) == 0.5
    values = action_values(view, zero, shown, {Action.raise_to(16): np.ones(1326)})
    assert values == [(Action.fold(), 0.0), (Action.call(), 10.0), (Action.raise_to(16), 10.0)]


def test_the_showdowns_know_which_hands_are_possible_and_their_chances() -> None:
    """On the river: won, lost and tied hands; every hand holding one of LBR's or the
    board's cards impossible (and worth nothing); one board on the river, 46 on the
    turn, 1,081 on the flop, the samples drawn before it (600 unless told)."""
    hole, board = cards("As Ad"), cards("Kc Kd 7h 4s 2c")
    shown = Showdowns(hole, board, np.random.default_rng(0))
    assert (shown.win[QUEENS], shown.win[KINGS_FULL], shown.win[ACES]) == (1.0, 0.0, 0.5)
    pairs, _ = combos()
    seen = set(hole) | set(board)
    blocked = np.array([bool(seen & {int(a), int(b)}) for a, b in pairs])
    assert (shown.possible == ~blocked).all() and int(blocked.sum()) == 1326 - 990
    assert shown.boards == 1
    assert Showdowns(hole, board[:4], np.random.default_rng(0)).boards == 46
    assert Showdowns(hole, board[:3], np.random.default_rng(0)).boards == 1081
    assert Showdowns(hole, [], np.random.default_rng(0)).boards == 600
    assert Showdowns(hole, [], np.random.default_rng(0), samples=37).boards == 37


@pytest.mark.parametrize(("hole", "board"), [
    ([0, 1, 2], [3, 4, 5]), ([0], [3, 4, 5]), ([0, 1], [1, 4, 5]), ([0, 1], [3, 4]),
    ([0, 1], [0, 4, 5, 6, 7])])  # fmt: skip
def test_showdowns_refuse_cards_that_are_not_a_hand_and_a_board(
    hole: list[int], board: list[int]
) -> None:
    message = f"two hole cards and a board of 0, 3, 4 or 5 cards, apart: {hole + board}"
    with pytest.raises(ValueError) as caught:
        Showdowns(hole, board, np.random.default_rng(0))
    assert str(caught.value) == message


class Fixed:
    """A model giving the same weights every time, folding never."""

    def __init__(self, weights: np.ndarray) -> None:
        self.weights = weights

    def new_hand(self) -> None:
        pass

    def range(self, view: PlayerView) -> np.ndarray:
        return self.weights

    def folds(self, view: PlayerView, action: Action) -> np.ndarray:
        return np.zeros(1326)


def _expected(view: PlayerView, shown: Showdowns, weights: np.ndarray,
              sizes: tuple[float, ...] = (1.0,)) -> list[tuple[Action, float]]:  # fmt: skip
    actions = lbr_actions(view, sizes)
    folds = {a: np.zeros(1326) for a in actions if a.kind in (_K.BET, _K.RAISE)}
    return action_values(view, weights, shown, folds, actions)


def test_a_fresh_lbr_has_made_no_decision() -> None:
    lbr = LocalBestResponse(Uniform())
    assert (lbr.last, lbr.decisions, lbr.surprises, lbr.samples) == ([], 0, 0, 600)
    view = river_spot()
    assert Uniform().folds(view, Action.raise_to(16)).tolist() == [0.0] * 1326


@pytest.mark.parametrize("samples", [None, 50])
def test_lbr_values_a_hand_on_boards_drawn_once_a_street(samples: int | None) -> None:
    """No-limit hold'em, LBR on the button with 7c 2d: before the flop it raises, is
    raised and decides again on the same boards (drawn once from its seed, 600 of them
    unless told); on the flop (Ah Kh Qs) it values the showdown on all 1,081 ways the
    board can come, checks with its weak hand (its last action, all-in, is not the
    best), and bets half the pot or the pot besides all-in (its sizes)."""
    hole = cards("7c 2d")
    deck = stacked_deck([hole, cards("9s 9d")], cards("Ah Kh Qs 5d 3c"), button=0,
                        burn_cards=True)  # fmt: skip
    hand = Hand(HUNL, [10_000, 10_000], button=0, deck=deck)
    more = {} if samples is None else {"samples": samples}
    lbr = LocalBestResponse(Uniform(), seed=7, sizes=(0.5, 1.0), **more)
    rng = np.random.default_rng(7)
    before = Showdowns(hole, [], rng, samples or 600)
    first = hand.view(0)
    assert lbr.act(first, 1.0) is not None
    assert lbr.last == _expected(first, before, np.ones(1326), (0.5, 1.0))
    hand.apply(Action.raise_to(300))
    hand.apply(Action.raise_to(900))
    again = hand.view(0)
    lbr.act(again, 1.0)
    assert lbr.last == _expected(again, before, np.ones(1326), (0.5, 1.0))
    hand.apply(Action.call())
    hand.apply(Action.check())
    flop = hand.view(0)
    chosen = lbr.act(flop, 1.0)
    on_flop = Showdowns(hole, cards("Ah Kh Qs"), np.random.default_rng(0))
    assert lbr.last == _expected(flop, on_flop, np.ones(1326), (0.5, 1.0))
    assert [str(a) for a, _ in lbr.last] == ["check", "bet 900", "bet 1800", "bet 9100"]
    assert chosen == Action.check() and lbr.decisions == 3 and lbr.surprises == 0


def test_lbr_surprised_takes_every_hand_as_likely_and_counts() -> None:
    """A model giving no possible hand any weight (only hands holding LBR's own cards):
    LBR counts a surprise at each decision and values against every hand alike; a
    model whose weights sum to less than 1 is no surprise."""
    hole = cards("As Ad")
    deck = stacked_deck([hole, cards("9s 9d")], [], button=0, burn_cards=True)
    hand = Hand(LIMIT, [200, 200], button=0, deck=deck)
    blocked = np.zeros(1326)
    blocked[combo("As Kd")] = 5.0
    lbr = LocalBestResponse(Fixed(blocked), seed=3)
    rng = np.random.default_rng(3)
    shown = Showdowns(hole, [], rng)
    view = hand.view(0)
    lbr.act(view, 1.0)
    hand.apply(Action.raise_to(4))
    hand.apply(Action.raise_to(6))
    later = hand.view(0)
    lbr.act(later, 1.0)
    assert (lbr.surprises, lbr.decisions) == (2, 2)
    assert lbr.last == _expected(later, shown, np.ones(1326))
    small = np.zeros(1326)
    small[KINGS_FULL] = 0.5
    calm = LocalBestResponse(Fixed(small), seed=3)
    calm.act(view, 1.0)
    assert calm.surprises == 0
    assert calm.last == _expected(view, Showdowns(hole, [], np.random.default_rng(3)), small)


def test_lbr_refuses_more_than_two_players_by_count() -> None:
    hand = Hand(LIMIT, [200, 200, 200], button=0, rng=random.Random(1))
    with pytest.raises(ValueError) as caught:
        LocalBestResponse(Uniform()).act(hand.view(hand.to_act), 1.0)  # type: ignore[arg-type]
    assert str(caught.value) == "local best response is heads-up: 3 players here"


def test_always_fold_checks_when_it_can() -> None:
    view = river_spot()
    assert AlwaysFold().act(view, 1.0) == Action.fold()
    hand = Hand(LIMIT, [200, 200], button=0, rng=random.Random(1))
    hand.apply(Action.call())
    assert AlwaysFold().act(hand.view(1), 1.0) == Action.check()


def _decide(policy_hand: Hand, seat: int) -> dict[Action, float]:
    return shipped_policy("casino-limit").decide(policy_hand.view(seat)).as_dict()


@pytest.mark.parametrize("flop", [False, True])
def test_a_strategys_chance_of_folding_is_the_policys_holding_by_holding(flop: bool) -> None:
    """After LBR's raise (before the flop) or bet (on the flop), each of 40 holdings'
    chance of folding is what the policy decides holding it, dealt again."""
    rng = random.Random(9)
    hole, board = cards("Jc Td"), cards("8h 8s 2d")
    holes = [hole, cards("3c 4c")]
    deck = stacked_deck(holes, [*board, *cards("Ks Qh")], button=0, burn_cards=True)
    hand = Hand(LIMIT, [200, 200], button=0, deck=deck)
    if flop:
        hand.apply(Action.call())
        hand.apply(Action.check())
        hand.apply(Action.check())
    view = hand.view(0)
    legal = view.legal
    assert legal is not None
    (bet,) = [a for a in fixed_actions(legal) if a.kind in (_K.BET, _K.RAISE)]
    model = StrategyRange(shipped_policy("casino-limit"))
    folds = model.folds(view, bet)
    pairs, _ = combos()
    seen = {int(c) for c in (*view.hole, *view.board)}
    free = [i for i in range(1326) if not seen & {int(pairs[i][0]), int(pairs[i][1])}]
    answered = 0.0
    for i in rng.sample(free, 40):
        again = replay_public(view, [hole, [int(c) for c in pairs[i]]])
        again.apply(bet, seat=0)
        expected = _decide(again, 1).get(Action.fold(), 0.0)
        assert folds[i] == pytest.approx(expected, abs=1e-12)
        answered += expected
    assert answered > 0


def test_the_last_step_of_a_replay_is_the_hand_as_it_stands() -> None:
    view = river_spot()
    steps = list(replay_steps(view, [cards("As Ad"), cards("Qh Qs")]))
    assert [(kind, seat, total) for _, kind, seat, total in steps[-1:]] == [
        (EventKind.FOLD, -1, 0)]
    assert len(steps) == 1 + sum(e.kind in BETTING_EVENTS for e in view.events)
    assert event_action(EventKind.RAISE, 12) == Action.raise_to(12)


class Counting(Player):
    """Ignores its cards: calls (or checks) at its first decision ever, folds (or checks)
    at every one after; records the budget it is given and what it is told."""

    name = "counting"

    def __init__(self) -> None:
        self.history: list[float] = []
        self.told: list[object] = []

    def act(self, view: PlayerView, budget: float) -> Action:
        self.history.append(budget)
        assert view.legal is not None
        if len(self.history) == 1:
            return Action.call() if _K.CALL in view.legal.kinds else Action.check()
        return Action.check() if _K.CHECK in view.legal.kinds else Action.fold()

    def announce(self, view: PlayerView, budget: float) -> Action:
        self.told.append(("announce", view.seat, budget))
        return Action.muck()

    def start_hand(self, hand: object) -> None:
        self.told.append(hand)

    def end_hand(self, view: PlayerView) -> None:
        self.told.append(("end", view.seat))


def _limped() -> tuple[Watched, PlayerView]:
    """The watched player on the button calls its first decision; LBR, the big blind,
    to act."""
    watched = Watched(Counting())
    hand = Hand(LIMIT, [200, 200], button=0, rng=random.Random(2))
    hand.apply(watched.act(hand.view(0), 2.5))
    return watched, hand.view(1)


def test_the_black_box_keeps_its_sampled_hands_apart_and_asks_each_copy_once() -> None:
    """64 distinct hands by default, the same for the same seed, each asked once (its
    answer kept) of a deep copy of the player as it was, with a budget of 10 s: a player
    whose answer depends on its own history answers every copy as it did (a shared
    history would change its mind)."""
    watched, view = _limped()
    model = SampledRange(watched, seed=5)
    weights = model.range(view)
    assert sorted(set(weights.tolist())) == [0.0, 1.0] and int(weights.sum()) == 64
    assert model.queries == 64
    assert (model.range(view) == weights).all() and model.queries == 64
    assert (SampledRange(watched, seed=5).range(view) == weights).all()  # the seed's draw
    assert watched.player.history == [2.5]  # type: ignore[attr-defined]
    (_, before, _), = watched.decisions
    assert before.history == []  # type: ignore[attr-defined]
    model.folds(view, Action.raise_to(4))
    every = SampledRange(watched, samples=5000, seed=5)
    assert int(every.range(view).sum()) == 1225


class Budget(Counting):
    seen: ClassVar[list[float]] = []

    def act(self, view: PlayerView, budget: float) -> Action:
        Budget.seen.append(budget)
        return super().act(view, budget)


def test_the_copies_are_given_the_budget() -> None:
    Budget.seen = []
    watched = Watched(Budget())
    hand = Hand(LIMIT, [200, 200], button=0, rng=random.Random(2))
    hand.apply(watched.act(hand.view(0), 2.5))
    SampledRange(watched, samples=2, seed=1).range(hand.view(1))
    SampledRange(watched, samples=1, seed=1, budget=0.25).range(hand.view(1))
    assert Budget.seen == [2.5, 10.0, 10.0, 0.25]


class Suited(Player):
    """Raises with a heart before the flop, else calls; folds to a raise holding a club,
    else calls."""

    name = "suited"

    def act(self, view: PlayerView, budget: float) -> Action:
        assert view.legal is not None
        suits = {int(c) % 4 for c in view.hole}
        heart, club = int(Card.parse("2h")) % 4, int(Card.parse("2c")) % 4
        if view.legal.call and view.bets[view.seat] > 1:
            return Action.fold() if club in suits else Action.call()
        return Action.raise_to(4) if heart in suits else Action.call()


def test_the_black_box_folds_are_the_copies_answers_for_the_hands_left() -> None:
    """The player called without a heart: the hands left hold none, and exactly those of
    them holding a club fold to LBR's raise (1 each); the others, 0."""
    watched = Watched(Suited())
    hand = Hand(LIMIT, [200, 200], button=0,
                deck=stacked_deck([cards("9s 8s"), cards("2d 3d")], [], button=0,
                                   burn_cards=True))  # fmt: skip
    hand.apply(watched.act(hand.view(0), 1.0))
    view = hand.view(1)
    model = SampledRange(watched, samples=300, seed=2)
    kept = model.range(view)
    folds = model.folds(view, Action.raise_to(4))
    pairs, _ = combos()
    heart, club = int(Card.parse("2h")) % 4, int(Card.parse("2c")) % 4
    left = np.flatnonzero(kept)
    assert 100 < len(left) < 300
    assert all(heart not in {int(c) % 4 for c in pairs[i]} for i in left)
    expected = np.zeros(1326)
    for i in left:
        expected[i] = 1.0 if club in {int(c) % 4 for c in pairs[i]} else 0.0
    assert folds.tolist() == expected.tolist() and 0 < expected.sum() < len(left)


def test_watched_passes_on_what_the_player_is_told() -> None:
    counting = Counting()
    watched = Watched(counting)
    table = Table(LIMIT, 2, rng=random.Random(4), max_hands=1)
    Runner(table, [watched, AlwaysFold()]).play()
    assert counting.told[0].__class__.__name__ == "HandStart"
    assert ("end", 0) in counting.told
    view = river_spot()
    watched.announce(view, 0.75)
    assert counting.told[-1] == ("announce", 0, 0.75)
    watched.act(view, 0.5)
    assert counting.history[-1] == 0.5


def test_a_joker_game_is_replayed_with_its_joker() -> None:
    rules = Rules.preset("casino-limit", joker="bug")
    assert rules.joker
    joker = [52, int(Card.parse("Ad"))]
    deck = stacked_deck([joker, cards("9s 9d")], [], button=0, burn_cards=True, joker=True)
    hand = Hand(rules, [200, 200], button=0, deck=deck)
    hand.apply(Action.call())
    again = replay_public(hand.view(1), [joker, cards("9s 9d")])
    assert [int(c) for c in again.view(0).hole] == joker


class Stub:
    """A no-limit policy that applies nowhere, or gives every holding the same answers."""

    def __init__(self, applies: bool, fold: bool = True) -> None:
        self.applies = applies
        self.actions = ((Action.fold(),) if fold else ()) + (
            Action.call(), Action.check(), Action.bet(100), Action.bet(200))
        self.asked = 0

    def every_holding(self, view: PlayerView) -> tuple[tuple[Action, ...], np.ndarray]:
        self.asked += 1
        if not self.applies:
            raise OutsideStrategy("the betting has left the strategy's tree", "betting")
        rows = np.array([[0.1 * (i + 1)] * 1326 for i in range(len(self.actions))])
        return self.actions, rows


def _checked_to_flop_bet() -> PlayerView:
    """LBR the big blind (seat 1): the button calls, LBR checks; on the flop LBR checks
    and the button bets 100: two decisions of the opponent's."""
    deck = stacked_deck([cards("9s 9d"), cards("As Ad")], cards("Kc 7h 2d 3s 4h"), button=0,
                        burn_cards=True)  # fmt: skip
    hand = Hand(HUNL, [10_000, 10_000], button=0, deck=deck)
    for action in (Action.call(), Action.check(), Action.check(), Action.bet(100)):
        hand.apply(action)
    return hand.view(1)


def test_no_limit_decisions_the_policy_does_not_cover_are_counted_and_leave_the_range() -> None:
    view = _checked_to_flop_bet()
    model = NoLimitRange(Stub(applies=False))  # type: ignore[arg-type]
    assert model.range(view).tolist() == [1.0] * 1326
    assert (model.outside, model.read) == (2, 0)
    assert model.folds(view, Action.raise_to(300)).tolist() == [0.0] * 1326
    model.folds(view, Action.raise_to(300))
    assert model.outside == 4


def test_no_limit_decisions_read_multiply_and_folds_are_the_policys() -> None:
    """The button's call (probability 0.2 for each holding) and its bet of 100 (0.4):
    0.08 for every holding, two decisions read; the fold row (0.1) answers a raise; a
    policy without a fold, or an action after which the opponent does not act (LBR's
    check behind closing nothing here: the big blind checking before the flop ends it),
    gives 0."""
    view = _checked_to_flop_bet()
    model = NoLimitRange(Stub(applies=True))  # type: ignore[arg-type]
    assert model.range(view) == pytest.approx(np.full(1326, 0.2 * 0.4))
    assert (model.outside, model.read) == (0, 2)
    assert model.folds(view, Action.raise_to(300)) == pytest.approx(np.full(1326, 0.1))
    nofold = NoLimitRange(Stub(applies=True, fold=False))  # type: ignore[arg-type]
    assert nofold.folds(view, Action.raise_to(300)).tolist() == [0.0] * 1326
    hand = Hand(HUNL, [10_000, 10_000], button=0, rng=random.Random(1))
    hand.apply(Action.call())
    assert model.folds(hand.view(1), Action.check()).tolist() == [0.0] * 1326


def test_no_limit_lbr_as_the_big_blind_reads_the_buttons_raise() -> None:
    """LBR in seat 1: the range after the bot's raise to 300 is, for 30 holdings, the
    policy's probability of that raise holding them; and the chance of folding to LBR's
    pot raise (to 900) the policy's too."""
    policy = shipped_no_limit_policy()
    hole = cards("Jc Td")
    deck = stacked_deck([cards("2s 3s"), hole], [], button=0, burn_cards=True)
    hand = Hand(HUNL, [10_000, 10_000], button=0, deck=deck)
    hand.apply(Action.raise_to(300))
    view = hand.view(1)
    model = NoLimitRange(policy)
    weights = model.range(view)
    folds = model.folds(view, Action.raise_to(900))
    assert (model.read, model.outside) == (1, 0)
    pairs, _ = combos()
    rng = random.Random(3)
    free = [i for i in range(1326) if not set(hole) & {int(pairs[i][0]), int(pairs[i][1])}]
    spread = set()
    for i in rng.sample(free, 30):
        holes = [[int(c) for c in pairs[i]], hole]
        start = Hand(HUNL, [10_000, 10_000], button=0,
                     deck=stacked_deck(holes, [], button=0, burn_cards=True))  # fmt: skip
        raised = policy.decide(start.view(0)).as_dict().get(Action.raise_to(300), 0.0)
        assert weights[i] == pytest.approx(raised, rel=1e-9, abs=1e-12)
        start.apply(Action.raise_to(300))
        start.apply(Action.raise_to(900))
        fold = policy.decide(start.view(0)).as_dict().get(Action.fold(), 0.0)
        assert folds[i] == pytest.approx(fold, abs=1e-12)
        spread.add(round(raised, 6))
    assert len(spread) > 1
