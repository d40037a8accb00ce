"""The console the commands print through: Rich's, with its markup off, so that text a
user gave (a player's name, a file's path) is printed as written, square brackets and
all, where Rich would read ``[bold]`` in it as a style and drop ``[x]`` as an unknown one.

>>> plain_console(width=40).print("results: runs/[bold]/r.db  Ann[red]")
results: runs/[bold]/r.db  Ann[red]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console


def plain_console(*, stderr: bool = False, width: int | None = None) -> Console:
    """A Rich console that reads no markup (tables and styles as usual)."""
    from rich.console import Console

    return Console(markup=False, stderr=stderr, width=width)
