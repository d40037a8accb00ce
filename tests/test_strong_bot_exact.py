"""The ``strong`` bot itself (``players/strong/bot.py``) and its table builder
(``build.py``) on exact answers.  The builder: each table entry is the mean share of the
deals it drew, checked deal by deal against the scalar evaluator, the draws themselves
asked of the random source as documented, and the file written as the tables module reads
it.  The bot: every damaged saved hand and state refused with the field named, every bound
read back, what it hands its decision (the outlook, its hand's score and draw, the
round's raises, forced bets and ranges) recorded from stand-ins, the hand it keeps, and
what a showdown teaches it."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest

from pokerroom.cards import JOKER
from pokerroom.engine import Action, ActionKind, Hand
from pokerroom.evaluator import rank7
from pokerroom.players.state import StateError, floats_state
from pokerroom.players.strong import Strong, build, tables
from pokerroom.players.strong import bot as bot_module
from pokerroom.players.strong.bot import _Hand
from pokerroom.players.strong.cards import board_strength
from pokerroom.players.strong.ranges import Ranking, band_of, narrow
from pokerroom.players.strong.stats import STUDIED, Profile
from pokerroom.players.strong.tables import combo_strength
from pokerroom.players.strong.tracker import Tracker
from pokerroom.ranges import combo_index
from pokerroom.rules import Rules
from pokerroom.starting import ALL_CLASSES, HandClass
from pokerroom.table import Table

NL = Rules.preset("no-limit")

# the deuces' first combination holds the lowest codes: every card after them in the deck
# is one of the live cards' indices shifted
_CLASSES = [HandClass.parse(t) for t in ("AA", "KK", "72o", "22")]


def test_a_share_is_a_win_a_split_tie_or_nothing() -> None:
    hero = np.array([5, 3, 2, 7, 4])
    one = np.array([4, 3, 9, 1, 4])
    two = np.array([1, 3, 1, 7, 4])
    # deal by deal: won, a three-way tie, lost, a two-way tie, a three-way tie
    assert build._shares(hero, [one, two]) == pytest.approx((1 + 1 / 3 + 0 + 1 / 2 + 1 / 3) / 5)
    # against one hand: won, tied, lost, won, tied
    assert build._shares(hero, [one]) == pytest.approx((1 + 0.5 + 0 + 1 + 0.5) / 5)
    assert build._shares(hero, [two]) == pytest.approx((1 + 0.5 + 1 + 0.5 + 0.5) / 5)
    # a tie with a hand that is not the best is a loss
    assert build._shares(np.array([3]), [np.array([3]), np.array([4])]) == 0.0
    assert isinstance(build._shares(hero, [one]), float)


class _Recorded:
    """A random source that keeps what ``integers`` answered (build's own draws)."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.log: list[tuple[str, Any, Any]] = []

    def integers(self, *args: Any, **kwargs: Any) -> Any:
        out = self.rng.integers(*args, **kwargs)
        self.log.append(("integers", (args, kwargs), out))
        return out

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rng, name)


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> _Recorded:
    """Four classes, three opponents at most, every deal kept."""
    source = _Recorded(11)
    real = build.deal

    def deal(rng: Any, n: int, count: int, size: int, taken: Any = ()) -> Any:
        entry: list[Any] = [rng, n, count, size, [np.array(t) for t in taken]]
        source.log.append(("deal", entry, None))
        out = real(rng, n, count, size, taken)
        entry.append(out.copy())
        return out

    monkeypatch.setattr(build, "ALL_CLASSES", _CLASSES)
    monkeypatch.setattr(build, "MAX_OPPONENTS", 3)
    monkeypatch.setattr(build, "deal", deal)
    return source


def _share(hero: tuple[int, int], others: list[tuple[int, int]], board: list[int]) -> float:
    mine = rank7([*hero, *board])
    theirs = [rank7([*o, *board]) for o in others]
    best = max(theirs)
    if mine > best:
        return 1.0
    return 1.0 / (1 + theirs.count(mine)) if mine == best else 0.0


def _ints(cls: HandClass) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in cls.combos()]


