"""``tools/lbr_paired.py``: which seeds ``--seeds`` pools (ranges and single seeds
separated by commas, each at most once), how a pooled list is named, the confidence level
``--level`` takes; in fixed limit (``--rules``) each deal's result is that of the match
``pokerroom solve lbr`` plays with the file, the same file twice differs by exactly zero,
and the cache keeps each rules' results apart; bad input is refused naming the problem."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from pokerroom.rules import Rules
from pokerroom.solver.files import shipped_strategy
from pokerroom.solver.policy import Policy
from pokerroom.solver.strategy import Strategy
from pokerroom.tournament.lbr import lbr_match
from pokerroom.tournament.stats import Estimate, mean_interval
from tool_helpers import load_tool

paired = load_tool("lbr_paired")


def test_a_range_is_its_seeds_in_order() -> None:
    assert paired._seeds("1-7") == [1, 2, 3, 4, 5, 6, 7]
    assert paired._seeds("22-22") == [22]
    assert paired._seeds("4") == [4]


def test_ranges_and_single_seeds_separated_by_commas_are_pooled_in_order() -> None:
    assert paired._seeds("1-3,7-9") == [1, 2, 3, 7, 8, 9]
    assert paired._seeds("5,1-2,9") == [5, 1, 2, 9]
    assert paired._seeds("1-27,33-38") == [*range(1, 28), *range(33, 39)]


@pytest.mark.parametrize(("text", "message"), [
    ("1-3,3-5", "seed 3 is listed twice in '1-3,3-5'"),
    ("2,1-4", "seed 2 is listed twice"),
    ("7-3", "no seeds from 7 to 3"),
    ("1-3,", "not '1-3,'"),
    ("a-b", "seeds are A-B or A-B,C-D,E"),
    ("1-3;5", "not '1-3;5'"),
])  # fmt: skip
def test_bad_seeds_are_refused_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        paired._seeds(text)


def test_a_pooled_list_is_named_by_its_runs_of_consecutive_seeds() -> None:
    assert paired._listed(list(range(1, 43))) == "1 to 42"
    assert paired._listed([*range(1, 28), *range(33, 39)]) == "1 to 27, 33 to 38"
    assert paired._listed([5, 1, 2, 9]) == "5, 1 to 2, 9"


def test_the_level_lies_strictly_between_zero_and_one() -> None:
    assert paired._level("0.95") == 0.95
    assert paired._level("0.9833") == 0.9833
    for text in ("0", "1", "1.5", "-0.1", "ninety", "nan", "inf"):
        with pytest.raises(argparse.ArgumentTypeError) as caught:
            paired._level(text)
        assert str(caught.value) == (
            f"a number above 0 and below 1 (a confidence level, like 0.95), not '{text}'"
        )


# ------------------------------------------------------------------ fixed limit

LIMIT = "casino-limit"


@pytest.fixture(scope="module")
def reversed_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The shipped casino-limit strategy with its card buckets reversed on every street
    (each bucket plays as its mirror: still a strategy, far from the shipped one), saved
    as a file that ships nowhere."""
    strategy = Strategy.load(shipped_strategy(LIMIT))
    flipped = tuple(np.ascontiguousarray(p[:, :, ::-1]) for p in strategy.probabilities)
    path = tmp_path_factory.mktemp("limit") / "reversed.npz"
    dataclasses.replace(strategy, probabilities=flipped).save(path)
    return str(path)


def _same(deals: npt.NDArray[np.float64], result: Estimate | None) -> None:
    assert result is not None
    mine = mean_interval(list(deals))
    assert mine.value == pytest.approx(result.value, rel=1e-12, abs=1e-9)
    assert mine.half_width == pytest.approx(result.half_width, rel=1e-12, abs=1e-9)


def test_a_limit_file_s_deals_are_lbr_match_s_result_with_that_file(reversed_file: str) -> None:
    adjusted, plain = paired.per_deal(reversed_file, 20, 2, 100, rules_name=LIMIT)
    match = lbr_match(Rules.preset(LIMIT), "cfr", deals=20, seed=2,
                      policy=Policy.load(reversed_file), aivat=True)  # fmt: skip
    assert len(adjusted) == len(plain) == 20
    _same(adjusted, match.result)
    _same(plain, match.plain)
    assert match.result.value > 1000  # mirrored buckets: far more beatable than shipped


def test_the_shipped_file_s_deals_are_what_pokerroom_solve_lbr_plays() -> None:
    rules = "computer-tournament"
    adjusted, plain = paired.per_deal(str(shipped_strategy(rules)), 20, 4, 100,
                                      rules_name=rules)  # fmt: skip
    match = lbr_match(Rules.preset(rules), "cfr", deals=20, seed=4, aivat=True)
    _same(adjusted, match.result)
    _same(plain, match.plain)


def test_the_same_limit_file_twice_differs_by_exactly_zero(
    reversed_file: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.argv", ["lbr_paired", reversed_file, reversed_file,
                                     "--rules", LIMIT, "--deals", "6", "--seed", "5"])  # fmt: skip
    paired.main()
    out = capsys.readouterr().out
    assert "AIVAT: " in out and "plain: " in out
    for line in out.splitlines()[2:]:
        assert "new less old, deal by deal +0 ± 0 [+0, +0]" in line


def test_bad_rules_are_refused_naming_the_choices() -> None:
    assert paired._rules("computer-tournament") == "computer-tournament"
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        paired._rules("limit")
    assert str(caught.value) == (
        "rules are no-limit, casino-limit, computer-tournament (a preset name), not 'limit'"
    )


def test_a_file_solved_for_other_rules_is_refused_naming_the_difference() -> None:
    path = str(shipped_strategy("computer-tournament"))
    with pytest.raises(SystemExit, match=r"not a strategy for casino-limit \(.*straddle is 0"):
        paired.limit_policy(path, LIMIT)


def test_the_cache_keeps_each_rules_results_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[str] = []

    def per_deal(path: str, deals: int, seed: int, big_blinds: int, defend: bool = False, *,
                 rules_name: str = paired.NO_LIMIT) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
        played.append(rules_name)
        value = float(paired.RULES.index(rules_name))
        return np.full(deals, value), np.full(deals, -value)

    monkeypatch.setattr(paired, "per_deal", per_deal)
    file = tmp_path / "f.npz"
    file.write_bytes(b"the same bytes")
    for _ in range(2):
        for rules in paired.RULES:
            adjusted, plain = paired.cached(str(file), 3, 1, 100, tmp_path / "cache",
                                            rules_name=rules)  # fmt: skip
            assert adjusted.tolist() == [paired.RULES.index(rules)] * 3
            assert plain.tolist() == [-paired.RULES.index(rules)] * 3
    assert played == list(paired.RULES)  # each played once, then read back
    names = sorted(p.name for p in (tmp_path / "cache").iterdir())
    assert len(names) == 3
    assert any("-casino-limit-seed1-deals3" in n for n in names)
    assert any("-computer-tournament-seed1-deals3" in n for n in names)
