"""``pokerroom convert``: hand histories from one format to another.

    pokerroom convert hands.phhs --to pokerstars --out tracker/
    pokerroom convert session.txt --to ohh
    pokerroom convert game.phhs --to pokerstars --hero Hero --out for-pokertracker/

Every hand pokerroom reads (``.phh``, ``.phhs``, ACPC logs, PokerStars text, ``.ohh``;
directories are searched for them) is replayed and written in the format asked for:
PokerStars text (for PokerTracker, Hold'em Manager, Hand2Note), OHH JSON, PHH, or an
ACPC log with its game definition.  With ``--out DIR`` each file becomes a file of DIR
(``hands.phhs`` -> ``DIR/hands.txt``; a directory's files keep their subdirectories);
without it, everything is printed (ACPC needs ``--out``: its game definition is a file
of its own).  A hand the format cannot hold is left out with the reason on standard
error, as is a hand that cannot be replayed; the exit status is then 1 (2 for a file
that cannot be read).  ``--hero`` must be a player of the hands.
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from pokerroom.cli.arguments import Date, OutputFolder, one_line
from pokerroom.cli.errors import FOUND, OK, USAGE, UsageError

if TYPE_CHECKING:
    from pokerroom.history.record import PlayedHand

__all__ = ["register"]

FORMATS = ("pokerstars", "ohh", "phh", "acpc")


def _hands(path: str, problems: list[str]) -> list[PlayedHand]:
    """The replayed hands of a file; each hand that cannot be replayed is a problem."""
    from pokerroom.history.sources import replays

    out = []
    for item in replays(path):
        if item.error is not None:
            problems.append(str(item.error))
            continue
        assert item.replay is not None
        if item.replay.played.result is None:
            problems.append(f"{item.name}: the record ends before the hand is over: not written")
            continue
        out.append(item.replay.played)
    return out


def _when(args: argparse.Namespace, path: str) -> str:
    """The date of hands whose record has none: ``--date``, else the file's time."""
    if args.date:
        return str(args.date)
    stamp = Path(path).stat().st_mtime
    return datetime.fromtimestamp(stamp, tz=UTC).strftime("%Y/%m/%d %H:%M:%S")


def _resolved(path: str | Path) -> Path:
    """``path`` made absolute, its links followed where they can be (a name no file can
    have, with a NUL in it, is left to the reader to refuse)."""
    try:
        return Path(path).resolve()
    except (OSError, ValueError):
        return Path(os.path.abspath(path))


def _targets(given: list[str], out: Path | None, suffix: str) -> list[tuple[str, Path | None]]:
    """Each file to convert and where it is written (None: printed).  A file named on the
    command line goes to ``out/NAME``, a folder's files below ``out`` as they are below
    the folder, each with the format's suffix; two files that would be written to one
    place, or over a file being converted, are refused before anything is written."""
    from pokerroom.cli.replay import expand

    pairs: list[tuple[str, Path | None]] = []
    known: set[Path] = set()
    for argument in given:
        root = Path(argument)
        for path in expand([argument]):
            if _resolved(path) in known:  # named twice: converted once
                continue
            known.add(_resolved(path))
            below = Path(path).relative_to(root) if root.is_dir() else Path(Path(path).name)
            pairs.append((path, None if out is None else out / below.with_suffix(suffix)))
    seen: dict[Path, str] = {}
    for path, target in pairs:
        if target is None:
            continue
        where = _resolved(target)
        if where in known:
            raise UsageError(f"{target} is one of the files being converted: give another --out")
        if where in seen:
            raise UsageError(f"{seen[where]} and {path} would both be written to {target}: "
                             "convert them apart, or rename one")  # fmt: skip
        seen[where] = path
    return pairs


def _check_hero(hero: str | None, read: list[tuple[str, Path | None, list[PlayedHand]]]) -> None:
    """``--hero``: a player of at least one of the hands."""
    if hero is None:
        return
    names = {n for _, _, hands in read for p in hands for n in (p.names or ())}
    if names and hero not in names:
        shown = sorted(names)
        listed = ", ".join(shown[:12]) + (", ..." if len(shown) > 12 else "")
        raise UsageError(f"--hero {hero!r}: in none of the hands (their players: {listed})")


