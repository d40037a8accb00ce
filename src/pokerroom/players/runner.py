"""A synchronous runner: players (:class:`~pokerroom.players.base.Player`) play a
:class:`~pokerroom.table.Table`.

The runner asks the seat to act for its action, tells every player what the protocol
promises (the game, each hand, public events, its view of each finished hand, the
result), and keeps the game going whatever a player does: an exception, an answer that is
not an :class:`~pokerroom.engine.Action`, an illegal action, or an answer later than the
time budget each get the table's default action (check if free, else fold; at the
showdown, show a hand that can still win), and a :class:`Fault` is recorded.  An
exception in a notification is recorded too, and the game goes on.

Time: the runner has no clock of its own; give it one (``clock=time.perf_counter``) to
hold players to their ``budget`` (seconds per decision).  A Python call cannot be
interrupted, so an answer over budget is found when it returns and is thrown away (the
default action is played instead); the network dealer enforces real deadlines itself.
The clock is read once per decision, as the answer comes: a decision's time runs from
the previous reading, so the table's own work since the last answer (microseconds) counts
with it; after anything else (a fault, players told of events, a pause between calls) the
clock is read again before the next decision.

Seats whose player is ``None`` are played from outside (a person, an agent, a remote
program): :meth:`Runner.advance` plays the others until such a seat must decide, and
:meth:`Runner.apply` takes its action.

:meth:`Runner.save` keeps the whole game as plain data (the table, every player's state,
what the players have been told: :class:`Told`) and :meth:`Runner.restore` brings it
back, so that the game goes on exactly as it would have (:mod:`pokerroom.players.saved`).

>>> import random
>>> from pokerroom.players import CallingStation, RandomBot
>>> from pokerroom.rules import Rules
>>> from pokerroom.table import Table
>>> table = Table(Rules.preset("no-limit", buy_in=100), 3, rng=random.Random(2))
>>> result = Runner(table, [RandomBot(seed=1), CallingStation(), RandomBot(seed=2)]).play()
>>> result.hands, [s.seat for s in result.standings], sum(result.stacks)
(16, [2, 0, 1], 300)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerroom.engine import Action, IllegalAction, PlayerView, Street
from pokerroom.players.base import Player, hook
from pokerroom.players.runstate import Fault, FaultKind, Told
from pokerroom.table import Standing, Table, TableError

__all__ = ["Fault", "FaultKind", "GameResult", "Runner", "Told"]


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game: places (best first), final stacks, chips won over the game,
    hands played, faults."""

    names: tuple[str, ...]
    standings: tuple[Standing, ...]
    stacks: tuple[int, ...]
    totals: tuple[int, ...]
    hands: int
    faults: tuple[Fault, ...]

    @property
    def winner(self) -> int | None:
        """The seat in first place alone, if there is one."""
        first = [s.seat for s in self.standings if s.place == 1]
        return first[0] if len(first) == 1 else None


