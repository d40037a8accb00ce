"""The natural-card evaluator: scalar, batch, names, hold'em helpers (rules.md §2)."""

from __future__ import annotations

import random
import re
import warnings
from itertools import combinations

import numpy as np
import pytest

from evaluator_helpers import assert_same_order, encode, key_of
from pokerroom.cards import JOKER, Card, CardError, format_cards, parse_cards
from pokerroom.evaluator import (
    CATEGORY_COUNTS,
    MAX_VALUE,
    STANDARD_CLASS_COUNT,
    Category,
    HandValue,
    JokerMode,
    WildCards,
    best_hand,
    category_of,
    describe,
    evaluate,
    hand_value,
    made_values,
    rank,
    rank5,
    rank6,
    rank7,
    rank_batch,
    value_of,
)
from pokerroom.evaluator.batch import CHUNK, card_array, flush_values
from pokerroom.evaluator.classes import five_ranks, ranks_of
from pokerroom.evaluator.reference import CATEGORIES, reference_best, reference_five
from pokerroom.evaluator.tables import SUIT_KEYS, tables


def v(text: str) -> int:
    return rank(parse_cards(text))


def random_hands(n_hands: int, size: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), size) for _ in range(n_hands)]


# --- rules.md §2: categories, straights, kickers -----------------------------------------

CATEGORY_EXAMPLES = [  # one hand per category, best first
    ("As Ks Qs Js Ts", Category.STRAIGHT_FLUSH),
    ("9h 8h 7h 6h 5h", Category.STRAIGHT_FLUSH),
    ("7c 7d 7h 7s 2c", Category.FOUR_OF_A_KIND),
    ("7c 7d 7h 2s 2c", Category.FULL_HOUSE),
    ("Kd 9d 7d 4d 2d", Category.FLUSH),
    ("Tc 9d 8h 7s 6c", Category.STRAIGHT),
    ("Qc Qd Qh 9s 2c", Category.THREE_OF_A_KIND),
    ("Qc Qd 8h 8s Ac", Category.TWO_PAIR),
    ("Jc Jd 8h 6s 2c", Category.PAIR),
    ("Ac Qd 8h 6s 2c", Category.HIGH_CARD),
]


def test_rule2_categories_rank_from_straight_flush_down_to_high_card() -> None:
    values = [v(text) for text, _ in CATEGORY_EXAMPLES]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)
    for (_, cat), value in zip(CATEGORY_EXAMPLES, values, strict=True):
        assert category_of(value) == cat


def test_rule2_ace_plays_high_or_low_in_straights() -> None:
    broadway, wheel, six_high = v("Ac Kd Qh Js Tc"), v("5c 4d 3h 2s Ac"), v("6c 5d 4h 3s 2c")
    assert describe(broadway) == "straight, ace high"
    assert describe(wheel) == "straight, five high"
    assert wheel < six_high < broadway
    assert category_of(v("Kc Ad 2h 3s 4c")) == Category.HIGH_CARD  # K-A-2-3-4 is no straight
    assert describe(v("5h 4h 3h 2h Ah")) == "straight flush, five high"


def test_rule2_kickers_always_count_in_every_category() -> None:
    board = parse_cards("Ac Ad Ah As 2d")
    king = best_hand(parse_cards("Kh 3c"), board)
    queen = best_hand(parse_cards("Qh 3c"), board)
    assert king > queen  # 001's "the fifth card is not used" does not hold in hold'em
    assert v("9c 9d 9h Ks 2c") > v("9c 9d 9h Qs Jc")  # trips: kickers count
    assert v("Qc Qd 8h 8s Ac") > v("Qc Qd 8h 8s Kc")  # two pair: the kicker counts
    assert v("Kd 9d 7d 4d 3d") > v("Kh 9h 7h 4h 2h")  # flush: all five count


