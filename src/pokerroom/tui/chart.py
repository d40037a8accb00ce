"""A chip graph drawn with text: each player's chips over the hands, one row each, all on
one scale, so the rise and fall of every stack can be read at a glance.

>>> print(chip_graph([[10, 10], [15, 5], [20, 0]], ["Ann", "Bo"], width=12).plain)
Ann  ▄▆█   20
Bo   ▄▂  out
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from pokerroom.tui import amounts

__all__ = ["COLOURS", "chip_graph"]

_BARS = " ▁▂▃▄▅▆▇█"
COLOURS = ("bold white", "green", "bright_blue", "red", "yellow", "magenta", "cyan",
           "bright_green", "bright_red", "bright_magenta")  # fmt: skip


def chip_graph(chips: Sequence[Sequence[int]], names: Sequence[str], *, width: int) -> Text:
    """``chips[h][s]``: seat ``s``'s chips after hand ``h`` (row 0: the buy-ins).

    Each row is a sparkline ``width`` cells wide at most (hands are sampled evenly when
    there are more), scaled to the largest stack of the game; then the final chips, or
    ``out``.
    """
    hands = len(chips)
    top = max((max(row) for row in chips), default=0) or 1
    cols = min(width, hands)
    picks = [round(k * (hands - 1) / max(cols - 1, 1)) for k in range(cols)] if hands else []
    name_w = max((len(n) for n in names), default=0) + 2
    out = Text()
    for s, name in enumerate(names):
        if s:
            out.append("\n")
        out.append(f"{name:<{name_w}}")
        line = ""
        gone = False
        for h in picks:
            value = chips[h][s]
            if gone:
                line += " "
                continue
            if value == 0 and h > 0:
                gone = True
                line += " "
                continue
            line += _BARS[max(1, round(value / top * (len(_BARS) - 1)))]
        out.append(f"{line:<{cols}}", style=COLOURS[s % len(COLOURS)])
        last = chips[-1][s] if chips else 0
        out.append(f" {amounts.chips(last):>4}" if last else " out")
    return out
