"""The bookkeeping of the betting (rules.md §5-7, the conventions of pokerroom.rules): what
the raise cap counts, the runs of short all-ins under PokerKit's reopening rule, the
straddle as a round's opening bet, and the events the betting moves record."""

from __future__ import annotations

import pytest

from engine_helpers import make, play, raise_refusal
from pokerroom.engine import ActionKind, Event, EventKind, Hand, Pot, Street
from pokerroom.engine.state import AFTER, FIRST, WITHOUT
from pokerroom.rules import Reopening, Rules, Structure

NL = Rules.preset("no-limit")  # blinds 2/4, minimum bet 4
FL = Rules.preset("casino-limit")  # 2/4, blinds 1/2, a bet and 3 raises
CT = Rules.preset("computer-tournament")  # 10/20, ante 2, button blind 5, straddle 10
BARE = Rules(structure=Structure.NO_LIMIT, blinds=(), min_bet=4)  # no forced bets
PK_REOPEN = Reopening.NO_SMALLER  # PokerKit's reading of WSOP Rule 96
E = EventKind
PRE = Street.PREFLOP


# The raise cap in no limit (pokerroom.rules: it counts the full raises after the opening bet)


def test_the_no_limit_raise_cap_counts_each_full_raise_after_the_opening_bet() -> None:
    """max_raises=2, four players see the flop (96 behind each).  Seat 1 bets 4 (the
    opening bet, not counted), seat 2 raises to 8 (raise 1): seat 3 may still raise, from
    8 + 4 = 12 to its 96.  Seat 3 raises to 12 (raise 2): the cap is reached, seat 0 may
    only fold or call 12."""
    hand = make(NL.replace(max_raises=2), [100] * 4, button=0)
    play(hand, "c c c x  b4 r8")
    assert str(hand.legal_actions()) == "fold, call 8, raise to 12 to 96"
    assert hand.raises == 1
    hand.raise_to(12)
    assert hand.raises == 2
    assert str(hand.legal_actions()) == "fold, call 12"
    assert raise_refusal(hand, 16) == (
        "seat 0 cannot raise to 16 on the flop: the raise cap is reached (2 raises) "
        "(legal: fold, call 12)"
    )


def test_a_full_bet_over_a_short_all_in_bet_is_the_opening_bet_not_a_raise() -> None:
    """No limit, max_raises=1.  On the flop seat 1 bets its last 2 chips (less than the
    minimum bet of 4: not the opening bet); seat 2 raises to 6, a full bet of 4 over it,
    which is the round's opening bet and not counted.  So seat 0 may still raise, from
    6 + 4 = 10 to its 96."""
    hand = make(NL.replace(max_raises=1), [100, 6, 100], button=0)
    play(hand, "c c x  b2")
    assert str(hand.legal_actions()) == "fold, call 2, raise to 6 to 96"
    hand.raise_to(6)
    assert hand.raises == 0
    assert str(hand.legal_actions()) == "fold, call 6, raise to 10 to 96"


# PokerKit's reopening rule (Reopening.NO_SMALLER): runs of short all-ins ----------------


def test_pokerkits_rule_a_run_of_all_ins_adding_up_to_exactly_a_full_raise_starts_again() -> None:
    """NO_SMALLER, no blinds, minimum bet 4: seat 0 bets 10; all-ins to 15 and to 20 (5 + 5
    = 10, a full raise together: the run reopens the betting once and starts again); an
    all-in to 21 begins a new run of 1, less than 10.  Seat 0, who acted since the last
    full bet, owes 11 but may only call."""
    hand = make(BARE.replace(reopening=PK_REOPEN), [1000, 15, 20, 21, 1000], button=4)
    play(hand, "b10 r15 r20 r21 c")
    assert str(hand.legal_actions()) == "fold, call 11"
    assert raise_refusal(hand, 31) == (
        "seat 0 cannot raise to 31 pre-flop: this seat acted since the last full bet or raise "
        "and the all-ins since add up to 1, less than 10: the betting is not reopened "
        "(legal: fold, call 11)"
    )


