"""An ACPC log that hides cards is replayed with its match's seed dealing them
(protocols.md §1); a seed whose deal disagrees with a card the log shows, a hole card or a
board card, is not that match's seed, and the hand is refused, naming the hand, the card
shown and the card dealt, instead of replayed on the seed's cards."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import pytest

from pokerroom.cards import parse_cards
from pokerroom.engine.events import EventKind
from pokerroom.history.acpc import DealtCards, GameDef
from pokerroom.history.acpclog import ACPCHand, ACPCLog
from pokerroom.history.acpcreplay import replay_acpc
from pokerroom.history.errors import ReplayError
from pokerroom.history.sources import replays
from test_replay_cli import run

LIMIT = "holdem.limit.2p.reverse_blinds.game"
NO_LIMIT = "holdem.nolimit.2p.reverse_blinds.game"
LIMIT_LOG = "limit2p_1000hands_seed42.log"
NO_LIMIT_LOG = "nolimit2p_200hands_seed42.log"
# hand 5 of the limit log: Bob folds on the turn (seed 42 deals 4d for the river)
HAND_5 = "STATE:5:rc/rc/crf:3h3d|7s8d/5h9h7h/Qc:-30|30:Bob|Alice"
# seed 7's hand 5: 2d3c|Js2s/9s3s8d/6d/8s


def _game(data_dir: Path, name: str = LIMIT) -> GameDef:
    return GameDef.load(data_dir / "acpc" / name)


def _hand(line: str) -> ACPCHand:
    return ACPCLog.parse(line + "\n").hands[0]


def _deal(game: GameDef, seed: int, number: int) -> DealtCards:
    return next(itertools.islice(game.deals(seed), number, None))


def _hide(line: str, *positions: int) -> str:
    """A STATE line with the hole cards of some positions hidden."""
    parts = line.split(":")
    rounds = parts[3].split("/")
    holes = rounds[0].split("|")
    for p in positions:
        holes[p] = ""
    rounds[0] = "|".join(holes)
    parts[3] = "/".join(rounds)
    return ":".join(parts)


def _refusal(hand: ACPCHand, game: GameDef, dealt: DealtCards) -> str:
    with pytest.raises(ReplayError) as info:
        replay_acpc(hand, game, dealt=dealt)
    return str(info.value)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        # Alice's cards hidden: Bob's shown 3h is not seed 7's 2d
        (_hide(HAND_5, 1),
         "hand 5: the log shows 3h as card 1 of position 0's hole cards, but the seed deals 2d "
         "(not the match's seed?)"),
        # Bob's cards hidden: Alice's shown 7s is not seed 7's Js
        (_hide(HAND_5, 0),
         "hand 5: the log shows 7s as card 1 of position 1's hole cards, but the seed deals Js "
         "(not the match's seed?)"),
        # no hole card shown: the flop's 5h is not seed 7's 9s
        (_hide(HAND_5, 0, 1),
         "hand 5: the log shows 5h as card 1 of the flop, but the seed deals 9s (not the "
         "match's seed?)"),
        # every hole card shown, the board short of the river: it was replaced silently
        (HAND_5,
         "hand 5: the log shows 3h as card 1 of position 0's hole cards, but the seed deals 2d "
         "(not the match's seed?)"),
    ],
)  # fmt: skip
def test_a_wrong_seed_is_refused_naming_the_hand_and_both_cards(
    data_dir: Path, line: str, message: str
) -> None:
    game = _game(data_dir)
    assert _refusal(_hand(line), game, _deal(game, 7, 5)) == message


def test_the_first_card_that_differs_is_named_wherever_it_is(data_dir: Path) -> None:
    """A deal that differs from the log in one card only (the turn's, then a hole card's)."""
    game = _game(data_dir)
    right = _deal(game, 42, 5)
    flop, turn, river = right.board[1:]
    assert turn == tuple(parse_cards("Qc"))
    wrong_turn = DealtCards(right.hole, ((), flop, tuple(parse_cards("Kd")), river))
    hand = _hand(_hide(HAND_5, 1))
    assert _refusal(hand, game, wrong_turn) == (
        "hand 5: the log shows Qc as card 1 of the turn, but the seed deals Kd (not the "
        "match's seed?)"
    )
    wrong_hole = DealtCards((right.hole[0][:1] + tuple(parse_cards("2c")), right.hole[1]),
                            right.board)  # fmt: skip
    assert _refusal(_hand(_hide(HAND_5, 1)), game, wrong_hole) == (
        "hand 5: the log shows 3d as card 2 of position 0's hole cards, but the seed deals 2c "
        "(not the match's seed?)"
    )


def test_the_right_seed_still_deals_the_hidden_cards_and_the_rest_of_the_board(
    data_dir: Path,
) -> None:
    game = _game(data_dir)
    dealt = _deal(game, 42, 5)
    for line in (HAND_5, _hide(HAND_5, 1), _hide(HAND_5, 0, 1)):
        replay = replay_acpc(_hand(line), game, dealt=dealt)
        check = replay.check()
        assert check is not None and check.how == "exact", line
        deals = [e.cards for e in replay.played.events if e.kind is EventKind.DEAL]
        assert [tuple(d) for d in deals] == [dealt.hole[0], dealt.hole[1]]
        assert replay.played.board == tuple(parse_cards("5h 9h 7h Qc"))


@pytest.mark.parametrize(("log_name", "game_name"), [(LIMIT_LOG, LIMIT), (NO_LIMIT_LOG, NO_LIMIT)])
def test_every_hand_of_the_reference_logs_replays_the_same_with_cards_hidden(
    data_dir: Path, log_name: str, game_name: str
) -> None:
    """Each hand with one player's or both players' cards hidden, dealt by seed 42,
    replays event for event as the whole line does."""
    game = _game(data_dir, game_name)
    log = ACPCLog.load(data_dir / "acpc" / log_name)
    for hand, dealt in zip(log.hands, game.deals(42), strict=False):
        whole = replay_acpc(hand, game)
        for hidden in ((1,), (0,), (0, 1)):
            replay = replay_acpc(_hand(_hide(str(hand), *hidden)), game, dealt=dealt)
            assert replay.played.events == whole.played.events, (str(hand), hidden)
            assert replay.played.result == whole.played.result


def _log(tmp_path: Path, data_dir: Path, seed: int, lines: list[str]) -> Path:
    """A limit log whose header states ``seed``, its game definition beside it."""
    shutil.copy(data_dir / "acpc" / LIMIT, tmp_path / LIMIT)
    path = tmp_path / "match.log"
    header = f"# name/game/hands/seed limit2p {LIMIT} 1000 {seed}"
    path.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")
    return path


def test_a_log_replayed_with_the_wrong_seed_reports_each_hand_it_cannot_deal(
    tmp_path: Path, data_dir: Path
) -> None:
    """Hand 5 shows cards seed 7 does not deal; hand 1, all cards hidden and folded
    pre-flop, shows none, so nothing tells a wrong seed there."""
    full = {h.number: str(h) for h in ACPCLog.load(data_dir / "acpc" / LIMIT_LOG).hands}
    lines = [_hide(full[1], 0, 1), _hide(full[5], 1)]
    path = _log(tmp_path, data_dir, 7, lines)
    outcomes = list(replays(path))
    assert [o.label for o in outcomes] == ["hand 1", "hand 5", "SCORE"]
    assert outcomes[0].replay is not None
    fault = outcomes[1]
    assert fault.replay is None and fault.error is not None
    assert str(fault.error) == (
        f"{path}: line 3: hand 5: the log shows 3h as card 1 of position 0's hole cards, but "
        "the seed deals 2d (not the match's seed?)"
    )
    right = list(replays(path, seed=42))
    assert all(o.replay is not None for o in right[:2])
    checks = [o.replay.check() for o in right[:2] if o.replay is not None]
    assert [c.how for c in checks if c is not None] == ["exact", "exact"]


def test_the_command_line_reports_a_wrong_seed_in_a_line(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _log(tmp_path, data_dir, 42, [_hide(HAND_5, 1), "SCORE:-30|30:Bob|Alice"])
    code, out, _ = run(["replay", "--check", "--seed", "7", str(path)], capsys)
    assert code == 1
    assert out.splitlines() == [
        f"{path}: line 2: hand 5: the log shows 3h as card 1 of position 0's hole cards, but "
        "the seed deals 2d (not the match's seed?)",
        "1 file: 1 hand (1 cannot replay)",
    ]
    code, out, _ = run(["replay", "--check", str(path)], capsys)
    assert (code, out.splitlines()) == (0, ["1 file: 1 hand (1 exact)"])
