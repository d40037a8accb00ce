"""Replay recorded hands through the engine, action by action: PHH hands.

Each recorded hand becomes rules, stacks, a stacked deck and a sequence of actions; the
engine plays them (refusing any it finds illegal, with the reason) and the result is
compared with what the record says (:mod:`~pokerroom.history.compare`).

Seating: the button is seat ``n - 1``, so PHH player ``p1`` / ACPC position 0 is seat
0, the first seat left of the button.

Rules of a PHH hand.  A file that carries ``_rules`` (one pokerroom wrote) is replayed
with exactly those rules.  Otherwise the rules are the ones the fields describe, played
with the conventions of PokerKit, PHH's reference engine (``POKERKIT_CONVENTIONS``: a
short blind is called as posted, blinds do not set the minimum raise, fixed limit raises
a unit over a short bet, PokerKit's reopening rule, the lone player is asked, antes are
trimmed after the blinds, a pot's odd chips go to its first winner left of the button):
``FT`` is fixed limit with ``small_bet`` / ``big_bet`` and at most four bets and raises
in a round besides the blinds (``max_raises=4`` counting ``BETS_AND_RAISES``); ``NT`` is
no limit with ``min_bet``.  ``antes`` and ``blinds_or_straddles`` are per position
(reversed heads-up); antes are dead money unless ``ante_trimming_status = true``.
Amounts with decimals are replayed in whole units of the smallest decimal (cents for
``0.25``).

ACPC logs are replayed by :mod:`~pokerroom.history.acpcreplay`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from pokerroom.cards import Card, DeckError
from pokerroom.engine.actions import ActionKind, IllegalAction, Street
from pokerroom.engine.deal import stacked_deck
from pokerroom.engine.events import EventKind
from pokerroom.engine.hand import Hand, HandError
from pokerroom.history.compare import Comparison, compare
from pokerroom.history.errors import ReplayError
from pokerroom.history.notation import PHHAction, Verb, format_phh_cards
from pokerroom.history.phh import PHHHand, unplayed_variant
from pokerroom.history.record import PlayedHand, forced_bets, phh_order
from pokerroom.numerals import number as read_number
from pokerroom.rules import POKERKIT_CONVENTIONS, Rules, RulesError, Structure

__all__ = [
    "PHH_FIXED_LIMIT_CAPS",
    "Replay",
    "replay_phh",
    "rules_from_phh",
    "stacked_start",
]

CARRIED_CUSTOM = ("_tournament", "_ohh", "_hero")
"""Custom fields a replayed hand keeps (in ``PlayedHand.info``) for the formats that say
them: the tournament of a PokerStars hand, what an OHH hand says beyond PHH."""

PHH_FIXED_LIMIT_CAPS = (4, 4, 4, 4)
"""PokerKit's fixed-limit cap: four bets and raises a round, the blinds not counted
(``cap_counts=CapCount.BETS_AND_RAISES``)."""


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed hand and what its record says the result was.

    ``recorded`` holds, per seat, the recorded finishing stacks (PHH) or nets (ACPC) in
    engine chips (``None`` where unknown, all ``None`` when the record has none);
    ``measure`` says which.  ``missing`` names what a record that stops at an all-in
    leaves out of the run-out (``'it deals no turn or river after the all-in'``): the
    replay ends there too, unfinished, since it cannot know those cards.
    """

    played: PlayedHand
    recorded: tuple[Fraction | Decimal | None, ...]
    measure: str  # "finishing stacks" or "nets"
    printed: bool = False  # ACPC values went through %g
    missing: str | None = None
    rake: Fraction = Fraction(0)
    """Chips the room took from the pot (PokerStars text): the recorded stacks of the
    winners are that much short of the replay's, between them."""

    @property
    def has_record(self) -> bool:
        return any(v is not None for v in self.recorded)

    def check(self) -> Comparison | None:
        """The comparison with the record, or ``None`` when there is nothing to compare
        (no recorded result)."""
        result = self.played.result
        if not self.has_record:
            return None
        if result is None:
            why = f": {self.missing}" if self.missing else ""
            return Comparison(False, f"the record ends before the hand is over{why}")
        final = result.stacks if self.measure == "finishing stacks" else result.net
        comparison = compare(self.recorded, result, final, printed=self.printed)
        if comparison.matches or not self.rake:
            return comparison
        return _less_the_rake(self.recorded, result.won, final, self.rake, comparison)


