"""Exact checks of the dealt solver (chance-sampled CFR on real deals): its iterations
against a walk of every deal node by node, the chain dealer's draws by hand, the refusals
and checkpoints in full (the mutation part ``solverdeals``)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.evaluator import rank7
from pokerroom.solver.cfr import Discounting
from pokerroom.solver.deals import DEALS, DEALT, ChainDealer, Deals, DealtSolver, HoldemDealer
from pokerroom.solver.files import DEFAULT_BUCKETS, abstraction_for
from pokerroom.solver.game import Game
from pokerroom.solver.holdem import uniform
from pokerroom.solver.toys import kuhn, leduc
from pokerroom.solver.tree import CHANCE, TERMINAL
from solver_games import (
    F64s,
    Numbers,
    chance_first,
    crossed,
    holdem_3,
    resumed_checks,
    two_ways,
)


class Batches:
    """A dealer of given batches, one a call, that draws nothing."""

    def __init__(self, batches: list[Deals]) -> None:
        self.batches = batches
        self.calls = 0

    def deal(self, rng: np.random.Generator, n: int) -> Deals:
        self.given = rng
        batch = self.batches[self.calls]
        self.calls += 1
        assert batch.states.shape[2] == n
        return batch


def _made_up_deals(game: Game, rng: np.random.Generator, n: int) -> Deals:
    """Private states drawn at random in every round, and payoffs that are any numbers
    (a fold need not pay 1 for the walk to be checked)."""
    states = np.stack([np.stack([rng.integers(0, k, n) for k in game.sizes]) for _ in (0, 1)])
    return Deals(states.astype(np.intp), rng.uniform(-2.0, 2.0, (len(game.matrices), n)))


def _dealt_walk(solver: DealtSolver, batch: Deals, t: int, regrets: list[F64s],
                weights: list[F64s]) -> None:  # fmt: skip
    """One iteration of chance-sampled CFR worked out deal by deal and node by node,
    from the solver's current strategy."""
    sweeps, tree = solver.sweeps, solver.game.tree
    sigma = solver.current
    for k in range(batch.states.shape[2]):
        state = batch.states[:, :, k]
        reach = {0: (1.0, 1.0)}
        for node in range(1, len(tree)):
            parent = int(tree.parent[node])
            r0, r1 = reach[parent]
            q = int(tree.kind[parent])
            if q < CHANCE:
                s = int(tree.segment[parent])
                p = sigma[s][sweeps.decision_rows[parent], node - int(tree.first[parent]),
                             state[q, s]]  # fmt: skip
                r0, r1 = (r0 * p, r1) if q == 0 else (r0, r1 * p)
            reach[node] = (r0, r1)
        value: dict[int, float] = {}
        for node in range(len(tree) - 1, -1, -1):
            kind, kids = int(tree.kind[node]), list(tree.children(node))
            if kind == TERMINAL:
                value[node] = float(tree.stake[node]) * batch.pays[int(tree.matrix[node]), k]
            elif kind == CHANCE:
                value[node] = value[kids[0]]
            else:
                s, d = int(tree.segment[node]), int(sweeps.decision_rows[node])
                b = state[kind, s]
                here = sum(sigma[s][d, a, b] * value[c] for a, c in enumerate(kids))
                value[node] = here
                opp = reach[node][1 - kind] * (1.0 if kind == 0 else -1.0)
                for a, c in enumerate(kids):
                    regrets[s][d, a, b] += t * opp * (value[c] - here)
                    weights[s][d, a, b] += t * reach[node][kind] * sigma[s][d, a, b]


@pytest.mark.parametrize("name", ["kuhn", "holdem-3", "crossed", "chance-first",
                                  "two-ways"])
