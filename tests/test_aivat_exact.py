"""AIVAT's correction worked out by hand: ``V`` and each action's term on made-up spots,
the chance terms telescoping over a board, and a whole hand written out (aces against
kings, a raise on the flop, a fold on the river) whose luck is 67 − 2·E₀ − 32·E_flop,
with the flop's share counted by brute force; the refusals' texts and the relay that
keeps a known strategy's odds."""

from __future__ import annotations

from itertools import combinations
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import Action, ActionKind, Hand
from pokerroom.engine.deal import stacked_deck
from pokerroom.engine.events import EventKind
from pokerroom.evaluator import evaluate
from pokerroom.players.base import Player
from pokerroom.players.simple import CallingStation
from pokerroom.rules import Rules
from pokerroom.table import Table
from pokerroom.tournament.aivat import (
    Correction,
    Recorder,
    Told,
    aivat_problem,
    showdown_share,
)

K = ActionKind
NL = Rules.preset("no-limit")  # blinds 2/4, 1,000 chips


def codes(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def brute_share(hole: list[int], other: list[int], board: list[int]) -> float:
    """``hole``'s share of the showdown over every way the board can end."""
    rest = [c for c in range(52) if c not in hole + other + board]
    total, count = 0.0, 0
    for more in combinations(rest, 5 - len(board)):
        full = [*board, *more]
        mine, theirs = evaluate([*hole, *full]).value, evaluate([*other, *full]).value
        total += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        count += 1
    return total / count


def walk(share: float, committed: list[int]) -> Correction:
    c = Correction((tuple(codes("As Ad")), tuple(codes("Kc Kd"))), np.random.default_rng(0),
                   400, committed=list(committed), share=share, dealt=True)  # fmt: skip
    return c


def test_v_after_a_seat_puts_chips_in_or_folds() -> None:
    c = walk(0.75, [10, 20])
    assert c.pot == 30
    assert c.value(5, 0) == 0.75 * 35 - 15 == 11.25
    assert c.value(5, 1) == 0.75 * 35 - 10 == 16.25
    assert c.value(0, 1, folds=True) == 20.0  # seat 0 takes the other's chips
    assert c.value(0, 0, folds=True) == -10.0  # and loses its own
    assert c.committed == [10, 20]  # only worked out, not changed


def test_an_actions_term_is_what_it_did_less_what_it_was_expected_to_do() -> None:
    """Seat 0 calls 10 (to 20) where it folds ⅕, calls ½ and raises to 40 the rest:
    V after the call 0.75·40 − 20 = 10; expected ⅕·(−10) + ½·10 + 0.3·(0.75·60 − 40) = 4.5."""
    c = walk(0.75, [10, 20])
    c.action(0, EventKind.CALL, 10, [(K.FOLD, 0.2, 0.0), (K.CALL, 0.5, 0.0),
                                     (K.RAISE, 0.3, 40.0)], bets=(10, 20), call=10)  # fmt: skip
    assert c.luck == pytest.approx([5.5, -5.5], abs=1e-12)
    # seat 1 folds where it folds 0.4 and calls 10 the rest: 20 against
    # 0.4·20 + 0.6·(0.75·60 − 30) = 17
    c = walk(0.75, [30, 20])
    c.action(1, EventKind.FOLD, 0, [(K.FOLD, 0.4, 0.0), (K.CALL, 0.6, 0.0)],
             bets=(30, 20), call=10)  # fmt: skip
    assert c.luck == pytest.approx([3.0, -3.0], abs=1e-12)
    # seat 1 bets to 12 (from 2 in this round) where it checks ½ and bets to 12 ½:
    # V 0.5·(10 + 30) − 10 = 10 against ½·(0.5·30 − 10) + ½·10 = 7.5
    c = walk(0.5, [10, 20])
    c.action(1, EventKind.BET, 10, [(K.CHECK, 0.5, 0.0), (K.BET, 0.5, 12.0)],
             bets=(0, 2), call=0)  # fmt: skip
    assert c.luck == pytest.approx([2.5, -2.5], abs=1e-12)


def test_the_chance_terms_telescope_over_the_board() -> None:
    """Aces against kings, 5 chips each in: the hole cards (from ½), the turn and the river
    (the king of spades: quads for the kings) add up to (0 − ½)·10."""
    aces, kings, flop = codes("As Ad"), codes("Kc Kd"), codes("Ah 7c 2d")
    c = Correction((tuple(aces), tuple(kings)), np.random.default_rng(0), 400,
                   board=list(flop), committed=[5, 5])  # fmt: skip
    c.chance(())  # the hole cards: the board stays as it is
    on_flop = brute_share(aces, kings, flop)
    assert c.dealt and c.board == flop and c.share == pytest.approx(on_flop, abs=1e-12)
    assert c.luck == pytest.approx([(on_flop - 0.5) * 10, (0.5 - on_flop) * 10], abs=1e-12)
    c.chance(codes("Kh"))
    assert c.share == 43 / 44 and c.board == codes("Ah 7c 2d Kh")
    assert c.luck[0] == pytest.approx((43 / 44 - 0.5) * 10, abs=1e-12)
    c.chance(codes("Ks"))
    assert c.share == 0.0 and c.luck == pytest.approx([-5.0, 5.0], abs=1e-12)


def test_a_hand_written_out_has_the_luck_worked_out_by_hand() -> None:
    """Seat 0 (the button, small blind) As Ad, seat 1 Kc Kd; the board Ah 7c 2d, Kh, 3s.
    Pre-flop 0 calls, 1 checks; on the flop 1 bets 8, 0 raises to 24, 1 calls; the turn
    is checked; on the river 1 bets 40 and 0 folds. Only seat 1's strategy is known: on
    the flop it checks or bets 12 evenly, facing the raise it folds ¼, on the river it
    checks 0.6 and bets 40 0.4. With E₀ the pre-flop share drawn and E the flop's:

    * the cards: (E₀ − ½)·6 + (E − E₀)·8 + (E_turn − E)·56 + (1 − E_turn)·56;
    * the flop bet: 16E − 4 against ½(8E − 4) + ½(20E − 4): 2E;
    * the call of 16: 56E − 28 against ¼·12 + ¾(56E − 28): 14E − 10;
    * the river bet: 96 − 28 against 0.6·28 + 0.4·68: 24.

    In all 67 − 2·E₀ − 32·E for seat 0, the opposite for seat 1."""
    aces, kings = codes("As Ad"), codes("Kc Kd")
    deck = stacked_deck([aces, kings], codes("Ah 7c 2d Kh 3s"), button=0, burn_cards=True)
    hand = Hand(NL, [1000, 1000], button=0, deck=deck)
    for step in ("call", "check", ("bet", 8), ("bet", 24), "call", "check", "check",
                 ("bet", 40), "fold"):  # fmt: skip
        if step == "fold":
            hand.fold()
        elif isinstance(step, tuple):
            hand.bet_or_raise(step[1])
        else:
            hand.check_or_call()
    assert hand.is_over
    odds: dict[int, list[Any]] = {
        2: [(K.CHECK, 0.5, 0.0), (K.BET, 0.5, 12.0)],
        4: [(K.FOLD, 0.25, 0.0), (K.CALL, 0.75, 0.0)],
        7: [(K.CHECK, 0.6, 0.0), (K.BET, 0.4, 40.0)],
    }
    told = [SimpleNamespace(decisions={}), SimpleNamespace(decisions=odds)]
    recorder = Recorder(told, seed=11)  # type: ignore[arg-type]
    e0 = showdown_share(aces, kings, [], np.random.default_rng(11), samples=400)
    e = brute_share(aces, kings, codes("Ah 7c 2d"))
    luck = 67 - 2 * e0 - 32 * e
    assert recorder.luck(hand, [0, 1]) == pytest.approx([luck, -luck], abs=1e-9)
    # the table's seats 1 and 0 were the hand's 0 and 1 (the players listed by table seat);
    # each table seat's chips less its luck
    recorder = Recorder(told[::-1], seed=11)  # type: ignore[arg-type]
    recorder.note(hand, [1, 0], [28, -28])
    assert recorder.adjusted == [[pytest.approx(28 + luck, abs=1e-9)],
                                 [pytest.approx(-28 - luck, abs=1e-9)]]  # fmt: skip
    # 100 samples pre-flop instead of 400: another E₀
    few = Recorder(told, seed=11, samples=100)  # type: ignore[arg-type]
    e0 = showdown_share(aces, kings, [], np.random.default_rng(11), samples=100)
    assert few.luck(hand, [0, 1])[0] == pytest.approx(67 - 2 * e0 - 32 * e, abs=1e-9)


def test_a_raise_and_a_fold_before_the_flop() -> None:
    """The button raises to 12 where it folds, calls or raises to 12, a third each: V
    16E₀ − 12 against ⅓(−2) + ⅓(8E₀ − 4) + ⅓(16E₀ − 12), so 8E₀ − 6 (its raise puts
    10 in over its blind of 2). The big blind folds where it folds ½ and calls 8 ½: V 4
    against 2 + ½(24E₀ − 12), so 8 − 12E₀. With the deal's (E₀ − ½)·6: 2E₀ − 1."""
    deck = stacked_deck([codes("7s 2d"), codes("Ac Kd")], button=0, burn_cards=True)
    hand = Hand(NL, [1000, 1000], button=0, deck=deck)
    hand.bet_or_raise(12)
    hand.fold()
    told = [SimpleNamespace(decisions={0: [(K.FOLD, 1 / 3, 0.0), (K.CALL, 1 / 3, 0.0),
                                           (K.RAISE, 1 / 3, 12.0)]}),
            SimpleNamespace(decisions={1: [(K.FOLD, 0.5, 0.0), (K.CALL, 0.5, 0.0)]})]
    e0 = showdown_share(codes("7s 2d"), codes("Ac Kd"), [], np.random.default_rng(5), 400)
    got = Recorder(told, seed=5).luck(hand, [0, 1])  # type: ignore[arg-type]
    assert got == pytest.approx([2 * e0 - 1, 1 - 2 * e0], abs=1e-9)


def test_an_all_in_called_short_counts_the_pot_after_the_chips_returned() -> None:
    """Seat 1 has 30 chips and calls the button's all-in of 1000 with its last 26, where
    it folds ½: V 1030E₀ − 1000 against 2 + ½(1030E₀ − 1000), so 515E₀ − 502. The 970
    chips nobody can call go back: the board comes to a pot of 60, and the aces win it,
    so the cards' terms are (E₀ − ½)·6 + (1 − E₀)·60. In all 461E₀ − 445."""
    deck = stacked_deck([codes("As Ad"), codes("Kc Kd")], codes("Ah 7c 2d Kh 3s"), button=0,
                        burn_cards=True)  # fmt: skip
    hand = Hand(NL, [1000, 30], button=0, deck=deck)
    hand.bet_or_raise(1000)
    hand.check_or_call()
    assert hand.is_over
    told = [SimpleNamespace(decisions={}),
            SimpleNamespace(decisions={1: [(K.FOLD, 0.5, 0.0), (K.CALL, 0.5, 0.0)]})]
    e0 = showdown_share(codes("As Ad"), codes("Kc Kd"), [], np.random.default_rng(3), 400)
    got = Recorder(told, seed=3).luck(hand, [0, 1])  # type: ignore[arg-type]
    assert got == pytest.approx([461 * e0 - 445, 445 - 461 * e0], abs=1e-9)


def test_a_short_stacks_call_is_what_it_can_put_in() -> None:
    """Seat 1 has 30 chips and faces the button's all-in of 1000 pre-flop: a call would put
    its last 26 in, not 996. It folds where it folds ½: V 4 against ½·4 + ½·(1030·E₀ −
    1000), after the deal's (E₀ − ½)·6: 499 − 509·E₀ in all."""
    deck = stacked_deck([codes("As Ad"), codes("Kc Kd")], button=0, burn_cards=True)
    hand = Hand(NL, [1000, 30], button=0, deck=deck)
    hand.bet_or_raise(1000)
    hand.fold()
    told = [SimpleNamespace(decisions={}),
            SimpleNamespace(decisions={1: [(K.FOLD, 0.5, 0.0), (K.CALL, 0.5, 0.0)]})]
    e0 = showdown_share(codes("As Ad"), codes("Kc Kd"), [], np.random.default_rng(2), 400)
    got = Recorder(told, seed=2).luck(hand, [0, 1])  # type: ignore[arg-type]
    assert got == pytest.approx([499 - 509 * e0, 509 * e0 - 499], abs=1e-9)


def test_aivat_is_heads_up_with_a_standard_deck() -> None:
    assert aivat_problem(NL, 2) is None
    assert aivat_problem(NL, 3) == "AIVAT here is heads-up: 3 players"
    assert aivat_problem(Rules.preset("no-limit", wild="2"), 2) == (
        "AIVAT here needs a standard deck: these rules have wild cards")  # fmt: skip


class Known(CallingStation):
    """A calling station that states its odds, and counts its announcements."""

    def __init__(self) -> None:
        self.views: list[Any] = []
        self.announced = 0

    def odds(self, view: Any) -> list[Any] | None:
        self.views.append(view)
        return None if len(self.views) == 2 else [(K.CALL, 1.0, 0.0)]

    def announce(self, view: Any, budget: float) -> Any:
        self.announced += 1
        return super().announce(view, budget)


def test_told_keeps_each_decisions_odds_by_the_actions_before_it() -> None:
    table = Table(NL, 2)
    table.start_hand()
    player = Known()
    told = Told(player)
    assert told.known and not Told(object()).known  # type: ignore[arg-type]
    view = table.turn_view()
    action = told.act(view, 1.0)  # type: ignore[arg-type]
    assert action.kind is K.CALL
    assert told.decisions == {0: [(K.CALL, 1.0, 0.0)]}
    table.apply(action)
    view = table.turn_view()
    told.act(view, 1.0)  # type: ignore[arg-type]  # no odds the second time: none kept
    assert told.decisions == {0: [(K.CALL, 1.0, 0.0)]}
    told.act(view, 1.0)  # type: ignore[arg-type]
    assert told.decisions == {0: [(K.CALL, 1.0, 0.0)], 1: [(K.CALL, 1.0, 0.0)]}
    told.start_hand(SimpleNamespace())  # type: ignore[arg-type]
    assert told.decisions == {}


def test_a_share_before_the_flop_is_400_boards_by_default() -> None:
    aces, kings = codes("As Ad"), codes("Kc Kd")
    share = showdown_share(aces, kings, [], np.random.default_rng(1))
    assert share == showdown_share(aces, kings, [], np.random.default_rng(1), samples=400)
    assert share != showdown_share(aces, kings, [], np.random.default_rng(1), samples=401)
    assert share * 800 == round(share * 800)  # a mean over 400 boards, halves for ties


class Recording(Player):
    """A player that notes every call it gets, with what it was given."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any, Any]] = []

    def act(self, view: Any, budget: float) -> Action:
        self.calls.append(("act", view, budget))
        return Action.check()

    def announce(self, view: Any, budget: float) -> Action:
        self.calls.append(("announce", view, budget))
        return Action.fold()

    def start_game(self, game: Any) -> None:
        self.calls.append(("start_game", game, None))

    def start_hand(self, hand: Any) -> None:
        self.calls.append(("start_hand", hand, None))

    def observe(self, event: Any) -> None:
        self.calls.append(("observe", event, None))

    def end_hand(self, view: Any) -> None:
        self.calls.append(("end_hand", view, None))

    def end_game(self, result: Any) -> None:
        self.calls.append(("end_game", result, None))


def test_told_passes_everything_on_to_its_player_as_given() -> None:
    player = Recording()
    told = Told(player)
    assert not told.known
    view, hand, game = object(), object(), object()
    assert told.act(view, 2.5) == Action.check()  # type: ignore[arg-type]
    assert told.announce(view, 1.5) == Action.fold()  # type: ignore[arg-type]
    told.start_game(game)  # type: ignore[arg-type]
    told.start_hand(hand)  # type: ignore[arg-type]
    told.observe("event")  # type: ignore[arg-type]
    told.end_hand(view)  # type: ignore[arg-type]
    told.end_game("result")  # type: ignore[arg-type]
    assert player.calls == [("act", view, 2.5), ("announce", view, 1.5),
                            ("start_game", game, None), ("start_hand", hand, None),
                            ("observe", "event", None), ("end_hand", view, None),
                            ("end_game", "result", None)]  # fmt: skip
    assert told.decisions == {}