def test_rule1_suits_never_break_ties() -> None:
    assert v("Ac Kd Qh Js 9c") == v("As Kh Qd Jc 9d")
    assert v("Kd 9d 7d 4d 2d") == v("Kh 9h 7h 4h 2h")
    assert best_hand(parse_cards("Ah Kd"), parse_cards("Qc Jc Tc 2s 3s")) == best_hand(
        parse_cards("As Kc"), parse_cards("Qc Jc Tc 2s 3s")
    )


def test_seed002_worked_hand_showdown() -> None:
    board = parse_cards("9c Kc 3h 5s 9d")
    bob = best_hand(parse_cards("Qs 9h"), board)
    carol = best_hand(parse_cards("Ks Jh"), board)
    assert bob.name == "three nines, king-queen kickers"
    assert carol.name == "two pair, kings and nines, jack kicker"
    assert bob > carol


# --- names ------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("Qs Qd 8c 8h As 3c 2d", "two pair, queens and eights, ace kicker"),
        ("5c 4d 3h 2s Ac Kd Kh", "straight, five high"),
        ("6c 5d 4h 3s 2c", "straight, six high"),
        ("As Ks Qs Js Ts 2c 3d", "royal flush"),
        ("Kd Qd Jd Td 9d", "straight flush, king high"),
        ("7c 7d 7h 2s 2c", "full house, sevens full of deuces"),
        ("Qh 9h 7h 4h 2h", "flush, queen high"),
        ("6c 6d 6h 6s Ac", "four sixes, ace kicker"),
        ("Jc Jd 8h 6s 2c", "pair of jacks, eight-six-deuce kickers"),
        ("Ac Qd 8h 6s 2c", "high card, ace-queen-eight-six-deuce"),
    ],
)
def test_rule2_hand_names_for_people(cards: str, name: str) -> None:
    assert evaluate(parse_cards(cards)).name == name


def test_every_value_has_its_own_name_and_round_trips() -> None:
    # flushes are named by their high card ("flush, queen high", rules.md §2); every other
    # value has a name of its own
    flushes = [x for x in range(MAX_VALUE + 1) if category_of(x) == Category.FLUSH]
    others = [x for x in range(MAX_VALUE + 1) if category_of(x) != Category.FLUSH]
    assert len({describe(x) for x in others}) == len(others)
    assert {describe(x) for x in flushes} == {
        f"flush, {word} high" for word in ("seven", "eight", "nine", "ten", "jack", "queen",
                                           "king", "ace")
    }
    for value in range(MAX_VALUE + 1):
        assert value_of(category_of(value), ranks_of(value)) == value
    assert sum(CATEGORY_COUNTS.values()) == STANDARD_CLASS_COUNT + 13 == 7475
    assert describe(MAX_VALUE) == "five of a kind, aces"


def test_value_of_refuses_a_class_that_does_not_exist() -> None:
    with pytest.raises(ValueError, match="no flush with ranks"):
        value_of(Category.FLUSH, (12, 11, 10, 9, 8))  # that is a straight flush


# --- HandValue --------------------------------------------------------------------------

def test_hand_value_gives_the_five_cards_in_the_order_they_count() -> None:
    h = evaluate(parse_cards("3c Qs 8h As 8c Qd 2d"))
    assert format_cards(h.cards) == "Qs Qd 8h 8c As"
    assert h.category == Category.TWO_PAIR
    assert h.ranks == (10, 6, 12)
    assert h.played_as is None
    wheel = evaluate(parse_cards("Ac 2d 3h 4s 5c Kd Kh"))
    assert format_cards(wheel.cards) == "5c 4s 3h 2d Ac"
    # a flush is made of cards of its suit, though another suit has a card of that rank
    flush = evaluate(parse_cards("As 3c Ah Kh 9h 7h 2h"))
    assert format_cards(flush.cards) == "Ah Kh 9h 7h 2h"


