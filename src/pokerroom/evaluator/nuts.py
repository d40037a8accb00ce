"""The nuts: the best hand possible on a board, and every pair of hole cards that makes it.

``rules.md`` §2: the lowest possible nuts on a river is three queens, e.g. the board
2-3-7-8-Q with no three cards of one suit:

>>> from pokerroom.cards import parse_cards
>>> n = nuts(parse_cards("2c 3d 7h 8s Qc"))
>>> n.name, len(n.holes), format_cards(n.holes[0])
('three queens, eight-seven kickers', 3, 'Qs Qh')
>>> print(nuts(parse_cards("Ah Kh Qh 7c")))
royal flush on Ah Kh Qh 7c (with Jh Th)

Every pair of hole cards the deck still holds is ranked in one batch call.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import numpy.typing as npt

from pokerroom.cards import JOKER, Card, CardError, format_cards
from pokerroom.evaluator.batch import card_array, check_distinct
from pokerroom.evaluator.hand import HandValue, best_hand
from pokerroom.evaluator.wildbatch import rank_wild_batch
from pokerroom.evaluator.wildcards import WildCards

__all__ = ["Nuts", "nuts", "nuts_values"]

_ROWS_PER_CALL = 1 << 20  # hands ranked per batch call (memory stays a few megabytes)


@dataclass(frozen=True, slots=True)
class Nuts:
    """The best hand possible on ``board`` and every pair of ``holes`` that makes it
    (each pair high card first, pairs in descending order); ``hand`` is the hand the
    first of them makes."""

    board: tuple[Card, ...]
    hand: HandValue
    holes: tuple[tuple[Card, Card], ...]

    @property
    def value(self) -> int:
        return self.hand.value

    @property
    def name(self) -> str:
        return self.hand.name

    def __str__(self) -> str:
        shown = ", ".join(format_cards(h) for h in self.holes[:6])
        more = f" and {len(self.holes) - 6} more" if len(self.holes) > 6 else ""
        return f"{self.name} on {format_cards(self.board)} (with {shown}{more})"


def _deck(wild: WildCards | None) -> list[int]:
    return list(range(JOKER + 1 if wild is not None and wild.joker is not None else JOKER))


def _check_board(board: Sequence[int], dead: Iterable[int], wild: WildCards | None) -> list[int]:
    codes = [int(c) for c in board]
    if not 3 <= len(codes) <= 5:
        raise CardError(f"a board has 3 to 5 cards, not {len(codes)}: {format_cards(codes)!r}")
    known = [*codes, *(int(c) for c in dead)]
    if len(set(known)) != len(known):
        raise CardError(f"duplicate cards in the board and dead cards {format_cards(known)!r}")
    deck = set(_deck(wild))
    for c in known:
        if c not in deck:
            if c == JOKER:
                raise CardError("the joker is not in play in this game (no joker mode given)")
            raise CardError(f"not a card code: {c} (codes are 0-51, 52 for the joker)")
    return codes


def _hole_values(
    board: list[int], holes: npt.NDArray[np.uint8], wild: WildCards | None, min_hole_cards: int
) -> npt.NDArray[np.uint16]:
    """Value of the best hand of each pair of hole cards with the board."""
    k = len(board)
    if min_hole_cards == 0 or k + 2 == 5:
        hands = np.hstack([np.broadcast_to(np.array(board, np.uint8), (len(holes), k)), holes])
        return rank_wild_batch(hands, wild)
    best = np.zeros(len(holes), dtype=np.uint16)
    for used in range(min_hole_cards, 3):
        for h in combinations(range(2), used):
            for b in combinations(board, 5 - used):
                hands = np.hstack([np.broadcast_to(np.array(b, np.uint8), (len(holes), 5 - used)),
                                   holes[:, list(h)]])
                np.maximum(best, rank_wild_batch(hands, wild), out=best)
    return best


def nuts(
    board: Sequence[int],
    *,
    wild: WildCards | None = None,
    min_hole_cards: int = 0,
    dead: Iterable[int] = (),
) -> Nuts:
    """The nuts on a board of 3 to 5 cards: the best hand any two hole cards the deck
    still holds can make with it (``dead`` cards are out of the deck too), using at least
    ``min_hole_cards`` of them (``rules.md`` §2), under an optional wild-card rule."""
    if not 0 <= min_hole_cards <= 2:
        raise CardError(f"min_hole_cards is 0, 1 or 2, not {min_hole_cards}")
    dead = [int(c) for c in dead]
    codes = _check_board(board, dead, wild)
    taken = {*codes, *dead}
    left = [c for c in _deck(wild) if c not in taken]
    pairs = np.array([(a, b) for b, a in combinations(left, 2)], dtype=np.uint8).reshape(-1, 2)
    if not len(pairs):
        raise CardError("no two cards are left in the deck for the hole")
    values = _hole_values(codes, pairs, wild, min_hole_cards)
    best = int(values.max())
    rows = np.flatnonzero(values == best)[::-1]  # pairs in descending order
    holes = tuple((Card(int(pairs[i, 0])), Card(int(pairs[i, 1]))) for i in rows)
    hand = best_hand(holes[0], codes, min_hole_cards=min_hole_cards, wild=wild)
    return Nuts(tuple(Card(c) for c in codes), hand, holes)


def nuts_values(boards: npt.ArrayLike, *, wild: WildCards | None = None) -> npt.NDArray[np.uint16]:
    """The value of the nuts on each of N boards: an (N, 3|4|5) array of card codes
    (hold'em, ``min_hole_cards`` 0), under an optional wild-card rule.

    >>> from pokerroom.cards import parse_cards
    >>> from pokerroom.evaluator.classes import describe
    >>> [describe(v) for v in nuts_values([parse_cards("2c 3d 7h 8s Qc"),
    ...                                    parse_cards("As Ad Ah Kc Kd")])]
    ['three queens, eight-seven kickers', 'four aces, king kicker']
    """
    arr, highest = card_array(boards, (3, 4, 5), "boards")
    n_boards, k = arr.shape
    if n_boards == 0:
        return np.zeros(0, dtype=np.uint16)
    deck = len(_deck(wild))
    if highest >= deck:
        raise CardError("the joker is not in play in this game (no joker mode given)")
    check_distinct(arr)
    first, second = np.triu_indices(deck - k, 1)
    out = np.empty(n_boards, dtype=np.uint16)
    per_call = _ROWS_PER_CALL // len(first)  # 855 boards or more: at most C(50, 2) pairs
    for start in range(0, n_boards, per_call):
        chunk = arr[start : start + per_call].astype(np.intp)
        present = np.ones((len(chunk), deck), dtype=np.bool_)
        np.put_along_axis(present, chunk, False, axis=1)
        left = np.nonzero(present)[1].reshape(len(chunk), deck - k).astype(np.uint8)
        hands = np.empty((len(chunk), len(first), k + 2), dtype=np.uint8)
        hands[:, :, :k] = chunk[:, None, :]
        hands[:, :, k] = left[:, second]
        hands[:, :, k + 1] = left[:, first]
        values = rank_wild_batch(hands.reshape(-1, k + 2), wild)
        out[start : start + len(chunk)] = values.reshape(len(chunk), -1).max(axis=1)
    return out
