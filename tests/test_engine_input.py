"""Bad input to the engine (rules.md §7, §11: an illegal action is refused before
anything changes): amounts that are not whole chips, wrong types and values fed to every
action method, and the messages that name the problem and the legal choices."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_helpers import make, play, snapshot
from pokerroom.engine import Action, ActionKind, Hand, IllegalAction, LegalActions, Street
from pokerroom.rules import Rules, Structure

NL = Rules.preset("no-limit")  # blinds 2/4
K = ActionKind


@pytest.mark.parametrize("amount", [10.5, 4.0, 8.0, True, "20", Decimal(8), Fraction(8)])
def test_amounts_that_are_not_whole_chips_are_refused_unchanged(amount: object) -> None:
    hand = make(NL, [100, 100, 100], button=0)
    before = snapshot(hand)
    for method in (hand.raise_to, hand.bet_or_raise):
        with pytest.raises(IllegalAction, match=r"an amount is a whole number of chips"):
            method(amount)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match=r"\(legal: fold, call 4, raise to 8 to 100\)"):
        hand.act(K.RAISE, amount)  # type: ignore[arg-type]
    assert snapshot(hand) == before
    play(hand, "c c x")  # to the flop: bets are possible
    before = snapshot(hand)
    for method in (hand.bet, hand.bet_or_raise):
        with pytest.raises(IllegalAction):
            method(amount)  # type: ignore[arg-type]
    assert snapshot(hand) == before


def test_a_fractional_raise_no_longer_breaks_a_split_pot() -> None:
    """The rules review's case: a raise to 10.5 left stacks of 89.5 and a later split pot
    crashed the showdown.  Now it is refused and the hand plays on to a clean split."""
    hand = make(NL, [100, 100], button=1, holes=["2c 3d", "2d 3c"], board="As Ks Qs Js Ts")
    with pytest.raises(IllegalAction):
        hand.raise_to(10.5)  # type: ignore[arg-type]
    play(hand, "r10 c x x x x x x")
    hand.settle()
    assert hand.result is not None and hand.result.stacks == (100, 100)


def test_action_refuses_amounts_that_are_not_ints() -> None:
    for bad in (10.5, 4.0, True, "20", None):
        with pytest.raises(ValueError, match="amount"):
            Action(K.RAISE, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not an action kind"):
        Action("raise", 10)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="value is a whole number"):
        Action.show(7.5)  # type: ignore[arg-type]
    assert Action.raise_to(10).amount == 10


def test_call_with_an_amount_says_a_call_takes_none() -> None:
    """The rules review's case: act(CALL, 4) with 4 owed said "nothing to call"."""
    hand = make(NL, [100, 100, 100], button=0)
    with pytest.raises(IllegalAction) as info:
        hand.act(K.CALL, 4)
    assert str(info.value) == (
        "seat 0 cannot call 4 pre-flop: a call takes no amount (it puts in what is owed: 4) "
        "(legal: fold, call 4, raise to 8 to 100)"
    )
    with pytest.raises(IllegalAction, match="a fold takes no amount"):
        hand.act(K.FOLD, 4)
    with pytest.raises(IllegalAction, match="only a show announces a hand value"):
        hand.act(K.FOLD, value=5)


def test_wrong_kinds_seats_and_objects_are_refused() -> None:
    hand = make(NL, [100, 100, 100], button=0)
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="'fold' is not an action kind"):
        hand.act("fold")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="a seat is a whole number"):
        hand.act(K.CALL, seat=True)
    with pytest.raises(IllegalAction, match="not an Action: 'fold'"):
        hand.apply("fold")  # type: ignore[arg-type]
    assert snapshot(hand) == before
    hand.call()
    hand.fold()
    hand.check()
    assert hand.street is Street.FLOP


PREFLOP = "(legal: fold, call 4, raise to 8 to 100)"  # seat 0, under the gun
FLOP = "(legal: check, bet 4 to 96)"  # seat 1, first to act on the flop


