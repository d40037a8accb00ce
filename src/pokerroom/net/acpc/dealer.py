"""An ACPC match as a pure state machine: what the reference dealer sends, reads and logs.

The dealer deals each hand with the reference dealer's MT19937 deal
(:meth:`~pokerroom.history.acpc.GameDef.deals`), plays it at a
:class:`~pokerroom.table.Table` under the game's rules
(:func:`~pokerroom.history.acpcreplay.rules_from_gamedef`; stacks reset every hand, the
button moving one seat a hand unless the seats are fixed), sends every seat its
``MATCHSTATE`` after every action and at the end of the hand, and writes the log the
reference writes.  Sockets and clocks belong to :mod:`pokerroom.net.acpc.server`: it passes
in the lines it reads and the seconds a seat took, and sends the :class:`Message` s it
gets back.

>>> from pokerroom.history.acpc import GameDef
>>> from pokerroom.history.acpc import LIMIT_HEADS_UP
>>> dealer = ACPCDealer(GameDef.parse(LIMIT_HEADS_UP), names=["Alice", "Bob"], hands=2,
...                     seed=42)
>>> for m in dealer.start().messages:
...     print(m.seat, m.text)
0 MATCHSTATE:0:0::7d3d|
1 MATCHSTATE:1:0::|2hAc
>>> dealer.actor
1
>>> for m in dealer.receive(1, "MATCHSTATE:1:0::|2hAc:f").messages:
...     print(m.seat, m.text)
0 MATCHSTATE:0:0:f:7d3d|
1 MATCHSTATE:1:0:f:|2hAc
0 MATCHSTATE:1:1::|3d3h
1 MATCHSTATE:0:1::9h6s|
>>> dealer.log[-1]
'STATE:0:f:7d3d|2hAc:5|-5:Alice|Bob'

Seats are the players' connections in the order their names are given; positions
(0 = first after the button) rotate one seat every hand unless ``fixed_seats``.
Decisions the reference leaves to the operator: a seat that runs out of time or
disconnects gets the default action (check if free, else fold) and the match goes on;
its time is the smallest of what is left of the per-action limit, of its per-hand limit
and of its share of the match (``per_hand`` x hands).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from pokerroom.cards import CARD_CHARS, Deck
from pokerroom.engine.actions import Action, ActionKind, Street
from pokerroom.history.acpc import Betting, GameDef
from pokerroom.history.acpclog import ACPCAction, exact_split
from pokerroom.history.acpcreplay import rules_from_gamedef
from pokerroom.net.acpc.protocol import (
    Decision,
    InvalidPolicy,
    MatchState,
    ReplyKind,
    decide,
    read_reply,
)
from pokerroom.table import Table

__all__ = ["ACPCDealer", "Message", "Step", "TimeLimits", "format_value"]

_FOLD, _BET, _RAISE = ActionKind.FOLD, ActionKind.BET, ActionKind.RAISE
_SHOWDOWN = Street.SHOWDOWN
_SHOW = Action.show()
_tuple_new = tuple.__new__


@dataclass(frozen=True, slots=True)
class TimeLimits:
    """Time limits in seconds: per action, per hand (a seat's time in one hand), and
    per hand on average over the match (the reference's ``--t_response``, ``--t_hand``
    and ``--t_per_hand``; its defaults)."""

    response: float = 600.0
    hand: float = 600.0
    per_hand: float = 7.0

    def __post_init__(self) -> None:
        for name in ("response", "hand", "per_hand"):
            if not getattr(self, name) > 0:
                raise ValueError(f"the {name} time limit must be more than 0 seconds")


class _Deal(NamedTuple):
    """A hand's cards: the deck that deals them to the engine, and their texts (each
    position's hole cards; the hole cards as each position sees them; each round's
    board, ``/`` before it)."""

    deck: Deck
    holes: list[str]
    private: list[str]
    board: list[str]


class Message(NamedTuple):
    """A line for the player at ``seat`` (its ``\\r\\n`` not included)."""

    seat: int
    text: str


@dataclass(slots=True)
class Step:
    """What one event produced: lines to send (in order), notes for the operator (what
    the reference prints as warnings), and whether an action was taken."""

    messages: list[Message] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    acted: bool = False


def format_value(value: Fraction) -> str:
    """A chip value as the reference dealer writes it (``%.6f``, trailing zeros cut).

    >>> format_value(Fraction(15889, 2)), format_value(Fraction(-40)), format_value(Fraction(20, 3))
    ('7944.5', '-40', '6.666667')
    """
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.6f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _check_match(game: GameDef, names: Sequence[str], hands: int, *, fixed_seats: bool) -> None:
    """A ``ValueError`` naming what is wrong with a match's set-up, if anything."""
    n = game.num_players
    if len(names) != n:
        raise ValueError(f"the game is for {n} players, {len(names)} names given")
    for name in names:
        if not name or any(c in name for c in ":|\r\n") or name != name.strip():
            raise ValueError(f"a player's name cannot be {name!r} (no ':', '|', spaces)")
    if hands < 1:
        raise ValueError(f"a match has 1 hand or more, not {hands}")
    if len(set(game.stack)) > 1 and not fixed_seats:
        raise ValueError(
            f"the stacks differ by position ({' '.join(map(str, game.stack))}): this "
            f"dealer rotates seats only when they are equal (use fixed seats)"
        )


