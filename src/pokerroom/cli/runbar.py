"""The progress bar of tournaments and leagues: games done of all, hands played, time
elapsed and hands per second; on standard error, and only on a terminal."""

from __future__ import annotations

import time

from pokerroom.cli.progress import LazyBar

__all__ = ["RunBar"]


class RunBar(LazyBar):
    """``bar.add(hands)`` after each game; a context manager (the bar goes away at the
    end).  ``noun`` names the games (``games``, ``sessions``).  Unlike the lazy bar it
    shows from the start: a run is long.

    >>> with RunBar("tournament", 3, done=1) as bar:  # no terminal here: no bar
    ...     bar.add(120); bar.add(80)
    >>> bar.games, bar.hands
    (3, 200)
    """

    def __init__(self, label: str, total: int, *, done: int = 0, noun: str = "games") -> None:
        super().__init__(label)
        self.total = total
        self.noun = noun
        self.games = done
        self.hands = 0
        if self.console.is_terminal:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self.bar = Progress(
                TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                TextColumn(noun), TextColumn("{task.fields[hands]:>10,} hands"),
                TimeElapsedColumn(), TextColumn("{task.fields[rate]:>8,.0f} hands/s"),
                console=self.console, transient=True,
            )  # fmt: skip
            self.bar.start()
            self.task = self.bar.add_task(label, total=total, completed=done, hands=0, rate=0.0)

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    @property
    def rate(self) -> float:
        """Hands per second so far."""
        return self.hands / self.elapsed if self.elapsed > 0 else 0.0

    def add(self, hands: int) -> None:
        """One more game done, of ``hands`` hands."""
        self.games += 1
        self.hands += hands
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, completed=self.games, hands=self.hands, rate=self.rate)
