"""The terminal game's table screen, exactly: what a player sees at the table and what
each key gives (the survivors of the mutation part ``tuitable``).

Every game here is seeded, so its deal is known: seed 3 against two calling stations
deals you (the button, first to act) Q♠ 2♥; Ada posts the small blind 2, Bo the big
blind 4, and with you out of the hand they check it down to Bo's straight.
"""

from __future__ import annotations

import asyncio
import queue
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from textual.containers import Horizontal
from textual.geometry import Offset
from textual.pilot import Pilot
from textual.selection import Selection
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from pokerroom.engine import Action, EventKind, Street
from pokerroom.players import Player
from pokerroom.savefile import SaveError
from pokerroom.storage.saves import Store
from pokerroom.tui.app import SAVE_FILE, PokerApp
from pokerroom.tui.hints import hint_text
from pokerroom.tui.screens.damaged import DamagedSavesDialog
from pokerroom.tui.screens.dialogs import (
    BustDialog,
    ConfirmDialog,
    HandOverScreen,
    LeaveDialog,
    MessageDialog,
    SaveDialog,
)
from pokerroom.tui.screens.gameover import GameOverScreen
from pokerroom.tui.screens.menu import MenuScreen
from pokerroom.tui.screens.table import (
    Leaving,
    Paced,
    TableScreen,
    _new_history,
    _refusal,
    _title,
    _words,
)
from pokerroom.tui.widgets.footer import KeyFooter
from pokerroom.tui.widgets.table import ActionBar, Felt, HandLog, SeatsPanel
from tui_helpers import make_app, make_game, move, screen_text, sit, until, your_turn

Scenario = Callable[[Pilot[None], PokerApp], Awaitable[None]]


def _run(tmp_path: Path, scenario: Scenario, size: tuple[int, int] = (100, 32)) -> None:
    async def go() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await scenario(pilot, app)

    asyncio.run(go())


def _footer(screen: TableScreen) -> dict[str, str]:
    """The betting keys as the footer lists them."""
    active = screen.active_bindings
    return {k: active[k].binding.description for k in "fcbra" if k in active}


def _notes(app: PokerApp) -> list[str]:
    """The notifications shown so far, oldest first."""
    return [n.message for n in app._notifications]


def _plain(widget: Static) -> str:
    return str(widget.render())


# ------------------------------------------------------------------ the pure helpers


def test_a_button_s_words_without_its_amount() -> None:
    assert _words("Call 4 (all-in)") == "Call"
    assert _words("Raise to…") == "Raise to"
    assert _words("All-in 1,000") == "All-in"
    assert _words("Bet 12,500") == "Bet"
    assert _words("Fold") == "Fold"
    assert _words("1,000") == "1,000"  # nothing but an amount: the label as it is
    assert _words("(all-in)") == "(all-in)"


def test_the_engine_s_refusal_said_to_you() -> None:
    assert _refusal("illegal action: a raise to 5 is below the minimum 8") == (
        "Not allowed: a raise to 5 is below the minimum 8"
    )
    assert _refusal("seat 0: fold: not now") == "Not allowed: fold: not now"
    assert _refusal("no reason given") == "no reason given"
    assert _refusal("nothing after: ") == "nothing after: "


def test_a_game_s_title_names_you_the_number_of_computer_players_and_the_rules() -> None:
    assert _title(make_game()) == (
        "Hero against 2 computer players: no limit (minimum bet 4), blinds 2/4"
    )
    assert _title(make_game(("calling-station",), name="Ann")) == (
        "Ann against 1 computer player: no limit (minimum bet 4), blinds 2/4"
    )


class _Bot(Player):
    name = "Tess"

    def __init__(self) -> None:
        self.heard: list[str] = []

    def act(self, view: Any, budget: float) -> Action:
        self.heard.append(f"act {view.seat} {budget}")
        return Action.check()

    def announce(self, view: Any, budget: float) -> Action:
        self.heard.append(f"announce {view.seat} {budget}")
        return Action.muck()

    def start_hand(self, hand: Any) -> None:
        self.heard.append(f"start {hand}")

    def save_state(self) -> dict[str, int]:
        return {"saved": 1}

    def restore_state(self, state: object) -> None:
        self.heard.append(f"restore {state}")


def test_a_paced_player_shows_the_table_before_each_decision_and_passes_the_rest_on() -> None:
    bot = _Bot()
    seen: list[int] = []
    paced = Paced(bot, seen.append)
    assert paced.bot is bot and paced.name == "Tess"
    view = SimpleNamespace(seat=2)
    assert paced.act(view, 1.5) == Action.check()  # type: ignore[arg-type]
    assert paced.announce(view, 2.5) == Action.muck()  # type: ignore[arg-type]
    assert seen == [2, 2]
    paced.start_hand("hand 7")  # type: ignore[arg-type]
    assert paced.save_state() == {"saved": 1}  # type: ignore[attr-defined]
    paced.restore_state("s")  # type: ignore[attr-defined]
    assert bot.heard == ["act 2 1.5", "announce 2 2.5", "start hand 7", "restore s"]
    assert paced.observe.__func__ is Player.observe  # a hook the bot lacks: Player's own


def test_a_paced_player_without_a_name_is_called_bot() -> None:
    class Nameless:
        restore_state = "not a method"

        def act(self, view: Any, budget: float) -> Action:
            return Action.fold()

    paced = Paced(Nameless(), print)  # type: ignore[arg-type]
    assert paced.name == "bot"
    assert not {"announce", "start_hand", "save_state", "restore_state"} & set(vars(paced))


# ------------------------------------------------------------------ the table shown


