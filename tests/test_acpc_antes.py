"""Hands with antes are not written as ACPC ``STATE:`` lines (``to_acpc``): an ACPC game
definition has blinds but no antes, so no game replays such a line to the hand's nets
(protocols.md §1).  The refusal names the antes; hands without antes are written as
before, and their lines replay to the same nets."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from pokerroom.engine.hand import Hand
from pokerroom.history.acpc import GameDef
from pokerroom.history.acpclog import ACPCLog
from pokerroom.history.acpcreplay import replay_acpc, rules_from_gamedef, to_acpc
from pokerroom.history.errors import HistoryError, ReplayError
from pokerroom.history.record import PlayedHand
from pokerroom.history.replay import stacked_start
from pokerroom.rules import Rules, Structure

LIMIT = "holdem.limit.2p.reverse_blinds.game"
NO_LIMIT = "holdem.nolimit.2p.reverse_blinds.game"


def _game(data_dir: Path, name: str) -> GameDef:
    return GameDef.load(data_dir / "acpc" / name)


def _no_limit(antes: int | tuple[int, ...] = 0) -> Rules:
    """The data's no-limit game (blinds 50/100) as pokerroom rules, with antes."""
    return Rules(
        structure=Structure.NO_LIMIT, min_bet=100, blinds=(50, 100), antes=antes,
        burn_cards=False,
    )  # fmt: skip


def _limit(antes: int) -> Rules:
    """The data's limit game (blinds 5/10, bets 10/20) as pokerroom rules, with antes."""
    return Rules(
        structure=Structure.FIXED_LIMIT, small_bet=10, big_bet=20, blinds=(5, 10),
        antes=antes, burn_cards=False,
    )  # fmt: skip


def _raises_then_fold_on_the_flop(rules: Rules) -> Hand:
    hand = stacked_start(rules, [20000, 20000], [None, None], [])
    hand.bet_or_raise(300)
    hand.bet_or_raise(900)
    hand.call()
    hand.check()
    hand.bet_or_raise(500)
    hand.fold()
    return hand


def _refusal(played: PlayedHand, game: GameDef) -> str:
    with pytest.raises(ReplayError) as info:
        to_acpc(played, game)
    assert isinstance(info.value, HistoryError)  # what the command line reports
    return str(info.value)


def test_a_no_limit_hand_with_antes_is_refused_naming_them(data_dir: Path) -> None:
    """A raise to 300 after antes of 10 is 310 chips in the hand: no ACPC line says it."""
    hand = _raises_then_fold_on_the_flop(_no_limit(antes=10))
    assert _refusal(PlayedHand.from_hand(hand), _game(data_dir, NO_LIMIT)) == (
        "ACPC games have no antes: this hand has antes in the pot (10 10, by position), so no ACPC "
        "game definition replays it and it is not written"
    )


def test_a_limit_hand_with_antes_is_refused_too(data_dir: Path) -> None:
    """Limit raises are a bare ``r``, but the nets count the antes all the same."""
    hand = stacked_start(_limit(antes=2), [1000, 1000], [None, None], [])
    hand.bet_or_raise(20)
    hand.fold()
    assert _refusal(PlayedHand.from_hand(hand), _game(data_dir, LIMIT)) == (
        "ACPC games have no antes: this hand has antes in the pot (2 2, by position), so no ACPC "
        "game definition replays it and it is not written"
    )


def test_a_hand_won_before_any_raise_is_refused_when_it_had_antes(data_dir: Path) -> None:
    hand = stacked_start(_no_limit(antes=25), [20000, 20000], [None, None], [])
    hand.fold()
    message = _refusal(PlayedHand.from_hand(hand), _game(data_dir, NO_LIMIT))
    assert message.startswith("ACPC games have no antes: this hand has antes in the pot (25 25, ")


def test_antes_are_named_by_position_less_the_part_nobody_matched(data_dir: Path) -> None:
    """Antes of 10 and 30: the 20 nobody matched goes back at once, 10 each stay in the
    pot.  Position 0 is the first seat left of the button (heads-up, the big blind)."""
    hand = _raises_then_fold_on_the_flop(_no_limit(antes=(10, 30)))
    assert _refusal(PlayedHand.from_hand(hand), _game(data_dir, NO_LIMIT)) == (
        "ACPC games have no antes: this hand has antes in the pot (10 10, by position), so "
        "no ACPC game definition replays it and it is not written"
    )


