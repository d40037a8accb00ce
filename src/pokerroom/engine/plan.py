"""What a hand's rules mean at a given table: who posts which forced bet, who acts
first, the unit and raise cap of each round; computed once per rules, player count
and button (``rules.md`` §6), and the shuffle.

>>> from pokerroom.rules import Rules
>>> p = plan_for(Rules.preset("casino-limit"), 4, 0)
>>> p.blinds, p.first
([(1, 1), (2, 2)], 3)
>>> plan_for(Rules.preset("casino-limit"), 2, 0).blinds  # heads-up: the button posts the SB
[(0, 1), (1, 2)]
>>> p = plan_for(Rules.preset("computer-tournament"), 3, 2)
>>> p.antes, p.blinds, p.straddler
([(0, 2), (1, 2), (2, 2)], [(2, 5)], 0)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from pokerroom._rulecheck import players_problem
from pokerroom.cards import JOKER
from pokerroom.engine.deal import cards_needed, deal_cards, dealer, split_dealer
from pokerroom.engine.state import ALWAYS, FIXED, FULL_RAISE, NO_SMALLER, NOLIMIT, POT

if TYPE_CHECKING:
    from collections.abc import Callable

    from pokerroom.rules import Rules

__all__ = ["Plan", "PlanError", "draw", "plan_for", "shuffle_index"]


class PlanError(ValueError):
    """The rules cannot be played with this many players (too many blinds, antes...)."""


class Plan:
    """The forced bets and the order of play for one rules / players / button."""

    __slots__ = (
        "antes", "bits", "blinds", "caps", "count_all", "deal", "deal_holes", "deal_rest",
        "deck_size", "fast", "fields", "first", "limit",
        "lone", "needed", "openings", "orders", "reopen", "starts", "straddler", "top_blind",
        "units",
    )  # fmt: skip

    def __init__(self, rules: Rules, n: int, button: int) -> None:
        from pokerroom.rules import CapCount, Reopening, Structure

        r = rules
        why = players_problem(r, n)  # one forced bet per player, the antes' list...
        if why is not None:
            raise PlanError(f"{n} players: {why}")
        self.units = r.units
        self.caps = r.raise_caps
        self.limit = {Structure.FIXED_LIMIT: FIXED, Structure.NO_LIMIT: NOLIMIT}.get(
            r.structure, POT
        )
        self.fast = r.wild is None and r.min_hole_cards == 0
        self.needed = cards_needed(n, burn_cards=r.burn_cards)
        self.deck_size = JOKER + 1 if r.joker else JOKER
        # the number of orders of the cards a hand takes, and the random bits that cover it
        self.orders = _falling(self.deck_size, self.needed)
        self.bits = self.orders.bit_length()
        self.deal = dealer(self.deck_size, self.needed)  # a shuffle into the cards, in order
        # and in two parts: the hole cards, then (if a flop comes) the burns and the board
        self.deal_holes, self.deal_rest = split_dealer(self.deck_size, self.needed, 2 * n)
        antes = r.ante_amounts(n)
        self.antes = [((button + 1 + p) % n, a) for p, a in enumerate(antes) if a]
        blinds = list(r.blinds)
        while blinds and not blinds[-1]:
            blinds.pop()  # a blind of 0 after the last one posted: nobody posts it
        # ``players_problem`` saw to it that every blind (and the straddle) has a player
        if r.button_blind:
            seats = [(button + k) % n for k in range(len(blinds))]
        elif n == 2 and r.heads_up_reversed:
            seats = [button, (button + 1) % n][: len(blinds)]
        else:
            seats = [(button + 1 + k) % n for k in range(len(blinds))]
        self.blinds = [(s, b) for s, b in zip(seats, blinds, strict=True) if b]
        # the bet to call, even if posted short (unless the rules call what was posted)
        self.top_blind = max(blinds, default=0) if r.short_blind_called_in_full else 0
        # the big blind: the largest blind (of equal ones, the last)
        last = seats[max(range(len(seats)), key=lambda k: (blinds[k], k))] if seats else button
        self.straddler = (last + 1) % n if r.straddle else -1
        # Pre-flop the player after the big blind acts first (after the straddler, who
        # decides before anyone); with no blinds, the first seat left of the button.
        # Later rounds: the first seat left of the button.  ``first_to_act`` overrides.
        after = self.straddler if r.straddle else last
        self.first = (after + 1) % n if (seats or r.straddle) else (button + 1) % n
        starts = [self.first] + [(button + 1) % n] * 3
        if r.first_to_act is not None:
            starts = [(button + 1 + p) % n for p in r.first_to_act]
            self.first = starts[0]
        self.starts = tuple(starts)
        self.reopen = {Reopening.FULL_RAISE: FULL_RAISE, Reopening.NO_SMALLER: NO_SMALLER}.get(
            r.reopening, ALWAYS
        )
        self.count_all = r.cap_counts is CapCount.BETS_AND_RAISES
        self.lone = r.lone_player_acts
        # what a hand copies into its own fields as it starts, in the order it takes them
        self.fields = (self.units, self.caps, self.limit, self.fast, self.reopen,
                       self.count_all, self.lone, self.starts)  # fmt: skip
        # The state of a hand once its forced bets are posted and the first turn is given,
        # by starting stacks (filled and read by Hand: it depends on nothing else).
        self.openings: dict[tuple[int, ...], tuple[Any, ...]] = {}


_CACHE: dict[tuple[int, int, int], tuple[Rules, Plan]] = {}


def plan_for(rules: Rules, n: int, button: int) -> Plan:
    """The :class:`Plan` of these rules for ``n`` players and this button (cached)."""
    key = (id(rules), n, button)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    plan = Plan(rules, n, button)
    if len(_CACHE) > 4096:
        _CACHE.clear()
    _CACHE[key] = (rules, plan)
    return plan


_FALLING: dict[tuple[int, int], int] = {}


def _falling(size: int, k: int) -> int:
    """``size × (size - 1) × … × (size - k + 1)``: the orders of ``k`` cards of ``size``."""
    total = _FALLING.get((size, k))
    if total is None:
        total = 1
        for m in range(size - k + 1, size + 1):
            total *= m
        _FALLING[(size, k)] = total
    return total


def draw(rng: random.Random, size: int, k: int) -> list[int]:
    """``k`` distinct cards of ``0 .. size - 1`` in a uniformly random order.

    A partial Fisher–Yates shuffle whose indices are the mixed-radix digits of one
    uniformly random integer below ``size × (size - 1) × … × (size - k + 1)`` (drawn
    with ``getrandbits`` and rejection, so exactly uniform): the same distribution as
    the first ``k`` cards of a shuffled deck, at a fraction of the cost.  (A hand draws
    the integer when it starts, and turns it into cards with
    :func:`~pokerroom.engine.deal.deal_cards` only when it needs them.)

    >>> sorted(draw(random.Random(3), 5, 5))
    [0, 1, 2, 3, 4]
    """
    total = _falling(size, k)
    return deal_cards(shuffle_index(rng.getrandbits, total, total.bit_length()), size, k)


def shuffle_index(getrandbits: Callable[[int], int], total: int, bits: int) -> int:
    """A uniformly random integer below ``total`` (whose bit length is ``bits``):
    ``getrandbits(bits)``, drawn again while too large.  The shuffle of :func:`draw`,
    and of each hand as it starts (``Plan.orders`` and ``Plan.bits``).

    >>> shuffle_index(random.Random(3).getrandbits, 60, 6) < 60
    True
    """
    x = getrandbits(bits)
    while x >= total:
        x = getrandbits(bits)
    return x
