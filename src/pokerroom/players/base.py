"""The one protocol every player follows: built-in bots, a user's class, a person at the
terminal, a program behind a socket.

A player answers two questions: :meth:`Player.act` (its action, given its
:class:`~pokerroom.engine.PlayerView` and a time budget in seconds) and, at an announced
showdown, :meth:`Player.announce` (show, announcing a hand its cards make, or muck).  It
is told, if it wants: the game before it starts (:meth:`Player.start_game`: the number of
players, its seat, the button, 001), each hand before it is dealt (:meth:`start_hand`: the
stacks), every public event as it happens (:meth:`observe`: actions, shown cards, chips
won), its view of each finished hand (:meth:`end_hand`) and the final result
(:meth:`end_game`).  It never receives anything a player at a real table could not see.
A player that remembers anything (a random source, what it learned of the others) may also
be saved and restored with the game: ``save_state()`` and ``restore_state(state)``
(:mod:`pokerroom.players.state`; every :class:`Bot` has them).

The notifications do nothing unless overridden (and the runner does not call them then),
so a bot is a class with one method:

>>> from pokerroom.engine import Action
>>> class AlwaysCall(Player):
...     name = "always-call"
...     def act(self, view, budget):
...         return Action.check() if view.to_call == 0 else Action.call()
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from pokerroom.engine import Action, ActionKind
from pokerroom.players.state import StateError, need, random_from, random_state, whole

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from pokerroom.engine import Event, PlayerView
    from pokerroom.players.runner import GameResult
    from pokerroom.table import GameStart, HandStart

__all__ = ["HOOKS", "NOTIFICATIONS", "Actor", "Bot", "Listener", "Player", "Relay", "hook"]

HOOKS = ("start_game", "start_hand", "announce", "observe", "end_hand", "end_game")
NOTIFICATIONS = ("start_game", "start_hand", "observe", "end_hand", "end_game")
"""The hooks that tell a player of the game (the others, ``act`` and ``announce``, ask)."""

# An Enum member read off its class (``ActionKind.RAISE``) is a slow attribute lookup
# through the Enum's metaclass, about ten times a module global's: the hot paths read these.
_RAISE, _BET = ActionKind.RAISE, ActionKind.BET

# The bets and raises bots have made, by amount, shared by every bot (a new bot would
# otherwise make each amount's action again); keys without the Enum kind, whose hash is
# a Python call.
_BETS: dict[int, Action] = {}
_RAISES: dict[int, Action] = {}


class Player(ABC):
    """The player protocol.  Subclass it and write :meth:`act`; override the others to
    hear more.  ``name`` names the player in logs and results."""

    name: ClassVar[str] = "player"
    description: ClassVar[str] = "a player"

    @abstractmethod
    def act(self, view: PlayerView, budget: float) -> Action:
        """The action for ``view`` (``view.legal`` lists the choices), within ``budget``
        seconds.  Read ``view`` before returning (``copy.copy(view)`` keeps it).  An
        exception, anything not a legal :class:`~pokerroom.engine.Action`, or an answer
        over budget gets the default action instead (check if free, else fold)."""

    def announce(self, view: PlayerView, budget: float) -> Action:
        """At the showdown: :meth:`Action.show <pokerroom.engine.Action.show>` (under
        announced hands with one of ``view.legal.values``, best first) or
        :meth:`Action.muck <pokerroom.engine.Action.muck>`.  Not overriding it leaves the
        decision to the table: show a hand that can still win a share, announcing the best
        hand the cards make; else muck."""
        legal = view.legal
        if legal is None or ActionKind.SHOW not in legal.kinds:
            return Action.muck()  # 001: a hand that cannot tie what is shown concedes
        return Action.show(legal.values[0]) if legal.values else Action.show()

    def start_game(self, game: GameStart) -> None:  # noqa: B027 - a hook, empty by default
        """Before the game: the players, this player's seat, the button, the rules."""

    def start_hand(self, hand: HandStart) -> None:  # noqa: B027 - a hook, empty by default
        """Before each hand: its number, the button, every seat's stack, the level."""

    def observe(self, event: Event) -> None:  # noqa: B027 - a hook, empty by default
        """Every public event of a hand, as it happens (hole cards only when shown)."""

    def end_hand(self, view: PlayerView) -> None:  # noqa: B027 - a hook, empty by default
        """This player's view of the hand just finished (the result, shown cards)."""

    def end_game(self, result: GameResult) -> None:  # noqa: B027 - a hook, empty by default
        """The game is over."""


