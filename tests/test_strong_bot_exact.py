"""The ``strong`` bot's table builder (``players/strong/build.py``) on exact answers: each
table entry is the mean share of the deals it drew, checked deal by deal against the
scalar evaluator, the draws themselves asked of the random source as documented, and
the file written as the tables module reads it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pokerroom.evaluator import rank7
from pokerroom.players.strong import build, tables
from pokerroom.starting import ALL_CLASSES, HandClass

_CLASSES = [HandClass.parse(t) for t in ("AA", "KK", "72o")]


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
    """Three classes, three opponents at most, every deal kept."""
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
    assert out.shape == (3, 3)
    log = recorded.log
    at = 0
    for h in range(3):
        hero = _ints(_CLASSES[h])[0]
        live = [c for c in range(52) if c not in hero]
        for k in range(h, 3):
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
        f"heads-up: {h}/3 classes, N s" for h in (1, 2, 3)]  # fmt: skip


def test_each_multi_way_entry_is_the_mean_share_against_random_hands(
    recorded: _Recorded, capsys: pytest.CaptureFixture[str]
) -> None:
    samples = 20
    out = build.multiway(recorded, samples)  # type: ignore[arg-type]
    assert out.shape == (3, 3)
    deals = [entry for kind, entry, _ in recorded.log if kind == "deal"]
    assert len(deals) == 9
    assert not [e for e in recorded.log if e[0] == "integers"]  # every draw is a deal
    for h in range(3):
        hero = _ints(_CLASSES[h])[0]
        live = [c for c in range(52) if c not in hero]
        for m in range(1, 4):
            rng, n, count, size, taken, dealt = deals[3 * h + m - 1]
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
        f"multi-way: {h}/3 classes, N s" for h in (1, 2, 3)]  # fmt: skip


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
        "heads-up: 1/3 classes, 1 s", "heads-up: 2/3 classes, 2 s", "heads-up: 3/3 classes, 3 s",
        "multi-way: 1/3 classes, 1 s", "multi-way: 2/3 classes, 2 s",
        "multi-way: 3/3 classes, 3 s",
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


def test_the_command_says_what_it_does(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        build.main(["--help"])
    assert stopped.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: python -m pokerroom.players.strong.build [-h]")
    assert "Build the pre-flop equity tables the ``strong`` bot ships with." in text
    assert "deals per table entry" in text
    with pytest.raises(SystemExit):
        build.main(["--samples", "many"])
    assert "argument --samples: invalid int value: 'many'" in capsys.readouterr().err
