"""No leak of hidden cards: a seat sees only what its player may see (design, the
security rule).  Every place a view, observation, message, page or export is built for a
seat or a spectator is checked the same way: every card written in what was sent or
shown is compared with what that seat may know at that moment (its own hole cards, the
board dealt so far, the cards shown so far); anything else (another seat's hole cards,
a folded or mucked hand, a burn card, the deck) is a leak.  The cards a seat may know are
worked out from the dealer's own hand (the engine's full events, the ACPC deal), not from
the view under test.

Each check is also run with a leak planted (another seat's cards added to what one part
builds) and must report it: a checker that looks at nothing cannot pass silently.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from pokerroom.cards import Card
from pokerroom.engine import Action, ActionKind, Hand, PlayerView, Street
from pokerroom.engine.events import EventKind
from pokerroom.envs import HoldemAECEnv, HoldemEnv
from pokerroom.envs.observation import ObservationLayout
from pokerroom.envs.text import hand_text
from pokerroom.history.acpc import GameDef
from pokerroom.net.acpcdealer import ACPCDealer
from pokerroom.net.jsondealer import JSONDealer
from pokerroom.net.jsonserver import JSONServer
from pokerroom.rules import Rules
from pokerroom.table import Table

HOST = "127.0.0.1"
_PAIRS = re.compile(r"(?:[2-9TJQKA][cdhs])+")
_WORDS = re.compile(r"[A-Za-z0-9]+")


class Leak(AssertionError):
    """Cards a seat may not know, found in what it was sent or shown."""


def cards_in(value: object) -> set[str]:
    """Every card written in ``value`` (text, JSON data, cards, views...): each word made
    only of cards (``As``, ``AhKd`` as PHH writes a hand) gives its cards."""
    found: set[str] = set()
    if isinstance(value, Card):
        found.add(str(value))
    elif isinstance(value, str):
        for word in _WORDS.findall(value):
            if _PAIRS.fullmatch(word):
                found.update(word[i : i + 2] for i in range(0, len(word), 2))
    elif isinstance(value, dict):
        for item in value.values():
            found |= cards_in(item)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            found |= cards_in(item)
    elif isinstance(value, PlayerView):
        for name in ("hole", "board", "shown", "events", "result"):
            found |= cards_in(getattr(value, name))
    elif value is not None and hasattr(value, "_fields"):  # an Event
        found |= cards_in(tuple(value))
    elif value is not None and hasattr(value, "shown"):  # a HandResult
        found |= cards_in(value.shown)
    return found


def check(seen: set[str], allowed: set[str], where: str) -> None:
    leaked = seen - allowed
    if leaked:
        raise Leak(f"{where}: {' '.join(sorted(leaked))} may not be known there")


def may_know(hand: Hand, seats: tuple[int, ...], seat: int) -> set[str]:
    """What table seat ``seat`` (-1: a spectator) may know of ``hand`` now, from the
    dealer's full events: its own hole cards, the board dealt, the cards shown."""
    known = {str(c) for c in hand.board}
    if seat in seats:
        known |= {str(c) for c in hand.hole(seats.index(seat))}
    for event in hand.events:
        if event.kind is EventKind.SHOW:
            known |= {str(c) for c in event.cards}
    return known


def hidden_now(hand: Hand, seats: tuple[int, ...], seat: int) -> set[str]:
    """Cards ``seat`` may not know now: every other card of the pack."""
    every = {str(Card(c)) for c in range(52)}
    return every - may_know(hand, seats, seat)


def random_action(legal: Any, rng: random.Random) -> Action:
    """A legal action: folds, checks, calls, the smallest bets and raises, shows and
    mucks (so that hands end every way: folded, shown, mucked)."""
    kind = rng.choice(list(legal.kinds))
    if kind in (ActionKind.BET, ActionKind.RAISE):
        return Action(kind, legal.min_to if rng.random() < 0.7 else legal.max_to)
    return Action(kind)


