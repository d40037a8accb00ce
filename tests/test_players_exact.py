"""Players, exactly: faults as text and through a save, the length at which an answer or
a value is cut short in a message, a user's class found by every kind of path, and every
refusal's whole text (the holes the mutation run of ``players`` showed)."""

from __future__ import annotations

import base64
import json
import math
import random
import textwrap
import tracemalloc
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from fixed_draws import Draws
from pokerroom.cards import parse_cards
from pokerroom.engine import Action, ActionKind, IllegalAction, PlayerView, Street
from pokerroom.players import (
    CallingStation,
    Fault,
    FaultKind,
    GameResult,
    Player,
    PlayerLoadError,
    RandomBot,
    RuleBased,
    Runner,
    base,
    make_player,
    play_game,
    saved,
    seat_names,
)
from pokerroom.players.cfr import CFRBot, shipped_no_limit_policy, shipped_policy
from pokerroom.players.registry import load_player_class
from pokerroom.players.runstate import Told
from pokerroom.players.state import (
    StateError,
    flag,
    floats_from,
    floats_state,
    generator_from,
    generator_state,
    number,
    random_from,
    random_state,
    whole,
    wholes,
)
from pokerroom.rules import Rules
from pokerroom.table import Levels, SaveError, Table, TableError
from pokerroom.table.saved import checksum
from table_helpers import FakeClock, deck_for

NL = Rules.preset("no-limit")

# ---------------------------------------------------------------------------- faults


def test_a_fault_reads_as_its_hand_seat_player_method_kind_detail_and_action() -> None:
    fault = Fault(3, 1, "bob", FaultKind.TIMEOUT, "act", "answered in 4 s, budget 2 s",
                  Action.fold())  # fmt: skip
    assert str(fault) == (
        "hand 3, seat 1 (bob) act: timeout: answered in 4 s, budget 2 s; played fold instead")
    told = Fault(4, 0, "ann", FaultKind.EXCEPTION, "observe", "RuntimeError: boom")
    assert str(told) == "hand 4, seat 0 (ann) observe: exception: RuntimeError: boom"


class Loud(CallingStation):
    """A calling station whose every notification raises, naming itself."""

    def start_game(self, game: Any) -> None:
        raise ValueError("no start_game")

    def start_hand(self, hand: Any) -> None:
        raise KeyError("start_hand")

    def end_hand(self, view: PlayerView) -> None:
        raise RuntimeError("no end_hand")

    def end_game(self, result: Any) -> None:
        raise ValueError("no end_game")


def test_a_notification_that_raises_is_a_fault_of_its_seat_named_by_its_method() -> None:
    """Seat 1's every notification raises: four faults, each of seat 1 under its name,
    named by the method and the exception's type and text, no action played for any; the
    game (one hand) plays on to its end."""
    table = Table(NL, 2, names=["ann", "bob"], rng=random.Random(6), max_hands=1)
    runner = Runner(table, [CallingStation(), Loud()])
    result = runner.play()
    e = FaultKind.EXCEPTION
    assert result.hands == 1 and table.is_over
    assert list(result.faults) == [
        Fault(0, 1, "bob", e, "start_game", "ValueError: no start_game"),
        Fault(1, 1, "bob", e, "start_hand", "KeyError: 'start_hand'"),
        Fault(1, 1, "bob", e, "end_hand", "RuntimeError: no end_hand"),
        Fault(1, 1, "bob", e, "end_game", "ValueError: no end_game"),
    ]


def test_more_hands_asked_than_the_game_has_give_the_result_of_the_hands_played() -> None:
    """A game of at most two hands asked for five: two are played, and ``play`` returns
    the game's result (the seats' names, the stacks summing to the chips brought) as it
    does when every hand asked is played."""
    table = Table(NL, 2, names=["ann", "bob"], rng=random.Random(3), max_hands=2)
    result = Runner(table, [CallingStation(), CallingStation()]).play(5)
    assert isinstance(result, GameResult)
    assert result.hands == 2 and table.is_over
    assert result.names == ("ann", "bob") and sum(result.stacks) == 2 * NL.buy_in
    assert result.stacks == table.stacks and result.faults == ()


class Attentive(CallingStation):
    """A calling station that notes, at each decision, how many of the hand's public
    events it has heard and how many the table has."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.heard = 0
        self.at_decisions: list[tuple[int, int]] = []

    def start_hand(self, hand: Any) -> None:
        self.heard = 0

    def observe(self, event: Any) -> None:
        self.heard += 1

    def act(self, view: PlayerView, budget: float) -> Action:
        self.at_decisions.append((self.heard, len(self.table.public_events())))
        return super().act(view, budget)


def test_an_observer_has_heard_every_event_of_the_hand_when_it_is_asked_to_act() -> None:
    """The game loop tells the observers of each action as it is taken: at every decision
    of a whole game (hands dealt inside the loop included), each player has heard every
    public event of the hand so far."""
    table = Table(NL, 2, rng=random.Random(4), max_hands=3)
    players = [Attentive(table), Attentive(table)]
    assert Runner(table, players).play().hands == 3
    for p in players:
        assert len(p.at_decisions) >= 6
        assert all(heard == events for heard, events in p.at_decisions), p.at_decisions


class HandCounter(CallingStation):
    """Hears the hands' starts, not their events."""

    def __init__(self) -> None:
        super().__init__()
        self.hands = 0

    def start_hand(self, hand: Any) -> None:
        self.hands += 1


def test_with_no_observer_no_event_is_counted_as_told() -> None:
    """Players that listen to the hands' starts but not to their events: a hand played
    through leaves them told of the game's start and of the hand, its end included, and
    of no event (``told.events`` counts the events sent to observers)."""
    table = Table(NL, 2, rng=random.Random(4), max_hands=3)
    players = [HandCounter(), HandCounter()]
    runner = Runner(table, players)
    runner.play_hand()
    assert table.public_events() and [p.hands for p in players] == [1, 1]
    assert runner.told == Told(True, 1, True, 0, False)


def test_a_runner_takes_any_budget_above_zero_ten_seconds_by_default_and_one_player_a_seat(
) -> None:
    """The budget is 10 s unless given; any number of seconds above 0 is taken (half a
    second too), 0 and less refused by name; the players must be one a seat; the clock is
    the one given (none by default)."""
    table = Table(NL, 2, rng=random.Random(1))
    plain = Runner(table, [CallingStation(), CallingStation()])
    assert plain.budget == 10.0 and plain.clock is None
    clock = FakeClock()
    assert Runner(table, [CallingStation(), CallingStation()], clock=clock).clock is clock
    assert Runner(table, [CallingStation(), CallingStation()], budget=0.5).budget == 0.5
    for bad in (0, -1.0):
        with pytest.raises(TableError) as refused:
            Runner(table, [CallingStation(), CallingStation()], budget=bad)
        assert str(refused.value) == f"budget is {bad!r}: seconds, more than 0"
    with pytest.raises(TableError) as refused:
        Runner(table, [CallingStation(), CallingStation(), CallingStation()])
    assert str(refused.value) == "3 players for 2 seats"


class Ending(CallingStation):
    """Counts the times it is told the game is over."""

    def __init__(self) -> None:
        super().__init__()
        self.ends = 0

    def end_game(self, result: Any) -> None:
        self.ends += 1


def test_the_end_of_the_game_is_told_once_however_often_the_runner_is_called_after() -> None:
    table = Table(NL, 2, rng=random.Random(2), max_hands=2)
    players = [Ending(), Ending()]
    runner = Runner(table, players)
    first = runner.play()
    assert table.is_over and runner.told.finished
    assert runner.play() == first and runner.play(3) == first
    assert runner.advance() is None and runner.next_seat() is None
    assert [p.ends for p in players] == [1, 1] and runner.told.finished


