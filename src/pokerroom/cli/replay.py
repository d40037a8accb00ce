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

from pokerroom.cli.arguments import ACPC_SEED, InputFile, one_line
from pokerroom.cli.errors import FOUND, OK, USAGE, UsageError

if TYPE_CHECKING:
    from pokerroom.history.sources import Outcome

__all__ = ["register"]

DIFFER = "differ"
REFUSED = "cannot replay"  # the rules refuse a recorded action: a finding, like DIFFER
UNREADABLE = "unreadable"  # a hand (of a .phhs) that breaks the format
FILE_ERRORS = "file errors"  # a file that cannot be read, or an error of the whole file

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


def _status(counts: Counter[str]) -> int:
    """The exit status for what was met: a file or hand that cannot be read is the
    user's to fix (2, winning over 1); a hand that differs or that the rules refuse is a
    finding (1)."""
    if counts[UNREADABLE] or counts[FILE_ERRORS]:
        return USAGE
    return FOUND if counts[DIFFER] or counts[REFUSED] else OK


def _kind(item: Outcome) -> str:
    """The tally an outcome with an error goes to."""
    from pokerroom.history.errors import ReplayError

    if item.whole_file:
        return FILE_ERRORS
    return REFUSED if isinstance(item.error, ReplayError) else UNREADABLE


def _check(args: argparse.Namespace, outcomes: Iterable[Outcome], out: TextIO) -> int:
    counts: Counter[str] = Counter()
    per_file: dict[str, Counter[str]] = {}
    for item in outcomes:
        tally = per_file.setdefault(item.source, Counter())
        if item.error is not None:
            tally[_kind(item)] += 1
            print(one_line(str(item.error)), file=out)
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
        tally[DIFFER] += 1
        played = replay.played
        if not comparison.differences:
            print(one_line(f"{item.name}: {comparison.how}"), file=out)
            continue
        parts = [
            f"p{played.position(d.seat) + 1} {played.name(d.seat)} recorded "
            f"{_fmt(d.recorded, played.scale)}, replayed {_fmt(d.replayed, played.scale)}"
            for d in comparison.differences
        ]
        print(one_line(f"{item.name}: {replay.measure} differ: {'; '.join(parts)}"), file=out)
    for source, tally in per_file.items():
        if args.verbose:
            print(one_line(f"{source}: {_tally(tally)}"), file=out)
        counts.update(tally)
    print(_summary(len(per_file), counts), file=out)
    if args.verbose:
        print(POLICY, file=out)
    return _status(counts)


def _summary(files: int, counts: Counter[str]) -> str:
    """``2 files: 201 hands (200 exact, 1 differ)``; files with errors of their own are
    counted apart from the hands."""
    bad = counts[FILE_ERRORS]
    head = f"{files} file{'s' if files != 1 else ''}" + (f" ({bad} with errors)" if bad else "")
    return f"{head}: {_hands(counts)}"


def _tally(tally: Counter[str]) -> str:
    bad = tally[FILE_ERRORS]
    return _hands(tally) + (f"; {bad} error{'s' if bad != 1 else ''} in the file" if bad else "")


def _hands(tally: Counter[str]) -> str:
    hands = {what: n for what, n in tally.items() if what != FILE_ERRORS and n}
    total = sum(hands.values())
    if not total:
        return "no hands"
    parts = ", ".join(f"{n} {what}" for what, n in sorted(hands.items()))
    return f"{total} hand{'s' if total != 1 else ''} ({parts})"


