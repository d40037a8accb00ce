"""The terminal's table at a room, exactly (the mutation part ``tuiremote``): the table
screen driven by Textual's pilot against a fake link that feeds it the dealer's messages
(no socket): what the player sees, what each key sends, the decision clock at its
boundaries, chat, leaving, a spectator's view, the forced bets, the seat keys, and that
the screen shows nothing the messages did not give that seat.

The hand is seeded: seat 0 ("Me", the button) is dealt 2♦ 4♥, seat 1 ("You") 3♣ K♥;
the blinds are 2 and 4 and both stacks 200.  The clock is held still (the mirror's and
the pending decision's ``time.monotonic``), so no test reads the wall clock.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

import pokerroom.jsonproto.mirror as mirror_module
from pokerroom.engine import ActionKind, Hand
from pokerroom.engine.view import PlayerView
from pokerroom.jsonproto.codec import event_to_json, view_to_json
from pokerroom.jsonproto.dealer import game_to_json, hand_to_json
from pokerroom.rules import Rules
from pokerroom.storage.saves import Store
from pokerroom.table import GameStart, HandStart
from pokerroom.table.seats import hide
from pokerroom.tui.app import JoinApp
from pokerroom.tui.screens.dialogs import ConfirmDialog, HandOverScreen, MessageDialog
from pokerroom.tui.screens.remote import (
    CHAT_MOST,
    ChatDialog,
    RemoteTableScreen,
    _forced,
    _when,
    clock_text,
)
from pokerroom.tui.screens.seating import AmountDialog
from pokerroom.tui.widgets.table import ActionBar, Felt, HandLog, SeatsPanel
from tui_helpers import screen_text, stack_names

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

RULES = Rules.preset("no-limit")
TITLE = "table t9 at a room"
NOW = 100.0


class Link:
    """A table link whose messages come when the test feeds them; it keeps what the
    screen sends (``ok`` false: the connection is down) and whether it was closed."""

    title = TITLE

    def __init__(self, *, ok: bool = True) -> None:
        self.inbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.sent: list[dict[str, Any]] = []
        self.ok = ok
        self.closed = False

    async def messages(self) -> Any:
        while not self.closed:
            message = await self.inbox.get()
            if message is None:  # the room closed the connection
                return
            yield message

    async def send(self, message: dict[str, Any]) -> bool:
        self.sent.append(message)
        return self.ok

    async def close(self) -> None:
        self.closed = True

    def feed(self, *messages: dict[str, Any] | None) -> None:
        for message in messages:
            self.inbox.put_nowait(message)


class Desk(Link):
    """A room's link (a :class:`~pokerroom.tui.screens.seating.SeatDesk` too): a table of
    ``info``, answering the seat keys as told and keeping what they asked."""

    def __init__(self, info: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.seat: int | None = None
        self.queued = False
        self.info = info or {"id": "t9", "kind": "cash", "state": "playing",
                             "min_buy_in": 100, "max_buy_in": 400}  # fmt: skip
        self.asked: list[tuple[Any, ...]] = []
        self.problem: str | None = None
        self.refuse: str | None = None
        self.done = True
        self.refund: int | None = 150

    def _check(self) -> None:
        if self.refuse is not None:
            raise RuntimeError(self.refuse)

    def table_info(self) -> dict[str, Any]:
        return dict(self.info)

    def sit_problem(self) -> str | None:
        return self.problem

    def sit(self, invite: str | None = None, buy_in: int | None = None) -> int:
        self._check()
        self.asked.append(("sit", invite, buy_in))
        self.seat = 1
        return 1

    def stand_up(self) -> int | None:
        self._check()
        self.asked.append(("stand_up",))
        return self.refund

    def change(self, what: str, chips: int | None = None) -> bool:
        self._check()
        self.asked.append((what, chips))
        return self.done

    def seated_as(self, token: str | None, seat: int | None) -> None:
        self.asked.append(("seated_as", seat))

    async def rejoin(self) -> None:
        self.asked.append(("rejoin",))


# ------------------------------------------------------------------ the dealer's messages


def welcome(seat: int | None) -> dict[str, Any]:
    start = GameStart(RULES, 2, -1 if seat is None else seat, 0, ("Me", "You"), (200, 200),
                      False, 0)  # fmt: skip
    return {"type": "welcome", "seat": seat, "game": {**game_to_json(start), "seat": seat}}


def dealt(number: int = 1, hole: list[str] | None = None) -> dict[str, Any]:
    message = {"type": "hand", **hand_to_json(HandStart(number, 0, (200, 200), (0, 1), 0, RULES))}
    if hole is not None:
        message["hole"] = hole
    return message


def new_hand() -> Hand:
    return Hand(RULES, [200, 200], button=0, rng=random.Random(8))


def events(hand: Hand, seat: int, start: int = 0) -> list[dict[str, Any]]:
    view = hand.view(seat)
    return [{"type": "event", "hand": 1, "event": event_to_json(e)} for e in view.events[start:]]


def act(hand: Hand, seat: int = 0, budget: float = 30.0, bank: float = 20.0) -> dict[str, Any]:
    view = hand.view(seat)
    return {"type": "act", "hand": 1, "seq": len(view.events), "budget": budget, "bank": bank,
            "view": view_to_json(view)}  # fmt: skip


def watched_view(hand: Hand) -> PlayerView:
    """The hand as a spectator sees it: no hole card, none dealt face up."""
    view = hand.view(0)
    return dataclasses.replace(view, seat=-1, hole=(), events=tuple(hide(e) for e in view.events))


def watched(hand: Hand) -> list[dict[str, Any]]:
    return [{"type": "event", "hand": 1, "event": event_to_json(e)}
            for e in watched_view(hand).events]  # fmt: skip


def to_my_turn(hand: Hand | None = None, **clock: float) -> list[dict[str, Any]]:
    """Seat 0's messages up to its decision in ``hand`` (the first pre-flop one)."""
    hand = hand or new_hand()
    return [welcome(0), dealt(1, ["2d", "4h"]), *events(hand, 0), act(hand, 0, **clock)]


def at_the_flop() -> Hand:
    """Me calls, You checks, the flop, You checks: Me to act with nothing to call."""
    hand = new_hand()
    hand.call()
    hand.check()
    hand.check()
    return hand


async def until(pilot: Pilot[None], ready: Callable[[], object], timeout: float = 15.0) -> None:
    """Let the app run until ``ready()``; an app that stopped, or failed, fails at once
    (not at the end of the wait)."""
    app = pilot.app
    end = time.monotonic() + timeout
    while not ready():
        assert app._exception is None, app._exception
        assert app.is_running, "the app stopped"
        assert time.monotonic() < end, f"timed out waiting; the screen is {app.screen!r}"
        await pilot.pause(0.01)


Scenario = Callable[[Pilot[None], JoinApp, RemoteTableScreen], Awaitable[None]]


def run(tmp_path: Path, link: Link, scenario: Scenario, monkeypatch: pytest.MonkeyPatch,
        size: tuple[int, int] = (100, 32), note: str | None = None) -> None:  # fmt: skip
    """``scenario`` at the table of ``link``, the clock held at ``NOW``; an error in a
    callback of the loop (a decision's, say) fails it too."""
    monkeypatch.setattr(mirror_module, "time", SimpleNamespace(monotonic=lambda: NOW))
    failed: list[dict[str, Any]] = []

    async def go() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda _, context: failed.append(context))
        app = JoinApp(Store(tmp_path / "db"), link, directory=tmp_path, note=note)
        async with app.run_test(size=size) as pilot:
            screen = app.screen
            assert isinstance(screen, RemoteTableScreen)
            screen.mirror.clock = lambda: NOW
            await scenario(pilot, app, screen)
        assert app._exception is None, app._exception

    asyncio.run(go())
    assert failed == []


async def turn(pilot: Pilot[None], screen: RemoteTableScreen) -> None:
    await until(pilot, screen._my_turn)
    await pilot.pause()


