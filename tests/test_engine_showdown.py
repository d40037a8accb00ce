"""The end of a hand (rules.md §8–9), the worked hand of §13, wild cards, the views a
seat gets and the event log."""

from __future__ import annotations

import random

import pytest

from engine_helpers import make, play, play_random, rules_13_hand, view_cards
from pokerroom.cards import Card, format_cards, parse_cards
from pokerroom.engine import (
    Action,
    ActionKind,
    EventKind,
    Hand,
    IllegalAction,
    OddChip,
    PlayerView,
    Pot,
    Street,
    TieSplit,
    default_action,
)
from pokerroom.engine.view import make_view
from pokerroom.evaluator import Category, evaluate, made_values, value_of
from pokerroom.rules import Rules, ShowRule, Structure

NL = Rules.preset("no-limit")
FL = Rules.preset("casino-limit")
BARE = Rules(structure=Structure.NO_LIMIT, blinds=(), min_bet=1)
ROYAL = "As Ks Qs Js Ts"


def shows(hand: Hand) -> list[int]:
    return [e.seat for e in hand.events if e.kind is EventKind.SHOW]


# §8 end of the hand ---------------------------------------------------------------------


def test_uncalled_bet_is_returned() -> None:
    hand = make(NL, [100] * 4, button=0)
    play(hand, "r50 f f f")
    back = [e for e in hand.events if e.kind is EventKind.RETURN]
    assert [(e.seat, e.amount) for e in back] == [(3, 46)]  # 50 less the big blind's 4
    assert hand.result is not None
    assert hand.result.net == (0, -2, -4, 6)


def test_uncalled_part_of_a_bet_is_returned_against_an_all_in() -> None:
    hand = make(NL, [100, 100, 40], button=0, holes=["Ah Ad", "7c 2d", "Kh Kd"],
                board="2s 5c 9d Th Jc")  # fmt: skip
    play(hand, "r100 f c")  # seat 2 calls all-in for 40
    back = [e for e in hand.events if e.kind is EventKind.RETURN]
    assert [(e.seat, e.amount) for e in back] == [(0, 60)]
    assert hand.result is not None
    assert hand.result.net == (42, -2, -40)


def test_showdown_order_last_aggressor_first() -> None:
    hand = make(NL, [100] * 3, button=0)
    play(hand, "c c x")  # pre-flop
    play(hand, "x x x x x x")  # flop, turn
    play(hand, "x b10 c c")  # river: seat 2 bets
    assert hand.street is Street.SHOWDOWN
    assert hand.to_act == 2
    assert str(hand.legal_actions()) == "show, muck"
    hand.show()
    assert hand.to_act == 0  # then clockwise


def test_showdown_order_checked_around_starts_left_of_button() -> None:
    hand = make(NL, [100] * 3, button=0)
    play(hand, "c c x x x x x x x x x x")
    assert hand.street is Street.SHOWDOWN
    assert hand.to_act == 1


def test_all_in_players_are_always_shown() -> None:
    hand = make(NL, [100, 100, 30], button=0, holes=["2c 3d", "Ah Ad", "7h 7d"],
                board="Kc 9s 5d 4h Jc")  # fmt: skip
    play(hand, "c c r30 c c")  # seat 2 all-in pre-flop; seats 0 and 1 call
    play(hand, "x x x x b10 c")  # seat 1 bets the river, seat 0 calls
    assert hand.to_act == 1
    hand.show()
    # seat 2 is all-in: shown without being asked; seat 0 decides
    assert shows(hand) == [1, 2]
    assert hand.to_act == 0
    with pytest.raises(IllegalAction, match="cannot check at the showdown: the betting is over"):
        hand.check()
    with pytest.raises(IllegalAction) as info:
        hand.go_all_in()
    assert str(info.value) == (
        "seat 0 cannot go all-in at the showdown: the betting is over (legal: show, muck)"
    )
    hand.muck()
    assert hand.result is not None
    assert hand.result.shown[0] is None
    assert hand.result.net == (-40, 70, -30)  # main pot 90, side pot 20


def test_mucking_concedes_the_pot() -> None:
    hand = make(NL, [100] * 2, button=1, holes=["Ah Ad", "7c 2d"], board="Kc 9s 5d 4h Jc")
    play(hand, "c x x x x x b10 c")  # seat 0 bets the river
    hand.show()
    hand.muck()  # seat 1 concedes
    assert hand.result is not None
    assert hand.result.net == (14, -14)


def test_better_hand_mucked_loses() -> None:
    hand = make(NL, [100] * 2, button=1, holes=["7c 2d", "Ah Ad"], board="Kc 9s 5d 4h Jc")
    play(hand, "c x x x x x b10 c")
    hand.show()
    hand.muck()  # seat 1 had aces but mucked: the shown hand takes it
    assert hand.result is not None
    assert hand.result.net == (14, -14)


def test_last_hand_after_every_other_mucked_wins_without_showing() -> None:
    hand = make(NL, [100] * 3, button=0, holes=["2c 3d", "7c 8d", "Ah Ad"])
    play(hand, "c c x x x x x x x x x x")
    assert hand.to_act == 1
    play(hand, "m m")  # seats 1 and 2 concede
    assert hand.is_over
    assert shows(hand) == []
    assert hand.result is not None
    assert hand.result.winners == (0,)


