"""Rank patterns (pokerroom.equity.patterns) against the plain enumeration of every board."""

from __future__ import annotations

import doctest
from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokerroom.equity.patterns
from pokerroom.cards import parse_cards
from pokerroom.equity.calculator import _spot, read_range
from pokerroom.equity.deals import holdings
from pokerroom.equity.exact import Enumeration, Tally
from pokerroom.equity.patterns import (
    deck_of,
    flush_class_count,
    flush_classes,
    patterns,
    rank_signatures,
    rank_tallies,
    suit_sets,
)
from pokerroom.equity.showdown import tally, tally_rows
from pokerroom.evaluator import rank7
from pokerroom.ranges import Range


def test_doctests() -> None:
    assert doctest.testmod(pokerroom.equity.patterns).failed == 0


@pytest.mark.parametrize("t", [0, 1, 2, 3, 4, 5])
def test_patterns_count_every_board_of_a_full_deck(t: int) -> None:
    pat = patterns(t)
    four = np.full((1, 13), 4, dtype=np.int64)
    assert int(pat.weights(four).sum()) == comb(52, t)
    assert len(pat.keys) == {0: 1, 1: 13, 2: 91, 3: 455, 4: 1820, 5: 6175}[t]
    # each multiset once, and its key is the sum of its ranks' keys
    assert len(np.unique(pat.keys)) == len(pat.keys)


def test_patterns_count_boards_of_a_short_deck() -> None:
    # no aces left, one king: every 2-card board of the 45 other cards, by ranks
    avail = np.array([[4] * 11 + [1, 0]], dtype=np.int64)
    assert int(patterns(2).weights(avail).sum()) == comb(45, 2)


@pytest.mark.parametrize("k", range(6))
def test_suit_sets(k: int) -> None:
    masks, keys = suit_sets(k)
    assert len(masks) == comb(13, k)
    assert all(int(m).bit_count() == k for m in masks)
    assert len(set(keys.tolist())) == len(keys)


def test_tally_rows_equals_tally_on_each_row() -> None:
    rng = np.random.default_rng(4)
    for n in (2, 3, 4):
        values = rng.integers(0, 6, size=(n, 5, 40)).astype(np.uint16)  # many ties
        valid = rng.random((5, 40)) < 0.7
        weights = rng.integers(0, 4, size=(5, 40))
        by_flag, by_weight = tally_rows(values, valid), tally_rows(values, weights)
        for r in range(5):
            assert by_flag[r].tolist() == tally(values[:, r, valid[r]]).tolist()
            expanded = np.repeat(values[:, r], weights[r], axis=1)
            assert by_weight[r].tolist() == tally(expanded).tolist()


def test_rank_signatures_group_holdings_by_ranks() -> None:
    ranks = np.array([[[12, 11], [3, 3]], [[11, 12], [3, 3]], [[12, 11], [3, 2]]])
    rows, group = rank_signatures(ranks)
    assert group.tolist() == [0, 0, 1] or group.tolist() == [1, 1, 0]
    assert rows[group[0]].tolist() == [[12, 11], [3, 3]]


def _plain_tally(holes: list[list[int]], board: list[int], dead: list[int]) -> np.ndarray:
    """Counts of one holding over every board to come, one rank7 call per hand."""
    gone = set(board) | set(dead) | {c for h in holes for c in h}
    rest = [c for c in range(52) if c not in gone]
    values = [[rank7([*h, *board, *extra]) for extra in combinations(rest, 5 - len(board))]
              for h in holes]
    return tally(np.array(values, dtype=np.uint16))


def test_rank_part_plus_flush_classes_is_the_plain_tally_on_a_turn() -> None:
    """The pieces on their own, against rank7 board by board: two flushes possible."""
    holes = [parse_cards("Ah Kh"), parse_cards("Qs Qh"), parse_cards("Jh 2h")]
    board, dead = parse_cards("3h 9h Tc 4s"), parse_cards("5h")
    live = np.array([c for c in range(52) if c not in {*board, *dead}], dtype=np.intp)
    deck = deck_of(tuple(board), live)
    ranks = np.array([[[c >> 2 for c in h] for h in holes]])
    signatures, _ = rank_signatures(ranks)
    got = rank_tallies(deck, 1, signatures)[0] + flush_classes(deck, 1, np.array(holes))
    assert got.tolist() == _plain_tally(holes, board, dead).tolist()


