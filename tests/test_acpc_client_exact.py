"""The ACPC player's client (``net/acpc/client.py``): :class:`ACPCClient` fed the dealer's
bytes in process, and its two drivers (:func:`play_acpc`, :func:`play_acpc_blocking`)
against a dealer scripted line by line on loopback.  Every expected value is worked out
by hand from the protocol's text (``protocols.md`` §1) and the game: heads-up limit
hold'em with reverse blinds (``blind = 10 5``: position 0 posts 10, position 1, the
button, posts 5 and acts first before the flop), seed 42 of the reference deal."""

from __future__ import annotations

import asyncio
import errno
import socket
import struct
from collections.abc import Awaitable
from fractions import Fraction
from typing import TypeVar

import pytest

from pokerroom.engine import Action, ActionKind, PlayerView
from pokerroom.history.acpc import LIMIT_HEADS_UP, GameDef
from pokerroom.net.acpc import client as client_module
from pokerroom.net.acpc.client import ACPCClient, ACPCResult, play_acpc, play_acpc_blocking
from pokerroom.net.acpc.protocol import ACPCProtocolError
from pokerroom.table import GameStart, HandStart

LIMIT = GameDef.parse(LIMIT_HEADS_UP)
HOST = "127.0.0.2"  # loopback, not the default host: a driver must connect to the one given
T = TypeVar("T")

# seed 42's first two hands, as the dealer sends them (its module's doctest): in hand 0
# seat 0 is position 0 (7d3d) and seat 1 position 1 (2hAc); in hand 1 the seats rotate
HAND0_POS1 = "MATCHSTATE:1:0::|2hAc"
HAND0_POS1_FOLDED = "MATCHSTATE:1:0:f:|2hAc"
HAND1_POS0 = "MATCHSTATE:0:1::9h6s|"
HAND1_POS0_FOLDED = "MATCHSTATE:0:1:f:9h6s|"


class Folder:
    """Folds whenever asked (checks when folding is not offered); keeps what it is
    asked with."""

    def __init__(self) -> None:
        self.asked: list[tuple[list[str], set[ActionKind], float]] = []

    def act(self, view: PlayerView, budget: float) -> Action:
        assert view.legal is not None
        self.asked.append(([str(c) for c in view.hole], set(view.legal.kinds), budget))
        if ActionKind.FOLD in view.legal.kinds:
            return Action.fold()
        return Action.check()


class Listening(Folder):
    """A folder that also hears every notification a player can hear."""

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[tuple[str, object]] = []

    def start_game(self, game: GameStart) -> None:
        self.heard.append(("start_game", game))

    def start_hand(self, hand: HandStart) -> None:
        self.heard.append(("start_hand", hand))

    def observe(self, event: object) -> None:
        self.heard.append(("observe", event))

    def end_hand(self, view: PlayerView) -> None:
        self.heard.append(("end_hand", [str(c) for c in view.hole]))


def _line(text: str) -> bytes:
    return f"{text}\r\n".encode()


# ------------------------------------------------------------------- ACPCClient


def test_the_first_line_is_the_version() -> None:
    assert ACPCClient.hello() == b"VERSION:2.0.0\r\n"


def test_a_folding_player_answers_each_state_it_is_to_act_in_and_keeps_the_score() -> None:
    player = Folder()
    client = ACPCClient(player, LIMIT, budget=2.5)
    assert client.result == ACPCResult(0, Fraction(0), 0, [])
    # hand 0, position 1 (the button, 5 in): to act first, it folds and loses its 5
    assert client.feed(_line(HAND0_POS1)) == b"MATCHSTATE:1:0::|2hAc:f\r\n"
    assert client.result == ACPCResult(0, Fraction(0), 1, [])
    client.prepare()
    assert client.feed(_line(HAND0_POS1_FOLDED)) == b""
    assert client.result == ACPCResult(1, Fraction(-5), 1, [Fraction(-5)])
    # the same final state again is not scored again
    assert client.feed(_line(HAND0_POS1_FOLDED)) == b""
    assert client.result.hands == 1
    # hand 1, position 0 (the big blind, 10 in): not to act; the button folds its 5
    client.prepare()
    assert client.feed(_line(HAND1_POS0)) == b""
    assert client.feed(_line(HAND1_POS0_FOLDED)) == b""
    assert client.result == ACPCResult(2, Fraction(0), 1, [Fraction(-5), Fraction(5)])
    # it was asked once, with its budget, holding 2h Ac with fold, call and raise legal
    assert player.asked == [
        (["2h", "Ac"], {ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE}, 2.5)
    ]


