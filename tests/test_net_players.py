"""One bot class plays everywhere: at a local table, over JSON lines and over ACPC, and
hears what the player protocol promises in each."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path

from pokerroom.engine import Action, Event, EventKind, PlayerView
from pokerroom.history.acpc import GameDef
from pokerroom.jsonproto.dealer import JSONDealer
from pokerroom.net.acpc.client import play_acpc
from pokerroom.net.acpc.dealer import ACPCDealer
from pokerroom.net.acpc.server import ACPCServer
from pokerroom.net.jsonl.client import play_json
from pokerroom.net.jsonl.server import JSONServer
from pokerroom.players import Player, RandomBot, play_game
from pokerroom.rules import Rules
from pokerroom.table import GameStart, HandStart, Table

HOST = "127.0.0.1"


class Careful(Player):
    """Calls or checks; counts what it is told; checks it never sees a hidden card."""

    name = "careful"

    def __init__(self) -> None:
        self.heard: Counter[str] = Counter()
        self.own: set[str] = set()

    def act(self, view: PlayerView, budget: float) -> Action:
        assert view.legal is not None and budget > 0
        self.heard["act"] += 1
        self.own.update(str(c) for c in view.hole)
        return Action.check() if view.to_call == 0 else Action.call()

    def start_game(self, game: GameStart) -> None:
        self.heard["start_game"] += 1

    def start_hand(self, hand: HandStart) -> None:
        self.heard["start_hand"] += 1

    def observe(self, event: Event) -> None:
        self.heard["observe"] += 1
        if event.kind in (EventKind.DEAL, EventKind.BURN):
            assert event.cards == ()

    def end_hand(self, view: PlayerView) -> None:
        self.heard["end_hand"] += 1
        assert view.result is not None


def _check(bot: Careful, hands: int) -> None:
    heard = bot.heard
    assert heard["start_game"] == 1
    assert heard["start_hand"] == heard["end_hand"] == hands
    assert heard["act"] > 0 and heard["observe"] > 5 * hands


def test_the_same_bot_plays_locally_over_json_and_over_acpc(data_dir: Path) -> None:
    local = Careful()
    result = play_game(
        Rules.preset("casino-limit"), [local, RandomBot(seed=1)], seed=3, max_hands=20
    )
    _check(local, result.hands)

    json_bot = Careful()

    async def over_json() -> int:
        table = Table(Rules.preset("casino-limit"), 2, rng=random.Random(3), max_hands=20)
        server = JSONServer(JSONDealer(table, ["a", "b"], budget=5), host=HOST)
        port = await server.start()
        match = asyncio.create_task(server.run())
        await asyncio.gather(
            play_json(json_bot, HOST, port, "a"), play_json(RandomBot(seed=1), HOST, port, "b")
        )
        await match
        return table.hand_number

    _check(json_bot, asyncio.run(asyncio.wait_for(over_json(), 15)))

    acpc_bot = Careful()
    game = GameDef.load(data_dir / "acpc" / "holdem.limit.2p.reverse_blinds.game")

    async def over_acpc() -> None:
        dealer = ACPCDealer(game, names=["careful", "random"], hands=20, seed=3)
        server = ACPCServer(dealer, host=HOST)
        ports = await server.start()
        match = asyncio.create_task(server.run())
        await asyncio.gather(
            play_acpc(acpc_bot, HOST, ports[0], game),
            play_acpc(RandomBot(seed=1), HOST, ports[1], game),
        )
        await match

    asyncio.run(asyncio.wait_for(over_acpc(), 15))
    _check(acpc_bot, 20)
