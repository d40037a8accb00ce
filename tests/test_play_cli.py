"""``pokerroom play``: the terminal game's command (the game itself is tested by
``test_tui_*``; in a real terminal by ``test_tui_terminal``)."""

from __future__ import annotations

import io
import sys

import pytest

from pokerroom.cli import main


def test_play_needs_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("Qs Qd 8c 8h As\n"))
    code = main(["play"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == (
        "pokerroom play: error: the game needs a terminal: run it in a terminal window "
        "(80x24 or larger), not with its input or output redirected\n"
    )


def test_play_help_names_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play", "--help"])
    assert exc.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps at the terminal's width
    assert "--seed N" in out and "the same seed deals the same game" in out


def test_play_refuses_a_seed_that_is_not_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play", "--seed", "x"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "argument --seed: a seed from 0 to 9,223,372,036,854,775,807, not 'x'" in err
