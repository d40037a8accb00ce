"""Shared test fixtures: where the shared test data lives, and caches emptied under mutation
testing; the hypothesis profiles; the markers of the tests that stay out of the fast loop
(``make test-fast``), and the check that every test that should carry one does
(:mod:`isolation`)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import warm_caches
from isolation import Guard, marks_for, outside

# No test depends on wall-clock speed: hypothesis's per-example deadline (200 ms by default)
# and its too-slow health check fail a correct test on a loaded machine, so neither applies.
# A test that names its own deadline still gets it.
settings.register_profile(
    "pokerroom", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
# The fast loop (``make test-fast``: ``--hypothesis-profile=fast``) tries fewer examples:
# 20 of a property that names no number, a fifth (at least 10) of one that does
# (_fewer_examples).
settings.register_profile("fast", settings.get_profile("pokerroom"), max_examples=20)
settings.load_profile("pokerroom")

# Help and usage text (argparse, rich) wraps at the terminal's width: every test sees the
# same 80 columns whatever terminal, or none, runs the suite.
os.environ["COLUMNS"] = "80"

# matplotlib lists the system's fonts (running fc-list) the first time it is imported on a
# machine: done here, before any test, so that no test is charged with a process it did
# not start (tests/isolation.py).
import matplotlib.font_manager  # noqa: E402, F401

ROOT = Path(__file__).resolve().parents[1]
# ../shared/data beside the checkout; from the copies of the tests that mutation testing
# makes inside the checkout (mutation/<part>/mutants/tests), a few levels further up.
DATA = next(
    (d for d in (base / "shared" / "data" for base in ROOT.parents[:4]) if d.is_dir()),
    ROOT.parent / "shared" / "data",
)


@pytest.fixture(scope="session")
def data_dir() -> Path:
    if not DATA.is_dir():
        pytest.fail(f"test data not found: expected ../shared/data beside the checkout ({DATA})")
    return DATA


@pytest.fixture(autouse=True)
def _engine_caches_refilled_under_mutation() -> Iterator[None]:
    """Under mutation testing (``make mutation``: mutmut sets ``MUTANT_UNDER_TEST`` in the
    process that tries a mutant), the engine's caches are emptied before each test.  That
    process is forked from one that has run the tests already, so its caches hold plans
    and deck sizes made by the unmutated code: a mutant of the code that fills them would
    never run, and would survive every test.  The same holds for the texts the JSON-lines
    codec keeps (events, cards, legal kinds, true/false lists) and the actions of answers
    its decoder keeps, the ACPC protocol's decisions to raise and the seat's betting
    texts read, and, for a mutant of the solver alone (the other parts' mutants keep
    them), the solver's games, betting trees and suit maps built once (Kuhn, Leduc,
    ``betting_tree``, the canonical boards, the hole pairs' indexes and keys and the
    starting hands' classes), and for a mutant of the strong bot its tables
    and what it derives from them once.  All are emptied in mutmut's ``stats`` run
    too, where it learns which tests call each function: a test that found them built
    would not be counted as calling the code that builds them."""
    if "MUTANT_UNDER_TEST" in os.environ:
        from pokerroom.engine import deal, plan
        from pokerroom.jsonproto import codec, messages
        from pokerroom.net.acpc import protocol, seat

        mutant = os.environ["MUTANT_UNDER_TEST"]
        if mutant == "stats" or mutant.startswith("pokerroom.solver."):
            _solver_caches_cleared()
        if mutant == "stats" or mutant.startswith("pokerroom.players.strong."):
            _strong_caches_cleared()

        plan._CACHE.clear()
        plan._FALLING.clear()
        deal._POOLS.clear()
        deal._CHUNKS.clear()
        deal._DEALERS.clear()  # (else a mutant of _write_dealer never runs)
        deal._SPLITS.clear()  # (and of split_dealer)
        for texts in (codec._EVENTS_SEEN, codec._CARD_TEXT, codec._KINDS_TEXT, codec._FLAGS,
                      messages._ACTIONS):  # fmt: skip
            texts.clear()
        protocol._RAISES.clear()
        seat._ADDED.clear()
    yield


def _strong_caches_cleared() -> None:
    """The strong bot's tables and what it derives from them once (the pre-flop tables,
    strengths and rows, the card keys, straight and miss tables, the multi-way
    corrections, the bot's pre-flop ranking)."""
    from pokerroom.players.strong import bot, cards, outlook, tables

    for cached in (tables._tables, tables.strength, tables.combo_strength, tables._row,
                   tables.against, cards._combo_keys, cards._straight_tables,
                   cards._miss_table, outlook._corrections, bot._preflop_ranking):  # fmt: skip
        cached.cache_clear()


