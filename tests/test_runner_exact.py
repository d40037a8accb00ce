"""The runner, exactly and fast: short games of scripted players whose every chip is worked
out by hand (whatever the cards), a fixed sequence of faults with their whole record, the
budget at exactly its edge, the stop guard of a game that resets stacks, and seeds.

These games are a few hands of two or three seats, so that mutation testing of the players
(``make mutation PARTS=players``) finds a broken runner in milliseconds rather than in the
long games of the bots' own tests."""

from __future__ import annotations

import random

import pytest

from pokerroom.engine import Action, ActionKind, Event, PlayerView
from pokerroom.players import (
    CallingStation,
    Fault,
    FaultKind,
    GameResult,
    Player,
    RandomBot,
    Runner,
    play_game,
)
from pokerroom.rules import Rules
from pokerroom.table import GameStart, HandStart, Table, TableError
from table_helpers import FakeClock

# Heads-up no limit, blinds 2/4, twenty chips each: the chips below are counted by hand.
NL20 = Rules.preset("no-limit", buy_in=20)


class Folder(Player):
    """Checks when it is free, folds otherwise."""

    name = "folder"

    def act(self, view: PlayerView, budget: float) -> Action:
        assert view.legal is not None
        return Action.check() if ActionKind.CHECK in view.legal.kinds else Action.fold()


class Pusher(Player):
    """Raises (or bets) the least it may whenever it may, calls or checks otherwise."""

    name = "pusher"

    def act(self, view: PlayerView, budget: float) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.can_raise:
            return Action(legal.kinds[-1], legal.min_to)
        return Action.call() if ActionKind.CALL in legal.kinds else Action.check()


class Hears(Pusher):
    """A pusher that writes down everything it is told, in order."""

    name = "hears"

    def __init__(self) -> None:
        self.heard: list[str] = []

    def start_game(self, game: GameStart) -> None:
        self.heard.append(f"game seat {game.seat}")

    def start_hand(self, start: HandStart) -> None:
        self.heard.append(f"hand {start.number}")

    def observe(self, event: Event) -> None:
        self.heard.append("event")

    def end_hand(self, view: PlayerView) -> None:
        self.heard.append("end")

    def end_game(self, result: GameResult) -> None:
        self.heard.append(f"result {result.hands}")


def folder_game() -> tuple[Table, Runner]:
    table = Table(NL20, 2, names=["folder", "pusher"], rng=random.Random(7), max_hands=4)
    return table, Runner(table, [Folder(), Pusher()])


def test_a_folder_against_a_pusher_loses_exactly_its_blinds_hand_after_hand() -> None:
    """On the button (the small blind, first to act) the folder folds its 2; in the big
    blind the pusher raises to 8 and it folds its 4. Four hands, the button alternating:
    2 + 4 + 2 + 4 = 12 chips lost, whatever the cards and whoever starts on it."""
    table, runner = folder_game()
    result = runner.play()
    assert result.hands == 4 and table.hand_number == 4 and table.is_over
    assert result.stacks == (8, 32) and result.totals == (-12, 12)
    assert [(s.seat, s.place) for s in result.standings] == [(1, 1), (0, 2)]
    assert result.winner == 1 and result.names == ("folder", "pusher")
    assert result.faults == () and runner.faults == []
    assert runner.result() == result  # asked again: the same


def test_each_hand_costs_the_folder_its_blind_hand_by_hand_as_in_one_call() -> None:
    table, runner = folder_game()
    losses = []
    before = table.stacks[0]
    while not table.is_over:
        runner.play_hand()
        losses.append(before - table.stacks[0])
        before = table.stacks[0]
        assert not table.in_hand
    assert sorted(losses) == [2, 2, 4, 4] and losses[0] != losses[1]
    assert losses[::2] == [losses[0]] * 2 and losses[1::2] == [losses[1]] * 2
    assert runner.result() == folder_game()[1].play()


