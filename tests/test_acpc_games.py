"""ACPC game definitions in general (protocols.md §1): blinds on any position, any
``firstPlayer`` per round, ``raiseSize`` per round, ``maxRaises`` and a stack per seat,
played as written; each game plays random hands, writes them as its own dealer log, and
replays that log to the same nets."""

from __future__ import annotations

import random

import pytest

from pokerroom.engine import Hand, random_action
from pokerroom.history.acpc import GameDef
from pokerroom.history.acpclog import ACPCLog
from pokerroom.history.acpcreplay import replay_acpc, rules_from_gamedef, to_acpc
from pokerroom.history.record import PlayedHand
from pokerroom.history.replay import stacked_start

_TAIL = "numSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n"


def _game(text: str) -> GameDef:
    return GameDef.parse("GAMEDEF\n" + text + _TAIL)


# 001's structure: the straddle (L) on position 0, nothing on position 1... the button blind
# (L/2) on the last position; position 1 acts first pre-flop, position 0 after the flop.
SEED001_3 = _game(
    "limit\nnumPlayers = 3\nnumRounds = 4\nstack = 1000 400 150\nblind = 10 0 5\n"
    "raiseSize = 10 10 20 20\nfirstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\n"
)
SEED001_6 = _game(
    "limit\nnumPlayers = 6\nnumRounds = 4\nstack = 1000 300 80 1000 45 600\n"
    "blind = 10 0 0 0 0 5\nraiseSize = 10 10 20 20\nfirstPlayer = 2 1 1 1\n"
    "maxRaises = 3 4 4 4\n"
)
# three players, the big blind on position 0 and the small blind on the button
BIG_BLIND_FIRST = _game(
    "nolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 20000 20000 20000\nblind = 100 0 50\n"
    "firstPlayer = 2 1 1 1\n"
)
GAMES = {"001 three-handed": SEED001_3, "001 six-handed": SEED001_6,
         "big blind on position 0": BIG_BLIND_FIRST}  # fmt: skip


def _play(game: GameDef, seed: int, count: int) -> list[PlayedHand]:
    rules = rules_from_gamedef(game)
    rng = random.Random(seed)
    played = []
    for number, dealt in zip(range(count), game.deals(seed), strict=False):
        board = [c for r in dealt.board for c in r]
        hand = stacked_start(rules, game.stack, list(dealt.hole), board)
        while not hand.is_over:
            hand.act(*random_action(hand.legal_actions(), rng))
        names = [f"bot{p}" for p in range(game.num_players)]
        played.append(PlayedHand.from_hand(hand, names=names, label=number))
    return played


@pytest.mark.parametrize("name", list(GAMES))
def test_each_game_plays_writes_and_replays_its_own_log(name: str) -> None:
    game = GAMES[name]
    played = _play(game, 42, 150)
    lines = [str(to_acpc(p, game)) for p in played]
    text = f"# name/game/hands/seed test {name}.game 150 42\n" + "\n".join(lines) + "\n"
    log = ACPCLog.parse(text)
    assert [str(h) for h in log.hands] == lines  # the log prints back line for line
    showdowns = 0
    for hand, mine, dealt in zip(log.hands, played, game.deals(42), strict=False):
        replay = replay_acpc(hand, game, dealt=dealt)
        assert replay.played.result is not None and mine.result is not None
        assert replay.played.result.net == mine.result.net, str(hand)
        check = replay.check()
        assert check is not None and check.how == "exact", str(hand)
        showdowns += "/" in hand.betting_text and hand.betting_text.count("/") == 3
    assert len(log.hands) == 150
    assert showdowns > 10


def test_seed001_three_handed_is_played_as_written() -> None:
    rules = rules_from_gamedef(SEED001_3)
    assert rules.first_to_act == (1, 0, 0, 0) and rules.blinds == (10, 0, 5)
    hand = stacked_start(rules, SEED001_3.stack, [None] * 3, [])
    assert hand.bets == (10, 0, 5)  # the button (position 2) posts 5, position 0 the 10
    assert hand.to_act == 1
    assert str(hand.legal_actions()) == "fold, call 10, raise to 20"
    hand.call()
    assert str(hand.legal_actions()) == "fold, call 5, raise to 20"  # the button
    hand.call()
    hand.check()  # the straddle's option
    assert hand.to_act == 0  # after the flop: position 0


def test_big_blind_on_position_zero_is_played_as_written() -> None:
    rules = rules_from_gamedef(BIG_BLIND_FIRST)
    hand = stacked_start(rules, BIG_BLIND_FIRST.stack, [None] * 3, [])
    assert hand.bets == (100, 0, 50) and hand.to_act == 1
    assert hand.legal_actions().min_to == 200


def test_per_round_raise_sizes_and_stacks_per_seat() -> None:
    game = _game(
        "limit\nnumPlayers = 3\nnumRounds = 4\nstack = 500 300 200\nblind = 5 10 0\n"
        "raiseSize = 10 15 20 30\nfirstPlayer = 3 1 1 1\nmaxRaises = 3 4 4 4\n"
    )
    rules = rules_from_gamedef(game)
    assert rules.units == (10, 15, 20, 30)
    hand: Hand = stacked_start(rules, game.stack, [None] * 3, [])
    assert hand.starting_stacks == (500, 300, 200)
