"""The end of the freeze-out: the standings and a chip graph drawn in the terminal."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Footer, Static

from pokerroom.tui.base import RoomScreen
from pokerroom.tui.chart import chip_graph
from pokerroom.tui.game import Game

__all__ = ["GameOverScreen"]


class GameOverScreen(RoomScreen):
    """Standings, then each player's chips hand by hand."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "back", "Main menu", key_display="⏎"),
        Binding("escape", "back", "Main menu", show=False),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        game = self.game
        order = game.standings()
        winner = order[0]
        head = (
            "You won the freeze-out!" if winner == 0
            else f"{game.names[winner]} won the freeze-out."
        )
        lines = Text()
        for place, seat in enumerate(order, 1):
            chips = game.stacks[seat]
            how = f"{chips:,} chips" if chips else _out_at(game, seat)
            style = "bold reverse" if seat == 0 else ""
            lines.append(f"{place:>2}. {game.names[seat]:<12} {how}\n", style=style)
        yield from self.compose_too_small()
        with Vertical(id="game-over", classes="page"):
            yield Static(head, classes="page-title")
            yield Static(lines, id="standings")
            yield Static("Chips after each hand", classes="dim-title")
            yield Static(chip_graph(game.chips, game.names, width=56), id="chip-graph")
        yield Footer(compact=True)

    def action_back(self) -> None:
        self.dismiss()


def _out_at(game: Game, seat: int) -> str:
    for hand, row in enumerate(game.chips):
        if row[seat] == 0:
            return f"out in hand {hand}"
    return "out"
