"""The dealt solver in no limit: Kuhn poker's no-limit tree and Leduc with bet sizes
(dealt as a game of rounds) converge to the full-width answers, the no-limit hold'em
tree pays its folds, showdowns and all-ins on real deals as the chips committed say,
and ``solve --game holdem-nl --method dealt`` writes a strategy file that resumes bit for
bit and reads back."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.cli import main
from pokerroom.solver.cfr import Solver
from pokerroom.solver.deals import ChainDealer, Deals, DealtSolver, HoldemDealer
from pokerroom.solver.files import DEFAULT_BUCKETS, abstraction_for
from pokerroom.solver.game import Game
from pokerroom.solver.nlholdem import betting, holdem_no_limit
from pokerroom.solver.nlstrategy import NoLimitStrategy
from pokerroom.solver.nolimit import Abstraction, NoLimitTree
from pokerroom.solver.toys import kuhn, leduc_no_limit
from pokerroom.solver.tree import CHANCE, TERMINAL

# ------------------------------------------------------------------ known answers


def kuhn_no_limit() -> Game:
    """Antes of 1, stacks of 2: the only bet (half the pot) is all-in, Kuhn's bet of 1."""
    bets = Abstraction((1, 1), (0,), 1, 2, (0.5,), max_raises=1)
    tree = bets.tree(lambda r: [], lambda r, c: 0, lambda c: 1)
    k = kuhn()
    return Game("kuhn-nl", tree.public, (3,), k.priors, k.matrices)


@pytest.mark.parametrize("seed", [1, 2])
def test_kuhns_no_limit_tree_dealt_falls_to_the_equilibrium(seed: int) -> None:
    solver = DealtSolver(kuhn_no_limit(), ChainDealer(kuhn_no_limit()), seed=seed, deals=100)
    solver.run(10)
    early = solver.exploitability()
    solver.run(990)
    late = solver.exploitability()
    # measured (seeds 1, 2): 0.076, 0.089 after 10 iterations, 0.0089, 0.0098 after 1,000
    # (chips a game); the value -1/18 within 0.0001
    assert early > 0.05 and late < 0.012 and late < early / 5
    assert abs(solver.value() + 1 / 18) < 0.002


LEDUC = ("Js", "Jh", "Qs", "Qh", "Ks", "Kh")


def leduc_no_limit_in_rounds() -> Game:
    """Leduc with bet sizes (stacks of 12, pot fractions 0.5 and 1, two raises a round)
    as a game of rounds: a player's second-round state is its card and the public card
    (36 states), reached from its card by a transition (each other card a fifth), the
    two players' states drawn independently; each second-round matrix is 0 unless the
    two states show the same public card and the three cards differ, where it is
    P(h, o, c) / (P(h) P(c | h) P(o) P(c | o)) = (1/120) / (1/900) = 7.5 (times the
    showdown's sign).  The betting tree has one public outcome between the rounds, so
    the dealt solver deals it."""
    bets = Abstraction((1, 1), (0, 0), 2, 12, (0.5, 1.0), 2)
    tree = bets.tree(lambda r: [("board", 0, 0)], lambda r, c: r, lambda c: 2)
    rank = np.arange(6) // 2
    move = np.zeros((6, 36))
    first = (1.0 - np.eye(6)) * 36 / 30
    fold = np.zeros((36, 36))
    show = np.zeros((36, 36))
    for h in range(6):
        for c in range(6):
            if c == h:
                continue
            move[h, 6 * h + c] = 1 / 5
            for o in range(6):
                if o in (h, c):
                    continue
                mine = 10 + rank[h] if rank[h] == rank[c] else rank[h]
                theirs = 10 + rank[o] if rank[o] == rank[c] else rank[o]
                fold[6 * h + c, 6 * o + c] = 7.5
                show[6 * h + c, 6 * o + c] = 7.5 * np.sign(mine - theirs)
    prior = np.full(6, 1 / 6)
    return Game("leduc-nl-rounds", tree.public, (6, 36), (prior, prior), (first, fold, show),
                (move,))  # fmt: skip


