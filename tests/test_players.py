"""Players: the protocol and what the runner tells them, faulty players, the bots under
every rule set, seeds, a user's own class, and that nobody sees a hidden card."""

from __future__ import annotations

import copy
import random
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import Card
from pokerroom.engine import (
    Action,
    ActionKind,
    Event,
    EventKind,
    IllegalAction,
    PlayerView,
    random_action,
)
from pokerroom.players import (
    BOTS,
    CallingStation,
    Fault,
    FaultKind,
    GameResult,
    Player,
    PlayerLoadError,
    RandomBot,
    RuleBased,
    Runner,
    make_player,
    play_game,
    seat_names,
)
from pokerroom.rules import Rules
from pokerroom.table import GameStart, HandStart, Levels, Table, TableError
from table_helpers import RULESETS, FakeClock, cards_in, small

NL = Rules.preset("no-limit")


def strict(fault: Fault) -> None:
    raise AssertionError(f"a built-in bot made a fault: {fault}")


def rising(rules: Rules, every: int = 8) -> Levels:
    """Stakes doubling every ``every`` hands, so that games between calling stations end."""
    steps: list[dict[str, Any]] = [{}]
    for k in range(1, 12):
        step: dict[str, Any] = {"blinds": [b << k for b in rules.blinds]}
        if rules.small_bet is not None:
            step["small_bet"] = rules.small_bet << k
            step["big_bet"] = rules.units[2] << k
        if rules.straddle:
            step["straddle"] = rules.straddle << k
        if rules.min_bet is not None:
            step["min_bet"] = rules.min_bet << k
        steps.append(step)
    return Levels(steps, every=every)


def conserved(result: GameResult, rules: Rules, players: int) -> None:
    assert sum(result.stacks) == players * rules.buy_in
    assert len(result.standings) == players
    assert [s.place for s in result.standings].count(1) == 1


# -------------------------------------------------------------------- registry


def test_every_bot_has_a_name_and_a_one_line_description() -> None:
    assert list(BOTS) == ["random", "calling-station", "rule-based", "strong", "cfr"]
    for name, cls in BOTS.items():
        assert cls.name == name
        assert cls.description and "\n" not in cls.description and len(cls.description) < 90


def test_names_that_repeat_are_numbered() -> None:
    assert seat_names([RandomBot(), CallingStation(), RandomBot()]) == [
        "random", "calling-station", "random #2"]  # fmt: skip


# ------------------------------------------------------- the bots play every rule set


@pytest.mark.parametrize("name", sorted(RULESETS))
@pytest.mark.parametrize("bot", ["random", "calling-station"])
def test_simple_bots_play_every_rule_set_legally(bot: str, name: str) -> None:
    rng = random.Random(f"{bot}/{name}")
    for players in (2, 3, 6, 9, 14):
        rules = small(RULESETS[name])
        seated = [make_player(bot, seed=rng.getrandbits(32)) for _ in range(players - 1)]
        seated.append(RandomBot(seed=rng.getrandbits(32)))  # someone who bets
        result = play_game(rules, seated, seed=rng.getrandbits(32), on_fault=strict,
                           levels=rising(rules))  # fmt: skip
        conserved(result, rules, players)
        # played out: the winner holds every chip, everyone else none
        winner = result.winner
        assert winner is not None and result.stacks[winner] == players * rules.buy_in
        assert result.stacks.count(0) == players - 1


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_random_bot_draws_what_random_action_draws(name: str) -> None:
    """``random`` makes random_action's draws itself (a call less a decision): from the
    same seed, the same choice at every decision, the showdown's included, and the
    generator left in the same state."""
    rng = random.Random(name)
    decisions = 0
    seen: set[ActionKind] = set()
    for players in (2, 3, 6, 9):
        seed = rng.getrandbits(32)
        bot, twin = RandomBot(seed=seed), random.Random(seed)
        table = Table(small(RULESETS[name]), players, rng=rng, reset_stacks=True)
        for _ in range(30):
            table.start_hand()
            while table.in_hand:
                view = table.turn_view()
                assert view.legal is not None
                kind, amount = random_action(view.legal, twin)
                expected = Action(kind, amount) if amount is not None else Action(kind)
                action = bot.act(view, 1.0)
                assert action == expected
                table.apply(action)
                decisions += 1
                seen.add(kind)
        assert bot.rng.getstate() == twin.getstate()
    assert decisions > 500 and len(seen) >= 6  # folds to raises, shows and mucks


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_rule_based_plays_every_rule_set_legally(name: str) -> None:
    rng = random.Random(name)
    for players in (2, 6, 14):
        rules = small(RULESETS[name], 6)
        seated: list[Player] = [RuleBased(seed=i, samples=60) for i in range(players - 1)]
        seated.append(RandomBot(seed=rng.getrandbits(32)))
        result = play_game(rules, seated, seed=rng.getrandbits(32), on_fault=strict,
                           max_hands=40)  # fmt: skip
        assert sum(result.stacks) == players * rules.buy_in
        assert result.faults == ()


