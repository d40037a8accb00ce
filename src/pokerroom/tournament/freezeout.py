"""A tournament: many freeze-outs of the same players, and their standings.

Every game seats all the players at one table, in an order drawn for that game, each
with the buy-in, and is played until one player has every chip (``rules.md`` §10).  The
standings give, for each player over the games:

* **wins**: the share of games won, with Wilson's 95% interval;
* **average finish** (1 = first), with Student's *t* interval over the games;
* **chips won per hand played**: a player's chips won over all games divided by the
  hands *it was dealt in* over those games (not the games' hands: a player who is out
  plays no more hands), with the delta-method interval of that ratio (the games are the
  independent units).  Every loser of a freeze-out loses the buy-in; one who lasts
  longer loses it over more hands, and one who wins chips before busting shows it.
  Dividing by the games' hands instead would give every player who never wins the same
  figure, the buy-in over the games' hands, whatever it did.

>>> from pokerroom.rules import Rules
>>> t = Tournament(Rules.preset("no-limit", buy_in=100), ("random", "calling-station"),
...                ("random", "calling-station"), games=3, seed=1)
>>> for task in t.tasks():
...     print(task.label, task.players)
game 1 ('random', 'calling-station')
game 2 ('calling-station', 'random')
game 3 ('random', 'calling-station')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pokerroom.rules import Rules
from pokerroom.tournament.games import GameTask
from pokerroom.tournament.records import GameRecord
from pokerroom.tournament.seeds import derive
from pokerroom.tournament.stats import (
    Estimate,
    mean_interval,
    proportion_interval,
    ratio_interval,
)

__all__ = ["Standing", "Tournament", "TournamentError", "at_least_one", "check_players"]


class TournamentError(ValueError):
    """Settings a tournament or league cannot be played with; the message says why."""


def check_players(players: Sequence[str], names: Sequence[str], what: str) -> None:
    """2 to 14 players, one name each (``what``: how the message says who plays)."""
    n = len(players)
    if not 2 <= n <= 14:
        raise TournamentError(f"{n} players: {what} 2 to 14")
    if len(names) != n:
        raise TournamentError(f"{len(names)} names for {n} players")


def at_least_one(what: str, value: int) -> None:
    if value < 1:
        raise TournamentError(f"{what}: 1 or more, not {value}")


@dataclass(frozen=True, slots=True)
class Tournament:
    """``games`` freeze-outs of ``players`` (bot names or class specs; ``names`` are how
    results name them) under ``rules``.  ``button`` is each game's first button (a seat,
    ``random`` or ``first-jack``), ``max_hands`` an optional limit on a game's hands,
    ``budget`` the seconds a decision may take."""

    rules: Rules
    players: tuple[str, ...]
    names: tuple[str, ...]
    games: int
    seed: int
    button: int | str = "random"
    max_hands: int | None = None
    budget: float = 10.0

    def __post_init__(self) -> None:
        check_players(self.players, self.names, "a freeze-out seats")
        at_least_one("games", self.games)
        if self.max_hands is not None:
            at_least_one("max hands", self.max_hands)

    def settings(self) -> dict[str, Any]:
        """Everything that decides the results, as plain data (the results database
        finds a run to resume by these)."""
        return {
            "rules": self.rules.to_mapping(),
            "players": list(self.players),
            "games": self.games,
            "seed": self.seed,
            "button": self.button,
            "max_hands": self.max_hands,
            "budget": self.budget,
        }

    def seating(self, game: int) -> list[int]:
        """Which player sits in each seat of game ``game`` (drawn from the run's seed)."""
        order = list(range(len(self.players)))
        random.Random(derive(self.seed, "seating", game)).shuffle(order)
        return order

    def tasks(self, *, histories: bool = False, log: bool = False) -> list[GameTask]:
        out = []
        for g in range(self.games):
            order = self.seating(g)
            out.append(GameTask(
                index=g, label=f"game {g + 1}", rules=self.rules,
                players=tuple(self.players[e] for e in order), entrants=tuple(order),
                names=tuple(self.names[e] for e in order), seed=derive(self.seed, "game", g),
                button=self.button, max_hands=self.max_hands, budget=self.budget,
                histories=histories, log=log,
            ))  # fmt: skip
        return out

    def standings(self, records: Sequence[GameRecord]) -> list[Standing]:
        """Each player's results over ``records``, best first (most wins, then the best
        average finish)."""
        return standings(self.names, records)


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's results over a tournament's games: ``chips_per_hand`` is per hand
    it was dealt in (``hands`` over all its games)."""

    entrant: int
    name: str
    games: int
    wins: int
    win_share: Estimate
    finish: Estimate
    chips_per_hand: Estimate
    hands: int
    faults: int


def standings(names: Sequence[str], records: Sequence[GameRecord]) -> list[Standing]:
    """Each entrant's results over ``records`` (games it sat in), best first."""
    if not records:
        raise TournamentError("no games played yet")
    out = []
    for entrant, name in enumerate(names):
        seats = [(g, g.seat_of(entrant)) for g in records
                 if any(s.entrant == entrant for s in g.seats)]  # fmt: skip
        if not seats:
            continue
        places = [float(s.place if s.place is not None else len(g.seats)) for g, s in seats]
        wins = sum(1 for p in places if p == 1)
        out.append(Standing(
            entrant=entrant, name=name, games=len(seats), wins=wins,
            win_share=proportion_interval(wins, len(seats)),
            finish=mean_interval(places),
            chips_per_hand=ratio_interval([s.won for _, s in seats],
                                          [max(s.hands, 1) for _, s in seats]),
            hands=sum(s.hands for _, s in seats), faults=sum(s.faults for _, s in seats),
        ))  # fmt: skip
    out.sort(key=lambda s: (-s.wins, s.finish.value, -s.chips_per_hand.value, s.entrant))
    return out
