"""Exact equity: known answers, the slow oracle, ties, conflicts, and bad questions."""

from __future__ import annotations

import doctest
import re
from itertools import combinations
from math import comb

import numpy as np
import pytest

import pokerroom.equity
import pokerroom.equity.calculator
from pokerroom.cards import CardError, parse_cards
from pokerroom.equity import EquityError, EquityResult, PlayerEquity, equity
from pokerroom.equity.calculator import _result, _spot, read_range
from pokerroom.equity.deals import holdings, symmetries
from pokerroom.equity.exact import Enumeration
from pokerroom.equity.keys import boards_from, boards_of, hole_keys, live_positions, values
from pokerroom.equity.patterns import deck_of, flush_class_count
from pokerroom.equity.reference import reference_equity
from pokerroom.equity.showdown import tally
from pokerroom.evaluator import rank7, rank_batch
from pokerroom.ranges import Range, RangeError


def test_doctests() -> None:
    for module in (pokerroom.equity, pokerroom.equity.calculator):
        assert doctest.testmod(module).failed == 0


def _check(result: EquityResult, ranges: list[str], board: str = "", dead: str = "") -> None:
    """The result equals the slow oracle's, to rounding."""
    expected = reference_equity(
        [Range.parse(r) for r in ranges],
        parse_cards(board, allow_empty=True),
        parse_cards(dead, allow_empty=True),
    )
    assert result.exact
    for got, (win, tie, share) in zip(result.players, expected, strict=True):
        assert got.win == pytest.approx(win, abs=1e-9)
        assert got.tie == pytest.approx(tie, abs=1e-9)
        assert got.equity == pytest.approx(share, abs=1e-9)
        assert got.std_error == 0.0
    assert sum(p.equity for p in result.players) == pytest.approx(1.0, abs=1e-12)


# --- the known answer -------------------------------------------------------------------
def test_ahkh_vs_qsqc_preflop_every_board() -> None:
    r = equity(["AhKh", "QsQc"])
    assert r.exact and r.deals == 1_712_304  # C(48, 5)
    ak, qq = r.players
    assert round(ak.equity, 4) == 0.4621 and round(qq.equity, 4) == 0.5379
    # the exact counts: 787,966 boards won, 6,732 split
    assert ak.win * 1_712_304 == pytest.approx(787_966, abs=1e-6)
    assert ak.tie * 1_712_304 == pytest.approx(6_732, abs=1e-6)
    assert ak.equity == pytest.approx((787_966 + 6_732 / 2) / 1_712_304, abs=1e-15)


def test_aa_vs_kk_and_ako_vs_22_preflop() -> None:
    aa, kk = equity(["AA", "KK"]).players
    assert round(aa.equity, 4) == 0.8195 and round(kk.equity, 4) == 0.1805
    ak, deuces = equity(["AKo", "22"]).players
    assert round(ak.equity, 4) == 0.4735 and round(deuces.equity, 4) == 0.5265


@pytest.mark.slow
def test_suit_orbits_preflop_equal_the_average_over_every_combination() -> None:
    """AA against KK folds 36 holdings into 3 suit orbits; every holding on its own
    must give the same answer."""
    folded = equity(["AA", "KK"]).players[0]
    one_by_one = [
        equity([f"{a}{b}", f"{c}{d}"]).players[0].equity
        for a, b in combinations(["As", "Ah", "Ad", "Ac"], 2)
        for c, d in combinations(["Ks", "Kh", "Kd", "Kc"], 2)
    ]
    assert folded.equity == pytest.approx(sum(one_by_one) / 36, abs=1e-12)


# --- against the slow oracle ------------------------------------------------------------
# pre-flop spots small enough for the oracle: most of the deck dead
_TWO_TO_SEVEN = " ".join(f"{r}{s}" for r in "234567" for s in "cdhs")  # every suit alike
_TWO_TO_EIGHT = " ".join(f"{r}{s}" for r in "2345678" for s in "cdhs")
_TWO_TO_TEN = " ".join(f"{r}{s}" for r in "23456789T" for s in "cdhs")


