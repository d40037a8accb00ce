"""Cash tables: players sit down with a buy-in, top up, sit out, come back and stand up
with their chips, between hands (see the rules guide, "Cash tables").

This module is the pure part: the table's cash settings (:class:`CashGame`), what each
seat owes (:class:`CashSeats`), and who is dealt into the next hand, who has the button
and who posts what (:func:`plan_deal`); :class:`~pokerroom.table.Table` calls it.

The rules chosen (``rules.md`` says only that the button moves one seat clockwise,
skipping seats that are out; the rest follows common cardroom practice):

* The button moves to the next seat clockwise that is *ready* (sitting in, with chips,
  owing nothing); empty seats, seats sitting out and seats still owing a blind are
  skipped.  The blinds are posted by the seats dealt in after it, as in any hand.
* When fewer than two seats are ready, a new game starts: every seat sitting in with
  chips is dealt in and owes nothing.
* A newcomer owes a big blind; a seat sitting out owes the small blind when a hand's
  small blind is posted past it (it lies between the button and the small blind), and
  the big blind when the big blind is posted past it (between the small and the big
  blind): the blinds it would have posted had it been dealt in.
* ``new_players="wait"``: a seat owing anything waits until the big blind comes to it
  (it is dealt in only as the big blind, and then owes nothing).
  ``new_players="post"``: it is dealt in at once, posting a big blind *live* (it counts
  as its bet; with no raise it has the option when the action comes back) if it owes
  one, and the small blind *dead* (into the pot, not part of its bet) if it owes one;
  it posts nothing when it is the big blind anyway; a seat that would land in the small
  blind waits a hand (a seat coming in never posts a small blind in turn).
* Games whose forced bets are not blinds left of the button (no blinds, 001's button
  blind, a straddle) have nothing to owe: every seat sitting in with chips is dealt in.
* The waiting list: when every seat is taken, players put their names down; while
  anyone is waiting, an empty seat goes to the first name on the list (the others are
  refused it), who leaves the list by sitting down (or by being taken off).
* A hand is dealt only when at least two seats can be dealt in.  A seat that loses its
  last chip stays seated with 0 and sits out until it tops up (to at least the minimum
  buy-in), which sits it in again.

>>> game = CashGame(min_buy_in=40, max_buy_in=200, new_players="post")
>>> CashGame.from_mapping(game.to_mapping()) == game
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from pokerroom._rulevalues import MAX_CHIPS, not_whole, shown
from pokerroom.conventions import AnteRule
from pokerroom.engine.plan import plan_for
from pokerroom.rules import Rules
from pokerroom.table.info import TableError

__all__ = ["CashError", "CashGame", "CashSeats", "Deal", "NewPlayers", "Post", "plan_deal"]


class CashError(TableError):
    """A cash-table move that is not allowed now (mid-hand, a seat taken, a buy-in out of
    bounds...): the message names the rule and the legal choices; nothing changed."""


class NewPlayers(Enum):
    """How a newcomer, or a player back from sitting out who missed blinds, comes in."""

    WAIT = "wait"
    """Wait for the big blind: dealt in only when the big blind comes to the seat."""
    POST = "post"
    """Post at once: a big blind live (and a missed small blind dead), dealt in now."""


@dataclass(frozen=True, slots=True)
class CashGame:
    """A cash table's settings: the buy-in bounds (``max_buy_in`` None: no maximum) and
    how newcomers and returning players come in (:class:`NewPlayers`)."""

    min_buy_in: int = 1
    max_buy_in: int | None = None
    new_players: NewPlayers = NewPlayers.WAIT

    def __init__(
        self,
        min_buy_in: int = 1,
        max_buy_in: int | None = None,
        new_players: NewPlayers | str = NewPlayers.WAIT,
    ) -> None:
        for name, value in (("min_buy_in", min_buy_in), ("max_buy_in", max_buy_in)):
            if value is None and name == "max_buy_in":
                continue
            why = not_whole(value)
            if why is None and not 1 <= value <= MAX_CHIPS:  # type: ignore[operator]
                why = f"1 to {MAX_CHIPS:,} chips"
            if why is not None:
                raise TableError(f"{name} is {shown(value)}: {why}")
        if max_buy_in is not None and max_buy_in < min_buy_in:
            raise TableError(
                f"max_buy_in {max_buy_in} is below min_buy_in {min_buy_in}: the maximum is at "
                "least the minimum (or None: no maximum)"
            )
        try:
            mode = NewPlayers(new_players)
        except ValueError:
            raise TableError(
                f"new_players is {shown(new_players)}: 'wait' (for the big blind) or 'post'"
            ) from None
        object.__setattr__(self, "min_buy_in", min_buy_in)
        object.__setattr__(self, "max_buy_in", max_buy_in)
        object.__setattr__(self, "new_players", mode)

    def buy_in_range(self) -> str:
        top = "no maximum" if self.max_buy_in is None else f"at most {self.max_buy_in}"
        return f"at least {self.min_buy_in}, {top}"

    def to_mapping(self) -> dict[str, Any]:
        return {"min_buy_in": self.min_buy_in, "max_buy_in": self.max_buy_in,
                "new_players": self.new_players.value}  # fmt: skip

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> CashGame:
        unknown = set(data) - {"min_buy_in", "max_buy_in", "new_players"}
        if unknown:
            raise TableError(f"unknown cash fields: {', '.join(sorted(unknown))}")
        return cls(data.get("min_buy_in", 1), data.get("max_buy_in"),
                   data.get("new_players", "wait"))  # fmt: skip


class Post(NamedTuple):
    """What a seat coming in posts: ``live`` (a big blind that counts as its bet) and
    ``dead`` (a missed small blind, into the pot)."""

    seat: int
    live: int
    dead: int


class Deal(NamedTuple):
    """The next hand's layout: the button, the table seats dealt in (clockwise from seat
    0), the posts, the rules of the hand (the level's, with the posts added), and what
    each seat owes once it is dealt (:attr:`CashSeats.owe_bb`, :attr:`CashSeats.owe_sb`)."""

    button: int
    seats: tuple[int, ...]
    posts: tuple[Post, ...]
    rules: Rules
    owe_bb: tuple[bool, ...]
    owe_sb: tuple[bool, ...]


class CashSeats:
    """Each seat's cash state: taken or empty, sitting out, owing a big or small blind;
    and the chips brought to the table (``bought``) and taken away (``cashed``)."""

    __slots__ = (
        "bought", "cashed", "game", "owe_bb", "owe_sb", "posts", "sitting_out", "taken",
        "waiting",
    )  # fmt: skip

    def __init__(self, game: CashGame, stacks: Sequence[int]) -> None:
        n = len(stacks)
        self.game = game
        self.taken = [c > 0 for c in stacks]
        self.sitting_out = [False] * n
        self.owe_bb = [False] * n
        self.owe_sb = [False] * n
        self.bought = 0
        self.cashed = 0
        self.posts: tuple[Post, ...] = ()  # the last hand's
        self.waiting: list[str] = []  # the waiting list, first come first

    def commit(self, deal: Deal) -> None:
        """The hand ``deal`` describes was dealt: the debts as it leaves them."""
        self.owe_bb = list(deal.owe_bb)
        self.owe_sb = list(deal.owe_sb)
        self.posts = deal.posts

    def owes(self, seat: int) -> bool:
        return self.owe_bb[seat] or self.owe_sb[seat]

    def to_mapping(self) -> dict[str, Any]:
        return {
            "game": self.game.to_mapping(), "taken": list(self.taken),
            "sitting_out": list(self.sitting_out), "owe_bb": list(self.owe_bb),
            "owe_sb": list(self.owe_sb), "bought": self.bought, "cashed": self.cashed,
            "waiting": list(self.waiting),
        }  # fmt: skip

    def load(self, data: Mapping[str, Any]) -> None:
        """The state ``to_mapping`` gave (checked: one true or false per seat, chips
        whole and 0 or more)."""
        n = len(self.taken)
        for name in ("taken", "sitting_out", "owe_bb", "owe_sb"):
            value = data[name]
            if not isinstance(value, list) or len(value) != n or any(
                type(v) is not bool for v in value
            ):
                raise TableError(f"cash.{name}: one true or false per seat")
            setattr(self, name, list(value))
        waiting = data.get("waiting", [])
        if not isinstance(waiting, list) or not all(isinstance(w, str) and w for w in waiting):
            raise TableError("cash.waiting: the names on the waiting list")
        if len(set(waiting)) != len(waiting):
            raise TableError("cash.waiting: a name is on the waiting list twice")
        self.waiting = list(waiting)
        for name in ("bought", "cashed"):
            value = data[name]
            if type(value) is not int or value < 0:
                raise TableError(f"cash.{name} is {value!r}: whole chips, 0 or more")
            setattr(self, name, value)


def posting(rules: Rules) -> bool:
    """Whether seats can owe blinds in this game: blinds posted left of the button."""
    return any(rules.blinds) and not rules.button_blind and not rules.straddle


def _blind_seats(rules: Rules, seats: Sequence[int], button: int) -> tuple[list[int], int]:
    """The table seats posting the small blinds, and the big blind's, when ``seats`` are
    dealt in with ``button``."""
    k = len(seats)
    plan = plan_for(rules, k, seats.index(button))
    blinds = plan.blinds
    big = max(range(len(blinds)), key=lambda i: (blinds[i][1], i))
    return [seats[h] for i, (h, _) in enumerate(blinds) if i != big], seats[blinds[big][0]]


def _after(seat: int, n: int) -> list[int]:
    """The seats clockwise after ``seat``, ``seat`` last."""
    return [(seat + k) % n for k in range(1, n + 1)]


def plan_deal(
    state: CashSeats, stacks: Sequence[int], last_button: int, first: bool, rules: Rules
) -> Deal | None:
    """Who is dealt into the next hand (None: fewer than two can be), and what each seat
    owes then: the debts of seats that come in cleared, the blinds missed by seats
    sitting out added.  ``state`` is not changed."""
    n = len(stacks)
    live = [t for t in range(n) if state.taken[t] and not state.sitting_out[t] and stacks[t] > 0]
    owing = posting(rules)
    ready = [t for t in live if not (owing and state.owes(t))]
    if len(ready) < 2:  # a new game starts: nobody owes anything
        ready = live
        owing = False
    if len(ready) < 2:
        return None
    start = last_button if first else (last_button + 1) % n
    button = next(t for t in [start, *_after(start, n)] if t in ready)
    owe_bb, owe_sb = list(state.owe_bb), list(state.owe_sb)
    if not owing:
        for t in ready:
            owe_bb[t] = owe_sb[t] = False
        return Deal(button, tuple(ready), (), rules, tuple(owe_bb), tuple(owe_sb))
    waiting = [t for t in _after(button, n) if t in live and t not in ready]
    dealt = set(ready)
    if state.game.new_players is NewPlayers.WAIT:
        for t in waiting:  # the first that would be the big blind comes in
            if _blind_seats(rules, sorted(dealt | {t}), button)[1] == t:
                dealt.add(t)
                break
    else:
        dealt.update(waiting)
        while True:  # a seat coming in on the small blind waits
            small, _ = _blind_seats(rules, sorted(dealt), button)
            late = [t for t in small if t in waiting]
            if not late:
                break
            dealt.difference_update(late)
    seats = tuple(sorted(dealt))
    small, big = _blind_seats(rules, seats, button)
    posts = []
    bb = max(rules.blinds)
    sb = sum(rules.blinds) - bb
    for t in waiting:
        if t in dealt and t != big:
            posts.append(Post(t, bb if owe_bb[t] else 0, sb if owe_sb[t] else 0))
        if t in dealt:
            owe_bb[t] = owe_sb[t] = False
    _mark_missed(state, stacks, button, small, big, owe_bb=owe_bb, owe_sb=owe_sb)
    return Deal(button, seats, tuple(posts), hand_rules(rules, seats, button, posts),
                tuple(owe_bb), tuple(owe_sb))  # fmt: skip


def _mark_missed(
    state: CashSeats, stacks: Sequence[int], button: int, small: list[int], big: int, *,
    owe_bb: list[bool], owe_sb: list[bool],
) -> None:
    """Seats sitting out between the button and the small blind miss the small blind;
    between the small and the big blind, the big blind."""
    n = len(stacks)
    order = _after(button, n)
    first_small = small[0] if small else big
    past_small = False
    for t in order:
        if t == big:
            break
        if t == first_small:
            past_small = True
            continue
        if state.taken[t] and (state.sitting_out[t] or stacks[t] == 0):
            if past_small:
                owe_bb[t] = True
            else:
                owe_sb[t] = True


def hand_rules(rules: Rules, seats: Sequence[int], button: int, posts: Sequence[Post]) -> Rules:
    """The rules of a hand with ``posts``: each live post is a blind at the poster's
    position, each dead one an ante of the poster (the hand's antes are then dead
    money); the first to act pre-flop is still the seat after the big blind."""
    if not posts:
        return rules
    k = len(seats)
    b = seats.index(button)
    blinds = list(rules.blinds)
    antes = list(rules.ante_amounts(k))
    for post in posts:
        p = (seats.index(post.seat) - b - 1) % k
        if post.live:
            blinds.extend([0] * (p + 1 - len(blinds)))
            blinds[p] = post.live
        antes[p] += post.dead
    _, big = _blind_seats(rules, seats, button)
    opener = (seats.index(big) - b) % k  # the position after the big blind's
    later = tuple(rules.first_to_act[1:]) if rules.first_to_act else (0, 0, 0)
    changes: dict[str, Any] = {
        "blinds": tuple(blinds),
        "first_to_act": (opener, *later),
        "derived": tuple(d for d in rules.derived if d != "blinds"),
    }
    if any(post.dead for post in posts):
        changes.update(antes=tuple(antes), ante_rule=AnteRule.FIXED, dead_antes=True)
    return rules.replace(**changes)
