"""One game of a run, played from a task: plain data in, a :class:`GameRecord` out.

A :class:`GameTask` says everything a game needs: the rules, who sits where (players by
name or ``file.py:Class``, built in the process that plays them), the seed of its cards
and of each seat's bot, and whether stacks reset every hand (league sessions) or the game
is a freeze-out.  :func:`play` plays it; it is what an executor runs in a worker, so a
task and its record are small and picklable.

The deck of every hand comes from the task's seed alone (each hand's cards are drawn at
the start of the hand, whatever is played after), so two sessions with the same seed, the
same number of seats and the same first button deal the same cards to the same seats:
that is how a league plays duplicate (:mod:`~pokerroom.tournament.league`).

>>> from pokerroom.rules import Rules
>>> task = GameTask(index=0, label="game 1", rules=Rules.preset("no-limit", buy_in=200),
...                 players=("rule-based", "random"), entrants=(0, 1),
...                 names=("rule-based", "random"), seed=5)
>>> record = play(task)
>>> record.hands, [(s.player, s.place, s.won) for s in record.seats]
(13, [('rule-based', 2, -200), ('random', 1, 200)])
"""

from __future__ import annotations

import dataclasses
import random
import time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import sub

from pokerroom.players import Runner, make_player
from pokerroom.players.base import Player
from pokerroom.rules import Rules
from pokerroom.table import Table
from pokerroom.tournament.aivat import Recorder, Told, aivat_problem
from pokerroom.tournament.records import GameRecord, SeatRecord
from pokerroom.tournament.seeds import derive

__all__ = ["GameRecorder", "GameTask", "check", "play", "play_timed"]


@dataclass(frozen=True, slots=True)
class GameTask:
    """A game to play.  Per-seat tuples are indexed by table seat: ``players`` (bot
    names or class specs), ``entrants`` (each seat's index in the run's list of
    players) and ``names``.  ``seed`` draws the cards (and the first button, when
    random); each seat's bot gets ``derive(seed, "bot", seat, bot_salt)``.
    ``reset_stacks`` with ``max_hands`` makes a league session; otherwise the game is a
    freeze-out to the last player (``max_hands`` stops it early, placing the seats
    still in by their chips).  ``histories`` keeps every hand as PHH text, ``log`` as
    a readable history.  ``aivat`` keeps each hand's AIVAT-corrected result too
    (heads-up: :mod:`~pokerroom.tournament.aivat`)."""

    index: int
    label: str
    rules: Rules
    players: tuple[str, ...]
    entrants: tuple[int, ...]
    names: tuple[str, ...]
    seed: int
    button: int | str = 0
    reset_stacks: bool = False
    max_hands: int | None = None
    bot_salt: int = 0
    budget: float = 10.0
    histories: bool = False
    log: bool = False
    aivat: bool = False


def build_players(task: GameTask) -> list[Player]:
    """Each seat's player, seeded from the task."""
    return [make_player(spec, seed=derive(task.seed, "bot", seat, task.bot_salt))
            for seat, spec in enumerate(task.players)]  # fmt: skip


def check(task: GameTask) -> None:
    """Set up ``task``'s table without playing: the :class:`~pokerroom.table.TableError`
    its game would stop with at once (rules for another number of players, a first
    button that is no seat), raised here, before any process is started for the run.

    >>> from pokerroom.rules import Rules
    >>> check(GameTask(index=0, label="game 1", rules=Rules.preset("no-limit"),
    ...                players=("random", "random"), entrants=(0, 1), names=("a", "b"),
    ...                seed=1, button=5))
    Traceback (most recent call last):
    ...
    pokerroom.table.info.TableError: button 5 is not a seat (0 to 1)
    """
    Table(task.rules, len(task.players), names=task.names, rng=random.Random(task.seed),
          button=task.button, reset_stacks=task.reset_stacks,
          max_hands=task.max_hands)  # fmt: skip


