"""Reading real PokerStars text: cash games in dollars with rake, fixed limit, a
tournament with antes and a player sitting out, side pots, several hands in a file with
a byte-order mark and CRLF; hands that cannot be read are refused one by one with the
line and the reason, and no text, however mangled, gets anything but such an error."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.history.errors import HistoryError
from pokerroom.history.pokerstars import to_pokerstars
from pokerroom.history.starsread import (
    StarsError,
    is_pokerstars,
    iter_pokerstars,
    parse_amount,
    parse_pokerstars,
)
from pokerroom.history.starsreplay import replay_stars
from pokerroom.history.text import render
from stars_samples import CASH_LIMIT, CASH_NL, FILE, SIDE_POTS, TOURNAMENT


def _replay(text: str):  # type: ignore[no-untyped-def]
    return replay_stars(parse_pokerstars(text)[0])


def test_a_cash_hand_with_rake_replays_to_its_stacks_less_the_rake() -> None:
    replay = _replay(CASH_NL)
    played = replay.played
    assert played.scale == 100  # cents
    assert played.names == ("Villain5", "Villain1", "Villain2", "Hero")  # Villain4 sits out
    assert played.result is not None and played.result.won == (0, 69, 0, 0)
    check = replay.check()
    assert check is not None and check.matches and check.how == "exact, less the rake"
    assert played.info["currency"] == "USD" and played.info["currency_symbol"] == "$"
    assert (played.info["year"], played.info["month"], played.info["day"]) == (2021, 9, 19)
    # dated in CET with Eastern time in brackets: the Eastern time is read, and written
    assert played.info["time"] == datetime.time(4, 12, 37)
    assert to_pokerstars(played).splitlines()[0].endswith(" - 2021/09/19 04:12:37 ET")


def test_a_fixed_limit_hand_replays_with_its_bets() -> None:
    replay = _replay(CASH_LIMIT)
    rules = replay.played.rules
    assert rules.units == (10, 10, 20, 20) and rules.blinds == (5, 10)
    check = replay.check()
    assert check is not None and check.matches
    assert "Alpha wins the pot" in render(replay.played)


def test_a_tournament_hand_with_antes_and_a_player_sitting_out() -> None:
    """A tournament deals in a player who sits out (Dana posts and folds)."""
    replay = _replay(TOURNAMENT)
    played = replay.played
    assert played.rules.antes == 5 and played.rules.blinds == (25, 50)
    assert "Dana" in (played.names or ())
    assert played.info["_tournament"] == {"number": 2900000000, "buy_in": "$0.98+$0.12 USD",
                                          "level": 4}  # fmt: skip
    check = replay.check()
    assert check is not None and check.how == "exact"


def test_side_pots_replay_to_the_pots_the_text_lists() -> None:
    replay = _replay(SIDE_POTS)
    result = replay.played.result
    assert result is not None
    assert [p.amount for p in result.pots] == [3300, 3000]
    check = replay.check()
    assert check is not None and check.how == "exact"


def test_a_file_of_hands_with_a_byte_order_mark_and_crlf() -> None:
    assert is_pokerstars(FILE)
    hands = parse_pokerstars(FILE)
    assert [h.number for h in hands] == [229017891238, 41234567890, 208000000001, 300000000002]
    assert all(replay_stars(h).check().matches for h in hands)  # type: ignore[union-attr]


def test_amounts_with_currency_symbols_and_thousands_separators() -> None:
    assert parse_amount("$1,234.56") == Decimal("1234.56")
    assert parse_amount("€2") == Decimal(2)
    assert parse_amount("£0.50") == Decimal("0.50")
    assert parse_amount("1,500") == Decimal(1500)
    with pytest.raises(StarsError, match="not an amount: 'lots'"):
        parse_amount("lots")


# -------------------------------------------------------------------- refused, hand by hand


def _broken(old: str, new: str, text: str = CASH_NL) -> str:
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_broken("Hold'em No Limit", "Omaha Pot Limit"), "the game is 'Omaha'"),
        (_broken("Hero: folds", "Hero: dances"), "a line of Hero's that pokerroom does not read"),
        (_broken("Villain1: checks", "Stranger: checks"), "'Stranger' is not seated"),
        (_broken("Table 'Aaltje II'", "Tisch 'Aaltje II'"), "no line 'Table"),
        (_broken("*** TURN *** [2c 7h 9s] [Jd]", "*** FIRST TURN *** [Jd]"), "run more than once"),
        (_broken("Villain5: posts small blind $0.01",
                 "Villain5: posts small & big blinds $0.03"), "dead small blind"),
        (_broken("($0.01/$0.02 USD)", "(cheap)"), "no stakes"),
        (_broken("Hero: bets $0.08", "Hero: bets"), "'bets' without an amount"),
        (_broken("[2c 7h 9s]", "[2c 7h 9x]"), "not cards"),
    ],
    ids=["omaha", "unknown-action", "not-seated", "no-table", "run-twice", "dead-blind",
         "no-stakes", "no-amount", "bad-card"],
)  # fmt: skip
def test_a_hand_that_cannot_be_read_is_refused_with_the_line(text: str, message: str) -> None:
    (item,) = iter_pokerstars(text, source="h.txt")
    assert isinstance(item, StarsError), item
    assert message in str(item) and str(item).startswith("h.txt: line ")


def test_a_hand_whose_actions_break_the_rules_is_refused_by_the_replay() -> None:
    text = _broken("Villain1: raises $0.20 to $0.28", "Villain1: raises $0.02 to $0.10")
    with pytest.raises(HistoryError, match="cannot raise to"):
        _replay(text)


def test_a_hand_whose_amounts_disagree_is_found_by_the_check() -> None:
    text = _broken("Villain1 collected $0.68 from pot", "Villain1 collected $0.60 from pot")
    check = _replay(text).check()
    assert check is not None and not check.matches


def test_one_bad_hand_does_not_stop_the_others() -> None:
    text = CASH_NL + "\n\n\n" + _broken("Hold'em Limit", "Razz", CASH_LIMIT) + "\n\n\n" + TOURNAMENT
    items = iter_pokerstars(text)
    assert [isinstance(i, StarsError) for i in items] == [False, True, False]


def test_text_that_is_not_pokerstars_is_refused() -> None:
    with pytest.raises(StarsError, match="not PokerStars text"):
        parse_pokerstars("Full Tilt Poker Game #1: Table X\n")
    with pytest.raises(StarsError, match="not PokerStars text"):
        parse_pokerstars("")


# ---------------------------------------------------------------------------- fuzzing

_LINES = [line for line in FILE.replace("\r", "").lstrip("\ufeff").split("\n")]


def _read_all(text: str) -> None:
    """Every hand of the text read and replayed: a HistoryError is the only failure."""
    try:
        items = iter_pokerstars(text)
    except HistoryError:
        return
    for item in items:
        if isinstance(item, HistoryError):
            continue
        try:
            replay = replay_stars(item)
        except HistoryError:
            continue
        replay.check()
        render(replay.played)


_EDITS = st.sampled_from(["drop", "dup", "swap", "digit", "cut", "junk"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(_LINES) - 1), _EDITS, st.text(max_size=8)),
                max_size=6))  # fmt: skip
def test_mangled_pokerstars_text_gets_an_error_never_a_crash(
    edits: list[tuple[int, str, str]],
) -> None:
    lines = list(_LINES)
    for position, how, junk in edits:
        index = position % len(lines)
        line = lines[index]
        if how == "drop":
            del lines[index]
        elif how == "dup":
            lines.insert(index, line)
        elif how == "swap" and index + 1 < len(lines):
            lines[index], lines[index + 1] = lines[index + 1], line
        elif how == "digit":
            lines[index] = "".join(str((int(c) + 3) % 10) if c in "0123456789" else c for c in line)
        elif how == "cut":
            lines[index] = line[: len(line) // 2]
        else:
            lines[index] = line + junk
        if not lines:
            break
    _read_all("\n".join(lines))


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=400))
def test_random_text_gets_an_error_never_a_crash(text: str) -> None:
    _read_all("PokerStars Hand #1:  Hold'em No Limit (1/2) - 2020/01/01 00:00:00 ET\n" + text)
    _read_all(text)
