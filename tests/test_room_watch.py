"""``pokerroom play --join URL`` without a seat, and the cash table's seat keys: a real
``pokerroom serve room`` on loopback with the terminal game driven by Textual's pilot.

A full table is watched: the public hand as it goes, and never a card that a spectator
may not know (the leak check of ``test_leaks.py``: every card in what was received or
drawn is the board's or one shown); the check is shown to find the cards the seated
player was dealt when they are there.  On a cash table's waiting list, the seat the room
offers is taken by ``j`` (the buy-in asked, bounded); seated, ``u`` tops up (bounded by
the largest buy-in, the bounds named when refused), ``z``/``i`` sit out and in, ``v``
stands up with the chips and the screen watches again; mid-hand each is queued, and the
room's chips add up.  Random bursts of keys over every state of the screen (watching, on
the waiting list, offered, seated, your turn, the summary, the dialogs) raise nothing.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from pokerroom.cli import main
from pokerroom.history.phh import loads_all
from pokerroom.jsonproto.codec import event_from_json
from pokerroom.net.roomlink import RoomLink, SessionFile, TableFullError, table_address
from pokerroom.storage.saves import Store
from pokerroom.tui.app import JoinApp
from pokerroom.tui.screens.dialogs import ConfirmDialog, key_lines
from pokerroom.tui.screens.remote import RemoteTableScreen
from pokerroom.tui.screens.seating import AmountDialog
from pokerroom.tui.widgets.table import Felt, HandLog, SeatsPanel
from test_leaks import LeakError, cards_in, check
from test_room_join import FakeLink, act_by_key, table_screen, until, your_turn_messages
from test_room_live import Server, chips, seat_client
from tui_helpers import burst

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    room = Server(tmp_path_factory.mktemp("room"))
    try:
        yield room
    finally:
        room.stop()


def person(server: Server, name: str) -> httpx.Client:
    c = httpx.Client(base_url=server.base)
    assert c.post("/api/enter", json={"name": name, "invite": None}).status_code == 200
    return c


def link_for(server: Server, table: str, sessions: Path, name: str | None) -> RoomLink:
    link = RoomLink(table_address(f"{server.base}/table/{table}"), SessionFile(sessions))
    link.check_table()
    if name is not None and link.resume() is None:
        link.enter(name)
    return link


def notices(app: JoinApp) -> str:
    return "\n".join(n.message for n in app._notifications)


# ------------------------------------------------------------------- watching


def drawn(screen: RemoteTableScreen) -> list[object]:
    """Everything the screen draws of the hand in play: the seats' cards, the felt, its
    lines of the log (those of earlier hands tell what was shown then), and the view it
    keeps."""
    felt = screen.query_one(Felt)
    lines = screen.query_one(SeatsPanel).lines
    hand_log = screen.query_one(HandLog)._written  # (the hand in play's lines)
    return [[line.cards for line in lines], felt.hole, felt.board, hand_log,
            str(screen.query_one("#table-title").render()), screen.mirror.view]


def spectator_leaks(seen: list[tuple[dict[str, Any], list[object]]]) -> list[str]:
    """Each message received, and the screen after it, against what a spectator may know
    then: the board dealt and the cards shown so far in the hand (from the events)."""
    leaks = []
    known: set[str] = set()
    for message, screen in seen:
        kind = message.get("type")
        if kind == "hand":
            known = set()
        elif kind == "state":  # (joined mid-hand: the board so far, and what was shown)
            known = cards_in(message["view"]["board"]) | cards_in(message["view"]["shown"])
        elif kind == "event":
            event = event_from_json(message["event"])
            if event.kind.name in ("BOARD", "SHOW"):
                known |= {str(c) for c in event.cards}
        elif kind == "hand_end":
            known |= cards_in(message["view"]["shown"])  # (shown at the showdown)
        try:
            check(cards_in(message) | cards_in(screen), known, f"after a {kind!r} message")
        except LeakError as exc:
            leaks.append(str(exc))
    return leaks


def test_a_full_table_is_watched_and_shows_no_hole_card_before_the_showdown(
    server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = person(server, f"Seated{random.randrange(10**6)}")
    table = host.post("/api/tables", json={
        "name": "watched", "seats": 2, "buy_in": 200, "budget": 30,
        "bots": {"1": "calling-station"}}).json()["id"]  # fmt: skip
    token = host.post(f"/api/tables/{table}/sit", json={}).json()["token"]
    link = link_for(server, table, tmp_path / "s.json", "Looker")
    with pytest.raises(TableFullError, match=r"no seat at table .*: this sit-and-go has started"):
        link.sit()
    seen: list[tuple[dict[str, Any], list[object]]] = []
    take = RemoteTableScreen.take

    def taking(self: RemoteTableScreen, message: dict[str, Any]) -> None:
        take(self, message)
        seen.append((message, drawn(self)))

    monkeypatch.setattr(RemoteTableScreen, "take", taking)
    played: list[dict[str, Any]] = []

    async def run() -> None:
        cookie = "pokerroom_session=" + host.cookies["pokerroom_session"]
        done = asyncio.Event()
        seat = asyncio.ensure_future(seat_client(server.base, cookie, table, token, 4,
                                                 played, done))  # fmt: skip
        app = JoinApp(Store(tmp_path / "db"), link, directory=tmp_path, note="full")
        async with app.run_test(size=(120, 40)) as pilot:
            screen = table_screen(app)
            await until(pilot, lambda: screen.mirror.rules is not None, "the welcome")
            assert screen.mirror.seat is None and "watching" in str(drawn(screen)[4])
            assert screen.check_action("sit", ()) and not screen.check_action("top_up", ())
            assert not screen.check_action("choose", ("c",))  # no betting keys
            await until(pilot, lambda: done.is_set() or seat.done(), "three hands", 60)
            await pilot.press("c", "f", "a", "u", "z", "v")  # nothing to do, nothing raised
            await pilot.pause(0.2)
            assert app._exception is None and app.screen is screen
            await pilot.press("x")
            await until(pilot, lambda: isinstance(app.screen, ConfirmDialog), "the leave")
            await pilot.press("y")
            await until(pilot, lambda: not app.is_running, "the app to quit", 10)
        seat.cancel()

    asyncio.run(run())
    hands = {m["hand"] for m, _ in seen if m.get("type") == "hand_end"}
    assert len(hands) >= 2, hands
    assert spectator_leaks(seen) == []
    assert any(m.get("type") == "event" and m["event"]["kind"] in ("call", "check", "fold")
               for m, _ in seen)  # the public hand, as it went
    # the check finds the seated player's own cards, where they are
    dealt = [(m, [m.get("hole", [])]) for m in played if m.get("type") == "hand"]
    assert dealt and all(spectator_leaks([d]) for d in dealt)


# ---------------------------------------------------------------- cash tables


def test_a_watcher_takes_the_offered_seat_tops_up_sits_out_and_stands_up(
    server: Server, tmp_path: Path
) -> None:
    sitter = person(server, f"Sitter{random.randrange(10**6)}")
    table = sitter.post("/api/tables", json={
        "name": "cash", "seats": 2, "kind": "cash", "min_buy_in": 100, "max_buy_in": 400,
        "budget": 30, "bots": {"1": "calling-station"}}).json()["id"]  # fmt: skip
    sat = sitter.post(f"/api/tables/{table}/sit", json={"buy_in": 400})
    assert sat.status_code == 200
    link = link_for(server, table, tmp_path / "s.json", "Waiter")
    with pytest.raises(TableFullError, match=r"full: you are number 1 on its waiting list") as full:
        link.sit()
    assert full.value.place == 1
    total = chips(server)  # (every balance, every table's chips less the bots')

    def balance() -> int:
        me = httpx.get(f"{server.base}/api/me", cookies={"pokerroom_session": link.cookie or ""})
        return int(me.json()["balance"])

    async def typed(pilot: Any, text: str) -> None:
        await pilot.press("end", *["backspace"] * 16, *text, "enter")


    mine: list[int | None] = []  # your seat

    async def run() -> None:
        cookie = "pokerroom_session=" + sitter.cookies["pokerroom_session"]
        plays = asyncio.ensure_future(seat_client(  # the sitter checks or calls, until bye
            server.base, cookie, table, sat.json()["token"], 10**6, [], asyncio.Event()))
        app = JoinApp(Store(tmp_path / "db"), link, directory=tmp_path, note=str(full.value))
        async with app.run_test(size=(120, 40)) as pilot:
            screen = table_screen(app)
            await until(pilot, lambda: screen.mirror.rules is not None, "the welcome")
            assert "number 1 on its waiting list" in notices(app)
            assert screen.mirror.seat is None and not screen.check_action("top_up", ())
            assert sitter.post(f"/api/tables/{table}/leave", json={}).status_code == 200
            await until(pilot, lambda: "A seat is free for you" in notices(app), "the offer", 30)
            await pilot.press("j")
            await until(pilot, lambda: isinstance(app.screen, AmountDialog), "the buy-in")
            await typed(pilot, "999")
            error = str(app.screen.query_one("#amount-error").render())
            assert "A buy-in of 999 is out of bounds: from 100 to 400 chips" in error
            await typed(pilot, "300")
            await until(pilot, lambda: screen.mirror.seat is not None, "the seat", 20)
            assert "You sit down in seat 1" in notices(app) and balance() == 10_000 - 300
            mine.append(screen.mirror.seat)
            assert screen.check_action("top_up", ()) and not screen.check_action("sit", ())
            await until(pilot, screen._my_turn, "a decision", 20)
            await pilot.press("u")  # (the stack is in play: the top-up waits for the hand's end)
            await until(pilot, lambda: isinstance(app.screen, AmountDialog), "the top-up")
            await typed(pilot, "5000")
            error = str(app.screen.query_one("#amount-error").render())
            assert "A top-up of 5,000 is out of bounds: from 1 to" in error
            await typed(pilot, "40")
            await until(pilot, lambda: "Top up by 40: queued until the hand ends"
                        in notices(app), "the top-up queued")  # fmt: skip
            for key, said in (("z", "Sit out: queued"), ("i", "Sit in: queued")):
                await pilot.press(key)
                await until(pilot, lambda s=said: s in notices(app), said)
            await pilot.press("v")
            await until(pilot, lambda: isinstance(app.screen, ConfirmDialog), "stand up?")
            await pilot.press("y")
            await until(pilot, lambda: "Standing up: queued until the hand ends"
                        in notices(app), "the stand-up queued")  # fmt: skip
            assert not screen.check_action("top_up", ())
            while screen.mirror.seat is not None:  # play the hand out
                await until(pilot, lambda: screen._my_turn() or screen.mirror.seat is None
                            or app.screen is not screen, "the hand's end", 30)  # fmt: skip
                if app.screen is not screen:
                    await pilot.press("escape")
                elif screen._my_turn():
                    await act_by_key(pilot, screen)
                await pilot.pause(0.1)
            assert "watching" in str(screen.query_one("#table-title").render())
            assert screen.check_action("sit", ())
            screen.leave(quit_app=True)
            await until(pilot, lambda: not app.is_running, "the app to quit", 10)
        await asyncio.wait_for(plays, 10)  # (the sitter's seat closed when they stood up)

    asyncio.run(run())
    me = httpx.get(f"{server.base}/api/me", cookies={"pokerroom_session": link.cookie or ""})
    assert me.json()["seats"] == []
    # the chips came back: the stack the last hand left you, as the table's hands say
    # (a top-up refused at the largest buy-in goes back to the balance too)
    hands = loads_all(httpx.get(f"{server.base}/api/tables/{table}/hands.phh").text)
    # (the record of the hand at whose end you stood up names you)
    last = hands[max(hands, key=int)]
    me = last.players.index("Waiter")
    assert last.finishing_stacks is not None
    assert balance() == 10_000 - 300 + last.finishing_stacks[me]
    assert chips(server) == total  # (the bots' buy-ins are the house's)


def test_the_seat_keys_say_what_the_room_refuses_in_one_line(server: Server,
                                                             tmp_path: Path) -> None:  # fmt: skip
    """A watcher with no name in the room cannot sit (told how to get one); a top-up out
    of bounds is refused naming them, and nothing is sent; sitting in when not sitting
    out says why."""
    owner = person(server, f"Owner{random.randrange(10**6)}")
    table = owner.post("/api/tables", json={
        "name": "cash2", "seats": 3, "kind": "cash", "min_buy_in": 100, "max_buy_in": 400,
        "budget": 30, "bots": {"1": "calling-station"}}).json()["id"]  # fmt: skip
    anonymous = link_for(server, table, tmp_path / "a.json", None)
    seated = link_for(server, table, tmp_path / "b.json", "Refused")
    seated.sit(buy_in=400)

    async def run(link: RoomLink) -> JoinApp:
        app = JoinApp(Store(tmp_path / "db"), link, directory=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = table_screen(app)
            await until(pilot, lambda: screen.mirror.rules is not None and screen.info,
                        "the welcome")  # fmt: skip
            keys = dict(key_lines(screen))  # what `?` lists (the footer shows the same)
            seat_keys = {"u": "Top up", "z": "Sit out", "i": "Sit in", "v": "Stand up"}
            if link is anonymous:
                assert keys.get("j") == "Sit down" and not seat_keys.items() & keys.items()
                await pilot.press("j")
                await until(pilot, lambda: "need a name in the room" in notices(app), "j")
            else:
                assert seat_keys.items() <= keys.items() and "j" not in keys, keys
                await until(pilot, lambda: screen.mirror.players, "the seats")
                await pilot.press("u")  # (a blind is in: a chip or two to add)
                await until(pilot, lambda: isinstance(app.screen, AmountDialog), "u")
                await pilot.press("end", *["backspace"] * 8, "0", "enter")
                error = str(app.screen.query_one("#amount-error").render())
                assert error.startswith("A top-up of 0 is out of bounds: from 1 to ")
                await pilot.press("escape")  # nothing sent
                await until(pilot, lambda: app.screen is screen, "the table")
                await pilot.press("i")
                await until(pilot, lambda: "sit in:" in notices(app).casefold(), "i")
            screen.leave(quit_app=True)
            await until(pilot, lambda: not app.is_running, "the app to quit", 10)
        return app

    said = notices(asyncio.run(run(anonymous)))
    assert "`pokerroom play --join URL --name NAME`" in said
    said = notices(asyncio.run(run(seated)))
    assert "is not sitting out" in said or "Sit in: queued" in said
    me = httpx.get(f"{server.base}/api/me", cookies={"pokerroom_session": seated.cookie or ""})
    assert me.json()["balance"] == 10_000 - 400  # (no top-up)
    for line in said.splitlines():
        assert "Traceback" not in line


def test_watch_goes_with_join_only(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.setenv("POKERROOM_DATA_DIR", str(tmp_path))
    assert main(["play", "--watch"]) == 2
    err = capsys.readouterr().err
    assert "--watch goes with --join URL" in err and len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------- random keys

KEYS = {
    "j": 4, "u": 3, "z": 3, "i": 3, "v": 3, "m": 2, "x": 2, "y": 3, "n": 2, "enter": 8,
    "escape": 4, "c": 6, "f": 2, "b": 1, "r": 1, "a": 1, "question_mark": 1, "t": 1,
    "o": 1, "s": 1, "tab": 1, "up": 1, "down": 1, "left": 1, "right": 1, "backspace": 2,
    "space": 1, ",": 1, **{d: 1 for d in "0123456789"},
}  # fmt: skip
"""The seat keys, the betting keys, the dialogs' keys, digits for the amounts; not
ctrl+q (x and y leave now and then: the same command is run again)."""


def screen_names(app: JoinApp) -> list[str]:
    return [type(s).__name__ for s in app.screen_stack]


JOBS = ("desk", "send", "close")
"""The table's workers that a key starts: asking the room (seat keys), sending an answer
or a chat line, closing the link."""


async def settled(pilot: Any, screen: RemoteTableScreen) -> None:
    """Wait until a burst is handled: every key read (the app idle), and no job the keys
    started still waiting on the room (a job waiting on a dialog it opened waits for a
    person: the next burst answers it).  The room's own messages (a new hand, a seat
    given) come when they come, between bursts or during them, as they do to a person."""
    app = screen.app

    def handled() -> bool:
        if not app.is_running or app.screen is not screen:
            return True
        return not any(w.node is screen and w.group in JOBS and w.is_running
                       for w in app.workers)  # fmt: skip

    await pilot.pause()
    await until(pilot, handled, "the keys' jobs to be answered", 10)
    await pilot.pause()


@pytest.mark.parametrize("seed", [34, 35])
def test_random_keys_over_every_state_of_the_remote_table(server: Server, seed: int,
                                                          tmp_path: Path) -> None:  # fmt: skip
    """Bursts of 1 to 8 keys from watching through sitting down, your turns, summaries,
    top-ups, sitting out and in, standing up and leaving (the same command again when a
    key left): nothing raises, the table is at the bottom of the stack with at most two
    screens over it, a watcher is never asked to act, and the room's chips add up."""
    owner = person(server, f"Keyed{random.randrange(10**6)}")
    table = owner.post("/api/tables", json={
        "name": "keys", "seats": 3, "kind": "cash", "min_buy_in": 100, "max_buy_in": 400,
        "budget": 30, "bots": {"1": "calling-station"}}).json()["id"]  # fmt: skip
    sessions = tmp_path / "s.json"
    link_for(server, table, sessions, f"Presser{seed}")
    total = chips(server)
    rng = random.Random(seed)
    names, weights = list(KEYS), list(KEYS.values())
    states: set[str] = set()

    async def session(budget: int) -> int:
        link = link_for(server, table, sessions, f"Presser{seed}")
        app = JoinApp(Store(tmp_path / "db"), link, directory=tmp_path)
        sent = 0
        async with app.run_test(size=(100, 30)) as pilot:
            screen = table_screen(app)
            await until(pilot, lambda: screen.mirror.rules is not None, "the welcome")
            while sent < budget and app.is_running:
                keys = rng.choices(names, weights, k=rng.randint(1, 8))
                if isinstance(app.screen, AmountDialog) and rng.random() < 0.5:
                    keys = ["enter"]  # (the amount offered: a seat taken now and then)
                burst(app, keys)
                sent += len(keys)
                await settled(pilot, screen)
                assert app._exception is None, app._exception
                if not app.is_running:
                    break
                stack = screen_names(app)[1:]  # (over the app's default screen)
                assert stack[0] == "RemoteTableScreen" and len(stack) <= 3, stack
                assert len(set(stack)) == len(stack), (stack, keys)
                assert screen.mirror.seat is not None or screen.mirror.pending is None
                states.add(f"{app.screen.__class__.__name__}"
                           f"/{'seated' if screen.mirror.seat is not None else 'watching'}"
                           f"{'/turn' if screen._my_turn() else ''}")  # fmt: skip
            if app.is_running:
                screen.leave(quit_app=True)
                await until(pilot, lambda: not app.is_running, "the app to quit", 10)
        assert app._exception is None, app._exception
        return sent

    sent = 0
    while sent < 400:
        sent += asyncio.run(session(400 - sent))
    assert {"RemoteTableScreen/watching", "AmountDialog/watching"} <= states, states
    assert any(s.endswith("/turn") for s in states), states
    seated = ("AmountDialog/seated", "ConfirmDialog/seated")
    assert any(s.startswith(seated) for s in states), states
    for _ in range(100):  # (a hand in play holds the chips of queued changes: let it end)
        if chips(server) == total:
            break
        asyncio.run(asyncio.sleep(0.2))
    assert chips(server) == total


