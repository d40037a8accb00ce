"""Every command and subcommand refuses bad input with exit status 2 and one line on
standard error that names the argument and what it accepts: no traceback, at once, and
nothing left running (issue 29).

The table of bad inputs is made partly from the parsers themselves: every option or
argument that takes a number gets the bad numbers of its type (its bounds come from the
type), every file its bad files (missing, a folder, binary, empty, not UTF-8, in a
folder that does not exist), so a new option cannot escape it; and every option read as
text must be in :data:`TEXT`.  The bulk runs in this process (``main([...])``); the
issue's own command lines run through the real ``pokerroom`` script.  A hypothesis fuzz
of each command line checks that random tokens never give a traceback, a status other
than 0, 1 or 2, or a run that does not end.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phh_samples import CHECKED_DOWN
from pokerroom.cli import build_parser, main
from pokerroom.cli.arguments import (
    Amount,
    Amounts,
    Count,
    Date,
    Host,
    InputFile,
    OutputFile,
    OutputFolder,
    OutputPath,
    Port,
    Positive,
    RulesArgument,
)

LIMIT = 15.0  # seconds a refusal may take in this process (it takes milliseconds)
SCRIPT_LIMIT = 60.0  # seconds for the script (starting Python on a busy machine is slow)

GAMEDEF = """GAMEDEF
limit
numPlayers = 2
numRounds = 4
blind = 10 5
raiseSize = 10 10 20 20
firstPlayer = 2 1 1 1
maxRaises = 3 4 4 4
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""

HAND = CHECKED_DOWN

# Files the table names as {binary}, {empty}... (written in the test's folder).
FILES = {
    "binary": b"\xff\xfe\x00\x01binary",
    "empty": b"",
    "latin1": 'name = "caf\xe9"\n'.encode("latin-1"),  # text, but not UTF-8
    "game": GAMEDEF.encode(),
    "file": b"just a file\n",
    "hands.phh": HAND.encode(),  # a hand history: one hand of Ann and Bo
}


# ------------------------------------------------------------------------ the parsers


def _commands() -> dict[tuple[str, ...], argparse.ArgumentParser]:
    """Every command and subcommand that does something: its words and its parser."""
    out: dict[tuple[str, ...], argparse.ArgumentParser] = {}

    def walk(parser: argparse.ArgumentParser, words: tuple[str, ...]) -> None:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not any(sub.required for sub in subs):  # (solve runs CFR without one)
            out[words] = parser
        for sub in subs:
            for name, child in sub.choices.items():
                walk(child, (*words, name))

    walk(build_parser(), ())
    return out


COMMANDS = _commands()

# What each command is given besides the argument under test: enough to run, and to
# run quickly were the bad value taken (one game of two random bots...).
BASE: dict[tuple[str, ...], list[str]] = {
    ("play",): [],
    ("eval",): ["As", "Ks", "Qs", "Js", "Ts"],
    ("replay",): ["{file}"],
    ("equity",): ["AhKh", "QsQc", "--samples", "100"],
    ("tournament",): ["--players", "random,random", "--games", "1", "--workers", "1",
                      "--rules", "no-limit", "--set", "buy_in=20"],
    ("league",): ["--players", "random,random", "--hands", "2", "--workers", "1",
                  "--rules", "no-limit"],
    ("solve",): ["--game", "kuhn", "--iterations", "2"],
    ("lbr",): ["--target", "random", "--deals", "1", "--samples", "2"],
    ("solve", "lbr"): ["--target", "random", "--deals", "1", "--samples", "2"],
    ("serve", "acpc"): ["{game}", "a", "b", "--hands", "1", "--seed", "1",
                        "--start-timeout", "0.05"],
    ("serve", "json"): ["--seats", "2", "--hands", "1", "--start-timeout", "0.05",
                        "--timeout", "0.01"],
    ("serve", "room"): ["--port", "0", "--db", "room.db", "--exit-after", "0.05"],
    ("bot", "acpc"): ["127.0.0.1", "1", "--game", "{game}"],
    ("bot", "json"): ["127.0.0.1", "1", "--token", "x"],
    ("convert",): ["{hands.phh}", "--to", "pokerstars"],
    ("stats",): ["{hands.phh}", "--no-adjust"],
    ("icm",): ["5000", "3000", "--payouts", "50,30"],
}  # fmt: skip