def test_hand_value_cards_are_five_of_the_hand_worth_its_value() -> None:
    """Of six or seven cards (flushes dealt on purpose too), the five shown are among the
    hand, and the reference values them as the hand."""
    rng = random.Random(21)
    hands = random_hands(300, 7, seed=20) + random_hands(300, 6, seed=21)
    for i in range(200):  # five hearts and one or two other cards
        suited = rng.sample([r * 4 + 2 for r in range(13)], 5)
        hands.append(suited + rng.sample([c for c in range(52) if c not in suited], 1 + i % 2))
    for cards in hands:
        hand = evaluate(cards)
        assert len(set(hand.cards)) == 5 and set(hand.cards) <= set(cards)
        assert reference_five(hand.cards) == key_of(hand.value)
    assert len(hands) == 800


def test_hand_value_compares_and_hashes_by_value_alone() -> None:
    a = evaluate(parse_cards("Ac Kd Qh Js 9c"))
    b = evaluate(parse_cards("As Kh Qd Jc 9d"))
    c = evaluate(parse_cards("Ac Kd Qh Js 8c"))
    assert a == b and hash(a) == hash(b) and a.cards != b.cards
    assert c < a and max(a, c) is a
    assert len({a, b, c}) == 2
    assert repr(a) == "HandValue(1276, parse_cards('Ac Kd Qh Js 9c'))"
    again = eval(repr(a), {"HandValue": HandValue, "parse_cards": parse_cards})
    assert again == a and again.cards == a.cards
    assert str(a) == "high card, ace-king-queen-jack-nine [Ac Kd Qh Js 9c]"
    # equal hands tie (rules.md §2): neither is below the other
    assert not a < b and not b < a and a <= b and b >= a and not a > b


def test_hand_value_shows_what_wild_cards_play_as() -> None:
    bug = evaluate(parse_cards("Ks Kd Jk 7c 4h"), wild=WildCards(joker=JokerMode.BUG))
    value = value_of(Category.PAIR, (11, 12, 5, 2))  # the bug plays as an ace
    assert bug.value == value
    assert format_cards(bug.played_as or ()) == "Ks Kd As 7c 4h"
    assert str(bug) == (
        "pair of kings, ace-seven-four kickers [Ks Kd Jk 7c 4h (as Ks Kd As 7c 4h)]")
    assert repr(bug) == (
        f"HandValue({value}, parse_cards('Ks Kd Jk 7c 4h'), parse_cards('Ks Kd As 7c 4h'))")
    again = eval(repr(bug), {"HandValue": HandValue, "parse_cards": parse_cards})
    assert (again, again.cards, again.played_as) == (bug, bug.cards, bug.played_as)
    # a wild card plays as a card the hand does not hold when it can (here Ah, not As)
    pair = evaluate(parse_cards("As 2c 7d 4h 9s"), wild=WildCards.parse("2"))
    assert format_cards(pair.played_as or ()) == "As Ah 9s 7d 4h"
    straight = evaluate(parse_cards("As Kc Qd Jh Th"), wild=WildCards.parse("A"))
    assert format_cards(straight.played_as or ()) == "Ah Kc Qd Jh Th"  # the wild As held
    # a wild card that plays as itself is not shown twice
    royal = evaluate(parse_cards("Ac Kc Qc Jc Tc"), wild=WildCards(cards=parse_cards("Tc")))
    assert royal.played_as == royal.cards
    assert str(royal) == "royal flush [Ac Kc Qc Jc Tc]"


# --- scalar: rank5/6/7 and rank ---------------------------------------------------------

def test_scalar_sizes_agree_with_the_best_five_card_subset() -> None:
    for size, fn in ((6, rank6), (7, rank7)):
        for hand in random_hands(3000, size, seed=size):
            assert fn(hand) == max(rank5(five) for five in combinations(hand, 5))


def test_scalar_orders_hands_as_the_reference_evaluator() -> None:
    # the reference ranks by the rules alone: every hand is the class the reference finds,
    # and the values order the hands exactly as the rules do
    for size in (5, 6, 7):
        hands = random_hands(1500, size, seed=10 + size)
        values = [rank(hand) for hand in hands]
        keys = [reference_best(hand) for hand in hands]
        assert [key_of(value) for value in values] == keys
        assert_same_order(values, map(encode, keys))


