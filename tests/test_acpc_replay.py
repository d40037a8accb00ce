"""Replaying ACPC dealer logs through the engine: every hand reaches its logged nets
(protocols.md §1)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from pokerroom.engine.events import EventKind
from pokerroom.history.acpc import GameDef
from pokerroom.history.acpclog import ACPCLog
from pokerroom.history.acpcreplay import replay_acpc, rules_from_gamedef
from pokerroom.history.errors import ReplayError
from pokerroom.history.sources import replays
from pokerroom.rules import Structure

LOGS = [
    ("limit2p_1000hands_seed42.log", "holdem.limit.2p.reverse_blinds.game", 1000),
    ("nolimit2p_200hands_seed42.log", "holdem.nolimit.2p.reverse_blinds.game", 200),
]


@pytest.mark.parametrize(("log_name", "game_name", "count"), LOGS)
def test_every_hand_of_every_log_replays_to_its_nets(
    data_dir: Path, log_name: str, game_name: str, count: int
) -> None:
    log = ACPCLog.load(data_dir / "acpc" / log_name)
    game = GameDef.load(data_dir / "acpc" / game_name)
    rules = rules_from_gamedef(game)
    assert len(log.hands) == count
    for hand in log.hands:
        replay = replay_acpc(hand, game, rules=rules)
        result = replay.played.result
        assert result is not None, hand
        assert result.net == tuple(int(v) for v in hand.nets), hand
        check = replay.check()
        assert check is not None and check.how == "exact", hand


def test_every_data_log_checks_through_the_file_reader(data_dir: Path) -> None:
    """The game definition is the one the log's header names, found beside the log."""
    for log_name, _, count in LOGS:
        outcomes = list(replays(data_dir / "acpc" / log_name))
        assert len(outcomes) == count
        assert all(o.error is None for o in outcomes)


def test_game_definitions_become_rules(data_dir: Path) -> None:
    games = {p.name: GameDef.load(p) for p in (data_dir / "acpc").glob("*.game")}
    fl2 = rules_from_gamedef(games["holdem.limit.2p.reverse_blinds.game"])
    assert fl2.structure is Structure.FIXED_LIMIT and fl2.units == (10, 10, 20, 20)
    assert fl2.blinds == (5, 10) and fl2.heads_up_reversed  # the button posts 5
    # maxRaises 3 4 4 4 counts every r; pokerroom does not count a round's opening bet
    assert fl2.raise_caps == (3, 3, 3, 3)
    nl2 = rules_from_gamedef(games["holdem.nolimit.2p.reverse_blinds.game"])
    assert nl2.structure is Structure.NO_LIMIT and nl2.units[0] == 100
    nl3 = rules_from_gamedef(games["holdem.nolimit.3p.game"])
    assert nl3.blinds == (50, 100, 0) and nl3.raise_caps == (None,) * 4
    fl3 = rules_from_gamedef(games["holdem.limit.3p.game"])
    assert fl3.blinds == (5, 10, 0)


def _nl3(data_dir: Path) -> GameDef:
    return GameDef.load(data_dir / "acpc/holdem.nolimit.3p.game")


def test_three_player_no_limit_hands(data_dir: Path) -> None:
    game = _nl3(data_dir)
    log = ACPCLog.parse(
        "STATE:0:r300ff:AsAd|KsKd|QsQd:-50|-100|150:a|b|c\n"
        "STATE:1:cr300cc/ccc/r500cf/cc:AsAd|KsKd|QsQd/2c7h9s/Jd/3c:800|-500|-300:a|b|c\n"
    )
    for hand in log.hands:
        replay = replay_acpc(hand, game)
        check = replay.check()
        assert check is not None and check.how == "exact"


def test_fractional_nets_of_a_split_pot(data_dir: Path) -> None:
    """1,553 chips split two ways: the dealer writes 776.5 each (nets 125.5); the engine
    gives the odd chip to the first winner left of the button."""
    hand = ACPCLog.parse(
        "STATE:2:r251cc/cr651cf/cc/cc:2h3d|AsKd|AdKs/TcJhQd/2s/3c:-251|125.5|125.5:a|b|c\n"
    ).hands[0]
    replay = replay_acpc(hand, _nl3(data_dir))
    assert replay.played.result is not None and replay.played.result.net == (-251, 126, 125)
    check = replay.check()
    assert check is not None and check.how == "exact split"
    assert hand.nets[1] == Decimal("125.5")