@pytest.mark.parametrize(
    ("ranges", "board", "dead"),
    [
        (["AhKh", "QsQc"], "2h7h9c", ""),
        (["AA", "KK"], "2h7h9c", ""),
        (["AKo", "22"], "Qd8c3s", ""),
        (["AKo", "22"], "Qd8c3s5h", ""),
        (["AhKh", "QsQc", "JdTd"], "2h7h9c", ""),
        (["AhKh", "QsQc", "JdTd", "9s8s"], "2h7h9c", "3c 4c"),
        (["KK", "QQ", "JJ"], "2h7h9c", ""),
        (["AK", "QQ"], "2h7h9c4d", ""),
        (["random", "AA"], "2h7hAc4d", "Ks"),
        (["22", "33", "44"], "AcKdQhJs", ""),
        (["AhKh", "AdKd"], "2c3c4c", ""),
        (["AA", "AA, KK"], "7c8d9h", ""),
        (["AsKs, QQ", "AK, QsQh", "JJ"], "Ks7d2c3h", "Qc"),
        (["AKs:0.5, QQ", "JJ+, AQ:0.3", "77"], "2h7h9c", "Ac"),
        (["random", "KK+, AQs"], "AsKdQh7c2d", ""),
        (["AhKh", "QsQc", "JdTd", "9s8s", "7c6c"], "2h7h9c3d", ""),
        # pre-flop, suit orbits of holdings that weigh differently
        (["AsKs:0.5, AhKd", "QcQd, QhQs"], "", _TWO_TO_EIGHT),
        # pre-flop, dead cards no suit permutation keeps in place: no orbits to fold
        (["AsKs", "QQ"], "", _TWO_TO_TEN + " Jc Qd Kh"),
        # pre-flop, seven players: more than a packed orbit key holds, each holding alone
        (["AsKd", "QhJc", "Ts9s", "8d8c", "AhQd", "KcJs", "TdTh"], "", _TWO_TO_SEVEN),
    ],
)
def test_exact_equals_the_slow_oracle(ranges: list[str], board: str, dead: str) -> None:
    _check(equity(ranges, board, dead), ranges, board, dead)


def test_three_way_split_gives_each_a_third() -> None:
    r = equity(["2c3d", "4c5d", "6c7d"], "AsKsQsJsTs")
    for p in r.players:
        assert (p.win, p.tie, p.equity) == (0.0, 1.0, pytest.approx(1 / 3))


def test_three_way_splits_preflop_give_each_a_third() -> None:
    """The pre-flop path (suit orbits, :func:`tally`): three suited ace-kings of three
    suits are alike up to renaming the suits, so each has exactly a third; most boards split
    the pot three ways (a split counted two ways would give each more)."""
    r = equity(["AhKh", "AdKd", "AcKc"])
    assert r.exact and r.deals == 1_370_754  # C(46, 5)
    for p in r.players:
        assert p.equity == pytest.approx(1 / 3, abs=1e-12)
        assert p.tie > 0.75
    assert sum(p.equity for p in r.players) == pytest.approx(1.0, abs=1e-12)


def test_tally_counts_each_best_hand_with_the_number_sharing_it() -> None:
    values = np.array(
        [
            [9, 5, 7, 7, 3],
            [9, 5, 2, 7, 8],
            [9, 4, 7, 6, 1],
            [1, 5, 7, 6, 0],
        ],
        dtype=np.uint16,
    )  # deals 0-2: three share (a different three each time); 3: two share; 4: one wins
    assert tally(values).tolist() == [
        [0, 0, 1, 3, 0],
        [0, 1, 1, 2, 0],
        [0, 0, 0, 2, 0],
        [0, 0, 0, 2, 0],
    ]
    assert tally(values[:2]).tolist() == [[0, 1, 3], [0, 1, 3]]  # heads-up: its own path


def test_two_share_and_one_loses() -> None:
    # board 9-T-J-Q-8: each king makes the king-high straight, the 2-3 plays the board
    r = equity(["Kc2d", "Kd3c", "2h3h"], "9sTdJhQc8c")
    assert [p.equity for p in r.players] == [0.5, 0.5, 0.0]
    assert [p.tie for p in r.players] == [1.0, 1.0, 0.0]


def test_range_clashes_are_removed_jointly() -> None:
    """AA against {AhAd, KK}: the holdings (AA, AhAd) that share an ace are gone, and the
    equity weights the rest by count, not player by player."""
    ranges = ["AA", "AhAd, KK"]
    _check(equity(ranges, "2c7d9h"), ranges, "2c7d9h")
    # filtering each range on its own would keep all 6 aces against AhAd; jointly only
    # AsAc may face it: 1 holding of aces against aces, 36 of aces against kings
    one_by_one = equity(["AsAc", "AhAd"], "2c7d9h").players[0].equity
    kings = equity(["AA", "KK"], "2c7d9h").players[0].equity
    both = equity(ranges, "2c7d9h").players[0].equity
    assert both == pytest.approx((one_by_one + 36 * kings) / 37, abs=1e-12)


