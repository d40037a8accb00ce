"""Hands PokerKit plays, written by PokerKit as PHH, replay in pokerroom to PokerKit's
finishing stacks exactly; written back by pokerroom, they load in PokerKit to the same
stacks (protocols.md §2).

The generator plays random hands in PokerKit alone (its own legal choices at every turn,
its own showdown): fixed and no limit, 2 to 9 players, uneven stacks with very short ones
(1 chip to 6 big blinds) beside deep ones, antes trimmed and dead, big-blind antes, a
straddle, bet sizes including the minimum, the maximum and one chip below all-in.  A PHH
file without ``_rules`` is read with PokerKit's conventions; no hand is left out.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pokerkit
import pytest

from pokerroom.cards import Card
from pokerroom.history.phh import dumps, loads
from pokerroom.history.record import to_phh
from pokerroom.history.replay import replay_phh
from test_engine_pokerkit import pokerkit_game, pokerkit_table

_A = pokerkit.Automation
_AUTOMATIONS = (
    _A.ANTE_POSTING, _A.BET_COLLECTION, _A.BLIND_OR_STRADDLE_POSTING,
    _A.HOLE_CARDS_SHOWING_OR_MUCKING, _A.HAND_KILLING, _A.CHIPS_PUSHING, _A.CHIPS_PULLING,
    _A.RUNOUT_COUNT_SELECTION,
)  # fmt: skip
DECK = [str(Card(c)) for c in range(52)]


def _pick(state: Any, rng: random.Random, seen: Counter[str]) -> None:
    """One random legal action in PokerKit (folds rarer than the rest)."""
    options = ["cc"]
    if state.can_fold() and rng.random() < 0.35:
        options.append("f")
    if state.can_complete_bet_or_raise_to():
        options += ["cbr", "cbr"]
    choice = rng.choice(options)
    if choice == "f":
        state.fold()
    elif choice == "cc":
        state.check_or_call()
    else:
        lo = state.min_completion_betting_or_raising_to_amount
        hi = state.max_completion_betting_or_raising_to_amount
        pick = rng.random()
        amount = lo if pick < 0.3 else hi if pick < 0.45 else rng.randint(lo, hi)
        if 0.45 <= pick < 0.6 and hi - 1 >= lo:
            amount = hi - 1  # one chip below all-in
        seen["bet of the minimum" if amount == lo else "other bets"] += 1
        state.complete_bet_or_raise_to(amount)
        if not state.stacks[state.operations[-1].player_index]:
            seen["all-in bets and raises"] += 1


def play_in_pokerkit(rng: random.Random, seen: Counter[str]) -> tuple[str, list[int]]:
    """A random hand played in PokerKit: its PHH text and finishing stacks (by position)."""
    rules, stacks = pokerkit_table(rng)
    n = len(stacks)
    game = pokerkit_game(rules, n, _AUTOMATIONS)
    state = game(stacks, n)
    deck = list(DECK)
    rng.shuffle(deck)
    for _ in range(n):
        state.deal_hole(deck.pop() + deck.pop())
    while state.status:
        if state.can_burn_card():
            state.burn_card("??")
        elif state.can_deal_board():
            state.deal_board("".join(deck.pop() for _ in range(state.board_dealing_count)))
        elif state.actor_index is not None:
            _pick(state, rng, seen)
        else:
            raise AssertionError(f"PokerKit is stuck: {state.operations[-3:]}")
    seen["side pots"] += len(list(state.pots)) > 1
    seen["short stacks"] += min(stacks) < max(rules.blinds)
    # PokerKit's from_game_state leaves ante_trimming_status out (its default is false)
    history = pokerkit.HandHistory.from_game_state(
        game, state, ante_trimming_status=not rules.dead_antes
    )
    return history.dumps(), [int(s) for s in state.stacks]


def _pokerkit_stacks(text: str) -> list[int]:
    states = list(pokerkit.HandHistory.loads(text))
    assert states and not states[-1].status, "PokerKit did not finish the hand"
    return [int(s) for s in states[-1].stacks]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20))
def test_pokerkit_hands_replay_to_pokerkits_stacks_and_back(seed: int) -> None:
    """3,000 hands (20 x 150): every one replays exactly, both ways."""
    rng = random.Random(7_000_000 + seed)
    seen: Counter[str] = Counter()
    for _ in range(150):
        text, final = play_in_pokerkit(rng, seen)
        replay = replay_phh(loads(text))
        result = replay.played.result
        assert result is not None, text
        assert list(result.stacks) == final, f"ours {result.stacks}, PokerKit {final}\n{text}"
        again = dumps(to_phh(replay.played))
        assert _pokerkit_stacks(again) == final, again
        seen["hands"] += 1
    assert seen["hands"] == 150
    assert seen["all-in bets and raises"] > 15 and seen["bet of the minimum"] > 60
    assert seen["short stacks"] > 30
