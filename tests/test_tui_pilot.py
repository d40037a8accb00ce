"""The terminal game played by key presses only (Textual's pilot), checked on the engine.

Each test runs the real app headless on a temporary data directory with instant bots:
a raise with a typed amount (and an illegal one refused), an all-in with a side pot, a
showdown with hand names, save -> quit -> load -> continue with the same cards to come, a
damaged save refused, and the end of a freeze-out.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import threading
from pathlib import Path

import pytest
from textual import events
from textual.app import App

from pokerroom.engine import Action, ActionKind, EventKind, Street
from pokerroom.evaluator import best_hand
from pokerroom.players import Player
from pokerroom.tui import cardface
from pokerroom.tui.felt import pots
from pokerroom.tui.game import Game
from pokerroom.tui.screens.dialogs import HandOverScreen, MessageDialog
from pokerroom.tui.screens.gameover import GameOverScreen
from pokerroom.tui.screens.menu import MenuScreen
from pokerroom.tui.screens.table import TableScreen
from pokerroom.tui.widgets.fields import TypedInput
from pokerroom.tui.widgets.table import ActionBar
from tui_helpers import (
    make_app,
    make_game,
    move,
    play_out,
    screen_name,
    screen_text,
    sit,
    until,
    your_turn,
)

_K = EventKind


def _mine(game, kind):  # events of seat 0 (you) of one kind in the hand in play
    return [e for e in game.table.hand.events if e.seat == 0 and e.kind is kind]


async def _open_amount(pilot, screen, key):
    """Press ``key`` (b or r) and wait for the amount field to take the keys."""
    await pilot.press(key)
    field = screen.query_one("#amount")
    await until(pilot, lambda: field.has_focus)
    return field


def test_raise_with_a_typed_amount_and_an_illegal_amount_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game()
            screen = await sit(pilot, game)
            before = len(game.table.hand.events)
            await _open_amount(pilot, screen, "r")  # the field opens at the minimum raise
            await pilot.press("backspace", "5", "enter")  # below the minimum: refused
            bar = screen.query_one(ActionBar)
            assert bar.message == "5 is too small: the smallest raise is to 8."
            assert len(game.table.hand.events) == before and your_turn(screen)
            await pilot.press("backspace", "2", "0", "0", "0", "enter")  # above the stack
            assert "2,000 is too big: the most is 1,000 (all your chips)" in bar.message
            await pilot.press(*["backspace"] * 4, "2", "0", "enter")
            await until(pilot, lambda: _mine(game, _K.RAISE) != [])
            (raised,) = _mine(game, _K.RAISE)
            assert (raised.total, raised.street) == (20, Street.PREFLOP)
            assert bar.message == ""

    asyncio.run(scenario())


def test_quick_sizes_and_escape_back_to_the_buttons(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game()
            screen = await sit(pilot, game)
            field = await _open_amount(pilot, screen, "r")
            assert field.value == "8"  # the minimum raise
            await pilot.press("up")  # half the pot: 4 to match + (6 + 4) // 2
            assert field.value == "9"
            await pilot.press("up")  # pot: 4 to match + (6 in the pot + 4 to call)
            assert field.value == "14"
            await pilot.press("down")
            assert field.value == "9"
            await pilot.press("escape")  # back to the buttons, nothing played
            assert not _mine(game, _K.RAISE) and your_turn(screen)
            await _open_amount(pilot, screen, "r")
            await pilot.press("up", "up", "up", "up", "enter")  # all-in, the biggest size
            await until(pilot, lambda: bool(_mine(game, _K.RAISE)))
            assert _mine(game, _K.RAISE)[0].total == 1000  # typed: no question asked

    asyncio.run(scenario())


def test_all_in_with_a_side_pot(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            # Ada can cover only 300: you all-in for 1000, both call -> a side pot
            game = make_game(stacks=[1000, 300, 1000], seed=5)
            screen = await sit(pilot, game)
            await pilot.press("a")  # asks first
            await until(pilot, lambda: screen_name(pilot) == "ConfirmDialog")
            await pilot.press("y")
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
            view = game.view(0)
            result = view.result
            assert result is not None
            assert [(p.name, p.amount, p.eligible) for p in pots(view)] == [
                ("main pot", 900, (0, 1, 2)),
                ("side pot 1", 1400, (0, 2)),
            ]
            assert sum(result.stacks) == 2300  # not a chip created or lost
            summary = app.screen.summary.plain
            assert "Ada wins the main pot (900)" in summary
            assert "Hero wins side pot 1 (1,400)" in summary  # Ada could not win it
            assert "Out of the game: Bo" in summary
            assert summary.count(" shows ") == 3  # every all-in hand is shown
            await pilot.press("space")  # any key: the next hand
            await until(pilot, lambda: your_turn(screen) or not screen.is_current)
            assert game.number == 2 and game.chips[-1] == [1400, 900, 0]
            assert game.table.out == (False, False, True)
            assert screen.query_one("#seats").lines[2].status == "out"

    asyncio.run(scenario())


def _unseen_cards_on_screen(app, game) -> list[str]:
    """The computer players' hole cards that the screen shows, as faces (K♦) or as the
    log writes them (Kd)."""
    text = screen_text(app)
    found = []
    for seat in range(1, game.players):
        for card in game.table.hand.hole(seat):
            face, code = cardface.small([card]).plain.strip(), str(card)
            if face in text or re.search(rf"\b{code}\b", text):
                found.append(code)
    return found


def test_showdown_names_every_shown_hand(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        app.prefs.hints = True  # the hints too see only what you see
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(seed=11)
            screen = await sit(pilot, game)
            checked = set()
            while not isinstance(app.screen, HandOverScreen):
                view = game.view(0)
                if view.street < Street.SHOWDOWN:  # nobody has shown: no bot's card shows
                    await until(pilot, lambda: "Hint:" in screen_text(app))
                    assert _unseen_cards_on_screen(app, game) == []
                    checked.add(view.street)
                # "Show your cards" (the first choice) at the showdown, before it check or call
                await move(pilot, screen, "enter" if view.street is Street.SHOWDOWN else "c")
            assert len(checked) == 4  # pre-flop, flop, turn and river
            view = game.view(0)
            shows = [e for e in view.events if e.kind is _K.SHOW]
            assert len(shows) == 3
            summary = app.screen.summary.plain
            for e in shows:
                name = best_hand(e.cards, view.board).name
                assert f"{game.names[e.seat]} shows" in summary
                assert name in summary
            assert " wins the pot " in summary or " split the pot " in summary

    asyncio.run(scenario())


def test_folded_cards_are_never_shown(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game()
            screen = await sit(pilot, game)
            await pilot.press("f")
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
            mine = game.view(0)
            assert mine.folded[0] and mine.shown[0] is None
            await pilot.press("enter")
            await until(pilot, lambda: your_turn(screen))
            lines = "\n".join(str(line) for line in screen.query_one("#log").lines)
            hole = " ".join(str(c) for c in game.table.hand.hole(1))
            assert hole not in lines  # another seat's cards, never shown, never in the log

    asyncio.run(scenario())


def test_save_quit_load_continue_with_the_same_cards_to_come(tmp_path: Path) -> None:
    async def first() -> tuple[object, list[str]]:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(seed=5)
            screen = await sit(pilot, game)
            await pilot.press("c")  # call pre-flop: the save is made on the flop
            await until(pilot, lambda: your_turn(screen) and game.table.hand.street is Street.FLOP)
            await pilot.press("s")
            await until(pilot, lambda: screen_name(pilot) == "SaveDialog")
            await pilot.press(*["backspace"] * 12, *"flop", "enter")
            await until(pilot, lambda: screen.is_current)
            # the rest of the hand as it would have been, on a copy of the game as it stands
            twin = Game.from_data(json.loads(json.dumps(game.to_data())))
            play_out(twin)
            await pilot.press("x")  # leave: asked first
            await until(pilot, lambda: screen_name(pilot) == "LeaveDialog")
            await pilot.press("left", "enter")  # "Leave without saving"
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await pilot.press("ctrl+q")  # quit: at the menu, at once
        assert app.return_code in (0, None)
        slots = [s.slot for s in app.store.slots()]
        return twin, slots

    twin, slots = asyncio.run(first())
    assert slots[:1] == ["flop"] or "flop" in slots

    async def second() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await pilot.press("down", "down", "enter")  # Load game
            await until(pilot, lambda: screen_name(pilot) == "LoadScreen")
            slots = [o.id for o in app.screen.query_one("#saves").options]
            await pilot.press(*["down"] * slots.index("flop"), "enter")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            screen = app.screen
            await until(pilot, lambda: your_turn(screen))
            game = screen.game
            assert game.table.hand.street is Street.FLOP and game.number == 1
            while not isinstance(app.screen, HandOverScreen):
                key = "enter" if game.view(0).street is Street.SHOWDOWN else "c"
                await move(pilot, screen, key)
            assert game.table.hand.board == twin.table.hand.board  # the same cards came
            assert game.table.stacks == twin.table.stacks

    asyncio.run(second())


def test_continue_loads_the_autosave_of_your_last_turn(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(seed=8)
            await sit(pilot, game)
            hole = game.view(0).hole
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await pilot.press("down", "enter")  # Continue
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            assert app.screen.game.view(0).hole == hole

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ("UPDATE saves SET data = replace(data, '1000', '9000')", "is damaged"),
        ("UPDATE saves SET format = format + 1", "save format 3"),
    ],
)
def test_a_damaged_save_is_refused(tmp_path: Path, change: str, says: str) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await sit(pilot, make_game(seed=4))  # your turn: autosaved
        with sqlite3.connect(tmp_path / "pokerroom.db") as db:
            assert db.execute(change).rowcount == 1
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await pilot.press("down", "enter")  # Continue
            await until(pilot, lambda: isinstance(app.screen, MessageDialog))
            text = str(app.screen.query_one("#message-text").render())
            assert says in text and "autosave" in text
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            assert app.is_running

    asyncio.run(scenario())


def test_the_end_of_a_freeze_out(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        app.prefs.confirm_all_in = False  # the setting: a goes all-in at once
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(("calling-station",), seed=2)
            screen = await sit(pilot, game, history=app.store.new_game("test"))
            for _ in range(2000):  # a few hands at most: all-in every time
                if isinstance(app.screen, GameOverScreen):
                    break
                if isinstance(app.screen, HandOverScreen):
                    await pilot.press("space")
                elif your_turn(screen):
                    await pilot.press("a" if game.view(0).street < 4 else "enter")
                await pilot.pause(0.01)
            assert isinstance(app.screen, GameOverScreen)
            standings = str(app.screen.query_one("#standings").render())
            winner = game.standings()[0].seat
            assert sorted(game.table.stacks) == [0, 2000]
            assert game.table.stacks[winner] == 2000
            assert f"1. {game.names[winner]}" in standings and "2. " in standings
            graph = str(app.screen.query_one("#chip-graph").render())
            assert "out" in graph and "2,000" in graph
            hands = app.store.hands(app.store.games()[0][0])
            assert [h.number for h in hands] == list(range(1, game.number + 1))
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))

    asyncio.run(scenario())


def test_leaving_asks_first_and_stay_keeps_the_hand(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game()
            screen = await sit(pilot, game)
            events = list(game.table.hand.events)
            for key in ("x", "ctrl+q"):
                await pilot.press(key)
                await until(pilot, lambda: screen_name(pilot) == "LeaveDialog")
                await pilot.press("escape")  # stay
                await until(pilot, lambda: screen.is_current)
            assert game.table.hand.events == events and your_turn(screen)
            assert app.is_running

    asyncio.run(scenario())


def test_a_small_terminal_says_so_instead_of_cutting_controls(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(70, 20)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            note = app.screen.query_one("#too-small")
            assert note.display and "70×20" in str(note.render())
            assert "80×24" in str(note.render())
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert not app.screen.has_class("-too-small")

    asyncio.run(scenario())


def test_only_the_legal_betting_keys_act(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game()
            screen = await sit(pilot, game)
            kinds = game.view(0).legal.kinds
            assert ActionKind.CALL in kinds  # 4 to call: c calls, r raises
            assert screen.check_action("choose", ("c",)) is True
            assert screen.check_action("choose", ("r",)) is True
            assert screen.check_action("choose", ("b",)) is False  # r is this button's key
            assert screen.check_action("choose", ("f",)) is True

    asyncio.run(scenario())


def test_hand_history_replays_street_by_street_and_exports_phh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(seed=12)
            screen = await sit(pilot, game, history=app.store.new_game("a test game"))
            while not isinstance(app.screen, HandOverScreen):  # hand 1, checked down
                key = "enter" if game.view(0).street is Street.SHOWDOWN else "c"
                await move(pilot, screen, key)
            await pilot.press("space")
            await until(pilot, lambda: your_turn(screen))
            await pilot.press("x")
            await until(pilot, lambda: screen_name(pilot) == "LeaveDialog")
            await pilot.press("left", "enter")
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await pilot.press("down", "down", "down", "enter")  # Hand history
            await until(pilot, lambda: screen_name(pilot) == "HistoryScreen")
            hands = app.screen.query_one("#hands")
            assert hands.option_count == 1  # the hand in play when you left is not kept
            await pilot.press("enter", "enter")  # the game, then its first hand
            await until(pilot, lambda: screen_name(pilot) == "ReplayScreen")
            replay = app.screen
            shown = str(replay.query_one("#replay").render())
            assert "*** PRE-FLOP ***" in shown and "*** FLOP ***" not in shown
            await pilot.press("right")
            assert "*** FLOP ***" in str(replay.query_one("#replay").render())
            for _ in range(6):
                await pilot.press("right")
            shown = str(replay.query_one("#replay").render())
            assert "*** SHOWDOWN ***" in shown and "*** SUMMARY ***" in shown
            await pilot.press("e")
            (written,) = tmp_path.glob("*.phh")
            text = written.read_text()
            assert "hand = 1" in text and 'players = [' in text
            await pilot.press("escape", "e")  # the whole game from the list
            (whole,) = tmp_path.glob("*.phhs")
            assert "[1]" in whole.read_text()

    asyncio.run(scenario())


class _Pondering(Player):
    """A computer player whose first decision lasts until the test lets it answer; it
    checks or calls."""

    name = "pondering"

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.answer = threading.Event()

    def act(self, view, budget):
        self.thinking.set()
        self.answer.wait(timeout=20)  # the test sets it, failed or not: a bound only
        return Action.call() if view.to_call else Action.check()


def test_bots_think_without_freezing_the_screen_and_keys_lose_nothing(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(("calling-station", "calling-station"), seed=6)
            ada = game.bots[1] = _Pondering()
            screen = await sit(pilot, game)  # you are on the button: you act first
            try:
                await pilot.press("c")
                await until(pilot, ada.thinking.is_set)
                await pilot.press("f", "c", "r", "a", "x")  # betting keys in Ada's turn: nothing
                await until(pilot, lambda: screen_name(pilot) == "LeaveDialog")
                assert ada.thinking.is_set()  # the screen answered while Ada still thinks
                await pilot.press("escape")
            finally:  # from now on Ada answers at once (at once too if a check failed)
                ada.answer.set()
            await until(pilot, lambda: your_turn(screen))
            mine = [e.kind for e in game.table.hand.events if e.seat == 0 and e.kind is not _K.DEAL]
            assert mine == [_K.CALL]  # your call, and nothing the keys in Ada's turn did

    asyncio.run(scenario())


def test_keys_read_at_once_keep_their_order_in_a_typed_field() -> None:
    """Keys the terminal delivers in one read (a fast typist, a macro): the editing keys
    keep their place among the digits (in Textual 8's own field, the digits overtake
    them: this burst gives 241 there)."""

    class Form(App[None]):
        def compose(self):
            yield TypedInput("24", type="integer")

    async def scenario() -> str:
        app = Form()
        async with app.run_test() as pilot:
            typed = app.query_one(TypedInput)
            await until(pilot, lambda: typed.has_focus)
            await pilot.press("end")
            burst = [("backspace", None), ("backspace", None), ("1", "1"), ("5", "5"),
                     ("left", None), ("2", "2")]  # fmt: skip
            for key, character in burst:
                app.post_message(events.Key(key, character))
            await until(pilot, lambda: "2" in typed.value)
            await pilot.pause()
            return typed.value

    assert asyncio.run(scenario()) == "125"
