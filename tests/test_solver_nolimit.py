"""No-limit solving: the action abstraction and its tree (against the engine), the
pseudo-harmonic translation, known answers on Kuhn and Leduc with bet sizes, strategy
files read back exactly, the cfr bot in heads-up no limit."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.cli import main
from pokerroom.engine import Hand
from pokerroom.engine.actions import ActionKind
from pokerroom.players.cfr import CFRBot
from pokerroom.rules import Rules
from pokerroom.solver.cfr import Solver
from pokerroom.solver.game import Game
from pokerroom.solver.holdem import uniform
from pokerroom.solver.nlholdem import DEPTHS, betting, holdem_no_limit
from pokerroom.solver.nlpolicy import NoLimitPolicy, shipped_no_limit
from pokerroom.solver.nlstrategy import NoLimitStrategy
from pokerroom.solver.nolimit import ALL_IN, Abstraction, pseudo_harmonic, translate
from pokerroom.solver.policy import OutsideStrategy
from pokerroom.solver.toys import kuhn, leduc, leduc_no_limit
from pokerroom.solver.tree import CHANCE, TERMINAL

# ------------------------------------------------------------------ translation


def test_pseudo_harmonic_known_values() -> None:
    assert pseudo_harmonic(0.5, 0.5, 1.0) == 1.0
    assert pseudo_harmonic(1.0, 0.5, 1.0) == 0.0
    # (B - x)(1 + A) / ((B - A)(1 + x)) = 0.25 * 1.5 / (0.5 * 1.75) = 3/7
    assert pseudo_harmonic(0.75, 0.5, 1.0) == pytest.approx(3 / 7)
    # between a pot bet and a 4-pot all-in, 2 pots: (4-2)(2) / ((3)(3)) = 4/9
    assert pseudo_harmonic(2.0, 1.0, 4.0) == pytest.approx(4 / 9)
    with pytest.raises(ValueError, match="0 <= A < B"):
        pseudo_harmonic(0.5, 1.0, 0.5)


@given(st.floats(0.0, 5.0), st.floats(0.0, 5.0), st.floats(0.01, 5.0))
def test_pseudo_harmonic_is_a_probability_falling_with_the_bet(a: float, x: float,
                                                               gap: float) -> None:  # fmt: skip
    b = a + gap
    p = pseudo_harmonic(x, a, b)
    assert 0.0 <= p <= 1.0
    assert pseudo_harmonic(min(x + 0.1, b), a, b) <= p + 1e-12


def test_translate_draws_the_smaller_size_with_the_formulas_frequency() -> None:
    rng = random.Random(7)
    sizes = [0.5, 1.0, 3.0]
    draws = [translate(0.75, sizes, rng) for _ in range(20000)]
    assert set(draws) == {0, 1}
    assert draws.count(0) / len(draws) == pytest.approx(3 / 7, abs=0.015)
    assert translate(0.1, sizes, rng) == 0 and translate(9.0, sizes, rng) == 2
    assert translate(1.0, sizes, rng) == 1  # exactly a size: that size


# ------------------------------------------------------------------ toy games


def test_kuhn_with_an_all_in_is_kuhn() -> None:
    """Antes of 1, stacks of 2: the only bet (half the pot) is all-in, Kuhn's bet of 1."""
    bets = Abstraction((1, 1), (0,), 1, 2, (0.5,), max_raises=1)
    tree = bets.tree(lambda r: [], lambda r, c: 0, lambda c: 1)
    k = kuhn()
    game = Game("kuhn-nl", tree.public, (3,), k.priors, k.matrices)
    assert game.tree.decisions == k.tree.decisions == 4
    solver = Solver(game)
    solver.run(2000)
    assert solver.value() == pytest.approx(-1 / 18, abs=1e-3)
    assert solver.exploitability() < 1e-3


def test_leduc_with_bet_sizes_exploitability_falls_with_iterations() -> None:
    game = leduc_no_limit()
    solver = Solver(game)
    measured = []
    for n in (10, 100, 1000):
        solver.run(n - solver.iterations)
        measured.append(solver.exploitability())
    assert measured[0] > measured[1] > measured[2]
    assert measured[2] < 1e-3
    # more sizes than Leduc's one bet: the tree is bigger and the button's value differs
    assert game.tree.decisions > leduc().tree.decisions


