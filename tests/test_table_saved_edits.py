"""Saved games (rules.md §11) edited into something that cannot be, each refused with the
whole reason naming the field; and every setting of a game, a finished one included,
back as it was after a restore."""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from pokerroom.engine import Action, Street
from pokerroom.rules import Rules
from pokerroom.table import SaveError, Table
from table_helpers import RULESETS
from test_table import all_in_hand
from test_table_saved import sign

NL = Rules.preset("no-limit")  # blinds 2/4, buy-in 1000
Change = Callable[[dict[str, Any]], None]


def after_an_elimination(finish: bool) -> dict[str, Any]:
    """Seat 1 is out; the button is seat 2, who called.  ``finish``: then seat 3 folds and
    seats 0 and 2 check it down (the hand over, not yet the next one)."""
    table = Table(NL, [300, 100, 300, 300], rng=random.Random(1))
    all_in_hand(table, ["Ah As", "7c 2d", "4h 5h", "Kh Ks"], "Kd Qs 9h 8c 3d", {0, 1})
    table.start_hand(auto_showdown=True)
    table.apply(Action.call())
    if finish:
        table.apply(Action.fold())
        while table.in_hand:
            table.apply(Action.check())
    return json.loads(json.dumps(table.save()))  # type: ignore[no-any-return]


IN_PLAY = after_an_elimination(False)
FINISHED = after_an_elimination(True)


def refused(base: dict[str, Any], change: Change) -> str:
    data = copy.deepcopy(base)
    change(data)
    data["checksum"] = sign(data)
    with pytest.raises(SaveError) as caught:
        Table.restore(data)
    return str(caught.value)


def put(key: str, value: Any) -> Change:
    return lambda d: d.__setitem__(key, value)


def put_hand(key: str, value: Any) -> Change:
    return lambda d: d["hand"].__setitem__(key, value)


def log(entry: list[Any]) -> Change:
    return lambda d: d["log"].append(entry)


def test_the_saves_edited_here_are_as_the_game_left_them() -> None:
    assert IN_PLAY["stacks"] == [404, 0, 296, 300] and IN_PLAY["out"] == [False, True, False, False]
    assert IN_PLAY["hand"]["seats"] == [0, 2, 3] and IN_PLAY["hand"]["actions"] == [[2, "call"]]
    assert FINISHED["stacks"] == [400, 0, 302, 298] and FINISHED["hand"]["in_play"] is False
    for data in (IN_PLAY, FINISHED):
        assert refused(data, put("totals", [0, 0, 0, 1])).startswith("totals do not add up")
        again = Table.restore(copy.deepcopy(data))
        assert json.loads(json.dumps(again.save())) == data and again.is_over is False


@pytest.mark.parametrize(("change", "message"), [
    (put("initial_stacks", [0, 100, 300, 300]),
     "initial_stacks: whole numbers, 1 or more, not [0, 100, 300, 300]"),
    (put("reset_stacks", "yes"), "reset_stacks is 'yes': true or false"),
    (put("button_moves", 1), "button_moves is 1: true or false"),
    (put("elapsed", -1), "elapsed is -1: seconds, 0 or more"),
    (put("elapsed", "5"), "elapsed is '5': seconds, 0 or more"),
    (put("elapsed", True), "elapsed is True: seconds, 0 or more"),
    (put("stacks", [404, 0, 296]), "stacks: a list of 4 whole numbers"),
    (put("stacks", [405, -1, 296, 300]),
     "stacks: whole numbers, 0 or more, not [405, -1, 296, 300]"),
    (put("stacks", [404.0, 0, 296, 300]),
     "stacks: whole numbers, 0 or more, not [404.0, 0, 296, 300]"),
    (put("totals", [104, -100, -4, "0"]), "totals: one whole number per seat"),
    (put("totals", [104, -100, -4, 1]), "totals do not add up to zero: chips were created or lost"),
    (put("out", [False, True, False]), "out: one per seat"),
    (put("out", [0, 1, 0, 0]), "out is 0: true or false"),
    (put("out", [False, False, False, False]), "seat 1 is in with 0 chips"),
    (put("out", [True, True, False, False]), "seat 0 is out with 404 chips"),
    (put("standings", [[1, 4, 1]]), "a standing: a list of 4 whole numbers"),
    (put("standings", [[4, 4, 1, 100]]), "a standing names seat 4, place 4"),
    (put("standings", [[1, 5, 1, 100]]), "a standing names seat 1, place 5"),
    (put("standings", [[1, 0, 1, 100]]), "a standing names seat 1, place 0"),
    (put("hand_number", "2"), "hand_number: whole numbers, 0 or more, not ['2']"),
    (put("level", 1), "level is 1: not a level of this game"),
    (put("level", "0"), "level is '0': not a level of this game"),
    (put("level", -1), "a hand was saved without its level"),
    (put("over", "no"), "over is 'no': true or false"),
    (put("hand", None), "hand_number is 2 but no hand is saved"),
    (put("hand", "x"), "hand: a mapping"),
    (put("button", 1), "the button (seat 1) is not dealt in"),
    (log(["out", 1, 1, "place 4"]),
     "log: [kind, hand, seat, detail, cards] entries, not ['out', 1, 1, 'place 4']"),
    (log(["out", "1", 1, "place 4", []]), "log: a bad entry ['out', '1', 1, 'place 4', []]"),
    (log(["out", 1, "1", "place 4", []]), "log: a bad entry ['out', 1, '1', 'place 4', []]"),
    (log(["out", 1, 1, 4, []]), "log: a bad entry ['out', 1, 1, 4, []]"),
    (put_hand("in_play", "yes"), "hand.in_play is 'yes': true or false"),
    (put_hand("in_play", False), "hand.in_play does not match the actions"),
    (put_hand("seats", "x"), "hand.seats: a list of whole numbers"),
    (put_hand("stacks", [404, 0, 296]), "hand.stacks: a list of 4 whole numbers"),
    (put_hand("stacks", [394, 0, 306, 300]),
     "hand.stacks: the hand in play starts from the table's stacks"),
    (put_hand("cards", "x"), "hand.cards: a list of whole numbers"),
    (put_hand("auto_showdown", "x"), "hand.auto_showdown is 'x': true or false"),
    (put_hand("actions", [[2]]), "hand.actions: [seat, action] pairs, not [2]"),
    (put_hand("actions", [[2, 5]]), "hand.actions: [seat, action] pairs, not [2, 5]"),
    (put_hand("actions", [[7, "call"]]), "an action's seat is 7: a seat from 0 to 3"),
])  # fmt: skip
def test_an_edited_save_is_refused_with_the_whole_reason(change: Change, message: str) -> None:
    assert refused(IN_PLAY, change) == message


