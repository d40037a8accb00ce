"""Random keys over whole games: seeded sequences of bursts (1 to 10 keys each, every key
the game knows and some it does not) from the main menu through new games, hands,
summaries, saves, loads, the history, settings and the standings.  The app may be quit
by a key (the menu's Esc, its Quit): it is started again on the same saves, as a person
would.

At every point: nothing raised, the screen stack is one a person can reach, no hand is
dealt while one is in play (the table refuses it: the hand loop would fail), the summary
shows a finished hand, and not a chip of a game is made or lost.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from textual.pilot import Pilot

from pokerroom.tui.app import PokerApp
from pokerroom.tui.form import FormChoices
from pokerroom.tui.screens.dialogs import HandOverScreen
from pokerroom.tui.screens.menu import MenuScreen
from pokerroom.tui.screens.table import TableScreen
from tui_helpers import burst, check_stack, chips_in_play, hand_loop_running, make_app, until

KEYS = {
    "enter": 12, "c": 10, "space": 5, "f": 4, "escape": 3, "r": 2, "b": 2, "a": 3, "y": 2,
    "n": 1, "s": 1, "x": 1, "t": 1, "question_mark": 1, "up": 3, "down": 3, "left": 2,
    "right": 3, "tab": 1, "home": 1, "end": 1, "backspace": 2, "delete": 1, "ctrl+s": 2,
    "z": 1, ",": 1, ".": 1, "-": 1, **{d: 1 for d in "0123456789"},
}  # fmt: skip
"""Every key the game binds, letters it does not, digits and an amount's punctuation; not
ctrl+q (the menu's Esc and Quit still end a run now and then)."""


def _waiting(screen: TableScreen) -> bool:
    """Whether the table stands still (your turn, the summary, or no hand loop): only
    then is it read."""
    return screen._my_turn() or screen._between or not hand_loop_running(screen)


class _Watch:
    """What the run has seen: each game's chips, and how far it went."""

    def __init__(self) -> None:
        self.totals: dict[int, int] = {}
        self.hands = 0
        self.screens: set[str] = set()

    def check(self, app: PokerApp) -> None:
        assert app._exception is None, app._exception
        if not app.is_running:
            return
        check_stack(app)
        self.screens.add(type(app.screen).__name__)
        for screen in app.screen_stack:
            if not isinstance(screen, TableScreen) or not _waiting(screen):
                continue
            game = screen.game
            if game.table.hand is None:
                continue
            total = self.totals.setdefault(id(game), chips_in_play(game))
            assert chips_in_play(game) == total, (game.number, game.table.stacks)
            self.hands = max(self.hands, game.number)
            if isinstance(app.screen, HandOverScreen):
                assert not game.table.in_hand


def _steer(app: PokerApp, keys: list[str]) -> list[str]:
    """Keys as sent: once you are out, not 'watch the rest' (the specific tests watch;
    here a watched freeze-out at instant speed would be most of the run)."""
    if type(app.screen).__name__ == "BustDialog":
        return ["right", "enter"] if keys[0] == "enter" else ["escape"]
    return keys


async def _settle(pilot: Pilot[None]) -> None:
    """Wait, as a person would, while the computer players act: the next burst then meets
    a table that stands still, so how far a run gets does not depend on the machine's
    speed (keys pressed while the bots act are the burst tests' part)."""
    app = pilot.app
    await until(pilot, lambda: not (app.is_running and isinstance(app.screen, TableScreen)
                                    and not _waiting(app.screen)), timeout=30)  # fmt: skip


async def _run(directory: Path, seed: int, budget: int) -> _Watch:
    rng = random.Random(seed)
    names, weights = list(KEYS), list(KEYS.values())
    watch = _Watch()
    sent = 0
    while sent < budget:
        app = make_app(directory, seed=seed)
        app.prefs.confirm_all_in = rng.random() < 0.5
        app.prefs.new_game = FormChoices(
            opponents=rng.choice([1, 2, 3]), bots=["random", "calling-station", "rule-based"],
            preset=rng.choice(["no-limit", "casino-limit", "computer-tournament", "wild"]),
            buy_in=rng.choice([40, 100, 200]),
        ).to_data()  # fmt: skip
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, MenuScreen))
            while sent < budget and app.is_running:
                keys = _steer(app, rng.choices(names, weights, k=rng.randint(1, 10)))
                burst(app, keys)
                sent += len(keys)
                await pilot.pause()
                await _settle(pilot)
                watch.check(app)
            await pilot.pause()
            watch.check(app)
    return watch


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_keys_over_whole_games(tmp_path: Path, seed: int) -> None:
    watch = asyncio.run(_run(tmp_path, seed, budget=600))
    assert watch.hands >= 3 and {"MenuScreen", "TableScreen"} <= watch.screens, (
        watch.hands, watch.screens)  # fmt: skip


@pytest.mark.slow
def test_random_keys_over_whole_games_longer(tmp_path: Path) -> None:
    watch = asyncio.run(_run(tmp_path, 11, budget=2000))
    assert watch.hands >= 10, watch.hands
