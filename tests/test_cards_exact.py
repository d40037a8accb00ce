"""Exact answers for the cards, the notation, the deck (rules.md §1, §4) and the 169
starting-hand classes (§2): every refusal's whole text, every boundary, and orders
written out by hand."""

from __future__ import annotations

import pickle
import random

import pytest

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
    parse_card,
    parse_cards,
)
from pokerroom.starting import ALL_CLASSES, HandClass, HandClassError, grid

HELP = (
    "a card is a rank 2-9, T or 10, J, Q, K, A and a suit c, d, h, s or \u2663, \u2666, "
    "\u2665, \u2660, like 'As', 'Td' or 'A\u2660'; the joker is 'Jk'"
)


def refusal(error: type[Exception], call: object, *args: object, **kwargs: object) -> str:
    """The whole text of the error ``call(*args, **kwargs)`` raises."""
    assert callable(call)
    with pytest.raises(error) as caught:
        call(*args, **kwargs)
    return str(caught.value)


# rules.md §1: ranks A K Q J T 9 8 7 6 5 4 3 2, "10" accepted for T on input ----------------


def test_rule1_ranks_read_10_for_t_in_any_case_and_refuse_the_rest_by_name() -> None:
    assert Rank.parse("10") is Rank.TEN
    assert Rank.parse(" 10 ") is Rank.TEN
    assert Rank.parse("t") is Rank.TEN and Rank.parse("T") is Rank.TEN
    assert Rank.parse("a") is Rank.ACE and Rank.parse("2") is Rank.TWO
    assert [Rank.parse(c) for c in "23456789tjqka"] == list(Rank)
    ranks = "(ranks are 2 3 4 5 6 7 8 9 T J Q K A)"
    assert refusal(CardError, Rank.parse, "1") == f"not a rank: '1' {ranks}"
    assert refusal(CardError, Rank.parse, "") == f"not a rank: '' {ranks}"
    assert refusal(CardError, Rank.parse, "AK") == f"not a rank: 'AK' {ranks}"
    assert refusal(CardError, Rank.parse, "100") == f"not a rank: '100' {ranks}"


def test_rule1_suits_read_letters_in_any_case_and_both_symbols_and_refuse_the_rest() -> None:
    assert [Suit.parse(c) for c in "cdhs"] == list(Suit)
    assert [Suit.parse(c) for c in "CDHS"] == list(Suit)
    assert [Suit.parse(c) for c in "♣♦♥♠"] == list(Suit)
    assert [Suit.parse(c) for c in "♧♢♡♤"] == list(Suit)
    assert Suit.parse("♥\ufe0f") is Suit.HEARTS  # the emoji form phones send
    assert Suit.parse(" s ") is Suit.SPADES
    suits = "(suits are c d h s, or the symbols)"
    assert refusal(CardError, Suit.parse, "x") == f"not a suit: 'x' {suits}"
    assert refusal(CardError, Suit.parse, "") == f"not a suit: '' {suits}"
    assert refusal(CardError, Suit.parse, "hs") == f"not a suit: 'hs' {suits}"
    assert refusal(CardError, Suit.parse, "♥♥") == f"not a suit: '♥♥' {suits}"


def test_rule1_a_card_is_rank_times_four_plus_suit_at_every_corner() -> None:
    assert Card.of(0, 0) == 0 and str(Card.of(0, 0)) == "2c"
    assert Card.of(12, 3) == 51 and str(Card.of(12, 3)) == "As"
    assert Card.of(Rank.KING, Suit.DIAMONDS) == 45
    assert [Card.of(r, s) for r in range(13) for s in range(4)] == full_deck()
    for rank, suit in ((13, 0), (-1, 0), (0, 4), (0, -1)):
        assert refusal(CardError, Card.of, rank, suit) == (
            f"no card of rank {rank} and suit {suit}"
        )
    made = Card._make(7)
    assert type(made) is Card and int(made) == 7 and str(made) == "3s"
    assert refusal(CardError, Card, 53) == "not a card code: 53 (codes are 0-51, 52 for the joker)"


