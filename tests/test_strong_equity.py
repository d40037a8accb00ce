"""The strong bot's equity, exactly: the share of the pot in each deal on known values,
the draws by weight and the runouts at their edges and by their counts, and every deal the
equity models make checked card by card against the scalar evaluators (the deals read
back from the calls that make them): the range model on the flop, turn and river with one
to five opponents, and the dealt model with wild cards, the joker and hands that must use
one or two hole cards."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.equity.keys import boards_of
from pokerroom.equity.montecarlo import deal
from pokerroom.evaluator import JokerMode, WildCards, rank, rank_wild
from pokerroom.players.strong import equity
from pokerroom.players.strong.cards import CARD_A, CARD_B
from pokerroom.players.strong.equity import DealtEquity, RangeEquity, shares
from pokerroom.players.strong.ranges import Continuing, Ranking


def _cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)] if text else []


def test_the_share_of_each_deal() -> None:
    """Beating every other value: 1; tying k - 1 others for the best: 1/k; else 0."""
    hero = np.array([5, 5, 5, 3, 5, 7], dtype=np.uint16)
    a = np.array([3, 5, 5, 4, 6, 7], dtype=np.uint16)
    b = np.array([4, 4, 5, 1, 5, 7], dtype=np.uint16)
    c = np.array([1, 1, 1, 1, 1, 7], dtype=np.uint16)
    keep = [a.copy(), b.copy(), c.copy()]
    found = shares(hero, [a, b, c])
    assert found.dtype == np.float64
    assert found.tolist() == [1.0, 0.5, 1 / 3, 0.0, 0.0, 0.25]
    assert all((x == y).all() for x, y in zip([a, b, c], keep, strict=True))  # untouched
    assert shares(hero, [b]).tolist() == [1.0, 1.0, 0.5, 1.0, 0.5, 0.5]


class Fixed:
    """A generator that returns given numbers from ``random``."""

    def __init__(self, values: Sequence[float]) -> None:
        self.values = np.array(values)

    def random(self, size: int) -> np.ndarray:
        assert size == len(self.values)
        return self.values


def test_a_draw_by_weight_at_the_edges_of_the_random_numbers() -> None:
    """Weights 0, 1, 0, 2, 0 (running total 0, 1, 1, 3, 3): a random number u picks the
    first combination whose running total is above 3u, so the weightless ones are never
    drawn, not even at u = 0 or just under 1."""
    cum = np.cumsum([0.0, 1.0, 0.0, 2.0, 0.0])
    u = [0.0, 0.3, 1 / 3 - 1e-12, 1 / 3, 0.5, 1 - 2**-53]
    assert equity._draw(Fixed(u), cum, len(u)).tolist() == [1, 1, 1, 3, 3, 3]  # type: ignore[arg-type]
    last = np.cumsum([1.0, 1.0, 2.0])
    assert equity._draw(Fixed([0.9, 0.7]), last, 2).tolist() == [2, 2]  # type: ignore[arg-type]


def test_runouts_are_uniform_and_distinct() -> None:
    """One card: each of 5 positions about a fifth of the time; two: each of the 20
    ordered pairs of distinct positions about a twentieth (within 5 standard errors)."""
    rng = np.random.default_rng(7)
    one = equity._runout(rng, 5, 1, 10_000)
    assert one.shape == (1, 10_000)
    counts = np.bincount(one[0], minlength=5)
    assert len(counts) == 5 and (abs(counts - 2000) < 5 * 40).all()
    two = equity._runout(rng, 5, 2, 20_000)
    assert two.shape == (2, 20_000)
    assert (two[0] != two[1]).all()
    pairs = np.bincount(two[0] * 5 + two[1], minlength=25).reshape(5, 5)
    assert pairs.shape == (5, 5) and np.diag(pairs).tolist() == [0] * 5
    off = pairs[~np.eye(5, dtype=bool)]
    assert (abs(off - 1000) < 5 * 31).all()


# ---------------------------------------------------------------- the range model


def _share(hero: int, theirs: Sequence[int]) -> float:
    best = max(theirs)
    if hero > best:
        return 1.0
    if hero < best:
        return 0.0
    return 1.0 / (1 + sum(v == hero for v in theirs))


def _recorded(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """The runouts the range model values (its calls of ``boards_of``)."""
    calls: list[tuple[Any, ...]] = []
    real = boards_of

    def spy(cards: Any, fixed: Any = (), deck: Any = None) -> Any:
        calls.append((np.array(cards), list(fixed), np.array(deck)))
        return real(cards, fixed, deck)

    monkeypatch.setattr(equity, "boards_of", spy)
    return calls


def _check_deals(e: RangeEquity, calls: list[tuple[Any, ...]], hole: list[int],
                 board: list[int]) -> None:  # fmt: skip
    """Every deal the model kept: distinct cards, the board completed from the live cards,
    and its share worked out with the scalar evaluator."""
    [(runout, fixed, live)] = calls
    assert fixed == board
    assert sorted(live.tolist()) == [c for c in range(52) if c not in hole + board]
    assert runout.shape == (5 - len(board), len(e.share)) == (5 - len(board), e.combos.shape[1])
    for d in range(len(e.share)):
        full = board + [int(live[p]) for p in runout[:, d]]
        theirs = [(int(CARD_A[row]), int(CARD_B[row])) for row in e.combos[:, d]]
        every = hole + full + [c for pair in theirs for c in pair]
        assert len(set(every)) == len(every), (d, every)
        hero = rank(hole + full)
        assert e.share[d] == _share(hero, [rank([*pair, *full]) for pair in theirs]), d


@pytest.mark.parametrize("opponents", [1, 2, 3])
@pytest.mark.parametrize("board", ["Qh 7h 2c", "Qh 7h 2c 9s"])
def test_the_range_model_deals_by_weight_and_values_each_deal(
    monkeypatch: pytest.MonkeyPatch, opponents: int, board: str
) -> None:
    """Up to three opponents the hands are drawn by weight, each deal of weight 1; some
    deals clash and are redrawn; every deal kept is valued exactly."""
    calls = _recorded(monkeypatch)
    hole, cards = _cards("Ah Kh"), _cards(board)
    rng = np.random.default_rng(opponents)
    ranges = [rng.uniform(0.0, 1.0, 1326) for _ in range(opponents)]
    e = RangeEquity(hole, cards, ranges, np.random.default_rng(3), samples=300)
    assert e.combos.shape[0] == opponents and e.weight.tolist() == [1.0] * len(e.share)
    assert len(e.share) > 0.6 * 300
    _check_deals(e, calls, hole, cards)
    assert e.value() == pytest.approx(float(e.share.mean()), abs=1e-12)


@pytest.mark.parametrize("opponents", [4, 5])
def test_the_range_model_deals_many_opponents_uniformly_and_weights_them(
    monkeypatch: pytest.MonkeyPatch, opponents: int
) -> None:
    """Four and more opponents: hands dealt uniformly, every deal kept, weighted by the
    product of the ranges at the hands dealt (small weights: a total below 1)."""
    calls = _recorded(monkeypatch)
    hole, board = _cards("Ah Kh"), _cards("Qh 7h 2c 9s")
    rng = np.random.default_rng(opponents)
    ranges = [rng.uniform(0.0, 0.5, 1326) for _ in range(opponents)]
    e = RangeEquity(hole, board, ranges, np.random.default_rng(3), samples=200)
    assert e.combos.shape == (opponents, 200)
    expected = np.prod([ranges[i][e.combos[i]] for i in range(opponents)], axis=0)
    assert e.weight == pytest.approx(expected, rel=1e-12)
    _check_deals(e, calls, hole, board)
    assert e.weight.sum() < 1.0
    assert e.value() == pytest.approx(float(e.weight @ e.share / e.weight.sum()), rel=1e-12)


def test_the_range_model_draws_each_hand_by_its_weight() -> None:
    """One opponent holding one of three hands, weighted 1, 2 and 3 (none touching the
    board or the bot's cards): each hand clashes with as many runouts, so they are kept
    in those proportions (within 5 standard errors)."""
    hole, board = _cards("Ah Kh"), _cards("Qh 7h 2c")
    w = np.zeros(1326)
    from pokerroom.players.strong.cards import index_of

    hands = [index_of("9s8s"), index_of("JdJc"), index_of("6d5d")]
    w[hands] = [1.0, 2.0, 3.0]
    e = RangeEquity(hole, board, [w], np.random.default_rng(11), samples=12_000)
    n = len(e.share)
    assert n > 10_000
    counts = [int((e.combos[0] == h).sum()) for h in hands]
    assert sum(counts) == n
    for c, p in zip(counts, (1 / 6, 2 / 6, 3 / 6), strict=True):
        assert abs(c - n * p) < 5 * (n * p * (1 - p)) ** 0.5


def test_two_opponents_never_hold_the_same_card() -> None:
    """Two opponents each holding one of two hands sharing a card, weighted alike: the
    clashing deals are redrawn; any still clashing after the redraws are dropped, so
    every deal kept holds distinct cards."""
    from pokerroom.players.strong.cards import index_of

    hole, board = _cards("Ah Kh"), _cards("Qh 7h 2c")
    a, b, c = index_of("9s8s"), index_of("9s5d"), index_of("6c5c")
    w1, w2 = np.zeros(1326), np.zeros(1326)
    w1[[a, c]] = 1.0
    w2[[b]] = 1.0
    e = RangeEquity(hole, board, [w1, w2], np.random.default_rng(2), samples=2000)
    assert set(e.combos[1].tolist()) == {b}
    assert set(e.combos[0].tolist()) == {c}  # a clashes with b: never kept
    assert len(e.share) > 1500  # redrawn, not dropped, almost always


def test_on_the_river_every_hand_is_valued_exactly() -> None:
    """The share of each combination is 1, 1/2 or 0 by the scalar evaluator; the value
    is the range's weighted mean of it (opponents multiply), a range left with no
    weight counts every live hand, and a reweighting to nothing is an even chance."""
    hole, board = _cards("Ah Kh"), _cards("Qh 7h 2c 9s 3d")
    hero = rank(hole + board)
    live = [i for i in range(1326)
            if not {int(CARD_A[i]), int(CARD_B[i])} & set(hole + board)]  # fmt: skip
    share = np.zeros(1326)
    for i in live:
        v = rank([int(CARD_A[i]), int(CARD_B[i]), *board])
        share[i] = 1.0 if hero > v else 0.5 if hero == v else 0.0
    rng = np.random.default_rng(4)
    w1, w2 = rng.uniform(0, 1, 1326), rng.uniform(0, 1, 1326)
    e = RangeEquity(hole, board, [w1, w2], np.random.default_rng(1))
    assert e.share[live].tolist() == share[live].tolist()
    mask = np.zeros(1326)
    mask[live] = 1.0
    one = (w1 * mask) @ share / (w1 * mask).sum()
    two = (w2 * mask) @ share / (w2 * mask).sum()
    assert e.value() == pytest.approx(one * two, rel=1e-12)
    everyone = RangeEquity(hole, board, [np.zeros(1326)], np.random.default_rng(1))
    assert everyone.value() == pytest.approx(share.sum() / len(live), rel=1e-12)
    mine = np.zeros(1326)
    mine[[i for i in range(1326) if i not in live]] = 1.0  # only hands holding a seen card
    assert RangeEquity(hole, board, [mine], np.random.default_rng(1)).value() == pytest.approx(
        share.sum() / len(live), rel=1e-12)
    scores = np.arange(1326) / 1325
    top = Continuing(Ranking(scores), np.ones(1326), fold=0.5, belief=1.0)
    g = top.at()
    expected = (w1 * mask * g) @ share / (w1 * mask * g).sum() * two
    assert e.value([top, None]) == pytest.approx(expected, rel=1e-12)
    none = Continuing(Ranking(scores), np.ones(1326), fold=1.0, belief=0.0)
    assert e.value([none, None]) == pytest.approx(0.5 * two, rel=1e-12)


def test_reweighting_after_the_flop_is_the_weighted_mean_of_the_deals() -> None:
    hole, board = _cards("Ah Kh"), _cards("Qh 7h 2c")
    e = RangeEquity(hole, board, [np.ones(1326)], np.random.default_rng(5), samples=400)
    scores = np.arange(1326) / 1325
    top = Continuing(Ranking(scores), np.ones(1326), fold=0.5, belief=1.0)
    g = top.at(e.combos[0])
    assert e.value([top]) == pytest.approx(float(g @ e.share / g.sum()), rel=1e-12)
    assert e.value([None]) == pytest.approx(float(e.share.mean()), rel=1e-12)
    none = Continuing(Ranking(scores), np.ones(1326), fold=1.0, belief=0.0)
    assert e.value([none]) == pytest.approx(float(e.share.mean()), rel=1e-12)


# ---------------------------------------------------------------- the dealt model


def _best(hole: Sequence[int], board: Sequence[int], wild: WildCards | None, least: int) -> int:
    """The best five of two hole cards and five board cards using ``least`` or more hole
    cards, by brute force over the five-card hands."""
    best = -1
    for used in range(least, 3):
        for h in combinations(hole, used):
            for b in combinations(board, 5 - used):
                five = [*h, *b]
                v = rank_wild(five, wild) if wild is not None else rank(five)
                best = max(best, v)
    return best


WILDS = [None, WildCards.parse("2"), WildCards(joker=JokerMode.BUG)]


@pytest.mark.parametrize("least", [0, 1, 2])
@pytest.mark.parametrize("wild", WILDS, ids=["none", "deuces", "joker"])
def test_the_best_hand_using_enough_hole_cards(wild: WildCards | None, least: int) -> None:
    rng = np.random.default_rng(least)
    deck = 53 if wild is not None and wild.joker is not None else 52
    rows = [rng.permutation(deck)[:7] for _ in range(150)]
    rows.append(np.array(_cards("2c 3d As Ks Qs Js Ts")))  # the board plays
    rows.append(np.array(_cards("4c 4d 4h 4s Kd 8c 5h")))
    cards = np.array(rows, dtype=np.uint8)
    found = equity._best(cards[:, :2].copy(), cards[:, 2:].copy(), wild, least)
    expected = [_best(r[:2].tolist(), r[2:].tolist(), wild, least) for r in cards]
    assert found.tolist() == expected


def _dealt(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    calls: list[tuple[Any, ...]] = []
    real = deal

    def spy(rng: Any, n: int, count: int, size: int) -> Any:
        out = real(rng, n, count, size)
        calls.append((n, count, size, out.copy()))
        return out

    monkeypatch.setattr(equity, "deal", spy)
    return calls


@pytest.mark.parametrize(("wild", "least", "board", "opponents"), [
    (None, 0, "", 2), (WildCards.parse("2"), 1, "Qh 7h 2c", 1),
    (WildCards(joker=JokerMode.BUG), 2, "Qh 7h 2c 9s", 3), (None, 2, "Qh 7h 2c 9s 3d", 2),
])  # fmt: skip
def test_the_dealt_model_values_each_deal(
    monkeypatch: pytest.MonkeyPatch, wild: WildCards | None, least: int, board: str,
    opponents: int,
) -> None:
    """The opponents' hands and the rest of the board dealt from the cards not seen (the
    joker too when the pack has it), each deal's share worked out by brute force."""
    calls = _dealt(monkeypatch)
    hole, cards = _cards("Ah Kh"), _cards(board)
    e = DealtEquity(hole, cards, opponents, np.random.default_rng(9), wild, least, samples=40)
    deck = 53 if wild is not None and wild.joker is not None else 52
    live = [c for c in range(deck) if c not in hole + cards]
    [(n, count, size, out)] = calls
    to_come = 5 - len(cards)
    assert (n, count, size) == (len(live), 2 * opponents + to_come, 40)
    assert e.share.shape == (40,)
    for d in range(40):
        codes = [live[p] for p in out[:, d]]
        full = cards + codes[2 * opponents:]
        hero = _best(hole, full, wild, least)
        theirs = [_best(codes[2 * i: 2 * i + 2], full, wild, least) for i in range(opponents)]
        assert e.share[d] == _share(hero, theirs), d
    assert e.value() == pytest.approx(float(e.share.mean()), rel=1e-12)