def _solver_caches_cleared() -> None:
    from pokerroom.solver import abstraction, betting, strength, suits, toys

    for cached in (toys.kuhn, toys.leduc, toys.leduc_no_limit, betting.betting_tree,
                   suits.card_maps, suits.combo_maps, suits.boards, strength.combos,
                   strength._pair_keys, abstraction._classes):  # fmt: skip
        cached.cache_clear()


WARM = "POKERROOM_MUTATION_WARM"
"""Set by ``tools/mutation.py`` to a part's ``warm`` list (``module:function`` names, space
separated): the functions that fill the caches mutmut's fork server hands down."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """Under mutation testing, mutmut's fork server collects the tests once
    (``--collect-only``) and forks a process for each mutant from there: calling the
    part's ``warm`` functions then (:mod:`warm_caches`) loads once what every mutant's
    tests would load again.  Only there: not in a test run, nor without the variable."""
    if not session.config.option.collectonly:
        return
    warm_caches.call(os.environ.get(WARM, "").split())


def _start(item: pytest.Item) -> int:
    return 0 if item.get_closest_marker("slow") is not None else 1


def pytest_itemcollected(item: pytest.Item) -> None:
    """Each test gets the markers of what it uses (:func:`isolation.marks_for`) as it is
    collected, before ``-m`` selects."""
    for mark in sorted(marks_for(item)):
        item.add_marker(mark)
    if item.config.getoption("hypothesis_profile", None) == "fast":
        _fewer_examples(item)


def _fewer_examples(item: pytest.Item) -> None:
    """Under the fast profile, a property with its own ``max_examples`` tries a fifth of
    them, at least 10 (hypothesis reads the settings from the test when it runs)."""
    test = getattr(item, "obj", None)
    own = getattr(test, "_hypothesis_internal_use_settings", None)
    if own is None or getattr(test, "_pokerroom_fast", False):
        return
    fewer = min(own.max_examples, max(10, own.max_examples // 5))
    test._hypothesis_internal_use_settings = settings(own, max_examples=fewer)  # type: ignore[union-attr]
    test._pokerroom_fast = True  # type: ignore[union-attr]


GUARD = Guard()


def _watched(item: pytest.Item) -> Iterator[None]:
    if outside(item):
        return (yield)
    with GUARD.watching(item.nodeid):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    return (yield from _watched(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    return (yield from _watched(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    return (yield from _watched(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Iterator[pytest.TestReport]:
    """A test of the fast loop that made a socket or a process fails, even if the code
    under test caught the error raised at the call."""
    report: pytest.TestReport = yield
    if GUARD.found:
        told = "\n".join(GUARD.found)
        GUARD.found.clear()
        report.outcome = "failed"
        report.longrepr = f"{told}\n\n{report.longrepr or ''}".rstrip()
    return report


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long checks (marked ``slow``, here or by :data:`isolation.HEAVY`) run first, in
    their order, then the rest in theirs.  Under xdist (``make test``: ``-n 2 --dist
    loadgroup``) a worker takes the next test as it finishes one, so the suite ends when
    its last tests do: a long test begun near the end runs on alone while the other
    worker sits idle (the two-minute random-keys run, say, in the last files).  Begun
    first, the long tests are evened out by the thousands of short ones after them.
    Nothing is left out or run twice: the order only.

    Under mutation testing, in the run of one mutant, the shortest tests go first
    (:func:`_mutant_test_durations`)."""
    items.sort(key=_start)
    durations = _mutant_test_durations()
    if durations:
        items.sort(key=lambda item: durations.get(item.nodeid, 0.0))


MUTMUT_STATS = Path("mutmut-stats.json")
"""mutmut's record of each test's duration, in its ``mutants`` folder (its working folder)."""


def _mutant_test_durations() -> dict[str, float]:
    """In the run of one mutant (mutmut sets ``MUTANT_UNDER_TEST`` to its name; ``stats``
    while it times the tests), the seconds each test took unmutated: that run stops at
    the first failure, so with the shortest tests first a mutant that a short test kills
    is not kept waiting by the long ones (a restored game, a league) before it.  Empty
    otherwise."""
    if os.environ.get("MUTANT_UNDER_TEST", "") in ("", "stats") or not MUTMUT_STATS.is_file():
        return {}
    durations: dict[str, float] = json.loads(MUTMUT_STATS.read_text())["duration_by_test"]
    return durations