def hook(player: object, name: str) -> Any:
    """``player``'s method ``name``, or None when it does not have one or it is
    :class:`Player`'s own (which does nothing, or leaves the decision to the table)."""
    method = getattr(player, name, None)
    if method is None or not callable(method):
        return None
    if getattr(method, "__func__", None) is getattr(Player, name, None):
        return None
    return method


class Actor(Protocol):
    """What a network client needs of a player: a decision from a view, within
    ``budget`` seconds (any :class:`Player` is one)."""

    def act(self, view: PlayerView, budget: float) -> Action: ...


@dataclass(frozen=True, slots=True)
class Listener:
    """What a player wants to be told: each notification method it overrides, or None
    (:func:`hook`), looked up once.  Whoever tells a player of the game (a network
    client, a relay) calls the ones that are not None.

    >>> class Watcher(Player):
    ...     def act(self, view, budget): ...
    ...     def observe(self, event): print(event)
    >>> heard = Listener.of(Watcher())
    >>> heard.observe is not None, heard.start_hand, heard.listening
    (True, None, True)
    """

    start_game: Callable[[GameStart], None] | None
    start_hand: Callable[[HandStart], None] | None
    observe: Callable[[Event], None] | None
    end_hand: Callable[[PlayerView], None] | None
    end_game: Callable[[GameResult], None] | None

    @classmethod
    def of(cls, player: object) -> Listener:
        return cls(*(hook(player, name) for name in NOTIFICATIONS))

    @property
    def listening(self) -> bool:
        """Whether it wants any notification at all."""
        return any(getattr(self, name) is not None for name in NOTIFICATIONS)


class Relay(Player):
    """A player that passes every notification on to another player, given to
    :meth:`relay_to` (a bot's fallback, a bot being watched); its own :meth:`act` and
    :meth:`announce` decide."""

    _relayed: Listener = Listener(None, None, None, None, None)

    def relay_to(self, player: Player) -> None:
        self._relayed = Listener.of(player)

    def start_game(self, game: GameStart) -> None:
        if self._relayed.start_game is not None:
            self._relayed.start_game(game)

    def start_hand(self, hand: HandStart) -> None:
        if self._relayed.start_hand is not None:
            self._relayed.start_hand(hand)

    def observe(self, event: Event) -> None:
        if self._relayed.observe is not None:
            self._relayed.observe(event)

    def end_hand(self, view: PlayerView) -> None:
        if self._relayed.end_hand is not None:
            self._relayed.end_hand(view)

    def end_game(self, result: GameResult) -> None:
        if self._relayed.end_game is not None:
            self._relayed.end_game(result)


class Bot(Player):
    """A computer player with its own random source: the same ``seed``, the same play.

    Its state (:mod:`pokerroom.players.state`) holds its name, the version of the state's
    layout (:attr:`state_version`), the seed and the random source; a bot that remembers
    more adds it in :meth:`save_state` and reads it back in :meth:`_read_state` (checked,
    nothing set), which :meth:`restore_state` then sets."""

    state_version: ClassVar[int] = 1
    """The layout of this bot's saved state; a state of another version is refused."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def save_state(self) -> dict[str, Any]:
        """Everything this bot remembers, as JSON data."""
        return {"bot": self.name, "version": self.state_version, "seed": self.seed,
                "rng": random_state(self.rng)}  # fmt: skip

    def restore_state(self, state: Mapping[str, Any]) -> None:
        """Become the bot :meth:`save_state` described (:class:`StateError` if it cannot:
        then nothing changed)."""
        for name, value in self._read_state(state).items():
            setattr(self, name, value)

    def _read_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """The attributes ``state`` gives this bot, checked (nothing is set here)."""
        bot = need(state, "bot")
        if bot != self.name:
            raise StateError(f"the state of a {bot!r} bot, not of {self.name!r}")
        version = need(state, "version")
        if version != self.state_version:
            raise StateError(
                f"a {self.name} bot's state of layout version {version!r}; this pokerroom "
                f"reads version {self.state_version}"
            )
        seed = need(state, "seed")
        return {
            "seed": None if seed is None else whole(seed, "seed"),
            "rng": random_from(need(state, "rng"), "rng"),
        }

    def bet(self, kind: ActionKind, to: int) -> Action:
        """A bet or raise to ``to`` (made once per amount for every bot of the process:
        actions are immutable)."""
        if kind is _RAISE:
            made = _RAISES
        elif kind is _BET:
            made = _BETS
        else:
            return Action(kind, to)
        action = made.get(to)
        if action is None:
            if len(made) > 4096:
                made.clear()
            action = made[to] = Action(kind, to)
        return action

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"
