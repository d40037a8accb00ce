"""Exact values of the history writers where the other history tests leave room: the
heads-up forced bets of a rule set with more blinds than two, and an ACPC log whose
header states a seed although it shows every hole card (the log's own board is kept)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pokerroom.history.record import forced_bets
from pokerroom.history.sources import replays
from pokerroom.rules import Rules

LIMIT_GAME = "holdem.limit.2p.reverse_blinds.game"
LIMIT_LOG = "limit2p_1000hands_seed42.log"


@pytest.mark.parametrize(
    ("blinds", "expected"),
    [((1, 2), (2, 1)), ((1, 2, 4), (2, 1)), ((5, 10, 20, 40), (10, 5))],
)
def test_heads_up_reversed_blinds_use_only_the_first_two(
    blinds: tuple[int, ...], expected: tuple[int, int]
) -> None:
    """Heads-up the button posts ``blinds[0]``, the other player ``blinds[1]``; further
    blinds have no one to post them."""
    assert forced_bets(Rules(blinds=blinds), 2) == ((0, 0), expected)


def test_a_log_showing_every_hole_card_keeps_its_own_board(tmp_path: Path, data_dir: Path) -> None:
    """Hand 5 of the data's log ends on the turn (board 5h 9h 7h Qc).  Every hole card is
    in the log, so no card is dealt from the seed: the header's seed (changed here to
    one that did not deal these hands) changes nothing."""
    lines = (data_dir / "acpc" / LIMIT_LOG).read_text().splitlines()
    state = next(line for line in lines if line.startswith("STATE:5:"))
    header = lines[0].replace(".game 1000 42", ".game 1000 7")
    shutil.copy(data_dir / "acpc" / LIMIT_GAME, tmp_path / LIMIT_GAME)
    path = tmp_path / "shown.log"
    path.write_text(f"{header}\n{state}\n", encoding="utf-8")
    outcomes = list(replays(path))
    assert [o.label for o in outcomes] == ["hand 5", "SCORE"]
    replay = outcomes[0].replay
    assert replay is not None, outcomes[0].error
    assert [str(c) for c in replay.played.board] == ["5h", "9h", "7h", "Qc"]