def test_a_hand_dealt_by_play_hand_asks_a_seat_played_from_outside_at_the_showdown() -> None:
    """``play_hand`` deals, then stops at the first decision of the seat played from
    outside; played on with ``advance`` and ``apply``, that seat is asked at every street
    and at the showdown too (the hand was not dealt to show down by itself)."""
    table = Table(NL, 2, rng=random.Random(1))
    runner = Runner(table, [CallingStation(), None])
    with pytest.raises(TableError) as refused:
        runner.play_hand()
    assert str(refused.value) == "seat 1 must act and has no player: use advance() and apply()"
    asked: list[tuple[int, Street]] = []
    seat = table.to_act
    while seat is not None:
        legal = table.legal_actions()
        asked.append((seat, legal.street))
        if legal.street is Street.SHOWDOWN:
            runner.apply(table.default_action())
        else:
            runner.apply(Action.call() if legal.to_call else Action.check())
        seat = runner.advance()
    assert asked == [(1, Street.PREFLOP), (1, Street.FLOP), (1, Street.TURN),
                     (1, Street.RIVER), (1, Street.SHOWDOWN)]  # fmt: skip
    assert not table.in_hand and runner.faults == []


def test_players_who_hear_nothing_are_told_nothing() -> None:
    """Players with no notification of their own: a whole game leaves what they were told
    as it was at the start (nothing)."""
    table = Table(NL, 2, rng=random.Random(2), max_hands=2)
    runner = Runner(table, [CallingStation(), CallingStation()])
    before = runner.told
    assert before == Told(False, 0, True, 0, False)
    assert runner.play().hands == 2 and table.is_over
    assert runner.told == before


class Starts(CallingStation):
    """Notes the number of each hand it is told of."""

    def __init__(self) -> None:
        super().__init__()
        self.started: list[int] = []

    def start_hand(self, hand: Any) -> None:
        self.started.append(hand.number)


def test_a_runner_made_in_the_middle_of_a_hand_tells_its_players_of_that_hand() -> None:
    """A runner made while hand 1 is in play: its players have heard only of the hands
    before it, so they are told of hand 1 before they play it on, then of hand 2."""
    table = Table(NL, 2, rng=random.Random(2), max_hands=2)
    table.start_hand()
    players = [Starts(), Starts()]
    runner = Runner(table, players)
    assert runner.told == Told(False, 0, True, 0, False)
    runner.play()
    assert [p.started for p in players] == [[1, 2], [1, 2]]


def test_a_cfr_bot_tells_twenty_reasons_apart_and_counts_the_rest_together() -> None:
    """The notes keep at most 20 reasons for deferring: with 19 known a new one is kept
    by name; with 20 known a new one counts under "other reasons", and a known one still
    under its own."""
    table = Table(NL, 3, rng=random.Random(1))
    view = table.deal()
    assert view is not None
    why = "3 players: the strategy is for heads-up play"
    for known, kept in ((19, why), (20, "other reasons")):
        bot = CFRBot(seed=1)
        state = bot.save_state()
        reasons = [[f"reason {i}", 1] for i in range(known)]
        bot.restore_state({**state, "deferred": reasons})
        bot.act(view, 10.0)
        assert bot.deferred == {**{r: 1 for r, _ in reasons}, kept: 1}
    bot.restore_state({**state, "deferred": [*reasons[:19], [why, 5]]})
    bot.act(view, 10.0)
    assert bot.deferred == {**{r: 1 for r, _ in reasons[:19]}, why: 6}


def test_a_fault_recorded_from_outside_has_its_kind_and_needs_a_seat_to_act() -> None:
    table = Table(NL, 2, rng=random.Random(1))
    runner = Runner(table, [None, CallingStation()])
    table.start_hand()
    assert runner.next_seat() is not None
    action = runner.fault(FaultKind.TIMEOUT, "answered in 11 s, budget 10 s")
    (fault,) = runner.faults
    assert (fault.hand, fault.kind, fault.where, fault.detail, fault.action) == (
        1, FaultKind.TIMEOUT, "act", "answered in 11 s, budget 10 s", action)  # fmt: skip
    while runner.next_seat() is not None:
        if table.to_act == 0:
            runner.apply(table.default_action())
        else:
            runner.decide()
    with pytest.raises(IllegalAction) as caught:
        runner.fault(FaultKind.TIMEOUT, "late")
    assert str(caught.value) == "nobody is to act"


class Says(Player):
    """Answers its first decision with ``reply`` (not an action), then checks or calls."""

    name = "says"

    def __init__(self, reply: object) -> None:
        self.reply: object = reply
        self.done = False

    def act(self, view: PlayerView, budget: float) -> Action:
        if not self.done:
            self.done = True
            return self.reply  # type: ignore[return-value]
        return Action.check() if view.to_call == 0 else Action.call()


@pytest.mark.parametrize(
    ("reply", "detail"),
    [("x" * 58, "returned '" + "x" * 58 + "'"),  # a repr of 60 characters: whole
     ("x" * 59, "returned '" + "x" * 56 + "..."),  # 61: its first 57, then ...
     ("y" * 200, "returned '" + "y" * 56 + "...")],
)  # fmt: skip
def test_an_answer_that_is_not_an_action_is_named_cut_at_sixty_characters(
    reply: str, detail: str
) -> None:
    table = Table(NL, 2, rng=random.Random(2))
    runner = Runner(table, [Says(reply), CallingStation()])
    runner.play_hand()
    assert [(f.seat, f.kind, f.detail) for f in runner.faults] == [(0, FaultKind.GARBAGE, detail)]


class Broken(RandomBot):
    """A random bot that raises on every third decision and on its fifth event."""

    name = "broken"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.asked = self.told = 0

    def act(self, view: PlayerView, budget: float) -> Action:
        self.asked += 1
        if self.asked % 3 == 0:
            raise RuntimeError(f"decision {self.asked}")
        return super().act(view, budget)

    def observe(self, event: Any) -> None:
        self.told += 1
        if self.told == 5:
            raise ValueError("cannot watch")


def _faulty_save() -> tuple[dict[str, Any], list[Fault]]:
    table = Table(NL, 2, rng=random.Random(3), reset_stacks=True)
    runner = Runner(table, [Broken(seed=1), CallingStation()])
    runner.play(hands=4)
    assert any(f.action is None for f in runner.faults)
    assert any(f.action is not None for f in runner.faults)
    return json.loads(json.dumps(runner.save())), list(runner.faults)


def test_a_game_s_faults_come_back_whole_from_its_save() -> None:
    data, faults = _faulty_save()
    again = Runner.restore(data, [Broken(), CallingStation()])
    assert again.faults == faults
    assert [str(f) for f in again.faults] == [str(f) for f in faults]


@pytest.mark.parametrize(
    "item",
    [[1, 0, "x", "exception", "act", "boom"],  # six fields
     [1, 0, "x", "exception", "act", "boom", None, None],  # eight
     "1, 0, x",
     [True, 0, "x", "exception", "act", "boom", None],
     [1, 0.0, "x", "exception", "act", "boom", None],
     [1, 0, 7, "exception", "act", "boom", None],
     [1, 0, "x", "exception", None, "boom", None],
     [1, 0, "x", "exception", "act", 5, None]],
)  # fmt: skip
def test_a_saved_fault_that_is_not_one_is_refused_with_its_whole_text(item: Any) -> None:
    data, _ = _faulty_save()
    data["faults"].append(item)
    data["checksum"] = checksum(data)
    with pytest.raises(SaveError) as caught:
        Runner.restore(data, [Broken(), CallingStation()])
    assert str(caught.value) == f"the saved game is not valid: a fault {item!r}"


# ------------------------------------------------------------------------ state values


@pytest.mark.parametrize(
    ("value", "shown"),
    [("a" * 38, "'" + "a" * 38 + "'"),  # a repr of 40 characters: whole
     ("a" * 39, "'" + "a" * 36 + "..."),  # 41: its first 37, then ...
     ("b" * 100, "'" + "b" * 36 + "...")],
)  # fmt: skip
def test_a_state_value_of_the_wrong_type_is_named_cut_at_forty_characters(
    value: str, shown: str
) -> None:
    for check, what in ((whole, "a whole number"), (flag, "true or false"),
                        (number, "a finite number")):  # fmt: skip
        with pytest.raises(StateError) as caught:
            check(value, "seen")
        assert str(caught.value) == f"seen is {shown}: {what}"


