"""PHH, the Poker Hand History format (TOML; spec "phh-std"): read, validate, write.

One hand per ``.phh`` file; several as tables ``[1]``, ``[2]``, ... in a ``.phhs`` file.
:class:`PHHHand` is the typed, validated content of one hand, exactly as written: the
required fields of the variant, every optional field of the spec, and the custom
fields (names starting with ``_``) kept as they are.  Floats are read as
:class:`~decimal.Decimal` so that ``10162.5`` or ``0.1`` round-trip exactly.

>>> hand = loads('''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [200, 200]
... actions = ["d dh p1 AcKs", "d dh p2 7h7d", "p2 f"]
... ''')
>>> hand.variant, hand.player_count, str(hand.actions[2])
('NT', 2, 'p2 f')
>>> loads(dumps(hand)) == hand
True

Every problem is a :class:`~pokerroom.history.errors.PHHError` naming the file, the
line where it can be found, the field or the action (index and text), and the reason.
"""

from __future__ import annotations

import datetime
import math
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

import tomli_w

from pokerroom.history.errors import PHHError, read_text
from pokerroom.history.notation import Amount, PHHAction, Verb

__all__ = [
    "HOLDEM_VARIANTS",
    "VARIANT_NAMES",
    "PHHHand",
    "dumps",
    "dumps_all",
    "iter_hands",
    "load",
    "loads",
    "loads_all",
    "read_phh",
    "write_phh",
]

VARIANT_NAMES: Final = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha hold'em",
    "FO/8": "fixed-limit Omaha hold'em high/low-split eight or better",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud high/low-split eight or better",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw",
    "F2L3D": "fixed-limit deuce-to-seven lowball triple draw",
    "FB": "fixed-limit badugi",
}
HOLDEM_VARIANTS: Final = ("FT", "NT")
"""The variants pokerroom plays (pot-limit hold'em has no PHH code; see ``record``)."""

def unplayed_variant(variant: str) -> str:
    """Why a hand of ``variant``, one pokerroom does not play, is refused."""
    if variant in VARIANT_NAMES:
        return (
            f"the variant {variant!r} ({VARIANT_NAMES[variant]}) is not one pokerroom "
            f"plays (it plays {', '.join(HOLDEM_VARIANTS)})"
        )
    return (
        f"unknown variant {variant!r} (known: {', '.join(VARIANT_NAMES)}; pokerroom "
        f"plays {', '.join(HOLDEM_VARIANTS)})"
    )


_REQUIRED: Final = {
    "FT": ("antes", "blinds_or_straddles", "small_bet", "big_bet", "starting_stacks", "actions"),
    "NT": ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"),
}
_STRUCTURE_FIELDS: Final = ("bring_in", "small_bet", "big_bet", "min_bet")

# Optional fields of the spec and their kinds.
_STR, _INT, _STR_OR_INT, _TIME, _BOOL, _AMOUNT = "str", "int", "str|int", "time", "bool", "amount"
_INTS, _STRS, _AMOUNTS = "int[]", "str[]", "amount[]"
_OPTIONAL: Final = {
    "author": _STR, "event": _STR, "url": _STR, "venue": _STR, "address": _STR,
    "city": _STR, "region": _STR, "postal_code": _STR, "country": _STR, "time": _TIME,
    "time_zone": _STR, "time_zone_abbreviation": _STR, "day": _INT, "month": _INT,
    "year": _INT, "hand": _STR_OR_INT, "level": _INT, "seats": _INTS, "seat_count": _INT,
    "table": _STR_OR_INT, "players": _STRS, "finishing_stacks": _AMOUNTS,
    "winnings": _AMOUNTS, "currency": _STR, "currency_symbol": _STR,
    "ante_trimming_status": _BOOL, "time_limit": _AMOUNT, "time_banks": _AMOUNTS,
}  # fmt: skip
_PER_PLAYER: Final = (
    "antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings",
    "players", "seats", "time_banks",
)  # fmt: skip
_KIND_WORDS: Final = {
    _STR: "a string", _INT: "an integer", _STR_OR_INT: "a string or an integer",
    _TIME: "a TOML time", _BOOL: "true or false", _AMOUNT: "a number",
    _INTS: "an array of integers", _STRS: "an array of strings",
    _AMOUNTS: "an array of numbers",
}  # fmt: skip

TomlTime = datetime.time | datetime.date | datetime.datetime


