"""A seat at an ACPC dealer: the ``MATCHSTATE`` lines a player receives, as engine views.

The seat replays each hand's betting on the engine (cards it cannot see are stand-ins,
never shown to the player), so a pokerroom player gets a true
:class:`~pokerroom.engine.PlayerView` with its legal actions, and its answer goes back
as ACPC text.

>>> from pokerroom.history.acpc import GameDef
>>> from pokerroom.history.acpc import LIMIT_HEADS_UP
>>> from pokerroom.net.acpc import MatchState
>>> seat = ACPCSeat(GameDef.parse(LIMIT_HEADS_UP))
>>> seat.update(MatchState.parse("MATCHSTATE:0:2:crc/c:4d6c|/3c9sJc"))
>>> seat.to_act
False
>>> seat.update(MatchState.parse("MATCHSTATE:0:2:crc/cr:4d6c|/3c9sJc"))
>>> seat.to_act, str(seat.view().legal)
(True, 'fold, call 10, raise to 20')
>>> seat.reply(Action.raise_to(20))
'MATCHSTATE:0:2:crc/cr:4d6c|/3c9sJc:r'

Engine seats are ACPC positions here (the button is the last position).
"""

from __future__ import annotations

from pokerroom.cards import Card
from pokerroom.engine.actions import Action, IllegalAction
from pokerroom.engine.hand import Hand
from pokerroom.engine.view import PlayerView
from pokerroom.history.acpc import Betting, GameDef
from pokerroom.history.acpclog import ACPCAction
from pokerroom.history.acpcreplay import play_acpc_action, rules_from_gamedef, show_all
from pokerroom.history.errors import HistoryError
from pokerroom.history.replay import stacked_start
from pokerroom.net.acpc import ACPCProtocolError, MatchState, acpc_action

__all__ = ["ACPCSeat"]


class ACPCSeat:
    """The player's side of an ACPC match under ``game``: :meth:`update` with each state
    received, then :attr:`to_act`, :meth:`view` and :meth:`reply`."""

    def __init__(self, game: GameDef) -> None:
        self.game = game
        self.rules = rules_from_gamedef(game)
        self._nolimit = game.betting is Betting.NOLIMIT
        self._state: MatchState | None = None
        self._hand: Hand | None = None
        self._cards: tuple[object, ...] = ()
        self._actions: tuple[ACPCAction, ...] = ()
        self._view: PlayerView | None = None

    @property
    def state(self) -> MatchState:
        if self._state is None:
            raise RuntimeError("no state received yet")
        return self._state

    @property
    def hand(self) -> Hand:
        """The engine's hand as far as the last state (stand-ins for unseen cards)."""
        if self._hand is None:
            raise RuntimeError("no state received yet")
        return self._hand

    def update(self, state: MatchState) -> None:
        """Bring the hand up to ``state``; :class:`ACPCProtocolError` if the state is not
        a possible one of this game."""
        n = self.game.num_players
        if len(state.hole) != n:
            raise ACPCProtocolError(f"a state of {len(state.hole)} players in a {n}-player game")
        board = tuple(c for r in state.board for c in r)
        cards = (state.hand, state.hole, board)
        actions = state.actions
        done = len(self._actions)
        if cards != self._cards or actions[:done] != self._actions:
            self._build(state, board)
            self._cards = cards
            done = 0
        hand = self.hand
        try:
            for action in actions[done:]:
                if hand.to_act is None:
                    raise ACPCProtocolError(f"an action after the hand is over: {state}")
                play_acpc_action(hand, action, self.game.betting)
        except IllegalAction as exc:
            self._hand, self._cards, self._actions = None, (), ()
            raise ACPCProtocolError(f"an impossible state: {exc}: {state}") from None
        show_all(hand)
        self._actions = actions
        self._state = state
        self._view = None

    def _build(self, state: MatchState, board: tuple[Card, ...]) -> None:
        holes = [cards or None for cards in state.hole]
        if not state.hole[state.position]:
            raise ACPCProtocolError(f"the state does not show the player's own cards: {state}")
        try:
            self._hand = stacked_start(self.rules, self.game.stack, holes, board)
        except HistoryError as exc:
            raise ACPCProtocolError(f"impossible cards: {exc.reason}: {state}") from None
        self._actions = ()

    @property
    def to_act(self) -> bool:
        """Whether the last state asks this player for an action."""
        hand = self._hand
        return hand is not None and hand.to_act == self.state.position and not hand.is_over

    @property
    def hand_over(self) -> bool:
        return self._hand is not None and self._hand.is_over

    def view(self) -> PlayerView:
        """The hand as this player sees it."""
        if self._view is None:
            self._view = self.hand.view(self.state.position)
        return self._view

    def reply(self, action: Action) -> str:
        """The answer to the last state (without its line ending)."""
        hand, p = self.hand, self.state.position
        text = acpc_action(
            action,
            to_call=hand.legal_actions().to_call,
            round_base=hand.committed[p] - hand.bets[p],
            nolimit=self._nolimit,
        )
        return f"{self.state}:{text}"
