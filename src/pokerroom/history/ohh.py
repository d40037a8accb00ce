"""Open Hand History (OHH 1.4.x): the vendor-neutral JSON hand history.

:func:`to_ohh` writes a played hand as ``{"ohh": {...}}``: the site and versions, the
game number and start, the table, ``Holdem`` with its bet limit (``NL``, ``PL``,
``FL``), the blinds and ante, the players with their seats and chips, one round per
street with its board cards and actions (``Post Ante``, ``Post SB``, ``Post BB``,
``Straddle``, ``Dealt Cards``, ``Fold``, ``Check``, ``Call``, ``Bet``, ``Raise`` with
what each put in, ``is_allin``), a ``Showdown`` round (``Shows Cards``, ``Mucks Cards``)
and the pots with who won what.  :func:`dumps_ohh` joins several hands as an ``.ohh``
file does (one blank line between objects).  The JSON Schema of the format, written from
the published specification, is ``history/schema/ohh.json`` (:func:`schema`).

:func:`parse_ohh` reads such a file hand by hand, and :func:`ohh_hand` turns one hand
into the record :mod:`~pokerroom.history.starsreplay` replays (OHH and PokerStars text
say the same things: posts, actions with amounts, shows, pots), so an OHH hand is
replayed and checked as a PokerStars hand is, its rules worked out the same way.  OHH
does not say which uncalled bets came back: the check is on what each player won.

What OHH cannot say (:func:`~pokerroom.history.pokerstars.refusal`) is refused.  What it
says beyond what pokerroom plays (the site, flags, the tournament) is kept
(``info['_ohh']``) and written back, so a hand read and written again is the same hand.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.engine import Hand, stacked_deck
>>> from pokerroom.history.record import PlayedHand
>>> from pokerroom.rules import Rules
>>> deck = stacked_deck([parse_cards("As Ad"), parse_cards("Kc Kd")],
...                     parse_cards("2c 7h 9s Jd 3c"), button=1, burn_cards=False)
>>> hand = Hand(Rules(blinds=(1, 2), burn_cards=False), [100, 100], button=1, deck=deck)
>>> hand.raise_to(6); hand.fold()
>>> data = to_ohh(PlayedHand.from_hand(hand, names=["Ann", "Bo"], label=7))
>>> [(a["action"], a.get("amount")) for a in data["ohh"]["rounds"][0]["actions"]][2:]
[('Dealt Cards', None), ('Dealt Cards', None), ('Raise', 5), ('Fold', None)]
>>> data["ohh"]["pots"]
[{'number': 0, 'amount': 4, 'rake': 0, 'player_wins': [{'player_id': 1, 'win_amount': 4}]}]
>>> replay = replay_ohh(data)
>>> to_ohh(replay.played) == data
True
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable, Mapping
from decimal import Decimal
from functools import cache
from importlib import resources
from typing import Any

from pokerroom.cards import Card, CardError
from pokerroom.engine.actions import Street
from pokerroom.engine.events import EventKind
from pokerroom.history.errors import HistoryError
from pokerroom.history.pokerstars import (
    Tournament,
    blind_words,
    played_date,
    recorded_hero,
    refusal,
    written_pots,
)
from pokerroom.history.record import PlayedHand
from pokerroom.history.replay import Replay
from pokerroom.history.starsread import StarsHand, StarsLine, StarsSeat
from pokerroom.history.starsreplay import replay_stars
from pokerroom.history.zones import UTC
from pokerroom.numerals import number as read_number
from pokerroom.rules import Rules, Structure

__all__ = [
    "SPEC_VERSION",
    "OHHError",
    "dumps_ohh",
    "ohh_hand",
    "parse_ohh",
    "replay_ohh",
    "schema",
    "to_ohh",
]

SPEC_VERSION = "1.4.7"
"""The version of the specification written."""
SITE = "pokerroom"
_K = EventKind
_STREETS = ("Preflop", "Flop", "Turn", "River")
_LIMITS = {Structure.NO_LIMIT: "NL", Structure.POT_LIMIT: "PL", Structure.FIXED_LIMIT: "FL"}
_POSTS = {"small blind": "Post SB", "big blind": "Post BB", "straddle": "Straddle"}
NO_DATE = "1970-01-01T00:00:00Z"
"""The start written for a hand whose date is unknown; read back as no date."""


class OHHError(HistoryError):
    """An OHH file or hand that cannot be read (the JSON, or what it says)."""


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema of one OHH hand (``history/schema/ohh.json``)."""
    text = resources.files("pokerroom.history").joinpath("schema/ohh.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _version() -> str:
    from pokerroom import __version__

    return __version__


# ------------------------------------------------------------------------------ writing


def _number(played: PlayedHand, chips: int) -> int | float:
    value = played.amount(chips)
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def _blind_sizes(rules: Rules) -> tuple[int, int]:
    """The small and the big blind OHH names (a fixed-limit game's bets must follow from
    its big blind: refused otherwise)."""
    blinds = [b for b in rules.blinds if b]
    small = blinds[0] if blinds else 0
    big = blinds[1] if len(blinds) > 1 else rules.units[0]
    u = rules.units
    if rules.structure is Structure.FIXED_LIMIT and (u[0] != big or u[2] != 2 * u[0]):
        raise HistoryError(
            f"cannot be written as OHH: fixed-limit bets {u[0]}/{u[2]} with a big blind of "
            f"{big}: OHH names the blinds only, and a reader takes the small bet for the big "
            "blind and the big bet for twice it"
        )
    return small, big


def _tournament_info(played: PlayedHand, tournament: Tournament | None,
                     start: str) -> dict[str, Any]:  # fmt: skip
    """OHH's ``tournament_info`` of a pokerroom freeze-out."""
    number = tournament.number if tournament else 0
    return {
        "tournament_number": str(number),
        "name": f"pokerroom freeze-out {number}",
        "start_date_utc": start, "currency": "XPM",
        "buyin_amount": None, "fee_amount": None, "bounty_fee_amount": None,
        "initial_stack": _number(played, played.rules.buy_in), "type": "STT",
        "speed": {"type": "Normal", "round_time": 0},
    }  # fmt: skip


def to_ohh(
    played: PlayedHand,
    *,
    hero: str | None = None,
    tournament: Tournament | None = None,
    when: str | None = None,
    number: int | None = None,
) -> dict[str, Any]:
    """The OHH object of one finished hand (see the module doc; the arguments are
    :func:`~pokerroom.history.pokerstars.to_pokerstars`'s).  :class:`HistoryError`
    when OHH cannot say the hand."""
    reason = refusal(played, "OHH")
    if reason is not None:
        raise HistoryError(f"cannot be written as OHH: {reason}")
    result = played.result
    assert result is not None
    n = played.players
    kept: Mapping[str, Any] = played.info.get("_ohh") or {}
    names = [played.name(s) for s in range(n)]
    hero = hero if hero is not None else recorded_hero(played)
    if hero is not None and hero not in names:
        raise HistoryError(f"no player {hero!r} in this hand (players: {', '.join(names)})")
    seat_no = _seat_numbers(played)
    # players are listed, and numbered, by seat
    by_seat = sorted(range(n), key=seat_no.__getitem__)
    given = kept.get("player_ids")
    ids = {s: (int(given[k]) if given and len(given) == n else k) for k, s in enumerate(by_seat)}
    date = played_date(played, UTC)
    start = (date.replace("/", "-").replace(" ", "T") + "Z") if date else (when or NO_DATE)
    head: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": kept.get("site_name", SITE),
        "network_name": kept.get("network_name", SITE),
        "internal_version": kept.get("internal_version", _version()),
    }
    if tournament is not None or "tournament_info" in kept:
        head["tournament"] = True
        head["tournament_info"] = kept.get("tournament_info") or _tournament_info(
            played, tournament, start)  # fmt: skip
    head.update(_game(played, kept, _game_number(played, number), start, seat_no))
    if hero is not None:
        head["hero_player_id"] = ids[names.index(hero)]
    if kept.get("flags"):
        head["flags"] = list(kept["flags"])
    head["players"] = [
        {"id": ids[s], "seat": seat_no[s], "name": names[s],
         "starting_stack": _number(played, played.starting[s])}
        for s in by_seat
    ]  # fmt: skip
    head["rounds"] = _rounds(played, names, hero, ids)
    head["pots"] = _ohh_pots(played, ids)
    return {"ohh": head}


