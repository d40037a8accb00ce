"""What the ``strong`` bot learns of each player across hands.

A :class:`Profile` counts a player's decisions (:class:`~pokerroom.players.strong.tracker.Move`)
in six situations: before or after the flop, with nothing to answer (pre-flop: the forced
bets only), facing one bet or raise, or facing a re-raise.  In each, the decision is weak (fold or
check), a call, or aggressive (bet or raise).  From the counts come the classic numbers
(:attr:`Profile.vpip`: how often the player puts chips in voluntarily pre-flop;
:attr:`~Profile.pfr`: how often it raises pre-flop; :attr:`~Profile.fold_to_bet`;
:attr:`~Profile.aggression`, bets and raises per call after the flop) and the smoothed
frequencies the bot plays by (:meth:`Profile.frequencies`: the counts plus a prior worth a
few hands, so a new player looks like a typical one).

The showdowns say how much a player's actions mean (:attr:`Profile.honesty`): a player who
raises its best hands shows down raised hands well above average; one who acts at random
shows average hands whatever it did.  Each shown hand adds its strength above one half
and what a player who plays its best hands that often would have shown above one half;
the ratio (with a prior) is how far the bot narrows that player's range on its actions.

>>> from pokerroom.engine import ActionKind as K
>>> from pokerroom.players.strong.tracker import Move
>>> p = Profile()
>>> p.count_hand([Move(1, 0, K.RAISE, False, 4, 6, 12, 0), Move(1, 1, K.BET, False, 0, 24, 12, 0)])
>>> p.count_hand([Move(1, 0, K.CALL, True, 8, 18, 8, 1), Move(1, 1, K.FOLD, True, 16, 40, 0, 1)])
>>> p.count_hand([Move(1, 0, K.FOLD, False, 4, 6, 0, 0)])
>>> p.hands, round(p.vpip, 3), round(p.pfr, 3), p.fold_to_bet, p.aggression
(3, 0.667, 0.333, 1.0, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from pokerroom.engine import ActionKind
from pokerroom.players.state import StateError, items, need, number, whole
from pokerroom.players.strong.tracker import Move

__all__ = ["Profile", "Situation", "situation", "situation_of"]

F64s = npt.NDArray[np.float64]


class Situation(IntEnum):
    """Where a decision was made: the street (pre-flop or after) and how many bets and
    raises came before it in the round (none, one, more)."""

    PREFLOP_OPEN = 0  # no raise over the forced bets
    PREFLOP_FACING = 1  # an opening raise to answer
    PREFLOP_RERAISED = 2  # a re-raise (or more) to answer
    OPEN = 3  # after the flop, no bet
    FACING = 4  # a bet to answer
    RERAISED = 5  # a raise (or more) to answer


WEAK, CALL, AGGRESSIVE = 0, 1, 2
"""The three kinds of decision: fold or check, call, bet or raise."""

_KIND: Final = {
    ActionKind.FOLD: WEAK, ActionKind.CHECK: WEAK, ActionKind.CALL: CALL,
    ActionKind.BET: AGGRESSIVE, ActionKind.RAISE: AGGRESSIVE,
}  # fmt: skip

PRIOR_HANDS: Final = 6.0
"""How many decisions the prior of each situation is worth."""

_PRIORS: Final = (
    np.array([0.55, 0.35, 0.10]),  # pre-flop facing a raise: fold, call, re-raise
    np.array([0.40, 0.45, 0.15]),  # facing a re-raise
    np.array([0.55, 0.0, 0.45]),  # after the flop, unopened: check, -, bet
    np.array([0.42, 0.45, 0.13]),  # facing a bet: fold, call, raise
    np.array([0.35, 0.50, 0.15]),  # facing a raise
)
STUDIED: Final = 40
"""Showdowns read in full after the flop before one in four is enough."""
HONESTY_PRIOR: Final = 0.85
"""How much a new player's actions are taken to mean (1: it plays its best hands)."""
_HONESTY_WEIGHT: Final = 1.0  # the prior is worth about four shown hands


def situation_of(move: Move) -> Situation:
    return situation(move.street, move.raises)


def situation(street: int, raises: int) -> Situation:
    """The situation of a decision on ``street`` after ``raises`` bets and raises."""
    return _SITUATIONS[3 * (street > 0) + min(raises, 2)]


_SITUATIONS: Final = tuple(Situation)


def _open_prior(players: int) -> F64s:
    """Pre-flop, unraised: fold, limp, raise; looser at a short table."""
    enter = min(0.85, 0.2 + 0.6 / max(players - 1, 1))
    return np.array([1.0 - enter, 0.3 * enter, 0.7 * enter])


