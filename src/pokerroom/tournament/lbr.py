"""Local best response (:mod:`pokerroom.players.lbr`) against a bot, as a duplicate match.

LBR's matches are played as a ``pokerroom league`` plays a heads-up match: in duplicate
(every deal played twice, the seats swapped, the same cards), stacks reset every hand, in
sessions of fresh players, scored over duplicate sets with Student's t interval.  Only the
players are built here, since LBR needs a model of its target (its strategy, or samples
of what the target would do with other cards), which no bot name describes.
:func:`abstract_game` gives the shipped strategy's best response and local best response
in its own abstract game (exact, in a second).  ``pokerroom lbr`` prints both.

>>> from pokerroom.rules import Rules
>>> rules = Rules.preset("casino-limit")
>>> match = lbr_match(rules, "calling-station", deals=2, seed=1)
>>> match.deals, match.result.n
(2, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pokerroom.players import CFRBot, Player, make_player
from pokerroom.players.cfr import shipped_no_limit_policy, shipped_policy, strategy_for
from pokerroom.players.lbr import (
    POT,
    AlwaysFold,
    LocalBestResponse,
    NoLimitRange,
    RangeModel,
    SampledRange,
    StrategyRange,
    Uniform,
    Watched,
)
from pokerroom.rules import Rules, Structure
from pokerroom.solver.best_response import (
    best_responses,
    game_value,
    local_best_response_value,
)
from pokerroom.solver.betting import BettingError, betting_tree
from pokerroom.solver.holdem import holdem_game, mbb
from pokerroom.solver.nlpolicy import NoLimitPolicy, no_limit_problem
from pokerroom.solver.policy import Policy
from pokerroom.solver.sweeps import Sweeps
from pokerroom.tournament.games import GameTask, play
from pokerroom.tournament.league import League
from pokerroom.tournament.seeds import derive
from pokerroom.tournament.stats import Estimate

__all__ = ["AbstractGame", "LBRMatch", "Pair", "abstract_game", "lbr_match", "lbr_pair"]

Pair = Callable[[int], tuple[Player, Player]]
"""Fresh players for a session from its seed: LBR first, then its opponent."""


def lbr_pair(
    rules: Rules,
    target: str,
    samples: int = 64,
    policy: Policy | NoLimitPolicy | None = None,
    sizes: Sequence[float] = POT,
    *,
    models: list[RangeModel] | None = None,
) -> Pair:
    """LBR against the bot named ``target``: from its strategy when it is ``cfr`` on rules
    a strategy plays (``policy``, else the shipped one: fixed limit, or heads-up no limit
    with stacks the no-limit strategies are solved for), exactly for ``always-fold``
    (any hand, folding to every bet), else as a black box whose range is ``samples``
    hands a deal.  In no limit LBR bets ``sizes`` of the pot and all-in.  Each model
    made is appended to ``models`` (to count what it read)."""
    no_limit = _no_limit_policy(rules, policy) if target == "cfr" else None

    def pair(seed: int) -> tuple[Player, Player]:
        made = _pair(rules, target, seed, samples=samples, policy=policy, sizes=sizes,
                     no_limit=no_limit)  # fmt: skip
        if models is not None:
            models.append(made[0].model)
        return made

    return pair


def _no_limit_policy(rules: Rules, policy: Policy | NoLimitPolicy | None) -> NoLimitPolicy | None:
    """The no-limit strategies ``cfr`` plays all of a heads-up hand of ``rules`` from
    (every hand starts with the stacks of the buy-in), or None."""
    if isinstance(policy, Policy) or no_limit_problem(rules) is not None:
        return None
    played = policy if policy is not None else shipped_no_limit_policy()
    big = max(rules.blinds[:2]) if rules.blinds else 0
    if big <= 0 or rules.buy_in is None or played.nearest(rules.buy_in / big) is None:
        return None
    return played


def _pair(rules: Rules, target: str, seed: int, *, samples: int,
          policy: Policy | NoLimitPolicy | None, sizes: Sequence[float],
          no_limit: NoLimitPolicy | None) -> tuple[LocalBestResponse, Player]:  # fmt: skip
    if target == AlwaysFold.name:
        return LocalBestResponse(Uniform(folds=1.0), seed=seed, sizes=sizes), AlwaysFold()
    if target == "cfr":
        bot: Player = (CFRBot(seed=seed + 1, policy=policy) if policy is not None
                       else make_player("cfr", seed=seed + 1))  # fmt: skip
    else:
        bot = make_player(target, seed=seed + 1)
    if no_limit is not None:
        return LocalBestResponse(NoLimitRange(no_limit), seed=seed, sizes=sizes), bot
    preset = strategy_for(rules)
    if target == "cfr" and (isinstance(policy, Policy) or preset is not None):
        played = policy if isinstance(policy, Policy) else shipped_policy(str(preset))
        return LocalBestResponse(StrategyRange(played), seed=seed), bot
    watched = Watched(bot)
    model = SampledRange(watched, samples=samples, seed=seed)
    return LocalBestResponse(model, seed=seed, sizes=sizes), watched


@dataclass(frozen=True, slots=True)
class LBRMatch:
    """What LBR won against ``target`` (mbb/hand, with its interval over duplicate sets).
    Against the no-limit ``cfr`` read exactly: the opponent's decisions read from its
    strategies (``read``), and its decisions and answers to LBR's bets left to its
    fallback (``outside``; see :mod:`pokerroom.players.lbr.nolimit`)."""

    target: str
    deals: int
    result: Estimate
    read: int = 0
    outside: int = 0
    plain: Estimate | None = None
    """With AIVAT: the plain duplicate result (``result`` is then the corrected one)."""


def lbr_match(
    rules: Rules,
    target: str,
    *,
    deals: int,
    seed: int,
    samples: int = 64,
    policy: Policy | NoLimitPolicy | None = None,
    sizes: Sequence[float] = POT,
    aivat: bool = False,
) -> LBRMatch:
    """A heads-up duplicate match of ``deals`` deals between LBR and ``target``, played and
    scored by :class:`~pokerroom.tournament.League`.  Fixed-limit rules with no heads-up
    betting tree are refused (:class:`~pokerroom.solver.betting.BettingError`) before any
    play; in no limit (and pot limit) LBR bets ``sizes`` of the pot and all-in.  With
    ``aivat`` each hand's chips are corrected for the luck of the cards, and of the
    target's draws where its strategy is known (the league's
    :mod:`~pokerroom.tournament.aivat`: the same expectation, unbiased; LBR itself draws
    nothing)."""
    rules = rules.replace(players=2)
    if rules.structure is Structure.FIXED_LIMIT:
        betting_tree(rules)  # the heads-up fixed-limit game a strategy is solved for
    if rules.wild is not None or rules.min_hole_cards:
        raise BettingError("LBR values showdowns of plain hold'em: no wild cards, no "
                           "min_hole_cards")  # fmt: skip
    models: list[RangeModel] = []
    pair = lbr_pair(rules, target, samples, policy, sizes, models=models)
    league = League(rules, ("measured", "other"), ("LBR", target), hands=2 * deals, seed=seed,
                    field=False, aivat=aivat)  # fmt: skip

    def build(task: GameTask) -> list[Player]:
        made = pair(derive(task.seed, "bot", task.bot_salt))
        return [made[entrant] for entrant in task.entrants]

    records = [play(task, build=build) for task in league.tasks()]
    exact = [m for m in models if isinstance(m, NoLimitRange)]
    results = league.results(records)
    return LBRMatch(target, deals, results.heads_up(0, 1), sum(m.read for m in exact),
                    sum(m.outside for m in exact), results.plain_heads_up(0, 1))  # fmt: skip


@dataclass(frozen=True, slots=True)
class AbstractGame:
    """The shipped strategy in its own abstract game, in mbb/hand: the value for the
    button, and each seat's best response and local best response (button, big blind)."""

    iterations: int
    buckets: tuple[int, ...]
    value: float
    best_response: tuple[float, float]
    local_best_response: tuple[float, float]


def abstract_game(preset: str) -> AbstractGame:
    """The strategy shipped for ``preset`` measured exactly in its own abstract game."""
    strategy = shipped_policy(preset).strategy
    sweeps = Sweeps(holdem_game(strategy.tree, strategy.abstraction))
    probabilities = strategy.for_solver(sweeps)
    br = best_responses(sweeps, probabilities)
    lbr = [local_best_response_value(sweeps, probabilities, p) for p in (0, 1)]

    def pair(values: list[float] | tuple[float, ...]) -> tuple[float, float]:
        return (mbb(values[0], strategy.tree), mbb(values[1], strategy.tree))

    return AbstractGame(
        iterations=strategy.iterations,
        buckets=tuple(strategy.abstraction.sizes),
        value=mbb(game_value(sweeps, probabilities), strategy.tree),
        best_response=pair(list(br)),
        local_best_response=pair(lbr),
    )