@pytest.mark.parametrize(
    ("state", "fragment"),
    [
        ("STATE:3:r300r250c:AsAd|KsKd|QsQd:0|0|0:a|b|c", "round 1 action 2 'r250'"),
        ("STATE:3:r300:AsAd|KsKd|QsQd:0|0|0:a|b|c", "still to act pre-flop (truncated?)"),
        ("STATE:3:ccc/ccc/c/cc:AsAd|KsKd|QsQd/2c7h9s/Jd/3c:0|0|0:a|b|c", "the log is in round 4"),
        ("STATE:3:r300ff/c:AsAd|KsKd|QsQd:0|0|0:a|b|c", "after the betting is over"),
        ("STATE:3:f:AsAd|KsKd:0|0:a|b", "2 players in the log, 3 in the game definition"),
    ],
)
def test_impossible_betting_is_refused_naming_the_action(
    data_dir: Path, state: str, fragment: str
) -> None:
    hand = ACPCLog.parse(state + "\n").hands[0]
    with pytest.raises(ReplayError) as info:
        replay_acpc(hand, _nl3(data_dir))
    assert fragment in str(info.value)


def test_hidden_cards_come_from_the_seed(data_dir: Path) -> None:
    """A log with the cards left out still replays: the seed deals them."""
    game = GameDef.load(data_dir / "acpc/holdem.limit.2p.reverse_blinds.game")
    full = ACPCLog.load(data_dir / "acpc/limit2p_1000hands_seed42.log")
    deals = game.deals(42)
    for hand in full.hands[:50]:
        dealt = next(deals)
        bare = ACPCLog.parse(
            f"STATE:{hand.number}:{hand.betting_text}:|:"
            + "|".join(str(v) for v in hand.nets)
            + ":"
            + "|".join(hand.names)
            + "\n"
        ).hands[0]
        replay = replay_acpc(bare, game, dealt=dealt)
        assert replay.played.result is not None
        assert replay.played.result.net == tuple(int(v) for v in hand.nets)


def test_unplayable_games_are_refused() -> None:
    kuhn = GameDef.parse(
        "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 1\nblind = 1 1\nraiseSize = 1\n"
        "firstPlayer = 1\nmaxRaises = 1\nnumSuits = 1\nnumRanks = 3\nnumHoleCards = 1\n"
        "numBoardCards = 0\nEND GAMEDEF\n"
    )
    with pytest.raises(ReplayError, match="not Texas hold'em"):
        rules_from_gamedef(kuhn)
    uneven = GameDef.parse(
        "GAMEDEF\nnolimit\nnumPlayers = 3\nnumRounds = 4\nstack = 100 200 100\n"
        "blind = 1 2 0\nfirstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\n"
        "numHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n"
    )
    with pytest.raises(ReplayError, match="stacks 100 200 100 differ in a no-limit game"):
        rules_from_gamedef(uneven)


