"""The start of a hand (rules.md §3, §5, §6, §8): what a new :class:`Hand` holds before
anyone acts, and the state it starts a round with (no aggressor yet, no all-in raises yet).
"""

from __future__ import annotations

import random

from engine_helpers import make, play
from pokerroom.cards import parse_cards
from pokerroom.engine import ActionKind, Event, EventKind, Hand, LegalActions, Street
from pokerroom.rules import Reopening, Rules

FL = Rules.preset("casino-limit")  # fixed limit 2/4, blinds 1/2
K = ActionKind


def test_without_a_button_given_seat_0_has_the_button() -> None:
    """The button is a parameter (§3); its default is seat 0.  Then (§6, 002) seat 1, left
    of the button, posts the small blind 1, seat 2 the big blind 2, and the pre-flop
    action starts left of the big blind: seat 0."""
    hand = Hand(FL, [100, 100, 100], rng=random.Random(1))
    assert (hand.button, hand.bets, hand.to_act) == (0, (0, 1, 2), 0)


def test_a_hand_that_has_just_started_is_not_over() -> None:
    """Before anyone acts the hand is in play: ``is_over`` is False (a bool), there is no
    result yet, and the pot holds the blinds 1 + 2 = 3."""
    hand = make(FL, [100, 100, 100], button=0)
    assert (hand.is_over, hand.result, hand.pot) == (False, None, 3)


def test_a_run_out_without_any_bet_shows_first_the_player_left_of_the_button() -> None:
    """§8: with no bet or raise in the final round the first live player left of the
    button shows first, then clockwise.  Heads-up (§6) the button, seat 1, posts the small
    blind 1; seat 0 posts the big blind 2, all its chips.  Seat 1 calls 1: the betting is
    over pre-flop, both hands are shown, seat 0 first, and the board is run out.  A-A
    beats K-K on 2c 7h 9s Jd 3c: seat 0 wins the pot of 4 (stacks 4 and 98)."""
    hand = make(FL, [2, 100], button=1, holes=["As Ad", "Kc Kd"], board="2c 7h 9s Jd 3c")
    hand.call()
    shows = [e for e in hand.events if e.kind is EventKind.SHOW]
    assert shows == [
        Event(EventKind.SHOW, Street.PREFLOP, 0, cards=tuple(parse_cards("As Ad"))),
        Event(EventKind.SHOW, Street.PREFLOP, 1, cards=tuple(parse_cards("Kc Kd"))),
    ]
    assert hand.result is not None
    assert hand.result.stacks == (4, 98)


def test_short_all_ins_adding_up_to_a_full_raise_reopen_the_betting_pre_flop() -> None:
    """§5: only a raise of less than a full raise fails to reopen the betting; short
    all-in raises that together make a full raise reopen it (also under PokerKit's
    ``NO_SMALLER`` bookkeeping).  No limit, blinds 2/4: a full raise is 4.  Button seat 0
    (7 chips), small blind seat 1 (9), big blind seat 2, seat 3 (100 each).  Seat 3 calls
    4; seat 0 goes all-in to 7 (a raise of 3); seat 1 all-in to 9 (a raise of 2); seat 2
    calls 9.  Seat 3 faces 3 + 2 = 5 more, at least a full raise: it may fold, call 5, or
    raise to 9 + 4 = 13 up to its 100."""
    rules = Rules.preset("no-limit", reopening=Reopening.NO_SMALLER)
    hand = make(rules, [7, 9, 100, 100], button=0)
    play(hand, "c r7 r9 c")
    assert hand.legal_actions() == LegalActions(
        3, Street.PREFLOP, (K.FOLD, K.CALL, K.RAISE), to_call=5, call=5, min_to=13, max_to=100
    )


def test_without_a_deck_or_a_seeded_rng_the_hand_deals_from_a_system_shuffle() -> None:
    """§4: the cards are shuffled (the default randomness is the system's); each of the
    three players gets two hole cards, six different cards in all, and the betting starts
    (button seat 2: seat 0 posts 1, seat 1 posts 2, seat 2 acts first)."""
    hand = Hand(FL, [100, 100, 100], button=2)
    holes = [hand.hole(seat) for seat in range(3)]
    assert [len(cards) for cards in holes] == [2, 2, 2]
    assert len({card for cards in holes for card in cards}) == 6
    assert (hand.to_act, hand.bets) == (2, (1, 2, 0))
