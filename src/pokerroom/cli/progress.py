"""A progress bar for long commands: on standard error, only on a terminal, and only once
the work has taken a while, so piped output and quick answers carry no trace of it."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from pokerroom._closing import Closing

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

__all__ = ["LazyBar"]

SHOW_AFTER = 0.4  # seconds: quick answers show no bar


class LazyBar(Closing):
    """Call it as ``bar(done, total)`` (``total`` None when open-ended); use it as a
    context manager, or call :meth:`close`, to take the bar away.

    >>> with LazyBar("counting") as bar:  # standard error is no terminal here: no bar
    ...     bar(1, 2)
    """

    def __init__(self, label: str) -> None:
        from pokerroom.cli.console import plain_console

        self.console = plain_console(stderr=True)
        self.label = label
        self.start = time.perf_counter()
        self.bar: Progress | None = None
        self.task: TaskID | None = None

    def __call__(self, done: int, total: int | None) -> None:
        if self.bar is None:
            if not self.console.is_terminal or time.perf_counter() - self.start < SHOW_AFTER:
                return
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(
                TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                TimeElapsedColumn(), TimeRemainingColumn(),
                console=self.console, transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total)
        assert self.task is not None
        self.bar.update(self.task, completed=done, total=total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None
