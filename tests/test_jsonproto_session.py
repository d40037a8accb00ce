"""The JSON protocol's client (pokerroom.jsonproto.client.ClientSession) fed lines
directly, in-process: the greeting and the join, every refusal's whole text, the lines a
player that listens to nothing never has read, an ``act`` line read only up to its legal
actions giving the same view as the whole line, the exact answer lines, a player that
raises or returns no action, the default tried once after a refused answer, and the end
of a match.  The dealer's lines come from a real dealer (JSONDealer, no socket)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pokerroom.engine import Action, PlayerView, Street
from pokerroom.jsonproto import client as client_module
from pokerroom.jsonproto.client import ClientSession, JSONClientError, JSONResult
from pokerroom.jsonproto.codec import event_from_json, view_from_json
from pokerroom.jsonproto.dealer import JSONDealer, Outbox
from pokerroom.jsonproto.messages import PROTOCOL, VERSION, Connection, Limits
from pokerroom.players.runner import GameResult
from pokerroom.rules import Rules
from pokerroom.table import Table

HELLO = json.dumps({"type": "hello", "protocol": PROTOCOL, "version": VERSION}).encode()


class Caller:
    """Checks or calls; keeps each view and budget it is given (it listens to nothing)."""

    def __init__(self) -> None:
        self.seen: list[tuple[PlayerView, float]] = []

    def act(self, view: PlayerView, budget: float) -> Action:
        self.seen.append((view, budget))
        return Action.check() if view.to_call == 0 else Action.call()


class Listening(Caller):
    """A caller that is told everything, and announces its best value at a showdown."""

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[str] = []
        self.told: list[Any] = []  # what each notice carried
        self.announced = 0
        self.budgets: list[float] = []

    def start_game(self, start: Any) -> None:
        self.heard.append("start_game")
        self.told.append(start)

    def start_hand(self, start: Any) -> None:
        self.heard.append("start_hand")
        self.told.append(start)

    def observe(self, event: Any) -> None:
        self.heard.append("observe")
        self.told.append(event)

    def end_hand(self, view: PlayerView) -> None:
        self.heard.append("end_hand")
        self.told.append(view)

    def end_game(self, result: Any) -> None:
        self.heard.append("end_game")
        self.told.append(result)

    def announce(self, view: PlayerView, budget: float) -> Action:
        self.announced += 1
        self.budgets.append(budget)
        assert view.legal is not None
        return Action.show(view.legal.values[0]) if view.legal.values else Action.show()


def _lines(out: Outbox, conn: object) -> list[bytes]:
    return [line for c, data in out.messages if c is conn for line in data.splitlines()]


Played = tuple[list[ClientSession], list[list[bytes]], list[list[bytes]]]


def match(players: list[Any], preset: str | Rules = "casino-limit", hands: int = 2,
          seed: int = 3) -> Played:  # fmt: skip
    """A match of ``players`` (one session each) against a dealer; each seat's lines
    received and sent."""
    rules = Rules.preset(preset) if isinstance(preset, str) else preset
    table = Table(rules, len(players), rng=random.Random(seed),
                  max_hands=hands)  # fmt: skip
    tokens = [f"t{k}" for k in range(len(players))]
    dealer = JSONDealer(table, tokens, limits=Limits(rate=1e9, burst=10**9))
    sessions = [ClientSession(p, t) for p, t in zip(players, tokens, strict=True)]
    conns: list[Connection] = []
    got: list[list[bytes]] = [[] for _ in players]
    sent: list[list[bytes]] = [[] for _ in players]
    inbox: list[list[bytes]] = [[] for _ in players]

    def post(out: Outbox) -> None:
        for seat, conn in enumerate(conns):
            inbox[seat] += _lines(out, conn)

    for seat, session in enumerate(sessions):
        conn, out = dealer.open()
        conns.append(conn)
        for line in _lines(out, conn):
            got[seat].append(line)
            session.receive(line)
        join = session.outgoing().rstrip(b"\n")
        sent[seat].append(join)
        inbox[seat] += _lines(dealer.receive(conn, join, 0.0), conn)
    post(dealer.start(0.0))
    while any(inbox):
        seat = next(s for s in range(len(players)) if inbox[s])
        line = inbox[seat].pop(0)
        got[seat].append(line)
        sessions[seat].receive(line)
        for answer in sessions[seat].outgoing().splitlines():
            sent[seat].append(answer)
            post(dealer.receive(conns[seat], answer, 0.0))
    return sessions, got, sent


@pytest.fixture(scope="module")
def played() -> Played:
    return match([Caller(), Caller()])


def test_a_new_session_sends_nothing_and_keeps_an_empty_score() -> None:
    session = ClientSession(Caller(), "t")
    assert session.outgoing() == b"" and not session.done
    assert (session.token, session.name, session.rules, session.waiting) == ("t", None, None,
                                                                             None)
    assert session.result == JSONResult(None, 0, 0, 0, [], None)


def test_the_join_carries_the_token_and_the_name_given() -> None:
    named = ClientSession(Caller(), "tok", name="bot 7")
    named.receive(HELLO)
    assert named.outgoing() == b'{"type":"join","token":"tok","name":"bot 7"}\n'
    assert named.outgoing() == b""
    plain = ClientSession(Caller(), "tok")
    plain.receive(HELLO)
    assert plain.outgoing() == b'{"type":"join","token":"tok"}\n'
    reader = ClientSession(Caller(), None, name="bot 7")
    reader.receive(HELLO)
    assert reader.outgoing() == b""


def test_the_major_version_alone_is_compared(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module, "VERSION", "3.7")
    same = ClientSession(Caller(), "t")
    same.receive(json.dumps({"type": "hello", "protocol": PROTOCOL, "version": "3.0"}).encode())
    assert same.outgoing() == b'{"type":"join","token":"t"}\n'
    with pytest.raises(JSONClientError) as refused:
        ClientSession(Caller(), "t").receive(json.dumps(
            {"type": "hello", "protocol": PROTOCOL, "version": "7.3"}).encode())  # fmt: skip
    assert str(refused.value) == "the dealer speaks version 7.3; this client 3.7"


def test_a_dealer_of_the_same_major_version_is_spoken_to_and_another_is_refused() -> None:
    major = VERSION.split(".")[0]
    same = ClientSession(Caller(), "t")
    same.receive(json.dumps({"type": "hello", "protocol": PROTOCOL,
                             "version": f"{major}.99"}).encode())  # fmt: skip
    assert same.outgoing() == b'{"type":"join","token":"t"}\n'
    newer = f"{int(major) + 1}.0"
    with pytest.raises(JSONClientError) as refused:
        ClientSession(Caller(), "t").receive(json.dumps(
            {"type": "hello", "protocol": PROTOCOL, "version": newer}).encode())  # fmt: skip
    assert str(refused.value) == f"the dealer speaks version {newer}; this client {VERSION}"
    with pytest.raises(JSONClientError) as unversioned:
        ClientSession(Caller(), "t").receive(json.dumps(
            {"type": "hello", "protocol": PROTOCOL}).encode())  # fmt: skip
    assert str(unversioned.value) == f"the dealer speaks version None; this client {VERSION}"


def test_a_server_that_is_no_pokerroom_dealer_is_refused_with_its_first_line() -> None:
    for hello in (
        {"type": "hello", "protocol": "other", "version": VERSION},
        {"type": "welcome", "protocol": PROTOCOL, "version": VERSION},
        [1, 2],
    ):
        line = json.dumps(hello).encode()
        with pytest.raises(JSONClientError) as refused:
            ClientSession(Caller(), "t").receive(line)
        assert str(refused.value) == f"not a pokerroom JSON-lines dealer: {line!r}"
    long = json.dumps({"type": "hello", "protocol": "x" * 300}).encode()
    with pytest.raises(JSONClientError) as cut:
        ClientSession(Caller(), "t").receive(long)
    assert str(cut.value) == f"not a pokerroom JSON-lines dealer: {repr(long)[:200]}"


def test_a_dealer_over_its_limit_says_goodbye_and_the_session_gives_its_reason() -> None:
    with pytest.raises(JSONClientError) as refused:
        ClientSession(Caller(), "t").receive(b'{"type":"bye","reason":"full"}')
    assert str(refused.value) == "the dealer refused the connection: full"


def test_a_bad_name_is_refused_before_anything_is_sent() -> None:
    with pytest.raises(JSONClientError) as refused:
        ClientSession(Caller(), "t", name=" bot")
    assert str(refused.value) == "the name ' bot': 'name' must not start or end with a space"
    assert ClientSession(Caller(), "t", name="b" * 64).name == "b" * 64


def test_a_line_that_cannot_be_read_raises_with_what_is_wrong() -> None:
    session = ClientSession(Caller(), "t")
    session.receive(HELLO)
    with pytest.raises(JSONClientError) as listed:
        session.receive(b"[1, 2]")
    assert str(listed.value) == "a line that is not a message: b'[1, 2]'"
    with pytest.raises(JSONClientError) as broken:
        session.receive(b'{"type":"default"')
    assert str(broken.value).startswith("a message this client cannot read: Expecting")
    with pytest.raises(JSONClientError) as early:
        session.receive(b'{"type":"act","hand":1,"seq":1,"budget":1,"view":{"seat":0}}')
    assert str(early.value) == (
        "the server asked for a decision before the welcome")
    with pytest.raises(JSONClientError) as missing:
        session.receive(b'{"type":"match_end"}')
    assert str(missing.value) == "a message this client cannot read: 'standings'"
    with pytest.raises(JSONClientError) as viewless:
        session.view({})
    assert str(viewless.value) == "the server sent a view before the welcome"


def test_a_real_act_line_before_the_welcome_is_refused() -> None:
    _, rest = _welcomed(Caller())
    session = ClientSession(Caller(), "t")
    session.receive(HELLO)
    with pytest.raises(JSONClientError) as early:
        session.receive(rest[0])
    assert str(early.value) == "the server asked for a decision before the welcome"


def test_a_view_is_read_with_the_rules_of_the_welcome() -> None:
    session, rest = _welcomed(Caller(), "no-limit")
    data = json.loads(rest[0])["view"]
    assert session.rules == Rules.preset("no-limit")
    assert session.view(data) == view_from_json(data, Rules.preset("no-limit"))


def test_a_match_played_line_by_line_ends_with_a_bye_and_its_score(played: Any) -> None:
    sessions, got, sent = played
    for seat, session in enumerate(sessions):
        assert session.done and session.result.seat == seat
        assert session.result.hands == 2 and session.result.defaults == 0
        assert session.result.errors == []
        answers = [a for a in sent[seat] if a.startswith(b'{"type":"action"')]
        assert session.result.decisions == len(answers) > 0
        ends = [json.loads(line) for line in got[seat] if line.startswith(b'{"type":"match_end"')]
        assert [session.result.end] == ends
        assert sent[seat][-1] == b'{"type":"bye"}'
        assert session.outgoing() == b""
        session.receive(b"not even JSON")  # done: nothing more is read
        assert session.outgoing() == b""


def test_an_act_line_read_up_to_its_legal_actions_gives_the_view_of_the_whole_line() -> None:
    players = [Caller(), Caller()]
    sessions, got, sent = match(players, "no-limit", hands=3, seed=5)
    for seat, player in enumerate(players):
        acts = [json.loads(line) for line in got[seat] if line.startswith(b'{"type":"act"')]
        asked = [a for a in acts if a["view"]["legal"]["street"] != "showdown"]
        assert len(player.seen) == len(asked) > 0
        rules = sessions[seat].rules
        assert rules is not None
        for (view, budget), act in zip(player.seen, asked, strict=True):
            assert view == view_from_json(act["view"], rules)
            assert view.seat == seat and budget == act["budget"] == 30.0
        answers = [json.loads(a) for a in sent[seat] if a.startswith(b'{"type":"action"')]
        assert [(a["hand"], a["seq"]) for a in answers] == [(a["hand"], a["seq"]) for a in acts]


def _waiting(session: ClientSession) -> object:
    return session.waiting


def _done(session: ClientSession) -> bool:
    return session.done


def _welcomed(player: Any, preset: str = "casino-limit") -> tuple[ClientSession, list[bytes]]:
    """A session of seat 0 given the dealer's lines up to its first act, and the rest."""
    _, got, _ = match([Caller(), Caller()], preset)
    session = ClientSession(player, "t0")
    lines = got[0]
    first_act = next(k for k, line in enumerate(lines) if line.startswith(b'{"type":"act"'))
    for line in lines[:first_act]:
        session.receive(line)
    session.outgoing()
    return session, lines[first_act:]


