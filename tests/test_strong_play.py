"""The ``strong`` bot's tracker and decisions on exact, hand-worked answers: every move
the tracker reads (seat, street, kind, facing, owed, pot, added, raises) and what it
keeps, and the decision's parts (the fold chance, the sizes, the realised share, the
bluff rate, the risk in a tournament)."""

from __future__ import annotations

import random

from pokerroom.engine import Hand
from pokerroom.players.strong.play import fold_chance
from pokerroom.players.strong.tracker import Tracker
from pokerroom.rules import Rules

NL = Rules.preset("no-limit")


def test_fold_chance_at_the_price_the_counts_were_taken_at_and_past_the_cap() -> None:
    # price = call / (pot + call); at 0.3 the base itself
    assert fold_chance(0.5, 3, 7) == 0.5
    assert fold_chance(0.5, 0, 7) == 0.0
    assert fold_chance(0.9, 10, 0) == 0.97
