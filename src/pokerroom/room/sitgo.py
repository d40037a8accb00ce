"""What a sit-and-go table is: its settings as asked for (checked, with the reasons),
the blind levels on a clock, and the payout table.

The chips: a person who sits pays the table's buy-in from their balance into the
table's prize pool; at the end the pool is paid out to the people by their places
(:func:`payouts`).  Bots pay nothing and win nothing: they are obstacles at the table,
and the prizes go to the best-placed *people* (the first prize to the best of them,
whatever place a bot took).  So the room's chips (balances plus the pools) never change
but by the operator's grants.

>>> payout_shares(2), payout_shares(5), payout_shares(9)
((100,), (65, 35), (50, 30, 20))
>>> payouts(100, {"ann": 1, "bob": 2, "cy": 3})
{'ann': 100, 'bob': 0, 'cy': 0}
>>> payouts(1000, {"ann": 2, "bob": 1, "cy": 3, "di": 4})
{'bob': 650, 'ann': 350, 'cy': 0, 'di': 0}
>>> payouts(1001, {"ann": 1, "bob": 1, "cy": 3, "di": 4})   # a shared place shares
{'ann': 501, 'bob': 500, 'cy': 0, 'di': 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pokerroom.jsonproto.timebank import BankRules
from pokerroom.numerals import number as read_number
from pokerroom.players.registry import BOTS
from pokerroom.rules import PRESETS, Rules, RulesError
from pokerroom.table import CashGame, Levels, TableError

__all__ = ["KINDS", "SettingsError", "TableSettings", "levels_for", "payout_shares", "payouts"]

KINDS = ("sitgo", "cash")
"""The kinds of table the room deals: a sit-and-go (a freeze-out), and a cash table
(seats that change between hands, buy-ins between a minimum and a maximum)."""
MAX_BUY_IN = 10**9
BANK = (30.0, 5.0, 60.0)
"""The time bank by default: 30 s at first, 5 s more after each hand played, 60 s at most."""
BANK_FIELDS = ("bank", "bank_refill", "bank_cap")
BANK_BOUNDS = ((0, 600), (0, 60), (0, 3600))
"""The seconds each of :data:`BANK_FIELDS` may be."""
LEVEL_STEPS = (1, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128)
"""Each level's blinds (and antes), as multiples of the first level's."""


class SettingsError(ValueError):
    """Settings the room refuses; the message names each problem and what is accepted."""


def payout_shares(people: int) -> tuple[int, ...]:
    """The prize pool's shares (per cent) by place, for ``people`` paying players."""
    if people <= 3:
        return (100,)
    if people <= 6:
        return (65, 35)
    return (50, 30, 20)


