"""The table's widgets (:mod:`pokerroom.tui.widgets.table`), each on a small app of its
own, read as the terminal draws them (every run of text with its style): the seats at
the widths that change the name column, the felt in both layouts with one pot, side
pots and their winners, the log's colours, its limit and its rewrapping, and the action
bar at rest, at your turn, refusing, asking an amount and at an announced showdown."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from rich.console import Console, Group
from rich.segment import Segment
from rich.text import Text
from textual._time import get_time
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import OptionList, Static

from engine_helpers import make
from pokerroom.cards import parse_cards
from pokerroom.engine import Action, ActionKind, Street
from pokerroom.rules import Rules
from pokerroom.tui.felt import PotLine, SeatLine
from pokerroom.tui.widgets.table import (
    ActionBar,
    AmountInput,
    ChoiceButton,
    Felt,
    HandLog,
    SeatsPanel,
)
from tui_helpers import BareRoom

Runs = list[tuple[str, str]]


def runs(text: Text) -> Runs:
    """``text`` as a terminal draws it: each run of one style, and the style."""
    drawn = [s for s in Console(width=300).render(text) if s.text != "\n"]
    return [(s.text, str(s.style or "")) for s in Segment.simplify(drawn)]


def rows(widget: Widget) -> list[Runs]:
    group = widget.render()
    assert isinstance(group, Group)
    found = []
    for row in group.renderables:
        assert isinstance(row, Text)
        found.append(runs(row))
    return found


class _One(App[None]):
    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget
        self.chosen: list[tuple[Action, bool]] = []

    def compose(self) -> ComposeResult:
        yield self.widget

    def on_action_bar_chosen(self, event: ActionBar.Chosen) -> None:
        self.chosen.append((event.action, event.all_in))


Body = Callable[[Any, "_One"], Awaitable[None]]


def _run(widget: Widget, size: tuple[int, int], body: Body) -> None:
    async def run() -> None:
        app = _One(widget)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await body(pilot, app)

    asyncio.run(run())


AK = tuple(parse_cards("As Kd"))
SEATS = (
    SeatLine(0, "Hero", 120, 10, "D SB", "to act", AK, is_you=True),
    SeatLine(1, "Alexandrina-Longname", 1500, 0, "BB", "folded", ()),
    SeatLine(2, "Bo", 0, 200, "", "all-in", (None, None), last="raises"),
    SeatLine(3, "Cy", 40, 0, "", "", (None, None), last="checks"),
    SeatLine(4, "Di", 5, 0, "", "mucked", ()),
    SeatLine(5, "Ed", 300, 0, "", "", AK, won=250),
    SeatLine(6, "Fi", 7, 0, "", "out", ()),
)


def test_the_seats_are_drawn_column_by_column_with_their_marks_statuses_and_notes() -> None:
    async def body(pilot: Any, app: _One) -> None:
        panel = app.query_one(SeatsPanel)
        panel.lines = SEATS
        panel.notes = ("", "vpip 20", "", "", "", "", "", "never shown: no seat 7")
        panel.out = ("Gone",)
        await pilot.pause()
        yellow, cyan = "bold yellow", "bold cyan"
        assert rows(panel) == [
            [("       player          chips    bet cards", "dim")],
            [("▶ ", yellow), ("D SB ", cyan), ("Hero          ", "bold reverse"),
             ("    120 ", ""), ("    10 A♠", "bold"), (" ", ""), ("K♦", "bold bright_blue"),
             (" ", "")],
            [("  ", yellow), ("BB   ", cyan), ("Alexandrina-Lo", "dim"), ("  1,500 ", ""),
             ("       ", "bold"), ("folded", "dim")],
            [("       vpip 20", "dim italic")],
            [("  ", yellow), ("     ", cyan), ("Bo                  0 ", ""), ("   200 ", "bold"),
             ("░░", "bright_black"), (" ", ""), ("░░", "bright_black"), (" ", ""),
             ("all-in", "bold")],
            [("  ", yellow), ("     ", cyan), ("Cy                 40 ", ""), ("       ", "bold"),
             ("░░", "bright_black"), (" ", ""), ("░░", "bright_black"), (" ", ""),
             ("checks", "italic")],
            [("  ", yellow), ("     ", cyan), ("Di                  5 ", ""), ("       ", "bold"),
             ("mucked", "dim")],
            [("  ", yellow), ("     ", cyan), ("Ed                300 ", ""), ("       A♠", "bold"),
             (" ", ""), ("K♦", "bold bright_blue"), (" ", ""), ("+250", "bold green")],
            [("  ", yellow), ("     ", cyan), ("Fi            ", "dim"), ("      7 ", ""),
             ("       out", "bold")],
            [("       ", ""), ("Gone          ", "dim strike"), ("    out", "dim")],
        ]  # fmt: skip
        group = panel.render()
        assert isinstance(group, Group)
        assert all(isinstance(r, Text) and r.no_wrap and r.overflow == "crop"
                   for r in group.renderables)  # fmt: skip

    _run(SeatsPanel(), (50, 14), body)


def test_a_seat_sitting_out_is_drawn_dimmed_with_its_chips_and_its_words_dimmed() -> None:
    """A room's cash seat not dealt in keeps its chips: its name dimmed as a seat out of
    the hand, its chips as any seat's, "sitting out" said dimmed (a seat gone bust says
    "out" in bold); you sitting out keep your own name's style."""

    async def body(pilot: Any, app: _One) -> None:
        panel = app.query_one(SeatsPanel)
        panel.lines = (
            SeatLine(0, "Gi", 1250, 0, "", "sitting out", ()),
            SeatLine(1, "Me", 80, 0, "D", "sitting out", (), is_you=True),
            SeatLine(2, "Ho", 0, 0, "", "out", ()),
        )
        await pilot.pause()
        yellow, cyan = "bold yellow", "bold cyan"
        assert rows(panel)[1:] == [
            [("  ", yellow), ("     ", cyan), ("Gi            ", "dim"), ("  1,250 ", ""),
             ("       ", "bold"), ("sitting out", "dim")],
            [("  ", yellow), ("D    ", cyan), ("Me            ", "bold reverse"), ("     80 ", ""),
             ("       ", "bold"), ("sitting out", "dim")],
            [("  ", yellow), ("     ", cyan), ("Ho            ", "dim"), ("      0 ", ""),
             ("       out", "bold")],
        ]  # fmt: skip

    _run(SeatsPanel(), (50, 6), body)