# ---------------------------------------------------------------------------- classes

BOT = """
from dataclasses import dataclass
from pokerroom.engine import Action
from pokerroom.players import Player


@dataclass
class {name}(Player):
    name: str = "{name}"

    def act(self, view, budget):
        return Action.check() if view.to_call == 0 else Action.call()
"""


def _bot(where: Path, name: str) -> Path:
    where.mkdir(parents=True, exist_ok=True)
    (where / "bot.py").write_text(BOT.format(name=name))
    return where / "bot.py"


def test_a_user_s_class_is_found_by_every_kind_of_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # two files of the same name in two folders (one with a colon in its name) do not clash,
    # and a dataclass (which looks its module up) loads
    one = load_player_class(f"{_bot(tmp_path / 'a:b', 'One')}:One")
    two = load_player_class(f"{_bot(tmp_path / 'c', 'Two')}:Two")
    assert (one.__name__, two.__name__) == ("One", "Two") and one.__module__ != two.__module__
    assert load_player_class(f"{tmp_path / 'a:b' / 'bot.py'}:One") is one  # loaded once
    monkeypatch.chdir(tmp_path / "c")
    assert load_player_class("bot.py:Two") is two  # a file in the current folder, by name
    assert make_player("bot.py:Two").act is not None


def test_a_path_that_is_not_python_is_refused_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "mine").write_text(BOT.format(name="Mine"))
    (tmp_path / "we\\ird").write_text(BOT.format(name="Mine"))
    for where in ("bots/mine", "we\\ird"):  # a folder's separator, either kind: a file
        with pytest.raises(PlayerLoadError) as caught:
            load_player_class(f"{where}:Mine")
        assert str(caught.value) == f"{where}:Mine: cannot load {where!r} as Python"
    with pytest.raises(PlayerLoadError) as missing:
        load_player_class("bots/none.py:Mine")
    assert str(missing.value) == "bots/none.py:Mine: no file 'bots/none.py'"


