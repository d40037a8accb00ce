"""The table: the hand loop in a worker, your turn, saving and leaving.

The hand loop runs in a Textual worker.  It asks the :class:`~pokerroom.tui.game.Game`
whose decision is pending; a computer player thinks in a thread (the screen never
freezes) and its action is paced by the speed setting; on your turn the loop waits for
the :class:`~pokerroom.tui.widgets.ActionBar` to post your choice.  Between hands it
shows the summary and waits for a key; at the end of the freeze-out it shows the
standings.  Only the loop starts a hand, and only once the last one is over.

Keys that leave never lose the game: ``x`` (and ``ctrl+q``) ask whether to save first.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Footer, Static

from pokerroom.engine.actions import Action, ActionKind, IllegalAction
from pokerroom.storage.saves import SaveError
from pokerroom.tui.base import RoomScreen
from pokerroom.tui.choices import buttons
from pokerroom.tui.dialogs import HandOverScreen, LeaveDialog, MessageDialog, SaveDialog
from pokerroom.tui.felt import log_lines, outcome_lines, played_hand, pots, seats, turn_text
from pokerroom.tui.game import Game, GameError, Setup
from pokerroom.tui.widgets import ActionBar, Felt, HandLog, SeatsPanel

if TYPE_CHECKING:
    from pokerroom.engine.view import PlayerView
    from pokerroom.tui.app import PokerApp

__all__ = ["SAVE_KEY", "TableScreen", "open_new", "open_save"]

SAVE_KEY = "game"
"""The key of the game's data in a save."""
AUTOSAVE = "autosave"
_K = ActionKind


def _poker(app: object) -> PokerApp:
    from pokerroom.tui.app import PokerApp

    assert isinstance(app, PokerApp)
    return app


def open_new(app: PokerApp, setup: Setup) -> None:
    """Start a new game (from the new-game form, which this replaces)."""
    game = Game(setup)
    history = None
    try:
        history = app.store.new_game(_title(game))
    except SaveError as exc:
        app.notify(f"Hand histories will not be kept: {exc}", severity="warning")
    app.pop_screen()
    app.push_screen(TableScreen(game, history))


def open_save(app: PokerApp, slot: str) -> bool:
    """Load save ``slot`` and sit down at its table, exactly where it was left; a save
    that cannot be loaded is refused with a message saying why."""
    try:
        saved = app.store.load(slot)
        data = saved.data.get(SAVE_KEY)
        if not isinstance(data, dict):
            raise GameError("it holds no game")
        game = Game.from_data(data)
        history = saved.data.get("history")
    except (SaveError, GameError) as exc:
        app.push_screen(MessageDialog("This save cannot be loaded", str(exc)))
        return False
    app.push_screen(TableScreen(game, history if isinstance(history, int) else None))
    return True


def _title(game: Game) -> str:
    n = game.players
    return f"{game.setup.name} and {n - 1} computer player{'s' if n > 2 else ''}: {game.rules}"


