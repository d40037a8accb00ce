"""What the seat to act may do (rules.md §5-7, the conventions of pokerroom.rules): the
legal actions with every field of :class:`LegalActions` (seat, street, to_call, call and
the smallest and largest *to* amounts), the raise caps, reopening after a short all-in,
and the text of the refusals of raises the rules do not allow.

A choice without a bet or raise has ``min_to == max_to == 0`` (the defaults of
:class:`LegalActions`; the JSON protocol sends both fields), and a seat that owes nothing
has ``to_call == call == 0``.
"""

from __future__ import annotations

import random

import pytest

from engine_helpers import make, play, raise_refusal
from pokerroom.engine import ActionKind, Hand, LegalActions, Street
from pokerroom.engine.actions import random_action
from pokerroom.rules import CapCount, Reopening, Rules, Structure

NL = Rules.preset("no-limit")  # blinds 2/4
FL = Rules.preset("casino-limit")  # 2/4, blinds 1/2
CT = Rules.preset("computer-tournament")  # 10/20, ante 2, button blind 5, straddle 10
BARE = Rules(structure=Structure.NO_LIMIT, blinds=(), min_bet=4)
K = ActionKind
FOLD_CALL = (K.FOLD, K.CALL)


def legal(
    seat: int,
    street: Street,
    kinds: tuple[ActionKind, ...],
    to_call: int = 0,
    call: int = 0,
    min_to: int = 0,
    max_to: int = 0,
) -> LegalActions:
    return LegalActions(seat, street, kinds, to_call=to_call, call=call, min_to=min_to,
                        max_to=max_to)  # fmt: skip


# A raise needs chips beyond the call --------------------------------------------------


def test_a_player_who_cannot_cover_the_call_may_fold_or_call_all_in_only() -> None:
    """Seat 1 (small blind 2 posted, 28 behind) faces a raise to 50: it owes 48 and a call
    puts in its last 28; no amount is offered."""
    hand = make(NL, [100, 30, 100], button=0)
    play(hand, "r50")
    assert hand.legal_actions() == legal(1, Street.PREFLOP, FOLD_CALL, 48, 28)
    assert raise_refusal(hand, 60) == (
        "seat 1 cannot raise to 60 pre-flop: only 28 behind, not more than the 48 "
        "to call (legal: fold, call 28 (all-in))"
    )


# A raise needs someone else with chips who could call more ----------------------------


def test_no_raise_when_the_other_players_with_chips_cannot_call_more() -> None:
    """Seat 3 raises all-in to 50; seat 0 (100) owes 50, but the blinds, with 30 each in
    all, cannot put in more than 50: seat 0 may fold or call, nothing else."""
    hand = make(NL, [100, 30, 30, 50], button=0)
    play(hand, "r50")
    assert hand.legal_actions() == legal(0, Street.PREFLOP, FOLD_CALL, 50, 50)
    assert raise_refusal(hand, 100) == (
        "seat 0 cannot raise to 100 pre-flop: no other player has chips left to call a raise "
        "(legal: fold, call 50)"
    )


def test_no_raise_when_every_other_player_is_all_in() -> None:
    """Heads-up, the button (small blind) moves all-in to 50: the big blind, 96 behind,
    owes 46 and is the only player with chips."""
    hand = make(NL, [50, 100], button=0)
    play(hand, "r50")
    assert hand.legal_actions() == legal(1, Street.PREFLOP, FOLD_CALL, 46, 46)
    assert raise_refusal(hand, 100) == (
        "seat 1 cannot raise to 100 pre-flop: no other player has chips left to call a raise "
        "(legal: fold, call 46)"
    )


def test_the_lone_player_asked_under_pokerkits_rule_may_only_check() -> None:
    """lone_player_acts: the button calls all-in for 2, the small blind folds; the big
    blind is asked but owes nothing and nobody could call a raise: check only."""
    hand = make(NL.replace(lone_player_acts=True), [100, 100, 2], button=2)
    play(hand, "c f")
    assert hand.legal_actions() == legal(1, Street.PREFLOP, (K.CHECK,))
    assert raise_refusal(hand, 8) == (
        "seat 1 cannot raise to 8 pre-flop: no other player has chips left to call a raise "
        "(legal: check)"
    )


