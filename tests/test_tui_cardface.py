"""Card faces as the terminal draws them: every card's two cells in its suit's colour,
the joker, the back, rows of small faces, and the large boxes with a board's empty
outlines, each checked cell by cell and style by style."""

from __future__ import annotations

from rich.style import Style
from rich.text import Span

from pokerroom.cards import JOKER, Card, parse_cards
from pokerroom.tui.cardface import BACK, SUIT_STYLES, face, large, small

GREY = Style(color="bright_black")
COLOURS = {"c": ("♣", Style(color="green", bold=True)),
           "d": ("♦", Style(color="bright_blue", bold=True)),
           "h": ("♥", Style(color="red", bold=True)),
           "s": ("♠", Style(bold=True))}  # fmt: skip


def test_every_card_is_its_rank_and_suit_in_four_colours() -> None:
    seen = set()
    for rank in "23456789TJQKA":
        for suit, (symbol, style) in COLOURS.items():
            shown = face(parse_cards(rank + suit)[0])
            assert shown.plain == rank + symbol and shown.style == style
            seen.add(shown.plain)
    assert len(seen) == 52
    assert tuple(style for _, style in COLOURS.values()) == SUIT_STYLES


def test_the_joker_and_the_back() -> None:
    joker = face(JOKER)
    assert joker.plain == "Jk" and joker.style == Style(color="magenta", bold=True)
    assert face(Card(JOKER)).plain == "Jk"
    back = face(None)
    assert back.plain == BACK == "░░" and back.style == GREY


def test_small_faces_in_a_row() -> None:
    row = small([*parse_cards("As Td"), None])
    assert row.plain == "A♠ T♦ ░░"
    assert small(parse_cards("2c 3h"), sep="").plain == "2♣3♥"
    assert small([]).plain == ""


def test_large_faces_with_the_board_still_to_come() -> None:
    top, middle, bottom = large([*parse_cards("Kh"), None], slots=4, sep="|")
    assert top.plain == "┌───┐|┌───┐|┌ ─ ┐|┌ ─ ┐"
    assert middle.plain == "│K♥ │|│░░ │|     |     "
    assert bottom.plain == "└───┘|└───┘|└ ─ ┘|└ ─ ┘"
    outlines = [Span(12, 17, GREY), Span(18, 23, GREY)]
    assert top.spans == outlines and bottom.spans == outlines
    assert middle.spans == [Span(1, 3, COLOURS["h"][1]), Span(7, 9, GREY)]
    # fewer slots than cards: no outline; the joker and the default separator
    rows = large([*parse_cards("2c 3d"), JOKER], slots=1)
    assert [r.plain for r in rows] == ["┌───┐ ┌───┐ ┌───┐", "│2♣ │ │3♦ │ │Jk │",
                                       "└───┘ └───┘ └───┘"]  # fmt: skip
    assert [r.plain for r in large([], slots=2)] == ["┌ ─ ┐ ┌ ─ ┐", "           ",
                                                     "└ ─ ┘ └ ─ ┘"]  # fmt: skip


def test_no_cards_and_no_slots_draw_nothing() -> None:
    assert [r.plain for r in large([])] == ["", "", ""]