def notes(app: JoinApp) -> list[str]:
    return [n.message for n in app._notifications]


def kinds(app: JoinApp) -> list[tuple[str, float]]:
    """The notifications' severities and seconds on screen, oldest first."""
    return [(n.severity, n.timeout) for n in app._notifications]


def title(screen: RemoteTableScreen) -> str:
    return str(screen.query_one("#table-title", Static).render())


def texts(app: JoinApp) -> str:
    return " | ".join(str(w.render()) for w in app.screen.query(Static))


def log(screen: RemoteTableScreen) -> list[str]:
    return [t.plain for t in screen.query_one(HandLog)._texts]


def bar_message(screen: RemoteTableScreen) -> str:
    return str(screen.query_one("#bar-message", Static).render())


async def settle(pilot: Pilot[None]) -> None:
    for _ in range(4):
        await pilot.pause(0.02)


# ------------------------------------------------------------------ the pure helpers


def test_the_clock_text_at_its_boundaries() -> None:
    assert clock_text(0.6, 0) == "⏱ 1s"
    assert clock_text(0.4, 0) == "⏱ 0s"  # (still its own clock: above 0)
    assert clock_text(0.0, 0) == "⏱ time bank 0s"
    assert clock_text(0.0, 25.6) == "⏱ time bank 26s"
    assert clock_text(12.4, 30) == "⏱ 12s (then 30s of time bank)"
    assert clock_text(1, 0.4) == "⏱ 1s (then 0s of time bank)"  # (a bank above 0)
    assert clock_text(1, -0.0) == "⏱ 1s"
    assert clock_text(-1, 5) == "⏱ time bank 5s"


def test_a_seat_change_answer_in_words() -> None:
    assert _when(True) == "done" and _when(1) == "done"
    assert _when(False) == "queued until the hand ends"
    assert _when(None) == "queued until the hand ends"


@pytest.mark.parametrize("kind", ["ante", "blind", "straddle", "deal", "burn"])
def test_the_events_of_a_hand_s_start_are_forced(kind: str) -> None:
    assert _forced({"type": "event", "event": {"kind": kind}})


@pytest.mark.parametrize("message", [
    {"type": "event", "event": {"kind": "call"}}, {"type": "event", "event": {"kind": "board"}},
    {"type": "event", "event": {}}, {"type": "event", "event": "blind"}, {"type": "event"},
    {"type": "act", "event": {"kind": "blind"}}, {"event": {"kind": "blind"}}])  # fmt: skip
def test_nothing_else_is_forced(message: dict[str, Any]) -> None:
    assert not _forced(message)


# ------------------------------------------------------------------ your turn, as drawn


def test_your_first_turn_as_drawn_and_nothing_of_the_other_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        assert screen.query_one(Felt).turn == f"Connecting to {TITLE}..."
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        assert title(screen) == (
            f" Hand 1 · PRE-FLOP · no limit (minimum bet 4), blinds 2/4 · {TITLE}")
        line = screen.query_one("#table-title", Static).render()
        styles = {line.plain[s.start:s.end]: str(s.style) for s in line.spans}
        assert styles == {" Hand 1": "bold", "PRE-FLOP": "ansi_magenta bold"}
        felt = screen.query_one(Felt)
        assert [str(c) for c in felt.hole] == ["2d", "4h"] and felt.board == ()
        assert felt.names == ("Me", "You")
        assert felt.turn == "Your turn: 2 to call.  ⏱ 30s (then 20s of time bank)"
        panel = screen.query_one(SeatsPanel)
        assert [(s.name, s.stack, s.bet, s.marks, s.status) for s in panel.lines] == [
            ("Me", 198, 2, "D SB", "to act"), ("You", 196, 4, "BB", "")]
        assert panel.lines[1].cards == (None, None) and panel.notes == ()
        assert log(screen) == ["── Hand 1 ──", "Me posts the small blind 2",
                               "You posts the big blind 4", "*** PRE-FLOP ***",
                               "Dealt to Me: 2d 4h"]  # fmt: skip
        bar = screen.query_one(ActionBar)
        assert bar.slots() == [("f", "Fold", True), ("c", "Call 2", True),
                               ("r", "Raise to…", True), ("a", "All-in 200", True)]  # fmt: skip
        keys = {k: b.binding.description for k, b in screen.active_bindings.items()}
        assert {k: keys.get(k) for k in "fcbramjuzivsx"} == {
            "f": "Fold", "c": "Call", "b": None, "r": "Raise to", "a": "All-in", "m": "Chat",
            "j": None, "u": None, "z": None, "i": None, "v": None, "s": None, "x": "Exit"}
        shown = screen_text(app)
        assert " Pot 6 " in shown and len(felt.pots) == 1
        for hidden in ("3♣", "K♥", "3c", "Kh"):  # the other seat's cards: never sent to you
            assert hidden not in shown
        assert link.sent == []

    run(tmp_path, link, scenario, monkeypatch)


