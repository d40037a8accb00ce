"""``pokerroom play``, ``bot``, ``serve room`` and the ``main`` dispatcher in this process,
with exact answers.

What the real commands start is replaced by stand-ins that record what they are given:
the terminal game (``tui.run`` and ``run_join``), the room's link (no HTTP, no
WebSocket), the ACPC and JSON-lines clients (no socket), and uvicorn's server (no port:
its ``serve`` returns at once, after running the ``--exit-after`` timer it finds).  What
the commands print, refuse and pass on is then checked word for word; so are the
private files (``private.py``), the plain console, the progress bars (Rich's
``Progress`` replaced by a recorder, the clock by the test's) and ``python -m
pokerroom``.  The commands as a user runs them, in processes and on loopback, are
``test_room_join.py``, ``test_room_live.py``, ``test_net_cli.py`` and
``test_tui_terminal.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import io
import logging
import os
import runpy
import stat
import sys
from collections.abc import Iterator
from fractions import Fraction
from importlib.metadata import version
from pathlib import Path
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest

import pokerroom.cli as cli
import pokerroom.cli.bot as bot
import pokerroom.cli.play as play
import pokerroom.cli.room as room
from cli_helpers import subcommand as _sub
from pokerroom.cli import main
from pokerroom.cli.errors import Interrupted, UsageError
from pokerroom.cli.private import open_private

# --------------------------------------------------------------------------- helpers


def _options(parser: argparse.ArgumentParser) -> dict[str, tuple[Any, ...]]:
    out: dict[str, tuple[Any, ...]] = {}
    for a in parser._actions:
        if isinstance(a, argparse._HelpAction):
            continue
        name = a.option_strings[0] if a.option_strings else a.dest
        kind = a.type
        typ: Any
        if kind is None:
            typ = None
        elif hasattr(kind, "__dataclass_fields__"):
            typ = (type(kind).__name__, dict(sorted(vars(kind).items())))
        else:
            typ = "function"  # room.py's own readers: tried by their own tests below
        choices = a.choices
        if choices is not None and not isinstance(choices, tuple):
            choices = list(choices)
        out[name] = (a.dest, a.default, a.help, a.metavar, choices, a.required, a.nargs,
                     type(a).__name__, typ)  # fmt: skip
    return out


class Tty(io.StringIO):
    """Standard input or output at a terminal; ``flushed`` is what a reader had seen at
    each flush."""

    def __init__(self, text: str = "") -> None:
        super().__init__(text)
        self.flushed: list[str] = []

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        self.flushed.append(self.getvalue())


class Pipe(Tty):
    def isatty(self) -> bool:
        return False


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The game's data directory (``POKERROOM_DATA_DIR``)."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("POKERROOM_DATA_DIR", str(home))
    return home


def _terminal(monkeypatch: pytest.MonkeyPatch, typed: str = "") -> Tty:
    """Standard input and output at a terminal; the output returned."""
    monkeypatch.setattr(sys, "stdin", Tty(typed))
    out = Tty()
    monkeypatch.setattr(sys, "stdout", out)
    return out


# --------------------------------------------------------------------------- options


PLAY_HELP = "play hold'em against the computer at the terminal, or at a room's table"
PLAY_DESCRIPTION = (
    "Play hold'em against computer players in the terminal (80x24 or larger): a freeze-out, "
    "saved and resumed at any of your turns.  With --join URL, sit down at a table of a room "
    "(`pokerroom serve room`) instead, with people and bots."
)
SEED_TYPE = ("Seed", {"high": 2**63 - 1, "low": 0, "unit": ""})
DAY_SECONDS = ("Seconds", {"below": False, "high": 86400.0, "note": " (a day)",
                           "unit": " of seconds"})  # fmt: skip
PLAY_OPTIONS = {
    "--seed": ("seed", None, "deal the cards from seed N (the same seed deals the same game); "
               "the new-game form can also set one", "N", None, False, None, "_StoreAction",
               SEED_TYPE),
    "--join": ("join", None, "play at a room's table: its page's address, "
               "http://HOST:PORT/table/ID (your session is kept, so the same command gets your "
               "seat back)", "URL", None, False, None, "_StoreAction", None),
    "--name": ("name", None, "with --join: your name in the room (1-20 letters, digits, "
               "spaces, _-.); asked for when missing", "NAME", None, False, None,
               "_StoreAction", None),
    "--watch": ("watch", False, "with --join: watch the table without sitting down (j sits "
                "down later); a full table is watched anyway", None, None, False, 0,
                "_StoreTrueAction", None),
    "--invite": ("invite", None, "with --join: the invite code of a private table, or of a "
                 "room that needs one", "CODE", None, False, None, "_StoreAction", None),
    "--buy-in": ("buy_in", None, "with --join, at a cash table: the chips to sit down with, "
                 "from the table's smallest to its largest buy-in (default the largest); a "
                 "sit-and-go's buy-in is fixed", "CHIPS", None, False, None, "_StoreAction",
                 ("Count", {"high": 10**15, "low": 1, "unit": "chips"})),
}  # fmt: skip
BOT_HELP = "play a bot at a dealer over the network (ACPC or JSON lines)"
BOT_KIND_HELP = {"acpc": "play one seat at an ACPC dealer",
                 "json": "play one seat at a JSON-lines dealer"}  # fmt: skip
PORT_TYPE = ("Port", {"high": 65535, "low": 1, "unit": ""})
PLAYER = ("player", "random", "a bot's name or file.py:Class / package.module:Class", None,
          None, False, None, "_StoreAction", None)  # fmt: skip
BOT_SEED = ("seed", None, "the bot's seed", None, None, False, None, "_StoreAction", SEED_TYPE)
BOT_OPTIONS = {
    "acpc": {
        "host": ("host", None, None, "HOST", None, True, None, "_StoreAction", ("Host", {})),
        "port": ("port", None, None, "PORT", None, True, None, "_StoreAction", PORT_TYPE),
        "--player": PLAYER,
        "--seed": BOT_SEED,
        "--game": ("game", None, "the match's ACPC game definition", "GAMEDEF", None, True,
                   None, "_StoreAction", ("InputFile", {"what": "an ACPC game definition"})),
        "--budget": ("budget", 5.0, "seconds the bot may think per decision (default 5)",
                     "SECONDS", None, False, None, "_StoreAction", DAY_SECONDS),
    },
    "json": {
        "host": ("host", None, None, "HOST", None, False, "?", "_StoreAction", ("Host", {})),
        "port": ("port", None, None, "PORT", None, False, "?", "_StoreAction", PORT_TYPE),
        "--player": PLAYER,
        "--seed": BOT_SEED,
        "--token": ("token", None, "the seat's secret token (one that starts with '-': "
                    "--token=TOKEN); visible to other users in ps: prefer --token-file or "
                    "$POKERROOM_TOKEN", None, None, False, None, "_StoreAction", None),
        "--token-file": ("token_file", None, "read the seat's token from the first line of "
                         "FILE (default: the environment variable POKERROOM_TOKEN)", "FILE",
                         None, False, None, "_StoreAction",
                         ("InputFile", {"what": "a file whose first line is the seat's token"})),
        "--stdio": ("stdio", False, "play over standard input and output (a dealer's --exec)",
                    None, None, False, 0, "_StoreTrueAction", None),
        "--name": ("name", None, "the name to give the dealer (default: the bot's)", None, None,
                   False, None, "_StoreAction", None),
    },
}  # fmt: skip
ROOM_HELP = "the room: a lobby and tables in the browser, people and bots"
ROOM_OPTIONS = {
    "--host": ("host", "127.0.0.1", "the address to listen on (default 127.0.0.1; 0.0.0.0 for "
               "the whole network)", None, None, False, None, "_StoreAction", ("Host", {})),
    "--port": ("port", 8080, "the port (default 8080)", None, None, False, None, "_StoreAction",
               ("Port", {"high": 65535, "low": 0, "unit": ""})),
    "--db": ("db", "room.db", "the room's SQLite file (default room.db)", "FILE", None, False,
             None, "_StoreAction", ("OutputPath", {"suffixes": (),
                                                   "what": "a room database file"})),
    "--invite": ("invite", None, "new people need this code to enter", "CODE", None, False,
                 None, "_StoreAction", "function"),
    "--bot-delay": ("bot_delay", 0.8, "seconds a bot seat waits before it acts (default 0.8)",
                    "SECONDS", None, False, None, "_StoreAction", "function"),
    "--join-timeout": ("join_timeout", 60.0, "a connection must join or watch within this "
                       "(default 60)", "SECONDS", None, False, None, "_StoreAction",
                       DAY_SECONDS),
    "--max-backlog": ("max_backlog", 262144, "a connection with more than this sent and not "
                      "read is dropped (default 262144)", "BYTES", None, False, None,
                      "_StoreAction", ("Count", {"high": 2**30, "low": 1024, "unit": "bytes"})),
    "--max-per-address": ("max_per_address", 64, "WebSocket connections from one address at "
                          "once (default 64)", "N", None, False, None, "_StoreAction",
                          ("Count", {"high": 100_000, "low": 1, "unit": "connections"})),
    "--exit-after": ("exit_after", None, "close the room after this long (tests, "
                     "demonstrations)", "SECONDS", None, False, None, "_StoreAction",
                     DAY_SECONDS),
    "--log-level": ("log_level", "info", None, None, ["debug", "info", "warning", "error"],
                    False, None, "_StoreAction", None),
}  # fmt: skip


def test_every_option_of_play_bot_and_serve_room_word_for_word() -> None:
    parser = cli.build_parser()
    play_parser, help_text = _sub(parser, "play")
    assert help_text == PLAY_HELP
    assert play_parser.description == PLAY_DESCRIPTION
    assert _options(play_parser) == PLAY_OPTIONS
    assert play_parser.get_default("func") is play._cmd_play
    bot_parser, help_text = _sub(parser, "bot")
    assert help_text == BOT_HELP
    for kind in ("acpc", "json"):
        kind_parser, help_text = _sub(bot_parser, kind)
        assert help_text == BOT_KIND_HELP[kind]
        assert kind_parser.description == bot.__doc__
        assert _options(kind_parser) == BOT_OPTIONS[kind], kind
    assert _sub(bot_parser, "acpc")[0].get_default("func") is bot._cmd_acpc
    assert _sub(bot_parser, "json")[0].get_default("func") is bot._cmd_json
    room_parser, help_text = _sub(_sub(parser, "serve")[0], "room")
    assert help_text == ROOM_HELP
    assert room_parser.description == (
        "``pokerroom serve room [--host 127.0.0.1] [--port 8080] [--db room.db] [--invite "
        "CODE]``\nstarts one process: the lobby and table pages, their WebSockets (the JSON "
        "protocol of\n``serve json``, one message per frame) and the room's SQLite file.  It "
        "prints the\naddress to open and the operator's token (also written, readable by its "
        "owner only, to\nthe file beside the database named like it with ``.operator`` added)."
        "  Loopback by\ndefault; ``--host 0.0.0.0`` opens it to the network (with a warning).  "
        "A restart with the\nsame ``--db`` brings back every person, balance, table and seat "
        "(a hand cut off is void:\nevery bet goes back).\n"
    )
    assert _options(room_parser) == ROOM_OPTIONS
    assert room_parser.get_default("func") is room._cmd_room


def test_bot_without_a_protocol_names_the_missing_protocol(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["bot"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err == (
        "pokerroom bot: error: the following arguments are required: PROTOCOL\n"
    )
    bot_parser, _ = _sub(cli.build_parser(), "bot")
    (kinds,) = [a for a in bot_parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert (kinds.dest, kinds.metavar, kinds.required) == ("protocol", "PROTOCOL", True)
    assert list(kinds.choices) == ["acpc", "json"]


def test_the_top_parser_lists_every_command_in_order_with_the_exit_statuses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser = cli.build_parser()
    assert parser.prog == "pokerroom"
    assert parser.description == (
        "A Texas hold'em cardroom: rules engine, hand evaluator, equity and hand histories. "
        "Each command has --help."
    )
    assert parser.epilog == (
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
    assert isinstance(parser.formatter_class, type)
    assert parser.formatter_class is argparse.RawDescriptionHelpFormatter
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert (sub.dest, sub.metavar, sub.required) == ("command", "COMMAND", True)
    assert list(sub.choices) == ["play", "eval", "replay", "equity", "tournament", "league",
                                 "solve", "lbr", "serve", "bot", "convert", "stats",
                                 "icm"]  # fmt: skip
    with pytest.raises(SystemExit) as stopped:
        main([])
    assert stopped.value.code == 2
    assert capsys.readouterr().err == (
        "pokerroom: error: the following arguments are required: COMMAND\n"
    )


def test_version_is_the_installed_packages(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The metadata's, not the source tree's ``__version__`` (the fallback when the
    package is not installed)."""
    import pokerroom

    monkeypatch.setattr(pokerroom, "__version__", "0.0.0+source")
    assert cli.package_version() == version("pokerroom") != "0.0.0+source"
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"pokerroom {version('pokerroom')}\n"


