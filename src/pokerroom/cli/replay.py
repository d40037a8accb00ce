"""``pokerroom replay``: print recorded hands readably, or check them against the engine.

``pokerroom replay FILE...`` replays every hand of ``.phh``, ``.phhs`` and ACPC ``.log``
files through the engine and prints it as a card room's hand history (``--step``: one
street at a time, Enter for the next).  ``--check`` prints one line per file, the hands
whose result differs from the recorded one (finishing stacks, or ACPC net values) or
that cannot be replayed, and exits with status 1 if there is any.  The odd-chip policy
is :mod:`pokerroom.history.compare`'s.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from pokerroom.cli.errors import UsageError

if TYPE_CHECKING:
    from pokerroom.history.sources import Outcome

__all__ = ["register"]

POLICY = (
    "odd-chip policy: a result matches when it equals the replay exactly, or equals it with "
    "each split pot divided exactly (fractions; ACPC values as printed, 6 digits), or differs "
    "only in who got the odd chips of split pots"
)


def _fmt(value: Fraction, scale: int) -> str:
    v = value / scale
    if v.denominator == 1:
        return str(v.numerator)
    return f"{float(v):.6g}"


def _check(args: argparse.Namespace, outcomes: Iterable[Outcome], out: TextIO) -> int:
    bad = 0
    counts: Counter[str] = Counter()
    per_file: dict[str, Counter[str]] = {}
    for item in outcomes:
        tally = per_file.setdefault(item.source, Counter())
        if item.error is not None:
            bad += 1
            tally["cannot replay"] += 1
            print(f"{item.error}", file=out)
            continue
        replay = item.replay
        assert replay is not None
        comparison = replay.check()
        if comparison is None:
            tally["no recorded result"] += 1
            continue
        if comparison.matches:
            tally[comparison.how] += 1
            continue
        bad += 1
        tally["differ"] += 1
        played = replay.played
        if not comparison.differences:
            print(f"{item.name}: {comparison.how}", file=out)
            continue
        parts = [
            f"p{played.position(d.seat) + 1} {played.name(d.seat)} recorded "
            f"{_fmt(d.recorded, played.scale)}, replayed {_fmt(d.replayed, played.scale)}"
            for d in comparison.differences
        ]
        print(f"{item.name}: {replay.measure} differ: {'; '.join(parts)}", file=out)
    for source, tally in per_file.items():
        if args.verbose:
            print(f"{source}: {_tally(tally)}", file=out)
        counts.update(tally)
    files = len(per_file)
    print(f"{files} file{'s' if files != 1 else ''}: {_tally(counts)}", file=out)
    if args.verbose:
        print(POLICY, file=out)
    return 1 if bad else 0


def _tally(tally: Counter[str]) -> str:
    total = sum(tally.values())
    parts = ", ".join(f"{n} {what}" for what, n in sorted(tally.items()))
    return f"{total} hand{'s' if total != 1 else ''} ({parts})"


def _show(args: argparse.Namespace, outcomes: Iterable[Outcome], out: TextIO) -> int:
    from pokerroom.history.text import sections

    status = 0
    pausing = args.step
    first = True
    for item in outcomes:
        if item.error is not None:
            print(f"pokerroom replay: {item.error}", file=sys.stderr)
            status = 1
            continue
        assert item.replay is not None
        if not first:
            print(file=out)
        first = False
        if item.label:
            print(f"# {item.name}", file=out)
        parts = sections(item.replay.played)
        for k, (_, lines) in enumerate(parts):
            print("\n".join(lines), file=out)
            out.flush()
            if pausing and k < len(parts) - 1:
                answer = _pause()
                if answer == "quit":
                    return status
                pausing = answer == "next"
    return status


def _pause() -> str:
    """Wait for Enter: ``'next'``; ``'quit'`` on q; ``'end'`` when the input ends."""
    print("-- Enter: next street, q: quit --", file=sys.stderr, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        print(file=sys.stderr)
        return "end"
    return "quit" if line.strip().lower() in ("q", "quit") else "next"


def expand(paths: Iterable[str]) -> list[str]:
    """The files to replay: each file as given, each directory's hand-history files
    (``.phh``, ``.phhs``, ``.log``, searched recursively, in name order)."""
    from pokerroom.history.sources import SUFFIXES

    files: list[str] = []
    for path in paths:
        folder = Path(path)
        if not folder.is_dir():
            files.append(path)
            continue
        found = sorted(str(p) for p in folder.rglob("*") if p.is_file() and p.suffix in SUFFIXES)
        if not found:
            raise UsageError(f"no .phh, .phhs or .log files in the directory {path!r}")
        files.extend(found)
    return files


def _cmd_replay(args: argparse.Namespace) -> int:
    from pokerroom.history.acpc import GameDef
    from pokerroom.history.errors import HistoryError
    from pokerroom.history.phh import write_phh
    from pokerroom.history.record import to_phh
    from pokerroom.history.sources import Outcome, replays

    game = GameDef.load(args.game) if args.game else None
    written = []

    def outcomes() -> Iterable[Outcome]:
        for path in expand(args.files):
            try:
                for item in replays(path, game=game, seed=args.seed):
                    if args.write_phh and item.replay is not None:
                        written.append(to_phh(item.replay.played))
                    yield item
            except HistoryError as exc:  # the whole file is unreadable: report, go on
                yield Outcome(str(path), "", error=exc.located(source=str(path)))

    try:
        if args.check:
            status = _check(args, outcomes(), sys.stdout)
        else:
            status = _show(args, outcomes(), sys.stdout)
    except BrokenPipeError:  # the reader stopped (| head): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    if args.write_phh:
        if not written:
            raise UsageError("no hand was replayed: nothing to write")
        write_phh(args.write_phh, written)  # several hands need a .phhs file: it says so
        print(f"wrote {len(written)} hand{'s' if len(written) != 1 else ''} to {args.write_phh}",
              file=sys.stderr)  # fmt: skip
    return status


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "replay",
        help="print recorded hands (PHH, ACPC logs) or check them against the engine",
        description=(
            "Replay every hand of PHH (.phh, .phhs) and ACPC dealer log (.log) files through "
            "the engine. Without --check, print each hand as a readable history. " + POLICY + "."
        ),
    )
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help=".phh, .phhs or ACPC .log files, or directories holding them",
    )
    p.add_argument(
        "--check",
        action="store_true",
        help="report hands whose result differs from the recorded one; exit 1 if any",
    )
    p.add_argument("--step", action="store_true", help="print one street at a time (Enter)")
    p.add_argument(
        "--game",
        metavar="GAMEDEF",
        help="the ACPC game definition of the logs (default: the one the log's header "
        "names, beside the log)",
    )
    p.add_argument(
        "--seed",
        type=int,
        help="the ACPC match seed, to deal cards a log hides (default: the log's header)",
    )
    p.add_argument(
        "--write-phh",
        metavar="OUT",
        help="also write the replayed hands as PHH (.phh for one hand, .phhs for several)",
    )
    p.add_argument(
        "-v", "--verbose", action="store_true", help="with --check: a line per file, and the policy"
    )
    p.set_defaults(func=_cmd_replay)