def test_each_heads_up_entry_is_the_mean_share_of_the_deals_it_drew(
    recorded: _Recorded, capsys: pytest.CaptureFixture[str]
) -> None:
    samples = 30
    out = build.heads_up(recorded, samples)  # type: ignore[arg-type]
    assert out.shape == (4, 4) and out.dtype == np.float64
    log = recorded.log
    at = 0
    for h in range(4):
        hero = _ints(_CLASSES[h])[0]
        live = [c for c in range(52) if c not in hero]
        for k in range(h, 4):
            theirs = [c for c in _ints(_CLASSES[k]) if hero[0] not in c and hero[1] not in c]
            kind, (args, kwargs), picks = log[at]
            assert kind == "integers" and args == (0, len(theirs)) and kwargs == {"size": samples}
            kind, entry, _ = log[at + 1]
            rng, n, count, size, taken, dealt = entry
            assert kind == "deal" and (rng, n, count, size) == (recorded, 50, 5, samples)
            opp = [theirs[i] for i in picks]
            assert [t.tolist() for t in taken] == [[live.index(o[j]) for o in opp] for j in (0, 1)]
            assert all(t.dtype == np.uint8 for t in taken)
            shares = []
            for i in range(samples):
                board = [live[j] for j in dealt[:, i]]
                assert len({*hero, *opp[i], *board}) == 9
                shares.append(_share(hero, [opp[i]], board))
            mean = sum(shares) / samples
            if k == h:
                assert out[h, h] == 0.5  # a class against itself, exactly
            else:
                assert out[h, k] == pytest.approx(mean, abs=1e-12)
                assert out[k, h] == 1.0 - out[h, k]
            at += 2  # the opponents' hands, then the boards, for each pair of classes
    assert at == len(log)
    err = capsys.readouterr().err.splitlines()
    assert [re.sub(r"\d+ s$", "N s", line) for line in err] == [
        f"heads-up: {h}/4 classes, N s" for h in (1, 2, 3, 4)]  # fmt: skip


def test_each_multi_way_entry_is_the_mean_share_against_random_hands(
    recorded: _Recorded, capsys: pytest.CaptureFixture[str]
) -> None:
    samples = 20
    out = build.multiway(recorded, samples)  # type: ignore[arg-type]
    assert out.shape == (4, 3) and out.dtype == np.float64
    deals = [entry for kind, entry, _ in recorded.log if kind == "deal"]
    assert len(deals) == 12
    assert not [e for e in recorded.log if e[0] == "integers"]  # every draw is a deal
    for h in range(4):
        hero = _ints(_CLASSES[h])[0]
        live = [c for c in range(52) if c not in hero]
        for m in range(1, 4):
            rng, n, count, size, taken, dealt = deals[3 * h + m - 1]  # three per class
            assert (rng, n, count, size, taken) == (recorded, 50, 2 * m + 5, samples, [])
            shares = []
            for i in range(samples):
                cards = [live[j] for j in dealt[:, i]]
                others = [(cards[2 * j], cards[2 * j + 1]) for j in range(m)]
                assert len({*hero, *cards}) == 2 * m + 7
                shares.append(_share(hero, others, cards[2 * m :]))
            assert out[h, m - 1] == pytest.approx(sum(shares) / samples, abs=1e-12)
    err = capsys.readouterr().err.splitlines()
    assert [re.sub(r"\d+ s$", "N s", line) for line in err] == [
        f"multi-way: {h}/4 classes, N s" for h in (1, 2, 3, 4)]  # fmt: skip


class _Clock:
    """``time.perf_counter`` a second later at each look."""

    def __init__(self) -> None:
        self.now = 100.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def test_the_progress_lines_count_the_seconds_since_the_start(
    recorded: _Recorded, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(build, "time", _Clock())
    build.heads_up(recorded, 2)  # type: ignore[arg-type]
    build.multiway(recorded, 2)  # type: ignore[arg-type]
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        "heads-up: 1/4 classes, 1 s", "heads-up: 2/4 classes, 2 s", "heads-up: 3/4 classes, 3 s",
        "heads-up: 4/4 classes, 4 s", "multi-way: 1/4 classes, 1 s",
        "multi-way: 2/4 classes, 2 s", "multi-way: 3/4 classes, 3 s",
        "multi-way: 4/4 classes, 4 s",
    ]  # fmt: skip


def test_the_file_is_written_where_the_tables_read_it() -> None:
    out = build.OUT  # the default of --out
    assert out == Path(tables.__file__).resolve().parent / "data" / tables._FILE
    assert out.is_file()


def _stubbed(monkeypatch: pytest.MonkeyPatch, out: Path) -> list[tuple[str, Any, int]]:
    """``heads_up`` and ``multiway`` replaced by small known tables; their calls kept."""
    calls: list[tuple[str, Any, int]] = []

    def heads_up(rng: np.random.Generator, samples: int) -> np.ndarray:
        calls.append(("hu", rng.bit_generator.state, samples))
        rng.random()  # the random source goes on from where this leaves it
        return np.full((169, 169), 0.25) + np.eye(169) * 0.125

    def multiway(rng: np.random.Generator, samples: int) -> np.ndarray:
        calls.append(("multi", rng.bit_generator.state, samples))
        return np.arange(169 * 13, dtype=np.float64).reshape(169, 13) / 4096

    monkeypatch.setattr(build, "heads_up", heads_up)
    monkeypatch.setattr(build, "multiway", multiway)
    monkeypatch.setattr(build, "OUT", out)
    return calls


