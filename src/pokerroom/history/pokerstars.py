"""PokerStars hand-history text: what trackers (PokerTracker, Hold'em Manager, Hand2Note)
import.  :func:`to_pokerstars` writes a played hand; :mod:`~pokerroom.history.starsread`
reads such text back.

One hand is written as PokerStars writes it: the header (a cash game, or a tournament
with its number, buy-in and level), the table with the button's seat, every seat with
its chips, the antes, blinds and straddles posted, ``*** HOLE CARDS ***`` with the hole
cards known (only the hero's, when there is a hero; otherwise every player's whose cards
the record knows), every action with its amount (``raises 10 to 20``, ``calls 5 and is
all-in``), the uncalled bets returned, each street with its board, the showdown (every
hand shown, named as PokerStars names it, or mucked), who collected what from which pot
(main pot and side pots), and the summary.  Several hands are separated by two blank
lines, as PokerStars separates them.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.engine import Hand, stacked_deck
>>> from pokerroom.rules import Rules
>>> deck = stacked_deck([parse_cards("As Ad"), parse_cards("Kc Kd")],
...                     parse_cards("2c 7h 9s Jd 3c"), button=1, burn_cards=False)
>>> hand = Hand(Rules(blinds=(1, 2), burn_cards=False), [100, 100], button=1, deck=deck)
>>> hand.raise_to(6); hand.call(); hand.check(); hand.check(); hand.bet(10); hand.fold()
>>> print(to_pokerstars(PlayedHand.from_hand(hand, names=["Ann", "Bo"], label=7),
...                     when="2024/05/02 00:15:00"), end="")
PokerStars Hand #7:  Hold'em No Limit (1/2) - 2024/05/01 20:15:00 ET
Table 'pokerroom' 2-max Seat #2 is the button
Seat 1: Ann (100 in chips)
Seat 2: Bo (100 in chips)
Bo: posts small blind 1
Ann: posts big blind 2
*** HOLE CARDS ***
Dealt to Ann [As Ad]
Dealt to Bo [Kc Kd]
Bo: raises 4 to 6
Ann: calls 4
*** FLOP *** [2c 7h 9s]
Ann: checks
Bo: checks
*** TURN *** [2c 7h 9s] [Jd]
Ann: bets 10
Bo: folds
Uncalled bet (10) returned to Ann
Ann collected 12 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot 12 | Rake 0
Board [2c 7h 9s Jd]
Seat 1: Ann (big blind) collected (12)
Seat 2: Bo (button) (small blind) folded on the Turn

What the text cannot say is refused with a :class:`~pokerroom.history.errors.HistoryError`
naming the reason (see :func:`refusal`): an unfinished hand, wild cards or the joker,
hands that must use hole cards, a fixed-limit game whose flop or river bet is not the
small or the big bet, and a hand whose pot 001's proportional tie split or an announced
hand paid otherwise than cards-speak side pots would have.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from pokerroom.cards import Card, format_cards
from pokerroom.engine.actions import Street
from pokerroom.engine.events import Event, EventKind
from pokerroom.engine.pots import Award, Pot, award
from pokerroom.evaluator import Category, best_hand
from pokerroom.evaluator.classes import ranks_of
from pokerroom.history.errors import HistoryError
from pokerroom.history.record import PlayedHand, forced_bets
from pokerroom.history.zones import EASTERN, UTC, ZONE_WORD, Moment, moved, record_zone
from pokerroom.rules import Rules, ShowdownMode, Structure, TieSplit

__all__ = [
    "HAND_SEPARATOR",
    "Tournament",
    "blind_words",
    "dumps_pokerstars",
    "played_date",
    "recorded_hero",
    "recorded_tournament",
    "refusal",
    "stars_hand_name",
    "stars_zone",
    "to_pokerstars",
    "written_pots",
]

HAND_SEPARATOR = "\n\n\n"
"""Between two hands of a file (two blank lines)."""

_K = EventKind
_STREETS = ("Flop", "Turn", "River")
_RANK_NAMES = ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
               "Jack", "Queen", "King", "Ace")  # fmt: skip
_RANK_PLURALS = ("Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
                 "Tens", "Jacks", "Queens", "Kings", "Aces")  # fmt: skip
_ROMAN = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


@dataclass(frozen=True, slots=True)
class Tournament:
    """What a tournament hand's header says: the tournament's number, its buy-in as
    PokerStars writes it (``"$10+$1 USD"``; empty: none), and the blind level (from 1)."""

    number: int
    buy_in: str = ""
    level: int = 1


def stars_hand_name(value: int) -> str:
    """A hand as PokerStars names it at the showdown.

    >>> from pokerroom.cards import parse_cards
    >>> from pokerroom.evaluator import evaluate
    >>> stars_hand_name(evaluate(parse_cards("As Ad Kc 7h 2d")).value)
    'a pair of Aces'
    >>> stars_hand_name(evaluate(parse_cards("5s 4d 3c 2h Ad")).value)
    'a straight, Ace to Five'
    """
    cat = Category(_category(value))
    r = ranks_of(value)
    if cat is Category.HIGH_CARD:
        return f"high card {_RANK_NAMES[r[0]]}"
    if cat is Category.PAIR:
        return f"a pair of {_RANK_PLURALS[r[0]]}"
    if cat is Category.TWO_PAIR:
        return f"two pair, {_RANK_PLURALS[r[0]]} and {_RANK_PLURALS[r[1]]}"
    if cat is Category.THREE_OF_A_KIND:
        return f"three of a kind, {_RANK_PLURALS[r[0]]}"
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        high = r[0]
        low = _RANK_NAMES[12] if high == 3 else _RANK_NAMES[high - 4]
        if cat is Category.STRAIGHT_FLUSH and high == 12:
            return "a Royal Flush"
        word = "a straight" if cat is Category.STRAIGHT else "a straight flush"
        return f"{word}, {low} to {_RANK_NAMES[high]}"
    if cat is Category.FLUSH:
        return f"a flush, {_RANK_NAMES[r[0]]} high"
    if cat is Category.FULL_HOUSE:
        return f"a full house, {_RANK_PLURALS[r[0]]} full of {_RANK_PLURALS[r[1]]}"
    if cat is Category.FOUR_OF_A_KIND:
        return f"four of a kind, {_RANK_PLURALS[r[0]]}"
    return f"five of a kind, {_RANK_PLURALS[r[0]]}"


def _category(value: int) -> int:
    from pokerroom.evaluator import category_of

    return int(category_of(value))


# ------------------------------------------------------------------ what cannot be said


def refusal(played: PlayedHand, what: str = "PokerStars text") -> str | None:
    """Why ``what`` (a format with PokerStars' vocabulary: PokerStars text, OHH) cannot
    hold this hand, or ``None`` when it can.

    Refused: a hand not over; wild cards or the joker (no hold'em of these formats has
    them); ``min_hole_cards`` above 0 (their hold'em plays the board); a fixed-limit
    game whose flop bet is not the small bet or whose river bet is not the big bet
    (their header names two bets); and a hand whose pots were paid otherwise than
    cards-speak side pots would have paid them (001's proportional tie split, or an
    announced hand lower than the cards make, changing who won what).
    """
    rules = played.rules
    result = played.result
    if result is None:
        return f"the hand is not over, and {what} holds finished hands"
    if rules.wild is not None and (rules.wild.any or rules.joker):
        return f"wild cards: {what} has no hold'em with wild cards or the joker"
    if rules.min_hole_cards:
        return (
            f"min_hole_cards = {rules.min_hole_cards}: hold'em in {what} lets a hand play "
            "the board"
        )
    if rules.structure is Structure.FIXED_LIMIT:
        u = rules.units
        if u[1] != u[0] or u[3] != u[2]:
            return (
                f"fixed-limit bets {'/'.join(map(str, u))} (pre-flop, flop, turn, river): "
                f"{what} names only a small bet (pre-flop and flop) and a big bet (turn and "
                "river)"
            )
    award_ = _cards_speak_award(played)
    standard = None if award_ is None else tuple(award_.won)
    if standard is not None and standard != result.won:
        why = (
            "001's proportional tie split"
            if rules.tie_split is TieSplit.PROPORTIONAL
            else "an announced hand"
        )
        return (
            f"{why} paid this pot otherwise than side pots with cards speaking would "
            f"(won {list(result.won)}, not {list(standard)}), which {what} cannot say"
        )
    return None


def written_pots(played: PlayedHand) -> tuple[Pot, ...]:
    """The pots as these formats list them: the main pot and the side pots.  Under 001's
    proportional split or announced hands (which :func:`refusal` lets through only when
    they paid what cards-speak side pots pay) those side pots, not the steps of the
    proportional walk."""
    assert played.result is not None
    award_ = _cards_speak_award(played)
    pots = award_.pots if award_ is not None else played.result.pots
    return tuple(p for p in pots if p.amount and p.winners)


def _cards_speak_award(played: PlayedHand) -> Award | None:
    """What each seat would have won with cards-speak side pots, when the rules are
    001's proportional split or announced hands (``None`` otherwise)."""
    rules = played.rules
    result = played.result
    plain = rules.tie_split is not TieSplit.PROPORTIONAL and (
        rules.showdown is not ShowdownMode.ANNOUNCED
    )
    if result is None or plain:
        return None
    n = played.players
    contributions = [0] * n
    dead = 0
    folded = [False] * n
    all_in = [False] * n
    for e in played.events:
        if e.kind in _CHIPS_IN:
            if e.kind is _K.ANTE and rules.dead_antes:
                dead += e.amount
            else:
                contributions[e.seat] += e.amount
            all_in[e.seat] = all_in[e.seat] or e.all_in
        elif e.kind is _K.RETURN:
            contributions[e.seat] -= e.amount
        elif e.kind in (_K.FOLD, _K.MUCK):
            folded[e.seat] = True
    board = played.board
    live = [s for s in range(n) if not folded[s]]
    strengths: list[int | None] = [None] * n
    if len(live) == 1:
        strengths[live[0]] = 0
    else:
        for s in live:
            shown = result.shown[s]
            if shown is None or len(board) < 5:
                return None
            strengths[s] = best_hand(shown, board).value
    return award(contributions, strengths, all_in=all_in, button=played.button,
                 odd_chip=rules.odd_chip, dead=dead)  # fmt: skip


_CHIPS_IN = frozenset({_K.ANTE, _K.BLIND, _K.STRADDLE, _K.CALL, _K.BET, _K.RAISE})


# ------------------------------------------------------------------------------ writing


def recorded_hero(played: PlayedHand) -> str | None:
    """The hero of a read hand (``info['_hero']``: the only player the text dealt to)."""
    hero = played.info.get("_hero")
    names = played.names or ()
    return hero if isinstance(hero, str) and hero in names else None


def recorded_tournament(played: PlayedHand) -> Tournament | None:
    """The tournament a read hand says it was part of (``info['_tournament']``)."""
    data = played.info.get("_tournament")
    if not isinstance(data, dict) or not isinstance(data.get("number"), int):
        return None
    level = data.get("level")
    return Tournament(data["number"], str(data.get("buy_in") or ""),
                      level if isinstance(level, int) and level > 0 else 1)  # fmt: skip


def played_date(played: PlayedHand, zone: str = EASTERN) -> str | None:
    """The hand's date and time as written in the IANA zone ``zone``
    (``2009/03/05 21:30:00``), from its record (PHH ``year``, ``month``, ``day``,
    ``time``), or ``None``.  A record that says its zone (:func:`.record_zone`) and its time
    of day is converted to ``zone``; one that does not is written as it is."""
    info = played.info
    year, month, day = info.get("year"), info.get("month"), info.get("day")
    if not (isinstance(year, int) and isinstance(month, int) and isinstance(day, int)):
        return None
    time = info.get("time")
    if not isinstance(time, datetime.time):
        return _dated((year, month, day, 0, 0, 0))
    moment = (year, month, day, time.hour, time.minute, time.second)
    source = record_zone(info)
    if source is not None and source != zone:
        moment = moved(moment, source, zone)
    return _dated(moment)


def _dated(moment: Moment) -> str:
    y, mo, d, h, mi, s = moment
    return f"{y:04d}/{mo:02d}/{d:02d} {h:02d}:{mi:02d}:{s:02d}"


def stars_zone(played: PlayedHand) -> str:
    """The zone a PokerStars header names after the hand's date: ``ET``, unless the record
    is dated in a zone that cannot be converted, named by an abbreviation (``AEST``), which
    is then written as it is rather than the time called Eastern."""
    abbreviation = played.info.get("time_zone_abbreviation")
    if (record_zone(played.info) is None and isinstance(abbreviation, str)
            and ZONE_WORD.fullmatch(abbreviation)):  # fmt: skip
        return abbreviation
    return "ET"


def eastern(utc: str) -> str:
    """A UTC date and time (``2024/05/01 20:15:00``) as PokerStars dates its hands: in US
    Eastern time, daylight saving time as New York keeps it.  A moment Eastern time cannot
    write (before the year 1) is written as the first one it can.

    >>> eastern("2024/05/01 20:15:00"), eastern("2024/01/15 20:15:00")
    ('2024/05/01 16:15:00', '2024/01/15 15:15:00')
    >>> eastern("0999/03/04 05:06:07")
    '0999/03/04 00:10:05'
    """
    try:
        moment = datetime.datetime.strptime(utc, "%Y/%m/%d %H:%M:%S")
    except ValueError:
        raise HistoryError(f"not a date and time like 2024/05/01 20:15:00: {utc[:40]!r}") \
            from None  # fmt: skip
    return _dated(moved((moment.year, moment.month, moment.day, moment.hour, moment.minute,
                         moment.second), UTC, EASTERN))  # fmt: skip


def _roman(number: int) -> str:
    out = ""
    for value, letters in _ROMAN:
        while number >= value:
            out += letters
            number -= value
    return out


class _Writer:
    def __init__(self, played: PlayedHand, hero: str | None) -> None:
        self.p = played
        self.hero = hero
        self.symbol = str(played.info.get("currency_symbol") or "")
        names = [played.name(s) if played.names else f"Player{self._seat_no(s)}"
                 for s in range(played.players)]  # fmt: skip
        self.names = names

    def _seat_no(self, seat: int) -> int:
        seats = self.p.info.get("seats")
        if seats:
            return int(seats[self.p.position(seat)])
        return seat + 1

    def money(self, chips: int) -> str:
        value = self.p.amount(chips)
        if isinstance(value, Decimal):
            text = f"{value:.2f}" if value == value.quantize(Decimal("0.01")) else str(value)
        else:
            text = str(value)
        return f"{self.symbol}{text}"


def to_pokerstars(
    played: PlayedHand,
    *,
    hero: str | None = None,
    tournament: Tournament | None = None,
    when: str | None = None,
    number: int | None = None,
) -> str:
    """The PokerStars text of one finished hand (see the module doc).

    ``hero``: the player whose hole cards are dealt to (the others' cards appear only
    where they were shown); ``None`` writes every hole card the record knows.
    ``tournament``: a tournament hand's header.  ``when``: the date and time in UTC
    (``2024/05/01 20:15:00``) when the record has none (:func:`played_date`), written in
    Eastern time (:func:`eastern`); without either, ``1970/01/01 00:00:00``.
    ``number``: the hand's number when its label is not one.  :class:`HistoryError`
    when the text cannot say the hand (:func:`refusal`).
    """
    reason = refusal(played)
    if reason is not None:
        raise HistoryError(f"cannot be written as PokerStars text: {reason}")
    if tournament is None:
        tournament = recorded_tournament(played)
    if hero is None:
        hero = recorded_hero(played)
    w = _Writer(played, hero)
    _check_names(w.names, hero)
    n = played.players
    if number is None:
        read = played.label_number()
        number = 1 if read is None else read
    date = played_date(played) or (eastern(when) if when else "1970/01/01 00:00:00")
    lines = [_header(played, w, tournament, number, f"{date} {stars_zone(played)}")]
    table = played.info.get("table")
    table_name = str(table) if table is not None else (
        f"{tournament.number} 1" if tournament else "pokerroom")  # fmt: skip
    max_seats = played.info.get("seat_count") or max(n, *(w._seat_no(s) for s in range(n)))
    lines.append(
        f"Table '{table_name}' {max_seats}-max Seat #{w._seat_no(played.button)} is the button"
    )
    order = sorted(range(n), key=w._seat_no)
    for s in order:
        lines.append(f"Seat {w._seat_no(s)}: {w.names[s]} ({w.money(played.starting[s])} in chips)")
    lines.extend(_body(played, w))
    lines.extend(_summary(played, w, order))
    return "\n".join(lines) + "\n"


def _check_names(names: Sequence[str], hero: str | None) -> None:
    for name in names:
        if not name or name != name.strip() or any(c in name for c in "\r\n") or (
            re.search(r": (folds|checks|calls|bets|raises|posts|shows|mucks)", name)
        ):  # fmt: skip
            raise HistoryError(
                f"cannot be written as PokerStars text: the player name {name!r} would not "
                "read back (names are one line, without leading or trailing spaces)"
            )
    if len(set(names)) != len(names):
        twice = sorted({x for x in names if names.count(x) > 1})
        raise HistoryError(
            f"cannot be written as PokerStars text: players are named by name there, and "
            f"{', '.join(map(repr, twice))} names more than one seat"
        )
    if hero is not None and hero not in names:
        raise HistoryError(f"no player {hero!r} in this hand (players: {', '.join(names)})")


def _header(
    played: PlayedHand, w: _Writer, tournament: Tournament | None, number: int, date: str
) -> str:
    rules = played.rules
    game = {Structure.NO_LIMIT: "Hold'em No Limit", Structure.POT_LIMIT: "Hold'em Pot Limit",
            Structure.FIXED_LIMIT: "Hold'em Limit"}[rules.structure]  # fmt: skip
    if rules.structure is Structure.FIXED_LIMIT:
        u = rules.units
        stakes = f"{w.money(u[0])}/{w.money(u[2])}"
    else:
        blinds = [b for b in rules.blinds if b] or [rules.units[0]]
        small, big = (blinds[0], blinds[1]) if len(blinds) > 1 else (blinds[0], rules.units[0])
        stakes = f"{w.money(small)}/{w.money(big)}"
    currency = played.info.get("currency")
    code = f" {currency}" if currency and tournament is None else ""
    if tournament is not None:
        buy_in = f"{tournament.buy_in} " if tournament.buy_in else ""
        return (
            f"PokerStars Hand #{number}: Tournament #{tournament.number}, {buy_in}{game} - "
            f"Level {_roman(tournament.level)} ({stakes}) - {date}"
        )
    return f"PokerStars Hand #{number}:  {game} ({stakes}{code}) - {date}"


def blind_words(rules: Rules, players: int) -> dict[int, str]:
    """What each position's blind is called: ``small blind``, ``big blind``, then
    ``straddle``, by the nominal amounts (a single blind is 001's button blind, a
    small blind, or a big blind when a small blind is missing)."""
    nominal = forced_bets(rules, players)[1]
    posters = sorted((p for p in range(players) if nominal[p]),
                     key=lambda p: (nominal[p], (p - players + 1) % players if players == 2
                                    else (p + 1) % players))  # fmt: skip
    if len(posters) == 1:
        heads_up_button = players == 2 and posters[0] == 1
        small = rules.button_blind or rules.straddle or heads_up_button
        return {posters[0]: "small blind" if small else "big blind"}
    return {p: ("small blind", "big blind")[k] if k < 2 else "straddle"
            for k, p in enumerate(posters)}  # fmt: skip


def _allin(e: Event) -> str:
    return " and is all-in" if e.all_in else ""


_BETTING = frozenset((_K.ANTE, _K.STRADDLE, _K.FOLD, _K.CHECK, _K.CALL, _K.BET, _K.RAISE,
                      _K.RETURN))  # fmt: skip
"""The events :func:`_betting_line` writes."""


def _betting_line(e: Event, who: str, w: _Writer, bets: list[int]) -> str:
    """The line of an ante, a straddle, a betting action or an uncalled bet returned;
    ``bets`` (the chips in front of each seat this round) follow it."""
    k = e.kind
    if k is _K.ANTE:
        return f"{who}: posts the ante {w.money(e.amount)}{_allin(e)}"
    if k is _K.STRADDLE:
        bets[e.seat] = e.total
        return f"{who}: posts straddle {w.money(e.amount)}{_allin(e)}"
    if k is _K.FOLD:
        return f"{who}: folds"
    if k is _K.CHECK:
        return f"{who}: checks"
    if k is _K.CALL:
        bets[e.seat] += e.amount
        return f"{who}: calls {w.money(e.amount)}{_allin(e)}"
    if k is _K.BET:
        bets[e.seat] = e.total
        return f"{who}: bets {w.money(e.amount)}{_allin(e)}"
    if k is _K.RAISE:
        by = e.total - max(b for s, b in enumerate(bets) if s != e.seat)
        bets[e.seat] = e.total
        return f"{who}: raises {w.money(by)} to {w.money(e.total)}{_allin(e)}"
    assert k is _K.RETURN
    bets[e.seat] -= e.amount
    return f"Uncalled bet ({w.money(e.amount)}) returned to {who}"


def _body(played: PlayedHand, w: _Writer) -> list[str]:
    names = w.names
    lines: list[str] = []
    words = blind_words(played.rules, played.players)
    bets = [0] * played.players  # chips in front this round
    street = Street.PREFLOP
    board: list[Card] = []
    dealt = False
    shows: list[str] = []
    for e in played.events:
        k = e.kind
        if e.street != street and e.street <= Street.RIVER and k is not _K.WIN:
            street, bets = e.street, [0] * played.players
        who = names[e.seat] if e.seat >= 0 else ""
        if k in _BETTING:
            lines.append(_betting_line(e, who, w, bets))
        elif k is _K.BLIND:
            word = words.get(played.position(e.seat), "straddle")
            bets[e.seat] = e.total
            lines.append(f"{who}: posts {word} {w.money(e.amount)}{_allin(e)}")
        elif k is _K.DEAL:
            if not dealt:
                lines.append("*** HOLE CARDS ***")
                dealt = True
            known = e.cards and e.seat not in played.hidden
            if known and (w.hero is None or names[e.seat] == w.hero):
                lines.append(f"Dealt to {who} [{format_cards(e.cards)}]")
        elif k is _K.BOARD:
            title = _STREETS[min(e.street, 3) - 1].upper()
            old = f" [{format_cards(board)}]" if board else ""
            board.extend(e.cards)
            lines.append(f"*** {title} ***{old} [{format_cards(e.cards)}]")
        elif k is _K.SHOW:
            name = stars_hand_name(best_hand(e.cards, played.board).value)
            shows.append(f"{who}: shows [{format_cards(e.cards)}] ({name})")
        elif k is _K.MUCK:
            shows.append(f"{who}: mucks hand")
    if not dealt:
        lines.append("*** HOLE CARDS ***")
    if shows:
        lines.append("*** SHOW DOWN ***")
        lines.extend(shows)
    lines.extend(_collected(played, w))
    if not shows:
        winners = [s for s in range(played.players) if played.result and played.result.won[s]]
        lines.extend(f"{names[s]}: doesn't show hand" for s in winners)
    return lines


def _pot_names(count: int) -> list[str]:
    if count <= 1:
        return ["pot"][:count]  # none: a lone blind's walk (its bet returned, the pot empty)
    if count == 2:
        return ["main pot", "side pot"]
    return ["main pot", *(f"side pot-{k}" for k in range(1, count))]


def _collected(played: PlayedHand, w: _Writer) -> list[str]:
    pots = written_pots(played)
    words = _pot_names(len(pots))
    lines = []
    for word, pot in reversed(list(zip(words, pots, strict=True))):
        shares = zip(pot.winners, pot.shares, strict=True)
        for seat, share in sorted(shares, key=lambda item: w._seat_no(item[0])):
            if share:
                lines.append(f"{w.names[seat]} collected {w.money(share)} from {word}")
    return lines


def _summary(played: PlayedHand, w: _Writer, order: Sequence[int]) -> list[str]:
    result = played.result
    assert result is not None
    pots = written_pots(played)
    total = sum(p.amount for p in pots)
    line = f"Total pot {w.money(total)}"
    if len(pots) > 1:
        words = _pot_names(len(pots))
        line += " " + " ".join(
            f"{word[0].upper()}{word[1:]} {w.money(p.amount)}." for word, p in zip(words, pots,
                                                                                   strict=True)
        )
    lines = ["*** SUMMARY ***", f"{line} | Rake {w.money(0)}"]
    if played.board:
        lines.append(f"Board [{format_cards(played.board)}]")
    blind_names = blind_words(played.rules, played.players)
    blinds = {e.seat for e in played.events if e.kind is _K.BLIND}
    folded: dict[int, Street] = {}
    mucked: set[int] = set()
    put_in: set[int] = set()
    for e in played.events:
        if e.kind is _K.FOLD:
            folded[e.seat] = e.street
        elif e.kind is _K.MUCK:
            mucked.add(e.seat)
        elif e.kind in (_K.BLIND, _K.STRADDLE, _K.CALL, _K.BET, _K.RAISE):
            put_in.add(e.seat)
    shown = {e.seat: e.cards for e in played.events if e.kind is _K.SHOW}
    for s in order:
        tags = ""
        if s == played.button:
            tags += " (button)"
        blind = blind_names.get(played.position(s)) if s in blinds else None
        if blind in ("small blind", "big blind"):
            tags += f" ({blind})"
        text = f"Seat {w._seat_no(s)}: {w.names[s]}{tags}"
        won = result.won[s]
        if s in folded:
            where = folded[s]
            if where is Street.PREFLOP:
                text += " folded before Flop" + ("" if s in put_in else " (didn't bet)")
            else:
                text += f" folded on the {_STREETS[min(where, 3) - 1]}"
        elif s in shown:
            cards = format_cards(shown[s])
            name = stars_hand_name(best_hand(shown[s], played.board).value)
            if won:
                text += f" showed [{cards}] and won ({w.money(won)}) with {name}"
            else:
                text += f" showed [{cards}] and lost with {name}"
        elif s in mucked:
            text += " mucked"
        elif won:
            text += f" collected ({w.money(won)})"
        lines.append(text)
    return lines


def dumps_pokerstars(texts: Iterable[str]) -> str:
    """Several hands' texts as one file (two blank lines between hands)."""
    return HAND_SEPARATOR.join(t.rstrip("\n") for t in texts) + "\n"
