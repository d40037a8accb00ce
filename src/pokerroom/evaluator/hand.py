"""Hand values for people and for the engine: which five cards, what they are called.

>>> from pokerroom.cards import parse_cards
>>> h = evaluate(parse_cards("Qs Qd 8c 8h As 3c 2d"))
>>> h.name, h.category.name, format_cards(h.cards)
('two pair, queens and eights, ace kicker', 'TWO_PAIR', 'Qs Qd 8h 8c As')
>>> best_hand(parse_cards("Kh 2c"), parse_cards("Ac Ad Ah As 3d")).name
'four aces, king kicker'
>>> best_hand(parse_cards("Kh 2c"), parse_cards("Ac Ad Ah As 3d"), min_hole_cards=2).name
'three aces, king-deuce kickers'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pokerroom.cards import JOKER, Card, CardError, format_cards
from pokerroom.evaluator.classes import five_ranks
from pokerroom.evaluator.scalar import RANK_BY_SIZE, rank, rank5
from pokerroom.evaluator.value import HandValue
from pokerroom.evaluator.wild import evaluate_wild, made_values_wild, rank_wild
from pokerroom.evaluator.wildcards import WildCards, joker_out

__all__ = ["HandValue", "best_hand", "evaluate", "hand_value", "made_values"]


def _order_five(value: int, five: Sequence[int]) -> tuple[Card, ...]:
    """The five cards of a natural hand in the order they count."""
    left = sorted((int(c) for c in five), reverse=True)  # a code is rank * 4 + suit
    out: list[Card] = []
    for r in five_ranks(value):
        c = next(c for c in left if c >> 2 == r)
        left.remove(c)
        out.append(Card(c))
    return tuple(out)


def _best_natural(cards: Sequence[int]) -> HandValue:
    """Best five of 5–7 distinct natural cards (checked by the caller), with the cards used."""
    value = RANK_BY_SIZE[len(cards)](cards)
    if len(cards) == 5:
        return HandValue(value, _order_five(value, cards))
    for five in combinations(cards, 5):
        if rank5(five) == value:
            return HandValue(value, _order_five(value, five))
    raise AssertionError("unreachable: the best five exist")


def _check(cards: Sequence[int]) -> list[int]:
    codes = [int(c) for c in cards]
    if len(set(codes)) != len(codes):
        raise CardError(f"duplicate cards in {format_cards(codes)!r}")
    for c in codes:
        if not 0 <= c <= JOKER:
            raise CardError(f"not a card code: {c} (codes are 0-51, 52 for the joker)")
    return codes


def evaluate(cards: Sequence[int], *, wild: WildCards | None = None) -> HandValue:
    """The best five-card hand of 5 to 7 cards (any cards may be wild under ``wild``)."""
    codes = _check(cards)
    if not 5 <= len(codes) <= 7:
        raise CardError(f"a hand has 5, 6 or 7 cards, not {len(codes)}")
    return _evaluate(codes, wild)


def _wild_in(codes: Sequence[int], wild: WildCards | None) -> WildCards | None:
    """``wild`` when wild cards are among ``codes``, else None (the joker raises then)."""
    if wild is not None and any(wild.is_wild(c) for c in codes):
        return wild
    if JOKER in codes:
        raise joker_out(wild)
    return None


def _evaluate(codes: Sequence[int], wild: WildCards | None) -> HandValue:
    """:func:`evaluate` of 5 to 7 codes that passed :func:`_check`."""
    rule = _wild_in(codes, wild)
    return _best_natural(codes) if rule is None else evaluate_wild(codes, rule)


def _value(codes: Sequence[int], wild: WildCards | None) -> int:
    """The value of :func:`_evaluate`, without finding the cards used."""
    rule = _wild_in(codes, wild)
    return RANK_BY_SIZE[len(codes)](codes) if rule is None else rank_wild(codes, rule)


def _allowed_fives(
    hole: Sequence[int], board: Sequence[int], min_hole_cards: int
) -> list[tuple[int, ...]]:
    out = []
    for k in range(min_hole_cards, min(len(hole), 5) + 1):
        for h in combinations(hole, k):
            for b in combinations(board, 5 - k):
                out.append(h + b)
    return out


def best_hand(
    hole: Sequence[int],
    board: Sequence[int],
    *,
    min_hole_cards: int = 0,
    wild: WildCards | None = None,
) -> HandValue:
    """Best hand from hole cards and board using at least ``min_hole_cards`` hole cards
    (``rules.md`` §2: 0 is hold'em, playing the board allowed; 2 is Omaha-style)."""
    codes = _check([*hole, *board])
    if not 0 <= min_hole_cards <= 2:
        raise CardError(f"min_hole_cards is 0, 1 or 2, not {min_hole_cards}")
    if len(codes) < 5:
        raise CardError(f"need at least five cards, have {len(codes)}")
    if min_hole_cards == 0 and len(codes) <= 7:
        return _evaluate(codes, wild)
    fives = _allowed_fives([int(c) for c in hole], [int(c) for c in board], min_hole_cards)
    if not fives:
        raise CardError(
            f"no five cards use {min_hole_cards} of the hole cards {format_cards(hole)!r} "
            f"with the board {format_cards(board)!r}"
        )
    # the first of the best fives, as max() of their hand values would pick it
    return _evaluate(max(fives, key=lambda f: _value(f, wild)), wild)


def hand_value(
    hole: Sequence[int],
    board: Sequence[int],
    *,
    min_hole_cards: int = 0,
    wild: WildCards | None = None,
) -> int:
    """Just the value of :func:`best_hand` (the fast path for the engine and bots)."""
    if min_hole_cards == 0 and 5 <= len(hole) + len(board) <= 7:
        if wild is None or not wild.any:
            return rank([*hole, *board])
        return rank_wild(_check([*hole, *board]), wild)
    return best_hand(hole, board, min_hole_cards=min_hole_cards, wild=wild).value


def made_values(
    hole: Sequence[int],
    board: Sequence[int],
    *,
    min_hole_cards: int = 0,
    wild: WildCards | None = None,
) -> list[int]:
    """Every distinct hand value these cards can make, best first.

    This is what a player may announce at an announced-hands showdown (``rules.md`` §8):
    any five of the cards (respecting ``min_hole_cards``), wild cards standing for any
    card they may stand for.
    """
    codes = _check([*hole, *board])
    if len(codes) < 5:
        raise CardError(f"need at least five cards, have {len(codes)}")
    fives = _allowed_fives([int(c) for c in hole], [int(c) for c in board], min_hole_cards)
    values: set[int] = set()
    for five in fives:
        rule = _wild_in(five, wild)
        if rule is None:
            values.add(rank5(five))
        else:
            values.update(made_values_wild(five, rule))
    return sorted(values, reverse=True)
