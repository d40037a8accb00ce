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
the run's settings say it was served (``"served": "acpc"`` or ``"json"``) and how.  Each
hand is stored as it ends; ``serve json --resume`` goes on with a match that was killed
(the same seats and tokens, from its last finished hand: the hand cut off is dealt again
with new cards) or stopped (Ctrl-C, ``kill``: from the hand in play, as it stood).

The files written (tokens, logs, transcripts: every hole card) are readable by their
owner only, never written through a link, and never replace a file without ``--force``.
The dealer logs each event (connections, seats taken, wrong tokens, connections dropped,
default actions) on standard error, one line each (``--log-level``).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import logging
import os
import random
import secrets
import shlex
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
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
from pokerroom.cli.errors import INTERRUPTED, UsageError
from pokerroom.cli.private import open_private
from pokerroom.numerals import number as read_number

if TYPE_CHECKING:
    from pokerroom.history.acpc import GameDef
    from pokerroom.jsonproto.dealer import JSONDealer
    from pokerroom.jsonproto.messages import Watching
    from pokerroom.net.acpc.dealer import ACPCDealer
    from pokerroom.net.jsonl.server import JSONServer
    from pokerroom.rules import Rules
    from pokerroom.storage.results import ResultsDB
    from pokerroom.table import Table
    from pokerroom.tournament.games import GameRecorder
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


def _open(path: str | None, force: bool) -> TextIO | None:
    if path is None:
        return None
    if path == "-":
        return sys.stderr
    return open_private(path, force=force)


SPECTATORS = Count(0, 10_000, "spectators")  # 0: no limit
CONNECTIONS = Count(0, 100_000, "connections")  # 0: no limit


LOG_LEVELS = ("debug", "info", "warning", "error")


def _logged(command: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """``command`` with the dealers' log (``pokerroom.net``) on standard error while it
    runs, one line per event, from ``--log-level`` up."""

    def run(args: argparse.Namespace) -> int:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        logger = logging.getLogger("pokerroom.net")
        level = logger.level
        logger.addHandler(handler)
        logger.setLevel(args.log_level.upper())
        try:
            return command(args)
        finally:
            logger.removeHandler(handler)
            logger.setLevel(level)

    return run


def shown(name: str) -> str:
    """A name as printed: as it is when printable, else escaped (never a control
    character or an escape sequence on the operator's terminal)."""
    return name if name.isprintable() else ascii(name)


def _acpc_dealer(args: argparse.Namespace, game: GameDef) -> ACPCDealer:
    """The ACPC dealer of ``serve acpc``'s options (refused: the wrong number of names,
    no hands, time limits or a seed it cannot take)."""
    from pokerroom.net.acpc.dealer import ACPCDealer, TimeLimits
    from pokerroom.net.acpc.protocol import InvalidPolicy

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
            game_file=args.gamedef,  # as given, as the reference writes it
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return dealer


def _cmd_acpc(args: argparse.Namespace) -> int:
    from pokerroom.history.acpc import GameDef
    from pokerroom.net.acpc.server import ACPCServer
    from pokerroom.net.links import print_ports

    game = GameDef.load(args.gamedef)
    dealer = _acpc_dealer(args, game)
    db = _open_db(args.db)
    recorder = None
    settings = {"served": "acpc", "gamedef": Path(args.gamedef).read_text(),
                "names": list(args.names), "hands": args.hands, "seed": args.seed,
                "fixed_seats": args.fixed_seats, "invalid": args.invalid}  # fmt: skip
    if db is not None:
        from pokerroom.tournament.games import GameRecorder

        recorder = GameRecorder(dealer.table, args.name, histories=True)
        keeper = _Keeper(db, db.start_run("league", settings, games=1), recorder)
        dealer.on_hand = lambda: keeper.hand_over({"served": "acpc"})
    log, transcript = _open(args.log, args.force), _open(args.transcript, args.force)

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
        record = recorder.record(0, args.seed, range(game.num_players), dealer.faults)
        keeper.finish(record)
    return 0


def _open_db(path: Path | None) -> ResultsDB | None:
    """The results database of ``--db`` (opened before the match, so that a file that
    cannot be one is refused at once).  A new one is readable by its owner only: while a
    match is played it holds the seats' tokens and the cards of the hand in play."""
    if path is None:
        return None
    from pokerroom.storage.results import ResultsDB, ResultsError

    exposed = False
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                     0o600)  # fmt: skip
        os.close(fd)
    except FileExistsError:
        exposed = path.is_file() and bool(path.stat().st_mode & 0o077)
    except OSError:
        pass  # ResultsDB says what is wrong with it
    try:
        db = ResultsDB(path)
    except ResultsError as exc:
        raise UsageError(str(exc)) from None
    if exposed:  # said only of a file that is a results database
        logging.getLogger("pokerroom.net").warning(
            "%s can be read by other users: a match in progress keeps its tokens and "
            "the cards of the hand in play there (chmod 600 %s)", path, path)  # fmt: skip
    return db


