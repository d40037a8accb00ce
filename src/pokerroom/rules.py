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

Derived values.  Some values are computed from the low limit ``L`` (the small bet in
fixed limit, the minimum bet in no and pot limit: the unit of the first round) unless they
are given, and then follow it through :meth:`Rules.replace`, :meth:`Rules.preset` with
overrides, TOML and ``--set``:

* the later bets of fixed limit: ``flop_bet`` is ``L``, ``big_bet`` ``2L`` (001's H, 002's
  "usually double"), ``river_bet`` the big bet, while left out (``None``; the presets
  leave them out);
* the blinds and the straddle named in ``derived``: 001's button blind ``floor(L/2)`` (a
  blind of 0, at L = 1, is no blind: nobody posts it) and straddle ``L`` (the
  ``computer-tournament`` preset: ``("blinds", "straddle")``), 002's blinds
  ``floor(L/2)`` and ``L`` (the ``casino-limit`` preset: ``("blinds",)``);
* 001's ante under ``ante_rule="half-low-limit"``: ``max(1, floor(L/2))``, held in
  ``antes``.  Choosing the rule replaces an ante the base had; an ante given later
  replaces the rule (``ante_rule`` becomes ``fixed``); both given and different is refused.
* a new ``structure`` keeps ``L``: from fixed limit the minimum bet becomes the small bet
  (the other bets are dropped), into fixed limit the small bet becomes the old minimum
  bet (the big blind, when there was none).

A value given explicitly is no longer derived, and stays as given: the values given must
then agree, or the rules are refused with a message naming the fields and what each may
be (a round's bet is at least the bet before it; a fixed-limit straddle is at least one
small bet and more than every blind...):

>>> Rules.preset("computer-tournament", small_bet=30)  # doctest: +ELLIPSIS
Rules(structure=Structure.FIXED_LIMIT, small_bet=30, ...)
>>> str(Rules.preset("computer-tournament", small_bet=30))
'fixed limit 30/60, ante 2, button blind 15, straddle 30, raise cap 3'
>>> Rules.preset("computer-tournament", small_bet=20, straddle=30).straddle
30
>>> Rules.preset("computer-tournament", ante_rule="half-low-limit").antes
5
>>> try:
...     Rules.preset("computer-tournament", small_bet=30, big_bet=20)
... except RulesError as exc:
...     print(exc.problems[0][:64])
big_bet is 20, less than small_bet 30: a round's bet is at least

Whole numbers.  Every amount and count is an ``int`` of at most :data:`MAX_CHIPS`
(``10**12``); anything else (a bool, a float, NaN, text that is not digits, a huge
number, a negative one) is refused with a sentence saying which it is.

Rules that pass the validation can be played: a hand can be dealt and played to its end
at every number of players of :attr:`Rules.player_counts` (a list of antes, the blinds
and the straddle, ``first_to_act`` and ``players`` limit it; it is never empty).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Final

from pokerroom._rulecheck import (
    MIN_PLAYERS,
    half_low_limit,
    low_limit,
    player_limits,
    problems_of,
)
from pokerroom._rulevalues import MAX_CHIPS as _MAX_CHIPS
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
    "MAX_CHIPS",
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