def test_the_budget_is_five_seconds_unless_given() -> None:
    player = Folder()
    client = ACPCClient(player, LIMIT)
    assert client.budget == 5.0
    client.feed(_line(HAND0_POS1))
    assert [budget for _, _, budget in player.asked] == [5.0]


def test_several_lines_in_one_read_get_their_answers_in_one_write() -> None:
    client = ACPCClient(Folder(), LIMIT)
    data = _line(HAND0_POS1) + _line(HAND0_POS1_FOLDED) + _line("MATCHSTATE:1:1::|2s2c")
    assert client.feed(data) == b"MATCHSTATE:1:0::|2hAc:f\r\nMATCHSTATE:1:1::|2s2c:f\r\n"
    assert client.result.decisions == 2
    assert client.result.nets == [Fraction(-5)]


def test_a_line_split_across_reads_is_answered_once_whole() -> None:
    client = ACPCClient(Folder(), LIMIT)
    assert client.feed(b"MATCHSTATE:1:0:") == b""
    assert client.feed(b":|2hAc\r") == b""
    assert client.feed(b"\n") == b"MATCHSTATE:1:0::|2hAc:f\r\n"


def test_comments_and_empty_lines_are_not_states() -> None:
    player = Folder()
    client = ACPCClient(player, LIMIT)
    assert client.feed(b"# a comment\r\n; another\r\n\r\n\n") == b""
    assert client.line("") is None and client.line("#x") is None and client.line(";x") is None
    assert player.asked == [] and client.result == ACPCResult()


def test_a_line_over_the_limit_is_refused_and_one_at_the_limit_read() -> None:
    client = ACPCClient(Folder(), LIMIT)
    assert client.feed(b"#" * 4095 + b"\n") == b""  # 4,096 bytes with its newline
    with pytest.raises(ACPCProtocolError) as caught:
        client.feed(b"#" * 4096 + b"\n")
    assert caught.value.reason == "the dealer sent a line over 4096 bytes"


def test_a_state_the_seat_cannot_follow_is_refused() -> None:
    client = ACPCClient(Folder(), LIMIT)
    with pytest.raises(ACPCProtocolError, match="not a MATCHSTATE line: 'HELLO'"):
        client.feed(b"HELLO\r\n")
    with pytest.raises(ACPCProtocolError, match="not a MATCHSTATE line: 'X'"):
        client.line("X")  # only '#' and ';' start a comment


def test_a_listening_player_hears_the_game_each_hand_each_event_once_and_each_end() -> None:
    player = Listening()
    client = ACPCClient(player, LIMIT)
    client.feed(_line(HAND0_POS1))
    client.feed(_line(HAND0_POS1_FOLDED))
    client.feed(_line(HAND0_POS1_FOLDED))
    client.feed(_line(HAND1_POS0))
    client.feed(_line(HAND1_POS0_FOLDED))
    kinds = [what for what, _ in player.heard]
    stack = (2**31 - 1, 2**31 - 1)  # a limit game's stacks: the dealer's INT32_MAX
    games = [x for what, x in player.heard if what == "start_game"]
    hands = [x for what, x in player.heard if what == "start_hand"]
    assert len(games) == 1
    game = games[0]
    assert isinstance(game, GameStart)
    rules = client.seat.rules
    # the positions are the seats: its own first position, the button last
    assert game == GameStart(rules, 2, 1, 1, ("position 0", "position 1"), stack, True, 0)
    assert hands == [HandStart(1, 1, stack, (0, 1), 0, rules),
                     HandStart(2, 1, stack, (0, 1), 0, rules)]  # fmt: skip
    events = [x for what, x in player.heard if what == "observe"]
    # each hand: the button's 5 and the big blind's 10 posted, the hole cards dealt (none
    # shown, its own neither), the button's fold, the 5 not called given back, the pot won
    one_hand = ["seat 1 posts blind 5", "seat 0 posts blind 10", "seat 0 is dealt ??",
                "seat 1 is dealt ??", "seat 1 folds", "seat 0 takes back 5 uncalled",
                "seat 0 wins 10"]  # fmt: skip
    assert [str(e) for e in events] == one_hand * 2
    ends = [x for what, x in player.heard if what == "end_hand"]
    assert ends == [["2h", "Ac"], ["9h", "6s"]]
    # the order: the game, the hand, its events, its end; then the next hand
    assert kinds[:2] == ["start_game", "start_hand"]
    assert kinds.index("end_hand") < kinds.index("start_hand", 2)


