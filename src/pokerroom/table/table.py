"""The table: many hands in a row, as a pure state machine (``rules.md`` §3, §10).

The table never waits for anybody and calls nobody: it says whose decision is pending
(:attr:`Table.to_act`, with :meth:`Table.pending_view`, what that seat may see), takes
that seat's action (:meth:`Table.apply`; :meth:`Table.step` takes it and gives the next
decision's view), settles each hand as its last action is taken, and deals the next hand
when told to (:meth:`Table.deal`, :meth:`Table.start_hand`).  No clock is read to play
(only levels that rise by time read the one they are given) and nothing is done on a
socket or a file.  The loop that calls players is the runner's
(:class:`pokerroom.players.Runner`); a terminal game waiting for a person, a network
dealer awaiting sockets and a learning environment drive the table through it, or
through these same methods.

>>> import random
>>> from pokerroom.engine import Action
>>> from pokerroom.rules import Rules
>>> table = Table(Rules.preset("no-limit", buy_in=100), 3, rng=random.Random(2))
>>> table.start_hand().button, table.to_act
(0, 0)
>>> table.apply(Action.raise_to(100))   # seat 0 moves all in
>>> table.apply(Action.fold()); table.apply(Action.call())
>>> table.in_hand, table.stacks, table.standings
(False, (0, 98, 202), (Standing(seat=0, place=3, hand=1, stack=100),))
>>> table.start_hand().button, table.to_act  # heads-up the button posts the small blind
(1, 1)

Seats are the table's, 0 to ``size - 1`` clockwise, for the whole game; a hand deals in
the seats that have chips (the engine numbers them 0 to k-1; everything the table
returns is in table seats).  The button moves one seat clockwise after each hand,
skipping seats that are out.  A seat with no chips after a hand is out; a freeze-out
ends when one seat has every chip.  The finishing order: seats out in the same hand are
placed by their chips at the start of that hand, more chips higher, equal chips sharing
the place.  With ``reset_stacks`` (ACPC matches) every hand starts from the starting
stacks, nobody goes out, and :attr:`Table.totals` keeps the score.  ``max_hands`` ends
any game after that many hands (the seats still in are then placed by their chips).  The
caller chooses the kind of game; ``Rules.freeze_out`` is not consulted.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from pokerroom._rulevalues import not_whole, shown
from pokerroom.cards import Deck
from pokerroom.engine import (
    Action,
    Event,
    Hand,
    HandError,
    HandResult,
    IllegalAction,
    LegalActions,
    PlayerView,
)
from pokerroom.engine.view import make_view
from pokerroom.rules import Rules
from pokerroom.table.cash import CashError, CashGame, CashSeats, Deal, Post, plan_deal, posting
from pokerroom.table.info import (
    FirstButton,
    GameStart,
    HandStart,
    StaleViewError,
    Standing,
    TableError,
    TableEvent,
    TableEventKind,
)
from pokerroom.table.levels import LevelUnit
from pokerroom.table.seats import _LEGAL, _SEAT, _SOURCE, Seating, TurnView, legal_for
from pokerroom.table.setup import (
    cash_stacks,
    check_playable,
    first_button,
    starting_stacks,
    table_names,
)

if TYPE_CHECKING:
    from pokerroom.table.levels import Levels

__all__ = ["Table"]

_E = TableEventKind
_new = object.__new__


class Table:
    """A game at one table.

    ``seats`` is the number of seats (each starting with ``rules.buy_in``) or the starting
    stacks; by default ``rules.players``.  ``button`` is the first button: a seat,
    :attr:`FirstButton.RANDOM` or :attr:`FirstButton.FIRST_JACK` (000's procedure, the
    cards in :attr:`log`).  ``rng`` shuffles every deck (default
    :class:`secrets.SystemRandom`; seed a :class:`random.Random` to replay a game).
    ``levels`` raise the stakes by hands or by playing time, which ``clock`` (seconds,
    e.g. :func:`time.monotonic`) measures.  ``button_moves=False`` keeps the button on
    its seat (ACPC's fixed seats) while that seat has chips; once it is out, the button
    goes to the next seat clockwise with chips, and stays there.

    ``cash`` (a :class:`~pokerroom.table.cash.CashGame`) makes a cash table: ``seats`` is
    then the number of seats, all empty, or each seat's chips (0: empty); players sit
    down, top up, sit out, sit in and stand up between hands (:meth:`sit_down`,
    :meth:`top_up`, :meth:`sit_out`, :meth:`sit_in`, :meth:`stand_up`), nobody is ever
    out and the game never ends by itself (``max_hands`` still ends it).
    """

    def __init__(
        self,
        rules: Rules,
        seats: int | Sequence[int] | None = None,
        *,
        names: Sequence[str] | None = None,
        button: int | FirstButton | str = 0,
        rng: random.Random | None = None,
        levels: Levels | None = None,
        clock: Callable[[], float] | None = None,
        reset_stacks: bool = False,
        max_hands: int | None = None,
        button_moves: bool = True,
        cash: CashGame | None = None,
    ) -> None:
        if cash is not None:
            if reset_stacks:
                raise TableError("a cash table keeps its stacks: reset_stacks is for matches")
            stacks = cash_stacks(cash, seats, rules)
        else:
            stacks = starting_stacks(rules, seats)
        n = len(stacks)
        self.rules = rules.replace(players=None) if rules.players is not None else rules
        self.size = n
        self.names = table_names(names, n)
        self.initial_stacks = stacks
        self.levels = levels
        self.reset_stacks = bool(reset_stacks)
        self.button_moves = bool(button_moves)
        if max_hands is not None and (type(max_hands) is not int or max_hands < 1):
            why = not_whole(max_hands)
            words = "a number of hands, 1 or more"
            raise TableError(
                f"max_hands is {shown(max_hands)}: " + (f"{why} ({words})" if why else words)
            )
        self.max_hands = max_hands
        if levels is not None and levels.unit is LevelUnit.SECONDS and clock is None:
            raise TableError("levels that rise by time need a clock (seconds, e.g. time.monotonic)")
        self._rng = rng if rng is not None else secrets.SystemRandom()
        self._clock = clock
        # Seconds of play when the clock reads 0 (elapsed: this plus the clock's reading).
        self._base = -clock() if clock is not None else 0.0
        self._level_rules = (
            levels.rules(self.rules, sum(stacks)) if levels is not None else [self.rules]
        )
        check_playable(self._level_rules, n, self.reset_stacks)
        self._stacks = list(stacks)
        self._totals = [0] * n
        self._out = [False] * n
        self._standings: list[Standing] = []
        self._log: list[TableEvent] = []
        self._hand_no = 0
        self._level = -1
        self._hand: Hand | None = None
        self._in_hand = False
        self._over = False
        self._seating = Seating(range(n), n)
        self._actions: list[tuple[int, Action]] = []
        self._turn = -1
        # The view handed out for the pending decision (None: none yet, or it was taken).
        self._handed: TurnView | None = None
        self._button, how = first_button(button, n, self.rules, self._rng)
        self._log.append(how)
        self._cash = CashSeats(cash, stacks) if cash is not None else None
        # A table keeps at most 29 attributes: CPython 3.11 and 3.12 then keep them in the
        # layout their fast attribute reads and method calls need (a 30th makes every
        # ``self.x`` of the table a dictionary lookup).  What can be derived is derived.

    # ------------------------------------------------------------------- the game

    def game_start(self, seat: int) -> GameStart:
        """What seat ``seat`` (-1: a spectator) is told before the game (001)."""
        return GameStart(self.rules, self.size, seat, self._button, self.names,
                         tuple(self._stacks), self.reset_stacks, self._hand_no)  # fmt: skip

    if TYPE_CHECKING:

        @property
        def is_over(self) -> bool:
            """Whether the game is over."""

        @property
        def in_hand(self) -> bool:
            """Whether a hand is being played."""

        @property
        def hand_number(self) -> int:
            """The number of the hand in play or the last one (0 before the first)."""

        @property
        def button(self) -> int:
            """The button's seat: the hand in play's, the last hand's, or the first button."""

    else:  # read at every step of a learning environment: getters in C, no Python frame
        is_over = property(attrgetter("_over"), doc="Whether the game is over.")
        in_hand = property(attrgetter("_in_hand"), doc="Whether a hand is being played.")
        hand_number = property(
            attrgetter("_hand_no"),
            doc="The number of the hand in play or the last one (0 before the first).",
        )
        button = property(
            attrgetter("_button"),
            doc="The button's seat: the hand in play's, the last hand's, or the first button.",
        )

    @property
    def level(self) -> int:
        """The blind level of the hand in play or the last one (0 with no levels)."""
        return max(self._level, 0)

    @property
    def hand_rules(self) -> Rules:
        """The rules of the hand in play or the last one (the level's)."""
        return self._level_rules[self.level]

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips now (during a hand, the chips not yet in the pot)."""
        if self._in_hand:
            assert self._hand is not None
            seating = self._seating
            if seating.identity:
                return tuple(self._hand.stacks)
            out = list(self._stacks)  # (a seat not dealt in keeps its chips: 0 unless cash)
            for h, chips in enumerate(self._hand.stacks):
                out[seating.seats[h]] = chips
            return tuple(out)
        return tuple(self._stacks)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's chips won (or lost) over the finished hands."""
        return tuple(self._totals)

    @property
    def out(self) -> tuple[bool, ...]:
        """Seats out of the game."""
        return tuple(self._out)

    @property
    def standings(self) -> tuple[Standing, ...]:
        """The places decided so far, best first (complete once the game is over)."""
        return tuple(sorted(self._standings, key=lambda s: (s.place, s.seat)))

    @property
    def log(self) -> tuple[TableEvent, ...]:
        """The table's own events: first button, levels, hands, eliminations, the end."""
        return tuple(self._log)

    @property
    def elapsed(self) -> float:
        """Seconds of play by the table's clock (0 without one), restored games included."""
        clock = self._clock
        return self._base if clock is None else self._base + clock()

    def _set_elapsed(self, seconds: float) -> None:
        """Count ``seconds`` of play so far (a restored game)."""
        self._base = seconds - (self._clock() if self._clock is not None else 0.0)

    # --------------------------------------------------------------------- a hand

    def start_hand(self, deck: Deck | None = None, *, auto_showdown: bool = False) -> HandStart:
        """Deal the next hand (from ``deck`` if given, for replays and ACPC's deals).

        With ``auto_showdown`` the showdown is played the default way without asking
        anyone (show a hand that can still win, announcing the best hand; else muck)."""
        self.deal(deck, auto_showdown=auto_showdown)
        return self.hand_start

    def deal(
        self, deck: Deck | None = None, *, auto_showdown: bool = False
    ) -> PlayerView | None:
        """:meth:`start_hand` without making its :class:`HandStart` (a runner whose
        players never ask for it): the button moved (skipping seats out), the level raised
        if due, the seats with chips dealt in (at a cash table, the seats sitting in with
        chips that owe no blind or come in as :mod:`~pokerroom.table.cash` says: a
        :class:`~pokerroom.table.cash.CashError` when fewer than two can).  Returns the
        view of the first decision (:meth:`pending_view`), or None when the hand is over
        as it is dealt (everyone all-in on the forced bets: it is settled at once)."""
        self._deal_hand(deck, auto_showdown)
        return self.step(None)

    def _deal_hand(self, deck: Deck | None, auto_showdown: bool) -> None:
        """:meth:`deal` without making the view of the first decision (an environment,
        which reads the hand itself, never asks for it)."""
        if self._over:
            raise TableError("the game is over: no more hands")
        if self._in_hand:
            raise TableError(f"hand {self._hand_no} is still being played")
        number = self._hand_no
        seating = self._seating
        # The hand copies the chips it is given (a tuple it keeps as it is): ``chips``,
        # in hand seats, from ``before``, in table seats.
        chips: Sequence[int]
        level = 0 if self.levels is None else self.levels.index(hands=number,
                                                                   seconds=self.elapsed)
        layout: Deal | None = None
        if self._cash is not None:
            layout = self._cash_layout(level)
            before = tuple(self._stacks)
            self._stacks = list(before)
            button = layout.button
            seating = Seating(layout.seats, self.size)
            chips = [before[t] for t in seating.seats]
            at = seating.index[button]
        elif self.reset_stacks and seating.identity:  # every seat dealt in, as at the start
            before = chips = self.initial_stacks
            self._stacks = list(before)
            button = at = self._button  # _next_button, inline: nobody is ever out here
            if number and self.button_moves:
                button = at = button + 1 if button + 1 < self.size else 0
        else:
            before = chips = self.initial_stacks if self.reset_stacks else tuple(self._stacks)
            self._stacks = list(before)
            button = self._next_button()
            if not (seating.identity and 0 not in before):
                seating = Seating([t for t, c in enumerate(before) if c > 0], self.size)
                chips = [before[t] for t in seating.seats]
            at = seating.index[button]
        if self.levels is not None and level != self._level:
            text = f"level {level}: {self._level_rules[level]}"
            self._log.append(TableEvent(_E.LEVEL, number + 1, -1, text))
        rules = self._level_rules[level] if layout is None else layout.rules
        try:
            if deck is None:
                hand = Hand(rules, chips, button=at, rng=self._rng, auto_showdown=auto_showdown)
            else:
                hand = Hand(rules, chips, button=at, deck=deck, auto_showdown=auto_showdown)
        except HandError as exc:
            raise TableError(str(exc)) from None
        self._hand = hand
        self._seating = seating
        self._button = button
        self._level = level
        if layout is not None:
            assert self._cash is not None
            self._cash.commit(layout)
        self._hand_no = number + 1
        self._actions = []
        self._in_hand = True
        h = hand._to_act  # _update_turn, inline: this runs once per hand
        self._turn = h if seating.identity or h < 0 else seating.seats[h]
        self._handed = None  # (the last hand's view, if any, is stale)
        if hand._over:  # everyone all-in on the forced bets
            self._finish_hand()

    @property
    def next_button(self) -> int:
        """The seat the next hand's button goes to: one seat clockwise (unless the button
        stays), skipping seats that are out."""
        return self._next_button()

    def _next_button(self) -> int:
        if self._cash is not None:
            layout = plan_deal(self._cash, self._stacks, self._button, not self._hand_no,
                               self._level_rules[self._coming_level()])  # fmt: skip
            return self._button if layout is None else layout.button
        stacks = self.initial_stacks if self.reset_stacks else self._stacks
        button = self._button
        if self._hand_no and (self.button_moves or stacks[button] == 0):
            b = button + 1 if button + 1 < len(stacks) else 0  # the next seat, if it has chips
            button = b if stacks[b] > 0 else self._next_seat(button, stacks)
        return button

    @staticmethod
    def _next_seat(seat: int, stacks: Sequence[int]) -> int:
        n = len(stacks)
        for k in range(1, n + 1):
            s = (seat + k) % n
            if stacks[s] > 0:
                return s
        raise TableError("no seat has chips")  # unreachable: chips are conserved

    @property
    def hand_start(self) -> HandStart:
        """What every player is told before the hand in play (or the last one)."""
        if self._hand is None:
            raise TableError("no hand has been dealt yet")
        return HandStart(self._hand_no, self._button, self._hand_stacks, self._seating.seats,
                         self.level, self.hand_rules)  # fmt: skip

    @property
    def _hand_stacks(self) -> tuple[int, ...]:
        """Each seat's chips at the start of the hand in play or the last one (0 for a seat
        not dealt in)."""
        hand = self._hand
        if hand is None:
            return tuple(self._stacks)
        return self._seating.expand(hand._starting, 0)

    if TYPE_CHECKING:

        @property
        def hand(self) -> Hand | None:
            """The dealer's hand in play or the last one, in the engine's seats (see
            :attr:`seats_in_hand`).  It holds every card: never give it to a player.  Its
            history: ``PlayedHand.from_hand(table.hand, names=[table.names[t] for t in
            table.seats_in_hand], label=table.hand_number)`` (:mod:`pokerroom.history`)."""

        @property
        def seats_in_hand(self) -> tuple[int, ...]:
            """The table seat of each of the hand's seats."""

    else:  # (getters in C, as above)
        hand = property(
            attrgetter("_hand"),
            doc="""The dealer's hand in play or the last one, in the engine's seats (see
            :attr:`seats_in_hand`).  It holds every card: never give it to a player.  Its
            history: ``PlayedHand.from_hand(table.hand, names=[table.names[t] for t in
            table.seats_in_hand], label=table.hand_number)`` (:mod:`pokerroom.history`).""",
        )
        seats_in_hand = property(
            attrgetter("_seating.seats"), doc="The table seat of each of the hand's seats."
        )

    @property
    def auto_showdown(self) -> bool:
        """Whether the hand in play (or the last one) plays its showdown the default way
        (:meth:`deal`'s ``auto_showdown``): then no seat is asked to show or muck."""
        hand = self._hand
        return hand is not None and hand.auto_showdown


    @property
    def to_act(self) -> int | None:
        """The seat whose decision is pending (a bet or a showdown decision), or None."""
        t = self._turn
        return None if t < 0 else t

    def _update_turn(self) -> None:
        hand = self._hand
        h = hand.to_act if hand is not None and self._in_hand else None
        self._turn = -1 if h is None else self._seating.seats[h]

    @property
    def actions(self) -> tuple[tuple[int, Action], ...]:
        """The actions taken in the hand in play (or the last one): (seat, action)."""
        return tuple(self._actions)

    def legal_actions(self) -> LegalActions:
        """The choices of the seat to act, in table seats (immutable, like the hand's)."""
        hand = self._pending()
        legal = hand.legal_actions()
        return legal_for(legal, self._seating.seats[legal.seat])

    def default_action(self) -> Action:
        """What the seat to act does when it does not answer in time or cannot: check if
        free, else fold; at the showdown, show a hand that can still win, else muck."""
        return self._pending().default_action()

    def is_legal(self, action: object, *, seat: int | None = None) -> bool:
        """Whether :meth:`apply` would accept ``action`` now."""
        if not isinstance(action, Action) or not self._in_hand:
            return False
        t = self.to_act
        if t is None or (seat is not None and seat != t):
            return False
        assert self._hand is not None
        return self._hand.is_legal(action)

    def apply(self, action: Action, *, seat: int | None = None) -> None:
        """Take the pending decision's action (``seat``, if given, must be the seat to act).

        An illegal action raises :class:`~pokerroom.engine.IllegalAction`, naming the rule
        and the legal choices, and changes nothing.  The action that ends a hand settles
        it (:meth:`step`).
        """
        if action is None:  # to step, None means "take nothing"; here it is no action
            raise self._not_an_action(action, self._pending())
        self._take(action, seat)
        self._handed = None  # (no view made for the next decision: the last one is stale)

    def step(self, action: Action | None = None, *, seat: int | None = None) -> PlayerView | None:
        """Take ``action`` for the seat to act as :meth:`apply` does (None: take nothing),
        then give the view of the decision now pending (:meth:`pending_view`), or None
        when no seat is to act: the two things a loop driving players does for every
        decision, in one call.

        The action that ends the hand settles it: the stacks and totals, the seats out
        (placed), the end of the game.  The next hand is :meth:`deal`'s (the button
        moved, the level raised if due).  Nothing here calls a player, reads a clock or
        does I/O: the loop that asks the players is the runner's
        (:class:`~pokerroom.players.Runner`)."""
        if action is not None:
            hand = self._take(action, seat)
            if hand is None:
                self._handed = None  # the decision is taken: its view is stale
                return None
            t = self._turn
        else:
            t = self._turn
            if t < 0:
                return None
            handed = self._handed
            if handed is not None and handed._source is not None:
                return handed  # the decision's view again (unless it is complete)
            hand = self._hand
            assert hand is not None
        legal = hand.legal_actions()
        if legal.seat != t:
            legal = legal_for(legal, t)
        # A new view (TurnView.make, inline: once per decision); the last one is stale.
        view = self._handed = _new(TurnView)
        _SEAT(view, t)
        _LEGAL(view, legal)
        _SOURCE(view, self)
        return view

    def _take(self, action: Action, seat: int | None) -> Hand | None:
        """Take the seat to act's ``action`` (:meth:`apply`, :meth:`step`): the hand, if
        somebody is to act next, else None (the hand settled when it is over)."""
        t = self._turn
        hand = self._hand
        if t < 0 or hand is None:  # (no hand: -1 too)
            self._pending()  # raises: nobody is to act
            raise AssertionError  # (unreachable)
        if type(action) is not Action:
            raise self._not_an_action(action, hand)
        if seat is not None and seat != t:
            raise IllegalAction(
                f"seat {seat} cannot {action} {hand.street.phrase}: it is seat {t}'s turn "
                f"(legal for seat {t}: {hand.legal_actions()})"
            )
        try:
            if action.value is None:  # a call without keywords is the faster one
                hand.act(action.kind, action.amount)
            else:
                hand.act(action.kind, action.amount, value=action.value)
        except IllegalAction as exc:
            raise self._in_table_seats(exc, t) from None
        self._actions.append((t, action))
        nxt = hand._to_act  # (the engine's own field: -1 when nobody is to act)
        if nxt < 0:
            self._turn = -1
            if hand._over:
                self._finish_hand()
            return None
        self._turn = self._seating.seats[nxt]
        return hand

    def _in_table_seats(self, exc: IllegalAction, seat: int) -> IllegalAction:
        """The engine's refusal of table seat ``seat``'s action, naming table seats."""
        seating = self._seating
        if seating.identity:
            return exc
        h = seating.index[seat]
        return IllegalAction(re.sub(rf"\bseat {h}\b", f"seat {seat}", str(exc)))

    def _not_an_action(self, action: object, hand: Hand) -> IllegalAction:
        return IllegalAction(
            f"seat {self._turn} sent {action!r}, which is not an action "
            f"(legal: {hand.legal_actions()})"
        )

    def _pending(self) -> Hand:
        hand = self._hand
        if self._turn < 0 or hand is None:
            state = "the game is over" if self._over else "no hand is in play (start the next)"
            raise IllegalAction(f"nobody is to act: {state}")
        return hand

    def _finish_hand(self) -> None:
        """The hand just over (nobody is to act: ``_turn`` is -1, no view handed out):
        stacks, totals, players out, the end of the game."""
        hand = self._hand
        assert hand is not None
        seating = self._seating
        self._in_hand = False
        after = hand._stacks  # (the engine's own list: read, not kept)
        totals = self._totals
        stacks = self._stacks  # (a list of this hand's own: deal made it)
        if seating.identity:
            # In place: for a few seats a loop costs less than new lists (two map objects
            # and a list each hand cost over twice as much heads-up).
            before = hand._starting
            stacks[:] = after
            for t in seating.seats:  # 0 to n - 1
                totals[t] += after[t] - before[t]
        else:
            before = seating.expand(hand._starting, 0)
            for h, t in enumerate(seating.seats):
                stacks[t] = after[h]
                totals[t] += after[h] - before[t]
        number = self._hand_no
        cash = self._cash
        if cash is not None:
            for t in seating.seats:
                if stacks[t] == 0:  # seated with nothing: sitting out until it tops up
                    cash.sitting_out[t] = True
            if self.max_hands is not None and number >= self.max_hands:
                self._end(f"{number} hands played (the limit)")
            return
        if not self.reset_stacks and 0 in after:  # somebody is out
            busted = [t for t in seating.seats if self._stacks[t] == 0]
            left = len(seating.seats) - len(busted)
            self._place(busted, left, [before[t] for t in busted])
            for t in busted:
                self._out[t] = True
                self._log.append(TableEvent(_E.OUT, number, t, f"place {self._place_of(t)}"))
            if left == 1:
                winner = self._out.index(False)
                self._standings.append(Standing(winner, 1, number, self._stacks[winner]))
                self._end(f"seat {winner} has every chip after {number} hands")
                return
        if self.max_hands is not None and number >= self.max_hands:
            alive = [t for t in range(self.size) if not self._out[t]]
            score = self._totals if self.reset_stacks else self._stacks
            self._place(alive, 0, [score[t] for t in alive])
            self._end(f"{number} hands played (the limit)")

    def _place(self, seats: list[int], above: int, chips: list[int]) -> None:
        """Places ``above + 1`` onwards for ``seats`` by ``chips``, more chips higher,
        equal chips sharing a place."""
        number = self._hand_no
        for seat, mine in zip(seats, chips, strict=True):
            better = sum(1 for c in chips if c > mine)
            self._standings.append(Standing(seat, above + 1 + better, number, mine))

    def _place_of(self, seat: int) -> int:
        return next(s.place for s in self._standings if s.seat == seat)

    def _end(self, why: str) -> None:
        self._over = True
        self._log.append(TableEvent(_E.OVER, self._hand_no, -1, f"game over: {why}"))

    @property
    def last_result(self) -> HandResult | None:
        """How the last finished hand ended, in table seats."""
        hand = self._hand
        if hand is None or hand.result is None:
            return None
        return self._seating.result(hand.result)

    # ----------------------------------------------------------------- cash tables

    @property
    def cash(self) -> CashGame | None:
        """The cash table's settings, or None for a freeze-out (or a match)."""
        return None if self._cash is None else self._cash.game

    @property
    def taken(self) -> tuple[bool, ...]:
        """Which seats have a player (every seat but a cash table's empty ones)."""
        cash = self._cash
        return (True,) * self.size if cash is None else tuple(cash.taken)

    @property
    def sitting_out(self) -> tuple[bool, ...]:
        """The cash table's seats sitting out (by choice, or with no chips)."""
        cash = self._cash
        return (False,) * self.size if cash is None else tuple(cash.sitting_out)

    @property
    def owed(self) -> tuple[Post, ...]:
        """What each seat owes to come in (cash tables): a big blind (``live``, the big
        blind's amount now) and a small blind (``dead``); all zero at a freeze-out."""
        cash = self._cash
        rules = self._level_rules[self.level]
        if cash is None or not posting(rules):  # (nothing to owe in this game)
            return tuple(Post(t, 0, 0) for t in range(self.size))
        bb = max(rules.blinds)
        sb = sum(rules.blinds) - bb
        return tuple(Post(t, bb if cash.owe_bb[t] else 0, sb if cash.owe_sb[t] else 0)
                     for t in range(self.size))  # fmt: skip

    @property
    def posts(self) -> tuple[Post, ...]:
        """What seats coming in posted in the hand in play or the last one (cash tables)."""
        return () if self._cash is None else self._cash.posts

    @property
    def chips_in(self) -> int:
        """Chips brought to a cash table by sitting down and topping up (not counting
        ``initial_stacks``)."""
        return 0 if self._cash is None else self._cash.bought

    @property
    def chips_out(self) -> int:
        """Chips taken from a cash table by standing up."""
        return 0 if self._cash is None else self._cash.cashed

    @property
    def can_deal(self) -> bool:
        """Whether :meth:`deal` would deal a hand now (a cash table needs two seats that
        can be dealt in)."""
        if self._over or self._in_hand:
            return False
        if self._cash is None:
            return True
        return plan_deal(self._cash, self._stacks, self._button, not self._hand_no,
                         self._level_rules[self._coming_level()]) is not None  # fmt: skip

    def _coming_level(self) -> int:
        return 0 if self.levels is None else self.levels.index(hands=self._hand_no,
                                                               seconds=self.elapsed)

    def _cash_layout(self, level: int) -> Deal:
        assert self._cash is not None
        layout = plan_deal(self._cash, self._stacks, self._button, not self._hand_no,
                           self._level_rules[level])  # fmt: skip
        if layout is None:
            seated = [t for t in range(self.size) if self._cash.taken[t]]
            raise CashError(
                "no hand: a hand needs two seats sitting in with chips (seats taken: "
                f"{seated or 'none'}; sitting out: {self._seats(self._cash.sitting_out)}); "
                "sit down, sit in or top up first"
            )
        return layout

    @staticmethod
    def _seats(flags: Sequence[bool]) -> str:
        seats = [t for t, f in enumerate(flags) if f]
        return ", ".join(map(str, seats)) if seats else "none"

    def _seat_change(self, what: str, seat: object, *, over_ok: bool = False) -> CashSeats:
        """The cash state, if ``what`` may be done to ``seat`` now (else CashError)."""
        cash = self._cash
        if cash is None:
            raise CashError(
                f"cannot {what}: this table is a freeze-out, whose seats never change (a cash "
                "table is Table(..., cash=CashGame(...)))"
            )
        if type(seat) is not int or not 0 <= seat < self.size:
            raise CashError(f"cannot {what}: {shown(seat)} is not a seat (0 to {self.size - 1})")
        if self._in_hand:
            raise CashError(
                f"seat {seat} cannot {what} during hand {self._hand_no}: seats change "
                f"between hands only (now: finish the hand; seat {self.to_act} is to act)"
            )
        if self._over and not over_ok:
            raise CashError(f"seat {seat} cannot {what}: the game is over (stand up only)")
        return cash

    def _chips_arg(self, what: str, seat: int, chips: object) -> int:
        why = not_whole(chips)
        if why is None and chips < 1:  # type: ignore[operator]
            why = "1 or more"
        if why is not None:
            raise CashError(f"seat {seat} cannot {what} {shown(chips)} chips: {why}")
        assert type(chips) is int
        return chips

    @property
    def waiting(self) -> tuple[str, ...]:
        """The waiting list of a cash table, first come first."""
        return () if self._cash is None else tuple(self._cash.waiting)

    def join_waiting_list(self, name: str) -> int:
        """Put ``name`` on the waiting list (when every seat is taken, or others are
        waiting already); returns its place (1: next).  Any time, mid-hand included."""
        cash = self._cash
        if cash is None:
            raise CashError("this table is a freeze-out: it has no waiting list")
        if not (isinstance(name, str) and name):
            raise CashError(f"name {shown(name)}: a non-empty string")
        if name in cash.waiting:
            raise CashError(f"{name!r} is on the waiting list already "
                            f"(place {cash.waiting.index(name) + 1})")  # fmt: skip
        if name in [self.names[t] for t in range(self.size) if cash.taken[t]]:
            raise CashError(f"{name!r} is seated at this table already")
        empty = [t for t in range(self.size) if not cash.taken[t]]
        if empty and not cash.waiting:
            raise CashError(f"nobody is waiting and seats are free ({self._seats_of(empty)}): "
                            "sit down instead")  # fmt: skip
        cash.waiting.append(name)
        return len(cash.waiting)

    def leave_waiting_list(self, name: str) -> None:
        """Take ``name`` off the waiting list (it left, or let its turn pass)."""
        cash = self._cash
        if cash is None or name not in cash.waiting:
            listed = ", ".join(map(repr, self.waiting)) or "nobody"
            raise CashError(f"{shown(name)} is not on the waiting list (waiting: {listed})")
        cash.waiting.remove(name)

    @staticmethod
    def _seats_of(seats: Sequence[int]) -> str:
        return ", ".join(map(str, seats)) if seats else "none"

    def sit_down(self, seat: int, chips: int, *, name: str | None = None) -> None:
        """A player takes empty seat ``seat`` with ``chips`` (the buy-in, within the
        table's minimum and maximum), named ``name`` (default ``"seat N"``).  The seat
        owes a big blind: it comes in as the table's ``new_players`` says.  While anyone
        is on the waiting list, only the first name on it may sit down (and leaves it)."""
        cash = self._seat_change("sit down", seat)
        if cash.waiting and name != cash.waiting[0]:
            raise CashError(
                f"{shown(name)} cannot sit down: {cash.waiting[0]!r} is first on the waiting "
                f"list (waiting: {', '.join(map(repr, cash.waiting))})"
            )
        if cash.taken[seat]:
            empty = [t for t in range(self.size) if not cash.taken[t]]
            raise CashError(
                f"seat {seat} is taken: sit down in an empty seat (empty: {empty or 'none'})"
            )
        chips = self._chips_arg("buy in for", seat, chips)
        game = cash.game
        if chips < game.min_buy_in or (game.max_buy_in is not None and chips > game.max_buy_in):
            raise CashError(
                f"seat {seat} cannot buy in for {chips}: the buy-in is {game.buy_in_range()}"
            )
        if name is not None and not (isinstance(name, str) and name):
            raise CashError(f"name {shown(name)}: a non-empty string")
        self._stacks[seat] = chips
        cash.bought += chips
        cash.taken[seat] = True
        cash.sitting_out[seat] = False
        cash.owe_bb[seat] = True
        cash.owe_sb[seat] = False
        if cash.waiting:
            del cash.waiting[0]
        self._rename(seat, name if name is not None else f"seat {seat}")

    def _rename(self, seat: int, name: str) -> None:
        names = list(self.names)
        names[seat] = name
        self.names = tuple(names)

    def stand_up(self, seat: int) -> int:
        """The player in ``seat`` leaves with its chips (returned); the seat is empty."""
        cash = self._seat_change("stand up", seat, over_ok=True)
        if not cash.taken[seat]:
            raise CashError(f"seat {seat} is empty: nobody to stand up (taken: "
                            f"{self._seats(cash.taken)})")  # fmt: skip
        chips = self._stacks[seat]
        self._stacks[seat] = 0
        cash.cashed += chips
        cash.taken[seat] = cash.sitting_out[seat] = False
        cash.owe_bb[seat] = cash.owe_sb[seat] = False
        self._rename(seat, f"seat {seat}")
        return chips

    def top_up(self, seat: int, chips: int) -> None:
        """Add ``chips`` to ``seat``'s stack, up to the maximum buy-in; a seat with no chips
        rebuys at least the minimum buy-in and sits in again."""
        cash = self._seat_change("top up", seat)
        if not cash.taken[seat]:
            raise CashError(f"seat {seat} is empty: sit down first (taken: "
                            f"{self._seats(cash.taken)})")  # fmt: skip
        chips = self._chips_arg("top up by", seat, chips)
        game = cash.game
        now = self._stacks[seat]
        top = game.max_buy_in
        if top is not None and now + chips > top:
            room = max(top - now, 0)
            raise CashError(
                f"seat {seat} has {now}: topping up by {chips} passes the maximum buy-in {top} "
                f"(top up by 1 to {room})" if room else
                f"seat {seat} has {now}: at the maximum buy-in {top} already, no top-up"
            )
        if now == 0 and chips < game.min_buy_in:
            raise CashError(
                f"seat {seat} has no chips: a rebuy is {game.buy_in_range()}, not {chips}"
            )
        self._stacks[seat] = now + chips
        cash.bought += chips
        if now == 0:
            cash.sitting_out[seat] = False

    def sit_out(self, seat: int) -> None:
        """``seat`` keeps its seat and chips but is dealt no hands until :meth:`sit_in`;
        blinds it misses meanwhile are owed (see the rules guide)."""
        cash = self._seat_change("sit out", seat, over_ok=True)
        if not cash.taken[seat] or cash.sitting_out[seat]:
            state = "is empty" if not cash.taken[seat] else "is sitting out already"
            raise CashError(f"seat {seat} {state}: seats that can sit out: "
                            f"{self._seats(self._playing())}")  # fmt: skip
        cash.sitting_out[seat] = True

    def _playing(self) -> list[bool]:
        cash = self._cash
        assert cash is not None
        return [cash.taken[t] and not cash.sitting_out[t] for t in range(self.size)]

    def sit_in(self, seat: int) -> None:
        """``seat`` comes back from sitting out (it must have chips: top up first)."""
        cash = self._seat_change("sit in", seat)
        if not (cash.taken[seat] and cash.sitting_out[seat]):
            state = "is empty" if not cash.taken[seat] else "is not sitting out"
            raise CashError(f"seat {seat} {state}: seats sitting out: "
                            f"{self._seats(cash.sitting_out)}")  # fmt: skip
        if self._stacks[seat] == 0:
            raise CashError(f"seat {seat} has no chips: top up (a rebuy, "
                            f"{cash.game.buy_in_range()}) to sit in")  # fmt: skip
        cash.sitting_out[seat] = False

    # --------------------------------------------------------------------- views

    def view(self, seat: int) -> PlayerView:
        """The hand in play (or the last one) as seat ``seat`` sees it; -1, or a seat out
        of the game, sees what a spectator sees.  A complete snapshot, kept as it is."""
        hand = self._hand
        if hand is None:
            raise TableError("no hand has been dealt yet")
        if not -1 <= seat < self.size:
            raise TableError(f"no seat {seat} (seats 0 to {self.size - 1}, -1 for a spectator)")
        seating = self._seating
        h = seating.index[seat] if seat >= 0 else -1
        if h >= 0:
            return seating.view(hand.view(h), seat, self._button)
        full = seating.view(hand.view(0), seat, self._button)
        return make_view(
            rules=full.rules, seat=seat, button=full.button, street=full.street, hole=(),
            board=full.board, stacks=full.stacks, bets=full.bets, committed=full.committed,
            folded=full.folded, all_in=full.all_in, shown=full.shown, to_act=full.to_act,
            legal=None, events=tuple(self.public_events()), result=full.result,
            to_match=full.to_match,
        )  # fmt: skip

    def turn_view(self) -> PlayerView:
        """The view of the seat to act, for its decision: each field is worked out when
        first read (a bot that reads only ``legal`` costs nothing more).  Read it before
        the next action; afterwards it raises
        :class:`~pokerroom.table.info.StaleViewError` (``copy.copy`` keeps a complete one)."""
        view = self.pending_view()
        if view is None:
            self._pending()  # raises: nobody is to act
        assert view is not None
        return view

    def pending_view(self) -> PlayerView | None:
        """:meth:`turn_view` when a seat is to act, else None (between hands, game over):
        :attr:`to_act` and :meth:`turn_view` in one call, for loops that drive players.
        Asked again for the same decision, it gives the same view (unless that one is
        complete: then a new one)."""
        return self.step(None)

    def full_view_for(self, view: TurnView) -> PlayerView:
        """The complete :meth:`turn_view` of the decision ``view`` was handed out for
        (while it is pending)."""
        t = self.to_act
        if view is not self._handed or t is None:
            raise StaleViewError(
                "this view was handed out for a decision the table has moved past: read a "
                "view while deciding (keep copy.copy(view) to look at it later)"
            )
        return self.view(t)  # (complete from now on: pending_view makes a new one)

    def public_events(self, start: int = 0) -> list[Event]:
        """The events of the hand in play (or the last one) from ``start``, as everyone
        at the table sees them: no hole cards but those shown, no burn cards."""
        hand = self._hand
        if hand is None:
            return []
        seating = self._seating
        events = hand.public_events(start)
        if seating.identity:
            return events
        event = seating.event
        return [event(e) for e in events]

    def __getstate__(self) -> dict[str, Any]:
        """Copies and pickles leave the views handed out behind (they belong to this
        table's decisions)."""
        state = self.__dict__.copy()
        state["_handed"] = None
        return state

    # -------------------------------------------------------------- save, restore

    def save(self, *, key: bytes | None = None) -> dict[str, Any]:
        """The whole game as plain JSON-able data, checksummed (HMAC-SHA256 with ``key``):
        see :mod:`pokerroom.table.saved`.  It holds every card: a dealer's secret."""
        from pokerroom.table.saved import save

        return save(self, key=key)

    @classmethod
    def restore(
        cls,
        data: Any,
        *,
        key: bytes | None = None,
        rng: random.Random | None = None,
        clock: Callable[[], float] | None = None,
    ) -> Table:
        """The game :meth:`save` wrote, exactly (mid-hand included), or
        :class:`~pokerroom.table.saved.SaveError` naming what is wrong."""
        from pokerroom.table.saved import restore

        return restore(data, table_class=cls, key=key, rng=rng, clock=clock)

    def __repr__(self) -> str:
        if self._over:
            state = "over"
        elif self._in_hand:
            state = f"hand {self._hand_no}, seat {self.to_act} to act"
        else:
            state = f"between hands ({self._hand_no} played)"
        return f"<Table {self.size} seats, button {self._button}, {state}>"
