# ruff: noqa: E501 - a PokerStars tournament header is a long line
"""PokerStars text, exactly: the reader's records (headers, seats, lines, amounts, names)
and every refusal's whole text with the line it points to; the writer's whole text of
hands whose every line is worked out by hand from PokerStars' format."""

from __future__ import annotations

import dataclasses
import datetime
import random
from decimal import Decimal

import pytest

from pokerroom.cards import CardError, Rank, parse_cards
from pokerroom.engine import Hand, IllegalAction, stacked_deck
from pokerroom.evaluator import evaluate
from pokerroom.evaluator.wildcards import JokerMode, WildCards
from pokerroom.history.errors import HistoryError
from pokerroom.history.pokerstars import (
    Tournament,
    blind_words,
    dumps_pokerstars,
    eastern,
    played_date,
    recorded_hero,
    recorded_tournament,
    refusal,
    stars_hand_name,
    stars_zone,
    to_pokerstars,
)
from pokerroom.history.record import PlayedHand
from pokerroom.history.starsread import (
    StarsError,
    StarsLine,
    StarsSeat,
    is_pokerstars,
    iter_pokerstars,
    parse_amount,
    parse_pokerstars,
    split_hands,
)
from pokerroom.history.zones import zone_named
from pokerroom.rules import Rules, Structure

HEAD = "PokerStars Hand #7:  Hold'em No Limit (1/2) - 2024/05/01 20:15:00 ET"
TABLE = "Table 'Alpha' 6-max Seat #2 is the button"
SEATS = ["Seat 1: Ann (100 in chips)", "Seat 2: Bo (100 in chips)"]
BODY = [
    "Bo: posts small blind 1",
    "Ann: posts big blind 2",
    "*** HOLE CARDS ***",
    "Bo: folds",
    "Uncalled bet (1) returned to Ann",
    "Ann collected 2 from pot",
    "*** SUMMARY ***",
    "Total pot 2 | Rake 0",
]


def hand_text(head: str = HEAD, *, table: str = TABLE, seats: list[str] | None = None,
              body: list[str] | None = None) -> str:  # fmt: skip
    lines = [head, table, *(SEATS if seats is None else seats), *(BODY if body is None else body)]
    return "\n".join(line for line in lines if line is not None) + "\n"


def refused(text: str, source: str | None = None) -> str:
    """The text of the one error the text's one hand gets."""
    (item,) = iter_pokerstars(text, source=source)
    assert isinstance(item, StarsError), item
    return str(item)


def card_error(text: str) -> str:
    """What the cards' parser says of ``text`` (the reader quotes it)."""
    with pytest.raises(CardError) as info:
        parse_cards(text)
    return str(info.value)


def read(text: str):  # type: ignore[no-untyped-def]
    (hand,) = parse_pokerstars(text)
    return hand


# ------------------------------------------------------------------------- whole files


def test_text_before_the_first_hand_is_refused_at_its_line_cut_at_sixty_characters() -> None:
    junk = "x" * 70
    with pytest.raises(StarsError) as info:
        split_hands(f"\n  \n{junk}\n{HEAD}\n", source="f.txt")
    assert str(info.value) == (
        f"f.txt: line 3: not PokerStars text: {'x' * 60!r} before the first "
        "'PokerStars Hand #' line"
    )


def test_a_text_without_any_hand_is_refused_whole() -> None:
    with pytest.raises(StarsError) as info:
        split_hands("\n\n", source="f.txt")
    assert str(info.value) == "f.txt: no 'PokerStars Hand #' line: not PokerStars text"
    with pytest.raises(StarsError) as info:
        split_hands("")
    assert str(info.value) == "no 'PokerStars Hand #' line: not PokerStars text"


def test_hands_are_split_with_the_number_of_their_first_line() -> None:
    text = "\ufeff\r\n" + HEAD + "\r\nTable 'x'\r\n\r\n" + HEAD.replace("#7", "#8") + "\rend"
    assert split_hands(text) == [
        (2, [HEAD, "Table 'x'", ""]),
        (5, [HEAD.replace("#7", "#8"), "end"]),
    ]


def test_pokerstars_text_is_known_by_its_first_line_that_is_not_blank() -> None:
    assert is_pokerstars("\ufeff\n   \n  " + HEAD + "\n")
    assert is_pokerstars("PokerStars Zoom Hand #12: ...")
    assert is_pokerstars("PokerStars Game #12 ...")
    assert not is_pokerstars("\n\nFull Tilt Poker Game #1:\n" + HEAD)
    assert not is_pokerstars("")
    assert not is_pokerstars("XX" + HEAD)
    assert not is_pokerstars("\n \n")


def test_each_error_of_a_file_names_the_file_and_the_line_of_its_hand() -> None:
    second = hand_text(HEAD.replace("Hold'em No Limit", "Omaha Pot Limit"))
    items = iter_pokerstars(hand_text() + "\n\n" + second, source="f.txt")
    assert [type(i).__name__ for i in items] == ["StarsHand", "StarsError"]
    first_lines = 2 + len(SEATS) + len(BODY) + 2 + 1  # the hand, then two blank lines
    assert str(items[1]) == (
        f"f.txt: line {first_lines}: the game is 'Omaha': pokerroom replays Texas hold'em only"
    )
    with pytest.raises(StarsError) as info:
        parse_pokerstars(hand_text() + "\n\n" + second, source="f.txt")
    assert str(info.value) == str(items[1])


# ------------------------------------------------------------------------------ headers


@pytest.mark.parametrize(("head", "reason"), [
    (HEAD.replace("Hold'em No Limit", "omaha hi/lo Pot Limit"), "the game is 'omaha'"),
    (HEAD.replace("Hold'em No Limit", "Triple Draw 2-7 Lowball Limit"),
     "the game is 'Triple Draw'"),
    ("PokerStars Hand #7:  Pineapple Poker of a kind nobody has ever heard of (1/2)",
     "the game is 'Pineapple Poker of a kind nobody has eve'"),
    ("PokerStars Hand #7:   ", "the game is ''"),
])  # fmt: skip
def test_a_game_not_holdem_is_refused_by_name_on_the_header_line(head: str, reason: str) -> None:
    assert refused(hand_text(head), "h.txt") == (
        f"h.txt: line 1: {reason}: pokerroom replays Texas hold'em only"
    )


def test_a_header_without_stakes_is_refused_on_its_line() -> None:
    text = "\n\n" + hand_text(HEAD.replace("(1/2)", "(cheap)"))
    assert refused(text) == (
        "line 3: the header names no stakes like ($0.01/$0.02) or (10/20)"
    )


def test_stakes_that_are_no_amounts_are_refused_on_the_header_line() -> None:
    text = "\n" + hand_text(HEAD.replace("(1/2)", "(one/2)"))
    assert refused(text) == "line 2: not an amount: 'one'"
    text = "\n" + hand_text(HEAD.replace("(1/2)", "(1/two)"))
    assert refused(text) == "line 2: not an amount: 'two'"


