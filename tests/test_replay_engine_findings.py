"""Engine behaviour found while replaying hands, kept as regression tests.

The straddle below was refused by ``Hand.bet_or_raise`` (PHH ``cbr``, ACPC ``r``)
until the engine fixed it; replays play every ``cbr`` and ``r`` through it.
"""

from __future__ import annotations

import random

from pokerroom.engine import ActionKind, Hand
from pokerroom.history.record import PlayedHand, to_phh
from pokerroom.history.replay import replay_phh
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
    """The hand written as PHH (the straddle is the action ``p1 cbr 10``) replays it."""
    hand = straddle_with_no_button_blind()
    hand.bet_or_raise(10)
    while not hand.is_over:
        hand.apply(hand.default_action())
    phh = to_phh(PlayedHand.from_hand(hand))
    assert "p1 cbr 10" in [str(a) for a in phh.actions]
    replayed = replay_phh(phh).played
    straddles = [e for e in replayed.events if e.kind.value == "straddle"]
    assert [(e.seat, e.total) for e in straddles] == [(0, 10)]


def test_a_pokerkit_hand_whose_big_blind_the_ante_took_replays() -> None:
    """PokerKit plays no limit, antes 1, blinds [0, 2, 0], stacks [100, 1, 100]: p2's ante
    takes its one chip, no blind is posted and p1 (left of the button) acts first.  The
    PHH file PokerKit writes (no ``_rules``: PokerKit's conventions) replays to its stacks;
    pokerroom used to refuse it ("it is p3's turn pre-flop, not p1's")."""
    import pokerkit

    from pokerroom.history.phh import loads

    a = pokerkit.Automation
    automations = (a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING,
                   a.HOLE_CARDS_SHOWING_OR_MUCKING, a.HAND_KILLING, a.CHIPS_PUSHING,
                   a.CHIPS_PULLING, a.RUNOUT_COUNT_SELECTION)  # fmt: skip
    game = pokerkit.NoLimitTexasHoldem(automations, True, 1, (0, 2, 0), 2)
    state = game((100, 1, 100), 3)
    for cards in ("AcAd", "KcKd", "2c7h"):
        state.deal_hole(cards)
    assert state.actor_index == 0
    state.complete_bet_or_raise_to(10)  # p1 opens
    state.fold()  # p3
    for board in ("3s4d9h", "Tc", "Jd"):  # p1 and the all-in p2 see the board
        state.burn_card("??")
        state.deal_board(board)
    assert not state.status
    text = pokerkit.HandHistory.from_game_state(game, state, ante_trimming_status=True).dumps()
    replayed = replay_phh(loads(text)).played
    assert replayed.result is not None
    assert list(replayed.result.stacks) == [int(s) for s in state.stacks]
