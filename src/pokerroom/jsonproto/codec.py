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
pokerroom.jsonproto.codec.CodecError: 'amount': a raise needs a whole number of chips
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeAlias

from pokerroom.cards import Card, CardError
from pokerroom.engine.actions import Action, ActionKind, LegalActions, Street
from pokerroom.engine.events import Event, EventKind
from pokerroom.engine.pots import Pot
from pokerroom.engine.view import HandResult, PlayerView
from pokerroom.rules import Rules

__all__ = [
    "MAX_INT",
    "STREETS",
    "CodecError",
    "JSONObject",
    "JSONText",
    "action_from_json",
    "action_to_json",
    "cards_from_json",
    "dumps",
    "event_from_json",
    "event_to_json",
    "legal_from_json",
    "legal_to_json",
    "quoted",
    "result_from_json",
    "result_to_json",
    "view_from_json",
    "view_to_json",
]

JSONObject: TypeAlias = dict[str, Any]
MAX_INT: Final = 2**53 - 1
"""The largest whole number a client's field may hold (JavaScript's
``Number.MAX_SAFE_INTEGER``, the largest every JSON reader holds exactly)."""
_QUOTE: Final = 40
STREETS: Final = tuple(s.name.lower() for s in Street)
"""Streets by name: ``preflop``, ``flop``, ``turn``, ``river``, ``showdown``."""
_KINDS: Final = {k.value: k for k in ActionKind}
_EVENTS: Final = {k.value: k for k in EventKind}


class CodecError(ValueError):
    """JSON data that is not the value it should be; the message names the field."""


# ------------------------------------------------------------------ reading helpers


