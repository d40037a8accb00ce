"""Local best response in no limit: its bet sizes (fold, call, pot, all-in) against the
engine, a bet larger than the opponent can call valued as what it can, the blinds it
wins from a player who always folds (the known 750 mbb/hand in the 50/100 game), and
what it wins from a calling station never above that player's exact best response."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from pokerroom.engine import Action, ActionKind, Hand
from pokerroom.players import Runner
from pokerroom.players.lbr import (
    AlwaysFold,
    LocalBestResponse,
    Showdowns,
    Uniform,
    action_values,
    lbr_actions,
)
from pokerroom.players.simple import CallingStation
from pokerroom.rules import Rules
from pokerroom.table import Table
from pokerroom.tournament.lbr import lbr_match
from pokerroom.tournament.stats import mean_interval

HUNL = Rules.preset("no-limit", blinds=(50, 100), buy_in=20_000)


def test_pot_sized_bets_and_raises_after_calling() -> None:
    hand = Hand(HUNL, [20_000, 20_000], rng=random.Random(1))
    first = hand.view(hand.to_act)  # type: ignore[arg-type]
    # the small blind: a pot raise calls 50 (pot 200) and raises 200 more, to 300
    assert [str(a) for a in lbr_actions(first)] == ["fold", "call", "raise to 300",
                                                    "raise to 20000"]  # fmt: skip
    hand.apply(Action.raise_to(300))
    second = hand.view(hand.to_act)  # type: ignore[arg-type]
    # facing 300: call 200 (pot 600), raise the pot: to 300 + 600
    assert [a.amount for a in lbr_actions(second) if a.kind is ActionKind.RAISE] == [900, 20_000]
    hand.apply(Action.call())
    flop = hand.view(hand.to_act)  # type: ignore[arg-type]
    assert [str(a) for a in lbr_actions(flop, (0.5, 1.0))] == ["check", "bet 300", "bet 600",
                                                               "bet 19700"]  # fmt: skip
    for view in (first, second, flop):
        assert all(a in view.legal for a in lbr_actions(view, (0.25, 0.5, 1.0, 2.0)))  # type: ignore[operator]


def test_a_bet_beyond_the_opponents_stack_counts_what_it_can_call() -> None:
    """Against a short stack all-in and a pot bet it cannot call in full are worth the
    same: the chips it cannot match come back."""
    hand = Hand(HUNL, [1_000, 20_000], button=0, rng=random.Random(2))
    hand.apply(Action.call())
    hand.apply(Action.check())
    view = hand.view(hand.to_act)  # type: ignore[arg-type]
    me = view.seat
    cards = [int(c) for c in (*view.hole, *view.board)]
    shown = Showdowns(cards[:2], cards[2:], np.random.default_rng(1))
    actions = lbr_actions(view)
    folds = {a: np.zeros(1326) for a in actions if a.kind is ActionKind.BET}
    values = dict(action_values(view, np.ones(1326), shown, folds, actions))
    allin, pot = Action.bet(view.legal.max_to), Action.bet(200)  # type: ignore[union-attr]
    w = shown.against(np.ones(1326))
    assert values[allin] == pytest.approx(w * (200 + 2 * 900) - 900)
    assert values[pot] == pytest.approx(w * (200 + 2 * 200) - 200)
    assert view.stacks[1 - me] == 900 and allin.amount == 19_900


@pytest.mark.parametrize("black_box", [False, True])
def test_lbr_wins_the_blinds_from_a_player_who_always_folds(black_box: bool) -> None:
    """The known answer: raising every hand wins the small blind and the big blind in
    turn, 150 chips every two hands at 50/100: +750 mbb/hand, with no variance."""
    if black_box:
        from pokerroom.players.lbr import SampledRange, Watched

        watched = Watched(AlwaysFold())
        lbr = LocalBestResponse(SampledRange(watched, samples=8, seed=1), seed=1)
        table = Table(HUNL, 2, rng=random.Random(3), reset_stacks=True, max_hands=20)
        result = Runner(table, [lbr, watched]).play()
        assert 1000 * result.totals[0] / 20 / 100 == 750
    else:
        match = lbr_match(HUNL, "always-fold", deals=20, seed=1)
        assert match.result.value == 750 and match.result.half_width == 0


def _best_response_to_a_calling_station(rules: Rules, deals: int, seed: int) -> list[float]:
    """The exact best response to ``calling-station``, each deal valued on both seats
    (chips): the station never bets and never folds, so the best response checks to the
    river (committing chips earlier only spends them knowing less) and there goes
    all-in when its share against every hand the station may hold is above ½, else
    checks; as the small blind it folds when even that is worth less than its blind.
    The board is drawn (a Monte Carlo average over deals); each value given it, exact."""
    rng = np.random.default_rng(seed)
    small, big = rules.blinds[0], rules.blinds[1]
    stack = rules.buy_in
    assert stack is not None
    out = []
    for _ in range(deals):
        cards = [int(c) for c in rng.permutation(52)[:7]]
        shown = Showdowns(cards[:2], cards[2:], rng)
        w = shown.against(np.ones(1326))
        river = (2 * w - 1) * (stack if w > 0.5 else big)
        out.append(max(-small, river) + river)  # small blind, then big blind
    return out


@pytest.mark.slow
def test_lbr_against_a_calling_station_never_beats_its_best_response() -> None:
    """Ten big blinds deep: LBR (fold, call, pot, all-in against the exact model of the
    station) wins less than the exact best response, within the intervals; 400 deals
    each.  The hand's value is taken before its showdown luck, given every card dealt."""
    rules = Rules.preset("no-limit", blinds=(50, 100), buy_in=1_000)
    best = mean_interval(_best_response_to_a_calling_station(rules, 4000, 1)).scaled(1000 / 200)
    table = Table(rules, 2, rng=random.Random(5), reset_stacks=True, max_hands=800)
    lbr = LocalBestResponse(Uniform(folds=0.0), seed=2, samples=200)
    totals = [0]
    runner = Runner(table, [lbr, CallingStation()])
    runner.play(after_hand=lambda: totals.append(table.totals[0]))
    nets = [b - a for a, b in itertools.pairwise(totals)]
    assert len(nets) == 800 and runner.faults == []
    won = mean_interval(nets).scaled(1000 / 100)
    assert best.value > 0 and won.value > 0
    assert won.low < best.high


def test_rules_lbr_cannot_value_are_refused() -> None:
    from pokerroom.solver.betting import BettingError

    with pytest.raises(BettingError, match="wild"):
        lbr_match(Rules.preset("no-limit", wild="2"), "random", deals=1, seed=1)
