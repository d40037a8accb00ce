"""Card buckets (pokerroom.solver.abstraction) on small inputs worked out by hand: the cut at
its boundaries, buckets, prior and transitions cut from made-up feature histograms, the
showdown matrix of a board or two against brute force, every combination's bucket read
one at a time and all at once, and every refusal in full."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.evaluator import rank7
from pokerroom.ranges import COMBO_COUNT, combo_cards
from pokerroom.solver.abstraction import (
    AbstractionError,
    CardAbstraction,
    cut,
    from_features,
    showdown_equity,
)
from pokerroom.solver.features import DEAD, LEVELS, Features, river_level, turn_level
from pokerroom.solver.files import DEFAULT_BUCKETS, abstraction_for
from pokerroom.solver.strength import combos, hand_strengths
from pokerroom.starting import ALL_CLASSES, HandClass

KINDS = len(ALL_CLASSES)


def _codes(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def test_cut_at_its_boundaries() -> None:
    # middles 0, 0 and 0.5 of the mass: the last level on the boundary goes above it
    assert cut(np.array([0.0, 0.0, 4.0]), 2).tolist() == [0, 0, 1]
    # middles 3/8 and 7/8
    assert cut(np.array([3.0, 1.0]), 2).tolist() == [0, 1]
    # a level after all the mass has its middle at 1: the last bucket, not one more
    assert cut(np.array([1.0, 0.0]), 2).tolist() == [1, 1]
    assert cut(np.array([2.0, 5.0]), 1).tolist() == [0, 0]
    assert cut(np.array([1.0, 1.0]), 2).dtype == np.intp


def _features() -> Features:
    """Made-up features: the classes stronger in ``ALL_CLASSES`` order reversed (the last
    class the weakest); mass where the cuts below are worked out by hand."""
    preflop_flop = np.zeros((KINDS, LEVELS))
    preflop_flop[0, 10] = 1.0  # class 0, the strongest: flop level 10 once, 40 three times
    preflop_flop[0, 40] = 3.0
    flop_turn = np.zeros((LEVELS, LEVELS))
    flop_turn[5, 7] = 2.0
    flop_turn[600, 900] = 2.0
    turn_river = np.zeros((LEVELS, LEVELS))
    turn_river[7, 3] = 1.0
    turn_river[7, 950] = 1.0
    turn_river[900, 950] = 2.0
    levels = np.array([[DEAD, 0, 39, 40, 999], [5, DEAD, DEAD, 600, 3]], dtype=np.uint16)
    return Features(
        preflop=np.arange(KINDS, 0, -1, dtype=np.float64),
        flop_keys=np.array([11, 22], dtype=np.int64),
        flop_levels=levels,
        preflop_flop=preflop_flop,
        flop_turn=flop_turn,
        turn_river=turn_river,
    )


def test_buckets_prior_and_transitions_cut_from_the_features() -> None:
    made = from_features(_features(), (2, 2, 2, 3), np.random.default_rng(0), showdown_boards=0)
    assert made.sizes == (2, 2, 2, 3)
    # pre-flop: the classes weakest first (last to first), by combinations: the weaker
    # half of the 1,326 (middles below 663) in bucket 0
    counts = [c.combo_count for c in ALL_CLASSES]
    below, expected = 0, [0] * KINDS
    for i in reversed(range(KINDS)):
        expected[i] = 1 if below + counts[i] / 2 >= COMBO_COUNT / 2 else 0
        below += counts[i]
    assert made.preflop.tolist() == expected
    assert made.preflop[0] == 1 and made.preflop[-1] == 0
    upper = sum(c for c, b in zip(counts, expected, strict=True) if b == 1)
    assert made.prior.tolist() == pytest.approx([1 - upper / COMBO_COUNT, upper / COMBO_COUNT])
    # flop: mass 1 at level 10 and 3 at 40; middles 1/8 (10), 1/4 (11 to 39), 5/8 (40)
    assert made.flop_cuts.tolist() == [0] * 40 + [1] * 960
    # turn: mass 2 at 7 and 2 at 900; middles 1/4 (7), 1/2 (8 on: the upper bucket)
    assert made.turn_cuts.tolist() == [0] * 8 + [1] * 992
    # river: mass 1 at 3 and 3 at 950 in three buckets; middle 5/8 at 950 (bucket 1), and
    # 1 after it (the top bucket)
    assert made.river_cuts.tolist() == [0] * 950 + [1] + [2] * 49
    assert np.array_equal(made.flop_keys, np.array([11, 22]))
    assert made.flop_buckets.dtype == np.uint8
    assert made.flop_buckets.tolist() == [[255, 0, 0, 1, 1], [0, 255, 255, 1, 0]]
    t2, t3, t4 = made.transitions
    # class 0 is in pre-flop bucket 1: 1 of its 4 to flop bucket 0; bucket 0 saw no deal
    assert t2.tolist() == [[0.5, 0.5], [0.25, 0.75]]
    assert t3.tolist() == [[1.0, 0.0], [0.0, 1.0]]  # flop level 5 -> turn 7, 600 -> 900
    assert t4.tolist() == [[0.5, 0.5, 0.0], [0.0, 1.0, 0.0]]
    assert made.showdown.tolist() == [[0.5] * 3] * 3  # no board drawn: even


def test_bucket_sizes_at_and_beyond_their_limits() -> None:
    rng = np.random.default_rng(0)
    made = from_features(_features(), (169, 250, 1, 1), rng, showdown_boards=0)
    assert made.sizes == (169, 250, 1, 1) and made.prior.shape == (169,)
    assert made.prior.sum() == pytest.approx(1.0)
    with pytest.raises(AbstractionError) as error:
        from_features(_features(), (0, 251, 250, 1), rng, showdown_boards=0)
    assert str(error.value) == (
        "bucket sizes: 0 buckets in round 1, 251 buckets in round 2"
        " (1 to 169 pre-flop, 1 to 250 in later rounds)"
    )
    with pytest.raises(AbstractionError) as error:
        from_features(_features(), (170, 1, 0, 251), rng, showdown_boards=0)
    assert str(error.value) == (
        "bucket sizes: 170 buckets in round 1, 0 buckets in round 3, 251 buckets in round 4"
        " (1 to 169 pre-flop, 1 to 250 in later rounds)"
    )


class _Boards:
    """A stand-in generator that deals the boards given, in order."""

    def __init__(self, *boards: str) -> None:
        self.boards = [np.array(_codes(b)) for b in boards]
        self.asked: list[tuple[object, ...]] = []

    def choice(self, n: int, k: int, replace: bool) -> np.ndarray:
        self.asked.append((n, k, replace))
        return self.boards.pop(0)


def _won_met(board: list[int], river_cuts: np.ndarray, buckets: int) -> tuple[np.ndarray, ...]:
    """Pot shares won and pairs met, bucket against bucket, over every pair of live hands
    that share no card on ``board``: each hand valued by the evaluator."""
    live = [i for i in range(COMBO_COUNT) if not set(combo_cards(i)) & set(board)]
    cards = np.array([combo_cards(i) for i in live])
    values = np.array([rank7([*combo_cards(i), *board]) for i in live])
    clash = (cards[:, None, 0] == cards[None, :, 0]) | (cards[:, None, 0] == cards[None, :, 1])
    clash |= (cards[:, None, 1] == cards[None, :, 0]) | (cards[:, None, 1] == cards[None, :, 1])
    share = np.where(values[:, None] > values[None, :], 1.0, 0.0)
    share += np.where(values[:, None] == values[None, :], 0.5, 0.0)
    strength = (2 * np.where(clash, 0.0, share)).sum(axis=1).astype(np.int64)  # 2 x wins + ties
    bucket = river_cuts[river_level(strength)]
    won = np.zeros((buckets, buckets))
    met = np.zeros((buckets, buckets))
    np.add.at(won, (bucket[:, None], bucket[None, :]), np.where(clash, 0.0, share))
    np.add.at(met, (bucket[:, None], bucket[None, :]), np.where(clash, 0.0, 1.0))
    return won, met


def test_the_showdown_matrix_is_every_pair_of_hands_on_the_boards_drawn() -> None:
    # three buckets that mix strong and weak hands (the river level modulo 3: a hand of a
    # higher bucket does not always win), two boards drawn, their shares and meetings
    # summed before the one division
    river_cuts = np.arange(LEVELS) % 3
    boards = ("2c 7d 9h 4s Kd", "Ah Kh Qh Jh 2c")
    rng = _Boards(*boards)
    got = showdown_equity(river_cuts, 3, rng, 2)  # type: ignore[arg-type]
    assert rng.asked == [(52, 5, False)] * 2
    won, met = (sum(x) for x in zip(*(_won_met(_codes(b), river_cuts, 3) for b in boards),
                                       strict=True))  # fmt: skip
    assert got == pytest.approx(won / met, rel=1e-6)
    assert got + got.T == pytest.approx(np.ones((3, 3)), rel=1e-6)
    assert 0.3 < got[0, 1] < 0.7 and 0.3 < got[1, 2] < 0.7  # no bucket sure to win
    # quads on the board: three hands beat and tie no other (strength 0), and still meet
    quads = "Ks Kc Kd Kh 2c"
    won, met = _won_met(_codes(quads), river_cuts, 3)
    got = showdown_equity(river_cuts, 3, _Boards(quads), 1)  # type: ignore[arg-type]
    assert got == pytest.approx(won / met, rel=1e-6)
    # a bucket no hand reaches: an even share against it
    river_cuts = np.repeat([0, 1, 2], [300, 400, 300])
    board = "As Ks Qs Js Ts"  # every hand plays the board: all tie, strength 990 (level 499)
    got = showdown_equity(river_cuts, 3, _Boards(board), 1)  # type: ignore[arg-type]
    assert got.tolist() == [[0.5, 0.5, 0.5], [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]]
    assert _won_met(_codes(board), river_cuts, 3)[1][1, 1] > 0  # bucket 1 met itself


# ------------------------------------------------------------------ the shipped buckets


@pytest.fixture(scope="module")
def shipped() -> CardAbstraction:
    return abstraction_for(DEFAULT_BUCKETS)


@pytest.mark.parametrize("board", ["", "Ks 7h 2d", "7c 7d 2h", "Ks 7h 2d 9c", "Qs Js 4d 4c 8h"])
def test_every_combinations_bucket_one_at_a_time_and_all_at_once(
    shipped: CardAbstraction, board: str
) -> None:
    cards = tuple(_codes(board)) if board else ()
    every = shipped.buckets(cards)
    assert every.dtype == np.intp and every.shape == (COMBO_COUNT,)
    pairs, _ = combos()
    for combo in range(COMBO_COUNT):
        hole = (int(pairs[combo, 0]), int(pairs[combo, 1]))
        if set(hole) & set(cards):
            assert every[combo] == -1
        else:
            assert every[combo] == shipped.bucket(hole, cards), combo
            assert shipped.bucket((hole[1], hole[0]), cards) == every[combo]


def test_buckets_by_hand_in_each_round(shipped: CardAbstraction) -> None:
    aces = (_codes("As")[0], _codes("Ah")[0])
    assert shipped.bucket(aces, ()) == shipped.preflop[ALL_CLASSES.index(HandClass.parse("AA"))]
    turn = tuple(_codes("Ks 7h 2d 9c"))
    rivers = np.array([[*turn, c] for c in range(52) if c not in turn and c not in aces])
    combo = int(combos()[1][aces])
    s = hand_strengths(combo, rivers)
    assert shipped.bucket(aces, turn) == shipped.turn_cuts[turn_level(int((s * s).sum()))]
    river = (*turn, _codes("3h")[0])
    strength = int(hand_strengths(combo, np.array([river]))[0])
    assert shipped.bucket(aces, river) == shipped.river_cuts[river_level(strength)]


def test_bucket_refusals_in_full(shipped: CardAbstraction) -> None:
    with pytest.raises(ValueError) as error:
        shipped.bucket((5, 5), ())
    assert str(error.value) == "cards used twice: hole (5, 5), board ()"
    with pytest.raises(ValueError) as error:
        shipped.bucket((5, 6), (1, 2, 6))
    assert str(error.value) == "cards used twice: hole (5, 6), board (1, 2, 6)"
    with pytest.raises(ValueError) as error:
        shipped.bucket((5, 6), (1, 2, 2))
    assert str(error.value) == "cards used twice: hole (5, 6), board (1, 2, 2)"
    for board in ((1,), (1, 2), (1, 2, 3, 4, 7, 8)):
        with pytest.raises(ValueError) as error:
            shipped.bucket((5, 6), board)
        assert str(error.value) == f"a board has 0, 3, 4 or 5 cards, not {len(board)}"
        with pytest.raises(ValueError) as error:
            shipped.buckets(board)
        assert str(error.value) == f"a board has 0, 3, 4 or 5 cards, not {len(board)}"
    with pytest.raises(ValueError) as error:
        shipped.buckets((1, 2, 1))
    assert str(error.value) == "cards used twice on the board (1, 2, 1)"


def test_joint_histograms_of_less_than_one_deal_are_normalised_too() -> None:
    from pokerroom.solver.abstraction import _joint

    # levels 0, 1, 2 of the next round in buckets 0, 1, 1; this round's two levels in
    # buckets 0 and 1; row 0 holds 3/4 of a deal, row 1 none
    hist = np.array([[0.25, 0.5, 0.0], [0.0, 0.0, 0.0]])
    got = _joint(hist, np.array([0, 1]), np.array([0, 1, 1]), (2, 2))
    assert got == pytest.approx(np.array([[1 / 3, 2 / 3], [0.5, 0.5]]))


def test_the_showdown_matrix_is_asked_of_600_boards_by_default(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from pokerroom.solver import abstraction

    asked: list[tuple[object, ...]] = []

    def showdown(river_cuts, buckets, rng, boards):  # type: ignore[no-untyped-def]
        asked.append((river_cuts.tolist(), buckets, rng, boards))
        return np.full((buckets, buckets), 0.25)

    monkeypatch.setattr(abstraction, "showdown_equity", showdown)
    rng = np.random.default_rng(0)
    made = from_features(_features(), (2, 2, 2, 3), rng)
    assert asked == [([0] * 950 + [1] + [2] * 49, 3, rng, 600)]
    assert made.showdown.tolist() == [[0.25] * 3] * 3


def test_classes_of_equal_strength_keep_their_order_when_cut() -> None:
    # two strengths: the even classes (in ALL_CLASSES order) below the odd ones; eight
    # buckets cut across both groups, each group in its own order
    features = _features()
    tied = Features(np.arange(KINDS, dtype=np.float64) % 2, features.flop_keys,
                    features.flop_levels, features.preflop_flop, features.flop_turn,
                    features.turn_river)  # fmt: skip
    made = from_features(tied, (8, 2, 2, 3), np.random.default_rng(0), showdown_boards=0)
    counts = [c.combo_count for c in ALL_CLASSES]
    below, expected = 0.0, [0] * KINDS
    for i in [*range(0, KINDS, 2), *range(1, KINDS, 2)]:
        expected[i] = min(int((below + counts[i] / 2) / COMBO_COUNT * 8), 7)
        below += counts[i]
    assert made.preflop.tolist() == expected


def test_the_top_flop_level_has_its_own_bucket() -> None:
    # flop levels 998 and 999 once each, two buckets: 998 the lower, 999 the upper
    features = _features()
    preflop_flop = np.zeros((KINDS, LEVELS))
    preflop_flop[0, 998] = preflop_flop[0, 999] = 1.0
    levels = np.array([[998, 999, DEAD]], dtype=np.uint16)
    top = Features(features.preflop, features.flop_keys[:1], levels, preflop_flop,
                   features.flop_turn, features.turn_river)  # fmt: skip
    made = from_features(top, (2, 2, 2, 3), np.random.default_rng(0), showdown_boards=0)
    assert made.flop_cuts.tolist() == [0] * 999 + [1]
    assert made.flop_buckets.tolist() == [[0, 1, 255]]


def test_two_buckets_of_one_hand_each_met_once_give_the_showdowns_result() -> None:
    # on this board some river levels are each reached by one hand alone: two of them
    # (sharing no card) make buckets 1 and 2 of their own, every other level bucket 0;
    # they meet exactly once
    text = "9s 5d Qd 9d 6h"
    board = _codes(text)
    live = [i for i in range(COMBO_COUNT) if not set(combo_cards(i)) & set(board)]
    level = {i: int(river_level(int(hand_strengths(i, np.array([board]))[0]))) for i in live}
    alone = [lv for lv in sorted(set(level.values())) if list(level.values()).count(lv) == 1]
    holder = {lv: next(i for i in live if level[i] == lv) for lv in alone}
    a, b = next((x, y) for x in alone for y in alone
                if x < y and not set(combo_cards(holder[x])) & set(combo_cards(holder[y])))
    river_cuts = np.zeros(LEVELS, dtype=np.intp)
    river_cuts[a], river_cuts[b] = 1, 2
    won, met = _won_met(board, river_cuts, 3)
    assert met[1, 2] == met[2, 1] == 1
    got = showdown_equity(river_cuts, 3, _Boards(text), 1)  # type: ignore[arg-type]
    assert got[1, 2] == won[1, 2] and got[2, 1] == won[2, 1]
    assert {float(won[1, 2]), float(won[2, 1])} == {0.0, 1.0}  # the stronger hand wins