def test_an_act_line_of_another_layout_is_read_in_full_as_well() -> None:
    player = Caller()
    session, rest = _welcomed(player)
    act = json.loads(rest[0])
    # the same message with its fields in another order, or spaced: not the fast path
    for line in (json.dumps({"view": act["view"], **act}).encode(), json.dumps(act).encode()):
        session.receive(line)
        (view, budget) = player.seen[-1]
        assert view == view_from_json(act["view"], session.rules)  # type: ignore[arg-type]
        assert budget == 30.0
        assert session.outgoing() == (
            f'{{"type":"action","hand":{act["hand"]},"seq":{act["seq"]},"action":"call"}}\n'
        ).encode()


def test_the_answer_lines_carry_the_amount_and_the_value_exactly() -> None:
    session = ClientSession(Caller(), "t")
    session.answer(4, 9, Action.raise_to(120))
    session.answer(4, 10, Action.fold())
    session.answer(5, 1, Action.show(7462))
    assert session.outgoing() == (
        b'{"type":"action","hand":4,"seq":9,"action":"raise","amount":120}\n'
        b'{"type":"action","hand":4,"seq":10,"action":"fold"}\n'
        b'{"type":"action","hand":5,"seq":1,"action":"show","value":7462}\n'
    )
    assert session.result.decisions == 3


