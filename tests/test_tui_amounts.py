"""Chip amounts in the terminal game: one formatter (:func:`pokerroom.tui.amounts.chips`)
and thousands separators wherever an amount is shown (the action bar's buttons, the
prompt, the pot odds, the amount field and its messages, the felt, the log, the hand's
summary, the all-in question, the rules line).

The class check: at stakes of thousands, no text the game shows holds a run of four or
more digits without its commas.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

from pokerroom.engine import Action, ActionKind, Hand
from pokerroom.rules import Rules
from pokerroom.tui.amounts import chips
from pokerroom.tui.choices import (
    buttons,
    odds_text,
    prompt,
    read_amount,
    refusal,
)
from pokerroom.tui.felt import log_lines, outcome_lines, turn_text
from pokerroom.tui.game import Game, Setup
from pokerroom.tui.screens.dialogs import HandOverScreen
from pokerroom.tui.screens.gameover import GameOverScreen
from pokerroom.tui.widgets.table import AmountInput
from tui_helpers import make_app, screen_text, sit, until

BARE = re.compile(r"(?<![\d,.])\d{4,}")
"""Four digits or more in a row, not part of a separated amount."""

BIG = Rules.preset("no-limit", blinds=(500, 1000), min_bet=1000, buy_in=100_000)
NAMES = ("You", "Ada", "Bo")


def bare(texts: list[str]) -> list[str]:
    return [t for t in texts if BARE.search(t)]


@pytest.mark.parametrize(
    ("amount", "shown"),
    [(0, "0"), (8, "8"), (999, "999"), (1000, "1,000"), (12_500, "12,500"),
     (1_250_000, "1,250,000"), (-3500, "-3,500")],
)
def test_one_formatter_for_chips(amount: int, shown: str) -> None:
    assert chips(amount) == shown


def test_the_bare_check_sees_an_amount_without_separators() -> None:
    assert bare(["Call 1000", "Raise to 12500"]) == ["Call 1000", "Raise to 12500"]
    assert bare(["Call 1,000", "you need 31%", "Hand 12", "pot 2,500,000"]) == []


def _texts_of_a_decision(hand: Hand) -> list[str]:
    view = hand.view(hand.to_act)
    texts = [b.label for b in buttons(view)] + [prompt(view), odds_text(view)]
    texts += [refusal(view, b.name) for b in buttons(view)]
    texts += [read_amount(t, view).message for t in ("", "5", "8.5", "99999999")]
    texts += [turn_text(view, NAMES), *log_lines(view, NAMES, 1)]
    return texts


def test_every_amount_of_a_decision_is_separated() -> None:
    """Buttons, prompt, pot odds, refusals, amount messages and the log, on every street
    of a hand at stakes of thousands, and the outcome when it ends."""
    hand = Hand(BIG, [100_000, 64_000, 250_000], button=0, rng=random.Random(3))
    seen: list[str] = [str(BIG)]
    hand.raise_to(3500)
    while hand.to_act is not None and hand.street.value < 4:
        seen += _texts_of_a_decision(hand)
        legal = hand.legal_actions()
        if legal.can_raise and hand.street.value == 1:
            kind = ActionKind.BET if ActionKind.BET in legal.kinds else ActionKind.RAISE
            hand.apply(Action(kind, min(legal.min_to + 2500, legal.max_to)))
        elif legal.to_call:
            hand.call()
        else:
            hand.check()
    while hand.to_act is not None:
        hand.apply(hand.default_action())
    view = hand.view(0)
    seen += outcome_lines(view, NAMES) + log_lines(view, NAMES, 1)
    assert any("3,500" in t for t in seen) and any("1,000" in t for t in seen)
    assert bare(seen) == []


def test_the_table_shows_every_amount_separated(tmp_path: Path) -> None:
    """The felt, the seats, the log, the bar and its amount field, the all-in question
    and the hand's summary, as the terminal shows them."""

    async def scenario() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            setup = Setup(name="Hero", bots=("calling-station",) * 2, rules=BIG, seed=5)
            game = Game.new(setup, [100_000, 64_000, 250_000])
            screen = await sit(pilot, game)
            shown = [screen_text(app)]
            await pilot.press("r")
            field = screen.query_one(AmountInput)
            await until(pilot, lambda: field.has_focus)
            await pilot.press("up")  # a quick size, written into the field
            await pilot.pause()
            shown += [field.value, screen_text(app)]
            assert "," in field.value
            await pilot.press("escape", "a")
            await until(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
            shown.append(screen_text(app))
            await pilot.press("y")
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
            shown.append(screen_text(app))
            assert "100,000" in shown[-2] and "Your chips" in shown[-1]
            app.push_screen(GameOverScreen(game))
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            await pilot.pause()
            shown.append(screen_text(app))
            assert "still in with" in shown[-1] or "chips" in shown[-1]
            assert bare([line for text in shown for line in text.splitlines()]) == []

    asyncio.run(scenario())
