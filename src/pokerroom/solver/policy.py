"""A solved strategy played in the real game: from a seat's view to action probabilities.

:class:`Policy` maps what a seat sees (a :class:`~pokerroom.engine.PlayerView` of a
heads-up fixed-limit hand) onto the abstract game: the betting so far (the view's
events) is a node of the betting tree, the seat's hole cards and the board are a
bucket; the strategy there gives the probability of each legal action.  It answers only
where the strategy applies, and says why not elsewhere (:class:`OutsideStrategy`):
more than two players, other betting rules or limits, wild cards, stacks too short for
the tree (a player could be all-in), a betting sequence the tree does not have.  The
caller (the ``cfr`` bot) then plays another way.  A table down to two players is
heads-up: the seats that are out are left out (:func:`heads_up`).

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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from pokerroom.engine.actions import Action, LegalActions
from pokerroom.engine.view import PlayerView
from pokerroom.rules import Rules
from pokerroom.solver.betting import BETTING_EVENTS, fixed_actions
from pokerroom.solver.files import SHIPPED, shipped_strategy
from pokerroom.solver.strategy import Strategy, decision_rows

__all__ = ["Decision", "OutsideStrategy", "Policy", "betting_differences", "heads_up", "outside"]

F64s = npt.NDArray[np.float64]
T = TypeVar("T")


class OutsideStrategy(ValueError):  # noqa: N818 - a situation, not a failure
    """The view is not a situation the strategy covers; the message says why, ``kind``
    names the reason in a word: ``players``, ``rules``, ``turn``, ``cards``, ``betting``,
    ``stacks`` or ``actions`` (``preset`` where no strategy ships)."""

    def __init__(self, message: str, kind: str = "rules") -> None:
        super().__init__(message)
        self.kind = kind


def outside(locate: Callable[[PlayerView], object], view: PlayerView) -> str | None:
    """Why ``locate`` finds no place for ``view`` in a strategy (the message of its
    :class:`OutsideStrategy`), or ``None`` when it does: a policy's ``covers``."""
    try:
        locate(view)
    except OutsideStrategy as exc:
        return str(exc)
    return None


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


def heads_up(view: PlayerView) -> PlayerView:
    """``view`` with only the seats dealt in, renumbered in seat order, when exactly two
    of more seats were (a table where the others are out: they have no chips and put none
    in); else ``view`` itself."""
    return _heads_up(view)[0]


def _heads_up(view: PlayerView) -> tuple[PlayerView, tuple[int, ...]]:
    """:func:`heads_up`, and the table seat of each seat of the view it returns."""
    n = view.players
    stacks, committed = view.stacks, view.committed
    seats = tuple(s for s in range(n) if stacks[s] + committed[s] > 0)
    if n == 2 or len(seats) != 2:
        return view, tuple(range(n))
    index = {s: i for i, s in enumerate(seats)}
    a, b = seats

    def pick(values: tuple[T, ...]) -> tuple[T, ...]:
        return (values[a], values[b])

    legal = view.legal
    if legal is not None and legal.seat in index:
        legal = LegalActions(index[legal.seat], legal.street, legal.kinds, legal.to_call,
                             legal.call, legal.min_to, legal.max_to, legal.values,
                             legal.why)  # fmt: skip
    events = tuple(e if e.seat < 0 else e._replace(seat=index.get(e.seat, -1))
                   for e in view.events)  # fmt: skip
    return PlayerView(
        rules=view.rules, seat=index.get(view.seat, -1), button=index.get(view.button, -1),
        street=view.street, hole=view.hole, board=view.board,
        stacks=pick(view.stacks), bets=pick(view.bets), committed=pick(committed),
        folded=pick(view.folded), all_in=pick(view.all_in), shown=pick(view.shown),
        to_act=None if view.to_act is None else index.get(view.to_act, -1),
        legal=legal, events=events, result=None, to_match=view.to_match,
    ), seats  # fmt: skip