def _less_the_rake(
    recorded: tuple[Fraction | Decimal | None, ...],
    won: tuple[int, ...],
    final: tuple[int, ...],
    rake: Fraction,
    otherwise: Comparison,
) -> Comparison:
    """A raked pot matches when the recorded amounts are the replay's except that the
    winners' are short by the rake between them (nobody else's differs)."""
    short = [Fraction(final[s]) - Fraction(v) for s, v in enumerate(recorded) if v is not None]
    seats = [s for s, v in enumerate(recorded) if v is not None]
    if sum(short) == rake and all(
        d == 0 or (d > 0 and won[s] > 0) for s, d in zip(seats, short, strict=True)
    ):
        return Comparison(True, "exact, less the rake")
    return otherwise


# ----------------------------------------------------------------------------- PHH


def _decimals(value: Any) -> int:
    if isinstance(value, Decimal) and value.is_finite():
        exponent = value.normalize().as_tuple().exponent
        return max(0, -exponent) if isinstance(exponent, int) else 0
    return 0


def _phh_scale(hand: PHHHand) -> int:
    custom = hand.custom.get("_chip_scale")
    if custom is not None:
        if not isinstance(custom, int) or isinstance(custom, bool) or custom < 1:
            raise ReplayError(f"_chip_scale must be a whole number >= 1, not {custom!r}")
        return custom
    amounts: list[Any] = [*hand.antes, *(hand.blinds_or_straddles or ()), *hand.starting_stacks]
    amounts += [hand.small_bet, hand.big_bet, hand.min_bet]
    amounts += [a.amount for a in hand.actions if a.amount is not None]
    places = max((_decimals(a) for a in amounts), default=0)
    if places > 6:
        raise ReplayError(f"amounts with {places} decimals cannot be replayed in whole chips")
    scale: int = 10**places
    return scale


def _chips(value: Any, scale: int, what: str) -> int:
    scaled = Fraction(value) * scale
    if scaled.denominator != 1:
        raise ReplayError(f"{what} {value} is not a whole number of chips")
    return int(scaled)


def rules_from_phh(hand: PHHHand, scale: int = 1) -> Rules:
    """The rules a PHH hand is played under (see the module doc).  A hand of a variant
    pokerroom does not play (one built in code: the reader refuses such files) is refused."""
    if not hand.is_holdem:
        raise ReplayError(unplayed_variant(hand.variant))
    n = hand.player_count
    data = hand.custom.get("_rules")
    if data is not None:
        if not isinstance(data, Mapping):
            raise ReplayError("_rules must be a table of rules")
        try:
            rules = Rules.from_mapping(data)
        except RulesError as exc:
            raise ReplayError(f"_rules: {'; '.join(exc.problems)}") from None
        antes, blinds = forced_bets(rules, n)
        for name, mine, theirs in (
            ("antes", antes, hand.antes),
            ("blinds_or_straddles", blinds, hand.blinds_or_straddles or ()),
        ):
            written = [_chips(v, scale, name) for v in phh_order(theirs)]
            if list(mine) != written:
                raise ReplayError(
                    f"{name} {list(theirs)} disagrees with _rules, which post "
                    f"{phh_order(list(mine))} (in position order, heads-up reversed)"
                )
        return rules
    antes = tuple(_chips(a, scale, "an ante") for a in phh_order(hand.antes))
    blinds = tuple(_chips(b, scale, "a blind") for b in hand.blinds_or_straddles or ())
    # a table parameter, not a rule of one hand: large enough for the validation
    buy_in = 2 * (sum(antes) + sum(blinds)) + 2
    common: dict[str, Any] = {
        "antes": antes if any(antes) else 0,
        "blinds": blinds,
        "dead_antes": not hand.ante_trimming_status,
        "burn_cards": False,
        "buy_in": buy_in,
        **POKERKIT_CONVENTIONS,
    }
    try:
        if hand.variant == "FT":
            assert hand.small_bet is not None and hand.big_bet is not None
            return Rules(
                structure=Structure.FIXED_LIMIT,
                small_bet=_chips(hand.small_bet, scale, "small_bet"),
                big_bet=_chips(hand.big_bet, scale, "big_bet"),
                max_raises=PHH_FIXED_LIMIT_CAPS,
                **common,
            )
        assert hand.min_bet is not None
        return Rules(
            structure=Structure.NO_LIMIT, min_bet=_chips(hand.min_bet, scale, "min_bet"), **common
        )
    except RulesError as exc:
        raise ReplayError("; ".join(exc.problems)) from None


