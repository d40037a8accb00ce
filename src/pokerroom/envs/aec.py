"""The PettingZoo environment: every seat an agent (``player_0`` … ``player_{N-1}``,
by table seat), turn by turn (AEC).

>>> env = HoldemAECEnv("casino-limit", players=3, view_in_info=True)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, obs["action_mask"].tolist(), str(info["view"].legal)
('player_0', [1, 1, 1], 'fold, call 2, raise to 4')
>>> env.step(1)                          # call
>>> env.agent_selection
'player_1'
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from numpy.typing import NDArray
from pettingzoo import AECEnv

from pokerroom.engine import Action, IllegalAction, LegalActions
from pokerroom.envs.game import EnvError, Episode, Settings, seat_view, seeds
from pokerroom.envs.observation import BettingRecord
from pokerroom.envs.text import hand_text
from pokerroom.rules import Rules
from pokerroom.table import Table

__all__ = ["HoldemAECEnv"]

Obs = dict[str, NDArray[Any]]
Decision = tuple[int, LegalActions, int, int, NDArray[np.int8]]
"""The seat to act, its choices, the pot, its bet and its mask (kept: never written)."""

_STAMPS = itertools.count(1)
"""A stamp for each state of the tables of every environment (the encoder's cue that
it has brought that state up to date already: see ``pokerroom.envs.encoder``)."""


class HoldemAECEnv(AECEnv):  # type: ignore[misc] # PettingZoo ships no type information
    """Hold'em with every seat a learning agent, for any ``rules`` and 2 to 14 ``players``.

    Settings as :class:`~pokerroom.envs.HoldemEnv` (``stacks``, ``reset_stacks``,
    ``hands``, ``bet_sizes``, ``amounts``, ``illegal``, ``view_in_info``), without the
    opponents: every seat is an agent.  An episode is ``hands`` hands (default 1) with
    stacks reset every hand, else a freeze-out: an agent whose chips are gone is
    terminated (and then removed, PettingZoo's way, after stepping ``None``), and the
    episode ends when one agent has every chip (or, truncated, after ``hands`` hands).
    Showdowns are played the default way (show a hand that can still win, announcing its
    best hand; else muck).

    ``observe(agent)`` is PettingZoo classic's dict: ``observation``, the agent's vector
    (:class:`~pokerroom.envs.observation.ObservationLayout`, table below; relative seats
    from the agent's), and ``action_mask``, all 0 unless the agent is to act.
    ``infos[agent]`` is refreshed when the agent is selected: ``view``, its
    :class:`~pokerroom.engine.PlayerView`, with ``view_in_info=True`` (it costs more
    than the rest of a step); ``hand``;
    ``results``, the :class:`~pokerroom.engine.HandResult` of the hands finished since its
    last turn; ``illegal`` when its last choice was refused.  Rewards: each agent's chips
    won or lost in big blinds, at the end of every hand (they sum to zero).

    ``table`` is the dealer's :class:`~pokerroom.table.Table`: it holds every card.  Read
    it, but play it only through :meth:`step`: the environment reads what it needs of the
    table once per change it makes (the seat to act, the betting record), and builds an
    observation only when one is asked for (``last()``, ``observe``), from the public part
    of the hand kept up to date once per state.  An agent's ``infos`` dict is the same
    object for as long as it would hold the same (the hand's number, no results).
    """

    metadata = {  # noqa: RUF012 - PettingZoo's
        "render_modes": ["ansi"],
        "name": "pokerroom_holdem_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: Rules | str = "no-limit",
        *,
        players: int | None = None,
        stacks: int | Sequence[int] | None = None,
        reset_stacks: bool | None = None,
        hands: int | None = None,
        bet_sizes: Sequence[float] | None = None,
        amounts: str = "discrete",
        illegal: str = "default",
        view_in_info: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        settings = Settings.make(rules, players=players, stacks=stacks,
                                 reset_stacks=reset_stacks, hands=hands, bet_sizes=bet_sizes,
                                 amounts=amounts, illegal=illegal, view_in_info=view_in_info,
                                 render_mode=render_mode)  # fmt: skip
        self.config = config = settings.config
        self.choices = settings.choices
        self.layout = settings.layout
        self.illegal = settings.illegal
        self.view_in_info = settings.view_in_info
        self.render_mode = settings.render_mode
        n = config.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents: list[str] = []
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {a: settings.observation_space() for a in self.possible_agents}
        self.action_spaces = {a: settings.action_space() for a in self.possible_agents}
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]
        self.table: Table | None = None
        self._episode: Episode | None = None
        self._record = BettingRecord()
        self._np_random: np.random.Generator | None = None
        self._pending: list[list[Any]] = [[] for _ in range(n)]  # results since last turn
        self._refused: list[str | None] = [None] * n
        self._carry = [0.0] * n
        # the decision of the seat to act in this state, worked out as the state is
        # reached (see _moved; None: nobody is to act)
        self._cached: Decision | None = None
        self._zeroed = False  # whether self.rewards is all 0 (no step has rewarded since)
        # The table's state, read once per change (the table changes in step and reset
        # only): its stamp, and the seat to act (-1: nobody).
        self._stamp = 0
        self._acting = -1
        # the choices need the pot and the seat's bet only to size pot fractions
        self._sizes = bool(self.choices.bet_sizes) and not self.choices.exact
        self._idle = self.choices.mask(None, pot=0, bet=0)  # the mask of a seat not to act
        self._by_kinds = self.choices._by_kinds  # (read in _moved when no pot fraction is)
        # the hand number of each seat's info when it holds nothing but that (-1: else),
        # and whether that info is up to date (nothing to tell it since: no results, no
        # refusal, no reset, which every new hand comes after; never with view_in_info)
        self._plain = [-1] * n
        self._fresh = [False] * n
        self._encode = self.layout._encoder.encode  # (layout.encode without its frame)
        # the agents done and still to step None, in order, and the agent selected when
        # they were done, selected again after them (see _dead_step)
        self._dying: list[str] = []
        self._resume = self.agent_selection

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the game

    def _new_game(self) -> None:
        if self._np_random is None:
            self._np_random, _ = seeding.np_random(None)
        (table_seed,) = seeds(self._np_random, 1)
        self.table = self.config.new_table(random.Random(table_seed), self.possible_agents)
        self._record = BettingRecord()

    def _moved(self) -> None:
        """The table changed: the betting record noted, a new stamp, the seat to act read
        again and its decision worked out.

        This runs once per step: the record is noted only when the hand or its street is
        not the one it noted (else noting changes nothing), and the seat to act is the
        table's own field (-1: nobody), read only, without its property's frame.  The
        decision is worked out here, once, rather than looked up by each of its readers
        (the observation of the seat to act and the step that plays its choice, which
        needs it in any case)."""
        table = self.table
        assert table is not None
        record, hand = self._record, table.hand
        if hand is not record.hand or (hand is not None and hand._street != record.street):
            record.note(table)
        self._stamp = next(_STAMPS)
        self._acting = seat = table._turn
        if seat < 0:
            self._cached = None
            return
        # The decision of ``seat``: its choices, the pot and its bet (only when pot
        # fractions need them, else 0) and its mask (not to be written: copied for an
        # observation).
        assert hand is not None
        legal = hand.legal_actions()  # (the table's when every seat is dealt in)
        if legal.seat != seat:
            legal = table.legal_actions()  # (in table seats)
        if self._sizes:
            pot, bet = hand.pot, hand.bets[table.seats_in_hand.index(seat)]
            self._cached = (seat, legal, pot, bet, self.choices._kept_mask(legal, pot, bet))
            return
        # (the choices' mask kept by the kinds alone, looked up here without a call)
        kept = self._by_kinds.get(id(legal.kinds))
        mask = kept[1] if kept is not None else self.choices._kept_mask(legal, 0, 0)
        self._cached = (seat, legal, 0, 0, mask)

    def _deal(self) -> tuple[bool, bool]:
        """Deal hands until somebody must decide or the episode ends (terminated,
        truncated); the chips of hands finished on the way go into ``_carry``.  The table
        then stands still until the next step: read once here (:meth:`_moved`)."""
        episode = self._episode
        assert episode is not None
        table = episode.table
        while True:
            if table.in_hand:
                self._moved()
                return False, False
            ended = episode.ended()
            if ended[0] or ended[1]:
                self._moved()
                return ended
            table._deal_hand(None, True)  # (deal without the view it makes)
            if not table.in_hand:  # every seat all-in on the forced bets: nobody decides
                self._finish()

    def _finish(self) -> None:
        """Book the hand that just ended: rewards, results, seats out."""
        episode = self._episode
        assert episode is not None
        result = episode.hand_over()
        carry, pending = self._carry, self._pending
        # each seat's chips won or lost in big blinds (Episode.rewards, inline: no list
        # and no comprehension's call, once a hand)
        unit, stacks = self.config.unit, result.stacks
        for seat, before in enumerate(result.starting):
            carry[seat] += (stacks[seat] - before) / unit
            pending[seat].append(result)
        self._fresh = [False] * len(self._fresh)

    # ---------------------------------------------------------- the PettingZoo API

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        table = self.table
        if (
            seed is not None
            or table is None
            or table.in_hand
            or table.is_over
            or (not self.config.reset_stacks)
        ):
            self._new_game()
        assert self.table is not None
        n = self.config.players
        self._episode = Episode(self.config, self.table)
        if any(self._pending):  # (each agent's results are told, and emptied, in its info)
            self._pending = [[] for _ in range(n)]
        self._refused = [None] * n
        self._carry = [0.0] * n
        self._plain = [-1] * n
        self._fresh = [False] * n
        out = self.table.out
        if True in out:
            self.agents = [a for a in self.possible_agents if not out[self._seat[a]]]
        else:
            self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._zeroed = True
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        infos: dict[str, dict[str, Any]] = {}
        self.infos = infos
        for a in self.agents:  # (a loop: a comprehension is a call of its own)
            infos[a] = {}
        self._dying = []
        while self._deal() != (False, False):
            # Nobody had a decision before the game ended (stacks barely above the forced
            # bets): the chips stay in the first rewards, and a new game starts.
            self._new_game()
            assert self.table is not None
            self._episode = Episode(self.config, self.table)
        self._select()
        if not self._fresh[self._seat[self.agent_selection]]:
            self._refresh(self.agent_selection)

    def _select(self) -> None:
        if self._acting >= 0:
            self.agent_selection = self.possible_agents[self._acting]

    def _refresh(self, agent: str) -> None:
        """The info of ``agent``, now that it is selected and has something new to be
        told (``_fresh``; kept as it is when it would be the same: the hand's number and
        no results)."""
        seat = self._seat[agent]
        infos = self.infos
        if agent not in infos:
            return
        table = self.table
        assert table is not None
        pending = self._pending[seat]
        refused = self._refused[seat]
        number = table.hand_number
        if not pending and refused is None and not self.view_in_info:
            if self._plain[seat] != number:
                infos[agent] = {"hand": number, "results": ()}
                self._plain[seat] = number
            self._fresh[seat] = True
            return
        info: dict[str, Any] = {"hand": number, "results": tuple(pending) if pending else ()}
        if pending:
            self._pending[seat] = []
        if refused is not None:
            info["illegal"] = refused
            self._refused[seat] = None
        if self.view_in_info:
            info["view"] = seat_view(table, seat)
        infos[agent] = info
        self._plain[seat] = -1

    def step(self, action: Any) -> None:
        if self._dying:  # (the agent selected is done: the first of them)
            self._dead_step(action)
            return
        decision = self._cached  # (the seat to act's decision: None when nobody is)
        if decision is None:
            raise EnvError("no episode under way: call reset() to start one")
        # (somebody is to act, so a table and an episode are in play: see _moved)
        agent = self.agent_selection
        table, episode = self.table, self._episode
        assert table is not None and episode is not None
        _, legal, pot, bet, _ = decision
        played = self.choices._play(action, legal, pot, bet)
        if not isinstance(played, Action):
            played = self._refuse(agent, self._seat[agent], played, (legal, pot, bet))
        self._cumulative_rewards[agent] = 0.0
        episode.decided = True
        table._take(played, None)  # (Table.apply's body: played is an Action)
        table._handed = None
        if table.in_hand:
            self._moved()
            if not self._zeroed:  # (the rewards of a step within a hand: all 0)
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self._zeroed = True
            dead = False
        else:
            dead = self._hand_over()
        if self._acting >= 0:
            self.agent_selection = agent = self.possible_agents[self._acting]
        if dead:  # the agents done step first
            self._resume = agent
            self.agent_selection = agent = self._dying[0]
        if not self._fresh[self._seat[agent]]:
            self._refresh(agent)

    def _refuse(
        self, agent: str, seat: int, why: str, decision: tuple[LegalActions, int, int]
    ) -> Action:
        """A choice the mask rules out: raise, or note it and play the default action."""
        legal, pot, bet = decision
        refused = (f"{agent} (seat {seat}) cannot play {why} {legal.street.phrase} "
                   f"(legal: {legal}; choices: {self._allowed(legal, pot, bet)})")  # fmt: skip
        if self.illegal == "raise":
            raise IllegalAction(refused)
        self._refused[seat] = refused
        self._fresh[seat] = False
        assert self.table is not None
        return self.table.default_action()

    def _hand_over(self) -> bool:
        """Book the hand just ended, deal on, reward every agent and end the agents whose
        episode is over; whether any has."""
        table = self.table
        assert table is not None
        self._zeroed = False
        self._finish()
        terminated, truncated = self._deal()
        carry, seat_of, agents = self._carry, self._seat, self.agents
        if len(agents) == len(carry):  # every agent, in seat order
            self.rewards = rewards = dict(zip(agents, carry, strict=True))
        else:
            self.rewards = rewards = {a: carry[seat_of[a]] for a in agents}
        self._carry = [0.0] * len(carry)
        if terminated:  # (every agent: the seats out need not be read)
            dying = agents.copy()
            terminations = self.terminations
            for a in dying:
                terminations[a] = True
        else:
            out = table.out
            dying = [a for a in agents if out[seat_of[a]] or truncated]
            for a in dying:
                if out[seat_of[a]]:
                    self.terminations[a] = True
                else:
                    self.truncations[a] = True
        self._dying = dying
        cumulative = self._cumulative_rewards  # (every reward counts once)
        for a, chips in rewards.items():
            cumulative[a] += chips
        return bool(dying)

    def _dead_step(self, action: Any) -> None:
        """The step of an agent that is done: ``None``, PettingZoo's rule for it.  The
        agent leaves ``agents`` and every dict, the rewards of those left are 0 (theirs
        came with the step that ended the hand), and the next agent done is selected, in
        the order of ``agents``, else the one selected as they were done (the seat to
        act, or the agent that ended the episode); then that agent's info."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        del self.terminations[agent]
        del self.truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        agents, dying = self.agents, self._dying
        agents.remove(agent)
        dying.remove(agent)  # (dying[0]: the agents done step in order)
        self.agent_selection = selected = dying[0] if dying else self._resume
        rewards = self.rewards
        for other in rewards:
            rewards[other] = 0
        if agents and not self._fresh[self._seat[selected]]:
            self._refresh(selected)

    def _decision(self) -> Decision:
        """The decision of the seat to act (see :meth:`_moved`), kept until the table
        changes."""
        kept = self._cached
        assert kept is not None
        return kept

    def _allowed(self, legal: LegalActions, pot: int, bet: int) -> str:
        mask = self.choices.mask(legal, pot=pot, bet=bet)
        return ", ".join(f"{i} {label}" for i, label in enumerate(self.choices.labels) if mask[i])

    def last(self, observe: bool = True) -> tuple[Obs | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's: the selected agent's observation, cumulative reward,
        termination, truncation and info."""
        agent = self.agent_selection
        obs: Obs | None = None
        if observe:  # (observe's body, inline: this runs once a step)
            table = self.table
            if table is None:
                raise EnvError("no game yet: call reset() first")
            seat = self._seat[agent]
            # (while agents done are to step None, the agent selected is the first of them)
            if seat == self._acting and not self._dying:
                decision = self._cached
                assert decision is not None
                legal: LegalActions | None = decision[1]
                mask = decision[4].copy()
            else:
                legal, mask = None, self._idle.copy()
            obs = {"observation": self._encode(table, seat, self._record, legal, self._stamp),
                   "action_mask": mask}  # fmt: skip
        return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])  # fmt: skip

    def observe(self, agent: str) -> Obs:
        seat = self._seat[agent]
        table = self.table
        if table is None:
            raise EnvError("no game yet: call reset() first")
        # (the table has nobody to act out of a hand; an agent done is in _dying)
        if seat == self._acting and not (self._dying and agent in self._dying):
            decision = self._cached
            assert decision is not None
            legal: LegalActions | None = decision[1]
            mask = decision[4].copy()
        else:
            legal, mask = None, self._idle.copy()
        return {"observation": self._encode(table, seat, self._record, legal, self._stamp),
                "action_mask": mask}  # fmt: skip

    def choice(self, action: Action) -> Any:
        """The env action that plays ``action`` (a legal engine action) for the agent to
        act, for scripted agents: ``env.step(env.choice(Action.raise_to(40)))``."""
        table = self.table
        if table is None or table.to_act is None:
            raise EnvError("nobody has a decision to make now")
        _, legal, pot, bet, _ = self._decision()
        return self.choices.choice(action, legal, pot=pot, bet=bet)

    def render(self) -> str | None:
        """The hand so far as a spectator sees it (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.table is None:
            return None
        return hand_text(self.table, -1)

    def close(self) -> None:
        """Nothing to release."""
