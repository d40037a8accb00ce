"""AIVAT for leagues: the showdown share against exact enumeration, the chance terms'
zero mean (exactly, by enumerating the cards that can come), the known strategies against
the bots' own draws, every hand's luck removed where play ignores the cards, and by
simulation: the corrected mean agrees with the exact value of a small game and of a bot
against itself, with a narrower interval than plain duplicate."""

from __future__ import annotations

import copy
import random
from collections import Counter

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import ActionKind, Hand, Street
from pokerroom.evaluator import evaluate
from pokerroom.players import CFRBot
from pokerroom.players.cfr import shipped_policy
from pokerroom.players.simple import CallingStation, RandomBot
from pokerroom.rules import Rules
from pokerroom.table import Table
from pokerroom.tournament.aivat import aivat_problem, showdown_share
from pokerroom.tournament.freezeout import TournamentError
from pokerroom.tournament.games import GameTask, play
from pokerroom.tournament.league import League

SMALL = Rules.preset("casino-limit", buy_in=12)  # 2/4 limit, six big blinds deep


def codes(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def test_showdown_share_counts_every_river() -> None:
    hole, other, board = codes("Ah Kh"), codes("Qs Qd"), codes("2h 7h 9c Jd")
    rest = [c for c in range(52) if c not in hole + other + board]
    wins = 0.0
    for river in rest:
        mine = evaluate([*hole, *board, river]).value
        theirs = evaluate([*other, *board, river]).value
        wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    assert showdown_share(hole, other, board, np.random.default_rng(0)) == wins / len(rest)


def test_showdown_share_before_the_flop_is_sampled_without_bias() -> None:
    rng = np.random.default_rng(3)
    share = showdown_share(codes("As Ad"), codes("Kc Kd"), [], rng, samples=4000)
    assert share == pytest.approx(0.819, abs=0.02)  # aces against kings: 81.9%


@pytest.mark.parametrize("seed", range(3))
def test_the_cards_to_come_average_to_the_share_now(seed: int) -> None:
    """E[share after the next card] = share now: each chance term has mean zero."""
    deck = random.Random(seed).sample(range(52), 7)
    hole, other, flop = deck[:2], deck[2:4], deck[4:7]
    rng = np.random.default_rng(0)
    now = showdown_share(hole, other, flop, rng)
    turns = [c for c in range(52) if c not in deck]
    after = [showdown_share(hole, other, [*flop, t], rng) for t in turns]
    assert sum(after) / len(after) == pytest.approx(now, abs=1e-12)


def _view(rules: Rules, seed: int) -> object:
    table = Table(rules, 2, rng=random.Random(seed))
    table.start_hand()
    return table.turn_view()


@pytest.mark.parametrize("preset", ["casino-limit", "no-limit"])
def test_random_bots_odds_are_what_it_draws(preset: str) -> None:
    view = _view(Rules.preset(preset), 2)
    bot = RandomBot(seed=7)
    odds = bot.odds(view)  # type: ignore[arg-type]
    assert sum(p for _, p, _ in odds) == pytest.approx(1.0)
    n = 6000
    drawn = [bot.act(view, 1.0) for _ in range(n)]  # type: ignore[arg-type]
    kinds = Counter(a.kind for a in drawn)
    for kind, p, to in odds:
        assert kinds[kind] / n == pytest.approx(p, abs=0.03)
        if kind in (ActionKind.BET, ActionKind.RAISE):
            amounts = [a.amount or 0 for a in drawn if a.kind is kind]
            assert sum(amounts) / len(amounts) == pytest.approx(to, rel=0.05)


def test_calling_stations_odds_are_its_action() -> None:
    view = _view(Rules.preset("no-limit"), 1)
    assert CallingStation().odds(view) == [(ActionKind.CALL, 1.0, 0.0)]  # type: ignore[arg-type]


def test_cfrs_odds_are_its_strategy_where_it_plays_one() -> None:
    limit = _view(Rules.preset("casino-limit"), 3)
    bot = CFRBot(seed=1)
    odds = bot.odds(limit)  # type: ignore[arg-type]
    assert odds is not None
    decision = shipped_policy("casino-limit").decide(limit)  # type: ignore[arg-type]
    assert [(k, p) for k, p, _ in odds] == [
        (a.kind, p) for a, p in zip(decision.actions, decision.probabilities, strict=True)]
    assert sum(p for _, p, _ in odds) == pytest.approx(1.0)
    assert bot.odds(_view(Rules.preset("no-limit"), 3)) is None  # type: ignore[arg-type]


def test_heads_up_standard_decks_only() -> None:
    assert aivat_problem(Rules.preset("no-limit"), 2) is None
    assert "heads-up" in str(aivat_problem(Rules.preset("no-limit"), 3))
    assert "wild" in str(aivat_problem(Rules.preset("no-limit", wild="2"), 2))
    with pytest.raises(TournamentError, match=r"--aivat: .*wild cards"):
        League(Rules.preset("no-limit", wild="2"), ("random", "random"), ("a", "b"),
               hands=2, seed=1, aivat=True)  # fmt: skip


def test_play_that_ignores_the_cards_keeps_almost_no_luck() -> None:
    """Two calling stations check every hand down (the small blind completing 2 chips):
    the chance terms telescope, leaving each hand at (e − ½)·2 chips, e the pre-flop
    share (what the cards were worth to the completion), so at most 1 chip from 0."""
    task = GameTask(index=0, label="x", rules=Rules.preset("no-limit"),
                    players=("calling-station", "calling-station"), entrants=(0, 1),
                    names=("a", "b"), seed=4, reset_stacks=True, max_hands=40,
                    aivat=True)  # fmt: skip
    record = play(task)
    assert max(abs(n) for n in record.seats[0].nets) == 4
    for seat in record.seats:
        assert all(abs(a) <= 1.0 for a in seat.adjusted)
        assert any(abs(a) > 0.01 for a in seat.adjusted)
    assert [a + b for a, b in zip(*(s.adjusted for s in record.seats), strict=True)] == (
        pytest.approx([0.0] * 40, abs=1e-9))  # fmt: skip


def _exact(hand: Hand, bots: dict[int, RandomBot | CallingStation], seat: int) -> float:
    """``seat``'s expected chips in ``hand`` against players who ignore their cards:
    every action each may draw, and a showdown worth half the pot."""
    if hand.is_over or hand.street is Street.SHOWDOWN or hand.to_act is None:
        if sum(hand.folded):
            return float(hand.result.net[seat])  # type: ignore[union-attr]
        return sum(hand.committed) / 2 - hand.committed[seat]
    view = hand.view(hand.to_act)
    total = 0.0
    for kind, p, to in bots[hand.to_act].odds(view):
        after = copy.deepcopy(hand)
        if kind in (ActionKind.BET, ActionKind.RAISE):
            after.bet_or_raise(int(to))
        elif kind is ActionKind.FOLD:
            after.fold()
        else:
            after.check_or_call()
        total += p * _exact(after, bots, seat)
    return total


def exact_value() -> float:
    """``random``'s expectation against ``calling-station`` under SMALL, over both seats."""
    values = []
    for button in (0, 1):
        hand = Hand(SMALL, [12, 12], button=button, rng=random.Random(0))
        bots: dict[int, RandomBot | CallingStation] = {0: RandomBot(), 1: CallingStation()}
        values.append(_exact(hand, bots, 0))
    return sum(values) / 2


def test_exact_value_of_the_small_game() -> None:
    assert exact_value() == pytest.approx(-1 / 6, abs=1e-12)


def _league(players: tuple[str, str], hands: int, seed: int) -> tuple[float, ...]:
    league = League(SMALL, players, players, hands=hands, seed=seed, session=hands,
                    field=False, aivat=True)  # fmt: skip
    records = [play(t) for t in league.tasks()]
    m = league.results(records).matches[0]
    assert m.plain is not None
    a, p = m.results[0], m.plain[0]
    return a.value, a.low, a.high, p.value, p.low, p.high


@pytest.mark.parametrize(("players", "truth"), [
    (("random", "calling-station"), exact_value() * 1000 / 2),
    (("random", "random"), 0.0),
])  # fmt: skip
def test_corrected_mean_agrees_with_the_true_value_and_narrows(
    players: tuple[str, str], truth: float
) -> None:
    _, low, high, _, plain_low, plain_high = _league(players, 600, 1)
    assert low <= truth <= high
    assert plain_low <= truth <= plain_high
    assert high - low < 0.8 * (plain_high - plain_low)


@pytest.mark.slow
@pytest.mark.parametrize("players", [("random", "calling-station"), ("random", "random")])
def test_corrected_means_over_many_leagues_are_unbiased(players: tuple[str, str]) -> None:
    """40 leagues of 400 hands: the mean of the corrected results agrees with the truth
    within its own interval, and with the plain mean."""
    truth = exact_value() * 500 if players[1] == "calling-station" else 0.0
    runs = [_league(players, 400, seed) for seed in range(40)]
    for values in ([r[0] for r in runs], [r[3] for r in runs]):  # corrected, plain
        mean = sum(values) / len(values)
        sd = (sum((c - mean) ** 2 for c in values) / (len(values) - 1)) ** 0.5
        assert abs(mean - truth) < 2.03 * sd / len(values) ** 0.5
