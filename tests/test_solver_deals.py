"""The dealt solver (chance-sampled CFR on real deals): a batch of every Kuhn deal is
full-width CFR's first iteration exactly, its exploitability falls to Kuhn's equilibrium
on dealt cards, hold'em deals are uniform and never clash, their buckets are the
abstraction's and their payoffs the real hands', a resumed run is the run that never
stopped, and the ``solve`` command's ``--method dealt`` with its refusals."""

from __future__ import annotations

from itertools import permutations
from pathlib import Path

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.cli import main
from pokerroom.rules import Rules
from pokerroom.solver.betting import betting_tree
from pokerroom.solver.deals import ChainDealer, Deals, DealtSolver, HoldemDealer
from pokerroom.solver.files import DEFAULT_BUCKETS, abstraction_for
from pokerroom.solver.holdem import SHOWDOWN_MATRIX, holdem_game, uniform
from pokerroom.solver.strategy import Strategy
from pokerroom.solver.toys import kuhn

# ------------------------------------------------------------------ Kuhn, dealt


class KuhnDealer:
    """Real Kuhn deals: two distinct cards of J, Q, K (0, 1, 2); a fold pays the stake,
    a showdown the stake to the higher card."""

    def deal(self, rng: np.random.Generator, n: int) -> Deals:
        return kuhn_deals(np.argsort(rng.random((n, 3)), axis=1)[:, :2])


def kuhn_deals(cards: np.ndarray) -> Deals:
    pays = np.ones((2, len(cards)))
    pays[1] = np.sign(cards[:, 0] - cards[:, 1])
    return Deals(cards.T[:, None, :].astype(np.intp), pays)


class EveryKuhnDeal:
    """The six Kuhn deals, each once, every iteration."""

    def deal(self, rng: np.random.Generator, n: int) -> Deals:
        assert n == 6
        return kuhn_deals(np.array(list(permutations(range(3), 2))))


def test_a_batch_of_every_kuhn_deal_is_full_width_cfr_exactly() -> None:
    """The six deals' regrets, summed, are twice full-width CFR's (each card is dealt
    twice; full width counts the other two cards at 3/2 × 1/3), their average weights
    six times (full width's own range carries the prior 1/3 too): folds pay the stake,
    showdowns the stake to the higher card."""
    game = kuhn()
    solver = DealtSolver(game, EveryKuhnDeal(), deals=6)
    sigma = [s.copy() for s in solver.current]
    solver.run(1)
    sweeps = solver.sweeps
    exact = sweeps.zeros()
    for p in (0, 1):
        sweeps.values(p, sweeps.ranges(1 - p, sigma), sigma, regrets=exact)
    reach = [sweeps.decision_ranges(p, sweeps.ranges(p, sigma))[0] for p in (0, 1)]
    mine = [sweeps.player_rows[0][p] for p in (0, 1)]
    for p in (0, 1):
        rows = mine[p]
        assert np.allclose(solver.regrets[0][rows], 2 * exact[0][rows], atol=1e-6)
        weights = (reach[p][:, None, :] * sigma[0])[rows]
        assert np.allclose(solver.weights[0][rows], 6 * weights, atol=1e-6)
    assert np.abs(solver.regrets[0]).max() > 0.5  # not a trivial zero


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dealt_kuhn_falls_to_the_equilibrium(seed: int) -> None:
    solver = DealtSolver(kuhn(), KuhnDealer(), seed=seed, deals=100)
    solver.run(10)
    early = solver.exploitability()
    solver.run(990)
    late = solver.exploitability()
    # measured (seeds 1, 2, 3): 0.085, 0.075, 0.070 then 0.0099, 0.0098, 0.0086 chips
    # a game (uniform play: 0.458); the value -1/18 within 0.001
    assert early > 0.04 and late < 0.015 and late < early / 4
    assert abs(solver.value() + 1 / 18) < 0.002


def test_the_chain_dealer_is_the_abstract_games_own_deals() -> None:
    """Kuhn's matrices carry the chance that two states meet: drawn independently and
    paid by the matrix, the dealt solver solves Kuhn too."""
    solver = DealtSolver(kuhn(), ChainDealer(kuhn()), seed=4, deals=100)
    solver.run(1000)
    assert solver.exploitability() < 0.015 and abs(solver.value() + 1 / 18) < 0.002


def test_regret_falls_as_the_strategy_settles() -> None:
    solver = DealtSolver(kuhn(), KuhnDealer(), seed=5, deals=100)
    assert np.isnan(solver.regret())
    solver.run(10)
    early = solver.regret()
    solver.run(990)
    assert 0 < solver.regret() < early / 3


