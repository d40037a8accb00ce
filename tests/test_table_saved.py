"""Saving and restoring a game (rules.md §11): exactly, mid-hand included, under every
rule set, through JSON; a damaged, edited or foreign save refused, never half-loaded."""

from __future__ import annotations

import copy
import hashlib
import json
import random
import secrets
from typing import Any

import pytest

from pokerroom.engine import Action, Street
from pokerroom.players import CallingStation, Player, RandomBot, RuleBased, Runner
from pokerroom.rules import Rules
from pokerroom.table import Levels, SaveError, Table
from pokerroom.table.saved import FORMAT, VERSION
from table_helpers import RULESETS, FakeClock, small

Record = list[tuple[int, tuple[tuple[int, Action], ...], tuple[int, ...]]]


def bots(seed: int) -> list[Player]:
    return [CallingStation(), RandomBot(seed), RuleBased(seed + 1, samples=40),
            RandomBot(seed + 2)]  # fmt: skip


def play(table: Table, players: list[Player], record: Record, stop: int | None = None) -> int:
    """Play the game out; seat 0's player is asked here, one decision at a time, so the
    game can stop before its decision number ``stop``.  Each hand's actions and final
    stacks go to ``record``.  Returns the number of seat 0's decisions played."""
    runner = Runner(table, [None, *players[1:]])
    me = players[0]
    done = 0
    while not table.is_over:
        if not table.in_hand:
            table.start_hand()
        while (seat := runner.advance()) is not None:
            assert seat == 0
            if done == stop:
                return done
            view = table.turn_view()
            assert view.legal is not None
            ask = me.announce if view.legal.street is Street.SHOWDOWN else me.act
            runner.apply(ask(view, 1.0))
            done += 1
        record.append((table.hand_number, table.actions, table.stacks))
    return done


def game(name: str) -> Table:
    rules = small(RULESETS[name], 8)
    levels = Levels([{}, {"antes": 1}], every=5) if name == "no-limit" else None
    return Table(rules, 4, rng=random.Random(name), button="first-jack", levels=levels)


@pytest.mark.parametrize("when", [0.0, 0.3, 0.6, 0.99])
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_restored_game_plays_on_as_if_never_stopped(name: str, when: float) -> None:
    whole: Record = []
    never_stopped = game(name)
    decisions = play(never_stopped, bots(1), whole)
    assert len(whole) > 1 and decisions > 3
    first: Record = []
    table = game(name)
    players = bots(1)
    stop = int(when * decisions)
    assert play(table, players, first, stop) == stop
    assert table.in_hand and table.to_act == 0  # mid-hand
    data = json.loads(json.dumps(table.save()))
    restored = Table.restore(data)
    assert restored.view(0) == table.view(0) or repr(restored.view(0)) == repr(table.view(0))
    assert str(restored.hand) == str(table.hand)
    rest: Record = []
    play(restored, players, rest)
    assert first + rest == whole
    assert restored.standings == never_stopped.standings
    assert restored.log == never_stopped.log


def test_restored_at_an_announced_showdown() -> None:
    table = Table(Rules.preset("computer-tournament"), 3, rng=random.Random(4))
    table.start_hand()
    while table.in_hand and table.legal_actions().street is not Street.SHOWDOWN:
        legal = table.legal_actions()
        table.apply(Action.call() if "call" in str(legal) else
                    Action.check() if "check" in str(legal) else Action.raise_to(legal.min_to))
    assert table.in_hand, "the hand should wait for a showdown decision"
    values = table.legal_actions().values
    assert values  # announced hands: the hands the cards make, best first
    again = Table.restore(json.loads(json.dumps(table.save())))
    for t in (table, again):
        t.apply(Action.show(values[-1]))  # announcing less than the cards make binds
        while t.in_hand:
            t.apply(t.default_action())
    assert str(again.hand) == str(table.hand) and again.stacks == table.stacks


def test_restore_between_hands_and_from_the_dict_itself() -> None:
    table = Table(Rules.preset("casino-limit"), 3, rng=random.Random(8))
    runner = Runner(table, [RandomBot(1), RandomBot(2), CallingStation()])
    runner.play(hands=3)
    again = Table.restore(table.save())
    assert again.hand_number == 3 and not again.in_hand
    assert again.last_result == table.last_result
    assert str(again.hand) == str(table.hand)
    Runner(again, [RandomBot(1), RandomBot(2), CallingStation()]).play(hands=2)
    Runner(table, [RandomBot(1), RandomBot(2), CallingStation()]).play(hands=2)
    assert again.stacks == table.stacks and again.log == table.log


def test_a_new_game_restores_too() -> None:
    table = Table(Rules.preset("no-limit"), 5, button="first-jack", rng=random.Random(2))
    again = Table.restore(json.loads(json.dumps(table.save())))
    assert again.log == table.log and again.button == table.button
    assert again.start_hand() == table.start_hand()