@pytest.mark.parametrize(
    ("flop", "act", "message"),
    [
        (False, lambda h: h.act("fold"),
         "seat 0 cannot act pre-flop: 'fold' is not an action kind (an ActionKind: fold, "
         f"check, call, bet, raise, show, muck) {PREFLOP}"),
        (False, lambda h: h.act(K.CALL, seat=True),
         f"seat 0 cannot call pre-flop: a seat is a whole number (an int), not True {PREFLOP}"),
        (False, lambda h: h.act(K.RAISE, 10.5, seat=0),
         "seat 0 cannot raise to 10.5 pre-flop: an amount is a whole number of chips (an int), "
         f"not 10.5 {PREFLOP}"),
        (False, lambda h: h.act(K.RAISE, 8, value=7.5),
         "seat 0 cannot raise to 8 pre-flop: a hand value is a whole number (an int), not 7.5 "
         f"{PREFLOP}"),
        (False, lambda h: h.show(7.5),
         "seat 0 cannot show pre-flop: a hand value is a whole number (an int), not 7.5 "
         f"{PREFLOP}"),
        (True, lambda h: h.bet(10.5),
         "seat 1 cannot bet 10.5 on the flop: an amount is a whole number of chips (an int), "
         f"not 10.5 {FLOP}"),
    ],
)  # fmt: skip
def test_wrong_types_are_refused_with_a_message_naming_the_action_and_the_wrong_value(
    flop: bool, act: Callable[[Hand], None], message: str
) -> None:
    """The refusal of a wrong type says who cannot do what (the amount as given: "raise
    to", "bet"), which value is wrong and why, and the legal choices (rules.md §7)."""
    hand = make(NL, [100, 100, 100], button=0)
    if flop:
        play(hand, "c c x")
    with pytest.raises(IllegalAction) as info:
        act(hand)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("flop", "act", "message"),
    [
        (False, lambda h: h.act(K.FOLD, 4),
         f"seat 0 cannot fold 4 pre-flop: a fold takes no amount {PREFLOP}"),
        (False, lambda h: h.act(K.FOLD, value=5),
         f"seat 0 cannot fold pre-flop: only a show announces a hand value {PREFLOP}"),
        (False, lambda h: h.show(),
         f"seat 0 cannot show pre-flop: it is not the showdown {PREFLOP}"),
        (False, lambda h: h.muck(),
         f"seat 0 cannot muck pre-flop: it is not the showdown {PREFLOP}"),
        (True, lambda h: h.call(), f"seat 1 cannot call on the flop: nothing to call {FLOP}"),
        (True, lambda h: h.fold(),
         f"seat 1 cannot fold on the flop: nothing to call (check instead) {FLOP}"),
    ],
)  # fmt: skip
def test_refusals_name_the_rule_in_full(
    flop: bool, act: Callable[[Hand], None], message: str
) -> None:
    """An action the betting does not allow is refused with one sentence: the seat, the
    action, the street, the rule it breaks and the legal choices (rules.md §7)."""
    hand = make(NL, [100, 100, 100], button=0)
    if flop:
        play(hand, "c c x")
    with pytest.raises(IllegalAction) as info:
        act(hand)
    assert str(info.value) == message


FL = Rules.preset("casino-limit")  # blinds 1/2, units 2/4
PL = NL.replace(structure=Structure.POT_LIMIT)


@pytest.mark.parametrize(
    ("rules", "stacks", "script", "act", "message"),
    [
        (NL, [100] * 3, "", lambda h: h.act(K.RAISE),
         f"seat 0 cannot raise pre-flop: a raise needs an amount {PREFLOP}"),
        (NL, [100] * 3, "c c x", lambda h: h.act(K.BET),
         f"seat 1 cannot bet on the flop: a bet needs an amount {FLOP}"),
        (NL, [100] * 3, "", lambda h: h.act(K.BET, 10),
         f"seat 0 cannot bet 10 pre-flop: there is a bet of 4 already (raise instead) {PREFLOP}"),
        (NL, [100] * 3, "c c x", lambda h: h.raise_to(10),
         f"seat 1 cannot raise to 10 on the flop: there is no bet to raise (bet instead) {FLOP}"),
        (NL, [100] * 3, "", lambda h: h.raise_to(6),
         f"seat 0 cannot raise to 6 pre-flop: the minimum is 8 {PREFLOP}"),
        (NL, [100] * 3, "", lambda h: h.raise_to(101),
         f"seat 0 cannot raise to 101 pre-flop: the maximum is 100 (all-in) {PREFLOP}"),
        (FL, [100] * 3, "c c x", lambda h: h.bet(3),
         "seat 1 cannot bet 3 on the flop: fixed limit: the only amount is 2 "
         "(legal: check, bet 2)"),
        # the small blind has 6: its only raise is all-in
        (NL, [100, 6, 100], "c", lambda h: h.raise_to(5),
         "seat 1 cannot raise to 5 pre-flop: all-in: the only amount is 6 "
         "(legal: fold, call 2, raise to 6)"),
        # pot limit: 4 to call, then the pot of 10 (2 + 4 + 4) on top
        (PL, [100] * 3, "", lambda h: h.raise_to(100),
         "seat 0 cannot raise to 100 pre-flop: the maximum is 14 (pot limit) "
         "(legal: fold, call 4, raise to 8 to 14)"),
        # ... unless the stack is smaller than the pot limit
        (PL, [10, 100, 100], "", lambda h: h.raise_to(50),
         "seat 0 cannot raise to 50 pre-flop: the maximum is 10 (all-in) "
         "(legal: fold, call 4, raise to 8 to 10)"),
    ],
)  # fmt: skip
def test_bet_and_raise_refusals_name_the_amount_rule(
    rules: Rules, stacks: list[int], script: str, act: Callable[[Hand], None], message: str
) -> None:
    """A bet or raise of the wrong kind or size is refused naming what is wrong: no
    amount, a bet where there is one to raise (or the reverse), below the minimum, above
    the stack or the pot limit, or not the one amount fixed limit or an all-in allows."""
    hand = make(rules, stacks, button=0)
    play(hand, script)
    with pytest.raises(IllegalAction) as info:
        act(hand)
    assert str(info.value) == message


