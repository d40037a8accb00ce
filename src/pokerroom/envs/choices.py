"""The actions a learning agent chooses from, and the mask of the legal ones.

Discrete choices (the default): 0 fold, 1 check or call, then one bet or raise per
configured pot fraction, then the largest bet or raise the rules allow (all-in in no
limit, the pot in pot limit, the one bet of fixed limit).  A pot fraction ``f`` bets or
raises to ``to_match + f × (pot + to_call)``: after calling, ``f`` times the pot (1 is a
pot-sized raise), rounded to whole chips and raised to the minimum when it falls short.
A fraction is legal when that amount is below the largest bet (the largest is its own
choice), so no two legal choices play the same action unless the minimum raise is what
several fractions come to.

Exact amounts (no limit and pot limit): the choice is ``(kind, amount)``: ``kind`` 0 fold,
1 check or call, 2 bet or raise, and ``amount`` in [0, 1] picks the *to* amount in the
legal range, ``min_to + round(amount × (max_to - min_to))``: every whole-chip amount is
reachable, 0 is the minimum and 1 the maximum.

>>> from pokerroom.engine import ActionKind as K, LegalActions, Street
>>> legal = LegalActions(0, Street.PREFLOP, (K.FOLD, K.CALL, K.RAISE), to_call=4, call=4,
...                      min_to=8, max_to=1000)
>>> choices = ActionChoices(bet_sizes=(0.5, 1.0))
>>> choices.labels
('fold', 'check/call', 'bet 0.5 pot', 'bet 1 pot', 'bet max')
>>> choices.mask(legal, pot=6, bet=0).tolist()
[1, 1, 1, 1, 1]
>>> [str(choices.action(i, legal, pot=6, bet=0)) for i in range(5)]
['fold', 'call', 'raise to 9', 'raise to 14', 'raise to 1000']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from pokerroom.engine import Action, ActionKind, LegalActions

__all__ = ["ActionChoices"]

_K = ActionKind
_FOLD, _CHECK, _CALL = Action.fold(), Action.check(), Action.call()
_KEPT = 4096  # the most bets and raises (and masks by kinds) kept
# Read once: an Enum member read off its class costs a slow lookup.
_FOLD_KIND, _CHECK_KIND, _CALL_KIND, _BET_KIND, _RAISE_KIND = (
    _K.FOLD, _K.CHECK, _K.CALL, _K.BET, _K.RAISE,
)  # fmt: skip


def _number(value: Any) -> int | None:
    """An int choice (Python or NumPy, 0-d arrays included), else None."""
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, int | np.integer):
        return int(value)
    if (
        isinstance(value, np.ndarray)
        and value.shape in ((), (1,))
        and np.issubdtype(value.dtype, np.integer)
    ):
        return int(value.reshape(-1)[0])
    return None


class ActionChoices:
    """The choices of an environment: ``bet_sizes`` (pot fractions) for discrete choices,
    or ``exact`` amounts.  :meth:`mask` says which are legal, :meth:`action` turns a choice
    into the engine's :class:`~pokerroom.engine.Action` and :meth:`choice` an action into
    the choice that plays it."""

    def __init__(self, *, bet_sizes: Sequence[float] = (), exact: bool = False) -> None:
        self.bet_sizes = tuple(float(f) for f in bet_sizes)
        self.exact = exact
        if exact:
            self.labels: tuple[str, ...] = ("fold", "check/call", "bet/raise")
        else:
            sizes = tuple(f"bet {f:g} pot" for f in self.bet_sizes)
            self.labels = ("fold", "check/call", *sizes, "bet max")
        self.n = len(self.labels)
        self._max = self.n - 1
        self._masks: dict[int, NDArray[np.int8]] = {0: self._template(0)}  # by key
        # the bets and raises made, by amount: ``to`` for a bet, ``-1 - to`` for a raise (an
        # int key: a tuple holding an Enum member hashes through Enum's Python __hash__)
        self._bets: dict[int, Action] = {}
        # the masks by the identity of their kinds (the engine shares its kinds tuples),
        # when pot fractions play no part
        self._sized_choices = bool(self.bet_sizes) and not exact
        self._by_kinds: dict[int, tuple[tuple[ActionKind, ...], NDArray[np.int8]]] = {}

    def _sized(self, legal: LegalActions, pot: int, bet: int) -> list[int]:
        """The *to* amount of each pot fraction (at least the minimum)."""
        to_call = legal.to_call
        to_match = bet + to_call
        after_call = pot + to_call
        return [max(legal.min_to, math.floor(to_match + f * after_call + 0.5))
                for f in self.bet_sizes]  # fmt: skip

    def mask(self, legal: LegalActions | None, *, pot: int, bet: int) -> NDArray[np.int8]:
        """1 for each legal choice (all 0 when ``legal`` is None: not this seat's turn).
        ``pot`` is every chip in the pot, ``bet`` the seat's chips in front of it.

        A new array each time, copied from one kept per set of legal choices."""
        if legal is None:
            return self._masks[0].copy()
        return self._kept_mask(legal, pot, bet).copy()

    def _kept_mask(self, legal: LegalActions, pot: int, bet: int) -> NDArray[np.int8]:
        """:meth:`mask`'s array itself, the one kept for these choices (read-only; its
        arguments by position: the environment asks for it at every decision)."""
        kinds = legal.kinds
        sized = self._sized_choices
        if not sized:  # the mask depends on the kinds alone: kept by the kinds tuple
            kept = self._by_kinds.get(id(kinds))
            if kept is not None:  # (kept holds the tuple: no other object has its id)
                return kept[1]
        key = 1 if _FOLD_KIND in kinds else 0
        if _CHECK_KIND in kinds or _CALL_KIND in kinds:
            key |= 2
        if _BET_KIND in kinds or _RAISE_KIND in kinds:  # (legal.can_raise)
            key |= 4
            if sized:
                top = legal.max_to
                for i, to in enumerate(self._sized(legal, pot, bet)):
                    if to < top:
                        key |= 8 << i
        template = self._masks.get(key)
        if template is None:
            template = self._masks[key] = self._template(key)
        if not sized:
            if len(self._by_kinds) >= _KEPT:
                self._by_kinds.clear()
            self._by_kinds[id(kinds)] = (kinds, template)
        return template

    def _template(self, key: int) -> NDArray[np.int8]:
        """The mask of ``key``: bit 0 fold, 1 check or call, 2 the largest bet or raise,
        3 on the pot fractions in order."""
        mask = np.zeros(self.n, dtype=np.int8)
        mask[0] = key & 1
        mask[1] = key >> 1 & 1
        mask[self._max] = key >> 2 & 1
        for i in range(len(self.bet_sizes) if not self.exact else 0):
            mask[2 + i] = key >> (3 + i) & 1
        mask.setflags(write=False)
        return mask

    def action(self, choice: Any, legal: LegalActions, *, pot: int, bet: int) -> Action | str:
        """The action ``choice`` plays, or why it is not legal now (a sentence)."""
        return self._play(choice, legal, pot, bet)

    def _play(self, choice: Any, legal: LegalActions, pot: int, bet: int) -> Action | str:
        """:meth:`action`, its arguments by position (an environment's every step)."""
        if self.exact:
            kind, amount = self._split(choice)
            if kind is None:
                return f"{choice!r} is not a choice: (kind 0-2, amount in [0, 1])"
            index = kind
        else:
            number = choice if type(choice) is int else _number(choice)
            if number is None or not 0 <= number < self.n:
                return f"{choice!r} is not a choice (0 to {self._max}: {', '.join(self.labels)})"
            index = number
            amount = 0.0
        kinds = legal.kinds
        if index == 0:
            return _FOLD if _FOLD_KIND in kinds else f"choice 0 ({self.labels[0]}) is not legal"
        if index == 1:
            if _CHECK_KIND in kinds:
                return _CHECK
            return _CALL if _CALL_KIND in kinds else f"choice 1 ({self.labels[1]}) is not legal"
        label = self.labels[index]
        if _BET_KIND in kinds:
            bet_kind = _BET_KIND
        elif _RAISE_KIND in kinds:
            bet_kind = _RAISE_KIND
        else:  # (not legal.can_raise)
            return f"choice {index} ({label}) is not legal: no bet or raise is"
        if self.exact:
            if not 0.0 <= amount <= 1.0:
                return f"amount {amount!r} is outside [0, 1]"
            span = legal.max_to - legal.min_to
            return Action(bet_kind, legal.min_to + math.floor(amount * span + 0.5))
        if index == self._max:
            return self._bet(bet_kind, legal.max_to)
        to = self._sized(legal, pot, bet)[index - 2]
        if to >= legal.max_to:
            return f"choice {index} ({label}) is not legal: it comes to {to}, the maximum or more"
        return self._bet(bet_kind, to)

    def _bet(self, kind: ActionKind, to: int) -> Action:
        """The bet or raise to ``to`` (an Action is immutable: one kept per amount)."""
        key = to if kind is _BET_KIND else -1 - to
        made = self._bets.get(key)
        if made is None:
            if len(self._bets) >= _KEPT:
                self._bets.clear()
            made = self._bets[key] = Action(kind, to)
        return made

    def _split(self, choice: Any) -> tuple[int | None, float]:
        try:
            kind_value, amount_value = choice
            kind = _number(kind_value)
            (amount,) = np.asarray(amount_value, dtype=np.float64).reshape(-1).tolist()
        except (TypeError, ValueError, IndexError):
            return None, 0.0
        if kind is None or not 0 <= kind < self.n or math.isnan(amount):
            return None, 0.0
        return kind, amount

    def choice(self, action: Action, legal: LegalActions, *, pot: int, bet: int) -> Any:
        """The choice that plays ``action`` (a legal action), for scripted agents and
        tests: an int, or ``(kind, amount array)`` with exact amounts.  A bet size that no
        discrete choice plays raises :class:`ValueError`."""
        if action not in legal:
            raise ValueError(f"{action} is not legal now (legal: {legal})")
        kind = action.kind
        if kind is _K.FOLD:
            index = 0
        elif kind is _K.CHECK or kind is _K.CALL:
            index = 1
        elif kind is _K.BET or kind is _K.RAISE:
            assert action.amount is not None
            if self.exact:
                span = legal.max_to - legal.min_to
                x = (action.amount - legal.min_to) / span if span else 0.0
                return (2, np.array([x], dtype=np.float32))
            index = -1
            if action.amount == legal.max_to:
                index = self._max
            else:
                sized = self._sized(legal, pot, bet)
                if action.amount in sized:
                    index = 2 + sized.index(action.amount)
            if index < 0:
                raise ValueError(f"{action}: no choice bets that amount ({', '.join(self.labels)})")
        else:
            raise ValueError(f"{action}: the environment plays showdowns itself")
        return (index, np.zeros(1, dtype=np.float32)) if self.exact else index

    def __repr__(self) -> str:
        return f"ActionChoices(bet_sizes={self.bet_sizes!r}, exact={self.exact})"
