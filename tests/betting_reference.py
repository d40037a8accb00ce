"""A brute-force reference of the betting rules, for checking the engine's offers.

Written from ``rules.md`` §5–7 and the conventions :mod:`pokerroom.rules` settles where it
is silent, and sharing no code with :mod:`pokerroom.engine`: it reads a hand's public
event log (forced bets, actions, the board) as a spectator would, keeps its own count of
the chips, and decides every possible amount one at a time by the rules.

* A bet or raise is at least one unit (fixed limit: exactly one unit above the bet to
  match; a round not yet opened by a full bet is *completed* to one unit, unless
  ``fixed_limit_completes`` is off, as in 001, where a raise is the call plus one unit),
  or, in no and pot limit, the bet to match plus the largest full bet or raise of the
  round (at least the minimum bet); pot limit caps it at the bet to match plus the pot
  after calling.
  A player who cannot make the minimum may go all-in for less, unless all-in is only for
  players who cannot cover the call (001).
* A raise needs chips beyond the call, and someone else with chips behind who could call
  more than the bet to match.
* An all-in for less than a full raise does not reopen the betting: a player who has acted
  this round may raise again only when the bet to match has risen by a full raise since
  (several short all-ins add up).
* The raise cap counts full raises after the round's opening bet (blinds never, the 001
  straddle only with ``straddle_counts``).  The opening bet is the first of a full unit,
  pre-flop a full blind; without ``fixed_limit_completes`` (001) it is the first bet or
  blind of any size, since the next one raises it by a unit.  Check-raise off: a player
  who checked may not raise the bet that follows.
* Fold only when owing (except the 001 straddler, who straddles or folds), check only
  when not, call what is owed or all that is left.
* Pre-flop the bet to match is the full top blind, even when it was posted short.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.engine import Event, EventKind, Street
from pokerroom.rules import Rules, Structure

__all__ = ["Choices", "SpectatorBetting"]

E = EventKind
STREETS = list(Street)


@dataclass(frozen=True)
class Choices:
    """What the reference lets the seat to act do."""

    seat: int
    fold: bool
    check: bool
    call: int | None  # the chips a call puts in
    to_call: int
    raise_kind: EventKind | None  # BET or RAISE, None when no amount is allowed
    amounts: frozenset[int]  # every allowed total to bet or raise to


class SpectatorBetting:
    """The betting of a hand as its events show it, and the choices they allow."""

    def __init__(self, rules: Rules, starting: tuple[int, ...], button: int) -> None:
        self.rules = rules
        self.n = len(starting)
        # 001: the player after the blinds (the button's blind, with button_blind) straddles
        blinds = len(rules.blinds)
        self.straddler = (button + blinds + (0 if rules.button_blind else 1)) % self.n
        self.behind = list(starting)
        self.folded = [False] * self.n
        self.pot = 0
        self.top_blind = max(rules.blinds, default=0)
        self.fixed = rules.structure is Structure.FIXED_LIMIT
        self.completes = rules.fixed_limit_completes  # else a raise is a bet plus a unit
        self.pot_limit = rules.structure is Structure.POT_LIMIT
        self.voluntary = False  # anyone has acted (not a forced bet)
        self._new_round(0)

    def _new_round(self, street: int) -> None:
        self.street = street
        self.put = [0] * self.n  # chips in front of each seat this round
        self.acted_at: list[int | None] = [None] * self.n  # bet to match when last acting
        self.checked = [False] * self.n
        self.largest = 0  # the largest full bet or raise of the round
        self.opened = False  # a full bet was made this round
        self.raises = 0  # full raises after the opening bet

    @property
    def unit(self) -> int:
        return self.rules.units[self.street]

    @property
    def level(self) -> int:
        """The bet to match: the highest put in, pre-flop at least the full top blind."""
        floor = self.top_blind if self.street == 0 else 0
        return max(floor, *self.put)

    def full_raise(self) -> int:
        """How much a bet or raise must add to be a full one."""
        return self.unit if self.fixed else max(self.unit, self.largest)

    def replay(self, events: list[Event]) -> None:
        for event in events:
            self.apply(event)

    def apply(self, e: Event) -> None:
        k, s = e.kind, e.seat
        if k is E.BOARD:
            self._new_round(STREETS.index(e.street))
        elif k is E.ANTE:
            self.behind[s] -= e.amount
            self.pot += e.amount
        elif k is E.RETURN:  # an unmatched ante, or the uncalled bet at a round's end
            self.behind[s] += e.amount
            self.pot -= e.amount
        elif k is E.BLIND:
            self._put(s, e.amount)
            if self.put[s] != e.total:
                raise AssertionError(f"blind total {e.total} but {self.put[s]} put in")
            self._open_by_blinds()
        elif k is E.DEAL:  # after the forced bets: a blind the antes took is called in full
            self._open_by_blinds()
        elif k is E.FOLD:
            self.voluntary = True
            self.folded[s] = True
        elif k is E.CHECK:
            self.voluntary = True
            self.acted_at[s] = self.level
            self.checked[s] = True
        elif k is E.CALL:
            self.voluntary = True
            self.acted_at[s] = self.level
            self._put(s, e.amount)
            self.checked[s] = False
        elif k is E.STRADDLE:
            before = self.level
            first = not self.voluntary
            self.voluntary = True
            self._put(s, e.amount)
            if self.put[s] > before:  # a raise of the blind; the straddler acts again
                self._raised(before, self.put[s])
                if first:
                    self.raises = 1 if self.opened and self.rules.straddle_counts else 0
            else:  # all-in for no more than the blind: a call
                self.acted_at[s] = before
        elif k in (E.BET, E.RAISE):
            before = self.level
            self.voluntary = True
            self._put(s, e.amount)
            if self.put[s] != e.total:
                raise AssertionError(f"{k.value} to {e.total} but {self.put[s]} put in")
            self._raised(before, e.total)
            self.acted_at[s] = e.total
            self.checked[s] = False
        for i in range(self.n):
            if self.behind[i] < 0:
                raise AssertionError(f"seat {i} put in more than it had")

    def _open_by_blinds(self) -> None:
        """The opening of the first round by its blinds (the bet to match, which is the
        full top blind even when it was posted short, or not at all)."""
        if not self.voluntary:
            level = self.level
            self.opened = level >= self.unit or (self.fixed and not self.completes and level > 0)
            self.largest = (self.unit if self.fixed else level) if self.opened else 0

    def _put(self, s: int, chips: int) -> None:
        self.behind[s] -= chips
        self.put[s] += chips
        self.pot += chips

    def _raised(self, before: int, to: int) -> None:
        added = to - before
        if self.fixed:
            if not self.opened:  # the opening bet, or its completion (001: any bet)
                self.opened = to >= self.unit or not self.completes
            elif added >= self.unit:
                self.raises += 1
        elif added >= self.full_raise():
            if self.opened:
                self.raises += 1
            self.opened = True
            self.largest = added

    # ------------------------------------------------------------------ the choices

    @property
    def straddle_pending(self) -> bool:
        """001: nobody has acted yet, so the straddler, if it has chips, straddles or
        folds before anyone else acts."""
        return (bool(self.rules.straddle) and not self.voluntary and self.street == 0
                and self.behind[self.straddler] > 0)

    def choices(self, seat: int) -> Choices:
        """What ``seat`` may do now, each amount decided on its own."""
        assert not self.folded[seat] and self.behind[seat] > 0, "a seat that cannot act"
        level, mine, behind = self.level, self.put[seat], self.behind[seat]
        owe = level - mine
        call = min(owe, behind)
        if self.straddle_pending:
            assert seat == self.straddler, f"seat {seat} acts before the straddler"
            to = min(self.rules.straddle, mine + behind)
            if to > level:
                return Choices(seat, True, False, None, owe, E.RAISE, frozenset({to}))
            return Choices(seat, True, False, call, owe, None, frozenset())
        amounts = frozenset(x for x in range(level + 1, mine + behind + 1)
                            if self.may_raise_to(seat, x))
        kind = (E.RAISE if level else E.BET) if amounts else None
        return Choices(seat, owe > 0, owe == 0, call if owe > 0 else None, owe, kind, amounts)

    def may_raise_to(self, seat: int, to: int) -> bool:
        """Whether ``seat`` may bet or raise to a total of ``to`` this round."""
        level, mine, behind = self.level, self.put[seat], self.behind[seat]
        all_in = mine + behind
        if not level < to <= all_in:
            return False
        if not any(
            i != seat and not self.folded[i] and self.behind[i] > 0
            and self.put[i] + self.behind[i] > level
            for i in range(self.n)
        ):
            return False  # nobody could call it
        if self.checked[seat] and not self.rules.check_raise:
            return False
        cap = self.rules.raise_caps[self.street]
        if self.opened and cap is not None and self.raises >= cap:
            return False
        last = self.acted_at[seat]
        if last is not None and level - last < self.full_raise():
            return False  # not reopened: less than a full raise since the seat acted
        smallest, largest = self.bounds(seat)
        if all_in < smallest:  # all-in for less than the minimum
            return to == all_in and not self.rules.all_in_only_when_short
        return smallest <= to <= largest

    def bounds(self, seat: int) -> tuple[int, int]:
        """The smallest and largest total of a full bet or raise by ``seat`` (before its
        stack is counted)."""
        level, mine = self.level, self.put[seat]
        if self.fixed:
            completes = self.rules.fixed_limit_completes and not self.opened
            smallest = self.unit if completes else level + self.unit
            return smallest, smallest
        smallest = level + self.full_raise()
        if self.pot_limit:
            return smallest, max(smallest, level + self.pot + (level - mine))
        return smallest, mine + self.behind[seat]