def test_the_name_column_is_the_width_less_36_between_9_and_18() -> None:
    async def body(pilot: Any, app: _One) -> None:
        panel = app.query_one(SeatsPanel)
        panel.lines = (SeatLine(0, "Abcdefghijklmnopqrstu", 5, 0, "", "", ()),)
        panel.out = ("Zyxwvutsrqponmlkjihgf",)
        for width, name in ((44, 9), (45, 9), (46, 10), (54, 18), (55, 18)):
            panel.styles.width = width
            await pilot.pause()
            assert panel.size.width == width
            head, seat, out = (Text("").join(Text(t) for t, _ in r).plain for r in rows(panel))
            assert head == f"       {'player':<{name}}  chips    bet cards", width
            assert seat == f"       {'Abcdefghijklmnopqrstu'[:name]}      5        ", width
            assert out == f"       {'Zyxwvutsrqponmlkjihgf'[:name]}    out", width

    _run(SeatsPanel(), (60, 6), body)


def test_the_compact_felt_draws_the_words_dim_and_the_cards_in_their_colours() -> None:
    """At a terminal under 100×32: the board, your cards and the pot were drawn dimmed
    like the words "Board", "You" and "Pot" (the whole line's style)."""

    async def body(pilot: Any, app: _One) -> None:
        felt = app.query_one(Felt)
        assert rows(felt) == [
            [("Board ", "dim"), ("-", ""), ("   You ", "dim"), ("-", "")],
            [("Pot ", "dim"), ("0", "")],
            [],
        ]
        felt.board = tuple(parse_cards("As Kd 2c"))
        felt.hole = tuple(parse_cards("Jk 7h"))
        felt.pots = (PotLine("pot", 1200, (0, 1)),)
        felt.names = ("Hero", "Ada", "Bo")
        felt.turn = "Your turn"
        felt.hint = "pair of aces"
        await pilot.pause()
        assert rows(felt) == [
            [("Board ", "dim"), ("A♠", "bold"), (" ", ""), ("K♦", "bold bright_blue"), (" ", ""),
             ("2♣", "bold green"), ("   You ", "dim"), ("Jk", "bold magenta"), (" ", ""),
             ("7♥", "bold red")],
            [("Pot ", "dim"), ("1,200", "bold")],
            [("Your turn", "bold yellow")],
            [("pair of aces", "italic cyan")],
        ]  # fmt: skip

    _run(Felt(), (80, 12), body)


