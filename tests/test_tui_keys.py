"""Keys in bursts at every screen of the game: a key acts only on the screen (and the
decision) that was showing when it was pressed.

Each burst is queued whole before the app handles its first key, as a terminal delivers
keys read in one go (``tmux send-keys Enter Enter``, a held key, a fast typist).  After
each: nothing raised, the screen stack is one a person can reach, no screen acted on a
key meant for the one before it, no hand was dealt while one was in play, and not a chip
was made or lost.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from pokerroom.engine import ActionKind, EventKind, Street
from pokerroom.tui.app import PokerApp
from pokerroom.tui.dialogs import HandOverScreen
from pokerroom.tui.game import Game
from pokerroom.tui.table import TableScreen
from tui_helpers import (
    burst,
    check_stack,
    chips_in_play,
    make_app,
    make_game,
    settle,
    sit,
    stack_names,
    until,
    your_turn,
)

SIZES = (2, 3, 6, 10)
"""Burst lengths: two keys, three (a blank screen once), six (a crash once), ten."""


def _mine(game: Game) -> list[EventKind]:
    """Your actions in the hand in play."""
    hand = game.table.hand
    assert hand is not None
    skip = {EventKind.DEAL, EventKind.ANTE, EventKind.BLIND}
    return [e.kind for e in hand.events if e.seat == 0 and e.kind not in skip]


def _check(app: PokerApp, game: Game | None = None, total: int | None = None) -> None:
    assert app.is_running and app._exception is None
    check_stack(app)
    if game is not None and total is not None:
        assert chips_in_play(game) == total
        if isinstance(app.screen, HandOverScreen):
            assert not game.table.in_hand  # nothing dealt under the summary


async def _to_summary(pilot, screen: TableScreen) -> None:
    """Fold (or check) until the hand's summary shows."""
    app = pilot.app
    while not isinstance(app.screen, HandOverScreen):
        await until(pilot, lambda: your_turn(screen) or isinstance(app.screen, HandOverScreen))
        if isinstance(app.screen, HandOverScreen):
            break
        view = screen.game.view(0)
        key = "enter" if view.street is Street.SHOWDOWN else (
            "f" if view.legal and ActionKind.FOLD in view.legal.kinds else "c")
        await pilot.press(key)
        await pilot.pause()


@pytest.mark.parametrize("keys", [["enter"] * n for n in SIZES] + [["space", "c", "f", "x"]])
def test_a_burst_on_the_hand_summary_goes_on_to_one_next_hand(tmp_path: Path,
                                                              keys: list[str]) -> None:  # fmt: skip
    """Issue 29, item 1: two keys on the summary went back to the main menu mid-game, three
    gave a blank screen, six crashed.  Now the first deals the next hand and the others,
    pressed for the summary, act on nothing."""

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(("calling-station",) * 3, seed=4)
            total = chips_in_play(game)
            screen = await sit(pilot, game)
            await _to_summary(pilot, screen)
            number = game.number
            burst(app, keys)
            await settle(pilot)
            _check(app, game, total)
            assert stack_names(app) == ["MenuScreen", "TableScreen"]
            assert game.number == number + 1 and your_turn(screen)
            assert _mine(game) == []  # the keys after the first did not act on the new hand

    asyncio.run(scenario())
