"""``pokerroom equity``: the table, JSON, and one-line errors with exit status 2."""

from __future__ import annotations

import itertools
import json
from types import SimpleNamespace

import pytest

import pokerroom.cli.equity as cli_equity
from pokerroom.cli import main, progress
from pokerroom.equity import equity
from pokerroom.equity.montecarlo import BATCH


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["equity", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_hand_against_hand_exact(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "AhKh", "QsQc")
    assert status == 0 and not err
    assert "exact: 1,712,304 deals" in out
    rows = [line for line in out.splitlines() if "AhKh" in line or "QsQc" in line]
    assert "46.02" in rows[0] and "0.39" in rows[0] and "46.21" in rows[0]
    assert "53.79" in rows[1]
    assert "std error" not in out


def test_ranges_on_a_flop(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "QQ+,AKs", "random", "--board", "Ks7d2c")
    assert status == 0
    assert "QQ+, AKs" in out and "87.25" in out and "12.75" in out
    assert "board: Ks 7d 2c" in out


def test_monte_carlo_shows_the_standard_error_and_repeats_with_a_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("AA", "KK", "QQ", "--samples", "20000", "--seed", "7", "--json")
    _, first, _ = run(capsys, *args)
    _, second, _ = run(capsys, *args)
    a, b = json.loads(first), json.loads(second)
    assert a["method"] == "monte carlo" and a["deals"] == 20000
    assert a["players"] == b["players"]
    assert all(p["std_error"] > 0 for p in a["players"])
    assert sum(p["equity"] for p in a["players"]) == pytest.approx(1.0)
    status, out, _ = run(capsys, "AA", "KK", "--samples", "5000", "--seed", "1")
    assert status == 0 and "Monte Carlo: 5,000 deals" in out and "± std error" in out


def test_dead_cards_target_error_and_time(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "AhKh", "QsQc", "--board", "2h7h9c", "--dead", "Qh Qd")
    assert status == 0 and "dead:  Qh Qd" in out
    status, out, _ = run(capsys, "AA", "KK", "--target-error", "0.01", "--seed", "2", "--json")
    assert status == 0 and max(p["std_error"] for p in json.loads(out)["players"]) <= 0.01


def test_time_budget_runs_batches_until_the_clock_says_stop(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--time reads the adapter's clock (here one that ticks 10 ms a reading, so the run
    does not depend on this machine's speed): whole batches until 0.05 s are spent, the
    same deals as asking for that many samples with the seed, and AA against KK near its
    known exact equity, 81.95% (every one of its 1,712,304 boards)."""
    ticks = itertools.count()
    monkeypatch.setattr(cli_equity, "time", SimpleNamespace(perf_counter=lambda: next(ticks) / 100))
    status, out, _ = run(capsys, "AA", "KK", "--time", "0.05", "--seed", "2", "--json")
    result = json.loads(out)
    deals = result["deals"]
    assert status == 0 and result["method"] == "monte carlo"
    assert deals % BATCH == 0 and BATCH <= deals <= 6 * BATCH
    again = equity(["AA", "KK"], samples=deals, seed=2)
    aa, kk = result["players"]
    assert aa["equity"] == pytest.approx(again.players[0].equity, abs=1e-12)
    assert kk["equity"] == pytest.approx(again.players[1].equity, abs=1e-12)
    assert abs(aa["equity"] - 0.8195) <= 4 * aa["std_error"]
    assert aa["equity"] + kk["equity"] == pytest.approx(1.0, abs=1e-12)


def test_grid_draws_each_range(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "QQ+,AKs", "AhKh", "--board", "2c3d4h", "--grid")
    assert status == 0
    assert "player 1: QQ+, AKs" in out and "22 combinations, 1.7% of hands" in out
    assert "player 2" not in out  # a single hand needs no chart


def test_grid_takes_a_hand_written_with_a_space(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "Ah Kh", "QQ", "--board", "Ks7d2c", "--grid")
    assert status == 0 and not err
    assert "player 2: QQ" in out and "6 combinations" in out
    assert "player 1" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("QQ+,AKx", "random"), "'AKx' (character 5 of 'QQ+,AKx')"),
        (("AhKh",), "at least two hands"),
        (("AhKh", "QsQc", "--board", "2h7h"), "0, 3, 4 or 5 cards"),
        (("AhKh", "AhQs"), "Ah is in the hands of players 1 and 2"),
        (("AhKh", "QsQc", "--board", "2h7h9x"), "not a card"),
        (("AhKh", "QsQc", "--exact", "--samples", "10"), "--exact takes no"),
        (("AA:0", "KK"), "player 1 has no hand: every hand of the range has weight 0"),
        (("random", "AA:0.5, AA:0"), "player 2 has no hand: every hand of the range has weight 0"),
        (("AA", "KK", "--board", "AsAhAd"), "player 1 (AA) has no hand left: each holds a board"),
    ],
)
def test_errors_are_one_line_with_status_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and not out
    assert err.startswith("pokerroom equity: error: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--time", "0"),
         "argument --time: a number of seconds above 0 and at most 86,400 (a day), not '0'"),
        (("--time", "-1"), "argument --time: a number of seconds above 0 and at most 86,400"),
        (("--time", "inf"), "argument --time: a number of seconds above 0 and at most 86,400"),
        (("--samples", "0"),
         "argument --samples: a whole number of deals from 1 to 1,000,000,000,000, not '0'"),
        (("--samples", "-5"), "argument --samples: a whole number of deals from 1 to"),
        (("--samples", "many"), "argument --samples: a whole number of deals from 1 to"),
        (("--samples", str(10**26)), f"to 1,000,000,000,000, not '{10**26}'"),
        (("--target-error", "0"), "argument --target-error: a number above 0 and below 1, not '0'"),
        (("--target-error", "1"), "argument --target-error: a number above 0 and below 1, not '1'"),
        (("--seed", "-1"), "argument --seed: a seed from 0 to 9,223,372,036,854,775,807, not '-1'"),
    ],
)  # fmt: skip
def test_monte_carlo_limits_are_checked_as_options(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    """A bad --time, --samples or --target-error is a usage error naming the option (no
    library message about clocks reaches the command line)."""
    with pytest.raises(SystemExit) as exc:
        main(["equity", "AhKh", "QsQc", *args])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith("pokerroom equity: error: ")
    assert message in err and "clock" not in err


def test_a_time_budget_runs_monte_carlo(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)  # a bar at once, were one shown
    status, out, err = run(capsys, "AhKh", "QsQc", "--time", "0.05", "--seed", "3")
    assert status == 0 and not err
    assert out.splitlines()[0].strip().startswith("Monte Carlo: ")  # no blank line above


def test_one_deal_estimates_no_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "AhKh", "QsQc", "--samples", "1", "--seed", "1")
    assert status == 0
    rows = [line for line in out.splitlines() if "AhKh" in line or "QsQc" in line]
    assert len(rows) == 2 and all(row.split()[-2] == "n/a" for row in rows)
    assert "one deal cannot estimate a standard error" in out
    status, out, _ = run(capsys, "AhKh", "QsQc", "--samples", "1", "--seed", "1", "--json")
    assert [p["std_error"] for p in json.loads(out)["players"]] == [None, None]
    status, out, _ = run(capsys, "AhKh", "QsQc", "--samples", "200", "--seed", "1")
    assert "fewer than 1,000 deals: the standard errors are rough" in out
    assert "n/a" not in out
    status, out, _ = run(capsys, "AhKh", "QsQc", "--samples", "1000", "--seed", "1")
    assert "rough" not in out


def test_piped_output_starts_with_the_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No progress bar (nor the blank line it leaves) when the output is no terminal."""
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    ten = ("AA", "KK", "QQ", "JJ", "TT", "99", "88", "77", "66", "55")
    status, out, err = run(capsys, *ten, "--samples", "50000", "--seed", "1")
    assert status == 0 and not err
    assert out.splitlines()[0].strip().startswith("Monte Carlo: 50,000 deals")
    assert len([line for line in out.splitlines() if "│" in line]) == 10


def test_the_grid_marks_the_range_in_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "QQ+,AKs:0.5,KQs", "JdTd", "--board", "2c3d4h", "--grid")
    assert status == 0
    lines = out.splitlines()
    top = lines.index(next(line for line in lines if "player 1: QQ+" in line))
    chart = [line.split() for line in lines[top + 1 : top + 14]]
    assert len(chart) == 13 and all(len(row) == 13 for row in chart)
    marked = {cell for row in chart for cell in row if cell != "."}
    assert marked == {"AA", "KK", "QQ", "AKs*", "KQs"}
    assert sum(row.count(".") for row in chart) == 169 - 5
    assert "AKs: in the range   AKs*: partly (weighted, or some suits)   .: not" in lines
