"""Hand history: the hands of this game and past ones; replay one street by street and
export it (or the whole game) as PHH, as PokerStars text for a tracker (you are its hero:
the others' cards appear where they were shown) or as OHH.

Each hand is kept as you saw it: other players' cards appear only where they were shown.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static
from textual.widgets.option_list import Option

from pokerroom.savefile import SaveError, StoredHand
from pokerroom.tui.base import Menu, RoomScreen, fresh_keys
from pokerroom.tui.widgets.footer import KeyFooter

if TYPE_CHECKING:
    from pokerroom.history.record import PlayedHand

__all__ = ["HistoryScreen", "ReplayScreen", "replay_sections"]


def _played(stored: StoredHand) -> PlayedHand:
    from pokerroom.history.phh import loads
    from pokerroom.history.replay import replay_phh

    return replay_phh(loads(stored.phh)).played


def replay_sections(stored: StoredHand) -> list[tuple[str, list[str]]]:
    """The stored hand's readable history, street by street."""
    from pokerroom.history.text import sections

    return sections(_played(stored))


def _hero(title: str) -> str:
    """The player at the terminal of a game kept before the store kept its hero, from its
    title ("<name> against <n> computer players: <rules>"; a name may itself say
    " against "): exact for every name of one line."""
    found = re.match(r"(.*) against \d+ computer players?: ", title)
    return found.group(1) if found else title.partition(" against ")[0]