def test_the_roomy_felt_draws_large_cards_and_every_pot_with_who_can_win_it_and_who_did() -> None:
    async def body(pilot: Any, app: _One) -> None:
        felt = app.query_one(Felt)
        felt.roomy = True
        felt.board = tuple(parse_cards("As Kd 2c"))
        felt.hole = tuple(parse_cards("Jk 7h"))
        felt.names = ("Hero", "Ada", "Bo")
        main = PotLine("main pot", 1200, (0, 1, 2), winners=(0,), shares=(1200,))
        felt.pots = (main, PotLine("side pot 1", 51, (1, 2), winners=(1, 2), shares=(26, 25)))
        felt.turn = "Hero wins"
        await pilot.pause()
        back = "bright_black"
        assert rows(felt) == [
            [("  ┌───┐ ┌───┐ ┌───┐ ", ""), ("┌ ─ ┐", back), (" ", ""), ("┌ ─ ┐", back),
             ("      ┌───┐ ┌───┐", "")],
            [("  │", ""), ("A♠", "bold"), (" │ │", ""), ("K♦", "bold bright_blue"), (" │ │", ""),
             ("2♣", "bold green"), (" │                  │", ""), ("Jk", "bold magenta"),
             (" │ │", ""), ("7♥", "bold red"), (" │", "")],
            [("  └───┘ └───┘ └───┘ ", ""), ("└ ─ ┘", back), (" ", ""), ("└ ─ ┘", back),
             ("      └───┘ └───┘", "")],
            [("  board                               your cards", "dim")],
            [("Pot ", "dim"), ("1,251  main pot 1,200", "bold"), (" (Hero, Ada, Bo)", "dim"),
             ("  side pot 1 51", "bold"), (" (Ada, Bo)", "dim"),
             ("Main pot 1,200 → HeroSide pot 1 51 → Ada 26, Bo 25", "green")],  # two lines
            [("Hero wins", "bold yellow")],
        ]  # fmt: skip
        pot = felt._pot_text()
        assert pot.plain.split("\n") == [
            "Pot 1,251  main pot 1,200 (Hero, Ada, Bo)  side pot 1 51 (Ada, Bo)",
            "Main pot 1,200 → Hero",
            "Side pot 1 51 → Ada 26, Bo 25",
        ]
        felt.hole = ()
        felt.board = ()
        felt.names = ()
        felt.pots = (PotLine("main pot", 8, (0, 1)), PotLine("side pot", 4, (1,)))
        await pilot.pause()
        empty = [("  ", ""), ("┌ ─ ┐", back), (" ", ""), ("┌ ─ ┐", back), (" ", ""),
                 ("┌ ─ ┐", back), (" ", ""), ("┌ ─ ┐", back), (" ", ""), ("┌ ─ ┐", back),
                 ("      ", "")]  # fmt: skip
        drawn = rows(felt)
        assert drawn[0] == empty and drawn[1] == [(" " * 37, "")]
        assert drawn[4] == [("Pot ", "dim"), ("12  main pot 8", "bold"), (" ()", "dim"),
                            ("  side pot 4", "bold"), (" ()", "dim")]  # fmt: skip
        assert len(drawn) == 6  # no hint: no line for it

    _run(Felt(), (80, 12), body)


