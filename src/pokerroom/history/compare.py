"""Does a replayed hand reach the recorded result?  The odd-chip policy.

The engine awards whole chips: a split pot's odd chips go one at a time to the tied
players in the order the rules say.  Recorded results settle odd chips in other ways:
the Pluribus PHH files write halves (``10162.5``), the ACPC dealer writes fractions
(``7944.5``, ``%g``-rounded), a card room gives the chip to someone its own rule picks.
So a recorded result **matches** when, for every player:

1. it equals the engine's result exactly (``exact``); or
2. it equals the *exact split*: every split pot divided equally among its winners, as a
   fraction (``exact split``); for ACPC logs, the fraction as the dealer prints it with
   six significant digits; or
3. it differs from the engine's result only in who got the odd chips: each player's
   recorded amount lies between what they win with none of the odd chips of the pots
   they split and what they win with all of them, and the recorded amounts add up to
   the same total (``odd chips placed differently``).

Anything else is a mismatch, reported player by player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from pokerroom.engine.view import HandResult
from pokerroom.history.acpclog import exact_split, rounding_error

__all__ = ["Comparison", "Difference", "compare"]

EXACT = "exact"
EXACT_SPLIT = "exact split"
ODD_CHIPS = "odd chips placed differently"


@dataclass(frozen=True, slots=True)
class Difference:
    """One player whose recorded amount the replay does not reach."""

    seat: int
    recorded: Fraction
    replayed: Fraction


@dataclass(frozen=True, slots=True)
class Comparison:
    """``matches`` with ``how`` (``exact``, ``exact split``, ``odd chips placed
    differently``), or the differences."""

    matches: bool
    how: str
    differences: tuple[Difference, ...] = ()


def _split_pots(result: HandResult) -> list[tuple[int, tuple[int, ...]]]:
    """(amount, winners) of every pot (dead antes are in the main pot's amount)."""
    return [(p.amount, p.winners) for p in result.pots if p.winners]


def _before_pots(result: HandResult, final: Sequence[int]) -> list[Fraction]:
    """``final`` without what each seat won from the pots."""
    return [Fraction(v) - won for v, won in zip(final, result.won, strict=True)]


def _bounds(result: HandResult, final: Sequence[int]) -> list[tuple[Fraction, Fraction]]:
    low = _before_pots(result, final)
    high = list(low)
    for amount, winners in _split_pots(result):
        share, odd = divmod(amount, len(winners))
        for seat in winners:
            low[seat] += share
            high[seat] += share + odd
    return list(zip(low, high, strict=True))


def compare(
    recorded: Sequence[Fraction | Decimal | int | None],
    result: HandResult,
    final: Sequence[int],
    *,
    printed: bool = False,
) -> Comparison:
    """Compare ``recorded`` (per seat; ``None`` where unknown) with the replay's ``final``
    values (per seat, the same quantity: stacks or nets) under the odd-chip policy.

    ``printed`` says the recorded values went through ``%g`` (ACPC logs): a value then
    matches the exact split when it is that fraction rounded to six significant digits.
    """
    known = [(s, v) for s, v in enumerate(recorded) if v is not None]
    if all(Fraction(v) == final[s] for s, v in known):
        return Comparison(True, EXACT)
    split = exact_split(result, final)

    def near(s: int, v: Fraction | Decimal | int) -> bool:
        if Fraction(v) == split[s]:
            return True
        if printed and isinstance(v, Decimal):
            return abs(Fraction(v) - split[s]) <= Fraction(rounding_error(v))
        return False

    if all(near(s, v) for s, v in known):
        return Comparison(True, EXACT_SPLIT)
    bounds = _bounds(result, final)
    total_ok = len(known) < len(final) or sum(Fraction(v) for _, v in known) == sum(final)
    if total_ok and all(bounds[s][0] <= Fraction(v) <= bounds[s][1] for s, v in known):
        return Comparison(True, ODD_CHIPS)
    diffs = tuple(
        Difference(s, Fraction(v), Fraction(final[s])) for s, v in known if Fraction(v) != final[s]
    )
    return Comparison(False, "mismatch", diffs)
