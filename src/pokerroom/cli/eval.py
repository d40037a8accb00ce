"""``pokerroom eval``: rank a hand, find the nuts on a board (``--nuts``), or rank every
hand (``--enumerate``)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pokerroom.cards import Card, format_cards, parse_cards
from pokerroom.cli.errors import UsageError

if TYPE_CHECKING:
    from pokerroom.evaluator import HandValue
    from pokerroom.evaluator.wildcards import WildCards

__all__ = ["register"]


def _wild_from_args(args: argparse.Namespace) -> WildCards | None:
    from pokerroom.evaluator.wildcards import WildCards

    if not (args.wild or args.joker):
        return None
    return WildCards.parse(args.wild or "", joker=args.joker)


def _cmd_eval(args: argparse.Namespace) -> int:
    from pokerroom.evaluator import best_hand, evaluate

    text = " ".join(args.cards)
    if args.enumerate:
        if text.strip() or args.hole or args.nuts:
            raise UsageError("--enumerate ranks every hand: give no cards, --hole or --nuts")
        return _enumerate(args.enumerate)
    if not text.strip():
        raise UsageError("give 5 to 7 cards, like: pokerroom eval As Ks Qs Js Ts 2c 3d")
    wild = _wild_from_args(args)
    if args.nuts:
        if args.hole:
            raise UsageError("--nuts takes a board of 3 to 5 cards, not --hole")
        return _nuts(parse_cards(text), wild, args.min_hole_cards)
    if args.hole:
        hole = parse_cards(args.hole)
        board = parse_cards(text)
        hand = best_hand(hole, board, min_hole_cards=args.min_hole_cards, wild=wild)
        cards = [*hole, *board]
    else:
        cards = parse_cards(text)
        hand = evaluate(cards, wild=wild)
    print(f"cards:    {format_cards(cards)}")
    _print_hand(hand)
    print(f"category: {hand.category.label}")
    print(f"name:     {hand.name}")
    print(f"value:    {hand.value}")
    return 0


def _print_hand(hand: HandValue) -> None:
    """The five cards used and, when wild cards stand for others, what they play as."""
    print(f"hand:     {format_cards(hand.cards)}")
    if hand.played_as and tuple(hand.played_as) != tuple(hand.cards):
        print(f"plays as: {format_cards(hand.played_as)}")


def _nuts(board: list[Card], wild: WildCards | None, min_hole_cards: int) -> int:
    from pokerroom.evaluator import nuts

    result = nuts(board, wild=wild, min_hole_cards=min_hole_cards)
    print(f"board:    {format_cards(result.board)}")
    print(f"nuts:     {result.name}")
    _print_hand(result.hand)
    holes = [format_cards(h) for h in result.holes]
    print(f"holes:    {len(holes)} pair{'s' if len(holes) != 1 else ''}: {', '.join(holes)}")
    return 0


def _enumerate(n: int) -> int:
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from pokerroom.evaluator.census import census

    console = Console()
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task(f"ranking every {n}-card hand", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        result = census(n, progress)
    table = Table(title=f"All {result.total_hands:,} {n}-card hands")
    table.add_column("category")
    table.add_column("hands", justify="right")
    table.add_column("distinct values", justify="right")
    for cat in reversed(list(result.hands)):
        table.add_row(cat.label, f"{result.hands[cat]:,}", f"{result.classes[cat]:,}")
    table.add_row("total", f"{result.total_hands:,}", f"{result.total_classes:,}", style="bold")
    console.print(table)
    rate = result.total_hands / result.seconds / 1e6
    console.print(f"{result.seconds:.2f} s ({rate:.1f} M hands/s, batch evaluator)")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("eval", help="rank a hand of 5 to 7 cards, or enumerate every hand")
    p.add_argument(
        "cards", nargs="*", help="cards like As Ks Qs Js Ts 2c 3d (the board, with --hole)"
    )
    p.add_argument("--hole", help="hole cards; CARDS are then the board")
    p.add_argument("--min-hole-cards", type=int, default=0, choices=(0, 1, 2),
                   help="hole cards the hand must use (0 hold'em, 2 Omaha-style)")
    p.add_argument("--wild", help="wild ranks or cards, like '2' (deuces wild) or 'Jd'")
    p.add_argument("--joker", choices=("bug", "wild"), help="how the joker (Jk) plays")
    p.add_argument("--nuts", action="store_true",
                   help="CARDS are a board of 3 to 5 cards: show the best hand possible on it "
                        "and every pair of hole cards that makes it")
    p.add_argument("--enumerate", type=int, choices=(5, 7),
                   help="rank every 5- or 7-card hand and print the category table")
    p.set_defaults(func=_cmd_eval)