class _Keeper:
    """Keeps a served match in ``--db`` as it is played: each hand as it ends (with the
    state to resume from), then the whole game at the end (a run of one game, its
    hands as PHH).  A database that cannot be written is logged, and the match goes on."""

    def __init__(self, db: ResultsDB, run: int, recorder: GameRecorder) -> None:
        self.db = db
        self.run = run
        self.recorder = recorder
        self.stored = len(recorder.phh)

    def hand_over(self, state: dict[str, Any]) -> None:
        """After a hand: note it, and keep it with ``state``."""
        recorder = self.recorder
        recorder.hand_over()
        state = {**state, "totals": list(recorder.totals)}
        new = list(enumerate(recorder.phh[self.stored :], self.stored + 1))
        try:
            self.db.save_served(self.run, state, len(recorder.phh), new)
            self.stored = len(recorder.phh)
        except Exception as exc:  # sqlite3.Error, OSError: the match goes on
            logging.getLogger("pokerroom.net").error(
                "%s: cannot keep hand %d (%s); the match goes on", self.db.path,
                len(recorder.phh), exc)  # fmt: skip

    def keep(self, state: dict[str, Any]) -> None:
        """Keep ``state`` (the hand in play, when the dealer is stopped)."""
        state = {**state, "totals": list(self.recorder.totals)}
        self.db.save_served(self.run, state, len(self.recorder.phh))

    def finish(self, record: GameRecord) -> None:
        """The match is over: written whole as the run's game."""
        try:
            self.db.finish_served(self.run, record)
        finally:
            self.db.close()
        # on standard error: standard output stays what the reference dealer prints
        print(f"results written to {self.db.path} (run {self.run}, {record.hands} hands)",
              file=sys.stderr)  # fmt: skip


def _programs(specs: list[str], seats: int) -> dict[int, list[str]]:
    """``--exec SEAT=COMMAND`` values: the program each of those seats runs."""
    out: dict[int, list[str]] = {}
    for spec in specs:
        seat, sep, command = spec.partition("=")
        number = read_number(seat.strip(), digits=3)
        if not sep or number is None or not command.strip():
            raise UsageError(f"--exec {spec!r}: SEAT=COMMAND, like 1='pokerroom bot json --stdio'")
        if not 0 <= number < seats or number in out:
            raise UsageError(
                f"--exec {spec!r}: seat {number} is not a free seat (0 to {seats - 1})"
            )
        out[number] = shlex.split(command)
    return out


def _reshuffled(save: dict[str, Any]) -> dict[str, Any]:
    """A saved table (:mod:`pokerroom.table.saved`) whose next deals come from a new,
    secret shuffle: a hand cut off by a dealer that was killed is dealt again with new
    cards (its players saw some of the old ones).  The checksum is made again as that
    format says: SHA-256 of the canonical JSON of everything else."""
    state = random.Random(secrets.randbits(64)).getstate()
    data = {**save, "rng": [state[0], list(state[1]), state[2]]}
    del data["checksum"]
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)
    data["checksum"] = "sha256:" + hashlib.sha256(text.encode()).hexdigest()
    return data


