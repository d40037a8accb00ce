"""A pokerroom player at a JSON-lines dealer: one call seats it, whatever the player.

>>> from pokerroom.players import Player
>>> from pokerroom.engine import Action
>>> class AlwaysCall(Player):
...     name = "always-call"
...     def act(self, view, budget):
...         return Action.check() if view.to_call == 0 else Action.call()

is a complete bot; ``asyncio.run(play_json(AlwaysCall(), host, port, token))`` plays it
at a JSON-lines dealer, :func:`~pokerroom.net.client.play_acpc` at an ACPC dealer, and
:func:`pokerroom.players.play_game` at a local table.  The player is told what the
protocol promises (``start_game``, ``start_hand``, ``observe``, ``end_hand``,
``end_game``, ``announce`` at an announced showdown) when it has those methods.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from dataclasses import dataclass, field
from typing import Any

from pokerroom.engine.actions import Action, ActionKind, Street
from pokerroom.engine.view import PlayerView
from pokerroom.net.client import Actor
from pokerroom.net.jsoncodec import (
    CodecError,
    JSONObject,
    action_to_json,
    event_from_json,
    view_from_json,
)
from pokerroom.net.jsonlines import PROTOCOL, VERSION, Limits
from pokerroom.players.base import hook
from pokerroom.players.runner import GameResult
from pokerroom.rules import Rules
from pokerroom.table import GameStart, HandStart, Standing

__all__ = ["JSONClientError", "JSONResult", "play_json", "play_json_stdio"]


class JSONClientError(RuntimeError):
    """The server is not a pokerroom JSON-lines dealer this client speaks to, or refused
    to seat the player (a wrong token)."""


@dataclass(slots=True)
class JSONResult:
    """A player's match: its seat, the hands it saw end, its decisions (and those the
    server took for it: ``defaults``), the errors the server sent, and the final
    ``match_end`` message (``None`` if the connection ended first)."""

    seat: int | None = None
    hands: int = 0
    decisions: int = 0
    defaults: int = 0
    errors: list[str] = field(default_factory=list)
    end: JSONObject | None = None


def _default(view: PlayerView) -> Action:
    legal = view.legal
    if legal is not None and ActionKind.CHECK in legal.kinds:
        return Action.check()
    if legal is not None and ActionKind.FOLD in legal.kinds:
        return Action.fold()
    return Action.muck()


class _Session:
    def __init__(self, player: Actor, writer: asyncio.StreamWriter) -> None:
        self.player = player
        self.writer = writer
        self.rules: Rules | None = None
        self.result = JSONResult()
        self.waiting: tuple[int, int, PlayerView] | None = None

    def send(self, message: JSONObject) -> None:
        self.writer.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")

    def tell(self, name: str, arg: object) -> None:
        method = hook(self.player, name)
        if method is not None:
            method(arg)

    def handle(self, message: JSONObject) -> bool:
        """Act on one message; False when the match is over for this client."""
        kind = message.get("type")
        if kind == "welcome":
            game = message["game"]
            self.rules = Rules.from_mapping(game["rules"])
            self.result.seat = message.get("seat")
            seat = game["seat"]
            self.tell(
                "start_game",
                GameStart(
                    self.rules,
                    game["players"],
                    -1 if seat is None else seat,
                    game["button"],
                    tuple(game["names"]),
                    tuple(game["stacks"]),
                    game["reset_stacks"],
                    game["hand"],
                ),
            )
        elif kind == "hand":
            rules = Rules.from_mapping(message["rules"])
            self.tell(
                "start_hand",
                HandStart(
                    message["hand"],
                    message["button"],
                    tuple(message["stacks"]),
                    tuple(message["seats"]),
                    message["level"],
                    rules,
                ),
            )
        elif kind == "event":
            self.tell("observe", event_from_json(message["event"]))
        elif kind == "act":
            self.act(message)
        elif kind == "default":
            self.result.defaults += 1
        elif kind == "error":
            self.result.errors.append(f"{message.get('code')}: {message.get('message')}")
            waiting = self.waiting
            if (
                waiting is not None
                and message.get("code") == "illegal-action"
                and (message.get("hand"), message.get("seq")) == waiting[:2]
            ):
                self.answer(waiting[0], waiting[1], _default(waiting[2]))
        elif kind == "hand_end":
            self.result.hands += 1
            self.tell("end_hand", self.view(message["view"]))
        elif kind == "match_end":
            self.result.end = message
            names = tuple(message["names"])
            standings = tuple(
                Standing(s["seat"], s["place"], s["hand"], s["stack"]) for s in message["standings"]
            )
            self.tell(
                "end_game",
                GameResult(
                    names,
                    standings,
                    tuple(message["stacks"]),
                    tuple(message["totals"]),
                    message["hands"],
                    (),
                ),
            )
            return False
        elif kind == "bye":
            return False
        return True

    def view(self, data: Any) -> PlayerView:
        if self.rules is None:
            raise JSONClientError("the server sent a view before the welcome")
        return view_from_json(data, self.rules)

    def act(self, message: JSONObject) -> None:
        view = self.view(message["view"])
        hand, seq, budget = message["hand"], message["seq"], float(message["budget"])
        self.waiting = (hand, seq, view)
        player = self.player
        try:
            if view.street is Street.SHOWDOWN:
                announce = getattr(player, "announce", None)
                action = announce(view, budget) if announce else _default(view)
            else:
                action = player.act(view, budget)
        except Exception as exc:  # a broken bot still answers: the default action
            self.result.errors.append(f"the player raised {type(exc).__name__}: {exc}")
            action = _default(view)
        if not isinstance(action, Action):
            self.result.errors.append(f"the player returned {action!r}, not an Action")
            action = _default(view)
        self.answer(hand, seq, action)

    def answer(self, hand: int, seq: int, action: Action) -> None:
        self.send({"type": "action", "hand": hand, "seq": seq, **action_to_json(action)})
        self.result.decisions += 1


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
    async with asyncio.timeout(connect_timeout):
        reader, writer = await asyncio.open_connection(host, port, limit=Limits().max_line)
    return await _play(player, reader, writer, token, name)


async def play_json_stdio(player: Actor, *, token: str | None = None) -> JSONResult:
    """Play over standard input and output: for a bot the dealer starts as a program of
    its own (``pokerroom serve json --exec``).  It joins with ``token``, by default the
    environment variable ``POKERROOM_TOKEN`` the dealer sets.  Nothing else may be
    written to standard output."""
    token = token or os.environ.get("POKERROOM_TOKEN")
    if not token:
        raise JSONClientError(
            "no token: the dealer sets POKERROOM_TOKEN for the programs it starts"
        )
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=Limits().max_line)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    transport, protocol = await loop.connect_write_pipe(
        asyncio.streams.FlowControlMixin, sys.stdout
    )
    writer = asyncio.StreamWriter(transport, protocol, reader, loop)
    return await _play(player, reader, writer, token, None)


async def _play(
    player: Actor,
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    token: str | None,
    name: str | None,
) -> JSONResult:
    session = _Session(player, writer)
    try:
        hello = json.loads(await reader.readline() or b"{}")
        if hello.get("type") != "hello" or hello.get("protocol") != PROTOCOL:
            raise JSONClientError(f"not a pokerroom JSON-lines dealer: {hello!r:.200}")
        major = str(hello.get("version", "")).split(".")[0]
        if major != VERSION.split(".")[0]:
            raise JSONClientError(
                f"the dealer speaks version {hello.get('version')}; this client {VERSION}"
            )
        if token is not None:
            join: JSONObject = {"type": "join", "token": token}
            if name is not None:
                join["name"] = name[:64]
            session.send(join)
        while line := await reader.readline():
            message = json.loads(line)
            if message.get("type") == "error" and message.get("code") == "bad-token":
                raise JSONClientError(f"the dealer refused the token: {message.get('message')}")
            try:
                if not session.handle(message):
                    break
            except (CodecError, KeyError, TypeError, ValueError) as exc:
                raise JSONClientError(f"a message this client cannot read: {exc}") from exc
    finally:
        writer.close()
        # (a pipe's writer cannot be waited for: NotImplementedError)
        with contextlib.suppress(ConnectionError, OSError, NotImplementedError):
            await writer.wait_closed()
    return session.result