def test_a_title_wider_than_its_line_stays_on_it_ending_in_an_ellipsis(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A room's long table name in a terminal 80 wide: the title keeps to its one line,
    cut with "…" at the line's last column (not at a word, as if it went on unseen)."""
    link = Link()
    link.title = "the long table by the window at the Grand Riverside Card Club, upstairs"

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        whole = f" Hand 1 · PRE-FLOP · no limit (minimum bet 4), blinds 2/4 · {link.title}"
        assert title(screen) == whole and len(whole) > 80
        top, under = screen_text(app).splitlines()[:2]
        assert top == whole[:79] + "…"
        assert under.startswith("╭")  # the seats' box right under it: one line

    run(tmp_path, link, scenario, monkeypatch, size=(80, 24))


@pytest.mark.parametrize(("budget", "bank", "shown"), [
    (30.0, 0.0, "⏱ 30s"), (0.0, 12.0, "⏱ time bank 12s"), (0.0, 0.0, "⏱ time bank 0s")])
def test_the_clock_beside_your_turn(budget: float, bank: float, shown: str, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn(budget=budget, bank=bank))
        await turn(pilot, screen)
        felt = screen.query_one(Felt)
        assert felt.turn == f"Your turn: 2 to call.  {shown}"
        felt.turn = ""
        screen._tick()  # once a second: the clock again
        assert felt.turn == f"Your turn: 2 to call.  {shown}"
        await pilot.press("c")
        await until(pilot, lambda: bool(link.sent))
        await pilot.pause()
        felt.turn = "kept"
        screen._tick()  # answered: no clock to count
        assert felt.turn == "kept"
        assert "⏱" not in screen._turn_text(screen.view, screen.names)

    run(tmp_path, link, scenario, monkeypatch)


def test_the_forced_bets_are_drawn_with_the_first_decision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()
    hand = new_hand()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(welcome(0), dealt(1, ["2d", "4h"]), *events(hand, 0))
        await until(pilot, lambda: len(screen.mirror.view.events) == 4 if screen.mirror.view
                    else False)  # fmt: skip
        await settle(pilot)
        assert log(screen) == ["── Hand 1 ──"]  # the hand, not its blinds
        assert [s.bet for s in screen.query_one(SeatsPanel).lines] == [0, 0]
        hand.call()
        link.feed(*events(hand, 0, 4))  # a call: drawn at once
        await until(pilot, lambda: len(log(screen)) > 2)
        assert log(screen)[1:4] == ["Me posts the small blind 2", "You posts the big blind 4",
                                    "*** PRE-FLOP ***"]  # fmt: skip
        assert log(screen)[-1] == "Me calls 2"
        assert [s.bet for s in screen.query_one(SeatsPanel).lines] == [4, 4]

    run(tmp_path, link, scenario, monkeypatch)


# ------------------------------------------------------------------ what each key sends


@pytest.mark.parametrize(("key", "sent"), [
    ("c", {"action": "call"}), ("f", {"action": "fold"}),
    ("a", {"action": "raise", "amount": 200})])  # fmt: skip
def test_each_action_key_sends_its_action_once(key: str, sent: dict[str, Any], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        app.prefs.confirm_all_in = False
        await pilot.press(key)
        await until(pilot, lambda: bool(link.sent))
        await settle(pilot)
        assert link.sent == [{"type": "action", "hand": 1, "seq": 4, **sent}]
        assert not screen._my_turn()
        assert screen.query_one(ActionBar).view.legal is None
        assert screen.mirror.pending is not None  # (until the dealer accepts it)
        await pilot.press("c", "f", "a")  # answered: the bar waits
        await settle(pilot)
        assert len(link.sent) == 1
        link.feed({"type": "accepted", "hand": 1, "seq": 4})
        await until(pilot, lambda: screen.mirror.pending is None)

    run(tmp_path, link, scenario, monkeypatch)


@pytest.mark.parametrize(("typed", "sent", "refused"), [
    ("8", 8, ""), ("200", 200, ""),
    ("7", None, "7 is too small: the smallest raise is to 8."),
    ("201", None, "201 is too big: the most is 200 (all your chips).")])
def test_a_raise_at_exactly_the_minimum_and_the_maximum(
    typed: str, sent: int | None, refused: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        app.prefs.confirm_all_in = False
        await pilot.press("r")
        await pilot.pause()
        field = screen.query_one("#amount", Input)
        assert field.value == "8"
        field.value = typed
        await pilot.press("enter")
        await settle(pilot)
        if sent is None:
            assert link.sent == [] and bar_message(screen) == refused
            assert screen._my_turn()
        else:
            await until(pilot, lambda: bool(link.sent))
            assert link.sent == [{"type": "action", "hand": 1, "seq": 4, "action": "raise",
                                  "amount": sent}]  # fmt: skip

    run(tmp_path, link, scenario, monkeypatch)


def test_a_key_not_possible_says_why_and_sends_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()
    hand = at_the_flop()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(welcome(0), dealt(1, ["2d", "4h"]), *events(hand, 0), act(hand))
        await turn(pilot, screen)
        assert title(screen).startswith(" Hand 1 · FLOP · ")
        assert screen.query_one(Felt).turn == (
            "Your turn: nothing to call.  ⏱ 30s (then 20s of time bank)")
        await pilot.press("f")
        await settle(pilot)
        assert bar_message(screen) == (
            "Fold is not possible now: checking is free: check with c. "
            "You can: Check (c) · Bet… (b) · All-in 196 (a).")
        assert link.sent == [] and screen._my_turn()
        await pilot.press("r")  # not listed at all: nothing
        await settle(pilot)
        assert link.sent == []
        await pilot.press("c")
        await until(pilot, lambda: bool(link.sent))
        assert link.sent == [{"type": "action", "hand": 1, "seq": len(hand.view(0).events),
                              "action": "check"}]  # fmt: skip

    run(tmp_path, link, scenario, monkeypatch)


def test_a_refused_answer_asks_again_and_a_default_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        await pilot.press("c")
        await until(pilot, lambda: bool(link.sent))
        link.feed({"type": "error", "code": "illegal-action", "message": "not now, [b]friend",
                   "hand": 1, "seq": 4})  # fmt: skip
        await turn(pilot, screen)
        assert bar_message(screen) == "not now, [b]friend"  # (the room's words as they are)
        assert notes(app)[-1] == "not now, [b]friend" and not list(app._notifications)[-1].markup
        assert kinds(app)[-1] == ("warning", 5)
        await pilot.press("f")
        await until(pilot, lambda: len(link.sent) == 2)
        assert link.sent[1]["action"] == "fold"
        link.feed({"type": "default", "hand": 1, "seq": 4, "action": "fold"})
        await until(pilot, lambda: "time ran out" in bar_message(screen))
        assert bar_message(screen) == "your time ran out: the default action was taken"
        assert notes(app)[-1] == "your time ran out: the default action was taken"
        assert kinds(app)[-1] == ("warning", 5)
        assert not screen._my_turn()
        bar = screen.query_one(ActionBar)
        assert bar.view is not None and bar.view.legal is None  # (drawn again: the bar waits)
        assert [enabled for _, _, enabled in bar.slots()] == [False] * 4
        link.feed({"type": "error", "code": "stale", "message": "no decision waits",
                   "hand": 1, "seq": 4})  # (the third: the last is said)
        await until(pilot, lambda: len(notes(app)) == 3)
        assert notes(app)[-1] == bar_message(screen) == "no decision waits"

    run(tmp_path, link, scenario, monkeypatch)


def test_an_answer_not_sent_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    link = Link(ok=False)

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        await pilot.press("c")
        await until(pilot, lambda: bool(notes(app)))
        assert notes(app) == ["Not sent: the connection is down (it is being tried again)"]
        assert kinds(app) == [("warning", 5)]

    run(tmp_path, link, scenario, monkeypatch)


def test_a_new_decision_replaces_the_last_and_the_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()
    hand = at_the_flop()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        first = screen._choice
        link.feed(*events(hand, 0, 4), act(hand))  # (the dealer moved on: a new decision)
        await until(pilot, lambda: screen._choice is not first and screen._my_turn())
        assert first is not None and first.cancelled()
        await pilot.press("c")
        await until(pilot, lambda: bool(link.sent))
        assert link.sent == [{"type": "action", "hand": 1, "seq": len(hand.view(0).events),
                              "action": "check"}]  # fmt: skip

    run(tmp_path, link, scenario, monkeypatch)


# ------------------------------------------------------------------ the hand's end


def _won_hand() -> tuple[Hand, list[dict[str, Any]]]:
    """You (seat 1) fold to Me's raise: Me wins 4."""
    hand = new_hand()
    hand.raise_to(12)
    hand.fold()
    return hand, [{"type": "hand_end", "hand": 1, "view": view_to_json(hand.view(0))}]


def test_the_hands_summary_in_its_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    link = Link()
    hand, end = _won_hand()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        screen._seen = []
        link.feed(*to_my_turn(), *events(hand, 0, 4), *end)
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        summary = app.screen
        assert str(summary.query_one("#summary-title", Static).render()) == "Hand 1 is over"
        body = texts(app)
        assert "Your chips: 200 → 204 (+4)" in body
        assert "Board" not in body  # no board was dealt
        assert str(summary.query_one("#summary", Static).render()) == (
            "Me wins the pot (8)\n\nYour chips: 200 → 204 (+4)")
        assert len(screen._seen) == 1 and screen._seen[0].label == 1
        await pilot.press("space")
        await until(pilot, lambda: app.screen is screen)
        assert stack_names(app) == ["RemoteTableScreen"]

    run(tmp_path, link, scenario, monkeypatch)


def test_a_lost_hand_s_summary_shows_the_board_and_the_loss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()
    hand = at_the_flop()
    hand.bet(4)
    hand.fold()  # Me bets 4, You folds: Me wins; seen by You (seat 1): a loss of 4

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        start = GameStart(RULES, 2, 1, 0, ("Me", "You"), (200, 200), False, 0)
        link.feed({"type": "welcome", "seat": 1, "game": game_to_json(start)},
                  dealt(1, ["3c", "Kh"]), *events(hand, 1),
                  {"type": "hand_end", "hand": 1, "view": view_to_json(hand.view(1))})
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        body = texts(app)
        assert "Board " in body and "Your chips: 200 → 196 (−4)" in body
        for hidden in ("2♦", "4♥", "2d", "4h"):  # Me's cards: never shown
            assert hidden not in body and hidden not in screen_text(app)

    run(tmp_path, link, scenario, monkeypatch)


def test_a_spectator_watches_without_cards_keys_or_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()
    hand, _ = _won_hand()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        spectator = [welcome(None), dealt(1, []), *watched(hand)]
        link.feed(*spectator)
        await until(pilot, lambda: screen.mirror.view is not None
                    and len(screen.mirror.view.events) == len(hand.events))
        await settle(pilot)
        assert title(screen).endswith(f" · {TITLE} · watching")
        felt = screen.query_one(Felt)
        assert felt.hole == ()
        lines = screen.query_one(SeatsPanel).lines
        assert [s.cards for s in lines] == [(None, None), ()]  # (You folded)
        for hidden in ("2♦", "4♥", "3♣", "K♥", "2d", "4h", "3c", "Kh"):
            assert hidden not in screen_text(app)
        keys = screen.active_bindings
        assert not any(k in keys for k in "fcbra") and "m" in keys and "j" not in keys
        assert not screen.check_action("choose", ("c",))
        await pilot.press("c")
        link.feed({"type": "hand_end", "hand": 1, "view": view_to_json(watched_view(hand))})
        await settle(pilot)
        await pilot.pause(0.1)
        assert stack_names(app) == ["RemoteTableScreen"] and link.sent == []
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert app.screen.text == "You have no seat here: leaving stops watching."

    run(tmp_path, link, scenario, monkeypatch)


def test_the_match_end_names_the_places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    link = Link()
    end = {"type": "match_end", "names": ["Ann", "Bo"], "stacks": [400, 0], "totals": [0, 0],
           "hands": 1, "standings": [{"seat": 1, "place": 2, "hand": 1, "stack": 0},
                                     {"seat": 2, "place": 3, "hand": 1, "stack": 0},
                                     {"seat": 0, "place": 1, "hand": 1, "stack": 400}]}

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn(), end)
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        dialog = app.screen
        assert (dialog.title_text, dialog.text) == (
            "The game is over", "1. Ann\n2. Bo\n3. seat 2")  # (a seat of no name)
        assert not screen._my_turn() and screen.over

    run(tmp_path, link, scenario, monkeypatch)


def test_a_match_end_without_standings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    link = Link()
    end = {"type": "match_end", "names": ["Me", "You"], "stacks": [400, 0], "totals": [0, 0],
           "hands": 1, "standings": []}

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(welcome(0), dealt(), end)
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        assert app.screen.text == "-"
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running)
        assert link.closed

    run(tmp_path, link, scenario, monkeypatch)


def test_standings_named_from_the_table_when_the_end_names_nobody(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()
    end = {"type": "match_end", "names": [], "stacks": [0, 400], "totals": [0, 0], "hands": 1,
           "standings": [{"seat": 0, "place": 2, "hand": 1, "stack": 0},
                         {"seat": 1, "place": 1, "hand": 1, "stack": 400},
                         {"seat": -1, "place": 3, "hand": 1, "stack": 0}]}  # fmt: skip

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(welcome(0), dealt(), end)
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        assert app.screen.text == "1. You\n2. Me\n3. seat -1"

    run(tmp_path, link, scenario, monkeypatch)


# ------------------------------------------------------------------ chat, the link, leaving


def test_chat_sends_the_line_cut_and_shows_what_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        assert not screen.check_action("chat", ())  # no table yet
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ChatDialog))
        assert "Say at the table" in texts(app)
        field = app.screen.query_one(Input)
        assert field.max_length == CHAT_MOST == 300
        field.value = "  nice [b]hand[/b]  "
        await pilot.press("enter")
        await until(pilot, lambda: bool(link.sent))
        assert link.sent == [{"type": "chat", "text": "nice [b]hand[/b]"}]
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ChatDialog))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ChatDialog))
        await pilot.press("enter")  # nothing typed: nothing said
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ChatDialog))
        app.screen.query_one(Input).max_length = 0
        app.screen.query_one(Input).value = "y" * 400
        await pilot.press("enter")
        await until(pilot, lambda: len(link.sent) == 2)
        assert link.sent[1] == {"type": "chat", "text": "y" * 300}
        link.feed({"type": "chat", "from": "You", "text": "[red]gg"})
        await until(pilot, lambda: log(screen)[-1].startswith("You"))
        last = screen.query_one(HandLog)._texts[-1]
        assert last.plain == "You: [red]gg"
        assert [(last.plain[s.start:s.end], str(s.style)) for s in last.spans] == [
            ("You: ", "bold cyan")]
        assert screen._my_turn()  # (chat takes nothing of the decision)

    run(tmp_path, link, scenario, monkeypatch)