# Where a positional argument sits in BASE: (first, how many); a bad value takes their place.
POSITION = {
    (("eval",), "cards"): (0, 5),
    (("replay",), "files"): (0, 1),
    (("equity",), "players"): (0, 1),
    (("serve", "acpc"), "gamedef"): (0, 1),
    (("serve", "acpc"), "names"): (1, 2),
    (("bot", "acpc"), "host"): (0, 1),
    (("bot", "acpc"), "port"): (1, 1),
    (("bot", "json"), "host"): (0, 1),
    (("bot", "json"), "port"): (1, 1),
    (("convert",), "files"): (0, 1),
    (("stats",), "files"): (0, 1),
    (("icm",), "stacks"): (0, 2),
}

# Arguments read as text: (bad value, a part of the one-line message).  Names and
# tokens are any text (FREE).  Values may name the files above.
TEXT: dict[tuple[tuple[str, ...], str], list[tuple[str, str]]] = {
    (("eval",), "cards"): [("Xx", "not a card: 'Xx'"), ("As As Ks Qs Js", "duplicate card"),
                           ("\udcff", "not a card"), ("As Ks", "a hand has 5, 6 or 7 cards"),
                           ("", "give 5 to 7 cards")],
    (("eval",), "--hole"): [("Xx", "not a card"), ("As", "--hole takes the 2 hole cards"),
                            ("Ah Kh Qh", "--hole takes the 2 hole cards")],
    (("eval",), "--wild"): [("", "--wild is empty"), ("Xx", "'Xx'"), ("jk", "the joker")],
    (("replay",), "--write-phh"): [("{folder}", "--write-phh"),
                                   ("{missing}/x.phh", "there is no directory"),
                                   ("x.txt", "the file must end in .phh")],
    (("equity",), "players"): [("Xx", "not a hand or range: 'Xx'"), ("", "an empty range: ''"),
                               ("AA:0", "player 1 has no hand: every hand of the range has "
                                        "weight 0"),
                               ("\udcff", "not a hand or range")],
    (("equity",), "--board"): [("Xx", "not a card: 'Xx'"),
                               ("2h7h", "a board has 0, 3, 4 or 5 cards, not 2"),
                               ("Ah2c3d", "each holds a board or dead card")],
    (("equity",), "--dead"): [("Xx", "not a card: 'Xx'"),
                              ("Ah Kh", "each holds a board or dead card")],
    (("serve", "acpc"), "--ports"): [("x", "--ports 'x': port numbers"),
                                     ("1,2,3", "2 port numbers (0 to 65535), one per seat"),
                                     ("99999,1", "2 port numbers (0 to 65535)")],
    (("serve", "json"), "--exec"): [("x", "--exec 'x': SEAT=COMMAND"),
                                    ("9=prog", "seat 9 is not a free seat (0 to 1)"),
                                    ("0=", "SEAT=COMMAND")],
}  # fmt: skip
for _words in (("replay",), ("convert",), ("stats",)):  # hand histories, read by the command
    TEXT[(_words, "files")] = [
        ("{missing}", "{missing}: cannot read the file: No such file or directory"),
        ("{binary}", "{binary}: cannot read the file: not UTF-8 text (byte 0)"),
        ("{latin1}", "{latin1}: cannot read the file: not UTF-8 text (byte 11)"),
        ("{empty}", "{empty}: not a hand history: replay reads PHH"),
        ("{file}", "{file}: not a hand history: replay reads PHH"),
        ("{folder}", "no hand-history files in the directory '{folder}'"),
        ("", "FILE '': an empty name (give hand-history files or directories)"),
        # a name that does not print (a line break, what the command line could not
        # decode) is shown escaped: on one line, never an error writing it
        ("x\x85y", "x\\x85y: cannot read the file: No such file or directory"),
        ("\udcff", "\\udcff: cannot read the file: No such file or directory"),
        ("x\0", "x\\x00: cannot read the file: no file can be named so (a NUL character)"),
    ]  # fmt: skip