def test_dead_cards_and_board_leave_the_ranges() -> None:
    r = equity(["AA", "KK"], "As7d2c", dead="Ks Kd")
    _check(r, ["AA", "KK"], "As7d2c", "Ks Kd")
    assert r.board == tuple(parse_cards("As 7d 2c")) and r.dead == tuple(parse_cards("Ks Kd"))


def test_a_range_of_weight_zero_hands_is_not_there() -> None:
    assert equity(["AA, KK:0", "QQ"], "2c7d9h").players[0].equity == pytest.approx(
        equity(["AA", "QQ"], "2c7d9h").players[0].equity, abs=1e-15
    )


def test_players_given_as_ranges_codes_or_text_agree() -> None:
    a = equity(["AhKh", "QsQc"], "2h7h9c")
    b = equity([Range.parse("AhKh"), parse_cards("Qs Qc")], parse_cards("2h 7h 9c"))
    c = equity(["Ah Kh", "qs,qc"], "2h 7h 9c")
    assert a.equities == b.equities == c.equities


def test_auto_choice_exact_when_small_monte_carlo_when_big() -> None:
    assert equity(["AhKh", "QsQc"]).exact
    big = equity(["random", "random"], samples=2000, seed=1)
    assert not big.exact and big.deals == 2000
    auto = equity(["random", "random"], seed=1, exact_limit=1)
    assert not auto.exact and auto.deals == pokerroom.equity.DEFAULT_SAMPLES
    assert equity(["AhKh", "QsQc"], "2h7h9c", exact=True).exact


def test_progress_reports_advance_to_the_end() -> None:
    calls: list[tuple[int, int | None]] = []
    equity(["AA", "KK"], progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 3), (2, 3), (3, 3)]  # pre-flop: the three suit orbits


def test_progress_on_a_flop_counts_the_holdings() -> None:
    calls: list[tuple[int, int | None]] = []
    equity(["AA", "KK"], "2h7h9c", progress=lambda done, total: calls.append((done, total)))
    assert calls == [(36, 36)]  # 6 x 6 holdings, scored in one chunk


def _enumeration(players: list[str], board: str = "") -> Enumeration:
    spot = _spot([read_range(p) for p in players], tuple(parse_cards(board, allow_empty=True)),
                 ())
    held = holdings(spot.seats, 10**6)
    assert held is not None
    return Enumeration(spot, held)


def test_work_counts_rank_patterns_flush_classes_and_the_plain_cost_after_the_flop() -> None:
    """The cost model the automatic choice compares with its limit (``EXACT_LIMIT``), in
    hand evaluations of the plain way.  Pre-flop, the rank patterns: 200,000 to set up,
    then 10 per player for each of the 6,175 patterns of five cards and each group of
    holdings with the same ranks; each suit orbit then 20,000 plus 2n(n + 1) per flush
    class (its upper bound, ``flush_class_count``).  On a flop, each distinct hand is
    valued on the C(49, 2) = 1,176 boards, and each holding costs two lookups per board
    plus 50."""
    spot = _enumeration(["AhKh", "QsQc"])
    deck = deck_of(spot.spot.board, spot.spot.live)
    classes = flush_class_count(deck, 5, spot._fold()[0][0])
    # hearts: three to five of the 11 left; spades or clubs: four or five of 12; diamonds
    hearts = comb(11, 3) * 91 + comb(11, 4) * 13 + comb(11, 5)
    assert classes == hearts + 2 * (comb(12, 4) * 13 + comb(12, 5)) + comb(13, 5) == 35_508
    assert spot.work() == 200_000 + 1 * 6175 * 2 * 10 + 20_000 + classes * 2 * 2 * 3
    aa_kk = _enumeration(["AA", "KK"])
    reps = aa_kk._fold()[0]
    assert len(reps) == 3  # three orbits, one group of ranks
    counts = [flush_class_count(deck_of((), aa_kk.spot.live), 5, hole) for hole in reps]
    assert aa_kk.work() == 200_000 + 6175 * 20 + sum(20_000 + c * 12 for c in counts)
    flop = _enumeration(["AA", "KK"], "2h7h9c")
    assert flop.work() == (6 + 6) * 1176 + 36 * (2 * 1176 + 50) == 100_584


