"""The rule-based bot's exact answers at the edges its other tests leave open: the tier
of a hand holding a wild card or the bug, the equity it asks for against exactly 1 to 9
opponents (and more), found by mutation testing (``docs/development/mutation.md``)."""

from __future__ import annotations

import random

import pytest

from pokerroom.cards import JOKER, parse_cards
from pokerroom.engine import Action, PlayerView, Street
from pokerroom.evaluator import hand_value
from pokerroom.evaluator.wildcards import JokerMode, WildCards
from pokerroom.players import RuleBased
from pokerroom.players.rulebased import tier_of
from pokerroom.rules import Rules
from pokerroom.table import Table
from table_helpers import deck_for

NL = Rules.preset("no-limit")
BUG = WildCards(joker=JokerMode.BUG)
DEUCES = WildCards.parse("2")
DEUCES_AND_BUG = WildCards.parse("2", joker="bug")
JD_AND_BUG = WildCards.parse("Jd", joker="bug")
JOKER_WILD = WildCards(joker=JokerMode.WILD)


def _hole(text: str) -> list[int]:
    return [JOKER if t == "X" else int(parse_cards(t)[0]) for t in text.split()]


@pytest.mark.parametrize(("wild", "hole", "tier"), [
    # no wild card held: the chart (AK tier 1, AQo 2, 77 3, 22 4, 72o 5)
    (None, "Ac Kd", 1), (BUG, "Ac Qd", 2), (DEUCES, "7c 7d", 3), (BUG, "2c 2d", 4),
    (BUG, "7c 2d", 5), (JD_AND_BUG, "Jc 3h", 5),
    # the bug alone (an ace, or a card that completes a straight or a flush): tier 2,
    # whatever else is wild in the game
    (BUG, "X 7c", 2), (BUG, "7c X", 2), (DEUCES_AND_BUG, "X 7c", 2),
    (JD_AND_BUG, "X 3h", 2),
    # a fully wild card: tier 1, beside the bug too
    (DEUCES, "2h 7c", 1), (DEUCES, "7c 2h", 1), (DEUCES_AND_BUG, "2h 7c", 1),
    (DEUCES_AND_BUG, "X 2h", 1), (JD_AND_BUG, "Jd 3h", 1), (JD_AND_BUG, "3h Jd", 1),
    (JOKER_WILD, "X 7c", 1),
])  # fmt: skip
def test_a_hand_s_tier_is_1_with_a_wild_card_2_with_the_bug_else_the_chart_s(
    wild: WildCards | None, hole: str, tier: int
) -> None:
    assert tier_of(_hole(hole), NL.replace(wild=wild)) == tier


def _river_view(rules: Rules, holes: list[str], board: str) -> PlayerView:
    """Seat 0's view on the river of a heads-up hand checked and called down."""
    table = Table(rules, 2, rng=random.Random(1))
    table.start_hand(deck_for(table, holes, board))
    while table.legal_actions().street is not Street.RIVER or table.to_act != 0:
        table.apply(Action.call() if table.legal_actions().to_call else Action.check())
    view = table.turn_view()
    assert view.hole == tuple(parse_cards(holes[0]))
    assert view.board == tuple(parse_cards(board))
    return view


def test_the_equity_is_asked_against_the_opponents_counted_and_at_most_nine() -> None:
    """A royal flush on the board: every hand plays it and ties, so the share against
    ``n`` random hands is exactly 1 / (n + 1) whatever the deals drawn; the estimator
    takes at most 9 opponents, so 10 and 12 are asked as 9."""
    view = _river_view(NL, ["2c 3d", "4h 5h"], "As Ks Qs Js Ts")
    bot = RuleBased(seed=1)
    shares = {n: bot.equity(view, n) for n in (1, 2, 3, 8, 9, 10, 12)}
    expected = {1: 1 / 2, 2: 1 / 3, 3: 1 / 4, 8: 1 / 9, 9: 1 / 10, 10: 1 / 10, 12: 1 / 10}
    assert shares == pytest.approx(expected, rel=1e-12, abs=0)  # a mean of equal shares


