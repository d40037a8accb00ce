"""The readable hand history, as a card room prints it.

Seats and stacks, the button, antes and blinds, each street with its cards and the
actions with their amounts, the showdown with hand names, who won what from which pot,
and a summary of every seat's chips.  :func:`sections` splits it by street (for
``pokerroom replay --step``); :func:`render` joins them.

When the betting ends with cards still to come (players all-in), the hands are turned
up at once (``Ann shows As Ad``, in the street where the betting ended), the board runs
out, and then the showdown reads each hand against the whole board and pays the
winners, as a card room's history does.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.engine import Hand, stacked_deck
>>> from pokerroom.rules import Rules
>>> deck = stacked_deck([parse_cards("As Ad"), parse_cards("Kc Kd")],
...                     parse_cards("2c 7h 9s Jd 3c"), button=1, burn_cards=False)
>>> hand = Hand(Rules(blinds=(1, 2), burn_cards=False), [100, 100], button=1, deck=deck)
>>> hand.raise_to(6); hand.call(); hand.check(); hand.check(); hand.check(); hand.check()
>>> hand.check(); hand.check(); hand.show(); hand.show()
>>> print(render(PlayedHand.from_hand(hand, names=["Ann", "Bo"], label=7)))
Hand 7: no limit hold'em, blinds 1/2 (minimum bet 2), 2 players
Seat 1: Ann (100)
Seat 2: Bo (100), button
Bo posts the small blind 1
Ann posts the big blind 2
*** PRE-FLOP ***
Dealt to Ann: As Ad
Dealt to Bo: Kc Kd
Bo raises to 6
Ann calls 4
*** FLOP *** [2c 7h 9s] (pot 12)
Ann checks
Bo checks
*** TURN *** [2c 7h 9s] [Jd] (pot 12)
Ann checks
Bo checks
*** RIVER *** [2c 7h 9s Jd] [3c] (pot 12)
Ann checks
Bo checks
*** SHOWDOWN ***
Ann shows As Ad: pair of aces, jack-nine-seven kickers
Bo shows Kc Kd: pair of kings, jack-nine-seven kickers
Ann wins the pot (12) with pair of aces, jack-nine-seven kickers
*** SUMMARY ***
Pot 12, board 2c 7h 9s Jd 3c
Seat 1: Ann 100 -> 106 (+6)
Seat 2: Bo 100 -> 94 (-6)
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from pokerroom.cards import Card, format_cards
from pokerroom.engine.events import Event, EventKind
from pokerroom.evaluator import best_hand, describe
from pokerroom.history.record import PlayedHand
from pokerroom.rules import Rules, ShowdownMode, Structure

__all__ = ["render", "sections"]

_K = EventKind
_STREET_TITLES = ("PRE-FLOP", "FLOP", "TURN", "RIVER")
_CHIPS_IN = frozenset({_K.ANTE, _K.BLIND, _K.STRADDLE, _K.CALL, _K.BET, _K.RAISE})
"""The events that put chips into the pot (a ``RETURN`` takes some back)."""

_Shown = tuple[tuple[Card, ...], list[str], int]
"""A seat's shown cards and where its show line is (the lines and the index)."""
_SHOWDOWN = "*** SHOWDOWN ***"


def _money(played: PlayedHand, chips: int) -> str:
    value = played.amount(chips)
    symbol = played.info.get("currency_symbol", "")
    text = f"{value:,}" if isinstance(value, int) else f"{Decimal(value):,}"
    if text.startswith("-"):
        return f"-{symbol}{text[1:]}"
    return f"{symbol}{text}"


def _game(rules: Rules, played: PlayedHand) -> str:
    u = rules.units

    def m(chips: int) -> str:
        return _money(played, chips)

    if rules.structure is Structure.FIXED_LIMIT:
        text = f"fixed limit hold'em {m(u[0])}/{m(u[2])}"
        other = [f"{street} {m(u[i])}" for street, i, usual in (("flop", 1, u[0]),
                 ("river", 3, u[2])) if u[i] != usual]  # fmt: skip
        if other:
            text += f" ({', '.join(other)})"
    else:
        word = "no limit" if rules.structure is Structure.NO_LIMIT else "pot limit"
        text = f"{word} hold'em"
    blinds = [b for b in rules.blinds if b]
    if blinds:
        word = "button blind" if rules.button_blind else "blinds"
        text += f", {word} {'/'.join(m(b) for b in blinds)}"
    if rules.straddle:
        text += f", straddle {m(rules.straddle)}"
    antes = rules.ante_amounts(played.players)
    if any(antes):
        text += f", ante {m(max(antes))}" + ("" if len(set(antes)) == 1 else " (some seats)")
    if rules.structure is not Structure.FIXED_LIMIT:
        text += f" (minimum bet {m(u[0])})"
    return text


