"""Engine behaviour found while replaying hands, kept as regression tests.

The straddle below was refused by ``Hand.bet_or_raise`` (PHH ``cbr``) until the engine
fixed it; replays name the bet or raise as the legal choices do
(:func:`pokerroom.history.replay.bet_to`), so they never depended on it.
"""

from __future__ import annotations

import random

from pokerroom.engine import ActionKind, Hand
from pokerroom.history.replay import bet_to
from pokerroom.rules import Rules


def straddle_with_no_button_blind() -> Hand:
    """001's structure, three players; the button (seat 2) has 1 chip: its ante puts it
    all-in, so no button blind is posted and the straddler (seat 0) faces no bet."""
    rules = Rules.preset("computer-tournament").replace(players=3)
    hand = Hand(rules, [100, 100, 1], button=2, rng=random.Random(1))
    assert hand.to_act == 0
    assert hand.legal_actions().kinds == (ActionKind.FOLD, ActionKind.RAISE)
    return hand


def test_bet_or_raise_posts_the_straddle_when_no_blind_was_posted() -> None:
    hand = straddle_with_no_button_blind()
    hand.bet_or_raise(10)
    assert hand.events[-1].kind.value == "straddle"


def test_replays_post_that_straddle() -> None:
    hand = straddle_with_no_button_blind()
    bet_to(hand, 10)
    assert hand.events[-1].kind.value == "straddle" and hand.events[-1].total == 10
