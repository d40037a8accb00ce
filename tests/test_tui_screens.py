"""The terminal game's screens as a player finds them (issue 29): typed amounts, letters
in the amount field, the all-in question, 001's straddle and showdown, the new-game
form, the log at a new width, a small terminal, saving between hands, settings, the
footer's words, notifications, the list of keys, the bell, and what comes after busting.

Each test plays the real app headless (Textual's pilot) on a temporary data directory
with instant bots, and checks what the table (the engine) did.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from rich.text import Text

from pokerroom.engine import EventKind, Street
from pokerroom.rules import Rules
from pokerroom.table import Table
from pokerroom.tui.base import Menu
from pokerroom.tui.game import Game
from pokerroom.tui.prefs import Prefs
from pokerroom.tui.screens.dialogs import HandOverScreen, key_lines, slot_problem
from pokerroom.tui.screens.menu import TITLE, MenuScreen, read_banner
from pokerroom.tui.screens.settings import SpeedChoice
from pokerroom.tui.screens.table import AUTOSAVE, TableScreen
from pokerroom.tui.widgets.table import ActionBar, AmountInput, ChoiceButton, HandLog
from tui_helpers import (
    make_app,
    make_game,
    move,
    screen_name,
    screen_text,
    sit,
    until,
    your_turn,
)

_K = EventKind


def _mine(game: Game, *kinds: EventKind) -> list[EventKind]:
    hand = game.table.hand
    assert hand is not None
    return [e.kind for e in hand.events if e.seat == 0 and e.kind in kinds]


async def _open_amount(pilot, screen: TableScreen, key: str = "r") -> AmountInput:
    await pilot.press(key)
    field = screen.query_one(AmountInput)
    await until(pilot, lambda: field.has_focus)
    await pilot.pause()
    return field


async def _type(pilot, field: AmountInput, text: str) -> None:
    """Empty the field and type ``text`` key by key, then Enter."""
    await pilot.press(*["backspace"] * (len(field.value) + 1), *text)
    await until(pilot, lambda: field.value == text)
    await pilot.press("enter")
    await pilot.pause()


def test_an_amount_is_taken_as_typed_or_refused_never_changed(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(stacks=[5000, 5000, 5000])
            screen = await sit(pilot, game)
            bar = screen.query_one(ActionBar)
            field = await _open_amount(pilot, screen)
            for text in ("8.5", "1,00", "100.5", "-5", "1,0000"):
                await _type(pilot, field, text)
                assert bar.message.startswith(f"{text!r} is not a number of whole chips"), text
                assert "(1,000 or 12,500)" in bar.message
                assert field.value == text  # what was typed, not 85 or 100
                assert not _mine(game, _K.RAISE) and your_turn(screen)
            await _type(pilot, field, "")
            assert bar.message.startswith("Type the amount to raise to (8 to 5,000)")
            await _type(pilot, field, "1,200")
            await until(pilot, lambda: bool(_mine(game, _K.RAISE)))
            raised = [e for e in game.table.hand.events if e.seat == 0 and e.kind is _K.RAISE]
            assert raised[0].total == 1200

    asyncio.run(scenario())


def test_letters_in_the_amount_field_are_text_and_all_in_asks_first(tmp_path: Path) -> None:
    """r, type abc, Enter went all-in (a was the all-in size); now the letters are text
    and the amount is refused.  All-in from the bar's key asks; the setting turns the
    question off."""

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game()
            screen = await sit(pilot, game)
            bar = screen.query_one(ActionBar)
            field = await _open_amount(pilot, screen)
            await pilot.press("a", "b", "c", "m", "p", "h")  # they replace the proposed 8
            await until(pilot, lambda: field.value == "abcmph")
            await pilot.press("enter")
            await pilot.pause()
            assert bar.message.startswith("'abcmph' is not a number of whole chips")
            assert not _mine(game, _K.RAISE, _K.CALL) and your_turn(screen)
            await pilot.press("escape")
            await until(pilot, lambda: not field.has_focus)
            await pilot.press("a")
            await until(pilot, lambda: screen_name(pilot) == "ConfirmDialog")
            assert "1,000" in screen_text(app)
            await pilot.press("n")  # no: back at the table, nothing played
            await until(pilot, lambda: screen.is_current)
            assert not _mine(game, _K.RAISE) and your_turn(screen)
            app.prefs.confirm_all_in = False
            await pilot.press("a")  # at once
            await until(pilot, lambda: bool(_mine(game, _K.RAISE)))
            assert screen_name(pilot) != "ConfirmDialog"

    asyncio.run(scenario())


def _table_001(seed: int, button: int) -> Game:
    game = make_game(("calling-station", "calling-station"), preset="computer-tournament",
                     seed=seed)  # fmt: skip
    game.table = Table(game.rules, [1000] * 3, names=game.names, button=button,
                       rng=random.Random(seed))  # fmt: skip
    return game


def _footer(screen: TableScreen) -> dict[str, str]:
    """The betting keys as the footer lists them."""
    active = screen.active_bindings
    return {k: active[k].binding.description for k in "fcbra" if k in active}


def test_001_straddler_is_offered_the_straddle_in_the_prompt_s_words(tmp_path: Path) -> None:
    """The straddle prompt said '5 to call.' with no Call button, Check disabled, the
    focus on Fold and c doing nothing: now it says what is possible, the focus is on the
    straddle and c says why it cannot call."""

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = _table_001(seed=3, button=2)  # you sit left of the button: you straddle
            screen = await sit(pilot, game)
            assert "Your turn: post the straddle (10) or fold." in screen_text(app)
            await until(pilot, lambda: isinstance(app.focused, ChoiceButton))
            focused = app.focused
            assert isinstance(focused, ChoiceButton) and str(focused.label) == "Straddle 10 (r)"
            assert _footer(screen) == {"f": "Fold", "c": "Check", "r": "Straddle", "a": "All-in"}
            await pilot.press("c")
            bar = screen.query_one(ActionBar)
            assert bar.message.startswith("Check is not possible now: the straddle is yours")
            assert "Straddle 10 (r)" in bar.message
            assert not _mine(game, _K.CALL, _K.CHECK, _K.RAISE, _K.FOLD)
            await pilot.press("enter")  # the focused button: the straddle
            await until(pilot, lambda: bool(_mine(game, _K.RAISE, _K.STRADDLE)))
            assert not _mine(game, _K.FOLD)

    asyncio.run(scenario())


async def _to_showdown(pilot, screen: TableScreen) -> None:
    """Check, call (or straddle) to your decision at the showdown.  (The screen's view
    only: the table is not read while the computer players' thread plays.)"""
    while True:
        await until(pilot, lambda: your_turn(screen))
        assert screen.view is not None
        if screen.view.street is Street.SHOWDOWN:
            return
        await move(pilot, screen, "c" if screen.check_action("choose", ("c",)) else "r")


def test_001_showdown_focuses_a_legal_choice_and_nothing_wraps(tmp_path: Path) -> None:
    """A hand shown already beats yours: the one choice offered is the muck (it was
    'Show your cards', focused, and Enter was refused); with hands to announce, the best
    is first, conceding last, and ↑ at the top stays there."""

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = _table_001(seed=0, button=0)
            screen = await sit(pilot, game)
            await _to_showdown(pilot, screen)
            declare = screen.query_one("#declare", Menu)
            await until(pilot, lambda: declare.has_focus)
            labels = [str(o.prompt) for o in declare.options]
            assert labels == ["Muck: a hand already shown beats yours"]
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
            assert screen.query_one(ActionBar).message == ""  # no refusal
        app = make_app(tmp_path / "2")
        async with app.run_test(size=(80, 24)) as pilot:
            game = _table_001(seed=1, button=0)
            screen = await sit(pilot, game)
            await _to_showdown(pilot, screen)
            declare = screen.query_one("#declare", Menu)
            await until(pilot, lambda: declare.has_focus)
            values = game.view(0).legal.values
            labels = [str(o.prompt) for o in declare.options]
            assert len(labels) == len(values) + 1 and labels[-1] == "Concede (muck your cards)"
            assert declare.highlighted == 0
            await pilot.press("up", "up")  # at the top: it stays (it wrapped to the weakest)
            assert declare.highlighted == 0
            await pilot.press("end", "down")
            assert declare.highlighted == len(labels) - 1
            await pilot.press("home", "enter")  # the best hand
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
            shown = [e for e in game.table.hand.events if e.seat == 0 and e.kind is _K.SHOW]
            assert shown and shown[0].value == values[0]

    asyncio.run(scenario())


def test_the_new_game_form_shows_every_bot_s_whole_name(tmp_path: Path) -> None:
    """Cycling a bot to calling-station or rule-based showed a blank 'Ada ‹ '."""

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(pilot) == "NewGameScreen")
            cycler = app.screen.query_one("#bot-0")
            cycler.focus()
            await pilot.pause()
            seen = set()
            for _ in range(len(cycler.values)):
                await pilot.press("right")
                await pilot.pause()
                line = next(t for t in screen_text(app).splitlines() if "Ada" in t)
                assert f"‹ {cycler.value} ›" in line, line
                seen.add(cycler.value)
            assert {"calling-station", "rule-based"} <= seen

    asyncio.run(scenario())


