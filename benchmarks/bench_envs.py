"""Environment steps per second: pokerroom's PettingZoo environment against PettingZoo's
own hold'em environments (RLCard underneath), on the same random agents, in one run.

Run: ``python benchmarks/bench_envs.py`` (a few minutes; ``--quick`` for a short run).

Every environment is driven by the same loop, PettingZoo's: ``for agent in
env.agent_iter(): obs, reward, terminated, truncated, info = env.last(); env.step(a)``,
where the agent picks uniformly among the choices its ``action_mask`` allows (``None``
once terminated).  An episode is one hand, as in PettingZoo's classic environments, and
a step is every call of ``env.step`` (the agents' closing ``None`` steps included, which
both kinds of environment take).

* no limit: PettingZoo's ``texas_holdem_no_limit_v6`` (RLCard: 100 chips, blinds 1/2, so
  50 big blinds; fold, check/call, half pot, pot, all-in) against
  :class:`~pokerroom.envs.HoldemAECEnv` under the ``no-limit`` preset (blinds 2/4) with
  200-chip stacks and the same five choices (``bet_sizes=(0.5, 1.0)``, the default).
* fixed limit: PettingZoo's ``texas_holdem_v4`` (RLCard: blinds 1/2, bets 2/4, four bets a
  round) against ``casino-limit`` (blinds 1/2, bets 2/4, a bet and three raises).

* no limit, as well: OpenSpiel's ``universal_poker`` (C++) through its own environment,
  ``open_spiel.python.rl_environment.Environment`` (the information-state vector of
  every player and the legal actions at each step, the deal played inside), blinds 2/4,
  200-chip stacks and its ``fchpa`` choices (fold, check/call, half pot, pot, all-in: the
  same five).  Its loop is its own: ``time_step = env.step([a])`` until
  ``time_step.last()``; it takes no closing steps, so it makes fewer steps a hand than
  the PettingZoo loop: its ratio is of hands/s.  (Its fixed-limit game is left
  out: ``universal_poker`` does not load a limit game of more than four players.)

pokerroom is timed twice: as it comes (the observation vector and the mask, which is all
PettingZoo's environments give) and with ``view_in_info=True`` (each ``info`` also holds
the agent's complete :class:`~pokerroom.engine.PlayerView`).  PettingZoo's are
its ``raw_env`` (without the order-enforcing and illegal-move wrappers that ``env()``
adds, which would only slow them down).

Then the Gymnasium environment, :class:`~pokerroom.envs.HoldemEnv`: one random agent
against ``random`` bots (agent steps per second; each includes the bots' decisions).

A timing is CPU time of this process, the best of several rounds interleaved between the
environments.  The output ends with markdown tables for the README.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pokerroom.envs import HoldemAECEnv, HoldemEnv

Run = Callable[[int, int, np.random.Generator], int]  # (players, steps, rng) -> hands


@dataclass
class Contender:
    name: str
    structure: str  # "no limit" or "fixed limit"
    run: Run
    ours: bool = False
    by_hands: bool = False  # steps are not PettingZoo's: compare hands/s
    rates: dict[int, float] = field(default_factory=dict)  # players -> best steps/s
    hands: dict[int, float] = field(default_factory=dict)  # players -> hands/s then


def pick(mask: Any, rng: np.random.Generator) -> int:
    """A uniform choice among the mask's legal ones (the agent of every environment)."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


def aec_loop(make: Callable[[int], Any]) -> Run:
    """PettingZoo's loop over one-hand episodes, for ``steps`` steps."""
    envs: dict[int, Any] = {}

    def run(players: int, steps: int, rng: np.random.Generator) -> int:
        env = envs.get(players)
        if env is None:
            env = envs[players] = make(players)
            env.reset(seed=int(rng.integers(2**31)))
        done = hands = 0
        while done < steps:
            for _ in env.agent_iter():
                obs, _reward, terminated, truncated, _info = env.last()
                env.step(None if terminated or truncated else pick(obs["action_mask"], rng))
                done += 1
            env.reset()
            hands += 1
        return hands

    return run


def spiel_loop(players: int) -> Any:
    """OpenSpiel's environment over ``universal_poker`` at no limit, as described above."""
    import pyspiel
    from open_spiel.python import rl_environment

    from bench_engine import spiel_params

    game = pyspiel.load_game("universal_poker", spiel_params(players, 200, "fchpa"))
    return rl_environment.Environment(game)


def spiel_run() -> Run:
    """OpenSpiel's own loop over one-hand episodes, for ``steps`` steps."""
    envs: dict[int, Any] = {}

    def run(players: int, steps: int, rng: np.random.Generator) -> int:
        env = envs.get(players)
        if env is None:
            env = envs[players] = spiel_loop(players)
            env.seed(int(rng.integers(2**31)))
        done = hands = 0
        while done < steps:
            time_step = env.reset()
            while not time_step.last():
                seat = time_step.observations["current_player"]
                legal = time_step.observations["legal_actions"][seat]
                time_step = env.step([legal[rng.integers(len(legal))]])
                done += 1
            hands += 1
        return hands

    return run