def test_pokerkits_rule_a_raise_as_large_as_the_last_full_one_is_full_and_reopens() -> None:
    """NO_SMALLER, no blinds, minimum bet 4: seat 0 bets 10, seat 1 raises to 20 (a raise of
    10: no smaller than every earlier bet or raise, so full, at the level 20), seat 2 goes
    all-in to 25 (a run of 5, short), seat 3 folds.  Seat 0 has not acted since that full
    raise: it may call 15 or raise, from 25 + 10 = 35 (as under TDA 47)."""
    stacks = [1000, 1000, 25, 1000]
    for rules in (BARE.replace(reopening=PK_REOPEN), BARE):
        hand = make(rules, stacks, button=3)
        play(hand, "b10 r20 r25 f")
        assert hand.to_act == 0
        assert str(hand.legal_actions()) == "fold, call 15, raise to 35 to 1000"


def test_pokerkits_rule_a_raise_by_a_player_with_chips_left_starts_the_run_again() -> None:
    """Fixed limit 2/4, blinds 1/2, a straddle of 4 (the round's opening bet, so its size, 4,
    is the full bet), NO_SMALLER.  Seat 4 calls the straddle; seat 0 raises a unit to 6 and
    has chips left: the run of all-ins starts again from 0; seat 1 raises all-in to 8 (a run
    of 2, less than 4).  Back to seat 4: it owes 4 but acted at the last full level, so it
    may only call.  (Under TDA 47 the two units it faces are a full raise: it may raise.)"""
    stacks = [100, 8, 100, 100, 100]
    hand = make(FL.replace(straddle=4, reopening=PK_REOPEN), stacks, button=0)
    play(hand, "r4 c r6 r8 f c")
    assert str(hand.legal_actions()) == "fold, call 4"
    assert raise_refusal(hand, 10) == (
        "seat 4 cannot raise to 10 pre-flop: this seat acted since the last full bet or raise "
        "and the all-ins since add up to 2, less than 4: the betting is not reopened "
        "(legal: fold, call 4)"
    )
    hand = make(FL.replace(straddle=4), stacks, button=0)
    play(hand, "r4 c r6 r8 f c")
    assert str(hand.legal_actions()) == "fold, call 4, raise to 10"


def test_pokerkits_rule_the_run_of_all_ins_after_a_straddle_starts_from_nothing() -> None:
    """No limit, blinds 2/4, straddle 8 (a raise is at least 8), NO_SMALLER.  Seat 4 calls
    8; all-ins to 15 (7) and to 16 (1) add up to 8, a full raise: the betting is reopened.
    Seat 2 folds, the straddler calls; seat 4 owes 8 and may raise, from 16 + 8 = 24."""
    hand = make(NL.replace(straddle=8, reopening=PK_REOPEN), [15, 16, 100, 100, 100], button=0)
    assert str(hand.legal_actions()) == "fold, raise to 8"
    play(hand, "r8")
    assert str(hand.legal_actions()) == "fold, call 8, raise to 16 to 100"
    play(hand, "c r15 r16 f c")
    assert hand.to_act == 4
    assert str(hand.legal_actions()) == "fold, call 8, raise to 24 to 100"


def test_pokerkits_rules_the_straddler_may_raise_on_its_option() -> None:
    """blind_sets_min_raise off and NO_SMALLER (PokerKit): blinds 2/4 and a straddle of 8
    are not bets, so a raise is at least the minimum bet.  Everyone calls the straddle: the
    straddler owes nothing and may check or raise, from 8 + 4 = 12 to its 100."""
    rules = NL.replace(straddle=8, reopening=PK_REOPEN, blind_sets_min_raise=False)
    hand = make(rules, [100] * 4, button=0)
    play(hand, "r8 c c c")
    assert hand.to_act == 3
    assert str(hand.legal_actions()) == "check, raise to 12 to 100"