def test_flush_class_count_bounds_the_classes() -> None:
    live = np.arange(52, dtype=np.intp)
    deck = deck_of((), live)
    # AhKh: 11 hearts left, at least three of them on the board; QsQc: four or five
    # spades or clubs; diamonds: all five
    hu = flush_class_count(deck, 5, np.array([parse_cards("Ah Kh"), parse_cards("Qs Qc")]))
    hearts = comb(11, 3) * 91 + comb(11, 4) * 13 + comb(11, 5)
    one = comb(12, 4) * 13 + comb(12, 5)
    assert hu == hearts + 2 * one + comb(13, 5)


def _enumeration(ranges: list[Range], board: list[int], dead: list[int]) -> Enumeration:
    spot = _spot(ranges, tuple(board), tuple(dead))  # type: ignore[arg-type]
    held = holdings(spot.seats, 2_000_000)
    assert held is not None and len(held)
    return Enumeration(spot, held)


def _same(a: Tally, b: Tally) -> None:
    assert a.counts.tolist() == b.counts.tolist()  # bit for bit
    assert (a.total, a.deals) == (b.total, b.deals)


@st.composite
def spots(draw: st.DrawFn, preflop: bool) -> tuple[list[Range], list[int], list[int]]:
    """2 to 4 players, a board (none pre-flop; else 3, 4 or 5 cards), 0 to 3 dead cards;
    each player one hand, or after the flop up to five with weights 1/4, 1/2 or 1 (the
    sums stay exact, so the two ways must agree bit for bit)."""
    n = draw(st.integers(2, 4))
    deck = draw(st.permutations(range(52)))
    size = 0 if preflop else draw(st.sampled_from([3, 4, 5]))
    board, deck = deck[:size], deck[size:]
    k = draw(st.integers(0, 3))
    dead, deck = deck[:k], deck[k:]
    ranges = []
    for i in range(n):
        first = (deck[2 * i], deck[2 * i + 1])
        weights = {first: 1.0}
        if not preflop:
            more = draw(st.integers(0, 4))
            pool = deck[2 * n :]
            for _ in range(more):
                a, b = draw(st.sampled_from(pool)), draw(st.sampled_from(pool))
                if a != b:
                    weights[(a, b)] = draw(st.sampled_from([0.25, 0.5, 1.0]))
        ranges.append(Range(weights))
    return ranges, list(board), list(dead)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots(preflop=True))
def test_preflop_patterns_equal_plain_enumeration(spot: tuple) -> None:
    ranges, board, dead = spot
    e = _enumeration(ranges, board, dead)
    plain = e.run(how="plain")
    _same(e.run(how="patterns"), plain)
    _same(e.run(), plain)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots(preflop=False))
def test_patterns_after_the_flop_equal_plain_enumeration(spot: tuple) -> None:
    ranges, board, dead = spot
    e = _enumeration(ranges, board, dead)
    plain = e.run(how="plain")
    _same(e.run(how="patterns"), plain)
    _same(e.run(), plain)


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AA", "KK"], "", ""),  # three orbits, one rank signature
        (["AhKh", "QsQc", "JdTd"], "", ""),
        (["AhKh", "7h6h"], "", "2h 3h 4h 9c"),  # dead flush cards
        (["QQ+, AKs", "random"], "Ks 7s 2s", ""),  # monotone: flushes everywhere
        (["AsKs, 22", "random"], "Ks 7s 2s 3s", "9s"),
        (["random", "JTs", "AA"], "2c 3c 4d", ""),
        (["random", "random"], "2c 3c 4d 5c 9d", ""),  # the river
        # nine players, suited: more flush classes than boards, so "auto" lists the boards
        (["AhKh", "QsQc", "JdTd", "9s9d", "8c7c", "6d5d", "4s4c", "3h2h", "Ad2d"], "", ""),
    ],
)
def test_patterns_equal_plain_enumeration_on_chosen_spots(
    players: list[str], board: str, dead: str
) -> None:
    e = _enumeration([read_range(p) for p in players], parse_cards(board, allow_empty=True),
                     parse_cards(dead, allow_empty=True))
    plain = e.run(how="plain")
    _same(e.run(how="patterns"), plain)
    _same(e.run(), plain)


def test_how_is_checked() -> None:
    e = _enumeration([read_range("AhKh"), read_range("QsQc")], parse_cards("2c 3d 4h"), [])
    with pytest.raises(ValueError, match="'auto', 'patterns' or 'plain', not 'fast'"):
        e.run(how="fast")  # type: ignore[arg-type]
