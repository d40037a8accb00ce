"""The showdown (rules.md §8–9): who shows first, what is shown or mucked, the pots and the
chips each seat wins, and the events that record them."""

from __future__ import annotations

import pytest

from engine_helpers import make, play
from pokerroom.cards import Card, parse_cards
from pokerroom.engine import Event, EventKind, OddChip, Pot, Street
from pokerroom.evaluator import hand_value
from pokerroom.rules import Rules, Structure

NL = Rules.preset("no-limit")  # blinds 2/4
CT = Rules.preset("computer-tournament")  # 001: announced hands, better or concede
BARE = Rules(structure=Structure.NO_LIMIT, blinds=(), min_bet=1)  # no forced bets
E = EventKind


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# §8 showdown order --------------------------------------------------------------------


def test_checked_around_showdown_starts_at_the_first_live_seat_left_of_the_button() -> None:
    """§8: when the last round was checked around, the first *active* player left of the
    button shows first, then clockwise.  Button 0; seat 1 (left of the button) folded,
    so seat 2 shows first and the button last."""
    hand = make(NL, [100] * 3, button=0)
    play(hand, "c f x")  # the button calls, the small blind folds, the big blind checks
    play(hand, "x x x x x x")  # flop, turn, river checked around
    assert hand.street is Street.SHOWDOWN
    assert hand.to_act == 2
    hand.show()
    assert hand.to_act == 0


# §8 better or concede (001), the engine's default decision -------------------------------


def test_001_default_concedes_a_hand_the_called_hand_beats() -> None:
    """§8 (001): the called player shows first; then each player shows a better or equal
    hand or concedes without showing.  The engine's default (``auto_showdown``) shows
    the called hand and concedes the two hands it beats in every pot they are in."""
    hand = make(CT, [100] * 3, button=0, holes=["7c 2d", "Ah Ad", "Kh Kd"],
                board="2s 5c 9d Th Jc", auto=True)  # fmt: skip
    play(hand, "r10 c c x")  # seat 1 straddles, seats 2 and 0 call, seat 1 checks
    play(hand, "x x x x x x")  # flop and turn checked around
    play(hand, "b20 c c")  # seat 1 bets the river and is called twice
    assert hand.is_over and hand.result is not None
    shows = [(e.kind, e.seat) for e in hand.events if e.kind in (E.SHOW, E.MUCK)]
    assert shows == [(E.SHOW, 1), (E.MUCK, 2), (E.MUCK, 0)]
    assert hand.result.shown == (None, cards("Ah Ad"), None)
    # antes 3 × 2, the straddle called by all three (3 × 10), the river bet (3 × 20)
    assert hand.result.won == (0, 96, 0)


def test_001_settle_concedes_the_beaten_hands_too() -> None:
    """:meth:`Hand.settle` plays the same default decisions, each one legal: a hand the
    called hand beats may only concede (001)."""
    hand = make(CT, [100] * 3, button=0, holes=["7c 2d", "Ah Ad", "Kh Kd"],
                board="2s 5c 9d Th Jc")  # fmt: skip
    play(hand, "r10 c c x x x x x x x b20 c c")
    assert hand.to_act == 1
    hand.show(hand.legal_actions().values[0])  # the called hand: aces
    assert hand.to_act == 2
    assert [k.value for k in hand.legal_actions().kinds] == ["muck"]
    hand.settle()
    assert [(e.kind, e.seat) for e in hand.events if e.kind in (E.SHOW, E.MUCK)] == [
        (E.SHOW, 1), (E.MUCK, 2), (E.MUCK, 0)
    ]  # fmt: skip


# the events of the showdown and the award ------------------------------------------------


def test_show_muck_and_win_events_move_no_chips_and_flag_no_all_in() -> None:
    """A show or muck moves no chips (amount 0, total 0) and is not an all-in; a win's
    amount is the chips won.  Seat 0 bets the river, seat 2 calls, seat 0 shows, seat 2
    mucks, seat 0 wins 4 + 2 + 4 + 10 + 10 = 30."""
    hand = make(NL, [100] * 3, button=0, holes=["Ah Ad", "7c 2d", "Kh Kd"],
                board="2s 5c 9d Th Jc")  # fmt: skip
    play(hand, "c f x x x x x x b10 c")
    assert hand.to_act == 0
    hand.show()
    hand.muck()
    aces = hand_value(parse_cards("Ah Ad"), parse_cards("2s 5c 9d Th Jc"))
    assert hand.events[-3:] == [
        Event(E.SHOW, Street.SHOWDOWN, 0, 0, 0, cards("Ah Ad"), False, aces),
        Event(E.MUCK, Street.SHOWDOWN, 2, 0, 0, (), False, None),
        Event(E.WIN, Street.SHOWDOWN, 0, 30, 0, (), False, None),
    ]
    assert str(hand.events[-2]) == "seat 2 mucks"
    assert str(hand.events[-1]) == "seat 0 wins 30"


