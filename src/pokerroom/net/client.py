"""Clients: a pokerroom player at a dealer over the network.

A player is any object with ``act(view, budget) -> Action`` (a
:class:`~pokerroom.engine.PlayerView` and seconds to decide in) — the same object that
plays at a local table.  :func:`play_acpc` seats it at an ACPC dealer (the reference C
dealer or pokerroom's); :func:`play_json` at pokerroom's JSON-lines dealer (in
:mod:`pokerroom.net.jsonclient`).
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Protocol

from pokerroom.engine.actions import Action
from pokerroom.engine.view import PlayerView
from pokerroom.history.acpc import GameDef
from pokerroom.history.compare import exact_split
from pokerroom.net.acpc import MAX_LINE, VERSION_LINE, MatchState
from pokerroom.net.acpcseat import ACPCSeat
from pokerroom.players.base import hook
from pokerroom.table import GameStart, HandStart
from pokerroom.table.seats import hide

__all__ = ["ACPCResult", "Actor", "play_acpc"]


class Actor(Protocol):
    """What a client needs of a player: a decision from a view, within ``budget``
    seconds."""

    def act(self, view: PlayerView, budget: float) -> Action: ...


@dataclass(slots=True)
class ACPCResult:
    """A player's match at an ACPC dealer: hands finished and chips won (exact, split
    pots shared as the dealer shares them), and the decisions it made."""

    hands: int = 0
    won: Fraction = Fraction(0)
    decisions: int = 0
    nets: list[Fraction] = field(default_factory=list)


class _Teller:
    """Tells the player what the protocol promises, as far as ACPC says it: the game
    (positions for seats: the player's position in the first hand, the button last),
    each hand, every public event, and its view of each finished hand."""

    def __init__(self, player: Actor, seat: ACPCSeat) -> None:
        self.seat = seat
        self.hooks = {name: hook(player, name) for name in
                      ("start_game", "start_hand", "observe", "end_hand")}  # fmt: skip
        self.hand = -1
        self.sent = 0
        self.closed = -1

    def news(self) -> None:
        seat, hooks = self.seat, self.hooks
        state = seat.state
        game = seat.game
        n = game.num_players
        if state.hand != self.hand:
            if self.hand < 0 and hooks["start_game"] is not None:
                names = tuple(f"position {p}" for p in range(n))
                hooks["start_game"](GameStart(seat.rules, n, state.position, n - 1, names,
                                              game.stack, True, state.hand))  # fmt: skip
            self.hand, self.sent = state.hand, 0
            if hooks["start_hand"] is not None:
                hooks["start_hand"](HandStart(state.hand + 1, n - 1, game.stack,
                                              tuple(range(n)), 0, seat.rules))  # fmt: skip
        observe = hooks["observe"]
        if observe is not None:
            events = seat.hand.events
            for event in events[self.sent :]:
                observe(hide(event))
            self.sent = len(events)

    def finish(self) -> bool:
        """At the end of a hand (once): its view to ``end_hand``; True the first time."""
        if self.closed == self.hand:
            return False
        self.closed = self.hand
        end_hand = self.hooks["end_hand"]
        if end_hand is not None:
            end_hand(self.seat.view())
        return True


async def play_acpc(
    player: Actor,
    host: str,
    port: int,
    game: GameDef,
    *,
    budget: float = 5.0,
    connect_timeout: float = 30.0,
) -> ACPCResult:
    """Play a whole match at the ACPC dealer on ``host``:``port`` (the port of one seat)
    under ``game``; returns when the dealer closes the connection.

    Each decision gets ``budget`` seconds (ACPC does not say how long a player has: set
    it below the dealer's per-action limit).  The player's engine seats are the ACPC
    positions (its own changes from hand to hand when the dealer rotates the seats).  A
    state the seat cannot follow raises :class:`~pokerroom.net.acpc.ACPCProtocolError`.
    """
    async with asyncio.timeout(connect_timeout):
        reader, writer = await asyncio.open_connection(host, port, limit=2 * MAX_LINE)
    seat = ACPCSeat(game)
    result = ACPCResult()
    tell = _Teller(player, seat)
    try:
        writer.write(f"{VERSION_LINE}\r\n".encode())
        while True:
            raw = await reader.readline()
            if not raw:
                break
            line = raw.decode("latin-1").rstrip("\r\n")
            if not line or line.startswith(("#", ";")):
                continue
            seat.update(MatchState.parse(line))
            tell.news()
            if seat.to_act:
                action = player.act(seat.view(), budget)
                writer.write(f"{seat.reply(action)}\r\n".encode("latin-1"))
                result.decisions += 1
            elif seat.hand_over and tell.finish():
                outcome = seat.hand.result
                assert outcome is not None
                net = exact_split(outcome, outcome.net)[seat.state.position]
                result.hands += 1
                result.won += net
                result.nets.append(net)
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await writer.wait_closed()
    return result
