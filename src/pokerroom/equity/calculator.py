"""The equity question, checked, and the choice between exact and Monte Carlo.

>>> r = equity(["AhKh", "QsQc"])
>>> r.exact, r.deals, round(r.players[0].equity, 4)
(True, 1712304, 0.4621)
>>> exact = equity(["QQ+, AKs", "random"], "Ks7d2c")
>>> exact.exact, round(exact.players[0].equity, 4)
(True, 0.8725)
>>> r = equity(["QQ+, AKs", "random"], "Ks7d2c", samples=20_000, seed=1)
>>> r.exact, r.deals, abs(r.players[0].equity - 0.8725) < 4 * r.players[0].std_error
(False, 20000, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import numpy as np

from pokerroom.cards import JOKER, Card, CardError, format_cards, parse_cards
from pokerroom.equity.deals import EquityError, Spot, holdings, seat_of
from pokerroom.equity.exact import Enumeration, Tally
from pokerroom.equity.montecarlo import StopRule, simulate, standard_errors
from pokerroom.equity.result import EquityResult, PlayerEquity
from pokerroom.ranges import Range

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "HOLDING_LIMIT",
    "CardsLike",
    "HandLike",
    "equity",
    "read_cards",
    "read_range",
]

EXACT_LIMIT: Final = 100_000_000
"""Automatic choice: exact when enumeration takes at most this many work units (about one
hand evaluation each of the plain enumeration; some 0.5 s on a 2-core test machine), by
:meth:`Enumeration.work`'s estimate of the way it takes (pre-flop, rank patterns and flush
classes), otherwise Monte Carlo.  Hand against hand pre-flop is 0.8 million; AA against KK
1.1 million (three suit orbits); 22+ against AKo 15 million; QQ+,AKs against a random hand
on a flop 50 million; AA against a random hand pre-flop 154 million (469 orbits: Monte
Carlo)."""
HOLDING_LIMIT: Final = 2_000_000
"""Holdings are listed (for exact work, or to draw from by weight) when the product of the
players' range sizes is at most this; beyond it, Monte Carlo draws and rejects clashes."""
DEFAULT_SAMPLES: Final = 100_000
"""Monte Carlo deals when no stopping rule is given."""
MAX_PLAYERS: Final = 10

HandLike = Range | str | Sequence[int]
CardsLike = str | Sequence[int]
Progress = Callable[[int, int | None], None]


def read_cards(cards: CardsLike, what: str) -> tuple[Card, ...]:
    """Cards from text or codes, checked: distinct, no joker."""
    if isinstance(cards, str):
        out = tuple(parse_cards(cards, allow_empty=True))
    else:
        out = tuple(Card(c) for c in cards)
        if len(set(out)) != len(out):
            raise CardError(f"the same card twice in the {what}: {format_cards(out)}")
    if any(c == JOKER for c in out):
        raise EquityError(f"the joker has no place in hold'em equity (in the {what})")
    return out


def read_range(hand: HandLike) -> Range:
    """A player's range: a :class:`Range`, range text (two cards may be written apart,
    ``"Ah Kh"``), or two card codes."""
    if isinstance(hand, Range):
        return hand
    if isinstance(hand, str):
        try:
            cards = parse_cards(hand)
        except CardError:
            return Range.parse(hand)
        if len(cards) == 2:
            return Range.of(cards[0], cards[1])
        return Range.parse(hand)
    cards = [Card(c) for c in hand]
    if len(cards) != 2 or cards[0] == cards[1] or JOKER in cards:
        raise EquityError(f"a hand is two different cards, not {format_cards(cards)!r}")
    return Range.of(cards[0], cards[1])


def _spot(
    ranges: list[Range], board: tuple[Card, ...], dead: tuple[Card, ...]
) -> Spot:
    n = len(ranges)
    if not 2 <= n <= MAX_PLAYERS:
        raise EquityError(f"equity needs 2 to {MAX_PLAYERS} players, not {n}")
    if len(board) not in (0, 3, 4, 5):
        raise EquityError(
            f"a board has 0, 3, 4 or 5 cards, not {len(board)}: {format_cards(board)!r}"
        )
    both = set(board) & set(dead)
    if both:
        raise EquityError(f"on the board and dead at once: {format_cards(sorted(both))}")
    gone = set(board) | set(dead)
    live = np.array([c for c in range(52) if c not in gone], dtype=np.intp)
    need = 2 * n + 5 - len(board)
    if need > len(live):
        raise EquityError(
            f"{n} players and the rest of the board need {need} cards; {len(live)} are live"
        )
    seats = []
    for i, r in enumerate(ranges):
        if not r:
            raise EquityError(
                f"player {i + 1} has no hand: every hand of the range has weight 0"
            )
        left = r.without(gone)
        if not left:
            raise EquityError(
                f"player {i + 1} ({r}) has no hand left: each holds a board or dead card"
            )
        seats.append(seat_of(left))
    return Spot(seats, tuple(int(c) for c in board), tuple(int(c) for c in dead), live,
                5 - len(board))


