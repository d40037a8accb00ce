"""``pokerroom bot``: a pokerroom player at a dealer over the network.

``pokerroom bot acpc HOST PORT --game GAMEDEF --player NAME`` plays one seat of an ACPC
match (the reference C dealer or ``pokerroom serve acpc``); ``pokerroom bot json HOST
PORT --token-file FILE --player NAME`` one seat of a JSON-lines match (the token from a
file, from ``--token``, or from the environment variable ``POKERROOM_TOKEN``: a token on
the command line is visible to every user of the machine in ``ps``).  ``NAME`` is a
built-in bot (``random``, ``calling-station``, ``rule-based``...) or a class of your own
(``path/to/file.py:MyBot``, ``package.module:MyBot``).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from pokerroom.cli.arguments import SEED, Host, InputFile, Port, Seconds
from pokerroom.cli.errors import UsageError

if TYPE_CHECKING:
    from pokerroom.players import Player

__all__ = ["register"]


def _player(spec: str, seed: int | None) -> Player:
    from pokerroom.players import PlayerLoadError, make_player

    try:
        return make_player(spec, seed=seed)
    except PlayerLoadError as exc:
        raise UsageError(str(exc)) from None


def _settle() -> None:
    """What the process made to start (modules, the player) lives as long as it: the
    garbage collector need not go through it again while the match is played."""
    gc.collect()
    gc.freeze()


def _cmd_acpc(args: argparse.Namespace) -> int:
    from pokerroom.history.acpc import GameDef
    from pokerroom.net.acpc.client import play_acpc_blocking

    game = GameDef.load(args.game)
    player = _player(args.player, args.seed)
    _settle()
    try:
        # a bot in a process of its own has nothing else to wait for: a plain socket
        result = play_acpc_blocking(player, args.host, args.port, game, budget=args.budget)
    except (ConnectionError, TimeoutError) as exc:
        raise UsageError(f"cannot play at {args.host}:{args.port}: {exc}") from None
    per_hand = float(result.won) / result.hands if result.hands else 0.0
    print(
        f"{args.player}: {result.hands} hands, {float(result.won):+g} chips "
        f"({per_hand:+.2f} a hand), {result.decisions} decisions"
    )
    return 0


TOKEN_VARIABLE = "POKERROOM_TOKEN"


def _token(args: argparse.Namespace) -> str | None:
    """The seat's token: ``--token``, else the first line of ``--token-file``, else the
    environment variable ``POKERROOM_TOKEN`` (``None``: none of them)."""
    from_file = None
    if args.token_file is not None:
        path = Path(args.token_file)
        try:
            data = path.read_bytes()
        except OSError as exc:
            why = exc.strerror or exc
            raise UsageError(f"--token-file {path}: cannot read it ({why})") from None
        try:
            lines = data.decode("utf-8").splitlines()
        except UnicodeDecodeError as exc:
            raise UsageError(f"--token-file {path}: not UTF-8 text (byte {exc.start})") from None
        from_file = lines[0].strip() if lines else ""
        if not from_file:
            raise UsageError(f"--token-file {path}: empty (its first line is the token)")
    if args.token is not None and from_file is not None:
        raise UsageError("give the token once: --token or --token-file")
    if args.token is not None:
        return str(args.token)
    if from_file is not None:
        return from_file
    return os.environ.get(TOKEN_VARIABLE) or None


def _cmd_json(args: argparse.Namespace) -> int:
    from pokerroom.net.jsonl.client import JSONClientError, play_json_blocking, play_json_stdio

    player = _player(args.player, args.seed)
    token = _token(args)
    if args.stdio:
        if args.host is not None:
            raise UsageError("--stdio plays over standard input and output: no HOST or PORT")
        where = "standard input and output"
        _settle()
        try:
            result = play_json_stdio(player, token=token)
        except (ConnectionError, TimeoutError, JSONClientError) as exc:
            raise UsageError(f"cannot play at {where}: {exc}") from None
    else:
        if args.host is None or args.port is None or token is None:
            raise UsageError(
                f"give HOST PORT and the seat's token (--token-file FILE, ${TOKEN_VARIABLE} or "
                "--token TOKEN), or --stdio"
            )
        where = f"{args.host}:{args.port}"
        name = args.name
        if name is None:  # the bot's own name, if the dealer takes it
            from pokerroom.jsonproto.messages import name_problem

            own = str(getattr(player, "name", "") or args.player)
            name = own if name_problem(own) is None else None
        _settle()
        try:
            result = play_json_blocking(player, args.host, args.port, token, name=name)
        except (OSError, TimeoutError, JSONClientError) as exc:
            raise UsageError(f"cannot play at {where}: {exc}") from None
    out = sys.stderr if args.stdio else sys.stdout  # standard output is the dealer's line
    end = result.end
    if end is None:
        print(f"{args.player}: the connection ended after {result.hands} hands", file=out)
        return 1
    seat = result.seat
    place = next((s["place"] for s in end["standings"] if s["seat"] == seat), None)
    chips = end["stacks"][seat] if seat is not None else 0
    print(
        f"{args.player} (seat {seat}): {end['hands']} hands, place {place} of "
        f"{len(end['names'])}, {chips} chips; {result.decisions} "
        f"decisions, {result.defaults} timed out, {len(result.errors)} errors",
        file=out,
    )
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("bot", help="play a bot at a dealer over the network (ACPC or JSON lines)")
    kinds = p.add_subparsers(dest="protocol", required=True, metavar="PROTOCOL")
    for name, helptext in (("acpc", "at an ACPC dealer"), ("json", "at a JSON-lines dealer")):
        k = kinds.add_parser(name, help=f"play one seat {helptext}", description=__doc__)
        k.add_argument("host", metavar="HOST", type=Host(), nargs="?" if name == "json" else None)
        k.add_argument("port", metavar="PORT", type=Port(), nargs="?" if name == "json" else None)
        k.add_argument(
            "--player",
            default="random",
            help="a bot's name or file.py:Class / package.module:Class",
        )
        k.add_argument("--seed", type=SEED, help="the bot's seed")
        if name == "acpc":
            k.add_argument(
                "--game",
                required=True,
                metavar="GAMEDEF",
                type=InputFile("an ACPC game definition"),
                help="the match's ACPC game definition",
            )
            k.add_argument(
                "--budget",
                type=Seconds(),
                default=5.0,
                metavar="SECONDS",
                help="seconds the bot may think per decision (default 5)",
            )
            k.set_defaults(func=_cmd_acpc)
        else:
            k.add_argument(
                "--token",
                help="the seat's secret token (one that starts with '-': --token=TOKEN); "
                "visible to other users in ps: prefer --token-file or $POKERROOM_TOKEN",
            )
            k.add_argument(
                "--token-file",
                metavar="FILE",
                type=InputFile("a file whose first line is the seat's token"),
                help="read the seat's token from the first line of FILE (default: the "
                "environment variable POKERROOM_TOKEN)",
            )
            k.add_argument(
                "--stdio",
                action="store_true",
                help="play over standard input and output (a dealer's --exec)",
            )
            k.add_argument("--name", help="the name to give the dealer (default: the bot's)")
            k.set_defaults(func=_cmd_json)