class _LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield HandLog(id="log")


def _log_run(size: tuple[int, int], body: Callable[[Any, HandLog], Awaitable[None]]) -> None:
    async def run() -> None:
        app = _LogApp()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await body(pilot, app.query_one(HandLog))

    asyncio.run(run())


def test_the_log_colours_cards_bolds_headings_and_keeps_notes_as_they_are() -> None:
    assert runs(HandLog.colour("*** FLOP *** [2h Kd Tc]")) == [
        ("*** FLOP *** [", "bold"), ("2h", "bold red"), (" ", "bold"), ("Kd", "bold bright_blue"),
        (" ", "bold"), ("Tc", "bold green"), ("]", "bold")]  # fmt: skip
    assert runs(HandLog.colour("Ada shows Jk 2h, Ask Tcx")) == [
        ("Ada shows ", ""), ("Jk", "bold magenta"), (" ", ""), ("2h", "bold red"),
        (", Ask Tcx", "")]  # fmt: skip

    async def body(pilot: Any, log: HandLog) -> None:
        assert (log.wrap, log.markup, log.highlight, log.max_lines, log.min_width) == (
            True, False, False, 2000, 20)  # fmt: skip
        assert log.id == "log" and not log.can_focus
        log.note(Text("[b]As[/b] Kd"))  # a chat line: as it is, no cards, no markup
        log.show(1, ["── Hand 1 ──", "Ada folds"])
        await pilot.pause()
        assert [runs(t) for t in log._texts] == [
            [("[b]As[/b] Kd", "")], [("", "")], [("── Hand 1 ──", "")],
            [("Ada folds", "")]]  # fmt: skip
        assert [line.text.rstrip() for line in log.lines] == [
            "[b]As[/b] Kd", "", "── Hand 1 ──", "Ada folds"]  # fmt: skip

    _log_run((40, 10), body)


def test_the_log_keeps_its_last_2000_lines_and_shows_its_end() -> None:
    async def body(pilot: Any, log: HandLog) -> None:
        log.show(1, [f"line {k}" for k in range(2003)])
        await pilot.pause()
        assert len(log._texts) == 2000 and log._texts[0].plain == "line 3"
        assert log._texts[-1].plain == "line 2002" and len(log.lines) == 2000
        assert log.scroll_y == log.max_scroll_y > 0
        log.show(2, ["── Hand 2 ──"])  # a blank line between hands
        await pilot.pause()
        assert [t.plain for t in log._texts[-3:]] == ["line 2002", "", "── Hand 2 ──"]
        assert len(log._texts) == 2000 and log._texts[0].plain == "line 5"
        assert log.scroll_y == log.max_scroll_y

    _log_run((40, 10), body)


def test_the_log_wraps_every_line_again_at_a_new_width_and_stays_at_its_end() -> None:
    words = " ".join(f"w{k}" for k in range(15))  # 49 characters

    async def body(pilot: Any, log: HandLog) -> None:
        log.show(1, [*[words] * 8, "end"])
        await pilot.pause()
        narrow = len(log.lines)
        assert narrow == 17 and log.lines[-1].text.rstrip() == "end"
        await pilot.resize_terminal(120, 10)
        for _ in range(3):
            await pilot.pause()
        assert [line.text.rstrip() for line in log.lines] == [*[words] * 8, "end"]
        await pilot.resize_terminal(40, 10)
        for _ in range(3):
            await pilot.pause()
        assert len(log.lines) == narrow and log.scroll_y == log.max_scroll_y > 0
        log.scroll_to(y=0, animate=False)  # scrolled back by hand: left there
        await pilot.pause()
        await pilot.resize_terminal(40, 8)
        for _ in range(3):
            await pilot.pause()
        assert log.scroll_y == 0
        log.scroll_end(animate=False)
        await pilot.pause()
        await pilot.resize_terminal(40, 6)  # at its end: still at its end, lower
        for _ in range(3):
            await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0

    _log_run((40, 10), body)


