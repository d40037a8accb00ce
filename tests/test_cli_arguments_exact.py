"""The command line's argument types and exit statuses, answer by answer: every refusal
word for word, every bound at exactly its low and high and one past, numbers written
with commas, signs, spaces, digits of other scripts, huge exponents, nan and inf, dates
at their limits, ports, hosts (their look-up replaced, so no query leaves the machine),
files that are folders, missing or not allowed (written from the survivors of the
mutation part ``cli``)."""

from __future__ import annotations

import argparse
import os
import socket
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from pokerroom.cli import arguments
from pokerroom.cli.arguments import (
    ACPC_SEED,
    DAY,
    MAX_AMOUNT,
    MILLISECONDS,
    SEED,
    Amount,
    Amounts,
    Count,
    Database,
    Date,
    Host,
    InputFile,
    OutputFile,
    OutputFolder,
    OutputPath,
    Parser,
    Port,
    Positive,
    RulesArgument,
    RulesChoice,
    Seconds,
    Seed,
    one_line,
    overridden,
    read_rules,
)
from pokerroom.cli.errors import (
    CLOSED,
    EXIT_CODES,
    FOUND,
    INTERRUPTED,
    OK,
    USAGE,
    Interrupted,
    UsageError,
    exit_code_table,
    user_errors,
)
from pokerroom.rules import Rules, RulesError

ROOT = os.geteuid() == 0
"""Root reads and writes any file whatever its mode: the checks of a file of mode 000 are
made through the real mode only under another user (and through a stand-in for
``os.access`` always)."""


def refusal(kind: Any, text: str) -> str:
    """The message ``kind`` refuses ``text`` with."""
    with pytest.raises(argparse.ArgumentTypeError) as exc:
        kind(text)
    return str(exc.value)


# ------------------------------------------------------------------------------ parser


def test_a_parser_error_is_its_program_then_the_message_on_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser = Parser(prog="pokerroom thing")
    with pytest.raises(SystemExit) as exc:
        parser.error("argument N:\n  a whole number\tfrom 1\r")
    assert exc.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err == "pokerroom thing: error: argument N: a whole number\\tfrom 1\\r\n"


def test_one_line_joins_lines_and_escapes_what_does_not_print() -> None:
    assert one_line("\n\nX  \n   Y\t\n\tZ\n") == "X Y Z"
    assert one_line("X\nY") == "X Y" and one_line(" a \n") == " a "
    assert one_line("a\x00b\x1bc\udcffé€") == "a\\x00b\\x1bc\\udcffé€"
    assert one_line("a\r\nb") == "a\\r b" and one_line("") == ""
    assert one_line("a\\b'c\"") == "a\\b'c\""  # printable: as typed, not escaped
    assert one_line("a\n\n\nb") == "a b" and one_line("a \t \nb") == "a b"


# ------------------------------------------------------------------------------ numbers


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [(Count(1, 10), "٣", "a whole number from 1 to 10, not '٣'"),
     (Count(1, 100), "1٣", "a whole number from 1 to 100, not '1٣'"),
     (SEED, "٣e1", "a seed from 0 to 9,223,372,036,854,775,807, not '٣e1'"),
     (Port(), "٨٠", "a port from 1 to 65535, not '٨٠'"),
     (Positive(10), "٣", "a number above 0 and at most 10, not '٣'"),
     (Seconds(), "３", "a number of seconds above 0 and at most 86,400 (a day), not '３'"),
     (Amount(), "٣.5", "a number above 0 and at most 1,000,000,000,000,000, not '٣.5'"),
     (Date(), "٢٠٢٤-05-01", "'٢٠٢٤-05-01': a date like 2024/05/01 20:15:00 (or 2024-05-01)"),
     (Date(), "2024-05-01 1٢:00:00",
      "'2024-05-01 1٢:00:00': a date like 2024/05/01 20:15:00 (or 2024-05-01)")],
)  # fmt: skip
def test_the_digits_of_other_scripts_are_refused_by_every_number_as_by_every_reader(
    kind: Any, text: str, message: str
) -> None:
    """``int``, ``float``, ``Decimal`` and ``strptime`` read Arabic-Indic and full-width
    digits; the command line reads ASCII digits alone, as the files and protocols do
    (``pokerroom.numerals``)."""
    assert refusal(kind, text) == message