def play(
    task: GameTask,
    *,
    clock: Callable[[], float] | None = None,
    build: Callable[[GameTask], Sequence[Player]] = build_players,
) -> GameRecord:
    """Play ``task`` to its end.  ``clock`` (seconds) holds each decision to the task's
    budget; without it no decision is timed.  ``build`` makes the seats' players (by
    default from their names; a tool measuring players that no name describes passes its
    own)."""
    n = len(task.players)
    table = Table(task.rules, n, names=task.names, rng=random.Random(task.seed),
                  button=task.button, reset_stacks=task.reset_stacks,
                  max_hands=task.max_hands)  # fmt: skip
    players = list(build(task))
    luck: Recorder | None = None
    if task.aivat and aivat_problem(task.rules, n) is None:
        told = [Told(p) for p in players]
        players = list(told)
        luck = Recorder(told, derive(task.seed, "aivat", task.bot_salt))
    runner = Runner(table, players, clock=clock, budget=task.budget)
    recorder = GameRecorder(table, task.label, histories=task.histories, log=task.log)

    def after_hand() -> None:
        recorder.note()
        if luck is not None:
            flat = recorder.totals
            nets = [flat[len(flat) - n + s] - flat[len(flat) - 2 * n + s] for s in range(n)]
            assert table.hand is not None
            luck.note(table.hand, table.seats_in_hand, nets)

    runner.play(after_hand=after_hand)  # one hand each time: no need to check
    record = recorder.record(task.index, task.seed, task.entrants,
                             [(f.seat, str(f)) for f in runner.faults])  # fmt: skip
    if luck is None:
        return record
    seats = tuple(dataclasses.replace(s, adjusted=tuple(luck.adjusted[s.seat]))
                  for s in record.seats)  # fmt: skip
    return dataclasses.replace(record, seats=seats)


def play_timed(task: GameTask) -> GameRecord:
    """:func:`play` with each decision timed by the process's clock
    (:func:`time.perf_counter`): what the executors run in their workers for
    ``pokerroom tournament`` and ``pokerroom league``."""
    return play(task, clock=time.perf_counter)


class GameRecorder:
    """Follows a game at ``table`` hand by hand (call :meth:`hand_over` after each hand)
    and makes its :class:`GameRecord`: each seat's chips won after every hand and, with
    ``histories``, each hand as PHH text (with ``log``, as a readable history).  What a
    tournament game, a league session and a match served over the network leave
    behind."""

    def __init__(
        self, table: Table, label: str, *, histories: bool = False, log: bool = False
    ) -> None:
        self.table = table
        self.label = label
        self.histories = histories
        self.log = log
        # Each seat's chips won before hand 1 and after each hand, row after row in one
        # flat array of machine integers: no object per hand or per number is kept (a
        # long session's rows would otherwise fill the memory the hands are played in).
        self.totals = array("q", table.totals)
        self._seats = table.size
        self.phh: list[str] = []
        self.logs: list[str] = []

    def hand_over(self) -> None:
        """Note the hand just over (once: a second call for the same hand does nothing)."""
        if len(self.totals) <= self.table.hand_number * self._seats:  # no row for it yet
            self.note()

    def note(self) -> None:
        """:meth:`hand_over` for a caller that calls it once after each hand."""
        self.totals.extend(self.table.totals)
        if self.histories or self.log:
            self._keep()

    def record(
        self,
        index: int,
        seed: int,
        entrants: Sequence[int],
        faults: Sequence[tuple[int, str]] = (),
        *,
        names: Sequence[str] | None = None,
    ) -> GameRecord:
        """The game's record; ``faults``: (seat, what happened) for each decision the
        table took for a player; ``names``: each seat's player (default: the table's
        names)."""
        table = self.table
        n = table.size
        flat = self.totals
        columns = [flat[seat::n] for seat in range(n)]  # each seat's totals
        nets = [tuple(map(sub, column[1:], column[:-1])) for column in columns]
        start = table.initial_stacks
        if table.reset_stacks:
            dealt = [len(flat) // n - 1] * n
        else:  # dealt in while it had chips
            dealt = [sum(1 for t in column[:-1] if start[seat] + t > 0)
                     for seat, column in enumerate(columns)]  # fmt: skip
        counts = [0] * n
        for seat, _ in faults:
            counts[seat] += 1
        places = {s.seat: s.place for s in table.standings}
        names = table.names if names is None else names
        seats = tuple(
            SeatRecord(seat, entrants[seat], names[seat],
                       None if table.reset_stacks else places.get(seat),
                       dealt[seat], counts[seat], nets[seat])
            for seat in range(n)
        )  # fmt: skip
        return GameRecord(index, self.label, seed, table.hand_number, seats,
                          tuple(text for _, text in faults), tuple(self.phh),
                          "\n\n".join(self.logs))  # fmt: skip

    def _keep(self) -> None:
        """The hand just played as PHH text and as a readable history."""
        from pokerroom.history.phh import dumps
        from pokerroom.history.record import PlayedHand, to_phh
        from pokerroom.history.text import render

        table = self.table
        hand = table.hand
        assert hand is not None
        seats = table.seats_in_hand
        k = len(seats)
        by_position = [seats[(hand.button + 1 + p) % k] + 1 for p in range(k)]
        played = PlayedHand.from_hand(
            hand, names=[table.names[t] for t in seats], label=table.hand_number,
            info={"event": self.label, "seats": tuple(by_position), "seat_count": table.size},
        )  # fmt: skip
        if self.histories:
            self.phh.append(dumps(to_phh(played)))
        if self.log:
            self.logs.append(f"# {self.label}, hand {table.hand_number}\n{render(played)}")