def test_the_dealt_model_seats_no_more_opponents_than_the_cards_allow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """50 cards left pre-flop: five for the board and 22 opponents at most; with no
    opponent the bot wins every deal; 300 deals unless told."""
    calls = _dealt(monkeypatch)
    hole = _cards("Ah Kh")
    e = DealtEquity(hole, [], 30, np.random.default_rng(1), None, 0, samples=20)
    assert calls[-1][:3] == (50, 49, 20)
    assert 0.0 <= e.value() <= 1.0
    alone = DealtEquity(hole, [], 0, np.random.default_rng(1), None, 0)
    assert alone.share.shape == (300,) and alone.value() == 1.0


def test_the_range_model_deals_400_times_unless_told() -> None:
    """Four opponents keep every deal: 400 of them by default."""
    hole, board = _cards("Ah Kh"), _cards("Qh 7h 2c")
    e = RangeEquity(hole, board, [np.ones(1326)] * 4, np.random.default_rng(1))
    assert e.combos.shape == (4, 400) and e.share.shape == (400,)


def test_redrawn_hands_are_drawn_each_by_its_weight() -> None:
    """The first opponent holds one of three hands alike, the second one hand sharing a
    card with the first of them: the deals that clash are redrawn one by one, so the two
    other hands come equally often (within 5 standard errors)."""
    from pokerroom.players.strong.cards import index_of

    hole, board = _cards("Ah Kh"), _cards("Qh 7h 2c")
    a, b = index_of("9s8s"), index_of("9s5d")
    c, d = index_of("6c5c"), index_of("JdTd")
    w1, w2 = np.zeros(1326), np.zeros(1326)
    w1[[a, c, d]] = 1.0
    w2[b] = 1.0
    e = RangeEquity(hole, board, [w1, w2], np.random.default_rng(6), samples=3000)
    kept = e.combos[0]
    n = len(kept)
    assert set(kept.tolist()) == {c, d}
    assert abs(int((kept == c).sum()) - n / 2) < 5 * (n / 4) ** 0.5


