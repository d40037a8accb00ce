"""The numbers players judge each other by: VPIP, PFR, 3-bet, aggression, showdowns,
winnings, from hand histories.

Each statistic is a count of times a player did something over the times they could
have (a :class:`Ratio`), per player, over the hands they were dealt into.  The
definitions (the documentation's statistics page says the same, with examples):

*Pre-flop* counts a player's decisions after the cards are dealt.  Posting an ante, a
blind or a straddle (001's too) is never a decision, and never a voluntary put-in.

``hands``
    Hands the player was dealt into.
``VPIP`` (voluntarily put money in the pot)
    Hands in which the player called, bet or raised pre-flop, over the hands in which
    they had a pre-flop decision (a walk, or an all-in on the blinds, is no decision).
``PFR`` (pre-flop raise)
    Hands in which the player bet or raised pre-flop, over the same hands.
``3-bet``
    Pre-flop, the first bet or raise is the open (the blinds are the first bet, the open
    the second); a re-raise of it is a 3-bet.  Hands in which the player 3-bet, over the
    hands in which they had a decision facing an open by someone else and no 3-bet yet.
``fold to 3-bet``
    Hands in which the player opened, faced a 3-bet (and no more) and folded, over the
    hands in which they opened and had a decision facing a 3-bet.
``c-bet`` (continuation bet)
    The last to bet or raise pre-flop, still in on the flop, bets the flop when nobody
    has bet before them: hands in which they did, over the hands in which they could.
``fold to c-bet``
    Hands in which the player folded to a continuation bet before anyone raised it,
    over the hands in which they faced one so.
``AF`` (aggression factor)
    After the flop: bets and raises divided by calls (``None`` without calls).
``AFq`` (aggression frequency)
    After the flop: bets and raises over bets, raises, calls and folds.
``WTSD`` (went to showdown)
    Hands that reached a showdown (two or more players left after the betting) with the
    player still in, over the hands in which the player saw the flop.
``W$SD`` (won money at showdown)
    Showdowns in which the player won chips, over their showdowns.
``bb/100``
    Chips won per hand in big blinds (the hand's largest blind or straddle, and never
    less than its first bet: the minimum bet, in fixed limit the small bet), times 100,
    with a 95% interval (mean ± 1.96 standard errors, the hands as the units).
``all-in adjusted bb/100``
    The same with each hand whose betting ended before the river with two or more
    players in (an all-in) settled at its equity: each pot (main and side) paid to its
    contenders in proportion to their chance to win it with the cards still to come
    (exact enumeration, :func:`pokerroom.equity.equity`), instead of what the board gave.
    A hand whose contenders' cards the record does not know is counted as it fell.

>>> import random
>>> from pokerroom.engine import Hand
>>> from pokerroom.history.record import PlayedHand
>>> from pokerroom.rules import Rules
>>> hand = Hand(Rules.preset("no-limit"), [400, 400, 400], button=2, rng=random.Random(2))
>>> hand.raise_to(12); hand.fold(); hand.fold()  # the button opens, the blinds fold
>>> stats = player_stats([PlayedHand.from_hand(hand, names=["Sb", "Bb", "Btn"])])
>>> stats["Btn"].vpip, stats["Btn"].pfr, stats["Bb"].vpip
(Ratio(made=1, chances=1), Ratio(made=1, chances=1), Ratio(made=0, chances=1))
>>> stats["Btn"].bb100.value, stats["Sb"].bb100.value  # +6 chips, -2: in big blinds of 4
(150.0, -50.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from pokerroom.cards import Card
from pokerroom.engine.actions import Street
from pokerroom.engine.events import EventKind
from pokerroom.history.record import PlayedHand
from pokerroom.rules import Rules

__all__ = ["Counts", "Interval", "PlayerStats", "Ratio", "SeatFacts", "big_blind", "hand_facts",
           "player_stats"]  # fmt: skip

_K = EventKind
_DECISIONS = frozenset({_K.FOLD, _K.CHECK, _K.CALL, _K.BET, _K.RAISE})
_CHIPS_IN = frozenset({_K.ANTE, _K.BLIND, _K.STRADDLE, _K.CALL, _K.BET, _K.RAISE})
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Ratio:
    """``made`` times out of ``chances``; :attr:`percent` is ``None`` without chances."""

    made: int = 0
    chances: int = 0

    @property
    def percent(self) -> float | None:
        return 100 * self.made / self.chances if self.chances else None

    def __add__(self, other: Ratio) -> Ratio:
        return Ratio(self.made + other.made, self.chances + other.chances)


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean and the half-width of its 95% interval (``None``: fewer than two hands)."""

    value: float
    half_width: float | None


