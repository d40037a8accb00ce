"""The slow reference pot splitter, written straight from ``rules.md`` §9.

It is the oracle the tests check :func:`pokerroom.engine.pots.award` against, so it is
as plain as possible and shares no code with it: side pots are peeled off the
contributions one layer at a time, the proportional rule is computed in exact fractions,
and odd chips are handed out by walking round the table.  It makes the same decisions
where the rules are silent (documented in :mod:`pokerroom.engine.pots`) and expects
valid input; nothing in the engine calls it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import floor

from pokerroom.engine.pots import Award, OddChip, Pot, TieSplit

__all__ = ["reference_award"]


def reference_award(
    contributions: Sequence[int],
    strengths: Sequence[int | None],
    *,
    all_in: Sequence[bool],
    button: int,
    tie_split: TieSplit = TieSplit.SIDE_POTS,
    odd_chip: OddChip = OddChip.LEFT_OF_BUTTON,
    suit_order: Sequence[int] | None = None,
    dead: int = 0,
) -> Award:
    """What :func:`~pokerroom.engine.pots.award` must return, computed the slow way.
    ``dead`` is dead money (dead antes): no seat's contribution, it is in the main pot."""
    n = len(contributions)
    live = [seat for seat in range(n) if strengths[seat] is not None]
    if not live:  # nobody contests an empty pot: nothing to award
        assert sum(contributions) == 0 and dead == 0
        return Award((0,) * n, ())
    seats_in_odd_chip_order = _odd_chip_order(n, button, odd_chip, suit_order)
    # PokerKit's rule: the first winner in that order takes a pot's every odd chip
    first = odd_chip is OddChip.FIRST_LEFT_OF_BUTTON
    if tie_split is TieSplit.PROPORTIONAL:
        pots = _proportional(
            contributions, strengths, all_in, live, seats_in_odd_chip_order, dead_antes=dead,
            first=first,
        )
    else:
        pots = _side_pots(contributions, strengths, live, seats_in_odd_chip_order,
                          dead_antes=dead, first=first)  # fmt: skip
        levels = {contributions[seat] for seat in live}
        if first and len(levels) > 1:  # PokerKit: the pots again, among the winning hands
            winning = {seat for pot in pots for seat in pot.winners}
            strengths = [v if seat in winning else None for seat, v in enumerate(strengths)]
            live = sorted(winning)
            pots = _side_pots(contributions, strengths, live, seats_in_odd_chip_order,
                              dead_antes=dead, first=first)  # fmt: skip
    won = [0] * n
    for pot in pots:
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            won[seat] += share
    return Award(tuple(won), tuple(pots))


def _odd_chip_order(
    n: int, button: int, odd_chip: OddChip, suit_order: Sequence[int] | None
) -> list[int]:
    """Every seat, in the order odd chips are handed out."""
    # round the table clockwise, starting with the player left of the button
    seats = [(button + step) % n for step in range(1, n + 1)]
    if odd_chip is OddChip.BEST_SUIT and suit_order is not None:
        # best hand by suit first; a stable sort keeps equal keys in seat order
        seats.sort(key=lambda seat: suit_order[seat], reverse=True)
    return seats


