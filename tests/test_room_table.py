"""A room table without the network: its dealer, seats, bots, spectators and chat, with
links that keep what they are sent."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pokerroom.room.sitgo import SettingsError, TableSettings, payouts
from pokerroom.room.store import HandRow
from pokerroom.room.tables import RoomTable, TableError
from room_helpers import FakeLink

SCHEMA = json.loads((Path(__file__).resolve().parents[1]
                     / "src/pokerroom/net/schema/server.json").read_text())
SERVER = jsonschema.Draft202012Validator(SCHEMA)


def settings(**given: Any) -> TableSettings:
    return TableSettings.from_json({"name": "t", "seats": 3, "buy_in": 100, **given})


def _holes(table: RoomTable, holes: dict[int, dict[str, bool]], row: HandRow | None,
           public: dict[int, str]) -> None:  # fmt: skip
    """After each hand: every hole card dealt, and whether it was shown; and the hand's
    public PHH (checked by :func:`_public_shows_the_shown_only` after the match: the
    table logs and swallows what its ``on_hand`` raises)."""
    t = table.table
    hand = t.hand
    assert hand is not None
    shown = hand.view(0).shown
    cards: dict[str, bool] = {}
    for i in range(len(t.seats_in_hand)):
        for card in hand.hole(i):
            cards[str(card)] = shown[i] is not None
    holes[t.hand_number] = cards
    public[t.hand_number] = row.phh if row is not None else ""


def _public_shows_the_shown_only(holes: dict[int, dict[str, bool]],
                                 public: dict[int, str]) -> None:  # fmt: skip
    """Each hand's public PHH deals and shows every hole card shown and none of the
    others (dealt as ``????``)."""
    assert holes and set(public) == set(holes)
    for number, cards in holes.items():
        phh = public[number]
        told = " ".join(re.findall(r'"(?:d dh p\d+|p\d+ sm) ([^"]*)"', phh))
        for card, shown_card in cards.items():
            assert (card in told) == shown_card, f"hand {number}: {card} (shown: {shown_card})"
        assert ("????" in told) == (not all(cards.values()))


def _match(bots: list[str], holes: dict[int, dict[str, bool]],
           public: dict[int, str]) -> FakeLink:  # fmt: skip
    """A match of bots (seat 0 a person's, handed to a bot too), watched."""

    async def play() -> FakeLink:
        s = settings(seats=len(bots), bots={str(i): b for i, b in enumerate(bots[1:], 1)})
        table = RoomTable("t1", s, owner="ann", bot_delay=0.0,
                          on_hand=lambda t, row: _holes(t, holes, row, public))
        spectator = FakeLink()
        table.receive(table.open(spectator), b'{"type":"watch"}')
        table.sit("ann", 0)
        from pokerroom.players.registry import make_player

        table.dealer.local[0] = make_player(bots[0])
        table.dealer.runner = type(table.dealer.runner)(
            table.table, [table.dealer.local.get(i) for i in range(table.table.size)])
        table.start()
        assert table.state == "finished"
        return spectator

    return asyncio.run(play())


@pytest.mark.parametrize("bots", [["random"] * 6,
                                  ["calling-station", "random", "rule-based", "random"]])
def test_a_spectator_never_sees_a_hole_card_before_it_is_shown(bots: list[str]) -> None:
    hands = matches = seen_shown = 0
    while hands < 60 and matches < 40:
        holes: dict[int, dict[str, bool]] = {}
        public: dict[int, str] = {}
        spectator = _match(bots, holes, public)
        _public_shows_the_shown_only(holes, public)
        hands += len(holes)
        matches += 1
        current: int | None = None
        for i, message in enumerate(spectator.messages()):
            if matches == 1 and i < 300:
                SERVER.validate(message)  # the schema of serve json, with the room's additions
            hand = message.get("hand")
            if isinstance(hand, int):
                current = hand
            if message["type"] == "hand":
                assert message["hole"] == []
            text = json.dumps(message)
            for card, was_shown in holes.get(current or 0, {}).items():
                if f'"{card}"' in text:
                    assert was_shown, f"hand {current}: {card} (never shown) in {text[:200]}"
                    seen_shown += 1
    assert hands >= 60
    assert seen_shown > 0  # showdowns happened, and their cards were seen


def test_hole_cards_appear_only_after_the_show_event() -> None:
    """The order within a hand: a shown card appears first in the event that shows it."""
    holes: dict[int, dict[str, bool]] = {}
    public: dict[int, str] = {}

    async def play() -> FakeLink:
        s = settings(seats=3, bots={"1": "random", "2": "calling-station"})
        table = RoomTable("t1", s, owner="ann", bot_delay=0.0,
                          on_hand=lambda t, row: _holes(t, holes, row, public))
        spectator = FakeLink()
        table.receive(table.open(spectator), b'{"type":"watch"}')
        table.sit("ann", 0)
        from pokerroom.players.registry import make_player
        table.dealer.local[0] = make_player("random", seed=2)
        table.dealer.runner = type(table.dealer.runner)(
            table.table, [table.dealer.local.get(i) for i in range(3)])
        table.start()
        return spectator

    spectator = asyncio.run(play())
    _public_shows_the_shown_only(holes, public)
    first_seen: dict[tuple[int, str], str] = {}
    for message in spectator.messages():
        hand = message.get("hand")
        if not isinstance(hand, int) or hand not in holes:
            continue
        for card in holes[hand]:
            if f'"{card}"' in json.dumps(message) and (hand, card) not in first_seen:
                first_seen[hand, card] = message["type"] + ":" + str(
                    message.get("event", {}).get("kind", message.get("event", {}).get("type")))
    assert first_seen
    kinds = set(first_seen.values())
    assert all(re.match(r"event:", k) for k in kinds), kinds


def test_seats_sit_leave_and_tokens() -> None:
    async def run() -> None:
        table = RoomTable("t1", settings(bots={"2": "random"}), owner="ann", bot_delay=0.0)
        assert table.sit("ann", None) == (0, table.seats[0].token)
        assert table.sit("ann", 1)[0] == 0  # the seat held already
        with pytest.raises(TableError, match=r"seat 2 is taken \(free seats: \[1\]\)"):
            table.sit("bob", 2)
        with pytest.raises(TableError, match="no seat 7: seats 0 to 2"):
            table.sit("bob", 7)
        old = table.seats[0].token
        holder = FakeLink("ann")
        conn = table.open(holder)
        table.receive(conn, json.dumps({"type": "join", "token": old}).encode())
        assert holder.messages()[1]["type"] == "welcome"
        assert holder.messages()[-1] == {"type": "seats", "players": [
            {"seat": 0, "name": "ann", "bot": False, "stack": 1000, "sitting_out": False},
            {"seat": 2, "name": "random 2", "bot": True, "stack": 1000, "sitting_out": False}]}
        assert table.leave("ann") == 100 and table.pool == 0
        assert holder.messages()[-1]["type"] == "bye" and holder.closed is not None
        assert table.seats[0].token != old  # the old token no longer joins
        other = FakeLink()
        c2 = table.open(other)
        table.receive(c2, json.dumps({"type": "join", "token": old}).encode())
        assert other.messages()[-1]["code"] == "bad-token"
        # a bot seat's token is refused too (never handed out, and never taken)
        table.receive(c2, json.dumps({"type": "join", "token": table.seats[2].token}).encode())
        assert other.messages()[-1]["code"] == "bad-token"

    asyncio.run(run())


def test_chat_is_cleaned_rate_limited_and_needs_a_name() -> None:
    async def run() -> None:
        table = RoomTable("t1", settings(), owner="ann", bot_delay=0.0)
        ann, anon = FakeLink("ann"), FakeLink(None)
        c1, c2 = table.open(ann), table.open(anon)
        table.receive(c1, b'{"type":"chat","text":"too early"}')
        assert ann.messages()[-1]["code"] == "not-joined"
        table.receive(c1, b'{"type":"watch"}')
        table.receive(c2, b'{"type":"watch"}')
        line = json.dumps({"type": "chat", "text": "<script>x</script>\u001b[2J\u202e\ud800 hi"})
        table.receive(c1, line.encode("utf-8", "surrogatepass"))
        said = {"type": "chat", "from": "ann", "text": "<script>x</script>[2J hi"}
        assert ann.messages()[-1] == said and anon.messages()[-1] == said
        for message in ann.messages():
            SERVER.validate(message)
        table.may_chat = lambda link: None if link.name else "enter the room to chat"
        table.receive(c2, b'{"type":"chat","text":"hello"}')
        assert anon.messages()[-1] == {"type": "error", "code": "no-chat",
                                       "message": "enter the room to chat"}
        for _ in range(6):
            table.receive(c1, b'{"type":"chat","text":"spam"}')
        assert ann.messages()[-1]["code"] == "no-chat"
        assert "at most 5 lines" in ann.messages()[-1]["message"]
        table.receive(c1, json.dumps({"type": "chat", "text": "x" * 2001}).encode())
        assert ann.messages()[-1]["code"] == "bad-field"

    asyncio.run(run())


def test_settings_are_checked_and_every_problem_named() -> None:
    with pytest.raises(SettingsError) as caught:
        TableSettings.from_json({"name": "", "kind": "ring", "preset": "x", "seats": 11,
                                 "buy_in": -1, "bots": {"0": "nobody", "12": "random"},
                                 "private": "yes", "other": 1})
    text = str(caught.value)
    for words in ["'name' is the table's name", "'kind' is 'ring'", "'preset' is 'x'",
                  "'seats' is '11'", "'buy_in' is '-1'", "'bots' seat 0 is 'nobody'",
                  "'private' is 'yes'", "unknown fields 'other'"]:
        assert words in text
    s = TableSettings.from_json({"seats": 2, "bots": {"1": "random"}})
    assert TableSettings.from_json(s.to_json()) == s


def test_payouts_keep_every_chip() -> None:
    for pool in (0, 1, 99, 1000, 12345):
        for n in range(1, 11):
            places = {f"p{i}": i + 1 for i in range(n)}
            paid = payouts(pool, places)
            assert sum(paid.values()) == pool
            assert list(paid.values()) == sorted(paid.values(), reverse=True)


def test_the_record_brings_the_table_back_between_hands() -> None:
    rows: list[HandRow] = []
    after: list[tuple[int, ...]] = []

    def hand_over(t: RoomTable, row: HandRow | None) -> None:
        assert row is not None
        rows.append(row)
        after.append(t.table.stacks)

    async def run() -> None:
        s = settings(seats=3, bots={"1": "random", "2": "random"})
        table = RoomTable("t1", s, owner="ann", bot_delay=0.5, on_hand=hand_over)
        table.sit("ann", 0)
        table.start()
        # play a few bot decisions and time-outs by the dealer's clock
        dealer = table.dealer
        now = 0.0
        while len(rows) < 3:  # (a hand past the third: its end was never recorded)
            assert dealer.pending is not None and table.table.hand_number <= 3
            now = max(now, dealer.pending.deadline)
            table._deliver(dealer.expire(now))
        record = json.loads(json.dumps(table.record()))
        back = RoomTable.from_record(record, bot_delay=0.5)
        assert table.table.in_hand  # the hand in play is void: every bet back
        assert back.table.stacks == after[-1] and sum(after[-1]) == 3000
        assert back.table.hand_number == len(rows) and not back.table.in_hand
        assert [s.token for s in back.seats] == [s.token for s in table.seats]
        assert back.seq == table.seq and back.pool == 100

    asyncio.run(run())
    assert rows[0].number == 1 and rows[0].phh.count("hand = 1") == 1