def test_the_stakes_after_the_game_are_read_before_any_brackets_ahead_of_it() -> None:
    hand = read(hand_text("PokerStars Hand #7: (Club/Home) Hold'em Pot Limit (€5/€10 EUR) - x"))
    assert hand.structure == "pot limit"
    assert hand.stakes == (Decimal(5), Decimal(10))
    assert (hand.symbol, hand.currency) == ("€", "EUR")
    # stakes ahead of the game, none after it: read all the same
    hand = read(hand_text("PokerStars Hand #7: (3/6) Hold'em Limit - x"))
    assert (hand.structure, hand.stakes) == ("fixed limit", (Decimal(3), Decimal(6)))
    assert (hand.symbol, hand.currency) == ("", None)


def test_a_cash_header_read_whole() -> None:
    hand = read(hand_text("PokerStars Zoom Hand #123456789012345678:  Hold'em No Limit "
                          "($1,000/$2,000.50 USD) - 2024/03/09 7:05:09 CET"))  # fmt: skip
    assert hand.number == 123456789012345678
    assert hand.structure == "no limit"
    assert hand.stakes == (Decimal(1000), Decimal("2000.50"))
    assert (hand.symbol, hand.currency) == ("$", "USD")
    assert hand.date == (2024, 3, 9, 7, 5, 9)
    assert hand.zone == "CET"
    assert (hand.tournament, hand.buy_in, hand.level) == (None, "", None)
    assert hand.extra == {}
    assert (hand.table, hand.max_seats, hand.button, hand.line) == ("Alpha", 6, 2, 1)


def test_a_date_with_eastern_time_in_brackets_is_read_in_eastern_time() -> None:
    hand = read(hand_text("PokerStars Hand #7:  Hold'em No Limit (1/2) - "
                          "2021/09/19 10:12:37 CET [2021/09/19 4:12:37 ET]"))  # fmt: skip
    assert (hand.date, hand.zone) == ((2021, 9, 19, 4, 12, 37), "ET")


def test_a_date_without_a_zone_keeps_none() -> None:
    hand = read(hand_text("PokerStars Hand #7:  Hold'em No Limit (1/2) - 2021/09/19 10:12:37"))
    assert (hand.date, hand.zone) == ((2021, 9, 19, 10, 12, 37), None)
    hand = read(hand_text("PokerStars Hand #7:  Hold'em No Limit (1/2)"))
    assert (hand.date, hand.zone) == (None, None)


def test_a_date_that_is_no_day_is_refused_on_the_header_line() -> None:
    text = "\n" + hand_text(HEAD.replace("2024/05/01 20:15:00", "2024/02/30 20:15:00"))
    assert refused(text) == "line 2: not a date and time: '2024/02/30 20:15:00 ET'"
    text = hand_text(HEAD.replace("2024/05/01 20:15:00 ET", "2024/05/01 24:15:00"))
    assert refused(text) == "line 1: not a date and time: '2024/05/01 24:15:00'"
    for time in ("20:60:00", "20:15:60"):
        text = hand_text(HEAD.replace("20:15:00", time))
        assert refused(text) == f"line 1: not a date and time: '2024/05/01 {time} ET'"


@pytest.mark.parametrize(("level", "number"), [
    ("I", 1), ("IV", 4), ("IX", 9), ("XIV", 14), ("XL", 40), ("XLIX", 49), ("XC", 90),
    ("CXC", 190), ("LXXVIII", 78), ("12", 12), ("7", 7),
])  # fmt: skip
def test_a_tournament_header_read_whole_with_its_level(level: str, number: int) -> None:
    head = (f"PokerStars Hand #208: Tournament #2900, $0.98+$0.12 USD Hold'em No Limit - "
            f"Level {level} (25/50) - 2019/12/31 23:59:59 ET")  # fmt: skip
    hand = read(hand_text(head))
    assert (hand.tournament, hand.buy_in, hand.level) == (2900, "$0.98+$0.12 USD", number)
    assert hand.extra == {"_tournament": {"number": 2900, "buy_in": "$0.98+$0.12 USD",
                                          "level": number}}  # fmt: skip
    assert (hand.stakes, hand.symbol, hand.currency) == ((Decimal(25), Decimal(50)), "", None)


def test_a_tournament_buy_in_loses_its_trailing_comma_and_a_missing_level_is_one() -> None:
    head = "PokerStars Hand #208: Tournament #31, Freeroll,  Hold'em No Limit (10/20) - x"
    hand = read(hand_text(head))
    assert (hand.tournament, hand.buy_in, hand.level) == (31, "Freeroll", None)
    assert hand.extra == {"_tournament": {"number": 31, "buy_in": "Freeroll", "level": 1}}
    hand = read(hand_text(head.replace("Freeroll,", "Freeroll X,")))
    assert hand.buy_in == "Freeroll X"


# ----------------------------------------------------------------------- table and seats


def test_seats_read_whole() -> None:
    seats = [
        "Seat 1: Ann Lee ($1,000.25 in chips, $5 bounty)",
        "Seat 3: Bo (Jr) ($7 in chips) is sitting out",
        "Seat 4: Cy ($8 in chips) out of hand (moved from another table into small blind)",
        "Seat 9: Di ($9.50 in chips)",
    ]
    hand = read(hand_text(table="Table 'Beta 2' (Play Money) Seat #9 is the button",
                          seats=seats, body=["Di: posts small blind $1",
                                             "Ann Lee: posts big blind $2",
                                             "Di: folds"]))  # fmt: skip
    assert hand.seats == [
        StarsSeat(1, "Ann Lee", Decimal("1000.25"), False),
        StarsSeat(3, "Bo (Jr)", Decimal(7), True),
        StarsSeat(4, "Cy", Decimal(8), True),
        StarsSeat(9, "Di", Decimal("9.50"), False),
    ]
    assert (hand.table, hand.max_seats, hand.button) == ("Beta 2", None, 9)
    assert [s.name for s in hand.players] == ["Ann Lee", "Di"]


def test_a_hand_without_its_table_line_is_refused_on_the_line_after_the_header() -> None:
    text = "\n\n" + hand_text(table="Tisch 'Alpha' Seat #2 is the button")
    assert refused(text, "h.txt") == (
        "h.txt: line 4: no line 'Table '...' Seat #N is the button' after the header"
    )


@pytest.mark.parametrize(("seats", "reason"), [
    (["Seat 1: Ann (100 in chips)"],
     "1 seat lines ('Seat N: name (chips in chips)'): a hand needs two players"),
    ([], "0 seat lines ('Seat N: name (chips in chips)'): a hand needs two players"),
    (["Seat 1: Ann (100 in chips)", "Seat 1: Bo (100 in chips)"],
     "two seat lines have the same seat number"),
    (["Seat 1: Ann (100 in chips)", "Seat 2: Ann (100 in chips)"],
     "two seats have the same player"),
])  # fmt: skip
def test_seats_that_make_no_hand_are_refused_on_the_line_after_the_header(
    seats: list[str], reason: str
) -> None:
    assert refused("\n" + hand_text(seats=seats, body=[])) == f"line 3: {reason}"


def test_a_seat_with_chips_that_are_no_amount_is_refused_on_its_line() -> None:
    seats = ["Seat 1: Ann (100 in chips)", "Seat 2: Bo (lots in chips)"]
    assert refused(hand_text(seats=seats)) == "line 4: not an amount: 'lots'"