def test_leduc_with_bet_sizes_has_each_size_and_the_all_in() -> None:
    game = leduc_no_limit(stack=12, fractions=(0.5, 1.0))
    root = game.tree
    labels = [root.labels[c] for c in root.children(0)]
    # pot 2: half the pot (a bet of 1) is below the minimum bet of 2 and left out; the
    # pot-sized bet goes to 3, the all-in to 12
    assert labels == ["k", "r1", ALL_IN]
    _, tree = holdem_no_limit(betting(100), uniform(2))  # (the same rule in hold'em)
    assert tree.labels[0] == ("f", "c", "r0", "r1", ALL_IN) and tree.amounts[0] == (0, 2, 4, 6, 200)


def test_sizes_kept_per_round_give_each_round_its_own_sizes() -> None:
    """Leduc with bet sizes, the first round keeping the pot-sized bet alone and the
    second both sizes: no half-pot bet before the board card, both after it."""
    bets = Abstraction((1, 1), (0, 0), 1, 12, (0.5, 1.0), 2, per_round=((1,), (0, 1)))
    tree = bets.tree(lambda r: [(c, -1, 0) for c in "JQK"], lambda r, c: 0, lambda c: 0)
    labels = {r: set() for r in (0, 1)}
    for node in range(len(tree)):
        if int(tree.public.kind[node]) < CHANCE:
            labels[tree.street[node]] |= {lab for lab in tree.labels[node] if lab[0] == "r"}
    assert labels == {0: {"r1"}, 1: {"r0", "r1"}}
    # the root (pot 2): the pot-sized bet to 3 and the all-in; on the board after two
    # checks (pot 2 still): half the pot to 2 as well
    assert tree.labels[0] == ("k", "r1", ALL_IN) and tree.amounts[0] == (1, 3, 12)
    after_checks = tree.children[tree.children[tree.children[0][0]][0]][0]
    assert tree.labels[after_checks] == ("k", "r0", "r1", ALL_IN)
    assert tree.amounts[after_checks] == (1, 2, 3, 12)


def test_sizes_kept_per_round_are_the_same_game_as_those_sizes_alone() -> None:
    """Every round keeping only the pot-sized bet of (0.5, 1) is Leduc with the pot-sized
    bet alone: the same tree, and CFR finds the same value to the last digit; keeping
    every size in every round is the tree without ``per_round``."""
    matrices = leduc_no_limit(fractions=(1.0,)).matrices
    deal = lambda r: [(c, -1, c) for c in range(3)]  # noqa: E731
    fold, show = (lambda r, c: 0), (lambda c: 0)
    games = []
    for bets in (Abstraction((1, 1), (0, 0), 2, 12, (1.0,), 2),
                 Abstraction((1, 1), (0, 0), 2, 12, (0.5, 1.0), 2, per_round=((1,), (1,)))):
        tree = bets.tree(deal, fold, show)
        games.append(Game("g", tree.public, (6, 6), leduc_no_limit().priors, matrices))
    assert games[0].tree.decisions == games[1].tree.decisions
    values = []
    for game in games:
        solver = Solver(game)
        solver.run(50)
        values.append(solver.value())
    assert values[0] == values[1]
    both = Abstraction((1, 1), (0, 0), 2, 12, (0.5, 1.0), 2, per_round=((0, 1), (1, 0)))
    plain = Abstraction((1, 1), (0, 0), 2, 12, (0.5, 1.0), 2)
    t1, t2 = both.tree(deal, fold, show), plain.tree(deal, fold, show)
    assert (t1.labels, t1.amounts, t1.committed) == (t2.labels, t2.amounts, t2.committed)