class TableScreen(RoomScreen):
    """The table of a game in play."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "fold", "Fold"),
        Binding("c", "check", "Check"),
        Binding("c", "call", "Call"),
        Binding("b", "bet", "Bet"),
        Binding("r", "raise", "Raise"),
        Binding("a", "all_in", "All-in"),
        Binding("s", "save", "Save"),
        Binding("x", "leave", "Exit"),
        Binding("t", "hints", "Hints"),
    ]

    def __init__(self, game: Game, history: int | None = None) -> None:
        super().__init__()
        self.game = game
        self.history = history
        self._choice: asyncio.Future[Action] | None = None
        self._last_shown = 0.0
        self._between = False
        self._hint_spot: tuple[int, object] = (0, None)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        yield Static("", id="table-title")
        with Horizontal(id="table-top"):
            yield SeatsPanel(id="seats")
            yield HandLog(id="log")
        yield Felt(id="felt")
        yield ActionBar(id="bar")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        super().on_mount()
        self._fit_felt()
        self.play()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._fit_felt()

    def _fit_felt(self) -> None:
        size = self.app.size
        self.query_one(Felt).roomy = size.height >= 32 and size.width >= 100

    @property
    def my_view(self) -> PlayerView | None:
        return self.game.view(0) if self.game.hand is not None else None

    def show(self) -> None:
        """Render the hand as you see it."""
        game = self.game
        view = self.my_view
        title = self.query_one("#table-title", Static)
        if view is None:
            title.update(f" Hand {game.number} · {game.rules}")
            return
        names = game.hand_names()
        street = view.street
        line = Text.assemble(
            (f" Hand {game.number}", "bold"),
            " · ",
            (str(street).upper() if street.value < 4 else "SHOWDOWN", "bold magenta"),
            f" · {game.rules}",
        )
        line.no_wrap, line.overflow = True, "ellipsis"
        title.update(line)
        panel = self.query_one(SeatsPanel)
        panel.lines = tuple(seats(view, names))
        panel.out = game.hand_out()
        felt = self.query_one(Felt)
        felt.names = names
        felt.board = tuple(view.board)
        felt.hole = tuple(view.hole) if not view.folded[view.seat] else ()
        felt.pots = tuple(pots(view))
        felt.turn = turn_text(view, names)
        self.query_one(HandLog).show(game.number, log_lines(view, names, game.number))
        self.query_one(ActionBar).view = view
        self.refresh_bindings()
        spot = (game.number, view.street)
        if not _poker(self.app).prefs.hints or view.folded[view.seat]:
            felt.hint = ""
        elif view.is_my_turn and view.street.value < 4:
            self.update_hints(view)
        elif spot != self._hint_spot:
            felt.hint = ""  # the hint of another street or hand no longer holds
        self._hint_spot = spot

    # --------------------------------------------------------------- the loop

    @work(exclusive=True, group="hand-loop")
    async def play(self) -> None:
        """Play hands until the freeze-out is over or you leave."""
        game = self.game
        while True:
            if game.hand is not None and not game.in_hand:
                self.show()
                self.record_hand()
                self._between = True
                await self.app.push_screen_wait(self.hand_over())
                self._between = False
                game.end_hand()
            if game.hand is None:
                if game.over:
                    self.finish()
                    return
                game.start_hand()
            self.show()
            seat = game.to_act
            assert seat is not None
            if seat == 0:
                self.autosave()
                action = await self.your_action()
            else:
                action = await self.bot_action(seat)
            try:
                game.apply(action)
            except IllegalAction as exc:
                if seat != 0:
                    game.apply(game.hand.default_action() if game.hand else action)
                else:
                    self.query_one(ActionBar).message = _refusal(str(exc))

    async def your_action(self) -> Action:
        loop = asyncio.get_running_loop()
        self._choice = loop.create_future()
        try:
            return await self._choice
        finally:
            self._choice = None

    async def bot_action(self, seat: int) -> Action:
        view = self.game.view(seat)
        bot = self.game.bot(seat)
        started = time.monotonic()
        action = await asyncio.to_thread(bot.act, view)
        delay = _poker(self.app).prefs.delay
        wait = delay - (time.monotonic() - started)
        if wait > 0:
            await asyncio.sleep(wait)
        else:
            await asyncio.sleep(0)
        return action

    @on(ActionBar.Chosen)
    def _chosen(self, event: ActionBar.Chosen) -> None:
        if self._choice is not None and not self._choice.done():
            self._choice.set_result(event.action)

    def record_hand(self) -> None:
        """Keep the finished hand (as you saw it) in the hand history."""
        view = self.my_view
        if view is None or self.history is None:
            return
        from pokerroom.history.phh import dumps
        from pokerroom.history.record import to_phh

        names = self.game.hand_names()
        played = played_hand(view, names, self.game.number)
        summary = "; ".join(outcome_lines(view, names)) or "-"
        try:
            text = dumps(to_phh(played))
            _poker(self.app).store.add_hand(self.history, self.game.number, summary, text)
        except (SaveError, ValueError) as exc:  # a hand not kept never stops the game
            self.notify(f"This hand was not kept in the history: {exc}", severity="warning")

    def hand_over(self) -> HandOverScreen:
        view = self.my_view
        assert view is not None and view.result is not None
        names = self.game.hand_names()
        text = Text()
        if view.board:
            from pokerroom.tui import cardface

            text.append("Board ")
            text.append_text(cardface.small(view.board))
            text.append("\n")
        for line in outcome_lines(view, names):
            text.append_text(HandLog.colour(line))
            text.append("\n")
        k = view.seat
        before, after = view.result.starting[k], view.result.stacks[k]
        sign = "+" if after >= before else "−"
        text.append(f"\nYour chips: {before:,} → {after:,} ({sign}{abs(after - before):,})",
                    style="bold")  # fmt: skip
        return HandOverScreen(text, f"Hand {self.game.number} is over")

    def finish(self) -> None:
        from pokerroom.tui.gameover import GameOverScreen

        self.app.switch_screen(GameOverScreen(self.game))

    # --------------------------------------------------------------- your turn

    def _my_turn(self) -> bool:
        return self._choice is not None and not self._choice.done()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if action in ("leave", "hints", "quit"):
            return True
        if action == "save":
            return self._my_turn() or self._between
        view = self.my_view
        if view is not None and view.street.value == 4:
            return False  # the showdown: the keys of the declarations' list
        if not self._my_turn() or view is None or view.legal is None:
            # not your turn: the betting keys are listed, dimmed, once each
            return False if action in ("check", "bet") else None
        kinds = view.legal.kinds
        if action == "all_in":
            return buttons(view)[3].enabled or None
        if action == "fold":
            return True if _K.FOLD in kinds else None
        if action == "check":
            return _K.CALL not in kinds and (_K.CHECK in kinds or None)
        if action == "call":
            return _K.CALL in kinds
        bet = _K.BET in kinds or (_K.RAISE not in kinds and not view.to_call)
        if action == "bet":
            return bet and (_K.BET in kinds or None)
        if action == "raise":
            return not bet and (_K.RAISE in kinds or None)
        return True

    def action_fold(self) -> None:
        self.query_one(ActionBar).choose("fold")

    def action_check(self) -> None:
        self.query_one(ActionBar).choose("check")

    def action_call(self) -> None:
        self.query_one(ActionBar).choose("call")

    def action_bet(self) -> None:
        self.query_one(ActionBar).choose("bet")

    def action_raise(self) -> None:
        self.query_one(ActionBar).choose("raise")

    def action_all_in(self) -> None:
        self.query_one(ActionBar).choose("all-in")

    def action_hints(self) -> None:
        prefs = _poker(self.app).prefs
        prefs.hints = not prefs.hints
        prefs.save()
        self.notify("Hints on" if prefs.hints else "Hints off")
        self.show()

    # ------------------------------------------------------------------- hints

    @work(exclusive=True, group="hints", thread=True)
    def update_hints(self, view: PlayerView) -> None:
        """Work the hints out in a thread (equity takes a moment), then show them."""
        from pokerroom.tui.hints import hint_text

        felt = self.query_one(Felt)
        text = hint_text(view)
        self.app.call_from_thread(setattr, felt, "hint", text)

    # ------------------------------------------------------------ save, leave

    def save_data(self) -> dict[str, object]:
        return {SAVE_KEY: self.game.to_data(), "history": self.history}

    def summary(self) -> str:
        game = self.game
        return f"hand {game.number}, {game.players} players, your chips {game.stacks[0]:,}"

    def autosave(self) -> None:
        try:
            _poker(self.app).store.save(AUTOSAVE, self.save_data(), summary=self.summary())
        except SaveError as exc:
            self.notify(f"Autosave failed: {exc}", severity="warning")

    def action_save(self) -> None:
        self.ask_save(then_leave=False)

    def ask_save(self, *, then_leave: bool, quit_app: bool = False) -> None:
        store = _poker(self.app).store
        try:
            existing = [s.slot for s in store.slots() if s.slot != AUTOSAVE]
        except SaveError:
            existing = []

        def saved(name: str | None) -> None:
            if name is None:
                return
            try:
                store.save(name, self.save_data(), summary=self.summary())
            except SaveError as exc:
                self.app.push_screen(MessageDialog("The game was not saved", str(exc)))
                return
            self.notify(f"Saved as {name!r}")
            if then_leave:
                self.leave(quit_app=quit_app)

        default = f"hand {self.game.number}"
        self.app.push_screen(SaveDialog(default, existing), saved)

    def action_leave(self) -> None:
        self.ask_leave(quit_app=False)

    def ask_leave(self, *, quit_app: bool) -> None:
        """Ask before leaving: save first, leave without saving, or stay."""
        if isinstance(self.app.screen, LeaveDialog):
            return

        def answered(choice: str | None) -> None:
            if choice == "save":
                self.ask_save(then_leave=True, quit_app=quit_app)
            elif choice == "leave":
                self.leave(quit_app=quit_app)

        can_save = self._my_turn() or self._between
        self.app.push_screen(LeaveDialog(can_save=can_save, quit_app=quit_app), answered)

    def leave(self, *, quit_app: bool) -> None:
        self.workers.cancel_group(self, "hand-loop")
        if quit_app:
            self.app.exit()
            return
        while self.app.screen is not self:
            self.app.pop_screen()
        self.dismiss()


def _refusal(message: str) -> str:
    """The engine's refusal of your action, said to you."""
    _, _, rest = message.partition(": ")
    return f"Not allowed: {rest}" if rest else message
