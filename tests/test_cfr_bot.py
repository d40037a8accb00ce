"""The ``cfr`` bot: heads-up fixed limit drawn from the shipped strategies with its own
random source, its fallback everywhere else (saying why), at the table under both rule
sets, at a full table and at a table down to two, without a fault."""

from __future__ import annotations

import copy
import math
import random

import pytest

from pokerroom.engine import Action, Event, Hand, PlayerView, Street
from pokerroom.players import (
    BOTS,
    CallingStation,
    CFRBot,
    Fault,
    GameResult,
    Runner,
    make_player,
    play_game,
)
from pokerroom.players.cfr import FALLBACK, SHORT_STACK, shipped_policy, strategy_for
from pokerroom.rules import PRESETS, Rules
from pokerroom.solver.files import SHIPPED
from pokerroom.solver.policy import Decision, Policy
from pokerroom.table import GameStart, HandStart, Table
from table_helpers import deck_for, heads_up_hands


def strict(fault: Fault) -> None:
    raise AssertionError(f"the cfr bot's game had a fault: {fault}")


def test_registered_with_a_one_line_description() -> None:
    assert BOTS["cfr"] is CFRBot
    bot = make_player("cfr", seed=3)
    assert isinstance(bot, CFRBot) and bot.seed == 3
    assert isinstance(bot.fallback, FALLBACK)
    text = CFRBot.description
    assert "\n" not in text and len(text) < 90 and text.endswith(f"defers to {FALLBACK.name}")


def test_the_strategy_for_the_rules() -> None:
    assert strategy_for(Rules.preset("casino-limit")) == "casino-limit"
    assert strategy_for(Rules.preset("casino-limit", buy_in=300)) == "casino-limit"
    assert strategy_for(Rules.preset("computer-tournament")) == "computer-tournament"
    assert strategy_for(Rules.preset("casino-limit", small_bet=4, big_bet=8)) is None
    assert strategy_for(Rules.preset("no-limit")) is None


@pytest.mark.parametrize("preset", SHIPPED)
def test_heads_up_it_draws_the_strategys_action_with_its_own_random_source(preset: str) -> None:
    rules = Rules.preset(preset)
    policy = shipped_policy(preset)
    bot = CFRBot(seed=5)

    def choose(view: PlayerView) -> Action:
        twin = random.Random()
        twin.setstate(bot.rng.getstate())
        expected = policy.decide(view).sample(twin)
        action = bot.act(view, 1.0)
        assert action == expected
        assert bot.rng.getstate() == twin.getstate()
        return action

    decisions, streets = heads_up_hands(rules, random.Random(preset), 20, choose)
    assert decisions > 50 and len(streets) == 4
    assert bot.notes == [f"{decisions:,} decisions from the CFR strategy for heads-up {preset}"]


def _binomial_bounds(n: int, p: float, alpha: float) -> tuple[int, int]:
    """The counts ``lo`` and ``hi`` of ``n`` draws of probability ``p`` with
    P(X < lo) <= alpha / 2 and P(X > hi) <= alpha / 2 (exact binomial tails, summed from
    12 standard deviations out, where what is left is below 1e-30)."""
    if p <= 0.0 or p >= 1.0:
        return (0, 0) if p <= 0.0 else (n, n)
    sd = math.sqrt(n * p * (1 - p))

    def pmf(k: int) -> float:
        return math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
                        + k * math.log(p) + (n - k) * math.log1p(-p))  # fmt: skip

    lo = max(0, math.floor(n * p - 12 * sd - 1))
    tail = 0.0
    while tail + pmf(lo) <= alpha / 2:
        tail += pmf(lo)
        lo += 1
    hi = min(n, math.ceil(n * p + 12 * sd + 1))
    tail = 0.0
    while tail + pmf(hi) <= alpha / 2:
        tail += pmf(hi)
        hi -= 1
    return lo, hi


DRAWS = 10_000  # draws at each decision checked
FALSE_FAILURE = 1e-6  # the chance that this test fails on a bot that draws right