def test_your_first_turn_shows_the_hand_as_you_see_it(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        screen = await sit(pilot, game)
        title = screen.query_one("#table-title", Static)
        line = title.render()
        assert str(line) == " Hand 1 · PRE-FLOP · no limit (minimum bet 4), blinds 2/4"
        text = screen_text(app).splitlines()
        assert text[0].rstrip() == " Hand 1 · PRE-FLOP · no limit (minimum bet 4), blinds 2/4"
        panel = screen.query_one(SeatsPanel)
        assert [(s.name, s.stack, s.bet, s.marks, s.status) for s in panel.lines] == [
            ("Hero", 1000, 0, "D", "to act"), ("Ada", 998, 2, "SB", ""),
            ("Bo", 996, 4, "BB", "")]  # fmt: skip
        assert panel.notes == ()
        felt = screen.query_one(Felt)
        assert felt.names == ("Hero", "Ada", "Bo")
        assert [str(c) for c in felt.hole] == ["Qs", "2h"] and felt.board == ()
        assert felt.turn == "Your turn: 4 to call."
        assert felt.hint == "" and felt.roomy
        log = screen.query_one(HandLog)
        assert "\n".join(line.text for line in log.lines) == (
            "── Hand 1 ──\nAda posts the small blind 2\nBo posts the big blind 4\n"
            "*** PRE-FLOP ***\nDealt to Hero: Qs 2h"
        )
        assert _footer(screen) == {"f": "Fold", "c": "Call", "r": "Raise to", "a": "All-in"}
        bar = screen.query_one(ActionBar)
        assert bar.view is screen.view and screen.view is not None
        assert screen.view.is_my_turn

    _run(tmp_path, scenario)


def _log(screen: TableScreen) -> str:
    return "\n".join(line.text for line in screen.query_one(HandLog).lines)


async def _to_flop(pilot: Pilot[None], screen: TableScreen) -> None:
    """Call the big blind: the blinds check it to the flop, your turn there."""
    await move(pilot, screen, "c")
    await until(pilot, lambda: your_turn(screen) and screen.game.view(0).street is Street.FLOP)


def test_at_the_flop_a_key_not_possible_says_why_and_one_not_listed_does_nothing(
    tmp_path: Path,
) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        screen = await sit(pilot, game)
        await _to_flop(pilot, screen)
        assert str(screen.query_one("#table-title", Static).render()) == (
            " Hand 1 · FLOP · no limit (minimum bet 4), blinds 2/4"
        )
        felt = screen.query_one(Felt)
        assert [str(c) for c in felt.board] == ["5c", "Ad", "3h"]
        assert [(p.name, p.amount) for p in felt.pots] == [("pot", 12)]
        assert felt.turn == "Your turn: nothing to call."
        assert _log(screen).endswith(
            "Dealt to Hero: Qs 2h\nHero calls 4\nAda calls 2\nBo checks\n"
            "*** FLOP *** [5c Ad 3h] (pot 12)\nAda checks\nBo checks"
        )
        assert _footer(screen) == {"f": "Fold", "c": "Check", "b": "Bet", "a": "All-in"}
        assert [screen.check_action("choose", (k,)) for k in "fcbra"] == [
            None, True, True, False, True]  # fmt: skip
        assert screen.check_action("choose", ()) is False
        assert screen.check_action("save", ()) is True
        bar = screen.query_one(ActionBar)
        events = len(game.table.hand.events)
        await pilot.press("r")  # not this turn's key (b is): nothing at all
        assert bar.message == "" and your_turn(screen)
        await pilot.press("f")
        assert bar.message == (
            "Fold is not possible now: checking is free: check with c. "
            "You can: Check (c) · Bet… (b) · All-in 996 (a)."
        )
        assert len(game.table.hand.events) == events and your_turn(screen)
        await pilot.press("c")  # a possible key still acts
        await until(pilot, lambda: len(game.table.hand.events) > events)
        assert game.table.hand.events[events].seat == 0

    _run(tmp_path, scenario)


def test_a_short_stack_s_turn_and_all_in_asked_first(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game(stacks=[6, 1000, 1000])
        screen = await sit(pilot, game)
        bar = screen.query_one(ActionBar)
        assert bar.slots() == [("f", "Fold", True), ("c", "Call 4", True),
                               ("r", "Raise to 6", True), ("a", "All-in 6", True)]  # fmt: skip
        assert _footer(screen) == {"f": "Fold", "c": "Call", "r": "Raise to", "a": "All-in"}
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        sure = app.screen
        assert isinstance(sure, ConfirmDialog)
        assert (sure.title_text, sure.text, sure.yes) == (
            "Go all-in?",
            "Put all your chips (6) in? (The confirmation can be turned off in Settings.)",
            "All-in 6",
        )
        assert screen._choice is not None and not screen._choice.done()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        over = app.screen
        assert isinstance(over, HandOverScreen)
        assert over.title_text == "Hand 1 is over"
        assert over.summary.plain == (
            "Board 5♣ A♦ 3♥ 8♦ 2♠\n"
            "Ada shows 6d 2d: pair of deuces, ace-eight-six kickers\n"
            "Bo shows 4d 5d: straight, five high\n"
            "Hero shows Qs 2h: pair of deuces, ace-queen-eight kickers\n"
            "Bo wins the pot (18) with straight, five high\n\n"
            "Your chips: 6 → 0 (−6)\n"
            "Out of the game: Hero"
        )
        bold = [over.summary.plain[s.start:s.end] for s in over.summary.spans
                if s.style == "bold"]  # fmt: skip
        assert bold == ["\nYour chips: 6 → 0 (−6)", "\nOut of the game: Hero"]
        assert screen._between and screen.check_action("save", ()) is True
        assert screen.check_action("choose", ("c",)) is False  # the showdown's view
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, BustDialog))
        bust = app.screen
        assert isinstance(bust, BustDialog)
        assert bust.text == (
            "You finished in place 3; 2 players are still in. Watch them play on (x leaves), "
            "play a new game with the same settings, or see the standings."
        )
        assert not screen._between and game.chips[-1] == [0, 994, 1012]
        await pilot.click("#menu")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert [type(s).__name__ for s in app.screen_stack[1:]] == ["MenuScreen", "GameOverScreen"]

    _run(tmp_path, scenario)


async def _fold_to_summary(pilot: Pilot[None], app: PokerApp, screen: TableScreen) -> None:
    """Fold your first hand (free on the button): the blinds check it down."""
    await pilot.press("f")
    await until(pilot, lambda: isinstance(app.screen, HandOverScreen))


def test_a_hand_folded_for_nothing_its_summary_history_and_autosaves(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        history = app.store.new_game(_title(game))
        screen = await sit(pilot, game, history)
        (autosave,) = app.store.slots()
        assert (autosave.slot, autosave.summary) == (
            "autosave",
            "hand 1, 3 players, your chips 1,000",
        )
        assert app.store.load("autosave").data == screen.save_data()
        assert screen.save_data() == {"game": game.to_data(), "history": history}
        await _fold_to_summary(pilot, app, screen)
        over = app.screen
        assert isinstance(over, HandOverScreen)
        summary = (
            "Ada shows 6d 2d: pair of deuces, ace-eight-six kickers; "
            "Bo shows 4d 5d: straight, five high; Bo wins the pot (8) with straight, five high"
        )
        assert over.summary.plain == (
            "Board 5♣ A♦ 3♥ 8♦ 2♠\n" + summary.replace("; ", "\n")
            + "\n\nYour chips: 1,000 → 1,000 (+0)")  # fmt: skip
        assert [(s.start, s.end, str(s.style)) for s in over.summary.spans] == [
            (6, 8, "bold green"), (9, 11, "bold bright_blue"), (12, 14, "bold red"),
            (15, 17, "bold bright_blue"), (18, 20, "bold"),  # the board's cards
            (31, 33, "bold bright_blue"), (34, 36, "bold bright_blue"),  # Ada's
            (85, 87, "bold bright_blue"), (88, 90, "bold bright_blue"),  # Bo's
            (157, 188, "bold"),  # your chips
        ]  # fmt: skip
        assert [(h.number, h.summary) for h in app.store.hands(history)] == [(1, summary)]
        saved = app.store.load("autosave").data
        assert saved == {"game": game.to_data(), "history": history}
        assert game.chips == [[1000] * 3]  # noted once the summary is gone
        await pilot.press("s")  # between hands: a moment to save
        await until(pilot, lambda: isinstance(app.screen, SaveDialog))
        assert app.screen.default == "hand 1"  # type: ignore[attr-defined]
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is over)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        assert app.screen.can_save  # type: ignore[attr-defined]
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is over)
        await pilot.press("enter")
        await until(pilot, lambda: your_turn(screen) and game.number == 2)
        assert game.chips == [[1000] * 3, [1000, 996, 1004]]
        assert str(screen.query_one("#table-title", Static).render()).startswith(" Hand 2 · ")
        assert _log(screen).endswith(
            "Bo wins the pot (8) with straight, five high\n\n── Hand 2 ──\n"
            "Bo posts the small blind 2\nHero posts the big blind 4\n*** PRE-FLOP ***\n"
            "Dealt to Hero: Ad As\nAda calls 4\nBo calls 2"
        )

    _run(tmp_path, scenario)


