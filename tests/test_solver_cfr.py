"""The CFR solver's checkpoints and refusals: a resumed solver goes on exactly as one that
never stopped, and every refused checkpoint or tremble is named in full, the solver
unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.solver.cfr import CFR_PLUS, DCFR, Solver
from pokerroom.solver.toys import kuhn, leduc


def _arrays(solver: Solver) -> list[np.ndarray]:
    return [a.copy() for a in (*solver.regrets, *solver.weights, *solver.current)]


def _same(a: list[np.ndarray], b: list[np.ndarray]) -> bool:
    return len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("method", ["cfr+", "dcfr"])
def test_a_resumed_solver_goes_on_as_one_that_never_stopped(method: str) -> None:
    whole = Solver(kuhn(), method)
    whole.run(7)
    state = whole.checkpoint()
    assert int(state["iterations"]) == 7 and str(state["method"]) == method
    assert float(state["tremble"]) == 0.0
    resumed = Solver(kuhn(), method)
    resumed.resume(state)
    assert resumed.iterations == 7 and _same(_arrays(resumed), _arrays(whole))
    whole.run(5)
    resumed.run(5)
    assert resumed.iterations == whole.iterations == 12
    assert _same(_arrays(resumed), _arrays(whole))


def test_a_checkpoint_of_another_method_tremble_or_game_is_refused_whole() -> None:
    solver = Solver(kuhn())
    solver.run(3)
    before = _arrays(solver)
    kept = solver.checkpoint()
    other_game = Solver(leduc()).checkpoint()
    partial = {k: v for k, v in kept.items() if not k.startswith("current")}
    for state, told in (
        ({}, "a checkpoint of no method, not dcfr"),
        (Solver(kuhn(), CFR_PLUS).checkpoint(), "a checkpoint of cfr+, not dcfr"),
        (Solver(kuhn(), tremble=0.25).checkpoint(), "a checkpoint of tremble 0.25, not 0.0"),
        (other_game, "a checkpoint of another game (regrets0 does not fit)"),
        (partial | {"weights0": np.zeros(3)},
         "a checkpoint of another game (weights0 does not fit)"),
        (partial, "a checkpoint of another game (current0 does not fit)"),
    ):  # fmt: skip
        with pytest.raises(ValueError) as caught:
            solver.resume(state)
        assert str(caught.value) == told
        assert solver.iterations == 3 and _same(_arrays(solver), before)
    # a checkpoint written without a tremble is one of no tremble
    solver.resume({k: v for k, v in kept.items() if k != "tremble"})
    assert solver.iterations == 3


@pytest.mark.parametrize("tremble", [-0.01, 1.0, 1.5])
def test_a_tremble_outside_zero_to_one_is_refused(tremble: float) -> None:
    with pytest.raises(ValueError) as caught:
        Solver(kuhn(), tremble=tremble)
    assert str(caught.value) == f"tremble {tremble}: a probability in [0, 1)"


def test_the_methods_named_and_their_weights() -> None:
    assert Solver(kuhn(), "cfr+").method is CFR_PLUS and Solver(kuhn()).method is DCFR
    assert (CFR_PLUS.gamma, CFR_PLUS.floor) == (1.0, True)
    assert (DCFR.alpha, DCFR.beta, DCFR.gamma, DCFR.floor) == (1.5, 0.0, 2.0, False)
    plain = Solver(kuhn())
    assert plain.played() is plain.current
