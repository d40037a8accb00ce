"""Validation of :class:`~pokerroom.rules.Rules`: every reason a set of rules cannot be
played, as sentences naming the field, its value and what it may be.

Rules that pass are playable: a hand can be dealt and played to its end at every player
count of :func:`player_limits` (``Rules.player_counts``), whatever the stacks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from pokerroom._rulevalues import BOOL_FIELDS, MAX_CHIPS, not_whole, shown, too_large
from pokerroom.conventions import AnteRule, Structure
from pokerroom.evaluator.wildcards import WildCards

if TYPE_CHECKING:
    from pokerroom.rules import Rules

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "half_low_limit", "low_limit", "player_limits",
           "players_problem", "problems_of"]  # fmt: skip

MIN_PLAYERS = 2
MAX_PLAYERS = 14
_DERIVABLE = ("blinds", "straddle")


def _is_int(value: object) -> bool:
    return type(value) is int


def _whole(value: object, least: int, words: str, most: int = MAX_CHIPS) -> str | None:
    """Why ``value`` is not a whole number from ``least`` to ``most``; ``words`` says
    what it must be when it is out of range (``"1 chip or more"``)."""
    why = not_whole(value)
    if why is not None:
        return why
    assert isinstance(value, int)
    if value < least or (value > most and most < MAX_CHIPS):
        return words
    return too_large(value, most)


def _sentence(name: str, value: object, why: str, words: str, verb: str = "is") -> str:
    """``name is value: why``, with what the field may be when ``why`` does not say it."""
    return f"{name} {verb} {shown(value)}: {why}" + ("" if why == words else f" ({words})")


def low_limit(r: Rules) -> int | None:
    """The low limit L of ``rules.md`` §6 (001): the unit of the first round, the small bet
    in fixed limit, the minimum bet in no and pot limit (``None`` while it is unknown)."""
    if r.structure is Structure.FIXED_LIMIT:
        low = r.small_bet
    elif r.min_bet is not None:
        low = r.min_bet
    else:
        blinds = r.blinds if isinstance(r.blinds, tuple) else ()
        low = max((b for b in (*blinds, 1) if _is_int(b)), default=1)
    return low if _is_int(low) and 1 <= low <= MAX_CHIPS else None  # type: ignore[operator]


def half_low_limit(low: int) -> int:
    """001's ante rule: half the low limit, rounded down, at least 1."""
    return max(1, low // 2)


def _trimmed(blinds: tuple[int, ...]) -> tuple[int, ...]:
    """The blinds without the zeros after the last one posted (nobody posts those)."""
    end = len(blinds)
    while end and not blinds[end - 1]:
        end -= 1
    return blinds[:end]


def player_limits(r: Rules) -> list[tuple[int, int, str]]:
    """What limits the number of players: ``(fewest, most, why)`` per rule that does, for
    fields already known to be well formed (the others are left out)."""
    limits = [(MIN_PLAYERS, MAX_PLAYERS, "a hand has 2 to 14 players")]
    blinds, straddle = r.blinds, r.straddle
    if isinstance(blinds, tuple) and len(blinds) <= MAX_PLAYERS and all(
        _is_int(b) and b >= 0 for b in blinds
    ):
        posted = _trimmed(blinds)
        straddles = 1 if _is_int(straddle) and straddle > 0 else 0
        need = len(posted) + straddles
        if need > MIN_PLAYERS:
            what = f"blinds {list(posted)}"
            if straddles:
                what += f" and a straddle of {straddle}"
            limits.append((need, MAX_PLAYERS, f"{what} need {need} players or more"))
    antes = r.antes
    if isinstance(antes, tuple) and MIN_PLAYERS <= len(antes) <= MAX_PLAYERS:
        k = len(antes)
        limits.append((k, k, f"antes has {k} entries, one per player"))
    first = r.first_to_act
    if isinstance(first, tuple) and len(first) == 4 and all(
        _is_int(p) and 0 <= p < MAX_PLAYERS for p in first
    ):
        top = max(first)
        if top + 1 > MIN_PLAYERS:
            limits.append((top + 1, MAX_PLAYERS,
                           f"first_to_act {list(first)} names position {top}, so "
                           f"{top + 1} players or more"))  # fmt: skip
    players = r.players
    if _is_int(players) and MIN_PLAYERS <= players <= MAX_PLAYERS:  # type: ignore[operator]
        limits.append((players, players, f"players is {players}"))  # type: ignore[arg-type]
    return limits


def players_problem(r: Rules, n: int) -> str | None:
    """Why valid rules cannot be played by ``n`` players, or ``None`` when they can."""
    for fewest, most, why in player_limits(r):
        if not fewest <= n <= most:
            return why
    return None


def problems_of(r: Rules) -> Iterator[str]:
    """Every reason these rules cannot be played."""
    for name, kind in r._ENUMS.items():
        if not isinstance(getattr(r, name), kind):
            yield f"{name} is {shown(getattr(r, name))}: a {kind.__name__}"
            return
    limit = r.structure is Structure.FIXED_LIMIT
    yield from _bet_problems(r, limit)
    yield from _forced_bet_problems(r, limit)
    yield from _derived_problems(r, limit)
    yield from _round_problems(r)
    for name in sorted(BOOL_FIELDS):
        value = getattr(r, name)
        if not isinstance(value, bool):
            yield f"{name} is {shown(value)}: true or false"
    if r.straddle_counts is True and not r.straddle:
        yield "straddle_counts is set but there is no straddle"
    why = _whole(r.min_hole_cards, 0, "0, 1 or 2", 2)
    if why is not None:
        yield _sentence("min_hole_cards", r.min_hole_cards, why, "0, 1 or 2")
    wild: object = r.wild
    if wild is not None and not isinstance(wild, WildCards):
        yield f"wild is {shown(wild)}: a WildCards"
    if r.players is not None:
        why = _whole(r.players, MIN_PLAYERS, "2 to 14 players", MAX_PLAYERS)
        if why is not None:
            yield _sentence("players", r.players, why, "2 to 14 players")
    yield from _player_count_problems(r)
    yield from _buy_in_problems(r)


def _bet_problems(r: Rules, limit: bool) -> Iterator[str]:
    for name in ("small_bet", "flop_bet", "big_bet", "river_bet"):
        value = getattr(r, name)
        if value is None:
            continue
        if not limit:
            yield (
                f"{name} is {shown(value)}: a {name.replace('_', ' ')} needs the fixed-limit "
                f"structure"
            )
            continue
        why = _whole(value, 1, "a bet size is 1 chip or more")
        if why is not None:
            yield f"{name} is {shown(value)}: {why}"
    if limit and r.small_bet is None:
        yield "fixed limit needs small_bet (the bet of rounds 1 and 2)"
    if limit and all(
        v is None or (_is_int(v) and 1 <= v <= MAX_CHIPS)
        for v in (r.small_bet, r.flop_bet, r.big_bet, r.river_bet)
    ) and r.small_bet is not None:
        yield from _unit_order(r)
    if r.min_bet is not None:
        if limit:
            yield f"min_bet is {shown(r.min_bet)}: fixed limit bets exactly small_bet / big_bet"
        else:
            why = _whole(r.min_bet, 1, "1 chip or more")
            if why is not None:
                yield f"min_bet is {shown(r.min_bet)}: {why}"
    caps = r.max_raises
    if caps is not None:
        if isinstance(caps, tuple):
            if len(caps) != 4:
                yield f"max_raises is {shown(caps)}: one cap per round, four rounds"
            for cap in caps:
                why = None if cap is None else _whole(cap, 0, "a raise cap is 0 or more")
                if why is not None:
                    yield f"max_raises has {shown(cap)}: {why}"
        else:
            why = _whole(caps, 0, "a raise cap is 0 or more")
            if why is not None:
                yield f"max_raises is {shown(caps)}: {why}"


def _unit_order(r: Rules) -> Iterator[str]:
    """Fixed limit: the bet of a round is never smaller than the bet of the round before
    (small_bet <= flop_bet <= big_bet <= river_bet), whether given or derived, and a big
    bet derived as twice the small bet is at most ``MAX_CHIPS`` like a given one."""
    small, flop, big, river = r.units
    if r.big_bet is None and big > MAX_CHIPS:  # derived: twice a small bet past half the most
        yield (
            f"small_bet is {small}: the big bet left out is twice it, {big}, "
            f"{too_large(big)}; give big_bet {MAX_CHIPS} or less, or small_bet up to "
            f"{MAX_CHIPS // 2}"
        )
    given = {"flop_bet": r.flop_bet, "big_bet": r.big_bet, "river_bet": r.river_bet}
    default = {"flop_bet": f"the small bet, {small}", "big_bet": f"twice the small bet, "
               f"{2 * small}", "river_bet": f"the big bet, {big}"}  # fmt: skip
    rule = "a round's bet is at least the bet of the round before (small_bet <= flop_bet <= " \
        "big_bet <= river_bet)"
    low_name, low = "small_bet", small  # the largest bet so far, and the field that sets it
    for name, value in (("flop_bet", flop), ("big_bet", big), ("river_bet", river)):
        if value > low:
            low_name, low = name, value
        elif value == low:
            continue
        elif given[name] is not None:
            yield (
                f"{name} is {value}, less than {low_name} {low}: {rule}; give {name} {low} or "
                f"more, or leave it out for {default[name]}"
            )
        elif name == "big_bet":  # left out: twice the small bet, below the flop bet given
            yield (
                f"{low_name} is {low}, more than {name} {value} ({default[name]}): {rule}; "
                f"give {name} {low} or more too, or {low_name} up to {value}"
            )


def _forced_bet_problems(r: Rules, limit: bool) -> Iterator[str]:
    antes = r.antes
    ante_list = list(antes) if isinstance(antes, tuple) else [antes]
    bad = [a for a in ante_list if _whole(a, 0, "") is not None]
    if bad:
        why = _whole(bad[0], 0, "antes are 0 chips or more")
        yield f"antes is {shown(antes)}: {why}" + (
            "" if isinstance(antes, int) and not isinstance(antes, bool) else
            f" ({shown(bad[0])} among them)" if isinstance(antes, tuple) else ""
        )
    elif isinstance(antes, tuple) and not MIN_PLAYERS <= len(antes) <= MAX_PLAYERS:
        yield f"antes has {len(antes)} entries: one per position, 2 to 14"
    elif r.ante_rule is AnteRule.HALF_LOW_LIMIT:
        low = low_limit(r)
        if low is not None:
            half = half_low_limit(low)
            if isinstance(antes, tuple) or antes != half:
                yield (
                    f"antes is {shown(antes)} but ante_rule half-low-limit sets every ante to "
                    f"{half} (max(1, {low} // 2)): leave antes out, or give ante_rule=fixed"
                )
    given: object = r.blinds
    blinds: tuple[int, ...] = ()
    if not isinstance(given, tuple):
        yield f"blinds is {shown(given)}: a list of whole numbers of chips, 0 or more"
    else:
        bad = [b for b in given if _whole(b, 0, "") is not None]
        if bad:
            yield f"blinds is {shown(given)}: {_whole(bad[0], 0, 'blinds are 0 chips or more')}"
        elif len(given) > MAX_PLAYERS:
            yield f"blinds has {len(given)} entries: at most one per player (14)"
        else:
            blinds = given
    why = _whole(r.straddle, 0, "0 for none, or the chips of the straddle")
    if why is not None:
        yield f"straddle is {shown(r.straddle)}: {why}"
    else:
        yield from _straddle_size(r, limit, blinds)


def _straddle_size(r: Rules, limit: bool, blinds: tuple[int, ...]) -> Iterator[str]:
    if r.straddle and r.straddle <= max((*blinds, 0)):
        yield (
            f"straddle is {r.straddle}: a straddle is larger than every blind ({max(blinds)}); "
            f"give more than {max(blinds)}, or 0 for none"
        )
    if r.straddle and limit and isinstance(r.small_bet, int) and r.straddle < r.small_bet:
        yield (
            f"straddle is {r.straddle}: a fixed-limit straddle is at least one small bet "
            f"({r.small_bet}); give {r.small_bet} or more, or 0 for none"
        )


def _derived_problems(r: Rules, limit: bool) -> Iterator[str]:
    derived = r.derived
    if not isinstance(derived, tuple) or any(d not in _DERIVABLE for d in derived):
        yield f"derived is {shown(derived)}: it names fields of {', '.join(_DERIVABLE)}"
        return
    low = r.small_bet if limit else r.min_bet
    if derived and low is None:
        yield (
            f"derived names {', '.join(derived)}, but there is no low limit to derive them "
            f"from ({'small_bet' if limit else 'min_bet'})"
        )


def _round_problems(r: Rules) -> Iterator[str]:
    first = r.first_to_act
    if first is not None:
        if not isinstance(first, tuple) or len(first) != 4:
            yield f"first_to_act is {shown(first)}: one position per round, four rounds"
        else:
            for p in first:
                why = _whole(p, 0, "positions are 0 to 13", MAX_PLAYERS - 1)
                if why is not None:
                    yield _sentence("first_to_act", p, why, "positions are 0 to 13", "has")
                    break


def _player_count_problems(r: Rules) -> Iterator[str]:
    """The player counts the rules allow must not be none (``players``, a list of antes,
    the blinds and straddle, ``first_to_act`` each limit them)."""
    limits = player_limits(r)
    fewest = max(limits, key=lambda x: x[0])
    most = min(limits, key=lambda x: x[1])
    if fewest[0] <= most[1]:
        return
    if _is_int(r.players) and most[2] == f"players is {r.players}":
        yield f"players is {r.players}, but {fewest[2]}"
    elif _is_int(r.players) and fewest[2] == f"players is {r.players}":
        yield f"players is {r.players}, but {most[2]}"
    else:
        yield f"{most[2]}, but {fewest[2]}"


def _buy_in_problems(r: Rules) -> Iterator[str]:
    why = _whole(r.buy_in, 1, "1 chip or more")
    if why is not None:
        yield f"buy_in is {shown(r.buy_in)}: {why}"
        return
    blinds = r.blinds if isinstance(r.blinds, tuple) else ()
    amounts = [*blinds, r.straddle, 0]
    antes = r.antes if isinstance(r.antes, tuple) else (r.antes,)
    if all(_is_int(a) for a in (*amounts, *antes)):
        forced = max(amounts) + max(antes, default=0)
        if forced >= r.buy_in:
            yield (
                f"buy_in is {r.buy_in}: a player must be able to post the forced bets "
                f"({forced}) and still play; give more than {forced}"
            )