def test_cards_speak_best_hand_wins() -> None:
    hand = make(NL, [100] * 3, button=0, holes=["Kc Kd", "Qs Qh", "9c 9d"],
                board="2s 5c 9h Th Jc", auto=True)  # fmt: skip
    play(hand, "c c x x x x x x x x x x")
    assert hand.result is not None
    assert hand.result.winners == (2,)  # three nines
    assert hand.result.net == (-4, -4, 8)


def test_auto_showdown_mucks_hands_that_cannot_win() -> None:
    hand = make(NL, [100] * 3, button=0, holes=["Kc Kd", "Qs Qh", "9c 9d"],
                board="2s 5c 9h Th Jc", auto=True)  # fmt: skip
    play(hand, "c c x x x x x x x x x x")
    # seat 1 shows first (checked around); seat 2 beats it; seat 0 cannot win
    assert shows(hand) == [1, 2]
    assert [e.seat for e in hand.events if e.kind is EventKind.MUCK] == [0]


def test_settle_plays_the_default_decisions() -> None:
    hand = make(NL, [100] * 3, button=0, holes=["Kc Kd", "Qs Qh", "9c 9d"],
                board="2s 5c 9h Th Jc")  # fmt: skip
    play(hand, "c c x x x x x x x x x x")
    assert hand.default_action() == Action.show()
    hand.settle()
    assert shows(hand) == [1, 2]


def test_board_runs_out_when_the_betting_is_over() -> None:
    hand = make(NL, [100, 100], button=1, holes=["Ah Ad", "Kh Kd"], board="2c 7s 9d Jc Kc")
    play(hand, "r100 c")
    assert hand.is_over
    kinds = [e.kind for e in hand.events]
    first_board = kinds.index(EventKind.BOARD)
    assert kinds.index(EventKind.SHOW) < first_board  # every hand is shown, then run out
    assert len([k for k in kinds if k is EventKind.BOARD]) == 3
    assert hand.result is not None
    assert hand.result.net == (-100, 100)  # kings make a set on the river


def test_default_action_is_check_if_free_else_fold() -> None:
    hand = make(NL, [100] * 2, button=1)
    assert hand.default_action() == Action.fold()
    hand.call()
    assert hand.default_action() == Action.check()


def test_the_last_hand_left_after_a_fold_and_a_muck_wins_without_showing() -> None:
    """§8: each player shows or concedes; when every other hand still in has been
    conceded (here one folded before the showdown, one mucked at it), the last takes the
    pot without a decision and without showing (§7: "shows nothing")."""
    hand = make(NL, [100] * 3, button=0, holes=["Kc Kd", "Qs Qh", "9c 9d"],
                board="2s 5c 9h Th Jc")  # fmt: skip
    play(hand, "c f x x x x x x x")  # the small blind folds; seats 2 and 0 check it down
    assert hand.street is Street.SHOWDOWN and hand.to_act == 2  # left of the button
    assert hand.legal_actions().kinds == (ActionKind.SHOW, ActionKind.MUCK)
    play(hand, "m")  # seat 2 concedes its set of nines
    assert hand.is_over and hand.to_act is None
    assert shows(hand) == []
    assert hand.result is not None
    assert hand.result.net == (6, -2, -4)  # seat 0 takes the pot of 4 + 2 + 4

    hand = make(NL, [100] * 3, button=0, holes=["Kc Kd", "Qs Qh", "9c 9d"],
                board="2s 5c 9h Th Jc")  # fmt: skip
    play(hand, "c c x x x x x x x x x x")
    play(hand, "s s")  # seat 1 shows queens, seat 2 a set of nines
    assert hand.to_act == 0
    assert hand.default_action() == Action.muck()  # kings cannot win


# announced hands (001) -------------------------------------------------------------------

ANNOUNCED = NL.replace(showdown="announced")


def test_announced_hand_the_cards_do_not_make_is_refused() -> None:
    hand = make(ANNOUNCED, [100] * 2, button=1, holes=["Qs 9h", "Ks Jh"],
                board="9c Kc 3h 5s 9d")  # fmt: skip
    play(hand, "c x x x x x x x")
    assert hand.to_act == 0
    legal = hand.legal_actions()
    assert legal.values == tuple(made_values(parse_cards("Qs 9h"), parse_cards("9c Kc 3h 5s 9d")))
    quads = value_of(Category.FOUR_OF_A_KIND, (7, 12))  # four nines: not there
    with pytest.raises(IllegalAction, match="the cards do not make that hand"):
        hand.show(quads)
    assert hand.to_act == 0


def test_default_action_announces_the_best_hand_the_cards_make() -> None:
    hand = make(ANNOUNCED, [100] * 2, button=1, holes=["Qs 9h", "Ks Jh"],
                board="9c Kc 3h 5s 9d")  # fmt: skip
    play(hand, "c x x x x x x x")
    trips = evaluate(parse_cards("Qs 9h 9c Kc 9d")).value
    assert hand.default_action() == Action.show(trips)
    assert hand.default_action().value == trips