def test_leduc_with_bet_sizes_in_rounds_is_leduc_with_bet_sizes() -> None:
    """Full width, the two forms of the game have the same value (to CFR's precision):
    the reformulation the dealt test below relies on is the game."""
    values = []
    for game in (leduc_no_limit(), leduc_no_limit_in_rounds()):
        solver = Solver(game)
        solver.run(1000)
        assert solver.exploitability() < 1e-3
        values.append(solver.value())
    assert values[0] == pytest.approx(values[1], abs=2e-3)
    assert abs(values[0]) > 0.05  # not a trivial zero


@pytest.mark.parametrize("seed", [1, 2])
def test_leduc_with_bet_sizes_dealt_by_a_chain_dealer_converges(seed: int) -> None:
    """Chance-sampled CFR on the chain dealer's deals: its exploitability in the game
    falls toward full width's (0.00014 chips a game after 1,000 iterations) as the deals
    grow, the value toward full width's (-0.0685)."""
    game = leduc_no_limit_in_rounds()
    full = Solver(game)
    full.run(1000)
    solver = DealtSolver(game, ChainDealer(game), seed=seed, deals=200)
    measured = []
    for n in (20, 1000, 3000):
        solver.run(n - solver.iterations)
        measured.append(solver.exploitability())
    # measured (seeds 1, 2), chips a game: 1.42, 1.17 after 20 iterations; 0.121, 0.126
    # after 1,000; 0.067, 0.057 after 3,000 (600,000 deals; uniform play: 2.33); the
    # value 0.015, 0.020 below full width's
    assert measured[0] > 0.8 and measured[0] > measured[1] > measured[2]
    assert measured[2] < 0.09 and measured[2] < measured[0] / 12
    assert abs(solver.value() - full.value()) < 0.03


# ------------------------------------------------------------------ no-limit hold'em deals

DEALS = [
    ("As Ad", "Kh Kd", "2c 7d 9h Js 3s", 1.0),  # aces beat kings
    ("Qs Jh", "8c 8d", "2c 7d 9h Ks 3s", -1.0),  # a pair of eights beats queen high
    ("2c 3d", "4h 5s", "Ah Kh Qh Jh Th", 0.0),  # the board's royal flush: a split
]


def _value(tree: NoLimitTree, node: int, sigma: list[np.ndarray], rows: np.ndarray,
           states: np.ndarray, showdown: float, folder: int = -1) -> float:  # fmt: skip
    """The button's chips at ``node`` of one deal playing ``sigma``, from the chips each
    player committed: a terminal reached by ``folder``'s fold loses what the folder put
    in, any other is a showdown winning or losing what each put in (the same for both);
    chance nodes (the cards still to come) pass through."""
    kind = int(tree.public.kind[node])
    if kind == TERMINAL:
        mine, theirs = tree.committed[node]
        if folder >= 0:
            return -mine if folder == 0 else theirs
        assert mine == theirs
        return mine * showdown
    kids = tree.children[node]
    if kind == CHANCE:
        assert len(kids) == 1
        return _value(tree, kids[0], sigma, rows, states, showdown)
    values = [_value(tree, child, sigma, rows, states, showdown,
                     kind if label == "f" else -1)
              for child, label in zip(kids, tree.labels[node], strict=True)]  # fmt: skip
    street = tree.street[node]
    p = sigma[street][rows[node], : len(kids), states[kind, street]]
    return float(np.dot(p, values))