def test_the_card_reader_finds_cards_in_every_form() -> None:
    """The reader under every check: cards in text, joined as PHH writes them, in JSON
    lists, in views; and no card in names and words ("Ada", "As you saw it" has one)."""
    assert cards_in("Dealt to Ada [Ah Kd]") == {"Ah", "Kd"}
    assert cards_in("d dh p2 AhKd, d db 2c3c4c") == {"Ah", "Kd", "2c", "3c", "4c"}
    assert cards_in({"view": {"hole": ["Tc", "9s"], "shown": [None, ["2d", "2h"]]}}) == {
        "Tc", "9s", "2d", "2h"}  # fmt: skip
    assert cards_in("Ada and Bo, seat 4, 1000 chips, ?? ??") == set()
    hand = Hand(Rules.preset("no-limit"), [100, 100], button=0, rng=random.Random(1))
    view = hand.view(1)
    assert cards_in(view) == {str(c) for c in hand.hole(1)}
    with pytest.raises(Leak, match="may not be known"):
        check(cards_in(hand.view(0)), may_know(hand, (0, 1), 1), "seat 1")


# ------------------------------------------------------------- the JSON-lines dealer


@dataclass
class Truth:
    """The cards of every hand a table dealt, by hand number: each table seat's hole
    cards, the whole board, the cards shown (from the dealer's full events)."""

    holes: dict[int, dict[int, set[str]]] = field(default_factory=dict)
    board: dict[int, set[str]] = field(default_factory=dict)
    shown: dict[int, set[str]] = field(default_factory=dict)


class TruthTable(Table):
    """A table that notes each hand's cards as it finishes."""

    truth: Truth

    def _finish_hand(self) -> None:
        hand, seats = self._hand, self.seats_in_hand
        assert hand is not None
        number = self.hand_number
        self.truth.holes[number] = {t: {str(c) for c in hand.hole(h)} for h, t in enumerate(seats)}
        self.truth.board[number] = {str(c) for c in hand.board}
        self.truth.shown[number] = {
            str(c) for e in hand.events if e.kind is EventKind.SHOW for c in e.cards
        }
        super()._finish_hand()


class Client:
    """A raw loopback client that keeps every message it gets and plays random legal
    actions (``leave_after``: close the connection at that ``act``, unanswered)."""

    def __init__(self, seat: int | None, rng: random.Random, leave_after: int = 0) -> None:
        self.seat = seat
        self.rng = rng
        self.leave_after = leave_after
        self.received: list[dict[str, Any]] = []
        self.acts = 0

    async def run(self, port: int, token: str | None) -> None:
        reader, writer = await asyncio.open_connection(HOST, port, limit=2**20)
        first = {"type": "watch"} if token is None else {"type": "join", "token": token}
        writer.write(json.dumps(first).encode() + b"\n")
        try:
            while line := await reader.readline():
                message = json.loads(line)
                self.received.append(message)
                if message["type"] == "bye":
                    break
                if message["type"] != "act":
                    continue
                self.acts += 1
                if self.acts == self.leave_after:
                    break
                legal = message["view"]["legal"]
                kind = self.rng.choice(legal["kinds"])
                answer = {"type": "action", "hand": message["hand"], "seq": message["seq"],
                          "action": kind}  # fmt: skip
                if kind in ("bet", "raise"):
                    answer["amount"] = legal["min_to"]
                writer.write(json.dumps(answer).encode() + b"\n")
        finally:
            writer.close()


def stream_leaks(messages: list[dict[str, Any]], seat: int | None, truth: Truth) -> list[str]:
    """Every message of one connection, in the order received, against what its seat
    (``None``: a spectator) may know: its hole cards in the hand, the board and the shown
    cards announced so far (by the events it was sent) that the hand truly holds."""
    leaks: list[str] = []
    hand: int | None = None
    board: set[str] = set()
    shown: set[str] = set()
    for k, m in enumerate(messages):
        number = m.get("hand")
        if m["type"] in ("hand", "event", "act", "state", "hand_end") and number != hand:
            hand, board, shown = number, set(), set()
        events = [m["event"]] if m["type"] == "event" else (m.get("view") or {}).get("events", [])
        for e in events:
            if e["kind"] == "board":
                board |= set(e["cards"])
            elif e["kind"] == "show":
                shown |= set(e["cards"])
        allowed: set[str] = set()
        if hand is not None:
            own = truth.holes[hand].get(seat, set()) if seat is not None else set()
            allowed = own | (board & truth.board[hand]) | (shown & truth.shown[hand])
        try:
            check(cards_in(m), allowed, f"message {k} ({m['type']}, hand {hand})")
        except Leak as exc:
            leaks.append(str(exc))
    return leaks


