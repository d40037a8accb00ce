"""The forced bets, the order of play and the deal of a hand (``rules.md`` §4–6, the
``Positions`` paragraph of ``pokerroom.rules`` and ``pokerroom.engine.plan``)."""

from __future__ import annotations

import math
import random

import pytest

from engine_helpers import make, play
from pokerroom.conventions import Reopening
from pokerroom.engine import EventKind, Hand, HandError, Street
from pokerroom.engine.deal import dealer, split_dealer
from pokerroom.engine.plan import draw
from pokerroom.rules import Rules

NL = Rules.preset("no-limit")  # blinds 2/4


def forced(hand: Hand, kind: EventKind) -> list[tuple[int, int]]:
    """(seat, amount) of each forced bet of this kind, in the order they were posted."""
    return [(e.seat, e.amount) for e in hand.events if e.kind is kind]


# Blinds and antes: who posts what ------------------------------------------------------


def test_button_blind_is_posted_by_the_button_and_blinds_k_by_position_k_minus_1() -> None:
    """With ``button_blind`` the button posts ``blinds[0]`` and position ``k - 1`` (the
    ``k``-th seat left of the button) posts ``blinds[k]``; the player after the largest
    blind acts first."""
    rules = NL.replace(button_blind=True, blinds=(1, 2))
    hand = make(rules, [100] * 4, button=2)
    assert forced(hand, EventKind.BLIND) == [(2, 1), (3, 2)]
    assert hand.bets == (0, 0, 1, 2)
    assert hand.to_act == 0

    rules = NL.replace(button_blind=True, blinds=(1, 2, 4))
    hand = make(rules, [100] * 5, button=3)
    # the button (3) posts 1, position 0 (seat 4) posts 2, position 1 (seat 0) posts 4
    assert forced(hand, EventKind.BLIND) == [(3, 1), (4, 2), (0, 4)]
    assert hand.bets == (4, 0, 0, 1, 2)
    assert hand.to_act == 1


def test_button_blind_refused_when_the_table_has_too_few_players() -> None:
    """Each blind needs its own player: three button-rule blinds cannot be posted by two."""
    rules = NL.replace(button_blind=True, blinds=(1, 2, 4))
    with pytest.raises(HandError) as info:
        make(rules, [100, 100])
    assert str(info.value) == (
        "cannot start the hand: 2 players: blinds [1, 2, 4] need 3 players or more"
    )


def test_a_straddle_needs_a_player_beyond_the_blinds() -> None:
    """The straddle is posted by the player after the big blind: heads-up with two blinds
    there is none, so the hand is refused (naming the straddle); three players can."""
    rules = NL.replace(straddle=8)
    with pytest.raises(HandError) as info:
        make(rules, [100, 100])
    assert str(info.value) == (
        "cannot start the hand: 2 players: blinds [2, 4] and a straddle of 8 need 3 players "
        "or more"
    )
    hand = make(rules, [100] * 3, button=0)
    assert forced(hand, EventKind.BLIND) == [(1, 2), (2, 4)]
    assert hand.to_act == 0  # the straddler, after the big blind, decides first


@pytest.mark.parametrize(
    ("blinds", "posted", "first"),
    [
        ((4, 2), [(1, 4), (2, 2)], 2),  # the big blind is position 0: position 1 acts first
        ((1, 4, 2), [(1, 1), (2, 4), (3, 2)], 3),
        ((2, 2), [(1, 2), (2, 2)], 3),  # of equal blinds, the last is the big blind
    ],
)
def test_pre_flop_the_player_after_the_largest_blind_acts_first(
    blinds: tuple[int, ...], posted: list[tuple[int, int]], first: int
) -> None:
    """Pre-flop the first to act is the player after the big blind: the largest blind,
    of equal ones the last — not necessarily the last blind posted."""
    hand = make(NL.replace(blinds=blinds), [100] * 5, button=0)
    assert forced(hand, EventKind.BLIND) == posted
    assert hand.to_act == first


def test_antes_are_listed_by_position_one_per_player() -> None:
    """``antes`` is per position (position 0 left of the button, the button last); a list
    whose length is not the number of players is refused."""
    rules = NL.replace(antes=(1, 2, 3))
    hand = make(rules, [100] * 3, button=1)
    assert forced(hand, EventKind.ANTE) == [(2, 1), (0, 2), (1, 3)]
    with pytest.raises(HandError) as info:
        make(NL.replace(antes=(1, 1, 1)), [100, 100])
    assert str(info.value) == (
        "cannot start the hand: 2 players: antes has 3 entries, one per player"
    )


