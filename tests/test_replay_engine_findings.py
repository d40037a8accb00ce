"""Engine behaviour found while replaying hands, for the engine's owner (issue 3).

Each test states what the engine should do; an ``xfail(strict=True)`` marks a defect
that is still open (the test starts passing, and so fails as XPASS, once it is fixed).
Replays work around it (:func:`pokerroom.history.replay.bet_to`), so nothing here
changes what the history tools compute.
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
