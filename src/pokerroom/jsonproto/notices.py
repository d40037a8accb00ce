"""The dealer's messages as a client reads them: typed values, decoded by the codec.

Each ``*`` message of ``schema/server.json`` a player's client acts on becomes one
value here (:func:`read_notice`); any other type (``hello`` is read before, ``pong``,
``accepted``) is :class:`Other`.  A field missing or of the wrong type raises
:class:`~pokerroom.jsonproto.codec.CodecError` (or ``KeyError``/``TypeError``, which a
client reports the same way).

>>> read_notice({"type": "default", "hand": 3, "seq": 7}, None)
Defaulted(hand=3, seq=7)
>>> read_notice({"type": "error", "code": "stale", "message": "too late"}, None)
Refusal(code='stale', message='too late', hand=None, seq=None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeAlias

from pokerroom.cards import Card
from pokerroom.engine.events import Event
from pokerroom.engine.view import PlayerView
from pokerroom.jsonproto.codec import (
    CodecError,
    JSONObject,
    cards_from_json,
    event_from_json,
    view_from_json,
)
from pokerroom.players.runner import GameResult
from pokerroom.rules import Rules
from pokerroom.table import GameStart, HandStart, Standing

__all__ = [
    "Decide",
    "Defaulted",
    "Goodbye",
    "HandDealt",
    "HandOver",
    "Happened",
    "MatchOver",
    "Notice",
    "Other",
    "Refusal",
    "Welcome",
    "read_notice",
]


@dataclass(frozen=True, slots=True)
class Welcome:
    """``welcome``: the client's seat (``None``: a spectator) and the game."""

    seat: int | None
    start: GameStart


@dataclass(frozen=True, slots=True)
class HandDealt:
    """``hand``: a hand begins; ``hole``: the reader's own cards (none for a spectator or
    a seat not dealt in)."""

    start: HandStart
    hole: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Happened:
    """``event``: something happened at the table."""

    event: Event


@dataclass(frozen=True, slots=True)
class Decide:
    """``act``: decision ``seq`` of hand ``hand`` is the client's, within ``budget``
    seconds; ``view`` is the view's JSON, read in full only when the player looks."""

    hand: int
    seq: int
    budget: float
    view: JSONObject
    bank: float = 0.0
    """Seconds of the seat's time bank that run once ``budget`` is spent (a room's)."""


@dataclass(frozen=True, slots=True)
class Defaulted:
    """``default``: the dealer took the default action for the client."""

    hand: int | None
    seq: int | None


@dataclass(frozen=True, slots=True)
class Refusal:
    """``error``: what the dealer refused, and the decision it is about (if any)."""

    code: str | None
    message: str | None
    hand: int | None
    seq: int | None


@dataclass(frozen=True, slots=True)
class HandOver:
    """``hand_end``: the hand's end as the client sees it."""

    view: PlayerView


@dataclass(frozen=True, slots=True)
class MatchOver:
    """``match_end``: the match's result (and the message, for the client's record)."""

    result: GameResult
    data: JSONObject


@dataclass(frozen=True, slots=True)
class Goodbye:
    """``bye``: the dealer closes the connection."""

    reason: str | None


@dataclass(frozen=True, slots=True)
class Other:
    """A message a player's client has nothing to do with."""

    type: object


Notice: TypeAlias = (
    Welcome | HandDealt | Happened | Decide | Defaulted | Refusal | HandOver | MatchOver
    | Goodbye | Other
)  # fmt: skip


def read_notice(
    data: JSONObject,
    rules: Rules | None,
    rules_of: Callable[[Any], Rules] = Rules.from_mapping,
) -> Notice:
    """The message ``data`` as a typed value; ``rules`` are the game's (``None`` before
    the ``welcome``: a view then is refused), ``rules_of`` reads the rules a message
    carries (a client may keep the last ones read)."""
    kind = data.get("type")
    if kind == "event":
        return Happened(event_from_json(data["event"]))
    if kind == "act":
        return Decide(data["hand"], data["seq"], float(data["budget"]), data["view"],
                      float(data.get("bank", 0.0)))  # fmt: skip
    if kind == "hand":
        return HandDealt(
            HandStart(data["hand"], data["button"], tuple(data["stacks"]),
                      tuple(data["seats"]), data["level"], rules_of(data["rules"])),
            cards_from_json(data.get("hole", []), "hole"),
        )  # fmt: skip
    if kind == "hand_end":
        if rules is None:
            raise CodecError("the server sent a view before the welcome")
        return HandOver(view_from_json(data["view"], rules))
    if kind == "welcome":
        game = data["game"]
        seat = game["seat"]
        start = GameStart(rules_of(game["rules"]), game["players"],
                          -1 if seat is None else seat, game["button"], tuple(game["names"]),
                          tuple(game["stacks"]), game["reset_stacks"], game["hand"])  # fmt: skip
        return Welcome(data.get("seat"), start)
    if kind == "default":
        return Defaulted(data.get("hand"), data.get("seq"))
    if kind == "error":
        return Refusal(data.get("code"), data.get("message"), data.get("hand"), data.get("seq"))
    if kind == "match_end":
        standings = tuple(
            Standing(s["seat"], s["place"], s["hand"], s["stack"]) for s in data["standings"]
        )
        result = GameResult(tuple(data["names"]), standings, tuple(data["stacks"]),
                            tuple(data["totals"]), data["hands"], ())  # fmt: skip
        return MatchOver(result, data)
    if kind == "bye":
        return Goodbye(data.get("reason"))
    return Other(kind)
