"""The terminal game's small screens, exactly: what a player reads and what a key gives
(the survivors of the mutation part ``tuiscreens``)."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import (
    Button,
    Input,
    Markdown,
    OptionList,
    RadioButton,
    RadioSet,
    Static,
    Switch,
)

from pokerroom.savefile import DamagedStoreError, SaveError
from pokerroom.tui.app import PokerApp
from pokerroom.tui.base import Menu
from pokerroom.tui.game import YOU, Game
from pokerroom.tui.prefs import Prefs
from pokerroom.tui.screens.damaged import DamagedSavesDialog
from pokerroom.tui.screens.gameover import GameOverScreen
from pokerroom.tui.screens.howto import HOW_TO_PLAY, HowToScreen
from pokerroom.tui.screens.loadgame import LoadScreen
from pokerroom.tui.screens.menu import TITLE, banner, read_banner
from pokerroom.tui.screens.seating import AmountDialog, bounded, top_up_range
from pokerroom.tui.screens.settings import SettingsScreen
from pokerroom.tui.screens.table import TableScreen
from tui_helpers import (
    CLOCK,
    SCREEN_SIZE,
    make_app,
    make_game,
    on_screen,
    play_out,
    screen_name,
    screen_text,
    until,
    widget_texts,
)


def test_the_top_up_range_from_a_stack_and_the_buy_ins() -> None:
    assert top_up_range(150, 100, 400) == (1, 250)
    assert top_up_range(0, 100, 400) == (100, 400)
    assert top_up_range(400, 100, 400) == (1, 0)


def test_an_amount_in_bounds_is_read_and_one_outside_is_refused_with_the_bounds() -> None:
    assert bounded(" 1,200 ", 100, 2000, "A buy-in") == 1200
    assert bounded("100", 100, 2000, "A buy-in") == 100
    assert bounded("2000", 100, 2000, "A buy-in") == 2000
    with pytest.raises(ValueError) as caught:
        bounded("  5k and more letters here  ", 100, 2000, "A buy-in")
    assert str(caught.value) == (
        "A buy-in of '5k and more letters ' is not a whole number "
        "of chips: type one from 100 to 2,000"
    )
    with pytest.raises(ValueError) as caught:
        bounded("99", 100, 2000, "A top-up")
    assert str(caught.value) == "A top-up of 99 is out of bounds: from 100 to 2,000 chips"
    with pytest.raises(ValueError) as caught:
        bounded("2001", 100, 2000, "A top-up")
    assert str(caught.value) == "A top-up of 2,001 is out of bounds: from 100 to 2,000 chips"




# ---------------------------------------------------------------- how to play


def test_how_to_play_shows_the_rules_scrolls_with_the_arrows_and_escape_goes_back(
    tmp_path: Path,
) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        page = screen.query_one("#howto", VerticalScroll)
        assert screen.query_one(Markdown).source == HOW_TO_PLAY
        assert page.scroll_y == 0
        await pilot.press("down")
        await until(pilot, lambda: page.scroll_y > 0)
        await pilot.press("up")
        await until(pilot, lambda: page.scroll_y == 0)
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(pilot) == "MenuScreen")
        assert answers == [None]

    on_screen(tmp_path, lambda app: HowToScreen(), play)


def test_how_to_play_scrolls_by_the_screen_s_own_keys_with_nothing_focused(
    tmp_path: Path,
) -> None:
    """The page's keys when the scrolling part has not the focus (it takes the arrows
    itself when it has)."""

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        page = screen.query_one("#howto", VerticalScroll)
        screen.set_focus(None)
        await pilot.pause()
        assert screen.focused is None
        await pilot.press("down")
        await until(pilot, lambda: page.scroll_y > 0)
        assert screen.focused is None
        await pilot.press("up")
        await until(pilot, lambda: page.scroll_y == 0)

    on_screen(tmp_path, lambda app: HowToScreen(), play)


# ---------------------------------------------------------------- a damaged save file

DAMAGED = DamagedStoreError("the save file is damaged: not a database",
                            Path("saves") / "pokerroom.db")  # fmt: skip


def test_a_damaged_save_file_is_explained_word_for_word(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, ".dialog-title") == ["The save file is damaged"]
        assert widget_texts(screen, "#damaged-text") == [
            "the save file is damaged: not a database\n\nUntil it is moved aside no game can "
            "be saved or loaded and no hand is kept. Move it aside? It is kept, renamed "
            "pokerroom.db.damaged-<the time>, beside it in saves, and a fresh save file is "
            "started. Your settings are in another file: they stay as they are."
        ]
        buttons = [(b.id, str(b.label), b.variant) for b in screen.query(Button)]
        assert buttons == [("move", "Move it aside, start afresh", "primary"),
                           ("keep", "Leave it", "default")]  # fmt: skip
        assert screen.focused is not None and screen.focused.id == "move"
        await pilot.press("enter")
        await until(pilot, lambda: answers != [])
        assert answers == [True]

    on_screen(tmp_path, lambda app: DamagedSavesDialog(DAMAGED), play)


@pytest.mark.parametrize(("keys", "answer"), [
    (("right", "enter"), False), (("right", "left", "enter"), True), (("escape",), False),
])  # fmt: skip
def test_a_damaged_save_file_is_left_or_moved_by_the_key_chosen(
    tmp_path: Path, keys: tuple[str, ...], answer: bool
) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press(*keys)
        await until(pilot, lambda: answers != [])
        assert answers == [answer]
        assert screen_name(pilot) == "MenuScreen"

    on_screen(tmp_path, lambda app: DamagedSavesDialog(DAMAGED), play)


# ---------------------------------------------------------------- an amount of chips


def test_an_amount_dialog_shows_its_bounds_refuses_outside_them_and_gives_the_amount(
    tmp_path: Path,
) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, ".dialog Static")[:2] == ["Top up", "Chips, from 1 to 1,400:"]
        field = screen.query_one("#amount-chips", Input)
        assert field.value == "40" and field.max_length == 16
        buttons = [(b.id, str(b.label), b.variant) for b in screen.query(Button)]
        assert buttons == [("ok", "OK (Enter)", "primary"), ("cancel", "Cancel (Esc)", "default")]
        assert widget_texts(screen, "#amount-error") == [""]
        field.value = "1401"
        await pilot.press("enter")
        await pilot.pause()
        assert widget_texts(screen, "#amount-error") == [
            "A top-up of 1,401 is out of bounds: from 1 to 1,400 chips"
        ]
        error = screen.query_one("#amount-error", Static).render()
        assert [str(span.style) for span in getattr(error, "spans", [])] == ["bold red"]
        assert answers == [] and app_screen(pilot) is screen
        field.value = "1,400"
        await pilot.press("enter")
        await until(pilot, lambda: answers != [])
        assert answers == ["1400"]

    on_screen(tmp_path, lambda app: AmountDialog("Top up", "A top-up", 1, 1400, 40), play)


@pytest.mark.parametrize(("typed", "button", "answers", "error"), [
    ("1,400", 0, ["1400"], ""),
    ("1401", 0, [], "A top-up of 1,401 is out of bounds: from 1 to 1,400 chips"),
    ("1,400", 1, [None], ""),
])  # fmt: skip
def test_an_amount_dialog_s_buttons_clicked_give_the_amount_or_nothing(
    tmp_path: Path, typed: str, button: int, answers: list[object], error: str
) -> None:
    """The first button (OK) as Enter: the amount, or the refusal with the dialog open;
    the second (Cancel) as Esc: nothing."""

    async def play(pilot: Pilot[None], screen: Screen[Any], given: list[object]) -> None:
        screen.query_one("#amount-chips", Input).value = typed
        await pilot.click(list(screen.query(Button))[button])
        await until(pilot, lambda: given != [] or widget_texts(screen, "#amount-error") != [""])
        await pilot.pause()
        assert given == answers
        if not answers:
            assert widget_texts(screen, "#amount-error") == [error]
            assert app_screen(pilot) is screen

    on_screen(tmp_path, lambda app: AmountDialog("Top up", "A top-up", 1, 1400, 40), play)


def app_screen(pilot: Pilot[None]) -> Screen[Any]:
    return pilot.app.screen


# ---------------------------------------------------------------- settings


def _settings(app: PokerApp) -> SettingsScreen:
    app.prefs.speed = "normal"
    app.prefs.hints = False
    app.prefs.confirm_all_in = True
    app.prefs.bell = False
    return SettingsScreen()


def test_settings_show_every_choice_as_it_is_now(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, "#settings-page .page-title") == ["Settings"]
        assert widget_texts(screen, "#settings-page Label") == [
            "How fast the computer players act (↑↓, then Enter)",
            "Tab to a switch, then Enter",
            "Hints: your hand's name, your equity, draws and outs, the nuts",
            "Ask before going all-in from one key (a, or the All-in button)",
            "Ring the terminal's bell when it is your turn",
        ]
        radios = [(str(b.label), b.name, b.value) for b in screen.query(RadioButton)]
        assert radios == [
            ("instant (no pause)", "instant", False),
            ("fast", "fast", False),
            ("normal", "normal", True),
            ("slow (easy to follow)", "slow", False),
        ]
        switches = [(w.id, w.value) for w in screen.query(Switch)]
        assert switches == [("hints", False), ("confirm-all-in", True), ("bell", False)]
        assert widget_texts(screen, "#where") == [f"Saves and settings are kept in {tmp_path}"]
        assert isinstance(screen.focused, RadioSet)

    on_screen(tmp_path, _settings, play)


def test_settings_change_at_once_and_are_kept(tmp_path: Path) -> None:
    kept = tmp_path / "settings.toml"

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("up", "enter")  # from normal, one up: fast
        await until(pilot, lambda: Prefs.load(kept).speed == "fast")
        assert pilot.app.prefs.speed == "fast"  # type: ignore[attr-defined]
        await pilot.press("down", "down", "down", "enter")  # stops at the last: slow
        await until(pilot, lambda: Prefs.load(kept).speed == "slow")
        await pilot.press("tab", "enter")  # hints on
        await until(pilot, lambda: Prefs.load(kept).hints)
        await pilot.press("tab", "space")  # no question before an all-in
        await until(pilot, lambda: not Prefs.load(kept).confirm_all_in)
        prefs = Prefs.load(kept)
        assert (prefs.speed, prefs.hints, prefs.confirm_all_in, prefs.bell) == (
            "slow",
            True,
            False,
            False,
        )
        await pilot.press("escape")
        await until(pilot, lambda: answers == [None])

    on_screen(tmp_path, _settings, play)


# ---------------------------------------------------------------- the dialogs' boxes


def _drawn(screen: Screen[Any], inside: str) -> list[tuple[str | None, tuple[int, ...]]]:
    """The box holding ``inside`` and each part of it, where the terminal draws them
    (``None`` for a part without a name), then the box's border."""
    box = screen.query_one(inside).parent
    assert isinstance(box, Widget)
    parts = [(w.id, tuple(w.region)) for w in box.query("*")]
    return [("box", tuple(box.region)), *parts, (box.styles.border.top[0], ())]


