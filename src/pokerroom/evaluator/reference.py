"""The slow reference evaluator, written straight from ``rules.md`` §1–2.

It is the oracle the tests check the fast evaluators against, so it is as plain as
possible: the best of every five-card subset, and for wild cards every substitution.
No tables, no tricks; nothing in the fast paths calls it.

Wild-card decisions (``rules.md`` §1, and where it is silent):

* a fully wild card stands for any of the 52 cards, even one already in the hand
  (four aces and a wild card are five aces);
* the bug stands for an ace of any suit, or for any card at all when the five cards then
  make a straight, a flush or a straight flush;
* a flush is five cards of one suit *and five different ranks*: a wild card in a flush
  plays as the best rank the flush lacks (there is no "double-ace flush").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, product

from pokerroom.cards import JOKER
from pokerroom.evaluator.classes import Category, category_of, value_of
from pokerroom.evaluator.wildcards import JokerMode, WildCards

__all__ = ["reference_best", "reference_five"]


def _straight_high(ranks: set[int]) -> int | None:
    """High rank of the straight made by five distinct ranks, or None."""
    if len(ranks) != 5:
        return None
    if ranks == {12, 0, 1, 2, 3}:
        return 3  # the wheel, 5-4-3-2-A: five high
    hi = max(ranks)
    return hi if hi - min(ranks) == 4 else None


def reference_five(cards: Sequence[int]) -> int:
    """Value of exactly five standard cards (0–51), duplicates allowed (they come from
    wild substitutions)."""
    assert len(cards) == 5
    ranks = [c >> 2 for c in cards]
    suits = {c & 3 for c in cards}
    counts = Counter(ranks)
    # ranks grouped by how many of each, bigger groups first, then higher rank first
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    distinct = set(ranks)
    straight = _straight_high(distinct)
    flush = len(suits) == 1 and len(distinct) == 5
    if shape == [5]:
        return value_of(Category.FIVE_OF_A_KIND, (order[0],))
    if straight is not None and flush:
        return value_of(Category.STRAIGHT_FLUSH, (straight,))
    if shape == [4, 1]:
        return value_of(Category.FOUR_OF_A_KIND, tuple(order))
    if shape == [3, 2]:
        return value_of(Category.FULL_HOUSE, tuple(order))
    if flush:
        return value_of(Category.FLUSH, tuple(sorted(ranks, reverse=True)))
    if straight is not None:
        return value_of(Category.STRAIGHT, (straight,))
    if shape == [3, 1, 1]:
        return value_of(Category.THREE_OF_A_KIND, tuple(order))
    if shape == [2, 2, 1]:
        return value_of(Category.TWO_PAIR, tuple(order))
    if shape == [2, 1, 1, 1]:
        return value_of(Category.PAIR, tuple(order))
    return value_of(Category.HIGH_CARD, tuple(sorted(ranks, reverse=True)))


_BUG_MAKES = {Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH}
_ACES = tuple(12 * 4 + s for s in range(4))


def _substitutions(five: Sequence[int], wild: WildCards | None) -> Iterator[int]:
    """Values of every way the wild cards among ``five`` can be played."""
    if wild is None:
        yield reference_five(five)
        return
    natural = [c for c in five if not wild.is_wild(c)]
    bug = JOKER in five and wild.joker is JokerMode.BUG
    free = sum(1 for c in five if wild.is_wild(c)) - bug
    for subs in product(range(52), repeat=free):
        base = natural + list(subs)
        if not bug:
            yield reference_five(base)
            continue
        for ace in _ACES:
            yield reference_five([*base, ace])
        for any_card in range(52):
            v = reference_five([*base, any_card])
            if category_of(v) in _BUG_MAKES:
                yield v


def reference_best(
    cards: Sequence[int],
    *,
    wild: WildCards | None = None,
    hole: Sequence[int] = (),
    min_hole_cards: int = 0,
) -> int:
    """Best value of any five of ``cards`` (each wild card played every possible way),
    using at least ``min_hole_cards`` of ``hole`` (which must be among ``cards``)."""
    codes = [int(c) for c in cards]
    if JOKER in codes and (wild is None or wild.joker is None):
        raise ValueError("the joker needs a joker mode")
    holes = {int(c) for c in hole}
    best = -1
    for five in combinations(codes, 5):
        if sum(1 for c in five if c in holes) < min_hole_cards:
            continue
        for v in _substitutions(five, wild):
            best = max(best, v)
    if best < 0:
        raise ValueError("no five cards satisfy min_hole_cards")
    return best
