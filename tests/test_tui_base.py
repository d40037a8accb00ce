"""What every screen shares (:mod:`pokerroom.tui.base`) and the form's fields
(:mod:`pokerroom.tui.widgets.fields`), each on a small app of its own: the too-small
note word for word and at its boundaries, the keys and clicks a screen drops, a
dismissal taken once, the focus kept while the controls are hidden, the menu's cursor
that stops at either end, the cycler's values, labels and messages, and the text field's
keys taken in the order they were typed."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Console
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual._time import get_time
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input
from textual.widgets.option_list import Option

from pokerroom.tui.app import PokerApp
from pokerroom.tui.base import MIN_HEIGHT, MIN_WIDTH, Gated, Menu, TooSmall, fresh_keys
from pokerroom.tui.widgets.fields import Cycler, TypedInput
from tui_helpers import BareRoom


class _Room(BareRoom):
    """A room app with nothing behind it; the game's own styles (the too-small note)."""

    CSS_PATH = str(Path(inspect.getfile(PokerApp)).with_name("app.tcss"))


class _Page(Gated[str]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("g", "go", "Go")]
    more = 0  # buttons below the first three controls

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.went = 0
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        yield Button("one", id="one")
        yield Button("two", id="two")
        yield TypedInput("12", id="field")
        for k in range(self.more):
            yield Button(f"more {k}", id=f"more-{k}")

    def action_go(self) -> None:
        self.went += 1

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.pressed.append(event.button.id or "")


def _run(size: tuple[int, int], body: Callable[[Any, _Room], Any]) -> None:
    async def run() -> None:
        app = _Room()
        async with app.run_test(size=size) as pilot:
            await body(pilot, app)

    asyncio.run(run())


def _note(screen: Screen[Any]) -> str:
    note = screen.query_one(TooSmall)
    rendered = note.render()
    assert isinstance(rendered, Content)
    return rendered.plain


def test_a_screen_made_by_name_keeps_its_name_id_and_classes_and_lists_its_keys() -> None:
    made: list[tuple[Any, ...]] = []

    def maker(*args: Any, **kwargs: Any) -> Screen[Any]:
        made.append((args, kwargs))
        return _Page(name="page", id="the-page", classes="a b")

    async def body(pilot: Any, app: _Room) -> None:
        app.SCREEN_MAKERS["page"] = maker
        page = app.make_screen("page", 1, 2, x=3)
        assert made == [((1, 2), {"x": 3})]
        assert isinstance(page, _Page)
        assert (page.name, page.id, page.classes) == ("page", "the-page", frozenset({"a", "b"}))
        await app.push_screen(page)
        await pilot.pause()
        assert page.poker is app
        keys = [(b.key, b.action, b.description, b.key_display, b.show)
                for _, b, _, _ in page.active_bindings.values()
                if b.key in ("g", "question_mark")]  # fmt: skip
        assert keys == [("g", "go", "Go", None, True),
                        ("question_mark", "app.keys", "Keys", "?", True)]  # fmt: skip
        assert page._focus_kept is None and not page.has_class("-too-small")
        assert _note(page) == ""  # (said only when too small)
        assert page.query_one(TooSmall).id == "too-small"

    _run((MIN_WIDTH, MIN_HEIGHT), body)


def test_the_keys_from_now_are_the_app_s_clock_now() -> None:
    async def body(pilot: Any, app: _Room) -> None:
        assert app.keys_from == 0.0
        before = get_time()
        app.keys_from_now()
        assert before <= app.keys_from <= get_time()
        app.keys_from = 0.0
        fresh_keys(app)
        assert before <= app.keys_from <= get_time()

    _run((MIN_WIDTH, MIN_HEIGHT), body)


