"""A fingerprint of the PettingZoo environment's behaviour: random agents play it under
several seeds, 2, 3 and 6 players, fixed limit and no limit (one-hand episodes and
freeze-outs), and every ``last()``, every ``observe()`` of every live agent, every
reward, termination, truncation and info (a view by its text) goes into one hash.

Run: ``python tools/env_fingerprint.py`` (prints the hash and the steps taken).  A change
that means to leave the environment's behaviour alone must leave the hash unchanged.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from pokerroom.envs import HoldemAECEnv

CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("casino-limit", {}),
    ("casino-limit", {"view_in_info": True}),
    ("casino-limit", {"stacks": 30, "reset_stacks": False}),
    ("no-limit", {"stacks": 200}),
    ("no-limit", {"stacks": 60, "reset_stacks": False, "hands": 40}),
    ("no-limit", {"amounts": "exact"}),
)
PLAYERS = (2, 3, 6)
SEEDS = (1, 2, 3)
EPISODES = 25


def _feed(digest: Any, value: Any) -> None:
    """Hash ``value`` (arrays by dtype, shape and bytes; dicts in key order)."""
    if isinstance(value, np.ndarray):
        digest.update(f"{value.dtype}{value.shape}".encode())
        digest.update(value.tobytes())
    elif isinstance(value, dict):
        digest.update(b"{")
        for key in value:  # (insertion order is behaviour too)
            digest.update(repr(key).encode())
            _feed(digest, value[key])
        digest.update(b"}")
    elif isinstance(value, tuple | list):
        digest.update(b"(")
        for item in value:
            _feed(digest, item)
        digest.update(b")")
    else:
        digest.update(repr(value).encode())


def play(rules: str, players: int, seed: int, settings: dict[str, Any], digest: Any) -> int:
    """Random episodes on one environment; returns the steps taken."""
    env = HoldemAECEnv(rules, players=players, **settings)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = 0
    for _ in range(EPISODES):
        for agent in env.agent_iter(max_iter=5000):
            obs, reward, terminated, truncated, info = env.last()
            _feed(digest, (agent, obs, reward, terminated, truncated, info))
            if steps % 3 == 0:  # every live agent's observation, now and then
                for other in env.agents:
                    _feed(digest, (other, env.observe(other)))
            _feed(digest, (env.rewards, env.terminations, env.truncations,
                           env._cumulative_rewards, env.agents))  # fmt: skip
            if terminated or truncated:
                action: Any = None
            elif env.choices.exact:
                legal = np.flatnonzero(obs["action_mask"])
                action = (int(legal[rng.integers(len(legal))]),
                          np.array([rng.random()], dtype=np.float32))  # fmt: skip
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.integers(len(legal))])
                if rng.random() < 0.02:  # an illegal choice now and then
                    action = env.choices.n
            env.step(action)
            steps += 1
        _feed(digest, ("end", env.rewards, env._cumulative_rewards, env.agents))
        env.reset(seed=seed * 1000 + steps if steps % 7 == 0 else None)
    return steps


def main() -> None:
    digest = hashlib.sha256()
    steps = 0
    for rules, settings in CASES:
        for players in PLAYERS:
            for seed in SEEDS:
                steps += play(rules, players, seed, settings, digest)
    print(digest.hexdigest(), steps)


if __name__ == "__main__":
    main()
