"""The ``strong`` bot's decision: the expected value of each choice, from equity against
the opponents' ranges, how often each folds, the pot odds and the position.

For every choice the bot works out what it expects to take from the pot, less what it
puts in now (folding is 0):

* check or call: its equity against the ranges times the pot it would then contest,
  scaled by how much of its equity it can expect to realise (all of it in position or on
  the river, less out of position); a draw facing a bet in no limit adds the implied odds
  of being paid when it comes in;
* bet or raise to each candidate size: each opponent folds as often as its profile shows
  it folds in that situation (facing a bet, a raise, a re-raise: a range already narrowed
  by raises folds less), scaled by the price the bet sets (a bigger bet, more folds); if
  someone calls, the bot's equity is against the hands that continue (the top of each
  range), for the bigger pot.

In a tournament (stacks are not reset: a player who goes broke is out) a choice that
risks more than a quarter of the bot's chips pays a small price for each chip past that,
so that thin gambles with the whole stack are passed up.  The best value wins, with two
exceptions that make the bot hard to read: a bet that gains only through folds (a bluff)
is made at the frequency that balances the bot's value bets at that size (its own range
as the opponents see it), semi-bluffs with draws first; and a very strong hand is
sometimes checked to an opponent who bets when checked to.  In no limit, shallow stacks
(a dozen big blinds or fewer) play push or fold.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Final, Protocol

import numpy as np
import numpy.typing as npt

from pokerroom.engine import Action, ActionKind, LegalActions, PlayerView
from pokerroom.players.strong.ranges import Continuing, Ranking
from pokerroom.players.strong.stats import WEAK, Profile, Situation, situation
from pokerroom.rules import Structure

__all__ = ["Choice", "Outlook", "Play", "fold_chance"]

F64s = npt.NDArray[np.float64]
_K = ActionKind

PUSH_FOLD_BLINDS: Final = 12.0
"""No-limit stacks at or below this many big blinds play push or fold pre-flop."""
_PRICE_SEEN: Final = 0.3  # the price (call / pot after calling) the fold counts are taken at
_MAX_FOLD: Final = 0.97
_BET_FRACTIONS: Final = (0.33, 0.5, 0.75, 1.0)  # of the pot after calling
_RAISE_FRACTIONS: Final = (0.6, 1.0)
_RISK: Final = 0.06  # tournaments: the price of each chip risked past a quarter of the stack
_COMMIT: Final = 0.35  # bet it all when less than this share of the pot would be left


class Outlook(Protocol):
    """The bot's equity against the live opponents' ranges, each range reweighted by
    ``gains[seat]`` when given, each opponent in the pot with probability
    ``present[seat]`` (default 1)."""

    def equity(
        self,
        gains: Mapping[int, Continuing] | None = None,
        present: Mapping[int, float] | None = None,
    ) -> float: ...


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice and its expected value; ``equity`` when called (bets and raises)."""

    action: Action
    value: float
    equity: float = 0.0
    fold: float = 0.0


def fold_chance(base: float, call: float, pot: float) -> float:
    """How often a player who folds ``base`` of the time folds to a bet it must call
    ``call`` into ``pot`` (the pot after the bet): more for a higher price."""
    if call <= 0:
        return 0.0
    price = call / (pot + call)
    return min(_MAX_FOLD, float(base * (price / _PRICE_SEEN) ** 0.5))


