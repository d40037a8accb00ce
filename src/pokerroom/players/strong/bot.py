"""The ``strong`` bot: equity against the opponents' likely hands, learned from their play.

Every hand it keeps a range for every player (a weight per two-card combination) and
narrows it by each action that player takes (:mod:`~pokerroom.players.strong.ranges`),
the more so the more that player's actions have matched its cards at past showdowns.
Across hands it counts each player's decisions (:mod:`~pokerroom.players.strong.stats`:
how often it enters pots, raises, folds to bets, bets when checked to).  To decide it
weighs every choice by its expected value (:mod:`~pokerroom.players.strong.play`):
equity against the ranges (pre-flop from shipped tables, after the flop by exact or
sampled showdowns against the weighted ranges), the pot odds, position, each
opponent's chance to fold to a bet of each size, and bluffs in balance with its value
bets.  Fixed, pot and no limit, heads-up to fourteen players; push or fold when shallow
in no limit.  Under wild cards, or when hands must use hole cards, the equity is against
random hands, discounted for the opponents' aggression.  At an announced-hands showdown
it leaves the announcement to the table, which announces the best hand its cards make.

It draws every random number from its own generators, seeded by ``seed``: the same seed
and the same game give the same decisions.  Its saved state
(:mod:`pokerroom.players.state`) holds them, every profile, and what it has read of the
hand in play (each range row all ones is left out).

>>> import random
>>> from pokerroom.rules import Rules
>>> from pokerroom.table import Table
>>> table = Table(Rules.preset("casino-limit"), 3, rng=random.Random(8))
>>> _ = table.start_hand()
>>> Strong(seed=1).act(table.turn_view(), 1.0)
Action.raise_to(4)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from pokerroom.cards import JOKER
from pokerroom.engine import Action
from pokerroom.players.base import Bot
from pokerroom.players.state import (
    StateError,
    flag,
    floats_from,
    floats_state,
    generator_from,
    generator_state,
    items,
    need,
    whole,
    wholes,
)
from pokerroom.players.strong.cards import BoardStrength, board_strength
from pokerroom.players.strong.equity import DealtEquity
from pokerroom.players.strong.outlook import BoardOutlook, DealtOutlook, PreflopOutlook
from pokerroom.players.strong.play import Outlook, Play
from pokerroom.players.strong.ranges import Ranking, band_of, narrow
from pokerroom.players.strong.stats import Profile
from pokerroom.players.strong.tables import combo_strength
from pokerroom.players.strong.tracker import Move, Tracker
from pokerroom.ranges import combo_index

if TYPE_CHECKING:
    from collections.abc import Mapping

    from pokerroom.engine import PlayerView
    from pokerroom.table import GameStart, HandStart

__all__ = ["Strong"]

F64s = npt.NDArray[np.float64]


class _Hand:
    """What the bot knows of the hand in play.  A player's actions narrow its range only
    when the range is needed (most players fold before it is), in the order they came."""

    def __init__(self, view: PlayerView) -> None:
        n = view.players
        self.hole = tuple(int(c) for c in view.hole)
        self.tracker = Tracker(straddle=view.rules.straddle > 0)
        self.ranges = np.ones((n, 1326))
        self.moves: list[Move] = []
        self.pending: list[list[Move]] = [[] for _ in range(n)]
        self.boards: dict[int, tuple[BoardStrength, Ranking]] = {}
        # each seat's range after its first decision of the round (what its folds are
        # counted against), and the round it belongs to
        self.reference: dict[int, F64s] = {}
        self.round = 0

    def state(self) -> dict[str, Any]:
        """What the bot has read of the hand, as JSON data (the board caches are left out:
        they are worked out again)."""
        return {
            "hole": list(self.hole),
            "tracker": self.tracker.state(),
            "ranges": [None if (row == 1.0).all() else floats_state(row) for row in self.ranges],
            "moves": [m.state() for m in self.moves],
            "pending": [[m.state() for m in moves] for moves in self.pending],
            "reference": [[seat, floats_state(row)] for seat, row in self.reference.items()],
            "round": self.round,
        }

    @classmethod
    def from_state(cls, data: Any) -> _Hand:
        def get(key: str) -> Any:
            return need(data, key, "hand")

        hand = cls.__new__(cls)
        hand.hole = tuple(wholes(get("hole"), "hand.hole", 0, JOKER))
        hand.tracker = Tracker.from_state(get("tracker"), "hand.tracker")
        rows = items(get("ranges"), "hand.ranges")
        if not 2 <= len(rows) <= 14:
            raise StateError(f"hand.ranges: a row per seat, 2 to 14, not {len(rows)}")
        n = len(rows)
        hand.ranges = np.ones((n, 1326))
        for seat, row in enumerate(rows):
            if row is not None:
                hand.ranges[seat] = floats_from(row, (1326,), f"hand.ranges[{seat}]")
        hand.moves = [Move.from_state(m, "hand.moves") for m in items(get("moves"), "hand.moves")]
        pending = items(get("pending"), "hand.pending", n)
        hand.pending = [[Move.from_state(m, "hand.pending") for m in items(p, "hand.pending")]
                        for p in pending]  # fmt: skip
        hand.boards = {}
        hand.reference = {}
        for pair in items(get("reference"), "hand.reference"):
            seat, row = items(pair, "hand.reference entry", 2)
            seat = whole(seat, "hand.reference seat", 0, n - 1)
            hand.reference[seat] = floats_from(row, (1326,), f"hand.reference[{seat}]")
        hand.round = whole(get("round"), "hand.round", 0, 4)
        if any(m.seat >= n for m in hand.moves):
            raise StateError("hand.moves: a move of a seat the hand does not have")
        return hand

    def strength(self, board: list[int]) -> BoardStrength:
        return self._board(board)[0]

    def _board(self, board: list[int]) -> tuple[BoardStrength, Ranking]:
        found = self.boards.get(len(board))
        if found is None:
            strength = board_strength(board)
            found = self.boards[len(board)] = (strength, Ranking(strength.strength))
        return found

    def ranking(self, street: int, board: list[int]) -> Ranking:
        """How hands rank on ``street``: pre-flop strength, or on the board."""
        if street == 0 or JOKER in board or len(board) < 3:
            return _preflop_ranking()
        return self._board(board[: 2 + street])[1]

    def settle(self, seat: int, profile: Profile) -> None:
        """Narrow ``seat``'s range by its actions not yet taken into account."""
        board = self.tracker.board
        for move in self.pending[seat]:
            narrow(self.ranges[seat], move, self.ranking(move.street, board), profile)
            if move.street == self.round and seat not in self.reference:
                self.reference[seat] = self.ranges[seat].copy()
        self.pending[seat].clear()