@dataclass(frozen=True, slots=True)
class PHHHand:
    """One hand of a PHH file, typed and validated (see the module doc).

    Per-player arrays are tuples in position order: p1 (index 0) is the first seat left
    of the button, the last player has the button (heads-up: reversed blinds).
    """

    variant: str
    antes: tuple[Amount, ...]
    starting_stacks: tuple[Amount, ...]
    actions: tuple[PHHAction, ...]
    blinds_or_straddles: tuple[Amount, ...] | None = None
    bring_in: Amount | None = None
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    min_bet: Amount | None = None
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: TomlTime | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: str | int | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: str | int | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[Amount, ...] | None = None
    winnings: tuple[Amount, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    ante_trimming_status: bool | None = None
    time_limit: Amount | None = None
    time_banks: tuple[Amount, ...] | None = None
    custom: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """Fields whose names start with ``_``, in file order, values as TOML gave them."""

    def __post_init__(self) -> None:
        for name in (*_PER_PLAYER, "actions"):
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))
        _validate(self)

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def is_holdem(self) -> bool:
        return self.variant in HOLDEM_VARIANTS

    def with_fields(self, **changes: Any) -> PHHHand:
        """A copy with some fields changed (validated again)."""
        return replace(self, **changes)

    def to_toml_dict(self) -> dict[str, Any]:
        """The TOML content as a dict (required fields first, then optional, then custom)."""
        out: dict[str, Any] = {"variant": self.variant}
        for name in ("ante_trimming_status", "antes", "blinds_or_straddles", *_STRUCTURE_FIELDS,
                     "starting_stacks"):  # fmt: skip
            value = getattr(self, name)
            if value is not None:
                out[name] = list(value) if isinstance(value, tuple) else value
        out["actions"] = [str(a) for a in self.actions]
        for name in _OPTIONAL:
            value = getattr(self, name)
            if value is not None and name not in out:
                out[name] = list(value) if isinstance(value, tuple) else value
        out.update(self.custom)
        return out


# ----------------------------------------------------------------------------- reading


def loads(text: str, *, source: str | None = None) -> PHHHand:
    """Read one hand from the text of a ``.phh`` file."""
    raw = _toml(text, source)
    return _hand_from_table(raw, _Locator(text), source=source, where=None)


def loads_all(text: str, *, source: str | None = None) -> dict[str, PHHHand]:
    """Read the hands of a ``.phhs`` file: ``{"1": hand, "2": hand, ...}`` in file order.

    The first bad hand raises; :func:`iter_hands` reports each hand on its own.
    """
    hands: dict[str, PHHHand] = {}
    for key, hand in iter_hands(text, source=source):
        if isinstance(hand, PHHError):
            raise hand
        hands[key] = hand
    return hands


def iter_hands(text: str, *, source: str | None = None) -> Iterator[tuple[str, PHHHand | PHHError]]:
    """Each hand of a ``.phhs`` file, or the error that makes it unreadable (the other
    hands still load).  Bad TOML, or a top-level value that is not a table, raises."""
    raw = _toml(text, source)
    locator = _Locator(text)
    for key, table in raw.items():
        if not isinstance(table, dict):
            raise PHHError(
                f"a .phhs file holds hands as tables ([1], [2], ...); {key!r} is "
                f"{_type_word(table)}",
                source=source, where=_at(locator.field_line(key), None),
            )  # fmt: skip
        where = f"hand [{key}]"
        try:
            yield key, _hand_from_table(table, locator.within(key), source=source, where=where)
        except PHHError as exc:
            yield key, exc


def load(path: str | Path) -> PHHHand:
    """Read a ``.phh`` file."""
    return loads(read_text(path, "the file", PHHError), source=str(path))


def read_phh(path: str | Path) -> list[tuple[str, PHHHand]]:
    """Every hand of a ``.phh`` or ``.phhs`` file, with its label (``'1'``, ... or ``''``)."""
    text = read_text(path, "the file", PHHError)
    if str(path).endswith(".phhs"):
        return list(loads_all(text, source=str(path)).items())
    return [("", loads(text, source=str(path)))]


def _toml(text: str, source: str | None) -> dict[str, Any]:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PHHError(f"not valid TOML: {exc}", source=source) from None


def _type_word(value: object) -> str:
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, int | Decimal):
        return f"the number {value}"
    return f"the {type(value).__name__} {value}"


