"""Estimates with 95% confidence intervals, for standings and league tables.

Three estimators, each on independent units (a game, a match's duplicate set):

* :func:`mean_interval`: the mean of the units' values, with Student's *t* interval
  (mean ± t₀.₉₇₅,ₙ₋₁ · s/√n).  Average finish, and a league's result per duplicate set.
* :func:`proportion_interval`: a share of successes (wins), with Wilson's score interval,
  which stays inside [0, 1] and is honest for small counts and shares near 0 or 1.
* :func:`ratio_interval`: Σyᵢ / Σxᵢ (chips won per hand played: a player's chips over all
  games divided by the hands it was dealt in), with the delta-method (linearisation)
  variance of a ratio estimator, s²(yᵢ − r·xᵢ) / (n·x̄²), and the *t* quantile.

No SciPy: the *t* quantile is found by bisection on the exact *t* distribution function,
computed from the regularised incomplete beta function (a continued fraction).

>>> est = mean_interval([1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4])  # Student 1908
>>> print(est)
1.58 ± 0.88
>>> round(est.low, 4), round(est.high, 4)
(0.7001, 2.4599)
>>> print(proportion_interval(81, 263).rounded(4))
0.308 (0.2553 to 0.3662)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist

__all__ = [
    "Estimate",
    "combine",
    "mean_interval",
    "proportion_interval",
    "ratio_interval",
    "t_cdf",
    "t_quantile",
]

LEVEL = 0.95


@dataclass(frozen=True, slots=True)
class Estimate:
    """A value, its confidence interval ``[low, high]`` at ``level``, and ``n``, the number
    of independent units it comes from.  With fewer than two units the interval is
    unknown (``low`` and ``high`` are NaN)."""

    value: float
    low: float
    high: float
    n: int
    level: float = LEVEL

    @property
    def half_width(self) -> float:
        """Half the interval's width (for symmetric intervals, the ± part)."""
        return (self.high - self.low) / 2

    @property
    def known(self) -> bool:
        """Whether the interval could be computed (two units or more)."""
        return not (math.isnan(self.low) or math.isnan(self.high))

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval (a significant difference)."""
        return self.known and not self.low <= value <= self.high

    def scaled(self, factor: float) -> Estimate:
        """The same estimate in other units (``factor`` > 0), e.g. chips to mbb."""
        return Estimate(self.value * factor, self.low * factor, self.high * factor, self.n,
                        self.level)  # fmt: skip

    def rounded(self, digits: int) -> Estimate:
        return Estimate(round(self.value, digits), round(self.low, digits),
                        round(self.high, digits), self.n, self.level)  # fmt: skip

    def __str__(self) -> str:
        if not self.known:
            return f"{self.value:g} (interval unknown: n={self.n})"
        half = self.half_width
        if math.isclose(self.value - self.low, self.high - self.value, abs_tol=1e-9):
            # Two significant digits of the half-width, the value to the same decimals.
            d = max(0, 1 - math.floor(math.log10(half))) if half > 0 else 2
            return f"{self.value:.{d}f} ± {half:.{d}f}"
        return f"{self.value:g} ({self.low:g} to {self.high:g})"


# -------------------------------------------------------------------- distributions


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log1p(-x))  # fmt: skip
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T ≤ t) for Student's *t* with ``df`` degrees of freedom.

    >>> round(t_cdf(2.228138852, 10), 6)
    0.975
    """
    if df <= 0:
        raise ValueError(f"degrees of freedom must be more than 0, not {df!r}")
    tail = 0.5 * _incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


