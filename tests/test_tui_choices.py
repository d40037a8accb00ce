"""The action bar's choices as a class, over many decisions of every preset: every legal
action is offered by an enabled button, no enabled button is illegal, a disabled one
says why, the focus is on a legal choice (never Fold while anything else is possible),
the prompt speaks the buttons' words, the fourth button names the real maximum, and the
showdown offers only legal choices, best first, conceding last."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator

import pytest

from engine_helpers import make
from pokerroom.conventions import Reopening
from pokerroom.engine import Action, ActionKind, Hand, IllegalAction, LegalActions, Street
from pokerroom.engine.actions import random_action
from pokerroom.engine.view import PlayerView
from pokerroom.evaluator import describe
from pokerroom.jsonproto.codec import dumps, view_from_json, view_to_json
from pokerroom.rules import Rules
from pokerroom.tui.choices import (
    buttons,
    declarations,
    needs_amount,
    odds_text,
    pot_odds,
    prompt,
    read_amount,
    refusal,
    step_size,
)
from pokerroom.tui.widgets.table import _focus

_K = ActionKind
RULES = {
    "no-limit": Rules.preset("no-limit"),
    "pot-limit": Rules.preset("no-limit", structure="pot-limit"),
    "casino-limit": Rules.preset("casino-limit"),
    "computer-tournament": Rules.preset("computer-tournament"),
    "wild": Rules.preset("wild"),
    "announced-limit": Rules.preset("casino-limit", showdown="announced"),
}


def _decisions(rules: Rules, seed: int) -> Iterator[PlayerView]:
    """Every decision of a few hands (stacks from short to deep, mostly checks and calls
    so that showdowns come), as the seat to act sees it."""
    rng = random.Random(seed)
    for _ in range(12):
        players = rng.randint(2, 6)
        stacks = [rng.choice([3, 9, 40, 120, 1000]) for _ in range(players)]
        hand = Hand(rules, stacks, button=rng.randrange(players), rng=rng)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            yield view
            legal = hand.legal_actions()
            passive = [k for k in (_K.CHECK, _K.CALL) if k in legal.kinds]
            if passive and rng.random() < 0.7:
                hand.act(passive[0])
            elif legal.street is Street.SHOWDOWN:
                muck = _K.MUCK in legal.kinds and rng.random() < 0.3
                hand.apply(Action.muck() if muck else hand.default_action())
            else:
                hand.act(*random_action(legal, rng))


@pytest.mark.parametrize("preset", RULES)
def test_the_bar_offers_every_legal_action_and_only_legal_ones(preset: str) -> None:
    seen = 0
    for view in _decisions(RULES[preset], seed=len(preset)):
        legal = view.legal
        assert legal is not None
        if legal.street is Street.SHOWDOWN:
            continue
        bar = buttons(view)
        seen += 1
        by = {b.name: b for b in bar}
        assert by["fold"].enabled == (_K.FOLD in legal.kinds)
        if _K.CALL in legal.kinds:
            assert by["call"].enabled and by["call"].action == Action.call()
        if _K.CHECK in legal.kinds:
            assert by["check"].enabled and by["check"].action == Action.check()
        third = bar[2]
        assert third.enabled == legal.can_raise
        if legal.can_raise and not needs_amount(view):
            assert third.action is not None and third.action.amount == legal.min_to
        if needs_amount(view):  # the typed amount reaches both ends; the fourth the top
            assert read_amount(f"{legal.min_to:,}", view).amount == legal.min_to
            assert read_amount(str(legal.max_to), view).amount == legal.max_to
            assert bar[3].enabled and bar[3].action is not None
            assert bar[3].action.amount == legal.max_to
        for b in bar:
            if b.enabled and b.action is not None:
                assert b.action in legal, (b, legal)
            if not b.enabled:
                assert b.why, b
        # the focus: a legal choice, Fold only when nothing else is possible
        focus = bar[_focus(bar)]
        assert focus.enabled
        assert focus.name != "fold" or legal.kinds == (_K.FOLD,)
    assert seen > 30


@pytest.mark.parametrize("preset", RULES)
def test_the_prompt_speaks_the_buttons_words(preset: str) -> None:
    for view in _decisions(RULES[preset], seed=7 + len(preset)):
        legal = view.legal
        assert legal is not None
        if legal.street is Street.SHOWDOWN:
            continue
        said = prompt(view)
        labels = [b.label for b in buttons(view) if b.enabled]
        if said == "Your turn: nothing to call.":
            assert "Check" in labels, labels
        elif said.endswith(" to call."):
            owe = said.removeprefix("Your turn: ").removesuffix(" to call.")
            assert any(label.startswith(f"Call {owe}") for label in labels), (said, labels)
        else:
            amount = said.split("(")[1].split(")")[0]
            assert f"Straddle {amount}" in labels and "Fold" in labels, (said, labels)


@pytest.mark.parametrize("preset", RULES)
def test_the_fourth_button_names_the_real_maximum(preset: str) -> None:
    for view in _decisions(RULES[preset], seed=11 + len(preset)):
        legal = view.legal
        assert legal is not None
        if legal.street is Street.SHOWDOWN:
            continue
        most = buttons(view)[3]
        everything = view.bets[view.seat] + view.stacks[view.seat]
        word, _, amount = most.label.partition(" ")
        if most.enabled:
            assert most.action is not None
            put_in = (view.bets[view.seat] + legal.call if most.action.kind is _K.CALL
                      else most.action.amount)  # fmt: skip
            assert amount == f"{put_in:,}"  # with its thousands separators
            assert (word == "All-in") == (put_in == everything), most
        if word == "Pot":
            assert view.rules.structure.value == "pot-limit"


def test_pot_limit_shows_the_pot_not_an_all_in_it_cannot_make() -> None:
    rules = RULES["pot-limit"]
    hand = make(rules, [200, 200, 200], button=0)
    hand.call()  # the button calls 4
    hand.call()
    hand.check()  # the flop: a pot of 12
    bar = buttons(hand.view(1))
    assert bar[3].label == "Pot 12" and bar[3].action == Action.bet(12)
    assert not bar[3].all_in


def test_showdown_choices_are_legal_best_first_conceding_last() -> None:
    counted = {"announced": 0, "beaten": 0}
    spots = [(p, seed) for p in ("computer-tournament", "announced-limit", "no-limit",
                                 "casino-limit") for seed in range(3, 7)]  # fmt: skip
    for preset, seed in spots:
        for view in _decisions(RULES[preset], seed=seed):
            legal = view.legal
            assert legal is not None
            if legal.street is not Street.SHOWDOWN:
                continue
            choices = declarations(view)
            assert choices, legal
            for c in choices:
                assert c.action in legal, (c, legal)  # every choice, the focused first one too
            if legal.values:
                counted["announced"] += 1
                shows = [c for c in choices if c.action.kind is _K.SHOW]
                assert [c.action.value for c in shows] == list(legal.values)
                assert list(legal.values) == sorted(legal.values, reverse=True)
                assert [c.label for c in shows] == [f"Announce {describe(v)}"
                                                    for v in legal.values]  # fmt: skip
                concede = [Action.muck()] if _K.MUCK in legal.kinds else []  # the caller shows
                assert [c.action for c in choices] == [c.action for c in shows] + concede
            elif _K.SHOW not in legal.kinds:
                counted["beaten"] += 1
                assert [c.action for c in choices] == [Action.muck()]
                assert choices[0].label == "Muck: a hand already shown beats yours"
    assert counted["announced"] > 3 and counted["beaten"] > 3, counted


def test_a_beaten_hand_is_offered_the_muck_only() -> None:
    """The 001 showdown of the report: a hand shown already beats yours; showing is not
    legal, so it is not offered (it was first and focused, and Enter was refused)."""
    hand = Hand(RULES["computer-tournament"], [1000] * 3, button=0, rng=random.Random(0))
    while hand.street is not Street.SHOWDOWN or hand.to_act != 0:
        legal = hand.legal_actions()
        if legal.street is Street.SHOWDOWN:
            hand.apply(hand.default_action())
        elif _K.CALL in legal.kinds or _K.CHECK in legal.kinds:
            hand.check_or_call()
        else:
            hand.raise_to(legal.min_to)
    view = hand.view(0)
    assert view.legal is not None and view.legal.kinds == (_K.MUCK,)
    assert [c.action for c in declarations(view)] == [Action.muck()]
    assert prompt(view) == "Your turn: muck (a hand already shown beats yours)."


def test_pot_odds_beside_the_call() -> None:
    hand = make(RULES["no-limit"], [500, 500, 500], button=0)
    view = hand.view(0)  # 4 to call into 6: 4 / 10
    assert pot_odds(view) == pytest.approx(0.4)
    assert odds_text(view) == "Call 4: you need 40%"
    hand.raise_to(12)  # the button raises to 12: the small blind owes 10 into 18
    assert odds_text(hand.view(1)) == "Call 10: you need 36%"
    hand.call()
    hand.call()
    assert pot_odds(hand.view(1)) is None and odds_text(hand.view(1)) == ""  # checking is free


def test_a_key_that_is_not_possible_says_why_and_what_is() -> None:
    hand = make(RULES["no-limit"], [500, 500, 500], button=0)
    hand.call()
    hand.call()
    hand.check()  # the flop: checking is free
    said = refusal(hand.view(1), "fold")
    assert said == ("Fold is not possible now: checking is free: check with c. You can: "
                    "Check (c) · Bet… (b) · All-in 496 (a).")  # fmt: skip
    straddle = Hand(RULES["computer-tournament"], [1000] * 3, button=0, rng=random.Random(1))
    said = refusal(straddle.view(1), "check")
    assert said.startswith("Check is not possible now: the straddle is yours to post")
    assert "Straddle 10 (r)" in said and "Fold (f)" in said


def test_arrows_step_through_the_quick_sizes_and_stop_at_the_ends() -> None:
    view = make(RULES["no-limit"], [500, 500, 500], button=0).view(0)
    assert [step_size(view, t, 1) for t in ("8", "9", "14", "500", "abc", "11")] == [
        9, 14, 500, 500, 8, 14,
    ]  # fmt: skip
    assert [step_size(view, t, -1) for t in ("8", "9", "500", "1,000", "")] == [8, 8, 14, 500, 8]


# ------------------------------------------- exact buttons, sizes and words (issue 31)

NL = RULES["no-limit"]


def _bar(view: PlayerView) -> list[tuple[object, ...]]:
    return [(b.key, b.label, b.action, b.enabled, b.name, b.why) for b in buttons(view)]


def _sizes(view: PlayerView) -> list[tuple[str, str, int]]:
    from pokerroom.tui.choices import quick_sizes

    return [(q.key, q.label, q.amount) for q in quick_sizes(view)]


def test_the_bar_facing_the_big_blind_exactly() -> None:
    """2/4 blinds, 500 each: the button owes 4 into 6; a raise goes from 8 to 500; half
    the pot is 4 + (6 + 4) // 2 = 9, the pot 4 + 10 = 14."""
    view = make(NL, [500, 500, 500], button=0).view(0)
    assert _bar(view) == [
        ("f", "Fold", Action.fold(), True, "fold", ""),
        ("c", "Call 4", Action.call(), True, "call", ""),
        ("r", "Raise to…", None, True, "raise", ""),
        ("a", "All-in 500", Action.raise_to(500), True, "all-in", ""),
    ]
    assert _sizes(view) == [("m", "min", 8), ("h", "½ pot", 9), ("p", "pot", 14),
                            ("a", "all-in", 500)]  # fmt: skip
    assert read_amount("", view).message == (
        "Type the amount to raise to (8 to 500), like 120 or 1,200.")
    assert refusal(view, "check") == ("Check is not possible now. You can: Fold (f) · Call 4 (c)"
                                      " · Raise to… (r) · All-in 500 (a).")  # fmt: skip
    with pytest.raises(ValueError, match=r"^it is not seat 1's turn$"):
        buttons(make(NL, [500, 500, 500], button=0).view(1))


