"""A seeded driver that plays random legal hands through the engine (for the history
round trips), and the rule sets it draws from.  Other history tests import it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from pokerroom.engine import ActionKind, Hand
from pokerroom.history.record import PlayedHand
from pokerroom.rules import POKERKIT_CONVENTIONS, Rules, ShowdownMode, Structure, TieSplit
from pokerroom.rules import OddChip as OddChipRule

_BET_KINDS = (ActionKind.BET, ActionKind.RAISE)


def play_random(
    hand: Hand,
    rng: random.Random,
    *,
    fold_weight: float = 0.12,
    random_showdown: bool = True,
) -> Hand:
    """Play ``hand`` to the end choosing uniformly among the legal kinds (folding less
    often), bet sizes spread over the legal range with extra weight on min and all-in,
    shows and mucks at random (announcing a random hand the cards make) or, without
    ``random_showdown``, as a sensible player does (show when the hand can win)."""
    while not hand.is_over:
        if not random_showdown and hand.street.name == "SHOWDOWN":
            hand.settle()
            break
        legal = hand.legal_actions()
        kinds = list(legal.kinds)
        if ActionKind.FOLD in kinds and len(kinds) > 1 and rng.random() > fold_weight:
            kinds.remove(ActionKind.FOLD)
        kind = rng.choice(kinds)
        amount = None
        value = None
        if kind in _BET_KINDS:
            pick = rng.random()
            if pick < 0.3:
                amount = legal.min_to
            elif pick < 0.45:
                amount = legal.max_to
            else:
                amount = rng.randint(legal.min_to, legal.max_to)
        elif kind is ActionKind.SHOW and legal.values:
            value = rng.choice(legal.values[:3])
        hand.act(kind, amount, value=value)
    return hand


def random_stacks(rng: random.Random, players: int, big: int) -> list[int]:
    """Unequal stacks, some short (side pots), some deep."""
    return [
        rng.choice([big * rng.randint(2, 4), big * rng.randint(10, 120), rng.randint(1, 3 * big)])
        for _ in range(players)
    ]


def pokerkit_rules(rng: random.Random, players: int) -> Rules:
    """Rules PokerKit plays the same way, with its conventions (``POKERKIT_CONVENTIONS``):
    fixed or no limit, blinds (maybe a straddle), antes (uniform, trimmed or dead, or a
    big-blind ante), cards speak, side pots."""
    small = rng.choice([1, 2, 5, 25])
    blinds: tuple[int, ...] = (small, 2 * small)
    if players >= 4 and rng.random() < 0.2:
        blinds = (small, 2 * small, 4 * small)
    ante_kind = rng.random()
    antes: int | tuple[int, ...] = 0
    dead = False
    if ante_kind < 0.2:
        antes = max(1, small // 2)
    elif ante_kind < 0.3 and players > 2:
        antes = tuple(2 * small if p == 1 else 0 for p in range(players))
        dead = True
    if ante_kind < 0.2:
        dead = rng.random() < 0.5
    common = {"blinds": blinds, "antes": antes, "dead_antes": dead, "burn_cards": True,
              **POKERKIT_CONVENTIONS}  # fmt: skip
    if rng.random() < 0.5:
        # 4 is PokerKit's own cap: four bets and raises a round besides the blinds.
        return Rules(structure=Structure.FIXED_LIMIT, small_bet=2 * small, big_bet=4 * small,
                     max_raises=rng.choice([3, 4]), **common)  # fmt: skip
    return Rules(structure=Structure.NO_LIMIT, min_bet=2 * small, **common)


def any_rules(rng: random.Random, players: int) -> Rules:
    """Rules of every kind pokerroom plays: the presets, pot limit, wild cards, 001's
    structure, announced hands, proportional ties, odd chips by suit, check-raise off..."""
    choice = rng.randrange(8)
    if choice == 0:
        rules = Rules.preset("computer-tournament")
    elif choice == 1:
        rules = Rules.preset("casino-limit").replace(river_bet=8, check_raise=rng.random() < 0.5)
    elif choice == 2:
        rules = Rules.preset("wild")
    elif choice == 3:
        rules = Rules.preset("no-limit", wild="2", joker="none", min_hole_cards=1)
    elif choice == 4:
        rules = Rules(structure=Structure.POT_LIMIT, blinds=(1, 2), antes=1)
    elif choice == 5:
        rules = Rules.preset("no-limit").replace(
            showdown=ShowdownMode.ANNOUNCED, tie_split=TieSplit.PROPORTIONAL
        )
    elif choice == 6:
        rules = Rules.preset("casino-limit").replace(
            odd_chip=OddChipRule.BEST_SUIT, burn_cards=False
        )
    else:
        rules = pokerkit_rules(rng, players)
    if rules.players is not None and rules.players != players:
        rules = rules.replace(players=players)
    return rules


def random_hands(
    seed: int,
    count: int,
    *,
    rules_for: Callable[[random.Random, int], Rules] = any_rules,
    players: tuple[int, int] = (2, 9),
    random_showdown: bool = True,
) -> Iterator[tuple[Hand, PlayedHand]]:
    """``count`` random finished hands (and their records) from one seed."""
    rng = random.Random(seed)
    for i in range(count):
        n = rng.randint(*players)
        rules = rules_for(rng, n)
        big = max(rules.units[0], rules.big_blind, 1)
        stacks = random_stacks(rng, n, big)
        button = rng.randrange(n)
        hand = Hand(rules, stacks, button=button, rng=rng)
        play_random(hand, rng, random_showdown=random_showdown)
        names = [f"P{seed}-{i}-{s}" for s in range(n)]
        yield hand, PlayedHand.from_hand(hand, names=names, label=i)


def test_the_driver_is_reproducible_and_finishes_hands() -> None:
    first = [p.result for _, p in random_hands(7, 30)]
    again = [p.result for _, p in random_hands(7, 30)]
    assert first == again
    assert all(r is not None for r in first)
    assert all(sum(r.stacks) == sum(r.starting) for r in first if r is not None)


def test_the_driver_reaches_showdowns_side_pots_and_splits() -> None:
    pots = showdowns = 0
    for _, played in random_hands(11, 300, rules_for=pokerkit_rules):
        assert played.result is not None
        pots = max(pots, len(played.result.pots))
        showdowns += any(e.kind.value == "show" for e in played.events)
    assert pots >= 2 and showdowns > 50