def test_every_refusal_of_a_user_s_class_has_its_whole_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    files = {
        "broken.py": "raise RuntimeError('no luck')\n",
        "loud_mod.py": "raise RuntimeError('boom')\n",
        "plain.py": "X = 3\n",
        "abstract.py": textwrap.dedent("""
            import abc
            class Half(abc.ABC):
                @abc.abstractmethod
                def act(self, view, budget): ...
                @abc.abstractmethod
                def other(self): ...
        """),
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    cases = {
        ":Bot": "not a player class: ':Bot' (write path/to/file.py:MyBot or package.module:MyBot)",
        "broken.py:Bot": "broken.py:Bot: running 'broken.py' failed: RuntimeError: no luck",
        "loud_mod:Bot": "loud_mod:Bot: importing 'loud_mod' failed: RuntimeError: boom",
        "plain.py:Bot": "plain.py:Bot: plain.py has no 'Bot'",  # no player class there
        "plain.py:X": "plain.py:X: 'X' is not a class but int",
        "abstract.py:Half": "abstract.py:Half: Half does not define act, other",
    }
    for spec, says in cases.items():
        with pytest.raises(PlayerLoadError) as caught:
            load_player_class(spec)
        assert str(caught.value) == says


# ------------------------------------------------------------------ bots and the game


def test_a_bot_s_text_and_the_cfr_bot_s_notes_count_their_decisions() -> None:
    assert repr(RandomBot(seed=3)) == "RandomBot(seed=3)"
    assert repr(CallingStation()) == "CallingStation(seed=None)"
    bot = CFRBot(seed=1)
    assert bot.notes == []
    bot.played = 1
    bot.deferred.update({"no strategy for 3 players": 1234, "a 2-7 triple draw": 2})
    assert bot.notes == [
        "1 decision from the CFR strategy",
        "1,234 decisions by strong: no strategy for 3 players",
        "2 decisions by strong: a 2-7 triple draw",
    ]


class Slow(CallingStation):
    """A calling station that takes 10.5 s (on a fake clock) for its first decision."""

    name = "slow"

    def __init__(self, clock: FakeClock) -> None:
        super().__init__()
        self.clock, self.first = clock, True

    def act(self, view: PlayerView, budget: float) -> Action:
        if self.first:
            self.first = False
            self.clock.advance(10.5)
        return super().act(view, budget)


def test_play_game_gives_ten_seconds_a_decision_and_shuffles_with_the_given_source() -> None:
    clock = FakeClock()
    result = play_game(NL, [Slow(clock), CallingStation()], seed=1, clock=clock, max_hands=1)
    assert [f.detail for f in result.faults] == ["answered in 10.5 s, budget 10 s"]
    # a random source given wins over a seed: the same game as with the source alone
    def boards(**how: Any) -> list[tuple[str, ...]]:
        seen: list[tuple[str, ...]] = []

        class Looks(CallingStation):
            name = "looks"

            def end_hand(self, view: PlayerView) -> None:
                seen.append(tuple(str(c) for c in (*view.board, *view.hole)))

        play_game(NL, [Looks(), CallingStation()], max_hands=4, reset_stacks=True, **how)
        return seen

    given = boards(seed=1, rng=random.Random(2))
    assert given == boards(rng=random.Random(2)) != boards(seed=1)
    assert len(given) == 4


class Heard(CallingStation):
    name = "heard"

    def __init__(self) -> None:
        super().__init__()
        self.ended: list[int] = []

    def end_hand(self, view: PlayerView) -> None:
        assert view.result is not None
        self.ended.append(len(view.board))


def test_a_hand_paced_from_outside_tells_its_end_as_soon_as_it_is_over() -> None:
    """The bot (the button, last to act after the flop) ends the hand by checking the
    river inside ``advance()``: it has heard the end when ``advance()`` returns."""
    table = Table(NL, 2, rng=random.Random(6))
    heard = Heard()
    runner = Runner(table, [heard, None])
    table.start_hand(auto_showdown=True)
    seat = runner.advance()
    while seat is not None:
        runner.apply(Action.call() if table.legal_actions().to_call else Action.check())
        seat = runner.advance()
    assert not table.in_hand and heard.ended == [5] and runner.faults == []


# ---------------------------------------------------------------------- saved floats


def test_saved_floats_must_be_exactly_what_was_written() -> None:
    values = np.arange(6, dtype=np.float64) / 7
    text = floats_state(values)
    assert (floats_from(text, (2, 3), "p") == values.reshape(2, 3)).all()
    refusals = {
        5: "p: floats as base64 text, not int",
        text[:8] + "\n" + text[8:]: "p: not floats written by pokerroom",  # not strict base64
        text[:8] + "!" + text[8:]: "p: not floats written by pokerroom",
    }
    stream = zlib.compressobj()
    cut = stream.compress(values.astype("<f8").tobytes()) + stream.flush(zlib.Z_SYNC_FLUSH)
    refusals[base64.b64encode(cut).decode()] = "p: 6 floats were expected"  # never ended
    for given, says in refusals.items():
        with pytest.raises(StateError) as caught:
            floats_from(given, (2, 3), "p")
        assert str(caught.value) == says


def test_saved_floats_that_would_inflate_are_refused_without_inflating_them() -> None:
    bomb = base64.b64encode(zlib.compress(bytes(64_000_000))).decode()  # 64 MB of zeros
    tracemalloc.start()
    try:
        with pytest.raises(StateError, match="1326 floats were expected"):
            floats_from(bomb, (1326,), "x")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4_000_000  # a few times the 63 kB of text, far from 64 MB


def test_floats_are_saved_as_doubles_whatever_they_were_given_as() -> None:
    text = floats_state([1, 2, 3])  # whole numbers: written as doubles all the same
    assert floats_from(text, (3,), "w").tolist() == [1.0, 2.0, 3.0]
    assert floats_from(text, (3,), "w").dtype == np.float64


# ---------------------------------------------------------------------- bots' states


def test_a_rule_based_bot_takes_its_sample_count_and_generator_from_its_state() -> None:
    saved = RuleBased(seed=1, samples=100)
    saved._np.random(5)
    state = json.loads(json.dumps(saved.save_state()))
    bot = RuleBased(seed=2, samples=200)
    bot.restore_state(state)
    assert bot.samples == 100 and bot._np.random() == saved._np.random()
    bot.restore_state({**state, "samples": 1})  # the least
    assert bot.samples == 1
    bot.restore_state(state)
    refusals = {
        "samples": (0, "samples is 0: a whole number 1 or more"),
        "np": ({"bit_generator": "MT19937"}, "np: a PCG64 generator's state"),
    }
    for key, (value, says) in refusals.items():
        with pytest.raises(StateError) as caught:
            bot.restore_state({**state, key: value})
        assert str(caught.value) == says
    assert bot.samples == 100


def test_a_cfr_bot_refuses_a_fallback_s_state_its_fallback_cannot_take() -> None:
    class Plain(Player):
        name = "plain"

        def act(self, view: PlayerView, budget: float) -> Action:
            return Action.check() if view.to_call == 0 else Action.call()

    state = json.loads(json.dumps(CFRBot(seed=1).save_state()))
    assert state["fallback"] is not None
    bot = CFRBot(seed=2, fallback=Plain())
    with pytest.raises(StateError) as caught:
        bot.restore_state(state)
    assert str(caught.value) == "the state holds a fallback's, but this fallback keeps none"


def test_a_number_is_finite_taken_as_a_float_and_at_least_its_least() -> None:
    assert number(0.0, "c", 0.0) == 0.0  # exactly the least
    assert number(-2.5, "c", -2.5) == -2.5
    three = number(3, "c")
    assert three == 3.0 and type(three) is float
    assert number(-1e300, "c") == -1e300  # no least unless given
    refusals = [
        ((-0.5, "c", 0.0), "c is -0.5: 0.0 or more"),
        ((-1, "c", 0), "c is -1: 0 or more"),
        ((math.nextafter(-2.5, -math.inf), "c", -2.5), "c is -2.5000000000000004: -2.5 or more"),
        ((True, "c"), "c is True: a finite number"),
        ((math.inf, "c", 0.0), "c is inf: a finite number"),
    ]
    for args, says in refusals:
        with pytest.raises(StateError) as caught:
            number(*args)  # type: ignore[arg-type]
        assert str(caught.value) == says


PCG64_FIELDS = [("state", 2**128 - 1), ("inc", 2**128 - 1), ("has_uint32", 1),
                ("uinteger", 2**32 - 1)]  # fmt: skip


def test_a_generator_state_is_read_field_by_field_at_exactly_its_bounds() -> None:
    base = generator_state(np.random.default_rng(1))
    again = generator_from(dict(base), "np")
    assert again.random(3).tolist() == np.random.default_rng(1).random(3).tolist()
    for field, high in PCG64_FIELDS:
        for edge in (0, high):  # a 128-bit state and increment, a 32-bit spare draw
            assert generator_state(generator_from({**base, field: edge}, "np"))[field] == edge
        for bad in (-1, high + 1):
            with pytest.raises(StateError) as caught:
                generator_from({**base, field: bad}, "np")
            assert str(caught.value) == f"np.{field} is {bad}: a whole number from 0 to {high}"
        with pytest.raises(StateError) as caught:
            generator_from({k: v for k, v in base.items() if k != field}, "np")
        assert str(caught.value) == f"np: missing {field!r}"
    refusals = [
        ({k: v for k, v in base.items() if k != "bit_generator"}, "np: missing 'bit_generator'"),
        ({**base, "bit_generator": "MT19937"}, "np: a PCG64 generator's state"),
        ([base], "np: a mapping, not list"),
        ({**base, "inc": 1.0}, "np.inc is 1.0: a whole number"),
    ]
    for data, says in refusals:
        with pytest.raises(StateError) as caught:
            generator_from(data, "np")
        assert str(caught.value) == says


def test_a_list_of_whole_numbers_is_checked_entry_by_entry() -> None:
    assert wholes([0, 5], "w", 0, 5, n=2) == [0, 5]
    refusals = [
        (("x", "w"), "w: a list, not str"),
        (([1, 2], "w", None, None, 3), "w: 3 entries, not 2"),
        (([1, -1], "w", 0), "w[1] is -1: a whole number 0 or more"),
        (([1, 6], "w", 0, 5), "w[1] is 6: a whole number from 0 to 5"),
    ]
    for args, says in refusals:
        with pytest.raises(StateError) as caught:
            wholes(*args)  # type: ignore[arg-type]
        assert str(caught.value) == says


def test_a_cfr_bot_s_state_is_read_field_by_field() -> None:
    saved = CFRBot(seed=1)
    saved.played = 7
    saved.deferred.update({"no strategy for 3 players": 4})
    state = json.loads(json.dumps(saved.save_state()))
    bot = CFRBot(seed=2)
    bot.restore_state(state)
    assert (bot.played, bot.deferred) == (7, saved.deferred)
    bot.restore_state({**state, "deferred": [["none yet", 0]], "played": 0})  # the least
    assert (bot.played, dict(bot.deferred)) == (0, {"none yet": 0})
    bot.restore_state(state)
    refusals = [
        ("deferred", "x", "deferred: a list, not str"),
        ("deferred", [["why"]], "deferred entry: 2 entries, not 1"),
        ("deferred", [[1, 2]], "deferred: reasons are text"),
        ("deferred", [["why", -1]], "deferred count is -1: a whole number 0 or more"),
        ("played", -1, "played is -1: a whole number 0 or more"),
        ("playing", 5, "playing: text or null"),
    ]
    for key, value, says in refusals:
        with pytest.raises(StateError) as caught:
            bot.restore_state({**state, key: value})
        assert str(caught.value) == says
    assert (bot.played, bot.deferred) == (7, saved.deferred)  # unchanged by a refusal


class Keeper(Player):
    """Checks or calls; notes the budgets it is given and keeps no state."""

    name = "keeper"

    def __init__(self) -> None:
        self.budgets: list[float] = []

    def act(self, view: PlayerView, budget: float) -> Action:
        return Action.check() if view.to_call == 0 else Action.call()

    def announce(self, view: PlayerView, budget: float) -> Action:
        self.budgets.append(budget)
        return Action.show()


class KeeperOfActs(Keeper):
    """A keeper that notes the budgets of its decisions too."""

    def act(self, view: PlayerView, budget: float) -> Action:
        self.budgets.append(budget)
        return super().act(view, budget)


def test_a_cfr_bot_hands_its_fallback_the_budget_and_saves_no_state_it_keeps_none() -> None:
    keeper = Keeper()
    bot = CFRBot(seed=1, fallback=keeper)
    assert bot.save_state()["fallback"] is None
    table = Table(NL, 3, rng=random.Random(4))
    table.start_hand()
    while table.to_act is not None and table.legal_actions().street.name != "SHOWDOWN":
        table.apply(Action.check() if table.legal_actions().to_call == 0 else Action.call())
    assert table.to_act is not None
    assert bot.announce(table.turn_view(), 1.5) == Action.show() and keeper.budgets == [1.5]


def test_a_cfr_bot_hands_its_fallback_the_budget_of_a_decision_it_defers() -> None:
    keeper = KeeperOfActs()
    bot = CFRBot(seed=1, fallback=keeper)
    view = Table(NL, 3, rng=random.Random(4)).deal()  # three players: no strategy
    assert view is not None
    assert bot.act(view, 2.5) == Action.call() and keeper.budgets == [2.5]


def test_a_cfr_bot_s_notes_name_the_strategy_it_plays() -> None:
    """The shipped no-limit strategy (a heads-up game 150 big blinds deep), the same
    given, and a given fixed-limit strategy: each named as such in the notes."""
    view = Table(NL, [600, 600], rng=random.Random(1)).deal()
    assert view is not None
    bot = CFRBot(seed=1)
    bot.act(view, 10.0)
    assert bot.notes == ["1 decision from the CFR strategy for heads-up no limit"]
    bot = CFRBot(seed=1, policy=shipped_no_limit_policy())
    bot.act(view, 10.0)
    assert bot.notes == ["1 decision from the strategy given (heads-up no limit)"]
    limit = Rules.preset("casino-limit")
    view = Table(limit, 2, rng=random.Random(1)).deal()
    assert view is not None
    bot = CFRBot(seed=1, policy=shipped_policy("casino-limit"))
    bot.act(view, 10.0)
    assert bot.notes == [
        "1 decision from the strategy given (fixed limit 2/4, blinds 1/2, raise cap 3)"]


def test_a_cfr_bot_names_the_strategies_that_ship_when_none_plays_the_game() -> None:
    """Heads-up with wild cards: no shipped strategy plays it, and the reason the bot
    notes for deferring names the game and the strategies that ship."""
    view = Table(Rules.preset("wild"), 2, rng=random.Random(1)).deal()
    assert view is not None
    bot = CFRBot(seed=1)
    bot.act(view, 10.0)
    assert bot.deferred == {
        "no strategy ships for no limit (minimum bet 4), blinds 2/4 (strategies: heads-up "
        "casino-limit, computer-tournament)": 1}


def test_a_bot_s_bets_and_raises_are_made_once_per_amount_and_other_kinds_refused() -> None:
    """``Bot.bet`` gives the bet or raise to the amount, the same object to every bot of
    the process; a kind that takes no amount is refused as the engine refuses it."""
    one, two = RandomBot(seed=1), CallingStation()
    for kind, made in ((ActionKind.BET, Action.bet(37)), (ActionKind.RAISE, Action.raise_to(37))):
        action = one.bet(kind, 37)
        assert action == made and action.kind is kind and action.amount == 37
        assert two.bet(kind, 37) is action
    for kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.SHOW,
                 ActionKind.MUCK):  # fmt: skip
        with pytest.raises(ValueError) as refused:
            one.bet(kind, 37)
        assert str(refused.value) == f"a {kind.value} takes no amount"
    assert CFRBot(seed=1).save_state()["playing"] is None  # no strategy played yet