@lru_cache(maxsize=1024)
def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's *t* with ``df`` degrees of freedom.

    >>> round(t_quantile(0.975, 1), 3), round(t_quantile(0.975, 10), 3)
    (12.706, 2.228)
    """
    if not 0.0 < p < 1.0:
        raise ValueError(f"a probability strictly between 0 and 1, not {p!r}")
    if df <= 0:
        raise ValueError(f"degrees of freedom must be more than 0, not {df!r}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    if p == 0.5:
        return 0.0
    low, high = 0.0, max(1.0, NormalDist().inv_cdf(p))
    while t_cdf(high, df) < p:
        low, high = high, high * 2.0
    for _ in range(200):
        mid = (low + high) / 2.0
        if t_cdf(mid, df) < p:
            low = mid
        else:
            high = mid
        if high - low <= 1e-12 * max(1.0, high):
            break
    return (low + high) / 2.0


# ----------------------------------------------------------------------- estimators


def _unknown(value: float, n: int, level: float) -> Estimate:
    return Estimate(value, math.nan, math.nan, n, level)


def mean_interval(values: Sequence[float], level: float = LEVEL) -> Estimate:
    """The mean of independent ``values`` with Student's *t* interval.

    >>> mean_interval([3.0, 3.0, 3.0])
    Estimate(value=3.0, low=3.0, high=3.0, n=3, level=0.95)
    """
    n = len(values)
    if n == 0:
        raise ValueError("no values to average")
    mean = math.fsum(values) / n
    if n < 2:
        return _unknown(mean, n, level)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(0.5 + level / 2, n - 1) * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n, level)


def proportion_interval(successes: int, trials: int, level: float = LEVEL) -> Estimate:
    """The share ``successes / trials`` with Wilson's score interval.

    >>> print(proportion_interval(0, 20).rounded(4))
    0 (0 to 0.1611)
    """
    if trials <= 0:
        raise ValueError(f"trials must be 1 or more, not {trials!r}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be 0 to {trials}, not {successes!r}")
    p = successes / trials
    z = NormalDist().inv_cdf(0.5 + level / 2)
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # (none or all successes: the interval ends at 0 or 1 exactly, not a rounding off it)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Estimate(p, low, high, trials, level)


def ratio_interval(
    numerators: Sequence[float], denominators: Sequence[float], level: float = LEVEL
) -> Estimate:
    """Σ numerators / Σ denominators over independent units (pairs), with the delta-method
    interval of a ratio estimator.  With equal denominators it is :func:`mean_interval`
    of the numerators divided by that denominator.

    >>> print(ratio_interval([10, -4, 6], [2, 2, 2]).rounded(3))
    2.0 ± 9.0
    """
    n = len(numerators)
    if n != len(denominators):
        raise ValueError(f"{n} numerators but {len(denominators)} denominators")
    if n == 0:
        raise ValueError("no units")
    total = math.fsum(denominators)
    if total <= 0:
        raise ValueError("the denominators add up to 0 or less")
    r = math.fsum(numerators) / total
    if n < 2:
        return _unknown(r, n, level)
    mean_x = total / n
    residuals = [y - r * x for y, x in zip(numerators, denominators, strict=True)]
    var = math.fsum(e * e for e in residuals) / (n - 1)
    half = t_quantile(0.5 + level / 2, n - 1) * math.sqrt(var / n) / mean_x
    return Estimate(r, r - half, r + half, n, level)


def combine(estimates: Sequence[Estimate], weights: Sequence[float]) -> Estimate:
    """Σ wᵢ·estimateᵢ of independent :func:`mean_interval` estimates (e.g. the average of
    a player's heads-up results), each standard error recovered from its interval, with
    Welch–Satterthwaite's degrees of freedom for the *t* quantile.

    >>> a = mean_interval([1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4])
    >>> b = combine([a], [1.0])
    >>> round(b.low, 9) == round(a.low, 9), round(b.high, 9) == round(a.high, 9)
    (True, True)
    """
    if len(estimates) != len(weights) or not estimates:
        raise ValueError("one weight for each estimate, and at least one")
    value = math.fsum(w * e.value for e, w in zip(estimates, weights, strict=True))
    n = sum(e.n for e in estimates)
    level = estimates[0].level
    if not all(e.known for e in estimates):
        return _unknown(value, n, level)
    parts = []
    for e, w in zip(estimates, weights, strict=True):
        se = e.half_width / t_quantile(0.5 + e.level / 2, e.n - 1)
        parts.append(((w * se) ** 2, e.n - 1))
    var = math.fsum(v for v, _ in parts)
    if var == 0:
        return Estimate(value, value, value, n, level)
    df = var * var / math.fsum(v * v / df for v, df in parts)
    half = t_quantile(0.5 + level / 2, df) * math.sqrt(var)
    return Estimate(value, value - half, value + half, n, level)
