"""The table's log of a hand, as the hand is played: its lines only ever grow at their
end, whether the engine tells the hand (the terminal game) or a dealer's messages do (a
room's table: every deal face down, your cards with the hand, the view of each of your
decisions, the view of the hand's end), so the log never writes a hand twice.

It used to: at a showdown the cards shown went back into the pre-flop's deal lines, and
at a room's table your own deal line came only with your first decision, so the lines
changed above their end and the whole hand was written again; cards turned up at an
all-in before the board was out were first told as a showdown."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import Iterator

import pytest
from textual.app import App, ComposeResult

from engine_helpers import make
from pokerroom.engine import EventKind, Hand, random_action
from pokerroom.engine.view import PlayerView
from pokerroom.history.text import sections
from pokerroom.jsonproto.mirror import fresh_view, moved
from pokerroom.rules import Rules
from pokerroom.tui.felt import log_lines, played_hand
from pokerroom.tui.screens.remote import _FORCED
from pokerroom.tui.widgets.table import HandLog

PRESETS = ("no-limit", "casino-limit", "computer-tournament", "wild")
NAMES = tuple(f"P{s}" for s in range(9))


def _random_hand(seed: int) -> tuple[Hand, int, list[int]]:
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    stacks = [rng.choice([rng.randint(3, 60), rng.randint(60, 400)]) for _ in range(players)]
    rules = Rules.preset(PRESETS[seed % len(PRESETS)])
    hand = Hand(rules, stacks, button=rng.randrange(players), rng=random.Random(seed))
    return hand, players, stacks


def _grows(lines: list[str], before: list[str], where: str) -> list[str]:
    assert lines[: len(before)] == before, (where, before, lines)
    return lines


def _winners(lines: list[str]) -> list[str]:
    return [line for line in lines if " wins " in line or " split " in line]


@pytest.mark.parametrize("seed", range(120))
def test_the_log_only_grows_as_the_engine_tells_the_hand(seed: int) -> None:
    """Every seat's log after each action starts with its log before it."""
    hand, players, _ = _random_hand(seed)
    rng = random.Random(~seed)
    before: list[list[str]] = [[] for _ in range(players)]
    while True:
        for seat in range(players):
            lines = log_lines(hand.view(seat), NAMES[:players], 1)
            before[seat] = _grows(lines, before[seat], f"seat {seat}")
        if hand.is_over:
            break
        hand.act(*random_action(hand.legal_actions(), rng))
    for seat, lines in enumerate(before):
        assert lines.count("── Hand 1 ──") == 1
        mine = [line for line in lines if line.startswith("Dealt to ")]
        cards = " ".join(str(c) for c in hand.hole(seat))
        assert mine == [f"Dealt to P{seat}: {cards}"]  # yours only: shown cards are shown
        assert _winners(lines), lines


def _as_a_dealer_tells_it(hand: Hand, seat: int, stacks: list[int], rng: random.Random,
                          ) -> Iterator[PlayerView]:  # fmt: skip
    """The views a seat (-1: a spectator) draws from a dealer's messages: the public
    events one by one (drawn once the forced bets and the deal are all in), the view of
    each of its decisions, the view of the hand's end."""
    players = len(stacks)
    hole = hand.hole(seat) if seat >= 0 else ()
    view = fresh_view(hand.rules, seat, hand.button, tuple(stacks), tuple(range(players)),
                      hole=hole)  # fmt: skip
    seen = 0
    while True:
        events = hand.public_events(seen)
        seen += len(events)
        for event in events:
            view = moved(view, event)
            if event.kind.value not in _FORCED:
                yield view
        if hand.is_over:
            break
        if hand.to_act == seat:
            view = hand.view(seat)  # the decision's message brings the seat's own view
            yield view
        hand.act(*random_action(hand.legal_actions(), rng))
    yield hand.view(seat) if seat >= 0 else _spectators_end(hand)


def _spectators_end(hand: Hand) -> PlayerView:
    return dataclasses.replace(hand.view(0), seat=-1, hole=(), events=tuple(hand.public_events()))


@pytest.mark.parametrize("seed", range(120))
def test_the_log_only_grows_as_a_dealers_messages_tell_the_hand(seed: int) -> None:
    hand, players, stacks = _random_hand(seed)
    seat = random.Random(seed).randrange(-1, players)
    before: list[str] = []
    views = 0
    told = _as_a_dealer_tells_it(hand, seat, stacks, random.Random(~seed))
    for views, view in enumerate(told, 1):
        before = _grows(log_lines(view, NAMES[:players], 1), before, f"view {views}")
    assert views > 1
    assert before.count("── Hand 1 ──") == 1
    dealt = [line for line in before if line.startswith("Dealt to ")]
    if seat >= 0:
        cards = " ".join(str(c) for c in hand.hole(seat))
        assert dealt == [f"Dealt to P{seat}: {cards}"]
    else:
        assert dealt == []
    assert _winners(before), before


