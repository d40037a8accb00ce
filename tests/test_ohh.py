"""Open Hand History: every hand written is valid against the schema written from the
published specification; OHH -> pokerroom -> OHH is the identity; files of several
hands; what OHH cannot say is refused; and no OHH, however mangled, gets anything but
a HistoryError."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DATA
from pokerroom.engine import Hand
from pokerroom.history.errors import HistoryError
from pokerroom.history.ohh import (
    OHHError,
    dumps_ohh,
    ohh_hand,
    parse_ohh,
    replay_ohh,
    schema,
    to_ohh,
)
from pokerroom.history.phh import load
from pokerroom.history.pokerstars import Tournament, refusal
from pokerroom.history.record import PlayedHand
from pokerroom.history.replay import replay_phh
from pokerroom.history.sources import replays
from pokerroom.rules import Rules
from test_history_random import any_rules, play_random, pokerkit_rules, random_hands

VALIDATOR = jsonschema.Draft202012Validator(schema())
PHH_FILES = sorted((DATA / "phh").rglob("*.phh"))


def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())


def _round_trip(seed: int, count: int, rules_for: object) -> Counter[str]:
    seen: Counter[str] = Counter()
    for _, played in random_hands(seed, count, rules_for=rules_for):  # type: ignore[arg-type]
        if refusal(played, "OHH") is not None:
            seen["refused"] += 1
            continue
        try:
            data = to_ohh(played)
        except HistoryError as exc:
            assert "OHH names the blinds only" in str(exc)
            seen["refused"] += 1
            continue
        VALIDATOR.validate(data)
        text = dumps_ohh([data])
        (again,) = parse_ohh(text)
        assert isinstance(again, dict)
        replay = replay_ohh(again)
        assert to_ohh(replay.played) == json.loads(text), text
        check = replay.check()
        assert check is not None and check.matches and check.how == "exact"
        seen["written"] += 1
    return seen


@pytest.mark.parametrize("rules_for", [pokerkit_rules, any_rules],
                         ids=["pokerkit-conventions", "any-rules"])  # fmt: skip
def test_ohh_to_pokerroom_to_ohh_is_the_identity(rules_for: object) -> None:
    """Hands of every kind written as OHH are valid against the schema, and read back
    and written again give the same JSON."""
    seen = _round_trip(61, 150, rules_for)
    assert seen["written"] >= 90


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_ohh_to_pokerroom_to_ohh_is_the_identity_thousands(seed: int) -> None:
    for rules_for in (pokerkit_rules, any_rules):
        _round_trip(700 + seed, 400, rules_for)


@pytest.mark.parametrize("path", PHH_FILES or [DATA], ids=lambda p: p.name)
def test_the_phh_data_written_as_ohh_is_valid_and_reads_back(path: Path, data_dir: Path) -> None:
    played = replay_phh(load(path)).played
    data = to_ohh(played)
    VALIDATOR.validate(data)
    replay = replay_ohh(json.loads(json.dumps(data)))
    assert to_ohh(replay.played) == data
    check = replay.check()
    assert check is not None and check.matches


def _hand(rules: Rules, stacks: list[int], seed: int = 5) -> PlayedHand:
    rng = random.Random(seed)
    hand = Hand(rules, stacks, button=len(stacks) - 1, rng=rng)
    play_random(hand, rng, random_showdown=False)
    return PlayedHand.from_hand(hand, names=[f"P{k}" for k in range(len(stacks))], label=3)


def test_a_hero_gets_dealt_cards_and_the_hero_id() -> None:
    played = _hand(Rules.preset("no-limit"), [300, 300, 300])
    data = to_ohh(played, hero="P2")
    VALIDATOR.validate(data)
    dealt = [a for r in data["ohh"]["rounds"] for a in r["actions"] if a["action"] == "Dealt Cards"]
    assert [a["player_id"] for a in dealt] == [2] and len(dealt[0]["cards"]) == 2
    assert data["ohh"]["hero_player_id"] == 2


def test_a_tournament_hand_says_it_is_one() -> None:
    played = _hand(Rules.preset("computer-tournament"), [1000, 1000, 1000])
    data = to_ohh(played, tournament=Tournament(9))
    VALIDATOR.validate(data)
    assert data["ohh"]["tournament"] is True
    assert data["ohh"]["tournament_info"]["tournament_number"] == "9"
    assert to_ohh(replay_ohh(data).played) == data


def test_a_file_holds_hands_one_blank_line_apart(tmp_path: Path) -> None:
    hands = [to_ohh(p) for _, p in random_hands(3, 12, rules_for=pokerkit_rules)]
    text = dumps_ohh(hands)
    assert text.count("}\n\n{") == len(hands) - 1
    path = tmp_path / "session.ohh"
    path.write_text(text, encoding="utf-8")
    outcomes = list(replays(path))
    assert len(outcomes) == 12 and all(o.replay is not None for o in outcomes)
    assert all(o.replay.check().matches for o in outcomes)  # type: ignore[union-attr]


def test_wild_cards_are_refused_with_the_reason() -> None:
    with pytest.raises(HistoryError, match="wild cards: OHH has no hold'em"):
        to_ohh(_hand(Rules.preset("wild"), [300, 300]))


# ---------------------------------------------------------------------------- reading


def _sample() -> dict[str, Any]:
    return to_ohh(_hand(Rules.preset("no-limit"), [300, 300, 300]))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h: h.update(game_type="Omaha"), "game_type 'Omaha'"),
        (lambda h: h["bet_limit"].update(bet_type="SL"), "bet_type 'SL'"),
        (lambda h: h["players"][0].update(starting_stack=-5), "players[0].starting_stack"),
        (lambda h: h["players"][1].update(id=h["players"][0]["id"]), "a second player"),
        (lambda h: h["rounds"][0]["actions"][0].update(player_id=99), "player_id 99"),
        (lambda h: h["rounds"][0]["actions"][0].update(action="Dances"), "'Dances'"),
        (lambda h: h.pop("players"), "players: expected an array, found missing"),
        (lambda h: h.update(start_date_utc="yesterday"), "start_date_utc 'yesterday'"),
        (lambda h: h["rounds"][0].update(street="Fifth Street"), "street 'Fifth Street'"),
    ],
    ids=["omaha", "spread-limit", "negative", "same-id", "no-such-player", "no-such-action",
         "no-players", "bad-date", "bad-street"],
)  # fmt: skip
def test_what_cannot_be_read_is_refused_naming_the_field(change: Any, message: str) -> None:
    data = _sample()
    change(data["ohh"])
    with pytest.raises(OHHError, match=message.replace("[", r"\[").replace("]", r"\]")):
        ohh_hand(json.loads(json.dumps(data)))


def test_text_that_is_not_ohh_is_refused() -> None:
    (error,) = parse_ohh('{"ohh": ', source="x.ohh")
    assert isinstance(error, OHHError) and str(error).startswith("x.ohh: line 1: not JSON")
    errors = parse_ohh("[1, 2]")
    assert [str(e) for e in errors] == [
        'line 1, hand 1 of the array: an OHH hand is a JSON object {"ohh": {...}}',
        'line 1, hand 2 of the array: an OHH hand is a JSON object {"ohh": {...}}',
    ]
    with pytest.raises(OHHError, match="no JSON object"):
        parse_ohh("   \n")


def _read_all(text: str) -> None:
    try:
        items = parse_ohh(text)
    except HistoryError:
        return
    for item in items:
        if isinstance(item, HistoryError):
            continue
        try:
            replay_ohh(item).check()
        except HistoryError:
            continue


def _mutate(value: Any, rng: random.Random) -> Any:
    choice = rng.randrange(6)
    if choice == 0:
        return None
    if choice == 1:
        return -1
    if choice == 2:
        return "x"
    if choice == 3:
        return []
    if choice == 4:
        return {}
    return value * 3 if isinstance(value, int | float) and not isinstance(value, bool) else value


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 5))
def test_mangled_ohh_gets_an_error_never_a_crash(seed: int, changes: int) -> None:
    rng = random.Random(seed)
    data = copy.deepcopy(_sample())
    for _ in range(changes):
        node: Any = data["ohh"]
        path: list[Any] = []
        while isinstance(node, dict | list) and node and rng.random() < 0.7:
            key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
            path.append((node, key))
            node = node[key]
        if path:
            parent, key = path[-1]
            if rng.random() < 0.2 and isinstance(parent, dict):
                del parent[key]
            else:
                parent[key] = _mutate(node, rng)
    _read_all(json.dumps(data))


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=300))
def test_random_text_as_ohh_gets_an_error_never_a_crash(text: str) -> None:
    _read_all(text)
    _read_all('{"ohh": ' + text)