def test_work_under_a_limit_skips_the_fold_it_cannot_afford() -> None:
    """36 holdings in orbits of at most 24 (the suit permutations): at least 2 orbits of
    at least 20,000 each.  When even that lower bound is over the limit, it is returned
    unfolded; otherwise the holdings are folded and the full work returned."""
    full = _enumeration(["AA", "KK"]).work()
    assert _enumeration(["AA", "KK"]).work(limit=39_999) == 40_000
    assert _enumeration(["AA", "KK"]).work(limit=40_000) == full > 40_000
    assert _enumeration(["AA", "KK"]).work(limit=10**9) == full


def test_auto_choice_is_exact_up_to_the_limit_inclusive() -> None:
    full = _enumeration(["AA", "KK"]).work()
    assert equity(["AA", "KK"], exact_limit=full, seed=1).exact
    # the lower bound (40,000) is within this limit, the full work is not
    assert not equity(["AA", "KK"], exact_limit=full - 1, seed=1).exact


_NOW_EXACT = [["QQ+, AKs", "JJ"], ["22+", "AKo"], ["AKs, AQs", "77-99"], ["AA, KK", "QQ, JJ"],
              ["72o", "AA", "KK", "QQ"]]


@pytest.mark.parametrize("players", _NOW_EXACT, ids=" vs ".join)
def test_preflop_range_spots_the_patterns_make_cheap_go_exact(players: list[str]) -> None:
    """Pre-flop range spots whose plain enumeration (each orbit's C(48 or fewer, 5)
    boards, two lookups per player and 4 to build each) is over the limit, but whose
    rank patterns are well under it: the automatic choice is exact, and its numbers are
    the plain enumeration's, bit for bit.  The choice follows the estimate: exact at a
    limit of the work, Monte Carlo one unit under it."""
    e = _enumeration(players)
    n = len(players)
    plain_work = len(e._fold()[1]) * e.boards_each * (2 * n + 4)
    work = e.work()
    assert work <= pokerroom.equity.EXACT_LIMIT < plain_work
    auto = equity(players)
    assert auto.exact
    oracle = e.run(how="plain")
    assert np.array_equal(e.run().counts, oracle.counts)
    ranges = [read_range(p) for p in players]
    assert auto == _result(ranges, (), (), oracle, True)
    assert equity(players, exact_limit=work, seed=1).exact
    assert not equity(players, exact_limit=work - 1, samples=None, seed=1).exact


@pytest.mark.parametrize("players", [["AA", "random"], ["QQ+, AKs", "random"]],
                         ids=" vs ".join)
def test_preflop_range_spots_still_costly_go_to_monte_carlo(players: list[str]) -> None:
    """Hundreds of orbits, each with its millions of flush classes: over the limit by
    the estimate, so Monte Carlo."""
    assert _enumeration(players).work() > pokerroom.equity.EXACT_LIMIT
    assert not equity(players, seed=1).exact


def test_symmetries_keep_the_board_and_the_dead_cards_in_place() -> None:
    def perms(board: str, dead: str) -> int:
        found = symmetries(tuple(int(c) for c in parse_cards(board, allow_empty=True)),
                           tuple(int(c) for c in parse_cards(dead, allow_empty=True)))
        assert found[0] == (0, 1, 2, 3)  # the identity first
        return len(found)

    assert perms("", "") == 24
    assert perms("", "2c 2d 2h") == 6  # the three suits among themselves, spades fixed
    assert perms("Ah Ad", "") == 4  # hearts and diamonds swapped or not, and the others
    assert perms("Ah", "Kd") == 2  # hearts and diamonds fixed: clubs and spades swapped
    assert perms("Ah Kd", "") == 2
    assert perms("", "Jc Qd Kh") == 1
    assert perms("Ah", "Ad") == 2  # a board card and a dead card are not swapped


def test_live_positions_map_each_card_to_its_place() -> None:
    pos = live_positions(np.array([3, 7, 8, 51], dtype=np.intp))
    assert pos.shape == (52,)
    assert [int(pos[c]) for c in (3, 7, 8, 51)] == [0, 1, 2, 3]
    assert int((pos == -1).sum()) == 48