# Check-raise off and the raise cap ----------------------------------------------------


def test_check_raise_off_leaves_fold_or_call_with_no_amount() -> None:
    """check_raise off: seat 1 checked the flop, then faces a bet and a raise (4)."""
    hand = make(FL.replace(check_raise=False), [100] * 4, button=0)
    play(hand, "c c c x  x b2 r4 f")
    assert hand.legal_actions() == legal(1, Street.FLOP, FOLD_CALL, 4, 4)


def test_the_raise_cap_of_raises_leaves_fold_or_call() -> None:
    """max_raises=2 counts the raises after the opening bet: bet 2, raise 4, raise 6."""
    hand = make(FL.replace(max_raises=2), [100] * 3, button=0)
    play(hand, "c c x  b2 r4 r6")
    assert hand.legal_actions() == legal(1, Street.FLOP, FOLD_CALL, 4, 4)
    assert raise_refusal(hand, 8) == (
        "seat 1 cannot raise to 8 on the flop: the raise cap is reached (2 raises) "
        "(legal: fold, call 4)"
    )


def test_the_raise_cap_of_bets_and_raises_names_what_it_counts() -> None:
    """cap_counts=BETS_AND_RAISES: the bet 2 and the raise 4 reach max_raises=2."""
    rules = FL.replace(max_raises=2, cap_counts=CapCount.BETS_AND_RAISES)
    hand = make(rules, [100] * 3, button=0)
    play(hand, "c c x  b2 r4")
    assert hand.legal_actions() == legal(0, Street.FLOP, FOLD_CALL, 4, 4)
    assert raise_refusal(hand, 6) == (
        "seat 0 cannot raise to 6 on the flop: the raise cap is reached (2 bets and raises) "
        "(legal: fold, call 4)"
    )


# Reopening after a short all-in -------------------------------------------------------


def test_a_short_all_in_raise_does_not_reopen_the_betting_under_tda_47() -> None:
    """Seat 0 bets 10, seat 1 raises all-in to 15 (5, less than a full raise of 10), seat
    2 calls: seat 0 has acted and faces no full raise since, so it may only call 5."""
    hand = make(BARE, [1000, 15, 1000], button=2)
    play(hand, "b10 r15 c")
    assert hand.legal_actions() == legal(0, Street.PREFLOP, FOLD_CALL, 5, 5)
    assert raise_refusal(hand, 25) == (
        "seat 0 cannot raise to 25 pre-flop: an all-in for less than a full raise did not "
        "reopen the betting (legal: fold, call 5)"
    )


def test_pokerkits_rule_a_new_run_of_a_single_chip_all_in_does_not_reopen() -> None:
    """NO_SMALLER: bet 10, all-ins to 15 and 21 (5 + 6, a full raise together: the run
    reopens the betting once and starts again), an all-in to 22 (a run of 1 chip, less
    than 10): seat 0, who acted since the last full bet, owes 12 but may only call.
    TDA 47 lets it raise, to 22 + 10 at least."""
    stacks = [1000, 15, 21, 22, 1000]
    hand = make(BARE.replace(reopening=Reopening.NO_SMALLER), stacks, button=4)
    play(hand, "b10 r15 r21 r22 c")
    assert hand.legal_actions() == legal(0, Street.PREFLOP, FOLD_CALL, 12, 12)
    assert raise_refusal(hand, 32) == (
        "seat 0 cannot raise to 32 pre-flop: this seat acted since the last full bet or raise "
        "and the all-ins since add up to 1, less than 10: the betting is not reopened "
        "(legal: fold, call 12)"
    )
    hand = make(BARE.replace(reopening=Reopening.FULL_RAISE), stacks, button=4)
    play(hand, "b10 r15 r21 r22 c")
    assert hand.legal_actions() == legal(
        0, Street.PREFLOP, (K.FOLD, K.CALL, K.RAISE), 12, 12, 32, 1000
    )


# All-in for less only when short (001) ------------------------------------------------