def test_the_default_of_the_legal_actions_mucks_where_allowed_else_shows_the_best_hand() -> None:
    """``default_action`` (the default of the network dealers and clients, which read only
    the legal actions): at the showdown, muck where the show rule allows it, else show
    (§8; 000: everyone shows), announcing the first of ``legal.values`` (the best hand the
    cards make) under announced hands, nothing when the cards speak."""
    holes, board = ["Qs 9h", "Ks Jh"], "9c Kc 3h 5s 9d"
    trips = evaluate(parse_cards("Qs 9h 9c Kc 9d")).value
    pair = evaluate(parse_cards("9c 9d Qs Kc 5s")).value  # "a pair of nines", one made value
    found = []
    for rules in (NL, NL.replace(show_rule=ShowRule.ALL_SHOW), ANNOUNCED,
                  ANNOUNCED.replace(show_rule=ShowRule.ALL_SHOW)):  # fmt: skip
        hand = make(rules, [100] * 2, button=1, holes=holes, board=board)
        play(hand, "c x x x x x x x")
        legal = hand.legal_actions()
        assert legal.seat == 0
        found.append((legal.kinds, default_action(legal)))
        if legal.values:
            assert legal.values[0] == trips and pair in legal.values[1:]
    show, muck = ActionKind.SHOW, ActionKind.MUCK
    assert found == [
        ((show, muck), Action.muck()),
        ((show,), Action.show()),
        ((show, muck), Action.muck()),
        ((show,), Action.show(trips)),
    ]


def test_announced_lower_hand_is_binding() -> None:
    hand = make(ANNOUNCED, [100] * 2, button=1, holes=["Qs 9h", "Ks Jh"],
                board="9c Kc 3h 5s 9d")  # fmt: skip
    play(hand, "c x x x x x x x")
    trips = evaluate(parse_cards("Qs 9h 9c Kc 9d")).value
    pair = evaluate(parse_cards("9h 9c Kc Qs 5s")).value  # only "a pair of nines"
    assert pair in hand.legal_actions().values
    assert pair < trips
    hand.show(pair)
    hand.show()  # seat 1 announces its best: two pair, kings and nines
    assert hand.result is not None
    assert hand.result.winners == (1,)
    assert next(e.value for e in hand.events if e.kind is EventKind.SHOW) == pair


def test_cards_speak_refuses_announcements() -> None:
    hand = make(NL, [100] * 2, button=1, holes=["Qs 9h", "Ks Jh"], board="9c Kc 3h 5s 9d")
    play(hand, "c x x x x x x x")
    with pytest.raises(IllegalAction) as info:
        hand.show(123)
    assert str(info.value) == (
        "seat 0 cannot show at the showdown: hands are not announced: the cards speak "
        "(legal: show, muck)"
    )


def test_is_legal_checks_the_announced_hand() -> None:
    """is_legal agrees with apply: an announcement is legal only if the cards make it."""
    hand = make(ANNOUNCED, [100] * 2, button=1, holes=["Qs 9h", "Ks Jh"],
                board="9c Kc 3h 5s 9d")  # fmt: skip
    play(hand, "c x x x x x x x")
    trips = evaluate(parse_cards("Qs 9h 9c Kc 9d")).value
    quads = value_of(Category.FOUR_OF_A_KIND, (7, 12))  # four nines: not there
    assert hand.is_legal(Action.show(trips)) and hand.is_legal(Action.show())
    assert not hand.is_legal(Action.show(quads))
    with pytest.raises(IllegalAction, match="the cards do not make that hand"):
        hand.apply(Action.show(quads))


@pytest.mark.parametrize("rule", list(ShowRule))
def test_announced_hands_reach_down_to_the_lowest_hand(rule: ShowRule) -> None:
    """Any hand the cards make may be announced, down to the lowest of all, seven-five-
    four-three-two (value 0), whatever the show rule: by the called seat, and by the next
    one after the called seat announced that lowest hand (equal is enough, 001)."""
    board = "4h 3s 2c Kd Qh"
    hand = make(ANNOUNCED.replace(show_rule=rule), [100] * 2, button=1,
                holes=["7c 5d", "7d 5h"], board=board)  # fmt: skip
    play(hand, "c x x x x x x x")
    lowest = value_of(Category.HIGH_CARD, (5, 3, 2, 1, 0))
    assert lowest == 0
    for seat, hole in ((0, "7c 5d"), (1, "7d 5h")):
        assert hand.to_act == seat
        values = hand.legal_actions().values
        assert values == tuple(made_values(parse_cards(hole), parse_cards(board)))
        assert values[0] == value_of(Category.HIGH_CARD, (11, 10, 5, 3, 2))  # K Q 7 5 4
        assert values[-1] == lowest
        hand.show(lowest)
    assert hand.result is not None
    assert hand.result.winners == (0, 1) and hand.result.won == (4, 4)


# §9 awarding the pot ---------------------------------------------------------------------