def _resumed(db: ResultsDB, settings: dict[str, Any], seed_given: bool) -> tuple[
    int, dict[str, Any], list[str]
]:
    """The served match in progress in ``db`` with these ``settings`` (the seed aside
    when none was given): its run, its state and its hands' PHH."""
    from pokerroom.storage.results import differences

    same = None
    runs = [r for r in db.runs("tournament") if r.settings.get("served") == "json"]
    for run in reversed(runs):
        stored = run.settings if seed_given else {**run.settings, "seed": settings["seed"]}
        if stored == settings and run.finished is None and db.served(run.id) is not None:
            same = run
            break
    if same is None:
        hint = ""
        if runs:
            changed = "; ".join(differences(runs[-1].settings, settings))
            hint = f" (the last one differs: {changed})" if changed else " (it is finished)"
        raise UsageError(f"--resume: {db.path} has no served match in progress with these "
                         f"settings{hint}")  # fmt: skip
    kept = db.served(same.id)
    assert kept is not None
    return same.id, kept[0], kept[1]


@dataclass
class _Start:
    """Where a served JSON match starts: afresh, or where a kept one stopped."""

    table: Table
    seed: int
    tokens: list[str]
    watch_token: str | None
    seq: int
    joined: list[str | None]
    phh: list[str]
    prior: list[list[Any]] = field(default_factory=list)  # faults before a resume
    run: int | None = None  # the kept run (a resume)
    totals: list[int] | None = None  # its totals so far


def _check_json(args: argparse.Namespace) -> None:
    """Refuse ``serve json`` options that do not go together (and default to a freeze-out)."""
    if args.hands is not None and args.hands < 1:
        raise UsageError(f"--hands {args.hands}: 1 or more")
    if args.hands is None and not args.freeze_out:
        args.freeze_out = True
    if 0 < args.max_connections < args.seats:
        raise UsageError(f"--max-connections {args.max_connections}: at least one for each "
                         f"of the {args.seats} seats (0: no limit)")  # fmt: skip
    if args.resume and args.db is None:
        raise UsageError("--resume goes on with a match kept in --db FILE: give --db")


def _resume_json(args: argparse.Namespace, db: ResultsDB, settings: dict[str, Any],
                 watching: Watching) -> _Start:  # fmt: skip
    """The match kept in ``db`` with these ``settings``, ready to go on (``settings``'s seed
    becomes its own)."""
    from pokerroom.jsonproto.messages import Watching
    from pokerroom.net.jsonl.server import seat_tokens
    from pokerroom.table import SaveError, Table

    run, kept, phh = _resumed(db, settings, args.seed is not None)
    seed = kept["seed"]
    settings["seed"] = seed
    save = kept["table"]
    if not kept.get("in_play"):  # killed: the hand it was dealing is dealt again
        save = _reshuffled(save)
    try:
        table = Table.restore(save)
    except SaveError as exc:
        raise UsageError(f"--resume: the match kept in {args.db} cannot go on: {exc}") from None
    watch_token = kept.get("watch_token")
    if watching is Watching.TOKEN and watch_token is None:
        watch_token = seat_tokens(args.seats + 1)[-1]
    if not kept.get("in_play"):
        logging.getLogger("pokerroom.net").warning(
            "resuming after hand %d: a hand cut off when the dealer stopped is dealt "
            "again with new cards", table.hand_number)  # fmt: skip
    return _Start(table, seed, list(kept["tokens"]), watch_token, int(kept.get("seq", 0)),
                  kept.get("joined", [None] * args.seats), phh,
                  prior=[list(f) for f in kept.get("faults", [])], run=run,
                  totals=kept["totals"])  # fmt: skip


