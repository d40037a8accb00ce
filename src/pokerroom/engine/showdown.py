"""The end of a hand: the last player standing, the showdown, the award (``rules.md`` §8–9).

Showdown order: the last player to bet or raise in the final round first; if it was
checked around, the first live seat left of the button; then clockwise.  All-in players
are always shown.  Each other seat shows or mucks (under announced hands, shows
announcing a hand its cards make; a lower announcement binds).  When the betting ends
before the river because at most one live player has chips, every live hand is shown
and the board is run out.  A seat whose every opponent mucked wins without showing.

Hands the dealer exposes (all-in players, run-outs) count as the best hand their cards
make, announced hands or not.  The engine's own decision (``auto_showdown``,
:meth:`~pokerroom.engine.hand.Hand.settle`, and the default for a seat that does not
answer) shows a hand that can still win a share of some pot it is in, and mucks the
others.  Dead antes (``dead_antes``) are no seat's contribution: they are dead money in
the main pot (see :func:`~pokerroom.engine.pots.award`), which every contesting seat can
win, split by the same tie and odd-chip rules as the rest of that pot.
"""

from __future__ import annotations

from pokerroom.engine import events as ev
from pokerroom.engine.pots import OddChip, Pot, _best, _Order, _split, award, make_pot, suit_key
from pokerroom.engine.state import SHOWDOWN, RawPot, State
from pokerroom.engine.view import HandResult
from pokerroom.evaluator import best_hand, hand_value, rank7
from pokerroom.rules import ShowdownMode, ShowRule

# Enum members read once (one read off its class costs a slow lookup, each showdown).
_ANNOUNCED = ShowdownMode.ANNOUNCED
_ALL_SHOW, _BETTER_OR_CONCEDE = ShowRule.ALL_SHOW, ShowRule.BETTER_OR_CONCEDE
_BEST_SUIT, _LEFT_OF_BUTTON = OddChip.BEST_SUIT, OddChip.LEFT_OF_BUTTON

__all__ = ["Showdown"]


