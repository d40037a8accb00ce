"""One hand of hold'em: a pure state machine (``rules.md`` §3–9).

>>> from pokerroom.rules import Rules
>>> from pokerroom.cards import parse_cards
>>> from pokerroom.engine.deal import stacked_deck
>>> deck = stacked_deck([parse_cards("As Ad"), parse_cards("Kc Kd")],
...                     parse_cards("2c 7h 9s Jd 3c"), button=1, burn_cards=True)
>>> hand = Hand(Rules.preset("no-limit"), [100, 100], button=1, deck=deck)
>>> str(hand.legal_actions())      # the button posted the small blind and acts first
'fold, call 2, raise to 8 to 100'
>>> hand.raise_to(12); hand.call()
>>> try:
...     hand.apply(Action.check(), seat=1)
... except IllegalAction as exc:
...     print(exc)
seat 1 cannot check on the flop: it is seat 0's turn (legal for seat 0: check, bet 4 to 88)
>>> hand.check(); hand.bet(88); hand.call()
>>> hand.is_over, hand.result.stacks
(True, (200, 0))

Seats are numbered 0 to n-1 clockwise; ``button`` is the button's seat.  PHH and ACPC
list players in *position order*, starting left of the button (the button last);
replays conventionally put the button on seat ``n - 1`` so that position ``p`` is seat
``p`` (PHH ``p1`` is seat 0; ACPC position 0 is seat 0).  Heads-up the button posts
the small blind and acts first pre-flop (``heads_up_reversed``).

Amounts: a bet or raise goes *to* the player's total in the current betting round
(PHH ``cbr``).  :attr:`Hand.committed` is each seat's total in the whole hand, and
:meth:`Hand.round_amount` turns an ACPC-style hand total into a round total.

The hand takes the cards it may need off the top of the deck when it starts (hole
cards in deal order, then the burns and the board; see :mod:`pokerroom.engine.deal`),
so a stacked deck replays a known deal.  When the betting is over before the river
with an all-in player, every live hand is shown before the board is run out.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NoReturn

from pokerroom._rulevalues import MAX_CHIPS, not_whole, shown, too_large
from pokerroom.cards import JOKER, Card, Deck, format_cards
from pokerroom.engine import events as ev
from pokerroom.engine.actions import Action, ActionKind, IllegalAction, Street, default_action
from pokerroom.engine.betting import Betting
from pokerroom.engine.events import KINDS, Event
from pokerroom.engine.legality import Legality
from pokerroom.engine.plan import _CACHE as _PLANS
from pokerroom.engine.plan import Plan, PlanError, plan_for, shuffle_index
from pokerroom.engine.state import CARD, SHOWDOWN, STREETS, RawEvent
from pokerroom.engine.view import HandResult, PlayerView, make_view
from pokerroom.rules import Rules

__all__ = ["Hand", "HandError"]

_FOLD, _CHECK, _CALL, _BET, _RAISE, _SHOW, _MUCK = (
    ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE,
    ActionKind.SHOW, ActionKind.MUCK,
)  # fmt: skip


class HandError(ValueError):
    """A hand that cannot start: wrong number of players, bad stacks, a short deck..."""


class Hand(Legality, Betting):
    """One hand, from the forced bets to the award.

    ``stacks`` are the seats' chips before the hand (every seat plays; 2 to 14).  The
    deck is shuffled from ``rng`` (default :class:`secrets.SystemRandom`) unless a
    ``deck`` is given.  With ``auto_showdown`` the hand decides every show or muck
    itself (cards speak: show when you can win a share, else muck; announced hands:
    announce the best hand); without it the showdown waits for :meth:`show` /
    :meth:`muck` from each seat in turn (or :meth:`settle`).
    """

    __slots__ = ()

    # One flat initialisation of every field the apply paths read; the checks of the
    # set-up are a piece of their own (_start_plan).
    def __init__(
        self,
        rules: Rules,
        stacks: Sequence[int],
        *,
        button: int = 0,
        deck: Deck | None = None,
        rng: random.Random | None = None,
        auto_showdown: bool = False,
    ) -> None:
        starting: tuple[int, ...]
        opening: tuple[Any, ...] | None
        if type(stacks) is tuple and (known := _known_start(rules, stacks, button)) is not None:
            plan, opening = known
            starting = stacks
        else:
            if type(stacks) is not list and type(stacks) is not tuple:
                stacks = _stack_list(stacks)
            plan = _start_plan(rules, stacks, button)
            starting = tuple(stacks)
            opening = plan.openings.get(starting)
        n = len(starting)
        self.rules = rules
        self.n = n
        self.button = button
        self._auto = auto_showdown
        self._starting = starting
        self._folded = [False] * n
        self._faced = [-1] * n
        self._checked = [False] * n
        self._shown = _NOBODY  # (the showdown's fields are set when it begins)
        self._live = n
        self._contenders = n
        self._street = 0
        self._board = []
        self._events = None
        self._result = None
        self._over = False
        self._aggressor = -1
        self._raises = 0
        self._short = 0
        (self._units, self._caps, self._limit, self._fast, self._reopen, self._count_all,
         self._lone, self._starts) = plan.fields  # fmt: skip
        # The cards: hole cards one at a time from the left of the button, then the
        # burns and the board (engine.deal), all taken off the deck now: from a shuffle
        # drawn now and turned into cards when they are first needed (State._cards).
        self._plan = plan
        self._seat_cards = None
        self._next = 2 * n
        if deck is None:
            getrandbits = (rng if rng is not None else secrets.SystemRandom()).getrandbits
            self._index = shuffle_index(getrandbits, plan.orders, plan.bits)
            self._dealt = None
        else:
            self._index = 0
            self._dealt = self._take_cards(deck, plan.needed)
        # The forced bets and the first turn depend only on the plan and the stacks: the
        # first hand of each posts them (and keeps the state they leave), the next ones
        # copy it (the antes, never written after, are shared).
        if opening is None:
            self._open(plan)
            return
        (behind, bets, committed, self._antes, allin, self._able, self._need, log, self._high,
         self._opened, self._full, self._full_level, self._movers, self._straddle_pending,
         self._to_act, self._legal, self._why, _) = opening  # fmt: skip
        self._stacks = behind.copy()
        self._bets = bets.copy()
        self._committed = committed.copy()
        self._allin = allin.copy()
        self._log = log.copy()

    def _open(self, plan: Plan) -> None:
        """Post the forced bets and give the first turn (the first hand of a plan and
        stacks: see :meth:`_keep_opening`)."""
        n = self.n
        self._legal = None
        self._why = ""
        self._straddle_pending = False
        self._to_act = -1
        self._stacks = list(self._starting)
        self._bets = [0] * n
        self._committed = [0] * n
        self._antes = [0] * n
        self._allin = [False] * n
        self._log = []
        self._post_forced_bets(plan)
        self._log.append(_DEALT)  # one DEAL event per seat, made when the log is read
        self._open_first_round(plan)
        self._keep_opening(plan)

    def _keep_opening(self, plan: Plan) -> None:
        """Keep the state the forced bets left, and the choices of the first turn, for the
        next hand of this plan and these stacks (when the first round is under way:
        nothing of the deal is in it)."""
        if self._to_act < 0 or self._street or self._board:
            return
        openings = plan.openings
        if len(openings) >= _OPENINGS:
            openings.clear()
        legal = self.legal_actions()  # the first decision's (immutable: shared too)
        openings[self._starting] = (
            self._stacks.copy(), self._bets.copy(), self._committed.copy(), self._antes,
            self._allin.copy(), self._able, self._need, self._log.copy(), self._high,
            self._opened, self._full, self._full_level, self._movers, self._straddle_pending,
            self._to_act, legal, self._why, self._starting,
        )  # fmt: skip

    def _take_cards(self, deck: Deck, needed: int) -> list[int]:
        if deck.remaining < needed:
            raise HandError(
                f"cannot start the hand: the deck has {deck.remaining} cards, "
                f"{self.n} players need {needed}"
            )
        cards = [int(c) for c in deck.deal(needed)]
        if not self.rules.joker and JOKER in cards:
            raise HandError("cannot start the hand: the deck holds the joker, the rules do not")
        return cards

    # ------------------------------------------------------------------ acting

    def apply(self, action: Action, *, seat: int | None = None) -> None:
        """Apply ``action`` by the seat to act (``seat``, if given, must be that seat).

        An illegal action raises :class:`IllegalAction` and changes nothing.
        """
        if not isinstance(action, Action):
            raise IllegalAction(
                f"not an Action: {action!r} (build one with Action.fold(), Action.call(), "
                f"Action.raise_to(n), Action.parse(text)...)"
            )
        self.act(action.kind, action.amount, seat=seat, value=action.value)

    def act(
        self,
        kind: ActionKind,
        amount: int | None = None,
        *,
        seat: int | None = None,
        value: int | None = None,
    ) -> None:
        """:meth:`apply` without building an :class:`Action` (the fast path).

        Chips are whole: an ``amount`` (or ``value``, or ``seat``) that is not an int is
        refused like any illegal action, the hand unchanged.
        """
        s = self._to_act
        legal = self._legal
        if legal is None:
            if s < 0:
                raise IllegalAction(
                    f"no action is possible: the hand is over ({getattr(kind, 'value', kind)!r})"
                )
            legal = self.legal_actions()
        if type(kind) is not ActionKind or (
            (amount is not None and type(amount) is not int)
            or (seat is not None and type(seat) is not int)
            or (value is not None and type(value) is not int)
        ):
            raise IllegalAction(self._bad_input(kind, amount, seat, value))
        if seat is not None and seat != s:
            raise IllegalAction(
                f"seat {seat} cannot {kind.value} {STREETS[self._street].phrase}: it is "
                f"seat {s}'s turn (legal for seat {s}: {legal})"
            )
        if kind not in legal.kinds:
            raise IllegalAction(self._refusal(kind, amount, value))
        if amount is not None:
            if (
                (kind is not _RAISE and kind is not _BET)
                or value is not None
                or not (legal.min_to <= amount <= legal.max_to)
            ):
                raise IllegalAction(self._refusal(kind, amount, value))
            self._bet(s, amount)
        elif value is not None and kind is not _SHOW:
            raise IllegalAction(self._refusal(kind, amount, value))
        elif kind is _CALL:
            self._call(s)
        elif kind is _CHECK:
            self._check(s)
        elif kind is _FOLD:
            self._fold(s)
        elif kind is _RAISE or kind is _BET:
            raise IllegalAction(self._refusal(kind, amount, value))
        else:
            if value is not None and value not in legal.values:
                raise IllegalAction(self._refusal(kind, amount, value))
            self._decide(s, kind is _SHOW, value)
            self._continue_showdown()

    # ---------------------------------------------------------------- showdown

    def settle(self) -> None:
        """Play every pending showdown decision the default way (see ``auto_showdown``)."""
        while self._street == SHOWDOWN and self._to_act >= 0:
            show, value = self._default_decision(self._to_act)
            self.act(_SHOW if show else _MUCK, value=value)

    def default_action(self) -> Action:
        """What the seat to act does when it does not answer: check if free, else fold;
        at the showdown the default show or muck."""
        if self._street == SHOWDOWN:  # the table's own choice, which knows the cards
            show, value = self._default_decision(self._to_act)
            return Action.show(value) if show else Action.muck()
        return default_action(self.legal_actions())

    # ------------------------------------------------------------- short verbs

    def fold(self) -> None:
        self.act(_FOLD)

    def check(self) -> None:
        self.act(_CHECK)

    def call(self) -> None:
        self.act(_CALL)

    def bet(self, to: int) -> None:
        self.act(_BET, to)

    def raise_to(self, to: int) -> None:
        self.act(_RAISE, to)

    def check_or_call(self) -> None:
        """Check if nothing is owed, else call (PHH ``cc``, ACPC ``c``)."""
        self.act(_CHECK if self._high == self._bets[self._to_act] else _CALL)

    def bet_or_raise(self, to: int) -> None:
        """Bet, complete or raise to ``to`` (PHH ``cbr``, ACPC ``r``): whichever of the
        two the legal choices name (001's straddle is a raise even with no blind)."""
        kinds = self.legal_actions().kinds
        if _BET in kinds or _RAISE in kinds:
            self.act(_BET if _BET in kinds else _RAISE, to)
        else:
            self.act(_RAISE if self._high else _BET, to)

    def go_all_in(self) -> None:
        """Put every chip in: the largest bet or raise if that is all-in, else a call."""
        legal = self.legal_actions()
        s = self._to_act
        everything = self._bets[s] + self._stacks[s]
        if legal.can_raise and legal.max_to == everything:
            self.bet_or_raise(everything)
        elif _CALL in legal.kinds and legal.call == self._stacks[s]:
            self.act(_CALL)
        else:
            over = self._street == SHOWDOWN
            why = "the betting is over" if over else self._why_text() or "the bet is limited"
            raise IllegalAction(
                f"seat {s} cannot go all-in {STREETS[self._street].phrase}: {why} (legal: {legal})"
            )

    def show(self, value: int | None = None) -> None:
        """Show the hole cards (under announced hands, announcing ``value``; without a
        value, the best hand the cards make)."""
        self.act(_SHOW, value=value)

    def muck(self) -> None:
        self.act(_MUCK)

    # ------------------------------------------------------------------ state

    @property
    def street(self) -> Street:
        return STREETS[self._street]

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None when the hand is over."""
        return self._to_act if self._to_act >= 0 else None

    if TYPE_CHECKING:

        @property
        def is_over(self) -> bool:
            """Whether the hand is over."""

    else:  # read once a decision by a playing loop: a getter in C, no Python frame
        is_over = property(attrgetter("_over"), doc="Whether the hand is over.")

    @property
    def auto_showdown(self) -> bool:
        """Whether the showdown is played the default way, nobody asked (no show or muck
        decisions)."""
        return self._auto

    @property
    def result(self) -> HandResult | None:
        """How the hand ended (``None`` while it is being played)."""
        if self._result is None and self._over:
            self._result = self._make_result()
        return self._result

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind (not in the pot) per seat."""
        return tuple(self._stacks)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        return self._starting

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips in front of each seat in this betting round."""
        return tuple(self._bets)

    @property
    def committed(self) -> tuple[int, ...]:
        """Everything each seat has put in this hand (antes, blinds, bets)."""
        return tuple(self._committed)

    @property
    def pot(self) -> int:
        """All chips put in and not yet awarded."""
        return 0 if self._over else sum(self._committed)

    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple(self._folded)

    @property
    def all_in(self) -> tuple[bool, ...]:
        """Seats with no chips left that are still in the hand."""
        return tuple([not f and s == 0 for f, s in zip(self._folded, self._stacks, strict=True)])

    @property
    def board(self) -> tuple[Card, ...]:
        return tuple([CARD[c] for c in self._board])

    @property
    def board_codes(self) -> tuple[int, ...]:
        """The board as card codes (:class:`Card` is its code; cheaper than :attr:`board`
        for an encoder that only needs the codes)."""
        return tuple(self._board)

    def hole(self, seat: int) -> tuple[Card, ...]:
        """Seat ``seat``'s hole cards (for the dealer; players get :meth:`view`)."""
        return tuple([CARD[c] for c in self._holes[seat]])

    def hole_codes(self, seat: int) -> tuple[int, ...]:
        """Seat ``seat``'s hole cards as card codes (cheaper than :meth:`hole`)."""
        return tuple(self._holes[seat])

    @property
    def raises(self) -> int:
        """Raises made this betting round (what the raise cap counts)."""
        return self._raises

    def round_amount(self, hand_total: int, seat: int | None = None) -> int:
        """The round total (PHH ``cbr``) of a bet to ``hand_total`` chips in the whole hand
        (ACPC ``rN``) by ``seat`` (default: the seat to act; :class:`IllegalAction` when
        nobody is, :class:`IndexError` for a seat the hand does not have)."""
        if seat is None:
            s = self._to_act
            if s < 0:
                raise IllegalAction("nobody is to act: the hand is over (name a seat)")
        elif type(seat) is int and 0 <= seat < self.n:
            s = seat
        else:
            raise IndexError(f"no seat {seat!r} (seats 0 to {self.n - 1})")
        return hand_total - (self._committed[s] - self._bets[s])

    @property
    def events(self) -> list[Event]:
        """Everything that happened, in order: the hand history (a new list each time;
        the events are built once, as the hand goes)."""
        return list(self._history())

    def public_events(self, start: int = 0) -> list[Event]:
        """The events from ``start`` as everyone at the table sees them: no hole cards but
        those shown, no burn cards."""
        self._history()
        return self._public[start:]

    def _history(self) -> list[Event]:
        """The dealer's events, brought up to date with the log (each log entry is built
        into events once; the hole-card deal becomes one event per seat in deal order),
        and :attr:`_public` with them."""
        events = self._events
        if events is None:
            events = self._events = []
            self._public = []
            self._done = 0
        log = self._log
        done = self._done
        if done < len(log):
            public = self._public
            for kind, street, who, amount, total, cards, all_in, value in log[done:]:
                if kind == ev.DEAL:  # the hole cards: one event per seat, in deal order
                    self._deal_at = len(events)
                    n, b, holes = self.n, self.button, self._holes
                    for p in range(n):
                        s = (b + 1 + p) % n
                        a, c = holes[s]
                        events.append(_tuple(Event, (_DEAL, _PREFLOP, s, 0, 0, (CARD[a], CARD[c]),
                                                     False, None)))  # fmt: skip
                        public.append(_tuple(Event, (_DEAL, _PREFLOP, s, 0, 0, (), False, None)))
                    continue
                event = _tuple(Event, (KINDS[kind], STREETS[street], who, amount, total,
                                       tuple([CARD[c] for c in cards]), all_in, value))  # fmt: skip
                events.append(event)
                public.append(event._replace(cards=()) if kind == ev.BURN else event)
            self._done = len(log)
        return events

    def view(self, seat: int) -> PlayerView:
        """What seat ``seat`` may know: its own cards, never another's before they are
        shown, nor a burn card, nor the deck."""
        if not 0 <= seat < self.n:
            raise IndexError(f"no seat {seat} (seats 0 to {self.n - 1})")
        full = self._history()
        seen = self._public.copy()
        own = self._deal_at + (seat - self.button - 1) % self.n
        seen[own] = full[own]
        card = CARD
        to_act = self._to_act
        folded, stacks = self._folded, self._stacks
        return make_view(  # (PlayerView's fields, in order, made faster)
            self.rules,  # rules
            seat,  # seat
            self.button,  # button
            STREETS[self._street],  # street
            tuple([card[c] for c in self._holes[seat]]),  # hole
            tuple([card[c] for c in self._board]),  # board
            tuple(stacks),  # stacks
            tuple(self._bets),  # bets
            tuple(self._committed),  # committed
            tuple(folded),  # folded
            tuple([not f and s == 0 for f, s in zip(folded, stacks, strict=True)]),  # all_in
            self._shown_cards(),  # shown
            to_act if to_act >= 0 else None,  # to_act
            self.legal_actions() if to_act == seat else None,  # legal
            tuple(seen),  # events
            self._result if self._result is not None or not self._over else self.result,
            self._high,  # to_match
        )

    def __repr__(self) -> str:
        state = (
            "over" if self._over
            else f"seat {self._to_act} to act {self.street.phrase}"
        )
        return f"<Hand {self.n} players, button {self.button}, pot {self.pot}, {state}>"

    def __str__(self) -> str:
        lines = [f"{self.rules}; button seat {self.button}"]
        lines.extend(str(e) for e in self.events)
        if self._board:
            lines.append(f"board {format_cards(self._board)}")
        return "\n".join(lines)


_DEALT: RawEvent = (ev.DEAL, 0, -1, 0, 0, (), False, None)
_NOBODY: list[bool] = []  # nobody has shown (never written: the showdown makes its own)
_OPENINGS = 256  # the most stacks a plan keeps the opening state of
_DEAL = KINDS[ev.DEAL]
_PREFLOP = STREETS[0]
_tuple = tuple.__new__


def _stack_list(stacks: object) -> list[int]:
    """The stacks as a list (any sequence), or :class:`HandError`."""
    if isinstance(stacks, Sequence) and not isinstance(stacks, (str, bytes)):
        return list(stacks)  # each checked as the caller's own list would be
    raise HandError(
        f"cannot start the hand: stacks is {shown(stacks)}: a list of each seat's chips, "
        f"like [100, 100]"
    )


def _known_start(
    rules: Rules, stacks: tuple[int, ...], button: int
) -> tuple[Plan, tuple[Any, ...]] | None:
    """The plan and the opening state of a hand started before from these very stacks
    (the same tuple: a table deals every hand from its one tuple of starting stacks), the
    same rules and button: its set-up was checked then, so it is not checked again.
    Else None."""
    if type(button) is int:
        hit = _PLANS.get((id(rules), len(stacks), button))
        if hit is not None and hit[0] is rules:
            plan = hit[1]
            opening = plan.openings.get(stacks)
            if opening is not None:
                if opening[-1] is not stacks:
                    # Kept from other stacks of the same chips (a list, another tuple):
                    # these are checked now (HandError if they are not well-formed), and
                    # the next hand from them need not be.
                    _start_plan(rules, stacks, button)
                    opening = plan.openings[stacks] = (*opening[:-1], stacks)
                return plan, opening
    return None


def _start_plan(rules: Rules, stacks: Sequence[int], button: int) -> Plan:
    """The plan of a hand of ``rules`` with ``stacks`` and the button on ``button``, or
    the :class:`HandError` naming every problem of the set-up."""
    n = len(stacks)
    for chips in stacks:
        if type(chips) is not int or chips < 1 or chips > MAX_CHIPS:
            _refuse_start(rules, stacks, button)
    if not 2 <= n <= 14 or type(button) is not int or not 0 <= button < n:
        _refuse_start(rules, stacks, button)
    if type(rules) is not Rules or (rules.players is not None and n != rules.players):
        _refuse_start(rules, stacks, button)
    hit = _PLANS.get((id(rules), n, button))  # (plan_for's own cache, read first)
    if hit is not None and hit[0] is rules:
        return hit[1]
    try:
        return plan_for(rules, n, button)
    except PlanError as exc:
        raise HandError(f"cannot start the hand: {exc}") from None


def _refuse_start(rules: object, stacks: Sequence[object], button: object) -> NoReturn:
    """Raise the :class:`HandError` listing everything wrong with a hand's set-up."""
    n = len(stacks)
    problems = []
    if type(rules) is not Rules:
        problems.append(
            f"rules is {shown(rules)}: a Rules (Rules.preset(name), Rules.from_toml(text)...)"
        )
    if not 2 <= n <= 14:
        problems.append(f"{n} players: a hand has 2 to 14")
    players = getattr(rules, "players", None)
    if type(rules) is Rules and players is not None and n != players:
        problems.append(f"{n} players, but the rules are for {players}")
    for seat, chips in enumerate(stacks):
        why = not_whole(chips)
        if why is None:
            assert type(chips) is int
            why = "a player needs 1 or more" if chips < 1 else too_large(chips)
        if why is not None:
            problems.append(f"seat {seat} has {shown(chips)} chips: {why}")
    why = not_whole(button)
    if why is not None:
        problems.append(f"button is {shown(button)}: {why} (a seat, 0 to {n - 1})")
    elif not 0 <= button < max(n, 1):  # type: ignore[operator]
        problems.append(f"button {button} is not a seat (0 to {n - 1})")
    raise HandError("cannot start the hand: " + "; ".join(problems))