def _preflop_view(
    seats: int | list[int], seat: int, hole: str, before: list[Action], rules: Rules = NL
) -> PlayerView:
    """Seat ``seat``'s decision in a hand of ``rules`` (no limit, blinds 2 and 4 and 1,000
    chips each unless given, the button on seat 0), holding ``hole``, after ``before``."""
    table = Table(rules, seats, rng=random.Random(1))
    seats = table.size
    holes: list[str | None] = [None] * seats
    holes[seat] = hole
    table.start_hand(deck_for(table, holes))
    assert table.button == 0
    for action in before:
        table.apply(action)
    view = table.turn_view()
    assert view.seat == seat and view.hole == tuple(parse_cards(hole))
    return view


F, C = Action.fold(), Action.call()


@pytest.mark.parametrize(("seats", "seat", "before", "hole", "answer"), [
    # six players, the first to act (three players after it: not late), nothing raised:
    # tiers 1 and 2 raise to 3 big blinds, 3 and 4 call (4 only as it is cheap), 5 folds
    (6, 3, [], "Ah Ad", Action.raise_to(12)), (6, 3, [], "Jh Jd", Action.raise_to(12)),
    (6, 3, [], "7h 7d", C), (6, 3, [], "2h 2d", C), (6, 3, [], "7h 2d", F),
    # the next seat, two players after it (late): tier 3 raises an unopened pot
    (6, 4, [F], "7h 7d", Action.raise_to(12)), (6, 4, [F], "2h 2d", C),
    # after a raise to 3 big blinds: tier 1 raises to twice the level, 2 and 3 call, 4
    # (12 to call, more than a big blind) folds
    (6, 4, [Action.raise_to(12)], "Ah Ad", Action.raise_to(24)),
    (6, 4, [Action.raise_to(12)], "Jh Jd", C), (6, 4, [Action.raise_to(12)], "7h 7d", C),
    (6, 4, [Action.raise_to(12)], "2h 2d", F),
    (6, 4, [Action.raise_to(13)], "Ah Ad", Action.raise_to(26)),
    # above 3 big blinds, tiers 2 and 3 call while 8 calls fit in the stack (125 * 8 is
    # exactly the 1,000 chips), else fold
    (6, 4, [Action.raise_to(125)], "Jh Jd", C), (6, 4, [Action.raise_to(125)], "7h 7d", C),
    (6, 4, [Action.raise_to(126)], "Jh Jd", F), (6, 4, [Action.raise_to(126)], "7h 7d", F),
    # at most three players in the hand: one tier looser (72o plays as tier 4, cheap: a
    # call; against four players it folds; AA stays tier 1)
    (5, 0, [F, F], "7h 2d", C), (5, 0, [F, C], "7h 2d", F),
    (5, 0, [F, F], "Ah Ad", Action.raise_to(12)),
])  # fmt: skip
def test_rule_based_plays_its_chart_before_the_flop_exactly_at_each_edge(
    seats: int, seat: int, before: list[Action], hole: str, answer: Action
) -> None:
    assert RuleBased(seed=1).act(_preflop_view(seats, seat, hole, before), 1.0) == answer


