"""Real terminals for the terminal game's end-to-end test: the program runs in a real
pseudo-terminal, gets keystrokes and its screen is read back as text.

Two drivers, one interface: tmux where the machine has it, else pexpect with the pyte
terminal emulator (installed by ``make test``, so the test runs everywhere).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import time
import uuid
from collections.abc import Sequence
from pathlib import Path

import pexpect
import pyte

# Key names (tmux's) as the bytes a terminal sends.
KEYS = {
    "Enter": "\r", "Escape": "\x1b", "BSpace": "\x7f", "Tab": "\t", "Space": " ",
    "Up": "\x1b[A", "Down": "\x1b[B", "Right": "\x1b[C", "Left": "\x1b[D",
    "C-s": "\x13", "C-q": "\x11",
}  # fmt: skip


WAIT = 15.0  # seconds for the screen to show what a key asked for (it takes well under 1)
START = 30.0  # seconds for the program's first screen (Python and Textual starting up,
# about 2 s here; a busy machine takes longer)


class Terminal:
    """A program in a pseudo-terminal of ``width`` × ``height``."""

    def send(self, *keys: str) -> None:
        """Send ``keys`` at once (one write: the program reads them together)."""
        raise NotImplementedError

    def screen(self) -> str:
        raise NotImplementedError

    def alive(self) -> bool:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def wait_for(self, text: str, timeout: float = WAIT) -> str:
        """Wait until ``text`` is on the screen (at most ``timeout`` seconds: give the
        program's first screen :data:`START`); the screen then."""
        end = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if text in screen:
                return screen
            if time.monotonic() > end:
                raise AssertionError(f"{text!r} never appeared; the screen:\n{screen}")
            time.sleep(0.1)

    def type(self, *keys: str) -> None:
        """Send ``keys`` one by one, as a person types them."""
        for key in keys:
            self.send(key)
            time.sleep(0.05)


class TmuxTerminal(Terminal):
    """A tmux session on a tmux server of its own (``-L``): tests running side by side
    never share a server, so one test ending its last session cannot take the server
    from under another's ``new-session``."""

    def __init__(self, argv: Sequence[str], env: dict[str, str], width: int, height: int):
        self.name = f"pokerroom-test-{uuid.uuid4().hex[:8]}"
        exports = " ".join(f"{k}={v!r}" for k, v in env.items())
        command = f"env {exports} {shlex.join(argv)}; echo EXITED $?; sleep 30"
        self._tmux("new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height),
                   command)  # fmt: skip
        self._socket = Path(self._tmux("display-message", "-p", "#{socket_path}").strip())

    def _tmux(self, *args: str, check: bool = True) -> str:
        out = subprocess.run(["tmux", "-L", self.name, *args], check=check,
                             capture_output=True, text=True)  # fmt: skip
        return out.stdout

    def send(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", self.name, *keys)

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", self.name)

    def alive(self) -> bool:
        return "EXITED" not in self.screen()

    def close(self) -> None:
        self._tmux("kill-server", check=False)
        self._socket.unlink(missing_ok=True)  # a killed server leaves its socket file


class PyteTerminal(Terminal):
    def __init__(self, argv: Sequence[str], env: dict[str, str], width: int, height: int):
        self.child = pexpect.spawn(argv[0], list(argv[1:]), env={**os.environ, **env},
                                   dimensions=(height, width), encoding="utf-8")  # fmt: skip
        self.emulator = pyte.Screen(width, height)
        self.stream = pyte.Stream(self.emulator)

    def _pump(self) -> None:
        while True:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.05)
            except (pexpect.TIMEOUT, pexpect.EOF):
                return
            self.stream.feed(data)

    def send(self, *keys: str) -> None:
        """``keys`` in one write, so they arrive at once as ``tmux send-keys`` delivers
        them (a burst: the program reads them in one go)."""
        self.child.send("".join(KEYS.get(key, key) for key in keys))

    def screen(self) -> str:
        self._pump()
        return "\n".join(line.rstrip() for line in self.emulator.display)

    def alive(self) -> bool:
        self._pump()
        return self.child.isalive()

    def close(self) -> None:
        self.child.close(force=True)


def drivers() -> list[str]:
    """The real terminal to test in: tmux where the machine has it, else pexpect with
    the pyte emulator (``POKERROOM_TEST_TERMINAL=pyte`` forces it)."""
    forced = os.environ.get("POKERROOM_TEST_TERMINAL")
    if forced:
        return [forced]
    return ["tmux"] if shutil.which("tmux") else ["pyte"]


def open_terminal(
    driver: str, argv: Sequence[str], env: dict[str, str], width: int = 80, height: int = 24
) -> Terminal:
    if driver == "tmux":
        return TmuxTerminal(argv, env, width, height)
    return PyteTerminal(argv, env, width, height)