@pytest.mark.parametrize(
    ("state", "message"),
    [
        ("STATE:3:r300ff/c:AsAd|KsKd|QsQd:0|0|0:a|b|c",
         "round 2 action 1 'c' of 'r300ff/c': an action after the betting is over"),
        ("STATE:3:ccc/ccc/c/cc:AsAd|KsKd|QsQd/2c7h9s/Jd/3c:0|0|0:a|b|c",
         "round 4 action 1 'c' of 'ccc/ccc/c/cc': the log is in round 4 but the betting is "
         "on the turn"),
        ("STATE:3:r300r250c:AsAd|KsKd|QsQd:0|0|0:a|b|c",
         "round 1 action 2 'r250' of 'r300r250c': seat 0 cannot raise to 250 pre-flop: the "
         "minimum is 500 (legal: fold, call 250, raise to 500 to 20000)"),
        ("STATE:3:cr:AsAd|KsKd|QsQd:0|0|0:a|b|c",
         "round 1 action 2 'r' of 'cr': a no-limit raise needs its size: r"),
        ("STATE:3:r300:AsAd|KsKd|QsQd:0|0|0:a|b|c",
         "the log's betting 'r300' ends with seat 0 still to act pre-flop (truncated?)"),
        ("STATE:3:ccc/ccc/ccc/ccc:AsAd||QsQd/2c7h9s/Jd/3c:0|0|0:a|b|c",
         "position 1's hole cards are hidden in the log, but the showdown needs them (give "
         "the match's seed to deal them)"),
    ],
)  # fmt: skip
def test_impossible_hands_are_refused_in_whole_words(
    data_dir: Path, state: str, message: str
) -> None:
    hand = ACPCLog.parse(state + "\n").hands[0]
    with pytest.raises(ReplayError) as info:
        replay_acpc(hand, _nl3(data_dir))
    assert str(info.value) == message


def test_hidden_cards_need_no_deal_when_no_one_shows(data_dir: Path) -> None:
    """A hand won without a showdown replays with its hole cards hidden, named and numbered
    as the log has it, its nets compared as the dealer printed them."""
    game = GameDef.load(data_dir / "acpc/holdem.nolimit.2p.reverse_blinds.game")
    hand = ACPCLog.parse("STATE:7:r300f:|:-100|100:x|y\n").hands[0]
    replay = replay_acpc(hand, game)
    played = replay.played
    assert (played.names, played.label, played.hidden) == (("x", "y"), 7, frozenset({0, 1}))
    assert played.result is not None and played.result.net == (-100, 100)
    assert (replay.recorded, replay.measure, replay.printed) == (hand.nets, "nets", True)
    check = replay.check()
    assert check is not None and check.how == "exact"
    shown = ACPCLog.parse("STATE:7:r300f:2c3d|:-100|100:x|y\n").hands[0]
    assert replay_acpc(shown, game).played.hidden == frozenset({1})


@pytest.mark.parametrize("printed", ["16.666667", "16.6667"])
def test_rounded_nets_match_a_three_way_split(printed: str) -> None:
    """350 chips split three ways: each winner's 116.666... less 100, which the reference
    dealer prints with six decimals (``%.6f``, trailing zeros removed) and older logs with
    six significant digits; the engine's odd chips go to the first winners left of the
    button."""
    game = GameDef.parse(
        "GAMEDEF\nnolimit\nnumPlayers = 4\nnumRounds = 4\nstack = 20000 20000 20000 20000\n"
        "blind = 50 100 0 0\nfirstPlayer = 3 1 1 1\nnumSuits = 4\nnumRanks = 13\n"
        "numHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n"
    )
    hand = ACPCLog.parse(
        "STATE:5:ccfc/ccc/ccc/ccc:2c3d|4c5d|6c7d|8c9d/AsKsQs/Js/Ts:"
        f"-50|{printed}|{printed}|{printed}:a|b|c|d\n"
    ).hands[0]
    replay = replay_acpc(hand, game)
    assert replay.played.result is not None and replay.played.result.net == (-50, 17, 17, 16)
    check = replay.check()
    assert check is not None and (check.matches, check.how) == (True, "exact split")


def test_the_cards_a_log_shows_win_over_a_deal(data_dir: Path) -> None:
    """A deal (another hand's, here) fills in only what the log leaves out."""
    game = GameDef.load(data_dir / "acpc/holdem.limit.2p.reverse_blinds.game")
    log = ACPCLog.load(data_dir / "acpc/limit2p_1000hands_seed42.log")
    other = next(game.deals(seed=7))
    showdowns = [h for h in log.hands if sum(map(len, h.board)) == 5][:20]
    assert len(showdowns) == 20
    for hand in showdowns:
        replay = replay_acpc(hand, game, dealt=other)
        events = replay.played.events
        board = [c for e in events if e.kind is EventKind.BOARD for c in e.cards]
        assert board == [c for r in hand.board for c in r]
        check = replay.check()
        assert check is not None and check.how == "exact", str(hand)
