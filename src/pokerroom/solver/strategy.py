"""A solved strategy: the rules, the betting tree, the card buckets and the average
strategy of every decision, with how it was made; saved as one ``.npz`` file.

Probabilities are kept per round: an array of (decisions of the round, 3 actions,
buckets), the actions in the engine's order at each node (fold, check or call, bet or
raise; padded with zeros).  Decision rows follow the tree's node numbers within each
round (:func:`decision_rows`); the solver orders its rows otherwise (each round's
decisions of player 0, then of player 1), and :meth:`Strategy.from_solver` puts them in
the file's order.  Files of the first format stored the solver's order as it was and
are refused: solve again.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from pokerroom.engine.actions import Action, ActionKind, Street
from pokerroom.engine.events import EventKind
from pokerroom.rules import Rules
from pokerroom.solver.abstraction import CardAbstraction
from pokerroom.solver.betting import BettingTree
from pokerroom.solver.tree import CHANCE

if TYPE_CHECKING:
    from pokerroom.solver.cfr import Solver
    from pokerroom.solver.sweeps import Sweeps

__all__ = [
    "FORMAT",
    "Strategy",
    "StrategyError",
    "abstraction_arrays",
    "decision_rows",
    "read_abstraction",
    "read_arrays",
    "write_arrays",
]  # fmt: skip

FORMAT = "pokerroom-strategy-2"
_OLD_FORMATS = ("pokerroom-strategy-1",)
F32s = npt.NDArray[np.float32]
_KINDS = tuple(ActionKind)
_EVENTS = tuple(EventKind)
_ENDINGS = (None, "fold", "showdown")


class StrategyError(ValueError):
    """A file that is not a strategy pokerroom can read."""


def write_arrays(path: str | Path, arrays: dict[str, Any]) -> None:
    """A strategy file: ``arrays`` as one compressed NumPy archive."""
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)
    Path(path).write_bytes(buffer.getvalue())


def read_arrays(path: str | Path) -> dict[str, Any]:
    """The arrays of a strategy file, by name; :class:`StrategyError` when it is not a
    NumPy archive (or cannot be read)."""
    try:
        with np.load(Path(path), allow_pickle=False) as data:
            return {k: data[k] for k in data.files}
    except (OSError, ValueError) as exc:
        raise StrategyError(f"{path}: not a strategy file ({exc})") from None


def decision_rows(tree: BettingTree) -> tuple[list[int], tuple[int, int, int, int]]:
    """The row of every decision node in its round's array (-1 elsewhere), and how many
    decisions each round has."""
    rows = [-1] * len(tree)
    counts = [0, 0, 0, 0]
    for i, kind in enumerate(tree.kind):
        if kind < CHANCE:
            street = int(tree.street[i])
            rows[i] = counts[street]
            counts[street] += 1
    return rows, (counts[0], counts[1], counts[2], counts[3])


@dataclass(frozen=True, slots=True, eq=False)
class Strategy:
    """See the module.  ``history`` holds (iterations, exploitability in the abstract
    game in mbb/h, seconds) as measured while solving; for ``method`` ``dealt`` (real
    deals, :mod:`~pokerroom.solver.deals`) the middle number is the solver's regret per
    deal in mbb/h instead."""

    rules: Rules
    tree: BettingTree
    abstraction: CardAbstraction
    probabilities: tuple[F32s, F32s, F32s, F32s]
    iterations: int
    method: str
    history: tuple[tuple[int, float, float], ...]

    @classmethod
    def from_solver(
        cls,
        rules: Rules,
        tree: BettingTree,
        abstraction: CardAbstraction,
        solver: Solver,
        history: tuple[tuple[int, float, float], ...],
    ) -> Strategy:
        """The average strategy of ``solver`` (run on the abstract game of ``tree`` and
        ``abstraction``), its rows put in the tree's node order."""
        average = solver.average()
        order = solver.sweeps.decision_rows
        street = [int(s) for s in tree.street]
        probs = []
        for r in range(4):
            nodes = [i for i, k in enumerate(tree.kind) if k < CHANCE and street[i] == r]
            probs.append(average[r][order[nodes]].astype(np.float32))
        four = (probs[0], probs[1], probs[2], probs[3])
        return cls(rules, tree, abstraction, four, solver.iterations, solver.method.name, history)

    def for_solver(self, sweeps: Sweeps) -> list[npt.NDArray[np.float64]]:
        """The probabilities in the solver's layout, for the sweeps of the abstract game
        (:func:`~pokerroom.solver.holdem.holdem_game` of this tree and abstraction): the
        inverse of :meth:`from_solver`, to measure the strategy there (best response,
        local best response)."""
        street = [int(s) for s in self.tree.street]
        out = sweeps.zeros()
        for r in range(4):
            nodes = [i for i, k in enumerate(self.tree.kind) if k < CHANCE and street[i] == r]
            out[r][sweeps.decision_rows[nodes]] = self.probabilities[r]
        return out

    def save(self, path: str | Path) -> None:
        arrays: dict[str, Any] = {
            "format": np.array(FORMAT),
            "rules": np.array(self.rules.to_toml()),
            "iterations": np.array(self.iterations),
            "method": np.array(self.method),
            "history": np.array(self.history, dtype=np.float64).reshape(-1, 3),
        }
        arrays.update(_tree_arrays(self.tree))
        arrays.update(abstraction_arrays(self.abstraction))
        for r, p in enumerate(self.probabilities):
            arrays[f"probabilities{r}"] = p.astype(np.float16)
        write_arrays(path, arrays)

    @classmethod
    def load(cls, path: str | Path) -> Strategy:
        arrays = read_arrays(path)
        found = str(arrays.get("format", ""))
        if found in _OLD_FORMATS:
            raise StrategyError(
                f"{path}: a {found} file, whose rows are in the solver's order, not the "
                f"tree's: solve again (pokerroom solve) to get a {FORMAT} file"
            )
        if found != FORMAT:
            raise StrategyError(f"{path}: not a {FORMAT} file")
        require_arrays(path, arrays, ("rules", "iterations", "method", "history",
                                      *(f"probabilities{r}" for r in range(4)),
                                      *ABSTRACTION_ARRAYS))  # fmt: skip
        rules = Rules.from_toml(str(arrays["rules"]))
        try:
            check_tree_arrays(arrays)
        except StrategyError as exc:
            raise StrategyError(f"{path}: {exc}") from None
        tree = _read_tree(rules, arrays)
        probs = tuple(arrays[f"probabilities{r}"].astype(np.float32) for r in range(4))
        history = tuple((int(i), float(e), float(s)) for i, e, s in arrays["history"])
        four = (probs[0], probs[1], probs[2], probs[3])
        iterations, method = int(arrays["iterations"]), str(arrays["method"])
        return cls(rules, tree, read_abstraction(arrays), four, iterations, method, history)