def _seat_numbers(played: PlayedHand) -> list[int]:
    """Each seat's number at the table: the recorded seats, else 1 to n."""
    seats = played.info.get("seats")
    if not seats:
        return list(range(1, played.players + 1))
    return [int(seats[played.position(s)]) for s in range(played.players)]


def _game_number(played: PlayedHand, number: int | None) -> int:
    """The hand's number: ``number`` if given, else its label if a number, else 1."""
    if number is not None:
        return number
    read = played.label_number()
    return 1 if read is None else read


def _game(
    played: PlayedHand, kept: Mapping[str, Any], number: int, start: str, seat_no: list[int]
) -> dict[str, Any]:
    """The fields of the game itself: its number and date, table, limits and blinds."""
    rules = played.rules
    small, big = _blind_sizes(rules)
    return {
        "game_number": str(number),
        "start_date_utc": start,
        "table_name": str(played.info.get("table", "pokerroom")),
        "game_type": "Holdem",
        "bet_limit": {"bet_type": _LIMITS[rules.structure],
                      "bet_cap": kept.get("bet_cap", 0)},
        "table_size": played.info.get("seat_count") or max(played.players, *seat_no),
        "currency": str(played.info.get("currency") or "XPM"),
        "dealer_seat": seat_no[played.button],
        "small_blind_amount": _number(played, small),
        "big_blind_amount": _number(played, big),
        "ante_amount": _number(played, max(rules.ante_amounts(played.players))),
    }  # fmt: skip


