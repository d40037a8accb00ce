"""The table: many hands in a row, as a pure state machine (``rules.md`` §3, §10).

The table never waits for anybody: it says whose decision is pending
(:attr:`Table.to_act`, with :meth:`Table.view`), takes that seat's action
(:meth:`Table.apply`), and starts the next hand when told to (:meth:`Table.start_hand`).
A loop that calls players (:mod:`pokerroom.players`), a terminal game waiting for a
person, a network dealer awaiting sockets and a learning environment all drive it the
same way.

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
from typing import TYPE_CHECKING, Any

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
from pokerroom.rules import Rules
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
from pokerroom.table.seats import (
    _LEGAL,
    _SEAT,
    _SOLE,
    _SOURCE,
    Seating,
    TurnView,
    _refs,
    legal_for,
)
from pokerroom.table.setup import check_playable, first_button, starting_stacks, table_names

if TYPE_CHECKING:
    from pokerroom.table.levels import Levels

__all__ = ["Table"]

_E = TableEventKind
_new = object.__new__
_tuple_new = tuple.__new__


class Table:
    """A game at one table.

    ``seats`` is the number of seats (each starting with ``rules.buy_in``) or the starting
    stacks; by default ``rules.players``.  ``button`` is the first button: a seat,
    :attr:`FirstButton.RANDOM` or :attr:`FirstButton.FIRST_JACK` (000's procedure, the
    cards in :attr:`log`).  ``rng`` shuffles every deck (default
    :class:`secrets.SystemRandom`; seed a :class:`random.Random` to replay a game).
    ``levels`` raise the stakes by hands or by playing time, which ``clock`` (seconds,
    e.g. :func:`time.monotonic`) measures.  ``button_moves=False`` keeps the button on
    its seat (ACPC's fixed seats).
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
    ) -> None:
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
            raise TableError(f"max_hands is {max_hands!r}: a number of hands, 1 or more")
        self.max_hands = max_hands
        if levels is not None and levels.unit is LevelUnit.SECONDS and clock is None:
            raise TableError("levels that rise by time need a clock (seconds, e.g. time.monotonic)")
        self._rng = rng if rng is not None else secrets.SystemRandom()
        self._clock = clock
        self._played = 0.0  # seconds of play before _since (restored games)
        self._since = clock() if clock is not None else 0.0
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
        self._hand_stacks: tuple[int, ...] = stacks
        self._actions: list[tuple[int, Action]] = []
        self._last: HandResult | None = None
        self._start: HandStart | None = None
        self._auto = False
        self._turn = -1
        # The view handed out for the pending decision (None: none yet, or it was taken),
        # and each seat's last view, to hand out again when nothing else holds it.
        self._handed: TurnView | None = None
        self._views: list[TurnView | None] = [None] * n
        self._button, how = first_button(button, n, self.rules, self._rng)
        self._log.append(how)

    # ------------------------------------------------------------------- the game

    def game_start(self, seat: int) -> GameStart:
        """What seat ``seat`` (-1: a spectator) is told before the game (001)."""
        return GameStart(self.rules, self.size, seat, self._button, self.names,
                         tuple(self._stacks), self.reset_stacks, self._hand_no)  # fmt: skip

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def in_hand(self) -> bool:
        """Whether a hand is being played."""
        return self._in_hand

    @property
    def hand_number(self) -> int:
        """The number of the hand in play or the last one (0 before the first)."""
        return self._hand_no

    @property
    def button(self) -> int:
        """The button's seat: the hand in play's, the last hand's, or the first button."""
        return self._button

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
            return self._seating.expand(self._hand.stacks, 0)
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
        if self._clock is None:
            return self._played
        return self._played + self._clock() - self._since

    # --------------------------------------------------------------------- a hand

    def start_hand(self, deck: Deck | None = None, *, auto_showdown: bool = False) -> HandStart:
        """Deal the next hand (from ``deck`` if given, for replays and ACPC's deals).

        With ``auto_showdown`` the showdown is played the default way without asking
        anyone (show a hand that can still win, announcing the best hand; else muck)."""
        if self._over:
            raise TableError("the game is over: no more hands")
        if self._in_hand:
            raise TableError(f"hand {self._hand_no} is still being played")
        n = self.size
        if self.reset_stacks:
            before = self.initial_stacks
            self._stacks = list(before)
        else:
            before = tuple(self._stacks)
        stacks = self._stacks
        button = self._next_button()
        level = 0
        if self.levels is not None:
            level = self.levels.index(hands=self._hand_no, seconds=self.elapsed)
            if level != self._level:
                text = f"level {level}: {self._level_rules[level]}"
                self._log.append(TableEvent(_E.LEVEL, self._hand_no + 1, -1, text))
        seating = self._seating
        if not (seating.identity and 0 not in stacks):
            seating = Seating([t for t in range(n) if stacks[t] > 0], n)
        seats = seating.seats
        # The hand copies the chips it is given (a tuple it keeps as it is).
        chips = before if seating.identity else [stacks[t] for t in seats]
        rules = self._level_rules[level]
        try:
            if deck is None:
                hand = Hand(rules, chips, button=seating.index[button], rng=self._rng,
                            auto_showdown=auto_showdown)  # fmt: skip
            else:
                hand = Hand(rules, chips, button=seating.index[button], deck=deck,
                            auto_showdown=auto_showdown)  # fmt: skip
        except HandError as exc:
            raise TableError(str(exc)) from None
        self._hand = hand
        self._auto = auto_showdown
        self._seating = seating
        self._button = button
        self._level = level
        self._hand_no = number = self._hand_no + 1
        self._hand_stacks = before
        self._actions = []
        self._in_hand = True
        h = hand._to_act  # _update_turn, inline: this runs once per hand
        self._turn = -1 if h < 0 else seats[h]
        self._handed = None
        # HandStart(...), without the named tuple's Python-level __new__
        self._start = start = _tuple_new(HandStart, (number, button, before, seats, level, rules))
        if hand._over:  # everyone all-in on the forced bets
            self._finish_hand()
        return start

    @property
    def next_button(self) -> int:
        """The seat the next hand's button goes to: one seat clockwise (unless the button
        stays), skipping seats that are out."""
        return self._next_button()

    def _next_button(self) -> int:
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
        start = self._start
        if start is None:
            if self._hand is None:
                raise TableError("no hand has been dealt yet")
            start = HandStart(self._hand_no, self._button, self._hand_stacks,
                              self._seating.seats, self.level, self.hand_rules)  # fmt: skip
            self._start = start  # a restored game
        return start

    @property
    def hand(self) -> Hand | None:
        """The dealer's hand in play or the last one, in the engine's seats (see
        :attr:`seats_in_hand`).  It holds every card: never give it to a player.  Its
        history: ``PlayedHand.from_hand(table.hand, names=[table.names[t] for t in
        table.seats_in_hand], label=table.hand_number)`` (:mod:`pokerroom.history`)."""
        return self._hand

    @property
    def seats_in_hand(self) -> tuple[int, ...]:
        """The table seat of each of the hand's seats."""
        return self._seating.seats

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
        and the legal choices, and changes nothing.
        """
        if action is None:  # to step, None means "take nothing"; here it is no action
            raise self._not_an_action(action, self._pending())
        self.step(action, seat=seat)

    def step(self, action: Action | None = None, *, seat: int | None = None) -> PlayerView | None:
        """Take ``action`` as :meth:`apply` does (None: take nothing), then give the view of
        the decision now pending, or None when no seat is to act (:meth:`pending_view`):
        the two things a loop driving players does for every decision, in one call."""
        if action is not None:
            hand = self._pending()
            if type(action) is not Action:
                raise self._not_an_action(action, hand)
            t = self._turn
            if seat is not None and seat != t:
                raise IllegalAction(
                    f"seat {seat} cannot {action} {hand.street.phrase}: it is seat {t}'s turn "
                    f"(legal for seat {t}: {hand.legal_actions()})"
                )
        return self._step(action)

    def _step(self, action: Action | None) -> PlayerView | None:
        """:meth:`step` for a caller that knows ``action`` is an :class:`Action` (or None)
        and acts for the seat to act (the runner, once per decision: no keyword to look
        up, no check made twice)."""
        t = self._turn
        hand = self._hand
        if action is not None:
            if t < 0 or hand is None:
                hand = self._pending()  # raises: nobody is to act
            value = action.value
            try:
                if value is None:  # a call without keywords is the faster one
                    hand.act(action.kind, action.amount)
                else:
                    hand.act(action.kind, action.amount, value=value)
            except IllegalAction as exc:
                seating = self._seating
                if seating.identity:
                    raise
                h = seating.index[t]
                raise IllegalAction(re.sub(rf"\bseat {h}\b", f"seat {t}", str(exc))) from None
            self._actions.append((t, action))
            nxt = hand._to_act  # (the engine's own field: -1 when nobody is to act)
            if nxt < 0:
                self._turn = -1
                self._handed = None  # the decision is taken: its view is stale
                if hand._over:
                    self._finish_hand()
                return None
            self._turn = t = self._seating.seats[nxt]
        else:
            view = self._handed
            if view is not None and view._source is not None:
                return view  # asked again for the same decision
            if t < 0 or hand is None:
                return None
        legal = hand.legal_actions()
        if legal.seat != t:
            legal = legal_for(legal, t)
        # The seat's last view again if nothing holds it (see seats._SOLE; inline: this
        # runs once per decision) and it is not complete (full_view_for drops a view it
        # completes), else a new one (TurnView.make, inline).  Handing it out makes the
        # last decision's view stale.
        views = self._views
        view = views[t]
        if view is not None and _refs(view) == _SOLE:
            _LEGAL(view, legal)
        else:
            view = _new(TurnView)
            _SEAT(view, t)
            _LEGAL(view, legal)
            _SOURCE(view, self)
            views[t] = view
        self._handed = view
        return view

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
        hand = self._hand
        assert hand is not None
        seating = self._seating
        self._last = None
        self._in_hand = False
        self._turn = -1
        self._handed = None
        after = hand._stacks  # (the engine's own list: read, not kept)
        totals, before = self._totals, self._hand_stacks
        if seating.identity:
            self._stacks = list(after)
            for t in range(self.size):  # (cheaper than map or a comprehension here)
                totals[t] += after[t] - before[t]
        else:
            for h, t in enumerate(seating.seats):
                self._stacks[t] = after[h]
                totals[t] += after[h] - before[t]
        number = self._hand_no
        if not self.reset_stacks and 0 in after:  # somebody is out
            busted = [t for t in seating.seats if self._stacks[t] == 0]
            left = len(seating.seats) - len(busted)
            self._place(busted, left, [self._hand_stacks[t] for t in busted])
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
        # No more decisions: let the views go (each refers to the table, a cycle that
        # would leave a finished game to the garbage collector instead of freeing it).
        self._views = [None] * self.size

    @property
    def last_result(self) -> HandResult | None:
        """How the last finished hand ended, in table seats."""
        hand = self._hand
        if self._last is None and hand is not None and hand.result is not None:
            self._last = self._seating.result(hand.result)
        return self._last

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
        return PlayerView(
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
        return self.step()

    def full_view_for(self, view: TurnView) -> PlayerView:
        """The complete :meth:`turn_view` of the decision ``view`` was handed out for
        (while it is pending)."""
        t = self.to_act
        if view is not self._handed or t is None:
            raise StaleViewError(
                "this view was handed out for a decision the table has moved past: read a "
                "view while deciding (keep copy.copy(view) to look at it later)"
            )
        self._views[t] = None  # complete from now on: never handed out again
        return self.view(t)

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
        state["_views"] = [None] * self.size
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

        return restore(data, key=key, rng=rng, clock=clock)

    def __repr__(self) -> str:
        if self._over:
            state = "over"
        elif self._in_hand:
            state = f"hand {self._hand_no}, seat {self.to_act} to act"
        else:
            state = f"between hands ({self._hand_no} played)"
        return f"<Table {self.size} seats, button {self._button}, {state}>"