def test_the_bar_when_checking_is_free_exactly() -> None:
    hand = make(NL, [500, 500, 500], button=0)
    hand.call()
    hand.call()
    hand.check()  # the flop: 12 in the pot, 496 behind
    view = hand.view(1)
    assert _bar(view) == [
        ("f", "Fold", Action.fold(), False, "fold", "checking is free: check with c"),
        ("c", "Check", Action.check(), True, "check", ""),
        ("b", "Bet…", None, True, "bet", ""),
        ("a", "All-in 496", Action.bet(496), True, "all-in", ""),
    ]
    assert read_amount("", view).message == (
        "Type the amount to bet to (4 to 496), like 120 or 1,200.")
    assert read_amount("4", view).amount == 4 and read_amount("496", view).amount == 496
    assert read_amount("3", view).message == "3 is too small: the smallest bet is to 4."
    assert read_amount("497", view).message == "497 is too big: the most is 496 (all your chips)."
    assert pot_odds(view) is None and prompt(view) == "Your turn: nothing to call."


def test_a_call_of_every_chip_is_marked_all_in_and_nothing_more_is_possible() -> None:
    """4 chips facing the big blind of 4: the call is all of them."""
    view = make(NL, [4, 500, 500], button=0).view(0)
    assert _bar(view) == [
        ("f", "Fold", Action.fold(), True, "fold", ""),
        ("c", "Call 4 (all-in)", Action.call(), True, "call", ""),
        ("r", "Raise to", None, False, "raise", "only 4 behind, not more than the 4 to call"),
        ("a", "All-in 4", Action.call(), True, "all-in", ""),
    ]
    short = make(NL, [3, 500, 500], button=0).view(0)  # 3 chips: a call for less
    assert _bar(short)[1] == ("c", "Call 3 (all-in)", Action.call(), True, "call", "")