def stacked_start(
    rules: Rules,
    stacks: Sequence[int],
    holes: Sequence[Sequence[Card] | None],
    board: Sequence[Card],
) -> Hand:
    """A hand of these rules and stacks (the button on the last seat) dealing these cards
    (``None`` or missing cards: stand-ins)."""
    button = len(stacks) - 1
    try:
        deck = stacked_deck(
            holes, board, button=button, burn_cards=rules.burn_cards, joker=rules.joker
        )
    except DeckError as exc:
        raise ReplayError(f"impossible cards: {exc}") from None
    try:
        return Hand(rules, list(stacks), button=button, deck=deck)
    except HandError as exc:
        raise ReplayError(str(exc)) from None


def _phh_cards(hand: PHHHand) -> tuple[list[tuple[Card, ...] | None], list[Card]]:
    n = hand.player_count
    holes: list[tuple[Card, ...] | None] = [None] * n
    board: list[Card] = []
    for a in hand.actions:
        if a.verb is Verb.DEAL_HOLE and a.cards is not None and None not in a.cards:
            holes[a.player or 0] = a.known_cards
        elif a.verb is Verb.DEAL_BOARD:
            board.extend(a.known_cards)
    for a in hand.actions:  # cards dealt unknown but shown later
        p = a.player or 0
        if a.verb is Verb.SHOW and holes[p] is None and a.cards and None not in a.cards:
            holes[p] = a.known_cards
    return holes, board


def _announced(hand: PHHHand) -> dict[int, int]:
    table = hand.custom.get("_announced")
    out: dict[int, int] = {}
    if isinstance(table, Mapping):
        for key, entry in table.items():
            seat = read_number(key[1:]) if isinstance(key, str) else None
            if seat is not None and isinstance(entry, Mapping):
                value = entry.get("value")
                if isinstance(value, int):
                    out[seat - 1] = value
    return out


def replay_phh(
    hand: PHHHand,
    *,
    label: str | int | None = None,
) -> Replay:
    """Replay one PHH hand through the engine.

    Raises :class:`ReplayError` naming the action (index and text) the engine refuses,
    or what else makes the hand impossible to replay.

    A record that ends before the hand is over replays to an unfinished hand (no
    result), and no board card the record does not deal is played: a record that stops
    at an all-in before its run-out is dealt, or deals only part of it, ends there
    (before the stand-in board and the hands turned up for it) with ``missing`` naming
    the streets it lacks; a record that stops after a betting round without dealing the
    next street ends after that round.  An action on a street the record has not dealt
    is refused.
    """
    n = hand.player_count
    scale = _phh_scale(hand)
    rules = rules_from_phh(hand, scale)
    unknown_stack = [isinstance(s, Decimal) and s.is_infinite() for s in hand.starting_stacks]
    stacks = _phh_stacks(hand, scale, unknown_stack)
    holes, board = _phh_cards(hand)
    engine = stacked_start(rules, stacks, holes, board)
    _play_actions(engine, hand, scale)
    if engine.to_act is not None and engine.street is Street.SHOWDOWN:
        engine.settle()  # the record leaves the shows and mucks out: cards speak
    info = {
        k: getattr(hand, k)
        for k in ("event", "table", "seats", "seat_count", "currency", "currency_symbol",
                  "year", "month", "day", "time", "time_zone", "time_zone_abbreviation",
                  "level")
        if getattr(hand, k) is not None
    }
    info.update({k: v for k, v in hand.custom.items() if k in CARRIED_CUSTOM})
    played = PlayedHand.from_hand(
        engine,
        names=hand.players,
        label=label if label is not None else hand.hand,
        scale=scale,
        info=info,
        hidden=frozenset(seat for seat, cards in enumerate(holes) if cards is None),
    )
    played, missing = _cut_stand_in(played, len(board))
    for seat in sorted(played.hidden):
        if played.result is not None and played.result.shown[seat] is not None:
            raise ReplayError(f"p{seat + 1}'s hole cards are unknown, but the showdown needs them")
    recorded: tuple[Fraction | Decimal | None, ...] = (None,) * n
    if hand.finishing_stacks is not None:
        recorded = tuple(
            None if inf or (isinstance(v, Decimal) and not v.is_finite()) else Fraction(v) * scale
            for v, inf in zip(hand.finishing_stacks, unknown_stack, strict=True)
        )
    return Replay(played, recorded, "finishing stacks", missing=missing)


