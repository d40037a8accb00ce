"""Players: the one protocol (:class:`Player`), the bots (:data:`BOTS`), a user's own class
(:func:`make_player`), and the runner that seats them at a table (:class:`Runner`).

>>> from pokerroom.rules import Rules
>>> result = play_game(Rules.preset("no-limit", buy_in=200),
...                    [make_player("rule-based", seed=1), make_player("random", seed=2)],
...                    seed=0)
>>> result.names, result.winner, result.stacks, result.hands
(('rule-based', 'random'), 0, (400, 0), 26)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.players.base import Bot, Player
from pokerroom.players.cfr import CFRBot
from pokerroom.players.registry import BOTS, PlayerLoadError, load_player_class, make_player
from pokerroom.players.rulebased import RuleBased
from pokerroom.players.runner import Fault, FaultKind, GameResult, Runner
from pokerroom.players.simple import CallingStation, RandomBot
from pokerroom.players.strong import Strong
from pokerroom.rules import Rules
from pokerroom.table import Table

__all__ = [
    "BOTS",
    "Bot",
    "CFRBot",
    "CallingStation",
    "Fault",
    "FaultKind",
    "GameResult",
    "Player",
    "PlayerLoadError",
    "RandomBot",
    "RuleBased",
    "Runner",
    "Strong",
    "load_player_class",
    "make_player",
    "play_game",
    "seat_names",
]


def seat_names(players: Sequence[Player]) -> list[str]:
    """The players' names, numbered where they repeat: ``random``, ``random #2``."""
    names = [str(getattr(p, "name", type(p).__name__)) or type(p).__name__ for p in players]
    out = []
    for i, name in enumerate(names):
        k = names[:i].count(name)
        out.append(name if k == 0 else f"{name} #{k + 1}")
    return out


def play_game(
    rules: Rules,
    players: Sequence[Player],
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    clock: Callable[[], float] | None = None,
    budget: float = 10.0,
    on_fault: Callable[[Fault], None] | None = None,
    **table_options: Any,
) -> GameResult:
    """Seat ``players`` (seat 0 first) at a new :class:`~pokerroom.table.Table` and play
    the game out.  The decks are shuffled by ``rng`` (or ``random.Random(seed)``; with
    neither, :class:`secrets.SystemRandom`); ``table_options`` go to the table
    (``button``, ``levels``, ``max_hands``...)."""
    if rng is None and seed is not None:
        rng = random.Random(seed)
    table = Table(rules, len(players), names=seat_names(players), rng=rng, **table_options)
    return Runner(table, players, clock=clock, budget=budget, on_fault=on_fault).play()
