"""The new-game form's choices as data, and the rules they make.

The form picks a preset (``rules.md`` §12), optionally another betting structure (pot
limit is a structure, not a preset), the stakes and the buy-in.  :func:`make_rules`
turns those into :class:`~pokerroom.rules.Rules`; the stakes are the blinds in no and pot
limit and the small/big bet in fixed limit (the preset's blinds, button blind,
straddle and ante scale with them).

>>> make_rules(FormChoices(preset="no-limit", structure="pot-limit", stakes="5/10")).structure
<Structure.POT_LIMIT: 'pot-limit'>
>>> r = make_rules(FormChoices(preset="computer-tournament", stakes="20/40", buy_in=2000))
>>> r.units, r.blinds, r.straddle, r.buy_in
((20, 20, 40, 40), (10,), 20, 2000)
>>> make_rules(FormChoices(preset="casino-limit", structure="no-limit")).blinds
(1, 2)
>>> default_stakes("casino-limit", "preset"), default_stakes("no-limit", "preset")
('2/4', '2/4')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from pokerroom.numerals import number
from pokerroom.rules import PRESETS, Rules, RulesError, Structure

__all__ = [
    "PRESET_NAMES",
    "STRUCTURES",
    "FormChoices",
    "FormError",
    "default_stakes",
    "make_rules",
    "read_buy_in",
    "read_seed",
]

PRESET_NAMES = ("no-limit", "casino-limit", "computer-tournament", "wild")
STRUCTURES = {
    "preset": "as the preset",
    "fixed-limit": "fixed limit",
    "no-limit": "no limit",
    "pot-limit": "pot limit",
}
PRESET_WORDS = {
    "no-limit": "no limit, blinds 2/4 (the console game)",
    "casino-limit": "fixed limit 2/4, blinds 1/2 (casino rules)",
    "computer-tournament": "fixed limit 10/20, ante, button blind, straddle, announced hands",
    "wild": "no limit with the joker as the bug (five of a kind)",
}


class FormError(ValueError):
    """Choices that make no playable game; the message lists what to change."""


@dataclass
class FormChoices:
    """Everything the new-game form asks, with the defaults of a first game."""

    name: str = "Hero"
    opponents: int = 3
    bots: list[str] = field(default_factory=list)
    preset: str = "no-limit"
    structure: str = "preset"
    stakes: str = ""
    buy_in: int = 1000
    seed: str = ""

    def to_data(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> FormChoices:
        """The remembered choices (anything unreadable falls back to the default)."""
        out = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(out, f.name)
            if isinstance(default, list):
                if isinstance(value, list) and all(isinstance(v, str) for v in value):
                    setattr(out, f.name, list(value))
            elif type(value) is type(default):
                setattr(out, f.name, value)
        if out.preset not in PRESETS:
            out.preset = "no-limit"
        if out.structure not in STRUCTURES:
            out.structure = "preset"
        out.opponents = min(max(out.opponents, 1), 9)
        return out


def _structure(choices: FormChoices) -> Structure:
    base = PRESETS[choices.preset]
    if choices.structure == "preset":
        return base.structure
    return Structure(choices.structure)


def default_stakes(preset: str, structure: str) -> str:
    """The stakes the preset plays at, as the form shows them (``small/big``)."""
    base = PRESETS[preset]
    target = base.structure if structure == "preset" else Structure(structure)
    if target is Structure.FIXED_LIMIT:
        if base.structure is Structure.FIXED_LIMIT:
            u = base.units
            return f"{u[0]}/{u[2]}"
        big = max(base.blinds)
        return f"{big}/{2 * big}"
    blinds = [b for b in base.blinds if b]
    if len(blinds) >= 2:
        return f"{blinds[0]}/{blinds[1]}"
    small = base.units[0]
    return f"{max(1, small // 2)}/{small}"


def _whole(text: str) -> int | None:
    """The whole number ``text`` writes in digits (up to 100 of them: the rules then name
    a bound passed), else ``None``."""
    return number(text, digits=100)


def _read_stakes(text: str) -> tuple[int, int]:
    parts = text.replace(" ", "").split("/")
    small, big = (_whole(parts[0]), _whole(parts[1])) if len(parts) == 2 else (None, None)
    if small is None or big is None:
        raise FormError(f"stakes {text!r}: write two amounts like 2/4")
    if small < 1:
        raise FormError(f"stakes {text!r}: amounts of 1 chip or more, like 2/4")
    if small > big:
        raise FormError(f"stakes {text!r}: two amounts, the first no larger than the second")
    return small, big


def make_rules(choices: FormChoices) -> Rules:
    """The rules of the game the form describes (:class:`FormError` if none)."""
    if choices.preset not in PRESETS:
        raise FormError(f"no preset {choices.preset!r} (presets: {', '.join(PRESET_NAMES)})")
    base = PRESETS[choices.preset]
    structure = _structure(choices)
    small, big = _read_stakes(choices.stakes or default_stakes(choices.preset, choices.structure))
    changes: dict[str, Any] = {"structure": structure.value, "buy_in": choices.buy_in}
    if structure is Structure.FIXED_LIMIT:
        changes.update(small_bet=small, big_bet=big, river_bet=None, min_bet=None)
        if base.structure is not Structure.FIXED_LIMIT:
            # a limit game made from a big-bet preset: its blinds scaled to the small bet
            old = max(base.blinds)
            changes["blinds"] = [max(1, b * small // old) if b else 0 for b in base.blinds]
            changes["max_raises"] = 3
        # a limit preset's forced bets follow its low limit in the rules themselves
    else:
        changes.update(small_bet=None, big_bet=None, river_bet=None, min_bet=None,
                       max_raises=None)  # fmt: skip
        if base.button_blind:
            changes.update(blinds=[small], straddle=big)
        else:
            changes["blinds"] = [small, big]
        if base.ante_rule.value == "half-low-limit":
            changes["ante_rule"] = "fixed"
    try:
        return base.replace(**changes)
    except RulesError as exc:
        # the rules name their field ``buy_in``; the form's is "Buy-in"
        said = (f"buy-in{p.removeprefix('buy_in')}" if p.startswith("buy_in ") else p
                for p in exc.problems)  # fmt: skip
        raise FormError("; ".join(said)) from None


def read_buy_in(text: str) -> int:
    """The buy-in typed: a whole number of chips (the rules then ask for enough to play)."""
    t = text.strip()
    read = _whole(t)
    if read is None:
        said = "is empty" if not t else repr(text)
        raise FormError(f"buy-in {said}: a whole number of chips, 1 or more")
    return read


def read_seed(text: str) -> int | None:
    """The optional seed: empty for none, else a whole number."""
    t = text.strip()
    if not t:
        return None
    read = _whole(t)
    if read is None:
        raise FormError(f"seed {text!r}: a whole number, or leave it empty")
    return read
