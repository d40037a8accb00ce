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
import dataclasses
import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pokerroom.cards import Card
from pokerroom.engine import Action, ActionKind, Hand, PlayerView
from pokerroom.engine.events import Event, EventKind
from pokerroom.envs import HoldemAECEnv, HoldemEnv
from pokerroom.envs.encoder import Encoder
from pokerroom.envs.text import hand_text
from pokerroom.history.acpc import GameDef
from pokerroom.history.formats import export_phh
from pokerroom.history.phh import dumps
from pokerroom.history.record import PlayedHand, to_phh
from pokerroom.jsonproto.dealer import JSONDealer
from pokerroom.net.acpc.dealer import ACPCDealer
from pokerroom.net.jsonl.server import JSONServer
from pokerroom.rules import Rules
from pokerroom.table import Table
from pokerroom.tui.felt import dealt_in, log_lines, outcome_lines, played_hand, seats, turn_text

HOST = "127.0.0.1"
_PAIRS = re.compile(r"(?:[2-9TJQKA][cdhs])+")
_WORDS = re.compile(r"[A-Za-z0-9]+")


class LeakError(AssertionError):
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
    elif isinstance(value, list | tuple | set | frozenset):  # events are named tuples
        for item in value:
            found |= cards_in(item)
    elif isinstance(value, PlayerView):
        for name in ("hole", "board", "shown", "events", "result"):
            found |= cards_in(getattr(value, name))
    elif value is not None and hasattr(value, "shown"):  # a HandResult
        found |= cards_in(value.shown)
    return found


def check(seen: set[str], allowed: set[str], where: str) -> None:
    leaked = seen - allowed
    if leaked:
        raise LeakError(f"{where}: {' '.join(sorted(leaked))} may not be known there")


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
    with pytest.raises(LeakError, match="may not be known"):
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
        except LeakError as exc:
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
        while not any(m["type"] == "welcome" for m in early.received):  # before the deal
            await asyncio.sleep(0.001)
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
        async with asyncio.timeout(30):
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


# -------------------------------------------------------------------- the ACPC dealer


def acpc_match(data_dir: Path, hands: int, seed: int) -> tuple[dict[int, list[str]], list[Any]]:
    """A three-player limit match of random replies (folds, calls, raises): every
    ``MATCHSTATE`` sent, by seat, and each hand's cards from the dealer's table."""
    game = GameDef.load(data_dir / "acpc" / "holdem.limit.3p.game")
    truth: list[Any] = []
    dealer: ACPCDealer

    def noted() -> None:
        hand = dealer.table.hand
        assert hand is not None
        shown = {str(c) for e in hand.events if e.kind is EventKind.SHOW for c in e.cards}
        truth.append(([{str(c) for c in hand.hole(s)} for s in range(3)],
                      [str(c) for c in hand.board], shown))  # fmt: skip

    dealer = ACPCDealer(game, names=["a", "b", "c"], hands=hands, seed=seed, on_hand=noted)
    sent: dict[int, list[str]] = {0: [], 1: [], 2: []}
    rng = random.Random(seed)
    step = dealer.start()
    while True:
        for message in step.messages:
            sent[message.seat].append(message.text)
        seat = dealer.actor
        if dealer.finished or seat is None:
            break
        step = dealer.receive(seat, f"{dealer.text(seat)}:{rng.choice('ffcccrr')}")
    return sent, truth


def acpc_leaks(lines: list[str], seat: int, truth: list[Any]) -> list[str]:
    """A seat's states against what it may know: its own hole cards, the board of the
    rounds its state has reached, and once the hand is over the hands shown."""
    leaks = []
    numbers = [int(line.split(":")[2]) for line in lines]
    for k, line in enumerate(lines):
        holes, board, shown = truth[numbers[k]]
        rounds = line.split(":")[3].count("/") + 1
        allowed = holes[seat] | set(board[: (0, 3, 4, 5)[rounds - 1]])
        if k + 1 == len(lines) or numbers[k + 1] != numbers[k]:  # the hand's last state
            allowed |= shown
        try:
            check(cards_in(line), allowed, f"seat {seat}: {line}")
        except LeakError as exc:
            leaks.append(str(exc))
    return leaks


