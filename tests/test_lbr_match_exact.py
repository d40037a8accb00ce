"""LBR's matches (``tournament/lbr.py``) with answers known in advance: which model of its
target LBR gets for each kind of target and rules, each seeded from the session's seed;
the league a match is played as; the refusals' whole texts; the abstract game's values
against the solver's own functions."""

from __future__ import annotations

import copy
import hashlib

import numpy as np
import pytest

from pokerroom.players import CFRBot
from pokerroom.players.cfr import shipped_no_limit_policy, shipped_policy
from pokerroom.players.lbr import (
    POT,
    AlwaysFold,
    LocalBestResponse,
    NoLimitRange,
    SampledRange,
    StrategyRange,
    Uniform,
    Watched,
)
from pokerroom.players.simple import RandomBot
from pokerroom.rules import Rules
from pokerroom.solver.best_response import (
    best_responses,
    game_value,
    local_best_response_value,
)
from pokerroom.solver.betting import BettingError
from pokerroom.solver.holdem import holdem_game, mbb
from pokerroom.solver.sweeps import Sweeps
from pokerroom.tournament import lbr
from pokerroom.tournament.lbr import AbstractGame, LBRMatch, abstract_game, lbr_match, lbr_pair
from pokerroom.tournament.league import League

HUNL = Rules.preset("no-limit", blinds=(50, 100), buy_in=10_000)  # 100 big blinds: solved
LIMIT = Rules.preset("casino-limit")


def blake(text: bytes) -> int:
    digest = hashlib.blake2b(text, digest_size=8, person=b"pokerroom-seed").digest()
    return int.from_bytes(digest, "big") // 2


def same_rng(made: np.random.Generator, seed: int) -> bool:
    return bool(made.random() == np.random.default_rng(seed).random())


def test_against_always_fold_lbr_knows_every_hand_folds() -> None:
    models: list[object] = []
    me, bot = lbr_pair(HUNL, "always-fold", models=models)(7)  # type: ignore[arg-type]
    assert isinstance(bot, AlwaysFold) and isinstance(me, LocalBestResponse)
    assert isinstance(me.model, Uniform) and me.model.fold == 1.0
    assert me.sizes == POT == (1.0,) and me.samples == 600 and same_rng(me._rng, 7)
    assert models == [me.model]
    me, _ = lbr_pair(HUNL, "always-fold", sizes=(0.5, 2.0))(7)
    assert me.sizes == (0.5, 2.0)


def test_against_cfr_in_no_limit_lbr_reads_its_strategies() -> None:
    models: list[object] = []
    me, bot = lbr_pair(HUNL, "cfr", sizes=(0.5,), models=models)(7)  # type: ignore[arg-type]
    assert isinstance(me.model, NoLimitRange) and me.model.policy is shipped_no_limit_policy()
    assert isinstance(bot, CFRBot) and bot.seed == 8 and me.sizes == (0.5,)
    assert same_rng(me._rng, 7) and models == [me.model]
    # 25 big blinds deep is outside the solved depths (100 to 200): a black box then
    me, bot = lbr_pair(HUNL.replace(buy_in=2_500), "cfr")(7)
    assert isinstance(me.model, SampledRange) and isinstance(bot, Watched)
    assert isinstance(bot.player, CFRBot) and bot.player.seed == 8
    # so at the edges of the depths, and beyond them
    for stack, read in ((9_999, False), (10_000, True), (20_000, True), (20_001, False)):
        me, _ = lbr_pair(HUNL.replace(buy_in=stack), "cfr")(1)
        assert isinstance(me.model, NoLimitRange) is read, stack


def test_against_cfr_in_fixed_limit_lbr_reads_its_strategy() -> None:
    me, bot = lbr_pair(LIMIT, "cfr")(3)
    assert isinstance(me.model, StrategyRange) and me.model.policy is shipped_policy("casino-limit")
    assert isinstance(bot, CFRBot) and bot.seed == 4 and same_rng(me._rng, 3)
    # a strategy given is the one read, in fixed limit and, read as fixed limit, in no limit
    policy = shipped_policy("computer-tournament")
    for rules in (LIMIT, HUNL):
        me, bot = lbr_pair(rules, "cfr", policy=policy)(3)
        assert isinstance(me.model, StrategyRange) and me.model.policy is policy
        assert isinstance(bot, CFRBot) and bot.policy is policy and bot.seed == 4


def test_against_any_other_bot_lbr_samples_a_black_box() -> None:
    models: list[object] = []
    me, bot = lbr_pair(HUNL, "random", samples=9, sizes=(0.25,),
                       models=models)(5)  # type: ignore[arg-type]  # fmt: skip
    assert isinstance(bot, Watched) and isinstance(bot.player, RandomBot)
    assert bot.player.seed == 6
    assert isinstance(me.model, SampledRange) and me.model.watched is bot
    assert me.model.samples == 9 and same_rng(me.model._rng, 5) and same_rng(me._rng, 5)
    assert me.sizes == (0.25,) and models == [me.model]
    me, _ = lbr_pair(HUNL, "random")(5)
    assert me.model.samples == 64  # type: ignore[attr-defined]
    # cfr in no limit without a strategy for its rules is a black box too
    me, bot = lbr_pair(Rules.preset("no-limit"), "cfr")(5)
    assert isinstance(me.model, SampledRange) and isinstance(bot, Watched)


