"""A pokerroom player at a JSON-lines dealer: one call seats it, whatever the player.

>>> from pokerroom.players import Player
>>> from pokerroom.engine import Action
>>> class AlwaysCall(Player):
...     name = "always-call"
...     def act(self, view, budget):
...         return Action.check() if view.to_call == 0 else Action.call()

is a complete bot; ``asyncio.run(play_json(AlwaysCall(), host, port, token))`` plays it
at a JSON-lines dealer, :func:`~pokerroom.net.acpc.client.play_acpc` at an ACPC dealer, and
:func:`pokerroom.players.play_game` at a local table.  The protocol's side of the player
is :class:`~pokerroom.jsonproto.client.ClientSession`; this module frames it over TCP or
standard input and output.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sys

from pokerroom.jsonproto.client import ClientSession, JSONClientError, JSONResult
from pokerroom.jsonproto.messages import Limits
from pokerroom.net.links import READ_SIZE, LineBuffer
from pokerroom.players.base import Actor

__all__ = [
    "JSONClient",
    "JSONClientError",
    "JSONResult",
    "play_json",
    "play_json_blocking",
    "play_json_stdio",
]

CLOSE_WAIT = 5.0
"""Seconds a client that said goodbye waits for the dealer to close its side."""


class JSONClient:
    """A player's side of a JSON-lines connection, without I/O: :meth:`feed` takes the
    bytes the dealer sent and gives back the bytes to send it (the join, the player's
    answers, a ``bye`` at the end); :attr:`done` once the match is over for it (or the
    dealer said goodbye), and :attr:`result` keeps the score.  The drivers around it are
    :func:`play_json` (asyncio), :func:`play_json_blocking` (a plain socket: a bot that is
    its own process has nothing else to wait for) and :func:`play_json_stdio`.

    It splits the bytes into lines and passes them to the protocol's
    :class:`~pokerroom.jsonproto.client.ClientSession`, which joins with ``token`` (no
    token: it only reads) as ``name``; a dealer that is not a pokerroom JSON-lines dealer
    of this major version, or that refuses the join, raises :class:`JSONClientError`."""

    def __init__(self, player: Actor, token: str | None, *, name: str | None = None) -> None:
        self._session = ClientSession(player, token, name=name)
        self._lines = LineBuffer(Limits().max_line)

    @property
    def token(self) -> str | None:
        return self._session.token

    @property
    def name(self) -> str | None:
        return self._session.name

    @property
    def done(self) -> bool:
        return self._session.done

    @property
    def result(self) -> JSONResult:
        return self._session.result

    def feed(self, data: bytes) -> bytes:
        """What the dealer sent (any part of its lines); what to send it."""
        session = self._session
        for line in self._lines.feed(data):
            if session.done:
                break
            if line is None:
                raise JSONClientError("the dealer sent a line over the protocol's limit")
            session.receive(line)
        return session.outgoing()


async def play_json(
    player: Actor,
    host: str,
    port: int,
    token: str,
    *,
    name: str | None = None,
    connect_timeout: float = 30.0,
) -> JSONResult:
    """Play the seat whose secret is ``token`` at the JSON-lines dealer on
    ``host``:``port`` until the match ends (or the server closes the connection).
    Call it again with the same token to come back after a disconnection."""
    client = JSONClient(player, token, name=name)
    async with asyncio.timeout(connect_timeout):
        reader, writer = await asyncio.open_connection(host, port, limit=Limits().max_line)
    try:
        while not client.done and (data := await reader.read(READ_SIZE)):
            answers = client.feed(data)
            if answers:
                writer.write(answers)
        if client.done:  # said goodbye: read to the dealer's end, for a clean close
            writer.write_eof()
            async with asyncio.timeout(CLOSE_WAIT):
                while await reader.read(READ_SIZE):
                    pass
    except TimeoutError:
        pass
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await writer.wait_closed()
    return client.result


def play_json_blocking(
    player: Actor,
    host: str,
    port: int,
    token: str,
    *,
    name: str | None = None,
    connect_timeout: float = 30.0,
) -> JSONResult:
    """:func:`play_json` over a plain blocking socket, without an event loop (what
    ``pokerroom bot json`` runs)."""
    client = JSONClient(player, token, name=name)
    with socket.create_connection((host, port), timeout=connect_timeout) as sock:
        sock.settimeout(None)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        while not client.done and (data := sock.recv(READ_SIZE)):
            answers = client.feed(data)
            if answers:
                sock.sendall(answers)
        if client.done:  # said goodbye: read to the dealer's end, for a clean close
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_WR)
                sock.settimeout(CLOSE_WAIT)
                while sock.recv(READ_SIZE):
                    pass
    return client.result


def play_json_stdio(player: Actor, *, token: str | None = None) -> JSONResult:
    """Play over standard input and output: for a bot the dealer starts as a program of
    its own (``pokerroom serve json --exec``).  It joins with ``token``, by default the
    environment variable ``POKERROOM_TOKEN`` the dealer sets.  Nothing else may be
    written to standard output."""
    token = token or os.environ.get("POKERROOM_TOKEN")
    if not token:
        raise JSONClientError(
            "no token: the dealer sets POKERROOM_TOKEN for the programs it starts"
        )
    client = JSONClient(player, token)
    read, write = sys.stdin.fileno(), sys.stdout.fileno()
    while not client.done and (data := os.read(read, READ_SIZE)):
        answers = client.feed(data)
        while answers:
            answers = answers[os.write(write, answers) :]
    return client.result
