"""Many hands at one table: seats, the moving button, freeze-outs, levels, save and
restore (``rules.md`` §3, §10).  A pure state machine: see :mod:`pokerroom.table.table`.

>>> import random
>>> from pokerroom.rules import Rules
>>> table = Table(Rules.preset("computer-tournament"), 4, button="first-jack",
...               rng=random.Random(0))
>>> print(table.log[0])
cards dealt face up from the left of seat 0: 9c 5c Kd Qd Jh; the first jack gives seat 1 the button
>>> table.start_hand().button, table.to_act    # seat 2 straddles or folds first
(1, 2)
"""

from pokerroom.table.cash import CashError, CashGame, NewPlayers, Post
from pokerroom.table.info import (
    FirstButton,
    GameStart,
    HandStart,
    StaleViewError,
    Standing,
    TableError,
    TableEvent,
    TableEventKind,
)
from pokerroom.table.levels import Levels, LevelUnit
from pokerroom.table.saved import SaveError
from pokerroom.table.table import Table

__all__ = [
    "CashError",
    "CashGame",
    "FirstButton",
    "GameStart",
    "HandStart",
    "LevelUnit",
    "Levels",
    "NewPlayers",
    "Post",
    "SaveError",
    "StaleViewError",
    "Standing",
    "Table",
    "TableError",
    "TableEvent",
    "TableEventKind",
]