def _bar(bar: ActionBar) -> list[tuple[str, bool, bool]]:
    """The buttons: each one's label, whether it is off, whether it is shown."""
    return [(str(b.label), b.disabled, b.display) for b in bar.query(ChoiceButton)]


def _static(bar: ActionBar, selector: str) -> str:
    return str(bar.query_one(selector, Static).render())


IDLE = [("Fold", True, True), ("Check", True, True), ("Bet", True, True), ("All-in", True, True)]


def test_the_bar_at_rest_then_at_your_turn_then_sent() -> None:
    hand = make(Rules.preset("no-limit"), [200, 200, 200], button=0,
                holes=["As Ad", "Kc Kd", "Qh Qs"])  # fmt: skip

    async def body(pilot: Any, app: _One) -> None:
        bar = app.query_one(ActionBar)
        assert [(b.id, b.compact) for b in bar.query(ChoiceButton)] == [
            ("act-0", True), ("act-1", True), ("act-2", True), ("act-3", True)]  # fmt: skip
        assert _bar(bar) == IDLE
        field = bar.query_one(AmountInput)
        assert (field.id, field.compact, field.max_length) == ("amount", True, 16)
        assert [w.id for w in bar.children] == ["buttons", "amount-row", "declare", "bar-message"]
        assert [w.id for w in bar.query_one("#buttons").children] == [
            "act-0", "act-1", "act-2", "act-3", "odds"]  # fmt: skip
        assert [w.id for w in bar.query_one("#amount-row").children] == [
            "amount-label", "amount", "amount-help"]  # fmt: skip
        idle = [("f", "Fold", False), ("c", "Check", False), ("b", "Bet", False),
                ("a", "All-in", False)]  # fmt: skip
        assert bar.slots() == idle
        bar.view = hand.view(1)  # not your turn
        await pilot.pause()
        assert _bar(bar) == IDLE and bar.slots() == idle and not bar.has_class("-my-turn")
        assert not bar.query_one("#declare").display and bar.query_one("#buttons").display
        bar.choose("c")
        await pilot.pause()
        assert app.chosen == []
        bar.view = hand.view(0)
        await pilot.pause()
        assert _bar(bar) == [("Fold (f)", False, True), ("Call 4 (c)", False, True),
                             ("Raise to… (r)", False, True),
                             ("All-in 200 (a)", False, True)]  # fmt: skip
        assert bar.slots() == [("f", "Fold", True), ("c", "Call 4", True),
                               ("r", "Raise to…", True), ("a", "All-in 200", True)]  # fmt: skip
        odds = bar.query_one("#odds", Static).render()
        assert str(odds) == "Call 4: you need 40%" and bar.has_class("-my-turn")
        assert [(sp.start, sp.end, str(sp.style)) for sp in odds.spans] == [(0, 20, "dim")]
        assert not bar.query_one("#declare").display
        assert app.focused is bar.query_one("#act-1")
        assert not bar.query_one("#amount-row").display
        bar.choose("a")
        await pilot.pause()
        assert app.chosen == [(Action(ActionKind.RAISE, 200), True)]
        assert bar.slots() == idle
        bar.choose("f")  # sent: nothing more until the next decision
        bar.open_amount()
        await pilot.pause()
        assert app.chosen == [(Action(ActionKind.RAISE, 200), True)]
        assert not bar.query_one("#amount-row").display
        bar.view = hand.view(0)  # the same decision again (the all-in refused)
        await pilot.pause()
        await pilot.press("left")  # ← → move between the buttons; Enter presses one
        assert app.focused is bar.query_one("#act-0")
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen[-1] == (Action(ActionKind.FOLD), False)
        bar.view = None
        await pilot.pause()
        assert _bar(bar) == IDLE and str(bar.query_one("#odds", Static).render()) == ""

    _run(ActionBar(), (100, 8), body)