class Raising(Caller):
    def act(self, view: PlayerView, budget: float) -> Action:
        raise ValueError("boom")


class Wrong(Caller):
    def act(self, view: PlayerView, budget: float) -> Action:
        return "call"  # type: ignore[return-value]


def test_a_player_that_raises_or_returns_no_action_is_answered_for_by_the_default() -> None:
    for player, error in ((Raising(), "the player raised ValueError: boom"),
                          (Wrong(), "the player returned 'call', not an Action")):  # fmt: skip
        session, rest = _welcomed(player)
        act = json.loads(rest[0])
        session.receive(rest[0])
        assert session.result.errors == [error]
        # the small blind owes a chip: the default folds
        assert session.outgoing() == (
            f'{{"type":"action","hand":{act["hand"]},"seq":{act["seq"]},"action":"fold"}}\n'
        ).encode()
        assert session.result.decisions == 1


def test_a_refused_answer_is_tried_again_once_as_the_default() -> None:
    session, rest = _welcomed(Caller())
    act = json.loads(rest[0])
    hand, seq = act["hand"], act["seq"]
    session.receive(rest[0])
    assert session.outgoing().endswith(b'"action":"call"}\n')
    assert session.waiting is not None and session.waiting[:2] == (hand, seq)
    refusal = {"type": "error", "code": "illegal-action", "message": "no", "hand": hand,
               "seq": seq}  # fmt: skip
    session.receive(json.dumps(refusal).encode())
    assert session.outgoing() == (
        f'{{"type":"action","hand":{hand},"seq":{seq},"action":"fold"}}\n').encode()
    assert _waiting(session) is None
    session.receive(json.dumps(refusal).encode())  # once only
    assert session.outgoing() == b""
    assert session.result.errors == ["illegal-action: no", "illegal-action: no"]


