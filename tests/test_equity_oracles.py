"""Equity checked against other libraries: eval7 (its exact hand-against-range routine on
complete boards, and its Monte Carlo) and PokerKit (``calculate_equities``)."""

from __future__ import annotations

from itertools import combinations

import eval7  # oracles the project declares (the test extra): a missing one fails the run
import pokerkit
import pytest

from pokerroom.cards import parse_cards
from pokerroom.equity import equity
from pokerroom.ranges import Range

pytestmark = pytest.mark.filterwarnings("ignore:'parseString' deprecated")


def _e7(cards: list[str] | tuple[str, ...]) -> tuple[object, ...]:
    return tuple(eval7.Card(c) for c in cards)


def _names(text: str) -> list[str]:
    return [str(c) for c in parse_cards(text, allow_empty=True)]


def _eval7_exact(hero: str, villain: str, board: str) -> float:
    """Hero's equity against a range by eval7: its exact routine on every completed board,
    each board weighted by how many villain hands it leaves (the joint distribution)."""
    hole, known = _names(hero), _names(board)
    their_range = eval7.HandRange(villain)
    villain_hands = [tuple(str(c) for c in h) for h, _ in their_range.hands]
    rest = [c for c in _names(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"))
            if c not in hole and c not in known]
    total = weight = 0.0
    for extra in combinations(rest, 5 - len(known)):
        full = [*known, *extra]
        used = {*hole, *full}
        left = sum(1 for a, b in villain_hands if a not in used and b not in used)
        if left:
            share = eval7.py_hand_vs_range_exact(_e7(hole), their_range, _e7(full))
            total += share * left
            weight += left
    return total / weight


@pytest.mark.parametrize(
    ("hero", "villain", "board"),
    [
        ("AsAd", "AA, A3o, 32s", "Kh Jd 8c 5d 2s"),
        ("AhKh", "QQ+, AK", "Qh 7h 2c 3d 9s"),
        ("7c7d", "22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32+",
         "Ks 7s 2c 4h 5s"),  # every hand, in words eval7 reads
        ("Td9d", "22+, A2s+, KTo+", "8d 7c 2d 6h Ac"),
    ],
)
def test_river_hand_against_a_range_equals_eval7(hero: str, villain: str, board: str) -> None:
    ours = equity([hero, villain], board).players[0].equity
    theirs = eval7.py_hand_vs_range_exact(_e7(_names(hero)), eval7.HandRange(villain),
                                          _e7(_names(board)))
    assert ours == pytest.approx(theirs, abs=1e-6)  # eval7 answers in single precision


@pytest.mark.parametrize(
    ("hero", "villain", "board"),
    [
        ("AsAh", "KK", "Qd 8c 3s"),
        ("AhKd", "22", "Qd 8c 3s"),
        ("AhKh", "QsQc", "2h 7h 9c 4d"),
        ("AhKd", "22", "Qd 8c 3s Th"),
    ],
)
def test_flop_and_turn_hand_against_a_range_equal_eval7(
    hero: str, villain: str, board: str
) -> None:
    ours = equity([hero, villain], board).players[0].equity
    assert ours == pytest.approx(_eval7_exact(hero, villain, board), abs=1e-6)


def test_aa_against_kk_on_a_flop_equals_eval7_hand_by_hand() -> None:
    """Range against range: each of the six aces against the kings through eval7, weighted
    by the holdings each leaves."""
    board = "Qd 8c 3s"
    ours = equity(["AA", "KK"], board).players[0].equity
    num = den = 0.0
    for a, b in Range.parse("AA"):
        hero = f"{a}{b}"
        share = _eval7_exact(hero, "KK", board)
        holdings = 6 * 1081  # six kings never clash with aces; C(47, 2) boards
        num += share * holdings
        den += holdings
    assert ours == pytest.approx(num / den, abs=1e-6)


def test_preflop_against_eval7_monte_carlo() -> None:
    """eval7's Monte Carlo (its own unseeded generator): 400,000 deals put it within
    0.0008 (one standard error) of the truth, so six errors cannot happen in practice."""
    ours = equity(["AsAh", "KK"]).players[0].equity
    theirs = eval7.py_hand_vs_range_monte_carlo(_e7(["As", "Ah"]), eval7.HandRange("KK"), (),
                                                400_000)
    assert ours == pytest.approx(theirs, abs=6 * 0.0008)


def _pokerkit(hands: list[str], board: str) -> list[float]:
    return list(pokerkit.calculate_equities(
        tuple(pokerkit.parse_range(h) for h in hands),
        pokerkit.Card.parse(board.replace(" ", "")),
        2, 5, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,), sample_count=1,
    ))


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["2h2c", "3h3c", "4h4c"], "As Ks Qd Jd 9c"),
        (["2c3d", "4c5d", "6c7d"], "As Ks Qs Js Ts"),  # the board plays: a three-way split
        (["Kc2d", "Kd3c", "2h3h"], "9s Td Jh Qc 8c"),  # two share, one loses
        (["AhKh", "QsQc", "JdTd", "9s8s"], "2h 7h 9c 3d Kd"),
        (["AhAd", "AsAc", "KhKd", "7s2c", "8h8d"], "Ks Kc 9d 4c 3s"),
    ],
)
def test_river_multiway_equals_pokerkit(hands: list[str], board: str) -> None:
    ours = [p.equity for p in equity(hands, board).players]
    assert ours == pytest.approx(_pokerkit(hands, board), abs=1e-12)


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["AhKh", "QsQc", "JdTd"], "2h 7h 9c 4d"),
        (["2c3d", "4c5d", "6c7d", "AcAd"], "As Ks Qs Js"),
    ],
)
def test_turn_multiway_equals_pokerkit_over_every_river(hands: list[str], board: str) -> None:
    ours = [p.equity for p in equity(hands, board).players]
    used = set(_names(board)) | {c for h in hands for c in _names(h)}
    rivers = [c for c in _names(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"))
              if c not in used]
    sums = [0.0] * len(hands)
    for river in rivers:
        for i, share in enumerate(_pokerkit(hands, f"{board} {river}")):
            sums[i] += share
    assert ours == pytest.approx([s / len(rivers) for s in sums], abs=1e-12)
