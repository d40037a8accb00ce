"""Actions a player takes, the legal choices of a turn, and the refusal of the others.

>>> Action.parse("r40")
Action.raise_to(40)
>>> str(Action.raise_to(40)), str(Action.call()), str(Action.parse("check"))
('raise to 40', 'call', 'check')

Amounts of bets and raises are *to* amounts: the player's total in the current betting
round after the action (PHH ``cbr 40``; the chips added are that minus what the player
already had in front of them this round).
"""

from __future__ import annotations

import re
from enum import Enum, IntEnum
from random import Random as _Random
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from collections.abc import Callable
    from random import Random

__all__ = [
    "Action",
    "ActionKind",
    "IllegalAction",
    "LegalActions",
    "Street",
    "default_action",
    "random_action",
]


class Street(IntEnum):
    """The betting rounds, then the showdown."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4

    @property
    def phrase(self) -> str:
        """How messages say "during this street": ``pre-flop``, ``on the flop``."""
        return _PHRASES[self]

    def __str__(self) -> str:
        return _NAMES[self]


_NAMES: Final = ("pre-flop", "flop", "turn", "river", "showdown")
_PHRASES: Final = ("pre-flop", "on the flop", "on the turn", "on the river", "at the showdown")


class ActionKind(Enum):
    """What a player does on their turn."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    SHOW = "show"
    MUCK = "muck"


class IllegalAction(ValueError):  # noqa: N818 - the name the project's spec uses
    """An action the rules do not allow now; the hand is unchanged.

    The message names the seat, the street, the rule and the legal choices:
    ``seat 3 cannot check on the flop: 20 to call (legal: fold, call 20, raise to 40)``.
    """


_K = ActionKind
# The kinds the code below tests for, read once: an Enum member read off its class costs
# a slow lookup (about fifteen times a global's), paid on every decision of a random player.
_K_BET, _K_RAISE, _K_SHOW = _K.BET, _K.RAISE, _K.SHOW
# random.Random draws below a number from getrandbits (random_action draws so, inline).
_PLAIN: Final = getattr(_Random, "_randbelow", None) is getattr(
    _Random, "_randbelow_with_getrandbits", 0
)
# random_action's own path: plain random.Random (None when its draws are not as above).
_PLAIN_RANDOM: Final = _Random if _PLAIN else None
# The bit length of the number of kinds a decision offers (1 to 3; show and muck: 2).
_BITS: Final = (0, 1, 2, 2)