def _at(line: int | None, where: str | None) -> str | None:
    parts = [f"line {line}" if line else None, where]
    return ": ".join(p for p in parts if p) or None


class _Locator:
    """Best-effort line numbers: where a field or an action's text appears in the file."""

    def __init__(self, text: str, start: int = 0, end: int | None = None) -> None:
        self.text = text
        self.start = start
        self.end = len(text) if end is None else end
        self._cursor = start

    def line_of(self, pos: int) -> int:
        return self.text.count("\n", 0, pos) + 1

    def within(self, key: str) -> _Locator:
        pattern = rf"^\s*\[\s*[\"']?{re.escape(key)}[\"']?\s*\]"
        m = re.search(pattern, self.text, re.MULTILINE)
        if m is None:
            return _Locator(self.text, 0, 0)
        nxt = re.compile(r"^\s*\[", re.MULTILINE).search(self.text, m.end())
        return _Locator(self.text, m.start(), nxt.start() if nxt else None)

    def field_line(self, name: str) -> int | None:
        # [ \t], not \s: a blank line before the field is not part of its line
        m = re.compile(rf"^[ \t]*[\"']?{re.escape(name)}[\"']?[ \t]*=", re.MULTILINE).search(
            self.text, self.start, self.end
        )
        return self.line_of(m.start()) if m else None

    def action_line(self, raw: str) -> int | None:
        for quote in ('"', "'"):
            pos = self.text.find(f"{quote}{raw}{quote}", self._cursor, self.end)
            if pos >= 0:
                self._cursor = pos + len(raw) + 2
                return self.line_of(pos)
        return None


def _hand_from_table(
    table: dict[str, Any], loc: _Locator, *, source: str | None, where: str | None
) -> PHHHand:
    def fail(reason: str, name: str | None = None, line: int | None = None) -> PHHError:
        place = f"field {name!r}" if name else None
        if name and line is None:
            line = loc.field_line(name)
        inner = _at(line, place)
        outer = ": ".join(p for p in (where, inner) if p) or None
        return PHHError(reason, source=source, where=outer)

    variant = table.get("variant")
    if variant is None:
        raise fail("the required field 'variant' is missing (FT, NT, ...)")
    if not isinstance(variant, str):
        raise fail(f"must be a string like 'NT', not {_type_word(variant)}", "variant")
    if variant not in _REQUIRED:
        raise fail(unplayed_variant(variant), "variant")
    kwargs: dict[str, Any] = {"variant": variant}
    custom: dict[str, Any] = {}
    required = _REQUIRED[variant]
    for name in required:
        if name not in table:
            raise fail(f"the required field {name!r} is missing (variant {variant!r} needs "
                       f"{', '.join(required)})")  # fmt: skip
    for name, value in table.items():
        if name == "variant":
            continue
        if name.startswith("_"):
            custom[name] = value
            continue
        kwargs[name] = _field(name, value, variant, loc, fail)
    kwargs["custom"] = custom
    try:
        return PHHHand(**kwargs)
    except _FieldError as exc:
        line = None
        if exc.action is not None:
            loc2 = _Locator(loc.text, loc.start, loc.end)
            for i, a in enumerate(table.get("actions", [])):
                ln = loc2.action_line(a)
                if i == exc.action:
                    line = ln
                    break
        raise fail(exc.reason, exc.name, line) from None


def _field(name: str, value: Any, variant: str, loc: _Locator, fail: Any) -> Any:
    """The value of the spec's field ``name`` of a hand of ``variant`` (refused: a field
    the spec does not have, or the variant does not take)."""
    required = _REQUIRED[variant]
    if name == "actions":
        return _actions(value, loc, fail)
    if name in ("antes", "blinds_or_straddles", "starting_stacks"):
        return _convert(value, _AMOUNTS, name, fail)
    if name in _STRUCTURE_FIELDS:
        if name not in required:
            raise fail(f"not a field of variant {variant!r} (its fields: "
                       f"{', '.join(required)})", name)  # fmt: skip
        return _convert(value, _AMOUNT, name, fail)
    if name in _OPTIONAL:
        return _convert(value, _OPTIONAL[name], name, fail)
    raise fail(
        "unknown field (custom fields start with '_'; the spec's fields are "
        f"{', '.join(('variant', *required, *_OPTIONAL))})",
        name,
    )


