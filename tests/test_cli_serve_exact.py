"""``pokerroom serve acpc`` and ``serve json`` in this process, with exact answers.

The dealers' servers are replaced by stand-ins that play the match straight through
the dealer they are given (no socket, no process, no clock): what the command prints,
refuses, writes and keeps is then checked word for word.  The servers themselves have
their own tests (``test_acpc_server*.py``, ``test_jsonl_server_wires.py``); the command
as a user runs it, in processes on loopback, is ``test_net_cli.py`` and
``test_net_edge_cli.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import logging
import random
import signal
import stat
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

import pokerroom.cli.serve as serve
import pokerroom.net.acpc.server as acpc_server
import pokerroom.net.jsonl.server as json_server
import pokerroom.net.links as links
from cli_helpers import subcommand as _sub
from pokerroom.cli import main
from pokerroom.cli.errors import UsageError
from pokerroom.storage.results import ResultsDB
from pokerroom.table import Table

NET = logging.getLogger("pokerroom.net")


class ACPCStandIn:
    """In place of :class:`ACPCServer`: ports 9000, 9001... (or those given), and a
    match in which every seat calls (replies ``c``) until the dealer is done."""

    made: ClassVar[list[ACPCStandIn]] = []
    fail: str | None = None  # a TimeoutError's text, raised by run()
    db: Path | None = None  # then what it keeps there is read after each hand
    kept: ClassVar[list[Any]] = []

    def __init__(self, dealer: Any, **kwargs: Any) -> None:
        self.dealer = dealer
        self.kwargs = kwargs
        self.level = NET.level  # the log's level as the command set it
        ACPCStandIn.made.append(self)

    async def start(self) -> list[int]:
        given = self.kwargs["ports"]
        self.ports = list(given) if given is not None else [9000, 9001, 9002][
            : self.dealer.game.num_players]
        return list(self.ports)

    async def run(self) -> list[str]:
        if ACPCStandIn.fail is not None:
            raise TimeoutError(ACPCStandIn.fail)
        dealer = self.dealer
        for f in (self.kwargs["log"], self.kwargs["transcript"]):
            if f is not None:
                f.write("written by the server\n")
        dealer.start()
        dealer.expire(dealer.actor)  # the first to act runs out of time: a fault
        while not dealer.finished:
            actor = dealer.actor
            hands = dealer.hand_number
            dealer.receive(actor, dealer.text(actor) + ":c")
            if ACPCStandIn.db is not None and dealer.hand_number != hands:
                with ResultsDB(ACPCStandIn.db) as db:
                    ACPCStandIn.kept.append(db.served(1))
        return list(dealer.log)


class KilledError(Exception):
    """The dealer's process killed (nothing of the command runs after it)."""


class JSONStandIn:
    """In place of :class:`JSONServer`: port 4321, programs recorded, not started, and a
    match in which no seat answers (each decision's time runs out at once).  With
    ``interrupt_after`` hands, SIGINT is raised then (the command's handler stops it)."""

    made: ClassVar[list[JSONStandIn]] = []
    interrupt_after: int | None = None
    interrupt_in_hand = False
    kill_after: int | None = None  # then it raises KilledError in that hand (the process dies)
    decisions: int | None = None  # then it ends after this many decisions, the match unfinished

    def __init__(self, dealer: Any, **kwargs: Any) -> None:
        self.dealer = dealer
        self.kwargs = kwargs
        self.level = NET.level
        self.save = dealer.table.save()  # the table it starts with, its deal's state
        self.seq = dealer.seq  # where the dealer's numbering starts
        self.joined = list(dealer.joined)  # who it starts with
        self.spawned: list[tuple[int, list[str]]] = []
        self.stopped: str | None = None
        JSONStandIn.made.append(self)

    async def start(self) -> int:
        return 4321

    async def spawn(self, seat: int, argv: list[str]) -> None:
        self.spawned.append((seat, list(argv)))

    async def run(self) -> None:
        dealer = self.dealer
        now = 1000.0
        if dealer.table.in_hand or not dealer.table.is_over:
            dealer.start(now)
        while not dealer.finished and self.stopped is None:
            table = dealer.table
            stop_at = JSONStandIn.interrupt_after
            if stop_at is not None and table.hand_number >= stop_at and (
                    table.in_hand == JSONStandIn.interrupt_in_hand):  # fmt: skip
                dealer.joined[1] = "alice"  # (as if she had joined)
                signal.raise_signal(signal.SIGINT)
                for _ in range(100):
                    await asyncio.sleep(0)
                    if self.stopped is not None:
                        return
                raise AssertionError("SIGINT did not stop the match")
            if JSONStandIn.kill_after is not None and table.hand_number > JSONStandIn.kill_after:
                raise KilledError
            if JSONStandIn.decisions is not None:
                if JSONStandIn.decisions == 0:
                    return
                JSONStandIn.decisions -= 1
            now += 100
            dealer.expire(now)

    def stop(self, reason: str) -> None:
        self.stopped = reason


@pytest.fixture
def stand_ins(monkeypatch: pytest.MonkeyPatch) -> None:
    ACPCStandIn.made = []
    ACPCStandIn.fail = None
    ACPCStandIn.db = None
    ACPCStandIn.kept = []
    JSONStandIn.made = []
    JSONStandIn.interrupt_after = None
    JSONStandIn.interrupt_in_hand = False
    JSONStandIn.decisions = None
    JSONStandIn.kill_after = None
    monkeypatch.setattr(acpc_server, "ACPCServer", ACPCStandIn)
    monkeypatch.setattr(json_server, "JSONServer", JSONStandIn)
    # its default output is the standard output of when it was imported: this test's now
    print_ports = links.print_ports
    monkeypatch.setattr(links, "print_ports", lambda ports: print_ports(ports, sys.stdout))
    counter = iter(range(10_000))
    monkeypatch.setattr(json_server, "seat_tokens",
                        lambda n: [f"token{next(counter)}" for _ in range(n)])  # fmt: skip


@pytest.fixture
def game(data_dir: Path) -> str:
    return str(data_dir / "acpc" / "holdem.limit.3p.game")