def _ohh_pots(played: PlayedHand, ids: dict[int, int]) -> list[dict[str, Any]]:
    """OHH's ``pots``: each pot with what each winner won, by player id (``ids``: each
    seat's)."""
    return [
        {"number": k, "amount": _number(played, p.amount), "rake": 0,
         "player_wins": [{"player_id": ids[s], "win_amount": _number(played, c)}
                         for s, c in sorted(zip(p.winners, p.shares, strict=True),
                                            key=lambda w: ids[w[0]]) if c]}
        for k, p in enumerate(written_pots(played))
    ]  # fmt: skip


def _rounds(
    played: PlayedHand, names: list[str], hero: str | None, ids: dict[int, int]
) -> list[dict[str, Any]]:
    words = blind_words(played.rules, played.players)
    rounds: list[dict[str, Any]] = [{"id": 0, "street": "Preflop", "actions": []}]
    showdown: list[dict[str, Any]] = []
    count = 0

    def add(target: list[dict[str, Any]], seat: int, action: str, **more: Any) -> None:
        nonlocal count
        count += 1
        entry: dict[str, Any] = {"action_number": count, "player_id": ids[seat],
                                 "action": action}  # fmt: skip
        entry.update({k: v for k, v in more.items() if v is not None})
        target.append(entry)

    for e in played.events:
        k = e.kind
        actions = rounds[-1]["actions"]
        allin = True if e.all_in else None
        if k is _K.BOARD:
            rounds.append({"id": len(rounds), "street": _STREETS[min(e.street, 3)],
                           "cards": [str(c) for c in e.cards], "actions": []})  # fmt: skip
        elif k is _K.ANTE:
            add(actions, e.seat, "Post Ante", amount=_number(played, e.amount), is_allin=allin)
        elif k is _K.BLIND:
            word = _POSTS[words.get(played.position(e.seat), "straddle")]
            add(actions, e.seat, word, amount=_number(played, e.amount), is_allin=allin)
        elif k is _K.STRADDLE:
            add(actions, e.seat, "Straddle", amount=_number(played, e.amount), is_allin=allin)
        elif k is _K.DEAL:
            known = e.cards and e.seat not in played.hidden
            if known and (hero is None or names[e.seat] == hero):
                add(actions, e.seat, "Dealt Cards", cards=[str(c) for c in e.cards])
            elif hero is not None and names[e.seat] == hero:
                add(actions, e.seat, "Dealt Cards")
        elif k is _K.FOLD:
            add(actions, e.seat, "Fold")
        elif k is _K.CHECK:
            add(actions, e.seat, "Check")
        elif k is _K.CALL:
            add(actions, e.seat, "Call", amount=_number(played, e.amount), is_allin=allin)
        elif k in (_K.BET, _K.RAISE):
            word = "Bet" if k is _K.BET and e.street is not Street.PREFLOP else "Raise"
            add(actions, e.seat, word, amount=_number(played, e.amount), is_allin=allin)
        elif k is _K.SHOW:
            add(showdown, e.seat, "Shows Cards", cards=[str(c) for c in e.cards])
        elif k is _K.MUCK:
            add(showdown, e.seat, "Mucks Cards")
    if showdown:
        rounds.append({"id": len(rounds), "street": "Showdown", "actions": showdown})
    return rounds