def test_a_hand_of_only_its_header_table_and_seats_reads() -> None:
    hand = read(hand_text(body=[]))
    assert [s.name for s in hand.seats] == ["Ann", "Bo"]
    assert hand.lines == []


# ---------------------------------------------------------------------------- the body


def test_every_line_of_a_hand_read_as_its_record() -> None:
    body = [
        "Ann: posts the ante 1",
        "Bo: posts the ante 1 and is all-in",
        "Bo: posts small blind 1",
        "Ann: posts big blind 2",
        "Cy: posts straddle 4",
        "*** PRE-FLOP ***",
        "Dealt to Ann [Ah 10d]",
        "Dealt to Bo []",
        "Cy: posts a straddle 8",
        "Ann: raises 6 to 14 and is all-in",
        "Bo: calls 12",
        "Cy: folds",
        "*** FLOP *** [2c 7h 9s]",
        "Ann: checks",
        "Bo: bets 3 and is all-in",
        "*** TURN *** [2c 7h 9s] [Jd]",
        "*** RIVER *** [2c 7h 9s Jd] [3c]",
        "*** SHOWDOWN ***",
        "Ann: shows [Ah Td] (a pair of Aces)",
        "Bo: mucks hand",
        "Cy: doesn't show hand",
        "Uncalled bet ($3) returned to Bo",
        "Ann collected 30 from side pot-2",
        "Bo collected 1 from the main pot",
        "*** SUMMARY ***",
        "Total pot 31 Main pot 30. Side pot-1 1. | Rake 0",
        "Board [2c 7h 9s Jd 3c]",
    ]
    seats = [*SEATS, "Seat 3: Cy (100 in chips)"]
    hand = read(hand_text(seats=seats, body=body))
    c = parse_cards
    assert hand.lines == [
        StarsLine("ante", "Ann", Decimal(1), line=6),
        StarsLine("ante", "Bo", Decimal(1), all_in=True, line=7),
        StarsLine("small blind", "Bo", Decimal(1), line=8),
        StarsLine("big blind", "Ann", Decimal(2), line=9),
        StarsLine("straddle", "Cy", Decimal(4), line=10),
        StarsLine("dealt", "Ann", cards=tuple(c("Ah Td")), line=12),
        StarsLine("dealt", "Bo", line=13),
        StarsLine("straddles", "Cy", Decimal(8), line=14),
        StarsLine("raises", "Ann", Decimal(6), Decimal(14), True, line=15),
        StarsLine("calls", "Bo", Decimal(12), line=16),
        StarsLine("folds", "Cy", line=17),
        StarsLine("board", cards=tuple(c("2c 7h 9s")), street=1, line=18),
        StarsLine("checks", "Ann", street=1, line=19),
        StarsLine("bets", "Bo", Decimal(3), all_in=True, street=1, line=20),
        StarsLine("board", cards=tuple(c("Jd")), street=2, line=21),
        StarsLine("board", cards=tuple(c("3c")), street=3, line=22),
        StarsLine("shows", "Ann", cards=tuple(c("Ah Td")), street=4, line=24),
        StarsLine("mucks", "Bo", street=4, line=25),
        StarsLine("no show", "Cy", street=4, line=26),
        StarsLine("returned", "Bo", Decimal(3), street=4, line=27),
        StarsLine("collected", "Ann", Decimal(30), street=4, line=28),
        StarsLine("collected", "Bo", Decimal(1), street=4, line=29),
    ]
    assert hand.pots == [Decimal(30), Decimal(1)]
    assert hand.rake == Decimal(0)
    assert hand.extra == {"_hero": "Ann"}  # dealt cards: Ann alone


def test_the_summary_gives_the_rake_and_the_total_as_the_one_pot() -> None:
    hand = read(hand_text(body=[*BODY[:-1], "Total pot $2,000 | Rake $1,5.25"]))
    assert (hand.pots, hand.rake) == ([Decimal(2000)], Decimal("15.25"))
    hand = read(hand_text(body=BODY[:-1]))
    assert (hand.pots, hand.rake) == (None, Decimal(0))
    text = hand_text(body=[*BODY[:-1], "Total pot 2 | Rake lots"])
    assert refused(text) == "line 12: not an amount: 'lots'"


def test_a_heading_after_the_hole_cards_makes_a_straddle_a_choice() -> None:
    body = ["Bo: posts small blind 1", "Ann: posts big blind 2", "*** HOLE CARDS ***",
            "Bo: posts straddle 4"]  # fmt: skip
    assert read(hand_text(body=body)).lines[-1] == StarsLine("straddles", "Bo", Decimal(4),
                                                             line=8)  # fmt: skip
    body = ["Bo: posts small blind 1", "Ann: posts big blind 2", "Dealt to Ann [As Ad]",
            "Bo: posts straddle 4"]  # fmt: skip
    assert read(hand_text(body=body)).lines[-1].verb == "straddles"
    body = ["Bo: posts small blind 1", "Ann: posts big blind 2", "*** POCKET CARDS ***",
            "Bo: posts straddle 4"]  # fmt: skip
    assert read(hand_text(body=body)).lines[-1].verb == "straddles"
    body = ["Bo: posts small blind 1", "Ann: posts big blind 2", "*** PREFLOP ***",
            "Bo: posts straddle 4"]  # fmt: skip
    assert read(hand_text(body=body)).lines[-1].verb == "straddles"
    body = ["Bo: posts small blind 1", "Ann: posts big blind 2", "*** PRE-FLOP ***",
            "Bo: posts straddle 4"]  # fmt: skip
    assert read(hand_text(body=body)).lines[-1].verb == "straddles"
    body = ["Bo: posts small blind 1", "Ann: posts big blind 2", "Dealt to Ann []",
            "Bo: posts straddle 4"]  # fmt: skip
    assert read(hand_text(body=body)).lines[-1].verb == "straddles"
    body = ["Bo: posts straddle 4", "Ann: posts big blind 2"]
    assert read(hand_text(body=body)).lines[0].verb == "straddle"


def test_a_hand_dealt_to_every_player_has_no_hero() -> None:
    body = ["*** HOLE CARDS ***", "Dealt to Ann [As Ad]", "Dealt to Bo [Ks Kd]"]
    assert read(hand_text(body=body)).extra == {}
    body = ["*** HOLE CARDS ***", "Dealt to Bo [Ks Kd]", "Dealt to Ann []"]
    assert read(hand_text(body=body)).extra == {"_hero": "Bo"}
    seats = [SEATS[0], "Seat 2: Bo (100 in chips) is sitting out"]
    body = ["*** HOLE CARDS ***", "Dealt to Ann [As Ad]"]
    assert read(hand_text(seats=seats, body=body)).extra == {}  # no one else is dealt in


