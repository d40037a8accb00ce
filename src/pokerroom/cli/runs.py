"""What ``pokerroom tournament`` and ``pokerroom league`` share: the options for rules,
players, executors, the results database and hand histories, and around the run's games
(:class:`~pokerroom.tournament.run.GameRun`, which plays them wherever the executor puts
them) the writing of each game as it comes in and the progress bar.

A game is written to the database in one transaction as soon as its result arrives, so
a run that is killed loses only the games being played; ``--resume`` finds the run by
its settings and plays the games it lacks.  Hand histories (``--log``, ``--phh``) are
written for the games played by this command; ``--export-dir DIR --export FORMAT`` writes
them for trackers (PokerStars text) or in OHH, PHH or ACPC logs, one file per game.
"""

from __future__ import annotations

import argparse
import re
import secrets
import sys
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pokerroom.cli.arguments import (
    SEED,
    Count,
    Database,
    OutputFolder,
    OutputPath,
    RulesArgument,
    Seconds,
    overridden,
)
from pokerroom.cli.errors import Interrupted, UsageError

if TYPE_CHECKING:
    from rich.console import Console

    from pokerroom.cli.runbar import RunBar
    from pokerroom.rules import Rules
    from pokerroom.storage.results import ResultsDB
    from pokerroom.tournament.games import GameTask
    from pokerroom.tournament.records import GameRecord
    from pokerroom.tournament.run import GameRun

__all__ = [
    "Run",
    "add_options",
    "pick_seed",
    "player_specs",
    "resume_seed",
    "rules_from",
    "say",
    "wants_histories",
]

DEFAULT_RULES = "computer-tournament"
MAX_BUY_IN = 10**9
WORKERS = Count(1, 1024, "processes")  # then never more than the cores or the games


# -------------------------------------------------------------------------- options


def add_options(p: argparse.ArgumentParser, *, what: str) -> None:
    """The options both commands take (``what``: ``games`` or ``matches``)."""
    from pokerroom.players import BOTS

    bots = ", ".join(BOTS)
    p.add_argument(
        "--players", metavar="LIST",
        help=f"players, comma-separated: bot names ({bots}) or your own classes "
             "(path/to/file.py:MyBot, package.module:MyBot); a name may repeat "
             "(default: every bot)",
    )  # fmt: skip
    p.add_argument(
        "--player", action="append", default=[], metavar="SPEC",
        help="one more player (a bot name or a class: path/to/file.py:MyBot); repeatable",
    )  # fmt: skip
    p.add_argument(
        "--rules", default=DEFAULT_RULES, metavar="PRESET|FILE", type=RulesArgument(),
        help="a preset (computer-tournament, casino-limit, no-limit) or a TOML file of "
             f"rules (default: {DEFAULT_RULES})",
    )  # fmt: skip
    p.add_argument(
        "--set", action="append", default=[], metavar="FIELD=VALUE", dest="overrides",
        help="change one rule, like --set buy_in=500 or --set structure=no-limit; repeatable",
    )  # fmt: skip
    p.add_argument("--seed", type=SEED, metavar="N",
                   help="the run's seed: the same seed, the same results "
                        "(default: drawn at random and printed)")  # fmt: skip
    p.add_argument("--budget", type=Seconds(), default=10.0, metavar="SECONDS",
                   help="seconds a player may take for a decision (above 0, at most a "
                        "day); a slower answer gets the default action (default: 10)")  # fmt: skip
    _add_where_options(p.add_argument_group("where the games are played"), what)
    _add_output_options(p.add_argument_group("results and hand histories"), what)


def _add_where_options(g: argparse._ArgumentGroup, what: str) -> None:
    """Where the games are played: processes here, or a Ray cluster."""
    g.add_argument("--workers", type=WORKERS, metavar="N",
                   help="processes to play in, 1 to 1,024: never more than the cores this "
                        f"process may use or the {what} left (default: one per core; 1 plays "
                        "in this process); with Ray, the CPUs of a local instance")  # fmt: skip
    g.add_argument("--executor", choices=("local", "ray"), default="local",
                   help="local processes (default) or a Ray cluster "
                        "(pip install 'pokerroom[ray]')")  # fmt: skip
    g.add_argument("--address", metavar="ADDR",
                   help="the Ray cluster to join (host:port or auto; default: start a "
                        "local one)")  # fmt: skip


