"""AIVAT-style variance reduction for heads-up matches (Burch, Schmid, Moravčík, Morrill
and Bowling, 2018): each hand's chips won, less the luck a value function sees in it.

A hand's result is mostly luck: the cards dealt and, against a player that mixes, the
actions its strategy happened to draw.  Given a value function ``V`` of the state of the
hand (any function at all), each chance event and each action drawn from a *known*
strategy adds a correction term

    ``V(state after what happened) − E[V(state after it)]``,

the expectation taken over the outcomes the event could have had, with their true
chances.  Each term has expectation zero whatever happened before, so the hand's chips
won *minus* the sum of the terms has the same expectation as the chips won (the
estimator is unbiased, whatever ``V``), and the closer ``V`` follows the result, the less
luck is left in it.

**The value function** here is cheap and sees every card: for seat ``p``,
``V = e·P − c``, where ``P`` is the pot, ``c`` the chips ``p`` has put in and ``e`` its
chance to win a showdown against the other seat's actual cards on the board so far (ties
count half), over every way the rest of the board can come (each card of the rest of the
deck as likely): exact from the flop on, from ``samples`` boards drawn at random before
it (an unbiased estimate, which keeps the correction unbiased).  Two properties make the
expectations exact and cheap:

* **cards**: after the hole cards are dealt, ``E[e] = ½`` for either seat (swap the two
  hands); after board cards, ``E[e_after] = e_before`` (the chance to win is the average
  of the chances after the next cards).  So a chance correction is ``(e − ½)·P`` for the
  deal and ``(e_after − e_before)·P`` for each card or cards of the board, ``P`` the pot
  when they come;
* **actions**, for bots whose strategy is known (:class:`Odds`: ``random``,
  ``calling-station``, and ``cfr`` where its solved strategy plays): ``V`` is linear in
  the chips an action puts in, so the expectation over a bet size drawn at random needs
  only its mean.  A fold leaves the
  folder ``−c`` and the other seat the other's chips.  Bots with no known strategy get
  the chance corrections only; deterministic ones gain nothing from action corrections.

Heads-up hold'em only (no wild cards); a match of more players keeps its plain results.
In a duplicate league, the corrected chips of a deal's two hands are added as the plain
ones are (:mod:`~pokerroom.tournament.league`).

>>> import random
>>> from pokerroom.cards import parse_cards
>>> codes = lambda text: [int(c) for c in parse_cards(text)]
>>> rng = np.random.default_rng(1)
>>> showdown_share(codes("As Ad"), codes("Kc Kd"), codes("Ah 7c 2d Kh"), rng)  # one river out of 44
0.9772727272727273
>>> showdown_share(codes("As Ad"), codes("Kc Kd"), codes("Ah 7c 2d 3h 4s"), rng)
1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np

from pokerroom.engine.actions import Action, ActionKind
from pokerroom.engine.events import EventKind
from pokerroom.equity.runouts import completions
from pokerroom.evaluator.batch import rank_batch
from pokerroom.players.base import Player, Relay

if TYPE_CHECKING:
    from pokerroom.engine import Hand, PlayerView
    from pokerroom.rules import Rules
    from pokerroom.table import HandStart

__all__ = ["Correction", "Odds", "Recorder", "Told", "aivat_problem", "showdown_share"]

EXACT_RUNOUTS = 1081
"""At most this many ways for the rest of the board to come are enumerated (the flop's
turn and river: 990); more (pre-flop: 1.7 million) are sampled."""

_K = ActionKind
_PUTS_IN = {EventKind.ANTE, EventKind.BLIND, EventKind.STRADDLE, EventKind.CALL,
            EventKind.BET, EventKind.RAISE}  # fmt: skip
_ACTIONS = {EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE}


def showdown_share(
    hole: Sequence[int], other: Sequence[int], board: Sequence[int],
    rng: np.random.Generator, samples: int = 400,
) -> float:  # fmt: skip
    """``hole``'s share of a showdown against ``other`` (win 1, tie ½) over the ways the
    rest of ``board`` can come: every way when there are at most
    :data:`EXACT_RUNOUTS`, else the mean over ``samples`` drawn with ``rng`` (unbiased)."""
    boards = completions(board, (*hole, *other), rng, exact_most=EXACT_RUNOUTS,
                         samples=samples, dtype=np.uint8)  # fmt: skip
    mine = rank_batch(np.concatenate([np.broadcast_to(np.array(hole, dtype=np.uint8),
                                                      (len(boards), 2)), boards], axis=1))
    theirs = rank_batch(np.concatenate([np.broadcast_to(np.array(other, dtype=np.uint8),
                                                        (len(boards), 2)), boards], axis=1))
    return float(np.mean((mine > theirs) + 0.5 * (mine == theirs)))


# ------------------------------------------------------------------ known strategies

Choice = tuple[ActionKind, float, float]
"""An action a bot may take: its kind, its probability, and for a bet or raise the mean
amount it goes *to* (0 otherwise)."""


@runtime_checkable
class Odds(Protocol):
    """A player whose strategy is known: the chance of each action it may take at
    ``view`` (probabilities adding up to 1), drawn independently of anything else; None
    where it is not known (``cfr`` playing its fallback)."""

    def odds(self, view: PlayerView) -> list[Choice] | None: ...


class Told(Relay):
    """``player`` playing as usual; when it has :class:`Odds`, each decision's odds are
    kept (keyed by the number of actions before it in the hand) for the
    :class:`Recorder`."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.known = isinstance(player, Odds)
        self.decisions: dict[int, list[Choice]] = {}
        self.relay_to(player)

    def act(self, view: PlayerView, budget: float) -> Action:
        if self.known:
            odds = self.player.odds(view)  # type: ignore[attr-defined]
            if odds is not None:
                self.decisions[sum(1 for e in view.events if e.kind in _ACTIONS)] = odds
        return self.player.act(view, budget)

    def announce(self, view: PlayerView, budget: float) -> Action:
        return self.player.announce(view, budget)

    def start_hand(self, hand: HandStart) -> None:
        self.decisions = {}
        super().start_hand(hand)


