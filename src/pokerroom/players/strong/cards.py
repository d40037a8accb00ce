"""The 1,326 two-card combinations as arrays, for the ``strong`` bot: every combination's
cards, class and card mask, and what each one makes on a board.

A range is a weight per combination (index :func:`pokerroom.ranges.combo_index`);
:func:`board_values` evaluates all 1,326 on a board of three to five cards in a few NumPy
passes (:func:`pokerroom.evaluator.keys.hole_values`), and
:func:`board_strength` turns that into what the bot reads opponents' actions by: how
much of the deck each combination beats now, raised by the chance that its draw (a flush
draw, an open-ended straight draw, a gutshot) comes in.

>>> from pokerroom.cards import parse_cards
>>> board = [int(c) for c in parse_cards("Ah 7h 2c")]
>>> s = board_strength(board)
>>> def at(text): return round(float(s.strength[index_of(text)]), 2)
>>> at("AsAd"), at("7s6s"), at("Kh9h"), at("Ks3d"), at("5s4d"), at("8s6d")
(1.0, 0.77, 0.69, 0.5, 0.17, 0.13)
>>> bool(s.flush_draw[index_of("Kh9h")]), int(s.straight_outs[index_of("5s4d")])
(True, 1)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.cards import parse_cards
from pokerroom.evaluator.classes import MAX_VALUE
from pokerroom.evaluator.keys import HoleKeys, card_keys, hole_keys, hole_values
from pokerroom.ranges import COMBO_COUNT, combo_cards, combo_index
from pokerroom.starting import ALL_CLASSES, HandClass

__all__ = [
    "CARD_A",
    "CARD_B",
    "CLASS_OF",
    "COMBO_BITS",
    "BoardStrength",
    "board_strength",
    "board_values",
    "conflicts",
    "index_of",
]

F64s = npt.NDArray[np.float64]

CARD_A: Final = np.array([int(combo_cards(i)[0]) for i in range(COMBO_COUNT)], dtype=np.intp)
"""The higher card code of each combination."""
CARD_B: Final = np.array([int(combo_cards(i)[1]) for i in range(COMBO_COUNT)], dtype=np.intp)
"""The lower card code of each combination."""
COMBO_BITS: Final = (np.uint64(1) << CARD_A.astype(np.uint64)) | (
    np.uint64(1) << CARD_B.astype(np.uint64)
)
"""Each combination's two cards as bits ``1 << code``."""
_CLASS_INDEX: Final = {cls: k for k, cls in enumerate(ALL_CLASSES)}
CLASS_OF: Final = np.array(
    [_CLASS_INDEX[HandClass.of(int(a), int(b))] for a, b in zip(CARD_A, CARD_B, strict=True)],
    dtype=np.intp,
)
"""Each combination's starting-hand class, an index into :data:`ALL_CLASSES`."""
_RANK_BITS: Final = (1 << (CARD_A >> 2)) | (1 << (CARD_B >> 2))
_SUITED: Final = tuple(
    np.equal(CARD_A & 3, s).astype(np.int8) + np.equal(CARD_B & 3, s) for s in range(4)
)  # per suit: how many of the combination's cards are of it
for _a in (CARD_A, CARD_B, COMBO_BITS, CLASS_OF, _RANK_BITS, *_SUITED):
    _a.setflags(write=False)

_VALUES: Final = MAX_VALUE + 1


def index_of(text: str) -> int:
    """The combination index of two cards written as text (``"AhKd"``)."""
    a, b = parse_cards(text)
    return combo_index(a, b)


def conflicts(cards: list[int]) -> npt.NDArray[np.bool_]:
    """Which combinations hold one of ``cards`` (the joker, 52, is in none)."""
    mask = 0
    for c in cards:
        if c < 52:
            mask |= 1 << c
    out: npt.NDArray[np.bool_] = (COMBO_BITS & np.uint64(mask)) != 0
    return out


@functools.cache
def _combo_keys(n: int) -> HoleKeys:
    """Every combination's key sums in the n-card tables, in combination index order."""
    return hole_keys(CARD_A, CARD_B, n)