def test_a_watcher_may_chat_once_welcomed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        assert not screen.check_action("chat", ())
        await settle(pilot)
        assert "m Chat" not in screen_text(app).splitlines()[-1]
        link.feed(welcome(None))
        await until(pilot, lambda: screen.mirror.rules is not None)
        assert screen.check_action("chat", ()) is True
        await settle(pilot)
        assert "m Chat" in screen_text(app).splitlines()[-1]  # the footer says so at once
        assert screen.check_action("save", ()) is False

    run(tmp_path, link, scenario, monkeypatch)


def test_a_dropped_link_is_said_once_and_its_return(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        choice = screen._choice
        link.feed({"type": "link", "up": False, "fatal": False, "message": "trying [/b] again"},
                  {"type": "link", "up": False, "fatal": False, "message": "still trying"})
        await until(pilot, lambda: "still" in screen.query_one(Felt).turn)
        assert screen.query_one(Felt).turn == "Connection lost: still trying"
        assert notes(app) == ["Connection lost: trying [/b] again"]
        assert not list(app._notifications)[-1].markup  # (the room's words, never markup)
        assert kinds(app) == [("warning", 5)]
        assert choice is not None and choice.cancelled() and not screen._my_turn()
        link.feed({"type": "link", "up": True, "fatal": False, "message": ""})
        await until(pilot, lambda: len(notes(app)) == 2)
        assert notes(app)[-1] == "Back at the table."
        assert kinds(app)[-1] == ("information", 5)
        link.feed({"type": "link", "up": False, "fatal": False, "message": "again"})
        await until(pilot, lambda: len(notes(app)) == 3)
        assert notes(app)[-1] == "Connection lost: again"
        link.feed({"type": "link", "up": False, "fatal": False})  # (no words: none said)
        await until(pilot, lambda: screen.query_one(Felt).turn == "Connection lost: ")
        assert stack_names(app) == ["RemoteTableScreen"]

    run(tmp_path, link, scenario, monkeypatch)


@pytest.mark.parametrize(("last", "said"), [
    ({"type": "link", "up": False, "fatal": True, "message": "the room is gone"},
     "the room is gone"),
    (None, "The room closed the connection."),
    ({"type": "act", "hand": 1}, "The room sent something this client cannot read: ")])
def test_the_table_gone_is_said_and_closes(last: dict[str, Any] | None, said: str,
                                           tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        link.feed(last)
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        dialog = app.screen
        assert dialog.title_text == "The table is gone"
        assert dialog.text.startswith(said)
        assert screen.over and not screen._my_turn()
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running)
        assert link.closed and link.sent == []

    run(tmp_path, link, scenario, monkeypatch)


@pytest.mark.parametrize("seat", [0, None])
def test_leaving_asks_first_and_keeps_the_seat(
    seat: int | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(welcome(seat), dealt())
        await until(pilot, lambda: screen.mirror.view is not None)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        dialog = app.screen
        assert (dialog.title_text, dialog.yes) == ("Leave the table?", "Leave")
        assert dialog.text == (
            "Your seat stays yours: while you are away the room checks or folds for you when "
            "your time runs out. Run the same `pokerroom play --join` to come back."
            if seat is not None else "You have no seat here: leaving stops watching.")
        screen.ask_leave(quit_app=True)  # asked again: not a second question
        await settle(pilot)
        assert stack_names(app) == ["RemoteTableScreen", "ConfirmDialog"]
        await pilot.press("escape")  # stay
        await until(pilot, lambda: app.screen is screen)
        assert app.is_running and not link.closed
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await until(pilot, lambda: not app.is_running)
        assert link.closed and link.sent == []

    run(tmp_path, link, scenario, monkeypatch)


# ------------------------------------------------------------------ the seat keys


def desk_keys(screen: RemoteTableScreen) -> dict[str, bool]:
    return {a: bool(screen.check_action(a, ())) for a in
            ("sit", "top_up", "sit_out", "sit_in", "stand_up")}  # fmt: skip


def test_the_seat_keys_of_a_watcher_sit_down_with_the_buy_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = Desk()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link_keys = desk_keys(screen)
        assert link_keys == dict.fromkeys(link_keys, False)  # no table yet
        desk.feed(welcome(None))
        await until(pilot, lambda: screen.info.get("kind") == "cash"
                    and screen.mirror.rules is not None)  # fmt: skip
        assert desk_keys(screen) == {"sit": True, "top_up": False, "sit_out": False,
                                     "sit_in": False, "stand_up": False}  # fmt: skip
        desk.queued = True
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, AmountDialog))
        dialog = app.screen
        assert (dialog.title_text, dialog.what, dialog.low, dialog.high, dialog.default) == (
            "Sit down: your buy-in", "A buy-in", 100, 400, 400)
        dialog.query_one(Input).value = "100"
        await pilot.press("enter")
        await until(pilot, lambda: ("rejoin",) in desk.asked)
        assert desk.asked == [("sit", None, 100), ("rejoin",)]
        assert notes(app)[-1] == "You sit down in seat 2: you play from the next hand"
        assert kinds(app)[-1] == ("information", 5)
        assert bar_message(screen) == ""

    run(tmp_path, desk, scenario, monkeypatch)