def test_rule1_card_text_is_read_in_any_case_with_10_and_refused_in_full() -> None:
    assert Card.parse("10s") == Card.parse("Ts") == Card.parse("tS") == 35
    assert Card.parse("10♠") == 35 and Card.parse("10♠\ufe0f") == 35
    assert Card.parse("A♠\ufe0f") == 51 and Card.parse(" jK ") == JOKER
    assert Card.parse("🃏") == JOKER and parse_card("2c") == 0
    assert refusal(CardError, Card.parse, "Xz") == f"not a card: 'Xz' ({HELP})"
    assert refusal(CardError, parse_card, "1s") == f"not a card: '1s' ({HELP})"
    assert refusal(CardError, Card.parse, "s") == f"not a card: 's' ({HELP})"


def test_rule1_cards_print_in_the_canonical_notation_and_pickle() -> None:
    card = Card.parse("as")
    assert (str(card), repr(card), f"{card:>4}", f"{card:<3}|") == (
        "As",
        "Card.parse('As')",
        "  As",
        "As |",
    )
    assert repr(Card(JOKER)) == "Card.parse('Jk')"
    assert pickle.loads(pickle.dumps(Card(JOKER))) == JOKER
    assert card.__reduce__() == (Card, (51,))
    assert format_cards([0, 51, 52]) == "2c As Jk"
    assert format_cards([0, 51], sep=",") == "2c,As"
    assert format_cards([]) == ""


def test_rule1_card_lists_are_read_with_any_separator_and_refused_in_full() -> None:
    assert format_cards(parse_cards("[As](Kd);Qh, Jc\t10d")) == "As Kd Qh Jc Td"
    assert parse_cards("As") == [51]
    assert parse_cards("  As") == [51]
    assert parse_cards("", allow_empty=True) == []
    assert parse_cards(" , ", allow_empty=True) == []
    assert refusal(CardError, parse_cards, "") == "no cards in ''"
    assert refusal(CardError, parse_cards, " ;") == "no cards in ' ;'"
    for text, bad in (("As Qx Kd", "Qx"), ("As Qx,Kd", "Qx"), ("As Qx;Kd", "Qx"),
                      ("As Qxy", "Qxy"), ("Qxy Kd", "Qxy"), ("Xs", "Xs"), ("Qx]", "Qx]"),
                      ("As 1", "1")):  # fmt: skip
        assert refusal(CardError, parse_cards, text) == (
            f"not a card: '{bad}' in '{text}' ({HELP})"
        )
    assert refusal(CardError, parse_cards, "Kd As Qh As") == (
        "duplicate card 'As' in 'Kd As Qh As'"
    )
    assert refusal(CardError, parse_cards, "Jk jk") == "duplicate card 'Jk' in 'Jk jk'"


def test_rule1_the_full_deck_is_52_cards_or_53_with_the_joker_in_code_order() -> None:
    assert full_deck() == list(range(52))
    assert full_deck(joker=True) == list(range(53))
    assert full_deck(joker=False) == list(range(52))
    assert all(type(c) is Card for c in full_deck(joker=True))


# rules.md §4: the shuffle, the deal and the burns ---------------------------------------------


def test_rule4_a_seeded_deck_deals_the_seeded_shuffle_of_the_code_order() -> None:
    expected = list(range(52))
    random.Random(7).shuffle(expected)
    deck = Deck(rng=random.Random(7))
    assert deck.joker is False and len(deck) == 52 and deck.remaining == 52
    assert list(deck) == expected
    assert deck.deal(52) == expected
    assert len(Deck(joker=True, shuffle=False)) == 53
    assert Deck(joker=True, shuffle=False).joker is True
    assert Deck(shuffle=False).deal(52) == list(range(52))
    assert Deck().remaining == 52


