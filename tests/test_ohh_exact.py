"""OHH read and written, and a PokerStars or OHH hand replayed, to the exact value: the
refusals' whole texts naming the field, the JSON written field by field, the rules each
reading guesses and the PHH fields of the replay.  The expected values are worked out by
hand from the hands built here (every amount, id and seat is counted in the comments)."""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

from pokerroom import __version__
from pokerroom.cards import parse_cards
from pokerroom.engine import Hand, stacked_deck
from pokerroom.history.errors import HistoryError
from pokerroom.history.ohh import (
    NO_DATE,
    OHHError,
    dumps_ohh,
    ohh_hand,
    parse_ohh,
    replay_ohh,
    to_ohh,
)
from pokerroom.history.pokerstars import Tournament
from pokerroom.history.record import PlayedHand
from pokerroom.history.replay import Replay
from pokerroom.history.starsread import StarsHand, StarsLine, parse_pokerstars
from pokerroom.history.starsreplay import replay_stars, stars_rules
from pokerroom.rules import POKERKIT_CONVENTIONS, Rules, Structure
from stars_samples import CASH_NL, TOURNAMENT


def _date_of(start: str) -> tuple[tuple[int, int, int, int, int, int] | None, str | None]:
    hand = _read({"start_date_utc": start})
    return hand.date, hand.zone


# ------------------------------------------------------------------------ the hand read


def _minimal() -> dict[str, Any]:
    """A heads-up no-limit hand of blinds 1/2: Ann (id 0, seat 1, the button and small
    blind) folds to Bo's big blind (id 1, seat 2): 1 of his 2 comes back uncalled, and he
    wins the pot of 1 + 1."""
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
        "pots": [{"number": 0, "amount": 2, "rake": 0,
                  "player_wins": [{"player_id": 1, "win_amount": 2}]}],
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
    (_set("start_date_utc", "2024-07-04T23:30:00X"),  # only Z stands for UTC
     "start_date_utc '2024-07-04T23:30:00X': not an ISO 8601 date and time"),
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
    (_set("rounds.0.actions.0", {"player_id": 0, "action": "Post Ante"}),
     ACT0 + "amount: 'Post Ante' needs the amount put in"),
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
def test_each_refusal_names_the_field_and_says_what_is_wrong_in_full(
    change: Any, message: str
) -> None:
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


# ------------------------------------------------------------------------ the JSON written


def _heads_up(rules: Rules | None = None, to: int = 6) -> PlayedHand:
    """Heads-up, blinds 1/2, 100 chips each: Bo (seat 1, the button and small blind)
    raises to 6, putting 5 more in; Ann folds her big blind.  Ann is dealt As Ad, Bo Kc
    Kd; Bo's raise of 4 uncalled comes back, and he wins the pot of 2 + 2."""
    deck = stacked_deck([parse_cards("As Ad"), parse_cards("Kc Kd")],
                        parse_cards("2c 7h 9s Jd 3c"), button=1, burn_cards=False)  # fmt: skip
    hand = Hand(rules or Rules(blinds=(1, 2), burn_cards=False), [100, 100], button=1, deck=deck)
    hand.raise_to(to)
    hand.fold()
    return PlayedHand.from_hand(hand, names=["Ann", "Bo"], label=7)


def _act(number: int, pid: int, action: str, **more: Any) -> dict[str, Any]:
    return {"action_number": number, "player_id": pid, "action": action, **more}


