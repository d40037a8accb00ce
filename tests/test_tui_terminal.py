"""``pokerroom play --seed N`` in a real pseudo-terminal, driven by keystrokes through a
hand and a save, its screen read back: in tmux where the machine has it, else with
pexpect and the pyte terminal emulator."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from terminal_helpers import drivers, open_terminal

pytestmark = pytest.mark.xdist_group("terminal")


@pytest.mark.parametrize("driver", drivers())
def test_play_a_hand_save_and_find_the_save(driver: str, tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text('[settings]\nspeed = "instant"\n')
    command = Path(sys.executable).parent / "pokerroom"  # the installed command
    argv = [str(command), "play", "--seed", "7"]
    env = {"POKERROOM_DATA_DIR": str(tmp_path), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    term = open_terminal(driver, argv, env)
    try:
        term.wait_for("New game")
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
