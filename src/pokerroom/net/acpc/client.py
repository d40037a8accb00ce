"""Clients: a pokerroom player at a dealer over the network.

A player is any object with ``act(view, budget) -> Action`` (a
:class:`~pokerroom.engine.PlayerView` and seconds to decide in) — the same object that
plays at a local table.  :func:`play_acpc` seats it at an ACPC dealer (the reference C
dealer or pokerroom's; :func:`play_acpc_blocking` without an event loop), and
:func:`~pokerroom.net.jsonl.client.play_json` at pokerroom's JSON-lines dealer.  The
protocol's side of the player is :class:`ACPCClient`, without I/O.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from dataclasses import dataclass, field
from fractions import Fraction

from pokerroom.history.acpc import GameDef
from pokerroom.net.acpc.protocol import MAX_LINE, VERSION_LINE, ACPCProtocolError
from pokerroom.net.acpc.seat import ACPCSeat
from pokerroom.net.links import READ_SIZE, LineBuffer
from pokerroom.players.base import Actor, Listener
from pokerroom.table import GameStart, HandStart
from pokerroom.table.seats import hide

__all__ = ["ACPCClient", "ACPCResult", "play_acpc", "play_acpc_blocking"]

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
        self.hears = Listener.of(player)
        self.listening = self.hears.listening
        self.hand = -1
        self.sent = 0

    def news(self) -> None:
        seat, hears = self.seat, self.hears
        game = seat.game
        n = game.num_players
        if seat.number != self.hand:
            if self.hand < 0 and hears.start_game is not None:
                names = tuple(f"position {p}" for p in range(n))
                hears.start_game(GameStart(seat.rules, n, seat.position, n - 1, names,
                                           game.stack, True, seat.number))  # fmt: skip
            self.hand, self.sent = seat.number, 0
            if hears.start_hand is not None:
                hears.start_hand(HandStart(seat.number + 1, n - 1, game.stack,
                                           tuple(range(n)), 0, seat.rules))  # fmt: skip
        observe = hears.observe
        if observe is not None:
            events = seat.hand.events
            for event in events[self.sent :]:
                observe(hide(event))
            self.sent = len(events)

    def finish(self) -> None:
        """At the end of a hand: its view to ``end_hand``."""
        end_hand = self.hears.end_hand
        if end_hand is not None:
            end_hand(self.seat.view())


class ACPCClient:
    """A player's side of an ACPC connection, without I/O: :meth:`hello` is the first
    line to send; :meth:`feed` takes the bytes the dealer sent and gives back the bytes
    to send it (the player's answers), and :attr:`result` keeps the score.  The drivers
    around it are :func:`play_acpc` (asyncio) and :func:`play_acpc_blocking` (a plain
    socket: a bot that is its own process has nothing else to wait for); each calls
    :meth:`prepare` once it has sent the answers."""

    def __init__(self, player: Actor, game: GameDef, *, budget: float = 5.0) -> None:
        self.player = player
        self.budget = budget
        self.seat = ACPCSeat(game)
        self.result = ACPCResult()
        teller = _Teller(player, self.seat)
        self._tell = teller if teller.listening else None
        self._lines = LineBuffer(MAX_LINE)
        self._closed = -1  # the last hand scored

    def prepare(self) -> None:
        """Work that can wait until the answers :meth:`feed` gave are sent (the engine
        hand of the next hand's betting): a driver calls it then."""
        self.seat.prepare()

    @staticmethod
    def hello() -> bytes:
        return f"{VERSION_LINE}\r\n".encode()

    def feed(self, data: bytes) -> bytes:
        """Read what the dealer sent; the answers to send (empty: none).  A line the
        seat cannot follow raises :class:`~pokerroom.net.acpc.protocol.ACPCProtocolError`."""
        answers = []
        for raw in self._lines.feed(data):
            if raw is None:
                raise ACPCProtocolError(f"the dealer sent a line over {MAX_LINE} bytes")
            answer = self.line(raw.decode("latin-1"))
            if answer is not None:
                answers.append(answer)
        return "".join(answers).encode("latin-1") if answers else b""

    def line(self, line: str) -> str | None:
        """One line from the dealer (without its ending); the answer, if it asks for one
        (with its ``\\r\\n``)."""
        if not line or line[0] in "#;":
            return None
        seat = self.seat
        seat.receive(line)
        tell = self._tell
        if tell is not None:
            tell.news()
        if seat.to_act:
            action = self.player.act(seat.view(), self.budget)
            self.result.decisions += 1
            return f"{seat.reply(action)}\r\n"
        if seat.hand_over and seat.number != self._closed:
            self._closed = seat.number
            if tell is not None:
                tell.finish()
            net = seat.net()
            result = self.result
            result.hands += 1
            result.won += net
            result.nets.append(net)
        return None


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
    state the seat cannot follow raises :class:`~pokerroom.net.acpc.protocol.ACPCProtocolError`.
    """
    async with asyncio.timeout(connect_timeout):
        reader, writer = await asyncio.open_connection(host, port, limit=2 * MAX_LINE)
    client = ACPCClient(player, game, budget=budget)
    try:
        writer.write(client.hello())
        while data := await reader.read(READ_SIZE):
            answers = client.feed(data)
            if answers:
                writer.write(answers)
            client.prepare()
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await writer.wait_closed()
    return client.result


def play_acpc_blocking(
    player: Actor,
    host: str,
    port: int,
    game: GameDef,
    *,
    budget: float = 5.0,
    connect_timeout: float = 30.0,
) -> ACPCResult:
    """:func:`play_acpc` over a plain blocking socket, without an event loop (what
    ``pokerroom bot acpc`` runs)."""
    client = ACPCClient(player, game, budget=budget)
    with socket.create_connection((host, port), timeout=connect_timeout) as sock:
        sock.settimeout(None)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.sendall(client.hello())
        while data := sock.recv(READ_SIZE):
            answers = client.feed(data)
            if answers:
                sock.sendall(answers)
            client.prepare()
    return client.result
