"""The independent chip model: known answers, PokerKit's ``calculate_icm`` on random
stacks and payouts, the model's own laws, and the ``pokerroom icm`` command."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit.analysis import calculate_icm

from pokerroom.cli import main
from pokerroom.tournament.icm import (
    MAX_SETS,
    ICMError,
    chip_chop,
    deal,
    finish_probabilities,
    icm,
    sets,
)


def test_heads_up_values_are_the_chip_shares_of_the_prize_gap() -> None:
    """Two players, 2:1 in chips, payouts 70/30: first place with chance 2/3, so the big
    stack is worth 30 + 40 x 2/3 and the short one 30 + 40 x 1/3."""
    assert icm([2000, 1000], [70, 30]) == (30 + 40 * Fraction(2, 3), 30 + 40 * Fraction(1, 3))


def test_three_players_known_answer() -> None:
    """5000/3000/2000 for 50/30/20: the big stack wins first place half the time."""
    values = icm([5000, 3000, 2000], [50, 30, 20])
    assert values == (Fraction(1075, 28), Fraction(131, 4), Fraction(202, 7))
    probs = finish_probabilities([5000, 3000, 2000], 3)
    assert [row[0] for row in probs] == [Fraction(1, 2), Fraction(3, 10), Fraction(1, 5)]
    assert all(sum(row) == 1 for row in probs)


def test_equal_stacks_share_the_pool_equally() -> None:
    assert icm([100] * 4, [50, 30, 20]) == (25, 25, 25, 25)


@settings(max_examples=120, deadline=None)
@given(
    st.lists(st.integers(1, 100_000), min_size=2, max_size=7),
    st.lists(st.integers(0, 1000), min_size=1, max_size=4),
)
def test_icm_agrees_with_pokerkit(stacks: list[int], payouts: list[int]) -> None:
    payouts = sorted(payouts, reverse=True)[: len(stacks)]
    ours = [float(v) for v in icm(stacks, payouts)]
    theirs = calculate_icm(payouts, stacks)
    assert ours == pytest.approx(theirs, rel=1e-9, abs=1e-9)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.integers(1, 10_000), min_size=2, max_size=8),
    st.lists(st.integers(0, 500), min_size=1, max_size=5),
)
def test_values_add_up_to_the_pool_and_follow_the_stacks(
    stacks: list[int], payouts: list[int]
) -> None:
    """The whole prize pool is paid out, and with payouts falling by place a bigger stack
    is worth at least as much (and never more than its chip chop over the minimum)."""
    payouts = sorted(payouts, reverse=True)[: len(stacks)]
    values = icm(stacks, payouts)
    assert sum(values) == sum(payouts)
    for i, a in enumerate(stacks):
        for j, b in enumerate(stacks):
            if a > b:
                assert values[i] >= values[j]
    assert sum(chip_chop(stacks, payouts)) == pytest.approx(sum(payouts))


def test_floats_are_valued_too() -> None:
    values = icm([1.5, 0.5], [1.0])
    assert values == pytest.approx((0.75, 0.25))


@pytest.mark.parametrize(
    ("stacks", "payouts", "message"),
    [
        ([], [1], "no stacks"),
        ([100, 0], [1], "stack 2 is 0"),
        ([100, -5], [1], "stack 2 is -5"),
        ([100, 50], [3, 2, 1], "3 payouts for 2 players"),
        ([100, 50], [-1], "payout 1 is -1"),
    ],
)
def test_what_the_model_cannot_value_is_refused(
    stacks: list[int], payouts: list[int], message: str
) -> None:
    with pytest.raises(ICMError, match=message):
        icm(stacks, payouts)


def test_a_deal_names_the_players() -> None:
    d = deal([3000, 1000], [60, 40], ["Ann", "Bo"])
    assert d.names == ("Ann", "Bo") and d.pool == 100 and d.share(0) == 0.75
    with pytest.raises(ICMError, match="1 names for 2 stacks"):
        deal([3000, 1000], [60, 40], ["Ann"])


# ---------------------------------------------------------------------------- the command


def test_the_command_prints_each_players_value(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["icm", "5000", "3000", "2000", "--payouts", "50,30,20", "--names", "Ann,Bo,Cy"])
    out = capsys.readouterr().out
    assert code == 0
    assert "prize pool 100.00" in out
    assert "Ann" in out and "38.39" in out and "32.75" in out and "28.86" in out


STACK = "a number of chips above 0 and at most 1,000,000,000,000,000"
PAYOUTS = ("1 to 100 numbers of money separated by commas, each from 0 to "
           "1,000,000,000,000,000 (like 50,30,20)")  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["icm", "5000", "lots", "--payouts", "50,30"], f"argument STACK: {STACK}, not 'lots'"),
        (["icm", "5000", "3000", "--payouts", "50,x"],
         f"argument --payouts: {PAYOUTS}, not 'x' in '50,x'"),
        (["icm", "5000", "3000", "--payouts", ","], f"argument --payouts: {PAYOUTS}, not ','"),
        (["icm", "5000", "3000", "--payouts", "5,3,2"], "3 payouts for 2 players"),
        (["icm", "5000", "0", "--payouts", "5"], f"argument STACK: {STACK}, not '0'"),
        (["icm", "5000", "nan", "--payouts", "5"], f"argument STACK: {STACK}, not 'nan'"),
        (["icm", "5000", "1e400", "--payouts", "5"], f"argument STACK: {STACK}, not '1e400'"),
        (["icm", "5000", "3000", "--payouts", "1e400"],
         f"argument --payouts: {PAYOUTS}, not '1e400'"),
        (["icm", "5000", "300", "--payouts", "5", "--names", "A"],
         "--names 'A': 1 name for 2 stacks (give one for each, in stack order)"),
        (["icm", "5000", "300", "--payouts", "5", "--names", "A,"],
         "--names 'A,': name 2 is empty"),
        (["icm", *(str(1000 + k) for k in range(16)), "--payouts", ",".join(["1"] * 16)],
         "16 players with 16 places paid: 65,535 sets of players placed to work through, "
         "more than 16,384 (every place of a table of 14 paid); pay fewer places"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Refused by the argument's type (argparse exits with 2) or by the model, one line
    naming it, at once (1e400 chips were a traceback, 16 places paid minutes of work)."""
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and err.startswith("pokerroom icm: error:")


