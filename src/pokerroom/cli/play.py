"""``pokerroom play``: the terminal game (hold'em against computer players)."""

from __future__ import annotations

import argparse
import sys

from pokerroom.cli.arguments import SEED
from pokerroom.cli.errors import UsageError

__all__ = ["register"]


def _cmd_play(args: argparse.Namespace) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError(
            "the game needs a terminal: run it in a terminal window (80x24 or larger), "
            "not with its input or output redirected"
        )
    from pokerroom.storage.saves import Store
    from pokerroom.tui import run
    from pokerroom.tui.app import SAVE_FILE, data_dir

    directory = data_dir()
    run(Store(directory / SAVE_FILE), directory=directory, seed=args.seed)
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "play",
        help="play hold'em against the computer at the terminal",
        description="Play hold'em against computer players in the terminal (80x24 or larger): "
        "a freeze-out, saved and resumed at any of your turns.",
    )
    p.add_argument(
        "--seed",
        type=SEED,
        default=None,
        metavar="N",
        help="deal the cards from seed N (the same seed deals the same game); "
        "the new-game form can also set one",
    )
    p.set_defaults(func=_cmd_play)