def test_scalar_takes_card_objects_as_well_as_codes() -> None:
    cards = parse_cards("As Ks Qs Js Ts 2c 3d")
    assert rank7(cards) == rank7([int(c) for c in cards]) == rank(tuple(cards)) == 7461


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([0, 1, 2, 3], "a hand has 5, 6 or 7 cards, not 4"),
        (list(range(8)), "a hand has 5, 6 or 7 cards, not 8"),
        ([0, 1, 2, 3, 3], "duplicate cards in [0, 1, 2, 3, 3]"),
        ([0, 1, 2, 3, 60], "not a card code: 60 (codes are 0-51)"),
        ([0, 1, 2, 3, -1], "not a card code: -1 (codes are 0-51)"),
        ([0, 1, 2, 3, JOKER], "a hand with the joker needs a wild-card rule: use evaluate()"),
    ],
)
def test_rank_refuses_bad_hands(cards: list[int], message: str) -> None:
    with pytest.raises(CardError, match=f"^{re.escape(message)}$"):
        rank(cards)


def test_evaluate_refuses_bad_hands() -> None:
    with pytest.raises(CardError, match=r"^a hand has 5, 6 or 7 cards, not 2$"):
        evaluate(parse_cards("As Ks"))
    with pytest.raises(CardError, match=r"^duplicate cards in 'As Ks Qs As Ts'$"):
        evaluate([51, 47, 43, 51, 35])
    with pytest.raises(
        CardError, match=r"^not a card code: 60 \(codes are 0-51, 52 for the joker\)$"
    ):
        evaluate([51, 47, 43, 60, 35])
    with pytest.raises(
        CardError, match=r"^the joker is not in play in this game \(no wild-card rule given\)$"
    ):
        evaluate(parse_cards("As Ks Qs Js Jk"))


# --- hold'em helpers: min_hole_cards, hand_value, made_values ----------------------------

def test_rule2_min_hole_cards_zero_plays_the_board() -> None:
    board = parse_cards("As Ks Qs Js Ts")
    hand = best_hand(parse_cards("2c 3d"), board)
    assert hand.name == "royal flush"
    assert set(hand.cards) == set(board)


def test_rule2_min_hole_cards_one_uses_a_hole_card() -> None:
    board = parse_cards("As Ks Qs Js Ts")
    hand = best_hand(parse_cards("2c 3d"), board, min_hole_cards=1)
    assert hand.name == "high card, ace-king-queen-jack-three"  # not the royal flush
    hand = best_hand(parse_cards("2c 9s"), board, min_hole_cards=1)
    assert hand.name == "straight flush, king high"
    assert Card.parse("9s") in hand.cards


def test_rule2_min_hole_cards_two_is_omaha_style() -> None:
    board = parse_cards("Ah Kh Qh Jh 2c")
    assert best_hand(parse_cards("Th 3c"), board).name == "royal flush"
    assert best_hand(parse_cards("Th 3c"), board, min_hole_cards=1).name == "royal flush"
    omaha = best_hand(parse_cards("Th 3c"), board, min_hole_cards=2)
    assert omaha.name == "high card, ace-king-queen-ten-three"  # Th 3c + three of the board
    assert {Card.parse("Th"), Card.parse("3c")} <= set(omaha.cards)
    quads = parse_cards("Ac Ad Ah As 3d")
    assert best_hand(parse_cards("Kc 2h"), quads, min_hole_cards=2).name == (
        "three aces, king-deuce kickers"
    )


