"""``pokerroom serve`` and ``pokerroom bot`` as a user runs them: separate processes on
loopback, each stopped by the test within a bounded time."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pokerroom.cli import main
from pokerroom.history.phh import loads as phh_loads
from pokerroom.storage.results import ResultsDB

MAIN = "import sys; from pokerroom.cli import main; sys.exit(main())"
TIMEOUT = 45  # a whole match of 3 or 4 processes: seconds on two quiet cores, 40 at a load of 20


def pokerroom(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", MAIN, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONFAULTHANDLER": "1"},  # SIGABRT: where each thread is
    )


def _ends(text: str, keep: int = 1500) -> str:
    return text if len(text) <= 2 * keep else f"{text[:keep]} [...] {text[-keep:]}"


def finish(*procs: subprocess.Popen[str]) -> list[tuple[str, str]]:
    """Each process's output once all have ended, read side by side (no process waits on
    a full pipe) against one deadline.  If any fails or is still running at the deadline,
    all are stopped and the failure shows what every one of them printed."""
    outputs: list[tuple[str, str]] = [("", "")] * len(procs)

    def read(i: int) -> None:
        outputs[i] = procs[i].communicate()

    readers = [threading.Thread(target=read, args=(i,), daemon=True) for i in range(len(procs))]
    for reader in readers:
        reader.start()
    deadline = time.monotonic() + TIMEOUT
    for reader in readers:
        reader.join(max(0.0, deadline - time.monotonic()))
    late = [proc for proc in procs if proc.poll() is None]
    for proc in late:
        proc.send_signal(signal.SIGABRT)  # the failure shows where it was waiting
    for proc in late:
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
    for reader in readers:
        reader.join()
    report = "\n".join(
        f"{' '.join(map(str, list(proc.args)[3:])):.160}: exit {proc.returncode}"
        f"{' (stopped at the deadline)' if proc in late else ''}\n"
        f"  stdout: {_ends(out)!r}\n  stderr: {_ends(err)!r}"
        for proc, (out, err) in zip(procs, outputs, strict=True)
    )
    assert not late and all(proc.returncode == 0 for proc in procs), report
    return outputs


def test_serve_acpc_and_two_bots(data_dir: Path, tmp_path: Path) -> None:
    game = tmp_path / "holdem.nolimit.2p.reverse_blinds.game"
    game.write_text((data_dir / "acpc" / game.name).read_text())
    log = tmp_path / "match.log"
    db = tmp_path / "results.db"
    server = pokerroom(
        "serve",
        "acpc",
        str(game),
        "--hands",
        "100",
        "--seed",
        "42",
        "Alice",
        "Bob",
        "--log",
        str(log),
        "--db",
        str(db),
        "--start-timeout",
        "60",
    )
    bots: list[subprocess.Popen[str]] = []
    try:
        assert server.stdout is not None
        ports = server.stdout.readline().split()
        assert len(ports) == 2 and all(p.isdigit() for p in ports)
        bots = [
            pokerroom(
                "bot",
                "acpc",
                "127.0.0.1",
                port,
                "--game",
                str(game),
                "--player",
                name,
                "--seed",
                "3",
            )
            for port, name in zip(ports, ("rule-based", "random"), strict=True)
        ]
        *played, (rest, notes) = finish(*bots, server)
        outs = [out for out, _ in played]
    finally:
        for proc in (server, *bots):
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    score = rest.strip().splitlines()[-1]
    assert score.startswith("SCORE:") and score.endswith(":Alice|Bob")
    alice = score.split(":")[1].split("|")[0]
    assert outs[0].startswith(f"rule-based: 100 hands, {int(alice):+d} chips")
    assert main(["replay", "--check", str(log)]) == 0
    # --db: the match as a league session of one game in the results database
    assert f"results written to {db} (run 1, 100 hands)" in notes
    with ResultsDB(db) as results:
        (run,) = results.runs()
        assert (run.kind, run.games, run.done, run.finished is not None) == ("league", 1, 1, True)
        assert run.settings["served"] == "acpc" and run.settings["seed"] == 42
        (game,) = results.games(run.id)
        phh = results.hands(run.id, 0)
    assert [(s.player, s.place, s.hands) for s in game.seats] == [
        ("Alice", None, 100),
        ("Bob", None, 100),
    ]
    logged = [line.split(":") for line in log.read_text().splitlines()]
    states = [f for f in logged if f[0] == "STATE"]
    assert len(states) == len(game.seats[0].nets) == 100
    for fields, net_a, net_b in zip(states, game.seats[0].nets, game.seats[1].nets, strict=True):
        nets = dict(zip(fields[5].split("|"), map(float, fields[4].split("|")), strict=True))
        assert abs(nets["Alice"] - net_a) <= 0.5 and abs(nets["Bob"] - net_b) <= 0.5  # odd chip
    assert game.seats[0].won == -game.seats[1].won and abs(game.seats[0].won - int(alice)) <= 50
    assert len(phh) == 100 and all(phh_loads(text).actions for text in phh)


def test_serve_json_writes_tokens_and_bots_play_a_freeze_out(tmp_path: Path) -> None:
    tokens = tmp_path / "tokens.json"
    server = pokerroom(
        "serve",
        "json",
        "--rules",
        "no-limit",
        "--seats",
        "3",
        "--set",
        "buy_in=60",
        "--tokens",
        str(tokens),
        "--timeout",
        "10",
        "--seed",
        "2",
        "--start-timeout",
        "60",
    )
    bots: list[subprocess.Popen[str]] = []
    try:
        deadline = time.monotonic() + TIMEOUT
        while not tokens.exists() or not tokens.read_text().endswith("}"):
            assert time.monotonic() < deadline and server.poll() is None
            time.sleep(0.05)
        assert tokens.stat().st_mode & 0o777 == 0o600
        data = json.loads(tokens.read_text())
        bots = [
            pokerroom(
                "bot",
                "json",
                "127.0.0.1",
                str(data["port"]),
                "--token",
                token,
                "--player",
                "random",
                "--seed",
                str(i),
            )
            for i, token in enumerate(data["tokens"])
        ]
        *played, (printed, _) = finish(*bots, server)
        outs = [out for out, _ in played]
    finally:
        for proc in (server, *bots):
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    places = sorted(int(o.split("place ")[1].split()[0]) for o in outs)
    assert places == [1, 2, 3]
    assert "hands played" in printed and "1. seat" in printed


def test_bad_invocations_are_one_line_errors(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = str(data_dir / "acpc" / "holdem.limit.3p.game")
    assert main(["serve", "acpc", game, "--hands", "3", "--seed", "1", "A", "B"]) == 2
    assert "the game is for 3 players: give 3 names, not 2" in capsys.readouterr().err
    assert (
        main(
            ["serve", "acpc", game, "--hands", "3", "--seed", "1", "A", "B", "C", "--ports", "1,2"]
        )
        == 2
    )
    assert "3 port numbers" in capsys.readouterr().err
    assert main(["bot", "json", "127.0.0.1", "1", "--token", "t", "--player", "nobody"]) == 2
    assert "no bot 'nobody'" in capsys.readouterr().err
    # a token that starts with '-' (none of ours does) passes as --token=TOKEN
    assert main(["bot", "json", "127.0.0.1", "1", "--token=-t", "--player", "nobody"]) == 2
    assert "no bot 'nobody'" in capsys.readouterr().err
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n" * 100)
    assert main(["serve", "json", "--rules", "no-limit", "--seats", "2", "--db", str(notes)]) == 2
    assert f"{notes}: not a results database" in capsys.readouterr().err
    assert notes.read_text() == "not a database\n" * 100  # refused, never altered
    assert main(["serve", "acpc", game, "--hands", "3", "--seed", "1", "A", "B", "C",
                 "--db", str(notes)]) == 2  # fmt: skip
    assert f"{notes}: not a results database" in capsys.readouterr().err


def test_serve_json_starts_bots_that_play_over_standard_input_and_output(tmp_path: Path) -> None:
    bot = [sys.executable, "-c", MAIN, "bot", "json", "--stdio", "--player"]
    db = tmp_path / "results.db"
    server = pokerroom(
        "serve",
        "json",
        "--rules",
        "casino-limit",
        "--seats",
        "2",
        "--hands",
        "8",
        "--seed",
        "5",
        "--exec",
        "0=" + shlex.join([*bot, "random", "--seed", "1"]),
        "--exec",
        "1=" + shlex.join([*bot, "calling-station"]),
        "--db",
        str(db),
    )
    ((out, err),) = finish(server)
    assert "8 hands played" in out
    assert out.count("seat 0:") == out.count("seat 1:") == 1  # the programs, no tokens
    # (the two programs share the standard error: their lines may interleave)
    summaries = sorted(
        re.findall(
            r"(random|calling-station) \(seat \d\): 8 hands, place \d of 2, "
            r"\d+ chips; \d+ decisions, 0 timed out, 0 errors",
            err,
        )
    )
    assert summaries == ["calling-station", "random"], err
    # --db: the match as a one-game tournament, its standings and hands as printed
    with ResultsDB(db) as results:
        (run,) = results.runs("tournament")
        (game,) = results.games(run.id)
        phh = results.hands(run.id, 0)
    assert run.settings["served"] == "json" and run.settings["hands"] == 8 and game.hands == 8
    for seat in game.seats:
        chips = int(re.findall(rf"(\d+)\. seat {seat.seat} \(\S+\): (\d+) chips", out)[0][1])
        place = int(re.findall(rf"(\d+)\. seat {seat.seat} ", out)[0])
        assert (seat.place, 1000 + seat.won, len(seat.nets)) == (place, chips, 8)
    assert sum(s.won for s in game.seats) == 0
    assert len(phh) == 8 and all(phh_loads(text).actions for text in phh)
