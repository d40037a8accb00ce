"""The one legality check of a hand: what the seat to act may do, and why not.

:meth:`Legality.legal_actions` (the choices, with amounts) is the one check;
:meth:`Legality.is_legal` and :meth:`~pokerroom.engine.hand.Hand.apply` rest on it; a refused
action gets a sentence naming the seat, the street, the rule and the legal choices.

The conventions of :class:`~pokerroom.rules.Rules` (see :mod:`pokerroom.rules` and
:mod:`pokerroom.conventions`) are read here and in the bookkeeping of the bets they rest
on (:mod:`~pokerroom.engine.betting`): ``reopening`` (TDA 47 by default: a seat that has
acted may raise again only facing a full raise since; PokerKit's rule: only when what it
owes is at least the largest bet or raise of the round, and not in the middle of a run
of short all-ins; ACPC: always), ``fixed_limit_completes`` (complete a short bet to one
unit, or raise a unit over it), ``cap_counts`` (raises after the opening bet, or every
bet and raise), ``show_rule`` (who must show, who may muck).  ``blind_sets_min_raise``,
``short_blind_called_in_full``, ``lone_player_acts`` and ``first_to_act`` decide the
bet to match, the minimum raise and the turn when a round opens.
"""

from __future__ import annotations

from pokerroom.engine.actions import (
    NOT_COVERED,
    Action,
    ActionKind,
    IllegalAction,
    LegalActions,
    _Fields,
    make_legal,
)
from pokerroom.engine.state import (
    FIXED,
    FULL_RAISE,
    NO_SMALLER,
    NOLIMIT,
    POT,
    SHOWDOWN,
    STREETS,
    State,
)
from pokerroom.evaluator import made_values
from pokerroom.rules import ShowdownMode, ShowRule

__all__ = ["Legality"]

_FOLD, _CHECK, _CALL, _BET, _RAISE, _SHOW, _MUCK = (
    ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE,
    ActionKind.SHOW, ActionKind.MUCK,
)  # fmt: skip
_new = object.__new__
_FOLD_CALL = (_FOLD, _CALL)
_FOLD_CALL_RAISE = (_FOLD, _CALL, _RAISE)
_CHECK_ONLY = (_CHECK,)
_CHECK_BET = (_CHECK, _BET)
_CHECK_RAISE = (_CHECK, _RAISE)
# Read once: an Enum member read off its class costs a slow lookup.
_ANNOUNCED = ShowdownMode.ANNOUNCED
_SHOW_OR_MUCK, _ALL_SHOW = ShowRule.SHOW_OR_MUCK, ShowRule.ALL_SHOW
_NOT_REOPENED = "an all-in for less than a full raise did not reopen the betting"


