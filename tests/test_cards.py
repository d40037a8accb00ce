"""Cards, notation, the deck (rules.md §1, §4)."""

from __future__ import annotations

import pickle
import random

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


def test_the_shuffle_is_uniform_enough() -> None:
    # chi-square-free sanity: each card appears on top about 1/52 of the time
    rng = random.Random(1)
    tops = [Deck(rng=rng).deal_one() for _ in range(52_000)]
    counts = [tops.count(c) for c in full_deck()]
    assert min(counts) > 800 and max(counts) < 1200
