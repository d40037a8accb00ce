"""The environments: Gymnasium's checker and PettingZoo's API test, the registered names,
seeds that replay whole episodes, rewards in big blinds that add up to the chips, the
freeze-out, illegal choices, opponents of every kind, and bad settings refused."""

from __future__ import annotations

import copy
import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import pokerroom.envs
from pokerroom.engine import Action, ActionKind, IllegalAction, PlayerView, random_action
from pokerroom.envs import EnvError, HoldemAECEnv, HoldemEnv
from pokerroom.players import Player, RandomBot
from pokerroom.rules import Rules
from pokerroom.table import Table
from test_envs_observation import _without_raises, reference
from test_envs_random import _check_mask, _chips

STRUCTURES = {"no limit": "pokerroom/HoldemNL-v0", "fixed limit": "pokerroom/HoldemLimit-v0"}


def pick(obs: dict[str, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


# ------------------------------------------------------------------ the API checks
#
# The checkers test the API's form; each test also plays the same settings and checks
# what the environment says against the engine (plays_true_aec, plays_true_single).


def _matches_view(env: HoldemAECEnv | HoldemEnv, obs: dict[str, Any], seat: int) -> None:
    """The observation is the reference encoding of ``seat``'s own view of the table."""
    table = env.table
    assert table is not None
    want = reference(table.view(seat), env.layout)
    got = _without_raises(obs["observation"], env.layout)
    bad = np.flatnonzero(~np.isclose(got, want, rtol=1e-6, atol=1e-6))
    assert not len(bad), [(env.layout.describe(i), got[i], want[i]) for i in bad]


def _choose(env: HoldemAECEnv | HoldemEnv, obs: dict[str, Any], rng: np.random.Generator) -> Any:
    """A random legal choice, the mask checked against the engine's legal actions first
    (with exact amounts: one entry for each kind, fold, check or call, bet or raise)."""
    if not env.choices.exact:
        _check_mask(env, obs["action_mask"])
        return pick(obs, rng)
    table = env.table
    assert table is not None
    legal = table.legal_actions()
    kinds = legal.kinds
    assert obs["action_mask"].tolist() == [
        ActionKind.FOLD in kinds, ActionKind.CHECK in kinds or ActionKind.CALL in kinds,
        legal.can_raise]  # fmt: skip
    kind, amount = random_action(legal, random.Random(int(rng.integers(2**31))))
    return env.choice(Action(kind, amount) if amount is not None else Action(kind))


def plays_true_aec(env: HoldemAECEnv, seed: int, steps: int) -> int:
    """Random agents for ``steps`` steps: every agent's observation is its own view's
    encoding, every mask the engine's legal actions, no chip created or lost, each
    step's rewards add to zero, and over each game (table) every agent's rewards are its
    chips won in big blinds.  Returns the decisions made."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    won: dict[int, tuple[Table, list[float]]] = {}
    decisions = 0
    for _ in range(steps):
        if not env.agents:
            env.reset()
        table = env.table
        assert table is not None
        total = env.config.total
        for agent in env.possible_agents:
            _matches_view(env, env.observe(agent), int(agent[7:]))
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            assert table.to_act == int(env.agent_selection[7:])
            env.step(_choose(env, obs, rng))
            decisions += 1
        assert env.table is table and _chips(env) == total
        assert sum(env.rewards.values()) == pytest.approx(0, abs=1e-9)
        sums = won.setdefault(id(table), (table, [0.0] * env.config.players))[1]
        for agent, reward in env.rewards.items():
            sums[int(agent[7:])] += reward
    for table, sums in won.values():
        assert sums == pytest.approx([t / env.config.unit for t in table.totals], abs=1e-9)
    return decisions


def plays_true_single(env: HoldemEnv, seed: int, steps: int) -> int:
    """A random agent for ``steps`` steps: every observation is the agent's own view's
    encoding, every mask the engine's legal actions, every reward the agent's chips in
    big blinds in the hands reported since the last (those reported by the reset in the
    first step's), and the hands reported are each game's every hand, once, adding up
    to its chips won.  Returns the decisions made."""
    rng = np.random.default_rng(seed)
    seat, unit = env.seat, env.config.unit
    games: dict[int, tuple[Table, list[int]]] = {}  # each table: the nets reported
    done, carried, decisions = True, 0, 0
    for k in range(steps):
        if done:
            obs, info = env.reset(seed=seed if k == 0 else None)
            carried, done = sum(r.net[seat] for r in info["results"]), False
        else:
            obs, reward, terminated, truncated, info = env.step(_choose(env, obs, rng))
            chips = carried + sum(r.net[seat] for r in info["results"])
            assert reward == pytest.approx(chips / unit, abs=1e-9)
            carried, done = 0, terminated or truncated
            decisions += 1
        table = env.table
        assert table is not None
        games.setdefault(id(table), (table, []))[1].extend(r.net[seat] for r in info["results"])
        _matches_view(env, obs, seat)
        assert table.to_act == seat if not done else not obs["action_mask"].any()
    for table, nets in games.values():  # (a hand still in play is not reported yet)
        assert len(nets) == table.hand_number - table.in_hand
        assert sum(nets) == table.totals[seat]
    return decisions


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("structure", sorted(STRUCTURES))
def test_gymnasium_checker_passes(structure: str, players: int) -> None:
    for settings in ({}, {"view_in_info": True, "reset_stacks": False, "opponents": "random"}):
        env = gymnasium.make(STRUCTURES[structure], players=players, **settings)
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # not even a warning
            check_env(env.unwrapped)
        again = gymnasium.make(STRUCTURES[structure], players=players, **settings)
        assert plays_true_single(again.unwrapped, players, 60) > 30


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("rules", ["no-limit", "casino-limit"])
def test_pettingzoo_api_test_passes(rules: str, players: int) -> None:
    for settings in ({}, {"view_in_info": True, "reset_stacks": False, "stacks": 60}):
        env = HoldemAECEnv(rules, players=players, **settings)  # type: ignore[arg-type]
        api_test(env, num_cycles=400)
        again = HoldemAECEnv(rules, players=players, **settings)  # type: ignore[arg-type]
        assert plays_true_aec(again, players, 150) > 80


def test_pettingzoo_api_test_passes_under_001s_freeze_out() -> None:
    env = HoldemAECEnv("computer-tournament", players=4, stacks=60)
    api_test(env, num_cycles=1000)
    again = HoldemAECEnv("computer-tournament", players=4, stacks=60)
    assert plays_true_aec(again, 1, 300) > 200


def test_both_checks_pass_with_exact_amounts_pot_limit_and_fourteen_players() -> None:
    for env_id, settings in (
        ("pokerroom/HoldemNL-v0", {"players": 3, "amounts": "exact"}),
        ("pokerroom/HoldemPotLimit-v0", {"players": 14}),
        ("pokerroom/HoldemTournament-v0", {"players": 6}),
    ):
        env = gymnasium.make(env_id, opponents="random", **settings)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            check_env(env.unwrapped)
        again = gymnasium.make(env_id, opponents="random", **settings)
        assert plays_true_single(again.unwrapped, 5, 60) > 30
    for make in (
        lambda: HoldemAECEnv("no-limit", players=3, amounts="exact"),
        lambda: HoldemAECEnv("wild", players=14, stacks=100, reset_stacks=False),
    ):
        api_test(make(), num_cycles=200)
        assert plays_true_aec(make(), 5, 150) > 80


def test_registered_names() -> None:
    assert set(pokerroom.envs.ENV_IDS) <= set(gymnasium.registry)
    env = gymnasium.make("pokerroom/HoldemNL-v0")
    assert env.action_space == gymnasium.spaces.Discrete(5)
    assert env.unwrapped.choices.labels == (
        "fold", "check/call", "bet 0.5 pot", "bet 1 pot", "bet max"
    )  # fmt: skip
    assert env.observation_space["observation"].shape == (139,)
    limit = gymnasium.make("pokerroom/HoldemLimit-v0", players=6, opponents="calling-station")
    assert limit.action_space == gymnasium.spaces.Discrete(3)
    assert limit.observation_space["observation"].shape == (2 * 52 + 11 + 12 * 6,)
    pot = gymnasium.make("pokerroom/HoldemPotLimit-v0").unwrapped
    assert pot.config.rules.structure.value == "pot-limit"
    tournament = gymnasium.make("pokerroom/HoldemTournament-v0").unwrapped
    assert not tournament.config.reset_stacks and tournament.config.hands is None


# ------------------------------------------------------------------------- seeds


def _episodes(env: Any, seed: int, episodes: int) -> list[Any]:
    """Everything the agent is given over some episodes, the first reset seeded."""
    rng = np.random.default_rng(seed)
    out: list[Any] = []
    obs, info = env.reset(seed=seed)
    out.append((obs, info))
    for _ in range(episodes):
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(pick(obs, rng))
            out.append((obs, reward, terminated, truncated, info))
            done = terminated or truncated
        obs, info = env.reset()
        out.append((obs, info))
    return out


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and np.array_equal(a, b)
    return bool(a == b)


@pytest.mark.parametrize("reset_stacks", [True, False])
def test_the_same_seed_replays_the_same_episodes(reset_stacks: bool) -> None:
    def make() -> HoldemEnv:
        return HoldemEnv("no-limit", players=4, opponents=["rule-based", "random", RandomBot()],
                         reset_stacks=reset_stacks, stacks=100, view_in_info=True)  # fmt: skip

    first = _episodes(make(), 7, 12)
    again = _episodes(make(), 7, 12)
    assert len(first) > 30 and _same(first, again)
    env = make()
    _episodes(env, 99, 3)  # whatever came before, a seeded reset starts the same game
    assert _same(_episodes(env, 7, 12), first)
    assert not _same(_episodes(make(), 8, 12)[:10], first[:10])


def _aec_run(env: HoldemAECEnv, seed: int, steps: int) -> list[Any]:
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    out: list[Any] = []
    for _ in range(steps):
        if not env.agents:
            env.reset()
        agent = env.agent_selection
        obs, reward, terminated, truncated, info = env.last()
        out.append((agent, obs, reward, terminated, truncated, info))
        env.step(None if terminated or truncated else pick(obs, rng))
    return out


def test_observations_looked_at_now_and_then_in_two_environments_stepped_in_turn() -> None:
    """PettingZoo's loop looks at the selected agent's observation only, and a learner
    may not look at all: the environment updates its encoder once per state it is asked
    about (one step since the last look, several, a new hand, or the closing steps' hand
    over), and two environments stepped in turn at random must not confuse it.  Every
    observation looked at is the reference encoding of that agent's view, and an agent
    to act always has a choice."""
    rng = np.random.default_rng(5)
    envs = [HoldemAECEnv("casino-limit", players=6), HoldemAECEnv("casino-limit", players=3)]
    for k, env in enumerate(envs):
        env.reset(seed=k)
    looks = 0
    for _ in range(4000):
        env = envs[int(rng.integers(2))]
        if not env.agents:
            env.reset()
        agent = env.agent_selection
        seat = int(agent[7:])
        look = rng.random() < 0.6
        if look:
            obs, _, terminated, truncated, _ = env.last()
            _matches_view(env, obs, seat)
            assert obs["action_mask"].any() != (terminated or truncated)
            looks += 1
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        table = env.table
        assert table is not None
        kind, amount = random_action(table.legal_actions(), random.Random(int(rng.integers(99))))
        env.step(env.choice(Action(kind, amount) if amount is not None else Action(kind)))
    assert looks > 2000


def test_observations_are_the_agents_own_and_stay_as_they_were() -> None:
    """An agent may keep its observations (a replay buffer) and write into them: every
    look hands out arrays of its own, writeable, that later steps leave as they were, and
    writing into one changes nothing the environment shows next (it hands out neither
    the buffer its encoder keeps nor its kept masks)."""
    env = HoldemAECEnv("casino-limit", players=2)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    kept: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for hand in range(200):
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            _matches_view(env, obs, int(agent[7:]))
            mask = obs["action_mask"]
            assert mask.flags.writeable and obs["observation"].flags.writeable
            choice = None if terminated or truncated else pick(obs, rng)
            if hand % 2:  # the agent's own to write into
                obs["observation"][:] = -1.0
                mask[:] = 1 - mask
            else:  # kept as it is, with a copy to compare at the end
                kept.append((obs, copy.deepcopy(obs)))
            env.step(choice)
        env.reset()
    assert len(kept) > 500
    for obs, was in kept:
        assert obs.keys() == was.keys()
        for key, array in obs.items():
            assert np.array_equal(array, was[key]), key


def test_the_same_seed_replays_the_same_aec_episodes() -> None:
    def make() -> HoldemAECEnv:
        return HoldemAECEnv("computer-tournament", players=5, stacks=80, view_in_info=True)

    first = _aec_run(make(), 3, 600)
    assert _same(first, _aec_run(make(), 3, 600))
    assert not _same(first[:20], _aec_run(make(), 4, 600)[:20])


# ----------------------------------------------------------------------- rewards


def test_aec_rewards_are_the_chips_won_in_big_blinds_and_sum_to_zero() -> None:
    env = HoldemAECEnv("no-limit", players=6, stacks=300, hands=20, view_in_info=True)
    rng = np.random.default_rng(1)
    env.reset(seed=1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    hands = 0
    while env.agents:
        agent = env.agent_selection
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else pick(obs, rng))
        if env.rewards and any(env.rewards.values()):
            assert abs(sum(env.rewards.values())) < 1e-9  # zero-sum, hand by hand
            hands += 1
        for a, r in env.rewards.items():
            totals[a] += r
        assert agent
    table = env.table
    assert table is not None and table.hand_number == 20 and hands >= 15
    for a, total in totals.items():
        assert total == pytest.approx(table.totals[int(a[7:])] / 4)


def test_a_freeze_out_removes_agents_as_they_go_out() -> None:
    env = HoldemAECEnv("no-limit", players=4, stacks=40, reset_stacks=False)
    rng = np.random.default_rng(2)
    env.reset(seed=2)
    gone: list[str] = []
    won = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        agent = env.agent_selection
        obs, reward, terminated, truncated, _ = env.last()
        won[agent] += reward
        assert not truncated
        if terminated:
            gone.append(agent)
        env.step(None if terminated else pick(obs, rng))
    table = env.table
    assert table is not None and table.is_over
    assert sorted(gone) == env.possible_agents
    assert sorted(won.values()) == pytest.approx([-10, -10, -10, 30])  # 40 chips = 10 bb
    winner = max(won, key=won.__getitem__)
    assert table.stacks[int(winner[7:])] == 160 and gone[-1] == winner


def test_a_freeze_out_cut_short_is_truncated() -> None:
    env = HoldemAECEnv("casino-limit", players=3, reset_stacks=False, hands=4)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    ended = set()
    while env.agents:
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            ended.add((terminated, truncated))
        env.step(None if terminated or truncated else pick(obs, rng))
    assert ended == {(False, True)}
    assert env.table is not None and env.table.hand_number == 4


def test_single_agent_rewards_add_up_to_its_chips() -> None:
    """Hands the agent has no say in (everyone folds to its big blind) go into the next
    reward: over many episodes the rewards are exactly its chips won."""

    class Folder(Player):
        name = "folder"

        def act(self, view: PlayerView, budget: float) -> Action:
            return Action.check() if view.to_call == 0 else Action.fold()

    env = HoldemEnv("no-limit", players=4, opponents=Folder())
    rng = np.random.default_rng(4)
    total, hands, walks = 0.0, 0, 0
    for episode in range(60):
        obs, info = env.reset(seed=4 if episode == 0 else None)
        walks += len(info["results"])  # hands dealt before the agent's first decision
        hands += len(info["results"])
        terminated = False
        while not terminated:
            obs, reward, terminated, truncated, info = env.step(pick(obs, rng))
            assert not truncated
            total += reward
            hands += len(info["results"])
    table = env.table
    assert table is not None and not table.in_hand
    assert walks > 10 and hands == table.hand_number == 60 + walks
    assert total == pytest.approx(table.totals[0] / 4, abs=1e-9)


def test_single_agent_freeze_out_ends_when_the_agent_is_out_or_has_every_chip() -> None:
    env = HoldemEnv("no-limit", players=3, opponents="random", reset_stacks=False, stacks=40)
    rng = np.random.default_rng(6)
    endings = []
    for episode in range(8):
        obs, _ = env.reset(seed=episode)
        total = 0.0
        while True:
            obs, reward, terminated, truncated, _ = env.step(pick(obs, rng))
            total += reward
            if terminated or truncated:
                break
        table = env.table
        assert table is not None and terminated and not truncated
        mine = table.stacks[0]
        assert mine in (0, 120) and total == pytest.approx((mine - 40) / 4)
        assert table.out[0] or table.is_over
        endings.append(mine)
    assert set(endings) == {0, 120}


# -------------------------------------------------------------------- illegal choices


def test_an_illegal_choice_plays_the_default_action_and_says_so() -> None:
    env = HoldemEnv("no-limit", opponents="calling-station")
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0]) if 0 in obs["action_mask"] else 9
    obs, _, _, _, info = env.step(bad)
    assert str(info["action"]) in ("fold", "check")
    assert "cannot play" in info["illegal"] and "legal:" in info["illegal"]
    assert "choices: " in info["illegal"]


def test_a_refused_choice_is_told_at_the_agents_next_turn_and_only_then() -> None:
    """With illegal='default' a choice the mask rules out plays the default action (a
    check here, so the hand goes on) and the agent's info says so when it is next
    selected, once: its turn after that has a plain info again."""
    env = HoldemAECEnv("casino-limit", players=2)
    env.reset(seed=3)
    button = env.agent_selection  # heads-up the button acts first pre-flop
    env.step(1)  # calls the big blind
    big = env.agent_selection
    obs, _, _, _, info = env.last()
    assert obs is not None and obs["action_mask"].tolist() == [0, 1, 1]
    assert "illegal" not in info
    env.step(0)  # fold is ruled out (checking is free): it checks
    table = env.table
    assert table is not None and table.hand is not None
    assert str(table.hand.street) == "flop" and env.agent_selection == big
    seat = env.possible_agents.index(big)
    assert env.last()[4]["illegal"].startswith(
        f"{big} (seat {seat}) cannot play choice 0 (fold) is not legal pre-flop (legal: check"
    )
    env.step(1)  # checks
    assert env.agent_selection == button and "illegal" not in env.last()[4]
    env.step(1)  # checks: the turn
    assert env.agent_selection == big
    assert env.last()[4] == {"hand": table.hand_number, "results": ()}


def test_an_illegal_choice_raises_with_nothing_changed() -> None:
    env = HoldemAECEnv("no-limit", players=3, illegal="raise", view_in_info=True)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    refused = 0
    for _ in range(300):
        if not env.agents:
            env.reset()
        obs, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        table = env.table
        assert table is not None
        before = (copy.copy(info), table.actions, table.hand_number, env.agent_selection)
        for bad in [*np.flatnonzero(obs["action_mask"] == 0).tolist(), 5, -1, 1.0, "c"]:
            with pytest.raises(IllegalAction, match=r"cannot play .* \(legal: .*; choices: "):
                env.step(bad)
            refused += 1
            after = (env.infos[env.agent_selection], table.actions, table.hand_number,
                     env.agent_selection)  # fmt: skip
            assert _same(before, after)
            assert _same(env.observe(env.agent_selection), obs)
        env.step(pick(obs, rng))
    assert refused > 500


def test_stepping_after_the_end_is_refused() -> None:
    env = HoldemEnv("casino-limit", opponents="calling-station")
    obs, _ = env.reset(seed=0)
    terminated = False
    while not terminated:
        obs, _, terminated, _, _ = env.step(0 if obs["action_mask"][0] else 1)
    with pytest.raises(EnvError, match="no episode under way: call reset"):
        env.step(1)
    assert not obs["action_mask"].any() and not env.action_masks().any()


# ------------------------------------------------------------------- opponents


def test_opponents_hear_everything_the_protocol_promises() -> None:
    class Listener(Player):
        name = "listener"

        def __init__(self) -> None:
            self.heard: list[str] = []

        def act(self, view: PlayerView, budget: float) -> Action:
            assert view.hole and view.legal is not None
            return Action.check() if view.to_call == 0 else Action.call()

        def start_game(self, game: Any) -> None:
            self.heard.append("game")

        def start_hand(self, hand: Any) -> None:
            self.heard.append("hand")

        def observe(self, event: Any) -> None:
            self.heard.append("event")

        def end_hand(self, view: PlayerView) -> None:
            self.heard.append("end")

    listener = Listener()
    env = HoldemEnv("no-limit", players=3, seat=1, opponents=[listener, "random"])
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(30):
        obs, _, terminated, _, _ = env.step(pick(obs, rng))
        if terminated:
            obs, _ = env.reset()
    heard = listener.heard
    assert heard[0] == "game" and heard.count("hand") >= 5 and heard.count("event") > 50
    assert heard.count("end") >= heard.count("hand") - 1
    assert env.table is not None and env.table.names == ("listener", "agent", "random")


def test_exact_amounts_in_both_environments() -> None:
    env = HoldemEnv("no-limit", opponents="calling-station", amounts="exact")
    assert env.action_space == gymnasium.spaces.Tuple(
        (gymnasium.spaces.Discrete(3), gymnasium.spaces.Box(0.0, 1.0, (1,), np.float32))
    )
    obs, _ = env.reset(seed=0)
    assert obs["action_mask"].tolist() == [1, 1, 1]
    _, _, _, _, info = env.step((2, np.array([0.5], np.float32)))
    assert info["action"] == Action.raise_to(8 + round(0.5 * (1000 - 8)))
    aec = HoldemAECEnv("no-limit", players=3, amounts="exact")
    aec.reset(seed=0)
    choice = aec.choice(Action.raise_to(37))
    aec.step(choice)
    assert aec.table is not None and aec.table.actions[-1][1] == Action.raise_to(37)


def test_choice_plays_an_engine_action() -> None:
    env = HoldemEnv("no-limit", players=6, opponents="calling-station")
    obs, _ = env.reset(seed=2)
    table = env.table
    assert table is not None
    legal = table.legal_actions()
    hand = table.hand
    assert hand is not None
    pot, bet = hand.pot, hand.bets[table.seats_in_hand.index(0)]
    pot_sized = bet + legal.to_call + (pot + legal.to_call)  # after calling, the pot
    assert env.choice(Action(legal.kinds[-1], pot_sized)) == 3
    for i in np.flatnonzero(obs["action_mask"]):
        action = env.choices.action(int(i), legal, pot=pot, bet=bet)
        assert isinstance(action, Action) and env.choice(action) == i
    with pytest.raises(ValueError, match="no choice bets that amount"):
        env.choice(Action(legal.kinds[-1], legal.max_to - 1))
    _, _, _, _, info = env.step(env.choice(Action(legal.kinds[-1], legal.max_to)))
    assert info["action"] == Action(legal.kinds[-1], legal.max_to)


def test_render_shows_the_hand_as_the_agent_sees_it() -> None:
    env = HoldemEnv("no-limit", opponents="random", render_mode="ansi", view_in_info=True)
    _, info = env.reset(seed=5)
    text = env.render()
    assert text is not None and "Dealt to agent: " in text and "?? ??" in text
    mine = " ".join(str(c) for c in info["view"].hole)
    assert f"Dealt to agent: {mine}" in text
    aec = HoldemAECEnv("no-limit", render_mode="ansi")
    aec.reset(seed=5)
    shown = aec.render()
    assert shown is not None and shown.count("?? ??") == 2


# --------------------------------------------------------------------- settings


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"players": 15}, "players is 15: 2 to 14"),
        ({"rules": "no-such"}, "no preset 'no-such'"),
        ({"rules": "casino-limit", "bet_sizes": (0.5,)}, "fixed limit has one bet size"),
        ({"rules": "casino-limit", "amounts": "exact"}, "exact amounts need no limit"),
        ({"amounts": "chips"}, "'discrete' or 'exact'"),
        ({"bet_sizes": (0.5, 0.5)}, "distinct pot fractions"),
        ({"bet_sizes": (0.0,)}, "distinct pot fractions, more than 0"),
        ({"stacks": 4}, "more than the forced bets"),
        ({"stacks": [100, 100, 100]}, "stacks has 3 entries for 2 players"),
        ({"hands": 0}, "hands is 0"),
        ({"illegal": "ignore"}, "'default' or 'raise'"),
        ({"render_mode": "human"}, "None or 'ansi'"),
        ({"rules": Rules.preset("no-limit", players=3), "players": 2}, "rules are for 3"),
    ],
)
def test_bad_settings_are_refused_by_both(settings: dict[str, Any], message: str) -> None:
    settings = dict(settings)
    rules = settings.pop("rules", "no-limit")
    with pytest.raises(EnvError, match=message):
        HoldemAECEnv(rules, **settings)
    with pytest.raises(EnvError, match=message):
        HoldemEnv(rules, opponents="random", **settings)


def test_bad_opponents_and_seats_are_refused() -> None:
    with pytest.raises(EnvError, match="2 players for the other seats, not 1"):
        HoldemEnv("no-limit", players=3, opponents=["random"])
    with pytest.raises(EnvError, match="is not a player"):
        HoldemEnv("no-limit", opponents=[object()])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="no bot 'strongest'"):
        HoldemEnv("no-limit", opponents="strongest")
    with pytest.raises(EnvError, match="seat is 2: the agent's seat, 0 to 1"):
        HoldemEnv("no-limit", seat=2)


@pytest.mark.parametrize("env_class", [HoldemEnv, HoldemAECEnv])
def test_rules_that_cannot_be_played_name_the_player_count_once(env_class: Any) -> None:
    """The refusal said '3 players: cannot start the hand: 3 players: blinds ...'."""
    rules = Rules.preset("no-limit", blinds=(1, 2, 4, 8))
    with pytest.raises(EnvError) as refused:
        env_class(rules=rules, players=3).reset(seed=1)
    message = str(refused.value)
    assert message.count("3 players") == 1, message
    assert "3 players: cannot start the hand: blinds [1, 2, 4, 8] need 4 players" in message