@functools.cache
def _preflop_ranking() -> Ranking:
    return Ranking(combo_strength())


class Strong(Bot):
    """See the module.  ``samples`` is the number of deals each equity estimate after the
    flop draws (the river is exact)."""

    name = "strong"
    description = "equity against each opponent's likely hands, learned from its play; EV choices"

    def __init__(self, seed: int | None = None, *, samples: int = 300) -> None:
        super().__init__(seed)
        self.samples = samples
        self._np = np.random.default_rng(self.rng.getrandbits(64))
        self.profiles: dict[str, Profile] = {}
        self._names: tuple[str, ...] = ()
        self._hand: _Hand | None = None
        self._tournament = False  # chips lost are lost for good: keep out of thin gambles

    # ---------------------------------------------------------------- saving

    def save_state(self) -> dict[str, Any]:
        """:meth:`Bot.save_state` and everything the bot has learned and read."""
        hand = self._hand
        return {
            **super().save_state(),
            "samples": self.samples,
            "np": generator_state(self._np),
            "names": list(self._names),
            "tournament": self._tournament,
            "profiles": [[name, p.state()] for name, p in self.profiles.items()],
            "hand": None if hand is None else hand.state(),
        }

    def _read_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        names = items(need(state, "names"), "names")
        if not all(isinstance(x, str) for x in names):
            raise StateError("names: the players' names, as text")
        profiles: dict[str, Profile] = {}
        for pair in items(need(state, "profiles"), "profiles"):
            name, data = items(pair, "profiles entry", 2)
            if not isinstance(name, str) or name in profiles:
                raise StateError(f"profiles: {name!r} is not a new player's name")
            profiles[name] = Profile.from_state(data, f"profile of {name!r}")
        hand = need(state, "hand")
        return {
            **super()._read_state(state),
            "samples": whole(need(state, "samples"), "samples", 1),
            "_np": generator_from(need(state, "np"), "np"),
            "_names": tuple(names),
            "_tournament": flag(need(state, "tournament"), "tournament"),
            "profiles": profiles,
            "_hand": None if hand is None else _Hand.from_state(hand),
        }

    # ---------------------------------------------------------------- the hooks

    def start_game(self, game: GameStart) -> None:
        self._names = tuple(game.names)
        self._tournament = not game.reset_stacks

    def start_hand(self, hand: HandStart) -> None:
        self._hand = None

    def end_hand(self, view: PlayerView) -> None:
        hand = self._follow(view)
        self._learn(hand, view)
        self._hand = None

    def profile(self, seat: int, players: int) -> Profile:
        """What the bot has learned of the player in ``seat``."""
        name = self._names[seat] if seat < len(self._names) else f"seat {seat}"
        found = self.profiles.get(name)
        if found is None:
            found = self.profiles[name] = Profile(players=players)
        return found

    def ranges(self, view: PlayerView) -> F64s:
        """Every seat's range as the bot reads it from ``view``'s events: a copy, one row
        of weights per seat over the combinations (:func:`pokerroom.ranges.combo_index`)."""
        hand = self._follow(view)
        for seat in range(view.players):
            hand.settle(seat, self.profile(seat, view.players))
        return hand.ranges.copy()

    # ---------------------------------------------------------------- deciding

    def act(self, view: PlayerView, budget: float) -> Action:
        hand = self._follow(view)
        n = view.players
        tracker = hand.tracker
        board = [int(c) for c in view.board]
        street = int(view.street)
        ranking = hand.ranking(street, board)
        live = [s for s in range(n) if s != view.seat and not view.folded[s]]
        for seat in (*live, view.seat):
            hand.settle(seat, self.profile(seat, n))
        standard = (view.rules.wild is None or not view.rules.wild.any) and (
            view.rules.min_hole_cards == 0
        )
        mine, draw = 0.5, 0.0
        outlook: Outlook
        if standard:
            combo = combo_index(*hand.hole)
            mine = float(ranking.scores[combo])
            if street == 0:
                outlook = PreflopOutlook(combo, hand.ranges, live)
            else:
                draw = float(hand.strength(board).improve[combo])
                outlook = BoardOutlook(hand.hole, board, hand.ranges, live, self._np, self.samples)
        else:
            model = DealtEquity(hand.hole, board, max(1, len(live)), self._np, view.rules.wild,
                                view.rules.min_hole_cards, self.samples)  # fmt: skip
            pressure = sum(
                self.profile(m.seat, n).honesty(m.street == 0)
                for m in hand.moves
                if m.aggressive and m.seat in live
            )
            outlook = DealtOutlook(model, pressure)
            mine = outlook.base
        profiles = [self.profile(s, n) for s in range(n)]
        play = Play(view, hand.ranges, profiles, ranking, outlook, self.rng, mine=mine,
                    draw=draw, raises=tracker.raises, forced=tracker.forced,
                    reference=hand.reference, acted=tracker.acted,
                    tournament=self._tournament)  # fmt: skip
        return play.decide()

    def _follow(self, view: PlayerView) -> _Hand:
        """The hand state, brought up to date with ``view``'s events."""
        hand = self._hand
        events = view.events
        if (
            hand is None
            or hand.hole != tuple(int(c) for c in view.hole)
            or len(events) < hand.tracker.events
            or len(hand.ranges) != view.players
        ):
            hand = self._hand = _Hand(view)
        tracker = hand.tracker
        for move in tracker.read(events):
            hand.moves.append(move)
            hand.pending[move.seat].append(move)
            if move.street != hand.round:
                hand.round = move.street
                hand.reference.clear()
        if tracker.street != hand.round:
            hand.round = tracker.street
            hand.reference.clear()
        return hand

    # ---------------------------------------------------------------- learning

    def _learn(self, hand: _Hand, view: PlayerView) -> None:
        """Count the hand's decisions, and what the showdown says about them."""
        n = view.players
        tracker = hand.tracker
        board = list(tracker.board)
        for seat, cards in tracker.shown.items():
            if len(cards) != 2 or JOKER in cards or JOKER in board:
                continue
            profile = self.profile(seat, n)
            combo = combo_index(*cards)
            postflop = profile.study()
            for move in hand.moves:
                if move.seat != seat or not (move.aggressive or move.kind.value == "call"):
                    continue
                if move.street > 0 and not postflop:
                    continue
                if move.street == 0:
                    strength = float(combo_strength()[combo])
                else:
                    dealt = board[: 2 + move.street]
                    strength = float(hand.strength(dealt).strength[combo])
                start, end = band_of(move, profile)
                profile.count_showdown(move.street, strength, (1.0 - start, 1.0 - end))
        by_seat: dict[int, list[Move]] = {}
        for move in hand.moves:
            by_seat.setdefault(move.seat, []).append(move)
        dealt_in = [s for s in range(n) if view.committed[s] > 0 or s in by_seat]
        for seat in dealt_in:
            self.profile(seat, n).count_hand(by_seat.get(seat, []))
