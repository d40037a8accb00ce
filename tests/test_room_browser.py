"""The room's pages in real Chromium (Debian's package, driven by Playwright).

First the page modules' own checks (the files served as they are): the hand names match
the server's for every hand value, the pots, presets and typed amounts.  Then the room
itself (``pokerroom serve room`` on a loopback port): people in separate browser contexts
and a bot play whole hands by clicks and keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser import launched_browser, static_server
from pokerroom.evaluator.classes import CLASS_COUNT, describe

pytestmark = pytest.mark.xdist_group("browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_browser() as b:
        yield b


@pytest.fixture(scope="module")
def modules(browser: Any) -> Iterator[Any]:
    """A page that has imported the page modules (as window.handnames, window.betting)."""
    with static_server() as url:
        page = browser.new_page()
        page.goto(f"{url}/lobby.html", wait_until="domcontentloaded")
        page.evaluate(
            """async () => {
                window.handnames = await import('/handnames.js');
                window.betting = await import('/betting.js');
            }"""
        )
        yield page
        page.close()


def test_hand_names_match_the_servers_for_every_value(modules: Any) -> None:
    names = modules.evaluate(
        "() => Array.from({length: window.handnames.classCount()},"
        " (_, v) => window.handnames.describe(v))"
    )
    assert len(names) == CLASS_COUNT
    expected = [describe(v) for v in range(CLASS_COUNT)]
    wrong = [(v, n, e) for v, (n, e) in enumerate(zip(names, expected, strict=True)) if n != e]
    assert wrong == []
    odd = "() => [window.handnames.describe(-1), window.handnames.describe(1.5)]"
    assert modules.evaluate(odd) == ["", ""]


def _pots(page: Any, committed: list[int], front: list[int], folded: list[bool],
          all_in: list[bool]) -> list[dict[str, Any]]:  # fmt: skip
    result: list[dict[str, Any]] = page.evaluate(
        "([c, f, d, a]) => window.betting.pots(c, f, d, a)", [committed, front, folded, all_in]
    )
    return result


def test_side_pots_from_the_chips_put_in(modules: Any) -> None:
    # two short stacks all-in: a main pot and two side pots
    short = [True, True, False, False]
    assert _pots(modules, [100, 300, 500, 500], [0] * 4, [False] * 4, short) == [
        {"amount": 400, "eligible": [0, 1, 2, 3]},
        {"amount": 600, "eligible": [1, 2, 3]},
        {"amount": 400, "eligible": [2, 3]},
    ]
    # a folded seat's chips stay in the pot it cannot win
    assert _pots(modules, [50, 300, 300], [0] * 3, [True, False, False], [False] * 3) == [
        {"amount": 650, "eligible": [1, 2]},
    ]
    # chips still in front of the seats are not in a pot yet
    assert _pots(modules, [60, 60, 20], [40, 40, 0], [False] * 3, [False, False, True]) == [
        {"amount": 60, "eligible": [0, 1, 2]},
    ]
    assert _pots(modules, [0, 0], [0, 0], [False, False], [False, False]) == []


def _legal(min_to: int, max_to: int, kinds: tuple[str, ...] = ("fold", "call", "raise"),
           call: int = 50) -> dict[str, Any]:  # fmt: skip
    return {"seat": 1, "street": "flop", "kinds": list(kinds), "to_call": call, "call": call,
            "min_to": min_to, "max_to": max_to, "values": []}  # fmt: skip


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("100", {"amount": 100}),
        (" 250 ", {"amount": 250}),
        ("1000", {"amount": 1000}),
        (
            "99",
            {"error": "99 is less than the smallest raise: raise to an amount from 100 to 1000"},
        ),
        (
            "1001",
            {"error": "1001 is more than the largest raise: raise to an amount from 100 to 1000"},
        ),
        ("abc", {"error": "type a whole number of chips: raise to an amount from 100 to 1000"}),
        ("1e3", {"error": "type a whole number of chips: raise to an amount from 100 to 1000"}),
        ("-5", {"error": "type a whole number of chips: raise to an amount from 100 to 1000"}),
        ("", {"error": "type a whole number of chips: raise to an amount from 100 to 1000"}),
        ("9" * 20, {"error": "that is too many chips: raise to an amount from 100 to 1000"}),
    ],
)
def test_a_typed_amount_is_checked_against_the_legal_range(
    modules: Any, typed: str, answer: dict[str, Any]
) -> None:
    check = "([t, l]) => window.betting.checkAmount(t, l)"
    assert modules.evaluate(check, [typed, _legal(100, 1000)]) == answer


def test_a_bet_is_named_a_bet_and_nothing_is_legal_without_one(modules: Any) -> None:
    bet = _legal(20, 500, ("check", "bet"))
    assert modules.evaluate("(l) => window.betting.aggressiveKind(l)", bet) == "bet"
    assert modules.evaluate("([t, l]) => window.betting.checkAmount(t, l)", ["10", bet]) == {
        "error": "10 is less than the smallest bet: bet an amount from 20 to 500"
    }
    fixed = _legal(40, 40, ("fold", "call", "raise"))
    assert modules.evaluate("([t, l]) => window.betting.checkAmount(t, l)", ["41", fixed]) == {
        "error": "41 is more than the largest raise: raise to exactly 40"
    }
    call_only = _legal(0, 0, ("fold", "call"))
    assert modules.evaluate("([t, l]) => window.betting.checkAmount(t, l)", ["10", call_only]) == {
        "error": "you cannot bet or raise now"
    }


def test_presets_go_to_half_pot_and_pot_inside_the_limits(modules: Any) -> None:
    # blinds 50/100 posted, seat 2 to act facing 100 with 10,000 behind: the pot is 150,
    # a pot raise goes to 100 + (150 + 100) = 350, half pot to 100 + 125 = 225
    view = {"seat": 2, "committed": [50, 100, 0], "bets": [50, 100, 0],
            "stacks": [950, 900, 10_000], "to_match": 100,
            "legal": _legal(200, 10_000, call=100)}  # fmt: skip
    assert modules.evaluate("(v) => window.betting.presets(v)", view) == {
        "min": 200,
        "half": 225,
        "pot": 350,
        "max": 10_000,
        "allIn": 10_000,
    }
    # a short stack: every preset stops at its all-in
    view["stacks"] = [950, 900, 260]
    view["legal"] = _legal(200, 260, call=100)
    assert modules.evaluate("(v) => window.betting.presets(v)", view) == {
        "min": 200,
        "half": 225,
        "pot": 260,
        "max": 260,
        "allIn": 260,
    }
