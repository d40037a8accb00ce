"""``pokerroom play``: the hand reader that stands in for the terminal game (help, card
errors, quitting; line editing and history on a real terminal)."""

from __future__ import annotations

import io
import os
import select
import subprocess
import sys
import time

import pytest

from pokerroom.cli import main


def play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, typed: str
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(["play"])
    return code, capsys.readouterr().out


def test_reads_hands_and_answers_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = play(capsys, monkeypatch, "help\nQs Qd 8c 8h As 3c 2d\nA♠ K♠ Q♠ J♠ 10♠\n?\nq\n")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == (
        "pokerroom: type 5 to 7 cards (like 'As Ks Qs Js Ts 2c 3d'), 'help' or 'quit'."
    )
    assert sum("help or ?: this text.  quit, q, exit or Ctrl-D: leave." in x for x in lines) == 2
    assert "  two pair, queens and eights, ace kicker  [Qs Qd 8h 8c As]" in out
    assert "  royal flush  [As Ks Qs Js Ts]" in out
    assert "not a card" not in out  # help is no card


def test_bad_cards_are_explained_and_the_input_may_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = play(capsys, monkeypatch, "As Xx\nAs Ks\n\n")
    assert code == 0  # the input ended: leave quietly
    assert "  not a card: 'Xx' in 'As Xx' (a card is a rank 2-9, T or 10, J, Q, K, A" in out
    assert "  a hand has 5, 6 or 7 cards, not 2" in out


class _Interrupted(io.StringIO):
    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        raise KeyboardInterrupt


def test_ctrl_c_leaves_with_status_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", _Interrupted())
    assert main(["play"]) == 130
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and err == "\n"


def test_help_describes_the_hand_reader(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "Until the terminal game against computer players lands, this is a hand reader" in out


def _read_until(fd: int, seen: bytearray, wanted: bytes, count: int = 1) -> None:
    """Read the terminal into ``seen`` until ``wanted`` is there ``count`` times."""
    end = time.monotonic() + 20.0
    while seen.count(wanted) < count:
        left = end - time.monotonic()
        assert left > 0, f"no {wanted!r} in {bytes(seen)!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal
                chunk = b""
            assert chunk, f"the reader ended before {wanted!r}: {bytes(seen)!r}"
            seen += chunk


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_on_a_terminal_the_arrow_keys_edit_and_recall_lines() -> None:
    """Up recalls the last line and Home goes to its start (readline): had the keys
    arrived as text, ``\\x1b[A`` would be read as cards and refused."""
    leader, follower = os.openpty()
    code = "import sys; from pokerroom.cli import main; sys.exit(main(['play']))"
    env = {**os.environ, "TERM": "xterm", "INPUTRC": os.devnull}
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdin=follower, stdout=follower, stderr=follower, env=env
    )
    os.close(follower)
    seen = bytearray()
    try:
        _read_until(leader, seen, b"cards> ")
        os.write(leader, b"Ks Qs Js Ts\r")  # four cards: refused
        _read_until(leader, seen, b"cards> ", count=2)
        assert b"a hand has 5, 6 or 7 cards, not 4" in seen
        os.write(leader, b"\x1b[A\x1b[HAs \r")  # up: that line again; Home; add the ace
        _read_until(leader, seen, b"cards> ", count=3)
        assert b"royal flush  [As Ks Qs Js Ts]" in seen
        os.write(leader, b"quit\r")
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(leader)
