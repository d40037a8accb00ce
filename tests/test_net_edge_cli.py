"""The network edge of issue 30 as an operator meets it: ``pokerroom serve`` and
``pokerroom bot`` in processes of their own, on loopback, each stopped by its test.

Running out of descriptors (3), names on the standings (4), the files a dealer writes
and where a bot finds its token (5), a match killed or stopped and resumed from
``--db`` (6), and the ACPC log's first line (7)."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from pokerroom.history.phh import loads as phh_loads
from pokerroom.storage.results import ResultsDB
from test_net_cli import MAIN, TIMEOUT, finish, pokerroom

HOST = "127.0.0.1"


def wait_for(check: Any, what: str, seconds: float = TIMEOUT) -> Any:
    deadline = time.monotonic() + seconds
    while not (value := check()):
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)
    return value


def tokens_file(path: Path) -> dict[str, Any]:
    def read() -> dict[str, Any] | None:
        try:
            data: dict[str, Any] = json.loads(path.read_text())
        except (OSError, ValueError):
            return None
        return data

    return wait_for(read, f"{path}")  # type: ignore[no-any-return]


def hello(port: int, *, timeout: float = 10.0) -> dict[str, Any]:
    with socket.create_connection((HOST, port), timeout=timeout) as sock:
        line = sock.makefile("rb").readline()
    message: dict[str, Any] = json.loads(line)
    return message


def stop(*procs: subprocess.Popen[str]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


# ----------------------------------------------------------- 3. out of descriptors


def test_out_of_descriptors_the_dealer_backs_off_logs_once_and_recovers(tmp_path: Path) -> None:
    """With 64 descriptors, 120 idle connections: the accepts that fail are logged on
    one line (at commit a116ddc: 422,000 lines in 55 s), and once the connections close
    a new client is served at once."""
    tokens = tmp_path / "tokens.json"
    code = (
        "import resource, sys; resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64)); "
        "from pokerroom.cli import main; sys.exit(main())"
    )
    server = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "json", "--seats", "2", "--hands", "1",
         "--tokens", str(tokens), "--max-connections", "0", "--max-per-address", "0",
         "--log-level", "info"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    idle: list[socket.socket] = []
    try:
        port = tokens_file(tokens)["port"]
        for _ in range(120):
            idle.append(socket.create_connection((HOST, port), timeout=10))
        time.sleep(2.0)  # the dealer is out of descriptors all this time
        for sock in idle:
            sock.close()
        idle.clear()
        deadline = time.monotonic() + 15
        while True:  # served again (a connection may first wait its turn in the queue)
            try:
                assert hello(port)["type"] == "hello"
                break
            except (OSError, ValueError):
                assert time.monotonic() < deadline
        server.send_signal(signal.SIGTERM)
        _, err = server.communicate(timeout=TIMEOUT)
    finally:
        for sock in idle:
            sock.close()
        stop(server)
    starved = [line for line in err.splitlines() if "descriptors" in line or "open files" in line]
    assert len(starved) == 2, err[-2000:]
    assert "cannot accept connections: Too many open files" in starved[0]
    assert "accepting connections again" in starved[1]
    assert len(err.splitlines()) < 40, err[-2000:]


# --------------------------------------------------------------- 4. names printed


def test_a_name_that_would_forge_the_standings_never_reaches_them(tmp_path: Path) -> None:
    """A client that tries names with a line break and an escape sequence, and one UTF-8
    cannot encode, is refused each time; it plays as 'fair'; the standings and the
    results database hold only printable names (at commit a116ddc the dealer printed the
    forged line, or crashed on the last name and stored nothing)."""
    tokens = tmp_path / "tokens.json"
    db = tmp_path / "results.db"
    server = pokerroom("serve", "json", "--rules", "casino-limit", "--seats", "2", "--hands",
                       "5", "--seed", "3", "--tokens", str(tokens), "--db", str(db),
                       "--timeout", "10")  # fmt: skip
    bot: subprocess.Popen[str] | None = None
    try:
        data = tokens_file(tokens)
        bot = pokerroom("bot", "json", HOST, str(data["port"]), "--token", data["tokens"][0])
        with socket.create_connection((HOST, data["port"]), timeout=20) as sock:
            lines = sock.makefile("rb")
            assert json.loads(lines.readline())["type"] == "hello"
            errors = []
            for name in ["x\n  1. seat 0 (admin): 999999 chips\x1b[2J", "\udfff", "ok\x07"]:
                join = json.dumps({"type": "join", "token": data["tokens"][1], "name": name})
                sock.sendall(join.encode() + b"\n")
                errors.append(json.loads(lines.readline()))
            join = {"type": "join", "token": data["tokens"][1], "name": "fair"}
            sock.sendall(json.dumps(join).encode() + b"\n")
            while (message := json.loads(lines.readline()))["type"] != "match_end":
                if message["type"] == "act":
                    kinds = message["view"]["legal"]["kinds"]
                    kind = next(k for k in ("check", "call", "show", "fold") if k in kinds)
                    reply = {"type": "action", "hand": message["hand"], "seq": message["seq"],
                             "action": kind}  # fmt: skip
                    sock.sendall(json.dumps(reply).encode() + b"\n")
        (out, _), _ = finish(server, bot)
    finally:
        stop(server, *([bot] if bot else []))
    assert [e["code"] for e in errors] == ["bad-field"] * 3
    assert "\x1b" not in out and "admin" not in out
    assert re.search(r"\d\. seat 1 \(fair\): \d+ chips", out), out
    with ResultsDB(db) as results:
        (run,) = results.runs()
        players = [s.player for s in results.games(run.id)[0].seats]
    assert players == ["random", "fair"]


# --------------------------------------------------------------------- 5. files


def test_the_tokens_file_is_new_private_and_never_written_through_a_link(tmp_path: Path) -> None:
    """An existing file is refused (its mode and text kept), a link is refused and never
    followed (its target kept), and --force replaces the file or the link itself with a
    new file of mode 0600."""
    quick = ["serve", "json", "--seats", "2", "--hands", "1", "--timeout", "0.01",
             "--start-timeout", "0.01"]  # fmt: skip
    kept = tmp_path / "kept.json"
    kept.write_text("mine\n")
    kept.chmod(0o644)
    target = tmp_path / "target.txt"
    target.write_text("precious\n")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    for path, what in ((kept, "exists"), (link, "a link")):
        ((_, err),) = finish_failing(pokerroom(*quick, "--tokens", str(path)))
        assert f"{path} {what}: give --force to replace it" in err
    assert kept.read_text() == "mine\n" and kept.stat().st_mode & 0o777 == 0o644
    assert target.read_text() == "precious\n"
    for path in (kept, link):
        finish(pokerroom(*quick, "--tokens", str(path), "--force"))
        assert not path.is_symlink() and path.stat().st_mode & 0o777 == 0o600
        assert len(json.loads(path.read_text())["tokens"]) == 2
    assert target.read_text() == "precious\n"


def finish_failing(proc: subprocess.Popen[str]) -> list[tuple[str, str]]:
    out, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 2, (out, err)
    return [(out, err)]


def test_the_acpc_log_and_transcript_are_private(data_dir: Path, tmp_path: Path) -> None:
    game = str(data_dir / "acpc" / "holdem.limit.2p.reverse_blinds.game")
    log, transcript = tmp_path / "match.log", tmp_path / "match.transcript"
    quick = ["serve", "acpc", game, "--hands", "1", "--seed", "1", "A", "B", "--start-timeout",
             "0.2", "--log", str(log), "--transcript", str(transcript)]  # fmt: skip
    ((_, err),) = finish_failing(pokerroom(*quick))  # nobody connected: a one-line error
    assert "did not connect in time" in err
    for path in (log, transcript):
        assert path.stat().st_mode & 0o777 == 0o600
    ((_, err),) = finish_failing(pokerroom(*quick))
    assert f"{log} exists: give --force to replace it" in err
    ((_, err),) = finish_failing(pokerroom(*quick, "--force"))
    assert "did not connect in time" in err


def test_a_bot_reads_its_token_from_a_file_or_the_environment(tmp_path: Path) -> None:
    """Neither token is on a command line (where ``ps`` shows it to everyone)."""
    tokens = tmp_path / "tokens.json"
    server = pokerroom("serve", "json", "--rules", "casino-limit", "--seats", "2", "--hands",
                       "6", "--tokens", str(tokens), "--timeout", "10")  # fmt: skip
    bots: list[subprocess.Popen[str]] = []
    try:
        data = tokens_file(tokens)
        token_file = tmp_path / "seat0.token"
        token_file.write_text(data["tokens"][0] + "\n")
        port = str(data["port"])
        bots.append(pokerroom("bot", "json", HOST, port, "--token-file", str(token_file)))
        env = {**os.environ, "POKERROOM_TOKEN": data["tokens"][1]}
        bots.append(subprocess.Popen(
            [sys.executable, "-c", MAIN, "bot", "json", HOST, port, "--player",
             "calling-station"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=env))  # fmt: skip
        *played, _ = finish(*bots, server)
    finally:
        stop(server, *bots)
    assert [out.split(":")[0] for out, _ in played] == ["random (seat 0)",
                                                        "calling-station (seat 1)"]  # fmt: skip
    assert all("6 hands" in out for out, _ in played)


# -------------------------------------------------------------------- 6. resuming


def _stored(db: Path) -> tuple[int, bool]:
    """Hands kept of the match in progress, and whether its hand in play is kept."""
    try:
        with sqlite3.connect(db) as conn:
            row = conn.execute("SELECT hands, state FROM served").fetchone()
    except sqlite3.Error:
        return 0, False
    return (0, False) if row is None else (row[0], bool(json.loads(row[1])["in_play"]))


def test_a_killed_or_stopped_match_resumes_with_the_same_seats_and_tokens(
    tmp_path: Path,
) -> None:
    """``kill -9`` after a few hands: the hands finished are in --db; --resume goes on
    from the last of them.  Then SIGTERM: the hand in play is kept, and --resume goes on
    with it.  The finished match is one game of 40 hands, every hand in PHH, with the
    same tokens throughout."""
    tokens, db = tmp_path / "tokens.json", tmp_path / "results.db"
    slow = tmp_path / "slow.py"  # a bot that thinks: the match lasts long enough to stop
    slow.write_text(SLOW_BOT)
    serve = ["serve", "json", "--rules", "casino-limit", "--seats", "2", "--hands", "40", "--seed",
             "11", "--tokens", str(tokens), "--db", str(db), "--timeout", "10"]  # fmt: skip
    seen: list[dict[str, Any]] = []
    outs: list[str] = []
    for stage, signum in [("kill", signal.SIGKILL), ("stop", signal.SIGTERM), ("end", None)]:
        server = pokerroom(*serve, *(["--resume"] if seen else []))
        bots: list[subprocess.Popen[str]] = []
        try:
            old = seen[-1]["port"] if seen else None
            data = wait_for(lambda old=old: (d := tokens_file(tokens))["port"] != old and d,
                            "the tokens written (again)")  # fmt: skip
            seen.append(data)
            bots = [pokerroom("bot", "json", HOST, str(data["port"]), "--token", token,
                              "--player", f"{slow}:SlowBot", "--seed", str(i))
                    for i, token in enumerate(data["tokens"])]  # fmt: skip
            if signum is not None:
                wait_for(lambda: _stored(db)[0] >= 4 * len(seen), "four more hands kept")
                server.send_signal(signum)
                out, _ = server.communicate(timeout=TIMEOUT)
                outs.append(out)
                if stage == "stop":
                    assert server.returncode == 130
                    assert re.search(r"stopped after \d+ hands; kept in .*--resume", out)
                    assert _stored(db)[1]  # the hand in play, kept
                for bot in bots:
                    bot.communicate(timeout=TIMEOUT)
            else:
                *_, (out, _) = finish(*bots, server)
                outs.append(out)
        finally:
            stop(server, *bots)
    assert seen[0]["tokens"] == seen[1]["tokens"] == seen[2]["tokens"]
    assert "resumed after hand" in outs[1] and "resumed in hand" in outs[2], outs
    assert "40 hands played" in outs[2]
    with ResultsDB(db) as results:
        (run,) = results.runs()
        (game,) = results.games(run.id)
        phh = results.hands(run.id, 0)
        assert results.served(run.id) is None
    assert run.finished is not None and game.hands == 40
    assert [len(s.nets) for s in game.seats] == [40, 40]
    assert sum(s.won for s in game.seats) == 0
    assert len(phh) == 40 and all(phh_loads(text).actions for text in phh)


SLOW_BOT = '''"""A random bot that thinks 10 ms a decision."""

import time

from pokerroom.players import RandomBot


class SlowBot(RandomBot):
    name = "slow"

    def act(self, view, budget):
        time.sleep(0.01)
        return super().act(view, budget)
'''


# ------------------------------------------------------------ 7. the ACPC log's header


def test_the_acpc_log_names_the_game_file_as_it_was_given(data_dir: Path, tmp_path: Path) -> None:
    """As the reference dealer does (``# name/game/hands/seed NAME GAMEFILE ...`` with the
    path on its command line; at commit a116ddc only its base name)."""
    folder = tmp_path / "games"
    folder.mkdir()
    game = folder / "holdem.limit.2p.reverse_blinds.game"
    game.write_text((data_dir / "acpc" / game.name).read_text())
    log = tmp_path / "match.log"
    server = pokerroom("serve", "acpc", str(game), "--hands", "3", "--seed", "5", "A", "B",
                       "--log", str(log), "--start-timeout", "60")  # fmt: skip
    bots: list[subprocess.Popen[str]] = []
    try:
        assert server.stdout is not None
        ports = server.stdout.readline().split()
        bots = [pokerroom("bot", "acpc", HOST, port, "--game", str(game)) for port in ports]
        finish(*bots, server)
    finally:
        stop(server, *bots)
    assert log.read_text().splitlines()[0] == f"# name/game/hands/seed match {game} 3 5"



# ------------------------------------------------------- 2. caps and spectators


def _watch(port: int, token: str | None = None) -> dict[str, Any]:
    """What the dealer answers a ``watch`` (with ``token``, if given)."""
    with socket.create_connection((HOST, port), timeout=30) as sock:
        lines = sock.makefile("rb")
        assert json.loads(lines.readline())["type"] == "hello"
        watch: dict[str, Any] = {"type": "watch"}
        if token is not None:
            watch["token"] = token
        sock.sendall(json.dumps(watch).encode() + b"\n")
        while True:
            message: dict[str, Any] = json.loads(lines.readline())
            if message["type"] in ("welcome", "error"):
                return message


def test_serve_json_watch_token_off_and_the_caps_on_the_command_line(tmp_path: Path) -> None:
    """--watch token: the spectators' token is written beside the seats' (and printed
    when there is no --tokens file), and a watch without it is refused; --watch off
    refuses every spectator; --max-spectators and --max-connections are the caps the
    hello announces; a cap below the seats is refused before anything starts."""
    tokens = tmp_path / "tokens.json"
    quick = ["serve", "json", "--seats", "2", "--hands", "1", "--timeout", "10"]
    server = pokerroom(*quick, "--tokens", str(tokens), "--watch", "token",
                       "--max-spectators", "1", "--max-connections", "9")  # fmt: skip
    try:
        data = tokens_file(tokens)
        port, watch_token = data["port"], data["watch_token"]
        assert len(watch_token) == 24 and watch_token not in data["tokens"]
        limits = hello(port)["limits"]
        assert (limits["watching"], limits["max_spectators"]) == ("token", 1)
        assert _watch(port)["code"] == "bad-token"
        assert _watch(port, data["tokens"][0])["code"] == "bad-token"  # a seat's is not it
        with socket.create_connection((HOST, port), timeout=30) as first:
            lines = first.makefile("rb")
            lines.readline()
            first.sendall(json.dumps({"type": "watch", "token": watch_token}).encode() + b"\n")
            assert json.loads(lines.readline())["role"] == "spectator"
            full = _watch(port, watch_token)
            assert full["code"] == "spectators-full" and "its 1 spectators" in full["message"]
    finally:
        stop(server)
    server = pokerroom(*quick, "--watch", "token", "--start-timeout", "0.3", "--timeout", "0.01")
    out, _ = server.communicate(timeout=TIMEOUT)
    assert re.search(r"^spectators: [A-Za-z0-9]{24}$", out, flags=re.MULTILINE), out
    off = tmp_path / "off.json"
    server = pokerroom(*quick, "--tokens", str(off), "--watch", "off")
    try:
        data = tokens_file(off)
        assert "watch_token" not in data
        assert _watch(data["port"])["code"] == "no-watching"
    finally:
        stop(server)
    ((_, err),) = finish_failing(pokerroom(*quick, "--max-connections", "1"))
    assert "--max-connections 1: at least one for each of the 2 seats" in err


# ------------------------------------------------------------- 7. the log's level


def test_log_level_says_how_much_of_the_dealers_log_is_printed(tmp_path: Path) -> None:
    """One line per event on standard error, from --log-level up: a wrong token is a
    warning (printed at the default, info, and at warning), a connection that comes and
    goes only at debug; error prints neither."""
    seen: dict[str, str] = {}
    for level in ("debug", "info", "warning", "error"):
        tokens = tmp_path / f"{level}.json"
        server = pokerroom("serve", "json", "--seats", "2", "--hands", "1", "--tokens",
                           str(tokens), "--log-level", level)  # fmt: skip
        try:
            port = tokens_file(tokens)["port"]
            with socket.create_connection((HOST, port), timeout=30) as sock:
                lines = sock.makefile("rb")
                lines.readline()
                sock.sendall(b'{"type":"join","token":"not-a-token"}\n')
                assert json.loads(lines.readline())["code"] == "bad-token"
                lines.close()  # (else its descriptor keeps the connection open)
            time.sleep(0.3)  # the close reaches the dealer
            server.send_signal(signal.SIGTERM)
            _, err = server.communicate(timeout=TIMEOUT)
        finally:
            stop(server)
        seen[level] = err
        assert all(re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} [A-Z]+ ", line)
                   for line in err.splitlines()), err  # fmt: skip
    wrong = "a wrong seat token (1 of 3)"
    assert all(wrong in seen[level] for level in ("debug", "info", "warning"))
    assert wrong not in seen["error"] and seen["error"] == ""
    assert "closed its side" in seen["debug"] and "DEBUG" in seen["debug"]
    assert "DEBUG" not in seen["info"] and "INFO" not in seen["warning"]


# ------------------------------------------------------- 5. and 6. the database


def test_a_new_db_is_private_and_an_acpc_match_is_kept_hand_by_hand(
    data_dir: Path, tmp_path: Path
) -> None:
    """--db made new has mode 0600 (a JSON-lines match in progress keeps its tokens
    there); one others can read is used, with a warning.  An ACPC match killed with
    kill -9 has its finished hands in it (at commit a116ddc: nothing)."""
    game = str(data_dir / "acpc" / "holdem.limit.2p.reverse_blinds.game")
    db = tmp_path / "acpc.db"
    server = pokerroom("serve", "acpc", game, "--hands", "3000", "--seed", "2", "A", "B",
                       "--db", str(db), "--start-timeout", "60")  # fmt: skip
    bots: list[subprocess.Popen[str]] = []
    try:
        assert server.stdout is not None
        ports = server.stdout.readline().split()
        bots = [pokerroom("bot", "acpc", HOST, port, "--game", game) for port in ports]
        wait_for(lambda: _kept_hands(db) >= 20, "20 hands kept")
        server.kill()
        server.communicate(timeout=TIMEOUT)
    finally:
        stop(server, *bots)
    assert db.stat().st_mode & 0o777 == 0o600
    with sqlite3.connect(db) as conn:
        hands = conn.execute("SELECT number, phh FROM served_hands ORDER BY number").fetchall()
    assert [h for h, _ in hands] == list(range(1, len(hands) + 1)) and len(hands) >= 20
    assert all(phh_loads(text).actions for _, text in hands)
    db.chmod(0o644)
    quick = ["serve", "json", "--seats", "2", "--hands", "1", "--start-timeout", "0.3",
             "--timeout", "0.01", "--db", str(db)]  # fmt: skip
    _, err = pokerroom(*quick).communicate(timeout=TIMEOUT)
    assert f"{db} can be read by other users" in err
    assert db.stat().st_mode & 0o777 == 0o644  # warned, not changed


def _kept_hands(db: Path) -> int:
    try:
        with sqlite3.connect(db) as conn:
            return int(conn.execute("SELECT count(*) FROM served_hands").fetchone()[0])
    except sqlite3.Error:
        return 0