def _convert(value: Any, kind: str, name: str, fail: Any) -> Any:
    def bad() -> PHHError:
        err: PHHError = fail(f"must be {_KIND_WORDS[kind]}, not {_type_word(value)}", name)
        return err

    if kind.endswith("[]"):
        if not isinstance(value, list):
            raise bad()
        item_kind = kind[:-2]
        items = []
        for i, item in enumerate(value):
            try:
                items.append(_convert(item, item_kind, name, fail))
            except PHHError:
                raise fail(
                    f"item {i + 1} must be {_KIND_WORDS[item_kind]}, not {_type_word(item)}", name
                ) from None
        return tuple(items)
    ok = {
        _STR: isinstance(value, str),
        _INT: isinstance(value, int) and not isinstance(value, bool),
        _STR_OR_INT: isinstance(value, str | int) and not isinstance(value, bool),
        _TIME: isinstance(value, datetime.time | datetime.date),
        _BOOL: isinstance(value, bool),
        _AMOUNT: isinstance(value, int | Decimal) and not isinstance(value, bool),
    }[kind]
    if not ok:
        raise bad()
    if kind == _AMOUNT and (value.is_nan() if isinstance(value, Decimal) else False):
        raise fail("must be a number, not nan", name)
    return value


def _actions(value: Any, loc: _Locator, fail: Any) -> tuple[PHHAction, ...]:
    if not isinstance(value, list):
        raise fail(f"must be an array of strings, not {_type_word(value)}", "actions")
    out = []
    for i, raw in enumerate(value):
        line = loc.action_line(raw) if isinstance(raw, str) else None
        if not isinstance(raw, str):
            raise fail(f"action {i + 1} must be a string, not {_type_word(raw)}", "actions")
        try:
            out.append(PHHAction.parse(raw))
        except PHHError as exc:
            err: PHHError = fail(f"action {i + 1} {raw!r}: {exc.reason}", None, line)
            raise err from None
    return tuple(out)


# ----------------------------------------------------------------------------- validation


class _FieldError(PHHError):
    """A PHHError about one field (and maybe one of its actions), for line lookup."""

    def __init__(self, reason: str, name: str, action: int | None = None):
        super().__init__(reason, where=f"field {name!r}")
        self.name = name
        self.action = action

    def __reduce__(self) -> tuple[object, ...]:
        return (_FieldError, (self.reason, self.name, self.action))


def _validate(hand: PHHHand) -> None:
    n = len(hand.starting_stacks)
    if n < 2:
        raise _FieldError(f"a hand needs at least 2 players, not {n}", "starting_stacks")
    for name in _PER_PLAYER:
        value = getattr(hand, name)
        if value is not None and len(value) != n:
            raise _FieldError(
                f"has {len(value)} entries for {n} players (starting_stacks has {n})", name
            )
    for name in ("antes", "blinds_or_straddles", "finishing_stacks", "winnings", "time_banks"):
        for i, amount in enumerate(getattr(hand, name) or ()):
            if amount < 0:
                raise _FieldError(f"player {i + 1}: {amount} is negative", name)
    for name in ("antes", "blinds_or_straddles", "winnings"):  # stacks may be unknown: inf
        for i, amount in enumerate(getattr(hand, name) or ()):
            if isinstance(amount, Decimal) and not amount.is_finite():
                raise _FieldError(f"player {i + 1}: {amount} is not a finite amount", name)
    for i, stack in enumerate(hand.starting_stacks):
        if not stack > 0:
            raise _FieldError(f"player {i + 1}: a starting stack must be positive, not {stack}",
                              "starting_stacks")  # fmt: skip
    for name in _STRUCTURE_FIELDS:
        amount = getattr(hand, name)
        if amount is not None and not (0 < amount < math.inf):
            raise _FieldError(f"must be a positive number, not {amount}", name)
    for name in _REQUIRED.get(hand.variant, ()):
        if getattr(hand, name) is None:
            raise _FieldError(f"the required field is missing (variant {hand.variant!r})", name)
    if hand.is_holdem:
        _validate_holdem_actions(hand.actions, n)


