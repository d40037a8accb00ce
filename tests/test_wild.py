"""Wild cards, the joker and the bug (rules.md §1), against the reference evaluator.

The reference (``pokerroom.evaluator.reference``) tries every substitution of every wild
card, so it is exponential in their number: the property tests keep each hand's
substitutions to at most ~30,000 five-card evaluations.  Hands with more wild cards
(up to four deuces and the joker) are covered by the named tests, by the scalar and batch
evaluators agreeing on large random batches, and by checking the wild tables against
brute force over ranks (``test_rank_part_is_the_best_substitution``).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator_helpers import encode, key_of
from pokerroom.cards import JOKER, Card, CardError, Rank, format_cards, parse_cards
from pokerroom.evaluator import (
    MAX_VALUE,
    Category,
    HandValue,
    JokerMode,
    WildCards,
    best_hand,
    describe,
    evaluate,
    hand_value,
    made_values,
    rank7,
    rank_wild,
    rank_wild_batch,
    value_of,
)
from pokerroom.evaluator.batch import CHUNK
from pokerroom.evaluator.reference import (
    CATEGORIES,
    RuleKey,
    _substitutions,
    reference_best,
    reference_five,
)
from pokerroom.evaluator.wild import made_values_wild
from pokerroom.evaluator.wildtables import flush_part, level, rank_part

BUG = WildCards(joker=JokerMode.BUG)
JOKER_WILD = WildCards(joker=JokerMode.WILD)
DEUCES = WildCards.parse("2")
DEUCES_AND_BUG = WildCards.parse("2", joker="bug")
DEUCES_AND_JOKER = WildCards.parse("2", joker="wild")
RULES = [
    BUG,
    JOKER_WILD,
    DEUCES,
    DEUCES_AND_BUG,
    DEUCES_AND_JOKER,
    WildCards.parse("Jd 9s", joker="bug"),  # designated cards
    WildCards.parse("A"),  # aces wild
    WildCards.parse("K 7 3"),
]
FLUSHY = (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH)


def ev(cards: str, wild: WildCards) -> HandValue:
    return evaluate(parse_cards(cards), wild=wild)


def assert_played_legally(hand: HandValue, cards: Sequence[int], wild: WildCards) -> None:
    """The five cards are among the hand's, natural ones play as themselves, the bug as an
    ace or in a straight or flush, and the cards played are worth the value."""
    assert hand.played_as is not None and len(hand.cards) == 5 == len(set(hand.cards))
    assert set(hand.cards) <= {int(c) for c in cards}
    for card, played in zip(hand.cards, hand.played_as, strict=True):
        assert 0 <= played < JOKER
        if not wild.is_wild(card):
            assert played == card
        elif card == JOKER and wild.joker is JokerMode.BUG:
            assert played >> 2 == Rank.ACE or hand.category in FLUSHY
    assert reference_five(hand.played_as) == key_of(hand.value)


# --- rules.md §1: named cases --------------------------------------------------------------

def test_rule1_bug_with_a_pair_of_kings_is_an_ace_kicker() -> None:
    hand = ev("Ks Kd Jk 7c 4h", BUG)
    assert hand.name == "pair of kings, ace-seven-four kickers"
    assert format_cards(hand.played_as or ()) == "Ks Kd As 7c 4h"
    assert hand < ev("Ks Kd Kc 7c 4h", BUG)  # not a third king
    assert made_values(parse_cards("Ks Kd"), parse_cards("Jk 7c 4h"), wild=BUG) == [hand.value]


def test_rule1_bug_with_two_aces_is_three_aces() -> None:
    hand = ev("As Ad Jk 7c 4h", BUG)
    assert hand.name == "three aces, seven-four kickers"
    assert ev("Kc Kd Kh 7s Jk", BUG).name == "three kings, ace-seven kickers"  # not four kings


def test_rule1_bug_completes_a_wheel() -> None:
    hand = ev("Ac 2d 3h 5s Jk", BUG)
    assert hand.name == "straight, five high"
    assert Card.parse("Jk") in hand.cards
    played = dict(zip(hand.cards, hand.played_as or (), strict=True))[Card(JOKER)]
    assert played >> 2 == Rank.FOUR


def test_rule1_bug_completes_a_flush_with_the_best_rank_it_lacks() -> None:
    hand = ev("Ah Kh 9h 4h Jk 4c", BUG)
    assert hand.name == "flush, ace high"
    assert format_cards(hand.played_as or ()) == "Ah Kh Qh 9h 4h"  # no "double-ace flush"
    assert ev("Ah Kh 9h 4h Jk", DEUCES_AND_BUG) == hand


def test_rule1_bug_completes_a_straight_flush() -> None:
    hand = ev("9s 8s 7s 5s Jk Ad", BUG)
    assert hand.name == "straight flush, nine high"
    assert format_cards(hand.played_as or ()) == "9s 8s 7s 6s 5s"
    assert ev("Ks Qs Js Ts Jk", BUG).name == "royal flush"


def test_rule1_bug_is_no_other_card() -> None:
    # without a straight or flush to complete, the bug is an ace: never a pair of nines
    assert ev("Jk 9c 7d 5h 3s", BUG).name == "high card, ace-nine-seven-five-three"
    assert ev("Jk Ac 9d 7h 3s", BUG).name == "pair of aces, nine-seven-three kickers"


def test_rule1_four_aces_and_a_wild_card_are_five_aces() -> None:
    for wild in (DEUCES, JOKER_WILD, BUG, WildCards.parse("Td")):
        extra = "Jk" if wild.joker else ("2d" if wild == DEUCES else "Td")
        hand = ev(f"As Ad Ah Ac {extra} 7s 8s", wild)
        assert hand.name == "five of a kind, aces"
        assert hand.value == MAX_VALUE
        assert all(p >> 2 == Rank.ACE for p in hand.played_as or ())


def test_rule1_five_of_a_kind_beats_a_royal_flush() -> None:
    fives = ev("2c 2d 2h 2s 3c", DEUCES)  # four wild deuces and a three: five threes
    assert fives.name == "five of a kind, threes"
    assert fives > ev("As Ks Qs Js Ts", DEUCES)
    assert value_of(Category.FIVE_OF_A_KIND, (0,)) > value_of(Category.STRAIGHT_FLUSH, (12,))


@pytest.mark.parametrize(
    ("cards", "name", "played"),
    [
        ("2c 2d 7h 8h 9h", "straight flush, jack high", "Jh Th 9h 8h 7h"),
        ("2c Kd Kh 5s 9c", "three kings, nine-five kickers", "Kh Kd Ks 9c 5s"),
        ("2c 2d 2h 2s Kd", "five of a kind, kings", "Kd Ks Kh Kc Ks"),
        ("2c 2d 2h Ks Qs", "royal flush", "As Ks Qs Js Ts"),
        ("Ah 9h 7h 4h 2c", "flush, ace high", "Ah Kh 9h 7h 4h"),
        ("As Ks Qs Js 2c", "royal flush", "As Ks Qs Js Ts"),
        ("2c 3d 4h 5s 6c", "straight, seven high", "7s 6c 5s 4h 3d"),
        ("7c 7d 2h 2s 5c 9d Jh", "four sevens, jack kicker", "7d 7c 7s 7h Jh"),
    ],
)
def test_rule1_deuces_wild(cards: str, name: str, played: str) -> None:
    hand = ev(cards, DEUCES)
    assert hand.name == name
    assert format_cards(hand.played_as or ()) == played
    assert_played_legally(hand, parse_cards(cards), DEUCES)


def test_rule1_five_wild_cards() -> None:
    for wild in (DEUCES_AND_BUG, DEUCES_AND_JOKER):
        for cards in ("2c 2d 2h 2s Jk", "2c 2d 2h 2s Jk 7c 8d", "Jk 2c 2d 2h 2s Kd Kh"):
            hand = ev(cards, wild)
            assert hand.name == "five of a kind, aces"
            assert_played_legally(hand, parse_cards(cards), wild)
    assert rank_wild_batch([parse_cards("2c 2d 2h 2s Jk 7c 8d")], DEUCES_AND_BUG).tolist() == [
        MAX_VALUE
    ]


def test_rule1_a_fully_wild_joker_is_any_card() -> None:
    assert ev("Kc Kd Kh 7s Jk", JOKER_WILD).name == "four kings, seven kicker"
    assert ev("Jk 9c 7d 5h 3s", JOKER_WILD).name == "pair of nines, seven-five-three kickers"


def test_wild_cards_count_only_under_a_rule() -> None:
    natural = evaluate(parse_cards("2c 2d 7h 8h 9h"))
    assert natural.name == "pair of deuces, nine-eight-seven kickers"
    no_mode = r"^the joker is not in play in this game \(the rule has no joker mode\)$"
    with pytest.raises(CardError, match=no_mode):  # no wild card in the hand: the same
        ev("As Ks Qs Js Jk", DEUCES)
    with pytest.raises(CardError, match=no_mode):
        ev("As Ks Qs 2s Jk", DEUCES)
    with pytest.raises(CardError, match=no_mode):
        rank_wild(parse_cards("As Ks Qs Js Jk"), DEUCES)
    with pytest.raises(CardError, match=no_mode):
        rank_wild_batch([parse_cards("As Ks Qs Js Jk")], DEUCES)
    with pytest.raises(CardError, match=no_mode):
        hand_value(parse_cards("As Ks"), parse_cards("Qs Js Jk"), wild=DEUCES)
    # a rule with nothing wild is the natural evaluator
    nothing = WildCards()
    assert rank_wild_batch([parse_cards("As Ks Qs Js Ts")], nothing).tolist() == [7461]


def test_wild_hold_em_helpers_respect_min_hole_cards() -> None:
    hole, board = parse_cards("Jk Kd"), parse_cards("As Ks Qs Js 3c")
    assert best_hand(hole, board, wild=BUG).name == "royal flush"
    assert hand_value(hole, board, wild=BUG) == value_of(Category.STRAIGHT_FLUSH, (12,))
    omaha = best_hand(hole, board, wild=BUG, min_hole_cards=2)
    assert omaha.name == "straight, ace high"
    assert hand_value(hole, board, wild=BUG, min_hole_cards=2) == omaha.value
    assert made_values(hole, board, wild=BUG, min_hole_cards=2)[0] == omaha.value


def test_made_values_with_a_fully_wild_card_includes_lower_hands() -> None:
    values = made_values(parse_cards("Ks Kd"), parse_cards("Jk 7c 4h"), wild=JOKER_WILD)
    assert describe(values[0]) == "three kings, seven-four kickers"
    assert value_of(Category.PAIR, (11, 12, 5, 2)) in values  # joker as an ace
    assert value_of(Category.PAIR, (11, 5, 2, 1)) in values  # joker as a three
    assert value_of(Category.TWO_PAIR, (11, 5, 2)) in values  # joker as a seven
    assert values == sorted(set(values), reverse=True)


# --- WildCards --------------------------------------------------------------------------

def test_wild_cards_parse_and_describe_themselves() -> None:
    w = WildCards.parse("2, 10 Jd", joker="bug")
    assert w.ranks == {Rank.TWO, Rank.TEN} and w.cards == {Card.parse("Jd")}
    assert w.joker is JokerMode.BUG
    assert w.is_wild(Card.parse("2h")) and w.is_wild(Card.parse("Jd")) and w.is_wild(JOKER)
    assert not w.is_wild(Card.parse("Jh"))
    assert w.split(parse_cards("2h Jd Jk As")) == ([Card.parse("As")], 2, True)
    # every card of a wild rank, the wild cards, and the joker played as a wild card count;
    # no bug is False, not just falsy
    tens = WildCards.parse("T Jd", joker="wild")
    natural, wilds, bug = tens.split(parse_cards("Th Jd Jk As 4c Ts"))
    assert (natural, wilds, bug) == (parse_cards("As 4c"), 4, False) and bug is False
    with pytest.raises(CardError, match=r"^the joker is not in play in this game$"):
        WildCards.parse("2").split([JOKER])
    assert repr(w) == "WildCards.parse('2 T Jd', joker='bug')"
    assert repr(WildCards()) == "WildCards()"
    for rule in RULES:
        assert eval(repr(rule), {"WildCards": WildCards}) == rule
    assert not WildCards().any and WildCards(joker=JokerMode.WILD).any


def test_wild_cards_refuse_bad_input() -> None:
    with pytest.raises(CardError, match="not a joker mode: 'wlid'"):
        WildCards.parse("2", joker="wlid")
    with pytest.raises(CardError, match="not a rank: 'X'"):
        WildCards.parse("X")
    with pytest.raises(CardError,
                       match=r"^the joker is made wild with joker=JokerMode\.WILD, not cards=$"):
        WildCards(cards=frozenset({Card(JOKER)}))


# --- property tests against the reference -------------------------------------------------

def reference_cost(cards: Sequence[int], wild: WildCards) -> int:
    """How many five-card evaluations the reference needs for these cards."""
    total = 0
    for five in combinations(cards, 5):
        bug = JOKER in five and wild.joker is JokerMode.BUG
        free = sum(1 for c in five if wild.is_wild(c)) - bug
        total += 52**free * (56 if bug else 1)
    return total


@st.composite
def wild_hands(draw: st.DrawFn, max_cost: int = 30_000) -> tuple[WildCards, list[int]]:
    """A rule and 5-7 cards with as many wild cards as the reference can afford."""
    wild = draw(st.sampled_from(RULES))
    deck = list(range(JOKER + 1 if wild.joker else JOKER))
    order = draw(st.permutations(deck))
    size = draw(st.integers(5, 7))
    k = draw(st.integers(0, 3))
    wilds = [c for c in order if wild.is_wild(c)]
    naturals = [c for c in order if not wild.is_wild(c)]
    while True:
        k = min(k, len(wilds))
        cards = [*wilds[:k], *naturals[: size - k]]
        if k == 0 or reference_cost(cards, wild) <= max_cost:
            break
        k -= 1
    return wild, draw(st.permutations(cards))


@settings(max_examples=150, deadline=None)
@given(wild_hands())
def test_property_wild_hands_agree_with_the_reference(case: tuple[WildCards, list[int]]) -> None:
    wild, cards = case
    expected = reference_best(cards, wild=wild)
    assert key_of(rank_wild(cards, wild)) == expected
    assert [key_of(v) for v in rank_wild_batch(np.array([cards]), wild).tolist()] == [expected]
    hand = evaluate(cards, wild=wild)
    assert key_of(hand.value) == expected
    if any(wild.is_wild(c) for c in cards):
        assert_played_legally(hand, cards, wild)


@settings(max_examples=100, deadline=None)
@given(wild_hands(max_cost=20_000), st.integers(0, 2))
def test_property_hole_and_board_with_wild_cards(
    case: tuple[WildCards, list[int]], min_hole_cards: int
) -> None:
    wild, cards = case
    hole, board = cards[:2], cards[2:]
    expected = reference_best(cards, wild=wild, hole=hole, min_hole_cards=min_hole_cards)
    hand = best_hand(hole, board, min_hole_cards=min_hole_cards, wild=wild)
    assert key_of(hand.value) == expected
    assert key_of(hand_value(hole, board, min_hole_cards=min_hole_cards, wild=wild)) == expected
    assert sum(1 for c in hand.cards if c in hole) >= min_hole_cards
    # every value announceable: the reference's substitutions of every allowed five
    announced = set()
    for five in combinations(cards, 5):
        if sum(1 for c in five if c in hole) >= min_hole_cards:
            announced.update(_substitutions(five, wild))
    made = made_values(hole, board, min_hole_cards=min_hole_cards, wild=wild)
    assert [key_of(v) for v in made] == sorted(announced, reverse=True)  # best first


@settings(max_examples=150, deadline=None)
@given(wild_hands(max_cost=60_000).filter(lambda case: len(case[1]) == 5))
def test_property_made_values_of_five_cards(case: tuple[WildCards, list[int]]) -> None:
    wild, five = case
    assert {key_of(v) for v in made_values_wild(five, wild)} == set(_substitutions(five, wild))


@pytest.mark.parametrize(
    ("cards", "wild"),
    [
        ("2h 3h 5h 7h Jk", BUG),  # the bug joins four of a suit: flushes that keep the deuce
        ("Kh 9h 5h 2c Jk", DEUCES_AND_BUG),  # a wild card and the bug join three of a suit
        ("7c 7d 4h 2s Jk", DEUCES_AND_BUG),  # the bug as an ace, never as a seven
    ],
)
def test_made_values_of_named_five_cards(cards: str, wild: WildCards) -> None:
    five = parse_cards(cards)
    assert {key_of(v) for v in made_values_wild(five, wild)} == set(_substitutions(five, wild))


def test_rule1_bug_plays_as_an_ace_beside_a_wild_card() -> None:
    # the deuce makes three sevens; the bug is the ace kicker, not a fourth seven
    hand = ev("7c 7d 4h 2s Jk", DEUCES_AND_BUG)
    assert hand.name == "three sevens, ace-four kickers"
    assert_played_legally(hand, parse_cards("7c 7d 4h 2s Jk"), DEUCES_AND_BUG)
    played = dict(zip(hand.cards, hand.played_as or (), strict=True))
    assert played[Card(JOKER)] >> 2 == Rank.ACE and played[Card.parse("2s")] >> 2 == Rank.SEVEN


def test_made_values_wild_takes_five_cards() -> None:
    with pytest.raises(CardError, match=r"^made_values_wild takes five cards, not 4$"):
        made_values_wild(parse_cards("As Ks Qs Js"), BUG)


# --- batch ------------------------------------------------------------------------------

@pytest.mark.parametrize("wild", [*RULES, WildCards.parse("2 3 4", joker="wild")],
                         ids=repr)
@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_equals_scalar_with_any_number_of_wild_cards(wild: WildCards, size: int) -> None:
    rng = random.Random(size)
    deck = range(JOKER + 1 if wild.joker else JOKER)
    wilds = [c for c in deck if wild.is_wild(c)]
    naturals = [c for c in deck if not wild.is_wild(c)]
    hands = []
    for _ in range(20_000):  # as many hands with each number of wild cards
        k = rng.randint(0, min(size, len(wilds)))
        hands.append(rng.sample(wilds, k) + rng.sample(naturals, size - k))
        rng.shuffle(hands[-1])
    batch = rank_wild_batch(np.array(hands, dtype=np.uint8), wild)
    assert batch.tolist() == [rank_wild(h, wild) for h in hands]


def test_batch_of_hands_without_wild_cards_is_the_natural_evaluator() -> None:
    hands = np.array([parse_cards("As Ks Qs Js Ts 3c 4d"), parse_cards("Ac Kd 9h 7s 5c 3d 4h")])
    assert rank_wild_batch(hands, DEUCES_AND_BUG).tolist() == [rank7(h) for h in hands.tolist()]
    assert rank_wild_batch(hands, None).tolist() == [rank7(h) for h in hands.tolist()]


def test_wild_batch_input_is_validated() -> None:
    with pytest.raises(CardError, match=r"got shape \(1, 4\)"):
        rank_wild_batch(np.zeros((1, 4), dtype=np.uint8), BUG)
    with pytest.raises(CardError, match="not a card code: 53"):
        rank_wild_batch(np.full((1, 5), 53), BUG)
    with pytest.raises(CardError, match="duplicate cards in row 0"):
        rank_wild_batch([[52, 52, 1, 2, 3]], BUG, check=True)
    with pytest.raises(
        CardError, match=r"^the joker is not in play in this game \(no wild-card rule given\)$"
    ):
        rank_wild_batch([[52, 0, 1, 2, 3]], None)
    with pytest.raises(
        CardError, match=r"^the joker is not in play in this game \(the rule has no joker mode\)$"
    ):
        rank_wild_batch([[52, 0, 1, 2, 3]], DEUCES)
    assert rank_wild_batch(np.zeros((0, 6), dtype=np.uint8), BUG).shape == (0,)
    # repeated cards are looked for only when asked (the fast path does not)
    assert rank_wild_batch([[52, 52, 1, 2, 3]], BUG).shape == (1,)


def test_wild_batch_past_a_chunk_without_wild_cards() -> None:
    """The batch works in chunks of CHUNK hands: a chunk without a wild card is natural,
    and the chunks after it are still valued with their wild cards."""
    rng = random.Random(30)
    naturals = [c for c in range(JOKER) if not DEUCES.is_wild(c)]
    plain = [rng.sample(naturals, 7) for _ in range(CHUNK)]
    wild = [[*rng.sample(naturals, 5), *rng.sample([0, 1, 2, 3], 2)] for _ in range(50)]
    values = rank_wild_batch(np.array(plain + wild, dtype=np.uint8), DEUCES)
    assert values[CHUNK:].tolist() == [rank_wild(h, DEUCES) for h in wild]
    assert values[:100].tolist() == [rank_wild(h, DEUCES) for h in plain[:100]]


# --- the wild tables against brute force over ranks ----------------------------------------

STRAIGHT = CATEGORIES.index("straight")


@functools.cache
def rank_only(ranks: tuple[int, ...]) -> RuleKey:
    """Reference key of five ranks played in at least two suits (no flush)."""
    return reference_five([r * 4 + i % 4 for i, r in enumerate(ranks)])


def brute_rank_part(naturals: tuple[int, ...], w: int, b: int) -> RuleKey:
    """Best non-flush key: every multiset of ranks for the wild cards, the bug as an ace
    or as any rank in a straight, the best five of the cards."""
    best: RuleKey = (-1,)
    for subs in combinations_with_replacement(range(13), w):
        cards = [*naturals, *subs]
        if not b:
            options = [(cards, False)]
        else:
            options = [([*cards, 12], False)] + [([*cards, r], True) for r in range(13)]
        for ranks, bug_any in options:
            for five in combinations(range(len(ranks)), 5):
                if bug_any and len(ranks) - 1 not in five:
                    continue  # the bug as a non-ace must be in the straight
                key = rank_only(tuple(sorted((ranks[i] for i in five), reverse=True)))
                if not bug_any or key[0] == STRAIGHT:
                    best = max(best, key)
    return best


def test_rank_part_is_the_best_substitution() -> None:
    rng = random.Random(1)
    for n in (5, 6, 7):
        for b in (0, 1):
            for w in range(n - b + 1):
                m = n - w - b
                if w + b == 0:
                    continue
                counts, _ = level(m)
                table = rank_part(m, w, b)
                if w + b >= 5:  # five wild cards: always five aces
                    assert (table == MAX_VALUE).all()
                    continue
                cost = comb(12 + w, w) * comb(n, 5) * (14 if b else 1)
                picks = rng.sample(range(len(counts)), min(len(counts), max(2, 30_000 // cost)))
                for i in picks:
                    naturals = tuple(r for r in range(13) for _ in range(int(counts[i, r])))
                    assert key_of(int(table[i])) == brute_rank_part(naturals, w, b), (
                        naturals, w, b)


def test_flush_part_is_the_best_flush_of_every_suit_mask() -> None:
    # every five ranks of one suit, and what they are worth to the reference (its keys as
    # ints that order alike; 0 where no flush can be made)
    fives = list(combinations(range(13), 5))
    subset = np.array([sum(1 << r for r in f) for f in fives])
    worth = np.array([encode(reference_five([r * 4 for r in f])) for f in fives])
    masks = np.arange(1 << 13)
    bit_counts = np.array([x.bit_count() for x in range(1 << 13)])
    missing = bit_counts[subset[None, :] & ~masks[:, None] & 0x1FFF]  # wild cards needed
    for j in range(8):
        best = np.where(missing <= j, worth[None, :], 0).max(axis=1)
        table = [encode(key_of(v)) if v else 0 for v in flush_part(j).tolist()]
        assert table == best.tolist(), j