def test_pokerkits_rule_a_half_unit_all_in_over_a_fixed_limit_straddle_does_not_reopen() -> None:
    """001's game (fixed limit 10/20, antes 2, button blind 5, straddle 10) with all-ins
    for less allowed and NO_SMALLER: seat 2 calls the straddle of 10, seat 3 raises all-in
    to 15 (5 more, less than the full bet of 10).  The button folds, the straddler calls:
    seat 2 has acted and owes 5, less than a full bet: it may only call (rules.md §5)."""
    rules = CT.replace(reopening=PK_REOPEN, all_in_only_when_short=False)
    hand = make(rules, [1000, 1000, 1000, 17], button=0)
    play(hand, "r10 c r15 f c")
    assert hand.to_act == 2
    assert str(hand.legal_actions()) == "fold, call 5"
    assert raise_refusal(hand, 25) == (
        "seat 2 cannot raise to 25 pre-flop: an all-in for less than a full raise did not "
        "reopen the betting (legal: fold, call 5)"
    )


# The events of the betting moves --------------------------------------------------------


def test_the_straddle_is_a_pre_flop_event_with_the_chips_it_puts_in() -> None:
    """001: after the antes of 2 and the button blind of 5, seat 1 straddles 10: it puts in
    10 (its ante is not in front of it), pre-flop, and keeps 988; the button has 993."""
    hand = make(CT, [1000] * 4, button=0)
    hand.raise_to(10)
    assert hand.events[-1] == Event(E.STRADDLE, PRE, 1, 10, 10, (), False, None)
    assert hand.stacks == (993, 988, 998, 998)


def test_a_call_fold_and_check_record_the_chips_they_move() -> None:
    """Blinds 2/4: the button calls 4; the small blind folds (moving no chip, its 2 stay in
    front of it); the big blind checks (no chip, its 4 in front of it)."""
    hand = make(NL, [100] * 3, button=0)
    play(hand, "c f x")
    moves = [e for e in hand.events if e.kind in (E.CALL, E.FOLD, E.CHECK)]
    assert moves == [
        Event(E.CALL, PRE, 0, 4, 4, (), False, None),
        Event(E.FOLD, PRE, 1, 0, 2, (), False, None),
        Event(E.CHECK, PRE, 2, 0, 4, (), False, None),
    ]


def test_the_unmatched_part_of_an_ante_goes_back_at_once_as_a_pre_flop_event() -> None:
    """Heads-up, antes of 2, the button (seat 1) has 1 chip: it antes 1, all-in, so 1 of
    seat 0's ante is matched by nobody and goes back before the blinds (antes_trimmed_first):
    a RETURN of 1, pre-flop, moving nothing into the round (total 0), not an all-in.  Then
    seat 0 posts the big blind of 4 from its 99."""
    hand = make(NL.replace(antes=2), [100, 1], button=1)
    assert hand.events[:4] == [
        Event(E.ANTE, PRE, 0, 2, 0, (), False, None),
        Event(E.ANTE, PRE, 1, 1, 0, (), True, None),
        Event(E.RETURN, PRE, 0, 1, 0, (), False, None),
        Event(E.BLIND, PRE, 0, 4, 4, (), False, None),
    ]


def test_live_antes_that_differ_by_position_are_layered_into_a_main_and_a_side_pot() -> None:
    """Antes 1, 2 and 3 by position (no blinds): the 3 is matched only up to 2, so 1 goes
    back; the seats put in 1, 2 and 2.  Checked down, every hand shown (each can still win
    a pot when its turn comes): the main pot is 3 x 1 = 3 (all three seats), the side pot
    2 x 1 = 2 (seats 1 and 2).  Seat 0's aces win the main pot, seat 2's kings beat seat
    1's seven high for the side pot (rules.md §9)."""
    rules = BARE.replace(antes=(1, 2, 3))
    hand = make(rules, [50] * 3, button=2, holes=["As Ad", "7c 2h", "Ks Kd"],
                board="3c 8d 9h Jc 4s", auto=True)  # fmt: skip
    assert hand.committed == (1, 2, 2)
    play(hand, " ".join(["x"] * 12))
    assert hand.result is not None
    assert hand.result.pots == (Pot(3, (0, 1, 2), (0,), (3,)), Pot(2, (1, 2), (2,), (2,)))
    assert hand.result.won == (3, 0, 2)
    assert hand.result.stacks == (52, 48, 50)


