"""The strong bot's cards, tables and outlooks, exactly: every combination's value, share,
flush draw and straight outs on a board by brute force, a hand's pre-flop equity against a
range read off the heads-up table, the multi-way correction interpolated by hand, the
equity after the flop with and without the opponents' answers, and the discount of the
games ranges cannot describe."""

from __future__ import annotations

import bisect
from math import comb

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.evaluator import hand_value
from pokerroom.players.strong.cards import (
    CARD_A,
    CARD_B,
    CLASS_OF,
    board_strength,
    board_values,
    conflicts,
    index_of,
)
from pokerroom.players.strong.equity import RangeEquity
from pokerroom.players.strong.outlook import BoardOutlook, DealtOutlook, PreflopOutlook, combine
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


def _cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def _straight_outs(ranks: set[int]) -> int:
    """How many missing ranks would complete a straight (0 with one made), by brute force:
    runs of five ranks, the ace low too (rank 12 below rank 0)."""
    def made(rs: set[int]) -> bool:
        low = rs | ({-1} if 12 in rs else set())
        return any(all(r + k in low for k in range(5)) for r in range(-1, 9))

    if made(ranks):
        return 0
    return sum(made(ranks | {r}) for r in range(13) if r not in ranks)


# the last: a river where a combination holding a board card is valued above every live
# one (its value means nothing, but it must not be counted past the table's end)
BOARDS = ["Ah 7h 2c", "9s 8d 2c 5h", "Kh Qh Jh", "Ts 9s 8s 7s", "Ac Kd Qh Js 2c",
          "6d 6h 6c", "Ah Kh Qh Jh 2c", "Ah 7h 2c 3c", "2c 2h 2s 6h 8h"]  # fmt: skip


@pytest.mark.parametrize("text", BOARDS)
def test_board_strength_by_brute_force(text: str) -> None:
    """Every live combination's hand value, its share of the live combinations it beats
    (ties half), its flush draw (exactly four of a suit among its cards and the board's,
    none made), and its straight outs (beyond those of the board alone), each worked
    out card by card with the scalar evaluator and sets of ranks; on the river no draw."""
    board = _cards(text)
    found = board_strength(board)
    live = [i for i in range(1326) if not {int(CARD_A[i]), int(CARD_B[i])} & set(board)]
    assert found.live.tolist() == [i in set(live) for i in range(1326)]
    assert conflicts(board).tolist() == (~found.live).tolist()
    values = {i: hand_value([int(CARD_A[i]), int(CARD_B[i])], board) for i in live}
    assert [int(found.value[i]) for i in live] == [values[i] for i in live]
    assert (board_values(board)[live] == found.value[live]).all()
    ordered = sorted(values.values())
    board_ranks = {c >> 2 for c in board}
    for i in live:
        v = values[i]
        below, upto = bisect.bisect_left(ordered, v), bisect.bisect_right(ordered, v)
        assert found.made[i] == pytest.approx((below + 0.5 * (upto - below)) / len(live))
        cards = [*board, int(CARD_A[i]), int(CARD_B[i])]
        per_suit = [sum(c & 3 == s for c in cards) for s in range(4)]
        draw = len(board) < 5 and max(per_suit) == 4
        assert bool(found.flush_draw[i]) == draw, (i, per_suit)
        ranks = {c >> 2 for c in cards}
        outs = _straight_outs(ranks) if len(board) < 5 else 0
        outs = outs if outs > _straight_outs(board_ranks) else 0
        assert int(found.straight_outs[i]) == outs
    assert found.flush_draw.dtype == np.bool_ and found.straight_outs.dtype == np.int8
    if len(board) == 5:
        assert not found.improve.any() and (found.strength == found.made).all()
    else:
        drawing = found.flush_draw | (found.straight_outs > 0)
        assert (found.improve[drawing] > 0).all() and not found.improve[~drawing].any()