def _log_text(log: HandLog) -> list[str]:
    return ["".join(seg.text for seg in line).rstrip() for line in log.lines]


def test_the_log_wraps_again_at_a_new_width(tmp_path: Path) -> None:
    """The log kept the old width's lines until the next action: narrower, its long
    lines were cut off; wider, they stayed broken.  Now they wrap again at once."""

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(("calling-station",) * 4, seed=21)
            screen = await sit(pilot, game)
            for _ in range(2):  # to the turn: '*** TURN *** [7s 5h 9d] [9s] (pot 20)'
                await move(pilot, screen, "c")
            log = screen.query_one(HandLog)
            await pilot.pause()
            narrow = _log_text(log)
            texts = [t.plain for t in log._texts]
            assert len(narrow) > len(texts)  # long lines wrapped at 80 columns
            await pilot.resize_terminal(160, 40)
            await until(pilot, lambda: log.size.width > 60)
            await until(pilot, lambda: len(log.lines) == len(texts))
            assert _log_text(log) == [t.rstrip() for t in texts]  # one line each again
            await pilot.resize_terminal(80, 24)
            await until(pilot, lambda: log.size.width < 50)
            await until(pilot, lambda: len(log.lines) == len(narrow))
            width = log.scrollable_content_region.width
            assert max(line.cell_length for line in log.lines) <= width
            assert _log_text(log) == narrow
            assert " ".join(_log_text(log)).split() == " ".join(texts).split()

    asyncio.run(scenario())


