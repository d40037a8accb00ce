"""Where LBR wins against ``cfr`` in heads-up no limit, hand by hand (issue 37).

Run: ``python tools/lbr_breakdown.py [FILE.npz] --deals 1000 --seed 1`` (stacks of 100
big blinds, blinds 50/100, AIVAT; the shipped strategy without FILE).  LBR plays the
match of :func:`pokerroom.tournament.lbr.lbr_match` against ``cfr`` playing the file,
with the same players, seeds and deals as ``tools/lbr_paired.py``, and every hand is
logged: how it ended (``cfr`` folding on a street, LBR folding, a showdown), LBR's last
bet or raise and how ``cfr``'s strategy read it (on the tree, translated by a draw, a
raise past the tree's cap read as the all-in, a size clamped to the nearest, the tree's
pot no longer the real one), with LBR's result in the hand (plain chips and AIVAT).
It prints what each kind of hand adds to LBR's mbb/hand, and at ``cfr``'s decisions
facing LBR's bets its chance of folding (its own hand, and its whole range as LBR
weighs it) beside the most a defender may fold before any bluff of that size wins
(the bet's chips over the pot with them in).

Two checks that LBR models the bot it plays: at each of ``cfr``'s decisions the
probabilities it plays are compared with the column of its hand in
:meth:`~pokerroom.solver.nlpolicy.NoLimitPolicy.every_holding`, and at the end of each
hand the likelihoods LBR's range gave ``cfr``'s real hand for its actions
(:class:`~pokerroom.players.lbr.NoLimitRange`) with the probabilities it played them
with; the largest differences are printed (both 0 when they agree).
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from pokerroom.engine.actions import Action, ActionKind
from pokerroom.engine.events import EventKind
from pokerroom.engine.view import PlayerView
from pokerroom.players import CFRBot, Player
from pokerroom.players.lbr import LocalBestResponse, NoLimitRange
from pokerroom.players.lbr.nolimit import opponent_decisions
from pokerroom.ranges import combo_index
from pokerroom.rules import Rules
from pokerroom.solver.nlpolicy import NoLimitPolicy, shipped_no_limit
from pokerroom.solver.nlstrategy import NoLimitStrategy
from pokerroom.solver.nolimit import ALL_IN, NoLimitTree
from pokerroom.table import HandStart
from pokerroom.tournament.games import GameTask, play
from pokerroom.tournament.league import League
from pokerroom.tournament.seeds import derive

F64s = npt.NDArray[np.float64]
STREETS = ("pre-flop", "flop", "turn", "river")
_BETS = (EventKind.BET, EventKind.RAISE)


@dataclass
class Read:
    """How ``cfr``'s strategy read one real bet or raise."""

    street: int
    seat_is_button: bool
    x: float  # the real bet's pot fraction
    label: str  # the tree's label it was read as
    kind: str  # on tree, translated, past the cap, clamped


@dataclass
class Facing:
    """One of ``cfr``'s decisions facing a bet of LBR's."""

    street: int
    read: str  # the kind of the read
    label: str
    fold: float  # the bot's own hand
    range_fold: float  # its range as LBR weighs it (nan when not known)
    most: float  # the bet's chips over the pot with them
    pot_ratio: float  # the real pot over the tree's (in the same chips)


@dataclass
class HandLog:
    lbr_button: bool = False
    ended: str = ""
    street: int = 0
    last_bet: str = "none"  # LBR's last bet or raise: its read kind and label
    net: float = 0.0
    adjusted: float = 0.0
    cfr_hole: tuple[int, int] | None = None
    cfr_played: list[tuple[Action, dict[Action, float]]] = field(default_factory=list)
    last_read: Read | None = None  # how cfr read the last bet before its last decision


class Logged(NoLimitPolicy):
    """The policy, recording how bets are read while :attr:`recording` is set."""

    recording: list[Read] | None = None

    def _read_bet(self, tree: NoLimitTree, node: int, real: list[int], p: int, stack: int, *,
                  all_in: bool, seen: str) -> tuple[str, bool]:  # fmt: skip
        label, drawn = super()._read_bet(tree, node, real, p, stack, all_in=all_in, seen=seen)
        if self.recording is not None:
            labels = tree.labels[node]
            raises = [lab for lab in labels if lab.startswith("r")]
            x = (real[p] - real[1 - p]) / (2 * max(real[1 - p], 1))
            opp = tree.committed[node][1 - p]
            sizes = [(amt - opp) / (2 * opp) for lab, amt
                     in zip(labels, tree.amounts[node], strict=True) if lab.startswith("r")]
            if all_in:
                kind = "all-in"
            elif label == ALL_IN and not raises:
                kind = "past the cap"
            elif drawn:
                kind = "translated"
            elif label == ALL_IN:
                kind = "read as all-in"
            else:
                size = sizes[raises.index(label)]
                kind = "on tree" if abs(size - x) < 0.02 else "clamped"
            self.recording.append(Read(int(tree.street[node]), p == 0, x, label, kind))
        return label, drawn