TEXT[(("play",), "--join")] = [
    ("nowhere", "--join 'nowhere' is not a table's address: expected http://HOST:PORT/table/ID"),
    ("http://127.0.0.1:8080/lobby", "is not a table's address: expected http://HOST:PORT"),
    ("", "--join '' is not a table's address"),
    ("http://127.0.0.1:1/table/t1", "the room at http://127.0.0.1:1 does not answer"),
]
TEXT[(("play",), "--name")] = [
    ("", "--name '': a name is 1 to 20 letters, digits, spaces or _-."),
    ("<b>", "--name '<b>': a name is 1 to 20 letters"),
    ("x" * 21, "a name is 1 to 20 letters"),
]
TEXT[(("convert",), "--hero")] = [
    ("Zed", "--hero 'Zed': in none of the hands (their players: Ann, Bo)"),
    ("", "--hero '': in none of the hands (their players: Ann, Bo)"),
]  # fmt: skip
TEXT[(("stats",), "--player")] = [
    ("Zed", "--player 'Zed': no such player in the hands (Ann, Bo)"),
    ("", "--player '': no such player in the hands (Ann, Bo)"),
]  # fmt: skip
TEXT[(("icm",), "--names")] = [
    ("Ann", "--names 'Ann': 1 name for 2 stacks (give one for each, in stack order)"),
    ("Ann,Bo,Cy", "--names 'Ann,Bo,Cy': 3 names for 2 stacks"),
    ("Ann,", "--names 'Ann,': name 2 is empty"),
    ("", "--names '': 1 name for 2 stacks"),
]  # fmt: skip
for _run in ("tournament", "league"):
    TEXT[((_run,), "--players")] = [
        ("nobody,random", "--players nobody: no bot 'nobody'"),
        ("random", "--players: 1 player; give 2 to 14"),
        ("{binary}:X,random", "--players {binary}:X: "),
        ("{missing}.py:X,random", "--players {missing}.py:X: "),
        (",".join(["random"] * 15), "--players: 15 players; give 2 to 14"),
    ]  # fmt: skip
    TEXT[((_run,), "--player")] = [("nobody", "--player nobody: no bot 'nobody'"),
                                   ("{folder}:X", "--player {folder}:X: no file '{folder}'")]
    TEXT[((_run,), "--address")] = [("nowhere", "--address names a Ray cluster")]
for _words in (("tournament",), ("league",), ("serve", "json")):
    TEXT[(_words, "--set")] = [
        ("buy_in=-1", "--set buy_in=-1: invalid rules: buy_in is -1"),
        ("nonsense", "--set nonsense: invalid rules: not an assignment: 'nonsense'"),
        ("buy_in=x", "--set buy_in=x: invalid rules: buy_in is 'x'"),
        ("no_such_field=1", "--set no_such_field=1: invalid rules: unknown rule"),
        ("buy_in=nan", "--set buy_in=nan: invalid rules: buy_in is nan"),
    ]  # fmt: skip
for _kind in ("acpc", "json"):
    TEXT[(("bot", _kind), "--player")] = [("nobody", "no bot 'nobody'"),
                                          ("{binary}:X", "{binary}:X: ")]  # fmt: skip
