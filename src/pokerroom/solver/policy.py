"""A solved strategy played in the real game: from a seat's view to action probabilities.

:class:`Policy` maps what a seat sees (a :class:`~pokerroom.engine.PlayerView` of a
heads-up fixed-limit hand) onto the abstract game: the betting so far (the view's
events) is a node of the betting tree, the seat's hole cards and the board are a
bucket; the strategy there gives the probability of each legal action.  It answers only
where the strategy applies, and says why not elsewhere (:class:`OutsideStrategy`):
more than two players, other betting rules or limits, wild cards, stacks too short for
the tree (a player could be all-in), a betting sequence the tree does not have.  The
caller (the ``cfr`` bot) then plays another way.

>>> from pokerroom.engine import Hand
>>> from pokerroom.rules import Rules
>>> import random
>>> policy = Policy.shipped("casino-limit")
>>> hand = Hand(Rules.preset("casino-limit"), [100, 100], rng=random.Random(3))
>>> decision = policy.decide(hand.view(hand.to_act))
>>> [str(a) for a in decision.actions], round(sum(decision.probabilities), 6)
(['fold', 'call', 'raise to 4'], 1.0)
>>> policy.covers(Hand(Rules.preset("casino-limit"), [100] * 3).view(0))
'3 players: the strategy is for heads-up play'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from pokerroom.engine.actions import Action
from pokerroom.engine.view import PlayerView
from pokerroom.rules import Rules
from pokerroom.solver.betting import BETTING_EVENTS, fixed_actions
from pokerroom.solver.files import SHIPPED, shipped_strategy
from pokerroom.solver.strategy import Strategy, decision_rows

__all__ = ["Decision", "OutsideStrategy", "Policy", "betting_differences"]


class OutsideStrategy(ValueError):  # noqa: N818 - a situation, not a failure
    """The view is not a situation the strategy covers; the message says why."""


@dataclass(frozen=True, slots=True)
class Decision:
    """The strategy's answer: each legal action (the engine's order) with its
    probability, and where in the abstraction the view fell."""

    actions: tuple[Action, ...]
    probabilities: tuple[float, ...]
    bucket: int
    betting: str  # the betting so far, like "cr/kb"

    def sample(self, rng: random.Random) -> Action:
        """One action drawn with the strategy's probabilities from ``rng``."""
        return rng.choices(self.actions, self.probabilities)[0]

    def as_dict(self) -> dict[Action, float]:
        return dict(zip(self.actions, self.probabilities, strict=True))


_BETTING_FIELDS = (
    "structure", "units", "raise_caps", "straddle_counts", "blinds", "button_blind",
    "heads_up_reversed", "straddle", "check_raise", "all_in_only_when_short",
    "min_hole_cards", "wild",
)  # fmt: skip


def _signature(rules: Rules) -> dict[str, object]:
    out: dict[str, object] = {f: getattr(rules, f) for f in _BETTING_FIELDS}
    blinds = list(rules.blinds)
    while blinds and not blinds[-1]:
        blinds.pop()
    out["blinds"] = tuple(blinds)
    out["antes"] = rules.ante_amounts(2)
    return out


def betting_differences(mine: Rules, theirs: Rules) -> list[str]:
    """What in ``theirs`` changes the heads-up game ``mine`` was solved for."""
    a, b = _signature(mine), _signature(theirs)
    return [f"{k} is {b[k]!r} here, {a[k]!r} in the strategy" for k in a if a[k] != b[k]]


class Policy:
    """A :class:`~pokerroom.solver.strategy.Strategy` played from views (see the
    module)."""

    def __init__(self, strategy: Strategy) -> None:
        self.strategy = strategy
        self.tree = strategy.tree
        self._rows, _ = decision_rows(strategy.tree)

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        return cls(Strategy.load(path))

    @classmethod
    def shipped(cls, preset: str) -> Policy:
        """The strategy shipped for a preset (``casino-limit`` or ``computer-tournament``)."""
        if preset not in SHIPPED:
            raise OutsideStrategy(
                f"no strategy ships for {preset!r} (strategies: {', '.join(SHIPPED)})"
            )
        return cls.load(shipped_strategy(preset))

    @property
    def rules(self) -> Rules:
        return self.strategy.rules

    @property
    def description(self) -> str:
        s = self.strategy
        sizes = ",".join(map(str, s.abstraction.sizes))
        exploit = f", {s.history[-1][1]:.1f} mbb/h from equilibrium" if s.history else ""
        return (
            f"CFR strategy for heads-up {s.rules}: buckets {sizes}, "
            f"{s.iterations:,} iterations of {s.method}{exploit} in the abstract game"
        )

    def covers(self, view: PlayerView) -> str | None:
        """None when :meth:`decide` can answer ``view``; else why not."""
        try:
            self._locate(view)
        except OutsideStrategy as exc:
            return str(exc)
        return None

    def decide(self, view: PlayerView) -> Decision:
        """The strategy's probabilities over the legal actions of ``view`` (the seat must
        be to act).  Raises :class:`OutsideStrategy` when it does not apply."""
        node = self._locate(view)
        street = int(self.tree.street[node])
        board = tuple(int(c) for c in view.board)
        hole = (int(view.hole[0]), int(view.hole[1]))
        bucket = self.strategy.abstraction.bucket(hole, board)
        actions = self.tree.actions[node]
        column = self.strategy.probabilities[street][self._rows[node], : len(actions), bucket]
        total = float(column.sum())
        if total > 0:
            probs = tuple(float(p) / total for p in column)
        else:
            probs = (1.0 / len(actions),) * len(actions)
        return Decision(actions, probs, bucket, self.tree.path(node))

    def _locate(self, view: PlayerView) -> int:
        """The tree node of ``view``, or OutsideStrategy saying why there is none."""
        if view.players != 2:
            raise OutsideStrategy(f"{view.players} players: the strategy is for heads-up play")
        differences = betting_differences(self.rules, view.rules)
        if differences:
            raise OutsideStrategy(
                f"other rules than the strategy's ({self.rules}): " + "; ".join(differences)
            )
        if view.legal is None or view.to_act != view.seat:
            raise OutsideStrategy(f"seat {view.seat} is not to act")
        if len(view.hole) != 2:
            raise OutsideStrategy(f"seat {view.seat} holds {len(view.hole)} cards, not 2")

        def player(seat: int) -> int:
            return 0 if seat == view.button else 1

        events = [(player(e.seat), e.kind) for e in view.events if e.kind in BETTING_EVENTS]
        try:
            node = self.tree.follow(events)
        except KeyError as exc:
            raise OutsideStrategy(str(exc.args[0])) from None
        me = player(view.seat)
        if self.tree.kind[node] != me:
            raise OutsideStrategy(f"the betting so far ({self.tree.path(node)}) is not seat "
                                  f"{view.seat}'s turn in the tree")  # fmt: skip
        most = self.tree.most[node]
        for seat in (0, 1):
            have = view.stacks[seat] + view.committed[seat]
            need = most[player(seat)]
            if have < need:
                raise OutsideStrategy(
                    f"seat {seat} has {have} chips in all; the strategy's tree needs {need} "
                    f"from here (a player could be all-in)"
                )
        legal = fixed_actions(view.legal)
        if [str(a) for a in legal] != [str(a) for a in self.tree.actions[node]]:
            raise OutsideStrategy(
                f"the legal actions ({view.legal}) are not the tree's "
                f"({', '.join(map(str, self.tree.actions[node]))})"
            )
        return node