class Out(io.StringIO):
    """Standard output as a pipe: what was flushed is what the reader has seen."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def flush(self) -> None:
        self.seen.append(self.getvalue())


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# ------------------------------------------------------------------------ serve acpc


def test_serve_acpc_prints_the_ports_then_the_score(
    game: str, stand_ins: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "acpc", game, "--hands", "3", "--seed", "7", "A", "B", "C"]) == 0
    out, err = capsys.readouterr()
    (server,) = ACPCStandIn.made
    dealer = server.dealer
    assert out == f"9000 9001 9002\n{dealer.score_line()}\n"
    assert out.splitlines()[1].startswith("SCORE:")
    assert err == ""
    assert server.kwargs == {"host": "127.0.0.1", "ports": None, "log": None,
                             "transcript": None, "start_timeout": None}  # fmt: skip
    assert list(dealer.names) == ["A", "B", "C"] and dealer.hands == 3 and dealer.seed == 7
    assert dealer.finished


def test_serve_acpc_gives_the_dealer_and_the_server_every_option(
    game: str, stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, transcript = tmp_path / "match.log", tmp_path / "match.txt"
    argv = ["serve", "acpc", game, "--hands", "2", "--seed", "9", "A", "B", "C",
            "--ports", "0,65535,7", "--host", "::1", "--fixed-seats", "--invalid", "reject",
            "--t-response", "1500", "--t-hand", "2500", "--t-per-hand", "3500",
            "--start-timeout", "4.5", "--name", "final", "--log", str(log),
            "--transcript", str(transcript)]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "0 65535 7"
    (server,) = ACPCStandIn.made
    kwargs = server.kwargs
    assert kwargs["host"] == "::1" and kwargs["ports"] == [0, 65535, 7]
    assert kwargs["start_timeout"] == 4.5
    assert kwargs["log"].closed and kwargs["transcript"].closed
    for path in (log, transcript):
        assert path.read_text() == "written by the server\n"
        assert _mode(path) == 0o600
    dealer = server.dealer
    assert dealer.fixed_seats is True
    assert dealer.invalid.value == "reject"
    assert (dealer.limits.response, dealer.limits.hand, dealer.limits.per_hand) == (1.5, 2.5, 3.5)
    assert dealer.match_name == "final" and dealer.game_file == game
    assert dealer.hands == 2 and dealer.seed == 9


def test_serve_acpc_defaults(game: str, stand_ins: None) -> None:
    assert main(["serve", "acpc", game, "--hands", "1", "--seed", "0", "A", "B", "C"]) == 0
    dealer = ACPCStandIn.made[0].dealer
    assert dealer.fixed_seats is False and dealer.invalid.value == "call"
    assert (dealer.limits.response, dealer.limits.hand, dealer.limits.per_hand) == (600, 600, 7)
    assert dealer.match_name == "match"


def test_serve_acpc_transcript_dash_is_standard_error_left_open(
    game: str, stand_ins: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "acpc", game, "--hands", "1", "--seed", "0", "A", "B", "C",
                 "--transcript", "-"]) == 0  # fmt: skip
    out, err = capsys.readouterr()
    assert "written by the server\n" in err and "written by" not in out
    assert ACPCStandIn.made[0].kwargs["transcript"] is sys.stderr
    assert not sys.stderr.closed


def test_serve_acpc_files_are_refused_when_they_exist_and_replaced_with_force(
    game: str, stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "match.log"
    log.write_text("old\n")
    argv = ["serve", "acpc", game, "--hands", "1", "--seed", "0", "A", "B", "C", "--log", str(log)]
    assert main(argv) == 2
    assert f"{log} exists: give --force to replace it" in capsys.readouterr().err
    assert log.read_text() == "old\n" and ACPCStandIn.made == []
    assert main([*argv, "--force"]) == 0
    assert log.read_text() == "written by the server\n"


def test_serve_acpc_a_seat_that_never_connects_is_a_one_line_error(
    game: str, stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ACPCStandIn.fail = "seats [2] did not connect in time"
    log = tmp_path / "match.log"
    argv = ["serve", "acpc", game, "--hands", "1", "--seed", "0", "A", "B", "C",
            "--start-timeout", "1", "--log", str(log)]  # fmt: skip
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "9000 9001 9002\n"
    assert err == "pokerroom serve acpc: error: seats [2] did not connect in time\n"
    assert ACPCStandIn.made[0].kwargs["log"].closed


@pytest.mark.parametrize(
    ("ports", "message"),
    [
        ("x", "--ports 'x': port numbers separated by commas"),
        ("1,,2", "--ports '1,,2': port numbers separated by commas"),
        ("1,2", "--ports '1,2': 3 port numbers (0 to 65535), one per seat"),
        ("1,2,3,4", "--ports '1,2,3,4': 3 port numbers (0 to 65535), one per seat"),
        ("1,2,65536", "--ports '1,2,65536': 3 port numbers (0 to 65535), one per seat"),
        ("-1,2,3", "--ports '-1,2,3': 3 port numbers (0 to 65535), one per seat"),
    ],
)
def test_serve_acpc_refuses_ports_word_for_word(
    game: str, stand_ins: None, capsys: pytest.CaptureFixture[str], ports: str, message: str
) -> None:
    argv = ["serve", "acpc", game, "--hands", "1", "--seed", "0", "A", "B", "C", f"--ports={ports}"]
    assert main(argv) == 2
    assert capsys.readouterr().err == f"pokerroom serve acpc: error: {message}\n"


def test_ports_none_and_at_their_bounds() -> None:
    assert serve._ports(None, 3) is None
    assert serve._ports("0,65535", 2) == [0, 65535]
    assert serve._ports(" 1, 2", 2) == [1, 2]


@pytest.mark.parametrize(("names", "given"), [(["A", "B"], 2), (["A", "B", "C", "D"], 4)])
def test_serve_acpc_refuses_the_wrong_number_of_names(
    game: str, stand_ins: None, capsys: pytest.CaptureFixture[str], names: list[str], given: int
) -> None:
    assert main(["serve", "acpc", game, "--hands", "1", "--seed", "0", *names]) == 2
    assert capsys.readouterr().err == (
        f"pokerroom serve acpc: error: the game is for 3 players: give 3 names, not {given}\n"
    )


def _acpc_args(game: str, **changes: Any) -> argparse.Namespace:
    values: dict[str, Any] = {
        "names": ["A", "B", "C"], "hands": 1, "seed": 0, "fixed_seats": False,
        "invalid": "call", "t_response": 1000, "t_hand": 1000, "t_per_hand": 1000,
        "name": "m", "gamedef": game}  # fmt: skip
    values.update(changes)
    return argparse.Namespace(**values)


def test_the_acpc_dealer_refuses_no_hands_and_what_it_cannot_take(game: str) -> None:
    from pokerroom.history.acpc import GameDef

    gamedef = GameDef.load(game)
    with pytest.raises(UsageError) as caught:
        serve._acpc_dealer(_acpc_args(game, hands=0), gamedef)
    assert str(caught.value) == "--hands 0: 1 or more"
    assert serve._acpc_dealer(_acpc_args(game, hands=1), gamedef).hands == 1
    with pytest.raises(UsageError) as caught:
        serve._acpc_dealer(_acpc_args(game, t_response=-1000), gamedef)
    assert str(caught.value) == "the response time limit must be more than 0 seconds"


def test_serve_acpc_keeps_the_match_in_the_database(
    game: str, stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = tmp_path / "results.db"
    argv = ["serve", "acpc", game, "--hands", "3", "--seed", "42", "A", "B", "C",
            "--db", str(db_path), "--invalid", "fold", "--fixed-seats",
            "--name", "cup"]  # fmt: skip
    ACPCStandIn.db = db_path
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == f"results written to {db_path} (run 1, 3 hands)\n"
    # kept hand by hand while it is played: the state of a served ACPC match, its hands
    assert [(state, len(phh)) for state, phh in ACPCStandIn.kept] == [
        ({"served": "acpc", "totals": totals}, hands)
        for totals, hands in [(ACPCStandIn.kept[0][0]["totals"], 1),
                              (ACPCStandIn.kept[1][0]["totals"], 2)]]  # fmt: skip
    assert len(ACPCStandIn.kept) == 2  # the third is the game itself
    assert out.splitlines()[0] == "9000 9001 9002"
    assert _mode(db_path) == 0o600
    db = ResultsDB(db_path)
    (run,) = db.runs()
    assert run.kind == "league" and run.games == 1 and run.done == 1
    assert run.finished is not None
    assert run.settings == {"served": "acpc", "gamedef": Path(game).read_text(),
                            "names": ["A", "B", "C"], "hands": 3, "seed": 42,
                            "fixed_seats": True, "invalid": "fold"}  # fmt: skip
    (record,) = db.games(run.id)
    assert record.hands == 3 and record.seed == 42 and record.label == "cup"
    dealer = ACPCStandIn.made[0].dealer
    assert [s.player for s in record.seats] == ["A", "B", "C"]
    assert [sum(s.nets) for s in record.seats] == [int(t) for t in dealer.totals]
    assert dealer.faults == [(2, "hand 0: seat 3 ran out of time: fold")]
    assert record.faults == ("hand 0: seat 3 ran out of time: fold",)
    assert [s.faults for s in record.seats] == [0, 0, 1]
    assert len(db.hands(run.id, 0)) == 3
    assert db.served(run.id) is None
    db.close()


# ----------------------------------------------------------------------- the log


def test_the_log_goes_to_standard_error_at_its_level_while_the_command_runs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seen: list[int] = []

    def command(args: argparse.Namespace) -> int:
        seen.append(NET.level)
        NET.debug("a debug line")
        NET.warning("a warning line")
        return 7

    before = NET.level
    handlers = list(NET.handlers)
    assert serve._logged(command)(argparse.Namespace(log_level="warning")) == 7
    assert seen == [logging.WARNING]
    assert NET.level == before and NET.handlers == handlers
    err = capsys.readouterr().err
    assert err.endswith(" WARNING a warning line\n") and "debug" not in err
    assert err.count("\n") == 1
    # the time first: "YYYY-MM-DD HH:MM:SS,mmm"
    stamp = err.split(" WARNING ")[0]
    assert len(stamp) == 23 and stamp[4] == "-" and stamp[19] == ","

    def failing(args: argparse.Namespace) -> int:
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        serve._logged(failing)(argparse.Namespace(log_level="debug"))
    assert NET.level == before and NET.handlers == handlers


def test_shown_escapes_what_is_not_printable() -> None:
    assert serve.shown("bot 1") == "bot 1"
    assert serve.shown("é") == "é"
    assert serve.shown("a\x1b[2Jb") == "'a\\x1b[2Jb'"
    assert serve.shown("a\nb") == "'a\\nb'"


# ---------------------------------------------------------------------- --db


def test_a_new_database_is_private(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    db = serve._open_db(path)
    assert db is not None
    db.close()
    assert _mode(path) == 0o600
    assert serve._open_db(None) is None


def test_a_database_others_can_read_is_named_in_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "shared.db"
    ResultsDB(path).close()
    for mode, warned in ((0o644, True), (0o640, True), (0o604, True), (0o600, False),
                         (0o700, False)):  # fmt: skip
        path.chmod(mode)
        caplog.clear()
        with caplog.at_level(logging.INFO, "pokerroom.net"):
            db = serve._open_db(path)
        assert db is not None
        db.close()
        said = [(r.name, r.levelno, r.getMessage()) for r in caplog.records]
        assert said == ([("pokerroom.net", logging.WARNING,
                          f"{path} can be read by other users: a match in progress keeps its "
                          f"tokens and the cards of the hand in play there (chmod 600 {path})")]
                        if warned else [])  # fmt: skip


def test_a_file_that_is_not_a_database_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database\n" * 100)
    path.chmod(0o644)
    with pytest.raises(UsageError) as caught:
        serve._open_db(path)
    assert str(caught.value).startswith(f"{path}: not a results database")
    assert path.read_text() == "not a database\n" * 100


def test_a_folder_given_as_the_database_is_refused_by_it(tmp_path: Path) -> None:
    with pytest.raises(UsageError) as caught:
        serve._open_db(tmp_path)
    assert str(tmp_path) in str(caught.value)


def test_a_hand_that_cannot_be_kept_is_logged_and_the_match_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    class Recorder:
        def __init__(self) -> None:
            self.phh = ["h1"]
            self.totals = [0, 0]

        def hand_over(self) -> None:
            self.phh.append(f"h{len(self.phh) + 1}")
            self.totals[0] += 5

    class DB:
        path = tmp_path / "r.db"

        def __init__(self) -> None:
            self.saved: list[tuple[Any, ...]] = []
            self.broken = False

        def save_served(self, run: int, state: dict[str, Any], hands: int,
                        new: list[tuple[int, str]] | None = None) -> None:  # fmt: skip
            if self.broken:
                raise OSError("disk full")
            self.saved.append((run, state, hands, new))

    db, recorder = DB(), Recorder()
    keeper = serve._Keeper(db, 4, recorder)  # type: ignore[arg-type]
    assert keeper.stored == 1
    keeper.hand_over({"k": 1})
    assert db.saved == [(4, {"k": 1, "totals": [5, 0]}, 2, [(2, "h2")])]
    assert keeper.stored == 2
    db.broken = True
    with caplog.at_level(logging.ERROR, "pokerroom.net"):
        keeper.hand_over({"k": 2})
    assert [(r.name, r.levelno, r.getMessage()) for r in caplog.records] == [
        ("pokerroom.net", logging.ERROR,
         f"{db.path}: cannot keep hand 3 (disk full); the match goes on")]
    assert keeper.stored == 2  # the next hand keeps both
    db.broken = False
    keeper.hand_over({"k": 3})
    assert db.saved[-1] == (4, {"k": 3, "totals": [15, 0]}, 4, [(3, "h3"), (4, "h4")])
    keeper.keep({"k": 4})
    assert db.saved[-1] == (4, {"k": 4, "totals": [15, 0]}, 4, None)


# ------------------------------------------------------------------------ --exec


def test_programs_are_read_seat_by_seat() -> None:
    assert serve._programs([], 2) == {}
    assert serve._programs(["0=a b", " 1 =c 'd e'"], 2) == {0: ["a", "b"], 1: ["c", "d e"]}
    assert serve._programs(["13=x=y"], 14) == {13: ["x=y"]}


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("x", "--exec 'x': SEAT=COMMAND, like 1='pokerroom bot json --stdio'"),
        ("1", "--exec '1': SEAT=COMMAND, like 1='pokerroom bot json --stdio'"),
        ("1=", "--exec '1=': SEAT=COMMAND, like 1='pokerroom bot json --stdio'"),
        ("1=  ", "--exec '1=  ': SEAT=COMMAND, like 1='pokerroom bot json --stdio'"),
        ("=bot", "--exec '=bot': SEAT=COMMAND, like 1='pokerroom bot json --stdio'"),
        ("1000=bot", "--exec '1000=bot': SEAT=COMMAND, like 1='pokerroom bot json --stdio'"),
        ("2=bot", "--exec '2=bot': seat 2 is not a free seat (0 to 1)"),
        ("-1=bot", "--exec '-1=bot': SEAT=COMMAND, like 1='pokerroom bot json --stdio'"),
    ],
)
def test_programs_refused_word_for_word(spec: str, message: str) -> None:
    with pytest.raises(UsageError) as caught:
        serve._programs([spec], 2)
    assert str(caught.value) == message


def test_two_programs_for_one_seat_are_refused() -> None:
    with pytest.raises(UsageError) as caught:
        serve._programs(["1=a", "1=b"], 2)
    assert str(caught.value) == "--exec '1=b': seat 1 is not a free seat (0 to 1)"


# ----------------------------------------------------------- serve json's options


def _json_args(**changes: Any) -> argparse.Namespace:
    values: dict[str, Any] = {"hands": 3, "freeze_out": False, "max_connections": 0,
                              "seats": 3, "resume": False, "db": None}  # fmt: skip
    values.update(changes)
    return argparse.Namespace(**values)


def test_serve_json_options_that_do_not_go_together_are_refused() -> None:
    with pytest.raises(UsageError) as caught:
        serve._check_json(_json_args(hands=0))
    assert str(caught.value) == "--hands 0: 1 or more"
    args = _json_args(hands=1)
    serve._check_json(args)
    assert args.freeze_out is False
    args = _json_args(hands=None)
    serve._check_json(args)
    assert args.freeze_out is True
    with pytest.raises(UsageError) as caught:
        serve._check_json(_json_args(max_connections=2))
    assert str(caught.value) == (
        "--max-connections 2: at least one for each of the 3 seats (0: no limit)")
    with pytest.raises(UsageError) as caught:
        serve._check_json(_json_args(max_connections=1))
    assert str(caught.value) == (
        "--max-connections 1: at least one for each of the 3 seats (0: no limit)")
    serve._check_json(_json_args(max_connections=3))
    serve._check_json(_json_args(max_connections=0))
    serve._check_json(_json_args(max_connections=1, seats=1))
    with pytest.raises(UsageError) as caught:
        serve._check_json(_json_args(resume=True))
    assert str(caught.value) == "--resume goes on with a match kept in --db FILE: give --db"
    serve._check_json(_json_args(resume=True, db=Path("x.db")))


def test_serve_json_prints_the_match_and_its_standings(
    stand_ins: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "json", "--seats", "3", "--hands", "2", "--seed", "5"]) == 0
    out, err = capsys.readouterr()
    (server,) = JSONStandIn.made
    table = server.dealer.table
    rules = str(table.rules)
    standings = "".join(
        f"  {s.place}. seat {s.seat} (nobody joined): {table.stacks[s.seat]} chips\n"
        for s in table.standings)  # fmt: skip
    assert out == (
        f"pokerroom JSON-lines dealer on 127.0.0.1:4321: 3 seats, 2 hands, {rules}\n"
        "seat 0: token0\nseat 1: token1\nseat 2: token2\n"
        f"2 hands played\n{standings}"
    )
    assert err == ""
    assert sorted(table.stacks) != [table.stacks[0]] * 3  # the standings differ
    assert server.kwargs == {"host": "127.0.0.1", "port": 0, "start_timeout": None,
                             "max_connections": 256, "max_per_address": 64}  # fmt: skip
    dealer = server.dealer
    assert dealer.budget == 30.0 and dealer.name == "match"
    assert dealer.max_spectators == 64 and dealer.seq > 0
    assert rules.startswith("fixed limit")  # computer-tournament, the default
    # the deal of --seed 5: Python's Mersenne Twister seeded with 5
    seeded = Table(table.rules, 3, rng=random.Random(5), max_hands=2).save()
    assert server.save == seeded


def test_serve_json_gives_the_server_and_the_dealer_every_option(
    stand_ins: None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["serve", "json", "--seats", "2", "--hands", "1", "--rules", "no-limit",
            "--set", "buy_in=500", "--port", "65535", "--host", "::1", "--start-timeout", "2.5",
            "--max-connections", "2", "--max-per-address", "1", "--max-spectators", "3",
            "--timeout", "0.25", "--name", "final", "--watch", "token"]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    (server,) = JSONStandIn.made
    assert server.kwargs == {"host": "::1", "port": 65535, "start_timeout": 2.5,
                             "max_connections": 2, "max_per_address": 1}  # fmt: skip
    dealer = server.dealer
    assert dealer.budget == 0.25 and dealer.name == "final" and dealer.max_spectators == 3
    assert dealer.table.rules.buy_in == 500
    assert out.splitlines()[:4] == [
        f"pokerroom JSON-lines dealer on ::1:4321: 2 seats, 1 hands, {dealer.table.rules}",
        "seat 0: token0", "seat 1: token1", "spectators: token2"]
    assert dealer.watch_token == "token2"


def test_serve_json_no_limits_and_a_freeze_out(
    stand_ins: None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["serve", "json", "--seats", "2", "--seed", "3", "--max-connections", "0",
            "--max-per-address", "0", "--max-spectators", "0", "--watch", "off"]  # fmt: skip
    JSONStandIn.decisions = 20
    assert main(argv) == 0
    out = capsys.readouterr().out
    (server,) = JSONStandIn.made
    assert server.kwargs["max_connections"] is None and server.kwargs["max_per_address"] is None
    assert server.dealer.max_spectators is None
    rules = str(server.dealer.table.rules)
    assert out.splitlines()[0].endswith(f": 2 seats, a freeze-out, {rules}")
    assert "spectators" not in out
    table = server.dealer.table
    assert table.max_hands is None and table.hand_number > 1
    assert f"{table.hand_number} hands played\n" in out


def test_serve_json_starts_the_programs_and_hides_their_tokens(
    stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tokens = tmp_path / "tokens.json"
    argv = ["serve", "json", "--seats", "3", "--hands", "1", "--seed", "1",
            "--exec", "2=/usr/bin/my-bot --x 'a b'", "--tokens", str(tokens)]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    (server,) = JSONStandIn.made
    assert server.spawned == [(2, ["/usr/bin/my-bot", "--x", "a b"])]
    lines = out.splitlines()
    assert lines[1:3] == ["seat 2: /usr/bin/my-bot --x 'a b'", f"tokens written to {tokens}"]
    assert tokens.read_text() == (
        '{\n  "host": "127.0.0.1",\n  "port": 4321,\n  "tokens": [\n    "token0",\n'
        '    "token1",\n    null\n  ]\n}')
    assert _mode(tokens) == 0o600
    assert server.dealer.joined == [None, None, "my-bot"]
    assert "(my-bot)" in out and out.count("(nobody joined)") == 2


def test_serve_json_prints_every_token_but_the_programs(
    stand_ins: None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["serve", "json", "--seats", "3", "--hands", "1", "--exec", "0=bot", "--watch", "token"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:5] == ["seat 0: bot", "seat 1: token1", "seat 2: token2", "spectators: token3"]


def test_the_tokens_file_holds_the_spectators_token(
    stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tokens = tmp_path / "tokens.json"
    tokens.write_text("old")
    argv = ["serve", "json", "--seats", "2", "--hands", "1", "--watch", "token",
            "--tokens", str(tokens)]  # fmt: skip
    assert main(argv) == 2
    assert f"{tokens} exists: give --force to replace it" in capsys.readouterr().err
    assert tokens.read_text() == "old"
    assert main([*argv, "--force"]) == 0
    assert json.loads(tokens.read_text()) == {
        "host": "127.0.0.1", "port": 4321, "tokens": ["token3", "token4"],
        "watch_token": "token5"}  # fmt: skip
    assert "token3" not in capsys.readouterr().out


# --------------------------------------------------------- serve json --db, --resume


def test_serve_json_keeps_the_match_and_writes_it_whole_at_the_end(
    stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = tmp_path / "r.db"
    argv = ["serve", "json", "--seats", "3", "--hands", "2", "--seed", "11", "--db", str(db_path),
            "--timeout", "5", "--name", "cup", "--exec", "1=prog"]  # fmt: skip
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == f"results written to {db_path} (run 1, 2 hands)\n"
    assert "2 hands played\n" in out
    db = ResultsDB(db_path)
    (run,) = db.runs()
    assert run.kind == "tournament" and run.finished is not None
    assert run.games == 1 and run.done == 1
    dealer = JSONStandIn.made[0].dealer
    assert run.settings == {"served": "json", "rules": dealer.table.rules.to_mapping(),
                            "seats": 3, "hands": 2, "seed": 11, "timeout": 5.0}  # fmt: skip
    (record,) = db.games(run.id)
    assert record.seed == 11 and record.hands == 2 and record.label == "cup"
    assert [s.player for s in record.seats] == ["seat 0", "prog", "seat 2"]
    assert [sum(s.nets) for s in record.seats] == [
        stack - dealer.table.rules.buy_in for stack in dealer.table.stacks]
    assert list(record.faults) == [str(f) for f in dealer.runner.faults]
    assert record.faults[0] == (
        "hand 1, seat 1 (seat 1) act: timeout: no answer in 5 s (disconnected); "
        "played fold instead")
    assert len(db.hands(run.id, 0)) == 2
    assert db.served(run.id) is None
    db.close()


def test_a_seed_is_drawn_when_none_is_given(
    stand_ins: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bounds: list[int] = []

    def randbelow(n: int) -> int:
        bounds.append(n)
        return 1234

    monkeypatch.setattr(serve.secrets, "randbelow", randbelow)
    db_path = tmp_path / "r.db"
    assert main(["serve", "json", "--seats", "2", "--hands", "1", "--db", str(db_path)]) == 0
    assert bounds == [2**31]
    with ResultsDB(db_path) as db:
        assert db.runs()[0].settings["seed"] == 1234


def _stopped_match(db_path: Path, capsys: pytest.CaptureFixture[str], *, in_hand: bool,
                   extra: list[str] | None = None) -> tuple[list[str], str]:  # fmt: skip
    JSONStandIn.interrupt_after = 2
    JSONStandIn.interrupt_in_hand = in_hand
    argv = ["serve", "json", "--seats", "3", "--hands", "5", "--seed", "21",
            "--db", str(db_path), *(extra or [])]  # fmt: skip
    assert main(argv) == 130
    out = capsys.readouterr().out
    JSONStandIn.interrupt_after = None
    return argv, out


def test_a_stopped_match_is_kept_and_resumes_in_the_hand_it_stopped_in(
    stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch,
) -> None:
    db_path = tmp_path / "r.db"
    argv, out = _stopped_match(db_path, capsys, in_hand=True, extra=["--watch", "token"])
    (first,) = JSONStandIn.made
    assert first.seq == 0 and first.joined == [None, None, None]
    assert first.stopped == "the dealer is stopping; the match may resume later"
    table = first.dealer.table
    assert table.in_hand and table.hand_number == 2
    assert out.endswith(
        f"stopped after 2 hands; kept in {db_path}: --resume goes on with it\n")
    with ResultsDB(db_path) as db:
        (run,) = db.runs()
        assert run.finished is None
        kept = db.served(run.id)
        assert kept is not None
        state, phh = kept
        assert state["in_play"] is True and state["tokens"] == ["token0", "token1", "token2"]
        assert state["watch_token"] == "token3" and state["seed"] == 21
        assert state["seq"] == first.dealer.seq and len(phh) == 1
        assert state["table"] == table.save()
    # the same settings without --seed: the kept match's own
    resumed = [a for a in argv if a not in ("--seed", "21")]
    caplog.clear()
    with caplog.at_level(logging.DEBUG):
        assert main([*resumed, "--resume", "--watch", "token"]) == 0
    assert not [r for r in caplog.records if "resuming" in r.getMessage()]
    out = capsys.readouterr().out
    second = JSONStandIn.made[1]
    # the hand in play goes on with the cards it was dealt: the table as kept
    assert second.save == state["table"]
    assert out.splitlines()[0].endswith(", resumed in hand 2")
    assert out.splitlines()[1:4] == ["seat 0: token0", "seat 1: token1", "seat 2: token2"]
    assert out.splitlines()[4] == "spectators: token3"
    assert second.dealer.table.hand_number == 5
    assert second.seq == state["seq"] > 0  # the decisions numbered on from the kept match's
    assert second.joined == state["joined"] == [None, "alice", None]
    assert "(alice)" in out
    with ResultsDB(db_path) as db:
        (run,) = db.runs()
        assert run.finished is not None and db.served(run.id) is None
        (record,) = db.games(run.id)
        assert record.hands == 5 and record.seed == 21
        # the faults before the stop and after the resume
        assert len(state["faults"]) > 0
        assert len(record.faults) == len(state["faults"]) + len(second.dealer.runner.faults)
        assert record.faults[0] == state["faults"][0][1]
        assert state["faults"][0] == [1, "hand 1, seat 1 (seat 1) act: timeout: no answer in "
                                      "30 s (disconnected); played fold instead"]
        assert len(db.hands(run.id, 0)) == 5


def test_a_killed_match_resumes_after_its_last_hand_with_new_cards(
    stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch,
) -> None:
    db_path = tmp_path / "r.db"
    argv = ["serve", "json", "--seats", "3", "--hands", "5", "--seed", "21", "--db", str(db_path)]
    JSONStandIn.kill_after = 2
    with pytest.raises(KilledError):
        main(argv)
    JSONStandIn.kill_after = None
    capsys.readouterr()
    with ResultsDB(db_path) as db:
        state, phh = db.served(1)  # type: ignore[misc]
    assert state["in_play"] is False and len(phh) == 2
    bits: list[int] = []
    monkeypatch.setattr(serve.secrets, "randbits", lambda k: bits.append(k) or 77)
    restores: list[dict[str, Any]] = []
    restore = Table.restore
    monkeypatch.setattr(Table, "restore", lambda save: restores.append(save) or restore(save))
    with caplog.at_level(logging.DEBUG):
        assert main([*argv, "--resume"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith(", resumed after hand 2")
    said = [(r.name, r.levelno, r.getMessage()) for r in caplog.records
            if "resuming" in r.getMessage()]  # fmt: skip
    assert said == [("pokerroom.net", logging.WARNING, "resuming after hand 2: a hand cut off "
                     "when the dealer stopped is dealt again with new cards")]  # fmt: skip
    second = JSONStandIn.made[1].dealer.table
    assert second.hand_number == 5
    assert bits == [64]  # a new deal, from a secret seed
    assert restores[0] == serve._reshuffled(state["table"]) != state["table"]
    with ResultsDB(db_path) as db:
        (record,) = db.games(1)
        assert record.hands == 5 and len(db.hands(1, 0)) == 5


def test_resume_refuses_a_match_it_does_not_have_word_for_word(
    stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = tmp_path / "r.db"
    base = ["serve", "json", "--seats", "2", "--hands", "1", "--db", str(db_path)]
    assert main([*base, "--resume"]) == 2
    assert capsys.readouterr().err == (
        f"pokerroom serve json: error: --resume: {db_path} has no served match in progress "
        "with these settings\n")  # fmt: skip
    assert main([*base, "--seed", "4"]) == 0  # played to its end
    capsys.readouterr()
    assert main([*base, "--seed", "4", "--resume"]) == 2
    assert capsys.readouterr().err == (
        f"pokerroom serve json: error: --resume: {db_path} has no served match in progress "
        "with these settings (it is finished)\n")  # fmt: skip
    assert main([*base[:-4], "--hands", "2", "--db", str(db_path), "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        f"pokerroom serve json: error: --resume: {db_path} has no served match in progress "
        "with these settings (the last one differs: ")  # fmt: skip
    assert "hands" in err and err.endswith(")\n")
    assert main([*base[:-4], "--hands", "2", "--timeout", "5", "--db", str(db_path),
                 "--seed", "4", "--resume"]) == 2  # fmt: skip
    err = capsys.readouterr().err
    assert err.endswith("(the last one differs: hands: 1 -> 2; timeout: 30.0 -> 5.0)\n")


def test_resume_with_a_seed_takes_only_the_match_of_that_seed(
    stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = tmp_path / "r.db"
    argv, _ = _stopped_match(db_path, capsys, in_hand=True)
    other = ["--seed" if a == "--seed" else ("22" if a == "21" else a) for a in argv]
    assert main([*other, "--resume"]) == 2
    assert "the last one differs: " in capsys.readouterr().err
    assert main([*argv, "--resume"]) == 0


def test_the_most_recent_match_in_progress_is_resumed(
    stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = tmp_path / "r.db"
    argv, _ = _stopped_match(db_path, capsys, in_hand=True)
    _stopped_match(db_path, capsys, in_hand=True)
    assert main([*argv, "--resume"]) == 0
    with ResultsDB(db_path) as db:
        runs = db.runs()
        assert [r.finished is None for r in runs] == [True, False]


def test_a_damaged_kept_match_is_refused_by_name(
    stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = tmp_path / "r.db"
    argv, _ = _stopped_match(db_path, capsys, in_hand=True)
    with ResultsDB(db_path) as db:
        state, _phh = db.served(1)  # type: ignore[misc]
        state["table"]["stacks"] = [1, 2]
        db.save_served(1, state, 1)
    assert main([*argv, "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        f"pokerroom serve json: error: --resume: the match kept in {db_path} cannot go on: ")


def test_reshuffled_makes_a_new_deal_with_its_checksum_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import random

    from pokerroom.rules import Rules

    table = Table(Rules.preset("no-limit"), 2, rng=random.Random(1), max_hands=3)
    save = table.save()
    bits: list[int] = []

    def randbits(k: int) -> int:
        bits.append(k)
        return 99

    monkeypatch.setattr(serve.secrets, "randbits", randbits)
    again = serve._reshuffled(save)
    assert bits == [64]
    state = random.Random(99).getstate()
    assert again["rng"] == [state[0], list(state[1]), state[2]]
    assert {k: v for k, v in again.items() if k not in ("rng", "checksum")} == {
        k: v for k, v in save.items() if k not in ("rng", "checksum")}
    assert "checksum" in save and save["rng"] != again["rng"]
    restored = Table.restore(again)  # the checksum holds
    assert restored.save()["rng"] == again["rng"]
    assert again["checksum"].startswith("sha256:") and len(again["checksum"]) == 7 + 64


# ------------------------------------------------------------ the options' texts


def _options(parser: argparse.ArgumentParser) -> dict[str, tuple[Any, ...]]:
    out: dict[str, tuple[Any, ...]] = {}
    for a in parser._actions:
        if isinstance(a, argparse._HelpAction):
            continue
        name = a.option_strings[0] if a.option_strings else a.dest
        kind = a.type
        typ = None if kind is None else (type(kind).__name__, dict(sorted(vars(kind).items())))
        choices = a.choices
        if choices is not None and not isinstance(choices, tuple):
            choices = list(choices)
        out[name] = (a.dest, a.default, a.help, a.metavar, choices, a.required, a.nargs,
                     type(a).__name__, typ)  # fmt: skip
    return out


SERVE_HELP = 'deal to poker programs over TCP (ACPC or JSON lines), or open a room'
KIND_HELP = {'acpc': 'an ACPC protocol 2.0.0 dealer, like the reference one',
 'json': "pokerroom's JSON-lines dealer (tokens, spectators)"}
COMMON_OPTIONS = {  # the options both dealers take (_add_common)
    '--log-level': ('log_level',
                    'info',
                    'what the dealer logs on standard error, one line per event: debug '
                    '(every connection and refused line), info (the default: seats '
                    'taken, default actions), warning (wrong tokens, seats taken over, '
                    'connections dropped), error',
                    None,
                    ('debug', 'info', 'warning', 'error'),
                    False,
                    None,
                    '_StoreAction',
                    None),
    '--force': ('force',
                False,
                'replace files that exist (tokens, log, transcript); without it they are '
                'refused, and a link is never followed',
                None,
                None,
                False,
                0,
                '_StoreTrueAction',
                None)}

OPTIONS = {'acpc': {'gamedef': ('gamedef',
                      None,
                      'the ACPC game definition file',
                      'GAMEDEF',
                      None,
                      True,
                      None,
                      '_StoreAction',
                      ('InputFile', {'what': 'an ACPC game definition'})),
          'names': ('names',
                    None,
                    "the players' names, seat by seat",
                    'NAME',
                    None,
                    True,
                    '+',
                    '_StoreAction',
                    None),
          '--hands': ('hands',
                      None,
                      'hands to play',
                      None,
                      None,
                      True,
                      None,
                      '_StoreAction',
                      ('Count', {'high': 1000000, 'low': 1, 'unit': 'hands'})),
          '--seed': ('seed',
                     None,
                     "the deal's seed (MT19937)",
                     None,
                     None,
                     True,
                     None,
                     '_StoreAction',
                     ('Seed', {'high': 4294967295, 'low': 0, 'unit': ''})),
          '--ports': ('ports',
                      None,
                      'a port per seat: p1,p2,... (default: any free ports)',
                      None,
                      None,
                      False,
                      None,
                      '_StoreAction',
                      None),
          '--host': ('host',
                     '127.0.0.1',
                     'the address to listen on (default 127.0.0.1; 0.0.0.0 for every one)',
                     None,
                     None,
                     False,
                     None,
                     '_StoreAction',
                     ('Host', {})),
          '--fixed-seats': ('fixed_seats',
                            False,
                            'do not rotate the seats',
                            None,
                            None,
                            False,
                            0,
                            '_StoreTrueAction',
                            None),
          '--log': ('log',
                    None,
                    'write the match log (STATE/SCORE lines; readable by you only)',
                    'FILE',
                    None,
                    False,
                    None,
                    '_StoreAction',
                    ('OutputFile',
                     {'dash': False, 'suffixes': (), 'what': 'a file for the log'})),
          '--db': ('db',
                   None,
                   'write the results and every hand (PHH) to this SQLite results database '
                   '(the one pokerroom tournament and league write; created if new)',
                   'FILE',
                   None,
                   False,
                   None,
                   '_StoreAction',
                   ('OutputPath', {'suffixes': (), 'what': 'a results database file'})),
          '--transcript': ('transcript',
                           None,
                           "write every line sent and received ('-': standard error; a file is "
                           'readable by you only: it holds every hole card)',
                           'FILE',
                           None,
                           False,
                           None,
                           '_StoreAction',
                           ('OutputFile',
                            {'dash': True,
                             'suffixes': (),
                             'what': 'a file for the transcript, or -'})),
          **COMMON_OPTIONS,
          '--name': ('name',
                     'match',
                     "the match's name in the log",
                     None,
                     None,
                     False,
                     None,
                     '_StoreAction',
                     None),
          '--invalid': ('invalid',
                        'call',
                        'an invalid action becomes a call (the reference; no-limit raises are '
                        'moved into range), the default action (fold), or is refused (reject: '
                        'the player answers again)',
                        None,
                        ['call', 'fold', 'reject'],
                        False,
                        None,
                        '_StoreAction',
                        None),
          '--t-response': ('t_response',
                           600000,
                           'milliseconds per action (default 600000)',
                           'MS',
                           None,
                           False,
                           None,
                           '_StoreAction',
                           ('Seconds',
                            {'below': False,
                             'high': 86400000.0,
                             'note': ' (a day)',
                             'unit': ' of milliseconds'})),
          '--t-hand': ('t_hand',
                       600000,
                       'milliseconds per player per hand (default 600000)',
                       'MS',
                       None,
                       False,
                       None,
                       '_StoreAction',
                       ('Seconds',
                        {'below': False,
                         'high': 86400000.0,
                         'note': ' (a day)',
                         'unit': ' of milliseconds'})),
          '--t-per-hand': ('t_per_hand',
                           7000,
                           'milliseconds per hand on average over the match (default 7000)',
                           'MS',
                           None,
                           False,
                           None,
                           '_StoreAction',
                           ('Seconds',
                            {'below': False,
                             'high': 86400000.0,
                             'note': ' (a day)',
                             'unit': ' of milliseconds'})),
          '--start-timeout': ('start_timeout',
                              None,
                              'give up if the players have not all connected by then',
                              'SECONDS',
                              None,
                              False,
                              None,
                              '_StoreAction',
                              ('Seconds',
                               {'below': False,
                                'high': 86400.0,
                                'note': ' (a day)',
                                'unit': ' of seconds'}))},
 'json': {'--rules': ('rules',
                      'computer-tournament',
                      'a preset (default computer-tournament) or a TOML file of rules',
                      None,
                      None,
                      False,
                      None,
                      '_StoreAction',
                      ('RulesArgument', {})),
          '--set': ('set',
                    None,
                    'override a rule (repeatable), e.g. --set buy_in=500',
                    'FIELD=VALUE',
                    None,
                    False,
                    None,
                    '_AppendAction',
                    None),
          '--seats': ('seats',
                      None,
                      'seats at the table (2 to 14)',
                      None,
                      None,
                      True,
                      None,
                      '_StoreAction',
                      ('Count', {'high': 14, 'low': 2, 'unit': ''})),
          '--hands': ('hands',
                      None,
                      'stop after this many hands',
                      None,
                      None,
                      False,
                      None,
                      '_StoreAction',
                      ('Count', {'high': 1000000, 'low': 1, 'unit': 'hands'})),
          '--freeze-out': ('freeze_out',
                           False,
                           'play until one player has every chip (the default)',
                           None,
                           None,
                           False,
                           0,
                           '_StoreTrueAction',
                           None),
          '--port': ('port',
                     0,
                     'the port (default: any free port)',
                     None,
                     None,
                     False,
                     None,
                     '_StoreAction',
                     ('Port', {'high': 65535, 'low': 0, 'unit': ''})),
          '--host': ('host',
                     '127.0.0.1',
                     'the address to listen on',
                     None,
                     None,
                     False,
                     None,
                     '_StoreAction',
                     ('Host', {})),
          '--tokens': ('tokens',
                       None,
                       'write the port and tokens to FILE (JSON, readable by you only) instead '
                       'of printing them',
                       'FILE',
                       None,
                       False,
                       None,
                       '_StoreAction',
                       ('OutputFile',
                        {'dash': False, 'suffixes': (), 'what': 'a file for the tokens'})),
          '--watch': ('watch',
                      'open',
                      'who may watch: anyone (open, the default), a client with the '
                      "spectators' token (token: printed or written with the seats' tokens), "
                      'or nobody (off)',
                      None,
                      ['open', 'token', 'off'],
                      False,
                      None,
                      '_StoreAction',
                      None),
          '--max-spectators': ('max_spectators',
                               64,
                               'spectators at once (default 64; 0: no limit; --watch off: '
                               'none)',
                               'N',
                               None,
                               False,
                               None,
                               '_StoreAction',
                               ('Count', {'high': 10000, 'low': 0, 'unit': 'spectators'})),
          '--max-connections': ('max_connections',
                                256,
                                'connections at once, players and spectators (default 256; 0: '
                                'no limit)',
                                'N',
                                None,
                                False,
                                None,
                                '_StoreAction',
                                ('Count', {'high': 100000, 'low': 0, 'unit': 'connections'})),
          '--max-per-address': ('max_per_address',
                                64,
                                'connections at once from one address (default 64; 0: no '
                                'limit)',
                                'N',
                                None,
                                False,
                                None,
                                '_StoreAction',
                                ('Count', {'high': 100000, 'low': 0, 'unit': 'connections'})),
          '--timeout': ('timeout',
                        30.0,
                        'seconds for each decision (default 30)',
                        'SECONDS',
                        None,
                        False,
                        None,
                        '_StoreAction',
                        ('Seconds',
                         {'below': False,
                          'high': 86400.0,
                          'note': ' (a day)',
                          'unit': ' of seconds'})),
          '--start-timeout': ('start_timeout',
                              None,
                              'start even if not every seat has joined by then',
                              'SECONDS',
                              None,
                              False,
                              None,
                              '_StoreAction',
                              ('Seconds',
                               {'below': False,
                                'high': 86400.0,
                                'note': ' (a day)',
                                'unit': ' of seconds'})),
          '--seed': ('seed',
                     None,
                     'shuffle with this seed (for replays)',
                     None,
                     None,
                     False,
                     None,
                     '_StoreAction',
                     ('Seed', {'high': 9223372036854775807, 'low': 0, 'unit': ''})),
          '--db': ('db',
                   None,
                   'write the results and every hand (PHH) to this SQLite results database '
                   '(the one pokerroom tournament and league write; created if new); each hand '
                   'as it ends',
                   'FILE',
                   None,
                   False,
                   None,
                   '_StoreAction',
                   ('OutputPath', {'suffixes': (), 'what': 'a results database file'})),
          '--resume': ('resume',
                       False,
                       'go on with the match in progress in --db with these settings (without '
                       '--seed: its own), with the same tokens (--tokens FILE is written '
                       'again)',
                       None,
                       None,
                       False,
                       0,
                       '_StoreTrueAction',
                       None),
          '--exec': ('exec',
                     None,
                     'start COMMAND to play SEAT over its standard input and output '
                     "(repeatable), e.g. 1='pokerroom bot json --stdio --player random'",
                     'SEAT=COMMAND',
                     None,
                     False,
                     None,
                     '_AppendAction',
                     None),
          '--name': ('name',
                     'match',
                     "the match's name",
                     None,
                     None,
                     False,
                     None,
                     '_StoreAction',
                     None),
          **COMMON_OPTIONS}}


def test_every_option_of_both_dealers_word_for_word() -> None:
    from pokerroom.cli import build_parser

    serve_parser, serve_help = _sub(build_parser(), "serve")
    assert serve_help == SERVE_HELP
    for kind in ("acpc", "json"):
        parser, help_text = _sub(serve_parser, kind)
        assert help_text == KIND_HELP[kind]
        assert _options(parser) == OPTIONS[kind], kind
        assert parser.description == serve.__doc__.split("\n\n")[("acpc", "json").index(kind) + 1]
    acpc, _ = _sub(serve_parser, "acpc")
    json_parser, _ = _sub(serve_parser, "json")
    assert acpc.description.startswith("``pokerroom serve acpc GAMEDEF")  # type: ignore[union-attr]
    assert json_parser.description.startswith("``pokerroom serve json --rules")  # type: ignore[union-attr]
    assert acpc.get_default("func").__name__ == "run"
    (group,) = json_parser._mutually_exclusive_groups
    assert [a.dest for a in group._group_actions] == ["hands", "freeze_out"]
    assert not group.required
    assert acpc._mutually_exclusive_groups == []


def test_hands_and_a_freeze_out_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "json", "--seats", "2", "--hands", "1", "--freeze-out"])
    assert stopped.value.code == 2
    assert "argument --freeze-out: not allowed with argument --hands" in capsys.readouterr().err


def test_the_commands_run_each_dealer_with_its_log(
    game: str, stand_ins: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """``func`` of each is its command wrapped by ``_logged`` (the log's level applied)."""
    assert main(["serve", "acpc", game, "--hands", "1", "--seed", "0", "A", "B", "C",
                 "--log-level", "error"]) == 0  # fmt: skip
    assert main(["serve", "json", "--seats", "2", "--hands", "1", "--log-level", "debug"]) == 0
    capsys.readouterr()
    assert ACPCStandIn.made[0].level == logging.ERROR
    assert JSONStandIn.made[0].level == logging.DEBUG


def test_a_spectators_token_is_made_for_a_match_kept_without_one(
    stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = tmp_path / "r.db"
    argv, _ = _stopped_match(db_path, capsys, in_hand=True)
    assert main([*argv, "--resume", "--watch", "token"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[4] == "spectators: token7"  # the next of the tokens made
    assert JSONStandIn.made[1].dealer.watch_token == "token7"


def test_the_transcript_is_replaced_with_force(
    game: str, stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    transcript = tmp_path / "t.txt"
    transcript.write_text("old\n")
    argv = ["serve", "acpc", game, "--hands", "1", "--seed", "0", "A", "B", "C",
            "--transcript", str(transcript)]  # fmt: skip
    assert main(argv) == 2
    assert f"{transcript} exists: give --force to replace it" in capsys.readouterr().err
    assert main([*argv, "--force"]) == 0
    assert transcript.read_text() == "written by the server\n"


def test_the_ports_and_the_score_are_flushed_as_they_are_printed(
    game: str, stand_ins: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = Out()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["serve", "acpc", game, "--hands", "1", "--seed", "0", "A", "B", "C"]) == 0
    score = ACPCStandIn.made[0].dealer.score_line()
    assert out.seen[0] == "9000 9001 9002\n"
    assert f"9000 9001 9002\n{score}\n" in out.seen


def test_serve_json_refuses_seats_its_rules_cannot_seat(
    stand_ins: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "json", "--seats", "3", "--hands", "1", "--set", "players=2"]) == 2
    assert capsys.readouterr().err == (
        "pokerroom serve json: error: 3 seats, but the rules are for 2 players\n")
    assert JSONStandIn.made == []


@pytest.mark.parametrize("tokens_file", [False, True])
def test_serve_json_flushes_each_line_as_it_is_printed(
    stand_ins: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tokens_file: bool
) -> None:
    out = Out()
    monkeypatch.setattr(sys, "stdout", out)
    more = ["--tokens", str(tmp_path / "t.json")] if tokens_file else []
    argv = ["serve", "json", "--seats", "3", "--hands", "1", "--exec", "0=bot", "--watch",
            "token", *more]  # fmt: skip
    assert main(argv) == 0
    lines = out.getvalue().splitlines(keepends=True)
    shown = 3 if tokens_file else 5  # the header, the program, the tokens
    for n in range(1, shown + 1):
        assert "".join(lines[:n]) in out.seen, lines[n - 1]


def test_a_match_stopped_without_a_database_says_so_and_keeps_nothing(
    stand_ins: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = Out()
    monkeypatch.setattr(sys, "stdout", out)
    JSONStandIn.interrupt_after = 2
    JSONStandIn.interrupt_in_hand = True
    assert main(["serve", "json", "--seats", "3", "--hands", "5", "--seed", "21"]) == 130
    assert out.getvalue().endswith("\nstopped after 2 hands\n")
    assert out.seen[-1] == out.getvalue()  # flushed


def test_a_match_killed_in_its_first_hand_resumes_from_its_start(
    stand_ins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = tmp_path / "r.db"
    argv = ["serve", "json", "--seats", "2", "--hands", "2", "--seed", "3", "--db", str(db_path)]
    JSONStandIn.kill_after = 0
    with pytest.raises(KilledError):
        main(argv)
    JSONStandIn.kill_after = None
    with ResultsDB(db_path) as db:
        state, phh = db.served(1)  # type: ignore[misc]
    assert state["in_play"] is False and phh == [] and state["tokens"] == ["token0", "token1"]
    assert state["faults"] == [] and state["seq"] == 0 and state["joined"] == [None, None]
    capsys.readouterr()
    assert main([*argv, "--resume"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith(", resumed after hand 0")
    assert out.splitlines()[1:3] == ["seat 0: token0", "seat 1: token1"]


def test_serve_without_a_protocol_names_the_missing_protocol(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert err == ["pokerroom serve: error: the following arguments are required: PROTOCOL"]
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--help"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "usage: pokerroom serve [-h] PROTOCOL ..."
    assert out[2:4] == ["positional arguments:", "  PROTOCOL"]