def test_acpc_matchstates_hold_nothing_hidden(data_dir: Path) -> None:
    sent, truth = acpc_match(data_dir, hands=40, seed=3)
    assert len(truth) == 40
    for seat, lines in sent.items():
        assert acpc_leaks(lines, seat, truth) == []
        # each seat was sent its own cards every hand; the others' only when shown
        assert all(holes[seat] <= cards_in(lines) for holes, _, _ in truth)
    showdowns = [t for t in truth if t[2]]
    folded = [t for t in truth if set().union(*t[0]) - t[2]]
    assert len(showdowns) >= 5 and len(folded) >= 20
    assert all(t[2] <= cards_in(sent[0]) for t in showdowns)


def test_acpc_check_finds_a_planted_leak(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seat is sent every seat's hole cards from the deal on: reported, every
    seat, every hand."""
    original = ACPCDealer._deal

    def leaky(self: ACPCDealer) -> Any:
        deal = original(self)
        return deal._replace(private=["|".join(deal.holes)] * len(deal.holes))

    monkeypatch.setattr(ACPCDealer, "_deal", leaky)
    sent, truth = acpc_match(data_dir, hands=5, seed=3)
    for seat, lines in sent.items():
        leaks = acpc_leaks(lines, seat, truth)
        assert {int(leak.split(":")[3]) for leak in leaks} == set(range(5))


# ------------------------------------------- views a table makes: the planted leaks


def view_showing_everyone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plant a leak in every view a table makes: every seat's hole cards as shown, and
    the deal events with their cards (both ways a view could give them away)."""
    original = Table.view

    def leaky(self: Table, seat: int) -> PlayerView:
        view = original(self, seat)
        hand = self.hand
        if hand is None:
            return view
        full = hand.events
        events = tuple(
            full[i] if e.kind is EventKind.DEAL else e for i, e in enumerate(view.events)
        )
        shown = tuple(hand.hole(h) for h in range(len(view.shown)))
        return dataclasses.replace(view, shown=shown, events=events)

    monkeypatch.setattr(Table, "view", leaky)


# --------------------------------------------------------- the learning environments


def single_env_leaks(episodes: int, seed: int) -> dict[str, list[str]]:
    """The single-agent environment (seat 1 of 3, random opponents, random choices):
    its observation vector, the view in its info and its text, at every step, against
    what seat 1 may know of the hand in play."""
    env = HoldemEnv("no-limit", players=3, seat=1, opponents="random", stacks=60,
                    hands=4, view_in_info=True, render_mode="ansi")  # fmt: skip
    leaks: dict[str, list[str]] = {"vector": [], "view": [], "text": []}
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    cards = env.layout.cards
    for _ in range(episodes):
        done = False
        while not done:
            table = env.table
            assert table is not None and table.hand is not None
            allowed = may_know(table.hand, table.seats_in_hand, 1)
            seen = {
                str(Card(int(c) % cards)) for c in np.flatnonzero(obs["observation"][: 2 * cards])
            }
            text = env.render()
            for name, found in (("vector", seen), ("view", cards_in(info["view"])),
                                ("text", cards_in(text))):  # fmt: skip
                try:
                    check(found, allowed, f"{name}, hand {table.hand_number}")
                except LeakError as exc:
                    leaks[name].append(str(exc))
            mask = obs["action_mask"]
            choice = int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
            obs, _, terminated, truncated, info = env.step(choice)
            done = terminated or truncated
        obs, info = env.reset()
    return leaks


def aec_env_leaks(steps: int, seed: int) -> dict[str, list[str]]:
    """The multi-agent environment (four agents, random choices): every agent's vector
    and view, and the spectator's text, after every step."""
    env = HoldemAECEnv("casino-limit", players=4, stacks=40, view_in_info=True,
                       render_mode="ansi")  # fmt: skip
    leaks: dict[str, list[str]] = {"vector": [], "view": [], "text": []}
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    cards = env.layout.cards
    for _ in range(steps):
        if not env.agents:
            env.reset()
        table = env.table
        assert table is not None and table.hand is not None
        hand, dealt = table.hand, table.seats_in_hand
        for agent in env.agents:
            seat = env.possible_agents.index(agent)
            vector = env.observe(agent)["observation"]
            seen = {str(Card(int(c) % cards)) for c in np.flatnonzero(vector[: 2 * cards])}
            info = env.infos[agent]
            view = info.get("view") if info.get("hand") == table.hand_number else None
            for name, found in (("vector", seen), ("view", cards_in(view))):
                try:
                    check(found, may_know(hand, dealt, seat), f"{agent} {name}")
                except LeakError as exc:
                    leaks[name].append(str(exc))
        try:
            check(cards_in(env.render()), may_know(hand, dealt, -1), "text")
        except LeakError as exc:
            leaks["text"].append(str(exc))
        obs, _, terminated, truncated, _ = env.last()
        mask = obs["action_mask"]
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
    return leaks


def test_single_agent_environment_shows_nothing_hidden() -> None:
    assert single_env_leaks(episodes=25, seed=4) == {"vector": [], "view": [], "text": []}


def test_multi_agent_environment_shows_nothing_hidden() -> None:
    assert aec_env_leaks(steps=400, seed=4) == {"vector": [], "view": [], "text": []}


def leaky_encode(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plant a leak in the observation vector: the first card of the next seat dealt in."""
    original = Encoder.encode  # (what ObservationLayout.encode and the environments call)

    def leaky(self: Encoder, table: Table, seat: int, *args: Any) -> Any:
        out = original(self, table, seat, *args)
        seats, hand = table.seats_in_hand, table.hand
        if hand is not None and seat in seats:
            other = (seats.index(seat) + 1) % len(seats)
            out[self._layout.hole + hand.hole_codes(other)[0]] = 1.0
        return out

    monkeypatch.setattr(Encoder, "encode", leaky)


def leaky_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plant a leak in the hand's text: views with everyone's cards, none of them hidden."""
    import pokerroom.envs.text as text

    view_showing_everyone(monkeypatch)

    def shown_all(**fields: Any) -> PlayedHand:
        return PlayedHand(**{**fields, "hidden": frozenset()})

    monkeypatch.setattr(text, "PlayedHand", shown_all)


@pytest.mark.parametrize("plant", ["vector", "view", "text"])
def test_environment_checks_find_a_planted_leak(
    plant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if plant == "vector":
        leaky_encode(monkeypatch)
    elif plant == "view":
        view_showing_everyone(monkeypatch)
    else:
        leaky_text(monkeypatch)
    single = single_env_leaks(episodes=3, seed=4)
    multi = aec_env_leaks(steps=40, seed=4)
    assert single[plant] and multi[plant]
    if plant == "vector":  # (the others go through the same view)
        assert not single["view"] and not single["text"]


# ---------------------------------------------------- the text of a hand shown to a seat


def test_hand_text_shows_a_seat_nothing_hidden() -> None:
    """``hand_text`` of every seat and of a spectator, at every decision of 60 random
    hands (six seats, folds, showdowns, mucks)."""
    rules = Rules.preset("no-limit", buy_in=100)
    table = Table(rules, 6, rng=random.Random(9), reset_stacks=True)
    rng = random.Random(9)
    texts = 0
    for _ in range(60):
        table.start_hand()
        while table.in_hand:
            hand = table.hand
            assert hand is not None
            for seat in range(-1, 6):
                text = hand_text(table, seat)
                check(cards_in(text), may_know(hand, table.seats_in_hand, seat), f"seat {seat}")
                texts += 1
            table.apply(random_action(table.legal_actions(), rng))
    assert texts > 60 * 7 * 4


def test_hand_text_check_finds_a_planted_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    leaky_text(monkeypatch)
    table = Table(Rules.preset("no-limit"), 3, rng=random.Random(9))
    table.start_hand()
    hand = table.hand
    assert hand is not None
    with pytest.raises(LeakError, match="seat 0"):
        check(cards_in(hand_text(table, 0)), may_know(hand, table.seats_in_hand, 0), "seat 0")


# -------------------------------------------------------------- the terminal game


def terminal_leaks(hands: int, seed: int) -> dict[str, list[str]]:
    """What the terminal game shows you (seat 0 against two bots, everyone playing
    random legal actions, busting seats out): the felt's seats, the log, whose turn it
    is, the hand's outcome at every decision, and once each hand is over the hand as it
    is kept in the history and exported (PHH, PokerStars text, OHH)."""
    names = ("Hero", "Ada", "Bo")
    table = Table(Rules.preset("no-limit", buy_in=80), 3, names=names, rng=random.Random(seed))
    rng = random.Random(seed)
    leaks: dict[str, list[str]] = {"felt": [], "log": [], "history": [], "export": []}

    def look(name: str, found: set[str], allowed: set[str]) -> None:
        try:
            check(found, allowed, f"{name}, hand {table.hand_number}")
        except LeakError as exc:
            leaks[name].append(str(exc))

    for _ in range(hands):
        if table.is_over:
            break
        table.start_hand()
        hand = table.hand
        assert hand is not None
        while True:
            dealt = table.seats_in_hand
            allowed = may_know(hand, dealt, 0)
            view = table.view(0)
            felt = [line.cards for line in seats(view, names, out=table.out)]
            look("felt", cards_in(felt), allowed)
            mine = dealt_in(view, dealt)
            told = [*log_lines(mine, names), turn_text(view, names), *outcome_lines(mine, names)]
            look("log", cards_in(told), allowed)
            if not table.in_hand:
                break
            table.apply(random_action(table.legal_actions(), rng))
        mine = dealt_in(table.view(0), dealt)
        kept = dumps(to_phh(played_hand(mine, [names[t] for t in dealt], table.hand_number)))
        look("history", cards_in(kept), allowed)
        for fmt in ("pokerstars", "ohh"):
            out = export_phh([kept], fmt, hero="Hero")
            assert out.written == 1
            look("export", cards_in(out.text), allowed)
    return leaks


def test_terminal_game_shows_nothing_hidden() -> None:
    assert terminal_leaks(hands=40, seed=2) == {"felt": [], "log": [], "history": [], "export": []}


def test_terminal_game_check_finds_a_planted_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """Views that show every seat's cards: the felt and the hand kept in the history give
    them away, and are reported.  The log and the exports tell the others' cards only
    where a seat turned them up (a second guard: a view or a history holding every hole
    card still tells none but yours and the shown ones)."""
    view_showing_everyone(monkeypatch)
    leaks = terminal_leaks(hands=3, seed=2)
    assert leaks["felt"] and leaks["history"]
    assert leaks["log"] == [] and leaks["export"] == []


def test_terminal_game_check_finds_cards_told_as_shown_in_the_log(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Views whose events turn every other seat's cards up (the way the log tells shown
    cards): the log gives them away, and is reported."""
    original = Table.view

    def turned_up(self: Table, seat: int) -> PlayerView:
        view = original(self, seat)
        hand = self.hand
        if hand is None or view.result is not None:
            return view
        shows = tuple(
            Event(EventKind.SHOW, view.street, h, 0, 0, hand.hole(h))
            for h in range(len(view.shown))
            if h != seat and not view.folded[h]
        )
        return dataclasses.replace(view, events=(*view.events, *shows))

    monkeypatch.setattr(Table, "view", turned_up)
    leaks = terminal_leaks(hands=3, seed=2)
    assert leaks["log"]