def test_rule4_an_unseeded_deck_is_shuffled_by_the_system() -> None:
    """Without a seed the system's source shuffles: two decks nearly never agree (the
    chance of the same first ten cards is about 1e-17)."""
    firsts = {tuple(Deck().deal(10)) for _ in range(3)}
    assert len(firsts) == 3
    assert sorted(Deck(joker=True).deal(53)) == list(range(53))


def test_rule4_the_deal_takes_from_the_top_and_counts_what_is_left() -> None:
    deck = Deck(shuffle=False)
    assert deck.deal() == [0]
    assert deck.deal(0) == []
    assert deck.deal(2) == [1, 2]
    assert deck.deal_one() == 3
    assert deck.remaining == 48 and len(deck) == 48
    assert list(deck) == list(range(4, 52))
    assert deck.deal(1) == [4] and deck.remaining == 47
    assert refusal(DeckError, deck.deal, -1) == "cannot deal -1 cards"
    assert refusal(DeckError, deck.deal, 48) == "cannot deal 48 cards: 47 left in the deck"
    assert deck.deal(47) == list(range(5, 52)) and deck.remaining == 0
    assert refusal(DeckError, deck.deal_one) == "cannot deal 1 cards: 0 left in the deck"


def test_rule4_burned_cards_are_kept_apart_and_never_dealt() -> None:
    deck = Deck.stacked(["As", "Kd", "Qh", "Jc", "Td"])
    assert deck.burn() == 51
    assert deck.deal(2) == [45, 42]
    assert deck.burn() == 36
    burned = deck.burned
    assert burned == [51, 36] and deck.remaining == 1
    burned.append(Card(0))  # a copy: the deck's own list is not handed out
    assert deck.burned == [51, 36]


def test_a_stacked_deck_deals_its_cards_in_order_and_refuses_in_full() -> None:
    deck = Deck.stacked([51, Card(45), "Qh"])
    assert deck.joker is False and deck.deal(3) == [51, 45, 42]
    with_joker = Deck.stacked(["Jk", "As"])
    assert with_joker.joker is True and with_joker.deal(2) == [52, 51]
    assert Deck.stacked(["As"], joker=True).joker is True
    assert Deck.stacked(["As"], joker=False).joker is False
    assert refusal(DeckError, Deck.stacked, ["Kd", "As", "As"]) == ("a stacked deck holds As twice")
    assert refusal(DeckError, Deck.stacked, ["Kd", "As", "Kd", "As"]) == (
        "a stacked deck holds Kd twice"
    )
    assert refusal(DeckError, Deck.stacked, ["Jk"], joker=False) == (
        "a stacked deck without the joker cannot hold Jk"
    )


# rules.md §2 (002): the 169 starting hands and their notation ---------------------------------


def test_rule2_starting_hand_classes_refuse_impossible_ones_in_full() -> None:
    ace, king = Rank.ACE, Rank.KING
    assert refusal(HandClassError, HandClass, king, ace, False) == "high rank K below low rank A"
    assert refusal(HandClassError, HandClass, ace, ace, True) == "a pair cannot be suited: AAs"
    assert HandClass(ace, ace, False).is_pair and not HandClass(ace, king, True).is_pair
    assert refusal(HandClassError, HandClass.of, 51, 51) == "the same card twice: As"
    like = "(like 'AA', 'AKs', 'Q9o')"
    for text in ("A", "AKso", "ZZ", "AZ", "AKx", "AAs", "AAo", ""):
        assert refusal(HandClassError, HandClass.parse, text) == (
            f"not a starting-hand class: {text!r} {like}"
        )
    assert (
        refusal(HandClassError, HandClass.parse, "KA")
        == "'KA' needs 's' (suited) or 'o' (offsuit): AKs or AKo"
    )