def test_the_log_shows_its_last_line_as_soon_as_it_is_written() -> None:
    """The log scrolled to its end only after the next refresh, which the hand's summary,
    pushed over the table at once, could hold back: the log behind the summary then
    showed the hand's first lines (a snapshot flaked on it).  Now every line written is
    shown at once, with no refresh in between, and again after a new width."""
    from textual.app import App, ComposeResult  # (a log alone)

    class LogApp(App[None]):
        def compose(self) -> ComposeResult:
            yield HandLog()

    async def scenario() -> None:
        app = LogApp()
        async with app.run_test(size=(40, 6)) as pilot:
            log = app.query_one(HandLog)
            await pilot.pause()
            for k in range(30):
                log.note(Text(f"line {k}"))
                assert log.scroll_y == log.max_scroll_y, k  # (no await: no refresh)
            assert log.max_scroll_y > 20
            log.show("hand 2", ["*** PRE-FLOP ***", "Ada folds"])
            assert log.scroll_y == log.max_scroll_y
            await pilot.resize_terminal(30, 5)
            await until(pilot, lambda: log.scrollable_content_region.width < 30)
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y

    asyncio.run(scenario())


def test_the_log_keeps_its_last_line_when_it_grows_shorter() -> None:
    """The log scrolled to its end when a line was written and at a new width, not when
    it lost height: the action bar or the felt below it growing by a line or two after
    the hand's last line (the summary's layout) left the last lines hidden below (the
    showdown snapshot flaked on it, two lines short).  Now a log at its end stays at its
    end, whatever its height; a log scrolled back by hand stays where it was put."""
    from textual.app import App, ComposeResult  # (a log above a box that grows)
    from textual.widgets import Static

    class LogApp(App[None]):
        def compose(self) -> ComposeResult:
            yield HandLog()
            yield Static("below", id="below")

    async def scenario() -> None:
        app = LogApp()
        async with app.run_test(size=(40, 12)) as pilot:
            log, below = app.query_one(HandLog), app.query_one("#below", Static)
            log.styles.height = "1fr"
            below.styles.height = 1
            await pilot.pause()
            for k in range(30):
                log.note(Text(f"line {k}"))
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y > 0
            for height in (3, 5, 2, 6):  # shorter, shorter, taller, shorter
                below.styles.height = height
                await until(pilot, lambda h=height: log.size.height == 12 - h)
                await pilot.pause()
                assert log.scroll_y == log.max_scroll_y, height
            log.scroll_to(y=4, animate=False, immediate=True)  # read back by hand
            below.styles.height = 8
            await until(pilot, lambda: log.size.height == 4)
            await pilot.pause()
            assert log.scroll_y == 4

    asyncio.run(scenario())