def _phh_stacks(hand: PHHHand, scale: int, unknown_stack: list[bool]) -> list[int]:
    """The starting stacks in chips, an unknown one (infinite) deeper than every chip
    the hand can see."""
    finite = [s for s, inf in zip(hand.starting_stacks, unknown_stack, strict=True) if not inf]
    big = 10 * (sum(_chips(s, scale, "a stack") for s in finite) + 1) + sum(
        _chips(a.amount, scale, "an amount") for a in hand.actions if a.amount is not None
    )
    return [
        big if inf else _chips(s, scale, "a starting stack")
        for s, inf in zip(hand.starting_stacks, unknown_stack, strict=True)
    ]


def _play_actions(engine: Hand, hand: PHHHand, scale: int) -> None:
    """Play the record's actions on ``engine``: the checks it leaves out, each action,
    each showdown (its shows, mucks and run-out) at once."""
    announced = _announced(hand)
    actions = list(hand.actions)
    board_so_far = 0
    i = 0
    while i < len(actions):
        action = actions[i]
        if action.verb is Verb.DEAL_BOARD:
            board_so_far += len(action.cards or ())
        if action.verb is Verb.SHOW:
            j = i
            while j < len(actions) and actions[j].verb in (Verb.SHOW, Verb.DEAL_BOARD, Verb.NOOP):
                j += 1
            board_so_far += sum(
                len(a.cards or ()) for a in actions[i + 1 : j] if a.verb is Verb.DEAL_BOARD
            )
            _forced_checks(engine, None)
            _phh_showdown(engine, actions, i, j, announced)
            i = j
            continue
        if action.verb not in (Verb.NOOP, Verb.DEAL_HOLE):
            _forced_checks(engine, _next_actor(actions, i))
        _phh_step(engine, action, i, scale, board_so_far)
        i += 1
    _forced_checks(engine, None)


def _cut_stand_in(played: PlayedHand, dealt: int) -> tuple[PlayedHand, str | None]:
    """``played`` up to the board the engine made up when the record, with ``dealt``
    board cards, ends before its run-out (unfinished, the stand-in hole cards turned up
    for it unshown), and what the record lacks when the hand was over (else ``None``)."""
    missing = None
    cut = _stand_in_board(played, dealt)
    if cut is not None:  # the record ends before the board the engine made up
        if played.result is not None:
            missing = f"it deals no {_streets(dealt)} after the all-in"
        kept = tuple(
            e
            for e in played.events[:cut]
            if e.kind is not EventKind.SHOW or e.seat not in played.hidden
        )  # nor are stand-in hole cards turned up for the run-out shown
        played = replace(played, events=kept, result=None)
    return played, missing


def _stand_in_board(played: PlayedHand, dealt: int) -> int | None:
    """Where the engine's events leave the record's ``dealt`` board cards: the first
    board it dealt from stand-ins, moved back over the burns and the hands it turned up
    for that run-out.  ``None`` when every board card is the record's."""
    events = played.events
    seen = 0
    for index, e in enumerate(events):
        if e.kind is EventKind.BOARD:
            seen += len(e.cards)
            if seen > dealt:
                cut = index
                while cut and events[cut - 1].kind in (EventKind.BURN, EventKind.SHOW):
                    cut -= 1
                return cut
    return None


def _streets(dealt: int) -> str:
    """The streets of a board of which ``dealt`` cards are out: ``'turn or river'``."""
    names = [name for name, cards in (("flop", 3), ("turn", 4), ("river", 5)) if dealt < cards]
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


def _where(index: int, action: PHHAction) -> str:
    return f"action {index + 1} {str(action)!r}"


def _next_actor(actions: Sequence[PHHAction], start: int) -> int | None:
    """The player of the next recorded player action from ``start`` on."""
    for action in actions[start:]:
        if action.verb in (Verb.BET, Verb.CALL, Verb.FOLD, Verb.SHOW):
            return action.player or 0
    return None