def _tie_hand(rules: Rules, ante: int = 0) -> Hand:
    """001's example: A all-in (E = 150) ties B (E = 300); C folds having put in 125
    (besides an ante each, if the rules have one)."""
    hand = make(rules, [50 + ante, 200 + ante, 200 + ante], button=2, board=ROYAL)
    play(hand, "b50 r125 c")  # A all-in for 50, B raises to 125, C calls
    play(hand, "b50 f")  # flop: B bets, C folds; B's 50 comes back
    assert hand.committed == (50 + ante, 125 + ante, 125 + ante)
    return hand


def test_proportional_tie_split() -> None:
    hand = _tie_hand(BARE.replace(tie_split=TieSplit.PROPORTIONAL))
    assert hand.result is not None
    assert hand.result.won == (100, 200, 0)


def test_side_pots_tie_split() -> None:
    hand = _tie_hand(BARE)
    assert hand.result is not None
    assert hand.result.won == (75, 225, 0)


def test_three_way_tie_with_an_all_in_player_and_a_side_pot() -> None:
    # A all-in for 30, B and C cover with 90 each; all three tie on the board
    rules = BARE.replace(tie_split=TieSplit.PROPORTIONAL)
    hand = make(rules, [30, 300, 300], button=2, board=ROYAL, auto=True)
    play(hand, "b30 r90 c x x x x x x")
    assert hand.result is not None
    # expectations: A 90, B and C 210; the tied group claims 210, shared 90 : 210 : 210
    # (37.06, 86.47, 86.47): floors 37, 86, 86 and the odd chip left of the button (A)
    assert hand.result.won == (38, 86, 86)
    standard = make(BARE, [30, 300, 300], button=2, board=ROYAL, auto=True)
    play(standard, "b30 r90 c x x x x x x")
    assert standard.result is not None
    assert standard.result.won == (30, 90, 90)


def test_odd_chip_left_of_button() -> None:
    # seats 0 and 1 put in 5, seat 2 puts in 1 and folds: 11 chips split by a tie
    for button, script, expected in (
        (2, "b1 c c b4 c f x x x x", (6, 5, 0)),  # seat 0 is left of the button
        (0, "b1 c c b4 f c x x x x", (5, 6, 0)),  # seat 1 is
    ):
        hand = make(BARE, [100] * 3, button=button, board=ROYAL, auto=True)
        play(hand, script)
        assert hand.committed == (5, 5, 1)
        assert hand.result is not None
        assert hand.result.won == expected


def test_odd_chip_to_best_hand_by_suit() -> None:
    rules = BARE.replace(odd_chip=OddChip.BEST_SUIT)
    hand = make(rules, [100] * 3, button=2, holes=["Ah Kc", "As Kd", "2c 3c"],
                board="Qd Jh 9s 5c 4d", auto=True)  # fmt: skip
    play(hand, "b1 c c b4 c f x x x x")  # 11 chips; seats 0 and 1 tie with ace-king high
    assert hand.committed == (5, 5, 1)
    assert hand.result is not None
    assert hand.result.won == (5, 6, 0)  # the ace of spades beats the ace of hearts
    assert make(BARE, [100] * 3, button=2).n == 3  # (left of the button would be seat 0)


def test_dead_antes_go_to_the_main_pot() -> None:
    # a big-blind ante of 10 is dead money: the big blind, all-in, can still win it
    rules = Rules(structure=Structure.NO_LIMIT, blinds=(5, 10), antes=(0, 10, 0),
                  dead_antes=True)  # fmt: skip
    hand = make(rules, [100, 20, 100], button=2, holes=["7c 2d", "Ah Ad", "8c 3d"],
                board="Kc 9s 5d 4h Jc", auto=True)  # fmt: skip
    assert hand.committed == (5, 20, 0)
    play(hand, "c c x x x x x x")
    assert hand.result is not None
    assert hand.result.net == (-10, 20, -10)
    # one pot: 10 from each seat and the dead ante (seat 2 mucked: it contests nothing)
    assert hand.result.pots == (Pot(40, (0, 1), (1,), (40,)),)


@pytest.mark.parametrize(
    ("tie_split", "won", "pots"),
    [
        # E_A = 150 + 50 × 3 = 300, E_B = 450: A gets 450 × 300/750, B 450 × 450/750
        (TieSplit.PROPORTIONAL, (180, 270, 0), (Pot(450, (0, 1), (0, 1), (180, 270)),)),
        # the main pot 150 + 150 split, the side pot to B
        (TieSplit.SIDE_POTS, (150, 300, 0),
         (Pot(300, (0, 1), (0, 1), (150, 150)), Pot(150, (1,), (1,), (150,)))),
    ],
)  # fmt: skip
def test_dead_antes_follow_the_tie_rule(
    tie_split: TieSplit, won: tuple[int, ...], pots: tuple[Pot, ...]
) -> None:
    # 001's example (A all-in ties B, who covers) with dead antes of 50 from each seat:
    # 150 of dead money in the main pot, counted in every expectation
    hand = _tie_hand(BARE.replace(tie_split=tie_split, antes=50, dead_antes=True), ante=50)
    assert hand.result is not None
    assert hand.result.won == won
    assert hand.result.pots == pots