# --------------------------------------------------------------------------- main


def test_arguments_left_over_are_refused_by_the_command_they_were_given_to(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for argv, prog in ((["play", "--bogus", "x"], "pokerroom play"),
                       (["serve", "room", "extra"], "pokerroom serve room"),
                       (["bot", "json", "--stdio", "--what"], "pokerroom bot json")):  # fmt: skip
        with pytest.raises(SystemExit) as stopped:
            main(argv)
        assert stopped.value.code == 2
        extra = " ".join(argv[2:] if argv[0] != "play" else argv[1:])
        if argv[0] == "bot":
            extra = "--what"
        assert capsys.readouterr().err == f"{prog}: error: unrecognized arguments: {extra}\n"


def test_the_command_of_parsed_arguments_is_the_deepest_parser() -> None:
    parser = cli.build_parser()
    args, _ = parser.parse_known_args(["serve", "room"])
    assert cli.command(parser, args).prog == "pokerroom serve room"
    args, _ = parser.parse_known_args(["bot", "json", "--stdio"])
    assert cli.command(parser, args).prog == "pokerroom bot json"
    args, _ = parser.parse_known_args(["play"])
    assert cli.command(parser, args).prog == "pokerroom play"
    assert cli.command(parser, argparse.Namespace()).prog == "pokerroom"


@pytest.mark.parametrize(
    ("argv", "said"),
    [(["play", "--seed", "1"], "pokerroom play: interrupted\n"),
     (["stats"], "pokerroom stats: interrupted\n"),
     (["nonsense", "x"], "pokerroom: interrupted\n"),
     ([], "pokerroom: interrupted\n")],
)  # fmt: skip
def test_ctrl_c_while_the_command_starts_names_the_command(
    argv: list[str], said: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    def interrupted() -> argparse.ArgumentParser:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    assert main(argv) == 130
    assert capsys.readouterr().err == said
    monkeypatch.setattr(sys, "argv", ["pokerroom", *argv])
    assert main() == 130
    assert capsys.readouterr().err == said


def test_main_without_arguments_reads_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["pokerroom", "play", "--name", "Ann"])
    assert main() == 2
    assert capsys.readouterr().err == (
        "pokerroom play: error: --name goes with --join URL (a room's table), not alone\n"
    )


class StdErr(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize("tty", [False, True])
def test_ctrl_c_in_a_command_says_what_was_kept_on_one_line(
    tty: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a terminal a new line first ends the one ``^C`` was echoed on."""
    raised: list[BaseException] = [Interrupted("3 of 60 games are in r.db"), KeyboardInterrupt()]

    def command(args: argparse.Namespace) -> int:
        raise raised.pop(0)

    monkeypatch.setattr(play, "_cmd_play", command)
    err = StdErr(tty)
    monkeypatch.setattr(sys, "stderr", err)
    first = "\n" if tty else ""
    assert main(["play"]) == 130
    assert err.getvalue() == f"{first}pokerroom play: interrupted: 3 of 60 games are in r.db\n"
    err.seek(0)
    err.truncate()
    assert main(["play"]) == 130
    assert err.getvalue() == f"{first}pokerroom play: interrupted\n"


def test_a_user_error_of_a_command_is_one_line_naming_its_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def command(args: argparse.Namespace) -> int:
        raise FileNotFoundError(2, "No such file or directory", "a\nb.db")

    monkeypatch.setattr(room, "_cmd_room", command)
    assert main(["serve", "room"]) == 2
    assert capsys.readouterr().err == (
        "pokerroom serve room: error: [Errno 2] No such file or directory: 'a\\nb.db'\n"
    )


def test_a_closed_output_stops_the_command_quietly_writing_nothing_more(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Standard output is then the null device: what is left to flush at exit goes
    nowhere (no second error)."""

    def command(args: argparse.Namespace) -> int:
        raise BrokenPipeError

    monkeypatch.setattr(play, "_cmd_play", command)
    path = tmp_path / "out"
    with path.open("w") as out:
        monkeypatch.setattr(sys, "stdout", out)
        assert main(["play"]) == 141
        os.write(out.fileno(), b"after the reader stopped\n")
    assert path.read_bytes() == b""
    assert capsys.readouterr().err == ""


def test_a_commands_status_is_mains() -> None:
    def command(args: argparse.Namespace) -> int:
        return 7

    mp = pytest.MonkeyPatch()
    try:
        mp.setattr(bot, "_cmd_json", command)
        assert main(["bot", "json", "--stdio"]) == 7
    finally:
        mp.undo()


def test_python_dash_m_pokerroom_is_main(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["python -m pokerroom", "play", "--watch"])
    with pytest.raises(SystemExit) as stopped:
        runpy.run_module("pokerroom", run_name="__main__")
    assert stopped.value.code == 2
    assert capsys.readouterr().err == (
        "pokerroom play: error: --watch goes with --join URL (a room's table), not alone\n"
    )


# --------------------------------------------------------------------------- play


class GameRun:
    """In place of ``tui.run`` and ``tui.run_join``: what they were given."""

    calls: ClassVar[list[tuple[Any, ...]]] = []

    @staticmethod
    def run(store: Any, *, directory: Path | None = None, seed: int | None = None) -> None:
        GameRun.calls.append(("run", store.path, directory, seed))

    @staticmethod
    def run_join(store: Any, link: Any, *, directory: Path | None = None,
                 note: str | None = None) -> None:  # fmt: skip
        GameRun.calls.append(("run_join", store.path, link, directory, note))


@pytest.fixture
def game_run(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[Any, ...]]]:
    import pokerroom.tui

    GameRun.calls = []
    monkeypatch.setattr(pokerroom.tui, "run", GameRun.run)
    monkeypatch.setattr(pokerroom.tui, "run_join", GameRun.run_join)
    yield GameRun.calls


def test_play_starts_the_game_on_the_save_file_of_the_data_directory_with_the_seed(
    data_home: Path, game_run: list[tuple[Any, ...]], monkeypatch: pytest.MonkeyPatch
) -> None:
    _terminal(monkeypatch)
    assert main(["play", "--seed", "12"]) == 0
    assert main(["play"]) == 0
    assert game_run == [("run", data_home / "pokerroom.db", data_home, 12),
                        ("run", data_home / "pokerroom.db", data_home, None)]  # fmt: skip


@pytest.mark.parametrize(("stdin_tty", "stdout_tty"), [(False, True), (True, False)])
def test_play_needs_both_its_input_and_its_output_at_a_terminal(
    stdin_tty: bool, stdout_tty: bool, data_home: Path, game_run: list[tuple[Any, ...]],
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    monkeypatch.setattr(sys, "stdin", Tty() if stdin_tty else Pipe())
    monkeypatch.setattr(sys, "stdout", Tty() if stdout_tty else Pipe())
    assert main(["play"]) == 2
    assert capsys.readouterr().err == (
        "pokerroom play: error: the game needs a terminal: run it in a terminal window (80x24 "
        "or larger), not with its input or output redirected\n"
    )
    assert game_run == []


@pytest.mark.parametrize(
    ("argv", "flag"),
    [(["--name", "Ann", "--invite", "x"], "--name"), (["--invite", "x", "--watch"], "--invite"),
     (["--buy-in", "100", "--watch"], "--buy-in"), (["--watch"], "--watch")],
)  # fmt: skip
def test_the_options_of_a_room_are_refused_without_join_the_first_named(
    argv: list[str], flag: str, capsys: pytest.CaptureFixture[str],
    game_run: list[tuple[Any, ...]],
) -> None:  # fmt: skip
    assert main(["play", *argv]) == 2
    assert capsys.readouterr().err == (
        f"pokerroom play: error: {flag} goes with --join URL (a room's table), not alone\n"
    )
    assert game_run == []


def test_a_name_the_room_would_refuse_is_refused_before_anything(
    capsys: pytest.CaptureFixture[str], game_run: list[tuple[Any, ...]]
) -> None:
    long = "<" * 50
    assert main(["play", "--name", long]) == 2
    assert capsys.readouterr().err == (
        f"pokerroom play: error: --name {'<' * 40!r}: a name is 1 to 20 letters, digits, "
        f"spaces or _-. (not {repr(long)[:40]})\n"
    )
    assert main(["play", "--name", " Ann", "--join", "http://h:1/table/t1"]) == 2
    assert capsys.readouterr().err == (
        "pokerroom play: error: --name ' Ann': a name must not start or end with a space\n"
    )


class Link:
    """In place of :class:`RoomLink`: a room that keeps ``kept`` (the name of a session
    kept, or ``None``), refuses what ``refuse`` says and records every call."""

    made: ClassVar[list[Link]] = []
    kept: ClassVar[str | None] = None
    refuse: ClassVar[dict[str, Exception]] = {}
    names_refused: ClassVar[list[str]] = []

    def __init__(self, address: Any, sessions: Any = None, invite: str | None = None) -> None:
        self.address = address
        self.sessions = sessions
        self.invite = invite
        self.calls: list[tuple[Any, ...]] = []
        Link.made.append(self)

    def _refused(self, what: str) -> None:
        if what in Link.refuse:
            raise Link.refuse.pop(what)

    def resume(self) -> str | None:
        self.calls.append(("resume",))
        self._refused("resume")
        return Link.kept

    def check_table(self, invite: str | None = None) -> None:
        self.calls.append(("check_table", invite))
        self._refused("check_table")

    def enter(self, name: str, invite: str | None = None) -> None:
        from pokerroom.net.roomlink import RoomLinkError

        self.calls.append(("enter", name, invite))
        if name in Link.names_refused:
            raise RoomLinkError(f"the name {name!r} is taken")
        self._refused("enter")

    def sit(self, invite: str | None = None, buy_in: int | None = None) -> int:
        self.calls.append(("sit", invite, buy_in))
        self._refused("sit")
        return 3


@pytest.fixture
def link(monkeypatch: pytest.MonkeyPatch) -> type[Link]:
    import pokerroom.net.roomlink as roomlink

    Link.made = []
    Link.kept = None
    Link.refuse = {}
    Link.names_refused = []
    monkeypatch.setattr(roomlink, "RoomLink", Link)
    return Link


URL = "http://127.0.0.1:8080/table/t3"


def test_join_sits_down_under_the_name_given_and_plays_the_table(
    data_home: Path, link: type[Link], game_run: list[tuple[Any, ...]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    from pokerroom.net.roomlink import TableAddress

    out = _terminal(monkeypatch)
    assert main(["play", "--join", f" {URL} ", "--name", "Ann", "--invite", "c0de",
                 "--buy-in", "150"]) == 0  # fmt: skip
    (made,) = link.made
    assert made.address == TableAddress("http://127.0.0.1:8080", "t3")
    assert made.sessions.path == data_home / "room-sessions.json"
    assert made.invite == "c0de"
    assert made.calls == [("resume",), ("check_table", "c0de"), ("enter", "Ann", "c0de"),
                          ("sit", "c0de", 150)]  # fmt: skip
    assert game_run == [("run_join", data_home / "pokerroom.db", made, data_home, None)]
    assert out.getvalue() == ""
    assert play.SESSIONS_FILE == "room-sessions.json"


def test_join_with_the_kept_sessions_name_does_not_enter_again(
    data_home: Path, link: type[Link], game_run: list[tuple[Any, ...]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    _terminal(monkeypatch)
    link.kept = "Ann"
    assert main(["play", "--join", URL, "--name", "aNN"]) == 0  # the same name, in any case
    assert main(["play", "--join", URL]) == 0
    assert main(["play", "--join", URL, "--name", "Bea"]) == 0  # another name: entered
    assert [m.calls for m in link.made] == [
        [("resume",), ("check_table", None), ("sit", None, None)],
        [("resume",), ("check_table", None), ("sit", None, None)],
        [("resume",), ("check_table", None), ("enter", "Bea", None), ("sit", None, None)],
    ]


def test_join_to_watch_neither_asks_a_name_nor_sits_down(
    data_home: Path, link: type[Link], game_run: list[tuple[Any, ...]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    out = _terminal(monkeypatch)
    assert main(["play", "--join", URL, "--watch"]) == 0
    assert main(["play", "--join", URL, "--watch", "--name", "Ann"]) == 0
    assert [m.calls for m in link.made] == [
        [("resume",), ("check_table", None)],
        [("resume",), ("check_table", None), ("enter", "Ann", None)],
    ]
    assert [call[-1] for call in game_run] == [None, None]
    assert out.getvalue() == ""


def test_join_without_a_name_asks_for_one_until_the_room_takes_it(
    data_home: Path, link: type[Link], game_run: list[tuple[Any, ...]],
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    out = _terminal(monkeypatch, "<b>\n Zed \n" + "x" * 45 + "\n")
    link.names_refused = ["Zed"]
    with pytest.raises(EOFError):  # the third name is refused too, then input ends
        main(["play", "--join", URL])
    prompt = "Your name at the table (1-20 letters, digits, spaces, _-.): "
    assert out.getvalue() == prompt * 4
    assert capsys.readouterr().err == (
        "'<b>': a name is 1 to 20 letters, digits, spaces or _-. (not '<b>')\n"
        "the name 'Zed' is taken\n"
        f"{'x' * 40!r}: a name is 1 to 20 letters, digits, spaces or _-. "
        f"(not {repr('x' * 45)[:40]})\n"
    )
    assert link.made[0].calls == [("resume",), ("check_table", None), ("enter", "Zed", None)]

    _terminal(monkeypatch, "Zed\nAnn Lee\n")
    link.made = []
    assert main(["play", "--join", URL, "--invite", "k"]) == 0
    assert link.made[0].calls == [("resume",), ("check_table", "k"), ("enter", "Zed", "k"),
                                  ("enter", "Ann Lee", "k"), ("sit", "k", None)]  # fmt: skip
    assert capsys.readouterr().err == "the name 'Zed' is taken\n"


def test_join_gives_up_after_five_names_refused(
    data_home: Path, link: type[Link], game_run: list[tuple[Any, ...]],
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    out = _terminal(monkeypatch, "A\nB\nC\nD\nE\nF\n")
    link.names_refused = ["A", "B", "C", "D", "E", "F"]
    assert main(["play", "--join", URL]) == 2
    assert out.getvalue().count("Your name at the table") == 5
    assert capsys.readouterr().err.splitlines()[-1] == (
        "pokerroom play: error: no name the room takes after 5 tries: give one with --name"
    )
    assert [c[1] for c in link.made[0].calls if c[0] == "enter"] == ["A", "B", "C", "D", "E"]
    assert game_run == []
    assert play.NAME_TRIES == 5


def test_a_refusal_of_the_room_other_than_the_name_stops_the_command(
    data_home: Path, link: type[Link], game_run: list[tuple[Any, ...]],
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    from pokerroom.net.roomlink import RoomLinkError

    _terminal(monkeypatch, "Ann\nBea\n")
    link.refuse = {"enter": RoomLinkError("the room wants an invite code")}
    assert main(["play", "--join", URL]) == 2
    assert capsys.readouterr().err == "pokerroom play: error: the room wants an invite code\n"
    assert link.made[0].calls[-1] == ("enter", "Ann", None)
    for step in ("resume", "check_table", "sit"):
        link.refuse = {step: RoomLinkError(f"no {step}:\nnow")}
        assert main(["play", "--join", URL, "--name", "Ann"]) == 2
        assert capsys.readouterr().err == f"pokerroom play: error: no {step}: now\n"
    assert game_run == []


@pytest.mark.parametrize(
    ("place", "note"),
    [(None, "the table is full: you watch it (j sits down)"),
     (2, "the table is full")],
)  # fmt: skip
def test_a_full_table_is_watched_with_a_note(
    place: int | None, note: str, data_home: Path, link: type[Link],
    game_run: list[tuple[Any, ...]], monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    from pokerroom.net.roomlink import TableFullError

    _terminal(monkeypatch)
    link.refuse = {"sit": TableFullError("the table is full", place)}
    assert main(["play", "--join", URL, "--name", "Ann"]) == 0
    assert game_run[0][-1] == note


def test_join_needs_a_terminal_after_the_room_answers(
    data_home: Path, link: type[Link], game_run: list[tuple[Any, ...]],
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    monkeypatch.setattr(sys, "stdin", Pipe())
    assert main(["play", "--join", URL, "--name", "Ann"]) == 2
    assert capsys.readouterr().err.startswith("pokerroom play: error: the game needs a terminal")
    assert link.made[0].calls == [("resume",), ("check_table", None)]


def test_join_refuses_a_seed_and_an_address_that_is_no_tables(
    data_home: Path, link: type[Link], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--join", URL, "--seed", "3"]) == 2
    assert capsys.readouterr().err == (
        "pokerroom play: error: --seed is for a game against the computer: a room deals its "
        "own cards\n"
    )
    assert main(["play", "--join", "http://h:1/lobby"]) == 2
    assert capsys.readouterr().err == (
        "pokerroom play: error: --join 'http://h:1/lobby' is not a table's address: expected "
        "http://HOST:PORT/table/ID (the table page's address, as the browser shows it)\n"
    )
    assert link.made == []


# --------------------------------------------------------------------------- bot


class Made:
    """In place of ``make_player``: a player named ``name``."""

    calls: ClassVar[list[tuple[str, int | None]]] = []
    name: ClassVar[Any] = None
    last: ClassVar[Any] = None  # the player made last

    @staticmethod
    def make(spec: str, seed: int | None = None) -> Any:
        Made.calls.append((spec, seed))
        Made.last = SimpleNamespace(name=Made.name) if Made.name is not None else SimpleNamespace()
        return Made.last


class Clients:
    """In place of the ACPC and JSON-lines clients: what they were given; they answer
    ``result`` or raise ``fail``."""

    calls: ClassVar[list[tuple[Any, ...]]] = []
    result: ClassVar[Any] = None
    fail: ClassVar[BaseException | None] = None
    gc: ClassVar[list[str]] = []

    @staticmethod
    def _answer(*call: Any) -> Any:
        Clients.calls.append((*call, tuple(Clients.gc)))
        if Clients.fail is not None:
            raise Clients.fail
        return Clients.result

    @staticmethod
    def acpc(player: Any, host: str, port: int, game: Any, *, budget: float = 5.0) -> Any:
        return Clients._answer("acpc", player, host, port, game.num_players, budget)

    @staticmethod
    def json(player: Any, host: str, port: int, token: str, *, name: str | None = None) -> Any:
        return Clients._answer("json", player, host, port, token, name)

    @staticmethod
    def stdio(player: Any, *, token: str | None = None) -> Any:
        return Clients._answer("stdio", player, token)


@pytest.fixture
def clients(monkeypatch: pytest.MonkeyPatch) -> type[Clients]:
    import pokerroom.net.acpc.client as acpc_client
    import pokerroom.net.jsonl.client as json_client
    import pokerroom.players as players

    Made.calls = []
    Made.name = None
    Clients.calls = []
    Clients.result = None
    Clients.fail = None
    Clients.gc = []
    monkeypatch.setattr(players, "make_player", Made.make)
    monkeypatch.setattr(acpc_client, "play_acpc_blocking", Clients.acpc)
    monkeypatch.setattr(json_client, "play_json_blocking", Clients.json)
    monkeypatch.setattr(json_client, "play_json_stdio", Clients.stdio)
    gc = SimpleNamespace(collect=lambda: Clients.gc.append("collect"),
                         freeze=lambda: Clients.gc.append("freeze"))  # fmt: skip
    monkeypatch.setattr(bot, "gc", gc)
    monkeypatch.delenv("POKERROOM_TOKEN", raising=False)
    return Clients


@pytest.fixture
def gamedef(data_dir: Path) -> str:
    return str(data_dir / "acpc" / "holdem.limit.3p.game")


def test_bot_acpc_plays_with_the_seed_and_budget_after_settling_and_prints_the_result(
    clients: type[Clients], gamedef: str, capsys: pytest.CaptureFixture[str]
) -> None:
    clients.result = SimpleNamespace(hands=4, won=Fraction(-7, 2), decisions=9)
    assert main(["bot", "acpc", "127.0.0.1", "9001", "--game", gamedef, "--seed", "5",
                 "--budget", "0.25", "--player", "rule-based"]) == 0  # fmt: skip
    assert Made.calls == [("rule-based", 5)]
    ((kind, player, host, port, seats, budget, gc),) = clients.calls
    assert (kind, host, port, seats, budget, gc) == ("acpc", "127.0.0.1", 9001, 3, 0.25,
                                                     ("collect", "freeze"))  # fmt: skip
    assert player is Made.last
    assert capsys.readouterr().out == (
        "rule-based: 4 hands, -3.5 chips (-0.88 a hand), 9 decisions\n"
    )
    clients.result = SimpleNamespace(hands=0, won=0, decisions=0)
    clients.calls = []
    assert main(["bot", "acpc", "::1", "9", "--game", gamedef]) == 0
    assert Made.calls[-1] == ("random", None)
    assert clients.calls[0][2:6] == ("::1", 9, 3, 5.0)
    assert capsys.readouterr().out == "random: 0 hands, +0 chips (+0.00 a hand), 0 decisions\n"
    clients.result = SimpleNamespace(hands=3, won=Fraction(1, 1), decisions=2)
    assert main(["bot", "acpc", "::1", "9", "--game", gamedef]) == 0
    assert capsys.readouterr().out == "random: 3 hands, +1 chips (+0.33 a hand), 2 decisions\n"


@pytest.mark.parametrize("error", [ConnectionRefusedError("refused"), TimeoutError("no answer")])
def test_bot_acpc_that_cannot_play_says_where_in_one_line(
    error: Exception, clients: type[Clients], gamedef: str, capsys: pytest.CaptureFixture[str]
) -> None:
    clients.fail = error
    assert main(["bot", "acpc", "127.0.0.1", "9001", "--game", gamedef]) == 2
    assert capsys.readouterr() == ("", f"pokerroom bot acpc: error: cannot play at "
                                       f"127.0.0.1:9001: {error}\n")  # fmt: skip


def test_a_bot_that_cannot_be_made_is_refused_by_name(
    gamedef: str, capsys: pytest.CaptureFixture[str]
) -> None:
    said = ("no bot 'nobody' (bots: calling-station, cfr, random, rule-based, strong; or a "
            "class: path/to/file.py:MyBot, package.module:MyBot)\n")  # fmt: skip
    assert main(["bot", "acpc", "127.0.0.1", "1", "--game", gamedef, "--player", "nobody"]) == 2
    assert capsys.readouterr().err == "pokerroom bot acpc: error: " + said
    assert main(["bot", "json", "--stdio", "--player", "nobody"]) == 2
    assert capsys.readouterr().err == "pokerroom bot json: error: " + said


def _end(seat: int | None = 1) -> SimpleNamespace:
    end = {"standings": [{"seat": 0, "place": 2}, {"seat": 1, "place": 1}],
           "stacks": [0, 400], "hands": 17, "names": ["A", "B"]}  # fmt: skip
    return SimpleNamespace(end=end, seat=seat, hands=17, decisions=30, defaults=2,
                           errors=["late"])  # fmt: skip


def test_bot_json_plays_with_its_token_and_name_and_prints_its_place(
    clients: type[Clients], capsys: pytest.CaptureFixture[str]
) -> None:
    clients.result = _end()
    Made.name = "Robo 1"
    assert main(["bot", "json", "127.0.0.1", "7000", "--token", "s3cret", "--seed", "8"]) == 0
    ((kind, player, host, port, token, name, gc),) = clients.calls
    assert player is Made.last
    assert (kind, host, port, token, name, gc) == ("json", "127.0.0.1", 7000, "s3cret",
                                                   "Robo 1", ("collect", "freeze"))  # fmt: skip
    assert Made.calls == [("random", 8)]
    assert capsys.readouterr() == ("random (seat 1): 17 hands, place 1 of 2, 400 chips; 30 "
                                   "decisions, 2 timed out, 1 errors\n", "")  # fmt: skip
    clients.result = _end(None)
    assert main(["bot", "json", "127.0.0.1", "7000", "--token", "t", "--name", "Me"]) == 0
    assert clients.calls[-1][5] == "Me"
    assert capsys.readouterr().out == (
        "random (seat None): 17 hands, place None of 2, 0 chips; 30 decisions, 2 timed out, 1 "
        "errors\n"
    )
    clients.result = _end(0)
    assert main(["bot", "json", "127.0.0.1", "7000", "--token", "t"]) == 0
    assert capsys.readouterr().out.startswith("random (seat 0): 17 hands, place 2 of 2, 0 chips;")


@pytest.mark.parametrize(
    ("own", "named"),
    [(None, "calling-station"), ("", "calling-station"), ("bad\nname", None), (" x", None)],
)  # fmt: skip
def test_bot_json_gives_its_own_name_only_if_the_dealer_takes_it(
    own: str | None, named: str | None, clients: type[Clients]
) -> None:
    clients.result = _end()
    Made.name = own
    assert main(["bot", "json", "127.0.0.1", "7000", "--token", "t",
                 "--player", "calling-station"]) == 0  # fmt: skip
    assert clients.calls[0][5] == named


def test_bot_json_whose_connection_ends_says_so_with_status_1(
    clients: type[Clients], capsys: pytest.CaptureFixture[str]
) -> None:
    clients.result = SimpleNamespace(end=None, hands=6)
    assert main(["bot", "json", "127.0.0.1", "1", "--token", "t"]) == 1
    assert capsys.readouterr() == ("random: the connection ended after 6 hands\n", "")
    assert main(["bot", "json", "--stdio"]) == 1
    assert capsys.readouterr() == ("", "random: the connection ended after 6 hands\n")


def test_bot_json_over_standard_input_and_output_prints_on_standard_error(
    clients: type[Clients], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    clients.result = _end()
    assert main(["bot", "json", "--stdio"]) == 0
    kind, player, token, gc = clients.calls[-1]
    assert (kind, token, gc) == ("stdio", None, ("collect", "freeze"))
    assert player is Made.last
    assert capsys.readouterr() == ("", "random (seat 1): 17 hands, place 1 of 2, 400 chips; 30 "
                                       "decisions, 2 timed out, 1 errors\n")  # fmt: skip
    monkeypatch.setenv("POKERROOM_TOKEN", "from-env")
    assert main(["bot", "json", "--stdio"]) == 0
    assert clients.calls[-1][2] == "from-env"
    assert main(["bot", "json", "--stdio", "--token", "given"]) == 0
    assert clients.calls[-1][2] == "given"
    capsys.readouterr()
    assert main(["bot", "json", "127.0.0.1", "--stdio"]) == 2
    assert capsys.readouterr().err == (
        "pokerroom bot json: error: --stdio plays over standard input and output: no HOST or "
        "PORT\n"
    )


@pytest.mark.parametrize(
    "error",
    [ConnectionResetError("reset"), TimeoutError("late"), "JSONClientError"],
)  # fmt: skip
def test_bot_json_that_cannot_play_says_where_in_one_line(
    error: Any, clients: type[Clients], capsys: pytest.CaptureFixture[str]
) -> None:
    from pokerroom.net.jsonl.client import JSONClientError

    clients.fail = JSONClientError("refused: no such seat") if error == "JSONClientError" else error
    assert main(["bot", "json", "--stdio"]) == 2
    assert capsys.readouterr().err == (
        f"pokerroom bot json: error: cannot play at standard input and output: {clients.fail}\n"
    )
    assert main(["bot", "json", "127.0.0.1", "7000", "--token", "t"]) == 2
    assert capsys.readouterr().err == (
        f"pokerroom bot json: error: cannot play at 127.0.0.1:7000: {clients.fail}\n"
    )


def test_bot_json_over_a_socket_refuses_an_oserror_too(
    clients: type[Clients], capsys: pytest.CaptureFixture[str]
) -> None:
    clients.fail = OSError(113, "No route to host")
    assert main(["bot", "json", "127.0.0.1", "7000", "--token", "t"]) == 2
    assert capsys.readouterr().err == (
        "pokerroom bot json: error: cannot play at 127.0.0.1:7000: [Errno 113] No route to host\n"
    )


MISSING = ("pokerroom bot json: error: give HOST PORT and the seat's token (--token-file FILE, "
           "$POKERROOM_TOKEN or --token TOKEN), or --stdio\n")  # fmt: skip


@pytest.mark.parametrize(
    "argv", [[], ["127.0.0.1"], ["127.0.0.1", "7000"], ["--token", "t"],
             ["127.0.0.1", "--token", "t"]],
)  # fmt: skip
def test_bot_json_needs_host_port_and_token_or_stdio(
    argv: list[str], clients: type[Clients], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setenv("POKERROOM_TOKEN", "")  # empty: none
    assert main(["bot", "json", *argv]) == 2
    assert capsys.readouterr().err == MISSING
    assert clients.calls == []


def test_the_token_is_the_first_line_of_its_file_or_the_environments(
    clients: type[Clients], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clients.result = _end()
    path = tmp_path / "token"
    path.write_bytes("  t\u00f6ken-1 \nsecond\n".encode())
    monkeypatch.setenv("POKERROOM_TOKEN", "from-env")
    assert main(["bot", "json", "127.0.0.1", "7000", "--token-file", str(path)]) == 0
    assert main(["bot", "json", "127.0.0.1", "7000"]) == 0
    assert [c[4] for c in clients.calls] == ["t\u00f6ken-1", "from-env"]
    assert bot.TOKEN_VARIABLE == "POKERROOM_TOKEN"


@pytest.mark.parametrize(
    ("content", "said"),
    [(b"", "empty (its first line is the token)"), (b"\n\ntoken\n", "empty (its first line is "
      "the token)"), (b"  \n", "empty (its first line is the token)"),
     (b"ok\xff\n", "not UTF-8 text (byte 2)")],
)  # fmt: skip
def test_a_token_file_with_no_token_is_refused_naming_it(
    content: bytes, said: str, clients: type[Clients], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    path = tmp_path / "token"
    path.write_bytes(content)
    assert main(["bot", "json", "127.0.0.1", "7000", "--token-file", str(path)]) == 2
    assert capsys.readouterr().err == f"pokerroom bot json: error: --token-file {path}: {said}\n"
    assert clients.calls == []


@pytest.mark.parametrize(
    ("error", "why"),
    [(PermissionError(13, "Permission denied"), "Permission denied"),
     (OSError("gone"), "gone")],
)  # fmt: skip
def test_a_token_file_that_cannot_be_read_is_refused_naming_why(
    error: OSError, why: str, clients: type[Clients], tmp_path: Path,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    path = tmp_path / "token"
    path.write_text("t\n")

    def unreadable(self: Path) -> bytes:
        raise error

    monkeypatch.setattr(Path, "read_bytes", unreadable)
    assert main(["bot", "json", "127.0.0.1", "7000", "--token-file", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"pokerroom bot json: error: --token-file {path}: cannot read it ({why})\n"
    )


def test_a_token_given_twice_is_refused(
    clients: type[Clients], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "token"
    path.write_text("t\n")
    assert main(["bot", "json", "--stdio", "--token", "t", "--token-file", str(path)]) == 2
    assert capsys.readouterr().err == (
        "pokerroom bot json: error: give the token once: --token or --token-file\n"
    )


def test_settle_collects_then_freezes_what_the_process_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    done: list[str] = []
    gc = SimpleNamespace(collect=lambda: done.append("collect"),
                         freeze=lambda: done.append("freeze"))  # fmt: skip
    monkeypatch.setattr(bot, "gc", gc)
    bot._settle()
    assert done == ["collect", "freeze"]


# --------------------------------------------------------------------------- serve room


class Server:
    """In place of uvicorn's server: what it was given; ``serve`` runs the timers it
    finds (``--exit-after``'s), notes their delays and whether it was told to stop."""

    made: ClassVar[list[Server]] = []
    fail: ClassVar[BaseException | None] = None

    def __init__(self, config: Any) -> None:
        self.config = config
        self.should_exit = False
        self.delays: list[float] = []
        Server.made.append(self)

    async def serve(self) -> None:
        loop = asyncio.get_running_loop()
        timers = [h for h in loop._scheduled if not h.cancelled()]  # type: ignore[attr-defined]
        self.delays = [round(h.when() - loop.time(), 3) for h in timers]
        for handle in timers:
            handle._run()
        if Server.fail is not None:
            raise Server.fail


class Config:
    def __init__(self, app: Any, **kwargs: Any) -> None:
        self.app = app
        self.kwargs = kwargs


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """The room served by stand-ins: what each was given."""
    import uvicorn

    import pokerroom.room.app as app_module
    import pokerroom.room.people as people
    import pokerroom.storage.room as storage_room

    seen: dict[str, Any] = {"closed": 0, "logging": []}
    Server.made = []
    Server.fail = None

    def make_app(the_room: Any, limits: Any) -> str:
        seen["room"] = the_room
        seen["invite"] = the_room.store.get("invite")
        seen["limits"] = vars(limits)
        return "the app"

    class DB(storage_room.RoomDB):
        def close(self) -> None:
            seen["closed"] += 1
            super().close()

    secrets = iter(["s3cret-1", "s3cret-2"])
    monkeypatch.setattr(uvicorn, "Server", Server)
    monkeypatch.setattr(uvicorn, "Config", Config)
    monkeypatch.setattr(app_module, "make_app", make_app)
    monkeypatch.setattr(storage_room, "RoomDB", DB)
    monkeypatch.setattr(people, "new_secret", lambda: next(secrets))
    monkeypatch.setattr(logging, "basicConfig", lambda **kw: seen["logging"].append(kw))
    yield seen


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_serve_room_prints_the_address_and_a_new_operator_token_and_serves(
    served: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    out = Pipe()
    monkeypatch.setattr(sys, "stdout", out)
    db = tmp_path / "r.db"
    assert main(["serve", "room", "--db", str(db)]) == 0
    token_file = tmp_path / "r.db.operator"
    lines = [
        "the room is open at http://127.0.0.1:8080/\n",
        f"operator token: s3cret-1 (also in {token_file}, readable by you only)\n",
    ]
    assert out.getvalue() == "".join(lines)
    assert out.flushed == [lines[0], "".join(lines)]
    assert capsys.readouterr().err == ""
    assert token_file.read_text() == "s3cret-1\n"
    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    (server,) = Server.made
    assert server.config.app == "the app"
    assert server.config.kwargs == {
        "host": "127.0.0.1", "port": 8080, "log_level": "info", "ws_max_size": 65536,
        "ws_ping_interval": 20.0, "ws_ping_timeout": 20.0, "ws_per_message_deflate": False,
        "access_log": False, "server_header": False,
    }  # fmt: skip
    assert server.delays == []
    assert not server.should_exit
    the_room = served["room"]
    assert the_room.operator == _sha("s3cret-1")
    assert the_room.bot_delay == 0.8
    assert served["invite"] is None
    assert served["limits"] == {"max_connections": 2000, "max_per_address": 64,
                                "join_timeout": 60.0, "max_backlog": 262144}  # fmt: skip
    assert served["logging"] == [
        {"level": logging.INFO, "format": "%(asctime)s %(name)s %(levelname)s %(message)s"}
    ]
    assert served["closed"] == 1


def test_serve_room_passes_every_option_on(
    served: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "x.db"
    assert main(["serve", "room", "--db", str(db), "--host", "::1", "--port", "0",
                 "--invite", "c0de!", "--bot-delay", "0", "--join-timeout", "2.5",
                 "--max-backlog", "1024", "--max-per-address", "3", "--exit-after", "30",
                 "--log-level", "warning"]) == 0  # fmt: skip
    assert capsys.readouterr().out.splitlines()[0] == "the room is open at http://::1:0/"
    (server,) = Server.made
    assert server.config.kwargs["host"] == "::1"
    assert server.config.kwargs["port"] == 0
    assert server.config.kwargs["log_level"] == "warning"
    assert server.delays == [30.0]
    assert server.should_exit
    the_room = served["room"]
    assert the_room.bot_delay == 0.0
    assert served["invite"] == "c0de!"
    assert served["limits"] == {"max_connections": 2000, "max_per_address": 3,
                                "join_timeout": 2.5, "max_backlog": 1024}  # fmt: skip
    assert served["logging"][0]["level"] == logging.WARNING
    main(["serve", "room", "--db", str(db), "--log-level", "debug"])
    assert served["logging"][1]["level"] == logging.DEBUG


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_serve_room_on_every_interface_warns_and_shows_the_loopback_address(
    host: str, served: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "room", "--db", str(tmp_path / "r.db"), "--host", host,
                 "--port", "8123"]) == 0  # fmt: skip
    out, err = capsys.readouterr()
    assert err == ("warning: the room listens on every network interface: anyone who can "
                   "reach this machine on port 8123 can open it\n")  # fmt: skip
    assert out.splitlines()[0] == "the room is open at http://127.0.0.1:8123/"
    assert Server.made[0].config.kwargs["host"] == host


def test_serve_room_keeps_its_operator_token_across_restarts(
    served: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "r.db"
    token_file = tmp_path / "r.db.operator"
    token_file.write_text("  kept-token \n")
    os.chmod(token_file, 0o644)
    assert main(["serve", "room", "--db", str(db)]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("operator token: kept-token (")
    assert served["room"].operator == _sha("kept-token")
    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600  # made private again
    assert token_file.read_text() == "  kept-token \n"


def test_an_empty_operator_file_gets_a_new_token(
    served: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    token_file = tmp_path / "r.db.operator"
    token_file.write_text(" \n")
    os.chmod(token_file, 0o666)
    assert main(["serve", "room", "--db", str(tmp_path / "r.db")]) == 0
    assert token_file.read_text() == "s3cret-1\n"
    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600


def test_a_private_operator_file_is_read_and_left_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "op"
    path.write_text("t\n")
    os.chmod(path, 0o400)
    changed: list[Any] = []
    monkeypatch.setattr(os, "chmod", lambda *a: changed.append(a))
    assert room._operator_token(path) == "t"
    assert changed == []


def test_an_operator_file_that_is_a_link_is_not_followed(
    served: dict[str, Any], tmp_path: Path
) -> None:
    target = tmp_path / "elsewhere"
    target.write_text("theirs\n")
    link = tmp_path / "op"
    link.symlink_to(target)
    with pytest.raises(OSError):  # O_NOFOLLOW: the link is refused, not written through
        room._operator_token(link)
    assert target.read_text() == "theirs\n"


def test_the_room_is_closed_when_its_server_fails(
    served: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Server.fail = OSError(98, "Address already in use")
    assert main(["serve", "room", "--db", str(tmp_path / "r.db")]) == 2
    assert capsys.readouterr().err == (
        "pokerroom serve room: error: [Errno 98] Address already in use\n"
    )
    assert served["closed"] == 1


@pytest.mark.parametrize(("text", "value"), [("0", 0.0), ("60", 60.0), ("0.25", 0.25),
                                             ("1e1", 10.0)])  # fmt: skip
def test_a_bot_delay_is_seconds_from_0_to_60(text: str, value: float) -> None:
    assert room._delay(text) == value


@pytest.mark.parametrize("text", ["-0.1", "60.5", "x", "nan", "", "inf"])
def test_a_bot_delay_outside_0_to_60_is_refused(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        room._delay(text)
    assert str(refused.value) == f"{text!r}: seconds from 0 to 60"
    with pytest.raises(SystemExit):
        main(["serve", "room", "--bot-delay", text])
    assert capsys.readouterr().err == (
        f"pokerroom serve room: error: argument --bot-delay: {text!r}: seconds from 0 to 60\n"
    )


@pytest.mark.parametrize("text", ["a", "x" * 64, "c0de!#~", "é"])
def test_an_invite_code_is_1_to_64_printable_characters_without_spaces(text: str) -> None:
    assert room._invite(text) == text


@pytest.mark.parametrize("text", ["", "x" * 65, "a b", "a\tb", "a\x00", "\u00a0", "\udcff",
                                  "y" * 30 + " "])  # fmt: skip
def test_any_other_invite_code_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        room._invite(text)
    assert str(refused.value) == (
        f"{text[:20]!r}: an invite code is 1 to 64 printable characters with no spaces"
    )


# --------------------------------------------------------------------------- private files


def test_a_private_file_is_new_mode_0600_and_utf_8_whatever_the_locale(tmp_path: Path) -> None:
    import locale

    path = tmp_path / "tokens.json"
    old = os.umask(0)
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")  # files opened without an encoding: ASCII
    try:
        with open_private(str(path)) as f:
            f.write("Zoë\n")
    finally:
        os.umask(old)
        locale.setlocale(locale.LC_CTYPE, before)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_bytes() == "Zoë\n".encode()


def test_a_private_file_is_never_written_over_without_force(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    path.write_text("old\n")
    with pytest.raises(UsageError) as refused:
        open_private(path)
    assert str(refused.value) == f"{path} exists: give --force to replace it"
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "nowhere")
    with pytest.raises(UsageError) as refused:
        open_private(link)
    assert str(refused.value) == f"{link} a link: give --force to replace it"
    assert not (tmp_path / "nowhere").exists()
    assert path.read_text() == "old\n"


def test_force_replaces_a_file_or_a_link_itself_never_what_it_points_to(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    path.write_text("old\n")
    os.chmod(path, 0o644)
    with open_private(path, force=True) as f:
        f.write("new\n")
    assert path.read_text() == "new\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    target = tmp_path / "target"
    target.write_text("theirs\n")
    link = tmp_path / "link"
    link.symlink_to(target)
    with open_private(link, force=True) as f:
        f.write("mine\n")
    assert not link.is_symlink()
    assert link.read_text() == "mine\n"
    assert target.read_text() == "theirs\n"
    with open_private(tmp_path / "new", force=True) as f:  # nothing to replace
        f.write("x")
    assert (tmp_path / "new").read_text() == "x"


def test_force_refuses_a_folder_and_what_cannot_be_removed_or_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(UsageError) as refused:
        open_private(tmp_path, force=True)
    assert str(refused.value) == f"{tmp_path} is a folder, not a file"
    missing = tmp_path / "no" / "such"
    with pytest.raises(UsageError) as refused:
        open_private(missing)
    assert str(refused.value) == f"{missing}: cannot create it (No such file or directory)"
    path = tmp_path / "t.txt"
    path.write_text("old\n")
    errors = [PermissionError(13, "Permission denied"), OSError("busy")]

    def unlink(self: Path, missing_ok: bool = False) -> None:
        raise errors.pop(0)

    monkeypatch.setattr(Path, "unlink", unlink)
    for why in ("Permission denied", "busy"):
        with pytest.raises(UsageError) as refused:
            open_private(path, force=True)
        assert str(refused.value) == f"{path}: cannot replace it ({why})"


def test_a_private_file_made_under_a_failing_open_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused_open(*args: Any) -> int:
        raise OSError("no room")

    monkeypatch.setattr(os, "open", refused_open)
    with pytest.raises(UsageError) as refused:
        open_private(tmp_path / "x")
    assert str(refused.value) == f"{tmp_path / 'x'}: cannot create it (no room)"


def test_a_private_file_is_opened_without_following_a_link_and_made_0600(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[tuple[Any, ...]] = []
    chmods: list[tuple[Any, ...]] = []
    real_open, real_fchmod = os.open, os.fchmod

    def recording_open(path: Any, flags: int, mode: int = 0o777) -> int:
        opened.append((path, flags, mode))
        return real_open(path, flags, mode)

    def recording_fchmod(fd: int, mode: int) -> None:
        chmods.append((mode,))
        real_fchmod(fd, mode)

    monkeypatch.setattr(os, "open", recording_open)
    monkeypatch.setattr(os, "fchmod", recording_fchmod)
    with open_private(tmp_path / "x"):
        pass
    want = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
    assert opened == [(tmp_path / "x", want, 0o600)]
    assert chmods == [(0o600,)]

    def failing_fchmod(fd: int, mode: int) -> None:
        raise OSError("not here")

    monkeypatch.setattr(os, "fchmod", failing_fchmod)
    with open_private(tmp_path / "y") as f:  # a file system without modes: made all the same
        f.write("y")
    assert (tmp_path / "y").read_text() == "y"


# --------------------------------------------------------------------------- the console


def test_the_plain_console_prints_text_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    from pokerroom.cli.console import plain_console

    console = plain_console(width=33)
    assert console.width == 33
    console.print("Ann[red] [bold]x[/bold]")
    assert capsys.readouterr() == ("Ann[red] [bold]x[/bold]\n", "")
    plain_console(stderr=True).print("[x]")
    assert capsys.readouterr() == ("", "[x]\n")
    assert plain_console().stderr is False


# --------------------------------------------------------------------------- the bars


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def perf_counter(self) -> float:
        return self.now


class Progress:
    """In place of Rich's ``Progress``: what it was given and told."""

    made: ClassVar[list[Progress]] = []

    def __init__(self, *columns: Any, console: Any = None, transient: bool = False) -> None:
        self.columns = columns
        self.console = console
        self.transient = transient
        self.told: list[tuple[Any, ...]] = []
        Progress.made.append(self)

    def start(self) -> None:
        self.told.append(("start",))

    def stop(self) -> None:
        self.told.append(("stop",))

    def add_task(self, description: str, **fields: Any) -> int:
        self.told.append(("add_task", description, fields))
        return 7

    def update(self, task: int, **fields: Any) -> None:
        self.told.append(("update", task, fields))


def _columns(progress: Progress) -> list[tuple[str, str | None]]:
    return [(type(c).__name__, getattr(c, "text_format", None)) for c in progress.columns]


@pytest.fixture
def bars(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """A terminal on standard error, the test's clock and a recording ``Progress``."""
    import rich.progress

    from pokerroom.cli import progress, runbar

    clock = Clock()
    Progress.made = []
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setattr(progress, "time", clock)
    monkeypatch.setattr(runbar, "time", clock)
    monkeypatch.setattr(rich.progress, "Progress", Progress)
    return clock


def test_the_lazy_bar_shows_only_after_it_has_taken_a_while(bars: Clock) -> None:
    from pokerroom.cli.progress import SHOW_AFTER, LazyBar

    assert SHOW_AFTER == 0.4
    bars.now = 0.5
    with LazyBar("counting") as bar:
        assert bar.console.stderr and bar.console.is_terminal
        assert bar.label == "counting"
        bars.now = 0.89
        bar(1, 10)
        assert Progress.made == []
        bars.now = 0.9  # at exactly SHOW_AFTER (0.9 - 0.5 == 0.4 in floats)
        bar(2, 10)
        (shown,) = Progress.made
        assert _columns(shown) == [("TextColumn", "{task.description}"), ("BarColumn", None),
                                   ("MofNCompleteColumn", None), ("TimeElapsedColumn", None),
                                   ("TimeRemainingColumn", None)]  # fmt: skip
        assert shown.console is bar.console
        assert shown.transient is True
        bar(5, None)
    assert shown.told == [("start",), ("add_task", "counting", {"total": 10}),
                          ("update", 7, {"completed": 2, "total": 10}),
                          ("update", 7, {"completed": 5, "total": None}), ("stop",)]  # fmt: skip
    assert bar.bar is None
    bar.close()  # closed twice: nothing more
    assert shown.told[-1] == ("stop",) and shown.told.count(("stop",)) == 1


def test_the_lazy_bar_shows_nothing_but_on_a_terminal(
    bars: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerroom.cli.progress import LazyBar

    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    bar = LazyBar("x")
    bars.now = 200.0
    bar(1, 2)
    bar.close()
    assert Progress.made == []


def test_the_run_bar_shows_from_the_start_and_counts_games_hands_and_rate(bars: Clock) -> None:
    from pokerroom.cli.runbar import RunBar

    with RunBar("league", 5, done=2, noun="sessions") as bar:
        (shown,) = Progress.made
        assert _columns(shown) == [
            ("TextColumn", "{task.description}"), ("BarColumn", None),
            ("MofNCompleteColumn", None), ("TextColumn", "sessions"),
            ("TextColumn", "{task.fields[hands]:>10,} hands"), ("TimeElapsedColumn", None),
            ("TextColumn", "{task.fields[rate]:>8,.0f} hands/s"),
        ]  # fmt: skip
        assert shown.console is bar.console and shown.transient is True
        assert (bar.label, bar.total, bar.noun, bar.games, bar.hands) == (
            "league", 5, "sessions", 2, 0)
        assert bar.rate == 0.0  # no time yet
        bars.now = 104.0
        bar.add(100)
        bars.now = 110.0
        bar.add(50)
        assert (bar.games, bar.hands, bar.elapsed, bar.rate) == (4, 150, 10.0, 15.0)
    assert shown.told == [
        ("start",),
        ("add_task", "league", {"total": 5, "completed": 2, "hands": 0, "rate": 0.0}),
        ("update", 7, {"completed": 3, "hands": 100, "rate": 25.0}),
        ("update", 7, {"completed": 4, "hands": 150, "rate": 15.0}),
        ("stop",),
    ]  # fmt: skip
    bar.add(10)  # told after it was closed: counted, nothing drawn
    assert (bar.games, bar.hands) == (5, 160)
    assert shown.told[-1] == ("stop",)


def test_the_run_bar_off_a_terminal_counts_and_shows_nothing(
    bars: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerroom.cli.runbar import RunBar

    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    bar = RunBar("tournament", 3)
    bars.now = 102.0
    bar.add(120)
    bar.close()
    assert Progress.made == []
    assert (bar.noun, bar.games, bar.hands, bar.rate) == ("games", 1, 120, 60.0)
    assert bar.task is None


def test_a_private_file_is_made_where_the_system_has_no_o_nofollow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[int] = []
    real_open = os.open

    def recording_open(path: Any, flags: int, mode: int = 0o777) -> int:
        opened.append(flags)
        return real_open(path, flags, mode)

    monkeypatch.delattr(os, "O_NOFOLLOW")
    monkeypatch.setattr(os, "open", recording_open)
    with open_private(tmp_path / "x") as f:
        f.write("x")
    assert opened == [os.O_WRONLY | os.O_CREAT | os.O_EXCL]
    assert (tmp_path / "x").read_text() == "x"


def test_a_new_operator_token_file_is_made_0600_from_the_start_never_through_a_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Made with mode 0600 (no moment when others could open it), then set to 0600
    whatever the umask; without ``O_NOFOLLOW`` on the system, made all the same."""
    import pokerroom.room.people as people

    opened: list[tuple[Any, ...]] = []
    chmods: list[int] = []
    real_open, real_fchmod = os.open, os.fchmod

    def recording_open(path: Any, flags: int, mode: int = 0o777) -> int:
        opened.append((path, flags, mode))
        return real_open(path, flags, mode)

    def recording_fchmod(fd: int, mode: int) -> None:
        chmods.append(mode)
        real_fchmod(fd, mode)

    monkeypatch.setattr(people, "new_secret", lambda: "new-token")
    monkeypatch.setattr(os, "open", recording_open)
    monkeypatch.setattr(os, "fchmod", recording_fchmod)
    path = tmp_path / "r.db.operator"
    assert room._operator_token(path) == "new-token"
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    assert opened == [(path, flags | os.O_NOFOLLOW, 0o600)]
    assert chmods == [0o600]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    monkeypatch.delattr(os, "O_NOFOLLOW")
    other = tmp_path / "other.operator"
    assert room._operator_token(other) == "new-token"
    assert opened[1] == (other, flags, 0o600)
    assert other.read_text() == "new-token\n"


def test_the_operator_token_is_read_as_utf_8_whatever_the_locale(tmp_path: Path) -> None:
    import locale

    path = tmp_path / "r.db.operator"
    path.write_bytes("t\u00f6ken\n".encode())
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")  # files read without an encoding: ASCII
    try:
        assert room._operator_token(path) == "t\u00f6ken"
    finally:
        locale.setlocale(locale.LC_CTYPE, before)


def test_the_run_bar_draws_its_games_hands_and_rate_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rich's own bar (not a recorder): its last frame, drawn as it stops, has the
    label, the games done of all, the noun, the hands and the rate in hands a second
    (the test's clock; the time elapsed is Rich's and not compared)."""
    import re

    from pokerroom.cli import progress, runbar

    clock = Clock()
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setattr(progress, "time", clock)
    monkeypatch.setattr(runbar, "time", clock)
    with runbar.RunBar("league", 5, done=2, noun="sessions") as bar:
        clock.now = 108.0
        bar.add(12_345)
    err = capsys.readouterr().err
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", err)
    frames = [f for f in re.split(r"[\r\n]", plain) if "league" in f]
    last = frames[-1]
    # 12,345 hands in 8 s: 1,543 a second (1,543.125), each number right-aligned in its width
    assert re.fullmatch(r"league \S+ 3/5 sessions     12,345 hands \d:\d\d:\d\d    "
                        r"1,543 hands/s\s*", last), last  # fmt: skip


def test_the_lazy_bar_draws_its_label_and_progress_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    from pokerroom.cli import progress

    clock = Clock()
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setattr(progress, "time", clock)
    with progress.LazyBar("counting") as bar:
        clock.now = 101.0
        bar(3, 12)
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", capsys.readouterr().err)
    last = [f for f in re.split(r"[\r\n]", plain) if "counting" in f][-1]
    # done padded to the width of the total; then the time elapsed and the time left
    assert re.fullmatch(r"counting \S+  3/12 \d:\d\d:\d\d \S+\s*", last), last