def test_a_terminal_too_small_hides_the_controls_says_so_and_takes_only_quit() -> None:
    async def body(pilot: Any, app: _Room) -> None:
        page = _Page()
        await app.push_screen(page)
        await pilot.pause()
        page.query_one("#two", Button).focus()
        await pilot.pause()
        assert page.check_action("go", ()) and page.check_action("quit", ())
        await pilot.press("g")
        assert page.went == 1
        for size in ((MIN_WIDTH - 1, MIN_HEIGHT), (MIN_WIDTH, MIN_HEIGHT - 1), (70, 20)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert page.has_class("-too-small") and page.too_small, size
            w, h = size
            assert _note(page) == (
                f"The terminal is {w}×{h}: pokerroom needs at least 80×24.\n"
                "Make the window larger (nothing is lost meanwhile; ctrl+q quits)."
            )
            assert page.query_one(TooSmall).display and not page.query_one("#two").display
            assert page._focus_kept is page.query_one("#two", Button)
            assert page.check_action("quit", ()) is True
            assert page.check_action("go", ()) is False
            await pilot.press("g")
            await pilot.click("#too-small")
            assert page.went == 1 and page.pressed == []
            page.set_focus(page.query_one("#one", Button))  # (the screen moves it meanwhile)
            assert page._focus_kept is page.query_one("#one", Button)
            page.set_focus(page.query_one("#two", Button))
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        for _ in range(3):
            await pilot.pause()
        assert not page.has_class("-too-small") and not page.too_small
        assert page.focused is page.query_one("#two", Button) and page._focus_kept is None
        assert page.check_action("go", ()) is True
        await pilot.press("g", "enter")
        assert page.went == 2 and page.pressed == ["two"]

    _run((MIN_WIDTH, MIN_HEIGHT), body)


def test_the_focus_the_screen_gives_while_too_small_is_given_once_it_is_large_enough() -> None:
    async def body(pilot: Any, app: _Room) -> None:
        page = _Page()
        await app.push_screen(page)  # opened too small: nothing focused yet
        await pilot.pause()
        assert page.has_class("-too-small") and _note(page).startswith("The terminal is 79×24:")
        page.set_focus(page.query_one("#two", Button))
        assert page.focused is not page.query_one("#two", Button)
        assert page._focus_kept is page.query_one("#two", Button)
        await pilot.resize_terminal(100, 30)
        for _ in range(3):
            await pilot.pause()
        assert page.focused is page.query_one("#two", Button)
        page._focus_kept = page.query_one("#one", Button)
        await pilot.resize_terminal(70, 30)  # too small again: the focus kept anew
        await pilot.pause()
        assert page._focus_kept is page.query_one("#two", Button)
        page._focus_kept = None
        page._refocus()  # (still too small: nothing)
        assert page._focus_kept is None

    _run((MIN_WIDTH - 1, MIN_HEIGHT), body)


def test_a_screen_covered_by_another_takes_no_key_or_click_and_is_dismissed_once() -> None:
    async def body(pilot: Any, app: _Room) -> None:
        results: list[str | None] = []
        lower, upper = _Page(), _Page()
        await app.push_screen(lower, callback=results.append)
        await app.push_screen(upper)
        await pilot.pause()
        button = lower.query_one("#one", Button)
        lower.post_message(events.Key("g", "g"))
        button.post_message(Button.Pressed(button))
        await pilot.pause()
        assert lower.went == 0 and lower.pressed == []
        lower.post_message(Input.Submitted(Input(), "x"))  # (stopped, handled or not)
        await pilot.pause()
        await lower.dismiss("covered")  # (awaitable, as Textual's dismissal is)
        await pilot.pause()
        assert app.screen is upper and results == []
        upper.dismiss("up")
        await pilot.pause()
        assert app.screen is lower
        lower.dismiss("first")
        await lower.dismiss("second")
        await pilot.pause()
        assert results == ["first"]

    _run((MIN_WIDTH, MIN_HEIGHT), body)


class _MenuApp(_Room):
    def compose(self) -> ComposeResult:
        yield Menu(Option("a"), Option("b", disabled=True), Option("c"), Option("d"))


def test_the_menu_s_cursor_skips_what_is_off_and_stops_at_either_end() -> None:
    async def run() -> None:
        app = _MenuApp()
        async with app.run_test(size=(40, 10)) as pilot:
            menu = app.query_one(Menu)
            menu.focus()
            menu.highlighted = None
            await pilot.press("down")
            assert menu.highlighted == 0
            await pilot.press("down")
            assert menu.highlighted == 2  # b is off
            await pilot.press("down", "down", "down")
            assert menu.highlighted == 3  # no wrap to the top
            await pilot.press("up")
            assert menu.highlighted == 2
            await pilot.press("up", "up", "up")
            assert menu.highlighted == 0  # no wrap to the bottom
            menu.highlighted = None
            await pilot.press("up")
            assert menu.highlighted == 3
            menu.clear_options()
            menu.add_options([Option("x"), Option("y"), Option("z")])
            menu.highlighted = 0
            await pilot.press("down")
            assert menu.highlighted == 1  # one step, to the next
            await pilot.press("down", "up", "up")
            assert menu.highlighted == 0
            keys = [(b.key, b.action, b.description, b.key_display, b.show)
                    for b in Menu.BINDINGS if isinstance(b, Binding)]  # fmt: skip
            assert keys[:2] == [("up", "cursor_up", "Move", "↑↓", True),
                                ("down", "cursor_down", "Move", None, False)]  # fmt: skip

    asyncio.run(run())


class _FormApp(_Room):
    def __init__(self) -> None:
        super().__init__()
        self.changes: list[tuple[Cycler, str]] = []

    def compose(self) -> ComposeResult:
        yield Cycler(["1", "2", "3"], "2", labels=["one", "two", "three"], id="count")
        yield Cycler(["x", "y"], "z", id="plain")
        yield TypedInput("", id="name")

    def on_cycler_changed(self, event: Cycler.Changed) -> None:
        assert event.control is event.cycler
        self.changes.append((event.cycler, event.value))


class _NarrowCycler(_Room):
    CSS = "Cycler { width: 12; max-width: 12; }"

    def compose(self) -> ComposeResult:
        yield Cycler(["a"], labels=["a very long label indeed"])


def test_a_cycler_narrower_than_its_label_keeps_it_on_one_line_ending_in_an_ellipsis() -> None:
    async def run() -> None:
        app = _NarrowCycler()
        async with app.run_test(size=(40, 6)) as pilot:
            await pilot.pause()
            cycler = app.query_one(Cycler)
            lines = ["".join(s.text for s in strip)
                     for strip in cycler.render_lines(cycler.region.reset_offset)]  # fmt: skip
            assert cycler.size.width == 12 and lines == ["‹ a very lo…"]

    asyncio.run(run())


def _styled(text: Text) -> list[tuple[str, str]]:
    """The text as a terminal draws it: each run of one style, and the style."""
    runs: list[tuple[str, str]] = []
    drawn = [s for s in Console(width=200).render(text) if s.text != "\n"]
    for segment in Segment.simplify(drawn):
        runs.append((segment.text, str(segment.style or "")))
    return runs


def test_a_cycler_steps_through_its_values_and_says_each_change() -> None:
    async def run() -> None:
        app = _FormApp()
        async with app.run_test(size=(40, 10)) as pilot:
            count = app.query_one("#count", Cycler)
            plain = app.query_one("#plain", Cycler)
            assert (count.id, count.values, count.labels) == ("count", ["1", "2", "3"],
                                                              ["one", "two", "three"])  # fmt: skip
            assert (plain.values, plain.labels, plain.value, plain.index) == (
                ["x", "y"], ["x", "y"], "x", 0)  # an unknown value: the first  # fmt: skip
            assert count.value == "2" and count.index == 1
            shown = count.render()
            assert shown.plain == "‹ two ›"
            assert _styled(shown) == [("‹ two ›", "bold")]  # (the whole line: the first style)
            await pilot.pause()
            assert app.changes == []
            count.focus()
            await pilot.press("right")
            await pilot.pause()
            assert count.value == "3" and app.changes == [(count, "3")]
            await pilot.press("right")  # round to the first
            await pilot.pause()
            assert count.value == "1" and app.changes[-1] == (count, "1")
            await pilot.press("left")  # round to the last
            await pilot.pause()
            assert count.value == "3" and count.render().plain == "‹ three ›"
            count.value = "nine"  # not one of its values: nothing
            count.value = "3"  # the same: nothing said
            await pilot.pause()
            assert count.value == "3" and len(app.changes) == 3
            count.value = "2"
            await pilot.pause()
            assert app.changes[-1] == (count, "2") and len(app.changes) == 4
            for offset, value in (((1, 0), "1"), ((2, 0), "2"), ((0, 0), "1"), ((6, 0), "2")):
                app.query_one(TypedInput).focus()
                await pilot.pause()
                await pilot.click("#count", offset=offset)  # on ‹ (x < 2): back; past it: on
                await pilot.pause()
                assert count.value == value and app.focused is count, offset
            assert count.region.width == 10  # (at least 10 wide; "‹ three ›" is 9)
            assert [v for _, v in app.changes] == ["3", "1", "3", "2", "1", "2", "1", "2"]

    asyncio.run(run())


def test_a_text_field_takes_its_editing_keys_in_the_order_they_were_typed() -> None:
    async def run() -> None:
        app = _FormApp()
        async with app.run_test(size=(40, 10)) as pilot:
            field = app.query_one(TypedInput)
            field.focus()
            await pilot.pause()
            for key, char in (("5", "5"), ("left", None), ("1", "1"), ("end", None),
                              ("0", "0"), ("backspace", None), ("backspace", None),
                              ("f5", None), ("7", "7")):  # fmt: skip (f5: no key of the field)
                field.post_message(events.Key(key, char))  # one read: all at once
            await pilot.pause()
            assert field.value == "17"

    asyncio.run(run())


class _Tall(_Page):
    more = 40


def test_a_control_focused_below_the_end_is_scrolled_to_and_a_field_s_text_chosen() -> None:
    async def body(pilot: Any, app: _Room) -> None:
        page = _Tall()
        await app.push_screen(page)
        await pilot.pause()
        assert page.scroll_y == 0
        page.set_focus(page.query_one("#more-39", Button))
        for _ in range(3):
            await pilot.pause()
        assert page.focused is page.query_one("#more-39") and page.scroll_y > 0
        field = page.query_one(TypedInput)
        page.set_focus(field)  # its text chosen: typing replaces it
        await pilot.pause()
        await pilot.press("5")
        assert field.value == "5"

    _run((MIN_WIDTH, MIN_HEIGHT), body)


def test_a_control_kept_for_the_focus_and_removed_meanwhile_is_not_focused() -> None:
    async def body(pilot: Any, app: _Room) -> None:
        page = _Page()
        await app.push_screen(page)
        await pilot.pause()
        page.set_focus(None)
        await pilot.resize_terminal(70, 20)  # nothing focused: nothing kept
        await pilot.pause()
        assert page._focus_kept is None and page.has_class("-too-small")
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        for _ in range(3):
            await pilot.pause()
        assert page.focused is None and not page.has_class("-too-small")
        page.set_focus(page.query_one("#two", Button))
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await page.query_one("#two", Button).remove()
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        for _ in range(3):
            await pilot.pause()
        assert page.focused is None and page._focus_kept is None
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        page._focus_kept = Button("x")  # one never shown: not focused
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        for _ in range(3):
            await pilot.pause()
        assert page.focused is None and page._focus_kept is None

    _run((MIN_WIDTH, MIN_HEIGHT), body)
