"""Shared helpers of the engine tests: stacked hands, a random player, what a view holds."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import Hand, IllegalAction, PlayerView, random_action, stacked_deck
from pokerroom.rules import Rules


def make(
    rules: Rules,
    stacks: Sequence[int],
    *,
    button: int = 0,
    holes: Sequence[str | None] = (),
    board: str = "",
    auto: bool = False,
) -> Hand:
    """A hand dealt from a deck stacked with these hole cards (by seat) and board."""
    cards = [parse_cards(h) if h else None for h in holes]
    cards += [None] * (len(stacks) - len(cards))
    deck = stacked_deck(
        cards,
        parse_cards(board, allow_empty=True),
        button=button,
        burn_cards=rules.burn_cards,
        joker=rules.joker,
    )
    return Hand(rules, list(stacks), button=button, deck=deck, auto_showdown=auto)


def play(hand: Hand, script: str) -> None:
    """Apply actions written ``f x c b20 r40 s m``, separated by spaces."""
    from pokerroom.engine import Action

    for word in script.split():
        hand.apply(Action.parse(word))


def snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything observable about a hand's state (for "unchanged" checks)."""
    return (
        hand.stacks, hand.bets, hand.committed, hand.folded, hand.all_in, hand.street,
        hand.to_act, hand.board, len(hand.events), hand.is_over, hand.raises,
        str(hand.legal_actions()) if hand.to_act is not None else None,
    )  # fmt: skip


def refusal(hand: Hand, act: Callable[[Hand], object]) -> str:
    """The text of the :class:`IllegalAction` that ``act(hand)`` raises, checking the hand
    is unchanged."""
    before = snapshot(hand)
    with pytest.raises(IllegalAction) as info:
        act(hand)
    assert snapshot(hand) == before
    return str(info.value)


def raise_refusal(hand: Hand, to: int) -> str:
    """The text of the refusal of a raise to ``to``, checking the hand is unchanged."""
    return refusal(hand, lambda h: h.raise_to(to))


def view_cards(view: PlayerView) -> set[int]:
    """Every card a view holds: its own hole cards, the board, shown hands, event cards."""
    cards: set[int] = set(view.hole) | set(view.board)
    for shown in view.shown:
        cards.update(shown or ())
    for event in view.events:
        cards.update(event.cards)
    return cards


def play_random(hand: Hand, rng: random.Random) -> None:
    """Play a hand to the end with random legal actions (``random_action``), checking
    conservation after every one."""
    total = sum(hand.starting_stacks)
    while not hand.is_over:
        hand.act(*random_action(hand.legal_actions(), rng))
        assert sum(hand.stacks) + hand.pot == total
    assert hand.result is not None
    assert sum(hand.result.stacks) == total


def rules_13_hand() -> Hand:
    """rules.md §13: Alice (button), Bob, Carol, Ted; fixed limit 2/4, blinds 1/2."""
    holes = [parse_cards(c) for c in ("4c 4d", "Qs 9h", "Ks Jh", "7d 2s")]
    deck = stacked_deck(holes, parse_cards("9c Kc 3h 5s 9d"), button=0, burn_cards=True)
    hand = Hand(Rules.preset("casino-limit"), [100] * 4, button=0, deck=deck)
    hand.fold()
    hand.call()
    hand.call()
    hand.check()
    hand.check()
    hand.bet(2)
    hand.raise_to(4)
    hand.call()
    hand.call()
    for _ in range(3):
        hand.check()
    hand.bet(4)
    hand.call()
    hand.fold()
    hand.show()
    hand.show()
    return hand