def test_save_on_your_turn_names_the_save_and_keeps_the_game(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        screen = await sit(pilot, game, 7)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SaveDialog))
        dialog = app.screen
        assert isinstance(dialog, SaveDialog)
        assert (dialog.default, dialog.existing) == ("hand 1", [])
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen)
        assert _notes(app)[-1] == "Saved as 'hand 1'"
        slots = {s.slot: s.summary for s in app.store.slots()}
        assert slots == {"autosave": "hand 1, 3 players, your chips 1,000",
                         "hand 1": "hand 1, 3 players, your chips 1,000"}  # fmt: skip
        assert app.store.load("hand 1").data == {"game": game.to_data(), "history": 7}
        assert your_turn(screen)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SaveDialog))
        assert app.screen.existing == ["hand 1"]  # type: ignore[attr-defined]
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert your_turn(screen) and len(app.store.slots()) == 2

    _run(tmp_path, scenario)


def test_leaving_asks_saves_first_if_asked_and_leaves_for_the_menu(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        screen = await sit(pilot, game)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        leave = app.screen
        assert isinstance(leave, LeaveDialog)
        assert (leave.can_save, leave.quit_app) == (True, False)
        screen.ask_leave(quit_app=False)  # asked again over the question: not twice
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack[1:]] == [
            "MenuScreen", "TableScreen", "LeaveDialog"]  # fmt: skip
        await pilot.press("escape")  # stay
        await until(pilot, lambda: app.screen is screen)
        assert your_turn(screen) and not screen._leaving
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.click("Button#save")
        await until(pilot, lambda: isinstance(app.screen, SaveDialog))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert screen._leaving and sorted(s.slot for s in app.store.slots()) == [
            "autosave",
            "hand 1",
        ]
        assert [type(s).__name__ for s in app.screen_stack[1:]] == ["MenuScreen"]
        assert _notes(app)[-1] == "Saved as 'hand 1'"

    _run(tmp_path, scenario)


