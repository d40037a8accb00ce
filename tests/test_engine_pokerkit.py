"""Differential test against PokerKit, PHH's reference engine: under PokerKit's
conventions (``POKERKIT_CONVENTIONS``) the two engines are the same game.

Both are driven side by side over thousands of random hands: fixed and no limit, 2 to 9
players, antes (trimmed, or dead), a straddle, uneven stacks with very short ones (1 chip
to 6 big blinds) beside deep ones.  At every turn they must agree exactly: whose turn it
is, the legal choices (fold; check or call and the chips a call puts in; bet or raise
with its smallest and largest amount), and at the end every finishing stack, odd chips
included.  The action is then drawn from the legal choices (bet sizes include the
minimum, the maximum and one chip below all-in) and played in both.  No tolerance, no
counters: any disagreement fails with both states.
"""

from __future__ import annotations

import random
from typing import Any

import pokerkit
import pytest

from pokerroom.cards import format_cards
from pokerroom.engine import ActionKind, EventKind, Hand, LegalActions
from pokerroom.rules import POKERKIT_CONVENTIONS, Rules, Structure

K = ActionKind
_AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
    pokerkit.Automation.RUNOUT_COUNT_SELECTION,
)


def pokerkit_table(rng: random.Random) -> tuple[Rules, list[int]]:
    """Random rules PokerKit plays (with its conventions) and random stacks for them."""
    n = rng.randint(2, 9)
    small = rng.choice([1, 2, 5, 25])
    big = 2 * small
    blinds: tuple[int, ...] = (small, big)
    if n >= 3 and rng.random() < 0.2:
        blinds = (small, big, 2 * big)  # a straddle
    ante_kind = rng.random()
    antes: int | tuple[int, ...] = 0
    if ante_kind < 0.25:
        antes = max(1, small // 2)
    elif ante_kind < 0.35 and n > 2:
        antes = tuple(big if p == 1 else 0 for p in range(n))  # a big-blind ante
    common: dict[str, Any] = {
        "blinds": blinds,
        "antes": antes,
        "dead_antes": rng.random() < 0.5,
        "burn_cards": True,
        "buy_in": 10**9,
        **POKERKIT_CONVENTIONS,
    }
    if rng.random() < 0.5:
        rules = Rules(structure=Structure.FIXED_LIMIT, small_bet=big, big_bet=2 * big,
                      max_raises=4, **common)  # fmt: skip
    else:
        rules = Rules(structure=Structure.NO_LIMIT, min_bet=rng.choice([big, big, small, 3 * big]),
                      **common)  # fmt: skip
    top = max(blinds)
    stacks = [
        rng.choice([rng.randint(1, 6 * top), rng.randint(1, 3), rng.randint(20 * top, 200 * top)])
        for _ in range(n)
    ]
    return rules, stacks


def pokerkit_game(rules: Rules, n: int, automations: tuple[Any, ...]) -> Any:
    """PokerKit's game for these rules and ``n`` players (its player p is position p)."""
    antes = rules.ante_amounts(n)
    raw_antes = antes[::-1] if n == 2 else antes  # PHH / PokerKit: heads-up reversed
    trimming = not rules.dead_antes
    if rules.structure is Structure.FIXED_LIMIT:
        u = rules.units
        return pokerkit.FixedLimitTexasHoldem(automations, trimming, raw_antes, rules.blinds,
                                              u[0], u[2])  # fmt: skip
    return pokerkit.NoLimitTexasHoldem(automations, trimming, raw_antes, rules.blinds,
                                       rules.units[0])  # fmt: skip


def pokerkit_state(rules: Rules, stacks: list[int], automations: tuple[Any, ...]) -> Any:
    """PokerKit's state for these rules and stacks (player p is pokerroom's position p)."""
    return pokerkit_game(rules, len(stacks), automations)(stacks, len(stacks))


def _pokerkit_choices(state: Any) -> tuple[bool, int, tuple[int, int] | None]:
    """(may fold, chips a check or call puts in, (min, max) bet or raise or None)."""
    cbr = None
    if state.can_complete_bet_or_raise_to():
        cbr = (
            state.min_completion_betting_or_raising_to_amount,
            state.max_completion_betting_or_raising_to_amount,
        )
    return state.can_fold(), state.checking_or_calling_amount, cbr


def _our_choices(legal: LegalActions) -> tuple[bool, int, tuple[int, int] | None]:
    call = legal.call if K.CALL in legal.kinds else 0
    cbr = (legal.min_to, legal.max_to) if legal.can_raise else None
    return K.FOLD in legal.kinds, call, cbr


def _amount(legal: LegalActions, rng: random.Random) -> int:
    """The minimum, the maximum, one chip below the maximum, or anything between."""
    lo, hi = legal.min_to, legal.max_to
    pick = rng.random()
    if pick < 0.25:
        return lo
    if pick < 0.4:
        return hi
    if pick < 0.55 and hi - 1 >= lo:
        return hi - 1
    return rng.randint(lo, hi)


def _sync_board(hand: Hand, state: Any, seen: int) -> int:
    """Feed PokerKit the burns and board cards the hand dealt since event ``seen``."""
    events = hand.events
    while seen < len(events):
        event = events[seen]
        if event.kind is EventKind.BURN:
            if not state.can_burn_card():
                return seen
            state.burn_card(format_cards(event.cards, sep=""))
        elif event.kind is EventKind.BOARD:
            if not state.can_deal_board():
                return seen
            state.deal_board(format_cards(event.cards, sep=""))
        seen += 1
    return seen


def play_both(rng: random.Random) -> tuple[Hand, int]:
    """One random hand in both engines, compared at every turn; returns the hand and the
    number of turns compared."""
    rules, stacks = pokerkit_table(rng)
    n = len(stacks)
    hand = Hand(rules, stacks, button=n - 1, rng=rng, auto_showdown=True)
    state = pokerkit_state(rules, stacks, _AUTOMATIONS)
    for seat in range(n):  # seat p is PokerKit's player p (the button is seat n - 1)
        state.deal_hole(format_cards(hand.hole(seat), sep=""))
    seen = 0
    turns = 0
    while not hand.is_over:
        seen = _sync_board(hand, state, seen)
        legal = hand.legal_actions()
        where = f"{rules}\nstacks {stacks}\n{hand}\nPokerKit: {state.operations[-3:]}"
        assert state.actor_index == legal.seat, where
        assert _pokerkit_choices(state) == _our_choices(legal), f"ours {legal}\n{where}"
        turns += 1
        kind = rng.choice(legal.kinds)
        if kind in (K.BET, K.RAISE):
            amount = _amount(legal, rng)
            hand.act(kind, amount)
            state.complete_bet_or_raise_to(amount)
        elif kind is K.FOLD:
            hand.fold()
            state.fold()
        else:
            hand.act(kind)
            state.check_or_call()
    _sync_board(hand, state, seen)
    assert state.actor_index is None
    assert not state.status, f"PokerKit did not finish: {hand}"
    assert hand.result is not None
    assert list(hand.result.stacks) == [int(s) for s in state.stacks], (
        f"ours {hand.result.stacks}, PokerKit {list(state.stacks)}\n{rules}\n{hand}"
    )
    return hand, turns


@pytest.mark.parametrize("seed", range(6))
def test_every_turn_and_every_stack_agree_with_pokerkit(seed: int) -> None:
    """3,000 hands (6 x 500), every turn compared exactly."""
    rng = random.Random(9000 + seed)
    hands = turns = side_pots = splits = 0
    for _ in range(500):
        hand, compared = play_both(rng)
        hands += 1
        turns += compared
        assert hand.result is not None
        side_pots += len(hand.result.pots) > 1
        splits += any(len(p.winners) > 1 for p in hand.result.pots)
    assert hands == 500
    assert turns > 2500  # the hands are played, not folded away at once
    assert side_pots > 20 and splits > 3  # the test really covers side pots and splits
