"""Estimates and how they are combined (the tournament's statistics): their text (two
significant digits of the ± part), rounding and scaling that keep the level, the ends of
an interval, unknown intervals carried through, and the whole text of a refusal."""

from __future__ import annotations

import math
from typing import Any

import pytest

from pokerroom.tournament.stats import (
    Estimate,
    combine,
    mean_interval,
    proportion_interval,
    ratio_interval,
)

NAN = math.nan


@pytest.mark.parametrize(("estimate", "text"), [
    (Estimate(2.0, 1.0, 3.0, 5), "2.0 ± 1.0"),
    (Estimate(0.5, 0.377, 0.623, 5), "0.50 ± 0.12"),
    (Estimate(100.0, 87.7, 112.3, 9), "100 ± 12"),
    (Estimate(1234.5678, 1000.0, 1469.1356, 9), "1235 ± 235"),  # no fewer than 0 decimals
    (Estimate(3.0, 3.0, 3.0, 4), "3.00 ± 0.00"),
    (Estimate(0.4, 0.1, 0.9, 9), "0.4 (0.1 to 0.9)"),  # not symmetric: both ends
    (Estimate(5.0, NAN, NAN, 1), "5 (interval unknown: n=1)"),
])  # fmt: skip
def test_an_estimate_reads_as_text(estimate: Estimate, text: str) -> None:
    assert str(estimate) == text


def test_rounding_and_scaling_keep_the_units_and_the_level() -> None:
    e = Estimate(1.23456, 0.5, 2.3456, 7, 0.9)
    assert e.rounded(2) == Estimate(1.23, 0.5, 2.35, 7, 0.9)
    assert e.rounded(0) == Estimate(1.0, 0.0, 2.0, 7, 0.9)
    assert Estimate(1.0, 0.5, 2.0, 7, 0.9).scaled(250) == Estimate(250.0, 125.0, 500.0, 7, 0.9)


def test_an_interval_holds_its_ends() -> None:
    e = Estimate(1.0, 0.0, 2.0, 5)
    assert not e.excludes(0.0) and not e.excludes(2.0) and not e.excludes(1.0)
    assert e.excludes(-0.001) and e.excludes(2.001)
    assert not Estimate(1.0, NAN, NAN, 1).excludes(50.0)  # unknown: excludes nothing


def test_a_single_unit_gives_an_unknown_interval_at_the_level_asked() -> None:
    for e in (mean_interval([5.0], level=0.9), ratio_interval([10.0], [2.0], level=0.9)):
        assert e.value == 5.0 and e.n == 1 and e.level == 0.9
        assert math.isnan(e.low) and math.isnan(e.high) and not e.known


def test_combining_carries_the_level_the_units_and_an_unknown_interval() -> None:
    a = mean_interval([1.0, 3.0, 2.0], level=0.9)
    b = mean_interval([4.0, 4.0, 6.0, 2.0], level=0.9)
    both = combine([a, b], [0.5, 0.5])
    assert both.value == pytest.approx(3.0) and both.n == 7 and both.level == 0.9
    unknown = combine([a, mean_interval([9.0], level=0.9)], [0.5, 0.5])
    assert unknown.value == pytest.approx(5.5) and unknown.n == 4 and unknown.level == 0.9
    assert not unknown.known
    exact = combine([mean_interval([2.0, 2.0], level=0.9), mean_interval([4.0, 4.0, 4.0],
                                                                          level=0.9)], [1, 1])
    assert exact == Estimate(6.0, 6.0, 6.0, 5, 0.9)  # no spread: no width


@pytest.mark.parametrize(("estimates", "weights"), [([], []), ([Estimate(1, 0, 2, 3)], [])])
def test_combining_needs_one_weight_per_estimate(
    estimates: list[Estimate], weights: list[float]
) -> None:
    with pytest.raises(ValueError) as caught:
        combine(estimates, weights)
    assert str(caught.value) == "one weight for each estimate, and at least one"


def test_every_estimator_reports_its_units_and_level() -> None:
    mean = mean_interval([1.0, 2.0, 4.0], level=0.9)
    assert (mean.n, mean.level) == (3, 0.9)
    share = proportion_interval(3, 10, level=0.9)
    assert (share.value, share.n, share.level) == (0.3, 10, 0.9)
    ratio = ratio_interval([1.0, 2.0, 4.0], [1.0, 1.0, 2.0], level=0.9)
    assert (ratio.value, ratio.n, ratio.level) == (7.0 / 4.0, 3, 0.9)
    assert ratio_interval([3.0], [0.5]).value == 6.0  # a total under 1 is fine


def test_a_share_of_all_or_none_ends_exactly_at_one_or_zero() -> None:
    for n in (1, 13, 15, 17, 100):  # (for 13, the formula's ends are off by a rounding)
        assert proportion_interval(n, n).high == 1.0 and proportion_interval(0, n).low == 0.0


@pytest.mark.parametrize(("call", "message"), [
    (lambda: mean_interval([]), "no values to average"),
    (lambda: proportion_interval(0, 0), "trials must be 1 or more, not 0"),
    (lambda: proportion_interval(4, 3), "successes must be 0 to 3, not 4"),
    (lambda: ratio_interval([], []), "no units"),
    (lambda: ratio_interval([1.0], [0.0]), "the denominators add up to 0 or less"),
    (lambda: ratio_interval([1.0, 2.0], [1.0]), "2 numerators but 1 denominators"),
])  # fmt: skip
def test_the_estimators_refuse_with_the_whole_reason(call: Any, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == message