class FakeDesk(FakeLink):
    """A room's link that plays back given messages (see :class:`FakeLink`) and keeps
    what the seat keys asked of the room, answering as a cash table would: seat 0, a
    top-up or a sit-out done, 150 chips back on standing up."""

    def __init__(self, messages: list[dict[str, Any]], end: bool = False) -> None:
        super().__init__(messages, end)
        self.seat: int | None = None
        self.queued = False
        self.asked: list[tuple[Any, ...]] = []

    def table_info(self) -> dict[str, Any]:
        return {"id": "t9", "kind": "cash", "state": "playing", "min_buy_in": 100,
                "max_buy_in": 400, "seats": 2, "taken": 2}  # fmt: skip

    def sit_problem(self) -> str | None:
        return None

    def sit(self, invite: str | None = None, buy_in: int | None = None) -> int:
        self.asked.append(("sit", buy_in))
        self.seat = 0
        return 0

    def stand_up(self) -> int | None:
        self.asked.append(("stand_up",))
        return 150

    def change(self, what: str, chips: int | None = None) -> bool:
        self.asked.append((what, chips))
        return True

    def seated_as(self, token: str | None, seat: int | None) -> None:
        self.seat = seat

    async def rejoin(self) -> None:
        self.asked.append(("rejoin",))


