"""The bots' question: equity against random hands, within a sample budget."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

import pokerroom.equity.opponents
from pokerroom.cards import CardError
from pokerroom.equity import EquityError, equity, equity_vs_random
from pokerroom.equity.opponents import _summary


def test_doctests() -> None:
    assert doctest.testmod(pokerroom.equity.opponents).failed == 0


def test_river_against_one_hand_is_exact() -> None:
    e = equity_vs_random("7c2d", "Ks7d2c4h5s", opponents=1, samples=990)
    want = equity(["7c2d", "random"], "Ks7d2c4h5s").players[0]
    assert e.std_error == 0.0
    assert (e.win, e.tie, e.equity) == pytest.approx((want.win, want.tie, want.equity),
                                                    abs=1e-12)


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        ("AcKd", "QcJc5c7h8d"),  # four clubs: a fifth card anywhere would make a flush
        ("AhKh", "QhJh2c3d9s"),
    ],
)
def test_river_exact_on_boards_that_need_every_card(hole: str, board: str) -> None:
    e = equity_vs_random(hole, board)  # one opponent, 1,000 deals: the 990 all counted
    want = equity([hole, "random"], board).players[0]
    assert e.hand == want.hand and e.std_error == 0.0
    assert (e.win, e.tie, e.equity) == pytest.approx((want.win, want.tie, want.equity),
                                                    abs=1e-12)


def test_one_opponent_and_a_thousand_deals_by_default() -> None:
    assert equity_vs_random("AhKd", "Qh7c2d", seed=3) == equity_vs_random(
        "AhKd", "Qh7c2d", 1, 1000, seed=3)


def test_a_single_deal_is_an_answer_without_error() -> None:
    e = equity_vs_random("AhKd", "Qh7c2d", samples=1, seed=3)
    assert e.hand == "AhKd" and e.std_error == 0.0 and e.equity in (0.0, 0.5, 1.0)


def test_summary_shares_and_their_standard_error() -> None:
    """Four deals: won, split two ways, lost, split three ways."""
    hero = np.array([5, 5, 5, 5], dtype=np.uint16)
    best = np.array([3, 5, 7, 5], dtype=np.uint16)
    level = np.array([0, 1, 1, 2], dtype=np.intp)
    shares = [1, 1 / 2, 0, 1 / 3]
    e = _summary("AhKd", hero, best, level)
    assert (e.hand, e.win, e.tie) == ("AhKd", 0.25, 0.5)
    assert e.equity == pytest.approx(np.mean(shares), abs=1e-15)
    assert e.std_error == pytest.approx(np.std(shares, ddof=1) / 2, abs=1e-15)
    two = _summary("AhKd", hero[:2], best[:2], level[:2])
    assert two.std_error == pytest.approx(0.25, abs=1e-15)  # |1 - 1/2| / 2
    assert _summary("AhKd", hero[:1], best[:1], level[:1]).std_error == 0.0


def test_every_unseen_card_may_be_needed() -> None:
    """Nine opponents pre-flop need 23 cards: with 27 dead, exactly 23 are unseen."""
    dead = [c for c in range(52) if c % 4 < 2 or c == 2]  # clubs, diamonds and 2h
    e = equity_vs_random("AhKh", "", 9, 200, dead=dead, seed=1)
    assert 0.0 <= e.equity <= 1.0 and e.std_error > 0


def test_bad_cards_are_named_where_they_are() -> None:
    with pytest.raises(CardError, match=r"^the same card twice in the board: "):
        equity_vs_random("AhKh", [3, 3, 4])
    with pytest.raises(CardError, match=r"^the same card twice in the dead cards: "):
        equity_vs_random("AhKh", "", dead=[5, 5])
    with pytest.raises(CardError, match=r"^the same card twice in the hole cards: "):
        equity_vs_random([7, 7])
    with pytest.raises(EquityError, match=r"\(in the board\)$"):
        equity_vs_random("AhKh", "2c3c Jk")


@pytest.mark.parametrize(
    ("hole", "board", "opponents"),
    [
        ("AhAd", "Ks7d2c", 1),
        ("7c2d", "Ks7d2c", 1),
        ("QsJs", "Ts9s2d4c", 1),
        ("AhAd", "Ks7d2c4h5s", 2),
        ("9h8h", "Ks7d2c4h", 1),
        ("Ah8h", "Ks7d2c4h5s", 2),
    ],
)
def test_estimates_lie_within_their_stated_error(hole: str, board: str, opponents: int) -> None:
    exact = equity([hole, *["random"] * opponents], board, exact=True).players[0]
    z = []
    for seed in range(20):
        e = equity_vs_random(hole, board, opponents, samples=2000,
                             rng=np.random.default_rng(seed))
        assert e.std_error > 0
        z.append(abs(e.equity - exact.equity) / e.std_error)
    assert np.mean(np.array(z) <= 2) >= 0.85 and max(z) <= 4


def test_against_many_opponents_matches_the_general_monte_carlo() -> None:
    """Nine random hands preflop: too big to enumerate; two independent estimates agree."""
    quick = equity_vs_random("AhAd", "", opponents=9, samples=40_000, seed=1)
    slow = equity(["AhAd", *["random"] * 9], samples=40_000, seed=2).players[0]
    gap = abs(quick.equity - slow.equity)
    assert gap <= 4 * np.hypot(quick.std_error, slow.std_error)


@pytest.mark.parametrize("opponents", [1, 2, 3, 9])
def test_a_board_that_plays_splits_the_pot_among_everyone(opponents: int) -> None:
    """A royal flush on the board: every deal is a tie among all the hands, worth
    1 / (opponents + 1) of the pot, exactly (one opponent: the exact river path; more: the
    sampled path)."""
    e = equity_vs_random("2c3d", "AsKsQsJsTs", opponents, samples=500, seed=3)
    assert (e.win, e.tie) == (0.0, 1.0)
    assert e.equity == pytest.approx(1 / (opponents + 1), abs=1e-12)
    assert e.std_error == pytest.approx(0.0, abs=1e-12)


def test_seeded_and_cheap_to_call_repeatedly() -> None:
    a = equity_vs_random("AhKh", "Qh7h2c", 2, 1000, seed=5)
    b = equity_vs_random("AhKh", "Qh7h2c", 2, 1000, np.random.default_rng(5))
    assert a == b and a.hand == "AhKh"
    assert equity_vs_random("AhKh", "Qh7h2c", 2, 1000, seed=6) != a


def test_dead_cards_are_out() -> None:
    with_dead = equity_vs_random("7c2d", "Ks7d2c4h5s", 1, 2000, dead="7h 7s")
    want = equity(["7c2d", "random"], "Ks7d2c4h5s", "7h 7s").players[0]
    assert with_dead.std_error == 0.0 and with_dead.equity == pytest.approx(want.equity)


@pytest.mark.parametrize(
    ("hole", "board", "opponents", "samples", "dead", "message"),
    [
        ("Ah", "", 1, 100, "", "two cards"),
        ("AhKh", "2c3c", 1, 100, "", "0, 3, 4 or 5"),
        ("AhKh", "", 0, 100, "", "1 to 9 opponents"),
        ("AhKh", "", 10, 100, "", "1 to 9 opponents"),
        ("AhKh", "", 1, 0, "", "at least 1"),
        ("AhKh", "Ah2c3c", 1, 100, "", "the same card twice: Ah"),
        ("AhKh", "", 9, 100, [c for c in range(52) if c % 4 < 2] + [2, 6],
         "need 23 cards; 22 are unseen"),
    ],
)
def test_bad_questions_are_refused(
    hole: str, board: str, opponents: int, samples: int, dead: str | list[int], message: str
) -> None:
    with pytest.raises(EquityError, match=message):
        equity_vs_random(hole, board, opponents, samples, dead=dead)