def test_all_in_for_less_than_a_full_raise_only_for_a_player_short_of_the_call() -> None:
    """Raise to 12 (a raise of 8): seat 1 (16 behind its blind of 2) owes 10 and could go
    all-in to 18, short of the minimum raise to 20.  all_in_only_when_short forbids it;
    by default it is the only raise."""
    hand = make(NL.replace(all_in_only_when_short=True), [100, 18, 100], button=0)
    play(hand, "r12")
    assert hand.legal_actions() == legal(1, Street.PREFLOP, FOLD_CALL, 10, 10)
    assert raise_refusal(hand, 18) == (
        "seat 1 cannot raise to 18 pre-flop: all-in for less than a full raise is only "
        "allowed to a player who cannot cover the call (this seat has 16) (legal: fold, call 10)"
    )
    hand = make(NL, [100, 18, 100], button=0)
    play(hand, "r12")
    assert hand.legal_actions() == legal(
        1, Street.PREFLOP, (K.FOLD, K.CALL, K.RAISE), 10, 10, 18, 18
    )


# 001's straddle -----------------------------------------------------------------------


def test_the_straddler_straddles_or_folds() -> None:
    """001: after the button blind of 5, seat 1 must straddle 10 (a raise to 10) or fold;
    it owes 5 (what a call would put in)."""
    hand = make(CT, [1000] * 4, button=0)
    assert hand.legal_actions() == legal(1, Street.PREFLOP, (K.FOLD, K.RAISE), 5, 5, 10, 10)


def test_a_straddler_short_of_the_blind_calls_all_in_or_folds() -> None:
    """001: seat 1 has 4 left after the ante of 2, less than the button blind of 5: its
    straddle is a call all-in for 4."""
    hand = make(CT, [1000, 6, 1000, 1000], button=0)
    assert hand.legal_actions() == legal(1, Street.PREFLOP, FOLD_CALL, 5, 4)
    assert raise_refusal(hand, 10) == (
        "seat 1 cannot raise to 10 pre-flop: this seat must straddle 10 or fold "
        "(legal: fold, call 4 (all-in))"
    )


# Nothing to call ----------------------------------------------------------------------


def test_the_big_blinds_option_is_check_or_raise_with_nothing_to_call() -> None:
    """Everyone calls the big blind of 4: it owes nothing and may raise to 8 to 100."""
    hand = make(NL, [100] * 3, button=0)
    play(hand, "c c")
    assert hand.legal_actions() == legal(2, Street.PREFLOP, (K.CHECK, K.RAISE), 0, 0, 8, 100)


def test_the_first_to_act_after_the_flop_may_check_or_bet() -> None:
    """The flop: the first seat left of the button (96 behind) checks or bets 4 to 96."""
    hand = make(NL, [100] * 3, button=0)
    play(hand, "c c x")
    assert hand.legal_actions() == legal(1, Street.FLOP, (K.CHECK, K.BET), 0, 0, 4, 96)


def test_the_showdown_choices_name_the_showdown() -> None:
    """show_rule SHOW_OR_MUCK (the no-limit preset): the first to show may show or muck,
    and there is nothing to call or bet."""
    hand = make(NL, [100] * 2, holes=["As Ad", "2c 3d"], board="Ks 9h 5d 7c 8s")
    play(hand, "c x  x x  x x  x x")
    assert hand.legal_actions() == legal(1, Street.SHOWDOWN, (K.SHOW, K.MUCK))


def test_the_legal_actions_name_the_street_they_are_for() -> None:
    """The street is a field of its own (equality of two :class:`LegalActions` made the
    same way cannot show it is written): pre-flop, the flop, the turn, the river and the
    showdown, and a :class:`LegalActions` made by hand keeps the street it was given."""
    hand = make(NL, [100] * 2, holes=["As Ad", "2c 3d"], board="Ks 9h 5d 7c 8s")
    streets = []
    for script in ("c", "x", "x x", "x x", "x x"):
        streets.append(hand.legal_actions().street)
        play(hand, script)
    streets.append(hand.legal_actions().street)
    assert streets == [Street.PREFLOP, Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER,
                       Street.SHOWDOWN]  # fmt: skip
    assert LegalActions(0, Street.TURN, (K.CHECK,)).street is Street.TURN


# Why a choice is missing (LegalActions.why) -------------------------------------------