def test_a_player_sitting_out_before_acting_sits_out_of_the_hand() -> None:
    seats = [*SEATS, "Seat 3: Cy (100 in chips)", "Seat 4: Di (100 in chips)"]
    body = ["Bo: posts small blind 1", "Bo is sitting out", "Cy: sits out",
            "Di is sitting out", "Ann: posts big blind 2", "Ann is sitting out",
            "Stranger: sits out", "*** HOLE CARDS ***", "Bo: folds", "Bo: sits out"]  # fmt: skip
    hand = read(hand_text(seats=seats, body=body))
    assert [(s.name, s.sitting_out) for s in hand.seats] == [
        ("Ann", False), ("Bo", False), ("Cy", True), ("Di", True)]
    assert [s.name for s in hand.players] == ["Ann", "Bo"]


def test_chat_and_the_rooms_messages_are_skipped_and_a_players_unknown_line_refused() -> None:
    body = ['Ann said, "nice hand"', "Bo is disconnected", "Ann has timed out",
            "The player Bo is in", "Dealer: Bo: shuffles"]  # fmt: skip
    assert read(hand_text(body=body)).lines == []
    text = hand_text(body=["Bo: posts small blind 1", "Bo: dances"])
    assert refused(text, "h.txt") == (
        "h.txt: line 6: a line of Bo's that pokerroom does not read: 'Bo: dances'"
    )


def test_chat_quoting_an_action_or_a_cancellation_is_chat() -> None:
    """A line of chat is read before any action: what it quotes (a raise, a blind, "Hand
    cancelled", a street's heading), whoever said it, seated or not, is never played."""
    body = ['Ann said, "Bo: raises 1 to 2"', 'Stranger said, "Ann: folds"',
            'Bo said, "Hand cancelled"', 'Ann said, "Bo: posts small blind 1"',
            'Bo said, "the hand was cancelled, right?"', 'Ann said, ""',
            "Bo: posts small blind 1"]  # fmt: skip
    hand = read(hand_text(body=body))
    assert [(x.verb, x.name, x.line) for x in hand.lines] == [("small blind", "Bo", 11)]


def test_a_line_of_a_player_not_seated_is_refused_naming_the_seated() -> None:
    seats = ["Seat 1: Cy (1 in chips)", "Seat 2: Ann (1 in chips)", "Seat 3: Bo (1 in chips)"]
    text = hand_text(seats=seats, body=["Zed: folds"])
    assert refused(text) == (
        "line 6: 'Zed' is not seated at this table (seated: Ann, Bo, Cy)"
    )


@pytest.mark.parametrize(("line", "reason"), [
    ("Hand cancelled", "the hand was cancelled"),
    ("This hand was CANCELLED by the room", "the hand was cancelled"),
    ("*** FLOP ***", "the flop line shows no cards"),
    ("*** TURN *** no cards", "the turn line shows no cards"),
    ("*** FLOP *** [2c 7h 1x]", f"not cards: '2c 7h 1x' ({card_error('2c 7h 1x')})"),
    ("*** SECOND FLOP *** [2c 7h 9s]",
     "the board is run more than once: pokerroom replays one board"),
    ("*** FIRST RIVER *** [2c]", "the board is run more than once: pokerroom replays one board"),
    ("Bo: posts small & big blinds 3",
     "Bo posts small & big blinds (a dead small blind on top of the big blind), which "
     "pokerroom's rules do not play"),
    ("Bo: posts small blind lots", "not an amount: 'lots'"),
    ("Dealt to Bo [Xx Ad]", f"not cards: 'Xx Ad' ({card_error('Xx Ad')})"),
    ("Bo: shows [Xx Ad]", f"not cards: 'Xx Ad' ({card_error('Xx Ad')})"),
    ("Bo: shows [Ah]]", "a line of Bo's that pokerroom does not read: 'Bo: shows [Ah]]'"),
    ("Bo: calls", "'calls' without an amount: 'Bo: calls'"),
    ("Bo: bets", "'bets' without an amount: 'Bo: bets'"),
    ("Bo: raises", "'raises' without an amount: 'Bo: raises'"),
    ("Bo: raises 4", "a raise says 'raises X to Y': 'Bo: raises 4'"),
    ("Bo: raises 4 to lots", "not an amount: 'lots'"),
    ("Bo: calls lots", "not an amount: 'lots'"),
    ("Bo: checks 4", "'checks' takes no amount: 'Bo: checks 4'"),
    ("Bo: folds 4", "'folds' takes no amount: 'Bo: folds 4'"),
    ("Uncalled bet (lots) returned to Bo", "not an amount: 'lots'"),
    ("Bo collected lots from pot", "not an amount: 'lots'"),
])  # fmt: skip
def test_a_line_that_cannot_be_read_is_refused_on_its_line(line: str, reason: str) -> None:
    text = "\n" + hand_text(body=["Ann: posts big blind 2", line])
    assert refused(text, "h.txt") == f"h.txt: line 7: {reason}"


def test_a_fold_showing_its_cards_is_a_fold() -> None:
    hand = read(hand_text(body=["Bo: folds [Ah Kd]", "Ann: checks and has reached the $4 cap"]))
    assert hand.lines == [StarsLine("folds", "Bo", line=5), StarsLine("checks", "Ann", line=6)]


def test_amounts_exactly() -> None:
    assert parse_amount(" $1,234.50 ") == Decimal("1234.50")
    assert parse_amount(".5") == Decimal("0.5")
    assert parse_amount("USD 2") == Decimal(2)
    assert parse_amount("2 USD") == Decimal(2)
    assert parse_amount("USD$2") == Decimal(2)
    for text in ("-2", "USD$$2", "2 USDX", "1.", "2,5.5.5"):
        with pytest.raises(StarsError) as info:
            parse_amount(text)
        assert str(info.value) == f"not an amount: {text!r}"


# ------------------------------------------------------------------------------ writing


def side_pot_hand() -> PlayedHand:
    """Three players all in before the flop in dollars: Bo's $3 makes a main pot of $9
    his three Queens win; Cy's pair of Deuces beats Ann's Ace high for the $14 side pot."""
    deck = stacked_deck([parse_cards("Ah Kh"), parse_cards("Qs Qd"), parse_cards("7c 2d")],
                        parse_cards("Qh 9h 4c 2s 5c"), button=0, burn_cards=False)  # fmt: skip
    hand = Hand(Rules(blinds=(5, 10), burn_cards=False), [1000, 300, 2000], button=0, deck=deck)
    hand.raise_to(30)
    hand.raise_to(300)
    hand.call()
    hand.raise_to(1000)
    hand.call()
    info = {"seats": [3, 6, 1], "table": "Gamma", "seat_count": 6, "currency": "USD",
            "currency_symbol": "$", "year": 2024, "month": 7, "day": 1,
            "time": datetime.time(12, 0, 5), "time_zone": "Europe/Paris"}  # fmt: skip
    return PlayedHand.from_hand(hand, names=["Ann", "Bo", "Cy"], label=41, scale=100,
                                info=info)  # fmt: skip


