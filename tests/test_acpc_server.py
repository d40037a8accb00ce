"""The ACPC dealer and client over loopback: whole matches, the log, and clients that
misbehave.  Every server is stopped by its test, within a bounded time."""

from __future__ import annotations

import asyncio
import io
import random
from collections.abc import Awaitable
from pathlib import Path
from typing import TypeVar

import pytest

from pokerroom.cli import main
from pokerroom.engine import Action, PlayerView, random_action
from pokerroom.history.acpc import GameDef
from pokerroom.history.acpclog import ACPCLog
from pokerroom.net.acpc.client import play_acpc
from pokerroom.net.acpc.dealer import ACPCDealer, TimeLimits
from pokerroom.net.acpc.server import ACPCServer

HOST = "127.0.0.1"
T = TypeVar("T")


def run(coro: Awaitable[T], seconds: float = 120) -> T:
    async def bounded() -> T:
        async with asyncio.timeout(seconds):
            return await coro

    return asyncio.run(bounded())


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: PlayerView, budget: float) -> Action:
        assert view.legal is not None
        kind, amount = random_action(view.legal, self.rng)
        return Action(kind, amount)


async def _match(game: GameDef, hands: int, log: io.StringIO, **options: object) -> ACPCServer:
    names = [f"bot{i}" for i in range(game.num_players)]
    dealer = ACPCDealer(game, names=names, hands=hands, seed=9, **options)  # type: ignore[arg-type]
    server = ACPCServer(dealer, host=HOST, log=log)
    ports = await server.start()
    match = asyncio.create_task(server.run())
    results = await asyncio.gather(
        *(play_acpc(RandomBot(i), HOST, port, game) for i, port in enumerate(ports))
    )
    await match
    assert [r.hands for r in results] == [hands] * game.num_players
    assert [r.won for r in results] == dealer.totals  # each client's tally is the dealer's
    return server


