"""The table: the hand loop in a worker, your turn, saving and leaving.

The hand loop is a Textual worker.  It deals each hand on the
:class:`~pokerroom.table.Table` and lets a :class:`~pokerroom.players.Runner` play the
computer players' decisions in a thread (the screen never freezes): before each one the
screen shows the table as you see it, and the speed setting paces them.  When your
decision is pending the runner stops, the action bar takes your choice and the loop
hands it to the table.  Between hands the loop shows the summary and waits for a key;
at the end of the freeze-out, the standings.  Only the loop deals, and only once the
last hand is over.  Once you are out you choose: watch the others play on, play again
with the same settings, or see the standings.

The screen never reads the table while the runner's thread may be changing it: it
renders a :class:`~pokerroom.engine.PlayerView` taken while the thread waits.  Saving
is offered when nothing moves (your turn, between hands).  Keys that leave never lose
the game: ``x`` (and ``ctrl+q``) ask whether to save first.  The autosave follows every
decision: it is written on your turn, after your action, when a hand is over and after
its summary (the computer players' decisions in between follow from it exactly, their
states being in it), so Continue never takes a decision back.  The hand history only
grows: a game loaded from an earlier save that goes another way gets a history of its own.

The betting keys are the action bar's: their footer words are its buttons' words, and a
key whose button is not possible now says why.  A key pressed before your turn began
acts on nothing (:meth:`~pokerroom.tui.base.RoomApp.keys_from_now`); going all-in from
a single key asks first (a setting turns that off).
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
from textual.screen import Screen
from textual.widgets import Static

from pokerroom.engine.actions import Action, IllegalAction
from pokerroom.players import Player
from pokerroom.players.base import HOOKS, hook
from pokerroom.players.state import STATE_METHODS
from pokerroom.savefile import DamagedStoreError, HistoryError, SaveError
from pokerroom.tui.amounts import chips
from pokerroom.tui.base import RoomApp, RoomScreen
from pokerroom.tui.felt import (
    dealt_in,
    log_lines,
    outcome_lines,
    played_hand,
    pots,
    seats,
    turn_text,
)
from pokerroom.tui.game import YOU, Game, GameError, Setup
from pokerroom.tui.screens.dialogs import (
    BustDialog,
    ConfirmDialog,
    HandOverScreen,
    LeaveDialog,
    MessageDialog,
    SaveDialog,
)
from pokerroom.tui.widgets.footer import KeyFooter
from pokerroom.tui.widgets.table import ActionBar, Felt, HandLog, SeatsPanel

if TYPE_CHECKING:
    from collections.abc import Callable

    from pokerroom.engine.view import PlayerView
    from pokerroom.history.record import PlayedHand
    from pokerroom.tui.store import SaveStore

__all__ = ["SAVE_KEY", "TableScreen", "open_new", "open_save"]

SAVE_KEY = "game"
"""The key of the game's data in a save."""
AUTOSAVE = "autosave"
_BET_KEYS = (("f", "Fold"), ("c", "Check"), ("b", "Bet"), ("r", "Raise"), ("a", "All-in"))
"""The betting keys, with their words while it is not your turn."""


class Leaving(BaseException):
    """Raised in the runner's thread when you leave the table: it stops the computer
    players' decisions at once (a :class:`BaseException`, so the runner does not take it
    for a player's fault)."""


class Paced(Player):
    """A computer player at the terminal's table: before it decides, the screen shows
    the table (``before`` runs in the runner's thread, and may raise :class:`Leaving`).
    Every notification the bot listens to is passed on, and so are its saved state's
    methods (:mod:`pokerroom.players.state`)."""

    def __init__(self, bot: Player, before: Callable[[int], None]) -> None:
        self.bot = bot
        self.before = before
        self.name = getattr(bot, "name", "bot")  # type: ignore[misc]
        for name in HOOKS:
            method = hook(bot, name)
            if method is not None:
                setattr(self, name, self._paced(method) if name == "announce" else method)
        for name in STATE_METHODS:
            if callable(getattr(bot, name, None)):
                setattr(self, name, getattr(bot, name))

    def _paced(self, method: Callable[[PlayerView, float], Action]) -> Callable[..., Action]:
        def announce(view: PlayerView, budget: float) -> Action:
            self.before(view.seat)
            return method(view, budget)

        return announce

    def act(self, view: PlayerView, budget: float) -> Action:
        self.before(view.seat)
        return self.bot.act(view, budget)