def test_a_player_that_joins_mid_match_is_told_the_hands_dealt_before() -> None:
    player = Listening()
    client = ACPCClient(player, LIMIT)
    client.feed(_line("MATCHSTATE:1:5::|2hAc"))
    game, hand = (x for _, x in player.heard[:2])
    assert isinstance(game, GameStart) and isinstance(hand, HandStart)
    assert (game.seat, game.hand, hand.number) == (1, 5, 6)


def test_the_first_hand_a_player_sees_end_is_scored_whatever_its_number() -> None:
    client = ACPCClient(Folder(), LIMIT)
    client.feed(_line("MATCHSTATE:1:1::|2hAc") + _line("MATCHSTATE:1:1:f:|2hAc"))
    assert client.result == ACPCResult(1, Fraction(-5), 1, [Fraction(-5)])


def test_a_player_that_only_acts_is_told_nothing() -> None:
    client = ACPCClient(Folder(), LIMIT)
    assert client._tell is None
    client.feed(_line(HAND0_POS1) + _line(HAND0_POS1_FOLDED))
    assert client.result.hands == 1


# ------------------------------------------------------------ the two drivers


def _run(coro: Awaitable[T], seconds: float = 5) -> T:
    async def bounded() -> T:
        async with asyncio.timeout(seconds):
            return await coro

    return asyncio.run(bounded())


class Script:
    """A dealer on loopback that sends one hand by hand: seed 42's first hand to the
    player at position 1, which must fold; it keeps every byte the player sent, and
    closes once the player has closed its side."""

    def __init__(self, *, pause: float = 0.0) -> None:
        self.pause = pause
        self.received = b""
        self.done = asyncio.Event()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.received += await reader.readline()
        if self.pause:
            await asyncio.sleep(self.pause)
        writer.write(b"# welcome\r\n" + _line(HAND0_POS1))
        self.received += await reader.readline()
        writer.write(_line(HAND0_POS1_FOLDED))
        writer.write_eof()
        self.received += await reader.read()  # until the player closes its side
        writer.close()
        self.done.set()


async def _scripted(drive: str, *, pause: float = 0.0, **options: float) -> tuple[
        ACPCResult, Script]:  # fmt: skip
    script = Script(pause=pause)
    server = await asyncio.start_server(script.serve, HOST, 0)
    port = server.sockets[0].getsockname()[1]
    player = Folder()
    async with server:
        if drive == "asyncio":
            result = await play_acpc(player, HOST, port, LIMIT, **options)
        else:
            result = await asyncio.to_thread(play_acpc_blocking, player, HOST, port, LIMIT,
                                             **options)  # fmt: skip
        await script.done.wait()
    assert [budget for _, _, budget in player.asked] == [options.get("budget", 5.0)]
    return result, script