def abstraction_arrays(a: CardAbstraction) -> dict[str, Any]:
    return {
        "sizes": np.array(a.sizes),
        "preflop": a.preflop,
        "flop_keys": a.flop_keys,
        "flop_buckets": a.flop_buckets,
        "flop_cuts": a.flop_cuts.astype(np.uint8),
        "turn_cuts": a.turn_cuts.astype(np.uint8),
        "river_cuts": a.river_cuts.astype(np.uint8),
        "prior": a.prior,
        "transition1": a.transitions[0],
        "transition2": a.transitions[1],
        "transition3": a.transitions[2],
        "showdown": a.showdown,
    }


def read_abstraction(arrays: dict[str, Any]) -> CardAbstraction:
    s = tuple(int(x) for x in arrays["sizes"])
    return CardAbstraction(
        sizes=(s[0], s[1], s[2], s[3]),
        preflop=arrays["preflop"].astype(np.intp),
        flop_keys=arrays["flop_keys"].astype(np.int64),
        flop_buckets=arrays["flop_buckets"].astype(np.uint8),
        flop_cuts=arrays["flop_cuts"].astype(np.intp),
        turn_cuts=arrays["turn_cuts"].astype(np.intp),
        river_cuts=arrays["river_cuts"].astype(np.intp),
        prior=arrays["prior"].astype(np.float64),
        transitions=(arrays["transition1"], arrays["transition2"], arrays["transition3"]),
        showdown=arrays["showdown"].astype(np.float64),
    )


def _tree_arrays(tree: BettingTree) -> dict[str, Any]:
    n = len(tree)
    kinds = np.full((n, 3), -1, dtype=np.int8)
    amounts = np.zeros((n, 3), dtype=np.int64)
    for i, actions in enumerate(tree.actions):
        for j, a in enumerate(actions):
            kinds[i, j] = _KINDS.index(a.kind)
            amounts[i, j] = a.amount or 0
    events = np.array([(-1, -1) if e is None else (e[0], _EVENTS.index(e[1]))
                       for e in tree.event], dtype=np.int8)  # fmt: skip
    return {
        "tree_kind": np.array(tree.kind, dtype=np.int8),
        "tree_parent": np.array(tree.parent, dtype=np.int32),
        "tree_street": np.array([int(s) for s in tree.street], dtype=np.int8),
        "tree_committed": np.array(tree.committed, dtype=np.int64),
        "tree_most": np.array(tree.most, dtype=np.int64),
        "tree_action_kind": kinds,
        "tree_action_amount": amounts,
        "tree_event": events,
        "tree_ending": np.array([_ENDINGS.index(e) for e in tree.ending], dtype=np.int8),
        "tree_payoff": np.array(tree.payoff, dtype=np.int64),
    }


