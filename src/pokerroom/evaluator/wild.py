"""Wild cards and the bug (``rules.md`` §1): scalar evaluation, the cards played, and every
value a hand can make (batch evaluation is :mod:`pokerroom.evaluator.wildbatch`).

A wild hand is worth the better of its *rank part* (the natural ranks with the wild
cards substituted: five of a kind down to high card) and its *flush part* (per suit:
the natural ranks of that suit with the wild cards filling missing ranks); see
:mod:`pokerroom.evaluator.wildtables` for the tables and why the two parts are exact.
The slow oracle, :mod:`pokerroom.evaluator.reference`, tries every substitution; the
tests check this module against it.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.evaluator.classes import describe
>>> from pokerroom.evaluator.wildcards import JokerMode
>>> bug = WildCards(joker=JokerMode.BUG)
>>> describe(rank_wild(parse_cards("Ks Kd Jk 7c 4h"), bug))  # the bug is an ace kicker
'pair of kings, ace-seven-four kickers'
>>> describe(rank_wild(parse_cards("As Ad Ah Ac 2d"), WildCards.parse("2")))
'five of a kind, aces'
>>> values = rank_wild_batch([parse_cards("Ks Kd Jk 7c 4h"), parse_cards("5s 4d Jk 3c 2h")], bug)
>>> [describe(v) for v in values]
['pair of kings, ace-seven-four kickers', 'straight, six high']
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import Final

from pokerroom.cards import Card, CardError
from pokerroom.evaluator.classes import (
    STANDARD_CLASS_COUNT,
    Category,
    category_of,
    five_ranks,
)
from pokerroom.evaluator.scalar import RANK_BY_SIZE, rank5
from pokerroom.evaluator.tables import flush_list
from pokerroom.evaluator.value import HandValue
from pokerroom.evaluator.wildbatch import rank_wild_batch
from pokerroom.evaluator.wildcards import (
    BUG,
    NATURAL,
    OUT,
    WILD,
    WildCards,
    card_kinds,
    joker_out,
)
from pokerroom.evaluator.wildtables import (
    FIVE_OF_A_KIND,
    POWERS,
    flush_part,
    flush_part_list,
    rank_part_by_code,
)

__all__ = ["evaluate_wild", "made_values_wild", "rank_wild", "rank_wild_batch"]

_RANK_POWER: Final = [POWERS[c >> 2] for c in range(52)]
_RANK_BIT: Final = [1 << (c >> 2) for c in range(52)]
_FLUSHES = {Category.STRAIGHT_FLUSH, Category.FLUSH}


def rank_wild(cards: Sequence[int], wild: WildCards) -> int:
    """Value of the best five of 5–7 card codes under a wild-card rule (unchecked: the
    cards must be distinct).  Without wild cards among them it is :func:`rank7` & co."""
    kind = card_kinds(wild)
    code = w = b = 0
    masks = [0, 0, 0, 0]
    for c in cards:
        k = kind[c]
        if k == NATURAL:
            code += _RANK_POWER[c]
            masks[c & 3] |= _RANK_BIT[c]
        elif k == WILD:
            w += 1
        elif k == BUG:
            b += 1
        else:
            raise joker_out(wild)
    if not w + b:
        return RANK_BY_SIZE[len(cards)](cards)
    value = rank_part_by_code(w, b)[code]
    f = flush_part_list(w + b)
    fv = max(f[masks[0]], f[masks[1]], f[masks[2]], f[masks[3]])
    return value if value > fv else fv


# --- the cards played --------------------------------------------------------------------


def evaluate_wild(codes: Sequence[int], wild: WildCards) -> HandValue:
    """The best hand of 5–7 distinct card codes under ``wild``, with the five cards used
    (in the order they count) and what each plays as."""
    value = rank_wild(codes, wild)
    cards, played = _realise(codes, value, card_kinds(wild))
    return HandValue(value, tuple(Card(c) for c in cards), tuple(Card(c) for c in played))


def _realise(
    codes: Sequence[int], value: int, kind: Sequence[int]
) -> tuple[list[int], list[int]]:
    """Five of ``codes`` and what each plays as, making ``value`` (the best value)."""
    naturals = sorted((c for c in codes if kind[c] == NATURAL), reverse=True)
    wilds = [c for c in codes if kind[c] == WILD]
    bugs = [c for c in codes if kind[c] == BUG]
    cat = category_of(value)
    ranks = five_ranks(value)
    slots: list[int | None] = []  # the natural card in each place, or None for a wild one
    if cat in _FLUSHES:
        j = len(wilds) + len(bugs)
        suit = next(s for s in (3, 2, 1, 0) if flush_part(j)[
            sum(1 << (c >> 2) for c in naturals if c & 3 == s)] == value)
        played = [r * 4 + suit for r in ranks]
        slots = [p if p in naturals else None for p in played]
        fill = [*wilds, *bugs]
    else:
        left = list(naturals)
        for r in ranks:
            c = next((c for c in left if c >> 2 == r), None)
            if c is not None:
                left.remove(c)
            slots.append(c)
        open_ranks = [r for s, r in zip(slots, ranks, strict=True) if s is None]
        fill = _fill(open_ranks, wilds, bugs, straight=cat == Category.STRAIGHT)
        played = _wild_suits(slots, ranks, set(codes))
    cards = [s if s is not None else fill.pop(0) for s in slots]
    return cards, played


def _fill(open_ranks: list[int], wilds: list[int], bugs: list[int], *, straight: bool) -> list[int]:
    """The wild cards for the open places, in place order: fully wild cards anywhere, the
    bug in an ace's place (or anywhere in a straight)."""
    need = len(open_ranks)
    if len(wilds) >= need:
        return wilds[:need]
    if bugs and len(wilds) == need - 1:
        at = 0 if straight else open_ranks.index(12) if 12 in open_ranks else None
        if at is not None:
            spare = iter(wilds)
            return [bugs[0] if i == at else next(spare) for i in range(need)]
    raise AssertionError(f"no wild cards for the places {open_ranks} (a bug in the evaluator)")