def test_the_command_writes_both_tables_with_how_they_were_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    default = tmp_path / "a" / "b" / "strong.npz"
    calls = _stubbed(monkeypatch, default)
    assert build.main([]) == 0
    seeded = np.random.default_rng(2024)
    first = seeded.bit_generator.state
    seeded.random()
    assert calls == [("hu", first, 24000), ("multi", seeded.bit_generator.state, 24000)]
    with np.load(default) as data:
        assert sorted(data.files) == ["classes", "hu", "multi", "samples", "seed"]
        assert data["hu"].dtype == np.float32 and data["multi"].dtype == np.float32
        assert data["hu"][0, 0] == 0.375 and data["hu"][0, 1] == 0.25
        assert (data["multi"] == np.arange(169 * 13).reshape(169, 13) / 4096).all()
        assert [str(c) for c in data["classes"]] == [str(c) for c in ALL_CLASSES]
        assert int(data["samples"]) == 24000 and int(data["seed"]) == 2024
    assert capsys.readouterr().err == f"wrote {default}\n"
    chosen = tmp_path / "c" / "d.npz"
    calls.clear()
    assert build.main(["--samples", "7", "--seed", "3", "--out", str(chosen)]) == 0
    assert calls[0] == ("hu", np.random.default_rng(3).bit_generator.state, 7)
    assert calls[1][2] == 7
    with np.load(chosen) as data:
        assert int(data["samples"]) == 7 and int(data["seed"]) == 3
    assert capsys.readouterr().err == f"wrote {chosen}\n"
    beside = tmp_path / "e.npz"  # into a folder that is already there
    assert build.main(["--samples", "2", "--out", str(beside)]) == 0 and beside.is_file()


