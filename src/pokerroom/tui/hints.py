"""Hints for your turn (off by default): your hand's name, your equity against the live
opponents' likely ranges, and the nuts on the board.

An opponent's likely range comes from what it did before the flop: a raise narrows it
to strong hands, a call to playable ones, a blind that only checked keeps any two cards.
The equity is a seeded Monte Carlo estimate, so the same spot always shows the same
number.
"""

from __future__ import annotations

from contextlib import suppress

from pokerroom.engine.events import EventKind
from pokerroom.engine.view import PlayerView
from pokerroom.tui.felt import hand_name

__all__ = ["CALLED", "RAISED", "hint_text", "likely_ranges"]

RAISED = "66+, A9s+, KTs+, QTs+, JTs, ATo+, KJo+"
"""Roughly the top 12% of starting hands: a pre-flop raiser's likely range."""
CALLED = "22+, A2s+, K7s+, Q8s+, J8s+, T8s+, 98s, 87s, 76s, A8o+, KTo+, QTo+, JTo"
"""Roughly the top 35%: a pre-flop caller's likely range."""
ANY = "random"
_SAMPLES = 4000


def likely_ranges(view: PlayerView) -> list[str]:
    """Each live opponent's likely range, from its pre-flop actions."""
    out = []
    for s in range(view.players):
        if s == view.seat or view.folded[s]:
            continue
        kinds = {e.kind for e in view.events if e.seat == s and e.street.value == 0}
        if kinds & {EventKind.RAISE, EventKind.BET}:
            out.append(RAISED)
        elif EventKind.CALL in kinds:
            out.append(CALLED)
        else:
            out.append(ANY)
    return out


def hint_text(view: PlayerView) -> str:
    """One line of hints for the viewer (empty once the viewer folded)."""
    if view.folded[view.seat] or not view.hole:
        return ""
    parts = []
    name = hand_name(view)
    if name:
        parts.append(f"You have {name}")
    if view.rules.wild is None:
        ranges = likely_ranges(view)
        if ranges:
            from pokerroom.equity import EquityError, equity

            try:
                mine = "".join(str(c) for c in view.hole)
                result = equity([mine, *ranges[:9]], list(view.board), samples=_SAMPLES, seed=1)
                share = result.players[0].equity
                who = "1 opponent's" if len(ranges) == 1 else f"{len(ranges)} opponents'"
                parts.append(f"equity {share:.0%} against {who} likely hands")
            except (EquityError, ValueError):
                pass
    if len(view.board) >= 3:
        from pokerroom.evaluator import nuts

        with suppress(ValueError):
            parts.append(f"the nuts: {nuts(view.board, wild=view.rules.wild).name}")
    return "Hint: " + "; ".join(parts) if parts else ""
