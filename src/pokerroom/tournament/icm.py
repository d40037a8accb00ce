"""The independent chip model (ICM): what a tournament stack is worth in prize money.

Under the Malmuth-Harville model a player finishes first with probability stack /
total chips; given the players already placed, each remaining player takes the next
place with probability its stack / the chips still unplaced.  A player's ICM value is
the sum over places of the place's payout times the probability of finishing there.
It is what players use to make a deal at a sit-and-go's final table: each takes their
ICM value instead of playing on.

The probabilities are worked out over the sets of players already placed (never over
every finishing order), so a final table of ten with three places paid is a few hundred
steps, and the arithmetic is exact (``Fraction``) when the stacks and payouts are whole
numbers or fractions.  The sets grow fast with the places paid: at most
:data:`MAX_SETS` are worked through (every place of a final table of 14 paid), and more
is an :class:`ICMError`, not minutes of work.

>>> icm([5000, 3000, 2000], [50, 30, 20])
(Fraction(1075, 28), Fraction(131, 4), Fraction(202, 7))
>>> [round(float(v), 2) for v in icm([5000, 3000, 2000], [50, 30, 20])]
[38.39, 32.75, 28.86]
>>> icm([70, 30], [50, 30, 20])
Traceback (most recent call last):
...
pokerroom.tournament.icm.ICMError: 3 payouts for 2 players: pay at most one place per player
>>> chip_chop([5000, 3000, 2000], [50, 30, 20])
(50.0, 30.0, 20.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational

__all__ = [
    "MAX_PLAYERS",
    "MAX_SETS",
    "Deal",
    "ICMError",
    "Number",
    "chip_chop",
    "deal",
    "finish_probabilities",
    "icm",
    "sets",
]

Number = float | Fraction
"""A stack or a payout: an int, a float or a Fraction (ints and Fractions stay exact)."""

MAX_PLAYERS = 30
"""The most players a table of ICM values is worked out for."""
MAX_SETS = 2**14
"""The most sets of players placed the model works through (:func:`sets`): every place
of a table of 14 paid (a few seconds with exact fractions; each place more doubles it)."""


class ICMError(ValueError):
    """Stacks or payouts the model cannot value (a negative stack, more places paid than
    players...)."""


def sets(players: int, places: int) -> int:
    """How many sets of players placed the model works through for ``places`` paid
    places: those of 0 to ``places - 1`` players."""
    return sum(math.comb(players, k) for k in range(min(places, players)))


def _finite(value: Number) -> bool:
    """Whether ``value`` is a number a float holds (the chip chop is in floats)."""
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _check(stacks: Sequence[Number], payouts: Sequence[Number]) -> None:
    n = len(stacks)
    if n < 1:
        raise ICMError("no stacks: give each player's chips")
    if n > MAX_PLAYERS:
        raise ICMError(f"{n} players: the model is worked out for at most {MAX_PLAYERS}")
    for k, s in enumerate(stacks):
        if not (s > 0 and _finite(s)):
            raise ICMError(f"stack {k + 1} is {s}: every stack is a positive number of chips "
                           "(a player with none is out)")  # fmt: skip
    if len(payouts) > n:
        raise ICMError(f"{len(payouts)} payouts for {n} players: pay at most one place per "
                       "player")  # fmt: skip
    for k, p in enumerate(payouts):
        if not (p >= 0 and _finite(p)):
            raise ICMError(f"payout {k + 1} is {p}: payouts are 0 or more")
    work = sets(n, len(payouts))
    if work > MAX_SETS:
        raise ICMError(f"{n} players with {len(payouts)} places paid: {work:,} sets of players "
                       f"placed to work through, more than {MAX_SETS:,} (every place of a "
                       "table of 14 paid); pay fewer places")  # fmt: skip


def _exact(values: Sequence[Number]) -> bool:
    return all(isinstance(v, Rational) for v in values)


def finish_probabilities(stacks: Sequence[Number], places: int) -> list[list[Number]]:
    """``p[i][k]``: the probability that player ``i`` finishes in place ``k + 1``, for the
    first ``places`` places (Fractions when the stacks are whole numbers)."""
    _check(stacks, [0] * min(places, len(stacks)))
    n = len(stacks)
    places = min(places, n)
    exact = _exact(stacks)
    one = Fraction(1) if exact else 1.0
    weights = [Fraction(s) if exact else float(s) for s in stacks]
    probs: list[list[Number]] = [[0 * one for _ in range(places)] for _ in range(n)]
    # chance[mask] is the probability that the players of ``mask`` take the first places
    level: dict[int, Number] = {0: one}
    for place in range(places):
        following: dict[int, Number] = {}
        for mask, chance in level.items():
            # the chips of the players not placed yet, added up: in floats, the total less
            # the chips placed loses a short stack beside a huge one (1e20 and 1.0 leave
            # 0.0, and a division by zero)
            left = sum((weights[i] for i in range(n) if not mask >> i & 1), 0 * one)
            for i in range(n):
                if mask >> i & 1:
                    continue
                p = chance * weights[i] / left
                probs[i][place] += p
                key = mask | 1 << i
                following[key] = following.get(key, 0 * one) + p
        level = following
    return probs


def icm(stacks: Sequence[Number], payouts: Sequence[Number]) -> tuple[Number, ...]:
    """Each player's ICM value: the payouts weighted by the chances of finishing in each
    paid place.  Exact (``Fraction``) when stacks and payouts are whole numbers or
    fractions; :class:`ICMError` for what the model cannot value."""
    _check(stacks, payouts)
    probs = finish_probabilities(stacks, len(payouts))
    exact = _exact(stacks) and _exact(payouts)
    out = []
    for row in probs:
        value = sum((p * (Fraction(pay) if exact else float(pay))
                     for p, pay in zip(row, payouts, strict=True)),
                    Fraction(0) if exact else 0.0)  # fmt: skip
        out.append(value)
    return tuple(out)


def chip_chop(stacks: Sequence[Number], payouts: Sequence[Number]) -> tuple[Number, ...]:
    """The "chip chop": the prize pool shared in proportion to the chips (what a deal
    without ICM would give; big stacks gain, short stacks lose by it)."""
    _check(stacks, payouts)
    total = sum(stacks)
    pool = sum(payouts)
    return tuple(float(pool) * float(s) / float(total) for s in stacks)


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal at the final table: each player's stack, share of the chips, ICM value and
    chip-chop value, and the prize pool."""

    names: tuple[str, ...]
    stacks: tuple[Number, ...]
    payouts: tuple[Number, ...]
    icm: tuple[Number, ...]
    chip_chop: tuple[Number, ...]

    @property
    def pool(self) -> float:
        return float(sum(self.payouts))

    def share(self, k: int) -> float:
        """Player ``k``'s share of the chips."""
        return float(self.stacks[k]) / float(sum(self.stacks))


def deal(
    stacks: Sequence[Number], payouts: Sequence[Number], names: Sequence[str] | None = None
) -> Deal:
    """The ICM deal of a final table (names default to ``Player 1``, ``Player 2``...)."""
    values = icm(stacks, payouts)
    if names is not None and len(names) != len(stacks):
        raise ICMError(f"{len(names)} names for {len(stacks)} stacks")
    default = tuple(f"Player {k + 1}" for k in range(len(stacks)))
    who = tuple(names) if names is not None else default
    return Deal(who, tuple(stacks), tuple(payouts), values, chip_chop(stacks, payouts))
