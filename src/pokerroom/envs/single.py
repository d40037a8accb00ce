"""The Gymnasium environment: one learning seat against pokerroom bots or any players.

>>> import numpy as np
>>> env = HoldemEnv("no-limit", opponents="calling-station", view_in_info=True)
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape, obs["action_mask"].tolist(), info["view"].seat
((139,), [1, 1, 1, 1, 1], 0)
>>> obs, reward, terminated, truncated, info = env.step(1)    # call; the hand goes on
>>> str(info["action"]), terminated
('call', False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from numpy.typing import NDArray

from pokerroom.engine import Action, IllegalAction, LegalActions, PlayerView, Street
from pokerroom.envs.game import EnvError, Episode, Settings, seat_view, seeds
from pokerroom.envs.observation import BettingRecord
from pokerroom.envs.text import hand_text
from pokerroom.players import Player, Runner, make_player, seat_names
from pokerroom.players.base import HOOKS, Bot, hook
from pokerroom.rules import Rules
from pokerroom.table import Table

__all__ = ["HoldemEnv"]

Obs = dict[str, Any]  # "observation" and "action_mask": NumPy arrays


class _Noted(Player):
    """An opponent whose every decision first notes the betting round (the observation's
    betting so far); everything else goes straight to the player it stands for."""

    def __init__(self, player: Player, note: Callable[[], None]) -> None:
        self._act = player.act
        self._note = note
        for name in HOOKS:
            method = hook(player, name)
            if method is not None:
                setattr(self, name, method)

    def act(self, view: PlayerView, budget: float) -> Action:
        self._note()
        return self._act(view, budget)


class HoldemEnv(gym.Env[Obs, Any]):
    """Hold'em for one learning agent at seat ``seat``; ``opponents`` play the others.

    ``rules``: a :class:`~pokerroom.rules.Rules` or a preset's name, any structure, 2 to 14
    ``players``.  ``opponents``: a bot's name (``random``, ``calling-station``,
    ``rule-based``), a user's class spec, a player object, or one of those per other seat
    (in seat order, the agent's seat left out).  Bots named are built afresh for every new
    game with seeds drawn from the environment's generator; player objects are used as they
    are (a pokerroom :class:`~pokerroom.players.Bot` has its random source reseeded, so
    that the same seed replays the same episodes).  ``stacks``: chips per seat (default
    the rules' buy-in).

    Episodes: with ``reset_stacks`` (the default unless the rules say freeze-out) every
    hand starts from the starting stacks and an episode is ``hands`` hands (default 1) in
    which the agent decides; the button moves on from one episode to the next, and
    ``reset(seed=...)`` starts a new game.  Without it an episode is a freeze-out: it
    ends when the agent is out or has every chip (terminated), or after ``hands`` hands if
    given (truncated).  A hand in which the agent has nothing to decide (everyone folds to
    its big blind) is played through and its chips go into the next reward.

    Observation: a dict, PettingZoo classic style: ``observation`` (the vector of
    :class:`~pokerroom.envs.observation.ObservationLayout`, whose table is below) and
    ``action_mask`` (int8, 1 for each legal choice).  ``info``: ``view``, the agent's
    complete :class:`~pokerroom.engine.PlayerView`, with ``view_in_info=True`` (building it
    costs more than the rest of a step); ``hand``, the hand's number; ``results``, the
    :class:`~pokerroom.engine.HandResult` of each hand finished since the last step; after
    a step ``action``, the :class:`~pokerroom.engine.Action` played, and ``illegal`` when
    the choice was refused.

    Actions (:mod:`pokerroom.envs.choices`): ``Discrete(3 + len(bet_sizes))``: fold,
    check/call, a bet or raise of each pot fraction in ``bet_sizes`` (default ``(0.5, 1.0)``
    in no and pot limit, none in fixed limit), the largest bet or raise.  With
    ``amounts="exact"`` (no and pot limit): ``Tuple(Discrete(3), Box(0, 1))``, the kind and
    where the amount lies between the smallest and the largest legal bet.  A choice the
    mask rules out plays the default action (check if free, else fold) and sets
    ``info["illegal"]``; ``illegal="raise"`` raises
    :class:`~pokerroom.engine.IllegalAction` instead, with nothing changed.

    Rewards: the agent's chips won or lost, in big blinds, at the end of each hand (the
    game is zero-sum: what it wins the others lose).  Showdowns are played for the agent
    the default way (show a hand that can still win, announcing its best hand; else muck).

    ``table`` is the dealer's :class:`~pokerroom.table.Table`: it holds every card.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 - Gymnasium's

    def __init__(
        self,
        rules: Rules | str = "no-limit",
        *,
        players: int | None = None,
        seat: int = 0,
        opponents: str | Player | Sequence[str | Player] = "rule-based",
        stacks: int | Sequence[int] | None = None,
        reset_stacks: bool | None = None,
        hands: int | None = None,
        bet_sizes: Sequence[float] | None = None,
        amounts: str = "discrete",
        illegal: str = "default",
        view_in_info: bool = False,
        render_mode: str | None = None,
    ) -> None:
        settings = Settings.make(rules, players=players, stacks=stacks,
                                 reset_stacks=reset_stacks, hands=hands, bet_sizes=bet_sizes,
                                 amounts=amounts, illegal=illegal, view_in_info=view_in_info,
                                 render_mode=render_mode)  # fmt: skip
        self.config = config = settings.config
        n = config.players
        if type(seat) is not int or not 0 <= seat < n:
            raise EnvError(f"seat is {seat!r}: the agent's seat, 0 to {n - 1}")
        self.seat = seat
        self._opponents = self._check_opponents(opponents, n - 1)
        self.choices = settings.choices
        self.layout = settings.layout
        self.illegal = settings.illegal
        self.view_in_info = settings.view_in_info
        self.render_mode = settings.render_mode
        self.observation_space = settings.observation_space()
        self.action_space = settings.action_space()
        self.table: Table | None = None
        self._runner: Runner | None = None
        self._episode: Episode | None = None
        self._record = BettingRecord()
        self._auto = True
        self._done = True
        self._reward = 0.0

    @staticmethod
    def _check_opponents(
        opponents: str | Player | Sequence[str | Player], k: int
    ) -> list[str | Player]:
        if isinstance(opponents, str) or callable(getattr(opponents, "act", None)):
            listed: list[Any] = [opponents] * k
        elif isinstance(opponents, Sequence):
            listed = list(opponents)
            if len(listed) != k:
                raise EnvError(f"opponents: {k} players for the other seats, not {len(listed)}")
        else:
            raise EnvError(f"opponents is {opponents!r}: bot names or player objects")
        for p in listed:
            if isinstance(p, str):
                make_player(p)  # an unknown name fails now, with the bots listed
            elif not callable(getattr(p, "act", None)):
                raise EnvError(f"opponent {p!r} is not a player (it has no act method)")
        return listed

    # ------------------------------------------------------------------ the game

    def _new_game(self) -> None:
        config = self.config
        table_seed, *bot_seeds = seeds(self.np_random, len(self._opponents) + 1)
        opponents: list[Player] = []
        for spec, s in zip(self._opponents, bot_seeds, strict=True):
            if isinstance(spec, str):
                opponents.append(make_player(spec, seed=s))
            else:
                if isinstance(spec, Bot):
                    spec.rng.seed(s)
                opponents.append(spec)
        names = seat_names(opponents)
        names.insert(self.seat, "agent")
        table = config.new_table(random.Random(table_seed), names)
        note = self._note
        players: list[Player | None] = [_Noted(p, note) for p in opponents]
        players.insert(self.seat, None)
        self._runner = Runner(table, players)
        self._auto = not any(hook(p, "announce") for p in opponents)
        self.table = table
        self._record = BettingRecord()

    def _note(self) -> None:
        assert self.table is not None
        self._record.note(self.table)

    def _play(self) -> tuple[bool, bool]:
        """Play the others (and hands the agent has no say in) until the agent decides or
        the episode ends: (terminated, truncated)."""
        runner, episode = self._runner, self._episode
        assert runner is not None and episode is not None
        table = episode.table
        me = self.seat
        while True:
            if table.in_hand:
                seat = runner.advance()
                if seat is not None:
                    if table.legal_actions().street is Street.SHOWDOWN:
                        runner.apply(table.default_action())
                        continue
                    return False, False
            if episode.unbooked:
                result = episode.hand_over()
                self._reward += result.net[me] / self.config.unit
                ended = episode.ended(me)
                if ended[0] or ended[1]:
                    return ended
            table.start_hand(auto_showdown=self._auto)

    # --------------------------------------------------------------- the Gym API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        self._reward = 0.0
        table = self.table
        if (
            seed is not None
            or table is None
            or table.in_hand
            or table.is_over
            or (not self.config.reset_stacks)
        ):
            self._new_game()
        while True:
            assert self.table is not None
            self._episode = Episode(self.config, self.table)
            if self._play() == (False, False):
                break
            # The game ended before the agent had a decision (stacks barely above the
            # forced bets): its chips stay in the reward, and a new game starts.
            self._new_game()
        self._done = False
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        episode, runner, table = self._episode, self._runner, self.table
        if self._done or episode is None or runner is None or table is None:
            raise EnvError("no episode under way: call reset() to start one")
        decision = self._decision()
        assert decision is not None
        legal, pot, bet = decision
        played = self.choices.action(action, legal, pot=pot, bet=bet)
        refused = None
        if not isinstance(played, Action):
            mask = self.choices.mask(legal, pot=pot, bet=bet)
            allowed = ", ".join(f"{i} {label}" for i, label in enumerate(self.choices.labels)
                                if mask[i])  # fmt: skip
            refused = (f"seat {self.seat} cannot play {played} {legal.street.phrase} "
                       f"(legal: {legal}; choices: {allowed})")  # fmt: skip
            if self.illegal == "raise":
                raise IllegalAction(refused)
            played = table.default_action()
        self._record.note(table)
        episode.decided = True
        episode.results = []
        runner.apply(played)
        terminated, truncated = self._play()
        self._done = terminated or truncated
        reward, self._reward = self._reward, 0.0
        info = self._info()
        info["action"] = played
        if refused is not None:
            info["illegal"] = refused
        return self._observe(), reward, terminated, truncated, info

    def _decision(self) -> tuple[LegalActions, int, int] | None:
        """The agent's choices, the pot and its bet, when it is to act."""
        table = self.table
        if self._done or table is None or not table.in_hand or table.to_act != self.seat:
            return None
        hand = table.hand
        assert hand is not None
        mine = table.seats_in_hand.index(self.seat)
        return table.legal_actions(), hand.pot, hand.bets[mine]

    def _observe(self) -> Obs:
        table = self.table
        assert table is not None
        decision = self._decision()
        if decision is None:
            legal, mask = None, self.choices.mask(None, pot=0, bet=0)
        else:
            legal, pot, bet = decision
            mask = self.choices.mask(legal, pot=pot, bet=bet)
        vector = self.layout.encode(table, self.seat, self._record, legal)
        return {"observation": vector, "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        table, episode = self.table, self._episode
        assert table is not None and episode is not None
        info: dict[str, Any] = {"hand": table.hand_number,
                                "results": tuple(episode.results)}  # fmt: skip
        if self.view_in_info:
            info["view"] = seat_view(table, self.seat)
        return info

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal choices now, as booleans (what maskable learners ask for)."""
        decision = self._decision()
        if decision is None:
            return np.zeros(self.choices.n, dtype=np.bool_)
        legal, pot, bet = decision
        mask: NDArray[np.bool_] = self.choices.mask(legal, pot=pot, bet=bet).astype(np.bool_)
        return mask

    def choice(self, action: Action) -> Any:
        """The env action that plays ``action`` now (a legal engine action), for scripted
        agents: ``env.step(env.choice(Action.raise_to(40)))``."""
        decision = self._decision()
        if decision is None:
            raise EnvError("the agent has no decision to make now")
        legal, pot, bet = decision
        return self.choices.choice(action, legal, pot=pot, bet=bet)

    def render(self) -> str | None:
        """The hand so far as the agent sees it (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.table is None:
            return None
        return hand_text(self.table, self.seat)

    def close(self) -> None:
        """Nothing to release."""
