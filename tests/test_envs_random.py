"""Random agents under every preset (and pot limit), 2 to 14 players: every freeze-out
plays to its end with no chip created or lost, every mask is the engine's legal actions,
every choice the mask rules out is refused with nothing changed, and the rewards of each
hand add up to zero and, over the game, to each seat's chips won or lost.

The sizes: freeze-outs of every number of players under every rule set, short stacks so
that random play ends them in a few dozen hands (fixed limit 2 big bets a seat, more
games of no and pot limit, where random all-ins end them sooner); ``STEPS`` is the least
number of decisions each rule set must have seen."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.engine import Action, IllegalAction
from pokerroom.envs import HoldemAECEnv, HoldemEnv
from pokerroom.rules import PRESETS, Rules, Structure
from table_helpers import small

RULES = {**PRESETS, "pot-limit": Rules.preset("no-limit", structure="pot-limit")}
PLAYERS = range(2, 15)
STEPS = 1_500  # least decisions per rule set, every seat an agent
DECISIONS = 40  # least decisions of the one agent, per rule set and number of players


def _game(name: str) -> tuple[Rules, int]:
    """The rule set with short stacks, and the freeze-outs to play per number of players."""
    rules = RULES[name]
    if rules.structure is Structure.FIXED_LIMIT:
        return small(rules, 2), 1
    return small(rules, 6), 3


def _check_mask(env: HoldemAECEnv | HoldemEnv, mask: np.ndarray) -> None:
    """The mask is the engine's legal actions: a choice is allowed exactly when the action
    it plays is legal, and every legal kind of action has a choice."""
    table = env.table
    assert table is not None
    hand = table.hand
    assert hand is not None and table.to_act is not None
    legal = table.legal_actions()
    pot, bet = hand.pot, hand.bets[table.seats_in_hand.index(table.to_act)]
    played = [env.choices.action(i, legal, pot=pot, bet=bet) for i in range(env.choices.n)]
    for allowed, action in zip(mask.tolist(), played, strict=True):
        assert allowed == (isinstance(action, Action) and table.is_legal(action))
    assert {a.kind for a in played if isinstance(a, Action)} == set(legal.kinds)


def _chips(env: HoldemAECEnv | HoldemEnv) -> int:
    """Every chip at the table: the stacks, and the pot while a hand is in play."""
    table = env.table
    assert table is not None and table.hand is not None
    in_pot = sum(table.hand.committed) if table.in_hand else 0
    return sum(table.stacks) + in_pot


def _refuses(env: HoldemAECEnv | HoldemEnv, bad: int, step: object) -> None:
    """``step(bad)`` raises IllegalAction and changes nothing."""
    table = env.table
    assert table is not None
    before = (table.actions, table.to_act, table.hand_number, table.stacks)
    with pytest.raises(IllegalAction, match="cannot play"):
        step(bad)  # type: ignore[operator]
    assert (table.actions, table.to_act, table.hand_number, table.stacks) == before


def play_freeze_outs(
    name: str, repeat: int, seed: int, *, every_bad: bool = True,
    envs: dict[int, HoldemAECEnv] | None = None,
) -> tuple[int, int, int]:  # fmt: skip
    """``repeat`` freeze-outs of every number of players under rule set ``name``, every
    seat a random agent, each played to its end with every check above; returns
    (decisions, hands, choices refused).  ``every_bad`` false tries one of the choices
    the mask rules out at each decision, drawn at random, instead of all of them.

    One environment per number of players plays its freeze-outs one after another
    (``envs``, kept by the caller across calls if it likes): ``reset(seed=...)`` starts
    each on a new table with nothing kept from the last, so it plays the very game a new
    environment would (the same decisions, hands and refusals), without making every
    seat's observation and action spaces again for each game (an eighth of the time)."""
    rules, _ = _game(name)
    rng = np.random.default_rng(seed)
    steps = refused = hands = games = 0
    envs = {} if envs is None else envs
    for players in [p for p in PLAYERS for _ in range(repeat)]:
        env = envs.get(players)
        if env is None:
            env = HoldemAECEnv(rules, players=players, reset_stacks=False, illegal="raise")
            envs[players] = env
        total = env.config.total
        start = env.config.stacks
        env.reset(seed=int(rng.integers(2**31)))
        won = dict.fromkeys(env.possible_agents, 0.0)
        while env.agents:
            agent = env.agent_selection
            obs, reward, terminated, truncated, _ = env.last()
            won[agent] += reward
            assert _chips(env) == total and not truncated
            if terminated:
                env.step(None)
                continue
            mask = obs["action_mask"]
            _check_mask(env, mask)
            # Every choice the mask rules out, and one past the last, is refused.
            ruled_out = (*np.flatnonzero(mask == 0).tolist(), env.choices.n)
            if not every_bad:
                ruled_out = (ruled_out[int(rng.integers(len(ruled_out)))],)
            for bad in ruled_out:
                _refuses(env, bad, env.step)
                refused += 1
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
            rewards = env.rewards
            if any(rewards.values()):
                hands += 1
                assert sum(rewards.values()) == pytest.approx(0, abs=1e-9)
            assert _chips(env) == total
        table = env.table
        assert table is not None and table.is_over
        assert sorted(table.stacks) == [0] * (players - 1) + [total]
        unit = env.config.unit
        for agent, chips in won.items():
            seat = int(agent.removeprefix("player_"))
            assert chips == pytest.approx((table.stacks[seat] - start[seat]) / unit)
        games += 1
    assert games == 13 * repeat
    return steps, hands, refused


