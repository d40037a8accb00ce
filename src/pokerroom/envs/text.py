"""The environments' text rendering: the hand so far, as one seat (or a spectator) sees
it, in the card room's words of :mod:`pokerroom.history.text`.

>>> import random
>>> from pokerroom.rules import Rules
>>> from pokerroom.table import Table
>>> table = Table(Rules.preset("no-limit"), 2, rng=random.Random(1))
>>> _ = table.start_hand()
>>> for line in hand_text(table, 1).splitlines()[5:8]:   # seat 1 sees its own cards
...     print(line)
*** PRE-FLOP ***
Dealt to seat 1: 5c 2h
Dealt to seat 0: ?? ??
"""

from __future__ import annotations

from pokerroom.history.record import PlayedHand
from pokerroom.history.text import render
from pokerroom.table import Table

__all__ = ["hand_text"]


def hand_text(table: Table, seat: int) -> str:
    """The table's hand in play (or the last one) as table seat ``seat`` sees it (-1: a
    spectator): nobody else's hole cards unless shown."""
    if table.hand is None:
        return "no hand dealt yet"
    view = table.view(seat)
    hidden = frozenset(s for s in range(table.size) if s != seat)
    played = PlayedHand(rules=view.rules, button=view.button, starting=table.hand_start.stacks,
                        events=view.events, result=view.result, names=table.names,
                        label=table.hand_number, hidden=hidden)  # fmt: skip
    return render(played)
