"""Minimum defence (pokerroom.solver.defence) on small inputs worked out by hand: the most
to fold read off real betting, the seat's earlier decisions replayed, the floor's every
branch."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine import Hand, stacked_deck
from pokerroom.engine.actions import Action
from pokerroom.rules import Rules
from pokerroom.solver.defence import floor, most_to_fold, own_decisions

FOLD_CALL = (Action.fold(), Action.call())


def _hand() -> Hand:
    """Heads-up no limit, blinds 50 and 100, stacks of 10,000; the button (seat 0) holds
    2c 3d, the big blind Qh Jh; the board Ks 7h 2d, 9c, 4s."""
    rules = Rules.preset("no-limit", blinds=(50, 100), buy_in=10_000)
    deck = stacked_deck([parse_cards("2c 3d"), parse_cards("Qh Jh")],
                        parse_cards("Ks 7h 2d 9c 4s"), button=0,
                        burn_cards=rules.burn_cards)  # fmt: skip
    return Hand(rules, [10_000, 10_000], button=0, deck=deck)


def test_the_blinds_are_no_bet_and_a_limp_faces_nothing() -> None:
    hand = _hand()
    assert most_to_fold(hand.view(0)) is None  # the button faces the big blind only
    hand.apply(Action.call(), seat=0)
    assert most_to_fold(hand.view(1)) is None  # level bets: nothing to face


def test_a_raise_a_reraise_and_a_bet_each_give_their_chips_over_the_pot() -> None:
    hand = _hand()
    hand.apply(Action.raise_to(300), seat=0)
    assert most_to_fold(hand.view(1)) == pytest.approx(250 / 400)  # 250 more, pot 400
    hand.apply(Action.raise_to(900), seat=1)
    # the reraise's own chips (800 more), not its total, over the pot with them in
    assert most_to_fold(hand.view(0)) == pytest.approx(800 / 1200)
    assert most_to_fold(hand.view(1)) is None  # the raiser faces nothing
    hand.apply(Action.raise_to(2700), seat=0)
    assert most_to_fold(hand.view(1)) == pytest.approx(2400 / 3600)
    hand.apply(Action.call(), seat=1)
    # the flop: nobody has bet this round (the last bet was the pre-flop one)
    assert most_to_fold(hand.view(1)) is None
    hand.apply(Action.check(), seat=1)
    assert most_to_fold(hand.view(0)) is None
    hand.apply(Action.bet(1800), seat=0)
    assert most_to_fold(hand.view(1)) == pytest.approx(1800 / 7200)
    hand.apply(Action.raise_to(5400), seat=1)
    assert most_to_fold(hand.view(0)) == pytest.approx(5400 / 12600)


def test_a_bet_answered_by_a_call_is_no_longer_faced() -> None:
    hand = _hand()
    hand.apply(Action.raise_to(300), seat=0)
    hand.apply(Action.call(), seat=1)
    hand.apply(Action.bet(200), seat=1)
    assert most_to_fold(hand.view(0)) == pytest.approx(200 / 800)
    assert most_to_fold(hand.view(1)) is None


def test_own_decisions_are_the_views_the_seat_had_and_the_actions_it_took() -> None:
    hand = _hand()
    script = [(0, Action.raise_to(300)), (1, Action.raise_to(900)), (0, Action.call()),
              (1, Action.bet(600)), (0, Action.raise_to(2000)), (1, Action.call()),
              (1, Action.check()), (0, Action.check()), (1, Action.bet(1000))]  # fmt: skip
    seen: dict[int, list[tuple[object, ...]]] = {0: [], 1: []}
    for seat, action in script:
        view = hand.view(seat)
        seen[seat].append((view.street, tuple(view.board), tuple(view.stacks),
                           tuple(view.bets), view.pot, tuple(view.committed),
                           view.to_act, repr(view.legal), str(action)))  # fmt: skip
        hand.apply(action, seat=seat)
    for seat in (0, 1):
        view = hand.view(seat)
        got = own_decisions(view)
        assert [tuple(v.hole) for v, _ in got] == [tuple(view.hole)] * len(got)
        assert [(v.street, tuple(v.board), tuple(v.stacks), tuple(v.bets), v.pot,
                 tuple(v.committed), v.to_act, repr(v.legal), str(a))
                for v, a in got] == seen[seat]  # fmt: skip
    assert [str(a) for _, a in own_decisions(hand.view(0))] == [
        "raise to 300", "call", "raise to 2000", "check"]  # fmt: skip
    assert [a for _, a in own_decisions(hand.view(1))][:2] == [Action.raise_to(900),
                                                                Action.bet(600)]  # fmt: skip


def test_own_decisions_of_a_seat_that_has_not_acted_are_none() -> None:
    hand = _hand()
    assert own_decisions(hand.view(0)) == []
    hand.apply(Action.raise_to(300), seat=0)
    assert own_decisions(hand.view(1)) == []
    assert [a for _, a in own_decisions(hand.view(0))] == [Action.raise_to(300)]


# ------------------------------------------------------------------------------- floor


def test_the_floor_needs_both_a_fold_and_a_call() -> None:
    probs = np.array([[1.0, 1.0], [0.0, 0.0]])
    for actions in ((Action.fold(), Action.check()), (Action.call(), Action.raise_to(9))):
        assert floor(actions, probs, np.ones(2), np.array([0, 1]), 0.0) is probs


def test_the_floor_finds_the_fold_and_the_call_wherever_they_are() -> None:
    # rows: raise, call, fold; two holdings each folding all, at most half may fold
    probs = np.array([[0.0, 0.0], [0.0, 0.0], [1.0, 1.0]])
    actions = (Action.raise_to(9), Action.call(), Action.fold())
    out = floor(actions, probs, np.ones(2), np.array([0, 1]), 0.5)
    assert out.tolist() == [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0]]
    assert probs.tolist() == [[0.0, 0.0], [0.0, 0.0], [1.0, 1.0]]  # the input untouched


def test_holdings_without_a_bucket_neither_count_nor_move() -> None:
    # holding 0 (no bucket, weight 100) folds all: it is not in the range
    probs = np.array([[1.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    out = floor(FOLD_CALL, probs, np.array([100.0, 1.0, 1.0]), np.array([-1, 0, 1]), 0.5)
    assert out is probs  # the range (holdings 1 and 2) folds exactly one half
    out = floor(FOLD_CALL, probs, np.array([100.0, 1.0, 1.0]), np.array([-1, 0, 1]), 0.25)
    assert out.tolist() == [[1.0, 0.5, 0.0], [0.0, 0.5, 1.0]]
    # no holding in the range at all, or none with weight: nothing to move
    assert floor(FOLD_CALL, probs, np.ones(3), np.array([-1, -1, -1]), 0.0) is probs
    assert floor(FOLD_CALL, probs, np.zeros(3), np.array([0, 1, 2]), 0.0) is probs


def test_a_strong_bucket_that_folds_nothing_is_passed_over() -> None:
    # buckets 0, 1, 2 (2 strongest) of weight 1 each; bucket 2 never folds, 1 and 0 do
    probs = np.array([[1.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    out = floor(FOLD_CALL, probs, np.ones(3), np.array([0, 1, 2]), 0.0)
    assert out.tolist() == [[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]]  # every fold moved
    out = floor(FOLD_CALL, probs, np.ones(3), np.array([0, 1, 2]), 1 / 3)
    assert out.tolist() == [[1.0, 0.0, 0.0], [0.0, 1.0, 1.0]]  # bucket 1 alone moves
    # buckets need not be 0 .. n - 1: 5 above 3 above -1
    out = floor(FOLD_CALL, probs, np.ones(3), np.array([3, 5, -1]), 0.5)
    assert out.tolist() == [[1.0, 0.0, 0.0], [0.0, 1.0, 1.0]]


def test_the_floor_moves_within_a_bucket_in_proportion_to_each_fold() -> None:
    # one bucket: holdings fold 0.8 and 0.4 with weights 1 and 2 (mass 1.6 of 3); at most
    # 0.2 (0.6 of 3): 1.0 moves, each keeps 0.6 / 1.6 of its fold
    probs = np.array([[0.8, 0.4], [0.2, 0.6]])
    out = floor(FOLD_CALL, probs, np.array([1.0, 2.0]), np.array([4, 4]), 0.2)
    assert out[0].tolist() == pytest.approx([0.8 * 0.375, 0.4 * 0.375])
    assert out[1].tolist() == pytest.approx([0.2 + 0.8 * 0.625, 0.6 + 0.4 * 0.625])


def test_a_fold_a_hair_over_the_most_is_left_and_one_clearly_over_is_not() -> None:
    probs = np.array([[0.5 + 1e-14, 0.5], [0.5 - 1e-14, 0.5]])
    assert floor(FOLD_CALL, probs, np.ones(2), np.array([0, 1]), 0.5) is probs
    probs = np.array([[0.5 + 1e-9, 0.5], [0.5 - 1e-9, 0.5]])
    out = floor(FOLD_CALL, probs, np.ones(2), np.array([0, 1]), 0.5)
    assert out is not probs
    assert out[0, 1] == pytest.approx(0.5 - 1e-9, abs=1e-15) and out[0, 0] == probs[0, 0]


def test_a_range_of_little_weight_is_floored_like_any_other() -> None:
    # weights a quarter each (half a holding in all): the range folds 3/4 of it, at most 1/4
    probs = np.array([[1.0, 0.5], [0.0, 0.5]])
    out = floor(FOLD_CALL, probs, np.array([0.25, 0.25]), np.array([0, 1]), 0.25)
    assert out.tolist() == [[0.5, 0.0], [0.5, 1.0]]


def test_the_tolerance_is_a_trillionth_of_the_ranges_weight() -> None:
    # an excess of exactly 1e-12 of a range of weight 1: left as it is
    probs = np.array([[1e-12], [1 - 1e-12]])
    assert floor(FOLD_CALL, probs, np.ones(1), np.array([0]), 0.0) is probs
    # an excess of 2e-12 is within the tolerance of a range of weight 4, not of weight 1
    probs = np.array([[5e-13] * 4, [1 - 5e-13] * 4])
    assert floor(FOLD_CALL, probs, np.ones(4), np.array([0, 1, 2, 3]), 0.0) is probs
    probs = np.array([[2e-12], [1 - 2e-12]])
    assert floor(FOLD_CALL, probs, np.ones(1), np.array([0]), 0.0)[0, 0] == 0.0


def test_the_floor_stops_as_soon_as_the_excess_is_within_the_tolerance() -> None:
    # weights 1/2 each (range 1), folds 2e-12 each, at most 0: an excess of 2e-12; the
    # stronger bucket's whole fold (1e-12 of the range) leaves exactly the tolerance, 1e-12
    probs = np.array([[2e-12, 2e-12], [1 - 2e-12, 1 - 2e-12]])
    out = floor(FOLD_CALL, probs, np.array([0.5, 0.5]), np.array([0, 1]), 0.0)
    assert out[0].tolist() == [2e-12, 0.0]
    # a range of weight 4 (tolerance 4e-12): an excess of 6e-12, 2e-12 left after the
    # stronger bucket's fold: within it
    probs = np.array([[1e-12, 2e-12], [1 - 1e-12, 1 - 2e-12]])
    out = floor(FOLD_CALL, probs, np.array([2.0, 2.0]), np.array([0, 1]), 0.0)
    assert out[0].tolist() == [1e-12, 0.0]


def test_own_decisions_replay_a_deck_with_the_joker() -> None:
    # the bug (a joker) in the seat's hand: the replay deals from a deck that holds it
    rules = Rules.preset("no-limit", blinds=(50, 100), buy_in=10_000).replace(joker="bug")
    deck = stacked_deck([[52, 0], [5, 6]], [], button=0, burn_cards=rules.burn_cards,
                        joker=True)  # fmt: skip
    hand = Hand(rules, [10_000, 10_000], button=0, deck=deck)
    hand.apply(Action.raise_to(300), seat=0)
    hand.apply(Action.call(), seat=1)
    got = own_decisions(hand.view(0))
    assert [(tuple(int(c) for c in v.hole), a) for v, a in got] == [((52, 0), Action.raise_to(300))]


def test_own_decisions_replay_the_hand_from_its_own_button() -> None:
    rules = Rules.preset("no-limit", blinds=(50, 100), buy_in=10_000)
    deck = stacked_deck([parse_cards("Qh Jh"), parse_cards("2c 3d")], [], button=1,
                        burn_cards=rules.burn_cards)  # fmt: skip
    hand = Hand(rules, [10_000, 10_000], button=1, deck=deck)  # seat 1 the button
    first = hand.view(1)
    hand.apply(Action.raise_to(250), seat=1)
    hand.apply(Action.call(), seat=0)
    got = own_decisions(hand.view(1))
    assert [(v.button, v.to_act, tuple(v.bets), a) for v, a in got] == [
        (1, 1, tuple(first.bets), Action.raise_to(250))]  # fmt: skip
    assert tuple(first.bets) == (100, 50)
