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
player ``blinds[1]``.  Pre-flop the first to act is the player after the big blind (the
largest blind; of equal ones, the last; 001: after the straddle); in later rounds the
first active player left of the button; ``first_to_act`` gives a position per round
instead (ACPC's ``firstPlayer``).

The raise cap (``max_raises``) counts *raises*: the full bets and raises players make
in a round after the round's opening bet.  The opening bet is the first bet of at least
one full unit: pre-flop a blind of a full unit (or 001's straddle) is the opening bet;
after a sub-minimum blind or a short all-in bet, the bet that completes it to a full
unit is.  In fixed limit without ``fixed_limit_completes`` nothing is completed: a raise
is the call plus one unit, so the round's first blind or bet of any size is its opening
bet and every raise over it counts.  Blinds never count; 001's straddle counts as a
raise only with ``straddle_counts``.  An all-in for less than a full raise never counts
(it is not a raise: it does not reopen the betting).  So "a bet and three raises" (002),
"three raises, the straddle not counted" (001) and ACPC's ``maxRaises = 3 4 4 4`` (which
counts every ``r``, the post-flop opening bet included) are all ``max_raises=3``; in
general an ACPC value ``m`` is ``m`` for a round opened by a blind (a full one, with
``fixed_limit_completes``) and ``m - 1`` for the others.  PokerKit's fixed limit (four
bets and raises per round, blinds not counted) is ``max_raises=(4, 3, 3, 3)``.

001's cap, settled from its text ("a limit on the total number of raises by all players
in a betting round, not counting the straddle"; the straddler "raises half the low
limit"; a raise adds "N + L"): the button's blind is the round's bet, whatever its size;
the straddle is its one raise that is not counted; every later raise of a unit counts,
whether the straddle was posted, folded or all-in for less.  With the defaults (L = 10,
cap 3) the minimum raises are 20, 30, 40 after the straddle, 15, 25, 35 after a folded
one, 17, 27, 37 after a straddle all-in for 7; after the flop a bet and three raises.

