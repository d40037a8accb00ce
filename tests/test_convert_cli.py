"""``pokerroom convert``: hand histories to PokerStars text, OHH, PHH and ACPC logs, file
by file or printed; hands a format cannot hold left out with the reason (status 1); bad
input one line on standard error and status 2, whatever the file holds."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA
from pokerroom.cli import main
from pokerroom.history.ohh import parse_ohh, replay_ohh
from pokerroom.history.phh import dumps_all
from pokerroom.history.record import to_phh
from pokerroom.history.sources import replays
from pokerroom.history.starsread import parse_pokerstars
from pokerroom.rules import Rules
from stars_samples import CASH_LIMIT, CASH_NL
from test_history_random import any_rules, random_hands


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_phh_data_converts_to_pokerstars_text_file_by_file(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "wsop"
    shutil.copytree(DATA / "phh" / "wsop", source)
    code, out, err = run(["convert", str(source), "--to", "pokerstars", "--out",
                          str(tmp_path / "out")], capsys)  # fmt: skip
    assert code == 0 and not out
    written = sorted((tmp_path / "out").rglob("*.txt"))
    assert len(written) == 10 and err.count("wrote 1 hand to ") == 10
    # each below out/ as its hand is below the folder given (2023/43/5/1.phh -> 1.txt)
    assert {p.relative_to(tmp_path / "out").with_suffix(".phh") for p in written} == {
        p.relative_to(source) for p in source.rglob("*.phh")
    }
    for path in written:
        (outcome,) = list(replays(path))
        assert outcome.replay is not None and outcome.replay.check().matches  # type: ignore[union-attr]


def test_printed_without_out_and_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = tmp_path / "cash.txt"
    hands.write_text(CASH_NL + "\n\n\n" + CASH_LIMIT, encoding="utf-8")
    code, out, err = run(["convert", str(hands), "--to", "ohh"], capsys)
    assert code == 0 and not err
    items = parse_ohh(out)
    assert len(items) == 2
    assert all(replay_ohh(i).check().matches for i in items)  # type: ignore[arg-type, union-attr]
    _, out, _ = run(["convert", str(hands), "--to", "pokerstars", "--hero", "Hero"], capsys)
    dealt = [line for line in out.splitlines() if line.startswith("Dealt to")]
    assert dealt == ["Dealt to Hero [Ah Kd]", "Dealt to Charlie [Qs Qd]"]  # no Hero: its own
    assert len(parse_pokerstars(out)) == 2


def test_acpc_needs_a_directory_and_writes_its_game_definition(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Heads-up limit hands with every card known, stacks reset each hand: an ACPC match."""
    rules = Rules.preset("casino-limit")
    played = [p for _, p in random_hands(9, 30, rules_for=lambda rng, n: rules,
                                         players=(2, 2))]  # fmt: skip
    played = [dataclasses.replace(p, starting=(400, 400)) for p in played
              if p.starting == (400, 400)] or played  # fmt: skip
    hands = tmp_path / "limit.phhs"
    hands.write_text(dumps_all(to_phh(p) for p in played), encoding="utf-8")
    code, _, err = run(["convert", str(hands), "--to", "acpc"], capsys)
    assert code == 2 and "give --out DIR" in err
    code, _, err = run(["convert", str(hands), "--to", "acpc", "--out", str(tmp_path / "a")],
                       capsys)  # fmt: skip
    assert (tmp_path / "a" / "limit.game").is_file()
    written = list(replays(tmp_path / "a" / "limit.log"))
    refused = err.count("not written as acpc")
    assert len([o for o in written if o.replay is not None]) == len(played) - refused >= 1
    assert all(o.replay.check().matches for o in written if o.replay)  # type: ignore[union-attr]
    assert all("resets every hand" in line for line in err.splitlines()
               if "not written" in line)  # fmt: skip


