"""A game at the table, as the terminal game plays it: seats, hands, bots, saves.

:class:`Game` is the one object the screens talk to.  It owns the table and the
computer players; the screens only ask it for a :class:`PlayerView` and hand it the
actions you choose.  It is plain Python (no Textual), so the game's rules and its save
data are tested without a screen.

>>> game = Game(Setup(name="Hero", bots=("calling-station",), rules=Rules.preset("no-limit"),
...                   seed=7))
>>> game.start_hand()
>>> game.names, game.to_act, game.view().legal is not None
(('Hero', 'Ada'), 0, True)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerroom.engine import Action, ActionKind, Hand, PlayerView, random_action
from pokerroom.rules import Rules

__all__ = ["BOT_NAMES", "OPPONENT_NAMES", "Bot", "Game", "GameError", "Setup", "bot_names"]

OPPONENT_NAMES = ("Ada", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy")
"""The computer players' names, seat by seat."""


class GameError(ValueError):
    """Save data that does not describe a game this version can play."""


class Bot:
    """A computer player: ``act(view)`` returns a legal action for the view's seat."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self._rng = random.Random(seed)

    def act(self, view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        kinds = legal.kinds
        if ActionKind.SHOW in kinds:
            return Action.show(legal.values[0]) if legal.values else Action.show()
        if self.name == "random":
            kind, amount = random_action(legal, self._rng)
            return Action(kind, amount)
        return Action.call() if ActionKind.CALL in kinds else Action.check()


BOT_NAMES = {
    "calling-station": "calls every bet, never raises",
    "random": "picks a legal action at random",
}


def bot_names() -> dict[str, str]:
    """The computer players to choose from, each with a one-line description."""
    return dict(BOT_NAMES)


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
        return cls(
            name=str(data["name"]),
            bots=tuple(str(b) for b in data["bots"]),
            rules=Rules.from_mapping(data["rules"]),
            seed=data.get("seed"),
        )


@dataclass
class Game:
    """A freeze-out between you (seat 0) and the computer players.

    Hands are dealt one at a time with :meth:`start_hand`; while one is in play,
    :attr:`to_act` is the seat whose decision is pending, :meth:`view` is what a seat
    may see, and :meth:`apply` plays an action.  :attr:`chips` records every seat's
    stack before each hand and at the end (the chip graph).
    """

    setup: Setup
    seed: int = -1
    stacks: list[int] = field(default_factory=list)
    button: int = 0
    number: int = 0
    finish: list[int] = field(default_factory=list)
    chips: list[list[int]] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    hand: Hand | None = None
    _seats: list[int] = field(default_factory=list)
    _bots: dict[int, Bot] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.seed < 0:
            self.seed = self.setup.seed if self.setup.seed is not None else secrets.randbits(48)
        if not self.stacks:
            self.stacks = [self.setup.rules.buy_in] * (1 + len(self.setup.bots))
            self.chips = [list(self.stacks)]
        self._bots = {
            k + 1: Bot(name, self.seed + k + 1) for k, name in enumerate(self.setup.bots)
        }

    # ----------------------------------------------------------------- the table

    @property
    def names(self) -> tuple[str, ...]:
        return (self.setup.name, *OPPONENT_NAMES[: len(self.setup.bots)])

    @property
    def rules(self) -> Rules:
        return self.setup.rules

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def out(self) -> tuple[bool, ...]:
        """Seats out of the game (no chips, no hand in play for them)."""
        playing = set(self._seats) if self.hand is not None else set()
        return tuple(s not in playing and self.stacks[s] == 0 for s in range(self.players))

    @property
    def over(self) -> bool:
        """The freeze-out is over: one player has every chip (or you are out)."""
        if self.hand is not None:
            return False
        alive = [s for s in range(self.players) if self.stacks[s] > 0]
        return len(alive) == 1 or self.stacks[0] == 0

    @property
    def in_hand(self) -> bool:
        return self.hand is not None and not self.hand.is_over

    @property
    def to_act(self) -> int | None:
        """The table seat whose decision is pending, or ``None``."""
        if self.hand is None or self.hand.to_act is None:
            return None
        return self._seats[self.hand.to_act]

    def start_hand(self) -> None:
        """Deal the next hand (the previous one must be over)."""
        if self.in_hand:
            raise GameError("a hand is in play: it must finish before the next is dealt")
        self._finish_hand()
        if self.over:
            raise GameError("the game is over")
        self.number += 1
        self._deal()

    def _deal(self) -> None:
        seats = [s for s in range(self.players) if self.stacks[s] > 0]
        while self.stacks[self.button] == 0:
            self.button = (self.button + 1) % self.players
        self._seats = seats
        rng = random.Random(f"{self.seed}:{self.number}")
        self.hand = Hand(self.rules, [self.stacks[s] for s in seats],
                         button=seats.index(self.button), rng=rng)  # fmt: skip
        self.actions = []

    def _finish_hand(self) -> None:
        hand = self.hand
        if hand is None or not hand.is_over:
            return
        for k, s in enumerate(self._seats):
            self.stacks[s] = hand.stacks[k]
        for s in self._seats:
            if self.stacks[s] == 0:
                self.finish.append(s)
        self.chips.append(list(self.stacks))
        self.hand = None
        if not self.over:
            self.button = (self.button + 1) % self.players
            while self.stacks[self.button] == 0:
                self.button = (self.button + 1) % self.players

    def end_hand(self) -> None:
        """Settle a finished hand: stacks, eliminations, the button moves on."""
        self._finish_hand()

    def view(self, seat: int = 0) -> PlayerView:
        """What table seat ``seat`` may see of the hand (the last hand once it is over)."""
        if self.hand is None:
            raise GameError("no hand has been dealt")
        return self.hand.view(self._seats.index(seat))

    def hand_names(self) -> tuple[str, ...]:
        """The names of the seats of the hand in play, in the hand's seat order."""
        return tuple(self.names[s] for s in self._seats)

    def hand_out(self) -> tuple[str, ...]:
        """The names of the players out of the game."""
        return tuple(self.names[s] for s in range(self.players) if s not in self._seats)

    def apply(self, action: Action) -> None:
        """Play ``action`` for the seat to act (:class:`IllegalAction` if it is not legal)."""
        if self.hand is None:
            raise GameError("no hand in play")
        self.hand.apply(action)
        self.actions.append(str(action))

    def bot(self, seat: int) -> Bot:
        return self._bots[seat]

    def standings(self) -> list[int]:
        """Seats from first to last: the players still in by chips, then the players out,
        the last to go out first."""
        alive = sorted((s for s in range(self.players) if self.stacks[s] > 0),
                       key=lambda s: -self.stacks[s])  # fmt: skip
        return alive + self.finish[::-1]

    # ----------------------------------------------------------------- save data

    def to_data(self) -> dict[str, Any]:
        """Plain data that :meth:`from_data` turns back into this very game."""
        in_hand = self.hand is not None
        stacks = list(self.stacks)
        return {
            "setup": self.setup.to_data(),
            "seed": self.seed,
            "stacks": stacks,
            "button": self.button,
            "number": self.number,
            "finish": list(self.finish),
            "chips": [list(c) for c in self.chips],
            "in_hand": in_hand,
            "actions": list(self.actions),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Game:
        try:
            game = cls(
                setup=Setup.from_data(data["setup"]),
                seed=int(data["seed"]),
                stacks=[int(s) for s in data["stacks"]],
                button=int(data["button"]),
                number=int(data["number"]),
                finish=[int(s) for s in data["finish"]],
                chips=[[int(c) for c in row] for row in data["chips"]],
            )
            if data["in_hand"]:
                game._deal()
                for text in data["actions"]:
                    game.apply(Action.parse(text))
        except (KeyError, TypeError, ValueError) as exc:
            raise GameError(f"the saved game cannot be rebuilt: {exc}") from None
        return game

    def seats_of_hand(self) -> Sequence[int]:
        return tuple(self._seats)
