"""The main menu: New game, Continue, Load game, Hand history, Settings, How to play,
Quit.  Arrow keys and Enter, or the mouse."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Static
from textual.widgets.option_list import Option

from pokerroom.savefile import SaveError
from pokerroom.tui.base import Menu, RoomScreen
from pokerroom.tui.widgets.footer import KeyFooter

__all__ = ["TITLE", "MenuScreen", "banner", "read_banner"]

GLYPHS = {
    "P": (" ___ ", "| _ \\", "|  _/", "|_|  "),
    "O": ("  ___  ", " / _ \\ ", "| (_) |", " \\___/ "),
    "K": (" _  __", "| |/ /", "| ' < ", "|_|\\_\\"),
    "E": (" ___ ", "| __|", "| _| ", "|___|"),
    "R": (" ___ ", "| _ \\", "|   /", "|_|_\\"),
    "M": (" __  __ ", "|  \\/  |", "| |\\/| |", "|_|  |_|"),
}
"""Big letters (four rows each, no overlap), enough for the game's name."""


def banner(word: str) -> str:
    """``word`` in big letters, side by side, a space apart."""
    rows = [" ".join(GLYPHS[c][k] for c in word) for k in range(4)]  # one width: centred alike
    return "\n" + "\n".join(rows) + "\n"


def read_banner(text: str) -> str:
    """The word a banner spells, glyph by glyph from the left ("?" where no glyph
    fits): the inverse of :func:`banner`."""
    rows = text.strip("\n").split("\n")
    width = max(len(r) for r in rows)
    rows = [r.ljust(width) for r in rows]
    word, x = "", 0
    while x < width:
        for letter, glyph in GLYPHS.items():
            w = len(glyph[0])
            if all(rows[k][x : x + w] == glyph[k][: len(rows[k][x : x + w])]
                   and len(rows[k][x : x + w]) == w for k in range(4)):  # fmt: skip
                word, x = word + letter, x + w + 1  # the space between letters
                break
        else:
            if all(r[x:].strip() == "" for r in rows):
                break
            return word + "?"
    return word


TITLE = banner("POKERROOM")

ITEMS = (
    ("new", "New game"),
    ("continue", "Continue"),
    ("load", "Load game"),
    ("history", "Hand history"),
    ("settings", "Settings"),
    ("howto", "How to play"),
    ("quit", "Quit"),
)

SCREENS = {"new": "new-game", "load": "load", "history": "history", "settings": "settings",
           "howto": "how-to"}  # fmt: skip
"""The menu's items that open a screen, with the screen's name on the app."""


class MenuScreen(RoomScreen):
    """The first screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.quit", "Quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(id="menu-page"):
            yield Static(TITLE, id="logo")
            yield Static("Texas hold'em against the computer", id="tagline")
            with Center():
                yield Menu(*self._options(), id="main-menu")
            yield Static("", id="menu-note")
        yield KeyFooter()

    def _options(self) -> list[Option]:
        latest = None
        try:
            latest = self.poker.store.latest()
        except SaveError:
            latest = None
        out = []
        for key, label in ITEMS:
            disabled = key == "continue" and latest is None
            text = label
            if key == "continue" and latest is not None:
                text = f"Continue ({latest.slot})"
            out.append(Option(text, id=key, disabled=disabled))
        return out

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        menu = self.query_one(Menu)
        highlighted = menu.highlighted
        menu.clear_options()
        menu.add_options(self._options())
        menu.highlighted = highlighted if highlighted is not None else 0
        menu.focus()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(Menu).focus()

    def on_option_list_option_selected(self, event: Menu.OptionSelected) -> None:
        choice = event.option.id
        if choice in SCREENS:
            self.app.push_screen(self.poker.make_screen(SCREENS[choice]))
        elif choice == "continue":
            latest = self.poker.store.latest()
            if latest is not None:
                self.poker.open_save(latest.slot)
        elif choice == "quit":
            self.app.exit()