def test_dead_antes_odd_chip_to_best_hand_by_suit() -> None:
    rules = BARE.replace(odd_chip=OddChip.BEST_SUIT, antes=1, dead_antes=True)
    hand = make(rules, [100] * 3, button=2, holes=["Ah Kc", "As Kd", "2c 3c"],
                board="Qd Jh 9s 5c 4d", auto=True)  # fmt: skip
    play(hand, "b1 c f b4 c x x x x")  # seats 0 and 1 tie with ace-king high
    assert hand.committed == (6, 6, 1)
    assert hand.result is not None
    # 10 put in and 3 dead antes: 6 each and the odd chip to the ace of spades
    assert hand.result.won == (6, 7, 0)
    assert hand.result.pots == (Pot(13, (0, 1), (0, 1), (6, 7)),)


def test_uneven_antes_not_dead_return_the_uncovered_part() -> None:
    rules = Rules(structure=Structure.NO_LIMIT, blinds=(5, 10), antes=(0, 10, 0))
    hand = make(rules, [100, 100, 100], button=2)
    back = [(e.seat, e.amount) for e in hand.events if e.kind is EventKind.RETURN]
    assert back == [(1, 10)]  # nobody else antes: the big blind's ante is uncalled
    assert hand.committed == (5, 10, 0)


# §13 the worked hand of 002 -------------------------------------------------------------


def test_worked_hand_alice_bob_carol_ted() -> None:
    # Alice (button) 0, Bob 1, Carol 2, Ted 3; fixed limit 2/4, blinds 1/2
    hand = make(FL, [100] * 4, button=0, holes=[None, "Qs 9h", "Ks Jh", None],
                board="9c Kc 3h 5s 9d")  # fmt: skip
    play(hand, "f c c x")  # Ted folds, Alice calls, Bob completes, Carol checks
    assert format_cards(hand.board) == "9c Kc 3h"
    play(hand, "x b2 r4 c c")  # Bob checks, Carol bets, Alice raises, Bob and Carol call
    assert format_cards(hand.board) == "9c Kc 3h 5s"
    play(hand, "x x x")
    assert format_cards(hand.board) == "9c Kc 3h 5s 9d"
    play(hand, "b4 c f")  # Bob bets, Carol calls, Alice folds
    assert hand.pot == 26
    assert hand.to_act == 1  # Bob bet last: he shows first
    hand.show()
    hand.muck()  # Carol's kings and nines lose to three nines
    assert hand.result is not None
    assert hand.result.net == (-6, 16, -10, 0)
    shown = next(e for e in hand.events if e.kind is EventKind.SHOW)
    assert evaluate([*shown.cards, *hand.board]).name == "three nines, king-queen kickers"


# wild cards and the joker (§1), min_hole_cards (§2) ------------------------------------


def test_joker_is_in_the_wild_pack() -> None:
    rules = Rules.preset("wild")
    assert rules.joker
    seen: set[int] = set()
    rng = random.Random(5)
    for _ in range(60):
        hand = Hand(rules, [100] * 9, rng=rng, auto_showdown=True)
        seen.update(int(c) for s in range(9) for c in hand.hole(s))
        play_random(hand, rng)
    assert 52 in seen


def test_joker_bug_completes_a_straight() -> None:
    rules = Rules.preset("wild")
    hand = make(rules, [100] * 2, button=1, holes=["Jk 2c", "Ah Ad"],
                board="3d 4h 5s Kc Qd", auto=True)  # fmt: skip
    play(hand, "c x x x x x x x")
    assert hand.result is not None
    assert hand.result.winners == (0,)  # the bug completes a six-high straight


def test_deuces_wild_five_of_a_kind() -> None:
    rules = NL.replace(wild="2")
    hand = make(rules, [100] * 2, button=1, holes=["2c 2d", "Ah Kh"],
                board="As Ad Ac 9h 8h", auto=True)  # fmt: skip
    play(hand, "c x x x x x x x")
    assert hand.result is not None
    assert hand.result.winners == (0,)
    value = next(e.value for e in hand.events if e.kind is EventKind.SHOW and e.seat == 0)
    assert value is not None
    assert value > value_of(Category.STRAIGHT_FLUSH, (12,))


def test_announced_hands_are_the_hands_of_the_wild_cards() -> None:
    """Under announced hands with deuces wild, the hands to announce count the wild cards:
    the best is five aces, above any straight flush."""
    rules = ANNOUNCED.replace(wild="2")
    hole, board = "2c 2d", "As Ad Ac 9h 8h"
    hand = make(rules, [100] * 2, button=1, holes=[hole, "Kh Qh"], board=board)
    play(hand, "c x x x x x x x")
    values = hand.legal_actions().values
    assert values == tuple(made_values(parse_cards(hole), parse_cards(board), wild=rules.wild))
    assert values[0] > value_of(Category.STRAIGHT_FLUSH, (12,))  # five of a kind
    hand.show(values[0])
    assert hand.legal_actions().values[0] == value_of(Category.THREE_OF_A_KIND, (12, 11, 10))


