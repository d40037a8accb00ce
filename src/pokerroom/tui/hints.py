"""Hints for your turn (off by default): your hand's name, your draws and their outs
(with the chance to make the hand by the river), your equity against the live opponents'
likely ranges, and the nuts on the board.

An opponent's likely range comes from what it did before the flop: a raise narrows it
to strong hands, a call to playable ones, a blind that only checked keeps any two cards.
The equity is a seeded Monte Carlo estimate, so the same spot always shows the same
number.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from math import comb

from pokerroom.cards import full_deck
from pokerroom.engine.events import EventKind
from pokerroom.engine.view import PlayerView
from pokerroom.evaluator import best_hand
from pokerroom.evaluator.classes import Category
from pokerroom.tui.felt import hand_name

__all__ = ["CALLED", "RAISED", "Draw", "draws", "hint_text", "likely_ranges", "outs_text"]

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


@dataclass(frozen=True, slots=True)
class Draw:
    """A draw your hole cards make on the flop or the turn: its name and its outs (the
    unseen cards that complete it)."""

    name: str
    outs: frozenset[int]


def draws(view: PlayerView) -> list[Draw]:
    """Your flush and straight draws on the flop or the turn (none once you have the
    hand, none on a board that makes it alone, none in wild-card games): a flush draw is
    four of a suit with one of yours among them; a straight draw, the ranks that give
    you a straight (one rank: a gutshot)."""
    board, hole = [int(c) for c in view.board], [int(c) for c in view.hole]
    if len(board) not in (3, 4) or len(hole) != 2 or view.rules.wild is not None:
        return []
    seen = set(board) | set(hole)
    unseen = [c for c in full_deck() if c not in seen]
    now = best_hand(hole, board).category
    out = []
    if now < Category.FLUSH:
        for suit in range(4):
            mine = [c for c in hole if c % 4 == suit]
            if mine and len([c for c in hole + board if c % 4 == suit]) == 4:
                outs = frozenset(c for c in unseen if c % 4 == suit)
                out.append(Draw("flush draw", outs))
    if now < Category.STRAIGHT and not _straight(hole + board):
        outs = frozenset(
            c for c in unseen if _straight([*hole, *board, c]) and not _straight([*board, c])
        )
        ranks = {c // 4 for c in outs}
        if ranks:
            name = "gutshot straight draw" if len(ranks) == 1 else "open-ended straight draw"
            out.append(Draw(name, outs))
    return out


def _straight(cards: list[int]) -> bool:
    """Whether five of ``cards`` are in sequence (the ace high or low)."""
    ranks = {c // 4 for c in cards}
    if 12 in ranks:
        ranks.add(-1)
    return any(all(low + k in ranks for k in range(5)) for low in range(-1, 9))


def outs_text(view: PlayerView) -> str:
    """The draws in words: ``"flush draw and gutshot straight draw: 12 outs, 45% by the
    river"`` ("" without a draw)."""
    found = draws(view)
    if not found:
        return ""
    outs = len(frozenset().union(*(d.outs for d in found)))
    unseen = 52 - len(view.board) - len(view.hole)
    two_to_come = len(view.board) == 3
    chance = 1 - comb(unseen - outs, 2) / comb(unseen, 2) if two_to_come else outs / unseen
    names = " and ".join(d.name for d in found)
    return f"{names}: {outs} outs, {chance:.0%} by the river"


def hint_text(view: PlayerView) -> str:
    """One line of hints for the viewer (empty once the viewer folded)."""
    if view.folded[view.seat] or not view.hole:
        return ""
    parts = []
    name = hand_name(view)
    if name:
        parts.append(f"You have {name}")
    drawing = outs_text(view)
    if drawing:
        parts.append(drawing)
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
