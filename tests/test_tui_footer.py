"""The footer (:class:`~pokerroom.tui.widgets.footer.KeyFooter`): it shows each key as the
screen has it now (a key that cannot act is shown disabled, a key added or taken away is
added or taken away), and it is not made again when the screen's keys are asked for
again and have not changed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from pokerroom.tui.widgets.footer import KeyFooter


class Keyed(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "go", "Go"),
        Binding("h", "hide", "Hide"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.live = True  # g acts (else: shown, disabled)
        self.shown = True  # h is in the footer (else: left out)
        self.word = "Go"  # g's word in the footer
        self.g_shown = True  # g is in the footer (else: left out)

    def say(self, word: str, tip: str = "") -> None:
        """g's word becomes ``word`` (as the table's betting keys change theirs), its
        tooltip ``tip``."""
        self.word = word
        self._bindings.key_to_bindings["g"] = [Binding("g", "go", word, tooltip=tip)]

    def put_first(self, key: str) -> None:
        """List ``key`` first."""
        table = self._bindings.key_to_bindings
        table.update({k: table.pop(k) for k in [k for k in table if k != key]})

    def compose(self) -> ComposeResult:
        yield Static("keys")
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "go":
            if not self.g_shown:
                return False
            return True if self.live else None
        if action == "hide":
            return self.shown
        return True

    def action_go(self) -> None:
        pass

    def action_hide(self) -> None:
        pass


class ScreenApp(App[None]):
    """An app that shows one screen of ``SCREEN``'s type (the command palette off)."""

    ENABLE_COMMAND_PALETTE = False
    SCREEN: Callable[[], Screen[None]] = Screen

    def on_mount(self) -> None:
        self.push_screen(type(self).SCREEN())


class KeyedApp(ScreenApp):
    SCREEN = Keyed


def words(screen: Screen[None]) -> list[str]:
    """The footer as the terminal shows it."""
    footer = screen.query_one(KeyFooter)
    return [k.render().plain for k in footer.query(FooterKey)]


def bottom(app: App[None]) -> str:
    """The terminal's last line, as text."""
    return app.screen._compositor.render_strips()[-1].text.rstrip()


async def settled(pilot: Any, check: Callable[[], bool]) -> None:
    """Pause until ``check`` holds (the footer answers a bindings signal on a later
    message: under load, more than one pause may pass first); fail if it never does."""
    for _ in range(200):
        if check():
            return
        await pilot.pause()
    assert check()


def keys(screen: Screen[None]) -> dict[str, bool]:
    """The footer's keys: each one's key and whether it is shown disabled (greyed)."""
    return {k.key: k.has_class("-disabled") for k in screen.query_one(KeyFooter).query(FooterKey)}


def test_the_footer_follows_the_keys_and_is_not_made_again_when_they_stay() -> None:
    async def run() -> None:
        app = KeyedApp()
        async with app.run_test(size=(60, 10)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, Keyed)
            await settled(pilot, lambda: keys(screen) == {"g": False, "h": False})
            made = list(screen.query(FooterKey))
            for _ in range(3):  # asked again, nothing changed: the same widgets
                screen.refresh_bindings()
                await pilot.pause()
            assert list(screen.query(FooterKey)) == made
            screen.live = False
            screen.refresh_bindings()
            await settled(pilot, lambda: keys(screen) == {"g": True, "h": False})
            screen.shown = False
            screen.refresh_bindings()
            await settled(pilot, lambda: keys(screen) == {"g": True})
            screen.live = screen.shown = True
            screen.refresh_bindings()
            await settled(pilot, lambda: keys(screen) == {"g": False, "h": False})

    asyncio.run(run())


