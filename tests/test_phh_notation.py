"""PHH action notation (protocols.md §2): every form with its comment read and written
back as it was, and every refusal in whole words."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pokerroom.cards import Card
from pokerroom.history.errors import PHHError
from pokerroom.history.notation import PHHAction, Verb, parse_amount, parse_phh_cards


@pytest.mark.parametrize(
    "text",
    ["d dh p1 AcKs # first", "d db Jc3d5c # the flop", "p2 cbr 300 # a raise", "p1 cc # calls",
     "p3 f # gives up", "p1 sm # mucks", "p1 sm - # shows what was dealt",
     "p1 sm Ac?? # one card shown", "p2 pb # brings in", "p1 sd Ks # discards",
     "# a note alone", "p1 f #"],
)  # fmt: skip
def test_each_action_keeps_its_comment_and_prints_back_as_written(text: str) -> None:
    action = PHHAction.parse(text)
    assert str(action) == text
    assert action.comment == text.partition("#")[2].strip()


def test_the_parts_of_actions_with_comments() -> None:
    dealt = PHHAction.parse("d dh p3 AcKs # x")
    assert (dealt.verb, dealt.player, dealt.cards) == (Verb.DEAL_HOLE, 2,
                                                       (Card.parse("Ac"), Card.parse("Ks")))
    shown = PHHAction.parse("p1 sm - # y")
    assert shown.show_dealt and shown.cards is None and not shown.is_muck
    assert PHHAction.parse("p1 sm # z").is_muck
    assert PHHAction.parse("p1 cbr 2.5 # w").amount == Decimal("2.5")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("d", "no action after 'd' (dealer actions: 'dh pN CARDS', 'db CARDS')"),
        ("d db", "'d db' takes the board cards, written together ('d db Jc3d5c')"),
        ("d db Jc 3d", "'d db' takes the board cards, written together ('d db Jc3d5c')"),
        ("d dh AcKs", "'d dh' takes a player and cards ('d dh p1 AcKs')"),
        ("d dh x1 AcKs", "'d dh' takes a player and cards ('d dh p1 AcKs')"),
        ("d dh p1 Ac Ks", "'d dh' takes a player and cards ('d dh p1 AcKs')"),
        ("d xx", "unknown dealer action 'xx' (dealer actions: dh, db)"),
        ("q1 f", "unknown actor 'q1' (the actor is 'd' for the dealer or 'p1', 'p2', ...)"),
        ("p1", "no action after 'p1' (actions: cbr, cc, f, sm, pb, sd)"),
        ("p1 cbr", "'cbr' takes one amount, the total to bet or raise to"),
        ("p1 cbr 2 4", "'cbr' takes one amount, the total to bet or raise to"),
        ("p1 cbr 0", "'cbr' needs a positive amount, not '0'"),
        ("p1 cc 5 6", "'cc' takes no argument, got '5 6'"),
        ("p1 sm Ac Kd", "'sm' takes at most one argument (the cards, together)"),
        ("p1 sm AcKd Qs", "'sm' takes at most one argument (the cards, together)"),
        ("p1 xx", "unknown player action 'xx' (player actions: cbr AMOUNT, cc, f, sm [CARDS], "
                  "pb, sd [CARDS])"),
        ("p1 cbr x", "not an amount: 'x' (write a number like 300 or 2.5)"),
        ("p1 sm AcKsKs", "the card Ks appears twice in 'AcKsKs'"),
    ],
)
def test_each_refusal_says_what_is_wrong_and_what_is_right(text: str, message: str) -> None:
    with pytest.raises(PHHError) as info:
        PHHAction.parse(text)
    assert str(info.value) == message


def test_amounts_and_cards() -> None:
    assert parse_amount("5.") == Decimal(5) and parse_amount(".5") == Decimal("0.5")
    assert type(parse_amount("300")) is int
    with pytest.raises(PHHError) as info:
        parse_phh_cards("2d5h5h2d")
    assert str(info.value) == "the card 2d appears twice in '2d5h5h2d'"
