"""Wild cards and the bug: scalar and batch evaluation (``rules.md`` §1).

Interim implementation on top of the reference evaluator (correct, slow); the fast
version replaces it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from pokerroom.cards import Card
from pokerroom.evaluator.reference import _substitutions, reference_best
from pokerroom.evaluator.wildcards import WildCards

if TYPE_CHECKING:
    from pokerroom.evaluator.hand import HandValue

__all__ = ["evaluate_wild", "made_values_wild"]


def evaluate_wild(codes: Sequence[int], wild: WildCards) -> HandValue:
    from pokerroom.evaluator.hand import HandValue

    value = reference_best(codes, wild=wild)
    for five in combinations(codes, 5):
        if value in set(_substitutions(five, wild)):
            return HandValue(value, tuple(Card(c) for c in five))
    raise AssertionError("unreachable")


def made_values_wild(five: Sequence[int], wild: WildCards) -> set[int]:
    return set(_substitutions(list(five), wild))