def test_run_out_shows_every_hand_then_deals_the_board_with_dealer_events() -> None:
    """§8: betting over before the river with at most one live player holding chips: the
    uncalled part of the bet goes back, every live hand is shown, then the board is run
    out (burn, flop, burn, turn, burn, river; the dealer's events name no seat, seat -1,
    and move no chips).  Seat 0 raises all-in to 100, seat 2 calls all-in for 40: 60 go
    back to seat 0, the 40 it was called for stay in front of it."""
    hand = make(NL, [100, 100, 40], button=0, holes=["Ah Ad", "7c 2d", "Kh Kd"],
                board="2s 5c 9d Th Jc")  # fmt: skip
    play(hand, "r100 f c")
    pre = Street.PREFLOP
    # the burns are the lowest cards no hand or board card names (stacked_deck's fillers)
    assert hand.events[-10:] == [
        Event(E.RETURN, pre, 0, 60, 40, (), False, None),
        Event(E.SHOW, pre, 0, 0, 0, cards("Ah Ad"), False, None),
        Event(E.SHOW, pre, 2, 0, 0, cards("Kh Kd"), False, None),
        Event(E.BURN, Street.FLOP, -1, 0, 0, cards("2c"), False, None),
        Event(E.BOARD, Street.FLOP, -1, 0, 0, cards("2s 5c 9d"), False, None),
        Event(E.BURN, Street.TURN, -1, 0, 0, cards("2h"), False, None),
        Event(E.BOARD, Street.TURN, -1, 0, 0, cards("Th"), False, None),
        Event(E.BURN, Street.RIVER, -1, 0, 0, cards("3c"), False, None),
        Event(E.BOARD, Street.RIVER, -1, 0, 0, cards("Jc"), False, None),
        Event(E.WIN, Street.SHOWDOWN, 0, 82, 0, (), False, None),
    ]
    assert str(hand.events[-9]) == "seat 0 shows Ah Ad"  # it has 60 behind: not all-in
    assert hand.result is not None
    assert hand.result.won == (82, 0, 0)  # 40 + 40 + the small blind's 2
    assert hand.result.stacks == (142, 98, 0)


def test_returned_bet_leaves_the_called_amount_in_front() -> None:
    """§8: only the uncalled part of a bet goes back; the RETURN event's total is what the
    seat still has in front of it this round (the part that was called).  On the river
    seat 0 bets 50 and seat 2 calls all-in for its last 40: 10 go back, 40 stay."""
    hand = make(NL, [100, 100, 44], button=0, holes=["Ah Ad", "7c 2d", "Kh Kd"],
                board="2s 5c 9d Th Jc")  # fmt: skip
    play(hand, "c f x x x x x x b50 c")  # seat 2 had 40 left after the big blind
    back = [e for e in hand.events if e.kind is E.RETURN]
    assert back == [Event(E.RETURN, Street.RIVER, 0, 10, 40, (), False, None)]


# §9 the award ---------------------------------------------------------------------------


def test_a_showdown_for_an_empty_pot_lists_no_pot_and_no_win() -> None:
    """§9: pots of zero chips are not listed.  No forced bets, every round checked: the
    two hands are shown for a pot of nothing; nobody wins a chip."""
    hand = make(BARE, [50, 50], button=0, holes=["Ah Ad", "Kh Kd"],
                board="2s 5c 9d Th Jc", auto=True)  # fmt: skip
    play(hand, "x x x x x x x x")
    assert hand.is_over and hand.result is not None
    assert [e.seat for e in hand.events if e.kind is E.SHOW] == [1, 0]
    assert hand.result.won == (0, 0)
    assert hand.result.pots == ()
    assert not [e for e in hand.events if e.kind is E.WIN]


