"""The independent chip model with answers worked out by hand: every place's chance for
three players, exact and in floats, the types each way, the bound on the work at its
edge, and every refusal's whole text."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pokerroom.tournament.icm import (
    MAX_PLAYERS,
    MAX_SETS,
    Deal,
    ICMError,
    chip_chop,
    deal,
    finish_probabilities,
    icm,
    sets,
)

F = Fraction

# Stacks 5, 3, 2 (of 10). First: 1/2, 3/10, 1/5. Second, for player 0: 3/10 x 5/7 (1 first)
# + 1/5 x 5/8 (2 first) = 19/56; player 1: 1/2 x 3/5 + 1/5 x 3/8 = 3/8; player 2: 1/2 x 2/5
# + 3/10 x 2/7 = 2/7. Third: what is left of 1.
PLACES = [
    [F(1, 2), F(19, 56), F(9, 56)],
    [F(3, 10), F(3, 8), F(13, 40)],
    [F(1, 5), F(2, 7), F(18, 35)],
]


def test_every_place_for_three_players_by_hand() -> None:
    got = finish_probabilities([5, 3, 2], 3)
    assert got == PLACES and all(type(p) is F for row in got for p in row)
    assert finish_probabilities([5, 3, 2], 2) == [row[:2] for row in PLACES]
    assert finish_probabilities([5, 3, 2], 1) == [row[:1] for row in PLACES]
    assert finish_probabilities([5, 3, 2], 7) == PLACES  # no more places than players
    assert finish_probabilities([5, 3, 2], 0) == [[], [], []]
    assert finish_probabilities([F(5, 2), F(3, 2), 1], 3) == PLACES  # fractions: exact too


def test_floats_give_the_same_chances_as_floats() -> None:
    got = finish_probabilities([5.0, 3, 2], 3)
    assert all(type(p) is float for row in got for p in row)
    assert got == [[pytest.approx(float(p), abs=1e-15) for p in row] for row in PLACES]


def test_icm_values_by_hand_exact_and_in_floats() -> None:
    # 60 for first, 40 for second: player 0 is worth 60/2 + 40 x 19/56
    exact = icm([5, 3, 2], [60, 40])
    assert exact == (30 + 40 * F(19, 56), 18 + 15, 12 + 40 * F(2, 7))
    assert all(type(v) is F for v in exact)
    assert icm([5, 3, 2], [F(1, 2), F(1, 3)]) == tuple(
        row[0] / 2 + row[1] / 3 for row in PLACES)  # fmt: skip
    for floats in (icm([5.0, 3, 2], [60, 40]), icm([5, 3, 2], [60.0, 40])):
        assert all(type(v) is float for v in floats)
        assert floats == pytest.approx([float(v) for v in exact], abs=1e-12)
    assert icm([5, 3, 2], []) == (0, 0, 0)
    assert all(type(v) is F for v in icm([5, 3, 2], []))
    assert all(type(v) is float for v in icm([5, 3, 2.5], []))


def test_the_chip_chop_is_the_pool_by_chips() -> None:
    assert chip_chop([3, 1], [60, 40]) == (75.0, 25.0)
    assert chip_chop([5, 3, 2], [F(1, 2), F(1, 2)]) == (0.5, 0.3, 0.2)
    assert all(type(v) is float for v in chip_chop([3, 1], [60, 40]))
    with pytest.raises(ICMError, match=r"^stack 2 is 0: "):
        chip_chop([3, 0], [1])


def test_a_deal_by_hand() -> None:
    d = deal([3, 1], [60, 40])
    assert d == Deal(("Player 1", "Player 2"), (3, 1), (60, 40), (F(55), F(45)),
                     (75.0, 25.0))  # fmt: skip
    assert d.pool == 100.0 and type(d.pool) is float
    assert (d.share(0), d.share(1)) == (0.75, 0.25)
    assert deal([3, 1], [60, 40], names=("a", "b")).names == ("a", "b")
    with pytest.raises(ICMError, match=r"^3 names for 2 stacks$"):
        deal([3, 1], [60, 40], names=("a", "b", "c"))


def test_the_work_at_its_bound_is_done_and_one_set_more_refused() -> None:
    """15 players with 8 places paid are exactly 2**14 sets (half of 2**15): worked out;
    9 places paid are more."""
    assert sets(15, 8) == MAX_SETS == 2**14
    assert sets(15, 0) == 0 and sets(15, 1) == 1 and sets(2, 2) == 3 and sets(4, 2) == 5
    values = icm([1000.0 + k for k in range(15)], [1.0] * 8)
    assert sum(values) == pytest.approx(8.0)
    with pytest.raises(ICMError, match=(
            r"^15 players with 9 places paid: 22,819 sets of players placed to work through, "
            r"more than 16,384 \(every place of a table of 14 paid\); pay fewer places$")):
        icm([1000.0 + k for k in range(15)], [1.0] * 9)


@pytest.mark.parametrize(("stacks", "payouts", "message"), [
    ([], [], "no stacks: give each player's chips"),
    ([1.0] * 31, [1], "31 players: the model is worked out for at most 30"),
    ([1, float("nan")], [1], "stack 2 is nan: every stack is a positive number of chips "
                             "(a player with none is out)"),
    ([float("inf"), 1], [1], "stack 1 is inf: every stack is a positive number of chips "
                             "(a player with none is out)"),
    ([1, -1], [1], "stack 2 is -1: every stack is a positive number of chips "
                   "(a player with none is out)"),
    ([1, 2], [1, 1, 1], "3 payouts for 2 players: pay at most one place per player"),
    ([1, 2], [1, float("inf")], "payout 2 is inf: payouts are 0 or more"),
    ([1, 2], [float("nan")], "payout 1 is nan: payouts are 0 or more"),
    ([1, 2], [1, -0.5], "payout 2 is -0.5: payouts are 0 or more"),
])  # fmt: skip
def test_every_refusal_in_full(stacks: list[float], payouts: list[float], message: str) -> None:
    with pytest.raises(ICMError) as caught:
        icm(stacks, payouts)
    assert str(caught.value) == message


def test_the_edges_that_are_valued() -> None:
    assert len(icm([1.0] * MAX_PLAYERS, [1])) == 30
    assert icm([1, 2], [0, 0]) == (0, 0)
    assert icm([F(1, 10**6), 1], [1]) == (F(1, 10**6 + 1), F(10**6, 10**6 + 1))
    assert icm([7], [5]) == (5,)
    with pytest.raises(ICMError, match=r"^stack 1 is 0: "):
        finish_probabilities([0, 1], 1)


def test_a_short_stack_beside_a_huge_one_is_valued_in_floats() -> None:
    """1e20 chips beside 1.0 and 1.0 (or 3.0): the big stack is first all but surely, and
    the short ones share second and third place by their chips. The chips left were the
    total less the chips placed: 0.0 in floats, and a ZeroDivisionError."""
    assert icm([1e20, 1.0, 1.0], [3, 2, 1]) == pytest.approx((3.0, 1.5, 1.5), rel=1e-12)
    assert icm([1e17, 1.0, 3.0], [3, 2, 1]) == pytest.approx((3.0, 1.25, 1.75), rel=1e-12)
    probs = finish_probabilities([1.0, 1e20, 3.0], 3)
    assert probs[0][1:] == pytest.approx([0.25, 0.75], rel=1e-12)
    assert probs[2][1:] == pytest.approx([0.75, 0.25], rel=1e-12)


def test_floats_agree_with_fractions_on_stacks_of_every_size() -> None:
    """Stacks from 2**-20 to 2**60 (each exact in binary, so the same numbers both ways):
    the floats' values are the exact ones to a relative 1e-9."""
    rng = random.Random(5)
    for _ in range(40):
        stacks = [2.0 ** rng.randint(-20, 60) * rng.randint(1, 7) for _ in range(rng.randint(2, 6))]
        payouts = sorted((rng.randint(0, 100) for _ in range(min(3, len(stacks)))), reverse=True)
        exact = icm([F(s) for s in stacks], payouts)
        assert icm(stacks, payouts) == pytest.approx([float(v) for v in exact], rel=1e-9,
                                                     abs=1e-12)  # fmt: skip