def test_no_deal_kept_is_an_even_chance() -> None:
    """Two opponents whose only hands share a card: every deal clashes, redrawn or not."""
    from pokerroom.players.strong.cards import index_of

    hole, board = _cards("Ah Kh"), _cards("Qh 7h 2c")
    w1, w2 = np.zeros(1326), np.zeros(1326)
    w1[index_of("9s8s")] = 1.0
    w2[index_of("9s5d")] = 1.0
    e = RangeEquity(hole, board, [w1, w2], np.random.default_rng(1), samples=50)
    assert len(e.share) == 0 and e.value() == 0.5


def test_one_gain_per_opponent() -> None:
    """A reweighting names one answer (or None) per opponent: more or fewer is an error."""
    hole = _cards("Ah Kh")
    for board in ("Qh 7h 2c", "Qh 7h 2c 9s 3d"):
        e = RangeEquity(hole, _cards(board), [np.ones(1326)] * 2, np.random.default_rng(1),
                        samples=50)  # fmt: skip
        with pytest.raises(ValueError, match="shorter"):
            e.value([None])
        with pytest.raises(ValueError, match="longer"):
            e.value([None, None, None])


def test_on_the_river_a_range_of_little_weight_counts_as_it_is() -> None:
    """A single hand of weight 0.5 that the bot beats: it wins the whole pot."""
    from pokerroom.players.strong.cards import index_of

    w = np.zeros(1326)
    w[index_of("3s4s")] = 0.5
    e = RangeEquity(_cards("Ah Kh"), _cards("Qh 7h 2c 9s 8d"), [w], np.random.default_rng(1))
    assert e.value() == 1.0
