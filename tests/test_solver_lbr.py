"""Local best response on the solver's games, where the exact best response is known:
never above it, equal to it where one action ahead is the whole game (Kuhn's second
player: worked by hand below), large against a uniform random player and near the game
value against CFR's strategies."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.players.cfr import shipped_policy
from pokerroom.solver.best_response import (
    best_responses,
    exploitability,
    local_best_response,
    local_best_response_value,
)
from pokerroom.solver.cfr import Solver
from pokerroom.solver.files import SHIPPED
from pokerroom.solver.holdem import holdem_game, mbb
from pokerroom.solver.sweeps import Sweeps
from pokerroom.solver.toys import kuhn, leduc, leduc_no_limit


def lbr_values(sweeps: Sweeps, strategy: list[np.ndarray]) -> tuple[float, float]:
    return (local_best_response_value(sweeps, strategy, 0),
            local_best_response_value(sweeps, strategy, 1))  # fmt: skip


def test_kuhn_second_player_against_uniform_is_worked_by_hand() -> None:
    """Player 1 against a player 0 who checks or bets, folds or calls, at even odds.
    J: folds to a bet (-1); after a check bets (0.5 x 1 + 0.5 x -2 = -0.5, better than
    checking's -1): -0.75.  Q: calls a bet (+2 or -2: 0, better than folding's -1);
    after a check bets (0.5 x 1 + 0.5 x 0 = 0.5): 0.25.  K: calls (+2); bets after a
    check (0.5 x 1 + 0.5 x 2 = 1.5): 1.75.  On average 5/12, which is the best response
    too: after each of player 1's actions player 0 acts at most once."""
    game = kuhn()
    sweeps = Sweeps(game)
    strategy = sweeps.uniform()
    assert local_best_response_value(sweeps, strategy, 1) == pytest.approx(5 / 12, abs=1e-12)
    assert best_responses(sweeps, strategy)[1] == pytest.approx(5 / 12, abs=1e-12)
    lbr = local_best_response(sweeps, strategy, 1)
    tree = game.tree
    bet = tree.child(0, "b")
    (row,) = [lbr[0][sweeps.decision_rows[bet]]]
    labels = [tree.labels[c] for c in tree.children(bet)]
    assert [labels[int(a)] for a in row.argmax(axis=0)] == ["f", "c", "c"]  # J, Q, K
    check = tree.child(0, "k")
    row = lbr[0][sweeps.decision_rows[check]]
    labels = [tree.labels[c] for c in tree.children(check)]
    assert [labels[int(a)] for a in row.argmax(axis=0)] == ["b", "b", "b"]


@pytest.mark.parametrize("name", ["kuhn", "leduc", "leduc-no-limit"])
def test_lbr_is_a_pure_strategy_never_above_the_best_response(name: str) -> None:
    """Against uniform random play and against CFR's average after 5 and 60 iterations:
    LBR picks one legal action per private state and the other player's rows are left
    as they were; what it wins is at most the best response, seat by seat.  Leduc with
    no-limit betting (half pot, pot and all-in, 12 chips deep) is a small no-limit game
    whose best response is exact."""
    game = {"kuhn": kuhn, "leduc": leduc, "leduc-no-limit": leduc_no_limit}[name]()
    solver = Solver(game)
    sweeps = solver.sweeps
    profiles = [sweeps.uniform()]
    for n in (5, 60):
        solver.run(n - solver.iterations)
        profiles.append(solver.average())
    checked = 0
    for strategy in profiles:
        for p in (0, 1):
            lbr = local_best_response(sweeps, strategy, p)
            for s, (rows, mask, owner) in enumerate(
                zip(lbr, sweeps.action_mask, sweeps.owner, strict=True)
            ):
                mine = owner == p
                assert np.array_equal(rows[~mine], strategy[s][~mine])
                picked = rows[mine]
                assert np.all((picked == 0.0) | (picked == 1.0))
                assert np.all(picked.sum(axis=1) == 1.0)
                assert np.all(picked[~mask[mine]] == 0.0)
            br = best_responses(sweeps, strategy)[p]
            assert local_best_response_value(sweeps, strategy, p) <= br + 1e-9
            checked += 1
    assert checked == 6


def test_leduc_lbr_of_uniform_play_is_large_and_below_the_best_response() -> None:
    """The best response wins (2.0875 + 2.6597) / 2 = 2.374 chips a game from uniform
    random play; LBR, looking one action ahead, wins less as player 0 (1.730 against
    2.0875: the first round's bets are valued without the second round's) but most of
    it: more than 2 chips a game, over twice the ante."""
    sweeps = Sweeps(leduc())
    strategy = sweeps.uniform()
    br = best_responses(sweeps, strategy)
    lbr = lbr_values(sweeps, strategy)
    assert br == pytest.approx((2.0875, 2.659722), abs=1e-6)
    assert lbr[0] < br[0] - 0.3 and lbr[1] <= br[1]
    assert (lbr[0] + lbr[1]) / 2 > 2.0


def test_leduc_lbr_of_cfr_falls_with_its_exploitability() -> None:
    """LBR's winnings averaged over the seats (the lower bound on exploitability that LBR
    gives) against CFR's average strategy after 30, 100 and 300 iterations: never above
    the exact exploitability, and falling with it (0.064, 0.0078, 0.0012 chips a game)."""
    solver = Solver(leduc())
    bounds = []
    for iterations, most in ((30, 0.1), (100, 0.01), (300, 0.002)):
        solver.run(iterations - solver.iterations)
        strategy = solver.average()
        exact = exploitability(solver.sweeps, strategy)
        lower = sum(lbr_values(solver.sweeps, strategy)) / 2
        assert 0.0 < lower <= exact < most
        bounds.append(lower)
    assert bounds == sorted(bounds, reverse=True)


# A dealt strategy's exploitability in the abstract game, measured when it shipped.
DEALT_EXPLOITABILITY = {"computer-tournament": 28.03}


@pytest.mark.parametrize("preset", SHIPPED)
def test_the_shipped_strategies_in_their_abstract_game(preset: str) -> None:
    """A shipped strategy put back in the solver's layout: its exploitability in the
    abstract game is the one measured when it was solved (up to the file's 16-bit
    probabilities) where the abstract game was what was solved (a strategy solved on real
    deals, ``dealt``, records its regret per deal instead: its exploitability there is the
    one measured when it shipped, 28.03 mbb/h for ``computer-tournament``), and LBR there
    wins at most the best response, seat by seat."""
    strategy = shipped_policy(preset).strategy
    sweeps = Sweeps(holdem_game(strategy.tree, strategy.abstraction))
    probabilities = strategy.for_solver(sweeps)
    br = best_responses(sweeps, probabilities)
    if strategy.method == "dealt":
        assert mbb(sum(br) / 2, strategy.tree) == pytest.approx(DEALT_EXPLOITABILITY[preset],
                                                                abs=0.05)  # fmt: skip
    else:
        solved = strategy.history[-1][1]
        assert mbb(sum(br) / 2, strategy.tree) == pytest.approx(solved, abs=0.05)
    lbr = lbr_values(sweeps, probabilities)
    assert lbr[0] <= br[0] and lbr[1] <= br[1]
