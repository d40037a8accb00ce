"""Hand-history files hand by hand (``pokerroom.history.sources``): hidden hole cards of
an ACPC log dealt again from the seed, one message for a whole file that cannot be
replayed, and each hand of a ``.phhs`` labelled."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pokerroom.engine.events import EventKind
from pokerroom.history.acpc import LIMIT_HEADS_UP, GameDef
from pokerroom.history.errors import ACPCError
from pokerroom.history.sources import Outcome, replays

LIMIT_GAME = "holdem.limit.2p.reverse_blinds.game"
LIMIT_LOG = "limit2p_1000hands_seed42.log"


def _hide_second_hand(line: str) -> str:
    """A STATE line with the second listed player's hole cards hidden (``7d3d|``)."""
    parts = line.split(":")
    rounds = parts[3].split("/")
    holes = rounds[0].split("|")
    holes[1] = ""
    rounds[0] = "|".join(holes)
    parts[3] = "/".join(rounds)
    return ":".join(parts)


def _log(tmp_path: Path, data_dir: Path, numbers: list[int], *, header: bool = True,
         hide: bool = True) -> Path:  # fmt: skip
    """A log of some hands of the data's limit log (in the order given), its game
    definition beside it."""
    lines = (data_dir / "acpc" / LIMIT_LOG).read_text().splitlines()
    states = {int(line.split(":")[1]): line for line in lines if line.startswith("STATE:")}
    body = [_hide_second_hand(states[n]) if hide else states[n] for n in numbers]
    shutil.copy(data_dir / "acpc" / LIMIT_GAME, tmp_path / LIMIT_GAME)
    path = tmp_path / "hidden.log"
    path.write_text("\n".join(lines[:4] * header + body) + "\n", encoding="utf-8")
    return path


def _holes(outcome: Outcome) -> list[tuple[str, ...]]:
    assert outcome.replay is not None, outcome.error
    deals = [e for e in outcome.replay.played.events if e.kind is EventKind.DEAL]
    return [tuple(str(c) for c in e.cards) for e in deals]


def test_hidden_hole_cards_are_dealt_again_from_the_seed_in_the_header(
    tmp_path: Path, data_dir: Path
) -> None:
    numbers = [0, 1, 2, 3, 4]
    hidden = list(replays(_log(tmp_path, data_dir, numbers)))
    shown = list(replays(_log(tmp_path, data_dir, numbers, hide=False)))
    assert [o.label for o in hidden] == [f"hand {n}" for n in numbers] + ["SCORE"]
    for mine, theirs in zip(hidden[:-1], shown[:-1], strict=True):
        assert _holes(mine) == _holes(theirs)  # every card the log hid, dealt as it was
    assert hidden[0].replay is not None and hidden[0].replay.check() is not None


def test_a_seed_given_overrides_the_headers_and_hands_out_of_order_get_their_own_deal(
    tmp_path: Path, data_dir: Path
) -> None:
    numbers = [3, 1, 1, 2, 0]  # out of order, one twice
    shown = list(replays(_log(tmp_path, data_dir, numbers, hide=False)))
    path = _log(tmp_path, data_dir, numbers)
    text = path.read_text().replace(".game 1000 42\n", ".game 1000 7\n", 1)
    path.write_text(text)  # the header's seed is wrong: 42 dealt these hands
    assert any(o.error is not None for o in replays(path))
    given = list(replays(path, seed=42))
    for mine, theirs in zip(given[:-1], shown[:-1], strict=True):
        assert mine.label == theirs.label and _holes(mine) == _holes(theirs)


def test_hidden_cards_without_a_seed_are_refused_for_the_whole_file(
    tmp_path: Path, data_dir: Path
) -> None:
    path = _log(tmp_path, data_dir, [0, 1], header=False)
    game = GameDef.load(data_dir / "acpc" / LIMIT_GAME)
    with pytest.raises(ACPCError) as info:
        list(replays(path, game=game))
    assert str(info.value) == (
        f"{path}: the log hides some hole cards and states no seed to deal them: give --seed"
    )
    assert [o.label for o in replays(path, game=game, seed=42)] == ["hand 0", "hand 1", "SCORE"]