def board_values(board: list[int]) -> npt.NDArray[np.uint16]:
    """The hand value of every combination with ``board`` (3, 4 or 5 standard cards);
    the values of combinations that share a card with the board mean nothing."""
    n = 2 + len(board)
    rank, suit, bit = card_keys(n)
    cards = np.asarray(board, dtype=np.intp)
    return hole_values(rank[cards].sum(), suit[cards].sum(dtype=np.uint16),
                       np.bitwise_or.reduce(bit[cards]), _combo_keys(n), n=n)  # fmt: skip


@functools.cache
def _straight_tables() -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int8]]:
    """For each 13-bit set of ranks: whether it holds a straight, and how many missing
    ranks would make one."""
    masks = np.arange(1 << 13, dtype=np.int64)
    windows = [0b1_0000_0000_1111] + [0b11111 << low for low in range(9)]
    made = np.zeros(1 << 13, dtype=np.bool_)
    for w in windows:
        made |= (masks & w) == w
    outs = np.zeros(1 << 13, dtype=np.int8)
    for r in range(13):
        bit = 1 << r
        outs += ((masks & bit) == 0) & made[masks | bit]
    outs[made] = 0
    return made, outs


@dataclass(frozen=True, slots=True)
class BoardStrength:
    """Every combination on one board.

    ``value`` is its hand value; ``made`` the share of the live combinations it beats
    (ties count half); ``improve`` the chance that the next card(s) bring its draw (0 on
    the river); ``strength`` is ``made`` raised by that chance, the scale the bot reads
    actions on.  ``live`` marks the combinations that share no card with the board."""

    value: npt.NDArray[np.uint16]
    made: F64s
    improve: F64s
    strength: F64s
    flush_draw: npt.NDArray[np.bool_]
    straight_outs: npt.NDArray[np.int8]
    live: npt.NDArray[np.bool_]


def board_strength(board: list[int]) -> BoardStrength:
    """:class:`BoardStrength` of every combination on ``board`` (3 to 5 standard cards)."""
    value = board_values(board)
    live = ~conflicts(board)
    counts = np.bincount(value[live], minlength=_VALUES)
    upto = np.cumsum(counts)
    # combinations below, plus half the equal ones, over all live ones
    made = (upto[value] - 0.5 * counts[value]) / max(int(upto[-1]), 1)
    to_come = 5 - len(board)
    if to_come == 0:
        zeros = np.zeros(COMBO_COUNT)
        none = np.zeros(COMBO_COUNT, dtype=np.bool_)
        return BoardStrength(value, made, zeros, made, none, np.zeros(COMBO_COUNT, np.int8), live)
    board_ranks = 0
    board_suits = np.zeros(4, dtype=np.int8)
    for c in board:
        board_ranks |= 1 << (c >> 2)
        board_suits[c & 3] += 1
    outs_table = _straight_tables()[1]
    ranks = _RANK_BITS | board_ranks
    straight_outs = np.where(
        outs_table[ranks] > outs_table[board_ranks], outs_table[ranks], 0
    ).astype(np.int8)
    flush_draw = np.zeros(COMBO_COUNT, dtype=np.bool_)
    for suit, count in enumerate(board_suits.tolist()):
        if count >= 2:  # four of the suit with one or two hole cards; five is made
            flush_draw |= _SUITED[suit] == 4 - count
    if board_suits.max() >= 3:
        suit = int(board_suits.argmax())
        flush_draw &= _SUITED[suit] < 5 - int(board_suits[suit])
    outs = np.where(flush_draw, 9, 0) + np.minimum(straight_outs, 2) * 4
    outs = np.minimum(outs, 15) - np.where(flush_draw & (straight_outs > 0), 2, 0)
    unseen = 50 - len(board)
    improve = 1.0 - _miss_table(unseen, to_come)[outs]
    strength = made + (1.0 - made) * improve * 0.85
    return BoardStrength(value, made, improve, strength, flush_draw, straight_outs, live)


@functools.cache
def _miss_table(unseen: int, to_come: int) -> F64s:
    """P(none of ``outs`` cards comes) for 0..15 outs among ``unseen`` cards."""
    return np.array(
        [comb(unseen - k, to_come) / comb(unseen, to_come) for k in range(16)], dtype=np.float64
    )