def test_a_button_that_is_off_says_why_in_red_and_the_next_decision_clears_it() -> None:
    hand = make(Rules.preset("no-limit"), [100, 500], button=0, holes=["As Ad", "Kc Kd"])
    hand.raise_to(100)  # the button's all-in: nobody left to call a raise

    async def body(pilot: Any, app: _One) -> None:
        bar = app.query_one(ActionBar)
        bar.view = hand.view(1)
        await pilot.pause()
        assert _bar(bar) == [("Fold (f)", False, True), ("Call 96 (c)", False, True),
                             ("Raise to (r)", True, True),
                             ("All-in 500 (a)", True, True)]  # fmt: skip
        assert app.focused is bar.query_one("#act-1")
        for key in ("r", "b"):
            bar.choose(key)
            await pilot.pause()
            said = bar.query_one("#bar-message", Static).render()
            assert str(said) == (
                "Raise to is not possible now: no other player has chips left to call a "
                "raise. You can: Fold (f) · Call 96 (c)."
            )
            assert runs(Text(str(said), style="bold red")) == [(str(said), "bold red")]
            assert [s.style for s in said.spans] == ["bold red"] and said.spans[0].start == 0
            assert said.spans[0].end == len(str(said))
        bar.choose("a")
        await pilot.pause()
        assert str(bar.query_one("#bar-message", Static).render()).startswith("All-in 500 is not")
        assert app.chosen == []
        bar.choose("c")
        await pilot.pause()
        assert app.chosen == [(Action(ActionKind.CALL), False)] and bar.message == ""
        assert str(bar.query_one("#bar-message", Static).render()) == ""

    _run(ActionBar(), (100, 8), body)


def test_a_bet_asks_its_amount_and_sends_what_is_typed() -> None:
    hand = make(Rules.preset("no-limit"), [200, 200], button=0, holes=["As Ad", "Kc Kd"],
                board="2c 7h 9s Jd 3c")  # fmt: skip
    hand.call()
    hand.check()

    async def body(pilot: Any, app: _One) -> None:
        bar = app.query_one(ActionBar)
        bar.view = hand.view(1)
        await pilot.pause()
        assert _bar(bar) == [("Fold (f)", True, True), ("Check (c)", False, True),
                             ("Bet… (b)", False, True),
                             ("All-in 196 (a)", False, True)]  # fmt: skip
        assert str(bar.query_one("#odds", Static).render()) == ""
        bar.message = "left from before"
        bar.choose("b")
        await pilot.pause()
        field = bar.query_one(AmountInput)
        assert _static(bar, "#amount-label") == "Bet "
        assert _static(bar, "#amount-help") == (
            " 4 to 196 · ↑↓ min 4 · ½ pot 4 · pot 8 · all-in 196")
        assert field.value == "4" and app.focused is field and bar.message == ""
        assert bar.query_one("#amount-row").display and not bar.query_one("#buttons").display
        await pilot.press("up")  # (½ pot is 4 too: passed over)
        assert field.value == "8" and field.cursor_position == 1
        await pilot.press("up")
        assert field.value == "196" and field.cursor_position == 3
        await pilot.press("down", "down")
        assert field.value == "4"
        await pilot.press("escape")
        await pilot.pause()
        assert not bar.query_one("#amount-row").display and bar.query_one("#buttons").display
        assert app.focused is bar.query_one("#act-1") and app.chosen == []
        bar.open_amount()
        await pilot.pause()
        await pilot.press("backspace", "x", "enter")
        await pilot.pause()
        assert bar.message == (
            "'x' is not a number of whole chips: type digits, with commas between thousands "
            "if you like (1,000 or 12,500); from 4 to 196."
        )
        assert app.chosen == [] and bar.query_one("#amount-row").display
        await pilot.press("backspace", "3", "0", "enter")
        await pilot.pause()
        assert app.chosen == [(Action(ActionKind.BET, 30), False)] and bar.message == ""
        assert not bar.query_one("#amount-row").display and bar.query_one("#buttons").display

    _run(ActionBar(), (100, 8), body)