def test_a_cash_hand_with_side_pots_written_whole() -> None:
    # noon in Paris in summer (UTC+2) is 06:00 in New York (UTC-4); seats by position
    # (left of the button first): Bo 3, Cy 6, Ann (the button) 1
    assert to_pokerstars(side_pot_hand()) == """\
PokerStars Hand #41:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/07/01 06:00:05 ET
Table 'Gamma' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 3: Bo ($3 in chips)
Seat 6: Cy ($20 in chips)
Bo: posts small blind $0.05
Cy: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Bo [Qs Qd]
Dealt to Cy [7c 2d]
Dealt to Ann [Ah Kh]
Ann: raises $0.20 to $0.30
Bo: raises $2.70 to $3 and is all-in
Cy: calls $2.90
Ann: raises $7 to $10 and is all-in
Cy: calls $7
*** FLOP *** [Qh 9h 4c]
*** TURN *** [Qh 9h 4c] [2s]
*** RIVER *** [Qh 9h 4c 2s] [5c]
*** SHOW DOWN ***
Ann: shows [Ah Kh] (high card Ace)
Bo: shows [Qs Qd] (three of a kind, Queens)
Cy: shows [7c 2d] (a pair of Deuces)
Cy collected $14 from side pot
Bo collected $9 from main pot
*** SUMMARY ***
Total pot $23 Main pot $9. Side pot $14. | Rake $0
Board [Qh 9h 4c 2s 5c]
Seat 1: Ann (button) showed [Ah Kh] and lost with high card Ace
Seat 3: Bo (small blind) showed [Qs Qd] and won ($9) with three of a kind, Queens
Seat 6: Cy (big blind) showed [7c 2d] and won ($14) with a pair of Deuces
"""


def test_a_tournament_hand_won_without_a_showdown_written_whole_for_its_hero() -> None:
    deck = stacked_deck([parse_cards("Ah Kh"), parse_cards("Qs Qd"), parse_cards("7c 2d"),
                         parse_cards("9s 9c")], parse_cards("Qh 9h 4c 2s 5c"), button=3,
                        burn_cards=False)  # fmt: skip
    hand = Hand(Rules(blinds=(10, 20), antes=5, burn_cards=False), [1000, 500, 800, 1500],
                button=3, deck=deck)  # fmt: skip
    hand.fold()
    hand.call()
    hand.call()
    hand.check()
    hand.bet(40)
    hand.fold()
    hand.raise_to(120)
    hand.fold()
    played = PlayedHand.from_hand(hand, names=["Ann", "Bo", "Cy", "Di"], label="x")
    text = to_pokerstars(played, hero="Di", tournament=Tournament(5, "$1+$0.10", 9), number=3)
    # no date: the first second of 1970; the table named after the tournament; the pot is
    # 4 antes of 5, 3 bets of 20 and 2 of 40 (Di's raise less the 80 returned)
    assert text == """\
PokerStars Hand #3: Tournament #5, $1+$0.10 Hold'em No Limit - Level IX (10/20) - 1970/01/01 00:00:00 ET
Table '5 1' 4-max Seat #4 is the button
Seat 1: Ann (1000 in chips)
Seat 2: Bo (500 in chips)
Seat 3: Cy (800 in chips)
Seat 4: Di (1500 in chips)
Ann: posts the ante 5
Bo: posts the ante 5
Cy: posts the ante 5
Di: posts the ante 5
Ann: posts small blind 10
Bo: posts big blind 20
*** HOLE CARDS ***
Dealt to Di [9s 9c]
Cy: folds
Di: calls 20
Ann: calls 10
Bo: checks
*** FLOP *** [Qh 9h 4c]
Ann: bets 40
Bo: folds
Di: raises 80 to 120
Ann: folds
Uncalled bet (80) returned to Di
Di collected 160 from pot
Di: doesn't show hand
*** SUMMARY ***
Total pot 160 | Rake 0
Board [Qh 9h 4c]
Seat 1: Ann (small blind) folded on the Flop
Seat 2: Bo (big blind) folded on the Flop
Seat 3: Cy folded before Flop (didn't bet)
Seat 4: Di (button) collected (160)
"""


def folded_hand(rules: Rules, players: int = 2) -> PlayedHand:
    """A hand over as soon as it can be: everyone folds (checks when nothing is to call,
    shows at the showdown)."""
    hand = Hand(rules, [400] * players, button=players - 1, rng=random.Random(1))
    while hand.result is None:
        for act in (hand.fold, hand.check, hand.show):
            try:
                act()
            except IllegalAction:
                continue
            break
    return PlayedHand.from_hand(hand, names=[f"P{k}" for k in range(players)])


@pytest.mark.parametrize(("rules", "reason"), [
    (Rules(wild=WildCards(ranks={Rank.TWO})),
     "wild cards: {} has no hold'em with wild cards or the joker"),
    (Rules(wild=WildCards(joker=JokerMode.BUG)),
     "wild cards: {} has no hold'em with wild cards or the joker"),
    (Rules.preset("no-limit", min_hole_cards=2),
     "min_hole_cards = 2: hold'em in {} lets a hand play the board"),
    (Rules.preset("casino-limit", river_bet=8),
     "fixed-limit bets 2/2/4/8 (pre-flop, flop, turn, river): {} names only a small bet "
     "(pre-flop and flop) and a big bet (turn and river)"),
    (Rules.preset("casino-limit", flop_bet=4),
     "fixed-limit bets 2/4/4/4 (pre-flop, flop, turn, river): {} names only a small bet "
     "(pre-flop and flop) and a big bet (turn and river)"),
])  # fmt: skip
def test_what_the_text_cannot_say_is_refused_with_its_whole_reason(
    rules: Rules, reason: str
) -> None:
    played = folded_hand(rules)
    assert refusal(played) == reason.format("PokerStars text")
    assert refusal(played, "OHH") == reason.format("OHH")
    with pytest.raises(HistoryError) as info:
        to_pokerstars(played)
    assert str(info.value) == "cannot be written as PokerStars text: " + reason.format(
        "PokerStars text")


def test_a_hand_the_text_can_say_has_no_refusal() -> None:
    assert refusal(folded_hand(Rules.preset("casino-limit"))) is None
    assert refusal(folded_hand(Rules(wild=WildCards()))) is None
    assert refusal(folded_hand(Rules(min_hole_cards=0))) is None


def test_an_unfinished_hand_is_refused_whole() -> None:
    hand = Hand(Rules.preset("no-limit"), [400, 400], button=1, rng=random.Random(1))
    played = PlayedHand.from_hand(hand)
    assert refusal(played) == "the hand is not over, and PokerStars text holds finished hands"
    assert refusal(played, "OHH") == "the hand is not over, and OHH holds finished hands"


@pytest.mark.parametrize(("names", "message"), [
    (("A", "A"), "players are named by name there, and 'A' names more than one seat"),
    (("B", "A", "B", "A", "C"), "players are named by name there, and 'A', 'B' names more "
     "than one seat"),
    (("A\nB", "C"), "the player name 'A\\nB' would not read back (names are one line, "
     "without leading or trailing spaces)"),
    (("A\rB", "C"), "the player name 'A\\rB' would not read back (names are one line, "
     "without leading or trailing spaces)"),
    (("C", " A"), "the player name ' A' would not read back (names are one line, without "
     "leading or trailing spaces)"),
    (("C", "A "), "the player name 'A ' would not read back (names are one line, without "
     "leading or trailing spaces)"),
    (("A: folds", "C"), "the player name 'A: folds' would not read back (names are one line, "
     "without leading or trailing spaces)"),
    (("C", "Al: posts"), "the player name 'Al: posts' would not read back (names are one "
     "line, without leading or trailing spaces)"),
    (("C", "Al: mucks it"), "the player name 'Al: mucks it' would not read back (names are "
     "one line, without leading or trailing spaces)"),
])  # fmt: skip
def test_names_that_would_not_read_back_are_refused_whole(names: tuple[str, ...],
                                                           message: str) -> None:  # fmt: skip
    played = folded_hand(Rules.preset("no-limit"), len(names))
    with pytest.raises(HistoryError) as info:
        to_pokerstars(dataclasses.replace(played, names=names))
    assert str(info.value) == f"cannot be written as PokerStars text: {message}"


