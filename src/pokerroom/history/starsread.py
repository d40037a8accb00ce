"""Reading PokerStars hand-history text: hands as records (:class:`StarsHand`), line by
line, before any replay (:mod:`~pokerroom.history.starsreplay` replays them).

Liberal in what real files hold: a byte-order mark, ``\\r\\n`` line ends, currency
symbols and thousands separators (``$1,234.50``, ``€2``), cash and tournament headers
(``PokerStars Hand #``, ``PokerStars Game #``, ``PokerStars Zoom Hand #``), hold'em no
limit, pot limit and fixed limit, ``and is all-in``, ``Uncalled bet (...) returned to``,
``doesn't show hand``, ``mucks hand``, seats ``is sitting out`` (not dealt in), chat,
connection and table messages (skipped), several hands per file.  What it cannot use it
refuses, hand by hand, with the line and the reason (:class:`StarsError`): a game that is
not hold'em, a hand cancelled or run twice, a line of a player's it does not understand.

>>> hands = parse_pokerstars('''\\ufeffPokerStars Hand #7:  Hold'em No Limit ($0.01/$0.02 USD) - \\
... 2024/05/01 20:15:00 ET\\r
... Table 'Alpha' 6-max Seat #2 is the button\\r
... Seat 1: Ann ($2 in chips)\\r
... Seat 2: Bo ($1,000.50 in chips)\\r
... Bo: posts small blind $0.01\\r
... Ann: posts big blind $0.02\\r
... *** HOLE CARDS ***\\r
... Dealt to Ann [As Ad]\\r
... Bo: folds\\r
... Uncalled bet ($0.01) returned to Ann\\r
... Ann collected $0.02 from pot\\r
... *** SUMMARY ***\\r
... Total pot $0.02 | Rake $0\\r
... ''')
>>> hand = hands[0]
>>> hand.number, hand.structure, hand.stakes, [s.name for s in hand.seats], hand.button
(7, 'no limit', (Decimal('0.01'), Decimal('0.02')), ['Ann', 'Bo'], 2)
>>> [(a.verb, a.name, a.amount) for a in hand.lines if a.verb in ("folds", "returned")]
[('folds', 'Bo', None), ('returned', 'Ann', Decimal('0.01'))]
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from typing import Final

from pokerroom.cards import Card, CardError, parse_cards
from pokerroom.history.errors import HistoryError
from pokerroom.history.zones import ZONE_WORD

__all__ = [
    "StarsError",
    "StarsHand",
    "StarsLine",
    "StarsSeat",
    "is_pokerstars",
    "parse_amount",
    "parse_pokerstars",
    "split_hands",
]


class StarsError(HistoryError):
    """PokerStars text that cannot be read (the whole file, or one hand of it)."""


_START: Final = re.compile(
    r"^PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #([0-9]{1,18})[:\s]")
_GAME: Final = re.compile(r"Hold'em (No Limit|Pot Limit|Limit)\b")
_OTHER_GAME: Final = re.compile(
    r"(Omaha|Stud|Razz|Draw|Triple Draw|Badugi|Courchevel|HORSE|8-Game|Mixed|Short Deck|6\+)",
    re.IGNORECASE,
)
_STAKES: Final = re.compile(r"\(([^()/]+)/([^()/\s]+)(?:\s+([A-Z]{3}))?\)")
_TOURNAMENT: Final = re.compile(r"Tournament #(\d+),\s*(.*?)\s*Hold'em")
_LEVEL: Final = re.compile(r"Level ([IVXLC]+|[0-9]{1,18})(?![0-9])")
_DATE: Final = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})")
_DATE_ET: Final = re.compile(_DATE.pattern + r" ET\b")
_DATE_ZONE: Final = re.compile(_DATE.pattern + rf"(?: ({ZONE_WORD.pattern})\b)?")
_TABLE: Final = re.compile(
    r"^Table '(?P<table>.*)' (?:(?P<max>\d+)-max )?(?:\(Play Money\) )?"
    r"Seat #(?P<button>\d+) is the button"
)
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*?) in chips(?:[,;][^)]*)?\)"
    r"(?P<rest>.*)$"
)
_POST: Final = re.compile(
    r"^(?P<name>.+): posts (?:the )?(?P<what>ante|small & big blinds|small blind|big blind|"
    r"straddle|a straddle) (?P<amount>\S+)(?P<allin> and is all-in)?\s*$"
)
_STREET: Final = re.compile(r"^\*\*\* (?P<title>[A-Z -]+?) \*\*\*(?P<cards>.*)$")
_DEALT: Final = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")
_ACTION: Final = re.compile(
    r"^(?P<name>.+): (?P<verb>folds|checks|calls|bets|raises)"
    r"(?: (?P<amount>[^ ]+?)(?: to (?P<to>[^ ]+))?)?"
    r"(?P<allin> and is all-in)?(?: \[[^\]]*\])?(?: and has reached the [^ ]+ cap)?\s*$"
)
_RETURNED: Final = re.compile(r"^Uncalled bet \((?P<amount>[^)]*)\) returned to (?P<name>.+?)\s*$")
_COLLECTED: Final = re.compile(
    r"^(?P<name>.+) collected (?P<amount>\S+) from (?:the )?(?P<pot>pot|main pot|"
    r"side pot(?:-\d+)?)\s*$"
)
_SHOWS: Final = re.compile(r"^(?P<name>.+): shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?\s*$")
_MUCKS: Final = re.compile(r"^(?P<name>.+): mucks hand\s*$")
_NO_SHOW: Final = re.compile(r"^(?P<name>.+): doesn't show hand\s*$")
_RAKE: Final = re.compile(r"^Total pot (?P<total>\S+).*\| Rake (?P<rake>\S+)")
_SITTING_OUT: Final = re.compile(r"^(?P<name>.+?):? (?:sits out|is sitting out)\s*$")
_CHAT: Final = re.compile(r'^.+? said, ".*"\s*$')
"""A line of chat, seated player's or observer's: read before any action, so that what
it quotes is never taken for one."""
_IGNORED: Final = re.compile(
    r"( said, \"|^.+ is (?:dis)?connected\s*$|^.+ has timed out|^.+ joins the table|"
    r"^.+ leaves the table|^.+ has returned|^.+ will be allowed to play|^.+ was removed|"
    r"^.+ finished the tournament|^.+ wins the tournament|^.+ re-buys|^.+ is being treated|"
    r"^.+ cashed out|^Betting is capped|^.+ has been disconnected|^.+ is sitting out|"
    r"^.+ sits out|^.+ will sit out|^.+ wins an entry|^.+ takes the|^.+ wins the \$|"
    r"^.+ receives |^.+ is the big blind|^.+ adds |^.+ has reconnected|^The player .+|"
    r"^Time has expired|^.+: is (?:dis)?connected|^.+ is away|^.+ was moved)"
)

_STRUCTURES: Final = {"No Limit": "no limit", "Pot Limit": "pot limit", "Limit": "fixed limit"}


def parse_amount(text: str) -> Decimal:
    """An amount as PokerStars writes it: a currency symbol or code, thousands
    separators (``$1,234.50``, ``€2``, ``1500``).

    >>> parse_amount("$1,234.50"), parse_amount("1500")
    (Decimal('1234.50'), Decimal('1500'))
    """
    m = re.fullmatch(r"[^\d.\-]{0,4}(\d[\d,]*(?:\.\d+)?|\.\d+)(?:\s*[A-Z]{3})?", text.strip())
    if m is None:
        raise StarsError(f"not an amount: {text!r}")
    digits = m.group(1).replace(",", "")
    try:
        return Decimal(digits)
    except InvalidOperation:  # pragma: no cover - the pattern admits numbers only
        raise StarsError(f"not an amount: {text!r}") from None


@dataclass(frozen=True, slots=True)
class StarsSeat:
    """A seat line: its number, the player, the chips, and whether the player sits out
    (not dealt in)."""

    number: int
    name: str
    stack: Decimal
    sitting_out: bool = False


@dataclass(frozen=True, slots=True)
class StarsLine:
    """One line that matters for the replay, in the order of the text.

    ``verb``: ``ante``, ``small blind``, ``big blind``, ``straddle`` (a post before the
    hole cards), ``straddles`` (a straddle posted after them: 001's, a choice), ``dealt``,
    ``board``, ``folds``, ``checks``, ``calls``, ``bets``, ``raises``, ``returned``,
    ``shows``, ``mucks``, ``collected``.  ``amount`` is what the line says (a raise: by
    how much), ``to`` a raise's total, ``street`` 0 to 3 (4 after the river).
    """

    verb: str
    name: str = ""
    amount: Decimal | None = None
    to: Decimal | None = None
    all_in: bool = False
    cards: tuple[Card, ...] = ()
    street: int = 0
    line: int = 0


@dataclass(slots=True)
class StarsHand:
    """One hand of PokerStars text, as written (amounts in the file's units)."""

    number: int
    structure: str  # "no limit", "pot limit" or "fixed limit"
    stakes: tuple[Decimal, Decimal]
    button: int
    seats: list[StarsSeat]
    lines: list[StarsLine] = field(default_factory=list)
    table: str | None = None
    max_seats: int | None = None
    date: tuple[int, int, int, int, int, int] | None = None
    zone: str | None = None
    """The zone the date is local to, as the record names it (``ET``, ``CET``, ``UTC``)."""
    currency: str | None = None
    symbol: str = ""
    tournament: int | None = None
    buy_in: str = ""
    level: int | None = None
    rake: Decimal = Decimal(0)
    line: int = 1
    ante: Decimal | None = None
    """The table's ante, when the record says it (OHH): what a short ante falls short of."""
    pots: list[Decimal] | None = None
    """The pots the record lists (main pot first), when it lists them."""
    returns_known: bool = True
    """Whether the record says which uncalled bets came back (OHH does not)."""
    extra: dict[str, object] = field(default_factory=dict)
    """What the record says that pokerroom keeps but does not replay (OHH's site, flags...)."""

    @property
    def players(self) -> list[StarsSeat]:
        """The seats dealt in, in seat order: those not sitting out, and those sitting out
        who post or act all the same (a tournament deals them in)."""
        active = {line.name for line in self.lines if line.name}
        return [s for s in self.seats if not s.sitting_out or s.name in active]


def is_pokerstars(text: str) -> bool:
    """Whether the text's first line that is not blank starts a PokerStars hand."""
    for line in text.lstrip("\ufeff").splitlines():
        if line.strip():
            return _START.match(line.strip()) is not None
    return False


def split_hands(text: str, *, source: str | None = None) -> list[tuple[int, list[str]]]:
    """The hands of a file: (the number of its first line, its lines), after a
    byte-order mark and ``\\r`` are taken off.  Text before the first hand that is not
    blank makes the file unreadable."""
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    hands: list[tuple[int, list[str]]] = []
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if _START.match(line):
            hands.append((number, [line]))
        elif hands:
            hands[-1][1].append(line)
        elif line:
            raise StarsError(
                f"not PokerStars text: {line[:60]!r} before the first 'PokerStars Hand #' line",
                source=source, where=f"line {number}",
            )  # fmt: skip
    if not hands:
        raise StarsError("no 'PokerStars Hand #' line: not PokerStars text", source=source)
    return hands


def parse_pokerstars(text: str, *, source: str | None = None) -> list[StarsHand]:
    """Every hand of the text; the first hand that cannot be read raises (see
    :func:`iter_pokerstars` for one outcome per hand)."""
    out = []
    for item in iter_pokerstars(text, source=source):
        if isinstance(item, StarsError):
            raise item
        out.append(item)
    return out


def iter_pokerstars(text: str, *, source: str | None = None) -> list[StarsHand | StarsError]:
    """Each hand of the text, or the error that makes it unreadable (the others still
    read)."""
    out: list[StarsHand | StarsError] = []
    for first, lines in split_hands(text, source=source):
        try:
            out.append(_parse_hand(first, lines))
        except StarsError as exc:
            out.append(StarsError(exc.reason, source=source, where=exc.where))
    return out


# ----------------------------------------------------------------------------- one hand


def _fail(reason: str, number: int) -> StarsError:
    return StarsError(reason, where=f"line {number}")


def _cards(text: str, number: int) -> tuple[Card, ...]:
    try:
        return tuple(parse_cards(text.replace("10", "T")))
    except CardError as exc:
        raise _fail(f"not cards: {text!r} ({exc})", number) from None


def _amount(text: str, number: int) -> Decimal:
    try:
        return parse_amount(text)
    except StarsError as exc:
        raise _fail(exc.reason, number) from None


def _parse_header(first: int, head: str) -> dict[str, object]:
    m = _START.match(head)
    assert m is not None
    out: dict[str, object] = {"number": int(m.group(1))}
    game = _GAME.search(head)
    if game is None:
        other = _OTHER_GAME.search(head)
        what = other.group(1) if other else head[m.end():].strip()[:40]
        raise _fail(f"the game is {what!r}: pokerroom replays Texas hold'em only", first)
    out["structure"] = _STRUCTURES[game.group(1)]
    stakes = _STAKES.search(head, game.end()) or _STAKES.search(head)
    if stakes is None:
        raise _fail("the header names no stakes like ($0.01/$0.02) or (10/20)", first)
    small, big = stakes.group(1).strip(), stakes.group(2).strip()
    out["stakes"] = (_amount(small, first), _amount(big, first))
    symbol = re.match(r"[^\d.]*", small)
    out["symbol"] = symbol.group(0).strip() if symbol else ""
    out["currency"] = stakes.group(3)
    tournament = _TOURNAMENT.search(head)
    if tournament is not None:
        out["tournament"] = int(tournament.group(1))
        out["buy_in"] = tournament.group(2).strip().rstrip(",")
        level = _LEVEL.search(head)
        if level is not None:
            text = level.group(1)
            out["level"] = int(text) if text.isdigit() else _from_roman(text)
    # (a site dating its hands in another zone adds Eastern time in brackets, read first:
    # "2021/09/19 10:12:37 CET [2021/09/19 4:12:37 ET]")
    # (the zone named after the date is kept: the time is local to it)
    date = _DATE_ET.search(head) or _DATE_ZONE.search(head)
    if date is not None:
        y, mo, d, h, mi, s = (int(g) for g in date.groups()[:6])
        try:
            datetime.datetime(y, mo, d, h, mi, s)
        except ValueError:
            raise _fail(f"not a date and time: {date.group(0)!r}", first) from None
        out["date"] = (y, mo, d, h, mi, s)
        label = "ET" if date.re is _DATE_ET else date.group(7)
        if label:
            out["zone"] = label
    return out


def _from_roman(text: str) -> int:
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
    total = 0
    for a, b in zip(text, [*text[1:], ""], strict=True):
        total += -values[a] if b and values[b] > values[a] else values[a]
    return total


def _parse_hand(first: int, lines: list[str]) -> StarsHand:
    head = _parse_header(first, lines[0])
    table: re.Match[str] | None = None
    seats: list[StarsSeat] = []
    body_start = 1
    for k, line in enumerate(lines[1:], 1):
        number = first + k
        if not line:
            continue
        if table is None and (t := _TABLE.match(line)):
            table = t
            continue
        s = _SEAT.match(line)
        if s is None:
            body_start = k
            break
        rest = s.group("rest").lower()
        out = "sitting out" in rest or "out of hand" in rest
        seats.append(StarsSeat(int(s.group("seat")), s.group("name"),
                               _amount(s.group("stack"), number), out))  # fmt: skip
    else:
        body_start = len(lines)
    if table is None:
        raise _fail("no line 'Table '...' Seat #N is the button' after the header", first + 1)
    if len(seats) < 2:
        raise _fail(f"{len(seats)} seat lines ('Seat N: name (chips in chips)'): a hand "
                    "needs two players", first + 1)  # fmt: skip
    numbers = [s.number for s in seats]
    if len(set(numbers)) != len(numbers):
        raise _fail("two seat lines have the same seat number", first + 1)
    names = [s.name for s in seats]
    if len(set(names)) != len(names):
        raise _fail("two seats have the same player", first + 1)
    hand = StarsHand(
        number=int(head["number"]),  # type: ignore[call-overload]
        structure=str(head["structure"]),
        stakes=head["stakes"],  # type: ignore[arg-type]
        button=int(table.group("button")),
        seats=seats,
        table=table.group("table"),
        max_seats=int(table.group("max")) if table.group("max") else None,
        date=head.get("date"),  # type: ignore[arg-type]
        zone=head.get("zone"),  # type: ignore[arg-type]
        currency=head.get("currency"),  # type: ignore[arg-type]
        symbol=str(head.get("symbol", "")),
        tournament=head.get("tournament"),  # type: ignore[arg-type]
        buy_in=str(head.get("buy_in", "")),
        level=head.get("level"),  # type: ignore[arg-type]
        line=first,
    )
    if hand.tournament is not None:
        hand.extra["_tournament"] = {"number": hand.tournament, "buy_in": hand.buy_in,
                                     "level": hand.level or 1}  # fmt: skip
    _parse_body(hand, lines, first, body_start)
    return hand


def _parse_body(hand: StarsHand, lines: list[str], first: int, start: int) -> None:
    known = {s.name for s in hand.seats}
    out_now = {s.name for s in hand.seats if s.sitting_out}
    street = 0
    summary = False
    dealt = False
    m: re.Match[str] | None = None
    for k in range(start, len(lines)):
        line = lines[k]
        number = first + k
        if not line:
            continue
        if summary:
            _summary_line(hand, line, number)
            continue
        if m := _STREET.match(line):
            street, dealt, summary = _heading(hand, m, number, street, dealt)
            continue
        if _CHAT.match(line):  # whatever it quotes (an action, "Hand cancelled"...)
            continue
        if "Hand cancelled" in line or "hand was cancelled" in line.lower():
            raise _fail("the hand was cancelled", number)
        entry = _body_line(line, number, street)
        if entry is not None and entry.verb == "straddle" and dealt:
            entry = replace(entry, verb="straddles")  # after the deal: a choice (001)
        dealt = dealt or (entry is not None and entry.verb == "dealt") or (
            m is None and line.startswith("*** HOLE CARDS"))  # fmt: skip
        if entry is None:
            _unread(hand, line, number, street == 0, known=known, out_now=out_now)
            continue
        if entry.name and entry.name not in known:
            raise _fail(f"{entry.name!r} is not seated at this table (seated: "
                        f"{', '.join(sorted(known))})", number)  # fmt: skip
        hand.lines.append(entry)
    dealt_to = [x.name for x in hand.lines if x.verb == "dealt" and x.cards]
    if len(dealt_to) == 1 and len(hand.players) > 1:
        hand.extra["_hero"] = dealt_to[0]  # the room's text deals to its hero only
    if out_now:
        hand.seats = [StarsSeat(s.number, s.name, s.stack, s.sitting_out or s.name in out_now)
                      for s in hand.seats]  # fmt: skip


def _summary_line(hand: StarsHand, line: str, number: int) -> None:
    """Read the rake and the pots from a line of the summary (other lines say nothing
    new)."""
    if r := _RAKE.match(line):
        hand.rake = _amount(r.group("rake"), number)
        pots = re.findall(r"(?:Main|Side) pot(?:-\d+)? (\S+?)\.(?= |$)", line)
        hand.pots = [_amount(x, number) for x in pots] or [
            _amount(r.group("total"), number)]


def _heading(hand: StarsHand, m: re.Match[str], number: int, street: int,
             dealt: bool) -> tuple[int, bool, bool]:  # fmt: skip
    """Read a ``*** ... ***`` heading (a street's adds its board cards to ``hand``): the
    street, whether the hole cards are dealt, whether the summary begins."""
    title = m.group("title").strip()
    if title == "SUMMARY":
        return street, dealt, True
    if title in ("FLOP", "TURN", "RIVER"):
        street = ("FLOP", "TURN", "RIVER").index(title) + 1
        groups = re.findall(r"\[([^\]]*)\]", m.group("cards"))
        if not groups:
            raise _fail(f"the {title.lower()} line shows no cards", number)
        cards = _cards(groups[-1], number)
        hand.lines.append(StarsLine("board", cards=cards, street=street, line=number))
    elif title in ("SHOW DOWN", "SHOWDOWN"):
        street = 4
    elif title in ("HOLE CARDS", "PRE-FLOP", "PREFLOP", "POCKET CARDS"):
        street = 0
        dealt = True
    elif "FIRST" in title or "SECOND" in title:
        raise _fail("the board is run more than once: pokerroom replays one board",
                    number)  # fmt: skip
    return street, dealt, False


def _unread(hand: StarsHand, line: str, number: int, preflop: bool, *, known: set[str],
            out_now: set[str]) -> None:  # fmt: skip
    """A line that is no action: a player sitting out before any action of theirs
    (added to ``out_now``), a message to ignore, or refused if a player said it."""
    if m := _SITTING_OUT.match(line):
        if m.group("name") in known and preflop and not any(
            x.name == m.group("name") for x in hand.lines):  # fmt: skip
            out_now.add(m.group("name"))
        return
    if _IGNORED.search(line):
        return
    speaker = next((n for n in known if line.startswith(f"{n}: ")), None)
    if speaker is not None:
        raise _fail(f"a line of {speaker}'s that pokerroom does not read: {line!r}",
                    number)  # fmt: skip
    # the dealer's and the room's messages


def _body_line(line: str, number: int, street: int) -> StarsLine | None:
    if m := _POST.match(line):
        what = m.group("what")
        if what == "small & big blinds":
            raise _fail(
                f"{m.group('name')} posts small & big blinds (a dead small blind on top of "
                "the big blind), which pokerroom's rules do not play", number,
            )  # fmt: skip
        verb = "straddle" if "straddle" in what else what
        return StarsLine(verb, m.group("name"), _amount(m.group("amount"), number),
                         all_in=bool(m.group("allin")), street=street, line=number)  # fmt: skip
    if m := _DEALT.match(line):
        cards = _cards(m.group("cards"), number) if m.group("cards").strip() else ()
        return StarsLine("dealt", m.group("name"), cards=cards, street=street, line=number)
    if m := _RETURNED.match(line):
        return StarsLine("returned", m.group("name"), _amount(m.group("amount"), number),
                         street=street, line=number)  # fmt: skip
    if m := _COLLECTED.match(line):
        return StarsLine("collected", m.group("name"), _amount(m.group("amount"), number),
                         street=street, line=number)  # fmt: skip
    if m := _SHOWS.match(line):
        return StarsLine("shows", m.group("name"), cards=_cards(m.group("cards"), number),
                         street=street, line=number)  # fmt: skip
    if m := _MUCKS.match(line):
        return StarsLine("mucks", m.group("name"), street=street, line=number)
    if m := _NO_SHOW.match(line):
        return StarsLine("no show", m.group("name"), street=street, line=number)
    if m := _ACTION.match(line):
        verb = m.group("verb")
        amount = to = None
        if verb in ("calls", "bets", "raises"):
            if m.group("amount") is None:
                raise _fail(f"{verb!r} without an amount: {line!r}", number)
            amount = _amount(m.group("amount"), number)
            if verb == "raises":
                if m.group("to") is None:
                    raise _fail(f"a raise says 'raises X to Y': {line!r}", number)
                to = _amount(m.group("to"), number)
        elif m.group("amount") is not None and not m.group("amount").startswith("["):
            raise _fail(f"{verb!r} takes no amount: {line!r}", number)
        return StarsLine(verb, m.group("name"), amount, to, bool(m.group("allin")),
                         street=street, line=number)  # fmt: skip
    return None