# ------------------------------------------------------------------ hold'em deals


def test_holdem_deals_are_uniform_and_never_clash() -> None:
    """200,000 deals: nine distinct cards in every one; each of the nine places holds
    every card alike, and each player's hole cards every pair alike (chi-square)."""
    dealer = HoldemDealer(abstraction_for(DEFAULT_BUCKETS))
    rng = np.random.default_rng(11)
    n = 200_000
    cards = dealer.cards(rng, n)
    assert cards.shape == (n, 9) and cards.min() >= 0 and cards.max() < 52
    ordered = np.sort(cards, axis=1)
    assert not np.any(ordered[:, 1:] == ordered[:, :-1])

    def z(counts: np.ndarray) -> float:
        """The chi-square statistic against equal counts, standardised."""
        expected = counts.sum() / counts.size
        chi = float(((counts - expected) ** 2 / expected).sum())
        df = counts.size - 1
        return (chi - df) / np.sqrt(2 * df)

    for place in range(9):
        assert abs(z(np.bincount(cards[:, place], minlength=52))) < 5
    for p in (0, 1):
        low = np.minimum(cards[:, 2 * p], cards[:, 2 * p + 1])
        high = np.maximum(cards[:, 2 * p], cards[:, 2 * p + 1])
        counts = np.bincount(low * 52 + high, minlength=52 * 52)
        pairs = counts.reshape(52, 52)[np.triu_indices(52, 1)]
        assert abs(z(pairs)) < 5
    # the button's first card against the board's first: 52 × 51 ordered pairs alike
    joint = np.bincount(cards[:, 0] * 52 + cards[:, 4], minlength=52 * 52).reshape(52, 52)
    assert abs(z(joint[~np.eye(52, dtype=bool)])) < 5


def test_holdem_buckets_are_the_abstractions_on_the_real_board() -> None:
    abstraction = abstraction_for(DEFAULT_BUCKETS)
    dealer = HoldemDealer(abstraction)
    cards = dealer.cards(np.random.default_rng(12), 60)
    deals = dealer.bucketed(cards)
    for i, row in enumerate(cards.tolist()):
        for p in (0, 1):
            hole = (row[2 * p], row[2 * p + 1])
            for r, shown in enumerate((0, 3, 4, 5)):
                assert deals.states[p, r, i] == abstraction.bucket(hole, tuple(row[4:4 + shown]))


@pytest.mark.parametrize(
    ("button", "other", "board", "showdown"),
    [
        ("As Ad", "Kh Kd", "2c 7d 9h Js 3s", 1.0),  # aces beat kings
        ("Qs Jh", "8c 8d", "2c 7d 9h Ks 3s", -1.0),  # a pair of eights beats queen high
        ("2c 3d", "4h 5s", "Ah Kh Qh Jh Th", 0.0),  # the board's royal flush: a split
        ("Ac 2d", "Ad 3c", "Kh Qs Jd Tc 9h", 0.0),  # both play the board's straight
        ("7h 2h", "Ah Kd", "Qh 9h 3h Jc 4s", 1.0),  # a flush beats ace high
    ],
)
def test_holdem_payoffs_of_hand_worked_deals(button: str, other: str, board: str,
                                             showdown: float) -> None:  # fmt: skip
    dealer = HoldemDealer(abstraction_for(DEFAULT_BUCKETS))
    cards = np.array([parse_cards(f"{button} {other} {board}")])
    deals = dealer.bucketed(cards)
    assert deals.pays[:SHOWDOWN_MATRIX, 0].tolist() == [1.0] * 4  # a fold pays the stake
    assert deals.pays[SHOWDOWN_MATRIX, 0] == showdown


