"""A game saved as plain data, and restored exactly or not at all.

:meth:`Table.save <pokerroom.table.Table.save>` gives a JSON-able mapping:

* ``format`` (``"pokerroom-table"``), ``version`` (:data:`VERSION`), and ``checksum``:
  ``"sha256:<hex>"`` of the canonical JSON of everything else (sorted keys, no spaces),
  or ``"hmac-sha256:<hex>"`` when saved with a key;
* the game: ``rules`` (:meth:`Rules.to_mapping <pokerroom.rules.Rules.to_mapping>`),
  ``names``, ``initial_stacks``, ``reset_stacks``, ``max_hands``, ``button_moves``,
  ``levels`` (:meth:`Levels.to_mapping <pokerroom.table.levels.Levels.to_mapping>` or
  null), ``elapsed`` (seconds of play);
* where it stands: ``stacks`` (at the start of the hand in play, or now), ``totals``,
  ``out``, ``standings``, ``button``, ``hand_number``, ``level``, ``over``, ``log``;
* ``rng``: the state of the table's :class:`random.Random` (``[version, [625 ints],
  gauss]``; null for a system random source, whose future cannot be saved);
* ``hand``: the hand in play or the last one, or null: ``in_play``, ``auto_showdown``,
  ``seats`` (table seats dealt in), ``stacks`` (every seat's chips at its start),
  ``cards`` (the cards it takes off the deck, in deal order: hole cards from the left of
  the button, then burns and board; cards never dealt are fillers) and ``actions``
  (``[seat, "raise to 40"]``, :meth:`Action.parse <pokerroom.engine.Action.parse>`
  notation); at a cash table, ``posts`` when seats coming in posted (``[seat, live,
  dead]``: the hand's rules are the level's with those posts);
* ``cash``, at a cash table only: ``game`` (the :class:`~pokerroom.table.cash.CashGame`),
  ``taken``, ``sitting_out``, ``owe_bb``, ``owe_sb`` (one per seat), ``bought`` and
  ``cashed`` (the chips brought by sitting down and topping up, and taken by standing
  up: the stacks hold ``initial_stacks`` plus ``bought`` minus ``cashed``).  Between
  hands a cash table's stacks may differ from the end of the last hand (seats changed).

:func:`restore` checks the format, the version and the checksum, then every field, then
replays the hand's actions; anything wrong raises :class:`SaveError` naming it, and no
table is returned.  A plain checksum catches damage and careless edits; only a keyed one
(the key kept away from the file) stops deliberate ones.  The data holds every card of
the hand in play: it is the dealer's secret, never a player's.

>>> import json, random
>>> from pokerroom.rules import Rules
>>> from pokerroom.table import Table
>>> table = Table(Rules.preset("casino-limit"), 4, rng=random.Random(3))
>>> _ = table.start_hand(); table.apply(table.legal_actions().__iter__().__next__())
>>> data = json.loads(json.dumps(table.save()))
>>> again = Table.restore(data)
>>> again.view(2) == table.view(2), again.to_act == table.to_act
(True, True)
>>> data["stacks"][0] += 100
>>> Table.restore(data)
Traceback (most recent call last):
...
pokerroom.table.saved.SaveError: the saved game is damaged or was edited: its checksum ...
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import random
from typing import TYPE_CHECKING, Any

from pokerroom.cards import JOKER, Deck, DeckError
from pokerroom.engine import Action, ActionKind, EventKind, Hand, IllegalAction, Street, deal_order
from pokerroom.rules import Rules, RulesError
from pokerroom.table.cash import CashGame, Post
from pokerroom.table.cash import hand_rules as cash_hand_rules
from pokerroom.table.info import Standing, TableError, TableEvent, TableEventKind
from pokerroom.table.levels import Levels
from pokerroom.table.seats import Seating

if TYPE_CHECKING:
    from collections.abc import Callable

    from pokerroom.table.table import Table

__all__ = ["FORMAT", "VERSION", "SaveError", "check", "checksum", "hand_cards", "restore", "save"]

FORMAT = "pokerroom-table"
VERSION = 1


class SaveError(ValueError):
    """A saved game that cannot be restored: damaged, edited, from another version, or
    impossible (a duplicate card, an illegal action...).  Nothing was loaded."""


def hand_cards(hand: Hand) -> list[int]:
    """The cards ``hand`` takes off the deck, in deal order (see the module doc).

    The cards still to come are found by playing a copy of the hand to the end (every
    seat checks or calls); cards a finished hand never dealt are fillers."""
    probe = copy.deepcopy(hand) if not hand.is_over else hand
    kinds = ActionKind
    while not probe.is_over:
        legal = probe.legal_actions()
        if legal.street is Street.SHOWDOWN:
            probe.settle()
        elif kinds.CHECK in legal.kinds:
            probe.check()
        elif kinds.CALL in legal.kinds:
            probe.call()
        else:  # 001's straddle: straddle or fold
            probe.bet_or_raise(legal.min_to)
    n = probe.n
    holes = [[int(c) for c in probe.hole(s)] for s in range(n)]
    board = [int(c) for c in probe.board]
    burns = [int(e.cards[0]) for e in probe.events if e.kind is EventKind.BURN and e.cards]
    used = {c for cards in holes for c in cards} | set(board) | set(burns)
    spare = iter(c for c in range(JOKER + 1 if hand.rules.joker else JOKER) if c not in used)
    seen = [0] * n
    out = []
    b = iter(burns)
    for what, index in deal_order(n, hand.button, burn_cards=hand.rules.burn_cards):
        if what == "hole":
            out.append(holes[index][seen[index]])
            seen[index] += 1
        elif what == "board":
            out.append(board[index] if index < len(board) else next(spare))
        else:
            burn = next(b, None)
            out.append(next(spare) if burn is None else burn)
    return out


def save(table: Table, *, key: bytes | None = None) -> dict[str, Any]:
    """The table's state as plain data (see the module doc)."""
    t = table
    hand = None
    if t._hand is not None:
        hand = {
            "in_play": t._in_hand,
            "auto_showdown": t._hand._auto,
            "seats": list(t._seating.seats),
            "stacks": list(t._hand_stacks),
            "cards": hand_cards(t._hand),
            "actions": [[seat, str(action)] for seat, action in t._actions],
        }
        if t.posts:
            hand["posts"] = [list(post) for post in t.posts]
    try:
        state = t._rng.getstate()
        rng: Any = [state[0], list(state[1]), state[2]]
    except NotImplementedError:  # secrets.SystemRandom
        rng = None
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": t.rules.to_mapping(),
        "names": list(t.names),
        "initial_stacks": list(t.initial_stacks),
        "reset_stacks": t.reset_stacks,
        "max_hands": t.max_hands,
        "button_moves": t.button_moves,
        "levels": t.levels.to_mapping() if t.levels is not None else None,
        "elapsed": t.elapsed,
        "stacks": list(t._stacks),
        "totals": list(t._totals),
        "out": list(t._out),
        "standings": [[s.seat, s.place, s.hand, s.stack] for s in t._standings],
        "button": t._button,
        "hand_number": t._hand_no,
        "level": t._level,
        "over": t._over,
        "log": [
            [e.kind.value, e.hand, e.seat, e.detail, [int(c) for c in e.cards]] for e in t._log
        ],
        "rng": rng,
        "hand": hand,
    }
    if t._cash is not None:
        data["cash"] = t._cash.to_mapping()
    data["checksum"] = checksum(data, key)
    return data


