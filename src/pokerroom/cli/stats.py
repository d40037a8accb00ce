"""``pokerroom stats``: each player's VPIP, PFR, 3-bet, aggression, showdowns and
winnings, from hand histories.

    pokerroom stats hands.phhs session.txt
    pokerroom stats --db results.db --player strong
    pokerroom stats hands/ --player Hero --no-adjust

Hands come from files (``.phh``, ``.phhs``, ACPC logs, PokerStars text, ``.ohh``, or
directories of them) or from a database (``--db``: the terminal game's hand history, or
a tournament's or league's results database written with ``--db-hands``).  The
definitions are :mod:`pokerroom.history.stats`'s (and the docs' statistics page).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from pokerroom.cli.arguments import InputFile, one_line
from pokerroom.cli.errors import FOUND, OK, USAGE, UsageError

if TYPE_CHECKING:
    from pokerroom.history.record import PlayedHand
    from pokerroom.history.stats import PlayerStats, Ratio

__all__ = ["register"]

NOTE = (
    "VPIP, PFR: pre-flop calls/raises (blinds and straddles posted are not) over hands "
    "with a pre-flop decision; 3B: re-raises of an open; F3B: opens folded to a 3-bet; CB: "
    "continuation bets on the flop; FCB: folds to one; AF: post-flop bets and raises per "
    "call; AFq: their share of post-flop decisions; WTSD: showdowns over flops seen; W$SD: "
    "showdowns won; bb/100 with its 95% interval; adj: all-ins before the river at equity"
)


def _db_hands(path: Path) -> Iterator[str]:
    """The PHH text of every hand in a database: the terminal game's ``hands`` table, or
    a results database's (each PHH document)."""
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            rows = db.execute("SELECT phh FROM hands ORDER BY rowid").fetchall()
        finally:
            db.close()
    except sqlite3.DatabaseError as exc:
        raise UsageError(
            f"--db {path}: not a pokerroom database with hands ({exc}); a tournament or "
            "league keeps them only with --db-hands"
        ) from None
    for (text,) in rows:
        if isinstance(text, str):
            yield text


def _collect(args: argparse.Namespace, problems: list[str]) -> tuple[list[PlayedHand], int]:
    from pokerroom.cli.replay import expand
    from pokerroom.history.errors import HistoryError
    from pokerroom.history.phh import loads
    from pokerroom.history.replay import replay_phh
    from pokerroom.history.sources import replays

    hands: list[PlayedHand] = []
    unreadable = 0
    if args.db is not None:
        for k, text in enumerate(_db_hands(Path(args.db)), 1):
            try:
                hands.append(replay_phh(loads(text)).played)
            except HistoryError as exc:
                problems.append(f"{args.db} hand {k}: {exc}")
    for path in expand(args.files) if args.files else []:
        try:
            for item in replays(path):
                if item.error is not None:
                    problems.append(str(item.error))
                elif item.replay is not None:
                    hands.append(item.replay.played)
        except HistoryError as exc:
            print(f"pokerroom stats: error: {one_line(str(exc.located(source=path)))}",
                  file=sys.stderr)  # fmt: skip
            unreadable += 1
    return hands, unreadable


def _pct(r: Ratio) -> str:
    p = r.percent
    return "-" if p is None else f"{p:.0f}"


def _row(s: PlayerStats, adjust: bool) -> list[str]:
    """A player's cells; the all-in adjusted winnings only when they were counted."""
    bb = s.bb100
    interval = f" ± {bb.half_width:,.0f}" if bb.half_width is not None else ""
    return [
        s.name, f"{s.hands:,}", _pct(s.vpip), _pct(s.pfr), _pct(s.three_bet),
        _pct(s.fold_to_three_bet), _pct(s.cbet), _pct(s.fold_to_cbet),
        "-" if s.af is None else f"{s.af:.1f}", _pct(s.afq), _pct(s.wtsd), _pct(s.wsd),
        f"{bb.value:+,.1f}{interval}", *([f"{s.adjusted_bb100.value:+,.1f}"] if adjust else []),
    ]  # fmt: skip


_COLUMNS = ("player", "hands", "VPIP", "PFR", "3B", "F3B", "CB", "FCB", "AF", "AFq", "WTSD",
            "W$SD", "bb/100 (95%)", "adj")  # fmt: skip


def _table(rows: list[list[str]], adjust: bool) -> str:
    """Plain columns (the player's name left, the numbers right), whatever the width of
    the terminal or the pipe; ``adj`` only when the adjusted winnings were counted."""
    columns = _COLUMNS if adjust else _COLUMNS[:-1]
    table = [list(columns), *rows]
    widths = [max(len(r[c]) for r in table) for c in range(len(columns))]
    lines = []
    for k, r in enumerate(table):
        cells = [r[0].ljust(widths[0]), *(x.rjust(w) for x, w in zip(r[1:], widths[1:],
                                                                     strict=True))]  # fmt: skip
        lines.append("  ".join(cells).rstrip())
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _cmd_stats(args: argparse.Namespace) -> int:
    from pokerroom.history.stats import player_stats

    if not args.files and args.db is None:
        raise UsageError("give hand-history files or --db FILE")
    problems: list[str] = []
    hands, unreadable = _collect(args, problems)
    for line in problems:
        print(f"pokerroom stats: {one_line(line)}", file=sys.stderr)
    if unreadable and not hands:
        return USAGE
    if not hands:
        raise UsageError("no hands to count")
    players = [args.player] if args.player is not None else None
    stats = player_stats(hands, players=players, adjust=not args.no_adjust)
    if args.player is not None and args.player not in stats:
        seen = sorted({p.name(s) for p in hands for s in range(p.players)})
        shown = ", ".join(seen[:12]) + (", ..." if len(seen) > 12 else "")
        raise UsageError(f"--player {args.player!r}: no such player in the hands ({shown})")
    adjust = not args.no_adjust
    rows = [_row(s, adjust) for s in sorted(stats.values(), key=lambda s: -s.hands)]
    print(f"{len(hands):,} hand{'s' if len(hands) != 1 else ''}, "
          f"{len(rows)} player{'s' if len(rows) != 1 else ''}")  # fmt: skip
    print(_table(rows, adjust))
    print(textwrap.fill(NOTE if adjust else NOTE[: NOTE.index("; adj: ")], 79))
    if unreadable:
        return USAGE
    return FOUND if problems else OK


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "stats",
        help="each player's VPIP, PFR, 3-bet, aggression, showdowns and bb/100",
        description=(
            "Per player, from hand histories: hands, VPIP, PFR, 3-bet, fold to 3-bet, "
            "continuation bet and fold to it, aggression factor and frequency, went to "
            "showdown, won at showdown, winnings in big blinds per 100 hands with a 95% "
            "interval, and all-in adjusted winnings. " + NOTE + "."
        ),
    )
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="hand-history files (PHH, ACPC logs, PokerStars text, OHH) or "
                        "directories")  # fmt: skip
    p.add_argument("--db", type=InputFile("a database of hands"), metavar="FILE",
                   help="also the hands of a database: the terminal game's, or a "
                        "tournament's or league's written with --db-hands")  # fmt: skip
    p.add_argument("--player", metavar="NAME", help="only this player")
    p.add_argument("--no-adjust", action="store_true",
                   help="leave out the all-in adjusted winnings (quicker)")  # fmt: skip
    p.set_defaults(func=_cmd_stats)
