"""The bots' question: what is my hand worth against N random hands on this board?

:func:`equity_vs_random` answers within a sample budget, in about a millisecond for a
thousand deals, so a bot can ask at every decision.  When every deal fits in the budget
(one opponent on the river: 990 hands) the answer is exact.

>>> import numpy as np
>>> e = equity_vs_random("AhAd", "", opponents=1, samples=2000, rng=np.random.default_rng(5))
>>> 0.82 < e.equity < 0.88, e.std_error < 0.01
(True, True)
>>> equity_vs_random("AhAd", "Ac Ks 7d 2c 4h", opponents=1, samples=1000).std_error
0.0
"""

from __future__ import annotations

from dataclasses import replace
from math import comb

import numpy as np
import numpy.typing as npt

from pokerroom.cards import Card, format_cards
from pokerroom.equity.calculator import CardsLike, read_cards
from pokerroom.equity.deals import EquityError
from pokerroom.equity.keys import boards_of, hole_keys, values
from pokerroom.equity.montecarlo import deal
from pokerroom.equity.result import PlayerEquity

__all__ = ["equity_vs_random"]


def equity_vs_random(
    hole: CardsLike,
    board: CardsLike = (),
    opponents: int = 1,
    samples: int = 1000,
    rng: np.random.Generator | None = None,
    *,
    dead: CardsLike = (),
    seed: int | None = None,
) -> PlayerEquity:
    """Equity of ``hole`` against ``opponents`` (1 to 9) hands dealt at random from the
    unseen cards, on ``board`` (0, 3, 4 or 5 cards), from at most ``samples`` deals.

    Monte Carlo with ``rng`` (or a generator seeded with ``seed``); exact when all deals
    number no more than ``samples``.  ``dead`` cards (folded, burned, seen) are out."""
    mine = read_cards(hole, "hole cards")
    table = read_cards(board, "board")
    gone = read_cards(dead, "dead cards")
    if len(mine) != 2:
        raise EquityError(f"hole cards are two cards, not {format_cards(mine)!r}")
    if len(table) not in (0, 3, 4, 5):
        raise EquityError(f"a board has 0, 3, 4 or 5 cards, not {format_cards(table)!r}")
    if not 1 <= opponents <= 9:
        raise EquityError(f"1 to 9 opponents, not {opponents}")
    if samples < 1:
        raise EquityError(f"samples must be at least 1, not {samples}")
    known = (*mine, *table, *gone)
    if len(set(known)) != len(known):
        twice = sorted({c for c in known if known.count(c) > 1})
        raise EquityError(f"the same card twice: {format_cards(twice)}")
    deck = np.array(sorted(set(range(52)) - set(known)), dtype=np.intp)
    to_come = 5 - len(table)
    need = 2 * opponents + to_come
    if need > len(deck):
        raise EquityError(f"{opponents} opponents and the board need {need} cards; "
                          f"{len(deck)} are unseen")
    label = format_cards(sorted(mine, reverse=True), "")
    if opponents == 1 and to_come == 0 and comb(len(deck), 2) <= samples:
        return _river_exact(label, mine, table, deck)
    generator = rng if rng is not None else np.random.default_rng(seed)
    dealt = deal(generator, len(deck), need, samples)
    boards = boards_of(dealt[2 * opponents :], table, deck)
    codes = deck.take(dealt[: 2 * opponents])
    hero = values(boards, hole_keys(mine[0], mine[1]))
    best = np.zeros(samples, dtype=np.uint16)
    level = np.zeros(samples, dtype=np.intp)  # opponents whose hand equals the hero's
    for k in range(opponents):
        v = values(boards, hole_keys(codes[2 * k], codes[2 * k + 1]))
        np.maximum(best, v, out=best)
        level += v == hero
    return _summary(label, hero, best, level)


def _summary(
    label: str, hero: npt.NDArray[np.uint16], best: npt.NDArray[np.uint16],
    level: npt.NDArray[np.intp],
) -> PlayerEquity:
    n = len(hero)
    win = hero > best
    tie = hero == best
    share = np.where(win, 1.0, np.where(tie, 1.0 / (1 + level), 0.0))
    mean = float(share.mean())
    err = float(share.std(ddof=1) / np.sqrt(n)) if n > 1 else 0.0
    return PlayerEquity(label, float(win.mean()), float(tie.mean()), mean, err)


def _river_exact(
    label: str, mine: tuple[Card, ...], table: tuple[Card, ...], deck: npt.NDArray[np.intp]
) -> PlayerEquity:
    i, j = np.triu_indices(len(deck), k=1)
    x, y = deck[i], deck[j]
    boards = boards_of(np.zeros((0, len(x)), dtype=np.intp), table)
    hero = values(boards, hole_keys(mine[0], mine[1]))
    opp = values(boards, hole_keys(x, y))
    # every deal counted: the spread of the shares is no error
    return replace(_summary(label, hero, opp, (opp == hero).astype(np.intp)), std_error=0.0)