def test_legal_actions_of_a_finished_hand_are_refused() -> None:
    hand = make(NL, [100, 100], button=1)
    hand.fold()  # heads-up: the button's small blind folds, the hand is over
    with pytest.raises(IllegalAction) as info:
        hand.legal_actions()
    assert str(info.value) == "nobody is to act: the hand is over"


# ---------------------------------------------------------------- property: nothing changes

BAD_AMOUNTS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=4),
    st.none(),
    st.integers(max_value=-1),
    st.integers(min_value=10**6),
    st.decimals(allow_nan=False, allow_infinity=False),
    st.fractions(),
)
NOT_INTS = st.one_of(
    st.floats(), st.booleans(), st.text(max_size=4), st.decimals(allow_nan=False), st.fractions()
)
METHODS = ("act", "apply", "bet", "raise_to", "bet_or_raise", "show", "seat")


def _random_hand(seed: int) -> Hand:
    rng = random.Random(seed)
    rules = Rules.preset(rng.choice(["no-limit", "casino-limit", "computer-tournament"]))
    n = rng.randint(3, 6)
    stacks = [rng.randint(1, 300) for _ in range(n)]
    hand = Hand(rules, stacks, button=rng.randrange(n), rng=rng)
    for _ in range(rng.randrange(12)):
        if hand.is_over:
            break
        hand.apply(hand.default_action() if rng.random() < 0.5 else _any_legal(hand, rng))
    return hand


def _any_legal(hand: Hand, rng: random.Random) -> Action:
    return rng.choice(list(hand.legal_actions()))  # type: ignore[call-overload,no-any-return]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    method=st.sampled_from(METHODS),
    kind=st.sampled_from(list(ActionKind)),
    amount=BAD_AMOUNTS,
    other=NOT_INTS,
)
def test_wrong_types_and_values_through_every_method_change_nothing(
    seed: int, method: str, kind: ActionKind, amount: object, other: object
) -> None:
    hand = _random_hand(seed)
    if hand.is_over:
        with pytest.raises(IllegalAction, match="the hand is over"):
            hand.act(kind, amount)  # type: ignore[arg-type]
        return
    before = snapshot(hand)
    events = hand.events
    with pytest.raises(IllegalAction) as info:
        if method == "act":
            hand.act(kind if amount is not None else K.RAISE, amount)  # type: ignore[arg-type]
        elif method == "apply":
            hand.apply(amount)  # type: ignore[arg-type]
        elif method == "show":
            hand.show(other)  # type: ignore[arg-type]
        elif method == "seat":
            hand.act(K.CALL, seat=other)  # type: ignore[arg-type]
        else:
            getattr(hand, method)(amount)
    message = str(info.value)
    assert "(legal:" in message or "not an Action" in message
    assert snapshot(hand) == before
    assert hand.events == events


FIELDS = ("seat", "street", "kinds", "to_call", "call", "min_to", "max_to", "values")