@pytest.mark.parametrize(
    ("text", "value"),
    [("1", 1), ("10", 10), ("+10", 10), (" 10 ", 10), ("\t5\n", 5), ("1,0", 10), ("1_0", 10),
     (",1,", 1), ("_1_", 1), ("1e1", 10), ("1E1", 10), ("1.0e1", 10), ("10e-1", 1),
     ("1e+1", 10), ("+1e1", 10), ("0.1e2", 10)],
)  # fmt: skip
def test_a_count_reads_whole_numbers_however_written_exactly(text: str, value: int) -> None:
    assert Count(1, 10)(text) == value


@pytest.mark.parametrize(
    "text",
    ["0", "11", "-1", "-0", "1.5", "1e-1", "1.55e1", "1e", "e1", "1 0", "1, 0", "²", "1²",
     "", " ", ",", "_", "x", "0x1", "1/2", "nan", "inf", "-inf", "1e1.5", "++1", "1e++1"],
)  # fmt: skip
def test_a_count_refuses_everything_else_word_for_word(text: str) -> None:
    assert refusal(Count(1, 10), text) == f"a whole number from 1 to 10, not {text!r}"
    assert refusal(Count(1, 10, "hands"), text) == (
        f"a whole number of hands from 1 to 10, not {text!r}"
    )


def test_a_count_s_exponent_is_read_up_to_99_and_huge_numbers_are_refused() -> None:
    wide = Count(-(10**200), 10**200)
    assert wide("1e99") == 10**99 and wide("-1e99") == -(10**99) and wide("9.9e99") == 99 * 10**98
    assert wide("1e-0") == 1 and wide("100e-2") == 1 and wide("-5") == -5 and wide("0") == 0
    for text in ("1e100", "1e-100", "-1e100", "9" * 5000, "1e99999999", "1" + "0" * 201):
        assert refusal(wide, text).endswith(f", not {text!r}")
    assert wide("1" + "0" * 200) == 10**200  # 201 digits: int reads them


def test_a_count_s_bounds_are_its_own_and_said_with_thousands_separators() -> None:
    count = Count(1_000, 1_000_000, "games")
    assert count("1000") == 1000 and count("1,000,000") == 10**6
    assert refusal(count, "999") == "a whole number of games from 1,000 to 1,000,000, not '999'"
    assert refusal(count, "1000001").endswith("not '1000001'")
    assert count.accepts == "a whole number of games from 1,000 to 1,000,000"
    assert Count(5, 5)("5") == 5 and Count(-3, -1)("-3") == -3 and Count(-3, -1)("-1") == -1
    assert refusal(Count(-3, -1), "0") == "a whole number from -3 to -1, not '0'"


def test_seeds_at_their_bounds_and_one_past_word_for_word() -> None:
    top = 2**63 - 1
    assert (SEED.low, SEED.high, ACPC_SEED.low, ACPC_SEED.high) == (0, top, 0, 2**32 - 1)
    assert SEED("0") == 0 and SEED(str(top)) == top and ACPC_SEED(str(2**32 - 1)) == 2**32 - 1
    assert SEED("9,223,372,036,854,775,807") == top
    assert refusal(SEED, "-1") == "a seed from 0 to 9,223,372,036,854,775,807, not '-1'"
    assert refusal(SEED, str(2**63)) == (
        f"a seed from 0 to 9,223,372,036,854,775,807, not {str(2**63)!r}"
    )
    assert refusal(ACPC_SEED, str(2**32)) == f"a seed from 0 to 4,294,967,295, not {str(2**32)!r}"
    assert refusal(Seed(high=9), "10") == "a seed from 0 to 9, not '10'"
    assert Seed().unit == "" and Seed(high=9)("9") == 9


@pytest.mark.parametrize(
    ("text", "value"),
    [("10", 10.0), ("9.5", 9.5), (" 1 ", 1.0), ("1_0", 10.0), ("_1", 1.0), ("1e1", 10.0),
     ("5e-324", 5e-324), ("+2", 2.0)],
)  # fmt: skip
def test_a_positive_number_is_read_up_to_its_high(text: str, value: float) -> None:
    assert Positive(10)(text) == value


@pytest.mark.parametrize(
    "text",
    ["0", "-0", "0.0", "-1", "10.000001", "11", "1e400", "nan", "-nan", "inf", "-inf",
     "infinity", "", " ", "x", "1,0", "²", "1 0", "0x1"],
)  # fmt: skip
def test_a_positive_number_refuses_everything_else_word_for_word(text: str) -> None:
    assert refusal(Positive(10), text) == f"a number above 0 and at most 10, not {text!r}"