def test_dealt_iterations_are_the_walk_of_each_deal(name: str) -> None:
    """Three iterations of 40 made-up deals each: the regrets, the average's weights,
    the strategy matched after each, and the regret reported (single precision walk)."""
    game = {"kuhn": kuhn, "holdem-3": holdem_3, "crossed": crossed,
            "chance-first": chance_first, "two-ways": two_ways}[name]()
    rng = np.random.default_rng(5)
    batches = [_made_up_deals(game, rng, 40) for _ in range(3)]
    solver = DealtSolver(game, Batches(batches), deals=40)
    assert np.isnan(solver.regret())
    regrets, weights = solver.sweeps.zeros(), solver.sweeps.zeros()
    for t, batch in enumerate(batches, start=1):
        _dealt_walk(solver, batch, t, regrets, weights)
        solver.iterate()
        assert solver.iterations == t
        for s in range(len(regrets)):
            np.testing.assert_allclose(solver.regrets[s], regrets[s], rtol=1e-4, atol=1e-4)
            np.testing.assert_allclose(solver.weights[s], weights[s], rtol=1e-4, atol=1e-4)
            assert np.array_equal(solver.current[s],
                                  solver.sweeps.match(s, slice(None), solver.regrets[s]))
        positive = sum(float(np.maximum(r, 0.0).max(axis=1).sum()) for r in regrets)
        want = positive / (40 * t * (t + 1) / 2) / 2
        assert solver.regret() == pytest.approx(want, rel=1e-4)
        assert solver.progress() == solver.regret()
    assert solver.progress_name == "regret"


def test_the_dealt_methods_constants() -> None:
    assert Discounting("dealt", alpha=1.0, beta=1.0, gamma=1.0, floor=False) == DEALT
    assert DEALS == 1000
    solver = DealtSolver(kuhn(), Batches([]))
    assert solver.deals == 1000 and solver.method == DEALT and solver.iterations == 0
    assert solver.rng.bit_generator.state == np.random.default_rng(0).bit_generator.state


def test_the_dealer_is_handed_the_solvers_seeded_generator() -> None:
    dealer = Batches([_kuhn_every_deal()])
    solver = DealtSolver(kuhn(), dealer, seed=5, deals=6)
    assert solver.rng.bit_generator.state == np.random.default_rng(5).bit_generator.state
    solver.run(1)
    assert dealer.given is solver.rng and dealer.calls == 1


@pytest.mark.parametrize("deals", [0, -5, 100_001])
def test_a_batch_outside_1_to_100000_deals_is_refused(deals: int) -> None:
    with pytest.raises(ValueError) as caught:
        DealtSolver(kuhn(), Batches([]), deals=deals)
    assert str(caught.value) == f"{deals} deals per iteration: 1 to 100,000"


@pytest.mark.parametrize("deals", [1, 100_000])
def test_a_batch_of_1_or_100000_deals_is_taken(deals: int) -> None:
    assert DealtSolver(kuhn(), Batches([]), deals=deals).deals == deals


def test_a_game_with_public_chance_is_refused_by_the_dealt_solver() -> None:
    game = leduc()
    with pytest.raises(ValueError) as caught:
        DealtSolver(game, Batches([]))
    assert str(caught.value) == (f"{game.name}: a chance node with several public outcomes "
                                 "(the dealt solver deals private states only)")  # fmt: skip
    with pytest.raises(ValueError) as caught:
        ChainDealer(game)
    assert str(caught.value) == f"{game.name}: not a game of rounds joined by transitions"


def _pick(row: F64s, u: float) -> int:
    """The index whose share of ``row``'s running total holds ``u``."""
    total = np.cumsum(row)
    return min(int((total < u * total[-1]).sum()), len(row) - 1)


def test_the_chain_dealer_draws_each_round_from_the_last_and_pays_the_matrices() -> None:
    """Each state is the one whose share of its row holds the random number (the prior
    0.5, 0.3, 0.2 first, then the transitions' rows), player 0's rounds drawn first,
    then player 1's; a terminal of matrix m in segment s pays m at their states."""
    game = holdem_3()
    dealer = ChainDealer(game)
    assert dealer.segments == {0: 0, 1: 1, 2: 2, 3: 3, 4: 3}
    numbers = [[0.1, 0.9, 0.45, 0.999], [0.9, 0.1, 0.55, 0.0]]
    got = dealer.deal(Numbers(numbers[0] + numbers[1]), 1)  # type: ignore[arg-type]
    assert got.states.shape == (2, 4, 1) and got.pays.shape == (5, 1)
    assert [_pick(game.priors[0], u) for u in (0.1, 0.9)] == [0, 2]
    for p in (0, 1):
        want = [_pick(game.priors[p], numbers[p][0])]
        for move, u in zip(game.transitions, numbers[p][1:], strict=True):
            want.append(_pick(move[want[-1]], u))
        assert got.states[p, :, 0].tolist() == want
    for m in range(5):
        s = min(m, 3)
        assert got.pays[m, 0] == game.matrices[m][got.states[0, s, 0], got.states[1, s, 0]]
    many = dealer.deal(Numbers([0.3] * 8 * 4), 4)  # type: ignore[arg-type]
    assert many.states.shape == (2, 4, 4) and (many.states == many.states[:, :, :1]).all()


