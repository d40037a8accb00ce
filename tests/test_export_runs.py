"""Tournaments and leagues write their hands for trackers (``--export-dir DIR --export
FORMAT``): one file per game, which replays to every hand's result; and the statistics
read a results database written with ``--db-hands``."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerroom.cli import main
from pokerroom.history.ohh import parse_ohh
from pokerroom.history.starsread import parse_pokerstars


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_tournament_writes_its_hands_as_pokerstars_tournament_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_dir, db = tmp_path / "stars", tmp_path / "r.db"
    code, _, err = _run(["tournament", "--players", "rule-based,calling-station,random",
                         "--games", "2", "--seed", "4", "--set", "buy_in=200", "--workers", "1",
                         "--export-dir", str(out_dir), "--db", str(db), "--db-hands"],
                        capsys)  # 001's rules, the straddle optional  # fmt: skip
    assert code == 0, err
    files = sorted(out_dir.glob("*.txt"))
    assert [f.name for f in files] == ["00001-game-1.txt", "00002-game-2.txt"]
    hands = parse_pokerstars(files[0].read_text(encoding="utf-8"))
    assert hands and all(h.tournament == 1 for h in hands)
    code, out, err = _run(["replay", "--check", *map(str, files)], capsys)
    assert code == 0, out + err
    code, out, err = _run(["stats", "--db", str(db), "--no-adjust"], capsys)
    assert code == 0, err
    assert "calling-station" in out
    # the same hands read back from the PokerStars text: the same statistics, to the
    # last digit (a hand whose 001 straddle was folded shows no straddle in the text: it
    # counted in big blinds of 5, the button blind, and bb/100 differed)
    code, text_out, err = _run(["stats", str(out_dir), "--no-adjust"], capsys)
    assert code == 0, err
    assert text_out == out


def test_a_tournament_of_001_rules_writes_what_the_formats_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """001's rules (the default): the hands whose proportional split or announced hand
    changed the payout are named on standard error; the others are written."""
    out_dir = tmp_path / "ohh"
    code, _, err = _run(["tournament", "--players", "random,random,calling-station",
                         "--games", "1", "--seed", "9", "--set", "buy_in=200", "--workers",
                         "1", "--export-dir", str(out_dir), "--export", "ohh"], capsys)  # fmt: skip
    assert code == 0, err
    assert all("not written as ohh" in line for line in err.splitlines() if "hand" in line)
    (path,) = out_dir.glob("*.ohh")
    items = parse_ohh(path.read_text(encoding="utf-8"))
    assert items and all(isinstance(i, dict) and i["ohh"]["tournament"] for i in items)


def test_a_league_writes_its_sessions_as_cash_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_dir = tmp_path / "league"
    code, _, err = _run(["league", "--players", "random,calling-station", "--hands", "8",
                         "--seed", "1", "--session", "4", "--workers", "1", "--rules",
                         "no-limit", "--export-dir", str(out_dir)], capsys)  # fmt: skip
    assert code == 0, err
    files = sorted(out_dir.glob("*.txt"))
    assert files
    assert all(h.tournament is None for f in files
               for h in parse_pokerstars(f.read_text(encoding="utf-8")))  # fmt: skip
    code, out, err = _run(["replay", "--check", *map(str, files)], capsys)
    assert code == 0, out + err


@pytest.mark.parametrize("command", ["tournament", "league"])
def test_export_without_a_folder_is_refused_before_any_game(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """--export alone would play the run and write nothing: one line, status 2, at once."""
    monkeypatch.chdir(tmp_path)
    code, out, err = _run([command, "--players", "random,random", "--export", "ohh",
                           "--workers", "1", "--rules", "no-limit"], capsys)  # fmt: skip
    assert (code, out) == (2, "")
    assert err == f"pokerroom {command}: error: --export needs --export-dir DIR\n"
    assert not list(tmp_path.iterdir())


def test_the_hands_a_format_cannot_hold_are_named_on_standard_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A freeze-out as an ACPC log: the log's game resets the stacks every hand, so only
    the first hand is written, each other one named with the reason (this line was a
    NameError once: cli.runs had lost its import of sys)."""
    out_dir = tmp_path / "acpc"
    code, _, err = _run(["tournament", "--players", "random,calling-station", "--games", "1",
                         "--seed", "3", "--rules", "no-limit", "--set", "buy_in=100",
                         "--workers", "1", "--export-dir", str(out_dir), "--export", "acpc"],
                        capsys)  # fmt: skip
    assert code == 0, err
    refused = [line for line in err.splitlines() if "not written as acpc" in line]
    assert refused[0] == ("game 1 hand 2: not written as acpc: stacks 197 3, and the log's "
                          "game resets every hand to 100 100")  # fmt: skip
    assert sorted(p.name for p in out_dir.iterdir()) == ["00001-game-1.game", "00001-game-1.log"]
