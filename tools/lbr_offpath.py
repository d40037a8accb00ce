"""Where LBR's bets meet ``cfr`` in heads-up no limit: on the strategy's path or off it.

Run: ``python tools/lbr_offpath.py [FILE.npz] --deals 2000 --seed 1`` (stacks of 100 big
blinds, blinds 50/100; the shipped strategy without FILE).  LBR plays the match of
:func:`pokerroom.tournament.lbr.lbr_match` against ``cfr`` playing the file, and each of
``cfr``'s decisions facing a bet is logged with: the street, the tree's label of the bet
(``r0`` half the pot, ``r1`` the pot, ``a`` all-in), the chance that the strategy itself,
as the bettor at the node before the bet, makes that bet (over its self-play range
there: below 1% the bet is off the strategy's path), and the chance the bot's own hand
folds, beside the most a defender may fold before any bluff of that size wins (the call
over the pot after calling).  ``--abstract OTHER.npz`` prints instead, node by node in
the abstract game, the two files' chances of folding to bets on and off the path (the
first file's self-play ranges, nodes it reaches one time in 10,000 or more).  How the
issue 37 diagnosis of the solver guide was measured.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from pokerroom.engine.view import PlayerView
from pokerroom.players import Player
from pokerroom.rules import Rules
from pokerroom.solver.nlpolicy import NoLimitPolicy, shipped_no_limit
from pokerroom.solver.nlstrategy import NoLimitStrategy
from pokerroom.solver.policy import Decision
from pokerroom.tournament.games import GameTask, play
from pokerroom.tournament.lbr import lbr_pair
from pokerroom.tournament.league import League
from pokerroom.tournament.seeds import derive

F64s = npt.NDArray[np.float64]
Row = tuple[int, str, float, float, float]
"""street, the bet's label, the bettor's self-play chance of it, fold, most to fold."""
OFF = 0.01


class _SelfPlay:
    """A strategy file's tree, average strategy and both players' self-play ranges."""

    def __init__(self, path: str) -> None:
        self.strategy = NoLimitStrategy.load(path)
        self.tree, self.sweeps = self.strategy.tree()
        self.avg = self.sweeps.normalise([p.astype(np.float64)
                                          for p in self.strategy.probabilities])  # fmt: skip
        self.ranges = [self.sweeps.ranges(p, self.avg) for p in (0, 1)]

    def facing(self, node: int) -> tuple[str, float, float]:
        """At a node facing a bet: the bet's label, the chance the bettor's range at the
        node before makes it, and the most the defender may fold (call / pot)."""
        pub, sw = self.tree.public, self.sweeps
        me = int(pub.kind[node])
        parent = int(pub.parent[node])
        index = list(self.tree.children[parent]).index(node)
        seg = int(pub.segment[node])
        bettor = self.ranges[1 - me][seg]
        taken = float(bettor[sw.rows[node]].sum() / max(bettor[sw.rows[parent]].sum(), 1e-300))
        c = self.tree.committed[node]
        return self.tree.labels[parent][index], taken, (c[1 - me] - c[me]) / (c[0] + c[1])


def match_rows(path: str, deals: int, seed: int) -> list[Row]:
    """LBR against ``cfr`` playing ``path``: each of the bot's decisions facing a bet."""
    selfplay = _SelfPlay(path)
    rows: list[Row] = []

    class Logged(NoLimitPolicy):
        def decide(self, view: PlayerView) -> Decision:
            decision = super().decide(view)
            _, node, _ = self.locate(view)
            if node and selfplay.tree.labels[node][0] == "f":
                label, taken, most = selfplay.facing(node)
                fold = decision.probabilities[0] if str(decision.actions[0]) == "fold" else 0.0
                rows.append((int(selfplay.tree.street[node]), label, taken, fold, most))
            return decision

    rules = Rules.preset("no-limit", blinds=(50, 100)).replace(buy_in=10_000, players=2)
    pair = lbr_pair(rules, "cfr", policy=Logged((selfplay.strategy,)))
    league = League(rules, ("measured", "other"), ("LBR", "cfr"), hands=2 * deals, seed=seed,
                    field=False)  # fmt: skip

    def build(task: GameTask) -> list[Player]:
        made = pair(derive(task.seed, "bot", task.bot_salt))
        return [made[e] for e in task.entrants]

    for task in league.tasks():
        play(task, build=build)
    return rows


