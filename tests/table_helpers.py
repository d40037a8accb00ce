"""Shared helpers of the table and player tests: the rule sets every test sweeps, stacked
decks for a table's next hand, a fake clock, a walk over what a player was given, and
heads-up hands played to the end by one chooser, and hands of check or call until a
condition comes."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Sequence

from pokerroom.cards import Card, Deck, parse_cards
from pokerroom.engine import Action, Hand, LegalActions, PlayerView, Street, stacked_deck
from pokerroom.rules import PRESETS, Rules
from pokerroom.table import Table

# Every preset, and the variations of rules.md a table must also play: pot limit,
# deuces wild, a fully wild joker, Omaha-style hands, antes with blinds, cards speak
# under the computer-tournament betting.
RULESETS: dict[str, Rules] = {
    **PRESETS,
    "pot-limit": Rules.preset("no-limit", structure="pot-limit"),
    "deuces-wild": Rules.preset("wild", wild="2", joker="none"),
    "joker-wild": Rules.preset("wild", joker="wild"),
    "two-hole-cards": Rules.preset("casino-limit", min_hole_cards=2),
    "antes-and-blinds": Rules.preset("no-limit", antes=1, blinds=(1, 2)),
    "announced-no-limit": Rules.preset("no-limit", showdown="announced"),
}


def small(rules: Rules, big_bets: int = 12) -> Rules:
    """The rules with a buy-in of about ``big_bets`` big bets, so freeze-outs end soon."""
    unit = max(rules.units[3], rules.big_blind)
    return rules.replace(buy_in=big_bets * unit)


def deck_for(table: Table, holes: Sequence[str | None], board: str = "") -> Deck:
    """A deck for the table's next hand: ``holes`` by *table* seat (seats out of the game
    are skipped), the button where the table will put it."""
    stacks = table.stacks if not table.reset_stacks else table.initial_stacks
    seats = [t for t in range(table.size) if stacks[t] > 0]
    button = table.next_button
    cards = [parse_cards(holes[t]) if t < len(holes) and holes[t] else None for t in seats]
    rules = table.hand_rules
    return stacked_deck(cards, parse_cards(board, allow_empty=True), button=seats.index(button),
                        burn_cards=rules.burn_cards, joker=rules.joker)  # fmt: skip


class FakeClock:
    """A clock that moves only when told (seconds)."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def cards_in(value: object) -> Iterator[Card]:
    """Every :class:`Card` anywhere inside ``value`` (dataclasses, tuples, named tuples,
    legal actions, mappings), whatever the depth."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, str | int | float | bool | type(None)):
        return
    elif isinstance(value, LegalActions):
        yield from cards_in((value.values, value.kinds))
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from cards_in(k)
            yield from cards_in(v)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from cards_in(item)


def play_passively(table: Table, until: Callable[[], bool]) -> None:
    """Hands of check or call (the showdown decided by the table) until ``until()``;
    AssertionError if it has not come after 200 hands."""
    for _ in range(200):
        if until():
            return
        if not table.in_hand:
            table.start_hand(auto_showdown=True)
        while table.in_hand:
            legal = table.legal_actions()
            table.apply(Action.call() if legal.call else Action.check())
    raise AssertionError("the condition never came")


def first_legal(table: Table) -> Action:
    """Check or call (or post 001's straddle): an action that is always legal."""
    legal = table.legal_actions()
    for action in legal:  # type: ignore[attr-defined]
        if action.kind.value in ("check", "call"):
            return action  # type: ignore[no-any-return]
    return next(iter(legal))  # type: ignore[call-overload, no-any-return]


def heads_up_hands(
    rules: Rules, rng: random.Random, hands: int, choose: Callable[[PlayerView], Action]
) -> tuple[int, set[Street]]:
    """``hands`` heads-up hands (the button alternating, stacks of the buy-in) played to
    their end, ``choose`` deciding every turn of both seats; how many turns it decided,
    and on which streets."""
    decisions = 0
    streets: set[Street] = set()
    for i in range(hands):
        hand = Hand(rules, [rules.buy_in] * 2, button=i % 2, rng=rng)
        while hand.to_act is not None and hand.street is not Street.SHOWDOWN:
            view = hand.view(hand.to_act)
            hand.apply(choose(view))
            decisions += 1
            streets.add(view.street)
    return decisions, streets