def test_a_raise_asks_its_amount_as_raise_to() -> None:
    hand = make(Rules.preset("no-limit"), [200, 200, 200], button=0,
                holes=["As Ad", "Kc Kd", "Qh Qs"])  # fmt: skip

    async def body(pilot: Any, app: _One) -> None:
        bar = app.query_one(ActionBar)
        bar.view = hand.view(0)
        await pilot.pause()
        bar.choose("r")
        await pilot.pause()
        assert _static(bar, "#amount-label") == "Raise to "
        assert _static(bar, "#amount-help") == (
            " 8 to 200 · ↑↓ min 8 · ½ pot 9 · pot 14 · all-in 200")
        await pilot.press("backspace", "1", "2", "enter")
        await pilot.pause()
        assert app.chosen == [(Action(ActionKind.RAISE, 12), False)]

    _run(ActionBar(), (100, 8), body)


def test_an_announced_showdown_lists_the_hands_to_announce_then_conceding() -> None:
    rules = Rules.preset("casino-limit", showdown="announced")
    hand = make(rules, [200, 200], button=0, holes=["As Ad", "Kc Kd"], board="2c 7h 9s Jd 3c")
    while hand.legal_actions().street is not Street.SHOWDOWN:
        hand.check_or_call()
    seat = hand.to_act
    assert seat == 1

    async def body(pilot: Any, app: _One) -> None:
        bar = app.query_one(ActionBar)
        bar.view = hand.view(seat)
        await pilot.pause()
        menu = bar.query_one("#declare", OptionList)
        assert [(label, off, shown) for label, off, shown in _bar(bar)] == [
            ("Fold", True, False), ("Check", True, False), ("Bet", True, False),
            ("All-in", True, False)]  # fmt: skip
        assert menu.display and app.focused is menu and menu.highlighted == 0
        assert bar.slots() == [("f", "Fold", False), ("c", "Check", False), ("b", "Bet", False),
                               ("a", "All-in", False)]  # fmt: skip
        options = [(str(menu.get_option_at_index(k).prompt), menu.get_option_at_index(k).id)
                   for k in range(menu.option_count)]  # fmt: skip
        assert len(options) == 17 and options[:2] == [
            ("Announce pair of kings, jack-nine-seven kickers", "0"),
            ("Announce pair of kings, jack-nine-three kickers", "1")]  # fmt: skip
        assert options[-1] == ("Concede (muck your cards)", "16")
        drawn = [menu.render_line(y).text for y in range(menu.size.height)]
        apart = [y for y, line in enumerate(drawn) if set(line.strip()) == {"─"}]
        assert len(drawn) >= 18 and len(apart) == 1, drawn  # conceding apart, only it
        assert "Concede" in drawn[apart[0] + 1] and "jack" in drawn[apart[0] - 1], drawn
        bar.choose("f")  # no buttons at a showdown
        await pilot.pause()
        assert app.chosen == []
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.chosen == [(hand.view(seat).legal and _announce(hand, seat, 1), False)]
        bar.view = hand.view(seat)  # the next decision: nothing pressed, the list again
        await pilot.pause()
        assert menu.highlighted == 0 and menu.option_count == 17 and app.focused is menu

    _run(ActionBar(), (100, 30), body)


def _announce(hand: Any, seat: int, k: int) -> Action:
    from pokerroom.tui.choices import declarations

    return declarations(hand.view(seat))[k].action


