"""Ctrl-C during a long run (issue 29): the real ``pokerroom`` script, interrupted as a
terminal does it (SIGINT to its whole process group: the command and its workers),
stops with status 130 and one line on standard error, no traceback, and leaves no
process behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pokerroom.tournament.executor import default_workers

START = 45.0  # seconds the command may take to start its work on a busy machine
STOP = 30.0  # seconds it may take to stop once interrupted


def _script() -> str:
    return str(Path(sys.executable).parent / "pokerroom")


def _in_session(sid: int) -> list[int]:
    """The processes (not zombies) in session ``sid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == sid and fields[0] != "Z":  # state, ppid, pgrp, session
                found.append(int(entry.name))
    return found


def _cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used (user and system)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# The script started with Ctrl-C as in a terminal, even when the suite runs in the
# background (where a shell starts every process with it ignored, which children
# inherit, and Python then leaves it ignored): reset, then the script itself exec'd.
WITH_CTRL_C = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.argv[1], sys.argv[1:])"
)


def _interrupt(
    argv: list[str], running: int, tmp_path: Path, cpu: float = 0.0
) -> tuple[int, str, str]:
    """Start ``pokerroom argv`` in a session of its own, wait until ``running``
    processes of that session are up (the command and its workers) and the command has
    used ``cpu`` seconds (its work begun), and a second more; press Ctrl-C; its status
    and output once it has stopped and its session is empty."""
    proc = subprocess.Popen([sys.executable, "-c", WITH_CTRL_C, _script(), *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=tmp_path, start_new_session=True)  # fmt: skip
    try:
        deadline = time.monotonic() + START
        while (len(_in_session(proc.pid)) < running or _cpu_seconds(proc.pid) < cpu) and (
            time.monotonic() < deadline
        ):
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)
        assert len(_in_session(proc.pid)) >= running, "the work did not start in time"
        time.sleep(1.0)
        assert proc.poll() is None, "the run ended before it could be interrupted"
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C: the terminal's whole process group
        out, err = proc.communicate(timeout=STOP)
        deadline = time.monotonic() + STOP
        while _in_session(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _in_session(proc.pid), f"left running: {_in_session(proc.pid)}"
        return proc.returncode, out, err
    finally:
        if proc.poll() is None or _in_session(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_stops_a_long_tournament_and_its_workers(tmp_path: Path) -> None:
    workers = min(2, default_workers())
    code, out, err = _interrupt(
        ["tournament", "--games", "100000", "--players", "random,calling-station,random",
         "--rules", "no-limit", "--seed", "3", "--workers", str(workers)],
        1 + workers if workers > 1 else 1, tmp_path,
    )  # fmt: skip
    assert code == 130, err
    assert out == ""
    assert "Traceback" not in err and err.count("\n") == 1, err
    assert err.startswith("pokerroom tournament: interrupted: ")
    assert err.endswith(" of 100,000 games played, not kept (--db FILE keeps them)\n"), err


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_stops_a_long_equity_run(tmp_path: Path) -> None:
    code, out, err = _interrupt(
        ["equity", "random", "random", "random", "random", "--samples", str(10**12),
         "--seed", "1"], 1, tmp_path, cpu=2.0,  # starting takes about half a second
    )  # fmt: skip
    assert code == 130, err
    assert out == "" and err == "pokerroom equity: interrupted\n"


def test_ctrl_c_while_the_command_starts_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import pokerroom.cli

    def pressed() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(pokerroom.cli, "build_parser", pressed)
    assert pokerroom.cli.main(["tournament", "--games", "5"]) == 130
    assert pokerroom.cli.main(["--version"]) == 130
    assert capsys.readouterr().err == "pokerroom tournament: interrupted\npokerroom: interrupted\n"
