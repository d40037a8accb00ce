"""Snapshots of the terminal game (``pytest-textual-snapshot``): the menu, a table mid-hand
at 80×24 and at 120×40, a showdown, and a table of bots that raise and fold.  Randomness
is seeded, sizes are fixed and nothing shows a time, so the pictures are the same on
every machine.

After a deliberate change of the screens, look at the new pictures and accept them
with ``pytest tests/test_tui_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from pokerroom.tui.screens.dialogs import HandOverScreen
from tui_helpers import make_app, make_game, screen_text, sit, until


def test_menu(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(80, 24))


async def _mid_hand(pilot: Pilot[None]) -> None:
    game = make_game(("calling-station",) * 4, seed=21, stacks=[1000, 640, 1000, 1000, 220])
    screen = await sit(pilot, game)
    await pilot.press("c")  # call pre-flop, then wait for the flop
    await until(pilot, lambda: screen._my_turn() and game.table.hand.street == 1)
    await pilot.press("b")
    await until(pilot, lambda: screen.query_one("#amount").has_focus)
    await pilot.press("up", "up", "enter")  # bet the pot; the stations call
    await until(pilot, lambda: screen._my_turn() and game.table.hand.street == 2)


def test_table_mid_hand_80x24(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(80, 24), run_before=_mid_hand)


def test_table_mid_hand_120x40(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(120, 40), run_before=_mid_hand)


async def _showdown(pilot: Pilot[None]) -> None:
    game = make_game(("calling-station", "calling-station"), seed=5, stacks=[1000, 300, 1000])
    await sit(pilot, game)
    await pilot.press("a")  # all-in: Ada is all-in for less, a side pot
    await until(pilot, lambda: type(pilot.app.screen).__name__ == "ConfirmDialog")
    await pilot.press("y")
    await until(pilot, lambda: isinstance(pilot.app.screen, HandOverScreen))


def test_showdown_with_side_pot(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(80, 24), run_before=_showdown)


async def _raise_and_fold(pilot: Pilot[None]) -> None:
    """Bots that do more than call: pre-flop, seat 3 (random) raises and seat 4
    (rule-based) folds before your turn."""
    game = make_game(("rule-based", "random", "random", "rule-based"), seed=2)
    await sit(pilot, game)
    assert [(s, a.kind.value) for s, a in game.table.actions] == [(3, "raise"), (4, "fold")]
    text = screen_text(pilot.app)  # type: ignore[arg-type]
    raised = game.table.actions[0][1].amount
    assert f"{game.names[3]} raises to {raised}" in text and f"{game.names[4]} folds" in text


def test_table_with_a_raise_and_a_fold(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(make_app(tmp_path), terminal_size=(80, 24), run_before=_raise_and_fold)
