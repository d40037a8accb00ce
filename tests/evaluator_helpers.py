"""Comparing the fast evaluators with the reference: rule keys, and orders.

The reference (:mod:`pokerroom.evaluator.reference`) ranks hands by rule keys (category,
then the ranks in the order they count), not by the fast evaluators' value numbering; the
tests compare the two by *order*: equal values exactly when equal keys, a higher value
exactly when a higher key.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from pokerroom.evaluator import category_of
from pokerroom.evaluator.classes import ranks_of
from pokerroom.evaluator.reference import CATEGORIES, RuleKey


def key_of(value: int) -> RuleKey:
    """The rule key a fast value stands for (its category by name, then its ranks)."""
    return (CATEGORIES.index(category_of(value).label), *ranks_of(value))


def encode(key: RuleKey) -> int:
    """An int that orders like the key: a key is at most six numbers below 16, and keys
    of one category have the same length."""
    out = 0
    for part in (*key, *(0,) * (6 - len(key))):
        out = out * 16 + part
    return out


def assert_same_order(
    values: npt.ArrayLike | Iterable[int], keys: npt.ArrayLike | Iterable[int]
) -> None:
    """The values order the hands exactly as the (encoded) keys do: the pairs that occur
    form a bijection, and sorted by value the keys strictly rise."""
    a = np.asarray(list(values) if not isinstance(values, np.ndarray) else values, np.int64)
    b = np.asarray(list(keys) if not isinstance(keys, np.ndarray) else keys, np.int64)
    assert a.shape == b.shape and a.min() >= 0 and a.max() < 1 << 16
    pairs = np.unique(b << 16 | a)  # sorted by key, then by value
    mine, theirs = pairs & 0xFFFF, pairs >> 16
    assert len(np.unique(mine)) == len(pairs)  # each value: one key
    assert len(np.unique(theirs)) == len(pairs)  # each key: one value
    assert (np.diff(mine) > 0).all()  # sorted by key, the values strictly rise
