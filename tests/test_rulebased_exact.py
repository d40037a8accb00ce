"""The rule-based bot's exact answers at the edges its other tests leave open: the tier
of a hand holding a wild card or the bug, the equity it asks for against exactly 1 to 9
opponents (and more), found by mutation testing (``docs/development/mutation.md``)."""

from __future__ import annotations

import random

import pytest

from pokerroom.cards import JOKER, parse_cards
from pokerroom.engine import Action, PlayerView, Street
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