def test_a_log_with_all_its_cards_needs_no_seed(tmp_path: Path, data_dir: Path) -> None:
    path = _log(tmp_path, data_dir, [0, 1], header=False, hide=False)
    game = GameDef.load(data_dir / "acpc" / LIMIT_GAME)
    outcomes = list(replays(path, game=game))
    assert all(o.replay is not None for o in outcomes[:2])


def test_the_wrong_game_definition_is_one_message_for_the_file(
    tmp_path: Path, data_dir: Path
) -> None:
    path = _log(tmp_path, data_dir, [0, 1, 2], hide=False)
    three = GameDef.load(data_dir / "acpc" / "holdem.limit.3p.game")
    with pytest.raises(ACPCError) as info:
        list(replays(path, game=three))
    assert str(info.value) == (
        f"{path}: 2 players in the log, 3 in the game definition: give the log's own with "
        "--game GAMEDEF (none of its 3 hands was replayed)"
    )


def test_a_game_definition_pokerroom_cannot_play_is_named_so(tmp_path: Path) -> None:
    (tmp_path / "leduc.game").write_text(
        "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 2\nblind = 1 1\nraiseSize = 2 4\n"
        "firstPlayer = 1 1\nmaxRaises = 2 2\nnumSuits = 2\nnumRanks = 3\nnumHoleCards = 1\n"
        "numBoardCards = 0 1\nEND GAMEDEF\n"
    )
    path = tmp_path / "leduc.log"
    path.write_text("# name/game/hands/seed l leduc.game 1 1\nSTATE:0:f:Kh|As:1|-1:a|b\n")
    with pytest.raises(ACPCError) as info:
        list(replays(path))
    assert str(info.value) == (
        f"{path}: the game definition cannot be played: not Texas hold'em (pokerroom plays 4 "
        "suits x 13 ranks, 2 hole cards, 4 rounds dealing 0 3 1 1 board cards)"
    )


def test_a_log_without_a_header_or_its_game_file_says_how_to_give_one(tmp_path: Path) -> None:
    bare = tmp_path / "bare.log"
    bare.write_text("STATE:0:f:7d3d|2hAc:5|-5:Alice|Bob\n")
    with pytest.raises(ACPCError) as info:
        list(replays(bare))
    assert str(info.value) == (
        f"{bare}: the log does not name its game definition: give one with --game GAMEDEF"
    )
    away = tmp_path / "away.log"
    away.write_text("# name/game/hands/seed m gone.game 1 1\nSTATE:0:f:7d3d|2hAc:5|-5:a|b\n")
    with pytest.raises(ACPCError) as info:
        list(replays(away))
    assert str(info.value) == (
        f"{away}: the log's game definition 'gone.game' is not beside it: give it with "
        "--game GAMEDEF (none of the log's 1 hands was replayed)"
    )


def test_a_log_line_that_cannot_be_read_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.log"
    path.write_text("STATE:0:fz:7d3d|2hAc:5|-5:Alice|Bob\n")
    with pytest.raises(ACPCError) as info:
        list(replays(path, game=GameDef.parse(LIMIT_HEADS_UP)))
    assert str(info.value).startswith(f"{path}: line 1: bad betting 'fz'")


PHH = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ["d dh p1 AcKs", "d dh p2 7h7d", "p2 f"]
"""


def test_each_hand_of_a_phhs_is_labelled_and_a_bad_one_located(tmp_path: Path) -> None:
    path = tmp_path / "m.phhs"
    path.write_text("[1]\n" + PHH + "[7]\n" + PHH.replace('"p2 f"]', '"p2 f", "p1 f"]'))
    good, bad = replays(path)
    assert good.label == "[1]" and good.replay is not None
    assert good.replay.played.label == "1"
    assert bad.label == "[7]" and bad.replay is None
    assert str(bad.error) == f"{path}: [7]: action 4 'p1 f': p1 acts after the hand is over"
    single = tmp_path / "one.phh"
    single.write_text(PHH)
    (only,) = replays(single)
    assert only.label == "" and only.replay is not None and only.replay.played.label is None