def test_a_damaged_save_file_s_dialog_is_drawn_as_a_box_of_its_own(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert _drawn(screen, "#damaged-text") == [
            ("box", (15, 6, 70, 17)),
            (None, (18, 7, 64, 3)),  # the title, a line above and below
            ("damaged-text", (18, 10, 64, 7)),
            (None, (18, 18, 64, 3)),  # the buttons' row
            ("move", (18, 18, 29, 3)),
            ("keep", (48, 18, 16, 3)),
            ("thick", ()),
        ]

    on_screen(tmp_path, lambda app: DamagedSavesDialog(DAMAGED), play)


def test_an_amount_dialog_is_drawn_as_a_box_of_its_own(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert _drawn(screen, "#amount-error") == [
            ("box", (15, 7, 70, 15)),
            (None, (18, 8, 64, 3)),  # the title
            (None, (18, 11, 64, 1)),  # the bounds
            ("amount-chips", (18, 12, 64, 3)),
            ("amount-error", (18, 15, 64, 1)),
            (None, (18, 17, 64, 3)),
            ("ok", (18, 17, 16, 3)),
            ("cancel", (35, 17, 16, 3)),
            ("thick", ()),
        ]

    on_screen(tmp_path, lambda app: AmountDialog("Top up", "A top-up", 1, 1400, 40), play)


def test_the_speeds_stop_at_the_first(tmp_path: Path) -> None:
    kept = tmp_path / "settings.toml"

    def fast(app: PokerApp) -> SettingsScreen:
        app.prefs.speed = "fast"
        return SettingsScreen()

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("up", "up", "left", "enter")  # from fast: instant, then no further
        await until(pilot, lambda: Prefs.load(kept).speed == "instant")
        await pilot.press("right", "enter")
        await until(pilot, lambda: Prefs.load(kept).speed == "fast")

    on_screen(tmp_path, fast, play)


def test_the_settings_page_is_drawn_two_columns_in_from_either_side(tmp_path: Path) -> None:
    """The page's class gives it its margins: its title, lists and switches start two
    columns in, and stop two columns before the right edge."""

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        page = screen.query_one("#settings-page", Widget)
        assert tuple(page.region) == (0, 0, 100, 29)  # the whole screen above the footer
        # where the settings are kept: as many lines as the folder's name takes (a test's
        # temporary folder may take two), so its height is not compared
        assert [(type(w).__name__, tuple(w.region)[:3 if w.id == "where" else 4])
                for w in page.children] == [
            ("Static", (2, 0, 96, 3)),  # the title, a line above and below
            ("Label", (2, 3, 50, 1)),
            ("SpeedChoice", (2, 4, 96, 6)),  # four speeds in a border
            ("Label", (2, 10, 27, 2)),
            ("Horizontal", (2, 13, 96, 1)),  # the three switches, a line between
            ("Horizontal", (2, 15, 96, 1)),
            ("Horizontal", (2, 17, 96, 1)),
            ("Static", (2, 19, 96)),
        ]  # fmt: skip

    on_screen(tmp_path, _settings, play)


# ---------------------------------------------------------------- loading a game


def _stack(pilot: Pilot[None]) -> list[str]:
    return [type(s).__name__ for s in pilot.app.screen_stack]


def _saves(screen: Screen[Any]) -> list[tuple[str | None, str, list[str]]]:
    """Each save's line: its id, its text and the styles of its parts."""
    menu = screen.query_one("#saves", OptionList)
    found = []
    for option in menu.options:
        prompt = option.prompt
        assert isinstance(prompt, Text)
        found.append((option.id, prompt.plain, [str(s.style) for s in prompt.spans]))
    return found


def test_loading_with_no_saves_says_how_to_make_one(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert widget_texts(screen, ".page-title") == ["Load a saved game"]
        assert _saves(screen) == []
        assert widget_texts(screen, "#load-note") == [
            "No saves yet. Press s on your turn at the table to save a game."
        ]
        await pilot.press("delete")  # nothing to delete: no question
        await pilot.pause()
        assert _stack(pilot) == ["Screen", "MenuScreen", "LoadScreen"]
        await pilot.press("escape")
        await until(pilot, lambda: answers == [None])

    on_screen(tmp_path, lambda app: LoadScreen(), play)


def _two_saves(app: PokerApp) -> LoadScreen:
    app.store.save("first", {}, summary="hand 1")
    app.store.save("second", {}, summary="hand 2")
    return LoadScreen()


SECOND = ("second", f"{'second':<24} {CLOCK:<17} hand 2", ["bold"])
FIRST = ("first", f"{'first':<24} {CLOCK:<17} hand 1", ["bold"])


def test_loading_lists_the_saves_newest_first_and_enter_loads_the_highlighted(
    tmp_path: Path,
) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert _saves(screen) == [SECOND, FIRST]
        menu = screen.query_one("#saves", OptionList)
        assert menu.highlighted == 0 and screen.focused is menu
        assert widget_texts(screen, "#load-note") == ["Enter loads the highlighted save."]
        await pilot.press("enter")  # "second" holds no game: refused, saying why
        await until(pilot, lambda: _stack(pilot)[-1] == "MessageDialog")
        assert _stack(pilot) == ["Screen", "MenuScreen", "MessageDialog"]
        assert "'second': it holds no game" in widget_texts(pilot.app.screen, "Static")

    on_screen(tmp_path, _two_saves, play)


def test_deleting_a_save_asks_first_and_the_list_is_read_again(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        app = pilot.app
        assert isinstance(app, PokerApp)
        await pilot.press("delete")
        await until(pilot, lambda: _stack(pilot)[-1] == "ConfirmDialog")
        question = app.screen
        assert widget_texts(question, "#confirm Static")[:2] == [
            "Delete this save?",
            "'second' will be gone for good.",
        ]
        assert [str(b.label) for b in question.query(Button)] == ["Delete 'second'", "Cancel"]
        assert question.focused is not None and question.focused.id == "no"
        app.store.save("third", {}, summary="hand 3")  # written meanwhile: shown on return
        await pilot.press("enter")  # Cancel
        await until(pilot, lambda: app.screen is screen)
        third = ("third", f"{'third':<24} {CLOCK:<17} hand 3", ["bold"])
        await until(pilot, lambda: _saves(screen) == [third, SECOND, FIRST])
        await pilot.press("down", "delete")
        await until(pilot, lambda: _stack(pilot)[-1] == "ConfirmDialog")
        await pilot.press("y")
        await until(pilot, lambda: _saves(screen) == [third, FIRST])
        assert [s.slot for s in app.store.slots()] == ["third", "first"]
        assert screen.query_one("#saves", OptionList).highlighted == 0
        await pilot.press("delete", "y")
        await until(pilot, lambda: _saves(screen) == [FIRST])
        await pilot.press("delete", "y")
        await until(pilot, lambda: _saves(screen) == [])
        assert app.store.slots() == []
        assert widget_texts(screen, "#load-note") == [
            "No saves yet. Press s on your turn at the table to save a game."
        ]

    on_screen(tmp_path, _two_saves, play)


def test_deleting_a_save_that_cannot_be_deleted_says_why_and_reads_the_list_again(
    tmp_path: Path,
) -> None:
    """The store refuses: an error notice saying why, and the list as the store has it."""

    def refusing(app: PokerApp) -> LoadScreen:
        screen = _two_saves(app)

        def delete(slot: str) -> None:
            app.store.save("third", {}, summary="hand 3")  # the list has changed meanwhile
            raise SaveError(f"the save {slot!r} cannot be deleted: locked")

        app.store.delete = delete  # type: ignore[method-assign]
        return screen

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        app = pilot.app
        await pilot.press("delete")
        await until(pilot, lambda: _stack(pilot)[-1] == "ConfirmDialog")
        await pilot.press("y")
        await until(pilot, lambda: app.screen is screen and len(_saves(screen)) == 3)
        third = ("third", f"{'third':<24} {CLOCK:<17} hand 3", ["bold"])
        assert _saves(screen) == [third, SECOND, FIRST]
        told = [(n.message, n.severity) for n in app._notifications]
        assert told == [("the save 'second' cannot be deleted: locked", "error")]

    on_screen(tmp_path, refusing, play)


def _unreadable(error: SaveError) -> Callable[[PokerApp], LoadScreen]:
    def make(app: PokerApp) -> LoadScreen:
        def slots() -> list[object]:
            raise error

        app.store.slots = slots  # type: ignore[method-assign,assignment]
        return LoadScreen()

    return make


def test_loading_saves_that_cannot_be_listed_says_why_in_bold_red(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        assert _saves(screen) == []
        assert widget_texts(screen, "#load-note") == ["the saves cannot be read: locked"]
        note = screen.query_one("#load-note", Static).render()
        assert [str(span.style) for span in getattr(note, "spans", [])] == ["bold red"]
        assert _stack(pilot) == ["Screen", "MenuScreen", "LoadScreen"]

    on_screen(tmp_path, _unreadable(SaveError("the saves cannot be read: locked")), play)


def test_loading_from_a_damaged_save_file_offers_to_move_it_aside(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=SCREEN_SIZE) as pilot:
            await until(pilot, lambda: screen_name(pilot) == "MenuScreen")
            screen = _unreadable(DAMAGED)(app)
            app.push_screen(screen)
            await until(pilot, lambda: _stack(pilot)[-1] == "DamagedSavesDialog")
            assert _stack(pilot) == ["Screen", "MenuScreen", "LoadScreen", "DamagedSavesDialog"]
            assert widget_texts(screen, "#load-note") == [str(DAMAGED)]

    asyncio.run(scenario())


def test_loading_s_page_is_drawn_two_columns_in_from_either_side(tmp_path: Path) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        page = screen.query_one("#saves", Widget).parent
        assert isinstance(page, Widget)
        drawn = [(w.id, tuple(w.region)) for w in page.children]
        assert drawn == [
            (None, (2, 0, 96, 3)),  # the title, a line above and below
            ("saves", (2, 3, 96, 4)),  # two saves in a border
            ("load-note", (2, 7, 96, 1)),
        ]

    on_screen(tmp_path, _two_saves, play)


# ---------------------------------------------------------------- the end of a freeze-out


def _played(stacks: list[int], seed: int, *, to_your_exit: bool = False) -> Game:
    """A freeze-out of calling stations from ``stacks`` (you play as one too), played to
    its end, or only to the hand you go out in."""
    game = make_game(("calling-station",) * (len(stacks) - 1), stacks=stacks, seed=seed)
    table = game.table
    while not table.is_over and not (to_your_exit and table.stacks[YOU] == 0):
        table.start_hand()
        play_out(game)
        game.hand_over()
    return game


def _lines(app: PokerApp) -> list[tuple[int, str]]:
    """The screen's lines with something on them: each one's row, and its text without
    the spaces after it."""
    shown = screen_text(app).split("\n")
    return [(row, line.rstrip()) for row, line in enumerate(shown) if line.strip()]


def _reversed_rows(app: PokerApp) -> list[int]:
    """The rows where some text is drawn reversed (your line of the standings)."""
    strips = app.screen._compositor.render_strips()
    return [row for row, strip in enumerate(strips)
            if any(seg.text.strip() and seg.style is not None and seg.style.reverse
                   for seg in strip)]  # fmt: skip


FOOTER = (29, "⏎ Main menu n Play again ? Keys ^q Quit")
HERO_OUT = "  Hero  " + "▁" * 55 + "  out"
ADA_IN = "  Ada   ▅▅▄▄▄▄▄▄▄▄▄▅▅▅▅▅▅▅▆▆▅▅▅▅▅▅▅▅▅▆▆▆▆▅▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆▆  382"
BO_IN = "  Bo    ██████████████▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▇▆▇▇▇▆▇▇▇▇▇▇▇▇▇▇  478"

GAME_ENDS: dict[str, tuple[Callable[[], Game], list[tuple[int, str]], list[int]]] = {
    # heads-up from 2 chips each: one hand, which you win
    "you won": (lambda: _played([2, 2], 2), [
        (1, "  You won the freeze-out!"),
        (3, "    1. Hero             4 chips"),
        (4, "    2. Ada              out in hand 1"),
        (7, "  Chips, hand by hand (1 hand played)"),
        (8, "  Hero  ▄█    4"),
        (9, "  Ada   ▄  out"),
        FOOTER,
    ], [3]),
    "another won": (lambda: _played([6, 10, 14], 5), [
        (1, "  Ada won the freeze-out."),
        (3, "    1. Ada              30 chips"),
        (4, "    2. Bo               out in hand 7"),
        (5, "    3. Hero             out in hand 2"),
        (8, "  Chips, hand by hand (7 hands played)"),
        (9, "  Hero  ▂▁       out"),
        (10, "  Ada   ▃▅▆▇▇▆▇█   30"),
        (11, "  Bo    ▄▃▂▁▁▂▁  out"),
        FOOTER,
    ], [5]),
    # you go out first, in hand 81: the two still in, the most chips first (Bo, seat 2);
    # 82 rows of chips drawn in 56 columns
    "you are out": (lambda: _played([60, 300, 500], 2, to_your_exit=True), [
        (1, "  You are out, in place 3."),
        (3, "    · Bo               still in with 478"),
        (4, "    · Ada              still in with 382"),
        (5, "    3. Hero             out in hand 81"),
        (8, "  Chips, hand by hand (81 hands played)"),
        (9, HERO_OUT),
        (10, ADA_IN),
        (11, BO_IN),
        FOOTER,
    ], [5]),
    # no one placed yet (a game that has not begun): everyone still in, in seat order
    "no one placed": (lambda: make_game(("calling-station",) * 2), [
        (1, "  The game is over."),
        (3, "    · Hero             still in with 1,000"),
        (4, "    · Ada              still in with 1,000"),
        (5, "    · Bo               still in with 1,000"),
        (8, "  Chips, hand by hand (0 hands played)"),
        (9, "  Hero  █ 1,000"),
        (10, "  Ada   █ 1,000"),
        (11, "  Bo    █ 1,000"),
        FOOTER,
    ], []),
}


@pytest.mark.parametrize("end", list(GAME_ENDS))
def test_the_end_of_a_freeze_out_is_shown_word_for_word_where_it_is_drawn(
    tmp_path: Path, end: str
) -> None:
    """The standings (your line reversed), the chips hand by hand, the keys: line by
    line, column by column."""
    make, lines, reverse = GAME_ENDS[end]

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        app = pilot.app
        assert isinstance(app, PokerApp)
        assert _lines(app) == lines
        assert _reversed_rows(app) == reverse
        assert screen.focused is None

    on_screen(tmp_path, lambda app: GameOverScreen(make()), play)


@pytest.mark.parametrize("key", ["enter", "escape"])
def test_the_end_of_a_freeze_out_goes_back_to_the_menu(tmp_path: Path, key: str) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press(key)
        await until(pilot, lambda: answers == [None])
        assert _stack(pilot) == ["Screen", "MenuScreen"]

    on_screen(tmp_path, lambda app: GameOverScreen(_played([2, 2], 2)), play)


def test_the_end_of_a_freeze_out_plays_again_with_the_same_settings(tmp_path: Path) -> None:
    """``n``: a new game of the same players and rules in the standings' place, with new
    cards (no seed given: a fresh one)."""
    ended = _played([6, 10, 14], 5)

    async def play(pilot: Pilot[None], screen: Screen[Any], answers: list[object]) -> None:
        await pilot.press("n")
        await until(pilot, lambda: _stack(pilot)[-1] == "TableScreen")
        assert _stack(pilot) == ["Screen", "MenuScreen", "TableScreen"]
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        assert table.game is not ended
        assert table.game.setup == dataclasses.replace(ended.setup, seed=None)
        assert table.game.names == ("Hero", "Ada", "Bo")
        assert answers == []

    on_screen(tmp_path, lambda app: GameOverScreen(ended), play)


# ---------------------------------------------------------------- the main menu

LOGO = [
    " ___    ___    _  __  ___   ___   ___    ___     ___    __  __ ",
    "| _ \\  / _ \\  | |/ / | __| | _ \\ | _ \\  / _ \\   / _ \\  |  \\/  |",
    "|  _/ | (_) | | ' <  | _|  |   / |   / | (_) | | (_) | | |\\/| |",
    "|_|    \\___/  |_|\\_\\ |___| |_|_\\ |_|_\\  \\___/   \\___/  |_|  |_|",
]


def test_the_banner_spells_the_game_s_name_in_big_letters_and_is_read_back() -> None:
    assert TITLE.split("\n") == ["", *LOGO, ""]
    assert read_banner(TITLE) == "POKERROOM"
    # the rows of unequal lengths (the spaces after them dropped), blank columns after
    # the last letter: the same word
    assert read_banner("\n".join(row.rstrip() for row in LOGO)) == "POKERROOM"
    assert read_banner("\n".join(row + "   " for row in LOGO)) == "POKERROOM"
    # no glyph fits: the word so far and "?"
    assert read_banner("X") == "?"
    spoilt = [row + " ####" for row in banner("PO").strip("\n").split("\n")]
    assert read_banner("\n".join(spoilt)) == "PO?"


def _menu_app(
    tmp_path: Path,
    before: Callable[[PokerApp], object],
    play: Callable[[Pilot[None], Screen[Any]], Awaitable[None]],
) -> None:
    """The app on its main menu (``before`` called on it first), then ``play`` run."""

    async def scenario() -> None:
        app = make_app(tmp_path)
        before(app)
        async with app.run_test(size=SCREEN_SIZE) as pilot:
            await until(pilot, lambda: screen_name(pilot) == "MenuScreen")
            await pilot.pause()
            await play(pilot, pilot.app.screen)

    asyncio.run(scenario())


def _items(screen: Screen[Any]) -> list[tuple[str | None, str, bool]]:
    """Each item of the menu: its id, its words and whether it is disabled."""
    return [(o.id, str(o.prompt), o.disabled) for o in screen.query_one(Menu).options]


def _menu_lines(continue_item: str) -> list[tuple[int, str]]:
    items = ["New game", continue_item, "Load game", "Hand history", "Settings",
             "How to play", "Quit"]  # fmt: skip
    box = " " * 33
    return [
        *((1 + k, " " * 18 + row.rstrip()) for k, row in enumerate(LOGO)),
        (6, box + "Texas hold'em against the computer"),
        (8, box + "▊" + "▔" * 32 + "▎"),
        *((9 + k, f"{box}▊ {item:<31}▎") for k, item in enumerate(items)),
        (16, box + "▊" + "▁" * 32 + "▎"),
        (29, "↑↓ Move ⏎ Choose ? Keys ^q Quit"),
    ]  # fmt: skip


ITEMS = [("new", "New game"), ("continue", "Continue"), ("load", "Load game"),
         ("history", "Hand history"), ("settings", "Settings"), ("howto", "How to play"),
         ("quit", "Quit")]  # fmt: skip


def test_the_main_menu_with_no_saves_word_for_word_where_it_is_drawn(tmp_path: Path) -> None:
    """The name in big letters, the line under it and the menu in a box, centred; no save
    to continue: Continue disabled."""

    async def play(pilot: Pilot[None], screen: Screen[Any]) -> None:
        app = pilot.app
        assert isinstance(app, PokerApp)
        assert _lines(app) == _menu_lines("Continue")
        assert _items(screen) == [(key, words, key == "continue") for key, words in ITEMS]
        menu = screen.query_one(Menu)
        assert screen.focused is menu and menu.highlighted == 0
        assert widget_texts(screen, "#menu-note") == [""]

    _menu_app(tmp_path, lambda app: None, play)


def test_the_main_menu_offers_to_continue_the_latest_save(tmp_path: Path) -> None:
    def two_saves(app: PokerApp) -> None:
        app.store.save("first", {}, summary="hand 1")
        app.store.save("second", {}, summary="hand 2")

    async def play(pilot: Pilot[None], screen: Screen[Any]) -> None:
        app = pilot.app
        assert isinstance(app, PokerApp)
        assert _lines(app) == _menu_lines("Continue (second)")
        continued = [(k, "Continue (second)" if k == "continue" else w, False) for k, w in ITEMS]
        assert _items(screen) == continued
        await pilot.press("down", "enter")  # "second" holds no game: refused, saying why
        await until(pilot, lambda: _stack(pilot)[-1] == "MessageDialog")
        assert _stack(pilot) == ["Screen", "MenuScreen", "MessageDialog"]
        assert widget_texts(app.screen, "#message-text") == ["'second': it holds no game"]

    _menu_app(tmp_path, two_saves, play)


def test_the_main_menu_when_the_saves_cannot_be_read(tmp_path: Path) -> None:
    """The latest save unknown: nothing to continue, the rest of the menu as ever."""

    def unreadable(app: PokerApp) -> None:
        def latest() -> object:
            raise SaveError("the saves cannot be read: locked")

        app.store.latest = latest  # type: ignore[method-assign,assignment]

    async def play(pilot: Pilot[None], screen: Screen[Any]) -> None:
        assert _items(screen) == [(key, words, key == "continue") for key, words in ITEMS]
        assert screen.focused is screen.query_one(Menu)

    _menu_app(tmp_path, unreadable, play)


@pytest.mark.parametrize(("downs", "opened"), [
    (0, "NewGameScreen"), (1, "LoadScreen"), (2, "HistoryScreen"), (3, "SettingsScreen"),
    (4, "HowToScreen"),
])  # fmt: skip
def test_each_item_of_the_main_menu_opens_its_screen_and_the_menu_is_read_again_on_return(
    tmp_path: Path, downs: int, opened: str
) -> None:
    """↓ skips the disabled Continue; on coming back the item chosen is still highlighted,
    and the menu is read again (a save written meanwhile can be continued)."""

    async def play(pilot: Pilot[None], screen: Screen[Any]) -> None:
        app = pilot.app
        assert isinstance(app, PokerApp)
        await pilot.press(*["down"] * downs, "enter")
        await until(pilot, lambda: _stack(pilot)[-1] == opened)
        assert _stack(pilot) == ["Screen", "MenuScreen", opened]
        app.store.save("meanwhile", {}, summary="hand 9")
        app.pop_screen()
        await until(pilot, lambda: app.screen is screen)
        await pilot.pause()
        menu = screen.query_one(Menu)
        assert menu.highlighted == (downs + 1 if downs else 0)
        assert screen.focused is menu
        assert _items(screen)[1] == ("continue", "Continue (meanwhile)", False)

    _menu_app(tmp_path, lambda app: None, play)


@pytest.mark.parametrize("keys", [("down",) * 5 + ("enter",), ("escape",)])
def test_the_main_menu_quits_from_quit_or_escape(tmp_path: Path, keys: tuple[str, ...]) -> None:
    async def play(pilot: Pilot[None], screen: Screen[Any]) -> None:
        await pilot.press(*keys)
        await until(pilot, lambda: not pilot.app.is_running)

    _menu_app(tmp_path, lambda app: None, play)