def test_min_hole_cards_against_the_reference() -> None:
    rng = random.Random(7)
    for _ in range(300):
        cards = rng.sample(range(52), 7)
        hole, board = cards[:2], cards[2:]
        for mhc in (0, 1, 2):
            expected = reference_best(cards, hole=hole, min_hole_cards=mhc)
            assert key_of(best_hand(hole, board, min_hole_cards=mhc).value) == expected
            assert key_of(hand_value(hole, board, min_hole_cards=mhc)) == expected
        # hold'em by default: the board may play, and the hand is the best of all seven
        assert hand_value(hole, board) == best_hand(hole, board).value == rank(cards)
        assert best_hand(hole, board).cards == evaluate(cards).cards
    royal = parse_cards("As Ks Qs Js Ts")
    assert describe(hand_value(parse_cards("2c 3d"), royal)) == "royal flush"


def test_best_of_more_than_seven_cards() -> None:
    """Four or six hole cards with a board: the best five of eight or nine cards, by the
    reference, whatever min_hole_cards asks."""
    rng = random.Random(8)
    for holes in (4, 6):
        for _ in range(40):
            cards = rng.sample(range(52), holes + (9 - holes if holes == 4 else 2))
            hole, board = cards[:holes], cards[holes:]
            for mhc in (0, 2):
                expected = reference_best(cards, hole=hole, min_hole_cards=mhc)
                assert key_of(best_hand(hole, board, min_hole_cards=mhc).value) == expected
                assert key_of(hand_value(hole, board, min_hole_cards=mhc)) == expected


def test_best_hand_refuses_bad_input() -> None:
    with pytest.raises(CardError, match=r"^min_hole_cards is 0, 1 or 2, not 3$"):
        best_hand(parse_cards("As Kd"), parse_cards("2c 3c 4c 5d 7h"), min_hole_cards=3)
    with pytest.raises(CardError, match=r"^need at least five cards, have 4$"):
        best_hand(parse_cards("As Kd"), parse_cards("2c 3c"))
    with pytest.raises(CardError, match=r"^need at least five cards, have 4$"):
        made_values(parse_cards("As Kd"), parse_cards("2c 3c"))
    with pytest.raises(CardError, match=r"^duplicate cards in 'As Kd As 3c 4c 5d 7h'$"):
        best_hand(parse_cards("As Kd"), parse_cards("As 3c 4c 5d 7h"))
    with pytest.raises(CardError, match=r"^no five cards use 2 of the hole cards 'As' with the "
                                        r"board '2c 3c 4c 5d 7h'$"):
        best_hand(parse_cards("As"), parse_cards("2c 3c 4c 5d 7h"), min_hole_cards=2)


def test_made_values_lists_every_five_card_hand_best_first() -> None:
    hole, board = parse_cards("Qs Qd"), parse_cards("8c 8h As 3c 2d")
    values = made_values(hole, board)
    everything = {rank5(five) for five in combinations([*hole, *board], 5)}
    assert values == sorted(everything, reverse=True)
    assert values[0] == best_hand(hole, board).value
    assert describe(values[0]) == "two pair, queens and eights, ace kicker"
    # what a player may announce: a lower hand the cards make, never a higher one
    assert value_of(Category.PAIR, (10, 12, 6, 1)) in values  # Q Q A 8 3
    assert value_of(Category.THREE_OF_A_KIND, (10, 12, 6)) not in values


def test_made_values_respects_min_hole_cards() -> None:
    hole, board = parse_cards("2c 3d"), parse_cards("As Ks Qs Js Ts")
    assert describe(made_values(hole, board)[0]) == "royal flush"
    one = made_values(hole, board, min_hole_cards=1)
    assert describe(one[0]) == "high card, ace-king-queen-jack-three"
    both = made_values(hole, board, min_hole_cards=2)
    assert describe(both[0]) == "high card, ace-king-queen-three-deuce"
    assert len(both) == 10  # 2c 3d with each three of the five board cards
    assert set(both) < set(one) < set(made_values(hole, board))