def test_leaving_without_saving_and_quitting(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await sit(pilot, make_game())
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.click("Button#leave")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert screen._leaving and [s.slot for s in app.store.slots()] == ["autosave"]
        screen = await sit(pilot, make_game())
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        leave = app.screen
        assert isinstance(leave, LeaveDialog) and (leave.can_save, leave.quit_app) == (True, True)
        await pilot.click("Button#leave")
        await until(pilot, lambda: app.return_code is not None)
        assert app.return_code == 0 and screen._leaving and not app.is_running

    _run(tmp_path, scenario)


def test_hints_turned_on_and_off_at_your_turn(tmp_path: Path) -> None:
    from pokerroom.tui.hints import hint_text
    from pokerroom.tui.prefs import Prefs

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await sit(pilot, make_game())
        felt = screen.query_one(Felt)
        assert not app.prefs.hints and felt.hint == ""
        await pilot.press("t")
        assert app.prefs.hints and Prefs.load(app.prefs.path).hints
        assert _notes(app)[-1] == "Hints on"
        assert screen.view is not None
        expected = hint_text(screen.view)
        assert expected.startswith("Hint: equity ")
        await until(pilot, lambda: felt.hint == expected)
        await pilot.press("t")
        assert not app.prefs.hints and not Prefs.load(app.prefs.path).hints
        assert _notes(app)[-1] == "Hints off" and felt.hint == ""
        assert your_turn(screen)

    _run(tmp_path, scenario)


def test_the_opponents_statistics_from_the_hands_kept_shown_and_hidden(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        history = app.store.new_game(_title(game))
        screen = await sit(pilot, game, history)
        panel = screen.query_one(SeatsPanel)
        await pilot.press("o")
        assert _notes(app)[-1] == ("Statistics on: VPIP, PFR, 3-bet, aggression, went to showdown")
        assert screen._seen == [] and panel.notes == ("", "", "")
        await pilot.press("o")
        assert screen._seen is None and panel.notes == ()
        await _fold_to_summary(pilot, app, screen)
        await pilot.press("enter")
        await until(pilot, lambda: your_turn(screen) and game.number == 2)
        await pilot.press("o")  # from the hand kept in the history
        assert screen._seen is not None and len(screen._seen) == 1
        assert panel.notes == (
            "",
            "1 hand  VPIP 100  PFR 0  3B -  AF -  WTSD 100",  # Ada called the small blind
            "1 hand  VPIP 0  PFR 0  3B -  AF -  WTSD 100",  # Bo checked his big blind
        )

    _run(tmp_path, scenario)


def test_the_felt_is_roomy_from_100_by_32(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await sit(pilot, make_game())
        felt = screen.query_one(Felt)
        seen = []
        for size in ((100, 32), (99, 32), (100, 31), (120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            seen.append(felt.roomy)
        assert seen == [True, False, False, True, False]
        assert your_turn(screen)

    _run(tmp_path, scenario, size=(80, 24))


def test_a_save_without_a_game_is_refused_with_why(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        app.store.save("odd", {"something": 1})
        assert app.open_save("odd") is False
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        message = app.screen
        assert isinstance(message, MessageDialog)
        assert (message.title_text, message.text) == (
            "This save cannot be loaded",
            "'odd': it holds no game",
        )
        app.store.save("broken", {"game": {"setup": 1}})
        await pilot.press("enter")
        assert app.open_save("broken") is False
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        assert app.screen.text == (  # type: ignore[attr-defined]
            "'broken': the saved game cannot be rebuilt: the setup is not a table of settings but 1"
        )
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))

    _run(tmp_path, scenario)


def test_a_save_loads_at_its_table_with_its_history(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        app.store.save("mine", {"game": game.to_data(), "history": 5})
        assert app.open_save("mine") is True
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.history == 5 and screen.game.to_data() == game.to_data()
        await until(pilot, lambda: your_turn(screen))
        assert [str(c) for c in screen.query_one(Felt).hole] == ["Qs", "2h"]
        app.store.save("unkept", {"game": game.to_data(), "history": "five"})
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.click("Button#leave")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert app.open_save("unkept") is True
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        again = app.screen
        assert isinstance(again, TableScreen) and again.history is None
        await until(pilot, lambda: your_turn(again))
        assert _notes(app) == []

    _run(tmp_path, scenario)


def test_an_old_save_loads_with_its_note(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        data = game.to_data()
        del data["session"]
        data["table"] = game.table.save()
        app.store.save("old", {"game": data})
        assert app.open_save("old") is True
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        await until(pilot, lambda: your_turn(screen))  # type: ignore[arg-type]
        (note,) = app._notifications
        assert note.message.startswith("This save was made by an older pokerroom")
        assert (note.severity, note.timeout) == ("warning", 10)

    _run(tmp_path, scenario)


def test_a_new_game_takes_the_form_s_place_with_a_history_of_its_own(tmp_path: Path) -> None:
    import sqlite3

    from pokerroom.tui.app import SAVE_FILE

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        form = app.make_screen("how-to")
        app.push_screen(form)
        await until(pilot, lambda: app.screen is form and form.is_mounted)
        await pilot.pause()
        game = make_game()
        app.open_new(game.setup)
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert [type(s).__name__ for s in app.screen_stack[1:]] == ["MenuScreen", "TableScreen"]
        assert screen.game.setup == game.setup and screen.history is not None
        with sqlite3.connect(tmp_path / SAVE_FILE) as db:
            rows = db.execute("SELECT id, title FROM games").fetchall()
        assert rows == [(screen.history, _title(game))]
        await until(pilot, lambda: your_turn(screen))
        assert [str(c) for c in screen.query_one(Felt).hole] == ["Qs", "2h"]

    _run(tmp_path, scenario)


async def _bust(pilot: Pilot[None], app: PokerApp, history: int | None = None) -> TableScreen:
    """Go all-in with 6 chips on the first hand and lose: the question after busting."""
    screen = await sit(pilot, make_game(stacks=[6, 1000, 1000]), history)
    await pilot.press("a")
    await until(pilot, lambda: not isinstance(app.screen, TableScreen))
    await pilot.press("enter")  # all-in, yes
    await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, BustDialog))
    return screen


def test_busted_you_watch_the_others_play_on_without_summaries(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        history = app.store.new_game("t")
        screen = await _bust(pilot, app, history)
        game = screen.game
        screen.action_save()  # neither your turn nor between hands
        await pilot.pause()
        assert _notes(app)[-1] == "Save on your turn or between hands"
        assert list(app._notifications)[-1].severity == "warning"
        assert isinstance(app.screen, BustDialog)
        await pilot.click("#watch")
        await until(pilot, lambda: game.number >= 4)
        assert screen.watching and not screen._between
        assert screen.check_action("choose", ("c",)) is False
        assert all(screen.check_action(a, ()) for a in ("leave", "hints", "stats", "keys"))
        assert screen.check_action("save", ()) is False
        seen = [h.number for h in app.store.hands(history)]
        assert seen[:3] == [1, 2, 3]
        assert not isinstance(app.screen, HandOverScreen)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        leave = app.screen
        assert isinstance(leave, LeaveDialog) and not leave.can_save
        await pilot.click("Button#leave")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))

    _run(tmp_path, scenario)


def test_busted_you_play_again_with_the_same_settings_and_new_cards(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await _bust(pilot, app)
        await pilot.click("#again")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen is not screen)
        again = app.screen
        assert isinstance(again, TableScreen)
        assert [type(s).__name__ for s in app.screen_stack[1:]] == ["MenuScreen", "TableScreen"]
        assert screen._leaving and again.game.setup.seed is None
        assert screen.game.number == 1 and not screen.game.table.in_hand  # dealt no more
        assert again.game.setup.bots == screen.game.setup.bots
        assert again.game.names == ("Hero", "Ada", "Bo") and again.game.number == 1
        with sqlite3.connect(tmp_path / SAVE_FILE) as db:
            rows = db.execute("SELECT id, title FROM games").fetchall()
        assert rows == [(again.history, _title(again.game))]
        await until(pilot, lambda: your_turn(again))

    _run(tmp_path, scenario)


def test_a_computer_player_s_decision_waits_as_the_speed_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pokerroom.tui.screens.table as table_module

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await sit(pilot, make_game())
        clock = [0.0]
        slept: list[float] = []

        def sleep(seconds: float) -> None:
            slept.append(round(seconds, 6))
            clock[0] += seconds
            if len(slept) == stop_after:
                screen._leaving = True

        fake = SimpleNamespace(monotonic=lambda: clock[0], sleep=sleep)
        monkeypatch.setattr(table_module, "time", fake)
        shown: list[int] = []
        monkeypatch.setattr(screen, "show", lambda: shown.append(1))
        app.prefs.speed = "fast"  # 0.35 s
        stop_after = 0
        await asyncio.to_thread(screen._before_bot, 1)
        assert shown == [1] and slept == [0.05] * 7  # the table shown, then 0.35 s
        slept.clear()
        app.prefs.speed = "instant"
        await asyncio.to_thread(screen._before_bot, 2)
        assert slept == [] and shown == [1, 1]
        app.prefs.speed = "normal"
        stop_after = 3
        with pytest.raises(Leaving):
            await asyncio.to_thread(screen._before_bot, 1)
        assert slept == [0.05, 0.05, 0.05] and shown == [1, 1, 1]
        with pytest.raises(Leaving):
            await asyncio.to_thread(screen._before_bot, 1)
        assert shown == [1, 1, 1]  # leaving: the table not shown again
        screen._leaving = False

    _run(tmp_path, scenario)


def _failing(message: str) -> Any:
    def fail(*args: object, **kwargs: object) -> None:
        raise SaveError(message)

    return fail


def test_a_failing_store_is_said_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        store = app.store
        monkeypatch.setattr(store, "save", _failing("the disk is full"))
        monkeypatch.setattr(store, "add_hand", _failing("the history is locked"))
        monkeypatch.setattr(store, "slots", _failing("the saves cannot be listed"))
        monkeypatch.setattr(store, "hands", _failing("the hands cannot be read"))
        game = make_game()
        screen = await sit(pilot, game, 3)
        await pilot.pause()
        assert _notes(app) == ["Autosave failed: the disk is full"]
        assert list(app._notifications)[-1].severity == "warning"
        await pilot.press("o")  # the hands kept cannot be read: none counted
        assert screen._seen == []
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SaveDialog))
        assert app.screen.existing == []  # type: ignore[attr-defined]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        message = app.screen
        assert isinstance(message, MessageDialog)
        assert (message.title_text, message.text) == ("The game was not saved", "the disk is full")
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen)
        assert your_turn(screen)
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await pilot.pause()
        (kept,) = [n for n in app._notifications if "not kept" in n.message]
        assert kept.message == "This hand was not kept in the history: the history is locked"
        assert kept.severity == "warning"
        assert screen.history == 3

    _run(tmp_path, scenario)


def test_a_new_game_without_a_history_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        monkeypatch.setattr(app.store, "new_game", _failing("no room for histories"))
        form = app.make_screen("how-to")
        app.push_screen(form)
        await until(pilot, lambda: app.screen is form and form.is_mounted)
        await pilot.pause()
        app.open_new(make_game().setup)
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.history is None
        await until(pilot, lambda: your_turn(screen))
        assert _notes(app)[0] == "Hand histories will not be kept: no room for histories"
        assert next(iter(app._notifications)).severity == "warning"

    _run(tmp_path, scenario)


def test_playing_again_without_a_history_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await _bust(pilot, app)
        monkeypatch.setattr(app.store, "new_game", _failing("no room for histories"))
        await pilot.click("#again")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen is not screen)
        again = app.screen
        assert isinstance(again, TableScreen) and again.history is None
        await until(pilot, lambda: your_turn(again))
        assert _notes(app)[-1] == "Hand histories will not be kept: no room for histories"
        assert list(app._notifications)[-1].severity == "warning"

    _run(tmp_path, scenario)


