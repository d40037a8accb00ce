"""The chip graph: every player's stack after each hand of one game (matplotlib).

The figure is built with matplotlib's object API (no ``pyplot``, no global state, no
display needed); the caller saves it (``figure.savefig("out.png")``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.tournament.records import GameRecord

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["chip_graph", "stacks"]


def stacks(record: GameRecord, buy_in: int) -> dict[str, list[int]]:
    """Each player's stack before the first hand and after each hand, by name, in seat
    order; a player out of the game stays at 0 to the end.

    >>> from pokerroom.tournament.records import SeatRecord
    >>> game = GameRecord(0, "game 1", 1, 2, (SeatRecord(0, 0, "a", 1, 2, 0, (30, 70)),
    ...                                       SeatRecord(1, 1, "b", 2, 2, 0, (-30, -70))))
    >>> stacks(game, 100)
    {'a': [100, 130, 200], 'b': [100, 70, 0]}
    """
    return {seat.player: seat.stacks(buy_in) for seat in record.seats}


def chip_graph(record: GameRecord, buy_in: int, *, title: str | None = None) -> Figure:
    """A line per player: chips (y) after each hand (x), with where each went out."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(9, 5), dpi=100, layout="constrained")
    ax = figure.add_subplot()
    for seat in record.seats:
        ys = seat.stacks(buy_in)
        label = seat.player if seat.place is None else f"{seat.player} (place {seat.place})"
        (line,) = ax.plot(range(len(ys)), ys, label=label, linewidth=1.4)
        if ys[-1] == 0:
            out = next(i for i, y in enumerate(ys) if y == 0)
            ax.plot([out], [0], marker="x", color=line.get_color())
    ax.set_xlabel("hand")
    ax.set_ylabel("chips")
    ax.set_xlim(0, max(record.hands, 1))
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize="small")
    ax.set_title(title or f"{record.label}: stacks over {record.hands} hands")
    return figure
