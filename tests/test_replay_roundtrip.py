"""Round trips: hands the engine plays, written as PHH, read back and replayed, and
loaded by PokerKit (protocols.md §2: a file written here must load there and replay to
the same finishing stacks)."""

from __future__ import annotations

import pytest

from pokerroom.engine import EventKind
from pokerroom.history.phh import dumps, dumps_all, loads, loads_all
from pokerroom.history.record import PlayedHand, to_phh
from pokerroom.history.replay import replay_phh
from test_history_random import pokerkit_rules, random_hands


def _by_position(played: PlayedHand, values: tuple[int, ...]) -> list[int]:
    return [values[played.seat(p)] for p in range(played.players)]


def _events_by_position(played: PlayedHand) -> list[tuple[object, ...]]:
    """Events with seats as positions, burn cards left out (a record never has them);
    the closing wins in position order (the engine lists them by seat number)."""
    out = []
    wins = []
    for e in played.events:
        seat = played.position(e.seat) if e.seat >= 0 else -1
        cards = () if e.kind is EventKind.BURN else e.cards
        item = (e.kind, e.street, seat, e.amount, e.total, cards, e.all_in, e.value)
        (wins if e.kind is EventKind.WIN else out).append(item)
    return out + sorted(wins, key=lambda w: w[2])  # type: ignore[arg-type, return-value]


@pytest.mark.parametrize("seed", range(8))
def test_written_hands_read_back_and_replay_identically(seed: int) -> None:
    """Every kind of rules (presets, pot limit, wild cards, 001's straddle, announced
    hands, proportional ties, odd chips by suit): write, read, replay, same hand."""
    for _, played in random_hands(1000 + seed, 60):
        phh = to_phh(played)
        text = dumps(phh)
        again = loads(text)
        assert again == phh
        replay = replay_phh(again)
        replayed = replay.played
        assert replayed.rules == played.rules
        assert _events_by_position(replayed) == _events_by_position(played), text
        assert played.result is not None and replayed.result is not None
        assert replayed.result.stacks == tuple(_by_position(played, played.result.stacks))
        check = replay.check()
        assert check is not None and check.matches and check.how == "exact"


def test_many_hands_in_one_phhs_file() -> None:
    records = [played for _, played in random_hands(77, 40)]
    text = dumps_all(to_phh(p) for p in records)
    hands = loads_all(text)
    assert list(hands) == [str(i) for i in range(1, 41)]
    for played, hand in zip(records, hands.values(), strict=True):
        replay = replay_phh(hand)
        assert replay.played.result is not None and played.result is not None
        assert replay.played.result.stacks == tuple(_by_position(played, played.result.stacks))


def _pokerkit_stacks(text: str) -> list[int]:
    from pokerkit import HandHistory

    states = list(HandHistory.loads(text))
    state = states[-1] if states else None
    assert state is not None and not state.status, "PokerKit did not finish the hand"
    return [int(s) for s in state.stacks]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_random_hands_load_in_pokerkit_with_the_same_finishing_stacks(seed: int) -> None:
    """2,000 hands (10 x 200), 2 to 9 players, fixed and no limit, antes trimmed and dead,
    big-blind antes, straddles, uneven stacks (blinds and antes posted short included),
    short all-ins, side pots, played with PokerKit's conventions: every hand PokerKit
    loads reaches pokerroom's finishing stacks exactly, odd chips included.  Shows and
    mucks are sensible ones (PokerKit burns the chips of a pot whose every contender
    mucked, so a random muck is no test of it)."""
    hands = 0
    for _, played in random_hands(5000 + seed, 200, rules_for=pokerkit_rules,
                                  random_showdown=False):  # fmt: skip
        text = dumps(to_phh(played))
        result = played.result
        assert result is not None
        assert _pokerkit_stacks(text) == _by_position(played, result.stacks), text
        hands += 1
    assert hands == 200