def _add_output_options(o: argparse._ArgumentGroup, what: str) -> None:
    """Where the results and the hand histories go."""
    o.add_argument("--db", type=Database(), metavar="FILE",
                   help=f"write the run's settings, {what} and results to this SQLite "
                        "file (created if new), each game in one transaction")  # fmt: skip
    o.add_argument("--resume", action="store_true",
                   help="continue the last run in --db with these settings, playing only "
                        f"the {what} it lacks (without --seed: the run's own seed)")  # fmt: skip
    o.add_argument("--db-hands", action="store_true",
                   help="also store every hand in --db as PHH")
    o.add_argument("--log", type=OutputPath("a file for the hand histories"), metavar="FILE",
                   help="write every hand as a readable hand history (appended to "
                        "on --resume)")  # fmt: skip
    o.add_argument("--phh", type=OutputFolder("a folder for the PHH files"), metavar="DIR",
                   help="write every hand as PHH, one .phhs file per game")
    o.add_argument("--export-dir", type=OutputFolder("a folder for the exported hands"),
                   metavar="DIR",
                   help="write every hand in the --export format, one file per game")
    o.add_argument("--export", choices=("pokerstars", "ohh", "phh", "acpc"),
                   metavar="FORMAT",
                   help="the format of --export-dir: pokerstars (for trackers; default), "
                        "ohh, phh or acpc")  # fmt: skip


def rules_from(args: argparse.Namespace) -> Rules:
    """``--rules`` (a preset or a TOML file) with every ``--set`` applied; a buy-in of at
    most :data:`MAX_BUY_IN` chips."""
    rules: Rules = overridden(args.rules.rules, args.overrides)  # --rules: the one reader
    if rules.buy_in > MAX_BUY_IN:
        raise UsageError(
            f"buy_in is {rules.buy_in:,}: at most {MAX_BUY_IN:,} chips (a run's results "
            "are 64-bit numbers: a million hands of 14 such stacks fit)"
        )
    return rules