@pytest.mark.network
@pytest.mark.parametrize("drive", ["asyncio", "blocking"])
@pytest.mark.parametrize("options", [{}, {"budget": 1.5}])
def test_each_driver_says_its_version_answers_and_returns_the_score(
    drive: str, options: dict[str, float]
) -> None:
    result, script = _run(_scripted(drive, **options))
    assert script.received == b"VERSION:2.0.0\r\nMATCHSTATE:1:0::|2hAc:f\r\n"
    assert result == ACPCResult(1, Fraction(-5), 1, [Fraction(-5)])


@pytest.mark.network
def test_the_blocking_driver_waits_for_a_slow_dealer_past_its_connect_timeout() -> None:
    """The connect timeout bounds the connection only, not the waits for the dealer."""
    result, _ = _run(_scripted("blocking", pause=0.3, connect_timeout=0.1))
    assert result.nets == [Fraction(-5)]


@pytest.mark.network
@pytest.mark.parametrize("drive", ["asyncio", "blocking"])
def test_a_connect_timeout_of_zero_gives_up_at_once(drive: str) -> None:
    async def scenario() -> None:
        server = await asyncio.start_server(lambda r, w: None, HOST, 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            if drive == "asyncio":
                with pytest.raises(TimeoutError):
                    await play_acpc(Folder(), HOST, port, LIMIT, connect_timeout=0)
            else:
                with pytest.raises(OSError):
                    play_acpc_blocking(Folder(), HOST, port, LIMIT, connect_timeout=0)

    _run(scenario())


@pytest.mark.network
@pytest.mark.parametrize("drive", ["asyncio", "blocking"])
def test_the_drivers_wait_30_seconds_to_connect_unless_told(
    drive: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(A wait too long to try: the bound each driver sets is kept instead.)"""
    bounds: list[float | None] = []
    timeout, connect = asyncio.timeout, socket.create_connection

    def kept_timeout(delay: float | None) -> asyncio.Timeout:
        bounds.append(delay)
        return timeout(delay)

    def kept_connect(address: tuple[str, int], timeout: float | None = None) -> socket.socket:
        bounds.append(timeout)
        return connect(address, timeout)

    monkeypatch.setattr(client_module.asyncio, "timeout", kept_timeout)
    monkeypatch.setattr(client_module.socket, "create_connection", kept_connect)
    _run(_scripted(drive))
    assert bounds == [5, 30.0]  # the test's own bound, then the driver's


class Reset:
    """A dealer that reads the version line and resets the connection."""

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readline()
        sock = writer.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        writer.transport.abort()


@pytest.mark.network
@pytest.mark.parametrize("drive", ["asyncio", "blocking"])
def test_a_dealer_that_resets_the_connection_is_a_connection_reset(drive: str) -> None:
    async def scenario() -> None:
        server = await asyncio.start_server(Reset().serve, HOST, 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            with pytest.raises(ConnectionResetError):
                if drive == "asyncio":
                    await play_acpc(Folder(), HOST, port, LIMIT)
                else:
                    await asyncio.to_thread(play_acpc_blocking, Folder(), HOST, port, LIMIT)

    _run(scenario())


@pytest.mark.network
def test_an_error_closing_the_connection_after_the_match_is_not_the_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Closing, the connection may report how it was lost (any ``OSError``, not only a
    ``ConnectionError``): the match is over, and its result is returned all the same."""

    async def lost(writer: asyncio.StreamWriter) -> None:
        raise OSError(errno.EHOSTUNREACH, "No route to host")

    monkeypatch.setattr(asyncio.StreamWriter, "wait_closed", lost)
    result, _ = _run(_scripted("asyncio"))
    assert result == ACPCResult(1, Fraction(-5), 1, [Fraction(-5)])


@pytest.mark.network
def test_the_blocking_driver_turns_off_nagle(monkeypatch: pytest.MonkeyPatch) -> None:
    options: list[tuple[int, int, int]] = []
    real = socket.socket.setsockopt

    def kept(sock: socket.socket, level: int, name: int, value: int) -> None:
        options.append((level, name, value))
        real(sock, level, name, value)

    monkeypatch.setattr(socket.socket, "setsockopt", kept)
    _run(_scripted("blocking"))
    assert (socket.IPPROTO_TCP, socket.TCP_NODELAY, 1) in options