def own_cards_seen(messages: list[dict[str, Any]], seat: int, truth: Truth) -> int:
    """Hands in which ``seat`` was sent its own hole cards (the check looks at cards)."""
    hands = {m["hand"] for m in messages if m["type"] == "hand"}
    return sum(truth.holes[h][seat] <= cards_in(messages) for h in hands if h in truth.holes)


def json_match(hands: int, seed: int) -> tuple[Truth, list[Client]]:
    """Three seats and two spectators over loopback: one spectator from the start, one
    that joins in the middle of a hand; seat 1 leaves in the middle of a hand and comes
    back with its token (its second connection starts inside that hand)."""
    rules = Rules.preset("no-limit", buy_in=200)
    tokens = ["token-a", "token-b", "token-c"]
    rng = random.Random(seed)

    async def main() -> list[Client]:
        table = TruthTable(rules, 3, rng=random.Random(seed), max_hands=hands, reset_stacks=True)
        table.truth = truth
        server = JSONServer(JSONDealer(table, tokens, budget=30), host=HOST)
        port = await server.start()
        match = asyncio.create_task(server.run())
        early = Client(None, random.Random(rng.random()))
        watching = asyncio.create_task(early.run(port, None))
        await asyncio.sleep(0)
        seats = [Client(s, random.Random(rng.random()), leave_after=3 if s == 1 else 0)
                 for s in range(3)]  # fmt: skip
        playing = [asyncio.create_task(c.run(port, tokens[c.seat or 0])) for c in seats]
        late = Client(None, random.Random(rng.random()))
        back = Client(1, random.Random(rng.random()))
        while sum(c.acts for c in seats) < 4:  # well into the match: a spectator comes in
            await asyncio.sleep(0.001)
        late_task = asyncio.create_task(late.run(port, None))
        await playing[1]  # seat 1 left with a decision waiting: it comes back
        back_task = asyncio.create_task(back.run(port, tokens[1]))
        await asyncio.gather(match, watching, late_task, back_task, playing[0], playing[2])
        return [*seats, back, early, late]

    truth = Truth()

    async def bounded() -> list[Client]:
        async with asyncio.timeout(60):
            return await main()

    return truth, asyncio.run(bounded())


def test_json_lines_messages_to_seats_and_spectators_hold_nothing_hidden() -> None:
    truth, clients = json_match(hands=12, seed=5)
    assert len(truth.holes) == 12
    for client in clients:
        assert client.received[-1]["type"] == ("act" if client.leave_after else "bye")
        assert stream_leaks(client.received, client.seat, truth) == []
    seats, back, early, late = clients[:3], clients[3], clients[4], clients[5]
    # the check looks at cards: each seat got its own (the one that came back, in the
    # hand it came back to and after), spectators the cards shown
    counts = [own_cards_seen(c.received, c.seat or 0, truth) for c in (*seats, back)]
    hands_sent = [len({m["hand"] for m in c.received if m["type"] == "hand"})
                  for c in (*seats, back)]  # fmt: skip
    assert counts == hands_sent and sum(counts) == 12 * 3 + 1, counts
    assert [m["type"] for m in back.received[:4]] == ["hello", "welcome", "hand", "state"]
    assert [m["type"] for m in late.received[:4]] == ["hello", "welcome", "hand", "state"]
    shown = set().union(*truth.shown.values())
    assert shown and shown <= cards_in(early.received)
    # hands that kept cards hidden at the end (folded or mucked), which a leak would show
    kept = [h for h in truth.holes if set().union(*truth.holes[h].values()) - truth.shown[h]]
    assert len(kept) >= 6


def test_json_lines_check_finds_a_planted_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``hand`` message of each seat (and of spectators) also carries the next
    seat's hole cards: every connection's stream is reported."""
    original = JSONDealer._hand

    def leaky(self: JSONDealer, seat: int | None) -> bytes:
        message = json.loads(original(self, seat))
        hand = self.table.hand
        assert hand is not None
        message["hole"] += [str(c) for c in hand.hole(((seat or 0) + 1) % 3)]
        return json.dumps(message).encode() + b"\n"

    monkeypatch.setattr(JSONDealer, "_hand", leaky)
    truth, clients = json_match(hands=4, seed=6)
    for client in clients:
        leaks = stream_leaks(client.received, client.seat, truth)
        assert leaks and all("(hand, hand" in leak for leak in leaks), leaks
