"""Cards, notation, the deck (rules.md §1, §4)."""

from __future__ import annotations

import math
import pickle
import random

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.cards import (
    JOKER,
    Card,
    CardError,
    Deck,
    DeckError,
    Rank,
    Suit,
    format_cards,
    full_deck,
    parse_cards,
)
from pokerroom.engine.plan import draw


def test_every_card_round_trips_through_its_notation() -> None:
    for card in full_deck(joker=True):
        assert Card.parse(str(card)) == card
        assert eval(repr(card)) == card  # repr is a constructor expression


def test_notation_is_case_insensitive_and_accepts_10() -> None:
    assert parse_cards("as TD 10h 2C jk") == [
        Card.of(Rank.ACE, Suit.SPADES),
        Card.of(Rank.TEN, Suit.DIAMONDS),
        Card.of(Rank.TEN, Suit.HEARTS),
        Card.of(Rank.TWO, Suit.CLUBS),
        Card(JOKER),
    ]
    assert format_cards(parse_cards("AsKd,Qh")) == "As Kd Qh"


def test_suit_symbols_are_read_and_the_letters_written() -> None:
    """``A♠`` is a common way to write a card: black and white symbols, the emoji form
    phones send (with U+FE0F), ``10`` and the joker's own symbol; output stays canonical."""
    for card in full_deck():
        for symbols in ("♣♦♥♠", "♧♢♡♤"):
            text = f"{card.rank.char}{symbols[card.suit]}"
            assert Card.parse(text) == card
            assert parse_cards(f"{text}\ufe0f") == [card]
        assert Card.parse(card.pretty) == card  # what pretty writes, parse reads
    assert Card.parse("🃏") == Card(JOKER) == Card.parse(Card(JOKER).pretty)
    assert format_cards(parse_cards("A♠K♠ 10♥,q♢ 🃏")) == "As Ks Th Qd Jk"
    assert Suit.parse("♥") is Suit.HEARTS
    with pytest.raises(CardError, match=r"not a card: '♠' in 'A♠♠' \(a card is a rank 2-9, T "):
        parse_cards("A♠♠")


def test_card_codes_are_rank_times_four_plus_suit() -> None:
    assert int(Card.parse("2c")) == 0
    assert int(Card.parse("As")) == 51
    assert Card.parse("Td").rank == Rank.TEN and Card.parse("Td").suit == Suit.DIAMONDS


@pytest.mark.parametrize(
    ("text", "quoted"),
    [("Xz", "'Xz'"), ("As Qx", "'Qx'"), ("As As", "'As'"), ("", "''"), ("1s", "'1s'")],
)
def test_bad_card_text_raises_an_error_quoting_it(text: str, quoted: str) -> None:
    with pytest.raises(CardError) as err:
        parse_cards(text)
    assert quoted in str(err.value)


def test_the_joker_has_no_rank_or_suit() -> None:
    with pytest.raises(CardError):
        _ = Card(JOKER).rank
    assert str(Card(JOKER)) == "Jk"
    with pytest.raises(CardError):
        Card(53)


def test_cards_pickle() -> None:
    assert pickle.loads(pickle.dumps(Card.parse("Qh"))) == Card.parse("Qh")


@given(st.lists(st.integers(0, 52), unique=True, min_size=1, max_size=20))
def test_parse_and_format_round_trip(codes: list[int]) -> None:
    assert [int(c) for c in parse_cards(format_cards(codes))] == codes


def test_a_seeded_deck_is_reproducible_and_complete() -> None:
    a = Deck(rng=random.Random(42)).deal(52)
    b = Deck(rng=random.Random(42)).deal(52)
    assert a == b
    assert sorted(a) == full_deck()
    assert len(Deck(joker=True)) == 53


