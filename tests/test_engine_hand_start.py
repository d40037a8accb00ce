"""The start of a hand (rules.md §3, §5, §6, §8): what a new :class:`Hand` holds before
anyone acts, and the state it starts a round with (no aggressor yet, no all-in raises yet).
"""

from __future__ import annotations

import copy
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine_helpers import make, play
from pokerroom.cards import parse_cards
from pokerroom.engine import (
    ActionKind,
    Event,
    EventKind,
    Hand,
    HandError,
    LegalActions,
    Street,
    random_action,
)
from pokerroom.engine.hand import _known_start
from pokerroom.engine.plan import PlanError, plan_for
from pokerroom.rules import POKERKIT_CONVENTIONS, Reopening, Rules, Structure

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


_SLOTS = [name for cls in Hand.__mro__ for name in getattr(cls, "__slots__", ())]


def _state(hand: Hand) -> dict[str, object]:
    """Every field of a hand (the ones set so far), copied (the plan, shared, by identity)."""
    fields = {name: getattr(hand, name) for name in _SLOTS if hasattr(hand, name)}
    fields["_plan"] = id(fields["_plan"])
    return copy.deepcopy(fields)


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(["no-limit", "casino-limit", "computer-tournament", "pokerkit"]),
    stacks=st.lists(st.integers(1, 30), min_size=2, max_size=7),
    button=st.integers(0, 6),
    seed=st.integers(0, 2**32),
)
def test_a_hand_started_from_the_kept_opening_is_the_hand_started_afresh(
    preset: str, stacks: list[int], button: int, seed: int
) -> None:
    """The first hand of a plan and stacks posts the forced bets and gives the first turn
    itself and keeps the state that leaves; the next hands copy it.  Stacks of 1 to 30
    chips (blinds posted short, seats all-in on the antes, straddles; the first round
    over before anyone acts): the second hand, from the same deck, has every field of the
    first, plays the same random hand to the same events, and leaves the kept state as
    it was (a third hand is the first again)."""
    rules = (
        Rules(structure=Structure.NO_LIMIT, blinds=(1, 2), **POKERKIT_CONVENTIONS)
        if preset == "pokerkit"
        else Rules.preset(preset)
    )
    button %= len(stacks)
    if rules.players is not None and rules.players != len(stacks):
        return
    try:
        plan = plan_for(rules, len(stacks), button)
    except PlanError:
        return
    plan.openings.clear()
    hands = [Hand(rules, stacks, button=button, rng=random.Random(seed)) for _ in range(3)]
    kept = tuple(stacks) in plan.openings
    assert kept == (hands[0].to_act is not None and hands[0].street is Street.PREFLOP
                    and not hands[0].board)  # fmt: skip
    first = _state(hands[0])
    assert _state(hands[1]) == first
    rngs = [random.Random(seed), random.Random(seed)]
    for hand, rng in zip(hands[:2], rngs, strict=True):
        while not hand.is_over:
            if hand.street is Street.SHOWDOWN:
                hand.settle()
            else:
                hand.act(*random_action(hand.legal_actions(), rng))
    assert hands[1].events == hands[0].events
    assert _state(hands[2]) == first
    assert _state(Hand(rules, stacks, button=button, rng=random.Random(seed))) == first


def test_a_hand_from_the_very_stacks_of_an_earlier_hand_is_the_hand_started_afresh() -> None:
    """A table deals every hand from its one tuple of starting stacks: a hand started from
    that very tuple again (its set-up checked the first time, not again) holds every field
    a hand from a fresh list of the same stacks holds, on either button."""
    stacks = (100, 100, 57)
    for button in range(3):
        for seed in range(3):
            afresh = _state(Hand(FL, list(stacks), button=button, rng=random.Random(seed)))
            for _ in range(2):
                again = Hand(FL, stacks, button=button, rng=random.Random(seed))
                assert again.starting_stacks == stacks
                assert _state(again) == afresh
            # (and the next one skips the checks, though the kept state came from a list)
            known = _known_start(FL, stacks, button)
            assert known is not None and known[0] is plan_for(FL, 3, button)


@pytest.mark.parametrize(
    ("started", "stacks", "button", "why"),
    [
        ((100, 100), (100.0, 100), 1, "seat 0 has 100.0 chips"),
        ((100, 100, 1), (100, 100, True), 1, "seat 2 has True chips"),
        ((100, 100), (100, 100), True, "button is True"),
    ],
)
def test_stacks_equal_to_a_started_hands_are_still_checked(
    started: tuple[int, ...], stacks: tuple[int, ...], button: int, why: str
) -> None:
    """Only the very tuple of an earlier hand skips the set-up's checks: an equal one of
    other kinds (a float or a bool chip count, a bool button; each equal to the ints and
    hashed alike) is refused as ever."""
    Hand(FL, started, button=1)
    assert started in plan_for(FL, len(started), 1).openings  # (kept: the next hand's)
    with pytest.raises(HandError, match=re.escape(why)):
        Hand(FL, stacks, button=button)