def quoted(value: object, limit: int = _QUOTE) -> str:
    """``repr(value)`` cut to about ``limit`` characters: what an error quotes of a line
    (a repr is printable ASCII for every character a line can hold but a few printable
    letters, and never a lone surrogate UTF-8 cannot carry)."""
    if isinstance(value, dict | list) and len(value) > 8:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int over the digit limit, deep nesting
        return f"a {type(value).__name__} too big to quote"
    if len(text) > limit:
        text = f"{text[: limit - 3]}..."
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


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
    ``value`` (an announced hand value) for a show only; whole numbers at most
    :data:`MAX_INT` in size."""
    name = data.get("action")
    kind = _KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise CodecError(f"'action' must be one of {', '.join(_KINDS)}, not {quoted(name)}")
    amount = data.get("amount")
    value = data.get("value")
    if kind in (ActionKind.BET, ActionKind.RAISE):
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= MAX_INT:
            raise CodecError(f"'amount': a {kind.value} needs a whole number of chips")
    elif amount is not None:
        raise CodecError(f"'amount': a {kind.value} takes no amount")
    if value is not None and (kind is not ActionKind.SHOW or isinstance(value, bool)
                              or not isinstance(value, int) or abs(value) > MAX_INT):  # fmt: skip
        raise CodecError("'value': only a show announces a hand value (a whole number)")
    return Action(kind, amount, value=value)


def legal_to_json(legal: LegalActions) -> JSONObject:
    """The legal actions as JSON data; ``why`` (the reason a choice is missing) only
    when there is one."""
    data: JSONObject = {
        "seat": legal.seat,
        "street": STREETS[legal.street],
        "kinds": [k.value for k in legal.kinds],
        "to_call": legal.to_call,
        "call": legal.call,
        "min_to": legal.min_to,
        "max_to": legal.max_to,
        "values": list(legal.values),
    }
    why = legal.why
    if why:
        data["why"] = why
    return data


# the longest reason a legal action's ``why`` may give (the engine's are under 200)
MAX_WHY = 500


def _why(data: Mapping[str, Any]) -> str:
    why = data.get("why", "")
    if not isinstance(why, str) or len(why) > MAX_WHY:
        raise CodecError(f"'why' must be a text of at most {MAX_WHY} characters")
    return why


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
        why=_why(data),
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


def dumps(value: Any) -> str:
    """Compact JSON text (no spaces; text as it is, not ``\\u`` escapes)."""
    return _encode(value)


_WHY = '"why":'
_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


class JSONText:
    """Views, events and rules as JSON text, the text of ``dumps(view_to_json(view))``
    and the like, made faster: each event's text is made once (:meth:`clear` forgets
    them, at the start of a hand), the same rules and the same result are written once,
    and so are the same cards in a hand (a seat's hole cards, the board, the cards shown).

    >>> from pokerroom.rules import Rules
    >>> from pokerroom.table import Table
    >>> import random
    >>> table = Table(Rules.preset("casino-limit"), 2, rng=random.Random(1))
    >>> _ = table.start_hand()
    >>> text = JSONText()
    >>> text.view(table.view(0)) == dumps(view_to_json(table.view(0)))
    True
    """

    __slots__ = ("_cards", "_events", "_lists", "_result", "_rules")

    def __init__(self) -> None:
        # id -> (the object, kept so that its id is not reused; its text)
        self._events: dict[int, tuple[Event, str]] = {}
        # per seat: the events of its last view (their texts joined): a hand's events
        # only grow, so the next view's list starts with them
        self._lists: dict[int, tuple[tuple[Event, ...], str]] = {}
        self._rules: tuple[Rules | None, str] = (None, "")
        self._result: tuple[HandResult | None, str] = (None, "null")
        # lists of cards (hole cards, boards, the cards shown) this hand, and their text
        self._cards: dict[tuple[Any, ...], str] = {}

    def clear(self) -> None:
        """Forget the texts of events (a new hand's events are new objects) and cards."""
        self._events.clear()
        self._lists.clear()
        self._cards.clear()

    def cards(self, cards: tuple[Card, ...]) -> str:
        """``cards`` as the text of a JSON list."""
        text = self._cards.get(cards)
        if text is None:
            text = self._cards[cards] = _card_list(cards)
        return text

    @staticmethod
    def ints(values: Sequence[int]) -> str:
        """Whole numbers as the text of a JSON list."""
        return _int_list(values)

    def event(self, event: Event) -> str:
        known = self._events.get(id(event))
        if known is not None and known[0] is event:
            return known[1]
        text = _EVENTS_SEEN.get(event)  # (the same event, in an earlier hand)
        if text is None:
            kind, street, seat, amount, total, cards, all_in, value = event
            text = (
                f'{{"kind":"{kind._value_}","street":"{STREETS[street]}","seat":{int(seat)},'
                f'"amount":{int(amount)},"total":{int(total)},"cards":{_card_list(cards)},'
                f'"all_in":{"true" if all_in else "false"},'
                f'"value":{"null" if value is None else int(value)}}}'
            )
            if type(event) is Event:
                if len(_EVENTS_SEEN) >= _TEXTS:
                    _EVENTS_SEEN.clear()
                _EVENTS_SEEN[event] = text
        self._events[id(event)] = (event, text)
        return text

    def texts(self, events: Sequence[Event]) -> list[str]:
        """The text of each event (:meth:`event`)."""
        known = self._events
        out = []
        for e in events:
            text = known.get(id(e))
            out.append(text[1] if text is not None and text[0] is e else self.event(e))
        return out

    def events(self, seat: int, events: tuple[Event, ...]) -> str:
        """``events`` (a view of ``seat``'s) as the text of a JSON list's items."""
        last, text = self._lists.get(seat, ((), ""))
        n = len(last)
        if n and len(events) >= n and events[n - 1] is last[-1] and events[0] is last[0]:
            if len(events) > n:
                text = f"{text},{','.join(self.texts(events[n:]))}"
        else:
            text = ",".join(self.texts(events))
        self._lists[seat] = (events, text)
        return text

    def rules(self, rules: Rules) -> str:
        """``rules.to_mapping()`` as text."""
        last, text = self._rules
        if last is not rules:
            text = _encode(rules.to_mapping())
            self._rules = (rules, text)
        return text

    def view(self, view: PlayerView) -> str:
        events = self.events(view.seat, view.events)
        result = view.result
        if result is None:
            result_text = "null"
        else:
            last, result_text = self._result
            if last is not result:
                result_text = _result_text(result)
                self._result = (result, result_text)
        legal = view.legal
        to_act = view.to_act
        known = self._cards
        hole, board, shown = view.hole, view.board, view.shown
        try:
            if (hole_text := known.get(hole)) is None:
                hole_text = known[hole] = _card_list(hole)
            if (board_text := known.get(board)) is None:
                board_text = known[board] = _card_list(board)
            if (shown_text := known.get(shown)) is None:
                shown_text = known[shown] = _shown_list(shown)
        except TypeError:  # (lists, not tuples: a view made by hand)
            hole_text, board_text = _card_list(hole), _card_list(board)
            shown_text = _shown_list(shown)
        if len(known) > _TEXTS:  # (a view of another hand: not cleared)
            known.clear()
        flags = _FLAGS
        folded, all_in = view.folded, view.all_in
        try:
            folded_text = flags.get(folded) or _bool_list(folded)
            all_in_text = flags.get(all_in) or _bool_list(all_in)
        except TypeError:
            folded_text, all_in_text = _bool_list(folded), _bool_list(all_in)
        legal_text = "null" if legal is None else _legal_text(legal)
        return (
            f'{{"seat":{view.seat},"button":{view.button},'
            f'"street":"{STREETS[view.street]}","hole":{hole_text},'
            f'"board":{board_text},"stacks":{_int_list(view.stacks)},'
            f'"bets":{_int_list(view.bets)},"committed":{_int_list(view.committed)},'
            f'"folded":{folded_text},"all_in":{all_in_text},"shown":{shown_text},'
            f'"to_act":{"null" if to_act is None else to_act},"to_match":{view.to_match},'
            f'"legal":{legal_text},"events":[{events}],"result":{result_text}}}'
        )


# The pieces of a view's text (what dumps writes for the same values).
_EVENTS_SEEN: dict[Event, str] = {}
"""The text of events met (a limit game's hands have many the same: the blinds, the
checks...), whatever hand they were in."""
_CARD_TEXT: dict[Card, str] = {}
# the id of a tuple of legal kinds (the engine's few, shared) -> (the tuple, its text);
# not the tuple itself: a dict would hash its every kind (an Enum's hash is Python's)
_KINDS_TEXT: dict[int, tuple[tuple[ActionKind, ...], str]] = {}


def _card_list(cards: Sequence[Card]) -> str:
    if not cards:
        return "[]"
    texts = _CARD_TEXT
    out = []
    for card in cards:
        text = texts.get(card)
        if text is None:
            text = texts[card] = _encode(str(card))
        out.append(text)
    return f"[{','.join(out)}]"


def _int_list(values: Sequence[int]) -> str:
    n = len(values)
    if n == 2:  # (heads-up: most lists)
        a, b = values
        return f"[{a:d},{b:d}]"
    if n < 2:  # (a pot's one winner; no values)
        return f"[{values[0]:d}]" if n else "[]"
    return f"[{','.join(map(str, map(int, values)))}]"


_FLAGS: dict[tuple[bool, ...], str] = {}
"""The text of lists of true and false (every seat's: folded, all-in), as they come."""
_TEXTS: Final = 4096
"""Texts a module-wide table of texts keeps (it starts again when full)."""


def _bool_list(values: Sequence[bool]) -> str:
    text = f"[{','.join(['true' if v else 'false' for v in values])}]"
    if type(values) is tuple and all(type(v) is bool for v in values):
        if len(_FLAGS) >= _TEXTS:
            _FLAGS.clear()
        _FLAGS[values] = text
    return text


def _shown_list(shown: Sequence[Sequence[Card] | None]) -> str:
    return f"[{','.join(['null' if c is None else _card_list(c) for c in shown])}]"


def _result_text(result: HandResult) -> str:
    """``dumps(result_to_json(result))``, made faster."""
    pots = ",".join([
        f'{{"amount":{int(p.amount)},"eligible":{_int_list(p.eligible)},'
        f'"winners":{_int_list(p.winners)},"shares":{_int_list(p.shares)}}}'
        for p in result.pots
    ])  # fmt: skip
    return (
        f'{{"starting":{_int_list(result.starting)},"stacks":{_int_list(result.stacks)},'
        f'"won":{_int_list(result.won)},"net":{_int_list(result.net)},"pots":[{pots}],'
        f'"shown":{_shown_list(result.shown)}}}'
    )


def _legal_text(legal: LegalActions) -> str:
    known = _KINDS_TEXT.get(id(legal.kinds))
    if known is not None and known[0] is legal.kinds:
        kinds = known[1]
    else:
        kinds = _encode([k.value for k in legal.kinds])
        if len(_KINDS_TEXT) >= _TEXTS:
            _KINDS_TEXT.clear()
        _KINDS_TEXT[id(legal.kinds)] = (legal.kinds, kinds)
    values = legal.values
    why = legal.why
    return (
        f'{{"seat":{legal.seat},"street":"{STREETS[legal.street]}","kinds":{kinds},'
        f'"to_call":{legal.to_call},"call":{legal.call},"min_to":{legal.min_to},'
        f'"max_to":{legal.max_to},"values":{_int_list(values) if values else "[]"}'
        f'{f",{_WHY}{_encode(why)}" if why else ""}}}'
    )


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