def test_play_with_a_number_of_hands_stops_there_and_goes_on_from_there() -> None:
    table, runner = folder_game()
    after: list[int] = []
    first = runner.play(1, after_hand=lambda: after.append(table.hand_number))
    assert first.hands == 1 and sum(first.stacks) == 40 and 20 - first.stacks[0] in (2, 4)
    assert runner.play(0).hands == 1
    assert runner.play(10, after_hand=lambda: after.append(table.hand_number)).hands == 4
    assert after == [1, 2, 3, 4] and table.stacks == (8, 32)


def test_the_game_s_end_calls_after_hand_once_a_hand_and_tells_everything_in_order() -> None:
    table = Table(NL20, 2, rng=random.Random(7), max_hands=2)
    hears = Hears()
    calls: list[int] = []
    result = Runner(table, [Folder(), hears]).play(after_hand=lambda: calls.append(
        table.hand_number))
    assert calls == [1, 2] and result.hands == 2
    heard = hears.heard
    # the game, then each hand: its start, its public events (the blinds, the actions,
    # the pot won), its end; then the result, once
    assert heard[0] == "game seat 1" and heard[-1] == "result 2"
    first, second = heard.index("hand 1"), heard.index("hand 2")
    assert first == 1 and heard[second - 1] == "end" and heard[-2] == "end"
    one, two = heard[first + 1:second - 1], heard[second + 1:-2]
    assert set(one) == set(two) == {"event"} and len(one) >= 3
    assert len(two) == len(table.public_events(0))  # every public event of the last hand
    assert len(heard) == 1 + 2 + len(one) + 2 + len(two) + 1
    assert result.faults == ()


class Stop(BaseException):
    """Not an Exception: the runner does not catch it, so it ends a runaway game."""


class Counting(Pusher):
    def __init__(self, most: int) -> None:
        self.most, self.asked = most, 0

    def act(self, view: PlayerView, budget: float) -> Action:
        self.asked += 1
        if self.asked > self.most:
            raise Stop
        return super().act(view, budget)


def test_a_game_that_resets_stacks_is_refused_before_anything_is_dealt_or_told() -> None:
    """No hand limit and stacks reset every hand: ``play()`` would never return. It is
    refused with its text before a card is dealt or a player told anything; the players
    here stop a game that was played on anyway after 30 decisions."""
    table = Table(NL20, 2, rng=random.Random(1), reset_stacks=True)
    hears, counting = Hears(), Counting(30)
    runner = Runner(table, [counting, hears])
    with pytest.raises(TableError) as caught:
        runner.play()
    assert str(caught.value) == "a game that resets stacks never ends: pass hands= or max_hands"
    assert counting.asked == 0 and hears.heard == [] and table.hand_number == 0
    assert runner.told == (False, 0, True, 0, False)
    result = runner.play(3)  # a number of hands: played
    assert result.hands == 3 and sum(result.stacks) == 40 and counting.asked <= 30
    limited = Table(NL20, 2, rng=random.Random(1), reset_stacks=True, max_hands=2)
    assert Runner(limited, [Counting(30), Pusher()]).play().hands == 2


class Script(Player):
    """Answers from a script: an action, an exception to raise, seconds to take on the
    clock before answering, or anything else (returned as it is)."""

    name = "script"

    def __init__(self, script: list[object], clock: FakeClock | None = None) -> None:
        self.script, self.clock = list(script), clock
        self.budgets: list[float] = []

    def act(self, view: PlayerView, budget: float) -> Action:
        self.budgets.append(budget)
        step = self.script.pop(0) if self.script else Action.fold()
        if isinstance(step, Exception):
            raise step
        if isinstance(step, tuple):  # (seconds, answer)
            assert self.clock is not None
            self.clock.advance(step[0])
            step = step[1]
        return step  # type: ignore[return-value]


