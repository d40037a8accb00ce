"""The terminal game's dialogs and its hand history, exactly: what a player reads, what
each key answers, and the files the exports write (read back) (the survivors of the
mutation part ``tuidialogs``)."""

from __future__ import annotations

import json
import locale
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.containers import VerticalScroll
from textual.content import Content
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Static

from conftest import DATA
from pokerroom.history.formats import export_phh
from pokerroom.history.ohh import parse_ohh
from pokerroom.history.phh import loads, loads_all
from pokerroom.history.pokerstars import Tournament
from pokerroom.history.replay import replay_phh
from pokerroom.history.starsread import parse_pokerstars
from pokerroom.history.text import sections
from pokerroom.savefile import SaveError, StoredHand
from pokerroom.storage.saves import Store
from pokerroom.tui.app import SAVE_FILE, PokerApp
from pokerroom.tui.screens.archive import (
    HistoryScreen,
    ReplayScreen,
    _hero,
    export_game,
    replay_sections,
    write_phhs,
)
from pokerroom.tui.screens.dialogs import (
    BustDialog,
    ConfirmDialog,
    HandOverScreen,
    KeysDialog,
    LeaveDialog,
    MessageDialog,
    SaveDialog,
    key_lines,
    slot_problem,
)
from pokerroom.tui.screens.remote import ChatDialog
from pokerroom.tui.widgets.table import HandLog
from tui_helpers import (
    CLOCK,
    burst,
    key_event,
    on_screen,
    screen_name,
    until,
    widget_texts,
)


def _styles(screen: Screen[Any], selector: str) -> list[str]:
    shown = screen.query_one(selector, Static).render()
    return [str(span.style) for span in getattr(shown, "spans", [])]


def _buttons(screen: Screen[Any]) -> list[tuple[str | None, str, str, bool]]:
    return [(b.id, str(b.label), b.variant, b.disabled) for b in screen.query(Button)]


def _focused(screen: Screen[Any]) -> str | None:
    return None if screen.focused is None else screen.focused.id


async def _answer(pilot: Pilot[None], answers: list[object], *keys: str) -> None:
    await pilot.press(*keys)
    await until(pilot, lambda: answers != [])
    await pilot.pause()


def _stack(pilot: Pilot[None]) -> list[str]:
    return [type(s).__name__ for s in pilot.app.screen_stack]


# ---------------------------------------------------------------- a save's name


def test_a_save_s_name_is_refused_when_empty_or_the_autosave_s_word_for_word() -> None:
    empty = "Type a name for the save (up to 40 letters, digits, spaces...)."
    assert slot_problem("") == empty
    assert slot_problem("   ") == empty
    assert slot_problem("autosave") == (
        "'autosave' is the game's own automatic save (it is overwritten at every turn): "
        "choose another name."
    )
    assert slot_problem("  AutoSave ") == (
        "'AutoSave' is the game's own automatic save (it is overwritten at every turn): "
        "choose another name."
    )
    assert slot_problem("my game") == ""
    assert slot_problem(" autosave 2 ") == ""


# ---------------------------------------------------------------- the hand's summary


def _summary(app: PokerApp, calls: list[str] | None = None) -> HandOverScreen:
    if calls is None:
        return HandOverScreen(Text("Hero wins 40"), "Hand 3")
    return HandOverScreen(Text("Hero wins 40"), "Hand 3",
                          save=lambda: calls.append("save"),
                          leave=lambda: calls.append("leave"))  # fmt: skip


def test_the_hand_s_summary_shows_its_title_and_text_and_says_any_key_goes_on(
    tmp_path: Path,
) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, "#hand-over Static") == [
            "Hand 3", "Hero wins 40", "Press any key to continue",
        ]  # fmt: skip
        assert widget_texts(screen, "#hand-over.dialog > .dialog-title") == ["Hand 3"]
        assert widget_texts(screen, "#summary-title") == ["Hand 3"]
        assert widget_texts(screen, "#summary") == ["Hero wins 40"]
        assert widget_texts(screen, ".press-any-key") == ["Press any key to continue"]
        assert key_lines(screen) == [
            ("any key", "Next hand"), ("?", "Keys"), ("^q", "Quit"),
            ("any other key", "next hand"),
        ]  # fmt: skip
        await _answer(pilot, answers, "z")
        assert answers == [None] and screen_name(pilot) == "MenuScreen"

    on_screen(tmp_path, _summary, play)


def test_the_hand_s_summary_lists_save_and_exit_only_when_it_can_do_them(
    tmp_path: Path,
) -> None:
    calls: list[str] = []

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert key_lines(screen) == [
            ("any key", "Next hand"), ("s", "Save"), ("x", "Exit"), ("?", "Keys"),
            ("^q", "Quit"), ("any other key", "next hand"),
        ]  # fmt: skip
        await pilot.press("s")
        await until(pilot, lambda: calls == ["save"])
        await pilot.press("x")
        await until(pilot, lambda: calls == ["save", "leave"])
        assert answers == [] and pilot.app.screen is screen  # the summary still there
        await _answer(pilot, answers, "enter")
        assert answers == [None] and calls == ["save", "leave"]

    on_screen(tmp_path, lambda app: _summary(app, calls), play)


def test_the_hand_s_summary_without_save_or_exit_takes_s_and_x_for_nothing(
    tmp_path: Path,
) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("s", "x")
        await pilot.pause()
        assert answers == [] and pilot.app.screen is screen
        await _answer(pilot, answers, "space")
        assert answers == [None]

    on_screen(tmp_path, _summary, play)


def test_the_hand_s_summary_lists_its_keys_on_question_mark_and_goes_on_by_a_click(
    tmp_path: Path,
) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("question_mark")
        await until(pilot, lambda: screen_name(pilot) == "KeysDialog")
        assert answers == []
        await pilot.press("q")  # closes the list, not the summary
        await until(pilot, lambda: pilot.app.screen is screen)
        await pilot.pause()
        assert answers == []
        await pilot.click("#summary")
        await until(pilot, lambda: answers != [])
        assert answers == [None]

    on_screen(tmp_path, _summary, play)