def test_announced_hands_use_min_hole_cards() -> None:
    """With one hole card at least (min_hole_cards=1), the board's royal flush cannot be
    announced: the best hand is the king-high straight flush with the nine of spades."""
    rules = ANNOUNCED.replace(min_hole_cards=1)
    hand = make(rules, [100] * 2, button=1, holes=["9s 2c", "Ah 3d"], board=ROYAL)
    play(hand, "c x x x x x x x")
    values = hand.legal_actions().values
    assert values == tuple(made_values(parse_cards("9s 2c"), parse_cards(ROYAL), min_hole_cards=1))
    assert values[0] == value_of(Category.STRAIGHT_FLUSH, (11,))


def test_min_hole_cards_one_stops_playing_the_board() -> None:
    board = ROYAL
    for rules, expected in ((NL, (0, 0)), (NL.replace(min_hole_cards=1), (4, -4))):
        hand = make(rules, [100] * 2, button=1, holes=["9s 2c", "Ah 3d"], board=board, auto=True)
        play(hand, "c x x x x x x x")
        assert hand.result is not None
        assert hand.result.net == expected  # with one hole card: a king-high straight flush


# views and the event log -----------------------------------------------------------------


def test_events_read_as_one_line_each_in_the_worked_hand() -> None:
    """rules.md §13's hand, event by event, as the log prints it."""
    assert [str(e) for e in rules_13_hand().events] == [
        "seat 1 posts blind 1", "seat 2 posts blind 2",
        "seat 1 is dealt Qs 9h", "seat 2 is dealt Ks Jh", "seat 3 is dealt 7d 2s",
        "seat 0 is dealt 4c 4d",
        "seat 3 folds", "seat 0 calls 2", "seat 1 calls 1", "seat 2 checks",
        "burn 2c", "board 9c Kc 3h",
        "seat 1 checks", "seat 2 bets 2", "seat 0 raises to 4", "seat 1 calls 4",
        "seat 2 calls 2",
        "burn 2d", "board 5s", "seat 1 checks", "seat 2 checks", "seat 0 checks",
        "burn 2h", "board 9d", "seat 1 bets 4", "seat 2 calls 4", "seat 0 folds",
        "seat 1 shows Qs 9h (three nines, king-queen kickers)",
        "seat 2 shows Ks Jh (two pair, kings and nines, jack kicker)",
        "seat 1 wins 26",
    ]  # fmt: skip


def test_events_read_as_one_line_each_all_in_returns_and_hidden_cards() -> None:
    """An all-in call, the uncalled part of a bet taken back, the run-out; in seat 1's
    view the other hole cards and the burns are hidden (??)."""
    hand = make(NL, [100, 100, 30], button=0, holes=["Ah Ad", "7c 2d", "Kh Kd"],
                board="2s 5c 9d Th Jc")  # fmt: skip
    play(hand, "r50 f c")
    assert [str(e) for e in hand.view(1).events] == [
        "seat 1 posts blind 2", "seat 2 posts blind 4",
        "seat 1 is dealt 7c 2d", "seat 2 is dealt ??", "seat 0 is dealt ??",
        "seat 0 raises to 50", "seat 1 folds", "seat 2 calls 26 (all-in)",
        "seat 0 takes back 20 uncalled",
        "seat 0 shows Ah Ad", "seat 2 shows Kh Kd",
        "burn ??", "board 2s 5c 9d", "burn ??", "board Th", "burn ??", "board Jc",
        "seat 0 wins 62",
    ]  # fmt: skip
    assert str(hand.events[11]) == "burn 2c"


def test_events_read_as_one_line_each_antes_straddle_and_muck() -> None:
    """001's forced bets (antes, the button blind, the straddle) and a muck."""
    rules = Rules.preset("computer-tournament")  # ante 2, button blind 5, straddle 10
    hand = make(rules, [100] * 3, button=0)
    hand.raise_to(10)  # seat 1 straddles
    assert [str(e) for e in hand.events if not e.cards] == [
        "seat 1 posts ante 2", "seat 2 posts ante 2", "seat 0 posts ante 2",
        "seat 0 posts blind 5", "seat 1 posts straddle 10",
    ]  # fmt: skip
    hand = make(NL, [100] * 2, button=1, holes=["Ah Ad", "7c 2d"], board="2s 5c 9d Th Kc")
    play(hand, "c x x x x x b10 c s m")
    assert [str(e) for e in hand.events[-3:]] == [
        "seat 0 shows Ah Ad (pair of aces, king-ten-nine kickers)", "seat 1 mucks",
        "seat 0 wins 28",
    ]  # fmt: skip


def test_view_holds_own_cards_and_nothing_hidden() -> None:
    hand = make(NL, [100] * 3, button=0, holes=["As Ks", "Qd Qc", "7h 2c"], board="2d 3d 4d 5d 6d")
    play(hand, "c c x")
    for seat in range(3):
        view = hand.view(seat)
        assert view.hole == hand.hole(seat)
        others = {int(c) for s in range(3) if s != seat for c in hand.hole(s)}
        assert not view_cards(view) & others
        burns = [e for e in view.events if e.kind is EventKind.BURN]
        assert burns
        assert all(e.cards == () for e in burns)
        assert view_cards(view) <= set(view.hole) | set(view.board)
    assert hand.view(1).legal is not None
    assert hand.view(0).legal is None
    assert hand.view(1).to_call == 0


