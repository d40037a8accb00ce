"""The sweeps against a walk of the public tree one node at a time (the mutation part
``solverdeals``): every node's range and value, the regrets, trembles and best
responses, the numbering of rows and decisions, on games with public chance (Leduc),
with transitions between rounds (a small no-limit hold'em game with made-up buckets) and
with decisions of different widths."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.solver.game import Game
from pokerroom.solver.sweeps import Sweeps
from pokerroom.solver.toys import kuhn, leduc, leduc_no_limit
from pokerroom.solver.tree import CHANCE, TERMINAL, TreeBuilder
from solver_games import F64s, chance_first, crossed, holdem_3, two_ways

GAMES = {"kuhn": kuhn, "leduc": leduc, "leduc-nl": lambda: leduc_no_limit(6), "holdem-3": holdem_3,
         "crossed": crossed, "chance-first": chance_first,
         "two-ways": two_ways}


def _strategy(sweeps: Sweeps, rng: np.random.Generator) -> list[F64s]:
    """Random probabilities over each decision's legal actions (zero on the padding)."""
    out = []
    for s, mask in enumerate(sweeps.action_mask):
        w = (rng.random((*mask.shape, sweeps.game.sizes[s])) + 0.01) * mask[:, :, None]
        out.append(w / w.sum(axis=1, keepdims=True))
    return out


class Walk:
    """The sweeps' quantities worked out node by node, recursively."""

    def __init__(self, sweeps: Sweeps) -> None:
        self.s = sweeps
        self.g = sweeps.game
        self.t = sweeps.game.tree

    def at(self, arrays: list[F64s], node: int) -> F64s:
        return arrays[int(self.t.segment[node])][int(self.s.rows[node])]

    def ranges(self, player: int, strategy: list[F64s]) -> dict[int, F64s]:
        t, out = self.t, {0: self.g.priors[player].copy()}
        for node in range(1, len(t)):
            parent = int(t.parent[node])
            r = out[parent]
            kind = int(t.kind[parent])
            if kind == CHANCE:
                move = int(t.transition[node])
                out[node] = r if move < 0 else r @ self.g.transitions[move]
            elif kind == player:
                seg, action = int(t.segment[parent]), node - int(t.first[parent])
                out[node] = r * strategy[seg][self.s.decision_rows[parent], action]
            else:
                out[node] = r.copy()
        return out

    def values(self, player: int, opp: list[F64s], strategy: list[F64s] | None,
               regrets: list[F64s], tremble: float) -> dict[int, F64s]:  # fmt: skip
        t, g, out = self.t, self.g, {}
        sign = 1.0 if player == 0 else -1.0
        for node in range(len(t) - 1, -1, -1):
            kind = int(t.kind[node])
            kids = list(t.children(node))
            if kind == TERMINAL:
                m = g.matrices[int(t.matrix[node])]
                o = self.at(opp, node)
                spread = m @ o if player == 0 else o @ m
                out[node] = sign * float(t.stake[node]) * spread
            elif kind == CHANCE:
                total = np.zeros(g.sizes[int(t.segment[node])])
                for c in kids:
                    move = int(t.transition[c])
                    total += out[c] if move < 0 else g.transitions[move] @ out[c]
                out[node] = total
            elif kind != player:
                out[node] = sum(out[c] for c in kids)
            elif strategy is None:
                out[node] = np.max([out[c] for c in kids], axis=0)
            else:
                seg, d = int(t.segment[node]), int(self.s.decision_rows[node])
                here = sum(strategy[seg][d, a] * out[c] for a, c in enumerate(kids))
                mean = sum(out[c] for c in kids) / len(kids)
                out[node] = (1.0 - tremble) * here + tremble * mean
                for a, c in enumerate(kids):
                    regrets[seg][d, a] += out[c] - here
        return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_rows_and_decision_rows_number_each_segment_in_order(name: str) -> None:
    game = GAMES[name]()
    sweeps, tree = Sweeps(game), game.tree
    nseg = len(game.sizes)
    rows, drows = [0] * nseg, [0] * nseg
    for node in range(len(tree)):
        s = int(tree.segment[node])
        assert sweeps.rows[node] == rows[s]
        rows[s] += 1
    assert sweeps.node_counts == tuple(rows)
    width = max(int(tree.count[i]) for i in range(len(tree)) if tree.kind[i] < CHANCE)
    assert sweeps.width == width
    for s in range(nseg):
        for p in (0, 1):
            mine = [i for i in range(len(tree)) if tree.kind[i] == p and tree.segment[i] == s]
            numbers = list(range(drows[s], drows[s] + len(mine)))
            assert sweeps.decision_rows[mine].tolist() == numbers
            assert sweeps.player_rows[s][p] == slice(drows[s], drows[s] + len(mine))
            drows[s] += len(mine)
            for i in mine:
                d = int(sweeps.decision_rows[i])
                assert sweeps.owner[s][d] == p
                legal = [a < tree.count[i] for a in range(width)]
                assert sweeps.action_mask[s][d].tolist() == legal
        assert sweeps.action_mask[s].shape == (drows[s], width)
        assert sweeps.owner[s].shape == (drows[s],)
        assert sweeps.action_mask[s].dtype == np.bool_ and sweeps.owner[s].dtype == np.int8
    assert sweeps.decision_counts == tuple(drows)
    others = [i for i in range(len(tree)) if tree.kind[i] >= CHANCE]
    assert (sweeps.decision_rows[others] == -1).all()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_zeros_uniform_and_normalise_are_shaped_by_the_decisions(name: str) -> None:
    game = GAMES[name]()
    sweeps = Sweeps(game)
    zeros, flat = sweeps.zeros(), sweeps.uniform()
    for s, mask in enumerate(sweeps.action_mask):
        shape = (sweeps.decision_counts[s], sweeps.width, game.sizes[s])
        assert zeros[s].shape == flat[s].shape == shape and not zeros[s].any()
        legal = mask.sum(axis=1)
        want = np.where(mask, 1.0 / np.maximum(legal, 1)[:, None], 0.0)
        assert np.array_equal(flat[s], np.repeat(want[:, :, None], game.sizes[s], axis=2))
    again = sweeps.normalise(sweeps.zeros())
    for s in range(len(flat)):
        assert np.array_equal(again[s], flat[s])