def test_names_that_only_look_like_actions_are_written() -> None:
    played = folded_hand(Rules.preset("no-limit"))
    for names in (("A:folds", "B shows"), ("A folds", "B: raise")):
        text = to_pokerstars(dataclasses.replace(played, names=names))
        assert text.splitlines()[2:4] == [f"Seat 1: {names[0]} (400 in chips)",
                                          f"Seat 2: {names[1]} (400 in chips)"]  # fmt: skip


def test_a_hero_not_at_the_table_is_refused_naming_the_players() -> None:
    played = folded_hand(Rules.preset("no-limit"), 3)
    with pytest.raises(HistoryError) as info:
        to_pokerstars(played, hero="Nobody")
    assert str(info.value) == "no player 'Nobody' in this hand (players: P0, P1, P2)"


@pytest.mark.parametrize(("rules", "players", "words"), [
    (Rules(blinds=(1, 2)), 2, {1: "small blind", 0: "big blind"}),  # the button posts small
    (Rules(blinds=(1, 2)), 3, {0: "small blind", 1: "big blind"}),
    (Rules(blinds=(1, 2, 4)), 4, {0: "small blind", 1: "big blind", 2: "straddle"}),
    (Rules(blinds=(2, 2)), 3, {0: "small blind", 1: "big blind"}),
    (Rules(blinds=(2, 2)), 2, {1: "small blind", 0: "big blind"}),
    (Rules(blinds=(2,)), 3, {0: "big blind"}),
    (Rules(blinds=(2,)), 2, {1: "small blind"}),  # heads-up, on the button
    (Rules(blinds=(0, 2)), 3, {1: "big blind"}),
    (Rules(blinds=(2,), button_blind=True), 3, {2: "small blind"}),
    (Rules(blinds=(2,), straddle=4), 3, {0: "small blind"}),
])  # fmt: skip
def test_each_blind_is_named_by_its_place(rules: Rules, players: int,
                                          words: dict[int, str]) -> None:  # fmt: skip
    assert blind_words(rules, players) == words


@pytest.mark.parametrize(("data", "tournament"), [
    ({"number": 5, "buy_in": "$1", "level": 3}, Tournament(5, "$1", 3)),
    ({"number": 5}, Tournament(5, "", 1)),
    ({"number": 5, "buy_in": None, "level": 0}, Tournament(5, "", 1)),
    ({"number": 5, "buy_in": 7, "level": "3"}, Tournament(5, "7", 1)),
    ({"number": 5, "level": -2}, Tournament(5, "", 1)),
    ({"number": "5"}, None),
    ({"buy_in": "$1"}, None),
    ("5", None),
])  # fmt: skip
def test_a_recorded_tournament_is_read_with_its_defaults(
    data: object, tournament: Tournament | None
) -> None:
    played = dataclasses.replace(folded_hand(Rules()), info={"_tournament": data})
    assert recorded_tournament(played) == tournament


def test_a_recorded_hero_is_one_of_the_players() -> None:
    played = folded_hand(Rules())
    assert recorded_hero(dataclasses.replace(played, info={"_hero": "P1"})) == "P1"
    assert recorded_hero(dataclasses.replace(played, info={"_hero": "P7"})) is None
    assert recorded_hero(dataclasses.replace(played, info={"_hero": 1})) is None
    assert recorded_hero(dataclasses.replace(played, info={})) is None
    assert recorded_hero(dataclasses.replace(played, names=None, info={"_hero": "P1"})) is None


@pytest.mark.parametrize(("info", "date"), [
    ({"year": 2024, "month": 7, "day": 1}, "2024/07/01 00:00:00"),
    ({"year": 999, "month": 7, "day": 1, "time": datetime.time(1, 2, 3)},
     "0999/07/01 01:02:03"),  # in no zone: written as it is
    ({"year": 2024, "month": 7, "day": 1, "time": datetime.time(1, 2, 3), "time_zone": "UTC"},
     "2024/06/30 21:02:03"),
    ({"year": 2024, "month": 1, "day": 1, "time": datetime.time(1, 2, 3),
      "time_zone_abbreviation": "ET"}, "2024/01/01 01:02:03"),
    ({"year": 2024, "month": 7, "day": 1, "time": "01:02:03"}, "2024/07/01 00:00:00"),
    ({"year": "2024", "month": 7, "day": 1}, None),
    ({"year": 2024, "month": None, "day": 1}, None),
    ({"year": 2024, "month": 7}, None),
    ({}, None),
])  # fmt: skip
def test_the_recorded_date_is_written_in_eastern_time(info: dict[str, object],
                                                      date: str | None) -> None:  # fmt: skip
    played = dataclasses.replace(folded_hand(Rules()), info=info)
    assert played_date(played) == date


def test_the_recorded_date_is_written_in_any_zone_asked() -> None:
    info = {"year": 2024, "month": 7, "day": 1, "time": datetime.time(1, 2, 3),
            "time_zone": "America/New_York"}  # fmt: skip
    played = dataclasses.replace(folded_hand(Rules()), info=info)
    assert played_date(played, "UTC") == "2024/07/01 05:02:03"
    assert played_date(played, "America/New_York") == "2024/07/01 01:02:03"


@pytest.mark.parametrize(("info", "zone"), [
    ({"time_zone_abbreviation": "AEST"}, "AEST"),
    ({"time_zone_abbreviation": "IST"}, "IST"),
    ({"time_zone_abbreviation": "CET"}, "ET"),  # converted
    ({"time_zone_abbreviation": "AEST", "time_zone": "Europe/Paris"}, "ET"),
    ({"time_zone_abbreviation": "Aest"}, "ET"),
    ({"time_zone_abbreviation": "ABCDEF"}, "ET"),
    ({"time_zone_abbreviation": "A"}, "ET"),
    ({"time_zone_abbreviation": 5}, "ET"),
    ({}, "ET"),
])  # fmt: skip
def test_the_zone_a_header_names(info: dict[str, object], zone: str) -> None:
    assert stars_zone(dataclasses.replace(folded_hand(Rules()), info=info)) == zone


def test_a_date_not_written_as_one_is_refused_whole_cut_at_forty() -> None:
    with pytest.raises(HistoryError) as info:
        eastern("x" * 50)
    assert str(info.value) == f"not a date and time like 2024/05/01 20:15:00: {'x' * 40!r}"
    assert eastern("2024/07/04 03:02:01") == "2024/07/03 23:02:01"


