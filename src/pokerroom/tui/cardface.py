"""Cards as the terminal shows them: four-colour suits, small and large faces.

Four colours tell the suits apart at a glance: spades in the text colour, hearts red,
diamonds blue, clubs green.  A small face is two cells (``A♠``); a large face is a
box three lines high.  The backs of cards nobody may see are drawn as a pattern, and
cards a player folded are never drawn at all.

>>> from pokerroom.cards import parse_cards
>>> small(parse_cards("As Td")).plain
'A♠ T♦'
>>> [line.plain for line in large(parse_cards("Kh"))]
['┌───┐', '│K♥ │', '└───┘']
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from pokerroom.cards import JOKER, RANK_CHARS, Card

__all__ = ["BACK", "SUIT_STYLES", "face", "large", "small"]

SUIT_STYLES: tuple[Style, ...] = (
    Style(color="green", bold=True),  # clubs
    Style(color="bright_blue", bold=True),  # diamonds
    Style(color="red", bold=True),  # hearts
    Style(bold=True),  # spades: the text colour
)
_JOKER_STYLE = Style(color="magenta", bold=True)
_BACK_STYLE = Style(color="bright_black")
BACK = "░░"
"""The back of a card (two cells, like a face)."""


def face(card: int | None) -> Text:
    """One card as two cells: rank and suit symbol in the suit's colour (``None``: a
    card face down)."""
    if card is None:
        return Text(BACK, style=_BACK_STYLE)
    code = int(card)
    if code == JOKER:
        return Text("Jk", style=_JOKER_STYLE)
    return Text(RANK_CHARS[code >> 2] + "♣♦♥♠"[code & 3], style=SUIT_STYLES[code & 3])


def small(cards: Sequence[int | None], sep: str = " ") -> Text:
    """Cards in a row of small faces."""
    return Text(sep).join(face(c) for c in cards)


def large(cards: Sequence[int | None], slots: int = 0, sep: str = " ") -> list[Text]:
    """Cards as boxes three lines high, side by side; ``slots`` pads the row with empty
    outlines (a board still to come)."""
    top, middle, bottom = Text(), Text(), Text()
    items: list[int | str | None] = [*cards]
    items.extend("empty" for _ in range(max(0, slots - len(cards))))
    for k, card in enumerate(items):
        if k:
            for line in (top, middle, bottom):
                line.append(sep)
        if card == "empty":
            top.append("┌ ─ ┐", style=_BACK_STYLE)
            middle.append("     ")
            bottom.append("└ ─ ┘", style=_BACK_STYLE)
            continue
        top.append("┌───┐")
        middle.append("│")
        middle.append_text(face(card if card is None else Card(int(card))))
        middle.append(" │")
        bottom.append("└───┘")
    return [top, middle, bottom]