def test_the_footer_updates_its_keys_in_place_when_only_their_words_or_states_change() -> None:
    async def run() -> None:
        app = KeyedApp()
        async with app.run_test(size=(60, 10)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, Keyed)
            await settled(pilot, lambda: words(screen) == ["g Go", "h Hide"])
            made = list(screen.query(FooterKey))
            assert all(k.has_class("-compact") for k in made)
            assert words(screen) == ["g Go", "h Hide"] and bottom(app) == "g Go h Hide"
            screen.live = False  # g greyed: the same widgets
            screen.refresh_bindings()
            await settled(pilot, lambda: keys(screen) == {"g": True, "h": False})
            assert list(screen.query(FooterKey)) == made
            assert keys(screen) == {"g": True, "h": False} and made[0]._disabled
            screen.say("Run")  # a new word: the same widgets, the new word shown
            screen.refresh_bindings()
            await settled(pilot, lambda: bottom(app) == "g Run h Hide")
            assert list(screen.query(FooterKey)) == made
            assert words(screen) == ["g Run", "h Hide"]
            assert bottom(app) == "g Run h Hide"  # laid out again for the longer word
            screen.live = True
            screen.refresh_bindings()
            await settled(pilot, lambda: keys(screen) == {"g": False, "h": False})
            assert not made[0]._disabled
            screen.shown = False  # a key gone: taken away, the others kept
            screen.refresh_bindings()
            await settled(pilot, lambda: bottom(app) == "g Run")
            assert keys(screen) == {"g": False} and list(screen.query(FooterKey)) == made[:1]
            assert bottom(app) == "g Run"
            screen.shown = True  # back: a new widget, compact, after g
            screen.refresh_bindings()
            await settled(pilot, lambda: bottom(app) == "g Run h Hide")
            again = list(screen.query(FooterKey))
            assert again[0] is made[0] and again[1] is not made[1]
            assert again[1].has_class("-compact") and bottom(app) == "g Run h Hide"
            screen.put_first("h")  # the keys kept, in a new order: built again
            screen.refresh_bindings()
            await settled(pilot, lambda: bottom(app) == "h Hide g Run")
            assert words(screen) == ["h Hide", "g Run"] and bottom(app) == "h Hide g Run"
            assert not set(screen.query(FooterKey)) & set(again)

    asyncio.run(run())


def tips(screen: Screen[None]) -> dict[str, object]:
    return {k.key: k.tooltip for k in screen.query_one(KeyFooter).query(FooterKey)}


def test_a_key_kept_in_place_takes_its_new_tooltip() -> None:
    async def run() -> None:
        app = KeyedApp()
        async with app.run_test(size=(60, 10)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, Keyed)
            await settled(pilot, lambda: words(screen) == ["g Go", "h Hide"])
            made = list(screen.query(FooterKey))
            assert tips(screen) == {"g": None, "h": None}
            screen.say("Go", "Run it now")
            screen.refresh_bindings()
            await settled(pilot, lambda: tips(screen) == {"g": "Run it now", "h": None})
            screen.say("Go", "Walk")
            screen.refresh_bindings()
            await settled(pilot, lambda: tips(screen) == {"g": "Walk", "h": None})
            screen.say("Go")  # no tooltip: none
            screen.refresh_bindings()
            await settled(pilot, lambda: tips(screen) == {"g": None, "h": None})
            assert list(screen.query(FooterKey)) == made

    asyncio.run(run())


class PaletteApp(KeyedApp):
    ENABLE_COMMAND_PALETTE = True


def test_with_the_command_palette_s_key_the_footer_is_built_again_and_follows_the_keys() -> None:
    async def run() -> None:
        app = PaletteApp()
        async with app.run_test(size=(80, 10)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, Keyed)
            palette = {"ctrl+p": False}
            await settled(pilot, lambda: keys(screen) == {"g": False, "h": False, **palette})
            assert bottom(app).startswith("g Go h Hide ") and bottom(app).endswith("▏^p palette")
            screen.live = False
            screen.refresh_bindings()
            await settled(pilot, lambda: keys(screen) == {"g": True, "h": False, **palette})
            screen.shown = False
            screen.refresh_bindings()
            await settled(pilot, lambda: keys(screen) == {"g": True, **palette})
            assert bottom(app).startswith("g Go ") and bottom(app).endswith("▏^p palette")

    asyncio.run(run())


def test_a_key_back_before_the_others_is_added_in_its_place_with_its_state_and_tooltip() -> None:
    async def run() -> None:
        app = KeyedApp()
        async with app.run_test(size=(60, 10)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, Keyed)
            await settled(pilot, lambda: bottom(app) == "g Go h Hide")
            h = screen.query_one(KeyFooter).query(FooterKey)[1]
            screen.g_shown = False
            screen.refresh_bindings()
            await settled(pilot, lambda: bottom(app) == "h Hide")
            screen.g_shown, screen.live = True, False  # back, first, greyed, with a tooltip
            screen.say("Go", "Run it now")
            screen.refresh_bindings()
            await settled(pilot, lambda: bottom(app) == "g Go h Hide")
            made = list(screen.query_one(KeyFooter).query(FooterKey))
            assert [k.key for k in made] == ["g", "h"] and made[1] is h
            assert keys(screen) == {"g": True, "h": False} and made[0]._disabled
            assert tips(screen) == {"g": "Run it now", "h": None}

    asyncio.run(run())