class LoggedBot(CFRBot):
    """``cfr`` playing :class:`Logged`, its decisions checked and logged into ``log``."""

    def __init__(self, seed: int, policy: Logged, log: Logger) -> None:
        super().__init__(seed=seed, policy=policy)
        self.logged = policy
        self.log = log

    def act(self, view: PlayerView, budget: float) -> Action:
        policy = self.logged
        policy.recording = []
        try:
            policy.locate(view)
        except Exception:  # outside the strategy: the fallback decides
            policy.recording = None
            self.log.deferred += 1
            return super().act(view, budget)
        reads, policy.recording = policy.recording, None
        decision = policy.decide(view)
        action = super().act(view, budget)
        played = dict(zip(decision.actions, decision.probabilities, strict=True))
        self.log.check_holding(policy, view, played)
        hand = self.log.hands[-1]
        hand.cfr_hole = (int(view.hole[0]), int(view.hole[1]))
        hand.cfr_played.append((action, played))
        hand.last_read = reads[-1] if reads else None
        facing = view.bets[1 - view.seat] > view.bets[view.seat]
        if facing and reads and Action.fold() in played:
            self.log.facing(policy, view, reads[-1], played[Action.fold()])
        return action


class Logger:
    """Everything logged in one session (a task)."""

    def __init__(self) -> None:
        self.hands: list[HandLog] = []
        self.faced: list[Facing] = []
        self.deferred = 0
        self.holding_gap = 0.0
        self.range_gap = 0.0
        self.checked = 0
        self.lbr: LoggedLBR | None = None

    def check_holding(self, policy: NoLimitPolicy, view: PlayerView,
                      played: dict[Action, float]) -> None:  # fmt: skip
        actions, probabilities = policy.every_holding(view)
        column = probabilities[:, combo_index(int(view.hole[0]), int(view.hole[1]))]
        mine = dict(zip(actions, column.tolist(), strict=True))
        for a in {*mine, *played}:
            self.holding_gap = max(self.holding_gap, abs(mine.get(a, 0.0) - played.get(a, 0.0)))
        self.checked += 1

    def facing(self, policy: NoLimitPolicy, view: PlayerView, read: Read, fold: float) -> None:
        played, node, _ = policy.locate(view)
        big = max(view.rules.blinds[:2])
        tree_pot = sum(played.tree.committed[node]) * big / 2
        real_pot = sum(view.committed)
        bets = [e for e in view.events if e.kind in _BETS and e.seat != view.seat]
        risk = bets[-1].amount  # LBR's chips in its bet: a bluff of them wins when the
        # defender folds more than risk / (risk + the pot before it)
        range_fold = float("nan")
        if self.lbr is not None and self.lbr.expected is not None:
            range_fold = self.lbr.expected
        self.faced.append(Facing(int(view.street), read.kind, read.label, fold, range_fold,
                                 risk / real_pot, real_pot / tree_pot))  # fmt: skip


class LoggedLBR(LocalBestResponse):
    """LBR, logging each hand and checking its range against the bot's real play."""

    def __init__(self, model: NoLimitRange, seed: int, log: Logger) -> None:
        super().__init__(model, seed=seed)
        self.range_model = model
        self.log = log
        self.expected: float | None = None
        log.lbr = self

    def start_hand(self, hand: HandStart) -> None:
        super().start_hand(hand)
        self.log.hands.append(HandLog())

    def act(self, view: PlayerView, budget: float) -> Action:
        action = super().act(view, budget)
        self.expected = None
        if action.kind in (ActionKind.BET, ActionKind.RAISE):
            weights = self.range_model.range(view)
            fold = self.range_model.folds(view, action)
            live = np.where(self._showdowns[1].possible, weights, 0.0)  # type: ignore[index]
            if live.sum() > 0:
                self.expected = float(live @ fold / live.sum())
        return action

    def end_hand(self, view: PlayerView) -> None:
        hand = self.log.hands[-1]
        hand.lbr_button = view.button == view.seat
        betting = [e for e in view.events if e.kind in (EventKind.FOLD, EventKind.CHECK,
                                                        EventKind.CALL, *_BETS)]  # fmt: skip
        last = betting[-1]
        hand.street = int(last.street)
        if last.kind is EventKind.FOLD:
            hand.ended = "cfr folds" if last.seat != view.seat else "LBR folds"
        else:
            hand.ended = "showdown"
        mine = [e for e in betting if e.seat == view.seat and e.kind in _BETS]
        read = hand.last_read
        if mine:
            kind = "all-in" if mine[-1].all_in else "pot"
            hand.last_bet = f"{kind}: {read.kind}" if read is not None and hand.ended == \
                "cfr folds" else kind  # fmt: skip
        self._check_range(view, hand)

    def _check_range(self, view: PlayerView, hand: HandLog) -> None:
        if hand.cfr_hole is None:
            return
        combo = combo_index(*hand.cfr_hole)
        decisions = opponent_decisions(view)
        for (seen, action), (taken, played) in zip(decisions, hand.cfr_played, strict=False):
            if taken != action:
                continue
            found = self.range_model.likelihood(seen, action)
            if found is None:
                continue
            self.log.range_gap = max(self.log.range_gap, abs(found[combo] - played.get(action, 0)))


