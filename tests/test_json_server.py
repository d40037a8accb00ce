"""The JSON-lines dealer over loopback: a whole freeze-out with a spectator, and each
hostile client of issue 13 against a running server.  Every message the server sends
is checked against the JSON Schema; every server is stopped by its test in bounded time.

For each hostile client: the right error (or the default action), the match goes on to
its end, no chip is created or lost, and nobody sees another seat's hole cards before
they are shown.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import jsonschema

from jsonl_helpers import LinePeer
from pokerroom.jsonproto.dealer import JSONDealer, Outbox
from pokerroom.jsonproto.messages import Limits
from pokerroom.net.jsonl.client import JSONResult, play_json
from pokerroom.net.jsonl.server import JSONServer, seat_tokens
from pokerroom.players import CallingStation, RandomBot
from pokerroom.rules import Rules
from pokerroom.table import Table
from table_helpers import FakeClock

HOST = "127.0.0.1"
SCHEMA = json.loads(
    (Path(__file__).resolve().parents[1] / "src/pokerroom/net/schema/server.json").read_text()
)
VALIDATORS = {
    name[: -len("Message")]: jsonschema.Draft202012Validator(
        {"$ref": f"#/$defs/{name}", "$defs": SCHEMA["$defs"]}
    )
    for name in SCHEMA["$defs"]
    if name.endswith("Message")
}
T = TypeVar("T")
TOKENS = ["token-zero", "token-one"]


def run(coro: Awaitable[T], seconds: float = 20) -> T:  # (a match here takes under 2 s)
    async def bounded() -> T:
        async with asyncio.timeout(seconds):
            return await coro

    return asyncio.run(bounded())


class Recording(JSONServer):
    """The server, keeping every message it sends, as sent (to check them all)."""

    sent: list[dict[str, Any]]

    def _deliver(self, out: Outbox, *, hold: bool = False) -> None:
        self.sent = getattr(self, "sent", [])
        self.sent += [m for _, m in out.decoded()]
        super()._deliver(out, hold=hold)


def check_sent(server: Recording) -> None:
    """Every message is valid; no deal event carries cards; each seat's views show only
    its own hole cards and cards shown at the showdown."""
    assert server.sent
    assert len(VALIDATORS) == len(SCHEMA["oneOf"]) == 17  # (chat, seats, clock, offer: the room's)
    for message in server.sent:
        VALIDATORS[message["type"]].validate(message)  # the schema's oneOf picks by type
        if message["type"] == "event":
            event = message["event"]
            assert event["kind"] != "deal" or event["cards"] == []
            assert event["kind"] != "burn" or event["cards"] == []


def hole_cards_seen(messages: list[dict[str, Any]]) -> set[str]:
    """Every hole card a connection was shown by its views (own cards and shown ones)."""
    seen = set()
    for m in messages:
        view = m.get("view")
        if view:
            seen.update(view["hole"])
            for cards in view["shown"]:
                seen.update(cards or ())
        seen.update(m.get("hole", ()))
    return seen


class Raw(LinePeer):
    """A hand-written client: bytes in, messages out."""

    async def connect(self, port: int) -> None:
        self.reader, self.writer = await asyncio.open_connection(HOST, port, limit=2**20)
        hello = await self.next()
        assert hello["type"] == "hello" and hello["version"] == "1.1"

    def _read(self, message: dict[str, Any]) -> None:
        if message["type"] == "bye":
            self.close()  # as a client does: the server reads nothing more


def answer(act: dict[str, Any], **change: Any) -> dict[str, Any]:
    """A check or call (or the showdown's first choice) for an act message."""
    kinds = act["view"]["legal"]["kinds"]
    kind = next(k for k in ("check", "call", "show", "fold") if k in kinds)
    return {"type": "action", "hand": act["hand"], "seq": act["seq"], "action": kind, **change}


async def plays_on(raw: Raw, *, first: bool = True) -> None:
    """Answer every act with a check or call until the server says goodbye."""
    while True:
        try:
            message = await raw.until("act", "bye")
        except ConnectionError:
            return
        if message["type"] != "act":
            return
        raw.send(answer(message))


Scenario = Callable[[Raw, int], Awaitable[None]]


def hostile_match(
    scenario: Scenario,
    *,
    budget: float = 20.0,
    hands: int = 6,
    limits: Limits | None = None,
    clock: Callable[[], float] | None = None,
) -> tuple[Recording, JSONDealer, Raw, JSONResult]:
    """Seat 0: a well-behaved library bot; seat 1: ``scenario`` (a raw client, joined).
    ``clock``: the server's (default: the real one)."""
    rules = Rules.preset("no-limit", buy_in=400)

    async def main() -> tuple[Recording, JSONDealer, Raw, JSONResult]:
        table = Table(rules, 2, rng=random.Random(8), max_hands=hands, reset_stacks=True)
        dealer = JSONDealer(table, TOKENS, budget=budget, limits=limits)
        server = (Recording(dealer, host=HOST) if clock is None
                  else Recording(dealer, host=HOST, clock=clock))  # fmt: skip
        port = await server.start()
        match = asyncio.create_task(server.run())
        raw = Raw()
        await raw.connect(port)
        raw.send({"type": "join", "token": TOKENS[1]})
        assert (await raw.until("welcome"))["seat"] == 1
        good = asyncio.create_task(play_json(RandomBot(seed=3), HOST, port, TOKENS[0]))
        await scenario(raw, port)
        result = await good
        await match
        raw.close()
        return server, dealer, raw, result

    server, dealer, raw, result = run(main())
    check_sent(server)
    table = dealer.table
    assert table.is_over and table.hand_number == hands
    assert sum(table.stacks) == 800  # chips conserved
    assert result.end is not None and result.hands == hands
    return server, dealer, raw, result


def seat_faults(dealer: JSONDealer) -> list[object]:
    """The raw client's (seat 1's) faults: default actions played for it."""
    return [f for f in dealer.runner.faults if f.seat == 1]


def raw_default(raw: Raw) -> object:
    """The action of the first ``default`` message the raw client got."""
    from pokerroom.jsonproto.codec import action_from_json

    first = next(m for m in raw.received if m["type"] == "default")
    return action_from_json(first)


def codes(raw: Raw) -> list[str]:
    return [m["code"] for m in raw.received if m["type"] == "error"]


# ------------------------------------------------------------------- a whole match


def test_seat_tokens_are_letters_and_digits_a_command_line_carries() -> None:
    """A token starting with ``-`` made ``pokerroom bot json ... --token -x...`` an
    option parser's error; a token never holds ``-`` or ``_`` now, and tokens differ."""
    tokens = seat_tokens(3000)
    assert len(set(tokens)) == 3000
    assert all(re.fullmatch(r"[A-Za-z0-9]{24}", t) for t in tokens), tokens[:5]
    assert seat_tokens(0) == []


def test_two_clients_and_a_spectator_play_a_freeze_out_to_the_end() -> None:
    rules = Rules.preset("computer-tournament", buy_in=150)

    async def main() -> tuple[Recording, JSONDealer, list[JSONResult], Raw]:
        table = Table(rules, 2, rng=random.Random(2))
        dealer = JSONDealer(table, TOKENS, budget=5)
        server = Recording(dealer, host=HOST)
        port = await server.start()
        match = asyncio.create_task(server.run())
        spectator = Raw()
        await spectator.connect(port)
        spectator.send({"type": "watch"})
        watching = asyncio.create_task(spectator.until("bye"))
        results = await asyncio.gather(
            play_json(RandomBot(seed=1), HOST, port, TOKENS[0], name="random"),
            play_json(CallingStation(), HOST, port, TOKENS[1]),
        )
        await match
        await watching
        spectator.close()
        return server, dealer, list(results), spectator

    server, dealer, results, spectator = run(main())
    check_sent(server)
    table = dealer.table
    assert table.is_over and sorted(table.stacks) == [0, 300]
    assert spectator.received[-1] == {"type": "bye", "reason": "the match is over"}
    end = spectator.received[-2]
    assert end["type"] == "match_end" and end["hands"] == table.hand_number > 1
    assert [s["place"] for s in end["standings"]] == [1, 2]
    assert all(r.end == end for r in results)
    assert all(r.hands == table.hand_number and not r.errors for r in results)
    # the spectator never saw a hole card that was not shown
    shown = {
        c
        for m in spectator.received
        if m["type"] == "event" and m["event"]["kind"] == "show"
        for c in m["event"]["cards"]
    }
    assert hole_cards_seen(spectator.received) <= shown
    assert all(m["hole"] == [] for m in spectator.received if m["type"] == "hand")


# ---------------------------------------------------------------- hostile clients


def test_bytes_that_are_not_utf8() -> None:
    async def scenario(raw: Raw, port: int) -> None:
        raw.send(b"\xff\xfe\xfd\n")
        await plays_on(raw)

    *_, raw, _ = hostile_match(scenario)
    assert codes(raw) == ["not-utf8"]


def test_lines_that_are_not_json() -> None:
    async def scenario(raw: Raw, port: int) -> None:
        raw.send(b"fold please\n")
        raw.send(b'{"type": "action", \n')
        await plays_on(raw)

    *_, raw, _ = hostile_match(scenario)
    assert codes(raw) == ["not-json", "not-json"]


def test_unknown_message_types() -> None:
    async def scenario(raw: Raw, port: int) -> None:
        raw.send({"type": "shuffle"})
        raw.send({"hand": 1})
        await plays_on(raw)

    *_, raw, _ = hostile_match(scenario)
    assert codes(raw) == ["unknown-type", "unknown-type"]
    errors = [m["message"] for m in raw.received if m["type"] == "error"]
    assert errors[0] == ("unknown message type 'shuffle' (types: join, watch, action, ping, chat, "
                         "bye)")
    assert errors[1].startswith("the message has no 'type'")


def test_illegal_actions_are_refused_and_the_seat_answers_again() -> None:
    async def scenario(raw: Raw, port: int) -> None:
        act = await raw.until("act")
        raw.send(answer(act, action="raise", amount=10**9))
        refused = await raw.until("error")
        assert refused["code"] == "illegal-action" and "legal" in refused["message"]
        raw.send(
            answer(act, action="check")
            if "check" not in act["view"]["legal"]["kinds"]
            else answer(act, action="call")
        )
        assert (await raw.until("error"))["code"] == "illegal-action"
        raw.send(answer(act))
        assert (await raw.until("accepted"))["seq"] == act["seq"]
        await plays_on(raw)

    _, dealer, raw, _ = hostile_match(scenario)
    assert codes(raw) == ["illegal-action", "illegal-action"]
    assert not seat_faults(dealer)  # the third answer was taken: no default action


def test_replies_for_another_hand() -> None:
    async def scenario(raw: Raw, port: int) -> None:
        act = await raw.until("act")
        raw.send(answer(act, hand=act["hand"] + 3))
        assert (await raw.until("error"))["code"] == "wrong-hand"
        raw.send(answer(act, hand=act["hand"] - 1))
        assert (await raw.until("error"))["code"] == "wrong-hand"
        raw.send(answer(act))
        await plays_on(raw)

    *_, raw, _ = hostile_match(scenario)
    assert codes(raw) == ["wrong-hand", "wrong-hand"]


def test_duplicate_replies_are_refused_not_applied_twice() -> None:
    async def scenario(raw: Raw, port: int) -> None:
        act = await raw.until("act")
        raw.send(answer(act))
        raw.send(answer(act))
        raw.send(answer(act))
        await plays_on(raw)

    server, _, raw, _ = hostile_match(scenario)
    assert codes(raw) == ["duplicate", "duplicate"]
    accepted = [(m["hand"], m["seq"]) for m in server.sent if m["type"] == "accepted"]
    assert len(accepted) == len(set(accepted))


def test_a_line_of_several_megabytes() -> None:
    async def scenario(raw: Raw, port: int) -> None:
        raw.send(b'{"type":"ping","id":"' + b"x" * (6 * 1024 * 1024) + b'"}\n')
        raw.send({"type": "ping", "id": 1})
        while (message := await raw.until("pong", "act"))["type"] == "act":
            raw.send(answer(message))  # the match may have asked first: answer, not stall
        assert message["id"] == 1  # the connection still works
        await plays_on(raw)

    *_, raw, _ = hostile_match(scenario)
    assert codes(raw) == ["line-too-long"]


def test_half_a_line_then_a_stall_gets_the_default_action() -> None:
    """Time is the server's clock (a fake one): the stalled seat's budget runs out when
    the test moves the clock past it, and nobody else's ever does (no real waiting: the
    server's timer only looks at the clock, every budget of 0.05 s)."""
    clock = FakeClock()

    async def scenario(raw: Raw, port: int) -> None:
        act = await raw.until("act")
        raw.send(b'{"type":"action","hand":' + str(act["hand"]).encode())
        await asyncio.sleep(0.1)  # (two looks of the timer: the half line is no answer)
        assert not [m for m in raw.received if m["type"] == "default"]
        clock.advance(0.05)  # the budget, to the end
        default = await raw.until("default")
        assert default["seq"] == act["seq"] and default["reason"] == "timeout"
        raw.send(b"\n")  # the rest of that line: not JSON
        await plays_on(raw)

    _, dealer, raw, _ = hostile_match(scenario, budget=0.05, clock=clock)
    assert codes(raw) == ["not-json"]
    assert [(f.seat, f.kind.value, f.action) for f in dealer.runner.faults] == [
        (1, "timeout", raw_default(raw))]  # fmt: skip


def test_disconnect_mid_hand_and_reconnect_with_the_token() -> None:
    async def scenario(raw: Raw, port: int) -> None:
        act = await raw.until("act")
        raw.close()  # gone, with a decision waiting
        back = Raw()
        await back.connect(port)
        back.send({"type": "join", "token": TOKENS[1]})
        welcome = await back.until("welcome")
        assert welcome["seat"] == 1
        state = await back.until("state")
        assert state["hand"] == act["hand"]
        again = await back.until("act")
        assert (again["hand"], again["seq"]) == (act["hand"], act["seq"])
        back.send(answer(again))
        await plays_on(back)
        raw.received += back.received
        back.close()

    _, dealer, raw, _ = hostile_match(scenario)
    assert not seat_faults(dealer) and codes(raw) == []


def test_a_wrong_token_acts_for_no_seat() -> None:
    async def scenario(raw: Raw, port: int) -> None:
        intruder = Raw()
        await intruder.connect(port)
        intruder.send({"type": "join", "token": "token-two"})
        assert (await intruder.until("error"))["code"] == "bad-token"
        intruder.send({"type": "action", "hand": 1, "seq": 1, "action": "fold"})
        assert (await intruder.until("error"))["code"] == "not-joined"
        intruder.send({"type": "join", "token": "token-zer0"})
        intruder.send({"type": "join", "token": "TOKEN-ONE"})
        assert (await intruder.until("bye"))["reason"] == "wrong tokens"
        assert await intruder.reader.read() == b""  # closed
        raw.received += intruder.received
        await plays_on(raw)

    _, dealer, raw, _ = hostile_match(scenario)
    assert codes(raw) == ["bad-token", "not-joined", "bad-token", "bad-token"]
    assert not seat_faults(dealer)


def test_a_client_that_floods_messages() -> None:
    """5,000 pings at once against a bucket of 200 refilled at 200 a second: the bucket's
    worth answered and the flood said once or a few times, not once per line; 1.5 s
    later by the server's clock (a fake one: no real waiting) the client's answers get
    through."""
    clock = FakeClock()

    async def scenario(raw: Raw, port: int) -> None:
        raw.send(b'{"type":"ping"}\n' * 5000)
        while (await raw.until("error", "act"))["type"] != "error":
            pass  # (an act the match sent first: the flood is read after it)
        clock.advance(1.5)  # the bucket refills (200 a second): answers get through
        await plays_on(raw)

    *_, raw, _ = hostile_match(scenario, limits=Limits(rate=200, burst=200, max_errors=100000),
                               clock=clock)  # fmt: skip
    flood = codes(raw)
    assert flood and set(flood) == {"flood"} and len(flood) < 10  # not once per line
    pongs = sum(m["type"] == "pong" for m in raw.received)
    # the bucket's 200 less the join: 199 answered, and at most 200 more if lines were
    # still being read when the clock moved on
    assert 199 <= pongs <= 399


def test_nobody_sees_another_seats_cards_before_they_are_shown() -> None:
    """The raw seat's every message: hole cards are its own or shown ones."""

    async def scenario(raw: Raw, port: int) -> None:
        await plays_on(raw)

    *_, raw, _ = hostile_match(scenario, hands=12)
    shown = {
        c
        for m in raw.received
        if m["type"] == "event" and m["event"]["kind"] == "show"
        for c in m["event"]["cards"]
    }
    own = {c for m in raw.received if m["type"] == "hand" for c in m["hole"]}
    assert own and hole_cards_seen(raw.received) <= own | shown


def test_a_spectator_that_never_reads_stalls_nobody() -> None:
    """It is sent the match like any spectator, reads none of it, and is dropped when
    what it is sent piles up; the players finish the match."""

    async def main() -> tuple[JSONDealer, Raw]:
        table = Table(
            Rules.preset("casino-limit"), 2, rng=random.Random(4), max_hands=150, reset_stacks=True
        )
        dealer = JSONDealer(table, TOKENS, budget=20)
        server = Recording(dealer, host=HOST, max_backlog=32 * 1024)
        port = await server.start()
        match = asyncio.create_task(server.run())
        lazy = Raw()
        await lazy.connect(port)
        sock = lazy.writer.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        lazy.send({"type": "watch"})
        await asyncio.gather(
            *(play_json(RandomBot(seed=i), HOST, port, token) for i, token in enumerate(TOKENS))
        )
        await match
        return dealer, lazy

    dealer, lazy = run(main())
    assert dealer.table.is_over and dealer.table.hand_number == 150
    assert sum(dealer.table.stacks) == 2 * Rules.preset("casino-limit").buy_in
    assert lazy not in dealer.connections