def test_facing_an_all_in_nobody_else_can_call_a_raise() -> None:
    """Heads-up, the button shoves 100: the big blind (500) can call 96 or fold; it
    cannot raise because nobody is left to call it (it said "the raises of this round
    are used up", wrong in no limit)."""
    hand = make(NL, [100, 500], button=0)
    hand.raise_to(100)
    view = hand.view(1)
    assert _bar(view) == [
        ("f", "Fold", Action.fold(), True, "fold", ""),
        ("c", "Call 96", Action.call(), True, "call", ""),
        ("r", "Raise to", None, False, "raise",
         "no other player has chips left to call a raise"),
        ("a", "All-in 500", None, False, "all-in", "you cannot put in more now"),
    ]  # fmt: skip
    assert refusal(view, "all-in") == ("All-in 500 is not possible now: you cannot put in more"
                                       " now. You can: Fold (f) · Call 96 (c).")  # fmt: skip


def test_fixed_limit_bars_exactly() -> None:
    rules = RULES["casino-limit"]
    hand = make(rules, [500, 500, 500], button=0)
    hand.call()
    hand.call()
    hand.check()  # the flop: a bet is one small bet, 2
    view = hand.view(1)
    fixed = "in fixed limit a bet or raise is one set amount"
    assert _bar(view) == [
        ("f", "Fold", Action.fold(), False, "fold", "checking is free: check with c"),
        ("c", "Check", Action.check(), True, "check", ""),
        ("b", "Bet 2", Action.bet(2), True, "bet", ""),
        ("a", "All-in 498", None, False, "all-in", fixed),
    ]
    assert _sizes(view) == [("m", "min", 2), ("h", "½ pot", 2), ("p", "pot", 2),
                            ("a", "most", 2)]  # fmt: skip
    capped = make(rules, [500, 500, 500], button=0)
    while capped.legal_actions().can_raise:
        capped.raise_to(capped.legal_actions().min_to)
    bar = _bar(capped.view(capped.to_act))  # type: ignore[arg-type]
    assert bar[2:] == [("r", "Raise to", None, False, "raise",
                        "the raise cap is reached (3 raises)"),
                       ("a", "All-in 500", None, False, "all-in", fixed)]  # fmt: skip