def test_the_command_says_what_it_does(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        build.main(["--help"])
    assert stopped.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: python -m pokerroom.players.strong.build [-h]")
    assert "Build the pre-flop equity tables the ``strong`` bot ships with." in text
    assert re.search(r"^  --samples SAMPLES +deals per table entry$", text, re.MULTILINE)
    with pytest.raises(SystemExit):
        build.main(["--samples", "many"])
    assert "argument --samples: invalid int value: 'many'" in capsys.readouterr().err


# ------------------------------------------------------------------ the bot (bot.py)


def _nl_hand(players: int, script: list[tuple[str, int | None]], seed: int = 5) -> Hand:
    hand = Hand(NL, [400] * players, button=0, rng=random.Random(seed))
    for verb, amount in script:
        method = getattr(hand, verb)
        method() if amount is None else method(amount)
    return hand


def _hand_state() -> dict[str, Any]:
    """What a bot in seat 0 has read of a 3-handed hand after it raised pre-flop (seat 1
    to act): its range row kept, the others all ones."""
    hand = _nl_hand(3, [])
    bot = Strong(seed=1)
    hand.apply(bot.act(hand.view(0), 1.0))
    bot.ranges(hand.view(1))
    assert bot._hand is not None
    return json.loads(json.dumps(bot._hand.state()))  # type: ignore[no-any-return]


def _hand_with(**change: Any) -> dict[str, Any]:
    return {**_hand_state(), **change}


_ONES = floats_state(np.ones(1326))


@pytest.mark.parametrize(
    ("state", "says"),
    [
        ([], "hand: a mapping, not list"),
        *[({k: v for k, v in _hand_state().items() if k != key}, f"hand: missing '{key}'")
          for key in ("hole", "tracker", "ranges", "moves", "pending", "reference", "round")],
        (_hand_with(hole=[1, 53]), "hand.hole[1] is 53: a whole number from 0 to 52"),
        (_hand_with(hole=[-1, 3]), "hand.hole[0] is -1: a whole number from 0 to 52"),
        (_hand_with(tracker=[]), "hand.tracker: a mapping, not list"),
        (_hand_with(ranges=[None]), "hand.ranges: a row per seat, 2 to 14, not 1"),
        (_hand_with(ranges=[None] * 15), "hand.ranges: a row per seat, 2 to 14, not 15"),
        (_hand_with(ranges=5), "hand.ranges: a list, not int"),
        (_hand_with(ranges=[None, "x", None]), "hand.ranges[1]: not floats written by pokerroom"),
        (_hand_with(moves=[[0]]), "hand.moves: 8 entries, not 1"),
        (_hand_with(moves=3), "hand.moves: a list, not int"),
        (_hand_with(moves=[[3, 0, "call", True, 1, 2, 1, 0]]),
         "hand.moves: a move of a seat the hand does not have"),
        (_hand_with(pending=[[], []]), "hand.pending: 3 entries, not 2"),
        (_hand_with(pending=[[], [], 3]), "hand.pending: a list, not int"),
        (_hand_with(pending=[[], [], [[0]]]), "hand.pending: 8 entries, not 1"),
        (_hand_with(reference=4), "hand.reference: a list, not int"),
        (_hand_with(reference=[[1]]), "hand.reference entry: 2 entries, not 1"),
        (_hand_with(reference=[[3, _ONES]]),
         "hand.reference seat is 3: a whole number from 0 to 2"),
        (_hand_with(reference=[[-1, _ONES]]),
         "hand.reference seat is -1: a whole number from 0 to 2"),
        (_hand_with(reference=[[2, "x"]]), "hand.reference[2]: not floats written by pokerroom"),
        (_hand_with(round=5), "hand.round is 5: a whole number from 0 to 4"),
        (_hand_with(round=-1), "hand.round is -1: a whole number from 0 to 4"),
    ],
)  # fmt: skip
def test_a_damaged_hand_is_refused_naming_the_field(state: Any, says: str) -> None:
    with pytest.raises(StateError) as refused:
        _Hand.from_state(state)
    assert str(refused.value) == says


def test_a_hand_at_every_bound_is_read_back() -> None:
    state = _hand_state()
    assert state["ranges"][1:] == [None, None] and state["ranges"][0] is not None
    assert state["reference"] == [[0, state["ranges"][0]]]
    hand = _Hand.from_state(state)
    assert hand.state() == state and hand.boards == {}
    assert (hand.ranges[1:] == 1.0).all() and hand.hole == tuple(state["hole"])
    edge = {**state, "hole": [0, 52], "ranges": [None] * 14, "pending": [[]] * 14,
            "reference": [[0, _ONES], [13, _ONES]], "round": 4,
            "moves": [[13, 3, "check", False, 0, 0, 0, 0]]}  # fmt: skip
    back = _Hand.from_state(edge)
    assert back.state() == {**edge, "reference": [[0, _ONES], [13, _ONES]]}
    assert sorted(back.reference) == [0, 13] and back.round == 4 and len(back.ranges) == 14
    two = {**state, "ranges": [None, None], "pending": [[], []], "reference": [],
           "moves": [[1, 0, "call", False, 0, 0, 0, 0]]}  # fmt: skip
    assert _Hand.from_state(two).state() == two


def _bot_state() -> dict[str, Any]:
    bot = Strong(seed=3, samples=7)
    bot.start_game(_game(["ann", "bob", "cy"], reset=False))
    bot.profile(1, 3).count_hand([])
    return json.loads(json.dumps(bot.save_state()))  # type: ignore[no-any-return]


def _game(names: list[str], reset: bool) -> Any:
    class Game:
        pass

    game = Game()
    game.names = tuple(names)  # type: ignore[attr-defined]
    game.reset_stacks = reset  # type: ignore[attr-defined]
    return game


def _bot_with(**change: Any) -> dict[str, Any]:
    return {**_bot_state(), **change}


@pytest.mark.parametrize(
    ("state", "says"),
    [
        (_bot_with(names=3), "names: a list, not int"),
        (_bot_with(names=["a", 2]), "names: the players' names, as text"),
        (_bot_with(profiles=4), "profiles: a list, not int"),
        (_bot_with(profiles=[["bob"]]), "profiles entry: 2 entries, not 1"),
        (_bot_with(profiles=[[5, {}]]), "profiles: 5 is not a new player's name"),
        (_bot_with(profiles=[["bob", Profile().state()], ["bob", Profile().state()]]),
         "profiles: 'bob' is not a new player's name"),
        (_bot_with(profiles=[["bob", {}]]), "profile of 'bob': missing 'counts'"),
        (_bot_with(samples=0), "samples is 0: a whole number 1 or more"),
        (_bot_with(np={**_bot_state()["np"], "bit_generator": "MT19937"}),
         "np: a PCG64 generator's state"),
        (_bot_with(np={**_bot_state()["np"], "state": -5}),
         "np.state is -5: a whole number from 0 to 340282366920938463463374607431768211455"),
        (_bot_with(tournament=1), "tournament is 1: true or false"),
        ({k: v for k, v in _bot_state().items() if k != "hand"}, "the state: missing 'hand'"),
        ({k: v for k, v in _bot_state().items() if k != "names"}, "the state: missing 'names'"),
        (_bot_with(hand=[]), "hand: a mapping, not list"),
    ],
)  # fmt: skip
def test_a_damaged_bot_state_is_refused_naming_the_field(state: Any, says: str) -> None:
    bot = Strong(seed=9)
    before = bot.save_state()
    with pytest.raises(StateError) as refused:
        bot.restore_state(state)
    assert str(refused.value) == says
    assert bot.save_state() == before


def test_the_bot_saves_what_it_knows_and_reads_it_back() -> None:
    state = _bot_state()
    assert state["samples"] == 7 and state["names"] == ["ann", "bob", "cy"]
    assert state["tournament"] is True and state["hand"] is None
    assert [name for name, _ in state["profiles"]] == ["bob"]
    assert state["profiles"][0][1] == Profile(players=3, hands=1).state()
    again = Strong(seed=1)
    again.restore_state(state)
    assert again.save_state() == state
    assert again.samples == 7 and again._names == ("ann", "bob", "cy") and again._tournament
    assert again.profiles["bob"].hands == 1 and again._hand is None
    cash = Strong(seed=1)
    cash.start_game(_game(["x", "y"], reset=True))
    assert not cash._tournament and cash._names == ("x", "y")


def test_each_seat_s_profile_is_kept_under_its_player_s_name() -> None:
    bot = Strong(seed=1)
    bot.start_game(_game(["ann", "bob"], reset=True))
    ann = bot.profile(0, 2)
    assert ann.players == 2 and bot.profile(0, 9) is ann and bot.profiles == {"ann": ann}
    third = bot.profile(2, 3)  # a seat the game did not name
    assert third.players == 3 and list(bot.profiles) == ["ann", "seat 2"]


class _Recorder:
    """Stands in for a class of ``bot.py``: keeps how it was made."""

    made: ClassVar[list[tuple[str, tuple[Any, ...], dict[str, Any]]]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _Recorder.made.append((type(self).__name__, args, kwargs))
        self.base = 0.25

    def decide(self) -> Action:
        return Action.raise_to(123)


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[Any, ...], dict[str, Any]]]:
    _Recorder.made = []
    for name in ("Play", "PreflopOutlook", "BoardOutlook", "DealtEquity", "DealtOutlook"):
        monkeypatch.setattr(bot_module, name, type(name, (_Recorder,), {}))
    return _Recorder.made


