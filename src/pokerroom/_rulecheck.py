"""Validation of :class:`~pokerroom.rules.Rules`: every reason a set of rules cannot be
played, as sentences naming the field, its value and what it may be."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from pokerroom.conventions import AnteRule, Structure
from pokerroom.evaluator.wildcards import WildCards

if TYPE_CHECKING:
    from pokerroom.rules import Rules

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "problems_of"]

MIN_PLAYERS = 2
MAX_PLAYERS = 14
_DERIVABLE = ("blinds", "straddle")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def problems_of(r: Rules) -> Iterator[str]:
    """Every reason these rules cannot be played."""
    for name, kind in r._ENUMS.items():
        if not isinstance(getattr(r, name), kind):
            yield f"{name} is {getattr(r, name)!r}: a {kind.__name__}"
            return
    limit = r.structure is Structure.FIXED_LIMIT
    for name in ("small_bet", "flop_bet", "big_bet", "river_bet"):
        value = getattr(r, name)
        if value is None:
            continue
        if not limit:
            yield f"{name} is {value}: a {name.replace('_', ' ')} needs the fixed-limit structure"
        elif not _is_int(value) or value < 1:
            yield f"{name} is {value!r}: a bet size is a whole number of chips, 1 or more"
    if limit and r.small_bet is None:
        yield "fixed limit needs small_bet (the bet of rounds 1 and 2)"
    if r.min_bet is not None:
        if limit:
            yield f"min_bet is {r.min_bet}: fixed limit bets exactly small_bet / big_bet"
        elif not _is_int(r.min_bet) or r.min_bet < 1:
            yield f"min_bet is {r.min_bet!r}: 1 chip or more"
    caps = r.max_raises
    if caps is not None:
        if isinstance(caps, tuple):
            if len(caps) != 4:
                yield f"max_raises is {caps!r}: one cap per round, four rounds"
            for cap in caps:
                if cap is not None and (not _is_int(cap) or cap < 0):
                    yield f"max_raises has {cap!r}: a raise cap is 0 or more"
        elif not _is_int(caps) or caps < 0:
            yield f"max_raises is {caps!r}: a raise cap is 0 or more"
    antes = r.antes
    ante_list = list(antes) if isinstance(antes, tuple) else [antes]
    if any(not _is_int(a) or a < 0 for a in ante_list):
        yield f"antes is {antes!r}: antes are whole numbers of chips, 0 or more"
    elif isinstance(antes, tuple) and not MIN_PLAYERS <= len(antes) <= MAX_PLAYERS:
        yield f"antes has {len(antes)} entries: one per position, 2 to 14"
    if r.ante_rule is AnteRule.HALF_LOW_LIMIT:
        if not limit:
            yield "ante_rule half-low-limit needs the fixed-limit structure"
        if any(ante_list):
            yield f"antes is {antes!r} but ante_rule half-low-limit decides the ante"
    blinds = r.blinds
    if not isinstance(blinds, tuple) or any(not _is_int(b) or b < 0 for b in blinds):
        yield f"blinds is {blinds!r}: whole numbers of chips, 0 or more"
        blinds = ()
    elif len(blinds) > MAX_PLAYERS:
        yield f"blinds has {len(blinds)} entries: at most one per player (14)"
    if not _is_int(r.straddle) or r.straddle < 0:
        yield f"straddle is {r.straddle!r}: whole chips, 0 for none"
    elif r.straddle and r.straddle <= max((*blinds, 0)):
        yield f"straddle is {r.straddle}: a straddle is larger than every blind ({max(blinds)})"
    elif r.straddle and limit and isinstance(r.small_bet, int) and r.straddle < r.small_bet:
        yield (
            f"straddle is {r.straddle}: a fixed-limit straddle is at least one small bet "
            f"({r.small_bet})"
        )
    yield from _derived_problems(r, limit)
    yield from _round_problems(r)
    if r.straddle_counts and not r.straddle:
        yield "straddle_counts is set but there is no straddle"
    if not _is_int(r.min_hole_cards) or not 0 <= r.min_hole_cards <= 2:
        yield f"min_hole_cards is {r.min_hole_cards!r}: 0, 1 or 2"
    wild: object = r.wild
    if wild is not None and not isinstance(wild, WildCards):
        yield f"wild is {wild!r}: a WildCards"
    if r.players is not None:
        if not _is_int(r.players) or not MIN_PLAYERS <= r.players <= MAX_PLAYERS:
            yield f"players is {r.players!r}: 2 to 14 players"
        else:
            posters = sum(1 for b in blinds if b) + (1 if r.straddle else 0)
            slots = len(blinds) - (1 if r.button_blind else 0) + (1 if r.straddle else 0)
            if r.players == 2 and r.heads_up_reversed and not r.button_blind:
                slots = len(blinds)
            if posters and slots > r.players:
                yield (
                    f"{posters} blinds and straddles need more than {r.players} players "
                    f"(blinds {list(blinds)}, straddle {r.straddle})"
                )
            if isinstance(antes, tuple) and len(antes) != r.players:
                yield f"antes has {len(antes)} entries for {r.players} players"
    if not _is_int(r.buy_in) or r.buy_in < 1:
        yield f"buy_in is {r.buy_in!r}: 1 chip or more"
    else:
        forced = max((*blinds, r.straddle if _is_int(r.straddle) else 0, 0))
        if all(_is_int(a) for a in ante_list):
            ante = (
                max(1, (r.small_bet or 0) // 2)
                if r.ante_rule is AnteRule.HALF_LOW_LIMIT
                else max(ante_list, default=0)
            )
            if forced + ante >= r.buy_in:
                yield (
                    f"buy_in is {r.buy_in}: a player must be able to post the forced bets "
                    f"({forced + ante}) and still play"
                )


def _derived_problems(r: Rules, limit: bool) -> Iterator[str]:
    derived = r.derived
    if not isinstance(derived, tuple) or any(d not in _DERIVABLE for d in derived):
        yield f"derived is {derived!r}: it names fields of {', '.join(_DERIVABLE)}"
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
            yield f"first_to_act is {first!r}: one position per round, four rounds"
        elif any(not _is_int(p) or p < 0 for p in first):
            yield f"first_to_act is {first!r}: positions are whole numbers, 0 or more"
        elif isinstance(r.players, int) and any(p >= r.players for p in first):
            yield f"first_to_act is {first!r}: positions are 0 to {r.players - 1}"
    for name in ("antes_trimmed_first", "short_blind_called_in_full", "blind_sets_min_raise",
                 "fixed_limit_completes", "lone_player_acts"):  # fmt: skip
        if not isinstance(getattr(r, name), bool):
            yield f"{name} is {getattr(r, name)!r}: true or false"