def test_rule_based_posts_the_straddle_and_plays_its_chart() -> None:
    table = Table(Rules.preset("computer-tournament"), 3, rng=random.Random(1))
    table.start_hand()
    view = table.turn_view()
    assert view.legal is not None and view.legal.kinds == (ActionKind.FOLD, ActionKind.RAISE)
    assert RuleBased(seed=1).act(view, 1.0) == Action.raise_to(10)


def test_rule_based_mucks_a_beaten_hand_and_announces_its_best() -> None:
    # checked to the river: seat 1 (left of the button) shows its straight first; seat 0
    # holds a pair
    from table_helpers import deck_for

    table = Table(Rules.preset("computer-tournament"), 2, rng=random.Random(1))
    table.start_hand(deck_for(table, ["2c 2d", "Ts Jd"], "9h 8c 7s Ks 3d"))
    while table.legal_actions().street.value < 4:
        legal = table.legal_actions()
        table.apply(Action.call() if "call" in str(legal) else
                    Action.check() if "check" in str(legal) else Action.raise_to(legal.min_to))
    bot = RuleBased(seed=1)
    first = table.turn_view()
    assert first.legal is not None
    assert bot.announce(first, 1.0) == Action.show(first.legal.values[0])
    table.apply(bot.announce(first, 1.0))
    assert bot.announce(table.turn_view(), 1.0) == Action.muck()


# ------------------------------------------------------------------------ seeds


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_a_seed_replays_a_game(bot: str) -> None:
    def one(seed: int) -> tuple[Any, ...]:
        seen: list[str] = []
        table = Table(small(NL), 4, rng=random.Random(seed), max_hands=40)
        players = [make_player(bot, seed=seed + i) for i in range(4)]
        runner = Runner(table, players)
        while not table.is_over:
            runner.play_hand()
            seen.append(str(table.hand))
        return tuple(seen), table.stacks

    assert one(3) == one(3)
    assert one(3) != one(4)


# ---------------------------------------------------------------- faulty players


class Raises(Player):
    name = "raises"

    def act(self, view: PlayerView, budget: float) -> Action:
        raise RuntimeError("something broke")


class IllegalAmount(Player):
    name = "illegal-amount"

    def act(self, view: PlayerView, budget: float) -> Action:
        legal = view.legal
        assert legal is not None
        kind = ActionKind.BET if ActionKind.BET in legal.kinds else ActionKind.RAISE
        return Action(kind, legal.max_to + 1 if legal.can_raise else 1)


class Sleeper(Player):
    """Takes twice its budget (on a fake clock), then answers a legal raise or call."""

    name = "sleeper"

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.answered: list[Action] = []

    def act(self, view: PlayerView, budget: float) -> Action:
        self.clock.advance(2 * budget)
        legal = view.legal
        assert legal is not None
        if legal.can_raise:
            action = Action(legal.kinds[-1], legal.min_to)
        else:
            action = Action.call() if ActionKind.CALL in legal.kinds else Action.check()
        self.answered.append(action)
        return action


class Garbage(Player):
    name = "garbage"

    def __init__(self) -> None:
        self.replies = iter(["raise", None, 42, ("call",), Action, object()] * 10_000)

    def act(self, view: PlayerView, budget: float) -> Action:
        return next(self.replies)  # type: ignore[return-value]