class DictBot(dict):  # type: ignore[type-arg]
    """A player whose class has no signature Python can read (it is a dict's)."""

    def act(self, view: PlayerView, budget: float) -> Action:
        return Action.check() if view.to_call == 0 else Action.call()


def test_make_player_names_the_bots_and_builds_a_class_without_a_signature() -> None:
    with pytest.raises(PlayerLoadError) as refused:
        make_player("nobody")
    assert str(refused.value) == (
        "no bot 'nobody' (bots: calling-station, cfr, random, rule-based, strong; or a "
        "class: path/to/file.py:MyBot, package.module:MyBot)")
    assert isinstance(make_player("test_players_exact:DictBot", seed=3), DictBot)


class Nameless:
    """A player with no name of its own."""

    def act(self, view: PlayerView, budget: float) -> Action:
        return Action.fold()


class Blank(Nameless):
    """A player whose name is empty, and whose ``observe`` is not a method."""

    name = ""
    observe = 5

    def act(self, view: PlayerView, budget: float) -> Action:
        return Action.check() if view.to_call == 0 else Action.call()


def test_a_player_without_a_name_is_seated_under_its_class_s() -> None:
    assert seat_names([Nameless(), RandomBot(), Nameless()]) == [  # type: ignore[list-item]
        "Nameless", "random", "Nameless #2"]
    assert seat_names([Blank(), Blank()]) == ["Blank", "Blank #2"]  # type: ignore[list-item]


def test_an_attribute_that_is_not_a_method_is_no_notification() -> None:
    """A player whose ``observe`` is a number hears no events: no hook, and a game played
    with it records no fault."""
    assert base.hook(Blank(), "observe") is None
    table = Table(NL, 2, rng=random.Random(3), max_hands=2)
    result = Runner(table, [Blank(), CallingStation()]).play()  # type: ignore[list-item]
    assert result.hands == 2 and result.faults == ()


def _outside_save() -> dict[str, Any]:
    """Two hands of two random bots, seat 1 played from outside between them."""
    table = Table(NL, 3, rng=random.Random(5), reset_stacks=True)
    runner = Runner(table, [RandomBot(seed=1), None, RandomBot(seed=3)])
    for _ in range(2):
        table.start_hand(auto_showdown=True)
        while runner.advance() is not None:
            runner.apply(Action.fold() if table.legal_actions().to_call else Action.check())
    data: dict[str, Any] = json.loads(json.dumps(runner.save()))
    return data


class Forgetful(Player):
    """Named as the random bot but keeps no state (neither saves nor restores one)."""

    name = "random"

    def act(self, view: PlayerView, budget: float) -> Action:
        return Action.check() if view.to_call == 0 else Action.call()


class TakesOnly(Forgetful):
    """Takes a state but gives none."""

    def restore_state(self, state: Any) -> None:
        self.taken = state


def test_every_player_after_a_seat_played_from_outside_gets_its_state_back() -> None:
    data = _outside_save()
    bots = [RandomBot(seed=8), None, RandomBot(seed=9)]
    Runner.restore(data, bots)
    assert [None if b is None else b.save_state() for b in bots] == [
        p["state"] if p is not None else None for p in data["players"]]  # fmt: skip

    takes = TakesOnly()
    Runner.restore(data, [takes, None, RandomBot()])  # a player that saves no state of its own
    assert takes.taken == data["players"][0]["state"]


TOLD = "the saved game is not valid: told: {started, hand, closed, events, finished}"


@pytest.mark.parametrize(
    ("change", "players", "says"),
    [(None, [RandomBot(), Keeper(), RandomBot()],
      "seat 1 was played from outside (give None), not by 'keeper'"),
     (lambda d: d["players"][0].pop("state"), None,
      "the saved game is not valid: seat 0: {name, state}"),
     (lambda d: d["players"].__setitem__(2, "random"), None,
      "the saved game is not valid: seat 2: {name, state}"),
     (lambda d: d["players"][2].__setitem__("state", [1]), None,
      "the saved game is not valid: seat 2's state is not a mapping"),
     (None, [Forgetful(), None, RandomBot()],
      "seat 0 (random) has a saved state, but this player has no restore_state to take it"),
     (lambda d: d["told"].pop("events"), None, TOLD),
     (lambda d: d.__setitem__("told", "x"), None, TOLD)],
)  # fmt: skip
def test_a_game_save_that_does_not_fit_its_players_is_refused_with_its_whole_text(
    change: Any, players: list[Player | None] | None, says: str
) -> None:
    data = _outside_save()
    if change is not None:
        change(data)
        data["checksum"] = checksum(data)
    with pytest.raises(SaveError) as caught:
        Runner.restore(data, players or [RandomBot(), None, RandomBot()])
    assert str(caught.value) == says


def _played_save() -> dict[str, Any]:
    """Two hands of two random bots, played by the runner."""
    table = Table(NL, 2, rng=random.Random(5), reset_stacks=True, max_hands=8)
    runner = Runner(table, [RandomBot(seed=1), RandomBot(seed=2)])
    runner.play(hands=2)
    data: dict[str, Any] = json.loads(json.dumps(runner.save()))
    return data


TOLD_ALL = {"started": True, "hand": 2, "closed": True, "events": 0, "finished": False}


@pytest.mark.parametrize(
    ("told", "says"),
    [({**TOLD_ALL, "started": 1}, "the saved game is not valid: told: {'started': 1, 'hand': 2, "
      "'closed': True, 'events': 0, 'finished': False}"),
     ({**TOLD_ALL, "events": 999},
      "the saved game is not valid: told of events the hand does not have"),
     ({**TOLD_ALL, "finished": True},
      "the saved game is not valid: told of an end the game has not had")],
)  # fmt: skip
def test_what_the_players_were_told_is_checked_against_the_game(
    told: dict[str, Any], says: str
) -> None:
    data = _played_save()
    assert data["table"]["hand_number"] == 2
    data["told"] = told
    data["checksum"] = checksum(data)
    with pytest.raises(SaveError) as caught:
        Runner.restore(data, [RandomBot(), RandomBot()])
    assert str(caught.value) == says
    data["told"] = TOLD_ALL  # (the same, told right)
    data["checksum"] = checksum(data)
    assert Runner.restore(data, [RandomBot(), RandomBot()]).table.hand_number == 2


