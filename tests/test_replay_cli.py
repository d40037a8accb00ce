"""``pokerroom replay``: readable hands, ``--step``, ``--check``, errors without tracebacks,
and the exit statuses: 2 for what the user can fix (a file that cannot be read), 1 for
what ``--check`` finds (a hand that differs, or that the rules refuse)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from cli_helpers import run as run_cli
from phh_samples import ALL_IN, CHECKED_DOWN

GOOD = CHECKED_DOWN


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    return run_cli(capsys, *args)


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
    assert code == 2  # hand [3] cannot be read: the user's to fix, which wins over 1
    lines = out.splitlines()
    assert lines[0] == (
        f"{path}: [2]: action 3 'p2 cbr 15': p2 cannot raise to 15 pre-flop: the minimum is 20 "
        "(legal: fold, call 5, raise to 20 to 1000)"
    )
    assert lines[1].startswith(f"{path}: hand [3]: line 27: field 'min_bet': must be a number")
    assert lines[-1] == "1 file: 3 hands (1 cannot replay, 1 exact, 1 unreadable)"
    refused = write(tmp_path, "two.phhs", "".join(f"[{i}]\n{h}\n" for i, h in enumerate(hands[:2])))
    code, out, _ = run(["replay", "--check", refused], capsys)
    assert code == 1  # a hand the rules refuse is a finding, like a result that differs
    assert out.splitlines()[-1] == "1 file: 2 hands (1 cannot replay, 1 exact)"
    code, out, err = run(["replay", refused], capsys)
    assert code == 1 and "*** SUMMARY ***" in out
    assert err.startswith(f"pokerroom replay: error: {refused}: [1]: action 3 'p2 cbr 15'")


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
        assert code == 2
        message = (out + err).strip()
        assert fragment in message and path in message
        assert len(message.splitlines()) <= 2


def test_a_log_without_its_game_definition(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "x.log", "STATE:0:f:7d3d|2hAc:5|-5:Alice|Bob\nSCORE:5|-5:Alice|Bob\n")
    code, out, _ = run(["replay", "--check", path], capsys)
    assert code == 2 and "give one with --game GAMEDEF" in out
    assert out.splitlines()[-1] == "1 file (1 with errors): no hands"


def test_a_log_whose_game_definition_is_not_beside_it(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One line for the file, saying how many hands were not replayed."""
    log = tmp_path / "nl.log"
    log.write_text((data_dir / "acpc/nolimit2p_200hands_seed42.log").read_text())
    code, out, _ = run(["replay", "--check", str(log)], capsys)
    assert code == 2
    assert out.splitlines() == [
        f"{log}: the log's game definition 'holdem.nolimit.2p.reverse_blinds.game' is not "
        "beside it: give it with --game GAMEDEF (none of the log's 200 hands was replayed)",
        "1 file (1 with errors): no hands",
    ]


def test_the_wrong_game_definition_is_one_line_for_the_file(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = str(data_dir / "acpc/nolimit2p_200hands_seed42.log")
    game = str(data_dir / "acpc/holdem.limit.3p.game")
    code, out, _ = run(["replay", "--check", "--game", game, log], capsys)
    assert code == 2
    assert out.splitlines() == [
        f"{log}: 2 players in the log, 3 in the game definition: give the log's own with "
        "--game GAMEDEF (none of its 200 hands was replayed)",
        "1 file (1 with errors): no hands",
    ]


def test_a_truncated_log_is_reported(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (data_dir / "acpc/limit2p_1000hands_seed42.log").read_text().splitlines()
    path = write(tmp_path, "cut.log", "\n".join(lines[:30]) + "\n")
    game = str(data_dir / "acpc/holdem.limit.2p.reverse_blinds.game")
    code, out, _ = run(["replay", "--check", "--game", game, path], capsys)
    assert code == 2  # a damaged file
    assert f"{path}: the log has no SCORE line (truncated?)" in out
    assert out.splitlines()[-1] == "1 file (1 with errors): 26 hands (26 exact)"
    code, out, _ = run(["replay", "--check", "-v", "--game", game, path], capsys)
    assert f"{path}: 26 hands (26 exact); 1 error in the file" in out.splitlines()


def test_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    none = str(tmp_path / "none.game")
    code, _, err = run(["replay", "--game", none, "x.log"], capsys)
    assert code == 2
    assert err == (
        f"pokerroom replay: error: argument --game: {none!r}: no such file (give an ACPC "
        "game definition)\n"
    )
    binary = write(tmp_path, "binary.game", "")
    Path(binary).write_bytes(b"GAMEDEF\n\xff\n")
    code, _, err = run(["replay", "--game", binary, "x.log"], capsys)
    assert code == 2 and "cannot read the game definition: not UTF-8 text (byte 8)" in err
    missing = str(tmp_path / "missing.phh")
    code, out, _ = run(["replay", "--check", missing], capsys)
    assert code == 2 and "cannot read the file" in out
    code, out, err = run(["replay", missing], capsys)
    assert code == 2 and not out
    assert err == (
        f"pokerroom replay: error: {missing}: cannot read the file: No such file or directory\n"
    )


def test_a_file_that_is_no_hand_history_is_refused_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = write(tmp_path, "notes.md", "# My hands\nA great session.\n")
    code, out, err = run(["replay", notes], capsys)
    assert code == 2 and not out
    assert err == (
        f"pokerroom replay: error: {notes}: not a hand history: replay reads PHH (.phh, .phhs), "
        "ACPC dealer logs (.log), PokerStars text and OHH (.ohh)\n"
    )
    hand = write(tmp_path, "hand.txt", "# a hand\n" + GOOD)  # another name, but a PHH hand
    code, out, _ = run(["replay", "--check", hand], capsys)
    assert code == 0 and out.splitlines()[-1] == "1 file: 1 hand (1 exact)"


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
        f"pokerroom replay: error: {one}: a .phh file holds one hand, and there are more "
        "(use .phhs)"
    )
    assert not Path(one).exists()


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("no/such/dir/out.phhs", "there is no directory"),
        ("out.txt", "the file must end in .phh (one hand) or .phhs (several)"),
        (".", "the file must end in .phh"),
    ],
)
def test_write_phh_checks_where_it_writes_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str, message: str
) -> None:
    path = str(tmp_path / target)
    code, out, err = run(["replay", "--write-phh", path, write(tmp_path, "h.phh", GOOD)], capsys)
    assert code == 2
    assert out == ""  # nothing was replayed first
    assert err.startswith(f"pokerroom replay: error: --write-phh {path}: ") and message in err
    folder = tmp_path / "a.phhs"
    folder.mkdir()
    code, out, err = run(["replay", "--write-phh", str(folder), str(tmp_path / "h.phh")], capsys)
    assert code == 2 and out == "" and "that is a directory" in err


