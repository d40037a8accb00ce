"""The rules of a game, as data (``rules.md`` §3–9, §12).

:class:`Rules` is a frozen, keyword-only value: the betting structure and its limits,
the raise cap, the forced bets, the options of the betting round, the cards, the
showdown and the pot award.  It is validated on construction, and every problem is
listed at once:

>>> try:
...     Rules(structure=Structure.FIXED_LIMIT, small_bet=10, max_raises=-1, players=15)
... except RulesError as exc:
...     for problem in exc.problems:
...         print(problem)
max_raises is -1: a raise cap is 0 or more
players is 15: 2 to 14 players
>>> Rules.preset("casino-limit").units
(2, 2, 4, 4)
>>> Rules.preset("no-limit", blinds=(5, 10)).blinds
(5, 10)

Positions.  Per-player amounts (``antes``, ``blinds``) are listed in *position order*:
position 0 is the first seat left of the button, the button is the last position —
the order of PHH's ``antes`` / ``blinds_or_straddles`` and of ACPC's ``blind``.
``blinds[k]`` is posted by position ``k``; with ``button_blind`` (001) the button posts
``blinds[0]`` and position ``k - 1`` posts ``blinds[k]``.  Heads-up, with
``heads_up_reversed`` (002, PHH, ACPC), the button posts ``blinds[0]`` and the other
player ``blinds[1]``.  Pre-flop the first to act is the player after the last one who
posted a blind (001: after the straddle); in later rounds the first active player left
of the button.

The raise cap (``max_raises``) counts *raises*: the full bets and raises players make
in a round after the round's opening bet.  The opening bet is the first bet of at least
one full unit: pre-flop a blind of a full unit (or 001's straddle) is the opening bet;
after a sub-minimum blind or a short all-in bet, the bet that completes it to a full
unit is.  Blinds never count; 001's straddle counts as a raise only with
``straddle_counts``.  An all-in for less than a full raise never counts (it is not a
raise: it does not reopen the betting).  So "a bet and three raises" (002), "three
raises, the straddle not counted" (001) and ACPC's ``maxRaises = 3 4 4 4`` (which counts
every ``r``, the post-flop opening bet included) are all ``max_raises=3``; in general an
ACPC value ``m`` is ``m`` for a round opened by a full blind and ``m - 1`` for the
others.  PokerKit's fixed limit (four bets and raises per round, blinds not counted) is
``max_raises=(4, 3, 3, 3)``.

Rules this page settles where ``rules.md`` is silent (tested in ``tests/test_engine*``):
a player may not fold when checking is free (except 001's straddler, who straddles or
folds); an all-in for less than a full raise reopens the betting only for players facing
a full raise since they last acted (TDA 47, cumulative short all-ins included); in no
limit and pot limit a raise over a short all-in bet is at least a full minimum bet more,
while fixed limit *completes* such a bet to one unit (002); a blind posted short (the
poster all-in for less) must still be called in full by the others, and the minimum
raise is still counted from the full blind (the casino and tournament convention); a
player who owes nothing
while everyone else is all-in is not asked to act; antes count as contributions (the
part nobody else matched is returned at once, like PHH's ante trimming) unless
``dead_antes``, when they are dead money in the main pot.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from pathlib import Path
from typing import Any, ClassVar

from pokerroom._rulevalues import coerce_field, coerce_wild, wild_text
from pokerroom.conventions import OddChip, TieSplit
from pokerroom.evaluator.wildcards import JokerMode, WildCards

__all__ = [
    "PRESETS",
    "AnteRule",
    "OddChip",
    "Rules",
    "RulesError",
    "ShowdownMode",
    "Structure",
    "TieSplit",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 14


class RulesError(ValueError):
    """Rules that cannot be played; ``problems`` lists every one of them."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("invalid rules: " + "; ".join(self.problems))


class Structure(Enum):
    """The betting structure (``rules.md`` §5)."""

    FIXED_LIMIT = "fixed-limit"
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"


class ShowdownMode(Enum):
    """How hands are judged at the showdown (``rules.md`` §8)."""

    CARDS_SPEAK = "cards-speak"
    ANNOUNCED = "announced"


