"""What an equity computation returns: per player, how often they win, tie and their share."""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.cards import Card, format_cards

__all__ = ["EquityResult", "PlayerEquity"]


@dataclass(frozen=True, slots=True)
class PlayerEquity:
    """One player's result.

    ``win``: the share of deals won outright; ``tie``: the share split with others;
    ``equity``: the expected share of the pot (a three-way split counts a third);
    ``std_error``: the standard error of ``equity`` (0.0 when exact).  All are fractions.
    """

    hand: str
    win: float
    tie: float
    equity: float
    std_error: float = 0.0

    def __str__(self) -> str:
        err = f" ± {100 * self.std_error:.2f}" if self.std_error else ""
        return (
            f"{self.hand}: equity {100 * self.equity:.2f}%{err} "
            f"(win {100 * self.win:.2f}%, tie {100 * self.tie:.2f}%)"
        )


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The players' results, in order, and how they were found: ``exact`` enumeration of
    ``deals`` deals (holdings × boards), or that many Monte Carlo deals."""

    players: tuple[PlayerEquity, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    exact: bool
    deals: int

    @property
    def equities(self) -> tuple[float, ...]:
        return tuple(p.equity for p in self.players)

    def __str__(self) -> str:
        how = "exact" if self.exact else "Monte Carlo"
        head = f"{how}, {self.deals:,} deals"
        if self.board:
            head += f", board {format_cards(self.board)}"
        if self.dead:
            head += f", dead {format_cards(self.dead)}"
        return "\n".join([head, *(str(p) for p in self.players)])
