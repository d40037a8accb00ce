"""``pokerroom serve`` and ``pokerroom bot`` as a user runs them: separate processes on
loopback, each stopped by the test within a bounded time."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pokerroom.cli import main

MAIN = "import sys; from pokerroom.cli import main; sys.exit(main())"
TIMEOUT = 120


def pokerroom(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", MAIN, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(proc: subprocess.Popen[str]) -> tuple[str, str]:
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    return out, err


def test_serve_acpc_and_two_bots(data_dir: Path, tmp_path: Path) -> None:
    game = tmp_path / "holdem.nolimit.2p.reverse_blinds.game"
    game.write_text((data_dir / "acpc" / game.name).read_text())
    log = tmp_path / "match.log"
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
        outs = [finish(bot)[0] for bot in bots]
        rest, _ = finish(server)
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
        outs = [finish(bot)[0] for bot in bots]
        printed, _ = finish(server)
    finally:
        for proc in (server, *bots):
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    places = sorted(int(o.split("place ")[1].split()[0]) for o in outs)
    assert places == [1, 2, 3]
    assert "hands played" in printed and "1. seat" in printed


def test_bad_invocations_are_one_line_errors(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
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


def test_serve_json_starts_bots_that_play_over_standard_input_and_output() -> None:
    bot = [sys.executable, "-c", MAIN, "bot", "json", "--stdio", "--player"]
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
    )
    out, err = finish(server)
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
