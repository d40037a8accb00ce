"""The conventions rule books settle differently (Rules fields, see pokerroom.rules), the
defects of 001's straddle, limits and showdown found by the rules review, and a property
test of reopening and minimum raises against a reference written from rules.md §5."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_helpers import make, play, raise_refusal
from pokerroom.engine import ActionKind, EventKind, Hand, IllegalAction, Street
from pokerroom.rules import (
    CapCount,
    OddChip,
    Reopening,
    Rules,
    RulesError,
    ShowRule,
    Structure,
)

CT = Rules.preset("computer-tournament")  # 10/20, ante 2, button blind 5, straddle 10
NL = Rules.preset("no-limit")  # blinds 2/4
FL = Rules.preset("casino-limit")  # 2/4, blinds 1/2
BARE = Rules(structure=Structure.NO_LIMIT, blinds=(), min_bet=4)
K = ActionKind


# 001's straddle and limits ------------------------------------------------------------


def test_seed001_raise_after_a_folded_straddle_adds_call_and_low_limit() -> None:
    hand = make(CT, [1000] * 4, button=0)
    hand.fold()  # seat 1 does not straddle: seat 2 faces the button blind of 5
    assert str(hand.legal_actions()) == "fold, call 5, raise to 15"


def test_seed001_raise_after_a_short_straddle_adds_call_and_low_limit() -> None:
    hand = make(CT, [1000, 9, 1000, 1000], button=0)  # 7 behind after the ante
    hand.raise_to(7)  # the straddle, all-in for less
    assert str(hand.legal_actions()) == "fold, call 7, raise to 17"
    hand.raise_to(17)
    assert hand.raises == 1  # a raise of the blind and straddle: it counts (cap 3)
    play(hand, "r27 r37")  # three raises: the cap
    assert str(hand.legal_actions()) == "fold, call 20"


def _min_raises(hand: Hand) -> list[int]:
    """Raise (or bet) by the minimum while the seat to act may: the amounts, in order."""
    made = []
    while hand.legal_actions().can_raise:
        to = hand.legal_actions().min_to
        hand.bet_or_raise(to)
        made.append(to)
    return made


# rules.md §5-6 and 001 ("a limit on the total number of raises by all players in a round,
# not counting the straddle"; a raise adds "N + L"): the button's blind is the round's
# bet, the straddle its one raise that is not counted, every raise after it is counted.


def test_seed001_straddle_not_counted_in_raise_cap_when_posted() -> None:
    hand = Hand(CT, [1000] * 6, button=0, rng=random.Random(2))
    hand.raise_to(10)  # the straddle
    assert hand.raises == 0
    assert _min_raises(hand) == [20, 30, 40]  # seats 2, 3 and 4
    assert (hand.raises, hand.to_act, str(hand.legal_actions())) == (3, 5, "fold, call 40")


def test_seed001_straddle_not_counted_in_raise_cap_when_folded() -> None:
    """The straddler folds: the button's blind of 5 is the bet, 15 its first raise."""
    hand = Hand(CT, [1000] * 6, button=0, rng=random.Random(2))
    hand.fold()
    assert _min_raises(hand) == [15, 25, 35]
    assert (hand.raises, hand.to_act, str(hand.legal_actions())) == (3, 5, "fold, call 35")
    assert "the raise cap is reached (3 raises)" in raise_refusal(hand, 45)


def test_seed001_straddle_not_counted_in_raise_cap_when_short() -> None:
    """The straddler has 7 after the ante: it straddles all-in for 7, then 17 is the
    first counted raise."""
    hand = Hand(CT, [1000, 9, *[1000] * 4], button=0, rng=random.Random(2))
    hand.raise_to(7)
    assert (hand.raises, str(hand.legal_actions())) == (0, "fold, call 7, raise to 17")
    assert _min_raises(hand) == [17, 27, 37]
    assert (hand.raises, str(hand.legal_actions())) == (3, "fold, call 37")


