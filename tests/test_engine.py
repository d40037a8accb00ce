"""The engine's betting, one test per rule of rules.md §3–7 (showdown and award: §8–9 in
test_engine_showdown.py)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from engine_helpers import make, play, snapshot
from pokerroom.cards import JOKER, Deck, DeckError, format_cards, parse_cards
from pokerroom.engine import (
    Action,
    ActionKind,
    EventKind,
    Hand,
    HandError,
    IllegalAction,
    Street,
    deal_order,
    stacked_deck,
)
from pokerroom.rules import Rules, Structure

NL = Rules.preset("no-limit")  # blinds 2/4
FL = Rules.preset("casino-limit")  # 2/4, blinds 1/2, bet + 3 raises
CT = Rules.preset("computer-tournament")  # 10/20, ante 2, button blind 5, straddle 10
BARE = Rules(structure=Structure.NO_LIMIT, blinds=(), min_bet=1)  # §7: no forced bets
K = ActionKind


def kinds(hand: Hand) -> tuple[str, ...]:
    return tuple(k.value for k in hand.legal_actions().kinds)


# §3 players, seats, button ------------------------------------------------------------


def test_two_to_fourteen_players() -> None:
    assert Hand(NL, [100] * 14, rng=random.Random(1)).n == 14
    Hand(NL, [100] * 2, rng=random.Random(1))
    for n in (1, 15):
        with pytest.raises(HandError) as info:
            Hand(NL, [100] * n, rng=random.Random(1))
        assert str(info.value) == f"cannot start the hand: {n} players: a hand has 2 to 14"


def test_bad_setup_lists_every_problem() -> None:
    with pytest.raises(HandError) as info:
        Hand(NL, [100, 0, -5], button=7)
    text = str(info.value)
    assert "seat 1 has 0 chips" in text
    assert "seat 2 has -5 chips" in text
    assert "button 7 is not a seat" in text


@pytest.mark.parametrize(
    ("rules", "stacks", "button", "message"),
    [
        (NL, [100, 1, 0, -5, 7.5], 5,
         "seat 2 has 0 chips: a player needs 1 or more; seat 3 has -5 chips: a player needs 1 "
         "or more; seat 4 has 7.5 chips: not a whole number; button 5 is not a seat (0 to 4)"),
        (NL, [100, 0], 0, "seat 1 has 0 chips: a player needs 1 or more"),
        (NL, [True, 100], 0, "seat 0 has True chips: a truth value (true or false), not a number"),
        (NL, (100, 2.0), 0, "seat 1 has 2.0 chips: not a whole number (an int): write 2"),
        (NL, [10**12 + 1, 100], 0, "seat 0 has 1000000000001 chips: more than 1,000,000,000,000, "
         "the most any amount or count may be"),
        (NL, [100] * 13 + [0], 13, "seat 13 has 0 chips: a player needs 1 or more"),
        (NL, [100], 1, "1 players: a hand has 2 to 14; button 1 is not a seat (0 to 0)"),
        (NL, [], 0, "0 players: a hand has 2 to 14"),
        (NL, [100, 100], "0", "button is '0': text, not a whole number (an int) (a seat, 0 to 1)"),
        (NL, [100, 100], 2, "button 2 is not a seat (0 to 1)"),
        (NL, [100, 100], -1, "button -1 is not a seat (0 to 1)"),
        (NL.replace(players=2), [100, 100, 100], 0, "3 players, but the rules are for 2"),
        (NL.replace(players=2), [100, 0], 0, "seat 1 has 0 chips: a player needs 1 or more"),
        (NL.replace(blinds=(1, 2, 4)), [100, 100], 0,
         "2 players: blinds [1, 2, 4] need 3 players or more"),
    ],
)  # fmt: skip
def test_bad_setup_message_names_exactly_the_problems(
    rules: Rules, stacks: list[object], button: object, message: str
) -> None:
    """§3: 2 to 14 players (or the rules' number), 1 chip or more each, the button on a
    seat; the refusal lists every problem, and only those, in one sentence."""
    with pytest.raises(HandError) as info:
        Hand(rules, stacks, button=button)  # type: ignore[arg-type]
    assert str(info.value) == f"cannot start the hand: {message}"


def test_hands_start_at_the_edges_of_the_set_up_rules() -> None:
    assert Hand(NL.replace(players=2), [100, 100], button=1, rng=random.Random(1)).n == 2
    most = Hand(NL, [10**12, 1, 100], button=0, rng=random.Random(1))  # (1 chip: all-in SB)
    assert most.starting_stacks == (10**12, 1, 100) and most.stacks == (10**12, 0, 96)
    both_all_in = Hand(NL, [1, 1], button=1, rng=random.Random(1))
    assert both_all_in.is_over and sum(both_all_in.stacks) == 2
    assert str(both_all_in).count("posts blind 1 (all-in)") == 2


# §4 the deal --------------------------------------------------------------------------


def test_hole_cards_dealt_one_at_a_time_starting_left_of_button() -> None:
    deck = Deck.stacked(list(range(20)))
    hand = Hand(NL, [100, 100, 100], button=1, deck=deck)
    # the deal goes 2, 0, 1, 2, 0, 1: seat 2 gets cards 0 and 3
    assert [tuple(map(int, hand.hole(s))) for s in range(3)] == [(1, 4), (2, 5), (0, 3)]
    deals = [e.seat for e in hand.events if e.kind is EventKind.DEAL]
    assert deals == [2, 0, 1]


def test_burn_before_flop_turn_and_river() -> None:
    hand = Hand(NL, [100, 100], button=1, deck=Deck.stacked(list(range(20))))
    play(hand, "c x x x x x x x")  # to the showdown, checked down
    assert [int(c) for c in hand.board] == [5, 6, 7, 9, 11]
    burns = [int(e.cards[0]) for e in hand.events if e.kind is EventKind.BURN]
    assert burns == [4, 8, 10]


def test_burn_cards_off_deals_the_board_straight() -> None:
    rules = NL.replace(burn_cards=False)
    hand = Hand(rules, [100, 100], button=1, deck=Deck.stacked(list(range(20))))
    play(hand, "c x x x x x x x")
    assert [int(c) for c in hand.board] == [4, 5, 6, 7, 8]
    assert not [e for e in hand.events if e.kind is EventKind.BURN]


def test_shuffle_from_a_seed_is_reproducible() -> None:
    a = Hand(NL, [100] * 6, rng=random.Random(42))
    b = Hand(NL, [100] * 6, rng=random.Random(42))
    assert [a.hole(s) for s in range(6)] == [b.hole(s) for s in range(6)]
    c = Hand(NL, [100] * 6, rng=random.Random(43))
    assert [a.hole(s) for s in range(6)] != [c.hole(s) for s in range(6)]


def test_short_deck_refused() -> None:
    with pytest.raises(HandError, match="the deck has 10 cards, 3 players need 14"):
        Hand(NL, [100] * 3, deck=Deck.stacked(list(range(10))))


def test_short_deck_without_burns_needs_two_cards_a_player_and_the_board() -> None:
    rules = NL.replace(burn_cards=False)
    with pytest.raises(HandError) as info:
        Hand(rules, [100] * 3, deck=Deck.stacked(list(range(10))))
    assert str(info.value) == "cannot start the hand: the deck has 10 cards, 3 players need 11"
    Hand(rules, [100] * 3, deck=Deck.stacked(list(range(11))))  # exactly enough


def test_a_deck_with_the_joker_is_refused_by_rules_without_it() -> None:
    deck = Deck.stacked(list(range(JOKER - 11, JOKER + 1)))  # 12 cards, the joker last
    with pytest.raises(HandError) as info:
        Hand(NL, [100, 100], deck=deck)
    assert str(info.value) == "cannot start the hand: the deck holds the joker, the rules do not"


def test_deal_order_names_every_card_off_the_deck() -> None:
    """§4: hole cards one at a time from the left of the button, then burn and flop,
    burn and turn, burn and river."""
    hole = [("hole", 0), ("hole", 1), ("hole", 0), ("hole", 1)]
    board = [("board", i) for i in range(5)]
    burn = ("burn", -1)
    burned = [*hole, burn, *board[:3], burn, board[3], burn, board[4]]
    assert deal_order(2, 1, burn_cards=True) == burned
    assert deal_order(2, 1, burn_cards=False) == hole + board
    assert deal_order(3, 0, burn_cards=False)[:6] == [("hole", s) for s in (1, 2, 0, 1, 2, 0)]


def test_stacked_deck_fills_a_seat_given_one_card_with_the_lowest_unnamed() -> None:
    deck = stacked_deck([parse_cards("As"), None], parse_cards("2c"), button=1, burn_cards=False)
    # seat 0 is left of the button: As, then seat 1; 2c is named for the board
    assert format_cards(list(deck)) == "As 2d 2h 2s 2c 3c 3d 3h 3s"
    assert deck.joker is False
    assert stacked_deck([None, None], button=0, burn_cards=False, joker=True).joker is True


@pytest.mark.parametrize(
    ("holes", "board", "message"),
    [
        (["As Ks Qs", None], "", "seat 0 has 3 hole cards: As Ks Qs"),
        ([None, None], "2c 3c 4c 5c 6c 7c",
         "a board has at most five cards, not 6: 2c 3c 4c 5c 6c 7c"),
        (["As Ks", "Qs Kd"], "2c 3c Kd", "Kd is named twice in the cards to stack"),
        (["As Jk", None], "", "the joker is named but the deck has no joker"),
    ],
)  # fmt: skip
def test_stacked_deck_refuses_cards_it_cannot_deal(
    holes: list[str | None], board: str, message: str
) -> None:
    with pytest.raises(DeckError) as info:
        stacked_deck([parse_cards(h) if h else None for h in holes],
                     parse_cards(board, allow_empty=True), button=0, burn_cards=True)  # fmt: skip
    assert str(info.value) == message


@pytest.mark.parametrize("joker", [False, True])
def test_stacked_deck_draws_fillers_from_every_unnamed_card_of_the_deck(joker: bool) -> None:
    """With an ``rng`` the unknown cards are drawn from all the cards not named: the 52
    (53 with the joker), never one outside the deck."""
    named = {int(c) for c in parse_cards("As Ks")}
    drawn: set[int] = set()
    for seed in range(60):
        deck = stacked_deck([parse_cards("As Ks")] + [None] * 13, button=0, burn_cards=True,
                            joker=joker, rng=random.Random(seed))  # fmt: skip
        cards = [int(c) for c in deck]
        assert len(cards) == 36 and len(set(cards)) == 36 and named <= set(cards)
        drawn.update(set(cards) - named)
    assert drawn == set(range(JOKER + 1 if joker else JOKER)) - named


# §5 betting structures -----------------------------------------------------------------


def test_fixed_limit_bet_is_one_unit_of_the_round() -> None:
    hand = make(FL, [100] * 3, button=0)
    legal = hand.legal_actions()  # seat 0 (button) acts first pre-flop with 3 players
    assert (legal.min_to, legal.max_to) == (4, 4)
    play(hand, "c c x")
    assert hand.street is Street.FLOP
    assert (hand.legal_actions().min_to, hand.legal_actions().max_to) == (2, 2)
    play(hand, "x x x")
    assert hand.street is Street.TURN
    assert (hand.legal_actions().min_to, hand.legal_actions().max_to) == (4, 4)
    play(hand, "b4 r8 c c")
    assert hand.street is Street.RIVER
    assert hand.legal_actions().min_to == hand.legal_actions().max_to == 4


def test_big_river_bet() -> None:
    rules = FL.replace(river_bet=8)
    assert rules.units == (2, 2, 4, 8)
    hand = make(rules, [100] * 2, button=1)
    play(hand, "c x x x x x")
    assert hand.street is Street.RIVER
    assert str(hand.legal_actions()) == "check, bet 8"


def test_raise_cap_bet_and_three_raises() -> None:
    hand = make(FL, [100] * 4, button=0)  # seat 3 acts first pre-flop
    play(hand, "r4 r6 r8")  # the big blind is the bet; three raises
    assert kinds(hand) == ("fold", "call")
    with pytest.raises(IllegalAction, match=r"the raise cap is reached \(3 raises\)"):
        hand.raise_to(10)
    play(hand, "c c c")
    assert hand.street is Street.FLOP
    play(hand, "b2 r4 r6 r8")  # after the flop: a bet and three raises
    assert kinds(hand) == ("fold", "call")
    assert hand.raises == 3


def test_raise_cap_per_round() -> None:
    rules = FL.replace(max_raises=[0, 1, 2, 3])
    hand = make(rules, [100] * 2, button=1)
    assert kinds(hand) == ("fold", "call")  # no raise pre-flop
    play(hand, "c x")
    play(hand, "b2 r4")
    assert kinds(hand) == ("fold", "call")


def test_no_limit_minimum_bet_is_the_big_blind() -> None:
    hand = make(NL, [100] * 2, button=1)
    play(hand, "c x")
    assert str(hand.legal_actions()) == "check, bet 4 to 96"
    with pytest.raises(IllegalAction, match="cannot bet 3 on the flop: the minimum is 4"):
        hand.bet(3)


def test_no_limit_raise_is_at_least_the_largest_previous_raise() -> None:
    hand = make(NL, [1000] * 4, button=0)  # seat 3 first
    assert hand.legal_actions().min_to == 8  # big blind 4 + a raise of 4
    hand.raise_to(10)  # a raise of 6
    assert hand.legal_actions().min_to == 16
    hand.raise_to(30)  # a raise of 20
    assert hand.legal_actions().min_to == 50
    with pytest.raises(IllegalAction, match="cannot raise to 49 pre-flop: the minimum is 50"):
        hand.raise_to(49)
    hand.raise_to(50)  # a raise of 20: the minimum stays 20
    assert hand.legal_actions().min_to == 70


def test_no_limit_any_amount_up_to_the_whole_stack() -> None:
    hand = make(NL, [1000, 250, 1000], button=0)
    legal = hand.legal_actions()
    assert legal.max_to == 1000
    hand.raise_to(100)
    assert hand.legal_actions().max_to == 250  # seat 1: its blind of 2 and 248 behind
    hand.raise_to(250)
    assert str(hand.legal_actions()) == "fold, call 246, raise to 400 to 1000"


def test_pot_limit_maximum_is_the_pot_after_calling() -> None:
    rules = Rules(structure=Structure.POT_LIMIT, blinds=(2, 4))
    hand = make(rules, [1000] * 4, button=0)
    # pot 6, call 4: the pot is 10, a raise of 10 goes to 14
    assert (hand.legal_actions().min_to, hand.legal_actions().max_to) == (8, 14)
    with pytest.raises(IllegalAction, match=r"the maximum is 14 \(pot limit\)"):
        hand.raise_to(15)
    hand.raise_to(14)
    # pot 20, seat 0 calls 14: pot 34, raise to 14 + 34 = 48
    assert hand.legal_actions().max_to == 48


def test_short_all_in_does_not_reopen_betting() -> None:
    hand = make(BARE, [1000, 1000, 60], button=2)
    play(hand, "b40 c r60")  # seat 2 all-in for 20 more: less than a full raise of 40
    assert hand.to_act == 0
    assert str(hand.legal_actions()) == "fold, call 20"
    with pytest.raises(IllegalAction, match="did not reopen the betting"):
        hand.raise_to(100)
    play(hand, "c c")
    assert hand.street is Street.FLOP


def test_short_all_in_leaves_players_yet_to_act_free_to_raise() -> None:
    hand = make(BARE, [1000, 60, 1000], button=2)
    play(hand, "b40 r60")  # seat 1 all-in short
    assert hand.to_act == 2
    assert hand.legal_actions().min_to == 100  # a full raise of 40 over 60
    hand.raise_to(100)
    assert "raise" in kinds(hand)  # seat 0 faces a full raise: reopened


def test_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    hand = make(BARE, [1000, 1000, 60, 85], button=3)
    play(hand, "b40 c r60 r85")  # 20 + 25: a full raise of 45 over seat 0's and 1's 40
    assert hand.to_act == 0
    assert hand.legal_actions().min_to == 125
    hand.call()
    assert "raise" in kinds(hand)  # seat 1 too


# §6 forced bets ------------------------------------------------------------------------


def test_antes_from_every_player() -> None:
    rules = NL.replace(antes=1)
    hand = make(rules, [100] * 4, button=0)
    antes = [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.ANTE]
    assert antes == [(1, 1), (2, 1), (3, 1), (0, 1)]
    assert hand.committed == (1, 3, 5, 1)
    assert hand.pot == 10


def test_antes_per_position() -> None:
    rules = NL.replace(antes=[0, 4, 0], dead_antes=True)  # a big-blind ante
    hand = make(rules, [100] * 3, button=2)
    assert hand.committed == (2, 8, 0)


def test_short_stack_posts_all_it_has_and_is_all_in() -> None:
    hand = make(NL.replace(antes=1), [100, 100, 3], button=0)  # seat 2, big blind, has 3
    assert hand.committed == (1, 3, 3)
    assert hand.all_in == (False, False, True)
    blind = next(e for e in hand.events if e.kind is EventKind.BLIND and e.seat == 2)
    assert blind.amount == 2
    assert blind.all_in


def test_all_in_on_the_ante_posts_no_blind() -> None:
    hand = make(NL.replace(antes=5), [100, 100, 3], button=0)
    assert hand.committed == (5, 7, 3)
    assert hand.bets == (0, 2, 0)
    assert hand.to_act == 0
    assert hand.legal_actions().to_call == 4  # the big blind is owed in full all the same


def test_short_all_in_big_blind_must_still_be_called_in_full() -> None:
    # Blinds 2/4; the big blind has 3 and is all-in.  The others call the full 4, the
    # minimum raise is to 8, and the part above 3 forms a side pot.
    hand = make(NL, [100, 100, 3, 100], button=0)
    assert hand.bets == (0, 2, 3, 0)
    assert str(hand.legal_actions()) == "fold, call 4, raise to 8 to 100"
    assert hand.view(3).to_call == 4 and hand.view(0).to_call == 4
    play(hand, "c c")  # seats 3 and 0 call the full 4
    assert hand.committed == (4, 2, 3, 4)
    assert str(hand.legal_actions()) == "fold, call 2, raise to 8 to 100"  # the small blind
    play(hand, "c")
    assert hand.street is Street.FLOP
    assert hand.committed == (4, 4, 3, 4)


def test_short_all_in_big_blind_heads_up_returns_the_small_blind_excess() -> None:
    hand = make(NL, [100, 1], button=0)  # heads-up: the button posts 2, the big blind 1
    assert hand.is_over  # nobody can bet against the button: the board runs out
    assert sum(hand.stacks) == 101
    returned = [e for e in hand.events if e.kind is EventKind.RETURN]
    assert [(e.seat, e.amount) for e in returned] == [(0, 1)]  # the uncalled part


def test_casino_blinds_and_order_of_action() -> None:
    hand = make(FL, [100] * 4, button=0)
    assert hand.bets == (0, 1, 2, 0)
    assert hand.to_act == 3  # left of the big blind
    play(hand, "c c c x")
    assert hand.street is Street.FLOP
    assert hand.to_act == 1  # first active player left of the button


def test_big_blind_is_live() -> None:
    hand = make(FL, [100] * 3, button=0)
    play(hand, "c c")
    assert hand.to_act == 2
    assert str(hand.legal_actions()) == "check, raise to 4"


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    hand = make(FL, [100, 100], button=1)
    assert hand.bets == (2, 1)
    assert hand.to_act == 1
    play(hand, "c x")
    assert hand.to_act == 0


def test_sub_minimum_big_blind_may_be_completed() -> None:
    rules = FL.replace(small_bet=4, big_bet=8, max_raises=1, blinds=(1, 2))
    hand = make(rules, [100] * 3, button=0)
    assert str(hand.legal_actions()) == "fold, call 2, raise to 4"  # complete to a full bet
    hand.raise_to(4)  # the completion is the round's bet, not a raise
    assert hand.raises == 0
    assert hand.legal_actions().min_to == 8
    hand.raise_to(8)
    assert kinds(hand) == ("fold", "call")  # one raise: the cap


def test_computer_tournament_ante_button_blind_and_straddle() -> None:
    hand = make(CT, [1000] * 4, button=0)
    assert hand.committed == (7, 2, 2, 2)  # antes of 2; the button's blind of 5
    assert hand.to_act == 1
    assert str(hand.legal_actions()) == "fold, raise to 10"
    hand.raise_to(10)
    straddle = hand.events[-1]
    assert (straddle.kind, straddle.seat, straddle.total) == (EventKind.STRADDLE, 1, 10)
    assert hand.to_act == 2
    assert str(hand.legal_actions()) == "fold, call 10, raise to 20"
    play(hand, "c c c")  # seat 2, 3 and the button call
    assert hand.to_act == 1  # the straddle is live
    assert str(hand.legal_actions()) == "check, raise to 20"


def test_ante_rule_half_low_limit() -> None:
    rules = CT.replace(ante_rule="half-low-limit", antes=0)
    hand = make(rules, [1000] * 3, button=0)
    assert [e.amount for e in hand.events if e.kind is EventKind.ANTE] == [5, 5, 5]


def test_straddle_may_fold() -> None:
    hand = make(CT, [1000] * 4, button=0)
    refused = "seat 1 cannot call pre-flop: this seat must straddle 10 or fold"
    with pytest.raises(IllegalAction, match=refused):
        hand.call()
    hand.fold()
    assert hand.to_act == 2
    assert str(hand.legal_actions()) == "fold, call 5, raise to 15"  # 001: call + L
    play(hand, "f f")
    assert hand.is_over
    assert hand.result is not None
    assert hand.result.net == (6, -2, -2, -2)  # the button takes the antes; its blind returns


def test_straddle_all_in_for_less() -> None:
    hand = make(CT, [1000, 9, 1000], button=0)  # 7 behind after the ante
    assert str(hand.legal_actions()) == "fold, raise to 7"
    hand.raise_to(7)
    assert hand.all_in[1]
    hand2 = make(CT, [1000, 6, 1000], button=0)  # 4 behind: less than the blind
    assert str(hand2.legal_actions()) == "fold, call 4 (all-in)"


def test_go_all_in_straddles_short_when_no_blind_was_posted() -> None:
    rules = Rules(structure=Structure.NO_LIMIT, blinds=(), straddle=10, min_bet=10)
    hand = make(rules, [100, 6, 100], button=0)  # seat 1 must straddle 10 or fold
    assert str(hand.legal_actions()) == "fold, raise to 6"
    hand.go_all_in()
    straddle = hand.events[-1]
    assert (straddle.kind, straddle.seat, straddle.total, straddle.all_in) == (
        EventKind.STRADDLE, 1, 6, True,
    )  # fmt: skip


def test_raise_cap_excludes_straddle() -> None:
    hand = make(CT, [1000] * 4, button=0)
    play(hand, "r10 r20 r30 r40")  # the straddle, then three raises
    assert kinds(hand) == ("fold", "call")


def test_raise_cap_counts_straddle_when_configured() -> None:
    hand = make(CT.replace(straddle_counts=True), [1000] * 4, button=0)
    play(hand, "r10 r20 r30")
    assert kinds(hand) == ("fold", "call")


def test_check_raise_off() -> None:
    hand = make(FL.replace(check_raise=False), [100] * 4, button=0)
    play(hand, "c c c x")  # to the flop
    play(hand, "x b2 r4 f")  # seat 1 checks, seat 2 bets, seat 3 raises, seat 0 folds
    assert hand.to_act == 1
    assert str(hand.legal_actions()) == "fold, call 4"
    with pytest.raises(IllegalAction) as refused:
        hand.raise_to(6)
    assert str(refused.value) == (
        "seat 1 cannot raise to 6 on the flop: check-raise is not allowed and this seat "
        "checked this round (legal: fold, call 4)"
    )
    assert hand.legal_actions().why == "check-raise is not allowed and this seat checked this round"
    play(hand, "c r6 c")  # when the turn comes back after a raise, seat 1 may raise
    assert hand.to_act == 1
    assert "raise" in kinds(hand)


def test_check_raise_on() -> None:
    hand = make(FL, [100] * 4, button=0)
    play(hand, "c c c x x b2 r4 f")
    assert str(hand.legal_actions()) == "fold, call 4, raise to 6"


def test_all_in_only_when_short() -> None:
    # 001: 15 behind facing the straddle of 10: call, not all-in for 15
    hand = make(CT, [1000, 1000, 17], button=0)
    hand.raise_to(10)
    assert str(hand.legal_actions()) == "fold, call 10"
    # elsewhere a short stack may raise all-in for less than a full raise
    hand2 = make(FL, [100, 100, 100, 3], button=0)
    assert str(hand2.legal_actions()) == "fold, call 2, raise to 3"


def test_all_in_call_for_less_is_allowed_when_short() -> None:
    hand = make(CT, [1000, 1000, 8], button=0)  # 6 behind facing 10
    hand.raise_to(10)
    assert str(hand.legal_actions()) == "fold, call 6 (all-in)"
    hand.go_all_in()
    assert hand.all_in[2]


def test_console_game_preset_no_limit_two_four() -> None:
    hand = make(NL, [1000] * 3, button=0)
    assert hand.bets == (0, 2, 4)
    assert str(hand.legal_actions()) == "fold, call 4, raise to 8 to 1000"


# §7 the betting round ------------------------------------------------------------------


def test_check_only_when_nothing_is_owed() -> None:
    hand = make(FL, [100] * 4, button=0)
    with pytest.raises(IllegalAction) as info:
        hand.check()
    assert str(info.value) == (
        "seat 3 cannot check pre-flop: 2 to call (legal: fold, call 2, raise to 4)"
    )


def test_illegal_action_names_the_flop_and_legal_choices() -> None:
    hand = make(NL, [100] * 4, button=0)
    play(hand, "r24 f f c")
    play(hand, "b20")  # seat 2 bets 20 on the flop
    with pytest.raises(IllegalAction) as info:
        hand.check()
    assert str(info.value) == (
        "seat 3 cannot check on the flop: 20 to call (legal: fold, call 20, raise to 40 to 76)"
    )


def test_illegal_action_leaves_the_hand_unchanged() -> None:
    hand = make(NL, [100] * 3, button=0)
    before = snapshot(hand)
    for bad in (Action.check(), Action.bet(10), Action.raise_to(5), Action.raise_to(101),
                Action.show(), Action.muck()):  # fmt: skip
        assert not hand.is_legal(bad)
        with pytest.raises(IllegalAction):
            hand.apply(bad)
        assert snapshot(hand) == before


def test_out_of_turn_action_is_refused() -> None:
    hand = make(NL, [100] * 3, button=0)
    with pytest.raises(IllegalAction) as info:
        hand.apply(Action.call(), seat=1)
    assert str(info.value) == (
        "seat 1 cannot call pre-flop: it is seat 0's turn "
        "(legal for seat 0: fold, call 4, raise to 8 to 100)"
    )
    assert not hand.is_legal(Action.call(), seat=1)
    assert hand.is_legal(Action.call(), seat=0)


def test_no_action_once_the_hand_is_over() -> None:
    hand = make(NL, [100] * 3, button=0)
    play(hand, "f f")
    for kind, shown in ((K.FOLD, "'fold'"), ("x", "'x'")):
        with pytest.raises(IllegalAction) as info:
            hand.act(kind)  # type: ignore[arg-type]
        assert str(info.value) == f"no action is possible: the hand is over ({shown})"
    with pytest.raises(IllegalAction) as info:
        hand.legal_actions()
    assert str(info.value) == "nobody is to act: the hand is over"


def test_fold_refused_when_check_is_free() -> None:
    hand = make(NL, [100] * 2, button=1)
    play(hand, "c")
    with pytest.raises(IllegalAction, match=r"nothing to call \(check instead\)"):
        hand.fold()


def test_bet_and_raise_are_not_interchangeable() -> None:
    hand = make(NL, [100] * 2, button=1)
    with pytest.raises(IllegalAction, match=r"there is a bet of 4 already \(raise instead\)"):
        hand.bet(8)
    play(hand, "c x")
    with pytest.raises(IllegalAction, match=r"no bet to raise \(bet instead\)"):
        hand.raise_to(8)
    hand.bet_or_raise(8)  # the replay form (PHH cbr) takes either
    hand.check_or_call()
    assert hand.street is Street.TURN


def test_call_puts_in_exactly_what_is_owed() -> None:
    hand = make(NL, [100] * 3, button=0)
    play(hand, "r10")
    hand.call()  # the small blind owes 8
    assert hand.bets == (10, 10, 4)
    assert hand.stacks == (90, 90, 96)


def test_all_in_and_folded_players_are_skipped() -> None:
    hand = make(NL, [100, 20, 100, 100], button=0)
    play(hand, "f r20")  # seat 3 folds; seat 0 raises to 20
    play(hand, "c c")  # seat 1 calls all-in, seat 2 calls
    assert hand.street is Street.FLOP
    assert hand.to_act == 2  # seat 1 all-in, seat 3 folded
    play(hand, "x x")
    assert hand.street is Street.TURN


def test_round_ends_when_every_active_player_has_matched() -> None:
    hand = make(NL, [100] * 3, button=0)
    play(hand, "r12 c")
    assert hand.street is Street.PREFLOP  # the big blind has not acted
    hand.call()
    assert hand.street is Street.FLOP
    assert hand.committed == (12, 12, 12)


def test_seven_player_betting_interval() -> None:
    # rules.md §7 (000): no forced bets, minimum bet 1, players A-G in seats 0-6
    hand = make(BARE, [100] * 7, button=6)
    play(hand, "b1 c f r3 c r6 f")  # A bets, B calls, C folds, D 3, E calls, F 6, G folds
    play(hand, "c f c r11 r16 f c c")  # A calls, B folds, D calls, E 11, F 16, A folds, D, E
    assert hand.street is Street.FLOP
    assert hand.committed == (6, 1, 0, 16, 16, 16, 0)
    assert hand.pot == 55
    assert [s for s in range(7) if not hand.folded[s]] == [3, 4, 5]
    calls = [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.CALL]
    assert calls[2:4] == [(0, 5), (3, 3)]  # A puts in 5 more, D 3 more


def test_everyone_folds_the_last_player_wins_without_showing() -> None:
    hand = make(NL, [100] * 4, button=0)
    play(hand, "r12 f f f")
    assert hand.is_over
    assert hand.result is not None
    assert hand.result.net == (0, -2, -4, 6)
    assert not [e for e in hand.events if e.kind is EventKind.SHOW]
    assert hand.result.shown == (None, None, None, None)
    assert hand.board == ()


def test_go_all_in_raises_or_calls() -> None:
    hand = make(NL, [100, 100, 30], button=0)
    hand.go_all_in()  # seat 0: a raise to 100
    assert hand.all_in == (True, False, False)
    hand.fold()
    hand.go_all_in()  # seat 2: calls all-in for 26 more
    call = [e for e in hand.events if e.kind is EventKind.CALL][-1]
    assert (call.seat, call.amount, call.all_in) == (2, 26, True)
    assert hand.is_over  # both all-in: the board is run out


def test_hand_amount_converts_to_round_amount() -> None:
    hand = make(NL, [100] * 2, button=1)
    play(hand, "r12 c")
    # ACPC r40: to 40 chips in the whole hand; 12 were put in pre-flop
    assert hand.round_amount(40) == 28
    hand.bet(hand.round_amount(40))
    assert hand.committed[0] == 40


def test_round_amount_of_any_seat_counts_only_earlier_rounds() -> None:
    hand = make(NL, [100] * 3, button=0)
    play(hand, "r12 c f")  # the big blind (seat 2) folds having put in 4
    assert (hand.street, hand.to_act) == (Street.FLOP, 1)
    assert hand.round_amount(40) == 28
    assert hand.round_amount(40, seat=2) == 36
    hand.bet(10)  # seat 1 has 22 in the hand, 10 of them this round
    assert hand.round_amount(40, seat=1) == 28
    assert hand.round_amount(40) == 28  # seat 0, to act
    assert hand.round_amount(40, seat=0) == 28  # seat 0 named: the first seat is a seat


def test_round_amount_without_a_seat_to_act_or_of_a_seat_not_at_the_table_is_refused() -> None:
    """Once the hand is over nobody is to act, so there is no default seat (the last seat
    was once answered for, read as seat -1); a seat the hand does not have is refused
    too, never read from the end of the list."""
    hand = make(NL, [100] * 3, button=0)
    with pytest.raises(IndexError) as info:
        hand.round_amount(40, seat=-1)
    assert str(info.value) == "no seat -1 (seats 0 to 2)"
    with pytest.raises(IndexError) as info:
        hand.round_amount(40, seat=3)
    assert str(info.value) == "no seat 3 (seats 0 to 2)"
    play(hand, "r20 f f")
    assert hand.is_over
    with pytest.raises(IllegalAction) as info:
        hand.round_amount(50)
    assert str(info.value) == "nobody is to act: the hand is over (name a seat)"


def test_go_all_in_refused_when_the_bet_is_limited_or_not_reopened() -> None:
    pot_limit = make(Rules(structure=Structure.POT_LIMIT, blinds=(2, 4)), [1000] * 2, button=1)
    before = snapshot(pot_limit)
    with pytest.raises(IllegalAction) as info:
        pot_limit.go_all_in()  # the pot limits a raise to 12
    assert str(info.value) == (
        "seat 1 cannot go all-in pre-flop: the bet is limited "
        "(legal: fold, call 2, raise to 8 to 12)"
    )
    assert snapshot(pot_limit) == before
    hand = make(NL, [100, 100, 7], button=0)
    play(hand, "c c x x b3 c")  # seat 1 checked; seat 2 bet all-in for 3
    before = snapshot(hand)
    with pytest.raises(IllegalAction) as info:
        hand.go_all_in()
    assert str(info.value) == (
        "seat 1 cannot go all-in on the flop: an all-in for less than a full raise did not "
        "reopen the betting (legal: fold, call 3)"
    )
    assert snapshot(hand) == before


def test_bet_or_raise_without_either_is_refused_as_a_raise_over_a_bet_else_a_bet() -> None:
    hand = make(NL, [100, 100, 7], button=0)
    play(hand, "c c x x b3 c")
    with pytest.raises(IllegalAction) as info:
        hand.bet_or_raise(10)
    assert str(info.value) == (
        "seat 1 cannot raise to 10 on the flop: an all-in for less than a full raise did not "
        "reopen the betting (legal: fold, call 3)"
    )
    showdown = make(NL, [100] * 2, button=1)
    play(showdown, "c x x x x x x x")
    with pytest.raises(IllegalAction) as info:
        showdown.bet_or_raise(10)
    assert str(info.value) == (
        "seat 0 cannot bet 10 at the showdown: the betting is over (legal: show, muck)"
    )


def test_actions_parse_and_print() -> None:
    for text in ("fold", "check", "call", "bet 20", "raise to 40", "show", "muck", "show 1234"):
        action = Action.parse(text)
        assert str(action) == text
        assert Action.parse(str(action)) == action
        assert eval(repr(action)) == action
        assert copy.deepcopy(action) == action == pickle.loads(pickle.dumps(action))
    assert Action.parse("r40") == Action.raise_to(40)
    assert Action.parse("x") == Action.check()
    with pytest.raises(ValueError, match="not an action: 'jump'"):
        Action.parse("jump")
    with pytest.raises(ValueError, match="needs an amount"):
        Action.parse("bet")


def test_stacked_deck_deals_the_named_cards() -> None:
    hand = make(NL, [100] * 3, button=1, holes=["As Ks", None, "2c 2d"], board="Ah Kh Qh Jh Th")
    assert format_cards(hand.hole(0)) == "As Ks"
    assert format_cards(hand.hole(2)) == "2c 2d"
    play(hand, "c c x x x x x x x x x x")
    assert hand.street is Street.SHOWDOWN
    hand.settle()
    assert format_cards(hand.board) == "Ah Kh Qh Jh Th"
    assert hand.result is not None
    assert hand.result.net == (0, 0, 0)  # the board plays: a royal flush for everyone


def test_no_limit_raise_over_a_short_all_in_bet_is_a_full_bet_more() -> None:
    hand = make(NL, [100, 100, 7], button=1)  # seat 2, the small blind, has 7
    play(hand, "c c x")  # pre-flop: 4 each; seat 2 has 3 left
    play(hand, "b3")  # seat 2 bets all-in for 3, less than the minimum bet of 4
    assert hand.to_act == 0
    assert str(hand.legal_actions()) == "fold, call 3, raise to 7 to 96"  # 3 + a full bet


def test_fixed_limit_short_all_in_bet_is_completed() -> None:
    hand = make(FL, [100, 100, 3], button=1)  # seat 2, the small blind, has 3
    play(hand, "c c x")
    assert hand.street is Street.FLOP
    play(hand, "b1")  # seat 2 bets its last chip
    assert str(hand.legal_actions()) == "fold, call 1, raise to 2"  # complete to one unit
    assert hand.to_act == 0
    hand.raise_to(2)
    assert hand.raises == 0  # the completion is the round's bet
    assert str(hand.legal_actions()) == "fold, call 2, raise to 4"


def test_checked_player_facing_a_short_all_in_bet_may_not_raise() -> None:
    hand = make(NL, [100, 100, 7], button=0)  # seat 2, the big blind, has 7
    play(hand, "c c x")
    play(hand, "x b3")  # seat 1 checks; seat 2 bets all-in for 3
    assert str(hand.legal_actions()) == "fold, call 3, raise to 7 to 96"  # seat 0 may raise
    hand.call()
    assert str(hand.legal_actions()) == "fold, call 3"  # seat 1 checked: not reopened


def test_player_left_alone_with_nothing_to_call_is_not_asked() -> None:
    hand = make(NL, [100, 100, 2], button=2)
    play(hand, "c f")  # the button calls all-in for 2, the small blind folds
    assert hand.is_over  # the big blind, alone with chips and owing nothing, is not asked