def test_an_action_saved_for_a_seat_not_to_act_is_refused_naming_the_table_s_seats() -> None:
    # Seat 3 did not call: seat 2 (the button) did.  After seat 1's elimination the hand's
    # seats are not the table's: the refusal names the table's (it named the hand's).
    assert refused(IN_PLAY, put_hand("actions", [[3, "call"]])) == (
        "hand.actions: seat 3 cannot call: it is seat 2's turn")
    assert refused(IN_PLAY, put_hand("actions", [[1, "call"]])) == (
        "hand.actions: seat 1 cannot call: it is seat 2's turn")  # seat 1 is out
    assert refused(IN_PLAY, put_hand("actions", [[2, "call"], [2, "call"]])) == (
        "hand.actions: seat 2 cannot call: it is seat 3's turn")


def move_chips(data: dict[str, Any]) -> None:
    data["stacks"][0] -= 10
    data["stacks"][2] += 10


@pytest.mark.parametrize(("change", "message"), [
    (move_chips, "the stacks do not match the end of the saved hand"),
    (put_hand("stacks", [404, 0, 296, 301]), "hand.stacks: chips were created or lost"),
])  # fmt: skip
def test_a_save_between_hands_edited_is_refused(change: Change, message: str) -> None:
    assert refused(FINISHED, change) == message


def test_a_reset_stacks_save_must_hold_the_games_chips() -> None:
    table = Table(NL, 3, rng=random.Random(3), reset_stacks=True, max_hands=5)
    table.start_hand()
    data = json.loads(json.dumps(table.save()))
    assert refused(data, put("stacks", [1000, 1000, 999])) == (
        "the stacks hold 2999 chips, not the game's 3000")
    again = Table.restore(data)
    assert again.reset_stacks is True and again.max_hands == 5


def test_a_finished_game_with_its_settings_restores_as_it_was() -> None:
    table = Table(NL, [1, 299, 300], rng=random.Random(3), names=["ann", "bo", "cy"],
                  max_hands=40, button_moves=False)  # fmt: skip
    while not table.is_over:
        table.start_hand(auto_showdown=True)
        while table.in_hand:
            legal = table.legal_actions()
            table.apply(Action(legal.kinds[-1], legal.max_to) if legal.can_raise
                        else Action.call() if "call" in str(legal) else Action.check())  # fmt: skip
    assert table.stacks == (0, 0, 600) and [s.seat for s in table.standings] == [2, 1, 0]
    again = Table.restore(json.loads(json.dumps(table.save())))
    assert again.names == ("ann", "bo", "cy")
    assert again.max_hands == 40 and again.button_moves is False and again.reset_stacks is False
    assert again.is_over is True and again.standings == table.standings
    assert again.initial_stacks == (1, 299, 300) and again.stacks == (0, 0, 600)


@pytest.mark.parametrize(("change", "message"), [
    (put_hand("actions", [[4, "call"]]), "an action's seat is 4: a seat from 0 to 3"),
    (put("rng", [3, [1, 2], None]), "rng: not the state of a random.Random"),
    (log(["nonsense", 0, 0, "", []]),
     "the saved game is not valid: 'nonsense' is not a valid TableEventKind"),
])  # fmt: skip
def test_more_edited_saves_refused_with_the_whole_reason(change: Change, message: str) -> None:
    assert refused(IN_PLAY, change) == message