def test_seed001_raise_cap_counts_the_first_raise_of_a_short_button_blind() -> None:
    """The button has 3 after the ante (blind all-in for 3, called as 5) and the straddler
    folds: 15 is a raise of the blind, then 25 and 35."""
    hand = Hand(CT, [5, *[1000] * 5], button=0, rng=random.Random(2))
    assert hand.bets[0] == 3
    hand.fold()
    assert _min_raises(hand) == [15, 25, 35]
    assert (hand.raises, str(hand.legal_actions())) == (3, "fold, call 35")


def test_seed001_raise_cap_counts_the_first_raise_of_a_one_chip_blind() -> None:
    """A button blind of 1 chip (``blinds=[1]``), the straddle folded: 11 is a raise."""
    hand = Hand(CT.replace(blinds=[1]), [1000] * 4, button=0, rng=random.Random(2))
    hand.fold()
    assert _min_raises(hand) == [11, 21, 31]
    assert hand.raises == 3


@pytest.mark.parametrize(
    ("straddler", "script", "raises"),
    [(1000, "r10", [20, 30]), (1000, "f", [15, 25, 35]), (9, "r7", [17, 27])],
)
def test_seed001_raise_cap_counts_the_straddle_when_straddle_counts(
    straddler: int, script: str, raises: list[int]
) -> None:
    """``straddle_counts``: the straddle, posted or all-in for less, is the first of the
    three raises; a folded one is none."""
    rules = CT.replace(straddle_counts=True)
    hand = Hand(rules, [1000, straddler, 1000, 1000], button=0, rng=random.Random(2))
    play(hand, script)
    assert _min_raises(hand) == raises
    assert hand.raises == 3


def test_seed001_raise_cap_after_the_flop_is_a_bet_and_three_raises() -> None:
    hand = Hand(CT, [1000] * 3, button=0, rng=random.Random(2))
    play(hand, "r10 c c x")  # the straddle, called round, the straddler's option checked
    assert hand.street is Street.FLOP
    assert _min_raises(hand) == [10, 20, 30, 40]
    assert hand.raises == 3


def test_seed001_a_short_all_in_bet_is_raised_by_a_unit_and_the_raise_counts() -> None:
    """All-in for less allowed (``all_in_only_when_short`` off), no completion: on the flop
    seat 1 bets its last 3 chips, the next bet raises it by a unit to 13 and counts."""
    rules = CT.replace(all_in_only_when_short=False)
    hand = Hand(rules, [1000, 15, 1000, 1000], button=0, rng=random.Random(2))
    play(hand, "r10 c c c x")  # seat 1 straddles 10 (3 behind), the rest call
    play(hand, "b3")  # seat 1, first after the button: all-in for less than a unit
    assert (hand.raises, str(hand.legal_actions())) == (0, "fold, call 3, raise to 13")
    assert _min_raises(hand) == [13, 23, 33]
    assert hand.raises == 3


def test_the_completion_of_a_short_blind_is_the_opening_bet_when_limits_complete() -> None:
    """002 (``fixed_limit_completes``): a big blind of 1 below the small bet of 2 is
    completed to 2, the round's opening bet; then three raises."""
    rules = FL.replace(blinds=[1, 1])
    hand = Hand(rules, [100] * 3, button=0, rng=random.Random(2))
    assert _min_raises(hand) == [2, 4, 6, 8]
    assert hand.raises == 3


def test_a_fixed_limit_round_without_blinds_is_opened_by_its_first_bet() -> None:
    """Antes only, no completion, one raise: the first bet is not counted, the raise is."""
    rules = Rules(structure=Structure.FIXED_LIMIT, small_bet=10, blinds=(), antes=1,
                  fixed_limit_completes=False, max_raises=1)  # fmt: skip
    hand = Hand(rules, [100] * 3, button=0, rng=random.Random(2))
    assert _min_raises(hand) == [10, 20]
    assert hand.raises == 1