# first_to_act --------------------------------------------------------------------------


def test_first_to_act_gives_a_position_per_round() -> None:
    """``first_to_act`` (ACPC's ``firstPlayer``) names the position that starts each round:
    at 3 players the highest position, 2, is the button and is accepted."""
    hand = make(NL.replace(first_to_act=(0, 2, 0, 0)), [100] * 3, button=0)
    assert hand.to_act == 1  # position 0 pre-flop: the small blind
    play(hand, "c x c")  # seat 1 calls, seat 2 (big blind) checks, seat 0 calls
    assert hand.street is Street.FLOP
    assert hand.to_act == 0  # position 2 on the flop: the button


@pytest.mark.parametrize("first_to_act", [(0, 3, 0, 0), (7, 0, 0, 0)])
def test_first_to_act_refuses_a_position_the_table_does_not_have(
    first_to_act: tuple[int, ...],
) -> None:
    """A table of 3 players has positions 0 to 2: position 3 (or more) is refused."""
    with pytest.raises(HandError) as info:
        make(NL.replace(first_to_act=first_to_act), [100] * 3)
    top = max(first_to_act)
    assert str(info.value) == (
        f"cannot start the hand: 3 players: first_to_act {list(first_to_act)} names position "
        f"{top}, so {top + 1} players or more"
    )


# The betting conventions a plan carries ------------------------------------------------


@pytest.mark.parametrize(
    ("reopening", "legal"),
    [
        (Reopening.FULL_RAISE, "fold, call 2"),
        (Reopening.NO_SMALLER, "fold, call 2"),
        (Reopening.ALWAYS, "fold, call 2, raise to 22 to 100"),
    ],
)
def test_only_acpcs_rule_lets_a_short_all_in_reopen_the_betting_for_the_raiser(
    reopening: Reopening, legal: str
) -> None:
    """Seat 0 raises to 12 (a raise of 8), seat 1 goes all-in to 14 (2 more: less than a
    full raise), seat 2 calls.  TDA 47 and PokerKit's rule: seat 0 may only call; ACPC's
    (``ALWAYS``): any raise reopens the betting, at least a full raise (8) more: to 22."""
    hand = make(NL.replace(reopening=reopening), [100, 14, 100], button=0)
    play(hand, "r12 r14 c")
    assert hand.to_act == 0
    assert str(hand.legal_actions()) == legal


# The shuffle ---------------------------------------------------------------------------


