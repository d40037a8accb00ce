"""What both environments share: the game they set up (:class:`GameConfig`), the
seeds they draw, and the episode's bookkeeping (:class:`Episode`: hands counted, the end,
each hand's result, from which the environments reward its chips).

An episode is a number of hands (``hands``) or, in a freeze-out, the whole game.  Only
hands in which somebody (the learning agent, in the single-agent environment) made a
decision count: a hand that ends with nobody to ask (everyone folds to the big blind of
the single agent; every seat all-in on its forced bets) is played through, and its chips
go into the next reward, so no chip won or lost is ever left out of the rewards.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from pokerroom.engine import HandResult, PlayerView
from pokerroom.envs.choices import ActionChoices
from pokerroom.envs.observation import ObservationLayout
from pokerroom.rules import Rules, RulesError, Structure
from pokerroom.table import FirstButton, Table, TableError

if TYPE_CHECKING:
    from numpy.random import Generator

__all__ = [
    "ILLEGAL_MODES",
    "EnvError",
    "Episode",
    "GameConfig",
    "Settings",
    "seat_view",
]

ILLEGAL_MODES = ("default", "raise")
"""What an environment does with a choice the mask rules out: play the seat's default
action (check if free, else fold) and say so in ``info["illegal"]``, or raise
:class:`~pokerroom.engine.IllegalAction` with nothing changed."""


class EnvError(ValueError):
    """An environment that cannot be set up (the message names the setting and the
    choices), or an environment used out of turn (a step after the episode ended)."""


@dataclass(frozen=True, slots=True)
class GameConfig:
    """The game an environment plays.  Built by :meth:`make`, which checks everything."""

    rules: Rules
    players: int
    stacks: tuple[int, ...]
    reset_stacks: bool
    hands: int | None
    unit: int
    """Chips in a big blind: the rewards' and the observation's unit."""

    @classmethod
    def make(
        cls,
        rules: Rules | str,
        *,
        players: int | None,
        stacks: int | Sequence[int] | None,
        reset_stacks: bool | None,
        hands: int | None,
    ) -> GameConfig:
        if isinstance(rules, str):
            try:
                rules = Rules.preset(rules)
            except RulesError as exc:
                raise EnvError(str(exc)) from None
        if not isinstance(rules, Rules):
            raise EnvError(f"rules is {rules!r}: a Rules or the name of a preset")
        if players is not None and rules.players is not None and players != rules.players:
            raise EnvError(f"players is {players!r}, but the rules are for {rules.players}")
        n = players if players is not None else rules.players or 2
        if type(n) is not int or not 2 <= n <= 14:
            raise EnvError(f"players is {n!r}: 2 to 14")
        if stacks is None:
            chips: tuple[int, ...] = (rules.buy_in,) * n
        elif isinstance(stacks, int):
            chips = (stacks,) * n
        else:
            chips = tuple(stacks)
            if len(chips) != n:
                raise EnvError(f"stacks has {len(chips)} entries for {n} players")
        reset = (not rules.freeze_out) if reset_stacks is None else bool(reset_stacks)
        if hands is not None and (type(hands) is not int or hands < 1):
            raise EnvError(f"hands is {hands!r}: a number of hands, 1 or more (None: the default)")
        if hands is None and reset:
            hands = 1
        unit = rules.big_blind or rules.units[0]
        forced = max(rules.ante_amounts(n)) + rules.big_blind
        short = [f"seat {i} has {c!r}" for i, c in enumerate(chips)
                 if type(c) is not int or c <= forced]  # fmt: skip
        if short:
            raise EnvError(
                f"stacks: every seat needs more than the forced bets ({forced} chips) to have "
                f"a decision to make: {'; '.join(short)}"
            )
        config = cls(rules.replace(players=None) if rules.players else rules, n, chips, reset,
                     hands, unit)  # fmt: skip
        try:
            config.new_table(random.Random(0), None)
        except TableError as exc:
            raise EnvError(str(exc)) from None
        return config

    @property
    def total(self) -> int:
        """Every chip at the table."""
        return sum(self.stacks)

    def new_table(self, rng: random.Random, names: Sequence[str] | None) -> Table:
        """A new game: the first button drawn at random, decks shuffled by ``rng``."""
        return Table(self.rules, self.stacks, names=names, button=FirstButton.RANDOM, rng=rng,
                     reset_stacks=self.reset_stacks)  # fmt: skip

    def layout(self) -> ObservationLayout:
        return ObservationLayout(players=self.players, cards=53 if self.rules.joker else 52,
                                 total_chips=self.total, unit=self.unit)  # fmt: skip

    def choices(self, bet_sizes: Sequence[float] | None, amounts: str) -> ActionChoices:
        """The action choices; ``bet_sizes`` default to half the pot and the pot (no
        limit and pot limit; fixed limit has one size, the max choice)."""
        fixed = self.rules.structure is Structure.FIXED_LIMIT
        if amounts not in ("discrete", "exact"):
            raise EnvError(f"amounts is {amounts!r}: 'discrete' or 'exact'")
        if amounts == "exact":
            if fixed:
                raise EnvError("exact amounts need no limit or pot limit: fixed limit has one "
                               "bet size (amounts='discrete')")  # fmt: skip
            if bet_sizes:
                raise EnvError("bet_sizes are for discrete choices, not exact amounts")
            return ActionChoices(exact=True)
        if bet_sizes is None:
            bet_sizes = () if fixed else (0.5, 1.0)
        sizes = tuple(bet_sizes)
        if fixed and sizes:
            raise EnvError(f"bet_sizes {sizes!r}: fixed limit has one bet size (bet_sizes=())")
        bad = [
            f
            for f in sizes
            if isinstance(f, bool)
            or not isinstance(f, int | float)
            or not (math.isfinite(f) and f > 0)
        ]
        if bad or len(set(sizes)) != len(sizes):
            raise EnvError(f"bet_sizes {sizes!r}: distinct pot fractions, more than 0")
        return ActionChoices(bet_sizes=sizes)


@dataclass(frozen=True, slots=True)
class Settings:
    """What both environments are set up with, checked: the game, the action choices,
    the observation's layout, what an illegal choice does, the info and the rendering.
    :meth:`make` checks every setting (an :class:`EnvError` names the bad one)."""

    config: GameConfig
    choices: ActionChoices
    layout: ObservationLayout
    illegal: str
    view_in_info: bool
    render_mode: str | None

    @classmethod
    def make(
        cls,
        rules: Rules | str,
        *,
        players: int | None,
        stacks: int | Sequence[int] | None,
        reset_stacks: bool | None,
        hands: int | None,
        bet_sizes: Sequence[float] | None,
        amounts: str,
        illegal: str,
        view_in_info: bool,
        render_mode: str | None,
    ) -> Settings:
        config = GameConfig.make(rules, players=players, stacks=stacks,
                                 reset_stacks=reset_stacks, hands=hands)  # fmt: skip
        choices = config.choices(bet_sizes, amounts)
        if illegal not in ILLEGAL_MODES:
            raise EnvError(f"illegal is {illegal!r}: {' or '.join(map(repr, ILLEGAL_MODES))}")
        if render_mode is not None and render_mode != "ansi":
            raise EnvError(f"render_mode is {render_mode!r}: None or 'ansi'")
        return cls(config, choices, config.layout(), illegal, bool(view_in_info), render_mode)

    def observation_space(self) -> spaces.Dict:
        """PettingZoo classic's: the vector and the action mask."""
        layout = self.layout
        return spaces.Dict({
            "observation": spaces.Box(layout.low, layout.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.choices.n,), dtype=np.int8),
        })  # fmt: skip

    def action_space(self) -> spaces.Space[Any]:
        """``Discrete`` over the choices, or (kind, where the amount lies) when exact."""
        if self.choices.exact:
            return ExactSpace()
        return spaces.Discrete(self.choices.n)