def test_seed001_blind_and_straddle_follow_the_low_limit() -> None:
    doubled = Rules.preset("computer-tournament", small_bet=20, big_bet=40)
    assert (doubled.blinds, doubled.straddle, doubled.ante_amounts(3)) == ((10,), 20, (2, 2, 2))
    hand = make(doubled, [1000] * 3, button=2)
    assert [e.amount for e in hand.events if e.kind is EventKind.BLIND] == [10]
    assert str(hand.legal_actions()) == "fold, raise to 20"
    explicit = doubled.replace(straddle=30)
    assert (explicit.blinds, explicit.straddle, explicit.derived) == ((10,), 30, ("blinds",))
    assert explicit.replace(small_bet=25, big_bet=50).blinds == (12,)  # still derived
    assert explicit.replace(small_bet=25, big_bet=50).straddle == 30  # given: stays
    for rules in (CT, doubled, explicit):
        assert Rules.from_toml(rules.to_toml()) == rules
        assert Rules.from_mapping(rules.to_mapping()) == rules
        assert "blinds" not in rules.to_mapping()
    toml = 'preset = "computer-tournament"\nsmall_bet = 50\nbig_bet = 100\n'
    assert (Rules.from_toml(toml).blinds, Rules.from_toml(toml).straddle) == ((25,), 50)
    assert Rules.from_toml(toml + "blinds = [20]\n").derived == ("straddle",)


def test_fixed_limit_straddle_below_one_small_bet_is_refused() -> None:
    with pytest.raises(RulesError, match="a fixed-limit straddle is at least one small bet"):
        Rules(structure=Structure.FIXED_LIMIT, small_bet=10, blinds=(2,), button_blind=True,
              straddle=5)  # fmt: skip
    with pytest.raises(RulesError, match="no low limit to derive them from"):
        Rules(derived=("straddle",), blinds=(1,), button_blind=True)
    with pytest.raises(RulesError, match="derived is"):
        Rules(derived=("antes",))


def test_no_limit_straddle_sets_the_minimum_raise_like_a_third_blind() -> None:
    straddled = NL.replace(straddle=8, blinds=(2, 4))
    hand = make(straddled, [1000] * 4, button=3)
    hand.raise_to(8)  # seat 2 straddles
    three_blinds = make(NL.replace(blinds=(2, 4, 8)), [1000] * 4, button=3)
    assert hand.legal_actions().min_to == three_blinds.legal_actions().min_to == 16
    pk = {"blind_sets_min_raise": False, "min_bet": 4}
    hand = make(straddled.replace(**pk), [1000] * 4, button=3)
    hand.raise_to(8)
    three_blinds = make(NL.replace(blinds=(2, 4, 8), **pk), [1000] * 4, button=3)
    assert hand.legal_actions().min_to == three_blinds.legal_actions().min_to == 12


# 001's and 000's showdown ----------------------------------------------------------------


def _to_showdown(rules: Rules, holes: list[str], board: str) -> Hand:
    hand = make(rules, [100] * len(holes), button=len(holes) - 1, holes=holes, board=board)
    while hand.street is not Street.SHOWDOWN:
        hand.check_or_call()
    return hand


def _refused(act: Callable[[], None], message: str) -> None:
    with pytest.raises(IllegalAction) as info:
        act()
    assert str(info.value) == message


BOARD = "2c 7d 9h Js Kd"


def test_seed001_the_called_player_must_show() -> None:
    rules = NL.replace(show_rule=ShowRule.BETTER_OR_CONCEDE)
    hand = _to_showdown(rules, ["3c 4d", "Ac Ah", "5s 6s"], BOARD)
    assert hand.to_act == 0  # checked around: the first left of the button is called
    assert str(hand.legal_actions()) == "show"
    _refused(hand.muck, "seat 0 cannot muck at the showdown: this seat is called: it shows first "
             "and must show (001) (legal: show)")  # fmt: skip
    _refused(hand.check, "seat 0 cannot check at the showdown: the betting is over (legal: show)")


