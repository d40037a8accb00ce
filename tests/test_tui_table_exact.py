"""The terminal game's table screen, exactly: what a player sees at the table and what
each key gives (the survivors of the mutation part ``tuitable``).

Every game here is seeded, so its deal is known: seed 3 against two calling stations
deals you (the button, first to act) Q♠ 2♥; Ada posts the small blind 2, Bo the big
blind 4, and with you out of the hand they check it down to Bo's straight.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from pokerroom.engine import Action
from pokerroom.players import Player
from pokerroom.tui.app import PokerApp
from pokerroom.tui.screens.table import Paced, TableScreen, _refusal, _title, _words
from pokerroom.tui.widgets.table import ActionBar, Felt, HandLog, SeatsPanel
from tui_helpers import make_app, make_game, screen_text, sit

Scenario = Callable[[Pilot[None], PokerApp], Awaitable[None]]


def _run(tmp_path: Path, scenario: Scenario, size: tuple[int, int] = (100, 32)) -> None:
    async def go() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=size) as pilot:
            await scenario(pilot, app)

    asyncio.run(go())


def _footer(screen: TableScreen) -> dict[str, str]:
    """The betting keys as the footer lists them."""
    active = screen.active_bindings
    return {k: active[k].binding.description for k in "fcbra" if k in active}


def _notes(app: PokerApp) -> list[str]:
    """The notifications shown so far, oldest first."""
    return [n.message for n in app._notifications]


def _plain(widget: Static) -> str:
    return str(widget.render())


# ------------------------------------------------------------------ the pure helpers


def test_a_button_s_words_without_its_amount() -> None:
    assert _words("Call 4 (all-in)") == "Call"
    assert _words("Raise to…") == "Raise to"
    assert _words("All-in 1,000") == "All-in"
    assert _words("Bet 12,500") == "Bet"
    assert _words("Fold") == "Fold"
    assert _words("1,000") == "1,000"  # nothing but an amount: the label as it is
    assert _words("(all-in)") == "(all-in)"


def test_the_engine_s_refusal_said_to_you() -> None:
    assert _refusal("illegal action: a raise to 5 is below the minimum 8") == (
        "Not allowed: a raise to 5 is below the minimum 8"
    )
    assert _refusal("seat 0: fold: not now") == "Not allowed: fold: not now"
    assert _refusal("no reason given") == "no reason given"
    assert _refusal("nothing after: ") == "nothing after: "


def test_a_game_s_title_names_you_the_number_of_computer_players_and_the_rules() -> None:
    assert _title(make_game()) == (
        "Hero against 2 computer players: no limit (minimum bet 4), blinds 2/4"
    )
    assert _title(make_game(("calling-station",), name="Ann")) == (
        "Ann against 1 computer player: no limit (minimum bet 4), blinds 2/4"
    )


class _Bot(Player):
    name = "Tess"

    def __init__(self) -> None:
        self.heard: list[str] = []

    def act(self, view: Any, budget: float) -> Action:
        self.heard.append(f"act {view.seat} {budget}")
        return Action.check()

    def announce(self, view: Any, budget: float) -> Action:
        self.heard.append(f"announce {view.seat} {budget}")
        return Action.muck()

    def start_hand(self, hand: Any) -> None:
        self.heard.append(f"start {hand}")

    def save_state(self) -> dict[str, int]:
        return {"saved": 1}

    def restore_state(self, state: object) -> None:
        self.heard.append(f"restore {state}")


def test_a_paced_player_shows_the_table_before_each_decision_and_passes_the_rest_on() -> None:
    bot = _Bot()
    seen: list[int] = []
    paced = Paced(bot, seen.append)
    assert paced.bot is bot and paced.name == "Tess"
    view = SimpleNamespace(seat=2)
    assert paced.act(view, 1.5) == Action.check()  # type: ignore[arg-type]
    assert paced.announce(view, 2.5) == Action.muck()  # type: ignore[arg-type]
    assert seen == [2, 2]
    paced.start_hand("hand 7")  # type: ignore[arg-type]
    assert paced.save_state() == {"saved": 1}  # type: ignore[attr-defined]
    paced.restore_state("s")  # type: ignore[attr-defined]
    assert bot.heard == ["act 2 1.5", "announce 2 2.5", "start hand 7", "restore s"]
    assert paced.observe.__func__ is Player.observe  # a hook the bot lacks: Player's own


def test_a_paced_player_without_a_name_is_called_bot() -> None:
    class Nameless:
        restore_state = "not a method"

        def act(self, view: Any, budget: float) -> Action:
            return Action.fold()

    paced = Paced(Nameless(), print)  # type: ignore[arg-type]
    assert paced.name == "bot"
    assert not {"announce", "start_hand", "save_state", "restore_state"} & set(vars(paced))


# ------------------------------------------------------------------ the table shown


def test_your_first_turn_shows_the_hand_as_you_see_it(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot[None], app: PokerApp) -> None:
        game = make_game()
        screen = await sit(pilot, game)
        title = screen.query_one("#table-title", Static)
        line = title.render()
        assert str(line) == " Hand 1 · PRE-FLOP · no limit (minimum bet 4), blinds 2/4"
        text = screen_text(app).splitlines()
        assert text[0].rstrip() == " Hand 1 · PRE-FLOP · no limit (minimum bet 4), blinds 2/4"
        panel = screen.query_one(SeatsPanel)
        assert [(s.name, s.stack, s.bet, s.marks, s.status) for s in panel.lines] == [
            ("Hero", 1000, 0, "D", "to act"), ("Ada", 998, 2, "SB", ""),
            ("Bo", 996, 4, "BB", "")]  # fmt: skip
        assert panel.notes == ()
        felt = screen.query_one(Felt)
        assert felt.names == ("Hero", "Ada", "Bo")
        assert [str(c) for c in felt.hole] == ["Qs", "2h"] and felt.board == ()
        assert felt.turn == "Your turn: 4 to call."
        assert felt.hint == "" and felt.roomy
        log = screen.query_one(HandLog)
        assert "\n".join(line.text for line in log.lines) == (
            "── Hand 1 ──\nAda posts the small blind 2\nBo posts the big blind 4\n"
            "*** PRE-FLOP ***\nDealt to Hero: Qs 2h"
        )
        assert _footer(screen) == {"f": "Fold", "c": "Call", "r": "Raise to", "a": "All-in"}
        bar = screen.query_one(ActionBar)
        assert bar.view is screen.view and screen.view is not None
        assert screen.view.is_my_turn

    _run(tmp_path, scenario)