def test_a_refusal_of_another_decision_or_kind_is_only_recorded() -> None:
    for changes in ({"seq": 99}, {"hand": 99}, {"code": "stale"}):
        session, rest = _welcomed(Caller())
        act = json.loads(rest[0])
        session.receive(rest[0])
        session.outgoing()
        refusal = {"type": "error", "code": "illegal-action", "message": "m",
                   "hand": act["hand"], "seq": act["seq"], **changes}  # fmt: skip
        session.receive(json.dumps(refusal).encode())
        assert session.outgoing() == b"" and session.waiting is None
        assert session.result.errors == [f"{refusal['code']}: m"]


def test_a_refused_token_or_join_ends_the_session_with_the_dealers_words() -> None:
    session = ClientSession(Caller(), "t")
    session.receive(HELLO)
    with pytest.raises(JSONClientError) as token:
        session.receive(b'{"type":"error","code":"bad-token","message":"no such seat"}')
    assert str(token.value) == "the dealer refused the token: no such seat"
    with pytest.raises(JSONClientError) as seat:
        session.receive(b'{"type":"error","code":"taken","message":"seat 1 is taken"}')
    assert str(seat.value) == "the dealer refused to seat this client: seat 1 is taken"
    welcomed, _ = _welcomed(Caller())
    with pytest.raises(JSONClientError, match="the dealer refused the token: gone"):
        welcomed.receive(b'{"type":"error","code":"bad-token","message":"gone"}')


