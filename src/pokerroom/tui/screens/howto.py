"""How to play: the rules in a page, and every key."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from pokerroom.tui.base import RoomScreen
from pokerroom.tui.widgets.footer import KeyFooter

__all__ = ["HOW_TO_PLAY", "HowToScreen"]

HOW_TO_PLAY = """\
# How to play

**Texas hold'em.** Everyone gets two private cards. Five shared cards come face up in the
middle: three (the *flop*), then one (the *turn*), then one (the *river*), with a round
of betting before the flop and after each. Your hand is the best five cards of your two
and the five shared ones. Win the pot by having the best hand at the showdown, or by
betting so that everyone else folds.

**Forced bets.** Before the cards come, the two players left of the button (**D**) post
the small blind (**SB**) and the big blind (**BB**); some games add an ante or a straddle
(**ST**). The button moves one seat to the left after every hand.

**Your turn.** *Fold* gives up the hand. *Check* passes when there is nothing to call;
*Call* matches the bet (beside it, the pot odds: "Call 8: you need 31%" is the share of
the pot the call pays for, the equity it needs). *Bet* or *Raise to* puts in more (in no
limit and pot limit you type the amount, or pick a quick size); *All-in* puts in every
chip. When players are all-in for different amounts, the pot is split into a main pot
and side pots: you can only win from the pots you paid into.

**Hands, best first:** straight flush (royal flush: A K Q J T of one suit), four of a
kind, full house, flush, straight, three of a kind, two pair, one pair, high card. With
wild cards, five of a kind beats them all.

**Freeze-out.** Everyone starts with the same chips; a player with none is out; the last
player with chips wins.

## Keys

| at the table | |
|---|---|
| `f` | fold |
| `c` | check, or call |
| `b` / `r` | bet / raise (or post the straddle): type the amount in whole chips \
(`1200` or `1,200`; ↑ ↓ step through min, ½ pot, pot, all-in), then Enter; Esc goes back |
| `a` | all-in (asks first; Settings can turn the question off), or the pot in pot limit \
(the most the others can match in no limit) when that is less |
| ← → and Enter | choose a button |
| `s` | save the game to a named slot (on your turn, or on the hand's summary) |
| `x` | leave the table (asks whether to save first) |
| `t` | hints on or off: your hand, your draws and outs, your equity, the nuts |
| `o` | each opponent's statistics (VPIP, PFR, 3-bet, AF, WTSD) on or off |
| `?` | every key of the screen you are on |
| any other key | next hand, after the summary |

In the hand history, `e` exports as PHH, `p` as PokerStars text (for a tracker) and `o`
as OHH, into the folder the game was started from.

A key pressed before your turn (or before a screen opened) does nothing: keys never
carry over to what comes next, and a burst of keys acts once. Letters typed in the
amount field are text, not shortcuts. Menus: ↑ ↓ and Enter, or the mouse. Esc goes
back. `ctrl+q` quits (from a game, it asks first). Below 80×24 the game asks for a
larger window and takes no key but `ctrl+q`.

Your game is also saved automatically after every decision and at the end of every
hand: **Continue** on the main menu takes you back to exactly where you were, and the
game plays on as if it had never stopped. Once you are out, watch the others play on or
start again with the same settings.
"""


class HowToScreen(RoomScreen):
    """The rules and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("up", "scroll_up", "Scroll", key_display="↑↓"),
        Binding("down", "scroll_down", "Scroll", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield from self.compose_too_small()
        with VerticalScroll(id="howto"):
            yield Markdown(HOW_TO_PLAY)
        yield KeyFooter()

    def action_back(self) -> None:
        self.dismiss()

    def action_scroll_up(self) -> None:
        self.query_one("#howto", VerticalScroll).scroll_up()

    def action_scroll_down(self) -> None:
        self.query_one("#howto", VerticalScroll).scroll_down()