def test_before_the_flop_the_bot_decides_on_the_preflop_outlook(made: list[Any]) -> None:
    hand = _nl_hand(3, [("raise_to", 12)])  # seat 0 opened; seat 1 decides
    bot = Strong(seed=1)
    view = hand.view(1)
    assert bot.act(view, 1.0) == Action.raise_to(123)
    state = bot._hand
    assert state is not None
    combo = combo_index(*(int(c) for c in view.hole))
    (outlook, (o_args, o_kwargs)), (play, (args, kwargs)) = [(n, (a, k)) for n, a, k in made]
    assert outlook == "PreflopOutlook" and o_kwargs == {}
    assert o_args[0] == combo and o_args[1] is state.ranges and o_args[2] == [0, 2]
    assert play == "Play" and args[0] is view and args[1] is state.ranges
    assert args[2] == [bot.profiles[f"seat {s}"] for s in range(3)]
    assert args[3] is bot_module._preflop_ranking() and args[5] is bot.rng
    assert kwargs == {
        "mine": float(bot_module._preflop_ranking().scores[combo]), "draw": 0.0, "raises": 1,
        "forced": 4, "reference": state.reference, "acted": {0}, "tournament": False,
    }  # fmt: skip
    # seat 0's range after its raise, kept for what it folds to a re-raise
    assert kwargs["reference"] is state.reference and sorted(state.reference) == [0]


