"""The action bar's choices as a class, over many decisions of every preset: every legal
action is offered by an enabled button, no enabled button is illegal, a disabled one
says why, the focus is on a legal choice (never Fold while anything else is possible),
the prompt speaks the buttons' words, the fourth button names the real maximum, and the
showdown offers only legal choices, best first, conceding last."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine_helpers import make
from pokerroom.engine import Action, ActionKind, Hand, Street
from pokerroom.engine.actions import random_action
from pokerroom.engine.view import PlayerView
from pokerroom.evaluator import describe
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
                assert "already shown beats yours" in choices[0].label
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