MAX_CHIPS: Final = _MAX_CHIPS
"""The most chips any amount may be (a stack, a bet, a blind, an ante, the buy-in) and
the largest count any rule may give: ``10**12``.  Fourteen such stacks add up to less
than ``2**53``, exact as a JSON number (a double) and in a 64-bit database integer."""

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
    Forced bets: ``antes`` (one amount or one per position; ``ante_rule``: as given, or
    001's ``max(1, L // 2)``, which ``antes`` then holds),
    ``dead_antes`` (antes are dead money in the main pot instead of contributions that
    side pots layer; PHH ``ante_trimming_status = false``), ``blinds``, ``button_blind``,
    ``heads_up_reversed``, ``straddle`` (001: the player after the blinds posts it or folds;
    in fixed limit at least one small bet), ``derived``.  A blind of 0 is posted by nobody;
    each blind posted and the straddle need a player (``player_counts``).
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
        if self.ante_rule is AnteRule.HALF_LOW_LIMIT and type(self.antes) is int and (
            self.antes == 0
        ):
            low = low_limit(self)
            if low is not None:
                object.__setattr__(self, "antes", half_low_limit(low))
        problems = list(problems_of(self))
        if problems:
            raise RulesError(problems)

    def _derive(self) -> None:
        """Compute the fields named in ``derived`` from the low limit (001)."""
        if not self.derived:
            return
        low = self.small_bet if self.structure is Structure.FIXED_LIMIT else self.min_bet
        if type(low) is not int or not 1 <= low <= MAX_CHIPS:
            return  # the validation names the missing limit
        if "blinds" in self.derived:
            half = low // 2
            object.__setattr__(self, "blinds", (half,) if self.button_blind else (half, low))
        if "straddle" in self.derived:
            object.__setattr__(self, "straddle", low)

    def _is_derived(self, name: str) -> bool:
        """Whether field ``name`` is computed (``derived``, or the antes of 001's
        half-low-limit rule) rather than given."""
        return name in self.derived or (
            name == "antes" and self.ante_rule is AnteRule.HALF_LOW_LIMIT
        )

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
        """The ante of each position for ``players`` players (under 001's half-low-limit
        rule ``antes`` holds the ante it sets)."""
        if isinstance(self.antes, int):
            return (self.antes,) * players
        return self.antes

    @property
    def player_counts(self) -> range:
        """The numbers of players these rules can be played with: ``players``, a list of
        antes (one per player), the blinds and the straddle (one player each) and
        ``first_to_act`` each limit them.

        >>> Rules.preset("no-limit").player_counts, Rules(blinds=(1, 2, 4)).player_counts
        (range(2, 15), range(3, 15))
        """
        limits = player_limits(self)
        return range(max(f for f, _, _ in limits), min(m for _, m, _ in limits) + 1)

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
        """A named preset of ``rules.md`` §12, with fields replaced by ``overrides``
        (as :meth:`replace` does: derived values follow, see the module doc)."""
        if not isinstance(name, str) or name not in PRESETS:
            raise RulesError([_no_preset(name)])
        base = PRESETS[name]
        return base.replace(**overrides) if overrides else base

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (values coerced as :meth:`from_mapping` does).
        The fields changed are *given*; the others are kept, but for the values derived
        from them (see the module doc)."""
        return Rules._build(self, changes, [])

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from plain data (TOML tables, JSON, command-line overrides).

        A ``preset`` key names the base (default: ``Rules()``); every other key is a field,
        given.  Enum fields take their text (``"fixed-limit"``), ``wild`` takes
        :meth:`WildCards.parse` text (or a :class:`WildCards`) and ``joker`` the joker mode
        (``"bug"``, ``"wild"``, ``"none"``).  Unknown keys and badly typed values are listed
        together in one :class:`RulesError`.  A field given explicitly is no longer derived
        (see the module doc), even when the preset, or a ``derived`` key, derives it.
        """
        if not isinstance(data, Mapping):
            raise RulesError([f"rules are a table of field = value, not {type(data).__name__}"])
        data = dict(data)
        preset = data.pop("preset", None)
        base = _DEFAULT
        problems: list[str] = []
        if preset is not None:
            if not isinstance(preset, str) or preset not in PRESETS:
                problems.append(_no_preset(preset))
            else:
                base = PRESETS[preset]
        return cls._build(base, data, problems)

    @classmethod
    def _build(cls, base: Rules, changes: Mapping[str, Any], problems: list[str]) -> Rules:
        """``base`` with the fields ``changes`` gives, values coerced; derived values
        follow (see the module doc: :meth:`_follow`)."""
        data = base.to_mapping()
        given = {str(key).strip() for key in changes}
        joker = changes.get("joker", data.pop("joker", None))
        data.pop("joker", None)
        wild = changes.get("wild", data.pop("wild", None))
        data.pop("wild", None)
        known = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        failed: set[str] = set()  # fields whose value could not be read
        merged = {**changes, **{k: v for k, v in data.items() if k not in changes}}
        for key, raw in merged.items():  # the changes first: their problems first
            if key in ("joker", "wild"):
                continue
            if key not in known:
                names = ", ".join(sorted(known))
                problems.append(f"unknown rule {_shown_key(key)} (rules: {names})")
                continue
            try:
                values[key] = coerce_field(key, raw, cls._ENUMS.get(key))
            except (TypeError, ValueError) as exc:
                problems.append(str(exc))
                failed.add(key)
                values[key] = getattr(base, key)
        try:
            values["wild"] = coerce_wild(wild, joker)
        except ValueError as exc:
            problems.extend(str(p) for p in exc.args)
            failed.update(("wild", "joker"))
            values["wild"] = base.wild
        derived = values.get("derived")
        if isinstance(derived, tuple):
            values["derived"] = tuple(name for name in derived if name not in given)
        _follow(base, values, given)
        if not problems:
            return cls(**values)
        try:  # what else is wrong: the rules as if the fields that could not be read, and
            # the unknown keys, were not given (their values then the base's or derived,
            # so no problem is blamed on a value nobody gave)
            if failed:
                rest = {k: v for k, v in changes.items() if (k in known and k not in failed)
                        or (k in ("joker", "wild") and not failed & {"joker", "wild"})}
                cls._build(base, rest, [])
            else:
                cls(**values)
        except RulesError as exc:
            problems += [p for p in exc.problems if p not in problems]
        raise RulesError(problems)

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
            if value is None or self._is_derived(f.name) or (f.name == "derived" and not value):
                continue
            if f.name == "wild":
                assert isinstance(value, WildCards)
                out["wild"] = wild_text(value)
                if value.joker is not None:
                    out["joker"] = value.joker.value
            elif isinstance(value, Enum):
                out[f.name] = value.value
            elif isinstance(value, tuple):  # TOML has no null: "none" (no cap)
                out[f.name] = ["none" if v is None else v for v in value]
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
            if value == f.default or self._is_derived(f.name):
                continue
            shown = _enum_text(value) if isinstance(value, Enum) else repr(value)
            parts.append(f"{f.name}={shown}")
        return f"Rules({', '.join(parts)})"

    def __str__(self) -> str:
        if self.structure is Structure.FIXED_LIMIT:
            u = self.units
            text = f"fixed limit {u[0]:,}/{u[2]:,}" + (f" (river {u[3]:,})" if u[3] != u[2] else "")
        else:
            text = f"{self.structure.value.replace('-', ' ')} (minimum bet {self.units[0]:,})"
        forced = []
        antes = self.ante_amounts(self.players or MIN_PLAYERS)
        if any(antes):
            forced.append(f"ante {max(antes):,}")
        if any(self.blinds):
            word = "button blind" if self.button_blind else "blinds"
            forced.append(f"{word} {'/'.join(f'{b:,}' for b in self.blinds)}")
        if self.straddle:
            forced.append(f"straddle {self.straddle:,}")
        if forced:
            text += ", " + ", ".join(forced)
        if self.max_raises is not None:
            text += f", raise cap {self.max_raises}"
        return text


def _shown_key(key: object) -> str:
    """A key of a rules table, for a message."""
    text = repr(key)
    return text if len(text) <= 40 else text[:37] + "..."


def _no_preset(name: object) -> str:
    return f"no preset {_shown_key(name)} (presets: {', '.join(sorted(PRESETS))})"


def _follow(base: Rules, values: dict[str, Any], given: set[str]) -> None:
    """Make the values a change leaves stale follow it (the module doc, "Derived
    values"): a new structure takes the base's low limit, and 001's half-low-limit ante
    rule and an ante given explicitly replace one another."""
    structure, old = values.get("structure"), base.structure
    if "structure" in given and isinstance(structure, Structure) and structure is not old:
        fixed_bets = ("small_bet", "flop_bet", "big_bet", "river_bet")
        if structure is Structure.FIXED_LIMIT:
            if "small_bet" not in given:  # the minimum bet: given, or the largest blind
                blinds = values.get("blinds")
                top = max((b for b in blinds if type(b) is int), default=0) if isinstance(
                    blinds, tuple) else 0  # fmt: skip
                low = values.get("min_bet")
                values["small_bet"] = low if type(low) is int else top or base.units[0]
            if "min_bet" not in given:
                values["min_bet"] = None
        elif old is Structure.FIXED_LIMIT:
            if "min_bet" not in given:
                low = values.get("small_bet")
                values["min_bet"] = low if type(low) is int else base.units[0]
            for name in fixed_bets:
                if name not in given:
                    values[name] = None
    if values.get("ante_rule") is AnteRule.HALF_LOW_LIMIT:
        if "antes" not in given:
            values["antes"] = 0  # the rule sets it (Rules.__post_init__)
        elif "ante_rule" not in given:
            values["ante_rule"] = AnteRule.FIXED  # the ante given replaces the rule


def _presets() -> dict[str, Rules]:
    computer = Rules(
        structure=Structure.FIXED_LIMIT,
        small_bet=10,  # L; the big bet is 2L (001's H = 20), derived
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
        small_bet=2,  # the big bet is twice the small bet, derived
        max_raises=3,
        derived=("blinds",),  # 002: half a small bet and one small bet, 1/2
    )
    no_limit = Rules(structure=Structure.NO_LIMIT, blinds=(2, 4), buy_in=1000)
    wild = no_limit.replace(wild=WildCards(joker=JokerMode.BUG))
    return {
        "computer-tournament": computer,
        "casino-limit": casino,
        "no-limit": no_limit,
        "wild": wild,
    }


_DEFAULT = Rules()
PRESETS: dict[str, Rules] = _presets()
"""The presets of ``rules.md`` §12 by name.  ``wild`` is the no-limit game with the bug
(53 cards); deuces wild is ``Rules.preset("wild", wild="2", joker="none")``."""
