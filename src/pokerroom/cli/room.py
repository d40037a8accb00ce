"""``pokerroom serve room``: the room, where people play people (and bots) in a browser.

``pokerroom serve room [--host 127.0.0.1] [--port 8080] [--db room.db] [--invite CODE]``
starts one process: the lobby and table pages, their WebSockets (the JSON protocol of
``serve json``, one message per frame) and the room's SQLite file.  It prints the
address to open and the operator's token (also written, readable by its owner only, to
the file beside the database named like it with ``.operator`` added).  Loopback by
default; ``--host 0.0.0.0`` opens it to the network (with a warning).  A restart with the
same ``--db`` brings back every person, balance, table and seat (a hand cut off is void:
every bet goes back).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

from pokerroom.cli.arguments import Count, Host, OutputPath, Port, Seconds

__all__ = ["add_room_parser"]


def _operator_token(path: Path) -> str:
    """The operator's token: kept in ``path`` (mode 0600), made on the first start."""
    from pokerroom.room.people import new_secret

    if path.exists() and not path.is_symlink():
        text = path.read_text(encoding="utf-8").strip()
        if text:
            if path.stat().st_mode & 0o077:
                os.chmod(path, 0o600)
            return text
    token = new_secret()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
    os.fchmod(fd, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(token + "\n")
    return token


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"{text!r}: seconds from 0 to 60")
    return value


def _invite(text: str) -> str:
    """An invite code: 1 to 64 printable characters, no spaces."""
    if not 0 < len(text) <= 64 or not text.isprintable() or any(c.isspace() for c in text):
        raise argparse.ArgumentTypeError(
            f"{text[:20]!r}: an invite code is 1 to 64 printable characters with no spaces"
        )
    try:
        text.encode()
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError(
            "an invite code is 1 to 64 printable characters with no spaces"
        ) from None
    return text


def _cmd_room(args: argparse.Namespace) -> int:
    import uvicorn

    from pokerroom.room.app import RoomLimits, make_app
    from pokerroom.room.people import digest
    from pokerroom.room.room import Room
    from pokerroom.storage.room import RoomDB

    db_path = Path(args.db)
    store = RoomDB(db_path)
    os.chmod(db_path, 0o600)
    token_file = db_path.with_name(db_path.name + ".operator")
    token = _operator_token(token_file)
    room = Room(store, operator=digest(token), invite=args.invite, bot_delay=args.bot_delay)
    app = make_app(room, RoomLimits(join_timeout=args.join_timeout, max_backlog=args.max_backlog,
                                    max_per_address=args.max_per_address))
    logging.basicConfig(level=getattr(logging, args.log_level.upper()),
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")  # fmt: skip
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    if args.host in ("0.0.0.0", "::"):
        print("warning: the room listens on every network interface: anyone who can reach "
              f"this machine on port {args.port} can open it", file=sys.stderr)  # fmt: skip
    print(f"the room is open at http://{shown}:{args.port}/", flush=True)
    print(f"operator token: {token} (also in {token_file}, readable by you only)", flush=True)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level=args.log_level,
                            ws_max_size=64 * 1024, ws_ping_interval=20.0, ws_ping_timeout=20.0,
                            # the room's frames are small JSON: compressing each one cost the
                            # server about a sixth of its time under load, for little saved
                            ws_per_message_deflate=False,
                            access_log=False, server_header=False)  # fmt: skip
    server = uvicorn.Server(config)

    async def serve() -> None:
        if args.exit_after is not None:
            loop = asyncio.get_running_loop()
            loop.call_later(args.exit_after, lambda: setattr(server, "should_exit", True))
        await server.serve()

    try:
        asyncio.run(serve())
    finally:
        store.close()
    return 0


def add_room_parser(kinds: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``serve room`` and its options."""
    r = kinds.add_parser(
        "room",
        help="the room: a lobby and tables in the browser, people and bots",
        description=__doc__.split("\n\n")[1],
    )
    r.add_argument("--host", default="127.0.0.1", type=Host(), help="the address to listen on "
                   "(default 127.0.0.1; 0.0.0.0 for the whole network)")  # fmt: skip
    r.add_argument("--port", type=Port(low=0), default=8080, help="the port (default 8080)")
    r.add_argument("--db", type=OutputPath("a room database file"), default="room.db",
                   metavar="FILE",
                   help="the room's SQLite file (default room.db)")  # fmt: skip
    r.add_argument("--invite", type=_invite, metavar="CODE",
                   help="new people need this code to enter")
    r.add_argument("--bot-delay", type=_delay, default=0.8, metavar="SECONDS",
                   help="seconds a bot seat waits before it acts (default 0.8)")  # fmt: skip
    r.add_argument("--join-timeout", type=Seconds(), default=60.0, metavar="SECONDS",
                   help="a connection must join or watch within this (default 60)")  # fmt: skip
    r.add_argument("--max-backlog", type=Count(1024, 2**30, "bytes"), default=256 * 1024,
                   metavar="BYTES",
                   help="a connection with more than this sent and not read is dropped "
                   "(default 262144)")  # fmt: skip
    r.add_argument("--max-per-address", type=Count(1, 100_000, "connections"), default=64,
                   metavar="N",
                   help="WebSocket connections from one address at once (default 64)")  # fmt: skip
    r.add_argument("--exit-after", type=Seconds(), metavar="SECONDS",
                   help="close the room after this long (tests, demonstrations)")  # fmt: skip
    r.add_argument("--log-level", default="info",
                   choices=["debug", "info", "warning", "error"])  # fmt: skip
    r.set_defaults(func=_cmd_room)