def _new_json(args: argparse.Namespace, rules: Rules, seed: int, watching: Watching) -> _Start:
    """A new served JSON match: its table and its secret tokens."""
    from pokerroom.jsonproto.messages import Watching
    from pokerroom.net.jsonl.server import seat_tokens
    from pokerroom.table import Table, TableError

    try:
        table = Table(rules, args.seats, rng=random.Random(seed), max_hands=args.hands)
    except TableError as exc:
        raise UsageError(str(exc)) from None
    secret = seat_tokens(args.seats + 1)
    tokens, watch_token = secret[:-1], secret[-1] if watching is Watching.TOKEN else None
    return _Start(table, seed, tokens, watch_token, 0, [None] * args.seats, [])


def _hand_out_tokens(args: argparse.Namespace, port: int, programs: dict[int, list[str]],
                     start: _Start) -> None:  # fmt: skip
    """Write the seats' tokens to ``--tokens FILE``, or print them (the spawned seats'
    aside)."""
    if args.tokens:
        path = Path(args.tokens)
        data = {
            "host": args.host,
            "port": port,
            "tokens": [None if s in programs else t for s, t in enumerate(start.tokens)],
        }
        if start.watch_token is not None:
            data["watch_token"] = start.watch_token
        with open_private(path, force=args.force or args.resume) as f:
            json.dump(data, f, indent=2)
        print(f"tokens written to {path}", flush=True)
    else:
        for seat, token in enumerate(start.tokens):
            if seat not in programs:
                print(f"seat {seat}: {token}", flush=True)
        if start.watch_token is not None:
            print(f"spectators: {start.watch_token}", flush=True)


def _json_keeper(db: ResultsDB, name: str, start: _Start, settings: dict[str, Any]) -> _Keeper:
    """The keeper of the match in ``db``: a new run of these ``settings``, or the resumed
    one with its totals and hands so far."""
    from pokerroom.tournament.games import GameRecorder

    recorder = GameRecorder(start.table, name, histories=True)
    if start.run is not None:
        assert start.totals is not None
        recorder.totals[:] = type(recorder.totals)("q", start.totals)
        recorder.phh[:] = start.phh
        run = start.run
    else:
        run = db.start_run("tournament", settings, games=1)
    return _Keeper(db, run, recorder)


async def _serve_json(args: argparse.Namespace, server: JSONServer, rules: Rules, *,
                      programs: dict[int, list[str]], start: _Start,
                      keep: Callable[[], None]) -> bool:  # fmt: skip
    """Serve the match until it ends or a signal stops it (then ``keep`` it first);
    whether a signal stopped it."""
    table = start.table
    stopped = False
    port = await server.start()
    what = f"{args.hands} hands" if args.hands is not None else "a freeze-out"
    again = ""
    if args.resume:
        again = (f", resumed in hand {table.hand_number}" if table.in_hand
                 else f", resumed after hand {table.hand_number}")  # fmt: skip
    print(
        f"pokerroom JSON-lines dealer on {args.host}:{port}: {args.seats} seats, {what}, "
        f"{rules}{again}",
        flush=True,
    )
    for seat, argv in programs.items():
        await server.spawn(seat, argv)
        print(f"seat {seat}: {shlex.join(argv)}", flush=True)
    _hand_out_tokens(args, port, programs, start)
    loop = asyncio.get_running_loop()

    def stop() -> None:
        nonlocal stopped
        stopped = True
        keep()
        server.stop("the dealer is stopping; the match may resume later")

    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop)
    try:
        await server.run()
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
    return stopped