# The tree's arrays, each with one row a node, and how many columns each row has (None:
# a single number).
_TREE_SHAPES: dict[str, int | None] = {
    "tree_kind": None, "tree_parent": None, "tree_street": None, "tree_committed": 2,
    "tree_most": 2, "tree_action_kind": 3, "tree_action_amount": 3, "tree_event": 2,
    "tree_ending": None, "tree_payoff": None,
}  # fmt: skip
# The codes each array may hold, where it holds codes: (lowest, highest).
_TREE_CODES = {
    "tree_street": (0, len(Street) - 1), "tree_action_kind": (-1, len(_KINDS) - 1),
    "tree_ending": (0, len(_ENDINGS) - 1),
}  # fmt: skip


def require_arrays(path: str | Path, arrays: dict[str, Any], names: tuple[str, ...]) -> None:
    """:class:`StrategyError` naming the first of ``names`` that the file lacks."""
    for name in names:
        if name not in arrays:
            raise StrategyError(f"{path}: a damaged strategy file: it has no array {name}")


# What every strategy file holds besides its format (the card abstraction's arrays).
ABSTRACTION_ARRAYS = (
    "sizes", "preflop", "flop_keys", "flop_buckets", "flop_cuts", "turn_cuts", "river_cuts",
    "prior", "transition1", "transition2", "transition3", "showdown",
)  # fmt: skip


def check_tree_arrays(a: dict[str, Any]) -> None:
    """:class:`StrategyError` naming the first array of a stored betting tree that is
    missing, of the wrong shape or kind, or holds a code or a parent no tree has."""
    n: int | None = None
    for name, columns in _TREE_SHAPES.items():
        if name not in a:
            raise StrategyError(f"the betting tree's array {name} is missing")
        array = np.asarray(a[name])
        shape = (n if n is not None else len(array),) + (() if columns is None else (columns,))
        if array.shape != shape or array.dtype.kind not in "iu":
            raise StrategyError(f"the betting tree's array {name} has shape {array.shape} of "
                                f"{array.dtype}, not integers of shape {shape}")  # fmt: skip
        n = shape[0]
        low, high = _TREE_CODES.get(name, (None, None))
        if low is not None and array.size and not low <= array.min() <= array.max() <= high:
            raise StrategyError(f"the betting tree's array {name} holds codes outside "
                                f"{low} to {high}")  # fmt: skip
    parent = np.asarray(a["tree_parent"], dtype=np.int64)
    if not n or parent[0] != -1 or np.any(parent[1:] < 0) or np.any(parent[1:] >= np.arange(1, n)):
        raise StrategyError("the betting tree's array tree_parent does not make a tree "
                            "(the root first, each node after its parent)")  # fmt: skip
    events = np.asarray(a["tree_event"], dtype=np.int64)
    acted = events[:, 0] >= 0
    if np.any(events[acted, 1] >= len(_EVENTS)) or np.any(events[acted, 1] < 0):
        raise StrategyError(f"the betting tree's array tree_event holds codes outside 0 to "
                            f"{len(_EVENTS) - 1}")  # fmt: skip


def _read_tree(rules: Rules, a: dict[str, Any]) -> BettingTree:
    parent = [int(p) for p in a["tree_parent"]]
    n = len(parent)
    children: list[list[int]] = [[] for _ in range(n)]
    for i in range(1, n):
        children[parent[i]].append(i)
    actions = []
    for kinds, amounts in zip(a["tree_action_kind"], a["tree_action_amount"], strict=True):
        row = []
        for k, amt in zip(kinds.tolist(), amounts.tolist(), strict=True):
            if k >= 0:
                kind = _KINDS[k]
                has = kind is ActionKind.BET or kind is ActionKind.RAISE
                row.append(Action(kind, int(amt) if has else None))
        actions.append(tuple(row))
    events = tuple(None if p < 0 else (int(p), _EVENTS[k]) for p, k in a["tree_event"].tolist())
    return BettingTree(
        rules,
        tuple(int(k) for k in a["tree_kind"]),
        tuple(parent),
        tuple(Street(int(s)) for s in a["tree_street"]),
        tuple((int(x), int(y)) for x, y in a["tree_committed"]),
        tuple(tuple(c) for c in children),
        tuple(actions),
        events,
        tuple(_ENDINGS[int(e)] for e in a["tree_ending"]),
        tuple(int(p) for p in a["tree_payoff"]),
        tuple((int(x), int(y)) for x, y in a["tree_most"]),
    )