@pytest.mark.parametrize("name", sorted(RULES))
def test_random_agents_play_every_freeze_out_to_the_end(name: str) -> None:
    steps, hands, refused = play_freeze_outs(name, _game(name)[1], len(name))
    assert steps >= STEPS and hands >= steps // 20 and refused >= steps // 2


LONG_STEPS = 100_000  # the count of random-agent decisions under each preset


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_100000_random_agent_steps_under_each_preset(name: str) -> None:
    """The same freeze-outs, repeated until every preset has seen 100,000 decisions: at
    each one the chips are all there, the mask is the engine's legal actions and a choice
    the mask rules out (drawn at random) is refused with nothing changed."""
    steps = hands = refused = 0
    seed = len(name)
    envs: dict[int, HoldemAECEnv] = {}
    while steps < LONG_STEPS:
        seed += 1
        more = play_freeze_outs(name, _game(name)[1], seed, every_bad=False, envs=envs)
        steps, hands, refused = steps + more[0], hands + more[1], refused + more[2]
    assert steps >= LONG_STEPS and hands >= steps // 20 and refused >= steps


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_random_agent_against_random_bots(name: str) -> None:
    """The Gymnasium environment: one random agent, the others ``random`` bots, freeze-outs
    of 2 to 14 players (as many as it takes the agent to make ``DECISIONS`` decisions at
    each size), each played until the agent is out or has every chip."""
    rules, _ = _game(name)
    rng = np.random.default_rng(len(name))
    episodes = 0
    for players in PLAYERS:
        env = HoldemEnv(rules, players=players, seat=players // 2, opponents="random",
                        illegal="raise", reset_stacks=False)  # fmt: skip
        total = env.config.total
        obs, _ = env.reset(seed=int(rng.integers(2**31)))
        steps = 0
        while steps < DECISIONS:
            reward_sum = 0.0
            while True:
                assert _chips(env) == total
                mask = obs["action_mask"]
                _check_mask(env, mask)
                for bad in np.flatnonzero(mask == 0).tolist():
                    _refuses(env, bad, env.step)
                choice = int(rng.choice(np.flatnonzero(mask)))
                obs, reward, terminated, truncated, _ = env.step(choice)
                reward_sum += reward
                steps += 1
                assert _chips(env) == total and not truncated
                if terminated:
                    break
            table = env.table
            assert table is not None and (table.is_over or table.out[env.seat])
            mine = table.stacks[env.seat]
            assert mine in (0, total)
            start = env.config.stacks[env.seat]
            assert reward_sum == pytest.approx((mine - start) / env.config.unit)
            episodes += 1
            obs, _ = env.reset()
    assert episodes >= 13