class ScriptedBits(random.Random):
    """A generator whose ``getrandbits`` returns given values and records the widths asked."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(0)
        self.values = list(values)
        self.widths: list[int] = []

    def getrandbits(self, k: int, /) -> int:
        self.widths.append(k)
        return self.values.pop(0)


def test_draw_rejects_integers_not_below_the_falling_factorial() -> None:
    """``draw`` takes one integer below size × (size - 1) × … × (size - k + 1) with
    ``getrandbits`` of that product's bit length, rejecting the values not below it.
    5 cards, 3 drawn: 5 × 4 × 3 = 60, 6 bits; 60 and 63 are rejected, 7 is used."""
    rng = ScriptedBits([60, 63, 7])
    # 7 in the mixed radix 5, 4, 3: digits 2, 1, 0.  Partial Fisher–Yates: swap 0 and
    # 0 + 2 -> [2, 1, 0, 3, 4]; swap 1 and 1 + 1 -> [2, 0, 1, 3, 4]; keep 2 in place.
    assert draw(rng, 5, 3) == [2, 0, 1]
    assert rng.widths == [6, 6, 6]


@pytest.mark.parametrize("size", [52, 53])
def test_draw_digits_zero_and_largest(size: int) -> None:
    """Digit 0 swaps nothing (the integer 0 deals the deck's first cards in order); the
    largest integer (every digit at its maximum) swaps each position with the last card."""
    total = math.perm(size, 9)
    rng = ScriptedBits([0])
    assert draw(rng, size, 9) == list(range(9))
    assert rng.widths == [total.bit_length()]
    rng = ScriptedBits([total - 1])
    assert draw(rng, size, 9) == [size - 1, *range(8)]
    assert rng.widths == [total.bit_length()]


def reference_draw(rng: random.Random, size: int, k: int) -> list[int]:
    """The algorithm of ``draw``'s docstring, written out plainly."""
    total = math.perm(size, k)
    x = rng.getrandbits(total.bit_length())
    while x >= total:
        x = rng.getrandbits(total.bit_length())
    pool = list(range(size))
    for i in range(k):
        x, digit = divmod(x, size - i)
        pool[i], pool[i + digit] = pool[i + digit], pool[i]
    return pool[:k]


@pytest.mark.parametrize(("size", "k"), [(52, 1), (52, 9), (53, 9), (52, 23), (53, 23), (52, 52)])
def test_draw_follows_its_algorithm_from_a_seed(size: int, k: int) -> None:
    """From a seeded generator, ``draw`` deals exactly what the documented algorithm does
    (a seed reproduces the same deal from version to version)."""
    for seed in range(8):
        cards = draw(random.Random(seed), size, k)
        assert cards == reference_draw(random.Random(seed), size, k)
        assert len(set(cards)) == k and all(0 <= c < size for c in cards)


@pytest.mark.parametrize(("size", "k"), [(5, 3), (52, 1), (52, 9), (53, 9), (52, 31), (53, 31),
                                         (52, 52)])  # fmt: skip
def test_dealer_deals_what_the_algorithm_deals(size: int, k: int) -> None:
    """The written-out dealer a hand uses turns every shuffle into the cards the documented
    algorithm deals from it (the deck's first cards for 0, each position swapped with the
    last card for the largest, and random shuffles in between)."""
    deal = dealer(size, k)
    assert dealer(size, k) is deal  # made once per deck size and count
    total = math.perm(size, k)
    rng = random.Random(size * 100 + k)
    for index in [0, 1, total - 1, *(rng.randrange(total) for _ in range(300))]:
        scripted = ScriptedBits([index])
        assert deal(index) == reference_draw(scripted, size, k)


@pytest.mark.parametrize(("size", "k"), [(5, 3), (52, 9), (53, 9), (52, 12), (52, 20), (53, 31),
                                         (52, 52)])  # fmt: skip
def test_a_split_deal_deals_what_the_algorithm_deals_at_every_cut(size: int, k: int) -> None:
    """The front of a split deal (a hand's hole cards) deals the first cards the documented
    algorithm deals, and the rest, going on from where the front stopped, all of them: at
    every cut, inside a group of digits or at its end, from the deck's first cards (0) to
    every position swapped with the last card (the largest)."""
    total = math.perm(size, k)
    rng = random.Random(size * 1000 + k)
    shuffles = [0, 1, total - 1, *(rng.randrange(total) for _ in range(40))]
    expected = {index: reference_draw(ScriptedBits([index]), size, k) for index in shuffles}
    for first in range(1, k):
        front, rest = split_dealer(size, k, first)
        assert split_dealer(size, k, first) == (front, rest)  # made once
        for index in shuffles:
            begun = front(index)
            assert begun[0] == expected[index][:first]
            assert rest(*begun) == expected[index]


@pytest.mark.parametrize("first", [0, 9, 10])
def test_a_split_deal_is_cut_inside_the_deal(first: int) -> None:
    with pytest.raises(ValueError, match=f"split after 1 to 8, not {first}"):
        split_dealer(52, 9, first)


def test_a_hand_deals_its_board_from_where_its_hole_cards_stopped() -> None:
    """The hole cards looked at first (dealt alone) and the board dealt after them are the
    cards of the same shuffle dealt at once (the board first, as a hand nobody looks into
    deals it): a split deal changes no card."""
    rules = Rules.preset("casino-limit")
    for seed in range(20):
        for players in (2, 3, 6):
            early, late = (Hand(rules, [100] * players, rng=random.Random(seed)) for _ in "ab")
            holes = [early.hole_codes(s) for s in range(players)]
            for hand in (early, late):
                while hand.street is Street.PREFLOP:
                    if hand.legal_actions().to_call:
                        hand.call()
                    else:
                        hand.check()
            assert early.board_codes == late.board_codes
            assert holes == [late.hole_codes(s) for s in range(players)]