def test_sitting_down_refused_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    desk = Desk({"id": "t9", "kind": "sit-and-go", "state": "waiting"})

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        desk.feed(welcome(None))
        await until(pilot, lambda: screen.info.get("kind") == "sit-and-go"
                    and screen.mirror.rules is not None)  # fmt: skip
        desk.problem = "you are seated at another table"
        await pilot.press("j")
        await until(pilot, lambda: bool(notes(app)))
        assert notes(app) == ["you are seated at another table"]
        assert kinds(app) == [("error", 5)]
        assert bar_message(screen) == "you are seated at another table"
        desk.problem, desk.refuse = None, "the table is full"
        await pilot.press("j")
        await until(pilot, lambda: len(notes(app)) == 2)
        assert notes(app)[-1] == "the table is full" and desk.asked == []
        desk.refuse = None
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        screen.action_sit()  # (a key that came before the question): dropped
        await settle(pilot)
        await until(pilot, lambda: not any(w.group == "desk" and w.is_running
                                           for w in app.workers))  # fmt: skip
        assert desk.asked == [] and stack_names(app) == ["RemoteTableScreen", "ConfirmDialog"]
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("j")  # a sit-and-go: no buy-in asked
        await until(pilot, lambda: ("rejoin",) in desk.asked)
        assert desk.asked == [("sit", None, None), ("rejoin",)]
        assert notes(app)[-1] == "You sit down in seat 2" and bar_message(screen) == ""

    run(tmp_path, desk, scenario, monkeypatch)


def test_the_cash_keys_of_a_seat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    desk = Desk()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        desk.feed(*to_my_turn(), {"type": "seats", "players": [
            {"seat": 0, "name": "Me", "stack": 150}, {"seat": 1, "name": "You", "stack": 196}]})
        await until(pilot, lambda: screen.info.get("kind") == "cash"
                    and bool(screen.mirror.players))  # fmt: skip
        await turn(pilot, screen)
        assert desk_keys(screen) == {"sit": False, "top_up": True, "sit_out": True,
                                     "sit_in": True, "stand_up": True}  # fmt: skip
        assert screen._my_stack() == 150
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, AmountDialog))
        dialog = app.screen
        assert (dialog.title_text, dialog.what, dialog.low, dialog.high, dialog.default) == (
            "Top up: chips to add", "A top-up", 1, 250, 250)
        dialog.query_one(Input).value = "250"
        await pilot.press("enter")
        await until(pilot, lambda: bool(notes(app)))
        assert desk.asked == [("top_up", 250)] and notes(app) == ["Top up by 250: done"]
        assert kinds(app) == [("information", 5)]
        desk.done = False
        await pilot.press("z")
        await until(pilot, lambda: len(notes(app)) == 2)
        assert notes(app)[-1] == "Sit out: queued until the hand ends"
        desk.done = True
        await pilot.press("i")
        await until(pilot, lambda: len(notes(app)) == 3)
        assert notes(app)[-1] == "Sit in: done"
        assert desk.asked[1:] == [("sit_out", None), ("sit_in", None)]
        desk.refuse = "the room is [away]"
        await pilot.press("z")
        await until(pilot, lambda: len(notes(app)) == 4)
        assert notes(app)[-1] == "the room is [away]" and not list(app._notifications)[-1].markup
        assert bar_message(screen) == "the room is [away]"
        assert kinds(app)[-1] == ("error", 5)
        assert len(desk.asked) == 3
        desk.refuse = None
        await pilot.press("u")  # a second top-up's dialog: cancelled, nothing asked
        await until(pilot, lambda: isinstance(app.screen, AmountDialog))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await settle(pilot)
        assert len(desk.asked) == 3 and len(notes(app)) == 4
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        screen.action_top_up()  # (a key that came before the question): no dialog over it
        await settle(pilot)
        await until(pilot, lambda: not any(w.group == "desk" and w.is_running
                                           for w in app.workers))  # fmt: skip
        await settle(pilot)
        assert stack_names(app) == ["RemoteTableScreen", "ConfirmDialog"]

    run(tmp_path, desk, scenario, monkeypatch)


def test_no_top_up_at_the_largest_buy_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    desk = Desk({"id": "t9", "kind": "cash", "state": "playing", "min_buy_in": 100,
                 "max_buy_in": 196})  # fmt: skip

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        desk.feed(*to_my_turn())  # no seats message: the stack is the view's (198)
        await turn(pilot, screen)
        await until(pilot, lambda: screen.info.get("kind") == "cash")
        assert screen._my_stack() == 198
        await pilot.press("u")
        await until(pilot, lambda: bool(notes(app)))
        said = ("No top-up: your 198 chips are the largest buy-in already "
                "(buy-ins here: 100 to 196)")  # fmt: skip
        assert notes(app) == [said] and bar_message(screen) == said
        assert kinds(app) == [("error", 5)]
        assert desk.asked == [] and app.screen is screen

    run(tmp_path, desk, scenario, monkeypatch)