class Showdown(State):
    """The showdown and the award (a part of :class:`~pokerroom.engine.hand.Hand`)."""

    __slots__ = ()

    def _finish_uncontested(self) -> None:
        """Everyone else folded: the last player takes the pot without showing."""
        self._to_act = -1
        self._legal = None
        winner = self._folded.index(False)
        self._close_bets()
        self._pay(winner)

    def _evaluate(self) -> None:
        """The best value of every live hand, once the board is complete."""
        folded, holes, b = self._folded, self._holes, self._board
        best = [-1] * self.n
        if self._fast:
            b0, b1, b2, b3, b4 = b
            for s in self._order:
                h = holes[s]
                best[s] = rank7((h[0], h[1], b0, b1, b2, b3, b4))
        else:
            r = self.rules
            for s in range(self.n):
                if not folded[s]:
                    best[s] = hand_value(holes[s], b, min_hole_cards=r.min_hole_cards,
                                         wild=r.wild)  # fmt: skip
        self._best = best

    def _begin_showdown(self, *, runout: bool) -> None:
        n = self.n
        folded = self._folded
        start = self._aggressor
        if start < 0 or folded[start]:
            start = (self.button + 1) % n
            while folded[start]:
                start = (start + 1) % n
        order = self._order = [(start + k) % n for k in range(n) if not folded[(start + k) % n]]
        strength: list[int | None] = [None] * n
        self._strength = strength
        self._shown = shown = [False] * n
        if runout:
            holes, log, street = self._holes, self._log, self._street
            for s in order:
                shown[s] = True
                log.append((ev.SHOW, street, s, 0, 0, holes[s], False, None))
            while self._street < 3:
                self._street += 1
                self._deal_board(self._street)
            self._street = SHOWDOWN
            self._evaluate()
            best = self._best
            for s in order:
                strength[s] = best[s]
            self._award()
            return
        self._street = SHOWDOWN
        self._evaluate()
        self._sd_index = 0
        self._continue_showdown()

    def _continue_showdown(self) -> None:
        order = self._order
        while self._sd_index < len(order):
            s = order[self._sd_index]
            if self._stacks[s] == 0:  # all-in players are always shown
                self._decide(s, True, None)
                continue
            if self._contenders == 1:  # every other hand was mucked
                self._strength[s] = 0
                self._sd_index += 1
                continue
            if self._auto:
                show, value = self._default_decision(s)
                self._decide(s, show, value)
                continue
            self._to_act = s
            self._legal = None
            return
        self._award()  # (nobody to act from now on: it says so first)

    def _default_decision(self, s: int) -> tuple[bool, int | None]:
        """Show when this hand can still win a share (an announced hand: the best one), or
        when the show rule says so (the called player under 001, everyone under 000)."""
        best = self._best[s]
        mine = self._committed[s]
        announce = self.rules.showdown is _ANNOUNCED
        rule = self.rules.show_rule
        must = rule is _ALL_SHOW or (
            rule is _BETTER_OR_CONCEDE and s == self._order[0]
        )
        if not must:
            for t in range(self.n):
                value = self._strength[t]
                if value is not None and value > best and self._committed[t] >= mine:
                    return False, None
        return True, (best if announce else None)

    def _decide(self, s: int, show: bool, value: int | None) -> None:
        self._sd_index += 1
        if show:
            strength = self._best[s] if value is None else value
            self._strength[s] = strength
            self._shown[s] = True
            self._log.append((ev.SHOW, 4, s, 0, 0, self._holes[s], False, strength))
        else:
            self._contenders -= 1
            self._log.append((ev.MUCK, 4, s, 0, 0, (), False, None))

    def _award(self) -> None:
        r = self.rules
        n = self.n
        self._to_act = -1
        self._legal = None
        contributions = self._committed
        dead = 0
        if r.dead_antes:
            contributions = [c - a for c, a in zip(self._committed, self._antes, strict=True)]
            dead = sum(self._antes)
        strengths = self._strength
        suits = None
        contesting = [i for i in range(n) if strengths[i] is not None]
        if len(contesting) == 1:  # nobody contests: pots.award would give it all to them
            self._pay(contesting[0])
            return
        if self._single_pot(contributions, contesting):
            return
        if r.odd_chip is _BEST_SUIT and len(contesting) > 1:
            suits = [0] * n
            for i in contesting:
                best = best_hand(self._holes[i], self._board, min_hole_cards=r.min_hole_cards,
                                 wild=r.wild)  # fmt: skip
                suits[i] = suit_key(best.played_as or best.cards)
        # Seats whose contribution is final below another's: all-in, or (live antes that
        # differ by position) short of the top only by a smaller ante, having called every
        # bet.  The pots layer them alike: a seat wins from each other seat at most what
        # it put in itself (rules.md §9, E_i).
        capped = [chips == 0 for chips in self._stacks]
        antes = self._antes
        if not r.dead_antes and min(antes) != max(antes):
            called = max(contributions[i] - antes[i] for i in contesting)
            for i in contesting:
                if contributions[i] - antes[i] == called:
                    capped[i] = True
        result = award(contributions, strengths, all_in=capped, button=self.button,
                       tie_split=r.tie_split, odd_chip=r.odd_chip, suit_order=suits,
                       dead=dead)  # fmt: skip
        self._settle_award(list(result.won), result.pots)

    def _single_pot(self, contributions: list[int], contesting: list[int]) -> bool:
        """The common case, settled as :func:`~pokerroom.engine.pots.award` does (with its
        pieces) but without its checks and side-pot set-up: every contesting seat put in
        the same (dead antes aside), so there is one pot, the dead antes included, split
        equally among the best hands, odd chips one at a time from the left of the button."""
        level = contributions[contesting[0]]
        for i in contesting:
            if contributions[i] != level:
                return False
        winners = _best(contesting, self._strength)
        if len(winners) > 1 and self.rules.odd_chip is not _LEFT_OF_BUTTON:
            return False
        total = sum(self._committed)
        won = [0] * self.n
        if len(winners) == 1:
            won[winners[0]] = total
            shares = [total]
        else:
            shares = _split(total, winners, None, _Order(self.n, self.button, None))
            for i, share in zip(winners, shares, strict=True):
                won[i] = share
        pot = (total, tuple(contesting), tuple(winners), tuple(shares))
        self._settle_award(won, (pot,) if total else ())
        return True

    def _pay(self, winner: int) -> None:
        """The one seat left contesting takes the whole pot, dead antes included."""
        total = sum(self._committed)
        won = [0] * self.n
        self._pots = ()
        if total:  # (what _settle_award does, for the one seat that wins)
            won[winner] = total
            self._stacks[winner] += total
            self._log.append((ev.WIN, self._street, winner, total, 0, (), False, None))
            self._pots = ((total, (winner,), (winner,), (total,)),)
        self._won = won
        self._over = True

    def _settle_award(self, won: list[int], pots: tuple[Pot | RawPot, ...]) -> None:
        """Pay what each seat won; ``pots`` are :class:`Pot` or their fields (made into
        pots when the result is asked for)."""
        stacks, log, street = self._stacks, self._log, self._street
        for i in range(self.n):
            if won[i]:
                stacks[i] += won[i]
                log.append((ev.WIN, street, i, won[i], 0, (), False, None))
        self._won = won
        self._pots = pots
        self._over = True

    def _make_result(self) -> HandResult:
        pots = tuple([p if isinstance(p, Pot) else make_pot(*p) for p in self._pots])
        return HandResult(
            starting=self._starting,
            stacks=tuple(self._stacks),
            won=tuple(self._won),
            pots=pots,
            shown=self._shown_cards(),
        )
