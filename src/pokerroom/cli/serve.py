"""``pokerroom serve``: deal to poker programs over TCP.

``pokerroom serve acpc GAMEDEF --hands N --seed S NAME1 NAME2 ...`` is an ACPC dealer
that behaves like the reference one: it prints one port per seat on one line, in seat
order, waits for a player on each, plays the match (seats rotate every hand unless
``--fixed-seats``) and prints the ``SCORE`` line.  ``--log FILE`` writes the reference's
log (``pokerroom replay --check FILE`` replays it); ``--transcript FILE`` every line
sent and received, as the reference prints them.

``pokerroom serve json --rules PRESET --seats N [--hands N | --freeze-out] --port P``
is pokerroom's JSON-lines dealer: it prints (or writes to ``--tokens FILE``) a secret
token per seat, waits for the seats to join, plays the match and prints the standings.

``--db FILE`` (both): the match's results and every hand as PHH go to the SQLite results
database that ``pokerroom tournament`` and ``pokerroom league`` write
(:mod:`pokerroom.storage.results`), as a run of one game: a JSON-lines match (stacks kept)
as a ``tournament``, an ACPC match (stacks reset every hand) as a ``league`` session;
the run's settings say it was served (``"served": "acpc"`` or ``"json"``) and how.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pokerroom.cli.arguments import (
    ACPC_SEED,
    MILLISECONDS,
    SEED,
    Count,
    Database,
    Host,
    InputFile,
    OutputFile,
    Port,
    RulesArgument,
    Seconds,
    overridden,
)
from pokerroom.cli.errors import UsageError

if TYPE_CHECKING:
    from pokerroom.storage.results import ResultsDB
    from pokerroom.tournament.records import GameRecord

__all__ = ["register"]

HANDS = Count(1, 1_000_000, "hands")  # a match's hands are kept until its end

DB_HELP = (
    "write the results and every hand (PHH) to this SQLite results database (the one "
    "pokerroom tournament and league write; created if new)"
)


def _ports(text: str | None, n: int) -> list[int] | None:
    if text is None:
        return None
    try:
        ports = [int(p) for p in text.split(",")]
    except ValueError:
        raise UsageError(f"--ports {text!r}: port numbers separated by commas") from None
    if len(ports) != n or not all(0 <= p < 65536 for p in ports):
        raise UsageError(f"--ports {text!r}: {n} port numbers (0 to 65535), one per seat")
    return ports


def _open(path: str | None) -> TextIO | None:
    if path is None:
        return None
    if path == "-":
        return sys.stderr
    return open(path, "w", encoding="utf-8")


def _cmd_acpc(args: argparse.Namespace) -> int:
    from pokerroom.history.acpc import GameDef
    from pokerroom.net.acpc import InvalidPolicy
    from pokerroom.net.acpcdealer import ACPCDealer, TimeLimits
    from pokerroom.net.server import ACPCServer, print_ports

    game = GameDef.load(args.gamedef)
    if len(args.names) != game.num_players:
        raise UsageError(
            f"the game is for {game.num_players} players: give {game.num_players} names, "
            f"not {len(args.names)}"
        )
    if args.hands < 1:
        raise UsageError(f"--hands {args.hands}: 1 or more")
    try:
        limits = TimeLimits(args.t_response / 1000, args.t_hand / 1000, args.t_per_hand / 1000)
        dealer = ACPCDealer(
            game,
            names=args.names,
            hands=args.hands,
            seed=args.seed,
            fixed_seats=args.fixed_seats,
            invalid=InvalidPolicy(args.invalid),
            limits=limits,
            match_name=args.name,
            game_file=Path(args.gamedef).name,
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    db = _open_db(args.db)
    recorder = None
    if db is not None:
        from pokerroom.tournament.games import GameRecorder

        recorder = GameRecorder(dealer.table, args.name, histories=True)
        dealer.on_hand = recorder.hand_over
    log, transcript = _open(args.log), _open(args.transcript)

    async def serve() -> list[int]:
        server = ACPCServer(
            dealer,
            host=args.host,
            ports=_ports(args.ports, game.num_players),
            log=log,
            transcript=transcript,
            start_timeout=args.start_timeout,
        )
        print_ports(await server.start())
        await server.run()
        return server.ports

    try:
        asyncio.run(serve())
    except TimeoutError as exc:
        raise UsageError(str(exc)) from None
    finally:
        for f in (log, transcript):
            if f is not None and f is not sys.stderr:
                f.close()
    print(dealer.score_line(), flush=True)
    if db is not None and recorder is not None:
        settings = {"served": "acpc", "gamedef": Path(args.gamedef).read_text(),
                    "names": list(args.names), "hands": args.hands, "seed": args.seed,
                    "fixed_seats": args.fixed_seats, "invalid": args.invalid}  # fmt: skip
        record = recorder.record(0, args.seed, range(game.num_players), dealer.faults)
        _store(db, "league", settings, record)
    return 0


def _open_db(path: Path | None) -> ResultsDB | None:
    """The results database of ``--db`` (opened before the match, so that a file that
    cannot be one is refused at once)."""
    if path is None:
        return None
    from pokerroom.storage.results import ResultsDB, ResultsError

    try:
        return ResultsDB(path)
    except ResultsError as exc:
        raise UsageError(str(exc)) from None


def _store(db: ResultsDB, kind: str, settings: dict[str, Any], record: GameRecord) -> None:
    """Write a served match to ``--db`` as a run of one game, its hands as PHH: a
    freeze-out as a ``tournament``, a match of stacks reset every hand as a ``league``
    session; ``settings`` say it was served (``"served"``) and how."""
    try:
        run = db.start_run(kind, settings, games=1)
        db.add_game(run, record, hands=True)
        db.finish_run(run)
    finally:
        db.close()
    # on standard error: standard output stays what the reference dealer prints
    print(f"results written to {db.path} (run {run}, {record.hands} hands)", file=sys.stderr)


def _programs(specs: list[str], seats: int) -> dict[int, list[str]]:
    """``--exec SEAT=COMMAND`` values: the program each of those seats runs."""
    out: dict[int, list[str]] = {}
    for spec in specs:
        seat, sep, command = spec.partition("=")
        if not sep or not seat.strip().isdigit() or not command.strip():
            raise UsageError(f"--exec {spec!r}: SEAT=COMMAND, like 1='pokerroom bot json --stdio'")
        number = int(seat)
        if not 0 <= number < seats or number in out:
            raise UsageError(
                f"--exec {spec!r}: seat {number} is not a free seat (0 to {seats - 1})"
            )
        out[number] = shlex.split(command)
    return out


def _cmd_json(args: argparse.Namespace) -> int:
    import random

    from pokerroom.net.jsondealer import JSONDealer
    from pokerroom.net.jsonserver import JSONServer, seat_tokens
    from pokerroom.table import Table, TableError

    rules = overridden(args.rules.rules, args.set or [])
    if args.hands is not None and args.hands < 1:
        raise UsageError(f"--hands {args.hands}: 1 or more")
    if args.hands is None and not args.freeze_out:
        args.freeze_out = True
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        table = Table(rules, args.seats, rng=random.Random(seed), max_hands=args.hands)
    except TableError as exc:
        raise UsageError(str(exc)) from None
    programs = _programs(args.exec or [], args.seats)
    tokens = seat_tokens(args.seats)
    db = _open_db(args.db)
    recorder = None
    if db is not None:
        from pokerroom.tournament.games import GameRecorder

        recorder = GameRecorder(table, args.name, histories=True)
    on_hand = recorder.hand_over if recorder is not None else None
    dealer = JSONDealer(table, tokens, budget=args.timeout, name=args.name, on_hand=on_hand)
    for seat, argv in programs.items():
        dealer.joined[seat] = Path(argv[0]).name
    server = JSONServer(dealer, host=args.host, port=args.port, start_timeout=args.start_timeout)

    async def serve() -> None:
        port = await server.start()
        what = f"{args.hands} hands" if args.hands is not None else "a freeze-out"
        print(
            f"pokerroom JSON-lines dealer on {args.host}:{port}: {args.seats} seats, {what}, "
            f"{rules}",
            flush=True,
        )
        for seat, argv in programs.items():
            await server.spawn(seat, argv)
            print(f"seat {seat}: {shlex.join(argv)}", flush=True)
        if args.tokens:
            path = Path(args.tokens)
            data = {
                "host": args.host,
                "port": port,
                "tokens": [None if s in programs else t for s, t in enumerate(tokens)],
            }
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=2)
            print(f"tokens written to {path}", flush=True)
        else:
            for seat, token in enumerate(tokens):
                if seat not in programs:
                    print(f"seat {seat}: {token}", flush=True)
        await server.run()

    asyncio.run(serve())
    print(f"{table.hand_number} hands played")
    for s in table.standings:
        name = dealer.joined[s.seat] or "nobody joined"
        print(f"  {s.place}. seat {s.seat} ({name}): {table.stacks[s.seat]} chips")
    if db is not None and recorder is not None:
        settings = {"served": "json", "rules": rules.to_mapping(), "seats": args.seats,
                    "hands": args.hands, "seed": seed, "timeout": args.timeout}  # fmt: skip
        names = [dealer.joined[seat] or f"seat {seat}" for seat in range(args.seats)]
        faults = [(f.seat, str(f)) for f in dealer.runner.faults]
        record = recorder.record(0, seed, range(args.seats), faults, names=names)
        _store(db, "tournament", settings, record)
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("serve", help="deal to poker programs over TCP (ACPC or JSON lines)")
    kinds = p.add_subparsers(dest="protocol", required=True, metavar="PROTOCOL")

    a = kinds.add_parser(
        "acpc",
        help="an ACPC protocol 2.0.0 dealer, like the reference one",
        description=__doc__.split("\n\n")[1],
    )
    a.add_argument("gamedef", metavar="GAMEDEF", type=InputFile("an ACPC game definition"),
                   help="the ACPC game definition file")  # fmt: skip
    a.add_argument("names", metavar="NAME", nargs="+", help="the players' names, seat by seat")
    a.add_argument("--hands", type=HANDS, required=True, help="hands to play")
    a.add_argument("--seed", type=ACPC_SEED, required=True, help="the deal's seed (MT19937)")
    a.add_argument("--ports", help="a port per seat: p1,p2,... (default: any free ports)")
    a.add_argument(
        "--host",
        default="127.0.0.1",
        type=Host(),
        help="the address to listen on (default 127.0.0.1; 0.0.0.0 for every one)",
    )
    a.add_argument("--fixed-seats", action="store_true", help="do not rotate the seats")
    a.add_argument("--log", metavar="FILE", type=OutputFile("a file for the log"),
                   help="write the match log (STATE/SCORE lines)")  # fmt: skip
    a.add_argument("--db", type=Database(), metavar="FILE", help=DB_HELP)
    a.add_argument(
        "--transcript",
        metavar="FILE",
        type=OutputFile("a file for the transcript, or -", dash=True),
        help="write every line sent and received ('-': standard error)",
    )
    a.add_argument("--name", default="match", help="the match's name in the log")
    a.add_argument(
        "--invalid",
        choices=["call", "fold", "reject"],
        default="call",
        help="an invalid action becomes a call (the reference; no-limit raises are "
        "moved into range), the default action (fold), or is refused (reject: "
        "the player answers again)",
    )
    a.add_argument(
        "--t-response",
        type=MILLISECONDS,
        default=600000,
        metavar="MS",
        help="milliseconds per action (default 600000)",
    )
    a.add_argument(
        "--t-hand",
        type=MILLISECONDS,
        default=600000,
        metavar="MS",
        help="milliseconds per player per hand (default 600000)",
    )
    a.add_argument(
        "--t-per-hand",
        type=MILLISECONDS,
        default=7000,
        metavar="MS",
        help="milliseconds per hand on average over the match (default 7000)",
    )
    a.add_argument(
        "--start-timeout",
        type=Seconds(),
        metavar="SECONDS",
        help="give up if the players have not all connected by then",
    )
    a.set_defaults(func=_cmd_acpc)

    j = kinds.add_parser(
        "json",
        help="pokerroom's JSON-lines dealer (tokens, spectators)",
        description=__doc__.split("\n\n")[2],
    )
    j.add_argument(
        "--rules",
        default="computer-tournament",
        type=RulesArgument(),
        help="a preset (default computer-tournament) or a TOML file of rules",
    )
    j.add_argument(
        "--set",
        action="append",
        metavar="FIELD=VALUE",
        help="override a rule (repeatable), e.g. --set buy_in=500",
    )
    j.add_argument("--seats", type=Count(2, 14), required=True, help="seats at the table (2 to 14)")
    end = j.add_mutually_exclusive_group()
    end.add_argument("--hands", type=HANDS, help="stop after this many hands")
    end.add_argument(
        "--freeze-out",
        action="store_true",
        help="play until one player has every chip (the default)",
    )
    j.add_argument("--port", type=Port(low=0), default=0, help="the port (default: any free port)")
    j.add_argument("--host", default="127.0.0.1", type=Host(), help="the address to listen on")
    j.add_argument(
        "--tokens",
        metavar="FILE",
        type=OutputFile("a file for the tokens"),
        help="write the port and tokens to FILE (JSON, readable by you only) "
        "instead of printing them",
    )
    j.add_argument(
        "--timeout",
        type=Seconds(),
        default=30.0,
        metavar="SECONDS",
        help="seconds for each decision (default 30)",
    )
    j.add_argument(
        "--start-timeout",
        type=Seconds(),
        metavar="SECONDS",
        help="start even if not every seat has joined by then",
    )
    j.add_argument("--seed", type=SEED, help="shuffle with this seed (for replays)")
    j.add_argument("--db", type=Database(), metavar="FILE", help=DB_HELP)
    j.add_argument(
        "--exec",
        action="append",
        metavar="SEAT=COMMAND",
        help="start COMMAND to play SEAT over its standard input and output (repeatable), "
        "e.g. 1='pokerroom bot json --stdio --player random'",
    )
    j.add_argument("--name", default="match", help="the match's name")
    j.set_defaults(func=_cmd_json)