def checksum(data: dict[str, Any], key: bytes | None = None) -> str:
    """The checksum of saved data (everything but its ``checksum``): ``sha256:<hex>`` of
    its canonical JSON (sorted keys, no spaces), or ``hmac-sha256:<hex>`` with ``key``."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), allow_nan=False).encode()
    if key is None:
        return "sha256:" + hashlib.sha256(text).hexdigest()
    return "hmac-sha256:" + hmac.new(key, text, hashlib.sha256).hexdigest()


def restore(
    data: Any,
    *,
    table_class: type[Table],
    key: bytes | None = None,
    rng: random.Random | None = None,
    clock: Callable[[], float] | None = None,
) -> Table:
    """The table ``data`` describes (a ``table_class``, which :meth:`Table.restore
    <pokerroom.table.Table.restore>` passes), or :class:`SaveError`.  ``rng`` is used only
    when the game was saved with a system random source; ``clock`` measures the time from
    now on."""
    check(data, FORMAT, VERSION, key)
    try:
        return _build(data, table_class, rng, clock)
    except SaveError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, TableError, DeckError) as exc:
        what = f"missing field {exc.args[0]!r}" if isinstance(exc, KeyError) else str(exc)
        raise SaveError(f"the saved game is not valid: {what}") from None


def check(data: Any, fmt: str, version: int, key: bytes | None) -> dict[str, Any]:
    """``data`` itself if it is saved data of format ``fmt``, ``version``, whose checksum
    (keyed with ``key``) matches; else :class:`SaveError` saying what is wrong."""
    if not isinstance(data, dict):
        raise SaveError(f"a saved game is a mapping, not {type(data).__name__}")
    if data.get("format") != fmt:
        raise SaveError(f"not a saved pokerroom game (format {data.get('format')!r})")
    if data.get("version") != version:
        raise SaveError(
            f"this game was saved in format version {data.get('version')!r}; this pokerroom "
            f"reads version {version}"
        )
    mark = data.get("checksum")
    try:
        expected = checksum(data, key)
    except (TypeError, ValueError):
        raise SaveError("the saved game holds values that are not plain data") from None
    if not isinstance(mark, str) or not hmac.compare_digest(mark, expected):
        if isinstance(mark, str) and mark.split(":")[0] != expected.split(":")[0]:
            raise SaveError(
                f"the saved game is signed {mark.split(':')[0]!r}; restore it with "
                + ("its key" if key is None else "no key")
            )
        raise SaveError("the saved game is damaged or was edited: its checksum does not match")
    return data


def _ints(value: Any, n: int | None, what: str, low: int = 0) -> list[int]:
    if not isinstance(value, list) or (n is not None and len(value) != n):
        count = "" if n is None else f"{n} "
        raise SaveError(f"{what}: a list of {count}whole numbers")
    if not all(type(v) is int and v >= low for v in value):
        raise SaveError(f"{what}: whole numbers, {low} or more, not {value!r}")
    return value


def _bool(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise SaveError(f"{what} is {value!r}: true or false")
    return value


def _build(
    d: dict[str, Any],
    table_class: type[Table],
    rng: random.Random | None,
    clock: Callable[[], float] | None,
) -> Table:
    try:
        rules = Rules.from_mapping(d["rules"])
    except (RulesError, TypeError, AttributeError) as exc:
        raise SaveError(f"the saved rules are not valid: {exc}") from None
    levels = Levels.from_mapping(d["levels"]) if d["levels"] is not None else None
    cash = d.get("cash")
    if cash is not None and not isinstance(cash, dict):
        raise SaveError("cash: a mapping (or absent, for a freeze-out)")
    game = CashGame.from_mapping(cash["game"]) if cash is not None else None
    initial = _ints(d["initial_stacks"], None, "initial_stacks", 0 if cash else 1)
    n = len(initial)
    table = table_class(
        rules, initial, names=d["names"], button=0, rng=random.Random(0), levels=levels,
        clock=clock, reset_stacks=_bool(d["reset_stacks"], "reset_stacks"),
        max_hands=d["max_hands"], button_moves=_bool(d["button_moves"], "button_moves"),
        cash=game,
    )  # fmt: skip
    if table._cash is not None and cash is not None:
        table._cash.load(cash)
    table._rng = _rng(d["rng"], rng)
    elapsed = d["elapsed"]
    if isinstance(elapsed, bool) or not isinstance(elapsed, int | float) or elapsed < 0:
        raise SaveError(f"elapsed is {elapsed!r}: seconds, 0 or more")
    table._set_elapsed(float(elapsed))
    stacks = _ints(d["stacks"], n, "stacks")
    table._stacks = list(stacks)
    table._totals = [v for v in d["totals"] if type(v) is int]
    if len(table._totals) != n:
        raise SaveError("totals: one whole number per seat")
    table._out = [_bool(v, "out") for v in d["out"]]
    if len(table._out) != n:
        raise SaveError("out: one per seat")
    table._standings = [Standing(*_ints(s, 4, "a standing")) for s in d["standings"]]
    for s in table._standings:
        if not (0 <= s.seat < n and 1 <= s.place <= n):
            raise SaveError(f"a standing names seat {s.seat}, place {s.place}")
    table._button = _seat(d["button"], n, "button")
    table._hand_no = _ints([d["hand_number"]], 1, "hand_number")[0]
    level = d["level"]
    if type(level) is not int or not -1 <= level < len(table._level_rules):
        raise SaveError(f"level is {level!r}: not a level of this game")
    table._level = level
    table._over = _bool(d["over"], "over")
    table._log = [_event(item) for item in d["log"]]
    _check_chips(table, stacks)
    hand = d["hand"]
    if hand is not None:
        _replay(table, hand)
    elif table._hand_no:
        raise SaveError(f"hand_number is {table._hand_no} but no hand is saved")
    return table


def _event(item: Any) -> TableEvent:
    if not isinstance(item, list) or len(item) != 5:
        raise SaveError(f"log: [kind, hand, seat, detail, cards] entries, not {item!r}")
    kind, hand, seat, detail, cards = item
    if type(hand) is not int or type(seat) is not int or not isinstance(detail, str):
        raise SaveError(f"log: a bad entry {item!r}")
    return TableEvent(TableEventKind(kind), hand, seat, detail, tuple(Deck.stacked(cards)))


def _seat(value: Any, n: int, what: str) -> int:
    if type(value) is not int or not 0 <= value < n:
        raise SaveError(f"{what} is {value!r}: a seat from 0 to {n - 1}")
    return value


def _rng(state: Any, given: random.Random | None) -> random.Random:
    if state is None:
        import secrets

        return given if given is not None else secrets.SystemRandom()
    try:
        version, internal, gauss = state
        out = random.Random()
        out.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError):
        raise SaveError("rng: not the state of a random.Random") from None
    return out


def _check_chips(table: Table, stacks: list[int]) -> None:
    """Every chip of the game is on the table: no chip created or lost."""
    if table._cash is not None:
        _check_cash(table, stacks)
        return
    total = sum(table.initial_stacks)
    if not table.reset_stacks and sum(stacks) != total:
        raise SaveError(
            f"the stacks hold {sum(stacks)} chips but the game has {total}: chips were "
            "created or lost"
        )
    if table.reset_stacks and sum(stacks) != total:
        raise SaveError(f"the stacks hold {sum(stacks)} chips, not the game's {total}")
    if sum(table._totals) != 0:
        raise SaveError("totals do not add up to zero: chips were created or lost")
    for seat in range(table.size):
        if table._out[seat] != (stacks[seat] == 0 and not table.reset_stacks):
            raise SaveError(f"seat {seat} is {'out' if table._out[seat] else 'in'} with "
                            f"{stacks[seat]} chips")  # fmt: skip


def _check_cash(table: Table, stacks: list[int]) -> None:
    """A cash table's chips: the starting stacks plus the chips brought minus the chips
    taken away; nobody out; an empty seat has no chips and owes nothing."""
    cash = table._cash
    assert cash is not None
    total = sum(table.initial_stacks) + cash.bought - cash.cashed
    if sum(stacks) != total:
        raise SaveError(
            f"the stacks hold {sum(stacks)} chips but the table has {total} (starting stacks "
            f"{sum(table.initial_stacks)} + {cash.bought} brought - {cash.cashed} taken): chips "
            "were created or lost"
        )
    if sum(table._totals) != 0:
        raise SaveError("totals do not add up to zero: chips were created or lost")
    if any(table._out) or table._standings:
        raise SaveError("a cash table has no seats out and no standings")
    for seat in range(table.size):
        if not cash.taken[seat] and (
            stacks[seat] or cash.sitting_out[seat] or cash.owe_bb[seat] or cash.owe_sb[seat]
        ):
            raise SaveError(f"seat {seat} is empty but has chips, sits out or owes blinds")


def _posts(table: Table, h: dict[str, Any], seats: list[int]) -> tuple[Post, ...]:
    """The saved hand's posts (cash tables)."""
    raw = h.get("posts", [])
    if raw and table._cash is None:
        raise SaveError("hand.posts: only a cash table's hands have posts")
    if not isinstance(raw, list):
        raise SaveError("hand.posts: a list of [seat, live, dead]")
    posts = tuple(Post(*_ints(p, 3, "a post")) for p in raw)
    for post in posts:
        if post.seat not in seats or not (post.live or post.dead):
            raise SaveError(f"hand.posts: {list(post)} is not a post of a seat dealt in")
    return posts