def test_the_installed_command_never_shows_a_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.phh", "variant = [\n")
    code = "import sys; from pokerroom.cli import main; sys.exit(main())"
    proc = subprocess.run(
        [sys.executable, "-c", code, "replay", path], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "not valid TOML" in proc.stderr


def test_a_reader_that_stops_early_stops_the_command_quietly(data_dir: Path) -> None:
    """``pokerroom replay DIR | head -1``: exit status 141, no error, no traceback."""
    code = "import sys; from pokerroom.cli import main; sys.exit(main())"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "replay", str(data_dir)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # far more than a pipe holds is still to come: the next write fails
    assert proc.wait(timeout=30) == 141  # 17 s at a load of 20 on two cores
    assert proc.stderr.read() == ""
    assert first.startswith("# ")




def test_step_all_in_runs_the_board_out_before_the_showdown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hands are turned up when the betting ends, each street of the board is a
    step, and only then the showdown (not a step before the river)."""
    path = write(tmp_path, "allin.phh", ALL_IN)
    river = "*** RIVER *** [2c 7h 9s Jd] [3c] (pot 2,000)"
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\n\n\nq\n"))
    code, out, err = run(["replay", "--step", path], capsys)
    assert code == 0
    # start, pre-flop (ending with the hands turned up), flop, turn, river: then q
    assert err.count("-- Enter: next street, q: quit --") == 5
    lines = out.splitlines()
    assert lines[-1] == river and "*** SHOWDOWN ***" not in out
    assert lines[lines.index("Ann calls 990 (all-in)") + 1 :][:3] == [
        "Bo shows Kc Kd", "Ann shows Ac Ad", "*** FLOP *** [2c 7h 9s] (pot 2,000)",
    ]  # fmt: skip  (Bo bet last: he shows first)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" * 6))
    code, out, _ = run(["replay", "--step", path], capsys)
    lines = out.splitlines()
    assert lines[lines.index(river) + 1 :][:4] == [
        "*** SHOWDOWN ***",
        "Bo shows Kc Kd: pair of kings, jack-nine-seven kickers",
        "Ann shows Ac Ad: pair of aces, jack-nine-seven kickers",
        "Ann wins the pot (2,000) with pair of aces, jack-nine-seven kickers",
    ]


def test_a_file_name_that_does_not_print_is_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name with a byte the command line could not decode (a surrogate) or a line break
    is shown escaped, on one line, in every line that names it: --check's report on
    standard output too (printing it raised UnicodeEncodeError)."""
    import os

    odd = os.fsdecode(b"hand-\xff\xc2\x85.phh")  # an undecodable byte, and U+0085 (NEL)
    path = tmp_path / odd
    path.write_text(GOOD, encoding="utf-8")
    shown = str(tmp_path / "hand-\\udcff\\x85.phh")
    code, out, _ = run(["replay", "--check", "-v", str(path)], capsys)
    assert code == 0 and out.splitlines()[0] == f"{shown}: 1 hand (1 exact)"
    code, out, err = run(["replay", "--check", str(tmp_path / odd.replace(".phh", "x"))], capsys)
    assert code == 2 and out.splitlines()[0] == (
        f"{shown[:-4]}x: cannot read the file: No such file or directory")  # fmt: skip
    target = tmp_path / os.fsdecode(b"out-\xff.phh")
    code, out, err = run(["replay", "--write-phh", str(target), str(path)], capsys)
    assert code == 0 and err == f"wrote 1 hand to {tmp_path}/out-\\udcff.phh\n"
    assert target.exists()