def player_specs(args: argparse.Namespace) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The players (a file's path made absolute, so workers anywhere find it) and their
    names, numbered where they repeat; every player is built once here, so a bad name
    or class is reported before any game starts."""
    from pokerroom.players import BOTS, PlayerLoadError, make_player, seat_names

    given = [("--players", s.strip()) for s in (args.players or "").split(",") if s.strip()]
    given += [("--player", s.strip()) for s in args.player]
    if not args.players and not args.player:
        given = [("", name) for name in BOTS]
    out = []
    players = []
    for option, spec in given:
        where, sep, name = spec.rpartition(":")
        is_file = sep and (where.endswith(".py") or "/" in where)
        out.append(f"{Path(where).resolve()}:{name}" if is_file else spec)
        try:
            players.append(make_player(out[-1], seed=0))
        except PlayerLoadError as exc:
            said = str(exc)
            if option:  # the option, and the player unless the message starts with it
                said = f"{option} {said if said.startswith(out[-1]) else f'{spec}: {said}'}"
            raise UsageError(said) from None
    if not 2 <= len(out) <= 14:
        named = " and ".join(sorted({option for option, _ in given})) or "--players"
        raise UsageError(f"{named}: {len(out)} player{'s' if len(out) != 1 else ''}; "
                         "give 2 to 14 (a name may repeat)")  # fmt: skip
    return tuple(out), tuple(seat_names(players))


def pick_seed(
    args: argparse.Namespace, kind: str, settings: Callable[[int], dict[str, Any]]
) -> int:
    """``--seed``; else, with ``--resume``, the stored run's (:func:`resume_seed`); else
    one drawn at random (the output prints it).  ``settings(seed)`` are the run's."""
    seed: int | None = args.seed
    if seed is None:
        seed = resume_seed(args, kind, settings(0))
    if seed is None:
        seed = secrets.randbelow(2**31)
    return seed


def say(console: Console, text: str) -> None:
    """A line of plain text (no highlighting, no markup: a path or a name in square
    brackets is printed as written; long lines left to the terminal)."""
    console.print(text, highlight=False, markup=False, soft_wrap=True)


def resume_seed(args: argparse.Namespace, kind: str, settings: dict[str, Any]) -> int | None:
    """With ``--resume`` and no ``--seed``: the seed of the last run in ``--db`` whose
    other settings are these (None when there is none: the run then fails to resume,
    naming the differences)."""
    if not (args.resume and args.db is not None and args.db.exists()):
        return None
    from pokerroom.storage.results import ResultsDB

    rest = {k: v for k, v in settings.items() if k != "seed"}
    with ResultsDB(args.db) as db:
        for run in reversed(db.runs(kind)):
            if {k: v for k, v in run.settings.items() if k != "seed"} == rest:
                seed = run.settings.get("seed")
                return seed if isinstance(seed, int) else None
    return None


# ------------------------------------------------------------------------ the loop


@dataclass
class Run:
    """A run being played from the command line: its kind (``tournament`` or ``league``),
    its settings and options around the run's games (:class:`~pokerroom.tournament.run.
    GameRun`: the tasks and the records kept, ``nets`` as there): the results database,
    the hand histories and the progress bar.  :meth:`play` plays what is left and returns
    every game's record."""

    kind: str
    tasks: list[GameTask]
    settings: dict[str, Any]
    args: argparse.Namespace
    noun: str = "games"
    seconds: float = 0.0
    where: str = ""
    run_id: int | None = None
    nets: frozenset[int] | None = None
    games: GameRun = field(init=False)

    def __post_init__(self) -> None:
        from pokerroom.tournament.run import GameRun

        self.games = GameRun(self.tasks, nets=self.nets)

    def play(self) -> list[GameRecord]:
        db = self._open_db()
        try:
            todo = self.games.todo()
            if todo:
                self._play(todo, db)
            if db is not None and self.run_id is not None:
                db.finish_run(self.run_id)
        finally:
            if db is not None:
                db.close()
        return self.games.results()

    def _open_db(self) -> ResultsDB | None:
        from pokerroom.storage.results import ResultsDB, differences

        args = self.args
        if args.export is not None and args.export_dir is None:
            raise UsageError("--export needs --export-dir DIR")
        if args.db is None:
            if args.resume or args.db_hands:
                flag = "--resume" if args.resume else "--db-hands"
                raise UsageError(f"{flag} needs --db FILE")
            return None
        db = ResultsDB(args.db)
        try:
            if not args.resume:
                self.run_id = db.start_run(self.kind, self.settings, games=len(self.tasks))
                return db
            found = db.find_run(self.kind, self.settings)
            if found is None:
                runs = db.runs(self.kind)
                if not runs:
                    raise UsageError(f"--resume: {args.db} has no {self.kind} to resume")
                diff = "; ".join(differences(runs[-1].settings, self.settings))
                raise UsageError(
                    f"--resume: no {self.kind} in {args.db} has these settings (the last "
                    f"one, run {runs[-1].id}, differs: {diff})"
                )
            self.run_id = found.id
            for record in db.games(found.id):
                self.games.keep(record)
            return db
        except BaseException:
            db.close()
            raise

    def _play(self, todo: list[GameTask], db: ResultsDB | None) -> None:
        from pokerroom.cli.runbar import RunBar
        from pokerroom.tournament.executor import make_executor

        self.games.check(todo)  # here, not in a worker once the processes are started
        args = self.args
        executor = make_executor(args.executor, workers=args.workers, address=args.address,
                                 tasks=len(todo))  # fmt: skip
        self.where = executor.name
        writer = _Writer(self, db, todo)
        try:
            with executor, RunBar(self.kind, len(self.tasks), done=len(self.games.records),
                                  noun=self.noun) as bar:  # fmt: skip
                writer.bar = bar
                self.games.play(executor, writer.write, todo)
            self.seconds = bar.elapsed
        except KeyboardInterrupt:
            done = f"{len(self.games.records):,} of {len(self.tasks):,} {self.noun}"
            if db is not None:
                raise Interrupted(f"{done} are in {args.db}; --resume plays the rest") from None
            raise Interrupted(f"{done} played, not kept (--db FILE keeps them)") from None
        finally:
            writer.close()

    def summary(self) -> str:
        """The run's hands, and what this command played: ``H hands; this command played
        H hands in S s (R hands/s), on W``."""
        total = sum(r.hands for r in self.games.records.values())
        hands = self.games.hands
        rate = f" ({hands / self.seconds:,.0f} hands/s)" if self.seconds > 0 else ""
        where = f", on {self.where}" if self.where else ""
        return (f"{total:,} hands; this command played {hands:,} hands in "
                f"{self.seconds:.1f} s{rate}{where}")  # fmt: skip

    def print_db(self, console: Console) -> None:
        """Where the results are, with ``--db``."""
        if self.args.db is not None:
            say(console, f"results: {self.args.db} (run {self.run_id})")


class _Writer:
    """Where each game of a run goes as it comes in: the results database, the PHH and
    exported files, the readable log (in the order of the games), the progress bar."""

    def __init__(self, run: Run, db: ResultsDB | None, todo: list[GameTask]) -> None:
        args = run.args
        self.run = run
        self.db = db
        self.args = args
        self.bar: RunBar | None = None
        self.order = deque(t.index for t in todo)
        self.waiting: dict[int, GameRecord] = {}
        if args.phh is not None:
            args.phh.mkdir(parents=True, exist_ok=True)
        if args.export_dir is not None:
            args.export_dir.mkdir(parents=True, exist_ok=True)
        self.log = _open_log(args.log)

    def write(self, record: GameRecord) -> None:
        args, run = self.args, self.run
        if self.db is not None and run.run_id is not None:
            self.db.add_game(run.run_id, record, hands=args.db_hands)
        if args.phh is not None:
            _write_phh(args.phh, record)
        if args.export_dir is not None:
            _write_hands(args.export_dir, args.export or "pokerstars", record, run.kind)
        if self.log is not None:  # in the order of the games
            self.waiting[record.index] = record
            while self.order and self.order[0] in self.waiting:
                _write_log(self.log, self.waiting.pop(self.order.popleft()))
        if self.bar is not None:
            self.bar.add(record.hands)

    def close(self) -> None:
        if self.log is not None:
            self.log.close()


def _open_log(path: Path | None) -> TextIO | None:
    if path is None:
        return None
    return path.open("a", encoding="utf-8")


def _write_log(log: TextIO, record: GameRecord) -> None:
    if record.log:
        log.write(record.log + "\n\n")
        log.flush()


def _slug(label: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-").lower()


def _write_phh(folder: Path, record: GameRecord) -> None:
    if not record.phh:
        return
    text = "\n".join(f"[{k}]\n{_indent(h, str(k))}" for k, h in enumerate(record.phh, 1))
    (folder / f"{record.index + 1:05d}-{_slug(record.label)}.phhs").write_text(
        text, encoding="utf-8"
    )


def wants_histories(args: argparse.Namespace) -> bool:
    """Whether the games must keep their hands (``--phh``, ``--export-dir``,
    ``--db-hands``)."""
    return bool(args.phh or args.db_hands or args.export_dir)


def _write_hands(folder: Path, fmt: str, record: GameRecord, kind: str) -> None:
    """A game's hands in ``fmt`` (a tournament's as its tournament's hands); the hands the
    format cannot hold are named on standard error."""
    from pokerroom.history.formats import FORMATS, export_phh
    from pokerroom.history.pokerstars import Tournament

    if not record.phh:
        return
    stem = f"{record.index + 1:05d}-{_slug(record.label)}"
    tournament = Tournament(record.index + 1) if kind == "tournament" else None
    out = export_phh(record.phh, fmt, tournament=tournament, name=stem)
    for label, reason in out.refused:
        print(f"{record.label} {label}: not written as {fmt}: {reason}", file=sys.stderr)
    if out.text:
        (folder / f"{stem}{FORMATS[fmt]}").write_text(out.text, encoding="utf-8")
        for name, text in out.companions.items():
            (folder / name).write_text(text, encoding="utf-8")


def _indent(phh_text: str, key: str) -> str:
    """One hand's ``.phh`` text as table ``[key]`` of a ``.phhs`` file (its sub-tables
    renamed ``[key.name]``)."""
    return re.sub(r"^\[(?!\d)", f"[{key}.", phh_text, flags=re.MULTILINE)