# --- batch ------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_equals_scalar(size: int) -> None:
    hands = random_hands(20_000, size, seed=100 + size)
    scalar = [rank(h) for h in hands]
    for dtype in (np.uint8, np.int64, np.int16):
        assert rank_batch(np.array(hands, dtype=dtype)).tolist() == scalar
    assert rank_batch(hands).tolist() == scalar  # nested lists are fine too


def test_batch_orders_hands_as_the_reference_evaluator() -> None:
    hands = random_hands(3000, 7, seed=9)
    assert_same_order(rank_batch(np.array(hands)), [encode(reference_best(h)) for h in hands])


def test_batch_of_flushes_and_odd_chunks() -> None:
    # every 7-card hand of one suit plus two others: exercises the flush path
    spades = [c for c in range(52) if c & 3 == 3]
    hands = [[*five, 0, 5] for five in combinations(spades, 5)]
    expected = [rank7(h) for h in hands]
    assert rank_batch(np.array(hands)).tolist() == expected
    assert all(category_of(x) >= Category.FLUSH for x in expected)


def test_batch_with_more_flushes_than_a_chunk() -> None:
    # the flushes are valued a chunk at a time: two chunks and a part, mixed with hands
    # that make none, every one valued as the scalar evaluator does
    rng = random.Random(36)
    hands = []
    for i in range(2 * CHUNK + 123 + 5000):
        if i % 8 == 0:
            hands.append(rng.sample(range(52), 7))  # most make no flush
            continue
        suit = rng.randrange(4)
        five = rng.sample([c for c in range(52) if c & 3 == suit], 5)
        hands.append(five + rng.sample([c for c in range(52) if c not in five], 2))
    expected = [rank7(h) for h in hands]
    assert sum(category_of(x) >= Category.FLUSH for x in expected) > 2 * CHUNK
    assert rank_batch(np.array(hands, dtype=np.uint8)).tolist() == expected


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("rows", [CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 1])
def test_batch_flushes_on_the_edges_of_chunks(size: int, rows: int) -> None:
    # the flushes are found a chunk at a time and written back by row: one on the first
    # and the last row of every chunk, and on the row after each chunk's end, each valued
    # as the scalar evaluator does, the hands between them making none
    rng = random.Random(rows + size)
    edges = {0, rows - 1} | {i for k in range(CHUNK, rows, CHUNK) for i in (k - 1, k, k + 1)
                             if i < rows}  # fmt: skip
    hands = []
    for i in range(rows):
        suit = rng.randrange(4)
        if i in edges:
            five = rng.sample([c for c in range(52) if c & 3 == suit], 5)
            hands.append(five + rng.sample([c for c in range(52) if c not in five], size - 5))
        else:  # never five of a suit: at most four of one, the rest of two others
            pool = [c for c in range(52) if c & 3 in (suit, (suit + 1) % 4)]
            hands.append(rng.sample([c for c in pool if c & 3 == suit], 3)
                         + rng.sample([c for c in pool if c & 3 != suit], 2)
                         + rng.sample([c for c in range(52) if c & 3 == (suit + 2) % 4],
                                      size - 5))  # fmt: skip
    expected = [rank(h) for h in hands]
    suited = (Category.FLUSH, Category.STRAIGHT_FLUSH)
    assert [i for i, x in enumerate(expected) if category_of(x) in suited] == sorted(edges)
    assert rank_batch(np.array(hands, dtype=np.uint8)).tolist() == expected