@pytest.mark.slow
@pytest.mark.parametrize(
    "name",
    [
        "holdem.limit.2p.reverse_blinds.game",
        "holdem.nolimit.2p.reverse_blinds.game",
        "holdem.limit.3p.game",
        "holdem.nolimit.3p.game",
    ],
)
def test_our_client_and_dealer_play_1000_hands_and_the_log_replays(
    data_dir: Path, tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game_path = data_dir / "acpc" / name
    game = GameDef.load(game_path)
    log = io.StringIO()
    server = run(_match(game, 1000, log, game_file=name))
    assert server.notes == []  # no invalid action, no timeout
    (tmp_path / name).write_text(game_path.read_text())
    path = tmp_path / "match.log"
    path.write_text(log.getvalue())
    parsed = ACPCLog.load(path)
    assert len(parsed.hands) == 1000 and parsed.score is not None
    assert sum(parsed.score[0]) == 0
    assert main(["replay", "--check", str(path)]) == 0
    assert "1000 hands" in capsys.readouterr().out


class Silent:
    """A client that connects, says its version, and never answers; it closes its side
    once the dealer has closed its own, as any client does (kept open, the dealer would
    wait its whole grace of :data:`~pokerroom.net.links.CLOSE_GRACE` seconds for it: 5 s
    of the test's 5.4)."""

    def __init__(self, port: int, *, version: bytes = b"VERSION:2.0.0\r\n") -> None:
        self.port = port
        self.version = version
        self.received: list[str] = []

    async def __call__(self, until: asyncio.Event) -> None:
        reader, writer = await asyncio.open_connection(HOST, self.port)
        writer.write(self.version)
        self.closed_by_dealer = False
        await self._read(reader)  # every state, until the dealer closes its side
        writer.close()
        await until.wait()

    async def _read(self, reader: asyncio.StreamReader) -> None:
        while line := await reader.readline():
            self.received.append(line.decode())
        self.closed_by_dealer = True


def test_a_silent_player_gets_the_default_action_and_the_match_goes_on(data_dir: Path) -> None:
    game = GameDef.load(data_dir / "acpc" / "holdem.limit.2p.reverse_blinds.game")
    limits = TimeLimits(response=0.05, hand=1, per_hand=1)

    async def scenario() -> tuple[ACPCServer, ACPCDealer]:
        dealer = ACPCDealer(game, names=["bot", "mute"], hands=6, seed=3, limits=limits)
        server = ACPCServer(dealer, host=HOST)
        ports = await server.start()
        match = asyncio.create_task(server.run())
        done = asyncio.Event()
        mute = Silent(ports[1])
        waiting = asyncio.create_task(mute(done))
        await play_acpc(RandomBot(1), HOST, ports[0], game)
        await match
        done.set()
        await waiting
        assert len(mute.received) > 12  # it was sent every state all the same
        assert mute.closed_by_dealer
        return server, dealer

    server, dealer = run(scenario(), 30)
    assert dealer.finished
    assert any("ran out of time" in note for note in server.notes)
    assert sum(dealer.totals) == 0


def test_a_player_that_disconnects_folds_from_then_on(data_dir: Path) -> None:
    game = GameDef.load(data_dir / "acpc" / "holdem.nolimit.2p.reverse_blinds.game")

    async def scenario() -> ACPCDealer:
        dealer = ACPCDealer(game, names=["stays", "leaves"], hands=20, seed=3)
        server = ACPCServer(dealer, host=HOST)
        ports = await server.start()
        match = asyncio.create_task(server.run())
        stays = asyncio.create_task(play_acpc(RandomBot(1), HOST, ports[0], game))
        reader, writer = await asyncio.open_connection(HOST, ports[1])
        writer.write(b"VERSION:2.0.0\r\n")
        await reader.readline()
        writer.close()  # gone after its first state
        assert (await stays).hands == 20
        await match
        assert any("disconnect" in n for n in server.notes)
        return dealer

    dealer = run(scenario(), 30)
    assert dealer.finished and dealer.hand_number == 19
    assert sum(dealer.totals) == 0


def test_a_bad_version_line_is_refused_and_the_seat_waits_for_a_player(data_dir: Path) -> None:
    game = GameDef.load(data_dir / "acpc" / "holdem.limit.2p.reverse_blinds.game")

    async def scenario() -> list[str]:
        dealer = ACPCDealer(game, names=["a", "b"], hands=3, seed=3)
        server = ACPCServer(dealer, host=HOST, start_timeout=20)
        ports = await server.start()
        match = asyncio.create_task(server.run())
        reader, writer = await asyncio.open_connection(HOST, ports[1])
        writer.write(b"HELLO\r\n")
        answer = await reader.readline()
        assert answer.startswith(b"# the first line must be the protocol version")
        assert await reader.read() == b""  # closed
        writer.close()
        await asyncio.gather(*(play_acpc(RandomBot(i), HOST, p, game) for i, p in enumerate(ports)))
        await match
        return server.notes

    notes = run(scenario(), 30)
    assert notes == [
        "seat 2: the first line must be the protocol version (VERSION:2.0.0), not 'HELLO'"
    ]


def test_players_that_never_connect_time_out_the_start(data_dir: Path) -> None:
    game = GameDef.load(data_dir / "acpc" / "holdem.limit.2p.reverse_blinds.game")

    async def scenario() -> None:
        dealer = ACPCDealer(game, names=["a", "b"], hands=3, seed=3)
        server = ACPCServer(dealer, host=HOST, start_timeout=0.2)
        await server.start()
        with pytest.raises(TimeoutError, match=r"seats \[1, 2\] did not connect"):
            await server.run()

    run(scenario(), 10)


class _Recorder:
    """Stands in for a seat's connection: notes the order of the writes to all seats."""

    def __init__(self, seat: int, order: list[tuple[int, bytes]]) -> None:
        self.tag = seat
        self.order = order
        self.closed = self.dropped = False

    def write(self, data: bytes) -> bool:
        self.order.append((self.tag, data))
        return True

    async def wait_closed(self) -> None:
        self.closed = True


def test_the_seat_to_act_is_written_to_first_and_every_seat_gets_its_states(
    data_dir: Path,
) -> None:
    """After each action the state goes to the seat whose answer the match waits for
    first (the others in seat order); each seat's own lines are unchanged."""
    game = GameDef.load(data_dir / "acpc" / "holdem.limit.3p.game")

    async def play() -> list[tuple[int | None, list[tuple[int, bytes]]]]:
        dealer = ACPCDealer(game, names=["a", "b", "c"], hands=3, seed=9)
        twin = ACPCDealer(game, names=["a", "b", "c"], hands=3, seed=9)  # the pure core alone
        server = ACPCServer(dealer, host=HOST)
        await server.start()
        order: list[tuple[int, bytes]] = []
        server._wires = [_Recorder(s, order) for s in range(3)]  # type: ignore[list-item]
        steps = []
        step = twin.start()
        server._send(dealer.start())
        while True:
            expected = [b"".join(f"{t}\r\n".encode() for s, t in step.messages if s == seat)
                        for seat in range(3)]  # fmt: skip
            assert [d for _, d in order] == [expected[s] for s, _ in order]
            assert sorted(s for s, _ in order) == [0, 1, 2]  # one write per seat
            steps.append((dealer.actor, list(order)))
            if dealer.finished:
                break
            actor = dealer.actor
            assert actor is not None
            order.clear()
            reply = f"{twin.text(actor)}:c"
            step = twin.receive(actor, reply)
            server._send(dealer.receive(actor, reply))
        await server.close()
        return steps

    steps = asyncio.run(play())
    assert len(steps) > 3
    for actor, order in steps:
        seats = [s for s, _ in order]
        if actor is None:
            assert seats == [0, 1, 2]
        else:
            assert seats == [actor, *(s for s in range(3) if s != actor)]
    assert {actor for actor, _ in steps} == {0, 1, 2, None}