def _kuhn_every_deal() -> Deals:
    cards = np.array([[0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1]])
    pays = np.ones((2, 6))
    pays[1] = np.sign(cards[:, 0] - cards[:, 1])
    return Deals(cards.T[:, None, :].astype(np.intp), pays)


def test_dealt_checkpoints_keep_the_generator_and_refuse_with_the_reason() -> None:
    game = kuhn()
    solver = DealtSolver(game, Batches([_kuhn_every_deal()] * 2), seed=3, deals=6)
    solver.run(1)
    state = solver.checkpoint()
    assert int(state["deals"]) == 6 and str(state["method"]) == "dealt"
    assert json.loads(str(state["rng"])) == solver.rng.bit_generator.state
    other = DealtSolver(game, Batches([_kuhn_every_deal()]), seed=4, deals=6)
    refusals = [
        ({**state, "deals": np.array(5)}, "a checkpoint of 5 deals per iteration, not 6"),
        ({k: v for k, v in state.items() if k != "deals"},
         "a checkpoint of -1 deals per iteration, not 6"),
    ]  # fmt: skip
    resumed_checks(solver, other, state, "dealt", refusals)
    assert other.iterations == 1


def test_holdem_deals_are_the_first_nine_cards_of_a_shuffle() -> None:
    """Each deal sorts 52 uniform numbers and takes the cards of the nine smallest; a
    deal is those cards bucketed."""
    dealer = HoldemDealer(uniform(2))
    cards = dealer.cards(np.random.default_rng(3), 5)
    want = np.argsort(np.random.default_rng(3).random((5, 52)), axis=1)[:, :9]
    assert cards.dtype == np.intp and np.array_equal(cards, want)


def test_every_deals_buckets_and_showdown_are_the_real_cards() -> None:
    """80 deals of the shipped buckets: each player's bucket in each round is the
    abstraction's for its hole cards on the board shown so far, a fold pays 1, and the
    showdown pays the button +1, -1 or 0 as its seven cards beat, lose to or tie the
    other's (the evaluator)."""
    abstraction = abstraction_for(DEFAULT_BUCKETS)
    dealer = HoldemDealer(abstraction)
    cards = dealer.cards(np.random.default_rng(21), 80)
    # two deals of the same turn board (another suit order) and a split pot
    cards[1] = parse_cards("As Kd Qh Qc 2h 7s 9d Jc 4h")
    cards[2] = parse_cards("Ah Ks Qd Qc 2s 7h 9c Jd 4s")
    cards[3] = parse_cards("2c 3d 4h 5s Ah Kh Qh Jh Th")
    deals = dealer.bucketed(cards)
    assert deals.states.shape == (2, 4, 80) and deals.pays.shape == (5, 80)
    assert deals.states.dtype == np.intp  # indices into the tables
    assert (deals.pays[:4] == 1.0).all()
    for i, row in enumerate(cards.tolist()):
        for p in (0, 1):
            hole = (row[2 * p], row[2 * p + 1])
            for r, shown in enumerate((0, 3, 4, 5)):
                assert deals.states[p, r, i] == abstraction.bucket(hole, tuple(row[4:4 + shown]))
        mine, theirs = rank7(row[:2] + row[4:]), rank7(row[2:4] + row[4:])
        assert deals.pays[4, i] == np.sign(mine - theirs)
    assert deals.pays[4, 3] == 0.0
    again = HoldemDealer(abstraction).deal(np.random.default_rng(21), 80)
    fresh = dealer.bucketed(dealer.cards(np.random.default_rng(21), 80))
    assert np.array_equal(again.states, fresh.states) and np.array_equal(again.pays, fresh.pays)