def test_a_number_below_its_high_and_how_each_high_is_said() -> None:
    below = Positive(10, below=True)
    assert below("9.999") == 9.999 and below.low == 0.0 and Positive(10).low == 0.0
    assert refusal(below, "10") == "a number above 0 and below 10, not '10'"
    assert refusal(Positive(2.5, " of x", note=" (y)"), "3") == (
        "a number of x above 0 and at most 2.5 (y), not '3'"
    )
    assert Positive(1e6).accepts == "a number above 0 and at most 1,000,000"
    assert Positive(1e-7).accepts == "a number above 0 and at most 1e-07"
    assert Positive(10)("10") == 10.0


def test_seconds_and_milliseconds_up_to_a_day_word_for_word() -> None:
    assert DAY == 86_400.0 and Seconds().high == DAY and Seconds().low == 0.0
    assert Seconds()("86400") == 86_400.0 and Seconds()("0.5") == 0.5
    assert refusal(Seconds(), "86400.001") == (
        "a number of seconds above 0 and at most 86,400 (a day), not '86400.001'"
    )
    assert refusal(Seconds(), "86,400") == (
        "a number of seconds above 0 and at most 86,400 (a day), not '86,400'"
    )
    assert MILLISECONDS("86400000") == 86_400_000.0
    assert refusal(MILLISECONDS, "86400000.5") == (
        "a number of milliseconds above 0 and at most 86,400,000 (a day), not '86400000.5'"
    )
    assert refusal(Seconds(60, below=True), "60") == (
        "a number of seconds above 0 and below 60 (a day), not '60'"
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [("1", Fraction(1)), ("12,000.5", Fraction(24001, 2)), ("12_000", Fraction(12000)),
     (" 2.5 ", Fraction(5, 2)), ("1e3", Fraction(1000)), ("0.001", Fraction(1, 1000)),
     ("+3", Fraction(3)), ("_5_", Fraction(5)), ("1__000", Fraction(1000)),
     ("1e-100", Fraction(1, 10**100)),
     ("1000000000000000", Fraction(MAX_AMOUNT)), ("1e15", Fraction(MAX_AMOUNT))],
)  # fmt: skip
def test_an_amount_is_read_exactly(text: str, value: Fraction) -> None:
    read = Amount()(text)
    assert read == value and type(read) is Fraction


@pytest.mark.parametrize(
    "text",
    ["0", "-0", "0.0", "0e999999", "-1", "-0.001", "1000000000000000.1", "1e16", "1e-101",
     "nan", "NaN", "sNaN", "inf", "-Infinity", "", " ", "x", "1/2", "²", "1 0", "1e100000"],
)  # fmt: skip
def test_an_amount_refuses_everything_else_word_for_word(text: str) -> None:
    assert refusal(Amount(unit=" of chips"), text) == (
        f"a number of chips above 0 and at most 1,000,000,000,000,000, not {text!r}"
    )


def test_an_amount_from_0_and_its_exponents_up_to_100() -> None:
    zero = Amount(100, positive=False)
    assert zero("0") == 0 and zero("-0") == 0 and zero("0e999999") == 0 and zero("100") == 100
    assert zero.low == 0 and Amount().low == 0 and Amount().high == MAX_AMOUNT == 10**15
    assert refusal(zero, "100.0000001") == "a number from 0 and at most 100, not '100.0000001'"
    assert refusal(zero, "-0.0001") == "a number from 0 and at most 100, not '-0.0001'"
    wide = Amount(10**200)
    assert wide("1e100") == 10**100 and wide("1.5e100") == 15 * 10**99
    assert wide("1e-100") == Fraction(1, 10**100)
    for text in ("1e101", "1e-101", "9.9e101"):
        assert refusal(wide, text).endswith(f"not {text!r}")
    assert Amount().check("0") is None and Amount(positive=False).check("0") == 0
    assert Amount().check("x") is None and Amount().check("7") == 7


