"""A played hand as a record, and its PHH form.

:class:`PlayedHand` is what a finished (or stopped) :class:`~pokerroom.engine.Hand` leaves
behind: the rules, the seats, the button, the engine's event log and the result, plus
names and a label.  The readable log (:mod:`~pokerroom.history.text`) and the PHH writer
(:func:`to_phh`) both start from it; replays (:mod:`~pokerroom.history.replay`) produce it.

PHH lists players in position order (p1 is the first seat left of the button, the
button is last) and, heads-up, writes ``antes`` and ``blinds_or_straddles`` reversed
(``[5, 10]``: the button posts 5).  What PHH cannot say is written in custom fields:

``_rules``
    The complete :class:`~pokerroom.rules.Rules` (``Rules.to_mapping()``): raise caps, the
    big river bet, 001's button blind and straddle, check-raise, burns, wild cards and the
    joker, ``min_hole_cards``, announced hands, the tie-split and odd-chip rules...  A
    reader that knows pokerroom replays with exactly these rules.
``_chip_scale``
    Present when amounts are not whole chips: the engine's chips per unit written
    (``100`` for cents).  Amounts in ``_rules`` are in chips.
``_announced``
    Under announced hands, what each player who showed announced: ``{ p1 = { value =
    ..., hand = "two pair, kings and nines" } }``.

001's straddle is optional (the straddler may fold), so it is written as the straddler's
action (``p1 cbr 10`` or ``p1 f``), not as a forced bet.  Pot-limit hold'em has no PHH
variant code: it is written as ``NT`` (every pot-limit action is a legal no-limit
action, so other readers still replay it to the same stacks) with ``_rules`` saying
``structure = "pot-limit"``.  Wild-card hands are written with the joker as ``Jk``: no
other PHH reader can evaluate them, and they do not pretend to.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from decimal import Decimal
from typing import Any

from pokerroom.engine.events import Event, EventKind
from pokerroom.engine.view import HandResult
from pokerroom.evaluator import describe
from pokerroom.history.errors import PHHError
from pokerroom.history.notation import Amount, PHHAction, Verb
from pokerroom.history.phh import PHHHand
from pokerroom.numerals import number
from pokerroom.rules import Rules, ShowdownMode, Structure

__all__ = ["PlayedHand", "forced_bets", "phh_order", "to_phh"]

_K = EventKind


def forced_bets(rules: Rules, players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The nominal ante and blind of each *position* (0 = left of the button).

    001's straddle is not included: the straddler chooses to post it or fold.

    >>> forced_bets(Rules(blinds=(1, 2), antes=1), 3)
    ((1, 1, 1), (1, 2, 0))
    >>> forced_bets(Rules(blinds=(5, 10)), 2)  # heads-up: the button posts 5
    ((0, 0), (10, 5))
    """
    n = players
    antes = rules.ante_amounts(n)
    blinds = list(rules.blinds)
    while blinds and not blinds[-1]:
        blinds.pop()
    by_position = [0] * n
    if rules.button_blind:
        for k, amount in enumerate(blinds):
            by_position[(k - 1) % n] = amount
    elif n == 2 and rules.heads_up_reversed:
        for k, amount in enumerate(blinds[:2]):
            by_position[1 - k] = amount
    else:
        for k, amount in enumerate(blinds[:n]):
            by_position[k] = amount
    return tuple(antes), tuple(by_position)


def phh_order(values: Sequence[Any]) -> list[Any]:
    """Per-position values as PHH writes ``antes`` / ``blinds_or_straddles`` (heads-up,
    reversed); the same function turns them back."""
    out = list(values)
    return out[::-1] if len(out) == 2 else out


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """One hand as played: enough to print it, write it and check it.

    Per-seat tuples are indexed by seat (0..n-1, clockwise); ``button`` is a seat.
    ``scale`` is the number of engine chips per unit shown or written (1 unless the hand
    came from a file with fractional amounts).  ``info`` holds descriptive PHH fields
    (``event``, ``table``, ``seats``...) carried through unchanged.
    """

    rules: Rules
    button: int
    starting: tuple[int, ...]
    events: tuple[Event, ...]
    result: HandResult | None = None
    names: tuple[str, ...] | None = None
    label: str | int | None = None
    scale: int = 1
    info: Mapping[str, Any] = field(default_factory=dict)
    hidden: frozenset[int] = frozenset()
    """Seats whose hole cards the record does not know (the engine played stand-ins)."""

    @classmethod
    def from_hand(
        cls,
        hand: Any,
        *,
        names: Sequence[str] | None = None,
        label: str | int | None = None,
        scale: int = 1,
        info: Mapping[str, Any] | None = None,
        hidden: frozenset[int] = frozenset(),
    ) -> PlayedHand:
        """The record of an engine :class:`~pokerroom.engine.Hand` (finished or not)."""
        return cls(
            rules=hand.rules,
            button=hand.button,
            starting=tuple(hand.starting_stacks),
            events=tuple(hand.events),
            result=hand.result,
            names=tuple(names) if names is not None else None,
            label=label,
            scale=scale,
            info=dict(info or {}),
            hidden=hidden,
        )

    @property
    def players(self) -> int:
        return len(self.starting)

    def position(self, seat: int) -> int:
        """0 for the first seat left of the button, ``n - 1`` for the button."""
        return (seat - self.button - 1) % self.players

    def seat(self, position: int) -> int:
        return (self.button + 1 + position) % self.players

    def label_number(self) -> int | None:
        """The hand's number when its label is one (a whole number, 0 or more, or its ASCII
        digits; not ``True``), else ``None``: what the exports number the hand by."""
        label = self.label
        if isinstance(label, bool):
            return None
        if isinstance(label, int):
            return label if label >= 0 else None
        return number(label) if isinstance(label, str) else None

    def seat_label(self, seat: int) -> str:
        """``Seat N``: the table's number of the seat (PHH ``seats``), else ``seat + 1``."""
        seats = self.info.get("seats")
        if seats:
            return f"Seat {seats[self.position(seat)]}"
        return f"Seat {seat + 1}"

    def name(self, seat: int) -> str:
        """The player's name, or the seat's label when the record has none."""
        if self.names and self.names[seat]:
            return self.names[seat]
        return self.seat_label(seat)

    def amount(self, chips: int) -> Amount:
        """Engine chips as written (a Decimal when the scale makes them fractional)."""
        if self.scale == 1:
            return chips
        value = Decimal(chips) / self.scale
        return int(value) if value == value.to_integral_value() else value

    @property
    def board(self) -> tuple[Any, ...]:
        return tuple(c for e in self.events if e.kind is _K.BOARD for c in e.cards)

    @property
    def finished(self) -> bool:
        return self.result is not None


