"""The end of the freeze-out: the standings and a chip graph drawn in the terminal;
Enter for the menu, ``n`` to play again with the same settings."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from pokerroom.tui.amounts import chips
from pokerroom.tui.base import RoomScreen
from pokerroom.tui.chart import chip_graph
from pokerroom.tui.game import YOU, Game
from pokerroom.tui.widgets.footer import KeyFooter

__all__ = ["GameOverScreen"]


class GameOverScreen(RoomScreen):
    """Standings, then each player's chips hand by hand."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "back", "Main menu", key_display="⏎"),
        Binding("escape", "back", "Main menu", show=False),
        Binding("n", "again", "Play again"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        game = self.game
        table = game.table
        standings = game.standings()
        first = [s.seat for s in standings if s.place == 1]
        mine = [s.place for s in standings if s.seat == YOU]
        if first == [YOU]:
            head = "You won the freeze-out!"
        elif first:
            head = f"{' and '.join(game.names[s] for s in first)} won the freeze-out."
        else:
            head = f"You are out, in place {mine[0]}." if mine else "The game is over."
        lines = Text()
        placed = {s.seat for s in standings}
        still = sorted((s for s in range(game.players) if s not in placed),
                       key=lambda s: -table.stacks[s])  # fmt: skip
        for seat in still:
            lines.append(f"  · {game.names[seat]:<16} still in with {chips(table.stacks[seat])}\n")
        for s in standings:
            left = table.stacks[s.seat]
            how = f"{chips(left)} chips" if s.place == 1 else f"out in hand {s.hand}"
            style = "bold reverse" if s.seat == YOU else ""
            lines.append(f"{s.place:>3}. {game.names[s.seat]:<16} {how}\n", style=style)
        yield from self.compose_too_small()
        with Vertical(id="game-over", classes="page"):
            yield Static(head, classes="page-title")
            yield Static(lines, id="standings")
            played = f"{game.number} hand{'s' if game.number != 1 else ''} played"
            yield Static(f"Chips, hand by hand ({played})", classes="dim-title")
            yield Static(chip_graph(game.chips, game.names, width=56), id="chip-graph")
        yield KeyFooter()

    def action_back(self) -> None:
        self.dismiss()

    def action_again(self) -> None:
        """A new game with the same settings (and new cards)."""
        self.poker.play_again(self.game.setup, replace=self)
