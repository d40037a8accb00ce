"""A solved heads-up no-limit strategy played in the real game.

:class:`NoLimitPolicy` holds strategies for a few stack depths (100 and 200 big blinds
ship) and answers a heads-up no-limit view from the one whose depth is nearest the
effective stack (the smaller of the two players' chips, in big blinds), between the
smallest and the largest depth.  The betting so far is followed down the strategy's
tree: checks and calls are the tree's; a bet or raise of any size is read as one of the
tree's sizes at that node by the randomised pseudo-harmonic translation
(:func:`~pokerroom.solver.nolimit.translate`), an all-in as the all-in.  A bet that is
not all-in is a candidate for the tree's all-in only once the bettor has put in at least
half of the effective stack (or when the tree has no other raise left); below that, a
bet past the largest other size is that size.  (The all-in as a size, dozens of pots
away, took about one in eight raises of 1.25 pots at 200 big blinds: the strategy then
folds nearly everything, as it should to a shove, against a raise of a twentieth of the
stack; in matches against ``strong`` those hands lost more than the same raises read as
the pot-sized raise.)  The draw is seeded by the player's hole cards, the hand's events
up to that bet and a salt: every later decision of the hand reads the bet the same way,
and the same betting in other hands is read afresh (seeded by the events alone, one
betting line was read one way in every hand: a raise between two sizes was always one of
them, never the mix).  The strategy's own sizes are played as the same pot fractions of
the real pot, within the legal limits.

With ``defend`` the policy plays *minimum defence* (:mod:`~pokerroom.solver.defence`):
facing a bet or raise, when its range (the likelihood of each holding by its own earlier
actions in the hand, as :meth:`NoLimitPolicy.every_holding` gives them) would fold more
than the bet's chips over the pot with them in, the fold of its strongest folding buckets
goes to the call until it folds no more.  :meth:`NoLimitPolicy.every_holding` and
:meth:`NoLimitPolicy.decide` apply it alike (answers kept per public betting history).
After an off-tree bet every holding reads it by its own draw: the betting is walked once
for all holdings together, a group splitting only where a bet is drawn, and each draw is
kept for the rest of the hand (the same numbers as drawn afresh; a decision facing a flop
bet after an open off the tree took 6 ms of CPU this way, 55 ms walking each holding
alone).

Where it does not apply it raises :class:`~pokerroom.solver.policy.OutsideStrategy`
saying why: more than two players, fixed or pot limit, antes, straddles or wild cards,
stacks outside the solved depths, or betting the tree no longer follows (a raise where
the tree has none left, betting after the tree's all-in).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pokerroom.engine.actions import Action, ActionKind
from pokerroom.engine.events import Event, EventKind
from pokerroom.engine.view import PlayerView
from pokerroom.ranges import COMBO_COUNT, combo_cards, combo_index
from pokerroom.rules import Rules, Structure
from pokerroom.solver.defence import floor, most_to_fold, own_decisions
from pokerroom.solver.files import data_dir
from pokerroom.solver.nlholdem import DEPTHS
from pokerroom.solver.nlstrategy import NoLimitStrategy
from pokerroom.solver.nolimit import (
    ALL_IN,
    CALL,
    CHECK,
    FOLD,
    NoLimitTree,
    translation_odds,
)
from pokerroom.solver.policy import Decision, OutsideStrategy, heads_up, outside
from pokerroom.solver.tree import CHANCE

__all__ = ["NoLimitPolicy", "no_limit_problem", "shipped_no_limit"]

F64s = npt.NDArray[np.float64]
_FORCED = frozenset({EventKind.ANTE, EventKind.BLIND, EventKind.STRADDLE})
_BETTING = frozenset({EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET,
                      EventKind.RAISE})  # fmt: skip


def shipped_no_limit(depth: int) -> Path:
    """The shipped strategy file for stacks of ``depth`` big blinds."""
    return data_dir() / f"holdem-nl-{depth}.npz"


def no_limit_problem(rules: Rules) -> str | None:
    """Why the no-limit strategies do not play under ``rules`` (None: they do)."""
    if rules.structure is not Structure.NO_LIMIT:
        return f"the betting is {rules.structure.value}: the strategies are for no limit"
    if rules.wild is not None or rules.min_hole_cards:
        return "wild cards or a minimum of hole cards: the strategies are for plain hold'em"
    if any(rules.ante_amounts(2)) or rules.straddle:
        return "antes or a straddle: the strategies are for two blinds"
    return None


class _Played:
    """One depth's strategy with its tree and the solver's row layout."""

    def __init__(self, strategy: NoLimitStrategy) -> None:
        self.strategy = strategy
        self.tree: NoLimitTree
        self.tree, sweeps = strategy.tree()
        self.rows = sweeps.decision_rows
        self.width = sweeps.width


class NoLimitPolicy:
    """Strategies by depth played from views (see the module).  Each is given, or
    loaded from its file the first time a stack needs it (:meth:`played`); ``defend``:
    with minimum defence."""

    def __init__(self, strategies: Sequence[NoLimitStrategy] = (), salt: str = "",
                 *, files: dict[int, Path] | None = None,
                 defend: bool = False) -> None:  # fmt: skip
        self.defend = defend
        self._memo: dict[tuple[object, ...], tuple[tuple[Action, ...], F64s]] = {}
        self._draws: dict[str, float] = {}
        self._played = {s.depth: _Played(s) for s in strategies}
        self._files = dict(files or {})
        self.depths = tuple(sorted({*self._played, *self._files}))
        if not self.depths:
            raise ValueError("no strategies")
        self.salt = salt

    def __deepcopy__(self, memo: dict[int, object]) -> NoLimitPolicy:
        return self  # read-only

    @classmethod
    def shipped(cls, *, defend: bool = True) -> NoLimitPolicy:
        """The strategies shipped with the package, played with minimum defence unless
        ``defend`` is false (the ``cfr`` bot's: it lowers LBR's win, see the solver's
        guide)."""
        return cls(files={d: shipped_no_limit(d) for d in DEPTHS}, defend=defend)

    def played(self, depth: int) -> _Played:
        """The strategy for ``depth`` (one of :attr:`depths`), loaded once."""
        if depth not in self._played:
            self._played[depth] = _Played(NoLimitStrategy.load(self._files[depth]))
        return self._played[depth]

    def nearest(self, big_blinds: float) -> int | None:
        """The solved depth nearest an effective stack of ``big_blinds`` (None outside
        the solved depths)."""
        if not self.depths[0] <= big_blinds <= self.depths[-1]:
            return None
        return min(self.depths, key=lambda d: (abs(d - big_blinds), d))

    @property
    def description(self) -> str:
        parts = [f"{d}bb ({p.strategy.iterations:,} iterations of {p.strategy.method})"
                 for d, p in ((d, self.played(d)) for d in self.depths)]  # fmt: skip
        return "CFR strategies for heads-up no limit: " + ", ".join(parts)

    def covers(self, view: PlayerView) -> str | None:
        """None when :meth:`decide` can answer ``view``; else why not."""
        return outside(self.locate, view)

    def locate(self, view: PlayerView) -> tuple[_Played, int, PlayerView]:
        """The strategy, the tree node of ``view`` (its seat to act) and the heads-up
        view, or :class:`OutsideStrategy` saying why there is none."""
        played, node, view, _ = self._locate(view)
        return played, node, view

    def _locate(self, view: PlayerView) -> tuple[_Played, int, PlayerView, bool]:
        """:meth:`locate`, and whether a bet on the way was read by a draw."""
        view = heads_up(view)
        if view.players != 2:
            raise OutsideStrategy(f"{view.players} players: the strategy is for heads-up play",
                                  "players")  # fmt: skip
        problem = no_limit_problem(view.rules)
        if problem:
            raise OutsideStrategy(problem, "rules")
        if view.legal is None or view.to_act != view.seat:
            raise OutsideStrategy(f"seat {view.seat} is not to act", "turn")
        if len(view.hole) != 2:
            raise OutsideStrategy(f"seat {view.seat} holds {len(view.hole)} cards, not 2",
                                  "cards")  # fmt: skip
        big = max(view.rules.blinds[:2]) if view.rules.blinds else 0
        if big <= 0:
            raise OutsideStrategy("no big blind: the strategies are for two blinds", "rules")
        start = [view.stacks[s] + view.committed[s] for s in (0, 1)]
        depth = min(start) / big
        nearest = self.nearest(depth)
        if nearest is None:
            raise OutsideStrategy(
                f"an effective stack outside {self.depths[0]} to {self.depths[-1]} big "
                "blinds (the solved depths)", "stacks")  # fmt: skip
        played = self.played(nearest)
        node, drawn = self._walk(played, view, tuple(int(c) for c in view.hole))
        tree = played.tree
        me = 0 if view.seat == view.button else 1
        if int(tree.public.kind[node]) != me or tree.street[node] != int(view.street):
            raise OutsideStrategy("the betting has left the strategy's tree", "betting")
        return played, node, view, drawn

    def _walk(self, played: _Played, view: PlayerView, hole: tuple[int, ...]) -> tuple[int, bool]:
        """The tree node the view's betting leads to for a player holding ``hole`` (see
        the module), and whether a bet on the way was read by a draw (the node then
        depends on ``hole``)."""
        tree = played.tree
        real = [0, 0]
        stack = min(view.stacks[s] + view.committed[s] for s in (0, 1))
        node = 0
        drawn = False
        seen = [f"hole:{','.join(str(c) for c in sorted(hole))}"]  # this hand's own draws
        for e in view.events:
            seen.append(f"{e.kind.value}{e.seat}:{e.amount}")
            if e.kind in _FORCED:
                real[0 if e.seat == view.button else 1] += e.amount
                continue
            if e.kind not in _BETTING:
                continue
            p = 0 if e.seat == view.button else 1
            node = _skip_chance(tree, node)
            if int(tree.public.kind[node]) != p:
                raise OutsideStrategy("the betting has left the strategy's tree", "betting")
            real[p] += e.amount
            labels = tree.labels[node]
            if e.kind in (EventKind.CHECK, EventKind.CALL):
                label = CHECK if CHECK in labels else CALL
            elif e.kind is EventKind.FOLD:
                label = FOLD
            else:
                label, chance = self._read_bet(tree, node, real, p, stack, all_in=e.all_in,
                                               seen="|".join(seen))  # fmt: skip
                drawn = drawn or chance
            if label not in labels:
                raise OutsideStrategy(f"the strategy's tree has no {e.kind.value} here",
                                      "betting")  # fmt: skip
            node = tree.children[node][labels.index(label)]
        return _skip_chance(tree, node), drawn

    def _read_bet(self, tree: NoLimitTree, node: int, real: list[int], p: int, stack: int, *,
                  all_in: bool, seen: str) -> tuple[str, bool]:  # fmt: skip
        """The tree's label for a real bet or raise by player ``p`` to ``real[p]``, of an
        effective ``stack`` (see the module), and whether it was drawn."""
        lower, upper, chance = _bet_odds(tree, node, real, p, stack, all_in=all_in)
        if lower == upper:  # nothing to draw: no generator to seed
            return lower, False
        return (lower if self._draw(seen) < chance else upper), 0.0 < chance < 1.0

    def _draw(self, seen: str) -> float:
        """The uniform draw of a translation seeded by ``seen`` (a holding's cards and the
        events up to the bet), kept: every decision of a hand reads its earlier bets
        again, for every holding when it defends (the same number as a fresh draw)."""
        key = f"{self.salt}|{seen}"
        u = self._draws.get(key)
        if u is None:
            if len(self._draws) > _DRAWS:
                self._draws.clear()
            u = self._draws[key] = random.Random(key).random()
        return u

    def every_holding(self, view: PlayerView) -> tuple[tuple[Action, ...], F64s]:
        """What :meth:`decide` gives at ``view`` for every two cards the seat to act could
        hold (read-only; its own hole cards are not used): the legal real actions, and
        an (actions, 1,326) array of each one's probability for every combination
        (combination index order; columns of zeros for those sharing a card with the
        board).  Off-tree bets are read as :meth:`decide` reads them: where a bet was
        read by a draw, the draw seeded by each holding's own cards, so each column is
        the decision of that holding.

        >>> from pokerroom.engine import Hand
        >>> from pokerroom.rules import Rules
        >>> hand = Hand(Rules.preset("no-limit", blinds=(50, 100), buy_in=10_000), [10_000] * 2)
        >>> actions, probs = NoLimitPolicy.shipped().every_holding(hand.view(hand.to_act))
        >>> probs.shape == (len(actions), 1326), bool(np.allclose(probs.sum(axis=0), 1.0))
        (True, True)
        """
        played, node, hu, drawn = self._locate(view)
        if not self.defend:
            return self._every(played, node, hu, drawn)[:2]
        key = (self.salt, node, *_key(hu))  # the node: where the view's own draws lead
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) > _MEMO:
                self._memo.clear()
            actions, probs, buckets = self._every(played, node, hu, drawn)
            most = most_to_fold(hu)
            if most is not None:
                probs = floor(actions, probs, self._own_range(hu), buckets, most)
            found = self._memo[key] = (actions, probs)
        return found

    def _own_range(self, view: PlayerView) -> F64s:
        """How likely each holding of the seat of ``view`` is by its own earlier actions
        (as :meth:`every_holding` gives them; a decision outside the strategy changes
        nothing)."""
        weights = np.ones(COMBO_COUNT)
        for seen, action in own_decisions(view):
            try:
                actions, probs = self.every_holding(seen)
            except OutsideStrategy:
                continue
            if action in actions:
                weights = weights * probs[actions.index(action)]
        return weights

    def _every(self, played: _Played, node: int, hu: PlayerView, drawn: bool
               ) -> tuple[tuple[Action, ...], F64s, npt.NDArray[np.integer]]:  # fmt: skip
        """:meth:`every_holding` as the strategy has it, and every holding's bucket."""
        board = tuple(int(c) for c in hu.board)
        buckets = played.strategy.abstraction.buckets(board)
        if not drawn:
            return (*self._at(played, node, hu, buckets), buckets)
        rows: dict[Action, F64s] = {}
        for where, holdings in self._nodes(played, node, hu, board).items():
            mine = np.full(COMBO_COUNT, -1, dtype=buckets.dtype)
            mine[holdings] = buckets[holdings]
            for action, row in zip(*self._at(played, where, hu, mine), strict=True):
                rows[action] = rows[action] + row if action in rows else row
        return tuple(rows), np.array(list(rows.values())), buckets

    def _nodes(self, played: _Played, node: int, view: PlayerView,
               board: tuple[int, ...]) -> dict[int, list[int]]:  # fmt: skip
        """The holdings (combination indices off the board) by the node their own draws
        of the translation lead to; a holding whose draws leave the tree (where the bot
        lets its fallback decide) is counted at ``node``, the node of the view's own
        cards.  The nodes come in the order of their first holding, each holding where
        :meth:`_walk` takes it (all holdings walked together, see :meth:`_spread`)."""
        tree = played.tree
        me = int(tree.public.kind[node])
        street = tree.street[node]
        holes = {i: h for i, h in enumerate(_HOLES) if h[0] not in board and h[1] not in board}
        out: dict[int, list[int]] = {}
        for at, holdings in self._spread(played, view, holes).items():
            off = at < 0 or int(tree.public.kind[at]) != me or tree.street[at] != street
            out.setdefault(node if off else at, []).extend(holdings)
        ordered = sorted(out.items(), key=lambda item: min(item[1]))
        return {where: sorted(holdings) for where, holdings in ordered}

    def _spread(self, played: _Played, view: PlayerView,
                holes: dict[int, tuple[int, int]]) -> dict[int, list[int]]:  # fmt: skip
        """:meth:`_walk` for many holdings at once (``holes``: each one's cards): the
        holdings by the node they reach, -1 for those whose betting leaves the tree.  The
        betting is walked once for each group of holdings at the same node; only a bet
        read by a draw splits a group, each holding drawing as :meth:`_walk` draws."""
        tree = played.tree
        real = [0, 0]
        stack = min(view.stacks[s] + view.committed[s] for s in (0, 1))
        groups: dict[int, list[int]] = {0: list(holes)}
        lost: list[int] = []
        events: list[str] = []
        for e in view.events:
            events.append(f"{e.kind.value}{e.seat}:{e.amount}")
            if e.kind in _FORCED:
                real[0 if e.seat == view.button else 1] += e.amount
                continue
            if e.kind not in _BETTING:
                continue
            p = 0 if e.seat == view.button else 1
            real[p] += e.amount
            seen = "|".join(events)
            moved: dict[int, list[int]] = {}
            for at, members in groups.items():
                try:
                    parts = self._step(tree, at, e, real=real, p=p, stack=stack, seen=seen,
                                       members=members, holes=holes)  # fmt: skip
                    for child, part in parts.items():
                        moved.setdefault(child, []).extend(part)
                except OutsideStrategy:
                    lost.extend(members)
            groups = moved
        out: dict[int, list[int]] = {-1: lost} if lost else {}
        for at, members in groups.items():
            try:
                where = _skip_chance(tree, at)
            except OutsideStrategy:
                where = -1
            out.setdefault(where, []).extend(members)
        return out

    def _step(self, tree: NoLimitTree, node: int, e: Event, *, real: list[int], p: int,
              stack: int, seen: str, members: list[int],
              holes: dict[int, tuple[int, int]]) -> dict[int, list[int]]:  # fmt: skip
        """One betting event of :meth:`_spread` for the holdings ``members`` at ``node``:
        the children they go to (:class:`OutsideStrategy` when the tree does not follow,
        for all of them)."""
        node = _skip_chance(tree, node)
        if int(tree.public.kind[node]) != p:
            raise OutsideStrategy("the betting has left the strategy's tree", "betting")
        labels = tree.labels[node]
        if e.kind in (EventKind.CHECK, EventKind.CALL):
            reads = {CHECK if CHECK in labels else CALL: members}
        elif e.kind is EventKind.FOLD:
            reads = {FOLD: members}
        else:
            lower, upper, chance = _bet_odds(tree, node, real, p, stack, all_in=e.all_in)
            reads = {lower if chance >= 1.0 else upper: members}
            if lower != upper and 0.0 < chance < 1.0:
                reads = {lower: [], upper: []}
                for m in members:
                    a, b = holes[m]
                    hole = f"hole:{min(a, b)},{max(a, b)}|{seen}"
                    reads[lower if self._draw(hole) < chance else upper].append(m)
        if any(label not in labels for label, part in reads.items() if part):
            raise OutsideStrategy("the strategy's tree has no such action here", "betting")
        return {tree.children[node][labels.index(label)]: part
                for label, part in reads.items() if part}  # fmt: skip

    def _at(self, played: _Played, node: int, view: PlayerView,
            buckets: npt.NDArray[np.integer]) -> tuple[tuple[Action, ...], F64s]:  # fmt: skip
        """:meth:`every_holding` at one ``node`` for holdings of ``buckets`` (-1: none)."""
        strategy = played.strategy
        table = _every_bucket(played, node, int(view.street))
        columns: F64s = np.where(buckets >= 0, table[:, np.maximum(buckets, 0)], 0.0)
        actions: dict[Action, int] = {}
        rows: list[F64s] = []
        for label, column in zip(played.tree.labels[node], columns, strict=True):
            action = _real_action(label, played.tree, node, view, strategy.fractions)
            if action in actions:
                rows[actions[action]] = rows[actions[action]] + column
            else:
                actions[action] = len(rows)
                rows.append(column)
        return tuple(actions), np.array(rows)

    def decide(self, view: PlayerView) -> Decision:
        """The strategy's probabilities over legal real actions (see the module)."""
        played, node, hu = self.locate(view)
        strategy = played.strategy
        street = int(hu.street)
        board = tuple(int(c) for c in hu.board)
        bucket = strategy.abstraction.bucket((int(hu.hole[0]), int(hu.hole[1])), board)
        tree = played.tree
        labels = tree.labels[node]
        row = int(played.rows[node])
        probs = strategy.probabilities[street][row, : len(labels), bucket].astype(np.float64)
        total = float(probs.sum())
        probs = probs / total if total > 0 else np.full(len(labels), 1.0 / len(labels))
        out: dict[Action, float] = {}
        for label, p in zip(labels, probs.tolist(), strict=True):
            action = _real_action(label, tree, node, hu, strategy.fractions)
            out[action] = out.get(action, 0.0) + p
        path = "".join(tree.labels[int(tree.public.parent[n])][
            list(tree.children[int(tree.public.parent[n])]).index(n)]
            for n in _path(tree, node))  # fmt: skip
        if self.defend and most_to_fold(hu) is not None:  # the floor needs every holding
            actions, every = self.every_holding(hu)
            mine = every[:, combo_index(int(hu.hole[0]), int(hu.hole[1]))]
            return Decision(actions, tuple(mine.tolist()), bucket, path)
        return Decision(tuple(out), tuple(out.values()), bucket, path)