class ExactSpace(spaces.Tuple[Any]):
    """The choices with exact amounts: ``Tuple(Discrete(3), Box(0, 1, (1,)))``, the kind
    and where the amount lies.  ``sample(mask)`` also takes the observation's
    ``action_mask`` as it is (the mask of the kind), as PettingZoo's tools pass it."""

    def __init__(self) -> None:
        super().__init__((spaces.Discrete(3), spaces.Box(0.0, 1.0, (1,), dtype=np.float32)))

    def sample(
        self,
        mask: tuple[Any | None, ...] | NDArray[np.int8] | None = None,
        probability: tuple[Any | None, ...] | None = None,
    ) -> tuple[Any, ...]:
        if isinstance(mask, np.ndarray):
            mask = (mask, None)
        return super().sample(mask, probability)


def seeds(np_random: Generator, k: int) -> list[int]:
    """``k`` seeds for the game's random sources, drawn from the environment's generator."""
    return [int(x) for x in np_random.integers(0, 2**62, size=k)]


class Episode:
    """The bookkeeping of one episode over a table: hands counted, the end, and the
    results of the hands, whose chips the environments reward (in big blinds, the
    config's ``unit``)."""

    __slots__ = ("booked", "config", "decided", "hands", "results", "table")

    def __init__(self, config: GameConfig, table: Table) -> None:
        self.config = config
        self.table = table
        self.hands = 0
        self.decided = False
        self.results: list[HandResult] = []
        self.booked = table.hand_number

    @property
    def unbooked(self) -> bool:
        """Whether a hand has finished that :meth:`hand_over` has not counted yet."""
        table = self.table
        return not table.in_hand and table.hand_number != self.booked

    def hand_over(self) -> HandResult:
        """Count the hand just finished and return its result (table seats)."""
        table = self.table
        result = table.last_result
        assert result is not None and not table.in_hand
        self.booked = table.hand_number
        if self.decided:
            self.hands += 1
        self.decided = False
        self.results.append(result)
        return result

    def ended(self, seat: int | None = None) -> tuple[bool, bool]:
        """(terminated, truncated) between hands: the game is over (or seat ``seat`` is
        out of it), or the episode's hands are played (terminated when stacks reset,
        truncated when the freeze-out goes on)."""
        table = self.table
        if table.is_over or (seat is not None and table.out[seat]):
            return True, False
        hands = self.config.hands
        if hands is not None and self.hands >= hands:
            return (True, False) if self.config.reset_stacks else (False, True)
        return False, False



def seat_view(table: Table, seat: int) -> PlayerView:
    """Table seat ``seat``'s complete view, for an environment's ``info``."""
    return table.view(seat)  # its legal actions compare by value, as Gymnasium's checks need
