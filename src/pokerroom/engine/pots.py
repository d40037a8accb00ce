"""Awarding the pot: standard side pots and 001's proportional tie split (``rules.md`` §9).

:func:`award` takes what every seat put in this hand and the hand value of every seat
still contesting it, and says who wins how much, pot by pot:

>>> result = award([100, 100, 40], [7, 9, None], all_in=[False, False, False], button=2)
>>> result.won
(0, 240, 0)
>>> result.pots
(Pot(amount=240, eligible=(0, 1), winners=(1,), shares=(240,)),)

Decisions where ``rules.md`` is silent (the tests pin each one down):

* **Input.** ``contributions`` are the hand's totals *after* uncalled bets were returned
  (``rules.md`` §8).  A contesting seat that is not all-in has matched every bet, so it put
  in at least as much as any other seat; anything else is refused (:class:`PotError`), as
  are negative or non-integer amounts, lists of different lengths, a button that is not a
  seat, and chips in the pot with nobody contesting them.
* **Folded chips above every live contribution.** Chips above the highest contribution
  of any contesting seat (a folded seat that put in more than every live one) join the
  nearest layer below that has contestants: the top pot.  Under the proportional rule
  the same chips count towards the expectation of the contesting seats with the highest
  contribution, which is then the whole pot (they are the ones who can win that top
  layer).
* **Dead money** (``dead``: chips in the pot that are no seat's contribution, such as
  dead antes, ``Rules.dead_antes``) goes into the main pot, the lowest layer, which
  every contesting seat is eligible for.  Under the proportional rule it counts towards
  every contesting seat's expectation: ``E_i = dead + Σ_j min(c_j, c_i)`` (and, for the
  seats with the highest contribution, the whole pot as above).  It is split like the
  pot's other chips (the same tie rule, the same odd-chip order) and counted in the
  amounts of ``Award.pots``.
* **Odd chips** are dealt per pot: each split pot gives every winner the same whole
  number of chips and the remainder one chip at a time to its winners in the odd-chip
  order, so no winner gets more than one odd chip from one pot.  ``LEFT_OF_BUTTON`` (the
  default) orders seats clockwise starting with the one left of the button;
  ``BEST_SUIT`` orders them by ``suit_order`` (highest key first, see :func:`suit_key`),
  equal keys left of the button first.  ``FIRST_LEFT_OF_BUTTON`` (PokerKit's rule) gives
  the whole remainder of a pot to the first of its winners left of the button (under the
  proportional rule no more than that winner can still win, ``E_i − D``: the rest to the
  next winner in that order; PokerKit has no proportional rule), and (with
  side pots) makes the pots among the winning hands only, as PokerKit does once it has
  killed the hands that win nothing: layers the same winners share are one pot.
* **Proportional shares in whole chips.** Each member of a tied group gets the floor of
  its exact share ``A × (E_i − D) / Σ(E_k − D)``; the chips left over (fewer than the
  members) go one at a time in the odd-chip order.
* **Proportional weights never go negative.** A tied member whose expectation is already
  covered by what better hands took (``E_i ≤ D``) can win nothing more: its weight is 0
  and it is not listed among that pot's winners.

``Award.pots`` lists the pots for the hand history.  Under ``SIDE_POTS`` the first is the
main pot and the rest are the side pots, lowest layer first; each names the contesting
seats that paid into it (``eligible``) and the winners with their ``shares``.  Under
``PROPORTIONAL`` there is one entry per step of the walk that paid something: the claim
``A`` of a group of tied hands, the contesting seats that could still win chips at that
step, and the group's members with their shares.  Pots of zero chips are not listed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter

from pokerroom.conventions import OddChip, TieSplit

__all__ = ["Award", "OddChip", "Pot", "PotError", "TieSplit", "award", "suit_key"]


class PotError(ValueError):
    """Input that cannot describe a real pot (negative chips, a pot nobody contests...)."""


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot (or one step of the proportional walk): its chips, the contesting seats
    that could win it, and the winners with their shares (in seat order)."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]


class _Made:
    """A :class:`Pot` being made by :func:`make_pot`: the same slots, writable."""

    __slots__ = Pot.__slots__

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]


_new = object.__new__


def make_pot(
    amount: int, eligible: tuple[int, ...], winners: tuple[int, ...], shares: tuple[int, ...]
) -> Pot:
    """``Pot(...)`` with the same arguments, made faster (the fields written while it is
    a :class:`_Made`, which then becomes a :class:`Pot`: a frozen dataclass writes each
    field through ``object.__setattr__``, about three times the work; the engine makes a
    pot every hand).

    >>> made = make_pot(8, (0, 1), (1,), (8,))
    >>> type(made) is Pot and made == Pot(8, (0, 1), (1,), (8,))
    True
    """
    pot = _new(_Made)
    pot.amount = amount
    pot.eligible = eligible
    pot.winners = winners
    pot.shares = shares
    pot.__class__ = Pot  # type: ignore[assignment]  # (the same slots: it is one now)
    return pot  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Award:
    """The result of :func:`award`: chips won per seat, and the pots they came from."""

    won: tuple[int, ...]
    pots: tuple[Pot, ...]


def suit_key(cards: Iterable[int]) -> int:
    """The ``BEST_SUIT`` key of a hand, for ``award(..., suit_order=...)``.

    Pass, for each contesting seat, the key of the five cards of its best hand (card
    codes ``rank * 4 + suit``, as played).  Tied hands hold the same ranks, so comparing
    keys compares their highest card by suit (spades > hearts > diamonds > clubs), then
    the next highest, and so on.  All five cards must be given for keys to compare.

    >>> from pokerroom.cards import parse_cards
    >>> suit_key(parse_cards("As Kd 9c 7h 4h")) > suit_key(parse_cards("Ah Ks 9d 7d 4s"))
    True
    """
    key = 0
    for card in sorted(cards, reverse=True):
        key = key * 64 + card + 1
    return key


def award(
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
    """Award the pot (``rules.md`` §9).

    ``contributions[i]`` is everything seat ``i`` put in this hand (folded seats
    included, uncalled bets already returned); ``strengths[i]`` its hand value (higher
    wins, equal values tie) or ``None`` if it folded or mucked; ``all_in[i]`` whether its
    contribution is final: it is all-in, or (live antes that differ by position) short of
    the others only by a smaller ante (only contesting seats' flags matter: a contesting
    seat not flagged must have put in the most); ``button`` the button's seat (seats are
    numbered clockwise from 0).  ``suit_order[i]`` is seat ``i``'s :func:`suit_key`, needed
    only for ``OddChip.BEST_SUIT`` when two or more seats contest (entries of other seats
    are ignored).  ``dead`` is dead money (dead antes) in the main pot besides the
    contributions.  The chips won always add up to the chips in the pot.

    001's example: A all-in (expectation 150) ties with B, who covers (300):

    >>> award([50, 125, 125], [5, 5, None], all_in=[True, False, False], button=2,
    ...       tie_split=TieSplit.PROPORTIONAL).won
    (100, 200, 0)
    >>> award([50, 125, 125], [5, 5, None], all_in=[True, False, False], button=2).won
    (75, 225, 0)

    Dead antes of 15 go into the main pot, which A, all-in, wins:

    >>> [pot.amount for pot in award([50, 125, 125], [9, 5, None], all_in=[True, False, False],
    ...                              button=2, dead=15).pots]
    [165, 150]
    """
    n = len(contributions)
    if len(strengths) != n or len(all_in) != n:
        raise PotError(
            f"one entry per seat needed: {n} contributions, {len(strengths)} strengths, "
            f"{len(all_in)} all-in flags"
        )
    if not 0 <= button < n:
        raise PotError(f"button {button!r} is not a seat (seats 0 to {n - 1})")
    contesting = [seat for seat, value in enumerate(strengths) if value is not None]
    total = _pot_total(contributions, dead)
    if not contesting:
        if total:
            raise PotError(
                f"{total} chips in the pot and no seat contests it (every strength is None)"
            )
        return Award((0,) * n, ())
    top = max(contributions)
    live = [contributions[seat] for seat in contesting]
    ctop = max(live)  # the highest contribution of a contesting seat
    low = min(live)  # and the lowest
    if low != top:
        _check_covered(contributions, contesting, all_in, top)
    won = [0] * n
    if len(contesting) == 1:
        seat = contesting[0]
        won[seat] = total
        return Award(tuple(won), (make_pot(total, (seat,), (seat,), (total,)),) if total else ())
    order = _odd_chip_order(n, button, odd_chip, suit_order)
    if low == ctop:  # every contesting seat put in the same: one pot, both rules agree
        return _one_pot(total, contesting, strengths, order, won)
    if tie_split is TieSplit.PROPORTIONAL:
        pots = _proportional(
            contributions,
            strengths,
            all_in,
            contesting,
            ctop=ctop,
            total=total,
            dead=dead,
            order=order,
            won=won,
        )
    else:
        if order.first:
            # PokerKit leaves the hands that win nothing out before it makes the pots
            # (State._begin_hand_killing), so each pot it splits is the union of the
            # layers its winners share, and the odd chips are counted on that union.
            probe = _side_pots(contributions, strengths, contesting, total=total, dead=dead,
                               order=order, won=[0] * n)  # fmt: skip
            winning = {seat for pot in probe for seat in pot.winners}
            contesting = [seat for seat in contesting if seat in winning]
        pots = _side_pots(
            contributions, strengths, contesting, total=total, dead=dead, order=order, won=won
        )
    return Award(tuple(won), tuple(pots))


def _pot_total(contributions: Sequence[int], dead: int) -> int:
    """The chips in the pot: the contributions (whole chips, never negative) and the dead
    money."""
    try:
        total = sum(contributions)
        valid = type(total) is int and min(contributions) >= 0
    except TypeError:
        valid = False
    if not valid:
        raise _chip_error(contributions)
    if type(dead) is not int or dead < 0:
        raise PotError(f"dead money {dead!r}: whole chips, never negative")
    return total + dead


def _odd_chip_order(n: int, button: int, odd_chip: OddChip,
                    suit_order: Sequence[int] | None) -> _Order:  # fmt: skip
    """The order the odd chips go in under ``odd_chip``."""
    if odd_chip is OddChip.BEST_SUIT:
        if suit_order is None:
            raise PotError("the best-suit odd-chip rule needs suit_order (see suit_key)")
        if len(suit_order) != n:
            raise PotError(f"one suit_order entry per seat needed: {len(suit_order)} for {n}")
        return _Order(n, button, suit_order)
    return _Order(n, button, None, first=odd_chip is OddChip.FIRST_LEFT_OF_BUTTON)


def _one_pot(total: int, contesting: list[int], strengths: Sequence[int | None],
             order: _Order, won: list[int]) -> Award:  # fmt: skip
    """The award when every contesting seat put in the same: one pot (``won``: zeros)."""
    if not total:
        return Award(tuple(won), ())
    winners = _best(contesting, strengths)
    if len(winners) == 1:
        won[winners[0]] = total
        shares = [total]
    else:
        shares = _split(total, winners, None, order)
        for seat, share in zip(winners, shares, strict=True):
            won[seat] = share
    return Award(tuple(won), (make_pot(total, tuple(contesting), tuple(winners), tuple(shares)),))


def _check_covered(
    contributions: Sequence[int], contesting: list[int], all_in: Sequence[bool], top: int
) -> None:
    """Refuse a contesting seat that is not all-in yet put in less than another seat."""
    for seat in contesting:
        chips = contributions[seat]
        if chips != top and not all_in[seat]:
            raise PotError(
                f"seat {seat} contests the pot with {chips} in, less than the {top} another "
                f"seat put in, and is not all-in: return uncalled bets first, or mark it "
                f"all-in (contributions {list(contributions)}, all-in {list(all_in)})"
            )


def _chip_error(contributions: Sequence[object]) -> PotError:
    """The error for contributions that are not all whole, non-negative chip counts."""
    for seat, chips in enumerate(contributions):
        if not isinstance(chips, int) or chips < 0:
            return PotError(
                f"seat {seat} put in {chips!r}: contributions are whole chips, never "
                f"negative (contributions {list(contributions)})"
            )
    return PotError(f"contributions are not whole chip counts: {list(contributions)}")


class _Order:
    """The odd-chip order: sorts a few seats, first to get an odd chip first; with
    ``first``, that seat gets every odd chip of the pot."""

    __slots__ = ("button", "first", "n", "suits")

    def __init__(
        self, n: int, button: int, suits: Sequence[int] | None, *, first: bool = False
    ) -> None:
        self.n = n
        self.button = button
        self.suits = suits
        self.first = first

    def key(self, seat: int) -> tuple[int, int]:
        left = (seat - self.button - 1) % self.n  # 0 for the seat left of the button
        return (-self.suits[seat], left) if self.suits is not None else (0, left)


def _best(seats: list[int], strengths: Sequence[int | None]) -> list[int]:
    """The seats (in the given order) holding the best hand among ``seats``."""
    best: int | None = None
    winners: list[int] = []
    for seat in seats:
        value = strengths[seat]
        assert value is not None
        if best is None or value > best:
            best = value
            winners = [seat]
        elif value == best:
            winners.append(seat)
    return winners


def _split(amount: int, winners: list[int], weights: list[int] | None, order: _Order) -> list[int]:
    """Shares of ``amount`` for ``winners``: equal, or floored in proportion to
    ``weights``; the chips left over one at a time in the odd-chip order."""
    k = len(winners)
    if k == 1:
        return [amount]
    if weights is None:
        base, extra = divmod(amount, k)
        shares = [base] * k
    else:
        whole = sum(weights)
        shares = [amount * weight // whole for weight in weights]
        extra = amount - sum(shares)
    if extra:
        ranked = sorted(range(k), key=lambda x: order.key(winners[x]))
        if order.first:
            # every chip left over to the first winner; in proportion, no more than its
            # weight takes (what it can still win: a share is never above it), the rest to
            # the next (the weights add up to at least the amount: there is room)
            for index in ranked:
                room = extra if weights is None else min(extra, weights[index] - shares[index])
                shares[index] += room
                extra -= room
                if not extra:
                    break
        else:
            for index in ranked[:extra]:
                shares[index] += 1
    return shares


def _side_pots(
    contributions: Sequence[int],
    strengths: Sequence[int | None],
    contesting: list[int],
    *,
    total: int,
    dead: int,
    order: _Order,
    won: list[int],
) -> list[Pot]:
    """Standard side pots: a layer per distinct contribution of a contesting seat; the
    dead money in the first (the main pot)."""
    levels = sorted({contributions[seat] for seat in contesting})
    pots: list[Pot] = []
    below = 0  # chips taken by the layers so far
    for index, level in enumerate(levels):
        if index == len(levels) - 1:
            amount = total - below  # the top layer, with any folded chips above it
        else:  # the chips up to this level, the dead money (all in the first layer) with them
            amount = sum(chips if chips < level else level for chips in contributions)
            amount += dead - below
        if not amount:
            continue
        below += amount
        eligible = [seat for seat in contesting if contributions[seat] >= level]
        winners = _best(eligible, strengths)
        shares = _split(amount, winners, None, order)
        for seat, share in zip(winners, shares, strict=True):
            won[seat] += share
        pots.append(make_pot(amount, tuple(eligible), tuple(winners), tuple(shares)))
    return pots


def _proportional(
    contributions: Sequence[int],
    strengths: Sequence[int | None],
    all_in: Sequence[bool],
    contesting: list[int],
    *,
    ctop: int,
    total: int,
    dead: int,
    order: _Order,
    won: list[int],
) -> list[Pot]:
    """001's rule, as ``rules.md`` §9 states it: walk the hands best first, holding D.
    Every expectation includes the dead money (it is in the main pot)."""
    expectation: dict[int, int] = {}
    for seat in contesting:
        mine = contributions[seat]
        if mine == ctop:
            expectation[seat] = total  # the top layer, every chip above it included
        else:
            expectation[seat] = dead + sum(
                chips if chips < mine else mine for chips in contributions
            )
    ranked = sorted(
        ((value, seat) for seat in contesting if (value := strengths[seat]) is not None),
        reverse=True,
    )
    pots: list[Pot] = []
    paid = 0  # D: the chips already awarded
    for _, tied in groupby(ranked, key=itemgetter(0)):
        group = [seat for _, seat in tied]
        claim = max(expectation[seat] for seat in group) - paid  # A
        if claim <= 0:
            continue
        members = sorted(seat for seat in group if expectation[seat] > paid)
        weights = None
        if len(members) > 1 and any(all_in[seat] for seat in members):
            weights = [expectation[seat] - paid for seat in members]
        shares = _split(claim, members, weights, order)
        for seat, share in zip(members, shares, strict=True):
            won[seat] = share
        eligible = tuple(seat for seat in contesting if expectation[seat] > paid)
        pots.append(make_pot(claim, eligible, tuple(members), tuple(shares)))
        paid += claim
        if paid == total:
            break
    return pots