def match(path: str, deals: int, seed: int, defend: bool = False) -> list[Logger]:
    """LBR against ``cfr`` playing ``path``, as ``tools/lbr_paired.py`` plays it."""
    rules = Rules.preset("no-limit", blinds=(50, 100)).replace(buy_in=10_000, players=2)
    strategy = NoLimitStrategy.load(path)
    league = League(rules, ("measured", "other"), ("LBR", "cfr"), hands=2 * deals, seed=seed,
                    field=False, aivat=True)  # fmt: skip
    logs: list[Logger] = []

    def build(task: GameTask) -> list[Player]:
        s = derive(task.seed, "bot", task.bot_salt)
        log = Logger()
        logs.append(log)
        policy = Logged((strategy,), defend=defend)
        lbr = LoggedLBR(NoLimitRange(policy), s, log)
        made: list[Player] = [lbr, LoggedBot(s + 1, policy, log)]
        return [made[e] for e in task.entrants]

    for task in league.tasks():
        record = play(task, build=build)
        log = logs[-1]
        seat = record.seat_of(0)
        for hand, net, adj in zip(log.hands, seat.nets, seat.adjusted, strict=True):
            hand.net, hand.adjusted = net, adj
    return logs


def report(logs: list[Logger]) -> None:
    hands = [h for log in logs for h in log.hands]
    scale = 1000 / 100 / len(hands)  # mbb/hand over all hands

    def table(title: str, key: object) -> None:
        groups: dict[str, list[HandLog]] = defaultdict(list)
        for h in hands:
            groups[key(h)].append(h)  # type: ignore[operator]
        print(f"\n{title}: hands, share, LBR's mbb/hand from them (AIVAT; plain)")
        for name in sorted(groups):
            g = groups[name]
            adjusted, plain = sum(h.adjusted for h in g), sum(h.net for h in g)
            print(f"  {name:45s} {len(g):6d} {len(g) / len(hands):6.1%} "
                  f"{adjusted * scale:+8.0f} {plain * scale:+8.0f}")

    print(f"{len(hands)} hands; LBR {sum(h.adjusted for h in hands) * scale:+.0f} mbb/hand "
          f"AIVAT, {sum(h.net for h in hands) * scale:+.0f} plain")
    table("how it ended", lambda h: f"{h.ended} ({STREETS[h.street]})")
    table("how it ended, LBR's seat",
          lambda h: f"{h.ended} ({'button' if h.lbr_button else 'big blind'})")
    table("cfr folded: LBR's last bet and its read",
          lambda h: f"{STREETS[h.street]}, {h.last_bet}" if h.ended == "cfr folds"
          else "(not a fold of cfr's)")  # fmt: skip
    faced = [f for log in logs for f in log.faced]
    print("\ncfr facing LBR's bets: decisions, fold (its hand), fold (its range, as LBR "
          "weighs it), most to fold, real pot / tree pot off by over 5%")
    groups: dict[tuple[int, str, str], list[Facing]] = defaultdict(list)
    for f in faced:
        groups[(f.street, f.read, "all-in" if f.label == ALL_IN else f.label)].append(f)
    for key in sorted(groups):
        g = groups[key]
        rf = [f.range_fold for f in g if f.range_fold == f.range_fold]
        print(f"  {STREETS[key[0]]:8s} {key[1]:15s} {key[2]:7s} {len(g):6d} "
              f"{np.mean([f.fold for f in g]):6.1%} {np.mean(rf) if rf else float('nan'):6.1%} "
              f"{np.mean([f.most for f in g]):6.1%} "
              f"{np.mean([abs(f.pot_ratio - 1) > 0.05 for f in g]):6.1%}")
    print(f"\ndeferred decisions {sum(log.deferred for log in logs)}; decisions checked "
          f"{sum(log.checked for log in logs)}: largest gap, decide vs every_holding "
          f"{max(log.holding_gap for log in logs):.2e}, LBR's likelihood vs played "
          f"{max(log.range_gap for log in logs):.2e}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("file", nargs="?", default=str(shipped_no_limit(100)))
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--defend", action="store_true", help="cfr with minimum defence")
    args = p.parse_args()
    start = time.process_time()
    logs = match(args.file, args.deals, args.seed, args.defend)
    report(logs)
    print(f"{time.process_time() - start:,.0f} CPU s")


if __name__ == "__main__":
    main()
