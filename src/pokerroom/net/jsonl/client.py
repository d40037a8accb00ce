"""A pokerroom player at a JSON-lines dealer: one call seats it, whatever the player.

>>> from pokerroom.players import Player
>>> from pokerroom.engine import Action
>>> class AlwaysCall(Player):
...     name = "always-call"
...     def act(self, view, budget):
...         return Action.check() if view.to_call == 0 else Action.call()

is a complete bot; ``asyncio.run(play_json(AlwaysCall(), host, port, token))`` plays it
at a JSON-lines dealer, :func:`~pokerroom.net.acpc.client.play_acpc` at an ACPC dealer, and
:func:`pokerroom.players.play_game` at a local table.  The player is told what the
protocol promises (``start_game``, ``start_hand``, ``observe``, ``end_hand``,
``end_game``, ``announce`` at an announced showdown) when it has those methods.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import socket
import sys
from dataclasses import dataclass, field
from typing import Any

from pokerroom.engine.actions import Action, LegalActions, Street, default_action
from pokerroom.engine.view import PlayerView
from pokerroom.jsonproto.codec import (
    CodecError,
    JSONObject,
    event_from_json,
    legal_from_json,
    view_from_json,
)
from pokerroom.jsonproto.messages import PROTOCOL, VERSION, Limits, name_problem
from pokerroom.net.links import READ_SIZE, Actor, LineBuffer
from pokerroom.players.base import Listener
from pokerroom.players.runner import GameResult
from pokerroom.rules import Rules
from pokerroom.table import GameStart, HandStart, Standing
from pokerroom.table.seats import TurnView

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
    """The dealer's own default (:func:`~pokerroom.engine.default_action`): check if free,
    else fold; at the showdown, muck if allowed, else show."""
    return default_action(view.legal) if view.legal is not None else Action.muck()


class _Decision:
    """Where an ``act`` message's view comes from: its JSON (or the whole line's text),
    read in full only if the player looks past the legal actions (a
    :class:`~pokerroom.table.seats.TurnView`'s source)."""

    __slots__ = ("data", "rules")

    def __init__(self, data: JSONObject | str, rules: Rules) -> None:
        self.data = data
        self.rules = rules

    def full_view_for(self, view: TurnView) -> PlayerView:
        data = self.data
        if isinstance(data, str):
            data = json.loads(data)["view"]
        return view_from_json(data, self.rules)


# The lines of a pokerroom dealer start with their type; these are read only when the
# player has a use for them (any other server's are read in full).
_EVENT, _ACCEPTED = b'{"type":"event",', b'{"type":"accepted",'
_HAND, _HAND_END = b'{"type":"hand",', b'{"type":"hand_end",'
# An act of a pokerroom dealer: its numbers, then the view's legal actions (after
# to_match, the last number before them) are all a bot that looks at nothing else needs.
_ACT = re.compile(
    r'\{"type":"act","hand":(\d{1,16}),"seq":(\d{1,16}),"budget":'
    r'(\d{1,16}(?:\.\d{1,16})?(?:e[+-]?\d{1,3})?),"view":\{"seat":(\d{1,2}),'
)
_LEGAL = re.compile(r',"to_match":\d{1,16},"legal":')
_READ = json.JSONDecoder().raw_decode
_AFTER_LEGAL = '},"events":['
LEGAL_TEXTS = 1024
"""Legal actions a client keeps read, by their text (a limit game has a few dozen)."""


class _Session:
    def __init__(self, player: Actor, out: list[bytes]) -> None:
        self.player = player
        self.out = out
        self.rules: Rules | None = None
        self.result = JSONResult()
        self.waiting: tuple[int, int, PlayerView] | None = None
        self.hears = Listener.of(player)
        self._rules_seen: tuple[Any, Rules | None] = (None, None)
        # the legal actions of act lines read already, by their text (they are immutable)
        self._legals: dict[str, LegalActions] = {}

    def send(self, message: JSONObject) -> None:
        self.out.append(json.dumps(message, separators=(",", ":")).encode() + b"\n")

    def feed(self, line: bytes) -> bool:
        """Act on one line; False when the match is over for this client."""
        hears = self.hears
        if line.startswith(_EVENT):
            if hears.observe is None:
                return True
        elif line.startswith(_ACCEPTED):
            return True
        elif line.startswith(_HAND_END):
            if hears.end_hand is None:
                self.result.hands += 1
                return True
        elif (line.startswith(_HAND) and hears.start_hand is None) or (
            line.startswith(b'{"type":"act",') and self._act_line(line)
        ):
            return True
        message = json.loads(line)
        if not isinstance(message, dict):
            raise JSONClientError(f"a line that is not a message: {line!r:.200}")
        return self.handle(message)

    def rules_of(self, data: Any) -> Rules:
        """The rules ``data`` names (read again only when they change)."""
        last, rules = self._rules_seen
        if rules is None or data != last:
            rules = Rules.from_mapping(data)
            self._rules_seen = (data, rules)
        return rules

    def handle(self, message: JSONObject) -> bool:
        """Act on one message; False when the match is over for this client."""
        kind = message.get("type")
        if kind == "welcome":
            game = message["game"]
            self.rules = self.rules_of(game["rules"])
            self.result.seat = message.get("seat")
            seat = game["seat"]
            start = GameStart(
                self.rules,
                game["players"],
                -1 if seat is None else seat,
                game["button"],
                tuple(game["names"]),
                tuple(game["stacks"]),
                game["reset_stacks"],
                game["hand"],
            )
            if self.hears.start_game is not None:
                self.hears.start_game(start)
        elif kind == "hand":
            if self.hears.start_hand is None:
                return True
            rules = self.rules_of(message["rules"])
            self.hears.start_hand(
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
            if self.hears.observe is not None:
                self.hears.observe(event_from_json(message["event"]))
        elif kind == "act":
            self.act(message)
        elif kind == "default":
            self.result.defaults += 1
        elif kind == "error":
            if message.get("code") == "bad-token":
                raise JSONClientError(f"the dealer refused the token: {message.get('message')}")
            if self.rules is None:  # the join itself was refused
                raise JSONClientError(f"the dealer refused to seat this client: "
                                      f"{message.get('message')}")  # fmt: skip
            self.result.errors.append(f"{message.get('code')}: {message.get('message')}")
            waiting, self.waiting = self.waiting, None  # the default is tried once
            if (
                waiting is not None
                and message.get("code") == "illegal-action"
                and (message.get("hand"), message.get("seq")) == waiting[:2]
            ):
                self.answer(waiting[0], waiting[1], _default(waiting[2]))
        elif kind == "hand_end":
            self.result.hands += 1
            if self.hears.end_hand is not None:
                self.hears.end_hand(self.view(message["view"]))
        elif kind == "match_end":
            self.result.end = message
            names = tuple(message["names"])
            standings = tuple(
                Standing(s["seat"], s["place"], s["hand"], s["stack"]) for s in message["standings"]
            )
            result = GameResult(
                names,
                standings,
                tuple(message["stacks"]),
                tuple(message["totals"]),
                message["hands"],
                (),
            )
            if self.hears.end_game is not None:
                self.hears.end_game(result)
            return False
        elif kind == "bye":
            return False
        return True

    def view(self, data: Any) -> PlayerView:
        if self.rules is None:
            raise JSONClientError("the server sent a view before the welcome")
        return view_from_json(data, self.rules)

    def _act_line(self, line: bytes) -> bool:
        """An act line of a pokerroom dealer, its view read only as far as the legal
        actions; False if it is not one (it is then read in full)."""
        text = line.decode()
        head = _ACT.match(text)
        rules = self.rules
        if head is None or rules is None:
            return False
        at = _LEGAL.search(text, head.end())
        if at is None:
            return False
        start = at.end()
        known = self._legals
        # what a pokerroom dealer writes after the legal actions: the text up to there is
        # one read before, or it is read now
        end = text.find(_AFTER_LEGAL, start) + 1
        legal = known.get(text[start:end]) if end else None
        if legal is None:
            try:
                data, end = _READ(text, start)
            except ValueError:
                return False
            if not isinstance(data, dict):
                return False
            legal = legal_from_json(data)
            key = text[start:end]
            if len(known) >= LEGAL_TEXTS:
                known.clear()
            known[key] = legal
        hand, seq, budget, seat = head.groups()
        self.decide((int(hand), int(seq), float(budget)), int(seat), legal, _Decision(text, rules))
        return True

    def act(self, message: JSONObject) -> None:
        if self.rules is None:
            raise JSONClientError("the server asked for a decision before the welcome")
        data = message["view"]
        where = (message["hand"], message["seq"], float(message["budget"]))
        legal = legal_from_json(data["legal"])
        self.decide(where, data["seat"], legal, _Decision(data, self.rules))

    def decide(
        self, where: tuple[int, int, float], seat: int, legal: LegalActions, source: _Decision
    ) -> None:
        """Ask the player for a decision (``where``: its hand, its number and the seconds
        it has; ``legal``: its legal actions)."""
        hand, seq, budget = where
        view: PlayerView = TurnView.make(seat, legal, source)
        self.waiting = (hand, seq, view)
        player = self.player
        try:
            if legal.street is Street.SHOWDOWN:
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
        more = "" if action.amount is None else f',"amount":{int(action.amount)}'
        if action.value is not None:
            more += f',"value":{int(action.value)}'
        self.out.append(f'{{"type":"action","hand":{int(hand)},"seq":{int(seq)},'
                        f'"action":"{action.kind.value}"{more}}}\n'.encode())  # fmt: skip
        self.result.decisions += 1


class JSONClient:
    """A player's side of a JSON-lines connection, without I/O: :meth:`feed` takes the
    bytes the dealer sent and gives back the bytes to send it (the join, the player's
    answers, a ``bye`` at the end); :attr:`done` once the match is over for it (or the
    dealer said goodbye), and :attr:`result` keeps the score.  The drivers around it are
    :func:`play_json` (asyncio), :func:`play_json_blocking` (a plain socket: a bot that is
    its own process has nothing else to wait for) and :func:`play_json_stdio`.

    It joins with ``token`` (no token: it only reads) as ``name``; a dealer that is not
    a pokerroom JSON-lines dealer of this major version, or that refuses the join, raises
    :class:`JSONClientError`."""

    def __init__(self, player: Actor, token: str | None, *, name: str | None = None) -> None:
        if name is not None and (problem := name_problem(name)) is not None:
            raise JSONClientError(f"the name {name!r}: {problem}")
        self.token = token
        self.name = name
        self.done = False
        self._out: list[bytes] = []
        self._session = _Session(player, self._out)
        self._lines = LineBuffer(Limits().max_line)
        self._hello = False

    @property
    def result(self) -> JSONResult:
        return self._session.result

    def feed(self, data: bytes) -> bytes:
        """What the dealer sent (any part of its lines); what to send it."""
        session = self._session
        for line in self._lines.feed(data):
            if self.done:
                break
            if line is None:
                raise JSONClientError("the dealer sent a line over the protocol's limit")
            try:
                if not self._hello:
                    self._greet(line)
                elif not session.feed(line):
                    self.done = True
                    if session.result.end is not None:  # the match is over: goodbye
                        session.send({"type": "bye"})
            except (CodecError, KeyError, TypeError, ValueError) as exc:
                raise JSONClientError(f"a message this client cannot read: {exc}") from exc
        out = self._out
        if not out:
            return b""
        data = b"".join(out)
        out.clear()
        return data

    def _greet(self, line: bytes) -> None:
        hello = json.loads(line)
        if isinstance(hello, dict) and hello.get("type") == "bye":  # over a limit
            raise JSONClientError(f"the dealer refused the connection: {hello.get('reason')}")
        if (not isinstance(hello, dict) or hello.get("type") != "hello"
                or hello.get("protocol") != PROTOCOL):  # fmt: skip
            raise JSONClientError(f"not a pokerroom JSON-lines dealer: {line!r:.200}")
        major = str(hello.get("version", "")).split(".")[0]
        if major != VERSION.split(".")[0]:
            raise JSONClientError(
                f"the dealer speaks version {hello.get('version')}; this client {VERSION}"
            )
        self._hello = True
        if self.token is not None:
            join: JSONObject = {"type": "join", "token": self.token}
            if self.name is not None:
                join["name"] = self.name
            self._session.send(join)


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