def aivat_problem(rules: Rules, players: int) -> str | None:
    """Why the correction cannot be made under ``rules`` with ``players`` seats (None
    when it can)."""
    if players != 2:
        return f"AIVAT here is heads-up: {players} players"
    if rules.wild is not None:
        return "AIVAT here needs a standard deck: these rules have wild cards"
    return None


# --------------------------------------------------------------------- the correction


@dataclass(slots=True)
class Correction:
    """The luck a hand's seats had, as the walk through its events finds it: ``luck[p]``
    is the sum of seat ``p``'s correction terms (chips)."""

    holes: tuple[tuple[int, ...], tuple[int, ...]]
    rng: np.random.Generator
    samples: int
    board: list[int] = field(default_factory=list)
    committed: list[int] = field(default_factory=lambda: [0, 0])
    luck: list[float] = field(default_factory=lambda: [0.0, 0.0])
    share: float = 0.5  # seat 0's showdown share on the board so far
    dealt: bool = False

    @property
    def pot(self) -> int:
        return self.committed[0] + self.committed[1]

    def _share(self) -> float:
        return showdown_share(self.holes[0], self.holes[1], self.board, self.rng, self.samples)

    def chance(self, cards: Sequence[int]) -> None:
        """Cards come: the hole cards (first call) or board cards."""
        if not self.dealt:
            self.dealt = True
            before = 0.5
        else:
            before = self.share
            self.board.extend(cards)
        self.share = self._share()
        gained = (self.share - before) * self.pot
        self.luck[0] += gained
        self.luck[1] -= gained

    def value(self, put: float, mover: int, folds: bool = False) -> float:
        """Seat 0's ``V`` after ``mover`` puts ``put`` more chips in (or folds)."""
        if folds:
            return float(self.committed[1]) if mover == 1 else -float(self.committed[0])
        committed = [float(c) for c in self.committed]
        committed[mover] += put
        return self.share * (committed[0] + committed[1]) - committed[0]

    def action(self, mover: int, kind: EventKind, added: int, odds: list[Choice], *,
               bets: tuple[int, int], call: int) -> None:  # fmt: skip
        """``mover`` did ``kind`` putting ``added`` chips in, its strategy having been
        ``odds`` (``bets``: the chips in front of each seat this round before it;
        ``call``: what a call would have put in)."""
        actual = self.value(added, mover, kind is EventKind.FOLD)
        expected = 0.0
        for choice, p, to in odds:
            if choice is _K.FOLD:
                v = self.value(0, mover, folds=True)
            elif choice is _K.CALL:
                v = self.value(call, mover)
            elif choice is _K.BET or choice is _K.RAISE:
                v = self.value(to - bets[mover], mover)
            else:
                v = self.value(0, mover)
            expected += p * v
        self.luck[0] += actual - expected
        self.luck[1] -= actual - expected


class Recorder:
    """Each hand's corrected result for each of the two seats (:attr:`adjusted`: one row
    a seat, one entry a hand), from the finished :class:`~pokerroom.engine.Hand` and the
    odds the :class:`Told` players kept."""

    def __init__(self, told: Sequence[Told], seed: int, samples: int = 400) -> None:
        self.told = told
        self.rng = np.random.default_rng(seed)
        self.samples = samples
        self.adjusted: list[list[float]] = [[] for _ in told]

    def note(self, hand: Hand, seats: Sequence[int], nets: Sequence[int]) -> None:
        """The hand just played (``seats``: the table seat of each hand seat; ``nets``:
        each table seat's chips won)."""
        luck = self.luck(hand, seats)
        for h, t in enumerate(seats):
            self.adjusted[t].append(nets[t] - luck[h])

    def luck(self, hand: Hand, seats: Sequence[int]) -> list[float]:
        """Each hand seat's correction terms, summed."""
        holes = (tuple(hand.hole_codes(0)), tuple(hand.hole_codes(1)))
        walk = Correction(holes, self.rng, self.samples)
        bets = [0, 0]
        street = None
        done = 0
        for e in hand.events:
            if e.street != street:
                street, bets = e.street, [0, 0]
            kind = e.kind
            if (kind is EventKind.BOARD or kind in _ACTIONS) and not walk.dealt:
                walk.chance(())  # the hole cards, with the pot the forced bets made
            if kind is EventKind.BOARD:
                walk.chance([int(c) for c in e.cards])
                continue
            if kind in _ACTIONS:
                odds = self.told[seats[e.seat]].decisions.get(done)
                done += 1
                if odds is not None:
                    call = max(0, min(max(bets) - bets[e.seat], hand.starting_stacks[e.seat]
                                      - walk.committed[e.seat]))  # fmt: skip
                    walk.action(e.seat, kind, e.amount, odds, bets=(bets[0], bets[1]), call=call)
            if kind in _PUTS_IN:
                walk.committed[e.seat] += e.amount
                bets[e.seat] += e.amount
            elif kind is EventKind.RETURN:
                walk.committed[e.seat] -= e.amount
        return walk.luck