def _validate_holdem_actions(actions: Sequence[PHHAction], n: int) -> None:
    seen: dict[int, str] = {}
    hole: dict[int, tuple[Any, ...]] = {}
    board = 0
    for i, action in enumerate(actions):

        def bad(reason: str, i: int = i, action: PHHAction = action) -> _FieldError:
            return _FieldError(f"action {i + 1} {str(action)!r}: {reason}", "actions", i)

        if action.player is not None and action.player >= n:
            raise bad(f"there is no player p{action.player + 1} (players p1 to p{n})")
        if action.verb in (Verb.BRING_IN, Verb.DISCARD):
            raise bad(f"{action.verb.value!r} is not an action of hold'em")
        if action.verb is Verb.DEAL_HOLE:
            assert action.player is not None and action.cards is not None
            if action.player in hole:
                raise bad(f"p{action.player + 1} was already dealt hole cards")
            if len(action.cards) != 2:
                raise bad(f"hold'em deals 2 hole cards, not {len(action.cards)}")
            hole[action.player] = action.cards
        elif action.verb is Verb.DEAL_BOARD:
            assert action.cards is not None
            expected = (3, 1, 1)
            if board >= 3:
                raise bad("the board is already complete (flop, turn, river)")
            if len(action.cards) != expected[board] or None in action.cards:
                raise bad(
                    f"the {('flop', 'turn', 'river')[board]} is {expected[board]} known "
                    f"card{'s' if expected[board] > 1 else ''}"
                )
            board += 1
        elif action.verb is Verb.SHOW and action.cards is not None:
            assert action.player is not None
            dealt = hole.get(action.player)
            if len(action.cards) != 2:
                raise bad(f"hold'em shows 2 hole cards, not {len(action.cards)}")
            known = {c for c in dealt or () if c is not None}
            if not known <= set(action.known_cards):
                raise bad(f"p{action.player + 1} was dealt other cards")
            new = [c for c in action.known_cards if c not in known]
            _claim(new, seen, f"p{action.player + 1}'s hole cards", bad)
            continue
        if action.verb in (Verb.DEAL_HOLE, Verb.DEAL_BOARD):
            owner = "the board" if action.player is None else f"p{action.player + 1}'s hole cards"
            _claim(action.known_cards, seen, owner, bad)


def _claim(cards: Iterable[Any], seen: dict[int, str], owner: str, bad: Any) -> None:
    for card in cards:
        if int(card) in seen:
            raise bad(f"{card} is already in {seen[int(card)]}: a card can be dealt only once")
        seen[int(card)] = owner


# ----------------------------------------------------------------------------- writing


def dumps(hand: PHHHand) -> str:
    """The ``.phh`` text of one hand."""
    return _format_table(hand.to_toml_dict())


def dumps_all(hands: Iterable[PHHHand]) -> str:
    """The ``.phhs`` text of several hands, as tables ``[1]``, ``[2]``, ..."""
    return "\n".join(
        f"[{i}]\n{_format_table(hand.to_toml_dict(), str(i))}" for i, hand in enumerate(hands, 1)
    )


def write_phh(path: str | Path, hands: Sequence[PHHHand]) -> None:
    """Write one hand as ``.phh`` or several as ``.phhs`` (chosen by the file's suffix)."""
    path = Path(path)
    if path.suffix == ".phhs":
        text = dumps_all(hands)
    elif len(hands) == 1:
        text = dumps(hands[0])
    else:
        raise PHHError(f"a .phh file holds one hand, not {len(hands)} (use .phhs)",
                       source=str(path))  # fmt: skip
    path.write_text(text, encoding="utf-8")


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else _scalar(name)


def _scalar(value: Any) -> str:
    return tomli_w.dumps({"v": value}).removeprefix("v = ").rstrip("\n")


def _value(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    return _scalar(value)


def _format_table(table: Mapping[str, Any], prefix: str | None = None) -> str:
    """Keys and values, then each table-valued field as its own ``[section]`` (inside a
    ``.phhs`` hand: ``[1._rules]``), so long custom tables stay readable."""
    lines = []
    sections = []
    for name, value in table.items():
        if name == "actions":
            if not value:
                lines.append("actions = []")
            else:
                lines.append("actions = [")
                lines.extend(f"    {_scalar(a)}," for a in value)
                lines.append("]")
        elif isinstance(value, Mapping) and value:
            header = _key(name) if prefix is None else f"{_key(prefix)}.{_key(name)}"
            body = [f"{_key(k)} = {_value(v)}" for k, v in value.items()]
            sections.append("\n".join([f"[{header}]", *body]))
        else:
            lines.append(f"{_key(name)} = {_value(value)}")
    return "\n\n".join(["\n".join(lines), *sections]) + "\n"
