"""Reading the fields of :class:`~pokerroom.rules.Rules` from plain data: TOML and JSON
values and command-line text (``"fixed-limit"``, ``"true"``, ``"4"``, ``"2 Jd"``).

The readers raise :class:`ValueError` with a sentence naming the field and the
values it takes; :meth:`~pokerroom.rules.Rules.from_mapping` gathers them into one
:class:`~pokerroom.rules.RulesError`.
"""

from __future__ import annotations

import contextlib
import math
from enum import Enum
from typing import Any, Final

from pokerroom.evaluator.wildcards import JokerMode, WildCards

__all__ = ["MAX_CHIPS", "coerce_field", "coerce_wild", "not_whole", "shown", "too_large",
           "wild_text"]  # fmt: skip

MAX_CHIPS: Final = 10**12
"""The most chips any amount may be (a stack, a bet size, a blind, a buy-in), and the
largest count any rule may give: the chips of 14 such stacks add up to less than 2**53,
exact as a JSON number (a double) and in a 64-bit database integer."""


def shown(value: object) -> str:
    """``repr(value)`` for a message, a very long number or text cut short."""
    if type(value) is int and abs(value) >= 10**30:
        digits = len(str(abs(value)))
        return f"{str(value)[:12]}... ({digits} digits)"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def not_whole(value: object) -> str | None:
    """Why ``value`` is not a whole number (an ``int``), or ``None`` when it is one: a
    phrase for messages like ``small_bet is 10.5: <phrase>``."""
    if type(value) is int:
        return None
    if isinstance(value, bool):
        return "a truth value (true or false), not a number"
    if isinstance(value, float):
        if math.isnan(value):
            return "not a number"
        if math.isinf(value):
            return "not a finite number"
        if value.is_integer():
            return f"not a whole number (an int): write {int(value)}"
        return "not a whole number"
    if isinstance(value, str):
        return "text, not a whole number (an int)"
    if value is None:
        return "missing: a whole number (an int) is needed"
    try:
        whole = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        whole = None
    name = type(value).__name__
    kind = f"a{'n' if name[:1] in 'aeiouAEIOU' else ''} {name}"
    if whole is not None and whole == value:
        return f"{kind}, not an int: write {whole}"
    return f"{kind}, not a whole number (an int)"


def too_large(value: int, most: int = MAX_CHIPS) -> str | None:
    """Why ``value`` is too large (a phrase), or ``None``."""
    if value > most:
        return f"more than {most:,}, the most any amount or count may be"
    return None


def wild_text(wild: WildCards) -> str:
    """The text :func:`coerce_wild` reads back: ranks, then cards (``2 Jd``)."""
    from pokerroom.cards import RANK_CHARS, format_cards

    ranks = " ".join(RANK_CHARS[r] for r in sorted(wild.ranks))
    cards = format_cards(sorted(wild.cards))
    return " ".join(t for t in (ranks, cards) if t)


def coerce_wild(wild: Any, joker: Any) -> WildCards | None:
    """The ``wild`` field from its text (or a :class:`WildCards`) and the joker mode.
    :class:`ValueError` has one sentence per field that is wrong in its ``args``."""
    problems: list[str] = []
    mode: JokerMode | None = None
    if isinstance(joker, str) and joker.strip().lower() in ("", "none", "no"):
        joker = None
    if isinstance(joker, JokerMode):
        mode = joker
    elif joker is not None:
        with contextlib.suppress(ValueError):
            mode = JokerMode.parse(joker) if isinstance(joker, str) else None
        if mode is None:
            problems.append(f"joker is {shown(joker)}: 'bug', 'wild' or 'none'")
    if isinstance(wild, int) and not isinstance(wild, bool):
        wild = str(wild)  # deuces wild written as a number
    made: WildCards | None = None
    if isinstance(wild, WildCards):
        made = wild if mode is None else WildCards(ranks=wild.ranks, cards=wild.cards, joker=mode)
    elif wild is not None and not isinstance(wild, str):
        problems.append(
            f"wild is {shown(wild)}: wild cards are text like '2' or 'Jd' (or a WildCards)"
        )
    else:
        try:
            made = WildCards.parse(wild or "", joker=mode)
        except ValueError as exc:
            problems.append(f"wild is {shown(wild)}: {exc}")
    if problems:
        raise ValueError(*problems)
    return made if made is not None and made.any else None


INT_FIELDS = {
    "small_bet", "flop_bet", "big_bet", "river_bet", "min_bet", "straddle", "min_hole_cards",
    "players", "buy_in",
}
BOOL_FIELDS = {
    "straddle_counts", "dead_antes", "button_blind", "heads_up_reversed", "check_raise",
    "all_in_only_when_short", "burn_cards", "freeze_out", "antes_trimmed_first",
    "short_blind_called_in_full",
    "blind_sets_min_raise", "fixed_limit_completes", "lone_player_acts",
}


def coerce_field(key: str, raw: Any, kind: type[Enum] | None) -> Any:
    """The value of field ``key`` from plain data; ``kind`` is the field's enum, if any."""
    if kind is not None:
        if isinstance(raw, kind):
            return raw
        text = str(raw).strip().lower().replace("_", "-").replace(" ", "-")
        for member in kind:
            if text in (member.value, member.name.lower().replace("_", "-")):
                return member
        choices = ", ".join(str(m.value) for m in kind)
        raise ValueError(f"{key} is {raw!r}: one of {choices}")
    if key in BOOL_FIELDS:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in ("true", "yes", "on", "1"):
            return True
        if isinstance(raw, str) and raw.strip().lower() in ("false", "no", "off", "0"):
            return False
        raise ValueError(f"{key} is {raw!r}: true or false")
    if key in INT_FIELDS:
        return int_or_none(key, raw)
    if key in ("blinds", "antes", "max_raises", "first_to_act"):
        if isinstance(raw, str) and raw.strip().lower() in ("none", "no-cap"):
            return None
        if isinstance(raw, (list, tuple)):
            return tuple(int_or_none(key, v) for v in raw)
        return int_or_none(key, raw)
    if key == "derived":
        items = raw.replace(",", " ").split() if isinstance(raw, str) else raw
        if not isinstance(items, (list, tuple)) or not all(isinstance(i, str) for i in items):
            raise ValueError(f"derived is {raw!r}: a list of field names (blinds, straddle)")
        return tuple(items)
    return raw


def int_or_none(key: str, raw: Any) -> int | None:
    """A whole number (or ``None``) from a number or its text (digits, optionally signed;
    the range is checked by the validation)."""
    if raw is None or (isinstance(raw, str) and raw.strip().lower() == "none"):
        return None
    if type(raw) is int:
        return raw
    if isinstance(raw, str):
        text = raw.strip()
        digits = text[1:] if text[:1] in "+-" else text
        if digits.isascii() and digits.isdigit():
            if len(digits) > 100:
                raise ValueError(f"{key} is {shown(raw)}: {too_large(10**101)}")
            return int(text)
        raise ValueError(f"{key} is {shown(raw)}: not a whole number (write digits, like 10)")
    raise ValueError(f"{key} is {shown(raw)}: {not_whole(raw)}")