def _cmd_convert(args: argparse.Namespace) -> int:
    from pokerroom.history.errors import HistoryError
    from pokerroom.history.formats import FORMATS as SUFFIXES
    from pokerroom.history.formats import export_hands

    fmt = args.to
    out: Path | None = args.out
    if fmt == "acpc" and out is None:
        raise UsageError("--to acpc writes a log and its game definition: give --out DIR")
    problems: list[str] = []
    unreadable: list[str] = []  # told last, after what was written: the run's outcome
    read: list[tuple[str, Path | None, list[PlayedHand]]] = []
    for path, target in _targets(args.files, out, SUFFIXES[fmt]):
        try:
            read.append((path, target, _hands(path, problems)))
        except HistoryError as exc:
            unreadable.append(one_line(str(exc.located(source=path))))
    _check_hero(args.hero, read)
    written = 0
    if out is None:
        printed = [p for _, _, hands in read for p in hands]
        when = args.date or datetime.now(tz=UTC).strftime("%Y/%m/%d %H:%M:%S")
        result = export_hands(printed, fmt, hero=args.hero, when=when)
        problems += [f"{label}: not written as {fmt}: {why}" for label, why in result.refused]
        written += result.written
        sys.stdout.write(result.text)
    for path, target, hands in read if out is not None else []:
        assert target is not None
        result = export_hands(hands, fmt, hero=args.hero, when=_when(args, path),
                              name=target.stem)  # fmt: skip
        problems += [f"{path} {label}: not written as {fmt}: {why}"
                     for label, why in result.refused]  # fmt: skip
        if not result.written:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(result.text, encoding="utf-8")
        for name, text in result.companions.items():
            (target.parent / name).write_text(text, encoding="utf-8")
        written += result.written
        count = f"{result.written} hand{'s' if result.written != 1 else ''}"
        print(one_line(f"wrote {count} to {target}"), file=sys.stderr)
    for line in problems:
        print(f"pokerroom convert: {one_line(line)}", file=sys.stderr)
    for line in unreadable:
        print(f"pokerroom convert: error: {line}", file=sys.stderr)
    if unreadable:
        return USAGE
    if not written and not problems:
        raise UsageError("no hands in the files given")
    return FOUND if problems else OK


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "convert",
        help="hand histories to PokerStars text (for trackers), OHH, PHH or ACPC logs",
        description=(
            "Replay every hand of PHH (.phh, .phhs), ACPC logs (.log), PokerStars text or "
            "OHH (.ohh) files and write it as PokerStars text (what PokerTracker, Hold'em "
            "Manager and Hand2Note import), Open Hand History JSON, PHH, or an ACPC log. "
            "A hand the format cannot hold (wild cards, 001's proportional split...) is "
            "left out with the reason; exit status 1 if any was."
        ),
    )
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="hand-history files, or directories holding them")  # fmt: skip
    p.add_argument("--to", required=True, choices=FORMATS, metavar="FORMAT",
                   help=f"the format to write: {', '.join(FORMATS)}")  # fmt: skip
    p.add_argument("--out", type=OutputFolder("a folder for the converted files"), metavar="DIR",
                   help="write each file's hands to a file of this directory (created if "
                        "need be; a directory's files keep their subdirectories); default: "
                        "print them")  # fmt: skip
    p.add_argument("--hero", metavar="NAME",
                   help="PokerStars and OHH: the player whose cards are dealt to (the "
                        "others' cards appear where shown); default: every card known")  # fmt: skip
    p.add_argument("--date", type=Date(), metavar="'YYYY/MM/DD HH:MM:SS'",
                   help="PokerStars and OHH: the date in UTC of hands whose record has "
                        "none (default: the file's modification time); PokerStars text "
                        "gives it in Eastern time (ET)")  # fmt: skip
    p.set_defaults(func=_cmd_convert)