class Policy:
    """A :class:`~pokerroom.solver.strategy.Strategy` played from views (see the
    module)."""

    def __init__(self, strategy: Strategy) -> None:
        self.strategy = strategy
        self.tree = strategy.tree
        self._rows, _ = decision_rows(strategy.tree)

    def __deepcopy__(self, memo: dict[int, object]) -> Policy:
        return self  # read-only: a copy of a player shares its strategy

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        return cls(Strategy.load(path))

    @classmethod
    def shipped(cls, preset: str) -> Policy:
        """The strategy shipped for a preset (``casino-limit`` or ``computer-tournament``)."""
        if preset not in SHIPPED:
            raise OutsideStrategy(
                f"no strategy ships for {preset!r} (strategies: {', '.join(SHIPPED)})",
                "preset",
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
        return outside(self.locate, view)

    def decide(self, view: PlayerView) -> Decision:
        """The strategy's probabilities over the legal actions of ``view`` (the seat must
        be to act).  Raises :class:`OutsideStrategy` when it does not apply."""
        node = self.locate(view)
        board = tuple(int(c) for c in view.board)
        hole = (int(view.hole[0]), int(view.hole[1]))
        bucket = self.strategy.abstraction.bucket(hole, board)
        probs = tuple(float(p) for p in self.table(node)[:, bucket])
        return Decision(self.tree.actions[node], probs, bucket, self.tree.path(node))

    def probabilities(self, node: int, board: tuple[int, ...]) -> F64s:
        """(actions, 1326): the strategy's probability of each action at decision
        ``node`` for every combination (combination index order) on ``board``, as
        :meth:`decide` gives it; columns of zeros for combinations that share a card with
        the board."""
        table = self.table(node)
        buckets = self.strategy.abstraction.buckets(board)
        out: F64s = np.where(buckets >= 0, table[:, np.maximum(buckets, 0)], 0.0)
        return out

    def table(self, node: int) -> F64s:
        """(actions, buckets): the strategy at decision ``node`` for each bucket of its
        round (uniform for a bucket whose probabilities are all zero)."""
        street = int(self.tree.street[node])
        width = len(self.tree.actions[node])
        table = self.strategy.probabilities[street][self._rows[node], :width, :]
        table = table.astype(np.float64)
        sums = table.sum(axis=0)
        out: F64s = np.where(sums > 0, table / np.where(sums > 0, sums, 1.0), 1.0 / width)
        return out

    def locate(self, view: PlayerView) -> int:
        """The tree node of ``view`` (its seat to act), or :class:`OutsideStrategy`
        saying why there is none."""
        view, seats = _heads_up(view)
        if view.players != 2:
            dealt = sum(1 for s, c in zip(view.stacks, view.committed, strict=True) if s + c)
            raise OutsideStrategy(f"{dealt} players: the strategy is for heads-up play",
                                  "players")  # fmt: skip
        differences = betting_differences(self.rules, view.rules)
        if differences:
            raise OutsideStrategy(
                f"other rules than the strategy's ({self.rules}): " + "; ".join(differences)
            )
        if view.legal is None or view.to_act != view.seat:
            raise OutsideStrategy(f"seat {seats[view.seat]} is not to act", "turn")
        if len(view.hole) != 2:
            raise OutsideStrategy(
                f"seat {seats[view.seat]} holds {len(view.hole)} cards, not 2", "cards"
            )

        def player(seat: int) -> int:
            return 0 if seat == view.button else 1

        events = [(player(e.seat), e.kind) for e in view.events if e.kind in BETTING_EVENTS]
        try:
            node = self.tree.follow(events)
        except KeyError as exc:
            raise OutsideStrategy(str(exc.args[0]), "betting") from None
        me = player(view.seat)
        if self.tree.kind[node] != me:
            raise OutsideStrategy(f"the betting so far ({self.tree.path(node)}) is not seat "
                                  f"{seats[view.seat]}'s turn in the tree", "betting")  # fmt: skip
        most = self.tree.most[node]
        for seat in (0, 1):
            have = view.stacks[seat] + view.committed[seat]
            need = most[player(seat)]
            if have < need:
                raise OutsideStrategy(
                    f"seat {seats[seat]} has {have} chips in all; the strategy's tree needs "
                    f"{need} from here (a player could be all-in)",
                    "stacks",
                )
        legal = fixed_actions(view.legal)
        if [str(a) for a in legal] != [str(a) for a in self.tree.actions[node]]:
            raise OutsideStrategy(
                f"the legal actions ({view.legal}) are not the tree's "
                f"({', '.join(map(str, self.tree.actions[node]))})",
                "actions",
            )
        return node
