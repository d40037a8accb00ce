"""The JSON-lines protocol core without sockets: decoding (fuzzed), line splitting
(fuzzed), the codec of views, the schemas, and the dealer core's refusals."""

from __future__ import annotations

import copy
import dataclasses
import enum
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.engine import Action, PlayerView, Street, random_action
from pokerroom.jsonproto.codec import (
    CodecError,
    JSONText,
    action_from_json,
    action_to_json,
    dumps,
    view_from_json,
    view_to_json,
)
from pokerroom.jsonproto.dealer import JSONDealer, Outbox
from pokerroom.jsonproto.messages import (
    Answer,
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
    name_problem,
)
from pokerroom.net.jsonl.client import JSONClient
from pokerroom.net.links import LineBuffer
from pokerroom.rules import PRESETS, Rules
from pokerroom.table import Table

SCHEMA_DIR = Path(__file__).resolve().parents[1] / "src" / "pokerroom" / "net" / "schema"


def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((SCHEMA_DIR / f"{name}.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


SERVER = validator("server")
CLIENT = validator("client")


@pytest.mark.parametrize(
    ("line", "code", "words"),
    [
        (b'{"type":"ping","id":"\\ud800"}', ErrorCode.BAD_FIELD, "'id' must be 1 to 256"),
        (b'{"type":"join","token":"\\ud800"}', ErrorCode.BAD_FIELD, "'token' must be"),
        (b'{"type":"ping","id":' + b"1" * 4301 + b"}", ErrorCode.NOT_JSON, "a number over"),
        (b'{"type":"ping","id":' + b"1" * 20 + b"}", ErrorCode.BAD_FIELD, "whole number from"),
        (b'{"type":"action","hand":1,"seq":1,"action":[]}', ErrorCode.BAD_FIELD, "not []"),
        (b'{"type":[]}', ErrorCode.UNKNOWN_TYPE, "unknown message type []"),
        (b'{"type":{"a":[1]}}', ErrorCode.UNKNOWN_TYPE, "unknown message type {'a': [1]}"),
        (b'{"type":"action","hand":9007199254740992,"seq":1,"action":"fold"}',
         ErrorCode.BAD_FIELD, "'hand' must be a whole number from 0 to 9007199254740991"),
        (b'{"type":"action","hand":1,"seq":1,"action":"bet","amount":1e999}',
         ErrorCode.BAD_FIELD, "a bet needs a whole number"),
        (b'{"type":"action","hand":1,"seq":1,"action":"show","value":NaN}',
         ErrorCode.BAD_FIELD, "only a show announces"),
        (b'{"type":"watch","token":7}', ErrorCode.BAD_FIELD, "'token' must be the spectators'"),
        (b'{"type":"' + b"t" * 1000 + b'"}', ErrorCode.UNKNOWN_TYPE, "tttt..."),
    ],
)  # fmt: skip
def test_every_field_is_checked_before_it_is_used(
    line: bytes, code: ErrorCode, words: str
) -> None:
    """Lines that ended the dealer at commit a116ddc: a lone surrogate sent back or
    compared, a number over Python's digit limit, a list where a name is looked up.  Each
    is a problem whose message can be sent back (UTF-8) and is short."""
    problem = decode(line)
    assert isinstance(problem, Problem), problem
    assert problem.code is code and words in problem.message, problem.message
    assert len(problem.message) < 300
    encode({"type": "error", "message": problem.message})


@pytest.mark.parametrize(
    "name",
    ["x\n  1. seat 0 (admin): 999999 chips\x1b[2J", "\udfff", "tab\there", "\u202eevil",
     "zero\u200bwidth", "", " lead", "trail ", "n" * 65, "\x00"],
)  # fmt: skip
def test_a_name_is_printable_text_of_at_most_64_characters(name: str) -> None:
    assert name_problem(name) is not None
    problem = decode(json.dumps({"type": "join", "token": "t", "name": name}).encode())
    assert isinstance(problem, Problem) and problem.code is ErrorCode.BAD_FIELD


def test_names_of_any_script_are_welcome() -> None:
    for name in ["Zoë", "李小龍", "bot-7 (v2)", "n" * 64, "🂡 ace"]:
        assert name_problem(name) is None
        assert decode(json.dumps({"type": "join", "token": "t", "name": name}).encode()) == Join(
            "t", name
        )


@pytest.mark.parametrize(
    ("line", "code", "words"),
    [
        (b"\xff\xfe", ErrorCode.NOT_UTF8, "not UTF-8"),
        (b"hello", ErrorCode.NOT_JSON, "not JSON"),
        (b"[1, 2]", ErrorCode.NOT_OBJECT, "not list"),
        (b'{"kind": "join"}', ErrorCode.UNKNOWN_TYPE, "no 'type'"),
        (b'{"type": "dance"}', ErrorCode.UNKNOWN_TYPE, "unknown message type 'dance'"),
        (b'{"type": "join"}', ErrorCode.BAD_FIELD, "'token'"),
        (
            b'{"type": "join", "token": "t", "seat": 1}',
            ErrorCode.BAD_FIELD,
            "unexpected field 'seat'",
        ),
        (
            b'{"type": "action", "hand": 1, "seq": 2}',
            ErrorCode.BAD_FIELD,
            "'action' must be one of",
        ),
        (
            b'{"type": "action", "hand": 1, "seq": 2, "action": "raise"}',
            ErrorCode.BAD_FIELD,
            "a raise needs",
        ),
        (
            b'{"type": "action", "hand": -1, "seq": 2, "action": "fold"}',
            ErrorCode.BAD_FIELD,
            "'hand' must be a whole number",
        ),
        (
            b'{"type": "action", "hand": 1, "seq": true, "action": "fold"}',
            ErrorCode.BAD_FIELD,
            "'seq'",
        ),
        (
            b'{"type": "action", "hand": 1, "seq": 1, "action": "call", "amount": 5}',
            ErrorCode.BAD_FIELD,
            "a call takes no amount",
        ),
        (b"[" * 100000, ErrorCode.NOT_JSON, "JSON"),
    ],
)
def test_bad_lines_are_problems_that_name_themselves(
    line: bytes, code: ErrorCode, words: str
) -> None:
    problem = decode(line)
    assert isinstance(problem, Problem)
    assert problem.code is code and words in problem.message


def test_good_lines_are_messages_and_match_the_client_schema() -> None:
    lines = {
        b'{"type":"join","token":"abc","name":"me"}': Join("abc", "me"),
        b'{"type":"watch"}': Watch(),
        b'{"type":"ping","id":7}': Ping(7),
        b'{"type":"action","hand":3,"seq":9,"action":"raise","amount":40}': Answer(
            3, 9, Action.raise_to(40)
        ),
        b'{"type":"action","hand":3,"seq":9,"action":"show","value":1234}': Answer(
            3, 9, Action.show(1234)
        ),
    }
    for line, message in lines.items():
        assert decode(line) == message
        CLIENT.validate(json.loads(line))


@settings(max_examples=300)
@given(st.binary(max_size=200))
def test_any_bytes_decode_to_a_message_or_a_problem(data: bytes) -> None:
    assert isinstance(decode(data), Problem | Join | Watch | Answer | Ping) or decode(data)


any_text = st.text(max_size=10) | st.text(
    st.characters(categories=["Cs", "Cc", "Cf", "Zs", "Lu", "So"]), max_size=6
)  # lone surrogates, control and format characters, odd spaces among them
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=True)
    | any_text,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(any_text, inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=150)
@given(
    st.sampled_from(["join", "watch", "action", "ping", "bye", "x"]),
    st.dictionaries(
        st.sampled_from(
            ["token", "name", "hand", "seq", "action", "amount", "value", "id", "other"]
        ),
        json_values,
        max_size=6,
    ),
)
def test_decoded_messages_are_exactly_those_the_client_schema_allows(
    kind: str, fields: dict[str, Any]
) -> None:
    data = {"type": kind, **fields}
    message = decode(json.dumps(data).encode())
    valid = CLIENT.is_valid(data)
    if isinstance(message, Problem):
        assert not valid or message.code is ErrorCode.BAD_FIELD, (data, message)
        message.message.encode()  # what a problem quotes can be sent back
        assert len(message.message) < 300
    else:
        assert valid, (data, message)
        encode({"type": "pong", "id": message.id} if isinstance(message, Ping) else {})


@settings(max_examples=300)
@given(
    st.integers(-5, 2**60) | st.sampled_from([0, 1, 2**53 - 1, 2**53]),
    st.integers(-5, 2**60) | st.sampled_from([0, 7, 2**53 - 1, 2**53]),
    st.sampled_from(["fold", "check", "call", "bet", "raise", "show", "muck", "jump"]),
    st.none() | st.integers(-3, 2**54),
    st.none() | st.integers(-(2**54), 2**54),
)
def test_an_answer_as_the_client_writes_it_is_read_as_any_other(
    hand: int, seq: int, kind: str, amount: int | None, value: int | None
) -> None:
    """Answers in the form pokerroom's client writes skip the JSON parser: the message or
    problem is the one the same answer written otherwise (a space) is read as."""
    message: dict[str, Any] = {"type": "action", "hand": hand, "seq": seq, "action": kind}
    if amount is not None:
        message["amount"] = amount
    if value is not None:
        message["value"] = value
    compact = json.dumps(message, separators=(",", ":")).encode()
    spaced = json.dumps(message).encode()
    assert decode(compact) == decode(spaced) == decode(compact + b"\n")


def test_an_answer_read_again_is_read_the_same() -> None:
    """The actions of answers are kept by their kind and amount: the same answer, read
    again among others, is the same message as the JSON parser's, and a refused one is
    refused again (never kept)."""
    lines = [b'{"type":"action","hand":1,"seq":%d,"action":"%s"%s}' % (seq, kind, more)
             for seq, (kind, more) in enumerate(
                 [(b"raise", b',"amount":4'), (b"raise", b',"amount":6'), (b"call", b""),
                  (b"fold", b',"amount":4'), (b"bet", b""), (b"raise", b',"amount":4')] * 2)]
    for line in lines:
        spaced = json.dumps(json.loads(line)).encode()
        assert decode(line) == decode(spaced), line
    assert isinstance(decode(lines[3]), Problem) and isinstance(decode(lines[9]), Problem)
    assert decode(lines[0]) == Answer(1, 0, Action.raise_to(4))
    assert decode(lines[7]) == Answer(1, 7, Action.raise_to(6))


@settings(max_examples=200)
@given(
    st.lists(st.binary(max_size=30).map(lambda b: b.replace(b"\n", b"")), max_size=12),
    st.lists(st.integers(1, 40), max_size=20),
    st.integers(4, 32),
)
def test_line_buffer_splits_as_sent_and_drops_long_lines(
    lines: list[bytes], cuts: list[int], limit: int
) -> None:
    stream = b"".join(line + b"\n" for line in lines)
    buffer = LineBuffer(limit)
    got: list[bytes | None] = []
    pos = 0
    for cut in [*cuts, len(stream)]:
        got += buffer.feed(stream[pos : pos + cut])
        pos += cut
    got += buffer.feed(stream[pos:])
    expected = [line.rstrip(b"\r") if len(line) + 1 <= limit else None for line in lines]
    assert got == expected
    assert buffer.pending == 0


def test_a_long_line_is_never_held_whole() -> None:
    buffer = LineBuffer(1000)
    out = []
    for _ in range(5000):  # 5 MB without a newline
        out += buffer.feed(b"x" * 1000)
        assert buffer.pending < 1000
    out += buffer.feed(b"x\n{}\n")
    assert out == [None, b"{}"]


def test_rate_limit_tells_a_flood_once() -> None:
    conn = Connection(Limits(rate=10, burst=5))
    answers = [conn.receive(b'{"type":"ping"}', now=0.0) for _ in range(8)]
    assert answers[:5] == [Ping()] * 5
    assert [a.code for a in answers[5:]] == [ErrorCode.FLOOD] * 3  # type: ignore[union-attr]
    assert [a.quiet for a in answers[5:]] == [False, True, True]  # type: ignore[union-attr]
    assert conn.receive(b'{"type":"ping"}', now=0.5) == Ping()  # refilled


@pytest.mark.parametrize("seats", [2, 3, 7])
@pytest.mark.parametrize("preset", ["computer-tournament", "no-limit", "casino-limit", "wild"])
def test_the_dealers_view_text_is_the_codecs_json(preset: str, seats: int) -> None:
    """The dealer writes views with :class:`JSONText` (each event's text made once): the
    same text as the codec's JSON, for every seat, the spectator, every decision and the
    end of every hand, seats out of the game included."""
    table = Table(Rules.preset(preset), seats, rng=random.Random(seats), max_hands=12)
    rng = random.Random(5)
    text = JSONText()
    views = 0
    while not table.is_over:
        table.start_hand()
        text.clear()
        while True:
            for seat in (-1, *range(seats)):
                view = table.view(seat)
                assert text.view(view) == dumps(view_to_json(view))
                views += 1
            if table.to_act is None:
                break
            table.apply(Action(*random_action(table.legal_actions(), rng)))
    assert views > 10


@pytest.mark.parametrize("preset", ["computer-tournament", "no-limit", "casino-limit", "wild"])
def test_views_round_trip_through_json(preset: str) -> None:
    rules = Rules.preset(preset)
    table = Table(rules, 3, rng=random.Random(4), max_hands=8)
    rng = random.Random(5)
    views = 0
    while not table.is_over:
        table.start_hand()
        while table.to_act is not None:
            for seat in (-1, table.to_act):
                view = table.view(seat)
                data = view_to_json(view)
                SERVER.validate({"type": "state", "hand": table.hand_number, "view": data})
                back = view_from_json(json.loads(json.dumps(data)), rules)
                assert dataclasses.replace(back, legal=None) == dataclasses.replace(
                    view, legal=None
                )
                assert view_to_json(back) == data  # legal actions included
                views += 1
            legal = table.legal_actions()
            table.apply(Action(*random_action(legal, rng)))
    assert views > 30


def test_the_reason_a_choice_is_missing_goes_out_only_when_there_is_one() -> None:
    """``legal.why``: on the wire only when a choice is missing, read back the same, in
    both of the dealer's encoders; refused when it is not a short text."""
    rules = Rules.preset("no-limit")
    table = Table(rules, 2, rng=random.Random(1), max_hands=1)
    table.start_hand()
    open_view = table.view(table.to_act)  # type: ignore[arg-type]
    assert open_view.legal is not None and "why" not in view_to_json(open_view)["legal"]
    table.apply(Action.raise_to(table.legal_actions().max_to))  # all in: the call is all
    view = table.view(table.to_act)  # type: ignore[arg-type]
    data = view_to_json(view)
    assert data["legal"]["why"] == "only 996 behind, not more than the 996 to call"
    assert JSONText().view(view) == dumps(data)
    SERVER.validate({"type": "state", "hand": 1, "view": data})
    back = view_from_json(json.loads(dumps(data)), rules)
    assert back.legal is not None and back.legal.why == data["legal"]["why"]
    for bad in (7, None, ["x"], "x" * 501):
        with pytest.raises(CodecError, match="'why' must be a text of at most 500"):
            view_from_json({**data, "legal": {**data["legal"], "why": bad}}, rules)
    assert view_from_json({**data, "legal": {**data["legal"], "why": "x" * 500}}, rules)


def test_the_schema_of_rules_names_every_rules_field_and_its_values() -> None:
    """A game's rules go out as ``Rules.to_mapping()``: the schema must follow the rules
    as they grow (a field or a value it does not know would be refused by a client that
    validates)."""
    schema = json.loads((SCHEMA_DIR / "server.json").read_text())["$defs"]["rules"]
    names = {f.name for f in dataclasses.fields(Rules)} | {"joker"}  # wild: two keys
    assert set(schema["properties"]) == names
    enums = 0
    for f in dataclasses.fields(Rules):
        default = f.default
        if isinstance(default, enum.Enum):
            allowed = schema["properties"][f.name]["enum"]
            assert allowed == [m.value for m in type(default)], f.name
            enums += 1
    assert enums >= 7  # structure, cap_counts, ante_rule, showdown, tie_split, odd_chip...
    check = jsonschema.Draft202012Validator(schema)
    for rules in [Rules.preset(p) for p in PRESETS]:
        check.validate(rules.to_mapping())
    check.validate(Rules.preset("no-limit").replace(first_to_act=(1, 0, 0, 0)).to_mapping())


@given(
    st.sampled_from(["fold", "check", "call", "bet", "raise", "show", "muck", "jump"]),
    st.one_of(st.none(), st.integers(-5, 500), st.text(max_size=3)),
    st.one_of(st.none(), st.integers(0, 9999), st.booleans()),
)
def test_actions_from_json_are_actions_or_codec_errors(
    kind: str, amount: object, value: object
) -> None:
    data = {"action": kind, "amount": amount, "value": value}
    try:
        action = action_from_json(data)
    except CodecError:
        return
    assert action_from_json(action_to_json(action)) == action


# ----------------------------------------------------------------- the dealer core


def _dealer(**options: Any) -> tuple[JSONDealer, list[Connection]]:
    table = Table(Rules.preset("no-limit", buy_in=200), 2, rng=random.Random(1), max_hands=5)
    dealer = JSONDealer(table, ["red", "blue"], budget=10, **options)
    conns = []
    for token in ("red", "blue"):
        conn, _ = dealer.open()
        dealer.receive(conn, json.dumps({"type": "join", "token": token}).encode(), 0.0)
        conns.append(conn)
    return dealer, conns


def _answer(
    dealer: JSONDealer, conn: Connection, action: dict[str, Any], now: float = 1.0, **where: int
) -> list[dict[str, Any]]:
    pending = dealer.pending
    assert pending is not None
    message = {"type": "action", "hand": pending.hand, "seq": pending.seq, **where, **action}
    out = dealer.receive(conn, json.dumps(message).encode(), now)
    return [m for c, m in out.decoded() if c is conn]


def test_the_core_refuses_what_is_not_the_waiting_decision() -> None:
    dealer, conns = _dealer()
    dealer.start(0.0)
    pending = dealer.pending
    assert pending is not None and pending.seq == 1
    actor, other = conns[pending.seat], conns[1 - pending.seat]
    assert _answer(dealer, other, {"action": "fold"})[0]["code"] == "not-your-turn"
    assert _answer(dealer, actor, {"action": "fold"}, hand=7)[0]["code"] == "wrong-hand"
    assert _answer(dealer, actor, {"action": "fold"}, seq=9)[0]["code"] == "unknown-seq"
    refused = _answer(dealer, actor, {"action": "raise", "amount": 1})[0]
    assert refused["code"] == "illegal-action" and "legal" in refused["message"]
    assert dealer.pending == pending  # still waiting, unchanged
    accepted = _answer(dealer, actor, {"action": "call"})
    assert accepted[0] == {"type": "accepted", "hand": 1, "seq": 1, "action": "call"}
    assert dealer.pending is not None and dealer.pending.seq == 2
    again = dealer.receive(
        actor, json.dumps({"type": "action", "hand": 1, "seq": 1, "action": "call"}).encode(), 2.0
    )
    assert [m["code"] for _, m in again.decoded()] == ["duplicate"]
    stale = dealer.receive(
        actor, json.dumps({"type": "action", "hand": 1, "seq": 0, "action": "call"}).encode(), 2.0
    )
    assert [m["code"] for _, m in stale.decoded()] == ["stale"]


def test_a_wrong_token_acts_for_no_seat_and_is_closed_after_three() -> None:
    dealer, _ = _dealer()
    conn, _ = dealer.open()
    for k in range(3):
        out = dealer.receive(conn, b'{"type":"join","token":"green"}', 0.0)
        assert out.decoded()[0][1]["code"] == "bad-token"
        assert conn.role is Role.NEW
        assert (conn in out.close) == (k == 2)
    out = dealer.receive(conn, b'{"type":"action","hand":1,"seq":1,"action":"fold"}', 0.0)
    assert out.messages == []  # closed: nothing more it sends is read


def test_time_runs_out_the_seat_gets_the_default_action() -> None:
    dealer, _ = _dealer()
    dealer.start(0.0)
    pending = dealer.pending
    assert pending is not None and pending.deadline == 10.0
    out = dealer.expire(10.0)
    default = next(m for c, m in out.decoded() if m["type"] == "default")
    assert default == {
        "type": "default",
        "hand": 1,
        "seq": 1,
        "reason": "timeout",
        "action": "fold",
    }
    assert dealer.runner.faults[0].kind.value == "timeout"
    assert dealer.pending is not None and dealer.pending.hand == 2


# ------------------------------------------------------------------ the client core


class _Looker:
    """A player that looks at its whole view (a copy kept) and answers at random."""

    def __init__(self) -> None:
        self.rng = random.Random(3)
        self.views: list[PlayerView] = []

    def act(self, view: PlayerView, budget: float) -> Action:
        self.views.append(copy.copy(view))
        assert view.legal is not None
        return Action(*random_action(view.legal, self.rng))


@pytest.mark.parametrize("preset", ["computer-tournament", "no-limit", "wild"])
def test_a_client_reads_an_act_of_a_pokerroom_dealer_as_the_codec_does(preset: str) -> None:
    """A pokerroom dealer's act lines are read as far as their legal actions only (the
    rest when the player looks): the views a player sees are those the codec reads from
    the whole line, and every answer is a client message the schema allows.  A player
    without ``announce`` shows at a showdown where mucking is not allowed (the client
    used to answer muck, refused, again and again, as fast as it could)."""
    table = Table(Rules.preset(preset), 3, rng=random.Random(2), max_hands=12, reset_stacks=True)
    dealer = JSONDealer(table, ["a", "b", "c"], limits=Limits(rate=1e9, burst=10**9))
    players = [_Looker() for _ in range(3)]
    clients = [JSONClient(p, token) for p, token in zip(players, "abc", strict=True)]
    conns = []
    for client in clients:
        conn, out = dealer.open()
        conns.append(conn)
        join = client.feed(b"".join(line for _, line in out.messages))
        out = dealer.receive(conn, join.rstrip(b"\n"), 0.0)
        client.feed(b"".join(line for c, line in out.messages if c is conn))
    acts: list[tuple[int, bytes]] = []
    inbox: list[list[bytes]] = [[], [], []]

    def post(out: Outbox) -> None:
        for c, line in out.messages:
            inbox[conns.index(c)].append(line)

    post(dealer.start(0.0))
    now = 0.0
    checked: set[str | None] = set()
    while any(inbox):
        seat = next(s for s in range(3) if inbox[s])
        lines, inbox[seat] = b"".join(inbox[seat]), []
        acts += [(seat, x) for x in lines.splitlines() if x.startswith(b'{"type":"act"')]
        for answer in clients[seat].feed(lines).splitlines():
            kind = json.loads(answer).get("action")
            if kind not in checked:  # (the schema's check is slow: each kind once)
                CLIENT.validate(json.loads(answer))
                checked.add(kind)
            now += 0.01
            post(dealer.receive(conns[seat], answer, now))
    assert dealer.finished and len(acts) > 20
    rules = Rules.preset(preset)
    for seat in range(3):
        mine = [line for s, line in acts if s == seat]
        read = [view_from_json(json.loads(line)["view"], rules) for line in mine]
        asked = [v for v in read if v.street is not Street.SHOWDOWN]  # (no announce method)
        assert players[seat].views == asked


def test_answers_the_match_takes_never_count_against_the_rate() -> None:
    """A bot may answer as fast as the match asks (one at 500 hands a second answers
    over 1,000 times a second, the default rate: it was refused as a flood, and its
    seat timed out); pings and refused lines still count."""
    dealer, conns = _dealer(limits=Limits(rate=1.0, burst=3))
    dealer.start(0.0)
    answered = 0
    while answered < 12:  # (the match is not over yet)
        pending = dealer.pending
        assert pending is not None
        reply = {"type": "action", "hand": pending.hand, "seq": pending.seq, "action": "call"}
        legal = dealer.table.legal_actions()
        if "call" not in [k.value for k in legal.kinds]:
            reply["action"] = "check" if "check" in [k.value for k in legal.kinds] else "show"
        out = dealer.receive(conns[pending.seat], json.dumps(reply).encode(), 0.0)
        assert next(m["type"] for c, m in out.decoded() if c is conns[pending.seat]) == "accepted"
        answered += 1
    pings = [dealer.receive(conns[0], b'{"type":"ping"}', 0.0) for _ in range(5)]
    answers = [m for o in pings for _, m in o.decoded()]
    assert [m["type"] for m in answers] == ["pong"] * 2 + ["error"]  # (the join took one)
    assert answers[-1]["code"] == "flood"
