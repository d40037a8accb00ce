"""``pokerroom convert``: hand histories from one format to another.

    pokerroom convert hands.phhs --to pokerstars --out tracker/
    pokerroom convert session.txt --to ohh
    pokerroom convert game.phhs --to pokerstars --hero Hero --out for-pokertracker/

Every hand pokerroom reads (``.phh``, ``.phhs``, ACPC logs, PokerStars text, ``.ohh``;
directories are searched for them) is replayed and written in the format asked for:
PokerStars text (for PokerTracker, Hold'em Manager, Hand2Note), OHH JSON, PHH, or an
ACPC log with its game definition.  With ``--out DIR`` each file becomes a file of DIR
(``hands.phhs`` -> ``DIR/hands.txt``); without it, everything is printed (ACPC needs
``--out``: its game definition is a file of its own).  A hand the format cannot hold is
left out with the reason on standard error, as is a hand that cannot be replayed; the
exit status is then 1 (2 for a file that cannot be read).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from pokerroom.cli.errors import FOUND, OK, USAGE, UsageError

if TYPE_CHECKING:
    from pokerroom.history.record import PlayedHand

__all__ = ["register"]

FORMATS = ("pokerstars", "ohh", "phh", "acpc")


def _date(text: str) -> str:
    """``--date``: ``YYYY/MM/DD HH:MM:SS`` (or ``YYYY-MM-DD``)."""
    for fmt in ("%Y/%m/%d %H:%M:%S", "%Y-%m-%d %H:%M:%S", "%Y/%m/%d", "%Y-%m-%d"):
        try:
            return datetime.strptime(text.strip(), fmt).strftime("%Y/%m/%d %H:%M:%S")
        except ValueError:
            continue
    raise argparse.ArgumentTypeError(f"{text!r}: a date like 2024/05/01 20:15:00")


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


def _target(out: Path, path: str, suffix: str, inputs: Iterable[str]) -> Path:
    target = out / (Path(path).stem + suffix)
    if any(Path(p).resolve() == target.resolve() for p in inputs):
        raise UsageError(f"{target} is one of the files being converted: give another --out")
    return target


def _cmd_convert(args: argparse.Namespace) -> int:
    from pokerroom.cli.replay import expand
    from pokerroom.history.errors import HistoryError
    from pokerroom.history.formats import FORMATS as SUFFIXES
    from pokerroom.history.formats import export_hands

    fmt = args.to
    out: Path | None = args.out
    if fmt == "acpc" and out is None:
        raise UsageError("--to acpc writes a log and its game definition: give --out DIR")
    if out is not None:
        if out.exists() and not out.is_dir():
            raise UsageError(f"--out {out}: not a directory")
        out.mkdir(parents=True, exist_ok=True)
    files = expand(args.files)
    problems: list[str] = []
    unreadable = 0
    written = refused = 0
    printed: list[PlayedHand] = []
    for path in files:
        try:
            hands = _hands(path, problems)
        except HistoryError as exc:
            print(f"pokerroom convert: error: {exc.located(source=path)}", file=sys.stderr)
            unreadable += 1
            continue
        if out is None:
            printed.extend(hands)
            continue
        result = export_hands(hands, fmt, hero=args.hero, when=_when(args, path),
                              name=Path(path).stem)  # fmt: skip
        for label, reason in result.refused:
            problems.append(f"{path} {label}: not written as {fmt}: {reason}")
        refused += len(result.refused)
        if not result.written:
            continue
        target = _target(out, path, SUFFIXES[fmt], files)
        target.write_text(result.text, encoding="utf-8")
        for name, text in result.companions.items():
            (out / name).write_text(text, encoding="utf-8")
        written += result.written
        print(f"wrote {result.written} hand{'s' if result.written != 1 else ''} to {target}",
              file=sys.stderr)  # fmt: skip
    if out is None and printed:
        when = args.date or datetime.now(tz=UTC).strftime("%Y/%m/%d %H:%M:%S")
        result = export_hands(printed, fmt, hero=args.hero, when=when)
        for label, reason in result.refused:
            problems.append(f"{label}: not written as {fmt}: {reason}")
        refused += len(result.refused)
        written += result.written
        sys.stdout.write(result.text)
    for line in problems:
        print(f"pokerroom convert: {line}", file=sys.stderr)
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
    p.add_argument("--out", type=Path, metavar="DIR",
                   help="write each file's hands to a file of this directory (created if "
                        "need be); default: print them")  # fmt: skip
    p.add_argument("--hero", metavar="NAME",
                   help="PokerStars and OHH: the player whose cards are dealt to (the "
                        "others' cards appear where shown); default: every card known")  # fmt: skip
    p.add_argument("--date", type=_date, metavar="'YYYY/MM/DD HH:MM:SS'",
                   help="PokerStars and OHH: the date of hands whose record has none "
                        "(default: the file's modification time)")  # fmt: skip
    p.set_defaults(func=_cmd_convert)