def open_new(app: RoomApp, setup: Setup) -> None:
    """Start a new game (from the new-game form, which this replaces)."""
    game = Game.new(setup)
    history = _history_or_warning(app, game)
    app.pop_screen()
    app.push_screen(TableScreen(game, history))


def open_save(app: RoomApp, slot: str) -> bool:
    """Load save ``slot`` and sit down at its table, exactly where it was left; a save
    that cannot be loaded is refused with a message saying why."""
    try:
        saved = app.store.load(slot)
        data = saved.data.get(SAVE_KEY)
        if not isinstance(data, dict):
            raise GameError("it holds no game")
        game = Game.from_data(data)
        history = saved.data.get("history")
    except DamagedStoreError as exc:
        app.offer_fresh_saves(exc, again=True)
        return False
    except (SaveError, GameError) as exc:
        app.push_screen(MessageDialog("This save cannot be loaded", f"{slot!r}: {exc}"))
        return False
    app.push_screen(TableScreen(game, history if isinstance(history, int) else None))
    if game.note:
        app.notify(game.note, severity="warning", timeout=10)
    return True


def _new_history(store: SaveStore, game: Game) -> int:
    """A new hand history for ``game``, you its hero; returns its id."""
    return store.new_game(_title(game), hero=game.names[YOU])


def _history_or_warning(app: RoomApp, game: Game) -> int | None:
    """A new hand history for a game just started (:func:`_new_history`), or ``None``
    with a warning saying why none is kept."""
    try:
        return _new_history(app.store, game)
    except SaveError as exc:
        app.notify(f"Hand histories will not be kept: {exc}", severity="warning")
        return None


def _title(game: Game) -> str:
    n = game.players - 1
    return f"{game.setup.name} against {n} computer player{'s' if n > 1 else ''}: {game.rules}"