def test_defaults_are_counted_and_a_goodbye_ends_the_session_without_a_bye() -> None:
    session, _ = _welcomed(Caller())
    session.receive(b'{"type":"default","hand":1,"seq":1}')
    session.receive(b'{"type":"default","hand":1,"seq":3}')
    assert session.result.defaults == 2 and _done(session) is False
    session.receive(b'{"type":"pong","id":1}')  # another type: nothing
    assert _done(session) is False
    session.receive(b'{"type":"bye","reason":"closing"}')
    assert _done(session) is True and session.result.end is None
    assert session.outgoing() == b""


def test_a_player_that_listens_hears_each_notice_and_one_that_does_not_counts_hands() -> None:
    listening, deaf = Listening(), Caller()
    sessions, got, _ = match([listening, deaf], hands=2)
    events = sum(line.startswith(b'{"type":"event"') for line in got[0])
    assert listening.heard == (
        ["start_game", *_heard_between(got[0]), "end_game"])
    assert listening.heard.count("observe") == events
    assert sessions[0].result.hands == sessions[1].result.hands == 2
    # the lines the deaf player has no use for are never parsed: garbage after their type
    deaf_session, _ = _welcomed(Caller())
    for line in (b'{"type":"event",garbage', b'{"type":"accepted",garbage',
                 b'{"type":"hand",garbage', b'{"type":"hand_end",garbage'):  # fmt: skip
        deaf_session.receive(line)
    assert deaf_session.result.hands == 1
    # and read as messages (not lines), the same
    for message in ({"type": "event"}, {"type": "hand"}, {"type": "hand_end"}):
        assert deaf_session.handle(message)
    assert deaf_session.result.hands == 2


def _heard_between(lines: list[bytes]) -> list[str]:
    names = {b'{"type":"hand",': "start_hand", b'{"type":"event",': "observe",
             b'{"type":"hand_end",': "end_hand"}  # fmt: skip
    return [name for line in lines for head, name in names.items() if line.startswith(head)]


def test_an_announced_showdown_asks_the_player_that_announces_and_defaults_for_others() -> None:
    announcer, caller = Listening(), Caller()
    sessions, got, sent = match([announcer, caller], Rules.preset("no-limit", showdown="announced"),
                                  hands=4, seed=1)
    showdowns = [
        [line for line in got[seat] if line.startswith(b'{"type":"act"')
         and b'"street":"showdown","kinds"' in line]
        for seat in range(2)
    ]  # fmt: skip
    assert announcer.announced == len(showdowns[0]) > 0 and len(showdowns[1]) > 0
    assert all(view.legal is not None and view.legal.street is not Street.SHOWDOWN
               for view, _ in caller.seen)  # fmt: skip
    assert announcer.budgets == [30.0] * announcer.announced
    shows = [json.loads(a) for a in sent[0] if b'"action":"show"' in a]
    assert len(shows) == len(showdowns[0]) and all("value" in a for a in shows)
    assert all(s.result.errors == [] for s in sessions)


def test_the_rules_are_read_again_only_when_they_change() -> None:
    session = ClientSession(Caller(), "t")
    data = Rules.preset("no-limit").to_mapping()
    first = session.rules_of(data)
    assert session.rules_of(dict(data)) is first
    other = Rules.preset("casino-limit").to_mapping()
    assert session.rules_of(other) == Rules.preset("casino-limit")
    assert session.rules_of(data) == first and session.rules_of(data) is not first


def test_the_legal_actions_kept_by_text_are_forgotten_at_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(client_module, "LEGAL_TEXTS", 2)
    player = Caller()
    session, rest = _welcomed(player, "no-limit")
    acts = [line for line in rest if line.startswith(b'{"type":"act"')]
    session.receive(acts[0])
    assert len(session._legals) == 1
    texts = {key for key in session._legals}
    # two more texts: the third is kept alone
    for k, line in enumerate((acts[0].replace(b'"max_to":', b'"max_to":1'),
                              acts[0].replace(b'"max_to":', b'"max_to":2'))):  # fmt: skip
        session.receive(line)
        assert len(session._legals) == (2 if k == 0 else 1)
    assert not texts & set(session._legals)
    assert player.seen[-1][0].legal == session.waiting[2].legal  # type: ignore[index]