def test_your_cards_are_in_the_log_before_your_first_decision_at_a_dealers_table() -> None:
    """At a room's table the deal comes face down for every seat, your cards with the
    hand: the log had them only from your first decision (then wrote the hand again)."""
    hand = make(Rules.preset("no-limit"), [200, 200, 200], button=0,
                holes=["As Ad", "Kc Kd", "Qh Qs"])  # fmt: skip
    view = fresh_view(hand.rules, 2, 0, (200, 200, 200), (0, 1, 2), hole=hand.hole(2))
    hand.call()  # the button calls; Bo (seat 2, the big blind) has not acted yet
    for event in hand.public_events():
        view = moved(view, event)
    assert all(not e.cards for e in view.events if e.kind is EventKind.DEAL)
    lines = log_lines(view, ("Hero", "Ada", "Bo"), 4)
    assert lines == ["── Hand 4 ──", "Ada posts the small blind 2", "Bo posts the big blind 4",
                     "*** PRE-FLOP ***", "Dealt to Bo: Qh Qs", "Hero calls 4"]  # fmt: skip
    assert "d dh p2 QhQs" in _phh(view)  # the record kept from it has them (Bo is p2)


def _phh(view: PlayerView) -> str:
    from pokerroom.history.phh import dumps
    from pokerroom.history.record import to_phh

    return dumps(to_phh(played_hand(view, ("Hero", "Ada", "Bo"), 4)))


def test_cards_turned_up_before_the_board_is_out_stay_on_their_street_in_a_hand_in_play() -> None:
    """Hero and Ada all-in on the flop: their cards are turned up there, and the
    showdown (the hands named against the whole board) comes once the board is out."""
    hand = make(Rules.preset("no-limit"), [100, 100], button=0, holes=["As Ad", "Kc Kd"],
                board="2c 7h 9s Jd 3c")  # fmt: skip
    hand.call()
    hand.check()
    hand.bet(96)  # Ada (the big blind) acts first after the flop
    hand.call()
    events = hand.view(0).events
    cut = next(i for i, e in enumerate(events) if e.kind is EventKind.SHOW) + 2
    view = hand.view(0)
    partial = dataclasses.replace(view, events=events[:cut], result=None, board=view.board[:3])
    titles = [title for title, _ in sections(played_hand(partial, ("Hero", "Ada"), 1))]
    assert "showdown" not in titles and titles[-2] == "flop", titles
    lines = log_lines(partial, ("Hero", "Ada"), 1)
    assert lines[-2:] == ["Ada shows Kc Kd", "Hero shows As Ad"], lines
    end = log_lines(hand.view(0), ("Hero", "Ada"), 1)
    assert end[: len(lines)] == lines
    assert end[-4:] == [
        "*** SHOWDOWN ***",
        "Ada shows Kc Kd: pair of kings, jack-nine-seven kickers",
        "Hero shows As Ad: pair of aces, jack-nine-seven kickers",
        "Hero wins the pot (200) with pair of aces, jack-nine-seven kickers",
    ]


class _LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield HandLog()


def _written(lines: list[list[str]], keys: list[int]) -> list[str]:
    async def run() -> list[str]:
        app = _LogApp()
        async with app.run_test(size=(80, 20)) as pilot:
            log = app.query_one(HandLog)
            for key, shown in zip(keys, lines, strict=True):
                log.show(key, shown)
            await pilot.pause()
            return [t.plain for t in log._texts]

    return asyncio.run(run())


def test_the_log_widget_appends_what_is_new_and_never_writes_a_hand_twice() -> None:
    a = ["── Hand 1 ──", "A posts 1", "B posts 2"]
    b = [*a, "A calls 1"]
    changed = ["── Hand 1 ──", "A posts 1", "Dealt to A: As Ad", "B posts 2", "A calls 1",
               "B checks"]  # fmt: skip
    assert _written([a, b, b], [1, 1, 1]) == b
    assert _written([a, b, changed], [1, 1, 1]) == [*b, "Dealt to A: As Ad", "B checks"]
    two = ["── Hand 2 ──", "B posts 1"]
    assert _written([a, two, [*two, "x"]], [1, 2, 2]) == [*a, "", *two, "x"]