def _card_mask(cards: list[int]) -> int:
    """The 52-bit mask of ``cards``: bit 13 × suit + rank, worked out here from the codes."""
    return sum(1 << (13 * (c % 4) + c // 4) for c in cards)


def test_flush_values_is_the_best_flush_of_a_card_mask() -> None:
    # the hand keys' flush path: a card mask holding five, six or seven of one suit (each
    # suit, two other cards at most: the flush is the hand's best) is worth what the scalar
    # evaluator makes of its cards; ten cards, five of each of two suits, the better flush
    rng = random.Random(31)
    masks, expected = [], []
    for suit in range(4):
        suited = [c for c in range(52) if c % 4 == suit]
        others = [c for c in range(52) if c % 4 != suit]
        for size in (5, 6, 7):
            for _ in range(40):
                hand = rng.sample(suited, size) + rng.sample(others, 7 - size)
                masks.append(_card_mask(hand))
                expected.append(rank7(hand))
        for other in range(4):
            if other != suit:
                for _ in range(20):
                    one = rng.sample(suited, 5)
                    two = rng.sample([c for c in range(52) if c % 4 == other], 5)
                    masks.append(_card_mask(one + two))
                    expected.append(max(rank5(one), rank5(two)))
    royal = parse_cards("Ac Kc Qc Jc Tc 2d 3h")
    masks.append(_card_mask([int(c) for c in royal]))
    expected.append(v("As Ks Qs Js Ts"))  # the best standard hand
    got = flush_values(np.array(masks, dtype=np.uint64))
    assert got.dtype == np.uint16
    assert got.tolist() == expected


def test_batch_rows_with_repeated_cards_get_a_value_without_error() -> None:
    # unchecked: a row may repeat a card (seven times the same, the largest key sums a
    # row can reach) without a carry spoiling its neighbours' values
    hands = np.array([[c] * n + [0] * (7 - n) for c in (48, 51, 3) for n in (5, 6, 7)]
                     + [[8, 12, 16, 20, 24, 28, 32]], dtype=np.uint8)  # fmt: skip
    got = rank_batch(hands)
    assert got.shape == (10,) and got.dtype == np.uint16
    assert got[-1] == rank7([8, 12, 16, 20, 24, 28, 32])


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (np.zeros(7, dtype=np.uint8),
         "expected an (N, 5|6|7) array of card codes, got shape (7,)"),
        (np.zeros((3, 4), dtype=np.uint8),
         "expected an (N, 5|6|7) array of card codes, got shape (3, 4)"),
        (np.zeros((3, 8), dtype=np.uint8),
         "expected an (N, 5|6|7) array of card codes, got shape (3, 8)"),
        (np.zeros((2, 5), dtype=np.float64), "card codes must be integers, not float64"),
        (np.zeros((2, 5), dtype=np.bool_), "card codes must be integers, not bool"),
        (np.full((2, 5), -1), "not a card code: -1 (codes are 0-51, 52 for the joker)"),
        ([[0, 1, 2, 3, -1]], "not a card code: -1 (codes are 0-51, 52 for the joker)"),
        (np.full((2, 5), 53), "not a card code: 53 (codes are 0-51, 52 for the joker)"),
        (np.full((2, 5), 200, dtype=np.uint8),
         "not a card code: 200 (codes are 0-51, 52 for the joker)"),
        ([[0, 1, 2, 3, 4], [0, 1, 2, 3]],
         "expected an (N, 5|6|7) array of card codes; rows differ"),
        ([[0, 1, 2, 3, JOKER]],
         "a hand with the joker needs a wild-card rule: use rank_wild_batch()"),
    ],
)
def test_batch_input_is_validated(cards: object, message: str) -> None:
    with pytest.raises(CardError, match=f"^{re.escape(message)}$"):
        rank_batch(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({CHUNK: JOKER}, "a hand with the joker needs a wild-card rule: use rank_wild_batch()"),
        ({0: JOKER, CHUNK: 200}, "not a card code: 200 (codes are 0-51, 52 for the joker)"),
        ({CHUNK - 1: 53, CHUNK: JOKER}, "not a card code: 53 (codes are 0-51, 52 for the joker)"),
    ],
)
def test_batch_codes_are_checked_past_the_first_chunk(bad: dict[int, int], message: str) -> None:
    # a uint8 array's codes are checked a chunk at a time: a bad code in a later chunk
    # raises the same error, naming the highest code, and the input is left as it was
    hands = np.array(random_hands(CHUNK + 1, 7, seed=36), dtype=np.uint8)
    for row, code in bad.items():
        hands[row, 6] = code
    before = hands.copy()
    with pytest.raises(CardError, match=f"^{re.escape(message)}$"):
        rank_batch(hands)
    assert np.array_equal(hands, before)


