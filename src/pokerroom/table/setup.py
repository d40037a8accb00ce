"""Setting a table up: the starting stacks, the names, rules that can be played at every
player count the game will reach, and the first button (``rules.md`` §3)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerroom._rulevalues import not_whole, shown, too_large
from pokerroom.cards import Deck, Rank
from pokerroom.engine import Hand, HandError
from pokerroom.rules import Rules
from pokerroom.table.cash import CashGame
from pokerroom.table.info import FirstButton, TableError, TableEvent, TableEventKind

__all__ = ["cash_stacks", "check_playable", "first_button", "starting_stacks", "table_names"]


def first_button(
    button: int | FirstButton | str, n: int, rules: Rules, rng: random.Random
) -> tuple[int, TableEvent]:
    """The first button's seat and the log line that says how it was chosen.

    000's procedure deals the game's pack face up one card at a time to each seat,
    starting left of seat 0, until a jack appears (the joker is no jack)."""
    if type(button) is int:
        if not 0 <= button < n:
            raise TableError(f"button {shown(button)} is not a seat (0 to {n - 1})")
        return button, TableEvent(TableEventKind.BUTTON, 0, button, "given")
    try:
        how = FirstButton(button)
    except ValueError:
        why = "" if isinstance(button, str) else f"{not_whole(button)}; "
        raise TableError(
            f"button {shown(button)}: {why}a seat number (0 to {n - 1}), 'random' or 'first-jack'"
        ) from None
    if how is FirstButton.RANDOM:
        seat = rng.randrange(n)
        return seat, TableEvent(TableEventKind.BUTTON, 0, seat, "drawn at random")
    deck = Deck(joker=rules.joker, rng=rng)
    dealt = []
    seat = 0
    while True:
        seat = (seat + 1) % n
        card = deck.deal_one()
        dealt.append(card)
        if not card.is_joker and card.rank is Rank.JACK:
            return seat, TableEvent(TableEventKind.BUTTON, 0, seat, "first jack", tuple(dealt))


def starting_stacks(rules: Rules, seats: int | Sequence[int] | None) -> tuple[int, ...]:
    if seats is None:
        if rules.players is None:
            raise TableError("how many seats? pass seats= (or rules with players set)")
        seats = rules.players
    if type(seats) is int:
        if not 2 <= seats <= 14:
            raise TableError(f"{shown(seats)} seats: a table has 2 to 14")
        stacks: tuple[int, ...] = (rules.buy_in,) * seats
    elif isinstance(seats, Sequence) and not isinstance(seats, (str, bytes)):
        stacks = tuple(seats)
        if not 2 <= len(stacks) <= 14:
            raise TableError(f"{len(stacks)} seats: a table has 2 to 14")
        bad = []
        for i, chips in enumerate(stacks):
            why = not_whole(chips)
            if why is None:
                why = "a player needs 1 or more" if chips < 1 else too_large(chips)
            if why is not None:
                bad.append(f"seat {i} has {shown(chips)}: {why}")
        if bad:
            raise TableError("starting stacks are whole chips, 1 or more: " + "; ".join(bad))
    else:
        why = not_whole(seats) or "neither"
        raise TableError(
            f"seats is {shown(seats)}: {why} (a number of seats, 2 to 14, or the starting "
            f"stacks, like [100, 100])"
        )
    if rules.players is not None and len(stacks) != rules.players:
        raise TableError(f"{len(stacks)} seats, but the rules are for {rules.players} players")
    return stacks


def cash_stacks(cash: CashGame, seats: int | Sequence[int] | None, rules: Rules) -> tuple[int, ...]:
    """A cash table's seats: a number of empty seats, or each seat's chips (0: empty; a
    taken seat's chips within the buy-in bounds)."""
    if seats is None or type(seats) is int:
        count = rules.players if seats is None else seats
        if type(count) is not int or not 2 <= count <= 14:
            raise TableError(f"{shown(count)} seats: a table has 2 to 14 (pass seats=)")
        return (0,) * count
    if not isinstance(seats, Sequence) or isinstance(seats, (str, bytes)):
        raise TableError(f"seats is {shown(seats)}: a number of seats or each seat's chips")
    stacks = tuple(seats)
    if not 2 <= len(stacks) <= 14:
        raise TableError(f"{len(stacks)} seats: a table has 2 to 14")
    top = cash.max_buy_in
    for i, chips in enumerate(stacks):
        if type(chips) is not int or (chips != 0 and not (
            cash.min_buy_in <= chips and (top is None or chips <= top)
        )):
            raise TableError(
                f"seat {i} has {shown(chips)}: 0 (an empty seat) or a buy-in "
                f"{cash.buy_in_range()}"
            )
    return stacks


def table_names(names: Sequence[str] | None, n: int) -> tuple[str, ...]:
    if names is None:
        return tuple(f"seat {i}" for i in range(n))
    out = tuple(names)
    if len(out) != n or not all(isinstance(x, str) and x for x in out):
        raise TableError(f"names: {n} non-empty strings, one per seat, not {list(out)!r}")
    return out


def check_playable(levels: list[Rules], n: int, fixed_count: bool) -> None:
    """Refuse rules that cannot deal a hand at some player count the game will reach."""
    problems = []
    counts = [n] if fixed_count else list(range(n, 1, -1))
    for i, rules in enumerate(levels):
        for k in counts:
            try:
                Hand(rules, [rules.buy_in] * k, rng=random.Random(0))
            except HandError as exc:
                where = f"level {i}, " if len(levels) > 1 else ""
                said = str(exc)
                count = f"{k} players: "
                if count in said:  # the hand's message names the count already: once only
                    said = said.replace(count, "", 1)
                problems.append(f"{where}{count}{said}")
                break
    if problems:
        raise TableError(
            "these rules cannot be played down to heads-up: " + "; ".join(problems)
            if not fixed_count
            else "these rules cannot be played: " + "; ".join(problems)
        )