def dumps_ohh(hands: Iterable[Mapping[str, Any]]) -> str:
    """An ``.ohh`` file: each hand's JSON, one blank line between hands."""
    return "\n\n".join(json.dumps(h, ensure_ascii=False) for h in hands) + "\n"


# ------------------------------------------------------------------------------ reading


def parse_ohh(text: str, *, source: str | None = None) -> list[dict[str, Any] | OHHError]:
    """The hands of an ``.ohh`` file (JSON objects one after the other, separated by
    blank lines; a JSON array of them is read too): each hand's object, or the error
    that makes it unreadable (the others still read).  Text that holds no JSON object
    at all raises :class:`OHHError`."""
    text = text.lstrip("\ufeff")
    decoder = json.JSONDecoder(parse_float=Decimal)
    out: list[dict[str, Any] | OHHError] = []
    pos = 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            break
        line = text.count("\n", 0, pos) + 1
        try:
            value, pos = decoder.raw_decode(text, pos)
        except (json.JSONDecodeError, RecursionError) as exc:
            reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
            out.append(OHHError(f"not JSON: {reason}", source=source, where=f"line {line}"))
            break
        items = value if isinstance(value, list) else [value]
        for k, item in enumerate(items):
            where = f"line {line}" + (f", hand {k + 1} of the array" if len(items) > 1 else "")
            if not isinstance(item, dict) or not isinstance(item.get("ohh"), dict):
                out.append(OHHError("an OHH hand is a JSON object {\"ohh\": {...}}",
                                    source=source, where=where))  # fmt: skip
            else:
                out.append(item)
    if not out:
        raise OHHError("no JSON object: not an OHH file", source=source)
    return out


def _get(obj: Mapping[str, Any], key: str, kinds: type | tuple[type, ...], where: str) -> Any:
    value = obj.get(key)
    allowed = kinds if isinstance(kinds, tuple) else (kinds,)
    if not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
        got = "missing" if key not in obj else f"{type(value).__name__} {value!r}"[:60]
        raise OHHError(f"{where}{key}: expected {_kind_words(kinds)}, found {got}")
    return value


def _kind_words(kinds: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", Decimal: "a number", list: "an array",
             dict: "an object", bool: "true or false"}  # fmt: skip
    seq = kinds if isinstance(kinds, tuple) else (kinds,)
    return " or ".join(dict.fromkeys(names.get(k, k.__name__) for k in seq))


_NUM = (int, Decimal)


def _amount(obj: Mapping[str, Any], key: str, where: str) -> Decimal:
    value = _get(obj, key, _NUM, where)
    if value < 0:
        raise OHHError(f"{where}{key}: {value} is negative")
    return Decimal(value)


def _cards(obj: Mapping[str, Any], key: str, where: str) -> tuple[Card, ...]:
    raw = obj.get(key)
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise OHHError(f"{where}{key}: expected an array of cards like \"As\"")
    try:
        return tuple(Card.parse(c) for c in raw)
    except CardError as exc:
        raise OHHError(f"{where}{key}: {exc}") from None


