"""``pokerroom eval``: rank a hand, find the nuts on a board (``--nuts``), or rank every
hand (``--enumerate``)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from math import comb
from typing import TYPE_CHECKING

from pokerroom.cards import Card, format_cards, parse_cards
from pokerroom.cli.arguments import Count
from pokerroom.cli.errors import UsageError

if TYPE_CHECKING:
    from pokerroom.evaluator import HandValue
    from pokerroom.evaluator.wildcards import WildCards

__all__ = ["register"]

HOLE_CARDS = 2  # hold'em
BOARD_SIZES = (3, 4, 5)

VALUE_HELP = (
    "value: the hand's strength as one number; a higher value beats a lower one and equal "
    "values split the pot. The 7,462 different five-card hands of a 52-card pack are "
    "numbered 0 (seven-five-four-three-deuce, the worst high hand) to 7461 (a royal "
    "flush); with wild cards five of a kind goes on, 7462 (five deuces) to 7474 "
    "(five aces)."
)


def _wild_from_args(args: argparse.Namespace) -> WildCards | None:
    from pokerroom.evaluator.wildcards import WildCards

    if args.wild is not None:
        if not args.wild.strip():
            raise UsageError("--wild is empty: name wild ranks or cards, like '2' or 'Jd'")
        if any("jk" in token.lower() for token in args.wild.replace(",", " ").split()):
            raise UsageError(
                "the joker is not named with --wild: --joker wild makes it wild, "
                "--joker bug makes it the bug"
            )
    if args.wild is None and args.joker is None:
        return None
    return WildCards.parse(args.wild or "", joker=args.joker)


def _cmd_eval(args: argparse.Namespace) -> int:
    from pokerroom.evaluator import best_hand, evaluate

    text = " ".join(args.cards)
    if args.enumerate:
        given = text.strip() or any(
            v is not None for v in (args.hole, args.min_hole_cards, args.wild, args.joker)
        )
        if given or args.nuts:
            raise UsageError(
                "--enumerate ranks every hand: give no cards, --hole, --nuts, "
                "--min-hole-cards, --wild or --joker"
            )
        return _enumerate(args.enumerate)
    if not text.strip():
        raise UsageError("give 5 to 7 cards, like: pokerroom eval As Ks Qs Js Ts 2c 3d")
    if args.hole is not None and args.nuts:
        raise UsageError("--nuts takes a board of 3 to 5 cards, not --hole")
    if args.min_hole_cards is not None and args.hole is None and not args.nuts:
        raise UsageError(
            "--min-hole-cards needs --hole (the hole cards) or --nuts: without them every "
            "card is in one hand"
        )
    wild = _wild_from_args(args)
    min_hole = args.min_hole_cards or 0
    if args.nuts:
        return _nuts(parse_cards(text), wild, min_hole)
    if args.hole is not None:
        hole = parse_cards(args.hole, allow_empty=True)
        board = parse_cards(text)
        if len(hole) != HOLE_CARDS:
            raise UsageError(
                f"--hole takes the {HOLE_CARDS} hole cards of hold'em, not {len(hole)}: "
                f"{args.hole!r}"
            )
        if len(board) not in BOARD_SIZES:
            raise UsageError(
                f"with --hole the other cards are the board: 3, 4 or 5 cards, not "
                f"{len(board)}: {format_cards(board)!r}"
            )
        hand = best_hand(hole, board, min_hole_cards=min_hole, wild=wild)
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
    from pokerroom.evaluator import evaluate, nuts

    result = nuts(board, wild=wild, min_hole_cards=min_hole_cards)
    pack = 52 + (1 if wild is not None and wild.joker is not None else 0)
    n = len(result.holes)
    every = n == comb(pack - len(board), 2)  # every pair left makes it
    plays = every and len(board) == 5 and min_hole_cards == 0  # the board is the nuts
    print(f"board:    {format_cards(result.board)}")
    print(f"nuts:     {result.name}")
    _print_hand(evaluate(board, wild=wild) if plays else result.hand)
    if every:
        why = " (the board itself is the nuts: every hand plays it)" if plays else ""
        print(f"holes:    all {n:,} pairs{why}")
        return 0
    print(f"holes:    {n:,} pair{'s' if n != 1 else ''}: {_pairs(result.holes, pack - len(board))}")
    return 0


def _pairs(holes: Sequence[tuple[Card, Card]], left: int) -> str:
    """The hole pairs, shortest first: ``Ts with any other card`` when one card is in
    every pair, else each pair."""
    common = set(holes[0]).intersection(*holes[1:]) if len(holes) > 1 else set()
    if not common:
        return ", ".join(format_cards(h) for h in holes)
    card = common.pop()
    others = [b if a == card else a for a, b in holes]
    if len(others) == left - 1:
        return f"{card} with any other card"
    return f"{card} with {format_cards(others)}"


def _enumerate(n: int) -> int:
    from rich.console import Console
    from rich.table import Table

    from pokerroom.cli.progress import LazyBar
    from pokerroom.evaluator.census import census

    with LazyBar(f"ranking every {n}-card hand") as bar:
        result = census(n, bar)
    table = Table(title=f"All {result.total_hands:,} {n}-card hands")
    table.add_column("category")
    table.add_column("hands", justify="right")
    table.add_column("distinct values", justify="right")
    for cat in reversed(list(result.hands)):
        table.add_row(cat.label, f"{result.hands[cat]:,}", f"{result.classes[cat]:,}")
    table.add_row("total", f"{result.total_hands:,}", f"{result.total_classes:,}", style="bold")
    console = Console()
    console.print(table)
    rate = result.total_hands / result.seconds / 1e6
    console.print(f"{result.seconds:.2f} s ({rate:.1f} M hands/s, batch evaluator)")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "eval",
        help="rank a hand of 5 to 7 cards, find the nuts, or enumerate every hand",
        description=(
            "Rank a hand of 5 to 7 cards: the best five, the category, the name and the "
            "value. Cards are a rank (2-9, T or 10, J, Q, K, A) and a suit (c d h s, or "
            "the symbols ♣ ♦ ♥ ♠), any case, together or apart: As Ks, AsKs, A♠ K♠, 10h; "
            "the joker is Jk."
        ),
        epilog=VALUE_HELP,
    )
    p.add_argument(
        "cards", nargs="*", help="cards like As Ks Qs Js Ts 2c 3d (the board, with --hole)"
    )
    p.add_argument("--hole", metavar="HOLE",
                   help="the 2 hole cards; the other cards are then the board (3 to 5)")
    p.add_argument("--min-hole-cards", type=Count(0, 2), choices=(0, 1, 2), metavar="{0,1,2}",
                   help="with --hole or --nuts: the hand uses at least this many hole cards "
                        "(0, the default, is hold'em; 2 is Omaha-style)")
    p.add_argument("--wild", metavar="WILD",
                   help="wild ranks or cards, like '2' (deuces wild), '2 Jd' or 'Jd'")
    p.add_argument("--joker", choices=("bug", "wild"),
                   help="the joker (Jk) is in play: bug (an ace, or it completes a straight "
                        "or flush) or wild (any card)")
    p.add_argument("--nuts", action="store_true",
                   help="CARDS are a board of 3 to 5 cards: show the best hand possible on it "
                        "and every pair of hole cards that makes it")
    p.add_argument("--enumerate", type=Count(5, 7), choices=(5, 7),
                   help="rank every 5- or 7-card hand and print the category table")
    p.set_defaults(func=_cmd_eval)
