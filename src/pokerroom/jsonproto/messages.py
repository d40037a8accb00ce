"""pokerroom's JSON-lines protocol (``protocols.md`` §3) as a pure core: bytes in,
messages out, and the limits of the protocol.  No sockets, no clock (``now`` is given).

One JSON object per line, UTF-8, ending ``\\n``; every object has a ``type``.  The server
speaks first (``hello``, with the protocol's name, version and limits).  A client
then joins a seat with its secret token (``join``) or watches (``watch``), and answers
each ``act`` with an ``action`` naming the hand and the sequence number it answers.
The messages and their fields are in the JSON Schemas of ``pokerroom/net/schema/``.

Every field of every line is checked before anything uses it: its type, its range
(whole numbers at most :data:`MAX_INT`, the largest JSON numbers every reader holds
exactly), and text that is printable and can be sent back (no control characters, no
lone surrogates that UTF-8 cannot carry).  A line that fails gets a :class:`Problem`
naming the field, never an exception; what a problem quotes of the line is cut short.

>>> conn = Connection(Limits())
>>> decode(b'{"type": "join", "token": "s3cret", "name": "bot"}')
Join(token='s3cret', name='bot')
>>> conn.receive(b'{"type": "watch"}', now=0.1)
Watch(token=None)
>>> conn.receive(b'{"type": "action", "hand": 1, "seq": 0, "action": "fold"}', now=0.1).code
<ErrorCode.NOT_JOINED: 'not-joined'>
>>> conn.receive(b'\\xff', now=0.2).message
'the line is not UTF-8 text (byte 0)'
>>> conn.receive(b'{"type": "ping", "id": "\\\\ud800"}', now=0.3).message[-33:]
"to 9007199254740991, not '\\\\ud800'"
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, Final, NamedTuple, TypeAlias, TypeGuard

from pokerroom.engine.actions import Action
from pokerroom.jsonproto.codec import MAX_INT, CodecError, JSONObject, action_from_json, quoted

__all__ = [
    "MAX_INT",
    "NAME_CHARS",
    "PROTOCOL",
    "VERSION",
    "Answer",
    "Bye",
    "ClientMessage",
    "Connection",
    "ErrorCode",
    "Join",
    "Limits",
    "Ping",
    "Problem",
    "Role",
    "Watch",
    "Watching",
    "decode",
    "encode",
    "error",
    "name_problem",
]

PROTOCOL: Final = "pokerroom-jsonlines"
VERSION: Final = "1.1"
"""``major.minor``: a client refuses a major it does not know; minors only add (1.1: a
``watch`` may carry a token, the limits in ``hello`` say who may watch)."""
NAME_CHARS: Final = 64
"""The longest name a player may give (characters)."""
_TOKEN_CHARS: Final = 256
_ID_CHARS: Final = 256


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits every connection is held to, sent in ``hello``.

    ``max_line``: bytes in one line, its ``\\n`` included (a longer one is dropped with
    an error); ``rate`` messages per second on average, with bursts of ``burst`` (more
    are dropped with an error; an answer the match takes does not count: the match
    paces those); ``max_errors``: errors a connection may cause before it is closed (its
    seat stays; it may reconnect with its token).
    """

    max_line: int = 64 * 1024
    rate: float = 1000.0
    burst: int = 1000
    max_errors: int = 1000

    def to_json(self) -> JSONObject:
        return {"max_line": self.max_line, "rate": self.rate, "burst": self.burst,
                "max_errors": self.max_errors}  # fmt: skip


class Watching(StrEnum):
    """Who may watch: anyone (``open``), a client with the spectators' token
    (``token``), nobody (``off``)."""

    OPEN = "open"
    TOKEN = "token"
    OFF = "off"


