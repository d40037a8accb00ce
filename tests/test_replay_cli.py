"""``pokerroom replay``: readable hands, ``--step``, ``--check`` and errors without tracebacks."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from pokerroom.cli import main

GOOD = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [1000, 1000]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 30", "p1 cc", "d db 2c7h9s",
           "p1 cc", "p2 cc", "d db Jd", "p1 cc", "p2 cc", "d db 3c", "p1 cc", "p2 cc"]
players = ["Ann", "Bo"]
finishing_stacks = [1030, 970]
"""


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_check_every_data_file(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in (data_dir / "phh").rglob("*.phh"))
    files += sorted(str(p) for p in (data_dir / "acpc").glob("*.log"))
    code, out, _ = run(["replay", "--check", "-v", *files], capsys)
    assert code == 0
    assert out.splitlines()[-2] == (
        "91 files: 1289 hands (1285 exact, 3 exact split, 1 no recorded result)"
    )
    assert "odd-chip policy" in out.splitlines()[-1]


def test_prints_a_hand_readably(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["replay", write(tmp_path, "h.phh", GOOD)], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "no limit hold'em, blinds 5/10 (minimum bet 10), 2 players"
    assert "Bo raises to 30" in lines
    assert "*** FLOP *** [2c 7h 9s] (pot 60)" in lines
    assert "Ann shows Ac Ad: pair of aces, jack-nine-seven kickers" in lines
    assert "Ann wins the pot (60) with pair of aces, jack-nine-seven kickers" in lines
    assert lines[-2:] == ["Seat 1: Ann 1,000 -> 1,030 (+30)", "Seat 2: Bo 1,000 -> 970 (-30)"]


def test_step_pauses_between_streets_and_q_quits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, "h.phh", GOOD)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\nq\n"))
    code, out, err = run(["replay", "--step", path], capsys)
    assert code == 0
    assert err.count("-- Enter: next street, q: quit --") == 3
    assert "*** FLOP ***" in out and "*** TURN ***" not in out  # start, pre-flop, flop
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # no input: print everything
    code, out, _ = run(["replay", "--step", path], capsys)
    assert code == 0 and "*** SUMMARY ***" in out


def test_check_reports_a_hand_that_differs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = write(tmp_path, "bad.phh", GOOD.replace("[1030, 970]", "[1040, 960]"))
    code, out, _ = run(["replay", "--check", bad], capsys)
    assert code == 1
    assert out.splitlines()[0] == (
        f"{bad}: finishing stacks differ: p1 Ann recorded 1040, replayed 1030; "
        "p2 Bo recorded 960, replayed 970"
    )


def test_check_of_a_phhs_reports_each_bad_hand_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = [GOOD, GOOD.replace("cbr 30", "cbr 15"), GOOD.replace("min_bet = 10", "min_bet = 'x'")]
    text = "".join(f"[{i}]\n{h}\n" for i, h in enumerate(hands, 1))
    path = write(tmp_path, "many.phhs", text)
    code, out, _ = run(["replay", "--check", path], capsys)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == (
        f"{path}: [2]: action 3 'p2 cbr 15': p2 cannot raise to 15 pre-flop: the minimum is 20 "
        "(legal: fold, call 5, raise to 20 to 1000)"
    )
    assert lines[1].startswith(f"{path}: hand [3]: line 27: field 'min_bet': must be a number")
    assert lines[-1] == "1 file: 3 hands (2 cannot replay, 1 exact)"


@pytest.mark.parametrize(
    ("name", "text", "fragment"),
    [
        ("toml.phh", 'variant = "NT"\nantes = [0, 0\n', "not valid TOML"),
        ("type.phh", GOOD.replace("[1000, 1000]", '[1000, "x"]'),
         "line 5: field 'starting_stacks': item 2 must be a number, not the string 'x'"),
        ("variant.phh", GOOD.replace('"NT"', '"PO"'), "the variant 'PO' (pot-limit Omaha"),
        ("action.phh", GOOD.replace("p2 cbr 30", "p2 raise 30"),
         "action 3 'p2 raise 30': unknown player action 'raise'"),
        ("cut.log", "# log\nSTATE:0:f:7d3d|2hAc:5|-5:Alice|Bob\nSTATE:1:cr",
         "line 3: a STATE line"),
    ],
)  # fmt: skip
def test_malformed_files_give_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, fragment: str
) -> None:
    path = write(tmp_path, name, text)
    for args in (["replay", path], ["replay", "--check", path]):
        code, out, err = run(args, capsys)
        assert code == 1
        message = (out + err).strip()
        assert fragment in message and path in message
        assert len(message.splitlines()) <= 2


def test_a_log_without_its_game_definition(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "x.log", "STATE:0:f:7d3d|2hAc:5|-5:Alice|Bob\nSCORE:5|-5:Alice|Bob\n")
    code, out, _ = run(["replay", "--check", path], capsys)
    assert code == 1 and "give one with --game GAMEDEF" in out


def test_a_truncated_log_is_reported(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (data_dir / "acpc/limit2p_1000hands_seed42.log").read_text().splitlines()
    path = write(tmp_path, "cut.log", "\n".join(lines[:30]) + "\n")
    game = str(data_dir / "acpc/holdem.limit.2p.reverse_blinds.game")
    code, out, _ = run(["replay", "--check", "--game", game, path], capsys)
    assert code == 1
    assert f"{path}: the log has no SCORE line (truncated?)" in out
    assert out.splitlines()[-1] == "1 file: 27 hands (1 cannot replay, 26 exact)"


def test_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["replay", "--game", str(tmp_path / "none.game"), "x.log"], capsys)
    assert code == 2 and "cannot read the game definition" in err
    code, out, _ = run(["replay", "--check", str(tmp_path / "missing.phh")], capsys)
    assert code == 1 and "cannot read the file" in out


def test_write_phh_converts_a_log(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_path = str(tmp_path / "nl.phhs")
    log = str(data_dir / "acpc/nolimit2p_200hands_seed42.log")
    code, _, err = run(["replay", "--check", "--write-phh", out_path, log], capsys)
    assert code == 0 and "wrote 200 hands" in err
    code, out, _ = run(["replay", "--check", out_path], capsys)
    assert code == 0 and out.splitlines()[-1] == "1 file: 200 hands (200 exact)"
    one = str(tmp_path / "nl.phh")
    code, _, err = run(["replay", "--check", "--write-phh", one, log], capsys)
    assert code == 2
    assert err.strip() == (
        f"pokerroom replay: error: {one}: a .phh file holds one hand, not 200 (use .phhs)"
    )


def test_the_installed_command_never_shows_a_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.phh", "variant = [\n")
    code = "import sys; from pokerroom.cli import main; sys.exit(main())"
    proc = subprocess.run(
        [sys.executable, "-c", code, "replay", path], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr and "not valid TOML" in proc.stderr


def test_check_a_directory_replays_every_history_file_in_it(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = sorted(
        str(p) for p in data_dir.rglob("*") if p.suffix in (".phh", ".phhs", ".log")
    )
    code, listed, _ = run(["replay", "--check", *files], capsys)
    assert code == 0
    code, walked, _ = run(["replay", "--check", str(data_dir)], capsys)
    assert code == 0
    assert walked.splitlines()[-1] == listed.splitlines()[-1]
    assert walked.splitlines()[-1].startswith(f"{len(files)} files: ")
    (tmp_path / "notes.txt").write_text("no hands here")
    code, _, err = run(["replay", str(tmp_path)], capsys)
    assert code == 2 and "no .phh, .phhs or .log files in the directory" in err