def _clash(ranges: list[Range]) -> str:
    """Why no holding is possible: name a card two single hands share, if any."""
    owners: dict[Card, int] = {}
    for i, r in enumerate(ranges, 1):
        if len(r) == 1:
            for card in next(iter(r)):
                if card in owners:
                    return f"{card} is in the hands of players {owners[card]} and {i}"
                owners[card] = i
    return "no deal is possible: the ranges always share a card"


def equity(
    players: Sequence[HandLike],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    exact: bool | None = None,
    samples: int | None = None,
    target_error: float | None = None,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
    rng: np.random.Generator | None = None,
    seed: int | None = None,
    exact_limit: int = EXACT_LIMIT,
    progress: Progress | None = None,
) -> EquityResult:
    """Each player's chance to win, to tie, and share of the pot.

    ``players``: 2 to 10 hands or ranges (``"AhKh"``, ``"QQ+, AKs"``, a :class:`Range`, or
    two card codes).  ``board``: 0, 3, 4 or 5 cards; ``dead``: cards out of play.  Hands
    that clash with the board or dead cards leave the ranges; hands that clash with each
    other are excluded jointly (every holding counts by the product of its weights).

    How: ``exact=True`` enumerates every deal; ``exact=False`` is Monte Carlo.  With
    ``exact=None`` (the default), giving a stopping rule (``samples``, ``target_error``,
    ``time_budget``) means Monte Carlo; giving none means exact when that takes at most
    ``exact_limit`` work units (:data:`EXACT_LIMIT`), else Monte Carlo for
    :data:`DEFAULT_SAMPLES` deals.

    Monte Carlo stops at the first of: ``samples`` deals, every standard error at most
    ``target_error``, or ``time_budget`` spent by the caller's ``clock`` (such as
    ``time.perf_counter``: the core reads no clock of its own).  Randomness comes only from
    ``rng`` or a generator seeded with ``seed`` (neither: fresh entropy).  ``progress(done,
    total)`` is called as the work advances (``total`` None when open-ended).
    """
    ranges = [read_range(p) for p in players]
    board_cards = read_cards(board, "board")
    dead_cards = read_cards(dead, "dead cards")
    rule_given = samples is not None or target_error is not None or time_budget is not None
    if exact and rule_given:
        raise EquityError("exact enumeration takes no samples, target error or time budget")
    _check_stop_rule(samples, target_error, time_budget, clock)
    if rng is not None and seed is not None:
        raise EquityError("give a random generator or a seed, not both")
    spot = _spot(ranges, board_cards, dead_cards)
    held = holdings(spot.seats, HOLDING_LIMIT)
    if held is not None and not len(held):
        raise EquityError(_clash(ranges))
    # one enumeration for work() and run(): it keeps the suit orbits it folds
    wanted = exact if exact is not None else not rule_given
    enumeration = Enumeration(spot, held) if wanted and held is not None else None
    use_exact = exact
    if exact is None:
        use_exact = enumeration is not None and enumeration.work(exact_limit) <= exact_limit
    if use_exact:
        if enumeration is None:
            raise EquityError(
                f"too many holdings to enumerate (over {HOLDING_LIMIT:,}); use Monte Carlo"
            )
        tally = enumeration.run(progress)
    else:
        rule = StopRule(
            samples if rule_given else DEFAULT_SAMPLES, target_error, time_budget, clock
        )
        generator = rng if rng is not None else np.random.default_rng(seed)
        tally = simulate(spot, held, generator, rule, progress)
    return _result(ranges, board_cards, dead_cards, tally, bool(use_exact))


def _check_stop_rule(
    samples: int | None,
    target_error: float | None,
    time_budget: float | None,
    clock: Callable[[], float] | None,
) -> None:
    """Refuse a Monte Carlo stopping rule that cannot stop: no sample, no error, no time,
    or a time budget without the caller's clock."""
    if samples is not None and samples < 1:
        raise EquityError(f"samples must be at least 1, not {samples}")
    if target_error is not None and not target_error > 0:
        raise EquityError(f"the target error must be above 0, not {target_error}")
    if time_budget is not None and not time_budget > 0:
        raise EquityError(f"the time budget must be above 0 seconds, not {time_budget}")
    if time_budget is not None and clock is None:
        raise EquityError("a time budget needs the caller's clock, e.g. clock=time.perf_counter")


def _result(
    ranges: list[Range],
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    tally: Tally,
    exact: bool,
) -> EquityResult:
    counts, total = tally.counts, tally.total
    n = len(ranges)
    shares = (counts[:, 1:] / np.arange(1, n + 1)).sum(axis=1) / total
    if tally.squares is None:  # exact: no error
        errors = np.zeros(n)
    else:
        errors = standard_errors(counts, tally.squares, tally.deals)
    players = tuple(
        PlayerEquity(
            str(r),
            float(counts[i, 1] / total),
            float(counts[i, 2:].sum() / total),
            float(shares[i]),
            float(errors[i]),
        )
        for i, r in enumerate(ranges)
    )
    return EquityResult(players, board, dead, exact, tally.deals)