def test_a_match_is_a_heads_up_duplicate_league_seeded_session_by_session(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each session's players come from ``derive(session seed, "bot", salt)``, LBR at its
    entrant's seats; the league of ``2 × deals`` hands, LBR against the target."""
    seeds: list[int] = []
    asked: list[tuple[object, ...]] = []
    real = lbr.lbr_pair

    def pair(*args: object, **kwargs: object) -> object:
        asked.append(args)
        made = real(*args, **kwargs)  # type: ignore[arg-type]

        def seeded(seed: int) -> object:
            seeds.append(seed)
            return made(seed)

        return seeded

    monkeypatch.setattr(lbr, "lbr_pair", pair)
    match = lbr_match(HUNL, "always-fold", deals=3, seed=4)
    league = League(HUNL, ("measured", "other"), ("LBR", "always-fold"), hands=6, seed=4,
                    field=False)  # fmt: skip
    assert seeds == [blake(f"{t.seed}/sbot/i{t.bot_salt}".encode()) for t in league.tasks()]
    assert match == LBRMatch("always-fold", 3, match.result, 0, 0, None)
    assert match.result.value == 750 and match.result.n == 3 and match.result.half_width == 0
    # the black box's samples (64 unless told), the strategy and the sizes passed on
    assert asked == [(HUNL.replace(players=2), "always-fold", 64, None, POT)]
    policy = shipped_policy("casino-limit")
    lbr_match(HUNL, "always-fold", deals=1, seed=4, samples=5, policy=policy, sizes=(0.5,))
    assert asked[1] == (HUNL.replace(players=2), "always-fold", 5, policy, (0.5,))


def test_a_match_is_played_heads_up_whatever_the_rules_seat() -> None:
    match = lbr_match(LIMIT.replace(players=3), "always-fold", deals=1, seed=1)
    assert match.result.value == 750 and match.deals == 1 and match.target == "always-fold"


def test_a_match_against_cfr_in_no_limit_counts_its_reads() -> None:
    match = lbr_match(HUNL, "cfr", deals=2, seed=1)
    assert match.read > 0 and match.plain is None
    corrected = lbr_match(HUNL, "cfr", deals=2, seed=1, aivat=True)
    assert corrected.plain == match.result and corrected.read == match.read
    assert corrected.outside == match.outside


@pytest.mark.parametrize("rules", [Rules.preset("no-limit", wild="2"),
                                   Rules.preset("no-limit", min_hole_cards=1)])
def test_what_lbr_cannot_value_is_refused_in_full(rules: Rules) -> None:
    with pytest.raises(BettingError) as caught:
        lbr_match(rules, "random", deals=1, seed=1)
    assert str(caught.value) == ("LBR values showdowns of plain hold'em: no wild cards, no "
                                 "min_hole_cards")  # fmt: skip


@pytest.mark.parametrize("preset", ["casino-limit", "computer-tournament"])
def test_the_abstract_game_is_the_solvers_values_in_mbb(preset: str) -> None:
    strategy = shipped_policy(preset).strategy
    sweeps = Sweeps(holdem_game(strategy.tree, strategy.abstraction))
    probabilities = strategy.for_solver(sweeps)
    br = best_responses(sweeps, probabilities)
    local = [local_best_response_value(sweeps, probabilities, p) for p in (0, 1)]
    tree = strategy.tree
    assert abstract_game(preset) == AbstractGame(
        iterations=strategy.iterations, buckets=tuple(strategy.abstraction.sizes),
        value=mbb(game_value(sweeps, probabilities), tree),
        best_response=(mbb(br[0], tree), mbb(br[1], tree)),
        local_best_response=(mbb(local[0], tree), mbb(local[1], tree)))  # fmt: skip
    got = abstract_game(preset)
    assert got.best_response[0] != got.best_response[1]
    assert got.local_best_response[0] != got.local_best_response[1]


def test_a_no_limit_strategy_given_is_the_one_read_and_no_blinds_read_none() -> None:
    given = copy.copy(shipped_no_limit_policy())
    me, bot = lbr_pair(HUNL, "cfr", policy=given)(7)
    assert isinstance(me.model, NoLimitRange) and me.model.policy is given
    assert isinstance(bot, CFRBot) and bot.policy is given
    # no blinds at all: no big blind to measure the stacks by, so no strategy to read
    for stack in (1_000, 150):
        me, bot = lbr_pair(Rules.preset("no-limit", blinds=(), buy_in=stack), "cfr")(7)
        assert isinstance(me.model, SampledRange) and isinstance(bot, Watched)
    # a big blind of 1: 150 chips are 150 big blinds, a solved depth
    me, _ = lbr_pair(Rules.preset("no-limit", blinds=(1, 1), buy_in=150), "cfr")(7)
    assert isinstance(me.model, NoLimitRange)