def test_elapsed_time_carries_over_and_the_new_clock_runs_on() -> None:
    clock = FakeClock()
    levels = Levels([{}, {"blinds": [10, 20]}], every=60, unit="seconds")
    table = Table(Rules.preset("no-limit"), 3, rng=random.Random(1), levels=levels, clock=clock)
    clock.advance(45)
    data = table.save()
    later = FakeClock(5000.0)
    again = Table.restore(data, clock=later)
    assert again.elapsed == 45
    later.advance(15)
    assert again.start_hand().level == 1


def test_a_system_random_source_is_not_saved() -> None:
    table = Table(Rules.preset("no-limit"), 3, rng=secrets.SystemRandom())
    table.start_hand()
    table.apply(Action.call())
    data = table.save()
    assert data["rng"] is None
    again = Table.restore(data, rng=random.Random(3))
    assert str(again.hand) == str(table.hand)  # the hand in play is exact all the same


def test_keyed_saves_need_their_key() -> None:
    table = Table(Rules.preset("no-limit"), 3, rng=random.Random(1))
    table.start_hand()
    data = table.save(key=b"secret")
    assert data["checksum"].startswith("hmac-sha256:")
    assert str(Table.restore(data, key=b"secret").hand) == str(table.hand)
    with pytest.raises(SaveError, match="checksum does not match"):
        Table.restore(data, key=b"other")
    with pytest.raises(SaveError, match="restore it with its key"):
        Table.restore(data)
    edited = copy.deepcopy(data)
    edited["stacks"][0] += 1
    edited["checksum"] = sign(edited)  # recomputed, but without the key
    with pytest.raises(SaveError):
        Table.restore(edited, key=b"secret")


# ------------------------------------------------------------ damaged or edited


def saved() -> dict[str, Any]:
    table = Table(Rules.preset("computer-tournament"), 4, rng=random.Random(6))
    table.start_hand()
    for _ in range(3):
        legal = table.legal_actions()
        table.apply(Action.call() if "call" in str(legal) else Action.raise_to(legal.min_to))
    return json.loads(json.dumps(table.save()))  # type: ignore[no-any-return]


def sign(data: dict[str, Any]) -> str:
    """The plain checksum of the documented format, computed independently."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    return "sha256:" + hashlib.sha256(text).hexdigest()


def test_the_checksum_is_the_documented_one() -> None:
    data = saved()
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["checksum"] == sign(data)


@pytest.mark.parametrize(
    ("path", "value"),
    [(("stacks", 0), 5000), (("hand", "cards", 0), 51), (("button",), 2), (("rng", 1, 5), 7),
     (("rules", "small_bet"), 20), (("hand", "actions", 0, 1), "fold")],
)  # fmt: skip
def test_damage_anywhere_is_caught_by_the_checksum(path: tuple[Any, ...], value: Any) -> None:
    data = saved()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(SaveError, match="damaged or was edited"):
        Table.restore(data)


def edit(change: Any) -> dict[str, Any]:
    data = saved()
    change(data)
    data["checksum"] = sign(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["stacks"].__setitem__(0, d["stacks"][0] + 100), "chips were created"),
        (lambda d: d["hand"]["cards"].__setitem__(1, d["hand"]["cards"][0]), "twice"),
        (lambda d: d["hand"]["actions"].append([d["hand"]["actions"][0][0], "raise to 999"]),
         "cannot"),
        (lambda d: d["hand"]["actions"].append([0, "dance"]), "not an action"),
        (lambda d: d.__setitem__("button", 9), "button is 9"),
        (lambda d: d.pop("totals"), "missing field 'totals'"),
        (lambda d: d["rules"].__setitem__("small_bet", -1), "rules are not valid"),
        (lambda d: d.__setitem__("rng", [3, [1, 2], None]), "rng"),
        (lambda d: d["hand"].__setitem__("seats", [0, 1]), "hand.seats"),
        (lambda d: d.__setitem__("out", [True, False, False, False]), "out"),
        (lambda d: d["log"].append(["nonsense", 0, 0, "", []]), "not valid"),
    ],
)  # fmt: skip
def test_edited_saves_that_cannot_be_are_refused(change: Any, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        Table.restore(edit(change))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a saved game is a mapping"),
        ({"format": "chess"}, "not a saved pokerroom game"),
        ({"format": FORMAT, "version": 99}, "format version 99; this pokerroom reads version 1"),
        ({"format": FORMAT, "version": VERSION, "checksum": "x", "elapsed": float("nan")},
         "not plain data|checksum"),
    ],
)  # fmt: skip
def test_foreign_saves_are_refused(data: Any, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        Table.restore(data)
