"""The forced bets and who opens the first round (rules.md §5-7, the conventions of
pokerroom.rules): the events the antes and blinds record, the unit and the minimum raise
the blinds set pre-flop, and the first seat to act under PokerKit's ante trimming."""

from __future__ import annotations

from engine_helpers import make, play
from pokerroom.engine import Event, EventKind, Street
from pokerroom.rules import POKERKIT_CONVENTIONS, Reopening, Rules, Structure
from test_engine_pokerkit import _AUTOMATIONS, pokerkit_state

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


def test_dead_antes_are_never_trimmed_before_or_after_the_blinds() -> None:
    """pokerroom.rules: antes are contributions, the part nobody matched returned at once
    (before the blinds, or after them with ``antes_trimmed_first=False``), unless
    ``dead_antes``: then every ante chip is dead money in the pot, whichever the order.
    Blinds 2/4, antes by position 1, 1, 3, button 0: seat 0 (the button) antes 3.  Seats 0
    and 1 fold: the big blind wins 1 + 1 + 3 + 2 + 4 = 11, 6 of it the others'; without
    dead antes seat 0 first gets back the 2 nobody matched."""
    base = Rules.preset("no-limit").replace(antes=(1, 1, 3))
    for first in (True, False):
        dead = make(base.replace(dead_antes=True, antes_trimmed_first=first), [100] * 3)
        assert (dead.stacks, dead.committed) == ((97, 97, 95), (3, 3, 5))
        assert EventKind.RETURN not in [e.kind for e in dead.events]
        play(dead, "f f")
        assert dead.result is not None and dead.result.net == (-3, -3, 6)
        live = make(base.replace(antes_trimmed_first=first), [100] * 3)
        assert (live.stacks, live.committed) == ((99, 97, 95), (1, 3, 5))
        returned = [e for e in live.events if e.kind is EventKind.RETURN]
        assert [(e.seat, e.amount) for e in returned] == [(0, 2)]
        play(live, "f f")
        assert live.result is not None and live.result.net == (-1, -3, 4)


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


# A blind the ante takes whole (rules.md §6: "a player who cannot cover a forced bet posts
# all they have"): with nothing left, nothing is posted.

PK_NO_LIMIT = Rules(structure=Structure.NO_LIMIT, antes=1, blinds=(0, 2, 0), buy_in=10**9,
                    **POKERKIT_CONVENTIONS)  # fmt: skip


def _pokerkit_first(rules: Rules, stacks: list[int]) -> tuple[int | None, int, tuple[int, int]]:
    """PokerKit's first actor, what it calls, and its bet range (player p: position p)."""
    state = pokerkit_state(rules, stacks, _AUTOMATIONS)
    for _ in stacks:
        state.deal_hole("????")
    return state.actor_index, state.checking_or_calling_amount, (
        state.min_completion_betting_or_raising_to_amount,
        state.max_completion_betting_or_raising_to_amount,
    )


def test_pokerkit_a_big_blind_all_in_from_its_ante_posts_nothing_and_left_of_the_button_opens(
) -> None:
    """§6 under PokerKit's conventions: antes 1, blinds [0, 2, 0], stacks [100, 1, 100]
    (the button is seat 2).  The big blind's ante takes its one chip: it posts no blind,
    nobody owes anything, and the first seat left of the button opens (PokerKit: the
    player after the last of the largest posted blinds, all 0, is left of the button)."""
    hand = make(PK_NO_LIMIT, [100, 1, 100], button=2)
    assert [e.kind for e in hand.events].count(E.BLIND) == 0
    assert (hand.stacks, hand.bets, hand.all_in) == ((99, 0, 99), (0, 0, 0), (False, True, False))
    assert (hand.to_act, str(hand.legal_actions())) == (0, "check, bet 2 to 99")
    assert _pokerkit_first(PK_NO_LIMIT, [100, 1, 100]) == (0, 0, (2, 99))
    play(hand, "x x")
    assert (hand.street, hand.to_act) == (Street.FLOP, 0)


def test_pokerkit_every_blind_all_in_from_the_antes_opens_left_of_the_button() -> None:
    """Fixed limit 2/4, antes 3, blinds [0, 1, 2] at seats 1 and 2 (button 4), both all-in
    from their antes: seat 0 opens (not seat 3, after the big blind), as in PokerKit."""
    rules = Rules(structure=Structure.FIXED_LIMIT, small_bet=2, antes=3, blinds=(0, 1, 2),
                  max_raises=4, buy_in=10**9, **POKERKIT_CONVENTIONS)  # fmt: skip
    stacks = [50, 3, 3, 50, 50]
    hand = make(rules, stacks, button=4)
    assert (hand.to_act, str(hand.legal_actions())) == (0, "check, bet 2")
    assert _pokerkit_first(rules, stacks) == (0, 0, (2, 2))


def test_pokerkit_a_blind_posted_after_an_unposted_one_still_opens_after_it() -> None:
    """Blinds [1, 2] (button 3): the big blind's ante takes it whole, the small blind posts
    1; the largest posted blind is the small blind's, so the player after it (the big
    blind, all-in) is passed and seat 2 opens, owing 1 (what was posted)."""
    rules = PK_NO_LIMIT.replace(blinds=[1, 2])
    stacks = [100, 1, 100, 100]
    hand = make(rules, stacks, button=3)
    assert (hand.to_act, str(hand.legal_actions())) == (2, "fold, call 1, raise to 3 to 99")
    assert _pokerkit_first(rules, stacks) == (2, 1, (3, 99))


def test_a_big_blind_all_in_from_its_ante_is_still_called_in_full_after_it() -> None:
    """The default conventions (§6, ``short_blind_called_in_full``): the same table as
    PokerKit's case plays as if the big blind were posted: seat 2, after it, opens owing
    2, a raise at least to 4.  Calling what was posted (nothing): seat 2 opens, checking."""
    rules = Rules(structure=Structure.NO_LIMIT, antes=1, blinds=(0, 2, 0))
    hand = make(rules, [100, 1, 100], button=2)
    assert (hand.to_act, str(hand.legal_actions())) == (2, "fold, call 2, raise to 4 to 99")
    hand = make(rules.replace(short_blind_called_in_full=False), [100, 1, 100], button=2)
    assert (hand.to_act, str(hand.legal_actions())) == (2, "check, bet 2 to 99")


def test_seed001_a_button_all_in_from_its_ante_leaves_its_blind_to_be_straddled() -> None:
    """001: the button has only its ante (2): no blind is posted, but the straddler still
    straddles the blind of 5 (to 10) or folds, and the next seat faces the straddle."""
    hand = make(CT, [2, 100, 100, 100], button=0)
    assert (hand.bets, hand.to_act, str(hand.legal_actions())) == (
        (0, 0, 0, 0), 1, "fold, raise to 10",
    )
    hand.raise_to(10)
    assert (hand.to_act, str(hand.legal_actions())) == (2, "fold, call 10, raise to 20")


def test_seed001_blind_and_straddle_all_in_from_their_antes_open_at_the_next_seat() -> None:
    """001: the button and the straddler both have only their antes: the next seat opens,
    owing the button's blind of 5 in full; its raise (to 15) is the first of three."""
    hand = make(CT, [2, 2, 100, 100], button=0)
    assert (hand.to_act, str(hand.legal_actions())) == (2, "fold, call 5, raise to 15")
    hand.raise_to(15)
    assert hand.raises == 1
