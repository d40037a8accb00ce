"""Hand evaluation: scalar, batch, wild cards, names and the nuts.

>>> from pokerroom.cards import parse_cards
>>> evaluate(parse_cards("As Ks Qs Js Ts 2c 3d")).name
'royal flush'
"""

from pokerroom.evaluator.batch import rank_batch
from pokerroom.evaluator.classes import (
    CATEGORY_COUNTS,
    MAX_VALUE,
    STANDARD_CLASS_COUNT,
    Category,
    category_of,
    describe,
    value_of,
)
from pokerroom.evaluator.hand import HandValue, best_hand, evaluate, hand_value, made_values
from pokerroom.evaluator.scalar import rank, rank5, rank6, rank7
from pokerroom.evaluator.wildcards import JokerMode, WildCards

__all__ = [
    "CATEGORY_COUNTS",
    "MAX_VALUE",
    "STANDARD_CLASS_COUNT",
    "Category",
    "HandValue",
    "JokerMode",
    "WildCards",
    "best_hand",
    "category_of",
    "describe",
    "evaluate",
    "hand_value",
    "made_values",
    "rank",
    "rank5",
    "rank6",
    "rank7",
    "rank_batch",
    "value_of",
]