def test_rule2_the_class_of_two_cards_puts_the_high_rank_first() -> None:
    def of(text: str) -> HandClass:
        return HandClass.of(*parse_cards(text))

    assert of("9h Qc") == HandClass(Rank.QUEEN, Rank.NINE, False)
    assert of("Qc 9h") == HandClass(Rank.QUEEN, Rank.NINE, False)
    assert of("2s As") == HandClass(Rank.ACE, Rank.TWO, True)
    assert of("As 2s") == HandClass(Rank.ACE, Rank.TWO, True)
    assert of("7d 7c") == HandClass(Rank.SEVEN, Rank.SEVEN, False)
    assert of("7c 7d") == HandClass(Rank.SEVEN, Rank.SEVEN, False)
    assert HandClass.of(Card(0), 1).suited is False


def test_rule2_class_text_reads_either_order_and_case_and_writes_high_first() -> None:
    assert HandClass.parse("AA") == HandClass(Rank.ACE, Rank.ACE, False)
    assert HandClass.parse(" 22 ") == HandClass(Rank.TWO, Rank.TWO, False)
    assert str(HandClass.parse("kAs")) == "AKs"
    assert HandClass.parse("2aO") == HandClass(Rank.ACE, Rank.TWO, False)
    assert HandClass.parse("A2S") == HandClass(Rank.ACE, Rank.TWO, True)
    assert HandClass.parse("t9s") == HandClass(Rank.TEN, Rank.NINE, True)
    assert (
        str(HandClass.parse("tt")),
        str(HandClass.parse("T9o")),
        str(HandClass.parse("T9s")),
    ) == (
        "TT",
        "T9o",
        "T9s",
    )
    assert repr(HandClass.parse("q9o")) == "HandClass.parse('Q9o')"


def test_rule2_every_classs_combinations_are_listed_high_card_first_spades_down() -> None:
    def texts(name: str) -> list[str]:
        return [format_cards(pair) for pair in HandClass.parse(name).combos()]

    assert texts("AA") == ["As Ah", "As Ad", "As Ac", "Ah Ad", "Ah Ac", "Ad Ac"]
    assert texts("AKs") == ["As Ks", "Ah Kh", "Ad Kd", "Ac Kc"]
    assert texts("32o") == [
        "3s 2h", "3s 2d", "3s 2c", "3h 2s", "3h 2d", "3h 2c",
        "3d 2s", "3d 2h", "3d 2c", "3c 2s", "3c 2h", "3c 2d",
    ]  # fmt: skip
    assert all(type(c) is Card for pair in HandClass.parse("22").combos() for c in pair)


def test_rule2_a_class_holds_exactly_its_two_card_hands() -> None:
    aks = HandClass.parse("AKs")
    assert "As Ks" in aks and "Ks As" in aks and (51, 47) in aks and [Card(47), 51] in aks
    assert "As Kh" not in aks and "As" not in aks and "As Ks Qs" not in aks
    assert (51,) not in aks and (51, 47, 43) not in aks and 51 not in aks and None not in aks
    assert "Ah Kh" in aks and "Kd Ad" in aks
    assert (47, 43) not in aks  # KQs, not AKs
    assert "Qh 9c" in HandClass.parse("Q9o") and "Qh 9h" not in HandClass.parse("Q9o")


def test_rule2_the_chart_is_aces_first_pairs_on_the_diagonal_suited_above() -> None:
    chart = grid()
    order = "AKQJT98765432"
    expected = [
        [
            (a + a) if i == j else (order[min(i, j)] + order[max(i, j)] + ("s" if i < j else "o"))
            for j, _ in enumerate(order)
        ]
        for i, a in enumerate(order)
    ]
    assert [[str(c) for c in row] for row in chart] == expected
    assert all(c.suited is (i < j) for i, row in enumerate(chart) for j, c in enumerate(row))
    assert tuple(c for row in chart for c in row) == ALL_CLASSES
