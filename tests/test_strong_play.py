"""The ``strong`` bot's tracker and decisions on exact, hand-worked answers: every move
the tracker reads (seat, street, kind, facing, owed, pot, added, raises) and what it
keeps, and the decision's parts (the fold chance, the sizes, the realised share, the
bluff rate, the risk in a tournament)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from fixed_draws import Draws as _Fixed
from pokerroom.cards import Card
from pokerroom.engine import Action, ActionKind, Event, EventKind, Hand, LegalActions, Street
from pokerroom.players.state import StateError
from pokerroom.players.strong.play import Choice, Play, fold_chance
from pokerroom.players.strong.ranges import Ranking
from pokerroom.players.strong.stats import WEAK, Profile, situation
from pokerroom.players.strong.tracker import Move, Tracker
from pokerroom.rules import Rules, Structure

NL = Rules.preset("no-limit")


def test_fold_chance_at_the_price_the_counts_were_taken_at_and_past_the_cap() -> None:
    # price = call / (pot + call); at 0.3 the base itself
    assert fold_chance(0.5, 3, 7) == 0.5
    assert fold_chance(0.5, 0, 7) == 0.0
    assert fold_chance(0.9, 10, 0) == 0.97


# ------------------------------------------------------------------ the tracker


def _played() -> Hand:
    """3-handed no-limit, button 0: seat 1 posts 2, seat 2 posts 4.  Pre-flop seat 0
    limps, seat 1 raises to 12, seat 2 calls, seat 0 folds; flop: seat 1 bets 20, seat 2
    raises to 60, seat 1 calls; turn: two checks; river: seat 1 bets 100, seat 2 folds."""
    hand = Hand(NL, [400] * 3, button=0, rng=random.Random(5))
    script = [("call", None), ("raise_to", 12), ("call", None), ("fold", None),
              ("bet", 20), ("raise_to", 60), ("call", None), ("check", None), ("check", None),
              ("bet", 100), ("fold", None)]  # fmt: skip
    for verb, amount in script:
        method = getattr(hand, verb)
        method() if amount is None else method(amount)
    hand.settle()
    return hand


# (seat, street, kind, facing, to_call, pot, added, raises), worked out by hand
_MOVES = [
    (0, 0, "call", False, 4, 6, 4, 0),  # a limp: the forced bets' level is no raise
    (1, 0, "raise", False, 2, 10, 10, 0),  # the small blind owes 2 of 4 and adds 10
    (2, 0, "call", True, 8, 20, 8, 1),
    (0, 0, "fold", True, 8, 28, 0, 1),
    (1, 1, "bet", False, 0, 28, 20, 0),
    (2, 1, "raise", True, 20, 48, 60, 1),
    (1, 1, "call", True, 40, 108, 40, 2),
    (1, 2, "check", False, 0, 148, 0, 0),
    (2, 2, "check", False, 0, 148, 0, 0),
    (1, 3, "bet", False, 0, 148, 100, 0),
    (2, 3, "fold", True, 100, 248, 0, 1),
]


def test_the_tracker_reads_every_move_of_a_hand_exactly() -> None:
    tracker = Tracker()
    moves = [(m.seat, m.street, m.kind.value, m.facing, m.to_call, m.pot, m.added, m.raises)
             for m in tracker.read(_played().events)]  # fmt: skip
    assert moves == _MOVES
    assert [m.state() for m in Tracker().read(_played().events)] == [list(m) for m in _MOVES]


def test_the_tracker_keeps_the_hand_as_the_events_tell_it() -> None:
    hand = _played()
    tracker = Tracker()
    list(tracker.read(hand.events))
    board = [int(c) for c in hand.board]
    assert tracker.state() == {
        "street": 3, "pot": 148,  # the river bet of 100 came back
        "bets": [[1, 0]], "forced": 4, "raises": 1, "board": board, "shown": [],
        "folded": [0, 2], "voluntary": [True, True, True], "raised": [False, True, False],
        "acted": [1, 2], "last_aggressor": 1, "events": len(hand.events),
        "straddle_pending": False,
    }  # fmt: skip
    again = Tracker.from_state(tracker.state())
    assert again.state() == tracker.state() and again.shown == {} and again.folded == {0, 2}


def test_the_tracker_reads_only_the_events_it_has_not_read() -> None:
    events = _played().events
    tracker = Tracker()
    first = list(tracker.read(events[:9]))
    assert tracker.events == 9
    rest = list(tracker.read(events))
    assert [m.state() for m in first + rest] == [list(m) for m in _MOVES]
    assert list(tracker.read(events)) == [] and tracker.events == len(events)


def _event(kind: EventKind, street: int, seat: int = -1, amount: int = 0, total: int = 0,
           cards: tuple[int, ...] = ()) -> Event:  # fmt: skip
    return Event(kind, Street(street), seat, amount, total, tuple(Card(c) for c in cards))


def test_the_tracker_on_each_kind_of_event() -> None:
    t = Tracker()
    assert t.feed(_event(EventKind.ANTE, 0, 3, 1)) is None  # an ante: in the pot, no bet
    assert (t.pot, t.bets, t.forced, t.voluntary) == (1, {}, 0, [False] * 4)
    t.feed(_event(EventKind.BLIND, 0, 1, 2))
    t.feed(_event(EventKind.BLIND, 0, 2, 5))
    t.feed(_event(EventKind.BLIND, 0, 1, 1))  # a second post adds to the first
    assert (t.pot, t.bets, t.forced) == (9, {1: 3, 2: 5}, 5)
    t.feed(_event(EventKind.DEAL, 0, 0, cards=(4, 9)))  # hole cards: nothing public
    t.feed(_event(EventKind.MUCK, 0, 0))
    t.feed(_event(EventKind.SHOW, 0, 3))  # a show with no cards is not a hand shown
    assert (t.pot, t.shown, t.board) == (9, {}, [])
    # seat 0 raises to 15 (adding 15), seat 3 calls: both voluntary, seat 0 raised
    move = t.feed(_event(EventKind.RAISE, 0, 0, 15, 15))
    assert move is not None and list(move) == [0, 0, ActionKind.RAISE, False, 5, 9, 15, 0]
    assert move.aggressive
    move = t.feed(_event(EventKind.CALL, 0, 3, 15))
    assert move is not None and list(move) == [3, 0, ActionKind.CALL, True, 15, 24, 15, 1]
    assert not move.aggressive
    assert (t.voluntary, t.raised, t.acted, t.last_aggressor) == (
        [True, False, False, True], [True, False, False, False], {0, 3}, 0)  # fmt: skip
    t.feed(_event(EventKind.RETURN, 0, 0, 4))  # chips given back leave the pot and the bet
    assert (t.pot, t.bets[0]) == (35, 11)
    t.feed(_event(EventKind.BURN, 1, cards=(50,)))
    t.feed(_event(EventKind.BOARD, 1, cards=(7, 8, 51)))  # the flop: a new round
    assert (t.street, t.board, t.bets, t.raises, t.acted) == (1, [7, 8, 51], {}, 0, set())
    t.feed(_event(EventKind.BET, 1, 3, 10, 10))
    t.feed(_event(EventKind.BOARD, 1, cards=(12,)))  # more cards, same street: same round
    assert (t.bets, t.raises, t.acted, t.board) == ({3: 10}, 1, {3}, [7, 8, 51, 12])
    # a decision on the river with no board event before it (cards run out all-in)
    move = t.feed(_event(EventKind.CHECK, 3, 1))
    assert move is not None and list(move) == [1, 3, ActionKind.CHECK, False, 0, 45, 0, 0]
    assert (t.street, t.bets, t.raises, t.acted) == (3, {}, 0, {1})
    t.feed(_event(EventKind.SHOW, 4, 1, cards=(20, 33)))
    assert t.shown == {1: (20, 33)} and t.street == 3 and t.pot == 45
    # after the flop, a call or a bet is not a pre-flop entry
    assert (t.voluntary, t.raised) == ([True, False, False, True], [True, False, False, False])


def test_the_first_event_of_seat_0_makes_room_for_it() -> None:
    t = Tracker()
    move = t.feed(_event(EventKind.CALL, 0, 0, 2))
    assert move is not None and t.voluntary == [True] and t.raised == [False]
    assert move.facing is False and move.to_call == 0 and t.bets == {0: 2}


def test_a_straddle_posted_ends_the_straddlers_choice() -> None:
    t = Tracker(straddle=True)
    t.feed(_event(EventKind.BLIND, 0, 0, 1))
    t.feed(_event(EventKind.BLIND, 0, 1, 2))
    assert t.state()["straddle_pending"] is True
    t.feed(_event(EventKind.STRADDLE, 0, 2, 4))
    assert (t.pot, t.bets, t.forced, t.state()["straddle_pending"]) == (7, {0: 1, 1: 2, 2: 4},
                                                                        4, False)  # fmt: skip
    move = t.feed(_event(EventKind.FOLD, 0, 0))  # a fold after the straddle is a decision
    assert move is not None and move.to_call == 3 and t.folded == {0}
    pending = Tracker(straddle=True)
    move = pending.feed(_event(EventKind.CALL, 0, 2, 4))  # the choice made by a call
    assert move is not None and move.kind is ActionKind.CALL and pending.voluntary[2]
    assert pending.state()["straddle_pending"] is False


# ------------------------------------------------------------------ saved trackers and moves


def _saved() -> dict[str, Any]:
    tracker = Tracker()
    list(tracker.read(_played().events[:12]))
    return tracker.state()


def _with(**change: Any) -> dict[str, Any]:
    return {**_saved(), **change}


@pytest.mark.parametrize(
    ("state", "says"),
    [
        ([], "tracker: a mapping, not list"),
        ({k: v for k, v in _saved().items() if k != "street"}, "tracker: missing 'street'"),
        (_with(street=5), "tracker.street is 5: a whole number from 0 to 4"),
        (_with(street=-1), "tracker.street is -1: a whole number from 0 to 4"),
        (_with(pot="9"), "tracker.pot is '9': a whole number"),
        (_with(bets={}), "tracker.bets: a list, not dict"),
        (_with(bets=[[1, 2, 3]]), "tracker.bets entry: 2 entries, not 3"),
        (_with(bets=[[14, 2]]), "tracker.bets seat is 14: a whole number from 0 to 13"),
        (_with(bets=[[-1, 2]]), "tracker.bets seat is -1: a whole number from 0 to 13"),
        (_with(bets=[[1, 2.0]]), "tracker.bets amount is 2.0: a whole number"),
        (_with(forced=None), "tracker.forced is None: a whole number"),
        (_with(raises=-1), "tracker.raises is -1: a whole number 0 or more"),
        (_with(board=[0, 53]), "tracker.board[1] is 53: a whole number from 0 to 52"),
        (_with(board=[-1]), "tracker.board[0] is -1: a whole number from 0 to 52"),
        (_with(shown={}), "tracker.shown: a list, not dict"),
        (_with(shown=[[1]]), "tracker.shown entry: 2 entries, not 1"),
        (_with(shown=[[14, [1, 2]]]), "tracker.shown seat is 14: a whole number from 0 to 13"),
        (_with(shown=[[1, [1, 53]]]), "tracker.shown[1] is 53: a whole number from 0 to 52"),
        (_with(folded=[14]), "tracker.folded is 14: a whole number from 0 to 13"),
        (_with(folded=3), "tracker.folded: a list, not int"),
        (_with(voluntary=[1, True]), "tracker.voluntary is 1: true or false"),
        (_with(voluntary=True), "tracker: a list, not bool"),
        (_with(raised=[False, None]), "tracker.raised is None: true or false"),
        (_with(raised=5), "tracker: a list, not int"),
        (_with(raised=[False]), "tracker: one voluntary and one raised entry per seat"),
        (
            _with(voluntary=[False] * 15, raised=[False] * 15),
            "tracker: one voluntary and one raised entry per seat",
        ),
        (_with(acted=[14]), "tracker.acted is 14: a whole number from 0 to 13"),
        (_with(acted=4), "tracker.acted: a list, not int"),
        (_with(last_aggressor=-2), "tracker.last_aggressor is -2: a whole number from -1 to 13"),
        (_with(last_aggressor=14), "tracker.last_aggressor is 14: a whole number from -1 to 13"),
        (_with(events=-1), "tracker.events is -1: a whole number 0 or more"),
        (_with(straddle_pending=0), "tracker.straddle_pending is 0: true or false"),
    ],
)
def test_a_damaged_tracker_is_refused_naming_the_field(state: Any, says: str) -> None:
    with pytest.raises(StateError) as refused:
        Tracker.from_state(state)
    assert str(refused.value) == says
    with pytest.raises(StateError) as named:
        Tracker.from_state(state, "hand.tracker")
    assert str(named.value) == says.replace("tracker", "hand.tracker", 1)


def test_a_tracker_at_every_bound_is_read_back() -> None:
    edge = _with(street=4, pot=0, bets=[[0, 0], [13, 5]], forced=0, raises=0, board=[0, 52],
                 shown=[[0, [0, 52]], [13, []]], folded=[0, 13], voluntary=[True] * 14,
                 raised=[False] * 13 + [True], acted=[0, 13], last_aggressor=13, events=0,
                 straddle_pending=True)  # fmt: skip
    tracker = Tracker.from_state(edge)
    assert tracker.state() == edge
    assert tracker.shown == {0: (0, 52), 13: ()} and tracker.bets == {0: 0, 13: 5}
    assert tracker.folded == {0, 13} and tracker.acted == {0, 13}
    assert Tracker.from_state(_with(last_aggressor=-1, voluntary=[], raised=[])).state() == (
        _with(last_aggressor=-1, voluntary=[], raised=[]))  # fmt: skip


@pytest.mark.parametrize(
    ("state", "says"),
    [
        ({}, "move: a list, not dict"),
        ([0, 0, "call", True, 1, 2, 1], "move: 8 entries, not 7"),
        (
            [0, 0, "ante", True, 1, 2, 1, 0],
            "move: 'ante' is not a decision (fold, check, call, bet, raise)",
        ),
        ([0, 0, 3, True, 1, 2, 1, 0], "move: 3 is not a decision (fold, check, call, bet, raise)"),
        (
            [0, 0, [3], True, 1, 2, 1, 0],
            "move: [3] is not a decision (fold, check, call, bet, raise)",
        ),
        ([14, 0, "call", True, 1, 2, 1, 0], "move seat is 14: a whole number from 0 to 13"),
        ([-1, 0, "call", True, 1, 2, 1, 0], "move seat is -1: a whole number from 0 to 13"),
        ([0, 4, "call", True, 1, 2, 1, 0], "move street is 4: a whole number from 0 to 3"),
        ([0, -1, "call", True, 1, 2, 1, 0], "move street is -1: a whole number from 0 to 3"),
        ([0, 0, "call", 1, 1, 2, 1, 0], "move facing is 1: true or false"),
        ([0, 0, "call", True, "1", 2, 1, 0], "move to call is '1': a whole number"),
        ([0, 0, "call", True, 1, 2.5, 1, 0], "move pot is 2.5: a whole number"),
        ([0, 0, "call", True, 1, 2, None, 0], "move added is None: a whole number"),
        ([0, 0, "call", True, 1, 2, 1, -1], "move raises is -1: a whole number 0 or more"),
    ],
)
def test_a_damaged_move_is_refused_naming_the_field(state: Any, says: str) -> None:
    with pytest.raises(StateError) as refused:
        Move.from_state(state, "move")
    assert str(refused.value) == says


def test_every_kind_of_move_at_its_bounds_is_read_back() -> None:
    for kind in ActionKind:
        if kind is ActionKind.CALL or kind.value in ("fold", "check", "bet", "raise"):
            for seat, street in ((0, 0), (13, 3)):
                data = [seat, street, kind.value, street == 0, 0, 0, 0, 0]
                move = Move.from_state(data, "move")
                assert move.state() == data and move.kind is kind
                assert move.aggressive is (kind.value in ("bet", "raise"))


# ------------------------------------------------------------------ the decision's parts


class _Outlook:
    """An equity given, whatever the ranges; the calls it was asked, kept."""

    def __init__(self, value: float) -> None:
        self.value = value
        self.asked: list[tuple[Any, Any]] = []

    def equity(self, *args: Any) -> float:
        assert len(args) == 2  # gains and present, always both
        self.asked.append((dict(args[0]), dict(args[1])))
        return self.value


# 663 weak hands (0.2), 331 middling (0.6), 332 strong (0.9): a uniform range holds
# 332/1326 value hands and 663/1326 = 1/2 air
_SCORES = np.array([0.2] * 663 + [0.6] * 331 + [0.9] * 332)


def _hand(players: int, script: list[tuple[str, int | None]], stacks: int = 400,
          rules: Rules = NL) -> Hand:  # fmt: skip
    hand = Hand(rules, [stacks] * players, button=0, rng=random.Random(5))
    for verb, amount in script:
        method = getattr(hand, verb)
        method() if amount is None else method(amount)
    return hand


def _play(hand: Hand, *, equity: float = 0.5, raises: int = 0, forced: int = 4,
          at: float = 0.99, tournament: bool = False, draw: float = 0.0, mine: float = 0.5,
          acted: frozenset[int] = frozenset()) -> Play:  # fmt: skip
    seat = hand.to_act
    assert seat is not None
    view = hand.view(seat)
    n = view.players
    return Play(view, np.ones((n, 1326)), [Profile(players=n) for _ in range(n)],
                Ranking(_SCORES), _Outlook(equity), _Fixed(at), mine=mine, draw=draw,
                raises=raises, forced=forced, acted=acted, tournament=tournament)  # fmt: skip


_LIMPED = [("call", None), ("call", None), ("check", None)]  # 3-handed, a pot of 12


def test_fold_chance_grows_with_the_square_root_of_the_price() -> None:
    assert fold_chance(0.5, 3, 7) == 0.5  # price 3 / 10: the price the counts are taken at
    assert fold_chance(0.5, 1, 9) == pytest.approx(0.5 * (0.1 / 0.3) ** 0.5, abs=1e-15)
    assert fold_chance(0.4, 6, 4) == pytest.approx(0.4 * 2.0**0.5, abs=1e-15)
    assert fold_chance(0.5, 0, 7) == 0.0 and fold_chance(0.5, -1, 7) == 0.0
    assert fold_chance(0.5, 0, 0) == 0.0  # nothing to call into nothing: no price at all
    assert fold_chance(0.9, 10, 0) == 0.97  # the cap: price 1 would give 1.64
    assert fold_chance(0.97 / 2**0.5, 6, 4) == pytest.approx(0.97, abs=1e-15)


def test_the_bet_sizes_after_the_flop_are_the_pots_fractions() -> None:
    # the pot is 12: a third (4), a half (6), three quarters (9), the pot (12)
    assert _play(_hand(3, _LIMPED))._sizes() == [4, 6, 9, 12]
    # facing a bet of 10 into 12 (the pot after calling: 32): raise by 0.6 and 1 of it
    assert _play(_hand(3, [*_LIMPED, ("bet", 10)]), raises=1)._sizes() == [29, 42]
    # 20 behind after the blinds: 12 would leave 8, under 0.35 of the pot of 36: all in
    assert _play(_hand(3, _LIMPED, stacks=24))._sizes() == [4, 6, 9, 20]
    # 16 behind: 9 leaves 7 (under 10.5) and all in is within 1.5 pots after calling
    assert _play(_hand(3, _LIMPED, stacks=20))._sizes() == [4, 6, 16]


def test_the_opening_sizes_before_the_flop() -> None:
    # unraised, two opponents: 3 big blinds; one limper more: 4; heads-up: 2.5
    assert _play(_hand(3, []))._sizes() == [12]
    assert _play(_hand(3, [("call", None)]))._sizes() == [16]
    assert _play(_hand(2, []))._sizes() == [10]
    # facing an open to 12: 3.5 times out of position, 3 times in it, 2.3 times a re-raise
    assert _play(_hand(3, [("raise_to", 12)]), raises=1)._sizes() == [42]
    assert _play(_hand(4, [("raise_to", 12)]), raises=1)._sizes() == [36]
    assert _play(_hand(4, [("raise_to", 12), ("raise_to", 36)]), raises=2)._sizes() == [83]
    # a dozen big blinds or fewer: all in or nothing; 13: a normal size
    assert _play(_hand(3, [], stacks=48))._sizes() == [48]
    assert _play(_hand(3, [], stacks=52))._sizes() == [12]
    # fixed limit: the one raise
    limit = Rules.preset("casino-limit")
    assert _play(_hand(3, [], rules=limit), forced=limit.big_blind)._sizes() == [
        2 * limit.big_blind]  # fmt: skip


def test_the_share_of_equity_realised() -> None:
    first = _play(_hand(3, _LIMPED))  # seat 1, out of position, two opponents
    assert first._realised(False) == pytest.approx(0.87 - 0.03)
    assert first._realised(True) == pytest.approx(0.87 - 0.03 + 0.04)
    last = _play(_hand(3, [*_LIMPED, ("check", None), ("check", None)]))  # the button
    assert last.in_position and last._realised(False) == pytest.approx(0.97)
    assert last._realised(True) == 1.0
    heads_up = _play(_hand(2, [("call", None), ("check", None)]))
    assert not heads_up.in_position and heads_up._realised(False) == 0.87  # the big blind
    button = _play(_hand(2, [("call", None), ("check", None), ("check", None)]))
    assert button.in_position and button._realised(False) == 1.0
    limit = Rules.preset("casino-limit")
    out = _play(_hand(2, [("call", None), ("check", None)], rules=limit))
    assert out._realised(False) == 0.93 and out._realised(True) == pytest.approx(0.97)
    river = [("call", None), ("check", None)] + [("check", None)] * 4
    assert _play(_hand(2, river))._realised(False) == 1.0


def test_the_bluffing_rate_balances_the_value_bets() -> None:
    play = _play(_hand(3, _LIMPED))  # a pot of 12
    # a pot-sized bet: a call risks 12 to win 36, 1/3; bluffs : value = 1/2 of value / air
    rate = (332 / 1326) * 0.5 / 0.5
    assert play._bluff_rate(Choice(Action.bet(12), 0.0)) == pytest.approx(rate)
    # a bet of 4: alpha = 4 / 20 = 1/5, 1/4 of value / air
    assert play._bluff_rate(Choice(Action.bet(4), 0.0)) == pytest.approx(rate * 0.5)
    drawing = _play(_hand(3, _LIMPED), draw=0.15)
    assert drawing._bluff_rate(Choice(Action.bet(12), 0.0)) == pytest.approx(2 * rate + 0.25)
    almost = _play(_hand(3, _LIMPED), draw=0.149)
    assert almost._bluff_rate(Choice(Action.bet(12), 0.0)) == pytest.approx(rate)
    play.ranges[play.me] = 0.0  # no range: no bluff
    assert play._bluff_rate(Choice(Action.bet(12), 0.0)) == 0.0
    play.ranges[play.me] = np.where(_SCORES > 0.8, 1.0, 0.0)  # all value, no air: capped at 1
    assert play._bluff_rate(Choice(Action.bet(12), 0.0)) == 1.0
    play.ranges[play.me] = np.where(_SCORES == 0.6, 1.0, 0.01)  # air: 6.63 of 340.95
    value = 3.32 / 340.95  # under 0.02 of air, read as 0.02
    assert play._bluff_rate(Choice(Action.bet(4), 0.0)) == pytest.approx(value * 0.25 / 0.02)


def test_a_tournament_prices_each_chip_risked_past_a_quarter_of_the_stack() -> None:
    cash = _play(_hand(3, _LIMPED))
    assert cash._risk(396) == 0.0
    play = _play(_hand(3, _LIMPED), tournament=True)  # 396 chips: a quarter is 99
    assert play._risk(99) == 0.0 and play._risk(50) == 0.0
    assert play._risk(100) == pytest.approx(0.06) and play._risk(396) == pytest.approx(0.06 * 297)


def test_the_values_of_checking_and_calling() -> None:
    # seat 1 first on the flop of a pot of 12, two opponents: 0.87 - 0.03 realised
    play = _play(_hand(3, _LIMPED))
    assert play._check_value() == pytest.approx(0.84 * 0.5 * 12)
    assert play.outlook.asked == [({}, {})]  # type: ignore[attr-defined]
    # seat 2 facing a bet of 10 into 12: 0.84 of half of 32, less the 10 it costs
    facing = [*_LIMPED, ("bet", 10)]
    assert _play(_hand(3, facing), raises=1)._call_value() == pytest.approx(0.84 * 16 - 10)
    # a draw on the flop adds 0.3 of its chance of half the pot (the stacks are deeper)
    drawing = _play(_hand(3, facing), raises=1, draw=0.2)
    assert drawing._call_value() == pytest.approx(0.84 * 16 - 10 + 0.3 * 0.2 * 0.5 * 32)
    # on the turn, all of it; what is left behind caps it (24 - 10 behind: 14)
    turn = [*_LIMPED, ("check", None), ("check", None), ("check", None), ("bet", 10)]
    assert _play(_hand(3, turn), raises=1, draw=0.2)._call_value() == pytest.approx(
        0.84 * 16 - 10 + 0.3 * 0.2 * 32)  # fmt: skip
    short = _play(_hand(3, turn, stacks=28), raises=1, draw=0.2)
    assert short._call_value() == pytest.approx(0.84 * 16 - 10 + 0.3 * 0.2 * 14)


def test_before_the_flop_the_players_to_come_enter_with_their_usual_frequency() -> None:
    play = _play(_hand(3, []))  # seat 0 first: the small blind owes 2, the big blind 0
    fold = float(Profile(players=3).frequencies(situation(0, 0))[WEAK])
    gains, present = play._entering()
    assert present == {1: 1.0 - fold} and list(gains) == [1]
    assert gains[1].fold == fold
    # once the small blind has called, nobody behind owes: everyone stays in
    assert _play(_hand(3, [("call", None), ("call", None)]))._entering() == ({}, {})
    assert _play(_hand(3, _LIMPED))._entering() == ({}, {})  # after the flop: none


def test_the_value_of_a_bet_from_each_opponents_folds() -> None:
    # seat 1 bets into 12 on the flop; each opponent folds its profile's share facing a
    # bet, times the square root of the price over 0.3; the bot wins the 12 when both
    # fold, else its equity of what the callers leave, the bet less
    base = float(Profile(players=3).frequencies(situation(1, 1))[WEAK])
    play = _play(_hand(3, _LIMPED))
    for to in (4, 6, 9, 12):
        fold = min(0.97, base * ((to / (12 + 2 * to)) / 0.3) ** 0.5)
        stays, both = 1.0 - fold, fold * fold
        called = 1.0 - both
        pot = 12 + to + 2 * stays * to / called
        choice = play._aggressive(to)
        assert choice.action == Action.bet(to)
        assert choice.fold == pytest.approx(both, abs=1e-12)
        assert choice.equity == 0.5
        assert choice.value == pytest.approx(both * 12 + called * (0.88 * 0.5 * pot - to))
        assert play.outlook.asked[-1][1] == pytest.approx(  # type: ignore[attr-defined]
            {0: stays / called, 2: stays / called})  # fmt: skip
    tournament = _play(_hand(3, _LIMPED), tournament=True)
    assert tournament._aggressive(12).value == pytest.approx(play._aggressive(12).value)
    short = _play(_hand(3, _LIMPED, stacks=104), tournament=True)  # 100 chips: 25 risk-free
    cash = _play(_hand(3, _LIMPED, stacks=104))
    assert short._sizes()[-1] == 12
    assert short._aggressive(100).value == pytest.approx(
        cash._aggressive(100).value - (1.0 - short._aggressive(100).fold) * 0.06 * 75
    )


def test_the_decision_takes_the_best_value_and_bluffs_at_the_balancing_rate() -> None:
    assert _play(_hand(3, _LIMPED)).decide() == Action.bet(12)  # the best of 4 to 12
    assert _play(_hand(3, _LIMPED), equity=0.0, at=0.0).decide() == Action.check()
    facing = [*_LIMPED, ("bet", 10)]
    assert _play(_hand(3, facing), raises=1, equity=0.0).decide() == Action.fold()
    assert _play(_hand(3, facing), raises=1, equity=0.5).decide() == Action.raise_to(42)
    # with no equity to speak of (0.1), betting 9 into 12 gains through folds alone:
    # bluff as often as 0.3 / 0.7 of the value hands (1/4 of the range) over the air (1/2)
    rate = (332 / 1326) * (9 / 30) / (21 / 30) / 0.5

    def bluff(at: float) -> Action:
        play = _play(_hand(3, _LIMPED), equity=0.1, at=at)
        for s in (0, 2):
            play.profiles[s].counts[situation(1, 1)] = [1000, 0, 0]  # folds to bets
        return play.decide()

    assert bluff(rate - 1e-9) == Action.bet(9)
    assert bluff(rate) == Action.check()


def test_a_monster_is_checked_a_quarter_of_the_time_to_a_player_who_bets() -> None:
    def decide(at: float, bets: int = 100, mine: float = 0.95) -> Action:
        play = _play(_hand(2, [("call", None), ("check", None)]), equity=1.0, mine=mine, at=at)
        play.profiles[0].counts[situation(1, 0)] = [100 - bets, 0, bets]
        return play.decide()

    assert decide(0.2499) == Action.check()
    assert decide(0.25) == Action.bet(8)
    assert decide(0.0, mine=0.89) == Action.bet(8)
    assert decide(0.0, mine=0.9) == Action.check()
    assert decide(0.0, bets=0) == Action.bet(8)  # a player who checks behind: bet


def test_a_new_tracker_has_read_nothing() -> None:
    assert Tracker().state() == {
        "street": 0, "pot": 0, "bets": [], "forced": 0, "raises": 0, "board": [], "shown": [],
        "folded": [], "voluntary": [], "raised": [], "acted": [], "last_aggressor": -1,
        "events": 0, "straddle_pending": False,
    }  # fmt: skip
    assert Tracker(straddle=True).state()["straddle_pending"] is True


def test_who_is_behind_the_bot_and_how_deep() -> None:
    # the flop: seat 1 bets 10, seat 2 raises to 30; seat 0 (the button) to act
    hand = _hand(3, [*_LIMPED, ("bet", 10), ("raise_to", 30)], stacks=300)
    play = _play(hand, raises=2)
    assert play.behind == [1, 2] and play.live == [1, 2] and play.actors == [1, 2]
    assert play.effective == 296 and play.in_position
    assert _play(hand, raises=2, acted=frozenset({1, 2})).behind == [1]
    first = _play(_hand(3, _LIMPED))  # nobody has acted: both are behind
    assert first.behind == [0, 2]
    assert _play(_hand(3, _LIMPED), acted=frozenset({0}), mine=0.5).behind == [2]
    called = _play(
        _hand(3, [*_LIMPED, ("check", None), ("bet", 10), ("call", None)]), acted=frozenset({0, 2})
    )
    assert called.me == 1 and called.behind == [] and called.level == 10


def test_a_range_narrowed_since_its_first_decision_folds_less() -> None:
    # seat 2's range is now its top hands alone; measured against the range it had, a
    # fold of 0.42 leaves (by belief) all of them, else 0.58 of them
    hand = _hand(3, _LIMPED)
    play = _play(hand)
    top = np.where(_SCORES == 0.9, 1.0, 0.0)
    play.ranges[2] = top
    plain = play._continuing(2, 0.42)
    assert plain[1] == pytest.approx(0.58) and plain[0].fold == 0.42
    view = hand.view(1)
    narrowed = Play(view, play.ranges, play.profiles, play.ranking, _Outlook(0.5), _Fixed(0.5),
                    mine=0.5, draw=0.0, raises=0, forced=4,
                    reference={2: np.ones(1326)})  # fmt: skip
    belief = play.profiles[2].honesty(preflop=False)
    going, stays = narrowed._continuing(2, 0.42)
    assert going.edge == 0.2 and stays == pytest.approx(belief + (1.0 - belief) * 0.58)
    narrowed.ranges[2] = 0.0  # nothing left: it goes on as often as it does not fold
    narrowed._base_cum.clear()
    assert narrowed._continuing(2, 0.42)[1] == pytest.approx(0.58)


def test_shallow_stacks_before_the_flop_push_or_fold() -> None:
    # 40 chips, 10 big blinds: all in or fold, a call only for most of the stack
    opened = _play(_hand(3, [("raise_to", 12)], stacks=40), raises=1, equity=0.6)
    assert opened._push_fold() and not opened._may_call() and opened._sizes() == [40]
    assert opened.decide() == Action.raise_to(40)
    assert _play(_hand(3, [("raise_to", 12)], stacks=40), raises=1, equity=0.2).decide() == (
        Action.fold())  # fmt: skip
    # the small blind has 38 behind: calling 19 is half of it, 18 is less
    assert _play(_hand(3, [("raise_to", 21)], stacks=40), raises=1)._may_call()
    assert not _play(_hand(3, [("raise_to", 20)], stacks=40), raises=1)._may_call()
    # against a player all in, any call: the big blind calls 8 of 36 to the button's 12
    hand = Hand(NL, [12, 40], button=0, rng=random.Random(5))
    hand.raise_to(12)
    shove = _play(hand, raises=1, equity=0.6)
    assert shove.actors == [] and shove._may_call() and shove.decide() == Action.call()
    # deeper than a dozen big blinds, or after the flop: play on
    assert not _play(_hand(3, [("raise_to", 12)], stacks=52), raises=1)._push_fold()
    assert _play(_hand(3, [("raise_to", 12)], stacks=48), raises=1)._push_fold()
    assert not _play(_hand(3, _LIMPED, stacks=40))._push_fold()
    limit = Rules.preset("casino-limit")
    assert not _play(_hand(3, [], stacks=40, rules=limit), forced=limit.big_blind)._push_fold()


def test_the_straddlers_choice_straddles_or_folds() -> None:
    ct = Rules.preset("computer-tournament")
    hand = _hand(3, [], stacks=1000, rules=ct)  # seat 1: fold or straddle to 10
    assert _play(hand, equity=0.0, forced=5).decide() == Action.fold()
    assert _play(hand, equity=0.3, forced=5).decide() == Action.raise_to(10)


def test_with_no_way_to_stay_the_bot_bets_or_raises_the_least() -> None:
    raise_only = LegalActions(0, Street.FLOP, (ActionKind.RAISE,), min_to=20, max_to=40)
    assert Play._any(raise_only) == Action.raise_to(20)
    bet_only = LegalActions(0, Street.FLOP, (ActionKind.BET,), min_to=4, max_to=40)
    assert Play._any(bet_only) == Action.bet(4)


def test_the_bluffing_rate_at_its_edges() -> None:
    play = _play(_hand(3, _LIMPED))
    rate = (332 / 1326) * 0.5 / 0.5  # a pot-sized bet, as above
    play.ranges[play.me] = 1.0 / 1326  # a range of total weight 1: the same shares
    assert play._bluff_rate(Choice(Action.bet(12), 0.0)) == pytest.approx(rate)
    # a hand scored 0.8 is a value hand, one scored 0.45 is not air
    play.ranges[play.me] = 1.0
    play.scores = np.array([0.44] * 331 + [0.45] * 332 + [0.6] * 331 + [0.8] * 332)
    assert play._bluff_rate(Choice(Action.bet(12), 0.0)) == pytest.approx(332 / 331 * 0.5)
    # with 10 in front of it, a raise to 60 adds 50 to a pot of 52: a call risks 50 to
    # win 152
    hand = _hand(3, [*_LIMPED, ("bet", 10), ("raise_to", 30), ("fold", None)])
    raising = _play(hand, raises=2)
    assert raising.bet == 10 and raising.pot == 52
    alpha = 50 / 152
    assert raising._bluff_rate(Choice(Action.raise_to(60), 0.0)) == pytest.approx(
        (332 / 1326) * alpha / (1 - alpha) / 0.5)  # fmt: skip


def test_each_value_asks_the_outlook_with_who_goes_on_and_how_often() -> None:
    fold = float(Profile(players=3).frequencies(situation(0, 0))[WEAK])
    # seat 0 first before the flop: the small blind enters with 1 - its usual fold
    pre = _play(_hand(3, []))
    pre._call_value()
    gains, present = pre.outlook.asked[-1]  # type: ignore[attr-defined]
    assert list(gains) == [1] and present == {1: 1.0 - fold}
    limped = _play(_hand(3, [("call", None), ("call", None)]))  # the big blind's option
    limped._check_value()
    assert limped.outlook.asked == [({}, {})]  # type: ignore[attr-defined]
    play = _play(_hand(3, _LIMPED))
    play._aggressive(12)
    gains, present = play.outlook.asked[-1]  # type: ignore[attr-defined]
    assert sorted(gains) == [0, 2] and sorted(present) == [0, 2]


def test_more_tracker_edges() -> None:
    t = Tracker()
    t.feed(_event(EventKind.ANTE, 0, 0, 1))
    t.feed(_event(EventKind.ANTE, 0, 1, 1))  # antes add up
    assert t.pot == 2
    t.feed(_event(EventKind.BLIND, 0, 0, 2))
    t.feed(_event(EventKind.BLIND, 0, 1, 4))
    t.feed(_event(EventKind.BOARD, 1, cards=(1, 2, 3)))
    bet = t.feed(_event(EventKind.BET, 1, 0, 1, 1))  # all in for 1 chip after the flop
    assert bet is not None and bet.facing is False
    call = t.feed(_event(EventKind.CALL, 1, 1, 1))
    assert call is not None and call.facing is True and call.to_call == 1  # 1 > 0 faces
    pending = Tracker(straddle=True)
    assert pending.feed(_event(EventKind.FOLD, 0, 2)) is None and pending.folded == {2}


def test_more_sizes() -> None:
    # 4-handed: the button faces a re-raise to 40 in position: 2.3 times, not 3
    script = [("raise_to", 12), ("call", None), ("raise_to", 40), ("fold", None), ("fold", None)]
    assert _play(_hand(4, script), raises=2)._sizes() == [92]
    # with 10 in front against a raise to 30 (pot 52, 20 owed: 72 after calling),
    # 0.6 and 1 of it over 30; with 140 chips, 73 leaves 67 (not under 62.3): kept
    raised = [*_LIMPED, ("bet", 10), ("raise_to", 30), ("fold", None)]
    assert _play(_hand(3, raised), raises=2)._sizes() == [73, 102]
    assert _play(_hand(3, raised, stacks=144), raises=2)._sizes() == [73, 140]
    # 11 behind, a bet of 4 leaves 7: exactly 0.35 of the 20 it makes, so not all in
    assert _play(_hand(3, _LIMPED, stacks=15))._sizes() == [4, 11]
    # 30 behind, twice and a half the pot of 12: no all in among the sizes
    assert _play(_hand(3, _LIMPED, stacks=34))._sizes() == [4, 6, 9, 12]


def test_four_players_realise_less() -> None:
    play = _play(_hand(4, [("call", None), ("call", None), ("call", None), ("check", None)]))
    assert len(play.live) == 3 and not play.in_position
    assert play._realised(False) == pytest.approx(0.87 - 0.06)


def test_a_bet_against_a_player_all_in_and_one_who_may_fold() -> None:
    # seat 0 is all in for 20 before the flop, both others call: a pot of 60; seat 1
    # bets 30: seat 0 is in the pot whatever happens, seat 2 folds 0.42 times the root
    # of the price (30 / 120) over 0.3, so nobody takes the pot without a showdown
    hand = Hand(NL, [20, 400, 400], button=0, rng=random.Random(5))
    hand.raise_to(20), hand.call(), hand.call()
    play = _play(hand)
    assert play.actors == [2] and play.live == [0, 2]
    base = float(Profile(players=3).frequencies(situation(1, 1))[WEAK])
    fold = base * ((30 / 120) / 0.3) ** 0.5
    choice = play._aggressive(30)
    assert choice.fold == 0.0 and choice.action == Action.bet(30)
    assert choice.value == pytest.approx(0.88 * 0.5 * (90 + 30 * (1 - fold)) - 30)
    gains, present = play.outlook.asked[-1]  # type: ignore[attr-defined]
    assert list(gains) == [2] and present == pytest.approx({0: 1.0, 2: 1 - fold})


def test_the_continuing_ranges_carry_each_players_belief() -> None:
    post = _play(_hand(3, _LIMPED))
    going, _ = post._continuing(2, 0.42)
    assert going.belief == post.profiles[2].honesty(preflop=False)
    pre = _play(_hand(3, []))
    pre.profiles[1].honest = [0.0, 10.0, 10.0, 10.0]  # random before the flop, honest after
    going, _ = pre._continuing(1, 0.42)
    assert going.belief == pre.profiles[1].honesty(preflop=True)
    assert pre.profiles[1].honesty(preflop=True) < pre.profiles[1].honesty(preflop=False)
    # a reference range, the range now of total weight 1: the same share goes on
    hand = _hand(3, _LIMPED)
    ranges = np.ones((3, 1326))
    ranges[2] = np.where(_SCORES == 0.9, 1.0 / 332, 0.0)
    narrowed = Play(hand.view(1), ranges, post.profiles, post.ranking, _Outlook(0.5),
                    _Fixed(0.5), mine=0.5, draw=0.0, raises=0, forced=4,
                    reference={2: np.ones(1326)})  # fmt: skip
    belief = post.profiles[2].honesty(preflop=False)
    assert narrowed._continuing(2, 0.42)[1] == pytest.approx(belief + (1 - belief) * 0.58)


def test_a_decision_is_a_cash_games_unless_told() -> None:
    hand = _hand(3, _LIMPED)
    play = Play(hand.view(1), np.ones((3, 1326)), [Profile(players=3)] * 3, Ranking(_SCORES),
                _Outlook(0.5), _Fixed(0.5), mine=0.5, draw=0.0, raises=0, forced=4)  # fmt: skip
    assert not play.tournament and play._risk(396) == 0.0


def test_a_draw_semi_bluffs_a_bet_the_model_rates_close_to_checking() -> None:
    # at an equity of 0.28 on the flop, betting 4 (worth 2.656) is within 0.05 of the pot
    # of checking (2.822); a draw of 0.15 or more bets it half its bluffing rate's time
    def decide(at: float, draw: float = 0.2, equity: float = 0.28) -> Action:
        return _play(_hand(3, _LIMPED), equity=equity, draw=draw, at=at).decide()

    play = _play(_hand(3, _LIMPED), equity=0.28, draw=0.2)
    assert play._aggressive(4).value == pytest.approx(2.6556, abs=1e-4)
    assert play._check_value() == pytest.approx(0.84 * 0.28 * 12)
    half = 0.5 * play._bluff_rate(play._aggressive(4))
    assert half == pytest.approx(0.5 * (2 * (332 / 1326) * 0.25 / 0.5 + 0.25))
    assert decide(0.0) == Action.bet(4)
    assert decide(half - 1e-9) == Action.bet(4)
    assert decide(half) == Action.check()
    assert decide(0.3) == Action.check() and decide(0.9) == Action.check()
    assert decide(0.0, draw=0.15) == Action.bet(4)
    assert decide(0.0, draw=0.149) == Action.check()
    assert decide(0.0, equity=0.0) == Action.check()  # 2.1 below checking: too far
    assert _play(_hand(3, []), equity=0.28, draw=0.2, at=0.0).decide() != Action.bet(4)


def test_a_call_worth_a_little_more_than_folding_is_made() -> None:
    facing = [*_LIMPED, ("bet", 10)]
    call = _play(_hand(3, facing), raises=1, equity=0.38)
    assert call._call_value() == pytest.approx(0.84 * 0.38 * 32 - 10)  # 0.2144
    assert call.decide() == Action.call()
    assert _play(_hand(3, facing), raises=1, equity=0.37).decide() == Action.fold()  # -0.05


def test_a_small_blind_owing_one_chip_folds_a_hand_worth_nothing() -> None:
    limit = Rules.preset("casino-limit")
    hand = _hand(3, [("call", None)], rules=limit)  # the small blind owes 1
    play = _play(hand, equity=0.0, forced=limit.big_blind)
    assert play.legal.to_call == 1 and play.decide() == Action.fold()


def test_every_player_still_to_come_who_owes_is_counted() -> None:
    # 6-handed, seat 3 opens to 12 and seat 4 decides: the button, both blinds and seat 5
    # owe chips; seat 3, which has matched the level, is passed over, not the end of them
    play = _play(_hand(6, [("raise_to", 12)]), raises=1)
    assert play.behind == [0, 1, 2, 3, 5]
    assert sorted(play._entering()[0]) == [0, 1, 2, 5]


def test_no_slow_play_on_the_river_or_facing_a_bet() -> None:
    def decide(script: list[tuple[str, int | None]], raises: int = 0) -> Action:
        play = _play(_hand(2, script), equity=1.0, mine=0.95, at=0.0, raises=raises)
        for profile in play.profiles:
            profile.counts[situation(1, 0)] = [0, 0, 100]  # bets when checked to
        return play.decide()

    assert decide([("call", None), ("check", None)]) == Action.check()  # the flop: slow
    river = [("call", None), ("check", None)] + [("check", None)] * 4
    assert decide(river).kind is ActionKind.BET
    facing = [("call", None), ("check", None), ("check", None), ("bet", 4), ("raise_to", 12)]
    assert decide(facing, raises=2).kind is ActionKind.RAISE


def test_a_draw_adds_implied_odds_only_after_the_flop_before_the_river_in_big_bet() -> None:
    checks = [("check", None)] * 6
    river = _play(_hand(3, [*_LIMPED, *checks, ("bet", 10)]), raises=1, draw=0.2)
    assert river.river and river._call_value() == pytest.approx(0.5 * 32 - 10)
    pre = _play(_hand(3, []), draw=0.2)  # the button, in position, one opponent more
    assert pre._call_value() == pytest.approx(0.97 * 0.5 * 10 - 4)
    limit = Rules.preset("casino-limit")
    hand = _hand(3, [*_LIMPED, ("bet", limit.big_blind)], rules=limit)
    play = _play(hand, raises=1, draw=0.2, forced=limit.big_blind)
    pot, call = play.pot + play.legal.call, play.legal.call
    assert play._call_value() == pytest.approx((0.93 - 0.03) * 0.5 * pot - call)


def test_a_tournament_call_pays_for_the_chips_it_risks() -> None:
    # seat 1 bets its last 100 into 12; seat 2, 100 behind, may only call or fold: at an
    # equity of 0.57 the call is worth 0.84 * 0.57 * 212 - 100 = 1.51, less 0.06 of the
    # 75 chips past a quarter of the stack (4.5) in a tournament
    script = [*_LIMPED, ("bet", 100)]
    cash = _play(_hand(3, script, stacks=104), raises=1, equity=0.57)
    assert not cash.legal.can_raise
    assert cash._call_value() == pytest.approx(0.84 * 0.57 * 212 - 100)
    assert cash.decide() == Action.call()
    tournament = _play(_hand(3, script, stacks=104), raises=1, equity=0.57, tournament=True)
    assert tournament.decide() == Action.fold()


# ------------------------------------------------------------------ the second round's survivors


def _sure(play: Play, seat: int, weak: float = 1.0, strong: float = 0.0) -> None:
    """``seat`` answers a bet as its actions say (honesty 1), folding its weakest hands
    most of the time (at most 0.97 of them at a price of 0.3: 100 folds counted in every
    situation), and holds ``weak`` on each hand scored 0.2, ``strong`` on each scored 0.9
    of a range it had as a whole when it first decided."""
    profile = play.profiles[seat]
    profile.honest = [0.0, 0.0, 100.0, 1.0]  # (100 + 0.85) / 2: above 1, so 1
    profile.counts[:] = [100.0, 0.0, 0.0]
    play.ranges[seat] = np.where(_SCORES == 0.2, weak, np.where(_SCORES == 0.9, strong, 0.0))
    play.reference = {seat: np.ones(1326)}


def test_a_bet_everyone_surely_folds_to_wins_the_pot_as_it_stands() -> None:
    # heads-up on the flop, a pot of 8: the big blind bets; the button holds only hands
    # below its folding edge and plays them as its actions say, so it always folds: the
    # bet wins the 8 for sure, no equity asked of the outlook
    play = _play(_hand(2, [("call", None), ("check", None)]))
    _sure(play, 0)
    assert play.profiles[0].honesty(preflop=False) == 1.0
    for to in (4, 8, 12):
        assert play._aggressive(to) == Choice(Action.bet(to), 8.0, 0.0, 1.0)
    assert play.outlook.asked == []  # type: ignore[attr-defined]


def test_a_caller_certain_to_be_in_the_pot_when_called_is_in_it_once() -> None:
    # the button folds 0.95 of its first range (edge 0.9: a hand scored 0.9 goes on half
    # the time) and now holds two such hands and eight weak ones: it stays 0.1 of the
    # time, and when the bet is called it is the one who called: present exactly 1 (the
    # sum 1 - (1 - 0.1) rounds to a little under 0.1)
    play = _play(_hand(2, [("call", None), ("check", None)]))
    _sure(play, 0, weak=0.0, strong=0.0)
    play.ranges[0][np.flatnonzero(_SCORES == 0.9)[:2]] = 1.0
    play.ranges[0][np.flatnonzero(_SCORES == 0.2)[:8]] = 1.0
    fold = play._aggressive(8).fold
    assert fold == 0.9 and 1.0 - fold < 0.1
    assert play.outlook.asked[-1][1] == {0: 1.0}  # type: ignore[attr-defined]


def test_a_bet_as_good_as_checking_is_not_made() -> None:
    # on the river with the nuts (equity 1), checking is worth the whole pot of 12, as
    # is a bet every opponent surely folds to: not better, so check, whatever the draw
    river = [("call", None), ("check", None)] + [("check", None)] * 4
    play = _play(_hand(2, river), equity=1.0, at=0.0)
    _sure(play, 0)
    assert play._check_value() == 8.0 and play._aggressive(8).value == 8.0
    assert play.decide() == Action.check()


def test_a_call_worth_exactly_nothing_is_made() -> None:
    # on the river, 10 to call into 22: at an equity of 10 / 32 the call is worth
    # 0.3125 * 32 - 10 = 0 exactly, what folding is worth: call
    checks = [("check", None)] * 6
    play = _play(_hand(3, [*_LIMPED, *checks, ("bet", 10)]), raises=1, equity=0.3125)
    assert play._call_value() == 0.0
    assert play.decide() == Action.call()


def test_a_semi_bluff_exactly_0_05_of_the_pot_below_calling_is_not_made() -> None:
    # heads-up on the turn, the button faces a bet of 12 into 8 (a pot of 20) with 20
    # behind: calling at equity 1 in position is worth the 20 plus a draw of 1/6's
    # implied odds, 0.3 * 1/6 * 20 = 1; raising all in, which the opponent surely folds
    # to, is worth the 20: exactly 0.05 of the pot below calling, not within it
    script = [("call", None), ("check", None), ("check", None), ("check", None), ("bet", 12)]
    play = _play(_hand(2, script, stacks=36), equity=1.0, raises=1, draw=1 / 6, at=0.0)
    _sure(play, 1)
    assert play.pot == 20 and play.in_position and play._sizes() == [32]
    assert play._call_value() == 21.0 and play._aggressive(32).value == 20.0
    assert 0.05 * play.pot == 1.0
    assert play.decide() == Action.call()


def test_no_slow_play_against_a_player_who_bets_exactly_0_35_of_the_time() -> None:
    def decide(bets: float) -> Action:
        play = _play(_hand(2, [("call", None), ("check", None)]), equity=1.0, mine=0.95, at=0.0)
        # the cached frequencies: folds, calls, bets when checked to
        play.profiles[0]._known[situation(1, 0)] = np.array([1.0 - bets, 0.0, bets])
        return play.decide()

    assert decide(0.35) == Action.bet(8)
    assert decide(0.3500001) == Action.check()


def test_a_raise_values_each_opponents_fold_to_a_raise() -> None:
    # seat 2 faces a bet of 10 into 12 on the flop and raises to 29: seat 1 (10 in) owes
    # 19 and seat 0 (nothing in) 29 into a pot of 51; each folds its share facing a raise,
    # not a bet, times the root of its price over 0.3; out of position against two, it
    # realises 0.87 - 0.03 + 0.04 of its equity
    play = _play(_hand(3, [*_LIMPED, ("bet", 10)]), raises=1)
    base = float(Profile(players=3).frequencies(situation(1, 2))[WEAK])
    assert base != float(Profile(players=3).frequencies(situation(1, 1))[WEAK])
    f0, f1 = (min(0.97, base * ((owe / (51 + owe)) / 0.3) ** 0.5) for owe in (29, 19))
    called = 1.0 - f0 * f1
    pot = 51 + ((1 - f0) * 29 + (1 - f1) * 19) / called
    choice = play._aggressive(29)
    assert choice.fold == pytest.approx(f0 * f1, abs=1e-12)
    assert choice.value == pytest.approx(f0 * f1 * 22 + called * (0.88 * 0.5 * pot - 29))


def test_a_raise_with_chips_in_front_adds_only_the_rest() -> None:
    # seat 1 bet 10, seat 2 raised to 30, seat 0 folded; seat 1 raises to 60: it adds
    # 50 to the pot of 52 (102), seat 2 owes 30 of it; out of position heads-up it
    # realises 0.87 + 0.04 of its equity of the 132 a call makes
    hand = _hand(3, [*_LIMPED, ("bet", 10), ("raise_to", 30), ("fold", None)])
    play = _play(hand, raises=2)
    base = float(Profile(players=3).frequencies(situation(1, 2))[WEAK])
    fold = min(0.97, base * ((30 / 132) / 0.3) ** 0.5)
    choice = play._aggressive(60)
    assert choice.fold == pytest.approx(fold, abs=1e-12)
    assert choice.value == pytest.approx(fold * 52 + (1 - fold) * (0.91 * 0.5 * 132 - 50))


def test_an_opponent_with_one_chip_left_may_still_fold_to_a_bet() -> None:
    # the big blind has 1 chip behind after the flop; seat 1 bets 4: seat 0 owes 4 and
    # seat 2 its last chip, each folding its share facing a bet at its own price
    play = _play(_one_chip())
    assert play.actors == [0, 2] and play.total[2] == 1
    base = float(Profile(players=3).frequencies(situation(1, 1))[WEAK])
    f0 = base * ((4 / 20) / 0.3) ** 0.5
    f2 = base * ((1 / 17) / 0.3) ** 0.5
    choice = play._aggressive(4)
    assert choice.fold == pytest.approx(f0 * f2, abs=1e-12)
    gains, present = play.outlook.asked[-1]  # type: ignore[attr-defined]
    assert sorted(gains) == [0, 2]
    assert present == pytest.approx({0: (1 - f0) / (1 - f0 * f2), 2: (1 - f2) / (1 - f0 * f2)})


def _one_chip() -> Hand:
    hand = Hand(NL, [400, 400, 5], button=0, rng=random.Random(5))
    hand.call(), hand.call(), hand.check()
    return hand


def test_the_straddlers_raise_counts_the_others_folds_as_to_an_open() -> None:
    # 001: seat 1 may fold or straddle to 10; the button (5 in) owes 5 and seat 2 owes
    # 10 into a pot of 21, each folding its unraised share (1/2 at three players)
    ct = Rules.preset("computer-tournament")
    play = _play(_hand(3, [], stacks=1000, rules=ct), equity=0.3, forced=5)
    base = float(Profile(players=3).frequencies(situation(0, 0))[WEAK])
    assert base == 0.5
    f0, f2 = fold_chance(base, 5, 21), fold_chance(base, 10, 21)
    assert play._aggressive(10).fold == pytest.approx(f0 * f2, abs=1e-12)


def test_the_opening_size_counts_limpers_at_a_big_blind_of_one_chip() -> None:
    # blinds 1 and 1, four players: seat 3 limps; the button opens to 3 big blinds and
    # one more for each limper past the first who matched: both blinds and the limper
    ones = Rules.preset("no-limit", blinds=(1, 1))
    play = _play(_hand(4, [("call", None)], rules=ones), forced=1)
    assert play.level == 1 and play._sizes() == [5]


def test_the_opening_size_with_no_blinds_counts_no_limper() -> None:
    # antes only, a minimum bet of 4: nobody has bet, so nobody limped: 3 units to open
    antes = Rules.preset("no-limit", blinds=(), antes=1, min_bet=4)
    play = _play(_hand(3, [], rules=antes), forced=0)
    assert play.level == 0 and play._sizes() == [12]


def test_the_opening_size_is_in_big_blinds_not_minimum_bets() -> None:
    # a minimum bet of 8 over blinds of 2 and 4: the open is 3 big blinds, 12
    rules = Rules.preset("no-limit", min_bet=8)
    play = _play(_hand(3, [], rules=rules))
    assert play.blind == 4 and play._sizes() == [12]


def test_a_short_big_blind_still_sets_the_level_in_full() -> None:
    # pot limit, the big blind all in for 3 of its 4: the button owes the full 4; the
    # pot after calling is 9, so the pot-sized raise to 13 is within 1.5 of it and kept
    pot_limit = Rules.preset("no-limit", structure=Structure.POT_LIMIT)
    play = _play(Hand(pot_limit, [400, 400, 3], button=0, rng=random.Random(5)))
    assert play.level == 4 and play.legal.max_to == 13
    assert play._sizes() == [12, 13]


def test_all_in_is_a_size_exactly_when_it_is_within_1_5_pots_after_calling() -> None:
    # 6-handed: seat 3 opens to 12 and four call; the big blind (4 in) owes 8, a pot of
    # 72 after calling: 108 more is exactly 1.5 of it; 3.5 times the open, 42, leaves
    # too much to be all in by the commit rule
    def sizes(stack: int) -> list[int]:
        hand = Hand(NL, [stack] * 6, button=0, rng=random.Random(5))
        hand.raise_to(12), hand.call(), hand.call(), hand.call(), hand.call()
        return _play(hand, raises=1)._sizes()

    assert sizes(112) == [42, 112]
    assert sizes(113) == [42]


def test_a_raise_facing_a_one_chip_bet_is_sized_as_a_raise() -> None:
    # seat 1 bets its last chip into 12 on the flop; seat 2 owes 1 (14 after calling):
    # raises of 0.6 and 1 of it over the 1, to 9 and 15
    hand = Hand(NL, [400, 5, 400], button=0, rng=random.Random(5))
    hand.call(), hand.call(), hand.check(), hand.bet(1)
    assert _play(hand, raises=1)._sizes() == [9, 15]