def test_best_suit_odd_chip_compares_the_hands_as_played_under_min_hole_cards() -> None:
    """§9: the odd chip of a split pot goes to the best hand by suit under ``best-suit``:
    the five cards each tied hand plays.  With ``min_hole_cards=2`` both hole cards must
    play, so on a royal-flush board 3h 2h and 3d 2d both play A K Q 3 2 (a tie), and the
    hearts beat the diamonds: seat 0 gets the odd chip of the 5-chip pot.  (Ignoring the
    hole-card rule, both would play the board's royal flush, the same cards, and the
    chip would go left of the button first, to seat 2.)"""
    rules = NL.replace(blinds=(1, 2), min_hole_cards=2, odd_chip=OddChip.BEST_SUIT)
    hand = make(rules, [100] * 3, button=0, holes=["3h 2h", "7c 8d", "3d 2d"],
                board="As Ks Qs Js Ts", auto=True)  # fmt: skip
    play(hand, "c f x x x x x x x")  # the button calls 2, the small blind folds
    assert hand.is_over and hand.result is not None
    assert hand.result.won == (3, 0, 2)
    assert hand.result.pots == (Pot(5, (0, 2), (0, 2), (3, 2)),)


@pytest.mark.parametrize(
    ("odd_chip", "holes", "won"),
    [
        (OddChip.LEFT_OF_BUTTON, ["", "Ah Kd", "As Kc"], (0, 10, 10, 0)),  # a tie: 10 each
        (OddChip.FIRST_LEFT_OF_BUTTON, ["", "Ah Ad", "Kh Kd"], (0, 20, 0, 0)),
    ],
)  # fmt: skip
def test_chips_of_mucked_hands_above_the_contesting_ones_go_to_the_contesting_seats(
    odd_chip: OddChip, holes: list[str], won: tuple[int, ...]
) -> None:
    """§9: every chip in the pot goes to a hand still contesting it.  Live antes of 0, 0,
    2, 2 by position (button 0: seats 1, 2, 3, 0): after blinds 2/4 called around, seats 1
    and 2 put in 4 each and seats 3 and 0 put in 6 each.  Seats 3 and 0 muck: the pot of
    20 has one layer the two contesting seats share (the mucked 2 + 2 above their 4 join
    it), won by the best hand among them, split equally on a tie."""
    rules = NL.replace(antes=(0, 0, 2, 2), odd_chip=odd_chip)
    hand = make(rules, [100] * 4, button=0, holes=holes, board="2s 5c 9d Th Jh")
    play(hand, "c c c x")  # seats 3, 0 and 1 call the big blind of 4, seat 2 checks
    play(hand, "x x x x x x x x x x x x")  # three rounds checked around
    assert hand.committed == (6, 4, 4, 6)
    assert hand.to_act == 1  # checked around: left of the button first
    play(hand, "s s m m")
    assert hand.result is not None
    assert hand.result.won == won
    winners = tuple(seat for seat in (1, 2) if won[seat])
    assert hand.result.pots == (Pot(20, (1, 2), winners, tuple(won[s] for s in winners)),)


def test_the_best_suit_odd_chip_reads_a_wild_card_as_the_card_it_plays_as() -> None:
    """rules.md §9 (odd chips to the best hand by suit) with deuces wild: the suits
    compared are those of the five cards as played.  Board 6s Qs 4s 2d Kd, antes of 1 and
    blinds 2/4 called: a pot of 15.  Seat 1 (As 4d) and seat 2 (Ks Jh) both play the
    deuce into the ace-high spade flush As Ks Qs 6s 4s (as the king, as the ace): the same
    five cards, so the same suits, and the odd chip goes to the first of them left of the
    button (1): seat 2 wins 8, seat 1 wins 7.  Read as a natural 2d the deuce would give
    seat 1 the higher card (As against Ks) and the chip."""
    rules = Rules.preset("no-limit", odd_chip=OddChip.BEST_SUIT, wild="2", antes=(1, 1, 1))
    hand = make(rules, [101, 100, 100], button=1, holes=["5d 5h", "As 4d", "Ks Jh"],
                board="6s Qs 4s 2d Kd", auto=True)  # fmt: skip
    play(hand, "c c x  x x x  x x x  x x x")
    assert hand.is_over
    assert [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.WIN] == [(1, 7), (2, 8)]
    assert hand.stacks == (96, 102, 103)