def test_a_holdem_iteration_pays_the_trees_stakes() -> None:
    """One deal the button wins at the showdown: the root value of always calling
    (check or call only) is the stake each put in, the big blind's (2 chips); when it
    loses, minus that."""
    tree = betting_tree(Rules.preset("casino-limit", players=2))
    game = holdem_game(tree, uniform(2))
    for result in (1.0, -1.0, 0.0):

        class One:
            def deal(self, rng: np.random.Generator, n: int, result: float = result) -> Deals:
                pays = np.ones((SHOWDOWN_MATRIX + 1, n))
                pays[SHOWDOWN_MATRIX] = result
                return Deals(np.zeros((2, 4, n), dtype=np.intp), pays)

        solver = DealtSolver(game, One(), deals=1)
        tree, sweeps = game.tree, solver.sweeps
        for s in range(4):
            solver.current[s][...] = 0.0
        for node in np.flatnonzero(tree.kind < 2).tolist():  # check or call, always
            labels = [tree.labels[c] for c in tree.children(node)]
            passive = labels.index("c") if "c" in labels else labels.index("k")
            seg = int(tree.segment[node])
            solver.current[seg][sweeps.decision_rows[node], passive, :] = 1.0
        solver.run(1)
        # the button's fold at the root loses its small blind, calling down wins or
        # loses the big blind each put in: the fold's regret is -1 - 2 × result
        assert tree.labels[tree.first[0]] == "f"
        fold = solver.regrets[0][sweeps.decision_rows[0], 0, 0]
        assert fold == pytest.approx(-1.0 - 2.0 * result)


# ------------------------------------------------------------------ checkpoints


def test_checkpoint_and_resume_equal_never_stopping() -> None:
    game = holdem_game(betting_tree(Rules.preset("casino-limit", players=2)), uniform(2))
    straight = DealtSolver(game, ChainDealer(game), seed=6, deals=50)
    straight.run(6)
    first = DealtSolver(game, ChainDealer(game), seed=6, deals=50)
    first.run(3)
    state = first.checkpoint()
    second = DealtSolver(game, ChainDealer(game), seed=99, deals=50)
    second.resume(state)
    second.run(3)
    assert second.iterations == straight.iterations == 6
    for a, b in ((second.regrets, straight.regrets), (second.weights, straight.weights),
                 (second.current, straight.current)):  # fmt: skip
        for x, y in zip(a, b, strict=True):
            assert np.array_equal(x, y)
    assert np.abs(straight.regrets[3]).max() > 0


def test_a_checkpoint_of_another_batch_or_method_is_refused() -> None:
    solver = DealtSolver(kuhn(), KuhnDealer(), deals=10)
    solver.run(2)
    state = solver.checkpoint()
    other = DealtSolver(kuhn(), KuhnDealer(), deals=20)
    with pytest.raises(ValueError, match="a checkpoint of 10 deals per iteration, not 20"):
        other.resume(state)
    assert other.iterations == 0 and not np.any(other.regrets[0])
    state.pop("rng")
    with pytest.raises(ValueError, match="without the random generator"):
        DealtSolver(kuhn(), KuhnDealer(), deals=10).resume(state)
    with pytest.raises(ValueError, match="1 to 100,000"):
        DealtSolver(kuhn(), KuhnDealer(), deals=0)


# ------------------------------------------------------------------ the command


def test_solve_dealt_writes_a_strategy_and_resumes(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]
                                                   ) -> None:  # fmt: skip
    out, ckpt = tmp_path / "s.npz", tmp_path / "c.npz"
    common = ["solve", "--rules", "casino-limit", "--method", "dealt", "--deals", "20",
              "--seed", "3", "--every", "2", "--out", str(out), "--checkpoint", str(ckpt)]
    assert main([*common, "--iterations", "2"]) == 0
    assert main([*common, "--iterations", "4"]) == 0
    text = capsys.readouterr().out
    assert "regret (mbb/h)" in text and "resumed from" in text
    strategy = Strategy.load(out)
    assert strategy.method == "dealt" and strategy.iterations == 4
    assert [h[0] for h in strategy.history] == [2, 4]
    straight = tmp_path / "t.npz"
    assert main([*common[:-4], "--out", str(straight), "--iterations", "4"]) == 0
    again = Strategy.load(straight)
    for a, b in zip(strategy.probabilities, again.probabilities, strict=True):
        assert np.array_equal(a, b)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "kuhn", "--method", "dealt"],
         "--method dealt deals hold'em (--game holdem or holdem-nl), not --game kuhn"),
        (["--game", "leduc-nl", "--method", "dealt"],
         "--method dealt deals hold'em (--game holdem or holdem-nl), not --game leduc-nl"),
        (["--method", "dealt", "--tremble", "0.1", "--out", "x.npz"],
         "--tremble is for the full-width methods (dcfr, cfr+), not --method dealt"),
        (["--method", "dcfr", "--deals", "10", "--out", "x.npz"],
         "--deals is for --method dealt, not --method dcfr"),
    ],
)
def test_solve_dealt_refuses_what_it_cannot_do(args: list[str], message: str,
                                               capsys: pytest.CaptureFixture[str]
                                               ) -> None:  # fmt: skip
    assert main(["solve", *args]) != 0
    assert message in capsys.readouterr().err
