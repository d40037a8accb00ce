"""The terminal game: each opponent's statistics beside their seat (the ``o`` key, from
the hands of this game as you saw them), and the hand history exported for trackers
(PokerStars text, you its hero) and as OHH."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from pokerroom.engine import Street
from pokerroom.history.ohh import parse_ohh
from pokerroom.history.starsread import parse_pokerstars
from pokerroom.tui.screens.dialogs import HandOverScreen
from pokerroom.tui.widgets.table import SeatsPanel
from tui_helpers import make_app, make_game, move, screen_name, sit, until, your_turn


async def _hands(pilot, app, screen, game, count: int) -> None:  # type: ignore[no-untyped-def]
    """Play ``count`` hands by checking and calling, leaving each hand's summary."""
    for _ in range(count):
        while not isinstance(app.screen, HandOverScreen):
            key = "enter" if game.view(0).street is Street.SHOWDOWN else "c"
            await move(pilot, screen, key)
        await pilot.press("space")
        await until(pilot, lambda: your_turn(screen))


def test_the_stats_key_shows_each_opponents_numbers_under_their_seat(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            game = make_game(seed=12)
            screen = await sit(pilot, game, history=app.store.new_game("Hero against 2"))
            await _hands(pilot, app, screen, game, 2)
            panel = screen.query_one(SeatsPanel)
            assert panel.notes == ()
            await pilot.press("o")
            await until(pilot, lambda: bool(panel.notes))
            you, *others = panel.notes
            assert you == ""  # your own numbers are not shown
            # calling stations: they call (VPIP 100 but for a big blind's free check),
            # never raise, and see every showdown
            assert sorted(others) == ["2 hands  VPIP 100  PFR 0  3B -  AF -  WTSD 100",
                                      "2 hands  VPIP 50  PFR 0  3B -  AF -  WTSD 100"]  # fmt: skip
            await _hands(pilot, app, screen, game, 1)  # the next hand counts at once
            assert all(note.startswith("3 hands") for note in panel.notes[1:]), panel.notes
            await pilot.press("o")
            await until(pilot, lambda: panel.notes == ())

    asyncio.run(scenario())


def test_the_hand_history_exports_for_trackers_and_as_ohh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(seed=12)
            history = app.store.new_game("Hero against 2 computer players: no limit")
            screen = await sit(pilot, game, history=history)
            await _hands(pilot, app, screen, game, 2)
            app.pop_screen()
            from pokerroom.tui.screens.archive import HistoryScreen

            app.push_screen(HistoryScreen())
            await until(pilot, lambda: screen_name(pilot) == "HistoryScreen")
            await pilot.press("p")
            (stars,) = tmp_path.glob("*.txt")
            hands = parse_pokerstars(stars.read_text(encoding="utf-8"))
            assert len(hands) == 2 and all(h.tournament == history for h in hands)
            dealt = {line.name for h in hands for line in h.lines if line.verb == "dealt"}
            assert dealt == {"Hero"}  # the others' cards only where shown
            await pilot.press("o")
            (ohh,) = tmp_path.glob("*.ohh")
            assert len(parse_ohh(ohh.read_text(encoding="utf-8"))) == 2
            await pilot.press("enter", "enter")  # one hand
            await until(pilot, lambda: screen_name(pilot) == "ReplayScreen")
            await pilot.press("p")
            assert len(list(tmp_path.glob("*-hand-1.txt"))) == 1

    asyncio.run(scenario())