class HistoryScreen(RoomScreen):
    """Games on the left, their hands on the right."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("tab", "app.focus_next", "Games/hands", key_display="tab"),
        Binding("e", "export('phh')", "Export game as PHH"),
        Binding("p", "export('pokerstars')", "as PokerStars"),
        Binding("o", "export('ohh')", "as OHH"),
    ]

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(classes="page"):
            yield Static("Hand history", classes="page-title")
            with Horizontal(id="history-lists"):
                yield Menu(id="games")
                yield Menu(id="hands")
            yield Static("", id="history-note")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        games = self.query_one("#games", Menu)
        note = self.query_one("#history-note", Static)
        try:
            rows = self.poker.store.games()
        except SaveError as exc:
            note.update(Text(str(exc), style="bold red"))
            return
        if not rows:
            note.update("No hands yet: play a game and every hand is kept here.")
            return
        self._heroes = {gid: _hero(title) if hero is None else hero
                        for gid, _, title, _, hero in rows}  # fmt: skip
        for gid, started, title, count, _ in rows:
            hands = f"{count} hand{'s' if count != 1 else ''}"
            games.add_option(Option(f"{started}, {hands}\n{title}", id=str(gid)))
        games.highlighted = 0
        games.focus()
        self._show_hands(rows[0][0])
        note.update("Enter on a hand replays it street by street.")

    def _show_hands(self, game: int) -> None:
        hands = self.query_one("#hands", Menu)
        hands.clear_options()
        self._game = game
        self._hands = self.poker.store.hands(game)
        for h in self._hands:
            hands.add_option(Option(f"Hand {h.number}: {h.summary}", id=str(h.number)))
        if self._hands:
            hands.highlighted = 0

    def on_option_list_option_highlighted(self, event: Menu.OptionHighlighted) -> None:
        if event.option_list.id == "games" and event.option.id is not None:
            self._show_hands(int(event.option.id))

    def on_option_list_option_selected(self, event: Menu.OptionSelected) -> None:
        if event.option_list.id == "games":
            self.query_one("#hands", Menu).focus()
            fresh_keys(self.app)  # the hands' list takes the keys from now
            return
        number = int(event.option.id or 0)
        hero = self._shown_hero()
        for h in self._hands:
            if h.number == number:
                self.app.push_screen(ReplayScreen(h, hero))

    def action_export(self, fmt: str = "phh") -> None:
        hands = getattr(self, "_hands", [])
        if not hands:
            return
        if fmt == "phh":
            path = Path.cwd() / f"pokerroom-game-{self._game}.phhs"
            write_phhs(path, hands)
            self.notify(f"Wrote {len(hands)} hand{'s' if len(hands) != 1 else ''} to {path}")
            return
        hero = self._shown_hero()
        self.notify(export_game(hands, fmt, self._game, hero, f"pokerroom-game-{self._game}"))

    def _shown_hero(self) -> str:
        """The player at the terminal in the game shown: the hero kept with it (or, for a
        game kept before heroes were, the name in its title)."""
        heroes: dict[int, str] = getattr(self, "_heroes", {})
        return heroes.get(self._game, "")

    def action_back(self) -> None:
        self.dismiss()


def export_game(hands: list[StoredHand], fmt: str, game: int, hero: str, stem: str) -> str:
    """Write these hands in ``fmt`` (PokerStars text or OHH: tournament hands of a
    freeze-out, ``hero`` the player at the terminal) to the current directory; what to
    tell the player."""
    from pokerroom.history.formats import FORMATS, export_phh
    from pokerroom.history.pokerstars import Tournament

    out = export_phh([h.phh for h in hands], fmt, hero=hero or None,
                     tournament=Tournament(game))  # fmt: skip
    left = f" ({len(out.refused)} the format cannot hold)" if out.refused else ""
    if not out.text:
        return f"No hand written{left}"
    path = Path.cwd() / f"{stem}{FORMATS[fmt]}"
    path.write_text(out.text, encoding="utf-8")
    return f"Wrote {out.written} hand{'s' if out.written != 1 else ''} to {path}{left}"


def write_phhs(path: Path, hands: list[StoredHand]) -> None:
    """All these hands in one PHH file (``.phhs``: one section per hand)."""
    from pokerroom.history.phh import dumps_all, loads

    path.write_text(dumps_all([loads(h.phh) for h in hands]), encoding="utf-8")


class ReplayScreen(RoomScreen):
    """One hand, street by street: → shows the next street, ← the one before."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", "Next street", key_display="→"),
        Binding("left", "step(-1)", "Back a street", key_display="←"),
        Binding("e", "export('phh')", "Export as PHH"),
        Binding("p", "export('pokerstars')", "as PokerStars"),
        Binding("o", "export('ohh')", "as OHH"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, hand: StoredHand, hero: str = "") -> None:
        super().__init__()
        self.hand = hand
        self.hero = hero
        self.parts = replay_sections(hand)
        self.shown = min(2, len(self.parts))  # the seats, the blinds and the pre-flop

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with Vertical(classes="page"):
            yield Static(f"Hand {self.hand.number}", classes="page-title")
            with VerticalScroll(id="replay-scroll"):
                yield Static("", id="replay")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self._show_part()

    def _show_part(self) -> None:
        from pokerroom.tui.widgets.table import HandLog

        text = Text()
        for _, lines in self.parts[: self.shown]:
            for line in lines:
                text.append_text(HandLog.colour(line))
                text.append("\n")
        if self.shown < len(self.parts):
            text.append(f"(→ for the {self.parts[self.shown][0]})", style="dim")
        self.query_one("#replay", Static).update(text)
        self.query_one("#replay-scroll", VerticalScroll).scroll_end(animate=False)

    def action_step(self, delta: int) -> None:
        self.shown = min(max(1, self.shown + delta), len(self.parts))
        self._show_part()

    def action_export(self, fmt: str = "phh") -> None:
        stem = f"pokerroom-game-{self.hand.game}-hand-{self.hand.number}"
        if fmt != "phh":
            self.notify(export_game([self.hand], fmt, self.hand.game, self.hero, stem))
            return
        path = Path.cwd() / f"{stem}.phh"
        path.write_text(self.hand.phh, encoding="utf-8")
        self.notify(f"Wrote {path}")

    def action_back(self) -> None:
        self.dismiss()
