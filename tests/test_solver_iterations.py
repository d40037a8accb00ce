"""The CFR solver's first iterations on Kuhn poker, exactly: DCFR's regrets after one
iteration worked out by hand (with its discounts at t = 1, ``1^1.5 / (1^1.5 + 1)`` and
``1^0 / (1^0 + 1)``, both 1/2), the average after two, a trembled iteration's regrets,
and every regret and average of the first iterations compared with a plain CFR written
here from the rules, information set by information set, deal by deal.

Values here are as the solver keeps them: a player's expected payoff given its own card,
times the chance that the opponent plays to the node (each of the two other cards with
probability 1/2).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerroom.solver.cfr import CFR_PLUS, DCFR, Discounting, Solver
from pokerroom.solver.toys import kuhn

J, Q, K = 0, 1, 2

# Kuhn's histories: who acts (0, 1) or player 0's payoff per unit of the showdown stake
_ACTS = {(): 0, ("k",): 1, ("b",): 1, ("k", "b"): 0}
_ACTIONS = {(): ("k", "b"), ("k",): ("k", "b"), ("b",): ("f", "c"), ("k", "b"): ("f", "c")}


def _payoff(history: tuple[str, ...], cards: tuple[int, int]) -> float:
    """Player 0's winnings at a terminal history of Kuhn (antes 1, bet 1)."""
    if history == ("b", "f"):
        return 1.0
    if history == ("k", "b", "f"):
        return -1.0
    stake = 1.0 if history == ("k", "k") else 2.0
    return stake if cards[0] > cards[1] else -stake


Table = dict[tuple[tuple[str, ...], int], np.ndarray]  # (history, card) -> per action


class _Reference:
    """CFR on Kuhn, one information set (history, own card) at a time: alternating
    updates (player 0, then player 1 against player 0's new strategy), regrets of the
    choice ``σ`` against an opponent playing ``(1 − ε) σ + ε/2`` and values backed up
    through one's own trembles, then DCFR's discounts (or CFR+'s floor), the average
    weighted by ``t^γ`` times one's own reach, and regret matching."""

    def __init__(self, method: Discounting, eps: float) -> None:
        self.method, self.eps, self.t = method, eps, 0
        keys = [(h, c) for h in _ACTS for c in (J, Q, K)]
        self.regrets: Table = {k: np.zeros(2) for k in keys}
        self.weights: Table = {k: np.zeros(2) for k in keys}
        self.sigma: Table = {k: np.full(2, 0.5) for k in keys}

    def played(self, key: tuple[tuple[str, ...], int]) -> np.ndarray:
        out: np.ndarray = (1.0 - self.eps) * self.sigma[key] + self.eps / 2
        return out

    def value(self, p: int, h: tuple[str, ...], cards: tuple[int, int], opp: float,
              own: float, t: int) -> float:  # fmt: skip
        """Player ``p``'s value at ``h`` for this deal times ``opp`` (the opponent's reach
        and the deal's 1/2), adding the regrets and average weights on the way."""
        if h not in _ACTS:
            return opp * (_payoff(h, cards) if p == 0 else -_payoff(h, cards))
        actor = _ACTS[h]
        key = (h, cards[actor])
        kids = [(*h, a) for a in _ACTIONS[h]]
        if actor != p:
            probs = self.played(key)
            return sum(self.value(p, k, cards, opp * probs[i], own, t)
                       for i, k in enumerate(kids))  # fmt: skip
        sigma = self.sigma[key]
        v = np.array([self.value(p, k, cards, opp, own * sigma[i], t)
                      for i, k in enumerate(kids)])  # fmt: skip
        here = float(sigma @ v)
        self.regrets[key] += v - here
        self.weights[key] += 0.5 * float(t) ** self.method.gamma * own / 3 * sigma
        return (1.0 - self.eps) * here + self.eps * float(v.mean())

    def iterate(self) -> None:
        t = self.t = self.t + 1
        m = self.method
        for p in (0, 1):
            for cards in itertools.permutations((J, Q, K), 2):
                self.value(p, (), cards, 0.5, 1.0, t)
            for (h, c), r in self.regrets.items():
                if _ACTS[h] != p:
                    continue
                if m.floor:
                    np.maximum(r, 0.0, out=r)
                else:
                    up = t**m.alpha / (t**m.alpha + 1.0)
                    down = t**m.beta / (t**m.beta + 1.0)
                    r[:] = r * np.where(r > 0, up, down)
                positive = np.maximum(r, 0.0)
                total = positive.sum()
                self.sigma[(h, c)] = positive / total if total > 0 else np.full(2, 0.5)


def _table(solver: Solver, arrays: list[np.ndarray]) -> Table:
    """The solver's arrays per Kuhn information set, actions in the order of ``_ACTIONS``."""
    tree = solver.game.tree
    out: Table = {}
    for h in _ACTS:
        node = 0
        for label in h:
            node = tree.child(node, label)
        row = solver.sweeps.decision_rows[node]
        order = [[tree.labels[c] for c in tree.children(node)].index(a) for a in _ACTIONS[h]]
        for c in (J, Q, K):
            out[(h, c)] = arrays[0][row, order, c]
    return out


