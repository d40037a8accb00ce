"""The data of a hand in play, shared by the parts of :class:`~pokerroom.engine.hand.Hand`.

Plain ints and lists inside (card codes, chip counts, per-seat lists indexed by seat);
objects are built only at the API.  Events are recorded as compact tuples
``(kind, street, seat, amount, total, cards, all_in, value)`` and turned into
:class:`~pokerroom.engine.events.Event` the first time the history is read (each once:
see :meth:`~pokerroom.engine.hand.Hand.events`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from pokerroom.cards import JOKER, Card
from pokerroom.engine import events as ev
from pokerroom.engine.actions import LegalActions, Street

if TYPE_CHECKING:
    from pokerroom.engine.deal import Front
    from pokerroom.engine.events import Event
    from pokerroom.engine.plan import Plan
    from pokerroom.engine.pots import Pot
    from pokerroom.engine.view import HandResult
    from pokerroom.rules import Rules

__all__: list[str] = []

FIXED, NOLIMIT, POT = 0, 1, 2  # the betting structure, as an int
FULL_RAISE, NO_SMALLER, ALWAYS = 0, 1, 2  # Rules.reopening, as an int
SHOWDOWN = 4  # the street index of the showdown
STREETS = tuple(Street)
CARD = [Card(c) for c in range(JOKER + 1)]
# Sets of seats kept as int bitmasks (bit i: seat i; State._able, _need), and the tables
# that read them, made once (a hand has at most 14 seats): AFTER[seat], the seats after
# ``seat`` (AFTER[-1]: every seat); WITHOUT[seat], every seat but ``seat``; FIRST[mask],
# the lowest seat in a set (-1 in none): the sets with seat k the highest are seat k
# alone (lowest k) and seat k added to each smaller set (whose lowest stays).
AFTER = (*[-1 << seat + 1 for seat in range(14)], -1)
WITHOUT = tuple([~(1 << seat) for seat in range(14)])
_first = [-1]
for _seat in range(14):
    _first += [_seat, *_first[1:]]
FIRST = tuple(_first)
del _first, _seat
RawEvent: TypeAlias = tuple[int, int, int, int, int, tuple[int, ...], bool, "int | None"]
# A pot's fields (amount, eligible, winners, shares), made into a Pot on request.
RawPot: TypeAlias = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class State:
    """The state of one hand (see :class:`~pokerroom.engine.hand.Hand`)."""

    __slots__ = (
        "_able",
        "_aggressor",
        "_allin",
        "_antes",
        "_auto",
        "_best",
        "_bets",
        "_board",
        "_caps",
        "_checked",
        "_committed",
        "_contenders",
        "_count_all",
        "_deal_at",
        "_dealt",
        "_done",
        "_events",
        "_faced",
        "_fast",
        "_folded",
        "_full",
        "_full_level",
        "_high",
        "_index",
        "_legal",
        "_limit",
        "_live",
        "_log",
        "_lone",
        "_movers",
        "_need",
        "_next",
        "_opened",
        "_order",
        "_over",
        "_plan",
        "_pots",
        "_public",
        "_raises",
        "_reopen",
        "_rest",
        "_result",
        "_sd_index",
        "_seat_cards",
        "_short",
        "_shown",
        "_stacks",
        "_starting",
        "_starts",
        "_straddle_pending",
        "_street",
        "_strength",
        "_to_act",
        "_units",
        "_why",
        "_won",
        "button",
        "n",
        "rules",
    )  # fmt: skip

    rules: Rules
    n: int
    button: int
    _auto: bool  # decide shows and mucks without asking
    _starting: tuple[int, ...]
    _stacks: list[int]  # chips behind
    _bets: list[int]  # chips in front of each seat this round
    _committed: list[int]  # chips put in this hand (after returned uncalled bets)
    _antes: list[int]  # antes posted
    _folded: list[bool]
    _allin: list[bool]
    # Two sets of seats as int bitmasks (bit i: seat i): the next seat to act is the
    # lowest seat of the set after a seat, else of the whole set (the turn wraps round),
    # read from FIRST (Betting._advance).
    _able: int  # neither folded nor all-in (may still act in this hand)
    _need: int  # must still act this round
    _faced: list[int]  # the bet level at the seat's last action this round (-1: none yet)
    _checked: list[bool]  # checked, and has not answered a bet since
    _strength: list[int | None]  # hand values at the showdown (None: folded, mucked; set then)
    _best: list[int]  # the best value each live hand makes (once the board is complete)
    _shown: list[bool]  # (empty until the showdown)
    _live: int  # seats not folded
    _contenders: int  # seats neither folded nor mucked
    _street: int  # 0-3 betting rounds, 4 the showdown
    _board: list[int]
    _plan: Plan
    _index: int  # the shuffle (see plan.draw): the cards, until they are dealt
    _dealt: list[int] | None  # the cards this hand takes off the deck, in deal order
    _seat_cards: list[tuple[int, int]] | None  # each seat's hole cards (once looked at)
    _rest: Front  # the hole cards dealt alone, and where their deal stopped (see _holes)
    _next: int  # index of the next card to deal in _cards
    _log: list[RawEvent]
    _events: list[Event] | None  # the log as events, built as far as _done (None: not yet)
    _public: list[Event]  # the same events as everyone at the table sees them
    _done: int  # the log entries built into _events
    _deal_at: int  # the index in _events of the first hole-card deal
    _legal: LegalActions | None  # cached choices of the seat to act
    _why: str  # why there is no bet or raise among them
    _result: HandResult | None  # built on request once the hand is over
    _over: bool
    _won: list[int]  # chips each seat took from the pot (once over)
    _pots: tuple[Pot | RawPot, ...]  # (a pot's fields until the result is asked for)
    _movers: int  # seats neither folded nor all-in
    _order: list[int]  # showdown order
    _sd_index: int  # next seat in the showdown order
    _aggressor: int  # last to bet or raise this round
    _units: tuple[int, int, int, int]
    _caps: tuple[int | None, int | None, int | None, int | None]
    _limit: int
    _fast: bool  # plain seven-card evaluation
    _straddle_pending: bool  # 001's straddler has not decided yet
    _to_act: int  # -1: nobody
    _high: int  # the bet to match this round
    _full: int  # the size of the largest full bet or raise this round
    _raises: int  # raises this round (what the cap counts)
    _opened: bool  # a full bet has been made this round
    _full_level: int  # the bet level the last full bet or raise reached (NO_SMALLER)
    _short: int  # the all-in raises since the last bet by a player with chips (NO_SMALLER)
    _reopen: int  # FULL_RAISE, NO_SMALLER or ALWAYS (Rules.reopening)
    _count_all: bool  # the raise cap counts every bet and raise
    _lone: bool  # a player who owes nothing while the others are all-in is asked
    _starts: tuple[int, ...]  # the seat each round's action starts from

    @property
    def _cards(self) -> list[int]:
        """The cards this hand takes off the deck, in deal order (turned from the shuffle
        into cards the first time they are needed: a hand folded before the flop never
        looks at its board; when its hole cards were dealt alone, the rest are dealt from
        where they stopped)."""
        cards = self._dealt
        if cards is None:
            if self._seat_cards is None:  # nothing dealt yet: every card at once
                cards = self._dealt = self._plan.deal(self._index)
            else:
                cards = self._dealt = self._plan.deal_rest(*self._rest)
        return cards

    @property
    def _holes(self) -> list[tuple[int, int]]:
        """Each seat's hole cards: one at a time from the left of the button (engine.deal).
        Looked at before the board, they are dealt alone (engine.deal.split_dealer): the
        same cards, and the board's are turned from the shuffle only if it is dealt."""
        holes = self._seat_cards
        if holes is None:
            cards, n = self._dealt, self.n
            if cards is None:
                rest = self._rest = self._plan.deal_holes(self._index)
                cards = rest[0]
            r = n - (self.button + 1) % n
            first, second = cards[:n], cards[n : 2 * n]
            holes = self._seat_cards = list(
                zip(first[r:] + first[:r], second[r:] + second[:r], strict=True)
            )
        return holes

    def _shown_cards(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Each seat's hole cards if it showed them, else ``None``."""
        holes, shown = self._holes, self._shown
        if True not in shown:  # (most views: nobody has shown)
            return (None,) * self.n
        return tuple([
            (CARD[holes[i][0]], CARD[holes[i][1]]) if shown[i] else None for i in range(self.n)
        ])  # fmt: skip

    def _close_bets(self) -> None:
        """End the betting round's bets: the uncalled part of the top bet goes back to its
        owner (unless the owner folded: those chips stay in the pot), and nothing is left
        to match."""
        bets = self._bets
        ordered = sorted(bets)
        top, second = ordered[-1], ordered[-2]
        if top:
            if second < top:
                seat = bets.index(top)
                if not self._folded[seat]:
                    self._give_back(seat, top - second)
            self._bets = [0] * self.n
        self._high = 0

    def _give_back(self, seat: int, chips: int) -> None:
        self._bets[seat] -= chips
        self._committed[seat] -= chips
        self._stacks[seat] += chips
        if self._allin[seat]:
            self._allin[seat] = False
            self._able |= 1 << seat
            self._movers += 1
        self._log.append((ev.RETURN, self._street, seat, chips, self._bets[seat], (), False, None))

    def _deal_board(self, street: int) -> None:
        cards, log = self._dealt or self._cards, self._log  # (turned into cards once)
        k = self._next
        if self.rules.burn_cards:
            log.append((ev.BURN, street, -1, 0, 0, (cards[k],), False, None))
            k += 1
        size = 3 if street == 1 else 1
        new = tuple(cards[k : k + size])
        self._board.extend(new)
        self._next = k + size
        log.append((ev.BOARD, street, -1, 0, 0, new, False, None))