def _line(name: str, rows: Sequence[Row]) -> str:
    if not rows:
        return f"{name}: none"
    taken = np.array([r[2] for r in rows])
    fold, most = np.array([r[3] for r in rows]), np.array([r[4] for r in rows])
    return (f"{name}: {len(rows):,} decisions; the bettor's self-play chance of the bet: "
            f"median {np.median(taken):.1%}, below {OFF:.0%} {np.mean(taken < OFF):.0%}; "
            f"cfr folds {fold.mean():.0%} (most to fold {most.mean():.0%})")  # fmt: skip


def report(rows: Sequence[Row]) -> None:
    for street, name in enumerate(("pre-flop", "flop", "turn", "river")):
        for label, size in (("r1", "the pot"), ("a", "all-in")):
            print(_line(f"{name}, facing {size}",
                        [r for r in rows if r[0] == street and r[1] == label]))  # fmt: skip
    pot = [r for r in rows if r[1] == "r1"]
    off = [r for r in pot if r[2] < OFF]
    folds = sum(r[3] for r in pot)
    print(_line("every bet of the pot", pot))
    print(_line(f"bets of the pot off the path (below {OFF:.0%})", off))
    print(f"share of cfr's folds to bets of the pot that are off the path: "
          f"{sum(r[3] for r in off) / max(folds, 1e-300):.1%}")  # fmt: skip
    allin = [r for r in rows if r[1] == "a"]
    print(_line("every all-in", allin))


def abstract(first: str, second: str) -> None:
    """Fold chances at the nodes facing a bet, the two files side by side."""
    a, b = _SelfPlay(first), _SelfPlay(second)
    pub, sw = a.tree.public, a.sweeps
    table: dict[tuple[int, str, str], list[tuple[float, float, float, float]]] = {}
    for node in range(1, len(a.tree)):
        me = int(pub.kind[node])
        if me > 1 or a.tree.labels[node][0] != "f":
            continue
        label, taken, most = a.facing(node)
        seg, row, d = int(pub.segment[node]), sw.rows[node], sw.decision_rows[node]
        parent = sw.rows[int(pub.parent[node])]
        mine = a.ranges[me][seg][row]
        reach = float(a.ranges[1 - me][seg][parent].sum() * mine.sum())
        if reach < 1e-4:
            continue
        w = mine / mine.sum()
        key = (int(a.tree.street[node]), label if label in ("r1", "a") else "r0",
               "off" if taken < OFF else "on")  # fmt: skip
        table.setdefault(key, []).append((reach, float(w @ a.avg[seg][d, 0]),
                                          float(w @ b.avg[seg][d, 0]), most))  # fmt: skip
    for key in sorted(table):
        m = np.array(table[key])
        wt = m[:, 0] / m[:, 0].sum()
        print(f"street {key[0]}, facing {key[1]}, {key[2]} the path: {len(m)} nodes; fold "
              f"{wt @ m[:, 1]:.1%} (first) {wt @ m[:, 2]:.1%} (second); most to fold "
              f"{wt @ m[:, 3]:.1%}")  # fmt: skip


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("file", nargs="?", default=str(shipped_no_limit(100)))
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--abstract", metavar="OTHER.npz")
    args = p.parse_args()
    if args.abstract:
        abstract(args.file, args.abstract)
        return
    start = time.process_time()
    rows = match_rows(args.file, args.deals, args.seed)
    print(f"{args.deals:,} deals, seed {args.seed}: {len(rows):,} decisions of cfr facing a "
          f"bet, {time.process_time() - start:,.0f} CPU s")  # fmt: skip
    report(rows)


if __name__ == "__main__":
    main()
