"""The heads-up fixed-limit betting tree is exactly the engine's (rules.md §5, §6)."""

from __future__ import annotations

import random

import pytest

from pokerroom.engine import Hand, Street
from pokerroom.engine.events import EventKind
from pokerroom.rules import Rules
from pokerroom.solver.betting import BETTING_EVENTS, BettingError, betting_tree
from pokerroom.solver.tree import CHANCE, TERMINAL

PRESETS = ["casino-limit", "computer-tournament"]


def _reference(rules: Rules) -> dict[str, tuple[str, int, int]]:
    """An independent enumeration from rules.md, not the engine: every betting sequence
    (letters, rounds split by '/') to its end ("fold" or "showdown") and what the button
    (player 0) and the other player have put in."""
    units = rules.units
    cap = 3  # both presets: three raises after the opening bet, 001's straddle not counted
    out: dict[str, tuple[str, int, int]] = {}

    def play(path: str, street: int, me: int, bets: list[int], paid: list[int],
             raises: int, acted: list[bool]) -> None:  # fmt: skip
        other = 1 - me
        unit = units[street]
        owe = bets[other] - bets[me]
        only_me = [p == me for p in (0, 1)]  # after a bet or raise: the other must answer

        def next_round(p: str, spent: list[int]) -> None:
            if street == 3:
                out[p] = ("showdown", spent[0], spent[1])
            else:
                play(p + "/", street + 1, 1, [0, 0], spent, -1, [False, False])

        if owe > 0:
            lost = paid.copy()
            out[path + "f"] = ("fold", *lost)
            called = paid.copy()
            called[me] += owe
            if acted[other]:
                next_round(path + "c", called)
            else:  # the big blind's (or straddle's) option
                play(path + "c", street, other, [bets[other]] * 2, called, raises, only_me)
            if raises < cap:
                raised = paid.copy()
                raised[me] += owe + unit
                b = bets.copy()
                b[me] = bets[other] + unit
                play(path + "r", street, other, b, raised, raises + 1, only_me)
        else:
            if acted[other]:
                next_round(path + "k", paid)
            else:
                play(path + "k", street, other, bets, paid, raises, only_me)
            if raises < cap:
                b = bets.copy()
                b[me] += unit
                raised = paid.copy()
                raised[me] += unit
                letter = "b" if raises < 0 else "r"
                play(path + letter, street, other, b, raised, raises + 1, only_me)

    if rules.straddle:  # 001: ante, button blind, straddle or fold, then the button
        ante = rules.ante_amounts(2)[0]
        blind, straddle = rules.blinds[0], rules.straddle
        out["f"] = ("fold", ante + blind, ante)
        play("r", 0, 0, [blind, straddle], [ante + blind, ante + straddle], 0, [False, False])
    else:  # heads-up: the button posts the small blind and acts first pre-flop
        small, big = rules.blinds
        play("", 0, 0, [small, big], [small, big], 0, [False, False])
    return out


@pytest.mark.parametrize("preset", PRESETS)
def test_betting_tree_equals_an_independent_enumeration(preset: str) -> None:
    rules = Rules.preset(preset, players=2)
    tree = betting_tree(rules)
    got = {}
    for node in range(len(tree)):
        if tree.kind[node] == TERMINAL:
            ending = tree.ending[node]
            assert ending is not None
            got[tree.path(node)] = (ending, *tree.committed[node])
    expected = _reference(rules)
    assert len(expected) == 10207 if preset == "computer-tournament" else 10206
    assert got == expected