@pytest.mark.parametrize("refund", [150, None])
def test_standing_up_asks_then_says_the_chips(refund: int | None, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    desk = Desk()
    desk.refund = refund

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        desk.feed(*to_my_turn())
        await turn(pilot, screen)
        await until(pilot, lambda: screen.info.get("kind") == "cash")
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("escape")  # not now: nothing asked
        await until(pilot, lambda: app.screen is screen)
        await settle(pilot)
        assert desk.asked == []
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        dialog = app.screen
        assert (dialog.title_text, dialog.yes) == ("Stand up?", "Stand up")
        assert dialog.text == (
            "Give up your seat: your chips go back to your balance (asked during a hand, "
            "when it ends), and you go on watching the table.")
        screen.action_stand_up()  # asked again: not a second question
        await settle(pilot)
        assert stack_names(app) == ["RemoteTableScreen", "ConfirmDialog"]
        await pilot.press("y")
        await until(pilot, lambda: bool(notes(app)))
        assert desk.asked == [("stand_up",)]
        assert notes(app) == [
            "You stood up: 150 chips back to your balance" if refund else
            "Standing up: queued until the hand ends (your chips then go back to your balance)"]
        assert desk_keys(screen) == dict.fromkeys(desk_keys(screen), False)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert app.screen.text == "You have no seat here: leaving stops watching."
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        desk.feed(None)  # the room closes the seat's connection: watch from a new one
        await until(pilot, lambda: ("seated_as", None) in desk.asked)
        await settle(pilot)
        assert app.is_running and not screen.over and stack_names(app) == ["RemoteTableScreen"]

    run(tmp_path, desk, scenario, monkeypatch)


def test_a_seat_offered_to_a_watcher_is_said(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    desk = Desk()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        desk.feed(welcome(0), {"type": "offer", "table": "t9"})
        await until(pilot, lambda: screen.mirror.rules is not None)
        await settle(pilot)
        assert notes(app) == []  # seated: no offer
        desk.feed(dealt(), {"type": "seats", "players": [{"seat": 1, "name": "Zed", "stack": 200}]})
        await until(pilot, lambda: screen.mirror.names == ("Me", "Zed"))
        await settle(pilot)
        assert [s.name for s in screen.query_one(SeatsPanel).lines] == ["Me", "Zed"]  # at once
        desk.feed(welcome(None), {"type": "offer", "table": "t9"})
        await until(pilot, lambda: bool(notes(app)))
        assert notes(app) == ["A seat is free for you at this table: press j to take it"]
        assert kinds(app) == [("information", 30)]  # (up for 30 s)

    run(tmp_path, desk, scenario, monkeypatch)


# ------------------------------------------------------------------ the chat dialog, drawn


def test_the_chat_dialog_is_drawn_in_its_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 70-column box in a thick border in the middle of the table (100 by 32): the
    title a line above and below, the field, the two buttons."""
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ChatDialog))
        await pilot.pause()
        box = app.screen.query_one("#chat").parent
        assert box is not None and (box.id, set(box.classes)) == ("save", {"dialog"})
        assert tuple(box.region) == (15, 9, 70, 13) and box.styles.border.top[0] == "thick"
        assert [(w.id, set(w.classes) & {"dialog-title", "dialog-buttons"}, tuple(w.region))
                for w in box.query("*")] == [
            (None, {"dialog-title"}, (18, 10, 64, 3)), ("chat", set(), (18, 13, 64, 3)),
            (None, {"dialog-buttons"}, (18, 17, 64, 3)), ("ok", set(), (18, 17, 16, 3)),
            ("cancel", set(), (35, 17, 16, 3))]  # fmt: skip
        assert [str(w.render()) for w in box.query(Static)] == ["Say at the table"]
        buttons = [(str(b.label), b.variant) for b in box.query("Button").results()]
        assert buttons == [("Send (Enter)", "primary"), ("Cancel (Esc)", "default")]
        field = app.screen.query_one("#chat", Input)
        assert field.value == "" and field.has_focus
        keys = {k: b.binding.description for k, b in app.screen.active_bindings.items()}
        assert keys["escape"] == "Cancel"
        await pilot.click("#cancel")
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ChatDialog))
        app.screen.query_one("#chat", Input).value = "by the button"
        await pilot.click("#ok")
        await until(pilot, lambda: bool(link.sent))
        assert link.sent == [{"type": "chat", "text": "by the button"}]

    run(tmp_path, link, scenario, monkeypatch)


# ------------------------------------------------------------------ statistics and hints


def test_the_statistics_of_the_other_seat_from_the_hands_seen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seated in seat 1, statistics on: Me's line from the hands this screen saw, none
    under your own seat."""
    link = Link()
    hand = new_hand()
    hand.raise_to(12)
    hand.fold()  # Me raises, You (this seat) folds

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        start = GameStart(RULES, 2, 1, 0, ("Me", "You"), (200, 200), False, 0)
        link.feed({"type": "welcome", "seat": 1, "game": game_to_json(start)},
                  dealt(1, ["3c", "Kh"]))
        await until(pilot, lambda: screen.mirror.view is not None)
        await pilot.press("o")
        await until(pilot, lambda: screen._seen is not None)
        assert notes(app) == ["Statistics on: VPIP, PFR, 3-bet, aggression, went to showdown"]
        link.feed(*events(hand, 1),
                  {"type": "hand_end", "hand": 1, "view": view_to_json(hand.view(1))})
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        assert screen._seen is not None and len(screen._seen) == 1
        await pilot.press("space")
        await until(pilot, lambda: app.screen is screen)
        link.feed(dealt(2, ["5c", "5d"]))
        await until(pilot, lambda: screen.mirror.hand == 2)
        await settle(pilot)
        assert screen.query_one(SeatsPanel).notes == (
            "1 hand  VPIP 100  PFR 100  3B -  AF -  WTSD -", "")

    run(tmp_path, link, scenario, monkeypatch)


def test_hints_on_your_turn_kept_through_the_street_and_gone_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()
    hand = new_hand()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        app.prefs.hints = False
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        felt = screen.query_one(Felt)
        assert felt.hint == ""
        await pilot.press("t")
        await until(pilot, lambda: felt.hint.startswith("Hint: equity "))
        await pilot.press("c")
        await until(pilot, lambda: bool(link.sent))
        link.feed({"type": "accepted", "hand": 1, "seq": 4})
        hand.call()
        link.feed(*events(hand, 0, 4))
        await until(pilot, lambda: screen.mirror.pending is None
                    and screen.mirror.view is not None and len(screen.mirror.view.events) == 5)
        await settle(pilot)
        assert felt.hint.startswith("Hint: equity ")  # the same street: kept
        hand.check()  # You checks: the flop
        link.feed(*events(hand, 0, 5))
        await until(pilot, lambda: screen.view is not None and screen.view.board != ())
        await settle(pilot)
        assert felt.hint == ""  # a new street, not yet your turn

    run(tmp_path, link, scenario, monkeypatch)


# ------------------------------------------------------------------ the seat keys' rules


def test_your_stack_from_the_seats_message_else_the_view() -> None:
    screen = RemoteTableScreen(Desk())
    assert screen._my_stack() == 0  # nothing yet
    screen.mirror.receive(welcome(1))
    assert screen._my_stack() == 0  # seated, no hand dealt
    screen.mirror.receive(dealt())
    assert screen._my_stack() == 200  # the view's
    screen.mirror.receive({"type": "seats", "players": [
        {"seat": 0, "name": "Me", "stack": 180}, {"seat": 1, "name": "You", "stack": "many"}]})
    assert screen._my_stack() == 200  # (no number for this seat: the view's)
    screen.mirror.receive({"type": "seats", "players": [
        {"seat": 0, "name": "Me", "stack": 180}, {"seat": 1, "name": "You", "stack": 220}]})
    assert screen._my_stack() == 220
    beyond = RemoteTableScreen(Desk())
    beyond.mirror.receive(welcome(2))  # a seat the hand's view has not
    beyond.mirror.receive(dealt())
    assert beyond._my_stack() == 0


DESK = ("sit", "top_up", "sit_out", "sit_in", "stand_up")


def _keys_of(screen: RemoteTableScreen) -> str:
    """The seat keys that act now, by their letters (j u z i v)."""
    return "".join(k for k, a in zip("juziv", DESK, strict=True) if screen._may(a))


@pytest.mark.parametrize(("kind", "state", "seated", "keys"), [
    ("cash", "playing", False, "j"), ("cash", "playing", True, "uziv"),
    ("sit-and-go", "waiting", False, "j"), ("sit-and-go", "waiting", True, "v"),
    ("sit-and-go", "playing", True, ""), (None, None, True, "")])  # fmt: skip
def test_which_seat_keys_act_at_which_table(kind: str | None, state: str | None, seated: bool,
                                            keys: str) -> None:  # fmt: skip
    screen = RemoteTableScreen(Desk())
    assert _keys_of(screen) == ""  # nothing heard from the room yet
    screen.info = {} if kind is None else {"kind": kind, "state": state}
    assert _keys_of(screen) == ""  # (no welcome yet: no table to sit at)
    screen.mirror.receive(welcome(0 if seated else None))
    assert _keys_of(screen) == keys
    assert all(bool(screen.check_action(a, ())) == screen._may(a) for a in DESK)
    screen._standing = True  # standing up asked: no seat key until watching
    assert _keys_of(screen) == ("" if seated else keys)
    screen._standing = False
    screen.over = True
    assert _keys_of(screen) == ""


def test_a_link_that_is_not_a_room_s_has_no_seat_keys() -> None:
    screen = RemoteTableScreen(Link())
    assert screen.desk is None
    screen.info = {"kind": "cash", "state": "playing"}
    screen.mirror.receive(welcome(None))
    assert _keys_of(screen) == "" and screen.check_action("sit", ()) is False
    screen.mirror.receive(welcome(0))
    assert _keys_of(screen) == ""


def test_chat_and_saving_at_a_room() -> None:
    screen = RemoteTableScreen(Link())
    assert screen.check_action("chat", ()) is False and screen.check_action("save", ()) is False
    screen.mirror.seat = 0  # (seated, before the welcome's rules)
    assert screen.check_action("chat", ()) is True
    screen.mirror.receive(welcome(None))
    assert screen.check_action("chat", ()) is True and screen.check_action("save", ()) is False


# ------------------------------------------------------------------ your next decision


def renumber(messages: list[dict[str, Any]], number: int) -> list[dict[str, Any]]:
    """``messages`` of hand 1 as those of hand ``number``."""
    return [{**m, "hand": number} for m in messages]


def test_your_next_decision_closes_the_summary_but_not_under_a_question(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()
    hand, end = _won_hand()
    ended = [*events(hand, 0, 4), *end]  # (the act answered by the dealer: raise, fold)

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn(), *ended)
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        link.feed(*renumber(to_my_turn()[1:], 2))
        await until(pilot, lambda: screen.mirror.hand == 2 and screen._my_turn())
        await settle(pilot)
        assert stack_names(app) == ["RemoteTableScreen"]  # the summary closed by it
        assert log(screen)[-6:] == ["", "── Hand 2 ──", "Me posts the small blind 2",
                                    "You posts the big blind 4", "*** PRE-FLOP ***",
                                    "Dealt to Me: 2d 4h"]  # (hand 2's own, all of it)
        link.feed(*renumber(ended, 2))
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        assert "Hand 2 is over" in texts(app)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        link.feed(*renumber(to_my_turn()[1:], 3))
        await until(pilot, lambda: screen.mirror.hand == 3 and screen._my_turn())
        await settle(pilot)
        assert stack_names(app) == ["RemoteTableScreen", "HandOverScreen", "ConfirmDialog"]
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await pilot.press("space")
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("c")
        await until(pilot, lambda: bool(link.sent))
        assert link.sent == [{"type": "action", "hand": 3, "seq": 4, "action": "call"}]

    run(tmp_path, link, scenario, monkeypatch)


def to_the_showdown() -> Hand:
    """Checked down: the showdown, You (seat 1) first to show or muck."""
    hand = new_hand()
    hand.call()
    hand.check()
    for _ in range(3):
        hand.check()
        hand.check()
    return hand


def test_your_showdown_decision(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    link = Link()
    hand = to_the_showdown()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        app.prefs.hints = True
        start = GameStart(RULES, 2, 1, 0, ("Me", "You"), (200, 200), False, 0)
        link.feed({"type": "welcome", "seat": 1, "game": game_to_json(start)},
                  dealt(1, ["3c", "Kh"]), *events(hand, 1), act(hand, 1))
        await turn(pilot, screen)
        assert title(screen) == (
            f" Hand 1 · SHOWDOWN · no limit (minimum bet 4), blinds 2/4 · {TITLE}")
        felt = screen.query_one(Felt)
        assert [str(c) for c in felt.board] == ["Kc", "Ac", "7c", "3h", "6s"]
        assert [str(c) for c in felt.hole] == ["3c", "Kh"]
        assert felt.turn == "Your turn: show your hand or muck it.  ⏱ 30s (then 20s of time bank)"
        keys = screen.active_bindings
        assert not any(k in keys for k in "fcbra") and keys["enter"].binding.description == "Choose"
        await pilot.press("c")  # no betting key at the showdown
        await settle(pilot)
        assert link.sent == [] and felt.hint == ""  # and no hint: the cards are all out
        await pilot.press("enter")
        await until(pilot, lambda: bool(link.sent))
        assert link.sent == [{"type": "action", "hand": 1, "seq": len(hand.view(1).events),
                              "action": "show"}]  # fmt: skip

    run(tmp_path, link, scenario, monkeypatch)


def test_a_seat_not_dealt_in_is_shown_sitting_out_with_its_chips(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three seats, the hand dealt to the first two: yours (the third, 180 chips) sits out
    of it, its chips kept and shown (not "out", with none: that is a seat gone bust)."""
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        start = GameStart(RULES, 3, 2, 0, ("Ann", "Bo", "Me"), (200, 200, 200), False, 0)
        deal = HandStart(1, 0, (200, 200, 180), (0, 1), 0, RULES)
        link.feed({"type": "welcome", "seat": 2, "game": game_to_json(start)},
                  {"type": "hand", **hand_to_json(deal), "hole": []})
        await until(pilot, lambda: screen.mirror.view is not None)
        await settle(pilot)
        lines = screen.query_one(SeatsPanel).lines
        assert [(s.name, s.status, s.cards, s.is_you, s.stack) for s in lines] == [
            ("Ann", "", (None, None), False, 200), ("Bo", "", (None, None), False, 200),
            ("Me", "sitting out", (), True, 180)]  # fmt: skip
        assert screen.query_one(Felt).hole == ()
        assert screen.query_one(Felt).turn == "Dealing..."
        assert log(screen) == ["── Hand 1 ──"]
        hand = new_hand()
        hand.call()
        link.feed(*watched(hand))  # Ann and Bo's blinds, their cards face down, Ann calls
        await until(pilot, lambda: len(log(screen)) > 1)
        assert log(screen) == ["── Hand 1 ──", "Ann posts the small blind 2",
                               "Bo posts the big blind 4", "*** PRE-FLOP ***", "Ann calls 2"]
        assert screen.query_one(Felt).turn == "Bo is thinking..."

    run(tmp_path, link, scenario, monkeypatch)


def test_a_split_pot_s_summary_line_by_line(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Seed 34 checked down: the board's wheel splits the pot, your chips unchanged."""
    link = Link()
    hand = Hand(RULES, [200, 200], button=0, rng=random.Random(34))
    hand.call()
    hand.check()
    for _ in range(3):
        hand.check()
        hand.check()
    while hand.view(0).result is None:
        hand.act(ActionKind.SHOW)

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        mine = [str(c) for c in hand.view(0).hole]
        link.feed(welcome(0), dealt(1, mine), *events(hand, 0),
                  {"type": "hand_end", "hand": 1, "view": view_to_json(hand.view(0))})
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        summary = app.screen.query_one("#summary", Static).render()
        assert str(summary) == (
            "Board 3♦ A♣ 5♦ 4♠ 2♣\n"
            "You shows Kc 3h: straight, five high\n"
            "Me shows Jd 9h: straight, five high\n"
            "Me and You split the pot (8): Me 4, You 4\n"
            "\n"
            "Your chips: 200 → 200 (+0)")
        spans = {str(summary)[s.start:s.end]: str(s.style) for s in summary.spans}
        assert spans["\nYour chips: 200 → 200 (+0)"] == "bold"  # (the board in its colours)
        assert (spans["3♦"], spans["A♣"], spans["4♠"]) == (
            "ansi_bright_blue bold", "ansi_green bold", "bold")
        assert (spans["Kc"], spans["3h"]) == ("ansi_green bold", "ansi_red bold")  # (the log's)

    run(tmp_path, link, scenario, monkeypatch)


def test_no_summary_once_the_table_is_gone(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """A hand's end that comes after the table's last word (a stale line) adds no
    summary over it."""
    link = Link()
    hand, end = _won_hand()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn(), *events(hand, 0, 4),
                  {"type": "link", "up": False, "fatal": True, "message": "gone"}, *end)
        await until(pilot, lambda: screen.mirror.view is not None
                    and screen.mirror.view.result is not None)  # fmt: skip
        await settle(pilot)
        assert stack_names(app) == ["RemoteTableScreen", "MessageDialog"]
        link.feed({"type": "link", "up": False, "fatal": True, "message": "gone again"},
                  {"type": "match_end", "names": [], "stacks": [204, 196], "totals": [4, -4],
                   "hands": 1, "standings": []})  # (said once: the first word stays)
        await until(pilot, lambda: screen.mirror.end is not None)
        await settle(pilot)
        assert stack_names(app) == ["RemoteTableScreen", "MessageDialog"]
        assert app.screen.text == "gone"

    run(tmp_path, link, scenario, monkeypatch)


def test_the_match_end_closes_the_summary_on_top(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()
    hand, end = _won_hand()
    over = {"type": "match_end", "names": ["Me", "You"], "stacks": [204, 196], "totals": [4, -4],
            "hands": 1, "standings": [{"seat": 0, "place": 1, "hand": 1, "stack": 204},
                                      {"seat": 1, "place": 2, "hand": 1, "stack": 196}]}

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn(), *events(hand, 0, 4), *end)
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        link.feed(over)
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        await settle(pilot)
        assert stack_names(app) == ["RemoteTableScreen", "MessageDialog"]
        assert app.screen.text == "1. Me\n2. You"

    run(tmp_path, link, scenario, monkeypatch)


def test_the_command_s_note_is_said_at_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        await until(pilot, lambda: bool(notes(app)))
        assert notes(app) == ["a [b]session[/b] from before"] and kinds(app) == [("warning", 20)]
        assert not list(app._notifications)[-1].markup

    run(tmp_path, link, scenario, monkeypatch, note="a [b]session[/b] from before")


def test_no_cash_key_before_the_table_s_kind_is_known() -> None:
    """The room's list of tables is asked as the screen starts: until it answers, a seat
    has no cash key (a watcher may sit down at once)."""
    screen = RemoteTableScreen(Desk())
    assert screen.info == {}
    screen.mirror.receive(welcome(0))
    assert _keys_of(screen) == ""
    screen.mirror.receive(welcome(None))
    assert _keys_of(screen) == "j"


@pytest.mark.parametrize(("stack", "bounds"), [(0, (100, 400)), (399, (1, 1)), (400, None)])
def test_a_top_up_s_bounds_at_its_edges(stack: int, bounds: tuple[int, int] | None,
                                        tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """From no chips (a rebuy: at least the smallest buy-in), one chip short of the
    largest (exactly one to add), and at it (none); the bounds the room lists when the
    key is pressed, not those it listed at the start."""
    desk = Desk({"id": "t9", "kind": "cash", "state": "playing", "min_buy_in": 50,
                 "max_buy_in": 1000})  # fmt: skip

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        desk.feed(*to_my_turn(), {"type": "seats", "players": [
            {"seat": 1, "name": "You", "stack": 196}, {"seat": 0, "name": "Me", "stack": stack}]})
        await until(pilot, lambda: screen.info.get("max_buy_in") == 1000
                    and bool(screen.mirror.players))  # fmt: skip
        await turn(pilot, screen)
        desk.info = {**desk.info, "min_buy_in": 100, "max_buy_in": 400}  # (changed since)
        await pilot.press("u")
        if bounds is None:
            await until(pilot, lambda: bool(notes(app)))
            assert notes(app) == ["No top-up: your 400 chips are the largest buy-in already "
                                  "(buy-ins here: 100 to 400)"]  # fmt: skip
            return
        await until(pilot, lambda: isinstance(app.screen, AmountDialog))
        dialog = app.screen
        assert (dialog.low, dialog.high, dialog.default) == (*bounds, bounds[1])
        await pilot.press("enter")
        await until(pilot, lambda: bool(desk.asked))
        assert desk.asked == [("top_up", bounds[1])]

    run(tmp_path, desk, scenario, monkeypatch)


def test_standing_up_at_a_sit_and_go_not_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Standing up is the one seat key of a sit-and-go, while it waits for players."""
    desk = Desk({"id": "t9", "kind": "sit-and-go", "state": "waiting"})
    desk.refund = 200

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        desk.feed(welcome(0))
        await until(pilot, lambda: screen.info.get("state") == "waiting"
                    and screen.mirror.rules is not None)  # fmt: skip
        await pilot.press("u", "z", "i")  # (the cash keys: nothing)
        await settle(pilot)
        assert app.screen is screen and desk.asked == []
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await until(pilot, lambda: bool(desk.asked))
        assert desk.asked == [("stand_up",)]
        await until(pilot, lambda: bool(notes(app)))
        assert notes(app) == ["You stood up: 200 chips back to your balance"]

    run(tmp_path, desk, scenario, monkeypatch)


def test_a_hand_end_without_its_result_or_its_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``hand_end`` whose view has no result only draws the table; one of a hand whose
    ``hand`` message never came (the hand in play sent as a ``state`` on coming back)
    counts every seat as dealt in: the statistics keep it, and no summary is shown for a
    hand this client did not see dealt."""
    link = Link()
    hand, end = _won_hand()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        unfinished = {"type": "hand_end", "hand": 1, "view": view_to_json(new_hand().view(0))}
        link.feed(*to_my_turn(), unfinished)
        await until(pilot, lambda: screen.mirror.pending is None)
        await settle(pilot)
        assert stack_names(app) == ["RemoteTableScreen"] and not screen._my_turn()
        await pilot.press("o")
        await until(pilot, lambda: screen._seen is not None)
        screen.mirror = type(screen.mirror)(clock=lambda: NOW)  # (a client that saw no deal)
        screen.take(welcome(0))
        screen.take({"type": "state", "hand": 1, "view": view_to_json(hand.view(0))})
        screen.take(end[0])
        await settle(pilot)
        assert screen._seen is not None and len(screen._seen) == 1
        assert screen._seen[0].names == ("Me", "You")
        assert stack_names(app) == ["RemoteTableScreen"]

    run(tmp_path, link, scenario, monkeypatch)


def test_your_cards_leave_the_felt_when_you_fold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()
    hand = new_hand()
    hand.fold()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        app.prefs.hints = True
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        felt = screen.query_one(Felt)
        assert [str(c) for c in felt.hole] == ["2d", "4h"]
        await until(pilot, lambda: felt.hint.startswith("Hint: equity "))
        await pilot.press("f")
        await until(pilot, lambda: bool(link.sent))
        link.feed({"type": "accepted", "hand": 1, "seq": 4}, *events(hand, 0, 4))
        await until(pilot, lambda: felt.hole == ())
        assert screen.query_one(SeatsPanel).lines[0].status == "folded"
        assert felt.hint == ""  # folded: no hint, though the street goes on

    run(tmp_path, link, scenario, monkeypatch)


def test_your_time_running_out_closes_the_bar_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = Link()

    async def scenario(pilot: Pilot[None], app: JoinApp, screen: RemoteTableScreen) -> None:
        link.feed(*to_my_turn())
        await turn(pilot, screen)
        bar = screen.query_one(ActionBar)
        assert [enabled for _, _, enabled in bar.slots()] == [True] * 4
        link.feed({"type": "default", "hand": 1, "seq": 4, "action": "fold"})
        await until(pilot, lambda: bool(notes(app)))
        await settle(pilot)
        assert not screen._my_turn() and bar.view is not None and bar.view.legal is None
        assert [enabled for _, _, enabled in bar.slots()] == [False] * 4
        assert "⏱" not in screen.query_one(Felt).turn
        await pilot.press("c")
        await settle(pilot)
        assert link.sent == []

    run(tmp_path, link, scenario, monkeypatch)