def test_sizes_kept_per_round_are_checked() -> None:
    with pytest.raises(ValueError, match="sizes for 1 rounds, the game has 2"):
        Abstraction((1, 1), (0, 0), 2, 12, (0.5, 1.0), 2, per_round=((0,),))
    with pytest.raises(ValueError, match=r"round 2 keeps sizes \[0, 2\]: indices 0 to 1"):
        Abstraction((1, 1), (0, 0), 2, 12, (0.5, 1.0), 2, per_round=((0,), (0, 2)))
    with pytest.raises(ValueError, match="each once"):
        Abstraction((1, 1), (0, 0), 2, 12, (0.5, 1.0), 2, per_round=((0, 0), (1,)))


# ------------------------------------------------------------------ hold'em tree

OVERBETS = betting(100, (0.5, 1.0, 1.5), 3, ((0, 1), (0, 1), (0, 1, 2), (0, 1, 2)))
"""Half the pot and the pot every round, 1.5 pots as well on the turn and river."""


def test_the_overbet_is_on_the_turn_and_river_only() -> None:
    _, tree = holdem_no_limit(OVERBETS, uniform(2))
    assert tree.labels[0] == ("f", "c", "r0", "r1", ALL_IN)  # pre-flop as before
    # the button limps (to 2), the big blind checks: pot 4 on the flop
    flop = tree.children[tree.children[tree.children[0][1]][0]][0]
    assert tree.street[flop] == 1 and tree.labels[flop] == ("k", "r0", "r1", ALL_IN)
    turn = tree.children[tree.children[tree.children[flop][0]][0]][0]
    # checked through: pot 4, bets to 2 + 2, 2 + 4, 2 + 6 and all-in
    assert tree.street[turn] == 2 and tree.labels[turn] == ("k", "r0", "r1", "r2", ALL_IN)
    assert tree.amounts[turn] == (2, 4, 6, 8, 200)
    river = tree.children[tree.children[tree.children[turn][0]][0]][0]
    assert tree.street[river] == 3 and tree.amounts[river] == (2, 4, 6, 8, 200)
    streets = {tree.street[n] for n in range(len(tree)) if "r2" in tree.labels[n]}
    assert streets == {2, 3}


def _paths(depth: int, count: int, seed: int, bets: Abstraction | None = None
           ) -> list[list[int]]:  # fmt: skip
    """Random paths from the root of the no-limit hold'em tree to a terminal."""
    _, tree = holdem_no_limit(bets or betting(depth), uniform(2))
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        node, path = 0, []
        while int(tree.public.kind[node]) != TERMINAL:
            kids = tree.children[node]
            pick = rng.randrange(len(kids))
            path.append(node * 100 + pick)
            node = kids[pick]
        out.append(path)
    return out


@pytest.mark.parametrize(("depth", "overbets"), [(100, False), (200, False), (100, True)])
def test_every_action_of_the_tree_is_legal_in_the_engine(depth: int, overbets: bool) -> None:
    """Random paths through the tree replayed on the engine (blinds 1 and 2, stacks of
    2 × depth): each action is legal there and leaves the chips the tree says."""
    bets = OVERBETS if overbets else betting(depth)
    _, tree = holdem_no_limit(bets, uniform(2))
    rules = Rules.preset("no-limit", blinds=(1, 2), buy_in=2 * depth)
    kinds = {"f": ActionKind.FOLD, "k": ActionKind.CHECK, "c": ActionKind.CALL}
    for path in _paths(depth, 150, seed=depth + overbets, bets=bets):
        hand = Hand(rules, [2 * depth] * 2, button=0, rng=random.Random(1))
        for step in path:
            node, pick = divmod(step, 100)
            if int(tree.public.kind[node]) == CHANCE:
                continue
            label = tree.labels[node][pick]
            assert hand.to_act == int(tree.public.kind[node])  # the button is player 0
            legal = hand.legal_actions()
            if label in kinds:
                assert kinds[label] in legal.kinds, (label, str(legal))
                hand.act(kinds[label])
            else:
                to = tree.amounts[node][pick] - (hand.committed[hand.to_act]
                                                 - hand.bets[hand.to_act])  # fmt: skip
                assert legal.min_to <= to <= legal.max_to, (label, to, str(legal))
                kind = ActionKind.BET if ActionKind.BET in legal.kinds else ActionKind.RAISE
                hand.act(kind, to)
            child = tree.children[node][pick]
            assert tuple(hand.committed) == tree.committed[child] or hand.is_over