def _forced_checks(engine: Hand, actor: int | None) -> None:
    """Play the checks nobody records: a player whose only choice is to check (every
    opponent is all-in) and who is not the next recorded actor.  PokerKit, and so the
    PHH files it writes, skips those turns."""
    while (
        engine.to_act is not None
        and engine.to_act != actor
        and engine.street is not Street.SHOWDOWN
        and engine.legal_actions().kinds == (ActionKind.CHECK,)
    ):
        engine.check()


def _phh_step(engine: Hand, action: PHHAction, index: int, scale: int, board_so_far: int) -> None:
    verb = action.verb
    if verb in (Verb.NOOP, Verb.DEAL_HOLE):
        return
    where = _where(index, action)
    if verb is Verb.DEAL_BOARD:
        if len(engine.board) < board_so_far and engine.to_act is not None:
            raise ReplayError(
                f"the board is dealt while the betting {engine.street.phrase} is not over "
                f"(p{engine.to_act + 1} is to act)",
                where=where,
            )
        return
    seat = action.player or 0
    if engine.to_act is None:
        raise ReplayError(f"p{seat + 1} acts after the hand is over", where=where)
    if len(engine.board) > board_so_far:
        raise ReplayError(
            f"p{seat + 1} acts {engine.street.phrase}, which the record has not dealt",
            where=where,
        )
    if engine.to_act != seat:
        turn = engine.legal_actions() if engine.street is not Street.SHOWDOWN else "show or muck"
        raise ReplayError(
            f"it is p{engine.to_act + 1}'s turn {engine.street.phrase}, not p{seat + 1}'s "
            f"(legal for p{engine.to_act + 1}: {turn})",
            where=where,
        )
    try:
        if verb is Verb.CALL:
            engine.check_or_call()
        elif verb is Verb.FOLD:
            engine.fold()
        elif verb is Verb.BET:
            engine.bet_or_raise(_chips(action.amount, scale, "the amount"))
        else:
            raise ReplayError(f"'{verb.value}' is not an action of hold'em", where=where)
    except IllegalAction as exc:
        raise ReplayError(_positions(str(exc)), where=where) from None


def _positions(message: str) -> str:
    """The engine says 'seat 3'; a PHH reader thinks 'p4' (seat s is p(s+1) here)."""
    return re.sub(r"\bseat (\d+)", lambda m: f"p{int(m.group(1)) + 1}", message)


def _phh_showdown(
    engine: Hand, actions: list[PHHAction], start: int, stop: int, announced: dict[int, int]
) -> None:
    """Play a block of show/muck actions: in the engine's showdown order, each seat's own
    recorded decision (the record may list them in another order); seats the engine
    shows by rule (all-in, run-outs) must show the recorded cards."""
    pending = {
        a.player or 0: (i, a)
        for i, a in enumerate(actions[start:stop], start)
        if a.verb is Verb.SHOW
    }
    while engine.to_act is not None and engine.street is Street.SHOWDOWN:
        seat = engine.to_act
        entry = pending.pop(seat, None)
        if entry is None:
            break  # decisions the record leaves out are played by settle()
        index, action = entry
        try:
            if action.is_muck:
                engine.muck()
            else:
                _check_shown(engine, seat, action, index)
                engine.show(announced.get(seat))
        except IllegalAction as exc:
            raise ReplayError(_positions(str(exc)), where=_where(index, action)) from None
    for seat, (index, action) in pending.items():
        if not action.is_muck:
            _check_shown(engine, seat, action, index)
        if engine.to_act is not None and engine.street is not Street.SHOWDOWN:
            raise ReplayError(
                f"p{seat + 1} shows while the betting {engine.street.phrase} is not over",
                where=_where(index, action),
            )


def _check_shown(engine: Hand, seat: int, action: PHHAction, index: int) -> None:
    if action.cards is None or None in action.cards:
        return
    mine = set(engine.hole(seat))
    if set(action.known_cards) != mine:
        raise ReplayError(
            f"p{seat + 1} shows {format_phh_cards(action.known_cards)} but holds "
            f"{format_phh_cards(engine.hole(seat))}",
            where=_where(index, action),
        )