def test_after_the_flop_the_bot_decides_on_the_board(made: list[Any]) -> None:
    hand = _nl_hand(3, [("call", None), ("call", None), ("check", None), ("bet", 8)])
    bot = Strong(seed=1, samples=11)
    bot.start_game(_game(["a", "b", "c"], reset=False))
    view = hand.view(2)
    bot.act(view, 1.0)
    board = [int(c) for c in view.board]
    hole = tuple(int(c) for c in view.hole)
    combo = combo_index(*hole)
    strength = board_strength(board)
    (outlook, o_args, o_kwargs), (_, args, kwargs) = made
    assert outlook == "BoardOutlook" and o_kwargs == {}
    assert o_args[0] == hole and o_args[1] == board and o_args[3] == [0, 1]
    assert bot._hand is not None and o_args[2] is bot._hand.ranges
    assert o_args[4] is bot._np and o_args[5] == 11
    assert args[3].scores.tolist() == Ranking(strength.strength).scores.tolist()
    assert kwargs["mine"] == float(Ranking(strength.strength).scores[combo])
    assert kwargs["draw"] == float(strength.improve[combo])
    assert (kwargs["raises"], kwargs["forced"], kwargs["acted"]) == (1, 4, {1})
    assert kwargs["tournament"] is True


def test_under_wild_cards_the_bot_decides_against_random_hands(made: list[Any]) -> None:
    # 4-handed: seat 3 opens, the button re-raises, the small blind calls, the big blind
    # and seat 3 fold: on the flop the small blind faces one opponent who raised
    wild = Rules.preset("wild")
    hand = Hand(wild, [400] * 4, button=0, rng=random.Random(5))
    for verb, amount in [("raise_to", 12), ("raise_to", 40), ("call", None), ("fold", None),
                         ("fold", None)]:  # fmt: skip
        method = getattr(hand, verb)
        method() if amount is None else method(amount)
    bot = Strong(seed=1, samples=13)
    bot.profile(0, 4).honest = [0.0, 10.0, 10.0, 10.0]  # its raises say little pre-flop
    bot.profile(3, 4).honest = [5.0, 10.0, 0.0, 10.0]
    view = hand.view(1)
    bot.act(view, 1.0)
    (equity, e_args, e_kwargs), (outlook, d_args, _), (_, _, kwargs) = made
    assert equity == "DealtEquity" and outlook == "DealtOutlook" and e_kwargs == {}
    assert e_args == (tuple(int(c) for c in view.hole), [int(c) for c in view.board], 1,
                      bot._np, wild.wild, 0, 13)  # fmt: skip
    assert isinstance(d_args[0], bot_module.DealtEquity)
    # the pressure: the live raiser's belief before the flop (0.85 / 11), not after it,
    # nor the folded raiser's
    assert d_args[1] == bot.profile(0, 4).honesty(preflop=True) == pytest.approx(0.85 / 11)
    assert kwargs["mine"] == 0.25 and kwargs["draw"] == 0.0
    # every seat's profile at the table's size, the folded ones' too
    assert [bot.profiles[f"seat {s}"].players for s in range(4)] == [4, 4, 4, 4]


def test_hands_that_must_use_hole_cards_are_played_against_random_hands(made: list[Any]) -> None:
    rules = Rules.preset("casino-limit", min_hole_cards=2)
    hand = Hand(rules, [400] * 2, button=0, rng=random.Random(5))
    bot = Strong(seed=1)
    bot.act(hand.view(0), 1.0)
    (equity, e_args, _), _, _ = made
    assert equity == "DealtEquity" and e_args[2:6] == (1, bot._np, None, 2)


def test_the_bot_keeps_one_hand_and_starts_again_on_a_new_one() -> None:
    bot = Strong(seed=1)
    hand = _nl_hand(3, [("raise_to", 12)])
    bot.ranges(hand.view(1))
    first = bot._hand
    assert first is not None and len(first.moves) == 1 and first.pending[0] == []
    hand.call()
    bot.ranges(hand.view(1))
    assert bot._hand is first and len(first.moves) == 2  # read on, not again
    other = _nl_hand(3, [("raise_to", 12)], seed=6)  # other cards
    bot.ranges(other.view(1))
    assert bot._hand is not first and len(bot._hand.moves) == 1
    # fewer events than read: a new hand with the same cards
    again = bot._hand
    bot.ranges(_nl_hand(3, [], seed=6).view(1))
    assert bot._hand is not again and bot._hand.moves == []
    # the same cards and events, read for a table of another size: started again
    same = bot._hand
    same.ranges = np.ones((2, 1326))
    bot.ranges(_nl_hand(3, [], seed=6).view(1))
    assert bot._hand is not same and len(bot._hand.ranges) == 3
    kept = bot._hand
    bot.ranges(_nl_hand(3, [], seed=6).view(1))
    assert bot._hand is kept  # nothing changed: the same hand
    bot.start_hand(None)  # type: ignore[arg-type]
    assert bot._hand is None


