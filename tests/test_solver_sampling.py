"""Sampled CFR (public-action external sampling): its regrets and average are unbiased
estimates of full-width CFR's, its exploitability falls on Kuhn and on Leduc with bet
sizes (fixed seeds), it resumes exactly (the random generator included), and the
``solve`` command's ``--method sampled`` and ``--seed`` with their refusals."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pokerroom.cli import main
from pokerroom.solver.cfr import Discounting, Solver
from pokerroom.solver.game import Game
from pokerroom.solver.nlholdem import betting, holdem_no_limit
from pokerroom.solver.nlstrategy import NoLimitStrategy
from pokerroom.solver.sampling import SOLVERS, SampledSolver, make_solver
from pokerroom.solver.sweeps import Strategy
from pokerroom.solver.toys import kuhn, leduc_no_limit

# ------------------------------------------------------------------ unbiased


def _some_strategy(solver: Solver, seed: int) -> Strategy:
    rng = np.random.default_rng(seed)
    out = []
    for mask in solver.sweeps.action_mask:
        w = np.where(mask[:, :, None], rng.random((*mask.shape, 3)), 0.0)
        out.append(w / w.sum(axis=1, keepdims=True))
    return out


@pytest.mark.parametrize("player", [0, 1])
def test_sampled_regrets_and_average_are_unbiased_on_kuhn(player: int) -> None:
    """The mean of many sampled walks against a fixed strategy is full-width CFR's
    instantaneous regret and reach-weighted strategy, within the sampling error."""
    solver = SampledSolver(kuhn(), seed=3)
    solver.method = Discounting("sampled", alpha=0.0, gamma=0.0)  # weight 1 every walk
    sigma = _some_strategy(solver, 7)
    walks = 8_000
    for _ in range(walks):
        solver.current = [s.copy() for s in sigma]  # the walk's updates are undone
        solver._walk(player, 1)
    sweeps = solver.sweeps
    exact = sweeps.zeros()
    sweeps.values(player, sweeps.ranges(1 - player, sigma), sigma, regrets=exact)
    reach = sweeps.decision_ranges(player, sweeps.ranges(player, sigma))[0]
    rows = sweeps.player_rows[0][player]
    sampled = solver.regrets[0][rows] / walks
    assert np.abs(sampled - exact[0][rows]).max() < 0.02  # regrets of size about 1.5
    average = solver.weights[0][rows] / walks
    assert np.abs(average - (reach[:, None, :] * sigma[0])[rows]).max() < 0.01
    assert not np.any(solver.regrets[0][sweeps.player_rows[0][1 - player]])  # only its own


# ------------------------------------------------------------------ convergence


@pytest.mark.parametrize(("seed", "bounds"), [(1, (0.06, 0.012)), (2, (0.06, 0.012))])
def test_sampled_exploitability_falls_on_kuhn(seed: int, bounds: tuple[float, float]) -> None:
    solver = SampledSolver(kuhn(), seed=seed)
    solver.run(1000)
    early = solver.exploitability()
    solver.run(9000)
    late = solver.exploitability()
    # measured: seed 1 0.024 then 0.0056; seed 2 0.020 then 0.0034 (uniform play: 0.458)
    assert early < bounds[0] and late < bounds[1] and late < early / 3


def test_sampled_exploitability_falls_on_leduc_with_bet_sizes() -> None:
    game = leduc_no_limit()
    solver = SampledSolver(game, seed=1)
    solver.run(100)
    first = solver.exploitability()
    solver.run(900)
    second = solver.exploitability()
    solver.run(3000)
    third = solver.exploitability()
    # measured: 2.30, 0.95, 0.33 chips a game (full-width DCFR: 0.0142 at 100)
    assert 1.5 < first < 3.5 and 0.6 < second < 1.3 and 0.25 < third < 0.55
    value = solver.value()
    assert abs(value - Solver(game).value()) < 5  # a value, not a blow-up


# ------------------------------------------------------------------ resume


def _same(a: list[np.ndarray], b: list[np.ndarray]) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_a_resumed_sampled_solver_makes_the_same_draws() -> None:
    game = leduc_no_limit()
    whole = SampledSolver(game, seed=5)
    whole.run(40)
    first = SampledSolver(game, seed=5)
    first.run(20)
    state = first.checkpoint()
    second = SampledSolver(game, seed=99)  # the seed is replaced by the saved state
    second.resume(state)
    second.run(20)
    assert second.iterations == 40
    assert _same(second.regrets, whole.regrets) and _same(second.weights, whole.weights)
    assert _same(second.current, whole.current)
    other = SampledSolver(game, seed=6)
    other.run(40)
    assert not _same(other.regrets, whole.regrets)  # another seed, other draws


def _refuses(solver: SampledSolver, state: dict[str, np.ndarray], match: str) -> None:
    before = [r.copy() for r in solver.regrets]
    draws = solver.rng.bit_generator.state
    with pytest.raises(ValueError, match=match):
        solver.resume(state)
    assert _same(solver.regrets, before) and solver.rng.bit_generator.state == draws
    assert solver.iterations == 3


def test_checkpoints_of_another_method_or_without_the_generator_are_refused() -> None:
    game = kuhn()
    solver = SampledSolver(game, seed=1)
    solver.run(3)
    full = Solver(game)
    full.run(2)
    _refuses(solver, full.checkpoint(), "a checkpoint of dcfr, not sampled")
    state = SampledSolver(game, seed=2).checkpoint()
    _refuses(solver, {k: v for k, v in state.items() if k != "rng"},
             "without the random generator's state")  # fmt: skip
    _refuses(solver, {**state, "exploration": np.array(0.5)}, "exploration 0.5, not 0.1")
    with pytest.raises(ValueError, match="a checkpoint of sampled, not dcfr"):
        full.resume(state)


def test_make_solver_names_the_methods() -> None:
    game: Game = kuhn()
    assert SOLVERS == ("cfr+", "dcfr", "sampled")
    assert isinstance(make_solver(game, "sampled", 1), SampledSolver)
    assert make_solver(game, "cfr+").method.name == "cfr+"
    with pytest.raises(ValueError, match=r"no CFR method 'mccfr' \(methods: cfr\+, dcfr, sampled"):
        make_solver(game, "mccfr")
    with pytest.raises(ValueError, match=r"exploration 0: a probability in \(0, 1\]"):
        SampledSolver(game, exploration=0)


# ------------------------------------------------------------------ the command


def test_solve_holdem_nl_sampled_resumed_equals_one_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, ckpt = tmp_path / "nl.npz", tmp_path / "nl.ckpt.npz"
    common = ["solve", "--game", "holdem-nl", "--depth", "4",
              "--method", "sampled", "--seed", "4", "--every", "2", "--out", str(out),
              "--checkpoint", str(ckpt)]  # fmt: skip
    assert main([*common, "--iterations", "2"]) == 0
    assert main([*common, "--iterations", "4"]) == 0
    printed = capsys.readouterr().out
    assert "resumed from" in printed and "at 2 iterations" in printed
    strategy = NoLimitStrategy.load(out)
    assert strategy.method == "sampled" and strategy.iterations == 4
    game, _ = holdem_no_limit(betting(4), strategy.abstraction)
    solver = SampledSolver(game, seed=4)
    solver.run(4)
    for r, p in enumerate(solver.average()):
        assert np.array_equal(strategy.probabilities[r], p.astype(np.float16))
    assert not np.array_equal(strategy.probabilities[0][:, :, 0], np.zeros(1))


def test_a_dcfr_checkpoint_is_not_resumed_by_the_sampled_method(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ckpt = tmp_path / "nl.ckpt.npz"
    common = ["solve", "--game", "holdem-nl", "--depth", "4", "--iterations", "2",
              "--out", str(tmp_path / "nl.npz"), "--checkpoint", str(ckpt)]  # fmt: skip
    assert main(common) == 0
    before = ckpt.read_bytes()
    assert main([*common, "--method", "sampled"]) == 2
    assert "a checkpoint of dcfr, not sampled" in capsys.readouterr().err
    assert ckpt.read_bytes() == before


def test_solve_leduc_nl_sampled(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--game", "leduc-nl", "--method", "sampled", "--seed", "1",
                 "--iterations", "200", "--every", "100"]) == 0  # fmt: skip
    assert "Leduc hold'em with bet sizes, sampled" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--method", "mccfr"], "argument --method: invalid choice: 'mccfr' (choose from"),
        (["--method", "sampled", "--seed", "-1"], "a seed from 0 to"),
        (["--method", "sampled", "--iterations", "0"], "from 1 to 1,000,000, not '0'"),
        (["--seed", "3"], "--seed is for --method sampled or dealt, not --method dcfr"),
        (["--method", "cfr+", "--seed", "3"],
         "--seed is for --method sampled or dealt, not --method cfr+"),
    ],
)
def test_solve_refuses_bad_methods_and_numbers(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        code = main(["solve", "--game", "kuhn", *argv])
        raise SystemExit(code)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    if "invalid choice" in message:
        assert all(m in err.split("choose from")[1] for m in SOLVERS)  # the choices
