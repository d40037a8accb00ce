"""Blind and limit levels that rise by hand count or by time.

A level is a set of rule overrides (``{"blinds": [10, 20], "antes": 2}``), applied to the
game's rules from the start of a hand; level ``k`` starts after ``k * every`` hands or
seconds of play, and the last one lasts.  Levels change between hands, never inside one.

>>> levels = Levels([{}, {"blinds": [4, 8]}, {"blinds": [10, 20]}], every=10)
>>> [levels.index(hands=h) for h in (0, 9, 10, 25, 500)]
[0, 0, 1, 2, 2]
>>> Levels.from_mapping(levels.to_mapping()) == levels
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from pokerroom.rules import Rules, RulesError

__all__ = ["LevelUnit", "Levels"]


class LevelUnit(Enum):
    HANDS = "hands"
    SECONDS = "seconds"


@dataclass(frozen=True, slots=True, init=False)
class Levels:
    """A schedule: ``steps`` (rule overrides per level), each lasting ``every`` hands or
    seconds (``unit``); time is the game's playing time from the clock the table is given."""

    steps: tuple[tuple[tuple[str, Any], ...], ...]
    every: float
    unit: LevelUnit

    def __init__(
        self,
        steps: Sequence[Mapping[str, Any]],
        *,
        every: float,
        unit: LevelUnit | str = LevelUnit.HANDS,
    ) -> None:
        if not steps:
            raise ValueError("levels need at least one step (rule overrides; {} for none)")
        if isinstance(every, bool) or not isinstance(every, int | float) or not every > 0:
            raise ValueError(f"a level lasts a positive number of hands or seconds, not {every!r}")
        try:
            kind = LevelUnit(unit)
        except ValueError:
            raise ValueError(f"levels rise by 'hands' or 'seconds', not {unit!r}") from None
        frozen = []
        for i, step in enumerate(steps):
            if not isinstance(step, Mapping):
                raise ValueError(f"level {i} is {step!r}: a mapping of rule overrides")
            items = []
            for key, value in sorted(step.items()):
                if key in ("preset", "players"):
                    raise ValueError(f"level {i} sets {key!r}: a level sets stakes, not the game")
                items.append((key, _freeze(value)))
            frozen.append(tuple(items))
        object.__setattr__(self, "steps", tuple(frozen))
        object.__setattr__(self, "every", every)
        object.__setattr__(self, "unit", kind)

    def index(self, *, hands: int = 0, seconds: float = 0.0) -> int:
        """The level in force after ``hands`` hands or ``seconds`` of play."""
        done = hands if self.unit is LevelUnit.HANDS else seconds
        return min(int(done // self.every), len(self.steps) - 1)

    def rules(self, base: Rules, chips: int) -> list[Rules]:
        """Each level's rules: ``base`` with the level's overrides.  Late levels may have
        forced bets above the buy-in (players post what they have); such a level's rules
        get a buy-in that makes them valid (the chips in play, doubled as needed): at the
        table the stacks, not the rules' buy-in, are what players hold."""
        out = []
        for i, step in enumerate(self.steps):
            changes = {k: _thaw(v) for k, v in step}
            try:
                out.append(base.replace(**changes))
                continue
            except RulesError as exc:
                first = exc
            buy_in = max(base.buy_in, chips)
            for _ in range(64):
                try:
                    out.append(base.replace(**changes, buy_in=buy_in))
                    break
                except RulesError:
                    buy_in *= 2
            else:
                raise RulesError([f"level {i}: {p}" for p in first.problems])
        return out

    def to_mapping(self) -> dict[str, Any]:
        """Plain data (JSON-ready) that :meth:`from_mapping` reads back."""
        return {
            "steps": [{k: _thaw(v) for k, v in step} for step in self.steps],
            "every": self.every,
            "unit": self.unit.value,
        }

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Levels:
        unknown = set(data) - {"steps", "every", "unit"}
        if unknown:
            raise ValueError(f"unknown level fields: {', '.join(sorted(unknown))}")
        try:
            return cls(data["steps"], every=data["every"], unit=data.get("unit", "hands"))
        except KeyError as exc:
            raise ValueError(f"levels need {exc.args[0]!r}") from None


def _freeze(value: Any) -> Any:
    """A hashable copy of plain data (lists become tuples), checked to be JSON data."""
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        raise ValueError(f"a level override must be plain data, not {value!r}") from None
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, Mapping):
        raise ValueError(f"a level override must be a number, text or list, not {value!r}")
    return value


def _thaw(value: Any) -> Any:
    return [_thaw(v) for v in value] if isinstance(value, tuple) else value