def _wild_suits(slots: list[int | None], ranks: tuple[int, ...], held: set[int]) -> list[int]:
    """What every place plays as: natural cards as themselves, wild ones as a card of the
    place's rank that makes no flush the value does not count, preferably a card that is
    not held (nor already played)."""
    natural_suits = {c & 3 for c in slots if c is not None}
    out: list[int] = []
    for slot, r in zip(slots, ranks, strict=True):
        if slot is not None:
            out.append(slot)
            continue
        suit = min(range(4), key=lambda s: (
            len(natural_suits) == 1 and s in natural_suits,
            r * 4 + s in held or r * 4 + s in out,
            -s,
        ))
        out.append(r * 4 + suit)
    return out


# --- every value a hand can make (announced hands) ----------------------------------------


@functools.cache
def _rank_only_values() -> dict[tuple[int, ...], int]:
    """Value of every multiset of five ranks (non-increasing tuple) read without suits,
    five of a kind included."""
    out: dict[tuple[int, ...], int] = {(r,) * 5: FIVE_OF_A_KIND[r] for r in range(13)}
    for v in range(STANDARD_CLASS_COUNT):
        if category_of(v) not in _FLUSHES:
            out[tuple(sorted(five_ranks(v), reverse=True))] = v
    return out


def made_values_wild(five: Sequence[int], wild: WildCards) -> set[int]:
    """Every value five card codes can make under ``wild``, each wild card standing for
    each card it may stand for (the same set as the reference's substitutions)."""
    if len(five) != 5:
        raise CardError(f"made_values_wild takes five cards, not {len(five)}")
    kind = card_kinds(wild)
    if any(kind[c] == OUT for c in five):
        raise joker_out(wild)
    naturals = [c for c in five if kind[c] == NATURAL]
    w = sum(1 for c in five if kind[c] == WILD)
    b = sum(1 for c in five if kind[c] == BUG)
    if not w + b:
        return {rank5(naturals)}
    table = _rank_only_values()
    base = [c >> 2 for c in naturals]
    values: set[int] = set()
    for subs in combinations_with_replacement(range(13), w):
        ranks = [*base, *subs]
        if b:
            values.add(table[tuple(sorted([*ranks, 12], reverse=True))])
            for r in range(12):
                v = table[tuple(sorted([*ranks, r], reverse=True))]
                if category_of(v) == Category.STRAIGHT:
                    values.add(v)
        else:
            values.add(table[tuple(sorted(ranks, reverse=True))])
    if len({c & 3 for c in naturals}) <= 1:  # the wild cards can join the suit
        flush = flush_list()
        mask = sum(1 << r for r in base)
        missing = [r for r in range(13) if not mask >> r & 1]
        for extra in combinations(missing, w + b):
            values.add(flush[mask | sum(1 << r for r in extra)])
    return values