_MEMO = 512  # every_holding's answers kept (with defence), cleared when more
_DRAWS = 100_000  # translation draws kept (a hand's: 1,326 a bet), cleared when more
_HOLES = tuple((int(a), int(b)) for a, b in map(combo_cards, range(COMBO_COUNT)))


def _bet_odds(tree: NoLimitTree, node: int, real: list[int], p: int, stack: int, *,
              all_in: bool) -> tuple[str, str, float]:  # fmt: skip
    """How a real bet or raise by player ``p`` to ``real[p]``, of an effective ``stack``,
    is read at ``node`` (see the module): the smaller label with the probability, else
    the larger (the same label twice when nothing is drawn)."""
    labels = tree.labels[node]
    raises = [(lab, amt) for lab, amt in zip(labels, tree.amounts[node], strict=True)
              if lab.startswith("r") or lab == ALL_IN]  # fmt: skip
    if not raises:
        raise OutsideStrategy("a raise where the strategy's tree has none left", "betting")
    if all_in and any(lab == ALL_IN for lab, _ in raises):
        return ALL_IN, ALL_IN, 1.0
    if 2 * real[p] < stack:  # not committed: the all-in only if nothing else is left
        raises = [r for r in raises if r[0] != ALL_IN] or raises
    opp = tree.committed[node][1 - p]
    sizes = [(amt - opp) / (2 * opp) for _, amt in raises]
    x = (real[p] - real[1 - p]) / (2 * max(real[1 - p], 1))
    lower, upper, chance = translation_odds(x, sizes)
    return raises[lower][0], raises[upper][0], chance