def payouts(pool: int, places: Mapping[str, int]) -> dict[str, int]:
    """Each person's prize from ``pool``, by their place at the table (1 is the
    winner; bots left out): ordered best first.  People who share a place share the
    prizes of the places they cover; odd chips go to the first named."""
    shares = payout_shares(len(places))
    prizes = [pool * p // 100 for p in shares]
    prizes[0] += pool - sum(prizes)
    prizes += [0] * (len(places) - len(prizes))
    order = sorted(places, key=lambda name: places[name])
    out: dict[str, int] = {}
    i = 0
    while i < len(order):
        tied = [n for n in order[i:] if places[n] == places[order[i]]]
        total = sum(prizes[i : i + len(tied)])
        each, odd = divmod(total, len(tied))
        for j, name in enumerate(tied):
            out[name] = each + (1 if j < odd else 0)
        i += len(tied)
    return out


def levels_for(rules: Rules, seconds: float) -> Levels | None:
    """Blinds (and antes) rising every ``seconds`` of play by :data:`LEVEL_STEPS`; None
    when the rules have no forced bets to raise."""
    given = rules.to_mapping()
    blinds = tuple(rules.blinds)
    if not any(blinds) and not rules.antes:
        return None
    steps: list[dict[str, Any]] = [{}]
    for m in LEVEL_STEPS[1:]:
        step: dict[str, Any]
        if "small_bet" in given:  # fixed limit: the blinds follow the small bet
            step = {"small_bet": round(given["small_bet"] * m)}
        else:
            step = {"blinds": [round(b * m) for b in blinds]}
        antes = rules.antes
        if isinstance(antes, int) and antes:
            step["antes"] = round(antes * m)
        steps.append(step)
    return Levels(steps, every=seconds, unit="seconds")


@dataclass(frozen=True, slots=True)
class TableSettings:
    """A table as its creator asked for it."""

    name: str
    kind: str
    preset: str
    seats: int
    buy_in: int
    bots: dict[int, str] = field(default_factory=dict)
    private: bool = False
    level_minutes: float = 5.0
    budget: float = 30.0
    min_buy_in: int = 0
    max_buy_in: int = 0
    new_players: str = "wait"
    """A cash table's buy-in bounds and how newcomers come in (``"wait"`` for the big
    blind, or ``"post"``); unused at a sit-and-go."""
    bank: float = BANK[0]
    bank_refill: float = BANK[1]
    bank_cap: float = BANK[2]
    """The time bank: seconds each seat starts with, gets back after each hand it is
    dealt into, and holds at most (a cap of 0: no time bank)."""

    def bank_rules(self) -> BankRules | None:
        if not self.bank_cap:
            return None
        return BankRules(self.bank, self.bank_refill, self.bank_cap)

    @property
    def cash(self) -> bool:
        return self.kind == "cash"

    def cash_game(self) -> CashGame:
        return CashGame(self.min_buy_in, self.max_buy_in, self.new_players)

    def rules(self) -> Rules:
        return Rules.preset(self.preset)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "preset": self.preset,
                "seats": self.seats, "buy_in": self.buy_in,
                "bots": {str(s): b for s, b in sorted(self.bots.items())},
                "private": self.private, "level_minutes": self.level_minutes,
                "budget": self.budget, "bank": self.bank, "bank_refill": self.bank_refill,
                "bank_cap": self.bank_cap, **({"min_buy_in": self.min_buy_in,
                "max_buy_in": self.max_buy_in, "new_players": self.new_players}
                if self.cash else {})}  # fmt: skip

    @classmethod
    def from_json(cls, data: Any) -> TableSettings:
        """The settings in a request's body (or a saved table), or
        :class:`SettingsError` naming every problem."""
        if not isinstance(data, dict):
            raise SettingsError("a table's settings are a JSON object with name, kind, preset, "
                                "seats, buy_in, bots, private")  # fmt: skip
        problems: list[str] = []
        name = _name(data.get("name", "table"), problems)
        kind = data.get("kind", "sitgo")
        if kind not in KINDS:
            problems.append(f"'kind' is {str(kind)[:20]!r}: this room deals "
                            f"{', '.join(KINDS)} tables")  # fmt: skip
        preset = data.get("preset", "no-limit")
        if not _known(preset, PRESETS):
            problems.append(f"'preset' is {str(preset)[:40]!r}: one of "
                            f"{', '.join(sorted(PRESETS))}")  # fmt: skip
        seats = _whole(data.get("seats", 6), "seats", 2, 10, problems)
        buy_in = _whole(data.get("buy_in", 100), "buy_in", 0, MAX_BUY_IN, problems)
        bots = _bots(data.get("bots") or {}, seats, problems)
        private = data.get("private", False)
        if not isinstance(private, bool):
            problems.append(f"'private' is {str(private)[:20]!r}: true or false")
        minutes = _number(data.get("level_minutes", 5.0), "level_minutes", 0.1, 120, problems)
        budget = _number(data.get("budget", 30.0), "budget", 1, 600, problems)
        cash = _cash(data, kind == "cash" and _known(preset, PRESETS) and preset, problems)
        bank = _bank(data, problems)
        known = {"name", "kind", "preset", "seats", "buy_in", "bots", "private",
                 "level_minutes", "budget", *CASH_FIELDS, *BANK_FIELDS}  # fmt: skip
        unknown = sorted(set(data) - known)
        if unknown:
            problems.append(f"unknown fields {', '.join(map(repr, unknown))[:80]}")
        if problems:
            raise SettingsError("; ".join(problems))
        return cls(name, kind, preset, seats, buy_in, bots, private, minutes, budget, *cash,
                   *bank)  # fmt: skip



