"""OHH read and written, and a PokerStars or OHH hand replayed, to the exact value: the
refusals' whole texts naming the field, the JSON written field by field, the rules each
reading guesses and the PHH fields of the replay.  The expected values are worked out by
hand from the hands built here (every amount, id and seat is counted in the comments)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pokerroom.history.ohh import NO_DATE, ohh_hand
from pokerroom.history.starsread import StarsHand


def _date_of(start: str) -> tuple[tuple[int, int, int, int, int, int] | None, str | None]:
    hand = _read({"start_date_utc": start})
    return hand.date, hand.zone


# ------------------------------------------------------------------------ the hand read


def _minimal() -> dict[str, Any]:
    """A heads-up no-limit hand of blinds 1/2: Ann (id 0, seat 1, the button and small
    blind) folds to Bo's big blind (id 1, seat 2), who wins the 3 chips."""
    return {"ohh": {
        "spec_version": "1.4.7", "game_number": "12", "start_date_utc": NO_DATE,
        "table_name": "T", "game_type": "Holdem",
        "bet_limit": {"bet_type": "NL", "bet_cap": 0}, "table_size": 2,
        "currency": "XPM", "dealer_seat": 1, "small_blind_amount": 1,
        "big_blind_amount": 2, "ante_amount": 0,
        "players": [{"id": 0, "seat": 1, "name": "Ann", "starting_stack": 100},
                    {"id": 1, "seat": 2, "name": "Bo", "starting_stack": 100}],
        "rounds": [{"id": 0, "street": "Preflop", "actions": [
            {"action_number": 1, "player_id": 0, "action": "Post SB", "amount": 1},
            {"action_number": 2, "player_id": 1, "action": "Post BB", "amount": 2},
            {"action_number": 3, "player_id": 0, "action": "Fold"}]}],
        "pots": [{"number": 0, "amount": 3, "rake": 0,
                  "player_wins": [{"player_id": 1, "win_amount": 3}]}],
    }}  # fmt: skip


def _read(changes: dict[str, Any]) -> StarsHand:
    data = _minimal()
    data["ohh"].update(changes)
    return ohh_hand(json.loads(json.dumps(data)))


@pytest.mark.parametrize(("start", "date"), [
    ("2024-07-04T23:30:00Z", (2024, 7, 4, 23, 30, 0)),
    ("2024-07-04T23:30:00", (2024, 7, 4, 23, 30, 0)),  # no zone written: taken as UTC
    ("2024-07-04T23:30:00+02:00", (2024, 7, 4, 21, 30, 0)),  # two hours ahead of UTC
    ("2024-07-05T01:30:00+02:00", (2024, 7, 4, 23, 30, 0)),  # back across midnight
    ("2024-12-31T22:00:00-05:00", (2025, 1, 1, 3, 0, 0)),  # on into the next year
    ("2024-07-04T23:30:00+0530", (2024, 7, 4, 18, 0, 0)),  # half an hour in the offset
    ("2024-07-04Z", (2024, 7, 4, 0, 0, 0)),  # a day alone, said to be UTC
    ("2024-07-04T23:30:00ZZ", (2024, 7, 4, 23, 30, 0)),  # read as it always was
])  # fmt: skip
def test_the_start_is_read_as_the_moment_in_utc_whatever_offset_it_is_written_with(
    start: str, date: tuple[int, ...]
) -> None:
    assert _date_of(start) == (date, "UTC")


def test_the_unknown_date_and_an_empty_one_are_read_as_no_date() -> None:
    assert _date_of(NO_DATE) == (None, None)
    assert _date_of("") == (None, None)