def test_a_hand_with_nothing_recorded_beyond_its_play_is_written_whole() -> None:
    assert to_ohh(_heads_up()) == {"ohh": {
        "spec_version": "1.4.7", "site_name": "pokerroom", "network_name": "pokerroom",
        "internal_version": __version__,
        "game_number": "7", "start_date_utc": "1970-01-01T00:00:00Z", "table_name": "pokerroom",
        "game_type": "Holdem", "bet_limit": {"bet_type": "NL", "bet_cap": 0}, "table_size": 2,
        "currency": "XPM", "dealer_seat": 2, "small_blind_amount": 1, "big_blind_amount": 2,
        "ante_amount": 0,
        "players": [{"id": 0, "seat": 1, "name": "Ann", "starting_stack": 100},
                    {"id": 1, "seat": 2, "name": "Bo", "starting_stack": 100}],
        "rounds": [{"id": 0, "street": "Preflop", "actions": [
            _act(1, 1, "Post SB", amount=1), _act(2, 0, "Post BB", amount=2),
            _act(3, 0, "Dealt Cards", cards=["As", "Ad"]),
            _act(4, 1, "Dealt Cards", cards=["Kc", "Kd"]),
            _act(5, 1, "Raise", amount=5), _act(6, 0, "Fold")]}],
        "pots": [{"number": 0, "amount": 4, "rake": 0,
                  "player_wins": [{"player_id": 1, "win_amount": 4}]}],
    }}  # fmt: skip


def test_the_hero_number_date_and_tournament_given_are_written() -> None:
    rules = Rules(blinds=(1, 2), burn_cards=False, buy_in=100)
    data = to_ohh(_heads_up(rules), hero="Bo", tournament=Tournament(9),
                  when="2024-01-02T03:04:05Z", number=31)  # fmt: skip
    hh = data["ohh"]
    assert hh["tournament"] is True
    assert hh["tournament_info"] == {
        "tournament_number": "9", "name": "pokerroom freeze-out 9",
        "start_date_utc": "2024-01-02T03:04:05Z", "currency": "XPM",
        "buyin_amount": None, "fee_amount": None, "bounty_fee_amount": None,
        "initial_stack": 100, "type": "STT", "speed": {"type": "Normal", "round_time": 0},
    }  # fmt: skip
    assert (hh["game_number"], hh["start_date_utc"], hh["hero_player_id"]) == (
        "31", "2024-01-02T03:04:05Z", 1)
    assert [a["action"] for a in hh["rounds"][0]["actions"]] == [
        "Post SB", "Post BB", "Dealt Cards", "Raise", "Fold"]
    assert hh["rounds"][0]["actions"][2] == _act(3, 1, "Dealt Cards", cards=["Kc", "Kd"])
    assert list(hh) == [
        "spec_version", "site_name", "network_name", "internal_version", "tournament",
        "tournament_info", "game_number", "start_date_utc", "table_name", "game_type",
        "bet_limit", "table_size", "currency", "dealer_seat", "small_blind_amount",
        "big_blind_amount", "ante_amount", "hero_player_id", "players", "rounds", "pots"]


def test_a_hero_not_in_the_hand_is_refused_naming_the_players() -> None:
    with pytest.raises(HistoryError) as caught:
        to_ohh(_heads_up(), hero="Cy")
    assert str(caught.value) == "no player 'Cy' in this hand (players: Ann, Bo)"


@pytest.mark.parametrize(("small_bet", "big_bet"), [(4, 8), (2, 6)])
def test_fixed_limit_bets_a_big_blind_does_not_give_are_refused_in_full(
    small_bet: int, big_bet: int
) -> None:
    rules = Rules(blinds=(1, 2), structure=Structure.FIXED_LIMIT, small_bet=small_bet,
                  big_bet=big_bet, burn_cards=False)  # fmt: skip
    with pytest.raises(HistoryError) as caught:
        to_ohh(_heads_up(rules, to=4))
    assert str(caught.value) == (
        f"cannot be written as OHH: fixed-limit bets {small_bet}/{big_bet} with a big blind "
        "of 2: OHH names the blinds only, and a reader takes the small bet for the big blind "
        "and the big bet for twice it")


def test_fixed_limit_bets_of_the_big_blind_and_twice_it_are_written_as_fl() -> None:
    rules = Rules(blinds=(1, 2), structure=Structure.FIXED_LIMIT, small_bet=2, big_bet=4,
                  burn_cards=False)  # fmt: skip
    hh = to_ohh(_heads_up(rules, to=4))["ohh"]
    assert (hh["bet_limit"], hh["small_blind_amount"], hh["big_blind_amount"]) == (
        {"bet_type": "FL", "bet_cap": 0}, 1, 2)
    assert hh["rounds"][0]["actions"][4] == _act(5, 1, "Raise", amount=3)