@pytest.mark.parametrize(
    ("rules", "players", "actions", "legal"),
    [
        (NL, 3, "c", "fold, call 2, raise to 8 to 100"),  # the small blind
        (NL, 3, "c c", "check, raise to 8 to 100"),  # the big blind's option
        (FL, 3, "c", "fold, call 1, raise to 4"),
        (FL, 3, "c c", "check, raise to 4"),
        (NL.replace(straddle=8), 4, "r8 c c c", "check, raise to 16 to 100"),  # its option
        (CT, 4, "r10", "fold, call 10, raise to 20"),  # after the straddle of 10
        (CT, 4, "r10 c c", "fold, call 5, raise to 20"),  # the button blind of 5
    ],
)
def test_pokerkits_reopening_rule_leaves_the_blinds_live(
    rules: Rules, players: int, actions: str, legal: str
) -> None:
    """rules.md §6: the blinds (and 001's button blind and straddle) are live: a player
    who has only posted a blind has not acted, so it may raise when the betting comes
    back to it unraised.  Under PokerKit's reopening rule (``NO_SMALLER``) with
    ``blind_sets_min_raise`` (the big blind is the round's first full bet) the engine
    once took the blind for an action already made: what the small blind owed (2) was
    less than that bet (4), so it could only call, and the big blind only check, refused
    as if an all-in had not reopened the betting.  Blinds 2/4 (no limit, minimum raise 4;
    a straddle of 8 sets it to 8), 1/2 in fixed limit (a raise is one unit, 2), 001's
    button blind 5 and straddle 10 (raise to 20)."""
    hand = make(rules.replace(reopening=PK_REOPEN), [100 if rules is not CT else 1000] * players,
                button=0)  # fmt: skip
    play(hand, actions)
    assert str(hand.legal_actions()) == legal


@pytest.mark.parametrize("short_only", [False, True])
def test_fixed_limit_all_in_at_exactly_a_full_raise_is_a_raise_and_one_chip_less_is_short(
    short_only: bool,
) -> None:
    """Fixed limit 1/2 heads-up, the button (small blind, 1 posted) to act: with 4 chips in
    all its all-in is exactly a full raise (to 4), offered under either
    ``all_in_only_when_short``; with 3 the all-in (to 3) is short of one, offered only
    when short all-ins are allowed, else no raise and the rule as the reason."""
    rules = FL.replace(all_in_only_when_short=short_only)
    legal = make(rules, [4, 100], button=0).legal_actions()
    assert (legal.kinds, legal.call, legal.min_to, legal.max_to, legal.why) == (
        (ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE), 1, 4, 4, ""
    )  # fmt: skip
    legal = make(rules, [3, 100], button=0).legal_actions()
    if short_only:
        assert (legal.kinds, legal.min_to, legal.max_to, legal.why) == (
            (ActionKind.FOLD, ActionKind.CALL), 0, 0,
            "all-in for less than a full raise is only allowed to a player who cannot cover "
            "the call (this seat has 2)",
        )  # fmt: skip
    else:
        assert (legal.kinds, legal.min_to, legal.max_to, legal.why) == (
            (ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE), 3, 3, ""
        )  # fmt: skip


def test_fixed_limit_short_all_in_does_not_reopen_for_a_seat_that_acted() -> None:
    """Fixed limit 1/2, three seats: the button calls 2, the small blind goes all-in to 3
    (short of a full raise to 4), the big blind (not yet acted) may still raise a unit to 5
    and calls; the button, who acted at 2, faces only 1 more: fold or call, no amounts, and
    TDA 47's reason."""
    hand = make(FL, [100, 3, 100], button=0)
    hand.call()
    hand.raise_to(3)
    legal = hand.legal_actions()
    assert (hand.to_act, legal.kinds, legal.min_to, legal.max_to) == (
        2, (ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE), 5, 5
    )  # fmt: skip
    hand.call()
    legal = hand.legal_actions()
    assert (hand.to_act, legal.kinds, legal.call, legal.min_to, legal.max_to, legal.why) == (
        0, (ActionKind.FOLD, ActionKind.CALL), 1, 0, 0,
        "an all-in for less than a full raise did not reopen the betting",
    )  # fmt: skip