def contenders() -> list[Contender]:
    out = [
        Contender("pokerroom", "no limit",
                  aec_loop(lambda n: HoldemAECEnv("no-limit", players=n, stacks=200)),
                  ours=True),
        Contender("pokerroom, view in info", "no limit",
                  aec_loop(lambda n: HoldemAECEnv("no-limit", players=n, stacks=200,
                                                  view_in_info=True)), ours=True),
        Contender("pokerroom", "fixed limit",
                  aec_loop(lambda n: HoldemAECEnv("casino-limit", players=n)), ours=True),
        Contender("pokerroom, view in info", "fixed limit",
                  aec_loop(lambda n: HoldemAECEnv("casino-limit", players=n,
                                                  view_in_info=True)), ours=True),
    ]  # fmt: skip
    try:
        from pettingzoo.classic import texas_holdem_no_limit_v6, texas_holdem_v4
    except ImportError as exc:  # the peer not installed: say so, time the others
        print(f"skipping PettingZoo's hold'em: {exc}", file=sys.stderr)
        return out
    out += [
        Contender("PettingZoo texas_holdem_no_limit_v6", "no limit",
                  aec_loop(lambda n: texas_holdem_no_limit_v6.raw_env(num_players=n))),
        Contender("PettingZoo texas_holdem_v4", "fixed limit",
                  aec_loop(lambda n: texas_holdem_v4.raw_env(num_players=n))),
    ]  # fmt: skip
    try:
        spiel_loop(2)
    except ImportError as exc:
        print(f"skipping OpenSpiel: {exc}", file=sys.stderr)
    else:
        out.append(Contender("OpenSpiel universal_poker", "no limit", spiel_run(),
                             by_hands=True))
    return out


def single_agent() -> list[Contender]:
    """The Gymnasium environment: one agent against random bots, one hand an episode."""

    def make(rules: str, stacks: int | None) -> Run:
        envs: dict[int, HoldemEnv] = {}

        def run(players: int, steps: int, rng: np.random.Generator) -> int:
            env = envs.get(players)
            if env is None:
                env = envs[players] = HoldemEnv(rules, players=players, stacks=stacks,
                                                 opponents="random")  # fmt: skip
                env.reset(seed=int(rng.integers(2**31)))
            obs, _ = env.reset()
            hands = 0
            for _ in range(steps):
                obs, _r, terminated, truncated, _info = env.step(pick(obs["action_mask"], rng))
                if terminated or truncated:
                    obs, _ = env.reset()
                    hands += 1
            return hands

        return run

    return [Contender("pokerroom HoldemEnv", "no limit", make("no-limit", 200), ours=True),
            Contender("pokerroom HoldemEnv", "fixed limit", make("casino-limit", None),
                      ours=True)]  # fmt: skip


def measure(c: Contender, players: int, seconds: float, rng: np.random.Generator) -> None:
    """Steps (and hands) per CPU second over about ``seconds``; keeps the best."""
    steps = 50
    while True:
        start = time.process_time()
        hands = c.run(players, steps, rng)
        spent = time.process_time() - start
        if spent >= seconds or steps >= 10**7:
            break
        steps = max(steps * 2, int(steps * seconds / max(spent, 1e-3) * 1.1))
    rate = steps / spent
    if rate > c.rates.get(players, 0.0):
        c.rates[players] = rate
        c.hands[players] = hands / spent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args(argv)
    seconds, rounds = (0.4, 1) if args.quick else (2.0, 3)
    warnings.filterwarnings("ignore")  # RLCard's and Gymnasium's notices
    everything = contenders()
    single = single_agent()
    rng = np.random.default_rng(2024)
    for _ in range(rounds):
        for players in (6, 2):
            for c in everything + single:
                measure(c, players, seconds, rng)
    print(f"Python {platform.python_version()} on {platform.machine()}, one core, "
          f"environment steps per CPU second (best of {rounds}), random agents:\n")  # fmt: skip
    lines = [
        "| environment | structure | 6 players | 2 players | pokerroom is faster (6 / 2) "
        "| hands/s (6 / 2) |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for structure in ("no limit", "fixed limit"):
        group = [c for c in everything if c.structure == structure]
        peers = [c for c in group if not c.ours]
        for c in sorted(group, key=lambda c: -c.rates[6]):
            # ours against the first peer; every other peer against plain pokerroom
            mine, peer = (c, peers[0] if peers else None) if c.ours else (group[0], c)
            if peer is None or (peer is peers[0] and not c.ours):
                ratio = "—"
            else:
                a, b = (mine.hands, peer.hands) if peer.by_hands else (mine.rates, peer.rates)
                ratio = f"{a[6] / b[6]:.1f}× / {a[2] / b[2]:.1f}×"
                ratio += " (hands/s)" if peer.by_hands else ""
            label = f"**{c.name}**" if c.ours else c.name
            lines.append(
                f"| {label} | {structure} | {c.rates[6]:,.0f} | {c.rates[2]:,.0f} | {ratio} "
                f"| {c.hands[6]:,.0f} / {c.hands[2]:,.0f} |"
            )
    print("\n".join(lines))
    print("\nThe Gymnasium environment, one random agent against random bots "
          "(agent steps per CPU second):\n")  # fmt: skip
    lines = ["| environment | structure | 6 players | 2 players | hands/s (6 / 2) |",
             "|---|---|---:|---:|---:|"]  # fmt: skip
    for c in single:
        lines.append(f"| {c.name} | {c.structure} | {c.rates[6]:,.0f} | {c.rates[2]:,.0f} "
                     f"| {c.hands[6]:,.0f} / {c.hands[2]:,.0f} |")  # fmt: skip
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