def test_a_new_round_clears_the_ranges_kept_for_the_folds() -> None:
    bot = Strong(seed=1)
    hand = _nl_hand(3, [("call", None), ("call", None)])
    ranges = bot.ranges(hand.view(2))
    state = bot._hand
    assert state is not None and sorted(state.reference) == [0, 1]  # the big blind: no move
    assert (ranges == state.ranges).all() and ranges is not state.ranges
    hand.check()  # the flop: a new round, nobody has decided in it
    bot.ranges(hand.view(2))
    assert bot._hand is state
    assert state.round == 1 and state.reference == {}
    hand.check()
    bot.ranges(hand.view(2))
    assert sorted(state.reference) == [1]


@pytest.mark.parametrize("seen", [0, STUDIED, STUDIED + 3])
def test_a_showdown_teaches_each_shown_hand_by_the_documented_rule(seen: int) -> None:
    # ``seen`` showdowns before: the next is read after the flop when studied (the first
    # STUDIED, then one in four); the pre-flop calls and raises are read every time
    from test_strong import showdown_hand

    bot = Strong(seed=1)
    for seat in (0, 1):
        bot.profile(seat, 2).showdowns = seen
    view = showdown_hand("As Ad", 0).view(0)
    bot.end_hand(view)
    tracker = Tracker()
    moves = list(tracker.read(view.events))
    board = [int(c) for c in view.board]
    for seat, cards in tracker.shown.items():
        expected = Profile(players=2, showdowns=seen)
        postflop = expected.study()
        assert postflop is (seen != STUDIED)
        for move in moves:
            if move.seat != seat or not (move.aggressive or move.kind is ActionKind.CALL):
                continue
            if move.street > 0 and not postflop:
                continue
            if move.street == 0:
                strength = float(combo_strength()[combo_index(*cards)])
            else:
                found = board_strength(board[: 2 + move.street]).strength
                strength = float(found[combo_index(*cards)])
            start, end = band_of(move, expected)
            expected.count_showdown(move.street, strength, (1.0 - start, 1.0 - end))
        expected.count_hand([m for m in moves if m.seat == seat])
        assert bot.profiles[f"seat {seat}"].state() == expected.state()
    assert sorted(tracker.shown) == [0, 1] and bot._hand is None


def test_the_bot_awaits_a_straddle_only_under_rules_with_one() -> None:
    # a straddle of one chip (no blinds) is a straddle: seat 1 may fold or straddle
    one = Rules.preset("no-limit", blinds=(), straddle=1)
    hand = Hand(one, [400] * 3, button=0, rng=random.Random(5))
    bot = Strong(seed=1)
    bot.ranges(hand.view(1))
    assert bot._hand is not None and bot._hand.tracker.state()["straddle_pending"] is True
    bot.ranges(_nl_hand(3, []).view(0))  # no straddle: none awaited
    assert bot._hand is not None and bot._hand.tracker.state()["straddle_pending"] is False


def test_a_seed_gives_both_generators_and_the_default_deals() -> None:
    bot = Strong(seed=21)
    source = random.Random(21)  # the bot's own generator, seeded as given
    numpy_seed = source.getrandbits(64)  # its first 64 bits seed the NumPy one
    assert bot.seed == 21 and bot.samples == 300
    assert bot.rng.getstate() == source.getstate()
    expected = np.random.default_rng(numpy_seed).bit_generator.state
    assert bot._np.bit_generator.state == expected
    again = Strong(seed=21, samples=5)
    assert again.save_state()["np"] == bot.save_state()["np"] and again.samples == 5


def test_a_bot_in_a_hand_saves_what_it_has_read_of_it() -> None:
    bot = Strong(seed=1)
    bot.ranges(_nl_hand(3, [("raise_to", 12)]).view(1))
    assert bot._hand is not None
    saved = bot.save_state()["hand"]
    assert saved == bot._hand.state() and saved["moves"] == [[0, 0, "raise", False, 4, 6, 12, 0]]
    again = Strong(seed=2)
    again.restore_state(json.loads(json.dumps(bot.save_state())))
    assert again._hand is not None and again._hand.state() == saved


def test_each_move_narrows_its_range_by_the_board_of_its_own_street() -> None:
    # read first on the turn: the flop's bet and calls narrow by the flop's ranking
    script = [("call", None), ("call", None), ("check", None),
              ("bet", 8), ("call", None), ("call", None)]  # fmt: skip
    hand = _nl_hand(3, script)
    view = hand.view(0)
    assert len(view.board) == 4
    ranges = Strong(seed=1).ranges(view)
    board = [int(c) for c in view.board]
    expected = np.ones((3, 1326))
    profiles = [Profile(players=3) for _ in range(3)]
    for move in Tracker().read(view.events):
        if move.street == 0:
            ranking = Ranking(combo_strength())
        else:
            ranking = Ranking(board_strength(board[: 2 + move.street]).strength)
        narrow(expected[move.seat], move, ranking, profiles[move.seat])
    assert ranges.tolist() == expected.tolist()
    assert (ranges[1] != 1.0).any()


