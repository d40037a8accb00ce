"""Property tests over random rules, stacks and legal action sequences (hypothesis):

* chips are conserved in every state;
* no view of a seat holds another seat's hole cards before they are shown, a burn card,
  or any card still in the deck;
* every action the legal choices offer is accepted, and every other action is refused
  with the hand unchanged;
* the choices offered are exactly those an independent brute-force reference of the
  betting rules allows (``tests/betting_reference.py``: minimum bets and raises, reopening
  after short all-ins, raise caps, check-raise off, every amount), in random hands under
  the conventions of each preset.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from betting_reference import Choices, SpectatorBetting
from engine_helpers import snapshot, view_cards
from pokerroom.engine import (
    Action,
    ActionKind,
    EventKind,
    Hand,
    IllegalAction,
    OddChip,
    PlayerView,
    Street,
    TieSplit,
)
from pokerroom.evaluator import JokerMode, WildCards
from pokerroom.rules import Rules, ShowdownMode, Structure

K = ActionKind
WILDS = [None, None, WildCards(joker=JokerMode.BUG), WildCards.parse("2")]


@st.composite
def rules_strategy(draw: st.DrawFn) -> Rules:
    names = ["computer-tournament", "casino-limit", "no-limit", "wild", None]
    preset = draw(st.sampled_from(names))
    if preset is not None and draw(st.booleans()):
        return Rules.preset(preset)
    structure = draw(st.sampled_from(list(Structure)))
    small = draw(st.integers(1, 10))
    blinds = draw(st.sampled_from([(), (small,), (small, 2 * small), (small, 2 * small, 4 * small),
                                   (0, 2 * small)]))  # fmt: skip
    fields: dict[str, object] = {
        "structure": structure,
        "blinds": blinds,
        "antes": draw(st.sampled_from([0, 0, 1, small])),
        "check_raise": draw(st.booleans()),
        "all_in_only_when_short": draw(st.booleans()),
        "burn_cards": draw(st.booleans()),
        "showdown": draw(st.sampled_from(list(ShowdownMode))),
        "tie_split": draw(st.sampled_from(list(TieSplit))),
        "odd_chip": draw(st.sampled_from(list(OddChip))),
        "dead_antes": draw(st.booleans()),
        "wild": draw(st.sampled_from(WILDS)),
        "min_hole_cards": draw(st.sampled_from([0, 0, 1, 2])),
        "buy_in": 10_000,
    }
    if structure is Structure.FIXED_LIMIT:
        fields["small_bet"] = 2 * small
        fields["max_raises"] = draw(st.sampled_from([None, 0, 1, 3, (4, 3, 3, 3)]))
    else:
        fields["min_bet"] = draw(st.sampled_from([None, 2 * small, 1]))
    if len(blinds) == 1 and draw(st.booleans()):  # 001's button blind and straddle
        fields["button_blind"] = True
        fields["straddle"] = 2 * small
        fields["straddle_counts"] = draw(st.booleans())
    return Rules(**fields)  # type: ignore[arg-type]


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    rules = draw(rules_strategy())
    n = draw(st.integers(max(2, len(rules.blinds) + (1 if rules.straddle else 0)), 9))
    stacks = draw(st.lists(st.integers(1, 400), min_size=n, max_size=n))
    button = draw(st.integers(0, n - 1))
    seed = draw(st.integers(0, 2**32))
    return Hand(rules, stacks, button=button, rng=random.Random(seed))


def _choose(legal: object, rng: random.Random) -> Action:
    offered = list(legal)  # type: ignore[call-overload]
    assert offered
    action = rng.choice(offered)
    if action.amount is not None:
        lo, hi = legal.min_to, legal.max_to  # type: ignore[attr-defined]
        action = Action(action.kind, rng.randint(lo, hi))
    return action


def _illegal_actions(hand: Hand) -> list[Action]:
    legal = hand.legal_actions()
    candidates = [Action.fold(), Action.check(), Action.call(), Action.show(), Action.muck()]
    for kind in (K.BET, K.RAISE):
        for amount in (0, 1, legal.min_to - 1, legal.max_to + 1, legal.min_to, 10**6):
            candidates.append(Action(kind, amount))
    candidates.append(Action.show(7462))  # five of a kind: rarely made
    return [a for a in candidates if a not in legal and not (
        a.kind is K.SHOW and a.value is None and K.SHOW in legal.kinds)]  # fmt: skip


def _check_views(hand: Hand) -> None:
    for seat in range(hand.n):
        view = hand.view(seat)
        allowed = {int(c) for c in hand.hole(seat)} | {int(c) for c in hand.board}
        for s, shown in enumerate(view.shown):
            if shown is not None:
                allowed.update(int(c) for c in shown)
                assert any(e.kind is EventKind.SHOW and e.seat == s for e in hand.events)
        assert {int(c) for c in view_cards(view)} <= allowed
        assert view.hole == hand.hole(seat)
        assert (view.legal is not None) == (hand.to_act == seat)
        assert not any(isinstance(v, (list, dict)) for v in vars_of(view))


def vars_of(view: PlayerView) -> list[object]:
    return [getattr(view, name) for name in view.__slots__]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=hands(), seed=st.integers(0, 2**32))
def test_chips_are_conserved_and_views_leak_nothing(hand: Hand, seed: int) -> None:
    rng = random.Random(seed)
    total = sum(hand.starting_stacks)
    while not hand.is_over:
        assert sum(hand.stacks) + hand.pot == total
        _check_views(hand)
        hand.apply(_choose(hand.legal_actions(), rng))
    assert hand.result is not None
    assert sum(hand.result.stacks) == total
    assert sum(hand.result.won) == sum(hand.committed)
    _check_views(hand)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=hands(), seed=st.integers(0, 2**32))
def test_offered_actions_are_accepted_and_others_refused_unchanged(hand: Hand, seed: int) -> None:
    rng = random.Random(seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        for action in legal:  # every offered action (fixed amounts: the ends of the range)
            trial = copy.deepcopy(hand)
            assert trial.is_legal(action)
            trial.apply(action)
        before = snapshot(hand)
        for action in _illegal_actions(hand):
            assert not hand.is_legal(action)
            try:
                hand.apply(action)
            except IllegalAction as exc:
                assert f"seat {hand.to_act} cannot" in str(exc)
                assert "(legal:" in str(exc)
            else:
                raise AssertionError(f"{action} was accepted; legal: {legal}")
            assert snapshot(hand) == before
        other = (legal.seat + 1) % hand.n
        try:
            hand.apply(next(iter(legal)), seat=other)  # type: ignore[call-overload]
        except IllegalAction as exc:
            assert f"it is seat {legal.seat}'s turn" in str(exc)
        else:
            raise AssertionError("an action out of turn was accepted")
        assert snapshot(hand) == before
        acted = {EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET,
                 EventKind.RAISE, EventKind.STRADDLE}  # fmt: skip
        straddling = hand.rules.straddle and not any(e.kind in acted for e in hand.events)
        if hand.street is not Street.SHOWDOWN and not straddling:
            # 001's straddler straddles or folds; everyone else folds only when owing
            assert K.FOLD not in legal.kinds or legal.to_call > 0
            assert (K.CHECK in legal.kinds) == (legal.to_call == 0)
        hand.apply(_choose(legal, rng))


# --- the offers against a brute-force reference of the betting rules -----------------------

REFERENCE_RULES = {
    "computer-tournament": Rules.preset("computer-tournament"),
    "computer-tournament, check-raise off": Rules.preset("computer-tournament",
                                                         check_raise=False),
    "casino-limit": Rules.preset("casino-limit"),
    "casino-limit, check-raise off": Rules.preset("casino-limit", check_raise=False),
    "no-limit": Rules.preset("no-limit"),
    "pot-limit": Rules.preset("no-limit", structure=Structure.POT_LIMIT),
    "wild": Rules.preset("wild"),
}
REFERENCE_HANDS = 400


def _assert_offers_match(legal: object, want: Choices) -> None:
    kinds = set(legal.kinds)  # type: ignore[attr-defined]
    assert legal.seat == want.seat  # type: ignore[attr-defined]
    assert (K.FOLD in kinds) == want.fold
    assert (K.CHECK in kinds) == want.check
    assert (K.CALL in kinds) == (want.call is not None)
    assert legal.to_call == want.to_call  # type: ignore[attr-defined]
    if want.call is not None:
        assert legal.call == want.call  # type: ignore[attr-defined]
    offered = kinds & {K.BET, K.RAISE}
    if want.raise_kind is None:
        assert not offered
    else:
        assert offered == {K(want.raise_kind.value)}
        lo, hi = legal.min_to, legal.max_to  # type: ignore[attr-defined]
        assert set(range(lo, hi + 1)) == want.amounts


def _stacks(rules: Rules, n: int, rng: random.Random) -> list[int]:
    """Short, middling and deep stacks, so that short all-ins happen often."""
    big = rules.big_blind or rules.units[0]
    return [rng.choice([rng.randint(1, 3 * big), rng.randint(3 * big, 12 * big),
                        rng.randint(12 * big, 60 * big)]) for _ in range(n)]


def _pick(legal: object, rng: random.Random) -> Action:
    """Raise often, by the minimum more often than not, so raises of exactly a full raise
    and short all-ins both come up."""
    lo, hi = legal.min_to, legal.max_to  # type: ignore[attr-defined]
    raising = [k for k in legal.kinds if k in (K.BET, K.RAISE)]  # type: ignore[attr-defined]
    if raising and rng.random() < 0.45:
        to = rng.choice([lo, lo, lo, hi, rng.randint(lo, hi)])
        return Action(raising[0], to)
    others = [a for a in legal if a.amount is None]  # type: ignore[attr-defined]
    return rng.choice(others)


@pytest.mark.parametrize("name", list(REFERENCE_RULES))
def test_offers_are_what_the_betting_rules_allow_brute_force(name: str) -> None:
    rules = REFERENCE_RULES[name]
    rng = random.Random(name)
    seen: Counter[str] = Counter()
    for number in range(REFERENCE_HANDS):
        n = rng.randint(2, 9)
        hand = Hand(rules, _stacks(rules, n, rng), button=rng.randrange(n),
                    rng=random.Random(number), auto_showdown=True)
        ref = SpectatorBetting(rules, hand.starting_stacks, hand.button)
        read = 0
        while not hand.is_over:
            events = hand.events
            ref.replay(events[read:])
            read = len(events)
            seat = hand.to_act
            assert seat is not None
            want = ref.choices(seat)
            _assert_offers_match(hand.legal_actions(), want)
            seen["decisions"] += 1
            last = ref.acted_at[seat]
            if last is not None and not ref.straddle_pending:
                rise, step = ref.level - last, ref.full_raise()
                if 0 < rise < step:
                    seen["not reopened by a short all-in"] += 1
                elif rise == step:
                    seen["reopened by exactly a full raise"] += 1
            cap = rules.raise_caps[ref.street]
            if ref.opened and cap is not None and ref.raises >= cap:
                seen["raise cap reached"] += 1
            if ref.checked[seat] and not rules.check_raise:
                seen["no check-raise"] += 1
            if not ref.straddle_pending and want.amounts == {ref.behind[seat] + ref.put[seat]} \
                    and min(want.amounts) < ref.bounds(seat)[0]:
                seen["all-in for less than a full bet or raise"] += 1
            hand.apply(_pick(hand.legal_actions(), rng))
    # what the random hands covered
    assert seen["decisions"] > 5 * REFERENCE_HANDS
    # 001 goes all-in only to call, so only its straddle can be short, before anyone acted
    assert (seen["not reopened by a short all-in"] > 0) != rules.all_in_only_when_short
    assert seen["reopened by exactly a full raise"] > 0
    assert (seen["all-in for less than a full bet or raise"] > 0) != rules.all_in_only_when_short
    if rules.max_raises is not None:
        assert seen["raise cap reached"] > 0
    if not rules.check_raise:
        assert seen["no check-raise"] > 0