def test_seed001_a_later_player_shows_a_better_or_equal_hand_or_concedes() -> None:
    rules = NL.replace(show_rule=ShowRule.BETTER_OR_CONCEDE)
    hand = _to_showdown(rules, ["Qc Qd", "3c 4d", "Qs Qh", "Ac Ad"], BOARD)
    hand.show()  # seat 0: queens
    assert str(hand.legal_actions()) == "muck"  # seat 1 cannot tie or beat them
    _refused(hand.show, "seat 1 cannot show at the showdown: a hand shown already beats this "
             "one in every pot it contests: concede (001) (legal: muck)")  # fmt: skip
    hand.muck()
    assert str(hand.legal_actions()) == "show, muck"  # seat 2 ties: equal is enough
    hand.show()
    hand.show()  # seat 3, aces
    assert hand.result is not None and hand.result.winners == (3,)


def test_seed001_a_side_pot_may_still_be_claimed_with_a_worse_hand() -> None:
    """Seat 0, all-in for 20, is shown with aces; seats 1 and 2 also contest a side pot,
    so each may still show against the other although the aces beat them both."""
    rules = NL.replace(show_rule=ShowRule.BETTER_OR_CONCEDE)
    board = "2c 7d 9h Js 3s"
    hand = make(rules, [20, 100, 100], button=2, holes=["Ac Ad", "Qc Qd", "Kc Kd"], board=board)
    play(hand, "c r20 c c  b10 c  x x  x x")
    assert hand.to_act == 1
    assert str(hand.legal_actions()) == "show, muck"  # only the aces beat the queens
    hand.show()
    assert str(hand.legal_actions()) == "show, muck"  # kings beat queens: side pot
    hand.show()
    assert hand.result is not None and hand.result.won == (60, 0, 20)


def test_seed000_every_remaining_player_shows() -> None:
    rules = NL.replace(show_rule=ShowRule.ALL_SHOW)
    hand = _to_showdown(rules, ["Ac Ad", "3c 4d"], BOARD)
    assert str(hand.legal_actions()) == "show"
    _refused(hand.muck, "seat 0 cannot muck at the showdown: every player still in shows all "
             "their cards (000) (legal: show)")  # fmt: skip
    # a betting action is refused for what it is, not for the show rule
    _refused(hand.check, "seat 0 cannot check at the showdown: the betting is over (legal: show)")
    _refused(hand.fold, "seat 0 cannot fold at the showdown: the betting is over (legal: show)")
    hand.settle()
    assert hand.result is not None and hand.result.shown[0] and hand.result.shown[1]


def test_computer_tournament_preset_plays_001s_showdown() -> None:
    assert CT.show_rule is ShowRule.BETTER_OR_CONCEDE
    assert not CT.fixed_limit_completes


# the conventions, one by one (default: the card room; the other value: PokerKit's) -------


def test_short_blind_called_in_full_or_as_posted() -> None:
    hand = make(NL, [100, 100, 3, 100], button=0)  # the big blind, seat 2, has 3
    assert str(hand.legal_actions()) == "fold, call 4, raise to 8 to 100"
    posted = NL.replace(short_blind_called_in_full=False, blind_sets_min_raise=False, min_bet=4)
    hand = make(posted, [100, 100, 3, 100], button=0)
    assert str(hand.legal_actions()) == "fold, call 3, raise to 7 to 100"


def test_fixed_limit_completes_or_raises_a_unit_over_a_short_bet() -> None:
    hand = make(FL, [100, 100, 3], button=1)  # seat 2, the small blind, has 3
    play(hand, "c c x b1")  # seat 2 bets its last chip on the flop
    assert str(hand.legal_actions()) == "fold, call 1, raise to 2"  # 002: completed
    hand = make(FL.replace(fixed_limit_completes=False), [100, 100, 3], button=1)
    play(hand, "c c x b1")
    assert str(hand.legal_actions()) == "fold, call 1, raise to 3"  # a unit over it