def test_regret_matching_worked_by_hand() -> None:
    """Kuhn (two actions everywhere, three cards): positive regrets normalised, the
    others uniform; a padded action's weight never counts."""
    sweeps = Sweeps(kuhn())
    w = np.zeros((2, 2, 3))
    w[0, :, 0] = [3.0, 1.0]  # both positive
    w[0, :, 1] = [-2.0, 5.0]  # one positive
    w[0, :, 2] = [-1.0, -4.0]  # none: uniform
    w[1, :, 0] = [0.0, 0.0]
    w[1, :, 1] = [2.0, 2.0]
    w[1, :, 2] = [0.0, 1e-300]
    got = sweeps.match(0, np.array([0, 1]), w)
    want = [[[0.75, 0.0, 0.5], [0.25, 1.0, 0.5]], [[0.5, 0.5, 0.0], [0.5, 0.5, 1.0]]]
    assert np.array_equal(got, want)
    assert np.array_equal(sweeps.match(0, slice(0, 1), w[:1]), got[:1])


def test_regret_matching_ignores_the_padding() -> None:
    game = leduc_no_limit(6)
    sweeps = Sweeps(game)
    s = 0
    mask = sweeps.action_mask[s]
    narrow = int(np.flatnonzero(mask.sum(axis=1) < sweeps.width)[0])
    legal = int(mask[narrow].sum())
    w = np.full((1, sweeps.width, game.sizes[s]), -1.0)
    w[0, legal:] = 100.0  # the padding's weight
    got = sweeps.match(s, np.array([narrow]), w)[0]
    assert np.array_equal(got[:legal], np.full((legal, game.sizes[s]), 1.0 / legal))
    assert not got[legal:].any()
    w[0, 0] = 2.0
    got = sweeps.match(s, np.array([narrow]), w)[0]
    assert np.array_equal(got[0], np.ones(game.sizes[s])) and not got[1:].any()


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("player", [0, 1])
def test_ranges_are_the_walks(name: str, player: int) -> None:
    game = GAMES[name]()
    sweeps = Sweeps(game)
    walk = Walk(sweeps)
    strategy = _strategy(sweeps, np.random.default_rng(3 + player))
    got = sweeps.ranges(player, strategy)
    want = walk.ranges(player, strategy)
    for node in range(len(game.tree)):
        np.testing.assert_allclose(walk.at(got, node), want[node], rtol=1e-12, atol=1e-15)
    mine = sweeps.decision_ranges(player, got)
    for s in range(len(mine)):
        assert mine[s].shape == (sweeps.decision_counts[s], game.sizes[s])
    for node in range(len(game.tree)):
        kind = int(game.tree.kind[node])
        if kind < CHANCE:
            row = mine[int(game.tree.segment[node])][int(sweeps.decision_rows[node])]
            assert np.array_equal(row, walk.at(got, node) if kind == player else np.zeros_like(row))


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("player", [0, 1])
@pytest.mark.parametrize("how", ["strategy", "best response", "tremble"])
def test_values_and_regrets_are_the_walks(name: str, player: int, how: str) -> None:
    """Against made-up opponent ranges (any numbers: values are linear in them)."""
    game = GAMES[name]()
    sweeps = Sweeps(game)
    walk = Walk(sweeps)
    rng = np.random.default_rng(11 + player)
    opp = [rng.random((c, game.sizes[s])) for s, c in enumerate(sweeps.node_counts)]
    strategy = None if how == "best response" else _strategy(sweeps, rng)
    tremble = 0.3 if how == "tremble" else 0.0
    start = [rng.random(z.shape) for z in sweeps.zeros()]
    regrets = [r.copy() for r in start]
    if tremble:
        got = sweeps.values(player, opp, strategy, regrets=regrets, tremble=tremble)
    elif strategy is None:
        got = sweeps.values(player, opp, None)
    else:  # no tremble by default
        got = sweeps.values(player, opp, strategy, regrets=regrets)
    mine = [r.copy() for r in start]
    want = walk.values(player, opp, strategy, mine, tremble)
    for node in range(len(game.tree)):
        np.testing.assert_allclose(walk.at(got, node), want[node], rtol=1e-12, atol=1e-12)
    if strategy is not None:
        for s in range(len(regrets)):
            np.testing.assert_allclose(regrets[s], mine[s], rtol=1e-12, atol=1e-12)
    root = float(game.priors[player] @ want[0])
    assert sweeps.root_value(player, got) == pytest.approx(root, rel=1e-12, abs=1e-12)


def test_a_game_without_decisions_has_width_1_and_the_payoff_for_value() -> None:
    """A chance node whose one outcome ends the game: nothing to decide."""
    b = TreeBuilder()
    root = b.chance(None, "", segment=0)
    b.terminal(root, "s", matrix=0, stake=3.0)
    show = np.array([[0.0, 1.0], [-1.0, 0.5]])
    game = Game("no decision", b.build(), (2,), (np.array([0.5, 0.5]), np.array([0.25, 0.75])),
                (show,))  # fmt: skip
    sweeps = Sweeps(game)
    assert sweeps.width == 1 and sweeps.decision_counts == (0,)
    assert sweeps.zeros()[0].shape == (0, 1, 2)
    opp = [np.array([[0.25, 0.75], [0.25, 0.75]])]
    values = sweeps.values(0, opp, sweeps.uniform())
    assert np.allclose(values[0][0], 3.0 * show @ [0.25, 0.75])