FREE = {
    (("serve", "acpc"), "names"), (("serve", "acpc"), "--name"), (("serve", "json"), "--name"),
    (("bot", "json"), "--token"), (("bot", "json"), "--name"), (("play",), "--invite"),
}  # fmt: skip
# A part starting so is said when the command reads the value, not by its type: the
# message names the value (a file, a seat) and what is wrong, not "argument ...".
READ = "(read) "
# Files to read, by what InputFile says they hold: the bad contents (binary, not UTF-8,
# empty, another kind of file) and what the command says of them.
CONTENTS = {
    "an ACPC game definition": [
        ("{binary}", "{binary}: cannot read the game definition: not UTF-8 text (byte 0)"),
        ("{latin1}", "{latin1}: cannot read the game definition: not UTF-8 text (byte 11)"),
        ("{empty}", "{empty}: no GAMEDEF ... END GAMEDEF block"),
        ("{hands.phh}", "{hands.phh}: line 1: unknown keyword 'variant' (keywords: limit, "),
    ],
    "a file whose first line is the seat's token": [
        ("{binary}", "--token-file {binary}: not UTF-8 text (byte 0)"),
        ("{latin1}", "--token-file {latin1}: not UTF-8 text (byte 11)"),
        ("{empty}", "--token-file {empty}: empty (its first line is the token)"),
        ("{hands.phh}", "give the token once: --token or --token-file"),  # (with --token)
    ],
    "a database of hands": [
        ("{binary}", "--db {binary}: not a pokerroom database with hands (file is not a "
                     "database)"),
        ("{latin1}", "--db {latin1}: not a pokerroom database with hands"),
        ("{empty}", "--db {empty}: not a pokerroom database with hands (no such table: hands)"),
        ("{hands.phh}", "--db {hands.phh}: not a pokerroom database with hands"),
    ],
}  # fmt: skip
# Types of one command alone, and their bad values.
OWN_TYPES = {
    "_button": [("x", "a seat number, 'random' or 'first-jack'"), ("1.5", "a seat number"),
                ("5", READ + "button 5 is not a seat (0 to 1)"),
                ("-1", "'-1': a seat number, 'random' or 'first-jack'")],  # no sign
    "_invite": [("a b", "1 to 64 printable characters with no spaces"),
                ("", "1 to 64 printable"), ("x" * 65, "1 to 64"), ("\udcff", "printable")],
    "_delay": [("x", "seconds from 0 to 60"), ("-1", "seconds from 0 to 60"),
               ("61", "seconds from 0 to 60"), ("nan", "seconds from 0 to 60")],
    "_sizes": [("8,8", "four numbers like 8,8,8,8"), ("0,8,8,8", "1 to 169 pre-flop"),
               ("170,8,8,8", "not '170,8,8,8'"), ("8,8,8,251", "1 to 250 in later rounds"),
               ("8,x,8,8", "four numbers"), ("", "four numbers")],
    "_tremble": [(v, "a probability from 0 to 0.5, not") for v in
                 ("x", "", "-0.1", "0.6", "nan", "inf", "-inf", "1e400", "10**26")],
    "_bet_sizes": [(v, "pot fractions above 0 and at most 10 like 0.5,1 (every round) or "
                       "four lists") for v in
                   ("x", "", "0", "-1", "10.5", "nan", "inf", "1e400", "1,", "0.5,0.5",
                    "1/1", "1/1/1/1/1", "1/1/1/x", "0.5,1//1/1")],
}  # fmt: skip


def _name(action: argparse.Action) -> str:
    name = argparse._get_action_name(action)
    assert name is not None
    return name


def _arguments() -> Iterator[tuple[tuple[str, ...], argparse.Action]]:
    for words, parser in COMMANDS.items():
        for action in parser._actions:
            if isinstance(
                action, argparse._HelpAction | argparse._VersionAction | argparse._SubParsersAction
            ):
                continue
            if action.nargs == 0:  # a flag: nothing to get wrong
                continue
            yield words, action


def _key(words: tuple[str, ...], action: argparse.Action) -> tuple[tuple[str, ...], str]:
    return words, action.option_strings[-1] if action.option_strings else action.dest


