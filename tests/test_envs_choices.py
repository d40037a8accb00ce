"""The environments' action choices: pot fractions worked out by hand, the mask against
the engine's legal actions, exact amounts, and every kind of bad choice refused."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokerroom.engine import Action, ActionKind, Hand, LegalActions, Street
from pokerroom.envs import ActionChoices
from pokerroom.rules import Rules

K = ActionKind
NL = Rules.preset("no-limit")  # blinds 2/4


def _hand(words: str, players: int = 6, rules: Rules = NL) -> Hand:
    hand = Hand(rules, [1000] * players, button=0, rng=random.Random(1))
    for word in words.split():
        hand.apply(Action.parse(word))
    return hand


def _state(hand: Hand) -> tuple[LegalActions, int, int]:
    seat = hand.to_act
    assert seat is not None
    return hand.legal_actions(), hand.pot, hand.bets[seat]


def _played(choices: ActionChoices, hand: Hand) -> list[str]:
    legal, pot, bet = _state(hand)
    return [str(choices.action(i, legal, pot=pot, bet=bet)) for i in range(choices.n)]


def test_pot_fractions_pre_flop_facing_the_big_blind() -> None:
    # Six-handed 2/4: the first to act faces 4 with 6 in the pot: half the pot after
    # calling is 5 more (to 9), the pot is 10 more (to 14).
    choices = ActionChoices(bet_sizes=(0.5, 1.0))
    hand = _hand("")
    assert _played(choices, hand) == ["fold", "call", "raise to 9", "raise to 14", "raise to 1000"]
    legal, pot, bet = _state(hand)
    assert choices.mask(legal, pot=pot, bet=bet).tolist() == [1, 1, 1, 1, 1]


def test_pot_fractions_on_the_flop() -> None:
    choices = ActionChoices(bet_sizes=(0.5, 1.0))
    hand = _hand("c c c c c x")  # six limp in: 24 in the pot
    assert hand.street is Street.FLOP and hand.pot == 24
    legal, pot, bet = _state(hand)
    assert _played(choices, hand) == [
        "choice 0 (fold) is not legal", "check", "bet 12", "bet 24", "bet 996"
    ]
    assert choices.mask(legal, pot=pot, bet=bet).tolist() == [0, 1, 1, 1, 1]  # no free fold
    hand.apply(Action.bet(10))  # facing 10 into 34: half pot after calling is 22 more
    assert _played(choices, hand) == ["fold", "call", "raise to 32", "raise to 54", "raise to 996"]


def test_a_fraction_short_of_the_minimum_raise_is_the_minimum() -> None:
    choices = ActionChoices(bet_sizes=(0.1, 0.5))
    hand = _hand("r100 f f f f")  # the big blind faces 96 more: the minimum raise is to 196
    legal, pot, bet = _state(hand)
    assert (legal.min_to, pot, bet) == (196, 106, 4)
    assert _played(choices, hand)[2:] == ["raise to 196", "raise to 201", "raise to 1000"]
    assert choices.mask(legal, pot=pot, bet=bet).tolist() == [1, 1, 1, 1, 1]


def test_a_fraction_at_or_over_the_maximum_is_not_legal() -> None:
    choices = ActionChoices(bet_sizes=(0.5, 1.0, 3.0))
    hand = Hand(NL, [25, 1000], button=0, rng=random.Random(1))  # the button has 25 chips
    legal, pot, bet = _state(hand)
    assert (legal.min_to, legal.max_to, pot, bet) == (8, 25, 6, 2)
    assert choices.mask(legal, pot=pot, bet=bet).tolist() == [1, 1, 1, 1, 0, 1]
    assert _played(choices, hand) == [
        "fold", "call", "raise to 8", "raise to 12",
        "choice 4 (bet 3 pot) is not legal: it comes to 28, the maximum or more", "raise to 25",
    ]  # fmt: skip


def test_fixed_limit_has_three_choices() -> None:
    rules = Rules.preset("casino-limit")
    choices = ActionChoices()
    assert choices.labels == ("fold", "check/call", "bet max")
    hand = _hand("", players=3, rules=rules)
    assert _played(choices, hand) == ["fold", "call", "raise to 4"]


def test_the_straddle_is_posted_or_folded() -> None:
    hand = _hand("", players=4, rules=Rules.preset("computer-tournament"))
    choices = ActionChoices()
    legal, pot, bet = _state(hand)
    assert legal.kinds == (K.FOLD, K.RAISE)
    assert choices.mask(legal, pot=pot, bet=bet).tolist() == [1, 0, 1]
    assert _played(choices, hand) == ["fold", "choice 1 (check/call) is not legal", "raise to 10"]


def test_exact_amounts_reach_every_whole_chip() -> None:
    choices = ActionChoices(exact=True)
    assert choices.labels == ("fold", "check/call", "bet/raise")
    hand = _hand("")
    legal, pot, bet = _state(hand)
    assert str(choices.action((2, np.array([0.0], np.float32)), legal, pot=pot, bet=bet)) == (
        "raise to 8"
    )
    assert str(choices.action((2, np.array([1.0])), legal, pot=pot, bet=bet)) == "raise to 1000"
    for to in range(legal.min_to, legal.max_to + 1):
        choice = choices.choice(Action.raise_to(to), legal, pot=pot, bet=bet)
        assert choices.action(choice, legal, pot=pot, bet=bet) == Action.raise_to(to)
    assert choices.action((2, [1.5]), legal, pot=pot, bet=bet) == "amount 1.5 is outside [0, 1]"
    assert choices.action((1, [0.3]), legal, pot=pot, bet=bet) == Action.call()


@pytest.mark.parametrize(
    "bad", [-1, 5, 2.5, True, "1", None, np.array([1, 2]), (1,), np.float32(1.0)]
)
def test_anything_but_a_choice_is_refused_with_the_choices(bad: object) -> None:
    choices = ActionChoices(bet_sizes=(0.5, 1.0))
    legal, pot, bet = _state(_hand(""))
    reason = choices.action(bad, legal, pot=pot, bet=bet)
    assert isinstance(reason, str)
    assert "is not a choice (0 to 4: fold, check/call, bet 0.5 pot, bet 1 pot, bet max)" in reason


@pytest.mark.parametrize("bad", [1, (3, [0.5]), (2, [float("nan")]), (2,), "x", (None, [0.5])])
def test_anything_but_an_exact_choice_is_refused(bad: object) -> None:
    choices = ActionChoices(exact=True)
    legal, pot, bet = _state(_hand(""))
    reason = choices.action(bad, legal, pot=pot, bet=bet)
    assert isinstance(reason, str) and "not a choice" in reason


@pytest.mark.parametrize("good", [1, np.int64(1), np.int8(1), np.array(1), np.array([1])])
def test_integer_choices_of_any_kind(good: object) -> None:
    choices = ActionChoices(bet_sizes=(0.5, 1.0))
    legal, pot, bet = _state(_hand(""))
    assert choices.action(good, legal, pot=pot, bet=bet) == Action.call()


def test_every_mask_matches_the_legal_actions_of_random_hands() -> None:
    """Over random hands of every structure: a choice is in the mask exactly when it
    plays a legal action, and every legal kind of action has a choice."""
    rng = random.Random(3)
    checked = 0
    for rules, choices in (
        (NL, ActionChoices(bet_sizes=(0.33, 0.5, 0.75, 1.0, 2.0))),
        (Rules.preset("no-limit", structure="pot-limit"), ActionChoices(bet_sizes=(0.5, 1.0))),
        (Rules.preset("casino-limit"), ActionChoices()),
        (Rules.preset("computer-tournament"), ActionChoices()),
    ):
        for _ in range(150):
            players = rng.randint(2, 9)
            stacks = [rng.choice([30, 100, 1000]) for _ in range(players)]
            hand = Hand(rules, stacks, button=0, rng=rng, auto_showdown=True)
            while not hand.is_over:
                legal, pot, bet = _state(hand)
                mask = choices.mask(legal, pot=pot, bet=bet)
                played = [choices.action(i, legal, pot=pot, bet=bet) for i in range(choices.n)]
                for i, action in enumerate(played):
                    assert bool(mask[i]) == isinstance(action, Action)
                    assert not isinstance(action, Action) or hand.is_legal(action)
                kinds = {a.kind for a in played if isinstance(a, Action)}
                assert kinds == set(legal.kinds)
                hand.apply(played[rng.choice(np.flatnonzero(mask).tolist())])  # type: ignore[arg-type]
                checked += 1
    assert checked > 1500