@pytest.mark.parametrize(
    ("text", "value"),
    [("50,30,20", (50, 30, 20)), ("50;30;20", (50, 30, 20)), ("0", (0,)), ("10", (10,)),
     ("1,,2", (1, 2)), (" 1 , 2 ", (1, 2)), ("2.5;0", (Fraction(5, 2), 0)), (",3,", (3,))],
)  # fmt: skip
def test_amounts_are_read_exactly_and_in_order(text: str, value: tuple[Fraction, ...]) -> None:
    read = Amounts(100, most=3)(text)
    assert read == value and all(type(v) is Fraction for v in read)


def test_amounts_refused_name_the_first_bad_one_word_for_word() -> None:
    three = Amounts(10, " of money", most=3)
    accepts = "1 to 3 numbers of money separated by commas, each from 0 to 10 (like 50,30,20)"
    assert three.accepts == accepts and three.low == 0
    assert refusal(three, "1,2,3,4") == f"{accepts}, not '1,2,3,4'"
    assert refusal(three, "") == f"{accepts}, not ''"
    assert refusal(three, ", ;") == f"{accepts}, not ', ;'"
    assert refusal(three, "x") == f"{accepts}, not 'x'"
    assert refusal(three, "1,x,y") == f"{accepts}, not 'x' in '1,x,y'"
    assert refusal(three, "10,11") == f"{accepts}, not '11' in '10,11'"
    assert refusal(three, "1;-1") == f"{accepts}, not '-1' in '1;-1'"
    assert refusal(three, " x") == f"{accepts}, not ' x'"
    assert refusal(three, "1,2,3,x") == f"{accepts}, not 'x' in '1,2,3,x'"
    assert Amounts().accepts == (
        "1 to 100 numbers separated by commas, each from 0 to 1,000,000,000,000,000 (like 50,30,20)"
    )
    assert Amounts()(",".join(["1"] * 100)) == (1,) * 100
    many = ",".join(["1"] * 101)
    assert refusal(Amounts(), many).endswith(f"(like 50,30,20), not {many!r}")


# ------------------------------------------------------------------------------ dates


@pytest.mark.parametrize(
    ("text", "value"),
    [("2024/05/01 20:15:00", "2024/05/01 20:15:00"), ("2024-05-01 20:15:09", "2024/05/01 20:15:09"),
     ("2024/05/01", "2024/05/01 00:00:00"), ("2024-05-01", "2024/05/01 00:00:00"),
     (" 2024-5-1 ", "2024/05/01 00:00:00"), ("2024-02-29", "2024/02/29 00:00:00"),
     ("9999-12-31 23:59:59", "9999/12/31 23:59:59"), ("1000-01-01", "1000/01/01 00:00:00"),
     ("0001-01-01", "0001/01/01 00:00:00"), ("0999/12/31 23:59:59", "0999/12/31 23:59:59")],
)  # fmt: skip
def test_a_date_is_given_back_as_yyyy_mm_dd_hh_mm_ss(text: str, value: str) -> None:
    """Years below 1000 too: the C library's ``%Y`` writes year 1 as ``1``."""
    assert Date()(text) == value


@pytest.mark.parametrize(
    "text",
    ["", "x", "2024", "2024-05", "2023-02-29", "2024-13-01", "2024-00-10", "2024-05-32",
     "0000-01-01", "10000-01-01", "2024-05-01 24:00:00", "2024-05-01 20:60:00",
     "2024-05-01T20:15:00", "2024/05-01", "2024-05-01 20:15", "01-05-2024"],
)  # fmt: skip
def test_a_date_refuses_everything_else_word_for_word(text: str) -> None:
    assert refusal(Date(), text) == f"{text!r}: a date like 2024/05/01 20:15:00 (or 2024-05-01)"


# ------------------------------------------------------------------------------ ports, hosts


def test_ports_at_their_bounds_word_for_word() -> None:
    assert Port()("1") == 1 and Port()("65535") == 65_535 and Port()("6,553,5") == 65_535
    assert (Port().low, Port().high, Port(low=0).low) == (1, 65_535, 0)
    for text in ("0", "65536", "-1", "x", "", "1.5", "²"):
        assert refusal(Port(), text) == f"a port from 1 to 65535, not {text!r}"
    for text in ("-1", "65536", "x", "", "1.5", "²"):
        assert refusal(Port(low=0), text) == (
            f"a port from 1 to 65535, or 0 for any free port, not {text!r}"
        )
    assert Port(low=0)("0") == 0 and Port(low=0)("65535") == 65_535
    assert Port().unit == ""