def test_hands_a_format_cannot_hold_are_left_out_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played = [p for _, p in random_hands(41, 40, rules_for=any_rules)]
    source = tmp_path / "mixed.phhs"
    source.write_text(dumps_all(to_phh(p) for p in played), encoding="utf-8")
    code, _, err = run(["convert", str(source), "--to", "pokerstars", "--out",
                          str(tmp_path / "o")], capsys)  # fmt: skip
    assert code == 1
    refused = [line for line in err.splitlines() if "not written as pokerstars" in line]
    assert refused and all(line.startswith(f"pokerroom convert: {source} hand ")
                           for line in refused)  # fmt: skip
    assert any("wild cards" in line for line in refused)
    text = (tmp_path / "o" / "mixed.txt").read_text(encoding="utf-8")
    assert len(parse_pokerstars(text)) == len(played) - len(refused)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["convert", "NOFILE", "--to", "ohh"], "no/such.phh: cannot read the file"),
        (["convert", "HANDS", "--to", "ohh", "--out", "HANDS"],
         "argument --out: 'HANDS': a file, not a folder (give a folder for the converted "
         "files)"),
        (["convert", "HANDS", "--to", "pokerstars", "--out", "."], "is one of the files"),
        (["convert", "HANDS", "--to", "ohh", "--hero", "Zed"],
         "--hero 'Zed': in none of the hands (their players: Hero, Villain1, Villain2, Villain5)"),
        (["convert", "HANDS", "--to", "ohh", "--date", "soon"],
         "argument --date: 'soon': a date like 2024/05/01 20:15:00 (or 2024-05-01)"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    hands = tmp_path / "h.txt"
    hands.write_text(CASH_NL, encoding="utf-8")
    argv = [str(hands) if a == "HANDS" else "no/such.phh" if a == "NOFILE" else a for a in argv]
    try:
        code, _, err = run(argv, capsys)
    except SystemExit as exc:  # refused by the argument's type
        code, err = exc.code, capsys.readouterr().err  # type: ignore[assignment]
    assert code == 2
    assert err.count("\n") == 1 and message.replace("HANDS", str(hands)) in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.txt"]  # nothing written


def test_a_file_that_cannot_be_read_is_told_last_after_the_files_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The files that can be read are converted; the one that cannot is the last line of
    standard error, where the run's outcome is read, and the status is 2."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "h.txt").write_text(CASH_NL, encoding="utf-8")
    code, out, err = run(["convert", "h.txt", "no/such.phh", "--to", "ohh", "--out", "o"],
                         capsys)  # fmt: skip
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert lines[0] == f"wrote {len(parse_pokerstars(CASH_NL))} hand" + (
        "s" if len(parse_pokerstars(CASH_NL)) != 1 else "") + " to o/h.ohh"
    assert lines[-1].startswith("pokerroom convert: error: no/such.phh: cannot read the file")
    assert len(lines) == 2 and (tmp_path / "o" / "h.ohh").is_file()


def test_two_files_written_to_one_place_are_refused_before_any_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """a/h.phh and b/h.txt would both be out/h.txt: refused, naming both, nothing written;
    the folder holding them keeps them apart (out/a/h.txt, out/b/h.txt)."""
    for folder, name, text in (("a", "h.txt", CASH_NL), ("b", "h.txt", CASH_LIMIT)):
        (tmp_path / "in" / folder).mkdir(parents=True)
        (tmp_path / "in" / folder / name).write_text(text, encoding="utf-8")
    a, b = tmp_path / "in" / "a" / "h.txt", tmp_path / "in" / "b" / "h.txt"
    out = tmp_path / "out"
    code, _, err = run(["convert", str(a), str(b), "--to", "ohh", "--out", str(out)], capsys)
    assert code == 2 and not out.exists()
    assert err == (f"pokerroom convert: error: {a} and {b} would both be written to "
                   f"{out / 'h.ohh'}: convert them apart, or rename one\n")  # fmt: skip
    code, _, err = run(["convert", str(tmp_path / "in"), "--to", "ohh", "--out", str(out)],
                       capsys)  # fmt: skip
    assert code == 0
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*.ohh")) == ["a/h.ohh", "b/h.ohh"]


_SEEDS = [CASH_NL, json.dumps({"ohh": {"game_type": "Holdem"}}), "variant = 'NT'\n"]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(st.sampled_from(_SEEDS), st.integers(0, 400), st.text(max_size=30),
       st.sampled_from([".txt", ".ohh", ".phh", ".json", ".log"]),
       st.sampled_from(["pokerstars", "ohh", "phh"]))  # fmt: skip
def test_any_file_gets_hands_or_lines_of_errors_never_a_traceback(
    tmp_path: Path, seed: str, cut: int, junk: str, suffix: str, fmt: str
) -> None:
    path = tmp_path / f"f{suffix}"
    path.write_text(seed[:cut] + junk + seed[cut:], encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["convert", str(path), "--to", fmt])
    assert code in (0, 1, 2)
    assert "Traceback" not in err.getvalue()
    if code == 2:
        assert err.getvalue().startswith("pokerroom convert: ")