def test_burned_cards_leave_the_deck_and_are_recorded() -> None:
    deck = Deck.stacked(parse_cards("As Kd Qh Jc"))
    burned = deck.burn()
    assert burned == Card.parse("As") and deck.burned == [burned]
    assert deck.deal(3) == parse_cards("Kd Qh Jc")
    with pytest.raises(DeckError, match="0 left"):
        deck.deal_one()


def test_a_stacked_deck_refuses_duplicates() -> None:
    with pytest.raises(DeckError, match="twice"):
        Deck.stacked(["As", "As"])


def position_counts_z(perms: npt.NDArray[np.int64]) -> float:
    """How far N random orders of n cards are from uniform, in standard deviations: the
    chi-square of the n x n table of (position, card) counts, (n - 1)^2 degrees of freedom
    (every row and column of the table sums to N), as a z-score."""
    count, n = perms.shape
    table = np.zeros((n, n), dtype=np.int64)
    np.add.at(table, (np.tile(np.arange(n), count), perms.ravel()), 1)
    expected = count / n
    chi2 = float(((table - expected) ** 2 / expected).sum())
    dof = (n - 1) ** 2
    return (chi2 - dof) / math.sqrt(2 * dof)


def first_two_z(perms: npt.NDArray[np.int64], n: int = 52) -> float:
    """The same for the ordered pairs of the first two of n cards (n(n-1) equally likely
    pairs under a uniform shuffle): catches cards that are dealt together too often."""
    count = len(perms)
    pairs = np.bincount(perms[:, 0] * n + perms[:, 1], minlength=n * n)
    pairs = pairs[np.arange(n * n) % (n + 1) != 0]  # a card cannot follow itself
    expected = count / len(pairs)
    chi2 = float(((pairs - expected) ** 2 / expected).sum())
    dof = len(pairs) - 1
    return (chi2 - dof) / math.sqrt(2 * dof)


def naive_swap_shuffle(rng: random.Random, n: int) -> list[int]:
    """A classic biased shuffle (swap each place with any place): the test must see it."""
    order = list(range(n))
    for i in range(n):
        j = rng.randrange(n)
        order[i], order[j] = order[j], order[i]
    return order


SHUFFLES = 20_000
UNIFORM_Z = 5.0  # a uniform shuffle exceeds this about once in three million runs


def test_rule4_the_shuffle_is_uniform() -> None:
    """rules.md §4: a uniformly random permutation. 20,000 seeded shuffles: every card as
    often in every position, and every ordered pair of first cards as often, within five
    standard deviations; the same statistic finds a naively biased shuffle at once."""
    rng = random.Random(1)
    decks = np.array([[int(c) for c in Deck(rng=rng).deal(52)] for _ in range(SHUFFLES)])
    assert position_counts_z(decks) < UNIFORM_Z
    assert first_two_z(decks) < UNIFORM_Z
    biased = np.array([naive_swap_shuffle(rng, 52) for _ in range(SHUFFLES)])
    assert position_counts_z(biased) > 20 * UNIFORM_Z


def test_rule4_the_engines_deal_is_uniform() -> None:
    """The engine deals with its own partial Fisher-Yates (:func:`draw`): the full order
    and a partial deal of 23 cards (a hand of nine players with burns) are uniform."""
    rng = random.Random(2)
    full = np.array([draw(rng, 52, 52) for _ in range(SHUFFLES)])
    assert position_counts_z(full) < UNIFORM_Z
    assert first_two_z(full) < UNIFORM_Z
    part = np.array([draw(rng, 52, 23) for _ in range(2 * SHUFFLES)])
    assert first_two_z(part) < UNIFORM_Z
    # each of the 52 cards equally likely in each of the 23 places
    table = np.zeros((23, 52), dtype=np.int64)
    np.add.at(table, (np.tile(np.arange(23), len(part)), part.ravel()), 1)
    expected = len(part) / 52
    chi2 = float(((table - expected) ** 2 / expected).sum())
    dof = 23 * 51
    assert (chi2 - dof) / math.sqrt(2 * dof) < UNIFORM_Z