def test_while_the_computer_players_decide_nothing_can_be_saved_and_no_key_bets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deciding, go_on = threading.Event(), threading.Event()
    before_bot = TableScreen._before_bot

    def held(self: TableScreen, seat: int) -> None:
        deciding.set()
        go_on.wait(20)
        before_bot(self, seat)

    monkeypatch.setattr(TableScreen, "_before_bot", held)

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        screen = await sit(pilot, game)
        await pilot.press("c")  # you call: Ada's decision is held
        await until(pilot, deciding.is_set)
        await pilot.pause()
        assert not your_turn(screen) and not screen._between
        assert screen.check_action("save", ()) is False
        assert [screen.check_action("choose", (k,)) for k in "fcbra"] == [
            None, None, None, False, None]  # fmt: skip
        assert _footer(screen) == {"f": "Fold", "c": "Check", "b": "Bet", "a": "All-in"}
        await pilot.press("s")
        await pilot.press("c")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        leave = app.screen
        assert isinstance(leave, LeaveDialog) and not leave.can_save
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        go_on.set()
        await until(pilot, lambda: your_turn(screen))
        assert screen.check_action("save", ()) is True
        assert game.view(0).street.name == "FLOP"

    try:
        _run(tmp_path, scenario)
    finally:
        go_on.set()


def test_the_title_line_in_bold_the_street_in_magenta_on_one_line(
    tmp_path: Path,
) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game(preset="computer-tournament")
        screen = await sit(pilot, game)
        title = screen.query_one("#table-title", Static)
        line = title.render()
        assert str(line) == (
            " Hand 1 · PRE-FLOP · fixed limit 10/20, ante 2, button blind 5, straddle 10, "
            "raise cap 3"
        )
        styles = [(s.start, s.end, s.style.bold, s.style.foreground) for s in line.spans]
        assert [s[:3] for s in styles] == [(0, 7, True), (10, 18, True)]  # hand, street
        assert styles[0][3] is None and styles[1][3].ansi == 5  # (magenta)
        top, under = screen_text(app).splitlines()[:2]
        assert (
            top
            == " Hand 1 · PRE-FLOP · fixed limit 10/20, ante 2, button blind 5, straddle 10, ra…"
        )  # cut at the line's last column with "…", not at a word as if nothing were left
        assert under.startswith("╭")  # one line, the rest cut

    _run(tmp_path, scenario, size=(80, 24))


def test_before_the_first_hand_shows_the_title_is_blank_and_the_keys_idle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(TableScreen, "play", lambda self: None)  # no hand loop

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = TableScreen(make_game())
        app.push_screen(screen)
        await until(pilot, lambda: screen.is_current and screen.is_mounted)
        await pilot.pause()
        assert str(screen.query_one("#table-title", Static).render()) == ""
        assert screen.view is None and not screen._my_turn()
        assert _footer(screen) == {"f": "Fold", "c": "Check", "b": "Bet", "a": "All-in"}
        assert screen.check_action("save", ()) is False
        screen.action_hints()  # hints on, nothing to show them on yet
        screen.action_stats()
        assert screen.query_one(Felt).hint == "" and screen.query_one(SeatsPanel).lines == ()

    _run(tmp_path, scenario)


def test_where_the_table_s_parts_are_drawn(tmp_path: Path) -> None:  # 100×32, your turn
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await sit(pilot, make_game())
        await pilot.pause()
        parts = (Static, Horizontal, SeatsPanel, HandLog, Felt, ActionBar, KeyFooter)
        found = [screen.query_one("#table-title", Static), screen.query_one(Horizontal)]
        found += [screen.query_one(t) for t in parts[2:]]
        assert [tuple(w.region) for w in found] == [
            (0, 0, 100, 1),  # the title line
            (0, 1, 100, 22),  # the seats and the log, side by side, taking what is left
            (0, 1, 46, 22),
            (46, 1, 54, 22),
            (0, 23, 100, 6),  # the felt: the board, your cards, the pot, the turn
            (0, 29, 100, 2),  # the action bar
            (0, 31, 100, 1),  # the keys
        ]
        assert [tuple(w.styles.padding) for w in found[3:6]] == [(0, 1, 0, 1)] * 3
        assert found[3].styles.border_top[0] == "round"

    _run(tmp_path, scenario)


