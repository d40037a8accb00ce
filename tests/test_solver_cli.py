"""``pokerroom solve``: the toy games, a short hold'em run written and read back, errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pokerroom.cli import main
from pokerroom.rules import Rules
from pokerroom.solver.betting import betting_tree
from pokerroom.solver.cfr import Solver
from pokerroom.solver.files import DEFAULT_BUCKETS, abstraction_for, shipped_strategy
from pokerroom.solver.holdem import holdem_game
from pokerroom.solver.policy import Policy
from pokerroom.solver.strategy import Strategy, StrategyError
from pokerroom.solver.tree import CHANCE


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
    # every decision of the file is the solver's at that node (the same run again)
    tree = betting_tree(Rules.preset("casino-limit", players=2))
    solver = Solver(holdem_game(tree, abstraction_for(DEFAULT_BUCKETS)), "dcfr")
    solver.run(4)
    average = solver.average()
    rows = solver.sweeps.decision_rows
    checked = 0
    for node, kind in enumerate(tree.kind):
        if kind < CHANCE:
            width = len(tree.actions[node])
            street = int(tree.street[node])
            want = average[street][rows[node], :width]
            assert np.allclose(policy.table(node), want, atol=1e-3), tree.path(node)
            checked += 1
    assert checked == 6378


def test_solve_holdem_checkpoints_and_resumes_to_the_same_strategy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--checkpoint`` in fixed limit as in no limit: two iterations, then two more
    resumed from the file, give the strategy of four in one go, decision for decision."""
    out, ckpt = tmp_path / "s.npz", tmp_path / "s.ckpt.npz"
    common = ["solve", "--rules", "casino-limit", "--every", "2", "--out", str(out),
              "--checkpoint", str(ckpt)]  # fmt: skip
    assert main([*common, "--iterations", "2"]) == 0
    assert ckpt.is_file() and "resumed" not in capsys.readouterr().out
    assert main([*common, "--iterations", "4"]) == 0
    assert "resumed from" in capsys.readouterr().out
    strategy = Strategy.load(out)
    assert strategy.iterations == 4 and [i for i, _, _ in strategy.history] == [2, 4]
    tree = betting_tree(Rules.preset("casino-limit", players=2))
    solver = Solver(holdem_game(tree, abstraction_for(DEFAULT_BUCKETS)), "dcfr")
    solver.run(4)
    again = Strategy.from_solver(tree.rules, tree, strategy.abstraction, solver, ())
    for r in range(4):
        assert np.array_equal(strategy.probabilities[r],
                              again.probabilities[r].astype(np.float16))  # fmt: skip
    # a checkpoint of another game is refused in one line, the file left as it was
    before = ckpt.read_bytes()
    code = main(["solve", "--rules", "computer-tournament", "--iterations", "6",
                 "--out", str(out), "--checkpoint", str(ckpt)])  # fmt: skip
    assert code == 2 and "a checkpoint of another game" in capsys.readouterr().err
    assert ckpt.read_bytes() == before


def test_files_of_the_first_format_are_refused(tmp_path: Path) -> None:
    with np.load(shipped_strategy("casino-limit")) as data:
        arrays = {k: data[k] for k in data.files}
    arrays["format"] = np.array("pokerroom-strategy-1")
    old = tmp_path / "old.npz"
    np.savez(old, **arrays)
    with pytest.raises(StrategyError, match=r"rows are in the solver.s order.*solve again"):
        Strategy.load(old)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--buckets", "8,8"], "argument --buckets: four numbers like 8,8,8,8, one per round"),
        (["--buckets", "8,x,8,8"], "argument --buckets: four numbers like 8,8,8,8"),
        (["--buckets", "0,8,8,8", "--out", "x.npz"],
         "1 to 169 pre-flop, 1 to 250 in later rounds, not '0,8,8,8'"),
        (["--buckets", "8,8,8,251", "--out", "x.npz"], "not '8,8,8,251'"),
        (["--buckets", "8,8,8,99999999999", "--out", "x.npz"], "not '8,8,8,99999999999'"),
        (["--rules", "no-limit", "--out", "x.npz"], "no-limit, not fixed-limit"),
        (["--iterations", "0"], "argument --iterations: a whole number of iterations from 1"),
        (["--every", "-1", "--game", "kuhn", "--iterations", "1"],
         "argument --every: a whole number of iterations from 1 to 1,000,000, not '-1'"),
        (["--every", "0", "--game", "kuhn"], "argument --every: a whole number"),
        ([], "give --out FILE.npz"),
        (["--game", "leduc", "--out", "x.npz"], "--out and --plot are for hold'em"),
        (["--out", "no/such/folder/x.npz"], "argument --out: 'no/such/folder/x.npz': no folder"),
        (["--out", "x.txt"], "argument --out: 'x.txt': the name must end in .npz"),
    ],
)  # fmt: skip
def test_solve_refuses_bad_input_in_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """At once, before card features are built (minutes for buckets not shipped): issue
    29's ``--every -1`` looped for ever; buckets out of range were refused only after the
    features were built."""
    try:
        code = main(["solve", *args])
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


def test_solve_lbr_is_the_lbr_command_and_pokerroom_lbr_its_alias(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``pokerroom solve lbr`` plays the LBR match (issue 32); ``pokerroom lbr`` is the
    same command: the same table, the same figures for the same seed."""
    argv = ["--target", "random", "--deals", "2", "--samples", "2", "--seed", "3"]
    assert main(["solve", "lbr", *argv]) == 0
    first = capsys.readouterr().out.splitlines()
    assert first[0] == "casino-limit, heads-up duplicate, seed 3; CPU seconds"
    assert first[-1].startswith("| LBR vs random | ") and "| 2 deals (4 hands) |" in first[-1]
    assert main(["lbr", *argv]) == 0
    again = capsys.readouterr().out.splitlines()
    assert [line.rsplit("|", 2)[0] for line in again] == [
        line.rsplit("|", 2)[0] for line in first
    ]  # all but the CPU seconds
    # a bad value is said by the command it was given to, `solve` alone still runs CFR
    with pytest.raises(SystemExit) as exited:  # (argparse's exit)
        main(["solve", "lbr", "--deals", "0"])
    assert exited.value.code == 2
    assert capsys.readouterr().err.startswith("pokerroom solve lbr: error: argument --deals")
    assert main(["solve", "--game", "kuhn", "--iterations", "2"]) == 0
    assert "Kuhn poker" in capsys.readouterr().out


def test_solve_lbr_in_no_limit_reads_cfr_and_aivat_prints_both_results(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Against ``cfr`` in heads-up no limit (100 big blinds) the command says how many of
    the bot's decisions it read from the strategies; ``--aivat`` prints the corrected
    result in the table and the plain one after it."""
    rules = tmp_path / "hunl.toml"
    rules.write_text('preset = "no-limit"\nblinds = [50, 100]\nbuy_in = 10000\n')
    argv = ["--rules", str(rules), "--target", "cfr", "--deals", "2", "--seed", "1"]
    assert main(["solve", "lbr", *argv, "--aivat"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[3].startswith("| LBR vs cfr | ") and "| 2 deals (4 hands) |" in out[3]
    assert out[4].startswith("(AIVAT-corrected; the plain duplicate result: ")
    assert out[5].startswith("cfr's strategies read exactly: ")
    assert main(["solve", "lbr", *argv]) == 0
    plain = capsys.readouterr().out.splitlines()
    assert plain[3].split("|")[2].strip() in out[4]  # the same hands, uncorrected
    assert plain[4] == out[5]