def _show(args: argparse.Namespace, outcomes: Iterable[Outcome], out: TextIO) -> int:
    from pokerroom.history.text import sections

    counts: Counter[str] = Counter()
    pausing = args.step
    first = True
    for item in outcomes:
        if item.error is not None:
            print(f"pokerroom replay: error: {one_line(str(item.error))}", file=sys.stderr)
            counts[_kind(item)] += 1
            continue
        assert item.replay is not None
        if not first:
            print(file=out)
        first = False
        if item.label:
            print(f"# {one_line(item.name)}", file=out)
        parts = sections(item.replay.played)
        for k, (_, lines) in enumerate(parts):
            print("\n".join(lines), file=out)
            out.flush()
            if pausing and k < len(parts) - 1:
                answer = _pause()
                if answer == "quit":
                    return _status(counts)
                pausing = answer == "next"
    return _status(counts)


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
    (``.phh``, ``.phhs``, ``.log``, ``.ohh``, and ``.txt`` or ``.json`` files that begin
    as PokerStars text or OHH do; searched recursively, in name order)."""
    from pokerroom.history.sources import SUFFIXES, is_hand_history

    files: list[str] = []
    for path in paths:
        if not path:  # (not the working folder, which Path('') is)
            raise UsageError("FILE '': an empty name (give hand-history files or directories)")
        folder = Path(path)
        if not folder.is_dir():
            files.append(path)
            continue
        found = sorted(str(p) for p in folder.rglob("*") if p.is_file() and (
            p.suffix in SUFFIXES or is_hand_history(p)))  # fmt: skip
        if not found:
            raise UsageError(f"no hand-history files in the directory {path!r}")
        files.extend(found)
    return files


def _writable(path: str) -> Path:
    """Where ``--write-phh`` will write, checked before any work is done."""
    out = Path(path)
    if out.suffix not in (".phh", ".phhs"):
        raise UsageError(
            f"--write-phh {path}: the file must end in .phh (one hand) or .phhs (several)"
        )
    folder = out.parent
    if not folder.is_dir():
        raise UsageError(f"--write-phh {path}: there is no directory {str(folder)!r}")
    if out.is_dir():
        raise UsageError(f"--write-phh {path}: that is a directory")
    if not os.access(out if out.exists() else folder, os.W_OK):
        raise UsageError(f"--write-phh {path}: not allowed to write there")
    return out


def _cmd_replay(args: argparse.Namespace) -> int:
    from pokerroom.history.acpc import GameDef
    from pokerroom.history.errors import HistoryError
    from pokerroom.history.phh import write_phh
    from pokerroom.history.record import to_phh
    from pokerroom.history.sources import Outcome, replays

    target = _writable(args.write_phh) if args.write_phh else None
    game = GameDef.load(args.game) if args.game else None
    files = expand(args.files)
    written = []

    def outcomes() -> Iterable[Outcome]:
        for path in files:
            try:
                for item in replays(path, game=game, seed=args.seed):
                    if target is not None and item.replay is not None:
                        written.append(to_phh(item.replay.played))
                        if len(written) > 1 and target.suffix == ".phh":
                            raise UsageError(
                                f"{target}: a .phh file holds one hand, and there are more "
                                f"(use .phhs)"
                            )
                    yield item
            except HistoryError as exc:  # the whole file is unreadable: report, go on
                error = exc.located(source=str(path))
                yield Outcome(str(path), "", error=error, whole_file=True)

    if args.check:
        status = _check(args, outcomes(), sys.stdout)
    else:
        status = _show(args, outcomes(), sys.stdout)
    if target is not None:
        if not written:
            raise UsageError("no hand was replayed: nothing to write")
        write_phh(target, written)
        print(one_line(f"wrote {len(written)} hand{'s' if len(written) != 1 else ''} to {target}"),
              file=sys.stderr)  # fmt: skip
    return status


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "replay",
        help="print recorded hands (PHH, ACPC logs, PokerStars, OHH) or check them",
        description=(
            "Replay every hand of PHH (.phh, .phhs), ACPC dealer log (.log), PokerStars text "
            "and OHH (.ohh) files through the engine. Without --check, print each hand as a "
            "readable history. " + POLICY + "."
        ),
    )
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help=".phh, .phhs, ACPC .log, PokerStars text or .ohh files, or directories",
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
        type=InputFile("an ACPC game definition"),
        help="the ACPC game definition of the logs (default: the one the log's header "
        "names, beside the log)",
    )
    p.add_argument(
        "--seed",
        type=ACPC_SEED,
        help="the ACPC match seed, to deal cards a log hides (default: the log's header)",
    )
    p.add_argument(
        "--write-phh",
        metavar="OUT",
        help="also write the replayed hands as PHH (.phh for one hand, .phhs for several); "
        "the directory must exist",
    )
    p.add_argument(
        "-v", "--verbose", action="store_true", help="with --check: a line per file, and the policy"
    )
    p.set_defaults(func=_cmd_replay)
