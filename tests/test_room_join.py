"""``pokerroom play --join URL``: the terminal's table at a room.

The table mirror against the engine (every event of random hands moves the mirrored view
exactly as the engine's own view moves); the table's address and the session file; then
a real ``pokerroom serve room`` on a loopback port with the terminal game driven by
Textual's pilot: it plays whole hands against a bot by keys, comes back to the same
decision after the connection drops, gets the same seat back after a restart, and
refuses what it cannot do (an unknown table, a taken name, a full table, a room that
does not answer) saying what and what to do.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from pokerroom.cli import main
from pokerroom.engine import Hand
from pokerroom.engine.actions import Action, ActionKind, Street, random_action
from pokerroom.jsonproto.codec import CodecError, event_to_json, view_to_json
from pokerroom.jsonproto.dealer import game_to_json, hand_to_json
from pokerroom.jsonproto.mirror import TableMirror, fresh_view, moved
from pokerroom.net.roomlink import RoomLink, RoomLinkError, SessionFile, table_address
from pokerroom.rules import Rules
from pokerroom.storage.saves import Store
from pokerroom.table import GameStart, HandStart
from pokerroom.tui.app import JoinApp
from pokerroom.tui.screens.remote import ChatDialog, RemoteTableScreen, clock_text
from pokerroom.tui.widgets.table import Felt, HandLog
from test_room_live import Server

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# ------------------------------------------------------------------- the mirror


@pytest.mark.parametrize("seed", range(40))
def test_the_mirror_moves_with_every_event_as_the_engine_view_does(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    rules = Rules.preset(rng.choice(["no-limit", "casino-limit", "computer-tournament"]))
    stacks = [rng.randint(5, 400) for _ in range(players)]
    button = rng.randrange(players)
    hand = Hand(rules, stacks, button=button, rng=random.Random(seed))
    me = rng.randrange(players)
    view = fresh_view(rules, me, button, stacks, tuple(range(players)))
    seen = 0
    while True:
        engine = hand.view(me)
        for event in engine.events[seen:]:
            view = moved(view, event)
        seen = len(engine.events)
        for name in ("stacks", "committed", "folded", "all_in", "board", "hole", "shown"):
            assert getattr(view, name) == getattr(engine, name), (seed, name)
        if engine.street is not Street.SHOWDOWN and engine.result is None:
            assert view.bets == engine.bets and view.street is engine.street, seed
        if hand.is_over:
            break
        hand.act(*random_action(hand.legal_actions(), rng))
    assert view.pot == 0 or sum(view.stacks) + view.pot >= sum(stacks)


def test_the_mirror_follows_a_dealers_messages_and_answers_its_decision() -> None:
    """A hand of the engine told as the dealer tells it: the mirror's view is the
    engine's, the answer names the decision, it stays pending until accepted, and an
    illegal answer may be given again."""
    rules = Rules.preset("no-limit")
    hand = Hand(rules, [200, 200], button=0, rng=random.Random(5))
    start = GameStart(rules, 2, 1, 0, ("Ann", "Bo"), (200, 200), False, 0)
    mirror = TableMirror(clock=lambda: 100.0)
    assert mirror.receive({"type": "welcome", "seat": 1, "game": game_to_json(start)}) == "view"
    assert (mirror.seat, mirror.names) == (1, ("Ann", "Bo"))
    deal = HandStart(1, 0, (200, 200), (0, 1), 0, rules)
    assert mirror.receive({"type": "hand", **hand_to_json(deal)}) == "view"
    for event in hand.view(1).events:
        mirror.receive({"type": "event", "hand": 1, "event": event_to_json(event)})
    hand.call()  # Ann (the button) calls: Bo's decision
    mirror.receive({"type": "event", "hand": 1, "event": event_to_json(hand.events[-1])})
    assert mirror.view is not None and mirror.view.stacks == hand.view(1).stacks
    act = {"type": "act", "hand": 1, "seq": 4, "budget": 30.0, "view": view_to_json(hand.view(1))}
    assert mirror.receive(act) == "act"
    assert mirror.pending is not None and mirror.pending.left(110.0) == 20.0
    answer = mirror.answer(Action.raise_to(12))
    assert answer == {"type": "action", "hand": 1, "seq": 4, "action": "raise", "amount": 12}
    refused = {"type": "error", "code": "illegal-action", "message": "no", "hand": 1, "seq": 4}
    assert mirror.receive(refused) == "act" and mirror.pending is not None  # again
    assert mirror.receive({"type": "accepted", "hand": 1, "seq": 3}) == "accepted"
    assert mirror.pending is not None  # (another decision's)
    assert mirror.receive({"type": "accepted", "hand": 1, "seq": 4}) == "accepted"
    assert mirror.pending is None and mirror.answer(Action.check()) is None
    mirror.receive({"type": "seats", "players": [{"seat": 0, "name": "Ann2", "bot": False,
                                                  "stack": 198}]})  # fmt: skip
    assert mirror.names == ("Ann2", "Bo")


def test_the_mirror_counts_the_decision_clock_then_the_time_bank() -> None:
    """A room's ``act`` carries the seat's time bank: the decision's own clock runs first,
    then the bank; a ``clock`` message (the decision ran into its bank) starts the clock
    again from what the dealer says is left, and one for another seat or decision is
    passed over."""
    rules = Rules.preset("no-limit")
    hand = Hand(rules, [200, 200], button=0, rng=random.Random(5))
    now = [100.0]
    mirror = TableMirror(clock=lambda: now[0])
    start = GameStart(rules, 2, 1, 0, ("Ann", "Bo"), (200, 200), False, 0)
    mirror.receive({"type": "welcome", "seat": 1, "game": game_to_json(start)})
    mirror.receive({"type": "hand", **hand_to_json(HandStart(1, 0, (200, 200), (0, 1), 0, rules))})
    hand.call()
    act = {"type": "act", "hand": 1, "seq": 4, "budget": 10.0, "bank": 30.0,
           "view": view_to_json(hand.view(1))}  # fmt: skip
    assert mirror.receive(act) == "act"
    pending = mirror.pending
    assert pending is not None
    assert (pending.left(104.0), pending.bank_left(104.0)) == (6.0, 30.0)
    assert (pending.left(110.0), pending.bank_left(110.0)) == (0.0, 30.0)
    assert (pending.left(125.5), pending.bank_left(125.5)) == (0.0, 14.5)
    assert (pending.left(200.0), pending.bank_left(200.0)) == (0.0, 0.0)
    assert clock_text(pending.left(104.0), pending.bank_left(104.0)) == (
        "⏱ 6s (then 30s of time bank)")
    assert clock_text(pending.left(125.5), pending.bank_left(125.5)) == "⏱ time bank 14s"
    other = {"type": "clock", "hand": 1, "seq": 4, "seat": 0, "budget": 0, "bank": 3}
    assert mirror.receive(other) == "" and mirror.pending == pending
    stale = {"type": "clock", "hand": 1, "seq": 3, "seat": 1, "budget": 0, "bank": 3}
    assert mirror.receive(stale) == "" and mirror.pending == pending
    now[0] = 112.0
    mine = {"type": "clock", "hand": 1, "seq": 4, "seat": 1, "budget": 0, "bank": 27.5}
    assert mirror.receive(mine) == "clock" and mirror.pending is not None
    assert (mirror.pending.left(112.0), mirror.pending.bank_left(117.0)) == (0.0, 22.5)
    # a dealer without a time bank (serve json): the act has no bank, nothing runs after
    bare = {k: v for k, v in act.items() if k != "bank"}
    assert mirror.receive(bare) == "act" and mirror.pending is not None
    assert mirror.pending.bank == 0.0 and clock_text(3, 0) == "⏱ 3s"
    with pytest.raises(CodecError):
        mirror.receive({"type": "clock", "hand": 1, "seq": 4, "seat": 1, "bank": 1})


def test_the_mirror_keeps_chat_as_text_and_passes_over_what_it_does_not_use() -> None:
    mirror = TableMirror()
    assert mirror.answer(Action.check()) is None
    assert mirror.receive({"type": "chat", "from": "Ann", "text": "<b>hi</b>"}) == "chat"
    assert mirror.chat == [("Ann", "<b>hi</b>")]
    assert mirror.receive({"type": "pong", "id": 1}) == ""


# ----------------------------------------------------------- address, session


@pytest.mark.parametrize(
    ("url", "origin", "table"),
    [
        ("http://127.0.0.1:8080/table/t3", "http://127.0.0.1:8080", "t3"),
        ("  http://localhost:9/table/abc/  ", "http://localhost:9", "abc"),
        ("https://cards.example/table/t1?x=1#y", "https://cards.example", "t1"),
        ("http://[::1]:8080/table/t2", "http://[::1]:8080", "t2"),
    ],
)
def test_a_table_address_is_read_from_the_table_page_url(url: str, origin: str,
                                                        table: str) -> None:  # fmt: skip
    address = table_address(url)
    assert (address.origin, address.table) == (origin, table)
    assert address.websocket.startswith("wss://" if origin.startswith("https") else "ws://")
    assert address.websocket.endswith(f"/ws/table/{table}")


@pytest.mark.parametrize(
    "url",
    ["", "nowhere", "127.0.0.1:8080/table/t1", "ftp://h/table/t1", "http://h/lobby",
     "http://h/table", "http://h/table/t1/more", "http://h:99999/table/t1", "http:///table/t1"],
)  # fmt: skip
def test_anything_but_a_table_address_is_refused_naming_the_form(url: str) -> None:
    with pytest.raises(RoomLinkError, match=r"is not a table's address.*http://HOST:PORT/table/ID"):
        table_address(url)


def test_the_session_file_is_mode_0600_and_keeps_each_rooms_session(tmp_path: Path) -> None:
    sessions = SessionFile(tmp_path / "deep" / "sessions.json")
    assert sessions.get("http://a:1") is None
    sessions.put("http://a:1", "secret-a", "Ann")
    sessions.put("http://b:2", "secret-b", "Bo")
    sessions.put("http://a:1", "secret-a2", "Ann")
    assert stat.S_IMODE(sessions.path.stat().st_mode) == 0o600
    assert sessions.get("http://a:1") == ("secret-a2", "Ann")
    assert sessions.get("http://b:2") == ("secret-b", "Bo")
    sessions.path.write_text("not json")
    assert sessions.get("http://a:1") is None  # a damaged file: no session, no crash


# ------------------------------------------------------------------ the room


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    room = Server(tmp_path_factory.mktemp("room"))
    try:
        yield room
    finally:
        room.stop()


def new_table(server: Server, seats: int = 2, bots: dict[str, str] | None = None,
              **more: Any) -> str:  # fmt: skip
    """A table made by a host who does not sit at it (the bot in seat 1 by default)."""
    host = httpx.Client(base_url=server.base)
    name = f"Host{random.randrange(10**6)}"
    assert host.post("/api/enter", json={"name": name, "invite": None}).status_code == 200
    body = {"name": "join test", "seats": seats, "buy_in": 200, "budget": 60,
            "bots": {"1": "calling-station"} if bots is None else bots, **more}  # fmt: skip
    r = host.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def seated(server: Server, table: str, name: str, sessions: Path) -> RoomLink:
    link = RoomLink(table_address(f"{server.base}/table/{table}"), SessionFile(sessions))
    link.check_table()
    if link.resume() is None:
        link.enter(name)
    link.sit()
    return link


def table_screen(app: JoinApp) -> RemoteTableScreen:
    return next(s for s in app.screen_stack if isinstance(s, RemoteTableScreen))


async def until(pilot: Any, check: Any, what: str, timeout: float = 30.0) -> Any:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not (value := check()):
        assert loop.time() < end, f"timed out waiting for {what}"
        await pilot.pause(0.05)
    return value


async def act_by_key(pilot: Any, screen: RemoteTableScreen) -> tuple[int, int]:
    """Your turn: check or call by key (show at the showdown); the decision answered."""
    pending = screen.mirror.pending
    assert pending is not None
    if pending.view.street is Street.SHOWDOWN:
        await pilot.press("enter")
    else:
        await pilot.press("c")
    return pending.hand, pending.seq


def log_text(screen: RemoteTableScreen) -> str:
    return "\n".join(t.plain for t in screen.query_one(HandLog)._texts)


def test_the_terminal_plays_whole_hands_against_a_bot_by_keys(server: Server,
                                                              tmp_path: Path) -> None:  # fmt: skip
    table = new_table(server)
    link = seated(server, table, "Keys", tmp_path / "s.json")
    assert link.seat == 0

    async def run() -> None:
        app = JoinApp(Store(tmp_path / "db"), link, directory=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = table_screen(app)
            await until(pilot, screen._my_turn, "the first decision")
            assert "⏱" in screen.query_one(Felt).turn  # the decision clock
            await pilot.press("m")  # chat: shown as text, never as markup
            await until(pilot, lambda: isinstance(app.screen, ChatDialog), "the chat line")
            await pilot.press(*"[b]hi[/b] <i>")
            await pilot.press("enter")
            await until(pilot, lambda: "Keys: [b]hi[/b] <i>" in log_text(screen), "the chat")
            answered: list[tuple[int, int]] = []
            while screen.mirror.hand < 3:
                await until(pilot, lambda: screen._my_turn() or screen.mirror.hand >= 3
                            or screen.over, "a decision")  # fmt: skip
                if screen.over:
                    break
                if screen._my_turn():
                    where = await act_by_key(pilot, screen)
                    assert where not in answered  # each decision answered once
                    answered.append(where)
                    await until(pilot, lambda w=where: screen.mirror.pending is None
                                or (screen.mirror.pending.hand, screen.mirror.pending.seq) != w,
                                "the answer accepted")  # fmt: skip
            log = log_text(screen)
            assert "Hand 1" in log and "Keys" in log and "calling-station 1" in log
            # hands 1 and 2 finished, each told once with its winner (or, in a chop, its
            # split): the log used to write a hand again when cards were shown
            assert log.count("── Hand 1 ──") == log.count("── Hand 2 ──") == 1, log
            finished = log.split("── Hand 3 ──")[0].split("── Hand 2 ──")
            for part in finished:
                assert re.search(r"^\S.* (wins|split) (the|side|main) ", part, re.M), log
            assert "Keys calls" in log or "Keys checks" in log
            title = str(screen.query_one("#table-title").render())
            assert f"table {table}" in title
            await pilot.press("x")
            await until(pilot, lambda: "Leave the table?" in str(app.screen.__class__.__name__)
                        or app.screen.__class__.__name__ == "ConfirmDialog", "the leave dialog")
            await pilot.press("enter")
            await until(pilot, lambda: not app.is_running, "the app to quit", 10)

    asyncio.run(run())


def test_a_dropped_connection_comes_back_to_the_same_decision(server: Server,
                                                             tmp_path: Path) -> None:  # fmt: skip
    table = new_table(server)
    link = seated(server, table, "Drop", tmp_path / "s.json")

    async def run() -> None:
        app = JoinApp(Store(tmp_path / "db"), link, directory=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = table_screen(app)
            await until(pilot, screen._my_turn, "a decision")
            pending = screen.mirror.pending
            assert pending is not None
            before = (pending.hand, pending.seq, pending.view.hole)
            await link._ws.close()  # the network fails
            await until(pilot, lambda: not screen._my_turn(), "the decision dropped")
            await until(pilot, screen._my_turn, "the decision back")
            again = screen.mirror.pending
            assert again is not None
            assert (again.hand, again.seq, again.view.hole) == before
            assert again.left() > 0  # the clock goes on from the server's seconds left
            await act_by_key(pilot, screen)
            await until(pilot, lambda: screen.mirror.pending is None or
                        (screen.mirror.pending.hand, screen.mirror.pending.seq) != before[:2],
                        "the answer accepted after the reconnection")  # fmt: skip
            screen.leave(quit_app=True)  # the seat stays; the link closes, the app quits
            await until(pilot, lambda: not app.is_running, "the app to quit", 10)
            assert link.closed

    asyncio.run(run())


def test_a_restart_gets_the_same_seat_back_with_the_kept_session(
    server: Server, tmp_path: Path
) -> None:
    table = new_table(server, seats=3)
    sessions = tmp_path / "sessions.json"
    first = seated(server, table, "Again", sessions)
    assert stat.S_IMODE(sessions.stat().st_mode) == 0o600
    secret = first.cookie
    assert secret is not None and secret not in json.dumps(first.title)
    second = RoomLink(table_address(f"{server.base}/table/{table}"), SessionFile(sessions))
    assert second.resume() == "Again"
    assert second.sit() == first.seat and second.token == first.token


def test_what_cannot_be_done_is_refused_naming_the_problem(server: Server,
                                                           tmp_path: Path) -> None:  # fmt: skip
    table = new_table(server)
    link = RoomLink(table_address(f"{server.base}/table/nosuch"), SessionFile(tmp_path / "s"))
    with pytest.raises(RoomLinkError, match=r"no table 'nosuch' in the room .*its tables: .*"
                                            r"--invite CODE"):  # fmt: skip
        link.check_table()
    seated(server, table, "Taken", tmp_path / "first.json")
    other = RoomLink(table_address(f"{server.base}/table/{table}"), SessionFile(tmp_path / "b"))
    with pytest.raises(RoomLinkError, match=r"refused the name 'taken'.*is taken: pick another"):
        other.enter("taken")
    other.enter("Late")
    with pytest.raises(RoomLinkError, match=rf"no seat at table '{table}': .*"):
        other.sit()  # two seats: the bot's and Taken's
    private = new_table(server, private=True)
    hidden = RoomLink(table_address(f"{server.base}/table/{private}"), SessionFile(tmp_path / "p"))
    with pytest.raises(RoomLinkError, match=r"a private table needs --invite CODE"):
        hidden.check_table()
    hidden.enter("Guest")
    hidden.check_table("wrong")  # (taken on trust: sitting down says)
    with pytest.raises(RoomLinkError, match=r"private: its invite code is needed"):
        hidden.sit("wrong")
    cash = new_table(server, seats=3, kind="cash", min_buy_in=100, max_buy_in=400)
    buyer = RoomLink(table_address(f"{server.base}/table/{cash}"), SessionFile(tmp_path / "c"))
    buyer.enter("Buyer")
    with pytest.raises(RoomLinkError, match=r"'buy_in' is '999': chips from 100 to 400"):
        buyer.sit(buy_in=999)
    assert buyer.sit(buy_in=150) in (0, 2)
    me = httpx.get(f"{server.base}/api/me", cookies={"pokerroom_session": buyer.cookie or ""})
    assert me.json()["balance"] == 10_000 - 150
    gone = RoomLink(table_address("http://127.0.0.1:1/table/t1"))
    with pytest.raises(RoomLinkError, match=r"does not answer .*pokerroom serve room"):
        gone.check_table()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--join", "nowhere"], "--join 'nowhere' is not a table's address: expected http://"),
        (["--join", "http://127.0.0.1:1/table/t1"], "the room at http://127.0.0.1:1 does not "
                                                    "answer"),
        (["--join", "http://127.0.0.1:1/table/t1", "--name", "<b>"], "--name '<b>': a name is"),
        (["--join", "http://127.0.0.1:1/table/t1", "--seed", "3"], "--seed is for a game"),
        (["--name", "Ann"], "--name goes with --join URL"),
        (["--invite", "x"], "--invite goes with --join URL"),
        (["--buy-in", "100"], "--buy-in goes with --join URL"),
    ],
)  # fmt: skip
def test_the_command_refuses_bad_joins_in_one_line(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setenv("POKERROOM_DATA_DIR", str(tmp_path))
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


def test_the_command_names_an_unknown_table_of_a_live_room(
    server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setenv("POKERROOM_DATA_DIR", str(tmp_path))
    assert main(["play", "--join", f"{server.base}/table/zz9"]) == 2
    err = capsys.readouterr().err
    assert "no table 'zz9'" in err and len(err.strip().splitlines()) == 1


class FakeLink:
    """A link that plays back given messages, then waits (or ends)."""

    title = "table t9 at http://127.0.0.1:9"

    def __init__(self, messages: list[dict[str, Any]], end: bool = False) -> None:
        self.queue = messages
        self.sent: list[dict[str, Any]] = []
        self.end = end
        self.closed = False

    async def messages(self) -> Any:
        for message in self.queue:
            yield message
        while not self.end and not self.closed:
            await asyncio.sleep(0.05)

    async def send(self, message: dict[str, Any]) -> bool:
        self.sent.append(message)
        return True

    async def close(self) -> None:
        self.closed = True


def _welcome_and_hand() -> list[dict[str, Any]]:
    rules = Rules.preset("no-limit")
    start = GameStart(rules, 2, 0, 0, ("Me", "You"), (200, 200), False, 0)
    deal = HandStart(1, 0, (200, 200), (0, 1), 0, rules)
    return [{"type": "welcome", "seat": 0, "game": game_to_json(start)},
            {"type": "hand", **hand_to_json(deal)}]  # fmt: skip


def your_turn_messages() -> list[dict[str, Any]]:
    """The dealer's messages up to your first decision (seat 0, the button, acts first
    heads-up)."""
    hand = Hand(Rules.preset("no-limit"), [200, 200], button=0, rng=random.Random(8))
    view = hand.view(0)
    events = [{"type": "event", "hand": 1, "event": event_to_json(e)} for e in view.events]
    act = {"type": "act", "hand": 1, "seq": len(view.events), "budget": 30.0,
           "view": view_to_json(view)}  # fmt: skip
    return [*_welcome_and_hand(), *events, act]


def test_a_link_lost_for_good_is_said_and_the_table_closes(tmp_path: Path) -> None:
    link = FakeLink([*_welcome_and_hand(),
                     {"type": "link", "up": False, "fatal": False, "message": "down: again"},
                     {"type": "link", "up": False, "fatal": True,
                      "message": "the room closed the table's connection"}])  # fmt: skip

    async def run() -> None:
        app = JoinApp(Store(tmp_path / "db"), link, directory=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.screen.__class__.__name__ == "MessageDialog",
                        "the message")  # fmt: skip
            text = " ".join(str(w.render()) for w in app.screen.query("Static"))
            assert "The table is gone" in text and "closed the table's connection" in text
            await pilot.press("enter")
            await until(pilot, lambda: not app.is_running, "the app to quit", 10)
        assert link.closed

    asyncio.run(run())


def test_the_match_end_shows_the_places_and_nothing_is_sent_out_of_turn(tmp_path: Path) -> None:
    end = {"type": "match_end", "names": ["Me", "You"], "stacks": [400, 0], "totals": [200, -200],
           "hands": 1, "standings": [{"seat": 1, "place": 2, "hand": 1, "stack": 200},
                                     {"seat": 0, "place": 1, "hand": 1, "stack": 400}]}  # fmt: skip
    link = FakeLink([*_welcome_and_hand(), end], end=True)

    async def run() -> None:
        app = JoinApp(Store(tmp_path / "db"), link, directory=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.screen.__class__.__name__ == "MessageDialog",
                        "the standings")  # fmt: skip
            text = " ".join(str(w.render()) for w in app.screen.query("Static"))
            assert "The game is over" in text and "1. Me" in text and "2. You" in text
            await pilot.press("c")  # no decision: nothing is sent
            await pilot.press("enter")
            await until(pilot, lambda: not app.is_running, "the app to quit", 10)
        assert link.sent == []

    asyncio.run(run())


class FedLink(FakeLink):
    """A link whose messages come when the test feeds them."""

    def __init__(self) -> None:
        super().__init__([])
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def messages(self) -> Any:
        while not self.closed:
            yield await self.inbox.get()

    def feed(self, messages: list[dict[str, Any]]) -> None:
        for message in messages:
            self.inbox.put_nowait(message)


def _folded_to_me(number: int, stacks: tuple[int, int]) -> list[dict[str, Any]]:
    """Hand ``number``: seat 1 has the button and folds at once, so seat 0 (you) wins
    the blinds without being asked anything: its events and its end, as you see them."""
    rules = Rules.preset("no-limit")
    hand = Hand(rules, list(stacks), button=1, rng=random.Random(number))
    hand.act(ActionKind.FOLD)
    view = hand.view(0)
    start = HandStart(number, 1, stacks, (0, 1), 0, rules)
    return [{"type": "hand", **hand_to_json(start)},
            *({"type": "event", "hand": number, "event": event_to_json(e)} for e in view.events),
            {"type": "hand_end", "hand": number, "view": view_to_json(view)}]  # fmt: skip


def _screens(app: JoinApp) -> list[str]:
    return [s.__class__.__name__ for s in app.screen_stack[1:]]


def _shown(app: JoinApp) -> str:
    return " ".join(str(w.render()) for w in app.screen.query("Static"))


def test_hands_that_end_without_asking_you_show_one_summary_the_latest(tmp_path: Path) -> None:
    """A table deals on while your summary is up (hands you win or lose without a
    decision): the summary shows the latest hand, never a second summary stacked on the
    first, and with a dialog over the summary the one under it is renewed in place."""
    link = FedLink()
    rules = Rules.preset("no-limit")
    start = GameStart(rules, 2, 0, 0, ("Me", "You"), (200, 200), False, 0)

    async def run() -> None:
        app = JoinApp(Store(tmp_path / "db"), link, directory=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            link.feed([{"type": "welcome", "seat": 0, "game": game_to_json(start)},
                       *_folded_to_me(1, (200, 200))])  # fmt: skip
            await until(pilot, lambda: _screens(app)[-1] == "HandOverScreen", "hand 1's summary")
            assert "Hand 1 is over" in _shown(app)
            link.feed(_folded_to_me(2, (202, 198)))
            await until(pilot, lambda: "Hand 2 is over" in _shown(app), "hand 2's summary")
            assert _screens(app) == ["RemoteTableScreen", "HandOverScreen"]
            assert "202 → 204 (+2)" in _shown(app)  # hand 2's change, in hand 2's summary
            await pilot.press("x")  # leave? asked over the summary
            await until(pilot, lambda: _screens(app)[-1] == "ConfirmDialog", "the question")
            link.feed(_folded_to_me(3, (204, 196)))
            summary = app.screen_stack[-2]
            title = summary.query_one("#summary-title")
            await until(pilot, lambda: "Hand 3 is over" in str(title.render()), "hand 3's summary")
            assert _screens(app) == ["RemoteTableScreen", "HandOverScreen", "ConfirmDialog"]
            await pilot.press("escape")  # stay
            await until(pilot, lambda: _screens(app)[-1] == "HandOverScreen", "the summary")
            await pilot.press("space")  # on to the next hand
            await until(pilot, lambda: _screens(app) == ["RemoteTableScreen"], "the table")
            link.feed(_folded_to_me(4, (206, 194)))
            await until(pilot, lambda: "Hand 4 is over" in _shown(app), "a new summary")
            assert _screens(app) == ["RemoteTableScreen", "HandOverScreen"]
            link.closed = True

    asyncio.run(run())


@pytest.mark.parametrize("last", ["fatal twice", "fatal after the end", "the end twice"])
def test_the_tables_last_word_is_shown_once(last: str, tmp_path: Path) -> None:
    """The link lost for good, or the game's end, said twice in any order: one dialog, the
    first, which Enter closes and the app quits (not a second one under it)."""
    end = {"type": "match_end", "names": ["Me", "You"], "stacks": [400, 0], "totals": [200, -200],
           "hands": 1, "standings": [{"seat": 1, "place": 2, "hand": 1, "stack": 200},
                                     {"seat": 0, "place": 1, "hand": 1, "stack": 400}]}  # fmt: skip
    fatal = {"type": "link", "up": False, "fatal": True, "message": "the room closed it"}
    twice = {"fatal twice": [fatal, fatal], "fatal after the end": [end, fatal],
             "the end twice": [end, end]}[last]
    link = FedLink()

    async def run() -> None:
        app = JoinApp(Store(tmp_path / "db"), link, directory=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            link.feed([*_welcome_and_hand(), *twice])
            await until(pilot, lambda: _screens(app)[-1] == "MessageDialog", "the last word")
            await pilot.pause(0.3)
            assert _screens(app) == ["RemoteTableScreen", "MessageDialog"]
            first = "The table is gone" if twice[0] is fatal else "The game is over"
            assert first in _shown(app)
            await pilot.press("enter")
            await until(pilot, lambda: not app.is_running, "the app to quit", 10)

    asyncio.run(run())


def test_your_cards_show_as_the_hand_is_dealt_before_anyone_acts(tmp_path: Path) -> None:
    """The dealer's events deal every seat's cards face down; your own come in the
    ``hand`` message, which the mirror did not read: at a room you saw no cards of
    yours until your first decision (the whole pre-flop of the others first).  Now they
    show with the hand; a spectator's hand message has none and shows none."""
    rules = Rules.preset("no-limit")
    link = FedLink()
    start = GameStart(rules, 3, 2, 0, ("Ann", "Bo", "Me"), (200, 200, 200), False, 0)
    mine = ["Ah", "Td"]

    async def run() -> None:
        app = JoinApp(Store(tmp_path / "db"), link, directory=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, RemoteTableScreen)
            deal = HandStart(1, 0, (200, 200, 200), (0, 1, 2), 0, rules)
            link.feed([{"type": "welcome", "seat": 2, "game": game_to_json(start)},
                       {"type": "hand", **hand_to_json(deal), "hole": mine}])  # fmt: skip
            felt = screen.query_one(Felt)
            await until(pilot, lambda: screen.mirror.view is not None, "the hand")
            await pilot.pause()
            assert [str(c) for c in felt.hole] == mine and not screen._my_turn()
            deal = HandStart(2, 1, (200, 200, 200), (0, 1), 0, rules)  # you sit this one out
            link.feed([{"type": "hand", **hand_to_json(deal), "hole": []}])
            await until(pilot, lambda: screen.mirror.hand == 2, "hand 2")
            await pilot.pause()
            assert felt.hole == ()
            screen.leave(quit_app=True)
            await until(pilot, lambda: not app.is_running, "the app to quit", 10)

    asyncio.run(run())