class Play:
    """One decision.  ``ranges`` holds each seat's weights, ``reference`` some seats'
    weights after their first decision of the round, ``acted`` the seats that have
    decided this round; ``profiles`` each seat's :class:`Profile`; ``ranking`` ranks hands
    on this street (0 to 1); ``mine`` is the bot's own hand on that scale with ``draw`` its
    chance to improve; ``raises`` counts the bets and raises of this round, ``forced`` is
    the level the forced bets set; in a ``tournament`` (chips lost are out for good) big
    risks need a clear edge."""

    def __init__(  # noqa: PLR0917 - the decision's inputs, each its own thing
        self,
        view: PlayerView,
        ranges: npt.NDArray[np.float64],
        profiles: Sequence[Profile],
        ranking: Ranking,
        outlook: Outlook,
        rng: random.Random,
        *,
        mine: float,
        draw: float,
        raises: int,
        forced: int,
        reference: Mapping[int, F64s] | None = None,
        acted: Set[int] = frozenset(),
        tournament: bool = False,
    ) -> None:
        legal = view.legal
        assert legal is not None
        self.view = view
        self.legal: LegalActions = legal
        self.ranges = ranges
        self.reference = reference or {}
        self.acted = acted
        self.tournament = tournament
        self._cum: dict[int, F64s] = {}
        self._base_cum: dict[int, F64s] = {}
        self.profiles = profiles
        self.ranking = ranking
        self.scores = ranking.scores
        self.outlook = outlook
        self.rng = rng
        self.mine = mine
        self.draw = draw
        self.raises = raises
        self.forced = forced
        rules = view.rules
        self.me = view.seat
        self.limit = rules.structure is Structure.FIXED_LIMIT
        self.no_limit = rules.structure is Structure.NO_LIMIT
        self.preflop = view.street == 0
        self.river = view.street == 3
        self.blind = rules.big_blind or rules.units[0]
        self.pot = view.pot
        self.level = max(view.to_match, *view.bets)
        self.bet = view.bets[self.me]
        self.total = [s + b for s, b in zip(view.stacks, view.bets, strict=True)]
        n = view.players
        self.live = [s for s in range(n) if s != self.me and not view.folded[s]]
        self.actors = [s for s in self.live if not view.all_in[s]]
        self.behind = self._behind()
        cover = max((self.total[s] for s in self.live), default=0)
        self.effective = min(self.total[self.me], cover)
        self.in_position = self._in_position()

    # ------------------------------------------------------------- the table

    def _behind(self) -> list[int]:
        """Opponents who still act in this round after the bot (pre-flop they may enter)."""
        bets = self.view.bets
        return [s for s in self.actors if bets[s] < self.level or s not in self.acted]

    def _in_position(self) -> bool:
        """Whether the bot acts last after the flop among the players who can act."""
        n = self.view.players
        button = self.view.button
        order = [(button + 1 + k) % n for k in range(n)]
        movers = [s for s in order if s == self.me or s in self.actors]
        return bool(movers) and movers[-1] == self.me

    def _realised(self, aggressive: bool) -> float:
        """The share of its equity the bot expects to realise from here."""
        if self.river or not self.actors:
            return 1.0
        r = 1.0 if self.in_position else (0.93 if self.limit else 0.87)
        if len(self.live) > 1:
            r -= 0.03 * (len(self.live) - 1)
        return min(1.0, r + (0.04 if aggressive else 0.0))

    # ------------------------------------------------------------- choices

    def decide(self) -> Action:
        legal = self.legal
        kinds = legal.kinds
        facing = legal.to_call > 0
        aggressive = [self._aggressive(to) for to in self._sizes()]
        if _K.CHECK in kinds:
            passive: Choice | None = Choice(Action.check(), self._check_value())
        elif _K.CALL in kinds and self._may_call():
            passive = Choice(Action.call(), self._call_value() - self._risk(legal.call))
        else:
            passive = None
        floor = 0.0 if _K.FOLD in kinds and facing else float("-inf")
        stay = passive.value if passive is not None else floor
        best = max(aggressive, key=lambda c: c.value, default=None)
        if best is not None and best.value > max(stay, floor):
            if best.equity >= 0.5 or self.preflop:
                if not self._slow_play(facing):
                    return best.action
            elif self.rng.random() < self._bluff_rate(best):
                return best.action
        elif (
            best is not None and not self.preflop and self.draw >= 0.15
            and best.value > max(stay, floor) - 0.05 * self.pot
            and self.rng.random() < 0.5 * self._bluff_rate(best)
        ):  # fmt: skip
            return best.action  # a semi-bluff the model rates close to the best
        if passive is not None and passive.value >= floor:
            return passive.action
        if _K.FOLD in kinds:
            return Action.fold()
        return passive.action if passive is not None else self._any(legal)

    @staticmethod
    def _any(legal: LegalActions) -> Action:
        kind = _K.BET if _K.BET in legal.kinds else _K.RAISE
        return Action(kind, legal.min_to)

    def _may_call(self) -> bool:
        """Push or fold: a call only when it is most of the stack or against an all-in."""
        if not self._push_fold():
            return True
        legal = self.legal
        return legal.call * 2 >= self.view.stacks[self.me] or not self.actors

    def _push_fold(self) -> bool:
        return self.no_limit and self.preflop and self.effective <= PUSH_FOLD_BLINDS * self.blind

    def _slow_play(self, facing: bool) -> bool:
        """Check a monster now and then to a player who bets when checked to."""
        if facing or self.river or self.preflop or self.mine < 0.9 or len(self.actors) != 1:
            return False
        profile = self.profiles[self.actors[0]]
        bets = float(profile.frequencies(Situation.OPEN)[2])
        return bets > 0.35 and self.rng.random() < 0.25

    def _bluff_rate(self, choice: Choice) -> float:
        """How often to bluff at this size: bluffs over value bets in the ratio that makes
        a call break even (the bet over the pot it makes), drawing hands first."""
        own = self.ranges[self.me]
        total = float(own.sum())
        if total <= 0.0:
            return 0.0
        value = float(own[self.scores >= 0.8].sum()) / total
        air = float(own[self.scores < 0.45].sum()) / total
        assert choice.action.amount is not None
        added = choice.action.amount - self.bet
        alpha = added / (self.pot + 2.0 * added)
        rate = value * alpha / (1.0 - alpha) / max(air, 0.02)
        if self.draw >= 0.15:
            rate = 2.0 * rate + 0.25
        return min(1.0, rate)

    # ------------------------------------------------------------- values

    def _entering(self) -> tuple[dict[int, Continuing], dict[int, float]]:
        """Pre-flop, the players still to act who owe chips: each enters with its usual
        frequency, with the top of its range (a blind that owes nothing stays in)."""
        gains: dict[int, Continuing] = {}
        present: dict[int, float] = {}
        if not self.preflop:
            return gains, present
        where = situation(0, self.raises)
        bets = self.view.bets
        for s in self.behind:
            if bets[s] >= self.level:
                continue
            fold = float(self.profiles[s].frequencies(where)[WEAK])
            gains[s], present[s] = self._continuing(s, fold)
        return gains, present

    def _check_value(self) -> float:
        gains, present = self._entering()
        return self._realised(False) * self.outlook.equity(gains, present) * self.pot

    def _call_value(self) -> float:
        legal = self.legal
        gains, present = self._entering()
        equity = self.outlook.equity(gains, present)
        pot = self.pot + legal.call
        value = self._realised(False) * equity * pot - legal.call
        if not self.limit and not self.river and not self.preflop and self.draw > 0.0:
            left = self.effective - self.level
            value += 0.3 * self.draw * (0.5 if self.view.street == 1 else 1.0) * min(left, pot)
        return value

    def _continuing(self, seat: int, fold: float) -> tuple[Continuing, float]:
        """How ``seat`` goes on when it folds ``fold`` of its range (the weakest hands, as
        far as its actions follow its cards), and the share of its range that does.  The
        fold counts are of the range a player answers a bet with: its range after its
        first decision of the round.  A player that has raised since holds a narrower,
        stronger range, and folds less of it."""
        belief = self.profiles[seat].honesty(preflop=self.preflop)
        w = self.ranges[seat]
        base = self.reference.get(seat)
        if base is None:
            cum = self._cum.get(seat)
            if cum is None:
                cum = self._cum[seat] = np.cumsum(w[self.ranking.order])
            return Continuing(self.ranking, w, fold, belief, cum), 1.0 - fold
        cum = self._base_cum.get(seat)
        if cum is None:
            cum = self._base_cum[seat] = np.cumsum(base[self.ranking.order])
        going = Continuing(self.ranking, base, fold, belief, cum)
        total = float(w.sum())
        stays = float(w @ going.at()) / total if total > 0.0 else 1.0 - fold
        return going, stays

    def _aggressive(self, to: int) -> Choice:
        """The value of betting or raising to ``to``."""
        legal = self.legal
        kind = _K.BET if _K.BET in legal.kinds else _K.RAISE
        action = Action(kind, to)
        cover = max((self.total[s] for s in self.live), default=to)
        to_eff = min(to, max(cover, self.level))
        added = to_eff - self.bet
        pot_after = self.pot + added
        gains: dict[int, Continuing] = {}
        present: dict[int, float] = {}
        everyone_folds = 1.0 if self.actors else 0.0
        paid = 0.0
        straddle = _K.CALL not in legal.kinds and _K.CHECK not in legal.kinds
        where = situation(self.view.street, self.raises + (not straddle))
        for s in self.live:
            owe = min(to_eff, self.total[s]) - self.view.bets[s]
            if s not in self.actors or owe <= 0:
                present[s] = 1.0
                everyone_folds = 0.0 if s not in self.actors else everyone_folds
                continue
            base = float(self.profiles[s].frequencies(where)[WEAK])
            gains[s], stays = self._continuing(s, fold_chance(base, owe, pot_after))
            everyone_folds *= 1.0 - stays
            present[s] = stays
            paid += stays * owe
        called = 1.0 - everyone_folds
        if called <= 1e-9:
            return Choice(action, self.pot, 0.0, 1.0)
        for s in gains:
            present[s] = min(1.0, present[s] / called)
        equity = self.outlook.equity(gains, present)
        pot_called = pot_after + paid / called
        value = everyone_folds * self.pot + called * (
            self._realised(True) * equity * pot_called - added
        )
        value -= called * self._risk(added)
        return Choice(action, value, equity, everyone_folds)

    def _risk(self, chips: int) -> float:
        """What risking ``chips`` costs beyond their expected value: nothing in a cash
        game; in a tournament, where a player who goes broke is out, a share of what goes
        beyond a quarter of the bot's chips."""
        if not self.tournament:
            return 0.0
        return _RISK * max(0.0, chips - 0.25 * self.total[self.me])

    # ------------------------------------------------------------- sizes

    def _sizes(self) -> list[int]:
        """The bet or raise amounts (to) worth comparing."""
        legal = self.legal
        if not legal.can_raise:
            return []
        lo, hi = legal.min_to, legal.max_to
        if self.limit or lo == hi:
            return [lo]
        owe = self.level - self.bet
        base = self.pot + owe  # the pot after calling
        if self.preflop:
            if self._push_fold():
                return [hi]
            if self.level <= self.forced:
                limpers = sum(1 for s in self.live if self.view.bets[s] >= self.level > 0) - 1
                size = (2.5 if len(self.live) == 1 else 3.0 + max(limpers, 0)) * self.blind
                targets = [max(self.level + self.blind, round(size))]
            else:
                factor = 3.0 if self.raises <= 1 and self.in_position else (
                    3.5 if self.raises <= 1 else 2.3
                )
                targets = [round(self.level * factor)]
        else:
            fractions = _RAISE_FRACTIONS if owe > 0 else _BET_FRACTIONS
            targets = [self.level + round(f * base) for f in fractions]
        out = set()
        for target in targets:
            to = min(max(target, lo), hi)
            left = self.total[self.me] - to
            out.add(hi if left < _COMMIT * (self.pot + 2 * (to - self.bet)) else to)
        if hi - self.bet <= 1.5 * base:
            out.add(hi)
        return sorted(out)

