"""Text a user gives the command line (players' names, files' paths) is printed as
written: square brackets included, never read as Rich's markup (which took ``[bold]``
for a style and dropped ``[v2]`` as an unknown one)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokerroom.cli import main

BRACKETED_BOT = '''
from pokerroom.players import CallingStation

class Tagged(CallingStation):
    name = "[bold]tag[/bold][v2]"
'''


def test_icm_prints_the_names_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["icm", "5000", "3000", "--payouts", "60,40", "--names", "Ann[red],[bold]Bo"])
    out = capsys.readouterr().out
    assert code == 0
    assert re.search(r"^ *Ann\[red\] +5,000 ", out, re.M), out
    assert re.search(r"^ *\[bold\]Bo +3,000 ", out, re.M), out


@pytest.mark.parametrize("command", ["tournament", "league"])
def test_a_players_name_in_brackets_is_printed_as_written(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "tagged.py"
    bot.write_text(BRACKETED_BOT)
    db = tmp_path / "[v1]" / "runs.db"
    db.parent.mkdir()
    size = ["--games", "2"] if command == "tournament" else ["--hands", "4"]
    code = main([command, "--players", f"{bot}:Tagged,random", *size, "--seed", "3",
                 "--rules", "no-limit", "--workers", "1", "--db", str(db)])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert "[bold]tag[/bold][v2]" in out
    assert f"results: {db} (run 1)" in out


def test_solve_names_its_files_as_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "[bold]" / "s.npz"
    out.parent.mkdir()
    code = main(["solve", "--rules", "casino-limit", "--iterations", "2", "--every", "2",
                 "--out", str(out)])  # fmt: skip
    assert code == 0 and out.is_file()
    assert f"wrote {out} (" in capsys.readouterr().out