def _hand_name(played: PlayedHand, cards: Sequence[Card], board: Sequence[Card]) -> str:
    rules = played.rules
    if len(board) + len(cards) < 5:
        return ""
    try:
        value = best_hand(cards, board, min_hole_cards=rules.min_hole_cards, wild=rules.wild)
    except ValueError:
        return ""
    return value.name


def _blind_words(played: PlayedHand) -> list[str]:
    blinds = [e for e in played.events if e.kind is _K.BLIND]
    if played.rules.button_blind:
        return ["the button blind"] + ["a blind"] * (len(blinds) - 1)
    if len(blinds) == 1:
        return ["a blind"]
    return ["the small blind", "the big blind"] + ["a straddle"] * (len(blinds) - 2)


def _head(played: PlayedHand) -> list[str]:
    """The history's first lines: the game, then each seat with its chips."""
    n = played.players
    label = f"Hand {played.label}: " if played.label is not None else ""
    head = [f"{label}{_game(played.rules, played)}, {n} players"]
    for seat in range(n):
        tag = ", button" if seat == played.button else ""
        chips = _money(played, played.starting[seat])
        head.append(f"{played.seat_label(seat)}: {played.name(seat)} ({chips}){tag}")
    return head


_BETTING = frozenset((_K.ANTE, _K.STRADDLE, _K.FOLD, _K.CHECK, _K.CALL, _K.BET, _K.RAISE,
                      _K.RETURN))  # fmt: skip
"""The events :func:`_betting_line` writes."""


def _betting_line(played: PlayedHand, e: Event, who: str, allin: str) -> str:
    """The line of an ante, a straddle, a betting action or an uncalled bet returned."""
    k = e.kind
    if k is _K.ANTE:
        return f"{who} posts the ante {_money(played, e.amount)}{allin}"
    if k is _K.STRADDLE:
        return f"{who} straddles {_money(played, e.total)}{allin}"
    if k is _K.FOLD:
        return f"{who} folds"
    if k is _K.CHECK:
        return f"{who} checks"
    if k is _K.CALL:
        return f"{who} calls {_money(played, e.amount)}{allin}"
    if k is _K.BET:
        return f"{who} bets {_money(played, e.total)}{allin}"
    if k is _K.RAISE:
        return f"{who} raises to {_money(played, e.total)}{allin}"
    assert k is _K.RETURN
    return f"{_money(played, e.amount)} uncalled returned to {who}"


def sections(played: PlayedHand) -> list[tuple[str, list[str]]]:
    """The history in parts: ``("start", ...)``, then one per street reached, then
    ``("showdown", ...)`` when there is one, then ``("summary", ...)``."""
    name = played.name
    head = _head(played)
    out: list[tuple[str, list[str]]] = [("start", head)]
    current = head
    blind_words = iter(_blind_words(played))
    board: list[Card] = []
    pot = 0
    shown: dict[int, _Shown] = {}
    turned_up: dict[int, tuple[Card, ...]] = {}  # shown before the board ran out
    announced: dict[int, int] = {}
    street_lines: list[str] | None = None
    last_board = max((i for i, e in enumerate(played.events) if e.kind is _K.BOARD), default=-1)
    unfinished = played.result is None
    for index, e in enumerate(played.events):
        k = e.kind
        who = name(e.seat) if e.seat >= 0 else ""
        allin = " (all-in)" if e.all_in else ""
        if k in _CHIPS_IN:
            pot += e.amount
        elif k is _K.RETURN:
            pot -= e.amount
        if k in _BETTING:
            current.append(_betting_line(played, e, who, allin))
        elif k is _K.BLIND:
            current.append(f"{who} posts {next(blind_words)} {_money(played, e.amount)}{allin}")
        elif k is _K.DEAL:
            if street_lines is None:
                street_lines = ["*** PRE-FLOP ***"]
                out.append(("pre-flop", street_lines))
                current = street_lines
            known = e.cards and e.seat not in played.hidden
            current.append(f"Dealt to {who}: {format_cards(e.cards) if known else '?? ??'}")
        elif k is _K.BOARD:
            title = _STREET_TITLES[min(e.street, 3)]
            old = f" [{format_cards(board)}]" if board else ""
            board.extend(e.cards)
            current = [
                f"*** {title} ***{old} [{format_cards(e.cards)}] (pot {_money(played, pot)})"
            ]
            out.append((title.lower(), current))
        elif k is _K.SHOW and (index < last_board or (unfinished and len(board) < 5)):
            # all-in: turned up, the board to come (in a hand still being played, any
            # show before the river's card: a showdown waits for the whole board);
            # nothing is announced before the showdown
            turned_up[e.seat] = e.cards
            current.append(f"{who} shows {format_cards(e.cards)}")
        elif k in (_K.SHOW, _K.MUCK):
            if not current or current[0] != _SHOWDOWN:
                current = _open_showdown(played, out, turned_up, shown)
            if k is _K.MUCK:
                current.append(f"{who} mucks")
            else:
                shown[e.seat] = (e.cards, current, len(current))
                if e.value is not None and played.rules.showdown is ShowdownMode.ANNOUNCED:
                    announced[e.seat] = e.value
                current.append(f"{who} shows {format_cards(e.cards)}")
    if turned_up and not shown and played.result is not None:
        _open_showdown(played, out, turned_up, shown)
    _finish_showdown(played, out, shown, announced, board)
    out.append(("summary", _summary(played, board, pot)))
    return out