def test_the_tree_offers_fold_only_facing_a_bet_and_always_the_all_in() -> None:
    _, tree = holdem_no_limit(betting(100), uniform(2))
    for node in range(len(tree)):
        if int(tree.public.kind[node]) >= CHANCE:
            continue
        labels = tree.labels[node]
        p = int(tree.public.kind[node])
        c = tree.committed[node]
        assert ("f" in labels) == (c[1 - p] > c[p])
        if c[1 - p] < 200:
            assert labels[-1] == ALL_IN and tree.amounts[node][-1] == 200


# ------------------------------------------------------------------ strategy files


def test_a_strategy_file_reads_back_every_decision_as_written(tmp_path: Path) -> None:
    cards = uniform(2)
    game, _ = holdem_no_limit(betting(10), cards)
    solver = Solver(game)
    solver.run(3)
    made = NoLimitStrategy.from_solver(10, (0.5, 1.0), 3, abstraction=cards, solver=solver,
                                       history=((3, 1.0, 0.1),))  # fmt: skip
    made.save(tmp_path / "s.npz")
    back = NoLimitStrategy.load(tmp_path / "s.npz")
    average = solver.average()
    for r in range(4):
        assert np.array_equal(back.probabilities[r], average[r].astype(np.float16))
    assert back.written == made.written == (made.tree_digest(), made.digest())
    assert back.digest() == back.written[1]
    assert (back.depth, back.iterations, back.history) == (10, 3, ((3, 1.0, 0.1),))
    assert back.per_round == ()


def test_a_strategy_with_sizes_per_round_reads_back_its_tree(tmp_path: Path) -> None:
    cards = uniform(2)
    kept = ((0, 1), (0, 1), (0, 1, 2), (0, 1, 2))
    game, tree = holdem_no_limit(betting(10, (0.5, 1.0, 1.5), 3, kept), cards)
    solver = Solver(game)
    solver.run(2)
    made = NoLimitStrategy.from_solver(10, (0.5, 1.0, 1.5), 3, abstraction=cards,
                                       solver=solver, history=((2, 1.0, 0.1),),
                                       per_round=kept)  # fmt: skip
    made.save(tmp_path / "s.npz")
    back = NoLimitStrategy.load(tmp_path / "s.npz")
    assert back.per_round == kept and back.fractions == (0.5, 1.0, 1.5)
    assert back.tree_digest() == back.written[0] == made.tree_digest()
    assert back.tree()[0].labels == tree.labels
    assert back.digest() == back.written[1]
    # without the sizes per round the tree grown again is another: the digest says so
    plain = NoLimitStrategy.from_solver(10, (0.5, 1.0, 1.5), 3, abstraction=cards,
                                        solver=solver, history=())  # fmt: skip
    assert plain.tree_digest() != made.tree_digest()


@pytest.mark.parametrize("depth", DEPTHS)
def test_the_shipped_strategies_read_back_as_the_solver_wrote_them(depth: int) -> None:
    strategy = NoLimitStrategy.load(shipped_no_limit(depth))
    assert strategy.depth == depth
    tree_digest, probs_digest = strategy.written
    assert strategy.tree_digest() == tree_digest  # the tree grown again is the one solved
    assert strategy.digest() == probs_digest  # every probability as the solver wrote it
    _, sweeps = strategy.tree()
    assert shipped_no_limit(depth).stat().st_size < 50e6
    for r, p in enumerate(strategy.probabilities):
        assert p.shape == (sweeps.decision_counts[r], sweeps.width, strategy.abstraction.sizes[r])
        sums = p.astype(np.float64).sum(axis=1)
        assert np.allclose(sums, 1.0, atol=5e-3)  # a distribution at every decision
        assert not np.any(p[~sweeps.action_mask[r]])  # nothing on actions a node lacks
    assert strategy.history and strategy.iterations == strategy.history[-1][0]


# ------------------------------------------------------------------ playing


