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

from pokerroom.cli.errors import (
    CLOSED,
    INTERRUPTED,
    USAGE,
    UsageError,
    exit_code_table,
    user_errors,
)

__all__ = ["UsageError", "build_parser", "main", "package_version"]

# Subcommand modules, in the order `pokerroom --help` lists them.
COMMANDS = ("play", "eval", "replay", "equity", "tournament", "league", "solve", "serve", "bot",
            "convert", "stats", "icm")


def package_version() -> str:
    """The installed package's version (its metadata, as ``pip`` knows it)."""
    try:
        return version("pokerroom")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree, not installed
        from pokerroom import __version__

        return __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
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
    parser = build_parser()
    args = parser.parse_args(argv)
    func: Callable[[argparse.Namespace], int] = args.func
    try:
        return func(args)
    except BrokenPipeError:  # the reader stopped (| head): stop quietly (before OSError)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing more to flush at exit
        return CLOSED
    except user_errors() as exc:
        print(f"pokerroom {args.command}: error: {exc}", file=sys.stderr)
        return USAGE
    except KeyboardInterrupt:
        print(file=sys.stderr)  # end the line the interrupt cut
        return INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