def _open_showdown(
    played: PlayedHand,
    out: list[tuple[str, list[str]]],
    turned_up: dict[int, tuple[Card, ...]],
    shown: dict[int, _Shown],
) -> list[str]:
    """Start the showdown: the hands turned up before the board ran out come first,
    shown again to be named against the whole board."""
    lines = [_SHOWDOWN]
    out.append(("showdown", lines))
    for seat, cards in turned_up.items():
        shown[seat] = (cards, lines, len(lines))
        lines.append(f"{played.name(seat)} shows {format_cards(cards)}")
    return lines


def _finish_showdown(
    played: PlayedHand,
    out: list[tuple[str, list[str]]],
    shown: dict[int, _Shown],
    announced: dict[int, int],
    board: Sequence[Card],
) -> None:
    """Name the hands shown (once the whole board is out) on their show lines, and say
    who won what."""
    strengths: dict[int, str] = {}
    for seat, (cards, lines, index) in shown.items():
        if seat in announced:
            strengths[seat] = f"announced {describe(announced[seat])}"
        else:
            strengths[seat] = _hand_name(played, cards, board)
        if strengths[seat]:
            lines[index] += f": {strengths[seat]}"
    result = played.result
    target = out[-1][1]
    if result is None:
        target.append("(the record ends here: the hand is not over)")
        return
    pots = [p for p in result.pots if p.winners]
    for k, pot in enumerate(pots):
        what = "the pot" if len(pots) == 1 else ("the main pot" if k == 0 else f"side pot {k}")
        with_hand = ""
        if len(pot.winners) == 1:
            seat = pot.winners[0]
            if strengths.get(seat):
                with_hand = f" with {strengths[seat]}"
            target.append(
                f"{played.name(seat)} wins {what} ({_money(played, pot.amount)}){with_hand}"
            )
        else:
            shares = ", ".join(
                f"{played.name(s)} {_money(played, c)}"
                for s, c in zip(pot.winners, pot.shares, strict=True)
            )
            names = " and ".join(played.name(s) for s in pot.winners)
            target.append(f"{names} split {what} ({_money(played, pot.amount)}): {shares}")


def _summary(played: PlayedHand, board: Sequence[Card], pot: int) -> list[str]:
    lines = ["*** SUMMARY ***"]
    result = played.result
    lines.append(f"Pot {_money(played, pot)}, board {format_cards(board) if board else '(none)'}")
    for seat in range(played.players):
        start = played.starting[seat]
        text = f"{played.seat_label(seat)}: {played.name(seat)} {_money(played, start)}"
        if result is not None:
            end = result.stacks[seat]
            sign = "+" if end >= start else ""
            text += f" -> {_money(played, end)} ({sign}{_money(played, end - start)})"
        lines.append(text)
    return lines


def render(played: PlayedHand) -> str:
    """The whole readable history, one line per event."""
    return "\n".join(line for _, lines in sections(played) for line in lines)