class Legality(State):
    """The legality check (a part of :class:`~pokerroom.engine.hand.Hand`)."""

    __slots__ = ()

    def _made_values(self, s: int) -> list[int]:
        return made_values(self._holes[s], self._board, min_hole_cards=self.rules.min_hole_cards,
                           wild=self.rules.wild)  # fmt: skip

    def legal_actions(self) -> LegalActions:
        """The choices of the seat to act (betting, or show / muck at the showdown): the
        one legality check, made once per decision (and kept until the next)."""
        legal = self._legal
        if legal is not None:
            return legal
        s = self._to_act
        if s < 0:
            raise IllegalAction("nobody is to act: the hand is over")
        if self._street == SHOWDOWN or self._straddle_pending:
            legal = self._legal = self._other_choices(s)
            return legal
        stack = self._stacks[s]
        high = self._high
        owe = high - self._bets[s]
        kinds: tuple[ActionKind, ...]
        if 0 < owe >= stack:  # (often: facing an all-in) no raise; the reason said lazily
            self._why = NOT_COVERED  # (its sentence made when read: LegalActions.why)
            kinds, call, lo, hi = _FOLD_CALL, stack, 0, 0
        else:
            lo, hi, why = self._raise_range(s, owe, stack, high)
            self._why = why
            call = owe
            if owe > 0:
                kinds = _FOLD_CALL if why else _FOLD_CALL_RAISE
            elif why:
                kinds = _CHECK_ONLY
            else:
                kinds = _CHECK_RAISE if high else _CHECK_BET
        # make_legal, inline (once per decision)
        made = _new(_Fields)
        made.seat = s
        made.street = STREETS[self._street]
        made.kinds = kinds
        made.to_call = owe
        made.call = call
        made.min_to = lo
        made.max_to = hi
        made.values = ()
        made._why = self._why
        made.__class__ = LegalActions
        self._legal = made  # type: ignore[assignment]
        return made  # type: ignore[return-value]

    def _other_choices(self, s: int) -> LegalActions:
        """The choices at the showdown, and of 001's straddler."""
        street = STREETS[self._street]
        if self._street == SHOWDOWN:
            kinds, floor, self._why = self._show_choices(s)
            values: tuple[int, ...] = ()
            if self.rules.showdown is _ANNOUNCED and _SHOW in kinds:
                values = tuple(v for v in self._made_values(s) if v >= floor)
            return make_legal(s, street, kinds, values=values, why=self._why)
        stack = self._stacks[s]
        mine = self._bets[s]
        high = self._high
        owe = high - mine
        call = owe if owe < stack else stack
        to = min(self.rules.straddle, mine + stack)
        why = self._why = f"this seat must straddle {self.rules.straddle} or fold"
        if to > high:
            return make_legal(s, street, (_FOLD, _RAISE), owe, call, to, to, why=why)
        return make_legal(s, street, (_FOLD, _CALL), owe, call, why=why)

    def _show_choices(self, s: int) -> tuple[tuple[ActionKind, ...], int, str]:
        """Show and muck at the showdown (``Rules.show_rule``), the lowest hand value seat
        ``s`` may show, and why a choice is missing."""
        rule = self.rules.show_rule
        if rule is _SHOW_OR_MUCK:
            return (_SHOW, _MUCK), -1, ""
        if rule is _ALL_SHOW:
            return (_SHOW,), -1, "every player still in shows all their cards (000)"
        if s == self._order[0]:
            return (_SHOW,), -1, "this seat is called: it shows first and must show (001)"
        # 001: show a hand better than or equal to every hand shown so far by a player
        # who is in all the pots this seat contests, or concede.
        mine = self._committed[s]
        floor = -1
        committed, shown = self._committed, self._shown
        for t in range(self.n):
            value = self._strength[t]
            if shown[t] and value is not None and value > floor and committed[t] >= mine:
                floor = value
        if self._best[s] >= floor:
            return (_SHOW, _MUCK), floor, ""
        return (_MUCK,), floor, (
            "a hand shown already beats this one in every pot it contests: concede (001)"
        )

    def _raise_range(self, s: int, owe: int, stack: int, high: int) -> tuple[int, int, str]:
        """(smallest, largest) *to* amount of a bet or raise by seat ``s`` (who owes
        ``owe`` and has ``stack`` behind; ``high`` is the bet to match), or the reason
        there is none (only called with chips beyond the call: ``owe < stack``)."""
        if self._movers < 2:
            return 0, 0, "no other player has chips left to call a raise"
        bets = self._bets
        try:  # the first seat at the bet to match: with chips left, it covers a raise
            top = bets.index(high)
        except ValueError:  # (a big blind posted short is matched in full: nobody is at it)
            top = s
        if top == s or not self._able >> top & 1:
            able, stacks = self._able, self._stacks
            for i in range(self.n):  # (able: neither folded nor all-in, so it has chips)
                if i != s and able >> i & 1 and bets[i] + stacks[i] > high:
                    break
            else:
                return 0, 0, "no other player has chips left to call a raise"
        if self._checked[s] and not self.rules.check_raise:
            return 0, 0, "check-raise is not allowed and this seat checked this round"
        street = self._street
        cap = self._caps[street]
        if cap is not None and self._raises >= cap and (self._opened or self._count_all):
            counted = "bets and raises" if self._count_all else "raises"
            return 0, 0, f"the raise cap is reached ({cap} {counted})"
        unit = self._units[street]
        limit = self._limit
        if limit == FIXED and self._reopen == FULL_RAISE:  # the usual fixed limit, in short
            # TDA 47 with a full raise of one unit (as below); the one amount (as below).
            faced = self._faced[s]
            if faced >= 0 and high - faced < unit:
                return 0, 0, _NOT_REOPENED
            lo = high + unit if self._opened or not self.rules.fixed_limit_completes else unit
            allin = bets[s] + stack
            return (lo, lo, "") if allin >= lo else self._short_all_in(allin, stack)
        # A full raise: one unit in fixed limit; else the largest full bet or raise of
        # the round, at least the minimum bet.
        full = self._full
        step = unit if limit == FIXED or full < unit else full
        reopen = self._reopen
        if reopen == FULL_RAISE:
            # Has the seat faced a full raise?  TDA 47: the bets since its last action
            # (none yet: it may raise) against a full raise.
            faced = self._faced[s]
            if faced >= 0 and high - faced < step:
                return 0, 0, _NOT_REOPENED
        elif reopen == NO_SMALLER:
            why = self._smaller(s, full)
            if why:
                return 0, 0, why
        allin = bets[s] + stack
        if limit == FIXED:
            # Below a full unit (a sub-minimum blind, a short all-in bet) the raise
            # completes the bet to one unit (002), or adds a unit to it (001, PokerKit).
            lo = hi = high + unit if self._opened or not self.rules.fixed_limit_completes else unit
        else:
            lo = high + step
            hi = allin if limit == NOLIMIT else max(lo, high + sum(self._committed) + owe)
        if allin < lo:
            return self._short_all_in(allin, stack)
        return lo, (hi if hi < allin else allin), ""

    def _short_all_in(self, allin: int, stack: int) -> tuple[int, int, str]:
        """The raise range of a seat whose chips (``allin`` in all, ``stack`` behind) do
        not reach the smallest full raise: all-in alone, or none under
        ``all_in_only_when_short``."""
        if self.rules.all_in_only_when_short:
            return 0, 0, (
                f"all-in for less than a full raise is only allowed to a player who cannot "
                f"cover the call (this seat has {stack})"
            )
        return allin, allin, ""

    def _smaller(self, s: int, full: int) -> str:
        """Why seat ``s`` may not raise under PokerKit's reopening (NO_SMALLER), or "":
        what it owes against the largest bet or raise of the round, once it has acted (a
        blind has not: with blind_sets_min_raise the big blind itself is that bet), and
        not in the middle of a run of short all-ins."""
        faced = self._faced[s]
        if faced >= 0 and self._high - self._bets[s] < full:
            return "an all-in for less than a full raise did not reopen the betting"
        if 0 < self._short < full and faced >= self._full_level:
            return (
                f"this seat acted since the last full bet or raise and the all-ins since "
                f"add up to {self._short}, less than {full}: the betting is not reopened"
            )
        return ""

    def _why_text(self) -> str:
        """Why there is no bet or raise among the choices of the seat to act (or a show
        rule's reason): :attr:`LegalActions.why` of the decision."""
        return self.legal_actions().why

    def _refusal(self, kind: ActionKind, amount: int | None, value: int | None) -> str:
        """Why this action is not in the legal choices (one sentence, naming the rule)."""
        legal = self.legal_actions()
        s = self._to_act
        verb = kind.value
        if amount is not None:
            verb += f" to {amount}" if kind is _RAISE else f" {amount}"
        head = f"seat {s} cannot {verb} {STREETS[self._street].phrase}"
        owe = legal.to_call
        if amount is not None and kind is not _BET and kind is not _RAISE:
            reason = f"a {kind.value} takes no amount"
            if kind is _CALL and _CALL in legal.kinds:
                reason += f" (it puts in what is owed: {legal.call})"
        elif value is not None and kind is not _SHOW:
            reason = "only a show announces a hand value"
        elif self._street == SHOWDOWN:
            reason = self._showdown_refusal(kind, value, legal)
        elif kind is _SHOW or kind is _MUCK:
            reason = "it is not the showdown"
        elif self._straddle_pending:
            reason = self._why_text()
        elif kind is _CHECK:
            reason = f"{owe} to call"
        elif kind is _FOLD or kind is _CALL:
            reason = "nothing to call" + (" (check instead)" if kind is _FOLD else "")
        elif kind is _BET and self._high:
            reason = f"there is a bet of {self._high} already (raise instead)"
        elif kind is _RAISE and not self._high:
            reason = "there is no bet to raise (bet instead)"
        elif self._why:
            reason = self._why_text()
        else:
            reason = self._amount_refusal(verb, amount, legal)
        return f"{head}: {reason} (legal: {legal})"

    def _showdown_refusal(self, kind: ActionKind, value: int | None, legal: LegalActions) -> str:
        """Why a show, a muck or an action is refused at the showdown."""
        announced = self.rules.showdown is _ANNOUNCED
        if kind is _SHOW and value is not None and not announced:
            return "hands are not announced: the cards speak"
        if kind is _SHOW and value is not None and _SHOW in legal.kinds:
            return f"the cards do not make that hand, or it is too low (value {value})"
        if kind is _SHOW or kind is _MUCK:
            return self._why_text()  # the show rule that forbids it
        return "the betting is over"

    def _amount_refusal(self, verb: str, amount: int | None, legal: LegalActions) -> str:
        """Why a bet or a raise of the right kind is refused: its amount."""
        if amount is None:
            return f"a {verb} needs an amount"
        if legal.min_to == legal.max_to:
            rule = "fixed limit" if self._limit == FIXED else "all-in"
            return f"{rule}: the only amount is {legal.min_to}"
        if amount < legal.min_to:
            return f"the minimum is {legal.min_to}"
        s = self._to_act
        capped = self._limit == POT and legal.max_to < self._bets[s] + self._stacks[s]
        rule = "pot limit" if capped else "all-in"
        return f"the maximum is {legal.max_to} ({rule})"

    def _bad_input(self, kind: object, amount: object, seat: object, value: object) -> str:
        """Why an action given with the wrong types is refused (one sentence)."""
        legal = self.legal_actions()
        verb = kind.value if type(kind) is ActionKind else "act"
        if amount is not None:
            verb += f" to {amount!r}" if kind is _RAISE else f" {amount!r}"
        head = f"seat {self._to_act} cannot {verb} {STREETS[self._street].phrase}"
        if type(kind) is not ActionKind:
            kinds = ", ".join(k.value for k in ActionKind)
            reason = f"{kind!r} is not an action kind (an ActionKind: {kinds})"
        elif seat is not None and type(seat) is not int:
            reason = f"a seat is a whole number (an int), not {seat!r}"
        elif amount is not None and type(amount) is not int:
            reason = f"an amount is a whole number of chips (an int), not {amount!r}"
        else:
            reason = f"a hand value is a whole number (an int), not {value!r}"
        return f"{head}: {reason} (legal: {legal})"

    def is_legal(self, action: Action, *, seat: int | None = None) -> bool:
        """Whether :meth:`apply` would accept ``action`` now."""
        if self._to_act < 0 or (seat is not None and seat != self._to_act):
            return False
        legal = self.legal_actions()
        if action.kind is _SHOW and action.value is None:
            return _SHOW in legal.kinds
        return action in legal
