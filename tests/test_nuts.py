"""The nuts (rules.md §2): the best hand possible on a board and the hole cards that make it."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest

from evaluator_helpers import key_of
from pokerroom.cards import JOKER, Card, CardError, format_cards, parse_cards
from pokerroom.evaluator import (
    Category,
    JokerMode,
    WildCards,
    describe,
    nuts,
    nuts_values,
    rank_wild,
    value_of,
)
from pokerroom.evaluator.census import colex_combinations
from pokerroom.evaluator.reference import reference_best

Q, EIGHT, SEVEN = 10, 6, 5


def pairs(text: str) -> tuple[tuple[Card, Card], ...]:
    """'Qs Qh, Qs Qd' -> the pairs of cards."""
    return tuple(tuple(parse_cards(p)) for p in text.split(","))  # type: ignore[misc]


def test_rule2_lowest_possible_river_nuts_is_three_queens_example() -> None:
    n = nuts(parse_cards("2c 3d 7h 8s Qc"))
    assert n.name == "three queens, eight-seven kickers"
    assert n.holes == pairs("Qs Qh, Qs Qd, Qh Qd")
    assert format_cards(n.hand.cards) == "Qs Qh Qc 8s 7h"
    assert str(n) == (
        "three queens, eight-seven kickers on 2c 3d 7h 8s Qc (with Qs Qh, Qs Qd, Qh Qd)"
    )


def suit_classes_of_river_boards() -> np.ndarray:
    """One board of each class of river boards equal up to renaming the suits: boards are
    equal up to suits exactly when their four per-suit rank masks are, as a multiset."""
    boards = colex_combinations(52, 5)
    rows = np.arange(len(boards))
    masks = np.zeros((len(boards), 4), dtype=np.int64)
    for i in range(5):
        c = boards[:, i].astype(np.int64)
        masks[rows, c & 3] |= 1 << (c >> 2)
    masks.sort(axis=1)
    key = masks[:, 0] | masks[:, 1] << 13 | masks[:, 2] << 26 | masks[:, 3] << 39
    _, first = np.unique(key, return_index=True)
    return boards[first]


@pytest.mark.slow
def test_rule2_lowest_possible_river_nuts_is_three_queens_exhaustive() -> None:
    # the nuts do not change when suits are renamed: one board per class covers them all
    boards = suit_classes_of_river_boards()
    assert len(boards) == 134_459
    values = nuts_values(boards)
    lowest = int(values.min())
    assert lowest == value_of(Category.THREE_OF_A_KIND, (Q, EIGHT, SEVEN))
    assert describe(lowest) == "three queens, eight-seven kickers"
    # exactly the boards 2-3-7-8-Q without three cards of one suit
    for board in boards[values == lowest].tolist():
        assert sorted(c >> 2 for c in board) == [0, 1, SEVEN, EIGHT, Q]
        assert max(sum(1 for c in board if c & 3 == s) for s in range(4)) < 3
    same_ranks = [b for b in boards.tolist() if sorted(c >> 2 for c in b) == [0, 1, 5, 6, 10]]
    suited = [b for b in same_ranks if max(sum(1 for c in b if c & 3 == s) for s in range(4)) >= 3]
    assert suited and all(v > lowest for v in nuts_values(suited))
    assert (values == lowest).sum() == len(same_ranks) - len(suited)


@pytest.mark.parametrize(
    ("board", "name", "holes"),
    [
        ("Ah Kh 7h", "flush, ace high", "Qh Jh"),
        ("Ah Kh Qh 7c", "royal flush", "Jh Th"),
        ("As Ad Kc Kd 7h", "four aces, king kicker", "Ah Ac"),
        ("9h 8h 7h 2c 2d", "straight flush, jack high", "Jh Th"),
        ("Kc 9d 4h 4s", "four fours, king kicker", "4d 4c"),
        ("6c 7d 8h 9s Jc", "straight, queen high", None),
    ],
)
def test_nuts_on_flops_turns_and_rivers(board: str, name: str, holes: str | None) -> None:
    n = nuts(parse_cards(board))
    assert n.name == name
    if holes is not None:
        assert n.holes == pairs(holes)
    else:  # a queen and a ten of any suits
        assert len(n.holes) == 16
        assert all(sorted(c >> 2 for c in h) == [8, Q] for h in n.holes)


def test_nuts_when_the_board_is_the_nuts() -> None:
    n = nuts(parse_cards("As Ks Qs Js Ts"))
    assert n.name == "royal flush"
    assert len(n.holes) == 47 * 46 // 2  # every pair plays the board


def test_rule2_nuts_with_min_hole_cards() -> None:
    board = parse_cards("Ah Kh Qh Jh 2c")
    assert nuts(board).name == "royal flush"
    assert len(nuts(board).holes) == 46  # Th and any other card
    omaha = nuts(board, min_hole_cards=2)
    assert omaha.name == "straight flush, king high"
    assert omaha.holes == pairs("Th 9h")
    assert len(nuts(board, min_hole_cards=1).holes) == 46
    # on the turn too: Omaha-style, two hole cards and three of the board
    turn = nuts(parse_cards("Ah Kh Qh Jh"), min_hole_cards=2)
    assert (turn.name, turn.holes) == ("straight flush, king high", pairs("Th 9h"))
    # a board that is the nuts itself: one hole card must play, or two
    royal = parse_cards("As Ks Qs Js Ts")
    one = nuts(royal, min_hole_cards=1)
    assert one.name == "straight flush, king high" and len(one.holes) == 46  # 9s and any
    assert all(Card.parse("9s") in h for h in one.holes)
    two = nuts(royal, min_hole_cards=2)
    assert (two.name, two.holes) == ("straight flush, queen high", pairs("9s 8s"))


def test_rule2_nuts_with_min_hole_cards_and_wild_cards() -> None:
    # deuces wild, Omaha-style on the river: two deuces, or the ten and a deuce, with
    # three hearts of the board make the royal flush (naturally, Th 9h makes king high)
    n = nuts(parse_cards("Ah Kh Qh Jh 7c"), wild=WildCards.parse("2"), min_hole_cards=2)
    assert n.name == "royal flush"
    assert {frozenset(h) for h in n.holes} == {
        frozenset(parse_cards(p)) for p in (
            "2s 2h", "2s 2d", "2s 2c", "2h 2d", "2h 2c", "2d 2c",
            "Th 2s", "Th 2h", "Th 2d", "Th 2c")
    }  # fmt: skip


def test_nuts_text_shows_six_holdings_and_counts_the_rest() -> None:
    n = nuts(parse_cards("6c 7d 8h 9s Jc"))  # a queen and a ten: 16 holdings
    assert len(n.holes) == 16
    first = "Qs Ts, Qh Ts, Qd Ts, Qc Ts, Qs Th, Qh Th"
    assert str(n) == f"straight, queen high on 6c 7d 8h 9s Jc (with {first} and 10 more)"
    assert str(replace(n, holes=n.holes[:7])) == (
        f"straight, queen high on 6c 7d 8h 9s Jc (with {first} and 1 more)")
    assert str(replace(n, holes=n.holes[:6])) == (
        f"straight, queen high on 6c 7d 8h 9s Jc (with {first})")


def test_nuts_with_dead_cards() -> None:
    board = parse_cards("2c 3d 7h 8s Qc")
    assert nuts(board, dead=parse_cards("Qs")).holes == pairs("Qh Qd")
    assert nuts(board, dead=parse_cards("Qs Qh")).name == "three eights, queen-seven kickers"


def test_nuts_with_wild_cards() -> None:
    bug = WildCards(joker=JokerMode.BUG)
    n = nuts(parse_cards("As Ad Ah Kc 7d"), wild=bug)
    assert n.name == "five of a kind, aces"
    assert n.holes == ((Card(JOKER), Card.parse("Ac")),)
    deuces = nuts(parse_cards("2c 3d 7h 8s Qc"), wild=WildCards.parse("2"))
    assert deuces.name == "four queens, eight kicker"
    assert len(deuces.holes) == 15  # two of the three queens and the three deuces


@pytest.mark.parametrize("wild", [None, WildCards.parse("2", joker="bug")], ids=repr)
def test_nuts_agree_with_brute_force(wild: WildCards | None) -> None:
    rng = random.Random(4)
    deck = list(range(JOKER + 1 if wild else JOKER))
    for size in (3, 4, 5):
        board = rng.sample(deck, size)
        left = [c for c in deck if c not in board]
        values = {
            pair: key_of(rank_wild([*board, *pair], wild)) if wild
            else reference_best([*board, *pair])
            for pair in combinations(left, 2)
        }
        best = max(values.values())
        n = nuts(board, wild=wild)
        assert key_of(n.value) == best
        assert {frozenset(p) for p in n.holes} == {
            frozenset(p) for p, v in values.items() if v == best
        }


@pytest.mark.parametrize("wild", [None, WildCards(joker=JokerMode.WILD)], ids=repr)
def test_nuts_values_equal_nuts(wild: WildCards | None) -> None:
    rng = random.Random(5)
    deck = list(range(JOKER + 1 if wild else JOKER))
    for size in (3, 4, 5):
        boards = [rng.sample(deck, size) for _ in range(20)]
        assert nuts_values(np.array(boards), wild=wild).tolist() == [
            nuts(b, wild=wild).value for b in boards
        ]
    assert nuts_values(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)
    assert nuts_values(np.zeros((0, 5), dtype=np.uint8)).dtype == np.uint16
    assert nuts_values(np.array(boards), wild=wild).dtype == np.uint16


@pytest.mark.parametrize(
    ("board", "kwargs", "message"),
    [
        ("As Kd", {}, "a board has 3 to 5 cards, not 2: 'As Kd'"),
        ("As Kd Qh Jc Tc 9c", {}, "a board has 3 to 5 cards, not 6: 'As Kd Qh Jc Tc 9c'"),
        ("As Kd As", {}, "duplicate cards in the board and dead cards 'As Kd As'"),
        ("As Kd Qh", {"dead": [Card.parse("Kd")]},
         "duplicate cards in the board and dead cards 'As Kd Qh Kd'"),
        ("As Kd Jk", {}, "the joker is not in play in this game (no joker mode given)"),
        ("As Kd 60", {}, "not a card code: 60 (codes are 0-51, 52 for the joker)"),
        ("As Kd Qh", {"min_hole_cards": 3}, "min_hole_cards is 0, 1 or 2, not 3"),
        ("As Kd Qh Jc Tc", {"dead": [c for c in range(52)  # every card but the board and 2c
                                     if c not in parse_cards("As Kd Qh Jc Tc 2c")]},
         "no two cards are left in the deck for the hole"),
    ],
)
def test_nuts_refuse_bad_boards(board: str, kwargs: dict[str, object], message: str) -> None:
    cards = [int(t) if t.isdigit() else Card.parse(t) for t in board.split()]
    with pytest.raises(CardError, match=f"^{re.escape(message)}$"):
        nuts(cards, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("boards", "message"),
    [
        (np.zeros((2, 6), dtype=np.uint8),
         "expected an (N, 3|4|5) array of boards, got shape (2, 6)"),
        (np.zeros(5, dtype=np.uint8), "expected an (N, 3|4|5) array of boards, got shape (5,)"),
        (np.zeros((1, 5), dtype=np.float64), "card codes must be integers, not float64"),
        (np.array([[0, 1, 2, 3, 52]]),
         "the joker is not in play in this game (no joker mode given)"),
        (np.array([[0, 1, 2, 3, 60]]), "not a card code: 60 (codes are 0-51, 52 for the joker)"),
        (np.array([[0, 1, 2, 3, 3]]), "duplicate cards in row 0: '2c 2d 2h 2s 2s'"),
    ],
)
def test_nuts_values_refuse_bad_boards(boards: np.ndarray, message: str) -> None:
    with pytest.raises(CardError, match=f"^{re.escape(message)}$"):
        nuts_values(boards)