def _bank(data: dict[str, Any], problems: list[str]) -> tuple[float, float, float]:
    """The time bank's seconds: start, refill, cap (the start no more than the cap)."""
    start, refill, cap = (_number(data.get(f, d), f, low, high, problems)
                          for f, d, (low, high) in zip(BANK_FIELDS, BANK, BANK_BOUNDS,
                                                       strict=True))  # fmt: skip
    if start > cap:
        if "bank" in data and cap > 0:
            problems.append(f"'bank' is {start:g} s, over 'bank_cap' {cap:g} s: a bank starts "
                            "with no more than its cap (a cap of 0: no time bank)")  # fmt: skip
        start = cap  # (the default start, cut to the cap given; or no bank)
    return start, refill, cap


CASH_FIELDS = ("min_buy_in", "max_buy_in", "new_players")


def _cash(data: dict[str, Any], preset: str | bool, problems: list[str]) -> tuple[int, int, str]:
    """A cash table's buy-in bounds and new-players setting (defaults: the preset's
    stack as the maximum, a fifth of it as the minimum, ``"wait"``)."""
    if not preset:
        given = [f for f in CASH_FIELDS if f in data]
        if given and data.get("kind") != "cash":
            problems.append(f"{', '.join(map(repr, given))} are for cash tables (kind 'cash')")
        return 0, 0, "wait"
    assert isinstance(preset, str)
    stack = Rules.preset(preset).buy_in
    top = _whole(data.get("max_buy_in", stack), "max_buy_in", 1, MAX_BUY_IN, problems)
    low = _whole(data.get("min_buy_in", max(1, top // 5)), "min_buy_in", 1, MAX_BUY_IN,
                 problems)  # fmt: skip
    mode = data.get("new_players", "wait")
    if mode not in ("wait", "post"):
        problems.append(f"'new_players' is {str(mode)[:20]!r}: 'wait' (for the big blind) "
                        "or 'post'")  # fmt: skip
    try:
        CashGame(low, top, mode if mode in ("wait", "post") else "wait")
    except TableError as exc:
        problems.append(str(exc))
    return low, top, str(mode)


def _known(value: object, names: Mapping[str, object]) -> bool:
    """Whether ``value`` is one of ``names`` (a JSON list or object is none: not looked up,
    as it cannot be hashed)."""
    return isinstance(value, str) and value in names


def _name(value: object, problems: list[str]) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 40 \
            or not value.isprintable():  # fmt: skip
        problems.append("'name' is the table's name: 1 to 40 printable characters")
        return "table"
    return value.strip()


def _whole(value: object, what: str, low: int, high: int, problems: list[str]) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        problems.append(f"{what!r} is {str(value)[:20]!r}: a whole number from {low} to {high}")
        return low
    return value


def _number(value: object, what: str, low: float, high: float, problems: list[str]) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        problems.append(f"{what!r} is {str(value)[:20]!r}: a number from {low:g} to {high:g}")
        return low
    return float(value)


def _bots(value: object, seats: int, problems: list[str]) -> dict[int, str]:
    if not isinstance(value, Mapping):
        problems.append("'bots' is an object: {\"<seat>\": \"<bot name>\"}")
        return {}
    out: dict[int, str] = {}
    for seat_text, bot in value.items():
        seat = read_number(seat_text, digits=2) if isinstance(seat_text, str) else None
        if seat is None or not 0 <= seat < seats:
            problems.append(f"'bots' names seat {str(seat_text)[:10]!r}: seats are 0 to "
                            f"{seats - 1}")  # fmt: skip
        elif not _known(bot, BOTS):
            problems.append(f"'bots' seat {seat} is {str(bot)[:30]!r}: one of "
                            f"{', '.join(sorted(BOTS))}")  # fmt: skip
        else:
            out[seat] = bot
    return out


def check_rules(settings: TableSettings) -> Levels | None:
    """The table's levels (None at a cash table: its blinds stay); :class:`SettingsError`
    if the game cannot be played."""
    if settings.cash:
        return None
    try:
        return levels_for(settings.rules(), settings.level_minutes * 60)
    except (RulesError, ValueError) as exc:
        raise SettingsError(f"the blind levels cannot be made: {exc}") from exc
