"""A solved heads-up no-limit strategy, saved as one ``.npz`` file: the action
abstraction (the tree is grown again from it), the card buckets, and the average
strategy of every decision.

Probabilities are kept per round: an array of (decisions of the round, widest node's
actions, buckets) in float16, a decision's actions in the tree's order (fold, check or
call, the raises by size, all-in; padded with zeros).  Rows follow the solver's decision
rows (:attr:`~pokerroom.solver.sweeps.Sweeps.decision_rows`), which the tree fixes.

The file also keeps two SHA-256 digests made when the solver wrote it: of the tree (every
node's actions and amounts: the tree grown again on loading must be the one solved) and
of the probabilities (:meth:`NoLimitStrategy.digest`), so that a reader can check it
reads back every decision as the solver wrote it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from pokerroom.solver.abstraction import CardAbstraction
from pokerroom.solver.nlholdem import betting, holdem_no_limit
from pokerroom.solver.nolimit import NoLimitTree
from pokerroom.solver.strategy import (
    ABSTRACTION_ARRAYS,
    StrategyError,
    abstraction_arrays,
    read_abstraction,
    read_arrays,
    require_arrays,
    write_arrays,
)
from pokerroom.solver.sweeps import Sweeps

if TYPE_CHECKING:
    from pokerroom.solver.cfr import Solver

__all__ = ["FORMAT", "NoLimitStrategy"]

FORMAT = "pokerroom-nl-strategy-1"
F16s = npt.NDArray[np.float16]


@dataclass(frozen=True, slots=True, eq=False)
class NoLimitStrategy:
    """See the module.  ``history``: (iterations, exploitability in the abstract game in
    mbb/h, seconds) measured while solving."""

    depth: int
    fractions: tuple[float, ...]
    max_raises: int
    abstraction: CardAbstraction
    probabilities: tuple[F16s, ...]
    iterations: int
    method: str
    history: tuple[tuple[int, float, float], ...]
    written: tuple[str, str] = ("", "")
    """The digests of the tree and of the probabilities as the solver wrote them."""
    per_round: tuple[tuple[int, ...], ...] = ()
    """The sizes each round keeps (indices into ``fractions``; empty: all, every round)."""

    def digest(self) -> str:
        """SHA-256 of the probabilities (shapes and float16 bytes, round by round)."""
        h = hashlib.sha256()
        for p in self.probabilities:
            h.update(repr(p.shape).encode())
            h.update(np.ascontiguousarray(p, dtype=np.float16).tobytes())
        return h.hexdigest()

    def tree_digest(self) -> str:
        """SHA-256 of the betting tree grown from this strategy's abstraction."""
        return tree_digest(self.tree()[0])

    def tree(self) -> tuple[NoLimitTree, Sweeps]:
        """The betting tree and the solver's layout of its decisions."""
        bets = betting(self.depth, self.fractions, self.max_raises, self.per_round)
        game, tree = holdem_no_limit(bets, self.abstraction)
        return tree, Sweeps(game)

    @classmethod
    def from_solver(cls, depth: int, fractions: tuple[float, ...], max_raises: int, *,
                    abstraction: CardAbstraction, solver: Solver,
                    history: tuple[tuple[int, float, float], ...],
                    per_round: tuple[tuple[int, ...], ...] = ()) -> NoLimitStrategy:  # fmt: skip
        probs = tuple(p.astype(np.float16) for p in solver.average())
        method = solver.method.name
        if solver.tremble:
            method += f" with trembles {solver.tremble:g}"
        made = cls(depth, fractions, max_raises, abstraction, probs, solver.iterations,
                   method, history, per_round=per_round)  # fmt: skip
        return cls(depth, fractions, max_raises, abstraction, probs, solver.iterations,
                   method, history, (made.tree_digest(), made.digest()), per_round)  # fmt: skip

    def save(self, path: str | Path) -> None:
        arrays: dict[str, Any] = {
            "format": np.array(FORMAT),
            "depth": np.array(self.depth),
            "fractions": np.array(self.fractions, dtype=np.float64),
            "max_raises": np.array(self.max_raises),
            "iterations": np.array(self.iterations),
            "method": np.array(self.method),
            "history": np.array(self.history, dtype=np.float64).reshape(-1, 3),
            "written": np.array(self.written),
        }
        if self.per_round:  # a mask, a row per round (files without it: every size)
            mask = np.zeros((len(self.per_round), len(self.fractions)), dtype=np.bool_)
            for r, kept in enumerate(self.per_round):
                mask[r, list(kept)] = True
            arrays["per_round"] = mask
        arrays.update(abstraction_arrays(self.abstraction))
        for r, p in enumerate(self.probabilities):
            arrays[f"probabilities{r}"] = p
        write_arrays(path, arrays)

    @classmethod
    def load(cls, path: str | Path) -> NoLimitStrategy:
        arrays = read_arrays(path)
        if str(arrays.get("format", "")) != FORMAT:
            raise StrategyError(f"{path}: not a {FORMAT} file")
        require_arrays(path, arrays, ("depth", "fractions", "max_raises", "iterations", "method",
                                      "history", "written", *ABSTRACTION_ARRAYS))  # fmt: skip
        rounds = sum(1 for k in arrays if k.startswith("probabilities"))
        return cls(
            int(arrays["depth"]),
            tuple(float(f) for f in arrays["fractions"]),
            int(arrays["max_raises"]),
            read_abstraction(arrays),
            tuple(arrays[f"probabilities{r}"] for r in range(rounds)),
            int(arrays["iterations"]),
            str(arrays["method"]),
            tuple((int(i), float(e), float(s)) for i, e, s in arrays["history"]),
            (str(arrays["written"][0]), str(arrays["written"][1])),
            tuple(tuple(int(i) for i in np.flatnonzero(row)) for row in arrays["per_round"])
            if "per_round" in arrays else (),
        )


def tree_digest(tree: NoLimitTree) -> str:
    """SHA-256 of a tree's shape: each node's kind, street, committed chips, action
    labels and amounts."""
    h = hashlib.sha256()
    for i in range(len(tree)):
        h.update(f"{tree.public.kind[i]}{tree.street[i]}{tree.committed[i]}"
                 f"{tree.labels[i]}{tree.amounts[i]};".encode())  # fmt: skip
    return h.hexdigest()
