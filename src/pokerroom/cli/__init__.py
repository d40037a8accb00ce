"""The ``pokerroom`` command.

Each subcommand is a module of this package with a ``register(subparsers)`` function
that adds its parser and sets ``func``.  Errors the user can fix are printed as one line
on standard error with exit status 2, never as a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from pokerroom.cli.errors import UsageError, user_errors

__all__ = ["UsageError", "build_parser", "main"]

# Subcommand modules, in the order `pokerroom --help` lists them.
COMMANDS = ("play", "eval", "replay", "equity", "serve", "bot")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokerroom",
        description="A Texas hold'em cardroom: rules engine, hand evaluator, bots and tools.",
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
    except user_errors() as exc:
        print(f"pokerroom {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