class AnteRule(Enum):
    """Where the ante comes from: ``antes`` as given, or 001's half the low limit."""

    FIXED = "fixed"
    HALF_LOW_LIMIT = "half-low-limit"


def _enum_text(value: Enum) -> str:
    return f"{type(value).__name__}.{value.name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Everything that decides how a hand is played.  See the module for positions and
    what counts toward the raise cap.

    Betting: ``structure``; fixed limit ``small_bet`` (rounds 1–2), ``big_bet`` (rounds
    3–4, default twice the small bet), ``river_bet`` (default the big bet); no limit and
    pot limit ``min_bet`` (default the largest blind); ``max_raises`` (``None``: no cap;
    an int for every round or one per round), ``straddle_counts``.
    Forced bets: ``antes`` (one amount or one per position; ``ante_rule``),
    ``dead_antes`` (antes are dead money in the main pot instead of contributions that
    side pots layer; PHH ``ante_trimming_status = false``), ``blinds``, ``button_blind``,
    ``heads_up_reversed``, ``straddle`` (001: the player after the blinds posts it or folds).
    The round: ``check_raise``, ``all_in_only_when_short`` (001: all-in only when one
    cannot cover the call).  Cards: ``burn_cards``, ``min_hole_cards``, ``wild``.
    End: ``showdown``, ``tie_split``, ``odd_chip``.  Table: ``players`` (``None``: any
    number from 2 to 14), ``buy_in``, ``freeze_out``.
    """

    structure: Structure = Structure.NO_LIMIT
    small_bet: int | None = None
    big_bet: int | None = None
    river_bet: int | None = None
    min_bet: int | None = None
    max_raises: int | tuple[int | None, ...] | None = None
    straddle_counts: bool = False
    antes: int | tuple[int, ...] = 0
    ante_rule: AnteRule = AnteRule.FIXED
    dead_antes: bool = False
    blinds: tuple[int, ...] = (2, 4)
    button_blind: bool = False
    heads_up_reversed: bool = True
    straddle: int = 0
    check_raise: bool = True
    all_in_only_when_short: bool = False
    burn_cards: bool = True
    min_hole_cards: int = 0
    wild: WildCards | None = None
    showdown: ShowdownMode = ShowdownMode.CARDS_SPEAK
    tie_split: TieSplit = TieSplit.SIDE_POTS
    odd_chip: OddChip = OddChip.LEFT_OF_BUTTON
    players: int | None = None
    buy_in: int = 1000
    freeze_out: bool = False

    _ENUMS: ClassVar[dict[str, type[Enum]]] = {
        "structure": Structure,
        "ante_rule": AnteRule,
        "showdown": ShowdownMode,
        "tie_split": TieSplit,
        "odd_chip": OddChip,
    }

    def __post_init__(self) -> None:
        # Normalise lists (from TOML or callers) to tuples so the value stays hashable.
        for name in ("blinds", "antes", "max_raises"):
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))
        problems = list(_problems(self))
        if problems:
            raise RulesError(problems)

    # ----------------------------------------------------------------- derived values

    @property
    def units(self) -> tuple[int, int, int, int]:
        """The bet unit of each round: the fixed-limit bet, or the no-limit minimum bet."""
        if self.structure is Structure.FIXED_LIMIT:
            assert self.small_bet is not None
            big = self.big_bet if self.big_bet is not None else 2 * self.small_bet
            river = self.river_bet if self.river_bet is not None else big
            return (self.small_bet, self.small_bet, big, river)
        unit = self.min_bet if self.min_bet is not None else max((*self.blinds, 1))
        return (unit, unit, unit, unit)

    @property
    def raise_caps(self) -> tuple[int | None, int | None, int | None, int | None]:
        """The raise cap of each round (``None``: no cap)."""
        caps = self.max_raises
        if caps is None or isinstance(caps, int):
            return (caps, caps, caps, caps)
        a, b, c, d = caps
        return (a, b, c, d)

    def ante_amounts(self, players: int) -> tuple[int, ...]:
        """The ante of each position for ``players`` players."""
        if self.ante_rule is AnteRule.HALF_LOW_LIMIT:
            return (max(1, self.units[0] // 2),) * players
        if isinstance(self.antes, int):
            return (self.antes,) * players
        return self.antes

    @property
    def joker(self) -> bool:
        """Whether the pack has the 53rd card."""
        return self.wild is not None and self.wild.joker is not None

    @property
    def big_blind(self) -> int:
        """The largest blind (or 001's straddle)."""
        return max((*self.blinds, self.straddle, 0))

    # ---------------------------------------------------------------- construction

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Rules:
        """A named preset of ``rules.md`` §12, with fields replaced by ``overrides``."""
        try:
            base = PRESETS[name]
        except KeyError:
            raise RulesError(
                [f"no preset {name!r} (presets: {', '.join(sorted(PRESETS))})"]
            ) from None
        return base.replace(**overrides) if overrides else base

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (values coerced as :meth:`from_mapping` does)."""
        data = self.to_mapping()
        data.update(changes)
        return Rules.from_mapping(data)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from plain data (TOML tables, JSON, command-line overrides).

        A ``preset`` key names the base; every other key is a field.  Enum fields take
        their text (``"fixed-limit"``), ``wild`` takes :meth:`WildCards.parse` text (or a
        :class:`WildCards`) and ``joker`` the joker mode (``"bug"``, ``"wild"``, ``"none"``).
        Unknown keys and badly typed values are listed together in one :class:`RulesError`.
        """
        data = dict(data)
        preset = data.pop("preset", None)
        base: dict[str, Any] = {}
        problems: list[str] = []
        if preset is not None:
            if preset not in PRESETS:
                problems.append(f"no preset {preset!r} (presets: {', '.join(sorted(PRESETS))})")
            else:
                base = PRESETS[preset].to_mapping()
        joker = data.pop("joker", base.pop("joker", None))
        wild = data.pop("wild", base.pop("wild", None))
        known = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, raw in {**base, **data}.items():
            if key not in known:
                problems.append(f"unknown rule {key!r} (rules: {', '.join(sorted(known))})")
                continue
            try:
                values[key] = coerce_field(key, raw, cls._ENUMS.get(key))
            except (TypeError, ValueError) as exc:
                problems.append(str(exc))
        try:
            values["wild"] = coerce_wild(wild, joker)
        except ValueError as exc:
            problems.append(str(exc))
        if problems:
            raise RulesError(problems)
        return cls(**values)

    @classmethod
    def from_toml(cls, text: str) -> Rules:
        """Rules from TOML text: top-level keys, or a ``[rules]`` table.

        >>> Rules.from_toml('preset = "casino-limit"\\nsmall_bet = 5\\nbig_bet = 10').units
        (5, 5, 10, 10)
        """
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise RulesError([f"not TOML: {exc}"]) from None
        table = data.get("rules", data)
        if not isinstance(table, dict):
            raise RulesError(["[rules] must be a table"])
        return cls.from_mapping(table)

    @classmethod
    def load(cls, path: str | Path) -> Rules:
        """Rules from a TOML file."""
        return cls.from_toml(Path(path).read_text(encoding="utf-8"))

    def override(self, assignments: Iterable[str]) -> Rules:
        """A copy with ``field=value`` assignments applied (command-line style).

        Values are TOML values (``small_bet=4``, ``blinds=[1, 2]``,
        ``structure="no-limit"``); a bare word is taken as text (``structure=no-limit``).

        >>> Rules.preset("casino-limit").override(["small_bet=5", "check_raise=false"]).small_bet
        5
        """
        changes: dict[str, Any] = {}
        problems: list[str] = []
        for item in assignments:
            key, sep, text = item.partition("=")
            key = key.strip().replace("-", "_")
            if not sep or not key:
                problems.append(f"not an assignment: {item!r} (write field=value)")
                continue
            try:
                changes[key] = tomllib.loads(f"v = {text.strip()}")["v"]
            except tomllib.TOMLDecodeError:
                changes[key] = text.strip()
        if problems:
            raise RulesError(problems)
        return self.replace(**changes)

    # ------------------------------------------------------------------------ output

    def to_mapping(self) -> dict[str, Any]:
        """Plain data (TOML-ready: no ``None``) that :meth:`from_mapping` reads back."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
                continue
            if f.name == "wild":
                assert isinstance(value, WildCards)
                out["wild"] = wild_text(value)
                if value.joker is not None:
                    out["joker"] = value.joker.value
            elif isinstance(value, Enum):
                out[f.name] = value.value
            elif isinstance(value, tuple):
                out[f.name] = list(value)
            else:
                out[f.name] = value
        return out

    def to_toml(self) -> str:
        """TOML text that :meth:`from_toml` reads back to equal rules."""
        import tomli_w

        return tomli_w.dumps(self.to_mapping())

    def __repr__(self) -> str:
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            if value == f.default:
                continue
            shown = _enum_text(value) if isinstance(value, Enum) else repr(value)
            parts.append(f"{f.name}={shown}")
        return f"Rules({', '.join(parts)})"

    def __str__(self) -> str:
        if self.structure is Structure.FIXED_LIMIT:
            u = self.units
            text = f"fixed limit {u[0]}/{u[2]}" + (f" (river {u[3]})" if u[3] != u[2] else "")
        else:
            text = f"{self.structure.value.replace('-', ' ')} (minimum bet {self.units[0]})"
        forced = []
        antes = self.ante_amounts(self.players or MIN_PLAYERS)
        if any(antes):
            forced.append(f"ante {max(antes)}")
        if any(self.blinds):
            word = "button blind" if self.button_blind else "blinds"
            forced.append(f"{word} {'/'.join(str(b) for b in self.blinds)}")
        if self.straddle:
            forced.append(f"straddle {self.straddle}")
        if forced:
            text += ", " + ", ".join(forced)
        if self.max_raises is not None:
            text += f", raise cap {self.max_raises}"
        return text


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _problems(r: Rules) -> Iterable[str]:
    """Every reason these rules cannot be played."""
    for name, kind in Rules._ENUMS.items():
        if not isinstance(getattr(r, name), kind):
            yield f"{name} is {getattr(r, name)!r}: a {kind.__name__}"
            return
    limit = r.structure is Structure.FIXED_LIMIT
    for name in ("small_bet", "big_bet", "river_bet"):
        value = getattr(r, name)
        if value is None:
            continue
        if not limit:
            yield f"{name} is {value}: a {name.replace('_', ' ')} needs the fixed-limit structure"
        elif not _is_int(value) or value < 1:
            yield f"{name} is {value!r}: a bet size is a whole number of chips, 1 or more"
    if limit and r.small_bet is None:
        yield "fixed limit needs small_bet (the bet of rounds 1 and 2)"
    if r.min_bet is not None:
        if limit:
            yield f"min_bet is {r.min_bet}: fixed limit bets exactly small_bet / big_bet"
        elif not _is_int(r.min_bet) or r.min_bet < 1:
            yield f"min_bet is {r.min_bet!r}: 1 chip or more"
    caps = r.max_raises
    if caps is not None:
        if isinstance(caps, tuple):
            if len(caps) != 4:
                yield f"max_raises is {caps!r}: one cap per round, four rounds"
            for cap in caps:
                if cap is not None and (not _is_int(cap) or cap < 0):
                    yield f"max_raises has {cap!r}: a raise cap is 0 or more"
        elif not _is_int(caps) or caps < 0:
            yield f"max_raises is {caps!r}: a raise cap is 0 or more"
    antes = r.antes
    ante_list = list(antes) if isinstance(antes, tuple) else [antes]
    if any(not _is_int(a) or a < 0 for a in ante_list):
        yield f"antes is {antes!r}: antes are whole numbers of chips, 0 or more"
    elif isinstance(antes, tuple) and not MIN_PLAYERS <= len(antes) <= MAX_PLAYERS:
        yield f"antes has {len(antes)} entries: one per position, 2 to 14"
    if r.ante_rule is AnteRule.HALF_LOW_LIMIT:
        if not limit:
            yield "ante_rule half-low-limit needs the fixed-limit structure"
        if any(ante_list):
            yield f"antes is {antes!r} but ante_rule half-low-limit decides the ante"
    blinds = r.blinds
    if not isinstance(blinds, tuple) or any(not _is_int(b) or b < 0 for b in blinds):
        yield f"blinds is {blinds!r}: whole numbers of chips, 0 or more"
        blinds = ()
    elif len(blinds) > MAX_PLAYERS:
        yield f"blinds has {len(blinds)} entries: at most one per player (14)"
    if not _is_int(r.straddle) or r.straddle < 0:
        yield f"straddle is {r.straddle!r}: whole chips, 0 for none"
    elif r.straddle and r.straddle <= max((*blinds, 0)):
        yield f"straddle is {r.straddle}: a straddle is larger than every blind ({max(blinds)})"
    if r.straddle_counts and not r.straddle:
        yield "straddle_counts is set but there is no straddle"
    if not _is_int(r.min_hole_cards) or not 0 <= r.min_hole_cards <= 2:
        yield f"min_hole_cards is {r.min_hole_cards!r}: 0, 1 or 2"
    wild: object = r.wild
    if wild is not None and not isinstance(wild, WildCards):
        yield f"wild is {wild!r}: a WildCards"
    if r.players is not None:
        if not _is_int(r.players) or not MIN_PLAYERS <= r.players <= MAX_PLAYERS:
            yield f"players is {r.players!r}: 2 to 14 players"
        else:
            posters = sum(1 for b in blinds if b) + (1 if r.straddle else 0)
            slots = len(blinds) - (1 if r.button_blind else 0) + (1 if r.straddle else 0)
            if r.players == 2 and r.heads_up_reversed and not r.button_blind:
                slots = len(blinds)
            if posters and slots > r.players:
                yield (
                    f"{posters} blinds and straddles need more than {r.players} players "
                    f"(blinds {list(blinds)}, straddle {r.straddle})"
                )
            if isinstance(antes, tuple) and len(antes) != r.players:
                yield f"antes has {len(antes)} entries for {r.players} players"
    if not _is_int(r.buy_in) or r.buy_in < 1:
        yield f"buy_in is {r.buy_in!r}: 1 chip or more"
    else:
        forced = max((*blinds, r.straddle if _is_int(r.straddle) else 0, 0))
        if all(_is_int(a) for a in ante_list):
            ante = (
                max(1, (r.small_bet or 0) // 2)
                if r.ante_rule is AnteRule.HALF_LOW_LIMIT
                else max(ante_list, default=0)
            )
            if forced + ante >= r.buy_in:
                yield (
                    f"buy_in is {r.buy_in}: a player must be able to post the forced bets "
                    f"({forced + ante}) and still play"
                )


def _presets() -> dict[str, Rules]:
    computer = Rules(
        structure=Structure.FIXED_LIMIT,
        small_bet=10,
        big_bet=20,
        max_raises=3,
        straddle_counts=False,
        antes=2,
        blinds=(5,),
        button_blind=True,
        straddle=10,
        check_raise=True,
        all_in_only_when_short=True,
        showdown=ShowdownMode.ANNOUNCED,
        tie_split=TieSplit.PROPORTIONAL,
        buy_in=1000,
        freeze_out=True,
    )
    casino = Rules(
        structure=Structure.FIXED_LIMIT,
        small_bet=2,
        big_bet=4,
        max_raises=3,
        blinds=(1, 2),
    )
    no_limit = Rules(structure=Structure.NO_LIMIT, blinds=(2, 4), buy_in=1000)
    wild = no_limit.replace(wild=WildCards(joker=JokerMode.BUG))
    return {
        "computer-tournament": computer,
        "casino-limit": casino,
        "no-limit": no_limit,
        "wild": wild,
    }


PRESETS: dict[str, Rules] = _presets()
"""The presets of ``rules.md`` §12 by name.  ``wild`` is the no-limit game with the bug
(53 cards); deuces wild is ``Rules.preset("wild", wild="2", joker="none")``."""