@pytest.mark.parametrize("preset", PRESETS)
def test_random_engine_hands_follow_the_tree(preset: str) -> None:
    rules = Rules.preset(preset, players=2)
    tree = betting_tree(rules)
    rng = random.Random(14)
    decisions = 0
    for hand_no in range(300):
        button = hand_no % 2
        hand = Hand(rules, [rules.buy_in] * 2, button=button, rng=rng)
        while hand.to_act is not None and hand.street is not Street.SHOWDOWN:
            events = [
                (0 if e.seat == button else 1, e.kind)
                for e in hand.events
                if e.kind in BETTING_EVENTS
            ]
            node = tree.follow(events)
            player = 0 if hand.to_act == button else 1
            assert tree.kind[node] == player
            assert [str(a) for a in tree.actions[node]] == [str(a) for a in hand.legal_actions()]
            by_position = (hand.committed[button], hand.committed[1 - button])
            assert tree.committed[node] == by_position
            actions = tree.actions[node]  # folding rarely, so that hands go deep
            weights = [0.1 if a.kind.value == "fold" else 1.0 for a in actions]
            action = rng.choices(actions, weights)[0]
            hand.act(action.kind, action.amount)
            decisions += 1
        events = [(0 if e.seat == button else 1, e.kind) for e in hand.events
                  if e.kind in BETTING_EVENTS]  # fmt: skip
        end = tree.follow(events)
        assert tree.kind[end] == TERMINAL
        if hand.is_over:
            assert tree.payoff[end] == hand.result.net[button]  # type: ignore[union-attr]
        else:
            assert tree.committed[end] == (hand.committed[button], hand.committed[1 - button])
    assert decisions > 2000


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_every_path_of_the_tree_is_legal_in_the_engine(preset: str) -> None:
    """Every path, replayed on a fresh hand with other cards and the button on seat 1:
    the engine offers exactly the tree's actions and holds the same pot."""
    rules = Rules.preset(preset, players=2)
    tree = betting_tree(rules)
    rng = random.Random(8)
    checked = 0
    for node in range(len(tree)):
        if tree.kind[node] >= CHANCE:
            continue
        path = []
        i = node
        while i > 0:
            parent = tree.parent[i]
            if tree.kind[parent] < CHANCE:
                path.append(tree.actions[parent][tree.children[parent].index(i)])
            i = parent
        hand = Hand(rules, [rules.buy_in] * 2, button=1, rng=rng)
        for action in reversed(path):
            hand.apply(action)
        assert hand.to_act == (1 if tree.kind[node] == 0 else 0)
        assert [str(a) for a in hand.legal_actions()] == [str(a) for a in tree.actions[node]]
        assert (hand.committed[1], hand.committed[0]) == tree.committed[node]
        checked += 1
    assert checked == tree.decisions


def test_the_buy_in_covers_the_dearest_heads_up_hand() -> None:
    rules = Rules.preset("computer-tournament", players=2)
    deep = betting_tree(rules)
    assert deep.most[0] == (242, 242)  # ante 2, then 40 + 40 + 80 + 80
    at_buy_in = betting_tree(rules, rules.buy_in)  # the engine with 1,000 chips a seat
    assert at_buy_in.event == deep.event and at_buy_in.committed == deep.committed
    assert betting_tree(Rules.preset("casino-limit", players=2)).most[0] == (48, 48)
    # 200 chips are not enough: 001 offers no raise a player cannot pay in full
    short = betting_tree(rules, 200)
    assert len(short) < len(deep) and short.most[0] == (192, 192)
    with pytest.raises(BettingError, match="stacks of 30 run out"):
        betting_tree(Rules.preset("casino-limit", players=2), 30)


def test_straddler_may_fold_instead_of_straddling() -> None:
    tree = betting_tree(Rules.preset("computer-tournament", players=2))
    assert [str(a) for a in tree.actions[0]] == ["fold", "raise to 10"]
    assert tree.kind[0] == 1  # the straddler decides first
    fold = tree.children[0][0]
    assert tree.ending[fold] == "fold" and tree.payoff[fold] == 2  # the button wins the ante


