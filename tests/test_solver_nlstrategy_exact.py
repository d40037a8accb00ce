"""No-limit strategy files exactly: the digest of the probabilities as its docstring
defines it (shapes and float16 bytes, round by round), the shipped files' digests as the
solver recorded them, the trembles named in the method, the sizes kept per round saved
as a mask of booleans.  Written from the mutation part ``solverpolicy``'s survivors."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest

from pokerroom.solver.cfr import Solver
from pokerroom.solver.files import shipped_strategy
from pokerroom.solver.holdem import uniform
from pokerroom.solver.nlholdem import DEPTHS, betting, holdem_no_limit
from pokerroom.solver.nlpolicy import shipped_no_limit
from pokerroom.solver.nlstrategy import NoLimitStrategy
from pokerroom.solver.strategy import StrategyError, write_arrays


def _strategy(probabilities: tuple[np.ndarray, ...]) -> NoLimitStrategy:
    return NoLimitStrategy(10, (0.5, 1.0), 3, uniform(2), probabilities, 1, "dcfr", ())


def test_the_digest_is_of_the_shapes_and_the_float16_bytes_round_by_round() -> None:
    one = np.arange(6, dtype=np.float16).reshape(2, 3) / 8
    two = np.ones((1, 2), dtype=np.float16)
    h = hashlib.sha256()
    h.update(b"(2, 3)")
    h.update(one.tobytes())
    h.update(b"(1, 2)")
    h.update(two.tobytes())
    assert _strategy((one, two)).digest() == h.hexdigest()
    # the same bytes in another shape are another strategy
    assert _strategy((one.reshape(3, 2), two)).digest() != h.hexdigest()
    assert _strategy(()).digest() == hashlib.sha256().hexdigest()


@pytest.mark.parametrize(
    ("depth", "digest"), [(100, "92a67351c9f10f08"), (200, "73dd7ac43f1c73dd")]
)
def test_the_shipped_probabilities_are_those_the_solver_wrote(depth: int, digest: str) -> None:
    """The digest the solver stored when it wrote each shipped file (``written``), and
    its first 16 hex digits as recorded here."""
    assert depth in DEPTHS
    strategy = NoLimitStrategy.load(shipped_no_limit(depth))
    assert strategy.digest() == strategy.written[1]
    assert strategy.written[1][:16] == digest


def test_a_trembling_solver_is_named_in_the_method(tmp_path: Path) -> None:
    cards = uniform(2)
    game, _ = holdem_no_limit(betting(10), cards)
    solver = Solver(game, tremble=0.1)
    solver.run(1)
    made = NoLimitStrategy.from_solver(10, (0.5, 1.0), 3, abstraction=cards, solver=solver,
                                       history=())  # fmt: skip
    assert made.method == "dcfr with trembles 0.1"
    made.save(tmp_path / "s.npz")
    assert NoLimitStrategy.load(tmp_path / "s.npz").method == "dcfr with trembles 0.1"


def test_the_sizes_kept_per_round_are_saved_as_a_mask(tmp_path: Path) -> None:
    kept = ((0, 1), (0,), (0, 1, 2), (2,))
    made = NoLimitStrategy(10, (0.5, 1.0, 1.5), 3, uniform(2), (), 1, "dcfr", (),
                           per_round=kept)  # fmt: skip
    made.save(tmp_path / "s.npz")
    with np.load(tmp_path / "s.npz") as data:
        mask = data["per_round"]
        fractions = data["fractions"]
    assert mask.dtype == np.bool_
    assert mask.tolist() == [[True, True, False], [True, False, False], [True, True, True],
                             [False, False, True]]  # fmt: skip
    assert fractions.dtype == np.float64 and fractions.tolist() == [0.5, 1.0, 1.5]
    assert NoLimitStrategy.load(tmp_path / "s.npz").per_round == kept


def test_a_file_of_another_kind_is_refused_in_full(tmp_path: Path) -> None:
    limit = shipped_strategy("casino-limit")
    with pytest.raises(StrategyError) as caught:
        NoLimitStrategy.load(limit)
    assert str(caught.value) == f"{limit}: not a pokerroom-nl-strategy-1 file"
    bare = tmp_path / "bare.npz"
    write_arrays(bare, {"x": np.zeros(2)})
    with pytest.raises(StrategyError) as caught:
        NoLimitStrategy.load(bare)
    assert str(caught.value) == f"{bare}: not a pokerroom-nl-strategy-1 file"


@pytest.mark.parametrize("name", ["depth", "fractions", "written", "history", "prior"])
def test_a_no_limit_file_without_one_of_its_arrays_is_refused_naming_it(
    name: str, tmp_path: Path
) -> None:
    with np.load(shipped_no_limit(100), allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files if k != name}
    damaged = tmp_path / "damaged.npz"
    write_arrays(damaged, arrays)
    with pytest.raises(StrategyError) as caught:
        NoLimitStrategy.load(damaged)
    assert str(caught.value) == f"{damaged}: a damaged strategy file: it has no array {name}"
