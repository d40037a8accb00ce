"""Replaying PokerStars hands through the engine, and checking them like PHH.

A :class:`~pokerroom.history.starsread.StarsHand` becomes a PHH hand (positions from
the button's seat, amounts in the file's smallest unit: cents for ``$0.25``) played
under rules worked out from the text, and :func:`~pokerroom.history.replay.replay_phh`
replays it; the recorded result (each player's chips, less what they put in, plus what
the uncalled bets returned and what they collected) is then checked like a PHH hand's
finishing stacks, the rake (``| Rake $0.03``) coming off the winners.

The rules.  The text says the structure (no limit, pot limit, fixed limit), the stakes,
the antes, blinds and straddles posted, but not the conventions where card rooms and
engines differ (who calls how much after a short blind, what a short all-in reopens,
whether antes nobody matched are dead...).  So the hand is replayed under each reading
in turn, and the first under which every action is legal and every player put in what
the text says, and collected it, is the one: pokerroom's card-room rules (PokerStars'
own), then PokerKit's conventions (``POKERKIT_CONVENTIONS``, as a PHH file without
``_rules`` is read), then, when the button posts the only blind, 001's rules (the
button blind and the straddle that may be folded).  Antes are tried live, then dead.
A fixed-limit game is replayed without a raise cap (the text does not say it; the room
kept it).  A split pot whose odd chips went otherwise than the reading's rule says is
replayed again under the other odd-chip rules (left of the button, all to the first
winner left of the button, by suit) until one pays what the text says.  When no reading
matches, the first one that replays is kept and the check reports the differences; when
none replays, the first one's refusal is the error.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

from pokerroom.engine.events import EventKind
from pokerroom.history.errors import HistoryError, ReplayError
from pokerroom.history.notation import PHHAction, Verb
from pokerroom.history.phh import PHHHand
from pokerroom.history.record import forced_bets, phh_order
from pokerroom.history.replay import PHH_FIXED_LIMIT_CAPS, Replay, replay_phh
from pokerroom.history.starsread import StarsHand, StarsLine, StarsSeat
from pokerroom.history.zones import zone_named
from pokerroom.rules import POKERKIT_CONVENTIONS, OddChip, Rules, RulesError, Structure

__all__ = ["NO_DATE", "replay_stars", "stars_rules"]

NO_DATE = (1970, 1, 1, 0, 0, 0)
"""The date :func:`~pokerroom.history.pokerstars.to_pokerstars` writes for a hand whose
date is unknown; read back as no date."""

_CHIPS_IN = frozenset({EventKind.ANTE, EventKind.BLIND, EventKind.STRADDLE, EventKind.CALL,
                       EventKind.BET, EventKind.RAISE})  # fmt: skip


def _places(value: Decimal) -> int:
    exponent = value.normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


class _Hand:
    """A StarsHand in positions and whole chips."""

    def __init__(self, hand: StarsHand) -> None:
        self.hand = hand
        players = hand.players
        if len(players) < 2:
            raise ReplayError(f"{len(players)} player dealt in: a hand needs two")
        after = [s for s in players if s.number > hand.button]
        before = [s for s in players if s.number <= hand.button]
        self.order: list[StarsSeat] = after + before  # position 0 first, the button last
        self.position = {s.name: p for p, s in enumerate(self.order)}
        amounts = [hand.stakes[0], hand.stakes[1], *(s.stack for s in players)]
        amounts += [x for line in hand.lines for x in (line.amount, line.to) if x is not None]
        places = max(_places(a) for a in amounts)
        if places > 6:
            raise ReplayError(f"amounts with {places} decimals cannot be replayed in whole chips")
        self.scale = 10**places
        for line in hand.lines:
            if line.name and line.name not in self.position:
                raise ReplayError(
                    f"{line.name} sits out but has a line: {line.verb}", where=f"line {line.line}"
                )

    def chips(self, value: Decimal) -> int:
        return int(value * self.scale)

    def units(self, chips: int) -> int | Decimal:
        if self.scale == 1:
            return chips
        value = Decimal(chips) / self.scale
        return int(value) if value == value.to_integral_value() else value

    @property
    def n(self) -> int:
        return len(self.order)


def _posts(h: _Hand) -> tuple[list[int], list[int], list[int], bool]:
    """Per position: the nominal ante, blind and straddle posted; and whether the hand
    is 001's (the button posts the only blind, or a straddle is posted after the deal)."""
    n = h.n
    antes, blinds, straddles = [0] * n, [0] * n, [0] * n
    small, big = (h.chips(v) for v in h.hand.stakes)
    fixed = h.hand.structure == "fixed limit"
    nominal_blinds = (small // 2, small) if fixed else (small, big)
    posted_blinds = 0
    for line in h.hand.lines:
        if line.verb not in ("ante", "small blind", "big blind", "straddle", "straddles"):
            continue
        p = h.position[line.name]
        amount = h.chips(line.amount or Decimal(0))
        if line.verb == "ante":
            antes[p] = amount
        elif line.verb == "straddles":  # 001's: a low limit, or all-in for less
            straddles[p] = amount if not line.all_in else max(amount, small if fixed else big)
        elif line.verb == "straddle":
            straddles[p] = amount if not line.all_in else max(amount, 2 * nominal_blinds[1])
        else:
            k = 0 if line.verb == "small blind" else 1
            blinds[p] = amount if not line.all_in else max(amount, nominal_blinds[k])
            posted_blinds += 1
    if any(antes):
        full = max(*antes, h.chips(h.hand.ante or Decimal(0)))
        short = [line for line in h.hand.lines if line.verb == "ante" and line.all_in]
        for line in short:
            antes[h.position[line.name]] = full
    voluntary = any(line.verb == "straddles" for line in h.hand.lines)
    button_only = (n > 2 and posted_blinds == 1 and blinds[n - 1] > 0) or (
        voluntary and not any(blinds[:-1])
    )
    # a blind not posted because its player had nothing left after the ante is still
    # the table's blind (the others owe it)
    standard = (n - 1, 0) if n == 2 else (0, 1)
    broke = {h.position[x.name] for x in h.hand.lines if x.verb == "ante" and x.all_in}
    if not button_only:
        for k, p in enumerate(standard):
            if not blinds[p] and p in broke:
                blinds[p] = nominal_blinds[k]
    return antes, blinds, straddles, button_only


def stars_rules(hand: StarsHand) -> Iterator[Rules]:
    """The readings of a hand's rules, in the order they are tried (see the module doc)."""
    h = _Hand(hand)
    yield from _candidates(h)


def _candidates(h: _Hand) -> Iterator[Rules]:
    n = h.n
    antes, blinds, straddles, button_only = _posts(h)
    small, big = (h.chips(v) for v in h.hand.stakes)
    structure: dict[str, Any]
    if h.hand.structure == "fixed limit":
        structure = {"structure": Structure.FIXED_LIMIT, "small_bet": small, "big_bet": big}
    else:
        kind = Structure.NO_LIMIT if h.hand.structure == "no limit" else Structure.POT_LIMIT
        structure = {"structure": kind, "min_bet": max(big, 1)}
    forced = [b + (0 if button_only else s) for b, s in zip(blinds, straddles, strict=True)]
    if n == 2:
        rule_blinds: tuple[int, ...] = (forced[1], forced[0])
    else:
        rule_blinds = tuple(forced)
        while rule_blinds and not rule_blinds[-1]:
            rule_blinds = rule_blinds[:-1]
    ante_value: int | tuple[int, ...] = 0
    if any(antes):
        ante_value = antes[0] if len(set(antes)) == 1 else tuple(antes)
    buy_in = 2 * (sum(antes) + sum(blinds) + sum(straddles) + small + big) + 2  # a table's
    common: dict[str, Any] = {"antes": ante_value, "burn_cards": False, "buy_in": buy_in}
    dead_choices = (False, True) if any(antes) else (False,)
    tried: list[dict[str, Any]] = []
    if not button_only:
        for dead in dead_choices:
            tried.append({**structure, **common, "blinds": rule_blinds, "dead_antes": dead})
        caps = {"max_raises": PHH_FIXED_LIMIT_CAPS} if h.hand.structure == "fixed limit" else {}
        for dead in dead_choices[::-1]:
            tried.append({**structure, **common, "blinds": rule_blinds, "dead_antes": dead,
                          **POKERKIT_CONVENTIONS, **caps})  # fmt: skip
    if button_only or (h.hand.structure == "fixed limit" and any(antes)):
        # 001's: the last resort when nobody posted the blinds (short stacks)
        button_blind = (blinds[n - 1] or small // 2,)  # the table's blind, posted or not
        straddle = max(straddles) or (small if h.hand.structure == "fixed limit" else big)
        base = Rules.preset("computer-tournament").to_mapping()
        for key in ("showdown", "show_rule", "tie_split", "derived", "max_raises",
                    "ante_rule", "freeze_out"):  # fmt: skip
            base.pop(key, None)
        for dead in dead_choices:
            tried.append({**base, **structure, **common, "blinds": button_blind,
                          "button_blind": True, "straddle": straddle,
                          "dead_antes": dead})  # fmt: skip
    for data in tried:
        try:
            yield Rules.from_mapping(data)
        except RulesError:
            continue


_Trace = list[tuple[str, int, int]]


def _phh(h: _Hand, rules: Rules) -> tuple[PHHHand, list[int], _Trace]:
    """The PHH hand of these rules, what the text says each position put in (less the
    uncalled bets), and the trace of its actions (see :func:`_engine_put_in`)."""
    actions, put_in, collected, trace = _walk(h, rules)
    fields = _phh_fields(h, rules, actions, put_in, collected)
    return PHHHand(**fields), put_in, trace


def _walk(h: _Hand, rules: Rules) -> tuple[list[PHHAction], list[int], list[int], _Trace]:
    """The text's lines as PHH actions (the hole cards dealt first), what each position
    put in (less the uncalled bets) and collected, and the trace of its actions."""
    walk = _Walk(h, rules)
    for line in h.hand.lines:
        verb = line.verb
        walk.acted = walk.acted or verb in _ACTING
        p = h.position.get(line.name, -1)
        amount = h.chips(line.amount) if line.amount is not None else 0
        step = _STEPS.get(verb)
        if step is not None:
            step(walk, line, p, amount)
    return walk.deals + walk.actions, walk.put_in, walk.collected, walk.trace


_ACTING: Final = frozenset({"folds", "checks", "calls", "bets", "raises", "straddles"})


class _Walk:
    """What :func:`_walk` has read of a hand so far: the actions and the hole cards
    dealt, what each position put in, put in this round and collected, the trace; one
    method per kind of line (``p``: the line's position, ``amount``: its chips)."""

    def __init__(self, h: _Hand, rules: Rules) -> None:
        n = h.n
        self.h = h
        self.rules = rules
        self.trace: _Trace = []
        self.put_in = [0] * n
        self.collected = [0] * n
        self.round_bets = [0] * n
        self.actions: list[PHHAction] = []
        self.deals: list[PHHAction] = []
        self.acted = False  # whether anyone has acted yet

    def board(self, line: StarsLine, p: int, amount: int) -> None:
        self.round_bets = [0] * self.h.n
        self.actions.append(PHHAction(Verb.DEAL_BOARD, cards=line.cards))

    def dealt(self, line: StarsLine, p: int, amount: int) -> None:
        if line.cards and len(line.cards) == 2:
            self.deals.append(PHHAction(Verb.DEAL_HOLE, p, cards=line.cards))

    def ante(self, line: StarsLine, p: int, amount: int) -> None:
        self.put_in[p] += amount
        self.trace.append(("post", p, amount))

    def blind(self, line: StarsLine, p: int, amount: int) -> None:
        self.put_in[p] += amount
        self.round_bets[p] += amount
        self.trace.append(("post", p, amount))

    def straddle(self, line: StarsLine, p: int, amount: int) -> None:
        self.put_in[p] += amount
        self.round_bets[p] += amount
        if self.rules.straddle > 0:  # a voluntary straddle: a bet
            self.actions.append(_straddle(self.h, self.rules, self.round_bets, p))
            self.trace.append(("bet", p, self.round_bets[p]))
        else:
            self.trace.append(("post", p, amount))

    def fold(self, line: StarsLine, p: int, amount: int) -> None:
        self.actions.append(PHHAction(Verb.FOLD, p))
        self.trace.append(("fold", p, 0))

    def call(self, line: StarsLine, p: int, amount: int) -> None:
        self.put_in[p] += amount
        self.round_bets[p] += amount
        self.actions.append(PHHAction(Verb.CALL, p))
        self.trace.append((line.verb, p, amount))

    def bet(self, line: StarsLine, p: int, amount: int) -> None:
        to = _bet_total(self.h, line, self.round_bets[p], amount)
        self.put_in[p] += to - self.round_bets[p]
        self.round_bets[p] = to
        self.actions.append(PHHAction(Verb.BET, p, amount=self.h.units(to)))
        self.trace.append(("bet", p, to))

    def returned(self, line: StarsLine, p: int, amount: int) -> None:
        self.put_in[p] -= amount
        if self.acted:  # before anyone acts, what comes back is ante nobody matched
            self.round_bets[p] -= amount
        if self.h.hand.returns_known:
            self.trace.append(("returned", p, amount))

    def collect(self, line: StarsLine, p: int, amount: int) -> None:
        self.collected[p] += amount

    def shown(self, line: StarsLine, p: int, amount: int) -> None:
        self.actions.append(_shown(line, p))


# each verb of a line the walk reads (any other line says nothing of the chips)
_STEPS: Final[dict[str, Callable[[_Walk, StarsLine, int, int], None]]] = {
    "board": _Walk.board,
    "dealt": _Walk.dealt,
    "ante": _Walk.ante,
    "small blind": _Walk.blind,
    "big blind": _Walk.blind,
    "straddle": _Walk.straddle,
    "straddles": _Walk.straddle,
    "folds": _Walk.fold,
    "checks": _Walk.call,
    "calls": _Walk.call,
    "bets": _Walk.bet,
    "raises": _Walk.bet,
    "returned": _Walk.returned,
    "collected": _Walk.collect,
    "shows": _Walk.shown,
    "mucks": _Walk.shown,
}


def _bet_total(h: _Hand, line: StarsLine, before: int, amount: int) -> int:
    """What a bet or a raise of ``line`` makes its player's bet this round (``before``:
    their bet so far, ``amount``: the line's amount in chips); refused if nothing."""
    to = before + amount if line.verb == "bets" else h.chips(line.to or Decimal(0))
    if to <= 0:
        raise ReplayError(f"{line.name} {line.verb} nothing", where=f"line {line.line}")
    return to


def _shown(line: StarsLine, p: int) -> PHHAction:
    """Position ``p`` shows its two cards, or mucks (a show of no cards)."""
    if line.verb == "mucks":
        return PHHAction(Verb.SHOW, p)
    if len(line.cards) != 2:
        raise ReplayError(f"{line.name} shows {len(line.cards)} cards, not 2",
                          where=f"line {line.line}")  # fmt: skip
    return PHHAction(Verb.SHOW, p, cards=line.cards)


def _straddle(h: _Hand, rules: Rules, round_bets: list[int], p: int) -> PHHAction:
    """A voluntary straddle of position ``p`` as PHH writes it: a bet, or a call when it
    is all-in for no more than the blind."""
    others = max((b for q, b in enumerate(round_bets) if q != p), default=0)
    if rules.button_blind and rules.short_blind_called_in_full:
        others = max(others, rules.blinds[0])  # owed in full, posted or not
    if round_bets[p] > others:
        return PHHAction(Verb.BET, p, amount=h.units(round_bets[p]))
    return PHHAction(Verb.CALL, p)


def _phh_fields(h: _Hand, rules: Rules, actions: list[PHHAction], put_in: list[int],
                collected: list[int]) -> dict[str, Any]:  # fmt: skip
    """The PHH hand's fields: the rules', the stacks', the actions' and the text's header."""
    hand = h.hand
    antes, blinds = forced_bets(rules, h.n)
    starting = [h.chips(s.stack) for s in h.order]
    finishing = [s - i + c for s, i, c in zip(starting, put_in, collected, strict=True)]
    fields: dict[str, Any] = {
        "variant": "FT" if rules.structure is Structure.FIXED_LIMIT else "NT",
        "ante_trimming_status": not rules.dead_antes,
        "antes": tuple(h.units(a) for a in phh_order(antes)),
        "blinds_or_straddles": tuple(h.units(b) for b in phh_order(blinds)),
        "starting_stacks": tuple(h.units(s) for s in starting),
        "actions": tuple(actions),
        "finishing_stacks": tuple(h.units(f) for f in finishing),
        "players": tuple(s.name for s in h.order),
        "seats": tuple(s.number for s in h.order),
        "hand": hand.number,
    }
    units = rules.units
    if rules.structure is Structure.FIXED_LIMIT:
        fields["small_bet"], fields["big_bet"] = h.units(units[0]), h.units(units[2])
    else:
        fields["min_bet"] = h.units(units[0])
    if hand.table is not None:
        fields["table"] = hand.table
    if hand.max_seats is not None:
        fields["seat_count"] = hand.max_seats
    if hand.currency:
        fields["currency"] = hand.currency
    if hand.symbol:
        fields["currency_symbol"] = hand.symbol
    if hand.date is not None and hand.date != NO_DATE:
        y, mo, d, hh, mi, ss = hand.date
        fields.update(year=y, month=mo, day=d)
        if (hh, mi, ss) != (0, 0, 0):
            fields["time"] = datetime.time(hh, mi, ss)
        if hand.zone is not None:  # the zone the time is local to, and its IANA name
            fields["time_zone_abbreviation"] = hand.zone
            zone = zone_named(hand.zone)
            if zone is not None:
                fields["time_zone"] = zone
    if hand.level is not None:
        fields["level"] = hand.level
    custom: dict[str, Any] = {"_rules": rules.to_mapping()}
    if h.scale != 1:
        custom["_chip_scale"] = h.scale
    fields["custom"] = custom
    return fields


_TRACED = {EventKind.ANTE: "post", EventKind.BLIND: "post", EventKind.FOLD: "fold",
           EventKind.CHECK: "checks", EventKind.CALL: "calls",
           EventKind.BET: "bet", EventKind.RAISE: "bet", EventKind.STRADDLE: "bet",
           EventKind.RETURN: "returned"}  # fmt: skip


def _engine_put_in(replay: Replay, n: int) -> tuple[list[int], _Trace]:
    """What each seat put in, less the uncalled bets, and the actions with their
    amounts: calls and returns by what they move, bets and raises by their total."""
    out = [0] * n
    trace: _Trace = []
    for e in replay.played.events:
        if e.kind in _CHIPS_IN:
            out[e.seat] += e.amount
        elif e.kind is EventKind.RETURN:
            out[e.seat] -= e.amount
        word = _TRACED.get(e.kind)
        if word is not None:
            amount = e.total if word == "bet" else (0 if word == "fold" else e.amount)
            trace.append((word, e.seat, amount))
    return out, trace


def _same_pots(h: _Hand, replay: Replay) -> bool:
    """Whether the replay's pots are the ones the record lists (when it lists them)."""
    result = replay.played.result
    if h.hand.pots is None or result is None:
        return True
    pots = [p.amount for p in result.pots if p.amount and p.winners]
    return pots == [h.chips(x) for x in h.hand.pots]


def _settled(h: _Hand, replay: Replay) -> Replay:
    """The replay with the rake, what the record says beyond PHH in ``info``, and (when
    the record does not say what came back) the recorded stacks from the replay's
    contributions and the record's winnings."""
    played = replay.played
    if h.hand.extra:
        played = replace(played, info={**played.info, **h.hand.extra})
    recorded = replay.recorded
    if not h.hand.returns_known:
        put_in, _ = _engine_put_in(replay, h.n)
        won = [0] * h.n
        for line in h.hand.lines:
            if line.verb == "collected" and line.amount is not None:
                won[h.position[line.name]] += h.chips(line.amount)
        recorded = tuple(Fraction(played.starting[s] - put_in[s] + won[s]) for s in range(h.n))
    return replace(replay, played=played, recorded=recorded, rake=Fraction(h.chips(h.hand.rake)))


def replay_stars(hand: StarsHand) -> Replay:
    """Replay one PokerStars hand (see the module doc); :class:`ReplayError` when no
    reading of its rules replays it."""
    h = _Hand(hand)
    first_error: HistoryError | None = None
    fallback: Replay | None = None
    odd_chips: Replay | None = None
    for rules in _candidates(h):
        try:
            phh, put_in, trace = _phh(h, rules)
            replay = replay_phh(phh, label=hand.number)
        except HistoryError as exc:
            first_error = first_error or exc
            continue
        replay = _settled(h, replay)
        fallback = fallback or replay
        engine_put_in, engine_trace = _engine_put_in(replay, h.n)
        if not hand.returns_known:
            engine_trace = [t for t in engine_trace if t[0] != "returned"]
        if engine_trace != trace or (hand.returns_known and engine_put_in != put_in):
            continue
        if not _same_pots(h, replay):
            continue
        check = replay.check()
        if check is None or not check.matches:
            continue
        if check.how in ("exact", "exact, less the rake"):
            return replay
        odd_chips = odd_chips or replay
        for rule in OddChip:  # the room's rule for odd chips, which the text does not name
            if rule is rules.odd_chip:
                continue
            try:
                other = replay_phh(_phh(h, rules.replace(odd_chip=rule))[0], label=hand.number)
            except HistoryError:
                continue
            other = _settled(h, other)
            again = other.check()
            if again is not None and again.how in ("exact", "exact, less the rake") and (
                _same_pots(h, other)):  # fmt: skip
                return other
    if odd_chips is not None:
        return odd_chips
    if fallback is not None:
        return fallback
    if first_error is None:
        raise ReplayError("no rules pokerroom plays describe this hand")
    raise ReplayError(first_error.reason, where=first_error.where)