def ohh_hand(data: Mapping[str, Any]) -> StarsHand:
    """The record of one OHH hand, to replay (:func:`replay_ohh`); :class:`OHHError`
    naming the field for anything it cannot read."""
    hh = data.get("ohh")
    if not isinstance(hh, dict):
        raise OHHError("an OHH hand is a JSON object {\"ohh\": {...}}")
    game = _get(hh, "game_type", str, "")
    if game != "Holdem":
        raise OHHError(f"game_type {game!r}: pokerroom replays Holdem only")
    limit = _get(_get(hh, "bet_limit", dict, ""), "bet_type", str, "bet_limit.")
    structure = {"NL": "no limit", "PL": "pot limit", "FL": "fixed limit"}.get(limit)
    if structure is None:
        raise OHHError(f"bet_limit.bet_type {limit!r}: one of NL, PL, FL")
    players = _get(hh, "players", list, "")
    seats, by_id = _read_players(players)
    small, big = (
        _amount(hh, key, "") if hh.get(key) is not None else Decimal(0)
        for key in ("small_blind_amount", "big_blind_amount")
    )
    stakes = (big, 2 * big) if structure == "fixed limit" else (small, big)
    number_text = _get(hh, "game_number", str, "")
    hand = StarsHand(
        number=read_number(number_text) or 0,
        structure=structure,
        stakes=stakes,
        button=_get(hh, "dealer_seat", int, ""),
        seats=seats,
        table=_get(hh, "table_name", str, ""),
        max_seats=_get(hh, "table_size", int, ""),
        currency=None if hh.get("currency") in (None, "XPM", "PPC") else str(hh["currency"]),
        returns_known=False,
        ante=_amount(hh, "ante_amount", ""),
    )
    _read_date(hand, _get(hh, "start_date_utc", str, ""))
    kept = {k: hh[k] for k in ("site_name", "network_name", "internal_version", "flags",
                               "tournament_info") if k in hh}  # fmt: skip
    hero = hh.get("hero_player_id")
    if isinstance(hero, int) and not isinstance(hero, bool) and hero in by_id:
        hand.extra["_hero"] = by_id[hero]
    kept["bet_cap"] = hh["bet_limit"].get("bet_cap", 0)
    ordered = sorted(players, key=lambda p: p["seat"])
    if [p["id"] for p in ordered] != list(range(len(ordered))):
        kept["player_ids"] = [p["id"] for p in ordered]
    hand.extra["_ohh"] = _plain(kept)
    _read_rounds(hand, hh, by_id)
    return hand


def _read_players(players: list[Any]) -> tuple[list[StarsSeat], dict[int, str]]:
    """OHH's ``players``: the seats, and each player's name by id (refused: a second
    player with one id, name or seat)."""
    seats: list[StarsSeat] = []
    by_id: dict[int, str] = {}
    for k, p in enumerate(players):
        where = f"players[{k}]."
        if not isinstance(p, dict):
            raise OHHError(f"players[{k}]: expected an object")
        pid = _get(p, "id", int, where)
        name = _get(p, "name", str, where)
        if pid in by_id or name in by_id.values():
            raise OHHError(f"players[{k}]: a second player with id {pid} or name {name!r}")
        by_id[pid] = name
        stack = _amount(p, "starting_stack", where)
        out = bool(p.get("is_sitting_out", False))
        seats.append(StarsSeat(_get(p, "seat", int, where), name, stack, out))
    if len({s.number for s in seats}) != len(seats):
        raise OHHError("players: two players in one seat")
    return seats, by_id


def _read_date(hand: StarsHand, start: str) -> None:
    """The hand's date from OHH's ``start_date_utc`` (none, or the unknown date: left
    unset): a time written with an offset is converted to UTC; one without is UTC."""
    if start and start != NO_DATE:
        try:
            when = datetime.datetime.fromisoformat(start.rstrip("Z"))
        except ValueError:
            raise OHHError(f"start_date_utc {start!r}: not an ISO 8601 date and time") from None
        if when.tzinfo is not None:
            when = when.astimezone(datetime.UTC)
        hand.date = (when.year, when.month, when.day, when.hour, when.minute, when.second)
        hand.zone = "UTC"


