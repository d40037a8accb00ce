"""Running the command line in this process, as the exact tests of its commands do."""

from __future__ import annotations

import argparse

import pytest

from pokerroom.cli import main

Option = tuple[object, ...]
"""One option as the exact tests describe it (its strings, destination, nargs, metavar,
choices, default, type and help)."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``pokerroom ARGV...``'s exit status, standard output and standard error (an
    argument's type that refused it exits through ``SystemExit``); never a traceback."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # an argument's type refused it
        assert isinstance(exc.code, int)
        code = exc.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def subcommand(parser: argparse.ArgumentParser, word: str) -> tuple[argparse.ArgumentParser, str]:
    """The subcommand ``word`` of ``parser``, and its one-line help."""
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    (help_text,) = [c.help for c in action._choices_actions if c.dest == word]
    return action.choices[word], help_text or ""