def test_bad_input_never_corrupts_anything_changing_the_legal_actions() -> None:
    """The legal actions the hand hands out are the ones it checks against: writing or
    deleting any of their fields is refused, and an amount beyond the stack stays
    illegal (before the fix, ``max_to = 10**6`` let a raise leave a negative stack)."""
    hand = make(NL, [100, 100, 100], button=0)
    legal = hand.legal_actions()
    before = snapshot(hand)
    wider = {"seat": 2, "street": Street.RIVER, "kinds": tuple(ActionKind), "to_call": 0,
             "call": 0, "min_to": 1, "max_to": 10**6, "values": (1,)}  # fmt: skip
    for name in FIELDS:
        was = getattr(legal, name)
        with pytest.raises(AttributeError) as info:
            setattr(legal, name, wider[name])
        assert str(info.value) == f"LegalActions is immutable ({name} is {was!r})"
        with pytest.raises(AttributeError) as info:
            delattr(legal, name)
        assert str(info.value) == "LegalActions is immutable"
        assert getattr(legal, name) == was
    with pytest.raises(AttributeError, match="LegalActions is immutable"):
        legal.anything_else = 1  # type: ignore[attr-defined]
    assert hand.legal_actions() is legal and legal.max_to == 100
    with pytest.raises(IllegalAction, match="raise to 8 to 100"):
        hand.raise_to(10**6)
    with pytest.raises(IllegalAction, match="raise to 8 to 100"):
        hand.act(K.RAISE, 101)
    assert snapshot(hand) == before
    hand.raise_to(100)  # the whole stack is still the most
    assert hand.stacks == (0, 98, 96) and min(hand.stacks) >= 0


def test_legal_actions_are_values_copies_and_pickles_keep() -> None:
    hand = make(NL, [100, 100, 100], button=0)
    legal = hand.legal_actions()
    for kept in (copy.copy(legal), copy.deepcopy(legal), pickle.loads(pickle.dumps(legal))):
        assert kept == legal and hash(kept) == hash(legal) and str(kept) == str(legal)
        assert all(getattr(kept, name) == getattr(legal, name) for name in FIELDS)
    assert legal != LegalActions(1, Street.PREFLOP, (K.FOLD,))


def test_an_announced_show_is_legal_only_with_a_value_the_cards_make() -> None:
    legal = LegalActions(0, Street.SHOWDOWN, (K.SHOW, K.MUCK), values=(5511, 4000))
    assert Action.show(5511) in legal and Action.show(4000) in legal
    assert Action.show(4001) not in legal
    assert Action.show() in legal and Action.muck() in legal
    assert Action.fold() not in legal
    assert str(legal) == "show (announcing a hand the cards make), muck"
    assert str(LegalActions(0, Street.SHOWDOWN, (K.SHOW, K.MUCK))) == "show, muck"


def test_equal_actions_and_legal_actions_hash_alike_and_others_apart() -> None:
    actions = [Action.fold(), Action.check(), Action.call(), Action.bet(20), Action.raise_to(40),
               Action.raise_to(60), Action.show(), Action.show(5511), Action.muck()]  # fmt: skip
    assert hash(Action.parse("r40")) == hash(Action(K.RAISE, 40))
    assert {Action.parse(str(a)): str(a) for a in actions} == {a: str(a) for a in actions}
    assert len({hash(a) for a in actions}) > 1  # not one hash for all (a dict of them)
    hand = make(NL, [100, 100, 100], button=0)
    legal = hand.legal_actions()
    same = LegalActions(0, Street.PREFLOP, (K.FOLD, K.CALL, K.RAISE), 4, 4, 8, 100)
    assert same == legal and hash(same) == hash(legal)
    hand.call()
    assert hash(hand.legal_actions()) != hash(legal)


def test_parse_refuses_an_amount_after_a_word_that_takes_none() -> None:
    for text, word in (("fold 5", "fold"), ("c10", "call"), ("x 2", "check"), ("muck 1", "muck")):
        with pytest.raises(ValueError) as info:
            Action.parse(text)
        assert str(info.value) == f"not an action: {text!r} ({word} takes no amount)"


@pytest.mark.parametrize(
    ("kind", "amount", "value", "message"),
    [
        ("raise", 10, None,
         "not an action kind: 'raise' (fold, check, call, bet, raise, show, muck)"),
        (K.RAISE, 10.5, None, "a raise's amount is a whole number (an int), not 10.5"),
        (K.SHOW, None, 7.5, "a show's value is a whole number (an int), not 7.5"),
        (K.BET, None, None, "a bet needs amount"),
        (K.FOLD, 5, None, "a fold takes no amount"),
        (K.FOLD, None, 5, "only a show announces a hand value"),
    ],
)  # fmt: skip
def test_action_refusals_name_the_problem(
    kind: object, amount: object, value: object, message: str
) -> None:
    with pytest.raises(ValueError) as info:
        Action(kind, amount, value=value)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_iterating_legal_actions_gives_the_smallest_and_largest_raise() -> None:
    hand = make(NL, [100, 100, 100], button=0)
    raises = [Action.fold(), Action.call(), Action.raise_to(8), Action.raise_to(100)]
    assert list(hand.legal_actions()) == raises  # type: ignore[call-overload]
    fixed = LegalActions(0, Street.FLOP, (K.CHECK, K.BET), min_to=2, max_to=2)
    assert list(fixed) == [Action.check(), Action.bet(2)]  # type: ignore[call-overload]