@pytest.mark.parametrize("preset", SHIPPED)
def test_heads_up_its_draws_follow_the_strategys_probabilities(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At decisions where the strategy mixes (two actions of probability 0.15 or more, on
    different streets), 10,000 of the bot's answers each: every action's count lies
    within exact binomial bounds of the strategy's probability, at a false-failure rate
    of 1e-6 for the whole test (Bonferroni).  The bounds have power: a bias of 5 points
    in any action's probability would sit more than 4 standard deviations outside them,
    which the test checks too.  (The strategy's answer for a view is worked out once
    and kept: the bot draws from it each time, as it would from the same answer worked
    out again, at a thousandth of the cost.)"""
    rules = Rules.preset(preset)
    policy = shipped_policy(preset)
    rng = random.Random(f"{preset} mixed")
    mixed: dict[Street, tuple[PlayerView, Decision]] = {}

    def choose(view: PlayerView) -> Action:
        decision = policy.decide(view)
        if sum(p >= 0.15 for p in decision.probabilities) >= 2:
            mixed.setdefault(view.street, (view, decision))
        return decision.sample(rng)

    heads_up_hands(rules, rng, 80, choose)
    assert len(mixed) == 4, mixed.keys()  # one decision on each street
    checks = sum(len(d.actions) for _, d in mixed.values())
    alpha = FALSE_FAILURE / checks
    decide, kept = Policy.decide, {}

    def decide_once(self: Policy, view: PlayerView) -> Decision:
        if id(view) not in kept:
            kept[id(view)] = decide(self, view)
        return kept[id(view)]

    monkeypatch.setattr(Policy, "decide", decide_once)
    bot = CFRBot(seed=8)
    for view, decision in mixed.values():
        counts = dict.fromkeys(decision.actions, 0)
        for _ in range(DRAWS):
            counts[bot.act(view, 1.0)] += 1
        assert kept[id(view)] == decision  # the strategy's answer, as stated
        for action, p in zip(decision.actions, decision.probabilities, strict=True):
            lo, hi = _binomial_bounds(DRAWS, p, alpha)
            assert lo <= counts[action] <= hi, (view.street, action, p, counts[action], lo, hi)
            for biased in (p - 0.05, p + 0.05):  # power: such a bias is far outside
                if 0.0 <= biased <= 1.0:
                    sd = math.sqrt(DRAWS * biased * (1 - biased))
                    assert DRAWS * biased - 4 * sd > hi or DRAWS * biased + 4 * sd < lo
    assert bot.played == DRAWS * len(mixed)


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("opponent", ["rule-based", "calling-station", "random"])
@pytest.mark.parametrize("preset", SHIPPED)
def test_it_plays_heads_up_games_without_a_fault(preset: str, opponent: str, seat: int) -> None:
    rules = Rules.preset(preset)
    bot = make_player("cfr", seed=seat)
    players = [bot, make_player(opponent, seed=7)]
    if seat:
        players.reverse()
    result = play_game(rules, players, seed=11 + seat, max_hands=50, on_fault=strict)
    assert result.faults == () and sum(result.stacks) == 2 * rules.buy_in
    assert result.hands == 50 or 0 in result.stacks  # a freeze-out may end sooner
    assert isinstance(bot, CFRBot) and bot.played > result.hands
    assert set(bot.deferred) <= {SHORT_STACK}  # only once a stack is too short for the tree


def test_a_seed_replays_a_heads_up_game() -> None:
    def one(seed: int) -> tuple[tuple[int, ...], int]:
        players = [make_player("cfr", seed=seed), make_player("rule-based", seed=1)]
        result = play_game(Rules.preset("casino-limit"), players, seed=4, max_hands=25)
        return result.totals, result.hands

    assert one(1) == one(1)
    assert one(1) != one(2)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_it_plays_legally_under_every_preset(preset: str, players: int) -> None:
    """Every preset, heads-up and three-handed: no fault (an illegal action would be
    one); the strategy plays heads-up under the presets it was solved for, the fallback
    everywhere else, with the reason in the notes."""
    rules = Rules.preset(preset)
    bot = make_player("cfr", seed=players)
    others = [make_player("random", seed=i) for i in range(players - 1)]
    result = play_game(rules, [bot, *others], seed=5, max_hands=12, on_fault=strict)
    assert result.faults == () and result.hands > 0
    assert isinstance(bot, CFRBot)
    strategy = players == 2 and preset in SHIPPED
    assert bot.played + sum(bot.deferred.values()) > 0
    if preset == "no-limit" and players == 2:
        # 250 big blinds: deeper than the no-limit strategies until the stacks move
        assert any("effective stack outside 100 to 200" in n for n in bot.notes), bot.notes
        return
    assert (bot.played > 0) is strategy
    if not strategy:
        plays = preset in SHIPPED or preset == "no-limit"
        why = (f"{players} players: the strategy is for heads-up play" if plays
               else f"no strategy ships for {rules}")  # fmt: skip
        assert any(why in note for note in bot.notes), bot.notes
    else:
        assert set(bot.deferred) <= {SHORT_STACK}


@pytest.mark.parametrize("preset", SHIPPED)
def test_at_a_full_table_it_defers_and_says_why(preset: str) -> None:
    rules = Rules.preset(preset)
    bot = make_player("cfr", seed=2)
    others = ["rule-based", "calling-station", "random", "rule-based", "random"]
    players = [bot, *(make_player(b, seed=i) for i, b in enumerate(others))]
    result = play_game(rules, players, seed=3, max_hands=40, on_fault=strict)
    assert result.faults == () and sum(result.stacks) == 6 * rules.buy_in
    assert isinstance(bot, CFRBot) and bot.played == 0
    assert sum(bot.deferred.values()) > 20
    assert f"by {FALLBACK.name}: 6 players: the strategy is for heads-up play" in " ".join(
        bot.notes
    )


def test_a_table_down_to_two_plays_the_strategy() -> None:
    rules = Rules.preset("casino-limit")
    bot = CFRBot(seed=4)
    table = Table(rules, [1000, 3, 1000], rng=random.Random(6), max_hands=80)
    result = Runner(table, [bot, CallingStation(), make_player("rule-based", seed=1)],
                    on_fault=strict).play()  # fmt: skip
    assert result.faults == () and table.out[1]
    assert bot.played > 20
    assert any("3 players: the strategy is for heads-up play" in n for n in bot.notes)


class Recorder(CallingStation):
    """A fallback that counts what it is asked and told."""

    def __init__(self) -> None:
        super().__init__()
        self.heard: dict[str, int] = {}
        self.acted = 0

    def _hear(self, what: str) -> None:
        self.heard[what] = self.heard.get(what, 0) + 1

    def act(self, view: PlayerView, budget: float) -> Action:
        self.acted += 1
        return super().act(view, budget)

    def start_game(self, game: GameStart) -> None:
        self._hear("start_game")

    def start_hand(self, hand: HandStart) -> None:
        self._hear("start_hand")

    def observe(self, event: Event) -> None:
        self._hear("observe")

    def end_hand(self, view: PlayerView) -> None:
        self._hear("end_hand")

    def end_game(self, result: GameResult) -> None:
        self._hear("end_game")


def test_the_fallback_hears_the_whole_game_and_decides_where_the_strategy_stops() -> None:
    # heads-up casino-limit with one short stack: the strategy plays while both stacks
    # cover its tree, the fallback afterwards; the fallback hears every hand either way
    fallback = Recorder()
    bot = CFRBot(seed=1, fallback=fallback)
    table = Table(Rules.preset("casino-limit"), [1000, 70], rng=random.Random(2), max_hands=50)
    result = Runner(table, [bot, make_player("rule-based", seed=3)], on_fault=strict).play()
    assert result.faults == ()
    assert fallback.acted == sum(bot.deferred.values())
    assert fallback.heard["start_game"] == 1 and fallback.heard["end_game"] == 1
    assert fallback.heard["start_hand"] == fallback.heard["end_hand"] == result.hands
    assert fallback.heard["observe"] > 4 * result.hands
    assert bot.played > 0
    if fallback.acted:
        assert any("a stack too short for the strategy's tree" in n for n in bot.notes)
    nolimit = CFRBot(seed=1, fallback=Recorder())
    deep = Rules.preset("no-limit", buy_in=4000)  # 1,000 big blinds: no strategy that deep
    play_game(deep, [nolimit, make_player("random", seed=1)], seed=1, max_hands=10,
              on_fault=strict)  # fmt: skip
    # (the strategy may play once a stack has lost enough for 200 big blinds or fewer)
    assert any(n.endswith("by calling-station: an effective stack outside 100 to 200 big "
                          "blinds (the solved depths)") for n in nolimit.notes), nolimit.notes


def test_it_announces_its_best_hand_at_an_announced_showdown() -> None:
    table = Table(Rules.preset("computer-tournament"), 2, rng=random.Random(1))
    table.start_hand(deck_for(table, ["2c 2d", "Ts Jd"], "9h 8c 7s Ks 3d"))
    table.apply(Action.raise_to(10))  # 001: the straddle
    while table.legal_actions().street is not Street.SHOWDOWN:
        table.apply(Action.call() if table.legal_actions().call else Action.check())
    bot = CFRBot(seed=1)
    view = table.turn_view()
    assert view.legal is not None
    answer = bot.announce(view, 1.0)
    assert answer in view.legal
    assert answer in (Action.show(view.legal.values[0]), Action.muck())


def test_a_copy_shares_the_strategy() -> None:
    bot = CFRBot(seed=1)
    rules = Rules.preset("casino-limit")
    hand = Hand(rules, [200, 200], rng=random.Random(1))
    bot.act(hand.view(hand.to_act), 1.0)  # type: ignore[arg-type]
    twin = copy.deepcopy(bot)
    assert twin._policy(rules) is bot._policy(rules)
    assert twin.act(hand.view(hand.to_act), 1.0) == bot.act(hand.view(hand.to_act), 1.0)  # type: ignore[arg-type]


def test_the_strategy_of_the_same_rules_is_found_without_hashing_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``_policy`` hashed the rules (every field) twice a decision; the rules object of
    the last decision is now recognised by identity: no hash on a repeat lookup."""
    hashes = 0
    real = Rules.__hash__

    def counted(self: Rules) -> int:
        nonlocal hashes
        hashes += 1
        return real(self)

    monkeypatch.setattr(Rules, "__hash__", counted)
    rules, other = Rules.preset("casino-limit"), Rules.preset("computer-tournament")
    bot = CFRBot(seed=1)
    first = bot._policy(rules)
    assert first is shipped_policy("casino-limit") and hashes > 0
    hashes = 0
    for _ in range(100):
        assert bot._policy(rules) is first
    assert hashes == 0
    assert bot._policy(other) is shipped_policy("computer-tournament")
    equal = Rules.preset("casino-limit", buy_in=rules.buy_in)  # equal, another object
    assert bot._policy(equal) is first  # found by value: the same strategy
    hashes = 0
    assert bot._policy(equal) is first and hashes == 0


@pytest.mark.parametrize(
    ("preset", "digest", "totals"),
    [
        ("casino-limit", "b0e7dfc97ce050d6", (54, -54)),
        ("computer-tournament", "002066cc3134c069", (406, -406)),
    ],
)
def test_its_decisions_are_those_of_before_the_lookup_was_cached(
    preset: str, digest: str, totals: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seeded match plays the very actions it played before ``_policy`` was cached (their
    digest recorded then; recorded again when issue 37's strategies, on buckets
    ``169,128,128,128``, replaced the first ones, and for ``computer-tournament`` when
    its strategy solved on real deals replaced that one)."""
    import hashlib

    actions: list[str] = []
    real = CFRBot.act

    def act(self: CFRBot, view: PlayerView, budget: float) -> Action:
        action = real(self, view, budget)
        actions.append(repr(action))
        return action

    monkeypatch.setattr(CFRBot, "act", act)
    bot = make_player("cfr", seed=3)
    players = [bot, make_player("rule-based", seed=1)]
    result = play_game(Rules.preset(preset), players, seed=9, max_hands=30, on_fault=strict)
    assert isinstance(bot, CFRBot) and bot.played == len(actions) > 50
    assert result.totals == totals
    assert hashlib.sha256("\n".join(actions).encode()).hexdigest()[:16] == digest
