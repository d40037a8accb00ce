"""Running the command line in this process, as the exact tests of its commands do."""

from __future__ import annotations

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
