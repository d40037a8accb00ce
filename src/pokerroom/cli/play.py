"""``pokerroom play``: play at the terminal.

Until the terminal game lands this is an interactive hand reader: type cards, read the
hand they make.  On a terminal the line is read with :mod:`readline` (the standard
library's line editing: arrow keys move and recall earlier lines).
"""

from __future__ import annotations

import argparse
import sys

from pokerroom.cards import CardError, format_cards, parse_cards

__all__ = ["register"]

GREETING = "pokerroom: type 5 to 7 cards (like 'As Ks Qs Js Ts 2c 3d'), 'help' or 'quit'."
HELP = """\
  Type 5 to 7 cards and read the best hand they make, like: Qs Qd 8c 8h As 3c 2d
  A card is a rank (2-9, T or 10, J, Q, K, A) and a suit (c d h s, or ♣ ♦ ♥ ♠), in
  any case, with or without spaces: 'as kd', 'AsKd', 'A♠ K♦' and '10h' all work.
  The arrow keys edit the line; up and down recall earlier lines.
  help or ?: this text.  quit, q, exit or Ctrl-D: leave."""
QUIT = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"help", "?", "h"})


def _line_editing() -> None:
    """Read lines with readline (editing, history) when a person types at a terminal."""
    if not sys.stdin.isatty():
        return
    try:
        import readline  # noqa: F401 - importing it is what makes input() edit lines
    except ImportError:  # pragma: no cover - a Python built without it
        return


def _cmd_play(args: argparse.Namespace) -> int:
    from pokerroom.evaluator import evaluate

    _line_editing()
    print(GREETING)
    while True:
        try:
            line = input("cards> ").strip()
        except EOFError:
            print()
            return 0
        word = line.lower()
        if word in QUIT:
            return 0
        if word in HELP_WORDS:
            print(HELP)
            continue
        if not line:
            continue
        try:
            hand = evaluate(parse_cards(line))
        except CardError as exc:
            print(f"  {exc}")
            continue
        print(f"  {hand.name}  [{format_cards(hand.cards)}]")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "play",
        help="play at the terminal (for now: a hand reader)",
        description=(
            "Play at the terminal. Until the terminal game against computer players lands, "
            "this is a hand reader: type 5 to 7 cards and it names the best hand they make. "
            "Type 'help' at its prompt for what it reads; 'quit' or Ctrl-D leaves."
        ),
    )
    p.set_defaults(func=_cmd_play)