def test_batch_of_uint8_views_that_are_not_contiguous_or_plain() -> None:
    # a strided or Fortran-ordered uint8 array, or an array subclass (np.matrix slices
    # into matrices), is turned into a plain one as card_array does, then valued
    hands = np.array(random_hands(3000, 7, seed=37), dtype=np.uint8)
    expected = [rank7(h) for h in hands.tolist()]
    wide = np.zeros((3000, 14), dtype=np.uint8)
    wide[:, ::2] = hands
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PendingDeprecationWarning)  # np.matrix's own
        matrix = np.asmatrix(hands)
    for view in (wide[:, ::2], np.asfortranarray(hands), hands[::-1][::-1], matrix,
                 np.ma.masked_array(hands)):  # fmt: skip
        assert rank_batch(view).tolist() == expected
    assert rank_batch(hands[::2]).tolist() == expected[::2]


def test_batch_checks_repeated_cards_on_request() -> None:
    hands = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 5]], dtype=np.uint8)
    with pytest.raises(CardError, match="duplicate cards in row 1: '3d 3h 3s 4c 3d'"):
        rank_batch(hands, check=True)
    assert rank_batch(hands[:1], check=True).tolist() == [rank5([0, 1, 2, 3, 4])]
    assert rank_batch(hands).shape == (2,)  # not looked for unless asked: the fast path


def test_batch_of_no_hands() -> None:
    assert rank_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)
    # card_array's documented answer for no hands: a uint8 array, and -1 as the highest code
    arr, highest = card_array(np.zeros((0, 5), dtype=np.int64))
    assert (arr.dtype, arr.shape, highest) == (np.uint8, (0, 5), -1)
    assert rank_batch(np.zeros((0, 5), dtype=np.int64), check=True).dtype == np.uint16


# --- the tables --------------------------------------------------------------------------

def test_suit_keys_separate_every_flush() -> None:
    for n, keys in SUIT_KEYS.items():
        t = tables(n)
        for counts in np.ndindex(*(n + 1,) * 4):
            if sum(counts) != n:
                continue
            flag = t.suit_flush[sum(c * k for c, k in zip(counts, keys, strict=True))]
            expected = 1 + counts.index(max(counts)) if max(counts) >= 5 else 0
            assert flag == expected


def test_five_card_values_agree_with_the_reference_on_every_class() -> None:
    # one hand per class: the reference, written from the rules, finds the same class,
    # and the values order the classes as the rules do
    seen: dict[int, list[int]] = {}
    for hand in random_hands(60_000, 5, seed=3):
        seen.setdefault(rank5(hand), hand)
    for five in combinations([c for c in range(52) if c & 3 == 0], 5):  # every flush class
        seen.setdefault(rank5(five), list(five))
    for value, hand in seen.items():
        assert reference_five(hand) == key_of(value)
    assert_same_order(list(seen), [encode(reference_five(h)) for h in seen.values()])
    assert len(seen) > 7000


def test_rule2_the_value_numbering_orders_every_class_as_the_rules_do() -> None:
    """Every value from 0 to the top, as five cards: the reference ranks each of them from
    the rules alone (category, then the ranks in the order they count), and the keys rise
    strictly with the values."""
    keys = []
    for value in range(MAX_VALUE + 1):
        ranks = five_ranks(value)
        one_suit = category_of(value) in (Category.FLUSH, Category.STRAIGHT_FLUSH)
        cards = [r * 4 + (0 if one_suit else i % 4) for i, r in enumerate(ranks)]
        keys.append(reference_five(cards))
        assert CATEGORIES[keys[-1][0]] == category_of(value).label
    assert keys == sorted(set(keys))  # strictly rising: every value its own class
    assert len(keys) == MAX_VALUE + 1 == STANDARD_CLASS_COUNT + 13
