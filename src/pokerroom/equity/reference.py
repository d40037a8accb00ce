"""The slow equity oracle: every holding, every board, one hand at a time.

Plain Python over the scalar evaluator :func:`~pokerroom.evaluator.rank7`, written straight
from the definition: each possible holding (one hand per player, no card twice) weighs the
product of its players' weights; each board that can still come weighs the same; a player
with the best hand alone wins, and a pot split k ways gives each of the k a k-th.  Nothing
here shares code with the fast paths; the tests compare them on spots small enough for
this to finish (a flop or turn given, narrow ranges).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from pokerroom.evaluator import rank7
from pokerroom.ranges import Range

__all__ = ["reference_equity"]


def reference_equity(
    ranges: Sequence[Range], board: Sequence[int] = (), dead: Sequence[int] = ()
) -> list[tuple[float, float, float]]:
    """``(win, tie, equity)`` per player, as fractions of all weighted deals."""
    known = {int(c) for c in (*board, *dead)}
    hands = [
        [((int(a), int(b)), w) for (a, b), w in r.items() if not {int(a), int(b)} & known]
        for r in ranges
    ]
    n = len(ranges)
    wins, ties, shares = [0.0] * n, [0.0] * n, [0.0] * n
    total = 0.0
    for holding in product(*hands):
        cards = [c for pair, _ in holding for c in pair]
        if len(set(cards)) != len(cards):
            continue
        weight = 1.0
        for _, w in holding:
            weight *= w
        rest = [c for c in range(52) if c not in known and c not in cards]
        for extra in combinations(rest, 5 - len(board)):
            full = [*board, *extra]
            vals = [rank7([a, b, *full]) for (a, b), _ in holding]
            best = max(vals)
            k = vals.count(best)
            for i, v in enumerate(vals):
                if v == best:
                    if k == 1:
                        wins[i] += weight
                    else:
                        ties[i] += weight
                    shares[i] += weight / k
            total += weight
    if not total:
        raise ValueError("no deal is possible")
    return [(wins[i] / total, ties[i] / total, shares[i] / total) for i in range(n)]