def _check_hand_stacks(table: Table, stacks: list[int], in_play: bool) -> None:
    """The saved hand's starting stacks against the table's."""
    cash = table._cash
    if cash is not None:
        dealt = [t for t in range(table.size) if stacks[t] > 0]
        if in_play and any(stacks[t] != table._stacks[t] for t in dealt):
            raise SaveError("hand.stacks: the hand in play starts from the table's stacks")
        if in_play and not all(cash.taken[t] for t in dealt):
            raise SaveError("hand.seats: an empty seat is dealt in")
        return
    if in_play and stacks != table._stacks:
        raise SaveError("hand.stacks: the hand in play starts from the table's stacks")
    if sum(stacks) != sum(table._stacks):
        raise SaveError("hand.stacks: chips were created or lost")


def _replay(table: Table, h: Any) -> None:
    """Deal the saved hand again from its cards and replay its actions."""
    if not isinstance(h, dict):
        raise SaveError("hand: a mapping")
    in_play = _bool(h["in_play"], "hand.in_play")
    n = table.size
    seats = _ints(h["seats"], None, "hand.seats")
    stacks = _ints(h["stacks"], n, "hand.stacks")
    _check_hand_stacks(table, stacks, in_play)
    cash = table._cash
    if seats != [t for t in range(n) if stacks[t] > 0]:
        raise SaveError(f"hand.seats {seats!r}: the seats with chips, in order")
    if not 0 <= table._level < len(table._level_rules):
        raise SaveError("a hand was saved without its level")
    seating = Seating(seats, n)
    button = seating.index[table._button]
    if button < 0:
        raise SaveError(f"the button (seat {table._button}) is not dealt in")
    cards = _ints(h["cards"], None, "hand.cards")
    posts = _posts(table, h, seats)
    hand_rules = table._level_rules[table._level]
    if posts:
        try:
            hand_rules = cash_hand_rules(hand_rules, seats, table._button, posts)
        except (RulesError, ValueError) as exc:
            raise SaveError(f"hand.posts: {exc}") from None
    deck = Deck.stacked(cards, joker=hand_rules.joker)
    auto = _bool(h["auto_showdown"], "hand.auto_showdown")
    chips = [stacks[t] for t in seats]
    hand = Hand(hand_rules, chips, button=button, deck=deck, auto_showdown=auto)
    actions = []
    for item in h["actions"]:
        if not isinstance(item, list) or len(item) != 2 or not isinstance(item[1], str):
            raise SaveError(f"hand.actions: [seat, action] pairs, not {item!r}")
        seat, text = item
        action = Action.parse(text)
        at = seating.index[_seat(seat, n, "an action's seat")]
        if hand.to_act is not None and at != hand.to_act:  # (named in table seats)
            raise SaveError(f"hand.actions: seat {seat} cannot {action}: it is seat "
                            f"{seats[hand.to_act]}'s turn")  # fmt: skip
        try:
            hand.apply(action, seat=at)
        except IllegalAction as exc:
            raise SaveError(f"hand.actions: {exc}") from None
        actions.append((seat, action))
    if hand.is_over == in_play:
        raise SaveError("hand.in_play does not match the actions")
    table._hand = hand
    table._seating = seating
    table._actions = actions
    table._in_hand = in_play
    table._update_turn()
    if cash is not None:
        cash.posts = posts
        return  # (between hands a cash table's seats may have changed since the hand)
    if not in_play:
        assert hand.result is not None
        after = hand.result.stacks
        if any(table._stacks[t] != after[i] for i, t in enumerate(seats)):
            raise SaveError("the stacks do not match the end of the saved hand")
