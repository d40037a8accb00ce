"""The numbering of hand classes (``evaluator/classes.py``) built afresh inside the test.

``classes.py`` lists every hand class once, weakest first, when it is first imported, and
every hand value is a place in that list.  These tests build the list again (``_enumerate``,
and the straights it is made from) and check it against what nobody here wrote: the number
of classes of each category in ``hand-category-counts.csv``, and the order of the
reference evaluator, which ranks five cards from the rules alone.  (Mutation testing
needs this: it runs each mutant's tests in a process that imported the list already.)
"""

from __future__ import annotations

from itertools import combinations, pairwise
from pathlib import Path

from pokerroom.evaluator import classes
from pokerroom.evaluator.classes import Category
from pokerroom.evaluator.reference import CATEGORIES, reference_five
from test_evaluator_exhaustive import known_counts

ACE = 12


def a_hand_of(category: Category, ranks: tuple[int, ...]) -> list[int]:
    """Five cards of a class, made from its category and the ranks it counts (what
    ``value_of`` documents): suits all spades for flushes, mixed otherwise."""
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        high = ranks[0]
        five = [high - i if high - i >= 0 else ACE for i in range(5)]
    else:
        shape = {
            Category.HIGH_CARD: (1, 1, 1, 1, 1), Category.FLUSH: (1, 1, 1, 1, 1),
            Category.PAIR: (2, 1, 1, 1), Category.TWO_PAIR: (2, 2, 1),
            Category.THREE_OF_A_KIND: (3, 1, 1), Category.FULL_HOUSE: (3, 2),
            Category.FOUR_OF_A_KIND: (4, 1), Category.FIVE_OF_A_KIND: (5,),
        }[category]  # fmt: skip
        assert len(shape) == len(ranks)
        five = [r for r, n in zip(ranks, shape, strict=True) for _ in range(n)]
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        return [r * 4 for r in five]
    # each rank's copies in different suits (five of a kind repeats one: the reference
    # takes the cards wild cards stand for), and never five of one suit
    return [r * 4 + (five[:i].count(r) + (i == 4 and five.count(r) == 1)) % 4
            for i, r in enumerate(five)]  # fmt: skip


def test_hand_classes_built_again_are_every_class_once_in_the_rules_order(
    data_dir: Path,
) -> None:
    fresh = classes._enumerate()
    # as many classes of each category as the census of all five-card hands has, and
    # the 13 of five of a kind (one per rank)
    expected, (_, total) = known_counts(data_dir, 5)
    counts = {cat: sum(1 for c, _ in fresh if c == cat) for cat in Category}
    assert counts == {**{cat: n for cat, (_, n) in expected.items()},
                      Category.FIVE_OF_A_KIND: 13}  # fmt: skip
    assert len(fresh) == total + 13 == 7475
    # each class is the class the reference sees in a hand of it, and weakest first
    keys = [reference_five(a_hand_of(cat, ranks)) for cat, ranks in fresh]
    assert keys == [(CATEGORIES.index(cat.label), *ranks) for cat, ranks in fresh]
    assert all(a < b for a, b in pairwise(keys))
    # and the list in use is this one
    assert [classes.ranks_of(v) for v in range(classes.CLASS_COUNT)] == [r for _, r in fresh]


def test_straights_by_the_rules() -> None:
    """The ten straights, from five high (the wheel, ace low) to ace high, and the
    five distinct ranks that make one: exactly the runs of five and A-5-4-3-2."""
    assert classes._straight_highs() == [3, 4, 5, 6, 7, 8, 9, 10, 11, ACE]
    runs = {tuple(range(h, h - 5, -1)) for h in range(4, 13)} | {(ACE, 3, 2, 1, 0)}
    fives = [tuple(sorted(c, reverse=True)) for c in combinations(range(13), 5)]
    assert len(fives) == 1287
    assert {d for d in fives if classes._is_straight(d)} == runs
    assert len(runs) == 10
