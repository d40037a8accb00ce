"""``pokerroom play``: the terminal game (hold'em against computer players), or a seat at
a room's table (``--join URL``)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from pokerroom.cli.arguments import MAX_AMOUNT, SEED, Count
from pokerroom.cli.errors import UsageError

if TYPE_CHECKING:
    from pokerroom.net.roomlink import RoomLink

__all__ = ["SESSIONS_FILE", "register"]

SESSIONS_FILE = "room-sessions.json"
"""Where ``play --join`` keeps your room sessions (in the data directory, mode 0600)."""
NAME_TRIES = 5


def _need_terminal() -> None:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError(
            "the game needs a terminal: run it in a terminal window (80x24 or larger), "
            "not with its input or output redirected"
        )


def _cmd_play(args: argparse.Namespace) -> int:
    from pokerroom.room.people import name_problem

    if args.name is not None and (problem := name_problem(args.name)) is not None:
        raise UsageError(f"--name {args.name[:40]!r}: {problem}")
    if args.join is not None:
        return _join(args)
    for option in ("name", "invite", "buy_in", "watch"):
        if getattr(args, option) not in (None, False):
            flag = "--" + option.replace("_", "-")
            raise UsageError(f"{flag} goes with --join URL (a room's table), not alone")
    _need_terminal()
    from pokerroom.storage.saves import Store
    from pokerroom.tui import run
    from pokerroom.tui.app import SAVE_FILE, data_dir

    directory = data_dir()
    run(Store(directory / SAVE_FILE), directory=directory, seed=args.seed)
    return 0


def _join(args: argparse.Namespace) -> int:
    """Sit down at the room's table ``--join`` names, then play it at the terminal."""
    from pokerroom.net.roomlink import RoomLink, RoomLinkError, SessionFile, table_address
    from pokerroom.storage.saves import Store
    from pokerroom.tui import run_join
    from pokerroom.tui.app import SAVE_FILE, data_dir

    if args.seed is not None:
        raise UsageError("--seed is for a game against the computer: a room deals its own cards")
    try:
        address = table_address(args.join)
    except RoomLinkError as exc:
        raise UsageError(f"--join {exc}") from None
    directory = data_dir()
    link = RoomLink(address, SessionFile(directory / SESSIONS_FILE), args.invite)
    note = None
    try:
        kept = link.resume()
        link.check_table(args.invite)
        _need_terminal()
        named = args.name is not None and (kept is None or args.name.casefold() != kept.casefold())
        if named or (kept is None and not args.watch):
            _enter(link, args.name, args.invite)
        if not args.watch:
            note = _sit(link, args.invite, args.buy_in)
    except RoomLinkError as exc:
        raise UsageError(str(exc)) from None
    run_join(Store(directory / SAVE_FILE), link, directory=directory, note=note)
    return 0


def _sit(link: RoomLink, invite: str | None, buy_in: int | None) -> str | None:
    """Sit down; at a full table, what to say (you watch it instead)."""
    from pokerroom.net.roomlink import TableFullError

    try:
        link.sit(invite, buy_in)
    except TableFullError as exc:
        return str(exc) if exc.place is not None else f"{exc}: you watch it (j sits down)"
    return None


def _enter(link: RoomLink, name: str | None, invite: str | None) -> None:
    """Enter the room as ``name``, or as the name asked for at the terminal (asked again
    while the room refuses it)."""
    from pokerroom.net.roomlink import RoomLinkError
    from pokerroom.room.people import name_problem

    if name is not None:
        link.enter(name, invite)
        return
    for _ in range(NAME_TRIES):
        typed = input("Your name at the table (1-20 letters, digits, spaces, _-.): ").strip()
        problem = name_problem(typed)
        if problem is not None:
            print(f"{typed[:40]!r}: {problem}", file=sys.stderr)
            continue
        try:
            link.enter(typed, invite)
        except RoomLinkError as exc:
            if "name" not in str(exc):
                raise
            print(exc, file=sys.stderr)
            continue
        return
    raise UsageError(f"no name the room takes after {NAME_TRIES} tries: give one with --name")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "play",
        help="play hold'em against the computer at the terminal, or at a room's table",
        description="Play hold'em against computer players in the terminal (80x24 or larger): "
        "a freeze-out, saved and resumed at any of your turns.  With --join URL, sit down "
        "at a table of a room (`pokerroom serve room`) instead, with people and bots.",
    )
    p.add_argument(
        "--seed",
        type=SEED,
        default=None,
        metavar="N",
        help="deal the cards from seed N (the same seed deals the same game); "
        "the new-game form can also set one",
    )
    p.add_argument(
        "--join",
        default=None,
        metavar="URL",
        help="play at a room's table: its page's address, http://HOST:PORT/table/ID "
        "(your session is kept, so the same command gets your seat back)",
    )
    p.add_argument(
        "--name",
        default=None,
        metavar="NAME",
        help="with --join: your name in the room (1-20 letters, digits, spaces, _-.); "
        "asked for when missing",
    )
    p.add_argument(
        "--watch",
        action="store_true",
        help="with --join: watch the table without sitting down (j sits down later); "
        "a full table is watched anyway",
    )
    p.add_argument(
        "--invite",
        default=None,
        metavar="CODE",
        help="with --join: the invite code of a private table, or of a room that needs one",
    )
    p.add_argument(
        "--buy-in",
        type=Count(1, MAX_AMOUNT, "chips"),
        default=None,
        metavar="CHIPS",
        help="with --join, at a cash table: the chips to sit down with, from the table's "
        "smallest to its largest buy-in (default the largest); a sit-and-go's buy-in is fixed",
    )
    p.set_defaults(func=_cmd_play)
