"""A run's games played wherever an executor puts them: what ``pokerroom tournament`` and
``pokerroom league`` play a run with (they add the options, the results database, the
hand-history files and the progress bar around it).

A run is its list of :class:`~pokerroom.tournament.games.GameTask`; the records of
games already played (read back to resume a run) are handed to :meth:`GameRun.keep`;
:meth:`GameRun.play` plays the rest, passing each record, as it comes in, to the caller
(to write it somewhere) before keeping it.  ``nets`` are the indexes of the games whose
hand-by-hand results are kept (None: every game); the others are kept as
:meth:`~pokerroom.tournament.records.GameRecord.summary`, so a long run's memory does not
grow with its hands.

>>> from pokerroom.rules import Rules
>>> from pokerroom.tournament import League, make_executor
>>> league = League(Rules.preset("no-limit"), ("calling-station", "random"),
...                 ("calling-station", "random"), hands=40, seed=1, session=20)
>>> run = GameRun(league.tasks(), nets=frozenset({0}))
>>> seen = []
>>> run.check(run.todo())
>>> with make_executor(workers=1) as executor:
...     run.play(executor, lambda record: seen.append(record.index))
>>> records = run.results()
>>> len(records) == len(run.tasks) == len(seen), run.hands == sum(r.hands for r in records)
(True, True)
>>> run.todo()
[]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pokerroom.tournament.executor import Executor
from pokerroom.tournament.games import GameTask, check, play_timed
from pokerroom.tournament.records import GameRecord

__all__ = ["GameRun"]


def _nothing(record: GameRecord) -> None:
    """What is done with a record by default: nothing but keep it."""


@dataclass
class GameRun:
    """A run's games (see the module doc): its ``tasks``, the ``records`` of the games
    played so far by game index, and the ``hands`` this process played."""

    tasks: list[GameTask]
    nets: frozenset[int] | None = None
    records: dict[int, GameRecord] = field(default_factory=dict)
    hands: int = 0

    def todo(self) -> list[GameTask]:
        """The tasks of the games not played yet, in order."""
        return [t for t in self.tasks if t.index not in self.records]

    def check(self, todo: list[GameTask]) -> None:
        """Check each size of table of ``todo`` once (a bad player is refused here, not in
        a worker once the processes are started)."""
        for task in {len(t.players): t for t in todo}.values():
            check(task)

    def keep(self, record: GameRecord) -> None:
        """Keep a game's record (whole or its summary: ``nets``)."""
        if self.nets is None or record.index in self.nets:
            self.records[record.index] = record.without_histories()
        else:
            self.records[record.index] = record.summary()

    def play(
        self,
        executor: Executor,
        on_game: Callable[[GameRecord], None] = _nothing,
        todo: list[GameTask] | None = None,
    ) -> None:
        """Play ``todo`` (default: every game not played yet; :meth:`check` them before
        the executor starts) on ``executor``, each record given whole to ``on_game`` as it
        comes in (in the order the games end), then kept."""
        todo = self.todo() if todo is None else todo
        for _, record in executor.run(play_timed, todo):
            on_game(record)
            self.keep(record)
            self.hands += record.hands

    def results(self) -> list[GameRecord]:
        """Every game's record, in the order of the tasks (each game must be played)."""
        return [self.records[t.index] for t in self.tasks]
