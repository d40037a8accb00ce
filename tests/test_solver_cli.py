"""``pokerroom solve``: the toy games, a short hold'em run written and read back, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerroom.cli import main
from pokerroom.solver.policy import Policy


def test_solve_kuhn_prints_the_table_and_the_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--game", "kuhn", "--iterations", "400", "--every", "100"]) == 0
    out = capsys.readouterr().out
    assert "Kuhn poker, dcfr" in out and "exploitability (chips/game)" in out
    assert "game value for player 0: -0.0556" in out


def test_solve_holdem_writes_a_strategy_the_policy_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.npz"
    plot = tmp_path / "s.png"
    code = main(["solve", "--rules", "casino-limit", "--iterations", "4", "--every", "2",
                 "--out", str(out), "--plot", str(plot)])  # fmt: skip
    assert code == 0
    printed = capsys.readouterr().out
    assert "6,378 betting decisions" in printed and f"wrote {out}" in printed
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    policy = Policy.load(out)
    assert policy.strategy.iterations == 4
    assert [i for i, _, _ in policy.strategy.history] == [2, 4]
    assert "4 iterations of dcfr" in policy.description


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--buckets", "8,8"], "--buckets takes four numbers"),
        (["--buckets", "8,x,8,8"], "--buckets takes four numbers like 8,8,8,8"),
        (["--buckets", "0,8,8,8", "--out", "x.npz"], "0 buckets in round 1"),
        (["--rules", "no-limit", "--out", "x.npz"], "no-limit, not fixed-limit"),
        (["--iterations", "0"], "--iterations must be at least 1"),
        ([], "give --out FILE.npz"),
        (["--game", "leduc", "--out", "x.npz"], "--out and --plot are for hold'em"),
    ],
)
def test_solve_refuses_bad_input_in_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