def test_act_lines_with_the_same_legal_actions_share_them_read_once() -> None:
    player = Caller()
    session, rest = _welcomed(player, "no-limit")
    session.receive(rest[0])
    session.receive(rest[0])
    first, second = player.seen[0][0].legal, player.seen[1][0].legal
    assert first is second and first is not None
    assert session._legals == {_legal_text(rest[0]): first}


def _legal_text(line: bytes) -> str:
    text = line.decode()
    start = text.index('"legal":') + len('"legal":')
    return text[start:text.index('},"events":[') + 1]


def test_an_act_line_whose_view_puts_its_legal_actions_first_is_read_in_full() -> None:
    player = Caller()
    session, rest = _welcomed(player, "no-limit")
    act = json.loads(rest[0])
    view = act["view"]
    reordered = {"seat": view["seat"], "legal": view["legal"],
                 **{k: v for k, v in view.items() if k not in ("seat", "legal")}}  # fmt: skip
    line = json.dumps({**act, "view": reordered}, separators=(",", ":")).encode()
    assert line.startswith(b'{"type":"act","hand":')
    session.receive(line)
    assert player.seen[-1][0] == view_from_json(view, Rules.preset("no-limit"))
    assert session.outgoing().startswith(b'{"type":"action"')


def test_an_act_line_with_broken_legal_actions_is_refused_not_dropped() -> None:
    for legal in (b'"legal":nonsense', b'"legal":[1]'):
        session, rest = _welcomed(Caller(), "no-limit")
        text = rest[0]
        start = text.index(b'"legal":')
        end = text.index(b'},"events":[') + 1
        with pytest.raises(JSONClientError) as refused:
            session.receive(text[:start] + legal + text[end:])
        assert str(refused.value).startswith("a message this client cannot read: ")
        assert session.outgoing() == b""


def test_a_match_end_alone_ends_the_session_with_a_bye() -> None:
    session, _ = _welcomed(Caller())
    _, got, _ = match([Caller(), Caller()])
    end = next(line for line in got[0] if line.startswith(b'{"type":"match_end"'))
    session.receive(end)
    assert _done(session) is True and session.result.end == json.loads(end)
    assert session.outgoing() == b'{"type":"bye"}\n'


def test_a_listening_player_is_told_each_notice_with_what_it_carries() -> None:
    listening = Listening()
    sessions, got, _ = match([listening, Caller()], "no-limit", hands=3, seed=2)
    rules = Rules.preset("no-limit")
    told = iter(listening.told)
    start = next(told)
    assert (start.rules, start.players, start.seat, start.names) == (rules, 2, 0,
                                                                     ("seat 0", "seat 1"))
    starts = []
    for line in got[0]:
        message = json.loads(line)
        if message["type"] == "event":
            assert next(told) == event_from_json(message["event"])
        elif message["type"] == "hand":
            dealt = next(told)
            starts.append(dealt)
            assert (dealt.number, dealt.button, dealt.stacks, dealt.rules) == (
                message["hand"], message["button"], tuple(message["stacks"]), rules)
        elif message["type"] == "hand_end":
            view = next(told)
            assert view == view_from_json(message["view"], rules) and view.rules == rules
    assert isinstance(next(told), GameResult)
    # the rules each hand carries are read once while they stay the same
    assert len(starts) == 3 and starts[0].rules is starts[1].rules is starts[2].rules
    assert sessions[0].result.hands == 3


def test_the_default_after_a_refusal_answers_the_decision_refused() -> None:
    session, rest = _welcomed(Caller(), "no-limit")
    later = next(json.loads(line) for line in rest if line.startswith(b'{"type":"act"')
                 and json.loads(line)["hand"] != json.loads(line)["seq"])  # fmt: skip
    session.receive(json.dumps(later).encode())
    session.outgoing()
    hand, seq = later["hand"], later["seq"]
    session.receive(json.dumps({"type": "error", "code": "illegal-action", "message": "no",
                                "hand": hand, "seq": seq}).encode())  # fmt: skip
    assert session.outgoing().startswith(
        f'{{"type":"action","hand":{hand},"seq":{seq},"action":'.encode())