def test_pot_limit_s_fourth_button_is_the_pot_named_max() -> None:
    hand = make(RULES["pot-limit"], [200, 200, 200], button=0)
    hand.call()
    hand.call()
    hand.check()
    assert _bar(hand.view(1))[3] == ("a", "Pot 12", Action.bet(12), True, "max", "")


def test_the_straddler_s_bar_exactly() -> None:
    hand = Hand(RULES["computer-tournament"], [1000] * 3, button=0, rng=random.Random(1))
    view = hand.view(1)
    assert _bar(view) == [
        ("f", "Fold", Action.fold(), True, "fold", ""),
        ("c", "Check", None, False, "check",
         "the straddle is yours to post: straddle 10 (r) or fold (f)"),
        ("r", "Straddle 10", Action.raise_to(10), True, "raise", ""),
        ("a", "All-in 998", None, False, "all-in",
         "in fixed limit a bet or raise is one set amount"),
    ]  # fmt: skip
    assert prompt(view) == "Your turn: post the straddle (10) or fold."


def test_half_the_pot_is_whole_chips_from_the_bet_to_match() -> None:
    """Blinds 1/2: the button owes 2 into 3, half of 5 rounds down: 2 + 2 = 4, the pot
    2 + 5 = 7.  A big blind posted short (3 of 4) still sets the bet to match, 4: with 5
    in the pot and 4 to call, half the pot is 4 + 9 // 2 = 8, the pot 4 + 9 = 13."""
    view = make(Rules.preset("no-limit", blinds=(1, 2)), [500, 500, 500], button=0).view(0)
    sizes = _sizes(view)
    assert sizes == [("m", "min", 4), ("h", "½ pot", 4), ("p", "pot", 7), ("a", "all-in", 500)]
    assert all(type(amount) is int for _, _, amount in sizes)
    short = make(NL, [500, 500, 3], button=0).view(0)
    assert _sizes(short) == [("m", "min", 8), ("h", "½ pot", 8), ("p", "pot", 13),
                             ("a", "all-in", 500)]  # fmt: skip