def test_the_ranges_kept_for_the_folds_grow_within_a_round() -> None:
    # 4-handed: seat 3 and the button call; read; then the small blind calls: the
    # first two keep their ranges, the third is added
    hand = _nl_hand(4, [("call", None), ("call", None)])
    bot = Strong(seed=1)
    bot.ranges(hand.view(2))
    assert bot._hand is not None and sorted(bot._hand.reference) == [0, 3]
    hand.call()
    bot.ranges(hand.view(2))
    assert sorted(bot._hand.reference) == [0, 1, 3]


def test_a_hand_without_a_showdown_counts_every_seat_dealt_in_at_the_table_s_size() -> None:
    # the button and the small blind fold: the big blind wins its blind back
    hand = _nl_hand(3, [("fold", None), ("fold", None)])
    bot = Strong(seed=1)
    bot.end_hand(hand.view(0))
    assert [(p.players, p.hands) for p in bot.profiles.values()] == [(3, 1)] * 3
    assert sorted(bot.profiles) == ["seat 0", "seat 1", "seat 2"]


def test_a_shown_hand_holding_the_joker_is_not_read_and_the_next_one_is() -> None:
    # joker wild, 3-handed: the button folds, the small blind (the joker) limps, the big
    # blind raises to 8 and is called; the small blind bets the flop and is called;
    # checked down: the small blind shows first, then the big blind (a straight, better)
    from table_helpers import deck_for

    table = Table(Rules.preset("wild", joker="wild"), 3, rng=random.Random(0), button=0)
    table.start_hand(deck_for(table, ["7c 2d", "Jk 9h", "Ts Jd"], "Kd 9c 4h 8s Qc"))
    hand = table.hand
    assert hand is not None
    for verb, amount in [("fold", None), ("call", None), ("raise_to", 8), ("call", None),
                         ("bet", 4), ("call", None)] + [("check", None)] * 4:  # fmt: skip
        method = getattr(hand, verb)
        method() if amount is None else method(amount)
    hand.settle()
    view = hand.view(0)
    tracker = Tracker()
    list(tracker.read(view.events))
    assert list(tracker.shown) == [1, 2] and JOKER in tracker.shown[1]
    bot = Strong(seed=1)
    bot.end_hand(view)
    assert bot.profiles["seat 1"].honest == [0.0, 0.0, 0.0, 0.0]  # the joker: not read
    assert bot.profiles["seat 2"].honest[1] > 0.0  # its raise read against its band


def test_a_seat_out_of_the_game_is_not_counted_as_dealt_in() -> None:
    # seat 2 (3 chips, the big blind) busts in the first hand; in the second the view
    # still has three seats, seat 2 with nothing in and no move: it played no hand
    from table_helpers import deck_for

    table = Table(NL, [400, 400, 3], rng=random.Random(0), button=0)
    table.start_hand(deck_for(table, ["As Ad", "Kc Kd", "2c 3d"], "Qd 9c 4h 8s 7c"))
    table.apply(Action.call())
    table.apply(Action.fold())
    while table.in_hand:
        table.apply(Action.check())
    assert table.out == (False, False, True)
    table.start_hand()
    table.apply(Action.fold())  # heads-up now: the button (small blind) folds
    view = table.view(0)
    assert view.players == 3 and view.committed[2] == 0
    bot = Strong(seed=1)
    bot.end_hand(view)
    assert {name: p.hands for name, p in bot.profiles.items()} == {"seat 0": 1, "seat 1": 1}


def test_a_seat_whose_one_chip_went_in_as_its_ante_is_dealt_in() -> None:
    # antes of 1: the button has 1 chip, all in on its ante, and never decides
    hand = Hand(Rules.preset("no-limit", antes=1), [1, 400, 400], button=0,
                rng=random.Random(3))  # fmt: skip
    hand.fold()  # the small blind folds to the big blind; the button's ante is contested
    view = hand.view(1)
    assert view.result is not None and view.result.starting == (1, 400, 400)
    assert not any(e.seat == 0 and e.kind.value in ("fold", "check", "call") for e in view.events)
    bot = Strong(seed=1)
    bot.end_hand(view)
    assert bot.profiles["seat 0"].hands == 1