def test_a_too_small_terminal_takes_no_key_but_quit(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(70, 20)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await pilot.press("enter", "down", "enter", "escape", "question_mark")
            await pilot.pause()
            assert [type(s).__name__ for s in app.screen_stack[1:]] == ["MenuScreen"]
            assert app.is_running
            await pilot.resize_terminal(80, 24)
            game = make_game()
            screen = await sit(pilot, game)
            await pilot.resize_terminal(79, 24)
            await until(pilot, lambda: screen.has_class("-too-small"))
            await pilot.press("c", "f", "enter", "x", "s")
            await pilot.pause()
            assert app.screen is screen and not _mine(game, _K.CALL, _K.FOLD)
            await pilot.press("ctrl+q")  # quit still asks: nothing is lost
            await until(pilot, lambda: screen_name(pilot) == "LeaveDialog")

    asyncio.run(scenario())


def test_saving_between_hands_from_the_summary(tmp_path: Path) -> None:
    """s on the summary dealt the next hand; the save dialog had no Save button, took an
    empty name silently and 'autosave' as a name.  Now s saves between hands, the dialog
    says Save (Enter), refuses those names with the reason, and stays open."""

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game(seed=4)
            screen = await sit(pilot, game)
            await pilot.press("f")
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
            await pilot.press("s")
            await until(pilot, lambda: screen_name(pilot) == "SaveDialog")
            dialog = app.screen
            assert "Save (Enter)" in screen_text(app) and "Cancel (Esc)" in screen_text(app)
            field = dialog.query_one("#slot")
            for name in ("", "autosave", " AutoSave "):
                field.value = name
                await pilot.press("enter")
                await pilot.pause()
                assert app.screen is dialog
                assert str(dialog.query_one("#save-error").render()) == slot_problem(name)
            assert "choose another name" in slot_problem("autosave")
            field.value = "between"
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
            assert game.number == 1 and not game.table.in_hand  # no hand dealt
            assert "between" in [s.slot for s in app.store.slots()]
            await pilot.press("space")
            await until(pilot, lambda: your_turn(screen))
            assert game.number == 2
            slots = {s.slot: s for s in app.store.slots()}
            assert AUTOSAVE in slots and "between" in slots

    asyncio.run(scenario())


def test_settings_lists_start_on_the_current_choice(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path, speed="slow")
        app.prefs.bell = True
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await pilot.pause()
            await pilot.press(*["down"] * 3, "enter")  # Continue is disabled: skipped
            await until(pilot, lambda: screen_name(pilot) == "SettingsScreen")
            speed = app.screen.query_one(SpeedChoice)
            await until(pilot, lambda: speed.has_focus)
            assert speed._selected == 3  # slow, the current speed (it started on instant)
            await pilot.press("down")  # the last: it stays
            assert speed._selected == 3
            await pilot.press("up", "enter")
            assert app.prefs.speed == "normal"
            assert app.screen.query_one("#bell").value is True
            assert app.screen.query_one("#confirm-all-in").value is True
            await pilot.press("tab", "tab", "enter")  # the all-in question off
            await pilot.pause()
            assert app.prefs.confirm_all_in is False
        again = Prefs.load(tmp_path / "settings.toml")
        assert (again.speed, again.confirm_all_in, again.bell) == (
            "normal", False, True)  # fmt: skip

    asyncio.run(scenario())


def test_the_banner_spells_pokerroom() -> None:
    old = "\n".join([
        r" ___  ___  _  _____ ___ ___ ___  ___  ___  __  __",
        r"| _ \/ _ \| |/ / __| _ \ _ \ _ \/ _ \/ _ \|  \/  |",
        r"|  _/ (_) | ' <| _||   /   /   / (_) | (_) | |\/| |",
        r"|_|  \___/|_|\_\___|_|_\_|_\_|_\\___/ \___/|_|  |_|",
    ])  # fmt: skip
    assert read_banner(TITLE) == "POKERROOM"
    assert read_banner(old) != "POKERROOM"  # POKERRROOM, its letters run together


def test_the_footer_speaks_the_buttons_words(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game()
            screen = await sit(pilot, game)
            for _ in range(3):  # pre-flop (call, raise), then the flop (check, bet)
                labels = [str(b.label) for b in screen.query(ChoiceButton)]
                footer = _footer(screen)
                words = [label.split(" (")[0].rstrip("…") for label in labels]
                assert [footer[k] for k in footer] == [
                    " ".join(w for w in word.split() if not w.replace(",", "").isdigit())
                    for word in words
                ], (footer, labels)
                await move(pilot, screen, "c")
                if not your_turn(screen):
                    break
            assert game.view(0).street >= Street.FLOP
            assert _footer(screen)["c"] == "Check" and "b" in _footer(screen)

    asyncio.run(scenario())


def test_the_action_bar_marks_your_turn_with_a_class_no_style_reads(tmp_path: Path) -> None:
    """The bar sets its class ``-my-turn`` without restyling itself (at each turn's start
    and end that was a tenth of a game's work): so no rule of the app may read it."""

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await sit(pilot, make_game())
            bar = screen.query_one(ActionBar)
            assert bar.has_class("-my-turn")
            rules = [rule.selectors for rule in app.stylesheet.rules]
            assert any("ChoiceButton" in rule for rule in rules)  # the app's own rules too
            assert not [rule for rule in rules if "-my-turn" in rule]
            bar.view = None
            assert not bar.has_class("-my-turn")

    asyncio.run(scenario())


def test_notifications_keep_off_the_action_bar(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            screen = await sit(pilot, make_game())
            app.notify("a long message that a toast shows for a while, over the table")
            await until(pilot, lambda: bool(app.screen.query("Toast")))
            await pilot.pause()
            bar = screen.query_one(ActionBar).region
            for toast in app.screen.query("Toast"):
                assert not toast.region.overlaps(bar), (toast.region, bar)

    asyncio.run(scenario())


def test_fold_when_checking_is_free_says_so(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            game = make_game()
            screen = await sit(pilot, game)
            await pilot.press("c")  # call: the blinds check it through to the flop
            await until(pilot, lambda: your_turn(screen) and game.view(0).street is Street.FLOP)
            await pilot.press("f")
            message = screen.query_one(ActionBar).message
            assert message.startswith("Fold is not possible now: checking is free")
            assert not _mine(game, _K.FOLD) and your_turn(screen)

    asyncio.run(scenario())


def test_question_mark_lists_every_key_of_the_screen(tmp_path: Path) -> None:
    async def look(pilot, app) -> None:
        under = app.screen
        listed = {what for _, what in key_lines(under)}
        for key, active in under.active_bindings.items():  # every key the footer shows
            if active.binding.show and active.binding.description:
                assert active.binding.description in listed, (key, type(under).__name__)
        await pilot.press("question_mark")
        await until(pilot, lambda: screen_name(pilot) == "KeysDialog")
        text = screen_text(app)
        for shown, what in key_lines(under):
            assert f"{shown}  {what}" in text
        await pilot.press("z")  # any key closes it
        await until(pilot, lambda: app.screen is under)

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await look(pilot, app)
            screen = await sit(pilot, make_game())
            await look(pilot, app)
            assert ("f", "Fold") in key_lines(screen) and ("?", "Keys") in key_lines(screen)
            await pilot.press("f")
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
            await look(pilot, app)
            assert ("any other key", "next hand") in key_lines(app.screen)

    asyncio.run(scenario())


def test_the_bell_rings_on_your_turn_when_asked(tmp_path: Path) -> None:
    async def scenario(bell: bool) -> int:
        app = make_app(tmp_path)
        app.prefs.bell = bell
        rings = []
        app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
        async with app.run_test(size=(80, 24)) as pilot:
            await sit(pilot, make_game())
        return len(rings)

    assert asyncio.run(scenario(False)) == 0
    assert asyncio.run(scenario(True)) == 1


def test_after_busting_watch_the_rest_or_play_again(tmp_path: Path) -> None:
    async def bust(pilot, app) -> TableScreen:
        app.prefs.confirm_all_in = False
        game = make_game(("calling-station", "calling-station"), stacks=[10, 4, 1000], seed=17)
        screen = await sit(pilot, game)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        assert game.table.out[0] and not game.table.is_over
        await pilot.press("space")
        await until(pilot, lambda: screen_name(pilot) == "BustDialog")
        return screen

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await bust(pilot, app)
            await pilot.press("enter")  # Watch the rest (focused)
            # (the two calling stations play to the end: about a second)
            await until(pilot, lambda: screen_name(pilot) == "GameOverScreen", timeout=20)
            game = screen.game
            assert game.table.is_over and game.number > 1  # they played on, you watched
            assert len(game.chips) == game.number + 1
            await pilot.press("n")  # play again with the same settings
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            again = app.screen
            assert isinstance(again, TableScreen) and again is not screen
            assert again.game.setup.bots == game.setup.bots
            assert again.game.setup.rules == game.setup.rules
            assert again.game.number == 1 and again.game.seed != game.seed
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await bust(pilot, app)
            await pilot.press("right", "enter")  # Play again
            await until(pilot, lambda: isinstance(app.screen, TableScreen)
                        and app.screen is not screen)  # fmt: skip
            assert app.screen.game.number == 1
            assert [type(s).__name__ for s in app.screen_stack[1:]] == ["MenuScreen",
                                                                         "TableScreen"]

    asyncio.run(scenario())


def test_rules_of_the_table_are_unchanged_by_the_screens() -> None:
    """The form's rules reach the table as they are (the screens only show them)."""
    game = make_game(preset="computer-tournament")
    assert game.rules == Rules.preset("computer-tournament")


def _bound_keys(*classes: type) -> set[str]:
    """The single keys (and ``ctrl+`` chords) the game's own ``BINDINGS`` of these classes
    and of the pokerroom classes they derive from bind, ``?`` as typed."""
    from textual.binding import Binding

    keys: set[str] = set()
    for cls in classes:
        for base in cls.__mro__:
            if not base.__module__.startswith("pokerroom."):
                continue
            for b in base.__dict__.get("BINDINGS", ()):
                binding = b if isinstance(b, Binding) else Binding(*b)
                keys |= {k.strip() for k in binding.key.split(",")}
    return {"?" if k == "question_mark" else k for k in keys
            if len(k) == 1 or k == "question_mark" or k.startswith("ctrl+")}  # fmt: skip


def _key_table(source: str) -> list[str]:
    """The rows of the Markdown key table headed ``| ... at the table | |`` in ``source``."""
    import re

    head = re.search(r"^\| [^|\n]*at the table \| \|$", source, flags=re.MULTILINE)
    assert head is not None, "no key table"
    table = source[head.end() :].split("\n\n", maxsplit=1)[0]
    return [row for row in table.splitlines() if row.startswith("| ")]


def _key_table_source(source: str) -> str:
    """How to play's text, or a page of the repository."""
    if source == "how-to-play":
        from pokerroom.tui.screens.howto import HOW_TO_PLAY

        return HOW_TO_PLAY
    return (Path(__file__).resolve().parents[1] / source).read_text(encoding="utf-8")


@pytest.mark.parametrize("source", ["how-to-play", "docs/guide/playing.md"])
def test_key_tables_name_exactly_the_keys_the_table_binds(source: str) -> None:
    """How to play's key table and the playing page's: the first column names exactly the
    single keys bound at the table, on the hand's summary and on every screen (``?``), so
    a key added, dropped or renamed fails until both tables say so; and every key either
    column names in backquotes is one the table, its summary, its amount field, its
    buttons or the dialogs it opens bind (no shortcut the game does not have)."""
    import re

    from pokerroom.tui.app import PokerApp
    from pokerroom.tui.base import Gated
    from pokerroom.tui.screens.dialogs import BustDialog, ConfirmDialog, LeaveDialog, SaveDialog

    rows = _key_table(_key_table_source(source))
    first = {k for row in rows for k in re.findall(r"`([^`]+)`", row.split("|")[1])}
    anywhere = {k for row in rows for k in re.findall(r"`([^`]+)`", row)}
    question = {b.key for _, b in Gated()._bindings if b.action == "app.keys"}
    assert question == {"question_mark"}
    at_the_table = (_bound_keys(TableScreen, HandOverScreen) | {"?"}) - {"ctrl+q"}
    assert {k for k in first if len(k) == 1} == at_the_table
    keys = _bound_keys(TableScreen, HandOverScreen, AmountInput, ChoiceButton, ConfirmDialog,
                       LeaveDialog, SaveDialog, BustDialog, PokerApp) | {"?"}  # fmt: skip
    named = {k for k in anywhere if len(k) == 1 or k.startswith("ctrl+")}
    assert named <= keys, sorted(named - keys)
