"""The legal choices a hand keeps between looks are always the ones the state gives.

A hand computes the choices of the seat to act once per decision and keeps them (and
why a bet or raise is missing) until its state changes.  Here random hands of every
preset, with and without an automatic showdown, mix every way of reading and changing
a hand: looking at the choices several times, views, ``is_legal``, refused actions
(which change nothing), copies played on while the original waits, the short verbs, and
the actions themselves.  After each step the kept choices, and the sentence of a refused
action, must equal those of a copy whose kept choices were thrown away first (computed
afresh from the state).
"""

from __future__ import annotations

import copy
import random

import pytest

from pokerroom.engine import Action, ActionKind, Hand, IllegalAction, random_action
from pokerroom.rules import PRESETS, Rules

K = ActionKind
# Actions that are refused in most states (each one's sentence is compared too).
PROBES = (Action.check(), Action.fold(), Action.call(), Action.bet(1), Action.raise_to(10**9),
          Action.show(), Action.muck())  # fmt: skip


def _fresh(hand: Hand) -> Hand:
    """A copy of ``hand`` that has forgotten the choices it kept."""
    other = copy.deepcopy(hand)
    other._legal = None
    other._why = ""
    return other


def _refusal(hand: Hand, action: Action) -> str | None:
    """The sentence refusing ``action`` on a copy of ``hand`` (None if it is legal)."""
    trial = copy.deepcopy(hand)
    try:
        trial.apply(action)
    except IllegalAction as exc:
        return str(exc)
    return None


def _check_kept(hand: Hand) -> None:
    """The kept choices (and refusals) equal freshly computed ones."""
    if hand.is_over:
        return
    fresh = _fresh(hand)
    assert hand.legal_actions() == fresh.legal_actions()
    assert hand.legal_actions().why == fresh.legal_actions().why  # (not in ==: an explanation)
    for probe in PROBES:
        assert _refusal(hand, probe) == _refusal(fresh, probe)


def _step(hand: Hand, rng: random.Random) -> None:
    """One random way of reading or changing the hand, then the check."""
    step = rng.randrange(7)
    seat = hand.to_act
    assert seat is not None
    if step == 0:
        hand.legal_actions()
    elif step == 1:
        hand.view(seat)
        hand.view((seat + 1) % hand.n)
    elif step == 2:  # a refused action leaves everything as it was
        for probe in PROBES:
            if not hand.is_legal(probe):
                with pytest.raises(IllegalAction):
                    hand.apply(probe)
    elif step == 3:  # a copy plays on; the original still waits for the same seat
        before = hand.legal_actions()
        other = copy.deepcopy(hand)
        while not other.is_over and rng.random() < 0.8:
            other.act(*random_action(other.legal_actions(), rng))
        assert hand.legal_actions() == before
    elif step == 4 and hand.street.name != "SHOWDOWN":  # the short verbs
        legal = hand.legal_actions()
        if legal.can_raise and rng.random() < 0.5:
            if legal.max_to == hand.bets[seat] + hand.stacks[seat]:
                hand.go_all_in()
            else:
                hand.bet_or_raise(legal.min_to)
        elif K.CHECK in legal.kinds or K.CALL in legal.kinds:
            hand.check_or_call()
        else:
            hand.fold()
    else:
        hand.act(*random_action(hand.legal_actions(), rng))
    _check_kept(hand)


@pytest.mark.parametrize("auto", [True, False])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_kept_legal_actions_are_always_fresh(preset: str, auto: bool) -> None:
    rng = random.Random(f"{preset}-{auto}")
    rules = Rules.preset(preset)
    for i in range(12):
        n = rules.players or rng.choice((2, 3, 6))
        stacks = [rng.choice((3, 40, 200)) for _ in range(n)]
        hand = Hand(rules, stacks, button=i % n, rng=rng, auto_showdown=auto)
        _check_kept(hand)
        while not hand.is_over:
            _step(hand, rng)
