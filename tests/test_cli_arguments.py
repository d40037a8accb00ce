"""The command line's shared argument types (:mod:`pokerroom.cli.arguments`): what each
accepts and refuses, and the parser's one-line errors."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

from pokerroom.cli import main
from pokerroom.cli.arguments import (
    ACPC_SEED,
    MILLISECONDS,
    SEED,
    Count,
    Database,
    InputFile,
    OutputFile,
    OutputFolder,
    Port,
    RulesArgument,
    Seconds,
)
from pokerroom.rules import Rules


@pytest.mark.parametrize(
    ("text", "value"),
    [("1", 1), ("100000", 100_000), ("1,000", 1000), ("10_000", 10_000), (" 7 ", 7),
     ("1e3", 1000), ("2.5e2", 250), ("+5", 5)],
)  # fmt: skip
def test_a_count_reads_whole_numbers_however_written(text: str, value: int) -> None:
    assert Count(1, 100_000)(text) == value


@pytest.mark.parametrize(
    "text",
    ["0", "-1", "100001", "1.5", "2.555e2", "1e400", "10**26", "nan", "inf", "", "x", "0x10",
     "9" * 5000, "1e99999999"],
)  # fmt: skip
def test_a_count_refuses_anything_else_saying_its_bounds(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as exc:
        Count(1, 100_000, "games")(text)
    assert str(exc.value) == f"a whole number of games from 1 to 100,000, not {text!r}"


def test_seeds_are_whole_numbers_from_0_to_the_63_or_32_bits_they_are_drawn_from() -> None:
    assert SEED("0") == 0 and SEED(str(2**63 - 1)) == 2**63 - 1
    assert ACPC_SEED(str(2**32 - 1)) == 2**32 - 1
    for seed, text in ((SEED, "-1"), (SEED, str(2**63)), (ACPC_SEED, str(2**32))):
        with pytest.raises(argparse.ArgumentTypeError, match="a seed from 0 to"):
            seed(text)


@pytest.mark.parametrize("text", ["0", "-1", "nan", "-nan", "inf", "-inf", "86400.5", "x", ""])
def test_seconds_are_finite_above_0_and_at_most_a_day(text: str) -> None:
    assert Seconds()("0.001") == 0.001 and Seconds()("86400") == 86_400.0
    with pytest.raises(argparse.ArgumentTypeError) as exc:
        Seconds()(text)
    assert str(exc.value) == (
        f"a number of seconds above 0 and at most 86,400 (a day), not {text!r}"
    )
    assert MILLISECONDS("86400000") == 86_400_000.0
    with pytest.raises(argparse.ArgumentTypeError, match="milliseconds"):
        MILLISECONDS("86400001" if text == "86400.5" else text)


def test_ports_are_1_to_65535_and_0_only_where_a_server_takes_any_free_one() -> None:
    assert Port()("1") == 1 and Port()("65535") == 65_535 and Port(low=0)("0") == 0
    for port, text in ((Port(), "0"), (Port(), "65536"), (Port(low=0), "-1"),
                       (Port(low=0), "99999")):  # fmt: skip
        with pytest.raises(argparse.ArgumentTypeError, match="a port from 1 to 65535"):
            port(text)


def test_an_input_file_must_be_a_readable_file(tmp_path: Path) -> None:
    good = tmp_path / "g.txt"
    good.write_text("x")
    assert InputFile()(str(good)) == str(good)
    cases = {str(tmp_path / "none"): "no such file", str(tmp_path): "a folder, not a file",
             "": "empty", "/dev/null": "not a regular file"}  # fmt: skip
    if os.geteuid() != 0:  # root reads anything
        hidden = tmp_path / "hidden.txt"
        hidden.write_text("x")
        hidden.chmod(0)
        cases[str(hidden)] = "not allowed to read it"
    for text, why in cases.items():
        with pytest.raises(argparse.ArgumentTypeError) as exc:
            InputFile("a game definition")(text)
        assert str(exc.value) == f"{text!r}: {why} (give a game definition)"


def test_an_output_file_must_be_in_a_folder_that_exists_and_not_be_a_folder(
    tmp_path: Path,
) -> None:
    out = OutputFile("a file for the log")
    assert out(str(tmp_path / "new.log")) == str(tmp_path / "new.log")
    assert OutputFile(dash=True)("-") == "-"
    assert Database()(str(tmp_path / "r.db")) == tmp_path / "r.db"
    for text, why in ((str(tmp_path), "a folder, not a file"),
                      (str(tmp_path / "no" / "x.log"), f"no folder {str(tmp_path / 'no')!r}"),
                      ("", "empty")):  # fmt: skip
        with pytest.raises(argparse.ArgumentTypeError) as exc:
            out(text)
        assert str(exc.value) == f"{text!r}: {why} (give a file for the log)"
    with pytest.raises(argparse.ArgumentTypeError, match=r"the name must end in \.png"):
        OutputFile("a PNG", (".png",))(str(tmp_path / "graph.jpg"))


def test_an_output_folder_may_be_new_but_not_a_file(tmp_path: Path) -> None:
    assert OutputFolder()(str(tmp_path / "a" / "b")) == tmp_path / "a" / "b"
    file = tmp_path / "f"
    file.write_text("")
    for text, why in ((str(file), "a file, not a folder"),
                      (str(file / "below"), f"no folder {str(file)!r}")):  # fmt: skip
        with pytest.raises(argparse.ArgumentTypeError) as exc:
            OutputFolder("a folder for PHH")(text)
        assert str(exc.value) == f"{text!r}: {why} (give a folder for PHH)"


def test_rules_are_a_preset_or_a_toml_file_of_utf8_text_with_fields(tmp_path: Path) -> None:
    assert RulesArgument()("no-limit").rules == Rules.preset("no-limit")
    good = tmp_path / "r.toml"
    good.write_text('preset = "no-limit"\nbuy_in = 500\n')
    choice = RulesArgument()(str(good))
    assert choice.rules == Rules.preset("no-limit", buy_in=500) and str(choice) == str(good)
    files = {"binary.toml": b"\xff\xfe\x00rules", "empty.toml": b"", "blank.toml": b"# none\n",
             "latin1.toml": 'name = "caf\xe9"'.encode("latin-1"), "bad.toml": b"x = [\n",
             "wrong.toml": b"buy_in = -4\n"}  # fmt: skip
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    expected = {
        "binary.toml": "not UTF-8 text (byte 0): a rules file is TOML",
        "empty.toml": "no rules in it",
        "blank.toml": "no rules in it",
        "latin1.toml": "not UTF-8 text (byte 11)",
        "bad.toml": "not TOML",
        "wrong.toml": "buy_in is -4",
        "missing.toml": "no such file",
        "": "no such preset or file",
        "nolimit": "no such preset or file (presets: casino-limit, computer-tournament",
    }
    for name, why in expected.items():
        text = str(tmp_path / name) if name.endswith(".toml") else name
        with pytest.raises(argparse.ArgumentTypeError) as exc:
            RulesArgument()(text)
        assert str(exc.value).startswith(f"{text!r}: ") and why in str(exc.value)
    with pytest.raises(argparse.ArgumentTypeError, match="a folder, not a file"):
        RulesArgument()(str(tmp_path))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["serve", "json", "--seats", "2", "--port", "99999"],
         "argument --port: a port from 1 to 65535, or 0 for any free port, not '99999'"),
        (["serve", "json", "--seats", "2", "--port", "-1"], "argument --port: a port from 1"),
        (["serve", "json", "--seats", "2", "--timeout", "-1"],
         "argument --timeout: a number of seconds above 0 and at most 86,400 (a day), not '-1'"),
        (["serve", "json", "--seats", "2", "--timeout", "nan"], "argument --timeout: a number"),
        (["serve", "json", "--seats", "2", "--timeout", "inf"], "argument --timeout: a number"),
        (["bot", "json", "127.0.0.1", "99999", "--token", "x"],
         "argument PORT: a port from 1 to 65535, not '99999'"),
        (["bot", "acpc", "127.0.0.1", "-1", "--game", "g"], "argument PORT: a port from 1"),
    ],
)  # fmt: skip
def test_network_commands_refuse_ports_and_times_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29: these raised OverflowError and ValueError from the socket and dealer."""
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    prog = " ".join(["pokerroom", *argv[:2]])
    assert err == f"{prog}: error: {message}" + err.split(message, 1)[1]
    assert err.count("\n") == 1 and message in err


