"""The strong bot's tables and outlooks, exactly: a hand's pre-flop equity against a range
read off the heads-up table, the multi-way correction interpolated by hand, the equity
after the flop with and without the opponents' answers, and the discount of the games
ranges cannot describe."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.players.strong.cards import CLASS_OF, board_strength, index_of
from pokerroom.players.strong.equity import RangeEquity
from pokerroom.players.strong.outlook import BoardOutlook, DealtOutlook, combine
from pokerroom.players.strong.ranges import Continuing, Ranking
from pokerroom.players.strong.tables import equity_vs_range, heads_up, multiway

ACES, KINGS = index_of("AsAd"), index_of("KsKh")


def test_the_heads_up_and_multi_way_tables_have_their_shapes() -> None:
    assert heads_up().shape == (169, 169) and multiway().shape == (169, 13)
    aces = int(CLASS_OF[ACES])
    # aces against one random hand: 85%, against two 74%, falling with each opponent
    assert multiway()[aces, 0] == pytest.approx(0.85, abs=0.01)
    assert multiway()[aces, 1] == pytest.approx(0.74, abs=0.01)
    assert (np.diff(multiway()[aces]) < 0).all()


def test_equity_against_a_range_reads_the_heads_up_table() -> None:
    """One hand of weight 1 (a total of exactly 1): the table's entry; weights 3 and 1
    on two classes: their weighted mean; hands sharing a card left out; no weight at
    all: an even chance."""
    aces, kings = int(CLASS_OF[ACES]), int(CLASS_OF[KINGS])
    one = np.zeros(1326)
    one[KINGS] = 1.0
    assert equity_vs_range(ACES, one) == heads_up()[aces, kings]
    two = np.zeros(1326)
    two[KINGS] = 3.0
    seven_two = index_of("7c2d")
    two[seven_two] = 1.0
    two[index_of("AsKd")] = 5.0  # holds the bot's ace of spades: out
    expected = (3 * heads_up()[aces, kings] + heads_up()[aces, int(CLASS_OF[seven_two])]) / 4
    assert equity_vs_range(ACES, two) == pytest.approx(expected, abs=1e-12)
    assert equity_vs_range(ACES, np.zeros(1326)) == 0.5


def test_combine_interpolates_the_multi_way_correction() -> None:
    """Two opponents, the second in the pot half the time: the product (1 − 1 + e₁)(1 −
    ½ + ½e₂) times the correction at 1.5 opponents, halfway between those at 1 (none)
    and at 2 (the table's equity against two random hands over the square of that
    against one); never above 1."""
    aces = int(CLASS_OF[ACES])
    table = multiway()[aces]
    at_two = table[1] / table[0] ** 2
    assert at_two > 1.0
    expected = 0.7 * (0.5 + 0.5 * 0.6) * (1.0 + (at_two - 1.0) * 0.5)
    assert combine(aces, [0.7, 0.6], [1.0, 0.5]) == pytest.approx(expected, abs=1e-12)
    at_three = table[2] / table[0] ** 3
    expected = 0.7 * 0.6 * (0.75 + 0.25 * 0.8) * (at_two + (at_three - at_two) * 0.25)
    assert combine(aces, [0.7, 0.6, 0.8], [1.0, 1.0, 0.25]) == pytest.approx(expected)
    assert combine(aces, [1.0, 1.0], [1.0, 1.0]) == 1.0


def test_the_board_outlook_is_the_range_equity_with_and_without_answers() -> None:
    """After the flop: the model's value on the deals drawn with the bot's own count
    and generator; with an opponent's answers, the value reweighted by them."""
    hole = [int(c) for c in parse_cards("Ah Kh")]
    board = [int(c) for c in parse_cards("Qh 7h 2c")]
    ranges = np.ones((3, 1326))
    outlook = BoardOutlook(hole, board, ranges, [2], np.random.default_rng(1), 50)
    alone = RangeEquity(hole, board, [ranges[2]], np.random.default_rng(1), 50)
    assert outlook.equity() == alone.value()
    assert outlook.equity(gains={}) == alone.value()
    top = Continuing(Ranking(board_strength(board).strength), np.ones(1326), 0.5, 1.0)
    assert outlook.equity(gains={2: top}) == alone.value([top])
    assert outlook.equity(gains={2: top}) < alone.value() - 0.05


class Fixed:
    def value(self) -> float:
        return 0.6


def test_the_dealt_outlook_discounts_for_pressure_and_folds() -> None:
    """Equity 0.6 raised to 1 + 0.35 × the pressure + each opponent's share of folds."""
    top = Continuing(Ranking(np.linspace(0, 1, 1326)), np.ones(1326), 0.3, 1.0)
    outlook = DealtOutlook(Fixed(), pressure=2.0)  # type: ignore[arg-type]
    assert outlook.equity() == pytest.approx(0.6 ** 1.7)
    assert outlook.equity(gains={1: top, 2: top}) == pytest.approx(0.6 ** 2.3)
