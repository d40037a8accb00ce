"""Equity: how often each hand or range wins, ties, and its share of the pot.

Built on the evaluator's key tables (:mod:`pokerroom.equity.keys`): exact enumeration when
the work is small (:mod:`~pokerroom.equity.exact`, which counts the boards to come by
their ranks and corrects the flushes apart: :mod:`~pokerroom.equity.patterns`), seeded
Monte Carlo with a standard error and a stopping rule otherwise
(:mod:`~pokerroom.equity.montecarlo`), and a quick estimate against random hands for bots
(:func:`equity_vs_random`).
:mod:`pokerroom.equity.reference` is the slow oracle the tests check them against.

>>> round(equity(["AhKh", "QsQc"]).players[0].equity, 4)
0.4621
"""

from pokerroom.equity.calculator import (
    DEFAULT_SAMPLES,
    EXACT_LIMIT,
    HOLDING_LIMIT,
    equity,
)
from pokerroom.equity.deals import EquityError
from pokerroom.equity.opponents import equity_vs_random
from pokerroom.equity.result import EquityResult, PlayerEquity

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "HOLDING_LIMIT",
    "EquityError",
    "EquityResult",
    "PlayerEquity",
    "equity",
    "equity_vs_random",
]