def faulty_game(player: Player, kind: FaultKind, **options: Any) -> tuple[GameResult, list[Fault]]:
    heard: list[Fault] = []
    rules = small(Rules.preset("casino-limit"))
    result = play_game(rules, [player, RandomBot(1), CallingStation()], seed=5,
                       on_fault=heard.append, **options)  # fmt: skip
    conserved(result, rules, 3)
    assert heard and list(result.faults) == heard
    assert {f.kind for f in heard} == {kind} and {f.seat for f in heard} == {0}
    for fault in heard:
        assert fault.where == "act" and fault.player == player.name
        assert fault.action in (Action.check(), Action.fold())
        assert str(fault).startswith(f"hand {fault.hand}, seat 0 ({player.name}) act: {kind.value}")
    return result, heard


def test_a_player_that_raises_gets_the_default_action() -> None:
    _, faults = faulty_game(Raises(), FaultKind.EXCEPTION)
    assert faults[0].detail == "RuntimeError: something broke"


def test_a_player_that_bets_an_illegal_amount_gets_the_default_action() -> None:
    _, faults = faulty_game(IllegalAmount(), FaultKind.ILLEGAL)
    assert all("cannot" in f.detail and "(legal:" in f.detail for f in faults)


def test_a_player_that_sleeps_past_its_budget_gets_the_default_action() -> None:
    clock = FakeClock()
    sleeper = Sleeper(clock)
    _, faults = faulty_game(sleeper, FaultKind.TIMEOUT, clock=clock, budget=2.0)
    assert faults[0].detail == "answered in 4 s, budget 2 s"
    assert len(faults) == len(sleeper.answered)  # every late answer thrown away


class Ponderer(RandomBot):
    """A random bot that takes ``share`` of its budget (on a fake clock) for each answer."""

    def __init__(self, seed: int, clock: FakeClock, share: float) -> None:
        super().__init__(seed)
        self.clock, self.share = clock, share
        self.answers = 0

    def act(self, view: PlayerView, budget: float) -> Action:
        self.clock.advance(self.share * budget)
        self.answers += 1
        return super().act(view, budget)


@pytest.mark.parametrize("whole", [True, False], ids=["one call", "hand by hand"])
def test_each_answer_has_its_own_budget(whole: bool) -> None:
    """Every decision may take the whole budget, timed from the previous answer: players
    answering at 0.6 and 1.0 of the budget each time are never late, however many answers
    a hand holds; one at 1.2 of it is late every time."""
    clock = FakeClock()
    rules = small(NL)
    players = [Ponderer(0, clock, 0.6), Ponderer(1, clock, 1.0), Ponderer(2, clock, 0.6)]
    table = Table(rules, 3, rng=random.Random(8), reset_stacks=True, max_hands=20)
    runner = Runner(table, players, clock=clock, budget=2.0)
    if whole:
        runner.play()
    else:
        while not table.is_over:
            runner.play_hand()
    assert runner.faults == [] and table.hand_number == 20
    assert all(p.answers > 20 for p in players)
    assert clock.now == pytest.approx(100.0 + 2.0 * sum(p.share * p.answers for p in players))
    late = Ponderer(3, clock, 1.2)
    table = Table(rules, 2, rng=random.Random(8), reset_stacks=True, max_hands=10)
    runner = Runner(table, [late, Ponderer(4, clock, 0.6)], clock=clock, budget=2.0)
    runner.play()
    assert [f.seat for f in runner.faults] == [0] * late.answers and late.answers >= 5
    assert {f.detail for f in runner.faults} == {"answered in 2.4 s, budget 2 s"}


def test_a_player_that_returns_garbage_gets_the_default_action() -> None:
    _, faults = faulty_game(Garbage(), FaultKind.GARBAGE)
    assert [f.detail for f in faults[:4]] == [
        "returned 'raise'", "returned None", "returned 42", "returned ('call',)"]  # fmt: skip