class Action:
    """One action: a kind, the *to* amount of a bet or raise, and the hand value a
    player announces when showing under announced hands (``rules.md`` §8).

    Immutable and hashable; ``str`` is the notation :meth:`parse` reads.  Amounts and
    values are ints (chips are whole): anything else is refused with :class:`ValueError`.

    >>> Action.raise_to(10.5)
    Traceback (most recent call last):
    ...
    ValueError: a raise's amount is a whole number (an int), not 10.5
    """

    __slots__ = ("amount", "kind", "value")

    kind: ActionKind
    amount: int | None
    value: int | None

    def __init__(
        self, kind: ActionKind, amount: int | None = None, *, value: int | None = None
    ) -> None:
        if type(kind) is not ActionKind:
            raise ValueError(f"not an action kind: {kind!r} ({', '.join(k.value for k in _K)})")
        for name, number in (("amount", amount), ("value", value)):
            if number is not None and type(number) is not int:
                raise ValueError(
                    f"a {kind.value}'s {name} is a whole number (an int), not {number!r}"
                )
        if (kind is _K_BET or kind is _K_RAISE) != (amount is not None):
            raise ValueError(f"a {kind.value} {'needs' if amount is None else 'takes no'} amount")
        if value is not None and kind is not _K_SHOW:
            raise ValueError("only a show announces a hand value")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "value", value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    @classmethod
    def fold(cls) -> Action:
        return _FOLD

    @classmethod
    def check(cls) -> Action:
        return _CHECK

    @classmethod
    def call(cls) -> Action:
        return _CALL

    @classmethod
    def bet(cls, to: int) -> Action:
        return cls(_K_BET, to)

    @classmethod
    def raise_to(cls, to: int) -> Action:
        return cls(_K_RAISE, to)

    @classmethod
    def show(cls, value: int | None = None) -> Action:
        """Show the hole cards (announcing ``value`` under announced hands)."""
        return _SHOW if value is None else cls(_K_SHOW, value=value)

    @classmethod
    def muck(cls) -> Action:
        return _MUCK

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the notation: ``fold``/``f``, ``check``/``x``/``k``, ``call``/``c``,
        ``bet 20``/``b20``, ``raise to 40``/``raise 40``/``r40``, ``show``/``s``,
        ``show 5123`` (announce a hand value), ``muck``/``m``."""
        t = text.strip().lower()
        m = _PATTERN.fullmatch(t)
        if m is None:
            raise ValueError(
                f"not an action: {text!r} (fold, check, call, bet N, raise to N, show, muck)"
            )
        word, number = m.group(1), m.group(2)
        kind = _WORDS[word]
        amount = int(number) if number is not None else None
        if kind is _K_BET or kind is _K_RAISE:
            if amount is None:
                raise ValueError(f"not an action: {text!r} ({kind.value} needs an amount)")
            return cls(kind, amount)
        if kind is _K_SHOW:
            return cls.show(amount)
        if amount is not None:
            raise ValueError(f"not an action: {text!r} ({kind.value} takes no amount)")
        return cls(kind)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return (self.kind, self.amount, self.value) == (other.kind, other.amount, other.value)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.kind, self.amount, self.value))

    def __reduce__(self) -> tuple[Callable[..., Action], tuple[ActionKind, int | None, int | None]]:
        # copied and pickled through the constructor (slots, and no attribute setting)
        return _restore, (self.kind, self.amount, self.value)

    def __str__(self) -> str:
        if self.kind is _K_BET:
            return f"bet {self.amount}"
        if self.kind is _K_RAISE:
            return f"raise to {self.amount}"
        if self.value is not None:
            return f"show {self.value}"
        return str(self.kind.value)

    def __repr__(self) -> str:
        name = "raise_to" if self.kind is _K_RAISE else self.kind.value
        arg = self.amount if self.amount is not None else self.value
        return f"Action.{name}({'' if arg is None else arg})"


_WORDS: Final = {
    "fold": _K.FOLD, "f": _K.FOLD,
    "check": _K.CHECK, "x": _K.CHECK, "k": _K.CHECK,
    "call": _K.CALL, "c": _K.CALL,
    "bet": _K_BET, "b": _K_BET,
    "raise to": _K_RAISE, "raise": _K_RAISE, "r": _K_RAISE,
    "show": _K_SHOW, "s": _K_SHOW,
    "muck": _K.MUCK, "m": _K.MUCK,
}  # fmt: skip
_PATTERN: Final = re.compile(
    r"(fold|check|call|bet|raise to|raise|show|muck|[fxkcbrsm])\s*(\d+)?"
)


def _restore(kind: ActionKind, amount: int | None, value: int | None) -> Action:
    return Action(kind, amount, value=value)


_FOLD: Final = Action(_K.FOLD)
_CHECK: Final = Action(_K.CHECK)
_CALL: Final = Action(_K.CALL)
_SHOW: Final = Action(_K_SHOW)
_MUCK: Final = Action(_K.MUCK)


class _Fields:
    """The slots of :class:`LegalActions`, writable only while one is being made."""

    __slots__ = ("_why", "call", "kinds", "max_to", "min_to", "seat", "street", "to_call",
                 "values")  # fmt: skip

    _why: str
    call: int
    kinds: tuple[ActionKind, ...]
    max_to: int
    min_to: int
    seat: int
    street: Street
    to_call: int
    values: tuple[int, ...]


class LegalActions(_Fields):
    """The choices of the seat to act, from the hand's one legality check.

    ``call`` is the chips a call puts in (less than ``to_call`` when it is all-in);
    bets and raises go *to* any amount from ``min_to`` to ``max_to`` (equal in fixed
    limit).  At the showdown the choices are show and muck; under announced hands
    ``values`` lists what the cards may announce, best first.

    Immutable (the hand checks actions against the very object it hands out), hashable,
    and equal to another with the same fields: two looks at the same decision compare
    equal.

    >>> legal = LegalActions(3, Street.FLOP, (ActionKind.FOLD, ActionKind.CALL,
    ...     ActionKind.RAISE), to_call=20, call=20, min_to=40, max_to=40)
    >>> str(legal), Action.raise_to(40) in legal, Action.check() in legal
    ('fold, call 20, raise to 40', True, False)
    >>> legal.max_to = 10**6
    Traceback (most recent call last):
    ...
    AttributeError: LegalActions is immutable (max_to is 40)
    """

    __slots__ = ()

    def __new__(  # noqa: PLR0917 - the fields in their order, as the engine makes them
        cls,
        seat: int,
        street: Street,
        kinds: tuple[ActionKind, ...],
        to_call: int = 0,
        call: int = 0,
        min_to: int = 0,
        max_to: int = 0,
        values: tuple[int, ...] = (),
        why: str = "",
    ) -> LegalActions:
        made = make_legal(seat, street, tuple(kinds), to_call, call, min_to, max_to,
                          tuple(values), why=why)  # fmt: skip
        if cls is not LegalActions:
            made.__class__ = cls
        return made

    def __setattr__(self, name: str, value: object) -> None:
        now = f" ({name} is {getattr(self, name)!r})" if name in _Fields.__slots__ else ""
        raise AttributeError(f"LegalActions is immutable{now}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("LegalActions is immutable")

    def _key(self) -> tuple[object, ...]:
        return (self.seat, self.street, self.kinds, self.to_call, self.call, self.min_to,
                self.max_to, self.values)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            return self is other or self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[object, ...]:
        return (LegalActions, (*self._key(), self.why))

    def __copy__(self) -> LegalActions:
        return self

    def __deepcopy__(self, memo: object) -> LegalActions:
        return self

    @property
    def why(self) -> str:
        """Why a choice is missing ("" when none is): while betting, why there is no bet or
        raise (the raise cap, check-raise not allowed, a short all-in that did not reopen
        the betting, no chips beyond the call, nobody left to call a raise...); at the
        showdown, the show rule that takes away showing or mucking; of 001's straddler,
        that it must straddle or fold.  An explanation, not a choice: two legal actions
        that differ only in it are equal.

        >>> LegalActions(0, Street.FLOP, (ActionKind.FOLD, ActionKind.CALL), to_call=50,
        ...              call=30, why=NOT_COVERED).why
        'only 30 behind, not more than the 50 to call'
        """
        why = self._why
        if why == NOT_COVERED:  # (made when read: from the seat's own call and owe)
            return f"only {self.call} behind, not more than the {self.to_call} to call"
        return why

    @property
    def can_raise(self) -> bool:
        """Whether a bet or raise is among the choices."""
        return _K_BET in self.kinds or _K_RAISE in self.kinds

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.kind not in self.kinds:
            return False
        if action.amount is not None:
            return self.min_to <= action.amount <= self.max_to
        if action.value is not None:
            return action.value in self.values
        return True

    def __iter__(self) -> object:
        """The actions with fixed amounts: fold, check, call, the smallest and largest
        bet or raise, show, muck."""
        out: list[Action] = []
        for kind in self.kinds:
            if kind is _K_BET or kind is _K_RAISE:
                out.append(Action(kind, self.min_to))
                if self.max_to != self.min_to:
                    out.append(Action(kind, self.max_to))
            else:
                out.append(Action(kind))
        return iter(out)

    def __str__(self) -> str:
        parts = []
        for kind in self.kinds:
            if kind is _K.CALL:
                parts.append(
                    f"call {self.call}" + (" (all-in)" if self.call < self.to_call else "")
                )
            elif kind is _K_BET or kind is _K_RAISE:
                word = "bet" if kind is _K_BET else "raise to"
                span = (
                    f"{self.min_to}" if self.min_to == self.max_to
                    else f"{self.min_to} to {self.max_to}"
                )
                parts.append(f"{word} {span}")
            elif kind is _K_SHOW and self.values:
                parts.append("show (announcing a hand the cards make)")
            else:
                parts.append(kind.value)
        return ", ".join(parts)

    def __repr__(self) -> str:
        return (
            f"LegalActions({self.seat}, {self.street!r}, {self.kinds!r}, to_call={self.to_call}, "
            f"call={self.call}, min_to={self.min_to}, max_to={self.max_to})"
        )


_new = object.__new__
# The reason of a seat whose stack does not cover more than the call: its sentence is made
# when it is read, from the legal actions' own call and owe (LegalActions.why).
NOT_COVERED: Final = "(the stack does not cover more than the call)"


def make_legal(  # noqa: PLR0917 - the engine's hot path: positional, no checks
    seat: int,
    street: Street,
    kinds: tuple[ActionKind, ...],
    to_call: int = 0,
    call: int = 0,
    min_to: int = 0,
    max_to: int = 0,
    values: tuple[int, ...] = (),
    *,
    why: str,
) -> LegalActions:
    """A :class:`LegalActions` as the engine makes one (``kinds`` and ``values`` already
    tuples): its fields are written while it is a bare :class:`_Fields`, then it becomes
    a :class:`LegalActions` (immutable) by taking that class; cheaper than writing each
    field past :meth:`LegalActions.__setattr__`."""
    made = _new(_Fields)
    made.seat = seat
    made.street = street
    made.kinds = kinds
    made.to_call = to_call
    made.call = call
    made.min_to = min_to
    made.max_to = max_to
    made.values = values
    made._why = why
    made.__class__ = LegalActions
    return made  # type: ignore[return-value]


def random_action(legal: LegalActions, rng: Random) -> tuple[ActionKind, int | None]:
    """A uniformly random legal action: each of ``legal.kinds`` as likely; a bet or
    raise to an amount uniform from ``min_to`` to ``max_to``, other kinds without one
    (show and muck included: a show announces nothing).  It draws ``rng.choice`` then,
    for a bet or raise, ``rng.randint``, so a seed replays the same hands.  The random
    player of the tests and benchmarks: ``hand.act(*random_action(hand.legal_actions(),
    rng))``.

    >>> import random
    >>> legal = LegalActions(0, Street.FLOP, (ActionKind.CHECK, ActionKind.BET), min_to=2,
    ...                      max_to=10)
    >>> random_action(legal, random.Random(0)), random_action(legal, random.Random(1))
    ((<ActionKind.BET: 'bet'>, 8), (<ActionKind.CHECK: 'check'>, None))
    """
    kinds = legal.kinds
    if type(rng) is not _PLAIN_RANDOM:
        kind = rng.choice(kinds)
        if kind is _K_BET or kind is _K_RAISE:
            return kind, rng.randint(legal.min_to, legal.max_to)
        return kind, None
    # A plain random.Random: the very draws of its choice and randint (getrandbits of the
    # bit length of the count, again while too large), without their three calls each
    # (and called as a method: no bound method made, most decisions draw once).
    count = len(kinds)
    bits = _BITS[count] if count < 4 else count.bit_length()
    r = rng.getrandbits(bits)
    while r >= count:
        r = rng.getrandbits(bits)
    kind = kinds[r]
    if kind is _K_BET or kind is _K_RAISE:
        low = legal.min_to
        count = legal.max_to - low + 1
        bits = count.bit_length()
        r = rng.getrandbits(bits)
        while r >= count:
            r = rng.getrandbits(bits)
        return kind, low + r
    return kind, None


def default_action(legal: LegalActions) -> Action:
    """What a seat that does not answer in time, or answers with something it may not do,
    does: check if that is free, else fold; at an announced showdown, muck where the
    rules allow it, else show (announcing the first of ``legal.values``: the best hand
    the cards make).  The one default of the table, the network dealers and clients.

    >>> default_action(LegalActions(0, Street.FLOP, (ActionKind.CHECK, ActionKind.BET),
    ...                             min_to=2, max_to=10))
    Action.check()
    >>> default_action(LegalActions(0, Street.FLOP, (ActionKind.FOLD, ActionKind.CALL),
    ...                             call=4, to_call=4))
    Action.fold()
    """
    kinds = legal.kinds
    if _K.CHECK in kinds:
        return _CHECK
    if _K.FOLD in kinds:
        return _FOLD
    if _K_SHOW in kinds and _K.MUCK not in kinds:
        return Action.show(legal.values[0] if legal.values else None)
    return Action.muck()
