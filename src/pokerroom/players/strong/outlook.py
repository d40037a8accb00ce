"""Where the ``strong`` bot gets its equity from, street by street
(:class:`~pokerroom.players.strong.play.Outlook`).

* :class:`PreflopOutlook`: the shipped heads-up table against each opponent's range
  (:func:`~pokerroom.players.strong.tables.equity_vs_range`), combined for several
  opponents: with each opponent in the pot with probability q and heads-up equity e, the
  chance of beating all of them is about the product of (1 - q + q e), corrected by how
  much better the hand does against m random hands than that product says (the
  multi-way table), m the expected number of opponents.
* :class:`BoardOutlook`: :class:`~pokerroom.players.strong.equity.RangeEquity` against
  the ranges after the flop.
* :class:`DealtOutlook`: wild cards and hands that must use hole cards, where ranges of
  two-card combinations do not apply: equity against random hands
  (:class:`~pokerroom.players.strong.equity.DealtEquity`), discounted for every bet and
  raise the opponents made this hand and for the share of hands that would fold.

>>> from pokerroom.players.strong.cards import index_of
>>> ranges = np.ones((3, 1326))
>>> outlook = PreflopOutlook(index_of("AsAd"), ranges, [1, 2])
>>> round(outlook.equity(), 2), round(outlook.equity(present={1: 1.0, 2: 0.0}), 2)
(0.74, 0.85)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from pokerroom.players.strong.equity import DealtEquity, RangeEquity
from pokerroom.players.strong.ranges import Continuing
from pokerroom.players.strong.tables import MAX_OPPONENTS, equity_vs_range, multiway

__all__ = ["BoardOutlook", "DealtOutlook", "PreflopOutlook", "combine"]

F64s = npt.NDArray[np.float64]


@functools.cache
def _corrections() -> F64s:
    """[h, m]: the equity of class h against m random hands over the m-th power of its
    equity against one (m = 0 to 13; 1 for m = 0 and m = 1)."""
    table = multiway()
    one = table[:, :1]
    powers = one ** np.arange(1, MAX_OPPONENTS + 1)
    out = np.ones((table.shape[0], MAX_OPPONENTS + 1))
    out[:, 1:] = table / np.maximum(powers, 1e-12)
    out.setflags(write=False)
    return out


def combine(cls: int, equities: Sequence[float], present: Sequence[float]) -> float:
    """The equity of a hand of class ``cls`` against opponents with these heads-up
    equities, each in the pot with the given probability."""
    product = 1.0
    for e, q in zip(equities, present, strict=True):
        product *= 1.0 - q + q * e
    m = min(float(sum(present)), float(MAX_OPPONENTS))
    row = _corrections()[cls]
    low = int(m)
    high = min(low + 1, MAX_OPPONENTS)
    corr = row[low] + (row[high] - row[low]) * (m - low)
    return min(1.0, product * float(corr))


class PreflopOutlook:
    """Pre-flop, from the tables: the bot's combination ``combo`` against ``ranges[s]``
    for each opponent seat ``s`` in ``seats``."""

    def __init__(self, combo: int, ranges: npt.NDArray[np.float64], seats: Sequence[int]) -> None:
        from pokerroom.players.strong.cards import CLASS_OF

        self.combo = combo
        self.cls = int(CLASS_OF[combo])
        self.ranges = ranges
        self.seats = list(seats)
        self._plain = {s: equity_vs_range(combo, ranges[s]) for s in self.seats}

    def equity(
        self,
        gains: Mapping[int, Continuing] | None = None,
        present: Mapping[int, float] | None = None,
    ) -> float:
        gains = gains or {}
        present = present or {}
        equities = []
        for s in self.seats:
            g = gains.get(s)
            if g is None:
                equities.append(self._plain[s])
            else:
                equities.append(equity_vs_range(self.combo, self.ranges[s] * g.at()))
        return combine(self.cls, equities, [present.get(s, 1.0) for s in self.seats])


class BoardOutlook:
    """After the flop: :class:`RangeEquity` against the ranges of ``seats``."""

    def __init__(  # noqa: PLR0917 - the deal and the sampling
        self,
        hole: Sequence[int],
        board: Sequence[int],
        ranges: npt.NDArray[np.float64],
        seats: Sequence[int],
        rng: np.random.Generator,
        samples: int,
    ) -> None:
        self.seats = list(seats)
        self.model = RangeEquity(hole, board, [ranges[s] for s in self.seats], rng, samples)

    def equity(
        self,
        gains: Mapping[int, Continuing] | None = None,
        present: Mapping[int, float] | None = None,
    ) -> float:
        if not gains:
            return self.model.value()
        return self.model.value([gains.get(s) for s in self.seats])


class DealtOutlook:
    """Any rules: :class:`DealtEquity` against ``opponents`` random hands, discounted by
    ``pressure`` (the opponents' bets and raises this hand, as believed)."""

    def __init__(self, model: DealtEquity, pressure: float) -> None:
        self.base = model.value()
        self.pressure = pressure

    def equity(
        self,
        gains: Mapping[int, Continuing] | None = None,
        present: Mapping[int, float] | None = None,
    ) -> float:
        exponent = 1.0 + 0.35 * self.pressure
        for g in (gains or {}).values():
            exponent += g.fold
        return float(self.base**exponent)