def test_a_restored_game_takes_the_random_source_and_clock_it_is_given() -> None:
    class Looks(CallingStation):
        name = "looks"

        def __init__(self) -> None:
            super().__init__()
            self.seen: list[str] = []

        def end_hand(self, view: PlayerView) -> None:
            self.seen += [str(c) for c in (*view.board, *view.hole)]

    # a game on the system's random source: its save holds none, so a restored game draws
    # from the one it is given (without, the system's again)
    table = Table(NL, 2, reset_stacks=True, max_hands=8)
    runner = Runner(table, [Looks(), Looks()])
    runner.play(hands=2)
    saved = json.loads(json.dumps(runner.save()))
    assert saved["table"]["rng"] is None

    def played(**how: Any) -> list[str]:
        looks = Looks()
        Runner.restore(saved, [looks, Looks()], **how).play(hands=4)
        assert len(looks.seen) == 4 * 7  # four hands to the river
        return looks.seen

    assert played(rng=random.Random(7)) == played(rng=random.Random(7)) != played()
    data = _played_save()
    with pytest.raises(SaveError) as caught:
        Runner.restore(data["table"], [RandomBot(), RandomBot()])
    assert str(caught.value) == (
        "this is a table's save without its players: restore it with Table.restore")
    clock = FakeClock()
    table = Table(NL, 2, rng=random.Random(5), max_hands=1)
    data = json.loads(json.dumps(Runner(table, [Slow(clock), CallingStation()]).save()))
    again = Runner.restore(data, [Slow(clock), CallingStation()], clock=clock)
    again.play()
    assert [f.detail for f in again.faults] == ["answered in 10.5 s, budget 10 s"]


def test_a_restored_game_s_levels_rise_by_the_table_clock_it_is_given() -> None:
    """A game whose blinds rise every 40 s of play, saved after 30 s and restored with
    a table clock reading 5,000: the 30 s carry, and 15 s more on the new clock make 45 s,
    the second level (an ante of 1) from the next hand on."""
    clock = FakeClock(0.0)
    levels = Levels([{}, {"antes": 1}], every=40, unit="seconds")
    table = Table(NL, 2, rng=random.Random(5), levels=levels, clock=clock)
    runner = Runner(table, [CallingStation(), CallingStation()])
    runner.play(hands=1)
    clock.advance(30.0)
    data = json.loads(json.dumps(runner.save()))
    later = FakeClock(5000.0)
    again = Runner.restore(data, [CallingStation(), CallingStation()], table_clock=later)
    assert again.table.elapsed == 30.0
    later.advance(15.0)
    again.play(hands=1)
    assert again.table.elapsed == 45.0 and again.table.level == 1


def test_a_game_save_whose_faults_are_not_a_list_is_refused_with_its_whole_text() -> None:
    data = _played_save()
    data["faults"] = 5
    data["checksum"] = checksum(data)
    with pytest.raises(SaveError) as caught:
        Runner.restore(data, [RandomBot(), RandomBot()])
    assert str(caught.value) == "the saved game is not valid: 'int' object is not iterable"


class Listens(CallingStation):
    """A calling station that notes the game's start and each hand's end it is told."""

    name = "listens"

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[str] = []

    def start_game(self, game: Any) -> None:
        self.heard.append("start")

    def end_hand(self, view: PlayerView) -> None:
        self.heard.append("end")


def test_a_restored_game_tells_its_players_only_what_they_have_not_heard() -> None:
    table = Table(NL, 2, rng=random.Random(5), reset_stacks=True, max_hands=8)
    first = [Listens(), Listens()]
    runner = Runner(table, first)
    runner.play(hands=2)
    assert first[0].heard == ["start", "end", "end"]
    data = json.loads(json.dumps(runner.save()))
    again = [Listens(), Listens()]
    Runner.restore(data, again).play(hands=3)
    assert again[0].heard == ["end"] * 3  # the start and the first two hands were heard


def test_a_restored_game_keeps_the_budget_and_the_fault_listener_it_is_given() -> None:
    clock = FakeClock()
    table = Table(NL, 2, rng=random.Random(5), max_hands=1)
    data = json.loads(json.dumps(Runner(table, [Slow(clock), CallingStation()]).save()))
    heard: list[Fault] = []
    again = Runner.restore(data, [Slow(clock), CallingStation()], clock=clock, budget=20.0,
                           on_fault=heard.append)  # fmt: skip
    again.play()
    assert again.faults == [] and heard == []  # 10.5 s is within 20 s
    again = Runner.restore(data, [Slow(clock), CallingStation()], clock=clock, budget=2.0,
                           on_fault=heard.append)  # fmt: skip
    again.play()
    assert [f.detail for f in heard] == ["answered in 10.5 s, budget 2 s"] == [
        f.detail for f in again.faults]  # fmt: skip


def test_the_save_modules_restore_gives_a_runner_10_s_a_decision_by_default() -> None:
    """``players.saved.restore`` (public: :meth:`Runner.restore` passes its own budget)."""
    again = saved.restore(_played_save(), [RandomBot(), RandomBot()], runner_class=Runner)
    assert type(again) is Runner and again.budget == 10.0
    assert saved.restore(_played_save(), [RandomBot(), RandomBot()], runner_class=Runner,
                         budget=3.0).budget == 3.0  # fmt: skip


class Paced(Keeper):
    """Raises on its first decision; notes the budget of each decision and announcement."""

    name = "paced"

    def __init__(self) -> None:
        super().__init__()
        self.acts: list[float] = []

    def act(self, view: PlayerView, budget: float) -> Action:
        self.acts.append(budget)
        if len(self.acts) == 1:
            raise RuntimeError("not now")
        if len(self.acts) == 2:
            return Action.raise_to(1)  # not legal
        if len(self.acts) == 3:
            return "raise"  # type: ignore[return-value]
        return super().act(view, budget)


def test_decisions_asked_one_at_a_time_give_the_budget_and_ask_for_the_announcement() -> None:
    table = Table(NL, 2, rng=random.Random(4))
    paced = Paced()
    runner = Runner(table, [None, paced], budget=3.0)
    table.start_hand()  # the showdown announced, not automatic
    while (seat := runner.next_seat()) is not None:
        if seat == 0:
            legal = table.legal_actions()
            runner.apply(Action.call() if legal.to_call else (
                Action.check() if ActionKind.CHECK in legal.kinds else table.default_action()))
        else:
            taken = runner.decide()
            assert type(taken) is Action
    assert [(f.seat, f.kind) for f in runner.faults] == [
        (1, FaultKind.EXCEPTION), (1, FaultKind.ILLEGAL), (1, FaultKind.GARBAGE)]  # fmt: skip
    details = [f.detail for f in runner.faults]
    assert details[0] == "RuntimeError: not now" and details[2] == "returned 'raise'"
    assert "cannot raise" in details[1], details
    assert set(paced.acts) == {3.0} and len(paced.acts) >= 4 and paced.budgets == [3.0]
    with pytest.raises(IllegalAction) as caught:
        runner.decide()
    assert str(caught.value) == "nobody is to act"


def test_the_cfr_bot_s_odds_give_an_amount_to_bets_and_raises_only() -> None:
    rules = Rules.preset("casino-limit", players=2)
    table = Table(rules, 2, rng=random.Random(1))
    table.start_hand()
    odds = CFRBot(seed=1).odds(table.turn_view())
    assert odds is not None and sum(p for _, p, _ in odds) == pytest.approx(1.0)
    for kind, _, amount in odds:
        assert (amount > 0) == (kind in (ActionKind.BET, ActionKind.RAISE)), odds