@pytest.mark.parametrize("antes", [(0, 30), (30, 0)])
def test_an_ante_returned_whole_leaves_the_hand_as_if_unposted(
    data_dir: Path, antes: tuple[int, int]
) -> None:
    """One player's ante, which nobody matches, goes back whole before the blinds: the
    hand is the hand without antes, chip for chip, and is written as that hand is."""
    game = _game(data_dir, NO_LIMIT)
    played = PlayedHand.from_hand(_raises_then_fold_on_the_flop(_no_limit(antes=antes)))
    plain = PlayedHand.from_hand(_raises_then_fold_on_the_flop(_no_limit()))
    assert str(to_acpc(played, game)) == str(to_acpc(plain, game))


def _three_handed(game: GameDef, antes: int | tuple[int, ...]) -> PlayedHand:
    """The data's three-player no-limit game: the button (no blind) calls pre-flop, calls
    a bet on the flop and folds to one on the turn."""
    rules = dataclasses.replace(rules_from_gamedef(game), antes=antes)
    hand = stacked_start(rules, list(game.stack), [None, None, None], [])
    hand.call()
    hand.call()
    hand.check()
    hand.check()
    hand.bet_or_raise(500)
    hand.call()
    hand.fold()
    hand.bet_or_raise(1000)
    hand.fold()
    return PlayedHand.from_hand(hand)


def test_a_returned_ante_of_a_seat_without_a_blind_counts_in_no_raise(data_dir: Path) -> None:
    """The button's ante of 30 goes back whole; it posts no blind, and its later bets are
    written as if it had never posted the ante."""
    game = _game(data_dir, "holdem.nolimit.3p.game")
    line = "STATE:0:ccc/cr600cf/r1600f:2c2s|2d3c|2h3d/3h3s4c/4d:-100|700|-600:p1|p2|p3"
    assert str(to_acpc(_three_handed(game, 0), game)) == line
    assert str(to_acpc(_three_handed(game, (0, 0, 30)), game)) == line
    check = replay_acpc(ACPCLog.parse(line + "\n").hands[0], game).check()
    assert check is not None and check.how == "exact"
    assert _refusal(_three_handed(game, 30), game).startswith(
        "ACPC games have no antes: this hand has antes in the pot (30 30 30, by position)"
    )


def test_the_same_hand_without_antes_is_written_and_replays_to_its_nets(data_dir: Path) -> None:
    game = _game(data_dir, NO_LIMIT)
    hand = _raises_then_fold_on_the_flop(_no_limit())
    played = PlayedHand.from_hand(hand)
    written = to_acpc(played, game)
    assert str(written) == "STATE:0:r300r900c/cr1400f:2c2h|2d2s/3c3d3h:-900|900:p1|p2"
    replay = replay_acpc(ACPCLog.parse(f"{written}\n").hands[0], game)
    assert played.result is not None and replay.played.result is not None
    assert replay.played.result.net == played.result.net
    check = replay.check()
    assert check is not None and check.how == "exact"


def test_an_unfinished_hand_with_antes_is_refused_as_unfinished(data_dir: Path) -> None:
    hand = stacked_start(_no_limit(antes=10), [20000, 20000], [None, None], [])
    hand.bet_or_raise(300)
    assert _refusal(PlayedHand.from_hand(hand), _game(data_dir, NO_LIMIT)) == (
        "the hand is not over: an ACPC log holds finished hands"
    )


@pytest.mark.parametrize(
    ("log_name", "game_name"),
    [("limit2p_1000hands_seed42.log", LIMIT), ("nolimit2p_200hands_seed42.log", NO_LIMIT)],
)
def test_every_hand_of_the_reference_logs_is_written_back_as_its_own_line(
    data_dir: Path, log_name: str, game_name: str
) -> None:
    """The dealer's hands have no antes: each is written exactly as the dealer wrote it."""
    game = _game(data_dir, game_name)
    log = ACPCLog.load(data_dir / "acpc" / log_name)
    for hand in log.hands:
        assert str(to_acpc(replay_acpc(hand, game).played, game)) == str(hand)
