"""What the table screen shows, worked out from one seat's :class:`PlayerView`.

Pure functions, no Textual: the widgets only lay out what these return, so everything a
player sees is decided (and tested) here, from the view alone.  A view never holds
another seat's hole cards before they are shown, so nothing here can leak them; cards
of a seat that folded or mucked are never drawn, not even their backs.

>>> import random
>>> from pokerroom.engine import Hand
>>> from pokerroom.rules import Rules
>>> hand = Hand(Rules.preset("no-limit"), [500, 500, 500], button=0, rng=random.Random(3))
>>> hand.raise_to(12)
>>> [(s.name, s.marks, s.stack, s.bet, s.status) for s in seats(hand.view(0), NAMES3)]
[('You', 'D', 488, 12, ''), ('Ada', 'SB', 498, 2, 'to act'), ('Bo', 'BB', 496, 4, '')]
>>> [(p.name, p.amount) for p in pots(hand.view(0))]
[('pot', 18)]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from pokerroom.cards import Card
from pokerroom.engine.events import Event, EventKind
from pokerroom.engine.pots import Pot
from pokerroom.engine.view import HandResult, PlayerView
from pokerroom.evaluator import best_hand
from pokerroom.history.record import PlayedHand
from pokerroom.history.text import sections

__all__ = [
    "NAMES3",
    "PotLine",
    "SeatLine",
    "dealt_in",
    "hand_name",
    "log_lines",
    "outcome_lines",
    "played_hand",
    "pots",
    "seats",
    "turn_text",
]

NAMES3 = ("You", "Ada", "Bo")
"""Names for the examples."""

_K = EventKind
T = TypeVar("T")
_LAST = {_K.CHECK: "checks", _K.CALL: "calls", _K.BET: "bets", _K.RAISE: "raises"}


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat as the table shows it.

    ``marks`` are the button and forced bets (``D``, ``SB``, ``BB``, ``BL`` for 001's
    button blind, ``ST`` for a straddle, several joined by spaces); ``status`` is one of
    ``""``, ``"to act"``, ``"folded"``, ``"all-in"``, ``"mucked"``, ``"out"`` (no chips:
    out of the freeze-out), ``"sitting out"`` (not dealt in, its chips kept: a room's cash
    seat sitting out); ``cards`` the cards to draw (``None`` for a face-down card;
    empty for none at all: folded, mucked, out); ``won`` the chips won once the hand is
    over; ``last`` the seat's last action in this betting round (``"calls"``; the amount
    is its ``bet``).
    """

    seat: int
    name: str
    stack: int
    bet: int
    marks: str
    status: str
    cards: tuple[Card | None, ...]
    is_you: bool = False
    won: int = 0
    last: str = ""


@dataclass(frozen=True, slots=True)
class PotLine:
    """The pot, or one of the main and side pots, with the seats that can win it (and,
    once the hand is over, who won it)."""

    name: str
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()


def _marks(view: PlayerView) -> list[list[str]]:
    marks: list[list[str]] = [[] for _ in range(view.players)]
    marks[view.button].append("D")
    blinds = [e.seat for e in view.events if e.kind is _K.BLIND]
    if view.rules.button_blind or len(blinds) == 1:
        words = ["BL"] * len(blinds)
    else:
        words = ["SB", "BB"] + ["ST"] * max(0, len(blinds) - 2)
    for seat, word in zip(blinds, words, strict=False):
        marks[seat].append(word)
    for e in view.events:
        if e.kind is _K.STRADDLE:
            marks[e.seat].append("ST")
    return marks