# ------------------------------------------------------------------ the replay and its rules


def _replayed(changes: dict[str, Any]) -> Replay:
    data = _minimal()
    data["ohh"].update(changes)
    (read,) = parse_ohh(json.dumps(data))
    assert isinstance(read, dict)
    return replay_ohh(read)


def test_a_rake_in_cents_on_whole_chips_is_replayed_in_cents() -> None:
    """The pot of 2 raked 0.03: Bo collects 1.97.  Only the win and the rake have cents,
    so the hand is replayed in cents (the PHH hand says so: ``_chip_scale``): Bo ends
    with 10,000 - 200 + 100 back + 197 = 10,097 cents, Ann with 10,000 - 100."""
    wins = [{"player_id": 1, "win_amount": 1.97}]
    replay = _replayed({"pots": [{"number": 0, "amount": 2, "rake": 0.03, "player_wins": wins}]})
    assert replay.played.scale == 100
    assert (replay.recorded, replay.rake) == ((Fraction(10097), Fraction(9900)), Fraction(3))
    check = replay.check()
    assert check is not None and (check.matches, check.how) == (True, "exact, less the rake")


@pytest.mark.parametrize(("start", "time"), [
    ("2024-07-04T01:00:00Z", datetime.time(1)),
    ("2024-07-04T00:01:00Z", datetime.time(0, 1)),
    ("2024-07-04T00:00:01Z", datetime.time(0, 0, 1)),
    ("2024-07-04T00:00:00Z", None),  # midnight: a day alone, no time of day
])  # fmt: skip
def test_the_replay_keeps_the_day_and_any_time_but_midnight_in_utc(
    start: str, time: datetime.time | None
) -> None:
    info = _replayed({"start_date_utc": start}).played.info
    dated = {k: info[k] for k in ("year", "month", "day", "time_zone", "time_zone_abbreviation")}
    assert dated == {"year": 2024, "month": 7, "day": 4, "time_zone": "UTC",
                     "time_zone_abbreviation": "UTC"}  # fmt: skip
    assert info.get("time") == time


def test_an_undated_hand_has_no_date_and_what_the_record_says_is_kept() -> None:
    assert _replayed({}).played.info == {
        "table": "T", "seats": (2, 1), "seat_count": 2, "_ohh": {"bet_cap": 0}}
    info = _replayed({"currency": "EUR", "table_size": 6, "hero_player_id": 0}).played.info
    assert (info["currency"], info["seat_count"], info["_hero"]) == ("EUR", 6, "Ann")


def test_a_tournament_hand_keeps_its_level_and_a_cash_hand_has_none() -> None:
    (tournament,) = parse_pokerstars(TOURNAMENT)  # Level IV
    assert replay_stars(tournament).played.info["level"] == 4
    (cash,) = parse_pokerstars(CASH_NL)
    assert "level" not in replay_stars(cash).played.info


def _rules(**more: Any) -> Rules:
    """No limit, blinds 1/2 heads-up, as the readings of the sample hand make them: a
    table's buy-in of twice what is posted and staked, plus 2 (2 * (1 + 2 + 1 + 2) + 2)."""
    return Rules.from_mapping({"structure": "no-limit", "min_bet": 2, "blinds": [1, 2],
                               "antes": 0, "burn_cards": False, "buy_in": 14, **more})  # fmt: skip


def test_the_rules_are_guessed_as_the_card_room_s_then_pokerkit_s() -> None:
    readings = list(stars_rules(ohh_hand(_minimal())))
    assert readings == [_rules(), _rules(**POKERKIT_CONVENTIONS)]