class ErrorCode(StrEnum):
    """The ``code`` of an ``error`` message."""

    NOT_UTF8 = "not-utf8"
    NOT_JSON = "not-json"
    NOT_OBJECT = "not-object"
    UNKNOWN_TYPE = "unknown-type"
    BAD_FIELD = "bad-field"
    LINE_TOO_LONG = "line-too-long"
    FLOOD = "flood"
    NOT_JOINED = "not-joined"
    ALREADY_JOINED = "already-joined"
    BAD_TOKEN = "bad-token"
    READ_ONLY = "read-only"
    NOT_YOUR_TURN = "not-your-turn"
    WRONG_HAND = "wrong-hand"
    STALE = "stale"
    DUPLICATE = "duplicate"
    UNKNOWN_SEQ = "unknown-seq"
    ILLEGAL_ACTION = "illegal-action"
    MATCH_OVER = "match-over"
    TOO_MANY_ERRORS = "too-many-errors"
    NO_WATCHING = "no-watching"
    SPECTATORS_FULL = "spectators-full"


# ----------------------------------------------------------------- client messages


@dataclass(frozen=True, slots=True)
class Join:
    """Take the seat whose secret is ``token`` (again, after a disconnection)."""

    token: str
    name: str | None = None


@dataclass(frozen=True, slots=True)
class Watch:
    """Watch as a spectator: see what a spectator at a real table sees (``token``: the
    spectators' token, where watching needs one)."""

    token: str | None = None


class Answer(NamedTuple):
    """An action for the decision ``seq`` of hand ``hand`` (a named tuple: made for every
    decision, it is made fast)."""

    hand: int
    seq: int
    action: Action


@dataclass(frozen=True, slots=True)
class Ping:
    id: str | int | None = None


@dataclass(frozen=True, slots=True)
class Bye:
    """The client leaves (a player's seat stays: it may come back with its token)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """A line the protocol refuses, with the reason (sent back as an ``error`` unless
    ``quiet``: a flood is told once, not once per line)."""

    code: ErrorCode
    message: str
    quiet: bool = False


ClientMessage: TypeAlias = Join | Watch | Answer | Ping | Bye

_FIELDS: Final = {
    "join": ("token", "name"),
    "watch": ("token",),
    "action": ("hand", "seq", "action", "amount", "value"),
    "ping": ("id",),
    "bye": (),
}


def _bad(message: str) -> Problem:
    return Problem(ErrorCode.BAD_FIELD, message)


def _text(value: object, most: int) -> TypeGuard[str]:
    """Whether ``value`` is text of 1 to ``most`` printable characters (no control or
    format characters, no lone surrogates)."""
    return isinstance(value, str) and 0 < len(value) <= most and value.isprintable()


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name (``None``: it can): text of 1 to
    :data:`NAME_CHARS` printable characters, not starting or ending with a space.

    >>> name_problem("bot 7"), name_problem("x\\n1. seat 0")
    (None, "'name' must be 1 to 64 printable characters (no line breaks, tabs or escapes)")
    """
    if not _text(name, NAME_CHARS):
        return (
            f"'name' must be 1 to {NAME_CHARS} printable characters (no line breaks, tabs "
            "or escapes)"
        )
    if name != name.strip():
        return "'name' must not start or end with a space"
    return None


def _whole(data: dict[str, Any], key: str, what: str) -> int | Problem:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_INT:
        return _bad(
            f"{what}: {key!r} must be a whole number from 0 to {MAX_INT}, not {quoted(value)}"
        )
    return value


# An answer as pokerroom's client writes it (no spaces, its fields in this order): read
# without the JSON parser; any other line, answers written otherwise among them, is.
_ANSWER: Final = re.compile(
    rb'\{"type":"action","hand":(0|[1-9][0-9]{0,15}),"seq":(0|[1-9][0-9]{0,15}),'
    rb'"action":"(fold|check|call|bet|raise|show|muck)"'
    rb'(?:,"amount":(0|[1-9][0-9]{0,15}))?(?:,"value":(0|-?[1-9][0-9]{0,15}))?\}\r?\n?'
)


# the actions of answers read so far (immutable), by the text of their kind and amount
_ACTIONS: Final[dict[tuple[bytes, bytes | None], Action]] = {
    (k.encode(), None): action_from_json({"action": k})
    for k in ("fold", "check", "call", "show", "muck")
}
_KEPT_ACTIONS: Final = 4096


