"""A player's side of pokerroom's JSON protocol, without I/O: the dealer's lines in, the
player's answers out (:class:`ClientSession`).

The player is any object with ``act(view, budget) -> Action``; it is told what the
protocol promises (``start_game``, ``start_hand``, ``observe``, ``end_hand``,
``end_game``, ``announce`` at an announced showdown) when it has those methods.  The
transports around it: :mod:`pokerroom.net.jsonl.client` over TCP.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from pokerroom.engine.actions import Action, LegalActions, Street, default_action
from pokerroom.engine.view import PlayerView
from pokerroom.jsonproto.codec import (
    CodecError,
    JSONObject,
    legal_from_json,
    view_from_json,
)
from pokerroom.jsonproto.messages import PROTOCOL, VERSION, name_problem
from pokerroom.jsonproto.notices import (
    Decide,
    Defaulted,
    Goodbye,
    HandDealt,
    HandOver,
    Happened,
    MatchOver,
    Refusal,
    Welcome,
    read_notice,
)
from pokerroom.players.base import Actor, Listener
from pokerroom.rules import Rules
from pokerroom.table.seats import TurnView

__all__ = ["ClientSession", "JSONClientError", "JSONResult"]


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


class ClientSession:
    """A player's side of the JSON protocol, without I/O and without framing: it takes the
    dealer's messages one line at a time (:meth:`receive`) and gives back the lines to
    send it (:meth:`outgoing`: the join, the player's answers, a ``bye`` at the end);
    :attr:`done` once the match is over for it (or the dealer said goodbye), and
    :attr:`result` keeps the score.  A transport splits what it reads into lines (the
    TCP client, :class:`~pokerroom.net.jsonl.client.JSONClient`, with a line buffer).

    It joins with ``token`` (no token: it only reads) as ``name``; a dealer that is not
    a pokerroom JSON-lines dealer of this major version, or that refuses the join, raises
    :class:`JSONClientError`."""

    def __init__(self, player: Actor, token: str | None, *, name: str | None = None) -> None:
        if name is not None and (problem := name_problem(name)) is not None:
            raise JSONClientError(f"the name {name!r}: {problem}")
        self.token = token
        self.name = name
        self.player = player
        self.out: list[bytes] = []
        self._hello = False
        self._done = False
        self.rules: Rules | None = None
        self.result = JSONResult()
        self.waiting: tuple[int, int, PlayerView] | None = None
        self.hears = Listener.of(player)
        self._rules_seen: tuple[Any, Rules | None] = (None, None)
        # the legal actions of act lines read already, by their text (they are immutable)
        self._legals: dict[str, LegalActions] = {}

    @property
    def done(self) -> bool:
        """Whether the match is over for this client (or the dealer said goodbye)."""
        return self._done

    def receive(self, line: bytes) -> None:
        """Act on one line the dealer sent (without its ``\\n``); what to send back
        waits in :meth:`outgoing`."""
        if self._done:
            return
        try:
            if not self._hello:
                self._greet(line)
            elif not self._read_line(line):
                self._done = True
                if self.result.end is not None:  # the match is over: goodbye
                    self.send({"type": "bye"})
        except (CodecError, KeyError, TypeError, ValueError) as exc:
            raise JSONClientError(f"a message this client cannot read: {exc}") from exc

    def outgoing(self) -> bytes:
        """The lines to send the dealer (each ending ``\\n``), taken."""
        out = self.out
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
            self.send(join)

    def send(self, message: JSONObject) -> None:
        self.out.append(json.dumps(message, separators=(",", ":")).encode() + b"\n")

    def _read_line(self, line: bytes) -> bool:
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
        kind, hears = message.get("type"), self.hears
        if (kind == "hand" and hears.start_hand is None) or (
            kind == "event" and hears.observe is None
        ):
            return True  # nothing to tell the player: not read
        if kind == "hand_end" and hears.end_hand is None:
            self.result.hands += 1
            return True
        notice = read_notice(message, self.rules, self.rules_of)
        step = _STEPS.get(type(notice))
        return True if step is None else step(self, notice)

    def _happened(self, notice: Happened) -> bool:
        if self.hears.observe is not None:
            self.hears.observe(notice.event)
        return True

    def _decide(self, notice: Decide) -> bool:
        self.act(notice)
        return True

    def _dealt(self, notice: HandDealt) -> bool:
        if self.hears.start_hand is not None:
            self.hears.start_hand(notice.start)
        return True

    def _hand_over(self, notice: HandOver) -> bool:
        self.result.hands += 1
        if self.hears.end_hand is not None:
            self.hears.end_hand(notice.view)
        return True

    def _welcome(self, notice: Welcome) -> bool:
        self.rules = notice.start.rules
        self.result.seat = notice.seat
        if self.hears.start_game is not None:
            self.hears.start_game(notice.start)
        return True

    def _defaulted(self, notice: Defaulted) -> bool:
        self.result.defaults += 1
        return True

    def _refusal(self, notice: Refusal) -> bool:
        self.refused(notice)
        return True

    def _match_over(self, notice: MatchOver) -> bool:
        self.result.end = notice.data
        if self.hears.end_game is not None:
            self.hears.end_game(notice.result)
        return False

    def _goodbye(self, notice: Goodbye) -> bool:
        return False

    def refused(self, notice: Refusal) -> None:
        """An ``error``: a refused join ends the client; a refused answer is tried once
        more as the default action."""
        if notice.code == "bad-token":
            raise JSONClientError(f"the dealer refused the token: {notice.message}")
        if self.rules is None:  # the join itself was refused
            raise JSONClientError(f"the dealer refused to seat this client: {notice.message}")
        self.result.errors.append(f"{notice.code}: {notice.message}")
        waiting, self.waiting = self.waiting, None  # the default is tried once
        if (
            waiting is not None
            and notice.code == "illegal-action"
            and (notice.hand, notice.seq) == waiting[:2]
        ):
            self.answer(waiting[0], waiting[1], _default(waiting[2]))

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

    def act(self, notice: Decide) -> None:
        if self.rules is None:
            raise JSONClientError("the server asked for a decision before the welcome")
        data = notice.view
        legal = legal_from_json(data["legal"])
        where = (notice.hand, notice.seq, notice.budget)
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


# what the session does with each kind of notice (an Other: nothing); False ends the match
_STEPS: Final[dict[type, Callable[[ClientSession, Any], bool]]] = {
    Happened: ClientSession._happened,
    Decide: ClientSession._decide,
    HandDealt: ClientSession._dealt,
    HandOver: ClientSession._hand_over,
    Welcome: ClientSession._welcome,
    Defaulted: ClientSession._defaulted,
    Refusal: ClientSession._refusal,
    MatchOver: ClientSession._match_over,
    Goodbye: ClientSession._goodbye,
}