def test_result_text() -> None:
    text = str(equity(["AhKh", "QsQc"], "2h7h9c"))
    assert text.splitlines()[0] == "exact, 990 deals, board 2h 7h 9c"
    assert "AhKh: equity 54.14%" in text


def test_result_text_in_full() -> None:
    exact = EquityResult(
        (PlayerEquity("AA", 0.5, 0.25, 0.625), PlayerEquity("KK", 0.25, 0.25, 0.375)),
        tuple(parse_cards("2h 7h 9c")), tuple(parse_cards("Ks Kd")), True, 1_712_304,
    )
    assert str(exact).splitlines() == [
        "exact, 1,712,304 deals, board 2h 7h 9c, dead Ks Kd",
        "AA: equity 62.50% (win 50.00%, tie 25.00%)",
        "KK: equity 37.50% (win 25.00%, tie 25.00%)",
    ]
    sampled = EquityResult(
        (PlayerEquity("QQ", 0.1234, 0.0567, 0.15, 0.0123),), (), (), False, 20_000
    )
    assert str(sampled).splitlines() == [
        "Monte Carlo, 20,000 deals",
        "QQ: equity 15.00% ± 1.23 (win 12.34%, tie 5.67%)",
    ]
    assert str(EquityResult((), (), tuple(parse_cards("Ac")), False, 5)) == (
        "Monte Carlo, 5 deals, dead Ac"
    )


# --- bad questions ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "board", "dead", "message"),
    [
        (["AhKh"], "", "", "2 to 10 players"),
        (["AA"] * 11, "", "", "2 to 10 players"),
        (["AhKh", "QsQc"], "2h7h", "", "0, 3, 4 or 5 cards"),
        (["AhKh", "QsQc"], "2h7h9c", "9c", "on the board and dead"),
        (["AhKh", "QsQc"], "Ah7h9c", "", "player 1 (AhKh) has no hand left"),
        (["AhKh", "AhQs"], "", "", "Ah is in the hands of players 1 and 2"),
        (["AA", "AA", "AA"], "", "", "no deal is possible"),
        (["AhKh", "QsQc"], "2h7h9c Jk", "", "joker"),
    ],
)
def test_impossible_questions_are_refused(
    players: list[str], board: str, dead: str, message: str
) -> None:
    with pytest.raises(EquityError, match=re.escape(message)):
        equity(players, board, dead)


def test_no_possible_deal_is_explained_in_full() -> None:
    with pytest.raises(EquityError) as two:
        equity(["AhKh", "AhQs"])
    assert str(two.value) == "Ah is in the hands of players 1 and 2"
    with pytest.raises(EquityError) as three:
        equity(["AA", "AA", "AA"])
    assert str(three.value) == "no deal is possible: the ranges always share a card"


@pytest.mark.parametrize(
    ("players", "board", "dead", "options", "error", "message"),
    [
        (["AA", "KK:0"], "", "", {}, EquityError,
         "player 2 has no hand: every hand of the range has weight 0"),
        ([[52, 5], "KK"], "", "", {}, EquityError, "a hand is two different cards, not 'Jk 3d'"),
        (["AA", "KK"], [3, 3, 4], "", {}, CardError, "the same card twice in the board: 2s 2s 3c"),
        (["AA", "KK"], "", [5, 5], {}, CardError, "the same card twice in the dead cards: 3d 3d"),
        (["AA", "KK"], "2c3c4c Jk", "", {}, EquityError,
         "the joker has no place in hold'em equity (in the board)"),
        (["AA", "KK"], "", "", {"exact": True, "samples": 5}, EquityError,
         "exact enumeration takes no samples, target error or time budget"),
        (["AA", "KK"], "", "", {"time_budget": 0.0, "clock": lambda: 0.0}, EquityError,
         "the time budget must be above 0 seconds, not 0.0"),
        (["AA", "KK"], "", "", {"time_budget": 1.0}, EquityError,
         "a time budget needs the caller's clock, e.g. clock=time.perf_counter"),
        (["AA", "KK"], "", "", {"seed": 1, "rng": np.random.default_rng(1)}, EquityError,
         "give a random generator or a seed, not both"),
        (["AA", "KK"], "", "", {"samples": 0}, EquityError, "samples must be at least 1, not 0"),
        (["AA", "KK"], "", "", {"target_error": 0.0}, EquityError,
         "the target error must be above 0, not 0.0"),
        (["random"] * 3, "2c7d9h", "", {"exact": True}, EquityError,
         "too many holdings to enumerate (over 2,000,000); use Monte Carlo"),
    ],
)
def test_refusals_in_full(
    players: list[object], board: object, dead: object, options: dict[str, object],
    error: type[Exception], message: str,
) -> None:
    with pytest.raises(error) as refused:
        equity(players, board, dead, **options)
    assert str(refused.value) == message