def decode(line: bytes) -> ClientMessage | Problem:
    """One client line (without or with its ``\\n``) as a message, or the problem."""
    fast = _ANSWER.fullmatch(line)
    if fast is not None:
        answer = _written_answer(fast)
        if answer is not None:
            return answer
    data = _json_object(line)
    if isinstance(data, Problem):
        return data
    kind = _message_type(data)
    if isinstance(kind, Problem):
        return kind
    return _DECODERS[kind](data)


def _written_answer(fast: re.Match[bytes]) -> Answer | Problem | None:
    """The answer of a line as pokerroom's client writes it (``None``: a number is over
    :data:`MAX_INT`, so the JSON parser reads the line and names the problem)."""
    hand_text, seq_text, kind, amount, value = fast.groups()
    hand_no, seq_no = int(hand_text), int(seq_text)
    if hand_no > MAX_INT or seq_no > MAX_INT:
        return None
    if value is None and (action := _ACTIONS.get((kind, amount))) is not None:
        return Answer(hand_no, seq_no, action)
    given: dict[str, Any] = {"action": kind.decode()}
    if amount is not None:
        given["amount"] = int(amount)
    if value is not None:
        given["value"] = int(value)
    try:
        action = action_from_json(given)
    except CodecError as exc:
        return _bad(f"action: {exc}")
    if value is None:
        if len(_ACTIONS) >= _KEPT_ACTIONS:
            _ACTIONS.clear()  # (the plain kinds come back at once)
        _ACTIONS[kind, amount] = action
    return Answer(hand_no, seq_no, action)


def _json_object(line: bytes) -> dict[str, Any] | Problem:
    """The line read as UTF-8 JSON that must be an object, or the problem."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Problem(ErrorCode.NOT_UTF8, f"the line is not UTF-8 text (byte {exc.start})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return Problem(ErrorCode.NOT_JSON, f"the line is not JSON: {exc.msg} at column {exc.colno}")
    except RecursionError:
        return Problem(ErrorCode.NOT_JSON, "the line is not JSON a server reads: nested too deep")
    except ValueError:  # Python's limit on the digits of an integer
        return Problem(
            ErrorCode.NOT_JSON, f"the line is not JSON a server reads: a number over {MAX_INT}"
        )
    if not isinstance(data, dict):
        what = type(data).__name__
        return Problem(ErrorCode.NOT_OBJECT, f"a message is a JSON object, not {what}")
    return data


def _message_type(data: dict[str, Any]) -> str | Problem:
    """The object's ``type``, one of the client's, with no field that type does not have."""
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        known = ", ".join(_FIELDS)
        if "type" not in data:
            return Problem(ErrorCode.UNKNOWN_TYPE, f"the message has no 'type' (types: {known})")
        return Problem(
            ErrorCode.UNKNOWN_TYPE, f"unknown message type {quoted(kind)} (types: {known})"
        )
    fields = _FIELDS[kind]
    for key in data:
        if key != "type" and key not in fields:
            listed = ", ".join(fields) or "none"
            return _bad(f"{kind}: unexpected field {quoted(key)} (fields: {listed})")
    return kind


def _join(data: dict[str, Any]) -> Join | Problem:
    token, name = data.get("token"), data.get("name")
    if not _text(token, _TOKEN_CHARS):
        return _bad(
            "join: 'token' must be the seat's secret (1 to "
            f"{_TOKEN_CHARS} printable characters), not {quoted(token, 12)}"
        )
    if name is not None:
        problem = name_problem(name)
        if problem is not None:
            return _bad(f"join: {problem}")
    return Join(token, name)


def _watch(data: dict[str, Any]) -> Watch | Problem:
    token = data.get("token")
    if token is not None and not _text(token, _TOKEN_CHARS):
        return _bad(
            "watch: 'token' must be the spectators' secret (1 to "
            f"{_TOKEN_CHARS} printable characters), not {quoted(token, 12)}"
        )
    return Watch(token)


def _ping(data: dict[str, Any]) -> Ping | Problem:
    ident = data.get("id")
    if ident is None or _text(ident, _ID_CHARS):
        return Ping(ident)
    if isinstance(ident, int) and not isinstance(ident, bool) and abs(ident) <= MAX_INT:
        return Ping(ident)
    return _bad(
        f"ping: 'id' must be 1 to {_ID_CHARS} printable characters or a whole number "
        f"from {-MAX_INT} to {MAX_INT}, not {quoted(ident)}"
    )


def _bye(data: dict[str, Any]) -> Bye:
    return Bye()


def _answer(data: dict[str, Any]) -> Answer | Problem:
    hand = _whole(data, "hand", "action")
    if isinstance(hand, Problem):
        return hand
    seq = _whole(data, "seq", "action")
    if isinstance(seq, Problem):
        return seq
    try:
        action = action_from_json(data)
    except CodecError as exc:
        return _bad(f"action: {exc}")
    return Answer(hand, seq, action)


# each client message type's reader of a checked object (the types of ``_FIELDS``)
_DECODERS: Final[dict[str, Callable[[dict[str, Any]], ClientMessage | Problem]]] = {
    "join": _join,
    "watch": _watch,
    "action": _answer,
    "ping": _ping,
    "bye": _bye,
}


# --------------------------------------------------------------- server messages


def encode(message: JSONObject) -> bytes:
    """A message as one line (compact JSON, UTF-8, ``\\n``)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def error(code: ErrorCode, message: str, **context: Any) -> JSONObject:
    """An ``error`` message (``context``: the ``hand`` and ``seq`` it is about)."""
    return {"type": "error", "code": code.value, "message": message, **context}