def test_with_antes_each_reading_is_tried_with_live_then_dead_antes() -> None:
    """An ante of 1 each: the buy-in grows by 2 * 2 to 18; the card room's reading is
    tried with live antes first, PokerKit's with dead ones first."""
    data = _minimal()
    hh = data["ohh"]
    hh["ante_amount"] = 1
    hh["rounds"][0]["actions"][:0] = [_act(0, 0, "Post Ante", amount=1),
                                      _act(0, 1, "Post Ante", amount=1)]  # fmt: skip
    readings = list(stars_rules(ohh_hand(json.loads(json.dumps(data)))))
    ante = {"antes": 1, "buy_in": 18}
    assert readings == [
        _rules(**ante), _rules(**ante, dead_antes=True),
        _rules(**ante, dead_antes=True, **POKERKIT_CONVENTIONS),
        _rules(**ante, **POKERKIT_CONVENTIONS),
    ]  # fmt: skip


# ------------------------------------------------------------------------ the file read


def test_a_file_is_its_hands_one_blank_line_apart_names_written_as_they_are() -> None:
    text = dumps_ohh([{"ohh": {"name": "Zoë"}}, {"ohh": {}}])
    assert text == '{"ohh": {"name": "Zoë"}}\n\n{"ohh": {}}\n'
    assert parse_ohh("\ufeff" + text) == [{"ohh": {"name": "Zoë"}}, {"ohh": {}}]


def test_numbers_with_a_point_are_read_exactly() -> None:
    (hand,) = parse_ohh('{"ohh": {"a": 1.50, "b": 2}}')
    assert hand == {"ohh": {"a": Decimal("1.50"), "b": 2}}
    assert isinstance(hand, dict) and str(hand["ohh"]["a"]) == "1.50"


def test_a_file_s_errors_say_the_line_its_hand_starts_on() -> None:
    text = '{"ohh": {}}\n\n  [1]\n{"ohh": 2}\n\n\n{bad\n{"ohh": {}}'
    read = parse_ohh(text, source="f.ohh")
    assert read[0] == {"ohh": {}}
    assert [str(e) for e in read[1:]] == [
        'f.ohh: line 3: an OHH hand is a JSON object {"ohh": {...}}',
        'f.ohh: line 4: an OHH hand is a JSON object {"ohh": {...}}',
        "f.ohh: line 7: not JSON: Expecting property name enclosed in double quotes",
    ]  # the rest of the file after text that is not JSON is not read


def test_an_array_of_hands_names_each_one_it_refuses() -> None:
    read = parse_ohh('\n[{"ohh": {}}, {"x": 1}, "ohh"]')
    assert read[0] == {"ohh": {}}
    assert [str(e) for e in read[1:]] == [
        'line 2, hand 2 of the array: an OHH hand is a JSON object {"ohh": {...}}',
        'line 2, hand 3 of the array: an OHH hand is a JSON object {"ohh": {...}}',
    ]


def test_json_nested_too_deeply_is_refused_as_such() -> None:
    (error,) = parse_ohh("[" * 100_000)
    assert str(error) == "line 1: not JSON: nested too deeply"


@pytest.mark.parametrize("text", ["", " \n\t\n", "\ufeff"])
def test_a_file_with_no_json_is_not_an_ohh_file(text: str) -> None:
    with pytest.raises(OHHError) as caught:
        parse_ohh(text, source="f.ohh")
    assert str(caught.value) == "f.ohh: no JSON object: not an OHH file"


def _straddled(stacks: list[int], small_bet: int = 10) -> PlayedHand:
    """001's rules, three players (seat 2 the button): antes of 2, the button's blind of
    5, and the player left of the button straddles 10 (or all he has), the others fold
    (``small_bet=1``: no blind, a straddle of 1)."""
    rules = Rules.preset("computer-tournament").replace(burn_cards=False, small_bet=small_bet)
    holes = [parse_cards("As Ad"), parse_cards("Kc Kd"), parse_cards("Qc Qd")]
    deck = stacked_deck(holes, parse_cards("2c 7h 9s Jd 3c"), button=2, burn_cards=False)
    hand = Hand(rules, stacks, button=2, deck=deck)
    if stacks[0] - 2 > small_bet // 2:
        hand.raise_to(min(small_bet, stacks[0] - 2))
    else:  # all-in for no more than the blind: a call
        hand.call()
    while not hand.is_over:
        hand.fold()
    return PlayedHand.from_hand(hand, names=["A", "B", "C"], label=1)