def seats(
    view: PlayerView, names: Sequence[str], *, out: Sequence[bool] | None = None
) -> list[SeatLine]:
    """Every seat of the hand as the viewer may see it.

    ``out`` marks seats that are not dealt in: out of the game if they have no chips,
    else sitting out with their chips; either way with no cards.
    """
    marks = _marks(view)
    mucked = {e.seat for e in view.events if e.kind is _K.MUCK}
    last = {e.seat: _LAST[e.kind] for e in view.events if e.street is view.street
            and e.kind in _LAST}  # fmt: skip
    result = view.result
    lines = []
    for s in range(view.players):
        if out is not None and out[s]:
            stack = view.stacks[s]
            status = "sitting out" if stack > 0 else "out"
            lines.append(SeatLine(s, names[s], stack, 0, "", status, (), s == view.seat))
            continue
        status = ""
        cards: tuple[Card | None, ...] = (None, None)
        if view.folded[s]:
            status, cards = "folded", ()
        elif s in mucked:
            status, cards = "mucked", ()
        elif view.all_in[s]:
            status = "all-in"
        elif view.to_act == s:
            status = "to act"
        shown = view.shown[s]
        if s == view.seat and not view.folded[s]:
            cards = view.hole
        elif shown is not None:
            cards = shown
        won = result.won[s] if result is not None else 0
        mark = " ".join(marks[s])
        line = SeatLine(s, names[s], view.stacks[s], view.bets[s], mark, status, tuple(cards),
                        s == view.seat, won, last.get(s, ""))  # fmt: skip
        lines.append(line)
    return lines


def pots(view: PlayerView) -> list[PotLine]:
    """The pot and, once a player is all-in for less, the main pot and each side pot.

    In play, the pot is layered at each all-in player's total: each layer can be won
    by the live players who put in at least that much (chips bet this round included)
    or who can still match it (not all-in).
    Once the hand is over these are the pots of the award, with their winners.
    """
    result = view.result
    if result is not None:
        paid = [p for p in result.pots if p.amount]
        many = len(paid) > 1
        return [
            PotLine(_pot_name(k, many), p.amount, p.eligible, p.winners, p.shares)
            for k, p in enumerate(paid)
        ]
    live = [s for s in range(view.players) if not view.folded[s]]
    committed = view.committed
    levels = sorted({committed[s] for s in live if view.all_in[s]})
    top = max((committed[s] for s in live), default=0)
    if not levels or levels[-1] < top:
        levels.append(top)
    out: list[PotLine] = []
    below = 0
    total = sum(committed)
    for k, level in enumerate(levels):
        if k == len(levels) - 1:
            amount = total - below
        else:
            amount = sum(min(c, level) for c in committed) - below
        if amount <= 0:
            continue
        below += amount
        eligible = tuple(s for s in live if committed[s] >= level or not view.all_in[s])
        out.append(PotLine("", amount, eligible))
    many = len(out) > 1
    return [PotLine(_pot_name(k, many), p.amount, p.eligible) for k, p in enumerate(out)]


def _pot_name(k: int, many: bool) -> str:
    if not many:
        return "pot"
    return "main pot" if k == 0 else f"side pot {k}"


def hand_name(view: PlayerView, cards: Sequence[Card] | None = None) -> str:
    """The name of the best hand ``cards`` (default: the viewer's hole cards) make
    with the board so far ("" before the flop, when no five cards are out)."""
    hole = view.hole if cards is None else tuple(cards)
    if len(hole) + len(view.board) < 5:
        return ""
    r = view.rules
    return best_hand(hole, view.board, min_hole_cards=r.min_hole_cards, wild=r.wild).name


def dealt_in(view: PlayerView, seats: Sequence[int]) -> PlayerView:
    """The view with only the table seats ``seats`` that were dealt in (in that order,
    renumbered 0 to k-1): a hand history lists the players of the hand, not the seats
    already out of the game.  A viewer not dealt in (out, watching) becomes seat -1, a
    spectator, who sees no cards but those shown."""
    index = {t: h for h, t in enumerate(seats)}

    def pick(values: Sequence[T]) -> tuple[T, ...]:
        return tuple(values[t] for t in seats)

    def renumber(group: Sequence[int]) -> tuple[int, ...]:
        return tuple(index[t] for t in group)

    result = view.result
    if result is not None:
        result = HandResult(
            starting=pick(result.starting), stacks=pick(result.stacks), won=pick(result.won),
            pots=tuple(Pot(p.amount, renumber(p.eligible), renumber(p.winners), p.shares)
                       for p in result.pots),
            shown=pick(result.shown),
        )  # fmt: skip
    return dataclasses.replace(
        view,
        seat=index.get(view.seat, -1),
        button=index[view.button],
        stacks=pick(view.stacks), bets=pick(view.bets), committed=pick(view.committed),
        folded=pick(view.folded), all_in=pick(view.all_in), shown=pick(view.shown),
        to_act=None if view.to_act is None else index[view.to_act],
        legal=None,
        events=tuple(e._replace(seat=index[e.seat]) if e.seat >= 0 else e for e in view.events),
        result=result,
    )  # fmt: skip


