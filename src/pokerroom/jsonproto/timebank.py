"""A time bank: seconds each seat may spend past a decision's own clock, used up as it
goes and refilled hand by hand.

A decision has its clock (the dealer's ``budget``); when that runs out the seat's bank
runs; when the bank is empty too, the seat takes the default action.  After each hand
every seat dealt into it gets ``refill`` seconds back, up to ``cap``.  A seat that
changes hands (a new player sits down) starts again with ``start`` seconds.

>>> bank = TimeBank(BankRules(start=10, refill=2, cap=12), seats=2)
>>> bank.spend(0, 4.5); bank.left
[5.5, 10.0]
>>> bank.refill([0, 1]); bank.left
[7.5, 12.0]
>>> bank.spend(1, 99); bank.left[1]
0.0
>>> TimeBank.from_json(bank.rules, bank.to_json()).left
[7.5, 0.0]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["BankRules", "TimeBank"]


@dataclass(frozen=True, slots=True)
class BankRules:
    """Seconds a seat's bank holds at first (``start``), gets back after each hand it is
    dealt into (``refill``), and holds at most (``cap``)."""

    start: float
    refill: float
    cap: float

    def __post_init__(self) -> None:
        for what, value in (("start", self.start), ("refill", self.refill), ("cap", self.cap)):
            if not value >= 0:
                raise ValueError(f"a time bank's {what} is 0 s or more, not {value!r}")
        if self.start > self.cap:
            raise ValueError(f"a time bank starts with {self.start:g} s, over its cap "
                             f"{self.cap:g} s")  # fmt: skip


class TimeBank:
    """Each seat's seconds of bank (:attr:`left`), by the :class:`BankRules`."""

    __slots__ = ("left", "rules")

    def __init__(self, rules: BankRules, seats: int) -> None:
        self.rules = rules
        self.left = [float(rules.start)] * seats

    def spend(self, seat: int, seconds: float) -> None:
        """``seat`` used ``seconds`` of its bank (never below 0)."""
        self.left[seat] = max(0.0, self.left[seat] - max(0.0, seconds))

    def refill(self, seats: Iterable[int]) -> None:
        """A hand is over: each of ``seats`` (those dealt in) gets its refill, to the cap."""
        rules = self.rules
        for s in seats:
            self.left[s] = float(min(rules.cap, self.left[s] + rules.refill))

    def reset(self, seat: int) -> None:
        """A new player in ``seat``: the bank it starts with."""
        self.left[seat] = float(self.rules.start)

    def to_json(self) -> list[float]:
        return [round(x, 3) for x in self.left]

    @classmethod
    def from_json(cls, rules: BankRules, data: Sequence[Any]) -> TimeBank:
        """The bank :meth:`to_json` kept (each seat's seconds, within 0 and the cap)."""
        bank = cls(rules, len(data))
        bank.left = [float(min(rules.cap, max(0.0, float(x)))) for x in data]
        return bank