@pytest.mark.parametrize("stacks", [
    [1000, 1000, 1000],  # a straddle of 10 over the blind of 5: a bet
    [1000, 1000, 3],  # the button all-in for 1 of his blind: the straddle still a bet
    [7, 1000, 1000],  # all-in for 5, no more than the blind: a call
    [9, 1000, 1000],  # all-in for 7, more than the blind: a bet
])  # fmt: skip
def test_a_voluntary_straddle_replays_as_the_straddle_it_was(stacks: list[int]) -> None:
    _replays_as_played(_straddled(stacks), straddle=10)


def test_a_straddle_of_one_chip_with_no_blind_replays_as_a_bet() -> None:
    _replays_as_played(_straddled([1000, 1000, 1000], small_bet=1), straddle=1)


def _replays_as_played(played: PlayedHand, *, straddle: int) -> None:
    data = to_ohh(played)
    replay = replay_ohh(json.loads(json.dumps(data)))
    check = replay.check()
    assert check is not None and (check.matches, check.how) == (True, "exact")
    assert replay.played.events == played.events
    assert replay.played.rules.button_blind and replay.played.rules.straddle == straddle
    assert to_ohh(replay.played) == data


def test_a_tournament_hand_with_no_tournament_info_is_written_as_tournament_0() -> None:
    """A file that says the hand is a tournament's, its ``tournament_info`` null: written
    back as pokerroom's freeze-out number 0, its initial stack the rules' buy-in (14: see
    ``_rules``)."""
    replay = _replayed({"tournament": True, "tournament_info": None})
    hh = to_ohh(replay.played)["ohh"]
    assert hh["tournament"] is True
    assert hh["tournament_info"] == {
        "tournament_number": "0", "name": "pokerroom freeze-out 0",
        "start_date_utc": "1970-01-01T00:00:00Z", "currency": "XPM",
        "buyin_amount": None, "fee_amount": None, "bounty_fee_amount": None,
        "initial_stack": 14, "type": "STT", "speed": {"type": "Normal", "round_time": 0},
    }  # fmt: skip


@pytest.mark.parametrize("kind", ["Sits Down", "Stands Up", "Added Chips"])
def test_a_player_sitting_down_standing_up_or_adding_chips_changes_nothing(kind: str) -> None:
    data = _minimal()
    data["ohh"]["rounds"][0]["actions"].insert(0, _act(0, 1, kind, amount=50))
    assert ohh_hand(data).lines == ohh_hand(_minimal()).lines


def test_the_lines_read_say_who_did_what_and_all_in_only_where_the_file_says_so() -> None:
    data = _minimal()
    data["ohh"]["rounds"][0]["actions"][1]["is_allin"] = True
    assert ohh_hand(data).lines == [
        StarsLine("small blind", "Ann", Decimal(1)),
        StarsLine("big blind", "Bo", Decimal(2), all_in=True),
        StarsLine("folds", "Ann"),
        StarsLine("collected", "Bo", Decimal(2), street=4),
    ]


@pytest.mark.parametrize("kind", ["Post SB", "Post BB", "Straddle", "Call", "Bet", "Raise"])
def test_each_action_that_puts_chips_in_needs_its_amount(kind: str) -> None:
    change = _set("rounds.0.actions.0", {"player_id": 0, "action": kind})
    assert _refusal(change) == ACT0 + f"amount: {kind!r} needs the amount put in"


def test_antes_and_hole_cards_are_read_on_the_first_street() -> None:
    data = _minimal()
    data["ohh"]["rounds"][0]["actions"][:0] = [
        _act(0, 0, "Post Ante", amount=1), _act(0, 1, "Dealt Cards", cards=["As", "Kd"])]
    assert ohh_hand(data).lines[:2] == [
        StarsLine("ante", "Ann", Decimal(1), street=0),
        StarsLine("dealt", "Bo", cards=tuple(parse_cards("As Kd")), street=0),
    ]