class Grouped(Keyed):
    BINDINGS: ClassVar[list[BindingType]] = [
        *Keyed.BINDINGS,
        Binding("j", "down", "Down", group=Binding.Group("Move")),
        Binding("k", "up", "Up", group=Binding.Group("Move")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.moving = True  # j and k are in the footer (else: left out)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("down", "up"):
            return self.moving
        return super().check_action(action, parameters)

    def action_down(self) -> None:
        pass

    def action_up(self) -> None:
        pass


class GroupedApp(ScreenApp):
    SCREEN = Grouped


def test_with_keys_in_a_group_the_footer_is_built_again_and_follows_the_keys() -> None:
    async def run() -> None:
        app = GroupedApp()
        async with app.run_test(size=(80, 10)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, Grouped)
            await settled(pilot, lambda: "h" in keys(screen) and bottom(app).startswith("g Go"))
            assert bottom(app) == "g Go h Hide  j k Move"
            screen.shown = False
            screen.refresh_bindings()
            await settled(pilot, lambda: "h" not in keys(screen))
            assert bottom(app) == "g Go  j k Move"
            screen.live = False
            screen.refresh_bindings()
            await settled(pilot, lambda: keys(screen).get("g") is True)
            screen.moving = False  # the group gone: built again without it
            screen.refresh_bindings()
            await settled(pilot, lambda: bottom(app) == "g Go")
            assert keys(screen) == {"g": True}

    asyncio.run(run())


class Three(Keyed):
    BINDINGS: ClassVar[list[BindingType]] = [*Keyed.BINDINGS, Binding("i", "idle", "In")]

    def action_idle(self) -> None:
        pass


class ThreeApp(ScreenApp):
    SCREEN = Three


def test_two_keys_back_before_the_others_are_added_in_their_order() -> None:
    async def run() -> None:
        app = ThreeApp()
        async with app.run_test(size=(60, 10)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, Three)
            await settled(pilot, lambda: bottom(app) == "g Go h Hide i In")
            screen.g_shown = screen.shown = False
            screen.refresh_bindings()
            await settled(pilot, lambda: bottom(app) == "i In")
            kept = screen.query_one(KeyFooter).query(FooterKey)[0]
            screen.g_shown = screen.shown = True
            screen.refresh_bindings()
            await settled(pilot, lambda: bottom(app) == "g Go h Hide i In")
            assert [k.key for k in screen.query_one(KeyFooter).query(FooterKey)] == ["g", "h", "i"]
            assert screen.query_one(KeyFooter).query(FooterKey)[2] is kept

    asyncio.run(run())


def test_while_the_terminal_has_lost_the_focus_the_footer_waits_for_it_to_come_back() -> None:
    """The window loses the focus: the keys that change meanwhile are shown when it comes
    back, not before (nothing is drawn for a window nobody is looking at)."""
    from textual import events

    async def run() -> None:
        app = KeyedApp()
        async with app.run_test(size=(60, 10)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, Keyed)
            await settled(pilot, lambda: keys(screen) == {"g": False, "h": False})
            app.post_message(events.AppBlur())
            await settled(pilot, lambda: not app.app_focus)
            screen.live = False
            screen.refresh_bindings()
            for _ in range(10):
                await pilot.pause()
            assert keys(screen) == {"g": False, "h": False}  # as it was
            app.post_message(events.AppFocus())
            await settled(pilot, lambda: keys(screen) == {"g": True, "h": False})

    asyncio.run(run())


def test_a_key_back_while_its_old_widget_is_still_being_removed_is_shown_again() -> None:
    """A key taken away and given back before its widget is gone (two signals inside one
    removal): the key is added again, not "kept" in the widget that then vanishes."""

    async def run() -> None:
        app = KeyedApp()
        async with app.run_test(size=(60, 10)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, Keyed)
            await settled(pilot, lambda: keys(screen) == {"g": False, "h": False})
            footer = screen.query_one(KeyFooter)
            screen.shown = False
            footer.bindings_changed(screen)  # h's widget removed: begun, not done
            screen.shown = True
            footer.bindings_changed(screen)  # h back at once
            for _ in range(10):
                await pilot.pause()
            await settled(pilot, lambda: keys(screen) == {"g": False, "h": False})
            assert "h" in bottom(app) and "Hide" in bottom(app)

    asyncio.run(run())
