"""The fast loop's markers and guard (tests/isolation.py): a test that makes a network
socket or a process without its marker fails, saying which marker to add; the markers are
the ones pytest knows, the Makefile deselects and the testing page lists."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import tomllib
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from isolation import FAST, OUTSIDE, Guard, OutsideFastLoopError, marks_for

ROOT = Path(__file__).resolve().parents[1]


def test_the_markers_are_registered_and_the_makefile_deselects_them_all() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    registered = {line.split(":")[0] for line in
                  pyproject["tool"]["pytest"]["ini_options"]["markers"]}  # fmt: skip
    assert set(OUTSIDE) | {"slow"} <= registered
    makefile = (ROOT / "Makefile").read_text()
    found = re.search(r"^FAST := (.*)$", makefile, re.MULTILINE)
    assert found is not None and found.group(1) == FAST
    assert '-m "$(FAST)"' in makefile and "--hypothesis-profile=fast" in makefile
    page = (ROOT / "docs" / "development" / "testing.md").read_text()
    assert all(f"| `{mark}` |" in page for mark in (*OUTSIDE, "slow"))


def test_a_network_socket_is_refused_with_the_marker_to_add() -> None:
    guard = Guard()
    with guard.watching("tests/test_x.py::test_y"), pytest.raises(OutsideFastLoopError):
        socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    assert guard.found == [
        "tests/test_x.py::test_y opened a network socket (AF_INET) but is not marked "
        "'network': the fast loop (make test-fast) runs no test that opens a network socket. "
        "Mark it @pytest.mark.network (or give it a fixture or file name that "
        "tests/isolation.py marks)."
    ]
    with guard.watching("t"), pytest.raises(OutsideFastLoopError):
        socket.create_connection(("127.0.0.1", 9))  # no connection is even tried
    with guard.watching("t"), pytest.raises(OutsideFastLoopError):
        socket.socket()  # the default family is AF_INET


def test_local_socket_pairs_are_allowed_the_event_loop_needs_them() -> None:
    guard = Guard()
    with guard.watching("t"):
        a, b = socket.socketpair()
        a.close()
        b.close()
    assert guard.found == []


def test_a_program_or_a_fork_is_refused() -> None:
    guard = Guard()
    with guard.watching("t"), pytest.raises(OutsideFastLoopError, match="'subprocess'"):
        subprocess.run([sys.executable, "-c", "pass"], check=True)
    with guard.watching("t"), pytest.raises(OutsideFastLoopError, match=r"os\.fork"):
        os.fork()
    assert len(guard.found) == 2 and "started a program (subprocess)" in guard.found[0]


def test_a_thread_begun_before_the_test_is_not_its_doing_one_begun_by_it_is() -> None:
    guard = Guard()
    go, done = threading.Event(), threading.Event()
    seen: list[bool] = []

    def later() -> None:  # an earlier test's server thread, say, still running
        go.wait()
        seen.append(guard.watches_this_thread())
        done.set()

    earlier = threading.Thread(target=later)
    earlier.start()
    caught: list[BaseException] = []
    with guard.watching("t"):
        go.set()
        done.wait()
        mine = threading.Thread(target=lambda: caught.append(_try_socket()))
        mine.start()
        mine.join()
        seen.append(guard.watches_this_thread())
    earlier.join()
    assert seen == [False, True]
    assert len(caught) == 1 and isinstance(caught[0], OutsideFastLoopError)
    assert len(guard.found) == 1


def _try_socket() -> BaseException:
    try:
        socket.socket(socket.AF_INET6 if socket.has_ipv6 else socket.AF_INET)
    except OutsideFastLoopError as error:
        return error
    raise AssertionError("not refused")


def _item(path: str, fixtures: tuple[str, ...], body: Callable[[], object]) -> Any:
    return SimpleNamespace(path=Path(path), nodeid=f"{path}::{body.__name__}",
                           fixturenames=fixtures, function=body)  # fmt: skip


def test_a_test_gets_its_markers_from_its_fixtures_file_and_calls() -> None:
    def plain() -> None:
        assert sum([1, 2]) == 3

    def runs() -> None:
        subprocess.run(["true"], check=True)

    assert marks_for(_item("tests/test_engine.py", ("tmp_path",), plain)) == set()
    assert marks_for(_item("tests/test_room_join.py", ("server",), plain)) == {"network"}
    assert marks_for(_item("tests/test_room_browser_x.py", (), plain)) == {
        "browser", "subprocess", "network"}  # fmt: skip
    assert marks_for(_item("tests/test_room_timebank_live.py", (), plain)) == {
        "subprocess", "network"}  # fmt: skip
    assert marks_for(_item("tests/test_tui_terminal.py", (), plain)) == {"terminal", "subprocess"}
    assert marks_for(_item("tests/test_engine.py", (), runs)) == {"subprocess"}
    assert marks_for(_item("tests/test_net_edge.py", (), plain)) == {"network"}

    def test_same_seed_same_results_with_one_and_two_workers() -> None: ...

    assert marks_for(_item("tests/test_tournament.py", (),
                           test_same_seed_same_results_with_one_and_two_workers)) == {"subprocess"}
