"""A game at the table, as the terminal game plays it: your seat, the computer players,
the table, the chips hand by hand, and the save data.

:class:`Game` is what the screens talk to.  The :class:`~pokerroom.table.Table` owns
the state (seats, stacks, the button, the hand in play, the freeze-out); the bots are
:mod:`pokerroom.players` bots by name (:data:`~pokerroom.players.BOTS`, so new ones
appear in the new-game form by themselves).  Plain Python, no Textual: the rules of
the game and its save data are tested without a screen.

The game's :class:`~pokerroom.players.Runner` plays the computer players' decisions
(seat 0, yours, is played from outside); its save holds the table, every bot's state
(random sources, what each learned of the players and read of the hand in play) and what
the bots have been told, so a loaded game plays on exactly as it would have
(:mod:`pokerroom.players.saved`).

>>> game = Game.new(Setup(name="Hero", bots=("calling-station",),
...                       rules=Rules.preset("no-limit"), seed=7))
>>> _ = game.table.start_hand()
>>> game.names, game.table.to_act, game.view().legal is not None
(('Hero', 'Ada'), 0, True)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerroom.engine import PlayerView
from pokerroom.players import BOTS, Player, Runner, make_player
from pokerroom.rules import Rules, RulesError
from pokerroom.table import SaveError as TableSaveError
from pokerroom.table import Standing, Table, TableError

__all__ = ["OPPONENT_NAMES", "YOU", "Game", "GameError", "Setup", "bot_names"]

OPPONENT_NAMES = ("Ada", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy")
"""The computer players' names, seat by seat."""
YOU = 0
"""Your seat."""


class GameError(ValueError):
    """Save data that does not describe a game this version can play."""


def bot_names() -> dict[str, str]:
    """The computer players to choose from (the bots' registry), each with its one-line
    description."""
    return {name: cls.description for name, cls in BOTS.items()}


@dataclass(frozen=True, slots=True)
class Setup:
    """What the new-game form decides: your name, each opponent's bot, the rules
    (stakes and buy-in included) and the seed (``None``: a fresh one)."""

    name: str
    bots: tuple[str, ...]
    rules: Rules
    seed: int | None = None

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "bots": list(self.bots), "rules": self.rules.to_mapping(),
                "seed": self.seed}  # fmt: skip

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Setup:
        if not isinstance(data, Mapping):  # (a damaged save: a number, a list...)
            raise ValueError(f"the setup is not a table of settings but {data!r}")
        seed = data.get("seed")
        return cls(
            name=str(data["name"]),
            bots=tuple(str(b) for b in data["bots"]),
            rules=Rules.from_mapping(data["rules"]),
            seed=None if seed is None else int(seed),
        )


@dataclass
class Game:
    """A freeze-out between you (seat 0) and the computer players.

    ``chips[h]`` is every seat's stack after hand ``h`` (row 0: the buy-ins), for the
    chip graph.  ``seed`` deals the cards: the same seed, the same deals.  ``runner``
    plays the bots (see :meth:`seat`); ``note`` says what a save of an older version
    could not bring back (empty: nothing).
    """

    setup: Setup
    table: Table
    seed: int
    chips: list[list[int]] = field(default_factory=list)
    bots: dict[int, Player] = field(default_factory=dict)
    note: str = ""
    runner: Runner = field(init=False)

    def __post_init__(self) -> None:
        if not self.bots:
            self.bots = _bots(self.setup, self.seed)
        self.runner = Runner(self.table, [None, *(self.bots[s] for s in range(1, self.players))])

    @classmethod
    def new(cls, setup: Setup, stacks: list[int] | None = None) -> Game:
        """A new game; ``stacks`` (default: everyone the buy-in) to start from."""
        seed = setup.seed if setup.seed is not None else secrets.randbits(48)
        names = (setup.name, *OPPONENT_NAMES[: len(setup.bots)])
        seats = list(stacks) if stacks is not None else len(names)
        table = Table(setup.rules, seats, names=names, rng=random.Random(seed))
        return cls(setup, table, seed, [list(table.stacks)])

    def seat(self, players: Sequence[Player | None]) -> Runner:
        """The game's runner, now with ``players`` (None for you, then the game's bots,
        wrapped as the screen needs: their saves are the bots'), who go on from what the
        bots have heard."""
        old = self.runner
        self.runner = Runner(self.table, players, on_fault=old.on_fault, told=old.told)
        self.runner.faults.extend(old.faults)
        return self.runner

    @property
    def names(self) -> tuple[str, ...]:
        return self.table.names

    @property
    def rules(self) -> Rules:
        return self.setup.rules

    @property
    def number(self) -> int:
        """The number of the hand in play or the last one."""
        return self.table.hand_number

    @property
    def players(self) -> int:
        return self.table.size

    def view(self, seat: int = YOU) -> PlayerView:
        """The hand in play (or the last one) as ``seat`` sees it."""
        return self.table.view(seat)

    def hand_over(self) -> None:
        """Note the chips after a finished hand (the chip graph)."""
        self.chips.append(list(self.table.stacks))

    def standings(self) -> list[Standing]:
        """The places so far, best first."""
        return list(self.table.standings)

    # ----------------------------------------------------------------- save data

    def to_data(self) -> dict[str, Any]:
        """Plain data that :meth:`from_data` turns back into this very game: the runner's
        save (:meth:`Runner.save <pokerroom.players.Runner.save>`, checksummed: the
        table with the cards to come, every bot's state, what the bots have heard)."""
        return {
            "setup": self.setup.to_data(),
            "seed": self.seed,
            "chips": [list(row) for row in self.chips],
            "session": self.runner.save(),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Game:
        """The saved game, exactly (mid-hand: the same cards to come, the bots as they
        were), or :class:`GameError` saying why not.  A save of an older pokerroom (the
        table alone) loads with fresh bots and a :attr:`note` that says so."""
        try:
            setup = Setup.from_data(data["setup"])
            seed = int(data["seed"])
            chips = [[int(c) for c in row] for row in data["chips"]]
            bots = _bots(setup, seed)
            note = ""
            if "session" in data:
                runner = Runner.restore(data["session"], [None, *bots.values()])
                table = runner.table
            else:  # saved before the bots' states were: the table alone
                table = Table.restore(data["table"])
                runner = None
                note = OLD_SAVE
        except TableSaveError as exc:
            raise GameError(str(exc)) from None
        except (KeyError, TypeError, ValueError, RulesError, TableError) as exc:
            raise GameError(f"the saved game cannot be rebuilt: {exc}") from None
        if table.size != 1 + len(setup.bots):
            raise GameError("the saved game cannot be rebuilt: its seats and players differ")
        game = cls(setup, table, seed, chips, bots, note)
        if runner is not None:
            game.runner = runner
        return game


def _bots(setup: Setup, seed: int) -> dict[int, Player]:
    """The computer players by seat, each seeded from the game's seed."""
    return {k + 1: make_player(name, seed=seed + k + 1) for k, name in enumerate(setup.bots)}


OLD_SAVE = (
    "This save was made by an older pokerroom, which did not keep the computer players' "
    "memory: the cards to come are the same, but the computer players start afresh and "
    "may play differently."
)
"""What :attr:`Game.note` says of a save of the table alone."""