def test_an_announcement_the_cards_do_not_make_gets_the_default() -> None:
    class Boaster(CallingStation):
        name = "boaster"

        def announce(self, view: PlayerView, budget: float) -> Action:
            return Action.show(7461)  # a royal flush, whatever the cards

    rules = small(Rules.preset("computer-tournament"))
    result = play_game(rules, [Boaster(), CallingStation()], seed=2, max_hands=30)
    assert sum(result.stacks) == 2 * rules.buy_in
    boasts = [f for f in result.faults if f.where == "announce"]
    assert boasts and all(f.kind is FaultKind.ILLEGAL for f in boasts)
    # refused because the cards do not make it, or (001) because only a concession is left
    assert all("the cards do not make that hand" in f.detail or "concede (001)" in f.detail
               for f in boasts)  # fmt: skip
    assert any("the cards do not make that hand" in f.detail for f in boasts)
    assert all(f.action is not None and f.action.kind in (ActionKind.SHOW, ActionKind.MUCK)
               for f in boasts)  # fmt: skip


def test_a_player_without_announce_gets_the_default_showdown_decision_and_no_fault() -> None:
    # 001's announced hands: the showdown is asked of the players because one of them
    # announces; the calling station has no announce, so the table's default is played
    # for it, its decisions never counted as faults.
    class Concedes(CallingStation):
        name = "concedes"

        def __init__(self) -> None:
            self.answers: list[Action] = []

        def announce(self, view: PlayerView, budget: float) -> Action:
            legal = view.legal
            assert legal is not None
            # concede where it may; called, it must show (001): its best hand then
            answer = (Action.muck() if ActionKind.MUCK in legal.kinds
                      else Action.show(legal.values[0]))  # fmt: skip
            self.answers.append(answer)
            return answer

    rules = small(Rules.preset("computer-tournament"))
    table = Table(rules, 2, rng=random.Random(3), max_hands=40)
    concedes = Concedes()
    runner = Runner(table, [concedes, CallingStation()], on_fault=strict)
    defaults: list[tuple[int | None, Action]] = []
    default_action = table.default_action

    def spy() -> Action:
        action = default_action()
        defaults.append((table.to_act, action))
        return action

    table.default_action = spy  # type: ignore[method-assign]
    decided: list[tuple[int, Action]] = []
    while not table.is_over:
        runner.play_hand()
        decided += [(seat, a) for seat, a in table.actions
                    if a.kind in (ActionKind.SHOW, ActionKind.MUCK)]  # fmt: skip
    assert Action.muck() in concedes.answers and not runner.faults
    assert [a for seat, a in decided if seat == 0] == concedes.answers
    assert [d for d in decided if d[0] == 1] == defaults and defaults
    assert sum(table.stacks) == 2 * rules.buy_in


def test_a_notification_that_raises_is_recorded_and_the_game_goes_on() -> None:
    class Deaf(RandomBot):
        def observe(self, event: Event) -> None:
            raise ValueError("cannot hear")

    rules = small(NL)
    result = play_game(rules, [Deaf(1), RandomBot(2)], seed=3)
    conserved(result, rules, 2)
    assert result.faults and {f.where for f in result.faults} == {"observe"}
    assert all(f.action is None and f.kind is FaultKind.EXCEPTION for f in result.faults)


def test_a_player_without_act_is_refused() -> None:
    with pytest.raises(TableError, match="not a player"):
        Runner(Table(NL, 2), [RandomBot(), object()])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="act"):
        type("NoAct", (Player,), {})()


# ------------------------------------------------------------- what players hear


class Listener(RandomBot):
    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.heard: list[tuple[str, Any]] = []

    def start_game(self, game: GameStart) -> None:
        self.heard.append(("start_game", game))

    def start_hand(self, hand: HandStart) -> None:
        self.heard.append(("start_hand", hand))

    def act(self, view: PlayerView, budget: float) -> Action:
        self.heard.append(("act", copy.copy(view)))
        return super().act(view, budget)

    def observe(self, event: Event) -> None:
        self.heard.append(("observe", event))

    def end_hand(self, view: PlayerView) -> None:
        self.heard.append(("end_hand", view))

    def end_game(self, result: GameResult) -> None:
        self.heard.append(("end_game", result))


