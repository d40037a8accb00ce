"""``pokerroom icm``: what each stack at a final table is worth, for making a deal.

    pokerroom icm 5000 3000 2000 --payouts 50,30,20
    pokerroom icm 12,000 8,000 4,000 1,000 --payouts 500,300,200 --names Ann,Bo,Cy,Di

Each player's independent-chip-model value (:mod:`pokerroom.tournament.icm`), beside
their share of the chips and what a chip chop would give them.
"""

from __future__ import annotations

import argparse
from decimal import Decimal
from fractions import Fraction

from pokerroom.cli.arguments import Amount, Amounts
from pokerroom.cli.errors import OK, UsageError

__all__ = ["register"]


STACK = Amount(unit=" of chips")
PAYOUTS = Amounts(unit=" of money")  # (the model says how many places it can pay)


def _names(text: str | None, stacks: int) -> list[str] | None:
    """``--names``: one name for each stack, none empty."""
    if text is None:
        return None
    names = [n.strip() for n in text.split(",")]
    if len(names) != stacks:
        raise UsageError(f"--names {text!r}: {len(names)} name{'s' if len(names) != 1 else ''} "
                         f"for {stacks} stack{'s' if stacks != 1 else ''} (give one for each, "
                         "in stack order)")  # fmt: skip
    for k, name in enumerate(names, 1):
        if not name:
            raise UsageError(f"--names {text!r}: name {k} is empty")
    return names


def _money(value: float) -> str:
    return f"{value:,.2f}"


def _chips(stack: Fraction) -> str:
    """A stack to the last digit it was given with (``12,000``, ``0.5``: the stacks are
    read exactly, from decimals)."""
    return f"{Decimal(stack.numerator) / Decimal(stack.denominator):,f}"


def _cmd_icm(args: argparse.Namespace) -> int:
    from rich import box
    from rich.table import Table

    from pokerroom.cli.console import plain_console
    from pokerroom.tournament.icm import ICMError, deal

    stacks = args.stacks
    payouts = args.payouts
    names = _names(args.names, len(stacks))
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
        table.add_row(name, _chips(Fraction(result.stacks[k])), f"{100 * result.share(k):.1f}",
                      _money(value), f"{100 * value / result.pool:.1f}" if result.pool else "-",
                      _money(float(result.chip_chop[k])))  # fmt: skip
    console = plain_console()
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
    p.add_argument("stacks", nargs="+", type=STACK, metavar="STACK",
                   help="each player's chips (12,000 is twelve thousand)")  # fmt: skip
    p.add_argument("--payouts", required=True, type=PAYOUTS, metavar="P1,P2,...",
                   help="the prize of each paid place, first place first, separated by "
                        "commas")  # fmt: skip
    p.add_argument("--names", metavar="A,B,...", help="the players' names, in stack order")
    p.set_defaults(func=_cmd_icm)
