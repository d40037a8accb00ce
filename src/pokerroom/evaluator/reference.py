"""The slow reference evaluator, written straight from ``rules.md`` §1–2.

It is the oracle the tests check the fast evaluators against, so it is as plain as
possible and shares nothing with them: no tables and not their numbering of hand values.
A hand is ranked by what the rules say decides it, a :data:`RuleKey`: its category, then
the ranks that break ties inside the category, in the order they count. Keys compare as
tuples, so the better hand has the larger key and equal keys split; the tests check that
the fast evaluators order every hand exactly as these keys do.  The best hand of several
cards is the best key of every five-card subset, and for wild cards of every substitution.

Wild-card decisions (``rules.md`` §1, and where it is silent):

* a fully wild card stands for any of the 52 cards, even one already in the hand
  (four aces and a wild card are five aces);
* the bug stands for an ace of any suit, or for any card at all when the five cards then
  make a straight, a flush or a straight flush;
* a flush is five cards of one suit *and five different ranks*: a wild card in a flush
  plays as the best rank the flush lacks (there is no "double-ace flush").

>>> from pokerroom.cards import parse_cards
>>> reference_five(parse_cards("Qs Qd 8c 8h As"))  # two pair: queens, eights, ace kicker
(2, 10, 6, 12)
>>> CATEGORIES[2]
'two pair'
>>> reference_five(parse_cards("5c 4d 3h 2s Ac")) < reference_five(parse_cards("6c 5d 4h 3s 2c"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, product
from typing import Final, TypeAlias

from pokerroom.cards import JOKER
from pokerroom.evaluator.wildcards import JokerMode, WildCards

__all__ = ["CATEGORIES", "RuleKey", "reference_best", "reference_five"]

RuleKey: TypeAlias = tuple[int, ...]
"""``(category, rank, rank, ...)``: the category's index in :data:`CATEGORIES`, then the
ranks (2 = 0 ... ace = 12) in the order ``rules.md`` §2 compares them."""

CATEGORIES: Final = (  # rules.md §2, low to high
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "five of a kind",
)
(HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND,
 STRAIGHT_FLUSH, FIVE_OF_A_KIND) = range(len(CATEGORIES))  # fmt: skip
ACE, FIVE = 12, 3


def _straight_high(ranks: set[int]) -> int | None:
    """High rank of the straight made by five distinct ranks, or None (ace high or low:
    5-4-3-2-A is five high; K-A-2-3-4 is no straight)."""
    if len(ranks) != 5:
        return None
    if ranks == {ACE, 0, 1, 2, FIVE}:
        return FIVE
    hi = max(ranks)
    return hi if hi - min(ranks) == 4 else None


def reference_five(cards: Sequence[int]) -> RuleKey:
    """The rule key of exactly five standard cards (0–51), duplicates allowed (they come
    from wild substitutions)."""
    assert len(cards) == 5
    ranks = [c >> 2 for c in cards]
    suits = {c & 3 for c in cards}
    counts = Counter(ranks)
    # ranks grouped by how many of each, bigger groups first, then higher rank first:
    # quads then kicker, trips then pair, trips then kickers high to low, high pair, low
    # pair, kicker, pair then kickers high to low
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    high_to_low = sorted(ranks, reverse=True)
    straight = _straight_high(set(ranks))
    flush = len(suits) == 1 and len(counts) == 5
    if shape == [5]:
        return (FIVE_OF_A_KIND, order[0])
    if straight is not None and flush:
        return (STRAIGHT_FLUSH, straight)
    if shape == [4, 1]:
        return (FOUR_OF_A_KIND, *order)
    if shape == [3, 2]:
        return (FULL_HOUSE, *order)
    if flush:
        return (FLUSH, *high_to_low)
    if straight is not None:
        return (STRAIGHT, straight)
    if shape == [3, 1, 1]:
        return (THREE_OF_A_KIND, *order)
    if shape == [2, 2, 1]:
        return (TWO_PAIR, *order)
    if shape == [2, 1, 1, 1]:
        return (PAIR, *order)
    return (HIGH_CARD, *high_to_low)


_BUG_MAKES = {STRAIGHT, FLUSH, STRAIGHT_FLUSH}
_ACES = tuple(ACE * 4 + s for s in range(4))


def _substitutions(five: Sequence[int], wild: WildCards | None) -> Iterator[RuleKey]:
    """Rule keys of every way the wild cards among ``five`` can be played."""
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
            key = reference_five([*base, any_card])
            if key[0] in _BUG_MAKES:
                yield key


def reference_best(
    cards: Sequence[int],
    *,
    wild: WildCards | None = None,
    hole: Sequence[int] = (),
    min_hole_cards: int = 0,
) -> RuleKey:
    """The best rule key of any five of ``cards`` (each wild card played every possible
    way), using at least ``min_hole_cards`` of ``hole`` (which must be among ``cards``)."""
    codes = [int(c) for c in cards]
    if JOKER in codes and (wild is None or wild.joker is None):
        raise ValueError("the joker needs a joker mode")
    holes = {int(c) for c in hole}
    best: RuleKey | None = None
    for five in combinations(codes, 5):
        if sum(1 for c in five if c in holes) < min_hole_cards:
            continue
        for key in _substitutions(five, wild):
            if best is None or key > best:
                best = key
    if best is None:
        raise ValueError("no five cards satisfy min_hole_cards")
    return best
