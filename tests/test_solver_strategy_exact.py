"""Strategy files exactly: a shipped file written again array for array, dtype for dtype;
its tree the engine's in every field; each round's decision count worked out by hand;
the solver's layout and back; every refusal's whole text.  Written from the mutation part
``solverpolicy``'s survivors."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from pokerroom.engine.events import EventKind
from pokerroom.rules import Rules
from pokerroom.solver.betting import betting_tree
from pokerroom.solver.files import SHIPPED, shipped_strategy
from pokerroom.solver.holdem import holdem_game
from pokerroom.solver.strategy import (
    FORMAT,
    Strategy,
    StrategyError,
    check_tree_arrays,
    decision_rows,
    read_abstraction,
    read_arrays,
    write_arrays,
)
from pokerroom.solver.sweeps import Sweeps
from pokerroom.solver.tree import CHANCE


@pytest.fixture(scope="module")
def limit() -> Strategy:
    return Strategy.load(shipped_strategy("casino-limit"))


def _arrays(path: Path) -> dict[str, Any]:
    with np.load(path, allow_pickle=False) as data:
        return {k: data[k] for k in data.files}


@pytest.mark.parametrize("preset", SHIPPED)
def test_a_shipped_file_is_written_again_array_for_array(preset: str, tmp_path: Path) -> None:
    """The shipped files were written by the solver: a strategy read from one and saved
    again holds the same arrays, of the same names, shapes, dtypes and values."""
    shipped = _arrays(shipped_strategy(preset))
    Strategy.load(shipped_strategy(preset)).save(tmp_path / "again.npz")
    again = _arrays(tmp_path / "again.npz")
    assert sorted(again) == sorted(shipped)
    for name, want in shipped.items():
        got = again[name]
        assert (got.dtype, got.shape) == (want.dtype, want.shape), name
        assert np.array_equal(got, want), name
    assert again["format"].item() == FORMAT == "pokerroom-strategy-2"
    assert again["tree_kind"].dtype == np.int8 and again["tree_parent"].dtype == np.int32
    assert again["probabilities0"].dtype == np.float16


def test_the_file_tree_is_the_engines_in_every_field(limit: Strategy) -> None:
    fresh = betting_tree(Rules.preset("casino-limit", players=2))
    stored = limit.tree
    for field in dataclasses.fields(fresh):
        assert getattr(stored, field.name) == getattr(fresh, field.name), field.name
    assert all(type(s) is type(f) for s, f in zip(stored.street, fresh.street, strict=True))
    amounts = {a.amount for actions in stored.actions for a in actions}
    assert amounts == {None, 2, 4, 6, 8, 12, 16}  # bets and raises to 2 to 8, 4 to 16


def test_each_round_has_the_decisions_counted_by_hand(limit: Strategy) -> None:
    """A round of four bets at most has 10 decisions and 9 ways to go on (kk, kbc, kbrc,
    kbrrc, kbrrrc, bc, brc, brrc, brrrc); preflop, the blind is the first bet: 8
    decisions, 7 ways on.  So 8, 7 x 10, 7 x 9 x 10, 7 x 9 x 9 x 10."""
    rows, counts = decision_rows(limit.tree)
    assert counts == (8, 70, 630, 5670)
    assert [p.shape[0] for p in limit.probabilities] == [8, 70, 630, 5670]
    assert rows[0] == 0 and rows.count(-1) == len(limit.tree) - 6378
    for street in range(4):
        mine = [rows[n] for n in range(len(rows)) if rows[n] >= 0
                and int(limit.tree.street[n]) == street]  # fmt: skip
        assert mine == list(range(counts[street]))  # in node order, from 0


def test_the_solvers_layout_and_back(limit: Strategy) -> None:
    """:meth:`Strategy.for_solver` puts each decision's row where the solver keeps it,
    node by node; :meth:`Strategy.from_solver` of that layout is the strategy again."""
    sweeps = Sweeps(holdem_game(limit.tree, limit.abstraction))
    layout = limit.for_solver(sweeps)
    assert [a.shape for a in layout] == [a.shape for a in sweeps.zeros()]
    assert all(a.dtype == np.float64 for a in layout)
    rows, _ = decision_rows(limit.tree)
    filled = [np.zeros(len(a), dtype=bool) for a in layout]
    for node, row in enumerate(rows):
        if row >= 0:
            street = int(limit.tree.street[node])
            at = sweeps.decision_rows[node]
            assert np.array_equal(layout[street][at], limit.probabilities[street][row])
            filled[street][at] = True
    assert all(filled_rows.all() for filled_rows in filled)
    solver: Any = SimpleNamespace(average=lambda: layout, sweeps=sweeps, iterations=7,
                                  method=SimpleNamespace(name="cfr+"))  # fmt: skip
    history = ((7, 1.5, 2.0),)
    back = Strategy.from_solver(limit.rules, limit.tree, limit.abstraction, solver, history)
    assert (back.iterations, back.method, back.history) == (7, "cfr+", history)
    assert back.rules is limit.rules and back.tree is limit.tree
    for mine, theirs in zip(back.probabilities, limit.probabilities, strict=True):
        assert mine.dtype == np.float32 and np.array_equal(mine, theirs)
    assert all(int(limit.tree.kind[n]) < CHANCE for n in range(len(rows)) if rows[n] >= 0)


def test_files_pokerroom_cannot_read_are_refused_in_full(tmp_path: Path) -> None:
    arrays = _arrays(shipped_strategy("casino-limit"))
    old = tmp_path / "old.npz"
    write_arrays(old, {**arrays, "format": np.array("pokerroom-strategy-1")})
    with pytest.raises(StrategyError) as caught:
        Strategy.load(old)
    assert str(caught.value) == (
        f"{old}: a pokerroom-strategy-1 file, whose rows are in the solver's order, not the "
        "tree's: solve again (pokerroom solve) to get a pokerroom-strategy-2 file")
    other = tmp_path / "other.npz"
    write_arrays(other, {**arrays, "format": np.array("pokerroom-nl-strategy-1")})
    with pytest.raises(StrategyError) as caught:
        Strategy.load(other)
    assert str(caught.value) == f"{other}: not a pokerroom-strategy-2 file"
    bare = tmp_path / "bare.npz"
    write_arrays(bare, {"x": np.zeros(2)})
    with pytest.raises(StrategyError) as caught:
        Strategy.load(bare)
    assert str(caught.value) == f"{bare}: not a pokerroom-strategy-2 file"
    text = tmp_path / "text.npz"
    text.write_text("not an archive")
    with pytest.raises(StrategyError) as caught:
        read_arrays(text)
    assert str(caught.value).startswith(f"{text}: not a strategy file (")
    with pytest.raises(StrategyError) as caught:
        read_arrays(tmp_path / "missing.npz")
    assert str(caught.value).startswith(f"{tmp_path / 'missing.npz'}: not a strategy file (")


def test_a_strategy_without_history_reads_back_without_history(
    limit: Strategy, tmp_path: Path
) -> None:
    bare = dataclasses.replace(limit, history=(), iterations=3, method="cfr")
    bare.save(tmp_path / "s.npz")
    assert _arrays(tmp_path / "s.npz")["history"].shape == (0, 3)
    back = Strategy.load(tmp_path / "s.npz")
    assert (back.history, back.iterations, back.method) == ((), 3, "cfr")
    assert back.abstraction.sizes == (169, 128, 128, 128)
    assert [p.dtype for p in back.probabilities] == [np.dtype(np.float32)] * 4


@pytest.mark.parametrize("cut", ["rows", "columns"])
def test_a_file_whose_action_arrays_disagree_is_refused_naming_the_array(
    cut: str, tmp_path: Path
) -> None:
    """The actions' kinds and amounts are read node by node and action by action: a
    damaged file with one node or one action column fewer in the amounts is refused,
    naming the array and the shape it should have, not read as a shorter tree."""
    arrays = _arrays(shipped_strategy("casino-limit"))
    amounts = arrays["tree_action_amount"]
    n = len(amounts)
    arrays["tree_action_amount"] = amounts[:-1] if cut == "rows" else amounts[:, :2]
    damaged = tmp_path / "damaged.npz"
    write_arrays(damaged, arrays)
    shape = (n - 1, 3) if cut == "rows" else (n, 2)
    with pytest.raises(StrategyError) as caught:
        Strategy.load(damaged)
    assert str(caught.value) == (
        f"{damaged}: the betting tree's array tree_action_amount has shape {shape} of int64, "
        f"not integers of shape ({n}, 3)"
    )


def _damaged(tmp_path: Path, change: Any) -> Path:
    arrays = _arrays(shipped_strategy("casino-limit"))
    change(arrays)
    damaged = tmp_path / "damaged.npz"
    write_arrays(damaged, arrays)
    return damaged


@pytest.mark.parametrize("name", ["rules", "history", "probabilities3", "showdown",
                                  "tree_parent", "tree_payoff"])  # fmt: skip
def test_a_file_without_one_of_its_arrays_is_refused_naming_it(name: str, tmp_path: Path) -> None:
    damaged = _damaged(tmp_path, lambda a: a.pop(name))
    with pytest.raises(StrategyError, match=f"{name}( is missing)?$") as caught:
        Strategy.load(damaged)
    assert str(caught.value).startswith(f"{damaged}: ")
    assert name in str(caught.value)


def _set(name: str, index: Any, value: int) -> Any:
    def change(arrays: dict[str, Any]) -> None:
        arrays[name] = arrays[name].copy()
        arrays[name][index] = value

    return change


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_set("tree_parent", 0, 0), "tree_parent does not make a tree"),
        (_set("tree_parent", 5, 5), "tree_parent does not make a tree"),
        (_set("tree_parent", 7, 100_000), "tree_parent does not make a tree"),
        (_set("tree_parent", 3, -1), "tree_parent does not make a tree"),
        (_set("tree_parent", 1, -1), "tree_parent does not make a tree"),
        (_set("tree_street", 2, 5), "tree_street holds codes outside 0 to 4"),
        (_set("tree_action_kind", (0, 0), 99), "tree_action_kind holds codes outside -1 to"),
        (_set("tree_action_kind", (0, 0), -2), "tree_action_kind holds codes outside -1 to"),
        (_set("tree_ending", -1, 3), "tree_ending holds codes outside 0 to 2"),
        (_set("tree_event", (1, 1), 120), "tree_event holds codes outside 0 to"),
    ],
    ids=["root", "own-parent", "later-parent", "second-root", "first-child-a-root", "street",
         "kind-high", "kind-low", "ending", "event"],
)  # fmt: skip
def test_a_tree_with_a_code_or_parent_no_tree_has_is_refused(
    change: Any, words: str, tmp_path: Path
) -> None:
    """Each damage that would be read as another tree, or fail with an index out of range
    somewhere inside, is refused naming the array, the file unchanged."""
    damaged = _damaged(tmp_path, change)
    before = damaged.read_bytes()
    with pytest.raises(StrategyError, match="the betting tree's array " + words):
        Strategy.load(damaged)
    assert damaged.read_bytes() == before


def test_the_shipped_trees_pass_the_check() -> None:
    for preset in SHIPPED:
        check_tree_arrays(_arrays(shipped_strategy(preset)))


def test_the_bucket_sizes_and_cuts_are_read_as_written() -> None:
    """Each round's size read from its own place (the shipped 169, 128, 128, 128 cannot
    tell the last three apart), the cuts as indices."""
    arrays = _arrays(shipped_strategy("casino-limit"))
    arrays["sizes"] = np.array([169, 101, 102, 103])
    cards = read_abstraction(arrays)
    assert cards.sizes == (169, 101, 102, 103)
    assert {cards.flop_cuts.dtype, cards.turn_cuts.dtype, cards.river_cuts.dtype} == {
        np.dtype(np.intp)}


def test_the_refusals_of_a_damaged_tree_say_exactly_what_is_wrong(tmp_path: Path) -> None:
    """The whole message, for a parent and for an event code (15 kinds of event: codes 0
    to 14, so 15 is the first one out), at a node past the first ones."""
    damaged = _damaged(tmp_path, _set("tree_parent", 5, 5))
    with pytest.raises(StrategyError) as caught:
        Strategy.load(damaged)
    assert str(caught.value) == (
        f"{damaged}: the betting tree's array tree_parent does not make a tree (the root "
        "first, each node after its parent)"
    )
    assert len(EventKind) == 15
    for code in (15, -1):  # node 7: seat 1's event
        damaged = _damaged(tmp_path, _set("tree_event", (7, 1), code))
        with pytest.raises(StrategyError) as caught:
            Strategy.load(damaged)
        assert str(caught.value) == (
            f"{damaged}: the betting tree's array tree_event holds codes outside 0 to 14"
        )


def test_a_code_under_a_node_no_seat_acted_into_is_never_read(tmp_path: Path) -> None:
    """Node 9 is the flop's first decision, reached by the deal after the pre-flop
    betting, not by a seat's action: its event is ``(-1, -1)`` and is read as no event
    whatever its second number, so a stray code there is not a damage the reader can
    see."""
    arrays = _arrays(shipped_strategy("casino-limit"))
    assert arrays["tree_event"][9].tolist() == [-1, -1]
    damaged = _damaged(tmp_path, _set("tree_event", (9, 1), 99))
    tree = Strategy.load(damaged).tree
    assert tree.event[9] is None
    assert tree.event[4] == (1, EventKind.CHECK)  # (its parent: the big blind's check)