def _play(bot: CFRBot, rules: Rules, stacks: list[int], hands: int) -> None:
    rng = random.Random(5)
    for h in range(hands):
        hand = Hand(rules, list(stacks), button=h % len(stacks), rng=random.Random(h))
        while not hand.is_over and hand.to_act is not None:
            seat = hand.to_act
            view = hand.view(seat)
            legal = view.legal
            assert legal is not None
            if ActionKind.SHOW in legal.kinds:
                hand.act(ActionKind.SHOW)
                continue
            if seat == 0:
                action = bot.act(view, 1.0)
                hand.act(action.kind, action.amount)
                continue
            kind = rng.choice(legal.kinds)
            big = kind in (ActionKind.BET, ActionKind.RAISE)
            hand.act(kind, rng.randint(legal.min_to, legal.max_to) if big else None)


def test_cfr_plays_heads_up_no_limit_from_the_strategy() -> None:
    bot = CFRBot(seed=1)
    _play(bot, Rules.preset("no-limit", buy_in=600), [600, 600], 30)  # 150 big blinds
    assert bot.played > 30
    assert bot.notes[0].endswith("from the CFR strategy for heads-up no limit")


def test_cfr_defers_elsewhere_and_says_why() -> None:
    bot = CFRBot(seed=1)
    _play(bot, Rules.preset("no-limit", buy_in=4000), [4000, 4000], 3)  # 1,000 big blinds
    _play(bot, Rules.preset("no-limit"), [1000] * 3, 3)
    assert bot.played == 0
    reasons = " ".join(bot.notes)
    assert "effective stack outside 100 to 200 big blinds" in reasons
    assert "3 players" in reasons


def _first_read(policy: NoLimitPolicy, deal: int, *raises: int) -> tuple[str, ...]:
    """The labels the policy reads the raises of a 100-big-blind hand as (blinds 1/2)."""
    rules = Rules.preset("no-limit", blinds=(1, 2), buy_in=2 * DEPTHS[0])
    hand = Hand(rules, [2 * DEPTHS[0]] * 2, button=0, rng=random.Random(deal))
    for to in raises:
        hand.act(ActionKind.RAISE, to)
    played, node, _ = policy.locate(hand.view(hand.to_act or 0))
    tree = played.tree
    path = []
    while node:
        parent = int(tree.public.parent[node])
        path.append(tree.labels[parent][tree.children[parent].index(node)])
        node = parent
    return tuple(reversed(path))


@pytest.fixture(scope="module")
def policy100() -> NoLimitPolicy:
    return NoLimitPolicy([NoLimitStrategy.load(shipped_no_limit(DEPTHS[0]))])


def test_an_off_tree_bet_is_read_the_same_way_all_hand(policy100: NoLimitPolicy) -> None:
    # to 5: 0.75 pots, between the half-pot raise (to 4) and the pot-sized one (to 6)
    first = _first_read(policy100, 3, 5)
    assert first in (("r0",), ("r1",))
    assert all(_first_read(policy100, 3, 5) == first for _ in range(5))  # read the same way
    reads = set()
    for salt in range(30):
        policy100.salt = str(salt)
        reads.add(_first_read(policy100, 3, 5))
    policy100.salt = ""
    assert reads == {("r0",), ("r1",)}  # randomised: f = 0.25 × 1.5 / (0.5 × 1.75) ≈ 0.43


def test_the_same_off_tree_bet_in_other_hands_is_read_with_the_formulas_mix(
    policy100: NoLimitPolicy,
) -> None:
    # The draw of one hand must not decide every hand with the same betting: over many
    # deals, a raise to 0.75 pots is read as the half-pot raise with the pseudo-harmonic
    # probability.
    deals = 400
    halves = sum(_first_read(policy100, deal, 5) == ("r0",) for deal in range(deals))
    p = pseudo_harmonic(0.75, 0.5, 1.0)
    assert p == pytest.approx(0.25 * 1.5 / (0.5 * 1.75))
    assert abs(halves - deals * p) < 4 * (deals * p * (1 - p)) ** 0.5