def test_players_hear_the_game_each_hand_every_public_event_and_the_end() -> None:
    table = Table(small(NL), 3, rng=random.Random(9), button="first-jack")
    listeners = [Listener(i) for i in range(3)]
    hands: list[list[Event]] = []

    result = Runner(table, listeners).play(
        after_hand=lambda: hands.append(table.public_events())
    )
    for seat, p in enumerate(listeners):
        kinds = [k for k, _ in p.heard]
        assert kinds[0] == "start_game" and kinds[-1] == "end_game"
        game = p.heard[0][1]
        assert (game.players, game.seat, game.button, game.hand) == (3, seat, table.log[0].seat, 0)
        assert p.heard[-1][1] == result
        starts = [v for k, v in p.heard if k == "start_hand"]
        assert [s.number for s in starts] == list(range(1, result.hands + 1))
        assert starts[0].stacks == (table.rules.buy_in,) * 3
        # every public event, in order, between the start and the end of its hand
        events: list[list[Event]] = []
        for kind, value in p.heard:
            if kind == "start_hand":
                events.append([])
            elif kind == "observe":
                events[-1].append(value)
        assert events == hands
        ends = [v for k, v in p.heard if k == "end_hand"]
        assert len(ends) == result.hands and all(v.result is not None for v in ends)
        assert all(v.seat == seat for v in ends)


def _each_hand(table: Table, runner: Runner, whole: bool) -> tuple[Any, ...]:
    """Play the game in ``runner`` to its end, noting after each hand what the table
    says; ``whole``: in one call (the table's own loop), else hand by hand."""
    noted: list[tuple[Any, ...]] = []

    def note() -> None:
        noted.append((table.hand_number, table.totals, table.stacks, table.in_hand,
                      len(runner.faults)))  # fmt: skip

    if whole:
        result = runner.play(after_hand=note)
    else:  # (play(1) first: the players hear of the game before its first hand is dealt)
        runner.play(1, after_hand=note)
        while not table.is_over:
            runner.play_hand()
            note()
        result = runner.result()
    return result, noted


@pytest.mark.parametrize("field", ["quiet", "listening", "faulty", "in play", "all in"])
def test_a_game_played_in_one_call_is_the_game_played_hand_by_hand(field: str) -> None:
    """``Runner.play`` lets the table go from hand to hand itself: every hand, a fault
    dealt with mid-hand, a hand over as it is dealt (everyone all-in on the blinds) and a
    hand already in play end the same as hand by hand, ``after_hand`` called once after
    each (the players told of it first)."""
    rules = small(NL, big_bets=4)
    games = []
    for whole in (True, False):
        if field == "all in":  # heads-up, each stack the small blind: over as dealt
            table = Table(rules, [rules.blinds[0]] * 2, rng=random.Random(4),
                          reset_stacks=True, max_hands=6)  # fmt: skip
        else:
            table = Table(rules, 3, rng=random.Random(4))
        players: list[Player] = [RandomBot(seed=s) for s in range(table.size)]
        if field == "listening":
            players = [Listener(s) for s in range(3)]
        elif field == "faulty":
            players[1] = Raises()
        runner = Runner(table, players)
        if field == "in play":
            table.start_hand()
        games.append((_each_hand(table, runner, whole),
                      [p.heard for p in players if isinstance(p, Listener)]))  # fmt: skip
    (result, noted), heard = games[0]
    assert games[0] == games[1]
    assert [n for n, *_ in noted] == list(range(1, result.hands + 1))
    assert all(not in_hand for *_, in_hand, _ in noted) and result.hands > 3
    if field == "faulty":
        assert result.faults and noted[-1][-1] == len(result.faults)
    if field == "all in":
        assert result.hands == 6 and table.actions == ()  # nobody ever acted
    for seen in heard:  # each hand's end heard before after_hand ran for it
        assert sum(1 for k, _ in seen if k == "end_hand") == result.hands


def test_after_hand_with_a_number_of_hands() -> None:
    table = Table(small(NL), 3, rng=random.Random(4))
    calls: list[int] = []
    result = Runner(table, [RandomBot(seed=s) for s in range(3)]).play(
        4, after_hand=lambda: calls.append(table.hand_number))
    assert calls == [1, 2, 3, 4] and result.hands == 4


