"""A game saved with its players and restored (players/saved.py, players/state.py;
rules.md §11): for every preset and every built-in bot, saved at any decision or between
hands, in memory or through the SQLite save file, the restored game plays on exactly as
the game that never stopped: the same actions, the same cards, the same results.  A
damaged, edited or mismatched save is refused, nothing half-loaded."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.engine import Action, PlayerView
from pokerroom.players import BOTS, GameResult, Player, Runner, Strong, make_player, seat_names
from pokerroom.players.base import HOOKS, hook
from pokerroom.players.saved import FORMAT, VERSION
from pokerroom.players.state import (
    STATE_METHODS,
    StateError,
    floats_from,
    floats_state,
    generator_from,
    generator_state,
)
from pokerroom.rules import PRESETS, Rules
from pokerroom.storage.saves import Store
from pokerroom.table import Levels, SaveError, Table
from pokerroom.table.saved import checksum, hand_cards
from table_helpers import FakeClock, small

Record = list[tuple[Any, ...]]


class Stop(BaseException):
    """Stops the game where it was saved (not an Exception: the runner lets it through)."""


class Game:
    """One game's bookkeeping: counts the decisions, advances the clock one second a
    decision, and saves (then stops) before decision ``stop`` or after hand
    ``stop_hand``."""

    def __init__(self, clock: FakeClock | None, decisions: int = 0) -> None:
        self.clock = clock
        self.decisions = decisions
        self.stop: int | None = None
        self.stop_hand: int | None = None
        self.runner: Runner | None = None
        self.saved: dict[str, Any] | None = None
        self.hands: Record = []

    def before(self) -> None:
        if self.decisions == self.stop:
            self.save()
        self.decisions += 1
        if self.clock is not None:
            self.clock.advance(1.0)

    def after_hand(self) -> None:
        assert self.runner is not None
        table = self.runner.table
        hand = table.hand
        assert hand is not None
        self.hands.append((table.hand_number, table.actions, tuple(hand_cards(hand)),
                           table.stacks, table.level, self.decisions))  # fmt: skip
        if table.hand_number == self.stop_hand:
            self.save()

    def save(self) -> None:
        assert self.runner is not None
        self.saved = self.runner.save()
        raise Stop


class Seat(Player):
    """A bot as this test plays it: every notification and its state passed on, and the
    game told before each of its decisions."""

    def __init__(self, bot: Player, game: Game) -> None:
        self.bot = bot
        self.game = game
        self.name = bot.name  # type: ignore[misc]
        for name in HOOKS:
            method = hook(bot, name)
            if method is not None:
                setattr(self, name, self._decision(method) if name == "announce" else method)
        for name in STATE_METHODS:
            setattr(self, name, getattr(bot, name))

    def _decision(self, method: Callable[[PlayerView, float], Action]) -> Callable[..., Action]:
        def announce(view: PlayerView, budget: float) -> Action:
            self.game.before()
            return method(view, budget)

        return announce

    def act(self, view: PlayerView, budget: float) -> Action:
        self.game.before()
        return self.bot.act(view, budget)


def table_for(preset: str, bots: list[str], seed: int, hands: int, levels: str) -> Table:
    rules = small(Rules.preset(preset), 8)
    clock = None
    schedule = None
    if levels != "none":
        steps = [{}, {"antes": 1}, {"antes": 3}]
        schedule = Levels(steps, every=3 if levels == "hands" else 40, unit=levels)
        clock = FakeClock(0.0) if levels == "seconds" else None
    return Table(rules, len(bots), names=seat_names([make_player(b) for b in bots]),
                 rng=random.Random(seed), button="first-jack", levels=schedule, clock=clock,
                 max_hands=hands)  # fmt: skip


def seated(bots: list[str], game: Game, seed: int | None) -> list[Player]:
    return [Seat(make_player(b, seed=None if seed is None else seed + k), game)
            for k, b in enumerate(bots)]  # fmt: skip


def through_file(data: dict[str, Any], where: Path) -> dict[str, Any]:
    """``data`` written to a real save file in ``where`` (beside the saves of the other
    examples) and read back."""
    store = Store(where / "pokerroom.db")
    slot = f"game {len(store.slots())}"
    store.save(slot, {"game": data}, summary="a test")
    loaded = store.load(slot).data["game"]
    assert isinstance(loaded, dict)
    return loaded


def check_restored_game(preset: str, bots: list[str], seed: int, hands: int, levels: str,
                        where: float, between: bool, via: Path | None) -> None:  # fmt: skip
    """Play the game through; play it again, saved at ``where`` (a share of its
    decisions, or of its hands if ``between``), restored (in memory, or ``via`` a save
    file in that directory) with bots built afresh from another seed, and played on:
    the same game."""
    timed = levels == "seconds"
    whole = Game(FakeClock(0.0) if timed else None)
    table = table_for(preset, bots, seed, hands, levels)
    whole.clock = table._clock if timed else None  # type: ignore[assignment]
    whole.runner = Runner(table, seated(bots, whole, seed))
    result = whole.runner.play(after_hand=whole.after_hand)

    first = Game(None)
    table = table_for(preset, bots, seed, hands, levels)
    first.clock = table._clock if timed else None  # type: ignore[assignment]
    if between:
        first.stop_hand = max(1, int(where * result.hands))
    else:
        first.stop = int(where * whole.decisions)
    first.runner = Runner(table, seated(bots, first, seed))
    if first.stop == whole.decisions:  # after the last decision: the game is over
        assert first.runner.play(after_hand=first.after_hand) == result
        return
    with pytest.raises(Stop):
        first.runner.play(after_hand=first.after_hand)
    data = first.saved
    assert data is not None
    data = through_file(data, via) if via is not None else json.loads(json.dumps(data))

    rest = Game(None, first.decisions)  # decision ``stop`` is asked again
    clock = FakeClock(5000.0) if timed else None  # another clock: the time played carries
    rest.clock = clock
    rest.runner = Runner.restore(data, seated(bots, rest, seed + 1000), table_clock=clock)
    assert rest.runner.play(after_hand=rest.after_hand) == result
    assert first.hands + rest.hands == whole.hands
    assert rest.runner.table.log == whole.runner.table.log
    assert rest.decisions == whole.decisions


BOT_NAMES = sorted(BOTS)


@pytest.mark.parametrize("bot", BOT_NAMES)
@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(
    others=st.lists(st.sampled_from(BOT_NAMES), min_size=1, max_size=4),
    seat=st.integers(0, 4),
    seed=st.integers(0, 2**32),
    hands=st.integers(2, 24),
    levels=st.sampled_from(["none", "hands", "seconds"]),
    where=st.floats(0.0, 1.0),
    between=st.booleans(),
    via=st.sampled_from(["memory", "file"]),
)
def test_a_restored_game_plays_on_exactly_as_the_game_never_stopped(
    preset: str, bot: str, others: list[str], seat: int, seed: int, hands: int, levels: str,
    where: float, between: bool, via: str, tmp_path: Path,
) -> None:  # fmt: skip
    bots = list(others)
    bots.insert(seat % (len(bots) + 1), bot)
    path = tmp_path if via == "file" else None
    check_restored_game(preset, bots, seed, hands, levels, where, between, path)


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    bots=st.lists(st.sampled_from(BOT_NAMES), min_size=2, max_size=9),
    seed=st.integers(0, 2**32),
    hands=st.integers(2, 60),
    levels=st.sampled_from(["none", "hands", "seconds"]),
    where=st.floats(0.0, 1.0),
    between=st.booleans(),
    via=st.sampled_from(["memory", "file"]),
)
def test_restored_games_play_on_exactly_many_and_long(
    preset: str, bots: list[str], seed: int, hands: int, levels: str, where: float,
    between: bool, via: str, tmp_path: Path,
) -> None:  # fmt: skip
    path = tmp_path if via == "file" else None
    check_restored_game(preset, bots, seed, hands, levels, where, between, path)


# ------------------------------------------------------------------ the bots' states


def played(bot: Player, hands: int = 6, seed: int = 3) -> Runner:
    """``bot`` in seat 0 of a heads-up casino-limit game after ``hands`` hands."""
    names = [bot.name, "rule-based"]
    table = Table(Rules.preset("casino-limit"), 2, names=names, rng=random.Random(seed))
    runner = Runner(table, [bot, make_player("rule-based", seed=seed)])
    runner.play(hands=hands)
    return runner


def mid_hand(runner: Runner) -> None:
    """Deal the next hand and play it, seat 1 from outside (calling), until seat 0's bot
    has decided in it and seat 1 is to act."""
    bot = runner.players[0]
    table = runner.table
    outside = Runner(table, [bot, None], told=runner.told)
    table.start_hand()
    while outside.advance() == 1:
        if any(s == 0 for s, _ in table.actions):
            return
        outside.apply(Action.call() if table.legal_actions().to_call else Action.check())
    raise AssertionError("the hand ended before seat 0 decided")


@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_bot_s_state_is_json_and_restores_to_the_same_state(name: str) -> None:
    bot = make_player(name, seed=1)
    played(bot)
    state = bot.save_state()  # type: ignore[attr-defined]
    assert json.loads(json.dumps(state, allow_nan=False)) == state
    again = make_player(name, seed=99)
    again.restore_state(json.loads(json.dumps(state)))  # type: ignore[attr-defined]
    assert again.save_state() == state  # type: ignore[attr-defined]
    assert repr(again) == repr(bot)


def test_strong_remembers_its_opponents_and_the_hand_in_play() -> None:
    bot = Strong(seed=2)
    runner = played(bot, hands=8)
    mid_hand(runner)  # the bot reads the hand as it decides
    assert bot.profiles and bot._hand is not None
    state = json.loads(json.dumps(bot.save_state()))
    again = Strong(seed=5)
    again.restore_state(state)
    for name, profile in bot.profiles.items():
        mine = again.profiles[name]
        assert (mine.counts == profile.counts).all() and mine.honest == profile.honest
        assert (mine.hands, mine.showdowns) == (profile.hands, profile.showdowns)
    assert again._hand is not None
    assert (again._hand.ranges == bot._hand.ranges).all()
    assert again._hand.tracker.state() == bot._hand.tracker.state()
    assert again._np.random() == bot._np.random() and again.rng.random() == bot.rng.random()


def valid_state(name: str = "strong") -> dict[str, Any]:
    bot = make_player(name, seed=4)
    mid_hand(played(bot, hands=5))
    return json.loads(json.dumps(bot.save_state()))  # type: ignore[attr-defined,no-any-return]


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda s: s.update(bot="random"), "state of a 'random' bot"),
        (lambda s: s.update(version=2), "layout version 2; this pokerroom reads version 1"),
        (lambda s: s.pop("profiles"), "missing 'profiles'"),
        (lambda s: s.update(samples=0), "samples is 0"),
        (lambda s: s.update(samples=True), "samples is True: a whole number"),
        (lambda s: s["rng"][1].__setitem__(3, -1), "not the state of a random.Random"),
        (lambda s: s["rng"].__setitem__(2, float("nan")), "not the state of a random.Random"),
        (lambda s: s["np"].update(bit_generator="MT19937"), "PCG64"),
        (lambda s: s["np"].update(state=-5), "np.state is -5"),
        (lambda s: s["profiles"][0][1].update(counts=[1.0] * 17), "18 entries"),
        (lambda s: s["profiles"][0][1].update(entered=10**6), "entered is 1000000"),
        (lambda s: s["hand"].update(ranges=["AAAA", None]), "not floats written by pokerroom"),
        (lambda s: s["hand"]["ranges"].__setitem__(0, floats_state(np.ones(5))), "1326 floats"),
        (lambda s: s["hand"]["ranges"].__setitem__(0, floats_state(np.full(1326, np.inf))),
         "not all finite"),
        (lambda s: s["hand"]["tracker"].update(board=[60]), "board\\[0\\] is 60"),
        (lambda s: s["hand"].update(moves=[[0, 0, "dance", False, 0, 0, 0, 0]]),
         "'dance' is not a decision"),
        (lambda s: s["hand"].update(pending=[]), "hand.pending: 2 entries, not 0"),
        (lambda s: s.update(names=[1, 2]), "names"),
    ],
)  # fmt: skip
def test_a_state_a_bot_cannot_take_is_refused_and_changes_nothing(
    change: Callable[[dict[str, Any]], object], says: str
) -> None:
    state = valid_state()
    change(state)
    bot = Strong(seed=7)
    before = bot.save_state()
    with pytest.raises(StateError, match=says):
        bot.restore_state(state)
    assert bot.save_state() == before


def test_a_cfr_bot_restores_its_fallback_too_or_nothing() -> None:
    state = valid_state("cfr")
    assert state["fallback"]["bot"] == "strong"
    bot = make_player("cfr", seed=8)
    before = bot.save_state()  # type: ignore[attr-defined]
    broken = copy.deepcopy(state)
    broken["fallback"]["samples"] = -1
    with pytest.raises(StateError, match="fallback: samples is -1"):
        bot.restore_state(broken)  # type: ignore[attr-defined]
    assert bot.save_state() == before  # type: ignore[attr-defined]
    bot.restore_state(state)  # type: ignore[attr-defined]
    assert bot.save_state() == state  # type: ignore[attr-defined]


def test_floats_round_trip_exactly_and_a_bomb_is_not_inflated() -> None:
    values = np.random.default_rng(1).random(1326) * 1e-300
    assert (floats_from(floats_state(values), (1326,), "x") == values).all()
    import base64
    import zlib

    bomb = base64.b64encode(zlib.compress(b"\0" * 50_000_000)).decode()
    with pytest.raises(StateError, match="1326 floats were expected"):
        floats_from(bomb, (1326,), "x")


def test_a_generator_state_round_trips() -> None:
    rng = np.random.default_rng(12)
    rng.random(7)
    again = generator_from(json.loads(json.dumps(generator_state(rng))), "np")
    assert (again.random(50) == rng.random(50)).all()


# ------------------------------------------------------------- the game's save


def saved_game() -> tuple[dict[str, Any], list[str]]:
    names = ["strong", "random", "cfr"]
    table = Table(Rules.preset("no-limit"), 3, names=names, rng=random.Random(1))
    runner = Runner(table, [make_player(n, seed=k) for k, n in enumerate(names)])
    runner.play(hands=3)
    return json.loads(json.dumps(runner.save())), names


def sign(data: dict[str, Any]) -> str:
    return checksum(data)


def test_the_game_s_save_is_the_documented_format() -> None:
    data, names = saved_game()
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert set(data) == {"format", "version", "table", "players", "told", "faults", "checksum"}
    assert [p["name"] for p in data["players"]] == names
    events = len(Table.restore(data["table"]).public_events())  # every one of hand 3's
    assert data["told"] == {"started": True, "hand": 3, "closed": True, "events": events,
                            "finished": False}  # fmt: skip


def edited(change: Callable[[dict[str, Any]], object]) -> tuple[dict[str, Any], list[str]]:
    data, names = saved_game()
    change(data)
    data["checksum"] = sign(data)
    return data, names


@pytest.mark.parametrize(
    ("change", "players", "says"),
    [
        (lambda d: d["players"][0]["state"].update(bot="random"), None,
         "seat 0 \\(strong\\) cannot take its saved state: the state of a 'random' bot"),
        (lambda d: d["players"][2]["state"].update(played=-1), None,
         "seat 2 \\(cfr\\) cannot take its saved state: played is -1"),
        (lambda d: d["players"].pop(), None, "players: one entry per seat"),
        (lambda d: d["told"].update(hand=9), None, "told of hand 9"),
        (lambda d: d["told"].update(finished=True), None, "an end the game has not had"),
        (lambda d: d.pop("told"), None, "missing field 'told'"),
        (lambda d: d["faults"].append([1, 0, "x", "boom", "act", "", None]), None, "a fault"),
        (lambda d: None, ["strong", "random", "random"],
         "seat 2 was played by 'cfr', not 'random'"),
        (lambda d: None, ["strong", "random"], "3 seats; 2 players were given"),
        (lambda d: None, ["strong", "random", None], "give that player, not None"),
    ],
)  # fmt: skip
def test_a_game_save_that_cannot_be_is_refused(
    change: Callable[[dict[str, Any]], object], players: list[str | None] | None, says: str
) -> None:
    data, names = edited(change)
    given_players = [None if n is None else make_player(n) for n in (players or names)]
    before = [None if p is None else p.save_state() for p in given_players]  # type: ignore[attr-defined]
    with pytest.raises(SaveError, match=says):
        Runner.restore(data, given_players)
    after = [None if p is None else p.save_state() for p in given_players]  # type: ignore[attr-defined]
    assert after == before  # never half-loaded: every player as it was


def test_damage_is_caught_by_the_checksum_and_a_key_is_needed_if_signed() -> None:
    data, names = saved_game()
    data["players"][1]["state"]["rng"][1][0] ^= 1
    with pytest.raises(SaveError, match="checksum does not match"):
        Runner.restore(data, [make_player(n) for n in names])
    table = Table(Rules.preset("no-limit"), 2, rng=random.Random(1))
    runner = Runner(table, [make_player("random", seed=1), make_player("random", seed=2)])
    runner.play(hands=2)
    signed = runner.save(key=b"k")
    assert signed["checksum"].startswith("hmac-sha256:")
    with pytest.raises(SaveError, match="restore it with its key"):
        Runner.restore(signed, [make_player("random"), make_player("random")])
    again = Runner.restore(signed, [make_player("random"), make_player("random")], key=b"k")
    assert again.play(hands=3) == runner.play(hands=3)


def test_a_table_save_is_not_a_game_save() -> None:
    table = Table(Rules.preset("no-limit"), 2, rng=random.Random(1))
    with pytest.raises(SaveError, match="a table's save without its players"):
        Runner.restore(table.save(), [make_player("random"), make_player("random")])


def test_a_player_without_a_state_is_saved_as_keeping_none() -> None:
    class Caller(Player):
        name = "caller"

        def act(self, view: PlayerView, budget: float) -> Action:
            return Action.check() if view.to_call == 0 else Action.call()

    table = Table(Rules.preset("no-limit"), 2, rng=random.Random(1))
    runner = Runner(table, [Caller(), make_player("random", seed=3)])
    runner.play(hands=2)
    data = json.loads(json.dumps(runner.save()))
    assert data["players"][0] == {"name": "caller", "state": None}
    again = Runner.restore(data, [Caller(), make_player("random")])
    assert isinstance(again.play(hands=3), GameResult)