def _bad_values(action: argparse.Action) -> list[tuple[str, str]]:
    """(value, a part of the message) for an argument, from its type."""
    t = action.type
    if isinstance(t, Count):
        accepts = t.accepts
        values = ["x", "", "1.5", "nan", "inf", "-inf", "1e400", "10**26", "0x10", "9" * 40,
                  str(t.low - 1), str(t.high + 1), f"{t.high + 1:,}"]  # fmt: skip
        out = [(v, accepts) for v in values]
        if action.choices is not None:  # in bounds but not a choice
            out += [(str(v), f"invalid choice: {v}") for v in range(t.low, t.high + 1)
                    if v not in action.choices]  # fmt: skip
        return out
    if isinstance(t, Positive):
        values = ["x", "", "0", "-0", "-1", "nan", "inf", "-inf", "1e400", f"{t.high * 2:g}"]
        return [(v, t.accepts) for v in values]
    if isinstance(t, Amount):
        values = ["x", "", "nan", "inf", "-inf", "1e400", "1e999999999", "-1", "10**26",
                  "1,5x", f"{t.high + 1:,}", str(t.high * 10)]  # fmt: skip
        return [(v, t.accepts) for v in values + (["0", "-0", "0.0"] if t.positive else [])]
    if isinstance(t, Amounts):
        values = ["x", "", ",", "50,x", "nan", "inf", "50,inf", "1e400", "-1", "50,-1", "10**26",
                  str(t.high + 1), ",".join(["1"] * (t.most + 1))]  # fmt: skip
        return [(v, t.accepts) for v in values]
    if isinstance(t, Date):
        values = ["x", "", "soon", "2024/13/01", "2024/02/30", "2024/05/01 25:00:00", "1e400",
                  "2024/05/01 20:15", "\udcff"]  # fmt: skip
        return [(v, t.accepts) for v in values]
    if isinstance(t, Host):
        return [(v, "not an IP address or a host name")
                for v in ("", "999.1.1.1", "no such host", "-x")]  # fmt: skip
    if isinstance(t, RulesArgument):
        return [("{binary}", "not UTF-8 text (byte 0)"), ("{empty}", "no rules in it"),
                ("{latin1}", "not UTF-8 text (byte 11)"), ("{folder}", "a folder, not a file"),
                ("{missing}.toml", "no such file"), ("nonsense", "no such preset or file"),
                ("", "no such preset or file"), ("{file}", "not TOML")]  # fmt: skip
    if isinstance(t, InputFile):  # what is in the file: read by the command (CONTENTS)
        assert t.what in CONTENTS, f"{t.what!r}: its bad contents are not in CONTENTS"
        return [("{missing}", "no such file"), ("{folder}", "a folder, not a file"),
                ("", "empty"), *((v, READ + part) for v, part in CONTENTS[t.what])]  # fmt: skip
    if isinstance(t, OutputFile | OutputPath):
        values = [("{folder}", "a folder, not a file"), ("{missing}/x", "no folder"),
                  ("", "empty"), ("x\0", "no file can be named so (a NUL character)")]  # fmt: skip
        if t.suffixes:
            values.append(("{file}", f"the name must end in {t.suffixes[0]}"))
        if t.what == "a results database file":
            values.append(("{binary}", READ + "{binary}: not a results database"))
        if t.what == "a room database file":
            values.append(("{binary}", READ + "{binary}: not a room database"))
        return values
    if isinstance(t, OutputFolder):
        return [("{file}", "a file, not a folder"), ("{file}/below", "no folder"),
                ("", "empty"), ("x\0", "no file can be named so (a NUL character)")]  # fmt: skip
    name = getattr(t, "__name__", "")
    if name in OWN_TYPES:
        return OWN_TYPES[name]
    return []


def test_every_command_has_a_base_and_every_argument_a_checked_type() -> None:
    """A new command, or a new option read as a plain int, float or text, fails here until
    it has a shared type (or its bad values in TEXT)."""
    assert set(BASE) == set(COMMANDS)
    for words, action in _arguments():
        key = _key(words, action)
        if action.type is None:  # text
            assert key in TEXT or key in FREE or action.choices is not None, (
                f"pokerroom {' '.join(words)} {_name(action)}: text without bad values in TEXT"
            )
        else:
            assert _bad_values(action), (
                f"pokerroom {' '.join(words)} {_name(action)}: its type {action.type!r} is "
                "not one of cli.arguments (nor a command's own type with its bad values)"
            )
        if not action.option_strings:
            assert key in POSITION, f"pokerroom {' '.join(words)}: where does {key} go?"


def _cases() -> Iterator[tuple[tuple[str, ...], str, str, str, bool]]:
    """(command words, argument, bad value, a part of the message, whether the command
    reads it rather than its type) for every argument.  The message of a value its type
    refuses is ``argument NAME: ...`` with what the type accepts."""
    for words, action in _arguments():
        key = _key(words, action)
        if action.type is None:
            values = [(v, READ + part) for v, part in TEXT.get(key, [])]
        else:
            values = _bad_values(action)
        for value, part in values:
            if not action.option_strings and value.startswith("-") and value[1:2].isalpha():
                continue  # a positional that looks like an option is one
            read = part.startswith(READ)
            said = part.removeprefix(READ) if read else f"argument {_name(action)}: "
            yield words, key[1], value, said if read else said + "\0" + part, read


CASES = list(_cases())