def test_a_game_that_resets_stacks_and_never_ends_is_refused_before_a_hand() -> None:
    """Stacks reset every hand, no hand limit: ``play()`` would never return.  It is
    refused at once, nothing dealt; with ``hands=`` or ``max_hands`` the game is played."""
    table = Table(small(NL), 2, rng=random.Random(1), reset_stacks=True)
    runner = Runner(table, [RandomBot(seed=1), RandomBot(seed=2)])
    calls: list[int] = []

    def after() -> None:  # (without the refusal: stop a runaway game with a failure)
        calls.append(table.hand_number)
        if len(calls) >= 50:
            raise AssertionError("a game that resets stacks was played on and on")

    with pytest.raises(TableError, match=r"^a game that resets stacks never ends: pass hands= "
                                         r"or max_hands$"):  # fmt: skip
        runner.play(after_hand=after)
    assert calls == [] and table.hand_number == 0 and not table.in_hand
    assert runner.play(3, after_hand=after).hands == 3 and calls == [1, 2, 3]
    table = Table(small(NL), 2, rng=random.Random(1), reset_stacks=True, max_hands=4)
    assert Runner(table, [RandomBot(seed=1), RandomBot(seed=2)]).play().hands == 4


def test_seats_played_from_outside() -> None:
    table = Table(NL, 3, rng=random.Random(2))
    runner = Runner(table, [None, CallingStation(), CallingStation()])
    table.start_hand()
    assert runner.advance() == 0  # seat 0 is first to act: its turn
    with pytest.raises(IllegalAction):
        runner.apply(Action.raise_to(1))
    runner.apply(Action.raise_to(20))
    assert runner.advance() == 0  # both called: the flop, seat 0 again after the blinds
    assert runner.fault(FaultKind.TIMEOUT, "no answer in 30 s") == Action.check()
    assert runner.faults[-1].detail == "no answer in 30 s"
    with pytest.raises(TableError, match="has no player"):
        runner.play_hand()


# ----------------------------------------------------------------- a user's class


BOT_FILE = '''
    from pokerroom.engine import Action
    from pokerroom.players import Player

    class MyBot(Player):
        name = "mine"

        def __init__(self, seed=None):
            self.seed = seed

        def act(self, view, budget):
            return Action.check() if view.to_call == 0 else Action.call()

    class NotAPlayer:
        pass

    class Half(Player):
        pass

    class Broken(MyBot):
        def __init__(self):
            raise RuntimeError("no")

    value = 3
'''


def test_a_users_class_from_a_file_or_a_module(tmp_path: Path) -> None:
    path = tmp_path / "mybot.py"
    path.write_text(textwrap.dedent(BOT_FILE))
    mine = make_player(f"{path}:MyBot", seed=7)
    assert mine.name == "mine" and getattr(mine, "seed", None) == 7
    result = play_game(small(NL), [mine, RandomBot(1)], seed=1, on_fault=strict)
    assert sum(result.stacks) == 2 * small(NL).buy_in
    assert isinstance(make_player("pokerroom.players.simple:RandomBot", seed=3), RandomBot)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nobot", "no bot 'nobot'"),
        ("{dir}/missing.py:MyBot", "no file"),
        ("{dir}/mybot.py:Nope", r"has no 'Nope' \(player classes there: Broken, MyBot"),
        ("{dir}/mybot.py:value", "is not a class"),
        ("{dir}/mybot.py:NotAPlayer", "has no act"),
        ("{dir}/mybot.py:Half", "does not define act"),
        ("{dir}/mybot.py:Broken", "building the player failed: RuntimeError: no"),
        ("{dir}/syntax.py:MyBot", "running .* failed: SyntaxError"),
        ("no.such.module:MyBot", "cannot import module 'no.such.module'"),
        ("{dir}/mybot.py:", "write path/to/file.py:MyBot"),
    ],
)
def test_a_users_class_that_cannot_be_loaded(tmp_path: Path, spec: str, message: str) -> None:
    (tmp_path / "mybot.py").write_text(textwrap.dedent(BOT_FILE))
    (tmp_path / "syntax.py").write_text("class MyBot(:\n")
    with pytest.raises(PlayerLoadError, match=message):
        make_player(spec.format(dir=tmp_path))


# ------------------------------------------------------------ no hidden card seen