def test_a_short_all_in_bet_reopens_for_checkers_only_under_pokerkits_rule() -> None:
    for reopening, legal in (
        (Reopening.FULL_RAISE, "fold, call 3"),
        (Reopening.NO_SMALLER, "fold, call 3, raise to 7 to 96"),
        (Reopening.ALWAYS, "fold, call 3, raise to 7 to 96"),
    ):
        hand = make(NL.replace(reopening=reopening), [100, 100, 7], button=0)
        play(hand, "c c x  x b3 c")  # seat 1 checks; seat 2 bets all-in for 3
        assert str(hand.legal_actions()) == legal, reopening


def test_pokerkits_rule_a_run_of_short_all_ins_reopens_once() -> None:
    """NO_SMALLER: bet 10, all-ins to 15 and 21 (together a full raise: the betting
    reopens), then an all-in to 24 starts a new run: the first bettor, who acted since the
    last full bet, may raise no more.  TDA 47 lets them (they face 14 more than their 10)."""
    stacks = [1000, 15, 21, 24, 1000]
    for reopening, can_raise in ((Reopening.NO_SMALLER, False), (Reopening.FULL_RAISE, True)):
        rules = BARE.replace(reopening=reopening)
        hand = make(rules, stacks, button=4)
        play(hand, "b10 r15 r21 r24 c")
        assert hand.to_act == 0
        assert hand.legal_actions().can_raise is can_raise, reopening


def test_the_lone_player_is_asked_only_under_pokerkits_rule() -> None:
    hand = make(NL, [100, 100, 2], button=2)
    play(hand, "c f")  # the button calls all-in for 2, the small blind folds
    assert hand.is_over
    hand = make(NL.replace(lone_player_acts=True), [100, 100, 2], button=2)
    play(hand, "c f")
    assert hand.to_act == 1 and str(hand.legal_actions()) == "check"
    hand.check()
    assert hand.is_over


def test_under_pokerkits_rule_a_big_blind_covering_every_other_stack_is_not_asked() -> None:
    """lone_player_acts (PokerKit): a player whose bet already covers every other stack is
    not asked pre-flop.  Heads-up, blinds 2/4, the button posts the small blind with 3 or
    4 in all (at most the big blind's 4): it calls all-in and the board runs out, the big
    blind never asked, as without the rule (nobody left to bet against)."""
    for small in (3, 4):
        for lone in (True, False):
            hand = make(NL.replace(lone_player_acts=lone), [small, 100], button=0)
            assert hand.to_act == 0
            play(hand, "c")
            assert hand.is_over, (small, lone)
            assert [e.kind for e in hand.events].count(EventKind.CHECK) == 0


def test_the_raise_cap_counts_raises_or_every_bet_and_raise() -> None:
    rules = FL.replace(max_raises=2)
    hand = make(rules, [100] * 3, button=0)
    play(hand, "c c x  b2 r4 r6")  # flop: a bet and two raises
    assert str(hand.legal_actions()) == "fold, call 4"
    hand = make(rules.replace(cap_counts=CapCount.BETS_AND_RAISES), [100] * 3, button=0)
    play(hand, "c c x  b2 r4")  # the bet counts
    assert str(hand.legal_actions()) == "fold, call 4"


def test_odd_chips_of_a_pot_go_one_by_one_or_all_to_the_first_winner() -> None:
    """Three straights split 5 chips of dead antes: 2, 2, 1 — or 3, 1, 1 (PokerKit)."""
    holes = ["Th 3c", "Td 4c", "Tc 5c", "2c 2h"]
    for odd_chip, won in ((OddChip.LEFT_OF_BUTTON, (2, 2, 1, 0)),
                          (OddChip.FIRST_LEFT_OF_BUTTON, (3, 1, 1, 0))):  # fmt: skip
        rules = BARE.replace(odd_chip=odd_chip, antes=(1, 1, 1, 2), dead_antes=True)
        hand = make(rules, [50] * 4, button=3, holes=holes, board="As Ks Qs Js 2d")
        play(hand, " ".join(["x"] * 16))
        hand.settle()
        assert hand.result is not None and hand.result.won == won, odd_chip


