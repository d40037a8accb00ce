"""ACPC game definitions, and the reference dealer's deal.

A game definition is the block between ``GAMEDEF`` and ``END GAMEDEF`` (keywords in any
case, ``#`` comments, ``key = values``) that the ACPC dealer and its players share:

>>> game = GameDef.parse('''
... GAMEDEF
... limit
... numPlayers = 2
... numRounds = 4
... blind = 10 5
... raiseSize = 10 10 20 20
... firstPlayer = 2 1 1 1
... maxRaises = 3 4 4 4
... numSuits = 4
... numRanks = 13
... numHoleCards = 2
... numBoardCards = 0 3 1 1
... END GAMEDEF
... ''')
>>> game.betting, game.blind, game.first_player
(<Betting.LIMIT: 'limit'>, (10, 5), (1, 0, 0, 0))
>>> from pokerroom.cards import format_cards
>>> deal = next(game.deals(seed=42))
>>> format_cards(deal.hole[0]), format_cards(deal.hole[1])
('7d 3d', '2h Ac')

Positions are 0-based here (the file's ``firstPlayer`` is 1-based); position 0 is the
first seat after the button.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Final

from pokerroom.cards import Card
from pokerroom.history.acpclog import format_state_cards
from pokerroom.history.errors import ACPCError, read_text
from pokerroom.history.mt19937 import MT19937

__all__ = ["LIMIT_HEADS_UP", "NO_RAISE_CAP", "UNLIMITED_STACK", "Betting", "DealtCards", "GameDef"]

UNLIMITED_STACK: Final = 2**31 - 1
"""The stack of a limit game without a ``stack`` line (the dealer's INT32_MAX)."""
NO_RAISE_CAP: Final = 255
"""``maxRaises`` when the file has none (the dealer's UINT8_MAX)."""
LIMIT_HEADS_UP: Final = """\
GAMEDEF
limit
numPlayers = 2
numRounds = 4
blind = 10 5
raiseSize = 10 10 20 20
firstPlayer = 2 1 1 1
maxRaises = 3 4 4 4
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""
"""The heads-up limit hold'em game of the ACPC competitions (examples, tests, benchmarks)."""
MAX_PLAYERS: Final = 10
MAX_ROUNDS: Final = 4
MAX_SUITS: Final = 4
MAX_RANKS: Final = 13
MAX_HOLE_CARDS: Final = 3


class Betting(StrEnum):
    LIMIT = "limit"
    NOLIMIT = "nolimit"


# keyword (lower case) -> (attribute, how many values: "players", "rounds" or 1)
_KEYWORDS: Final = {
    "stack": ("stack", "players"),
    "blind": ("blind", "players"),
    "raisesize": ("raise_size", "rounds"),
    "numplayers": ("num_players", 1),
    "numrounds": ("num_rounds", 1),
    "firstplayer": ("first_player", "rounds"),
    "maxraises": ("max_raises", "rounds"),
    "numsuits": ("num_suits", 1),
    "numranks": ("num_ranks", 1),
    "numholecards": ("num_hole_cards", 1),
    "numboardcards": ("num_board_cards", "rounds"),
}
_SPELLING: Final = {
    "stack": "stack", "blind": "blind", "raisesize": "raiseSize", "numplayers": "numPlayers",
    "numrounds": "numRounds", "firstplayer": "firstPlayer", "maxraises": "maxRaises",
    "numsuits": "numSuits", "numranks": "numRanks", "numholecards": "numHoleCards",
    "numboardcards": "numBoardCards",
}  # fmt: skip
_LINE: Final = re.compile(r"\s*([A-Za-z]+)\s*(?:=\s*)?(.*?)\s*$")


@dataclass(frozen=True, slots=True)
class DealtCards:
    """The cards of one hand: hole cards per position, board cards per round."""

    hole: tuple[tuple[Card, ...], ...]
    board: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return format_state_cards(self.hole, self.board)


@dataclass(frozen=True, slots=True)
class GameDef:
    """An ACPC game definition (see the module doc); per-round tuples have
    ``num_rounds`` entries, per-player tuples ``num_players``."""

    betting: Betting
    num_players: int
    num_rounds: int
    stack: tuple[int, ...]
    blind: tuple[int, ...]
    raise_size: tuple[int, ...]
    first_player: tuple[int, ...]
    max_raises: tuple[int, ...]
    num_suits: int
    num_ranks: int
    num_hole_cards: int
    num_board_cards: tuple[int, ...]

    @classmethod
    def parse(cls, text: str, *, source: str | None = None) -> GameDef:
        """Read a game definition; :class:`ACPCError` names the line and the problem."""
        return _parse(text, source)

    @classmethod
    def load(cls, path: str | Path) -> GameDef:
        """Read a game definition file (:class:`ACPCError` if it cannot be read)."""
        return _parse(read_text(path, "the game definition", ACPCError), str(path))

    @property
    def cards_per_hand(self) -> int:
        return self.num_players * self.num_hole_cards + sum(self.num_board_cards)

    @property
    def is_holdem(self) -> bool:
        """Texas hold'em: 52 cards, 2 hole cards, four rounds dealing 0, 3, 1, 1."""
        return (
            self.num_suits == 4
            and self.num_ranks == 13
            and self.num_hole_cards == 2
            and self.num_rounds == 4
            and self.num_board_cards == (0, 3, 1, 1)
        )

    def deck(self) -> list[Card]:
        """The dealer's unshuffled deck: suits outside (c, d, h, s), ranks inside (2..A)."""
        return [
            Card(rank * 4 + suit)
            for suit in range(MAX_SUITS - self.num_suits, MAX_SUITS)
            for rank in range(MAX_RANKS - self.num_ranks, MAX_RANKS)
        ]

    def deals(self, seed: int) -> Iterator[DealtCards]:
        """The reference dealer's cards for hands 0, 1, 2, ... of a match with this seed.

        MT19937 seeded once with ``init_genrand(seed)``; each hand starts from the full
        deck and draws ``deck[genrand_int32() % n]``, moving the last card into the gap:
        hole cards of positions 0, 1, ... then the board, round by round.  The cards do
        not depend on the betting.
        """
        rng = MT19937(seed)
        base = self.deck()
        while True:
            deck = list(base)
            drawn = []
            for n in range(len(deck), len(deck) - self.cards_per_hand, -1):
                i = rng.genrand_int32() % n
                drawn.append(deck[i])
                deck[i] = deck[n - 1]
            k = self.num_hole_cards
            hole = tuple(tuple(drawn[p * k : (p + 1) * k]) for p in range(self.num_players))
            board = []
            start = self.num_players * k
            for count in self.num_board_cards:
                board.append(tuple(drawn[start : start + count]))
                start += count
            yield DealtCards(hole, tuple(board))

    def __str__(self) -> str:
        """The definition as the dealer prints it."""
        lines = ["GAMEDEF", self.betting.value, f"numPlayers = {self.num_players}",
                 f"numRounds = {self.num_rounds}"]  # fmt: skip
        if any(s < UNLIMITED_STACK for s in self.stack):
            lines.append("stack = " + " ".join(map(str, self.stack)))
        lines.append("blind = " + " ".join(map(str, self.blind)))
        if self.betting is Betting.LIMIT:
            lines.append("raiseSize = " + " ".join(map(str, self.raise_size)))
        lines.append("firstPlayer = " + " ".join(str(p + 1) for p in self.first_player))
        if any(m != NO_RAISE_CAP for m in self.max_raises):
            lines.append("maxRaises = " + " ".join(map(str, self.max_raises)))
        lines += [
            f"numSuits = {self.num_suits}",
            f"numRanks = {self.num_ranks}",
            f"numHoleCards = {self.num_hole_cards}",
            "numBoardCards = " + " ".join(map(str, self.num_board_cards)),
            "END GAMEDEF",
        ]
        return "\n".join(lines) + "\n"


def _failure(source: str | None, reason: str, line: int | None = None) -> ACPCError:
    return ACPCError(reason, source=source, where=f"line {line}" if line else None)


def _parse(text: str, source: str | None) -> GameDef:
    betting, values = _read(text, source)
    return _game(betting, values, source)


_Values = dict[str, tuple[list[int], int]]
"""A game definition's keywords (lower case) with their values and their line."""


def _read(text: str, source: str | None) -> tuple[Betting | None, _Values]:
    """The betting (``None``: not given) and the keywords of a game definition, each
    value a whole number >= 0, read up to its ``END GAMEDEF``."""
    fail = functools.partial(_failure, source)
    betting: Betting | None = None
    values: _Values = {}
    started = ended = False
    last_line = 0
    for number, raw in enumerate(text.splitlines(), 1):
        last_line = number
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        lower = line.lower()
        if re.fullmatch(r"end\s+gamedef", lower):
            ended = True
            break
        if lower == "gamedef":
            started = True
            continue
        if lower in ("limit", "nolimit"):
            betting = Betting(lower)
            continue
        m = _LINE.fullmatch(line)
        key = m.group(1).lower() if m else ""
        if m is None or key not in _KEYWORDS:
            word = line.split()[0].split("=")[0]
            raise fail(
                f"unknown keyword {word!r} (keywords: limit, nolimit, "
                f"{', '.join(_SPELLING.values())}, END GAMEDEF)",
                number,
            )
        items = m.group(2).split()
        parsed = []
        for item in items:
            if not re.fullmatch(r"[0-9]+", item):
                raise fail(f"{_SPELLING[key]}: {item!r} is not a whole number >= 0", number)
            parsed.append(int(item))
        if not parsed:
            raise fail(f"{_SPELLING[key]} has no value", number)
        values[key] = (parsed, number)
    if not ended:
        reason = "no END GAMEDEF line: the definition is incomplete"
        raise fail(reason if started else "no GAMEDEF ... END GAMEDEF block", last_line or None)
    return betting, values


def _game(betting: Betting | None, values: _Values, source: str | None) -> GameDef:
    """The game definition of these keywords, each checked: present unless it has a
    default, as many values as players or rounds, in range."""
    fail = functools.partial(_failure, source)

    def single(key: str, low: int, high: int) -> int:
        if key not in values:
            raise fail(f"{_SPELLING[key]} is missing")
        items, line = values[key]
        if len(items) != 1:
            raise fail(f"{_SPELLING[key]} takes one value, not {len(items)}", line)
        if not low <= items[0] <= high:
            raise fail(f"{_SPELLING[key]} = {items[0]} is not in {low}..{high}", line)
        return items[0]

    players = single("numplayers", 2, MAX_PLAYERS)
    rounds = single("numrounds", 1, MAX_ROUNDS)

    def per(key: str, count: int, what: str, default: int | None = None) -> tuple[int, ...]:
        if key not in values:
            if default is None:
                raise fail(f"{_SPELLING[key]} is missing (one value per {what})")
            return (default,) * count
        items, line = values[key]
        if len(items) != count:
            raise fail(f"{_SPELLING[key]} has {len(items)} values for {count} {what}s", line)
        return tuple(items)

    if betting is None:
        betting = Betting.LIMIT  # the reference dealer's default
    stack = per("stack", players, "player", UNLIMITED_STACK)
    blind = per("blind", players, "player")
    for p, (b, s) in enumerate(zip(blind, stack, strict=True)):
        if b > s:
            raise fail(f"the blind of position {p + 1} ({b}) is larger than its stack ({s})",
                       values["blind"][1])  # fmt: skip
    limit = betting is Betting.LIMIT
    raise_size = per("raisesize", rounds, "round") if limit or "raisesize" in values else ()
    first = per("firstplayer", rounds, "round", 1)
    for r, f in enumerate(first):
        if not 1 <= f <= players:
            raise fail(f"firstPlayer of round {r + 1} is {f}: positions are 1..{players}",
                       values["firstplayer"][1])  # fmt: skip
    max_raises = per("maxraises", rounds, "round", NO_RAISE_CAP)
    suits = single("numsuits", 1, MAX_SUITS)
    ranks = single("numranks", 1, MAX_RANKS)
    hole = single("numholecards", 1, MAX_HOLE_CARDS)
    board = per("numboardcards", rounds, "round")
    game = GameDef(
        betting=betting, num_players=players, num_rounds=rounds, stack=stack, blind=blind,
        raise_size=raise_size, first_player=tuple(f - 1 for f in first),
        max_raises=max_raises, num_suits=suits, num_ranks=ranks, num_hole_cards=hole,
        num_board_cards=board,
    )  # fmt: skip
    if game.cards_per_hand > suits * ranks:
        raise fail(f"a hand needs {game.cards_per_hand} cards but the deck has {suits * ranks}")
    return game
