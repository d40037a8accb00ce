"""``pokerroom play --seed N`` in a real pseudo-terminal, driven by keystrokes through a
hand and a save, its screen read back: in tmux where the machine has it, else with
pexpect and the pyte terminal emulator."""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import pytest

from terminal_helpers import START, PyteTerminal, Terminal, drivers, open_terminal

pytestmark = pytest.mark.xdist_group("terminal")


@pytest.mark.parametrize("driver", drivers())
def test_play_a_hand_save_and_find_the_save(driver: str, tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text('[settings]\nspeed = "instant"\n')
    command = Path(sys.executable).parent / "pokerroom"  # the installed command
    argv = [str(command), "play", "--seed", "7"]
    env = {"POKERROOM_DATA_DIR": str(tmp_path), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    term = open_terminal(driver, argv, env)
    try:
        term.wait_for("New game", timeout=START)
        term.wait_for("Choose")  # the footer: the menu is ready for keys
        term.type("Enter")
        term.wait_for("Start the game")
        term.type("C-s")
        screen = term.wait_for("Your turn")
        assert "Hand 1" in screen and "PRE-FLOP" in screen
        assert "Dealt to Hero" in screen  # the log, with your cards
        assert "Fold" in screen and "All-in" in screen  # the action bar, not cut off
        term.type("c")  # check or call: the hand goes on to the flop
        term.wait_for("· FLOP ·")  # the title (not "PRE-FLOP")
        screen = term.wait_for("Your turn")  # on the flop: the keys are live from here
        assert "· FLOP ·" in screen and "Hero calls" in screen
        term.type("s")
        term.wait_for("Save the game")
        term.type(*"pty-save")
        term.wait_for("pty-save")  # typed in: Enter now cannot overtake the letters
        term.type("Enter")
        term.wait_for("Saved as 'pty-save'")
        term.type("x")
        term.wait_for("Leave the table?")
        term.type("Left", "Enter")  # "Leave without saving"
        term.wait_for("Continue (pty-save)")  # the menu again, Continue enabled now
        term.type("Down", "Down", "Enter")  # Load game
        screen = term.wait_for("Load a saved game")
        assert "pty-save" in screen and "autosave" in screen
        term.type("Enter")  # the newest save: pty-save
        screen = term.wait_for("Your turn")
        assert "FLOP" in screen and "Hand 1" in screen
        term.type("C-q")
        term.wait_for("Quit pokerroom?")
        term.type("Left", "Enter")  # quit without saving
        end = time.monotonic() + 20
        while term.alive() and time.monotonic() < end:
            time.sleep(0.1)
        assert not term.alive()
    finally:
        term.close()


def _after(screen: str, mark: str) -> str:
    """The screen's text from the line holding ``mark`` on (the log's hand header)."""
    lines = screen.splitlines()
    for k, line in enumerate(lines):
        if mark in line:
            return "\n".join(lines[k:])
    return ""


def _to_summary(term: Terminal) -> None:
    """Fold (check where checking is free) until the hand's summary shows.  A key that
    arrives out of turn does nothing, so the screen can be polled."""
    end = time.monotonic() + 20  # a hand of folds and checks: a few seconds
    while True:
        screen = term.screen()
        if "Press any key to continue" in screen:
            return
        assert time.monotonic() < end, screen
        key = "c" if "checking is free" in screen else "f" if "Your turn" in screen else ""
        if key:
            term.type(key)
            # The next key only once this one is taken (the screen changes): under load a
            # second key sent while the first is on its way lands on the summary, which
            # any key closes, and deals the next hand behind the test's back.
            while term.screen() == screen and time.monotonic() < end:
                time.sleep(0.05)
        time.sleep(0.3)


@pytest.mark.parametrize("driver", drivers())
def test_keys_sent_at_once_on_the_hand_summary_go_on_to_one_hand(
    driver: str, tmp_path: Path
) -> None:
    """Issue 29, item 1, as reported: 'tmux send-keys Enter Enter' on the summary went to
    the main menu mid-game (three keys: a blank screen; six: a crash, exit status 0).
    Now the first key deals the next hand, and the others act on nothing: not on the
    next hand's buttons, not on the menu."""
    (tmp_path / "settings.toml").write_text('[settings]\nspeed = "instant"\n')
    command = Path(sys.executable).parent / "pokerroom"
    argv = [str(command), "play", "--seed", "7"]
    env = {"POKERROOM_DATA_DIR": str(tmp_path), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    term = open_terminal(driver, argv, env)
    try:
        term.wait_for("Choose", timeout=START)  # the menu's footer: ready for keys
        term.type("Enter")
        term.wait_for("Start the game")
        term.type("C-s")
        for hand, keys in ((1, 2), (2, 3), (3, 6)):
            term.wait_for(f"Hand {hand} ·")
            _to_summary(term)
            term.send(*["Enter"] * keys)  # all at once: one tmux send-keys
            screen = term.wait_for(f"Hand {hand + 1} ·")
            screen = term.wait_for("Your turn")
            assert term.alive() and "Load game" not in screen  # not the main menu
            assert "Hero" in screen and "Press any key" not in screen
            mine = [line for line in _after(screen, f"Hand {hand + 1} ──").splitlines()
                    if "Hero calls" in line or "Hero checks" in line or "Hero folds" in line]
            assert mine == [], screen  # the second Enter did not press the focused button
        term.type("C-q")
        term.wait_for("Quit pokerroom?")
        term.type("Left", "Enter")
        end = time.monotonic() + 20
        while term.alive() and time.monotonic() < end:
            time.sleep(0.1)
        assert not term.alive()
        assert "Traceback" not in term.screen()
    finally:
        term.close()


READER = r"""
import os, select, sys, termios, tty
fd = sys.stdin.fileno()
old = termios.tcgetattr(fd)
tty.setraw(fd)
try:
    os.write(1, b"READY\r\n")
    chunks = [os.read(fd, 1024)]  # the first read returns with what has arrived
    while select.select([fd], [], [], 0.5)[0]:
        chunks.append(os.read(fd, 1024))
    os.write(1, ("READS " + " ".join(c.hex() for c in chunks) + " DONE\r\n").encode())
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
"""


@pytest.mark.parametrize("driver", ["pyte", "tmux"])
def test_keys_sent_at_once_arrive_at_once(driver: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``send`` delivers a burst the way ``tmux send-keys Enter Enter`` does: in one write,
    read by the program in one go (the pyte driver wrote key by key)."""
    if driver == "tmux" and shutil.which("tmux") is None:
        pytest.skip("tmux is not installed on this machine (the pyte driver is tested)")
    term = open_terminal(driver, [sys.executable, "-c", READER], {"LANG": "C.UTF-8"})
    try:
        term.wait_for("READY", timeout=START)
        if isinstance(term, PyteTerminal):
            writes: list[str] = []
            send = term.child.send
            monkeypatch.setattr(term.child, "send", lambda s: writes.append(s) or send(s))
        term.send("Enter", "Enter", "x", "5", "Escape")
        screen = term.wait_for("DONE")
        if isinstance(term, PyteTerminal):
            assert writes == ["\r\rx5\x1b"]
        reads = screen.split("READS", 1)[1].split("DONE", 1)[0].split()
        assert reads == [b"\r\rx5\x1b".hex()], reads  # one read, every key in it
    finally:
        term.close()