def test_the_hand_s_summary_is_renewed_in_place(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert isinstance(screen, HandOverScreen)
        screen.renew(Text("Ann wins 90"), "Hand 4")
        await pilot.pause()
        assert widget_texts(screen, "#summary-title") == ["Hand 4"]
        assert widget_texts(screen, "#summary") == ["Ann wins 90"]
        assert (screen.title_text, str(screen.summary)) == ("Hand 4", "Ann wins 90")
        assert widget_texts(screen, ".press-any-key") == ["Press any key to continue"]

    on_screen(tmp_path, _summary, play)


def test_a_summary_renewed_before_it_shows_shows_the_latest() -> None:
    screen = HandOverScreen(Text("Hero wins 40"), "Hand 3")
    screen.renew(Text("Ann wins 90"), "Hand 4")  # not composed yet: nothing to update
    assert (screen.title_text, str(screen.summary)) == ("Hand 4", "Ann wins 90")


# ---------------------------------------------------------------- leaving


LEAVE_NOTE = (
    "Save the game first? (Saving is possible on your turn or between hands; the autosave "
    "of your last turn is kept either way.)"
)


def test_leaving_the_table_asks_word_for_word_and_stay_has_the_focus(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, "#leave Static") == ["Leave the table?", LEAVE_NOTE]
        assert widget_texts(screen, "#leave > .dialog-title") == ["Leave the table?"]
        assert _buttons(screen) == [
            ("save", "Save, then leave", "default", False),
            ("leave", "Leave without saving", "default", False),
            ("stay", "Stay", "primary", False),
        ]
        assert _focused(screen) == "stay"
        assert key_lines(screen) == [
            ("tab", "Focus Next"), ("shift+tab", "Focus Previous"), ("esc", "Back"),
            ("←→⏎", "Choose"), ("?", "Keys"), ("^q", "Quit"),
        ]  # fmt: skip
        await _answer(pilot, answers, "enter")
        assert answers == ["stay"]

    on_screen(tmp_path, lambda app: LeaveDialog(can_save=True, quit_app=False), play)


def test_quitting_asks_word_for_word_and_saving_can_be_off(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, "#leave Static") == ["Quit pokerroom?", LEAVE_NOTE]
        assert _buttons(screen) == [
            ("save", "Save, then quit", "default", True),
            ("leave", "Quit without saving", "default", False),
            ("stay", "Stay", "primary", False),
        ]
        await pilot.press("left")
        await pilot.pause()
        assert _focused(screen) == "leave"
        await pilot.press("left")  # the save is off: round to Stay
        await pilot.pause()
        assert _focused(screen) == "stay"
        await _answer(pilot, answers, "left", "enter")
        assert answers == ["leave"]

    on_screen(tmp_path, lambda app: LeaveDialog(can_save=False, quit_app=True), play)


@pytest.mark.parametrize(("keys", "answer"), [
    (("left", "left", "enter"), "save"), (("left", "enter"), "leave"),
    (("left", "right", "enter"), "stay"), (("escape",), "stay"),
    (("left", "left", "escape"), "stay"),
])  # fmt: skip
def test_leaving_answers_the_key_chosen(tmp_path: Path, keys: tuple[str, ...], answer: str) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await _answer(pilot, answers, *keys)
        assert answers == [answer] and screen_name(pilot) == "MenuScreen"

    on_screen(tmp_path, lambda app: LeaveDialog(can_save=True, quit_app=False), play)


def test_leaving_answers_the_button_clicked(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.click("#save")
        await until(pilot, lambda: answers != [])
        assert answers == ["save"]

    on_screen(tmp_path, lambda app: LeaveDialog(can_save=True, quit_app=True), play)


# ---------------------------------------------------------------- a yes-or-no question


def _delete(app: PokerApp, focus_yes: bool | None = None) -> ConfirmDialog:
    """The question deleting a save asks (``focus_yes`` as the dialog has it by default,
    unless given)."""
    title, text, yes = "Delete this save?", "'first' will be gone for good.", "Delete it"
    if focus_yes is None:
        return ConfirmDialog(title, text, yes)
    return ConfirmDialog(title, text, yes, focus_yes=focus_yes)


def test_a_question_shows_its_words_and_yes_has_the_focus(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, "#confirm Static") == [
            "Delete this save?", "'first' will be gone for good.",
        ]  # fmt: skip
        assert widget_texts(screen, "#confirm > .dialog-title") == ["Delete this save?"]
        assert _buttons(screen) == [
            ("yes", "Delete it", "warning", False),
            ("no", "Cancel", "primary", False),
        ]
        assert _focused(screen) == "yes"
        assert key_lines(screen) == [
            ("tab", "Focus Next"), ("shift+tab", "Focus Previous"), ("esc", "Back"),
            ("←→⏎", "Choose"), ("y", "Yes"), ("n", "No"), ("?", "Keys"), ("^q", "Quit"),
        ]  # fmt: skip
        await _answer(pilot, answers, "enter")
        assert answers == ["yes"]

    on_screen(tmp_path, _delete, play)


def test_a_question_can_focus_no_first(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert _focused(screen) == "no"
        await _answer(pilot, answers, "enter")
        assert answers == ["no"]

    on_screen(tmp_path, lambda app: _delete(app, focus_yes=False), play)


@pytest.mark.parametrize(("keys", "answer"), [
    (("y",), "yes"), (("n",), "no"), (("escape",), "no"), (("right", "enter"), "no"),
    (("right", "left", "enter"), "yes"), (("right", "y"), "yes"),
])  # fmt: skip
def test_a_question_answers_the_key_chosen(
    tmp_path: Path, keys: tuple[str, ...], answer: str
) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await _answer(pilot, answers, *keys)
        assert answers == [answer] and screen_name(pilot) == "MenuScreen"

    on_screen(tmp_path, _delete, play)


# ---------------------------------------------------------------- once you are out


def test_once_out_the_choices_are_shown_word_for_word(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, "#bust Static") == ["You are out", "You finish 3rd of 4."]
        assert widget_texts(screen, "#bust > .dialog-title") == ["You are out"]
        assert _buttons(screen) == [
            ("watch", "Watch the rest", "primary", False),
            ("again", "Play again", "default", False),
            ("menu", "Standings", "default", False),
        ]
        assert _focused(screen) == "watch"
        await _answer(pilot, answers, "enter")
        assert answers == ["watch"]

    on_screen(tmp_path, lambda app: BustDialog("You finish 3rd of 4."), play)


@pytest.mark.parametrize(("keys", "answer"), [
    (("right", "enter"), "again"), (("right", "right", "enter"), "menu"),
    (("escape",), "menu"), (("right", "escape"), "menu"),
])  # fmt: skip
def test_once_out_the_key_chosen_is_the_answer(
    tmp_path: Path, keys: tuple[str, ...], answer: str
) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await _answer(pilot, answers, *keys)
        assert answers == [answer]

    on_screen(tmp_path, lambda app: BustDialog("You finish 3rd of 4."), play)


# ---------------------------------------------------------------- naming a save


SAVED = ["a", "b", "c", "d", "e", "f", "g"]


def test_the_save_dialog_shows_its_words_the_name_and_six_saves(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, "#save > .dialog-title") == ["Save the game"]
        assert widget_texts(screen, "#save Static") == [
            "Save the game",
            "Name of the save (an existing one with that name is replaced):",
            "Saves: a, b, c, d, e, f",
            "",
        ]
        saves = screen.query("#save Static")[2].render()
        assert [str(s.style) for s in getattr(saves, "spans", [])] == ["dim"]
        field = screen.query_one("#slot", Input)
        assert (field.value, field.max_length) == ("Hand 4", 40)
        assert widget_texts(screen, "#save-error") == [""]
        assert _buttons(screen) == [
            ("ok", "Save (Enter)", "primary", False),
            ("cancel", "Cancel (Esc)", "default", False),
        ]
        assert _focused(screen) == "slot"
        assert key_lines(screen) == [("esc", "Cancel"), ("⏎", "Save"), ("^q", "Quit")]
        field.value = "  mine  "
        await _answer(pilot, answers, "enter")
        assert answers == ["mine"]

    on_screen(tmp_path, lambda app: SaveDialog("Hand 4", SAVED), play)


def test_the_save_dialog_without_saves_lists_none(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, "#save Static") == [
            "Save the game",
            "Name of the save (an existing one with that name is replaced):",
            "",
        ]

    on_screen(tmp_path, lambda app: SaveDialog("Hand 4", []), play)


def test_the_save_dialog_refuses_a_name_in_bold_red_and_stays_open(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        field = screen.query_one("#slot", Input)
        for name in (" AutoSave ", "   "):
            field.value = name
            await pilot.press("enter")
            await pilot.pause()
            assert widget_texts(screen, "#save-error") == [slot_problem(name)]
            assert _styles(screen, "#save-error") == ["bold red"]
            assert answers == [] and pilot.app.screen is screen
        field.value = "b"  # an existing save: replaced
        await pilot.click("#ok")
        await until(pilot, lambda: answers != [])
        assert answers == ["b"]

    on_screen(tmp_path, lambda app: SaveDialog("Hand 4", SAVED), play)


@pytest.mark.parametrize("keys", [("escape",), ("tab", "tab", "enter")])
def test_the_save_dialog_cancelled_answers_nothing(tmp_path: Path, keys: tuple[str, ...]) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await _answer(pilot, answers, *keys)
        assert answers == [None] and screen_name(pilot) == "MenuScreen"

    on_screen(tmp_path, lambda app: SaveDialog("Hand 4", SAVED), play)


def test_a_line_dialog_gives_the_line_typed_without_its_spaces(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert _focused(screen) == "chat"
        await pilot.press("space", "h", "i", "space")
        await _answer(pilot, answers, "enter")
        assert answers == ["hi"]

    on_screen(tmp_path, lambda app: ChatDialog(), play)


@pytest.mark.parametrize("keys", [("space", "enter"), ("enter",), ("h", "escape")])
def test_a_line_dialog_with_nothing_typed_or_cancelled_gives_none(
    tmp_path: Path, keys: tuple[str, ...]
) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await _answer(pilot, answers, *keys)
        assert answers == [None]

    on_screen(tmp_path, lambda app: ChatDialog(), play)


def test_a_line_dialog_s_send_button_gives_the_line(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("h", "i")
        await pilot.click("#ok")
        await until(pilot, lambda: answers != [])
        assert answers == ["hi"]

    on_screen(tmp_path, lambda app: ChatDialog(), play)


# ---------------------------------------------------------------- a message


def test_a_message_shows_its_words_and_ok_closes_it(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, "#message Static") == ["Cannot load", "It holds no game."]
        assert widget_texts(screen, "#message > .dialog-title") == ["Cannot load"]
        assert widget_texts(screen, "#message-text") == ["It holds no game."]
        assert _buttons(screen) == [("ok", "OK", "primary", False)]
        assert _focused(screen) == "ok"
        assert key_lines(screen) == [("esc", "Close"), ("?", "Keys"), ("^q", "Quit")]
        await _answer(pilot, answers, "enter")
        assert answers == [None] and screen_name(pilot) == "MenuScreen"

    on_screen(tmp_path, lambda app: MessageDialog("Cannot load", "It holds no game."), play)


def test_a_message_closes_on_escape(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await _answer(pilot, answers, "escape")
        assert answers == [None] and screen_name(pilot) == "MenuScreen"

    on_screen(tmp_path, lambda app: MessageDialog("Cannot load", "It holds no game."), play)


# ---------------------------------------------------------------- every key of a screen


def test_the_keys_of_the_menu_are_listed_right_aligned(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert isinstance(screen, KeysDialog)
        menu = pilot.app.screen_stack[-2]
        assert screen.lines == key_lines(menu)
        assert key_lines(menu) == [
            ("↑↓", "Move"), ("home", "First"), ("end", "Last"), ("⏎", "Choose"),
            ("esc", "Quit"), ("?", "Keys"), ("^q", "Quit"),
        ]  # fmt: skip
        assert widget_texts(screen, "#keys > .dialog-title") == ["Keys of this screen"]
        shown = screen.query_one("#keys-list Static", Static).render()
        assert str(shown) == (
            "    ↑↓  Move\n  home  First\n   end  Last\n     ⏎  Choose\n   esc  Quit\n"
            "     ?  Keys\n    ^q  Quit\n"
        )
        assert [(s.start, s.end, str(s.style)) for s in getattr(shown, "spans", [])] == [
            (0, 8, "bold"), (13, 21, "bold"), (27, 35, "bold"), (40, 48, "bold"),
            (55, 63, "bold"), (68, 76, "bold"), (81, 89, "bold"),
        ]  # fmt: skip
        assert widget_texts(screen, ".press-any-key") == ["Press any key to close"]
        await _answer(pilot, answers, "enter")
        assert answers == [None] and screen_name(pilot) == "MenuScreen"

    on_screen(tmp_path, lambda app: KeysDialog(app.screen), play)


def test_the_keys_list_of_a_summary_is_as_wide_as_its_widest_key(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        shown = screen.query_one("#keys-list Static", Static).render()
        assert str(shown).splitlines() == [
            "        any key  Next hand", "              ?  Keys", "             ^q  Quit",
            "  any other key  next hand",
        ]  # fmt: skip

    def make(app: PokerApp) -> KeysDialog:
        under: Screen[Any] = HandOverScreen(Text("Hero wins 40"), "Hand 3")
        return KeysDialog(under)

    on_screen(tmp_path, make, play)


@pytest.mark.parametrize("key", ["escape", "x", "question_mark", "space"])
def test_any_key_closes_the_keys_list(tmp_path: Path, key: str) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await _answer(pilot, answers, key)
        assert answers == [None] and _stack(pilot) == ["Screen", "MenuScreen"]

    on_screen(tmp_path, lambda app: KeysDialog(app.screen), play)


def test_a_click_closes_the_keys_list(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.click("#keys-list")
        await until(pilot, lambda: answers != [])
        assert answers == [None]

    on_screen(tmp_path, lambda app: KeysDialog(app.screen), play)


def test_ctrl_q_on_the_keys_list_quits_the_game(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("ctrl+q")  # over the menu: the game ends
        await until(pilot, lambda: not pilot.app.is_running)
        assert answers == []

    on_screen(tmp_path, lambda app: KeysDialog(app.screen), play)


# ---------------------------------------------------------------- the hand history


def _phh(number: int) -> str:
    return (DATA / "phh" / "pluribus" / "31" / f"{number}.phh").read_text(encoding="utf-8")


EDDIE = "Eddie against 5 computer players: no limit"
PLURIBUS = "Pluribus against 5 computer players: no limit"


def _archive(app: PokerApp) -> HistoryScreen:
    """Two games: the first (Eddie's) of two hands, the second (Pluribus's) of one."""
    first = app.store.new_game(EDDIE)
    app.store.add_hand(first, 1, "Eddie wins 4,800", _phh(20))
    app.store.add_hand(first, 2, "Eddie wins 600", _phh(3))
    second = app.store.new_game(PLURIBUS)
    app.store.add_hand(second, 1, "Gogo wins 150", _phh(7))
    return HistoryScreen()


def _options(screen: Screen[Any], selector: str) -> list[tuple[str | None, str]]:
    menu = screen.query_one(selector, OptionList)
    return [(o.id, str(o.prompt)) for o in menu.options]


def _notes(pilot: Pilot[None]) -> list[str]:
    return [n.message for n in pilot.app._notifications]


# ---------------------------------------------------------------- the exports by themselves
# (before the screens that call them: the quickest to fail)


def _unfinished() -> str:
    """Hand 20 stopped on the river, Gogo to act: no format of PokerStars' words holds it."""
    phh = _phh(20)
    cut = phh.replace(", 'p6 cc', 'p2 sm 8dTd', 'p6 sm']", "]")
    assert cut != phh
    return cut.replace("finishing_stacks = [9950, 12425, 10000, 10000, 10000, 7625]", "")


def test_exporting_a_game_says_what_was_written_and_what_was_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    good = StoredHand(7, 1, "Eddie wins 4,800", _phh(20))
    bad = StoredHand(7, 2, "unfinished", _unfinished())
    said = export_game([good, bad], "pokerstars", 7, "Eddie", "games")
    assert said == f"Wrote 1 hand to {tmp_path / 'games.txt'} (1 the format cannot hold)"
    hands = parse_pokerstars((tmp_path / "games.txt").read_text(encoding="utf-8"))
    assert [(h.number, h.tournament) for h in hands] == [(20, 7)]
    dealt = [line.name for h in hands for line in h.lines if line.verb == "dealt"]
    assert dealt == ["Eddie"]
    said = export_game([good, good], "ohh", 7, "Eddie", "both")
    assert said == f"Wrote 2 hands to {tmp_path / 'both.ohh'}"
    assert len(parse_ohh((tmp_path / "both.ohh").read_text(encoding="utf-8"))) == 2
    assert (
        export_game([bad], "ohh", 7, "Eddie", "none")
        == "No hand written (1 the format cannot hold)"
    )
    assert not (tmp_path / "none.ohh").exists()


def test_exporting_without_a_hero_deals_every_known_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    said = export_game([StoredHand(7, 1, "x", _phh(20))], "pokerstars", 7, "", "all")
    assert said == f"Wrote 1 hand to {tmp_path / 'all.txt'}"
    hands = parse_pokerstars((tmp_path / "all.txt").read_text(encoding="utf-8"))
    dealt = [line.name for h in hands for line in h.lines if line.verb == "dealt"]
    assert dealt == ["Budd", "Eddie", "Bill", "Pluribus", "MrWhite", "Gogo"]


def test_a_game_s_hands_are_written_as_one_phh_file_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "out.phhs"
    write_phhs(path, [StoredHand(1, 1, "a", _phh(20)), StoredHand(1, 2, "b", _phh(3))])
    assert list(loads_all(path.read_text(encoding="utf-8")).values()) == [
        loads(_phh(20)), loads(_phh(3)),
    ]  # fmt: skip


@pytest.fixture
def ascii_locale() -> Iterator[None]:
    """Text files opened without an encoding are ASCII meanwhile (the C locale's)."""
    kept = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    try:
        yield
    finally:
        locale.setlocale(locale.LC_CTYPE, kept)


def _zoe(number: int = 20) -> str:
    """A hand whose first player is Zoë (a name outside ASCII)."""
    phh = _phh(number)
    assert "'Budd'" in phh
    return phh.replace("'Budd'", "'Zoë'")


def test_a_game_s_hands_written_as_one_phh_file_and_every_export_are_utf_8_in_any_locale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ascii_locale: None
) -> None:
    monkeypatch.chdir(tmp_path)
    hand = StoredHand(7, 1, "Zoë folds", _zoe())
    write_phhs(tmp_path / "out.phhs", [hand])
    assert '"Zoë"' in (tmp_path / "out.phhs").read_text(encoding="utf-8")
    for fmt, suffix in (("pokerstars", ".txt"), ("ohh", ".ohh")):
        said = export_game([hand], fmt, 7, "Eddie", "zoe")
        assert said == f"Wrote 1 hand to {tmp_path / ('zoe' + suffix)}"
        assert "Zoë" in (tmp_path / f"zoe{suffix}").read_text(encoding="utf-8")


def test_the_history_lists_the_games_newest_first_and_the_first_game_s_hands(
    tmp_path: Path,
) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, ".page-title") == ["Hand history"]
        assert _options(screen, "#games") == [
            ("2", f"{CLOCK}, 1 hand\n{PLURIBUS}"), ("1", f"{CLOCK}, 2 hands\n{EDDIE}"),
        ]  # fmt: skip
        games = screen.query_one("#games", OptionList)
        assert games.highlighted == 0 and screen.focused is games
        assert _options(screen, "#hands") == [("1", "Hand 1: Gogo wins 150")]
        assert screen.query_one("#hands", OptionList).highlighted == 0
        assert widget_texts(screen, "#history-note") == (
            ["Enter on a hand replays it street by street."])
        await pilot.press("down")
        await until(pilot, lambda: len(_options(screen, "#hands")) == 2)
        assert _options(screen, "#hands") == [
            ("1", "Hand 1: Eddie wins 4,800"), ("2", "Hand 2: Eddie wins 600"),
        ]  # fmt: skip
        assert screen.query_one("#hands", OptionList).highlighted == 0  # the first hand
        await pilot.press("enter")  # the game: its hands take the keys
        await pilot.pause()
        assert screen.focused is screen.query_one("#hands", OptionList)
        await pilot.press("down", "enter")
        await until(pilot, lambda: screen_name(pilot) == "ReplayScreen")
        replay = pilot.app.screen
        assert isinstance(replay, ReplayScreen)
        assert (replay.hand.game, replay.hand.number, replay.hero) == (1, 2, "Eddie")
        assert replay.hand.phh == _phh(3)
        await pilot.press("escape")
        await until(pilot, lambda: pilot.app.screen is screen)
        await pilot.press("escape")
        await until(pilot, lambda: answers != [])
        assert answers == [None] and screen_name(pilot) == "MenuScreen"

    on_screen(tmp_path, _archive, play)


def test_the_history_back_up_to_the_newest_game_shows_its_hands_again(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("down")
        await until(pilot, lambda: len(_options(screen, "#hands")) == 2)
        await pilot.press("up")
        await until(pilot, lambda: len(_options(screen, "#hands")) == 1)
        assert _options(screen, "#hands") == [("1", "Hand 1: Gogo wins 150")]
        await pilot.press("enter", "enter")  # the game, then its hand
        await until(pilot, lambda: screen_name(pilot) == "ReplayScreen")
        replay = pilot.app.screen
        assert isinstance(replay, ReplayScreen)
        assert (replay.hand.game, replay.hand.number, replay.hero) == (2, 1, "Pluribus")

    on_screen(tmp_path, _archive, play)


def test_an_empty_history_says_how_to_fill_it_and_exports_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert _options(screen, "#games") == [] and _options(screen, "#hands") == []
        assert widget_texts(screen, "#history-note") == [
            "No hands yet: play a game and every hand is kept here."
        ]
        await pilot.press("e", "p", "o")
        await pilot.pause()
        assert sorted(p.name for p in tmp_path.iterdir()) == ["pokerroom.db"]
        assert _notes(pilot) == []
        await _answer(pilot, answers, "escape")
        assert answers == [None]

    on_screen(tmp_path, lambda app: HistoryScreen(), play)


def test_a_history_that_cannot_be_read_says_why_in_bold_red(tmp_path: Path) -> None:
    def make(app: PokerApp) -> HistoryScreen:
        def games() -> list[object]:
            raise SaveError("the hand histories cannot be read: locked")

        app.store.games = games  # type: ignore[method-assign,assignment]
        return HistoryScreen()

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, "#history-note") == (
            ["the hand histories cannot be read: locked"])
        assert _styles(screen, "#history-note") == ["bold red"]
        assert _options(screen, "#games") == []

    on_screen(tmp_path, make, play)


def test_the_history_exports_the_highlighted_game_in_each_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("down")  # Eddie's game, of two hands
        await until(pilot, lambda: len(_options(screen, "#hands")) == 2)
        await pilot.press("e")
        await until(pilot, lambda: len(_notes(pilot)) == 1)
        whole = tmp_path / "pokerroom-game-1.phhs"
        assert _notes(pilot) == [f"Wrote 2 hands to {whole}"]
        assert list(loads_all(whole.read_text(encoding="utf-8")).values()) == [
            loads(_phh(20)), loads(_phh(3)),
        ]  # fmt: skip
        await pilot.press("p")
        await until(pilot, lambda: len(_notes(pilot)) == 2)
        stars = tmp_path / "pokerroom-game-1.txt"
        assert _notes(pilot)[1] == f"Wrote 2 hands to {stars}"
        hands = parse_pokerstars(stars.read_text(encoding="utf-8"))
        assert [(h.number, h.tournament) for h in hands] == [(20, 1), (3, 1)]
        dealt = {line.name for h in hands for line in h.lines if line.verb == "dealt"}
        assert dealt == {"Eddie"}  # the hero: the title's first word
        await pilot.press("o")
        await until(pilot, lambda: len(_notes(pilot)) == 3)
        ohh = tmp_path / "pokerroom-game-1.ohh"
        assert _notes(pilot)[2] == f"Wrote 2 hands to {ohh}"
        assert len(parse_ohh(ohh.read_text(encoding="utf-8"))) == 2
        assert sorted(p.name for p in tmp_path.iterdir()) == [
            "pokerroom-game-1.ohh", "pokerroom-game-1.phhs", "pokerroom-game-1.txt",
            "pokerroom.db",
        ]  # fmt: skip

    on_screen(tmp_path, _archive, play)


def test_the_history_exports_a_game_of_one_hand_as_one_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("e")
        await until(pilot, lambda: len(_notes(pilot)) == 1)
        whole = tmp_path / "pokerroom-game-2.phhs"
        assert _notes(pilot) == [f"Wrote 1 hand to {whole}"]
        assert list(loads_all(whole.read_text(encoding="utf-8")).values()) == [loads(_phh(7))]
        await pilot.press("p")
        await until(pilot, lambda: len(_notes(pilot)) == 2)
        hands = parse_pokerstars((tmp_path / "pokerroom-game-2.txt").read_text(encoding="utf-8"))
        dealt = {line.name for h in hands for line in h.lines if line.verb == "dealt"}
        assert [(h.number, h.tournament) for h in hands] == [(7, 2)] and dealt == {"Pluribus"}

    on_screen(tmp_path, _archive, play)


# ---------------------------------------------------------------- a hand replayed


def test_a_stored_hand_s_streets_are_its_history_s() -> None:
    stored = StoredHand(1, 1, "a", _phh(20))
    parts = replay_sections(stored)
    assert parts == sections(replay_phh(loads(_phh(20))).played)
    assert [title for title, _ in parts] == [
        "start", "pre-flop", "flop", "turn", "river", "showdown", "summary",
    ]  # fmt: skip
    assert parts[2][1] == ["*** FLOP *** [9d 6s 9c] (pot 450)", "Eddie checks", "Gogo checks"]


def _replayed(parts: list[tuple[str, list[str]]], shown: int) -> str:
    lines = [line for _, section in parts[:shown] for line in section]
    hint = f"(→ for the {parts[shown][0]})" if shown < len(parts) else ""
    return "".join(f"{line}\n" for line in lines) + hint


def _replay(app: PokerApp) -> ReplayScreen:
    return ReplayScreen(StoredHand(4, 2, "Eddie wins 4,800", _phh(20)), "Eddie")


def test_a_replay_starts_at_the_pre_flop_and_steps_street_by_street(tmp_path: Path) -> None:
    parts = replay_sections(StoredHand(4, 2, "", _phh(20)))

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, ".page-title") == ["Hand 2"]
        shown = screen.query_one("#replay", Static).render()
        assert str(shown) == _replayed(parts, 2)
        assert str(shown).endswith("Eddie calls 100\n(→ for the flop)")
        colours = Text()
        for _, section in parts[:2]:
            for line in section:
                colours.append_text(HandLog.colour(line))
                colours.append("\n")
        colours.append("(→ for the flop)", style="dim")
        assert getattr(shown, "spans", None) == Content.from_rich_text(colours).spans
        assert str(colours.spans[-1].style) == "dim"
        for shown_now in (3, 4, 5, 6, 7, 7):
            await pilot.press("right")
            await pilot.pause()
            assert widget_texts(screen, "#replay") == [_replayed(parts, shown_now)]
        scroll = screen.query_one("#replay-scroll", VerticalScroll)
        await until(pilot, lambda: scroll.max_scroll_y > 0)
        await until(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y)
        for shown_now in (6, 5, 4, 3, 2, 1, 1):
            await pilot.press("left")
            await pilot.pause()
            assert widget_texts(screen, "#replay") == [_replayed(parts, shown_now)]
        assert widget_texts(screen, "#replay")[0].endswith(
            "Eddie posts the big blind 100\n(→ for the pre-flop)"
        )
        await _answer(pilot, answers, "escape")
        assert answers == [None]

    on_screen(tmp_path, _replay, play)


def test_each_step_of_a_replay_is_at_its_end_as_soon_as_it_scrolls(tmp_path: Path) -> None:
    """The position is read by a callback queued right after the step's, so it runs just
    after the scroll is made, before any frame of an animation (a glide would still be at
    the position before): no clock is read."""
    parts = replay_sections(StoredHand(4, 2, "", _phh(20)))

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert isinstance(screen, ReplayScreen)
        scroll = screen.query_one("#replay-scroll", VerticalScroll)
        seen: list[tuple[float, float]] = []
        for k in range(1, len(parts) - 1):
            screen.action_step(1)
            scroll.call_after_refresh(lambda: seen.append((scroll.scroll_y, scroll.max_scroll_y)))
            await until(pilot, lambda: len(seen) == k)  # noqa: B023 (read at once)
        assert screen.shown == len(parts) and len(seen) == len(parts) - 2
        assert [y for y, _ in seen] == [end for _, end in seen]
        assert seen[-1][1] > seen[0][1]  # the replay grew past the screen: it scrolled

    on_screen(tmp_path, _replay, play)


def test_a_replay_of_a_hand_with_no_flop(tmp_path: Path) -> None:
    parts = replay_sections(StoredHand(4, 2, "", _phh(3)))

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, "#replay") == [_replayed(parts, 2)]
        assert widget_texts(screen, "#replay")[0].endswith("\n(→ for the summary)")
        await pilot.press("right", "right")
        await pilot.pause()
        assert widget_texts(screen, "#replay") == [_replayed(parts, 3)]

    on_screen(tmp_path, lambda app: ReplayScreen(StoredHand(4, 2, "", _phh(3))), play)


def test_a_replayed_hand_is_exported_in_each_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("e")
        await until(pilot, lambda: len(_notes(pilot)) == 1)
        phh = tmp_path / "pokerroom-game-4-hand-2.phh"
        assert _notes(pilot) == [f"Wrote {phh}"]
        assert phh.read_text(encoding="utf-8") == _phh(20)
        await pilot.press("p")
        await until(pilot, lambda: len(_notes(pilot)) == 2)
        stars = tmp_path / "pokerroom-game-4-hand-2.txt"
        assert _notes(pilot)[1] == f"Wrote 1 hand to {stars}"
        hands = parse_pokerstars(stars.read_text(encoding="utf-8"))
        dealt = [line.name for h in hands for line in h.lines if line.verb == "dealt"]
        assert [(h.number, h.tournament) for h in hands] == [(20, 4)] and dealt == ["Eddie"]
        await pilot.press("o")
        await until(pilot, lambda: len(_notes(pilot)) == 3)
        ohh = tmp_path / "pokerroom-game-4-hand-2.ohh"
        assert _notes(pilot)[2] == f"Wrote 1 hand to {ohh}"
        assert len(parse_ohh(ohh.read_text(encoding="utf-8"))) == 1
        assert sorted(p.name for p in tmp_path.iterdir()) == [
            "pokerroom-game-4-hand-2.ohh", "pokerroom-game-4-hand-2.phh",
            "pokerroom-game-4-hand-2.txt", "pokerroom.db",
        ]  # fmt: skip

    on_screen(tmp_path, _replay, play)


# ---------------------------------------------------------------- where each is drawn

Drawn = list[tuple[str | None, tuple[int, ...]]]


def _drawn(screen: Screen[Any], inside: str) -> Drawn:
    """The box holding ``inside`` and each part of it, where the terminal draws them
    (``None`` for a part without a name), then the box's border."""
    box = screen.query_one(inside).parent
    assert isinstance(box, Widget)
    parts = [(w.id, tuple(w.region)) for w in box.query("*")]
    return [("box", tuple(box.region)), *parts, (box.styles.border.top[0], ())]


# The dialogs' boxes are 70 columns wide in the middle of a 100-column terminal, in a
# thick border with two columns of padding; the summary spans the terminal's width at its
# foot in a round one; a page (the history, a replay) is the whole screen above the footer,
# two columns in from either side.  (Ids are named after the tests of their dialog.)
DRAWN: dict[str, tuple[Callable[[PokerApp], Screen[Any]], str, Drawn]] = {
    "leaving": (lambda app: LeaveDialog(can_save=True, quit_app=False), "#leave > .dialog-title", [
        ("box", (15, 8, 70, 12)),
        (None, (18, 9, 64, 3)),  # the title, a line above and below
        (None, (18, 12, 64, 2)),  # the note
        (None, (18, 15, 64, 3)),  # the buttons' row, a line above
        ("save", (18, 15, 18, 3)), ("leave", (37, 15, 22, 3)), ("stay", (60, 15, 16, 3)),
        ("thick", ()),
    ]),
    "question": (_delete, "#confirm > .dialog-title", [
        ("box", (15, 9, 70, 11)), (None, (18, 10, 64, 3)), (None, (18, 13, 64, 1)),
        (None, (18, 15, 64, 3)), ("yes", (18, 15, 16, 3)), ("no", (35, 15, 16, 3)),
        ("thick", ()),
    ]),
    "once_out": (lambda app: BustDialog("You finish 3rd of 4."), "#bust > .dialog-title", [
        ("box", (15, 9, 70, 11)), (None, (18, 10, 64, 3)), (None, (18, 13, 64, 1)),
        (None, (18, 15, 64, 3)), ("watch", (18, 15, 16, 3)), ("again", (35, 15, 16, 3)),
        ("menu", (52, 15, 16, 3)), ("thick", ()),
    ]),
    "save_dialog": (lambda app: SaveDialog("Hand 4", SAVED), "#save-error", [
        ("box", (15, 6, 70, 16)), (None, (18, 7, 64, 3)), (None, (18, 10, 64, 1)),
        ("slot", (18, 11, 64, 3)), (None, (18, 14, 64, 1)), ("save-error", (18, 15, 64, 1)),
        (None, (18, 17, 64, 3)), ("ok", (18, 17, 16, 3)), ("cancel", (35, 17, 16, 3)),
        ("thick", ()),
    ]),
    "message": (lambda app: MessageDialog("Cannot load", "It holds no game."), "#message-text", [
        ("box", (15, 9, 70, 11)), (None, (18, 10, 64, 3)), ("message-text", (18, 13, 64, 1)),
        (None, (18, 15, 64, 3)), ("ok", (18, 15, 16, 3)), ("thick", ()),
    ]),
    "summary": (_summary, "#summary", [
        ("box", (1, 22, 98, 6)), ("summary-title", (4, 23, 92, 1)),
        ("summary", (4, 24, 92, 1)),
        (None, (4, 26, 25, 1)),  # "Press any key to continue", a line above
        ("round", ()),
    ]),
    "keys_list": (lambda app: KeysDialog(app.screen), "#keys > .dialog-title", [
        ("box", (15, 7, 70, 16)), (None, (18, 8, 64, 3)),
        ("keys-list", (18, 11, 64, 8)), (None, (18, 11, 64, 8)),  # seven keys and a line
        (None, (18, 20, 22, 1)),  # "Press any key to close", a line above
        ("thick", ()),
    ]),
    "history": (_archive, "#history-lists", [
        ("box", (0, 0, 100, 29)), (None, (2, 0, 96, 3)),
        ("history-lists", (2, 3, 96, 25)),
        ("games", (2, 3, 48, 25)), ("hands", (50, 3, 48, 25)),  # half the width each
        ("history-note", (2, 28, 96, 1)),
        ("", ()),
    ]),
    "replay": (_replay, "#replay-scroll", [
        ("box", (0, 0, 100, 29)), (None, (2, 0, 96, 3)),
        ("replay-scroll", (2, 3, 96, 26)),
        ("replay", (2, 3, 96, 23)),  # the start, the pre-flop and the hint
        ("", ()),
    ]),
}  # fmt: skip


@pytest.mark.parametrize("name", list(DRAWN))
def test_each_dialog_and_page_is_drawn_in_its_place(tmp_path: Path, name: str) -> None:
    make, inside, drawn = DRAWN[name]

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert _drawn(screen, inside) == drawn

    on_screen(tmp_path, make, play)


def test_a_replay_exports_as_phh_unless_told_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert isinstance(screen, ReplayScreen)
        screen.action_export()
        await until(pilot, lambda: len(_notes(pilot)) == 1)
        phh = tmp_path / "pokerroom-game-4-hand-2.phh"
        assert _notes(pilot) == [f"Wrote {phh}"]
        assert phh.read_text(encoding="utf-8") == _phh(20)

    on_screen(tmp_path, _replay, play)


def test_the_history_exports_as_phh_unless_told_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert isinstance(screen, HistoryScreen)
        screen.action_export()
        await until(pilot, lambda: len(_notes(pilot)) == 1)
        whole = tmp_path / "pokerroom-game-2.phhs"
        assert _notes(pilot) == [f"Wrote 1 hand to {whole}"]
        assert list(loads_all(whole.read_text(encoding="utf-8")).values()) == [loads(_phh(7))]

    on_screen(tmp_path, _archive, play)


def test_a_replay_exports_utf_8_in_any_locale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert isinstance(screen, ReplayScreen)
        kept = locale.setlocale(locale.LC_CTYPE)
        locale.setlocale(locale.LC_CTYPE, "C")
        try:
            screen.action_export("phh")
        finally:
            locale.setlocale(locale.LC_CTYPE, kept)
        written = tmp_path / "pokerroom-game-4-hand-2.phh"
        assert written.read_text(encoding="utf-8") == _zoe()

    on_screen(tmp_path, lambda app: ReplayScreen(StoredHand(4, 2, "", _zoe()), "Eddie"), play)


def test_the_history_drops_the_keys_pressed_before_its_hands_took_them(tmp_path: Path) -> None:
    """Enter twice at once on a game: the first opens its hands, the second was pressed
    for the games' list and is dropped (no hand replayed)."""

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        hands = screen.query_one("#hands", OptionList)
        burst(pilot.app, ["enter", "enter"])
        await until(pilot, lambda: screen.focused is hands)
        for _ in range(3):
            await pilot.pause()
        assert _stack(pilot) == ["Screen", "MenuScreen", "HistoryScreen"]
        await pilot.press("enter")  # pressed now: replays the hand
        await until(pilot, lambda: screen_name(pilot) == "ReplayScreen")

    on_screen(tmp_path, _archive, play)


def test_a_key_pressed_before_a_game_was_chosen_and_handled_after_it_is_dropped(
    tmp_path: Path,
) -> None:
    """Enter pressed for the games' list (its event made, so stamped, before the game is
    chosen) that the app handles only once the hands' list has the focus: it was not
    meant for the hands and replays none; Enter pressed afterwards does."""

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        hands = screen.query_one("#hands", OptionList)
        late = key_event("enter")  # pressed now, on the games' list
        await pilot.press("enter")  # chooses the game: its hands take the keys
        await until(pilot, lambda: screen.focused is hands)
        pilot.app.post_message(late)  # ...and the earlier Enter is handled only now
        for _ in range(3):
            await pilot.pause()
        assert _stack(pilot) == ["Screen", "MenuScreen", "HistoryScreen"]
        await pilot.press("enter")  # pressed now: replays the hand
        await until(pilot, lambda: screen_name(pilot) == "ReplayScreen")

    on_screen(tmp_path, _archive, play)


def test_a_history_of_one_game_shows_its_hands(tmp_path: Path) -> None:
    def make(app: PokerApp) -> HistoryScreen:
        game = app.store.new_game(EDDIE)
        app.store.add_hand(game, 1, "Eddie wins 4,800", _phh(20))
        return HistoryScreen()

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert _options(screen, "#games") == [("1", f"{CLOCK}, 1 hand\n{EDDIE}")]
        assert _options(screen, "#hands") == [("1", "Hand 1: Eddie wins 4,800")]
        assert widget_texts(screen, "#history-note") == (
            ["Enter on a hand replays it street by street."])

    on_screen(tmp_path, make, play)


def test_a_keys_list_of_no_keys_shows_its_title_alone(tmp_path: Path) -> None:
    def make(app: PokerApp) -> KeysDialog:
        dialog = KeysDialog(app.screen)
        dialog.lines = []
        return dialog

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, "#keys Static") == [
            "Keys of this screen", "", "Press any key to close",
        ]  # fmt: skip

    on_screen(tmp_path, make, play)


def test_the_history_s_hero_is_the_whole_name_even_one_saying_against(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's title is "<your name> against <n> computer players: <rules>", and a name
    of up to 16 letters may itself say " against "."""
    monkeypatch.chdir(tmp_path)
    name = "Al against Bo"

    def make(app: PokerApp) -> HistoryScreen:
        game = app.store.new_game(f"{name} against 5 computer players: no limit")
        app.store.add_hand(game, 1, "Al wins", _phh(20).replace("'Eddie'", f"'{name}'"))
        return HistoryScreen()

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("p")
        await until(pilot, lambda: len(_notes(pilot)) == 1)
        hands = parse_pokerstars((tmp_path / "pokerroom-game-1.txt").read_text(encoding="utf-8"))
        assert [line.name for h in hands for line in h.lines if line.verb == "dealt"] == [name]
        await pilot.press("enter", "enter")
        await until(pilot, lambda: screen_name(pilot) == "ReplayScreen")
        replay = pilot.app.screen
        assert isinstance(replay, ReplayScreen) and replay.hero == name

    on_screen(tmp_path, make, play)


def test_the_history_s_hero_from_titles_of_every_shape() -> None:
    assert _hero("Hero against 2 computer players: no limit") == "Hero"
    assert _hero("Al against Bo against 1 computer player: no limit") == "Al against Bo"
    assert _hero("Ann against Bo against Cy") == "Ann"  # not the game's words: the first
    assert _hero("a test game") == "a test game"


# ------------------------------------------------------- the hero kept with the game's history


def _named(name: str, number: int = 20) -> str:
    """Pluribus hand ``number`` with Eddie renamed ``name`` (a TOML string of any text)."""
    phh = _phh(number)
    assert "'Eddie'" in phh
    return phh.replace("'Eddie'", json.dumps(name))


def _ohh_hero(text: str) -> list[str]:
    """The hero's name of every hand of an OHH file."""
    heroes = []
    for hand in parse_ohh(text):
        assert isinstance(hand, dict)
        head = hand["ohh"]
        heroes += [p["name"] for p in head["players"] if p["id"] == head["hero_player_id"]]
    return heroes


def test_the_history_s_hero_is_the_one_kept_with_the_game_not_read_from_its_title(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name that holds a line break (a save's setup may carry any name) is not read back
    from the title ("Al" would be): the hero kept with the game is exported and replayed,
    after the history was written by one store and read by another (save, load)."""
    monkeypatch.chdir(tmp_path)
    name = "Al against Bo\n2"
    title = f"{name} against 5 computer players: no limit"
    assert _hero(title) == "Al"  # what the title says
    saved = Store(tmp_path / SAVE_FILE, clock=lambda: CLOCK)
    saved.add_hand(saved.new_game(title, hero=name), 1, "Al wins 4,800", _named(name))
    expected = export_phh([_named(name)], "ohh", hero=name, tournament=Tournament(1)).text

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("o")
        await until(pilot, lambda: len(_notes(pilot)) == 1)
        whole = (tmp_path / "pokerroom-game-1.ohh").read_text(encoding="utf-8")
        assert whole == expected and _ohh_hero(whole) == [name]
        await pilot.press("enter", "enter")
        await until(pilot, lambda: screen_name(pilot) == "ReplayScreen")
        replay = pilot.app.screen
        assert isinstance(replay, ReplayScreen) and replay.hero == name
        await pilot.press("o")
        await until(pilot, lambda: len(_notes(pilot)) == 2)
        one = (tmp_path / "pokerroom-game-1-hand-1.ohh").read_text(encoding="utf-8")
        assert one == expected

    on_screen(tmp_path, lambda app: HistoryScreen(), play)


def test_a_history_file_of_before_heroes_reads_its_games_heroes_from_their_titles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file written before the hero was kept (schema 1, made here as it was): its game's
    hero is read from the title; a game kept since in the same file has its own."""
    monkeypatch.chdir(tmp_path)
    with closing(sqlite3.connect(tmp_path / SAVE_FILE)) as db, db:
        db.executescript(
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
            "INSERT INTO meta VALUES ('schema', '1');"
            "CREATE TABLE games (id INTEGER PRIMARY KEY, started_at TEXT NOT NULL,"
            " title TEXT NOT NULL);"
            "CREATE TABLE hands (game INTEGER NOT NULL REFERENCES games(id),"
            " number INTEGER NOT NULL, summary TEXT NOT NULL, phh TEXT NOT NULL,"
            " PRIMARY KEY (game, number));"
        )
        db.execute("INSERT INTO games VALUES (1, '2025-12-31 09:00', ?)", (EDDIE,))
        db.execute("INSERT INTO hands VALUES (1, 1, 'Eddie wins 4,800', ?)", (_phh(20),))
    name = "Ed: 2 against 1"
    later = Store(tmp_path / SAVE_FILE, clock=lambda: CLOCK)
    game = later.new_game(f"{name} against 5 computer players: no limit", hero=name)
    later.add_hand(game, 1, "Ed wins 4,800", _named(name))

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("o")  # the game kept since, highlighted first
        await until(pilot, lambda: len(_notes(pilot)) == 1)
        assert _ohh_hero((tmp_path / "pokerroom-game-2.ohh").read_text(encoding="utf-8")) == [
            name]  # fmt: skip
        await pilot.press("down", "o")  # the game of the old file
        await until(pilot, lambda: len(_notes(pilot)) == 2)
        assert _ohh_hero((tmp_path / "pokerroom-game-1.ohh").read_text(encoding="utf-8")) == [
            "Eddie"]  # fmt: skip

    on_screen(tmp_path, lambda app: HistoryScreen(), play)