def big_blind(rules: Rules) -> int:
    """The big blind a hand's winnings are counted in: the largest blind or straddle, and
    never less than the first bet (the minimum bet; fixed limit: the small bet).  So a
    hand of 001's rules whose straddle was folded, not posted, counts in the straddle all
    the same, read from any format (PokerStars text shows no straddle that was not
    posted)."""
    return max(rules.big_blind, rules.units[0], 1)


@dataclass(slots=True)
class SeatFacts:
    """What one seat did in one hand, as the statistics count it."""

    name: str
    decided: bool = False  # had a pre-flop decision
    vpip: bool = False
    pfr: bool = False
    three_bet_chance: bool = False
    three_bet: bool = False
    fold_3bet_chance: bool = False
    fold_3bet: bool = False
    cbet_chance: bool = False
    cbet: bool = False
    fold_cbet_chance: bool = False
    fold_cbet: bool = False
    aggressive: int = 0  # post-flop bets and raises
    calls: int = 0  # post-flop calls
    folds: int = 0  # post-flop folds
    saw_flop: bool = False
    showdown: bool = False
    won_at_showdown: bool = False
    net: float = 0.0  # in big blinds
    adjusted: float = 0.0  # in big blinds, all-ins settled at their equity


class _Betting:
    """The hand's betting so far, as far as the facts of a decision depend on it."""

    def __init__(self) -> None:
        self.raises = 0
        self.opener: int | None = None
        self.aggressor: int | None = None
        self.flop_bet = False  # someone has bet the flop
        self.cbet_by: int | None = None
        self.raised_after_cbet = False

    def preflop(self, f: SeatFacts, s: int, k: EventKind) -> None:
        """Seat ``s`` (facts ``f``) decides ``k`` before the flop."""
        f.decided = True
        if self.raises == 1 and self.opener != s and not f.three_bet_chance:
            f.three_bet_chance = True
            f.three_bet = k in (_K.BET, _K.RAISE)
        if self.raises == 2 and self.opener == s and not f.fold_3bet_chance:
            f.fold_3bet_chance = True
            f.fold_3bet = k is _K.FOLD
        if k in (_K.CALL, _K.BET, _K.RAISE):
            f.vpip = True
        if k in (_K.BET, _K.RAISE):
            f.pfr = True
            self.raises += 1
            self.opener = s if self.raises == 1 else self.opener
            self.aggressor = s

    def postflop(self, f: SeatFacts, s: int, k: EventKind, street: Street) -> None:
        """Seat ``s`` (facts ``f``) decides ``k`` on ``street``, the flop or later."""
        if k in (_K.BET, _K.RAISE):
            f.aggressive += 1
        elif k is _K.CALL:
            f.calls += 1
        elif k is _K.FOLD:
            f.folds += 1
        if street is Street.FLOP:
            if s == self.aggressor and not self.flop_bet and not f.cbet_chance:
                f.cbet_chance = True
                f.cbet = k is _K.BET
                self.cbet_by = s if f.cbet else None
            elif self.cbet_by is not None and s != self.cbet_by and not self.raised_after_cbet and (
                    not f.fold_cbet_chance):  # fmt: skip
                f.fold_cbet_chance = True
                f.fold_cbet = k is _K.FOLD
            if k in (_K.BET, _K.RAISE):
                if self.flop_bet and self.cbet_by is not None:
                    self.raised_after_cbet = True
                self.flop_bet = True


def hand_facts(played: PlayedHand, *, adjust: bool = True) -> list[SeatFacts]:
    """Each seat's facts in one finished hand (an unfinished hand: none)."""
    if played.result is None:
        return []
    n = played.players
    facts = [SeatFacts(played.name(s)) for s in range(n)]
    folded = [False] * n
    betting = _Betting()
    flop_seen = False
    for e in played.events:
        s = e.seat
        k = e.kind
        if k is _K.BOARD and e.street is Street.FLOP and not flop_seen:
            flop_seen = True
            for t in range(n):
                facts[t].saw_flop = not folded[t]
        if k not in _DECISIONS:
            continue
        if e.street is Street.PREFLOP:
            betting.preflop(facts[s], s, k)
        else:
            betting.postflop(facts[s], s, k, e.street)
        if k is _K.FOLD:
            folded[s] = True
    _settle(played, facts, folded, adjust)
    return facts


