"""PokerStars hand-history text: written for trackers, read back by PokerKit's own
``PokerStarsParser`` into the same hands, read back by pokerroom into the same hands, and
real PokerStars text (cash, tournament, fixed limit, side pots) replayed and checked.

PokerKit 0.7.7's parser reads no-limit hold'em only (its ``VARIANTS``), knows no antes
(``ANTE_POSTING`` never matches) and no straddles, and fails on every hand whose header
has a time zone (it passes ``time_zone_abbreviation``, which its own ``HandHistory``
refuses).  The oracle below is that parser with those two gaps filled (an ante pattern,
the time zone left out) and nothing else; it replays hands with PokerKit's conventions,
so the hands compared are played with them (``POKERKIT_CONVENTIONS``), dead antes (its
``ante_trimming_status`` default), two blinds, and sensible showdowns (PokerKit shows
every hand it does not see mucked)."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from unittest import mock

import pytest
from pokerkit.notation import HandHistory, PokerStarsParser
from pokerkit.state import State

from conftest import DATA
from pokerroom.engine import EventKind, Hand
from pokerroom.history.compare import compare
from pokerroom.history.errors import HistoryError
from pokerroom.history.phh import load
from pokerroom.history.pokerstars import (
    Tournament,
    dumps_pokerstars,
    refusal,
    stars_hand_name,
    to_pokerstars,
)
from pokerroom.history.record import PlayedHand, phh_order, to_phh
from pokerroom.history.replay import replay_phh
from pokerroom.history.starsread import parse_pokerstars
from pokerroom.history.starsreplay import replay_stars
from pokerroom.rules import POKERKIT_CONVENTIONS, Rules, Structure, TieSplit
from test_history_random import any_rules, play_random, pokerkit_rules, random_hands
from test_replay_roundtrip import _events_by_position

PHH_FILES = sorted((DATA / "phh").rglob("*.phh"))


class PokerKitReader(PokerStarsParser):
    """PokerKit's parser, with antes read and the time zone left out (see the module)."""

    ANTE_POSTING = re.compile(r"(?P<player>.+): posts the ante \D?(?P<ante>[0-9.]+)")
    VARIABLES = {  # noqa: RUF012 - PokerKit's own class attribute, narrowed
        k: v for k, v in PokerStarsParser.VARIABLES.items() if k != "time_zone_abbreviation"
    }


def read_in_pokerkit(text: str) -> tuple[HandHistory, State]:
    """The one hand of ``text`` as PokerKit reads it, and the state PokerKit reached
    playing it through to its end.  Its parser plays the hand to write the actions it
    returns (``HandHistory.from_game_state``): that state is kept as it goes by, where
    playing the returned history through once more (``list(theirs)[-1]``) would repeat
    the same moves to the same end, and took as long as the reading itself."""
    ends: list[State] = []
    written = HandHistory.from_game_state

    def keep(game: object, state: State, **kwargs: object) -> HandHistory:
        ends.append(state)
        return written(game, state, **kwargs)  # type: ignore[arg-type]

    with mock.patch.object(HandHistory, "from_game_state", keep):
        (theirs,) = list(PokerKitReader()(text, error_status=True))
    (end,) = ends
    assert end.status is False  # the hand is over: nothing left to play
    return theirs, end