def test_after_a_terminal_too_small_your_turn_takes_the_keys_again(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        screen = await sit(pilot, game)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert screen.too_small
        await pilot.press("c")  # taken by nothing while too small
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        bar = screen.query_one(ActionBar)
        assert bar.view is screen.view and bar.slots()[1] == ("c", "Call 4", True)
        assert str(app.focused.label) == "Call 4 (c)"  # type: ignore[union-attr]
        assert [e.kind for e in game.table.hand.events if e.seat == 0] == [EventKind.DEAL]
        await pilot.press("c")
        await until(pilot, lambda: any(e.kind is EventKind.CALL and e.seat == 0
                                       for e in game.table.hand.events))  # fmt: skip

    _run(tmp_path, scenario)


def _holding(monkeypatch: pytest.MonkeyPatch) -> tuple[queue.Queue[int], threading.Semaphore]:
    """Each computer player's decision held (the table shown) until released."""
    steps: queue.Queue[int] = queue.Queue()
    go_on = threading.Semaphore(0)
    before_bot = TableScreen._before_bot

    def held(self: TableScreen, seat: int) -> None:
        before_bot(self, seat)
        steps.put(seat)
        go_on.acquire(timeout=20)

    monkeypatch.setattr(TableScreen, "_before_bot", held)
    return steps, go_on


def _run_held(tmp_path: Path, scenario: Scenario, go_on: threading.Semaphore) -> None:
    """:func:`_run` with the computer players held by :func:`_holding`, each let go at
    the end whatever happened (no thread left waiting on the test)."""
    try:
        _run(tmp_path, scenario)
    finally:
        for _ in range(40):
            go_on.release()


def test_a_hint_holds_while_its_street_lasts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps, go_on = _holding(monkeypatch)

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        app.prefs.hints = True
        game = make_game()
        screen = await sit(pilot, game)
        felt = screen.query_one(Felt)
        assert screen.view is not None
        first = hint_text(screen.view)
        await until(pilot, lambda: felt.hint == first)
        await pilot.press("c")
        seen = []
        for _ in range(4):
            await until(pilot, lambda: not steps.empty())
            seat = steps.get()
            await pilot.pause()
            seen.append((seat, game.view(0).street, felt.hint))
            go_on.release()
        assert seen == [(1, Street.PREFLOP, first), (2, Street.PREFLOP, first),
                        (1, Street.FLOP, ""), (2, Street.FLOP, "")]  # fmt: skip
        await until(pilot, lambda: your_turn(screen))
        assert screen.view is not None
        flop = hint_text(screen.view)
        assert flop not in ("", first)
        await until(pilot, lambda: felt.hint == flop)
        for _ in range(40):
            go_on.release()

    _run_held(tmp_path, scenario, go_on)


def test_no_hint_once_you_fold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    steps, go_on = _holding(monkeypatch)

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        app.prefs.hints = True
        game = make_game()
        screen = await sit(pilot, game)
        felt = screen.query_one(Felt)
        await until(pilot, lambda: felt.hint != "")
        await pilot.press("f")
        await until(pilot, lambda: not steps.empty())
        await pilot.pause()
        assert steps.get() == 1 and felt.hint == "" and felt.hole == ()
        for _ in range(40):
            go_on.release()

    _run_held(tmp_path, scenario, go_on)


def test_your_showdown_decision_takes_no_betting_key_and_shows_no_hint(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        app.prefs.hints = True
        game = make_game()
        screen = await sit(pilot, game)
        while game.view(0).street is not Street.SHOWDOWN:
            await move(pilot, screen, "c")  # call, then check it down
        assert your_turn(screen)
        title = screen.query_one("#table-title", Static)
        assert str(title.render()) == " Hand 1 · SHOWDOWN · no limit (minimum bet 4), blinds 2/4"
        felt = screen.query_one(Felt)
        await pilot.pause()
        assert felt.hint == ""
        assert _footer(screen) == {}  # the declarations' list takes the keys
        assert [screen.check_action("choose", (k,)) for k in "fcbra"] == [False] * 5
        bar = screen.query_one(ActionBar)
        assert app.focused is not None and app.focused.id == "declare"
        await pilot.press("c", "f")
        assert your_turn(screen) and bar.message == ""
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        assert app.screen.summary.plain.startswith(  # type: ignore[attr-defined]
            "Board 5♣ A♦ 3♥ 8♦ 2♠\nAda shows 6d 2d: pair of deuces, ace-eight-six kickers\n"
        )

    _run(tmp_path, scenario)


def test_watching_your_seat_shows_out_and_the_log_names_those_dealt_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps: queue.Queue[int] = queue.Queue()
    go_on, armed = threading.Semaphore(0), threading.Event()
    before_bot = TableScreen._before_bot

    def held(self: TableScreen, seat: int) -> None:  # held once you watch
        before_bot(self, seat)
        if armed.is_set():
            steps.put(seat)
            go_on.acquire(timeout=20)

    monkeypatch.setattr(TableScreen, "_before_bot", held)

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await _bust(pilot, app)
        armed.set()
        await pilot.click("#watch")
        await until(pilot, lambda: not steps.empty())
        await pilot.pause()
        game = screen.game
        panel = screen.query_one(SeatsPanel)
        assert game.number == 2 and steps.get() == 1
        assert [(s.name, s.stack, s.marks, s.status, s.cards) for s in panel.lines] == [
            ("Hero", 0, "", "out", ()),
            ("Ada", 992, "D SB", "to act", (None, None)),
            ("Bo", 1008, "BB", "", (None, None)),
        ]
        assert _log(screen).endswith(
            "\n\n── Hand 2 ──\nAda posts the small blind 2\nBo posts the big blind 4\n"
            "*** PRE-FLOP ***")  # fmt: skip
        felt = screen.query_one(Felt)
        assert felt.hole == () and felt.names == ("Hero", "Ada", "Bo")
        assert felt.turn == "Ada is thinking..."
        armed.clear()
        for _ in range(60):
            go_on.release()

    try:
        _run(tmp_path, scenario)
    finally:
        armed.clear()
        for _ in range(60):
            go_on.release()


def test_statistics_on_count_each_hand_at_once_without_a_history(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        screen = await sit(pilot, game)  # no history kept
        await pilot.press("o")
        await _fold_to_summary(pilot, app, screen)
        assert screen._seen is not None and len(screen._seen) == 1
        await pilot.press("enter")
        await until(pilot, lambda: your_turn(screen) and game.number == 2)
        assert screen.query_one(SeatsPanel).notes == (
            "",
            "1 hand  VPIP 100  PFR 0  3B -  AF -  WTSD 100",
            "1 hand  VPIP 0  PFR 0  3B -  AF -  WTSD 100",
        )

    _run(tmp_path, scenario)


def test_the_last_hand_of_a_freeze_out_says_who_is_out_then_the_standings(
    tmp_path: Path,
) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game(("calling-station",), stacks=[6, 1000], seed=5)
        screen = await sit(pilot, game)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        over = app.screen
        assert isinstance(over, HandOverScreen)
        assert over.summary.plain.endswith("\n\nYour chips: 6 → 0 (−6)\nOut of the game: Hero")
        assert [(s.seat, s.place) for s in game.standings()] == [(1, 1), (0, 2)]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert [type(s).__name__ for s in app.screen_stack[1:]] == ["MenuScreen", "GameOverScreen"]
        assert app.screen.game is game  # type: ignore[attr-defined]
        assert not screen.is_attached

    _run(tmp_path, scenario)


def test_quitting_with_a_save_first(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        screen = await sit(pilot, game)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.click("Button#save")
        await until(pilot, lambda: isinstance(app.screen, SaveDialog))
        await pilot.press(
            "backspace", "backspace", "backspace", "backspace", "backspace", "backspace"
        )
        await pilot.press(*"before bed", "enter")
        await until(pilot, lambda: app.return_code is not None)
        assert app.return_code == 0 and screen._leaving
        assert app.store.load("before bed").data["game"] == game.to_data()

    _run(tmp_path, scenario)


def test_ctrl_c_at_the_table_copies_the_text_selected(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await sit(pilot, make_game())
        title = screen.query_one("#table-title", Static)
        screen.selections = {title: Selection(Offset(1, 0), Offset(7, 0))}
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.clipboard == "Hand 1"
        assert _notes(app) == [] and your_turn(screen)

    _run(tmp_path, scenario)


def test_leaving_from_the_hand_s_summary_closes_it_and_the_table(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await sit(pilot, make_game())
        await _fold_to_summary(pilot, app, screen)
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.click("Button#leave")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert [type(s).__name__ for s in app.screen_stack[1:]] == ["MenuScreen"]
        assert screen._leaving and not screen.is_attached

    _run(tmp_path, scenario)


def test_a_damaged_hand_in_the_history_is_skipped_by_the_statistics(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        history = app.store.new_game(_title(game))
        app.store.add_hand(history, 0, "-", "not a hand history")  # read first: skipped
        screen = await sit(pilot, game, history)
        await _fold_to_summary(pilot, app, screen)
        await pilot.press("enter")
        await until(pilot, lambda: your_turn(screen) and game.number == 2)
        await pilot.press("o")
        assert screen._seen is not None and len(screen._seen) == 1
        assert (
            screen.query_one(SeatsPanel).notes[1] == "1 hand  VPIP 100  PFR 0  3B -  AF -  WTSD 100"
        )

    _run(tmp_path, scenario)


def test_statistics_turned_on_while_the_computer_players_decide_show_from_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps, go_on = _holding(monkeypatch)

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await sit(pilot, make_game())
        panel = screen.query_one(SeatsPanel)
        await pilot.press("c")
        await until(pilot, lambda: not steps.empty())
        assert steps.get() == 1
        await pilot.press("o")  # while Ada decides: the table is not shown again for it
        await pilot.pause()
        assert screen._seen == [] and panel.notes == ()
        go_on.release()
        await until(pilot, lambda: not steps.empty())  # Bo's decision shows the table
        await pilot.pause()
        assert steps.get() == 2 and panel.notes == ("", "", "")
        for _ in range(40):
            go_on.release()
        await until(pilot, lambda: your_turn(screen))

    _run_held(tmp_path, scenario, go_on)


def test_watching_each_hand_s_end_waits_as_the_speed_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pokerroom.tui.screens.table as table_module

    clock = [0.0]
    waits: list[object] = []

    def sleep(seconds: float) -> None:  # the computer players' pacing, on a fake clock
        clock[0] += seconds

    async def pause(seconds: float) -> None:
        waits.append(seconds)
        await asyncio.sleep(0)

    fake_time = SimpleNamespace(monotonic=lambda: clock[0], sleep=sleep)
    fake_asyncio = SimpleNamespace(sleep=pause, to_thread=asyncio.to_thread,
                                   get_running_loop=asyncio.get_running_loop)  # fmt: skip
    monkeypatch.setattr(table_module, "time", fake_time)
    monkeypatch.setattr(table_module, "asyncio", fake_asyncio)

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await _bust(pilot, app)
        app.prefs.speed = "slow"  # 1.8 s
        await pilot.click("#watch")
        await until(pilot, lambda: len(waits) >= 3)
        assert waits[:3] == [1.8, 1.8, 1.8]  # after each hand watched
        assert not isinstance(app.screen, HandOverScreen) and screen.watching
        screen.leave(quit_app=False)
        await pilot.pause()

    _run(tmp_path, scenario)


def test_hints_turned_off_while_the_computer_players_decide_go_at_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps, go_on = _holding(monkeypatch)

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        app.prefs.hints = True
        screen = await sit(pilot, make_game())
        felt = screen.query_one(Felt)
        await until(pilot, lambda: felt.hint != "")
        shown = felt.hint
        await pilot.press("c")
        await until(pilot, lambda: not steps.empty())
        assert steps.get() == 1
        await pilot.press("t")  # while Ada decides: the table is not shown again for it
        await pilot.pause()
        assert not app.prefs.hints and felt.hint == shown
        go_on.release()
        await until(pilot, lambda: not steps.empty())  # Bo's decision shows the table
        await pilot.pause()
        assert steps.get() == 2 and felt.hint == ""
        for _ in range(40):
            go_on.release()
        await until(pilot, lambda: your_turn(screen))

    _run_held(tmp_path, scenario, go_on)


async def _call_down(pilot: Pilot[None], app: PokerApp, screen: TableScreen) -> None:
    """Call or check to the end of the hand (and show at the showdown): its summary."""
    while not isinstance(app.screen, HandOverScreen):
        showdown = screen.game.view(0).street.value == 4
        await move(pilot, screen, "enter" if showdown else "c")


def test_a_player_out_is_named_in_the_summary_of_that_hand_only(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game(stacks=[1000, 4, 1000])
        screen = await sit(pilot, game)
        await _call_down(pilot, app, screen)
        over = app.screen
        assert isinstance(over, HandOverScreen)
        assert over.summary.plain.endswith("Your chips: 1,000 → 996 (−4)\nOut of the game: Ada")
        await pilot.press("enter")
        await until(pilot, lambda: your_turn(screen) and game.number == 2)
        await _call_down(pilot, app, screen)
        over = app.screen
        assert isinstance(over, HandOverScreen)  # Ada, out in hand 1, is not named again
        assert over.summary.plain.endswith("\n\nYour chips: 996 → 992 (−4)")
        assert [(s.seat, s.place, s.hand) for s in game.standings()] == [(1, 3, 1)]

    _run(tmp_path, scenario)


def test_a_new_game_s_history_keeps_you_as_its_hero(tmp_path: Path) -> None:
    """Your name as the table has it, kept beside the title (which is only shown): also a
    name the title would not give back whole (a line break, " against ")."""
    name = "Al against Bo\n2"
    store = Store(tmp_path / SAVE_FILE, clock=lambda: "2026-01-01 10:00")
    game = make_game(("calling-station", "calling-station"), name=name)
    history = _new_history(store, game)
    store.add_hand(history, 1, "Al wins", "phh 1")
    assert store.games() == [(history, "2026-01-01 10:00", _title(game), 1, name)]
    assert _title(game) == f"{name} against 2 computer players: {game.rules}"


# ------------------------------------------------- the survivors of the second round


class _ShowingCaller(Player):
    """A calling station that announces its own hand at the showdown (as the table
    would: the best hand it can show)."""

    name = "shows"

    def act(self, view: Any, budget: float) -> Action:
        return Action.call() if view.legal.to_call else Action.check()

    def announce(self, view: Any, budget: float) -> Action:
        return Player.announce(self, view, budget)


def _footer_keys(screen: TableScreen) -> list[tuple[str, str, bool]]:
    """The keys the footer draws: each key, its words and whether it is dimmed."""
    return [(w.key, w.description, w.has_class("-disabled")) for w in screen.query(FooterKey)]


def test_while_a_computer_player_announces_at_the_showdown_the_footer_drops_the_betting_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps, go_on = _holding(monkeypatch)

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        game.bots[1] = _ShowingCaller()  # Ada, first to show once Bo checks the river
        screen = await sit(pilot, game)
        await pilot.press("f")  # the blinds check it down
        seen = []
        while True:
            await until(pilot, lambda: not steps.empty())
            seat = steps.get()
            await pilot.pause()
            street = game.view(0).street
            seen.append((seat, street, _footer_keys(screen)))
            if street is Street.SHOWDOWN:
                break
            go_on.release()
        dimmed = [("f", "Fold", True), ("c", "Check", True), ("b", "Bet", True),
                  ("a", "All-in", True)]  # fmt: skip
        rest = [("x", "Exit", False), ("t", "Hints", False), ("o", "Stats", False),
                ("question_mark", "Keys", False), ("ctrl+q", "Quit", False)]  # fmt: skip
        assert [(seat, street) for seat, street, _ in seen][-2:] == [
            (2, Street.RIVER), (1, Street.SHOWDOWN)]  # fmt: skip
        assert seen[-2][2] == dimmed + rest  # Bo decides on the river: dimmed
        assert seen[-1][2] == rest  # Ada announces: the showdown's list, no betting key
        for _ in range(40):
            go_on.release()
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))

    _run_held(tmp_path, scenario, go_on)


def test_a_hand_played_another_way_goes_to_a_branched_history_with_its_number(
    tmp_path: Path,
) -> None:
    """A game loaded from an earlier save that plays hand 1 another way: the history
    already kept is left as it is; hand 1 goes to a new one that holds the hands before it."""

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        store = app.store
        game = make_game()
        title = _title(game)
        history = _new_history(store, game)
        store.add_hand(history, 0, "hand zero", "its text")
        store.add_hand(history, 1, "played otherwise", "another hand 1")
        screen = await sit(pilot, game, history)
        await _fold_to_summary(pilot, app, screen)
        await pilot.pause()
        assert screen.history == history + 1
        assert store.games() == [
            (history + 1, "2026-01-01 12:00", f"{title} (again from hand 1)", 2, "Hero"),
            (history, "2026-01-01 12:00", title, 2, "Hero"),
        ]
        kept = [(h.number, h.summary, h.phh) for h in store.hands(history)]
        assert kept == [(0, "hand zero", "its text"), (1, "played otherwise", "another hand 1")]
        zero, one = store.hands(history + 1)
        assert (zero.number, zero.summary, zero.phh) == (0, "hand zero", "its text")
        assert (one.number, one.summary) == (1, (
            "Ada shows 6d 2d: pair of deuces, ace-eight-six kickers; "
            "Bo shows 4d 5d: straight, five high; Bo wins the pot (8) with straight, five high"
        ))  # fmt: skip
        assert "\nhand = 1\n" in one.phh and "p3 f" in one.phh  # (you, p3, fold)
        assert _notes(app) == []

    _run(tmp_path, scenario)


def test_a_damaged_save_file_met_while_loading_asks_each_time(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        (tmp_path / SAVE_FILE).write_bytes(b"this is not a database, it was damaged " * 200)
        assert app.open_save("mine") is False
        await until(pilot, lambda: isinstance(app.screen, DamagedSavesDialog)
                    and app.screen.is_mounted)  # fmt: skip
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, DamagedSavesDialog)
        assert str(dialog.error).startswith(f"the save file {tmp_path / SAVE_FILE} is damaged")
        await pilot.press("escape")  # leave it as it is
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert app.open_save("mine") is False  # asked again: loading needs the file
        await until(pilot, lambda: isinstance(app.screen, DamagedSavesDialog)
                    and app.screen.is_mounted)  # fmt: skip
        await pilot.pause()
        assert app.screen is not dialog and _notes(app) == []
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))

    _run(tmp_path, scenario)


def test_two_players_out_in_one_hand_are_both_named(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game(stacks=[1000, 4, 4], seed=1)
        screen = await sit(pilot, game)
        await _call_down(pilot, app, screen)
        over = app.screen
        assert isinstance(over, HandOverScreen)
        assert over.summary.plain.endswith(
            "Your chips: 1,000 → 1,008 (+8)\nOut of the game: Ada, Bo"
        )
        # both out in the same hand: tied for second
        assert [(s.seat, s.place, s.hand) for s in game.standings()] == [
            (0, 1, 1), (1, 2, 1), (2, 2, 1)]  # fmt: skip

    _run(tmp_path, scenario)


def test_a_computer_player_s_wait_on_a_clock_that_oversleeps_ends_on_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pokerroom.tui.screens.table as table_module

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await sit(pilot, make_game())
        clock = [0.0]
        slept: list[float] = []

        def sleep(seconds: float) -> None:  # each sleep 0.03 s longer than asked
            slept.append(round(seconds, 6))
            clock[0] += seconds + 0.03

        monkeypatch.setattr(table_module, "time", SimpleNamespace(monotonic=lambda: clock[0],
                                                                  sleep=sleep))  # fmt: skip
        monkeypatch.setattr(screen, "show", lambda: None)
        app.prefs.speed = "fast"  # 0.35 s: 0.08 a step, then only the 0.03 s left
        await asyncio.to_thread(screen._before_bot, 1)
        assert slept == [0.05, 0.05, 0.05, 0.05, 0.03]
        assert round(clock[0], 6) == 0.38

    _run(tmp_path, scenario)


def test_an_autosave_that_meets_a_damaged_save_file_moves_it_aside_and_goes_on_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    damaged = b"this is not a database, it was damaged " * 200

    async def asked_then_moved(pilot: Pilot[None], app: PokerApp, screen: TableScreen) -> None:
        """The file damaged, then your check or call: its autosave asks; once the computer
        players have decided (your turn again, under the question), move it aside."""
        (tmp_path / SAVE_FILE).write_bytes(damaged)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, DamagedSavesDialog)
                    and app.screen.is_mounted and screen._my_turn())  # fmt: skip
        await pilot.pause()
        await pilot.press("enter")  # "Move it aside, start afresh"
        await until(pilot, lambda: app.screen is screen)
        await pilot.pause()

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        store = app.store
        game = make_game()
        title = _title(game)
        store.new_game("an older game")
        screen = await sit(pilot, game, store.new_game(title))
        assert screen.history == 2
        await asked_then_moved(pilot, app, screen)
        assert game.view(0).street is Street.FLOP
        assert screen.history == 1
        with sqlite3.connect(tmp_path / SAVE_FILE) as db:
            assert db.execute("SELECT id, title FROM games").fetchall() == [(1, title)]
        assert [(s.slot, s.summary) for s in store.slots()] == [
            ("autosave", "hand 1, 3 players, your chips 996")]  # fmt: skip
        assert store.load("autosave").data == {"game": game.to_data(), "history": 1}
        assert _notes(app)[-1] == (
            "The damaged save file is kept as pokerroom.db.damaged-2026-01-01-12-00; "
            "a fresh one is in use."
        )
        monkeypatch.setattr(store, "new_game", _failing("no room for histories"))
        await asked_then_moved(pilot, app, screen)  # again, and no new history this time
        assert game.view(0).street is Street.TURN
        assert screen.history is None
        assert store.load("autosave").data == {"game": game.to_data(), "history": None}
        kept = sorted(p.name for p in tmp_path.glob("pokerroom.db.damaged-*"))
        assert kept == ["pokerroom.db.damaged-2026-01-01-12-00",
                        "pokerroom.db.damaged-2026-01-01-12-00-2"]  # fmt: skip

    _run(tmp_path, scenario)


def test_a_save_named_once_the_turn_is_over_is_refused_with_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No key ends your turn under the save dialog: the test ends it (as the save made
    again after a damaged save file is moved aside would find it), holding the computer
    players' first decision, then gives the name."""
    steps, go_on = _holding(monkeypatch)

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        screen = await sit(pilot, make_game())
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SaveDialog) and app.screen.is_mounted)
        await pilot.pause()
        assert screen._choice is not None
        screen._choice.set_result(Action.call())  # your turn ends: you call
        await until(pilot, lambda: not steps.empty())  # Ada's decision held
        assert steps.get() == 1 and not screen._my_turn() and not screen._between
        await pilot.press("enter")  # save as "hand 1"
        await until(pilot, lambda: app.screen is screen)
        await pilot.pause()
        note = list(app._notifications)[-1]
        assert (note.message, note.severity) == ("Save on your turn or between hands", "warning")
        assert [s.slot for s in app.store.slots()] == ["autosave"]
        for _ in range(40):
            go_on.release()
        await until(pilot, lambda: your_turn(screen))

    _run_held(tmp_path, scenario, go_on)


def test_after_a_hand_s_summary_nothing_can_be_saved_while_the_computer_players_decide(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps, go_on = _holding(monkeypatch)

    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        screen = await sit(pilot, game)
        await pilot.press("f")  # the blinds check it down, each decision let go
        while not isinstance(app.screen, HandOverScreen):
            await until(pilot, lambda: not steps.empty() or isinstance(app.screen, HandOverScreen))
            if not steps.empty():
                steps.get()
                go_on.release()
        assert screen.check_action("save", ()) is True
        await pilot.press("enter")
        await until(pilot, lambda: not steps.empty())  # hand 2: Ada's call held
        await pilot.pause()
        assert (steps.get(), game.number) == (1, 2)
        assert screen.check_action("save", ()) is False  # not listed, not even dimmed
        assert "s" not in [key for key, _, _ in _footer_keys(screen)]
        for _ in range(40):
            go_on.release()
        await until(pilot, lambda: your_turn(screen))

    _run_held(tmp_path, scenario, go_on)