# ------------------------------------------------------------------------ connections


class Role(Enum):
    NEW = "new"
    PLAYER = "player"
    SPECTATOR = "spectator"


# (an Enum member read off its class is a slow lookup: these are read for every line)
_NEW, _PLAYER = Role.NEW, Role.PLAYER


@dataclass(slots=True, eq=False)
class Connection:
    """The server's view of one connection: its role, the messages it may send in that
    role, its rate (a token bucket refilled at ``limits.rate``) and its errors.

    A ``join`` becomes a seat, and a ``watch`` a spectator, only when the dealer has
    checked them (it sets ``role`` and ``seat``, and counts wrong tokens in
    ``bad_tokens``).  Connections are equal only to themselves.
    """

    limits: Limits
    role: Role = Role.NEW
    seat: int | None = None
    errors: int = 0
    bad_tokens: int = 0
    _tokens: float = field(default=-1.0, repr=False)
    _last: float = field(default=0.0, repr=False)
    _flooding: bool = field(default=False, repr=False)

    def refund(self) -> None:
        """Give back the rate the last message cost: an answer the match took (answers
        are paced by the match itself, however fast a bot plays)."""
        self._tokens = min(float(self.limits.burst), self._tokens + 1)

    @property
    def closing(self) -> bool:
        """Whether the connection has caused too many errors and is to be closed."""
        return self.errors > self.limits.max_errors

    def receive(self, line: bytes | None, now: float) -> ClientMessage | Problem:
        """One line (``None``: one dropped for its length) at time ``now`` (seconds)."""
        message = self._read(line, now)
        if isinstance(message, Problem):
            self.errors += 1
        return message

    def _read(self, line: bytes | None, now: float) -> ClientMessage | Problem:
        limits = self.limits
        if self._tokens < 0:
            self._tokens, self._last = float(limits.burst), now
        self._tokens = min(float(limits.burst), self._tokens + (now - self._last) * limits.rate)
        self._last = now
        if self._tokens < 1:
            told, self._flooding = self._flooding, True
            return Problem(
                ErrorCode.FLOOD,
                f"too many messages: at most {limits.rate:g} a second (bursts of "
                f"{limits.burst}); lines are dropped until the rate falls",
                quiet=told,
            )
        self._tokens -= 1
        self._flooding = False
        if line is None:
            return Problem(
                ErrorCode.LINE_TOO_LONG,
                f"a line is at most {limits.max_line} bytes; this one is dropped",
            )
        message = decode(line)
        role = self.role
        if type(message) is Answer:  # (most lines)
            if role is _PLAYER:
                return message
            if role is _NEW:
                return Problem(ErrorCode.NOT_JOINED, "join a seat first (or watch)")
            return Problem(ErrorCode.READ_ONLY, "a spectator cannot act")
        if isinstance(message, Join | Watch) and role is not _NEW:
            return Problem(ErrorCode.ALREADY_JOINED, f"this connection is already a {role.value}")
        return message