def test_each_kind_of_fault_is_recorded_whole_in_the_order_it_happened() -> None:
    """The player on the button acts first each hand (heads up): five hands, one fault
    each (an exception, an answer that is not an action, None, an illegal bet, an answer
    past the budget), each its own record: hand, seat, name, kind, where, detail and the
    default action played (a fold: the small blind owes 2)."""
    clock = FakeClock()
    script = Script([RuntimeError("boom"), "raise!", None, Action.raise_to(1_000),
                     (2.5, Action.call())], clock)  # fmt: skip
    heard: list[Fault] = []
    table = Table(NL20, 2, names=["script", "pusher"], rng=random.Random(3), button=0,
                  max_hands=5)  # fmt: skip
    runner = Runner(table, [script, Pusher()], clock=clock, budget=2.0, on_fault=heard.append)
    result = runner.play()
    fold = Action.fold()
    kinds = [(f.hand, f.seat, f.player, f.kind, f.where, f.action) for f in heard]
    # the script acts only on the button (hands 1, 3, 5); as the big blind it faces a raise
    assert script.budgets == [2.0] * len(script.budgets)
    assert kinds[0] == (1, 0, "script", FaultKind.EXCEPTION, "act", fold)
    assert heard[0].detail == "RuntimeError: boom"
    assert kinds[1][3] == FaultKind.GARBAGE and heard[1].detail == "returned 'raise!'"
    assert kinds[2][3] == FaultKind.GARBAGE and heard[2].detail == "returned None"
    assert kinds[3][3] == FaultKind.ILLEGAL and "1000" in heard[3].detail
    assert kinds[4][3] == FaultKind.TIMEOUT
    assert heard[4].detail == "answered in 2.5 s, budget 2 s"
    assert [f.hand for f in heard] == sorted(f.hand for f in heard)
    assert all(f.seat == 0 and f.where == "act" for f in heard)
    assert list(result.faults) == heard == runner.faults and len(heard) == 5
    assert sum(result.stacks) == 40


def test_an_answer_at_exactly_the_budget_is_in_time_and_just_past_it_is_not() -> None:
    clock = FakeClock()
    on_time = Script([(2.0, Action.fold())], clock)
    table = Table(NL20, 2, rng=random.Random(3), button=0, max_hands=1)
    result = Runner(table, [on_time, Pusher()], clock=clock, budget=2.0).play()
    assert result.faults == () and result.stacks == (18, 22)
    late = Script([(2.0 + 1e-9, Action.call())], clock)
    table = Table(NL20, 2, rng=random.Random(3), button=0, max_hands=1)
    result = Runner(table, [late, Pusher()], clock=clock, budget=2.0).play()
    assert [f.kind for f in result.faults] == [FaultKind.TIMEOUT]
    assert result.faults[0].action == Action.fold() and result.stacks == (18, 22)


def test_after_a_fault_the_next_decision_gets_a_whole_budget_again() -> None:
    """A fault resets the deadline from the clock read after it: in the big blind, an
    exception after 1.5 s (the default: a check), then 1.5 s for each next answer (first
    to act after the flop) is in time with a budget of 2 s, 3 s after the hand began."""
    clock = FakeClock()

    class Slow(Script):
        def act(self, view: PlayerView, budget: float) -> Action:
            clock.advance(1.5)
            return super().act(view, budget)

    slow = Slow([RuntimeError("first"), Action.check(), Action.check(), Action.check()],
                clock)  # fmt: skip
    table = Table(NL20, 2, rng=random.Random(3), button=1, max_hands=1)
    result = Runner(table, [slow, CallingStation()], clock=clock, budget=2.0).play()
    assert [(f.kind, f.action) for f in result.faults] == [
        (FaultKind.EXCEPTION, Action.check())]
    assert slow.script == [] and len(slow.budgets) == 4 and sum(result.stacks) == 40


def test_a_seed_replays_a_short_game_and_another_seed_plays_another() -> None:
    def game(seed: int) -> tuple[tuple[int, ...], int, list[str]]:
        rules = Rules.preset("no-limit", buy_in=40)
        table = Table(rules, 3, rng=random.Random(11), max_hands=6)
        runner = Runner(table, [RandomBot(seed), RandomBot(seed + 1), CallingStation()])
        actions: list[str] = []
        while not table.is_over:
            runner.play_hand()
            actions.append(str(table.hand))
        return table.stacks, table.hand_number, actions

    assert game(1) == game(1)
    assert game(1)[2] != game(2)[2]


def test_play_game_seats_the_players_in_order() -> None:
    one = play_game(NL20, [Folder(), Pusher()], seed=5, max_hands=4)
    assert one.names == ("folder", "pusher") and one.stacks == (8, 32)
    assert one.totals == (-12, 12) and one.hands == 4