@dataclass
class Profile:
    """One player's counts; ``players`` is the table size (for the priors)."""

    players: int = 6
    counts: F64s = field(default_factory=lambda: np.zeros((6, 3)))
    hands: int = 0
    entered: int = 0
    raised: int = 0
    honest: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0, 0.0])
    showdowns: int = 0
    _known: dict[int, F64s] = field(default_factory=dict, repr=False, compare=False)

    def state(self) -> dict[str, Any]:
        """The counts as JSON data (:meth:`from_state` reads them back; exact)."""
        return {"players": self.players, "counts": [float(c) for c in self.counts.flat],
                "hands": self.hands, "entered": self.entered, "raised": self.raised,
                "honest": list(self.honest), "showdowns": self.showdowns}  # fmt: skip

    @classmethod
    def from_state(cls, data: Any, what: str = "profile") -> Profile:
        def get(key: str) -> Any:
            return need(data, key, what)

        counts = [number(c, f"{what}.counts", 0.0) for c in items(get("counts"), what, 18)]
        hands = whole(get("hands"), f"{what}.hands", 0)
        out = cls(
            players=whole(get("players"), f"{what}.players", 2, 14),
            counts=np.array(counts, dtype=np.float64).reshape(6, 3),
            hands=hands,
            entered=whole(get("entered"), f"{what}.entered", 0, hands),
            raised=whole(get("raised"), f"{what}.raised", 0, hands),
            honest=[number(h, f"{what}.honest") for h in items(get("honest"), what, 4)],
            showdowns=whole(get("showdowns"), f"{what}.showdowns", 0),
        )
        if out.raised > out.entered:
            raise StateError(f"{what}: more hands raised than entered")
        return out

    def count_hand(self, moves: Sequence[Move]) -> None:
        """Count one hand's decisions by this player (any order within a hand)."""
        self.hands += 1
        self._known.clear()
        entered = raised = False
        for move in moves:
            kind = _KIND[move.kind]
            self.counts[situation_of(move), kind] += 1
            if move.street == 0 and kind != WEAK:
                entered = True
                raised |= kind == AGGRESSIVE
        self.entered += entered
        self.raised += raised

    # ------------------------------------------------------------ the numbers

    @property
    def vpip(self) -> float:
        """Share of hands with chips put in voluntarily pre-flop (0 before any hand)."""
        return self.entered / self.hands if self.hands else 0.0

    @property
    def pfr(self) -> float:
        """Share of hands with a pre-flop raise."""
        return self.raised / self.hands if self.hands else 0.0

    @property
    def fold_to_bet(self) -> float | None:
        """Share of folds when facing a bet or raise after the flop (None: never faced
        one)."""
        rows = self.counts[Situation.FACING :]
        total = float(rows.sum())
        return float(rows[:, WEAK].sum()) / total if total else None

    @property
    def aggression(self) -> float | None:
        """Bets and raises per call after the flop (None: no call yet)."""
        calls = float(self.counts[Situation.OPEN :, CALL].sum())
        bets = float(self.counts[Situation.OPEN :, AGGRESSIVE].sum())
        return bets / calls if calls else None

    def frequencies(self, situation: Situation) -> F64s:
        """Weak, call, aggressive: this player's share of each in ``situation``, the
        counts smoothed by a prior worth :data:`PRIOR_HANDS` decisions."""
        found = self._known.get(situation)
        if found is None:
            prior = _open_prior(self.players) if situation == 0 else _PRIORS[situation - 1]
            row = self.counts[situation] + PRIOR_HANDS * prior
            found = self._known[situation] = row / row.sum()
        return found

    # ------------------------------------------------------------ how much actions mean

    def study(self) -> bool:
        """Whether to read this player's next showdown after the flop: every one of the
        first :data:`STUDIED` (the estimate is made), then one in four (it keeps up)."""
        self.showdowns += 1
        return self.showdowns <= STUDIED or self.showdowns % 4 == 0

    def count_showdown(self, street: int, strength: float, band: tuple[float, float]) -> None:
        """A hand shown down: on ``street`` this player acted with a hand of ``strength``
        (0 to 1) where a player who plays its best hands first would have held one in
        ``band`` (the top and bottom of the band as strengths)."""
        expected = 0.5 * (band[0] + band[1]) - 0.5
        if expected <= 0.0:
            return
        k = 0 if street == 0 else 2
        self.honest[k] += strength - 0.5
        self.honest[k + 1] += expected

    def honesty(self, preflop: bool) -> float:
        """How much this player's actions pre-flop (or after the flop) say about its
        cards, from 0 (nothing: it acts at random) to 1."""
        k = 0 if preflop else 2
        num, den = self.honest[k], self.honest[k + 1]
        value = (num + HONESTY_PRIOR * _HONESTY_WEIGHT) / (den + _HONESTY_WEIGHT)
        return min(1.0, max(0.0, value))