@pytest.mark.parametrize(("data", "message"), [
    ([], "a saved game is a mapping, not list"),
    ({"format": "chess"}, "not a saved pokerroom game (format 'chess')"),
    ({"format": "pokerroom-table", "version": 1, "checksum": "x", "elapsed": float("nan")},
     "the saved game holds values that are not plain data"),
])  # fmt: skip
def test_foreign_saves_are_refused_with_the_whole_reason(data: Any, message: str) -> None:
    with pytest.raises(SaveError) as caught:
        Table.restore(data)
    assert str(caught.value) == message


def test_keyed_saves_carry_the_documented_hmac_and_say_how_to_restore_them() -> None:
    table = Table(NL, 3, rng=random.Random(1))
    table.start_hand()
    keyed, plain = table.save(key=b"k"), table.save()
    body = {k: v for k, v in keyed.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    assert keyed["checksum"] == "hmac-sha256:" + hmac.new(b"k", text, hashlib.sha256).hexdigest()
    with pytest.raises(SaveError) as caught:
        Table.restore(keyed)
    assert str(caught.value) == "the saved game is signed 'hmac-sha256'; restore it with its key"
    with pytest.raises(SaveError) as caught:
        Table.restore(plain, key=b"k")
    assert str(caught.value) == "the saved game is signed 'sha256'; restore it with no key"
    edited = copy.deepcopy(plain)
    edited["stacks"][0] += 1
    with pytest.raises(SaveError) as caught:
        Table.restore(edited)
    assert str(caught.value) == (
        "the saved game is damaged or was edited: its checksum does not match")


@pytest.mark.parametrize("name", ["no-limit", "joker-wild"])
def test_a_hand_that_ended_before_its_board_is_saved_with_fillers_and_restored(name: str) -> None:
    rules = RULESETS[name]
    for seed in range(4):
        table = Table(rules, 3, rng=random.Random(seed))
        table.start_hand()
        while table.in_hand:
            table.apply(Action.fold())
        hand = table.hand
        assert hand is not None and hand.board == ()
        data = json.loads(json.dumps(table.save()))
        cards = data["hand"]["cards"]
        # Six hole cards, the five board cards and the burns never dealt: all different.
        burns = rules.burn_cards * 3
        assert len(cards) == 6 + 5 + burns == len(set(cards))
        assert all(type(c) is int and 0 <= c < (53 if rules.joker else 52) for c in cards)
        dealt = {int(c) for s in range(3) for c in hand.hole(s)}
        assert dealt <= set(cards)
        again = Table.restore(data)
        assert str(again.hand) == str(hand) and again.save() == table.save()
        again.start_hand()  # and the game goes on
        assert again.in_hand


def test_a_game_on_the_systems_random_source_restores_on_a_new_one() -> None:
    table = Table(NL, 3)
    table.start_hand()
    while table.in_hand:
        table.apply(Action.fold())
    again = Table.restore(json.loads(json.dumps(table.save())))
    again.start_hand()
    assert again.in_hand and again.hand_number == 2
    assert again.save()["rng"] is None  # and it is saved as such again


@pytest.mark.parametrize("name", ["no-limit", "casino-limit"])
def test_a_hand_that_ended_on_the_flop_is_saved_with_fillers_unlike_its_cards(name: str) -> None:
    rules = RULESETS[name]
    for seed in range(6):
        table = Table(rules, 3, rng=random.Random(seed))
        table.start_hand()
        while table.in_hand:
            legal = table.legal_actions()
            if legal.street is Street.PREFLOP:
                table.apply(Action.call() if "call" in str(legal) else Action.check())
            elif legal.can_raise and table.actions[-1][1].kind.value not in ("bet", "raise"):
                table.apply(Action(legal.kinds[-1], legal.min_to))
            else:
                table.apply(Action.fold())
        hand = table.hand
        assert hand is not None and len(hand.board) == 3
        cards = table.save()["hand"]["cards"]
        assert len(cards) == len(set(cards)) == 6 + 5 + rules.burn_cards * 3
        again = Table.restore(json.loads(json.dumps(table.save())))
        assert str(again.hand) == str(hand)


def test_a_hand_that_dealt_the_joker_restores_with_it() -> None:
    rules = RULESETS["joker-wild"]
    restored = 0
    for seed in range(40):
        table = Table(rules, 6, rng=random.Random(seed))
        table.start_hand()
        data = json.loads(json.dumps(table.save()))
        if 52 not in data["hand"]["cards"]:  # the joker's code: not dealt in this hand
            continue
        again = Table.restore(data)
        assert str(again.hand) == str(table.hand)
        restored += 1
    assert restored > 0