def test_the_showdown_s_words_exactly() -> None:
    shown = {}
    for preset in ("announced-limit", "no-limit"):
        for view in _decisions(RULES[preset], seed=3):
            legal = view.legal
            assert legal is not None
            if legal.street is Street.SHOWDOWN and _K.SHOW in legal.kinds:
                shown.setdefault(preset, view)
    announced, plain = shown["announced-limit"], shown["no-limit"]
    assert prompt(announced) == "Your turn: announce your hand, or concede."
    said = declarations(announced)
    assert said[-1].label == "Concede (muck your cards)" and said[-1].action == Action.muck()
    assert [d.label for d in said[:-1]] == [f"Announce {describe(d.action.value)}"
                                            for d in said[:-1]]  # fmt: skip
    assert prompt(plain) == "Your turn: show your hand or muck it."
    assert [(d.label, d.action) for d in declarations(plain)] == [
        ("Show your cards", Action.show()), ("Muck (throw them away unseen)", Action.muck())]


def test_a_player_who_can_only_just_call_cannot_call_a_raise() -> None:
    """The button shoves 100; the big blind behind has exactly 100 in all (4 posted, 96
    behind): it could call the shove but not a raise over it, so the small blind (500)
    cannot raise either, for the same reason as heads-up."""
    hand = make(NL, [100, 500, 100], button=0)
    hand.raise_to(100)
    assert _bar(hand.view(1))[2] == ("r", "Raise to", None, False, "raise",
                                     "no other player has chips left to call a raise")  # fmt: skip


def test_behind_a_big_blind_posted_short_the_full_blind_is_the_bet_to_match() -> None:
    """The big blind posts 3 of 4 (all in); the button and the small blind have 4 chips
    in all: each can call the 4 but no raise over it, so the first to act (500) cannot
    raise though the largest bet on the table is 3."""
    view = make(NL, [4, 4, 3, 500], button=0).view(3)
    assert view.to_match == 4 and max(view.bets) == 3
    assert _bar(view)[2] == ("r", "Raise to", None, False, "raise",
                             "no other player has chips left to call a raise")  # fmt: skip


_WHY_RULES = {
    **RULES,
    "no check-raise": Rules.preset("casino-limit", check_raise=False),
    "pokerkit reopening": Rules.preset("no-limit", reopening=Reopening.NO_SMALLER),
    "all-in only when short": Rules.preset("no-limit", all_in_only_when_short=True),
}


