"""A hundred thousand random hands per preset without one chip created or lost.

Every preset of rules.md §12 plays 100,000 hands (in chunks, so the workers share
them): 2 to 14 players, stacks from a single chip to deep, every seat choosing
uniformly among its legal actions and a uniform legal amount.  After every action the
stacks plus the pot must equal the chips the seats started with; at the end the
stacks alone must, and the awarded chips must equal the chips put in.  First, the
random player itself (``random_action``, which the benchmark plays too).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pokerroom.engine import ActionKind, Hand, LegalActions, Street, random_action
from pokerroom.rules import PRESETS

HANDS_PER_PRESET = 100_000
CHUNKS = 8


K = ActionKind


def test_random_action_is_uniform_over_legal_kinds_and_amounts() -> None:
    legal = LegalActions(2, Street.TURN, (K.FOLD, K.CALL, K.RAISE), to_call=4, call=4,
                         min_to=8, max_to=12)  # fmt: skip
    rng = random.Random(3)
    draws = 15_000
    counts = Counter(random_action(legal, rng) for _ in range(draws))
    # each kind a third; a raise to each of the five amounts from 8 to 12 a fifth of that
    expected = {(K.FOLD, None): draws / 3, (K.CALL, None): draws / 3}
    expected |= {(K.RAISE, to): draws / 15 for to in range(8, 13)}
    assert set(counts) == set(expected)
    chi2 = sum((counts[key] - e) ** 2 / e for key, e in expected.items())
    assert chi2 < 24.3  # 6 degrees of freedom: exceeded by chance once in 2,000 seeds


def test_random_action_draws_the_kind_then_the_amount() -> None:
    # the stream a seed gives is pinned: seeded tests and benchmarks replay the same hands
    bet = LegalActions(0, Street.FLOP, (K.CHECK, K.BET), min_to=4, max_to=400)
    showdown = LegalActions(1, Street.SHOWDOWN, (K.SHOW, K.MUCK), values=(7, 3))
    ours, mirror = random.Random(9), random.Random(9)
    for legal in [bet, showdown] * 200:
        kind = mirror.choice(legal.kinds)
        amount = mirror.randint(4, 400) if kind is K.BET else None
        assert random_action(legal, ours) == (kind, amount)


class _OwnRandom(random.Random):
    """A generator of its own (its draws below a number come from random(), not bits)."""

    def random(self) -> float:
        return super().random()


@pytest.mark.parametrize("make", [random.Random, _OwnRandom])
def test_random_action_draws_exactly_as_choice_and_randint(make: type[random.Random]) -> None:
    """One to three kinds, amounts from a single one to a span wider than a machine word:
    the action is the one ``rng.choice`` and ``rng.randint`` give, and the generator is
    left in the same state (a plain ``random.Random`` is drawn from inline)."""
    spans = [0, 1, 2, 3, 5, 7, 8, 396, 2**31, 2**40 + 3]
    kind_sets = [(K.CHECK,), (K.FOLD, K.CALL), (K.CHECK, K.BET), (K.FOLD, K.CALL, K.RAISE)]
    for seed in range(400):
        kinds = kind_sets[seed % len(kind_sets)]
        low = seed % 37
        legal = LegalActions(0, Street.FLOP, kinds, min_to=low, max_to=low + spans[seed % 10])
        ours, mirror = make(seed), make(seed)
        for _ in range(6):
            kind = mirror.choice(kinds)
            sized = kind in (K.BET, K.RAISE)
            amount = mirror.randint(legal.min_to, legal.max_to) if sized else None
            assert random_action(legal, ours) == (kind, amount)
        assert ours.getstate() == mirror.getstate()


def test_random_action_draws_as_choice_over_any_number_of_kinds() -> None:
    """A hand offers one to three kinds, but ``random_action`` takes any legal actions
    (one made by hand may list every kind): still exactly ``rng.choice``'s draw, past the
    table of the small counts' bit lengths."""
    kinds = list(K)
    for count in range(1, len(kinds) + 1):
        legal = LegalActions(0, Street.FLOP, tuple(kinds[:count]), min_to=2, max_to=9)
        for seed in range(60):
            ours, mirror = random.Random(seed), random.Random(seed)
            for _ in range(4):
                kind = mirror.choice(legal.kinds)
                amount = mirror.randint(2, 9) if kind in (K.BET, K.RAISE) else None
                assert random_action(legal, ours) == (kind, amount)
            assert ours.getstate() == mirror.getstate()


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
    randint = rng.randint
    hands = HANDS_PER_PRESET // CHUNKS
    showdowns = side_pots = 0
    for _ in range(hands):
        n = randint(2, 14) if rng.random() < 0.1 else randint(2, 9)
        stacks = _stacks(rng, n, big)
        total = sum(stacks)
        hand = Hand(rules, stacks, button=randint(0, n - 1), rng=rng, auto_showdown=True)
        act, legal_actions = hand.act, hand.legal_actions
        while not hand.is_over:
            act(*random_action(legal_actions(), rng))
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