@pytest.mark.parametrize(("button", "other", "board", "showdown"), DEALS)
def test_no_limit_terminals_pay_the_chips_committed_on_real_deals(
    button: str, other: str, board: str, showdown: float
) -> None:
    """One real deal, a random strategy everywhere: the button's regrets at the root and
    the big blind's after a limp are each action's value less the node's, the values
    worked out from the chips committed (folds in every round, showdowns, all-ins dealt
    out to the river) and the real hands."""
    abstraction = abstraction_for(DEFAULT_BUCKETS)
    game, tree = holdem_no_limit(betting(10), abstraction)
    deal = HoldemDealer(abstraction).bucketed(np.array([parse_cards(f"{button} {other} {board}")]))
    assert deal.pays[-1, 0] == showdown

    class One:
        def deal(self, rng: np.random.Generator, n: int) -> Deals:
            return deal

    solver = DealtSolver(game, One(), deals=1)
    sweeps, rows = solver.sweeps, solver.sweeps.decision_rows
    rng = np.random.default_rng(3)
    for s in range(4):
        solver.current[s] = sweeps.match(s, slice(None), rng.random(solver.current[s].shape))
    sigma = [c.copy() for c in solver.current]
    states = deal.states[:, :, 0]
    solver.run(1)

    def value(node: int, folder: int = -1) -> float:
        return _value(tree, node, sigma, rows, states, showdown, folder)

    def values(node: int) -> list[float]:  # each action's, less the node's
        here, player = value(node), int(tree.public.kind[node])
        return [value(c, player if lab == "f" else -1) - here
                for c, lab in zip(tree.children[node], tree.labels[node], strict=True)]

    kids = tree.children[0]
    assert tree.labels[0] == ("f", "c", "r0", "r1", "a") and tree.amounts[0][-1] == 20
    expected = values(0)
    got = solver.regrets[0][rows[0], : len(kids), states[0, 0]]
    assert got == pytest.approx(expected, rel=1e-4, abs=1e-4)
    # the all-in called: each puts in the stack and the real board is dealt out
    shove = kids[-1]
    assert tree.committed[tree.children[shove][1]] == (20, 20)
    # the big blind after the button's limp: its regrets carry minus the button's reach
    limp = kids[1]
    reach = sigma[0][rows[0], 1, states[0, 0]]
    expected = [-reach * v for v in values(limp)]
    got = solver.regrets[0][rows[limp], : len(tree.children[limp]), states[1, 0]]
    assert got == pytest.approx(expected, rel=1e-4, abs=1e-4)


# ------------------------------------------------------------------ the command


def test_solve_holdem_nl_dealt_resumes_bit_for_bit_and_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, ckpt = tmp_path / "nl.npz", tmp_path / "nl.ckpt.npz"
    common = ["solve", "--game", "holdem-nl", "--depth", "3", "--method", "dealt",
              "--deals", "20", "--seed", "5", "--every", "2", "--out", str(out),
              "--checkpoint", str(ckpt)]  # fmt: skip
    assert main([*common, "--iterations", "2"]) == 0
    assert main([*common, "--iterations", "4"]) == 0
    printed = capsys.readouterr().out
    assert "resumed from" in printed and "at 2 iterations" in printed
    assert "regret (mbb/h)" in printed
    strategy = NoLimitStrategy.load(out)
    assert strategy.method == "dealt" and strategy.iterations == 4
    assert [h[0] for h in strategy.history] == [2, 4]
    assert strategy.tree_digest() == strategy.written[0]
    assert strategy.digest() == strategy.written[1]
    game, tree = holdem_no_limit(betting(3), strategy.abstraction)
    solver = DealtSolver(game, HoldemDealer(strategy.abstraction), seed=5, deals=20)
    solver.run(4)
    average = solver.average()
    for r, p in enumerate(average):
        assert np.array_equal(strategy.probabilities[r], p.astype(np.float16))
    # every decision reads back: its row holds a distribution over its own actions
    _, sweeps = strategy.tree()
    for node in range(len(tree)):
        if int(tree.public.kind[node]) >= CHANCE:
            continue
        s = tree.street[node]
        p = strategy.probabilities[s][sweeps.decision_rows[node]].astype(np.float64)
        width = len(tree.children[node])
        assert np.allclose(p[:width].sum(axis=0), 1.0, atol=2e-3) and not p[width:].any()
    # the solver moved away from uniform play somewhere
    assert any(np.abs(p.astype(np.float64)[:, :2] - 0.5).max() > 0.05
               for p in strategy.probabilities)  # fmt: skip