def stars_oracle_rules(rng: random.Random, players: int) -> Rules:
    """No limit with PokerKit's conventions, two blinds, dead antes or none (uniform or a
    big-blind ante)."""
    small = rng.choice([1, 2, 5, 25])
    antes: int | tuple[int, ...] = 0
    pick = rng.random()
    if pick < 0.25:
        antes = max(1, small // 2)
    elif pick < 0.35 and players > 2:
        antes = tuple(2 * small if p == 1 else 0 for p in range(players))
    return Rules(structure=Structure.NO_LIMIT, min_bet=2 * small, blinds=(small, 2 * small),
                 antes=antes, dead_antes=True, **POKERKIT_CONVENTIONS)  # fmt: skip


def _posted(played: PlayedHand, kind: EventKind) -> list[int]:
    by_position = [0] * played.players
    for e in played.events:
        if e.kind is kind:
            by_position[played.position(e.seat)] += e.amount
    return phh_order(by_position)


def _same_in_pokerkit(played: PlayedHand, text: str) -> None:
    """PokerKit reads ``text`` into ``played``: players, forced bets posted, actions,
    board, shown cards and finishing stacks."""
    theirs, final = read_in_pokerkit(text)
    ours = to_phh(played)
    assert list(theirs.players) == list(ours.players)
    assert [int(a) for a in theirs.antes] == _posted(played, EventKind.ANTE)
    assert [int(b) for b in theirs.blinds_or_straddles] == _posted(played, EventKind.BLIND)
    # PokerKit writes its own shows (and '????' for the hands it turns up): the betting
    # and the board are compared in order, the cards shown as a set
    bets = [str(a) for a in ours.actions if str(a).split()[1] != "sm"]
    assert [a for a in theirs.actions if a.split()[1] != "sm"] == bets
    shown = sorted(str(a) for a in ours.actions if str(a).split()[1] == "sm" and a.cards)
    assert sorted(a for a in theirs.actions if a.split()[1] == "sm" and "?" not in a) == shown
    assert [s for s in final.stacks] == list(ours.finishing_stacks)


def _pokerkit_hands(seed: int, count: int) -> int:
    checked = 0
    for _, played in random_hands(seed, count, rules_for=stars_oracle_rules,
                                  random_showdown=False):  # fmt: skip
        text = to_pokerstars(played)
        _same_in_pokerkit(played, text)
        checked += 1
    return checked


def test_pokerstars_text_reads_in_pokerkit_into_the_same_hands() -> None:
    """200 hands, 2 to 9 players, short stacks, side pots, antes, all-ins."""
    assert _pokerkit_hands(4242, 200) == 200


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_pokerstars_text_reads_in_pokerkit_into_the_same_hands_thousands(seed: int) -> None:
    """3,000 more hands (10 x 300)."""
    assert _pokerkit_hands(90_000 + seed, 300) == 300


def test_amounts_in_dollars_read_in_pokerkit_to_the_cent() -> None:
    """A hand kept in cents is written in dollars ($0.25) and read back to the cent."""
    seen: Counter[str] = Counter()
    for _, played in random_hands(77, 60, rules_for=stars_oracle_rules, random_showdown=False):
        cents = dataclasses.replace(played, scale=100, info={"currency_symbol": "$",
                                                             "currency": "USD"})  # fmt: skip
        text = to_pokerstars(cents)
        assert "$" in text and " USD)" in text.splitlines()[0]
        _, final = read_in_pokerkit(text)
        result = played.result
        assert result is not None
        # PokerKit splits a pot to the fraction of a cent (it has no odd-chip rule for
        # Decimal amounts): its stacks match under pokerroom's odd-chip policy
        by_seat = [Fraction(0)] * played.players
        for p, stack in enumerate(final.stacks):
            by_seat[played.seat(p)] = Fraction(Decimal(stack)) * 100
        check = compare(by_seat, result, result.stacks)
        assert check.matches, (check, text)
        seen[check.how] += 1
    assert seen["exact"] >= 50


# ----------------------------------------------------------------- pokerroom reads it back


def _casino(rng: random.Random, players: int) -> Rules:
    choice = rng.randrange(4)
    if choice == 0:
        return Rules.preset("casino-limit")
    if choice == 1:
        return Rules.preset("no-limit", antes=rng.choice([0, 1]))
    if choice == 2:
        return Rules.preset("computer-tournament")
    return Rules(structure=Structure.POT_LIMIT, blinds=(1, 2), antes=rng.choice([0, 1]))


def _events(played: PlayedHand) -> list[tuple[object, ...]]:
    return [e[:7] for e in _events_by_position(played) if e[0] is not EventKind.BURN]


def _round_trip(seed: int, count: int, rules_for: object) -> Counter[str]:
    seen: Counter[str] = Counter()
    for _, played in random_hands(seed, count, rules_for=rules_for):  # type: ignore[arg-type]
        reason = refusal(played)
        if reason is not None:
            seen["refused"] += 1
            continue
        text = to_pokerstars(played)
        replay = replay_stars(parse_pokerstars(text)[0])
        again = replay.played
        # the events (no burns: a record never has them), but the value a SHOW announced
        # (the text names the hand the cards make)
        assert _events(again) == _events(played), text
        check = replay.check()
        assert check is not None and check.matches and check.how == "exact", text
        assert to_pokerstars(again) == text  # written again: the same text
        seen[played.rules.structure.value] += 1
    return seen


@pytest.mark.parametrize("rules_for", [pokerkit_rules, _casino, any_rules],
                         ids=["pokerkit-conventions", "presets", "any-rules"])  # fmt: skip
def test_written_hands_read_back_into_the_same_hands(rules_for: object) -> None:
    """Every structure pokerroom plays that the text carries: fixed, pot and no limit,
    antes live and dead, big-blind antes, straddles, 001's button blind and straddle,
    odd chips by suit; the hand replays to the same events and stacks, and is written
    again to the same text."""
    seen = _round_trip(31, 150, rules_for)
    assert sum(n for k, n in seen.items() if k != "refused") >= 80


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_written_hands_read_back_into_the_same_hands_thousands(seed: int) -> None:
    for rules_for in (pokerkit_rules, _casino, any_rules):
        _round_trip(500 + seed, 400, rules_for)


# ---------------------------------------------------------------------- the PHH data set

_CARRIED = ("variant", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet",
            "starting_stacks", "actions", "players", "finishing_stacks", "winnings")  # fmt: skip


@pytest.mark.parametrize("path", PHH_FILES or [DATA], ids=lambda p: p.name)
def test_phh_to_pokerstars_to_phh_is_the_identity(path: Path, data_dir: Path) -> None:
    """Every real PHH hand: PHH -> PokerStars -> pokerroom -> PHH is the same hand (every
    field the text carries: the game, forced bets, stakes, stacks, every action and card,
    players, finishing stacks and winnings, and the hand's number and date where the
    record has them), and PokerKit reads the text to the same stacks where it can."""
    original = replay_phh(load(path)).played
    text = to_pokerstars(original)
    replay = replay_stars(parse_pokerstars(text)[0])
    first, again = to_phh(original), to_phh(replay.played)
    for name in _CARRIED:
        assert getattr(again, name) == getattr(first, name), name
    for name in ("hand", "year", "month", "day"):
        if getattr(first, name) is not None and first.month is not None:
            assert getattr(again, name) == getattr(first, name), name
    check = replay.check()
    assert check is not None and check.matches


def test_the_phh_data_reads_in_pokerkit_where_pokerkit_reads_the_game(data_dir: Path) -> None:
    """The no-limit hands of the data set (Pluribus, WSOP, Dwan-Ivey) read in PokerKit's
    parser to the same players, bets, actions and stacks: fixed limit it does not read."""
    read = 0
    for path in PHH_FILES:
        played = replay_phh(load(path)).played
        if played.rules.structure is not Structure.NO_LIMIT or (
            any(played.rules.ante_amounts(played.players)) and not played.rules.dead_antes
        ) or len(played.hidden):  # fmt: skip
            continue
        _same_in_pokerkit(played, to_pokerstars(played))
        read += 1
    assert read >= 75


# --------------------------------------------------------------------- what the text says


def _hand(rules: Rules, stacks: list[int], seed: int = 3) -> PlayedHand:
    rng = random.Random(seed)
    hand = Hand(rules, stacks, button=len(stacks) - 1, rng=rng)
    play_random(hand, rng, random_showdown=False)
    return PlayedHand.from_hand(hand, names=[f"P{k}" for k in range(len(stacks))], label=12)


def test_only_the_heros_hole_cards_are_dealt_to() -> None:
    played = _hand(Rules.preset("no-limit"), [400, 400, 400])
    text = to_pokerstars(played, hero="P1")
    assert [line for line in text.splitlines() if line.startswith("Dealt to")] == [
        line for line in to_pokerstars(played).splitlines() if line.startswith("Dealt to P1 ")
    ]
    with pytest.raises(HistoryError, match="no player 'Nobody'"):
        to_pokerstars(played, hero="Nobody")


def test_tournament_header_names_tournament_buy_in_and_level() -> None:
    played = _hand(Rules.preset("no-limit", antes=1), [400, 400, 400])
    text = to_pokerstars(played, tournament=Tournament(77, "$10+$1 USD", 4),
                         when="2024/05/01 20:15:00")  # fmt: skip
    assert text.splitlines()[0] == (  # (the date given in UTC, written in Eastern time)
        "PokerStars Hand #12: Tournament #77, $10+$1 USD Hold'em No Limit - Level IV (2/4) - "
        "2024/05/01 16:15:00 ET"
    )
    assert "P0: posts the ante 1" in text
    read = replay_stars(parse_pokerstars(text)[0]).played
    assert read.info["_tournament"] == {"number": 77, "buy_in": "$10+$1 USD", "level": 4}
    assert to_pokerstars(read) == text


def test_hands_are_named_as_pokerstars_names_them() -> None:
    from pokerroom.cards import parse_cards
    from pokerroom.evaluator import evaluate

    def name(cards: str) -> str:
        return stars_hand_name(evaluate(parse_cards(cards)).value)

    assert name("Ah Kd 9c 7s 2h") == "high card Ace"
    assert name("Qh Qd Jc Jd 2c") == "two pair, Queens and Jacks"
    assert name("7h 7d 7c Ad 2c") == "three of a kind, Sevens"
    assert name("9h Td Jc Qd Kc") == "a straight, Nine to King"
    assert name("Ah 3h 9h Qh 2h") == "a flush, Ace high"
    assert name("Kh Kd Kc 2d 2c") == "a full house, Kings full of Deuces"
    assert name("5h 5d 5c 5s 2c") == "four of a kind, Fives"
    assert name("5h 6h 7h 8h 9h") == "a straight flush, Five to Nine"
    assert name("Th Jh Qh Kh Ah") == "a Royal Flush"


def test_several_hands_are_two_blank_lines_apart() -> None:
    texts = [to_pokerstars(p) for _, p in random_hands(5, 3, rules_for=_casino)
             if refusal(p) is None]  # fmt: skip
    joined = dumps_pokerstars(texts)
    assert joined.count("\n\n\nPokerStars Hand #") == len(texts) - 1
    assert len(parse_pokerstars(joined)) == len(texts)


# ----------------------------------------------------------------- what it cannot say


def test_wild_cards_are_refused_with_the_reason() -> None:
    played = _hand(Rules.preset("wild"), [400, 400])
    with pytest.raises(HistoryError, match="wild cards: PokerStars text has no hold'em"):
        to_pokerstars(played)


def test_a_fixed_limit_river_bet_is_refused_with_the_reason() -> None:
    played = _hand(Rules.preset("casino-limit", river_bet=8), [400, 400])
    with pytest.raises(HistoryError, match="fixed-limit bets 2/2/4/8"):
        to_pokerstars(played)


def test_hands_that_must_use_hole_cards_are_refused() -> None:
    played = _hand(Rules.preset("no-limit", min_hole_cards=2), [400, 400])
    assert "min_hole_cards = 2" in (refusal(played) or "")


def test_an_unfinished_hand_is_refused() -> None:
    hand = Hand(Rules.preset("no-limit"), [400, 400], button=1, rng=random.Random(1))
    played = PlayedHand.from_hand(hand, names=["A", "B"])
    assert "not over" in (refusal(played) or "")


def test_proportional_split_is_refused_only_where_it_changed_the_payout() -> None:
    """001's proportional tie split (rules.md §9) pays otherwise than side pots only when
    an all-in hand ties: those hands are refused, naming the payouts; the others are
    written (their pots are the side pots)."""
    refused = written = 0
    for _, played in random_hands(8, 400, rules_for=lambda rng, n: Rules.preset(
            "no-limit", tie_split=TieSplit.PROPORTIONAL)):  # fmt: skip
        reason = refusal(played)
        if reason is None:
            to_pokerstars(played)
            written += 1
        else:
            assert "001's proportional tie split paid this pot otherwise" in reason
            refused += 1
    assert refused >= 1 and written >= 300


def test_names_that_would_not_read_back_are_refused() -> None:
    played = _hand(Rules.preset("no-limit"), [400, 400])
    for names in (["A", "A"], ["A\nB", "C"], [" A", "B"]):
        with pytest.raises(HistoryError, match="name"):
            to_pokerstars(dataclasses.replace(played, names=tuple(names)))


@pytest.mark.parametrize(("utc", "eastern_time"), [
    ("2024/03/10 06:59:59", "2024/03/10 01:59:59"),  # the last second of standard time
    ("2024/03/10 07:00:00", "2024/03/10 03:00:00"),  # daylight saving time starts
    ("2024/11/03 05:59:59", "2024/11/03 01:59:59"),  # the first 1:59:59, daylight time
    ("2024/11/03 06:00:00", "2024/11/03 01:00:00"),  # standard time again: 1:00 twice
    ("2000/01/01 04:59:59", "1999/12/31 23:59:59"),  # the day and the year before
    ("9999/12/31 23:59:59", "9999/12/31 18:59:59"),
    ("0001/01/01 00:00:00", "0001/01/01 00:00:00"),  # no earlier moment can be written
])  # fmt: skip
def test_a_date_given_in_utc_is_written_in_eastern_time(utc: str, eastern_time: str) -> None:
    played = _hand(Rules.preset("no-limit"), [400, 400, 400])
    assert to_pokerstars(played, when=utc).splitlines()[0].endswith(f" - {eastern_time} ET")


def test_a_date_not_written_as_one_is_refused_by_name() -> None:
    played = _hand(Rules.preset("no-limit"), [400, 400, 400])
    with pytest.raises(HistoryError, match=r"not a date and time like 2024/05/01 20:15:00: "
                                           r"'2024-05-01'"):  # fmt: skip
        to_pokerstars(played, when="2024-05-01")
