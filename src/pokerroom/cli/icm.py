"""``pokerroom icm``: what each stack at a final table is worth, for making a deal.

    pokerroom icm 5000 3000 2000 --payouts 50,30,20
    pokerroom icm 12,000 8,000 4,000 1,000 --payouts 500,300,200 --names Ann,Bo,Cy,Di

Each player's independent-chip-model value (:mod:`pokerroom.tournament.icm`), beside
their share of the chips and what a chip chop would give them.
"""

from __future__ import annotations

import argparse
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from pokerroom.cli.errors import OK, UsageError

__all__ = ["register"]


def _number(text: str, what: str) -> Fraction:
    try:
        value = Decimal(text.strip().replace("_", ""))
    except InvalidOperation:
        raise UsageError(f"{what} {text!r} is not a number") from None
    if not value.is_finite():
        raise UsageError(f"{what} {text!r} is not a number")
    return Fraction(value)


def _stacks(texts: list[str]) -> list[Fraction]:
    # "12,000" is twelve thousand chips; several stacks come as several arguments
    return [_number(t.replace(",", ""), "the stack") for t in texts]


def _payouts(text: str) -> list[Fraction]:
    parts = [p for p in text.replace(";", ",").split(",") if p.strip()]
    if not parts:
        raise UsageError("--payouts: give the prize of each paid place, like 50,30,20")
    return [_number(p, "the payout") for p in parts]


def _money(value: float) -> str:
    return f"{value:,.2f}"


def _cmd_icm(args: argparse.Namespace) -> int:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from pokerroom.tournament.icm import ICMError, deal

    stacks = _stacks(args.stacks)
    payouts = _payouts(args.payouts)
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    try:
        result = deal(stacks, payouts, names)
    except ICMError as exc:
        raise UsageError(str(exc)) from None
    table = Table(title=f"ICM deal: prize pool {_money(result.pool)}", title_justify="left",
                  box=box.SIMPLE_HEAD)  # fmt: skip
    for name, justify in (("player", "left"), ("chips", "right"), ("chips %", "right"),
                          ("ICM", "right"), ("ICM %", "right"), ("chip chop", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for k, name in enumerate(result.names):
        value = float(result.icm[k])
        table.add_row(name, f"{float(result.stacks[k]):,.0f}", f"{100 * result.share(k):.1f}",
                      _money(value), f"{100 * value / result.pool:.1f}" if result.pool else "-",
                      _money(float(result.chip_chop[k])))  # fmt: skip
    console = Console()
    console.print(table)
    console.print("ICM: the independent chip model (Malmuth-Harville): each place goes to "
                  "each player left with chance stack / chips left; chip chop: the pool "
                  "shared by chips", highlight=False)  # fmt: skip
    return OK


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "icm",
        help="what each stack of a final table is worth (independent chip model)",
        description=(
            "The independent-chip-model value of each stack at a tournament's final table, "
            "for making a deal: each player's chance of finishing in each paid place "
            "(stack / chips left, place by place) times its prize; with the chip chop "
            "beside it."
        ),
    )
    p.add_argument("stacks", nargs="+", metavar="STACK", help="each player's chips")
    p.add_argument("--payouts", required=True, metavar="P1,P2,...",
                   help="the prize of each paid place, first place first")  # fmt: skip
    p.add_argument("--names", metavar="A,B,...", help="the players' names, in stack order")
    p.set_defaults(func=_cmd_icm)