def _cmd_json(args: argparse.Namespace) -> int:
    from pokerroom.jsonproto.dealer import JSONDealer
    from pokerroom.jsonproto.messages import Watching
    from pokerroom.net.jsonl.server import JSONServer

    rules = overridden(args.rules.rules, args.set or [])
    _check_json(args)
    programs = _programs(args.exec or [], args.seats)
    db = _open_db(args.db)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    settings = {"served": "json", "rules": rules.to_mapping(), "seats": args.seats,
                "hands": args.hands, "seed": seed, "timeout": args.timeout}  # fmt: skip
    watching = Watching(args.watch)
    if args.resume:
        assert db is not None
        start = _resume_json(args, db, settings, watching)
    else:
        start = _new_json(args, rules, seed, watching)
    table, tokens, watch_token, prior = start.table, start.tokens, start.watch_token, start.prior
    seed = start.seed
    keeper = _json_keeper(db, args.name, start, settings) if db is not None else None
    dealer = JSONDealer(table, tokens, budget=args.timeout, name=args.name, watching=watching,
                        watch_token=watch_token, max_spectators=args.max_spectators or None,
                        seq=start.seq)  # fmt: skip
    dealer.joined[:] = start.joined
    for seat, argv in programs.items():
        dealer.joined[seat] = Path(argv[0]).name

    def state(in_play: bool) -> dict[str, Any]:
        return {"seed": seed, "table": table.save(), "in_play": in_play, "tokens": tokens,
                "watch_token": watch_token, "seq": dealer.seq, "joined": dealer.joined,
                "faults": prior + [[f.seat, str(f)] for f in dealer.runner.faults]}  # fmt: skip

    if keeper is not None:
        dealer.on_hand = lambda: keeper.hand_over(state(False))
        if not args.resume:
            keeper.keep(state(False))  # the match's tokens: resumable from its start
    server = JSONServer(dealer, host=args.host, port=args.port, start_timeout=args.start_timeout,
                        max_connections=args.max_connections or None,
                        max_per_address=args.max_per_address or None)  # fmt: skip

    def keep() -> None:  # stopped: the match as it stands
        if keeper is not None and not table.is_over:
            keeper.keep(state(table.in_hand))

    stopped = asyncio.run(
        _serve_json(args, server, rules, programs=programs, start=start, keep=keep)
    )
    if stopped and not table.is_over:
        where = f"; kept in {args.db}: --resume goes on with it" if keeper is not None else ""
        print(f"stopped after {table.hand_number} hands{where}", flush=True)
        if db is not None:
            db.close()
        return INTERRUPTED
    print(f"{table.hand_number} hands played")
    _print_json_standings(table, dealer.joined)
    if keeper is not None:
        _finish_json(keeper, dealer, prior, seed=seed)
    return 0


def _print_json_standings(table: Table, joined: list[str | None]) -> None:
    """Each seat's place, who played it and its chips, best first."""
    for s in table.standings:
        name = joined[s.seat] or "nobody joined"
        print(f"  {s.place}. seat {s.seat} ({shown(name)}): {table.stacks[s.seat]} chips")


def _finish_json(keeper: _Keeper, dealer: JSONDealer, prior: list[Any], *, seed: int) -> None:
    """The match's record, with who played each seat and every fault, in the database."""
    seats = dealer.table.size
    names = [dealer.joined[seat] or f"seat {seat}" for seat in range(seats)]
    faults = [(f[0], f[1]) for f in prior] + [(f.seat, str(f)) for f in dealer.runner.faults]
    record = keeper.recorder.record(0, seed, range(seats), faults, names=names)
    keeper.finish(record)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve", help="deal to poker programs over TCP (ACPC or JSON lines), or open a room"
    )
    kinds = p.add_subparsers(dest="protocol", required=True, metavar="PROTOCOL")
    _add_acpc_parser(kinds)
    _add_json_parser(kinds)
    from pokerroom.cli.room import add_room_parser

    add_room_parser(kinds)