def test_a_hand_text_of_other_than_two_cards_is_read_as_a_range() -> None:
    for text in ("AhKhQh", "Ah"):
        with pytest.raises(RangeError, match=rf"^not a hand or range: '{text}' "):
            equity([text, "KK"])


def test_every_live_card_may_be_needed() -> None:
    """Ten hands and a full board need 25 cards: with the other 27 dead, exactly 25 are
    live, and the dead cards change nothing."""
    hands = ["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h", "8s8h", "7s7h", "6s6h", "5s5h"]
    board = "AdKdQd2c3c"
    used = set(parse_cards(" ".join([*hands, board])))
    rest = [c for c in range(52) if c not in used]
    assert len(rest) == 27
    r = equity(hands, board, rest)
    assert r.equities == equity(hands, board).equities
    assert r.players[0].equity == 1.0  # three aces


def test_holdings_are_listed_up_to_the_limit_inclusive() -> None:
    spot = _spot([read_range("AA"), read_range("KK")], (), ())
    held = holdings(spot.seats, 36)
    assert held is not None and len(held) == 36
    assert holdings(spot.seats, 35) is None


def test_more_cards_needed_than_the_deck_holds() -> None:
    with pytest.raises(EquityError, match="need 20 cards; 17 are live"):
        equity(["random"] * 10, "AsKsQsJsTs", dead=list(range(30)))


def test_conflicting_options_are_refused() -> None:
    with pytest.raises(EquityError, match="no samples"):
        equity(["AA", "KK"], exact=True, samples=10)
    with pytest.raises(EquityError, match="clock"):
        equity(["AA", "KK"], time_budget=1.0)
    with pytest.raises(EquityError, match="not both"):
        equity(["AA", "KK"], samples=10, seed=1, rng=np.random.default_rng(1))
    with pytest.raises(EquityError, match="at least 1"):
        equity(["AA", "KK"], samples=0)
    with pytest.raises(EquityError, match="above 0"):
        equity(["AA", "KK"], target_error=0.0)
    with pytest.raises(EquityError, match="two different cards"):
        equity([[0, 1, 2], "KK"])
    with pytest.raises(CardError):
        equity(["AA", "KK"], [3, 3, 4])


def test_too_many_holdings_to_enumerate_exactly() -> None:
    with pytest.raises(EquityError, match="too many holdings"):
        equity(["random", "random", "random"], "2c7d9h", exact=True)


# --- the kernel equals the batch evaluator ------------------------------------------------
def test_board_keys_give_the_batch_evaluator_values() -> None:
    rng = np.random.default_rng(11)
    for _ in range(20):
        cards = rng.permutation(52)[:9]
        hole, rest = cards[:2], cards[2:]
        live = np.sort(rest).astype(np.intp)
        boards = boards_from(live, 5)
        got = values(boards, hole_keys(int(hole[0]), int(hole[1])))
        fives = np.array(list(combinations(live.tolist(), 5)))
        # colexicographic order: sort each board's cards high first, then compare sets
        hands = np.column_stack([np.repeat(hole[None, :], len(fives), axis=0), fives])
        want = rank_batch(hands)
        order = {tuple(sorted(f)): i for i, f in enumerate(fives.tolist())}
        colex = sorted(order, key=lambda f: tuple(reversed(f)))
        assert got.tolist() == [int(want[order[f]]) for f in colex]


def test_sampled_boards_with_their_own_holes_give_rank7_values() -> None:
    rng = np.random.default_rng(5)
    deals = np.array([rng.permutation(52)[:7] for _ in range(3000)])
    boards = boards_of(np.ascontiguousarray(deals[:, 2:].T))
    got = values(boards, hole_keys(deals[:, 0], deals[:, 1]))
    assert got.tolist() == [rank7(d) for d in deals.tolist()]