def test_the_work_is_bounded_by_the_sets_of_players_placed() -> None:
    """Every place of a table of 14 paid is the most the model works through; 30 players
    with 4 places paid are fewer sets, 5 places more; a huge int stack is refused (its
    chip chop is a float), not an OverflowError."""
    assert sets(14, 14) == 2**14 - 1 <= MAX_SETS < sets(15, 14)
    assert sets(30, 4) <= MAX_SETS < sets(30, 5) and sets(3, 50) == 7
    assert len(icm([1000 + k for k in range(30)], [4, 3, 2, 1])) == 30
    with pytest.raises(ICMError, match="30 players with 5 places paid: 31,931 sets"):
        icm([1000 + k for k in range(30)], [5, 4, 3, 2, 1])
    with pytest.raises(ICMError, match="stack 2 is 1000000"):
        icm([1, 10**400], [1])
    with pytest.raises(ICMError, match="payout 1 is 1000000"):
        icm([1, 2], [10**400])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=8), min_size=1, max_size=4), st.text(max_size=12))
def test_any_arguments_get_a_table_or_one_line_never_a_traceback(
    stacks: list[str], payouts: str
) -> None:
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            code = main(["icm", "--payouts", payouts, "--", *stacks])
        except SystemExit as exc:  # argparse's own refusals: status 2
            code = int(exc.code or 0)
    assert code in (0, 2)
    if code == 2:
        assert "Traceback" not in err.getvalue()