def played_hand(view: PlayerView, names: Sequence[str], label: int | None = None) -> PlayedHand:
    """The hand as this seat saw it, as a history record: other seats' hole cards are
    known only where they were shown (then they are dealt as shown).  (A view with
    seats out of the game goes through :func:`dealt_in` first.)"""
    starting = (
        view.result.starting
        if view.result is not None
        else tuple(s + c for s, c in zip(view.stacks, view.committed, strict=True))
    )
    hidden = frozenset(
        s for s in range(view.players) if s != view.seat and view.shown[s] is None
    )
    events = tuple(_dealt_as_known(view, e) for e in view.events)
    return PlayedHand(
        rules=view.rules,
        button=view.button,
        starting=starting,
        events=events,
        result=view.result,
        names=tuple(names),
        label=label,
        hidden=hidden,
    )


def _dealt_as_known(view: PlayerView, event: Event) -> Event:
    """A deal event with the cards this seat knows: its own (a dealer's messages tell
    every deal face down, the seat's cards coming with the hand) and those shown."""
    if event.kind is not _K.DEAL or event.cards:
        return event
    if event.seat == view.seat and view.seat >= 0:
        return event._replace(cards=view.hole)
    return event._replace(cards=view.shown[event.seat] or ())


_UNFINISHED = "(the record ends here"


def log_lines(view: PlayerView, names: Sequence[str], label: int | None = None) -> list[str]:
    """The hand so far as the table's log tells it: the forced bets, your cards, each
    street with its cards and pot, every action with its amount, the showdown with the
    hands' names, and who won what from which pot.  Seat listings, other seats' unseen
    cards and (while the hand is in play) the summary are left to the rest of the screen.
    """
    played = played_hand(view, names, label)
    # another seat's cards are told where it shows them, never put back into the deal:
    # the log only ever grows at its end as the hand goes on
    played = dataclasses.replace(played, hidden=frozenset(range(view.players)) - {view.seat})
    parts = sections(played)
    lines: list[str] = []
    for title, part in parts:
        if title == "summary":
            continue
        body = part[1:] if title == "start" else part
        if title == "start":
            lines.append(f"── Hand {label} ──" if label is not None else "── New hand ──")
        for line in body:
            if title == "start" and line.startswith("Seat "):
                continue
            if line.endswith("?? ??") or line.startswith(_UNFINISHED):
                continue
            lines.append(line)
    return lines


def turn_text(view: PlayerView, names: Sequence[str]) -> str:
    """Whose turn it is, in words (yours in the words of the action bar's buttons)."""
    if view.result is not None:
        return "The hand is over."
    s = view.to_act
    if s is None:
        return "Dealing..."
    if s == view.seat and view.legal is not None:
        from pokerroom.tui.choices import prompt

        return prompt(view)  # in the action bar's words
    if view.street.value == 4:
        return f"{names[s]} shows or mucks..."
    return f"{names[s]} is thinking..."


def outcome_lines(view: PlayerView, names: Sequence[str]) -> list[str]:
    """How a finished hand ended, as the log tells it: the hands shown (each with its
    name) and who won what from which pot."""
    result = view.result
    if result is None:
        return []
    parts = [p for p in sections(played_hand(view, names)) if p[0] != "summary"]
    shown = [line for title, part in parts if title == "showdown" for line in part[1:]]
    title, last = parts[-1]
    if title == "showdown":
        return shown
    paid = len([p for p in result.pots if p.winners])
    return shown + (last[len(last) - paid :] if paid else [])
