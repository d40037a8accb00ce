"""The ``pokerroom`` command.

Each subcommand is a module of this package with a ``register(subparsers)`` function
that adds its parser and sets ``func``.  Errors the user can fix are printed as one line
on standard error with exit status 2, never as a traceback; every status a command
exits with is in :data:`~pokerroom.cli.errors.EXIT_CODES`.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version

from pokerroom.cli.arguments import Parser, one_line
from pokerroom.cli.errors import (
    CLOSED,
    INTERRUPTED,
    USAGE,
    Interrupted,
    UsageError,
    exit_code_table,
    user_errors,
)

__all__ = ["UsageError", "build_parser", "command", "main", "package_version"]

# Subcommand modules, in the order `pokerroom --help` lists them.
COMMANDS = ("play", "eval", "replay", "equity", "tournament", "league", "solve", "lbr", "serve",
            "bot", "convert", "stats", "icm")


def package_version() -> str:
    """The installed package's version (its metadata, as ``pip`` knows it)."""
    try:
        return version("pokerroom")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree, not installed
        from pokerroom import __version__

        return __version__


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="pokerroom",
        description=(
            "A Texas hold'em cardroom: rules engine, hand evaluator, equity and hand "
            "histories. Each command has --help."
        ),
        epilog=exit_code_table(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {package_version()}"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"pokerroom.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        parser = build_parser()
        args, extra = parser.parse_known_args(argv)
        if extra:  # said by the command they were given to
            command(parser, args).error(f"unrecognized arguments: {' '.join(extra)}")
    except KeyboardInterrupt:  # Ctrl-C while the command starts
        words = list(sys.argv[1:] if argv is None else argv)
        first = words[0] if words else ""
        _interrupted(f"pokerroom {first}" if first in COMMANDS else "pokerroom", None)
        return INTERRUPTED
    func: Callable[[argparse.Namespace], int] = args.func
    prog = command(parser, args).prog  # with the second word of serve, bot and solve
    try:
        return func(args)
    except BrokenPipeError:  # the reader stopped (| head): stop quietly (before OSError)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing more to flush at exit
        return CLOSED
    except user_errors() as exc:
        print(f"{prog}: error: {one_line(str(exc))}", file=sys.stderr)
        return USAGE
    except KeyboardInterrupt as exc:
        _interrupted(prog, exc)
        return INTERRUPTED


def command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The parser of the (sub)command ``args`` were parsed for: ``pokerroom serve json``'s
    for ``serve json ...``."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            chosen = action.choices.get(str(getattr(args, action.dest, "")))
            if chosen is not None:
                return command(chosen, args)
    return parser


def _interrupted(prog: str, exc: KeyboardInterrupt | None) -> None:
    """One line on standard error for Ctrl-C: what was kept, where the command says
    (:class:`~pokerroom.cli.errors.Interrupted`)."""
    if sys.stderr.isatty():
        print(file=sys.stderr)  # end the line the interrupt cut (where ^C was echoed)
    detail = str(exc) if isinstance(exc, Interrupted) else ""
    print(f"{prog}: interrupted{': ' + detail if detail else ''}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