def _phh_actions(played: PlayedHand) -> list[PHHAction]:
    out: list[PHHAction] = []
    high = 0
    street = 0
    # Every check the engine recorded was asked of the player: the engine asks a lone
    # player who owes nothing (the others all-in) only under ``lone_player_acts``, so
    # each one is written.
    for e in played.events:
        if e.street != street and e.street <= 3:
            street, high = e.street, 0
        p = played.position(e.seat) if e.seat >= 0 else None
        k = e.kind
        if k is _K.BLIND:
            high = max(high, e.total)
        elif k is _K.DEAL:
            hole = (None, None) if e.seat in played.hidden else tuple(e.cards)
            out.append(PHHAction(Verb.DEAL_HOLE, p, cards=hole))
        elif k is _K.BOARD:
            out.append(PHHAction(Verb.DEAL_BOARD, cards=tuple(e.cards)))
        elif k is _K.FOLD:
            out.append(PHHAction(Verb.FOLD, p))
        elif k in (_K.CHECK, _K.CALL):
            out.append(PHHAction(Verb.CALL, p))
        elif k in (_K.BET, _K.RAISE, _K.STRADDLE):
            if e.total > high:
                out.append(PHHAction(Verb.BET, p, amount=played.amount(e.total)))
                high = e.total
            else:  # a straddle all-in for no more than the blind is a call
                out.append(PHHAction(Verb.CALL, p))
        elif k is _K.SHOW:
            out.append(PHHAction(Verb.SHOW, p, cards=tuple(e.cards)))
        elif k is _K.MUCK:
            out.append(PHHAction(Verb.SHOW, p))
    return out


def to_phh(played: PlayedHand, **fields: Any) -> PHHHand:
    """The PHH form of a played hand (see the module doc for the custom fields).

    ``fields`` adds or replaces PHH fields (``event=``, ``table=``, custom ``_x=``...).
    """
    rules, n = played.rules, played.players
    by_position = [played.seat(p) for p in range(n)]
    antes, blinds = forced_bets(rules, n)
    units = rules.units
    kwargs: dict[str, Any] = {
        "variant": "FT" if rules.structure is Structure.FIXED_LIMIT else "NT",
        "ante_trimming_status": not rules.dead_antes,
        "antes": tuple(played.amount(a) for a in phh_order(antes)),
        "blinds_or_straddles": tuple(played.amount(b) for b in phh_order(blinds)),
        "starting_stacks": tuple(played.amount(played.starting[s]) for s in by_position),
        "actions": tuple(_phh_actions(played)),
    }
    if rules.structure is Structure.FIXED_LIMIT:
        kwargs["small_bet"] = played.amount(units[0])
        kwargs["big_bet"] = played.amount(units[2])
    else:
        kwargs["min_bet"] = played.amount(units[0])
    if played.label is not None:
        kwargs["hand"] = played.label
    if played.names is not None:
        kwargs["players"] = tuple(played.names[s] for s in by_position)
    result = played.result
    if result is not None:
        kwargs["finishing_stacks"] = tuple(played.amount(result.stacks[s]) for s in by_position)
        kwargs["winnings"] = tuple(played.amount(result.won[s]) for s in by_position)
    known = {f.name for f in dataclass_fields(PHHHand)} - {"custom"}
    for key in [*played.info, *fields]:
        if not key.startswith("_") and key not in known:
            raise PHHError(f"{key!r} is not a PHH field (custom fields start with '_')")
    for key, value in played.info.items():
        if not key.startswith("_"):
            kwargs[key] = value
    custom: dict[str, Any] = {"_rules": rules.to_mapping()}
    if played.scale != 1:
        custom["_chip_scale"] = played.scale
    if rules.showdown is ShowdownMode.ANNOUNCED:
        announced = {
            f"p{played.position(e.seat) + 1}": {"value": e.value, "hand": describe(e.value)}
            for e in played.events
            if e.kind is _K.SHOW and e.value is not None
        }
        if announced:
            custom["_announced"] = announced
    custom.update({k: v for k, v in played.info.items() if k.startswith("_")})
    for key in [k for k in fields if k.startswith("_")]:
        custom[key] = fields.pop(key)
    kwargs.update(fields)
    kwargs["custom"] = custom
    return PHHHand(**kwargs)
