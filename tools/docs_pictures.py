"""Make the documentation's pictures again: the terminal game's screens as SVG (the menu, a
hand in play, a showdown, the keys of the table) and the chip graph of a freeze-out, all
from seeded games.

    .venv/bin/python tools/docs_pictures.py            # every picture, into docs/images/
    .venv/bin/python tools/docs_pictures.py --check    # make them and say which differ

The screens are Textual's own screenshots of the app driven by its test pilot at a fixed
terminal size, on a fresh data directory, with the computer players acting instantly; the
chip graph is ``pokerroom tournament --chip-graph``'s.  The solver's convergence plots are
``pokerroom solve --plot``'s (the command is in the solver's page; it takes minutes).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "docs" / "images"
CLOCK = "2026-01-01 12:00"  # no real time on any screen


async def _until(pilot: object, ready: Callable[[], bool], timeout: float = 60.0) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    end = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > end:
            raise SystemExit(f"timed out waiting; the screen is {pilot.app.screen!r}")
        await pilot.pause(0.01)


def _app(directory: Path, seed: int | None = None) -> object:
    from pokerroom.tui.app import PokerApp

    app = PokerApp(directory=directory, seed=seed, clock=lambda: CLOCK)
    app.prefs.speed = "instant"
    return app


async def menu(directory: Path) -> str:
    """The main menu, as ``pokerroom play`` opens."""
    from pokerroom.tui.app import PokerApp
    from pokerroom.tui.menu import MenuScreen

    app = _app(directory)
    assert isinstance(app, PokerApp)
    async with app.run_test(size=(80, 24)) as pilot:
        await _until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await app.workers.wait_for_complete()  # the engine warmed up: the footer styled
        await pilot.pause(0.5)
        return app.export_screenshot(title="pokerroom play")


async def _sit(directory: Path, bots: tuple[str, ...], *, seed: int,
               stacks: list[int] | None, size: tuple[int, int],
               play: Callable[[object, object], object]) -> str:  # fmt: skip
    from pokerroom.rules import Rules
    from pokerroom.tui.app import PokerApp
    from pokerroom.tui.game import Game, Setup
    from pokerroom.tui.table import TableScreen

    app = _app(directory)
    assert isinstance(app, PokerApp)
    setup = Setup(name="Hero", bots=bots, rules=Rules.preset("no-limit"), seed=seed)
    game = Game.new(setup, stacks)
    async with app.run_test(size=size) as pilot:
        screen = TableScreen(game, None)
        app.push_screen(screen)
        await _until(pilot, lambda: screen.is_current and screen._my_turn())
        await play(pilot, screen)  # type: ignore[misc]
        await pilot.pause(0.5)
        return app.export_screenshot(title="pokerroom play")


async def hand(directory: Path) -> str:
    """A hand on the turn, at a terminal large enough for big cards: you called before
    the flop and bet the pot on it, hints on."""

    async def play(pilot: object, screen: object) -> None:
        from textual.pilot import Pilot

        from pokerroom.tui.choices import quick_sizes
        from pokerroom.tui.table import TableScreen
        from pokerroom.tui.widgets import AmountInput

        assert isinstance(pilot, Pilot) and isinstance(screen, TableScreen)
        table = screen.game.table
        await pilot.press("c")
        await _until(pilot, lambda: screen._my_turn() and table.hand.street == 1)
        await pilot.press("b")
        field = screen.query_one(AmountInput)
        await _until(pilot, lambda: field.has_focus)
        assert screen.view is not None
        pot = next(q.amount for q in quick_sizes(screen.view) if q.label == "pot")
        for _ in range(4):  # ↑ steps through the quick sizes: the minimum, ½ pot, the pot
            if field.value == str(pot):
                break
            await pilot.press("up")
            await pilot.pause()
        assert field.value == str(pot), field.value
        await pilot.press("enter")
        await _until(pilot, lambda: screen._my_turn() and table.hand.street == 2)
        await pilot.press("t")

    bots = ("calling-station", "rule-based", "calling-station", "strong")
    return await _sit(directory, bots, seed=21, stacks=None, size=(120, 36), play=play)


async def showdown(directory: Path) -> str:
    """The summary of a hand that went to a showdown with a side pot: you went all-in (a,
    then y to the question) and a shorter stack was all-in for less."""

    async def play(pilot: object, screen: object) -> None:
        from textual.pilot import Pilot

        from pokerroom.tui.dialogs import ConfirmDialog, HandOverScreen

        assert isinstance(pilot, Pilot)
        await pilot.press("a")
        await _until(pilot, lambda: isinstance(pilot.app.screen, ConfirmDialog))
        await pilot.press("y")
        await _until(pilot, lambda: isinstance(pilot.app.screen, HandOverScreen))

    bots = ("calling-station", "calling-station")
    return await _sit(directory, bots, seed=5, stacks=[1000, 300, 1000], size=(100, 30),
                      play=play)


async def keys(directory: Path) -> str:
    """``?`` at the table on your first decision: every key of the screen, in a list over
    it."""

    async def play(pilot: object, screen: object) -> None:
        from textual.pilot import Pilot

        from pokerroom.tui.dialogs import KeysDialog

        assert isinstance(pilot, Pilot)
        await pilot.press("question_mark")
        await _until(pilot, lambda: isinstance(pilot.app.screen, KeysDialog))

    bots = ("calling-station", "rule-based")
    return await _sit(directory, bots, seed=3, stacks=None, size=(100, 30), play=play)


def chip_graph(out: Path) -> None:
    """The chip graph of one seeded freeze-out (``pokerroom tournament --chip-graph``)."""
    from pokerroom.cli import main

    code = main(["tournament", "--players", "strong,rule-based,calling-station,random",
                 "--set", "buy_in=500", "--games", "1", "--seed", "1", "--workers", "1",
                 "--chip-graph", str(out)])  # fmt: skip
    if code:
        raise SystemExit(f"the tournament command failed ({code})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="make the pictures elsewhere and say which differ")  # fmt: skip
    parser.add_argument("--out", type=Path, default=IMAGES, help="where to write them")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out" if args.check else args.out
        out.mkdir(parents=True, exist_ok=True)
        for name, make in (("menu", menu), ("hand", hand), ("showdown", showdown),
                           ("keys", keys)):  # fmt: skip
            data = Path(tmp) / name
            data.mkdir()
            svg = asyncio.run(make(data))
            (out / f"screen-{name}.svg").write_text(svg, encoding="utf-8")
            print(f"wrote {out / f'screen-{name}.svg'}")
        chip_graph(out / "chip-graph.png")
        print(f"wrote {out / 'chip-graph.png'}")
        if args.check:
            differ = [p.name for p in sorted(out.iterdir()) if p.suffix == ".svg"
                      and p.read_bytes() != (args.out / p.name).read_bytes()]  # fmt: skip
            print("differ: " + (", ".join(differ) or "none"))
            return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