def test_the_log_shows_its_end_at_once_behind_a_screen_pushed_over_it() -> None:
    """The hand's summary covers the table as the hand ends: the log behind it is at its
    end when the summary goes, not at its top."""
    from textual.screen import ModalScreen

    async def body(pilot: Any, log: HandLog) -> None:
        await pilot.app.push_screen(ModalScreen())
        await pilot.pause()
        log.show(1, [f"line {k}" for k in range(60)])
        assert log.scroll_y == log.max_scroll_y > 0

    _log_run((40, 10), body)


def test_the_focus_goes_to_check_or_call_else_bet_else_all_in_else_the_first_button() -> None:
    from types import SimpleNamespace

    from pokerroom.tui.widgets.table import _focus

    for enabled, slot in (("TTTT", 1), ("TFTT", 2), ("TFFT", 3), ("TFFF", 0), ("FFFF", 0),
                          ("FFFT", 3), ("FFTF", 2)):  # fmt: skip
        bar = [SimpleNamespace(enabled=e == "T") for e in enabled]
        assert _focus(bar) == slot, enabled  # type: ignore[arg-type]


def _drawn(app: Any) -> list[str]:
    """The terminal's lines, as text."""
    return [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]


def test_the_bar_is_drawn_with_every_button_s_words_whole_as_they_grow_and_shrink() -> None:
    hand = make(Rules.preset("no-limit"), [200, 200, 200], button=0,
                holes=["As Ad", "Kc Kd", "Qh Qs"])  # fmt: skip

    async def body(pilot: Any, app: _One) -> None:
        bar = app.query_one(ActionBar)
        at_rest = _drawn(app)
        assert "Fold" in at_rest[0] and "All-in" in at_rest[0]
        bar.view = hand.view(0)
        await pilot.pause()
        line = _drawn(app)[0]
        for words in ("Fold (f)", "Call 4 (c)", "Raise to… (r)", "All-in 200 (a)"):
            assert words in line, line
        hand.raise_to(20)
        bar.view = hand.view(1)  # the same buttons on, longer words: "Call 18"
        await pilot.pause()
        line = _drawn(app)[0]
        for words in ("Fold (f)", "Call 18 (c)", "Raise to… (r)", "All-in 200 (a)"):
            assert words in line, line
        bar.view = None
        await pilot.pause()
        assert _drawn(app) == at_rest

    _run(ActionBar(), (100, 8), body)


class _Room(_One, BareRoom):
    """The bar in a room app: the game's app drops the keys older than its ``keys_from``."""


def test_the_keys_typed_before_the_list_or_the_amount_field_opens_or_it_closes_are_dropped(
) -> None:  # fmt: skip
    """A burst of keys typed for the buttons never acts on the list or the field that
    replaced them, nor on the buttons back from the field."""
    rules = Rules.preset("casino-limit", showdown="announced")
    shown = make(rules, [200, 200], button=0, holes=["As Ad", "Kc Kd"], board="2c 7h 9s Jd 3c")
    while shown.legal_actions().street is not Street.SHOWDOWN:
        shown.check_or_call()
    bet = make(Rules.preset("no-limit"), [200, 200], button=0, holes=["As Ad", "Kc Kd"],
               board="2c 7h 9s Jd 3c")  # fmt: skip
    bet.call()
    bet.check()

    async def run() -> None:
        bar = ActionBar()
        app = _Room(bar)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            before = get_time()
            bar.view = shown.view(1)
            await pilot.pause()
            assert before <= app.keys_from <= get_time()  # the list takes the keys from now
            bar.view = bet.view(1)
            await pilot.pause()
            app.keys_from = 0.0
            bar.choose("b")
            await pilot.pause()
            assert app.keys_from > 0.0  # the amount field takes the keys from now
            assert app.focused is bar.query_one(AmountInput)
            app.keys_from = 0.0
            await pilot.press("escape")
            await pilot.pause()
            assert app.keys_from > 0.0  # back to the buttons: the keys from now
            assert bar.query_one("#buttons").display

    asyncio.run(run())
