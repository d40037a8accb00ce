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
    it below the dealer's per-action limit).  A state the seat cannot follow raises
    :class:`~pokerroom.net.acpc.ACPCProtocolError`.
    """
    async with asyncio.timeout(connect_timeout):
        reader, writer = await asyncio.open_connection(host, port, limit=2 * MAX_LINE)
    seat = ACPCSeat(game)
    result = ACPCResult()
    last_hand = -1
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
            if seat.to_act:
                action = player.act(seat.view(), budget)
                writer.write(f"{seat.reply(action)}\r\n".encode("latin-1"))
                result.decisions += 1
            elif seat.hand_over and seat.state.hand != last_hand:
                last_hand = seat.state.hand
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