class Runner:
    """Players at a table.  ``players[seat]`` plays that seat (None: played from
    outside); ``budget`` is the seconds each decision may take, checked with ``clock``;
    ``on_fault`` hears each :class:`Fault` as it happens.  ``told`` (another runner's
    :attr:`told`, for the same players restored or wrapped) says what the players have
    heard already; by default they have heard nothing of the game (or, if it is under
    way, only of the hands before the one in play)."""

    def __init__(
        self,
        table: Table,
        players: Sequence[Player | None],
        *,
        clock: Callable[[], float] | None = None,
        budget: float = 10.0,
        on_fault: Callable[[Fault], None] | None = None,
        told: Told | None = None,
    ) -> None:
        if len(players) != table.size:
            raise TableError(f"{len(players)} players for {table.size} seats")
        for seat, p in enumerate(players):
            if p is not None and not callable(getattr(p, "act", None)):
                raise TableError(f"seat {seat}: {p!r} is not a player (it has no act method)")
        if not budget > 0:
            raise TableError(f"budget is {budget!r}: seconds, more than 0")
        self.table = table
        self.players = tuple(players)
        self._clock = clock
        self.on_fault = on_fault
        self.faults: list[Fault] = []
        self._act = [getattr(p, "act", None) for p in players]
        self._hooks = {name: [hook(p, name) for p in players] for name in
                       ("start_game", "start_hand", "announce", "observe", "end_hand",
                        "end_game")}  # fmt: skip
        self._wants = {name: any(fs) for name, fs in self._hooks.items()}
        # Nobody hears anything (no player overrides a notification): nothing to sync.
        self._quiet = not any(self._wants.values())
        self._observers = [(s, f) for s, f in enumerate(self._hooks["observe"]) if f]
        self._announce = self._hooks["announce"]
        # Nobody to ask at the showdown: the hand decides it the default way itself.
        self._auto_showdown = None not in self.players and not any(self._announce)
        # The decisions' clock (float() is 0.0: without a clock no time passes).
        self._read: Callable[[], float] = clock if clock is not None else float
        self._budget = float(budget)
        # Told before each hand's first decision: what happened since they last heard.
        self._before = None if self._quiet else self._sync
        self._started = False
        self._hand_seen = table.hand_number if not table.in_hand else table.hand_number - 1
        self._hand_closed = True
        self._sent = 0
        self._finished = False
        if told is not None:
            self._started, self._hand_seen, self._hand_closed, self._sent, self._finished = told

    @property
    def told(self) -> Told:
        """What the players have been told so far."""
        return Told(self._started, self._hand_seen, self._hand_closed, self._sent,
                    self._finished)  # fmt: skip

    @property
    def clock(self) -> Callable[[], float] | None:
        """The clock each decision is timed by (None: none is timed)."""
        return self._clock

    @property
    def budget(self) -> float:
        """The seconds each decision may take."""
        return self._budget

    # ------------------------------------------------------------------- playing

    def play(
        self, hands: int | None = None, *, after_hand: Callable[[], object] | None = None
    ) -> GameResult:
        """Play until the game is over (or ``hands`` more hands have been played), calling
        ``after_hand()`` after each hand if given (the players have been told of it)."""
        table = self.table
        if hands is None and table.max_hands is None and table.reset_stacks:
            raise TableError("a game that resets stacks never ends: pass hands= or max_hands")
        self._sync()
        if hands is not None:
            for _ in range(hands):
                if table.is_over:
                    break
                self.play_hand()
                if after_hand is not None:
                    after_hand()
            return self.result()
        # To the end of the game in one loop, telling the players of each hand over and
        # calling after_hand() between hands.
        if not table.is_over:
            self._deal()
            self._check(self._decisions(self._after_each(after_hand)))
        return self.result()

    def _after_each(self, after_hand: Callable[[], object] | None) -> Callable[[], object]:
        """What the loop calls after each hand: the players told, then ``after_hand()``."""
        if self._quiet:
            return after_hand if after_hand is not None else _nothing
        sync = self._sync
        if after_hand is None:
            return sync

        def after() -> None:
            sync()
            after_hand()

        return after

    def play_hand(self) -> None:
        """Deal the next hand (unless one is in play) and play it to the end."""
        self._deal()
        self._check(self._decisions())
        if not self._quiet:
            self._sync()

    def _deal(self) -> None:
        """Deal the next hand unless one is in play, and tell the players."""
        if not self.table.in_hand:
            self.table.deal(auto_showdown=self._auto_showdown)
        if self._before is not None:
            self._before()

    @staticmethod
    def _check(seat: int | None) -> None:
        if seat is not None:
            raise TableError(f"seat {seat} must act and has no player: use advance() and apply()")

    def advance(self) -> int | None:
        """Play the players' decisions until a seat played from outside must decide
        (returned) or the hand is over (None)."""
        self._sync()
        seat = self._decisions()
        if seat is None:
            self._sync()
        return seat

    def _decisions(self, after: Callable[[], object] | None = None) -> int | None:
        """The game loop, the only one: while a seat is to act, ask its player for an
        action (with the budget, timed by the clock) and take it, until a seat played
        from outside must decide (returned) or the hand is over (None); with ``after``,
        on to the end of the game: ``after()`` after each hand, then the next hand dealt
        and the players told.

        A player that raises, answers late, answers something that is not an Action or
        an illegal one gets the default action, and a :class:`Fault` is recorded (the
        clock is read again after it).  An answer's time runs from the previous reading
        of the clock: the previous answer, or the start of the loop.  At the showdown
        (a hand dealt without ``auto_showdown``) a player's ``announce`` decides, the
        default if it has none.  The observers hear of each action as it is taken."""
        table = self.table
        step, deal, auto, before = table.step, table.deal, self._auto_showdown, self._before
        acts, announce, read, budget = self._act, self._announce, self._read, self._budget
        flush = self._flush if self._observers else None
        deadline = read() + budget
        view = step()
        showdowns = not table.auto_showdown  # show or muck decisions: announce decides
        while True:
            if view is None:  # the hand is over (or none is in play)
                if after is None:
                    return None
                after()
                if table.is_over:
                    return None
                view = deal(None, auto_showdown=auto)  # (the hand over: none in play)
                if before is not None:
                    before()
                showdowns = not auto
                continue
            t = view.seat
            act = acts[t]
            if showdowns and view.legal.street is _SHOWDOWN:  # type: ignore[union-attr]
                act = announce[t]
                if act is None and acts[t] is not None:  # no announce: the default
                    view, deadline = self._unannounced()
                    continue
            if act is None:
                return t  # played from outside
            try:
                answer = act(view, budget)
            except Exception as exc:
                why = f"{type(exc).__name__}: {exc}"
                view, deadline = self._fault(t, FaultKind.EXCEPTION, why)
                continue
            now = read()
            if now > deadline:
                why = f"answered in {now - deadline + budget:.3g} s, budget {budget:.3g} s"
                view, deadline = self._fault(t, FaultKind.TIMEOUT, why)
                continue
            deadline = now + budget
            try:
                if answer is None:  # (to step, None is "take nothing")
                    raise IllegalAction("None")
                view = step(answer)  # (it refuses an answer that is not an Action too)
            except IllegalAction as exc:
                if type(answer) is Action:
                    view, deadline = self._fault(t, FaultKind.ILLEGAL, str(exc))
                else:
                    why = f"returned {_short(answer)}"
                    view, deadline = self._fault(t, FaultKind.GARBAGE, why)
                continue
            if flush is not None:
                flush()

    def _unannounced(self) -> tuple[PlayerView | None, float]:
        """A showdown decision of a player that does not announce: the default (no fault).
        The view now pending, and the next deadline."""
        table = self.table
        table.apply(table.default_action())
        if self._observers:
            self._flush()
        return table.step(), self._read() + self._budget

    def _fault(self, seat: int, kind: FaultKind, detail: str) -> tuple[PlayerView | None, float]:
        """:meth:`_default` in the loop: the view now pending, and the next deadline."""
        self._default(seat, kind, detail)
        return self.table.step(), self._read() + self._budget

    def apply(self, action: Action) -> None:
        """The action of a seat played from outside (:class:`IllegalAction` if illegal,
        nothing changed)."""
        self._sync()
        self.table.apply(action)
        self._sync()

    def fault(self, kind: FaultKind, detail: str) -> Action:
        """Record a fault of the seat to act (e.g. a remote player out of time) and play
        its default action; returns that action."""
        self._sync()
        seat = self.table.to_act
        if seat is None:
            raise IllegalAction("nobody is to act")
        return self._default(seat, kind, detail)

    def result(self) -> GameResult:
        table = self.table
        return GameResult(table.names, table.standings, table.stacks, table.totals,
                          table.hand_number, tuple(self.faults))  # fmt: skip

    # ------------------------------------------------------------- save, restore

    def save(self, *, key: bytes | None = None) -> dict[str, Any]:
        """The whole game as plain JSON data, checksummed (HMAC-SHA256 with ``key``): the
        table, each player's state, what they have been told, the faults.  Call it
        between the runner's calls, or from a player deciding (see
        :mod:`pokerroom.players.saved`)."""
        from pokerroom.players.saved import save

        return save(self, key=key)

    @classmethod
    def restore(
        cls,
        data: Any,
        players: Sequence[Player | None],
        *,
        key: bytes | None = None,
        rng: random.Random | None = None,
        clock: Callable[[], float] | None = None,
        budget: float = 10.0,
        on_fault: Callable[[Fault], None] | None = None,
        table_clock: Callable[[], float] | None = None,
    ) -> Runner:
        """The game :meth:`save` wrote, with ``players`` (built as the saved ones were:
        each is given its saved state) in their seats, or
        :class:`~pokerroom.table.SaveError` naming what is wrong."""
        from pokerroom.players.saved import restore

        return restore(data, players, runner_class=cls, key=key, rng=rng, clock=clock,
                       budget=budget, on_fault=on_fault, table_clock=table_clock)  # fmt: skip

    # -------------------------------------------------------------------- faults

    def _default(self, seat: int, kind: FaultKind, detail: str) -> Action:
        table = self.table
        action = table.default_action()
        street = table.legal_actions().street
        where = "announce" if street is Street.SHOWDOWN else "act"
        table.apply(action)
        self._record(Fault(table.hand_number, seat, table.names[seat], kind, where, detail,
                           action))  # fmt: skip
        self._sync()
        return action

    def _record(self, fault: Fault) -> None:
        self.faults.append(fault)
        if self.on_fault is not None:
            self.on_fault(fault)

    def _tell(self, seat: int, where: str, method: Callable[[Any], object], arg: object) -> None:
        try:
            method(arg)
        except Exception as exc:
            why = f"{type(exc).__name__}: {exc}"
            table = self.table
            self._record(Fault(table.hand_number, seat, table.names[seat], FaultKind.EXCEPTION,
                               where, why))  # fmt: skip

    # ------------------------------------------------------------- notifications

    def _sync(self) -> None:
        """Tell the players everything that happened and they have not heard yet."""
        if self._quiet:
            return
        table = self.table
        if not self._started:
            self._started = True
            self._tell_all("start_game", table.game_start)
        number = table.hand_number
        if number != self._hand_seen and table.hand is not None:
            if not self._hand_closed:
                self._close_hand()
            self._hand_seen = number
            self._hand_closed = False
            self._sent = 0
            if self._wants["start_hand"]:
                start = table.hand_start
                self._tell_all("start_hand", lambda seat: start)
        if self._observers:
            self._flush()
        if not table.in_hand and not self._hand_closed:
            self._close_hand()
        if table.is_over and not self._finished:
            self._finished = True
            result = self.result()
            self._tell_all("end_game", lambda seat: result)

    def _tell_all(self, hook: str, what: Callable[[int], object]) -> None:
        if self._wants[hook]:
            for seat, f in enumerate(self._hooks[hook]):
                if f is not None:
                    self._tell(seat, hook, f, what(seat))

    def _flush(self) -> None:
        new = self.table.public_events(self._sent)
        self._sent += len(new)
        for event in new:
            for seat, observe in self._observers:
                self._tell(seat, "observe", observe, event)

    def _close_hand(self) -> None:
        self._hand_closed = True
        self._tell_all("end_hand", self.table.view)


_SHOWDOWN = Street.SHOWDOWN


def _nothing() -> None:
    return None


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