Rules this page settles where ``rules.md`` is silent (tested in ``tests/test_engine*``):
a player may not fold when checking is free (except 001's straddler, who straddles or
folds); antes count as contributions (the part nobody else matched is returned at once,
like PHH's ante trimming) unless ``dead_antes``, when they are dead money in the main pot.

Conventions.  Where card rooms, rule books and other engines disagree, the choice is a
field, read by the engine's one legality check.  The default is the card-room rule; the
other value is the one PokerKit plays (PHH's reference engine, ``pokerkit/state.py``),
and :data:`POKERKIT_CONVENTIONS` sets them all, so that a hand PokerKit wrote replays
exactly (:func:`~pokerroom.history.replay.rules_from_phh` reads a PHH file without
``_rules`` that way).  The enums are in :mod:`pokerroom.conventions`.

* ``antes_trimmed_first`` (default true): the part of an ante nobody matched (antes not
  dead) is returned before the blinds are posted, so a short stack's blind is what it
  has left.  PokerKit: false, it is returned after them (``State.collect_bets`` returns
  it, but ``State.get_effective_blind_or_straddle`` caps the blind at the starting stack
  less the whole ante), and pre-flop the player after the largest blind *posted* acts
  first: when the antes took the whole stack of every blind poster, nothing is posted
  and the first seat left of the button opens (``State._begin_betting``).  With the
  default a blind the ante took whole is played as if posted (with
  ``short_blind_called_in_full`` it is called in full), and the player after it opens.
* ``short_blind_called_in_full`` (default true): a blind or straddle posted short (its
  poster all-in for less) must still be called in full.  PokerKit: false, the others
  call what was posted (``State.checking_or_calling_amount`` is the largest *posted*
  bet less the player's own).
* ``blind_sets_min_raise`` (default true): pre-flop the largest blind or straddle is the
  round's opening bet, so a raise is at least its size (after blinds 2/4 and a straddle
  of 8, the minimum raise is to 16; ``straddle=8`` and ``blinds=(2, 4, 8)`` play the
  same).  PokerKit: false, blinds are not bets and a raise is at least the minimum bet
  (``min_completion_betting_or_raising_to_amount`` counts only the completions, bets
  and raises of the round: to 12).
* ``fixed_limit_completes`` (default true): in fixed limit, a short all-in bet or a blind
  below one unit is *completed* to one unit (002).  False: a raise adds one unit on top
  of it (001: "raise (call + L)"; PokerKit; ACPC's ``raiseSize`` on top of the largest
  bet).
* ``reopening`` (:class:`~pokerroom.conventions.Reopening`): whether an all-in for less
  reopens the betting — TDA 47 by default (cumulative short all-ins included; a short
  all-in bet does not reopen it for players who checked), PokerKit's reading of WSOP
  Rule 96 (``NO_SMALLER``), or ACPC's none (``ALWAYS``).  In no limit and pot limit a
  raise over a short all-in bet is at least a full minimum bet more.
* ``lone_player_acts`` (default false): a player who owes nothing while every other
  player still in is all-in is not asked to act.  PokerKit: true once the player is in
  its queue of actors (``State.actor_indices``: pre-flop a player whose blind covers
  every other stack is left out of it, ``State._begin_betting``).
* ``cap_counts`` (:class:`~pokerroom.conventions.CapCount`): what ``max_raises`` counts
  (above).
* ``odd_chip`` (:class:`~pokerroom.conventions.OddChip`): PokerKit gives a split pot's
  whole remainder to one winner (``FIRST_LEFT_OF_BUTTON``).
* ``first_to_act``: the position that acts first in each round, when the rules give it
  (ACPC's ``firstPlayer``); ``None``, the rule above.

Derived values.  001 sets the button blind (``floor(L/2)``) and the straddle (``L``) from
the low limit ``L``; ``derived`` names the fields computed that way (the
``computer-tournament`` preset: ``("blinds", "straddle")``), so they follow the limit
through :meth:`Rules.replace`, presets with overrides and TOML, until given explicitly:

>>> Rules.preset("computer-tournament", small_bet=20, big_bet=40).blinds
(10,)
>>> Rules.preset("computer-tournament", small_bet=20, straddle=30).straddle
30
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

from pokerroom._rulecheck import MIN_PLAYERS, problems_of
from pokerroom._rulevalues import coerce_field, coerce_wild, wild_text
from pokerroom.conventions import (
    AnteRule,
    CapCount,
    OddChip,
    Reopening,
    ShowdownMode,
    ShowRule,
    Structure,
    TieSplit,
)
from pokerroom.evaluator.wildcards import JokerMode, WildCards

__all__ = [
    "DERIVABLE",
    "POKERKIT_CONVENTIONS",
    "PRESETS",
    "AnteRule",
    "CapCount",
    "OddChip",
    "Reopening",
    "Rules",
    "RulesError",
    "ShowRule",
    "ShowdownMode",
    "Structure",
    "TieSplit",
]

DERIVABLE = ("blinds", "straddle")
"""The fields ``Rules.derived`` may name (001: the button blind and the straddle)."""

POKERKIT_CONVENTIONS: Mapping[str, Any] = MappingProxyType({
    "antes_trimmed_first": False,
    "short_blind_called_in_full": False,
    "blind_sets_min_raise": False,
    "fixed_limit_completes": False,
    "reopening": Reopening.NO_SMALLER,
    "lone_player_acts": True,
    "cap_counts": CapCount.BETS_AND_RAISES,
    "odd_chip": OddChip.FIRST_LEFT_OF_BUTTON,
})  # fmt: skip
"""The fields that make pokerroom play PokerKit's conventions (see the module doc):
``Rules(structure=..., **POKERKIT_CONVENTIONS)``.  PokerKit's fixed-limit raise cap is
``max_raises=4`` with these."""

class RulesError(ValueError):
    """Rules that cannot be played; ``problems`` lists every one of them."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("invalid rules: " + "; ".join(self.problems))


def _enum_text(value: Enum) -> str:
    return f"{type(value).__name__}.{value.name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Everything that decides how a hand is played.  See the module for positions, what
    counts toward the raise cap, the conventions and the derived values.

    Betting: ``structure``; fixed limit ``small_bet`` (rounds 1–2), ``flop_bet`` (round 2,
    default the small bet), ``big_bet`` (rounds 3–4, default twice the small bet),
    ``river_bet`` (default the big bet); no limit and pot limit ``min_bet`` (default the
    largest blind); ``max_raises`` (``None``: no cap; an int for every round or one per
    round), ``straddle_counts``, ``cap_counts``.
    Forced bets: ``antes`` (one amount or one per position; ``ante_rule``),
    ``dead_antes`` (antes are dead money in the main pot instead of contributions that
    side pots layer; PHH ``ante_trimming_status = false``), ``blinds``, ``button_blind``,
    ``heads_up_reversed``, ``straddle`` (001: the player after the blinds posts it or folds;
    in fixed limit at least one small bet), ``derived``.
    The round: ``check_raise``, ``all_in_only_when_short`` (001: all-in only when one
    cannot cover the call), ``first_to_act`` (a position per round), and the conventions
    ``antes_trimmed_first``, ``short_blind_called_in_full``, ``blind_sets_min_raise``,
    ``fixed_limit_completes``,
    ``reopening``, ``lone_player_acts``.  Cards: ``burn_cards``, ``min_hole_cards``,
    ``wild``.  End: ``showdown`` (cards speak or announced hands), ``show_rule`` (who must
    show), ``tie_split``, ``odd_chip``.  Table: ``players`` (``None``: any number from 2
    to 14), ``buy_in``, ``freeze_out``.
    """

    structure: Structure = Structure.NO_LIMIT
    small_bet: int | None = None
    flop_bet: int | None = None
    big_bet: int | None = None
    river_bet: int | None = None
    min_bet: int | None = None
    max_raises: int | tuple[int | None, ...] | None = None
    straddle_counts: bool = False
    cap_counts: CapCount = CapCount.RAISES
    antes: int | tuple[int, ...] = 0
    ante_rule: AnteRule = AnteRule.FIXED
    dead_antes: bool = False
    blinds: tuple[int, ...] = (2, 4)
    button_blind: bool = False
    heads_up_reversed: bool = True
    straddle: int = 0
    derived: tuple[str, ...] = ()
    check_raise: bool = True
    all_in_only_when_short: bool = False
    first_to_act: tuple[int, ...] | None = None
    antes_trimmed_first: bool = True
    short_blind_called_in_full: bool = True
    blind_sets_min_raise: bool = True
    fixed_limit_completes: bool = True
    reopening: Reopening = Reopening.FULL_RAISE
    lone_player_acts: bool = False
    burn_cards: bool = True
    min_hole_cards: int = 0
    wild: WildCards | None = None
    showdown: ShowdownMode = ShowdownMode.CARDS_SPEAK
    show_rule: ShowRule = ShowRule.SHOW_OR_MUCK
    tie_split: TieSplit = TieSplit.SIDE_POTS
    odd_chip: OddChip = OddChip.LEFT_OF_BUTTON
    players: int | None = None
    buy_in: int = 1000
    freeze_out: bool = False

    _ENUMS: ClassVar[dict[str, type[Enum]]] = {
        "structure": Structure,
        "cap_counts": CapCount,
        "ante_rule": AnteRule,
        "reopening": Reopening,
        "showdown": ShowdownMode,
        "show_rule": ShowRule,
        "tie_split": TieSplit,
        "odd_chip": OddChip,
    }

    def __post_init__(self) -> None:
        # Normalise lists (from TOML or callers) to tuples so the value stays hashable.
        for name in ("blinds", "antes", "max_raises", "first_to_act", "derived"):
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))
        derived = self.derived
        if isinstance(derived, tuple) and all(isinstance(d, str) for d in derived):
            object.__setattr__(self, "derived", tuple(sorted(set(derived))))
            self._derive()
        problems = list(problems_of(self))
        if problems:
            raise RulesError(problems)

    def _derive(self) -> None:
        """Compute the fields named in ``derived`` from the low limit (001)."""
        if not self.derived:
            return
        low = self.small_bet if self.structure is Structure.FIXED_LIMIT else self.min_bet
        if type(low) is not int or low < 1:
            return  # the validation names the missing limit
        if "blinds" in self.derived:
            half = low // 2
            object.__setattr__(self, "blinds", (half,) if self.button_blind else (half, low))
        if "straddle" in self.derived:
            object.__setattr__(self, "straddle", low)

    # ----------------------------------------------------------------- derived values

    @property
    def units(self) -> tuple[int, int, int, int]:
        """The bet unit of each round: the fixed-limit bet, or the no-limit minimum bet."""
        if self.structure is Structure.FIXED_LIMIT:
            small = self.small_bet
            assert small is not None
            flop = self.flop_bet if self.flop_bet is not None else small
            big = self.big_bet if self.big_bet is not None else 2 * small
            river = self.river_bet if self.river_bet is not None else big
            return (small, flop, big, river)
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
        A field given explicitly is no longer derived (see the module doc), even when the
        preset, or a ``derived`` key, derives it.
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
        derived = values.get("derived")
        if isinstance(derived, tuple):
            values["derived"] = tuple(name for name in derived if name not in data)
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
        """Plain data (TOML-ready: no ``None``) that :meth:`from_mapping` reads back.
        Derived fields are not written: ``derived`` names them."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None or f.name in self.derived or (f.name == "derived" and not value):
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
            if value == f.default or f.name in self.derived:
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


def _presets() -> dict[str, Rules]:
    computer = Rules(
        structure=Structure.FIXED_LIMIT,
        small_bet=10,
        big_bet=20,
        max_raises=3,
        straddle_counts=False,
        antes=2,
        button_blind=True,
        derived=("blinds", "straddle"),  # floor(L/2) and L
        check_raise=True,
        all_in_only_when_short=True,
        fixed_limit_completes=False,  # "raise (call + L)", after a folded straddle too
        showdown=ShowdownMode.ANNOUNCED,
        show_rule=ShowRule.BETTER_OR_CONCEDE,
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