@pytest.mark.parametrize("reopening", list(Reopening))
@pytest.mark.parametrize(("completes", "to"), [(True, 2), (False, 3)])
def test_fixed_limit_blinds_below_a_unit_are_completed_or_raised_a_unit_under_every_reopening(
    reopening: Reopening, completes: bool, to: int
) -> None:
    """Fixed limit with blinds 1/1 (below the pre-flop unit of 2), three seats: the first to
    act completes to one unit (002's ``fixed_limit_completes``: to 2) or raises a unit
    over the blind (to 3), whatever the reopening rule (each takes its own path)."""
    rules = FL.replace(blinds=(1, 1), reopening=reopening, fixed_limit_completes=completes)
    legal = make(rules, [100] * 3, button=0).legal_actions()
    assert (legal.seat, legal.call, legal.min_to, legal.max_to) == (0, 1, to, to)


@pytest.mark.parametrize("short_only", [False, True])
def test_no_limit_all_in_at_exactly_the_minimum_raise_is_a_raise(short_only: bool) -> None:
    """No limit 2/4 heads-up, the button (small blind, 2 posted) to act: with 8 chips in all
    its all-in is exactly the minimum raise (to 8), offered under either
    ``all_in_only_when_short``; with 7 it is short, offered only when short all-ins are."""
    rules = NL.replace(all_in_only_when_short=short_only)
    legal = make(rules, [8, 100], button=0).legal_actions()
    assert (legal.kinds, legal.min_to, legal.max_to, legal.why) == (
        (ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE), 8, 8, ""
    )  # fmt: skip
    legal = make(rules, [7, 100], button=0).legal_actions()
    assert (legal.min_to, legal.max_to, ActionKind.RAISE in legal.kinds) == (
        (0, 0, False) if short_only else (7, 7, True)
    )


# Whose turn it is: the next seat that must act after the one that acted, clockwise -------


def turns(hand: Hand, script: str) -> list[int | None]:
    """The seat to act before each action of ``script`` (see engine_helpers.play), then
    the seat to act after the last."""
    seats: list[int | None] = []
    for word in script.split():
        seats.append(hand.to_act)
        play(hand, word)
    return [*seats, hand.to_act]


def test_at_fourteen_seats_the_turn_passes_the_last_seat_to_the_lowest_still_to_act() -> None:
    """No limit 2/4, fourteen seats, the button on seat 12: the small blind is seat 13 (the
    last seat) and the big blind seat 0.  Pre-flop seats 1 to 11 fold, the button calls,
    then the small blind, then the big blind (past seat 13, round to 0).  On the flop
    seat 13 bets, 0 calls, the button raises; the turn goes round again to seat 13 and 0
    (who folds).  On the turn 13 then 12, and the river is dealt."""
    hand = make(NL, [100] * 14, button=12)
    pre = " ".join(["f"] * 11) + " c c x"
    assert turns(hand, pre) == [*range(1, 14), 0, 13]
    assert hand.street is Street.FLOP
    assert turns(hand, "b10 c r30 c f") == [13, 0, 12, 13, 0, 13]
    assert hand.street is Street.TURN
    assert turns(hand, "x x") == [13, 12, 13]
    assert hand.street is Street.RIVER


def test_after_a_raise_every_other_seat_still_in_acts_again_in_order_round_the_table() -> None:
    """No limit 2/4, six seats, the button on seat 3: seat 4 posts 2, seat 5 posts 4, seat
    0 is first.  Seat 0 calls, 1 folds, 2 calls, 3 folds, then the small blind raises to
    20: the seats still in after it are 5, then round past the last seat to 0 and 2,
    skipping the folded 1 (3, folded, is passed too).  Seat 5 goes all-in for 100; seats
    0 and 2 fold and seat 4 (the raiser, who has chips) is the one left to answer."""
    hand = make(NL, [100] * 6, button=3)
    assert turns(hand, "c f c f r20") == [0, 1, 2, 3, 4, 5]
    assert turns(hand, "r100 f f") == [5, 0, 2, 4]
    assert str(hand.legal_actions()) == "fold, call 80"