def test_the_random_bot_s_odds_are_even_with_the_mean_amount_for_bets_only() -> None:
    table = Table(NL, 3, rng=random.Random(1))
    table.start_hand()
    legal = table.legal_actions()
    assert legal.can_raise and len(legal.kinds) == 3
    mean = (legal.min_to + legal.max_to) / 2
    assert RandomBot(seed=1).odds(table.turn_view()) == [
        (k, 1 / 3, mean if k is ActionKind.RAISE else 0.0) for k in legal.kinds]  # fmt: skip
    assert CallingStation().odds(table.turn_view()) == [(ActionKind.CALL, 1.0, 0.0)]


class Duck:
    """A player by its methods alone: no name of its own."""

    def act(self, view: PlayerView, budget: float) -> Action:
        return Action.check() if view.to_call == 0 else Action.call()


def test_a_player_without_a_name_is_saved_under_its_class_s() -> None:
    table = Table(NL, 2, rng=random.Random(1))
    runner = Runner(table, [Duck(), CallingStation()])  # type: ignore[list-item]
    runner.play(hands=1)
    data = json.loads(json.dumps(runner.save()))
    assert data["players"][0] == {"name": "Duck", "state": None}
    Runner.restore(data, [Duck(), CallingStation()])  # type: ignore[list-item]
    with pytest.raises(SaveError) as caught:
        Runner.restore(data, [CallingStation(), CallingStation()])
    assert str(caught.value) == "seat 0 was played by 'Duck', not 'calling-station'"


def _nan_refused() -> str:
    """The standard library's words for a float JSON has no number for."""
    try:
        json.dumps(math.nan, allow_nan=False)
    except ValueError as exc:
        return str(exc)
    raise AssertionError("json wrote NaN")


NAN_REFUSED = _nan_refused()


class Odd(CallingStation):
    """A calling station whose ``save_state`` gives whatever it was built with."""

    name = "odd"

    def __init__(self, state: Any) -> None:
        super().__init__()
        self.state = state

    def save_state(self) -> Any:
        return self.state


@pytest.mark.parametrize(("state", "message"), [
    ([1, 2], "odd: save_state() gave list, not a dict"),
    ("x", "odd: save_state() gave str, not a dict"),
    ({"seen": {1, 2}},
     "odd's state is not plain JSON data: Object of type set is not JSON serializable"),
    ({"p": [0.5, math.nan]}, f"odd's state is not plain JSON data: {NAN_REFUSED}"),
    ({"p": -math.inf}, f"odd's state is not plain JSON data: {NAN_REFUSED}"),
])  # fmt: skip
def test_a_state_that_is_not_a_dict_of_plain_data_is_refused_when_saving(
    state: Any, message: str
) -> None:
    runner = Runner(Table(NL, 2, rng=random.Random(1)), [CallingStation(), Odd(state)])
    runner.play(hands=1)
    with pytest.raises(SaveError) as caught:
        runner.save()
    assert str(caught.value) == message
    runner.players[1].state = {"seen": [1, 2]}  # type: ignore[union-attr]
    assert runner.save()["players"][1] == {"name": "odd", "state": {"seen": [1, 2]}}


def _at_showdown(rules: Rules, holes: list[str], board: str, first: Action) -> PlayerView:
    """Seat 0's view at a heads-up showdown checked down (seat 1 shows first), after seat
    1's ``first`` action."""
    table = Table(rules, 2, rng=random.Random(1))
    table.start_hand(deck_for(table, holes, board))
    while table.legal_actions().street is not Street.SHOWDOWN:
        table.apply(Action.call() if table.legal_actions().to_call else Action.check())
    assert table.to_act == 1
    table.apply(first)
    view = table.turn_view()
    assert view.seat == 0 and view.legal is not None
    assert view.legal.kinds == (ActionKind.SHOW, ActionKind.MUCK) and view.legal.values == ()
    return view


@pytest.mark.parametrize(("rules", "holes", "board", "answer"), [
    # seat 1 shows a straight; seat 0's pair of twos is beaten: muck
    (NL, ["2c 2d", "Ts Jd"], "9h 8c 7s Ks 3d", Action.muck()),
    # both play the board's straight: a tie is not beaten, show
    (NL, ["2c 2d", "3s 4d"], "9h 8c 7s 6d 5c", Action.show()),
    # seat 0's flush beats the straight shown: show
    (NL, ["Ah 2h", "Ts Jd"], "9h 8h 7s Ks 3h", Action.show()),
    # two hole cards must play: seat 0's ace and king make no flush (a flush with the ace
    # alone), seat 1's pair of twos makes three: muck
    (NL.replace(min_hole_cards=2), ["Ah Kc", "2d 2s"], "9h 8h 7h 6h 2c", Action.muck()),
])  # fmt: skip
def test_rule_based_mucks_at_a_show_or_muck_showdown_exactly_when_a_shown_hand_beats_its(
    rules: Rules, holes: list[str], board: str, answer: Action
) -> None:
    view = _at_showdown(rules, holes, board, Action.show())
    assert RuleBased(seed=1).announce(view, 1.0) == answer



def test_a_random_state_is_read_exactly_at_its_bounds_and_refused_otherwise() -> None:
    source = random.Random(7)
    source.gauss(0.0, 1.0)  # a spare normal kept: the third entry is a float
    state = random_state(source)
    assert type(state[2]) is float
    again = random_from(json.loads(json.dumps(state)), "rng")
    assert [again.random() for _ in range(3)] == [source.random() for _ in range(3)]
    _, internal, gauss = state
    accepted = [
        [3, [0, *internal[1:]], None],
        [3, [2**32 - 1] * 624 + [624], gauss],  # every number at its most, the index at 624
        [3, [*internal[:-1], 0], -0.0],
    ]
    for data in accepted:
        assert random_from(data, "rng").getstate() == (3, tuple(data[1]), data[2])
    refused = [
        "x", (3, internal, None), [3, internal], [3, internal, None, None],
        [2, internal, None], [3.0, internal, None], [True, internal, None],
        [3, tuple(internal), None], [3, internal[:-1], None], [3, [*internal, 0], None],
        [3, [-1, *internal[1:]], None], [3, [2 ** 32, *internal[1:]], None],
        [3, [True, *internal[1:]], None], [3, [1.0, *internal[1:]], None],
        [3, [*internal[:-1], 625], None], [3, internal, 1], [3, internal, math.nan],
        [3, internal, math.inf],
    ]
    for data in refused:
        with pytest.raises(StateError) as caught:
            random_from(data, "rng")
        assert str(caught.value) == (
            "rng: not the state of a random.Random (3, 625 numbers, null or a float)")


def test_a_bots_seed_and_random_source_are_read_from_its_state_each_refused_by_name() -> None:
    bot = RandomBot(seed=5)
    state = json.loads(json.dumps(bot.save_state()))
    other = RandomBot(seed=6)
    other.restore_state({**state, "seed": None})
    assert other.seed is None and other.rng.getstate() == bot.rng.getstate()
    refusals = [
        ({**state, "seed": "5"}, "seed is '5': a whole number"),
        ({**state, "rng": [2, [], None]},
         "rng: not the state of a random.Random (3, 625 numbers, null or a float)"),
        ({k: v for k, v in state.items() if k != "bot"}, "the state: missing 'bot'"),
        ([state], "the state: a mapping, not list"),
    ]  # fmt: skip
    for data, says in refusals:
        again = RandomBot(seed=7)
        before = again.rng.getstate()
        with pytest.raises(StateError) as caught:
            again.restore_state(data)
        assert str(caught.value) == says
        assert again.seed == 7 and again.rng.getstate() == before


def test_a_generator_other_than_pcg64_cannot_be_saved_and_says_which_it_is() -> None:
    with pytest.raises(StateError) as caught:
        generator_state(np.random.Generator(np.random.MT19937(1)))
    assert str(caught.value) == "a MT19937 generator cannot be saved (PCG64 only)"


class Sure(RuleBased):
    """A rule-based bot that is told its equity and notes the opponents it counts."""

    def __init__(self, share: float) -> None:
        super().__init__(seed=1)
        self.share = share
        self.counted: list[int] = []

    def equity(self, view: PlayerView, opponents: int) -> float:
        self.counted.append(opponents)
        return self.share