def test_view_owes_nothing_once_the_betting_is_over() -> None:
    won = make(NL, [100] * 4, button=0)
    play(won, "r12 f f f")  # everyone folds to a raise
    showdown = make(NL, [100] * 2, button=1)
    play(showdown, "c x x x x x b10 c")  # a river bet and call: the showdown waits
    assert showdown.street is Street.SHOWDOWN and showdown.to_act is not None
    short = make(NL, [100, 100, 3], button=0)  # the big blind posted 3 of 4 and is all-in
    play(short, "c c")
    assert short.street is Street.FLOP
    assert short.view(0).to_call == 0  # a new round: the short blind counts no more
    for hand in (won, showdown, make(NL, [100, 1], button=0)):
        assert [hand.view(seat).to_call for seat in range(hand.n)] == [0] * hand.n


def test_view_after_showdown_shows_shown_cards_only() -> None:
    hand = make(NL, [100] * 3, button=0, holes=["Kc Kd", "Qs Qh", "9c 9d"],
                board="2s 5c 9h Th Jc", auto=True)  # fmt: skip
    play(hand, "c c x x x x x x x x x x")
    view = hand.view(0)
    assert view.shown[1] == tuple(parse_cards("Qs Qh"))
    assert view.shown[2] == tuple(parse_cards("9c 9d"))
    assert view.shown[0] is None  # seat 0 mucked: the others never see its cards
    assert Card.parse("Kc") not in view_cards(hand.view(1))
    assert view.result is hand.result
    assert view.to_act is None and view.legal is None  # the hand is over: nobody acts


def test_make_view_is_a_player_view_with_the_same_arguments_to_match_left_out_too() -> None:
    """``make_view`` builds a :class:`PlayerView` faster: with the same arguments it is the
    same view, ``to_match`` (the last field) defaulting to the dataclass's 0."""
    hand = make(NL, [100, 100, 7], button=0)
    play(hand, "c c x x b3")
    fields = [getattr(hand.view(1), name) for name in PlayerView.__slots__]
    assert fields[-1] == 3  # to_match: seat 2's bet of 3 on the flop
    assert make_view(*fields) == PlayerView(*fields)
    short = make_view(*fields[:-1])
    assert short == PlayerView(*fields[:-1])
    assert short.to_match == 0


def test_view_holds_the_table_as_the_seat_sees_it() -> None:
    hand = make(NL, [100, 100, 7], button=0, holes=["As Ks", "Qd Qc", "7h 2c"],
                board="2d 3d 4d 5d 6d")  # fmt: skip
    play(hand, "c c x x b3")  # seat 2 bets its last 3 on the flop
    for seat in range(3):
        view = hand.view(seat)
        assert view.rules is NL
        assert (view.seat, view.button, view.street, view.to_act) == (seat, 0, Street.FLOP, 0)
        assert (view.stacks, view.bets, view.committed) == ((96, 96, 0), (0, 0, 3), (4, 4, 7))
        assert view.folded == (False, False, False)
        assert view.all_in == (False, False, True)
        assert view.to_match == 3
    assert str(hand.view(0).legal) == "fold, call 3, raise to 7 to 96"
    for seat in (3, -1):
        with pytest.raises(IndexError) as info:
            hand.view(seat)
        assert str(info.value) == f"no seat {seat} (seats 0 to 2)"


def test_public_events_are_the_history_without_hidden_cards() -> None:
    hand = make(NL, [100] * 2, button=1, holes=["As Ks", "Qd Qc"], board="2d 3d 4d 5d 6d")
    play(hand, "c x x")
    events, public = hand.events, hand.public_events()
    assert len(public) == len(events)
    assert public[0] == events[0] and public[0].kind is EventKind.BLIND
    for mine, theirs in zip(events, public, strict=True):
        hidden = mine.kind in (EventKind.DEAL, EventKind.BURN)
        assert theirs == (mine._replace(cards=()) if hidden else mine)
    assert hand.public_events(3) == public[3:]


def test_hole_codes_are_the_hole_cards_as_codes() -> None:
    hand = make(NL, [100] * 2, button=1, holes=["As Ks", "Qd 2c"])
    assert hand.hole_codes(0) == tuple(int(c) for c in parse_cards("As Ks"))
    assert hand.hole_codes(1) == tuple(int(c) for c in parse_cards("Qd 2c"))


def test_str_is_the_rules_then_one_line_per_event_then_the_board() -> None:
    hand = make(NL, [100] * 2, button=1, holes=["As Ks", "Qd Qc"], board="2d 3d 4d 5d 6d")
    play(hand, "c x b4 f")
    assert str(hand) == "\n".join([
        "no limit (minimum bet 4), blinds 2/4; button seat 1",
        "seat 1 posts blind 2",
        "seat 0 posts blind 4",
        "seat 0 is dealt As Ks",
        "seat 1 is dealt Qd Qc",
        "seat 1 calls 2",
        "seat 0 checks",
        "burn 2c",
        "board 2d 3d 4d",
        "seat 0 bets 4",
        "seat 1 folds",
        "seat 0 takes back 4 uncalled",
        "seat 0 wins 8",
        "board 2d 3d 4d",
    ])  # fmt: skip


