"""The forced bets and who opens the first round (rules.md §5-7, the conventions of
pokerroom.rules): the events the antes and blinds record, the unit and the minimum raise
the blinds set pre-flop, and the first seat to act under PokerKit's ante trimming."""

from __future__ import annotations

from engine_helpers import make, play
from pokerroom.engine import Event, EventKind, Street
from pokerroom.rules import Reopening, Rules, Structure

CT = Rules.preset("computer-tournament")  # 10/20, ante 2, button blind 5, straddle 10
E = EventKind
PRE = Street.PREFLOP


def test_antes_and_blinds_are_recorded_pre_flop_with_no_bet_in_front_for_an_ante() -> None:
    """§6 (001): every player antes 2, then the button posts the blind of 5.  The
    events are pre-flop; an ante is not a bet of the round (``total`` 0, and the round's
    bets are 0 but the button's 5), a blind's ``total`` is the 5 it puts in front."""
    hand = make(CT, [100] * 3, button=0)
    assert hand.events[:4] == [
        Event(E.ANTE, PRE, 1, 2, 0, (), False, None),
        Event(E.ANTE, PRE, 2, 2, 0, (), False, None),
        Event(E.ANTE, PRE, 0, 2, 0, (), False, None),
        Event(E.BLIND, PRE, 0, 5, 5, (), False, None),
    ]
    assert hand.bets == (5, 0, 0)
    assert hand.committed == (7, 2, 2)


def test_pre_flop_the_unit_is_the_small_bet_not_the_flop_bet() -> None:
    """§5: fixed limit 2/4 (blinds 1/2) with the flop's unit raised to 4.  Pre-flop the
    unit is still the small bet 2: the big blind of 2 is a full bet that opens the round,
    so the first player may raise to 2 + 2 = 4, and that raise counts toward the cap."""
    hand = make(Rules.preset("casino-limit", flop_bet=4), [100] * 3, button=0)
    assert (hand.to_act, str(hand.legal_actions())) == (0, "fold, call 2, raise to 4")
    play(hand, "r4")
    assert hand.raises == 1
    assert (hand.to_act, str(hand.legal_actions())) == (1, "fold, call 3, raise to 6")


def test_a_big_blind_above_the_minimum_bet_sets_the_minimum_raise() -> None:
    """§5 and ``blind_sets_min_raise``: no limit, blinds 2/4, minimum bet 2.  The big
    blind of 4 is the round's opening bet, so a raise is at least its size: to 4 + 4 = 8
    (not 4 + 2 = 6)."""
    hand = make(Rules.preset("no-limit", min_bet=2), [100] * 3, button=0)
    assert (hand.to_act, str(hand.legal_actions())) == (0, "fold, call 4, raise to 8 to 100")


def test_an_all_in_for_less_than_a_sub_minimum_blind_does_not_reopen_under_no_smaller() -> None:
    """``reopening=NO_SMALLER`` (PokerKit): a player may raise again only when it owes at
    least the largest bet or raise of the round; with ``blind_sets_min_raise`` the big
    blind (4, below the minimum bet of 10) is the round's first bet.  Button 0, blinds
    2/4: seat 3 calls 4, the button goes all-in to 7 (a raise of 3), the blinds call.
    Seat 3 owes 3 < 4: it may only call or fold."""
    rules = Rules(structure=Structure.NO_LIMIT, blinds=(2, 4), min_bet=10,
                  reopening=Reopening.NO_SMALLER)  # fmt: skip
    hand = make(rules, [7, 100, 100, 100], button=0)
    play(hand, "c r7 c c")
    assert (hand.to_act, str(hand.legal_actions())) == (3, "fold, call 3")


def test_with_antes_only_and_pokerkit_ante_trimming_the_seat_left_of_the_button_opens() -> None:
    """§6: with no blinds the first seat left of the button acts first (the same with
    ``antes_trimmed_first=False``).  Antes 1, button 1, no limit, minimum bet 1: seat 2
    acts first, owes nothing and may bet 1 to its 99."""
    rules = Rules(structure=Structure.NO_LIMIT, blinds=(), min_bet=1, antes=1,
                  antes_trimmed_first=False)  # fmt: skip
    hand = make(rules, [100] * 3, button=1)
    assert (hand.to_act, str(hand.legal_actions())) == (2, "check, bet 1 to 99")


def test_a_straddler_all_in_from_the_ante_passes_the_first_turn_to_the_next_seat() -> None:
    """§6 (001): the player after the straddler acts first.  Four seats, button 1: seat 2
    posts the small blind 2, seat 3 the big blind 4, seat 0 would straddle.  Antes by
    position 1, 3, 1, 1; seat 0 has 1 (all-in from its ante), seat 3 has 4.  With
    PokerKit's ante trimming (after the blinds), seat 3 posts a blind of 1 (all-in), then
    gets back 2 of its ante (3 against the others' 1) and is no longer all-in.  The
    straddler cannot straddle, so seat 1 (after it) acts first, owing the big blind 4 in
    full; raise to at least 4 + 4 = 8."""
    rules = Rules(structure=Structure.NO_LIMIT, blinds=(2, 4), straddle=8,
                  antes=(1, 3, 1, 1), antes_trimmed_first=False)  # fmt: skip
    hand = make(rules, [1, 100, 100, 4], button=1)
    assert (hand.stacks, hand.bets, hand.all_in) == (
        (0, 99, 97, 2),
        (0, 0, 2, 1),
        (True, False, False, False),
    )
    assert (hand.to_act, str(hand.legal_actions())) == (1, "fold, call 4, raise to 8 to 99")


def test_of_equal_blinds_the_last_is_the_big_blind_under_pokerkit_ante_trimming() -> None:
    """§6 and pokerroom.rules: the big blind is the largest blind, of equal ones the
    last.  Blinds 2/2, three seats, button 1: seat 2 posts the first blind, seat 0 (the
    blind after it, past seat 0 of the table) the big blind, so seat 1 acts first, with
    ``antes_trimmed_first=False`` as with the default."""
    for trimmed_first in (False, True):
        rules = Rules(structure=Structure.NO_LIMIT, blinds=(2, 2),
                      antes_trimmed_first=trimmed_first)  # fmt: skip
        hand = make(rules, [100] * 3, button=1)
        assert (hand.to_act, str(hand.legal_actions())) == (1, "fold, call 2, raise to 4 to 100")