def _watching(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``messages`` as a spectator gets them (the welcome names no seat)."""
    first = {**messages[0], "seat": None, "game": {**messages[0]["game"], "seat": None}}
    return [first, *messages[1:]]


MATCH_END = {"type": "match_end", "names": ["Me", "You"], "stacks": [400, 0], "totals": [0, 0],
             "hands": 1, "standings": [{"seat": 0, "place": 1, "hand": 1, "stack": 400},
                                       {"seat": 1, "place": 2, "hand": 1, "stack": 0}]}
SCRIPTS = {
    "watching, a seat offered": lambda: [
        *_watching(your_turn_messages()[:-1]), {"type": "offer", "table": "t9", "name": "x"}],
    "seated, your turn": your_turn_messages,
    "seated, the match over": lambda: [*your_turn_messages(), MATCH_END],
    "seated, the link lost": lambda: [
        *your_turn_messages(),
        {"type": "link", "up": False, "fatal": False, "message": "down: again"},
        {"type": "link", "up": False, "fatal": True, "message": "the room closed it"}],
}  # fmt: skip


@pytest.mark.parametrize("script", list(SCRIPTS))
@pytest.mark.parametrize("seed", [1, 2])
def test_random_keys_over_the_remote_table_played_back(tmp_path: Path, script: str,
                                                       seed: int) -> None:  # fmt: skip
    """The same bursts of keys over states played back (watching with a seat offered,
    your turn, the match's end, a lost link): nothing raises, at most two screens over
    the table, and what the seat keys asked of the room is what they may ask there (a
    watcher only sits, a seated player never sits again)."""
    rng = random.Random(seed)
    names, weights = list(KEYS), list(KEYS.values())

    async def run() -> FakeDesk:
        desk = FakeDesk(SCRIPTS[script]())
        app = JoinApp(Store(tmp_path / "db"), desk, directory=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = table_screen(app)
            for _ in range(40):
                if not app.is_running:
                    break
                burst(app, rng.choices(names, weights, k=rng.randint(1, 8)))
                await pilot.pause(0.05)
                assert app._exception is None, app._exception
                stack = screen_names(app)[1:]
                assert not app.is_running or (stack[0] == "RemoteTableScreen"
                                              and len(stack) <= 3), stack  # fmt: skip
            if app.is_running:
                screen.leave(quit_app=True)
                await until(pilot, lambda: not app.is_running, "the app to quit", 10)
        assert app._exception is None, app._exception
        return desk

    desk = asyncio.run(run())
    kinds = {a[0] for a in desk.asked}
    if script.startswith("watching"):
        assert kinds <= {"sit", "rejoin"}, desk.asked
    else:
        assert kinds <= {"top_up", "sit_out", "sit_in", "stand_up"}, desk.asked
    for what, *rest in desk.asked:
        if what == "sit":
            assert rest[0] is None or 100 <= rest[0] <= 400
        if what == "top_up":
            assert rest[0] is not None and 1 <= rest[0] <= 400


@pytest.mark.parametrize(("script", "keys"), [
    ("watching, a seat offered", ["j", "j"]), ("seated, your turn", ["u", "u"]),
    ("seated, your turn", ["u", "u", "u", "u"])])  # fmt: skip
def test_a_seat_key_pressed_twice_at_once_opens_one_dialog(tmp_path: Path, script: str,
                                                           keys: list[str]) -> None:  # fmt: skip
    """Two seat keys at once ran their jobs side by side: each asked the room for the
    table's bounds, saw the table on top, and opened its amount dialog, one over the
    other (the random keys on the room's table found it: a buy-in asked twice, the
    second answer with nowhere to go).  Now the first holds the table: one dialog, and
    once it is answered the room is asked once."""

    class Together(FakeDesk):
        """The room answers the keys' questions about the table all at once."""

        gate: threading.Barrier | None = None

        def table_info(self) -> dict[str, Any]:
            if self.gate is not None:
                self.gate.wait(10)
            return super().table_info()

    async def run() -> FakeDesk:
        desk = Together(SCRIPTS[script]())
        app = JoinApp(Store(tmp_path / "db"), desk, directory=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = table_screen(app)
            await until(pilot, lambda: screen.mirror.rules is not None, "the welcome")
            await until(pilot, lambda: screen.info.get("kind") == "cash", "the table's kind")
            desk.gate = threading.Barrier(len(keys))
            push = app.push_screen_wait

            async def push_later(screen: Any) -> Any:
                await asyncio.sleep(0.05)  # (Textual's own awaits before it pushes)
                return await push(screen)

            app.push_screen_wait = push_later  # type: ignore[method-assign]
            burst(app, keys)
            await until(pilot, lambda: isinstance(app.screen, AmountDialog), "the dialog")
            for _ in range(5):  # (the other jobs come to their end)
                await pilot.pause(0.05)
            assert screen_names(app)[1:] == ["RemoteTableScreen", "AmountDialog"]
            await pilot.press("enter")  # the amount offered
            await until(pilot, lambda: app.screen is screen, "the dialog closed")
            for _ in range(5):
                await pilot.pause(0.05)
            assert screen_names(app)[1:] == ["RemoteTableScreen"]
            screen.leave(quit_app=True)
            await until(pilot, lambda: not app.is_running, "the app to quit", 10)
        assert app._exception is None, app._exception
        return desk

    desk = asyncio.run(run())
    asked = [a[0] for a in desk.asked if a[0] != "rejoin"]
    assert asked == (["sit"] if keys[0] == "j" else ["top_up"]), desk.asked