def test_repr_names_the_players_button_pot_and_who_acts() -> None:
    hand = make(NL, [100] * 3, button=0)
    assert repr(hand) == "<Hand 3 players, button 0, pot 6, seat 0 to act pre-flop>"
    play(hand, "r12 c f b10")
    assert repr(hand) == "<Hand 3 players, button 0, pot 38, seat 0 to act on the flop>"
    play(hand, "f")
    assert repr(hand) == "<Hand 3 players, button 0, pot 0, over>"


def test_events_are_the_history() -> None:
    rng = random.Random(11)
    for _ in range(30):
        n = rng.randint(2, 7)
        stacks = [rng.randint(5, 200) for _ in range(n)]
        button = rng.randrange(n)
        deck_seed = rng.random()
        hand = Hand(NL, stacks, button=button, rng=random.Random(deck_seed), auto_showdown=True)
        play_random(hand, rng)
        again = Hand(NL, stacks, button=button, rng=random.Random(deck_seed), auto_showdown=True)
        for event in hand.events:  # replay the players' actions from the log
            if event.kind is EventKind.FOLD:
                again.fold()
            elif event.kind is EventKind.CHECK:
                again.check()
            elif event.kind is EventKind.CALL:
                again.call()
            elif event.kind in (EventKind.BET, EventKind.RAISE):
                again.bet_or_raise(event.total)
        assert again.events == hand.events
        assert again.result == hand.result
        assert str(hand).count("\n") == len(hand.events) + (1 if hand.board else 0)


def test_award_agrees_with_the_pot_module() -> None:
    """The engine settles single pots itself (the common case, for speed) and hands
    everything else to pots.award: both must give what pots.award gives."""
    from pokerroom.engine.pots import award
    from pokerroom.evaluator import hand_value

    rng = random.Random(99)
    ties = dead_ties = 0
    for i in range(1500):
        rules = [
            NL,
            FL,
            BARE.replace(tie_split=TieSplit.PROPORTIONAL),
            NL.replace(antes=1, dead_antes=True),
            BARE.replace(tie_split=TieSplit.PROPORTIONAL, antes=3, dead_antes=True),
        ][i % 5]
        n = rng.randint(2, 7)
        stacks = [rng.choice([rng.randint(1, 40), rng.randint(100, 400)]) for _ in range(n)]
        button = rng.randrange(n)
        if rng.random() < 0.4:  # the board plays: everyone still in ties
            hand = make(rules, stacks, button=button, board=ROYAL, auto=True)
        else:
            hand = Hand(rules, stacks, button=button, rng=rng, auto_showdown=True)
        play_random(hand, rng)
        result = hand.result
        assert result is not None
        shows = {e.seat: e.value for e in hand.events if e.kind is EventKind.SHOW}
        mucked = {e.seat for e in hand.events if e.kind is EventKind.MUCK}
        strengths: list[int | None] = []
        for s in range(n):
            if hand.folded[s] or s in mucked:
                strengths.append(None)
            elif s in shows:
                value = shows[s]
                strengths.append(value if value is not None
                                 else hand_value(hand.hole(s), hand.board))  # fmt: skip
            else:
                strengths.append(0)  # won without showing
        before = [after - won for after, won in zip(result.stacks, result.won, strict=True)]
        contributions = list(hand.committed)
        dead = 0
        if rules.dead_antes:
            for e in hand.events:
                if e.kind is EventKind.ANTE:
                    contributions[e.seat] -= e.amount
                    dead += e.amount
        expected = award(contributions, strengths, all_in=[b == 0 for b in before],
                         button=button, tie_split=rules.tie_split, dead=dead)  # fmt: skip
        assert result.won == expected.won, hand
        assert result.pots == expected.pots, hand
        tie = any(len(p.winners) > 1 for p in result.pots)
        ties += tie
        dead_ties += tie and dead > 0
    assert ties > 100
    assert dead_ties > 30


@pytest.mark.parametrize("tie_split", list(TieSplit))
def test_live_antes_that_differ_by_position_are_layered_like_contributions(
    tie_split: TieSplit,
) -> None:
    # Antes are contributions unless dead (rules.py): a seat that antes less and calls
    # every bet has put in less than the others, and can win from each of them only what
    # it put in itself (rules.md §9, E_i); the rest is a side pot among the others.
    # Positions 0, 1, 2 are seats 1, 2 and 0 (the button): seat 1 antes nothing.
    rules = Rules.preset("no-limit").replace(antes=(0, 2, 2), tie_split=tie_split)
    hand = make(rules, [100] * 3, holes=["2c 7d", "As Ah", "Ks Kh"], board="3c 8d 9h Jc 4s",
                auto=True)  # fmt: skip
    big = rules.blinds[-1]
    play(hand, "c c x x x x x x x x x x")
    assert hand.is_over and hand.result is not None
    assert hand.result.starting == (100, 100, 100)
    # seat 1's aces win the main pot, three times the big blind; seat 2's kings the antes
    # the other two put in above seat 1
    assert hand.result.won == (0, 3 * big, 4)
    assert hand.result.stacks == (100 - big - 2, 100 - big + 3 * big, 100 - big - 2 + 4)