def _settle(played: PlayedHand, facts: list[SeatFacts], folded: list[bool],
            adjust: bool) -> None:  # fmt: skip
    """Fill in each seat's showdown and winnings, in big blinds."""
    result = played.result
    assert result is not None
    n = played.players
    live = [s for s in range(n) if not folded[s]]
    showdown = len(live) >= 2
    bb = big_blind(played.rules)
    adjusted_won = _adjusted_won(played, live) if adjust and showdown else None
    for s in range(n):
        f = facts[s]
        f.showdown = showdown and not folded[s]
        f.won_at_showdown = f.showdown and result.won[s] > 0
        f.net = result.net[s] / bb
        if adjusted_won is not None:
            f.adjusted = (result.net[s] - result.won[s] + adjusted_won[s]) / bb
        else:
            f.adjusted = f.net


def _adjusted_won(played: PlayedHand, live: Sequence[int]) -> list[float] | None:
    """What each seat wins with every pot paid at its contenders' equity, when the
    betting ended before the river (``None`` otherwise, or when a contender's cards are
    unknown)."""
    events = played.events
    last = max((i for i, e in enumerate(events) if e.kind in _DECISIONS), default=-1)
    board = [c for e in events[:last] if e.kind is _K.BOARD for c in e.cards]
    if len(board) >= 5 or played.rules.wild is not None or played.rules.min_hole_cards:
        return None  # the equity of hold'em as cards speak only
    holes: dict[int, tuple[Card, ...]] = {}
    for e in events:
        known = e.kind is _K.DEAL and e.seat not in played.hidden
        if (known or e.kind is _K.SHOW) and e.cards:
            holes[e.seat] = tuple(e.cards)
    if any(len(holes.get(s, ())) != 2 for s in live):
        return None
    n = played.players
    put_in = [0] * n
    dead = 0
    for e in events:
        if e.kind in _CHIPS_IN:
            if e.kind is _K.ANTE and played.rules.dead_antes:
                dead += e.amount
            else:
                put_in[e.seat] += e.amount
        elif e.kind is _K.RETURN:
            put_in[e.seat] -= e.amount
    won = [0.0] * n
    levels = sorted({put_in[s] for s in live})
    below = 0
    for k, level in enumerate(levels):
        amount = sum(min(c, level) - min(c, below) for c in put_in) + (dead if k == 0 else 0)
        if k == len(levels) - 1:
            amount += sum(max(0, c - level) for c in put_in)  # folded chips above every live
        contenders = [s for s in live if put_in[s] >= level]
        below = level
        if not amount:
            continue
        if len(contenders) == 1:
            won[contenders[0]] += amount
            continue
        for s, share in zip(contenders, _equity([holes[s] for s in contenders], board),
                            strict=True):  # fmt: skip
            won[s] += amount * share
    return won


_EQUITY_CACHE: dict[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], tuple[float, ...]] = {}


def _equity(holes: Sequence[tuple[Card, ...]], board: Sequence[Card]) -> tuple[float, ...]:
    from pokerroom.equity import equity

    key = (tuple(tuple(int(c) for c in h) for h in holes), tuple(int(c) for c in board))
    cached = _EQUITY_CACHE.get(key)
    if cached is None:
        result = equity([list(h) for h in holes], list(board), exact=True)
        cached = tuple(p.equity for p in result.players)
        if len(_EQUITY_CACHE) < 100_000:
            _EQUITY_CACHE[key] = cached
    return cached