def test_other_structures_are_refused() -> None:
    with pytest.raises(BettingError, match="no-limit, not fixed-limit"):
        betting_tree(Rules.preset("no-limit", players=2))
    with pytest.raises(BettingError, match="3 players, not heads-up"):
        betting_tree(Rules.preset("casino-limit", players=3))


def test_an_event_the_tree_does_not_have_is_named_with_what_is_there() -> None:
    """Heads-up casino-limit: the button opens with fold, call or raise (no check: it
    owes the big blind); after its call and the big blind's check the flop is the big
    blind's to open, check or bet; after a fold the betting is over."""
    tree = betting_tree(Rules.preset("casino-limit", players=2))
    for events, told in (
        ([(0, EventKind.CHECK)],
         "the tree lacks the button's check after the deal (there: the button's fold, "
         "the button's call, the button's raise)"),
        ([(0, EventKind.CALL), (1, EventKind.CHECK), (0, EventKind.BET)],
         "the tree lacks the button's bet after ck/ (there: the other player's check, "
         "the other player's bet)"),
        ([(0, EventKind.FOLD), (1, EventKind.CHECK)],
         "the tree lacks the other player's check after f (there: nothing: the betting "
         "is over)"),
    ):  # fmt: skip
        with pytest.raises(KeyError) as caught:
            tree.follow(events)
        assert caught.value.args == (told,)


def test_the_public_tree_labels_each_node_by_its_action_or_street() -> None:
    """Casino-limit heads-up as the solver's public tree: the root unlabelled, actions by
    their letters, the first node of a street by the street's name (the chance node
    before it by the action that closed the round), folds paying what the betting tree
    says and showdowns the chips each player put in."""
    betting = betting_tree(Rules.preset("casino-limit", players=2))
    tree = betting.public_tree(lambda street: 10 + street, 7, lambda street: 20 + street)
    assert tree.labels[0] == ""
    flop = betting.follow([(0, EventKind.CALL), (1, EventKind.CHECK)])
    assert tree.history(flop) == ("c", "k", "flop") and tree.transition[flop] == 21
    folded = betting.follow([(0, EventKind.FOLD)])
    assert tree.history(folded) == ("f",) and tree.matrix[folded] == 10
    assert tree.stake[folded] == betting.payoff[folded] == -1.0
    end = betting.follow([(0, EventKind.CALL), (1, EventKind.CHECK)]
                         + [(1, EventKind.CHECK), (0, EventKind.CHECK)] * 3)
    assert tree.history(end) == ("c", "k", "flop", "k", "k", "turn", "k", "k", "river",
                                 "k", "k")
    assert tree.matrix[end] == 7 and tree.stake[end] == 2.0
    # a payoff only where a fold ends the hand (strategy files store the column whole)
    assert {p for p, e in zip(betting.payoff, betting.ending, strict=True) if e != "fold"} == {0}


def test_stacks_that_run_out_are_named_with_the_line_that_empties_them() -> None:
    """Casino-limit (blinds 1 and 2, bets 2 then 4) with 30 chips a seat: the first line
    grown to an all-in puts in 4 preflop (a raise, called), 2 on the flop (a bet, called),
    8 on the turn (a bet, a raise, called) and 16 on the river (a bet and three raises):
    4 + 2 + 8 + 16 = 30, the whole stack."""
    with pytest.raises(BettingError) as caught:
        betting_tree(Rules.preset("casino-limit", players=2), 30)
    assert str(caught.value) == (
        "stacks of 30 run out in the betting tree (a player is all-in after raise to 4, "
        "call, bet 2, call, bet 4, raise to 8, call, bet 4, raise to 8, raise to 12, "
        "raise to 16)")


def test_rules_with_two_problems_are_refused_naming_both() -> None:
    with pytest.raises(BettingError) as caught:
        betting_tree(Rules.preset("no-limit", players=3))
    assert str(caught.value) == (
        "no heads-up fixed-limit betting tree: the betting is no-limit, not fixed-limit; "
        "the rules are for 3 players, not heads-up")
