"""Refusals of actions that carry a hand value (rules.md §7: an illegal action is refused
before anything changes, with the reason; §8: only a show announces a hand).  A value
given with any other action is the first thing the refusal names, before what the
betting would say about the action itself (the amount, what is owed, the show rule)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine_helpers import make, play, refusal
from pokerroom.engine import ActionKind, Hand
from pokerroom.rules import Rules, ShowRule

NL = Rules.preset("no-limit")  # blinds 2/4
K = ActionKind
PREFLOP = "(legal: fold, call 4, raise to 8 to 100)"  # seat 0, under the gun, owes 4
FLOP = "(legal: check, bet 4 to 96)"  # seat 1, first to act on the flop, 96 behind
VALUE = "only a show announces a hand value"


def _to_the_flop(hand: Hand) -> None:
    play(hand, "c c x")  # the button calls 4, the small blind completes, the big blind checks


def _to_the_showdown(hand: Hand) -> None:
    _to_the_flop(hand)
    play(hand, "x x x x x x x x x")  # flop, turn and river checked around


@pytest.mark.parametrize(
    ("street", "act", "message"),
    [
        (None, lambda h: h.act(K.CHECK, value=5),
         f"seat 0 cannot check pre-flop: {VALUE} {PREFLOP}"),
        (_to_the_flop, lambda h: h.act(K.FOLD, value=5),
         f"seat 1 cannot fold on the flop: {VALUE} {FLOP}"),
        (_to_the_showdown, lambda h: h.act(K.MUCK, value=5),
         f"seat 1 cannot muck at the showdown: {VALUE} (legal: show)"),
    ],
)  # fmt: skip
def test_a_hand_value_on_an_action_not_among_the_choices_is_refused_for_the_value(
    street: Callable[[Hand], None] | None, act: Callable[[Hand], None], message: str
) -> None:
    """§7/§8: a check facing a bet of 4, a fold with nothing owed, a muck where every
    player still in must show (000): each is not among the choices, and it carries a hand
    value, which only a show may announce.  The refusal names the value (not "4 to call",
    "nothing to call", nor the show rule) and the hand is unchanged.  Blinds 2/4, three
    stacks of 100, button 0: pre-flop seat 0 owes 4 and may raise to 8 to 100; on the
    flop seat 1 acts first with 96 behind; the showdown, checked around, starts at seat 1
    (left of the button)."""
    hand = make(NL.replace(show_rule=ShowRule.ALL_SHOW), [100, 100, 100], button=0)
    if street is not None:
        street(hand)
    assert refusal(hand, act) == message


@pytest.mark.parametrize(
    ("flop", "act", "message"),
    [
        (False, lambda h: h.act(K.RAISE, 6, value=5),
         f"seat 0 cannot raise to 6 pre-flop: {VALUE} {PREFLOP}"),
        (True, lambda h: h.act(K.BET, 2, value=5),
         f"seat 1 cannot bet 2 on the flop: {VALUE} {FLOP}"),
    ],
)  # fmt: skip
def test_a_hand_value_on_a_bet_or_raise_below_the_minimum_is_refused_for_the_value(
    flop: bool, act: Callable[[Hand], None], message: str
) -> None:
    """§7/§8: a raise to 6 when the smallest is 8 (4 owed + a full raise of 4), a bet of 2
    when the smallest is the big blind, 4: both amounts are wrong, but the action also
    carries a hand value, which only a show may announce; the refusal names the value
    (not "the minimum is 8" / "4") and the hand is unchanged."""
    hand = make(NL, [100, 100, 100], button=0)
    if flop:
        _to_the_flop(hand)
    assert refusal(hand, act) == message


@pytest.mark.parametrize(
    ("flop", "act", "message"),
    [
        (False, lambda h: h.act(K.RAISE, 8, value=5),
         f"seat 0 cannot raise to 8 pre-flop: {VALUE} {PREFLOP}"),
        (True, lambda h: h.act(K.BET, 4, value=5),
         f"seat 1 cannot bet 4 on the flop: {VALUE} {FLOP}"),
    ],
)  # fmt: skip
def test_a_hand_value_on_a_legal_bet_or_raise_is_refused_too(
    flop: bool, act: Callable[[Hand], None], message: str
) -> None:
    """§7/§8: a raise to 8 (the smallest) and a bet of 4 are legal amounts, but with a hand
    value they are not legal actions (``Action(RAISE, 8, value=5)`` cannot even be made):
    refused for the value, the hand unchanged, where the engine once took the raise and
    dropped the value."""
    hand = make(NL, [100, 100, 100], button=0)
    if flop:
        _to_the_flop(hand)
    assert refusal(hand, act) == message