class _Lookups:
    """A stand-in for ``socket.getaddrinfo``: records each call, raises ``error``."""

    def __init__(self, error: BaseException | None = None) -> None:
        self.calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
        self.error = error

    def __call__(self, *args: Any, **kwargs: Any) -> list[Any]:
        self.calls.append((args, kwargs))
        if self.error is not None:
            raise self.error
        return []


def test_addresses_are_taken_as_written_without_a_lookup(monkeypatch: pytest.MonkeyPatch) -> None:
    lookups = _Lookups()
    monkeypatch.setattr(socket, "getaddrinfo", lookups)
    for text in (
        "127.0.0.1",
        "0.0.0.0",
        "255.255.255.255",
        "::1",
        "::",
        "::ffff:1.2.3.4",
        "fe80::1",
    ):
        assert Host()(text) == text
    assert lookups.calls == []


@pytest.mark.parametrize(
    "text",
    ["a", "localhost", "a-b", "a1", "1a", "x.y", "x.y.", "1.2.3.com", "a" * 63,
     ".".join(["a" * 63] * 3 + ["a" * 61]), "A-Z.ORG", "0-0.a"],
)  # fmt: skip
def test_host_names_are_looked_up_once_as_written(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    lookups = _Lookups()
    monkeypatch.setattr(socket, "getaddrinfo", lookups)
    assert Host()(text) == text
    assert lookups.calls == [((text, None), {"type": socket.SOCK_STREAM})]


@pytest.mark.parametrize(
    "text",
    ["", ".", "a..b", ".a", "-a", "a-", "a_b", "a b", " a", "a" * 64, "a.-b", "1.2.3",
     "1.2.3.4.", "256.1.1.1", "999", "é.com", "a/b", "a:b",
     ".".join(["a" * 63] * 3 + ["a" * 62]), "a\x00b"],
)  # fmt: skip
def test_what_is_no_address_nor_host_name_is_refused_without_a_lookup(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    lookups = _Lookups()
    monkeypatch.setattr(socket, "getaddrinfo", lookups)
    assert refusal(Host(), text) == (
        f"{text!r}: not an IP address or a host name (give a host name or address, like 127.0.0.1)"
    )
    assert lookups.calls == []


@pytest.mark.parametrize(
    ("error", "why"),
    [(socket.gaierror(-2, "Name or service not known"), "Name or service not known"),
     (UnicodeError("label too long"), "label too long"), (OSError("odd"), "odd"),
     (ValueError("bad"), "bad"), (OSError(5, "Input/output error"), "Input/output error")],
)  # fmt: skip
def test_a_name_that_does_not_resolve_is_refused_saying_why(
    error: BaseException, why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(socket, "getaddrinfo", _Lookups(error))
    assert refusal(Host(), "nowhere.example") == (
        f"'nowhere.example': no such host: {why} (give a host name or address, like 127.0.0.1)"
    )


# ------------------------------------------------------------------------------ files


def _deny(monkeypatch: pytest.MonkeyPatch, path: Path, mode: int) -> None:
    """``os.access`` as the module sees it answering no for ``mode`` on ``path`` (what a
    file of mode 000 answers to any user but root)."""
    real = os.access

    def access(where: Any, asked: int, **kwargs: Any) -> bool:
        if Path(where) == path and asked == mode:
            return False
        return real(where, asked, **kwargs)

    monkeypatch.setattr(arguments.os, "access", access)


def test_an_input_file_refused_word_for_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = tmp_path / "g.txt"
    good.write_text("x")
    link = tmp_path / "broken"
    link.symlink_to(tmp_path / "nothing")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert InputFile()(str(good)) == str(good)
    cases = {str(tmp_path / "none"): "no such file", str(good / "below"): "no such file",
             str(link): "no such file", str(tmp_path): "a folder, not a file",
             str(fifo): "not a regular file", "": "empty"}  # fmt: skip
    for text, why in cases.items():
        assert refusal(InputFile(), text) == f"{text!r}: {why} (give a file)"
        assert refusal(InputFile("a log"), text) == f"{text!r}: {why} (give a log)"
    _deny(monkeypatch, good, os.R_OK)
    assert refusal(InputFile(), str(good)) == f"{str(good)!r}: not allowed to read it (give a file)"


@pytest.mark.skipif(ROOT, reason="root reads a file of mode 000: the check cannot hold")
def test_an_input_file_of_mode_000_is_not_allowed(tmp_path: Path) -> None:
    hidden = tmp_path / "hidden.txt"
    hidden.write_text("x")
    hidden.chmod(0)
    assert (
        refusal(InputFile(), str(hidden))
        == f"{str(hidden)!r}: not allowed to read it (give a file)"
    )


def test_an_output_file_refused_word_for_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = tmp_path / "kept.log"
    kept.write_text("x")
    file = tmp_path / "f"
    file.write_text("")
    out = OutputFile()
    assert out(str(kept)) == str(kept) and out(str(tmp_path / "new.log")) == str(
        tmp_path / "new.log"
    )
    cases = {str(tmp_path): "a folder, not a file", "": "empty",
             str(tmp_path / "no" / "x"): f"no folder {str(tmp_path / 'no')!r}",
             str(file / "x"): f"no folder {str(file)!r}",
             "a\x00b": "no file can be named so (a NUL character)",
             str(tmp_path / "a\x00b"): "no file can be named so (a NUL character)"}  # fmt: skip
    for text, why in cases.items():
        assert refusal(out, text) == f"{text!r}: {why} (give a file)"
        assert refusal(OutputFile("a log", (".log",), dash=True), text) == (
            f"{text!r}: {why} (give a log)"
        )
    assert out("-") == "-"  # without dash: a file called -, in this folder
    assert OutputFile(dash=True)("-") == "-"
    assert OutputFile(suffixes=(".log",), dash=True)("-") == "-"  # standard error: no name
    _deny(monkeypatch, kept, os.W_OK)
    assert refusal(out, str(kept)) == f"{str(kept)!r}: not allowed to write it (give a file)"
    _deny(monkeypatch, tmp_path, os.W_OK)
    new = str(tmp_path / "new.log")
    assert refusal(out, new) == f"{new!r}: not allowed to write in {str(tmp_path)!r} (give a file)"


def test_an_output_file_s_endings(tmp_path: Path) -> None:
    pictures = OutputFile("a picture", (".png", ".svg"))
    for name in ("a.png", "A.PNG", "b.Svg", "x.y.svg"):
        assert pictures(str(tmp_path / name)) == str(tmp_path / name)
    for name in ("a.jpg", "png", "a.png.txt", "a"):
        text = str(tmp_path / name)
        assert refusal(pictures, text) == (
            f"{text!r}: the name must end in .png or .svg (give a picture)"
        )
    assert (
        refusal(pictures, str(tmp_path))
        == f"{str(tmp_path)!r}: a folder, not a file (give a picture)"
    )
    path = OutputPath("a table", (".csv",))
    assert path(str(tmp_path / "t.csv")) == tmp_path / "t.csv"
    assert isinstance(path(str(tmp_path / "t.csv")), Path)
    assert refusal(path, str(tmp_path / "t.txt")) == (
        f"{str(tmp_path / 't.txt')!r}: the name must end in .csv (give a table)"
    )
    assert OutputPath()("x") == Path("x")
    assert refusal(Database(), str(tmp_path)) == (
        f"{str(tmp_path)!r}: a folder, not a file (give a results database file)"
    )
    assert Database()(str(tmp_path / "r.anything")) == tmp_path / "r.anything"


def test_an_output_folder_refused_word_for_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "f"
    file.write_text("")
    deep = tmp_path / "a" / "b" / "c"
    assert OutputFolder()(str(deep)) == deep and not deep.exists()
    assert OutputFolder()(str(tmp_path)) == tmp_path
    assert OutputFolder()("new-folder") == Path("new-folder")
    cases = {str(file): "a file, not a folder", "": "empty",
             str(file / "x" / "y"): f"no folder {str(file)!r}",
             "a\x00b": "no file can be named so (a NUL character)"}  # fmt: skip
    for text, why in cases.items():
        assert refusal(OutputFolder(), text) == f"{text!r}: {why} (give a folder)"
        assert refusal(OutputFolder("a folder for PHH"), text) == (
            f"{text!r}: {why} (give a folder for PHH)"
        )
    _deny(monkeypatch, tmp_path, os.W_OK)
    assert refusal(OutputFolder(), str(tmp_path)) == (
        f"{str(tmp_path)!r}: not allowed to write it (give a folder)"
    )
    assert refusal(OutputFolder(), str(deep)) == (
        f"{str(deep)!r}: not allowed to write in {str(tmp_path)!r} (give a folder)"
    )


@pytest.mark.skipif(ROOT, reason="root writes in a folder of mode 500: the check cannot hold")
def test_an_output_in_a_folder_of_mode_500_is_not_allowed(tmp_path: Path) -> None:
    shut = tmp_path / "shut"
    shut.mkdir()
    kept = shut / "kept"
    kept.write_text("")
    kept.chmod(0o400)
    shut.chmod(0o500)
    try:
        assert refusal(OutputFile(), str(shut / "x")) == (
            f"{str(shut / 'x')!r}: not allowed to write in {str(shut)!r} (give a file)"
        )
        assert (
            refusal(OutputFile(), str(kept))
            == f"{str(kept)!r}: not allowed to write it (give a file)"
        )
    finally:
        shut.chmod(0o700)


# ------------------------------------------------------------------------------ rules

PRESETS = "casino-limit, computer-tournament, no-limit, wild"


def test_rules_read_from_a_preset_or_a_file_with_or_without_toml(tmp_path: Path) -> None:
    choice = RulesArgument()("wild")
    assert choice == RulesChoice("wild", Rules.preset("wild")) and str(choice) == "wild"
    plain = tmp_path / "rules"
    plain.write_text('preset = "no-limit"\nbuy_in = 700\n')
    assert read_rules(str(plain)) == Rules.preset("no-limit", buy_in=700)
    upper = tmp_path / "R.TOML"
    upper.write_text("buy_in = 300\n")
    assert read_rules(str(upper)) == Rules.from_toml("buy_in = 300\n")
    table = tmp_path / "t.toml"
    table.write_text('[rules]\npreset = "no-limit"\n')
    assert read_rules(str(table)) == Rules.preset("no-limit")


def test_rules_refused_word_for_word(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = {"latin1.toml": 'name = "caf\xe9"'.encode("latin-1"), "empty.toml": b"",
             "blank.toml": b"# none\n", "table.toml": b"[rules]\n", "bad.toml": b"x = [\n",
             "wrong.toml": b"buy_in = -4\nplayers = 1\n"}  # fmt: skip
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    no_rules = 'no rules in it: name a preset (preset = "no-limit") or set fields (buy_in = 500)'
    expected = {
        "latin1.toml": "not UTF-8 text (byte 11): a rules file is TOML",
        "empty.toml": no_rules,
        "blank.toml": no_rules,
        "table.toml": no_rules,
        "bad.toml": "not TOML: ",
        "wrong.toml": "players is 1: 2 to 14 players; buy_in is -4: 1 chip or more",
        "missing.toml": f"no such file (presets: {PRESETS}; or a .toml file)",
        "missing.TOML": f"no such file (presets: {PRESETS}; or a .toml file)",
    }
    for name, why in expected.items():
        text = str(tmp_path / name)
        message = refusal(RulesArgument(), text)
        if why.endswith(": "):
            assert message.startswith(f"{text!r}: {why}") and "\n" not in message
        else:
            assert message == f"{text!r}: {why}"
    for text in ("", "nolimit", "No-Limit", str(tmp_path / "missing")):
        assert refusal(RulesArgument(), text) == (
            f"{text!r}: no such preset or file (presets: {PRESETS}; or a .toml file)"
        )
    assert refusal(RulesArgument(), str(tmp_path)) == (
        f"{str(tmp_path)!r}: a folder, not a file (presets: {PRESETS}; or a .toml file)"
    )
    fifo = tmp_path / "f.toml"
    os.mkfifo(fifo)
    assert refusal(RulesArgument(), str(fifo)) == (
        f"{str(fifo)!r}: not a regular file (presets: {PRESETS}; or a .toml file)"
    )


def test_a_rules_file_that_cannot_be_read_is_refused_saying_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = tmp_path / "r.toml"
    good.write_text("buy_in = 300\n")

    def fails(self: Path) -> bytes:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(Path, "read_bytes", fails)
    assert refusal(RulesArgument(), str(good)) == f"{str(good)!r}: Input/output error"

    def odd(self: Path) -> bytes:
        raise OSError("a strange\n  failure")

    monkeypatch.setattr(Path, "read_bytes", odd)
    assert refusal(RulesArgument(), str(good)) == f"{str(good)!r}: a strange failure"


def test_a_rules_problem_spread_over_lines_is_one_line_without_its_prefix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def many(text: str) -> Rules:
        raise RulesError(["one\n  two", "three\tfour"])

    monkeypatch.setattr(arguments, "read_rules", many)
    assert refusal(RulesArgument(), "x") == "'x': one two; three four"


@pytest.mark.skipif(ROOT, reason="root reads a file of mode 000: the check cannot hold")
def test_a_rules_file_of_mode_000_is_not_allowed(tmp_path: Path) -> None:
    hidden = tmp_path / "r.toml"
    hidden.write_text("buy_in = 300\n")
    hidden.chmod(0)
    assert refusal(RulesArgument(), str(hidden)) == (
        f"{str(hidden)!r}: not allowed to read it (presets: {PRESETS}; or a .toml file)"
    )


def test_set_assignments_apply_and_a_bad_one_is_a_usage_error_naming_them() -> None:
    rules = Rules.preset("no-limit")
    assert overridden(rules, []) is rules and overridden(rules, ()) is rules
    assert overridden(rules, ["buy_in=700", "players=3"]) == Rules.preset(
        "no-limit", buy_in=700, players=3
    )
    with pytest.raises(UsageError) as exc:
        overridden(rules, ["buy_in=-1", "players=3"])
    assert (
        str(exc.value)
        == "--set buy_in=-1 --set players=3: invalid rules: buy_in is -1: 1 chip or more"
    )
    with pytest.raises(UsageError) as exc:
        overridden(rules, ["players=1"])
    assert str(exc.value) == "--set players=1: invalid rules: players is 1: 2 to 14 players"


# ------------------------------------------------------------------------------ exit statuses


def test_the_exit_statuses_and_their_table_word_for_word() -> None:
    assert (OK, FOUND, USAGE, INTERRUPTED, CLOSED) == (0, 1, 2, 130, 141)
    assert [code for code, _ in EXIT_CODES] == [0, 1, 2, 130, 141]
    assert exit_code_table() == (
        "exit status:\n"
        "  0    done (with --check: every hand replays to its recorded result)\n"
        "  1    done, and found a problem in the data: a recorded hand the rules refuse,\n"
        "       or (--check) one whose result differs from the record\n"
        "  2    an error you can fix: a bad option, card, range, or a file that cannot\n"
        "       be read; one line on standard error names it (2 wins over 1)\n"
        "  130  interrupted (Ctrl-C)\n"
        "  141  the reader closed the output early (like | head): the command stopped\n"
        "       quietly"
    )
    assert max(map(len, exit_code_table().splitlines())) <= 79
    assert issubclass(Interrupted, KeyboardInterrupt) and issubclass(UsageError, Exception)


def test_the_user_errors_are_every_input_error_of_every_part() -> None:
    from pokerroom.cards import CardError, DeckError
    from pokerroom.engine.actions import IllegalAction
    from pokerroom.engine.hand import HandError
    from pokerroom.equity import EquityError
    from pokerroom.history.errors import HistoryError
    from pokerroom.players import PlayerLoadError
    from pokerroom.ranges import RangeError
    from pokerroom.solver.abstraction import AbstractionError
    from pokerroom.solver.betting import BettingError
    from pokerroom.solver.strategy import StrategyError
    from pokerroom.storage.results import ResultsError
    from pokerroom.storage.room import RoomDBError
    from pokerroom.table import TableError
    from pokerroom.tournament.executor import ExecutorError
    from pokerroom.tournament.freezeout import TournamentError

    assert user_errors() == (
        UsageError, OSError, CardError, DeckError, RulesError, IllegalAction, HandError,
        HistoryError, RangeError, EquityError, PlayerLoadError, TableError, TournamentError,
        ExecutorError, ResultsError, RoomDBError, AbstractionError, BettingError, StrategyError,
    )  # fmt: skip


def test_an_error_class_of_a_part_not_installed_is_skipped_and_the_rest_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pokerroom.cards import CardError, DeckError
    from pokerroom.cli import errors

    monkeypatch.setattr(errors, "_USER_ERRORS", (
        ("pokerroom.cards", "CardError"), ("pokerroom.no_such_part", "Error"),
        ("pokerroom.cards", "NoSuchError"), ("pokerroom.cards", "DeckError")))  # fmt: skip
    assert user_errors() == (UsageError, OSError, CardError, DeckError)