def test_one_dcfr_iteration_on_kuhn_by_hand() -> None:
    """Player 0, everyone uniform.  J: betting is worth 1/2 x 1 + 1/2 x -2 = -0.5,
    checking 1/2 x -1 + 1/2 x (facing the bet: folding -1, calling -2, -1.5) = -1.25,
    the node -0.875: regrets +0.375 (bet), -0.375 (check); facing the bet after a check
    (reached with 1/2) fold -0.5, call -1, the node -0.75: +0.25, -0.25.  Q: bet 0.5,
    check -0.25 (facing the bet: fold -1, call 0), node 0.125: +0.375, -0.375; facing the
    bet -0.5, 0 (node -0.25): -0.25, +0.25.  K: bet 1.5, check 0.75 (fold -1, call 2),
    node 1.125: +0.375, -0.375; facing the bet -0.5, +1 (node 0.25): -0.75, +0.75.  Both
    discounts at t = 1 halve them.  Player 0 then bets every card and, facing a bet, folds
    a jack and calls the rest.  Player 1 meets that strategy: after a check (never
    reached) no regret; facing the bet J folds -1 or calls -2 (node -1.5): +0.5, -0.5; Q
    -1 or 0: -0.5, +0.5; K -1 or +2: -1.5, +1.5; halved.  The average after one
    iteration is the uniform strategy it played; after two, player 0's opening is
    (1 x 1/2 check) : (1 x 1/2 + 2^2 x 1 bet), a bet 0.9 with every card."""
    solver = Solver(kuhn(), DCFR)
    solver.run(1)
    regrets = _table(solver, solver.regrets)
    expected = {
        ((), J): (-0.1875, 0.1875), ((), Q): (-0.1875, 0.1875), ((), K): (-0.1875, 0.1875),
        (("k", "b"), J): (0.125, -0.125), (("k", "b"), Q): (-0.125, 0.125),
        (("k", "b"), K): (-0.375, 0.375),
        (("k",), J): (0.0, 0.0), (("k",), Q): (0.0, 0.0), (("k",), K): (0.0, 0.0),
        (("b",), J): (0.25, -0.25), (("b",), Q): (-0.25, 0.25), (("b",), K): (-0.75, 0.75),
    }
    for key, want in expected.items():
        assert regrets[key].tolist() == pytest.approx(want, abs=1e-12), key
    current = _table(solver, solver.current)
    assert [current[((), c)].tolist() for c in (J, Q, K)] == [[0.0, 1.0]] * 3
    assert [current[(("k", "b"), c)].tolist() for c in (J, Q, K)] == [
        [1.0, 0.0], [0.0, 1.0], [0.0, 1.0]]
    average = _table(solver, solver.average())
    assert all(a.tolist() == [0.5, 0.5] for a in average.values())
    solver.run(1)
    average = _table(solver, solver.average())
    for c in (J, Q, K):
        assert average[((), c)].tolist() == pytest.approx([0.1, 0.9], abs=1e-12)


def test_one_trembled_iteration_on_kuhn_by_hand() -> None:
    """ε = 0.1.  Player 0's first update is the untrembled one (a uniform strategy
    trembles into itself), so it bets every card, and trembles into checking with 0.05;
    facing a bet after the check it folds a jack with 0.95 and calls Q or K with 0.95.
    Player 1 after that check, reached with 0.05 whatever player 0 holds: J checks (-1)
    or bets (against Q or K: 0.05 x 1 + 0.95 x -2 = -1.85), node -1.425, regrets
    0.05 x (+0.425, -0.425); Q checks (+1 or -1) or bets (against J 0.95 x 1 + 0.05 x 2 =
    1.05, against K 0.05 x 1 + 0.95 x -2 = -1.85), each card with 1/2: 0 and -0.02, node
    -0.01, regrets +0.01, -0.01; K checks (+1) or bets (1.05 and 0.05 + 0.95 x 2 =
    1.95): 0.05 and 0.075, node 0.0625, regrets -0.0125, +0.0125; all halved by DCFR.
    Untrembled, that node is never reached and keeps no regret (the test above)."""
    solver = Solver(kuhn(), DCFR, tremble=0.1)
    solver.run(1)
    regrets = _table(solver, solver.regrets)
    for card, want in ((J, (0.010625, -0.010625)), (Q, (0.005, -0.005)),
                       (K, (-0.00625, 0.00625))):  # fmt: skip
        assert regrets[(("k",), card)].tolist() == pytest.approx(want, abs=1e-12)
    assert regrets[((), J)].tolist() == pytest.approx([-0.1875, 0.1875], abs=1e-12)


@pytest.mark.parametrize("eps", [0.0, 0.1, 0.3])
@pytest.mark.parametrize("method", [DCFR, CFR_PLUS], ids=["dcfr", "cfr+"])
def test_the_first_iterations_match_cfr_written_from_the_rules(method: Discounting,
                                                               eps: float) -> None:  # fmt: skip
    """Regrets, current strategy and average after each of four iterations, against
    :class:`_Reference`; from the second iteration on a player's own trembles change
    the values it backs up, so a solver that backed up untrembled values, or trained
    against an untrembled opponent, parts from it."""
    solver = Solver(kuhn(), method, tremble=eps)
    reference = _Reference(method, eps)
    for _ in range(4):
        solver.iterate()
        reference.iterate()
        for name, got, want in (("regrets", solver.regrets, reference.regrets),
                                ("current", solver.current, reference.sigma)):  # fmt: skip
            table = _table(solver, got)
            for key, expected in want.items():
                assert table[key] == pytest.approx(expected, abs=1e-12), (name, key)
        average = _table(solver, solver.average())
        for key, w in reference.weights.items():
            expected = w / w.sum() if w.sum() > 0 else np.full(2, 0.5)
            assert average[key] == pytest.approx(expected, abs=1e-12), ("average", key)