@pytest.mark.parametrize(("seats", "seat", "before", "hole", "answer"), [
    # three players in the hand: AA stays tier 1 and raises a raise to 5 big blinds
    (5, 1, [F, Action.raise_to(20), F], "Ah Ad", Action.raise_to(40)),
    # the big blind's option after calls and folds: two players after it in the hand
    # (seats 3 and 0; 4 and 5 folded) is late, and tier 3 raises; four is not, it checks
    (6, 2, [C, F, F, C, C], "7h 7d", Action.raise_to(12)),
    (6, 2, [C, C, C, C, C], "7h 7d", Action.check()),
    # the big blind's option with a tier-5 hand: it checks (a fold is legal too)
    (6, 2, [C, C, C, C, C], "7h 2d", Action.check()),
    # a short stack of 100 (8 calls of 13 are 104): above 3 big blinds tiers 2 and 3
    # fold; at 3 big blinds exactly, they call whatever the stack
    ([1000, 1000, 1000, 1000, 100, 1000], 4, [Action.raise_to(13)], "Jh Jd", F),
    ([1000, 1000, 1000, 1000, 100, 1000], 4, [Action.raise_to(13)], "7h 7d", F),
    ([1000, 1000, 1000, 1000, 80, 1000], 4, [Action.raise_to(12)], "Jh Jd", C),
    ([1000, 1000, 1000, 1000, 80, 1000], 4, [Action.raise_to(12)], "7h 7d", C),
    # the big blind posted short (3 of 4): the level to match is still the full 4, so
    # an unopened pot is raised to 12, not 9
    ([1000, 1000, 3, 1000, 1000, 1000], 3, [], "Ah Ad", Action.raise_to(12)),
])  # fmt: skip
def test_rule_based_reads_the_players_after_it_the_stacks_and_a_short_blind(
    seats: int | list[int], seat: int, before: list[Action], hole: str, answer: Action
) -> None:
    assert RuleBased(seed=1).act(_preflop_view(seats, seat, hole, before), 1.0) == answer


def test_rule_based_takes_the_big_blind_as_its_unit_before_the_flop() -> None:
    """A minimum bet of 8 over blinds of 2 and 4: the big blind facing a raise to 12 (and
    two calls) has 8 to call, more than the big blind, so a tier-4 hand folds; a game with
    antes only takes its first betting unit instead (2 in this fixed limit, 4 on the
    flop)."""
    rules = NL.replace(min_bet=8)
    before = [Action.raise_to(12), C, C, F, F]
    assert RuleBased(seed=1).act(_preflop_view(6, 2, "2h 2d", before, rules), 1.0) == F
    antes = Rules.preset("casino-limit").replace(blinds=(), antes=1, flop_bet=4)
    assert antes.big_blind == 0 and antes.units[:2] == (2, 4)
    view = _preflop_view(6, 3, "2h 2d", [Action.bet(2), Action.raise_to(4)], antes)
    assert RuleBased(seed=1).act(view, 1.0) == F


def test_rule_based_raises_fixed_limit_by_the_unit_before_the_flop() -> None:
    view = _preflop_view(6, 3, "Ah Ad", [], Rules.preset("casino-limit"))  # blinds 1 and 2
    assert RuleBased(seed=1).act(view, 1.0) == Action.raise_to(4)


def test_rule_based_equity_under_wild_cards_reads_them() -> None:
    """Deuces wild: 2h 7c on A K 9 5 3 is a pair of aces (0.5 against one random hand,
    0.25 against two); at face value it would be ace high (0.25)."""
    view = _river_view(NL.replace(wild=DEUCES), ["2h 7c", "4d 4s"], "Ah Kd 9s 5c 3h")
    bot = RuleBased(seed=1)
    assert [bot.equity(view, n) for n in (1, 2)] == [0.5, 0.25]


def test_rule_based_equity_is_its_own_seeded_estimate_from_its_sample_count() -> None:
    """On the river against one opponent there are C(45, 2) = 990 holdings: a budget of
    990 samples gives the exact share (counted here hand by hand), a budget of one sample
    a single deal (a win, a tie or a loss); against three opponents (Monte Carlo) the
    same seed gives the same estimate, another seed another."""
    view = _river_view(NL, ["Qc 9d", "4h 5h"], "Ts 7c 9h 2d 3s")
    known = set(view.hole) | set(view.board)
    unseen = [c for c in range(52) if c not in known]
    mine = hand_value(view.hole, view.board)
    total = 0.0
    for i, a in enumerate(unseen):
        for b in unseen[i + 1 :]:
            theirs = hand_value((a, b), view.board)
            total += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    assert RuleBased(seed=1).samples == 400  # the default budget
    assert RuleBased(seed=1, samples=990).equity(view, 1) == pytest.approx(total / 990)
    assert RuleBased(seed=1, samples=1).equity(view, 1) in (0.0, 0.5, 1.0)
    estimates = [RuleBased(seed=s).equity(view, 3) for s in (7, 7, 8)]
    assert estimates[0] == estimates[1] != estimates[2]
