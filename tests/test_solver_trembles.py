"""CFR with trembles (``Solver(..., tremble=ε)``, ``pokerroom solve --tremble``): the
perturbed strategy played, the values backed up through it, the answer to a bet the
equilibrium never makes (Leduc with bet sizes), the exploitability it costs, checkpoints
and the command line."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from pokerroom.cli import main
from pokerroom.solver.cfr import Solver
from pokerroom.solver.sampling import make_solver
from pokerroom.solver.toys import kuhn, leduc_no_limit
from pokerroom.solver.tree import TERMINAL


def _solve(tremble: float) -> Solver:
    solver = Solver(leduc_no_limit(), tremble=tremble)
    solver.run(1000)
    return solver


@pytest.fixture(scope="module")
def solved() -> Callable[[float], Solver]:
    """The solved games, once a module: a fixture, not a module-level cache, because
    mutmut runs each mutant's tests in a process forked from one that ran them all
    unmutated, and a cache there would hand every mutant the unmutated solvers."""
    return functools.cache(_solve)


def test_the_played_strategy_takes_every_legal_action_at_least_eps_over_their_number() -> None:
    solver = Solver(leduc_no_limit(), tremble=0.1)
    solver.run(20)
    for s, (played, current) in enumerate(zip(solver.played(), solver.current, strict=True)):
        mask = solver.sweeps.action_mask[s]
        legal = mask.sum(axis=1)[:, None, None]
        assert np.all(played[~mask] == 0.0)
        assert np.all(np.where(mask[:, :, None], played >= 0.1 / legal - 1e-12, True))
        assert np.allclose(played.sum(axis=1), 1.0)
        assert np.allclose(played, 0.9 * current + 0.1 * mask[:, :, None] / legal)
    untrembled = Solver(kuhn())
    assert untrembled.played() is untrembled.current


def test_values_backed_up_through_the_trembles_are_those_of_the_trembled_strategy() -> None:
    """Backing up ``(1 − ε) σ·v + ε mean(v)`` at the player's own nodes is following the
    trembled strategy: the two sweeps agree at every node."""
    solver = Solver(leduc_no_limit(), tremble=0.2)
    solver.run(5)
    sweeps = solver.sweeps
    for p in (0, 1):
        opp = sweeps.ranges(1 - p, solver.played())
        backed = sweeps.values(p, opp, solver.current, tremble=0.2)
        followed = sweeps.values(p, opp, solver.played())
        for a, b in zip(backed, followed, strict=True):
            assert np.allclose(a, b)
        plain = sweeps.values(p, opp, solver.current)
        assert not all(np.allclose(a, b) for a, b in zip(plain, followed, strict=True))


def _fold_where_never_bet(solver: Solver, reference: Solver) -> list[float]:
    """The first round's decisions facing a bet that ``reference``'s bettor makes with
    probability under 1/1000 where it could (the defender reaching them with 30% or more):
    ``solver``'s chance of folding there, over the defender's range."""
    game, sweeps = solver.game, solver.sweeps
    tree = game.tree
    ref = reference.average()
    ref_ranges = [sweeps.ranges(p, ref) for p in (0, 1)]
    avg = solver.average()
    out = []
    for node in range(len(tree)):
        player = int(tree.kind[node])
        if player > 1 or int(tree.segment[node]) != 0:
            continue
        if int(tree.kind[int(tree.first[node])]) != TERMINAL:
            continue  # no fold: not facing a bet
        parent, row = int(tree.parent[node]), sweeps.rows[node]
        bettor = ref_ranges[1 - player][0]
        taken = bettor[row].sum() / bettor[sweeps.rows[parent]].sum()
        defender = sweeps.ranges(player, avg)[0][row]
        if taken >= 1e-3 or ref_ranges[player][0][row].sum() < 0.3:
            continue
        fold = avg[0][sweeps.decision_rows[node], 0]
        out.append(float(defender @ fold / defender.sum()))
    return out


def test_trembles_defend_against_a_bet_the_equilibrium_never_makes(
        solved: Callable[[float], Solver]) -> None:
    """Leduc with bet sizes: at the first round's bets the equilibrium's bettor never makes
    (here the opening bet of the pot, and a raise of half the pot over a bet of the pot
    after a check), plain CFR trains the
    answer against the few hands that reach it with a vanishing chance, and folds much
    of its range; with trembles the bet comes with the bettor's whole range behind it,
    and the answer folds less."""
    plain, trembled = solved(0.0), solved(0.01)
    before = _fold_where_never_bet(plain, plain)
    after = _fold_where_never_bet(trembled, plain)
    assert len(before) == len(after) >= 2
    for b, a in zip(before, after, strict=True):
        assert a < b - 0.05


def test_the_exploitability_trembles_cost_is_bounded_and_shrinks_with_eps(
        solved: Callable[[float], Solver]) -> None:
    """The average kept is of the untrembled choices, an ε-perturbed equilibrium's: its
    exploitability in the real (unperturbed) game no longer falls to zero but stays
    within a few ε chips a game, less for a smaller ε."""
    plain = solved(0.0).exploitability()
    small, large = solved(0.001).exploitability(), solved(0.01).exploitability()
    assert plain < 1e-3
    assert plain < small < large < 3 * 0.01
    assert small < 3 * 0.001
    assert solved(0.01).value() == pytest.approx(solved(0.0).value(), abs=0.01)


def test_a_checkpoint_keeps_the_trembles_and_another_eps_is_refused() -> None:
    solver = Solver(leduc_no_limit(), tremble=0.05)
    solver.run(3)
    state = solver.checkpoint()
    other = Solver(leduc_no_limit(), tremble=0.01)
    before = [r.copy() for r in other.regrets]
    with pytest.raises(ValueError, match=r"a checkpoint of tremble 0\.05, not 0\.01"):
        other.resume(state)
    assert other.iterations == 0 and all(np.array_equal(a, b)
                                         for a, b in zip(before, other.regrets, strict=True))
    resumed = Solver(leduc_no_limit(), tremble=0.05)
    resumed.resume(state)
    resumed.run(2)
    solver.run(2)
    for a, b in zip(resumed.average(), solver.average(), strict=True):
        assert np.array_equal(a, b)


def test_trembles_out_of_range_or_with_the_sampled_solver_are_refused() -> None:
    with pytest.raises(ValueError, match=r"tremble 1.0: a probability in \[0, 1\)"):
        Solver(kuhn(), tremble=1.0)
    with pytest.raises(ValueError, match="tremble is for the full-width methods"):
        make_solver(kuhn(), "sampled", tremble=0.1)
    assert make_solver(kuhn(), "cfr+", tremble=0.1).tremble == 0.1


def test_solve_tremble_on_the_command_line(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:  # fmt: skip
    assert main(["solve", "--game", "leduc-nl", "--iterations", "100", "--tremble", "0.01"]) == 0
    assert "Leduc hold'em with bet sizes, dcfr" in capsys.readouterr().out
    assert main(["solve", "--game", "leduc-nl", "--tremble", "0.01", "--method", "sampled"]) == 2
    assert "--tremble is for the full-width methods (dcfr, cfr+)" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["solve", "--game", "kuhn", "--tremble", "0.7"])
    assert "a probability from 0 to 0.5, not '0.7'" in capsys.readouterr().err
