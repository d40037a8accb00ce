"""Hundreds of thousands of random hands per preset without one chip created or lost.

Every preset of rules.md §12 plays 200,000 hands (in chunks, so the workers share
them): 2 to 14 players, stacks from a single chip to deep, every seat choosing
uniformly among its legal actions and a uniform legal amount.  After every action the
stacks plus the pot must equal the chips the seats started with; at the end the
stacks alone must, and the awarded chips must equal the chips put in.
"""

from __future__ import annotations

import random

import pytest

from pokerroom.engine import ActionKind, Hand
from pokerroom.rules import PRESETS

HANDS_PER_PRESET = 200_000
CHUNKS = 8
BET, RAISE = ActionKind.BET, ActionKind.RAISE


def _stacks(rng: random.Random, n: int, big: int) -> list[int]:
    kind = rng.random()
    if kind < 0.3:
        return [rng.randint(1, 8 * big) for _ in range(n)]  # short: all-ins and side pots
    if kind < 0.6:
        return [rng.randint(1, 200 * big) for _ in range(n)]
    return [100 * big] * n


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_hands_conserve_chips(preset: str, chunk: int) -> None:
    rules = PRESETS[preset]
    big = max(rules.big_blind, rules.units[0])
    rng = random.Random(f"{preset}/{chunk}")
    choice, randint = rng.choice, rng.randint
    hands = HANDS_PER_PRESET // CHUNKS
    showdowns = side_pots = 0
    for _ in range(hands):
        n = randint(2, 14) if rng.random() < 0.1 else randint(2, 9)
        stacks = _stacks(rng, n, big)
        total = sum(stacks)
        hand = Hand(rules, stacks, button=randint(0, n - 1), rng=rng, auto_showdown=True)
        act, legal_actions = hand.act, hand.legal_actions
        while not hand.is_over:
            legal = legal_actions()
            kind = choice(legal.kinds)
            if kind is BET or kind is RAISE:
                act(kind, randint(legal.min_to, legal.max_to))
            else:
                act(kind)
            assert sum(hand.stacks) + hand.pot == total, hand
        result = hand.result
        assert result is not None
        assert sum(result.stacks) == total, hand
        assert sum(result.won) == sum(hand.committed), hand
        assert min(result.stacks) >= 0
        showdowns += result.shown != (None,) * n
        side_pots += len(result.pots) > 1
    assert showdowns > hands // 10
    assert side_pots > hands // 100