def _split(
    amount: int,
    exact: dict[int, Fraction],
    order: list[int],
    *,
    first: bool,
    most: dict[int, int] | None = None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Whole chips from exact shares: each winner gets the whole part of its share, then
    the chips left over go one at a time to the winners in the odd-chip order (with
    ``first``, all of them to the first winner in that order, but never above ``most``,
    the most each can win: the rest to the next)."""
    shares = {seat: floor(share) for seat, share in exact.items() if share > 0}
    left_over = amount - sum(shares.values())
    for seat in order:
        if left_over and seat in shares:
            given = 1
            if first:
                given = left_over if most is None else min(left_over, most[seat] - shares[seat])
            shares[seat] += given
            left_over -= given
    assert left_over == 0
    winners = tuple(sorted(shares))
    return winners, tuple(shares[seat] for seat in winners)


def _side_pots(
    contributions: Sequence[int],
    strengths: Sequence[int | None],
    live: list[int],
    order: list[int],
    *,
    dead_antes: int,
    first: bool,
) -> list[Pot]:
    """Pots are layered by contribution; each layer goes to the best hand among the live
    players who paid into it; equal best hands split that layer.  The main pot (the
    first layer, every live player's) also holds the dead antes."""
    left = list(contributions)  # what each player still has in front of them, unlayered
    layers: list[tuple[int, list[int]]] = []
    while any(left[seat] > 0 for seat in live):
        paid_in = [seat for seat in live if left[seat] > 0]
        layer = min(left[seat] for seat in paid_in)
        amount = 0
        for seat in range(len(left)):
            part = min(left[seat], layer)
            left[seat] -= part
            amount += part
        layers.append((amount, paid_in))
    # the dead antes are in the main pot, the one every live player can win (a pot of
    # its own when a live player put nothing else in)
    if layers and layers[0][1] == live:
        amount, paid_in = layers[0]
        layers[0] = (amount + dead_antes, paid_in)
    else:
        layers.insert(0, (dead_antes, list(live)))
    # folded chips above every live player's: the top layer takes them
    amount, paid_in = layers[-1]
    layers[-1] = (amount + sum(left), paid_in)
    pots = []
    for amount, paid_in in layers:
        if amount == 0:
            continue
        best = max(strength for seat in paid_in if (strength := strengths[seat]) is not None)
        tied = [seat for seat in paid_in if strengths[seat] == best]
        winners, shares = _split(
            amount, {seat: Fraction(amount, len(tied)) for seat in tied}, order, first=first
        )
        pots.append(Pot(amount, tuple(paid_in), winners, shares))
    return pots


def _proportional(
    contributions: Sequence[int],
    strengths: Sequence[int | None],
    all_in: Sequence[bool],
    live: list[int],
    order: list[int],
    *,
    dead_antes: int,
    first: bool,
) -> list[Pot]:
    """001's rule: walk the live hands from best to worst, holding D, the amount already
    awarded; each group of equally best hands claims A = max(0, max E_i - D)."""
    pot_total = sum(contributions) + dead_antes
    highest_live = max(contributions[seat] for seat in live)
    expectation = {}
    for i in live:
        # E_i = sum over j of min(c_j, c_i): the main pot and the side pots i is in; the
        # dead antes are in the main pot, which every live player can win
        expectation[i] = dead_antes + sum(min(c_j, contributions[i]) for c_j in contributions)
        if contributions[i] == highest_live:
            # dead money above every live contribution joins the top layer
            expectation[i] += sum(max(0, c_j - highest_live) for c_j in contributions)
    pots: list[Pot] = []
    awarded = 0  # D
    values = {strength for strength in strengths if strength is not None}
    for value in sorted(values, reverse=True):
        if awarded == pot_total:
            break
        group = [seat for seat in live if strengths[seat] == value]
        claim = max(0, max(expectation[i] for i in group) - awarded)  # A
        if claim == 0:
            continue
        if len(group) == 1 or not any(all_in[i] for i in group):
            exact = {i: Fraction(claim, len(group)) for i in group}
        else:
            # in proportion to E_i - D, never below zero (an E_i already covered wins nothing)
            weight = {i: max(0, expectation[i] - awarded) for i in group}
            exact = {i: Fraction(claim * weight[i], sum(weight.values())) for i in group}
        # what each can still win: E_i - D (an odd chip never takes a share above it)
        most = {i: expectation[i] - awarded for i in group}
        winners, shares = _split(claim, exact, order, first=first, most=most)
        could_win = tuple(seat for seat in live if expectation[seat] > awarded)
        pots.append(Pot(claim, could_win, winners, shares))
        awarded += claim
    assert awarded == pot_total
    return pots
