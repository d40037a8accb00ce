"""The new game's form, exactly, as a player meets it: each field's words and default,
the choices of each, what the form refuses and says, the focus order, the keys, and the
game it starts (the survivors of the mutation part ``tuiscreens``, ``newgame.py``)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from pokerroom.rules import Rules, Structure
from pokerroom.tui.app import PokerApp
from pokerroom.tui.form import FormChoices, make_rules
from pokerroom.tui.game import OPPONENT_NAMES, Setup, bot_names
from pokerroom.tui.prefs import Prefs
from pokerroom.tui.screens import newgame
from pokerroom.tui.screens.newgame import NewGameScreen
from pokerroom.tui.screens.table import TableScreen
from pokerroom.tui.widgets.fields import Cycler
from tui_helpers import make_app, screen_name, screen_text, until

SIZE = (100, 30)
ABOUT = bot_names()


@dataclass
class Form:
    """The form on the app, what it started and what it answered."""

    app: PokerApp
    screen: NewGameScreen
    started: list[Setup] = field(default_factory=list)
    answers: list[object] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [line.rstrip() for line in screen_text(self.app).splitlines()]

    def text(self, selector: str) -> str:
        return str(self.screen.query_one(selector, Static).render())

    def value(self, wid: str) -> str:
        return self.screen.query_one(f"#{wid}", Input).value

    def choice(self, wid: str) -> str:
        return self.screen.query_one(f"#{wid}", Cycler).value


Play = Callable[[Pilot[None], Form], Awaitable[None]]


def _form(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    play: Play,
    *,
    remembered: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> None:
    """The form opened on a fresh app (with ``remembered`` as the last game's choices),
    the games it starts noted instead of played, then ``play`` run on it."""

    async def scenario() -> None:
        app = make_app(tmp_path, seed=seed)
        if remembered is not None:
            app.prefs.new_game = dict(remembered)
        form = Form(app, NewGameScreen())
        monkeypatch.setattr(app, "open_new", form.started.append)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: screen_name(pilot) == "MenuScreen")
            app.push_screen(form.screen, form.answers.append)
            await until(pilot, lambda: app.screen is form.screen and form.screen.is_mounted)
            await pilot.pause()
            await play(pilot, form)

    asyncio.run(scenario())


def _bot_rows(names: list[str], bots: list[str]) -> list[str]:
    """The opponents' rows as drawn: three to a row, each a name in 4 columns and its
    bot in 28 (the page's 96 columns inside its margins)."""
    cells = [f"{n:<4}‹ {b} ›".ljust(32) for n, b in zip(names, bots, strict=True)]
    return [("  " + "".join(cells[k : k + 3])).rstrip() for k in range(0, len(cells), 3)]


BUTTONS = [
    "  ▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔  ▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔",
    "   Start the game         Back",
    "  ▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁  ▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁",
]


def test_the_form_opens_with_the_first_game_s_choices_word_for_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play(pilot: Pilot[None], form: Form) -> None:
        assert form.lines()[:21] == [
            "",
            "  New game: a freeze-out, the last player with chips wins",
            "",
            "  Your name       Hero",
            "  Opponents      ‹ 3 ›",
            "",
            *_bot_rows(["Ada", "Bo", "Cy"], ["rule-based"] * 3),
            "",
            "  Rules          ‹ no-limit ›",
            "  Betting        ‹ as the preset ›",
            "  Stakes          2/4",
            "  Buy-in          1000",
            "  Seed            empty: random",
            "  no limit, blinds 2/4 (the console game)",
            "  Playing: no limit (minimum bet 4), blinds 2/4; buy-in 1,000",
            "",
            *BUTTONS,
            "",
            "",
        ]
        assert form.lines()[-1] == "↑↓ Next field esc Back ^s Start ? Keys ^q Quit"
        assert [form.value(w) for w in ("name", "stakes", "buy-in", "seed")] == [
            "Hero", "2/4", "1000", ""]  # fmt: skip
        assert [form.choice(w) for w in ("opponents", "preset", "structure")] == [
            "3", "no-limit", "preset"]  # fmt: skip
        assert [form.choice(f"bot-{k}") for k in range(9)] == ["rule-based"] * 9
        assert form.text("#bot-about") == "" and form.text("#form-error") == ""
        start = form.screen.query_one("#start", Button)
        assert form.screen.focused is start
        assert [(str(b.label), b.variant) for b in form.screen.query(Button)] == [
            ("Start the game", "success"), ("Back", "default")]  # fmt: skip
        assert form.screen.query_one("#seed", Input).placeholder == "empty: random"
        assert form.started == [] and form.answers == []

    _form(tmp_path, monkeypatch, play)


REMEMBERED = {
    "name": "Zoe", "opponents": 9, "bots": ["cfr", "strong", "random", "calling-station", "gone"],
    "preset": "casino-limit", "structure": "pot-limit", "stakes": "3/6", "buy_in": 500,
    "seed": "42",
}  # fmt: skip


def test_the_form_opens_with_the_last_game_s_choices(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unknown bot ("gone") is shown as the default bot, rule-based; the rest as
    remembered (the remembered stakes, not the preset's)."""

    async def play(pilot: Pilot[None], form: Form) -> None:
        bots = ["cfr", "strong", "random", "calling-station"] + ["rule-based"] * 5
        assert form.lines()[:23] == [
            "",
            "  New game: a freeze-out, the last player with chips wins",
            "",
            "  Your name       Zoe",
            "  Opponents      ‹ 9 ›",
            "",
            *_bot_rows(list(OPPONENT_NAMES), bots),
            "",
            "  Rules          ‹ casino-limit ›",
            "  Betting        ‹ pot limit ›",
            "  Stakes          3/6",
            "  Buy-in          500",
            "  Seed            42",
            "  fixed limit 2/4, blinds 1/2 (casino rules)",
            "  Playing: pot limit (minimum bet 6), blinds 3/6; buy-in 500",
            "",
            *BUTTONS,
            "",
            "",
        ]
        assert [form.choice(f"bot-{k}") for k in range(9)] == bots
        assert [form.value(w) for w in ("name", "stakes", "buy-in", "seed")] == [
            "Zoe", "3/6", "500", "42"]  # fmt: skip
        await pilot.press("ctrl+s")
        await until(pilot, lambda: form.started != [])
        assert form.started == [Setup(
            name="Zoe", bots=tuple(bots),
            rules=make_rules(FormChoices(preset="casino-limit", structure="pot-limit",
                                         stakes="3/6", buy_in=500)),
            seed=42)]  # fmt: skip

    _form(tmp_path, monkeypatch, play, remembered=REMEMBERED)


def test_with_no_rule_based_bot_the_first_bot_is_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    few = {"calling-station": ABOUT["calling-station"], "random": ABOUT["random"]}
    monkeypatch.setattr(newgame, "bot_names", lambda: dict(few))

    async def play(pilot: Pilot[None], form: Form) -> None:
        assert [form.choice(f"bot-{k}") for k in range(9)] == (
            ["random", "calling-station"] + ["calling-station"] * 7
        )
        assert form.screen.query_one("#bot-0", Cycler).values == ["calling-station", "random"]

    _form(tmp_path, monkeypatch, play,
          remembered={"bots": ["random", "rule-based"]})  # fmt: skip


def _name(widget: Widget | None) -> str:
    """A focused field as the player knows it: a button by its words, a field by the
    words before it."""
    assert widget is not None
    if isinstance(widget, Button):
        return str(widget.label)
    assert widget.parent is not None
    siblings = list(widget.parent.children)
    return str(siblings[siblings.index(widget) - 1].render())


def test_the_arrows_go_through_the_fields_in_order_and_skip_hidden_opponents(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play(pilot: Pilot[None], form: Form) -> None:
        order = ["Start the game", "Back", "Your name", "Opponents", "Ada", "Bo", "Cy",
                 "Rules", "Betting", "Stakes", "Buy-in", "Seed", "Start the game"]  # fmt: skip
        seen = [_name(form.screen.focused)]
        for _ in order[1:]:
            await pilot.press("down")
            seen.append(_name(form.screen.focused))
        assert seen == order
        back = [_name(form.screen.focused)]
        for _ in order[1:]:
            await pilot.press("up")
            back.append(_name(form.screen.focused))
        assert back == order[::-1]
        await pilot.press("down", "down", "down", "left", "left")  # 1 opponent
        assert form.choice("opponents") == "1"
        await pilot.press("down", "down")
        assert _name(form.screen.focused) == "Rules"  # Ada alone: Bo and Cy hidden

    _form(tmp_path, monkeypatch, play)


def test_the_opponents_are_one_to_nine_each_count_showing_as_many_bots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play(pilot: Pilot[None], form: Form) -> None:
        opponents = form.screen.query_one("#opponents", Cycler)
        opponents.focus()
        await pilot.pause()
        counts = []
        for _ in range(9):
            await pilot.press("right")
            n = int(form.choice("opponents"))
            counts.append(n)
            lines = form.lines()
            top = lines.index(f"  Opponents      ‹ {n} ›")
            end = lines.index("  Rules          ‹ no-limit ›")
            assert lines[top + 1 : end] == [
                "",
                *_bot_rows(list(OPPONENT_NAMES[:n]), ["rule-based"] * n),
                "",
            ]
        assert counts == [4, 5, 6, 7, 8, 9, 1, 2, 3]
        await pilot.press("left", "left", "left")
        assert form.choice("opponents") == "9"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: form.started != [])
        assert [s.bots for s in form.started] == [("rule-based",) * 9]

    _form(tmp_path, monkeypatch, play)


PRESETS = {
    "no-limit": ("2/4", "no limit, blinds 2/4 (the console game)\n"
                 "Playing: no limit (minimum bet 4), blinds 2/4; buy-in 1,000"),
    "casino-limit": ("2/4", "fixed limit 2/4, blinds 1/2 (casino rules)\n"
                     "Playing: fixed limit 2/4, blinds 1/2, raise cap 3; buy-in 1,000"),
    "computer-tournament": (
        "10/20", "fixed limit 10/20, ante, button blind, straddle, announced hands\n"
        "Playing: fixed limit 10/20, ante 2, button blind 5, straddle 10, raise cap 3; "
        "buy-in 1,000"),
    "wild": ("2/4", "no limit with the joker as the bug (five of a kind)\n"
             "Playing: no limit (minimum bet 4), blinds 2/4; buy-in 1,000"),
}  # fmt: skip
TOURNAMENT = "fixed limit 10/20, ante, button blind, straddle, announced hands\nPlaying: "
STRUCTURES = [
    ("as the preset", "10/20", "fixed limit 10/20, ante 2, button blind 5, straddle 10, "
     "raise cap 3"),
    ("fixed limit", "10/20", "fixed limit 10/20, ante 2, button blind 5, straddle 10, "
     "raise cap 3"),
    ("no limit", "5/10", "no limit (minimum bet 5), ante 2, button blind 5, straddle 10"),
    ("pot limit", "5/10", "pot limit (minimum bet 5), ante 2, button blind 5, straddle 10"),
]  # fmt: skip


def test_each_preset_and_betting_gives_its_stakes_and_says_what_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play(pilot: Pilot[None], form: Form) -> None:
        form.screen.query_one("#preset", Cycler).focus()
        await pilot.pause()
        names = list(PRESETS)
        for k in range(5):  # round the presets to the first, then back to the last
            await pilot.press("right" if k < 4 else "left")
            preset = names[(k + 1) % 4] if k < 4 else "wild"
            stakes, about = PRESETS[preset]
            assert form.choice("preset") == preset
            assert f"  Rules          ‹ {preset} ›" in form.lines()
            assert (form.value("stakes"), form.text("#rules-about")) == (stakes, about)
        await pilot.press("left")  # computer-tournament
        await pilot.press("down")  # the betting
        for k in range(5):
            if k:
                await pilot.press("right")
            label, stakes, playing = STRUCTURES[k % 4]
            assert f"  Betting        ‹ {label} ›" in form.lines()
            assert form.value("stakes") == stakes
            assert form.text("#rules-about") == f"{TOURNAMENT}{playing}; buy-in 1,000"
        await pilot.press("left")  # pot limit
        await pilot.press("ctrl+s")
        await until(pilot, lambda: form.started != [])
        rules = form.started[0].rules
        assert (rules.structure, rules.blinds, rules.straddle) == (Structure.POT_LIMIT, (5,), 10)

    _form(tmp_path, monkeypatch, play)


def test_each_bot_is_told_when_its_field_is_focused_or_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play(pilot: Pilot[None], form: Form) -> None:
        await pilot.press("down", "down", "down")  # back, your name, the opponents
        assert _name(form.screen.focused) == "Opponents"
        assert form.text("#bot-about") == ""  # not a bot
        await pilot.press("down")  # Ada
        rule = f"rule-based: {ABOUT['rule-based']}"
        assert form.text("#bot-about") == rule
        await pilot.press("right")
        assert form.text("#bot-about") == f"strong: {ABOUT['strong']}"
        await pilot.press("right")
        assert form.text("#bot-about") == f"cfr: {ABOUT['cfr']}"
        await pilot.press("right")
        assert form.text("#bot-about") == f"random: {ABOUT['random']}"
        lines = form.lines()
        assert lines[6:9] == [*_bot_rows(["Ada", "Bo", "Cy"], ["random"] + ["rule-based"] * 2),
                              f"  random: {ABOUT['random']}",
                              "  Rules          ‹ no-limit ›"]  # fmt: skip
        await pilot.press("down")  # Bo
        assert form.text("#bot-about") == rule
        await pilot.press("down", "down")  # the rules: the last bot stays told
        assert form.text("#bot-about") == rule
        assert form.choice("opponents") == "3"  # the opponents left as they were

    _form(tmp_path, monkeypatch, play)


def test_the_fields_take_what_they_may_and_say_the_rules_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play(pilot: Pilot[None], form: Form) -> None:
        await pilot.press("down", "down")  # your name
        form.screen.query_one("#name", Input).value = ""
        await pilot.press(*"Abcdefghijklmnopqrs")
        assert form.value("name") == "Abcdefghijklmnop"  # 16 letters at most
        for _ in range(7):  # to the stakes
            await pilot.press("down")
        assert _name(form.screen.focused) == "Stakes"
        await pilot.press(*"5/10")  # (a field focused by its key is all selected)
        assert form.value("stakes") == "5/10"
        assert form.text("#rules-about").splitlines()[1] == (
            "Playing: no limit (minimum bet 10), blinds 5/10; buy-in 1,000"
        )
        await pilot.press("down", "x", "a", *"1250")
        assert form.value("buy-in") == "1250"  # no letters in the buy-in
        assert form.text("#rules-about").splitlines()[1] == (
            "Playing: no limit (minimum bet 10), blinds 5/10; buy-in 1,250"
        )
        await pilot.press("down", "a", "7", "x", "1")
        assert form.value("seed") == "71"  # nor in the seed
        await pilot.press("enter")  # Enter in a field starts the game
        await until(pilot, lambda: form.started != [])
        assert form.started == [
            Setup(
                name="Abcdefghijklmnop",
                bots=("rule-based",) * 3,
                rules=Rules.preset("no-limit").replace(blinds=[5, 10], buy_in=1250),
                seed=71,
            )
        ]

    _form(tmp_path, monkeypatch, play)


@pytest.mark.parametrize(("wid", "typed", "said"), [
    ("stakes", "2/x", "stakes '2/x': write two amounts like 2/4"),
    ("stakes", "4/2", "stakes '4/2': two amounts, the first no larger than the second"),
    ("stakes", "0/4", "stakes '0/4': amounts of 1 chip or more, like 2/4"),
    ("stakes", "²/4", "stakes '²/4': write two amounts like 2/4"),
    ("buy-in", "", "buy-in is empty: a whole number of chips, 1 or more"),
    ("buy-in", "-5", "buy-in '-5': a whole number of chips, 1 or more"),
    ("buy-in", "0", "buy-in is 0: 1 chip or more"),
    ("buy-in", "1", "buy-in is 1: a player must be able to post the forced bets (4) and "
     "still play; give more than 4"),
    ("seed", "-5", "seed '-5': a whole number, or leave it empty"),
])  # fmt: skip
def test_a_game_that_cannot_be_played_is_refused_with_what_to_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, wid: str, typed: str, said: str
) -> None:
    async def play(pilot: Pilot[None], form: Form) -> None:
        field_ = form.screen.query_one(f"#{wid}", Input)
        field_.value = typed
        await pilot.pause()
        about = form.text("#rules-about").splitlines()
        if wid == "seed":  # (the rules are playable: the seed is read on starting)
            assert about[1].startswith("Playing: ")
        else:
            assert about == ["no limit, blinds 2/4 (the console game)", said]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert form.text("#form-error") == f"Cannot start: {said}"
        drawn = form.lines()[19:21]  # under the buttons (a long message on two lines)
        assert " ".join(drawn).split() == f"Cannot start: {said}".split()
        assert drawn[0].startswith("  Cannot start: ")
        assert form.started == [] and form.app.screen is form.screen
        assert Prefs.load(tmp_path / "settings.toml").new_game == {}  # nothing kept
        field_.value = {"stakes": "2/4", "buy-in": "1000", "seed": "9"}[wid]
        await pilot.press("ctrl+s")
        await until(pilot, lambda: form.started != [])

    _form(tmp_path, monkeypatch, play)


def test_starting_keeps_the_choices_and_starts_the_game_chosen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every field changed by its keys; an empty name is Hero and an empty seed the
    app's own."""

    async def play(pilot: Pilot[None], form: Form) -> None:
        form.screen.query_one("#name", Input).value = "   "
        await pilot.press("down", "down", "down", "right", "right")  # 5 opponents
        await pilot.press("down", "right", "right", "down", "right", "down", "down", "down",
                          "left", "left")  # Ada cfr, Bo strong, Eve random  # fmt: skip
        await pilot.press("down", "right", "right")  # computer-tournament
        await pilot.press("down", "right", "right")  # no limit: 5/10
        await pilot.press("down", "down", *"1250", "down", "down")  # the seed left empty
        assert _name(form.screen.focused) == "Start the game"
        bots = [form.choice(f"bot-{k}") for k in range(9)]
        assert bots == ["cfr", "strong", "rule-based", "rule-based", "random"] + (
            ["rule-based"] * 4
        )
        await pilot.press("enter")
        await until(pilot, lambda: form.started != [])
        rules = Rules.preset("computer-tournament").replace(
            structure="no-limit",
            blinds=[5],
            straddle=10,
            ante_rule="fixed",
            buy_in=1250,
            small_bet=None,
            big_bet=None,
            river_bet=None,
            min_bet=None,
            max_raises=None,
        )
        assert form.started == [Setup(name="Hero", bots=tuple(bots[:5]), rules=rules,
                                      seed=7)]  # fmt: skip
        assert Prefs.load(tmp_path / "settings.toml").new_game == {
            "name": "Hero",
            "opponents": 5,
            "bots": bots,
            "preset": "computer-tournament",
            "structure": "no-limit",
            "stakes": "5/10",
            "buy_in": 1250,
            "seed": "",
        }

    _form(tmp_path, monkeypatch, play, seed=7)


@pytest.mark.parametrize("keys", [("escape",), ("down", "enter")])
def test_escape_or_the_back_button_leaves_the_form_and_starts_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, keys: tuple[str, ...]
) -> None:
    async def play(pilot: Pilot[None], form: Form) -> None:
        await pilot.press(*keys)
        await until(pilot, lambda: form.answers != [])
        assert form.answers == [None] and form.started == []
        assert screen_name(pilot) == "MenuScreen"
        assert Prefs.load(tmp_path / "settings.toml").new_game == {}

    _form(tmp_path, monkeypatch, play)


def test_the_start_button_clicked_or_entered_replaces_the_form_by_the_table(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        app = make_app(tmp_path, seed=11)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: screen_name(pilot) == "MenuScreen")
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(pilot) == "NewGameScreen")
            await pilot.pause()
            await pilot.click("#start")
            await until(pilot, lambda: screen_name(pilot) == "TableScreen")
            assert [type(s).__name__ for s in app.screen_stack] == [
                "Screen", "MenuScreen", "TableScreen"]  # fmt: skip
            table = app.screen
            assert isinstance(table, TableScreen)
            assert table.game.setup == Setup(name="Hero", bots=("rule-based",) * 3,
                                             rules=Rules.preset("no-limit"), seed=11)  # fmt: skip

    asyncio.run(scenario())
