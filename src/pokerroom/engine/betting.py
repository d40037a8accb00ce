"""The betting of a hand: the forced bets, whose turn it is, the end of a round, and
the moves that put chips in (``rules.md`` §6–7; a part of :class:`~pokerroom.engine.hand.Hand`).

The moves here are applied as given: :meth:`~pokerroom.engine.hand.Hand.act` checks
them against the legal choices (:mod:`pokerroom.engine.legality`) first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.engine import events as ev
from pokerroom.engine.showdown import Showdown
from pokerroom.engine.state import AFTER, FIRST, FIXED, NO_SMALLER, WITHOUT

if TYPE_CHECKING:
    from pokerroom.engine.plan import Plan

__all__ = ["Betting"]


class Betting(Showdown):
    """The betting (a part of :class:`~pokerroom.engine.hand.Hand`)."""

    __slots__ = ()

    def _post_forced_bets(self, plan: Plan) -> None:
        """Antes, then blinds (``rules.md`` §6): a player who cannot cover one posts all
        they have."""
        stacks, bets, committed = self._stacks, self._bets, self._committed
        allin, log = self._allin, self._log
        for seat, amount in plan.antes:
            chips = amount if amount < stacks[seat] else stacks[seat]
            stacks[seat] -= chips
            committed[seat] += chips
            self._antes[seat] = chips
            allin[seat] = stacks[seat] == 0
            log.append((ev.ANTE, 0, seat, chips, 0, (), allin[seat], None))
        trim = bool(plan.antes) and not self.rules.dead_antes
        if trim and self.rules.antes_trimmed_first:
            self._trim_antes()
        for seat, amount in plan.blinds:
            chips = amount if amount < stacks[seat] else stacks[seat]
            if chips:
                stacks[seat] -= chips
                bets[seat] += chips
                committed[seat] += chips
                allin[seat] = stacks[seat] == 0
                log.append((ev.BLIND, 0, seat, chips, bets[seat], (), allin[seat], None))
        if trim and not self.rules.antes_trimmed_first:
            self._trim_antes()

    def _trim_antes(self) -> None:
        """Antes are contributions: the part of one nobody else matched is returned (as
        PHH's ante trimming does), like any uncalled bet."""
        posted = sorted(self._antes)
        if posted[-1] > posted[-2]:
            seat = self._antes.index(posted[-1])
            extra = posted[-1] - posted[-2]
            self._antes[seat] -= extra
            self._committed[seat] -= extra
            self._stacks[seat] += extra
            self._allin[seat] = False
            self._log.append((ev.RETURN, 0, seat, extra, 0, (), False, None))

    def _open_first_round(self, plan: Plan) -> None:
        """A blind of a full unit opens the first round; in fixed limit without
        ``fixed_limit_completes`` (001: a raise is "call + L") any blind posted does, so
        the first raise over a sub-minimum blind counts toward the cap.  A blind posted
        short (all-in for less) still has to be called in full by everyone else (unless
        the rules call what was posted: ``top_blind`` is then 0).  With
        ``blind_sets_min_raise`` the largest blind is the round's first full bet."""
        bets, allin = self._bets, self._allin
        self._high = high = max(plan.top_blind, *bets)
        unit = plan.units[0]
        self._opened = opened = high >= unit or (
            high > 0 and plan.limit == FIXED and not self.rules.fixed_limit_completes
        )
        self._full = self._full_level = 0
        if self.rules.blind_sets_min_raise:
            if self._reopen == NO_SMALLER:
                self._full = self._full_level = high
            elif opened:
                self._full = unit if plan.limit == FIXED else high
        # who may still act in the hand (neither folded nor all-in), and who must act now:
        # bitmasks, bit i for seat i (see State._able)
        able = 0
        for seat in range(self.n):
            if not allin[seat]:
                able |= 1 << seat
        self._able = able
        self._need = self._leave_out_the_covered(able) if self._lone else able
        self._movers = self.n - allin.count(True)
        straddler = plan.straddler
        if straddler >= 0 and not allin[straddler]:
            self._straddle_pending = True  # 001: the straddler straddles or folds first
            self._to_act = straddler
        elif not self.rules.antes_trimmed_first and plan.blinds and straddler < 0 and (
            self.rules.first_to_act is None
        ):
            # PokerKit: the player after the largest blind *posted* acts first (a blind
            # capped by a returned ante may be smaller than an earlier one); when the
            # antes took every blind poster's stack, nothing was posted and the first seat
            # left of the button acts first (``State._begin_betting``: the last player
            # of the largest bets times the signs of the blinds is then the button).
            n, button = self.n, self.button
            big = max(plan.blinds, key=lambda sb: (bets[sb[0]], (sb[0] - button - 1) % n))[0]
            self._open_round((big + 1) % n if bets[big] else (button + 1) % n)
        else:
            self._open_round(plan.first)

    def _leave_out_the_covered(self, need: int) -> int:
        """``need`` (a bitmask of seats) without the seats not asked pre-flop: with
        ``lone_player_acts`` (PokerKit), a player whose bet already covers every other
        stack.  (A lone player left to act who owes nothing is always such a player
        here: every other seat is all-in for at most its bet.)"""
        bets, stacks = self._bets, self._stacks
        totals = sorted(b + c for b, c in zip(bets, stacks, strict=True))
        second = totals[-2]
        for i in range(self.n):
            if second <= bets[i]:
                need &= WITHOUT[i]
        return need

    def _open_round(self, start: int) -> None:
        """Give the turn to the first seat from ``start`` that must act, or end the round."""
        self._advance(start - 1)

    def _advance(self, seat: int) -> None:
        """Pass the turn clockwise to the next seat after ``seat`` that must act, or end
        the round."""
        need = self._need
        if need:
            # the first of the seats after ``seat``, else the first of all: the search
            # wraps round past the last seat
            later = need & AFTER[seat]
            i = FIRST[later or need]
            if self._movers == 1 and not self._lone and self._bets[i] >= max(self._bets):
                self._need = need & WITHOUT[i]  # nothing to call and nobody left to bet against
            else:
                self._to_act = i
                self._legal = None
                return
        self._end_round()

    def _end_round(self) -> None:
        """Return the uncalled part of the top bet, then the next round, the run-out or
        the showdown."""
        self._to_act = -1
        self._legal = None
        self._close_bets()
        if self._street == 3:
            self._begin_showdown(runout=False)
            return
        if self._movers <= 1:
            self._begin_showdown(runout=True)
            return
        n = self.n
        self._street = street = self._street + 1
        self._deal_board(street)
        self._need = self._able  # everyone neither folded nor all-in acts
        self._faced = [-1] * n
        self._checked = [False] * n
        self._full = self._raises = self._short = self._full_level = 0
        self._opened = False
        self._aggressor = -1
        self._advance(self._starts[street] - 1)  # (_open_round)

    def _check(self, s: int) -> None:
        self._need &= WITHOUT[s]
        self._checked[s] = True
        self._faced[s] = self._high
        self._log.append((ev.CHECK, self._street, s, 0, self._bets[s], (), False, None))
        self._advance(s)

    def _fold(self, s: int) -> None:
        self._folded[s] = True
        clear = WITHOUT[s]
        self._able &= clear
        self._need &= clear
        self._live -= 1
        self._movers -= 1
        self._contenders -= 1
        self._log.append((ev.FOLD, self._street, s, 0, self._bets[s], (), False, None))
        self._straddle_pending = False
        if self._live == 1:
            self._finish_uncontested()
        else:
            self._advance(s)

    def _call(self, s: int) -> None:
        stacks = self._stacks
        owe = self._high - self._bets[s]
        chips = owe if owe < stacks[s] else stacks[s]
        stacks[s] -= chips
        self._bets[s] += chips
        self._committed[s] += chips
        allin = stacks[s] == 0
        if allin:
            self._allin[s] = True
            self._able &= WITHOUT[s]
            self._movers -= 1
        self._need &= WITHOUT[s]
        self._faced[s] = self._high
        self._checked[s] = False  # check-raise off binds only the answer to the next bet
        kind = ev.CALL
        if self._straddle_pending:
            self._straddle_pending = False
            kind = ev.STRADDLE
        self._log.append((kind, self._street, s, chips, self._bets[s], (), allin, None))
        self._advance(s)

    def _bet(self, s: int, to: int) -> None:
        stacks, bets = self._stacks, self._bets
        chips = to - bets[s]
        stacks[s] -= chips
        bets[s] = to
        self._committed[s] += chips
        allin = stacks[s] == 0
        if allin:
            self._allin[s] = True
            self._able &= WITHOUT[s]
            self._movers -= 1
        high = self._high
        unit = self._units[self._street]
        rise = to - high
        full = self._full
        if self._count_all:
            self._raises += 1  # every bet and raise counts toward the cap
        if self._limit == FIXED:
            if not self._opened:
                # the bet, or the completion of a short one; without completion (001, "call
                # + L") any first bet opens the round: the next one raises it
                self._opened = to >= unit or not self.rules.fixed_limit_completes
            elif rise >= unit and not self._count_all:
                self._raises += 1
        elif rise >= (unit if full < unit else full):  # a full bet or raise
            if self._opened and not self._count_all:
                self._raises += 1
            self._opened = True
            if self._reopen != NO_SMALLER:
                self._full = rise
        if self._reopen == NO_SMALLER:
            # PokerKit's bookkeeping (see Reopening.NO_SMALLER): a bet no smaller than
            # every earlier one is full; a run of all-in raises is summed until it makes
            # a full raise, and starts again after a bet by a player with chips left.
            if rise >= full:
                self._full = rise
                self._full_level = to
            self._short = self._short + rise if allin else 0
            if self._short >= self._full:
                self._short = 0
        self._high = to
        self._checked[s] = False
        if self._straddle_pending:
            # 001: the straddle counts toward the raise cap only with straddle_counts.
            self._straddle_pending = False
            counts = self.rules.straddle_counts and (self._opened or self._count_all)
            self._raises = 1 if counts else 0
            # The straddle is a blind: with blind_sets_min_raise it sets the minimum raise
            # as blinds=(..., straddle) would (no limit: a raise is at least its size).
            self._short = 0
            if not self.rules.blind_sets_min_raise:
                self._full = self._full_level = 0
            elif self._limit != FIXED or self._reopen == NO_SMALLER:
                self._full = self._full_level = to
            # the straddle is live: its owner acts again (unless all-in), with everyone
            # else neither folded nor all-in
            self._need = self._able
            self._log.append((ev.STRADDLE, 0, s, chips, to, (), allin, None))
            self._advance(s)
            return
        self._need = self._able & WITHOUT[s]  # everyone else neither folded nor all-in acts again
        self._faced[s] = to
        self._aggressor = s
        kind = ev.RAISE if high else ev.BET
        self._log.append((kind, self._street, s, chips, to, (), allin, None))
        self._advance(s)