@pytest.mark.parametrize(("level", "roman"), [
    (1, "I"), (2, "II"), (3, "III"), (4, "IV"), (5, "V"), (8, "VIII"), (9, "IX"), (10, "X"),
    (14, "XIV"), (19, "XIX"), (28, "XXVIII"), (39, "XXXIX"),
])  # fmt: skip
def test_a_level_is_written_in_roman_numerals_and_read_back(level: int, roman: str) -> None:
    played = folded_hand(Rules(blinds=(1, 2)))
    text = to_pokerstars(played, tournament=Tournament(9, "", level))
    assert text.splitlines()[0] == (
        f"PokerStars Hand #1: Tournament #9, Hold'em No Limit - Level {roman} (1/2) - "
        "1970/01/01 00:00:00 ET"
    )
    assert read(text).level == level


@pytest.mark.parametrize(("rules", "game"), [
    (Rules(blinds=(1, 2)), "Hold'em No Limit (1/2)"),
    (Rules(structure=Structure.POT_LIMIT, blinds=(1, 2)), "Hold'em Pot Limit (1/2)"),
    (Rules.preset("casino-limit"), "Hold'em Limit (2/4)"),  # the small bet and the big bet
    (Rules(blinds=(2,)), "Hold'em No Limit (2/2)"),
    (Rules(blinds=(0, 3), min_bet=3), "Hold'em No Limit (3/3)"),
    (Rules(blinds=(), min_bet=5), "Hold'em No Limit (5/5)"),
])  # fmt: skip
def test_the_game_and_its_stakes_in_the_header(rules: Rules, game: str) -> None:
    played = folded_hand(rules, 3)
    played = dataclasses.replace(played, info={"currency": "USD"})
    first = to_pokerstars(played, number=8).splitlines()[0]
    assert first == f"PokerStars Hand #8:  {game[:-1]} USD) - 1970/01/01 00:00:00 ET"
    tournament = to_pokerstars(played, tournament=Tournament(2, "€5")).splitlines()[0]
    name, _, stakes = game.partition(" (")
    assert tournament == (f"PokerStars Hand #1: Tournament #2, €5 {name} - "
                          f"Level I ({stakes} - 1970/01/01 00:00:00 ET")  # fmt: skip


def test_a_walk_to_a_lone_big_blind_is_written_with_an_empty_pot() -> None:
    """One blind, no small blind: everyone folds to it, its bet comes back and the pot
    is empty (no one collects; the summary names it the big blind it posted)."""
    deck = stacked_deck([parse_cards("As Ad"), parse_cards("Ks Kd"), parse_cards("Qs Qd")],
                        parse_cards("2c 7h 9s Jd 3c"), button=2, burn_cards=False)  # fmt: skip
    hand = Hand(Rules(blinds=(2,), burn_cards=False), [400, 400, 400], button=2, deck=deck)
    hand.fold()
    hand.fold()
    played = PlayedHand.from_hand(hand, names=["P0", "P1", "P2"], label=8)
    text = to_pokerstars(played, hero="P0")
    assert text == """\
PokerStars Hand #8:  Hold'em No Limit (2/2) - 1970/01/01 00:00:00 ET
Table 'pokerroom' 3-max Seat #3 is the button
Seat 1: P0 (400 in chips)
Seat 2: P1 (400 in chips)
Seat 3: P2 (400 in chips)
P0: posts big blind 2
*** HOLE CARDS ***
Dealt to P0 [As Ad]
P1: folds
P2: folds
Uncalled bet (2) returned to P0
*** SUMMARY ***
Total pot 0 | Rake 0
Seat 1: P0 (big blind)
Seat 2: P1 folded before Flop (didn't bet)
Seat 3: P2 (button) folded before Flop (didn't bet)
"""
    assert read(text).pots == [Decimal(0)]


def test_hands_joined_into_a_file_lose_only_their_trailing_line_ends() -> None:
    assert dumps_pokerstars(["\nA \n\n", "BX\n", "C"]) == "\nA \n\n\nBX\n\n\nC\n"
    assert dumps_pokerstars([]) == "\n"


@pytest.mark.parametrize(("cards", "name"), [
    ("Ah Kd 9c 7s 2h", "high card Ace"),
    ("7h Kd 9c 5s 2h", "high card King"),
    ("2h 2d 9c 7s Ah", "a pair of Deuces"),
    ("9h 9d Tc Ts 2c", "two pair, Tens and Nines"),
    ("6h 5d 4c 3s 2h", "a straight, Deuce to Six"),
    ("5h 4d 3c 2s Ah", "a straight, Ace to Five"),
    ("Th Jd Qc Ks Ah", "a straight, Ten to Ace"),
    ("5h 4h 3h 2h Ah", "a straight flush, Ace to Five"),
    ("6h 5h 4h 3h 2h", "a straight flush, Deuce to Six"),
    ("Ks Qs Js Ts 9s", "a straight flush, Nine to King"),
    ("Ts Js Qs Ks As", "a Royal Flush"),
    ("Kh 3h 9h Qh 2h", "a flush, King high"),
    ("3h 3d 3c Ad Ac", "a full house, Threes full of Aces"),
    ("4h 4d 4c 4s 2c", "four of a kind, Fours"),
])  # fmt: skip
def test_every_kind_of_hand_is_named_as_pokerstars_names_it(cards: str, name: str) -> None:
    assert stars_hand_name(evaluate(parse_cards(cards)).value) == name


def test_five_of_a_kind_is_named_by_its_rank() -> None:
    value = evaluate(parse_cards("9h 9d 9c 9s 2h"), wild=WildCards(ranks={Rank.TWO})).value
    assert stars_hand_name(value) == "five of a kind, Nines"


def test_a_hand_shown_down_and_mucked_written_whole() -> None:
    deck = stacked_deck([parse_cards("As Ad"), parse_cards("Kc Kd")],
                        parse_cards("2c 7h 9s Jd 3c"), button=1, burn_cards=False)  # fmt: skip
    hand = Hand(Rules(blinds=(1, 2), burn_cards=False), [100, 100], button=1, deck=deck)
    hand.call()
    for _ in range(7):
        hand.check()
    hand.show()
    hand.muck()
    text = to_pokerstars(PlayedHand.from_hand(hand, names=["Ann", "Bo"], label=5), hero="Bo")
    # heads-up the button posts the small blind; Ann, first after it, shows first
    assert text == """\
PokerStars Hand #5:  Hold'em No Limit (1/2) - 1970/01/01 00:00:00 ET
Table 'pokerroom' 2-max Seat #2 is the button
Seat 1: Ann (100 in chips)
Seat 2: Bo (100 in chips)
Bo: posts small blind 1
Ann: posts big blind 2
*** HOLE CARDS ***
Dealt to Bo [Kc Kd]
Bo: calls 1
Ann: checks
*** FLOP *** [2c 7h 9s]
Ann: checks
Bo: checks
*** TURN *** [2c 7h 9s] [Jd]
Ann: checks
Bo: checks
*** RIVER *** [2c 7h 9s Jd] [3c]
Ann: checks
Bo: checks
*** SHOW DOWN ***
Ann: shows [As Ad] (a pair of Aces)
Bo: mucks hand
Ann collected 4 from pot
*** SUMMARY ***
Total pot 4 | Rake 0
Board [2c 7h 9s Jd 3c]
Seat 1: Ann (big blind) showed [As Ad] and won (4) with a pair of Aces
Seat 2: Bo (button) (small blind) mucked
"""