@dataclass(slots=True)
class Counts:
    """The counts of the statistics (all but the winnings) over the hands added: what a
    cache keeps per player without a list per hand (the room's, per person and
    opponent).  :meth:`stats` makes them a :class:`PlayerStats` (winnings 0)."""

    hands: int = 0
    vpip: Ratio = field(default_factory=Ratio)
    pfr: Ratio = field(default_factory=Ratio)
    three_bet: Ratio = field(default_factory=Ratio)
    fold_3bet: Ratio = field(default_factory=Ratio)
    cbet: Ratio = field(default_factory=Ratio)
    fold_cbet: Ratio = field(default_factory=Ratio)
    aggressive: int = 0
    calls: int = 0
    folds: int = 0
    wtsd: Ratio = field(default_factory=Ratio)
    wsd: Ratio = field(default_factory=Ratio)

    def add(self, f: SeatFacts) -> None:
        self.hands += 1
        if f.decided:
            self.vpip += Ratio(int(f.vpip), 1)
            self.pfr += Ratio(int(f.pfr), 1)
        if f.three_bet_chance:
            self.three_bet += Ratio(int(f.three_bet), 1)
        if f.fold_3bet_chance:
            self.fold_3bet += Ratio(int(f.fold_3bet), 1)
        if f.cbet_chance:
            self.cbet += Ratio(int(f.cbet), 1)
        if f.fold_cbet_chance:
            self.fold_cbet += Ratio(int(f.fold_cbet), 1)
        self.aggressive += f.aggressive
        self.calls += f.calls
        self.folds += f.folds
        if f.saw_flop:
            self.wtsd += Ratio(int(f.showdown), 1)
        if f.showdown:
            self.wsd += Ratio(int(f.won_at_showdown), 1)

    def stats(self, name: str, nets: Sequence[float] = (),
              adjusted: Sequence[float] = ()) -> PlayerStats:  # fmt: skip
        """These counts as ``name``'s statistics, with the winnings of ``nets`` and
        ``adjusted`` (big blinds per hand; none: 0)."""
        return PlayerStats(
            name, self.hands, self.vpip, self.pfr, self.three_bet, self.fold_3bet, self.cbet,
            self.fold_cbet, self.aggressive, self.calls, self.folds, self.wtsd, self.wsd,
            sum(nets), _per_100(nets), _per_100(adjusted),
        )  # fmt: skip


@dataclass(slots=True)
class _Tally(Counts):
    nets: list[float] = field(default_factory=list)
    adjusted: list[float] = field(default_factory=list)

    def add(self, f: SeatFacts) -> None:
        Counts.add(self, f)
        self.nets.append(f.net)
        self.adjusted.append(f.adjusted)


def _per_100(values: Sequence[float]) -> Interval:
    n = len(values)
    if not n:
        return Interval(0.0, None)
    mean = sum(values) / n
    if n < 2:
        return Interval(100 * mean, None)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return Interval(100 * mean, 100 * Z95 * math.sqrt(variance / n))


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's statistics (see the module doc for each definition)."""

    name: str
    hands: int
    vpip: Ratio
    pfr: Ratio
    three_bet: Ratio
    fold_to_three_bet: Ratio
    cbet: Ratio
    fold_to_cbet: Ratio
    aggressive: int
    calls: int
    folds: int
    wtsd: Ratio
    wsd: Ratio
    won: float  # big blinds over every hand
    bb100: Interval
    adjusted_bb100: Interval

    @property
    def af(self) -> float | None:
        """Aggression factor: post-flop bets and raises per call."""
        return self.aggressive / self.calls if self.calls else None

    def brief(self) -> str:
        """One line for a seat at the table: ``40 hands  VPIP 30  PFR 12  3B 5  AF 1.5
        WTSD 28`` (``-`` where there was no chance yet)."""

        def pct(r: Ratio) -> str:
            return "-" if r.percent is None else f"{r.percent:.0f}"

        af = "-" if self.af is None else f"{self.af:.1f}"
        return (f"{self.hands} hand{'s' if self.hands != 1 else ''}  VPIP {pct(self.vpip)}  "
                f"PFR {pct(self.pfr)}  3B {pct(self.three_bet)}  AF {af}  "
                f"WTSD {pct(self.wtsd)}")  # fmt: skip

    @property
    def afq(self) -> Ratio:
        """Aggression frequency: post-flop bets and raises over every post-flop decision
        but a check."""
        return Ratio(self.aggressive, self.aggressive + self.calls + self.folds)


def player_stats(
    hands: Iterable[PlayedHand], *, players: Sequence[str] | None = None, adjust: bool = True
) -> dict[str, PlayerStats]:
    """Every player's statistics over ``hands`` (players by name, in the order they are
    first met), or only those of ``players``.  ``adjust=False`` leaves out the all-in
    equity (the adjusted winnings are then the plain ones)."""
    tallies: dict[str, _Tally] = {}
    wanted = set(players) if players is not None else None
    for played in hands:
        for f in hand_facts(played, adjust=adjust):
            if wanted is None or f.name in wanted:
                tallies.setdefault(f.name, _Tally()).add(f)
    return {name: t.stats(name, t.nets, t.adjusted) for name, t in tallies.items()}