class TableScreen(RoomScreen):
    """The table of a game in play."""

    AUTO_FOCUS = ""  # none: the action bar focuses its choice itself

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"choose('{key}')", word) for key, word in _BET_KEYS),
        Binding("s", "save", "Save"),
        Binding("x", "leave", "Exit"),
        Binding("t", "hints", "Hints"),
        Binding("o", "stats", "Stats"),
    ]

    def __init__(self, game: Game, history: int | None = None) -> None:
        super().__init__()
        self.game = game
        self.history = history
        self.runner = game.seat([None, *(Paced(game.bots[s], self._before_bot)
                                         for s in range(1, game.players))])  # fmt: skip
        self.fresh_state()

    def fresh_state(self) -> None:
        """What the screen keeps of the hand and your turn, before the first hand (a
        table played elsewhere, :mod:`~pokerroom.tui.screens.remote`, starts from it too)."""
        self.view: PlayerView | None = None  # what the screen shows: your view, a snapshot
        self._choice: asyncio.Future[Action] | None = None
        self._between = False
        self._leaving = False
        self._hint_spot: tuple[int, object] = (0, None)
        self._seen: list[PlayedHand] | None = None  # this game's hands, as you saw them
        self.watching = False  # you are out and watch the others play on
        self._keys_state: tuple[object, ...] = ()

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        yield Static("", id="table-title")
        with Horizontal(id="table-top"):
            yield SeatsPanel(id="seats")
            yield HandLog(id="log")
        yield Felt(id="felt")
        yield ActionBar(id="bar")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self._fit_felt()
        self.play()

    def on_unmount(self) -> None:
        self._leaving = True

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self._fit_felt()
        if not self.too_small and self._my_turn():
            self.query_one(ActionBar).view = self.view  # the controls take the keys again

    def _fit_felt(self) -> None:
        size = self.app.size
        self.query_one(Felt).roomy = size.height >= 32 and size.width >= 100

    def show(self) -> None:
        """Render the hand as you see it (only while the table stands still)."""
        game = self.game
        if game.table.hand is None:
            return
        view = self.view = game.view(YOU)
        names = game.names
        street = view.street
        line = Text.assemble(
            (f" Hand {game.number}", "bold"),
            " · ",
            (str(street).upper() if street.value < 4 else "SHOWDOWN", "bold magenta"),
            f" · {game.rules}",
        )
        self.query_one("#table-title", Static).update(line)
        panel = self.query_one(SeatsPanel)
        dealt = game.table.seats_in_hand  # seats out before this hand show as out
        panel.lines = tuple(seats(view, names, out=[t not in dealt for t in range(len(names))]))
        panel.notes = self._notes(names) if self._seen is not None else ()
        felt = self.query_one(Felt)
        felt.names = names
        felt.board = tuple(view.board)
        felt.hole = tuple(view.hole) if not view.folded[view.seat] else ()
        felt.pots = tuple(pots(view))
        felt.turn = turn_text(view, names)
        seats_in = game.table.seats_in_hand
        mine = dealt_in(view, seats_in)
        log = log_lines(mine, [names[t] for t in seats_in], game.number)
        self.query_one(HandLog).show(game.number, log)
        self.query_one(ActionBar).view = view
        self.sync_keys()
        spot = (game.number, view.street)
        if not self.poker.prefs.hints or view.folded[view.seat]:
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
        table = game.table
        while not self._leaving:
            if not table.in_hand:
                if table.hand is not None and len(game.chips) <= game.number:
                    await self.between_hands()
                if table.is_over or (table.out[YOU] and not await self.watch_on()):
                    self.finish()  # the freeze-out is over, or over for you
                    return
                table.start_hand()
            if not game.view(YOU).is_my_turn:
                self.show()  # (your turn shows when its keys are live: your_action)
            seat = await asyncio.to_thread(self._advance)
            if seat is None or self._leaving:
                continue  # the hand is over (or you left)
            action = await self.your_action()
            try:
                self.runner.apply(action)
            except IllegalAction as exc:
                self.query_one(ActionBar).message = _refusal(str(exc))
            else:
                self.autosave()  # your decision is kept: Continue never takes it back

    def _advance(self) -> int | None:
        """The computer players' decisions, in the runner's thread, until yours (your
        seat) or the end of the hand (None)."""
        try:
            return self.runner.advance()
        except Leaving:
            return None

    def _before_bot(self, seat: int) -> None:
        """In the runner's thread, before a computer player decides: show the table, then
        wait as long as the speed setting says."""
        if self._leaving:
            raise Leaving
        app = self.app
        app.call_from_thread(self.show)
        end = time.monotonic() + self.poker.prefs.delay
        while time.monotonic() < end:
            if self._leaving:
                raise Leaving
            time.sleep(min(0.05, max(0.0, end - time.monotonic())))

    async def your_action(self) -> Action:
        """Your turn: the keys and the action bar are live from the moment it shows (and
        not before: a key pressed earlier acts on nothing)."""
        self.poker.keys_from_now()
        self._choice = asyncio.get_running_loop().create_future()
        self.show()
        if self.poker.prefs.bell:
            self.app.bell()
        self.autosave()
        try:
            return await self._choice
        finally:
            self._choice = None

    @on(ActionBar.Chosen)
    def _chosen(self, event: ActionBar.Chosen) -> None:
        turn = self._choice
        if turn is None or turn.done():
            return
        if not (event.all_in and self.poker.prefs.confirm_all_in):
            turn.set_result(event.action)
            return
        if self.app.screen is not self:  # covered meanwhile (a key after it opened a dialog):
            self.query_one(ActionBar).view = self.view  # not asked over it; choose again
            return
        view = self.view
        everything = view.bets[view.seat] + view.stacks[view.seat] if view is not None else 0

        def answered(answer: str | None) -> None:
            if turn is not self._choice or turn.done():
                return
            if answer == "yes":
                turn.set_result(event.action)
            else:
                self.query_one(ActionBar).view = self.view  # the bar takes a choice again

        text = (f"Put all your chips ({chips(everything)}) in? (The confirmation can be "
                "turned off in Settings.)")  # fmt: skip
        sure = ConfirmDialog("Go all-in?", text, f"All-in {chips(everything)}")
        self.app.push_screen(sure, answered)

    async def between_hands(self) -> None:
        """The hand just finished: keep it in the history, show the summary, wait for a
        key, note the chips."""
        self.show()
        self.record_hand()
        self.autosave()
        if self.watching:
            await asyncio.sleep(self.poker.prefs.delay)  # watching: the log tells the hand
            self.game.hand_over()
            return
        self._between = True
        self.sync_keys()
        await self.app.push_screen_wait(self.hand_over())
        self._between = False
        self.game.hand_over()
        self.autosave()

    def record_hand(self) -> None:
        """Keep the finished hand (as you saw it) in the hand history."""
        view = self.view
        if view is None:
            return
        from pokerroom.history.phh import dumps
        from pokerroom.history.record import to_phh

        seats = self.game.table.seats_in_hand
        names = [self.game.names[t] for t in seats]
        mine = dealt_in(view, seats)
        played = played_hand(mine, names, self.game.number)
        if self._seen is not None:
            self._seen.append(played)  # the statistics on screen count it at once
        if self.history is None:
            return
        summary = "; ".join(outcome_lines(mine, names)) or "-"
        store = self.poker.store
        try:
            text = dumps(to_phh(played))
            try:
                store.add_hand(self.history, self.game.number, summary, text)
            except HistoryError:  # loaded from an earlier save, this game went another way
                self.history = store.branch(self.history, self.game.number)
                store.add_hand(self.history, self.game.number, summary, text)
        except (SaveError, ValueError) as exc:  # a hand not kept never stops the game
            self.notify(f"This hand was not kept in the history: {exc}", severity="warning")

    def hand_over(self) -> HandOverScreen:
        view = self.view
        assert view is not None and view.result is not None
        seats_in = self.game.table.seats_in_hand
        names = [self.game.names[t] for t in seats_in]
        text = Text()
        if view.board:
            from pokerroom.tui import cardface

            text.append("Board ")
            text.append_text(cardface.small(view.board))
            text.append("\n")
        for line in outcome_lines(dealt_in(view, seats_in), names):
            text.append_text(HandLog.colour(line))
            text.append("\n")
        k = view.seat
        before, after = view.result.starting[k], view.result.stacks[k]
        sign = "+" if after >= before else "−"
        change = chips(abs(after - before))
        text.append(f"\nYour chips: {chips(before)} → {chips(after)} ({sign}{change})",
                    style="bold")  # fmt: skip
        out = [self.game.names[s.seat] for s in self.game.standings()
               if s.hand == self.game.number and s.place > 1]  # fmt: skip
        if out:
            text.append(f"\nOut of the game: {', '.join(out)}", style="bold")
        return HandOverScreen(text, f"Hand {self.game.number} is over",
                              save=self.action_save, leave=self.action_leave)  # fmt: skip

    async def watch_on(self) -> bool:
        """You are out and others play on: whether to watch them (else the game is over
        for you; "again" starts a new one with the same settings)."""
        if self.watching:
            return True
        place = next((s.place for s in self.game.standings() if s.seat == YOU), 0)
        left = sum(not out for out in self.game.table.out)
        text = (f"You finished in place {place}; {left} players are still in. Watch them "
                "play on (x leaves), play a new game with the same settings, or see the "
                "standings.")  # fmt: skip
        answer = await self.app.push_screen_wait(BustDialog(text))
        if answer == "watch":
            self.watching = True
            self.refresh_bindings()
            return True
        if answer == "again":
            self._leaving = True
            play_again(self.poker, self.game.setup, replace=self)
        return False

    def finish(self) -> None:
        if not self.is_attached or self.app.screen is not self:
            return  # left meanwhile (a new game took this table's place)
        self.app.switch_screen(self.poker.make_screen("game-over", self.game))

    # --------------------------------------------------------------- your turn

    def _my_turn(self) -> bool:
        return self._choice is not None and not self._choice.done()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if action in ("leave", "hints", "quit", "stats", "keys"):
            return True
        if action == "save":
            return self._my_turn() or self._between
        if action != "choose":
            return True
        if self.watching:
            return False
        view = self.view
        if view is not None and view.street.value == 4:
            return False  # the showdown: the keys of the declarations' list
        key = str(parameters[0]) if parameters else ""
        slots = {k: enabled for k, _, enabled in self.query_one(ActionBar).slots()}
        if key not in slots:
            return False  # b or r: only the one the bar's button shows
        # not your turn, or a button not possible now: listed, dimmed (pressed, it says why)
        return True if slots[key] and self._my_turn() else None

    def sync_keys(self) -> None:
        """The betting keys' words in the footer: the action bar's buttons' words (the
        footer is redrawn only when they, or what the keys may do, change)."""
        slots = self.query_one(ActionBar).slots()
        view = self.view
        state = (tuple(slots), self._my_turn(), self._between, self.watching,
                 view is not None and view.street.value == 4)  # fmt: skip
        if state == self._keys_state:
            return
        self._keys_state = state
        words = {key: _words(label) for key, label, _ in slots}
        for key, default in _BET_KEYS:
            word = words.get(key, default)
            self._bindings.key_to_bindings[key] = [Binding(key, f"choose('{key}')", word)]
        self.refresh_bindings()

    def on_key(self, event: events.Key) -> None:
        """A betting key whose button is not possible now says why (its binding is off)."""
        view = self.view
        if len(event.key) != 1 or event.key not in "fcbra" or not self._my_turn():
            return
        if view is None or view.legal is None or view.street.value == 4:
            return
        bar = self.query_one(ActionBar)
        if self.check_action("choose", (event.key,)) is None:
            event.stop()
            bar.choose(event.key)  # not possible: the bar says why

    def action_choose(self, key: str) -> None:
        self.query_one(ActionBar).choose(key)

    def action_hints(self) -> None:
        prefs = self.poker.prefs
        prefs.hints = not prefs.hints
        prefs.save()
        self.notify("Hints on" if prefs.hints else "Hints off")
        if self.view is not None and (self._my_turn() or self._between):
            self.show()

    def action_stats(self) -> None:
        """Show or hide each opponent's statistics (from this game's hands, as you saw
        them) under their seat."""
        if self._seen is None:
            self._seen = self._stored_hands()
            self.notify("Statistics on: VPIP, PFR, 3-bet, aggression, went to showdown")
        else:
            self._seen = None
        if self.view is not None and (self._my_turn() or self._between):
            self.show()

    def _stored_hands(self) -> list[PlayedHand]:
        from pokerroom.history.errors import HistoryError
        from pokerroom.history.phh import loads
        from pokerroom.history.replay import replay_phh

        if self.history is None:
            return []
        out = []
        try:
            for stored in self.poker.store.hands(self.history):
                try:
                    out.append(replay_phh(loads(stored.phh)).played)
                except HistoryError:
                    continue
        except SaveError:
            return []
        return out

    def _notes(self, names: tuple[str, ...]) -> tuple[str, ...]:
        from pokerroom.history.stats import player_stats

        stats = player_stats(self._seen or (), players=names[1:], adjust=False)
        return tuple("" if k == YOU or name not in stats else stats[name].brief()
                     for k, name in enumerate(names))  # fmt: skip

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
        mine = chips(game.table.stacks[YOU])
        return f"hand {game.number}, {game.players} players, your chips {mine}"

    def autosave(self) -> None:
        try:
            self.poker.store.save(AUTOSAVE, self.save_data(), summary=self.summary())
        except DamagedStoreError as exc:
            self.poker.offer_fresh_saves(exc, then=self._fresh_store)
        except SaveError as exc:
            self.notify(f"Autosave failed: {exc}", severity="warning")

    def _fresh_store(self) -> None:
        """The damaged save file was moved aside: the game's hands from now on go to a
        new history in the fresh file, and the game is autosaved there."""
        try:
            self.history = _new_history(self.poker.store, self.game)
        except SaveError:
            self.history = None
        if self._my_turn() or self._between:  # (else the computer players are deciding)
            self.autosave()

    def action_save(self) -> None:
        self.ask_save(then_leave=False)

    def ask_save(self, *, then_leave: bool, quit_app: bool = False) -> None:
        if not (self._my_turn() or self._between):
            self.notify("Save on your turn or between hands", severity="warning")
            return
        store = self.poker.store
        try:
            existing = [s.slot for s in store.slots() if s.slot != AUTOSAVE]
        except SaveError:
            existing = []

        def saved(name: str | None) -> None:
            if name is None:
                return
            if not (self._my_turn() or self._between):
                self.notify("Save on your turn or between hands", severity="warning")
                return
            try:
                store.save(name, self.save_data(), summary=self.summary())
            except DamagedStoreError as exc:

                def afresh() -> None:  # moved aside: save in the fresh file
                    self._fresh_store()
                    saved(name)

                self.poker.offer_fresh_saves(exc, again=True, then=afresh)
                return
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
        self._leaving = True
        self.workers.cancel_group(self, "hand-loop")
        if quit_app:
            self.app.exit()
            return
        while self.app.screen is not self:
            self.app.pop_screen()
        self.dismiss()


def _words(label: str) -> str:
    """A button's words without its amount: ``"Call 4 (all-in)"`` -> ``"Call"``."""
    words = [w for w in label.rstrip("…").split() if not w.replace(",", "").isdigit()]
    return " ".join(w for w in words if not w.startswith("(")) or label


def play_again(app: RoomApp, setup: Setup, *, replace: Screen[None]) -> None:
    """A new game with ``setup`` (new cards: a new seed) in place of the screen
    ``replace`` (the table you are out of, the standings)."""
    import dataclasses

    game = Game.new(dataclasses.replace(setup, seed=None))
    history = _history_or_warning(app, game)
    if app.screen is replace:
        app.switch_screen(TableScreen(game, history))


def _refusal(message: str) -> str:
    """The engine's refusal of your action, said to you."""
    _, _, rest = message.partition(": ")
    return f"Not allowed: {rest}" if rest else message