def test_first_to_act_per_round_as_the_rules_give_it() -> None:
    rules = NL.replace(blinds=(4, 0, 2), heads_up_reversed=False, first_to_act=(1, 2, 2, 2))
    hand = make(rules, [100] * 3, button=2)  # the big blind on position 0, the button 2
    assert hand.bets == (4, 0, 2) and hand.to_act == 1
    play(hand, "c c x")
    assert hand.street is Street.FLOP and hand.to_act == 2


def test_antes_trimmed_before_or_after_the_blinds() -> None:
    """Heads-up, antes of 2: the button has 1 chip, so 1 of the big blind's ante comes
    back.  Returned before the blinds, it pays the blind (2, all-in); after them
    (PokerKit), the blind was capped at what the ante left (1) and that chip stays behind."""
    for first, posted in ((True, 2), (False, 1)):
        rules = NL.replace(antes=2, antes_trimmed_first=first)
        hand = make(rules, [3, 1], button=1)
        kinds = [(e.kind, e.seat, e.amount) for e in hand.events[:4]]
        returned = (EventKind.RETURN, 0, 1)
        blind = (EventKind.BLIND, 0, posted)
        assert kinds.index(returned) < kinds.index(blind) if first else (
            kinds.index(blind) < kinds.index(returned)
        ), kinds


def test_flop_bet_gives_every_round_its_own_unit() -> None:
    rules = Rules(structure=Structure.FIXED_LIMIT, small_bet=2, flop_bet=3, big_bet=4,
                  river_bet=5, blinds=(1, 2))  # fmt: skip
    assert rules.units == (2, 3, 4, 5)


# property: reopening and minimum raises against a reference written from rules.md §5 -----


class _Round:
    """What the reference remembers of a betting round: the bet to match, the largest
    full bet or raise, and the bet level each player last acted at."""

    def __init__(self, street: Street, high: int, full: int) -> None:
        self.street, self.high, self.full = street, high, full
        self.acted: dict[int, int] = {}


def _reference_raise(unit: int, now: _Round, hand: Hand) -> tuple[bool, int]:
    """May the seat to act raise, and to how much at least (before the all-in cap)?  A full
    raise is the largest full bet or raise of the round, at least the minimum bet; a
    player who has acted may raise again only facing a full raise since; someone else must
    be able to call it."""
    s = hand.to_act
    assert s is not None
    high, full = now.high, max(unit, now.full)
    others = any(
        t != s and not hand.folded[t] and hand.stacks[t] and hand.bets[t] + hand.stacks[t] > high
        for t in range(hand.n)
    )
    can = hand.stacks[s] > high - hand.bets[s] and others
    if s in now.acted and high - now.acted[s] < full:
        can = False
    return can, high + full


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), stacks=st.lists(st.integers(1, 120), min_size=2, max_size=7))
def test_reopening_and_minimum_raises_match_the_reference(seed: int, stacks: list[int]) -> None:
    """No limit, blinds 2/4, uneven and short stacks: at every turn the engine offers a
    raise exactly when the reference allows one, from the reference's minimum."""
    rng = random.Random(seed)
    hand = Hand(NL.replace(buy_in=10_000), stacks, button=len(stacks) - 1, rng=rng)
    unit = 4
    now = _Round(Street.PREFLOP, 4, 4)  # the big blind is owed in full, even posted short
    while not hand.is_over and hand.street is not Street.SHOWDOWN:
        if hand.street is not now.street:
            now = _Round(hand.street, 0, 0)
        legal = hand.legal_actions()
        can, min_to = _reference_raise(unit, now, hand)
        assert legal.can_raise == can, (legal, str(hand))
        s = legal.seat
        if can:
            assert legal.min_to == min(min_to, hand.bets[s] + hand.stacks[s]), (legal, str(hand))
        kind = rng.choice(legal.kinds)
        if kind in (K.BET, K.RAISE):
            lo, hi = legal.min_to, legal.max_to
            amount = rng.choice([lo, hi, rng.randint(lo, hi)])
            hand.act(kind, amount)
            if amount - now.high >= max(unit, now.full):
                now.full = amount - now.high
            now.high = amount
        else:
            hand.act(kind)
        now.acted[s] = now.high