def test_exactly_the_call_left_is_a_call_all_in_and_says_so() -> None:
    """Heads-up, blinds 1/2: the button posts 1 of its 2 chips and owes 1, all it has
    left: fold or call all-in, no raise (a raise to 2 would be only the call)."""
    hand = make(NL.replace(blinds=(1, 2), min_bet=2), [2, 100], button=0)
    assert hand.legal_actions() == legal(0, Street.PREFLOP, FOLD_CALL, 1, 1)
    assert hand.legal_actions().why == "only 1 behind, not more than the 1 to call"
    assert raise_refusal(hand, 2) == (
        "seat 0 cannot raise to 2 pre-flop: only 1 behind, not more than the 1 to call "
        "(legal: fold, call 1)"
    )


def test_a_short_all_in_bet_reopens_for_a_seat_that_checked_only_under_pokerkit_s_reading(
) -> None:
    """Blinds 1/2, three seats; on the flop the small blind checks, the big blind bets its
    last chip (less than the minimum bet of 2) and the button calls.  Under TDA 47 the
    small blind, who checked, may not raise: the short bet did not reopen the betting.
    Under PokerKit's reading (no smaller) it may: no full bet or raise was made this
    round for the short one to fall below (PokerKit 0.5's ``can_complete_bet_or_raise_to``
    is true there too)."""
    answers = {}
    for reopening in (Reopening.FULL_RAISE, Reopening.NO_SMALLER):
        rules = NL.replace(blinds=(1, 2), min_bet=2, reopening=reopening)
        hand = make(rules, [100, 100, 3], button=0)
        play(hand, "c c x x b1 c")
        answers[reopening] = (hand.legal_actions(), hand.legal_actions().why)
    assert answers[Reopening.FULL_RAISE] == (
        legal(1, Street.FLOP, FOLD_CALL, 1, 1),
        "an all-in for less than a full raise did not reopen the betting",
    )
    assert answers[Reopening.NO_SMALLER] == (
        legal(1, Street.FLOP, (K.FOLD, K.CALL, K.RAISE), 1, 1, 3, 98), "")


def _decisions(rules: Rules, seed: int) -> list[tuple[LegalActions, bool, bool]]:
    """Every decision of some random hands: (legal actions, betting?, straddle due?)."""
    rng = random.Random(seed)
    out = []
    for _ in range(60):
        n = rng.randint(2, 6)
        stacks = [rng.choice([2, 3, 9, 40, 120, 1000]) for _ in range(n)]
        hand = Hand(rules, stacks, button=rng.randrange(n), rng=rng)
        while not hand.is_over:
            legal = hand.legal_actions()
            betting = legal.street is not Street.SHOWDOWN
            due = betting and hand._straddle_pending  # (001's straddler: straddle or fold)
            out.append((legal, betting, due))
            passive = [k for k in (K.CHECK, K.CALL) if k in legal.kinds]
            if passive and rng.random() < 0.6:
                hand.act(passive[0])
            elif not betting:
                hand.apply(hand.default_action() if rng.random() < 0.7 else
                           next(iter(legal)))  # fmt: skip
            else:
                hand.act(*random_action(legal, rng))
    return out


@pytest.mark.parametrize("preset", ["no-limit", "casino-limit", "computer-tournament", "wild"])
def test_a_reason_is_given_exactly_when_a_choice_is_missing(preset: str) -> None:
    """While betting, ``why`` is said exactly when there is no bet or raise (or the
    straddle is due: straddle or fold); at the showdown, exactly when show or muck is
    taken away by the show rule; never an empty or a placeholder sentence."""
    seen = {"betting": 0, "no raise": 0, "showdown": 0, "both": 0}
    rules = Rules.preset(preset, showdown="announced") if preset == "wild" else Rules.preset(
        preset)
    for legal, betting, due in _decisions(rules, 3):
        if betting:
            seen["betting"] += 1
            missing = not legal.can_raise or due
            seen["no raise"] += not legal.can_raise
        else:
            seen["showdown"] += 1
            missing = not (K.SHOW in legal.kinds and K.MUCK in legal.kinds)
            seen["both"] += not missing
        assert bool(legal.why) == missing, (legal, legal.why)
        assert "XX" not in legal.why and legal.why.strip() == legal.why
    assert all(seen.values()), seen