def _plain(value: Any) -> Any:
    """JSON values with Decimal numbers made ints or floats (for ``info``)."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _read_rounds(hand: StarsHand, hh: Mapping[str, Any], by_id: dict[int, str]) -> None:
    rounds = _get(hh, "rounds", list, "")
    bets: dict[str, Decimal] = {}
    street = 0
    dealt = False
    for r, rnd in enumerate(rounds):
        where = f"rounds[{r}]."
        if not isinstance(rnd, dict):
            raise OHHError(f"rounds[{r}]: expected an object")
        name = _get(rnd, "street", str, where)
        if name in _STREETS[1:]:
            street = _STREETS.index(name)
            bets = {}
            cards = _cards(rnd, "cards", where)
            hand.lines.append(StarsLine("board", cards=cards, street=street))
        elif name == "Showdown":
            street = 4
        elif name != "Preflop":
            raise OHHError(f"{where}street {name!r}: Preflop, Flop, Turn, River or Showdown")
        for a, act in enumerate(_get(rnd, "actions", list, where)):
            at = f"{where}actions[{a}]."
            if not isinstance(act, dict):
                raise OHHError(f"{at[:-1]}: expected an object")
            line = _action(act, at, by_id, bets, street=street, dealt=dealt)
            dealt = dealt or line.verb == "dealt"
            if line.verb:
                hand.lines.append(line)
    hand.pots = []
    for p, pot in enumerate(_get(hh, "pots", list, "")):
        where = f"pots[{p}]."
        if not isinstance(pot, dict):
            raise OHHError(f"pots[{p}]: expected an object")
        hand.pots.append(_amount(pot, "amount", where))
        if pot.get("rake") is not None:
            hand.rake += _amount(pot, "rake", where)
        for w, win in enumerate(_get(pot, "player_wins", list, where)):
            at = f"{where}player_wins[{w}]."
            if not isinstance(win, dict):
                raise OHHError(f"{at[:-1]}: expected an object")
            who = _player(win, at, by_id)
            hand.lines.append(StarsLine("collected", who, _amount(win, "win_amount", at),
                                        street=4))  # fmt: skip


def _player(obj: Mapping[str, Any], where: str, by_id: dict[int, str]) -> str:
    pid = _get(obj, "player_id", int, where)
    if pid not in by_id:
        raise OHHError(f"{where}player_id {pid}: no such player (ids: "
                       f"{', '.join(map(str, sorted(by_id)))})")  # fmt: skip
    return by_id[pid]


def _action(
    act: Mapping[str, Any],
    at: str,
    by_id: dict[int, str],
    bets: dict[str, Decimal],
    *,
    street: int,
    dealt: bool,
) -> StarsLine:
    kind = _get(act, "action", str, at)
    if kind in ("Sits Down", "Stands Up", "Added Chips"):
        return StarsLine("")
    if kind in ("Add to Pot", "Post Dead", "Post Extra Blind"):
        raise OHHError(f"{at}action {kind!r}: pokerroom's rules have no such bet")
    who = _player(act, at, by_id)
    allin = bool(act.get("is_allin", False))
    amount = _amount(act, "amount", at) if "amount" in act else None
    cards = _cards(act, "cards", at)
    needs_amount = ("Post Ante", "Post SB", "Post BB", "Straddle", "Call", "Bet", "Raise")
    if kind in needs_amount and amount is None:
        raise OHHError(f"{at}amount: {kind!r} needs the amount put in")
    if kind == "Dealt Cards":
        return StarsLine("dealt", who, cards=cards, street=street)
    if kind == "Post Ante":
        return StarsLine("ante", who, amount, all_in=allin, street=street)
    if kind in ("Post SB", "Post BB", "Straddle"):
        assert amount is not None
        bets[who] = bets.get(who, Decimal(0)) + amount
        verb = {"Post SB": "small blind", "Post BB": "big blind"}.get(kind, "straddle")
        if verb == "straddle" and dealt:
            verb = "straddles"
        return StarsLine(verb, who, amount, all_in=allin, street=street)
    if kind == "Fold":
        return StarsLine("folds", who, street=street)
    if kind == "Check":
        return StarsLine("checks", who, Decimal(0), street=street)
    if kind == "Call":
        assert amount is not None
        bets[who] = bets.get(who, Decimal(0)) + amount
        return StarsLine("calls", who, amount, all_in=allin, street=street)
    if kind in ("Bet", "Raise"):
        assert amount is not None
        before = bets.get(who, Decimal(0))
        bets[who] = before + amount
        return StarsLine("bets", who, amount, all_in=allin, street=street)
    if kind == "Shows Cards":
        if len(cards) != 2:
            raise OHHError(f"{at}cards: a hold'em hand shows 2 cards, not {len(cards)}")
        return StarsLine("shows", who, cards=cards, street=street)
    if kind == "Mucks Cards":
        return StarsLine("mucks", who, cards=cards, street=street)
    raise OHHError(f"{at}action {kind!r}: not an action of the specification")


def replay_ohh(data: Mapping[str, Any]) -> Replay:
    """Replay one OHH hand through the engine (see the module doc)."""
    return replay_stars(ohh_hand(data))

