"""Shared helpers of the engine tests: stacked hands and a random player."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerroom.cards import parse_cards
from pokerroom.engine import ActionKind, Hand, stacked_deck
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


def random_action(hand: Hand, rng: random.Random) -> tuple[ActionKind, int | None]:
    """A uniformly random legal action kind; a bet or raise to a uniform legal amount."""
    legal = hand.legal_actions()
    kind = rng.choice(legal.kinds)
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        return kind, rng.randint(legal.min_to, legal.max_to)
    if kind is ActionKind.SHOW and legal.values:
        return kind, None
    return kind, None


def play_random(hand: Hand, rng: random.Random) -> None:
    """Play a hand to the end with random legal actions, checking conservation."""
    total = sum(hand.starting_stacks)
    while not hand.is_over:
        kind, amount = random_action(hand, rng)
        hand.act(kind, amount)
        assert sum(hand.stacks) + hand.pot == total
    assert hand.result is not None
    assert sum(hand.result.stacks) == total