def test_a_blind_folded_before_the_flop_has_bet() -> None:
    text = to_pokerstars(folded_hand(Rules(blinds=(1, 2))))
    assert text.splitlines()[-2:] == [
        "Seat 1: P0 (big blind) collected (2)",  # 1 of the 2 came back uncalled
        "Seat 2: P1 (button) (small blind) folded before Flop",
    ]


@pytest.mark.parametrize(("name", "zone"), [
    ("CET", "Europe/Paris"), ("UTC", "UTC"), ("Asia/Tokyo", "Asia/Tokyo"),
    ("MST", None), ("Japan", None), ("XYZ", None), ("Mars/Olympus", None), ("", None),
    (None, None), ("../etc", None),
])  # fmt: skip
def test_zones_are_named_by_abbreviations_or_iana_names_with_a_region(
    name: str | None, zone: str | None
) -> None:
    assert zone_named(name) == zone


def test_amounts_finer_than_a_cent_are_written_with_every_digit() -> None:
    played = dataclasses.replace(folded_hand(Rules(blinds=(5, 10))), scale=1000,
                                 info={"currency_symbol": "$"})  # fmt: skip
    text = to_pokerstars(played)
    assert text.splitlines()[0].startswith("PokerStars Hand #1:  Hold'em No Limit ($0.005/$0.01) - ")
    assert text.splitlines()[2] == "Seat 1: P0 ($0.40 in chips)"


def test_blank_lines_inside_a_hand_are_skipped_and_a_later_hand_keeps_its_line() -> None:
    text = hand_text(seats=[SEATS[0], "", SEATS[1]], body=["", *BODY[:3], "", *BODY[3:]])
    hand = read(text)
    assert [s.name for s in hand.seats] == ["Ann", "Bo"]
    assert [(x.verb, x.line) for x in hand.lines] == [
        ("small blind", 7), ("big blind", 8), ("folds", 11), ("returned", 12),
        ("collected", 13)]  # fmt: skip
    (first, second) = parse_pokerstars(hand_text() + "\n\n" + hand_text())
    assert (first.line, second.line) == (1, 15)


def test_a_hole_cards_heading_cut_short_still_starts_the_deal() -> None:
    body = ["Bo: posts small blind 1", "*** HOLE CARDS", "Bo: posts straddle 4"]
    assert read(hand_text(body=body)).lines[-1].verb == "straddles"
    body = ["Bo: posts small blind 1", "*** SOMETHING ELSE ***", "Bo: posts straddle 4"]
    assert read(hand_text(body=body)).lines[-1] == StarsLine("straddle", "Bo", Decimal(4),
                                                             line=7)  # fmt: skip
    body = ["*** HOLE CARDS ***", "*** FLOP *** [2c 7h 9s]", "Bo: posts straddle 4"]
    assert read(hand_text(body=body)).lines[-1] == StarsLine("straddles", "Bo", Decimal(4),
                                                             street=1, line=7)  # fmt: skip


def test_a_check_showing_a_card_is_a_check() -> None:
    hand = read(hand_text(body=["Ann: checks [Ah]"]))
    assert hand.lines == [StarsLine("checks", "Ann", line=5)]


def test_hole_cards_the_record_does_not_know_are_not_dealt_to() -> None:
    played = dataclasses.replace(side_pot_hand(), hidden=frozenset({0, 2}))
    dealt = [x for x in to_pokerstars(played).splitlines() if x.startswith("Dealt to")]
    assert dealt == ["Dealt to Bo [Qs Qd]"]


def test_folds_on_the_turn_and_the_river_are_summed_up_by_street() -> None:
    deck = stacked_deck([parse_cards("As Ad"), parse_cards("Kc Kd"), parse_cards("Qc Qd")],
                        parse_cards("2c 7h 9s Jd 3c"), button=2, burn_cards=False)  # fmt: skip
    hand = Hand(Rules(blinds=(1, 2), burn_cards=False), [100, 100, 100], button=2, deck=deck)
    hand.call()  # the button
    hand.call()
    hand.check()
    for _ in range(3):  # the flop
        hand.check()
    hand.bet(4)  # the turn
    hand.call()
    hand.fold()
    hand.bet(8)  # the river
    hand.fold()
    text = to_pokerstars(PlayedHand.from_hand(hand, names=["Ann", "Bo", "Cy"]))
    assert text.splitlines()[-3:] == [
        "Seat 1: Ann (small blind) collected (14)",  # 3 times 2, 2 times 4; the 8 came back
        "Seat 2: Bo (big blind) folded on the River",
        "Seat 3: Cy (button) folded on the Turn",
    ]


def test_a_pot_in_the_summary_that_is_no_amount_is_refused_on_its_line() -> None:
    text = hand_text(body=[*BODY[:-1], "Total pot 2 Main pot lots. Side pot 1. | Rake 0"])
    assert refused(text) == "line 12: not an amount: 'lots'"
    text = hand_text(body=[*BODY[:-1], "Total pot lots | Rake 0"])
    assert refused(text) == "line 12: not an amount: 'lots'"


def test_the_lines_after_either_showdown_heading_are_of_the_showdown() -> None:
    for heading in ("*** SHOW DOWN ***", "*** SHOWDOWN ***"):
        body = ["*** RIVER *** [2c 7h 9s Jd] [3c]", heading, "Ann: mucks hand"]
        assert read(hand_text(body=body)).lines[-1] == StarsLine("mucks", "Ann", street=4,
                                                                 line=7)  # fmt: skip


def test_a_post_or_a_deal_after_the_flop_is_of_its_street() -> None:
    body = ["*** FLOP *** [2c 7h 9s]", "Bo: posts the ante 1", "Dealt to Ann [As Ad]"]
    assert read(hand_text(body=body)).lines[1:] == [
        StarsLine("ante", "Bo", Decimal(1), street=1, line=6),
        StarsLine("dealt", "Ann", cards=tuple(parse_cards("As Ad")), street=1, line=7),
    ]


def test_a_player_named_like_a_seat_line_is_read() -> None:
    hand = read(hand_text(seats=["Seat 1: Seat 1 (100 in chips)", "Seat 2: Bo (100 in chips)"],
                          body=["Bo: posts small blind 1", "Seat 1: posts big blind 2"]))  # fmt: skip
    assert [s.name for s in hand.seats] == ["Seat 1", "Bo"]
    assert [(x.verb, x.name) for x in hand.lines] == [("small blind", "Bo"),
                                                      ("big blind", "Seat 1")]  # fmt: skip


def test_every_line_of_the_summary_is_read_for_the_rake() -> None:
    body = [*BODY[:-1], "Board [2c 7h 9s]", "Total pot 2 | Rake 1"]
    assert read(hand_text(body=body)).rake == Decimal(1)
