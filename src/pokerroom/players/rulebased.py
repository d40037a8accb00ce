"""The ``rule-based`` bot: a starting-hand chart before the flop, hand strength against the
pot odds after it.

Before the flop the hand's class (:mod:`pokerroom.starting`) falls in one of five tiers
(:data:`TIERS`, written in range notation); the tier, how much it costs to come in and the
seat's position decide: raise, call, or check/fold.  Three or fewer players in the hand
play one tier looser; a hand holding a wild card (or the bug) plays as tier 1 (or 2).

After the flop the bot estimates its equity against the live opponents holding random
hands (:func:`~pokerroom.equity.equity_vs_random`, seeded from the bot's own random
source; under wild cards or hands that must use hole cards, from the category of its made
hand), then: bet or raise when strong (a full unit in fixed limit, two thirds of the pot
in no and pot limit), call when the equity beats the pot odds, else check or fold, with an
occasional bluff heads-up.  At the showdown it mucks a hand beaten by one already shown
(against a seat in for at least as much), else shows its best hand.

>>> import random
>>> from pokerroom.rules import Rules
>>> from pokerroom.table import Table
>>> table = Table(Rules.preset("casino-limit"), 3, rng=random.Random(8))
>>> _ = table.start_hand()
>>> view = table.turn_view()
>>> str(HandClass.of(*view.hole)), tier_of(view.hole, view.rules)   # three-handed: one tier looser
('A9o', 5)
>>> RuleBased(seed=1).act(view, 1.0)
Action.call()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np

from pokerroom.engine import Action, ActionKind, EventKind, Street
from pokerroom.equity import equity_vs_random
from pokerroom.evaluator import Category, category_of, hand_value
from pokerroom.players.base import Bot
from pokerroom.players.state import generator_from, generator_state, need, whole
from pokerroom.ranges import Range
from pokerroom.rules import Structure
from pokerroom.starting import HandClass

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from pokerroom.engine import PlayerView
    from pokerroom.rules import Rules

__all__ = ["TIERS", "RuleBased", "tier_of"]

TIERS: Final = (
    "AA, KK, QQ, AK",
    "JJ, TT, AQs, AJs, KQs, AQo",
    "99-77, ATs-A8s, KJs, KTs, QJs, QTs, JTs, AJo, ATo, KQo",
    "66-22, A7s-A2s, K9s, Q9s, J9s, T9s, 98s, 87s, 76s, 65s, KJo, KTo, QJo, JTo",
)
"""Tiers 1 to 4 of the starting-hand chart, best first; every other class is tier 5."""

_TIER: Final = {
    cls: tier
    for tier, text in enumerate(TIERS, start=1)
    for cls, weight in Range.parse(text).class_weights().items()
    if weight > 0
}

# Equity of a made hand against one random hand, by category (wild-card games).
_BY_CATEGORY: Final = {
    Category.HIGH_CARD: 0.25, Category.PAIR: 0.5, Category.TWO_PAIR: 0.72,
    Category.THREE_OF_A_KIND: 0.8, Category.STRAIGHT: 0.85, Category.FLUSH: 0.88,
    Category.FULL_HOUSE: 0.94, Category.FOUR_OF_A_KIND: 0.98, Category.STRAIGHT_FLUSH: 0.99,
    Category.FIVE_OF_A_KIND: 0.995,
}  # fmt: skip

_K = ActionKind


def tier_of(hole: Sequence[int], rules: Rules) -> int:
    """The chart tier (1 best, 5 worst) of two hole cards under these rules."""
    wild = rules.wild
    if wild is not None:
        _, fully, bug = wild.split(hole)
        if fully:
            return 1
        if bug:
            return 2
    return _TIER.get(HandClass.of(hole[0], hole[1]), 5)


class RuleBased(Bot):
    """See the module.  ``samples`` is the Monte Carlo budget of each equity estimate."""

    name = "rule-based"
    description = "a starting-hand chart before the flop, then hand strength against pot odds"

    def __init__(self, seed: int | None = None, *, samples: int = 400) -> None:
        super().__init__(seed)
        self.samples = samples
        self._np = np.random.default_rng(self.rng.getrandbits(64))

    def save_state(self) -> dict[str, Any]:
        """:meth:`Bot.save_state`, the equity estimates' sample count and generator."""
        return {**super().save_state(), "samples": self.samples,
                "np": generator_state(self._np)}  # fmt: skip

    def _read_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return {**super()._read_state(state),
                "samples": whole(need(state, "samples"), "samples", 1),
                "_np": generator_from(need(state, "np"), "np")}  # fmt: skip

    def act(self, view: PlayerView, budget: float) -> Action:
        legal = view.legal
        assert legal is not None
        kinds = legal.kinds
        if _K.CHECK not in kinds and _K.CALL not in kinds and _K.RAISE in kinds:
            return self.bet(_K.RAISE, legal.min_to)  # 001's straddle: post it
        if legal.street is Street.PREFLOP:
            return self._preflop(view)
        return self._postflop(view)

    # ------------------------------------------------------------------ pre-flop

    def _preflop(self, view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        rules = view.rules
        big = rules.big_blind or rules.units[0]
        live = view.folded.count(False)
        tier = tier_of(view.hole, rules)
        if live <= 3:
            tier = max(1, tier - 1)
        level = max(view.to_match, *view.bets)
        unopened = level <= big
        cheap = legal.to_call <= big
        late = self._acting_after(view) <= 2
        if tier == 1 or (tier == 2 and level <= 3 * big) or (tier == 3 and unopened and late):
            if legal.can_raise and (tier == 1 or unopened):
                return self._raise(view, 3 * level if unopened else 2 * level)
            return self._stay(view)
        if tier <= 3 and (level <= 3 * big or legal.to_call * 8 <= view.stacks[view.seat]):
            return self._stay(view)
        if tier == 4 and cheap:
            return self._stay(view)
        return self._give_up(view)

    def _acting_after(self, view: PlayerView) -> int:
        """Players still to act after this seat in the hand (for position)."""
        n = len(view.stacks)
        button = view.button
        after = 0
        seat = view.seat
        while seat != button:
            seat = (seat + 1) % n
            if not view.folded[seat] and not view.all_in[seat]:
                after += 1
        return after

    # ----------------------------------------------------------------- post-flop

    def _postflop(self, view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        opponents = max(1, view.folded.count(False) - 1)
        equity = self.equity(view, opponents)
        call = legal.call
        odds = call / (view.pot + call) if call else 0.0
        strong = 0.5 + 0.15 / opponents
        if legal.can_raise and equity >= strong:
            if legal.to_call == 0 or equity >= strong + 0.15:
                return self._raise(view, None)
            return self._stay(view)
        if legal.to_call == 0:
            if legal.can_raise and opponents == 1 and self.rng.random() < 0.08:
                return self._raise(view, None)  # a bluff
            return Action.check()
        if equity >= odds + 0.03:
            return self._stay(view)
        return Action.fold()

    def equity(self, view: PlayerView, opponents: int) -> float:
        """Estimated share of the pot against ``opponents`` random hands."""
        rules = view.rules
        standard = rules.wild is None and rules.min_hole_cards == 0
        if standard:
            return equity_vs_random(view.hole, view.board, opponents=min(opponents, 9),
                                    samples=self.samples, rng=self._np).equity  # fmt: skip
        value = hand_value(view.hole, view.board, min_hole_cards=rules.min_hole_cards,
                           wild=rules.wild)  # fmt: skip
        return float(_BY_CATEGORY[category_of(value)] ** opponents)

    # ------------------------------------------------------------------ actions

    def _raise(self, view: PlayerView, to: int | None) -> Action:
        """A bet or raise to ``to`` (default: two thirds of the pot after calling),
        within the legal amounts; called only where a bet or raise is legal."""
        legal = view.legal
        assert legal is not None
        if view.rules.structure is not Structure.FIXED_LIMIT:
            if to is None:
                level = max(view.to_match, *view.bets)
                to = level + (2 * (view.pot + legal.to_call)) // 3
            amount = min(max(to, legal.min_to), legal.max_to)
        else:
            amount = legal.min_to
        kind = _K.BET if _K.BET in legal.kinds else _K.RAISE
        return self.bet(kind, amount)

    @staticmethod
    def _stay(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        return Action.check() if _K.CHECK in legal.kinds else Action.call()

    @staticmethod
    def _give_up(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        return Action.check() if _K.CHECK in legal.kinds else Action.fold()

    # ----------------------------------------------------------------- showdown

    def announce(self, view: PlayerView, budget: float) -> Action:
        legal = view.legal
        assert legal is not None
        if _K.SHOW not in legal.kinds:
            return Action.muck()  # 001: nothing better than what is shown: concede
        show = Action.show(legal.values[0]) if legal.values else Action.show()
        if _K.MUCK not in legal.kinds:
            return show  # 001: the called player must show
        rules = view.rules
        best = (
            legal.values[0]
            if legal.values
            else hand_value(
                view.hole, view.board, min_hole_cards=rules.min_hole_cards, wild=rules.wild
            )
        )
        mine = view.committed[view.seat]
        for event in view.events:
            if (
                event.kind is EventKind.SHOW
                and event.value is not None
                and event.value > best
                and view.committed[event.seat] >= mine
            ):
                return Action.muck()
        return show