def test_a_parser_error_is_one_line_without_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["tournament", "--no-such-option"])
    assert exc.value.code == 2
    assert capsys.readouterr().err == (
        "pokerroom tournament: error: unrecognized arguments: --no-such-option\n"
    )
    with pytest.raises(SystemExit):
        main([])
    assert capsys.readouterr().err == (
        "pokerroom: error: the following arguments are required: COMMAND\n"
    )


@pytest.mark.parametrize(
    "argv",
    [["tournament", "--games", "1"], ["league", "--hands", "1"], ["solve", "--out", "s.npz"],
     ["serve", "json", "--seats", "2"]],
    ids=lambda argv: " ".join(argv[:2]),
)  # fmt: skip
def test_every_command_reads_rules_files_with_the_one_reader(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29: tournament, league and solve raised UnicodeDecodeError on a binary
    rules file (and took an empty one for the defaults)."""
    binary, empty = tmp_path / "binary.toml", tmp_path / "empty.toml"
    binary.write_bytes(b"\xff\xfe\x00\x01binary")
    empty.write_bytes(b"")
    prog = "pokerroom " + " ".join(argv[:2] if argv[0] == "serve" else argv[:1])
    for path, why in ((binary, "not UTF-8 text (byte 0): a rules file is TOML"),
                      (empty, "no rules in it"), (tmp_path, "a folder, not a file")):  # fmt: skip
        with pytest.raises(SystemExit) as exc:
            main([*argv, "--rules", str(path)])
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith(f"{prog}: error: argument --rules: {str(path)!r}: {why}")
        assert err.count("\n") == 1


def test_hosts_are_looked_up_at_once() -> None:
    from pokerroom.cli.arguments import Host

    assert Host()("127.0.0.1") == "127.0.0.1" and Host()("::1") == "::1"
    assert Host()("localhost") == "localhost"  # the hosts file: no query leaves the machine
    # refused as written, without a lookup
    for text in ("", " ", "999.1.1.1", "no such host", "a\x00b", "-x", "a..b", "x" * 64,
                 "256.0.0.1", "\udcff"):  # fmt: skip
        with pytest.raises(argparse.ArgumentTypeError) as exc:
            Host()(text)
        assert str(exc.value) == (
            f"{text!r}: not an IP address or a host name (give a host name or address, "
            "like 127.0.0.1)"
        )