def test_a_seat_left_alone_with_chips_answers_the_all_ins_then_the_board_runs_out() -> None:
    """No limit 2/4, four seats, the button on seat 0 (blinds seats 1 and 2, seat 3
    first), stacks 30, 20, 100 and 10.  Seat 3 goes all-in for 10, the button raises
    all-in to 30, the small blind calls all-in for 20: of the seats not all-in only the
    big blind is left, and it may fold or call (nobody is left to raise against).  It
    calls: nobody can act any more, and the board is run out to the showdown."""
    hand = make(NL, [30, 20, 100, 10], button=0, auto=True)
    assert turns(hand, "r10 r30 c") == [3, 0, 1, 2]
    assert str(hand.legal_actions()) == "fold, call 26"
    hand.call()
    assert hand.to_act is None and hand.is_over
    assert len(hand.board) == 5


def test_a_seat_left_alone_that_owes_nothing_is_not_asked() -> None:
    """No limit 2/4, three seats, the button on seat 0: the small blind (seat 1, 2 chips)
    and the big blind (seat 2, 100 chips) post, and the button calls all-in for its 3.
    The big blind, whose 4 cover everything, is the only seat with chips left: it is not
    asked (it would have the option of a raise nobody can answer); the board runs out."""
    hand = make(NL, [3, 2, 100], button=0, auto=True)
    assert hand.all_in == (False, True, False)
    assert turns(hand, "c") == [0, None]
    assert hand.is_over and len(hand.board) == 5
    assert hand.committed == (3, 2, 3)  # the big blind's uncalled chip went back


def test_the_seat_set_tables_name_every_set_of_up_to_fourteen_seats_exactly() -> None:
    """The betting keeps sets of seats as bitmasks (bit i: seat i) and reads them with three
    tables, checked against a plain scan of the bits: the lowest seat of a set (FIRST, -1
    for none), for every one of the 16,384 sets; the seats after a seat (AFTER, every
    seat after -1) and every seat but one (WITHOUT), as the sets they pick from all 14."""
    seats = range(14)
    assert len(FIRST) == 1 << 14
    for mask in range(1 << 14):
        members = [seat for seat in seats if mask >> seat & 1]
        assert FIRST[mask] == (members[0] if members else -1)
    every = (1 << 14) - 1
    for seat in range(-1, 14):
        assert [t for t in seats if every & AFTER[seat] >> t & 1] == [t for t in seats if t > seat]
    for seat in seats:
        assert [t for t in seats if every & WITHOUT[seat] >> t & 1] == [
            t for t in seats if t != seat
        ]


def test_a_big_blind_covering_every_stack_is_still_asked_when_it_acts_first() -> None:
    """No limit, blinds 4/8, ante 1, ``first_to_act`` giving position 1 (the big blind)
    the first turn pre-flop (ACPC's ``firstPlayer``), and not PokerKit's lone-player
    rule.  Three seats, the button on seat 0 with 7 chips: seat 1 (2 chips) is all-in
    from its ante and 1 of its blind, seat 2 posts 8, more than any other stack.  The
    button still has chips to act with, so the big blind is not alone: it is asked first
    (it may only check: nobody could call a bet), then the button folds or calls."""
    rules = Rules(structure=Structure.NO_LIMIT, blinds=(4, 8), antes=1, first_to_act=(1, 0, 1, 2))
    hand = make(rules, [7, 2, 10], button=0)
    assert hand.all_in == (False, True, False)
    assert hand.to_act == 2
    assert str(hand.legal_actions()) == "check"
    assert turns(hand, "x") == [2, 0]
    assert str(hand.legal_actions()) == "fold, call 6 (all-in)"
