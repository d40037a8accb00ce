"""OHH read and written, and a PokerStars or OHH hand replayed, to the exact value: the
refusals' whole texts naming the field, the JSON written field by field, the rules each
reading guesses and the PHH fields of the replay.  The expected values are worked out by
hand from the hands built here (every amount, id and seat is counted in the comments)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pokerroom.history.ohh import NO_DATE, OHHError, ohh_hand
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


def _refusal(change: Any) -> str:
    data = _minimal()
    change(data["ohh"])
    with pytest.raises(OHHError) as caught:
        ohh_hand(json.loads(json.dumps(data)))
    return str(caught.value)


def _showdown(*actions: dict[str, Any]) -> Any:
    """A change adding a showdown round of these actions (by Bo, id 1) to the hand."""
    acts = [{"action_number": 4 + k, "player_id": 1, **a} for k, a in enumerate(actions)]
    return lambda h: h["rounds"].append({"id": 1, "street": "Showdown", "actions": acts})


CARD_HELP = ("(a card is a rank 2-9, T or 10, J, Q, K, A and a suit c, d, h, s or ♣, ♦, ♥, ♠, "
             "like 'As', 'Td' or 'A♠'; the joker is 'Jk')")  # fmt: skip
ACT0 = "rounds[0].actions[0]."
WIN0 = "pots[0].player_wins[0]."


def _set(path: str, value: Any) -> Any:
    """A change setting the field at ``path`` (keys and indices, dotted) to ``value``."""
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]

    def change(h: dict[str, Any]) -> None:
        node: Any = h
        for p in parents:
            node = node[p]
        node[last] = value

    return change


def _drop(path: str) -> Any:
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]

    def change(h: dict[str, Any]) -> None:
        node: Any = h
        for p in parents:
            node = node[p]
        del node[last]

    return change


@pytest.mark.parametrize(("change", "message"), [
    (_set("game_type", "Omaha"), "game_type 'Omaha': pokerroom replays Holdem only"),
    (_drop("game_type"), "game_type: expected a string, found missing"),
    (_set("game_type", 7), "game_type: expected a string, found int 7"),
    (_set("bet_limit", "NL"), "bet_limit: expected an object, found str 'NL'"),
    (_set("bet_limit", {}), "bet_limit.bet_type: expected a string, found missing"),
    (_set("bet_limit.bet_type", "SL"), "bet_limit.bet_type 'SL': one of NL, PL, FL"),
    (_drop("players"), "players: expected an array, found missing"),
    (_set("players", {"id": 0}), "players: expected an array, found dict {'id': 0}"),
    (_set("players.0", 5), "players[0]: expected an object"),
    (_set("players.0.id", True), "players[0].id: expected an integer, found bool True"),
    (_set("players.0.id", 0.0), "players[0].id: expected an integer, found float 0.0"),
    (_drop("players.1.name"), "players[1].name: expected a string, found missing"),
    (_set("players.1.id", 0), "players[1]: a second player with id 0 or name 'Bo'"),
    (_set("players.1.name", "Ann"), "players[1]: a second player with id 1 or name 'Ann'"),
    (_set("players.0.starting_stack", -5), "players[0].starting_stack: -5 is negative"),
    (_set("players.0.starting_stack", "5"),
     "players[0].starting_stack: expected an integer or a number, found str '5'"),
    (_set("players.0.starting_stack", 1.5),
     "players[0].starting_stack: expected an integer or a number, found float 1.5"),
    (_drop("players.0.seat"), "players[0].seat: expected an integer, found missing"),
    (_set("players.1.seat", 1), "players: two players in one seat"),
    (_set("small_blind_amount", -1), "small_blind_amount: -1 is negative"),
    (_set("big_blind_amount", "2"),
     "big_blind_amount: expected an integer or a number, found str '2'"),
    (_set("game_number", 12), "game_number: expected a string, found int 12"),
    (_drop("dealer_seat"), "dealer_seat: expected an integer, found missing"),
    (_set("table_name", None), "table_name: expected a string, found NoneType None"),
    # what is found is cut to 60 characters
    (_set("table_size", "x" * 80), "table_size: expected an integer, found str '" + "x" * 55),
    (_drop("ante_amount"), "ante_amount: expected an integer or a number, found missing"),
    (_set("start_date_utc", "yesterday"),
     "start_date_utc 'yesterday': not an ISO 8601 date and time"),
    (_drop("start_date_utc"), "start_date_utc: expected a string, found missing"),
    (_set("rounds", {}), "rounds: expected an array, found dict {}"),
    (_set("rounds.0", 3), "rounds[0]: expected an object"),
    (_drop("rounds.0.street"), "rounds[0].street: expected a string, found missing"),
    (_set("rounds.0.street", "Fifth Street"),
     "rounds[0].street 'Fifth Street': Preflop, Flop, Turn, River or Showdown"),
    (_drop("rounds.0.actions"), "rounds[0].actions: expected an array, found missing"),
    (_set("rounds.0.actions.0", 1), "rounds[0].actions[0]: expected an object"),
    (_drop("rounds.0.actions.0.action"), ACT0 + "action: expected a string, found missing"),
    (_set("rounds.0.actions.0.player_id", 99), ACT0 + "player_id 99: no such player (ids: 0, 1)"),
    (_drop("rounds.0.actions.0.player_id"), ACT0 + "player_id: expected an integer, found missing"),
    (_set("rounds.0.actions.0.action", "Dances"),
     ACT0 + "action 'Dances': not an action of the specification"),
    (_set("rounds.0.actions.0.action", "Add to Pot"),
     ACT0 + "action 'Add to Pot': pokerroom's rules have no such bet"),
    (_set("rounds.0.actions.0.action", "Post Dead"),
     ACT0 + "action 'Post Dead': pokerroom's rules have no such bet"),
    (_set("rounds.0.actions.0.action", "Post Extra Blind"),
     ACT0 + "action 'Post Extra Blind': pokerroom's rules have no such bet"),
    (_drop("rounds.0.actions.0.amount"), ACT0 + "amount: 'Post SB' needs the amount put in"),
    (_set("rounds.0.actions.0.amount", -1), ACT0 + "amount: -1 is negative"),
    (_set("rounds.0.actions.2", {"player_id": 0, "action": "Ante"}),
     "rounds[0].actions[2].action 'Ante': not an action of the specification"),
    (_showdown({"action": "Shows Cards", "cards": ["As"]}),
     "rounds[1].actions[0].cards: a hold'em hand shows 2 cards, not 1"),
    (_showdown({"action": "Shows Cards"}),
     "rounds[1].actions[0].cards: a hold'em hand shows 2 cards, not 0"),
    (_showdown({"action": "Shows Cards", "cards": "As Ad"}),
     'rounds[1].actions[0].cards: expected an array of cards like "As"'),
    (_showdown({"action": "Mucks Cards", "cards": ["As", 1]}),
     'rounds[1].actions[0].cards: expected an array of cards like "As"'),
    (_showdown({"action": "Shows Cards", "cards": ["As", "Zz"]}),
     f"rounds[1].actions[0].cards: not a card: 'Zz' {CARD_HELP}"),
    (lambda h: h["rounds"].append({"street": "Showdown", "actions": [{}, 4]}),
     "rounds[1].actions[0].action: expected a string, found missing"),
    (lambda h: h["rounds"][0]["actions"].append(4), "rounds[0].actions[3]: expected an object"),
    (lambda h: h["rounds"].append({"street": "Flop", "cards": ["As", "Kx"], "actions": []}),
     f"rounds[1].cards: not a card: 'Kx' {CARD_HELP}"),
    (_set("pots", "x"), "pots: expected an array, found str 'x'"),
    (_set("pots.0", 1), "pots[0]: expected an object"),
    (_drop("pots.0.amount"), "pots[0].amount: expected an integer or a number, found missing"),
    (_set("pots.0.rake", -1), "pots[0].rake: -1 is negative"),
    (_drop("pots.0.player_wins"), "pots[0].player_wins: expected an array, found missing"),
    (_set("pots.0.player_wins.0", 7), "pots[0].player_wins[0]: expected an object"),
    (_set("pots.0.player_wins.0.player_id", 5), WIN0 + "player_id 5: no such player (ids: 0, 1)"),
    (_drop("pots.0.player_wins.0.win_amount"),
     WIN0 + "win_amount: expected an integer or a number, found missing"),
])  # fmt: skip
def test_each_refusal_names_the_field_and_says_what_is_wrong_in_full(change: Any,
                                                                   message: str) -> None:
    assert _refusal(change) == message


def test_the_ids_listed_in_a_refusal_are_sorted() -> None:
    def change(h: dict[str, Any]) -> None:
        h["players"][0]["id"], h["players"][1]["id"] = 12, 3
        h["rounds"][0]["actions"][0]["player_id"] = 4

    assert _refusal(change) == ACT0 + "player_id 4: no such player (ids: 3, 12)"


def test_a_hand_not_an_object_under_ohh_is_refused() -> None:
    for data in ({"ohh": 1}, {"ohh": [1]}, {}):
        with pytest.raises(OHHError) as caught:
            ohh_hand(data)
        assert str(caught.value) == 'an OHH hand is a JSON object {"ohh": {...}}'