def test_board_strength_on_a_flop_reads_as_documented() -> None:
    """The module's example: on Ah 7h 2c, aces 1.0, sevens-and-a-six of spades 0.77,
    king-nine of hearts (a flush draw) 0.69, king-three 0.5, five-four (a gutshot) 0.17,
    eight-six 0.13; a flush draw's chance to come by the river is 1 − C(38, 2) / C(47, 2)
    (nine outs among 47 unseen cards)."""
    found = board_strength(_cards("Ah 7h 2c"))
    at = [round(float(found.strength[index_of(t)]), 2)
          for t in ("AsAd", "7s6s", "Kh9h", "Ks3d", "5s4d", "8s6d")]  # fmt: skip
    assert at == [1.0, 0.77, 0.69, 0.5, 0.17, 0.13]
    k9 = index_of("Kh9h")
    assert found.improve[k9] == pytest.approx(1 - comb(38, 2) / comb(47, 2))
    made = found.made[k9]
    assert found.strength[k9] == pytest.approx(made + (1 - made) * found.improve[k9] * 0.85)


def test_conflicts_are_the_combinations_holding_a_card() -> None:
    for given in ([], [0], [51, 0, 17], [52, 5], list(range(0, 52, 3))):
        pairs = zip(CARD_A, CARD_B, strict=True)
        expected = [bool({int(a), int(b)} & set(given)) for a, b in pairs]
        assert conflicts(given).tolist() == expected


@pytest.mark.parametrize(("hole", "outs"), [
    ("Jh Th", 13),  # a flush draw (9) and an open-ended straight draw (8): 15 at most, less 2
    ("Th 6h", 11),  # a flush draw and a gutshot (the 7): 9 + 4 - 2
    ("Jc Ts", 8),  # open-ended: a queen or a seven
    ("Kh 3h", 9),  # a flush draw alone
    ("Tc 6d", 4),  # a gutshot: the 7
    ("As Kd", 0),
])  # fmt: skip
def test_a_draws_outs_on_the_flop(hole: str, outs: int) -> None:
    """On 9h 8h 2c, a draw's chance to come by the river is that of at least one of its
    outs among 47 unseen cards in two: 9 a flush draw, 4 a rank that makes a straight (two
    at most), 15 at most, and 2 fewer when it has both (the flush cards that also make
    the straight)."""
    found = board_strength(_cards("9h 8h 2c"))
    i = index_of(hole.replace(" ", ""))
    assert found.improve[i] == pytest.approx(1 - comb(47 - outs, 2) / comb(47, 2))


def test_combine_refuses_equities_and_chances_of_different_lengths() -> None:
    """One equity per opponent and one chance of being in the pot per opponent: a list
    shorter than the other is an error, not an opponent dropped."""
    aces = int(CLASS_OF[ACES])
    with pytest.raises(ValueError, match="shorter"):
        combine(aces, [0.7, 0.6], [1.0])
    with pytest.raises(ValueError, match="longer"):
        combine(aces, [0.7], [1.0, 1.0])


def test_the_preflop_outlook_combines_the_table_against_each_range() -> None:
    """Pre-flop: the heads-up table's equity against each opponent's range (reweighted
    by its answers when given), combined with each opponent's chance to be in the pot."""
    rng = np.random.default_rng(3)
    ranges = rng.uniform(0.0, 1.0, (4, 1326))
    outlook = PreflopOutlook(ACES, ranges, [1, 3])
    aces = int(CLASS_OF[ACES])
    e1, e3 = equity_vs_range(ACES, ranges[1]), equity_vs_range(ACES, ranges[3])
    assert outlook.equity() == combine(aces, [e1, e3], [1.0, 1.0])
    assert outlook.equity(present={3: 0.25}) == combine(aces, [e1, e3], [1.0, 0.25])
    top = Continuing(Ranking(np.linspace(0, 1, 1326)), np.ones(1326), 0.6, 1.0)
    e3_top = equity_vs_range(ACES, ranges[3] * top.at())
    assert e3_top != e3
    assert outlook.equity(gains={3: top}) == combine(aces, [e1, e3_top], [1.0, 1.0])
