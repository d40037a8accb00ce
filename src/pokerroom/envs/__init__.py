"""Environments for learning agents, over the real rules: a Gymnasium environment (one
learning seat, :class:`HoldemEnv`) and a PettingZoo AEC environment (every seat an agent,
:class:`HoldemAECEnv`), for any :class:`~pokerroom.rules.Rules`.

They need the optional extra ``rl`` (``pip install 'pokerroom[rl]'``: Gymnasium and
PettingZoo).  Importing this package registers the Gymnasium names:

=================================  ====================================================
``pokerroom/HoldemNL-v0``          no limit (preset ``no-limit``: blinds 2/4, 250 big
                                   blinds), heads-up against ``rule-based``
``pokerroom/HoldemPotLimit-v0``    the same, pot limit
``pokerroom/HoldemLimit-v0``       fixed limit 2/4 (preset ``casino-limit``)
``pokerroom/HoldemTournament-v0``  001's computer tournament (preset
                                   ``computer-tournament``): a freeze-out
=================================  ====================================================

Every setting of :class:`HoldemEnv` can be passed on:
``gymnasium.make("pokerroom/HoldemNL-v0", players=6, opponents="random")``.

>>> import gymnasium
>>> env = gymnasium.make("pokerroom/HoldemLimit-v0")
>>> env.action_space, env.unwrapped.choices.labels
(Discrete(3), ('fold', 'check/call', 'bet max'))
"""

from __future__ import annotations

try:
    import gymnasium
    import pettingzoo  # noqa: F401 - needed by the AEC environment
except ImportError as exc:  # pragma: no cover - the extra is installed for the tests
    raise ImportError(
        f"pokerroom.envs needs Gymnasium and PettingZoo ({exc}): pip install 'pokerroom[rl]'"
    ) from exc

from pokerroom.envs.aec import HoldemAECEnv
from pokerroom.envs.choices import ActionChoices
from pokerroom.envs.game import EnvError
from pokerroom.envs.observation import BettingRecord, ObservationLayout
from pokerroom.envs.single import HoldemEnv
from pokerroom.rules import Rules

__all__ = [
    "ENV_IDS",
    "ActionChoices",
    "BettingRecord",
    "EnvError",
    "HoldemAECEnv",
    "HoldemEnv",
    "ObservationLayout",
]

_SINGLE = "pokerroom.envs.single:HoldemEnv"

ENV_IDS: dict[str, dict[str, object]] = {
    "pokerroom/HoldemNL-v0": {"rules": "no-limit"},
    "pokerroom/HoldemPotLimit-v0": {"rules": Rules.preset("no-limit", structure="pot-limit")},
    "pokerroom/HoldemLimit-v0": {"rules": "casino-limit"},
    "pokerroom/HoldemTournament-v0": {"rules": "computer-tournament"},
}
"""The registered Gymnasium names and their settings."""


def _register() -> None:
    for env_id, settings in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=_SINGLE, kwargs=dict(settings))


_register()