class ACPCDealer:
    """One match (see the module doc).  ``names`` per seat; ``hands`` to play; ``seed``
    for the deal.  ``match_name`` and ``game_file`` go in the log's header.  ``on_hand``
    is called after each hand, while the table still holds it (to record it)."""

    def __init__(
        self,
        game: GameDef,
        *,
        names: Sequence[str],
        hands: int,
        seed: int,
        fixed_seats: bool = False,
        invalid: InvalidPolicy = InvalidPolicy.CALL,
        limits: TimeLimits | None = None,
        match_name: str = "match",
        game_file: str = "game",
        on_hand: Callable[[], None] | None = None,
    ) -> None:
        _check_match(game, names, hands, fixed_seats=fixed_seats)
        n = game.num_players
        self.game = game
        self.rules = rules_from_gamedef(game)
        self.table = Table(self.rules, list(game.stack), names=names, button=n - 1,
                           reset_stacks=True, button_moves=not fixed_seats,
                           max_hands=hands)  # fmt: skip
        self.names = tuple(names)
        self.hands = hands
        self.seed = seed
        self.fixed_seats = fixed_seats
        self.invalid = invalid
        self.limits = limits or TimeLimits()
        self.match_name = match_name
        self.game_file = game_file
        self._totals: list[int | Fraction] = [0] * n  # Fractions only once a pot is split
        self.used_match = [0.0] * n
        self.used_hand = [0.0] * n
        self.on_hand = on_hand
        self.faults: list[tuple[int, str]] = []
        """(seat, what happened) for each default action taken for a seat."""
        self.log: list[str] = self.header()
        self.hand_number = -1
        self.finished = False
        self._deals = game.deals(seed)
        self._ahead: _Deal | None = None  # the next hand's cards, made while a player thinks
        self._player0_seat = 0
        self._nolimit = game.betting is Betting.NOLIMIT
        self._names_from = [
            "|".join(self.names[(first + p) % n] for p in range(n)) for first in range(n)
        ]  # the names in position order, by the seat of position 0
        self._over = False
        self._clear_texts()

    def _clear_texts(self) -> None:
        """No hand's text yet (a hand's start sets it; each action adds to it)."""
        self._betting_text = ""
        self._rounds = 1
        self._hole_text: list[str] = []
        self._private: list[str] = []
        self._board_text: list[str] = []
        self._texts: list[str] = []
        self._heads: list[str] = []  # each seat's state up to the betting, this hand
        self._tails: list[str] = []  # and from the ':' after it, this round

    # ------------------------------------------------------------------ the log

    def header(self) -> list[str]:
        """The log's first lines (the reference's, times in milliseconds)."""
        limits = self.limits
        return [
            f"# name/game/hands/seed {self.match_name} {self.game_file} {self.hands} "
            f"{self.seed}",
            f"#--t_response {round(limits.response * 1000)}",
            f"#--t_hand {round(limits.hand * 1000)}",
            f"#--t_per_hand {round(limits.per_hand * 1000)}",
        ]

    @property
    def totals(self) -> list[Fraction]:
        """Each seat's winnings over the hands played (exact: split pots shared)."""
        return [Fraction(v) for v in self._totals]

    def score_line(self) -> str:
        """``SCORE:<totals>:<names>`` in seat order."""
        totals = "|".join(format_value(v) for v in self.totals)
        return f"SCORE:{totals}:{'|'.join(self.names)}"

    # ----------------------------------------------------------------- seats

    def position(self, seat: int) -> int:
        """The position of ``seat`` in the current hand (0: first after the button)."""
        return (seat - self._player0_seat) % self.game.num_players

    def seat(self, position: int) -> int:
        return (position + self._player0_seat) % self.game.num_players

    @property
    def actor(self) -> int | None:
        """The seat whose answer the dealer waits for (``None`` between matches)."""
        return self.table.to_act

    def budget(self, seat: int) -> float:
        """Seconds ``seat`` has for its answer now (0 or less: none left)."""
        limits = self.limits
        return min(
            limits.response,
            limits.hand - self.used_hand[seat],
            limits.per_hand * self.hands - self.used_match[seat],
        )

    def state(self, seat: int) -> MatchState:
        """The current state as the player at ``seat`` sees it."""
        return MatchState.parse(self.text(seat))

    def text(self, seat: int) -> str:
        """The current state as sent to ``seat`` (without its line ending)."""
        if not self._texts:
            raise RuntimeError("the match has not started")
        return self._texts[seat]

    def _refresh(self) -> list[Message]:
        """The states of every seat after a change, as messages in seat order."""
        betting = self._betting_text
        texts = [head + betting + tail for head, tail in zip(self._heads, self._tails, strict=True)]
        self._texts = texts
        return [_tuple_new(Message, pair) for pair in enumerate(texts)]  # Message(seat, text)

    def _cards_changed(self) -> None:
        """Each seat's cards as it sees them (after the betting in its state), once a
        round's board is out or the hand is over."""
        hand = self.table.hand
        assert hand is not None
        n = self.game.num_players
        board = "".join(self._board_text[: self._rounds])
        if self._over and hand.folded.count(False) > 1:
            # a showdown: every hand still in is shown; a player always sees its own
            folded = [hand.folded[self.seat(q)] for q in range(n)]
            cards = self._hole_text
            holes = [
                "|".join(h if q == p or not folded[q] else "" for q, h in enumerate(cards))
                for p in range(n)
            ]
        else:
            holes = self._private
        first = self._player0_seat
        self._tails = [f":{holes[(seat - first) % n]}{board}" for seat in range(n)]

    # ------------------------------------------------------------------ play

    def start(self) -> Step:
        """Deal the first hand: the states to send."""
        if self.hand_number >= 0:
            raise RuntimeError("the match has already started")
        return Step(self._new_hand())

    def deal_ahead(self) -> None:
        """Work out the next hand's cards and their texts now, if not yet done (they do
        not depend on the play).  The server calls it while it waits for a player, so
        that the next hand starts without that work."""
        if self._ahead is None and self.hand_number + 1 < self.hands:
            self._ahead = self._deal()

    def _deal(self) -> _Deal:
        dealt = next(self._deals)
        n = self.game.num_players
        chars = CARD_CHARS
        # the engine's seats are the positions (the button last): hole cards one at a
        # time from position 0, then the board (no burns)
        order = [h[k] for k in range(self.game.num_hole_cards) for h in dealt.hole]
        order += [c for r in dealt.board for c in r]
        holes = ["".join([chars[c] for c in h]) for h in dealt.hole]
        private = ["|".join(h if q == p else "" for q, h in enumerate(holes)) for p in range(n)]
        board = [("/" if r else "") + "".join([chars[c] for c in b])
                 for r, b in enumerate(dealt.board)]  # fmt: skip
        return _Deal(Deck.stacked(order), holes, private, board)

    def _new_hand(self) -> list[Message]:
        self.hand_number += 1
        n = self.game.num_players
        if self.hand_number and not self.fixed_seats:
            self._player0_seat = (self._player0_seat + 1) % n
        self.used_hand = [0.0] * n
        deal, self._ahead = self._ahead or self._deal(), None
        self.table.start_hand(deal.deck)
        assert self.table.button == self.seat(n - 1)
        self._betting_text = ""
        self._rounds = 1
        self._hole_text = deal.holes
        self._private = deal.private
        self._board_text = deal.board
        self._over = False
        first, number = self._player0_seat, self.hand_number
        self._heads = [f"MATCHSTATE:{(seat - first) % n}:{number}:" for seat in range(n)]
        self._cards_changed()
        return self._refresh()

    def receive(self, seat: int, line: str, elapsed: float = 0.0) -> Step:
        """A line from ``seat`` (its line ending stripped or not), ``elapsed`` seconds
        after its state was sent.  A reply to the current state from the seat to act
        is taken (an invalid action as :class:`InvalidPolicy` says); anything else is
        ignored, with a note."""
        actor = self.table.to_act
        if actor is None:
            return Step(notes=[f"seat {seat + 1}: ignoring a line: no hand in play"])
        if line.startswith(("#", ";")):
            return Step()
        if seat != actor:
            return Step(notes=[f"seat {seat + 1}: ignoring un-requested response (not to act)"])
        reply = read_reply(line, self._texts[seat], self.game)
        if reply.kind is ReplyKind.COMMENT:
            return Step()
        if reply.kind is ReplyKind.UNREADABLE:
            return Step(notes=[f"seat {seat + 1}: bad state format in response ({reply.reason})"])
        if reply.kind is ReplyKind.NOT_CURRENT:
            return Step(notes=[f"seat {seat + 1}: ignoring un-requested response ({reply.reason})"])
        decision = self._decide(seat, reply.action)
        if decision.action is None:
            return Step(notes=[f"seat {seat + 1}: {decision.problem}"])
        step = self._act(seat, decision.action, elapsed)
        if decision.problem:
            step.notes.insert(0, f"seat {seat + 1}: {decision.problem}")
        return step

    def expire(self, seat: int, elapsed: float = 0.0, *, why: str = "ran out of time") -> Step:
        """``seat``, the seat to act, gave no answer (out of time, disconnected): it
        takes the default action (check if free, else fold)."""
        if seat != self.actor:
            raise RuntimeError(f"seat {seat + 1} is not to act")
        action = self.table.default_action()
        note = f"seat {seat + 1} {why}: {action}"
        self.faults.append((seat, f"hand {self.hand_number}: {note}"))
        step = self._act(seat, action, elapsed)
        step.notes.insert(0, note)
        return step

    def _decide(self, seat: int, action: ACPCAction | None) -> Decision:
        hand = self.table.hand
        assert hand is not None
        # every seat plays every hand: the hand's seats are the table's
        nolimit = self._nolimit
        base = hand.committed[seat] - hand.bets[seat] if nolimit else 0  # no-limit sizes only
        return decide(
            action, hand.legal_actions(), round_base=base, nolimit=nolimit, policy=self.invalid
        )

    def _act(self, seat: int, action: Action, elapsed: float) -> Step:
        table, hand = self.table, self.table.hand
        assert hand is not None
        self.used_hand[seat] += elapsed
        self.used_match[seat] += elapsed
        table.apply(action)
        kind = action.kind
        if kind is _FOLD:
            self._betting_text += "f"
        elif kind is _BET or kind is _RAISE:
            self._betting_text += f"r{hand.committed[seat]}" if self._nolimit else "r"
        else:
            self._betting_text += "c"
        while table.in_hand and hand.street is _SHOWDOWN:
            table.apply(_SHOW)  # every hand still in is shown, as the reference does
        over = hand.is_over
        if over:
            live = hand.folded.count(False)
            rounds = self.game.num_rounds if live > 1 else self._rounds
        else:
            rounds = int(hand.street) + 1
        if self._rounds < rounds:
            self._betting_text += "/" * (rounds - self._rounds)
            self._rounds = rounds
            if not over:
                self._cards_changed()
        if not over:
            return Step(self._refresh(), acted=True)
        self._over = True
        self._cards_changed()
        self._finish_hand()
        messages = self._refresh()
        if self.hand_number + 1 < self.hands:
            messages += self._new_hand()
        else:
            self.finished = True
            self.log.append(self.score_line())
        return Step(messages, acted=True)

    def _finish_hand(self) -> None:
        result = self.table.last_result
        assert result is not None
        n, first = self.game.num_players, self._player0_seat
        if any(len(pot.winners) > 1 for pot in result.pots):
            by_seat: Sequence[int | Fraction] = exact_split(result, result.net)
            nets = "|".join(format_value(Fraction(by_seat[(p + first) % n])) for p in range(n))
        else:  # nothing split: whole chips
            by_seat = result.net
            nets = "|".join(str(by_seat[(p + first) % n]) for p in range(n))
        totals = self._totals
        for seat in range(n):
            total = totals[seat] + by_seat[seat]
            if type(total) is Fraction and total.denominator == 1:
                total = total.numerator  # whole again: back to the int's faster sums
            totals[seat] = total
        # the reference's STATE line (what ACPCHand prints), from the texts already made
        cards = "|".join(self._hole_text) + "".join(self._board_text[: self._rounds])
        names = self._names_from[first]
        self.log.append(f"STATE:{self.hand_number}:{self._betting_text}:{cards}:{nets}:{names}")
        if self.on_hand is not None:
            self.on_hand()