class Spy(RandomBot):
    """Checks, whenever it is told anything, that it holds no card it may not see: its
    own hole cards, the board so far and the cards shown so far are all it may know."""

    table: Table

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.checked = 0

    def allowed(self) -> set[Card]:
        table = self.table
        hand = table.hand
        if hand is None:
            return set()
        seats = table.seats_in_hand
        mine = set(hand.hole(seats.index(self.seat))) if self.seat in seats else set()
        shown = {c for e in hand.events if e.kind is EventKind.SHOW for c in e.cards}
        return mine | set(hand.board) | shown

    def check(self, value: object, spectator: bool = False) -> None:
        allowed = self.allowed()
        if spectator:
            hand = self.table.hand
            assert hand is not None
            allowed = {c for e in hand.events if e.kind is EventKind.SHOW for c in e.cards}
            allowed |= set(hand.board)
        seen = set(cards_in(value))
        assert seen <= allowed, f"seat {self.seat} was given {seen - allowed}"
        self.checked += 1

    def start_game(self, game: GameStart) -> None:
        self.seat = game.seat
        self.check(game)

    def start_hand(self, hand: HandStart) -> None:
        self.check(hand)

    def act(self, view: PlayerView, budget: float) -> Action:
        self.check(copy.copy(view))
        if self.table.hand is not None:
            self.check(self.table.view(-1), spectator=True)
        return super().act(view, budget)

    def announce(self, view: PlayerView, budget: float) -> Action:
        self.check(copy.copy(view))
        return super().announce(view, budget)

    def observe(self, event: Event) -> None:
        self.check(event)

    def end_hand(self, view: PlayerView) -> None:
        self.check(view)

    def end_game(self, result: GameResult) -> None:
        self.check(result)


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(sorted(RULESETS)),
    players=st.integers(2, 9),
    seed=st.integers(0, 2**32 - 1),
)
def test_no_player_is_ever_told_a_hidden_card(name: str, players: int, seed: int) -> None:
    rules = small(RULESETS[name], 6)
    table = Table(rules, players, rng=random.Random(seed), max_hands=25)
    spies = [Spy(seed + i) for i in range(players)]
    for spy in spies:
        spy.table = table
    result = Runner(table, spies).play()
    assert result.faults == (), result.faults[0]  # a failed check is a player's fault
    assert all(spy.checked > 2 for spy in spies)


class Keeper(RandomBot):
    """A random bot that keeps every view it is handed, with its legal actions then (it
    reads nothing else, so the view stays as the table made it)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed=seed)
        self.kept: list[tuple[PlayerView, Any]] = []

    def act(self, view: PlayerView, budget: float) -> Action:
        self.kept.append((view, view.legal))
        return super().act(view, budget)


class Forgetter(RandomBot):
    """A random bot that keeps nothing (the table may hand its view object out again),
    but checks each view it is given against the table's own state."""

    table: Table

    def act(self, view: PlayerView, budget: float) -> Action:
        legal = self.table.hand.legal_actions() if self.table.hand is not None else None
        assert legal is not None
        fields = ("street", "kinds", "to_call", "call", "min_to", "max_to", "values")
        assert [getattr(view.legal, f) for f in fields] == [getattr(legal, f) for f in fields]
        assert view.seat == self.table.to_act
        return super().act(view, budget)


@pytest.mark.parametrize("name", RULESETS)
def test_a_view_a_player_keeps_never_changes_and_a_forgotten_one_is_current(name: str) -> None:
    """The table may hand a view object out again only when nothing else holds it: a
    player that keeps its views finds each one as it was when handed over, and one that
    keeps nothing always reads the decision it is asked."""
    table = Table(RULESETS[name], 3, rng=random.Random(5), reset_stacks=True, max_hands=60)
    keeper, forgetter, other = Keeper(1), Forgetter(seed=2), RandomBot(seed=3)
    forgetter.table = table
    Runner(table, [keeper, forgetter, other], on_fault=strict).play()
    assert len(keeper.kept) > 60
    assert len({id(view) for view, _ in keeper.kept}) == len(keeper.kept)
    for view, legal in keeper.kept:
        assert view.legal == legal