# ------------------------------------------------------------------------- running


class TooSlow(BaseException):
    """The time limit of a case (a BaseException: no command catches it)."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise TooSlow(f"no answer in {LIMIT} s")


def _children() -> set[int]:
    """The processes this one started that are still there (Linux's /proc)."""
    me = os.getpid()
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[1]) == me and fields[0] != "Z":
                found.add(int(entry.name))
    return found


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files the table names (written once for the module's many cases)."""
    here = tmp_path_factory.mktemp("bad-input")
    for name, data in FILES.items():
        (here / name).write_bytes(data)
    (here / "folder").mkdir()
    return here


@pytest.fixture
def files(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """The files' paths by name; their folder is the working one, put back as it was
    after each test (a command line of the fuzz may write a log over one of them)."""
    monkeypatch.chdir(folder)
    names = {name: str(folder / name) for name in (*FILES, "folder")}
    names["missing"] = str(folder / "missing")
    yield names
    for path in folder.iterdir():
        if path.name not in FILES:
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    for name, data in FILES.items():
        (folder / name).write_bytes(data)
    (folder / "folder").mkdir()


def _fill(values: list[str], files: dict[str, str]) -> list[str]:
    """The values with each ``{name}`` of a file replaced by its path."""
    out = []
    for value in values:
        filled = value
        for name, path in files.items():
            filled = filled.replace(f"{{{name}}}", path)
        out.append(filled)
    return out


def _argv(words: tuple[str, ...], name: str, value: str, files: dict[str, str]) -> list[str]:
    base = _fill(BASE[words], files)
    value = _fill([value], files)[0]
    if name.startswith("-"):
        return [*words, *base, f"{name}={value}"]  # = keeps '-1' and '' the value
    first, count = POSITION[words, name]
    base[first : first + count] = [value]
    return [*words, *base]


def run_inline(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)`` in this process within LIMIT seconds: (status, out, err)."""
    before = _children()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, LIMIT)
    try:
        code: int | str | None = main(argv)
    except SystemExit as exc:
        code = exc.code
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    out, err = capsys.readouterr()
    assert _children() <= before, f"left running: {_children() - before}"
    assert isinstance(code, int), code
    return code, out, err


def _one_line(err: str, prog: str) -> str:
    assert "Traceback" not in err, err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith(f"{prog}: error: "), err
    return err.strip()


@pytest.mark.parametrize(
    ("words", "name", "value", "part", "read"),
    CASES,
    ids=[f"{' '.join(w)} {n}={v[:20]!r}" for w, n, v, _, _ in CASES],
)
def test_every_argument_refuses_its_bad_values_in_one_line(
    words: tuple[str, ...],
    name: str,
    value: str,
    part: str,
    read: bool,
    files: dict[str, str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = _argv(words, name, value, files)
    code, out, err = run_inline(argv, capsys)
    assert code == 2, (argv, out, err)
    line = _one_line(err, "pokerroom " + " ".join(words))
    # refused by its type: "argument NAME: " and what the type accepts; read by the
    # command: the part names the value or argument and what is wrong with it
    for piece in _fill([part], files)[0].split("\0"):
        assert piece in line, line


def test_the_table_covers_every_number_and_file_of_every_command() -> None:
    """The generated part reaches every command, every number (each with nan, inf and
    a value past its bounds) and every file."""
    assert {words for words, _, _, _, _ in CASES} == set(COMMANDS)
    given = {(words, name): set() for words, name, _, _, _ in CASES}
    for words, name, value, _, _ in CASES:
        given[words, name].add(value)
    numbers = files = 0
    for words, action in _arguments():
        values = given.get(_key(words, action), set())
        if isinstance(action.type, Count | Positive | Amount | Amounts):
            numbers += 1
            assert {"nan", "inf", "x", ""} <= values, (words, action.dest)
        if isinstance(action.type, InputFile | OutputFile | OutputPath | OutputFolder
                      | RulesArgument):  # fmt: skip
            files += 1
            assert values & {"{folder}", "{file}"} and "" in values, (words, action.dest)
    assert numbers >= 35 and files >= 15  # as many as there are today, give or take


# ------------------------------------------------------------------ through the script

ISSUE = [
    ["tournament", "--rules", "{binary}", "--games", "1"],
    ["league", "--rules", "{binary}"],
    ["solve", "--rules", "{binary}", "--out", "s.npz"],
    ["serve", "json", "--seats", "2", "--port", "99999"],
    ["serve", "json", "--seats", "2", "--port", "-1"],
    ["serve", "json", "--seats", "2", "--timeout", "-1"],
    ["serve", "json", "--seats", "2", "--timeout", "nan"],
    ["serve", "json", "--seats", "2", "--timeout", "inf"],
    ["bot", "json", "127.0.0.1", "99999", "--token", "x"],
    ["solve", "--every", "-1", "--game", "kuhn", "--iterations", "1"],
    ["tournament", "--workers", "99999999999999999", "--games", "1"],
    ["equity", "AhKh", "QsQc", "--samples", str(10**26)],
    ["tournament", "--games", str(10**29)],
    ["play", "--seed", "-1"],
    ["play", "--join", "localhost:8080/table/t1"],
    ["play", "--join", "http://127.0.0.1:1/table/t1", "--name", "Ann"],
    ["eval", "--enumerate", "9"],
    ["replay", "{binary}"],
    ["icm", "1", "1e400", "--payouts", "1"],
    ["convert", "{binary}", "--to", "ohh"],
    ["stats", "--db", "{folder}"],
]


def _script() -> str:
    found = shutil.which("pokerroom", path=str(Path(sys.executable).parent))
    assert found is not None, "the pokerroom script is not installed beside this Python"
    return found


def _session(sid: int) -> set[int]:
    """The processes still in session ``sid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == sid and fields[0] != "Z":  # state, ppid, pgrp, session
                found.add(int(entry.name))
    return found


@pytest.mark.parametrize("argv", ISSUE, ids=lambda a: " ".join(a)[:50])
def test_the_issues_command_lines_through_the_script(
    argv: list[str], files: dict[str, str]
) -> None:
    argv = _fill(argv, files)
    started = time.monotonic()
    proc = subprocess.Popen([_script(), *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)  # fmt: skip
    try:
        out, err = proc.communicate(timeout=SCRIPT_LIMIT)
    finally:
        if proc.poll() is None:  # too slow: stop it and all it started
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 2, err
    assert out == ""
    _one_line(err, "pokerroom " + " ".join(argv[:2] if argv[0] in ("serve", "bot")
                                           else argv[:1]))  # fmt: skip
    assert time.monotonic() - started < SCRIPT_LIMIT
    assert not _session(proc.pid)  # nothing it started is left (its session is empty)


@pytest.mark.subprocess
@pytest.mark.parametrize(
    "argv",
    [["eval", "As", "Ks"], ["--version"], ["eval", "As", "Ks", "Qs", "Js", "Ts"]],
    ids=" ".join,
)
def test_python_dash_m_pokerroom_is_the_script(argv: list[str]) -> None:
    """``python -m pokerroom`` answers as the ``pokerroom`` script does: the same output,
    error and exit status, under the same name."""

    def run(command: list[str]) -> tuple[int, str, str]:
        done = subprocess.run(command, capture_output=True, text=True, timeout=SCRIPT_LIMIT,
                              check=False)  # fmt: skip
        return done.returncode, done.stdout, done.stderr

    module = run([sys.executable, "-m", "pokerroom", *argv])
    assert module == run([_script(), *argv])
    assert module[0] == (2 if argv == ["eval", "As", "Ks"] else 0)
    assert (module[1] + module[2]).startswith("pokerroom") or "royal flush" in module[1]


# --------------------------------------------------------------------------- the fuzz

# Tokens a command line is made of, besides its options' names: good and bad values.
WORDS = [
    "1", "2", "0", "-1", "3.5", "nan", "inf", "1e400", "99999", str(10**20), "", " ",
    "x", "random", "calling-station", "nobody", "no-limit", "casino-limit",
    "As", "Ks", "AhKh", "QsQc", "AA", "Xx", "Ks7d2c", "buy_in=20", "buy_in=-1",
    "nonsense", "127.0.0.1", "{binary}", "{empty}", "{latin1}", "{folder}", "{missing}",
    "{game}", "{file}", "out.png", "out.npz", "out.phh", "db.sqlite", "--", "-", "\udcff",
    "kuhn", "leduc", "cfr+", "first-jack", "8,8,8,8", "0=x", "1=", "{hands.phh}", "Ann",
    "pokerstars", "ohh", "50,30,20", "12,000", "2024/05/01",
]  # fmt: skip
# Appended after the random tokens: whatever they say, the run is short and local
# (later options win; a random option left without its value takes an option and fails).
SUFFIX: dict[tuple[str, ...], list[str]] = {
    ("tournament",): ["--games", "1", "--workers", "1", "--executor", "local",
                      "--players", "random,random", "--rules", "no-limit",
                      "--set", "buy_in=30", "--max-hands", "20"],
    ("league",): ["--hands", "2", "--session", "2", "--workers", "1", "--executor", "local",
                  "--players", "random,random", "--rules", "no-limit"],
    ("equity",): ["--samples", "200"],
    ("convert",): ["--to", "ohh"],
    ("solve",): ["--game", "kuhn", "--iterations", "2"],
    ("lbr",): ["--target", "random", "--deals", "1", "--samples", "2"],
    ("solve", "lbr"): ["--target", "random", "--deals", "1", "--samples", "2"],
    ("serve", "acpc"): ["--hands", "1", "--start-timeout", "0.05"],
    ("serve", "json"): ["--hands", "1", "--start-timeout", "0.05", "--timeout", "0.01"],
    ("serve", "room"): ["--port", "0", "--db", "room.db", "--exit-after", "0.05"],
}  # fmt: skip
# Random text, without what could name a real program, folder or network address: no
# '=' (--exec SEAT=PROGRAM), no path separators, no '~'.
TEXT_TOKENS = st.text(
    st.characters(blacklist_characters="=/\\~", blacklist_categories=("Cs",)), max_size=8
)


def _offline(host: str | bytes | None, *args: object, **kwargs: object) -> list[object]:
    """getaddrinfo for the fuzz: addresses and localhost only (no query leaves the
    machine); every other name is unknown."""
    name = host.decode() if isinstance(host, bytes) else host
    if name in ("localhost", None) or _is_address(name):
        return REAL_GETADDRINFO(host, *args, **kwargs)  # type: ignore[arg-type]
    raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")


def _is_address(name: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


REAL_GETADDRINFO = socket.getaddrinfo


def _fuzz_argv(words: tuple[str, ...], tokens: list[str], files: dict[str, str]) -> list[str]:
    tokens = _fill(tokens, files)
    if words[0] == "bot":
        # a port number would reach whatever listens on this machine there: port 1 only
        tokens = ["1" if _is_port(t) else t for t in tokens]
        return [*words, "127.0.0.1", *tokens]
    return [*words, *tokens, *SUFFIX.get(words, [])]


def _is_port(text: str) -> bool:
    try:
        Port()(text)
    except argparse.ArgumentTypeError:
        return False
    return True


def _tokens(words: tuple[str, ...]) -> st.SearchStrategy[list[str]]:
    parser = COMMANDS[words]
    options = sorted(
        s for a in parser._actions for s in a.option_strings
        # not: the help; starting Ray; ranking all 133 million 7-card hands; waiting for Enter
        if s not in ("-h", "--help", "--executor", "--enumerate", "--step")
    )  # fmt: skip
    token = st.one_of(st.sampled_from(options), st.sampled_from(WORDS), TEXT_TOKENS)
    return st.lists(token, max_size=8)


@pytest.mark.parametrize("words", sorted(COMMANDS), ids=" ".join)
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(data=st.data())
def test_random_command_lines_end_with_0_1_or_2_and_no_traceback(
    words: tuple[str, ...],
    data: st.DataObject,
    files: dict[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(socket, "getaddrinfo", _offline)
    tokens = data.draw(_tokens(words), label="tokens")
    argv = _fuzz_argv(words, tokens, files)
    code, out, err = run_inline(argv, capsys)
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in out + err, (argv, err)
    if code == 2 and not (words == ("replay",) and "--check" in argv):  # (--check reports
        # a file it cannot read in its report, on standard output, and goes on)
        assert err.strip() and err.strip().splitlines()[-1].startswith("pokerroom"), (argv, err)