def _key(view: PlayerView) -> tuple[object, ...]:
    """What :meth:`NoLimitPolicy.every_holding` depends on in a heads-up view besides the
    hole cards: the rules, the seats, the stacks, the board and the betting."""
    betting = tuple((e.kind, e.seat, e.amount, e.total) for e in view.events
                    if e.kind in _BETTING or e.kind in _FORCED)  # fmt: skip
    stacks = tuple(s + c for s, c in zip(view.stacks, view.committed, strict=True))
    return (view.rules, view.seat, view.button, stacks, tuple(int(c) for c in view.board),
            betting)  # fmt: skip


def _every_bucket(played: _Played, node: int, street: int) -> F64s:
    """(actions, buckets): the strategy at ``node`` for every bucket, as :meth:`decide`
    normalises one bucket's (uniform where the file has all zeros)."""
    width = len(played.tree.labels[node])
    table = played.strategy.probabilities[street][int(played.rows[node]), :width, :]
    table = table.astype(np.float64)
    sums = table.sum(axis=0)
    out: F64s = np.where(sums > 0, table / np.where(sums > 0, sums, 1.0), 1.0 / width)
    return out


def _skip_chance(tree: NoLimitTree, node: int) -> int:
    while int(tree.public.kind[node]) == CHANCE:
        child = tree.children[node][0]
        if int(tree.public.kind[child]) == CHANCE:  # dealt out after an all-in
            raise OutsideStrategy("betting after the strategy's all-in", "betting")
        node = child
    return node


def _path(tree: NoLimitTree, node: int) -> list[int]:
    out = []
    while node > 0:
        parent = int(tree.public.parent[node])
        if int(tree.public.kind[parent]) != CHANCE:
            out.append(node)
        node = parent
    return out[::-1]


def _real_action(label: str, tree: NoLimitTree, node: int, view: PlayerView,
                 fractions: tuple[float, ...]) -> Action:  # fmt: skip
    """The legal real action the tree's ``label`` stands for in ``view``."""
    legal = view.legal
    assert legal is not None
    kinds = legal.kinds
    passive = Action.check() if ActionKind.CHECK in kinds else Action.call()
    if label == FOLD:
        return Action.fold() if ActionKind.FOLD in kinds else passive
    if label in (CHECK, CALL):
        return passive
    aggressive = ActionKind.BET if ActionKind.BET in kinds else ActionKind.RAISE
    if aggressive not in kinds:
        return passive
    if label == ALL_IN:
        to = legal.max_to
    else:
        opp = 1 - view.seat
        f = fractions[int(label[1:])]
        to = view.bets[opp] + round(f * 2 * view.committed[opp])
        to = min(max(to, legal.min_to), legal.max_to)
    return Action(aggressive, to)
