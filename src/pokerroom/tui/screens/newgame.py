"""The new-game form: opponents and their bots, the rules, stakes, buy-in, your name
and an optional seed.  The last choices are remembered for the next game."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, Static

from pokerroom.tui.amounts import chips
from pokerroom.tui.base import RoomScreen
from pokerroom.tui.form import (
    PRESET_NAMES,
    PRESET_WORDS,
    STRUCTURES,
    FormChoices,
    FormError,
    default_stakes,
    make_rules,
    read_buy_in,
    read_seed,
)
from pokerroom.tui.game import OPPONENT_NAMES, Setup, bot_names
from pokerroom.tui.widgets.fields import Cycler, TypedInput
from pokerroom.tui.widgets.footer import KeyFooter

__all__ = ["NewGameScreen"]


class NewGameScreen(RoomScreen):
    """Set up a freeze-out against 1 to 9 computer players."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("down", "app.focus_next", "Next field", key_display="↑↓", priority=True),
        Binding("up", "app.focus_previous", "Previous field", show=False, priority=True),
        Binding("ctrl+s", "start", "Start", key_display="^s"),
    ]

    def compose(self) -> ComposeResult:
        choices = FormChoices.from_data(self.poker.prefs.new_game)
        bots = bot_names()
        default_bot = "rule-based" if "rule-based" in bots else next(iter(bots))
        chosen = [b if b in bots else default_bot for b in choices.bots]
        chosen += [default_bot] * (9 - len(chosen))
        yield from self.compose_too_small()
        with VerticalScroll(id="form", classes="page", can_focus=False):
            yield Static("New game: a freeze-out, the last player with chips wins",
                         classes="page-title")  # fmt: skip
            with Grid(id="form-grid"):
                yield Label("Your name")
                yield TypedInput(choices.name, id="name", max_length=16)
                yield Label("Opponents")
                yield Cycler([str(k) for k in range(1, 10)], str(choices.opponents),
                             id="opponents")  # fmt: skip
            with Grid(id="bots"):
                for k, who in enumerate(OPPONENT_NAMES):
                    yield Label(who, id=f"bot-label-{k}", classes="bot-label")
                    yield Cycler(list(bots), chosen[k], id=f"bot-{k}")
            yield Static("", id="bot-about")
            with Grid(id="rules-grid"):
                yield Label("Rules")
                yield Cycler(list(PRESET_NAMES), choices.preset, id="preset")
                yield Label("Betting")
                yield Cycler(list(STRUCTURES), choices.structure,
                             labels=list(STRUCTURES.values()), id="structure")  # fmt: skip
                yield Label("Stakes")
                stakes = choices.stakes or default_stakes(choices.preset, choices.structure)
                yield TypedInput(stakes, id="stakes")
                yield Label("Buy-in")
                yield TypedInput(str(choices.buy_in), id="buy-in", type="integer")
                yield Label("Seed")
                yield TypedInput(choices.seed, id="seed", type="integer",
                                 placeholder="empty: random")  # fmt: skip
            yield Static("", id="rules-about")
            with Horizontal(id="form-buttons"):
                yield Button("Start the game", id="start", variant="success")
                yield Button("Back", id="back")
            yield Static("", id="form-error")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self._show_bots()
        self._describe()
        self.query_one("#start", Button).focus()

    def _cycler(self, name: str) -> Cycler:
        return self.query_one(f"#{name}", Cycler)

    def _input(self, name: str) -> Input:
        return self.query_one(f"#{name}", Input)

    def _show_bots(self) -> None:
        n = int(self._cycler("opponents").value)
        for k in range(9):
            self.query_one(f"#bot-label-{k}").display = k < n
            self._cycler(f"bot-{k}").display = k < n

    def _describe(self) -> None:
        preset = self._cycler("preset").value
        text = PRESET_WORDS[preset]
        try:
            rules = make_rules(self._choices())
            text = f"{text}\nPlaying: {rules}; buy-in {chips(rules.buy_in)}"
        except (FormError, ValueError) as exc:
            text = f"{text}\n{exc}"
        self.query_one("#rules-about", Static).update(text)

    def on_cycler_changed(self, event: Cycler.Changed) -> None:
        cid = event.cycler.id or ""
        if cid == "opponents":
            self._show_bots()
        elif cid in ("preset", "structure"):
            preset = self._cycler("preset").value
            structure = self._cycler("structure").value
            self._input("stakes").value = default_stakes(preset, structure)
        elif cid.startswith("bot-"):
            self.query_one("#bot-about", Static).update(
                f"{event.value}: {bot_names().get(event.value, '')}"
            )
        self._describe()

    def on_descendant_focus(self) -> None:
        focused = self.focused
        if isinstance(focused, Cycler) and (focused.id or "").startswith("bot-"):
            value = focused.value
            self.query_one("#bot-about", Static).update(f"{value}: {bot_names().get(value, '')}")

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id in ("stakes", "buy-in"):
            self._describe()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def _choices(self) -> FormChoices:
        n = int(self._cycler("opponents").value)
        return FormChoices(
            name=self._input("name").value.strip() or "Hero",
            opponents=n,
            bots=[self._cycler(f"bot-{k}").value for k in range(9)],
            preset=self._cycler("preset").value,
            structure=self._cycler("structure").value,
            stakes=self._input("stakes").value.strip(),
            buy_in=read_buy_in(self._input("buy-in").value),
            seed=self._input("seed").value.strip(),
        )

    def action_start(self) -> None:
        try:
            choices = self._choices()
            rules = make_rules(choices)
            seed = read_seed(choices.seed)
        except FormError as exc:
            self.query_one("#form-error", Static).update(f"Cannot start: {exc}")
            return
        if seed is None:
            seed = self.poker.seed
        prefs = self.poker.prefs
        prefs.new_game = choices.to_data()
        prefs.save()
        setup = Setup(name=choices.name, bots=tuple(choices.bots[: choices.opponents]),
                      rules=rules, seed=seed)  # fmt: skip
        self.poker.open_new(setup)

    def action_back(self) -> None:
        self.dismiss()
