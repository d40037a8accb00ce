"""A seat at an ACPC dealer: the ``MATCHSTATE`` lines a player receives, as engine views.

The seat follows each hand's betting on the engine, so a pokerroom player gets a true
:class:`~pokerroom.engine.PlayerView` with its legal actions, and its answer goes back
as ACPC text.

>>> from pokerroom.history.acpc import GameDef
>>> from pokerroom.history.acpc import LIMIT_HEADS_UP
>>> seat = ACPCSeat(GameDef.parse(LIMIT_HEADS_UP))
>>> seat.receive("MATCHSTATE:0:2:crc/c:4d6c|/3c9sJc")
>>> seat.to_act
False
>>> seat.receive("MATCHSTATE:0:2:crc/cr:4d6c|/3c9sJc")
>>> seat.to_act, str(seat.view().legal)
(True, 'fold, call 10, raise to 20')
>>> seat.reply(Action.raise_to(20))
'MATCHSTATE:0:2:crc/cr:4d6c|/3c9sJc:r'

Engine seats are ACPC positions here (the button is the last position).

The dealer sends a state after every action, each one the last plus an action (and
the cards it brings), so a state is read as what it adds to the last one; anything
else (a new hand, a state that does not follow) is read in full.  The betting is
followed on a hand dealt stand-in cards: whose turn it is, what it may do, what each
position has put in and what a fold leaves each do not depend on the cards, only on
the betting so far.  So the seat keeps them per betting text (a limit game's betting
takes few paths, met again and again) and plays a betting on the stand-in hand only
the first time it meets it.  The hand with the real cards,
which views, events and results come from, is worked out only when something asks for
it; a decision's view (:meth:`ACPCSeat.view`) is worked out field by field when first
read, so a player that reads only ``view.legal`` costs nothing more.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pokerroom.cards import Card, full_deck
from pokerroom.engine.actions import Action, IllegalAction, LegalActions
from pokerroom.engine.hand import Hand, HandError
from pokerroom.engine.view import PlayerView
from pokerroom.history.acpc import Betting, GameDef
from pokerroom.history.acpclog import ACPCAction, exact_split, parse_betting, parse_state_cards
from pokerroom.history.acpcreplay import play_acpc_action, rules_from_gamedef, show_all
from pokerroom.history.errors import ACPCError, HistoryError
from pokerroom.history.replay import stacked_start
from pokerroom.net.acpc.protocol import ACPCProtocolError, MatchState, acpc_action
from pokerroom.table import StaleViewError
from pokerroom.table.seats import TurnView

__all__ = ["ACPCSeat"]

Holes = tuple[tuple[Card, ...], ...]

_CARDS = {str(c): c for c in full_deck()}
_MAX_NODES: Final = 50_000
"""The most betting texts a seat keeps what it knows of (a limit game has far fewer;
a no-limit game's raise sizes make most texts new: past this, they are not kept)."""


@dataclass(frozen=True, slots=True)
class _Node:
    """What a hand's betting text says, the same whatever the cards: the position to
    act (-1: none), whether the hand is over, the choices of the position to act, what
    each position put in before this round, how many have not folded, and each
    position's net when a fold ended the hand (``None`` otherwise)."""

    to_act: int
    over: bool
    legal: LegalActions | None
    bases: tuple[int, ...]
    live: int
    nets: tuple[Fraction, ...] | None

    @classmethod
    def of(cls, turn: Hand) -> _Node:
        to_act, over = turn.to_act, turn.is_over
        folded = turn.folded
        live = folded.count(False)
        nets = None
        if over and live < 2:
            result = turn.result
            assert result is not None
            nets = tuple(exact_split(result, result.net))
        bases = tuple(c - b for c, b in zip(turn.committed, turn.bets, strict=True))
        legal = turn.legal_actions() if to_act is not None else None
        return cls(-1 if to_act is None else to_act, over, legal, bases, live, nets)


_ADDED: dict[str, tuple[list[ACPCAction], int]] = {}
"""The betting a state adds to the last (``'c/'``: a call that ends the round), read."""


def _added(text: str) -> tuple[list[ACPCAction], int]:
    """The actions in ``text`` (what one state's betting adds to the last's) and how
    many rounds it opens; :class:`ACPCError` if it is not betting."""
    known = _ADDED.get(text)
    if known is None:
        rounds = parse_betting(text)
        known = ([a for r in rounds for a in r], len(rounds) - 1)
        if len(text) <= 2:  # f, c, r and a round's end: few enough to keep
            _ADDED[text] = known
    return known


def _board(text: str) -> tuple[Card, ...] | None:
    """The board cards in ``text`` (what a state's cards add to the last's:
    ``'/3c9sJc'``), or None if it is something else."""
    if not text.startswith("/"):
        return None
    cards = []
    for part in text[1:].split("/"):
        if not part or len(part) % 2:
            return None
        for i in range(0, len(part), 2):
            card = _CARDS.get(part[i : i + 2])
            if card is None:
                return None
            cards.append(card)
    return tuple(cards)


class ACPCSeat:
    """The player's side of an ACPC match under ``game``: :meth:`receive` each state's
    line, then :attr:`to_act`, :meth:`view` and :meth:`reply`."""

    def __init__(self, game: GameDef) -> None:
        self.game = game
        self.rules = rules_from_gamedef(game)
        self._betting_kind = game.betting
        self._nolimit = game.betting is Betting.NOLIMIT
        self._line = ""  # the last state, as received
        self._fields: list[str] = []  # its fields: MATCHSTATE, position, hand, betting, cards
        self._position = 0
        self._number = -1
        self._actions: list[ACPCAction] = []
        self._rounds = 0  # betting rounds reached (1 pre-flop)
        self._holes: Holes = ()
        self._board: tuple[Card, ...] = ()
        self._node: _Node | None = None  # what the betting says (None: no state yet)
        self._nodes: dict[str, _Node] = {}  # what each betting text met says
        self._turn: Hand | None = None  # the betting, on stand-in cards, made when needed
        self._turn_done = 0  # the actions it has taken
        self._spare: Hand | None = None  # the next hand's, made ahead (prepare)
        self._state: MatchState | None = None
        self._exact: Hand | None = None  # the real cards known, worked out when asked for
        self._exact_cards = ""
        self._exact_done = 0
        self._handed: TurnView | None = None  # the view of the decision asked for
        # the cards of the hand that follows the betting: any will do
        self._stand_ins = random.Random(0)

    # ------------------------------------------------------------------ reading

    def receive(self, line: str) -> None:
        """Bring the hand up to the state ``line`` (its ``\\r\\n`` may be left on);
        :class:`ACPCProtocolError` if it is not a possible state of this game."""
        line = line.rstrip("\r\n")
        fields = line.split(":")
        last = self._fields
        if (
            self._node is not None
            and len(fields) == 5
            and fields[1] == last[1]
            and fields[2] == last[2]
            and fields[3].startswith(last[3])
            and self._follow(fields, last)
        ):
            self._line, self._fields, self._state = line, fields, None
        else:
            self._restart(line, MatchState.parse(line))
            self._fields = fields
        self._handed = None  # a new state: views handed out are stale

    def update(self, state: MatchState) -> None:
        """:meth:`receive` a state already read."""
        self.receive(str(state))

    def _follow(self, fields: list[str], last: list[str]) -> bool:
        """Take a state that adds actions (and the cards they bring) to the last; False
        if it does not read as one (it is then read in full)."""
        added = fields[3][len(last[3]) :]
        cards, before = fields[4], last[4]
        if added[:1].isdigit() or (not added and cards == before):
            return False  # a raise's size grew, or nothing new: read it in full
        try:
            actions, opened = _added(added)
        except ACPCError:
            return False
        reached = self._rounds + opened
        if cards != before:
            board = _board(cards[len(before) :]) if cards.startswith(before) else None
            if board is not None:
                board = self._board + board
                holes = self._holes
            else:  # cards shown at a showdown
                try:
                    holes, rounds = parse_state_cards(cards)
                except ACPCError:
                    return False
                board = tuple(c for r in rounds for c in r)
                if (
                    board[: len(self._board)] != self._board
                    or len(holes) != len(self._holes)
                    or holes[self._position] != self._holes[self._position]
                ):
                    return False
            seen = [*board, *(c for h in holes for c in h)]
            if cards.count("/") != reached - 1 or len(set(seen)) != len(seen):
                return False
            self._holes, self._board = holes, board
        elif cards.count("/") != reached - 1:
            return False
        self._advance(actions, fields[3])
        self._rounds = reached
        return True

    def _restart(self, line: str, state: MatchState) -> None:
        """Read a state in full: the hand from its start."""
        n = self.game.num_players
        if len(state.hole) != n:
            raise ACPCProtocolError(f"a state of {len(state.hole)} players in a {n}-player game")
        if not state.hole[state.position]:
            raise ACPCProtocolError(f"the state does not show the player's own cards: {state}")
        self._node = self._turn = None
        self._actions, self._exact = [], None
        self._line = line
        self._position, self._number = state.position, state.hand
        self._holes, self._board = state.hole, tuple(c for r in state.board for c in r)
        self._advance(list(state.actions), state.betting_text)
        self._rounds = len(state.betting)
        self._state = state

    def _stand_in_hand(self) -> Hand:
        n = self.game.num_players
        try:
            return Hand(self.rules, list(self.game.stack), button=n - 1, rng=self._stand_ins)
        except HandError as exc:
            raise ACPCProtocolError(f"cannot play this game: {exc}") from None

    def prepare(self) -> None:
        """Make the hand that will follow the next hand's betting now, if not yet made
        (it depends on nothing the next hand brings).  A client calls it once it has
        answered (or had nothing to answer), so that the next hand's first state is read
        without that work."""
        if self._spare is None and self._turn is not None:
            self._spare = self._stand_in_hand()

    def _advance(self, actions: list[ACPCAction], betting: str) -> None:
        """Take the ``actions`` that bring the hand's betting to ``betting`` (the whole
        hand's text): what it says is known if the text was met before, else the
        stand-in hand plays them."""
        node = self._nodes.get(betting)
        if node is not None:
            self._actions += actions
        else:
            node = self._play(actions, betting)
            if len(self._nodes) < _MAX_NODES:
                self._nodes[betting] = node
        self._node = node

    def _play(self, actions: list[ACPCAction], betting: str) -> _Node:
        """Play ``actions`` on the stand-in hand, brought up to the actions before them
        first (made if the hand has none yet)."""
        turn = self._turn
        if turn is None:
            turn, self._spare = self._spare or self._stand_in_hand(), None
            self._turn, self._turn_done = turn, 0
        done = self._actions
        kind = self._betting_kind
        try:
            for action in done[self._turn_done :]:  # met before: legal
                play_acpc_action(turn, action, kind)
            for action in actions:
                if turn.to_act is None:
                    raise ACPCProtocolError(f"an action after the hand is over: {betting!r}")
                play_acpc_action(turn, action, kind)
                done.append(action)
        except IllegalAction as exc:
            self._node = self._turn = None
            self._fields = []
            raise ACPCProtocolError(f"an impossible state: {exc}: {betting!r}") from None
        self._turn_done = len(done)
        show_all(turn)
        return _Node.of(turn)

    # ------------------------------------------------------------------ the hand

    @property
    def state(self) -> MatchState:
        """The last state."""
        if self._state is None:
            if not self._line:
                raise RuntimeError("no state received yet")
            self._state = MatchState.parse(self._line)
        return self._state

    @property
    def position(self) -> int:
        """This player's position in the hand (0: first after the button)."""
        return self._position

    @property
    def number(self) -> int:
        """The hand's number (from 0), as the dealer counts."""
        return self._number

    @property
    def hand(self) -> Hand:
        """The engine's hand as far as the last state: the cards seen so far, stand-ins
        for the others."""
        if self._node is None:
            raise RuntimeError("no state received yet")
        cards = self._fields[4]
        exact = self._exact
        if exact is None or cards != self._exact_cards:
            holes = [h or None for h in self._holes]
            try:
                exact = stacked_start(self.rules, self.game.stack, holes, self._board)
            except HistoryError as exc:
                raise ACPCProtocolError(f"impossible cards: {exc.reason}: {cards}") from None
            self._exact, self._exact_cards, self._exact_done = exact, cards, 0
        kind = self._betting_kind
        for action in self._actions[self._exact_done :]:
            play_acpc_action(exact, action, kind)  # the stand-in hand took them all
        self._exact_done = len(self._actions)
        show_all(exact)
        return exact

    @property
    def to_act(self) -> bool:
        """Whether the last state asks this player for an action."""
        node = self._node
        return node is not None and node.to_act == self._position and not node.over

    @property
    def hand_over(self) -> bool:
        return self._node is not None and self._node.over

    def view(self) -> PlayerView:
        """The hand as this player sees it; while it is to act, the view of its decision,
        each field worked out when first read (read it before the next state)."""
        node = self._node
        if node is not None and node.to_act == self._position and not node.over:
            assert node.legal is not None
            view = self._handed
            if view is None or view._source is None:  # none yet, or complete: a new one
                view = self._handed = TurnView.make(self._position, node.legal, self)
            return view
        return self.hand.view(self._position)

    def full_view_for(self, view: TurnView) -> PlayerView:
        """The complete view of the decision ``view`` was handed out for (while it is
        the last view handed out and no new state has come)."""
        if view is not self._handed:
            raise StaleViewError(
                "this view was handed out for a decision the seat has moved past: read a "
                "view while deciding (keep copy.copy(view) to look at it later)"
            )
        return self.hand.view(self._position)

    def net(self) -> Fraction:
        """What this player won or lost in the hand just over (a split pot shared
        exactly, as the dealer shares it)."""
        node = self._node
        if node is None or not node.over:
            raise RuntimeError("the hand is not over")
        if node.nets is not None:
            return node.nets[self._position]  # a fold ended it: the cards do not matter
        result = self.hand.result  # a showdown: the real cards decide
        assert result is not None
        return exact_split(result, result.net)[self._position]

    def reply(self, action: Action) -> str:
        """The answer to the last state (without its line ending)."""
        node = self._node
        if node is None:
            raise RuntimeError("no state received yet")
        legal = node.legal if node.legal is not None else self.hand.legal_actions()
        text = acpc_action(
            action,
            to_call=legal.to_call,
            round_base=node.bases[self._position],
            nolimit=self._nolimit,
        )
        return f"{self._line}:{text}"