def _add_acpc_parser(kinds: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``serve acpc`` and its options."""
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
    a.add_argument(
        "--log",
        metavar="FILE",
        type=OutputFile("a file for the log"),
        help="write the match log (STATE/SCORE lines; readable by you only)",
    )
    a.add_argument("--db", type=Database(), metavar="FILE", help=DB_HELP)
    a.add_argument(
        "--transcript",
        metavar="FILE",
        type=OutputFile("a file for the transcript, or -", dash=True),
        help="write every line sent and received ('-': standard error; a file is "
        "readable by you only: it holds every hole card)",
    )
    _add_common(a)
    a.add_argument("--name", default="match", help="the match's name in the log")
    _add_acpc_limits(a)
    a.set_defaults(func=_logged(_cmd_acpc))


def _add_json_parser(kinds: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``serve json`` and its options."""
    j = kinds.add_parser(
        "json",
        help="pokerroom's JSON-lines dealer (tokens, spectators)",
        description=__doc__.split("\n\n")[2],
    )
    _add_json_game(j)
    j.add_argument("--port", type=Port(low=0), default=0, help="the port (default: any free port)")
    j.add_argument("--host", default="127.0.0.1", type=Host(), help="the address to listen on")
    _add_json_access(j)
    _add_json_match(j)
    _add_common(j)
    j.set_defaults(func=_logged(_cmd_json))


def _add_json_game(j: argparse.ArgumentParser) -> None:
    """``serve json``'s game: its rules, its seats, how long it lasts."""
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


def _add_json_match(j: argparse.ArgumentParser) -> None:
    """``serve json``'s match: its clock, seed, database, the programs it starts, name."""
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
    j.add_argument("--db", type=Database(), metavar="FILE", help=DB_HELP + "; each hand as it ends")
    j.add_argument(
        "--resume",
        action="store_true",
        help="go on with the match in progress in --db with these settings (without "
        "--seed: its own), with the same tokens (--tokens FILE is written again)",
    )
    j.add_argument(
        "--exec",
        action="append",
        metavar="SEAT=COMMAND",
        help="start COMMAND to play SEAT over its standard input and output (repeatable), "
        "e.g. 1='pokerroom bot json --stdio --player random'",
    )
    j.add_argument("--name", default="match", help="the match's name")


def _add_acpc_limits(a: argparse.ArgumentParser) -> None:
    """What ``serve acpc`` does with an invalid action, and its time limits."""
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


def _add_json_access(j: argparse.ArgumentParser) -> None:
    """Who may connect to ``serve json``: the tokens, the spectators, the connections."""
    j.add_argument(
        "--tokens",
        metavar="FILE",
        type=OutputFile("a file for the tokens"),
        help="write the port and tokens to FILE (JSON, readable by you only) "
        "instead of printing them",
    )
    j.add_argument(
        "--watch",
        choices=["open", "token", "off"],
        default="open",
        help="who may watch: anyone (open, the default), a client with the spectators' "
        "token (token: printed or written with the seats' tokens), or nobody (off)",
    )
    j.add_argument(
        "--max-spectators",
        type=SPECTATORS,
        default=64,
        metavar="N",
        help="spectators at once (default 64; 0: no limit; --watch off: none)",
    )
    j.add_argument(
        "--max-connections",
        type=CONNECTIONS,
        default=256,
        metavar="N",
        help="connections at once, players and spectators (default 256; 0: no limit)",
    )
    j.add_argument(
        "--max-per-address",
        type=CONNECTIONS,
        default=64,
        metavar="N",
        help="connections at once from one address (default 64; 0: no limit)",
    )


def _add_common(p: argparse.ArgumentParser) -> None:
    """The options both dealers take: the log's level, and --force."""
    p.add_argument(
        "--log-level",
        choices=LOG_LEVELS,
        default="info",
        help="what the dealer logs on standard error, one line per event: debug "
        "(every connection and refused line), info (the default: seats taken, default "
        "actions), warning (wrong tokens, seats taken over, connections dropped), error",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="replace files that exist (tokens, log, transcript); without it they are "
        "refused, and a link is never followed",
    )
