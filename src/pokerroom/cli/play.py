"""``pokerroom play``: play at the terminal.

Until the terminal game lands this is an interactive hand evaluator.
"""

from __future__ import annotations

import argparse

from pokerroom.cards import CardError, format_cards, parse_cards

__all__ = ["register"]


def _cmd_play(args: argparse.Namespace) -> int:
    from pokerroom.evaluator import evaluate

    print("pokerroom: type 5 to 7 cards (like 'As Ks Qs Js Ts 2c 3d'), or 'quit'.")
    while True:
        try:
            line = input("cards> ").strip()
        except EOFError:
            print()
            return 0
        if line.lower() in {"q", "quit", "exit"}:
            return 0
        if not line:
            continue
        try:
            hand = evaluate(parse_cards(line))
        except CardError as exc:
            print(f"  {exc}")
            continue
        print(f"  {hand.name}  [{format_cards(hand.cards)}]")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play at the terminal")
    p.set_defaults(func=_cmd_play)
