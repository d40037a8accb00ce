"""Engine values as JSON data and back: actions, legal actions, events, results, views.

What goes over the wire is plain JSON (objects, lists, strings, ints, booleans, null):
cards as text (``"As"``), streets and kinds by name.  Every ``*_from_json`` refuses bad
data with a :class:`CodecError` naming the field, never anything deeper.

>>> action_to_json(Action.raise_to(40))
{'action': 'raise', 'amount': 40}
>>> action_from_json({"action": "raise", "amount": 40}) == Action.raise_to(40)
True
>>> action_from_json({"action": "raise"})
Traceback (most recent call last):
...
pokerroom.net.jsoncodec.CodecError: 'amount': a raise needs a whole number of chips
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeAlias

from pokerroom.cards import Card, CardError
from pokerroom.engine.actions import Action, ActionKind, LegalActions, Street
from pokerroom.engine.events import Event, EventKind
from pokerroom.engine.pots import Pot
from pokerroom.engine.view import HandResult, PlayerView
from pokerroom.rules import Rules

__all__ = [
    "STREETS",
    "CodecError",
    "JSONObject",
    "action_from_json",
    "action_to_json",
    "cards_from_json",
    "event_from_json",
    "event_to_json",
    "legal_from_json",
    "legal_to_json",
    "result_from_json",
    "result_to_json",
    "view_from_json",
    "view_to_json",
]

JSONObject: TypeAlias = dict[str, Any]
STREETS: Final = tuple(s.name.lower() for s in Street)
"""Streets by name: ``preflop``, ``flop``, ``turn``, ``river``, ``showdown``."""
_KINDS: Final = {k.value: k for k in ActionKind}
_EVENTS: Final = {k.value: k for k in EventKind}


class CodecError(ValueError):
    """JSON data that is not the value it should be; the message names the field."""


# ------------------------------------------------------------------ reading helpers


def _field(data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise CodecError(f"{key!r} is missing")
    return data[key]


def _int(data: Mapping[str, Any], key: str, *, low: int | None = 0) -> int:
    value = _field(data, key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise CodecError(f"{key!r} must be a whole number, not {value!r}")
    if low is not None and value < low:
        raise CodecError(f"{key!r} must be {low} or more, not {value}")
    return value


def _bool(data: Mapping[str, Any], key: str) -> bool:
    value = _field(data, key)
    if not isinstance(value, bool):
        raise CodecError(f"{key!r} must be true or false, not {value!r}")
    return value


def _ints(data: Mapping[str, Any], key: str, *, low: int | None = 0) -> tuple[int, ...]:
    value = _field(data, key)
    if not isinstance(value, list):
        raise CodecError(f"{key!r} must be a list of whole numbers")
    return tuple(_int({key: v}, key, low=low) for v in value)


def _bools(data: Mapping[str, Any], key: str) -> tuple[bool, ...]:
    value = _field(data, key)
    if not isinstance(value, list) or not all(isinstance(v, bool) for v in value):
        raise CodecError(f"{key!r} must be a list of true/false")
    return tuple(value)


def cards_from_json(value: Any, key: str = "cards") -> tuple[Card, ...]:
    """A list of card texts (``["As", "Kd"]``) as cards."""
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise CodecError(f"{key!r} must be a list of cards like 'As'")
    try:
        return tuple(Card.parse(c) for c in value)
    except CardError as exc:
        raise CodecError(f"{key!r}: {exc}") from None


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _street(data: Mapping[str, Any], key: str = "street") -> Street:
    value = _field(data, key)
    if value not in STREETS:
        raise CodecError(f"{key!r} must be one of {', '.join(STREETS)}, not {value!r}")
    return Street(STREETS.index(value))


def _object(value: Any, key: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise CodecError(f"{key!r} must be an object")
    return value


# ------------------------------------------------------------------------ actions


def action_to_json(action: Action) -> JSONObject:
    out: JSONObject = {"action": action.kind.value}
    if action.amount is not None:
        out["amount"] = action.amount
    if action.value is not None:
        out["value"] = action.value
    return out


def action_from_json(data: Mapping[str, Any]) -> Action:
    """``{"action": "fold"|"check"|"call"|"bet"|"raise"|"show"|"muck", "amount": N,
    "value": V}``: ``amount`` (the *to* amount for the round) for bets and raises only,
    ``value`` (an announced hand value) for a show only."""
    kind = _KINDS.get(data.get("action"))  # type: ignore[arg-type]
    if kind is None:
        raise CodecError(
            f"'action' must be one of {', '.join(_KINDS)}, not {data.get('action')!r}"
        )
    amount = data.get("amount")
    value = data.get("value")
    if kind in (ActionKind.BET, ActionKind.RAISE):
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise CodecError(f"'amount': a {kind.value} needs a whole number of chips")
    elif amount is not None:
        raise CodecError(f"'amount': a {kind.value} takes no amount")
    if value is not None and (kind is not ActionKind.SHOW or isinstance(value, bool)
                              or not isinstance(value, int)):  # fmt: skip
        raise CodecError("'value': only a show announces a hand value (a whole number)")
    return Action(kind, amount, value=value)


def legal_to_json(legal: LegalActions) -> JSONObject:
    return {
        "seat": legal.seat,
        "street": STREETS[legal.street],
        "kinds": [k.value for k in legal.kinds],
        "to_call": legal.to_call,
        "call": legal.call,
        "min_to": legal.min_to,
        "max_to": legal.max_to,
        "values": list(legal.values),
    }


def legal_from_json(data: Mapping[str, Any]) -> LegalActions:
    kinds = _field(data, "kinds")
    if not isinstance(kinds, list) or any(k not in _KINDS for k in kinds):
        raise CodecError(f"'kinds' must list actions among {', '.join(_KINDS)}")
    return LegalActions(
        _int(data, "seat"),
        _street(data),
        tuple(_KINDS[k] for k in kinds),
        to_call=_int(data, "to_call"),
        call=_int(data, "call"),
        min_to=_int(data, "min_to"),
        max_to=_int(data, "max_to"),
        values=_ints(data, "values", low=None),
    )


# ------------------------------------------------------------------------ events


def event_to_json(event: Event) -> JSONObject:
    return {
        "kind": event.kind.value,
        "street": STREETS[event.street],
        "seat": event.seat,
        "amount": event.amount,
        "total": event.total,
        "cards": _cards(event.cards),
        "all_in": event.all_in,
        "value": event.value,
    }


def event_from_json(data: Mapping[str, Any]) -> Event:
    kind = _EVENTS.get(data.get("kind"))  # type: ignore[arg-type]
    if kind is None:
        raise CodecError(f"'kind' must be one of {', '.join(_EVENTS)}, not {data.get('kind')!r}")
    value = data.get("value")
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise CodecError("'value' must be a whole number or null")
    return Event(
        kind,
        _street(data),
        _int(data, "seat", low=-1),
        _int(data, "amount"),
        _int(data, "total"),
        cards_from_json(_field(data, "cards")),
        _bool(data, "all_in"),
        value,
    )


# ------------------------------------------------------------------------ results


def _shown(cards: Sequence[Sequence[Card] | None]) -> list[list[str] | None]:
    return [None if c is None else _cards(c) for c in cards]


def _shown_from(value: Any, key: str) -> tuple[tuple[Card, ...] | None, ...]:
    if not isinstance(value, list):
        raise CodecError(f"{key!r} must be a list (null for a hand not shown)")
    return tuple(None if c is None else cards_from_json(c, key) for c in value)


def result_to_json(result: HandResult) -> JSONObject:
    return {
        "starting": list(result.starting),
        "stacks": list(result.stacks),
        "won": list(result.won),
        "net": list(result.net),
        "pots": [
            {
                "amount": p.amount,
                "eligible": list(p.eligible),
                "winners": list(p.winners),
                "shares": list(p.shares),
            }
            for p in result.pots
        ],
        "shown": _shown(result.shown),
    }


def result_from_json(data: Mapping[str, Any]) -> HandResult:
    pots_data = _field(data, "pots")
    if not isinstance(pots_data, list):
        raise CodecError("'pots' must be a list")
    pots = tuple(
        Pot(_int(p, "amount"), _ints(p, "eligible"), _ints(p, "winners"), _ints(p, "shares"))
        for p in (_object(p, "pots") for p in pots_data)
    )
    return HandResult(
        _ints(data, "starting"),
        _ints(data, "stacks"),
        _ints(data, "won"),
        pots,
        _shown_from(_field(data, "shown"), "shown"),
    )


# -------------------------------------------------------------------------- views


def view_to_json(view: PlayerView) -> JSONObject:
    """A view without its rules (sent once, when the seat joins)."""
    return {
        "seat": view.seat,
        "button": view.button,
        "street": STREETS[view.street],
        "hole": _cards(view.hole),
        "board": _cards(view.board),
        "stacks": list(view.stacks),
        "bets": list(view.bets),
        "committed": list(view.committed),
        "folded": list(view.folded),
        "all_in": list(view.all_in),
        "shown": _shown(view.shown),
        "to_act": view.to_act,
        "to_match": view.to_match,
        "legal": None if view.legal is None else legal_to_json(view.legal),
        "events": [event_to_json(e) for e in view.events],
        "result": None if view.result is None else result_to_json(view.result),
    }


def view_from_json(data: Mapping[str, Any], rules: Rules) -> PlayerView:
    """The view ``data`` describes, under ``rules``."""
    to_act = data.get("to_act")
    if to_act is not None:
        to_act = _int(data, "to_act")
    legal = data.get("legal")
    result = data.get("result")
    events = _field(data, "events")
    if not isinstance(events, list):
        raise CodecError("'events' must be a list")
    return PlayerView(
        rules=rules,
        seat=_int(data, "seat", low=-1),
        button=_int(data, "button"),
        street=_street(data),
        hole=cards_from_json(_field(data, "hole"), "hole"),
        board=cards_from_json(_field(data, "board"), "board"),
        stacks=_ints(data, "stacks"),
        bets=_ints(data, "bets"),
        committed=_ints(data, "committed"),
        folded=_bools(data, "folded"),
        all_in=_bools(data, "all_in"),
        shown=_shown_from(_field(data, "shown"), "shown"),
        to_act=to_act,
        legal=None if legal is None else legal_from_json(_object(legal, "legal")),
        events=tuple(event_from_json(_object(e, "events")) for e in events),
        result=None if result is None else result_from_json(_object(result, "result")),
        to_match=_int(data, "to_match"),
    )
