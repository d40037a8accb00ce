"""Hand evaluation: scalar, batch, wild cards, names and the nuts.

>>> from pokerroom.cards import parse_cards
>>> evaluate(parse_cards("As Ks Qs Js Ts 2c 3d")).name
'royal flush'
>>> print(evaluate(parse_cards("Ah Ad Ac As 2h"), wild=WildCards.parse("2")))
five of a kind, aces [As Ah Ad Ac 2h (as As Ah Ad Ac As)]
>>> nuts(parse_cards("2c 3d 7h 8s Qc")).name
'three queens, eight-seven kickers'
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
from pokerroom.evaluator.nuts import Nuts, nuts, nuts_values
from pokerroom.evaluator.scalar import rank, rank5, rank6, rank7
from pokerroom.evaluator.wild import rank_wild
from pokerroom.evaluator.wildbatch import rank_wild_batch
from pokerroom.evaluator.wildcards import JokerMode, WildCards

__all__ = [
    "CATEGORY_COUNTS",
    "MAX_VALUE",
    "STANDARD_CLASS_COUNT",
    "Category",
    "HandValue",
    "JokerMode",
    "Nuts",
    "WildCards",
    "best_hand",
    "category_of",
    "describe",
    "evaluate",
    "hand_value",
    "made_values",
    "nuts",
    "nuts_values",
    "rank",
    "rank5",
    "rank6",
    "rank7",
    "rank_batch",
    "rank_wild",
    "rank_wild_batch",
    "value_of",
]