def test_a_raise_far_from_all_in_is_never_read_as_the_all_in(
    policy100: NoLimitPolicy,
) -> None:
    # to 7: 1.25 pots, between the pot raise (to 6) and the all-in (to 200, 49.5 pots);
    # the formula alone reads about one in nine as the all-in, but it puts in 7 of 200
    for deal in range(100):
        assert _first_read(policy100, deal, 7) == ("r1",)
    # to 120 (more than half the stack): the formula's mix, nearly always the all-in
    p = pseudo_harmonic((120 - 2) / 4, 1.0, (200 - 2) / 4)
    assert p == pytest.approx(20 * 2 / (48.5 * 30.5))
    reads = [_first_read(policy100, deal, 120) for deal in range(100)]
    assert set(reads) <= {("r1",), (ALL_IN,)} and reads.count((ALL_IN,)) >= 90
    # after three raises only the all-in is left: a raise to 90 (of 200) is read as it
    assert _first_read(policy100, 1, 6, 18, 54, 90) == ("r1", "r1", "r1", ALL_IN)


def test_views_outside_the_strategy_are_refused_with_a_reason() -> None:
    policy = NoLimitPolicy([NoLimitStrategy.load(shipped_no_limit(DEPTHS[0]))])
    limit = Hand(Rules.preset("casino-limit"), [200, 200], rng=random.Random(1))
    with pytest.raises(OutsideStrategy, match="fixed-limit"):
        policy.locate(limit.view(limit.to_act or 0))


# ------------------------------------------------------------------ the command


def test_solve_holdem_nl_with_sizes_per_round(tmp_path: Path) -> None:
    out = tmp_path / "nl.npz"
    assert main(["solve", "--game", "holdem-nl", "--depth", "4", "--iterations", "2",
                 "--every", "2", "--bet-sizes", "1/1/0.5,1/1,0.5,1.5", "--out", str(out)]) == 0
    strategy = NoLimitStrategy.load(out)
    # the fractions in order of first appearance, each round's indices into them (a set)
    assert strategy.fractions == (1.0, 0.5, 1.5)
    assert strategy.per_round == ((0,), (0,), (0, 1), (0, 1, 2))
    assert strategy.tree_digest() == strategy.written[0]
    assert main(["solve", "--game", "holdem-nl", "--depth", "4", "--iterations", "2",
                 "--every", "2", "--bet-sizes", "1,0.5", "--out", str(out)]) == 0
    strategy = NoLimitStrategy.load(out)
    assert (strategy.fractions, strategy.per_round) == ((1.0, 0.5), ())


def test_solve_holdem_nl_checkpoints_resumes_and_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, ckpt = tmp_path / "nl.npz", tmp_path / "nl.ckpt.npz"
    common = ["solve", "--game", "holdem-nl", "--depth", "4", "--every", "2", "--out", str(out),
              "--checkpoint", str(ckpt)]  # fmt: skip
    assert main([*common, "--iterations", "2"]) == 0
    assert ckpt.is_file() and "resumed" not in capsys.readouterr().out
    assert main([*common, "--iterations", "4"]) == 0
    printed = capsys.readouterr().out
    assert "resumed from" in printed and "at 2 iterations" in printed
    strategy = NoLimitStrategy.load(out)
    assert strategy.iterations == 4 and [i for i, _, _ in strategy.history] == [2, 4]
    # the same four iterations in one go give the same strategy, decision for decision
    game, _ = holdem_no_limit(betting(4), strategy.abstraction)
    solver = Solver(game)
    solver.run(4)
    for r, p in enumerate(solver.average()):
        assert np.array_equal(strategy.probabilities[r], p.astype(np.float16))


def test_solve_leduc_nl(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--game", "leduc-nl", "--iterations", "200", "--every", "100"]) == 0
    assert "Leduc hold'em with bet sizes, dcfr" in capsys.readouterr().out


def test_checkpoint_only_for_holdem_nl(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:  # fmt: skip
    assert main(["solve", "--game", "kuhn", "--checkpoint", str(tmp_path / "c.npz")]) == 2
    assert "--checkpoint is for hold'em (holdem, holdem-nl), not --game kuhn" in (
        capsys.readouterr().err
    )