# the engine's reasons for no bet or raise, by how each begins
_REASONS = {
    "short": "only ", "nobody": "no other player has chips left to call a raise",
    "cap": "the raise cap is reached", "check-raise": "check-raise is not allowed",
    "not reopened": "an all-in for less than a full raise did not reopen",
    "short all-ins": "this seat acted since the last full bet or raise",
    "all-in only when short": "all-in for less than a full raise is only allowed",
    "straddle": "this seat must straddle",
}  # fmt: skip
# the reasons each rule set's decisions below must meet (at least)
_MET = {
    "no-limit": {"short", "nobody", "not reopened"},
    "pot-limit": {"short", "nobody", "not reopened"},
    "casino-limit": {"short", "nobody", "cap", "not reopened"},
    "computer-tournament": {"short", "nobody", "all-in only when short", "straddle"},
    "wild": {"short", "nobody"}, "announced-limit": {"short", "nobody", "cap", "not reopened"},
    "no check-raise": {"cap", "check-raise", "nobody", "not reopened", "short"},
    "pokerkit reopening": {"short", "nobody", "not reopened"},
    "all-in only when short": {"short", "nobody", "all-in only when short"},
}  # fmt: skip


@pytest.mark.parametrize("preset", _WHY_RULES)
def test_an_off_raise_button_gives_the_engine_s_reason_here_and_over_the_wire(
    preset: str,
) -> None:
    """At every betting decision without a bet or raise, the button says exactly the
    reason the engine gives when that bet or raise is tried (its refusal's middle), both
    from the engine's view and from the view a remote client decodes from the dealer's
    JSON (the terminal at a room's table); the reasons met include the raise cap,
    check-raise off, nobody left to call and too few chips (the old bar said "the raises
    of this round are used up" for check-raise off and short all-ins alike)."""
    rules = _WHY_RULES[preset]
    rng = random.Random(11)
    met: set[str] = set()
    for _ in range(40):
        players = rng.randint(2, 6)
        stacks = [rng.choice([3, 9, 40, 120, 1000]) for _ in range(players)]
        hand = Hand(rules, stacks, button=rng.randrange(players), rng=rng)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            legal = hand.legal_actions()
            view = hand.view(seat)
            if legal.street is not Street.SHOWDOWN and not legal.can_raise:
                name = "raise" if view.to_call or max(view.bets) else "bet"
                kind = _K.RAISE if name == "raise" else _K.BET
                with pytest.raises(IllegalAction) as refused:
                    hand.act(kind, 10**9)
                head = f"seat {seat} cannot {kind.value}{' to' if name == 'raise' else ''} 10"
                said = str(refused.value)
                assert said.startswith(head) and said.endswith(f" (legal: {legal})")
                reason = said[said.index(": ") + 2 : -len(f" (legal: {legal})")]
                wire = view_from_json(json.loads(dumps(view_to_json(view))), rules)
                for seen in (view, wire):
                    button = next(b for b in buttons(seen) if b.key in "rb")
                    assert not button.enabled and button.why == reason == legal.why, preset
                met.add(next((n for n, s in _REASONS.items() if reason.startswith(s)), reason))
            passive = [k for k in (_K.CHECK, _K.CALL) if k in legal.kinds]
            if passive and rng.random() < 0.6:
                hand.act(passive[0])
            elif legal.street is Street.SHOWDOWN:
                hand.apply(hand.default_action())
            else:
                hand.act(*random_action(legal, rng))
    assert met >= _MET[preset], sorted(met)


def test_without_the_dealer_s_reason_the_raise_button_says_it_is_not_possible() -> None:
    """A dealer that gives no reason (``legal.why`` left out, as before the protocol
    carried it): the button still says plainly that a bet or raise is not possible."""
    hand = make(NL, [100, 500], button=0)
    hand.raise_to(100)
    view = hand.view(1)
    assert view.legal is not None and view.legal.why
    legal = view.legal
    bare = LegalActions(legal.seat, legal.street, legal.kinds, legal.to_call, legal.call)
    button = next(b for b in buttons(dataclasses.replace(view, legal=bare)) if b.key == "r")
    assert (button.enabled, button.why) == (False, "you cannot bet or raise now")