@pytest.mark.parametrize(("seats", "folds", "opponents"), [(4, 1, 2), (4, 2, 1), (5, 0, 4)])
def test_rule_based_counts_as_opponents_the_players_who_have_not_folded(
    seats: int, folds: int, opponents: int
) -> None:
    table = Table(NL, seats, rng=random.Random(3))
    table.start_hand()
    for _ in range(folds):
        table.apply(Action.fold())
    while table.legal_actions().street is Street.PREFLOP:
        table.apply(Action.call() if table.legal_actions().to_call else Action.check())
    bot = Sure(0.0)
    assert bot.act(table.turn_view(), 1.0) == Action.check()
    assert bot.counted == [opponents]


def test_a_system_random_source_cannot_be_saved() -> None:
    with pytest.raises(StateError) as caught:
        random_state(random.SystemRandom())
    assert str(caught.value) == "a system random source cannot be saved (its future is unknown)"


def _flop_view(seats: int, bet: int | None = None) -> PlayerView:
    """The first decision on the flop of a no-limit hand called round before it (the
    blinds 2 and 4), after a bet of ``bet`` if given."""
    table = Table(NL, seats, rng=random.Random(3))
    table.start_hand()
    while table.legal_actions().street is Street.PREFLOP:
        table.apply(Action.call() if table.legal_actions().to_call else Action.check())
    if bet is not None:
        table.apply(Action.bet(bet))
    return table.turn_view()


def test_rule_based_bets_raises_calls_and_bluffs_exactly_at_its_thresholds() -> None:
    def kind(view: PlayerView, share: float, draw: float = 0.5) -> ActionKind:
        bot = Sure(share)
        bot.rng = Draws(draw)
        return bot.act(view, 1.0).kind

    heads_up = _flop_view(2)  # nothing to call; one opponent: strong from 0.65
    assert heads_up.pot == 8 and heads_up.legal is not None and heads_up.legal.to_call == 0
    assert kind(heads_up, 0.65) is ActionKind.BET
    assert kind(heads_up, math.nextafter(0.65, 0)) is ActionKind.CHECK
    # a bluff one time in 12.5, against one opponent only: a draw below 0.08
    assert kind(heads_up, 0.0, math.nextafter(0.08, 0)) is ActionKind.BET
    assert kind(heads_up, 0.0, 0.08) is ActionKind.CHECK
    three = _flop_view(3)  # two opponents: strong from 0.5 + 0.15 / 2
    assert kind(three, 0.575) is ActionKind.BET
    assert kind(three, math.nextafter(0.575, 0)) is ActionKind.CHECK
    assert kind(three, 0.0, 0.0) is ActionKind.CHECK  # no bluff against two
    facing = _flop_view(2, bet=8)  # 8 to call into 16: pot odds 8 / 24
    assert facing.pot == 16 and facing.legal is not None and facing.legal.call == 8
    assert kind(facing, 0.8) is ActionKind.RAISE  # strong and 0.15 more: raise
    assert kind(facing, math.nextafter(0.8, 0)) is ActionKind.CALL
    assert kind(facing, 8 / 24 + 0.03) is ActionKind.CALL  # the odds and 0.03: call
    assert kind(facing, math.nextafter(8 / 24 + 0.03, 0)) is ActionKind.FOLD

    # the bet or raise: two thirds of the pot after calling, on top of the bet to match
    assert Sure(0.65).act(heads_up, 1.0) == Action.bet(5)  # 8 * 2 // 3
    assert Sure(0.575).act(three, 1.0) == Action.bet(8)  # 12 * 2 // 3
    assert Sure(0.8).act(facing, 1.0) == Action.raise_to(24)  # 8 + 24 * 2 // 3


def test_rule_based_equity_under_wild_cards_is_its_category_s_share_per_opponent() -> None:
    """Two hole cards that must play: the ace and king of the example above make no
    flush, only an ace high (0.25 against one opponent, 0.25 ** 3 against three)."""
    rules = NL.replace(min_hole_cards=2)
    table = Table(rules, 2, rng=random.Random(1))
    table.start_hand(deck_for(table, ["2d 2s", "Ah Kc"], "9h 8h 7h 6h 2c"))
    while table.legal_actions().street is not Street.RIVER:
        table.apply(Action.call() if table.legal_actions().to_call else Action.check())
    view = table.turn_view()
    assert view.board == tuple(parse_cards("9h 8h 7h 6h 2c"))
    assert view.hole == tuple(parse_cards("Ah Kc"))
    bot = RuleBased(seed=1)
    assert [bot.equity(view, n) for n in (1, 3)] == [0.25, 0.25**3]


class Picks(random.Random):
    """A random source that picks ``kind`` among the legal kinds and ``amount`` as any
    whole number drawn."""

    def __init__(self, kind: ActionKind, amount: int) -> None:
        super().__init__(0)
        self.kind = kind
        self.amount = amount

    def choice(self, seq: Any) -> Any:
        assert self.kind in seq
        return self.kind

    def randint(self, a: int, b: int) -> int:
        assert a <= self.amount <= b
        return self.amount


def test_the_random_bot_bets_and_raises_amounts_shared_or_not_of_their_own_kind() -> None:
    """The random bot takes a bet's or raise's action from the bots' shared actions when
    one was made for that amount, else makes it: the same action either way (the shared
    actions emptied first, then filled by the first raise), and a bet of that amount
    shared already is no raise (nor the other way round)."""
    table = Table(NL, 2, rng=random.Random(1))
    table.start_hand()
    view = table.turn_view()
    bot = RandomBot(seed=1)
    bot.rng = Picks(ActionKind.RAISE, 777)
    base._BETS.clear()
    base._RAISES.clear()
    assert bot.act(view, 1.0) == Action.raise_to(777)
    assert {777: Action.raise_to(777)} == base._RAISES
    assert bot.act(view, 1.0) == Action.raise_to(777)
    bot.rng = Picks(ActionKind.CALL, 0)
    assert bot.act(view, 1.0) == Action.call()
    assert bot.bet(ActionKind.BET, 600) == Action.bet(600)  # a bet of 600 shared
    bot.rng = Picks(ActionKind.RAISE, 600)
    assert bot.act(view, 1.0) == Action.raise_to(600)
    table.apply(Action.call())
    table.apply(Action.check())  # the flop: a bet is legal
    bot.rng = Picks(ActionKind.BET, 777)  # a raise to 777 shared
    assert bot.act(table.turn_view(), 1.0) == Action.bet(777)


class KeepsResults(CallingStation):
    """A calling station that keeps what it is told: the game's and the hands' starts,
    the hands' results (in ``starts``), the events and the game's result."""

    def __init__(self) -> None:
        super().__init__()
        self.starts: list[Any] = []
        self.events: list[Any] = []
        self.results: list[Any] = []

    def start_game(self, game: Any) -> None:
        self.starts.append(game)

    def start_hand(self, hand: Any) -> None:
        self.starts.append(hand)

    def observe(self, event: Any) -> None:
        self.events.append(event)

    def end_hand(self, view: PlayerView) -> None:
        self.starts.append(view.result)

    def end_game(self, result: Any) -> None:
        self.results.append(result)


def test_a_cfr_bot_passes_hand_starts_events_and_the_result_on_to_its_fallback() -> None:
    heard, other = KeepsResults(), KeepsResults()
    players = [CFRBot(seed=1, fallback=heard), other]
    result = play_game(NL, players, seed=1, max_hands=2)
    assert heard.results == other.results == [result]
    assert result.hands == 2
    game, first, end, second, end_again = heard.starts
    assert [first.number, second.number] == [1, 2]
    assert (game.players, game.seat, other.starts[0].seat) == (2, 0, 1)
    assert end is not None and end_again is not None
    assert heard.starts[1:] == other.starts[1:]  # every player is told the same
    assert len(heard.events) == len(other.events) > 10
    assert [e.kind for e in heard.events] == [e.kind for e in other.events]
