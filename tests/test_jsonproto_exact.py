"""The JSON-lines protocol's exact answers, each worked out by hand: the codec's every
field both ways and every refusal's whole text, the client messages' refusals at exactly
their limits, the notices a client reads, the time bank.  Written against the survivors
of ``make mutation PARTS=net`` (docs/development/mutation.md); every check goes through
the module's public names."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pokerroom.cards import Card, parse_cards
from pokerroom.engine import Action, ActionKind, LegalActions, PlayerView, Street
from pokerroom.engine.events import Event, EventKind
from pokerroom.engine.pots import Pot
from pokerroom.engine.view import HandResult
from pokerroom.jsonproto.codec import (
    MAX_INT,
    STREETS,
    CodecError,
    JSONText,
    action_from_json,
    action_to_json,
    cards_from_json,
    dumps,
    event_from_json,
    event_to_json,
    legal_from_json,
    legal_to_json,
    quoted,
    result_from_json,
    result_to_json,
    view_from_json,
    view_to_json,
)
from pokerroom.jsonproto.messages import (
    CHAT_CHARS,
    NAME_CHARS,
    PROTOCOL,
    VERSION,
    Answer,
    Bye,
    Chat,
    Connection,
    ErrorCode,
    Join,
    Limits,
    Ping,
    Problem,
    Role,
    Watch,
    decode,
    encode,
    error,
    name_problem,
)
from pokerroom.jsonproto.notices import (
    Decide,
    Defaulted,
    Goodbye,
    HandDealt,
    HandOver,
    Happened,
    MatchOver,
    Other,
    Refusal,
    Welcome,
    read_notice,
)
from pokerroom.jsonproto.timebank import BankRules, TimeBank
from pokerroom.players.runner import GameResult
from pokerroom.rules import Rules
from pokerroom.table import GameStart, HandStart, Standing

C = Card.parse
RULES = Rules.preset("casino-limit")

# ------------------------------------------------------------------ a view by hand

LEGAL = LegalActions(0, Street.FLOP, (ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE),
                     to_call=10, call=10, min_to=20, max_to=20)  # fmt: skip
LEGAL_JSON = {"seat": 0, "street": "flop", "kinds": ["fold", "call", "raise"], "to_call": 10,
              "call": 10, "min_to": 20, "max_to": 20, "values": []}  # fmt: skip
EVENTS = (
    Event(EventKind.BLIND, Street.PREFLOP, 0, 5, 5),
    Event(EventKind.DEAL, Street.PREFLOP, 1, 0, 0, (C("As"), C("Kd"))),
    Event(EventKind.BET, Street.FLOP, 1, 10, 10, (), True),
)
EVENTS_JSON = [
    {"kind": "blind", "street": "preflop", "seat": 0, "amount": 5, "total": 5, "cards": [],
     "all_in": False, "value": None},
    {"kind": "deal", "street": "preflop", "seat": 1, "amount": 0, "total": 0,
     "cards": ["As", "Kd"], "all_in": False, "value": None},
    {"kind": "bet", "street": "flop", "seat": 1, "amount": 10, "total": 10, "cards": [],
     "all_in": True, "value": None},
]  # fmt: skip
VIEW = PlayerView(
    rules=RULES, seat=1, button=0, street=Street.FLOP, hole=(C("As"), C("Kd")),
    board=(C("2c"), C("7h"), C("Td")), stacks=(90, 0), bets=(0, 10), committed=(10, 30),
    folded=(False, False), all_in=(False, True), shown=(None, None), to_act=0, legal=LEGAL,
    events=EVENTS, result=None, to_match=10,
)  # fmt: skip
VIEW_JSON: dict[str, Any] = {
    "seat": 1, "button": 0, "street": "flop", "hole": ["As", "Kd"], "board": ["2c", "7h", "Td"],
    "stacks": [90, 0], "bets": [0, 10], "committed": [10, 30], "folded": [False, False],
    "all_in": [False, True], "shown": [None, None], "to_act": 0, "to_match": 10,
    "legal": LEGAL_JSON, "events": EVENTS_JSON, "result": None,
}  # fmt: skip
RESULT = HandResult(
    (100, 100, 50), (40, 180, 30), (0, 120, 10),
    (Pot(60, (0, 1, 2), (1,), (60,)), Pot(80, (0, 1), (1, 2), (40, 40))),
    (None, (C("Ah"), C("Ac")), ()),
)  # fmt: skip
RESULT_JSON = {
    "starting": [100, 100, 50], "stacks": [40, 180, 30], "won": [0, 120, 10],
    "net": [-60, 80, -20],
    "pots": [{"amount": 60, "eligible": [0, 1, 2], "winners": [1], "shares": [60]},
             {"amount": 80, "eligible": [0, 1], "winners": [1, 2], "shares": [40, 40]}],
    "shown": [None, ["Ah", "Ac"], []],
}  # fmt: skip


def test_a_view_made_by_hand_is_written_field_by_field_and_read_back() -> None:
    assert view_to_json(VIEW) == VIEW_JSON
    assert view_from_json(VIEW_JSON, RULES) == VIEW
    assert json.loads(JSONText().view(VIEW)) == VIEW_JSON
    assert JSONText().view(VIEW) == dumps(VIEW_JSON)


def test_a_hand_result_is_written_field_by_field_and_read_back() -> None:
    assert result_to_json(RESULT) == RESULT_JSON
    assert result_from_json(RESULT_JSON) == RESULT
    ended = PlayerView(**{**vars_of(VIEW), "legal": None, "to_act": None, "result": RESULT})
    data = {**VIEW_JSON, "legal": None, "to_act": None, "result": RESULT_JSON}
    assert view_to_json(ended) == data
    assert view_from_json(data, RULES) == ended
    text = JSONText()
    assert text.view(ended) == dumps(data)
    assert text.view(ended) == dumps(data)  # (the result's text kept)


def vars_of(view: PlayerView) -> dict[str, Any]:
    return {name: getattr(view, name) for name in PlayerView.__dataclass_fields__}


def test_legal_actions_and_events_both_ways() -> None:
    shows = LegalActions(2, Street.SHOWDOWN, (ActionKind.SHOW, ActionKind.MUCK),
                         values=(7462, -3, 0))  # fmt: skip
    assert legal_to_json(LEGAL) == LEGAL_JSON
    assert legal_from_json(LEGAL_JSON) == LEGAL
    assert legal_to_json(shows) == {
        "seat": 2, "street": "showdown", "kinds": ["show", "muck"], "to_call": 0, "call": 0,
        "min_to": 0, "max_to": 0, "values": [7462, -3, 0]}  # fmt: skip
    assert legal_from_json(legal_to_json(shows)) == shows
    for event, data in zip(EVENTS, EVENTS_JSON, strict=True):
        assert event_to_json(event) == data
        assert event_from_json(data) == event
    shown = Event(EventKind.SHOW, Street.SHOWDOWN, 0, 0, 0, (C("9s"), C("9d")), False, -12)
    board = Event(EventKind.BOARD, Street.TURN, -1, 0, 0, (C("Qh"),))
    assert event_to_json(shown)["value"] == -12
    assert event_from_json(event_to_json(shown)) == shown
    assert event_from_json(event_to_json(board)) == board
    assert STREETS == ("preflop", "flop", "turn", "river", "showdown")


def test_actions_both_ways_at_their_limits() -> None:
    assert action_to_json(Action.fold()) == {"action": "fold"}
    assert action_to_json(Action.bet(0)) == {"action": "bet", "amount": 0}
    assert action_to_json(Action.show(5)) == {"action": "show", "value": 5}
    assert action_to_json(Action.show(0)) == {"action": "show", "value": 0}
    for kind in ("fold", "check", "call", "show", "muck"):
        assert action_from_json({"action": kind}) == Action(ActionKind(kind))
    assert action_from_json({"action": "bet", "amount": 0}) == Action.bet(0)
    assert action_from_json({"action": "raise", "amount": MAX_INT}) == Action.raise_to(MAX_INT)
    assert action_from_json({"action": "show", "value": MAX_INT}) == Action.show(MAX_INT)
    assert action_from_json({"action": "show", "value": -MAX_INT}) == Action.show(-MAX_INT)
    assert action_from_json({"action": "show", "value": None}) == Action.show()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "'action' must be one of fold, check, call, bet, raise, show, muck, not None"),
        ({"action": ["fold"]}, "'action' must be one of fold, check, call, bet, raise, show, "
                               "muck, not ['fold']"),
        ({"action": "x" * 50}, "'action' must be one of fold, check, call, bet, raise, show, "
                               "muck, not 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."),
        ({"action": "bet"}, "'amount': a bet needs a whole number of chips"),
        ({"action": "raise", "amount": -1}, "'amount': a raise needs a whole number of chips"),
        ({"action": "raise", "amount": MAX_INT + 1},
         "'amount': a raise needs a whole number of chips"),
        ({"action": "raise", "amount": True}, "'amount': a raise needs a whole number of chips"),
        ({"action": "bet", "amount": 1.0}, "'amount': a bet needs a whole number of chips"),
        ({"action": "call", "amount": 0}, "'amount': a call takes no amount"),
        ({"action": "fold", "value": 3}, "'value': only a show announces a hand value "
                                         "(a whole number)"),
        ({"action": "show", "value": True}, "'value': only a show announces a hand value "
                                            "(a whole number)"),
        ({"action": "show", "value": 2.0}, "'value': only a show announces a hand value "
                                           "(a whole number)"),
        ({"action": "show", "value": MAX_INT + 1}, "'value': only a show announces a hand "
                                                   "value (a whole number)"),
        ({"action": "show", "value": -MAX_INT - 1}, "'value': only a show announces a hand "
                                                    "value (a whole number)"),
    ],
)  # fmt: skip
def test_an_action_refused_names_its_field(data: dict[str, Any], message: str) -> None:
    with pytest.raises(CodecError) as caught:
        action_from_json(data)
    assert str(caught.value) == message


def _without(data: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != key}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kinds": "fold"}, "'kinds' must list actions among fold, check, call, bet, raise, "
                            "show, muck"),
        ({"kinds": ["fold", "jump"]}, "'kinds' must list actions among fold, check, call, bet, "
                                      "raise, show, muck"),
        ({"seat": -1}, "'seat' must be 0 or more, not -1"),
        ({"seat": "0"}, "'seat' must be a whole number, not '0'"),
        ({"seat": False}, "'seat' must be a whole number, not False"),
        ({"street": "deal"}, "'street' must be one of preflop, flop, turn, river, showdown, "
                             "not 'deal'"),
        ({"to_call": -1}, "'to_call' must be 0 or more, not -1"),
        ({"call": 1.5}, "'call' must be a whole number, not 1.5"),
        ({"min_to": -2}, "'min_to' must be 0 or more, not -2"),
        ({"max_to": None}, "'max_to' must be a whole number, not None"),
        ({"values": 3}, "'values' must be a list of whole numbers"),
        ({"values": [1, "2"]}, "'values' must be a whole number, not '2'"),
    ],
)  # fmt: skip
def test_legal_actions_refused_name_their_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(CodecError) as caught:
        legal_from_json({**LEGAL_JSON, **change})
    assert str(caught.value) == message


@pytest.mark.parametrize("key", ["seat", "street", "kinds", "to_call", "call", "min_to",
                                 "max_to", "values"])  # fmt: skip
def test_legal_actions_missing_a_field_name_it(key: str) -> None:
    with pytest.raises(CodecError) as caught:
        legal_from_json(_without(LEGAL_JSON, key))
    assert str(caught.value) == f"{key!r} is missing"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "jump"}, "'kind' must be one of ante, blind, straddle, deal, burn, board, fold, "
                           "check, call, bet, raise, return, show, muck, win, not 'jump'"),
        ({"value": "1"}, "'value' must be a whole number or null"),
        ({"value": True}, "'value' must be a whole number or null"),
        ({"street": 1}, "'street' must be one of preflop, flop, turn, river, showdown, not 1"),
        ({"seat": -2}, "'seat' must be -1 or more, not -2"),
        ({"amount": -1}, "'amount' must be 0 or more, not -1"),
        ({"total": -1}, "'total' must be 0 or more, not -1"),
        ({"cards": "AsKd"}, "'cards' must be a list of cards like 'As'"),
        ({"cards": ["As", 7]}, "'cards' must be a list of cards like 'As'"),
        ({"all_in": 1}, "'all_in' must be true or false, not 1"),
    ],
)  # fmt: skip
def test_events_refused_name_their_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(CodecError) as caught:
        event_from_json({**EVENTS_JSON[0], **change})
    assert str(caught.value) == message


def test_an_event_of_the_dealer_is_seat_minus_one_and_a_bad_card_is_named() -> None:
    dealer = {**EVENTS_JSON[0], "kind": "burn", "seat": -1, "amount": 0, "total": 0}
    assert event_from_json(dealer).seat == -1
    with pytest.raises(CodecError) as caught:
        event_from_json({**EVENTS_JSON[1], "cards": ["As", "Xx"]})
    assert str(caught.value).startswith("'cards': ")
    with pytest.raises(CodecError) as caught:
        cards_from_json(["Zz"], "hole")
    assert str(caught.value).startswith("'hole': ")
    assert cards_from_json([]) == ()
    assert cards_from_json(["Td", "2c"]) == (C("Td"), C("2c"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"pots": {}}, "'pots' must be a list"),
        ({"pots": [3]}, "'pots' must be an object"),
        ({"pots": [{"amount": 1, "eligible": [0], "winners": [0]}]}, "'shares' is missing"),
        ({"pots": [{"amount": -1, "eligible": [0], "winners": [0], "shares": [1]}]},
         "'amount' must be 0 or more, not -1"),
        ({"starting": [1, -1]}, "'starting' must be 0 or more, not -1"),
        ({"stacks": None}, "'stacks' must be a list of whole numbers"),
        ({"won": [True]}, "'won' must be a whole number, not True"),
        ({"shown": None}, "'shown' must be a list (null for a hand not shown)"),
        ({"shown": [None, "As"]}, "'shown' must be a list of cards like 'As'"),
    ],
)  # fmt: skip
def test_results_refused_name_their_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(CodecError) as caught:
        result_from_json({**RESULT_JSON, **change})
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"to_act": -1}, "'to_act' must be 0 or more, not -1"),
        ({"to_act": "0"}, "'to_act' must be a whole number, not '0'"),
        ({"events": {}}, "'events' must be a list"),
        ({"events": [1]}, "'events' must be an object"),
        ({"legal": []}, "'legal' must be an object"),
        ({"result": 0}, "'result' must be an object"),
        ({"seat": -2}, "'seat' must be -1 or more, not -2"),
        ({"button": -1}, "'button' must be 0 or more, not -1"),
        ({"hole": "As"}, "'hole' must be a list of cards like 'As'"),
        ({"board": [1]}, "'board' must be a list of cards like 'As'"),
        ({"bets": [0, -10]}, "'bets' must be 0 or more, not -10"),
        ({"committed": 1}, "'committed' must be a list of whole numbers"),
        ({"folded": [0, 1]}, "'folded' must be a list of true/false"),
        ({"all_in": True}, "'all_in' must be a list of true/false"),
        ({"shown": {}}, "'shown' must be a list (null for a hand not shown)"),
        ({"to_match": -1}, "'to_match' must be 0 or more, not -1"),
    ],
)  # fmt: skip
def test_views_refused_name_their_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(CodecError) as caught:
        view_from_json({**VIEW_JSON, **change}, RULES)
    assert str(caught.value) == message


@pytest.mark.parametrize("key", ["seat", "button", "street", "hole", "board", "stacks", "bets",
                                 "committed", "folded", "all_in", "shown", "events",
                                 "to_match"])  # fmt: skip
def test_views_missing_a_field_name_it(key: str) -> None:
    with pytest.raises(CodecError) as caught:
        view_from_json(_without(VIEW_JSON, key), RULES)
    assert str(caught.value) == f"{key!r} is missing"


def test_a_spectators_view_is_seat_minus_one_and_optional_fields_may_be_left_out() -> None:
    data = {**VIEW_JSON, "seat": -1, "hole": []}
    for key in ("to_act", "legal", "result"):
        data.pop(key)
    view = view_from_json(data, RULES)
    assert (view.seat, view.hole, view.to_act, view.legal, view.result) == (-1, (), None, None,
                                                                             None)  # fmt: skip


def test_quoted_cuts_long_values_and_names_big_ones() -> None:
    assert quoted("abc") == "'abc'"
    assert quoted("x" * 38) == "'" + "x" * 38 + "'"  # 40 characters: whole
    assert quoted("x" * 39) == "'" + "x" * 36 + "..."  # 41: cut to 40
    assert quoted("abcdef", 5) == "'a..."
    assert quoted(list(range(8))) == "[0, 1, 2, 3, 4, 5, 6, 7]"
    assert quoted(list(range(9))) == "a list of 9 items"
    assert quoted({str(k): k for k in range(9)}) == "a dict of 9 items"
    assert quoted("\ud800") == "'\\ud800'"
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    assert quoted(deep) == "a list too big to quote"


def test_dumps_is_compact_and_keeps_text_as_it_is() -> None:
    assert dumps({"a": [1, "é"], "b": None}) == '{"a":[1,"é"],"b":null}'


def test_a_view_made_with_lists_or_many_seats_writes_its_flags_as_the_codec_does() -> None:
    """The true/false lists of a view (folded, all in) as text: from lists (a view made by
    hand), and from tuples no earlier view had (the texts of tuples are kept)."""
    listed = PlayerView(**{**vars_of(VIEW), "folded": [True, False], "all_in": [False, True],
                           "hole": [C("As"), C("Kd")], "board": [C("2c")],
                           "shown": [None, [C("Qs"), C("Qd")]]})  # type: ignore[arg-type]
    text = JSONText().view(listed)
    assert '"folded":[true,false],"all_in":[false,true]' in text
    assert '"hole":["As","Kd"],"board":["2c"],' in text
    assert '"shown":[null,["Qs","Qd"]]' in text
    assert json.loads(text) == view_to_json(listed)
    flags = (True, False, True, True, False, False, True, False, True, True, True, False, True)
    many = PlayerView(**{**vars_of(VIEW), "folded": flags, "all_in": flags[::-1]})
    expected = "[true,false,true,true,false,false,true,false,true,true,true,false,true]"
    reversed_text = "[true,false,true,true,true,false,true,false,false,true,true,false,true]"
    for _ in range(2):  # (the second time from the kept texts)
        text = JSONText().view(many)
        assert f'"folded":{expected},"all_in":{reversed_text}' in text
        assert json.loads(text) == view_to_json(many)


def test_json_text_writes_lists_of_whole_numbers_of_every_length() -> None:
    assert JSONText.ints([]) == "[]"
    assert JSONText.ints([7]) == "[7]"
    assert JSONText.ints([7, 0]) == "[7,0]"
    assert JSONText.ints([1, 22, 333]) == "[1,22,333]"
    assert JSONText.ints((True, 2, 3)) == "[1,2,3]"
    text = JSONText()
    assert text.cards(()) == "[]"
    assert text.cards((C("Th"), C("2s"))) == '["Th","2s"]'
    assert text.cards((C("Th"), C("2s"))) == '["Th","2s"]'
    assert text.rules(RULES) == dumps(RULES.to_mapping())
    assert text.rules(RULES) == dumps(RULES.to_mapping())
    other = Rules.preset("no-limit")
    assert text.rules(other) == dumps(other.to_mapping())


def test_json_text_writes_events_as_the_codec_does_once_each() -> None:
    text = JSONText()
    events = (*EVENTS, Event(EventKind.SHOW, Street.SHOWDOWN, 1, 0, 0, (C("As"),), False, -3))
    assert [json.loads(t) for t in text.texts(events)] == [event_to_json(e) for e in events]
    assert text.events(0, events[:2]) == ",".join(dumps(event_to_json(e)) for e in events[:2])
    assert text.events(0, events) == ",".join(dumps(event_to_json(e)) for e in events)
    assert text.events(0, events) == ",".join(dumps(event_to_json(e)) for e in events)
    assert text.events(1, events[2:]) == ",".join(dumps(event_to_json(e)) for e in events[2:])
    assert text.events(0, events[1:]) == ",".join(dumps(event_to_json(e)) for e in events[1:])
    text.clear()
    assert text.events(0, events[:1]) == dumps(event_to_json(events[0]))
    a, b, c, d = events

    def written(*these: Event) -> str:
        return ",".join(dumps(event_to_json(e)) for e in these)

    # a seat's list that is not its last one grown is written afresh, whichever of its
    # first and last events it shares with the last one; one that is, from the last text
    for last, now in [((a, b, c), (a, c, b, d)), ((a, b), (a, c)), ((a, b), (c, b)),
                      ((a, a), (b, a, c)), ((a, b, c), (a, b, c)), ((a,), (a, b))]:  # fmt: skip
        lists = JSONText()
        assert lists.events(3, last) == written(*last)
        assert lists.events(3, now) == written(*now), (last, now)
    again = JSONText()
    for event in events:  # each asked twice: the second time from the kept text
        assert again.event(event) == again.event(event) == dumps(event_to_json(event))


# ------------------------------------------------------------------ client messages


def _problem(line: dict[str, Any]) -> Problem:
    problem = decode(json.dumps(line).encode())
    assert isinstance(problem, Problem), problem
    return problem


@pytest.mark.parametrize(
    ("line", "code", "message"),
    [
        ({"type": "chat", "text": ""}, ErrorCode.BAD_FIELD,
         "chat: 'text' must be 1 to 2000 characters, not ''"),
        ({"type": "chat", "text": "x" * 2001}, ErrorCode.BAD_FIELD,
         "chat: 'text' must be 1 to 2000 characters, not 'xxxxxxxx..."),
        ({"type": "chat"}, ErrorCode.BAD_FIELD,
         "chat: 'text' must be 1 to 2000 characters, not None"),
        ({"type": "chat", "text": 5}, ErrorCode.BAD_FIELD,
         "chat: 'text' must be 1 to 2000 characters, not 5"),
        ({"type": "chat", "text": "hi", "to": 1}, ErrorCode.BAD_FIELD,
         "chat: unexpected field 'to' (fields: text)"),
        ({"type": "bye", "x": 1}, ErrorCode.BAD_FIELD, "bye: unexpected field 'x' (fields: none)"),
        ({"type": "join", "token": ""}, ErrorCode.BAD_FIELD,
         "join: 'token' must be the seat's secret (1 to 256 printable characters), not ''"),
        ({"type": "join", "token": "t" * 257}, ErrorCode.BAD_FIELD,
         "join: 'token' must be the seat's secret (1 to 256 printable characters), "
         "not 'tttttttt..."),
        ({"type": "join", "token": "t", "name": " me"}, ErrorCode.BAD_FIELD,
         "join: 'name' must not start or end with a space"),
        ({"type": "join", "token": "t", "name": "me "}, ErrorCode.BAD_FIELD,
         "join: 'name' must not start or end with a space"),
        ({"type": "join", "token": "t", "name": "n" * 65}, ErrorCode.BAD_FIELD,
         "join: 'name' must be 1 to 64 printable characters (no line breaks, tabs or escapes)"),
        ({"type": "watch", "token": ""}, ErrorCode.BAD_FIELD,
         "watch: 'token' must be the spectators' secret (1 to 256 printable characters), "
         "not ''"),
        ({"type": "watch", "token": "s" * 257}, ErrorCode.BAD_FIELD,
         "watch: 'token' must be the spectators' secret (1 to 256 printable characters), "
         "not 'ssssssss..."),
        ({"type": "ping", "id": ""}, ErrorCode.BAD_FIELD,
         "ping: 'id' must be 1 to 256 printable characters or a whole number from "
         "-9007199254740991 to 9007199254740991, not ''"),
        ({"type": "ping", "id": "i" * 257}, ErrorCode.BAD_FIELD,
         "ping: 'id' must be 1 to 256 printable characters or a whole number from "
         "-9007199254740991 to 9007199254740991, not 'iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii..."),
        ({"type": "ping", "id": -MAX_INT - 1}, ErrorCode.BAD_FIELD,
         "ping: 'id' must be 1 to 256 printable characters or a whole number from "
         "-9007199254740991 to 9007199254740991, not -9007199254740992"),
        ({"type": "ping", "id": True}, ErrorCode.BAD_FIELD,
         "ping: 'id' must be 1 to 256 printable characters or a whole number from "
         "-9007199254740991 to 9007199254740991, not True"),
        ({"type": "action", "hand": 1, "seq": -1, "action": "fold"}, ErrorCode.BAD_FIELD,
         "action: 'seq' must be a whole number from 0 to 9007199254740991, not -1"),
        ({"type": "action", "hand": MAX_INT + 1, "seq": 0, "action": "fold"},
         ErrorCode.BAD_FIELD,
         "action: 'hand' must be a whole number from 0 to 9007199254740991, "
         "not 9007199254740992"),
        ({"type": "action", "hand": 0, "seq": 0, "action": "call", "amount": 2},
         ErrorCode.BAD_FIELD, "action: 'amount': a call takes no amount"),
        ({"type": 3}, ErrorCode.UNKNOWN_TYPE,
         "unknown message type 3 (types: join, watch, action, ping, chat, bye)"),
        ({"kind": "join"}, ErrorCode.UNKNOWN_TYPE,
         "the message has no 'type' (types: join, watch, action, ping, chat, bye)"),
    ],
)  # fmt: skip
def test_a_client_line_refused_is_named_in_full(
    line: dict[str, Any], code: ErrorCode, message: str
) -> None:
    problem = _problem(line)
    assert (problem.code, problem.message, problem.quiet) == (code, message, False)


@pytest.mark.parametrize(
    ("line", "code", "message"),
    [
        (b'{"type":"ping"}\xe9', ErrorCode.NOT_UTF8, "the line is not UTF-8 text (byte 15)"),
        (b'{"type":', ErrorCode.NOT_JSON, "the line is not JSON: Expecting value at column 9"),
        (b"[" * 100_000, ErrorCode.NOT_JSON,
         "the line is not JSON a server reads: nested too deep"),
        (b"1" * 5000, ErrorCode.NOT_JSON,
         "the line is not JSON a server reads: a number over 9007199254740991"),
        (b'"ping"', ErrorCode.NOT_OBJECT, "a message is a JSON object, not str"),
        (b'{"type":"join","token":"t","seat":1}', ErrorCode.BAD_FIELD,
         "join: unexpected field 'seat' (fields: token, name)"),
    ],
)  # fmt: skip
def test_a_line_that_is_no_message_is_named_in_full(
    line: bytes, code: ErrorCode, message: str
) -> None:
    assert decode(line) == Problem(code, message)


def test_client_lines_at_exactly_their_limits_are_read() -> None:
    def read(line: dict[str, Any]) -> object:
        return decode(json.dumps(line).encode())

    assert read({"type": "chat", "text": "x"}) == Chat("x")
    assert read({"type": "chat", "text": "x" * 2000}) == Chat("x" * 2000)
    assert read({"type": "join", "token": "t" * 256, "name": "n" * 64}) == Join("t" * 256,
                                                                              "n" * 64)
    assert read({"type": "join", "token": "t", "name": "a b"}) == Join("t", "a b")
    assert read({"type": "watch", "token": "s" * 256}) == Watch("s" * 256)
    assert read({"type": "watch", "token": None}) == Watch()
    assert read({"type": "ping", "id": "i" * 256}) == Ping("i" * 256)
    assert read({"type": "ping", "id": -MAX_INT}) == Ping(-MAX_INT)
    assert read({"type": "ping", "id": MAX_INT}) == Ping(MAX_INT)
    assert read({"type": "ping", "id": None}) == Ping()
    assert read({"type": "bye"}) == Bye()
    assert read({"type": "action", "hand": MAX_INT, "seq": MAX_INT, "action": "muck"}) == Answer(
        MAX_INT, MAX_INT, Action.muck())
    assert name_problem("n" * 64) is None
    assert name_problem("n" * 65) is not None
    assert name_problem(7) == ("'name' must be 1 to 64 printable characters (no line breaks, "
                               "tabs or escapes)")  # fmt: skip
    assert name_problem("x ") == "'name' must not start or end with a space"


def test_a_chat_needs_a_seat_or_a_watch_and_the_roles_refuse_with_their_text() -> None:
    conn = Connection(Limits())
    chat = b'{"type":"chat","text":"hi"}'
    answer = b'{"type":"action","hand":1,"seq":0,"action":"fold"}'
    refused = conn.receive(chat, now=0.0)
    assert refused == Problem(ErrorCode.NOT_JOINED, "join a seat or watch before you chat")
    assert conn.receive(answer, now=0.0) == Problem(ErrorCode.NOT_JOINED,
                                                    "join a seat first (or watch)")
    conn.role = Role.SPECTATOR
    assert conn.receive(chat, now=0.0) == Chat("hi")
    assert conn.receive(answer, now=0.0) == Problem(ErrorCode.READ_ONLY, "a spectator cannot act")
    assert conn.receive(b'{"type":"join","token":"t"}', now=0.0) == Problem(
        ErrorCode.ALREADY_JOINED, "this connection is already a spectator")
    conn.role = Role.PLAYER
    assert conn.receive(b'{"type":"watch"}', now=0.0) == Problem(
        ErrorCode.ALREADY_JOINED, "this connection is already a player")
    assert conn.receive(answer, now=0.0) == Answer(1, 0, Action.fold())
    assert conn.receive(None, now=0.0) == Problem(
        ErrorCode.LINE_TOO_LONG, "a line is at most 65536 bytes; this one is dropped")
    assert conn.errors == 6


def test_a_flood_is_told_with_its_limits_and_errors_close_past_the_maximum() -> None:
    conn = Connection(Limits(rate=2.5, burst=2, max_errors=2))
    ping = b'{"type":"ping"}'
    assert [conn.receive(ping, now=1.0) for _ in range(2)] == [Ping(), Ping()]
    flood = conn.receive(ping, now=1.0)
    assert flood == Problem(ErrorCode.FLOOD, "too many messages: at most 2.5 a second (bursts "
                            "of 2); lines are dropped until the rate falls")  # fmt: skip
    assert not conn.closing  # 1 error
    assert conn.receive(ping, now=1.2) == Problem(ErrorCode.FLOOD, flood.message, quiet=True)
    assert not conn.closing  # 2 errors: the maximum
    assert conn.receive(ping, now=1.6) == Ping()  # 0.4 s at 2.5 a second: one more
    conn.refund()
    conn.refund()
    conn.refund()
    assert conn.receive(ping, now=1.6) == Ping()  # refunds up to the burst of 2
    assert conn.receive(ping, now=1.6) == Ping()
    assert conn.receive(ping, now=1.6).code is ErrorCode.FLOOD  # type: ignore[union-attr]
    assert conn.closing  # 3 errors


def test_limits_and_errors_as_json() -> None:
    assert Limits().to_json() == {"max_line": 65536, "rate": 1000.0, "burst": 1000,
                                  "max_errors": 1000}  # fmt: skip
    assert error(ErrorCode.STALE, "too late", hand=3, seq=4) == {
        "type": "error", "code": "stale", "message": "too late", "hand": 3, "seq": 4}
    assert encode({"a": "é", "b": [1]}) == '{"a":"é","b":[1]}\n'.encode()
    assert (PROTOCOL, VERSION, NAME_CHARS, CHAT_CHARS) == ("pokerroom-jsonlines", "1.1", 64,
                                                           2000)  # fmt: skip


# ------------------------------------------------------------------------ the time bank


def test_a_time_bank_spends_refills_and_resets_by_its_rules() -> None:
    bank = TimeBank(BankRules(start=10, refill=2.5, cap=12), seats=3)
    assert bank.left == [10.0, 10.0, 10.0]
    bank.spend(0, 4)
    bank.spend(1, -3)  # (never gives time back)
    bank.spend(2, 10)  # exactly all of it
    assert bank.left == [6.0, 10.0, 0.0]
    bank.refill([0, 1])
    assert bank.left == [8.5, 12.0, 0.0]  # seat 1 to the cap; seat 2 not dealt in
    bank.refill([0, 1, 2])
    assert bank.left == [11.0, 12.0, 2.5]
    bank.spend(0, 11.5)
    assert bank.left[0] == 0.0
    bank.reset(0)
    assert bank.left == [10.0, 12.0, 2.5]
    assert all(type(x) is float for x in bank.left)
    bank.spend(2, 1.23456)
    assert bank.to_json() == [10.0, 12.0, 1.265]
    again = TimeBank.from_json(bank.rules, [3, -1, 99, "2.5"])
    assert again.left == [3.0, 0.0, 12.0, 2.5]
    assert all(type(x) is float for x in again.left)
    assert again.rules == bank.rules
    ints = TimeBank(BankRules(start=4, refill=1, cap=4), seats=1)
    ints.refill([0])
    assert ints.left == [4.0] and type(ints.left[0]) is float


@pytest.mark.parametrize(
    ("start", "refill", "cap", "message"),
    [
        (-1, 0, 0, "a time bank's start is 0 s or more, not -1"),
        (0, -0.5, 0, "a time bank's refill is 0 s or more, not -0.5"),
        (0, 0, -2, "a time bank's cap is 0 s or more, not -2"),
        (0, float("nan"), 1, "a time bank's refill is 0 s or more, not nan"),
        (5, 0, 4.5, "a time bank starts with 5 s, over its cap 4.5 s"),
    ],
)
def test_time_bank_rules_refused_name_the_field(
    start: float, refill: float, cap: float, message: str
) -> None:
    with pytest.raises(ValueError) as caught:
        BankRules(start, refill, cap)
    assert str(caught.value) == message


def test_time_bank_rules_at_their_edges_are_accepted() -> None:
    assert BankRules(0, 0, 0) == BankRules(0.0, 0.0, 0.0)
    assert BankRules(4.5, 0, 4.5).start == 4.5


# ------------------------------------------------------------------------ notices


def test_every_notice_a_client_reads_is_its_typed_value() -> None:
    rules = RULES.to_mapping()
    assert read_notice({"type": "event", "event": EVENTS_JSON[2]}, None) == Happened(EVENTS[2])
    assert read_notice({"type": "act", "hand": 4, "seq": 9, "budget": 2, "view": {"x": 1}},
                       None) == Decide(4, 9, 2.0, {"x": 1}, 0.0)  # fmt: skip
    decide = read_notice({"type": "act", "hand": 4, "seq": 9, "budget": 1.5, "view": {},
                          "bank": 30}, None)  # fmt: skip
    assert decide == Decide(4, 9, 1.5, {}, 30.0)
    assert type(decide.budget) is float and type(decide.bank) is float  # type: ignore[union-attr]
    hand = {"type": "hand", "hand": 3, "button": 1, "stacks": [0, 200, 150], "seats": [1, 2],
            "level": 2, "rules": rules}  # fmt: skip
    assert read_notice(hand, None) == HandDealt(HandStart(3, 1, (0, 200, 150), (1, 2), 2, RULES))
    dealt = read_notice({**hand, "hole": ["As", "Td"]}, None)
    assert dealt == HandDealt(HandStart(3, 1, (0, 200, 150), (1, 2), 2, RULES),
                              tuple(parse_cards("AsTd")))  # fmt: skip
    assert read_notice({**hand, "hole": []}, None) == read_notice(hand, None)
    listed = "'hole' must be a list of cards like 'As'"
    for hole, problem in ((["As", "Zz"], "'hole': "), ("AsTd", listed), ([1, 2], listed)):
        with pytest.raises(CodecError) as refused:
            read_notice({**hand, "hole": hole}, None)
        assert str(refused.value).startswith(problem), refused.value
    assert read_notice({"type": "hand_end", "view": VIEW_JSON}, RULES) == HandOver(VIEW)
    game = {"rules": rules, "players": 3, "seat": 2, "button": 0, "names": ["a", "b", "c"],
            "stacks": [100, 100, 100], "reset_stacks": False, "hand": 7}  # fmt: skip
    assert read_notice({"type": "welcome", "seat": 2, "game": game}, None) == Welcome(
        2, GameStart(RULES, 3, 2, 0, ("a", "b", "c"), (100, 100, 100), False, 7))
    watching = {**game, "seat": None, "reset_stacks": True}
    assert read_notice({"type": "welcome", "game": watching}, None) == Welcome(
        None, GameStart(RULES, 3, -1, 0, ("a", "b", "c"), (100, 100, 100), True, 7))
    assert read_notice({"type": "default", "hand": 2, "seq": 5}, None) == Defaulted(2, 5)
    assert read_notice({"type": "default"}, None) == Defaulted(None, None)
    assert read_notice({"type": "error", "code": "stale", "message": "late", "hand": 1,
                        "seq": 2}, None) == Refusal("stale", "late", 1, 2)  # fmt: skip
    assert read_notice({"type": "error"}, None) == Refusal(None, None, None, None)
    end = {"type": "match_end", "names": ["a", "b"], "stacks": [0, 200], "totals": [-100, 100],
           "hands": 12, "standings": [{"seat": 1, "place": 1, "hand": 12, "stack": 150},
                                      {"seat": 0, "place": 2, "hand": 12, "stack": 50}]}
    over = read_notice(end, None)
    assert over == MatchOver(GameResult(("a", "b"), (Standing(1, 1, 12, 150),
                                                     Standing(0, 2, 12, 50)),
                                        (0, 200), (-100, 100), 12, ()), end)  # fmt: skip
    assert read_notice({"type": "bye", "reason": "over"}, None) == Goodbye("over")
    assert read_notice({"type": "bye"}, None) == Goodbye(None)
    assert read_notice({"type": "pong", "id": 1}, None) == Other("pong")
    assert read_notice({}, None) == Other(None)


def test_a_view_before_the_welcome_is_refused_and_the_rules_reader_is_the_callers() -> None:
    with pytest.raises(CodecError, match=r"^the server sent a view before the welcome$"):
        read_notice({"type": "hand_end", "view": VIEW_JSON}, None)
    seen: list[Any] = []

    def rules_of(data: Any) -> Rules:
        seen.append(data)
        return RULES

    hand = {"type": "hand", "hand": 1, "button": 0, "stacks": [5, 5], "seats": [0, 1],
            "level": 0, "rules": "kept"}  # fmt: skip
    assert read_notice(hand, None, rules_of).start.rules is RULES  # type: ignore[union-attr]
    game = {"rules": "kept too", "players": 2, "seat": 0, "button": 0, "names": ["a", "b"],
            "stacks": [5, 5], "reset_stacks": False, "hand": 0}  # fmt: skip
    assert read_notice({"type": "welcome", "seat": 0, "game": game}, None,
                       rules_of).start.rules is RULES  # type: ignore[union-attr]
    assert seen == ["kept", "kept too"]
