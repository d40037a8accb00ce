"""Local best response (LBR): a player that measures how much a heads-up fixed-limit or
no-limit player can be beaten, in the real game.

* :mod:`~pokerroom.players.lbr.bot`: :class:`LocalBestResponse`, the player, and how it
  values its actions;
* :mod:`~pokerroom.players.lbr.models`: what it knows of its opponent (a solved
  strategy exactly, or any bot as a black box);
* :mod:`~pokerroom.players.lbr.nolimit`: the no-limit ``cfr`` bot's strategies, read
  exactly.

It plays against a :class:`~pokerroom.solver.policy.Policy` from the solver or against
any player, so it sits with the players, above the solver (the solver imports no
player).  ``pokerroom lbr`` plays it in duplicate matches
(:mod:`pokerroom.tournament.lbr`).
"""

from __future__ import annotations

from pokerroom.players.lbr.bot import (
    POT,
    AlwaysFold,
    LocalBestResponse,
    Showdowns,
    action_values,
    lbr_actions,
)
from pokerroom.players.lbr.models import (
    RangeModel,
    SampledRange,
    StrategyRange,
    Uniform,
    Watched,
    replay_public,
)
from pokerroom.players.lbr.nolimit import NoLimitRange

__all__ = [
    "POT",
    "AlwaysFold",
    "LocalBestResponse",
    "NoLimitRange",
    "RangeModel",
    "SampledRange",
    "Showdowns",
    "StrategyRange",
    "Uniform",
    "Watched",
    "action_values",
    "lbr_actions",
    "replay_public",
]
